/* tools/benchsrc/record.c — what the session's rollback record
 * (ruleset.h: mark, rollback) costs, for tools/bench: a command script
 * (its `new` line first, e.g. autoplay's output) is run through a session
 * of the battle it names under DATADIR, and after every game-changing
 * command the ruleset's record is asked how many bytes its mark took.
 *
 *   bench-record DATADIR SCRIPT
 *
 * Prints key=value lines: commands (game-changing commands run), refused
 * (of them), record_bytes_mean, record_bytes_min, record_bytes_max, and
 * state_bytes (the whole struct game, for comparison).
 * A figure tool, never a test: nothing here is asserted. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "maniple/battle.h"
#include "maniple/game.h"
#include "maniple/tables.h"

static const char *datadir;

static struct battle *load_battle(void *user, const char *name,
				  struct ini_error *err)
{
	(void)user;
	char path[2048];
	memset(err, 0, sizeof *err);
	if (!battle_path(datadir, name, path, (int)sizeof path) ||
	    access(path, R_OK) != 0) {
		snprintf(err->msg, sizeof err->msg, "no battle %s", name);
		return NULL;
	}
	return battle_load(path, err);
}

static int load_tables(void *user, struct game *g, struct ini_error *err)
{
	(void)user;
	char dir[2048];
	snprintf(dir, sizeof dir, "%s/rules/%s", datadir,
		 g->battle->ruleset[0] ? g->battle->ruleset : "spqr");
	g->tables = tables_load(dir, err);
	return g->tables ? 0 : -1;
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: bench-record DATADIR SCRIPT\n");
		return 2;
	}
	datadir = argv[1];
	FILE *f = fopen(argv[2], "r");
	if (!f) {
		perror(argv[2]);
		return 2;
	}
	struct session s;
	struct cmd_result r;
	session_init(&s, load_battle, load_tables, NULL, 1);
	cmd_result_init(&r);
	char line[CMD_LINE_MAX + 2];
	long n = 0, refused = 0;
	size_t sum = 0, lo = 0, hi = 0;
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = '\0';
		struct cmd_call call;
		struct cmd_result look;
		cmd_result_init(&look);
		bool changes = cmd_lookup(gboh_commands(), line, &call, &look) &&
			       call.def && call.def->effect == CMD_CHANGES;
		cmd_result_free(&look);
		session_exec(&s, line, &r);
		if (!changes || !s.game || !s.undo_rs)
			continue;
		size_t b = s.undo_rs->record_bytes ? s.undo_rs->record_bytes(s.undo)
						   : 0;
		sum += b;
		lo = n == 0 || b < lo ? b : lo;
		hi = b > hi ? b : hi;
		n++;
		if (r.status != CMD_OK)
			refused++;
	}
	fclose(f);
	printf("commands=%ld\nrefused=%ld\nrecord_bytes_mean=%.0f\n"
	       "record_bytes_min=%zu\nrecord_bytes_max=%zu\nstate_bytes=%zu\n",
	       n, refused, n ? (double)sum / (double)n : 0.0, lo, hi,
	       sizeof(struct game));
	cmd_result_free(&r);
	session_free(&s);
	return n ? 0 : 1;
}
