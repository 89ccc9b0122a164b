/* test_tui_ai.c — the computer in the map view (src/tui/aiplay.c) without
 * a terminal: a side given to the computer goes into the game file's
 * header; the computer plays only its side's decisions, each command
 * after its plan note; an undo makes it wait; the status line's thinking
 * bar follows its rollouts. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "maniple/ai.h"
#include "maniple/seats.h"

#include "fixture.h"

#include "../src/tui/aiplay.h"
#include "../src/tui/replay.h"
#include "../src/tui/view.h"
#include "tui_fixture.h"

static struct session S;
static struct tui_view *V;

static void drill(void)
{
	session_init(&S, fx_loader, spqr_tables_loader, NULL, 1);
	fx_ok(&S, "new drill solo 7");
	V = fx_view(&S);
	V->lay.too_small = true;
	V->log_want = 0;
	aiplay_start(V, 0);
}

static void stop(void)
{
	aiplay_free(V);
	fx_view_free(V);
	V = NULL;
	session_free(&S);
}

/* The number of journal lines that start with prefix. */
static int lines_with(const char *prefix)
{
	int k = 0;
	for (size_t i = 0; i < S.journal.n; i++)
		k += strncmp(S.journal.lines[i], prefix, strlen(prefix)) == 0;
	return k;
}

Test(tui_ai, plays_its_side_only_after_its_plan, .init = drill, .fini = stop,
     .timeout = 120)
{
	const struct ai_level *seat[2] = {NULL, ai_level_find("fast")};
	cr_assert_eq(aiplay_set(V, seat), 0);
	cr_assert_str_eq(S.journal.h.player[0], "person");
	cr_assert_str_eq(S.journal.h.player[1], "computer 3");
	/* nobody owes the first decision (continue): the person's */
	cr_assert_eq(ai_seats_due(&V->ai.seats, &S), -1);
	tui_exec(V, "continue");
	int played = 0;
	while (ai_seats_due(&V->ai.seats, &S) == 1 && played < 50) {
		aiplay_step(V);
		played++;
	}
	cr_assert_gt(played, 0, "the computer played Carthage's decisions");
	cr_assert_eq(lines_with("note plan 1 fast \""), played);
	cr_assert_eq(lines_with("note plan 0 "), 0);
	/* the person's turn now: the computer waits for it */
	cr_assert_eq(aiplay_wait(V), -1);
}

Test(tui_ai, its_rollouts_reach_the_thinking_bar, .init = drill,
     .fini = stop, .timeout = 300)
{
	const struct ai_level *seat[2] = {ai_level_find("fast"),
					  ai_level_find("fast")};
	cr_assert_eq(aiplay_set(V, seat), 0);
	/* until a decision it weighs by rollouts (a gamble, a reaction)
	 * has told the view of them */
	for (int k = 0; k < 2000 && V->ai.budget == 0; k++) {
		cr_assert_geq(ai_seats_due(&V->ai.seats, &S), 0,
			      "the game ended before any rollout");
		aiplay_step(V);
	}
	cr_assert_gt(V->ai.budget, 0);
	cr_assert_gt(V->ai.done, 0);
	cr_assert_leq(V->ai.done, V->ai.budget);
	cr_assert(!V->ai.thinking, "done thinking");
}

Test(tui_ai, waits_after_an_undo, .init = drill, .fini = stop,
     .timeout = 120)
{
	const struct ai_level *seat[2] = {NULL, ai_level_find("greedy")};
	cr_assert_eq(aiplay_set(V, seat), 0);
	tui_exec(V, "continue");
	while (ai_seats_due(&V->ai.seats, &S) == 1)
		aiplay_step(V);
	size_t n = session_commands(&S);
	tui_exec(V, "undo");
	cr_assert_eq(session_commands(&S), n - 1);
	cr_assert(V->ai.paused, "after an undo the computer waits");
	cr_assert_eq(aiplay_wait(V), -1);
	aiplay_pause(V); /* p: it goes on */
	cr_assert(!V->ai.paused);
}

Test(tui_ai, the_thinking_bar, .init = drill, .fini = stop)
{
	char buf[160];
	cr_assert(!aiplay_status(V, buf, sizeof buf, 80));
	cr_assert_str_eq(buf, "");
	V->ai.thinking = true;
	snprintf(V->ai.who, sizeof V->ai.who, "Carthage");
	V->ai.budget = 32;
	V->ai.done = 16;
	V->ai.think_from = 0; /* long ago */
	cr_assert(aiplay_status(V, buf, sizeof buf, 80));
	cr_assert_str_eq(buf, "Carthage thinking [###############...............] 16/32");
}

Test(tui_ai, why_in_a_replay_tells_the_plan, .init = drill, .fini = stop,
     .timeout = 120)
{
	const struct ai_level *seat[2] = {NULL, ai_level_find("greedy")};
	cr_assert_eq(aiplay_set(V, seat), 0);
	tui_exec(V, "continue");
	while (ai_seats_due(&V->ai.seats, &S) == 1)
		aiplay_step(V);
	char dir[] = "/tmp/maniple-tui-ai-XXXXXX";
	cr_assert_not_null(mkdtemp(dir));
	char path[600], err[600];
	snprintf(path, sizeof path, "%s/duel.game", dir);
	cr_assert_eq(session_save(&S, path, false, false, err, sizeof err), 0,
		     "%s", err);
	struct replay *r = malloc(sizeof *r);
	cr_assert_not_null(r);
	cr_assert_eq(replay_open(r, path, gboh_rulesets(), fx_loader,
				 spqr_tables_loader, NULL, err, sizeof err),
		     0, "%s", err);
	struct cmd_result cr;
	cmd_result_init(&cr);
	/* at the computer's last command */
	cr_assert_eq(replay_seek(r, r->ncmds), 0);
	replay_look(r, "why", &cr);
	cr_assert_eq(cr.status, CMD_OK, "%s", cr.reason);
	cr_assert(cr.text && strstr(cr.text, "The computer's plan for "
					     "Carthage (greedy)"),
		  "%s", cr.text ? cr.text : "");
	/* at the person's continue: no plan */
	cr_assert_eq(replay_seek(r, 1), 0);
	replay_look(r, "why", &cr);
	cr_assert(!cr.text || !strstr(cr.text, "The computer's plan"), "%s",
		  cr.text);
	cmd_result_free(&cr);
	replay_free(r);
	free(r);
	unlink(path);
	rmdir(dir);
}
