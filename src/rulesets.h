/* rulesets.h — the rulesets this program was built with (ruleset.h), for
 * main.c and autoplay.c: the list, and what they ask of the battle's
 * ruleset. */
#ifndef MANIPLE_RULESETS_H
#define MANIPLE_RULESETS_H

#include <stddef.h>

#include "maniple/ruleset.h"

struct game;
struct ini_error;

/* NULL-terminated; the first is the default (a battle file without
 * `ruleset =`). */
extern const struct ruleset *const program_rulesets[];

/* The ruleset of g's battle and the directory of its data
 * (DATADIR/rules/NAME) into dir; NULL with err filled ("unknown ruleset
 * X (known: ...)") when the program has none of that name. */
const struct ruleset *program_ruleset(const struct game *g,
				      const char *datadir, char *dir,
				      size_t dirn, struct ini_error *err);

/* Loads g's rules tables from its ruleset's data under DATADIR: 0, or -1
 * with err filled (a tables_loader's body). */
int program_load_tables(const char *datadir, struct game *g,
			struct ini_error *err);

#endif
