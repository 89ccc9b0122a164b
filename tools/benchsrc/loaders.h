/* tools/benchsrc/loaders.h — the battle and tables loaders of the bench
 * helpers (record.c, segment.c): a battle by name under DATADIR, or one
 * battle file for any name; the tables of its ruleset as the program
 * loads them (src/rulesets.c).  Static inline definitions. */
#ifndef BENCH_LOADERS_H
#define BENCH_LOADERS_H

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "maniple/battle.h"
#include "../../src/rulesets.h"

/* What the loaders read: the data directory, and a battle file that
 * stands for every battle name (NULL: by name under datadir). */
struct bench_data {
	const char *datadir;
	const char *battle_file;
};

static inline struct battle *bench_load_battle(void *user, const char *name,
					       struct ini_error *err)
{
	const struct bench_data *d = user;
	char path[2048];
	memset(err, 0, sizeof *err);
	if (d->battle_file)
		snprintf(path, sizeof path, "%s", d->battle_file);
	else if (!battle_path(d->datadir, name, path, (int)sizeof path))
		path[0] = '\0';
	if (!path[0] || access(path, R_OK) != 0) {
		snprintf(err->msg, sizeof err->msg, "no battle %s", name);
		return NULL;
	}
	return battle_load(path, err);
}

static inline int bench_load_tables(void *user, struct game *g,
				    struct ini_error *err)
{
	const struct bench_data *d = user;
	return program_load_tables(d->datadir, g, err);
}

#endif
