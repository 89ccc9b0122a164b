/* rampage.c — the Elephant Rampage (SPQR 9.14; 4.82 the leader riding a
 * leader elephant; 6.51 and 4.72 withdrawal before it); see rampage.h.
 *
 * Rulings (also in doc-parts/rampage.md):
 *  R1 9.14 does not say which unit "caused" the rampage: it is the
 *     nearest enemy combat unit when the rampage begins.
 *  R2 "toward" / "away from" a unit is the hexside of the elephant's hex
 *     pointing closest to that bearing (exact ties: the first clockwise
 *     from N).  A first 7-9 with no enemy left: straight back from its
 *     facing.  A 0 with no friendly unit left: it stays where it is.
 *  R3 the elephant faces the vertex just clockwise of its heading (In
 *     Column: the hexside itself).
 *  R4 impassable terrain or a prohibited hexside ahead stops it for that
 *     roll, without hits.
 *  R5 a leader alone in a hex does not stop it: it enters the hex and he
 *     is trampled.  A leader riding a leader elephant (4.82) is never
 *     trampled apart from it: the elephant is the combat unit struck.
 *  R6 6.51: only the units its roll would strike (the first hex with
 *     units on its line, within reach of the roll) are offered Orderly
 *     Withdrawal, the instant it is within 2 hexes of them (or at the
 *     start of the roll); 4.72: only the leaders in the very next hex it
 *     would enter or strike.  One offer per unit or leader per roll.  A
 *     two-hex unit and a leader elephant are not offered (their
 *     withdrawal moves are not the ordinary one-hex withdrawal).
 *  R7 4.82: the leader stays on his leader elephant through the rampage.
 *     Off the map he goes with it (out of play, killed); when it is
 *     eliminated anywhere else, his Leader Casualty check is
 *     unit_eliminate's (leader_elephant_lost, leader_elephant.c).
 *  R8 the 8-hex end is measured from the elephant, after each roll's
 *     move, to the nearest other combat unit of either side. */
#include "maniple/rampage.h"

#include <stdio.h>
#include <string.h>

#include "maniple/dice.h"
#include "maniple/engaged.h"
#include "maniple/event.h"
#include "maniple/leaders.h"
#include "maniple/movement.h"
#include "maniple/reactions.h"
#include "maniple/rout.h"
#include "maniple/triarii.h"
#include "maniple/withdrawal.h"

#define SQRT3	      1.7320508075688772

/* 9.14 (constants.ini [rampage]): eliminated after the 4th roll, 3 hexes
 * per directional roll, ended 8 hexes from any unit; 6.51 ([withdrawal]
 * range): withdrawal the instant it comes within 2 hexes, each read
 * through game_constant */

/* How a roll's move stopped. */
enum rampage_stop { RS_MOVED, RS_CONTACT, RS_BLOCKED };
static const char *const stop_names[] = {"moved", "contact", "blocked"};

void rampage_state_init(struct rampage_state *r)
{
	memset(r, 0, sizeof *r);
	r->unit = -1;
	r->cause = -1;
	r->heading = -1;
	r->from = HEX_NONE;
}

void rampage_state_text(const struct game *g, FILE *f)
{
	const struct rampage_state *r = &g->rampage;
	if (!rampage_under_way(g))
		return;
	char b[16] = "-";
	if (!hex_is_none(r->from))
		hex_format(r->from, b, sizeof b);
	fprintf(f,
		"rampage unit=%s cause=%s rule=%s rolls=%d heading=%s "
		"left=%d moved=%d from=%s waiting=%s\n",
		g->units[r->unit].id,
		r->cause >= 0 && r->cause < g->nunits ? g->units[r->cause].id
						      : "-",
		r->rule[0] ? r->rule : "-", r->rolls,
		r->heading >= 0 ? hexside_name((enum hexside)r->heading) : "-",
		r->hexes_left, r->moved, b, r->waiting ? "yes" : "no");
}

void rampage_pending_text(const struct game *g, char *buf, size_t n)
{
	if (!rampage_waiting(g)) {
		snprintf(buf, n, "no rampage waits");
		return;
	}
	char t[200];
	reactions_pending_text(g, t, sizeof t);
	snprintf(buf, n,
		 "the rampage of %s waits for withdrawals (9.14, "
		 "6.51, 4.72): %s",
		 g->units[g->rampage.unit].id, t);
}

static void fmt(struct hex h, char *buf, size_t n)
{
	hex_format(h, buf, n);
}

/* Centre of a hex on the plane: flat-topped, odd columns lower (HEX.md). */
static void centre(struct hex h, double *x, double *y)
{
	*x = 1.5 * h.col;
	*y = SQRT3 * (h.row + 0.5 * (h.col & 1));
}

/* R2: the hexside of `from` pointing closest to the bearing (vx, vy);
 * exact ties go to the first clockwise from N. */
static int heading_for(struct hex from, double vx, double vy)
{
	double fx, fy;
	centre(from, &fx, &fy);
	int best = SIDE_N;
	double best_dot = -1e300;
	for (int d = 0; d < HEXSIDE_COUNT; d++) {
		double nx, ny;
		centre(hex_neighbour(from, (enum hexside)d), &nx, &ny);
		double dot = (nx - fx) * vx + (ny - fy) * vy;
		if (dot > best_dot + 1e-9) {
			best_dot = dot;
			best = d;
		}
	}
	return best;
}

/* The hex of t's footprint nearest h. */
static struct hex nearest_half(const struct unit *t, struct hex h)
{
	struct hex a = t->at.hex[0];
	if (!hex_is_none(t->at.hex[1]) &&
	    hex_distance(t->at.hex[1], h) < hex_distance(a, h))
		a = t->at.hex[1];
	return a;
}

/* The nearest other combat unit in play: side 0/1, or -1 for either;
 * ties go to the first in the roster.  -1 when none. */
static int nearest_unit(const struct game *g, int el, int side, int *dist)
{
	const struct unit *u = &g->units[el];
	int best = -1, bd = 0;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *t = &g->units[i];
		if (i == el || !game_unit_in_play(t) ||
		    (side >= 0 && t->side != side))
			continue;
		int d = footprint_distance(&t->at, u->at.hex[0]);
		if (best < 0 || d < bd) {
			best = i;
			bd = d;
		}
	}
	if (dist)
		*dist = bd;
	return best;
}

/* R2: the heading toward (sign 1) or directly away from (sign -1) t. */
static int heading_about(const struct game *g, int el, int t, int sign)
{
	struct hex me = g->units[el].at.hex[0];
	struct hex them = nearest_half(&g->units[t], me);
	double mx, my, tx, ty;
	centre(me, &mx, &my);
	centre(them, &tx, &ty);
	return heading_for(me, sign * (tx - mx), sign * (ty - my));
}

int rampage_compass(const struct game *g, int roll)
{
	if (!g || !g->battle || !g->battle->map || roll < 1 || roll > 6)
		return -1;
	int d = (int)g->battle->map->compass[roll - 1];
	return d >= 0 && d < HEXSIDE_COUNT ? d : -1;
}

static bool leader_elephant(const struct unit *u)
{
	return u->leader_elephant[0] != '\0';
}

/* 4.82: the leader riding leader elephant u, -1 when none. */
static int rider(const struct game *g, const struct unit *u)
{
	if (!leader_elephant(u))
		return -1;
	for (int i = 0; i < g->nleaders; i++)
		if (strcmp(g->leaders[i].id, u->leader_elephant) == 0 &&
		    g->leaders[i].on_map && !g->leaders[i].killed)
			return i;
	return -1;
}

/* R5: whether leader li rides a leader elephant (4.82) */
static bool riding(const struct game *g, int li)
{
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (game_unit_in_play(u) && leader_elephant(u) &&
		    strcmp(u->leader_elephant, g->leaders[li].id) == 0)
			return true;
	}
	return false;
}

/* 4.74, 11.1: leader li leaves play, killed (9.14 trampled, or 4.82
 * carried off the map). */
static void leader_killed(struct game *g, int li, const char *rule)
{
	struct leader *l = &g->leaders[li];
	if (l->killed || !l->on_map)
		return;
	l->killed = true;
	l->on_map = false;
	if (g->active_leader == li)
		g->active_leader = -1;
	int rp = leader_rout_points(g, l);
	if (l->side == 0 || l->side == 1)
		g->rout_points[l->side] += rp;
	struct event e;
	event_init(&e, "eliminated");
	event_add(&e, "leader", "%s", l->id);
	event_add(&e, "side", "%d", l->side);
	event_add(&e, "rp", "%d", rp);
	event_add(&e, "cause", "%s", rule);
	event_add(&e, "rule", "11.1");
	game_emit(g, &e);
	leader_fate(g, li); /* 4.74, 4.75, 4.56 */
}

/* 9.14, R5: every leader in h is trampled but a leader elephant's
 * rider; those who could withdraw were offered it first (4.72). */
static void trample(struct game *g, int el, struct hex h)
{
	for (int i = 0; i < g->nleaders; i++) {
		const struct leader *l = &g->leaders[i];
		if (!l->on_map || l->killed || !hex_eq(l->hex, h) ||
		    riding(g, i))
			continue;
		char b[16];
		fmt(h, b, sizeof b);
		struct event e;
		event_init(&e, "rampage_trampled");
		event_add(&e, "leader", "%s", l->id);
		event_add(&e, "by", "%s", g->units[el].id);
		event_add(&e, "hex", "%s", b);
		event_add(&e, "asked", "%s",
			  bits_has(g->rampage.lw_asked, i) ? "yes" : "no");
		event_add(&e, "rule", "9.14");
		game_emit(g, &e);
		leader_killed(g, i, "9.14");
	}
}

/* 9.14: the elephant would enter `to`, where units stand: it stops, they
 * take their hits (both units of a stack: 1 through the front, 2 through
 * a flank or the rear, 2 for cavalry always), a leader there is
 * trampled. */
static void contact(struct game *g, int el, struct hex to)
{
	struct unit *u = &g->units[el];
	const struct unit *at[4];
	int n = game_units_at(g, to, at, 4);
	int idx[4], hits[4], k2 = 0;
	char b[16];
	fmt(to, b, sizeof b);
	for (int k = 0; k < n; k++) {
		const struct unit *t = at[k];
		if (!game_unit_in_play(t))
			continue;
		enum hex_zone z = footprint_zone(&t->at, u->at.hex[0]);
		bool cav = unit_has(g, t, TRAIT_CAVALRY);
		idx[k2] = (int)(t - g->units);
		hits[k2] = cav || z != ZONE_FRONT ? 2 : 1;
		struct event e;
		event_init(&e, "rampage_contact");
		event_add(&e, "unit", "%s", u->id);
		event_add(&e, "target", "%s", t->id);
		event_add(&e, "hex", "%s", b);
		event_add(&e, "side", "%s", hex_zone_name(z));
		event_add(&e, "cavalry", cav ? "yes" : "no");
		event_add(&e, "hits", "%d", hits[k2]);
		event_add(&e, "rule", "9.14");
		game_emit(g, &e);
		k2++;
	}
	trample(g, el, to);
	for (int k = 0; k < k2; k++)
		cohesion_hits(g, &g->units[idx[k]], hits[k], "rampage", "9.14");
}

static void emit_end(struct game *g, const struct unit *u, const char *why)
{
	struct event e;
	event_init(&e, "rampage_end");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "reason", "%s", why);
	event_add(&e, "rule", "9.14");
	game_emit(g, &e);
}

/* 9.14: the elephant leaves play and the rampage is over.  R7: off the
 * map its rider goes with it; anywhere else unit_eliminate makes him
 * check for a casualty (4.82, leader_elephant.c). */
static void eliminate(struct game *g, int el, const char *why)
{
	struct unit *u = &g->units[el];
	emit_end(g, u, why);
	int ride = rider(g, u);
	if (ride >= 0 && strcmp(why, "off_map") == 0)
		leader_killed(g, ride, "4.82");
	unit_eliminate(g, u, "9.14");
}

/* 9.14: the rampage is over: the routs it caused go on (rout queue) */
static void finish(struct game *g)
{
	rampage_state_init(&g->rampage);
	rout_go_on(g);
}

/* 9.14, R4: whether the elephant may enter `to` from `cur` */
static bool blocked(const struct game *g, const struct unit *u, struct hex cur,
		    struct hex to)
{
	const struct map *m = g->battle->map;
	return g->tables ? move_hex_entry_cost(g, u, cur, to).prohibited
			 : map_impassable(m, to);
}

/* ---- 6.51, 4.72: withdrawal before it (R6) ---- */

/* 6.51 Exceptions, 9.21: what unit t may withdraw before the elephant
 * (MP; skirmishers hexes), 0 when it may not */
static int ow_allowance(const struct game *g, const struct unit *t,
			const struct unit *el)
{
	int mma = ow_mover_ma(g, el);
	int ti = (int)(t - g->units);
	if (!game_unit_in_play(t) || t->routed || t->at.in_column ||
	    footprint_two_hex(&t->at) || leader_elephant(t) ||
	    unit_in_enemy_zoc(g, t) || unit_engaged(g, t) ||
	    !triarii_may_move(g, ti, NULL, 0))
		return 0;
	if (unit_has(g, t, TRAIT_SKIRMISHER))
		return mma <= t->ma
			       ? game_constant(g, RC_WITHDRAWAL_SKIRMISHER_HEXES)
			       : 0;
	return t->ma > mma ? t->ma - mma : 0;
}

/* 4.72: whether leader l has a hex to withdraw into, away from u */
static bool leader_way_out(const struct game *g, const struct leader *l,
			   const struct unit *u)
{
	struct move m;
	if (!move_begin_leader(g, l, true, &m))
		return false;
	for (int d = 0; d < HEXSIDE_COUNT; d++) {
		struct hex h = hex_neighbour(l->hex, (enum hexside)d);
		struct move_step s;
		if (move_check_step(g, &m, h, &s) &&
		    footprint_distance(&u->at, h) >
			    footprint_distance(&u->at, l->hex))
			return true;
	}
	return false;
}

/* The hex the roll under way would strike (the first on its line that
 * holds a unit, within reach), and its distance; false when none. */
static bool strike_hex(const struct game *g, int el, struct hex *out, int *dist)
{
	const struct rampage_state *st = &g->rampage;
	const struct unit *u = &g->units[el];
	struct hex cur = u->at.hex[0];
	for (int k = 1; k <= st->hexes_left + 1; k++) {
		struct hex to = hex_neighbour(cur, (enum hexside)st->heading);
		if (!map_contains(g->battle->map, to))
			return false;
		const struct unit *at[4];
		int n = game_units_at(g, to, at, 4);
		for (int i = 0; i < n; i++)
			if (game_unit_in_play(at[i]) && at[i] != u) {
				*out = to;
				*dist = k;
				return true;
			}
		if (k > st->hexes_left || blocked(g, u, cur, to))
			return false;
		cur = to;
	}
	return false;
}

static int offer(struct game *g, const struct reaction_offer *o,
		 const char *who, int mp)
{
	if (reaction_offer_add(g, o) < 0)
		return 0;
	struct event e;
	event_init(&e, "rampage_offer");
	event_add(&e, o->leader >= 0 ? "leader" : "unit", "%s", who);
	event_add(&e, "by", "%s", g->units[o->trigger].id);
	event_add(&e, o->leader >= 0 ? leader_withdrawal_unit(g) : "mp", "%d",
		  mp);
	event_add(&e, "rule", "%s", o->leader >= 0 ? "4.72,9.14" : "6.51,9.14");
	game_emit(g, &e);
	return 1;
}

/* R6: the offers due before the next hex; the count made */
static int offer_withdrawals(struct game *g, int el)
{
	struct rampage_state *st = &g->rampage;
	const struct unit *u = &g->units[el];
	int made = 0;
	/* 4.72: the leaders of the next hex, of either side */
	struct hex next =
		hex_neighbour(u->at.hex[0], (enum hexside)st->heading);
	for (int i = 0; i < g->nleaders && i < BATTLE_LEADERS_MAX; i++) {
		const struct leader *l = &g->leaders[i];
		if (!l->on_map || l->killed || !hex_eq(l->hex, next) ||
		    bits_has(st->lw_asked, i) || riding(g, i))
			continue;
		bits_put(st->lw_asked, i, true);
		if (!leader_way_out(g, l, u)) {
			struct event e;
			event_init(&e, "leader_cannot_withdraw");
			event_add(&e, "leader", "%s", l->id);
			event_add(&e, "by", "%s", u->id);
			event_add(&e, "rule", "4.72,9.14");
			game_emit(g, &e);
			continue;
		}
		struct reaction_offer o = {
			.kind = RK_LEADER_WITHDRAW,
			.side = l->side,
			.unit = -1,
			.leader = i,
			.trigger = el,
			.state = RO_OPEN,
			.mp = leader_withdrawal_reach(g, u), /* GBA 4.62 */
		};
		made += offer(g, &o, l->id, o.mp);
	}
	/* 6.51: the units the roll would strike, once within 2 hexes */
	struct hex s;
	int dist;
	if (!strike_hex(g, el, &s, &dist) || dist > game_constant(g, RC_WITHDRAWAL_RANGE))
		return made;
	const struct unit *at[4];
	int n = game_units_at(g, s, at, 4);
	for (int k = 0; k < n; k++) {
		const struct unit *t = at[k];
		int ti = (int)(t - g->units);
		if (ti < 0 || ti >= BATTLE_UNITS_MAX ||
		    bits_has(st->ow_asked, ti))
			continue;
		bits_put(st->ow_asked, ti, true);
		int mp = ow_allowance(g, t, u);
		if (mp <= 0)
			continue;
		struct reaction_offer o = {
			.kind = RK_WITHDRAW,
			.side = t->side,
			.unit = ti,
			.leader = -1,
			.trigger = el,
			.state = RO_OPEN,
			.mp = mp,
			.approach = (int)footprint_approach(&t->at, &u->at),
		};
		made += offer(g, &o, t->id, mp);
	}
	return made;
}

/* ---- the rolls and the moves ---- */

/* R3: the elephant faces along its heading d (In Column: the hexside;
 * else the vertex clockwise of it, whose front holds side d) */
static void reface(struct unit *u, int d)
{
	u->at.facing = d;
}

/* 9.14: a roll's move begins along hexside d */
static void start_move(struct game *g, int el, int d)
{
	struct rampage_state *st = &g->rampage;
	struct unit *u = &g->units[el];
	reface(u, d);
	st->heading = d;
	st->hexes_left = game_constant(g, RC_RAMPAGE_HEXES_PER_ROLL);
	st->moved = 0;
	st->stop = RS_MOVED;
	st->from = u->at.hex[0];
	memset(st->ow_asked, 0, sizeof st->ow_asked);
	memset(st->lw_asked, 0, sizeof st->lw_asked);
}

/* 9.14: the checks after a roll's move; false when it is over */
static bool after_roll(struct game *g, int el)
{
	struct rampage_state *st = &g->rampage;
	if (!game_unit_in_play(&g->units[el]))
		return false;
	int far = 0;
	if (nearest_unit(g, el, -1, &far) < 0 || far >= game_constant(g, RC_RAMPAGE_ALONE_HEXES)) {
		eliminate(g, el, "alone");
		return false;
	}
	if (st->rolls >= game_constant(g, RC_RAMPAGE_ROLLS)) {
		eliminate(g, el, "fourth_roll");
		return false;
	}
	st->heading = -1;
	return true;
}

/* 9.14: the next rampage roll.  false when the rampage is over. */
static bool rampage_roll(struct game *g, int el)
{
	struct rampage_state *st = &g->rampage;
	struct unit *u = &g->units[el];
	int n = ++st->rolls;
	struct event e;
	game_roll_begin(&e, "rampage");
	event_add(&e, "unit", "%s", u->id);
	int die = game_roll_die(g, &e);
	event_add(&e, "n", "%d", n);
	event_add(&e, "rule", "9.14");
	game_emit(g, &e);

	event_init(&e, "rampage_roll");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "n", "%d", n);
	event_add(&e, "dr", "%d", die);
	int d = -1;
	if (die == 0 && leader_elephant(u)) {
		event_add(&e, "result", "leader_elephant_eliminated");
		event_add(&e, "rule", "9.14");
		game_emit(g, &e);
		eliminate(g, el, "leader_elephant_roll_0");
		return false;
	}
	if (die == 0) {
		int f = nearest_unit(g, el, u->side, NULL);
		event_add(&e, "result", "toward_friend");
		if (f >= 0) {
			d = heading_about(g, el, f, 1);
			event_add(&e, "toward", "%s", g->units[f].id);
		}
	} else if (die <= 6) {
		d = rampage_compass(g, die);
		event_add(&e, "result", "compass");
	} else if (n == 1) {
		event_add(&e, "result", "away");
		int c = st->cause;
		if (c < 0 || !game_unit_in_play(&g->units[c]))
			c = nearest_unit(g, el, 1 - u->side, NULL);
		if (c >= 0) {
			d = heading_about(g, el, c, -1);
			event_add(&e, "from", "%s", g->units[c].id);
		} else {
			/* R2: no enemy: straight back from its facing */
			d = (u->at.facing + 3) % 6;
		}
	} else if (leader_elephant(u)) {
		event_add(&e, "result", "mahout_rallies");
		event_add(&e, "rule", "9.14");
		game_emit(g, &e);
		/* 9.14: rallied at once with TQ - 2 hits */
		u->hits = u->tq - 2 > 0 ? u->tq - 2 : 0;
		u->routed = false;
		struct event r;
		event_init(&r, "rampage_rallied");
		event_add(&r, "unit", "%s", u->id);
		event_add(&r, "hits", "%d", u->hits);
		event_add(&r, "rule", "9.14");
		game_emit(g, &r);
		emit_end(g, u, "rallied");
		return false;
	} else {
		event_add(&e, "result", "mahout");
		event_add(&e, "rule", "9.14");
		game_emit(g, &e);
		eliminate(g, el, "mahout");
		return false;
	}
	if (d >= 0)
		event_add(&e, "heading", "%s", hexside_name((enum hexside)d));
	event_add(&e, "rule", "9.14");
	game_emit(g, &e);
	if (d >= 0) {
		start_move(g, el, d);
		return true;
	}
	/* R2: a 0 with no friend left: it stays */
	event_init(&e, "rampage_stands");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "rule", "9.14");
	game_emit(g, &e);
	return after_roll(g, el);
}

/* 9.14: the next hex of the roll under way.  false when the rampage is
 * over (off the map). */
static bool step(struct game *g, int el)
{
	struct rampage_state *st = &g->rampage;
	struct unit *u = &g->units[el];
	struct hex cur = u->at.hex[0];
	struct hex to = hex_neighbour(cur, (enum hexside)st->heading);
	if (!map_contains(g->battle->map, to)) {
		char a[16];
		fmt(st->from, a, sizeof a);
		struct event e;
		event_init(&e, "rampage_moved");
		event_add(&e, "unit", "%s", u->id);
		event_add(&e, "from", "%s", a);
		event_add(&e, "to", "off_map");
		event_add(&e, "hexes", "%d", st->moved);
		event_add(&e, "heading", "%s",
			  hexside_name((enum hexside)st->heading));
		event_add(&e, "stop", "off_map");
		event_add(&e, "rule", "9.14");
		game_emit(g, &e);
		eliminate(g, el, "off_map");
		return false;
	}
	const struct unit *at[4];
	int n = game_units_at(g, to, at, 4), live = 0;
	for (int i = 0; i < n; i++)
		live += game_unit_in_play(at[i]) && at[i] != u;
	if (live) {
		st->stop = RS_CONTACT;
		st->hexes_left = 0;
		contact(g, el, to);
		return true;
	}
	if (blocked(g, u, cur, to)) {
		char b[16];
		fmt(to, b, sizeof b);
		struct event e;
		event_init(&e, "rampage_blocked");
		event_add(&e, "unit", "%s", u->id);
		event_add(&e, "hex", "%s", b);
		event_add(&e, "rule", "9.14");
		game_emit(g, &e);
		st->stop = RS_BLOCKED;
		st->hexes_left = 0;
		return true;
	}
	game_unit_set_hex(g, u, 0, to);
	game_put_on_top(g, u);
	int ride = rider(g, u);
	if (ride >= 0)
		g->leaders[ride].hex = to; /* 4.82: he rides it */
	st->moved++;
	st->hexes_left--;
	trample(g, el, to);
	return true;
}

/* 9.14: the roll's move is over */
static void emit_moved(struct game *g, int el)
{
	const struct rampage_state *st = &g->rampage;
	const struct unit *u = &g->units[el];
	char a[16], b[16];
	fmt(st->from, a, sizeof a);
	fmt(u->at.hex[0], b, sizeof b);
	struct event e;
	event_init(&e, "rampage_moved");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "from", "%s", a);
	event_add(&e, "to", "%s", b);
	event_add(&e, "hexes", "%d", st->moved);
	event_add(&e, "heading", "%s", hexside_name((enum hexside)st->heading));
	event_add(&e, "stop", "%s",
		  st->stop >= 0 && st->stop <= RS_BLOCKED ? stop_names[st->stop]
							  : "moved");
	event_add(&e, "rule", "9.14");
	game_emit(g, &e);
}

/* 9.14: plays the rampage on until it ends or stops for withdrawals */
static void rampage_go(struct game *g)
{
	struct rampage_state *st = &g->rampage;
	for (int guard = 0; guard < 256 && rampage_under_way(g); guard++) {
		int el = st->unit;
		struct unit *u = &g->units[el];
		if (!game_unit_in_play(u)) {
			/* eliminated meanwhile (10.27: a routed unit hit) */
			emit_end(g, u, "eliminated");
			finish(g);
			return;
		}
		if (st->heading < 0) {
			if (!rampage_roll(g, el)) {
				finish(g);
				return;
			}
			continue;
		}
		if (st->hexes_left > 0) {
			if (offer_withdrawals(g, el) > 0 &&
			    reactions_pending(g)) {
				st->waiting = true;
				struct event e;
				char b[16];
				fmt(u->at.hex[0], b, sizeof b);
				event_init(&e, "rampage_waits");
				event_add(&e, "unit", "%s", u->id);
				event_add(&e, "hex", "%s", b);
				event_add(&e, "rule", "9.14,6.51");
				game_emit(g, &e);
				return;
			}
			if (!step(g, el)) {
				finish(g);
				return;
			}
			continue;
		}
		emit_moved(g, el);
		if (!after_roll(g, el)) {
			finish(g);
			return;
		}
	}
}

/* 9.14 (10.21): an elephant's rout is a rampage */
void rampage_run_impl(struct game *g, int unit, const char *rule)
{
	if (!g || !g->battle || !g->battle->map || unit < 0 ||
	    unit >= g->nunits)
		return;
	struct unit *u = &g->units[unit];
	if (!unit_has(g, u, TRAIT_ELEPHANT) || !game_unit_in_play(u) ||
	    g->rampage.unit == unit)
		return;
	/* 9.14: one rampage at a time; a rout move under way ends first */
	if (rampage_under_way(g) || g->rout.unit >= 0 || rout_pending(g)) {
		rout_begin(g, unit, rule);
		return;
	}
	struct rampage_state *st = &g->rampage;
	rampage_state_init(st);
	st->unit = unit;
	snprintf(st->rule, sizeof st->rule, "%s", rule ? rule : "10.14");
	st->cause = nearest_unit(g, unit, 1 - u->side, NULL); /* R1 */
	/* 10.21, 7.21, 10.28: it is a routed unit: no ZOC, no rally */
	u->routed = true;
	struct event e;
	event_init(&e, "rampage");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "cause", "%s", st->rule);
	if (st->cause >= 0)
		event_add(&e, "caused_by", "%s", g->units[st->cause].id);
	if (leader_elephant(u))
		event_add(&e, "leader_elephant", "%s", u->leader_elephant);
	event_add(&e, "rule", "9.14");
	game_emit(g, &e);
	rampage_go(g);
}

bool rampage_after_command(struct game *g)
{
	if (!rampage_waiting(g) || reactions_pending(g))
		return false;
	g->rampage.waiting = false;
	struct event e;
	event_init(&e, "rampage_resumes");
	event_add(&e, "unit", "%s", g->units[g->rampage.unit].id);
	event_add(&e, "rule", "9.14");
	game_emit(g, &e);
	rampage_go(g);
	return true;
}
