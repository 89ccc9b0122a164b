/* test_elcmd.c — Elephant Command, optional (SPQR 4.9): first orders as
 * usual, then only a leader staying stacked with an elephant or an
 * Elephant Leader orders elephants (4.91); Elephant Leaders placed and
 * removed at the end of Rout and Reload, at most two (4.91, 4.94); the
 * Elephant Leader's Line Command: Initiative 1, the line of his
 * elephant, full MA, facing only before moving (4.92); nothing else
 * (4.93).  The book has no worked example of 4.9: the positions are
 * ours.  Dice are forced where any are rolled. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "logged.h"
#include "maniple/cmd.h"
#include "maniple/elcmd.h"
#include "maniple/game.h"
#include "maniple/map.h"
#include "maniple/orders.h"
#include "maniple/reactions.h"
#include "maniple/sequence.h"
#include "maniple/tables.h"
#include "session_play.h"
#include "spqr_tables.h"
#include "fixture.h"

struct usp {
	const char *id;
	int side;
	enum unit_type t;
	int tq, ma;
};

static const struct usp units[] = {
	{"e1", 0, UT_EL, 5, 7}, {"e2", 0, UT_EL, 5, 7}, {"e3", 0, UT_EL, 5, 7},
	{"hi", 0, UT_HI, 7, 5}, {"bi", 1, UT_BI, 6, 5}, {NULL, 0, 0, 0, 0},
};

static bool option_on = true;

/* A 20x20 clear field; the OCs hanno (Initiative 3) and scipio (5); a
 * Line Command Eligibility row "elephants" of adjacent elephants. */
static struct battle *loader(void *user, const char *name,
			     struct ini_error *err)
{
	(void)user;
	if (strcmp(name, "eleph") != 0) {
		memset(err, 0, sizeof *err);
		snprintf(err->msg, sizeof err->msg, "no battle %s", name);
		return NULL;
	}
	struct battle *b = fx_empty_battle("eleph", "Elephants", 20, 20,
					   "carthage", "rome");
	b->elephant_command = option_on; /* 4.9 optional */
	const struct {
		const char *id;
		int side, hex, ini;
	} ls[] = {{"hanno", 0, 1004, 3}, {"scipio", 1, 1020, 5}};
	for (size_t k = 0; k < 2; k++) {
		struct leader *l = &b->leaders[b->nleaders++];
		snprintf(l->id, sizeof l->id, "%s", ls[k].id);
		l->side = ls[k].side;
		l->kind = LK_GENERAL;
		l->initiative = ls[k].ini;
		l->command_range = 8;
		l->line_command = 1;
		l->strategy = 3;
		l->overall = true;
		l->hex = H(ls[k].hex);
		l->on_map = true;
		l->available = true;
	}
	struct line_def *ld = &b->lines[b->nlines++];
	snprintf(ld->name, sizeof ld->name, "elephants");
	ld->side = 0;
	ld->nmembers = 1;
	snprintf(ld->members[0], sizeof ld->members[0], "type:EL");
	ld->spacing = 1;
	for (const struct usp *s = units; s->id; s++) {
		struct unit *u = &b->units[b->nunits++];
		snprintf(b->unit_text[u - b->units].id, ID_MAX, "%s", s->id);
		u->side = s->side;
		u->type = s->t;
		u->size = 3;
		u->tq = s->tq;
		u->ma = s->ma;
		if (s->t == UT_EL)
			u->elephant = ELEPHANT_AFRICAN;
		u->at.hex[0] = u->at.hex[1] = HEX_NONE;
		u->on_map = false;
	}
	return b;
}

static struct session *open_game(void)
{
	struct session *s = calloc(1, sizeof *s);
	cr_assert_not_null(s);
	session_init(s, loader, spqr_tables_loader, NULL, 1);
	s->checkpoint_every = 1; /* the game changed by hand too */
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(s, "new eleph sandbox 7", &r);
	cr_assert_eq(r.status, CMD_OK, "%s", r.reason);
	cmd_result_free(&r);
	return s;
}

static void put_leader(struct session *s, const char *id, int hex)
{
	struct leader *l = game_leader(s->game, id);
	cr_assert_not_null(l);
	l->hex = H(hex);
	l->on_map = true;
}

/* The usual field: three elephants in a column facing E (a line, Flank
 * to Flank), the infantry behind them, the enemy far off. */
static struct session *field(void)
{
	struct session *s = open_game();
	place(s, "e1", 1010, FACE_E);
	place(s, "e2", 1011, FACE_E);
	place(s, "e3", 1012, FACE_E);
	place(s, "hi", 905, FACE_E);
	place(s, "bi", 1820, FACE_W);
	return s;
}

/* Refused naming `want`, and nothing changed (state text, events). */
static void refused(struct session *s, const char *line, const char *want)
{
	char *before = game_state_text(s->game);
	size_t nev = s->game->events.n;
	struct out o = run(s, line);
	char *after = game_state_text(s->game);
	cr_expect_eq(o.st, CMD_REFUSED, "%s: not refused (%s)", line, o.ev);
	cr_expect_str_eq(o.rule, want, "%s: rule %s (%s)", line, o.rule,
			 o.reason);
	cr_expect_str_eq(before, after, "%s changed the game", line);
	cr_expect_eq(s->game->events.n, nev, "%s emitted events", line);
	free(before);
	free(after);
}

/* Whether `legal` lists exactly line for side. */
static bool legal_has(struct session *s, const char *line, int side)
{
	struct decision_answer a[256];
	int n = seq_legal(s->game, a, 256);
	for (int i = 0; i < n; i++)
		if (strcmp(a[i].line, line) == 0 && a[i].side == side)
			return true;
	return false;
}

/* Whether the game's event log holds an event whose text has `text`. */
static bool logged(struct session *s, const char *text)
{
	for (size_t i = 0; i < s->game->events.n; i++) {
		char buf[512];
		event_log_format(&s->game->events, i, buf, sizeof buf);
		if (strstr(buf, text))
			return true;
	}
	return false;
}

/* The front hex of unit id (facing E: the ENE hexside). */
static char *front(struct session *s, const char *id, char *buf)
{
	struct hex h = hex_neighbour(U(s, id)->at.hex[0], SIDE_ENE);
	hex_format(h, buf, 8);
	return buf;
}

/* 4.91: the army's elephants have had their first Orders Phase. */
static void first_orders_over(struct session *s)
{
	s->game->elcmd.first_done[0] = true;
}

/* ---------------------------------------------------------- 4.91 */

/* 4.91: the first Orders Phase in which elephants take orders is
 * normal: hanno, far from them, orders one; at the phase's end the
 * restriction begins, and in his next phase the same order is refused. */
Test(elcmd, first_orders_normal_then_restricted_4_91)
{
	struct session *s = field();
	put_leader(s, "hanno", 1008);
	phase(s, "hanno");
	char b[8], mv[16];
	ok(s, "order e1");
	snprintf(mv, sizeof mv, "move %s", front(s, "e1", b));
	ok(s, mv);
	ok(s, "halt");
	cr_assert_not(s->game->elcmd.first_done[0]);
	orders_phase_end(s->game);
	cr_assert(s->game->elcmd.first_done[0], "4.91: the first is over");
	cr_expect(s->game->events.n > 0);
	const struct event *last = logged_event(&s->game->events, s->game->events.n - 1);
	cr_expect_str_eq(last->kind, "elephant_command_begins");
	phase(s, "hanno");
	refused(s, "order e2", "4.91");
	cr_assert_not(legal_has(s, "order e2", 0));
	ok(s, "order hi"); /* other units as usual */
	close_game(s);
}

/* 4.91: the rule is optional: without it elephants are ordered as any
 * unit, and the Elephant Leader commands are refused naming 4.9. */
Test(elcmd, optional_rule_off_4_9)
{
	option_on = false;
	struct session *s = field();
	option_on = true;
	s->game->elcmd.first_done[0] = true; /* ignored when off */
	put_leader(s, "hanno", 1008);
	phase(s, "hanno");
	ok(s, "order e2");
	refused(s, "elephant leader e1", "4.9");
	refused(s, "elephant done", "4.9");
	char *t = game_state_text(s->game);
	cr_expect_null(strstr(t, "elephant_command"), "no state line when off");
	free(t);
	close_game(s);
}

/* 4.91: a leader stacked with an elephant since the start of his Orders
 * Phase orders it; he goes along with it (4.23, done for him) and may
 * neither move on his own nor order another elephant. */
Test(elcmd, stacked_leader_orders_and_stays_4_91)
{
	struct session *s = field();
	first_orders_over(s);
	put_leader(s, "hanno", 1011);
	phase(s, "hanno");
	cr_assert(legal_has(s, "order e2", 0));
	cr_assert_not(legal_has(s, "order e1", 0));
	struct out o = ok(s, "order e2");
	cr_expect(has(&o, "with=hanno"), "4.91: he goes along: %s", o.ev);
	cr_expect(s->game->ord.ordered[UI(s, "e2")]);
	char b[8], mv[16];
	front(s, "e2", b);
	snprintf(mv, sizeof mv, "move %s", b);
	o = ok(s, mv);
	cr_expect(has(&o, "leader_moved leader=hanno with=e2"), "%s", o.ev);
	cr_expect(hex_eq(game_leader(s->game, "hanno")->hex,
			 U(s, "e2")->at.hex[0]));
	ok(s, "halt");
	refused(s, "order hanno", "4.91");
	refused(s, "order e1", "4.91");
	refused(s, "order e3", "4.91");
	ok(s, "order hi"); /* not with him: hanno stays */
	close_game(s);
}

/* 4.91: a leader who has moved in the phase, or who was not stacked
 * with the elephant when it began, may not order it. */
Test(elcmd, leader_who_moved_or_came_later_4_91)
{
	struct session *s = field();
	first_orders_over(s);
	put_leader(s, "hanno", 1011);
	phase(s, "hanno");
	ok(s, "order hanno");
	ok(s, "move 1010");
	ok(s, "move 1011"); /* back with e2: too late */
	ok(s, "halt");
	refused(s, "order e2", "4.91");
	refused(s, "order e1", "4.91"); /* in e1's hex only since moving */
	close_game(s);
}

/* 4.91: a Line Command from a leader stacked with an elephant of the
 * line moves the line's elephants; he rides with his own; a leader not
 * stacked with one may give the Line Command, but its elephants do not
 * move. */
Test(elcmd, line_command_needs_a_stacked_leader_4_91)
{
	struct session *s = field();
	first_orders_over(s);
	put_leader(s, "hanno", 1010);
	phase(s, "hanno");
	ok(s, "line elephants");
	ok(s, "pick e2");
	ok(s, "halt");
	refused(s, "pick hanno", "4.91");
	ok(s, "pick e1");
	cr_expect_eq(s->game->ord.with_leader,
		     (int)(game_leader(s->game, "hanno") - s->game->leaders),
		     "4.91: he rides with e1");
	close_game(s);

	s = field();
	first_orders_over(s);
	put_leader(s, "hanno", 909); /* within two hexes, not stacked */
	phase(s, "hanno");
	ok(s, "line elephants");
	refused(s, "pick e1", "4.91");
	cr_assert_not(legal_has(s, "pick e2", 0));
	close_game(s);
}

/* ---------------------------------------------------- 4.91, 4.94 */

/* Brings the sandbox to the end of Rout and Reload. */
static struct out to_rout_reload(struct session *s)
{
	ok(s, "setup phase rout_reload");
	return ok(s, "continue");
}

/* 4.91, 4.94: at the end of Rout and Reload the owner places Elephant
 * Leaders on elephant units, two at most; removals come before
 * placing; `legal` lists the choices. */
Test(elcmd, placing_at_the_end_of_rout_and_reload_4_91_4_94)
{
	struct session *s = field();
	struct out o = to_rout_reload(s);
	cr_assert(has(&o, "elephant_leader_offer side=0"), "%s", o.ev);
	cr_assert_eq(seq_step_now(s->game), SEQ_ELEPHANT);
	cr_assert_eq(seq_decision_side(s->game), 0);
	cr_expect(legal_has(s, "elephant leader e1", 0));
	cr_expect(legal_has(s, "elephant done", 0));
	cr_expect_not(legal_has(s, "elephant leader hi", 0));
	refused(s, "elephant leader hi", "4.91"); /* not an elephant */
	refused(s, "elephant leader bi", "4.91"); /* not ours */
	refused(s, "activate hanno", "4.91");	  /* the decision first */
	o = ok(s, "elephant leader e1");
	cr_expect(has(&o, "elephant_leader_placed leader=eleph1 side=0 "
			  "unit=e1"),
		  "%s", o.ev);
	const struct leader *l = game_leader(s->game, "eleph1");
	cr_assert_not_null(l);
	cr_expect_eq(l->initiative, 1, "4.91: Initiative 1");
	cr_expect_eq(l->kind, LK_ELEPHANT);
	refused(s, "elephant leader e1", "4.91"); /* already carries one */
	ok(s, "elephant leader e2");
	refused(s, "elephant leader e3", "4.94"); /* two in play */
	cr_expect_not(legal_has(s, "elephant leader e3", 0));
	refused(s, "elephant leader remove eleph1", "4.94"); /* after */
	o = ok(s, "elephant done");
	/* rome has no elephants: on to Withdrawal and the next turn */
	cr_expect(has(&o, "phase name=withdrawal"), "%s", o.ev);
	cr_expect_eq(s->game->turn, 2);
	char *t = game_state_text(s->game);
	cr_expect(strstr(t, "counters=eleph1:e1,eleph2:e2"), "%s", t);
	free(t);

	/* the next Rout and Reload: remove one, then place elsewhere */
	to_rout_reload(s);
	cr_expect(legal_has(s, "elephant leader remove eleph1", 0));
	cr_expect_not(legal_has(s, "elephant leader e3", 0));
	o = ok(s, "elephant leader remove eleph1");
	cr_expect(has(&o, "elephant_leader_removed leader=eleph1"), "%s", o.ev);
	o = ok(s, "elephant leader e3");
	cr_expect(has(&o, "leader=eleph1 side=0 unit=e3"),
		  "the counter comes back into play: %s", o.ev);
	ok(s, "elephant done");
	close_game(s);
}

/* 4.94 (ruling): a counter whose elephant routed or left the map goes
 * out of play at the end of Rout and Reload. */
Test(elcmd, counter_leaves_with_its_unit_4_94)
{
	struct session *s = field();
	to_rout_reload(s);
	ok(s, "elephant leader e1");
	ok(s, "elephant done");
	U(s, "e1")->routed = true;
	cr_expect_not(elcmd_counter_in_play(
		s->game,
		(int)(game_leader(s->game, "eleph1") - s->game->leaders)));
	struct out o = to_rout_reload(s);
	cr_expect(has(&o, "elephant_leader_removed leader=eleph1 side=0 "
			  "unit=e1 why=unit_out_of_play"),
		  "%s", o.ev);
	close_game(s);
}

/* ---------------------------------------------------- 4.92, 4.93 */

/* A game at turn 2's Leader Activation with eleph1 on e1. */
static struct session *with_counter(void)
{
	struct session *s = field();
	first_orders_over(s);
	to_rout_reload(s);
	ok(s, "elephant leader e1");
	ok(s, "elephant done");
	return s;
}

/* 4.91, 4.92: Initiative 1: the Elephant Leader goes first; he gives
 * one Line Command to the line of his elephant, whatever his distance
 * from the Overall Commander. */
Test(elcmd, elephant_leader_activates_first_4_91_4_92)
{
	struct session *s = with_counter();
	cr_assert_eq(seq_step_now(s->game), SEQ_ACTIVATE);
	cr_expect(legal_has(s, "activate eleph1", 0), "Initiative 1");
	cr_expect_not(legal_has(s, "activate hanno", 0));
	put_leader(s, "hanno", 101); /* far away: no matter (4.92) */
	struct out o = ok(s, "activate eleph1");
	cr_expect(has(&o, "activated leader=eleph1 side=0 initiative=1"), "%s",
		  o.ev);
	cr_expect(legal_has(s, "elephant line", 0));
	cr_expect_not(legal_has(s, "line elephants", 0));
	o = ok(s, "elephant line");
	cr_expect(has(&o, "line_command leader=eleph1 line=elephants units=3 "
			  "members=e1,e2,e3"),
		  "%s", o.ev);
	refused(s, "elephant line", "4.93"); /* one only */
	close_game(s);
}

/* 4.92: the elephants of the Elephant Leader's line turn only in their
 * starting hex before moving, and end their move only when no hex is
 * open to them any more. */
Test(elcmd, full_ma_and_facing_only_at_the_start_4_92)
{
	struct session *s = with_counter();
	ok(s, "activate eleph1");
	ok(s, "elephant line");
	ok(s, "pick e1");
	char b[8], mv[16];
	snprintf(mv, sizeof mv, "move %s", front(s, "e1", b));
	ok(s, mv);
	refused(s, "face SE", "4.92");
	refused(s, "halt", "4.92");
	refused(s, "pick e2", "4.92");
	refused(s, "orders done", "4.92");
	cr_expect_not(legal_has(s, "halt", 0));
	/* on until the 7 MP are spent */
	for (int k = 0; k < 20 && s->game->ord.moving &&
			s->game->ord.move.mp_spent < s->game->ord.move.ma;
	     k++) {
		snprintf(mv, sizeof mv, "move %s", front(s, "e1", b));
		ok(s, mv);
	}
	cr_expect_eq(s->game->ord.move.mp_spent, s->game->ord.move.ma);
	ok(s, "halt");
	/* e2 turns before moving: allowed */
	ok(s, "pick e2");
	ok(s, "face SE");
	close_game(s);
}

/* 4.92: ZOC stops them: the move may end in an enemy's ZOC. */
Test(elcmd, enemy_zoc_stops_the_elephants_4_92)
{
	struct session *s = with_counter();
	char b[8];
	struct hex ahead = hex_neighbour(U(s, "e1")->at.hex[0], SIDE_ENE);
	struct hex two = hex_neighbour(ahead, SIDE_ENE);
	struct hex three = hex_neighbour(two, SIDE_ENE);
	hex_format(three, b, 8);
	place(s, "bi", three.col * 100 + three.row, FACE_W);
	ok(s, "activate eleph1");
	ok(s, "elephant line");
	ok(s, "pick e1");
	char mv[16];
	snprintf(mv, sizeof mv, "move %s", front(s, "e1", b));
	ok(s, mv);
	refused(s, "halt", "4.92");
	snprintf(mv, sizeof mv, "move %s", front(s, "e1", b));
	struct out o = run(s, mv);
	/* into bi's ZOC: a reaction may come first; answer none */
	for (int k = 0; k < 6 && seq_step_now(s->game) == SEQ_REACTION; k++)
		run(s, "no reaction");
	cr_expect_eq(o.st, CMD_OK, "%s", o.reason);
	cr_expect(s->game->ord.move.stopped, "7.23 ZOC stop");
	ok(s, "halt");
	close_game(s);
}

/* 4.93: an Elephant Leader gives no Individual Orders, does not move on
 * his own, has no momentum and never trumps. */
Test(elcmd, nothing_but_the_line_command_4_93)
{
	struct session *s = with_counter();
	ok(s, "activate eleph1");
	refused(s, "order e1", "4.93");
	refused(s, "order hi", "4.93");
	refused(s, "line elephants", "4.92");
	refused(s, "order eleph1", "4.93");
	ok(s, "elephant line");
	refused(s, "pick eleph1", "4.93");
	ok(s, "orders done");
	for (int k = 0; k < 10 && seq_step_now(s->game) == SEQ_SHOCK; k++)
		ok(s, "designate done");
	cr_expect(logged(s, "momentum_barred leader=eleph1 "
			    "why=elephant_leader rule=4.93"));
	cr_expect_eq(game_leader(s->game, "eleph1")->state, LS_FINISHED);
	cr_expect_not(legal_has(s, "momentum", 0));
	cr_expect_not(legal_has(s, "trump eleph1", 0));
	close_game(s);
}

/* 4.93: in a 5.42 reply the Elephant Leader may not trump either. */
Test(elcmd, elephant_leader_may_not_trump_4_93)
{
	struct session *s = with_counter();
	int li = (int)(game_leader(s->game, "eleph1") - s->game->leaders);
	cr_expect_not(legal_has(s, "trump eleph1", 0));
	cr_expect(elcmd_elephant_leader(s->game, li));
	refused(s, "trump eleph1", "4.93");
	close_game(s);
}

/* ------------------------------------------------ a battle file */

static struct battle *file_loader(void *user, const char *name,
				  struct ini_error *err)
{
	(void)user;
	(void)name;
	const char *src = getenv("MANIPLE_SRCDIR");
	char path[4096];
	snprintf(path, sizeof path, "%s/tests/fixtures/elephant-command.ini",
		 src && *src ? src : MANIPLE_SRCDIR);
	return battle_load(path, err);
}

/* Answers the sequence's automatic questions of our test turn: no
 * momentum, designate done. */
static void settle(struct session *s)
{
	for (int k = 0; k < 20; k++) {
		enum seq_step st = seq_step_now(s->game);
		if (st == SEQ_MOMENTUM)
			ok(s, "no momentum");
		else if (st == SEQ_SHOCK)
			ok(s, "designate done");
		else
			return;
	}
}

/* 4.9 through a battle file: `elephant_command = yes` in [rules]; the
 * first Orders Phase with elephant orders ends the free ones (4.91);
 * at the end of Rout and Reload the counter the battle lists off the map
 * is placed (4.91, 4.94) and, at Initiative 1, goes first next turn with
 * his Line Command (4.92). */
Test(elcmd, a_battle_file_turn_4_91_4_92_4_94)
{
	struct session *s = calloc(1, sizeof *s);
	session_init(s, file_loader, spqr_tables_loader, NULL, 1);
	s->checkpoint_every = 1; /* the game changed by hand too */
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(s, "new elephant-command solo 3", &r);
	cr_assert_eq(r.status, CMD_OK, "%s", r.reason);
	cmd_result_free(&r);
	cr_assert(s->game->battle->elephant_command, "4.9 on from [rules]");
	ok(s, "continue");
	ok(s, "activate hanno");
	ok(s, "order e1"); /* 4.91: the first time, as usual */
	ok(s, "move 2610");
	ok(s, "halt");
	ok(s, "orders done");
	settle(s);
	cr_expect(logged(s, "elephant_command_begins side=0 army=carthage "
			    "after=hanno rule=4.91"));
	ok(s, "activate regulus");
	ok(s, "orders done");
	settle(s);
	cr_assert_eq(seq_step_now(s->game), SEQ_ELEPHANT, "%s",
		     seq_step_name(seq_step_now(s->game)));
	cr_expect(legal_has(s, "elephant leader e2", 0));
	struct out o = ok(s, "elephant leader e2");
	cr_expect(has(&o, "elephant_leader_placed leader=surus"), "%s", o.ev);
	ok(s, "elephant done");
	cr_expect_eq(s->game->turn, 2);
	o = ok(s, "activate surus");
	cr_expect(has(&o, "initiative=1"), "%s", o.ev);
	/* e1, moved ahead to 2610, is two hexes from e2 now: not linked */
	o = ok(s, "elephant line");
	cr_expect(has(&o, "units=1 members=e2 "), "%s", o.ev);
	refused(s, "pick e1", "4.31");
	char *t = game_state_text(s->game);
	cr_expect(strstr(t, "elephant_command first_done=yes,no owes=0 "
			    "placed=yes,no counters=surus:e2"),
		  "%s", t);
	/* the game file replays to the same state (digests checked) */
	char path[64], err[256];
	snprintf(path, sizeof path, "/tmp/elcmd-test-%d.game", (int)getpid());
	cr_assert_eq(session_save(s, path, false, true, err, sizeof err), 0, "%s",
		     err);
	struct session *c = calloc(1, sizeof *c);
	session_init(c, file_loader, spqr_tables_loader, NULL, 1);
	c->checkpoint_every = 1; /* the game changed by hand too */
	struct ini_error ie;
	cr_assert(session_load(c, path, &ie), "%d: %s", ie.line, ie.msg);
	char *t2 = game_state_text(c->game);
	cr_expect_str_eq(t, t2);
	free(t2);
	close_game(c);
	unlink(path);
	free(t);
	close_game(s);
}

/* 4.9 (ruling): a Leader Elephant (4.8) is not one of the elephant units
 * 4.9 speaks of: no Elephant Leader goes on it. */
Test(elcmd, a_leader_elephant_takes_no_counter_4_91)
{
	struct session *s = field();
	U(s, "e3")->leader_elephant = "hanno";
	to_rout_reload(s);
	cr_expect_not(legal_has(s, "elephant leader e3", 0));
	refused(s, "elephant leader e3", "4.91");
	ok(s, "elephant leader e1");
	close_game(s);
}
