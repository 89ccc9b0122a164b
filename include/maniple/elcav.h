/* elcav.h — cavalry and elephants (SPQR 9.15, 9.16).
 *
 * 9.15 (cavalry against elephants):
 *   - a cavalry unit never moves into an enemy elephant's ZOC of its own
 *     will: movement.c refuses the step (elcav_zoc_refusal);
 *   - each hex it enters that is a Flank or Rear hex of an enemy
 *     elephant costs it 2 cohesion hits, and so does each hex of an
 *     elephant's ZOC it is made to enter (rout, advance after combat,
 *     pursuit, withdrawals, 10.42 retreats): elcav_entry_hits, applied
 *     by each mover through elcav_entry_event or elcav_entered;
 *   - it never attacks an elephant through the elephant's Front
 *     (elcav_attack_barred: the designation refuses it; the Clash chart's
 *     0 says the same, rules/spqr/clash.ini), and attacking through a
 *     Flank or Rear gives it no Position Superiority (shock_calc.c, 8.46
 *     1.A bullet 2).
 *
 * 9.16 (elephants against cavalry): an elephant that comes next to an
 * enemy cavalry unit from a hex not next to it makes the cavalry
 * withdraw (6.51 names 9.16): elcav_collect, called by the reactions
 * window after each step, offers an Orderly Withdrawal the cavalry's
 * side may not decline (offer.must) and bars its reaction fire while the
 * offer stands (elcav_fire_barred).  A cavalry unit that cannot withdraw
 * takes a TQ check at once; if it routs it is eliminated.
 *
 * Leader Elephants (4.83) are neither: they exert no ZOC, never trigger
 * 9.16, and (a ruling) cost cavalry nothing for their Flank or Rear hexes.
 *
 * Rulings are in doc-parts/elcav.md. */
#ifndef MANIPLE_ELCAV_H
#define MANIPLE_ELCAV_H

#include <stdbool.h>

#include "maniple/game.h"

/* 9.15, 9.16, 4.83: whether e is an elephant these rules see: an
 * elephant unit in play, not routed, not a Leader Elephant. */
bool elcav_elephant(const struct game *g, const struct unit *e);

/* 9.15: the refusal (a static string) when cavalry unit u may not move
 * into h of its own will because h is in an enemy elephant's ZOC; NULL
 * when it may (and for every other unit). */
const char *elcav_zoc_refusal(const struct game *g, const struct unit *u,
			      struct hex h);
/* the body of the hook above (hooks.h) */
const char *elcav_zoc_refusal_impl(const struct game *g, const struct unit *u,
				   struct hex h);

/* 9.15: the hits cavalry unit u takes for entering h (constants.ini
 * [elephants] cavalry_hex_hits) when
 * h is a Flank or Rear hex of an enemy elephant, or in an enemy
 * elephant's ZOC (entered only when forced); 0 otherwise.  *by (may be
 * NULL) gets the elephant's index, *zone its zone. */
int elcav_entry_hits(const struct game *g, const struct unit *u, struct hex h,
		     int *by, enum hex_zone *zone);

/* 9.15: emits `elephant_hexes` when u entering h owes the hits, and
 * returns them (the caller applies them: movement.c through its move). */
int elcav_entry_event(struct game *g, const struct unit *u, struct hex h,
		      const char *how);
/* the body of the hook above (hooks.h) */
int elcav_entry_event_impl(struct game *g, const struct unit *u, struct hex h,
			   const char *how);

/* 9.15: unit u has just been made to enter h (how: "rout", "advance",
 * "withdrawal", ...; rule: the rule moving it): applies the hits through
 * cohesion_hits (10.14 rout, 10.27 elimination of a routed unit).
 * Returns the hits. */
int elcav_entered(struct game *g, struct unit *u, struct hex h, const char *how,
		  const char *rule);
/* the body of the hook above (hooks.h) */
int elcav_entered_impl(struct game *g, struct unit *u, struct hex h,
		       const char *how, const char *rule);

/* 9.15, 10.22, 10.23, 10.27: cavalry router u has been made to enter h.
 * When it owes the hits: `elephant_hexes`; marked (a Routed unit in the
 * Rout Movement segment, 10.23) it is eliminated by them (10.27): true,
 * the rout code removes it.  In its initial rout move (10.22, 10.25) the
 * Routed marker comes, and the hit markers go, when the move ends: the
 * hits change nothing (a ruling; `elephant_hexes_moot`).  */
bool elcav_router_entered(struct game *g, struct unit *u, struct hex h,
			  bool marked);

/* 9.15: whether attacker a may not attack defender d at all: a is
 * cavalry, d an elephant, and every hex of a touches d through d's
 * Front (indices into g->units). */
bool elcav_attack_barred(const struct game *g, int a, int d);

/* 9.16: elephant `mover` has just stepped from `was` to where it stands:
 * every enemy cavalry unit it has come next to must withdraw (an offer
 * it may not decline), or, when it cannot, takes the TQ check.  A
 * Leader Elephant raises nothing (4.83). */
void elcav_collect(struct game *g, int mover, const struct footprint *was);

/* 9.16: whether unit fi may not use reaction fire (any kind) now: a
 * 9.16 withdrawal stands open or under way for it. */
bool elcav_fire_barred(struct game *g, int fi, int target);

/* 9.16: offer i (a must-withdraw) is ending (withdrawal.c's ow_finish,
 * before the offer is closed).  A unit that never left its hex could
 * not withdraw after all: the TQ check.  When every cavalry unit is
 * gone from the elephant's ZOC, the elephant's move stopped there by
 * 7.23 may go on (6.56). */
void elcav_withdrawal_end(struct game *g, int i);

/* 9.16: the TQ check of cavalry unit c that cannot withdraw from
 * elephant `by`: a d10; above the TQ, the difference in hits, never
 * fewer than 1; a unit those hits rout is eliminated.  Returns the hits
 * (0 when the unit was eliminated without a roll, being routed). */
int elcav_check(struct game *g, struct unit *c, int by);

#endif
