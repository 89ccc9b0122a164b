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

/* ---- GBA 9.74: what a unit in Charge Formation may not do ----
 * Asked by the modules that do it (movement.c, missile.c, withdrawal.c);
 * these read the unit, its move and the rules tables only (in
 * gba_charge_limits.c, which calls none of those modules).  For a unit
 * out of the formation, or in a battle without it, each is NULL, 0 or
 * what it was given: nothing changes. */

/* GBA 9.74: u is in Charge Formation, under its restrictions */
bool gba_charge_restricted(const struct game *g, const struct unit *u);

/* What the formation forbids outright (bullets 1, 2, 8) */
enum charge_forbids {
	CHARGE_NO_FIRE,		/* bullet 1: no missile fire, of any kind */
	CHARGE_NO_LC_MOBILITY,	/* bullet 2 (R113, R185): no leaving an
				 * enemy ZOC on a greater MA */
	CHARGE_NO_WITHDRAWAL,	/* bullet 8: no Orderly Withdrawal */
};
/* GBA 9.74: why u may not do `what` (NULL: it may); the rule is
 * "GBA 9.74" */
const char *gba_charge_forbids(const struct game *g, const struct unit *u,
			       enum charge_forbids what);

/* GBA 9.74 bullets 3, 5, 6: why the mover of m, in the formation, may not
 * go on into a hex whose terrain is Rough for it (rough, as the terrain
 * chart says: GBA 6.28) changing its level by climb (NULL: it may) */
const char *gba_charge_step_refusal(const struct game *g, const struct move *m,
				    int climb, bool rough);
/* GBA 9.74 bullet 3: why the mover of m may not turn `vertices` more
 * vertices in the hex it stands in (NULL: it may) */
const char *gba_charge_turn_refusal(const struct game *g, const struct move *m,
				    int vertices);
/* GBA 9.74 bullet 4: the MP a turn of `vertices` costs u, given the
 * chart's mp */
int gba_charge_facing_mp(const struct game *g, const struct unit *u,
			 int vertices, int mp);
/* GBA 9.74 bullet 7: the cohesion hits the terrain costs u, given the
 * chart's hits (entering a hex, its hexside and climb; turning in Rough) */
int gba_charge_terrain_hits(const struct game *g, const struct unit *u,
			    int hits);
/* GBA 9.74 bullet 9: the modifier to the die of missile fire at t */
int gba_charge_fire_at_drm(const struct game *g, const struct unit *t);
/* GBA 9.74 in words: brief (the legal list's `form charge`) and whole
 * (the unit panel of a unit in the formation) */
const char *gba_charge_limits_brief(void);
const char *gba_charge_limits_text(void);

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
