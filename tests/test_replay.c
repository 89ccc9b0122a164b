/* test_replay.c — the replay module (src/tui/replay.c) without a
 * terminal: a full drill battle played by autoplay is written as a game
 * file, then stepped forward, back and by turn; each position must give
 * the digest a straight run of the same commands gives.  A tampered
 * digest line, a refused command and another format version stop it. */
#include <criterion/criterion.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "maniple/cmd.h"
#include "maniple/digest.h"
#include "maniple/game.h"
#include "maniple/sequence.h"
#include "maniple/tables.h"

#include "fixture.h"

#include "../src/tui/replay.h"

#define MAXC 20000

static char dir[] = "/tmp/maniple-replay-XXXXXX";
static char gpath[600];
static uint64_t straight[MAXC + 1]; /* digest after k commands */
static int sturn[MAXC + 1];	    /* turn after k commands */
static int ncmd;

static void run_ok(struct session *s, const char *line)
{
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(s, line, &r);
	cr_assert_eq(r.status, CMD_OK, "%s: %s", line, r.reason);
	cmd_result_free(&r);
}

/* A drill battle: autoplay's commands played into a game file. */
static void make_game(void)
{
	cr_assert_not_null(mkdtemp(dir));
	snprintf(gpath, sizeof gpath, "%s/drill.game", dir);
	const char *bin = getenv("AUTOPLAY_BIN");
	cr_assert_not_null(bin, "AUTOPLAY_BIN not set");
	char cmd[1200];
	snprintf(cmd, sizeof cmd,
		 "MANIPLE_DATADIR= '%s' --no-check drill 11 2>/dev/null", bin);
	FILE *p = popen(cmd, "r");
	cr_assert_not_null(p);
	struct session s;
	session_init(&s, fx_loader, spqr_tables_loader, NULL, 1);
	char line[1100];
	bool started = false;
	while (fgets(line, sizeof line, p)) {
		line[strcspn(line, "\n")] = '\0';
		if (line[0] == '#' || !line[0])
			continue;
		if (!started) {
			cr_assert(strncmp(line, "new ", 4) == 0, "%s", line);
			run_ok(&s, line);
			char b[700];
			snprintf(b, sizeof b, "branch! %s", gpath);
			run_ok(&s, b);
			started = true;
			straight[0] = game_digest(s.game);
			sturn[0] = s.game->turn;
			continue;
		}
		cr_assert_lt(ncmd, MAXC);
		run_ok(&s, line);
		ncmd++;
		straight[ncmd] = game_digest(s.game);
		sturn[ncmd] = s.game->turn;
	}
	pclose(p);
	cr_assert(started);
	cr_assert_geq(sturn[ncmd], 2, "the battle passes a turn's end");
	/* the whole battle: it ends (11.2, R4) */
	cr_assert(s.game->phase == PHASE_OVER ||
			  seq_step_now(s.game) == SEQ_OVER,
		  "autoplay played the drill to its end");
	session_free(&s);
}

static void cleanup(void)
{
	char cmd[700];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	cr_assert_eq(system(cmd), 0);
}

TestSuite(replay, .init = make_game, .fini = cleanup);

static void open_ok(struct replay *r, const char *path)
{
	char err[600];
	int rc = replay_open(r, path, gboh_rulesets(), fx_loader,
			     spqr_tables_loader, NULL, err, sizeof err);
	cr_assert_eq(rc, 0, "%s", err);
}

static void spit(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs(text, f);
	fclose(f);
}

Test(replay, forward_back_and_jump_match_a_straight_run)
{
	char *before = fx_slurp(gpath);
	struct replay r;
	open_ok(&r, gpath);
	cr_assert_eq(r.ncmds, ncmd);
	cr_assert_eq(game_digest(r.s.game), straight[0]);
	struct cmd_result cr;
	cmd_result_init(&cr);
	for (int k = 1; k <= ncmd; k++) {
		cr_assert_eq(replay_forward(&r, &cr), 1, "step %d: %s", k,
			     r.msg);
		cr_assert_not(r.diverged, "%s", r.msg);
		cr_assert_eq(r.step, k);
		cr_assert_eq(game_digest(r.s.game), straight[k], "step %d", k);
	}
	cr_assert_eq(replay_forward(&r, &cr), 0, "nothing after the end");
	cmd_result_free(&cr);
	/* back, a step at a time, over the last 30 commands and the first */
	for (int k = ncmd - 1; k >= 0 && k >= ncmd - 30; k--) {
		cr_assert_eq(replay_seek(&r, k), 0);
		cr_assert_eq(r.step, k);
		cr_assert_eq(game_digest(r.s.game), straight[k], "back %d", k);
	}
	cr_assert_eq(replay_seek(&r, 0), 0);
	cr_assert_eq(game_digest(r.s.game), straight[0]);
	/* every turn's start, from the end backwards and then forwards */
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < sturn[ncmd]; i++) {
			int t = pass ? i + 1 : sturn[ncmd] - i;
			int k = 0;
			while (sturn[k] < t)
				k++;
			cr_assert_eq(replay_turn(&r, t), 0);
			cr_assert_eq(r.step, k, "turn %d", t);
			cr_assert_eq(replay_game_turn(&r), t);
			cr_assert_eq(game_digest(r.s.game), straight[k],
				     "turn %d", t);
		}
	cr_assert_eq(replay_seek(&r, ncmd), 0);
	cr_assert_eq(game_digest(r.s.game), straight[ncmd]);
	cr_assert_str_eq(replay_command(&r, 1), r.lines[r.cmds[0]].text);
	cr_assert_null(replay_command(&r, 0));
	cr_assert_null(replay_command(&r, ncmd + 1));
	replay_free(&r);
	char *after = fx_slurp(gpath);
	cr_assert_str_eq(after, before, "the game file is never written");
	free(before);
	free(after);
}

/* The game file with line lineno made `with`, its hash chain made right
 * again (format 2, gamefile.h: as a forger would), so that what finds the
 * change is the replay. */
static void tamper(const char *path, int lineno, const char *with)
{
	fx_forge_game_line(gpath, path, lineno, with);
}

/* The file's line number of its first digest line, and that digest's
 * step (commands before it). */
static int first_digest(int *step)
{
	char *t = fx_slurp(gpath);
	int n = 1, seen = 0, cmds = 0;
	for (char *p = t; *p; n++) {
		char *e = strchr(p, '\n');
		if (n > 9) {
			if (strncmp(p, "digest ", 7) == 0) {
				if (++seen == 1) {
					free(t);
					*step = cmds;
					return n;
				}
			} else {
				cmds++;
			}
		}
		if (!e)
			break;
		p = e + 1;
	}
	free(t);
	cr_assert_fail("no digest line");
	return 0;
}

Test(replay, a_tampered_digest_stops_at_its_line)
{
	int step;
	int ln = first_digest(&step);
	char path[700];
	snprintf(path, sizeof path, "%s/tampered.game", dir);
	tamper(path, ln, "digest 2 0123456789abcdef");
	struct replay r;
	open_ok(&r, path);
	cr_assert_eq(replay_seek(&r, ncmd), 0);
	cr_assert(r.diverged);
	cr_assert_eq(r.step, step, "stops on the command before the digest");
	char want[800];
	snprintf(want, sizeof want, "%s:%d: replay stops: digest mismatch",
		 path, ln);
	cr_assert(strstr(r.msg, want) != NULL, "%s", r.msg);
	struct cmd_result cr;
	cmd_result_init(&cr);
	cr_assert_eq(replay_forward(&r, &cr), 0, "no step past it");
	cmd_result_free(&cr);
	/* going back and forth up to it again still works */
	cr_assert_eq(replay_seek(&r, 1), 0);
	cr_assert_not(r.diverged);
	cr_assert_eq(game_digest(r.s.game), straight[1]);
	replay_free(&r);
}

Test(replay, a_refused_command_stops_at_its_line)
{
	char path[700];
	snprintf(path, sizeof path, "%s/refused.game", dir);
	/* line 11: the second command; a solo or hotseat game has no
	 * setup */
	tamper(path, 11, "setup turn 5");
	struct replay r;
	open_ok(&r, path);
	cr_assert_eq(replay_seek(&r, ncmd), 0);
	cr_assert(r.diverged);
	cr_assert_eq(r.step, 1);
	char want[800];
	snprintf(want, sizeof want, "%s:11: replay stops: command refused",
		 path);
	cr_assert(strstr(r.msg, want) != NULL, "%s", r.msg);
	replay_free(&r);
}

Test(replay, a_torn_last_line_is_left_out)
{
	char path[700];
	snprintf(path, sizeof path, "%s/torn.game", dir);
	char *t = fx_slurp(gpath);
	size_t n = strlen(t) + 32;
	char *u = malloc(n);
	cr_assert_not_null(u);
	snprintf(u, n, "%scontin", t); /* no end of line */
	spit(path, u);
	free(u);
	free(t);
	struct replay r;
	open_ok(&r, path);
	cr_assert_eq(r.ncmds, ncmd);
	cr_assert_eq(replay_seek(&r, ncmd), 0);
	cr_assert_not(r.diverged, "%s", r.msg);
	cr_assert_eq(game_digest(r.s.game), straight[ncmd]);
	replay_free(&r);
}

Test(replay, another_format_version_is_refused)
{
	char path[700];
	snprintf(path, sizeof path, "%s/v2.game", dir);
	tamper(path, 1, "maniple-game 4");
	struct replay r;
	char err[600];
	cr_assert_eq(replay_open(&r, path, gboh_rulesets(), fx_loader,
				 spqr_tables_loader, NULL, err, sizeof err),
		     -1);
	cr_assert(strstr(err, "format version 4 is not supported") != NULL,
		  "%s", err);
	cr_assert(strstr(err, ":1:") != NULL, "%s", err);
	snprintf(path, sizeof path, "%s/missing.game", dir);
	cr_assert_eq(replay_open(&r, path, gboh_rulesets(), fx_loader,
				 spqr_tables_loader, NULL, err, sizeof err),
		     -1);
	spit(path, "not a game\n");
	cr_assert_eq(replay_open(&r, path, gboh_rulesets(), fx_loader,
				 spqr_tables_loader, NULL, err, sizeof err),
		     -1);
}

Test(replay, the_command_line_only_looks)
{
	char *before = fx_slurp(gpath);
	struct replay r;
	open_ok(&r, gpath);
	cr_assert_eq(replay_seek(&r, 5), 0);
	uint64_t d = game_digest(r.s.game);
	struct cmd_result cr;
	cmd_result_init(&cr);
	replay_look(&r, replay_command(&r, 6), &cr);
	cr_assert_eq(cr.status, CMD_REFUSED);
	cr_assert_str_eq(cr.reason, "replay is read only");
	replay_look(&r, "continue", &cr);
	cr_assert_eq(cr.status, CMD_REFUSED);
	replay_look(&r, "new drill solo 3", &cr);
	cr_assert_eq(cr.status, CMD_REFUSED, "new is not a looking command");
	replay_look(&r, "show units", &cr);
	cr_assert_eq(cr.status, CMD_OK, "%s", cr.reason);
	cr_assert_gt(cr.out.n, 0);
	replay_look(&r, "legal", &cr);
	cr_assert_eq(cr.status, CMD_OK, "%s", cr.reason);
	replay_look(&r, "no such command", &cr);
	cr_assert_eq(cr.status, CMD_MALFORMED);
	cmd_result_free(&cr);
	cr_assert_eq(game_digest(r.s.game), d, "nothing changed");
	cr_assert_eq(r.step, 5);
	/* stepping goes on as before */
	cr_assert_eq(replay_seek(&r, 6), 0);
	cr_assert_eq(game_digest(r.s.game), straight[6]);
	char st[200] = "Turn 1";
	replay_status(&r, st, sizeof st);
	char want[100];
	snprintf(want, sizeof want, "REPLAY step 6/%d, turn 1 | Turn 1", ncmd);
	cr_assert_str_eq(st, want);
	replay_free(&r);
	char *after = fx_slurp(gpath);
	cr_assert_str_eq(after, before);
	free(before);
	free(after);
}

/* Every digest line of the saved battle, one a game turn (3.0): the
 * replay reaches it with that turn's digest, and the battle it replays
 * ends as the straight run did. */
Test(replay, every_turn_digest_of_the_whole_battle_matches)
{
	struct replay r;
	open_ok(&r, gpath);
	int ndigest = 0, cmds = 0;
	for (size_t i = 0; i < r.nlines; i++) {
		const struct replay_line *l = &r.lines[i];
		if (!l->is_digest) {
			cmds++;
			continue;
		}
		ndigest++;
		cr_assert_eq(replay_seek(&r, cmds), 0);
		cr_assert_not(r.diverged, "%s", r.msg);
		cr_assert_eq(r.step, cmds);
		/* format 2: the binary-state digest (digest.h) */
		cr_assert_eq(game_state_digest(r.s.game), l->digest,
			     "line %d: turn %d's digest", l->lineno, l->turn);
		cr_assert_eq(game_digest(r.s.game), straight[cmds]);
		cr_assert_eq(l->turn, sturn[cmds], "the turn that ended");
	}
	cr_assert_eq(cmds, ncmd);
	cr_assert_geq(ndigest, sturn[ncmd] - 1, "a digest every turn's end");
	cr_assert_eq(replay_seek(&r, ncmd), 0);
	cr_assert_not(r.diverged, "%s", r.msg);
	cr_assert(r.s.game->phase == PHASE_OVER ||
			  seq_step_now(r.s.game) == SEQ_OVER,
		  "the replayed battle is over too");
	replay_free(&r);
}

/* The file's line number of its n-th command (1-based). */
static int command_line(int n)
{
	char *t = fx_slurp(gpath);
	int ln = 1, seen = 0;
	for (char *p = t; *p; ln++) {
		char *e = strchr(p, '\n');
		if (ln > 9 && strncmp(p, "digest ", 7) != 0 && ++seen == n) {
			free(t);
			return ln;
		}
		if (!e)
			break;
		p = e + 1;
	}
	free(t);
	cr_assert_fail("no command %d", n);
	return 0;
}

/* A tampered file is refused when resumed too (session_load), with its
 * file and line. */
static void load_refused(const char *path, int min_line, const char *why)
{
	struct session s;
	session_init(&s, fx_loader, spqr_tables_loader, NULL, 1);
	struct ini_error err;
	memset(&err, 0, sizeof err);
	cr_assert_not(session_load(&s, path, &err), "%s loads", path);
	cr_assert_null(s.game, "the session is left without the game");
	cr_assert_str_eq(err.file, path);
	cr_assert_geq(err.line, min_line, "%d: %s", err.line, err.msg);
	cr_assert(strstr(err.msg, why) != NULL, "%s", err.msg);
	session_free(&s);
}

Test(replay, a_tampered_file_is_refused_by_replay_and_resume)
{
	char path[700];
	/* a changed digest: the replay stops at that line, resuming the
	 * file is refused there */
	int step;
	int ln = first_digest(&step);
	snprintf(path, sizeof path, "%s/digest.game", dir);
	tamper(path, ln, "digest 2 fedcba9876543210");
	load_refused(path, ln, "digest");
	/* a changed command the game still accepts ("activate tribune"
	 * made "pass"): the game goes another way, and the replay stops at
	 * the first command refused or digest that differs after it */
	int cl = command_line(2);
	char *t = fx_slurp(gpath);
	cr_assert(strstr(t, "\nactivate tribune\t") != NULL);
	free(t);
	snprintf(path, sizeof path, "%s/command.game", dir);
	tamper(path, cl, "pass");
	struct replay r;
	open_ok(&r, path);
	cr_assert_eq(replay_seek(&r, ncmd), 0);
	cr_assert(r.diverged, "the changed game does not replay whole");
	cr_assert_geq(r.step, 2, "the changed command itself is accepted");
	char want[800];
	snprintf(want, sizeof want, "%s:", path);
	cr_assert(strncmp(r.msg, want, strlen(want)) == 0, "%s", r.msg);
	cr_assert(strstr(r.msg, "replay stops: ") != NULL, "%s", r.msg);
	int at = atoi(r.msg + strlen(want));
	cr_assert_gt(at, cl, "stops after the changed line: %s", r.msg);
	replay_free(&r);
	load_refused(path, cl + 1, "");
}

