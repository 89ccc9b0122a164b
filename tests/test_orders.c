/* Individual Orders (4.2, 5.21, 5.22, 5.24), Line Commands (4.3, 5.23),
 * leaders' orders (4.23-4.25, 4.4, 6.14) and the orders' moves step by
 * step (6.12, 6.13, 6.23), played as commands through a sandbox session
 * on a hand-built battle with forced dice. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/orders.h"
#include "maniple/rout.h"
#include "maniple/sequence.h"
#include "spqr_tables.h"
#include "fixture.h"

struct lsp {
	const char *id;
	int side;
	enum leader_kind kind;
	int init, range, lc, strategy;
	bool oc;
	int hex;
};

struct usp {
	const char *id;
	int side;
	enum unit_type t;
	const char *cls;
	int legion;
	bool ala;
	int hex; /* 0: off the map until placed */
	int facing;
};

/* The roster: Rome (side 0) west, Carthage (side 1) off the map until a
 * test places it. */
static const struct lsp leaders[] = {
	{"consul", 0, LK_GENERAL, 5, 6, 2, 4, true, 510},
	{"tribune", 0, LK_TRIBUNE, 3, 3, 1, 0, false, 310},
	{"praefect", 0, LK_PRAEFECT_EQUITUM, 3, 4, 1, 0, false, 315},
	{"hannibal", 1, LK_GENERAL, 7, 6, 2, 5, true, 1810},
	{"hanno", 1, LK_GENERAL, 3, 4, 1, 0, false, 1812},
	{NULL, 0, 0, 0, 0, 0, 0, false, 0},
};

static const struct usp units[] = {
	{"ha1", 0, UT_LG, "HA", 3, false, 406, FACE_E},
	{"ha2", 0, UT_LG, "HA", 3, false, 407, FACE_E},
	{"ha3", 0, UT_LG, "HA", 3, false, 408, FACE_E},
	{"pr1", 0, UT_LG, "PR", 3, false, 306, FACE_E},
	{"ha5", 0, UT_LG, "HA", 5, false, 409, FACE_E},
	{"ve1", 0, UT_LI, "VE", 5, false, 304, FACE_E},
	{"rc1", 0, UT_RC, "", 3, false, 314, FACE_E},
	{"rc2", 0, UT_RC, "", 3, true, 316, FACE_E},
	{"lc1", 1, UT_LC, "", 0, false, 0, FACE_W},
	{"e1", 1, UT_BI, "", 0, false, 0, FACE_W},
	{"e2", 1, UT_BI, "", 0, false, 0, FACE_W},
	{"ve10", 0, UT_LI, "VE", 3, false, 0, FACE_E},
	{"ve11", 0, UT_LI, "VE", 3, false, 0, FACE_E},
	{"ve12", 0, UT_LI, "VE", 3, false, 0, FACE_E},
	{NULL, 0, 0, NULL, 0, false, 0, 0},
};

static struct hex H(int n)
{
	return (struct hex){n / 100, n % 100};
}

static void add_line(struct battle *b, const char *name, int side,
		     int spacing, const char *member)
{
	struct line_def *d = &b->lines[b->nlines++];
	snprintf(d->name, sizeof d->name, "%s", name);
	d->side = side;
	d->spacing = spacing;
	d->nmembers = 1;
	snprintf(d->members[0], sizeof d->members[0], "%s", member);
}

static struct battle *loader(void *user, const char *name,
			     struct ini_error *err)
{
	(void)user;
	if (strcmp(name, "ord") != 0) {
		memset(err, 0, sizeof *err);
		snprintf(err->msg, sizeof err->msg, "no battle %s", name);
		return NULL;
	}
	struct battle *b =
		fx_empty_battle("ord", "Orders", 30, 20, "rome", "carthage");
	for (const struct lsp *s = leaders; s->id; s++) {
		struct leader *l = &b->leaders[b->nleaders++];
		snprintf(l->id, sizeof l->id, "%s", s->id);
		l->side = s->side;
		l->kind = s->kind;
		l->initiative = s->init;
		l->command_range = s->range;
		l->line_command = s->lc;
		l->strategy = s->strategy;
		l->overall = s->oc;
		l->hex = H(s->hex);
		l->on_map = true;
		l->available = true;
	}
	for (const struct usp *s = units; s->id; s++) {
		struct unit *u = &b->units[b->nunits++];
		snprintf(b->unit_text[u - b->units].id, ID_MAX, "%s", s->id);
		snprintf(u->cls, sizeof u->cls, "%s", s->cls);
		u->side = s->side;
		u->type = s->t;
		u->size = 3;
		u->tq = 6;
		u->ma = s->t == UT_LC ? 9 : s->t == UT_RC ? 7 : 5;
		u->legion = s->legion;
		u->ala = s->ala;
		u->at.hex[0] = s->hex ? H(s->hex) : HEX_NONE;
		u->at.hex[1] = HEX_NONE;
		u->at.facing = s->facing;
		u->on_map = s->hex != 0;
	}
	add_line(b, "hastati", 0, 1, "class:HA");
	add_line(b, "velites", 0, 1, "class:VE");
	add_line(b, "horse", 0, 1, "type:RC");
	add_line(b, "light", 1, 1, "type:LC");
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
	session_exec(s, "new ord sandbox 42", &r);
	cr_assert_eq(r.status, CMD_OK, "%s", r.reason);
	cmd_result_free(&r);
	return s;
}

static void close_game(struct session *s)
{
	session_free(s);
	free(s);
}

/* The outcome of one command: status, rule, and its events as text. */
struct out {
	enum cmd_status st;
	char rule[16];
	char reason[256];
	char ev[8192];
};

static struct out run(struct session *s, const char *line)
{
	struct out o;
	memset(&o, 0, sizeof o);
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(s, line, &r);
	o.st = r.status;
	snprintf(o.rule, sizeof o.rule, "%s", r.rule);
	snprintf(o.reason, sizeof o.reason, "%s", r.reason);
	size_t len = 0;
	for (size_t i = 0; i < r.out.n && len < sizeof o.ev - 1; i++) {
		char buf[512];
		event_log_format(&r.out, i, buf, sizeof buf);
		len += (size_t)snprintf(o.ev + len, sizeof o.ev - len, "%s\n",
					buf);
	}
	cmd_result_free(&r);
	return o;
}

#define OK(s, line)                                                           \
	do {                                                                  \
		struct out o_ = run(s, line);                                 \
		cr_assert_eq(o_.st, CMD_OK, "%s: refused %s (%s)", line,      \
			     o_.reason, o_.rule);                             \
	} while (0)

/* The command is refused naming rule, and changes nothing. */
#define REFUSED(s, line, want)                                                \
	do {                                                                  \
		char *before_ = game_state_text((s)->game);                   \
		struct out o_ = run(s, line);                                 \
		char *after_ = game_state_text((s)->game);                    \
		cr_assert_eq(o_.st, CMD_REFUSED, "%s: not refused", line);    \
		cr_assert_str_eq(o_.rule, want, "%s: rule %s (%s)", line,     \
				 o_.rule, o_.reason);                         \
		cr_assert_str_eq(before_, after_, "%s changed the game",      \
				 line);                                       \
		free(before_);                                                \
		free(after_);                                                 \
	} while (0)

static struct unit *U(struct session *s, const char *id)
{
	struct unit *u = game_unit(s->game, id);
	cr_assert_not_null(u, "no unit %s", id);
	return u;
}

static struct leader *L(struct session *s, const char *id)
{
	struct leader *l = game_leader(s->game, id);
	cr_assert_not_null(l, "no leader %s", id);
	return l;
}

static void place(struct session *s, const char *id, int hex, int facing)
{
	struct unit *u = U(s, id);
	game_unit_set_hex(s->game, u, 0, H(hex));
	u->at.facing = facing;
	u->on_map = true;
}

/* Opens leader id's Orders Phase (5.21) as the sequence does. */
static void phase(struct session *s, const char *id, bool momentum)
{
	struct game *g = s->game;
	struct leader *l = L(s, id);
	g->seq.started_turn = g->turn;
	g->phase = PHASE_MOVEMENT;
	g->seq.step = SEQ_ORDERS;
	g->active_leader = (int)(l - g->leaders);
	l->state = LS_ACTIVE;
	for (int k = 0; k < g->nunits; k++)
		g->units[k].moved_phase = false;
	orders_phase_begin(g);
	g->seq.orders_left = l->initiative;
	g->seq.orders_given = 0;
	g->seq.momentum_phase = momentum;
}

static bool has(const struct out *o, const char *text)
{
	return strstr(o->ev, text) != NULL;
}

/* ---- Individual Orders ---- */

Test(orders, order_moves_a_unit_step_by_step_5_22_6_21)
{
	struct session *s = open_game();
	phase(s, "consul", false);
	OK(s, "order ha1");
	struct out o = run(s, "move 0506");
	cr_assert_eq(o.st, CMD_OK, "%s", o.reason);
	cr_expect(has(&o, "moved unit=ha1 from=0406 to=0506"), "%s", o.ev);
	cr_expect_eq(s->game->seq.orders_left, 4);
	OK(s, "face SE");
	o = run(s, "halt");
	cr_expect(has(&o, "move_end unit=ha1"), "%s", o.ev);
	REFUSED(s, "move 0606", "6.11");
	close_game(s);
}

/* 4.22, 5.21: an order per Initiative point, then no more. */
Test(orders, orders_are_counted_against_initiative_4_22_5_21)
{
	struct session *s = open_game();
	phase(s, "tribune", false); /* Initiative 3 */
	L(s, "tribune")->hex = H(405);
	OK(s, "order ha1");
	OK(s, "order ha2");
	OK(s, "order ha3");
	cr_expect_eq(s->game->seq.orders_left, 0);
	cr_expect_eq(s->game->seq.orders_given, 3);
	REFUSED(s, "order ha5", "5.21");
	close_game(s);
}

/* 4.21: range by an unobstructed path, counted at the instant. */
Test(orders, command_range_counted_at_the_instant_4_21)
{
	struct session *s = open_game();
	L(s, "tribune")->hex = H(110);
	place(s, "ha1", 510, FACE_E); /* 4 hexes: beyond range 3 */
	phase(s, "tribune", false);
	REFUSED(s, "order ha1", "4.21");
	place(s, "ha1", 410, FACE_E); /* 3 hexes */
	OK(s, "order ha1");
	close_game(s);
}

/* 4.21: an enemy ZOC blocks the path; a friendly unit in the hex
 * negates it. */
Test(orders, enemy_zoc_blocks_friendly_unit_negates_4_21)
{
	struct session *s = open_game();
	struct leader *c = L(s, "consul");
	c->hex = H(1010);
	c->command_range = 2;
	place(s, "e1", 1011, FACE_E); /* ZOC into 1110 and 1111 */
	place(s, "ha1", 1111, FACE_E);
	phase(s, "consul", false);
	REFUSED(s, "order ha1", "4.21");
	place(s, "ha2", 1110, FACE_E);
	OK(s, "order ha1");
	close_game(s);
}

/* 5.21: Individual Orders or Line Commands, not both. */
Test(orders, individual_orders_or_line_commands_5_21)
{
	struct session *s = open_game();
	L(s, "consul")->hex = H(505);
	phase(s, "consul", false);
	OK(s, "order ha1");
	REFUSED(s, "line hastati", "5.21");
	close_game(s);

	s = open_game();
	L(s, "consul")->hex = H(505);
	phase(s, "consul", false);
	OK(s, "line hastati");
	REFUSED(s, "order pr1", "5.21");
	REFUSED(s, "order consul", "4.34");
	close_game(s);
}

/* 5.21's example: Hannibal (Initiative 7, two Line Commands) gives up to
 * seven Individual Orders, or two Line Commands, no more. */
Test(orders, hannibal_seven_orders_or_two_line_commands_5_21)
{
	struct session *s = open_game();
	struct game *g = s->game;
	static const char *ids[] = {"lc1", "e1", "e2"};
	for (int i = 0; i < 3; i++)
		place(s, ids[i], 1905 + i, FACE_W);
	phase(s, "hannibal", false);
	for (int i = 0; i < 3; i++) {
		char line[32];
		snprintf(line, sizeof line, "order %s", ids[i]);
		OK(s, line);
	}
	OK(s, "order hannibal");
	OK(s, "order hanno");
	cr_expect_eq(g->seq.orders_left, 2);
	close_game(s);

	/* two Line Commands to two lines of light horse */
	s = open_game();
	g = s->game;
	place(s, "lc1", 1905, FACE_W);
	place(s, "e1", 1909, FACE_W);
	g->units[9].type = UT_LC; /* e1 is light horse here */
	place(s, "e2", 1913, FACE_W);
	g->units[10].type = UT_LC;
	phase(s, "hannibal", false);
	REFUSED(s, "line light", "4.32"); /* three lines: name one */
	OK(s, "line light lc1");
	OK(s, "line light e1");
	REFUSED(s, "line light e2", "4.4");
	REFUSED(s, "order e2", "5.21");
	close_game(s);
}

/* 5.24's example: light horse ordered by Maharbal may not be ordered again
 * in that phase, but may be in a later phase of another leader. */
Test(orders, no_second_order_in_one_phase_5_24)
{
	struct session *s = open_game();
	place(s, "lc1", 1812, FACE_W);
	L(s, "hanno")->hex = H(1813);
	phase(s, "hanno", false);
	OK(s, "order lc1");
	OK(s, "move 1712");
	OK(s, "halt");
	REFUSED(s, "order lc1", "5.24");
	OK(s, "orders done");
	phase(s, "hannibal", false);
	L(s, "hannibal")->hex = H(1811);
	struct out o = run(s, "order lc1");
	cr_assert_eq(o.st, CMD_OK, "%s", o.reason);
	close_game(s);
}

/* 6.12's example: a line of hastati moved by a tribune's Line Command
 * moves again only in a later phase; 6.13 the second move costs a hit. */
Test(orders, line_moves_again_only_in_a_later_phase_6_12_6_13)
{
	struct session *s = open_game();
	L(s, "tribune")->hex = H(307);
	phase(s, "tribune", false);
	OK(s, "line hastati");
	OK(s, "pick ha1");
	OK(s, "move 0506");
	OK(s, "pick ha2");
	OK(s, "move 0507");
	REFUSED(s, "pick ha1", "5.24");
	OK(s, "halt");
	cr_expect_eq(U(s, "ha2")->hits, 0);
	OK(s, "orders done");
	/* the consul's phase: the second move, 1 hit at its end (6.13) */
	phase(s, "consul", false);
	L(s, "consul")->hex = H(405);
	OK(s, "order ha1");
	OK(s, "move 0606");
	struct out o = run(s, "halt");
	cr_expect(has(&o, "cohesion_hit unit=ha1 hits=1 total=1"), "%s",
		  o.ev);
	cr_expect(has(&o, "rule=6.13"), "%s", o.ev);
	cr_expect_eq(U(s, "ha1")->hits, 1);
	close_game(s);
}

/* 6.23 (through the movement chart): rough terrain costs MP and hits
 * as the unit enters it. */
Test(orders, terrain_costs_as_a_move_6_21_6_22)
{
	struct session *s = open_game();
	struct map *m = s->game->battle->map;
	map_at_mut(m, H(506))->terrain = TERRAIN_WOODS;
	phase(s, "consul", false);
	L(s, "consul")->hex = H(405);
	OK(s, "order ha1");
	struct out o = run(s, "move 0506");
	cr_assert_eq(o.st, CMD_OK, "%s", o.reason);
	cr_expect(has(&o, "terrain=woods"), "%s", o.ev);
	cr_expect(has(&o, "cohesion_hit unit=ha1"), "%s", o.ev);
	close_game(s);
}

/* 4.23: the leader orders a unit he is stacked with and goes with it. */
Test(orders, leader_moves_with_the_unit_4_23)
{
	struct session *s = open_game();
	L(s, "consul")->hex = H(406);
	phase(s, "consul", false);
	REFUSED(s, "order ha2 with", "4.23");
	OK(s, "order ha1 with");
	struct out o = run(s, "move 0506");
	cr_assert_eq(o.st, CMD_OK, "%s", o.reason);
	cr_expect(has(&o, "leader_moved leader=consul with=ha1 to=0506"),
		  "%s", o.ev);
	cr_expect(hex_eq(L(s, "consul")->hex, H(506)));
	cr_expect_eq(s->game->seq.orders_left, 4);
	close_game(s);
}

/* 4.24: a leader (not the OC) in an enemy ZOC gives no orders; 4.4 #1
 * the OC leaves it by his own order; 4.4 #2 the OC moves another leader
 * out of it for two orders. */
Test(orders, leaders_in_enemy_zoc_4_24_4_4)
{
	struct session *s = open_game();
	place(s, "e1", 1011, FACE_E); /* ZOC into 1110, 1111 */
	place(s, "ha2", 1110, FACE_E);
	L(s, "tribune")->hex = H(1110);
	place(s, "ha1", 1109, FACE_E);
	phase(s, "tribune", false);
	REFUSED(s, "order ha1", "4.24");
	REFUSED(s, "order tribune", "4.24");
	REFUSED(s, "line hastati", "4.24");
	/* the OC orders him out: two orders (4.4 #2) */
	L(s, "consul")->hex = H(1108);
	phase(s, "consul", false);
	OK(s, "order tribune");
	cr_expect_eq(s->game->seq.orders_left, 3);
	char step[32], hx[16];
	hex_format(hex_neighbour(H(1110), SIDE_ESE), hx, sizeof hx);
	snprintf(step, sizeof step, "move %s", hx);
	OK(s, step);
	REFUSED(s, "order tribune", "4.4"); /* once per phase */
	close_game(s);

	/* 4.4 #1: the OC in an enemy ZOC orders himself out */
	s = open_game();
	place(s, "e1", 1011, FACE_E);
	place(s, "ha2", 1110, FACE_E);
	L(s, "consul")->hex = H(1110);
	phase(s, "consul", false);
	OK(s, "order consul");
	cr_expect_eq(s->game->seq.orders_left, 4);
	OK(s, step);
	close_game(s);
}

/* 4.25: a Finished leader gives no orders; only his OC moves him. */
Test(orders, finished_leader_moves_only_by_oc_4_25)
{
	struct session *s = open_game();
	L(s, "tribune")->state = LS_FINISHED;
	phase(s, "praefect", false);
	REFUSED(s, "order tribune", "4.4");
	phase(s, "consul", false);
	OK(s, "order tribune");
	OK(s, "move 0410");
	/* a Finished active leader gives nothing */
	phase(s, "praefect", false);
	L(s, "praefect")->state = LS_FINISHED;
	REFUSED(s, "order rc1", "4.25");
	close_game(s);
}

/* 4.35: a restricted leader orders only what his restriction names. */
Test(orders, command_restriction_4_35)
{
	struct session *s = open_game();
	L(s, "hanno")->restriction = "type:LC";
	place(s, "lc1", 1811, FACE_W);
	place(s, "e1", 1813, FACE_W);
	phase(s, "hanno", false);
	REFUSED(s, "order e1", "4.35");
	OK(s, "order lc1");
	close_game(s);
}

/* 4.52: one Class from one legion (velites are one Class); 4.54 legion or
 * ala horse, not both. */
Test(orders, one_class_from_one_legion_4_52_4_54)
{
	struct session *s = open_game();
	L(s, "tribune")->hex = H(307);
	place(s, "rc1", 308, FACE_E);
	phase(s, "tribune", false);
	REFUSED(s, "order rc1", "4.54"); /* no cavalry for a tribune */
	OK(s, "order ha1");
	REFUSED(s, "order pr1", "4.52");
	REFUSED(s, "order ha5", "4.52");
	OK(s, "order ha2");
	close_game(s);

	s = open_game();
	L(s, "tribune")->hex = H(305);
	place(s, "ve10", 205, FACE_E);
	phase(s, "tribune", false);
	OK(s, "order ve1"); /* legion 5 velites */
	OK(s, "order ve10"); /* legion 3 velites: the same Class */
	REFUSED(s, "order ha1", "4.52");
	close_game(s);

	s = open_game();
	phase(s, "praefect", false);
	OK(s, "order rc1");
	REFUSED(s, "order rc2", "4.54");
	REFUSED(s, "order ha5", "4.54");
	close_game(s);
}

/* 4.33 #2: outside the OC's range a subordinate rolls against the OC's
 * Strategy (4): success and failure with forced dice; a failure leaves
 * Individual Orders. */
Test(orders, strategy_roll_for_a_line_command_4_33)
{
	struct session *s = open_game();
	s->game->turn = 2;
	L(s, "consul")->hex = H(2919);
	L(s, "tribune")->hex = H(307);
	phase(s, "tribune", false);
	OK(s, "roll 4");
	struct out o = run(s, "line hastati ha1");
	cr_assert_eq(o.st, CMD_OK, "%s", o.reason);
	cr_expect(has(&o, "roll for=line_command"), "%s", o.ev);
	cr_expect(has(&o, "target=4 drm=+0 die=4 forced=yes total=4 "
			  "result=pass"),
		  "%s", o.ev);
	cr_expect(has(&o, "line_command leader=tribune line=hastati"), "%s",
		  o.ev);
	close_game(s);

	s = open_game();
	s->game->turn = 2;
	L(s, "consul")->hex = H(2919);
	L(s, "tribune")->hex = H(307);
	phase(s, "tribune", false);
	OK(s, "roll 5");
	o = run(s, "line hastati ha1");
	cr_assert_eq(o.st, CMD_OK, "%s", o.reason);
	cr_expect(has(&o, "result=fail"), "%s", o.ev);
	cr_expect(has(&o, "line_command_refused"), "%s", o.ev);
	REFUSED(s, "line hastati ha1", "4.33"); /* no second roll */
	OK(s, "order ha1");			/* Individual Orders only */
	close_game(s);
}

/* 4.33 #2: +1 when a unit of the line is in an enemy ZOC. */
Test(orders, strategy_roll_plus_one_in_enemy_zoc_4_33)
{
	struct session *s = open_game();
	s->game->turn = 2;
	L(s, "consul")->hex = H(2919);
	L(s, "tribune")->hex = H(307);
	place(s, "e1", 506, FACE_W); /* ha1 at 0406 in its Front */
	phase(s, "tribune", false);
	OK(s, "roll 4");
	struct out o = run(s, "line hastati ha1");
	cr_expect(has(&o, "drm=+1 die=4 forced=yes total=5 result=fail"),
		  "%s", o.ev);
	close_game(s);
}

/* 4.33 #3: on the first turn no roll; within the OC's range no roll. */
Test(orders, first_turn_and_oc_range_need_no_roll_4_33)
{
	struct session *s = open_game();
	L(s, "consul")->hex = H(2919);
	L(s, "tribune")->hex = H(307);
	phase(s, "tribune", false); /* turn 1 */
	struct out o = run(s, "line hastati ha1");
	cr_assert_eq(o.st, CMD_OK, "%s", o.reason);
	cr_expect(!has(&o, "roll for="), "%s", o.ev);
	close_game(s);

	s = open_game();
	s->game->turn = 2;
	L(s, "tribune")->hex = H(307); /* the consul at 0510, range 6 */
	phase(s, "tribune", false);
	o = run(s, "line hastati ha1");
	cr_assert_eq(o.st, CMD_OK, "%s", o.reason);
	cr_expect(!has(&o, "roll for="), "%s", o.ev);
	close_game(s);
}

/* 4.33: a Momentum phase needs the roll, and only after a Line Command
 * in the leader's Initial phase this turn. */
Test(orders, momentum_line_command_needs_an_initial_one_4_33)
{
	struct session *s = open_game();
	s->game->turn = 2;
	L(s, "tribune")->hex = H(307);
	phase(s, "tribune", true);
	REFUSED(s, "line hastati ha1", "4.33");
	phase(s, "tribune", false);
	OK(s, "line hastati ha1"); /* in the OC's range: no roll */
	OK(s, "orders done");
	phase(s, "tribune", true);
	OK(s, "roll 2");
	struct out o = run(s, "line hastati ha1");
	cr_assert_eq(o.st, CMD_OK, "%s", o.reason);
	cr_expect(has(&o, "result=pass"), "%s", o.ev);
	close_game(s);
}

/* 4.33: an infantry line needs the leader within two hexes at the start
 * of his phase. */
Test(orders, infantry_line_within_two_hexes_at_the_start_4_33)
{
	struct session *s = open_game();
	L(s, "tribune")->hex = H(110);
	phase(s, "tribune", false);
	REFUSED(s, "line hastati ha1", "4.33");
	/* moving close after the start does not help */
	L(s, "tribune")->hex = H(307);
	REFUSED(s, "line hastati ha1", "4.33");
	close_game(s);
}

/* 4.6: Carthaginian subordinates need no roll in an Initial phase. */
Test(orders, carthaginian_command_4_6)
{
	struct session *s = open_game();
	s->game->turn = 2;
	place(s, "lc1", 1905, FACE_W);
	L(s, "hanno")->hex = H(1904);
	L(s, "hannibal")->hex = H(1020);
	phase(s, "hanno", false);
	OK(s, "roll 9");
	struct out o = run(s, "line light");
	cr_expect(has(&o, "result=fail"), "%s", o.ev);
	close_game(s);

	s = open_game();
	struct battle *b = s->game->battle;
	snprintf(b->options[b->noptions++], sizeof b->options[0],
		 "carthaginian_command");
	s->game->turn = 2;
	place(s, "lc1", 1905, FACE_W);
	L(s, "hanno")->hex = H(1904);
	L(s, "hannibal")->hex = H(1020);
	phase(s, "hanno", false);
	o = run(s, "line light");
	cr_assert_eq(o.st, CMD_OK, "%s", o.reason);
	cr_expect(!has(&o, "roll for="), "%s", o.ev);
	close_game(s);
}

/* 4.34: the commanding leader may move with his Line Command and must
 * stay within Command Range of a unit of the line. */
Test(orders, leader_moves_as_part_of_his_line_command_4_34)
{
	struct session *s = open_game();
	L(s, "tribune")->hex = H(307);
	L(s, "tribune")->command_range = 2;
	phase(s, "tribune", false);
	OK(s, "line hastati ha1");
	REFUSED(s, "pick consul", "4.34");
	OK(s, "pick tribune");
	OK(s, "move 0207"); /* 2 hexes from ha1 at 0406 */
	REFUSED(s, "move 0107", "4.34");
	close_game(s);
}

/* 4.32's Cannae velites, adjacent Flank-to-Flank: one line; 9.24:
 * velites between hastati do not break the hastati line. */
Test(orders, velites_line_and_hastati_with_velites_between_4_32_9_24)
{
	struct session *s = open_game();
	place(s, "ve10", 2010, FACE_E);
	place(s, "ve11", 2011, FACE_E);
	place(s, "ve12", 2012, FACE_E);
	L(s, "consul")->hex = H(1911);
	phase(s, "consul", false);
	REFUSED(s, "line velites", "4.32"); /* ve1 far away: two lines */
	struct out o = run(s, "line velites ve11");
	cr_assert_eq(o.st, CMD_OK, "%s", o.reason);
	cr_expect(has(&o, "members=ve10,ve11,ve12"), "%s", o.ev);
	OK(s, "pick ve12");
	OK(s, "move 2112");
	REFUSED(s, "pick ve1", "4.31");
	close_game(s);

	s = open_game();
	place(s, "ha1", 2808, FACE_E);
	place(s, "ve10", 2809, FACE_E);
	place(s, "ha2", 2810, FACE_E);
	L(s, "consul")->hex = H(2709);
	phase(s, "consul", false);
	o = run(s, "line hastati ha2");
	cr_assert_eq(o.st, CMD_OK, "%s", o.reason);
	cr_expect(has(&o, "members=ha1,ha2 "), "%s", o.ev);
	OK(s, "pick ha1");
	OK(s, "move 2908");
	OK(s, "pick ha2");
	OK(s, "move 2910");
	close_game(s);
}

/* 6.14: a leader's 9 MP serve the whole Orders Phase, across moves. */
Test(orders, leader_nine_mp_across_two_moves_6_14)
{
	struct session *s = open_game();
	L(s, "consul")->hex = H(1001);
	phase(s, "consul", false);
	OK(s, "order consul");
	char line[32];
	for (int r = 2; r <= 6; r++) {
		snprintf(line, sizeof line, "move 10%02d", r);
		OK(s, line);
	}
	OK(s, "halt");
	OK(s, "order consul");
	for (int r = 7; r <= 10; r++) {
		snprintf(line, sizeof line, "move 10%02d", r);
		OK(s, line);
	}
	REFUSED(s, "move 1011", "6.14");
	OK(s, "halt");
	REFUSED(s, "order consul", "6.14");
	close_game(s);
}

/* 10.27: a routed unit takes no order to move. */
Test(orders, routed_unit_refused_10_27)
{
	struct session *s = open_game();
	U(s, "ha1")->routed = true;
	phase(s, "consul", false);
	REFUSED(s, "order ha1", "10.27");
	REFUSED(s, "order ha2 rally", "10.28");
	REFUSED(s, "order ha2 fire", "8.1");
	REFUSED(s, "order ha2 recover", "10.16");
	close_game(s);
}

/* 10.14: hits reaching the TQ during a move: rout_due, then the rout. */
Test(orders, move_hits_reaching_tq_rout_10_14)
{
	struct session *s = open_game();
	map_at_mut(s->game->battle->map, H(506))->terrain = TERRAIN_WOODS;
	U(s, "ha1")->hits = 5;
	phase(s, "consul", false);
	OK(s, "order ha1");
	struct out o = run(s, "move 0506");
	cr_assert_eq(o.st, CMD_OK, "%s", o.reason);
	cr_expect(has(&o, "rout_due unit=ha1"), "%s", o.ev);
	cr_expect(U(s, "ha1")->routed || rout_pending(s->game), "%s", o.ev);
	cr_expect_not(s->game->ord.moving);
	close_game(s);
}

/* legal lists only what the commands accept. */
Test(orders, legal_lists_accepted_orders)
{
	struct session *s = open_game();
	L(s, "tribune")->hex = H(307);
	phase(s, "tribune", false);
	OK(s, "order ha1");
	struct decision_answer a[256];
	int n = seq_legal(s->game, a, 256);
	cr_assert_gt(n, 3);
	for (int i = 0; i < n; i++) {
		if (strcmp(a[i].line, "orders done") == 0)
			continue;
		struct out o = run(s, a[i].line);
		cr_expect_eq(o.st, CMD_OK, "%s: %s (%s)", a[i].line, o.reason,
			     o.rule);
		/* back to the position: redo the fixture */
		close_game(s);
		s = open_game();
		L(s, "tribune")->hex = H(307);
		phase(s, "tribune", false);
		OK(s, "order ha1");
	}
	close_game(s);
}

/* The legal list's `line hastati...` line (its comment included), ""
 * when there is none. */
static const char *hastati_line(struct session *s, char *buf, size_t n)
{
	struct decision_answer a[256];
	int k = seq_legal(s->game, a, 256);
	buf[0] = '\0';
	for (int i = 0; i < k; i++)
		if (strncmp(a[i].line, "line hastati", 12) == 0 &&
		    !strstr(a[i].line, " fire"))
			snprintf(buf, n, "%s", a[i].line);
	return buf;
}

/* 4.33 #2: the odds of the Strategy roll a Line Command needs, told
 * before it is given (in the legal list's line as a comment too).  By hand: the OC's Strategy 4, a roll of 4 or less
 * passes: faces 0-4, 50%; with a unit of the line in an enemy ZOC (+1)
 * 3 or less: 40%.  Within the OC's range no roll, no odds. */
Test(orders, strategy_roll_odds_4_33)
{
	struct session *s = open_game();
	s->game->turn = 2;
	L(s, "consul")->hex = H(2919);
	L(s, "tribune")->hex = H(307);
	phase(s, "tribune", false);
	struct odds o;
	cr_assert(orders_line_odds(s->game, "hastati", "ha1", &o));
	cr_assert(odds_complete(&o));
	cr_assert_str_eq(o.rule, "4.33 #2");
	cr_assert_eq(odds_percent(&o, "pass"), 50);
	cr_assert_eq(odds_percent(&o, "fail"), 50);
	char text[512];
	cr_assert_gt(orders_line_odds_text(s->game, text, sizeof text), 0);
	cr_assert_not_null(strstr(text, "line hastati"), "%s", text);
	cr_assert_not_null(strstr(text, ": 4 or less, 50%"), "%s", text);
	char line[DECISION_LINE_MAX];
	cr_assert_str_eq(hastati_line(s, line, sizeof line),
			 "line hastati # Strategy roll: 50%");
	close_game(s);

	s = open_game();
	s->game->turn = 2;
	L(s, "consul")->hex = H(2919);
	L(s, "tribune")->hex = H(307);
	place(s, "e1", 506, FACE_W); /* ha1 at 0406 in its Front */
	phase(s, "tribune", false);
	cr_assert(orders_line_odds(s->game, "hastati", "ha1", &o));
	cr_assert_eq(odds_percent(&o, "pass"), 40);
	cr_assert(orders_line_odds_text(s->game, text, sizeof text) > 0);
	cr_assert_not_null(strstr(text, ": 4 or less, DRM +1, 40%"), "%s",
			   text);
	cr_assert_str_eq(hastati_line(s, line, sizeof line),
			 "line hastati # Strategy roll: 40%");
	OK(s, hastati_line(s, line, sizeof line)); /* the comment is no word */
	close_game(s);

	s = open_game();
	s->game->turn = 2;
	L(s, "tribune")->hex = H(307); /* the consul at 0510, range 6 */
	phase(s, "tribune", false);
	cr_assert_not(orders_line_odds(s->game, "hastati", "ha1", &o));
	cr_assert_eq(orders_line_odds_text(s->game, text, sizeof text), 0);
	cr_assert_str_eq(text, "");
	cr_assert_str_eq(hastati_line(s, line, sizeof line), "line hastati");
	close_game(s);
}
