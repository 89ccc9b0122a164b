/* rulesets.c — the rulesets this program was built with (rulesets.h). */
#include <stdio.h>
#include <string.h>

#include "maniple/battle.h"
#include "maniple/game.h"
#include "maniple/ini.h"
#include "rulesets.h"

const struct ruleset *const program_rulesets[] = {&ruleset_spqr,
						   &ruleset_gba, NULL};

const struct ruleset *program_ruleset(const struct game *g,
				      const char *datadir, char *dir,
				      size_t dirn, struct ini_error *err)
{
	const char *name = g->battle->ruleset;
	memset(err, 0, sizeof *err);
	const struct ruleset *rs = ruleset_lookup(program_rulesets, name,
						  err->msg, sizeof err->msg);
	if (!rs)
		return NULL;
	snprintf(dir, dirn, "%s/rules/%s", datadir, rs->name);
	return rs;
}

int program_load_tables(const char *datadir, struct game *g,
			struct ini_error *err)
{
	char dir[4200];
	const struct ruleset *rs =
		program_ruleset(g, datadir, dir, sizeof dir, err);
	return rs ? rs->load_tables(g, dir, err) : -1;
}
