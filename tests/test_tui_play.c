/* test_tui_play.c — what the map view needs to play a game through the
 * command language, without a terminal: the `:` line's editing, history
 * and Tab completion (command names, then unit and leader ids, hexes,
 * facings and literal words by the command's synopsis, the legal actions'
 * words first), the event log's folding and scrolling, and the status
 * line's pending decision (3.0, 5.12, 5.21) on the drill battle played
 * with forced dice as tests/scripts/drill_turn.txt plays it. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/mapview.h"
#include "maniple/ruleset.h"
#include "maniple/sequence.h"
#include "maniple/tables.h"

#include "fixture.h"

#include "../src/tui/cmdline.h"
#include "../src/tui/describe.h"
#include "../src/tui/logview.h"

static struct session S;

static void ok(const char *line)
{
	fx_ok(&S, line);
}

/* The drill battle, solo, seed 11, as drill_turn.txt starts it. */
static void drill(void)
{
	session_init(&S, fx_loader, spqr_tables_loader, NULL, 1);
	ok("new drill solo 11");
}

static void stop(void)
{
	session_free(&S);
}

static bool has_cand(const struct tui_completion *c, const char *w)
{
	for (int i = 0; i < c->n; i++)
		if (!strcmp(c->cand[i], w))
			return true;
	return false;
}

static int cand_at(const struct tui_completion *c, const char *w)
{
	for (int i = 0; i < c->n; i++)
		if (!strcmp(c->cand[i], w))
			return i;
	return -1;
}

/* ---- the line editor ---- */

static struct tui_cmdline *new_line(void)
{
	struct tui_cmdline *c = calloc(1, sizeof *c);
	cr_assert(c);
	cmdline_open(c);
	return c;
}

static void type(struct tui_cmdline *c, const char *s)
{
	for (; *s; s++)
		cr_assert(cmdline_insert(c, *s));
}

Test(tui_cmdline, typing_moving_and_deleting)
{
	struct tui_cmdline *c = new_line();
	type(c, "mvoe 2517");
	cmdline_home(c);
	cr_assert(cmdline_right(c));
	cr_assert(cmdline_delete(c)); /* the v */
	cr_assert(cmdline_right(c));
	cr_assert(cmdline_insert(c, 'v'));
	cr_assert_str_eq(c->buf, "move 2517");
	cmdline_end(c);
	cr_assert(cmdline_kill_word(c));
	cr_assert_str_eq(c->buf, "move ");
	cr_assert(cmdline_backspace(c));
	cr_assert_str_eq(c->buf, "move");
	cr_assert(cmdline_kill_before(c));
	cr_assert_str_eq(c->buf, "");
	cr_assert(!cmdline_backspace(c)); /* nothing before the cursor */
	cr_assert(!cmdline_left(c));
	free(c);
}

Test(tui_cmdline, history_keeps_the_typed_line_and_skips_repeats)
{
	struct tui_cmdline *c = new_line();
	type(c, "continue");
	cr_assert_str_eq(cmdline_commit(c), "continue");
	cr_assert(!c->open);
	cmdline_open(c);
	type(c, "activate tribune");
	cmdline_commit(c);
	cmdline_open(c);
	type(c, "activate tribune"); /* the same again: kept once */
	cmdline_commit(c);
	cmdline_open(c);
	type(c, "   "); /* blank: not kept */
	cmdline_commit(c);
	cr_assert_eq(c->nhist, 2);
	cmdline_open(c);
	type(c, "ord");
	cr_assert(cmdline_history(c, -1));
	cr_assert_str_eq(c->buf, "activate tribune");
	cr_assert(cmdline_history(c, -1));
	cr_assert_str_eq(c->buf, "continue");
	cr_assert(!cmdline_history(c, -1)); /* the oldest */
	cr_assert(cmdline_history(c, 1));
	cr_assert(cmdline_history(c, 1));
	cr_assert_str_eq(c->buf, "ord"); /* the typed line comes back */
	cr_assert(!cmdline_history(c, 1));
	free(c);
}

/* ---- completion ---- */

Test(tui_complete, command_names_from_the_command_table)
{
	struct tui_completion c;
	const struct cmd_table *t = gboh_commands();
	tui_complete(t, NULL, HEX_NONE, "ac", 2, &c);
	cr_assert_eq(c.n, 1);
	cr_assert_str_eq(c.cand[0], "activate");
	/* two-word names: the first word once, then the second words */
	tui_complete(t, NULL, HEX_NONE, "sho", 3, &c);
	cr_assert_eq(c.n, 2); /* show and shock, each once */
	cr_assert(has_cand(&c, "show") && has_cand(&c, "shock"));
	tui_complete(t, NULL, HEX_NONE, "show u", 6, &c);
	cr_assert(has_cand(&c, "units") && has_cand(&c, "unit"));
	cr_assert(!has_cand(&c, "hex"));
	tui_complete(t, NULL, HEX_NONE, "no ", 3, &c);
	cr_assert(has_cand(&c, "trump") && has_cand(&c, "momentum"));
	cr_assert(has_cand(&c, "elite"));
	tui_complete(t, NULL, HEX_NONE, "zz", 2, &c);
	cr_assert_eq(c.n, 0);
	/* the word under completion starts after the blank */
	tui_complete(t, NULL, HEX_NONE, "show u", 6, &c);
	cr_assert_eq(c.word_start, 5);
	/* `help COMMAND` offers the command names */
	tui_complete(t, NULL, HEX_NONE, "help mo", 7, &c);
	cr_assert(has_cand(&c, "move") && has_cand(&c, "momentum"));
}

/* 5.12: after the tie roll (Rome's 6 beats Carthage's 2) the Tribune is
 * the leader to activate: the legal action's word comes first, then the
 * other leaders the synopsis (LEADER) allows. */
Test(tui_complete, leader_ids_legal_first_5_12)
{
	drill();
	ok("roll 6 2");
	ok("continue");
	struct tui_completion c;
	const struct cmd_table *t = gboh_commands();
	tui_complete(t, &S, HEX_NONE, "activate ", 9, &c);
	cr_assert_geq(c.n, 4);
	cr_assert_str_eq(c.cand[0], "tribune");
	cr_assert(has_cand(&c, "consul") && has_cand(&c, "hanno"));
	tui_complete(t, &S, HEX_NONE, "activate c", 10, &c);
	cr_assert_eq(c.n, 1);
	cr_assert_str_eq(c.cand[0], "consul");
	/* the first word: the legal actions' first (activate, pass, trump) */
	tui_complete(t, &S, HEX_NONE, "", 0, &c);
	cr_assert_str_eq(c.cand[0], "activate");
	cr_assert_lt(cand_at(&c, "pass"), cand_at(&c, "show"));
	stop();
}

/* 6.21, 7.12: with the velites ordered, `move` offers the legal hexes
 * first, then the cursor's hex; `face` the legal facings, then all six. */
Test(tui_complete, hexes_and_facings_6_21_7_12)
{
	drill();
	ok("roll 6 2");
	ok("continue");
	ok("activate tribune");
	ok("order ve1");
	struct tui_completion c;
	const struct cmd_table *t = gboh_commands();
	struct hex cur = {20, 10};
	tui_complete(t, &S, cur, "move ", 5, &c);
	cr_assert_eq(c.n, 3, "%d", c.n);
	cr_assert_str_eq(c.cand[0], "2616");
	cr_assert_str_eq(c.cand[1], "2617");
	cr_assert_str_eq(c.cand[2], "2010"); /* the map cursor */
	/* a typed beginning: every map hex that starts so */
	tui_complete(t, &S, cur, "move 251", 8, &c);
	cr_assert(has_cand(&c, "2517") && has_cand(&c, "2510"));
	cr_assert(!has_cand(&c, "2616"));
	tui_complete(t, &S, cur, "face ", 5, &c);
	cr_assert_eq(c.n, 6);
	cr_assert_str_eq(c.cand[0], "NE"); /* legal: every vertex but E */
	cr_assert_str_eq(c.cand[5], "E");
	stop();
}

Test(tui_complete, synopsis_words_units_literals_and_comma_lists)
{
	drill();
	struct tui_completion c;
	const struct cmd_table *t = gboh_commands();
	/* setup hits ID N: units and leaders */
	tui_complete(t, &S, HEX_NONE, "setup hits h", 12, &c);
	cr_assert(has_cand(&c, "ha1") && has_cand(&c, "hanno"));
	/* rout HEX[,HEX] | with LEADER | stay: literal words too */
	tui_complete(t, &S, HEX_NONE, "rout s", 6, &c);
	cr_assert(has_cand(&c, "stay"));
	tui_complete(t, &S, HEX_NONE, "rout with ", 10, &c);
	cr_assert(has_cand(&c, "tribune"));
	cr_assert(!has_cand(&c, "ha1"));
	/* designate ATT[,ATT...] DEF: after a comma, the next unit */
	tui_complete(t, &S, HEX_NONE, "designate ha1,h", 15, &c);
	cr_assert_eq(c.word_start, 14);
	cr_assert(has_cand(&c, "ha2"));
	/* pw LEADER UNIT HEX [UNIT HEX]...: the group repeats */
	tui_complete(t, &S, HEX_NONE, "pw consul ha1 2415 h", 20, &c);
	cr_assert(has_cand(&c, "ha2"));
	cr_assert(!has_cand(&c, "hanno"));
	stop();
}

Test(tui_complete, tab_extends_then_cycles)
{
	drill();
	ok("roll 6 2");
	ok("continue");
	struct tui_cmdline *c = new_line();
	const struct cmd_table *t = gboh_commands();
	type(c, "acti");
	cr_assert_eq(cmdline_complete(c, t, &S, HEX_NONE), 1);
	cr_assert_str_eq(c->buf, "activate "); /* one: in, with a blank */
	/* several with nothing in common: each Tab the next */
	cr_assert_geq(cmdline_complete(c, t, &S, HEX_NONE), 4);
	cr_assert_str_eq(c->buf, "activate tribune");
	cmdline_complete(c, t, &S, HEX_NONE);
	cr_assert_str_neq(c->buf, "activate tribune");
	cr_assert_eq(strncmp(c->buf, "activate ", 9), 0);
	cmdline_reset_cycle(c);
	cmdline_kill_before(c);
	type(c, "show u");
	cr_assert_eq(cmdline_complete(c, t, &S, HEX_NONE), 2);
	cr_assert_str_eq(c->buf, "show unit"); /* the common beginning */
	free(c);
	stop();
}

/* ---- the status line's pending decision ---- */

Test(tui_status, the_pending_decision_by_the_sequence_3_0_5_12_5_21)
{
	drill();
	char buf[256];
	pending_describe(&S, buf, sizeof buf);
	cr_assert(strstr(buf, "continue"), "%s", buf); /* 3.0 */
	cr_assert(strstr(buf, "3.0"));
	ok("roll 6 2");
	ok("continue");
	/* 5.12: Rome won the tie; activate, pass or trump */
	pending_describe(&S, buf, sizeof buf);
	cr_assert_str_eq(buf, "Rome: activation - 3 legal actions");
	ok("activate tribune");
	/* 5.21: the Tribune's Orders Phase, 9 legal actions (`legal`) */
	pending_describe(&S, buf, sizeof buf);
	cr_assert_str_eq(buf, "Rome: orders (the Tribune) - 9 legal actions");
	status_describe(&S, buf, sizeof buf);
	cr_assert_eq(strncmp(buf, "Rome: orders", 12), 0,
		     "the decision comes first: %s", buf);
	cr_assert(strstr(buf, "Turn 1/6"));
	cr_assert(strstr(buf, "Drill"));
	stop();
}

/* ---- what a command changed on the map ---- */

/* The map view-model of the game now, through its ruleset, as the view
 * takes it after every command. */
static struct map_view *take(void)
{
	const struct ruleset *rs = ruleset_find(session_rulesets(&S), NULL);
	cr_assert(rs && rs->map_view);
	struct map_view *mv = rs->map_view(S.game);
	cr_assert_not_null(mv);
	return mv;
}

static bool in(const struct hex *h, int n, int num)
{
	for (int i = 0; i < n; i++)
		if (h[i].col == num / 100 && h[i].row == num % 100)
			return true;
	return false;
}

/* 6.21, 7.12: a one-hex move changes the hex left and the hex entered,
 * a facing change only the unit's hex; a refused move (6.32) nothing. */
Test(tui_redraw, only_the_hexes_a_command_changed_6_21_7_12)
{
	drill();
	ok("roll 6 2");
	ok("continue");
	ok("activate tribune");
	ok("order ve1");
	struct hex h[8];
	struct map_view *before = take();
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(&S, "move 2517", &r);
	cr_assert_eq(r.status, CMD_REFUSED);
	cr_assert_str_eq(r.rule, "6.32");
	cmd_result_free(&r);
	struct map_view *now = take();
	cr_assert_eq(mapview_changed_hexes(before, now, h, 8), 0);
	mapview_free(now);
	ok("move 2616");
	now = take();
	int n = mapview_changed_hexes(before, now, h, 8);
	cr_assert_eq(n, 2, "%d hexes", n);
	cr_assert(in(h, n, 2516) && in(h, n, 2616));
	/* more hexes than room: the caller draws the whole map */
	cr_assert_eq(mapview_changed_hexes(before, now, h, 1), -1);
	mapview_free(before);
	before = now;
	ok("face NE");
	now = take();
	n = mapview_changed_hexes(before, now, h, 8);
	cr_assert_eq(n, 1);
	cr_assert(in(h, n, 2616));
	mapview_free(before);
	mapview_free(now);
	stop();
}

/* ---- the event log ---- */

Test(tui_log, lines_fold_at_blanks_with_an_indent)
{
	const char *t = "activated leader=tribune side=0 initiative=3";
	int s, l;
	cr_assert_eq(tui_log_rows(t, 80), 1);
	/* activated / leader=tribune / side=0 / initiative=3 */
	cr_assert_eq(tui_log_rows(t, 20), 4);
	cr_assert(tui_log_row(t, 20, 0, &s, &l));
	cr_assert_eq(s, 0);
	cr_assert_eq(l, 9); /* "activated" */
	cr_assert(tui_log_row(t, 20, 1, &s, &l));
	cr_assert_eq(strncmp(t + s, "leader=tribune", (size_t)l), 0);
	cr_assert_leq(l, 18); /* rows after the first are 2 in */
	cr_assert(tui_log_row(t, 20, 3, &s, &l));
	cr_assert_str_eq(t + s, "initiative=3");
	cr_assert(!tui_log_row(t, 20, 4, &s, &l));
	/* a word longer than the row is cut */
	cr_assert_eq(tui_log_rows("abcdefghijklmnopqrstuvwxyz", 10),
		     3); /* 10+8+8 */
	cr_assert_eq(tui_log_rows("", 10), 1);
}

Test(tui_log, follows_the_newest_then_scrolls_back_and_forth)
{
	struct tui_log *l = calloc(1, sizeof *l);
	cr_assert(l);
	tui_log_init(l);
	char b[32];
	for (int i = 0; i < 30; i++) {
		snprintf(b, sizeof b, "line %d", i);
		tui_log_push(l, b);
	}
	/* 10 rows: lines 20-29 */
	cr_assert_eq(tui_log_top(l, 20, 10), 20);
	cr_assert(!tui_log_more_below(l, 20, 10));
	tui_log_scroll(l, 20, 10, -1);
	cr_assert(!l->follow);
	cr_assert_eq(tui_log_top(l, 20, 10), 11);
	cr_assert(tui_log_more_below(l, 20, 10));
	tui_log_scroll(l, 20, 10, 1);
	cr_assert(l->follow); /* back at the end: following again */
	/* a command's output longer than the window is shown from its start */
	tui_log_show_from(l, 5, 20, 10);
	cr_assert_eq(tui_log_top(l, 20, 10), 5);
	tui_log_show_from(l, 25, 20, 10); /* it fits: follow */
	cr_assert(l->follow);
	/* the oldest lines go when the log is full */
	for (int i = 0; i < TUI_LOG_MAX; i++)
		tui_log_push(l, "x");
	cr_assert_eq(l->n, TUI_LOG_MAX);
	cr_assert_null(tui_log_line(l, 0));
	cr_assert_str_eq(tui_log_line(l, l->base + l->n - 1), "x");
	free(l);
}
