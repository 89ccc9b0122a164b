/* gba_charge.h — GBA 9.7 Cavalry Charge Formation, an optional rule a
 * battle turns on (`[rules] charge_formation = yes`), which brings GBA
 * 10.3's Cavalry Pursuit with it (pursuit.c).  Who may take it (GBA 9.72:
 * the unit types and classes with the trait charge_formation), taking it
 * and leaving it within a move (GBA 9.73, 9.76: `form charge`, `form
 * normal`), its end after a shock (GBA 9.76), and what it does to System
 * Superiority (GBA 9.71, 9.75).  In a battle without it every function
 * here is false, 0 or CHARGE_SUP_CHART: nothing changes. */
#ifndef MANIPLE_GBA_CHARGE_H
#define MANIPLE_GBA_CHARGE_H

#include <stdbool.h>

#include "maniple/decision.h"
#include "maniple/game.h"
#include "maniple/move_state.h"
#include "maniple/shock_calc.h"

struct move_step;

/* GBA 9.7: the battle plays Charge Formation (and so GBA 10.3) */
bool gba_charge_in_play(const struct game *g);

/* GBA 9.72: u is of a type or class that may take Charge Formation */
bool gba_charge_may_use(const struct game *g, const struct unit *u);

/* GBA 9.73 (form) or 9.76 (leave at will): whether the unit of move m may
 * take or leave Charge Formation now; out gets the MP, or the refusal and
 * its rule.  Changes nothing. */
bool gba_charge_check(const struct game *g, const struct move *m, bool form,
		      struct move_step *out);
/* Does it (the check first); false, changing nothing, when refused. */
bool gba_charge_apply(struct game *g, struct move *m, bool form);

/* The `form charge` / `form normal` lines of the open move m that
 * gba_charge_check allows; at most max, returns the count. */
int gba_charge_legal(const struct game *g, const struct move *m, int side,
		     struct decision_answer *out, int max);

/* GBA 9.76: u leaves Charge Formation on its own (why: "shock" after a
 * shock combat it fought, "routed", "pursuit"); nothing when it is not in
 * it. */
void gba_charge_end(struct game *g, struct unit *u, const char *why);

/* GBA 9.76: every unit of shock combat ci leaves Charge Formation */
void gba_charge_after_shock(struct game *g, int ci);

/* GBA 9.71, 9.75: what Charge Formation does to the System Superiority
 * of attacker a on defender d (the pairing 8.45 chose) */
enum charge_superiority gba_charge_superiority(const struct game *g,
					       const struct unit *a,
					       const struct unit *d);

#endif
