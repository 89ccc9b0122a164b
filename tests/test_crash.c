/* Crash safety (issue 11): SIGHUP and SIGTERM noted and acted on between
 * commands (stopsig.h), appends that leave no half line behind, and a
 * torn last line (an append a crash cut short) dropped on load
 * (gamefile.h).  tests/crash_safety.sh kills real runs. */
#include <criterion/criterion.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "hand_battle.h"
#include "maniple/game.h"
#include "maniple/gamefile.h"
#include "maniple/stopsig.h"

static void tmpname(char *buf, size_t n, const char *tag)
{
	snprintf(buf, n, "/tmp/maniple-crash-%ld-%s.game", (long)getpid(),
		 tag);
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	cr_assert_not_null(f);
	char *buf = calloc(1, 65536);
	size_t n = fread(buf, 1, 65535, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static void spit(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs(text, f);
	fclose(f);
}

static long file_size(const char *path)
{
	struct stat st;
	cr_assert_eq(stat(path, &st), 0);
	return (long)st.st_size;
}

static const char *header =
	"maniple-game 1\nruleset spqr\nbattle hand\nkind sandbox\nseed 42\n"
	"prng pcg32 54\n";

/* ---- SIGHUP and SIGTERM ---- */

Test(stopsig, sighup_and_sigterm_are_noted_not_fatal)
{
	cr_assert_eq(stopsig_install(), 0);
	cr_expect_eq(stopsig_caught(), 0);
	raise(SIGTERM);
	cr_expect_eq(stopsig_caught(), SIGTERM);
	raise(SIGHUP); /* the first one stays noted */
	cr_expect_eq(stopsig_caught(), SIGTERM);
	cr_expect_str_eq(stopsig_name(SIGTERM), "SIGTERM");
	cr_expect_str_eq(stopsig_name(SIGHUP), "SIGHUP");
}

Test(stopsig, a_noted_stop_ends_the_wait_for_input_at_once, .timeout = 10)
{
	cr_assert_eq(stopsig_install(), 0);
	int p[2];
	cr_assert_eq(pipe(p), 0);
	raise(SIGHUP);
	/* nothing to read and the writer still open: only the note ends it */
	cr_expect_eq(stopsig_wait(p[0]), STOPSIG_STOP);
}

/* The gap between looking at the note and waiting: a signal held pending
 * there must end the wait, not be taken after it. */
Test(stopsig, a_signal_pending_before_the_wait_ends_it, .timeout = 10)
{
	cr_assert_eq(stopsig_install(), 0);
	int p[2];
	cr_assert_eq(pipe(p), 0);
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGTERM);
	sigprocmask(SIG_BLOCK, &set, NULL);
	raise(SIGTERM);
	cr_expect_eq(stopsig_caught(), 0, "held pending, not yet noted");
	cr_expect_eq(stopsig_wait(p[0]), STOPSIG_STOP);
	cr_expect_eq(stopsig_caught(), SIGTERM);
}

Test(stopsig, a_signal_during_the_wait_ends_it, .timeout = 10)
{
	cr_assert_eq(stopsig_install(), 0);
	int p[2];
	cr_assert_eq(pipe(p), 0);
	pid_t parent = getpid();
	pid_t kid = fork();
	cr_assert_geq(kid, 0);
	if (kid == 0) {
		usleep(200000);
		kill(parent, SIGTERM);
		_exit(0);
	}
	cr_expect_eq(stopsig_wait(p[0]), STOPSIG_STOP);
	cr_expect_eq(stopsig_caught(), SIGTERM);
	waitpid(kid, NULL, 0);
}

Test(stopsig, lines_are_read_whole_across_reads)
{
	cr_assert_eq(stopsig_install(), 0);
	int p[2];
	cr_assert_eq(pipe(p), 0);
	char big[6000];
	memset(big, 'x', sizeof big - 2);
	big[sizeof big - 2] = '\n';
	big[sizeof big - 1] = '\0';
	cr_assert_eq(write(p[1], "roll 3\nshow", 11), 11);
	cr_assert_eq(write(p[1], " units\n", 7), 7);
	cr_assert_eq(write(p[1], big, strlen(big)), (ssize_t)strlen(big));
	cr_assert_eq(write(p[1], "a\0b\nlast", 8), 8);
	close(p[1]);
	struct stopsig_reader *rd = malloc(sizeof *rd);
	stopsig_reader_init(rd, p[0]);
	char *line = NULL;
	size_t cap = 0;
	cr_expect_eq(stopsig_getline(rd, &line, &cap), 7);
	cr_expect_str_eq(line, "roll 3\n");
	cr_expect_eq(stopsig_getline(rd, &line, &cap), 11);
	cr_expect_str_eq(line, "show units\n");
	cr_expect_eq(stopsig_getline(rd, &line, &cap), (ssize_t)strlen(big));
	cr_expect_str_eq(line, big);
	cr_expect_eq(stopsig_getline(rd, &line, &cap), 4, "a NUL kept");
	cr_expect_eq(memcmp(line, "a\0b\n", 4), 0);
	cr_expect_eq(stopsig_getline(rd, &line, &cap), 4, "no last newline");
	cr_expect_str_eq(line, "last");
	cr_expect_eq(stopsig_getline(rd, &line, &cap), -1);
	free(line);
	free(rd);
}

Test(stopsig, after_a_stop_no_more_lines, .timeout = 10)
{
	cr_assert_eq(stopsig_install(), 0);
	int p[2];
	cr_assert_eq(pipe(p), 0);
	cr_assert_eq(write(p[1], "roll 3\nroll 4\nroll", 18), 18);
	struct stopsig_reader *rd = malloc(sizeof *rd);
	stopsig_reader_init(rd, p[0]);
	char *line = NULL;
	size_t cap = 0;
	cr_expect_eq(stopsig_getline(rd, &line, &cap), 7);
	raise(SIGTERM);
	cr_expect_eq(stopsig_getline(rd, &line, &cap), -1);
	free(line);
	free(rd);
}

/* ---- appends ---- */

/* A write cut part way (here by the file size limit, as a full disk
 * would) leaves no half line: the next append starts a line of its own. */
Test(gamefile_crash, a_failed_append_leaves_no_half_line)
{
	char path[128];
	tmpname(path, sizeof path, "efbig");
	spit(path, header);
	struct gamefile gf;
	char err[256];
	cr_assert_eq(gamefile_open_append(&gf, path, err, sizeof err), 0);
	cr_assert_eq(gamefile_append(&gf, "roll 3", err, sizeof err), 0);
	long before = file_size(path);
	signal(SIGXFSZ, SIG_IGN);
	struct rlimit old, lim;
	getrlimit(RLIMIT_FSIZE, &old);
	lim = old;
	lim.rlim_cur = (rlim_t)before + 4; /* room for "setu" only */
	cr_assert_eq(setrlimit(RLIMIT_FSIZE, &lim), 0);
	cr_expect_eq(gamefile_append(&gf, "setup hits h1 2", err, sizeof err),
		     -1);
	cr_expect_not_null(strstr(err, path), "%s", err);
	cr_assert_eq(setrlimit(RLIMIT_FSIZE, &old), 0);
	cr_expect_eq(file_size(path), before, "the part written is cut off");
	cr_assert_eq(gamefile_append(&gf, "roll 4", err, sizeof err), 0);
	gamefile_close(&gf);
	char want[512];
	snprintf(want, sizeof want, "%sroll 3\nroll 4\n", header);
	char *text = slurp(path);
	cr_expect_str_eq(text, want);
	free(text);
	unlink(path);
}

/* ---- torn last lines ---- */

static struct session *load_ok(const char *path)
{
	struct session *t = malloc(sizeof *t);
	session_init(t, hand_battle, spqr_tables_loader, NULL, 1);
	struct ini_error err;
	cr_assert(session_load(t, path, &err), "%d: %s", err.line, err.msg);
	return t;
}

static void unload(struct session *t)
{
	session_free(t);
	free(t);
}

Test(gamefile_crash, a_torn_last_command_is_dropped_on_load)
{
	char path[128], text[1024];
	tmpname(path, sizeof path, "torn");
	snprintf(text, sizeof text, "%sroll 3\nsetup hits h", header);
	spit(path, text);
	struct session *t = load_ok(path);
	cr_expect_eq(t->torn_line, 8);
	cr_expect_eq(t->journal.n, 1);
	/* the loaded event says so */
	struct cmd_result r;
	cmd_result_init(&r);
	struct session *u = malloc(sizeof *u);
	session_init(u, hand_battle, spqr_tables_loader, NULL, 1);
	char cmd[200];
	snprintf(cmd, sizeof cmd, "load %s", path);
	spit(path, text);
	session_exec(u, cmd, &r);
	cr_assert_eq(r.status, CMD_OK, "%s", r.reason);
	bool said = false;
	for (size_t i = 0; i < r.out.n; i++) {
		const char *torn = event_log_get(&r.out, i, "torn_line");
		if (torn && strcmp(torn, "8") == 0)
			said = true;
	}
	cr_expect(said, "loaded ... torn_line=8");
	cmd_result_free(&r);
	unload(u);
	/* play goes on on a line of its own */
	cr_assert_eq(run(t, "setup hits h1 2"), CMD_OK);
	unload(t);
	char want[1024];
	snprintf(want, sizeof want, "%sroll 3\nsetup hits h1 2\n", header);
	char *got = slurp(path);
	cr_expect_str_eq(got, want);
	free(got);
	t = load_ok(path);
	cr_expect_eq(t->torn_line, 0);
	cr_expect_eq(game_unit(t->game, "h1")->hits, 2);
	unload(t);
	unlink(path);
}

/* A torn digest line: dropped, and the digest written again whole. */
Test(gamefile_crash, a_torn_digest_is_written_again)
{
	char path[128], text[1024];
	tmpname(path, sizeof path, "tornd");
	snprintf(text, sizeof text, "%ssetup turn 3\ndigest 3 00", header);
	spit(path, text);
	struct session *t = load_ok(path);
	cr_expect_eq(t->game->turn, 3);
	cr_expect_eq(t->torn_line, 8);
	unload(t);
	char *got = slurp(path);
	char dl[64];
	t = load_ok(path);
	gamefile_digest_line(3, game_digest(t->game), dl, sizeof dl);
	char want[1024];
	snprintf(want, sizeof want, "%ssetup turn 3\n%s\n", header, dl);
	cr_expect_str_eq(got, want);
	cr_expect_eq(t->torn_line, 0);
	free(got);
	unload(t);
	unlink(path);
}

/* Only the last line of a game file that loads is forgiven: a file that
 * does not load is left as it was. */
Test(gamefile_crash, a_file_that_does_not_load_is_not_cut)
{
	char path[128], text[1024];
	tmpname(path, sizeof path, "nocut");
	const char *bad[] = {
		"hello, no game here",		   /* no header */
		"maniple-game 1\nruleset spqr\nba", /* torn header */
		NULL,
	};
	for (int i = 0; bad[i]; i++) {
		spit(path, bad[i]);
		long size = file_size(path);
		struct session t;
		session_init(&t, hand_battle, spqr_tables_loader, NULL, 1);
		struct ini_error err;
		cr_expect_not(session_load(&t, path, &err), "%s", bad[i]);
		session_free(&t);
		cr_expect_eq(file_size(path), size, "%s", bad[i]);
	}
	snprintf(text, sizeof text, "%sfly away\nroll", header);
	spit(path, text);
	long size = file_size(path);
	struct session t;
	session_init(&t, hand_battle, spqr_tables_loader, NULL, 1);
	struct ini_error err;
	cr_expect_not(session_load(&t, path, &err));
	cr_expect_eq(err.line, 7, "%s", err.msg);
	session_free(&t);
	cr_expect_eq(file_size(path), size);
	unlink(path);
}

static int count_body(void *user, const struct gamefile_line *l,
		      struct ini_error *err)
{
	(void)l;
	(void)err;
	(*(int *)user)++;
	return 0;
}

/* The strict reader still refuses a cut line (other readers of game
 * files); the tolerant one skips it and says where it starts. */
Test(gamefile_crash, only_the_tolerant_reader_skips_a_cut_line)
{
	char path[128], text[1024];
	tmpname(path, sizeof path, "strict");
	snprintf(text, sizeof text, "%sroll 3\nroll", header);
	spit(path, text);
	struct ini_error err;
	int lines = 0;
	cr_expect_not(gamefile_read(path, NULL, count_body, &lines, &err));
	cr_expect_eq(err.line, 8);
	cr_expect_eq(lines, 1);
	lines = 0;
	long torn = 0;
	cr_expect(gamefile_read_torn(path, NULL, count_body, &lines, &err,
				     &torn), "%s", err.msg);
	cr_expect_eq(lines, 1);
	cr_expect_eq(torn, (long)strlen(header) + 7);
	snprintf(text, sizeof text, "%sroll 3\n", header);
	spit(path, text);
	cr_expect(gamefile_read_torn(path, NULL, count_body, &lines, &err,
				     &torn));
	cr_expect_eq(torn, -1, "a whole file: nothing torn");
	unlink(path);
}

/* A command that ends a turn is written with its digest line in one
 * append: when the disk takes the command but not the digest, neither
 * stays (a command left in the file that the game refused would be
 * replayed on load, and every later line would then fail). */
Test(gamefile_crash, a_turn_end_and_its_digest_are_written_or_dropped_together)
{
	char path[128];
	tmpname(path, sizeof path, "pair");
	struct session s;
	start(&s, "sandbox");
	char err[256];
	cr_assert_eq(session_save(&s, path, true, true, err, sizeof err), 0, "%s",
		     err);
	cr_assert_eq(run(&s, "roll 3"), CMD_OK);
	long before = file_size(path);
	signal(SIGXFSZ, SIG_IGN);
	struct rlimit old, lim;
	getrlimit(RLIMIT_FSIZE, &old);
	lim = old;
	/* room for "setup turn 2\n" and a few bytes of its digest line */
	lim.rlim_cur = (rlim_t)before + 13 + 5;
	cr_assert_eq(setrlimit(RLIMIT_FSIZE, &lim), 0);
	cr_expect_eq(run(&s, "setup turn 2"), CMD_REFUSED);
	cr_assert_eq(setrlimit(RLIMIT_FSIZE, &old), 0);
	cr_expect_eq(file_size(path), before);
	cr_expect_eq(s.game->turn, 1);
	cr_assert_eq(run(&s, "setup hits h1 1"), CMD_OK);
	session_free(&s);
	struct session *t = load_ok(path);
	cr_expect_eq(t->game->turn, 1);
	cr_expect_eq(game_unit(t->game, "h1")->hits, 1);
	unload(t);
	unlink(path);
}
