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
#include "maniple/pending.h"
#include "maniple/sequence.h"
#include "maniple/shock_designate.h"
#include "maniple/tables.h"

/* lines of Line Commands remembered as tried in one Orders Phase */
#define LINES_TRIED_MAX 32

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
	/* the way-finding (field_build) */
	int *field, *queue;
	unsigned char *blocked;
	int field_cap;
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
		p->leader_tried = false;
		p->nlines_tried = 0;
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

static bool field_build(struct greedy *p, int side, int mover)
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
	int head = 0, tail = 0;
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
				p->field[x] = 0;
				p->queue[tail++] = x;
			}
		}
	}
	while (head < tail) {
		int x = p->queue[head++];
		struct hex h = {x / m->nrows + m->col_min,
				x % m->nrows + m->row_min};
		for (int d = 0; d < HEXSIDE_COUNT; d++) {
			int y = field_index(m,
					    hex_neighbour(h, (enum hexside)d));
			if (y < 0 || p->blocked[y] ||
			    p->field[y] <= p->field[x] + 1)
				continue;
			p->field[y] = p->field[x] + 1;
			p->queue[tail++] = y;
		}
	}
	return true;
}

static int field_at(const struct greedy *p, struct hex h)
{
	int x = field_index(p->g->battle->map, h);
	return x < 0 ? FIELD_FAR : p->field[x];
}

/* 6.21, 7.12: the unit whose move is open steps along the shortest way
 * to a hex next to an enemy, turning once to face that way when no legal
 * step gets closer; halts otherwise. */
static bool greedy_move(struct greedy *p)
{
	const struct game *g = p->g;
	int mi = g->ord.mover_unit;
	const struct unit *u = &g->units[mi];
	int near = unit_enemy_distance(g, u);
	if (near > 1 && g->battle->map && field_build(p, u->side, mi)) {
		int now = field_at(p, u->at.hex[0]);
		if (footprint_two_hex(&u->at) &&
		    field_at(p, u->at.hex[1]) < now)
			now = field_at(p, u->at.hex[1]);
		int best = -1, bestd = now;
		for (int i = 0; i < p->d->n; i++) {
			struct hex h;
			if (strncmp(p->d->ans[i].line, "move ", 5) != 0 ||
			    !hex_parse(p->d->ans[i].line + 5, &h))
				continue;
			/* 6.69: a stack may be one the mover cannot stop
			 * in; the greedy player walks into empty hexes */
			const struct unit *there[4];
			if (game_units_at(g, h, there, 4) > 0)
				continue;
			int d = field_at(p, h);
			if (d < bestd) {
				bestd = d;
				best = i;
			}
		}
		if (best >= 0)
			return run_action(p, best);
		const struct unit *here[4];
		if (!p->faced && !u->at.in_column &&
		    game_units_at(g, u->at.hex[0], here, 4) == 1) {
			/* the neighbour on the shortest way; a facing that
			 * puts it in front (7.11) */
			int side = -1, sd = now;
			for (int d = 0; d < HEXSIDE_COUNT; d++) {
				int e = field_at(
					p, hex_neighbour(u->at.hex[0],
							 (enum hexside)d));
				if (e < sd) {
					sd = e;
					side = d;
				}
			}
			for (int i = 0; side >= 0 && i < p->d->n; i++) {
				if (strncmp(p->d->ans[i].line, "face ", 5) != 0)
					continue;
				int f = facing_parse(p->d->ans[i].line + 5);
				if (f < 0 ||
				    facing_zone_of_side((enum facing)f,
							(enum hexside)side) !=
					    ZONE_FRONT)
					continue;
				p->faced = true;
				return run_action(p, i);
			}
		}
	}
	int h = find_action(p, "halt");
	if (h >= 0)
		return run_action(p, h);
	/* 6.63, 6.67: a mover that may not stop here goes on somewhere */
	return play_random(p);
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

/* An `order U` or `pick U` action for a unit not tried yet this phase and
 * not yet next to an enemy: runs it. */
static bool order_unit(struct greedy *p, const char *verb)
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
		p->tried[u] = true;
		if (unit_enemy_distance(g, &g->units[u]) <= 1)
			continue;
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
	if (g->ord.moving && g->ord.mover_unit >= 0)
		return greedy_move(p);
	if (g->ord.moving && g->ord.mover_leader >= 0)
		return greedy_leader_move(p);
	if (order_unit(p, "pick"))
		return true;
	for (int i = 0; i < p->d->n; i++) {
		const char *l = p->d->ans[i].line;
		if (strncmp(l, "line ", 5) != 0 ||
		    strncmp(l, "line fire", 9) == 0 || strstr(l, " fire"))
			continue;
		if (!tried_line(p, l) && run_action(p, i)) {
			p->progress = true;
			return true;
		}
	}
	if (order_unit(p, "order"))
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
	/* all zero: leader_goal is the hex 0000 until an Orders Phase
	 * sets it, as the player always had it */
	return calloc(1, sizeof(struct greedy));
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
