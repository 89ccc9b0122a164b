/* Manipular Line Extension (9.66-9.68, mle.h): the reaction offered to
 * every stack of a Line of Roman stacks when an enemy combat unit comes
 * within 2 hexes of it (9.67, with its example: velites withdraw through
 * the gap, then the hastati line extends), the hex it may go to (9.66),
 * never by units that withdraw (9.67), and the extension in a Line
 * Command with MA -2 for both units (9.68); played through a sandbox
 * session on a hand-built battle with forced dice. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/map.h"
#include "maniple/mle.h"
#include "maniple/movement.h"
#include "maniple/orders.h"
#include "maniple/reactions.h"
#include "maniple/sequence.h"
#include "maniple/stacking.h"
#include "spqr_tables.h"
#include "session_play.h"
#include "fixture.h"

struct usp {
	const char *id;
	int side;
	enum unit_type t;
	const char *cls;
	enum missile_class mc;
	int tq, ma, ma_ext;
};

/* Rome is side 0, Carthage side 1. */
static const struct usp units[] = {
	{"ha1", 0, UT_LG, "HA", MC_NONE, 6, 5, 0},
	{"ha2", 0, UT_LG, "HA", MC_NONE, 6, 5, 0},
	{"ha3", 0, UT_LG, "HA", MC_NONE, 6, 5, 0},
	{"ha4", 0, UT_LG, "HA", MC_NONE, 6, 5, 0},
	{"ha5", 0, UT_LG, "HA", MC_NONE, 6, 5, 0},
	{"ha6", 0, UT_LG, "HA", MC_NONE, 6, 5, 0},
	{"pr1", 0, UT_LG, "PR", MC_NONE, 7, 5, 0},
	{"ve1", 0, UT_LI, "VE", MC_NONE, 5, 6, 0},
	{"al1", 0, UT_HI, "", MC_NONE, 6, 5, 0},
	{"hi1", 1, UT_HI, "", MC_NONE, 6, 5, 0},
	{"e1", 1, UT_BI, "", MC_NONE, 6, 5, 0},
	{NULL, 0, 0, NULL, MC_NONE, 0, 0, 0},
};

static struct battle *
loader(void *user, const char *name, struct ini_error *err)
{
	(void)user;
	if (strcmp(name, "mle") != 0) {
		memset(err, 0, sizeof *err);
		snprintf(err->msg, sizeof err->msg, "no battle %s", name);
		return NULL;
	}
	struct battle *b = fx_empty_battle("mle", "Line extension", 30, 20,
					   "rome", "carthage");
	static const struct {
		const char *id;
		int side, hex;
	} ls[] = {{"consul", 0, 603}, {"hannibal", 1, 2803}};
	for (int k = 0; k < 2; k++) {
		struct leader *l = &b->leaders[b->nleaders++];
		snprintf(l->id, sizeof l->id, "%s", ls[k].id);
		l->side = ls[k].side;
		l->kind = LK_GENERAL;
		l->initiative = 5;
		l->command_range = 20;
		l->line_command = 1;
		l->overall = true;
		l->hex = H(ls[k].hex);
		l->on_map = true;
		l->available = true;
	}
	/* 4.32, 9.61: the hastati and the principes are two-space Lines */
	static const struct {
		const char *name, *members;
	} lines[] = {{"hastati", "class:HA"}, {"principes", "class:PR"}};
	for (int k = 0; k < 2; k++) {
		struct line_def *d = &b->lines[b->nlines++];
		snprintf(d->name, sizeof d->name, "%s", lines[k].name);
		d->side = 0;
		d->nmembers = 1;
		snprintf(d->members[0], sizeof d->members[0], "%s",
			 lines[k].members);
		d->spacing = 2;
	}
	for (const struct usp *s = units; s->id; s++) {
		struct unit *u = &b->units[b->nunits++];
		snprintf(b->unit_text[u - b->units].id, ID_MAX, "%s", s->id);
		snprintf(u->cls, sizeof u->cls, "%s", s->cls);
		u->side = s->side;
		u->type = s->t;
		u->missile = s->mc;
		u->size = 3;
		u->tq = s->tq;
		u->ma = s->ma;
		u->ma_ext = s->ma_ext;
		u->legion = s->side == 0 && s->t == UT_LG ? 1 : 0;
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
	session_exec(s, "new mle sandbox 42", &r);
	cr_assert_eq(r.status, CMD_OK, "%s", r.reason);
	cmd_result_free(&r);
	return s;
}

/* The command is refused naming rule, and changes nothing. */
#define REFUSED(s, line, want)                                                 \
	do {                                                                   \
		char *before_ = game_state_text((s)->game);                    \
		struct out o_ = run(s, line);                                  \
		char *after_ = game_state_text((s)->game);                     \
		cr_assert_eq(o_.st, CMD_REFUSED, "%s: not refused", line);     \
		cr_assert_str_eq(o_.rule, want, "%s: rule %s (%s)", line,      \
				 o_.rule, o_.reason);                          \
		cr_assert_str_eq(before_, after_, "%s changed the game",       \
				 line);                                        \
		free(before_);                                                 \
		free(after_);                                                  \
	} while (0)

static bool legal_has(struct session *s, const char *line)
{
	struct decision_answer a[64];
	int n = seq_legal(s->game, a, 64);
	for (int i = 0; i < n; i++)
		if (strcmp(a[i].line, line) == 0)
			return true;
	return false;
}

static bool at(struct session *s, const char *id, int hex)
{
	return hex_eq(U(s, id)->at.hex[0], H(hex));
}

/* The hastati line of 9.67's example: two stacks facing E, ha1 on ha2
 * in 1010 and ha3 on ha4 in 1012, the velites ve1 in the gap 1011 (a
 * flank hex of both stacks); the heavy infantry hi1 (the example says "say, a phalanx") far off to the E. */
static struct session *hastati_line(void)
{
	struct session *s = open_game();
	place(s, "ha1", 1010, FACE_E);
	place(s, "ha2", 1010, FACE_E);
	place(s, "ha3", 1012, FACE_E);
	place(s, "ha4", 1012, FACE_E);
	place(s, "ve1", 1011, FACE_E);
	place(s, "hi1", 1511, FACE_W);
	cr_assert_eq(stacking_mate(s->game, U(s, "ha1")), U(s, "ha2"));
	cr_assert(!stacking_is_bottom(s->game, U(s, "ha1")), "ha1 on top");
	return s;
}

/* hi1 marches W until it comes within 2 hexes of the line; returns the
 * step's events.  The step before it leaves the line 3 hexes away. */
static struct out enemy_approaches(struct session *s)
{
	phase(s, "hannibal");
	ok(s, "order hi1");
	struct out o = ok(s, "move 1411");
	cr_assert(!has(&o, "mle_offered"), "%s", o.ev);
	o = ok(s, "move 1311");
	cr_assert(!has(&o, "mle_offered"), "3 hexes is not near: %s", o.ev);
	return ok(s, "move 1211");
}

Test(mle, offered_when_enemy_comes_within_2_hexes_9_67)
{
	struct session *s = hastati_line();
	struct out o = enemy_approaches(s);
	cr_assert(has(&o, "mle_offered unit=ha1 mate=ha2 by=hi1 distance=2 "
			  "line=hastati rule=9.67"),
		  "%s", o.ev);
	cr_assert(has(&o, "mle_offered unit=ha3 mate=ha4 by=hi1"), "%s", o.ev);
	/* the offer is the stack's, made to its top unit only */
	cr_assert(!has(&o, "mle_offered unit=ha2"), "%s", o.ev);
	cr_assert(reactions_pending(s->game));
	cr_assert_eq(seq_step_now(s->game), SEQ_REACTION);
	cr_assert_eq(seq_decision_side(s->game), 0);
	/* 9.66: sideways only: the N flank hex is open; the gap holds ve1 */
	cr_assert(legal_has(s, "react extend ha1 1009"));
	cr_assert(!legal_has(s, "react extend ha1 1011"));
	cr_assert(legal_has(s, "react extend ha3 1013"));
	cr_assert(legal_has(s, "no reaction"));
	/* the mover waits on the Roman answer */
	REFUSED(s, "move 1111", "6.5");
	close_game(s);
}

/* 9.67's EXAMPLE: the velites in the gap withdraw through it as the
 * phalanx comes on, and then the hastati line extends into the gap. */
Test(mle, example_velites_withdraw_then_hastati_extend_9_67)
{
	struct session *s = hastati_line();
	struct out o = enemy_approaches(s);
	cr_assert(has(&o, "withdrawal_offered unit=ve1 by=hi1"), "%s", o.ev);
	/* both in the one window, never to the same unit: the velites are
	 * offered the withdrawal only, the hastati the extension only */
	cr_assert(has(&o, "mle_offered unit=ha1 mate=ha2 by=hi1"), "%s", o.ev);
	cr_assert(!has(&o, "mle_offered unit=ve1"), "%s", o.ev);
	cr_assert(!has(&o, "withdrawal_offered unit=ha"), "%s", o.ev);
	/* 9.66: the gap is occupied while the velites stand in it */
	REFUSED(s, "react extend ha1 1011", "9.66");
	ok(s, "roll 1 1 1 1");
	ok(s, "withdraw ve1 0911");
	o = ok(s, "withdraw ve1 done");
	cr_assert(at(s, "ve1", 911), "ve1 through the gap");
	cr_assert(reactions_pending(s->game), "the MLE offers stay open");
	/* now the gap is vacant: the top unit goes into it, facing E */
	cr_assert(legal_has(s, "react extend ha1 1011"));
	o = ok(s, "react extend ha1 1011");
	cr_assert(has(&o, "line_extended unit=ha1 mate=ha2 from=1010 to=1011 "
			  "facing=E mp=0 hits=0 rule=9.66,9.67"),
		  "%s", o.ev);
	cr_assert(at(s, "ha1", 1011) && at(s, "ha2", 1010));
	cr_assert_eq(U(s, "ha1")->at.facing, FACE_E);
	cr_assert_eq(U(s, "ha1")->hits, 0, "9.66: no Cohesion Hits");
	cr_assert_eq(U(s, "ha2")->hits, 0);
	cr_assert_null(stacking_mate(s->game, U(s, "ha1")));
	/* the other stack extends the other way */
	o = ok(s, "react extend ha3 1013");
	cr_assert(has(&o, "line_extended unit=ha3 mate=ha4 from=1012 "
			  "to=1013"),
		  "%s", o.ev);
	cr_assert(!reactions_pending(s->game), "the window closes");
	cr_assert_eq(seq_step_now(s->game), SEQ_ORDERS);
	/* once only: no offer is left for ha1 */
	REFUSED(s, "react extend ha1 1009", "9.67");
	ok(s, "move 1111");
	close_game(s);
}

/* 9.67: he need not extend the first time: declined, it is offered
 * again when another enemy unit comes within 2 hexes. */
Test(mle, declined_then_offered_again_by_another_enemy_9_67)
{
	struct session *s = hastati_line();
	place(s, "e1", 1508, FACE_W);
	struct out o = enemy_approaches(s);
	cr_assert(has(&o, "mle_offered unit=ha1"), "%s", o.ev);
	ok(s, "no reaction");
	cr_assert(!reactions_pending(s->game));
	ok(s, "move 1111");
	while (reactions_pending(s->game))
		ok(s, "no reaction");
	ok(s, "halt");
	while (reactions_pending(s->game))
		ok(s, "no reaction");
	ok(s, "order e1");
	o = ok(s, "move 1408");
	cr_assert(!has(&o, "mle_offered"), "%s", o.ev);
	/* 1408 -> 1308 (WSW) is still 3 hexes from 1010; 1308 -> 1209
	 * (WSW) is 2 */
	o = ok(s, "move 1308");
	cr_assert(!has(&o, "mle_offered"), "%s", o.ev);
	o = ok(s, "move 1209");
	cr_assert(has(&o, "mle_offered unit=ha1 mate=ha2 by=e1"), "%s", o.ev);
	close_game(s);
}

/* 9.66: where the top unit may go, each refusal changing nothing. */
Test(mle, flank_hex_clear_vacant_no_enemy_zoc_9_66)
{
	struct session *s = hastati_line();
	enemy_approaches(s);
	REFUSED(s, "react extend ha1 1110", "9.66"); /* a front hex */
	REFUSED(s, "react extend ha1 910", "9.66");  /* a rear hex */
	REFUSED(s, "react extend ha1 1011", "9.66"); /* occupied */
	REFUSED(s, "react extend ha1 nowhere", "9.66");
	REFUSED(s, "react extend zz 1009", "9.66");
	REFUSED(s, "react extend ve1 1009", "9.67"); /* no offer */
	/* not Clear */
	struct map_hex *mh = map_at_mut(s->game->battle->map, H(1009));
	mh->terrain = TERRAIN_WOODS;
	REFUSED(s, "react extend ha1 1009", "9.66");
	cr_assert(!legal_has(s, "react extend ha1 1009"));
	mh->terrain = TERRAIN_CLEAR;
	/* in an enemy ZOC: e1 in 1108 faces the hex (its front is SW) */
	place(s, "e1", 1108, FACE_SW);
	cr_assert(zoc_enemy_in(s->game, 0, H(1009)), "1009 in e1's ZOC");
	REFUSED(s, "react extend ha1 1009", "9.66");
	U(s, "e1")->on_map = false;
	game_unit_set_hex(s->game, U(s, "e1"), 0, HEX_NONE);
	/* the bottom unit named: the top goes, as the stack's */
	struct out o = ok(s, "react extend ha2 1009");
	cr_assert(has(&o, "line_extended unit=ha1 mate=ha2 from=1010 "
			  "to=1009"),
		  "%s", o.ev);
	close_game(s);
}

/* 9.68: units In Column may not extend. */
Test(mle, in_column_may_not_extend_9_68)
{
	struct session *s = hastati_line();
	enemy_approaches(s);
	U(s, "ha1")->at.in_column = true;
	U(s, "ha2")->at.in_column = true;
	REFUSED(s, "react extend ha1 1009", "9.68");
	close_game(s);
}

/* 9.67: a stack in the window with Orderly Withdrawal too: extending
 * gives the withdrawal up (not both by the same units). */
Test(mle, not_both_withdrawal_and_extension_by_same_units_9_67)
{
	struct session *s = hastati_line();
	U(s, "ha1")->ma = 7; /* faster than the BI: 6.51 offers 2 MP */
	U(s, "hi1")->on_map = false;
	game_unit_set_hex(s->game, U(s, "hi1"), 0, HEX_NONE);
	place(s, "e1", 1510, FACE_W);
	phase(s, "hannibal");
	ok(s, "order e1");
	ok(s, "move 1410");
	ok(s, "move 1310");
	struct out o = ok(s, "move 1210");
	cr_assert(has(&o, "withdrawal_offered unit=ha1 by=e1"), "%s", o.ev);
	cr_assert(has(&o, "mle_offered unit=ha1 mate=ha2 by=e1"), "%s", o.ev);
	o = ok(s, "react extend ha1 1009");
	cr_assert(has(&o, "withdrawal_forgone unit=ha1 rule=9.67"), "%s",
		  o.ev);
	REFUSED(s, "withdraw ha1 909", "6.51");
	close_game(s);
}

/* No reaction outside the enemy's Movement segment, nor to a friend. */
Test(mle, only_enemy_combat_units_trigger_9_67)
{
	struct session *s = hastati_line();
	U(s, "hi1")->on_map = false;
	game_unit_set_hex(s->game, U(s, "hi1"), 0, HEX_NONE);
	phase(s, "consul");
	ok(s, "order ve1");
	struct out o = ok(s, "move 1111");
	cr_assert(!has(&o, "mle_offered"), "%s", o.ev);
	close_game(s);
}

/* ---- 9.68: as part of a Line Command ---- */

/* The consul's Line Command to the hastati (the line's membership set
 * directly: the chart rows are command.h's, tested there). */
static struct session *line_commanded(void)
{
	struct session *s = hastati_line();
	game_unit_set_hex(s->game, U(s, "hi1"), 0, H(2511));
	phase(s, "consul");
	struct game *g = s->game;
	g->ord.mode = ORD_LINE;
	g->ord.lc_given = 1;
	for (int k = 0; k < 4; k++) {
		static const char *const ids[] = {"ha1", "ha2", "ha3", "ha4"};
		g->ord.lc_of[UI(s, ids[k])] = 1;
	}
	return s;
}

Test(mle, line_command_extension_then_ma_minus_2_9_68)
{
	struct session *s = line_commanded();
	struct out o = ok(s, "extend ha1 1009");
	cr_assert(has(&o, "line_extended unit=ha1 mate=ha2 from=1010 to=1009 "
			  "facing=E mp=0 hits=0 rule=9.66,9.68"),
		  "%s", o.ev);
	cr_assert(has(&o, "mle_ma_cut units=ha1,ha2 ma=-2 rule=9.68"), "%s",
		  o.ev);
	cr_assert_eq(U(s, "ha1")->hits, 0, "9.68: no Cohesion Hits");
	cr_assert_eq(mle_ma_cut(s->game, U(s, "ha1")), 2);
	cr_assert_eq(mle_ma_cut(s->game, U(s, "ha3")), 0);
	/* both may move after it (an exception to 6.66), MA 5 - 2 */
	ok(s, "pick ha1");
	cr_assert_eq(s->game->ord.move.ma, 3);
	ok(s, "move 1109");
	ok(s, "halt");
	ok(s, "pick ha2");
	cr_assert_eq(s->game->ord.move.ma, 3);
	ok(s, "halt");
	/* the other stack keeps its MA when it does not extend */
	ok(s, "pick ha3");
	cr_assert_eq(s->game->ord.move.ma, 5);
	close_game(s);
}

Test(mle, line_command_refusals_9_68)
{
	struct session *s = hastati_line();
	phase(s, "consul");
	/* not a Line Command: Individual Orders do not extend */
	REFUSED(s, "extend ha1 1009", "9.68");
	close_game(s);
	s = line_commanded();
	REFUSED(s, "extend ha1 1011", "9.66");	/* the gap is held */
	REFUSED(s, "extend ha1 1110", "9.66");	/* not sideways */
	REFUSED(s, "extend ve1 1009", "9.66");	/* not a legion stack */
	REFUSED(s, "extend ha2 1009", "9.64");	/* the top unit goes */
	s->game->ord.lc_of[UI(s, "ha1")] = 0;
	s->game->ord.lc_of[UI(s, "ha2")] = 0;
	REFUSED(s, "extend ha1 1009", "9.68");	/* not the commanded line */
	s->game->ord.lc_of[UI(s, "ha1")] = 1;
	s->game->ord.lc_of[UI(s, "ha2")] = 1;
	/* once a unit of the stack has moved, too late */
	ok(s, "pick ha1");
	REFUSED(s, "extend ha3 1013", "9.68");	/* a move is open */
	ok(s, "move 1110");
	ok(s, "halt");
	U(s, "ha3")->at.in_column = true;
	U(s, "ha4")->at.in_column = true;
	REFUSED(s, "extend ha3 1013", "9.68");	/* In Column */
	close_game(s);
}

/* 9.66, 9.67: the enemy comes within 2 hexes of one end of the hastati
 * Line (4.32: stacks two hexes apart); every stack of that Line is
 * offered the extension, each answering with its own command, and a
 * stack of another Line (too far away to be of it) is not. */
Test(mle, every_stack_of_the_line_offered_each_its_own_command_9_66_9_67)
{
	struct session *s = hastati_line();
	place(s, "ha5", 1014, FACE_E);
	place(s, "ha6", 1014, FACE_E);
	place(s, "pr1", 1018, FACE_E);
	place(s, "al1", 1018, FACE_E); /* not Roman: pr1 is a stack anyway */
	struct out o = enemy_approaches(s);
	cr_assert(has(&o, "mle_offered unit=ha1 mate=ha2 by=hi1 distance=2 "
			  "line=hastati"),
		  "%s", o.ev);
	cr_assert(has(&o, "mle_offered unit=ha3 mate=ha4 by=hi1 distance=2 "
			  "line=hastati"),
		  "%s", o.ev);
	/* 1014 is 4 hexes from hi1 in 1211, but of the same Line */
	cr_assert(has(&o, "mle_offered unit=ha5 mate=ha6 by=hi1 distance=4 "
			  "line=hastati rule=9.67"),
		  "%s", o.ev);
	cr_assert(!has(&o, "mle_offered unit=pr1"), "%s", o.ev);
	cr_assert(!has(&o, "mle_offered unit=al1"), "%s", o.ev);
	cr_assert(legal_has(s, "react extend ha5 1015"));
	cr_assert(legal_has(s, "react extend ha5 1013"));
	/* one command per top unit; the others stay open meanwhile */
	ok(s, "react extend ha5 1015");
	cr_assert(at(s, "ha5", 1015) && at(s, "ha6", 1014));
	cr_assert(reactions_pending(s->game));
	ok(s, "react extend ha3 1013");
	ok(s, "react extend ha1 1009");
	cr_assert(at(s, "ha1", 1009) && at(s, "ha3", 1013));
	/* the velites' withdrawal is still to be answered */
	cr_assert(reactions_pending(s->game));
	ok(s, "no reaction");
	cr_assert(!reactions_pending(s->game));
	close_game(s);
}

/* 9.66: a stack of the same chart row but too far away to be of the
 * approached Line (4.32) is a Line of its own: no offer. */
Test(mle, stack_of_another_line_not_offered_9_66)
{
	struct session *s = hastati_line();
	place(s, "ha5", 1020, FACE_E);
	place(s, "ha6", 1020, FACE_E);
	struct out o = enemy_approaches(s);
	cr_assert(has(&o, "mle_offered unit=ha3"), "%s", o.ev);
	cr_assert(!has(&o, "mle_offered unit=ha5"), "%s", o.ev);
	REFUSED(s, "react extend ha5 1019", "9.67");
	close_game(s);
}

/* 9.67: a unit that used Orderly Withdrawal in the window may not then
 * extend: not alone, nor from the stack it withdrew into (6.66: it went
 * in at the bottom, so the stack's top unit would be the one to go). */
Test(mle, withdrew_then_restacked_may_not_extend_9_67)
{
	struct session *s = hastati_line();
	U(s, "ha1")->ma = 7; /* faster than the BI: 6.51 offers 2 MP */
	U(s, "hi1")->on_map = false;
	game_unit_set_hex(s->game, U(s, "hi1"), 0, HEX_NONE);
	place(s, "ha5", 910, FACE_E);
	place(s, "e1", 1510, FACE_W);
	phase(s, "hannibal");
	ok(s, "order e1");
	ok(s, "move 1410");
	ok(s, "move 1310");
	struct out o = ok(s, "move 1210");
	cr_assert(has(&o, "withdrawal_offered unit=ha1 by=e1"), "%s", o.ev);
	cr_assert(has(&o, "mle_offered unit=ha1 mate=ha2 by=e1"), "%s", o.ev);
	ok(s, "roll 1 1 1 1");
	ok(s, "withdraw ha1 0910");
	ok(s, "withdraw ha1 done");
	cr_assert(at(s, "ha1", 910));
	cr_assert_eq(stacking_mate(s->game, U(s, "ha1")), U(s, "ha5"));
	cr_assert(!legal_has(s, "react extend ha1 0909"));
	cr_assert(!legal_has(s, "react extend ha5 0909"));
	REFUSED(s, "react extend ha1 0909", "9.67");
	REFUSED(s, "react extend ha5 0909", "9.67");
	o = run(s, "react extend ha1 0909");
	cr_assert(strstr(o.reason, "Orderly Withdrawal"), "%s", o.reason);
	close_game(s);
}

/* 9.66, 9.68: in a Line Command every top unit of the Line may extend,
 * one command each; then both units of each stack move with MA 5 - 2,
 * the bottom one too (an exception to 6.66, which lets only the top unit
 * of a stack move alone). */
Test(mle, line_command_every_stack_extends_then_both_move_ma_3_9_68)
{
	struct session *s = line_commanded();
	/* 6.66 before: the bottom unit may not move alone */
	REFUSED(s, "pick ha2", "9.64");
	cr_assert(legal_has(s, "extend ha1 1009"));
	cr_assert(legal_has(s, "extend ha3 1013"));
	cr_assert(!legal_has(s, "extend ha1 1011"), "the gap is held");
	cr_assert(!legal_has(s, "extend ha2 1009"), "the top unit goes");
	ok(s, "extend ha1 1009");
	cr_assert(!legal_has(s, "extend ha1 1008"));
	struct out o = ok(s, "extend ha3 1013");
	cr_assert(has(&o, "line_extended unit=ha3 mate=ha4 from=1012 "
			  "to=1013 facing=E mp=0 hits=0 rule=9.66,9.68"),
		  "%s", o.ev);
	cr_assert(has(&o, "mle_ma_cut units=ha3,ha4 ma=-2 rule=9.68"), "%s",
		  o.ev);
	/* once only: ha1 is no longer stacked */
	REFUSED(s, "extend ha1 1008", "9.66");
	/* the bottom unit moves alone now, 3 MP: three Clear hexes, no
	 * fourth */
	ok(s, "pick ha2");
	cr_assert_eq(s->game->ord.move.ma, 3);
	ok(s, "move 1110");
	ok(s, "move 1210");
	ok(s, "move 1310");
	struct out r = run(s, "move 1410");
	cr_assert_eq(r.st, CMD_REFUSED, "a 4th hex with MA 3: %s", r.ev);
	cr_assert(at(s, "ha2", 1310));
	ok(s, "halt");
	ok(s, "pick ha4");
	cr_assert_eq(s->game->ord.move.ma, 3);
	close_game(s);
}

/* 9.68: a hastati stack on principes: the hastati Line's command
 * extends it; the MA cut is for both units. */
Test(mle, line_command_stack_on_unit_of_another_line_9_68)
{
	struct session *s = line_commanded();
	place(s, "ha5", 1014, FACE_E);
	place(s, "pr1", 1014, FACE_E);
	cr_assert_eq(stacking_mate(s->game, U(s, "ha5")), U(s, "pr1"));
	cr_assert(!stacking_is_bottom(s->game, U(s, "ha5")), "ha5 on top");
	s->game->ord.lc_of[UI(s, "ha5")] = 1;
	struct out o = ok(s, "extend ha5 1015");
	cr_assert(has(&o, "mle_ma_cut units=ha5,pr1 ma=-2 rule=9.68"), "%s",
		  o.ev);
	cr_assert_eq(mle_ma_cut(s->game, U(s, "pr1")), 2);
	cr_assert(at(s, "ha5", 1015) && at(s, "pr1", 1014));
	close_game(s);
}

/* 9.66, 9.68: the refusals of an extension in a Line Command, each
 * changing nothing. */
Test(mle, line_command_refusals_hex_and_unit_9_66_9_68)
{
	struct session *s = line_commanded();
	/* not Roman infantry, though in the commanded line */
	place(s, "al1", 1016, FACE_E);
	s->game->ord.lc_of[UI(s, "al1")] = 1;
	REFUSED(s, "extend al1 1017", "9.66");
	/* not stacked */
	place(s, "ha5", 1018, FACE_E);
	s->game->ord.lc_of[UI(s, "ha5")] = 1;
	REFUSED(s, "extend ha5 1019", "9.66");
	/* not Clear */
	struct map_hex *mh = map_at_mut(s->game->battle->map, H(1013));
	mh->terrain = TERRAIN_WOODS;
	REFUSED(s, "extend ha3 1013", "9.66");
	mh->terrain = TERRAIN_CLEAR;
	/* in an enemy ZOC (e1 in 1108 facing SW) */
	place(s, "e1", 1108, FACE_SW);
	REFUSED(s, "extend ha1 1009", "9.66");
	U(s, "e1")->on_map = false;
	game_unit_set_hex(s->game, U(s, "e1"), 0, HEX_NONE);
	/* a malformed command */
	struct out o = run(s, "extend ha1");
	cr_assert_eq(o.st, CMD_MALFORMED, "%s", o.reason);
	ok(s, "extend ha1 1009");
	close_game(s);
}

/* 9.68: "(only)": an Individual Order does not extend a line. */
Test(mle, individual_order_may_not_extend_9_68)
{
	struct session *s = hastati_line();
	phase(s, "consul");
	ok(s, "order ha1");
	cr_assert_eq(s->game->ord.mode, ORD_INDIVIDUAL);
	REFUSED(s, "extend ha1 1009", "9.68");
	close_game(s);
}
