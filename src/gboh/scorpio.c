/* scorpio.c — artillery (SPQR 9.8): Fire and Move modes (9.82), no
 * facing (9.84), Active Fire (9.85) and Reaction Fire (9.86) without
 * orders, and their markers. */
#include <stdio.h>
#include <string.h>

#include "maniple/orders.h"
#include "maniple/reaction_fire.h"
#include "maniple/reactions.h"
#include "maniple/rout.h"
#include "maniple/scorpio.h"
#include "maniple/sequence.h"

static bool is_scorpio(const struct game *g, const struct unit *u)
{
	return unit_has(g, u, TRAIT_SCORPIO);
}

/* GBA 9.5: the bolt throwers are oxybeles (variants.ini [artillery]) */
static bool oxybeles(const struct game *g)
{
	return tables_variant(g->tables, RV_ARTILLERY) == ARTILLERY_OXYBELES;
}

static int unit_index(const struct game *g, const char *id)
{
	for (int i = 0; id && i < g->nunits; i++)
		if (strcmp(g->units[i].id, id) == 0)
			return i;
	return -1;
}

/* The side whose leader is giving orders (B.1), -1 outside one. */
static int active_side(const struct game *g)
{
	if (g->phase != PHASE_MOVEMENT || g->active_leader < 0 ||
	    g->active_leader >= g->nleaders)
		return -1;
	return g->leaders[g->active_leader].side;
}

/* 9.82, 9.86: a new Orders Phase: mode changes and active shots of the
 * last one no longer bind; Reaction Fire markers come off. */
void scorpio_phase_begin(struct game *g)
{
	for (int i = 0; i < g->nunits; i++) {
		struct unit *u = &g->units[i];
		u->scorpio_reaction = 0;
		u->scorpio_switched = false;
		u->scorpio_fired = false;
	}
}

/* 9.85: Active Fire markers last the Game Turn */
void scorpio_markers_off(struct game *g)
{
	int n = 0;
	for (int i = 0; i < g->nunits; i++) {
		struct unit *u = &g->units[i];
		if (u->scorpio_active)
			n++;
		u->scorpio_active = 0;
	}
	if (n == 0)
		return;
	struct event e;
	event_init(&e, "scorpio_markers_removed");
	event_add(&e, "active_fire", "%d", n);
	event_add(&e, "rule", "9.85");
	game_emit(g, &e);
}

/* 9.82, 9.85: may scorpio ui be given a move? */
bool scorpio_may_move(const struct game *g, int ui, bool by_line,
		      const char **rule, const char **why)
{
	const struct unit *u = &g->units[ui];
	if (!is_scorpio(g, u) || g->fire.fire_only == ui)
		return true; /* an order to fire or change mode: no move */
	if (oxybeles(g)) { /* GBA 9.54 */
		*rule = "GBA 9.54";
		if (by_line)
			*why = "an oxybeles moves only by an Individual Order";
		else if (u->scorpio_reaction > 0)
			*why = "an oxybeles that fired this phase may not move";
		else
			return true;
		return false;
	}
	*rule = "9.82";
	if (u->scorpio_fire)
		*why = "a scorpio in Fire mode may not move";
	else if (u->scorpio_switched)
		*why = "a scorpio changed to Move mode may not move in the "
		       "same Orders Phase";
	else if (by_line)
		*why = "a scorpio moves only by an Individual Order";
	else if (u->scorpio_fired) {
		*rule = "9.85";
		*why = "a scorpio that fired does nothing else that phase";
	} else
		return true;
	return false;
}

/* 9.82, 9.85, 9.86, 9.81: the scorpio's own limits on a volley */
const char *scorpio_fire_refusal_impl(const struct game *g, int firer,
				 enum fire_kind kind, const char **rule)
{
	const struct unit *u = &g->units[firer];
	if (!is_scorpio(g, u)) {
		*rule = "9.86";
		return kind == FIRE_SCORPIO ? "only a scorpio fires at any "
					      "moment of the enemy's movement"
					    : NULL;
	}
	if (oxybeles(g)) {
		if (kind != FIRE_SCORPIO) {
			*rule = "GBA 9.52";
			return "an oxybeles fires only its own shots, with no "
			       "order (scorpio UNIT HEX)";
		}
		*rule = "GBA 9.54";
		if (u->moved_phase)
			return "an oxybeles that moved this phase may not fire";
		*rule = "GBA 9.52";
		if (u->scorpio_reaction >= 2)
			return "an oxybeles fires twice per Orders Phase";
		return NULL;
	}
	switch (kind) {
	case FIRE_OFFENSIVE:
		*rule = "9.82";
		if (u->scorpio_switched)
			return "a scorpio changed to Fire mode may not fire in "
			       "the same Orders Phase";
		*rule = "9.85";
		if (u->scorpio_fired)
			return "a scorpio fires once per Orders Phase";
		if (u->scorpio_active >= 2)
			return "a scorpio fires actively twice per Game Turn "
			       "(Active Fire Twice)";
		return NULL;
	case FIRE_SCORPIO:
		*rule = "9.86";
		if (active_side(g) < 0 || active_side(g) == u->side)
			return "a scorpio reacts only in an enemy Orders Phase "
			       "(in its own it fires actively, 9.85)";
		if (u->scorpio_reaction >= 2)
			return "a scorpio reacts twice per enemy Orders Phase "
			       "(Reaction Fire Twice)";
		return NULL;
	case FIRE_ENTRY:
	case FIRE_RETIRE:
	case FIRE_RETURN:
		*rule = "9.86";
		return "a scorpio uses no ordinary reaction fire (8.2)";
	default:
		*rule = "9.81";
		return "a scorpio's only fire is its own Active or Reaction "
		       "Fire";
	}
}

/* 9.85, 9.86: place or flip the Once/Twice marker */
void scorpio_note_fire_impl(struct game *g, int firer, enum fire_kind kind)
{
	struct unit *u = &g->units[firer];
	if (!is_scorpio(g, u))
		return;
	int count; /* 0-2: fire is refused at twice */
	const char *rule = NULL, *what = NULL;
	if (oxybeles(g) && kind == FIRE_SCORPIO) {
		/* GBA 9.52: "Ox Fired", then its Fired side (the count of
		 * the phase, reset as it begins: research A12) */
		count = ++u->scorpio_reaction;
		rule = "GBA 9.52";
		what = "ox_fired";
	} else if (kind == FIRE_OFFENSIVE) {
		u->scorpio_fired = true;
		count = ++u->scorpio_active;
		rule = "9.85";
		what = "active_fire";
	} else if (kind == FIRE_SCORPIO) {
		count = ++u->scorpio_reaction;
		rule = "9.86";
		what = "reaction_fire";
	} else {
		return;
	}
	struct event e;
	event_init(&e, "scorpio_marker");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, what, "%s", count >= 2 ? "twice" : "once");
	event_add(&e, "rule", "%s", rule);
	game_emit(g, &e);
}

/* 9.84: every attack on a scorpio is frontal */
enum hex_zone scorpio_shock_side(const struct footprint *d,
				 const struct footprint *a)
{
	return footprint_approach(d, a) == ZONE_NONE ? ZONE_NONE : ZONE_FRONT;
}

/* 9.82: an Individual Order switching Fire and Move mode */
void scorpio_order_mode(struct game *g, const char *who, const char *mode,
			struct cmd_result *r)
{
	bool fire = mode && strcmp(mode, "fire") == 0;
	if (!mode || (!fire && strcmp(mode, "move") != 0)) {
		cmd_malformed(r, "order UNIT mode fire|move");
		return;
	}
	int ui = unit_index(g, who);
	if (ui < 0) {
		cmd_refuse(r, NULL, "no unit %s", who ? who : "-");
		return;
	}
	struct unit *u = &g->units[ui];
	if (!is_scorpio(g, u)) {
		cmd_refuse(r, "9.82", "%s is not a scorpio: it has no mode",
			   u->id);
		return;
	}
	if (oxybeles(g)) {
		cmd_refuse(r, "GBA 9.54",
			   "an oxybeles has no Fire or Move mode: it fires "
			   "with no order and moves by an Individual Order");
		return;
	}
	if (u->scorpio_fire == fire) {
		cmd_refuse(r, "9.82", "%s is in %s mode already", u->id,
			   fire ? "Fire" : "Move");
		return;
	}
	if (u->scorpio_fired) {
		cmd_refuse(r, "9.85",
			   "%s fired this phase and does nothing else", u->id);
		return;
	}
	/* the order itself (5.22, 4.2); no move begins (fire_only) */
	g->fire.fire_only = ui;
	orders_order(g, who, NULL, r);
	g->fire.fire_only = -1;
	if (r->status != CMD_OK)
		return;
	if (g->ord.moving && g->ord.mover_unit == ui)
		orders_close_move(g);
	u->scorpio_fire = fire;
	u->scorpio_switched = true;
	struct event e;
	event_init(&e, "scorpio_mode");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "mode", "%s", fire ? "fire" : "move");
	event_add(&e, "rule", "9.82");
	game_emit(g, &e);
}

/* 9.86, 10.21: reaction fire that routed (or eliminated) the unit
 * whose move is open ends that move: a routed unit takes no orders */
static void mover_struck(struct game *g, int t)
{
	const struct orders_state *o = &g->ord;
	if (t < 0 || !o->moving || o->mover_unit != t)
		return;
	const struct unit *m = &g->units[t];
	if (game_unit_in_play(m) && !m->routed)
		return;
	struct event e;
	event_init(&e, "move_stopped");
	event_add(&e, "unit", "%s", m->id);
	event_add(&e, "why", "%s", m->routed ? "routed" : "eliminated");
	event_add(&e, "rule", "9.86");
	game_emit(g, &e);
	orders_close_move(g);
}

/* 9.85 Active Fire, 9.86 Reaction Fire: no order needed */
void scorpio_fire_now(struct game *g, const char *who, const char *hex,
		      struct cmd_result *r)
{
	struct hex target;
	if (!hex || !hex_parse(hex, &target)) {
		cmd_malformed(r, "scorpio UNIT HEX");
		return;
	}
	int ui = unit_index(g, who);
	if (ui < 0) {
		cmd_refuse(r, NULL, "no unit %s", who ? who : "-");
		return;
	}
	if (!is_scorpio(g, &g->units[ui])) {
		cmd_refuse(r, "9.81", "%s is not a scorpio", g->units[ui].id);
		return;
	}
	int side = active_side(g);
	if (side < 0) {
		cmd_refuse(r, "9.85",
			   "scorpios fire during a Movement/Missile segment "
			   "(B.1)");
		return;
	}
	if (rout_pending(g)) {
		cmd_refuse(r, "10.22", "a rout move waits for its owner's "
				       "choice first");
		return;
	}
	bool active = g->units[ui].side == side;
	if (active && (reactions_pending(g) || seq_step_now(g) != SEQ_ORDERS)) {
		cmd_refuse(r, "9.85",
			   "a scorpio fires actively while its side gives "
			   "orders, not while a reaction waits");
		return;
	}
	/* GBA 9.52: an oxybeles's shots are the same in either side's
	 * phase */
	enum fire_kind kind =
		active && !oxybeles(g) ? FIRE_OFFENSIVE : FIRE_SCORPIO;
	int keep = g->fire.fire_only;
	if (active)
		g->fire.fire_only = ui; /* 9.85: no order, no move */
	struct fire_check c;
	bool ok = missile_fire(g, ui, WEAPON_MAIN, target, kind, &c);
	g->fire.fire_only = keep;
	if (!ok) {
		cmd_refuse(r, c.rule, "%s may not fire: %s", g->units[ui].id,
			   c.reason ? c.reason : "refused");
		return;
	}
	if (active && c.target_unit >= 0 &&
	    game_unit_in_play(&g->units[c.target_unit]))
		rfire_return_offer(g, ui, c.target_unit); /* 8.23 */
	if (!active)
		mover_struck(g, c.target_unit);
}

/* scorpio UNIT HEX */
void cmd_scorpio(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	struct session *s = ctx;
	struct game *g = s ? s->game : NULL;
	if (!g) {
		cmd_refuse(r, NULL, "no game: start one with `new`");
		return;
	}
	if (argc != 3) {
		cmd_malformed(r, "scorpio UNIT HEX");
		return;
	}
	scorpio_fire_now(g, argv[1], argv[2], r);
}

/* 9.85, 9.86: the `scorpio UNIT HEX` lines legal now: every scorpio that
 * may fire at an enemy unit's hex, with the number it needs. */
int scorpio_legal(const struct game *g, struct decision_answer *out, int max)
{
	int n = 0;
	int side = g ? active_side(g) : -1;
	if (side < 0 || rout_pending(g))
		return 0;
	bool window = reactions_pending(g) || seq_step_now(g) != SEQ_ORDERS;
	struct game *mg = (struct game *)g; /* fire_only: put back below */
	for (int i = 0; i < g->nunits && n < max; i++) {
		const struct unit *u = &g->units[i];
		if (!is_scorpio(g, u) || !game_unit_in_play(u) ||
		    (u->side == side && window))
			continue;
		enum fire_kind kind = u->side == side && !oxybeles(g)
					      ? FIRE_OFFENSIVE
					      : FIRE_SCORPIO;
		for (int t = 0; t < g->nunits && n < max; t++) {
			const struct unit *e = &g->units[t];
			if (e->side == u->side || !game_unit_in_play(e))
				continue;
			int keep = mg->fire.fire_only;
			if (kind == FIRE_OFFENSIVE)
				mg->fire.fire_only = i;
			struct fire_check c;
			bool ok = missile_check(g, i, WEAPON_MAIN, e->at.hex[0],
						kind, &c);
			mg->fire.fire_only = keep;
			if (!ok)
				continue;
			char hs[16];
			hex_format(e->at.hex[0], hs, sizeof hs);
			decision_add(out, max, &n, u->side,
				     kind == FIRE_OFFENSIVE ? "9.85" : "9.86",
				     "scorpio %s %s # needs %s%d%s", u->id, hs,
				     c.extended ? "natural " : "", c.needed,
				     c.extended ? "" : " or less");
		}
	}
	return n;
}
