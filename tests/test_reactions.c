/* The reactions window (reactions.h): Shock Must Check markers (7.31,
 * 7.32, with 7.32's two examples), reaction facing (7.15) and a
 * phalanx's reverse face (7.16, 6.45), the sequence waiting on the side
 * that owes the reaction, played as commands through a sandbox session on
 * a hand-built battle with forced dice. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/map.h"
#include "maniple/orders.h"
#include "maniple/pending.h"
#include "maniple/reactions.h"
#include "maniple/shock.h"
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
	{"ha2", 0, UT_LG, "HA", MC_NONE, 6, 5, 0},
	{"pr1", 0, UT_LG, "PR", MC_NONE, 7, 5, 0},
	{"ve1", 0, UT_LI, "VE", MC_J, 5, 6, 0},
	{"rc1", 0, UT_RC, "", MC_NONE, 6, 7, 0},
	{"rc2", 0, UT_RC, "", MC_NONE, 6, 7, 0},
	{"e1", 1, UT_BI, "", MC_NONE, 6, 5, 0},
	{"e2", 1, UT_BI, "", MC_NONE, 6, 5, 0},
	{"lc1", 1, UT_LC, "", MC_MJ, 6, 9, 0},
	{"sk1", 1, UT_SK, "S", MC_S, 4, 6, 0},
	{"ph1", 1, UT_PH, "", MC_NONE, 6, 4, 5},
	{NULL, 0, 0, NULL, MC_NONE, 0, 0, 0},
};

static struct battle *
loader(void *user, const char *name, struct ini_error *err)
{
	(void)user;
	if (strcmp(name, "react") != 0) {
		memset(err, 0, sizeof *err);
		snprintf(err->msg, sizeof err->msg, "no battle %s", name);
		return NULL;
	}
	struct battle *b = fx_empty_battle("react", "Reactions", 30, 20, "rome",
					   "carthage");
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
	session_exec(s, "new react sandbox 42", &r);
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

static void place2(struct session *s, const char *id, int hex0, int hex1,
		   int facing)
{
	place(s, id, hex0, facing);
	game_unit_set_hex(s->game, U(s, id), 1, H(hex1));
	cr_assert_null(footprint_check(&U(s, id)->at));
}

static bool legal_has(struct session *s, const char *line)
{
	struct decision_answer a[64];
	int n = seq_legal(s->game, a, 64);
	for (int i = 0; i < n; i++)
		if (strcmp(a[i].line, line) == 0)
			return true;
	return false;
}

/* Carthage's e1 (BI, MA 5) marches S from 1007 to 1009, next to the
 * flank (N) hex of ha1 in 1010 facing E. */
static struct session *e1_comes_next_to_ha1(struct out *step2)
{
	struct session *s = open_game();
	place(s, "ha1", 1010, FACE_E);
	place(s, "e1", 1007, FACE_SE);
	phase(s, "hannibal");
	ok(s, "order e1");
	struct out o = ok_declined(s, "move 1008");
	cr_assert(!has(&o, "reaction_offer"), "%s", o.ev);
	*step2 = ok(s, "move 1009");
	return s;
}

/* ---- 7.15 reaction facing change ---- */

Test(reactions, face_offered_when_enemy_moves_adjacent_7_15)
{
	struct out o;
	struct session *s = e1_comes_next_to_ha1(&o);
	cr_assert(has(&o, "reaction_offer kind=face unit=ha1 side=0 by=e1 "
			  "rule=7.15"),
		  "%s", o.ev);
	struct game *g = s->game;
	cr_assert(reactions_pending(g));
	cr_assert_eq(seq_step_now(g), SEQ_REACTION);
	cr_assert_eq(seq_decision_side(g), 0);
	cr_assert_str_eq(reactions_pending_rule(g), "7.15");
	cr_assert(legal_has(s, "react face ha1 NE"));
	cr_assert(legal_has(s, "react face ha1 SE"));
	cr_assert(legal_has(s, "no reaction"));
	cr_assert(!legal_has(s, "move 1010"));
	/* the mover waits: its commands are refused naming 7.15 */
	REFUSED(s, "move 1109", "7.15");
	REFUSED(s, "halt", "7.15");
	REFUSED(s, "orders done", "7.15");
	REFUSED(s, "order e2", "7.15");
	close_game(s);
}

/* 7.15: once the mover is no longer next to the reactor (soak: drill
 * seed 978), `react face` is refused, so the legal list must not offer
 * it; declining stays listed. */
Test(reactions, face_not_listed_once_mover_not_adjacent_7_15)
{
	struct out o;
	struct session *s = e1_comes_next_to_ha1(&o);
	cr_assert(legal_has(s, "react face ha1 NE"));
	/* e1 is no longer next to ha1 */
	game_unit_set_hex(s->game, U(s, "e1"), 0, H(1005));
	cr_assert(!legal_has(s, "react face ha1 NE"));
	cr_assert(!legal_has(s, "react face ha1 SE"));
	REFUSED(s, "react face ha1 NE", "7.15");
	REFUSED(s, "react face ha1 SE", "7.15");
	cr_assert(legal_has(s, "no reaction"));
	close_game(s);
}

Test(reactions, face_one_vertex_then_check_hits_dr_minus_tq_7_15)
{
	struct out o;
	struct session *s = e1_comes_next_to_ha1(&o);
	/* more than one vertex, or no turn, is refused */
	REFUSED(s, "react face ha1 W", "7.15");
	REFUSED(s, "react face ha1 E", "7.15");
	REFUSED(s, "react face e1 NE", "7.15"); /* no offer for e1 */
	ok(s, "roll 8");
	o = ok(s, "react face ha1 NE");
	cr_assert(has(&o, "reaction_facing unit=ha1 from=E to=NE by=e1 "
			  "rule=7.15"),
		  "%s", o.ev);
	/* DR 8 + (5 - 5) = 8 against TQ 6: 2 hits */
	cr_assert(has(&o, "roll for=reaction_check unit=ha1 die=8 forced=yes "
			  "drm=+0"),
		  "%s", o.ev);
	cr_assert(has(&o, "dr=8 tq=6 hits=2 rule=7.15"), "%s", o.ev);
	cr_assert_eq(U(s, "ha1")->hits, 2);
	cr_assert_eq(U(s, "ha1")->at.facing, FACE_NE);
	cr_assert(s->game->react.faced[UI(s, "ha1")]);
	/* 7.23: e1 now stands in ha1's ZOC: its move stops there */
	cr_assert(has(&o, "move_stopped unit=e1 by=ha1"), "%s", o.ev);
	cr_assert(has(&o, "reactions_done mover=e1"), "%s", o.ev);
	cr_assert(!reactions_pending(s->game));
	cr_assert_eq(seq_step_now(s->game), SEQ_ORDERS);
	REFUSED(s, "move 1109", "7.23");
	ok(s, "halt");
	close_game(s);
}

Test(reactions, check_hits_at_least_one_whatever_the_dr_7_15)
{
	struct out o;
	struct session *s = e1_comes_next_to_ha1(&o);
	ok(s, "roll 2");
	o = ok(s, "react face ha1 SE");
	/* DR 2 against TQ 6: still 1 hit (7.15 "minimum of 1", as 6.44's
	 * example counts a 5 against a TQ of 6) */
	cr_assert(has(&o, "dr=2 tq=6 hits=1 rule=7.15"), "%s", o.ev);
	cr_assert_eq(U(s, "ha1")->hits, 1);
	/* SE does not face e1: its move goes on */
	cr_assert(!has(&o, "move_stopped"), "%s", o.ev);
	close_game(s);
}

Test(reactions, ma_difference_raises_the_dr_for_a_faster_mover_7_15)
{
	/* lc1 (LC, MA 9) rides next to ha1 (MA 5): DR + 4 */
	struct session *s = open_game();
	place(s, "ha1", 1010, FACE_E);
	place(s, "lc1", 1007, FACE_SE);
	phase(s, "hannibal");
	ok(s, "order lc1");
	ok_declined(s, "move 1008");
	struct out o = ok(s, "move 1009");
	cr_assert(has(&o, "reaction_offer kind=face unit=ha1"), "%s", o.ev);
	ok(s, "roll 3");
	o = ok(s, "react face ha1 NE");
	cr_assert(has(&o, "drm=+4"), "%s", o.ev);
	cr_assert(has(&o, "mover_ma=9 ma=5 dr=7 tq=6 hits=1"), "%s", o.ev);
	close_game(s);
}

Test(reactions, ma_difference_lowers_the_dr_for_a_faster_reactor_7_15)
{
	/* e1 (MA 5) comes next to ve1 (velites, MA 6): DR - 1 */
	struct session *s = open_game();
	place(s, "ve1", 1010, FACE_E);
	place(s, "e1", 1007, FACE_SE);
	phase(s, "hannibal");
	ok(s, "order e1");
	ok_declined(s, "move 1008");
	struct out o = ok(s, "move 1009");
	cr_assert(has(&o, "reaction_offer kind=face unit=ve1"), "%s", o.ev);
	ok(s, "roll 9");
	o = ok(s, "react face ve1 NE");
	cr_assert(has(&o, "drm=-1"), "%s", o.ev);
	/* 9 - 1 = 8 against TQ 5: 3 hits */
	cr_assert(has(&o, "mover_ma=5 ma=6 dr=8 tq=5 hits=3"), "%s", o.ev);
	cr_assert_eq(U(s, "ve1")->hits, 3);
	close_game(s);
}

Test(reactions, cavalry_turning_to_infantry_makes_no_check_7_15_exception)
{
	struct session *s = open_game();
	place(s, "rc1", 1010, FACE_E);
	place(s, "e1", 1007, FACE_SE);
	phase(s, "hannibal");
	ok(s, "order e1");
	ok_declined(s, "move 1008");
	ok(s, "move 1009");
	ok(s, "roll 9");
	struct out o = ok(s, "react face rc1 NE");
	cr_assert(has(&o, "reaction_check unit=rc1 by=e1 "
			  "exempt=cavalry_vs_infantry hits=0 rule=7.15"),
		  "%s", o.ev);
	cr_assert(!has(&o, "roll for=reaction_check"), "%s", o.ev);
	cr_assert_eq(U(s, "rc1")->hits, 0);
	cr_assert_eq(s->game->dice.nforced, 1, "the forced 9 is still there");
	close_game(s);
}

Test(reactions, cavalry_turning_to_cavalry_checks_7_15)
{
	/* lc1 (MA 9) next to rc1 (MA 7): DR + 2 */
	struct session *s = open_game();
	place(s, "rc1", 1010, FACE_E);
	place(s, "lc1", 1007, FACE_SE);
	phase(s, "hannibal");
	ok(s, "order lc1");
	ok_declined(s, "move 1008");
	ok(s, "move 1009");
	ok(s, "roll 6");
	struct out o = ok(s, "react face rc1 NE");
	cr_assert(has(&o, "mover_ma=9 ma=7 dr=8 tq=6 hits=2"), "%s", o.ev);
	close_game(s);
}

Test(reactions, no_reaction_declines_and_the_mover_goes_on_7_15)
{
	struct out o;
	struct session *s = e1_comes_next_to_ha1(&o);
	cr_assert_eq(run(s, "no reaction extra").st, CMD_MALFORMED);
	o = ok(s, "no reaction");
	cr_assert(has(&o, "reaction_declined kind=face unit=ha1 side=rome "
			  "rule=7.15"),
		  "%s", o.ev);
	cr_assert(has(&o, "reactions_done"), "%s", o.ev);
	cr_assert(!reactions_pending(s->game));
	cr_assert(!s->game->react.faced[UI(s, "ha1")]);
	cr_assert_eq(U(s, "ha1")->at.facing, FACE_E);
	/* nothing left to decline */
	REFUSED(s, "no reaction", "7.15");
	REFUSED(s, "react face ha1 NE", "7.15");
	close_game(s);
}

Test(reactions, not_offered_in_the_zoc_of_another_enemy_7_15)
{
	/* ha1 declines e1's approach and stays in e1's ZOC (1010 is across
	 * e1's S side, a Front hex of its SE facing); e2 then comes next to
	 * it from the south: no offer */
	struct out o;
	struct session *s = e1_comes_next_to_ha1(&o);
	ok(s, "no reaction");
	ok(s, "halt");
	place(s, "e2", 1013, FACE_NE);
	ok(s, "order e2");
	o = ok(s, "move 1012");
	cr_assert(!has(&o, "reaction_offer"), "%s", o.ev);
	o = ok(s, "move 1011");
	cr_assert(!has(&o, "reaction_offer kind=face"), "%s", o.ev);
	cr_assert(!reactions_pending(s->game));
	close_game(s);
}

Test(reactions, once_per_orders_phase_7_15)
{
	struct out o;
	struct session *s = e1_comes_next_to_ha1(&o);
	ok(s, "roll 0");
	ok(s, "react face ha1 NE");
	ok(s, "halt");
	ok(s, "setup remove e1");
	place(s, "e2", 1013, FACE_NE);
	ok(s, "order e2");
	ok(s, "move 1012");
	o = ok(s, "move 1011");
	cr_assert(!has(&o, "reaction_offer kind=face unit=ha1"), "%s", o.ev);
	/* a new Orders Phase clears the mark */
	reactions_phase_begin(s->game);
	cr_assert(!s->game->react.faced[UI(s, "ha1")]);
	close_game(s);
}

Test(reactions, a_stack_turns_together_each_unit_checks_7_15_6_67)
{
	struct session *s = open_game();
	place(s, "ha1", 1010, FACE_E);
	place(s, "ve1", 1010, FACE_E);
	game_put_on_top(s->game, U(s, "ve1"));
	place(s, "e1", 1007, FACE_SE);
	phase(s, "hannibal");
	ok(s, "order e1");
	ok_declined(s, "move 1008");
	struct out o = ok(s, "move 1009");
	/* one offer for the stack, in its top unit's name */
	cr_assert(has(&o, "reaction_offer kind=face unit=ve1"), "%s", o.ev);
	cr_assert(!has(&o, "reaction_offer kind=face unit=ha1"), "%s", o.ev);
	ok(s, "roll 7 8");
	o = ok(s, "react face ha1 NE"); /* either unit names the stack */
	cr_assert_eq(U(s, "ha1")->at.facing, FACE_NE);
	cr_assert_eq(U(s, "ve1")->at.facing, FACE_NE);
	/* top first: ve1 7 - 1 = 6 vs 5: 1; ha1 8 + 0 vs 6: 2 */
	cr_assert(has(&o, "unit=ve1 by=e1 mover_ma=5 ma=6 dr=6 tq=5 hits=1"),
		  "%s", o.ev);
	cr_assert(has(&o, "unit=ha1 by=e1 mover_ma=5 ma=5 dr=8 tq=6 hits=2"),
		  "%s", o.ev);
	close_game(s);
}

Test(reactions, not_for_units_in_column_6_77)
{
	struct session *s = open_game();
	place(s, "ha1", 1010, SIDE_ESE);
	U(s, "ha1")->at.in_column = true;
	place(s, "e1", 1007, FACE_SE);
	phase(s, "hannibal");
	ok(s, "order e1");
	ok_declined(s, "move 1008");
	struct out o = ok(s, "move 1009");
	cr_assert(!has(&o, "reaction_offer kind=face"), "%s", o.ev);
	close_game(s);
}

Test(reactions, rout_from_reaction_hits_goes_first_7_15_10_14)
{
	struct out o;
	struct session *s = e1_comes_next_to_ha1(&o);
	U(s, "ha1")->hits = 5;
	ok(s, "roll 9");
	o = ok(s, "react face ha1 NE");
	/* 9 vs TQ 6: 3 hits, 8 in all: ha1 routs (10.14) */
	cr_assert(has(&o, "hits=3 rule=7.15"), "%s", o.ev);
	cr_assert(U(s, "ha1")->routed, "%s", o.ev);
	cr_assert(has(&o, "rout"), "%s", o.ev);
	close_game(s);
}

/* ---- 7.16 a phalanx's reverse face ---- */

/* ph1 over 2010/2011 facing W: its Rear hexes are 2109, 2110, 2111. */
static struct session *ha1_enters_ph1_rear(struct out *o, bool setup_only)
{
	struct session *s = open_game();
	place2(s, "ph1", 2010, 2011, FACE_W);
	place(s, "ha1", 2210, FACE_W);
	phase(s, "consul");
	if (setup_only)
		return s;
	ok(s, "order ha1");
	*o = ok(s, "move 2110");
	return s;
}

Test(reactions, reverse_face_offered_on_entering_a_rear_hex_7_16)
{
	struct out o;
	struct session *s = ha1_enters_ph1_rear(&o, false);
	/* 7.32 first: ha1 (LG) has ph1 in its ZOC */
	const char *mark = strstr(o.ev, "shock_must_check unit=ha1 how=must");
	const char *rev = strstr(o.ev, "reaction_offer kind=reverse unit=ph1 "
				       "side=1 by=ha1 rule=7.16");
	cr_assert(mark && rev && mark < rev, "%s", o.ev);
	cr_assert(!has(&o, "kind=face"), "%s", o.ev);
	cr_assert(legal_has(s, "react reverse ph1"));
	cr_assert_eq(seq_decision_side(s->game), 1);
	ok(s, "roll 6");
	o = ok(s, "react reverse ph1");
	/* 6.45: the same two hexes, facing the opposite way */
	cr_assert(has(&o, "reverse_face unit=ph1 from=W to=E by=ha1 "
			  "rule=7.16"),
		  "%s", o.ev);
	struct unit *p = U(s, "ph1");
	cr_assert_eq(p->at.facing, FACE_E);
	cr_assert(hex_eq(p->at.hex[0], H(2010)) &&
		  hex_eq(p->at.hex[1], H(2011)));
	cr_assert_null(footprint_check(&p->at));
	/* 7.15's procedure: 6 + (5 - 4) = 7 vs TQ 6: 1 hit */
	cr_assert(has(&o, "drm=+1"), "%s", o.ev);
	cr_assert(has(&o, "dr=7 tq=6 hits=1 rule=7.16"), "%s", o.ev);
	cr_assert(has(&o, "move_stopped unit=ha1 by=ph1"), "%s", o.ev);
	cr_assert(s->game->react.faced[UI(s, "ph1")]);
	close_game(s);
}

Test(reactions, reverse_face_check_at_least_one_hit_7_16)
{
	struct out o;
	struct session *s = ha1_enters_ph1_rear(&o, false);
	ok(s, "roll 1");
	o = ok(s, "react reverse ph1");
	cr_assert(has(&o, "dr=2 tq=6 hits=1 rule=7.16"), "%s", o.ev);
	close_game(s);
}

Test(reactions, no_reverse_face_in_another_enemy_zoc_6_45_7_16)
{
	struct out o;
	struct session *s = ha1_enters_ph1_rear(&o, true);
	place(s, "ha2", 1910, FACE_E); /* ph1's front hexes: its ZOC on ph1 */
	ok(s, "order ha1");
	o = ok(s, "move 2110");
	cr_assert(!has(&o, "kind=reverse"), "%s", o.ev);
	close_game(s);
}

Test(reactions, no_reverse_face_in_rough_6_45_7_16)
{
	struct out o;
	struct session *s = ha1_enters_ph1_rear(&o, true);
	map_at_mut(s->game->battle->map, H(2011))->terrain = TERRAIN_WOODS;
	ok(s, "order ha1");
	o = ok(s, "move 2110");
	cr_assert(!has(&o, "kind=reverse"), "%s", o.ev);
	close_game(s);
}

Test(reactions, a_phalanx_has_no_7_15_facing_change_7_13)
{
	/* ha1 comes to ph1's end (flank) hex 2009: adjacent, not its rear */
	struct session *s = open_game();
	place2(s, "ph1", 2010, 2011, FACE_W);
	place(s, "ha1", 2007, FACE_SE);
	phase(s, "consul");
	ok(s, "order ha1");
	ok(s, "move 2008");
	struct out o = ok(s, "move 2009");
	cr_assert(!has(&o, "reaction_offer"), "%s", o.ev);
	close_game(s);
}

/* ---- 7.31, 7.32 Shock Must Check markers ---- */

Test(reactions, phalanx_moving_next_to_hastati_takes_the_marker_7_32_ex1)
{
	/* 7.32's first example: a Macedonian phalanx moving adjacent to
	 * hastati must shock: the marker goes on the instant it arrives. */
	struct session *s = open_game();
	struct game *g = s->game;
	place2(s, "ph1", 1506, 1507, FACE_W);
	place(s, "ha1", 1306, FACE_E);
	reactions_at_move_start(g, UI(s, "ph1"));
	size_t before = g->events.n;
	/* its step west: both halves one hex WSW/WNW, ha1 now in front */
	place2(s, "ph1", 1406, 1407, FACE_W);
	reactions_after_step(g, UI(s, "ph1"));
	cr_assert(U(s, "ph1")->shock_must);
	bool seen = false;
	for (size_t i = before; i < g->events.n; i++) {
		char b[512];
		event_log_format(&g->events, i, b, sizeof b);
		if (strcmp(b, "shock_must_check unit=ph1 how=must rule=7.32") ==
		    0)
			seen = true;
	}
	cr_assert(seen);
	/* and no choice is offered at its move's end */
	reactions_at_move_end(g, UI(s, "ph1"));
	cr_assert(!reactions_pending(g) ||
		  g->react.offers[0].kind != RK_SHOCK_MARK);
	close_game(s);
}

/* 7.32's second example: Numidian light cavalry next to principes. */
static struct session *lc1_next_to_pr1(void)
{
	struct session *s = open_game();
	place(s, "pr1", 1010, FACE_E);
	place(s, "lc1", 1208, FACE_SW);
	phase(s, "hannibal");
	ok(s, "order lc1");
	ok_declined(s, "move 1108");
	struct out o = ok(s, "move 1109"); /* pr1's front hex */
	cr_assert(!has(&o, "shock_must_check"), "no marker yet: %s", o.ev);
	cr_assert(s->game->react.contact[UI(s, "lc1")]);
	if (reactions_pending(s->game))
		ok(s, "no reaction"); /* Rome's reactions */
	return s;
}

Test(reactions, light_cavalry_next_to_principes_owner_marks_7_32_ex2)
{
	struct session *s = lc1_next_to_pr1();
	struct out o = ok(s, "halt");
	cr_assert(has(&o, "reaction_offer kind=shock_mark unit=lc1 side=1 "
			  "by=lc1 rule=7.32"),
		  "%s", o.ev);
	cr_assert_eq(seq_step_now(s->game), SEQ_REACTION);
	cr_assert_eq(seq_decision_side(s->game), 1);
	cr_assert(legal_has(s, "shock mark lc1"));
	cr_assert(legal_has(s, "shock none lc1"));
	REFUSED(s, "order e1", "7.32");
	REFUSED(s, "orders done", "7.32");
	REFUSED(s, "shock mark pr1", "7.32");
	o = ok(s, "shock mark lc1");
	cr_assert(has(&o, "shock_must_check unit=lc1 how=chosen rule=7.32"),
		  "%s", o.ev);
	cr_assert(U(s, "lc1")->shock_must);
	cr_assert_eq(seq_step_now(s->game), SEQ_ORDERS);
	close_game(s);
}

Test(reactions, light_cavalry_owner_may_decline_7_31)
{
	struct session *s = lc1_next_to_pr1();
	ok(s, "halt");
	struct out o = ok(s, "shock none lc1");
	cr_assert(has(&o, "shock_declined unit=lc1 rule=7.31"), "%s", o.ev);
	cr_assert(!U(s, "lc1")->shock_must);
	cr_assert(!reactions_pending(s->game));
	close_game(s);
}

Test(reactions, the_next_order_waits_for_the_choice_7_32)
{
	/* the open move ends with another order: it is refused until the
	 * move is halted and the choice made */
	struct session *s = lc1_next_to_pr1();
	place(s, "e2", 1503, FACE_SW);
	REFUSED(s, "order e2", "7.32");
	/* orders done ends the move; the phase waits for the choice */
	struct out o = ok(s, "orders done");
	cr_assert(has(&o, "kind=shock_mark unit=lc1"), "%s", o.ev);
	cr_assert(!has(&o, "orders_done"), "%s", o.ev);
	ok(s, "no reaction"); /* = shock none for the moving side */
	cr_assert(!U(s, "lc1")->shock_must);
	o = ok(s, "orders done");
	cr_assert(has(&o, "orders_done"), "%s", o.ev);
	close_game(s);
}

Test(reactions, skirmishers_never_take_the_marker_7_33)
{
	struct session *s = open_game();
	place(s, "pr1", 1010, FACE_E);
	place(s, "sk1", 1208, FACE_SW);
	phase(s, "hannibal");
	ok(s, "order sk1");
	ok_declined(s, "move 1108");
	struct out o = ok(s, "move 1109");
	cr_assert(!has(&o, "shock_must_check"), "%s", o.ev);
	cr_assert(!s->game->react.contact[UI(s, "sk1")]);
	if (reactions_pending(s->game))
		ok(s, "no reaction");
	o = ok(s, "halt");
	cr_assert(!has(&o, "shock_mark"), "%s", o.ev);
	cr_assert(!U(s, "sk1")->shock_must);
	close_game(s);
}

Test(reactions, markers_come_off_after_the_shock_segment_7_32_8_4)
{
	struct out o;
	struct session *s = e1_comes_next_to_ha1(&o);
	cr_assert(has(&o, "shock_must_check unit=e1 how=must rule=7.32"), "%s",
		  o.ev);
	/* before the reaction offer (7.32: before any reaction) */
	cr_assert(strstr(o.ev, "shock_must_check") <
		  strstr(o.ev, "reaction_offer"));
	cr_assert(U(s, "e1")->shock_must);
	ok(s, "no reaction");
	o = ok(s, "orders done");
	/* 8.41: e1, with Shock Must Check, must be designated; the segment
	 * is then played out by its legal lines */
	cr_assert(has(&o, "shock_designation side=1"), "%s", o.ev);
	cr_assert(U(s, "e1")->shock_must);
	ok(s, "designate e1 ha1");
	for (int k = 0; k < 40 && seq_step_now(s->game) == SEQ_SHOCK; k++) {
		struct decision_answer a[8];
		cr_assert_gt(seq_legal(s->game, a, 8), 0);
		ok(s, a[0].line);
	}
	cr_assert(!shock_under_way(s->game));
	cr_assert(!U(s, "e1")->shock_must);
	close_game(s);
}

Test(reactions, show_reactions_lists_the_offers)
{
	struct out o;
	struct session *s = e1_comes_next_to_ha1(&o);
	o = ok(s, "show reactions");
	cr_assert(has(&o, "reactions pending=yes side=0 army=rome mover=e1 "
			  "rule=7.15"),
		  "%s", o.ev);
	cr_assert(has(&o, "reaction kind=face unit=ha1 side=0 state=open "
			  "by=e1 rule=7.15"),
		  "%s", o.ev);
	close_game(s);
}

/* 7.15, 10.14: the reaction's box tells what turning costs before it is
 * chosen (reactions_pending_odds, the decision's detail).  By hand: ha1
 * of TQ 6 against e1 of the same MA: 1 hit on faces 0-7 (at least 1),
 * 2 on an 8, 3 on a 9; with no hits yet none of them routs it, with 5
 * any hit does. */
Test(reactions, the_box_tells_the_check_before_turning_7_15_10_14)
{
	struct out o;
	struct session *s = e1_comes_next_to_ha1(&o);
	char buf[256];
	reactions_pending_odds(s->game, buf, sizeof buf);
	cr_assert_str_eq(buf, "turning costs ha1 a check (7.15): 1 hit 80%, "
			      "2 hits 10%, 3 hits 10%; it routs 0% (10.14)");
	U(s, "ha1")->hits = 5;
	reactions_pending_odds(s->game, buf, sizeof buf);
	cr_assert(strstr(buf, "it routs 100% (10.14)"), "%s", buf);
	struct decision_answer a[32];
	struct decision d;
	decision_init(&d, a, 32);
	gboh_decision(s->game, &d);
	cr_assert(strstr(d.detail, "; turning costs ha1 a check (7.15)"), "%s",
		  d.detail);
	close_game(s);
}
