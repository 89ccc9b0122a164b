/* fuzz_command.c — libFuzzer harness: command lines fed to session_exec,
 * in a sandbox game of the drill battle (`new drill sandbox 2024`, as
 * tests/scripts/drill_setup.txt starts).  The input is split into lines,
 * each one command, so a sequence can reach deep states; a line holding a
 * NUL byte is skipped (maniple --script refuses it the same way).  Seeds:
 * tests/scripts/.
 *
 * The process works in its scratch directory; `save`, `branch` and `load`
 * are run only with a plain file name (no '/'), so the fuzzer writes no
 * file outside it. */
#include "fuzz_session.h"

#include <dirent.h>
#include <stdbool.h>

#include "maniple/cmd.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_LINES_MAX 200 /* commands per input */

/* The session every input starts from: `new drill sandbox 2024` is run
 * once, and its game (a plain struct but for the battle, the tables and
 * the event log) is copied back before each input.  An input that
 * replaces the game (`new`, `load`) frees the battle the copy points to:
 * then the session is started afresh. */
static struct session sess;
static struct game *start;	/* the game of sess as started */
static struct game snap;	/* and its state then */
static struct gamefile_header hdr;

static void fresh_session(void)
{
	if (start)
		session_free(&sess);
	session_init(&sess, fuzz_load_battle, fuzz_load_tables, NULL, 1);
	char err[INI_ERR_MAX + 300];
	if (session_new(&sess, "drill", GAME_SANDBOX, 2024, err, sizeof err) !=
	    0) {
		fprintf(stderr, "fuzz_command: %s\n", err);
		abort();
	}
	start = sess.game;
	snap = *start;
	hdr = sess.journal.h;
}

static bool replaced; /* the last input ran `new` or `load` */
static bool wrote;    /* it ran `save` or `branch` */

/* Empties the scratch directory, so that no input loads a file an earlier
 * one saved (a crash must replay from its input alone). */
static void empty_scratch(void)
{
	DIR *d = opendir(".");
	if (!d)
		return;
	struct dirent *e;
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
			unlink(e->d_name);
	closedir(d);
}

static void restore_session(void)
{
	if (replaced || sess.game != start) {
		replaced = false;
		fresh_session();
		return;
	}
	struct event_log ev = start->events;
	*start = snap;
	start->events = ev;
	event_log_clear(&start->events);
	journal_free(&sess.journal);
	journal_init(&sess.journal, &hdr);
	if (sess.file.f)
		gamefile_close(&sess.file);
	memset(&sess.file, 0, sizeof sess.file);
	sess.replaying = false;
	sess.digest_due = false;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	if (chdir(fuzz_scratch()) != 0) {
		perror(fuzz_scratch());
		exit(1);
	}
	fresh_session();
	return 0;
}

/* Whether a line may run here: a session command naming a file must name
 * one in the scratch directory.  Notes a `new` or `load` (a game the
 * snapshot does not cover, even if a freed one's address is reused). */
static int line_allowed(const char *line)
{
	struct cmd_call call;
	struct cmd_result r;
	cmd_result_init(&r);
	int ok = 1;
	if (cmd_lookup(gboh_commands(), line, &call, &r) && call.def &&
	    call.def->effect == CMD_SESSION) {
		if (strcmp(call.def->name, "new") == 0 ||
		    strcmp(call.def->name, "load") == 0)
			replaced = true;
		else
			wrote = true;
		for (int i = 1; i < call.argc; i++)
			if (strchr(call.argv[i], '/') ||
			    strcmp(call.argv[i], "..") == 0)
				ok = 0;
	}
	cmd_result_free(&r);
	return ok;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	restore_session();
	struct session *s = &sess;
	struct cmd_result r;
	cmd_result_init(&r);
	char line[CMD_LINE_MAX * 2];
	size_t i = 0;
	for (int n = 0; i < size && n < FUZZ_LINES_MAX; n++) {
		size_t len = 0;
		int nul = 0;
		for (; i < size && data[i] != '\n'; i++) {
			if (data[i] == '\0')
				nul = 1;
			if (len < sizeof line - 1)
				line[len++] = (char)data[i];
		}
		i++; /* the newline */
		line[len] = '\0';
		if (nul || !line_allowed(line))
			continue;
		session_exec(s, line, &r);
		char buf[512];
		for (size_t k = 0; k < r.out.n; k++)
			event_log_format(&r.out, k, buf, sizeof buf);
	}
	cmd_result_free(&r);
	if (wrote) {
		/* a file left open by `branch` is closed first */
		restore_session();
		empty_scratch();
		wrote = false;
	}
	return 0;
}
