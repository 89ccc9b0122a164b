/* rout.h — cohesion and rout (10.11, 10.12, 10.14, 10.21-10.27): TQ
 * checks, hits, the rout of a unit with its initial rout move (10.22),
 * the Rout Movement segment (10.23), elimination (10.24, 11.1), routers
 * passing through friends (10.25, TABLES.md 8) and leaders going with
 * them (10.26).
 *
 * A rout move that offers its owner a choice stops and waits: the
 * sequence of play (sequence.h) then owes that side a decision (step
 * `rout`), answered by the `rout` command.  State lives in g->rout
 * (rout_state.h).
 *
 * How a router picks each hex (10.22; rulings in doc-parts/rout.md):
 * the unblocked neighbour nearest its retreat edge; among those, the
 * priorities of 10.22 (1 vacant and out of enemy ZOC, 2 a friend's hex
 * out of enemy ZOC, 3 a friend's hex in enemy ZOC); then the one nearest
 * the straight line from where the rout began toward the edge; a tie
 * after all that is the owner's choice (after the first step, two hexes
 * both nearer the edge go the other way from the last step: a zigzag
 * along the line).  A hex it has left in this rout
 * move is not entered again.  Routs that one rout causes (hits to the
 * friends it passes or stops in) wait in a queue and move first in, first
 * out once the move under way ends. */
#ifndef MANIPLE_ROUT_H
#define MANIPLE_ROUT_H

#include <stdbool.h>
#include <stdio.h>

#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/odds.h"
#include "maniple/rampage.h" /* 9.14: rampage_waiting */
#include "maniple/sequence.h"

void rout_state_init(struct rout_state *r);
/* The rout's lines of the canonical state text (game_state_text). */
void rout_state_text(const struct game *g, FILE *f);

/* 10.11, 10.27: a TQ check: a d10 plus drm against the unit's TQ (1 when
 * routed); hits = the roll minus the TQ when higher (R3: no clamping),
 * applied through cohesion_hits.  Emits `roll` (for=tq_check) and
 * `tq_check`.  Returns the hits. */
int tq_check(struct game *g, struct unit *u, int drm, const char *why,
	     const char *rule);
/* The plain check of 6.52 #1 and GBA 5.33 #3: a die against the unit's
 * TQ now, no modifier, one hit above it (an event named what, saying
 * tq and result).  The hits taken (0 or 1). */
int tq_check_one_hit(struct game *g, struct unit *u, const char *what,
		     const char *rule);
/* 10.11, 10.27, 6.75: the TQ a check is made against now (2 less In
 * Column). */
int unit_tq_now(const struct game *g, const struct unit *u);
/* 10.11, R3: the hits of a TQ check whose modified roll is dr, against
 * tq: what the roll is above it (tq_check's face-by-face outcome). */
int tq_check_hits(int dr, int tq);
/* 10.11, 10.27: the odds of the check tq_check(g, u, drm, ...) would roll
 * now, the same modifiers and TQ: outcomes "N hits" (one "1 hit"), value
 * N. */
void tq_check_odds(const struct game *g, const struct unit *u, int drm,
		   struct odds *o);
/* The same for a check whose drm already holds every modifier (the
 * 8.43 pre-shock check adds its own 9.63 modifier: shock_charge_odds). */
void tq_check_odds_as_is(const struct game *g, const struct unit *u, int drm,
			 struct odds *o);
/* 10.12, 10.14, 10.27: n cohesion hits on u for `cause` under `rule`:
 * a routed unit is eliminated; hits reaching the TQ rout it. */
void cohesion_hits(struct game *g, struct unit *u, int n, const char *cause,
		   const char *rule);
/* 10.12, 10.27, 8.43, 8.46: n hits as cohesion_hits, but a unit reaching
 * its TQ does not rout now: the shock step that dealt them decides (8.43,
 * 8.47 [1]).  A routed unit is still eliminated (10.27). */
void cohesion_hits_held(struct game *g, struct unit *u, int n,
			const char *cause, const char *rule);
/* 10.24, 11.1: the unit leaves play; its side loses its rout points.
 * Emits `eliminated`. */
void unit_eliminate(struct game *g, struct unit *u, const char *rule);
/* the body of the hook above (hooks.h) */
void unit_eliminate_impl(struct game *g, struct unit *u, const char *rule);
/* 10.21: unit (an index into g->units) routs.  While another rout move
 * is under way it waits its turn (first in, first out). */
void rout_begin(struct game *g, int unit, const char *rule);
/* the body of the hook above (hooks.h) */
void rout_begin_impl(struct game *g, int unit, const char *rule);
/* 8.62, 10.23: unit routs with a full Rout Movement (its printed MA less
 * `spent` MP already used) instead of the 10.22 move; a unit routed
 * already just moves on (Break-Off); a phalanx is eliminated (10.23). */
void rout_begin_full(struct game *g, int unit, const char *rule, int spent);
/* 8.62: the hexes unit's latest rout move went through, beginning with
 * the hex it started in (at most max into out); the count, 0 when none
 * is known.  *off: it then left the map (10.24). */
int rout_track(const struct game *g, int unit, struct hex *out, int max,
	       bool *off);

/* Moves the queued routers now (after a rampage, 9.14): until a choice is
 * pending or none is left. */
void rout_go_on(struct game *g);
/* A rout move waits for its owner's choice, or a rampage (9.14) waits
 * for the withdrawals it offered (6.51, 4.72: rampage_waiting). */
bool rout_pending(const struct game *g);
/* The side owing it, -1 when none. */
int rout_decision_side(const struct game *g);
/* The legal answers as command lines; at most max, returns the count. */
int rout_legal(const struct game *g, struct decision_answer *out, int max);
/* The refusal text for a command given while a rout choice is pending. */
void rout_pending_text(const struct game *g, char *buf, size_t n);

/* 10.23: runs the Rout Movement segment (starting it if it is not under
 * way this turn).  false while a rout move waits for a choice; true once
 * every routed unit has moved. */
bool rout_movement_segment(struct game *g);
/* Whether the Rout Movement segment of this turn is under way. */
bool rout_segment_under_way(const struct game *g);

/* The `rout` command: rout HEX[,HEX] | rout with LEADER | rout stay. */
void cmd_rout(void *ctx, int argc, char **argv, struct cmd_result *r);

#define ROUT_COMMAND_DEFS                                                      \
	{                                                                      \
		"rout", "HEX[,HEX] | with LEADER | stay",                      \
			"answer a rout move's choice (10.22 hex, 10.26 "       \
			"leader)",                                             \
			CMD_CHANGES, cmd_rout                                  \
	}

#endif
