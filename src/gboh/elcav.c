/* elcav.c — cavalry and elephants (SPQR 9.15, 9.16; elcav.h).
 *
 * Dice: 9.16's TQ check rolls one d10 per cavalry unit that cannot
 * withdraw, in unit order, at the instant the elephant's step is looked
 * at (before any reaction fire: 9.16 comes with 6.5's offers). */
#include "maniple/elcav.h"

#include <stdio.h>
#include <string.h>

#include "maniple/engaged.h"
#include "maniple/movement.h"
#include "maniple/reactions.h"
#include "maniple/rout.h"
#include "maniple/units.h"
#include "maniple/withdrawal.h"

bool elcav_elephant(const struct game *g, const struct unit *e)
{
	return e && unit_has(g, e, TRAIT_ELEPHANT) && game_unit_in_play(e) &&
	       !e->routed && e->leader_elephant[0] == '\0';
}

static bool cavalry_in_play(const struct game *g, const struct unit *u)
{
	return u && unit_has(g, u, TRAIT_CAVALRY) && game_unit_in_play(u);
}

const char *elcav_zoc_refusal_impl(const struct game *g, const struct unit *u,
			      struct hex h)
{
	if (!cavalry_in_play(g, u))
		return NULL;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *e = &g->units[i];
		if (e->side != u->side && elcav_elephant(g, e) &&
		    zoc_exerted_into(g, e, h))
			return "cavalry never moves into an enemy elephant's "
			       "ZOC of its own will";
	}
	return NULL;
}

int elcav_entry_hits(const struct game *g, const struct unit *u, struct hex h,
		     int *by, enum hex_zone *zone)
{
	if (by)
		*by = -1;
	if (zone)
		*zone = ZONE_NONE;
	if (!cavalry_in_play(g, u) || hex_is_none(h))
		return 0;
	/* "for each such hex": one hex costs its 2 hits once, however many
	 * elephants it borders; the first elephant found is named */
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *e = &g->units[i];
		if (e->side == u->side || !elcav_elephant(g, e))
			continue;
		enum hex_zone z = footprint_zone(&e->at, h);
		if (z == ZONE_FLANK || z == ZONE_REAR ||
		    (z == ZONE_FRONT && zoc_exerted_into(g, e, h))) {
			if (by)
				*by = i;
			if (zone)
				*zone = z;
			return tables_constant(g->tables, RC_ELEPHANT_HEX_HITS);
		}
	}
	return 0;
}

int elcav_entry_event_impl(struct game *g, const struct unit *u, struct hex h,
		      const char *how)
{
	int by;
	enum hex_zone z;
	int hits = elcav_entry_hits(g, u, h, &by, &z);
	if (!hits)
		return 0;
	struct event e;
	event_init(&e, "elephant_hexes");
	event_add(&e, "unit", "%s", u->id);
	event_add_hex(&e, "hex", h);
	event_add(&e, "elephant", "%s", g->units[by].id);
	event_add(&e, "zone", "%s",
		  z == ZONE_FRONT ? "zoc" : hex_zone_name(z));
	event_add(&e, "how", "%s", how ? how : "move");
	event_add(&e, "hits", "%d", hits);
	event_add(&e, "rule", "9.15");
	game_emit(g, &e);
	return hits;
}

int elcav_entered_impl(struct game *g, struct unit *u, struct hex h, const char *how,
		  const char *rule)
{
	int hits = elcav_entry_event(g, u, h, how);
	if (hits)
		cohesion_hits(g, u, hits, "elephant_hexes",
			      rule ? rule : "9.15");
	return hits;
}

bool elcav_router_entered(struct game *g, struct unit *u, struct hex h,
			  bool marked)
{
	int hits = elcav_entry_event(g, u, h, "rout");
	if (!hits)
		return false;
	struct event e;
	if (!marked) {
		event_init(&e, "elephant_hexes_moot");
		event_add(&e, "unit", "%s", u->id);
		event_add(&e, "hits", "%d", hits);
		event_add(&e, "why", "hit_markers_go_at_the_end_of_the_move");
		event_add(&e, "rule", "10.22");
		game_emit(g, &e);
		return false;
	}
	event_init(&e, "cohesion_hit");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "hits", "%d", hits);
	event_add(&e, "total", "routed");
	event_add(&e, "tq", "%d", unit_tq_now(g, u));
	event_add(&e, "cause", "elephant_hexes");
	event_add(&e, "rule", "9.15");
	game_emit(g, &e);
	return true;
}

bool elcav_attack_barred(const struct game *g, int a, int d)
{
	if (a < 0 || a >= g->nunits || d < 0 || d >= g->nunits)
		return false;
	const struct unit *au = &g->units[a], *du = &g->units[d];
	/* the Clash chart has no column for any cavalry against an
	 * elephant's Front; a Leader Elephant is an elephant there too */
	if (!unit_has(g, au, TRAIT_CAVALRY) || !unit_has(g, du, TRAIT_ELEPHANT))
		return false;
	return footprint_approach(&du->at, &au->at) == ZONE_FRONT;
}

/* ---- 9.16 ---- */

/* Whether two footprints are next to each other. */
static bool fp_adjacent(const struct footprint *a, const struct footprint *b)
{
	if (hex_is_none(a->hex[0]) || hex_is_none(b->hex[0]))
		return false;
	for (int i = 0; i < 2; i++) {
		if (hex_is_none(b->hex[i]))
			continue;
		if (footprint_occupies(a, b->hex[i]))
			return false;
		if (footprint_distance(a, b->hex[i]) == 1)
			return true;
	}
	return false;
}

static int open_withdraw_offer(const struct game *g, int unit)
{
	const struct reaction_state *s = &g->react;
	for (int i = 0; i < s->noffers; i++)
		if (s->offers[i].kind == RK_WITHDRAW &&
		    s->offers[i].unit == unit && s->offers[i].state != RO_DONE)
			return i;
	return -1;
}

/* 6.51 as 9.16 reads it: why cavalry c may not withdraw from elephant
 * mv (a rule and a word), or NULL when it may; *mp the MP it may use.
 * The elephant's own ZOC does not bar it (a ruling: 9.16 would
 * otherwise never apply to an elephant coming up to the cavalry's
 * front); another enemy's ZOC does, as 6.51 says. */
static const char *cannot_withdraw(const struct game *g, int ci, int mover,
				   int *mp, const char **rule)
{
	const struct unit *c = &g->units[ci], *mv = &g->units[mover];
	*mp = 0;
	*rule = "9.16,6.51";
	if (c->at.in_column)
		return "in_column";
	if (unit_engaged(g, c)) {
		*rule = "9.16,10.41";
		return "engaged";
	}
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *e = &g->units[i];
		if (i == mover || e->side == c->side || !game_unit_in_play(e))
			continue;
		for (int k = 0; k < 2; k++)
			if (!hex_is_none(c->at.hex[k]) &&
			    zoc_exerted_into(g, e, c->at.hex[k]))
				return "other_enemy_zoc";
	}
	int mma = ow_mover_ma(g, mv);
	if (c->ma <= mma)
		return "ma_not_higher";
	*mp = c->ma - mma;
	return NULL;
}

static void must_event(struct game *g, const struct unit *c,
		       const struct unit *mv, const char *then, const char *why,
		       const char *rule)
{
	struct event e;
	event_init(&e, "elephant_vs_cavalry");
	event_add(&e, "unit", "%s", c->id);
	event_add(&e, "by", "%s", mv->id);
	event_add(&e, "then", "%s", then);
	if (why)
		event_add(&e, "why", "%s", why);
	event_add(&e, "rule", "%s", rule);
	game_emit(g, &e);
}

void elcav_collect(struct game *g, int mover, const struct footprint *was)
{
	if (!g || mover < 0 || mover >= g->nunits || !was)
		return;
	const struct unit *mv = &g->units[mover];
	if (!unit_has(g, mv, TRAIT_ELEPHANT) || !game_unit_in_play(mv) || mv->routed)
		return;
	for (int i = 0; i < g->nunits; i++) {
		struct unit *c = &g->units[i];
		if (c->side == mv->side || !cavalry_in_play(g, c) ||
		    !fp_adjacent(&c->at, &mv->at) || fp_adjacent(&c->at, was))
			continue;
		if (!elcav_elephant(g, mv)) {
			/* 4.83: a Leader Elephant does not make them go */
			must_event(g, c, mv, "nothing", "leader_elephant",
				   "4.83,9.16");
			continue;
		}
		int o = open_withdraw_offer(g, i);
		if (o >= 0) {
			g->react.offers[o].must = true;
			must_event(g, c, mv, "must_withdraw", NULL, "9.16");
			continue;
		}
		if (c->routed) {
			/* 9.16: a routed cavalry unit is eliminated, no roll
			 * (it may not withdraw, 6.51) */
			must_event(g, c, mv, "eliminated", "routed", "9.16");
			unit_eliminate(g, c, "9.16");
			continue;
		}
		int mp;
		const char *rule;
		const char *why = cannot_withdraw(g, i, mover, &mp, &rule);
		struct reaction_offer off = {
			.kind = RK_WITHDRAW,
			.side = c->side,
			.unit = i,
			.leader = -1,
			.trigger = mover,
			.state = RO_OPEN,
			.mp = mp,
			.approach = (int)footprint_approach(&c->at, &mv->at),
			.must = true,
		};
		if (!why && !ow_offer_can_step(g, &off)) {
			why = "no_legal_hex";
			rule = "9.16,6.55";
		}
		if (why) {
			must_event(g, c, mv, "tq_check", why, rule);
			elcav_check(g, c, mover);
			continue;
		}
		if (reaction_offer_add(g, &off) < 0)
			return;
		/* 6.51: the withdrawal instant is this one */
		g->react.ow_near[i] = mover + 1;
		struct event e;
		event_init(&e, "withdrawal_offered");
		event_add(&e, "unit", "%s", c->id);
		event_add(&e, "by", "%s", mv->id);
		event_add(&e, "distance", "1");
		event_add(&e, "mp", "%d", mp);
		event_add(&e, "approach", "%s",
			  hex_zone_name((enum hex_zone)off.approach));
		event_add(&e, "must", "yes");
		event_add(&e, "rule", "6.51,9.16");
		game_emit(g, &e);
		must_event(g, c, mv, "must_withdraw", NULL, "9.16");
	}
}

bool elcav_fire_barred(struct game *g, int fi, int target)
{
	if (fi < 0 || fi >= g->nunits)
		return false;
	const struct reaction_state *s = &g->react;
	for (int i = 0; i < s->noffers; i++) {
		const struct reaction_offer *o = &s->offers[i];
		if (o->kind != RK_WITHDRAW || o->unit != fi || !o->must ||
		    o->state == RO_DONE)
			continue;
		struct event e;
		event_init(&e, "reaction_fire_barred");
		event_add(&e, "unit", "%s", g->units[fi].id);
		if (target >= 0 && target < g->nunits)
			event_add(&e, "at", "%s", g->units[target].id);
		event_add(&e, "why", "must_withdraw");
		event_add(&e, "rule", "9.16");
		game_emit(g, &e);
		return true;
	}
	return false;
}

/* 6.56, 7.23: the elephant's move, stopped by the cavalry's ZOC, goes on
 * once no enemy ZOC holds it (a ruling: the cavalry is gone) */
static void resume(struct game *g, struct move *m, int ui)
{
	if (ui < 0 || ui >= g->nunits || m->ended || !m->stopped ||
	    m->rout_due || !m->stop_rule || strcmp(m->stop_rule, "7.23") != 0)
		return;
	const struct unit *u = &g->units[ui];
	if (!game_unit_in_play(u) || unit_in_enemy_zoc(g, u))
		return;
	m->stopped = false;
	m->stop_rule = NULL;
	struct event e;
	event_init(&e, "move_resumed");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "why", "cavalry_withdrew");
	event_add(&e, "rule", "6.56,9.16");
	game_emit(g, &e);
}

void elcav_withdrawal_end(struct game *g, int i)
{
	if (i < 0 || i >= g->react.noffers)
		return;
	const struct reaction_offer o = g->react.offers[i];
	if (o.kind != RK_WITHDRAW || !o.must || o.unit < 0)
		return;
	struct unit *c = &g->units[o.unit];
	if (o.state == RO_OPEN && game_unit_in_play(c) && !c->routed) {
		/* it never left: it could not withdraw after all */
		must_event(g, c, &g->units[o.trigger], "tq_check",
			   "no_legal_hex", "9.16,6.55");
		elcav_check(g, c, o.trigger);
	}
	struct orders_state *ord = &g->ord;
	if (!ord->moving)
		return;
	if (ord->mover_unit == o.trigger || ord->stack_mate == o.trigger) {
		resume(g, &ord->move, ord->mover_unit);
		if (ord->stack_mate >= 0)
			resume(g, &ord->stack_move, ord->stack_mate);
	}
}

int elcav_check(struct game *g, struct unit *c, int by)
{
	if (!c || !game_unit_in_play(c))
		return 0;
	const char *bid = by >= 0 && by < g->nunits ? g->units[by].id : "-";
	struct event e;
	if (c->routed) {
		/* 9.16: routed, it is eliminated with no roll */
		event_init(&e, "elephant_vs_cavalry");
		event_add(&e, "unit", "%s", c->id);
		event_add(&e, "by", "%s", bid);
		event_add(&e, "then", "eliminated");
		event_add(&e, "why", "routed");
		event_add(&e, "rule", "9.16");
		game_emit(g, &e);
		unit_eliminate(g, c, "9.16");
		return 0;
	}
	int tq = unit_tq_now(g, c);
	game_roll_begin(&e, "elephant_check");
	event_add(&e, "unit", "%s", c->id);
	int die = game_roll_die(g, &e);
	event_add(&e, "tq", "%d", tq);
	event_add(&e, "rule", "9.16");
	game_emit(g, &e);
	/* 9.16 (a ruling, as 7.15 says outright): the difference above the
	 * TQ, and never fewer than 1 hit whatever the roll */
	int hits = tq_check_hits(die, tq);
	if (hits < 1)
		hits = 1;
	bool routs = c->hits + hits >= c->tq;
	event_init(&e, "elephant_check");
	event_add(&e, "unit", "%s", c->id);
	event_add(&e, "by", "%s", bid);
	event_add(&e, "dr", "%d", die);
	event_add(&e, "tq", "%d", tq);
	event_add(&e, "hits", "%d", hits);
	event_add(&e, "routs", "%s", routs ? "yes" : "no");
	event_add(&e, "rule", "9.16");
	game_emit(g, &e);
	if (!routs) {
		cohesion_hits(g, c, hits, "elephant_check", "9.16");
		return hits;
	}
	/* 9.16: routed by it, the cavalry is eliminated: no rout move */
	cohesion_hits_held(g, c, hits, "elephant_check", "9.16");
	event_init(&e, "rout_instead_eliminated");
	event_add(&e, "unit", "%s", c->id);
	event_add(&e, "by", "%s", bid);
	event_add(&e, "rule", "9.16");
	game_emit(g, &e);
	unit_eliminate(g, c, "9.16");
	return hits;
}
