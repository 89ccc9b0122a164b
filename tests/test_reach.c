/* The Command Range search (4.21) and Line composition (4.32) after their
 * speed work (issue 11): the search of command.c keeps what it learns of
 * each hex in cells and asks for both halves of a two-hex unit at once,
 * and line_compose no longer asks again the links of a group that keeps
 * all its units.  Here a plain search and a plain grouping, written as
 * the code stood before, give the answers they must match, hex by hex,
 * unit by unit and Line by Line, on the real battles with their units and
 * leaders scattered at random (stacks of more than four, routed,
 * eliminated and two-hex units included), and with a ZOC query of the
 * caller's.  tools/bench measures the speed itself. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "maniple/battle.h"
#include "maniple/command.h"
#include "maniple/game.h"
#include "maniple/hex.h"
#include "maniple/map.h"
#include "maniple/movement.h"
#include "maniple/sequence.h"
#include "maniple/tables.h"
#include "spqr_tables.h"

static const char *srcdir(void)
{
	const char *d = getenv("MANIPLE_SRCDIR");
	return d && *d ? d : MANIPLE_SRCDIR;
}

static struct game *real_game(const char *name, bool tables)
{
	struct ini_error err;
	char path[4096];
	memset(&err, 0, sizeof err);
	cr_assert(battle_path(srcdir(), name, path, (int)sizeof path), "%s",
		  name);
	struct battle *b = battle_load(path, &err);
	cr_assert_not_null(b, "%s: %s", name, err.msg);
	struct game *g = game_new(b, GAME_SANDBOX, 1);
	if (tables)
		g = spqr_tables_give(g);
	cr_assert_not_null(g);
	return g;
}

/* ---- the plain search (4.21) ---- */

static bool plain_may_step(const struct game *g, struct hex from,
			   struct hex to)
{
	const struct map *m = g->battle->map;
	const struct map_hex *a = map_at(m, from), *b = map_at(m, to);
	int d = hex_direction_to(from, to);
	if (a == NULL || b == NULL || d < 0 || map_impassable(m, to))
		return false;
	unsigned side = map_hexside(m, from, (enum hexside)d);
	if (side & HSF_RIVER)
		return false;
	if (g->tables != NULL) {
		struct hex_entry e = {
			.type = UT_HC,
			.leader = true,
			.in_column = false,
			.terrain = (enum terrain)b->terrain,
			.hexside = side,
			.from_level = a->elevation,
			.to_level = b->elevation,
		};
		if (tables_hex_entry_cost(g->tables, &e).prohibited)
			return false;
	}
	return true;
}

static bool plain_has_side(const struct game *g, struct hex h, int side)
{
	const struct unit *us[4];
	int n = game_units_at(g, h, us, 4);
	for (int i = 0; i < n; i++)
		if (us[i]->side == side)
			return true;
	return false;
}

static bool plain_obstructed(const struct game *g, const struct zoc_query *q,
			     struct hex h, int side)
{
	if (plain_has_side(g, h, 1 - side))
		return true;
	return command_in_enemy_zoc(g, q, h, side) &&
	       !plain_has_side(g, h, side);
}

static int plain_path_length(const struct game *g, const struct zoc_query *q,
			     const struct leader *l, struct hex h, int limit)
{
	if (!l->on_map || l->killed)
		return -1;
	if (limit > 20)
		limit = 20;
	if (!map_contains(g->battle->map, h) || limit < 0)
		return -1;
	if (hex_eq(l->hex, h))
		return 0;
	if (hex_distance(l->hex, h) > limit)
		return -1;
	static struct hex seen[2000];
	int n = 0, head = 0;
	seen[n++] = l->hex;
	for (int depth = 1; depth <= limit; depth++) {
		int end = n;
		for (; head < end; head++)
			for (int d = 0; d < HEXSIDE_COUNT; d++) {
				struct hex x = hex_neighbour(seen[head],
							     (enum hexside)d);
				if (hex_distance(l->hex, x) > limit)
					continue;
				bool dup = false;
				for (int k = 0; k < n && !dup; k++)
					dup = hex_eq(seen[k], x);
				if (dup || !plain_may_step(g, seen[head], x) ||
				    plain_obstructed(g, q, x, l->side))
					continue;
				if (hex_eq(x, h))
					return depth;
				seen[n++] = x;
			}
	}
	return -1;
}

static int range_now(const struct game *g, const struct leader *l)
{
	return g->tables ? leader_command_range_now(g, l) : l->command_range;
}

static bool plain_reaches_unit(const struct game *g,
			       const struct zoc_query *q,
			       const struct leader *l, const struct unit *u)
{
	if (!game_unit_in_play(u))
		return false;
	for (int k = 0; k < 2; k++)
		if (!hex_is_none(u->at.hex[k]) &&
		    plain_path_length(g, q, l, u->at.hex[k],
				      range_now(g, l)) >= 0)
			return true;
	return false;
}

/* ---- scattering ---- */

static unsigned rnd(unsigned *s)
{
	*s = *s * 1103515245u + 12345u;
	return (*s >> 16) & 0x7fff;
}

static struct hex near_hex(const struct map *m, struct hex c, int spread,
			   unsigned *s)
{
	struct hex h = {c.col + (int)(rnd(s) % (unsigned)(2 * spread + 1)) -
				spread,
			c.row + (int)(rnd(s) % (unsigned)(2 * spread + 1)) -
				spread};
	if (h.col < m->col_min)
		h.col = m->col_min;
	if (h.col > m->col_max)
		h.col = m->col_max;
	if (h.row < m->row_min)
		h.row = m->row_min;
	if (h.row > m->row_max)
		h.row = m->row_max;
	return h;
}

/* Units crowd round the first leader: stacks, two-hex units, routed,
 * eliminated and off-map ones, every facing and formation. */
static void scatter(struct game *g, unsigned *s)
{
	const struct map *m = g->battle->map;
	struct hex c = g->leaders[0].hex;
	if (!map_contains(m, c))
		c = (struct hex){(m->col_min + m->col_max) / 2,
				 (m->row_min + m->row_max) / 2};
	for (int i = 0; i < g->nunits; i++) {
		struct unit *u = &g->units[i];
		if (rnd(s) % 4 == 0)
			continue; /* left where the battle put it */
		game_unit_set_hex(g, u, 0, near_hex(m, c, 5, s));
		game_unit_set_hex(g, u, 1, HEX_NONE);
		if (rnd(s) % 4 == 0)
			game_unit_set_hex(g, u, 1,
					  hex_neighbour(u->at.hex[0],
							(enum hexside)(rnd(s) % 6)));
		u->at.in_column = rnd(s) % 5 == 0;
		u->at.facing = (int)(rnd(s) % 6);
		u->routed = rnd(s) % 6 == 0;
		u->eliminated = rnd(s) % 10 == 0;
		u->on_map = rnd(s) % 12 != 0;
		g->stack_seq[i] = rnd(s) % 50;
	}
	/* a stack of six in one hex (more than the four on top) */
	if (g->nunits > 8 && rnd(s) % 2 == 0) {
		struct hex h = near_hex(m, c, 2, s);
		for (int i = 0; i < 6; i++) {
			struct unit *u = &g->units[(int)(rnd(s) %
						 (unsigned)g->nunits)];
			game_unit_set_hex(g, u, 0, h);
			game_unit_set_hex(g, u, 1, HEX_NONE);
			u->on_map = true;
			u->eliminated = false;
		}
	}
	for (int i = 0; i < g->nleaders; i++) {
		struct leader *l = &g->leaders[i];
		l->hex = near_hex(m, c, 3, s);
		l->on_map = rnd(s) % 10 != 0;
		l->killed = rnd(s) % 15 == 0;
		l->command_range = (int)(rnd(s) % 9);
		l->wounds = (int)(rnd(s) % 3);
	}
}

/* Every leader, every hex within 9 of him and every limit up to 9; then
 * every unit, within the leader's range. */
static long compare_all(const struct game *g, const struct zoc_query *q)
{
	long asked = 0;
	for (int li = 0; li < g->nleaders; li++) {
		const struct leader *l = &g->leaders[li];
		for (int dc = -9; dc <= 9; dc++)
			for (int dr = -9; dr <= 9; dr++) {
				struct hex h = {l->hex.col + dc,
						l->hex.row + dr};
				for (int lim = 0; lim <= 9; lim += 3) {
					int want = plain_path_length(g, q, l, h,
								     lim);
					int got = command_path_length(g, q, l,
								      h, lim);
					cr_assert_eq(got, want,
						     "%s at %d,%d to %d,%d "
						     "limit %d: %d, plain %d",
						     l->id, l->hex.col,
						     l->hex.row, h.col, h.row,
						     lim, got, want);
					asked++;
				}
			}
		for (int i = 0; i < g->nunits; i++) {
			const struct unit *u = &g->units[i];
			bool want = plain_reaches_unit(g, q, l, u);
			cr_assert_eq(command_range_reaches_unit(g, q, l, u),
				     want, "%s to %s", l->id, u->id);
			asked++;
		}
	}
	return asked;
}

/* ---- the plain Line composition (4.32) ---- */

static int plain_find(int *p, int i)
{
	while (p[i] != i)
		i = p[i];
	return i;
}

static void plain_group(const struct game *g, const struct line_def *def,
			const int *idx, int n, bool by_range,
			struct line_groups *out)
{
	static bool linked[BATTLE_UNITS_MAX][BATTLE_UNITS_MAX];
	static unsigned orient[BATTLE_UNITS_MAX][BATTLE_UNITS_MAX];
	int parent[BATTLE_UNITS_MAX], gid[BATTLE_UNITS_MAX];
	for (int i = 0; i < n; i++) {
		parent[i] = i;
		gid[i] = -1;
	}
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++) {
			const struct unit *a = &g->units[idx[i]];
			const struct unit *b = &g->units[idx[j]];
			linked[i][j] = line_pair_linked(g, NULL, def, a, b);
			if (!linked[i][j])
				continue;
			orient[i][j] = line_pair_orientation(a, b);
			int ri = plain_find(parent, i),
			    rj = plain_find(parent, j);
			if (ri != rj)
				parent[rj] = ri;
		}
	for (int i = 0; i < n; i++) {
		int r = plain_find(parent, i);
		if (gid[r] < 0) {
			gid[r] = out->ngroups++;
			out->orientation[gid[r]] =
				LINE_FLANK_TO_FLANK | LINE_FRONT_TO_REAR;
			out->by_command_range[gid[r]] = by_range;
			out->count[gid[r]] = 0;
		}
		out->group[idx[i]] = gid[r];
		out->count[gid[r]]++;
	}
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			if (linked[i][j])
				out->orientation[out->group[idx[i]]] &=
					orient[i][j];
}

static void plain_compose(const struct game *g, const struct line_def *def,
			  const struct leader *l, struct line_groups *out)
{
	out->ngroups = 0;
	for (int i = 0; i < BATTLE_UNITS_MAX; i++)
		out->group[i] = -1;
	int idx[BATTLE_UNITS_MAX];
	int n = line_members(g, def, idx, BATTLE_UNITS_MAX);
	static struct line_groups first;
	first.ngroups = 0;
	for (int i = 0; i < BATTLE_UNITS_MAX; i++)
		first.group[i] = -1;
	plain_group(g, def, idx, n, false, &first);
	for (int gi = 0; gi < first.ngroups; gi++) {
		int sub[BATTLE_UNITS_MAX], m = 0;
		bool mixed = first.orientation[gi] == 0;
		for (int i = 0; i < n; i++)
			if (first.group[idx[i]] == gi &&
			    (!mixed ||
			     (l != NULL && plain_reaches_unit(
						   g, NULL, l,
						   &g->units[idx[i]]))))
				sub[m++] = idx[i];
		plain_group(g, def, sub, m, mixed, out);
	}
}

/* Every Line of the chart, with every leader of its side and with none;
 * returns the groups found. */
static long compare_lines(const struct game *g, long *mixed)
{
	static struct line_groups got, want;
	long groups = 0;
	for (int d = 0; d < g->battle->nlines; d++) {
		const struct line_def *def = &g->battle->lines[d];
		for (int li = -1; li < g->nleaders; li++) {
			const struct leader *l =
				li < 0 ? NULL : &g->leaders[li];
			if (l != NULL && l->side != def->side)
				continue;
			line_compose(g, NULL, def, l, &got);
			plain_compose(g, def, l, &want);
			cr_assert_eq(got.ngroups, want.ngroups, "%s, %s",
				     def->name, l ? l->id : "no leader");
			for (int i = 0; i < BATTLE_UNITS_MAX; i++)
				cr_assert_eq(got.group[i], want.group[i],
					     "%s: unit %d", def->name, i);
			for (int k = 0; k < got.ngroups; k++) {
				cr_assert_eq(got.orientation[k],
					     want.orientation[k], "%s group %d",
					     def->name, k);
				cr_assert_eq(got.by_command_range[k],
					     want.by_command_range[k]);
				cr_assert_eq(got.count[k], want.count[k]);
				*mixed += got.by_command_range[k];
			}
			groups += got.ngroups;
		}
	}
	return groups;
}

static void compare_scattered(const char *battle, bool tables, int rounds)
{
	struct game *g = real_game(battle, tables);
	struct game *fresh = malloc(sizeof *fresh);
	cr_assert_not_null(fresh);
	*fresh = *g;
	unsigned s = 2024;
	long asked = compare_all(g, NULL);
	long mixed = 0, groups = compare_lines(g, &mixed);
	int reached = 0, stacked = 0;
	for (int r = 0; r < rounds; r++) {
		struct event_log ev = g->events;
		*g = *fresh;
		g->events = ev;
		scatter(g, &s);
		asked += compare_all(g, NULL);
		groups += compare_lines(g, &mixed);
		for (int i = 0; i < g->nunits; i++) {
			const struct unit *top[4];
			if (game_unit_in_play(&g->units[i]) &&
			    game_units_at(g, g->units[i].at.hex[0], top, 4) ==
				    4)
				stacked++;
		}
		for (int li = 0; li < g->nleaders; li++)
			for (int i = 0; i < g->nunits; i++)
				reached += command_range_reaches_unit(
					g, NULL, &g->leaders[li],
					&g->units[i]);
	}
	cr_expect_gt(asked, 1000);
	cr_expect_gt(reached, 0, "some units in range");
	cr_expect_gt(stacked, 0, "a hex with four or more units");
	cr_expect_gt(groups, 0, "Lines composed");
	if (g->battle->nlines > 1)
		cr_expect_gt(mixed, 0, "a mixed Line cut to the leader's range");
	struct event_log ev = g->events;
	*g = *fresh;
	g->events = ev;
	free(fresh);
	game_free(g);
}

/* The timeouts guard against a hang only: under ASan and UBSan, with
 * Criterion running these in parallel beside other tests on two cores,
 * one of them has taken 120 s of wall time for 60 s of CPU. */
Test(reach, the_drill_as_printed_and_scattered_4_21, .timeout = 600)
{
	compare_scattered("drill", true, 25);
}

Test(reach, cannae_scattered_with_the_tables_4_21, .timeout = 600)
{
	compare_scattered("cannae", true, 1);
}

Test(reach, bagradas_scattered_without_the_tables_4_21, .timeout = 600)
{
	compare_scattered("bagradas", false, 1);
}

/* A ZOC query of the caller's: every hex of one column is in an enemy
 * ZOC; the search asks it, as the plain one does. */
static bool column_zoc(const struct game *g, struct hex h, int side,
		       void *user)
{
	(void)g;
	(void)side;
	return h.col == *(const int *)user;
}

Test(reach, a_zoc_query_of_the_callers_4_21, .timeout = 600)
{
	struct game *g = real_game("drill", true);
	unsigned s = 7;
	scatter(g, &s);
	int col = g->leaders[0].hex.col + 2;
	struct zoc_query q = {column_zoc, &col};
	compare_all(g, &q);
	/* the wall of ZOC holds a leader of range 4 to his side of it,
	 * but for a friendly unit standing in it */
	struct leader *l = &g->leaders[0];
	l->on_map = true;
	l->killed = false;
	for (int i = 0; i < g->nunits; i++)
		g->units[i].on_map = false;
	struct hex beyond = {l->hex.col + 4, l->hex.row};
	if (map_contains(g->battle->map, beyond) &&
	    plain_path_length(g, NULL, l, beyond, 4) == 4)
		cr_expect_eq(command_path_length(g, &q, l, beyond, 4), -1);
	game_free(g);
}
