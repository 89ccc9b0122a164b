/* fuzz_session.h — the loaders a fuzzed session uses: battles and rules
 * from the source tree (as `maniple` finds them when run from it). */
#ifndef MANIPLE_FUZZ_SESSION_H
#define MANIPLE_FUZZ_SESSION_H

#include "fuzz_util.h"

#include "maniple/battle.h"
#include "maniple/game.h"
#include "maniple/tables.h"

/* Every battle and the tables are read from disk once and copied for each
 * game (a game owns and frees its battle and tables): the loaders are not
 * what these harnesses fuzz, and reading them anew would make a run a
 * hundred times slower. */
#define FUZZ_BATTLES_MAX 16

static struct battle *fuzz_battles[FUZZ_BATTLES_MAX];
static struct spqr_tables *fuzz_tables;

static struct battle *fuzz_battle_copy(const struct battle *b)
{
	struct battle *c = malloc(sizeof *c);
	struct map *m = malloc(sizeof *m);
	size_t nh = (size_t)b->map->ncols * (size_t)b->map->nrows;
	struct map_hex *hx = malloc(nh * sizeof *hx);
	if (!c || !m || !hx) {
		free(c);
		free(m);
		free(hx);
		return NULL;
	}
	*c = *b;
	*m = *b->map;
	memcpy(hx, b->map->hexes, nh * sizeof *hx);
	m->hexes = hx;
	c->map = m;
	return c;
}

static inline struct battle *fuzz_load_battle(void *user, const char *name,
					      struct ini_error *err)
{
	(void)user;
	for (int i = 0; i < FUZZ_BATTLES_MAX && fuzz_battles[i]; i++)
		if (strcmp(fuzz_battles[i]->id, name) == 0)
			return fuzz_battle_copy(fuzz_battles[i]);
	char path[1024];
	if (!battle_path(MANIPLE_SRCDIR, name, path, (int)sizeof path) ||
	    access(path, R_OK) != 0) {
		memset(err, 0, sizeof *err);
		snprintf(err->msg, sizeof err->msg, "no battle named %s",
			 name);
		return NULL;
	}
	struct battle *b = battle_load(path, err);
	if (!b)
		return NULL;
	for (int i = 0; i < FUZZ_BATTLES_MAX; i++)
		if (!fuzz_battles[i] && strcmp(b->id, name) == 0) {
			fuzz_battles[i] = b;
			return fuzz_battle_copy(b);
		}
	return b;
}

static inline int fuzz_load_tables(void *user, struct game *g,
				   struct ini_error *err)
{
	(void)user;
	if (!fuzz_tables)
		fuzz_tables = tables_load(MANIPLE_SRCDIR "/rules/spqr", err);
	if (!fuzz_tables)
		return -1;
	g->tables = tables_copy(fuzz_tables);
	if (!g->tables) {
		memset(err, 0, sizeof *err);
		snprintf(err->msg, sizeof err->msg, "out of memory");
		return -1;
	}
	return 0;
}

#endif
