/* test_tui_teach.c — teach mode on the map view (src/tui/teachui.h)
 * without a terminal, on the drill battle (seed 11, forced dice): after a
 * command the narration of its events (teach_events) is queued in their
 * order, then the pending decision's (teach_decision: the activation of
 * 5.12 after the tie roll); Space and Enter step through it, Esc skips
 * the events' lines to the decision's, and nothing else acts while the box
 * is up; the decision is told once; teach mode off queues nothing; the
 * `:teach` view command never reaches the game file. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/sequence.h"
#include "maniple/pending.h"
#include "maniple/shock.h"
#include "maniple/teach.h"

#include "fixture.h"

#include "../src/tui/teachui.h"
#include "../src/tui/view.h"
#include "tui_fixture.h"

static struct session S;
static struct tui_view *V;

/* A new drill game (seed 11) and a view on it, teach mode on or off. */
static void drill(const char *kind, bool teach)
{
	char line[64];
	session_init(&S, fx_loader, spqr_tables_loader, NULL, 1);
	snprintf(line, sizeof line, "new drill %s 11", kind);
	fx_ok(&S, line);
	/* the game as main.c hands it to the view: nothing played yet */
	cr_assert_eq(S.journal.n, 0);
	V = fx_view(&S);
	prompt_start(V, false);
	teachui_start(V, teach, fx_srcdir());
}

static void stop(void)
{
	if (V)
		teachui_free(V);
	fx_view_free(V);
	V = NULL;
	session_free(&S);
}

/* The line up now, and k of n. */
static const struct teach_line *now(size_t *k, size_t *n)
{
	return teachui_current(V, k, n);
}

/* Steps through whatever is up with Space. */
static void read_all(void)
{
	for (int i = 0; i < 100 && teachui_up(V); i++)
		cr_assert(teachui_key(V, ' '));
	cr_assert_not(teachui_up(V));
}

/* A solo drill game in teach mode with its opening read, the next dice
 * forced (`roll 6 2`, what is told of it read) and `continue` run. */
static void drill_to_activation(void)
{
	drill("solo", true);
	read_all();
	tui_exec(V, "roll 6 2");
	read_all();
	tui_exec(V, "continue");
}

/* The texts, loaded apart from the view, for the expected lines. */
static struct teach_texts *texts(void)
{
	char dir[1024];
	struct ini_error err;
	snprintf(dir, sizeof dir, "%s/rules/spqr", fx_srcdir());
	struct teach_texts *t = teach_load(dir, &err);
	cr_assert_not_null(t, "%s: %s", err.file, err.msg);
	return t;
}

static bool rule_has(const struct teach_line *l, const char *rule)
{
	return l && strstr(l->rule, rule) != NULL;
}

Test(tui_teach, off_nothing_is_queued, .fini = stop)
{
	drill("solo", false);
	cr_assert_not(teachui_up(V));
	tui_exec(V, "roll 6 2");
	tui_exec(V, "continue");
	cr_expect_eq(V->teach.queue.n, 0);
	cr_expect_not(teachui_up(V));
	cr_expect_null(now(NULL, NULL));
	/* and no key is taken: the map's keys act */
	cr_expect_not(teachui_key(V, ' '));
	cr_expect_not(teachui_key(V, 27));
}

/* 2.0: a game nobody has played yet is told from its beginning. */
Test(tui_teach, on_at_the_start_tells_how_the_game_began, .fini = stop)
{
	drill("solo", true);
	cr_assert(V->teach.on);
	size_t k, n;
	const struct teach_line *l = now(&k, &n);
	cr_assert_not_null(l);
	cr_expect_eq(k, 1);
	cr_expect_geq(n, 1);
	cr_expect(strstr(l->text, "drill") != NULL, "%s", l->text);
	cr_expect(l->rule[0], "the opening line cites a rule");
	read_all();
}

/* 5.12: after the tie roll the queue holds each event's line in order,
 * then the activation decision's, with its rules. */
Test(tui_teach, a_command_queues_its_events_then_the_decision, .fini = stop)
{
	drill("solo", true);
	read_all();
	tui_exec(V, "roll 6 2");
	read_all();
	size_t n0 = S.game->events.n;
	tui_exec(V, "continue");
	cr_assert(teachui_up(V));

	/* the events' lines are teach_events' own, in order */
	struct teach_texts *t = texts();
	struct teach_list want;
	teach_list_init(&want);
	size_t ne = teach_events(t, S.game, &S.game->events, n0, &want);
	cr_assert_gt(ne, 0);
	cr_assert_eq(V->teach.queue.n, ne);
	for (size_t i = 0; i < ne; i++) {
		cr_expect_str_eq(V->teach.queue.v[i].text, want.v[i].text,
				 "line %zu", i);
		cr_expect_str_eq(V->teach.queue.v[i].rule, want.v[i].rule,
				 "line %zu", i);
	}
	/* then the decision: the Tribune's activation after the tie */
	struct teach_line dec;
	cr_assert(teach_decision(t, S.game, &dec));
	size_t k, n;
	const struct teach_line *l = now(&k, &n);
	cr_expect_eq(k, 1);
	cr_expect_eq(n, ne + 1);
	cr_expect_str_eq(l->text, want.v[0].text);
	cr_expect_not(teachui_at_decision(V));
	bool tie = false;
	for (size_t i = 0; i < ne; i++)
		tie |= rule_has(&want.v[i], "5.12");
	cr_expect(tie, "the tie roll is told with 5.12");
	/* Space and Enter step: k goes up one each */
	cr_assert(teachui_key(V, ' '));
	now(&k, &n);
	cr_expect_eq(k, 2);
	cr_assert(teachui_key(V, '\r'));
	now(&k, &n);
	cr_expect_eq(k, 3);
	/* Esc: the events' lines left are skipped, the decision shows */
	cr_assert(teachui_key(V, 27));
	l = now(&k, &n);
	cr_assert_not_null(l);
	cr_expect_eq(k, n);
	cr_expect(teachui_at_decision(V));
	cr_expect_str_eq(l->text, dec.text);
	cr_expect_str_eq(l->rule, dec.rule);
	cr_expect(rule_has(l, "5.12"), "%s", l->rule);
	cr_expect(strstr(l->text, "Tribune") != NULL, "%s", l->text);
	/* Esc on the decision's line: the box goes, the prompt comes */
	cr_assert(teachui_key(V, 27));
	cr_expect_not(teachui_up(V));
	cr_expect_eq(V->teach.queue.n, 0);
	cr_expect(V->prompt.ask.due, "the activation prompt is due (5.12)");
	teach_list_free(&want);
	teach_free(t);
}

/* While the box is up the game waits: no other key acts. */
Test(tui_teach, the_game_waits_for_the_box, .fini = stop)
{
	drill_to_activation();
	cr_assert(teachui_up(V));
	size_t j = S.journal.n, k0, k;
	struct hex cursor = V->cursor;
	now(&k0, NULL);
	const int keys[] = {'1', 'j', 'D', ':', 'i', 'R', 'x'};
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		cr_expect(teachui_key(V, keys[i]), "key %c taken", keys[i]);
		cr_expect_eq(S.journal.n, j, "key %c played", keys[i]);
	}
	now(&k, NULL);
	cr_expect_eq(k, k0, "no other key steps the narration");
	cr_expect(hex_eq(V->cursor, cursor));
	cr_expect_not(V->cl.open);
	cr_expect(V->teach.on);
	cr_expect(strstr(V->message, "Space") != NULL, "%s", V->message);
	/* ? shows the keys (the box stays), q quits */
	cr_expect(teachui_key(V, '?'));
	cr_expect_eq(V->mode, MODE_HELP);
	cr_expect(teachui_up(V));
	V->mode = MODE_MAP;
	cr_expect(teachui_key(V, 'q'));
	cr_expect(V->quit);
}

/* The map's teach key (M) ends teach mode even with the box up. */
Test(tui_teach, the_teach_key_ends_it_with_the_box_up, .fini = stop)
{
	drill("solo", true);
	cr_assert(teachui_up(V));
	cr_expect(teachui_key(V, 'M'));
	cr_expect_not(V->teach.on);
	cr_expect_not(teachui_up(V));
	cr_expect_eq(V->teach.queue.n, 0);
	cr_expect(strstr(V->message, "teach mode off") != NULL, "%s",
		  V->message);
	tui_exec(V, "roll 6 2");
	tui_exec(V, "continue");
	cr_expect_eq(V->teach.queue.n, 0);
	cr_expect_not(teachui_up(V));
}

/* The decision is told once: a refused command, a looking command and the
 * same decision again queue nothing; a new decision is told. */
Test(tui_teach, the_decision_is_told_once, .fini = stop)
{
	drill_to_activation();
	read_all();
	tui_exec(V, "activate nobody"); /* malformed or refused */
	cr_expect_not(teachui_up(V));
	tui_exec(V, "legal"); /* only looks */
	cr_expect_not(teachui_up(V));
	cr_expect_eq(V->teach.queue.n, 0);
	/* 5.21: the Tribune activated, his orders are the new decision */
	tui_exec(V, "activate tribune");
	cr_assert(teachui_up(V));
	size_t k, n;
	while (!teachui_at_decision(V))
		cr_assert(teachui_key(V, ' '));
	const struct teach_line *l = now(&k, &n);
	cr_expect_eq(k, n);
	cr_expect(rule_has(l, "5.21"), "%s", l->rule);
	cr_assert(teachui_key(V, '\r'));
	cr_expect_not(teachui_up(V));
}

/* `:teach off` drops the rest and nothing more is queued; `:teach on`
 * tells the decision pending; neither reaches the game file. */
Test(tui_teach, teach_off_and_on_on_the_line, .fini = stop)
{
	drill_to_activation();
	cr_assert(teachui_up(V));
	size_t j = S.journal.n;
	tui_exec(V, "teach off");
	cr_expect_not(V->teach.on);
	cr_expect_not(teachui_up(V));
	cr_expect_eq(V->teach.queue.n, 0);
	tui_exec(V, "activate tribune");
	cr_expect_eq(S.journal.n, j + 1);
	cr_expect_not(teachui_up(V));
	cr_expect_eq(V->teach.queue.n, 0);
	j = S.journal.n;
	tui_exec(V, "teach on");
	cr_expect(V->teach.on);
	cr_assert(teachui_up(V));
	cr_expect(teachui_at_decision(V), "the decision pending, alone");
	size_t k, n;
	const struct teach_line *l = now(&k, &n);
	cr_expect_eq(n, 1);
	cr_expect(rule_has(l, "5.21"), "%s", l->rule);
	tui_exec(V, "teach");
	cr_expect(strstr(V->message, "on") != NULL, "%s", V->message);
	tui_exec(V, "teach maybe");
	cr_expect(strstr(V->message, "on or off") != NULL, "%s", V->message);
	cr_expect_eq(S.journal.n, j, "teach is the view's: not journaled");
	/* the map key that switches it */
	const struct tui_binding *b = tui_binding_for(NULL, 'M');
	cr_assert_not_null(b);
	cr_expect_eq(b->cmd, TC_TEACH);
	cr_expect_str_eq(b->command, "teach");
}

/* No texts: teach mode stays off, and says why. */
Test(tui_teach, no_texts_no_teach_mode, .fini = stop)
{
	session_init(&S, fx_loader, spqr_tables_loader, NULL, 1);
	fx_ok(&S, "new drill solo 11");
	V = fx_view(&S);
	prompt_start(V, false);
	teachui_start(V, true, "/nonexistent/maniple");
	cr_expect_not(V->teach.on);
	cr_expect_not(teachui_up(V));
	cr_expect(strstr(V->message, "teach mode stays off") != NULL, "%s",
		  V->message);
	teachui_start(V, true, NULL);
	cr_expect_not(V->teach.on);
	cr_expect(strstr(V->message, "no data directory") != NULL, "%s",
		  V->message);
}

/* The question who plays and the hotseat hand-over come first (R9): the
 * box waits under them. */
Test(tui_teach, the_hand_over_comes_first, .fini = stop)
{
	drill("hotseat", true);
	cr_assert(teachui_up(V));
	V->prompt.handover = true;
	cr_expect_not(teachui_up(V));
	cr_expect_not(teachui_key(V, ' '));
	V->prompt.handover = false;
	cr_expect(teachui_up(V));
}

/* The teach box's keys: Space, Enter and Esc bound, and listed by `?`. */
Test(tui_teach, the_box_has_its_key_table)
{
	const struct tui_mode_binding *b =
		tui_mode_binding_for(NULL, KM_TEACH, ' ');
	cr_assert_not_null(b);
	cr_expect_eq(b->cmd, TE_NEXT);
	cr_expect_eq(tui_mode_binding_for(NULL, KM_TEACH, '\r')->cmd, TE_NEXT);
	cr_expect_eq(tui_mode_binding_for(NULL, KM_TEACH, 27)->cmd, TE_SKIP);
	cr_expect_eq(tui_mode_binding_for(NULL, KM_TEACH, 'q')->cmd, TE_QUIT);
	cr_expect(strstr(tui_mode_title(KM_TEACH), "teach") != NULL);
}

/* Keys with Space alone until the box goes (each press one page). */
static int keys_to_read(void)
{
	int keys = 0;
	for (; keys < 200 && teachui_up(V); keys++)
		cr_assert(teachui_key(V, ' '));
	cr_assert_not(teachui_up(V));
	return keys;
}

/* Pace (8.4): the drill battle's first Shock segment
 * (tests/scripts/shock_drill_battle.txt: ha1 on ar1, ha2 on li1) read
 * with Space alone.  The lines of one step of the segment, and of one
 * combat's struggle, come as one page (teach_line.h: group), so the
 * whole shock, from `orders done` to the rout it ends on, takes a few
 * keys where one a line took 58; every line is still told, in order.
 * The view has no layout here: pages are an 80x24 screen's. */
Test(tui_teach, a_shock_is_read_in_a_few_pages, .fini = stop)
{
	drill("solo", true);
	read_all();
	char path[1024];
	snprintf(path, sizeof path, "%s/tests/scripts/shock_drill_battle.txt",
		 fx_srcdir());
	FILE *f = fopen(path, "r");
	cr_assert_not_null(f);
	char line[256];
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = '\0';
		if (!line[0] || line[0] == '#' || !strncmp(line, "new ", 4))
			continue;
		if (!strcmp(line, "orders done"))
			break;
		tui_exec(V, line);
		read_all();
	}
	fclose(f);
	const char *shock[] = {"orders done", "designate ha1 ar1",
			       "designate ha2 li1", "designate done"};
	int keys = 0;
	size_t lines = 0;
	for (size_t i = 0; i < 4; i++) {
		tui_exec(V, shock[i]);
		cr_assert(teachui_up(V), "%s told", shock[i]);
		lines += V->teach.queue.n +
			 (V->teach.decision_at != TEACHUI_NONE ? 1 : 0);
		/* every line shown once, in order, page after page */
		size_t seen = 0;
		while (teachui_up(V)) {
			size_t at = V->teach.at;
			cr_expect_eq(at, seen, "%s: line %zu skipped", shock[i],
				     seen);
			cr_expect_gt(teachui_page_lines(V), 0);
			seen += teachui_page_lines(V);
			cr_assert(teachui_key(V, ' '));
			keys++;
		}
	}
	cr_log_info("the first shock: %zu lines, %d keys", lines, keys);
	cr_expect_eq(lines, 58, "the lines told (one key each before)");
	/* 13 at 80x24: orders done 3, each designate 2, designate done 6 */
	cr_expect_leq(keys, 14, "%d keys for %zu lines", keys, lines);
	cr_expect_eq(keys_to_read(), 0);
	/* the rout it ends on is the decision now */
	cr_expect(seq_step_now(S.game) == SEQ_ROUT, "the rout move is next");
}

/* Pace (8.43, 9.11): an answer asked in the middle of a step of the
 * Shock segment (here the Pass-Thru, before the pre-shock checks) goes on
 * with that step: the lines its command tells before the next step share
 * the step's page, not a page each (they did: one key a line).  The
 * Pass-Thru of tests/scripts/passthru.txt on Bagradas. */
Test(tui_teach, an_answer_in_the_middle_of_a_step_reads_as_its_page,
     .fini = stop)
{
	session_init(&S, fx_loader, spqr_tables_loader, NULL, 1);
	fx_ok(&S, "new bagradas sandbox 7");
	V = fx_view(&S);
	prompt_start(V, false);
	teachui_start(V, true, fx_srcdir());
	read_all();
	const char *before[] = {
		"setup unit el01 3022 W", "setup unit l3_ha1 2921 E",
		"setup phase shock", "setup active bostar",
		"setup leader-state bostar active",
		"setup marker el01 moved_phase on",
		"setup marker el01 shock_must on", "continue",
		"designate el01 l3_ha1", "designate done", "roll 3 5 3",
	};
	for (size_t i = 0; i < sizeof before / sizeof before[0]; i++) {
		tui_exec(V, before[i]);
		read_all();
	}
	cr_assert_eq(S.game->shock.ask, SHA_PASSTHRU);
	/* 9.11: the prompt box's line tells the chances it changes (TQ 6:
	 * the Pass-Thru check gives no hit on 0-6, 70%) */
	struct decision_answer a[16];
	struct decision d;
	decision_init(&d, a, 16);
	gboh_decision(S.game, &d);
	cr_assert(strstr(d.detail, "l3_ha1 passes its Pre-Shock check "),
		  "%s", d.detail);
	cr_assert(strstr(d.detail, "no hit on its Pass-Thru check 70% (9.11 "
				   "#4)"),
		  "%s", d.detail);
	tui_exec(V, "passthru l3_ha1 yes");
	cr_assert(teachui_up(V));
	/* the answer and the pre-shock checks it lets go on (8.43): one
	 * group, the first page holds more than one line of it */
	cr_assert_gt(V->teach.queue.n, 3);
	cr_assert_neq(V->teach.queue.v[0].group, 0, "%s",
		      V->teach.queue.v[0].text);
	cr_assert_eq(V->teach.queue.v[1].group, V->teach.queue.v[0].group);
	cr_expect_gt(teachui_page_lines(V), 1);
	size_t lines = V->teach.queue.n;
	int keys = 0;
	for (; keys < 200 && teachui_up(V); keys++)
		cr_assert(teachui_key(V, ' '));
	cr_expect_lt((size_t)keys, lines, "%d keys for %zu lines", keys,
		     lines);
}
