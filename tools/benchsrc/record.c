/* tools/benchsrc/record.c — what the session's checkpoint (session.h,
 * ruleset.h: mark, rollback) costs, for tools/bench: a command script
 * (its `new` line first, e.g. autoplay's output) is run through a session
 * of the battle it names under DATADIR; each checkpoint the session takes
 * is asked how many bytes its mark copied, and after each accepted
 * game-changing command the number of commands a refusal there would run
 * again (those accepted since the checkpoint) is noted.
 *
 *   bench-record DATADIR SCRIPT
 *
 * Prints key=value lines: commands (game-changing commands run), refused
 * (of them), checkpoints (taken), checkpoint_bytes_mean and
 * checkpoint_bytes_max (one checkpoint's copy), bytes_per_command (all
 * checkpoints' bytes over the accepted commands), rerun_mean and
 * rerun_max (the commands a refusal after an accepted command runs
 * again), every (SESSION_CHECKPOINT_EVERY) and state_bytes (the whole
 * struct game, for comparison).
 * A figure tool, never a test: nothing here is asserted. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "maniple/battle.h"
#include "maniple/game.h"
#include "maniple/tables.h"

#include "loaders.h"

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: bench-record DATADIR SCRIPT\n");
		return 2;
	}
	struct bench_data data = {argv[1], NULL};
	FILE *f = fopen(argv[2], "r");
	if (!f) {
		perror(argv[2]);
		return 2;
	}
	struct session s;
	struct cmd_result r;
	session_init(&s, bench_load_battle, bench_load_tables, &data, 1);
	cmd_result_init(&r);
	char line[CMD_LINE_MAX + 2];
	long n = 0, refused = 0, accepted = 0, marks = 0;
	size_t bytes = 0, hi = 0, rerun = 0, rerun_hi = 0;
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = '\0';
		struct cmd_call call;
		struct cmd_result look;
		cmd_result_init(&look);
		bool changes = cmd_lookup(gboh_commands(), line, &call, &look) &&
			       call.def && call.def->effect == CMD_CHANGES;
		cmd_result_free(&look);
		const struct game *g0 = s.ckpt_game;
		size_t since0 = s.ckpt_since;
		session_exec(&s, line, &r);
		if (!changes || !s.game)
			continue;
		n++;
		bool ok = r.status == CMD_OK;
		refused += !ok;
		/* a checkpoint taken by this command: of another game, or the
		 * count since it not the one before plus this command */
		if (s.ckpt_game &&
		    (s.ckpt_game != g0 || s.ckpt_since != since0 + ok)) {
			size_t b = s.ckpt_rs->record_bytes
					   ? s.ckpt_rs->record_bytes(s.ckpt)
					   : 0;
			bytes += b;
			hi = b > hi ? b : hi;
			marks++;
		}
		if (!ok)
			continue;
		accepted++;
		rerun += s.ckpt_since;
		rerun_hi = s.ckpt_since > rerun_hi ? s.ckpt_since : rerun_hi;
	}
	fclose(f);
	printf("commands=%ld\nrefused=%ld\ncheckpoints=%ld\n"
	       "checkpoint_bytes_mean=%.0f\ncheckpoint_bytes_max=%zu\n"
	       "bytes_per_command=%.0f\nrerun_mean=%.1f\nrerun_max=%zu\n"
	       "every=%d\nstate_bytes=%zu\n",
	       n, refused, marks, marks ? (double)bytes / (double)marks : 0.0,
	       hi, accepted ? (double)bytes / (double)accepted : 0.0,
	       accepted ? (double)rerun / (double)accepted : 0.0, rerun_hi,
	       SESSION_CHECKPOINT_EVERY, sizeof(struct game));
	cmd_result_free(&r);
	session_free(&s);
	return n ? 0 : 1;
}
