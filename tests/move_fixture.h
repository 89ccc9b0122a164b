/* move_fixture.h — for the movement and ZOC tests: a sandbox game on the
 * all-clear fixture map (tests/fixtures/map-clear.ini, hexes 2000-4030)
 * with the SPQR tables, units placed by hand, and event look-ups. */
#ifndef TESTS_MOVE_FIXTURE_H
#define TESTS_MOVE_FIXTURE_H

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "logged.h"
#include "maniple/game.h"
#include "maniple/movement.h"
#include "maniple/tables.h"

#include "fixture.h" /* fx_srcdir */

static inline void fx_tables(struct game *g)
{
	char dir[2048];
	struct ini_error err = {0};
	snprintf(dir, sizeof dir, "%s/rules/spqr", fx_srcdir());
	g->tables = tables_load(dir, &err);
	cr_assert_not_null(g->tables, "rules/spqr: %s", err.msg);
}

/* A game of a battle file under tests/fixtures/, with its tables. */
static inline struct game *fx_battle(const char *file)
{
	char path[2048];
	struct ini_error err = {0};
	snprintf(path, sizeof path, "%s/tests/fixtures/%s", fx_srcdir(), file);
	struct battle *b = battle_load(path, &err);
	cr_assert_not_null(b, "%s: %d: %s", path, err.line, err.msg);
	struct game *g = game_new(b, GAME_SANDBOX, 1);
	cr_assert_not_null(g);
	fx_tables(g);
	return g;
}

/* An empty clear field: two sides, no units, no leaders. */
static inline struct game *fx_field(void)
{
	char path[2048];
	struct ini_error err = {0};
	snprintf(path, sizeof path, "%s/tests/fixtures/map-clear.ini",
		 fx_srcdir());
	struct map *m = map_load(path, &err);
	cr_assert_not_null(m, "%s: %d: %s", path, err.line, err.msg);
	struct battle *b = calloc(1, sizeof *b);
	cr_assert_not_null(b);
	b->map = m;
	snprintf(b->id, sizeof b->id, "field");
	snprintf(b->name, sizeof b->name, "Field");
	snprintf(b->ruleset, sizeof b->ruleset, "spqr");
	snprintf(b->sides[0].id, sizeof b->sides[0].id, "rome");
	snprintf(b->sides[1].id, sizeof b->sides[1].id, "carthage");
	struct game *g = game_new(b, GAME_SANDBOX, 1);
	cr_assert_not_null(g);
	fx_tables(g);
	return g;
}

static inline struct hex fx_hex(const char *text)
{
	struct hex h;
	cr_assert(hex_parse(text, &h), "bad hex %s", text);
	return h;
}

/* Places a one-hex unit: size 5, TQ 6, the given MA, no missiles. */
static inline struct unit *fx_unit(struct game *g, const char *id, int side,
				   enum unit_type t, struct hex h,
				   enum facing f, int ma)
{
	cr_assert(g->nunits < BATTLE_UNITS_MAX);
	int i = g->nunits++;
	struct unit *u = &g->units[i];
	memset(u, 0, sizeof *u);
	struct unit_text *words = game_unit_text(g, u);
	snprintf(words->id, ID_MAX, "%s", id);
	snprintf(words->name, NAME_MAX_, "Unit %s", id);
	u->side = side;
	u->type = t;
	u->size = 5;
	u->tq = 6;
	u->ma = ma;
	game_unit_place(g, u,
			(struct footprint){{h, HEX_NONE}, (int)f, false, false});
	u->on_map = true;
	g->stack_seq[i] = g->next_stack_seq++;
	return u;
}

static inline struct leader *fx_leader(struct game *g, const char *id,
				       int side, struct hex h)
{
	cr_assert(g->nleaders < BATTLE_LEADERS_MAX);
	struct leader *l = &g->leaders[g->nleaders++];
	memset(l, 0, sizeof *l);
	game_leader_text(g, l);
	snprintf(l->id, sizeof l->id, "%s", id);
	l->side = side;
	l->initiative = 4;
	l->command_range = 4;
	l->hex = h;
	l->on_map = true;
	l->available = true;
	return l;
}

/* The latest event of a kind emitted at or after index from (NULL when
 * none). */
static inline const struct event *fx_event(const struct game *g, size_t from,
					   const char *kind)
{
	const struct event *found = NULL;
	for (size_t i = from; i < g->events.n; i++)
		if (strcmp(event_log_kind(&g->events, i), kind) == 0)
			found = logged_event(&g->events, i);
	return found;
}

static inline int fx_count(const struct game *g, size_t from,
			   const char *kind)
{
	int n = 0;
	for (size_t i = from; i < g->events.n; i++)
		if (strcmp(event_log_kind(&g->events, i), kind) == 0)
			n++;
	return n;
}

/* Sets a hexside feature on both hexes that share the side. */
static inline void fx_hexside(struct game *g, struct hex h, enum hexside d,
			      unsigned feature)
{
	struct map *m = g->battle->map;
	if ((unsigned)d >= HEXSIDE_COUNT)
		return;
	map_at_mut(m, h)->side[d] |= (uint8_t)feature;
	map_at_mut(m, hex_neighbour(h, d))->side[hexside_opposite(d)] |=
		(uint8_t)feature;
}

static inline void fx_terrain(struct game *g, struct hex h, enum terrain t)
{
	map_at_mut(g->battle->map, h)->terrain = (uint8_t)t;
}

#endif
