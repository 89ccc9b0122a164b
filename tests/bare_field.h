/* bare_field.h — for tests: a sandbox game on a clear, level field built
 * in memory (no map file) with the SPQR tables, and units placed by hand.
 * Shared by the command and line of sight tests. */
#ifndef TESTS_BARE_FIELD_H
#define TESTS_BARE_FIELD_H

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/game.h"

#include "spqr_tables.h"

/* A clear, level field, columns 20-40 and rows 00-30 (like
 * tests/fixtures/map-clear.ini), two sides and no units. */
static inline struct game *field(void)
{
	struct battle *b = calloc(1, sizeof *b);
	struct map *m = calloc(1, sizeof *m);
	m->col_min = 20;
	m->col_max = 40;
	m->row_min = 0;
	m->row_max = 30;
	m->ncols = 21;
	m->nrows = 31;
	m->hexes = calloc((size_t)(m->ncols * m->nrows), sizeof *m->hexes);
	b->map = m;
	snprintf(b->id, sizeof b->id, "field");
	snprintf(b->ruleset, sizeof b->ruleset, "spqr");
	snprintf(b->sides[0].id, sizeof b->sides[0].id, "rome");
	snprintf(b->sides[1].id, sizeof b->sides[1].id, "carthage");
	struct game *g = spqr_tables_give(game_new(b, GAME_SANDBOX, 1));
	cr_assert_not_null(g);
	return g;
}

/* Hex number n (CCRR) as a hex. */
static inline struct hex H(int n)
{
	return (struct hex){n / 100, n % 100};
}

/* Places a one-hex unit of class cls: size 3, TQ 6, MA 5, no missiles. */
static inline struct unit *put(struct game *g, const char *id, int side,
			       enum unit_type t, const char *cls, int hex,
			       int facing)
{
	cr_assert_lt(g->nunits, BATTLE_UNITS_MAX);
	struct unit *u = &g->units[g->nunits++];
	memset(u, 0, sizeof *u);
	snprintf(game_unit_text(g, u)->id, ID_MAX, "%s", id);
	snprintf(u->cls, sizeof u->cls, "%s", cls);
	u->side = side;
	u->type = t;
	u->size = 3;
	u->tq = 6;
	u->ma = 5;
	game_unit_place(g, u,
			(struct footprint){{H(hex), HEX_NONE}, facing, false, false});
	u->on_map = true;
	return u;
}

#endif
