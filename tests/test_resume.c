/* test_resume.c — the offer to resume (issue 9, src/tui/resume.h) without
 * a terminal: which game file is offered (the unfinished one written
 * last; a finished battle, 11.2 and R4, or a game with no command is
 * passed over, and so is a file that does not load), what the question
 * says, the keys that answer it, and how an old game is kept under a
 * dated name when a new one starts in its file. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <utime.h>

#include "maniple/cmd.h"
#include "maniple/game.h"

#include "fixture.h"

#include "../src/tui/keys.h"
#include "../src/tui/resume.h"

static char dir[] = "/tmp/maniple-resume-XXXXXX";

static void make_dir(void)
{
	cr_assert_not_null(mkdtemp(dir));
	setenv("TZ", "UTC", 1);
	tzset();
}

static void remove_dir(void)
{
	char cmd[200];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	cr_assert_eq(system(cmd), 0);
}

TestSuite(resume, .init = make_dir, .fini = remove_dir);

/* A game file NAME.game in dir holding lines (NULL-ended) after `new
 * HOW`, last written at mtime. */
static void write_game(const char *name, const char *how,
		       const char *const *lines, time_t mtime)
{
	struct session s;
	fx_session(&s, how);
	char path[300], b[400];
	snprintf(path, sizeof path, "%s/%s.game", dir, name);
	snprintf(b, sizeof b, "branch! %s", path);
	fx_ok(&s, b);
	for (int i = 0; lines && lines[i]; i++)
		fx_ok(&s, lines[i]);
	session_free(&s);
	struct utimbuf t = {mtime, mtime};
	cr_assert_eq(utime(path, &t), 0);
}

static const char *const played[] = {"setup turn 3", NULL};
static const char *const over[] = {"setup phase over", NULL};

/* The drill played to turn 3, then Bagradas Plains with lines (NULL:
 * nothing after `new`) written 500 seconds later. */
static void drill_then_bagradas(const char *const *lines)
{
	write_game("drill", "new drill sandbox 1", played, 1000000000);
	write_game("bagradas", "new bagradas sandbox 1", lines, 1000000500);
}

static int find(struct session *s, struct resume_offer *o)
{
	session_init(s, fx_loader, spqr_tables_loader, NULL, 1);
	memset(o, 0, sizeof *o);
	return resume_find_last(dir, s, o);
}

Test(resume, the_unfinished_game_written_last_is_offered)
{
	drill_then_bagradas(played);
	struct session s;
	struct resume_offer o;
	cr_assert_eq(find(&s, &o), 1);
	cr_assert_str_eq(o.battle, "bagradas");
	cr_assert_not_null(s.game);
	cr_assert_str_eq(s.game->battle->id, "bagradas");
	char want[300];
	snprintf(want, sizeof want, "%s/bagradas.game", dir);
	cr_assert_str_eq(o.path, want);
	cr_assert_eq(o.turn, 3);
	cr_assert_gt(o.turn_limit, 0);
	cr_assert_str_eq(o.when, "2001-09-09 01:55", "%s", o.when);
	/* play goes on in the file offered */
	fx_ok(&s, "setup turn 4");
	session_free(&s);
	cr_assert_eq(gamefile_commands(want), 2);
}

Test(resume, a_finished_battle_is_not_offered)
{
	drill_then_bagradas(over);
	struct session s;
	struct resume_offer o;
	cr_assert_eq(find(&s, &o), 1);
	cr_assert_str_eq(o.battle, "drill", "11.2, R4: the battle over");
	session_free(&s);
	/* nothing unfinished: nothing offered, no game loaded */
	write_game("drill", "new drill sandbox 1", over, 1000000000);
	cr_assert_eq(find(&s, &o), 0);
	cr_assert_null(s.game);
	session_free(&s);
}

Test(resume, a_game_with_no_command_or_that_does_not_load_is_passed_over)
{
	drill_then_bagradas(NULL);
	char bad[300];
	snprintf(bad, sizeof bad, "%s/broken.game", dir);
	FILE *f = fopen(bad, "w");
	cr_assert_not_null(f);
	fputs("maniple-game 1\nruleset spqr\nbattle drill\nkind sandbox\n"
	      "seed 1\nprng pcg32 54\nsetup turn 2\ndigest 2 0123456789abcdef\n"
	      "setup turn 9\n",
	      f);
	fclose(f);
	char *before = NULL;
	size_t n = 0;
	f = fopen(bad, "r");
	cr_assert_eq(getdelim(&before, &n, '\0', f) > 0, 1);
	fclose(f);
	struct session s;
	struct resume_offer o;
	cr_assert_eq(find(&s, &o), 1);
	cr_assert_str_eq(o.battle, "drill");
	session_free(&s);
	/* the file that does not load is left as it was */
	char *after = NULL;
	n = 0;
	f = fopen(bad, "r");
	cr_assert_eq(getdelim(&after, &n, '\0', f) > 0, 1);
	fclose(f);
	cr_assert_str_eq(after, before);
	free(before);
	free(after);
	/* issue 21 #7: and it is said, with its line and reason (the newest
	 * one passed over) */
	char want[400];
	snprintf(want, sizeof want, "passed over %s:8: digest", bad);
	cr_assert(strncmp(o.skipped, want, strlen(want)) == 0, "%s",
		  o.skipped);
	char lines[10][RESUME_LINE_MAX];
	int k = resume_question(NULL, &o, lines, 10);
	cr_assert(k > 0 && strstr(lines[k - 1], "passed over") != NULL,
		  "the question shows it: %s", lines[k - 1]);
}

Test(resume, no_directory_offers_nothing)
{
	struct session s;
	struct resume_offer o;
	session_init(&s, fx_loader, spqr_tables_loader, NULL, 1);
	cr_assert_eq(resume_find_last("/nonexistent/maniple", &s, &o), 0);
	cr_assert_null(s.game);
	session_free(&s);
}

Test(resume, unfinished_means_a_command_and_the_battle_not_over)
{
	struct session s;
	cr_assert_not(resume_unfinished(NULL));
	fx_session(&s, "new drill sandbox 1");
	cr_assert_not(resume_unfinished(&s), "no command yet");
	fx_ok(&s, "setup turn 2");
	cr_assert(resume_unfinished(&s));
	fx_ok(&s, "setup phase over");
	cr_assert_not(resume_unfinished(&s), "11.2: the battle is over");
	session_free(&s);
}

Test(resume, the_question_names_the_battle_turn_and_date)
{
	struct resume_offer o;
	memset(&o, 0, sizeof o);
	snprintf(o.title, sizeof o.title, "Cannae");
	snprintf(o.battle, sizeof o.battle, "cannae");
	snprintf(o.other, sizeof o.other, "bagradas");
	snprintf(o.when, sizeof o.when, "2026-11-26 09:40");
	o.turn = 3;
	o.turn_limit = 8;
	char lines[8][RESUME_LINE_MAX];
	int n = resume_question(NULL, &o, lines, 8);
	cr_assert_eq(n, 6);
	cr_assert_str_eq(lines[0], "Resume Cannae, turn 3 of 8, last played "
				   "2026-11-26 09:40?");
	cr_assert_str_eq(lines[2], "1  resume it");
	cr_assert_str_eq(lines[3], "2  start a new game of bagradas instead "
				   "(this one is kept)");
	cr_assert_str_eq(lines[5], "q  quits");
	snprintf(o.other, sizeof o.other, "cannae");
	o.turn_limit = 0;
	n = resume_question(NULL, &o, lines, 2);
	cr_assert_eq(n, 2, "no more lines than asked");
	cr_assert_str_eq(
		lines[0],
		"Resume Cannae, turn 3, last played 2026-11-26 09:40?");
	n = resume_question(NULL, &o, lines, 8);
	cr_assert_str_eq(lines[3],
			 "2  start a new game of cannae (this one is kept)");
}

Test(resume, digits_answer_and_q_quits)
{
	cr_assert_eq(resume_answer_for_key(NULL, '1'), RESUME_YES);
	cr_assert_eq(resume_answer_for_key(NULL, '2'), RESUME_NEW);
	cr_assert_eq(resume_answer_for_key(NULL, 'q'), RESUME_QUIT);
	cr_assert_eq(resume_answer_for_key(NULL, '3'), RESUME_PENDING);
	cr_assert_eq(resume_answer_for_key(NULL, 'y'), RESUME_PENDING);
	cr_assert_eq(resume_answer_for_key(NULL, -1), RESUME_PENDING);
	/* the player's quit key, whatever it is (keys.c) */
	const struct tui_binding *b = tui_binding_for(NULL, 'q');
	cr_assert(b && b->cmd == TC_QUIT);
}

Test(resume, a_dated_name_that_is_free)
{
	char out[400], want[400];
	char path[300];
	snprintf(path, sizeof path, "%s/drill.game", dir);
	cr_assert_eq(gamefile_aside_name(path, 1000000000, out, sizeof out), 0);
	snprintf(want, sizeof want, "%s/drill-20010909-014640.game", dir);
	cr_assert_str_eq(out, want);
	FILE *f = fopen(want, "w");
	cr_assert_not_null(f);
	fclose(f);
	cr_assert_eq(gamefile_aside_name(path, 1000000000, out, sizeof out), 0);
	snprintf(want, sizeof want, "%s/drill-20010909-014640-2.game", dir);
	cr_assert_str_eq(out, want, "a name taken: the next number");
	cr_assert_eq(gamefile_aside_name(path, 1000000000, out, 10), -1,
		     "too long for the buffer");
}

Test(resume, a_played_game_is_kept_before_a_new_one_starts)
{
	char path[300], moved[700], err[700];
	snprintf(path, sizeof path, "%s/drill.game", dir);
	/* nothing there */
	cr_assert_eq(
		gamefile_keep_old(path, moved, sizeof moved, err, sizeof err), 0);
	cr_assert_str_eq(moved, "");
	/* a game nobody played: overwritten, not kept */
	write_game("drill", "new drill sandbox 1", NULL, 1000000000);
	cr_assert_eq(
		gamefile_keep_old(path, moved, sizeof moved, err, sizeof err), 0);
	cr_assert_str_eq(moved, "");
	cr_assert_eq(access(path, F_OK), 0);
	/* a played one: renamed, whole */
	write_game("drill", "new drill sandbox 1", over, 1000000000);
	cr_assert_eq(
		gamefile_keep_old(path, moved, sizeof moved, err, sizeof err), 0,
		"%s", err);
	char want[400];
	snprintf(want, sizeof want, "%s/drill-20010909-014640.game", dir);
	cr_assert_str_eq(moved, want);
	cr_assert_neq(access(path, F_OK), 0, "the old name is free");
	cr_assert_eq(gamefile_commands(moved), 1);
	/* a file that cannot be read whole is kept too */
	FILE *f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs("not a game\n", f);
	fclose(f);
	cr_assert_eq(gamefile_commands(path), -1);
	cr_assert_eq(
		gamefile_keep_old(path, moved, sizeof moved, err, sizeof err), 0,
		"%s", err);
	cr_assert(moved[0]);
	cr_assert_neq(access(path, F_OK), 0);
}

Test(resume, the_branch_key_proposes_a_free_name_beside_the_game)
{
	char path[300], out[400], want[400];
	write_game("drill", "new drill sandbox 1", played, 1000000000);
	snprintf(path, sizeof path, "%s/drill.game", dir);
	struct session s;
	session_init(&s, fx_loader, spqr_tables_loader, NULL, 1);
	cr_assert_eq(resume_branch_name(&s, out, sizeof out), -1, "no game");
	struct ini_error err;
	cr_assert(session_load(&s, path, &err), "%s", err.msg);
	cr_assert_eq(resume_branch_name(&s, out, sizeof out), 0);
	snprintf(want, sizeof want, "%s/drill-branch-1.game", dir);
	cr_assert_str_eq(out, want);
	/* the key's line, run: play goes on in the branch */
	char line[500];
	snprintf(line, sizeof line, "branch %s", out);
	fx_ok(&s, line);
	cr_assert_str_eq(s.file.path, want);
	cr_assert_eq(resume_branch_name(&s, out, sizeof out), 0);
	snprintf(want, sizeof want, "%s/drill-branch-2.game", dir);
	cr_assert_str_eq(out, want, "the first name is taken now");
	cr_assert_eq(resume_branch_name(&s, out, 12), -1, "does not fit");
	session_free(&s);
	/* no file: a name in the directory maniple runs in */
	fx_session(&s, "new drill sandbox 1");
	cr_assert_eq(resume_branch_name(&s, out, sizeof out), 0);
	cr_assert_str_eq(out, access("drill-branch-1.game", F_OK) == 0
				      ? out
				      : "drill-branch-1.game");
	session_free(&s);
}

Test(resume, the_branch_key_is_c_and_bindable)
{
	const struct tui_binding *b = tui_binding_for(NULL, 'C');
	cr_assert(b && b->cmd == TC_BRANCH);
	cr_assert_str_eq(b->command, "branch");
	cr_assert_str_eq(tui_cmd_key(NULL, TC_BRANCH), "C");
}
