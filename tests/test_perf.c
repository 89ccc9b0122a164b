/* The fast paths of the speed work on issue 11 give the answers the plain
 * code gave: hex_direction_to's early answer for hexes far apart,
 * game_units_at's written-out footprint test, zoc_exerted_into's nearness
 * filter (7.21), and session_exec's rollback copy kept between commands
 * (a refusal still changes nothing) with the digest computed only for the
 * line that ends a game turn.  tools/bench measures the speed itself. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "maniple/battle.h"
#include "maniple/cmd.h"
#include "maniple/digest.h"
#include "maniple/game.h"
#include "maniple/gamefile.h"
#include "maniple/hex.h"
#include "maniple/map.h"
#include "maniple/movement.h"
#include "spqr_tables.h"

static const char *srcdir(void)
{
	const char *d = getenv("MANIPLE_SRCDIR");
	return d && *d ? d : MANIPLE_SRCDIR;
}

/* A battle_loader for the real battles of scenarios/. */
static struct battle *real_battle(void *user, const char *name,
				  struct ini_error *err)
{
	(void)user;
	char path[4096];
	memset(err, 0, sizeof *err);
	if (!battle_path(srcdir(), name, path, (int)sizeof path))
		return NULL;
	return battle_load(path, err);
}

static struct game *real_game(const char *name)
{
	struct ini_error err;
	struct battle *b = real_battle(NULL, name, &err);
	cr_assert_not_null(b, "%s: %s", name, err.msg);
	struct game *g = spqr_tables_give(game_new(b, GAME_SANDBOX, 1));
	cr_assert_not_null(g);
	return g;
}

/* ---- hex_direction_to ---- */

static int direction_by_steps(struct hex a, struct hex b)
{
	for (int d = 0; d < HEXSIDE_COUNT; d++)
		if (hex_eq(hex_neighbour(a, (enum hexside)d), b))
			return d;
	return -1;
}

Test(perf, hex_direction_to_agrees_with_the_six_steps)
{
	int near = 0;
	for (int ac = -1; ac <= 9; ac++)
		for (int ar = -1; ar <= 9; ar++)
			for (int bc = -3; bc <= 11; bc++)
				for (int br = -3; br <= 11; br++) {
					struct hex a = {ac, ar}, b = {bc, br};
					int want = direction_by_steps(a, b);
					cr_assert_eq(hex_direction_to(a, b),
						     want, "%d,%d -> %d,%d", ac,
						     ar, bc, br);
					near += want >= 0;
				}
	/* every hex of the inner block has its six neighbours in range */
	cr_expect_eq(near, 11 * 11 * 6);
	cr_expect_eq(hex_direction_to(HEX_NONE, (struct hex){0, 0}),
		     direction_by_steps(HEX_NONE, (struct hex){0, 0}));
	cr_expect_eq(hex_direction_to((struct hex){27, 19}, HEX_NONE), -1);
}

/* ---- game_units_at ---- */

static int units_at_plainly(const struct game *g, struct hex h,
			    const struct unit **out, int max)
{
	int idx[BATTLE_UNITS_MAX], n = 0;
	for (int i = 0; i < g->nunits; i++)
		if (game_unit_in_play(&g->units[i]) &&
		    footprint_occupies(&g->units[i].at, h))
			idx[n++] = i;
	for (int i = 1; i < n; i++) /* the highest stack number first */
		for (int j = i;
		     j > 0 && g->stack_seq[idx[j]] > g->stack_seq[idx[j - 1]];
		     j--) {
			int t = idx[j];
			idx[j] = idx[j - 1];
			idx[j - 1] = t;
		}
	int k = 0;
	for (; k < n && k < max; k++)
		out[k] = &g->units[idx[k]];
	return k;
}

static void expect_units_at_everywhere(const struct game *g)
{
	const struct map *m = g->battle->map;
	int found = 0;
	for (int c = m->col_min - 1; c <= m->col_max + 1; c++)
		for (int r = m->row_min - 1; r <= m->row_max + 1; r++) {
			struct hex h = {c, r};
			const struct unit *a[4], *b[4];
			int na = game_units_at(g, h, a, 4);
			int nb = units_at_plainly(g, h, b, 4);
			cr_assert_eq(na, nb, "hex %d,%d", c, r);
			for (int i = 0; i < na; i++)
				cr_assert_eq(a[i], b[i], "hex %d,%d #%d", c, r,
					     i);
			found += na;
		}
	const struct unit *none[4];
	cr_expect_eq(game_units_at(g, HEX_NONE, none, 4), 0);
	cr_expect_gt(found, 0);
}

Test(perf, game_units_at_agrees_with_footprint_occupies)
{
	struct game *g = real_game("cannae");
	expect_units_at_everywhere(g);
	/* a stack (6.6) and a unit gone from play, by hand */
	game_unit_place(g, &g->units[1], g->units[0].at);
	g->stack_seq[1] = g->next_stack_seq++;
	g->units[2].eliminated = true;
	expect_units_at_everywhere(g);
	const struct unit *top[4];
	cr_expect_eq(game_units_at(g, g->units[0].at.hex[0], top, 4), 2);
	cr_expect_eq(top[0], &g->units[1], "the later one is on top");
	game_free(g);
}

Test(perf, game_units_at_finds_both_halves_of_a_two_hex_unit)
{
	struct game *g = real_game("drill");
	int two = -1;
	for (int i = 0; i < g->nunits && two < 0; i++)
		if (footprint_two_hex(&g->units[i].at))
			two = i;
	cr_assert_geq(two, 0, "the drill battle has a phalanx");
	for (int k = 0; k < 2; k++) {
		const struct unit *u[4];
		cr_expect_eq(game_units_at(g, g->units[two].at.hex[k], u, 4),
			     1);
		cr_expect_eq(u[0], &g->units[two]);
	}
	expect_units_at_everywhere(g);
	game_free(g);
}

/* ---- 7.21: the ZOC's nearness filter ---- */

Test(perf, zoc_reaches_exactly_the_front_hexes_next_to_a_unit_7_21)
{
	struct game *g = real_game("drill");
	const struct map *m = g->battle->map;
	int fronts = 0, two_hex_fronts = 0;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (!game_unit_in_play(u))
			continue;
		/* never into a hex not next to the unit */
		for (int c = m->col_min; c <= m->col_max; c++)
			for (int r = m->row_min; r <= m->row_max; r++) {
				struct hex h = {c, r};
				if (!zoc_exerted_into(g, u, h))
					continue;
				bool next =
					hex_distance(u->at.hex[0], h) == 1 ||
					(footprint_two_hex(&u->at) &&
					 hex_distance(u->at.hex[1], h) == 1);
				cr_assert(next, "%s into %d,%d", u->id, c, r);
			}
		/* the fresh battle's units stand in good order on the
		 * drill's open ground: a unit that exerts a ZOC at all
		 * exerts it into each front hex on the map */
		struct hex front[16];
		int n = footprint_zone_hexes(&u->at, ZONE_FRONT, front);
		bool any = false;
		for (int k = 0; k < n; k++)
			any = any || zoc_exerted_into(g, u, front[k]);
		if (!any)
			continue;
		for (int k = 0; k < n; k++) {
			if (!map_contains(m, front[k]) ||
			    map_impassable(m, front[k]))
				continue;
			cr_expect(zoc_exerted_into(g, u, front[k]),
				  "%s front hex %d,%d", u->id, front[k].col,
				  front[k].row);
			fronts++;
			two_hex_fronts += footprint_two_hex(&u->at);
		}
	}
	cr_expect_gt(fronts, 0);
	cr_expect_gt(two_hex_fronts, 0, "a two-hex unit's fronts tested");
	game_free(g);
}

/* ---- session_exec: the checkpoint and the digest ---- */

static enum cmd_status run(struct session *s, const char *line)
{
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(s, line, &r);
	enum cmd_status st = r.status;
	cmd_result_free(&r);
	return st;
}

Test(perf, a_refusal_changes_nothing_with_the_kept_checkpoint)
{
	struct session s;
	session_init(&s, real_battle, spqr_tables_loader, NULL, 1);
	char err[600];
	cr_assert_eq(session_new(&s, "drill", GAME_SOLO, 5, err, sizeof err), 0,
		     "%s", err);
	cr_expect_null(s.ckpt, "no checkpoint before a game-changing command");
	cr_assert_eq(run(&s, "continue"), CMD_OK);
	void *kept = s.ckpt;
	cr_assert_not_null(kept, "the checkpoint is kept for the next command");
	for (int i = 0; i < 3; i++) {
		uint64_t d0 = game_digest(s.game);
		size_t n0 = s.journal.n;
		cr_expect_neq(run(&s, "move 9999"), CMD_OK);
		cr_expect_neq(run(&s, "activate nobody"), CMD_OK);
		cr_expect_eq(game_digest(s.game), d0, "refusal %d", i);
		cr_expect_eq(s.journal.n, n0);
		cr_expect_eq(s.ckpt, kept, "one checkpoint's memory, used again");
	}
	session_free(&s);
	cr_expect_null(s.ckpt);
}

/* A turn's end is journalled with the digest of the state then (the
 * digest is computed only for that line). */
Test(perf, the_turn_end_line_holds_the_digest_of_that_moment)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/tests/scripts/sop_turn.txt", srcdir());
	FILE *f = fopen(path, "r");
	cr_assert_not_null(f, "%s", path);
	struct session s;
	session_init(&s, real_battle, spqr_tables_loader, NULL, 1);
	char line[512];
	int ends = 0;
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = '\0';
		if (line[0] == '#' || line[0] == '\0')
			continue;
		int turn = s.game ? s.game->turn : 0;
		size_t n0 = s.journal.n;
		if (run(&s, line) != CMD_OK || !s.game || turn == 0)
			continue;
		if (s.game->turn == turn) {
			if (s.journal.n > n0)
				cr_expect_neq(
					strncmp(s.journal
							.lines[s.journal.n - 1],
						"digest", 6),
					0, "%s", line);
			continue;
		}
		char want[64];
		gamefile_digest_line(s.game->turn, game_state_digest(s.game),
				     want, sizeof want);
		cr_assert_eq(s.journal.n, n0 + 2, "%s", line);
		cr_expect_str_eq(s.journal.lines[s.journal.n - 1], want);
		ends++;
	}
	fclose(f);
	cr_expect_geq(ends, 1, "sop_turn ends a game turn");
	session_free(&s);
}
