/* The screen cards (src/gboh/cards.c, issue 8): the shock breakdown card
 * followed step by step through the Extended Shock Example of SPQR 8.4
 * (the fixture and the book's dice of tests/test_shock_example.c: charge
 * 6 (A), 5 7 8 (T U V), 7 (B), 9 0 (W X); leader casualty 0 then 5;
 * shock 6, 2, 6; collapse 5 (C)), the leaders and sequence panels on the
 * drill battle (5.1-5.5), and the end-of-battle screen after an army's
 * withdrawal (11.1, 11.2). */
#include <criterion/criterion.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/cards.h"
#include "maniple/battle.h"
#include "maniple/cmd.h"
#include "maniple/event.h"
#include "maniple/game.h"
#include "maniple/passthru.h"
#include "maniple/rampage.h"
#include "maniple/sequence.h"
#include "maniple/shock.h"
#include "fixture.h"
#include "move_fixture.h"
#include "spqr_tables.h"

static struct session *open_session(void)
{
	struct session *s = calloc(1, sizeof *s);
	cr_assert_not_null(s);
	session_init(s, fx_example_loader, spqr_tables_loader, NULL, 1);
	return s;
}

static void close_session(struct session *s)
{
	session_free(s);
	free(s);
}

static enum cmd_status exec(struct session *s, const char *line, char *text,
			    size_t n)
{
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(s, line, &r);
	enum cmd_status st = r.status;
	if (text && n)
		snprintf(text, n, "%s", r.text ? r.text : "");
	if (st != CMD_OK && text && n)
		snprintf(text, n, "%s (%s)", r.reason, r.rule);
	cmd_result_free(&r);
	return st;
}

static void ok(struct session *s, const char *line)
{
	char why[512];
	cr_assert_eq(exec(s, line, why, sizeof why), CMD_OK, "%s: %s", line,
		     why);
}

static int columns(const char *s)
{
	int n = 0;
	for (; *s; s++)
		if (((unsigned char)*s & 0xC0) != 0x80)
			n++;
	return n;
}

/* A rule number at the end of a line: 8.43, 10.13, 8.46,8.74 or R4. */
static bool ends_with_rule(const char *line)
{
	const char *p = strrchr(line, ' ');
	p = p ? p + 1 : line;
	if (*p == 'R')
		return isdigit((unsigned char)p[1]);
	return isdigit((unsigned char)*p) && strchr(p, '.');
}

/* Every line fits the width and cites its rule. */
static void well_formed(const struct card *c)
{
	cr_assert_gt(c->n, 0);
	for (int i = 0; i < c->n; i++) {
		cr_expect_leq(columns(c->line[i]), c->width,
			      "line %d too wide: [%s]", i, c->line[i]);
		cr_expect(ends_with_rule(c->line[i]),
			  "line %d cites no rule: [%s]", i, c->line[i]);
	}
}

static bool card_has(const struct card *c, const char *text)
{
	for (int i = 0; i < c->n; i++)
		if (strstr(c->line[i], text))
			return true;
	return false;
}

/* The line holding text ends with rule. */
static bool cites(const struct card *c, const char *text, const char *rule)
{
	for (int i = 0; i < c->n; i++) {
		const char *p = strstr(c->line[i], text);
		size_t l = strlen(c->line[i]), rl = strlen(rule);
		if (p && l >= rl && strcmp(c->line[i] + l - rl, rule) == 0 &&
		    c->line[i][l - rl - 1] == ' ')
			return true;
	}
	return false;
}

static void dump(const struct card *c)
{
	for (int i = 0; i < c->n; i++)
		fprintf(stderr, "|%s|\n", c->line[i]);
}

#define HAS(c, text) cr_expect(card_has(c, text), "card lacks \"%s\"", text)
#define LACKS(c, text)                                                         \
	cr_expect(!card_has(c, text), "card shows \"%s\" too early", text)
#define CITES(c, text, rule)                                                   \
	cr_expect(cites(c, text, rule), "\"%s\" does not cite %s", text, rule)

/* ---------------------------------------------------------- lines */

Test(tui_cards, lines_fit_the_width_utf8_safe)
{
	struct card *c = malloc(sizeof *c);
	cr_assert_not_null(c);
	card_init(c, 24);
	/* 30 two-byte letters: cut at a character, marked with '~' */
	card_add(c, "8.46", "%s", "ÆÆÆÆÆÆÆÆÆÆÆÆÆÆÆÆÆÆÆÆÆÆÆÆÆÆÆÆÆÆ");
	card_add(c, NULL, "short");
	card_add(c, "10.13", "%s", "abc");
	cr_assert_eq(c->n, 3);
	cr_expect_eq(columns(c->line[0]), 24, "[%s]", c->line[0]);
	cr_expect(strstr(c->line[0], "~ 8.46") != NULL, "[%s]", c->line[0]);
	/* no split character: every byte before '~' pairs up */
	const char *t = strchr(c->line[0], '~');
	cr_assert_not_null(t);
	cr_expect_eq((t - c->line[0]) % 2, 0);
	cr_expect_str_eq(c->line[1], "short");
	cr_expect_eq(columns(c->line[2]), 24);
	cr_expect(strncmp(c->line[2], "abc ", 4) == 0);
	cr_expect(strcmp(c->line[2] + strlen(c->line[2]) - 6, " 10.13") == 0);
	/* width clamped; lines past CARD_LINES are dropped and flagged */
	card_init(c, 3);
	cr_expect_eq(c->width, CARD_WIDTH_MIN);
	for (int i = 0; i < CARD_LINES + 2; i++)
		card_add(c, "3.0", "line %d", i);
	cr_expect_eq(c->n, CARD_LINES);
	cr_expect(c->truncated);
	char buf[64];
	size_t need = card_text(c, buf, sizeof buf);
	cr_expect_gt(need, sizeof buf);
	/* whole lines only: never a cut character */
	cr_expect_lt(strlen(buf), sizeof buf);
	cr_expect_eq(buf[strlen(buf) - 1], '\n', "[%s]", buf);
	free(c);
}

/* ---------------------------------------------------------- shock */

static struct session *open_example(void)
{
	struct session *s = open_session();
	fx_run(s, fx_shock_example_setup());
	fx_run(s, fx_shock_example_designations());
	return s;
}

/* The pending rout moves (10.22): the first hex offered, as the shock
 * example test does. */
static void answer_routs(struct session *s)
{
	for (int guard = 0; guard < 16 && seq_step_now(s->game) == SEQ_ROUT;
	     guard++) {
		struct decision_answer a[8];
		int n = seq_legal(s->game, a, 8);
		cr_assert_gt(n, 0);
		ok(s, a[0].line);
	}
}

static struct card *shock_card(struct session *s, int combat)
{
	static struct card c;
	card_init(&c, CARD_PANEL_WIDTH);
	int n = card_shock(s->game, combat, &c);
	cr_assert_gt(n, 0, "combat %d: %s", combat, c.line[0]);
	well_formed(&c);
	return &c;
}

Test(tui_cards, shock_card_before_the_charge_8_42)
{
	struct session *s = open_example();
	struct card *c = shock_card(s, 0);
	CITES(c, "Combat 1", "8.42");
	CITES(c, "A ph_a PH size 10 TQ 7", "8.42");
	HAS(c, "D ve_t LI size 3 TQ 5");
	HAS(c, "D co_u LG size 4 TQ 6");
	HAS(c, "D co_v LG size 3 TQ 6");
	CITES(c, "Pre-shock TQ checks: yes", "8.43");
	LACKS(c, "TQ check 6");
	c = shock_card(s, 2);
	/* C did not move: Shock No Check (8.41): no pre-shock checks */
	CITES(c, "Pre-shock TQ checks: no", "8.43");
	struct card other;
	card_init(&other, 38);
	cr_expect_eq(card_shock(s->game, 3, &other), -1, "no combat 3");
	cr_expect_eq(card_shock(s->game, -1, &other), -1);
	close_session(s);
}

Test(tui_cards, shock_card_no_segment_8_4)
{
	struct session *s = open_session();
	ok(s, "new drill solo 5");
	struct card c;
	card_init(&c, 38);
	cr_expect_eq(card_shock(s->game, 0, &c), -1);
	cr_expect_eq(c.n, 1);
	CITES(&c, "No Shock segment", "8.4");
	char text[256];
	cr_expect_eq(exec(s, "show card shock 0", text, sizeof text),
		     CMD_REFUSED, "%s", text);
	cr_expect(strstr(text, "(8.4)") != NULL, "%s", text);
	close_session(s);
}

/* The charge (8.43) and the leader casualty (8.44, 4.73), then nothing
 * more until the clash is picked (8.45). */
Test(tui_cards, shock_card_charge_and_leader_8_43_8_44)
{
	struct session *s = open_example();
	ok(s, "roll 6 5 7 8 7 9 0 0 5");
	ok(s, "designate done");
	answer_routs(s);
	struct card *c = shock_card(s, 0);
	CITES(c, "-- Pre-shock checks --", "8.43");
	CITES(c, "ph_a TQ check 6 vs 7: 0 hits", "8.43");
	CITES(c, "ve_t TQ check 5 vs 5: 0 hits", "8.43");
	CITES(c, "co_u TQ check 7 vs 6: 1 hit", "8.43");
	CITES(c, "co_v TQ check 8 vs 6: 2 hits", "8.43");
	CITES(c, "-- Leader casualties --", "8.44");
	CITES(c, "legate (co_u) rolls 0: casualty", "4.73");
	HAS(c, "legate casualty roll 5: finished");
	/* shown step by step: the clash has not been picked yet */
	LACKS(c, "Clash column");
	LACKS(c, "CRT");
	CITES(c, "Waits: clash_defender, Rome", "8.45");
	/* B's charge: W takes 3, reaches its TQ and routs (8.43, 10.21) */
	c = shock_card(s, 1);
	CITES(c, "tr_w TQ check 9 vs 6: 3 hits", "8.43");
	CITES(c, "tr_w +3 hits: 6 of TQ 6", "8.43");
	CITES(c, "tr_w ROUTS: 6 hits, TQ 6 (8.43)", "10.21");
	CITES(c, "tr_w rout move ends in", "10.22");
	HAS(c, "ve_x TQ check 0 vs 5: 0 hits");
	/* C's combat: Shock No Check */
	c = shock_card(s, 2);
	CITES(c, "celt_c no check: shock no check", "8.43");
	LACKS(c, "legate");
	close_session(s);
}

static void to_resolution(struct session *s)
{
	ok(s, "roll 6 5 7 8 7 9 0 0 5");
	ok(s, "designate done");
	answer_routs(s);
	ok(s, "clash co_u");
	ok(s, "roll 6 2 6 5");
	ok(s, "clash tr_y");
}

/* 8.45, 8.46: A's combat: LG picked, column 7; 10 against 10 is 1:1;
 * the 6 gives 2(2); Carthage puts both defender hits on V (10.13). */
Test(tui_cards, shock_card_phalanx_a_8_45_8_46_10_13)
{
	struct session *s = open_example();
	to_resolution(s);
	struct card *c = shock_card(s, 0);
	CITES(c, "Def picks co_u LG: col 7", "8.45");
	CITES(c, "Clash column 7: PH v LG front", "8.45");
	CITES(c, "Superiority: none", "8.46");
	CITES(c, "Size 10 v 10 moved: 1:1, shift 0", "8.46");
	CITES(c, "Charisma +0", "8.46");
	CITES(c, "Die 6, modified 6", "8.46");
	CITES(c, "CRT column 7: 2(2)", "8.74");
	CITES(c, "ph_a takes 2 of 2", "10.13");
	/* the defenders' 2 wait for Carthage's allocation */
	CITES(c, "Waits: hits, Carthage", "10.13");
	LACKS(c, "co_v takes");
	ok(s, "hits co_v=2");
	c = shock_card(s, 0);
	CITES(c, "co_v takes 2 of 2 (chosen)", "10.13");
	CITES(c, "co_v +2 hits: 4 of TQ 6", "8.46");
	HAS(c, "co_u takes 0 of 2");
	close_session(s);
}

/* 8.46: B's combat: PH against LI, 10; 10 against 3 after a move is 4:1,
 * three shifts: 13; Attack Superior doubles the defender's 3: 2(6);
 * 8.47 [1]: X routs. */
Test(tui_cards, shock_card_phalanx_b_8_46_8_47)
{
	struct session *s = open_example();
	to_resolution(s);
	ok(s, "hits co_v=2");
	struct card *c = shock_card(s, 1);
	CITES(c, "Clash column 10: PH v LI front", "8.45");
	CITES(c, "Superiority: AS (weapon system)", "8.46");
	CITES(c, "Size 10 v 3 moved: 4:1, shift 3", "8.46");
	CITES(c, "Die 2, modified 2", "8.46");
	CITES(c, "CRT column 13: 2(3)", "8.74");
	CITES(c, "Hits att 2, def 6 (AS)", "8.46");
	CITES(c, "ve_x takes 6 of 6", "10.13");
	CITES(c, "-- Collapse --", "8.47");
	CITES(c, "ve_x ROUTS: 6 hits, TQ 5 (8.47)", "10.21");
	close_session(s);
}

/* 8.46, 10.13, 8.47 [2]: C's combat: MI against HI, 6; 5 against 5; the
 * 6 gives 2(2), Y and Z take 1 each; Z routs; C, at TQ-1 in Y's ZOC,
 * rolls 5 and passes, losing a hit.  Then the advance (8.5, 8.52). */
Test(tui_cards, shock_card_celt_c_collapse_and_advance_8_47_8_5)
{
	struct session *s = open_example();
	to_resolution(s);
	ok(s, "hits co_v=2");
	answer_routs(s);
	struct card *c = shock_card(s, 2);
	CITES(c, "Def picks tr_y HI: col 6", "8.45");
	CITES(c, "Size 5 v 5: 1:1, shift 0", "8.46");
	CITES(c, "CRT column 6: 2(2)", "8.74");
	CITES(c, "tr_y takes 1 of 2", "10.13");
	CITES(c, "ve_z takes 1 of 2", "10.13");
	CITES(c, "ve_z +1 hit: 5 of TQ 5", "8.46");
	CITES(c, "ve_z ROUTS: 5 hits, TQ 5 (8.47)", "10.21");
	CITES(c, "celt_c collapse 5 vs TQ 5: pass", "8.47");
	CITES(c, "celt_c loses one hit", "8.47");
	LACKS(c, "advances");
	/* 4.72: the Roman leader with U is offered a withdrawal; declined */
	ok(s, "no reaction");
	if (seq_step_now(s->game) == SEQ_NONE && shock_under_way(s->game))
		ok(s, "continue");
	c = shock_card(s, 0);
	CITES(c, "legate may withdraw from ph_a", "4.72");
	c = shock_card(s, 1);
	CITES(c, "-- Advance and pursuit --", "8.5");
	CITES(c, "ph_b advances 2607,2608>2507,2508", "8.53");
	c = shock_card(s, 2);
	CITES(c, "celt_c advances 2611>2511", "8.51");
	CITES(c, "Waits: advance, Carthage", "8.5");
	ok(s, "advance face NW");
	/* the segment is over: the card still shows its last combat */
	cr_assert(!shock_under_way(s->game));
	c = shock_card(s, 2);
	HAS(c, "Combat 3, segment over");
	CITES(c, "celt_c turns W>NW", "8.52");
	LACKS(c, "Waits:");
	close_session(s);
}

/* A wider card keeps the same lines, unshortened; `show card` prints it. */
Test(tui_cards, show_card_command)
{
	struct session *s = open_example();
	char *text = malloc(65536);
	cr_assert_not_null(text);
	cr_expect_eq(exec(s, "show card shock 0", text, 65536), CMD_OK, "%s",
		     text);
	cr_expect(strstr(text, "A ph_a PH size 10 TQ 7") != NULL, "%s", text);
	cr_expect_eq(exec(s, "show card shock 9", text, 65536), CMD_REFUSED);
	cr_expect(strstr(text, "(8.42)") != NULL, "%s", text);
	cr_expect_eq(exec(s, "show card shock x", text, 65536), CMD_MALFORMED);
	cr_expect_eq(exec(s, "show card nonsense", text, 65536), CMD_MALFORMED);
	cr_expect_eq(exec(s, "show card", text, 65536), CMD_MALFORMED);
	cr_expect_eq(exec(s, "show card sequence 500", text, 65536),
		     CMD_MALFORMED);
	cr_expect_eq(exec(s, "show card leaders gaul", text, 65536),
		     CMD_REFUSED);
	cr_expect_eq(exec(s, "show card leaders carthage 60", text, 65536),
		     CMD_OK);
	cr_expect(strstr(text, "bostar") != NULL, "%s", text);
	const char *nl = strchr(text, '\n');
	cr_assert_not_null(nl);
	cr_expect_eq(nl - text, 60, "a 60-column line: [%s]", text);
	/* a look changes nothing: no journal line, the same digest */
	uint64_t d = game_digest(s->game);
	cr_expect_eq(exec(s, "show card end", text, 65536), CMD_OK);
	cr_expect_eq(game_digest(s->game), d);
	free(text);
	close_session(s);
}

/* ---------------------------------------------------------- leaders, sequence
 */

Test(tui_cards, sequence_and_leaders_on_the_drill_5_12_5_21)
{
	struct session *s = open_session();
	ok(s, "new drill solo 5");
	struct card c;
	card_init(&c, CARD_PANEL_WIDTH);
	card_sequence(s->game, &c);
	well_formed(&c);
	CITES(&c, "Turn 1 of 6", "3.0");
	CITES(&c, "Decides: nobody (continue)", "3.0");
	LACKS(&c, "Elite");
	/* 5.12: a tie of Initiative 3: Rome rolls 6, Carthage 2: Rome's
	 * lowest goes first */
	ok(s, "roll 6 2");
	ok(s, "continue");
	card_sequence(s->game, &c);
	well_formed(&c);
	CITES(&c, "Step: activate", "5.12");
	CITES(&c, "Decides: Rome", "5.12");
	CITES(&c, "Active: none", "5.1");
	ok(s, "activate tribune");
	card_sequence(s->game, &c);
	well_formed(&c);
	CITES(&c, "Phase: movement", "3.0");
	CITES(&c, "Step: orders", "5.2");
	CITES(&c, "Active: tribune (Rome)", "5.1");
	CITES(&c, "Orders left 3, given 0", "5.21");
	CITES(&c, "Trump tried: Rome no, Carthage no", "5.43");
	CITES(&c, "RP Rome 0, Carthage 0", "11.1");
	card_leaders(s->game, 0, &c);
	well_formed(&c);
	CITES(&c, "Rome leaders, turn 1", "5.1");
	/* the Overall Commander is starred; Initiative, Range, Line
	 * Commands */
	CITES(&c, "*consul I4 R5 LC1 not yet", "5.11");
	CITES(&c, "tribune I3 R4 LC1 ACTIVE", "5.2");
	CITES(&c, "orders left 3, given 0", "5.21");
	ok(s, "order ha1 move");
	card_leaders(s->game, 0, &c);
	CITES(&c, "orders left 2, given 1", "5.21");
	ok(s, "orders done");
	card_leaders(s->game, 1, &c);
	well_formed(&c);
	CITES(&c, "Carthage leaders, turn 1", "5.1");
	CITES(&c, "mago I3 R4 LC1 not yet", "5.11");
	LACKS(&c, "tribune");
	cr_expect_eq(card_leaders(s->game, 2, &c), -1);
	close_session(s);
}

/* 4.73, 5.15: a wounded leader's Initiative drops (R7) and the card says
 * so; a killed one is marked killed. */
Test(tui_cards, leaders_wounded_and_killed_4_73)
{
	struct session *s = open_session();
	ok(s, "new drill sandbox 5");
	ok(s, "setup wounds consul 1");
	ok(s, "setup leader-state hanno finished");
	struct card c;
	card_init(&c, CARD_PANEL_WIDTH);
	card_leaders(s->game, 0, &c);
	well_formed(&c);
	CITES(&c, "wounded (1)", "4.73");
	card_leaders(s->game, 1, &c);
	CITES(&c, "*hanno I4 R5 LC1 finished", "5.15");
	struct leader *l = game_leader(s->game, "mago");
	cr_assert_not_null(l);
	l->killed = true;
	card_leaders(s->game, 1, &c);
	CITES(&c, "mago", "4.73");
	HAS(&c, "killed");
	close_session(s);
}

/* ---------------------------------------------------------- end */

Test(tui_cards, end_card_after_withdrawal_11_2)
{
	struct session *s = open_session();
	ok(s, "new drill sandbox 5");
	struct card c;
	card_init(&c, CARD_PANEL_WIDTH);
	card_end(s->game, &c);
	well_formed(&c);
	CITES(&c, "The battle goes on", "11.2");
	CITES(&c, "Rome: 0 of 22 rout points", "11.1");
	/* Rome loses units until its rout points reach its level of 22 */
	const char *romans[] = {"ha1", "ha2", "pr1", "pr2", "ve1",
				"sl1", "rc1", "lc1", "hi1", NULL};
	for (int i = 0; romans[i] && s->game->rout_points[0] < 22; i++) {
		char line[64];
		snprintf(line, sizeof line, "setup eliminate %s", romans[i]);
		ok(s, line);
	}
	int rp = s->game->rout_points[0];
	cr_assert_geq(rp, 22, "Rome has %d RP", rp);
	ok(s, "setup phase withdrawal");
	ok(s, "continue");
	cr_assert_eq(s->game->phase, PHASE_OVER);
	card_end(s->game, &c);
	well_formed(&c);
	CITES(&c, "Carthage WINS", "11.2");
	char want[64];
	snprintf(want, sizeof want, "Rome: %d of 22 rout points", rp);
	CITES(&c, want, "11.1");
	CITES(&c, "WITHDRAWS", "11.2");
	CITES(&c, "Carthage: 0 of 28 rout points", "11.1");
	CITES(&c, "holds the field", "11.2");
	CITES(&c, "By withdrawal", "11.2");
	CITES(&c, "Turn 1, the last", "3.0");
	if (!card_has(&c, "WITHDRAWS"))
		dump(&c);
	close_session(s);
}

/* ---------------------------------------------------------- pursuit */

/* 8.61-8.63 on the drill (the scenario of tests/test_pursuit.c): HC
 * routs the hastati, rolls 9 against TQ 7 and pursues; its follow-up
 * shock (a combat of its own, 8.62) eliminates them; the HC goes on 4 MP
 * until an enemy ZOC stops it.  The pursuit stays on combat 0's card,
 * the follow-up's steps only on combat 1's. */
Test(tui_cards, shock_card_pursuit_and_follow_up_8_62)
{
	struct session *s = open_session();
	static const char *const lines[] = {
		"new drill sandbox 1",
		"setup remove ar1",
		"setup unit ha1 2720 E",
		"setup unit hc1 2820 W",
		"setup hits ha1 3",
		"setup phase shock",
		"setup active hanno",
		"setup leader-state hanno active",
		"setup marker hc1 shock_must on",
		"setup marker hc1 moved_phase on",
		"continue",
		"designate hc1 ha1",
		"roll 1 1 9 9 9 9 9 9 9 9",
		"designate done",
		"rout 2620",
		NULL,
	};
	for (int i = 0; lines[i]; i++)
		ok(s, lines[i]);
	cr_assert(!shock_under_way(s->game));
	struct card *c = shock_card(s, 0);
	CITES(c, "ha1 ROUTS: 7 hits, TQ 6 (8.47)", "10.21");
	CITES(c, "hc1 pursuit 9 vs TQ 7: pursue", "8.62");
	CITES(c, "hc1: Pursuit/Finished", "8.63");
	CITES(c, "hc1 pursues to 2620", "8.62");
	CITES(c, "hc1 shocks ha1: combat 2", "8.62");
	CITES(c, "hc1 goes on 4 MP", "8.62");
	/* the follow-up's numbers are not combat 0's */
	LACKS(c, "CRT column 11");
	LACKS(c, "ELIMINATED");
	c = shock_card(s, 1);
	CITES(c, "Combat 2, follow-up, segment over", "8.42");
	CITES(c, "Follows up combat 1", "8.62");
	CITES(c, "Superiority: AS (position)", "8.46");
	CITES(c, "CRT column 11: 1(4)", "8.74");
	CITES(c, "ha1 takes 8 of 8", "10.13");
	CITES(c, "ha1 ELIMINATED", "11.1");
	/* the outer combat's charge is not the follow-up's */
	LACKS(c, "TQ check 1 vs 7");
	LACKS(c, "goes on 4 MP");
	close_session(s);
}

/* ---------------------------------------------------------- rampage */

/* 9.14, 8.43 (the scenario of tests/test_rampage.c): an elephant with 5
 * hits fails its pre-shock check (9) and rampages (1: north, toward the
 * light cavalry two hexes off); the cavalry declines to withdraw; the
 * mahout rolls 8.  A segment set up by hand (no designation event): the
 * card reads its state. */
Test(tui_cards, shock_card_rampage_9_14)
{
	struct game *g = fx_field();
	struct session s;
	session_init(&s, NULL, NULL, NULL, 1);
	s.game = g;
	g->session = &s;
	snprintf(g->battle->sides[0].retreat_edge,
		 sizeof g->battle->sides[0].retreat_edge, "east");
	snprintf(g->battle->sides[1].retreat_edge,
		 sizeof g->battle->sides[1].retreat_edge, "west");
	struct unit *el = fx_unit(g, "el", 1, UT_EL, fx_hex("3010"), FACE_E, 5);
	struct unit *hi = fx_unit(g, "hi", 0, UT_HI, fx_hex("3110"), FACE_W, 5);
	fx_unit(g, "lc", 0, UT_LC, fx_hex("3008"), FACE_SE, 8);
	el->hits = 5;
	el->shock_must = true;
	int ci = shock_add_combat(g);
	cr_assert_eq(ci, 0);
	struct shock_combat *c = &g->shock.c[ci];
	c->att_at[0] = el->at;
	c->att[c->natt++] = (int)(el - g->units);
	c->must_check = true;
	c->def_at[0] = hi->at;
	c->def[c->ndef++] = (int)(hi - g->units);
	c->passthru = PT_DECLINED;
	g->shock.step = SHS_CHARGE;
	g->shock.attacker = 1;
	g->shock.batch_begin = 0;
	g->shock.batch_end = g->shock.ncombats;
	cr_assert(dice_force(&g->dice, 9));
	cr_assert(dice_force(&g->dice, 0));
	cr_assert(dice_force(&g->dice, 1));
	shock_step_charge(g);
	cr_assert(rampage_waiting(g));
	struct card card;
	card_init(&card, CARD_PANEL_WIDTH);
	cr_assert_gt(card_shock(g, 0, &card), 0, "%s", card.line[0]);
	well_formed(&card);
	CITES(&card, "A el EL", "8.42");
	/* 8.43: the die 9 with the elephant's +1 against heavy infantry */
	CITES(&card, "el DRM +1", "8.43");
	CITES(&card, "el TQ check 10 vs 6: 4 hits", "8.43");
	CITES(&card, "el ROUTS", "10.21");
	CITES(&card, "el RAMPAGES", "9.14");
	cr_assert(dice_force(&g->dice, 8));
	ok(&s, "no reaction");
	cr_assert(el->eliminated);
	card_init(&card, CARD_PANEL_WIDTH);
	card_shock(g, 0, &card);
	well_formed(&card);
	CITES(&card, "el rampage roll 1", "9.14");
	/* the cavalry two hexes north is struck: 2 hits (9.14) */
	CITES(&card, "el tramples lc: 2 hits", "9.14");
	CITES(&card, "el rampage roll 8: mahout", "9.14");
	CITES(&card, "el ELIMINATED", "11.1");
	session_free(&s);
}
