/* fuzz_battle.c — libFuzzer harness: battle_load (the scenario loader) on
 * arbitrary bytes.  The input is written to SCRATCH/scenarios/fuzz.ini
 * with SCRATCH/maps a link to the source tree's maps/, so a scenario's
 * "maps/NAME.ini" finds the real maps as it does in the data directory.
 * Seeds: scenarios/, tests/bad/battle-NAME.ini, tests/fixtures. */
#include "fuzz_util.h"

#include "maniple/battle.h"
#include "maniple/triarii.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char scen[600];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	const char *d = fuzz_scratch();
	char p[600];
	snprintf(p, sizeof p, "%s/scenarios", d);
	if (mkdir(p, 0700) != 0) {
		perror(p);
		exit(1);
	}
	snprintf(p, sizeof p, "%s/maps", d);
	if (symlink(MANIPLE_SRCDIR "/maps", p) != 0) {
		perror(p);
		exit(1);
	}
	snprintf(scen, sizeof scen, "%s/scenarios/fuzz.ini", d);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!fuzz_write(scen, data, size))
		return 0;
	struct ini_error err;
	memset(&err, 0, sizeof err);
	struct battle *b = battle_load(scen, &err);
	if (b) {
		/* what --check does with a battle that loads */
		char why[300];
		(void)triarii_doctrine_missing(b, why, sizeof why);
	} else {
		char buf[INI_ERR_MAX + 300];
		ini_error_format(&err, buf, sizeof buf);
	}
	battle_free(b);
	return 0;
}
