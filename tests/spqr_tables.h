/* spqr_tables.h — for tests: the SPQR rules tables of the source tree
 * (MANIPLE_SRCDIR/rules/spqr: the environment's, set by meson test,
 * or the build's).  Every game needs its
 * tables (game.h): a session gets them through spqr_tables_loader, a game
 * built with game_new through spqr_tables_give. */
#ifndef TESTS_SPQR_TABLES_H
#define TESTS_SPQR_TABLES_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "maniple/game.h"
#include "maniple/tables.h"

/* A tables_loader for session_init: the tables of the game's battle's
 * ruleset (rules/spqr, or rules/gba for a `ruleset = gba` battle). */
static inline int spqr_tables_loader(void *user, struct game *g,
				     struct ini_error *err)
{
	(void)user;
	const char *src = getenv("MANIPLE_SRCDIR");
	const char *rs = g->battle && g->battle->ruleset[0]
				 ? g->battle->ruleset
				 : "spqr";
	char dir[4096];
	snprintf(dir, sizeof dir, "%s/rules/%s",
		 src && *src ? src : MANIPLE_SRCDIR, rs);
	g->tables = tables_load(dir, err);
	return g->tables ? 0 : -1;
}

/* Loads the tables into g (NULL passes through); g, or NULL on failure. */
static inline struct game *spqr_tables_give(struct game *g)
{
	struct ini_error err;
	if (g && spqr_tables_loader(NULL, g, &err) != 0) {
		fprintf(stderr, "%s:%d: %s\n", err.file, err.line, err.msg);
		game_free(g);
		return NULL;
	}
	return g;
}

#endif
