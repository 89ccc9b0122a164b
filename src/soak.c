/* soak.c — invariants of a game in play, checked by the soak after every
 * accepted command, and the reload check (soak.h).
 *
 * Each check reads struct game only and asks the rules modules their own
 * questions (stacking_units_in, stacking_stop_refusal, unit_exerts_zoc,
 * footprint_check, unit_rout_points, reinf_index), so a check disagrees
 * with the engine only when the state itself is wrong. */
#include "soak.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/gamefile.h"
#include "maniple/map.h"
#include "maniple/movement.h"
#include "maniple/reinforcements.h"
#include "maniple/sequence.h"
#include "maniple/stacking.h"

struct sink {
	struct soak_failure *out;
	int max, n;
};

static void fail(struct sink *k, const char *name, const char *fmt, ...)
{
	if (k->n < k->max) {
		struct soak_failure *f = &k->out[k->n];
		f->name = name;
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(f->why, sizeof f->why, fmt, ap);
		va_end(ap);
	}
	k->n++;
}

static void hexs(struct hex h, char *b, size_t n)
{
	hex_format(h, b, n);
}

/* The units whose move is open right now: an order's mover and the
 * stack mate moving with it (6.64), a unit withdrawing (6.5) and a
 * router under way (10.21).  They
 * may stand in a hex they could not stop in; the check waits for their
 * move's end. */
static bool moving_now(const struct game *g, int i)
{
	if (g->ord.moving &&
	    (g->ord.mover_unit == i || g->ord.stack_mate == i))
		return true;
	/* 6.5: a unit in its Orderly Withdrawal (the offer taken) */
	int t = g->react.taken;
	if (t >= 0 && t < g->react.noffers && g->react.offers[t].unit == i)
		return true;
	return g->rout.unit == i;
}

/* A unit that shares a hex with a unit whose move is open: the mover may
 * be passing through (6.69), and the move's end is checked by the orders
 * code (orders_move_may_end) before anything else happens. */
static bool passed_now(const struct game *g, const struct unit *u)
{
	for (int j = 0; j < g->nunits; j++) {
		const struct unit *o = &g->units[j];
		if (o == u || !moving_now(g, j) || !game_unit_in_play(o))
			continue;
		for (int h = 0; h < 2; h++)
			if (!hex_is_none(o->at.hex[h]) &&
			    footprint_occupies(&u->at, o->at.hex[h]))
				return true;
	}
	return false;
}

/* 6.61, 6.62, 6.69, 9.51: no hex holds units of both sides or more than
 * STACK_MAX counting friends; a unit at rest may stay where it is
 * (stacking_stop_refusal: a phalanx with a friend, a forbidden pair). */
static void check_stacking(const struct game *g, struct sink *k)
{
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (!game_unit_in_play(u))
			continue;
		for (int h = 0; h < 2; h++) {
			struct hex x = u->at.hex[h];
			if (hex_is_none(x))
				continue;
			char b[16];
			hexs(x, b, sizeof b);
			const struct unit *o[8];
			int n = game_units_at(g, x, o, 8);
			for (int j = 0; j < n; j++)
				if (o[j]->side != u->side &&
				    game_unit_in_play(o[j]) && o[j] > u)
					fail(k, "stacking",
					     "6.62: %s and the enemy %s share "
					     "hex %s",
					     u->id, o[j]->id, b);
			/* report a crowded hex once: from its first unit;
			 * a mover passing through (6.69) is not counted */
			const struct unit *f[8];
			int nf = stacking_units_in(g, x, u->side, NULL, NULL,
						   f, 8);
			bool passing = false;
			for (int q = 0; q < nf; q++)
				passing = passing ||
					  moving_now(g, (int)(f[q] - g->units));
			if (nf > STACK_MAX && !passing && stacking_counts(u) &&
			    f[nf - 1] == u)
				fail(k, "stacking",
				     "6.61: hex %s holds %d units of side %d",
				     b, nf, u->side);
		}
		if (moving_now(g, i) || u->routed || passed_now(g, u))
			continue;
		const struct unit *mate = stacking_mate(g, u);
		if (mate && (mate->routed ||
			     moving_now(g, (int)(mate - g->units)) ||
			     mate > u))
			continue;
		/* the chart (6.69) reads mover against stationary: a stack
		 * stands when either of its units may stop on the other
		 * (which one moved in is history an `order restack` hides) */
		const char *rule = NULL, *rule2 = NULL;
		const char *why = stacking_stop_refusal(g, u, NULL, &rule);
		if (why && mate && !stacking_stop_refusal(g, mate, NULL, &rule2))
			why = NULL;
		if (why)
			fail(k, "stacking", "%s: %s%s%s may not stand where it "
			     "is: %s",
			     rule ? rule : "6.6", u->id, mate ? " with " : "",
			     mate ? mate->id : "", why);
	}
}

/* 10.1: cohesion hits are a count of markers, never below zero; 10.16's
 * recovery likewise; leaders' wounds (TABLES 6) too. */
static void check_hits(const struct game *g, struct sink *k)
{
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (u->hits < 0)
			fail(k, "hits", "10.1: %s has %d hits", u->id, u->hits);
		if (u->recovered < 0)
			fail(k, "hits", "10.16: %s recovered %d hits", u->id,
			     u->recovered);
	}
	for (int i = 0; i < g->nleaders; i++)
		if (g->leaders[i].wounds < 0)
			fail(k, "hits", "%s has %d wounds", g->leaders[i].id,
			     g->leaders[i].wounds);
}

/* 7.21, 10.2: a routed unit exerts no ZOC: zoc.c says it exerts none and
 * no hex next to it is in its ZOC. */
static void check_routed_zoc(const struct game *g, struct sink *k)
{
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (!u->routed || !game_unit_in_play(u))
			continue;
		struct hex z[8];
		if (unit_exerts_zoc(g, u) || zoc_hexes(g, u, z) > 0)
			fail(k, "routed_zoc", "7.21: the routed %s exerts a ZOC",
			     u->id);
	}
}

/* 6.4, HEX.md: every unit on the map stands on the map, and a two-hex
 * unit on two adjacent hexes with a facing its shape allows. */
static void check_footprints(const struct game *g, struct sink *k)
{
	const struct map *m = g->battle ? g->battle->map : NULL;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (!game_unit_in_play(u))
			continue;
		const char *why = footprint_check(&u->at);
		if (why)
			fail(k, "footprint", "6.4: %s: %s", u->id, why);
		if (unit_has(g, u, TRAIT_PHALANX) && !footprint_two_hex(&u->at))
			fail(k, "footprint", "6.4: the phalanx %s stands on "
			     "one hex", u->id);
		for (int h = 0; m && h < 2; h++) {
			if (hex_is_none(u->at.hex[h]) ||
			    map_contains(m, u->at.hex[h]))
				continue;
			char b[16];
			hexs(u->at.hex[h], b, sizeof b);
			fail(k, "footprint", "%s stands on %s, off the map",
			     u->id, b);
		}
	}
}

/* Whether leader a, active, had a casualty roll (4.73, 8.19: the
 * leader_casualty event) since his activation: the events are read back
 * to the last that made him active. */
static bool casualty_now(const struct game *g, int a)
{
	const char *id = g->leaders[a].id;
	for (size_t i = g->events.n; i-- > 0;) {
		const char *who = event_log_get(&g->events, i, "leader");
		if (!who || strcmp(who, id) != 0)
			continue;
		if (event_log_is(&g->events, i, "leader_casualty"))
			return true;
		if (event_log_is(&g->events, i, "activated"))
			return false;
	}
	return false;
}

/* 5.11-5.15, 5.44, 5.52: one leader at most is active, the one the
 * sequence names; a dead leader is off the map and never active; no
 * leader has more than three Orders Phases a turn; the decisions that
 * need an active leader have one, those that choose one have none. */
static void check_leaders(const struct game *g, struct sink *k)
{
	int a = g->active_leader;
	if (a < -1 || a >= g->nleaders) {
		fail(k, "leaders", "active_leader %d out of range", a);
		return;
	}
	if (a >= 0) {
		const struct leader *l = &g->leaders[a];
		if (l->killed)
			fail(k, "leaders", "4.74: the active leader %s is dead",
			     l->id);
		/* 4.73, 8.19: a casualty may Finish him in his own phase;
		 * it ends at the Momentum phase with no momentum */
		bool hurt = l->state == LS_FINISHED && casualty_now(g, a);
		if (l->state != LS_ACTIVE && !hurt)
			fail(k, "leaders", "5.11: the active leader %s is %s",
			     l->id, leader_state_name(l->state));
		if (hurt && seq_step_now(g) == SEQ_MOMENTUM)
			fail(k, "leaders",
			     "4.73: %s, Finished by a casualty, may attempt "
			     "momentum",
			     l->id);
	}
	for (int i = 0; i < g->nleaders; i++) {
		const struct leader *l = &g->leaders[i];
		/* (a Finished leader need not have been activated: 4.74's
		 * replacement comes in Finished) */
		if (l->killed && l->on_map)
			fail(k, "leaders", "4.74: the dead %s is on the map",
			     l->id);
		if (!l->killed && l->state == LS_ACTIVE && i != a &&
		    g->phase != PHASE_OVER)
			fail(k, "leaders",
			     "5.11: %s is active, the sequence's leader is %s",
			     l->id, a >= 0 ? g->leaders[a].id : "none");
		if (l->activations < 0 || l->activations > 3)
			fail(k, "leaders", "5.14: %s has had %d Orders Phases",
			     l->id, l->activations);
	}
	enum seq_step st = seq_step_now(g);
	if (st == SEQ_ORDERS && (a < 0 || g->phase != PHASE_MOVEMENT))
		fail(k, "leaders",
		     "5.2: an Orders Phase with no active leader (phase %s)",
		     phase_name(g->phase));
	if ((st == SEQ_ACTIVATE || st == SEQ_ELITE) && a >= 0)
		fail(k, "leaders", "5.12: %s is active while the next leader "
		     "is chosen", g->leaders[a].id);
}

/* The index of the unit (or leader) named id, -1 none. */
static int unit_named(const struct game *g, const char *id)
{
	for (int i = 0; i < g->nunits; i++)
		if (strcmp(g->units[i].id, id) == 0)
			return i;
	return -1;
}

static int leader_named(const struct game *g, const char *id)
{
	for (int i = 0; i < g->nleaders; i++)
		if (strcmp(g->leaders[i].id, id) == 0)
			return i;
	return -1;
}

/* 11.1: each side's rout points are the sum of what its eliminations were
 * worth (units routed off the map included, 10.24); every unit
 * eliminated was eliminated once, at its worth; every leader dead now
 * died at his.  (A tribune or praefect placed back by 4.74 keeps the
 * points his death cost: the total is history, so the eliminations are
 * read from the event log, which a reload replays too.) */
static void check_rout_points(const struct game *g, struct sink *k)
{
	int sum[2] = {0, 0};
	int nu[BATTLE_UNITS_MAX] = {0}, rpu[BATTLE_UNITS_MAX] = {0};
	int nl[BATTLE_LEADERS_MAX] = {0}, rpl[BATTLE_LEADERS_MAX] = {0};
	for (size_t i = 0; i < g->events.n; i++) {
		if (!event_log_is(&g->events, i, "eliminated"))
			continue;
		const struct event_log *e = &g->events;
		const char *sd = event_log_get(e, i, "side");
		const char *rp = event_log_get(e, i, "rp");
		int s = sd ? atoi(sd) : -1, v = rp ? atoi(rp) : -1;
		if (rp && (s == 0 || s == 1))
			sum[s] += v;
		const char *who = event_log_get(e, i, "unit");
		int x;
		if (who && (x = unit_named(g, who)) >= 0) {
			nu[x]++;
			rpu[x] = v;
		} else if ((who = event_log_get(e, i, "leader")) &&
			   (x = leader_named(g, who)) >= 0) {
			nl[x]++;
			rpl[x] = v;
		}
	}
	for (int s = 0; s < 2; s++)
		if (sum[s] != g->rout_points[s])
			fail(k, "rout_points",
			     "11.1: side %d has %d rout points, its "
			     "eliminations were worth %d",
			     s, g->rout_points[s], sum[s]);
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		int n = nu[i], rp = rpu[i];
		if (u->eliminated && n != 1)
			fail(k, "rout_points",
			     "11.1: %s was eliminated %d times", u->id, n);
		else if (!u->eliminated && n)
			fail(k, "rout_points",
			     "11.1: %s is in play, yet was eliminated", u->id);
		else if (n == 1 && rp != unit_rout_points(g, u))
			fail(k, "rout_points",
			     "11.1: %s cost %d rout points, it is worth %d",
			     u->id, rp, unit_rout_points(g, u));
	}
	for (int i = 0; i < g->nleaders; i++) {
		const struct leader *l = &g->leaders[i];
		if (!l->killed)
			continue;
		if (nl[i] == 0)
			fail(k, "rout_points",
			     "11.1: %s is dead, with no elimination", l->id);
		else if (rpl[i] != leader_rout_points(g, l))
			fail(k, "rout_points",
			     "11.1: %s cost %d rout points, he is worth %d",
			     l->id, rpl[i], leader_rout_points(g, l));
	}
}

/* 8.64, 10.24, 2.6: a unit not on the map is eliminated, pursuing off
 * it (cavalry, 8.6), or a reinforcement still to come; one on it is
 * neither eliminated nor pursuing off it. */
static void check_off_map(const struct game *g, struct sink *k)
{
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (u->on_map) {
			if (u->eliminated || u->off_map)
				fail(k, "off_map", "%s is on the map and %s",
				     u->id,
				     u->eliminated ? "eliminated"
						   : "off the map pursuing");
			continue;
		}
		if (u->eliminated)
			continue;
		if (u->off_map) {
			if (!unit_has(g, u, TRAIT_CAVALRY))
				fail(k, "off_map",
				     "8.6: %s (%s) is off the map pursuing",
				     u->id, unit_type_name(u->type));
			continue;
		}
		if (reinf_index(g, u->id) < 0)
			fail(k, "off_map",
			     "%s is off the map, neither eliminated, "
			     "pursuing nor a reinforcement (2.6)",
			     u->id);
	}
}

int soak_invariants(const struct game *g, struct soak_failure *out, int max)
{
	struct sink k = {out, max, 0};
	check_stacking(g, &k);
	check_hits(g, &k);
	check_routed_zoc(g, &k);
	check_footprints(g, &k);
	check_leaders(g, &k);
	check_rout_points(g, &k);
	check_off_map(g, &k);
	return k.n;
}

bool soak_reload(const struct session *s, const char *dir, char *why,
		 size_t n)
{
	char path[1024], err[256];
	snprintf(path, sizeof path, "%s/soak.game", dir);
	if (gamefile_write(path, &s->journal, true, err, sizeof err) != 0) {
		snprintf(why, n, "game file not written: %s", err);
		return false;
	}
	struct session r;
	session_init(&r, s->load_battle, s->load_tables, s->loader_user,
		     s->default_seed);
	r.rulesets = s->rulesets;
	struct ini_error ie;
	memset(&ie, 0, sizeof ie);
	bool ok = session_load(&r, path, &ie);
	if (!ok) {
		snprintf(why, n, "the game file does not load: line %d: %s",
			 ie.line, ie.msg);
	} else {
		uint64_t a = game_digest(s->game), b = game_digest(r.game);
		if (a != b) {
			ok = false;
			snprintf(why, n,
				 "digest after reload %016" PRIx64
				 ", in play %016" PRIx64,
				 b, a);
		}
	}
	session_free(&r);
	remove(path);
	return ok;
}
