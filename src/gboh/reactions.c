/* reactions.c — the window of reactions between the steps of a move
 * (reactions.h): collecting the offers at each instant (the list of open
 * offers and who owes the decision are reaction_offers.c's), `no
 * reaction`, the Shock Must Check markers (7.31, 7.32) and the reaction
 * facing changes (7.15, 7.16).
 *
 * At each instant the order is: 7.32's markers (before any reaction
 * fire), then the other side's offers: Orderly Withdrawal (6.5), reaction
 * facing (7.15) or reverse face (7.16), Pre-arranged Withdrawal (6.83),
 * leader withdrawal (4.72).
 *
 * Dice: a reaction facing change rolls one d10 per unit that turns (the
 * top unit of a stack first), after any 7.14 hits. */
#include "maniple/reactions.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "maniple/movement.h"
#include "maniple/engaged.h"
#include "maniple/elcav.h"
#include "maniple/prearranged.h"
#include "maniple/harass.h"
#include "maniple/mle.h"
#include "maniple/reaction_fire.h"
#include "maniple/rout.h"
#include "maniple/stacking.h"
#include "maniple/tables.h"
#include "maniple/units.h"
#include "maniple/withdrawal.h"

/* 7.15, 7.16: once per Orders Phase */
void reactions_phase_begin(struct game *g)
{
	reaction_state_init(&g->react);
}

/* ---- looking at units ---- */

static int uidx(const struct game *g, const struct unit *u)
{
	return (int)(u - g->units);
}

static int find_unit(const struct game *g, const char *id)
{
	for (int i = 0; id && i < g->nunits; i++)
		if (strcmp(g->units[i].id, id) == 0)
			return i;
	return -1;
}

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

/* Whether footprint b stands in one of a's Rear hexes. */
static bool fp_in_rear(const struct footprint *a, const struct footprint *b)
{
	for (int i = 0; i < 2; i++)
		if (!hex_is_none(b->hex[i]) &&
		    footprint_zone(a, b->hex[i]) == ZONE_REAR)
			return true;
	return false;
}

/* 7.31: an enemy combat unit in u's ZOC. */
static bool enemy_in_zoc_of(const struct game *g, const struct unit *u)
{
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *e = &g->units[i];
		if (e->side == u->side || !game_unit_in_play(e))
			continue;
		for (int k = 0; k < 2; k++)
			if (!hex_is_none(e->at.hex[k]) &&
			    zoc_exerted_into(g, u, e->at.hex[k]))
				return true;
	}
	return false;
}

/* 7.15: some enemy unit besides `except` exerts a ZOC on u. */
static bool in_other_enemy_zoc(const struct game *g, const struct unit *u,
			       int except)
{
	/* 6.64: the unit moving with the mover is the same moving stack */
	int mate = -1;
	const struct orders_state *o = &g->ord;
	if (o->moving && o->stack_mate >= 0 &&
	    (o->mover_unit == except || o->stack_mate == except))
		mate = o->mover_unit == except ? o->stack_mate : o->mover_unit;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *e = &g->units[i];
		if (i == except || i == mate || e->side == u->side ||
		    !game_unit_in_play(e))
			continue;
		for (int k = 0; k < 2; k++)
			if (!hex_is_none(u->at.hex[k]) &&
			    zoc_exerted_into(g, e, u->at.hex[k]))
				return true;
	}
	return false;
}

/* The units of u's hex (its stack), the top first; returns the count. */
static int stack_of(struct game *g, const struct unit *u, struct unit **out)
{
	const struct unit *at[4];
	int n = game_units_at(g, u->at.hex[0], at, 4);
	int k = 0;
	for (int i = 0; i < n && k < 2; i++)
		if (at[i]->side == u->side && game_unit_in_play(at[i]))
			out[k++] = &g->units[uidx(g, at[i])];
	if (k == 0)
		out[k++] = &g->units[uidx(g, u)];
	return k;
}

/* 7.15, 6.51's example, 7.23: the MA a moving unit counts (a phalanx its
 * extended 5, 6.41). */
static int mover_ma(const struct unit *u)
{
	int ma = u->ma_ext > u->ma ? u->ma_ext : u->ma;
	return u->at.in_column ? ma + 1 : ma; /* 6.72 */
}

/* ---- 7.31, 7.32 Shock Must Check markers ---- */

static enum shock_duty duty_of(const struct game *g, const struct unit *u)
{
	if (u->at.square) /* GBA 9.63: it may come next to an enemy */
		return SHOCK_NEVER;
	return unit_shock_duty(g, u); /* 7.33: never, routed, In Column */
}

static void marker_event(struct game *g, const struct unit *u, const char *how)
{
	struct event e;
	event_init(&e, "shock_must_check");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "how", "%s", how);
	event_add(&e, "rule", "7.32");
	game_emit(g, &e);
}

/* 7.31, 7.32: the instant a moving unit (each unit of a moving stack,
 * 6.64) has come into contact (an enemy combat unit in its ZOC), a
 * must-shock type takes the marker. */
static void shock_markers(struct game *g, int mover)
{
	struct reaction_state *s = &g->react;
	if (!s->entered)
		return;
	struct unit *st[2] = {&g->units[mover], NULL};
	int n = 1;
	const struct orders_state *o = &g->ord;
	if (o->moving && o->mover_unit == mover && o->stack_mate >= 0 &&
	    o->stack_mate < g->nunits)
		st[n++] = &g->units[o->stack_mate];
	for (int k = 0; k < n; k++) {
		struct unit *u = st[k];
		if (duty_of(g, u) == SHOCK_NEVER || !enemy_in_zoc_of(g, u))
			continue;
		s->contact[uidx(g, u)] = true;
		if (duty_of(g, u) == SHOCK_MUST && !u->shock_must) {
			u->shock_must = true;
			marker_event(g, u, "must");
		}
	}
}

/* ---- 7.15, 7.16 offers ---- */

static void offer(struct game *g, int kind, const struct unit *u, int mover)
{
	struct reaction_offer o;
	memset(&o, 0, sizeof o);
	o.kind = kind;
	o.side = u->side;
	o.unit = uidx(g, u);
	o.leader = -1;
	o.trigger = mover;
	o.state = RO_OPEN;
	reaction_offer_add(g, &o);
}

static bool offered(const struct game *g, int kind, int unit)
{
	const struct reaction_state *s = &g->react;
	for (int i = 0; i < s->noffers; i++)
		if (s->offers[i].kind == kind && s->offers[i].unit == unit &&
		    s->offers[i].state != RO_DONE)
			return true;
	return false;
}

/* 7.16, 6.45: whether phalanx p may reverse face now (no part in the ZOC
 * of an enemy unit other than the one that triggered it, nor in Rough) */
static bool reverse_eligible(const struct game *g, const struct unit *p,
			     int mover)
{
	if (in_other_enemy_zoc(g, p, mover))
		return false;
	for (int k = 0; k < 2; k++) {
		const struct map_hex *mh =
			hex_is_none(p->at.hex[k])
				? NULL
				: map_at(g->battle->map, p->at.hex[k]);
		if (mh && terrain_is_rough((enum terrain)mh->terrain))
			return false;
	}
	return true;
}

/* 7.15, 7.16, 6.77: the other side's facing reactions to mover's step
 * from `was` to where it stands now. */
static void facing_offers(struct game *g, int mover,
			  const struct footprint *was)
{
	const struct unit *m = &g->units[mover];
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (u->side == m->side || !game_unit_in_play(u) || u->routed ||
		    u->at.in_column || g->react.faced[i])
			continue;
		if (unit_engaged(g, u)) /* 10.41 bullet 1: no facing change */
			continue;
		if (unit_is_two_hex(u) || unit_has(g, u, TRAIT_PHALANX)) {
			/* 7.16: the mover enters one of its Rear hexes (GBA
			 * 7.16: single-hex units alone react: variants.ini) */
			if (tables_variant(g->tables, RV_PHALANX_REVERSE) ==
				    PHALANX_REVERSE_NONE ||
			    !fp_in_rear(&u->at, &m->at) ||
			    fp_in_rear(&u->at, was) ||
			    !reverse_eligible(g, u, mover) ||
			    offered(g, RK_REVERSE, i))
				continue;
			struct unit *st[2];
			if (stack_of(g, u, st) > 1 && st[0] != u)
				continue; /* the stack's offer is its top's */
			offer(g, RK_REVERSE, u, mover);
			continue;
		}
		/* 7.15: the mover comes adjacent */
		if (!fp_adjacent(&u->at, &m->at) || fp_adjacent(&u->at, was) ||
		    in_other_enemy_zoc(g, u, mover) || offered(g, RK_FACE, i))
			continue;
		struct unit *st[2];
		int n = stack_of(g, u, st);
		if (n > 1 && st[0] != u)
			continue; /* 6.67: one offer for the stack, its top */
		bool ok = true;
		for (int k = 0; k < n; k++)
			if (g->react.faced[uidx(g, st[k])] ||
			    st[k]->at.in_column || st[k]->routed)
				ok = false;
		if (ok)
			offer(g, RK_FACE, u, mover);
	}
}

/* The other side's offers at this instant, in the order of the window. */
static void collect(struct game *g, int mover, const struct footprint *was,
		    bool at_start)
{
	ow_collect(g, mover, at_start); /* 6.5, 9.21 */
	if (!at_start)
		elcav_collect(g, mover, was); /* 9.16 */
	if (!at_start)
		facing_offers(g, mover, was); /* 7.15, 7.16 */
	pw_collect(g, mover, at_start);	      /* 6.83 */
	if (!at_start)
		leader_withdraw_collect(g, mover); /* 4.72 */
	if (!at_start)
		rfire_collect(g, mover, was); /* 8.21, 8.22 */
	if (!at_start)
		mle_collect(g, mover, was); /* 9.67 */
}

/* 8.55: an advance after combat: reaction facing only (no Orderly
 * Withdrawal 6.51, no Shock markers 7.32) */
void reactions_after_advance(struct game *g, int mover,
			     const struct footprint *was)
{
	if (mover < 0 || mover >= g->nunits || !was)
		return;
	const struct unit *u = &g->units[mover];
	if (!game_unit_in_play(u) || u->routed)
		return;
	facing_offers(g, mover, was); /* 7.15, 7.16 */
}

void reactions_at_move_start(struct game *g, int mover)
{
	struct reaction_state *s = &g->react;
	if (mover < 0 || mover >= g->nunits)
		return;
	s->moving = mover;
	s->moving_was = g->units[mover].at;
	s->entered = false;
	collect(g, mover, &g->units[mover].at, true);
}

void reactions_after_step(struct game *g, int mover)
{
	struct reaction_state *s = &g->react;
	if (mover < 0 || mover >= g->nunits)
		return;
	struct unit *u = &g->units[mover];
	if (s->moving != mover) {
		s->moving = mover;
		s->moving_was = u->at;
	}
	struct footprint was = s->moving_was;
	if (!hex_eq(was.hex[0], u->at.hex[0]) ||
	    !hex_eq(was.hex[1], u->at.hex[1]))
		s->entered = true;
	if (!game_unit_in_play(u) || u->routed) {
		s->moving_was = u->at;
		return;
	}
	shock_markers(g, mover); /* 7.32: before any reaction */
	collect(g, mover, &was, false);
	/* 7.15, 6.5, 4.72: the unit moving with it raises its own offers */
	const struct orders_state *o = &g->ord;
	if (o->moving && o->mover_unit == mover && o->stack_mate >= 0 &&
	    o->stack_mate < g->nunits &&
	    game_unit_in_play(&g->units[o->stack_mate]) &&
	    !g->units[o->stack_mate].routed) {
		struct footprint mw = was;
		mw.facing = g->units[o->stack_mate].at.facing;
		collect(g, o->stack_mate, &mw, false);
	}
	s->moving_was = u->at;
}

/* 7.31, 7.32: a may-shock unit's owner chooses as it finishes its move
 * (each unit of a moving stack) */
void reactions_at_move_end(struct game *g, int mover)
{
	struct reaction_state *s = &g->react;
	if (mover < 0 || mover >= g->nunits)
		return;
	if (s->moving == mover)
		s->moving = -1;
	struct unit *st[2];
	int n = stack_of(g, &g->units[mover], st);
	for (int k = 0; k < n; k++) {
		const struct unit *u = st[k];
		int i = uidx(g, u);
		if (!s->contact[i] || u->shock_must ||
		    duty_of(g, u) != SHOCK_MAY || !enemy_in_zoc_of(g, u) ||
		    offered(g, RK_SHOCK_MARK, i))
			continue;
		offer(g, RK_SHOCK_MARK, u, mover);
	}
}

/* 7.32, 8.4 */
void reactions_shock_segment_end(struct game *g)
{
	int n = 0;
	for (int i = 0; i < g->nunits; i++)
		if (g->units[i].shock_must) {
			g->units[i].shock_must = false;
			n++;
		}
	if (!n)
		return;
	struct event e;
	event_init(&e, "shock_markers_removed");
	event_add(&e, "count", "%d", n);
	event_add(&e, "rule", "8.4");
	game_emit(g, &e);
}

/* ---- answering ---- */

/* 7.15, 7.16, 6.44's example: DR + (mover's MA - reactor's MA); hits the
 * modified DR minus the TQ, at least 1 whatever the DR; cavalry turning
 * to infantry is exempt. */
/* 7.15: the hits of that check on a modified roll dr against tq */
static int facing_check_hits(int dr, int tq)
{
	int hits = tq_check_hits(dr, tq);
	return hits < 1 ? 1 : hits; /* 7.15: at least 1, whatever the DR */
}

/* 7.15 Exception: cavalry turning to face infantry makes no check */
static bool facing_check_exempt(const struct game *g, const struct unit *u,
				const struct unit *mover)
{
	return unit_has(g, u, TRAIT_CAVALRY) &&
	       unit_has(g, mover, TRAIT_INFANTRY);
}

/* GBA 7.16 (R104): a modified roll over the TQ routs the unit */
static bool facing_failure_routs(const struct game *g)
{
	return tables_variant(g->tables, RV_FACING_FAILURE) ==
	       FACING_FAILURE_ROUT;
}

bool reaction_facing_odds(const struct game *g, const struct unit *u,
			  const struct unit *mover, struct odds *o)
{
	odds_init(o, 10, "7.15");
	if (!u || !mover || facing_check_exempt(g, u, mover))
		return false;
	int drm = mover_ma(mover) - u->ma, tq = unit_tq_now(g, u);
	for (int d = 0; d < 10; d++) {
		if (facing_failure_routs(g)) {
			/* the value: hits enough to reach the TQ (10.14) */
			int to_tq = tq - u->hits > 1 ? tq - u->hits : 1;
			if (d + drm > tq)
				odds_face(o, d, to_tq, "rout");
			else
				odds_face(o, d, 0, "nothing");
			continue;
		}
		int hits = facing_check_hits(d + drm, tq);
		odds_face(o, d, hits, "%d hit%s", hits, hits == 1 ? "" : "s");
	}
	return true;
}

/* 10.14: the chance that the hits of odds o rout u (its hits reach
 * its TQ), in whole percent */
static int rout_percent(const struct game *g, const struct unit *u,
			const struct odds *o)
{
	int faces = 0;
	for (int j = 0; j < o->n; j++)
		if (u->hits + o->out[j].value >= unit_tq_now(g, u))
			faces += o->out[j].faces;
	return o->rolls ? (faces * 100 + o->rolls / 2) / o->rolls : 0;
}

/* 7.15, 7.16, 10.14: what u's reaction facing change against mover
 * costs, in words, into buf */
static void facing_words(const struct game *g, const struct unit *u,
			 const struct unit *mover, const char *rule, char *buf,
			 size_t n)
{
	struct odds od;
	char list[160];
	if (!reaction_facing_odds(g, u, mover, &od)) {
		snprintf(buf, n, "%s turns with no check (7.15)", u->id);
		return;
	}
	odds_list(&od, list, sizeof list);
	snprintf(buf, n, "turning costs %s a check (%s): %s; it routs %d%% "
			 "(10.14)",
		 u->id, rule, list, rout_percent(g, u, &od));
}

void reactions_pending_odds(const struct game *g, char *buf, size_t n)
{
	if (!n)
		return;
	buf[0] = '\0';
	int i = reactions_first_offer(g);
	if (i < 0)
		return;
	const struct reaction_offer *o = &g->react.offers[i];
	if (o->unit < 0 || o->unit >= g->nunits)
		return; /* an offer to a leader (4.72): no die of a unit's */
	const struct unit *u = &g->units[o->unit];
	struct odds od;
	char list[160];
	switch (o->kind) {
	case RK_FACE:
	case RK_REVERSE:
		facing_words(g, u, &g->units[o->trigger],
			     o->kind == RK_FACE ? "7.15" : "7.16", buf, n);
		break;
	case RK_HD: /* 8.33: the target may turn as 7.15 allows */
		if (harass_face_unit(g) == o->unit)
			facing_words(g, u, &g->units[o->trigger], "8.33, 7.15",
				     buf, n);
		break;
	case RK_WITHDRAW:
		if (!withdrawal_odds(g, i, &od))
			break;
		odds_list(&od, list, sizeof list);
		snprintf(buf, n, "withdrawing costs %s (6.52, 6.53): %s, and "
				 "the hexes' own",
			 u->id, list);
		break;
	case RK_FIRE:
		if (!rfire_offer_odds(g, i, &od))
			break;
		odds_list(&od, list, sizeof list);
		snprintf(buf, n, "%s's volley (8.15): %s", u->id, list);
		break;
	default:
		break;
	}
}

int reactions_facing_odds_text(const struct game *g, char *out, size_t n)
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
		if ((o->kind != RK_FACE && o->kind != RK_REVERSE) ||
		    o->side != side || o->state != RO_OPEN)
			continue;
		struct unit *st[2];
		int ns = stack_of((struct game *)g, &g->units[o->unit], st);
		for (int k = 0; k < ns; k++) {
			struct odds od;
			if (!reaction_facing_odds(g, st[k],
						  &g->units[o->trigger], &od))
				continue;
			char item[256], list[200];
			odds_list(&od, list, sizeof list);
			size_t il = (size_t)snprintf(item, sizeof item,
						     "%s%s %s", told ? "; " : "",
						     st[k]->id, list);
			if (il >= sizeof item || len + il >= n)
				return told; /* what does not fit is left out */
			memcpy(out + len, item, il + 1);
			len += il;
			told++;
		}
	}
	return told;
}

int reaction_facing_check(struct game *g, struct unit *u,
			  const struct unit *mover, const char *rule)
{
	if (!u || !mover || !game_unit_in_play(u))
		return 0;
	struct event e;
	if (facing_check_exempt(g, u, mover)) {
		event_init(&e, "reaction_check");
		event_add(&e, "unit", "%s", u->id);
		event_add(&e, "by", "%s", mover->id);
		event_add(&e, "exempt", "cavalry_vs_infantry");
		event_add(&e, "hits", "0");
		event_add(&e, "rule", "7.15");
		game_emit(g, &e);
		return 0;
	}
	int drm = mover_ma(mover) - u->ma;
	game_roll_begin(&e, "reaction_check");
	event_add(&e, "unit", "%s", u->id);
	int die = game_roll_die(g, &e);
	event_add(&e, "drm", "%+d", drm);
	event_add(&e, "rule", "%s", rule);
	game_emit(g, &e);
	int dr = die + drm, tq = unit_tq_now(g, u);
	bool routs = facing_failure_routs(g); /* GBA 7.16 */
	int hits = routs ? 0 : facing_check_hits(dr, tq);
	event_init(&e, "reaction_check");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "by", "%s", mover->id);
	event_add(&e, "mover_ma", "%d", mover_ma(mover));
	event_add(&e, "ma", "%d", u->ma);
	event_add(&e, "dr", "%d", dr);
	event_add(&e, "tq", "%d", tq);
	event_add(&e, "hits", "%d", hits);
	if (routs)
		event_add(&e, "result", "%s", dr > tq ? "rout" : "passed");
	event_add(&e, "rule", "%s", rule);
	game_emit(g, &e);
	if (routs) {
		if (dr > tq && !u->routed)
			rout_begin(g, uidx(g, u), rule);
		return 0;
	}
	cohesion_hits(g, u, hits, "reaction_facing", rule);
	return hits;
}

static const char *side_name(const struct game *g, int s)
{
	if (s < 0 || s > 1)
		return "-";
	return g->battle && g->battle->sides[s].id[0] ? g->battle->sides[s].id
						      : (s ? "side1" : "side0");
}

/* The gate of every answer: a reaction of this kind is open for unit
 * (or the stack it is in), and its side owes the decision now. */
static int answer_gate(struct game *g, int kind, int unit, struct cmd_result *r)
{
	if (rout_pending(g) && !rampage_waiting(g)) { /* 9.14, 6.51 */
		char t[CMD_REASON_MAX];
		rout_pending_text(g, t, sizeof t);
		cmd_refuse(r, "10.22", "a rout move waits: %s", t);
		return -1;
	}
	const struct reaction_state *s = &g->react;
	const struct unit *u = &g->units[unit];
	for (int i = 0; i < s->noffers; i++) {
		const struct reaction_offer *o = &s->offers[i];
		if (o->kind != kind || o->state != RO_OPEN || o->unit < 0)
			continue;
		const struct unit *ou = &g->units[o->unit];
		if (o->unit != unit && !(ou->side == u->side &&
					 hex_eq(ou->at.hex[0], u->at.hex[0])))
			continue;
		if (reactions_decision_side(g) != o->side) {
			char t[CMD_REASON_MAX];
			reactions_pending_text(g, t, sizeof t);
			cmd_refuse(r, reactions_pending_rule(g), "%s", t);
			return -1;
		}
		return i;
	}
	cmd_refuse(r, reaction_kind_rule(kind), "no %s reaction is open for %s",
		   reaction_kind_name(kind), u->id);
	return -1;
}

/* 7.23: a reaction facing change that puts the mover in the reactor's
 * ZOC stops its move there (RULINGS proposal in doc-parts/reactions) */
static void mover_caught(struct game *g, const struct unit *reactor, int mv)
{
	if (mv < 0 || mv >= g->nunits)
		return;
	const struct unit *m = &g->units[mv];
	struct move *om = &g->ord.move;
	if (!g->ord.moving || g->ord.mover_unit != mv || om->stopped)
		return;
	bool in = false;
	for (int k = 0; k < 2; k++)
		if (!hex_is_none(m->at.hex[k]) &&
		    zoc_exerted_into(g, reactor, m->at.hex[k]))
			in = true;
	if (!in)
		return;
	/* 6.69 (a ruling; the soak, mixed drill seed 1849): a mover
	 * passing through a friend's hex it may not stop in is not stopped
	 * there; it goes on, as 6.63's second example moves a router one
	 * hex more, and 7.23 stops it where it next may stop */
	const struct unit *mate =
		om->as_stack && om->stack_mate >= 0 &&
				om->stack_mate < g->nunits
			? &g->units[om->stack_mate]
			: NULL;
	const char *srule = NULL;
	if (stacking_stop_refusal(g, m, mate, &srule))
		return;
	om->stopped = true;
	om->stop_rule = "7.23";
	struct event e;
	event_init(&e, "move_stopped");
	event_add(&e, "unit", "%s", m->id);
	event_add(&e, "by", "%s", reactor->id);
	event_add(&e, "why", "now_in_enemy_zoc");
	event_add(&e, "rule", "7.23");
	game_emit(g, &e);
}

static void face_event(struct game *g, const char *kind, const struct unit *u,
		       int from, const struct unit *mover, const char *rule)
{
	struct event e;
	event_init(&e, kind);
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "from", "%s", facing_name((enum facing)from));
	event_add(&e, "to", "%s", facing_name((enum facing)u->at.facing));
	event_add(&e, "by", "%s", mover->id);
	event_add(&e, "rule", "%s", rule);
	game_emit(g, &e);
}

/* 7.15, 6.67, 7.14: react face UNIT FACING */
void reactions_face(struct game *g, const char *unit, const char *facing,
		    struct cmd_result *r)
{
	int ui = find_unit(g, unit);
	if (ui < 0) {
		cmd_refuse(r, NULL, "no unit %s", unit);
		return;
	}
	int f = facing_parse(facing);
	if (f < 0) {
		cmd_malformed(r, "react face UNIT FACING: one of NE E SE SW W "
				 "NW");
		return;
	}
	if (harass_pending(g)) { /* 8.33: the target of an H&D */
		harass_react_face(g, ui, f, r);
		return;
	}
	int oi = answer_gate(g, RK_FACE, ui, r);
	if (oi < 0)
		return;
	struct reaction_offer *o = &g->react.offers[oi];
	struct unit *st[2];
	int n = stack_of(g, &g->units[o->unit], st);
	if (st[0]->routed ||
	    !fp_adjacent(&st[0]->at, &g->units[o->trigger].at)) {
		cmd_refuse(r, "7.15",
			   "%s is no longer next to %s: decline with no "
			   "reaction",
			   st[0]->id, g->units[o->trigger].id);
		return;
	}
	if (facing_vertices((enum facing)st[0]->at.facing, (enum facing)f) !=
	    1) {
		cmd_refuse(r, "7.15",
			   "a reaction facing change is one vertex: %s faces "
			   "%s",
			   st[0]->id,
			   facing_name((enum facing)st[0]->at.facing));
		return;
	}
	struct move_step cost[2];
	for (int k = 0; k < n; k++)
		if (!unit_facing_change_cost(g, st[k], (enum facing)f,
					     &cost[k])) {
			cmd_refuse(r, cost[k].rule ? cost[k].rule : "7.15",
				   "%s: %s", st[k]->id,
				   cost[k].refusal ? cost[k].refusal
						   : "may not turn");
			return;
		}
	const struct unit *mover = &g->units[o->trigger];
	bool exempt = unit_has(g, mover, TRAIT_INFANTRY);
	for (int k = 0; k < n; k++) {
		int from = st[k]->at.facing;
		st[k]->at.facing = f; /* 6.67: the stack keeps one facing */
		g->react.faced[uidx(g, st[k])] = true;
		face_event(g, "reaction_facing", st[k], from, mover, "7.15");
	}
	for (int k = 0; k < n; k++) {
		/* 7.14 in Rough; none for cavalry turning to infantry (7.15
		 * Exception: no adverse effect) */
		bool cav = unit_has(g, st[k], TRAIT_CAVALRY) && exempt;
		if (cost[k].cost.hits > 0 && !cav)
			cohesion_hits(g, st[k], cost[k].cost.hits,
				      "facing_in_rough", "7.14");
		reaction_facing_check(g, st[k], mover, "7.15");
	}
	reaction_offer_done(g, oi);
	mover_caught(g, st[0], uidx(g, mover));
	for (int k = 0; k < n; k++) /* 8.21: fire after turning */
		rfire_after_facing(g, uidx(g, st[k]), uidx(g, mover));
}

/* 7.16, 6.45: react reverse UNIT */
void reactions_reverse(struct game *g, const char *unit, struct cmd_result *r)
{
	int ui = find_unit(g, unit);
	if (ui < 0) {
		cmd_refuse(r, NULL, "no unit %s", unit);
		return;
	}
	int oi = answer_gate(g, RK_REVERSE, ui, r);
	if (oi < 0)
		return;
	struct reaction_offer *o = &g->react.offers[oi];
	struct unit *st[2];
	int n = stack_of(g, &g->units[o->unit], st);
	const struct unit *mover = &g->units[o->trigger];
	for (int k = 0; k < n; k++) {
		/* 6.45: the same two hexes, the opposite vertex */
		int from = st[k]->at.facing;
		st[k]->at.facing = (from + 3) % FACING_COUNT;
		g->react.faced[uidx(g, st[k])] = true;
		face_event(g, "reverse_face", st[k], from, mover, "7.16");
	}
	for (int k = 0; k < n; k++)
		reaction_facing_check(g, st[k], mover, "7.16");
	reaction_offer_done(g, oi);
	mover_caught(g, st[0], uidx(g, mover));
}

/* 7.31, 7.32: shock mark UNIT | shock none UNIT */
void reactions_shock_mark(struct game *g, const char *unit, bool mark,
			  struct cmd_result *r)
{
	int ui = find_unit(g, unit);
	if (ui < 0) {
		cmd_refuse(r, NULL, "no unit %s", unit);
		return;
	}
	int oi = answer_gate(g, RK_SHOCK_MARK, ui, r);
	if (oi < 0)
		return;
	struct unit *u = &g->units[g->react.offers[oi].unit];
	if (mark) {
		u->shock_must = true;
		marker_event(g, u, "chosen");
	} else {
		struct event e;
		event_init(&e, "shock_declined");
		event_add(&e, "unit", "%s", u->id);
		event_add(&e, "rule", "7.31");
		game_emit(g, &e);
	}
	reaction_offer_done(g, oi);
}

/* One offer declined: done (4.72's leader is the withdrawal code's). */
static void decline(struct game *g, int i)
{
	if (g->react.offers[i].kind == RK_LEADER_WITHDRAW)
		leader_withdraw_declined(g, i);
	else
		reaction_offer_done(g, i);
}

/* 7.15, 7.16, 6.5, 4.72, 7.32: the side that owes the decision declines
 * all its open offers */
void reactions_no_reaction(struct game *g, struct cmd_result *r)
{
	if (rout_pending(g) && !rampage_waiting(g)) { /* 9.14, 6.51 */
		char t[CMD_REASON_MAX];
		rout_pending_text(g, t, sizeof t);
		cmd_refuse(r, "10.22", "a rout move waits: %s", t);
		return;
	}
	int side = reactions_decision_side(g);
	if (side < 0) {
		cmd_refuse(r, "7.15", "no reaction is offered now");
		return;
	}
	struct reaction_state *s = &g->react;
	int n = s->noffers, declined = 0;
	int to_answer[REACTION_OFFERS_MAX];
	bool line = false, must = false;
	for (int i = 0; i < n; i++) {
		if (s->offers[i].state != RO_OPEN || s->offers[i].side != side)
			continue;
		if (s->offers[i].must) /* 9.16: cavalry before an elephant */
			must = true;
		else if (s->offers[i].line) /* 6.57: a Line's units may not */
			line = true;
		else
			to_answer[declined++] = i;
	}
	if (!declined && must) {
		cmd_refuse(r, "9.16",
			   "cavalry an elephant came next to must withdraw "
			   "(withdraw UNIT HEX)");
		return;
	}
	if (!declined && line) {
		cmd_refuse(r, "6.57",
			   "the Line withdraws: every unit of it must "
			   "withdraw (withdraw UNIT HEX)");
		return;
	}
	if (!declined) {
		char t[CMD_REASON_MAX];
		reactions_pending_text(g, t, sizeof t);
		cmd_refuse(r, reactions_pending_rule(g), "%s", t);
		return;
	}
	/* the last one answered closes the window (when nothing else is
	 * open); the offers stay readable until then */
	for (int k = 0; k < declined; k++) {
		const struct reaction_offer o = s->offers[to_answer[k]];
		if (o.kind == RK_HD) { /* 8.33: the volleys are thrown */
			harass_go_on(g, to_answer[k], r);
			if (r->status != CMD_OK)
				return;
			continue;
		}
		struct event e;
		event_init(&e, "reaction_declined");
		event_add(&e, "kind", "%s", reaction_kind_name(o.kind));
		event_add(&e, o.leader >= 0 ? "leader" : "unit", "%s",
			  reaction_offer_who(g, &o));
		event_add(&e, "side", "%s", side_name(g, side));
		event_add(&e, "rule", "%s", reaction_kind_rule(o.kind));
		game_emit(g, &e);
		decline(g, to_answer[k]);
	}
}

/* ---- legal, show ---- */

/* 7.15: whether `react face` for offer o to facing f would be accepted:
 * reactions_face's checks, changing nothing (soak: drill seed 978 found a
 * facing listed after the trigger had moved away, then refused) */
static bool face_answerable(const struct game *g,
			    const struct reaction_offer *o, int f)
{
	const struct unit *u = &g->units[o->unit];
	const struct unit *at[4], *st[2];
	int na = game_units_at(g, u->at.hex[0], at, 4);
	int n = 0;
	for (int i = 0; i < na && n < 2; i++)
		if (at[i]->side == u->side && game_unit_in_play(at[i]))
			st[n++] = at[i];
	if (n == 0)
		st[n++] = u;
	if (st[0]->routed || o->trigger < 0 || o->trigger >= g->nunits ||
	    !fp_adjacent(&st[0]->at, &g->units[o->trigger].at))
		return false;
	if (facing_vertices((enum facing)st[0]->at.facing, (enum facing)f) !=
	    1)
		return false;
	struct move_step cost;
	for (int k = 0; k < n; k++)
		if (!unit_facing_change_cost(g, st[k], (enum facing)f, &cost))
			return false;
	return true;
}

int reactions_legal(const struct game *g, struct decision_answer *out, int max)
{
	int n = 0;
	int side = reactions_decision_side(g);
	if (side < 0 || (rout_pending(g) && !rampage_waiting(g)))
		return 0;
	const struct reaction_state *s = &g->react;
	bool any_open = false, withdrawals = false, fires = false;
	for (int i = 0; i < s->noffers; i++) {
		const struct reaction_offer *o = &s->offers[i];
		if (o->side != side || o->state == RO_DONE)
			continue;
		if (o->state == RO_OPEN && !o->line && !o->must) /* 6.57, 9.16 */
			any_open = true;
		const char *id = reaction_offer_who(g, o);
		switch (o->kind) {
		case RK_SHOCK_MARK:
			decision_add(out, max, &n, side, "7.32",
				     "shock mark %s", id);
			decision_add(out, max, &n, side, "7.31",
				     "shock none %s", id);
			break;
		case RK_FACE: {
			int f = g->units[o->unit].at.facing;
			for (int d = 5; d <= 7; d += 2)
				if (face_answerable(g, o, (f + d) % 6))
					decision_add(out, max, &n, side, "7.15",
						     "react face %s %s", id,
						     facing_name((enum facing)(
							     (f + d) % 6)));
			break;
		}
		case RK_REVERSE:
			decision_add(out, max, &n, side, "7.16",
				     "react reverse %s", id);
			break;
		case RK_WITHDRAW:
		case RK_LEADER_WITHDRAW:
			withdrawals = true;
			break;
		case RK_FIRE:
			fires = true;
			break;
		case RK_HD: /* 8.33 */
			if (n < max)
				n += harass_legal(g, out + n, max - n);
			break;
		default:
			break;
		}
	}
	if (withdrawals && n < max) /* 6.5, 4.72: the withdraw commands */
		n += ow_legal(g, out + n, max - n);
	n += pw_legal(g, out + n, max - n); /* 6.83 */
	if (fires && n < max) /* 8.2, 6.55: react fire */
		n += rfire_legal(g, out + n, max - n);
	if (n < max) /* 9.67: react extend */
		n += mle_legal(g, out + n, max - n);
	if (any_open)
		decision_add(out, max, &n, side, reactions_pending_rule(g),
			     "no reaction");
	return n;
}

void reactions_show(const struct game *g, struct cmd_result *r)
{
	const struct reaction_state *s = &g->react;
	struct event e;
	event_init(&e, "reactions");
	event_add(&e, "pending", "%s", reactions_pending(g) ? "yes" : "no");
	int side = reactions_decision_side(g);
	event_add(&e, "side", "%d", side);
	event_add(&e, "army", "%s", side_name(g, side));
	if (s->trigger >= 0 && s->trigger < g->nunits)
		event_add(&e, "mover", "%s", g->units[s->trigger].id);
	if (reactions_pending(g))
		event_add(&e, "rule", "%s", reactions_pending_rule(g));
	cmd_output(r, &e);
	for (int i = 0; i < s->noffers; i++) {
		const struct reaction_offer *o = &s->offers[i];
		static const char *const states[] = {"open", "taken", "done"};
		event_init(&e, "reaction");
		event_add(&e, "kind", "%s", reaction_kind_name(o->kind));
		event_add(&e, o->leader >= 0 ? "leader" : "unit", "%s",
			  reaction_offer_who(g, o));
		event_add(&e, "side", "%d", o->side);
		event_add(&e, "state", "%s",
			  o->state >= 0 && o->state <= RO_DONE
				  ? states[o->state]
				  : "?");
		if (o->trigger >= 0 && o->trigger < g->nunits)
			event_add(&e, "by", "%s", g->units[o->trigger].id);
		event_add(&e, "rule", "%s", reaction_kind_rule(o->kind));
		cmd_output(r, &e);
	}
	for (int i = 0; i < g->nunits; i++) {
		if (!s->faced[i] && !s->contact[i] && !g->units[i].shock_must)
			continue;
		event_init(&e, "reaction_marks");
		event_add(&e, "unit", "%s", g->units[i].id);
		event_add(&e, "faced", "%s", s->faced[i] ? "yes" : "no");
		event_add(&e, "contact", "%s", s->contact[i] ? "yes" : "no");
		event_add(&e, "shock_must", "%s",
			  g->units[i].shock_must ? "yes" : "no");
		event_add(&e, "rule", "7.15");
		cmd_output(r, &e);
	}
}
