/* gba_contingent.h — GBA 5.6 (optional, the battle's option
 * contingent_commanders) and 4.54: the Macedonian Contingent Commanders.
 *
 * A contingent commander (MCC, `contingent_commander = yes`, "C" where
 * other leaders have an Initiative) is never activated in turn (GBA
 * 5.62).  In his own Orders Phase a Macedonian Wing Commander with a
 * Contingent Command Capability (`contingent_command = N`: Alexander 2,
 * Parmenion 1) activates up to that many of them, each within half his
 * Command Range, for orders: the units the MCC commands less one, at
 * least 1 and at most 3 (GBA 5.63, 5.64).  The MCC then gives one Line
 * Command to every unit of his Command Restriction within his own
 * Command Range, whatever their shape (GBA 5.65), and may move as part
 * of it (GBA 4.36); he never rolls Momentum (GBA 5.66).
 *
 * The other rules that ask about MCCs (GBA 6.81 Pre-arranged
 * Withdrawal, 9.73 Charge Formation) ask leader_is_mcc and
 * contingent_commanded. */
#ifndef MANIPLE_GBA_CONTINGENT_H
#define MANIPLE_GBA_CONTINGENT_H

#include <stdbool.h>
#include <stddef.h>

#include "maniple/game.h"

/* The battle option that turns GBA 5.6 on. */
#define CONTINGENT_OPTION "contingent_commanders"

/* GBA 5.61: whether l is a Macedonian Contingent Commander in play under
 * the optional rule (the battle marks him and names the option). */
bool leader_is_mcc(const struct game *g, const struct leader *l);
/* GBA 5.62, 4.54: whether l may activate MCCs: a Wing Commander with a
 * Contingent Command Capability, the option on. */
bool leader_activates_mccs(const struct game *g, const struct leader *l);
/* GBA 5.65: the units MCC mcc's Line Command reaches now: friendly units
 * in play, not routed, his restriction naming them, in his Command
 * Range.  Their indexes into out (at most max); returns how many. */
int contingent_units(const struct game *g, const struct leader *mcc,
		     int *out, int max);
/* GBA 5.63: the Individual Orders activating mcc cost: the units he
 * commands (contingent_units) less one, at least 1, at most 3. */
int contingent_cost(const struct game *g, const struct leader *mcc);
/* GBA 5.62-5.64: why leader wc (the active leader) may not activate
 * leader mcc now: the rule refusing, its reason written into why; NULL
 * when he may.  Asks neither his orders left nor the phase (orders.c
 * does). */
const char *contingent_refusal(const struct game *g, int wc, int mcc,
			       char *why, size_t n);
/* GBA 5.65, 9.73: whether unit ui moves this Orders Phase under a
 * contingent commander's command (activated this phase). */
bool contingent_commanded(const struct game *g, int ui);

#endif
