/* Reaction fire (reaction_fire.h, SPQR 8.2): entry fire (8.21, also
 * after a reaction facing change and held back for a Line, 8.21's
 * Exception), retire fire at range 2 (8.22), return fire (8.23), no orders
 * and only while supplied (8.24), elephant screens and towers (8.25,
 * 9.12, 9.13), a mounted archer withdrawing (6.55); each played through a
 * sandbox session with forced dice. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/map.h"
#include "maniple/missile.h"
#include "maniple/orders.h"
#include "maniple/reaction_fire.h"
#include "maniple/reactions.h"
#include "maniple/sequence.h"
#include "spqr_tables.h"
#include "session_play.h"
#include "fixture.h"

struct lsp {
	const char *id;
	int side;
	int init, range;
	bool oc;
	int hex;
};

struct usp {
	const char *id;
	int side;
	enum unit_type t;
	const char *cls;
	enum missile_class mc;
	int tq, ma, ma_ext;
};

/* Rome is side 0, Carthage (and its Macedonian allies) side 1. */
static const struct lsp leaders[] = {
	{"consul", 0, 5, 20, true, 1603},
	{"hannibal", 1, 7, 20, true, 1403},
	{NULL, 0, 0, 0, false, 0},
};

static const struct usp units[] = {
	{"ha1", 0, UT_LG, "HA", MC_NONE, 6, 5, 0},
	{"ve1", 0, UT_LI, "VE", MC_J, 5, 6, 0},
	{"sl1", 0, UT_SK, "S", MC_S, 4, 6, 0},
	{"ha2", 0, UT_LG, "HA", MC_NONE, 6, 5, 0},
	{"e1", 1, UT_BI, "", MC_NONE, 6, 5, 0},
	{"e2", 1, UT_BI, "", MC_NONE, 6, 5, 0},
	{"sk1", 1, UT_SK, "S", MC_S, 4, 6, 0},
	{"el1", 1, UT_EL, "", MC_NONE, 5, 5, 0},
	{"ma1", 1, UT_LC, "", MC_MA, 6, 9, 0},
	{NULL, 0, 0, NULL, MC_NONE, 0, 0, 0},
};

static struct battle *
loader(void *user, const char *name, struct ini_error *err)
{
	(void)user;
	if (strcmp(name, "rfire") != 0) {
		memset(err, 0, sizeof *err);
		snprintf(err->msg, sizeof err->msg, "no battle %s", name);
		return NULL;
	}
	struct battle *b = fx_empty_battle("rfire", "Reaction fire", 30, 20,
					   "rome", "carthage");
	for (const struct lsp *s = leaders; s->id; s++) {
		struct leader *l = &b->leaders[b->nleaders++];
		snprintf(l->id, sizeof l->id, "%s", s->id);
		l->side = s->side;
		l->kind = LK_GENERAL;
		l->initiative = s->init;
		l->command_range = s->range;
		l->line_command = 1;
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
		u->missile = s->mc;
		u->size = 3;
		u->tq = s->tq;
		u->ma = s->ma;
		u->ma_ext = s->ma_ext;
		u->legion = s->side == 0 && s->t == UT_LG ? 1 : 0;
		if (s->t == UT_EL) { /* 9.12, 9.13 */
			u->tower = MC_MJ;
			u->screen = MC_ES;
		}
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
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(s, "new rfire sandbox 42", &r);
	cr_assert_eq(r.status, CMD_OK, "%s", r.reason);
	cmd_result_free(&r);
	return s;
}

/* The command succeeds; then the other side declines what it was offered
 * there (6.51's Orderly Withdrawal at 2 hexes, for a faster unit). */
static struct out ok_declined(struct session *s, const char *line)
{
	struct out o = ok(s, line);
	if (reactions_pending(s->game))
		ok(s, "no reaction");
	return o;
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

/* Declines every offer but reaction fire (7.15 facing, 6.5 withdrawal). */
static void decline_all(struct session *s)
{
	while (reactions_pending(s->game))
		ok(s, "no reaction");
}

/* Carthage's e1 marches S from 1007 to 1009, into the front (ZOC) of
 * Rome's velites ve1 in 1010 facing NE. */
static struct session *e1_enters_ve1(struct out *o)
{
	struct session *s = open_game();
	place(s, "ve1", 1010, FACE_NE);
	place(s, "e1", 1007, FACE_SE);
	phase(s, "hannibal");
	ok(s, "order e1");
	ok_declined(s, "move 1008");
	*o = ok(s, "move 1009");
	return s;
}

/* ---- 8.21 entry reaction ---- */

Test(reaction_fire, entry_fire_offered_and_fired_8_21)
{
	struct out o;
	struct session *s = e1_enters_ve1(&o);
	cr_assert(has(&o, "reaction_fire_offer unit=ve1 at=e1 fire=entry "
			  "weapons=main rule=8.21"),
		  "%s", o.ev);
	cr_assert(legal_has(s, "react fire ve1 1009"));
	/* the mover waits (8.21: before any further movement) */
	REFUSED(s, "move 1109", "7.15");
	/* 8.24: no order is needed; J at range 1 strength 5: a 2 hits */
	ok(s, "roll 2");
	o = ok(s, "react fire ve1 1009");
	cr_assert(has(&o, "missile_fire firer=ve1"), "%s", o.ev);
	cr_assert(has(&o, "kind=entry"), "%s", o.ev);
	cr_assert(has(&o, "range=1"), "%s", o.ev);
	cr_assert(has(&o, "result=hit"), "%s", o.ev);
	cr_assert_eq(U(s, "e1")->hits, 1);
	/* one volley per entering unit: the offer is done */
	REFUSED(s, "react fire ve1", "8.2");
	decline_all(s);
	close_game(s);
}

Test(reaction_fire, entry_fire_declined_changes_nothing_8_21)
{
	struct out o;
	struct session *s = e1_enters_ve1(&o);
	REFUSED(s, "react fire ve1 1209", "8.2"); /* nobody there entered */
	REFUSED(s, "react fire e1", "8.2");	   /* not e1's to answer */
	REFUSED(s, "react fire ve1 1009 tower", "9.13");
	o = ok(s, "no reaction");
	cr_assert(has(&o, "reaction_declined kind=fire unit=ve1"), "%s", o.ev);
	decline_all(s);
	cr_assert_eq(U(s, "e1")->hits, 0);
	close_game(s);
}

/* 8.24, 8.17: a Missile No unit is offered nothing */
Test(reaction_fire, missile_no_has_no_reaction_fire_8_24)
{
	struct session *s = open_game();
	place(s, "ve1", 1010, FACE_NE);
	place(s, "e1", 1007, FACE_SE);
	U(s, "ve1")->supply = SUPPLY_NO;
	phase(s, "hannibal");
	ok(s, "order e1");
	ok_declined(s, "move 1008");
	struct out o = ok(s, "move 1009");
	cr_assert(!has(&o, "reaction_fire_offer"), "%s", o.ev);
	close_game(s);
}

/* 8.24: unlimited while supplied: the same unit fires again at a second
 * enemy entering its ZOC */
Test(reaction_fire, unlimited_while_supplied_8_24)
{
	struct out o;
	struct session *s = e1_enters_ve1(&o);
	ok(s, "roll 9");
	ok(s, "react fire ve1");
	decline_all(s);
	place(s, "e2", 1109, FACE_SW);
	struct footprint was = U(s, "e2")->at;
	was.hex[0] = H(1207);
	rfire_collect(s->game, UI(s, "e2"), &was);
	cr_assert(reactions_pending(s->game));
	ok(s, "roll 9");
	o = ok(s, "react fire ve1 1109");
	cr_assert(has(&o, "target=e2"), "%s", o.ev);
	close_game(s);
}

/* ---- 7.15 then 8.21: fire after a reaction facing change ---- */

Test(reaction_fire, fire_after_reaction_facing_8_21_7_15)
{
	struct session *s = open_game();
	/* ve1 faces SE: e1 coming to 1009 (N) is beside it, not in front */
	place(s, "ve1", 1010, FACE_SE);
	place(s, "e1", 1007, FACE_SE);
	phase(s, "hannibal");
	ok(s, "order e1");
	ok_declined(s, "move 1008");
	struct out o = ok(s, "move 1009");
	cr_assert(has(&o, "reaction_offer kind=face unit=ve1"), "%s", o.ev);
	cr_assert(!has(&o, "reaction_fire_offer"), "%s", o.ev);
	/* turning to E brings e1 into its ZOC: entry fire is offered */
	ok(s, "roll 0");
	o = ok(s, "react face ve1 E");
	cr_assert(has(&o, "reaction_fire_offer unit=ve1 at=e1 fire=entry"),
		  "%s", o.ev);
	ok(s, "roll 2");
	o = ok(s, "react fire ve1");
	cr_assert(has(&o, "kind=entry"), "%s", o.ev);
	cr_assert(has(&o, "result=hit"), "%s", o.ev);
	close_game(s);
}

/* ---- 8.21 Exception: a Line's moves all finish first ---- */

Test(reaction_fire, line_entry_fire_waits_for_the_line_8_21)
{
	struct session *s = open_game();
	struct game *g = s->game;
	place(s, "ve1", 1010, FACE_NE);
	place(s, "e1", 1009, FACE_SE);
	phase(s, "hannibal");
	int e1 = UI(s, "e1"), ve1 = UI(s, "ve1");
	g->ord.mode = ORD_LINE;
	g->ord.lc_of[e1] = 1;
	struct footprint was = g->units[e1].at;
	was.hex[0] = H(1008);
	rfire_collect(g, e1, &was);
	cr_assert(!reactions_pending(g));
	cr_assert(rfire_bits(g, ve1, e1) & RF_DEFERRED);
	/* the Line's moves are done: the held fire is offered */
	g->units[e1].moved_phase = true;
	rfire_move_ended(g, e1);
	cr_assert(reactions_pending(g));
	cr_assert_eq(g->react.offers[0].kind, RK_FIRE);
	cr_assert_eq(g->react.offers[0].fire, FIRE_ENTRY);
	cr_assert(!(rfire_bits(g, ve1, e1) & RF_DEFERRED));
	close_game(s);
}

Test(reaction_fire, line_member_still_to_move_keeps_fire_back_8_21)
{
	struct session *s = open_game();
	struct game *g = s->game;
	place(s, "ve1", 1010, FACE_NE);
	place(s, "e1", 1009, FACE_SE);
	place(s, "e2", 1405, FACE_SE);
	phase(s, "hannibal");
	int e1 = UI(s, "e1"), e2 = UI(s, "e2");
	g->ord.mode = ORD_LINE;
	g->ord.lc_of[e1] = g->ord.lc_of[e2] = 1;
	struct footprint was = g->units[e1].at;
	was.hex[0] = H(1008);
	rfire_collect(g, e1, &was);
	g->units[e1].moved_phase = true;
	rfire_move_ended(g, e1); /* e2 has not moved */
	cr_assert(!reactions_pending(g));
	cr_assert(rfire_line_flush(g)); /* the orders are done */
	cr_assert(reactions_pending(g));
	close_game(s);
}

/* A reacting unit fires at only one of the units entering its ZOC. */
Test(reaction_fire, one_target_of_those_entering_8_21)
{
	struct session *s = open_game();
	struct game *g = s->game;
	place(s, "ve1", 1010, FACE_NE);
	place(s, "e1", 1009, FACE_SE);
	place(s, "e2", 1109, FACE_SW);
	phase(s, "hannibal");
	int e1 = UI(s, "e1"), e2 = UI(s, "e2");
	g->ord.mode = ORD_LINE;
	g->ord.lc_of[e1] = g->ord.lc_of[e2] = 1;
	struct footprint was = g->units[e1].at;
	was.hex[0] = H(1007);
	rfire_collect(g, e1, &was);
	was = g->units[e2].at;
	was.hex[0] = H(1207);
	rfire_collect(g, e2, &was);
	g->units[e1].moved_phase = g->units[e2].moved_phase = true;
	rfire_move_ended(g, e2);
	cr_assert_eq(g->react.noffers, 2);
	ok(s, "roll 9");
	struct out o = ok(s, "react fire ve1 1109");
	cr_assert(has(&o, "target=e2"), "%s", o.ev);
	cr_assert(has(&o, "reaction_fire_closed unit=ve1 at=e1 "
			  "why=one_target rule=8.21"),
		  "%s", o.ev);
	cr_assert(!reactions_pending(g));
	close_game(s);
}

/* ---- 8.22 retire reaction ---- */

Test(reaction_fire, retire_fire_at_range_2_8_22)
{
	struct session *s = open_game();
	struct game *g = s->game;
	place(s, "sk1", 1010, FACE_NE);
	place(s, "ha1", 1008, FACE_SE);
	phase(s, "consul");
	int ha1 = UI(s, "ha1");
	/* ha1 stood in 1009, in sk1's ZOC, and has left it */
	struct footprint was = g->units[ha1].at;
	was.hex[0] = H(1009);
	rfire_collect(g, ha1, &was);
	cr_assert(reactions_pending(g));
	cr_assert_eq(g->react.offers[0].fire, FIRE_RETIRE);
	/* S at range 2 strength 2: 2 hits */
	ok(s, "roll 2");
	struct out o = ok(s, "react fire sk1");
	cr_assert(has(&o, "kind=retire"), "%s", o.ev);
	cr_assert(has(&o, "range=2"), "%s", o.ev);
	cr_assert(has(&o, "result=hit"), "%s", o.ev);
	close_game(s);
}

Test(reaction_fire, no_retire_fire_with_range_1_8_22)
{
	struct session *s = open_game();
	struct game *g = s->game;
	place(s, "ve1", 1010, FACE_NE); /* javelins: range 1 */
	place(s, "e1", 1008, FACE_SE);
	phase(s, "hannibal");
	int e1 = UI(s, "e1");
	struct footprint was = g->units[e1].at;
	was.hex[0] = H(1009);
	rfire_collect(g, e1, &was);
	cr_assert(!reactions_pending(g));
	close_game(s);
}

/* 8.22 Exception: a routed unit draws no retire fire */
Test(reaction_fire, no_retire_fire_at_a_rout_move_8_22)
{
	struct session *s = open_game();
	struct game *g = s->game;
	place(s, "sk1", 1010, FACE_NE);
	place(s, "ha1", 1008, FACE_SE);
	phase(s, "consul");
	int ha1 = UI(s, "ha1");
	g->units[ha1].routed = true;
	struct footprint was = g->units[ha1].at;
	was.hex[0] = H(1009);
	rfire_collect(g, ha1, &was);
	cr_assert(!reactions_pending(g));
	close_game(s);
}

/* ---- 8.23 return fire ---- */

Test(reaction_fire, return_fire_8_23)
{
	struct session *s = open_game();
	struct game *g = s->game;
	place(s, "sk1", 1010, FACE_NE);
	place(s, "sl1", 1008, FACE_SE);
	phase(s, "consul");
	rfire_return_offer(g, UI(s, "sl1"), UI(s, "sk1"));
	cr_assert(reactions_pending(g));
	cr_assert_eq(reactions_decision_side(g), 1);
	ok(s, "roll 1");
	struct out o = ok(s, "react fire sk1 1008");
	cr_assert(has(&o, "kind=return"), "%s", o.ev);
	cr_assert(has(&o, "target=sl1"), "%s", o.ev);
	close_game(s);
}

/* 8.23: no return fire at a unit it used entry fire on */
Test(reaction_fire, no_return_fire_after_entry_fire_8_23)
{
	struct out o;
	struct session *s = e1_enters_ve1(&o);
	ok(s, "roll 9");
	ok(s, "react fire ve1");
	decline_all(s);
	rfire_return_offer(s->game, UI(s, "e1"), UI(s, "ve1"));
	cr_assert(!reactions_pending(s->game));
	close_game(s);
}

/* ---- 8.25, 9.12, 9.13 elephant screens and towers ---- */

Test(reaction_fire, elephant_tower_and_screen_fire_separately_9_13)
{
	struct session *s = open_game();
	struct game *g = s->game;
	place(s, "el1", 1010, FACE_NE);
	place(s, "ha1", 1008, FACE_SE);
	phase(s, "consul");
	ok(s, "order ha1");
	struct out o = ok(s, "move 1009");
	cr_assert(has(&o, "reaction_fire_offer unit=el1 at=ha1 fire=entry "
			  "weapons=tower,screen rule=8.21"),
		  "%s", o.ev);
	cr_assert(legal_has(s, "react fire el1 1009 tower"));
	cr_assert(legal_has(s, "react fire el1 1009 screen"));
	ok(s, "roll 2");
	o = ok(s, "react fire el1 1009 tower");
	cr_assert(has(&o, "weapon=tower"), "%s", o.ev);
	cr_assert(has(&o, "class=MJ"), "%s", o.ev);
	/* the screen still may fire: a separate roll */
	cr_assert(legal_has(s, "react fire el1 1009 screen"));
	REFUSED(s, "react fire el1 1009 tower", "9.13");
	ok(s, "roll 9");
	o = ok(s, "react fire el1 screen");
	cr_assert(has(&o, "weapon=screen"), "%s", o.ev);
	cr_assert(has(&o, "class=ES"), "%s", o.ev);
	/* 8.17: an unmodified 9: the screen's own supply is Low */
	cr_assert_eq(g->units[UI(s, "el1")].screen_supply, SUPPLY_LOW);
	cr_assert_eq(g->units[UI(s, "el1")].tower_supply, SUPPLY_FULL);
	close_game(s);
}

/* 8.25, 9.12: a screen out of arrows leaves the tower alone */
Test(reaction_fire, screen_missile_no_tower_fires_8_25)
{
	struct session *s = open_game();
	place(s, "el1", 1010, FACE_NE);
	place(s, "ha1", 1008, FACE_SE);
	U(s, "el1")->screen_supply = SUPPLY_NO;
	phase(s, "consul");
	ok(s, "order ha1");
	struct out o = ok(s, "move 1009");
	cr_assert(has(&o, "weapons=tower rule=8.21"), "%s", o.ev);
	REFUSED(s, "react fire el1 screen", "9.12");
	close_game(s);
}

/* ---- 6.55 a mounted archer fires as it withdraws ---- */

Test(reaction_fire, mounted_archer_fires_withdrawing_once_6_55)
{
	struct session *s = open_game();
	struct game *g = s->game;
	place(s, "ma1", 1010, FACE_NE);
	place(s, "ha1", 1008, FACE_SE);
	phase(s, "consul");
	int ma1 = UI(s, "ma1"), ha1 = UI(s, "ha1");
	rfire_withdrawal_offer(g, ma1, ha1);
	cr_assert(reactions_pending(g));
	cr_assert_eq(g->react.offers[0].fire, FIRE_WITHDRAWING);
	ok(s, "roll 3");
	struct out o = ok(s, "react fire ma1");
	cr_assert(has(&o, "kind=withdrawing"), "%s", o.ev);
	cr_assert(has(&o, "range=2"), "%s", o.ev);
	/* once per triggering enemy unit per Orders Phase */
	rfire_withdrawal_offer(g, ma1, ha1);
	cr_assert(!reactions_pending(g));
	/* only mounted archers */
	place(s, "sk1", 1110, FACE_NE);
	rfire_withdrawal_offer(g, UI(s, "sk1"), ha1);
	cr_assert(!reactions_pending(g));
	close_game(s);
}
