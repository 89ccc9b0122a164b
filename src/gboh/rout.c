/* rout.c — cohesion and rout (rout.h): TQ checks (10.11), hits (10.12,
 * 10.14, 10.27), elimination (10.24, 11.1), the rout of a unit by type
 * (10.21), its rout move (10.22, 10.25, 10.26), the Rout Movement segment
 * (10.23) and the `rout` command that answers a rout move's choice.
 *
 * Dice: a TQ check draws one d10 when it is made: a stopped-in friend's
 * check (10.25) comes right after its stopping-in hit. */
#include "maniple/rout.h"
#include "maniple/gba_square.h"
#include "maniple/phalanx.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/double_depth.h"
#include "maniple/gba_charge.h"
#include "maniple/elcav.h"
#include "maniple/movement.h"
#include "maniple/leader_elephant.h"
#include "maniple/rampage.h"
#include "maniple/reactions.h"
#include "maniple/stacking.h"
#include "maniple/tables.h"

void rout_state_init(struct rout_state *r)
{
	memset(r, 0, sizeof *r);
	r->unit = -1;
	r->mode = ROUT_NONE;
	r->dir = -1;
	r->last_side = -1;
	r->leader = -1;
	r->origin = HEX_NONE;
	for (int k = 0; k < ROUT_TRACKS_MAX; k++)
		r->track[k].unit = -1;
}

static const char *const mode_names[] = {"none", "initial", "segment", "extra"};
static const char *const ask_names[] = {"none", "hex", "leader"};

static void fmt_hex(struct hex h, char *b, size_t n)
{
	if (hex_is_none(h))
		snprintf(b, n, "-");
	else
		hex_format(h, b, n);
}

/* "2719" or "2719,2720" for a two-hex unit */
static void fmt_pair(const struct hex h[2], char *b, size_t n)
{
	char a[16], c[16], t[40];
	fmt_hex(h[0], a, sizeof a);
	size_t k = strlen(a);
	memcpy(t, a, k + 1);
	if (!hex_is_none(h[1])) {
		fmt_hex(h[1], c, sizeof c);
		t[k++] = ',';
		memcpy(t + k, c, strlen(c) + 1);
		k += strlen(c);
	}
	/* into b cut to fit, as snprintf cuts (a rout is in every Shock) */
	if (k >= n)
		k = n - 1;
	memcpy(b, t, k);
	b[k] = '\0';
}

void rout_state_text(const struct game *g, FILE *f)
{
	const struct rout_state *r = &g->rout;
	int m = r->mode >= 0 && r->mode <= ROUT_EXTRA ? r->mode : 0;
	int a = r->ask >= 0 && r->ask <= ROUT_ASK_LEADER ? r->ask : 0;
	char o[16];
	fmt_hex(r->origin, o, sizeof o);
	fprintf(f,
		"rout unit=%s mode=%s rule=%s hexes_left=%d mp_left=%d "
		"steps=%d dir=%d last=%d origin=%s visited=%d\n",
		r->unit >= 0 && r->unit < g->nunits ? g->units[r->unit].id
						    : "-",
		mode_names[m], r->rule[0] ? r->rule : "-", r->hexes_left,
		r->mp_left, r->steps, r->dir, r->last_side, o, r->nvisited);
	fprintf(f, "rout ask=%s leader=%s asked=%llx with=%llx choices=",
		ask_names[a],
		r->leader >= 0 && r->leader < g->nleaders
			? g->leaders[r->leader].id
			: "-",
		(unsigned long long)r->leaders_asked,
		(unsigned long long)r->leaders_with);
	for (int k = 0; k < r->nchoices && k < 6; k++) {
		char b[32];
		fmt_pair(r->choice[k], b, sizeof b);
		fprintf(f, "%s%s", k ? ";" : "", b);
	}
	fprintf(f, "%s queue=", r->nchoices ? "" : "-");
	for (int k = 0; k < r->nqueue && k < ROUT_QUEUE_MAX; k++) {
		int i = r->queue[k];
		fprintf(f, "%s%s:%s", k ? "," : "",
			i >= 0 && i < g->nunits ? g->units[i].id : "?",
			r->queue_rule[k]);
	}
	fprintf(f, "%s segment=%s turn=%d next=%d\n", r->nqueue ? "" : "-",
		r->segment ? "yes" : "no", r->segment_turn, r->segment_next);
}

/* ---- small helpers ---- */

static int uidx(const struct game *g, const struct unit *u)
{
	return (int)(u - g->units);
}

static const char *side_id(const struct game *g, int s)
{
	if (s < 0 || s > 1)
		return "-";
	return g->battle && g->battle->sides[s].id[0] ? g->battle->sides[s].id
						      : (s ? "side1" : "side0");
}

static enum stacking_class stack_class(const struct game *g,
				       const struct unit *u)
{
	if (g->tables)
		return tables_stacking_class(g->tables, u->type, u->cls,
					     u->legion != 0);
	if (unit_has(g, u, TRAIT_SKIRMISHER))
		return STACK_SKIRMISHER;
	if (unit_has(g, u, TRAIT_LIGHT_INFANTRY) && strcmp(u->cls, "VE") == 0)
		return STACK_VELITES;
	return STACK_OTHER;
}

/* 6.69 mandatory chart: SK and velites take no hits from routers */
static bool rout_exempt(const struct game *g, const struct unit *u)
{
	enum stacking_class c = stack_class(g, u);
	if (g->tables)
		return tables_rout_exempt(g->tables, c);
	return c == STACK_SKIRMISHER || c == STACK_VELITES;
}

static int figure(const struct game *g, enum stacking_figure f, int dflt)
{
	return g->tables ? tables_stacking_figure(g->tables, f) : dflt;
}

/* The units in play other than `skip` in hex h of side `side` (-1 any);
 * at most 4 into out; returns the count. */
static int units_in(const struct game *g, struct hex h, int side,
		    const struct unit *skip, const struct unit **out)
{
	const struct unit *at[4];
	int n = game_units_at(g, h, at, 4), k = 0;
	for (int i = 0; i < n; i++) {
		if (at[i] == skip || !game_unit_in_play(at[i]))
			continue;
		if (side >= 0 && at[i]->side != side)
			continue;
		out[k++] = at[i];
	}
	return k;
}

static const struct retreat_edge *retreat_edge(const struct game *g, int side)
{
	if (!g->battle || !g->battle->map || side < 0 || side > 1)
		return NULL;
	return map_find_edge(g->battle->map,
			     g->battle->sides[side].retreat_edge);
}

static void emit_simple(struct game *g, const char *kind, const struct unit *u,
			const char *rule)
{
	struct event e;
	event_init(&e, kind);
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "rule", "%s", rule);
	game_emit(g, &e);
}

static bool queued(const struct game *g, int i)
{
	for (int k = 0; k < g->rout.nqueue; k++)
		if (g->rout.queue[k] == i)
			return true;
	return false;
}

/* 4.72 is another issue's: say when a leader is left alone by the enemy */
static void leader_left_alone(struct game *g, const struct unit *u,
			      struct hex h)
{
	for (int i = 0; i < g->nleaders; i++) {
		const struct leader *l = &g->leaders[i];
		if (!l->on_map || l->killed || l->side != u->side ||
		    !hex_eq(l->hex, h))
			continue;
		const struct unit *f[4];
		if (units_in(g, h, u->side, u, f))
			continue;
		bool enemy_near = false;
		for (int d = 0; d < HEXSIDE_COUNT && !enemy_near; d++)
			enemy_near =
				units_in(g, hex_neighbour(h, (enum hexside)d),
					 1 - u->side, NULL, f) > 0;
		if (!enemy_near)
			continue;
		char b[16];
		fmt_hex(h, b, sizeof b);
		struct event e;
		event_init(&e, "leader_alone");
		event_add(&e, "leader", "%s", l->id);
		event_add(&e, "hex", "%s", b);
		event_add(&e, "note", "not_played_yet");
		event_add(&e, "rule", "4.72");
		game_emit(g, &e);
	}
}

/* 10.24, 11.1 */
void unit_eliminate_impl(struct game *g, struct unit *u, const char *rule)
{
	if (!u || u->eliminated)
		return;
	struct hex was[2] = {u->at.hex[0], u->at.hex[1]};
	bool was_on = u->on_map;
	u->eliminated = true;
	u->eliminated_blocked = rule && strcmp(rule, "10.22") == 0;
	u->on_map = false;
	int rp = unit_rout_points(g, u);
	if (u->side == 0 || u->side == 1)
		g->rout_points[u->side] += rp;
	struct event e;
	event_init(&e, "eliminated");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "side", "%d", u->side);
	event_add(&e, "rp", "%d", rp);
	event_add(&e, "total", "%d",
		  u->side == 0 || u->side == 1 ? g->rout_points[u->side] : 0);
	event_add(&e, "cause", "%s", rule);
	event_add(&e, "rule", "11.1");
	game_emit(g, &e);
	leader_elephant_lost(g, u); /* 4.82: its rider's casualty check */
	if (was_on)
		for (int k = 0; k < 2; k++)
			if (!hex_is_none(was[k]))
				leader_left_alone(g, u, was[k]);
}

/* ---- the rout move (10.22-10.26) ---- */

static void enqueue(struct game *g, int i, const char *rule, int full)
{
	struct rout_state *r = &g->rout;
	if (queued(g, i) || r->unit == i || r->nqueue >= ROUT_QUEUE_MAX)
		return;
	r->queue[r->nqueue] = i;
	snprintf(r->queue_rule[r->nqueue], sizeof r->queue_rule[0], "%s",
		 rule ? rule : "10.14");
	r->queue_full[r->nqueue] = full;
	r->nqueue++;
}

/* 8.62: the track slot of unit i (a new one, emptied, when fresh) */
static struct rout_track *track_of(struct game *g, int i, bool fresh)
{
	struct rout_state *r = &g->rout;
	struct rout_track *t = NULL;
	for (int k = 0; k < ROUT_TRACKS_MAX && !t; k++)
		if (r->track[k].unit == i)
			t = &r->track[k];
	/* a new slot: a free one, else one whose unit is no longer a
	 * router on the map (nor left it routing), else the next in turn */
	for (int k = 0; k < ROUT_TRACKS_MAX && !t && fresh; k++) {
		int j = r->track[k].unit;
		bool in = j >= 0 && j < g->nunits &&
			  game_unit_in_play(&g->units[j]);
		if (j < 0 || j >= g->nunits || (in && !g->units[j].routed) ||
		    (!in && !r->track[k].off))
			t = &r->track[k];
	}
	if (!t && fresh) {
		if (r->track_next < 0 || r->track_next >= ROUT_TRACKS_MAX)
			r->track_next = 0;
		t = &r->track[r->track_next++];
	}
	if (t && fresh) {
		memset(t, 0, sizeof *t);
		t->unit = i;
	}
	return t;
}

/* 8.62: a hex the router entered (or the map left) goes on its track */
static void track_add(struct game *g, int i, struct hex h, bool off)
{
	struct rout_track *t = track_of(g, i, false);
	if (!t)
		return;
	if (off)
		t->off = true;
	else if (t->n < ROUT_TRACK_HEXES)
		t->hex[t->n++] = h;
}

int rout_track(const struct game *g, int unit, struct hex *out, int max,
	       bool *off)
{
	if (off)
		*off = false;
	for (int k = 0; k < ROUT_TRACKS_MAX; k++) {
		const struct rout_track *t = &g->rout.track[k];
		if (t->unit != unit || unit < 0)
			continue;
		int n = t->n < max ? t->n : max;
		for (int j = 0; j < n; j++)
			out[j] = t->hex[j];
		if (off)
			*off = t->off;
		return n;
	}
	return 0;
}

static void router_done(struct game *g)
{
	struct rout_state *r = &g->rout;
	r->unit = -1;
	r->mode = ROUT_NONE;
	r->ask = ROUT_ASK_NONE;
	r->nchoices = 0;
	r->leader = -1;
	r->leaders_asked = r->leaders_with = 0;
	r->hexes_left = r->mp_left = r->steps = 0;
	r->dir = -1;
	r->last_side = -1;
	r->nvisited = 0;
	r->origin = HEX_NONE;
	r->rule[0] = '\0';
}

static void eliminate_router(struct game *g, const char *rule)
{
	struct unit *u = &g->units[g->rout.unit];
	router_done(g);
	unit_eliminate(g, u, rule);
}

/* Starts the rout move of unit i in mode m. */
static void start_move(struct game *g, int i, enum rout_mode m,
		       const char *rule)
{
	struct rout_state *r = &g->rout;
	struct unit *u = &g->units[i];
	router_done(g);
	r->unit = i;
	r->mode = m;
	snprintf(r->rule, sizeof r->rule, "%s", rule);
	r->hexes_left = m == ROUT_INITIAL /* 10.22 */
				? game_constant(g, RC_ROUT_INITIAL_HEXES)
				: 0;
	r->mp_left = m == ROUT_SEGMENT ? u->ma : 0;
	r->origin = u->at.hex[0];
	if (m != ROUT_EXTRA) {
		/* 8.62: the path begins where the rout move begins */
		struct rout_track *t = track_of(g, i, true);
		t->hex[t->n++] = u->at.hex[0];
	}
	if (!retreat_edge(g, u->side)) {
		struct event e;
		event_init(&e, "rout_no_retreat_edge");
		event_add(&e, "unit", "%s", u->id);
		event_add(&e, "side", "%s", side_id(g, u->side));
		event_add(&e, "rule", "10.22");
		game_emit(g, &e);
		eliminate_router(g, "10.24");
	}
}

/* 8.62, 10.23: a full Rout Movement now, the MP already spent of the
 * MA taken off; a phalanx is eliminated as in the segment */
static void start_full(struct game *g, int i, const char *rule, int spent)
{
	struct unit *u = &g->units[i];
	struct event e;
	event_init(&e, "rout_movement_now");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "ma", "%d", u->ma);
	event_add(&e, "spent", "%d", spent);
	event_add(&e, "cause", "%s", rule);
	event_add(&e, "rule", "10.23");
	game_emit(g, &e);
	if (unit_is_two_hex(u)) {
		unit_eliminate(g, u, "10.23");
		return;
	}
	start_move(g, i, ROUT_SEGMENT, rule);
	if (g->rout.unit == i)
		g->rout.mp_left = u->ma - spent;
}

/* 10.21 what a rout does, by type; full >= 0: a full Rout Movement
 * (8.62, 10.23) instead of the 10.22 move, full MP already spent */
static void start_rout(struct game *g, int i, const char *rule, int full)
{
	struct unit *u = &g->units[i];
	if (!game_unit_in_play(u))
		return;
	if (full >= 0 && u->routed) {
		start_full(g, i, rule, full); /* 8.62 Break-Off */
		return;
	}
	struct event e;
	event_init(&e, "rout");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "type", "%s", unit_type_name(u->type));
	event_add(&e, "hits", "%d", u->hits);
	event_add(&e, "tq", "%d", u->tq);
	event_add(&e, "cause", "%s", rule);
	event_add(&e, "rule", "10.21");
	game_emit(g, &e);
	/* 10.21 skirmishers and scorpios (GBA 9.34 skirmishers but SK*,
	 * 9.22 chariots, 9.56 the oxybeles) are eliminated instead */
	if (unit_has(g, u, TRAIT_ROUT_ELIMINATES)) {
		unit_eliminate(g, u, "10.21");
		return;
	}
	if (unit_has(g, u, TRAIT_ELEPHANT)) {
		/* 9.14 a rampage instead; the routs it causes wait their turn
		 * (rampage_under_way holds the queue) */
		rampage_run(g, i, rule);
		return;
	}
	/* 9.53: a Double-Depth pair routs together: the mate's rout comes
	 * next in the queue, each to its own hexes (10.22 keeps a router out
	 * of a Double-Depth stack) */
	const struct unit *ddm = double_depth_mate(g, u);
	if (ddm) {
		int mi = (int)(ddm - g->units);
		event_init(&e, "double_depth_rout");
		event_add(&e, "unit", "%s", u->id);
		event_add(&e, "with", "%s", ddm->id);
		event_add(&e, "rule", "9.53");
		game_emit(g, &e);
		enqueue(g, mi, "9.53", -1);
	}
	/* R2 (6.68, 9.63): what a rout does to the rest of a stack is the
	 * stacking rules' (GBA 6.92's) */
	if (!ddm)
		stacking_unit_routs(g, u);
	if (!u->routed) {
		u->routed = true;
		emit_simple(g, "routed_marker", u, "10.22");
	}
	gba_square_end(g, u, "routed"); /* R164 */
	gba_charge_end(g, u, "routed"); /* GBA 9.76 (R183) */
	/* 10.27 routed infantry missile units are Missile No */
	if (unit_has(g, u, TRAIT_INFANTRY) && u->missile != MC_NONE &&
	    u->supply != SUPPLY_NO) {
		u->supply = SUPPLY_NO;
		emit_simple(g, "missile_no", u, "10.27");
	}
	if (full >= 0) {
		start_full(g, i, rule, full); /* 8.62 follow-up combat */
		return;
	}
	start_move(g, i, ROUT_INITIAL, rule);
}

/* 10.22 a blocked hex is 0; else the priority 1, 2 or 3, and *mp the
 * cost of entering it (1 off the map or without tables) */
static int hex_priority(const struct game *g, const struct unit *u,
			struct hex from, struct hex to, bool *off, int *mp)
{
	const struct map *m = g->battle->map;
	*mp = 1;
	*off = !map_contains(m, to);
	if (*off)
		return 1; /* 10.24: off the map */
	const struct unit *at[4];
	if (units_in(g, to, 1 - u->side, u, at))
		return 0;
	int nf = units_in(g, to, u->side, u, at);
	for (int k = 0; k < nf; k++)
		if (at[k]->double_depth)
			return 0; /* 9.52 */
	if (g->tables) {
		struct move_cost cost = move_hex_entry_cost(g, u, from, to);
		if (cost.prohibited)
			return 0;
		*mp = cost.mp;
	} else {
		int d = hex_direction_to(from, to);
		if (map_impassable(m, to) ||
		    (d >= 0 &&
		     (map_hexside(m, from, (enum hexside)d) & HSF_RIVER)))
			return 0;
	}
	bool zoc = zoc_enemy_in(g, u->side, to);
	if (zoc && !nf)
		return 0;
	if (!nf)
		return 1;
	return zoc ? 3 : 2;
}

static int edge_distance(const struct game *g, const struct unit *u,
			 struct hex h)
{
	const struct retreat_edge *re = retreat_edge(g, u->side);
	return map_distance_to_edge(g->battle->map, h, re->edge);
}

/* Distance from the straight line the rout began on, toward the edge. */
static int lateral(const struct game *g, const struct unit *u, struct hex h)
{
	const struct retreat_edge *re = retreat_edge(g, u->side);
	struct hex o = g->rout.origin;
	if (re->edge == EDGE_NORTH || re->edge == EDGE_SOUTH)
		return abs(3 * h.col - 3 * o.col);
	return abs((2 * h.row + (h.col & 1)) - (2 * o.row + (o.col & 1)));
}

static bool visited(const struct game *g, struct hex h)
{
	for (int k = 0; k < g->rout.nvisited; k++)
		if (hex_eq(g->rout.visited[k], h))
			return true;
	return false;
}

struct cand {
	struct hex to[2];
	int side; /* the hexside moved across */
	int dist, prio, lat, mp;
	bool off;
};

static int cand_cmp(const struct cand *a, const struct cand *b)
{
	if (a->dist != b->dist)
		return a->dist < b->dist ? -1 : 1;
	if (a->prio != b->prio)
		return a->prio < b->prio ? -1 : 1;
	if (a->lat != b->lat)
		return a->lat < b->lat ? -1 : 1;
	return 0;
}

/* The step across hexside d: false when blocked. */
static bool step_across(const struct game *g, const struct unit *u, int d,
			bool vacant_only, struct cand *c)
{
	memset(c, 0, sizeof *c);
	c->side = d;
	c->to[1] = HEX_NONE;
	c->dist = 1 << 20;
	for (int k = 0; k < 2; k++) {
		struct hex from = u->at.hex[k];
		if (hex_is_none(from))
			continue;
		struct hex to = hex_neighbour(from, (enum hexside)d);
		if (visited(g, to))
			return false;
		bool off;
		int mp; /* the entry cost: 1 off the map or without tables */
		int p = hex_priority(g, u, from, to, &off, &mp);
		if (!p || (vacant_only && p != 1))
			return false;
		c->to[k] = to;
		c->off = c->off || off;
		if (p > c->prio)
			c->prio = p;
		/* a two-hex unit: both halves' distances added */
		int dist = edge_distance(g, u, to);
		c->dist = k ? c->dist + dist : dist;
		if (mp > c->mp)
			c->mp = mp;
	}
	c->lat = lateral(g, u, c->to[0]);
	return true;
}

/* The hexsides a rout step may take: every side for a one-hex unit; for
 * a phalanx the two sides of its facing vertex (or the one of its
 * column hexside), 10.22. */
static int step_sides(const struct unit *u, int facing, int out[6])
{
	if (!unit_is_two_hex(u)) {
		for (int d = 0; d < 6; d++)
			out[d] = d;
		return 6;
	}
	if (u->at.in_column) {
		out[0] = facing;
		return 1;
	}
	out[0] = facing;
	out[1] = (facing + 1) % 6;
	return 2;
}

/* The best steps (all equal), at most 6; *cant_pay: an unblocked step
 * costs more MP than are left. */
static int best_steps(const struct game *g, const struct unit *u, int facing,
		      bool vacant_only, struct cand out[6], bool *cant_pay)
{
	const struct rout_state *r = &g->rout;
	int sides[6], ns = step_sides(u, facing, sides), n = 0;
	*cant_pay = false;
	for (int k = 0; k < ns; k++) {
		struct cand c;
		if (!step_across(g, u, sides[k], vacant_only, &c))
			continue;
		if (r->mode == ROUT_SEGMENT && c.mp > r->mp_left) {
			*cant_pay = true;
			continue;
		}
		if (n && cand_cmp(&c, &out[0]) > 0)
			continue;
		if (n && cand_cmp(&c, &out[0]) < 0)
			n = 0;
		out[n++] = c;
	}
	return n;
}

/* 10.22 a phalanx keeps its facing or reverses, whichever heads for the
 * edge (keeping it on a tie); if that way is blocked, the other way. */
static int phalanx_direction(const struct game *g, const struct unit *u)
{
	int keep = u->at.facing, rev = (u->at.facing + 3) % 6;
	struct cand a[6], b[6];
	bool cp;
	int na = best_steps(g, u, keep, false, a, &cp);
	int nb = best_steps(g, u, rev, false, b, &cp);
	int da = 1 << 20, db = 1 << 20;
	int sides[6];
	/* which way heads for the edge, blocked or not; 6.73: In Column
	 * the reverse way leads with the second hex */
	struct hex rev_front = u->at.in_column ? u->at.hex[1] : u->at.hex[0];
	for (int k = 0, ns = step_sides(u, keep, sides); k < ns; k++) {
		struct hex h =
			hex_neighbour(u->at.hex[0], (enum hexside)sides[k]);
		int d = edge_distance(g, u, h);
		da = d < da ? d : da;
	}
	for (int k = 0, ns = step_sides(u, rev, sides); k < ns; k++) {
		struct hex h =
			hex_neighbour(rev_front, (enum hexside)sides[k]);
		int d = edge_distance(g, u, h);
		db = d < db ? d : db;
	}
	int first = db < da ? rev : keep, second = first == keep ? rev : keep;
	int nfirst = first == keep ? na : nb;
	int nsecond = first == keep ? nb : na;
	if (nfirst)
		return first;
	if (nsecond)
		return second;
	return -1;
}

/* 10.22 faced toward the retreat edge after a step across side d */
static int face_toward_edge(const struct game *g, const struct unit *u, int d)
{
	const struct retreat_edge *re = retreat_edge(g, u->side);
	int opts[2], n = 0;
	switch (re->edge) {
	case EDGE_NORTH:
		opts[n++] = FACE_NE;
		opts[n++] = FACE_NW;
		break;
	case EDGE_SOUTH:
		opts[n++] = FACE_SE;
		opts[n++] = FACE_SW;
		break;
	case EDGE_EAST:
		opts[n++] = FACE_E;
		break;
	default:
		opts[n++] = FACE_W;
		break;
	}
	/* the edge facing whose front holds the side moved across; else the
	 * one nearest the present facing */
	for (int k = 0; k < n; k++)
		if (d == opts[k] || d == (opts[k] + 1) % 6)
			return opts[k];
	int best = opts[0];
	if (n == 2 && !u->at.in_column &&
	    facing_vertices((enum facing)u->at.facing, (enum facing)opts[1]) <
		    facing_vertices((enum facing)u->at.facing,
				    (enum facing)opts[0]))
		best = opts[1];
	return best;
}

static void emit_choice(struct game *g)
{
	const struct rout_state *r = &g->rout;
	const struct unit *u = &g->units[r->unit];
	struct event e;
	event_init(&e, "rout_choice");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "side", "%d", u->side);
	if (r->ask == ROUT_ASK_LEADER) {
		event_add(&e, "leader", "%s", g->leaders[r->leader].id);
		event_add(&e, "answers", "with,stay");
		event_add(&e, "rule", "10.26");
	} else {
		char list[EVENT_VAL_MAX] = "";
		for (int k = 0; k < r->nchoices; k++) {
			char b[24];
			fmt_pair(r->choice[k], b, sizeof b);
			size_t l = strlen(list);
			snprintf(list + l, sizeof list - l, "%s%s",
				 k ? ";" : "", b);
		}
		event_add(&e, "hexes", "%s", list);
		event_add(&e, "rule", "10.22");
	}
	game_emit(g, &e);
}

/* 10.26: asks about the next leader stacked with the router; false when
 * a question is now pending. */
static bool ask_leaders(struct game *g)
{
	struct rout_state *r = &g->rout;
	const struct unit *u = &g->units[r->unit];
	if (r->steps > 0 || r->mode == ROUT_EXTRA)
		return true;
	for (int i = 0; i < g->nleaders && i < 64; i++) {
		const struct leader *l = &g->leaders[i];
		if (!l->on_map || l->killed || l->side != u->side ||
		    (r->leaders_asked >> i) & 1u)
			continue;
		if (!footprint_occupies(&u->at, l->hex))
			continue;
		r->ask = ROUT_ASK_LEADER;
		r->leader = i;
		emit_choice(g);
		return false;
	}
	return true;
}

/* 10.25 the friends a router passes take hits (TABLES.md 8) */
static void pass_through(struct game *g, const struct unit *u, struct hex h)
{
	const struct unit *f[4];
	int n = units_in(g, h, u->side, u, f);
	struct unit *hit[4];
	for (int k = 0; k < n; k++)
		hit[k] = &g->units[uidx(g, f[k])];
	for (int k = 0; k < n; k++) {
		struct unit *s = hit[k];
		if (!game_unit_in_play(s) || rout_exempt(g, s))
			continue;
		int hits = figure(g, SF_ROUT_THROUGH_HITS, 1);
		if (n == 1 && u->routed && stacking_same_colour(g, u, s))
			hits = figure(g, SF_ROUT_THROUGH_SAME_COLOUR_HITS, 0);
		char b[16];
		fmt_hex(h, b, sizeof b);
		struct event e;
		event_init(&e, "rout_through");
		event_add(&e, "unit", "%s", u->id);
		event_add(&e, "through", "%s", s->id);
		event_add(&e, "hex", "%s", b);
		event_add(&e, "hits", "%d", hits);
		event_add(&e, "rule", "10.25");
		game_emit(g, &e);
		cohesion_hits(g, s, hits, "rout_through", "10.25");
		/* GBA 10.24: then a TQ check, unless the hit routs it */
		if (tables_variant(g->tables, RV_ROUT_PASSED_THROUGH) ==
			    PASSED_THROUGH_HIT_AND_CHECK &&
		    game_unit_in_play(s) && !s->routed && s->hits < s->tq)
			tq_check(g, s, 0, "rout_through", "10.25");
	}
}

/* Moves the router across c: through-hits to the friends it leaves, the
 * leaders going with it, off the map (10.24). */
static void apply_step(struct game *g, const struct cand *c)
{
	struct rout_state *r = &g->rout;
	struct unit *u = &g->units[r->unit];
	struct hex from[2] = {u->at.hex[0], u->at.hex[1]};
	if (r->steps > 0 && r->mode != ROUT_EXTRA)
		for (int k = 0; k < 2; k++)
			if (!hex_is_none(from[k]))
				pass_through(g, u, from[k]);
	u = &g->units[r->unit];
	const char *rule = r->mode == ROUT_SEGMENT ? "10.23"
			   : r->mode == ROUT_EXTRA ? "10.25"
						   : "10.22";
	char a[32], b[32];
	fmt_pair(from, a, sizeof a);
	fmt_pair(c->to, b, sizeof b);
	if (c->off) {
		struct event e;
		event_init(&e, "rout_move");
		event_add(&e, "unit", "%s", u->id);
		event_add(&e, "from", "%s", a);
		event_add(&e, "to", "off_map");
		event_add(&e, "rule", "%s", rule);
		game_emit(g, &e);
		track_add(g, r->unit, HEX_NONE, true); /* 8.62 */
		eliminate_router(g, "10.24");
		return;
	}
	track_add(g, r->unit, c->to[0], false); /* 8.62 */
	for (int k = 0; k < 2; k++)
		if (!hex_is_none(from[k]) && r->nvisited < ROUT_VISITED_MAX)
			r->visited[r->nvisited++] = from[k];
	struct footprint to = u->at;
	to.hex[0] = c->to[0];
	to.hex[1] = c->to[1];
	game_unit_place(g, u, to);
	if (u->double_depth) /* 9.53: the pair routs into separate hexes */
		double_depth_refresh(g);
	int oldf = u->at.facing;
	if (!unit_is_two_hex(u) && !u->at.in_column)
		u->at.facing = face_toward_edge(g, u, c->side);
	r->steps++;
	r->last_side = c->side;
	if (r->mode == ROUT_SEGMENT)
		r->mp_left -= c->mp;
	else
		r->hexes_left--;
	int nl = 0;
	for (int i = 0; i < g->nleaders && i < 64; i++)
		if ((r->leaders_with >> i) & 1u) {
			g->leaders[i].hex = u->at.hex[0];
			nl++;
		}
	struct event e;
	event_init(&e, "rout_move");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "from", "%s", a);
	event_add(&e, "to", "%s", b);
	event_add(&e, "facing", "%s",
		  u->at.in_column ? hexside_name((enum hexside)u->at.facing)
				  : facing_name((enum facing)u->at.facing));
	event_add(&e, "priority", "%d", c->prio);
	if (r->mode == ROUT_SEGMENT)
		event_add(&e, "mp_left", "%d", r->mp_left);
	if (nl)
		event_add(&e, "leaders", "%d", nl);
	event_add(&e, "rule", "%s", rule);
	game_emit(g, &e);
	(void)oldf;
	/* 9.15: a cavalry router made to enter an elephant's hexes */
	if (elcav_router_entered(g, u, c->to[0], r->mode == ROUT_SEGMENT))
		eliminate_router(g, "10.27");
}

/* 10.22 the move is over: out of a friend's hex (10.25), else the
 * Routed marker stays and the hit markers go. */
static void end_move(struct game *g)
{
	struct rout_state *r = &g->rout;
	struct unit *u = &g->units[r->unit];
	const struct unit *f[8];
	int nf = 0;
	struct hex where[2] = {u->at.hex[0], u->at.hex[1]};
	for (int k = 0; k < 2; k++)
		if (!hex_is_none(where[k]))
			nf += units_in(g, where[k], u->side, u, f + nf);
	if (r->mode != ROUT_EXTRA && nf) {
		/* 10.25 it goes one hex more; the friend takes its hit and
		 * a TQ check */
		r->mode = ROUT_EXTRA;
		r->hexes_left = figure(g, SF_ROUT_STOP_EXTRA_HEXES, 1);
		char b[32];
		fmt_pair(where, b, sizeof b);
		struct event e;
		event_init(&e, "rout_stopped_in");
		event_add(&e, "unit", "%s", u->id);
		event_add(&e, "hex", "%s", b);
		event_add(&e, "extra_hexes", "%d", r->hexes_left);
		event_add(&e, "rule", "10.25");
		game_emit(g, &e);
		struct unit *s[8];
		for (int k = 0; k < nf; k++)
			s[k] = &g->units[uidx(g, f[k])];
		for (int k = 0; k < nf; k++) {
			if (!game_unit_in_play(s[k]) || rout_exempt(g, s[k]))
				continue;
			cohesion_hits(g, s[k], figure(g, SF_ROUT_STOP_HITS, 1),
				      "rout_stopped_in", "10.25");
			if (game_unit_in_play(s[k]) && !s[k]->routed &&
			    s[k]->hits < s[k]->tq)
				tq_check(g, s[k], 0, "rout_stopped_in",
					 "10.25");
		}
		if (r->hexes_left <= 0)
			eliminate_router(g, "10.25");
		return;
	}
	if (u->hits) {
		u->hits = 0;
		emit_simple(g, "hit_markers_removed", u, "10.22");
	}
	char b[32];
	fmt_pair(where, b, sizeof b);
	struct event e;
	event_init(&e, "rout_end");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "hex", "%s", b);
	event_add(&e, "facing", "%s",
		  u->at.in_column ? hexside_name((enum hexside)u->at.facing)
				  : facing_name((enum facing)u->at.facing));
	event_add(&e, "rule", "%s",
		  r->mode == ROUT_SEGMENT ? "10.23"
		  : r->mode == ROUT_EXTRA ? "10.25"
					  : "10.22");
	game_emit(g, &e);
	router_done(g);
}

/* One step of the router, or its end; may leave a choice pending. */
static void rout_step(struct game *g)
{
	struct rout_state *r = &g->rout;
	struct unit *u = &g->units[r->unit];
	if ((r->mode == ROUT_SEGMENT && r->mp_left <= 0) ||
	    (r->mode != ROUT_SEGMENT && r->hexes_left <= 0)) {
		end_move(g);
		return;
	}
	if (unit_is_two_hex(u) && r->dir < 0) {
		int dir = phalanx_direction(g, u);
		if (dir < 0) {
			emit_simple(g, "rout_blocked", u, "10.22");
			eliminate_router(g, "10.22");
			return;
		}
		if (dir != u->at.facing) {
			u->at.facing = dir;
			/* 6.73: a phalanx In Column faces away from its
			 * second hex, so reversed its halves trade places */
			if (u->at.in_column) {
				struct footprint sw = u->at;
				sw.hex[0] = u->at.hex[1];
				sw.hex[1] = u->at.hex[0];
				game_unit_place(g, u, sw);
			}
			struct event e;
			event_init(&e, "rout_reverse_face");
			event_add(&e, "unit", "%s", u->id);
			event_add(&e, "facing", "%s",
				  u->at.in_column
					  ? hexside_name((enum hexside)dir)
					  : facing_name((enum facing)dir));
			event_add(&e, "rule", "10.22");
			game_emit(g, &e);
		}
		r->dir = dir;
	}
	struct cand c[6];
	bool cant_pay;
	int n = best_steps(g, u, unit_is_two_hex(u) ? r->dir : u->at.facing,
			   r->mode == ROUT_EXTRA, c, &cant_pay);
	if (!n) {
		if (cant_pay) {
			/* 10.23 not enough MP left for any open hex */
			end_move(g);
			return;
		}
		emit_simple(g, "rout_blocked", u,
			    r->mode == ROUT_EXTRA ? "10.25" : "10.22");
		eliminate_router(g, r->mode == ROUT_SEGMENT ? "10.24"
				    : r->mode == ROUT_EXTRA ? "10.25"
							    : "10.22");
		return;
	}
	if (!unit_is_two_hex(u) && !c[0].off) {
		int here = edge_distance(g, u, u->at.hex[0]);
		if (c[0].dist >= here &&
		    tables_variant(g->tables, RV_ROUT_BLOCKED) ==
			    ROUT_BLOCKED_ELIMINATED) {
			/* GBA 10.21: no turning away; it cannot rout its
			 * full distance (ruling R166) */
			const char *rule = r->mode == ROUT_SEGMENT ? "10.24"
					   : r->mode == ROUT_EXTRA ? "10.25"
								   : "10.22";
			emit_simple(g, "rout_blocked", u, rule);
			eliminate_router(g, rule);
			return;
		}
		if (c[0].dist >= here) {
			/* 10.22 both hexes toward the edge are blocked: the
			 * facing turns a vertex at a time */
			struct event e;
			event_init(&e, "rout_facing_adjusted");
			event_add(&e, "unit", "%s", u->id);
			event_add(&e, "vertices", "%d",
				  c[0].dist == here ? 1 : 2);
			event_add(&e, "rule", "10.22");
			game_emit(g, &e);
		}
	}
	/* the way the owner chose holds: two hexes equally straight ahead
	 * after the first step zigzag along the line (doc-parts/rout.md) */
	if (n == 2 && r->steps > 0 && r->last_side >= 0 && !c[0].off &&
	    !c[1].off && c[0].dist < edge_distance(g, u, u->at.hex[0]) &&
	    (c[0].side == r->last_side) != (c[1].side == r->last_side)) {
		if (c[0].side == r->last_side)
			c[0] = c[1];
		n = 1;
	}
	/* leaving the map any way is the same (10.24): no choice */
	bool all_off = true;
	for (int k = 0; k < n; k++)
		all_off = all_off && c[k].off;
	if (all_off)
		n = 1;
	if (n > 1) {
		r->ask = ROUT_ASK_HEX;
		r->nchoices = n;
		for (int k = 0; k < n; k++) {
			r->choice[k][0] = c[k].to[0];
			r->choice[k][1] = c[k].to[1];
		}
		emit_choice(g);
		return;
	}
	apply_step(g, &c[0]);
}

/* Moves routers until a choice is pending or none is left. */
static void rout_run(struct game *g)
{
	struct rout_state *r = &g->rout;
	for (int guard = 0; guard < 4096; guard++) {
		/* 9.14: a rampage under way is played out first */
		if (r->ask != ROUT_ASK_NONE || rampage_under_way(g))
			return;
		if (r->unit < 0) {
			if (!r->nqueue)
				return;
			int i = r->queue[0];
			char rule[8];
			snprintf(rule, sizeof rule, "%s", r->queue_rule[0]);
			int full = r->queue_full[0];
			memmove(r->queue_full, r->queue_full + 1,
				sizeof r->queue_full[0] *
					(size_t)(r->nqueue - 1));
			memmove(r->queue, r->queue + 1,
				sizeof r->queue[0] * (size_t)(r->nqueue - 1));
			memmove(r->queue_rule, r->queue_rule + 1,
				sizeof r->queue_rule[0] *
					(size_t)(r->nqueue - 1));
			r->nqueue--;
			start_rout(g, i, rule, full);
			continue;
		}
		if (!ask_leaders(g))
			return;
		rout_step(g);
	}
}

/* 10.21 */
void rout_begin_impl(struct game *g, int unit, const char *rule)
{
	if (!g || unit < 0 || unit >= g->nunits ||
	    !game_unit_in_play(&g->units[unit]))
		return;
	enqueue(g, unit, rule, -1);
	/* a rout caused while another router moves (hits to the friends it
	 * passes or stops in) waits until that move is over (9.14: or that
	 * rampage) */
	if (g->rout.unit >= 0 || g->rout.ask != ROUT_ASK_NONE ||
	    rampage_under_way(g))
		return;
	rout_run(g);
}

/* 8.62, 10.23: unit routs (or, routed already, moves on) with a full
 * Rout Movement now instead of the 10.22 move; queued as rout_begin. */
void rout_begin_full(struct game *g, int unit, const char *rule, int spent)
{
	if (!g || unit < 0 || unit >= g->nunits ||
	    !game_unit_in_play(&g->units[unit]))
		return;
	enqueue(g, unit, rule, spent < 0 ? 0 : spent);
	if (g->rout.unit >= 0 || g->rout.ask != ROUT_ASK_NONE ||
	    rampage_under_way(g))
		return;
	rout_run(g);
}

void rout_go_on(struct game *g)
{
	rout_run(g);
}

int rout_decision_side(const struct game *g)
{
	if (rampage_waiting(g)) /* 6.51, 4.72: the withdrawing side */
		return reactions_decision_side(g);
	return rout_pending(g) ? g->units[g->rout.unit].side : -1;
}

int rout_legal(const struct game *g, struct decision_answer *out, int max)
{
	const struct rout_state *r = &g->rout;
	int n = 0, side = rout_decision_side(g);
	if (side < 0 || rampage_waiting(g)) /* 9.14: reactions_legal's */
		return 0;
	if (r->ask == ROUT_ASK_LEADER) {
		if (n < max) {
			decision_add(out, max, &n, side, "10.26",
				     "rout with %s", g->leaders[r->leader].id);
		}
		if (n < max) {
			decision_add(out, max, &n, side, "10.26", "rout stay");
		}
		return n;
	}
	for (int k = 0; k < r->nchoices && n < max; k++) {
		char b[32];
		fmt_pair(r->choice[k], b, sizeof b);
		decision_add(out, max, &n, side, "10.22", "rout %s", b);
	}
	return n;
}

void rout_pending_text(const struct game *g, char *buf, size_t n)
{
	const struct rout_state *r = &g->rout;
	if (rampage_waiting(g)) {
		rampage_pending_text(g, buf, n); /* 9.14, 6.51, 4.72 */
		return;
	}
	if (!rout_pending(g)) {
		snprintf(buf, n, "no rout move waits for a choice");
		return;
	}
	const struct unit *u = &g->units[r->unit];
	if (r->ask == ROUT_ASK_LEADER)
		snprintf(buf, n,
			 "%s chooses whether %s rout moves with %s: rout with "
			 "%s or rout stay",
			 side_id(g, u->side), g->leaders[r->leader].id, u->id,
			 g->leaders[r->leader].id);
	else
		snprintf(buf, n, "%s chooses the hex %s routs into: rout HEX",
			 side_id(g, u->side), u->id);
}

/* ---- 10.23 the Rout Movement segment ---- */

bool rout_segment_under_way(const struct game *g)
{
	return g->rout.segment && g->rout.segment_turn == g->turn;
}

/* 10.23 routed phalanxes are eliminated; every other routed unit moves
 * its full MA; side 0's units first, then side 1's, each in roster
 * order; units routing during the segment make only their 10.22 move. */
bool rout_movement_segment(struct game *g)
{
	struct rout_state *r = &g->rout;
	if (!rout_segment_under_way(g)) {
		r->segment = true;
		r->segment_turn = g->turn;
		r->segment_next = 0;
		int n = 0;
		for (int i = 0; i < g->nunits && i < BATTLE_UNITS_MAX; i++) {
			const struct unit *u = &g->units[i];
			bits_put(r->segment_mover, i,
				 game_unit_in_play(u) && u->routed);
			n += bits_has(r->segment_mover, i);
		}
		struct event e;
		event_init(&e, "rout_movement");
		event_add(&e, "routed", "%d", n);
		event_add(&e, "rule", "10.23");
		game_emit(g, &e);
	}
	int total = 2 * g->nunits;
	for (int guard = 0; guard < 4 * BATTLE_UNITS_MAX + 8; guard++) {
		rout_run(g);
		if (rout_pending(g))
			return false;
		if (r->unit >= 0)
			continue;
		int k = r->segment_next;
		int i = -1;
		for (; k < total; k++) {
			int side = k / g->nunits, j = k % g->nunits;
			const struct unit *u = &g->units[j];
			if (bits_has(r->segment_mover, j) && u->side == side &&
			    game_unit_in_play(u) && u->routed) {
				i = j;
				break;
			}
		}
		if (i < 0)
			break;
		r->segment_next = k + 1;
		struct unit *u = &g->units[i];
		if (unit_is_two_hex(u)) {
			unit_eliminate(g, u, "10.23");
			continue;
		}
		start_move(g, i, ROUT_SEGMENT, "10.23");
	}
	r->segment = false;
	r->segment_next = 0;
	memset(r->segment_mover, 0, sizeof r->segment_mover);
	struct event e;
	event_init(&e, "rout_movement_done");
	event_add(&e, "rule", "10.23");
	game_emit(g, &e);
	return true;
}

/* ---- the `rout` command ---- */

void cmd_rout(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	struct session *s = ctx;
	if (argc < 2 || argc > 3) {
		cmd_malformed(r, "usage: rout HEX[,HEX] | rout with LEADER | "
				 "rout stay");
		return;
	}
	if (!s->game) {
		cmd_refuse(r, NULL, "no game: start one with new or load");
		return;
	}
	struct game *g = s->game;
	struct rout_state *st = &g->rout;
	bool leader_answer =
		strcmp(argv[1], "with") == 0 || strcmp(argv[1], "stay") == 0;
	struct hex want[2];
	if (!leader_answer &&
	    (argc != 2 || !hex_pair_parse(argv[1], &want[0], &want[1]))) {
		cmd_malformed(r, "usage: rout HEX[,HEX] | rout with LEADER | "
				 "rout stay");
		return;
	}
	if (leader_answer && (strcmp(argv[1], "with") == 0) != (argc == 3)) {
		cmd_malformed(r, "usage: rout with LEADER | rout stay");
		return;
	}
	if (!rout_pending(g)) {
		cmd_refuse(r, "10.22", "no rout move waits for a choice");
		return;
	}
	char why[CMD_REASON_MAX];
	rout_pending_text(g, why, sizeof why);
	if (leader_answer != (st->ask == ROUT_ASK_LEADER)) {
		cmd_refuse(r, st->ask == ROUT_ASK_LEADER ? "10.26" : "10.22",
			   "%s", why);
		return;
	}
	if (leader_answer) {
		bool with = argc == 3;
		const struct leader *l = &g->leaders[st->leader];
		if (with && strcmp(argv[2], l->id) != 0) {
			cmd_refuse(r, "10.26", "%s", why);
			return;
		}
		st->leaders_asked |= UINT64_C(1) << st->leader;
		if (with)
			st->leaders_with |= UINT64_C(1) << st->leader;
		struct event e;
		event_init(&e, "rout_leader");
		event_add(&e, "leader", "%s", l->id);
		event_add(&e, "unit", "%s", g->units[st->unit].id);
		event_add(&e, "goes", "%s", with ? "yes" : "no");
		event_add(&e, "rule", "10.26");
		game_emit(g, &e);
		st->ask = ROUT_ASK_NONE;
		st->leader = -1;
	} else {
		int k = 0;
		for (; k < st->nchoices; k++)
			if (hex_eq(st->choice[k][0], want[0]) &&
			    (hex_is_none(want[1]) ||
			     hex_eq(st->choice[k][1], want[1])))
				break;
		if (k == st->nchoices) {
			cmd_refuse(r, "10.22", "%s is not one of the hexes: %s",
				   argv[1], why);
			return;
		}
		const struct unit *u = &g->units[st->unit];
		struct cand c;
		int d = hex_direction_to(u->at.hex[0], st->choice[k][0]);
		if (d < 0 ||
		    !step_across(g, u, d, st->mode == ROUT_EXTRA, &c)) {
			cmd_refuse(r, "10.22", "%s is blocked now", argv[1]);
			return;
		}
		st->ask = ROUT_ASK_NONE;
		st->nchoices = 0;
		apply_step(g, &c);
	}
	rout_run(g);
	if (!rout_pending(g))
		seq_resume(g);
}
