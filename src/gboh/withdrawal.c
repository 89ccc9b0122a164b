/* withdrawal.c — Orderly Withdrawal (6.51-6.57, 9.21) and leader
 * withdrawal (4.72): the offers a step of a move raises, and the
 * withdrawal moves that answer them, one hex per command
 * (withdrawal.h, reactions.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/command.h"
#include "maniple/movement.h"
#include "maniple/reaction_fire.h"
#include "maniple/reactions.h"
#include "maniple/rout.h"
#include "maniple/stacking.h"
#include "maniple/withdrawal.h"
#include "maniple/triarii.h"
#include "maniple/engaged.h"
#include "maniple/gba_charge.h"
#include "maniple/leader_elephant.h"

#include "maniple/leaders.h"
#include "maniple/elcav.h"
#include "maniple/gba_contingent.h"
#include "maniple/gba_darius.h"

/* 6.51 "away": measured in hexes, a two-hex unit by its nearer half */
int ow_distance(const struct footprint *a, const struct footprint *b)
{
	int d = footprint_distance(b, a->hex[0]);
	if (footprint_two_hex(a)) {
		int d1 = footprint_distance(b, a->hex[1]);
		if (d1 < d)
			d = d1;
	}
	return d;
}

static bool is_velites(const struct unit *u)
{
	return strcmp(u->cls, "VE") == 0;
}

/* 9.21: skirmishers withdraw by hexes, not MP */
static bool is_skirmisher(const struct game *g, const struct unit *u)
{
	return unit_has(g, u, TRAIT_SKIRMISHER);
}

static bool unit_here(const struct unit *u, struct hex h)
{
	return game_unit_in_play(u) && footprint_occupies(&u->at, h);
}

static int open_offer_of(const struct game *g, int kind, int unit, int leader)
{
	const struct reaction_state *s = &g->react;
	for (int i = 0; i < s->noffers; i++) {
		const struct reaction_offer *o = &s->offers[i];
		if (o->kind == kind && o->state != RO_DONE &&
		    (kind == RK_WITHDRAW ? o->unit == unit
					 : o->leader == leader))
			return i;
	}
	return -1;
}

/* 6.51, 9.21: the MP (skirmishers: hexes) u may withdraw from a mover
 * of MA mma; 0 when it may not */
static int ow_allowance(const struct game *g, const struct unit *u, int mma)
{
	if (is_skirmisher(g, u))
		return mma <= u->ma
			       ? game_constant(g, RC_WITHDRAWAL_SKIRMISHER_HEXES)
			       : 0;
	return u->ma > mma ? u->ma - mma : 0;
}

/* 6.64: a moving stack is one mover for 6.51's "instant" and 4.72's: the
 * tag of its lead unit */
static int stack_tag(const struct game *g, int mover)
{
	const struct orders_state *o = &g->ord;
	if (o->moving && o->stack_mate == mover && o->mover_unit >= 0)
		return o->mover_unit + 1;
	return mover + 1;
}

/* 6.51, 6.56, 9.21: offers for the units the mover has just come within
 * 2 hexes of (or starts its move at 2 hexes from) */
void ow_collect(struct game *g, int mover, bool at_start)
{
	if (mover < 0 || mover >= g->nunits)
		return;
	const struct unit *mv = &g->units[mover];
	/* 6.56: only in the enemy's Movement segment, never in Shock */
	if (g->phase != PHASE_MOVEMENT || !game_unit_in_play(mv))
		return;
	int tag = stack_tag(g, mover);
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (u->side == mv->side || !game_unit_in_play(u))
			continue;
		int d = ow_distance(&u->at, &mv->at);
		int16_t *near = &g->react.ow_near[i];
		if (d > game_constant(g, RC_WITHDRAWAL_RANGE)) {
			if (*near == tag)
				*near = 0;
			continue;
		}
		/* 6.51: the instant it comes within 2 hexes, or the option
		 * is lost */
		if (*near == tag && !at_start)
			continue;
		*near = tag;
		if (open_offer_of(g, RK_WITHDRAW, i, -1) >= 0)
			continue;
		/* 6.51 Exceptions: not routed, not In Column; not in an
		 * enemy ZOC */
		if (u->routed || u->at.in_column || unit_in_enemy_zoc(g, u))
			continue;
		if (gba_charge_forbids(g, u, CHARGE_NO_WITHDRAWAL))
			continue; /* GBA 9.74 */
		if (unit_engaged(g, u)) /* 10.41 bullet 1: it may not move */
			continue;
		if (!triarii_may_move(g, i, NULL, 0)) /* 9.71: held triarii */
			continue;
		int mp = ow_allowance(g, u, ow_mover_ma(g, mv));
		if (mp <= 0)
			continue;
		struct reaction_offer o = {
			.kind = RK_WITHDRAW,
			.side = u->side,
			.unit = i,
			.leader = -1,
			.trigger = mover,
			.state = RO_OPEN,
			.mp = mp,
			.approach = (int)footprint_approach(&u->at, &mv->at),
		};
		if (reaction_offer_add(g, &o) < 0)
			return;
		struct event e;
		event_init(&e, "withdrawal_offered");
		event_add(&e, "unit", "%s", u->id);
		event_add(&e, "by", "%s", mv->id);
		event_add(&e, "distance", "%d", d);
		event_add(&e, is_skirmisher(g, u) ? "hexes" : "mp", "%d", mp);
		event_add(&e, "approach", "%s",
			  hex_zone_name((enum hex_zone)o.approach));
		event_add(&e, "rule", "%s",
			  is_skirmisher(g, u) ? "6.51,9.21" : "6.51");
		game_emit(g, &e);
		/* GBA 4.62's note, 6.78: a leader stacked with it may
		 * withdraw too, on his own */
		if (tables_variant(g->tables, RV_STACKED_LEADER_WITHDRAWAL) ==
		    STACKED_LEADER_WITH_UNIT)
			for (int li = 0; li < g->nleaders; li++) {
				const struct leader *l = &g->leaders[li];
				if (l->on_map && !l->killed &&
				    l->side == u->side &&
				    footprint_occupies(&u->at, l->hex))
					leader_withdraw_offer(g, li, mover, -1);
			}
	}
}

/* 4.74, 11.1: a leader eliminated by 4.72 */
static void leader_eliminate(struct game *g, struct leader *l,
			     const char *why)
{
	if (l->killed)
		return;
	l->killed = true;
	l->on_map = false;
	if (g->active_leader == (int)(l - g->leaders))
		g->active_leader = -1;
	int rp = leader_rout_points(g, l);
	g->rout_points[l->side] += rp;
	struct event e;
	event_init(&e, "eliminated");
	event_add(&e, "leader", "%s", l->id);
	event_add(&e, "side", "%d", l->side);
	event_add(&e, "rp", "%d", rp);
	event_add(&e, "total", "%d", g->rout_points[l->side]);
	event_add(&e, "cause", "%s", why);
	event_add(&e, "rule", "4.72");
	game_emit(g, &e);
	leader_fate(g, (int)(l - g->leaders)); /* 4.74, 4.75, 4.56 */
}

/* 4.72: whether leader l (moving as m) may enter h now: an adjacent hex
 * of normal leader movement (6.27), farther from the mover (mv, NULL
 * for a leader); GBA 8.46: the fleeing target's, nearer his Retreat
 * Edge */
static bool leader_step_ok(const struct game *g, const struct leader *l,
			   const struct move *m, const struct unit *mv,
			   struct hex here, struct hex h, struct move_step *s)
{
	if (!move_check_step(g, m, h, s))
		return false;
	if (gba_flight(g, l)) {
		s->refusal = gba_flight_step_refusal(g, l, here, h);
		s->rule = s->refusal ? "GBA 8.46" : NULL;
		return s->refusal == NULL;
	}
	if (mv == NULL)
		return false;
	if (footprint_distance(&mv->at, h) <= footprint_distance(&mv->at, here)) {
		s->refusal = "a withdrawing leader moves away from the enemy "
			     "unit";
		s->rule = "4.72";
		return false;
	}
	return true;
}

/* GBA 4.62, 8.46: what leader l's withdrawal from mv (NULL: a leader)
 * reaches, and what a step of cost mp spends of it */
static int withdraw_reach(const struct game *g, const struct leader *l,
			  const struct unit *mv)
{
	return gba_flight(g, l) || mv == NULL ? GBA_FLIGHT_HEXES
					      : leader_withdrawal_reach(g, mv);
}

static int withdraw_step(const struct game *g, const struct leader *l,
			 int mp)
{
	return gba_flight(g, l) ? 1 : leader_withdrawal_step(g, mp);
}

/* the word of that reach: GBA 8.46's flight counts hexes */
static const char *withdraw_unit(const struct game *g,
				 const struct leader *l)
{
	return gba_flight(g, l) ? "hexes" : leader_withdrawal_unit(g);
}

/* the unit whose approach raised offer o, or NULL (GBA 8.46: a leader) */
static const struct unit *offer_trigger(const struct game *g,
					const struct reaction_offer *o)
{
	return o->trigger >= 0 && o->trigger < g->nunits
		       ? &g->units[o->trigger]
		       : NULL;
}

static bool leader_way_out(const struct game *g, const struct leader *l,
			   const struct unit *mv)
{
	if (gba_flight_on_edge(g, l)) /* GBA 8.46: off the map */
		return true;
	struct move m;
	if (!move_begin_leader(g, l, true, &m))
		return false;
	for (int d = 0; d < HEXSIDE_COUNT; d++) {
		struct move_step s;
		if (leader_step_ok(g, l, &m, mv, l->hex,
				   hex_neighbour(l->hex, (enum hexside)d), &s) &&
		    withdraw_step(g, l, s.cost.mp) <=
			    withdraw_reach(g, l, mv)) /* GBA 4.62 */
			return true;
	}
	return false;
}

/* 4.72: offers for the enemy leaders the mover has just come next to */
void leader_withdraw_collect(struct game *g, int mover)
{
	if (mover < 0 || mover >= g->nunits)
		return;
	const struct unit *mv = &g->units[mover];
	if (!game_unit_in_play(mv) || mv->routed)
		return;
	int tag = stack_tag(g, mover);
	for (int i = 0; i < g->nleaders; i++) {
		struct leader *l = &g->leaders[i];
		if (l->side == mv->side || !l->on_map || l->killed)
			continue;
		int16_t *near = &g->react.lw_near[i];
		if (footprint_distance(&mv->at, l->hex) != 1) {
			if (*near == tag)
				*near = 0;
			continue;
		}
		if (*near == tag)
			continue;
		*near = tag;
		leader_withdraw_offer(g, i, mover, -1);
	}
}

int leader_withdraw_offer(struct game *g, int i, int mover, int by)
{
	struct leader *l = &g->leaders[i];
	const struct unit *mv =
		mover >= 0 && mover < g->nunits ? &g->units[mover] : NULL;
	const char *by_id = mv ? mv->id
			    : by >= 0 && by < g->nleaders ? g->leaders[by].id
							  : "-";
	if (open_offer_of(g, RK_LEADER_WITHDRAW, -1, i) >= 0)
		return 0;
	if (leader_elephant_of(g, i) >= 0) {
		/* 4.82: he stays on his elephant, a combat unit that
		 * may withdraw (6.51) and carries him */
		struct event e;
		event_init(&e, "no_leader_withdrawal");
		event_add(&e, "leader", "%s", l->id);
		event_add(&e, "by", "%s", by_id);
		event_add(&e, "why", "rides_leader_elephant");
		event_add(&e, "rule", "4.82,4.72");
		game_emit(g, &e);
		return 0;
	}
	bool alone = !leader_stacked(g, l);
	struct event e;
	if (!leader_way_out(g, l, mv)) {
		if (alone && mv != NULL) {
			leader_eliminate(g, l, "cannot_withdraw");
		} else {
			event_init(&e, "leader_cannot_withdraw");
			event_add(&e, "leader", "%s", l->id);
			event_add(&e, "by", "%s", by_id);
			event_add(&e, "rule", "%s",
				  gba_flight(g, l) ? "GBA 8.46"
						   : "4.72");
			game_emit(g, &e);
		}
		return 0;
	}
	struct reaction_offer o = {
		.kind = RK_LEADER_WITHDRAW,
		.side = l->side,
		.unit = -1,
		.leader = i,
		.trigger = (int16_t)(mv != NULL ? mover : -1),
		.state = RO_OPEN,
		/* GBA 4.62, 8.46 */
		.mp = (int16_t)withdraw_reach(g, l, mv),
	};
	if (reaction_offer_add(g, &o) < 0)
		return 0;
	event_init(&e, gba_flight(g, l) ? "flight_offered"
				       : "leader_withdrawal_offered");
	event_add(&e, "leader", "%s", l->id);
	event_add(&e, "by", "%s", by_id);
	event_add(&e, withdraw_unit(g, l), "%d", o.mp);
	event_add(&e, "alone", "%s", alone ? "yes" : "no");
	event_add(&e, "rule", "%s",
		  gba_flight(g, l) ? "GBA 8.46" : "4.72");
	game_emit(g, &e);
	return 1;
}

/* 4.72: a lone leader who stays is eliminated */
static void leader_offer_end(struct game *g, int i)
{
	struct reaction_offer *o = &g->react.offers[i];
	struct leader *l = &g->leaders[o->leader];
	const struct unit *mv = offer_trigger(g, o);
	struct event e;
	event_init(&e, gba_flight(g, l) ? "flight_done"
				       : "leader_withdrawal_done");
	event_add(&e, "leader", "%s", l->id);
	event_add(&e, withdraw_unit(g, l), "%d", o->used);
	event_add(&e, "rule", "%s", gba_flight(g, l) ? "GBA 8.46" : "4.72");
	game_emit(g, &e);
	/* GBA 8.46: a leader who came next to him eliminates no one */
	if (o->used == 0 && !leader_stacked(g, l) && mv != NULL)
		leader_eliminate(g, l, "did_not_withdraw");
	if (l->killed || !l->on_map || mv == NULL ||
	    footprint_distance(&mv->at, l->hex) != 1)
		g->react.lw_near[o->leader] = 0;
	reaction_offer_done(g, i);
}

void leader_withdraw_declined(struct game *g, int i)
{
	if (i < 0 || i >= g->react.noffers ||
	    g->react.offers[i].kind != RK_LEADER_WITHDRAW ||
	    g->react.offers[i].state == RO_DONE)
		return;
	leader_offer_end(g, i);
}

/* ---- a unit's withdrawal ---- */

struct ow_why {
	const char *rule;
	char text[CMD_REASON_MAX];
};

static bool deny(struct ow_why *w, const char *rule, const char *text)
{
	w->rule = rule;
	snprintf(w->text, sizeof w->text, "%s", text);
	return false;
}

const char *withdrawal_closed_terrain(const struct game *g,
				      const struct unit *u, enum terrain t)
{
	if (tables_variant(g->tables, RV_WITHDRAWAL_CLOSED) ==
	    OW_CLOSED_ROUGH)
		return unit_terrain_is_rough(g, u->type, t) /* GBA 6.75 */
			       ? "no withdrawal into Rough"
			       : NULL;
	return t == TERRAIN_WOODS || t == TERRAIN_MARSH
		       ? "no withdrawal into Woods or Marsh"
		       : NULL;
}

/* 6.51, 6.55, 6.6, 9.21: whether the withdrawing unit of offer o may
 * enter dest next; its cost in *c */
/* 6.51, 6.55: a withdrawal step from `here` into dest with `used` MP
 * (or hexes) already spent; se says whether the unit may stop there. */
static bool ow_step_from(const struct game *g, const struct reaction_offer *o,
			 struct hex here, int used, struct hex dest,
			 struct move_cost *c, struct stacking_entry *se,
			 struct ow_why *w)
{
	const struct unit *u = &g->units[o->unit];
	const struct unit *mv = &g->units[o->trigger];
	if (!game_unit_in_play(u) || u->routed)
		return deny(w, "6.51", "a routed unit does not withdraw");
	if (footprint_two_hex(&u->at))
		return deny(w, "6.4",
			    "a two-hex unit's withdrawal move (both halves "
			    "backwards) is not played: phalanx movement is "
			    "6.4's");
	const struct map *map = g->battle->map;
	if (!map_contains(map, dest))
		return deny(w, "6.55", "that hex is off the map");
	if (hex_direction_to(here, dest) < 0)
		return deny(w, "6.51",
			    "a withdrawal goes one hex at a time, to an "
			    "adjacent hex");
	if (footprint_distance(&mv->at, dest) <=
	    footprint_distance(&mv->at, here))
		return deny(w, "6.51",
			    "each hex must be farther from the moving unit "
			    "than the hex left");
	const char *closed = withdrawal_closed_terrain(
		g, u, (enum terrain)map_at(map, dest)->terrain);
	if (closed)
		return deny(w, "6.55", closed);
	*c = move_hex_entry_cost(g, u, here, dest);
	if (c->prohibited)
		return deny(w, "6.55",
			    "movement into or across there is prohibited to "
			    "the unit");
	if (zoc_enemy_in(g, u->side, dest))
		return deny(w, "6.55", "no withdrawal into an enemy ZOC");
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *x = &g->units[i];
		if (x == u || !unit_here(x, dest))
			continue;
		if (x->side != u->side)
			return deny(w, "6.55", "an enemy unit is in that hex");
	}
	/* 6.55: the stacking rules (6.6) apply */
	if (!stacking_voluntary_entry(g, u, NULL, dest, se))
		return deny(w, se->rule ? se->rule : "6.6",
			    se->refusal ? se->refusal : "stacking forbids it");
	for (int i = 0; i < g->nleaders; i++) {
		const struct leader *l = &g->leaders[i];
		if (l->on_map && !l->killed && l->side != u->side &&
		    hex_eq(l->hex, dest))
			return deny(w, "4.72", "an enemy leader is in that hex");
	}
	if (is_skirmisher(g, u)) {
		/* GBA 6.92 Exception: on out of a friend's hex without */
		if (used + 1 > o->mp &&
		    !stacking_skirmisher_goes_on(g, u, here, dest)) {
			deny(w, "9.21", "");
			snprintf(w->text, sizeof w->text,
				 "skirmishers withdraw at most %d hexes",
				 game_constant(g, RC_WITHDRAWAL_SKIRMISHER_HEXES));
			return false;
		}
	} else if (used + c->mp > o->mp) {
		snprintf(w->text, sizeof w->text,
			 "the withdrawal may use %d MP (the MA difference); "
			 "%d used, that hex costs %d",
			 o->mp, used, c->mp);
		w->rule = "6.51";
		return false;
	}
	return true;
}

static bool ow_step_ok(const struct game *g, const struct reaction_offer *o,
		       struct hex dest, struct move_cost *c, struct ow_why *w)
{
	const struct unit *u = &g->units[o->unit];
	struct hex here = u->at.hex[0];
	struct stacking_entry se;
	if (!ow_step_from(g, o, here, o->used, dest, c, &se, w))
		return false;
	if (se.may_stop)
		return true;
	/* 6.69 (a ruling): a withdrawal may pass a friend's hex where it
	 * may not stop only when the allowance left carries it one hex on
	 * into a hex where it may; it is never left stranded there. */
	int used = o->used + (is_skirmisher(g, u) ? 1 : c->mp);
	for (int d = 0; d < 6; d++) {
		struct hex next = hex_neighbour(dest, (enum hexside)d);
		struct move_cost c2;
		struct stacking_entry se2;
		struct ow_why w2;
		if (ow_step_from(g, o, dest, used, next, &c2, &se2, &w2) &&
		    se2.may_stop)
			return true;
	}
	return deny(w, "6.69",
		    "the unit may not stop in that friend's hex and the MP "
		    "left would not carry it on to a hex where it may");
}

/* 6.53: hits from the withdrawal; at the TQ the unit routs (10.14) */
static void ow_hits(struct game *g, struct unit *u, int n, const char *cause,
		    const char *rule)
{
	if (n <= 0 || !game_unit_in_play(u) || u->routed)
		return;
	bool routs = u->hits + n >= u->tq;
	if (routs) {
		struct event e;
		event_init(&e, "withdrawal_rout");
		event_add(&e, "unit", "%s", u->id);
		event_add(&e, "hits", "%d", u->hits + n);
		event_add(&e, "tq", "%d", u->tq);
		event_add(&e, "rule", "6.53");
		game_emit(g, &e);
	}
	cohesion_hits(g, u, n, cause, rule);
}

/* 6.52 #3, 9.21, R1: whether the approach of offer o costs its unit a
 * hit before it withdraws (from the Rear; from a Flank unless it is a
 * skirmisher or velites) */
static bool ow_approach_hit(const struct game *g, const struct unit *u,
			    const struct reaction_offer *o)
{
	bool light = is_skirmisher(g, u) || is_velites(u);
	return o->approach == ZONE_REAR ||
	       (o->approach == ZONE_FLANK && !light);
}

static bool gba_end(const struct game *g)
{
	return tables_variant(g->tables, RV_WITHDRAWAL_END) ==
	       OW_END_HIT_THEN_CHECK;
}

/* 6.52 #1: a Roman Legion unit checks its TQ after withdrawing; GBA
 * 6.72 #3: every withdrawing unit does */
bool withdrawal_end_check(const struct game *g, const struct unit *u)
{
	return gba_end(g) || unit_has(g, u, TRAIT_LEGION);
}

/* 6.52 #2, GBA 6.72 #1: the automatic hit after withdrawing: infantry but
 * skirmishers and velites (SPQR: and Legion units, which check instead);
 * in GBA foot but skirmishers, and chariots */
bool withdrawal_end_hit(const struct game *g, const struct unit *u)
{
	if (gba_end(g))
		return (unit_has(g, u, TRAIT_INFANTRY) &&
			!is_skirmisher(g, u)) ||
		       tables_movement_group(g->tables, u->type) ==
			       MG_CHARIOT;
	return !withdrawal_end_check(g, u) && unit_has(g, u, TRAIT_INFANTRY) &&
	       !is_skirmisher(g, u) && !is_velites(u);
}

/* 6.52 #1, #2, 6.53: the end of a withdrawal */
static void ow_finish(struct game *g, int i)
{
	struct reaction_offer *o = &g->react.offers[i];
	struct unit *u = &g->units[o->unit];
	int before = u->hits;
	const char *rule = "6.52"; /* GBA 6.72 in a GBA game */
	if (o->state == RO_TAKEN && game_unit_in_play(u) && !u->routed &&
	    withdrawal_end_hit(g, u))
		/* 6.52 #2, GBA 6.72 #1: 1 hit */
		ow_hits(g, u, 1, "withdrawal", rule);
	if (o->state == RO_TAKEN && game_unit_in_play(u) && !u->routed &&
	    withdrawal_end_check(g, u)) {
		/* 6.52 #1, GBA 6.72 #3: a TQ check, 1 hit on a higher DR */
		int tq = unit_tq_now(g, u);
		struct event e;
		game_roll_begin(&e, "withdrawal_tq_check");
		event_add(&e, "unit", "%s", u->id);
		int die = game_roll_die(g, &e);
		event_add(&e, "tq", "%d", tq);
		event_add(&e, "rule", "%s", rule);
		game_emit(g, &e);
		ow_hits(g, u, die > tq ? 1 : 0, "withdrawal_tq_check", rule);
	}
	struct event e;
	event_init(&e, "withdrawal_done");
	event_add(&e, "unit", "%s", u->id);
	event_add_hex(&e, "at", u->at.hex[0]);
	event_add(&e, is_skirmisher(g, u) ? "hexes" : "mp", "%d", o->used);
	event_add(&e, "hits", "%d", u->hits - before);
	event_add(&e, "routed", "%s", u->routed ? "yes" : "no");
	event_add(&e, "taken", "%s", o->state == RO_TAKEN ? "yes" : "no");
	event_add(&e, "rule", "%s", u->routed ? "6.53" : "6.52");
	game_emit(g, &e);
	elcav_withdrawal_end(g, i); /* 9.16 */
	const struct unit *mv = &g->units[o->trigger];
	if (!game_unit_in_play(u) ||
	    ow_distance(&u->at, &mv->at) > game_constant(g, RC_WITHDRAWAL_RANGE))
		g->react.ow_near[o->unit] = 0;
	reaction_offer_done(g, i);
}

/* 6.52 #3, 9.21, R1: taking the offer: the approach hit before moving */
static void ow_take(struct game *g, int i)
{
	struct reaction_state *s = &g->react;
	struct reaction_offer *o = &s->offers[i];
	struct unit *u = &g->units[o->unit];
	o->state = RO_TAKEN;
	o->used = 0;
	s->taken = i;
	if (!o->line) /* 6.57: an individual OW bars its Line this turn */
		s->ow_turn[o->unit] = g->turn;
	memset(&s->move, 0, sizeof s->move);
	s->move.unit = o->unit;
	s->move.leader = -1;
	s->move.start = u->at.hex[0];
	s->move.ma = o->mp;
	bool light = is_skirmisher(g, u) || is_velites(u);
	bool hit = ow_approach_hit(g, u, o);
	struct event e;
	event_init(&e, "withdrawal_begun");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "from", "%s", g->units[o->trigger].id);
	event_add(&e, is_skirmisher(g, u) ? "hexes" : "mp", "%d", o->mp);
	event_add(&e, "approach", "%s",
		  hex_zone_name((enum hex_zone)o->approach));
	event_add(&e, "approach_hit", "%s", hit ? "yes" : "no");
	event_add(&e, "rule", "%s",
		  light && o->approach == ZONE_FLANK ? "6.52,9.21,R1"
						     : "6.52");
	game_emit(g, &e);
	if (u->missile == MC_MA) /* 6.55: mounted archers fire, range 2 */
		rfire_withdrawal_offer(g, o->unit, o->trigger);
	if (hit)
		ow_hits(g, u, 1, "withdrawal_approach", "6.52");
}

static void ow_step(struct game *g, int i, struct hex dest,
		    struct move_cost c)
{
	struct reaction_offer *o = &g->react.offers[i];
	struct unit *u = &g->units[o->unit];
	struct hex from = u->at.hex[0];
	struct stacking_entry se;
	bool stacks = stacking_voluntary_entry(g, u, NULL, dest, &se) &&
		      se.nstationary > 0;
	/* GBA 6.92 Exception: a skirmisher going on with no hexes left */
	const struct unit *left[STACK_MAX + 2];
	int nleft = is_skirmisher(g, u) && o->used >= o->mp
			    ? stacking_friends_with(g, u, left, STACK_MAX + 2)
			    : 0;
	game_unit_set_hex(g, u, 0, dest);
	game_put_on_top(g, u);
	if (stacks) /* 6.55, 6.69: entering a friend's hex */
		stacking_apply_entry(g, u, &se);
	o->used += is_skirmisher(g, u) ? (o->used < o->mp) : c.mp;
	g->react.move.mp_spent += c.mp;
	g->react.move.hexes_entered++;
	struct event e;
	event_init(&e, "withdrew");
	event_add(&e, "unit", "%s", u->id);
	event_add_hex(&e, "from", from);
	event_add_hex(&e, "to", dest);
	event_add(&e, "terrain", "%s",
		  terrain_name((enum terrain)map_at(g->battle->map, dest)
				       ->terrain));
	event_add(&e, "mp", "%d", c.mp);
	event_add(&e, "used", "%d", o->used);
	event_add(&e, "left", "%d", o->mp - o->used);
	event_add(&e, "facing", "%s", facing_name((enum facing)u->at.facing));
	event_add(&e, "rule", "%s", is_skirmisher(g, u) ? "6.51,9.21" : "6.51");
	game_emit(g, &e);
	leader_elephant_carry(g, u); /* 4.82: the rider goes along */
	if (o->leader >= 0) {
		/* 4.72: the leader stacked with it goes along */
		struct leader *l = &g->leaders[o->leader];
		l->hex = dest;
		event_init(&e, "leader_moved");
		event_add(&e, "leader", "%s", l->id);
		event_add(&e, "with", "%s", u->id);
		event_add_hex(&e, "to", dest);
		event_add(&e, "rule", "4.72,6.51");
		game_emit(g, &e);
	}
	/* 6.52: the usual cohesion costs of movement */
	ow_hits(g, u, c.hits, "terrain", "6.22,6.52");
	/* 9.15: an elephant's Flank or Rear hex */
	ow_hits(g, u, elcav_entry_event(g, u, dest, "withdrawal"),
		"elephant_hexes", "9.15,6.52");
	if (stacks)
		ow_hits(g, u, se.mover_hits, "stacking", "6.69,6.55");
	if (nleft) { /* GBA 6.92 Exception: 1 hit each */
		stacking_skirmisher_went_on(g, u, left, nleft);
		ow_hits(g, u, 1, "ended_stacked", "GBA 6.92");
	}
	/* GBA 6.92: a withdrawal its hits ended in a friend's hex (the
	 * rout under way: 6.53) */
	if (stacks && (u->routed || !game_unit_in_play(u)))
		stacking_ended_stacked(g, o->unit, se.stationary,
				       se.nstationary, true);
}

static int find_offer(const struct game *g, int kind, int unit, int leader)
{
	return open_offer_of(g, kind, unit, leader);
}

static void refuse(struct cmd_result *r, const struct ow_why *w)
{
	cmd_refuse(r, w->rule, "%s", w->text);
}

/* 6.52: the optional facing change that ends a withdrawal */
static bool ow_face_ok(const struct game *g, const struct reaction_offer *o,
		       enum facing f, struct move_step *s, struct ow_why *w)
{
	const struct unit *u = &g->units[o->unit];
	if (o->state != RO_TAKEN || g->react.move.hexes_entered == 0)
		return deny(w, "6.52",
			    "the facing change comes at the end of a "
			    "withdrawal: withdraw a hex first");
	if (!unit_facing_change_cost(g, u, f, s))
		return deny(w, s->rule ? s->rule : "7.12",
			    s->refusal ? s->refusal : "may not turn");
	if (!is_skirmisher(g, u) && o->used + s->cost.mp > o->mp) {
		snprintf(w->text, sizeof w->text,
			 "the facing change costs %d MP; the withdrawal has "
			 "%d left",
			 s->cost.mp, o->mp - o->used);
		w->rule = "6.52";
		return false;
	}
	return true;
}

/* 6.51, 6.57: whether the unit of offer o has any legal first hex */
static bool ow_any_step(const struct game *g, const struct reaction_offer *o)
{
	const struct unit *u = &g->units[o->unit];
	for (int d = 0; d < HEXSIDE_COUNT; d++) {
		struct move_cost c;
		struct ow_why w;
		if (ow_step_ok(g, o, hex_neighbour(u->at.hex[0],
						   (enum hexside)d),
			       &c, &w))
			return true;
	}
	return false;
}

bool ow_offer_can_step_impl(const struct game *g, const struct reaction_offer *o)
{
	return o && o->unit >= 0 && o->unit < g->nunits &&
	       o->trigger >= 0 && o->trigger < g->nunits && ow_any_step(g, o);
}

/* ---- 6.57 Cavalry Line Withdrawal ---- */

/* 6.57: the Line (4.32, line_compose) of cavalry unit ui that has a unit
 * within 2 hexes of a friendly leader who may command it (4.35, 4.54),
 * and none of whose units has used an individual OW this game turn.
 * Fills out (indices into g->units), *leader, *def; returns the count,
 * 0 with why set when there is none. */
static int cavalry_line_of(const struct game *g, int ui, int *out, int max,
			   int *leader, int *def, struct ow_why *w)
{
	const struct unit *u0 = &g->units[ui];
	deny(w, "6.57", "");
	snprintf(w->text, sizeof w->text,
		 "%s is in no Line of the Line Command Eligibility Chart that "
		 "a leader on the map may command",
		 u0->id);
	if (!g->battle || !unit_has(g, u0, TRAIT_CAVALRY)) {
		snprintf(w->text, sizeof w->text,
			 "%s is not cavalry: Line Withdrawal is for Lines of "
			 "cavalry",
			 u0->id);
		return 0;
	}
	struct line_groups *lg = malloc(sizeof *lg);
	if (!lg)
		return 0;
	int found = 0;
	for (int d = 0; d < g->battle->nlines && !found; d++) {
		const struct line_def *ld = &g->battle->lines[d];
		if (ld->side != u0->side || !line_def_names(ld, u0))
			continue;
		for (int li = 0; li < g->nleaders && !found; li++) {
			const struct leader *l = &g->leaders[li];
			if (!l->on_map || l->killed || l->side != u0->side ||
			    !leader_may_command_line(g, l, ld))
				continue;
			line_compose(g, NULL, ld, l, lg);
			int grp = lg->group[ui];
			if (grp < 0)
				continue;
			int n = 0;
			bool cav = true, near = false, used = false;
			for (int i = 0; i < g->nunits; i++) {
				if (lg->group[i] != grp)
					continue;
				const struct unit *u = &g->units[i];
				if (!unit_has(g, u, TRAIT_CAVALRY)) {
					cav = false;
					snprintf(w->text, sizeof w->text,
						 "the Line of %s holds %s, "
						 "not cavalry",
						 u0->id, u->id);
				}
				if (g->react.ow_turn[i] == g->turn) {
					used = true;
					snprintf(w->text, sizeof w->text,
						 "%s of the Line of %s has "
						 "used an individual OW this "
						 "turn",
						 u->id, u0->id);
				}
				for (int k = 0; k < 2; k++)
					if (!hex_is_none(u->at.hex[k]) &&
					    hex_distance(l->hex,
							 u->at.hex[k]) <=
						    game_constant(g,
							     RC_LINE_WITHDRAWAL_LEADER_RANGE))
						near = true;
				if (n < max)
					out[n++] = i;
			}
			if (!cav || used)
				continue;
			if (!near) {
				snprintf(w->text, sizeof w->text,
					 "no unit of the Line of %s is within "
					 "%d hexes of %s, who may command it",
					 u0->id,
					 game_constant(g,
						  RC_LINE_WITHDRAWAL_LEADER_RANGE),
					 l->id);
				continue;
			}
			*leader = li;
			*def = d;
			found = n;
		}
	}
	free(lg);
	return found;
}

/* 6.51 Exceptions: the MP (hexes) member ui may withdraw from the mover;
 * 0 with why when it may not withdraw at all */
static int line_member_allowance(const struct game *g, int ui, int mover,
				 const char **why)
{
	const struct unit *u = &g->units[ui];
	*why = NULL;
	if (u->routed)
		*why = "routed";
	else if (u->at.in_column)
		*why = "in_column";
	else if (unit_in_enemy_zoc(g, u))
		*why = "enemy_zoc";
	else if (unit_engaged(g, u))
		*why = "engaged"; /* 10.41 */
	else if (gba_charge_forbids(g, u, CHARGE_NO_WITHDRAWAL))
		*why = "charge_formation"; /* GBA 9.74 */
	if (*why)
		return 0;
	int mp = ow_allowance(g, u, ow_mover_ma(g, &g->units[mover]));
	if (mp <= 0)
		*why = "ma_not_higher";
	return mp;
}

static void line_member_stays(struct game *g, int ui, const char *why)
{
	struct event e;
	event_init(&e, "line_withdrawal_stays");
	event_add(&e, "unit", "%s", g->units[ui].id);
	event_add(&e, "why", "%s", why);
	event_add(&e, "rule", "6.57");
	game_emit(g, &e);
}

/* 6.57: `withdraw line UNIT`: the whole Line of cavalry unit UNIT, which
 * has an open OW offer, withdraws; every unit gets an offer it may not
 * decline.  Checks everything before changing anything. */
static void line_withdraw(struct game *g, const char *who,
			  struct cmd_result *r)
{
	struct unit *u = game_unit(g, who);
	if (!u) {
		cmd_refuse(r, "6.57", "no unit %s (withdraw line UNIT names "
				      "a unit of the Line)",
			   who);
		return;
	}
	int ui = (int)(u - g->units);
	struct reaction_state *s = &g->react;
	int i = find_offer(g, RK_WITHDRAW, ui, -1);
	if (i < 0 || s->offers[i].state != RO_OPEN) {
		cmd_refuse(r, "6.57",
			   "no withdrawal offer of %s is open: the Line "
			   "withdraws when an enemy approach offers one",
			   u->id);
		return;
	}
	if (s->offers[i].line) {
		cmd_refuse(r, "6.57", "the Line of %s already withdraws",
			   u->id);
		return;
	}
	if (s->taken >= 0) {
		const struct reaction_offer *t = &s->offers[s->taken];
		cmd_refuse(r, "6.5", "finish the withdrawal of %s first",
			   t->unit >= 0 ? g->units[t->unit].id
					: g->leaders[t->leader].id);
		return;
	}
	int members[BATTLE_UNITS_MAX];
	int li = -1, d = -1;
	struct ow_why w = {0};
	int n = cavalry_line_of(g, ui, members, BATTLE_UNITS_MAX, &li, &d,
				&w);
	if (n == 0) {
		refuse(r, &w);
		return;
	}
	int mover = s->offers[i].trigger;
	int need = 0;
	for (int k = 0; k < n; k++) {
		const char *why;
		if (find_offer(g, RK_WITHDRAW, members[k], -1) < 0 &&
		    line_member_allowance(g, members[k], mover, &why) > 0)
			need++;
	}
	if (s->noffers + need > REACTION_OFFERS_MAX) {
		cmd_refuse(r, "6.57", "too many reactions open at once");
		return;
	}
	struct event e;
	event_init(&e, "line_withdrawal");
	event_add(&e, "line", "%s", g->battle->lines[d].name);
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "leader", "%s", g->leaders[li].id);
	event_add(&e, "by", "%s", g->units[mover].id);
	event_add(&e, "units", "%d", n);
	event_add(&e, "rule", "6.57");
	game_emit(g, &e);
	int offers[BATTLE_UNITS_MAX];
	int no = 0;
	for (int k = 0; k < n; k++) {
		int m = members[k];
		int j = find_offer(g, RK_WITHDRAW, m, -1);
		if (j >= 0) {
			s->offers[j].line = true;
			offers[no++] = j;
			continue;
		}
		const char *why;
		int mp = line_member_allowance(g, m, mover, &why);
		if (mp <= 0) { /* 6.51: standard OW rules: it stays */
			line_member_stays(g, m, why);
			continue;
		}
		const struct unit *x = &g->units[m];
		struct reaction_offer o = {
			.kind = RK_WITHDRAW,
			.side = x->side,
			.unit = m,
			.leader = -1,
			.trigger = mover,
			.state = RO_OPEN,
			.mp = mp,
			.approach = (int)footprint_approach(
				&x->at, &g->units[mover].at),
			.line = true,
		};
		j = reaction_offer_add(g, &o);
		if (j >= 0)
			offers[no++] = j;
	}
	/* 6.57 (a ruling): a unit of the Line with no legal hex at all
	 * stays where it is, untouched */
	for (int k = 0; k < no; k++) {
		const struct reaction_offer *o = &s->offers[offers[k]];
		if (o->state != RO_OPEN || ow_any_step(g, o))
			continue;
		line_member_stays(g, o->unit, "no_legal_hex");
		ow_finish(g, offers[k]);
	}
}

/* 6.57: whether `withdraw line` may answer offer o now */
static bool line_withdraw_ok(const struct game *g,
			     const struct reaction_offer *o)
{
	if (o->kind != RK_WITHDRAW || o->state != RO_OPEN || o->line ||
	    g->react.taken >= 0)
		return false;
	int members[BATTLE_UNITS_MAX];
	int li, d;
	struct ow_why w;
	return cavalry_line_of(g, o->unit, members, BATTLE_UNITS_MAX, &li,
			       &d, &w) > 0;
}

static void unit_withdraw(struct game *g, int ui, const char *what,
			  const char *arg, struct cmd_result *r)
{
	struct unit *u = &g->units[ui];
	int i = find_offer(g, RK_WITHDRAW, ui, -1);
	if (i < 0) {
		cmd_refuse(r, "6.51", "no withdrawal is offered to %s now",
			   u->id);
		return;
	}
	struct reaction_state *s = &g->react;
	if (s->taken >= 0 && s->taken != i) {
		const struct reaction_offer *t = &s->offers[s->taken];
		cmd_refuse(r, "6.5", "finish the withdrawal of %s first",
			   t->unit >= 0 ? g->units[t->unit].id
					: g->leaders[t->leader].id);
		return;
	}
	struct reaction_offer *o = &s->offers[i];
	struct ow_why w = {0};
	const char *srule = NULL;
	const char *stop = o->state == RO_TAKEN && game_unit_in_play(u) &&
				   !u->routed &&
				   (strcmp(what, "done") == 0 ||
				    strcmp(what, "face") == 0)
			   ? stacking_stop_refusal(g, u, NULL, &srule)
			   : NULL;
	if (stop) {
		cmd_refuse(r, srule ? srule : "6.6", "%s", stop);
		return;
	}
	if (strcmp(what, "done") == 0) {
		if (arg) {
			cmd_malformed(r, "usage: withdraw UNIT done");
			return;
		}
		if (o->must && o->state == RO_OPEN && ow_any_step(g, o)) {
			cmd_refuse(r, "9.16",
				   "%s must withdraw from the elephant %s "
				   "(withdraw %s HEX)",
				   u->id, g->units[o->trigger].id, u->id);
			return;
		}
		if (o->line && o->state == RO_OPEN && ow_any_step(g, o)) {
			cmd_refuse(r, "6.57",
				   "%s withdraws with its Line: every unit of "
				   "the Line must withdraw",
				   u->id);
			return;
		}
		ow_finish(g, i);
		return;
	}
	if (strcmp(what, "with") == 0) {
		if (!arg) {
			cmd_malformed(r, "usage: withdraw UNIT with LEADER");
			return;
		}
		struct leader *l = game_leader(g, arg);
		if (!l) {
			cmd_refuse(r, "4.72", "no leader %s", arg);
			return;
		}
		if (!l->on_map || l->killed || l->side != u->side ||
		    !footprint_occupies(&u->at, l->hex)) {
			cmd_refuse(r, "4.72",
				   "%s is not stacked with %s", l->id, u->id);
			return;
		}
		if (o->leader >= 0) {
			cmd_refuse(r, "4.72", "%s already goes with %s",
				   g->leaders[o->leader].id, u->id);
			return;
		}
		o->leader = (int)(l - g->leaders);
		struct event e;
		event_init(&e, "leader_goes_with");
		event_add(&e, "leader", "%s", l->id);
		event_add(&e, "unit", "%s", u->id);
		/* GBA 5.68: a contingent commander too */
		event_add(&e, "rule", "%s",
			  leader_is_mcc(g, l) ? "4.72,GBA 5.68" : "4.72");
		game_emit(g, &e);
		return;
	}
	if (strcmp(what, "face") == 0) {
		int f = arg ? facing_parse(arg) : -1;
		if (f < 0) {
			cmd_malformed(r,
				      "usage: withdraw UNIT face NE|E|SE|SW|W|NW");
			return;
		}
		struct move_step st;
		if (!ow_face_ok(g, o, (enum facing)f, &st, &w)) {
			refuse(r, &w);
			return;
		}
		enum facing was = (enum facing)u->at.facing;
		u->at.facing = f;
		o->used += is_skirmisher(g, u) ? 0 : st.cost.mp;
		struct event e;
		event_init(&e, "facing_changed");
		event_add(&e, "unit", "%s", u->id);
		event_add(&e, "from", "%s", facing_name(was));
		event_add(&e, "to", "%s", facing_name((enum facing)f));
		event_add(&e, "vertices", "%d", st.vertices);
		event_add(&e, "mp", "%d", st.cost.mp);
		event_add(&e, "rule", "6.52");
		game_emit(g, &e);
		ow_hits(g, u, st.cost.hits, "rough_facing", "7.14,6.52");
		ow_finish(g, i);
		return;
	}
	struct hex dest;
	if (!hex_parse(what, &dest) || arg) {
		cmd_malformed(r, "usage: withdraw UNIT HEX|face FACING|with "
				 "LEADER|done");
		return;
	}
	struct move_cost c;
	if (!ow_step_ok(g, o, dest, &c, &w)) {
		refuse(r, &w);
		return;
	}
	if (o->state == RO_OPEN) {
		ow_take(g, i);
		if (u->routed || !game_unit_in_play(u)) {
			ow_finish(g, i);
			return;
		}
	}
	ow_step(g, i, dest, c);
	if (u->routed || !game_unit_in_play(u))
		ow_finish(g, i);
}

static void leader_withdraw(struct game *g, int li, const char *what,
			    const char *arg, struct cmd_result *r)
{
	struct leader *l = &g->leaders[li];
	int i = find_offer(g, RK_LEADER_WITHDRAW, -1, li);
	if (i < 0) {
		cmd_refuse(r, "4.72", "no withdrawal is offered to %s now",
			   l->id);
		return;
	}
	struct reaction_state *s = &g->react;
	if (s->taken >= 0 && s->taken != i) {
		const struct reaction_offer *t = &s->offers[s->taken];
		cmd_refuse(r, "6.5", "finish the withdrawal of %s first",
			   t->unit >= 0 ? g->units[t->unit].id
					: g->leaders[t->leader].id);
		return;
	}
	struct reaction_offer *o = &s->offers[i];
	if (arg) {
		cmd_malformed(r, "usage: withdraw LEADER HEX|done");
		return;
	}
	if (strcmp(what, "done") == 0) {
		leader_offer_end(g, i);
		return;
	}
	if (strcmp(what, "off") == 0) { /* GBA 8.46 */
		if (!gba_flight_on_edge(g, l)) {
			cmd_refuse(r, "GBA 8.46",
				   "only a fleeing target on a hex of his "
				   "Retreat Edge leaves the map");
			return;
		}
		if (o->used >= o->mp) {
			cmd_refuse(r, "GBA 8.46",
				   "%s has used his %d hexes of flight", l->id,
				   o->mp);
			return;
		}
		struct hex from = l->hex;
		l->on_map = false; /* for good, and not killed */
		o->used++;
		struct event e;
		event_init(&e, "leader_fled");
		event_add(&e, "leader", "%s", l->id);
		event_add_hex(&e, "from", from);
		event_add(&e, "rule", "GBA 8.46");
		game_emit(g, &e);
		if (g->active_leader == li)
			g->active_leader = -1;
		leader_offer_end(g, i);
		return;
	}
	struct hex dest;
	if (!hex_parse(what, &dest)) {
		cmd_malformed(r, "usage: withdraw LEADER HEX|done");
		return;
	}
	if (o->used >= o->mp) {
		cmd_refuse(r, "4.72", "a leader withdraws at most %d %s",
			   o->mp, withdraw_unit(g, l));
		return;
	}
	struct move m;
	if (o->state == RO_OPEN) {
		/* 4.72: he may leave an enemy ZOC; MA unaffected */
		if (!move_begin_leader(g, l, true, &m)) {
			cmd_refuse(r, m.rule ? m.rule : "4.72", "%s",
				   m.refusal ? m.refusal : "cannot move");
			return;
		}
	} else {
		m = s->move;
	}
	struct move_step st;
	if (!leader_step_ok(g, l, &m, offer_trigger(g, o), l->hex, dest,
			    &st)) {
		cmd_refuse(r, st.rule ? st.rule : "4.72", "%s",
			   st.refusal ? st.refusal : "cannot go there");
		return;
	}
	int spend = withdraw_step(g, l, st.cost.mp); /* GBA 4.62, 8.46 */
	if (o->used + spend > o->mp) {
		cmd_refuse(r, "4.72",
			   "%s has %d %s of his withdrawal left; that hex "
			   "costs %d",
			   l->id, o->mp - o->used, withdraw_unit(g, l),
			   spend);
		return;
	}
	if (o->state == RO_OPEN) {
		o->state = RO_TAKEN;
		s->taken = i;
	}
	struct hex from = l->hex;
	move_apply_step(g, &m, dest);
	s->move = m;
	o->used += spend;
	struct event e;
	event_init(&e, "leader_withdrew");
	event_add(&e, "leader", "%s", l->id);
	event_add_hex(&e, "from", from);
	event_add_hex(&e, "to", dest);
	event_add(&e, withdraw_unit(g, l), "%d", o->used);
	event_add(&e, "rule", "%s", gba_flight(g, l) ? "GBA 8.46" : "4.72");
	game_emit(g, &e);
}

/* 6.5, 4.72 */
void withdraw_command(struct game *g, const char *who, const char *what,
		      const char *arg, struct cmd_result *r)
{
	if (rout_pending(g) && !rampage_waiting(g)) { /* 9.14, 6.51 */
		char buf[CMD_REASON_MAX];
		rout_pending_text(g, buf, sizeof buf);
		cmd_refuse(r, "10.22", "%s", buf);
		return;
	}
	/* GBA 9.74: never offered to a unit in Charge Formation */
	const struct unit *cu = game_unit(g, who);
	const char *cf = gba_charge_forbids(g, cu, CHARGE_NO_WITHDRAWAL);
	if (cf) {
		cmd_refuse(r, "GBA 9.74", "%s: %s", cu->id, cf);
		return;
	}
	if (!reactions_pending(g)) {
		cmd_refuse(r, "6.51", "no withdrawal is offered now");
		return;
	}
	if (strcmp(who, "line") == 0) {
		if (arg) {
			cmd_malformed(r, "usage: withdraw line UNIT");
			return;
		}
		line_withdraw(g, what, r);
		return;
	}
	struct unit *u = game_unit(g, who);
	struct leader *l = u ? NULL : game_leader(g, who);
	if (u)
		unit_withdraw(g, (int)(u - g->units), what, arg, r);
	else if (l)
		leader_withdraw(g, (int)(l - g->leaders), what, arg, r);
	else
		cmd_refuse(r, NULL, "no unit or leader %s", who);
}

bool withdrawal_odds(const struct game *g, int offer, struct odds *od)
{
	odds_init(od, 10, "6.52");
	if (!g || offer < 0 || offer >= g->react.noffers ||
	    g->react.offers[offer].kind != RK_WITHDRAW)
		return false;
	const struct reaction_offer *o = &g->react.offers[offer];
	const struct unit *u = &g->units[o->unit];
	int first = ow_approach_hit(g, u, o) ? 1 : 0; /* 6.52 #3 */
	for (int d = 0; d < 10; d++) {
		/* 6.53: hits reaching the TQ rout it, and a unit routed by
		 * the approach's hit withdraws no further (ow_finish) */
		int hits = first;
		if (u->hits + hits < u->tq)
			hits += withdrawal_end_hit(g, u);
		if (u->hits + hits < u->tq && withdrawal_end_check(g, u))
			hits += d > unit_tq_now(g, u) ? 1 : 0;
		if (u->hits + hits >= u->tq)
			odds_face(od, d, hits, "routs");
		else if (hits == 0)
			odds_face(od, d, 0, "no hit");
		else
			odds_face(od, d, hits, "%d hit%s", hits,
				  hits == 1 ? "" : "s");
	}
	return true;
}

int withdrawal_odds_text(const struct game *g, char *out, size_t n)
{
	if (!n)
		return 0;
	out[0] = '\0';
	if (!g)
		return 0;
	int side = reactions_decision_side(g), told = 0;
	size_t len = 0;
	for (int i = 0; i < g->react.noffers; i++) {
		const struct reaction_offer *o = &g->react.offers[i];
		struct odds od;
		if (o->kind != RK_WITHDRAW || o->side != side ||
		    o->state != RO_OPEN || !withdrawal_odds(g, i, &od))
			continue;
		char item[200], list[160];
		odds_list(&od, list, sizeof list);
		size_t il = (size_t)snprintf(item, sizeof item, "%s%s %s",
					     told ? "; " : "",
					     g->units[o->unit].id, list);
		if (il >= sizeof item || len + il >= n)
			return told; /* what does not fit is left out */
		memcpy(out + len, item, il + 1);
		len += il;
		told++;
	}
	return told;
}

int ow_legal(const struct game *g, struct decision_answer *out, int max)
{
	const struct reaction_state *s = &g->react;
	int n = 0;
	if (rout_pending(g) && !rampage_waiting(g)) /* 9.14, 6.51 */
		return 0;
	for (int i = 0; i < s->noffers; i++) {
		const struct reaction_offer *o = &s->offers[i];
		if (o->state == RO_DONE || (s->taken >= 0 && s->taken != i))
			continue;
		char hb[16];
		if (o->kind == RK_WITHDRAW) {
			const struct unit *u = &g->units[o->unit];
			for (int d = 0; d < HEXSIDE_COUNT; d++) {
				struct hex h = hex_neighbour(
					u->at.hex[0], (enum hexside)d);
				struct move_cost c;
				struct ow_why w;
				if (!ow_step_ok(g, o, h, &c, &w))
					continue;
				hex_format(h, hb, sizeof hb);
				decision_add(out, max, &n, o->side, "6.51",
					     "withdraw %s %s", u->id, hb);
			}
			/* 6.69: in a friend's hex it may not stop in, the
			 * withdrawal goes on: no facing, no `done` (the
			 * commands refuse them; the soak found them listed) */
			const char *srule = NULL;
			bool stranded = o->state == RO_TAKEN &&
					game_unit_in_play(u) && !u->routed &&
					stacking_stop_refusal(g, u, NULL, &srule);
			for (int f = 0; !stranded && f < FACING_COUNT; f++) {
				struct move_step st;
				struct ow_why w;
				if (ow_face_ok(g, o, (enum facing)f, &st, &w))
					decision_add(
						out, max, &n, o->side, "6.52",
						"withdraw %s face %s", u->id,
						facing_name((enum facing)f));
			}
			if (o->state == RO_OPEN && o->leader < 0)
				for (int k = 0; k < g->nleaders; k++) {
					const struct leader *l = &g->leaders[k];
					if (l->on_map && !l->killed &&
					    l->side == u->side &&
					    footprint_occupies(&u->at, l->hex))
						decision_add(
							out, max, &n, o->side,
							"4.72",
							"withdraw %s with %s",
							u->id, l->id);
				}
			if (line_withdraw_ok(g, o))
				decision_add(out, max, &n, o->side, "6.57",
					     "withdraw line %s%s", u->id, "");
			if (!stranded &&
			    !((o->line || o->must) && o->state == RO_OPEN &&
			      ow_any_step(g, o))) /* 6.57, 9.16 */
				decision_add(out, max, &n, o->side, "6.52",
					     "withdraw %s done%s", u->id, "");
		} else if (o->kind == RK_LEADER_WITHDRAW) {
			const struct leader *l = &g->leaders[o->leader];
			struct move m;
			if (o->state == RO_OPEN)
				move_begin_leader(g, l, true, &m);
			else
				m = s->move;
			for (int d = 0; o->used < o->mp && d < HEXSIDE_COUNT;
			     d++) {
				struct hex h = hex_neighbour(
					l->hex, (enum hexside)d);
				struct move_step st;
				if (!leader_step_ok(g, l, &m,
						    offer_trigger(g, o),
						    l->hex, h, &st) ||
				    o->used + withdraw_step(g, l,
							    st.cost.mp) >
					    o->mp) /* GBA 4.62, 8.46 */
					continue;
				hex_format(h, hb, sizeof hb);
				decision_add(out, max, &n, o->side, "4.72",
					     "withdraw %s %s", l->id, hb);
			}
			if (o->used < o->mp && gba_flight_on_edge(g, l))
				decision_add(out, max, &n, o->side, "GBA 8.46",
					     "withdraw %s off", l->id);
			decision_add(out, max, &n, o->side, "4.72",
				     "withdraw %s done%s", l->id, "");
		}
	}
	return n;
}

/* GBA 8.46, ruling R133: after any Personal Combat of GBA 4.63 (orders.c
 * calls this after gba_lone_leaders_meet).  Here, beside the offer it
 * makes, so that gba_darius.c (which leaders.c calls) calls nothing
 * above it. */
int gba_flight_leader_approached(struct game *g, int li, struct hex from)
{
	if (g == NULL || li < 0 || li >= g->nleaders)
		return 0;
	int made = 0;
	for (int k = 0; k < g->nleaders; k++) {
		const struct leader *mover = &g->leaders[li];
		const struct leader *t = &g->leaders[k];
		if (!mover->on_map || mover->killed)
			break;
		if (t->side == mover->side || !gba_flight(g, t) ||
		    !t->on_map || t->killed ||
		    hex_distance(mover->hex, t->hex) != 1 ||
		    hex_distance(from, t->hex) == 1)
			continue; /* not one he has just come next to */
		made += leader_withdraw_offer(g, k, -1, li);
	}
	return made;
}
