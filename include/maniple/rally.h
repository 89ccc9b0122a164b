/* rally.h — Recovery (10.16) and Rally (10.28, 10.29, 10.31, 10.33), the
 * Individual Orders 5.22 #3 and #4, and the Rallied markers' removal in the
 * Rout and Reload Phase (3.0 D.1).
 *
 * orders.c gives the order (who may order whom, orders left, Command
 * Range); this file says whether the rule allows it and carries it out.
 * State: the Rallied marker, the hits recovered this Orders Phase and the
 * leaders who tried to rally a unit this Game Turn, all on struct unit. */
#ifndef MANIPLE_RALLY_H
#define MANIPLE_RALLY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "maniple/game.h"

/* Why the rule forbids: the rule number and the reason. */
struct rally_why {
	const char *rule;
	char text[200];
};

/* 10.16, 10.28: the hex test both share: a unit in Clear terrain (for a
 * rally, when variants.ini's [rally] ground is one_mp, GBA 10.27: a hex
 * costing it at most 1 MP to enter), not adjacent to an enemy combat
 * unit.  Sets *in_missile_range when an enemy unit with missiles, not
 * Engaged, has it in range and LOS. */
bool rally_ground_ok(const struct game *g, const struct unit *u, bool rally,
		     bool *in_missile_range, struct rally_why *w);

/* 10.16: whether unit ui may have Cohesion Hits removed by an order now;
 * *may_remove is how many (constants.ini [recovery]: 2, or 1 within
 * range of enemy missiles, GBA 10.14 none; less any removed this phase, at
 * most its hits). */
bool recovery_check(const struct game *g, int ui, int *may_remove,
		    struct rally_why *w);
/* 10.16: removes the hits recovery_check allows; emits `recovery`. */
void recovery_do(struct game *g, int ui);

/* 10.28, 10.33, 9.14: whether leader li may attempt to rally unit ui;
 * facing is -1 or the vertex the unit is to face if rallied (checked
 * against its footprint). */
bool rally_check(const struct game *g, int ui, int li, int facing,
		 struct rally_why *w);
/* 10.28, 10.29, 10.31, 10.33: the attempt: rolls, then rallies the unit
 * (Rally Table hits, Depleted, Missile No for infantry missile units,
 * refaced when facing >= 0), or it rout moves (10.22) or is eliminated.
 * Emits `roll` and `rally` events. */
void rally_attempt(struct game *g, int ui, int li, int facing);

/* 10.28, 10.33: the exact odds of leader li's rally attempt on unit ui
 * now, through the attempt's own outcome of each face: "rallied"
 * (value 1), "rout_move" or "eliminated"; false, o empty, when he may
 * not attempt it (rally_check). */
struct odds;
bool rally_odds(const struct game *g, int ui, int li, struct odds *o);

/* 10.28: a Rallied unit takes no orders this Game Turn. */
bool rally_no_orders(const struct unit *u);

/* 10.16: a new Orders Phase: no hits recovered in it yet. */
void rally_orders_phase_begin(struct game *g);
/* 3.0 D.1, 10.28: Rallied markers off, every leader may try again. */
void rally_remove_markers(struct game *g);
/* The rally lines of the canonical state text (only units that carry a
 * Rallied marker, a recovery or a leader's attempt). */
void rally_state_text(const struct game *g, FILE *f);

#endif
