/* greedy.c — SPQR's greedy player (greedy.h): the `greedy` level of the
 * computer opponent, reached through the ruleset seam.  It reads the
 * game's state directly (struct game); nothing here parses the text the
 * looking commands print. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/ai_try.h"
#include "maniple/battle.h"
#include "maniple/game.h"
#include "maniple/greedy.h"
#include "maniple/map.h"
#include "maniple/orders.h"
#include "maniple/pending.h"
#include "maniple/phalanx.h"
#include "maniple/sequence.h"
#include "maniple/shock_designate.h"
#include "maniple/tables.h"

/* lines of Line Commands remembered as tried in one Orders Phase */
#define LINES_TRIED_MAX 32

/* the plans of an Orders Phase (greedy.h), named in plan_names */
enum plan {
	PLAN_ADVANCE,
	PLAN_HOLD,
	PLAN_WITHDRAW,
	PLAN_SCREEN,
	PLAN_FLANK,
	PLAN_LEFT_HOLDS,
	PLAN_RIGHT_HOLDS,
	PLAN_CLOSE,
	PLAN_COUNT
};

struct greedy {
	/* the decision being answered, set by gboh_greedy_play */
	const struct game *g;
	const struct decision *d;
	const struct ai_try *t;
	uint64_t *rng;
	bool progress; /* a new unit's move or Line Command was accepted */
	/* memory */
	bool tried[BATTLE_UNITS_MAX]; /* ordered or designated already */
	bool leader_tried;	      /* the active leader moved himself */
	struct hex leader_goal;	      /* where he goes, or HEX_NONE */
	bool orders_open, shock_open;
	bool shock_tried[BATTLE_UNITS_MAX]; /* offered a shock already */
	/* a must-shock unit left with nothing to attack: its combat is
	 * designated first once a cancel has freed an enemy for it */
	bool shock_first[BATTLE_UNITS_MAX];
	char lines_tried[LINES_TRIED_MAX][DECISION_LINE_MAX];
	int nlines_tried;
	bool faced; /* the open move turned once */
	/* a unit that took a step costing it cohesion (a two-hex unit's
	 * pivot, 6.43) this Orders Phase */
	bool paid_step[BATTLE_UNITS_MAX];
	/* the plan of this Orders Phase (enum plan; greedy.h), whether one
	 * was chosen, and its wings (wing_set: the units' sides of the
	 * line from their centre toward the enemy's, left true) */
	int plan;
	int plan_leader; /* the active leader it is for; -1 not yet seen */
	bool plan_chosen, wing_set;
	bool left[BATTLE_UNITS_MAX];
	/* the way-finding (field_build) */
	int *field, *queue;
	unsigned char *blocked;
	int field_cap;
	int field_head, field_tail; /* the search's queue (field_value) */
};

static bool run(struct greedy *p, const char *line, bool listed)
{
	return p->t->run(p->t->user, line, listed);
}

static bool run_action(struct greedy *p, int i)
{
	char line[DECISION_LINE_MAX];
	snprintf(line, sizeof line, "%s", p->d->ans[i].line);
	return run(p, line, true);
}

static bool play_random(struct greedy *p)
{
	return ai_try_random(p->d, p->rng, p->t);
}

static int find_action(struct greedy *p, const char *line)
{
	return decision_find(p->d, line);
}

static int find_prefix(struct greedy *p, const char *prefix)
{
	size_t n = strlen(prefix);
	for (int i = 0; i < p->d->n; i++)
		if (strncmp(p->d->ans[i].line, prefix, n) == 0)
			return i;
	return -1;
}

static bool standing(const struct unit *u)
{
	return game_unit_in_play(u) && !u->routed;
}

/* Hexes from h to the nearest standing enemy of side; a large number
 * when there is none. */
static int enemy_distance(const struct game *g, int side, struct hex h)
{
	int best = 1 << 20;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (u->side == side || !standing(u))
			continue;
		int d = footprint_distance(&u->at, h);
		if (d < best)
			best = d;
	}
	return best;
}

static int unit_enemy_distance(const struct game *g, const struct unit *u)
{
	int d = enemy_distance(g, u->side, u->at.hex[0]);
	if (footprint_two_hex(&u->at)) {
		int d1 = enemy_distance(g, u->side, u->at.hex[1]);
		if (d1 < d)
			d = d1;
	}
	return d;
}

static int unit_index(const struct game *g, const char *id)
{
	for (int i = 0; i < g->nunits; i++)
		if (strcmp(g->units[i].id, id) == 0)
			return i;
	return -1;
}

/* ---- the greedy policy, decision by decision ---- */

static void plan_clear(struct greedy *p)
{
	p->plan = PLAN_ADVANCE;
	p->plan_chosen = false;
	p->plan_leader = -1;
	p->wing_set = false;
}

/* The units tried belong to one Orders Phase (ordered, picked) or one
 * designation (offered a shock): the memory is cleared when play leaves
 * it (an Orders Phase is interrupted by reactions and rout moves only). */
static void scopes(struct greedy *p, const struct game *g)
{
	enum seq_step st = seq_step_now(g);
	if (st != SEQ_ORDERS && st != SEQ_REACTION && st != SEQ_ROUT &&
	    p->orders_open) {
		p->orders_open = false;
		memset(p->tried, 0, sizeof p->tried);
		memset(p->paid_step, 0, sizeof p->paid_step);
		p->leader_tried = false;
		p->nlines_tried = 0;
		plan_clear(p);
	}
	if (st == SEQ_ORDERS)
		p->orders_open = true;
	bool designating = st == SEQ_SHOCK && g->shock.ask == SHA_DESIGNATE;
	if (!designating && p->shock_open) {
		p->shock_open = false;
		memset(p->shock_tried, 0, sizeof p->shock_tried);
		memset(p->shock_first, 0, sizeof p->shock_first);
	}
	if (designating)
		p->shock_open = true;
}

/* ---- the plans of an Orders Phase (greedy.h) ---- */


static const char *const plan_names[PLAN_COUNT] = {
	[PLAN_ADVANCE] = "the command advances to contact",
	[PLAN_HOLD] = "the command holds where it stands",
	[PLAN_WITHDRAW] = "worn units withdraw out of reach, the rest advance "
			  "to contact",
	[PLAN_SCREEN] = "missile troops screen two hexes out and shoot, worn "
			"units withdraw, the rest advance to contact",
	[PLAN_FLANK] = "units make for the enemy's flanks and rears, worn "
		       "units withdraw",
	[PLAN_LEFT_HOLDS] = "the left wing holds, the right advances to contact",
	[PLAN_RIGHT_HOLDS] = "the right wing holds, the left advances to "
			     "contact",
	[PLAN_CLOSE] = "the command closes to two hexes of the enemy without "
		       "contact, missile troops shoot",
};

/* What a unit does under the plan. */
enum intent {
	INTENT_ADVANCE,	 /* the shortest way to a hex next to an enemy */
	INTENT_HOLD,	 /* not ordered */
	INTENT_WITHDRAW, /* away from the enemy, out of its reach */
	INTENT_SCREEN,	 /* two hexes out, shooting when it can */
	INTENT_FLANK,	 /* to a hex on an enemy's flank or rear */
};

/* a unit with at most this cohesion margin (TQ less hits, 10.1) is worn:
 * one bad combat routs it */
#define WORN_MARGIN 2
/* a withdrawing unit stops this many steps from contact: beyond an
 * enemy's Movement Allowance of foot (2.2) */
#define WITHDRAW_SAFE 5

static bool worn(const struct unit *u)
{
	return u->hits > 0 && u->tq - u->hits <= WORN_MARGIN;
}

/* 2.21: light troops with missiles screen (skirmishers, light infantry,
 * peltasts, light cavalry) */
static bool screener(const struct unit *u)
{
	return u->missile != MC_NONE &&
	       (u->type == UT_SK || u->type == UT_LI || u->type == UT_LP ||
		u->type == UT_LC);
}

/* A hex's place on a plane, in hex widths (columns of flat-topped
 * hexes). */
static void hex_plane(struct hex h, double *x, double *y)
{
	struct cube c = hex_to_cube(h);
	*x = 1.5 * c.q;
	*y = 1.7320508075688772 * (c.r + c.q / 2.0);
}

/* The wings: each standing unit of side is on the left when it stands
 * left of the line from its army's centre toward the enemy's centre. */
static void wings(struct greedy *p, int side)
{
	const struct game *g = p->g;
	double cx[2] = {0, 0}, cy[2] = {0, 0};
	int n[2] = {0, 0};
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (!standing(u))
			continue;
		double x, y;
		hex_plane(u->at.hex[0], &x, &y);
		int k = u->side == side ? 0 : 1;
		cx[k] += x;
		cy[k] += y;
		n[k]++;
	}
	for (int k = 0; k < 2; k++)
		if (n[k]) {
			cx[k] /= n[k];
			cy[k] /= n[k];
		}
	double dx = cx[1] - cx[0], dy = cy[1] - cy[0];
	for (int i = 0; i < g->nunits; i++) {
		double x, y;
		hex_plane(g->units[i].at.hex[0], &x, &y);
		/* y grows southward: the left of (dx, dy) is (dy, -dx) */
		p->left[i] = (x - cx[0]) * dy - (y - cy[0]) * dx > 0;
	}
	p->wing_set = true;
}

static enum intent unit_intent(struct greedy *p, int ui)
{
	const struct unit *u = &p->g->units[ui];
	switch (p->plan) {
	case PLAN_HOLD:
		return INTENT_HOLD;
	case PLAN_WITHDRAW:
		return worn(u) ? INTENT_WITHDRAW : INTENT_ADVANCE;
	case PLAN_SCREEN:
		return worn(u)	      ? INTENT_WITHDRAW
		       : screener(u) ? INTENT_SCREEN
				     : INTENT_ADVANCE;
	case PLAN_FLANK:
		return worn(u) ? INTENT_WITHDRAW : INTENT_FLANK;
	case PLAN_LEFT_HOLDS:
	case PLAN_RIGHT_HOLDS:
		if (!p->wing_set)
			wings(p, u->side);
		return p->left[ui] == (p->plan == PLAN_LEFT_HOLDS)
			       ? INTENT_HOLD
			       : INTENT_ADVANCE;
	case PLAN_CLOSE:
		return INTENT_SCREEN;
	default:
		return INTENT_ADVANCE;
	}
}

const char *gboh_greedy_plan_name(int k)
{
	return k >= 0 && k < PLAN_COUNT ? plan_names[k] : NULL;
}

int gboh_greedy_plan(void *m, const struct game *g)
{
	struct greedy *p = m;
	if (seq_step_now(g) != SEQ_ORDERS)
		return GREEDY_NO_ORDERS;
	if (p->plan_chosen && p->plan_leader >= 0 &&
	    p->plan_leader != g->active_leader)
		return GREEDY_NO_PLAN; /* another leader's phase */
	return p->plan_chosen ? p->plan : GREEDY_NO_PLAN;
}

void gboh_greedy_plan_set(void *m, int k)
{
	struct greedy *p = m;
	plan_clear(p);
	p->plan = k >= 0 && k < PLAN_COUNT ? k : PLAN_ADVANCE;
	p->plan_chosen = true;
}

/* The percentage after "hits " in a fire answer's comment (8.15: "fire
 * 2915 # needs 3 or less: hits 40%"); 0 when it has none. */
static int fire_percent(const char *line)
{
	const char *h = strstr(line, "hits ");
	return h ? atoi(h + 5) : 0;
}

/* The fire answer starting with prefix that hits most often, at least
 * min percent; -1 when none does. */
static int best_fire(struct greedy *p, const char *prefix, int min)
{
	size_t n = strlen(prefix);
	int best = -1, bp = min - 1;
	for (int i = 0; i < p->d->n; i++) {
		const char *l = p->d->ans[i].line;
		if (strncmp(l, prefix, n) != 0)
			continue;
		int pc = fire_percent(l);
		if (pc > bp) {
			bp = pc;
			best = i;
		}
	}
	return best;
}

/* Steps from each hex to a hex next to a standing enemy of side, going
 * round every unit but the mover and the impassable hexes (a
 * breadth-first search over the map); FIELD_FAR where no way leads. */
#define FIELD_FAR (1 << 20)

static int field_index(const struct map *m, struct hex h)
{
	if (!map_contains(m, h))
		return -1;
	return (h.col - m->col_min) * m->nrows + (h.row - m->row_min);
}

/* flank: only the hexes on an enemy's flank or rear (7.11) are goals */
static bool field_build(struct greedy *p, int side, int mover, bool flank)
{
	const struct game *g = p->g;
	const struct map *m = g->battle->map;
	int n = m->ncols * m->nrows;
	if (n > p->field_cap) {
		free(p->field);
		free(p->queue);
		free(p->blocked);
		p->field = malloc((size_t)n * sizeof *p->field);
		p->queue = malloc((size_t)n * sizeof *p->queue);
		p->blocked = malloc((size_t)n);
		p->field_cap = p->field && p->queue && p->blocked ? n : 0;
		if (!p->field_cap)
			return false;
	}
	for (int i = 0; i < n; i++)
		p->field[i] = FIELD_FAR;
	memset(p->blocked, 0, (size_t)n);
	for (int c = 0; c < m->ncols; c++)
		for (int r = 0; r < m->nrows; r++)
			if (map_impassable(m, (struct hex){c + m->col_min,
							   r + m->row_min}))
				p->blocked[c * m->nrows + r] = 1;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (i == mover || !game_unit_in_play(u))
			continue;
		for (int k = 0; k < 2; k++) {
			int x = field_index(m, u->at.hex[k]);
			if (x >= 0)
				p->blocked[x] = 1;
		}
	}
	int tail = 0;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (u->side == side || !standing(u))
			continue;
		for (int k = 0; k < 2; k++) {
			if (k == 1 && !footprint_two_hex(&u->at))
				break;
			for (int d = 0; d < HEXSIDE_COUNT; d++) {
				int x = field_index(
					m, hex_neighbour(u->at.hex[k],
							 (enum hexside)d));
				if (x < 0 || p->blocked[x] || p->field[x] == 0)
					continue;
				if (flank) {
					enum hex_zone z = footprint_zone(
						&u->at,
						hex_neighbour(u->at.hex[k],
							      (enum hexside)d));
					if (z != ZONE_FLANK && z != ZONE_REAR)
						continue;
				}
				p->field[x] = 0;
				p->queue[tail++] = x;
			}
		}
	}
	p->field_head = 0;
	p->field_tail = tail;
	return true;
}

/* One hex taken from the search's queue: its neighbours not reached yet
 * are one step further (speed: the search goes only as far as the
 * values asked for, field_value, need; a breadth-first search's first
 * value for a hex is its least, so what it has given stands). */
static void field_expand(struct greedy *p)
{
	const struct map *m = p->g->battle->map;
	int x = p->queue[p->field_head++];
	struct hex h = {x / m->nrows + m->col_min, x % m->nrows + m->row_min};
	for (int d = 0; d < HEXSIDE_COUNT; d++) {
		int y = field_index(m, hex_neighbour(h, (enum hexside)d));
		if (y < 0 || p->blocked[y] || p->field[y] <= p->field[x] + 1)
			continue;
		p->field[y] = p->field[x] + 1;
		p->queue[p->field_tail++] = y;
	}
}

/* The field at map index x: the search carried on until it reaches x
 * or has nowhere left to go. */
static int field_value(struct greedy *p, int x)
{
	while (p->field[x] == FIELD_FAR && p->field_head < p->field_tail)
		field_expand(p);
	return p->field[x];
}

static int field_at(struct greedy *p, struct hex h)
{
	int x = field_index(p->g->battle->map, h);
	return x < 0 ? FIELD_FAR : field_value(p, x);
}

/* Whether h is free for the open mover: no unit there but itself (6.69:
 * a stack may be one the mover cannot stop in; the greedy player walks
 * into empty hexes). */
static bool free_for_mover(const struct game *g, int mi, struct hex h)
{
	const struct unit *there[4];
	int n = game_units_at(g, h, there, 4);
	return n == 0 || (n == 1 && there[0] == &g->units[mi]);
}

/* The cohesion hits a step of the open mover costs for certain: a
 * two-hex unit's pivot (6.43; GBA 6.43 the hoplites only) and its
 * terrain; 0 for a one-hex step (its terrain is the field's concern). */
static int step_hits(const struct game *g, struct hex a, struct hex b)
{
	if (hex_is_none(b))
		return 0;
	bool wheel = false;
	int h = phalanx_step_hits(g, &g->ord.move, a, b, &wheel);
	return h < 0 ? 0 : h + (wheel ? 1 : 0);
}

/* Whether the open mover, unit mi, may pay hits for a step: once an
 * Orders Phase, and never when they would leave it worn.  Turned back
 * and forth by each step of the field, two-hex units (hoplites above
 * all, whose every pivot costs a hit) wore themselves out before they
 * met the enemy. */
static bool may_pay(const struct greedy *p, int mi, int hits)
{
	const struct unit *u = &p->g->units[mi];
	return hits == 0 ||
	       (!p->paid_step[mi] && u->tq - u->hits - hits > WORN_MARGIN);
}

/* The `move` answer into hexes free for the mover whose field value is
 * best by better (lower first when low): the one with the value nearest
 * want among those strictly better than now toward want, a step that
 * costs no cohesion before one that does (may_pay); -1 when none is. */
static int pick_step(struct greedy *p, int now, int want)
{
	const struct game *g = p->g;
	int mi = g->ord.mover_unit;
	int best = -1, bestd = now, best_hits = 0;
	for (int i = 0; i < p->d->n; i++) {
		struct hex a, b;
		if (!orders_move_line_hexes(p->d->ans[i].line, &a, &b))
			continue;
		if (field_index(g->battle->map, a) < 0 ||
		    !free_for_mover(g, mi, a) ||
		    (!hex_is_none(b) &&
		     (field_index(g->battle->map, b) < 0 ||
		      !free_for_mover(g, mi, b))))
			continue;
		int d = field_at(p, a);
		if (!hex_is_none(b) && field_at(p, b) < d)
			d = field_at(p, b);
		int hits = step_hits(g, a, b);
		if (!may_pay(p, mi, hits))
			continue;
		bool closer = now > want ? d >= want && (d < bestd ||
							 (d == bestd &&
							  hits < best_hits))
					 : d <= want && (d > bestd ||
							 (d == bestd &&
							  hits < best_hits));
		/* a free step toward want beats a paid one that goes as far
		 * or one hex further */
		if (best >= 0 && hits > 0 && best_hits == 0 &&
		    (now > want ? d >= bestd - 1 : d <= bestd + 1))
			closer = false;
		if (closer && (d != now)) {
			bestd = d;
			best = i;
			best_hits = hits;
		}
	}
	if (best >= 0 && best_hits > 0)
		p->paid_step[mi] = true;
	return best;
}

/* 7.12: the open mover turns once so that its neighbour nearest want on
 * the field is in its front; false when it has turned already or no
 * facing does it. */
static bool turn_toward(struct greedy *p, const struct unit *u, int now,
			int want)
{
	const struct unit *here[4];
	if (p->faced || u->at.in_column ||
	    game_units_at(p->g, u->at.hex[0], here, 4) != 1)
		return false;
	int side = -1, sd = now;
	for (int d = 0; d < HEXSIDE_COUNT; d++) {
		struct hex h = hex_neighbour(u->at.hex[0], (enum hexside)d);
		int x = field_index(p->g->battle->map, h);
		if (x < 0 || p->blocked[x])
			continue; /* off the map, or nowhere to go */
		int e = field_value(p, x);
		if (now > want ? e < sd : e > sd) {
			sd = e;
			side = d;
		}
	}
	for (int i = 0; side >= 0 && i < p->d->n; i++) {
		if (strncmp(p->d->ans[i].line, "face ", 5) != 0)
			continue;
		int f = facing_parse(p->d->ans[i].line + 5);
		if (f < 0 || facing_zone_of_side((enum facing)f,
						 (enum hexside)side) !=
				     ZONE_FRONT)
			continue;
		p->faced = true;
		return run_action(p, i);
	}
	return false;
}

/* The field's value at the open mover's hexes (the nearer). */
static int field_of(struct greedy *p, const struct unit *u)
{
	int now = field_at(p, u->at.hex[0]);
	if (footprint_two_hex(&u->at) && field_at(p, u->at.hex[1]) < now)
		now = field_at(p, u->at.hex[1]);
	return now;
}

static bool halt_move(struct greedy *p)
{
	int h = find_action(p, "halt");
	if (h >= 0)
		return run_action(p, h);
	/* 6.63, 6.67: a mover that may not stop here goes on somewhere */
	return play_random(p);
}

/* 6.21, 7.12: the unit whose move is open follows its intent: it steps
 * along the shortest way to a hex next to an enemy (INTENT_FLANK: on an
 * enemy's flank or rear, where one can be reached), turning once to face
 * that way when no legal step gets closer; withdraws step by step away
 * from the enemy until WITHDRAW_SAFE steps from contact; screens (8.11:
 * fires when it can, else closes to two hexes, or steps back to them);
 * halts otherwise. */
static bool greedy_move(struct greedy *p)
{
	const struct game *g = p->g;
	int mi = g->ord.mover_unit;
	const struct unit *u = &g->units[mi];
	enum intent in = unit_intent(p, mi);
	if (in == INTENT_HOLD || !g->battle->map)
		return halt_move(p);
	if (in == INTENT_SCREEN) {
		int f = best_fire(p, "fire ", 1);
		if (f >= 0)
			return run_action(p, f);
	}
	int near = unit_enemy_distance(g, u);
	if (in == INTENT_ADVANCE || in == INTENT_FLANK) {
		if (near <= 1)
			return halt_move(p);
		bool flank = in == INTENT_FLANK &&
			     field_build(p, u->side, mi, true) &&
			     field_of(p, u) < FIELD_FAR;
		if (!flank && !field_build(p, u->side, mi, false))
			return halt_move(p);
	} else if (!field_build(p, u->side, mi, false)) {
		return halt_move(p);
	}
	int now = field_of(p, u);
	int want = in == INTENT_WITHDRAW ? FIELD_FAR
		   : in == INTENT_SCREEN ? 1
					 : 0;
	if (in == INTENT_WITHDRAW && now >= WITHDRAW_SAFE)
		return halt_move(p);
	if (now == want)
		return halt_move(p);
	int best = pick_step(p, now, want);
	if (best >= 0)
		return run_action(p, best);
	if (turn_toward(p, u, now, want))
		return true;
	return halt_move(p);
}

/* A leader walking alone (4.23, 4.34) heads for p->leader_goal (a unit
 * of his beyond his Command Range), staying out of the enemy's reach;
 * without a goal, toward the nearest enemy until three hexes short. */
static bool greedy_leader_move(struct greedy *p)
{
	const struct game *g = p->g;
	const struct leader *l = &g->leaders[g->ord.mover_leader];
	bool goal = !hex_is_none(p->leader_goal);
	int now = goal ? hex_distance(l->hex, p->leader_goal)
		       : enemy_distance(g, l->side, l->hex);
	int stop = goal ? 1 : 3;
	int best = -1, bestd = now;
	for (int i = 0; now > stop && i < p->d->n; i++) {
		struct hex h;
		if (strncmp(p->d->ans[i].line, "move ", 5) != 0 ||
		    !hex_parse(p->d->ans[i].line + 5, &h))
			continue;
		int e = enemy_distance(g, l->side, h);
		int d = goal ? hex_distance(h, p->leader_goal) : e;
		if (e >= (goal ? 2 : 3) && d < bestd) {
			bestd = d;
			best = i;
		}
	}
	if (best >= 0)
		return run_action(p, best);
	int h = find_action(p, "halt");
	return run_action(p, h >= 0 ? h : ai_rnd_below(p->rng, p->d->n));
}

/* Where the active leader should go: the unit of his side nearest him
 * that is out of his Command Range (4.21) and not yet next to an enemy;
 * HEX_NONE when every such unit is in range. */
static struct hex leader_goal(const struct game *g, const struct leader *l)
{
	int range = leader_command_range_now(g, l);
	int best = 1 << 20;
	struct hex goal = HEX_NONE;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (u->side != l->side || !standing(u) ||
		    unit_enemy_distance(g, u) <= 1)
			continue;
		int d = footprint_distance(&u->at, l->hex);
		if (d > range && d < best) {
			best = d;
			goal = u->at.hex[0];
		}
	}
	return goal;
}

static bool tried_line(struct greedy *p, const char *line)
{
	for (int k = 0; k < p->nlines_tried; k++)
		if (strcmp(p->lines_tried[k], line) == 0)
			return true;
	if (p->nlines_tried < LINES_TRIED_MAX)
		snprintf(p->lines_tried[p->nlines_tried++],
			 sizeof p->lines_tried[0], "%s", line);
	return false;
}

/* An `order U` or `pick U` action for a unit not tried yet this phase
 * whose intent moves it: runs it.  A unit advancing is not ordered once
 * next to an enemy, one withdrawing once out of reach; a holding unit
 * never; a screening unit shoots without moving when it can (5.22,
 * `order U fire HEX`), else moves.  only >= 0: the units of that intent
 * alone. */
static bool order_unit(struct greedy *p, const char *verb, int only)
{
	const struct game *g = p->g;
	size_t vn = strlen(verb);
	for (int i = 0; i < p->d->n; i++) {
		const char *l = p->d->ans[i].line;
		if (strncmp(l, verb, vn) != 0 || l[vn] != ' ' ||
		    strchr(l + vn + 1, ' '))
			continue;
		int u = unit_index(g, l + vn + 1);
		if (u < 0 || p->tried[u] || !standing(&g->units[u]))
			continue;
		enum intent in = unit_intent(p, u);
		if (only >= 0 && (int)in != only)
			continue;
		p->tried[u] = true;
		int near = unit_enemy_distance(g, &g->units[u]);
		if (in == INTENT_HOLD ||
		    (in == INTENT_WITHDRAW && near > WITHDRAW_SAFE) ||
		    ((in == INTENT_ADVANCE || in == INTENT_FLANK) && near <= 1))
			continue;
		if (in == INTENT_SCREEN && strcmp(verb, "order") == 0) {
			char prefix[DECISION_LINE_MAX];
			snprintf(prefix, sizeof prefix, "order %s fire ",
				 g->units[u].id);
			int f = best_fire(p, prefix, 1);
			if (f >= 0 && run_action(p, f)) {
				p->progress = true;
				return true;
			}
		}
		p->faced = false;
		if (run_action(p, i)) {
			p->progress = true; /* a new unit's move: progress */
			return true;
		}
	}
	return false;
}

/* 5.2: the active leader's Orders Phase: Line Commands first (4.31, 5.23:
 * each member picked in turn), else Individual Orders (5.22), one unit at
 * a time; then the leader himself moves up (4.23, 4.34); then done. */
static bool greedy_orders(struct greedy *p)
{
	const struct game *g = p->g;
	/* the plan is the Orders Phase's of the leader it was chosen for */
	if (p->plan_chosen && p->plan_leader < 0)
		p->plan_leader = g->active_leader;
	else if (p->plan_chosen && p->plan_leader != g->active_leader)
		plan_clear(p);
	if (g->ord.moving && g->ord.mover_unit >= 0)
		return greedy_move(p);
	if (g->ord.moving && g->ord.mover_leader >= 0)
		return greedy_leader_move(p);
	if (order_unit(p, "pick", -1))
		return true;
	/* plans of single units' intents give Individual Orders (5.22),
	 * the units withdrawing first */
	bool single = p->plan == PLAN_WITHDRAW || p->plan == PLAN_SCREEN ||
		      p->plan == PLAN_FLANK || p->plan == PLAN_CLOSE;
	if (single && (order_unit(p, "order", INTENT_WITHDRAW) ||
		       order_unit(p, "order", -1)))
		return true;
	for (int i = 0; p->plan != PLAN_HOLD && i < p->d->n; i++) {
		const char *l = p->d->ans[i].line;
		if (strncmp(l, "line ", 5) != 0 ||
		    strncmp(l, "line fire", 9) == 0 || strstr(l, " fire"))
			continue;
		if (!tried_line(p, l) && run_action(p, i)) {
			p->progress = true;
			return true;
		}
	}
	if (order_unit(p, "order", -1))
		return true;
	if (g->active_leader >= 0 && !p->leader_tried) {
		const struct leader *al = &g->leaders[g->active_leader];
		p->leader_tried = true;
		p->leader_goal = leader_goal(g, al);
		char a[DECISION_LINE_MAX], b[DECISION_LINE_MAX];
		snprintf(a, sizeof a, "pick %s", al->id);
		snprintf(b, sizeof b, "order %s", al->id);
		int i = find_action(p, a);
		if (i < 0)
			i = find_action(p, b);
		if (i >= 0 &&
		    (!hex_is_none(p->leader_goal) ||
		     enemy_distance(g, al->side, al->hex) > 3) &&
		    run_action(p, i))
			return true;
	}
	int d = find_action(p, "orders done");
	if (d >= 0)
		return run_action(p, d);
	return play_random(p);
}

/* The defenders a `designate U E1,E2...` line names (commas + 1). */
static int line_defenders(const char *line)
{
	const char *sp = strrchr(line, ' ');
	int n = 1;
	for (const char *c = sp ? sp : line; *c; c++)
		n += *c == ',';
	return n;
}

/* The unit a `designate U ...` line attacks with, or -1. */
static int line_attacker(const struct game *g, const char *line)
{
	char id[ID_MAX];
	if (sscanf(line, "designate %15s", id) != 1)
		return -1;
	return unit_index(g, id);
}

/* 8.41, 8.42: a unit that must shock, in no combat, whose enemies are
 * all defending already in combats it cannot join (`legal` proposes no
 * line for it): the first combat with a defender in its ZOC is taken
 * back (8.42 lets a combat be cancelled) and the unit's own combat comes
 * first next.  false when no unit is stranded so. */
static bool free_stranded(struct greedy *p)
{
	const struct game *g = p->g;
	const struct shock_state *s = &g->shock;
	for (int a = 0; a < g->nunits; a++) {
		const struct unit *u = &g->units[a];
		if (u->side != s->attacker || !standing(u) || s->attacked[a])
			continue;
		enum shock_claim c = shock_claim_of(g, a, NULL, NULL);
		if (c != SC_MUST && c != SC_ENGAGED)
			continue;
		for (int ci = 0; ci < s->ncombats; ci++)
			for (int k = 0; k < s->c[ci].ndef; k++) {
				if (!shock_in_zoc(g, a, s->c[ci].def[k]))
					continue;
				char line[DECISION_LINE_MAX];
				snprintf(line, sizeof line,
					 "designate cancel %d", ci);
				int i = find_action(p, line);
				if (i < 0 || !run_action(p, i))
					continue;
				p->shock_first[a] = true;
				return true;
			}
	}
	return false;
}

/* 8.41, 8.42: what `legal` proposes (the units that must shock: a unit
 * whose combat had to be freed first, then the lines naming the fewest
 * defenders, so that a unit with one enemy is not left with none by a
 * neighbour taking them all), then every other unit of the attacker next
 * to an enemy, against the enemies next to it that nobody attacks yet
 * (all together, else one by one). */
static bool greedy_designate(struct greedy *p)
{
	const struct game *g = p->g;
	int best = -1, best_rank = 0;
	for (int i = 0; i < p->d->n; i++) {
		const char *l = p->d->ans[i].line;
		if (strncmp(l, "designate ", 10) != 0 ||
		    strcmp(l, "designate done") == 0 ||
		    strncmp(l, "designate cancel", 16) == 0)
			continue;
		int a = line_attacker(g, l);
		int rank = line_defenders(l) +
			   (a >= 0 && p->shock_first[a] ? 0 : SHOCK_UNITS_MAX);
		if (best < 0 || rank < best_rank) {
			best = i;
			best_rank = rank;
		}
	}
	if (best >= 0 && run_action(p, best))
		return true;
	for (int i = 0; best >= 0 && i < p->d->n; i++) {
		const char *l = p->d->ans[i].line;
		if (i != best && strncmp(l, "designate ", 10) == 0 &&
		    strcmp(l, "designate done") != 0 &&
		    strncmp(l, "designate cancel", 16) != 0 &&
		    run_action(p, i))
			return true;
	}
	const struct shock_state *s = &g->shock;
	int side = s->attacker;
	for (int a = 0; a < g->nunits; a++) {
		const struct unit *u = &g->units[a];
		if (u->side != side || !standing(u) || s->attacked[a] ||
		    p->shock_tried[a] ||
		    shock_claim_of(g, a, NULL, NULL) == SC_NONE)
			continue;
		p->shock_tried[a] = true;
		char line[CMD_LINE_MAX];
		int at = snprintf(line, sizeof line, "designate %s ", u->id);
		int nd = 0, defs[SHOCK_UNITS_MAX];
		for (int d = 0; d < g->nunits && nd < SHOCK_UNITS_MAX; d++) {
			const struct unit *v = &g->units[d];
			if (v->side == side || !game_unit_in_play(v) ||
			    s->defended[d] || !shock_in_zoc(g, a, d))
				continue;
			at += snprintf(line + at, sizeof line - (size_t)at,
				       "%s%s", nd ? "," : "", v->id);
			defs[nd++] = d;
		}
		if (nd == 0)
			continue;
		if (run(p, line, false))
			return true;
		for (int k = 0; nd > 1 && k < nd; k++) {
			snprintf(line, sizeof line, "designate %s %s", u->id,
				 g->units[defs[k]].id);
			if (run(p, line, false))
				return true;
		}
	}
	int d = find_action(p, "designate done");
	if (d >= 0)
		return run_action(p, d);
	if (free_stranded(p))
		return true;
	/* nothing freed a stranded unit: chance finds a designation that
	 * closes */
	return play_random(p);
}

static bool greedy_decide(struct greedy *p)
{
	const struct game *g = p->g;
	enum seq_step st = seq_step_now(g);
	int i;
	switch (st) {
	case SEQ_ORDERS:
		return greedy_orders(p);
	case SEQ_SHOCK:
		if (g->shock.ask == SHA_DESIGNATE)
			return greedy_designate(p);
		break;
	case SEQ_REACTION:
		if ((i = find_prefix(p, "shock mark ")) >= 0 ||
		    (i = find_action(p, "no reaction")) >= 0)
			return run_action(p, i);
		break;
	case SEQ_MOMENTUM:
		if ((i = find_action(p, "no momentum")) >= 0)
			return run_action(p, i);
		break;
	case SEQ_TRUMP_REPLY:
		if ((i = find_action(p, "no trump")) >= 0)
			return run_action(p, i);
		break;
	case SEQ_ACTIVATE:
	case SEQ_REACTIVATE:
		if ((i = find_prefix(p, "activate ")) >= 0 ||
		    (i = find_action(p, "continue")) >= 0)
			return run_action(p, i);
		break;
	case SEQ_ELITE:
		/* 6.82: no Pre-arranged Withdrawal markers; 5.51 the elite
		 * side takes its EIO Phase */
		if ((i = find_prefix(p, "elite ")) >= 0 ||
		    (i = find_action(p, "no elite")) >= 0)
			return run_action(p, i);
		break;
	default:
		break;
	}
	return run_action(p, 0);
}

void *gboh_greedy_new(void)
{
	/* all zero but the plan's leader: leader_goal is the hex 0000
	 * until an Orders Phase sets it, as the player always had it */
	struct greedy *p = calloc(1, sizeof(struct greedy));
	if (p)
		plan_clear(p);
	return p;
}

void gboh_greedy_free(void *m)
{
	struct greedy *p = m;
	if (!p)
		return;
	free(p->field);
	free(p->queue);
	free(p->blocked);
	free(p);
}

void gboh_greedy_see(void *m, const struct game *g)
{
	struct greedy *p = m;
	scopes(p, g);
}

int gboh_greedy_play(void *m, const struct game *g, const struct decision *d,
		     uint64_t *rng, const struct ai_try *t)
{
	struct greedy *p = m;
	p->g = g;
	p->d = d;
	p->t = t;
	p->rng = rng;
	p->progress = false;
	if (d->n == 0 || !greedy_decide(p))
		return AI_PLAYED_NONE;
	return p->progress ? AI_PLAYED_PROGRESS : AI_PLAYED;
}

int gboh_unit_enemy_distance(const struct game *g, const struct unit *u)
{
	return unit_enemy_distance(g, u);
}
