/* gba_chariot.h — GBA 9.2's scythed chariots (a unit type with the trait
 * chariot; only GBA's data has one): their moves (GBA 7.15 one vertex a
 * hex, 9.21 one level a phase, the chart's note e turning hits), their
 * attacks (GBA 9.22, 8.33 the defender's +1, the charge of 4 hexes that
 * skips their own check; the companion transcription's unhalved
 * skirmisher hits) and, in shock, their size (GBA 8.36: no size ratio
 * between chariots and other units).  The shared code calls these; each
 * is false or 0 for a unit that is not a chariot, so an SPQR game never
 * sees a difference. */
#ifndef MANIPLE_GBA_CHARIOT_H
#define MANIPLE_GBA_CHARIOT_H

#include <stdbool.h>

#include "maniple/game.h"
#include "maniple/move_state.h"

struct shock_combat;

/* GBA 9.22 bullet 2: hexes a chariot's move must cover for its moving
 * attack to skip its own Pre-Shock TQ check */
#define GBA_CHARIOT_CHARGE_HEXES 4
/* GBA 9.21 (A25): levels a chariot may change in one phase, in all */
#define GBA_CHARIOT_LEVELS_A_PHASE 1

bool gba_is_chariot(const struct game *g, const struct unit *u);

/* ---- movement (movement.c calls these) ---- */

/* GBA 7.15, 9.21: why the chariot of move m may not go on into a hex
 * that changes its level by climb (NULL: it may); *rule the rule. */
const char *gba_chariot_step_refusal(const struct game *g,
				     const struct move *m, int climb,
				     const char **rule);
/* GBA 7.15, A1: the chariot of m entered a hex: takes the hits of the
 * turns it made in its first hex (owed once it moves on: note e spares
 * only a chariot that does not move).  Its turns and levels are counted
 * by movement.c (struct move's hex_vertices, levels). */
void gba_chariot_stepped(struct game *g, struct move *m);
/* GBA 9.22: the chariot's move is over; its hexes are kept for the
 * charge test of this phase's Shock */
void gba_chariot_move_ended(struct game *g, const struct move *m);

/* ---- shock (shock_charge.c, shock_resolve.c, shock_calc.c) ---- */

/* GBA 9.22 bullet 1, 8.33: whether the defenders (role 1) of combat c
 * add 1 to their Pre-Shock TQ check: a chariot attacks them */
bool gba_chariot_charge_drm(const struct game *g, const struct shock_combat *c,
			    int role);
/* GBA 9.22 bullet 2: whether attacker u skips its Pre-Shock TQ check:
 * a chariot whose move into this attack covered 4 or more hexes */
bool gba_chariot_skips_check(const struct game *g, const struct unit *u);
/* GBA 9.22 (the companion transcription): whether the hits defending
 * skirmishers inflict on attacker a are halved (9.31): not on chariots */
bool gba_chariot_halved_by_skirmishers(const struct game *g,
				       const struct unit *a);

#endif
