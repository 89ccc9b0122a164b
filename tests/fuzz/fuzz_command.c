/* fuzz_command.c — libFuzzer harness: command lines fed to session_exec,
 * in a sandbox game of the drill battle (`new drill sandbox 2024`, as
 * tests/scripts/drill_setup.txt starts).  The input is split into lines,
 * each one command, so a sequence can reach deep states; a line holding a
 * NUL byte is skipped (maniple --script refuses it the same way).  Seeds:
 * tests/scripts/.
 *
 * Beyond crashes it checks what the session promises (session.h): a
 * command that does not change the game (a looking command, a refused or
 * malformed one) leaves its state and its event log as they were, byte
 * for byte, though a refusal puts the game back by running the commands
 * since the session's checkpoint again; and an accepted one only adds
 * events.  Every input runs from the same session state, so a failure
 * replays from its input alone.
 *
 * The process works in its scratch directory; `save`, `branch` and `load`
 * are run only with a plain file name (no '/'), so the fuzzer writes no
 * file outside it. */
#include "fuzz_session.h"

#include <dirent.h>
#include <stdbool.h>

#include "maniple/cmd.h"
#include "maniple/digest.h"

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
	/* the game was put back behind the session's back: its checkpoint
	 * (of the last input's game, at the same address) is stale; and
	 * nothing of the last input's session may reach this one */
	session_edited(&sess);
	sess.undo_asked = sess.undo_at = 0;
	sess.why_refused = false;
	sess.why_line[0] = sess.why_reason[0] = sess.why_rule[0] = '\0';
	sess.why_events = sess.why_journal = 0;
	sess.torn_line = 0;
	sess.new_kept[0] = '\0';
}

/* ---- what a command may change ---- */

static struct game before;	/* the state before the line */
static char *seen;		/* the game's event log's bytes so far */
static size_t seen_used, seen_n, seen_cap;

/* Takes the state of g as it is now, and the bytes its event log added
 * since the last time (seen_used 0: all of them). */
static void take_before(const struct game *g)
{
	game_copy_state(&before, g);
	const struct event_log *log = &g->events;
	if (log->used <= seen_used) {
		seen_n = log->n;
		return;
	}
	if (log->used > seen_cap) {
		size_t cap = log->used * 2;
		char *m = realloc(seen, cap);
		if (!m)
			abort();
		seen = m;
		seen_cap = cap;
	}
	memcpy(seen + seen_used, log->arena + seen_used,
	       log->used - seen_used);
	seen_used = log->used;
	seen_n = log->n;
}

/* The first byte at which a's state and b's differ, for the report (the
 * event log left out; the unused tails of tables may differ too). */
static size_t first_difference(const struct game *a, const struct game *b)
{
	const unsigned char *x = (const void *)a, *y = (const void *)b;
	size_t ev = offsetof(struct game, events);
	size_t i = 0;
	while (i < sizeof *a &&
	       (x[i] == y[i] || (i >= ev && i < ev + sizeof a->events)))
		i++;
	return i;
}

/* Whether a and b are the same state: the same bytes, or but for padding
 * (a struct assigned whole copies its padding from wherever it came): the
 * same digest, which reads every field (digest.h), and the same units by
 * hex, which it leaves out as what the units' places give, but whose
 * order is the order game_units_at lists them in. */
static bool same_state(const struct game *a, const struct game *b)
{
	return game_state_same(a, b) ||
	       (game_state_digest(a) == game_state_digest(b) &&
		memcmp(&a->at_index, &b->at_index, sizeof a->at_index) == 0);
}

/* After line ran on g: changed (an accepted game-changing command) may
 * only add events; anything else leaves state and events as they were. */
static void check_after(const struct game *g, const char *line, bool changed)
{
	const struct event_log *log = &g->events;
	const char *what = NULL;
	if (!changed && !same_state(&before, g))
		what = "its state";
	else if (log->used < seen_used || log->n < seen_n ||
		 (seen_used && memcmp(log->arena, seen, seen_used) != 0))
		what = "the events it had";
	else if (!changed && (log->used != seen_used || log->n != seen_n))
		what = "its event count";
	if (!what)
		return;
	fprintf(stderr,
		"fuzz_command: %s (%s) changed %s (state byte %zu of %zu "
		"first differs; events %zu, were %zu)\n",
		line, changed ? "accepted" : "not a change", what,
		first_difference(&before, g), sizeof *g, log->n, seen_n);
	abort();
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
 * snapshot does not cover, even if a freed one's address is reused), and
 * in *effect what the line's command does (CMD_LOOKS for a malformed
 * one). */
static int line_allowed(const char *line, enum cmd_effect *effect)
{
	struct cmd_call call;
	struct cmd_result r;
	cmd_result_init(&r);
	int ok = 1;
	*effect = CMD_LOOKS;
	if (cmd_lookup(gboh_commands(), line, &call, &r) && call.def)
		*effect = call.def->effect;
	if (*effect == CMD_SESSION) {
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
	seen_used = seen_n = 0;
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
		enum cmd_effect effect;
		if (nul || !line_allowed(line, &effect))
			continue;
		struct game *g = s->game;
		if (g)
			take_before(g);
		session_exec(s, line, &r);
		if (effect == CMD_SESSION || s->game != g || !g)
			seen_used = seen_n = 0; /* another game, or a new file */
		else
			check_after(g, line,
				    effect == CMD_CHANGES && r.status == CMD_OK);
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
