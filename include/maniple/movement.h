/* movement.h — movement, facing and zones of control (SPQR 6.1–6.3,
 * 7.11–7.14, 7.21–7.25; TABLES.md §7; RULINGS R5).
 *
 * Pure functions over struct game.  A move advances one step at a time,
 * as the command language does (ARCHITECTURE.md): begin it, check a step
 * (a hex entered or a facing change), apply it, and end the move.
 *
 *     struct move m;
 *     if (!move_begin(g, u, &m)) ... m.refusal, m.rule say why;
 *     struct move_step s;
 *     if (move_check_step(g, &m, dest, &s)) move_apply_step(g, &m, dest);
 *     else ... s.refusal, s.rule say why;
 *     move_end(g, &m);
 *
 * Checks change nothing.  Applying emits events (game_emit) carrying every
 * cost and its rule: `moved` (6.21), `cohesion_hit` (6.22, 7.14, 6.13),
 * `facing_changed` (7.12), `zoc_entered` (7.23), `rout_due` (10.14: the
 * unit's hits reached its TQ; the rout itself, 10.21, is not done here),
 * `move_end` (6.11).  A refusal is a reason and a rule number; it never
 * changes the game.
 *
 * Phalanx (two-hex) steps and maneuvers (6.4) and Column (6.7) are
 * handed to phalanx.h, entering friends' hexes to stacking.h (6.6).
 * Reactions between steps (6.5, 7.15, 4.72, 7.32) are reactions.h's. */
#ifndef MANIPLE_MOVEMENT_H
#define MANIPLE_MOVEMENT_H

#include <stdbool.h>

#include "maniple/game.h"
#include "maniple/move_state.h"
#include "maniple/tables.h"

/* 6.14, 4.81: the MP a leader (and a Leader Elephant) has in each Orders
 * Phase (constants.ini [leader] ma). */
int leader_ma(const struct game *g);

/* ---- Zones of control (7.2) ---- */

/* 7.21: whether u exerts a ZOC at all, and into which zones: Front for
 * every combat unit; Front and Flank for missile-armed skirmishers and
 * Roman velites; none for routed units, skirmishers out of missiles and
 * Leader Elephants (4.83); velites out of missiles only Front. */
bool unit_exerts_zoc(const struct game *g, const struct unit *u);
bool unit_zoc_into_flank(const struct game *g, const struct unit *u);
/* 7.21, 7.22: whether u exerts its ZOC into hex h (not into a hex it may
 * not move into, such as an impassable hex or one across a river). */
bool zoc_exerted_into(const struct game *g, const struct unit *u,
		      struct hex h);
/* 7.21, 7.22: the hexes u exerts a ZOC into; returns the count (<= 8). */
int zoc_hexes(const struct game *g, const struct unit *u, struct hex out[8]);
/* 7.25: the units of side by_side exerting a ZOC into h (at most max in
 * out; out may be NULL); returns how many there are in all. */
int zoc_units_into(const struct game *g, int by_side, struct hex h,
		   const struct unit **out, int max);
/* 7.23: whether h is in the ZOC of a unit that is the enemy of side. */
bool zoc_enemy_in(const struct game *g, int side, struct hex h);
/* 7.25: which sides control h: bit 0 side 0, bit 1 side 1 (3: both, the
 * hex is in both sides' ZOC and each side treats it as enemy ZOC). */
unsigned zoc_control(const struct game *g, struct hex h);
/* Whether any hex of u's footprint is in an enemy ZOC. */
bool unit_in_enemy_zoc(const struct game *g, const struct unit *u);
/* 7.23 Exception, 7.24 Exception: whether u can Shock (not routed, not In
 * Column 6.75, not a Leader Elephant 4.83, not a type that never shocks). */
bool unit_can_shock(const struct game *g, const struct unit *u);
/* 7.31-7.33: what u owes to shock (shock_types.ini by its type and
 * missile class), SHOCK_NEVER when it cannot shock at all; GBA 9.31 a
 * skirmisher that may shock (unit_skirmisher_may_shock) is SHOCK_MAY. */
enum shock_duty unit_shock_duty(const struct game *g, const struct unit *u);
/* GBA 9.31: whether skirmisher u may shock: an SK* (its class's trait),
 * or, under variants.ini's [skirmisher] shock = chariots_and_routed, a
 * skirmisher whose ZOC holds enemies that are all chariots or routed. */
bool unit_skirmisher_may_shock(const struct game *g, const struct unit *u);
/* 7.23 bullet 1: whether a combat unit that starts in an enemy ZOC may
 * move out of it: its printed MA greater than the MA of every enemy unit
 * exerting a ZOC on it that can Shock (a phalanx counts its MA of 5). */
bool zoc_may_leave(const struct game *g, const struct unit *u);
/* 7.24: whether u, starting in an enemy ZOC, may change facing in place:
 * in the ZOC of only one enemy unit that can Shock and no enemy combat
 * unit in its own ZOC.  The MP it may spend on it is zoc_turn_mp(u). */
bool zoc_may_turn(const struct game *g, const struct unit *u);
/* half the MA, rounded up (GBA 7.25: no limit but the MA) */
int zoc_turn_mp(const struct game *g, const struct unit *u);

/* ---- Movement (6.1–6.3) ---- */

/* 6.12: a combat unit moves only once per Orders Phase (u->moved_phase). */
bool move_allowed(const struct game *g, const struct unit *u);

/* struct move (one move, step by step) is in move_state.h. */

/* The cost of one step, or why it may not be taken. */
struct move_step {
	struct move_cost cost;	/* MP and cohesion hits (6.21, 6.22, 7.12,
				 * 7.14) */
	int climb;		/* levels up (negative: down) */
	bool enters_enemy_zoc;	/* 7.23: the move ends there */
	int vertices;		/* facing change: vertices shifted */
	const char *refusal;	/* NULL when the step is allowed */
	const char *rule;	/* the rule refusing (or NULL) */
	bool goes_on;		/* GBA 6.92 Exception: a skirmisher leaving
				 * a friend's hex with no MP for it */
};

/* The unit whose move m is, or NULL (a leader's move).  Here, with
 * refuse_step, so that every module of a move's steps calls the one. */
static inline const struct unit *move_mover(const struct game *g,
					    const struct move *m)
{
	return m && m->unit >= 0 && m->unit < g->nunits ? &g->units[m->unit]
							: NULL;
}

/* A step or change refused: why and the rule into out; false. */
static inline bool refuse_step(struct move_step *out, const char *why,
			       const char *rule)
{
	out->refusal = why;
	out->rule = rule;
	return false;
}

/* 6.11, 6.12, 6.4, 6.7, 10.27, 7.23: starts a move of combat unit u.
 * False (m->refusal, m->rule) when u may not move now.  Changes nothing. */
bool move_begin(const struct game *g, const struct unit *u, struct move *m);
/* 6.14, 6.15, 4.71: starts a move of leader l (9 MP, cavalry costs, no
 * facing).  may_leave_zoc: the leader has the orders 7.23 bullets 2-3 ask
 * for (the OC ordering himself, or two Individual Orders from the OC). */
bool move_begin_leader(const struct game *g, const struct leader *l,
		       bool may_leave_zoc, struct move *m);
/* 6.21–6.25, 6.31, 6.32, 6.62, 7.23, 4.71: the cost of entering dest, an
 * adjacent hex, or why not.  Changes nothing. */
bool move_check_step(const struct game *g, const struct move *m,
		     struct hex dest, struct move_step *out);
/* Moves into dest when move_check_step allows it (else returns false and
 * changes nothing): pays the MP, takes the hits, emits the events, stops
 * the move on entering an enemy ZOC (7.23). */
bool move_apply_step(struct game *g, struct move *m, struct hex dest);
/* 6.22, 6.41, 6.43, 6.44: n cohesion hits on the moving unit during its
 * move, with their cause and rule (hits reaching the TQ stop it, 10.14). */
void move_take_hits(struct game *g, struct move *m, int n, const char *cause,
		    const char *rule);
/* 6.61, 6.69: whether a two-hex unit, after a step to footprint `to`
 * costing s (and mover_hits stacking hits), could end its move there or
 * make one more legal step: a step that could strand it is refused. */
bool move_two_hex_way_on(const struct game *g, const struct move *m,
			 const struct footprint *to, const struct move_step *s,
			 int mover_hits);
/* 6.61, 6.62, 4.72, 4.85: whether the mover may enter dest for who is
 * there (move_check_step's own check; out->enters_enemy_zoc is read). */
bool move_check_occupants(const struct game *g, const struct move *m,
			  struct hex dest, struct move_step *out);
/* 6.13: ends the move: a unit that moved in an earlier Orders Phase this
 * turn and moved again takes 1 cohesion hit (not skirmishers, not Leader
 * Elephants 4.83).  Emits `move_end`.  Calling it twice does nothing. */
void move_end(struct game *g, struct move *m);

/* 6.24, 6.27, GBA 6.26: the reason (and its rule in *rule) a step from
 * `from` into the adjacent `to` that the chart prohibits is refused: an
 * impassable hex, a river, a wall with no gate, or the chart's cell. */
const char *move_prohibited_reason(const struct game *g, struct hex from,
				   struct hex to, const char **rule);
/* 6.21, 6.22, 6.24, 6.27: MP and hits for u (NULL: a leader on foot or
 * horse, 6.15) entering `to` from the adjacent `from`, as the chart gives
 * them (prohibited when the chart says P).  Needs g->tables. */
struct move_cost move_hex_entry_cost(const struct game *g,
				     const struct unit *u, struct hex from,
				     struct hex to);
/* 6.24: Woods, Broken and Marsh hexes are Rough. */
bool terrain_is_rough(enum terrain t);
/* Whether terrain t is Rough for a unit of the type, as variants.ini's
 * [movement] rough says: SPQR 6.24's three terrains, or GBA 6.28's test (a
 * hex whose terrain costs that type a cohesion hit to enter, or that it
 * may not enter). */
bool unit_terrain_is_rough(const struct game *g, enum unit_type type,
			   enum terrain t);

/* ---- Facing (7.1) ---- */

/* The fewest vertices between two facings (0..3). */
int facing_vertices(enum facing from, enum facing to);
/* 7.12, 7.13, 7.14, 6.15, 4.85, R5: what turning u to face `to` costs in
 * MP and hits, or why u cannot turn (a phalanx only pivots, 7.13).  The
 * unit's situation (ZOC, MP left) is facing_change_check's. */
bool unit_facing_change_cost(const struct game *g, const struct unit *u,
			     enum facing to, struct move_step *out);
/* 7.12, 7.13, 7.14, 7.23, 7.24, 6.15, R5: the cost of turning the moving
 * unit to face `to`, or why not.  Changes nothing. */
bool facing_change_check(const struct game *g, const struct move *m,
			 enum facing to, struct move_step *out);
/* Turns the unit when facing_change_check allows it: pays the MP, takes
 * the hits of 7.14, emits the events. */
bool facing_change_apply(struct game *g, struct move *m, enum facing to);

#endif
