/* GBA stacking, withdrawal and Pre-arranged Withdrawal played as commands
 * (GBA 6.6-6.9): a sandbox session on a hand-built open field, its
 * battle named after the ruleset it plays ("gba" or "spqr"), so that each
 * GBA rule is checked on a GBA game and, where the books differ, against
 * SPQR's on the same board; and GBA's river hexes (GBA 6.29).  Rule numbers cited as "GBA N.NN" are GBA's;
 * the events carry SPQR's numbers where the rule is shared. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/map.h"
#include "maniple/orders.h"
#include "maniple/reactions.h"
#include "maniple/sequence.h"
#include "maniple/movement.h"
#include "maniple/rout.h"
#include "maniple/shock.h"
#include "maniple/shock_calc.h"
#include "maniple/stacking.h"
#include "maniple/tables.h"
#include "maniple/withdrawal.h"
#include "spqr_tables.h"
#include "session_play.h"
#include "fixture.h"
#include "field_play.h"

/* Macedon is side 0, Persia side 1. */
static const struct usp units[] = {
	{"mi", 0, UT_MI, MC_NONE, 5, 5},   {"fr", 0, UT_MI, MC_NONE, 5, 5},
	{"fr2", 0, UT_MI, MC_NONE, 5, 5},  {"sk", 0, UT_SK, MC_J, 4, 6},
	{"lc", 0, UT_LC, MC_J, 6, 8},	   {"lc2", 0, UT_LC, MC_J, 6, 8},
	{"p_hi", 1, UT_HI, MC_NONE, 6, 5},
	{"p_mi", 1, UT_MI, MC_NONE, 5, 5}, {NULL, 0, 0, MC_NONE, 0, 0},
};

/* The battles "gba" and "spqr": the same field, leaders and units under
 * that ruleset. */
static struct battle *loader(void *user, const char *name,
			     struct ini_error *err)
{
	(void)user;
	return field_battle(name, units, (const int[]){1205, 1201}, 30, err);
}

static struct session *open_game(const char *ruleset)
{
	return field_open_game(loader, ruleset);
}

/* The events of line, and of `halt` after it while the move is open. */
static struct out ok_to_end(struct session *s, const char *line)
{
	struct out o = ok(s, line);
	if (s->game->ord.moving) {
		struct out h = ok(s, "halt");
		size_t len = strlen(o.ev);
		snprintf(o.ev + len, sizeof o.ev - len, "%s", h.ev);
	}
	return o;
}

/* ---- GBA 6.92 forced to end movement stacked ---- */

/* mi (4 hits, TQ 5) passes through fr at 1008: the 6.94 hit routs it
 * there, so its move ends in fr's hex. */
static struct session *mover_routs_in_a_friend(const char *ruleset,
					       const char *roll,
					       struct out *o)
{
	struct session *s = open_game(ruleset);
	place(s, "mi", 1007, FACE_SE);
	place(s, "fr", 1008, FACE_SE);
	U(s, "mi")->hits = 4;
	phase(s, "alexander");
	ok(s, "order mi");
	if (roll)
		ok(s, roll);
	*o = ok_to_end(s, "move 1008");
	return s;
}

/* GBA 6.92: a move forced to end in a friend's hex (here: the mover's
 * hits rout it there) routs the mover, and the friend makes a TQ check
 * taking the roll over its TQ: 8 against TQ 5 is 3 hits. */
Test(gba_stack, forced_to_end_stacked_friend_checks_gba_6_92)
{
	struct out o;
	struct session *s = mover_routs_in_a_friend("gba", "roll 8", &o);
	cr_assert(has(&o, "ended_stacked unit=mi with=fr then=routing "
			  "rule=6.92"),
		  "%s", o.ev);
	cr_assert(has(&o, "tq_check unit=fr dr=8 tq=5 routed=no hits=3"),
		  "GBA 6.92: %s", o.ev);
	cr_expect_eq(U(s, "fr")->hits, 1 + 3, "GBA 6.94's hit and 6.92's");
	cr_expect(has(&o, "rout unit=mi type=MI hits=5 tq=5 cause=10.14"),
		  "GBA 6.92: the mover routs: %s", o.ev);
	cr_expect_not(has(&o, "stack_rout_not_played"), "%s", o.ev);
	close_game(s);
}

/* GBA 6.92: the friend's check costs at least 1 hit, a roll at or under
 * its TQ included. */
Test(gba_stack, forced_to_end_stacked_at_least_one_hit_gba_6_92)
{
	struct out o;
	struct session *s = mover_routs_in_a_friend("gba", "roll 2", &o);
	cr_assert(has(&o, "tq_check unit=fr dr=2 tq=5 routed=no hits=0"),
		  "%s", o.ev);
	cr_assert(has(&o, "cohesion_hit unit=fr hits=1 total=2 tq=5 "
			  "cause=ended_stacked rule=6.92"),
		  "GBA 6.92: the minimum: %s", o.ev);
	cr_expect_eq(U(s, "fr")->hits, 2);
	close_game(s);
}

/* SPQR has no 6.92: a unit routing in a stack is 6.68's (not played,
 * R2), and the friend takes only the chart's hit. */
Test(gba_stack, spqr_stack_rout_is_6_68)
{
	struct out o;
	struct session *s = mover_routs_in_a_friend("spqr", NULL, &o);
	cr_assert(has(&o, "stack_rout_not_played unit=mi with=fr"), "%s",
		  o.ev);
	cr_expect_not(has(&o, "ended_stacked"), "%s", o.ev);
	cr_expect_eq(U(s, "fr")->hits, 1);
	cr_expect(has(&o, "rout unit=mi"), "%s", o.ev);
	close_game(s);
}

/* GBA 6.92, 6.94: when the friend passed through is the one that routs
 * (6.94's hit), the mover is not forced to stop: it goes on, and no 6.92
 * check is made. */
Test(gba_stack, friend_routing_under_a_passer_is_no_forced_stop_gba_6_92)
{
	struct session *s = open_game("gba");
	place(s, "mi", 1007, FACE_SE);
	place(s, "fr", 1008, FACE_SE);
	U(s, "fr")->hits = 4;
	phase(s, "alexander");
	ok(s, "order mi");
	struct out o = ok(s, "move 1008");
	cr_assert(U(s, "fr")->routed, "%s", o.ev);
	cr_expect_not(has(&o, "stack_rout_not_played"), "%s", o.ev);
	o = ok_to_end(s, "move 1009");
	cr_expect_not(has(&o, "ended_stacked"), "%s", o.ev);
	cr_expect_eq(U(s, "mi")->hits, 1, "GBA 6.94 alone");
	cr_expect_not(U(s, "mi")->routed);
	close_game(s);
}

/* GBA 6.92 Exception: a skirmisher forced to end its move stacked costs
 * each unit 1 hit with no roll (here the marsh's hit routs it, so it is
 * eliminated, GBA 9.34); passing through costs neither a hit (GBA 6.94
 * Exception #2), so the friend's one hit is 6.92's. */
Test(gba_stack, skirmisher_forced_to_end_stacked_gba_6_92)
{
	struct session *s = open_game("gba");
	place(s, "sk", 1007, FACE_SE);
	place(s, "fr", 1008, FACE_SE);
	map_at_mut(s->game->battle->map, H(1008))->terrain = TERRAIN_MARSH;
	U(s, "sk")->hits = 3;
	phase(s, "alexander");
	ok(s, "order sk");
	struct out o = ok_to_end(s, "move 1008");
	cr_assert(has(&o, "ended_stacked unit=sk with=fr then=one_hit_each"),
		  "%s", o.ev);
	cr_expect_not(has(&o, "tq_check unit=fr"), "no roll: %s", o.ev);
	cr_expect_eq(U(s, "fr")->hits, 1, "GBA 6.92 Exception");
	cr_expect_not(game_unit_in_play(U(s, "sk")), "GBA 9.34");
	close_game(s);
}

/* GBA 6.92: a move forced to end stacked whose mover is not routing
 * already (no legal command leaves one so: the moves refuse to strand a
 * unit, GBA 6.91) routs it; with SPQR's switch nothing happens. */
Test(gba_stack, forced_stop_routs_the_mover_gba_6_92)
{
	const char *rs[] = {"gba", "spqr"};
	for (int k = 0; k < 2; k++) {
		struct session *s = open_game(rs[k]);
		place(s, "mi", 1008, FACE_SE);
		place(s, "fr", 1008, FACE_SE);
		ok(s, "roll 9");
		const struct unit *with[4];
		int n = stacking_friends_with(s->game, U(s, "mi"), with, 4);
		cr_assert_eq(n, 1);
		cr_assert_eq(with[0], U(s, "fr"));
		bool routs = stacking_ended_stacked(s->game, UI(s, "mi"),
						    with, n, false);
		cr_expect_eq(routs, k == 0, "GBA 6.92: the mover routs");
		cr_expect_eq(U(s, "fr")->hits, k == 0 ? 4 : 0,
			     "GBA 6.92: 9 - 5");
		close_game(s);
	}
}

/* GBA 6.92, 6.75: a withdrawal that its pass-through hit ends in a
 * friend's hex (the unit routs there, GBA 6.73) is forced to end
 * stacked too: the friend makes 6.92's check. */
Test(gba_stack, withdrawal_routing_in_a_friend_gba_6_92)
{
	struct session *s = open_game("gba");
	place(s, "p_hi", 1003, FACE_SE);
	place(s, "lc", 1006, FACE_NW);
	place(s, "fr", 1007, FACE_NW);
	U(s, "lc")->hits = 5;
	phase(s, "darius");
	ok(s, "order p_hi");
	struct out o = ok(s, "move 1004");
	cr_assert(has(&o, "withdrawal_offered unit=lc"), "%s", o.ev);
	ok(s, "roll 7");
	o = ok(s, "withdraw lc 1007");
	cr_assert(has(&o, "rout unit=lc"), "GBA 6.73: %s", o.ev);
	cr_assert(has(&o, "ended_stacked unit=lc with=fr then=routing"),
		  "%s", o.ev);
	cr_assert(has(&o, "tq_check unit=fr dr=7 tq=5 routed=no hits=2"),
		  "GBA 6.92: %s", o.ev);
	cr_expect_eq(U(s, "fr")->hits, 1 + 2);
	close_game(s);
}

/* ---- GBA 6.29 the river hexes ---- */

/* GBA 6.29: a Major River hex costs 1 MP and 1 hit to foot, skirmishers
 * and cavalry, none to elephants, and is closed to chariots; a Rocky
 * River Bed costs 2 MP, 1 hit to foot and skirmishers, 2 to cavalry, and
 * is closed to elephants and chariots.  SPQR's chart has neither. */
Test(gba_stack, major_river_and_rocky_river_bed_gba_6_29)
{
	const char *rs[] = {"gba", "spqr"};
	for (int k = 0; k < 2; k++) {
		struct session *s = open_game(rs[k]);
		struct map *m = s->game->battle->map;
		for (int row = 5; row <= 12; row++) {
			map_at_mut(m, H(1000 + row))->elevation = 1;
			map_at_mut(m, H(1300 + row))->elevation = 1;
		}
		map_at_mut(m, H(1008))->terrain = TERRAIN_MAJOR_RIVER;
		map_at_mut(m, H(1308))->terrain = TERRAIN_ROCKY_RIVER_BED;
		place(s, "mi", 1007, FACE_SE);
		place(s, "lc", 1307, FACE_SE);
		phase(s, "alexander");
		ok(s, "order mi");
		if (k == 1) {
			struct out o = run(s, "move 1008");
			cr_expect_eq(o.st, CMD_REFUSED, "SPQR: %s", o.ev);
			close_game(s);
			continue;
		}
		struct out o = ok_to_end(s, "move 1008");
		cr_expect(has(&o, "moved unit=mi from=1007 to=1008 "
				  "terrain=major_river mp=1"),
			  "GBA 6.29: %s", o.ev);
		cr_expect_eq(U(s, "mi")->hits, 1, "GBA 6.29");
		ok(s, "order lc");
		o = ok_to_end(s, "move 1308");
		cr_expect(has(&o, "terrain=rocky_river_bed mp=2"), "GBA 6.29: %s",
			  o.ev);
		cr_expect_eq(U(s, "lc")->hits, 2, "GBA 6.29: cavalry 2");
		close_game(s);
	}
	/* the other columns, from the chart */
	struct session *s = open_game("gba");
	const struct spqr_tables *t = s->game->tables;
	struct {
		enum unit_type type;
		enum terrain terrain;
		int mp, hits;
		bool p;
	} want[] = {
		{UT_SK, TERRAIN_MAJOR_RIVER, 1, 1, false},
		{UT_EL, TERRAIN_MAJOR_RIVER, 1, 0, false},
		{UT_CH, TERRAIN_MAJOR_RIVER, 0, 0, true},
		{UT_LI, TERRAIN_MAJOR_RIVER, 1, 1, false},
		{UT_PH, TERRAIN_ROCKY_RIVER_BED, 2, 1, false},
		{UT_SK, TERRAIN_ROCKY_RIVER_BED, 2, 1, false},
		{UT_EL, TERRAIN_ROCKY_RIVER_BED, 0, 0, true},
		{UT_CH, TERRAIN_ROCKY_RIVER_BED, 0, 0, true},
	};
	for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
		struct move_cost c = tables_hex_entry_cost(
			t, &(struct hex_entry){.type = want[i].type,
					       .terrain = want[i].terrain});
		cr_expect_eq(c.prohibited, want[i].p, "GBA 6.29 row %zu", i);
		cr_expect_eq(c.mp, want[i].mp, "GBA 6.29 row %zu", i);
		cr_expect_eq(c.hits, want[i].hits, "GBA 6.29 row %zu", i);
	}
	close_game(s);
}

/* GBA 6.28, 6.75: both river hexes cost foot a hit to enter, so they are
 * Rough: no withdrawal into them. */
Test(gba_stack, river_hexes_are_rough_gba_6_28)
{
	struct session *s = open_game("gba");
	struct unit *mi = U(s, "mi");
	cr_expect(unit_terrain_is_rough(s->game, mi->type,
					TERRAIN_MAJOR_RIVER),
		  "GBA 6.28");
	cr_expect(unit_terrain_is_rough(s->game, mi->type,
					TERRAIN_ROCKY_RIVER_BED),
		  "GBA 6.28");
	cr_expect_not_null(withdrawal_closed_terrain(s->game, mi,
						     TERRAIN_MAJOR_RIVER),
			   "GBA 6.75");
	close_game(s);
}

/* ---- GBA 6.65, 6.66 a column in combat ---- */

/* GBA 6.65: a unit In Column checks at its TQ less 2, and an attacker is
 * Attack Superior against it whatever the position or weapons, unless
 * the attacker is a skirmisher. */
Test(gba_stack, column_in_combat_gba_6_65)
{
	struct session *s = open_game("gba");
	place(s, "mi", 1008, FACE_SE);
	struct unit *mi = U(s, "mi");
	cr_expect_eq(unit_tq_now(s->game, mi), 5);
	game_unit_place(s->game, mi,
			(struct footprint){.hex = {H(1008), HEX_NONE},
					   .facing = SIDE_S,
					   .in_column = true});
	cr_expect_eq(unit_tq_now(s->game, mi), 3, "GBA 6.65: TQ - 2");
	const struct spqr_tables *t = s->game->tables;
	struct superiority_input in = {.attacker = UT_HI,
				       .defender = UT_MI,
				       .side = ZONE_FRONT,
				       .defender_in_column = true};
	struct superiority_calc c = shock_superiority(t, &in);
	cr_expect(c.column_attacked, "GBA 6.65");
	cr_expect_eq(c.result, SUP_AS, "GBA 6.65");
	in.attacker = UT_SK;
	c = shock_superiority(t, &in);
	cr_expect_not(c.column_attacked, "GBA 6.65: not a skirmisher");
	close_game(s);
}

/* GBA 6.65, 6.66: the Persian hoplites In Column, shocked from the front
 * by the hypaspists: the attack is Attack Superior for the column; at
 * the end of the Orders Phase the column goes back to its formation,
 * turned to a vertex, at 1 hit more. */
Test(gba_stack, column_caught_by_shock_gba_6_66)
{
	struct session s;
	fx_session(&s, "new gba_drill sandbox 7");
	const char *setup[] = {"setup remove ar2",
			       "setup remove ar1",
			       "setup remove ca1",
			       "setup unit hy1 2815 E",
			       "setup marker hi1 column on WNW",
			       "setup phase shock",
			       "setup active king",
			       "setup leader-state king active",
			       "setup marker hy1 moved_phase on",
			       "setup marker hy1 shock_must on",
			       "continue",
			       NULL};
	fx_run(&s, setup);
	struct game *g = s.game;
	cr_assert_eq(g->shock.step, SHS_DESIGNATE);
	cr_assert(game_unit(g, "hi1")->at.in_column);
	fx_ok(&s, "designate hy1 hi1");
	fx_ok(&s, "roll 0 0 0 0 0 0 0 0 0 0");
	size_t from = g->events.n;
	fx_ok(&s, "designate done");
	bool as = false;
	for (size_t i = from; i < g->events.n; i++)
		if (event_log_is(&g->events, i, "superiority")) {
			const char *r = event_log_get(&g->events, i, "result");
			const char *w = event_log_get(&g->events, i, "why");
			as = r && w && !strcmp(r, "AS") &&
			     !strcmp(w, "defender_in_column");
		}
	cr_expect(as, "GBA 6.65: AS against the column");
	const struct unit *hi1 = game_unit(g, "hi1");
	/* the Shock segment over, the Orders Phase ends */
	for (int k = 0; k < 8 && g->phase == PHASE_MOVEMENT &&
			g->active_leader >= 0 &&
			g->leaders[g->active_leader].state == LS_ACTIVE;
	     k++) {
		struct cmd_result r;
		cmd_result_init(&r);
		session_exec(&s, "continue", &r);
		cmd_result_free(&r);
	}
	bool reformed = false, hit = false;
	for (size_t i = from; i < g->events.n; i++) {
		const char *u = event_log_get(&g->events, i, "unit");
		if (!u || strcmp(u, "hi1") != 0)
			continue;
		if (event_log_is(&g->events, i, "column_reformed"))
			reformed = true;
		const char *cause = event_log_get(&g->events, i, "cause");
		const char *n = event_log_get(&g->events, i, "hits");
		if (reformed && event_log_is(&g->events, i, "cohesion_hit") &&
		    cause && !strcmp(cause, "column_reformed") && n &&
		    !strcmp(n, "1"))
			hit = true;
	}
	cr_expect(reformed, "GBA 6.66");
	cr_expect(hit, "GBA 6.66: 1 hit more");
	if (game_unit_in_play(hi1))
		cr_expect_not(hi1->at.in_column, "GBA 6.66");
	session_free(&s);
}

/* ---- GBA 6.77 Cavalry Line Withdrawal ---- */

/* The first legal answer of side 0 that starts with prefix, run; false
 * when there is none. */
static bool answer(struct session *s, const char *prefix, struct out *o)
{
	struct decision_answer a[64];
	int n = seq_legal(s->game, a, 64);
	for (int i = 0; i < n; i++)
		if (a[i].side == 0 &&
		    strncmp(a[i].line, prefix, strlen(prefix)) == 0) {
			*o = ok(s, a[i].line);
			return true;
		}
	return false;
}

/* GBA 6.77: enemy infantry comes within 2 hexes of lc alone; its Line of
 * cavalry (lc and lc2, Alexander within 2 hexes) withdraws together,
 * each unit on its own MA difference (8 - 5 = 3 MP), and none may stay;
 * cavalry takes no automatic hit (GBA 6.72 #1) but checks its TQ (#3). */
Test(gba_stack, cavalry_line_withdrawal_gba_6_77)
{
	struct session *s = open_game("gba");
	fx_line(s->game->battle, "horse", 0, "type:LC");
	place(s, "lc", 1006, FACE_NW);
	place(s, "lc2", 1007, FACE_NW);
	place(s, "p_hi", 1003, FACE_SE);
	phase(s, "darius");
	ok(s, "order p_hi");
	struct out o = ok(s, "move 1004");
	cr_assert(has(&o, "withdrawal_offered unit=lc by=p_hi"), "%s", o.ev);
	cr_assert_not(has(&o, "withdrawal_offered unit=lc2"), "%s", o.ev);
	o = ok(s, "withdraw line lc");
	cr_assert(has(&o, "line_withdrawal line=horse unit=lc "
			  "leader=alexander by=p_hi units=2"),
		  "GBA 6.77: %s", o.ev);
	cr_assert(has(&o, "reaction_offer kind=withdraw unit=lc2 side=0 "
			  "by=p_hi mp=3"),
		  "GBA 6.77, 6.71: the whole Line, 8 - 5 MP: %s", o.ev);
	struct out r = run(s, "withdraw lc2 done");
	cr_assert_eq(r.st, CMD_REFUSED, "GBA 6.77: no unit may stay");
	ok(s, "roll 0 0");
	int steps = 0;
	while (reactions_pending(s->game) && steps++ < 12) {
		if (answer(s, "withdraw lc2 1", &o) ||
		    answer(s, "withdraw lc 1", &o) ||
		    answer(s, "withdraw lc2 0", &o) ||
		    answer(s, "withdraw lc 0", &o))
			continue;
		if (!answer(s, "withdraw lc2 done", &o) &&
		    !answer(s, "withdraw lc done", &o))
			break;
	}
	cr_assert_not(reactions_pending(s->game));
	cr_expect_not(hex_eq(U(s, "lc")->at.hex[0], H(1006)), "lc withdrew");
	cr_expect_not(hex_eq(U(s, "lc2")->at.hex[0], H(1007)),
		      "lc2 withdrew");
	cr_expect_eq(U(s, "lc")->hits, 0, "GBA 6.72 #1: no cavalry hit");
	cr_expect_eq(U(s, "lc2")->hits, 0);
	close_game(s);
}

/* GBA 6.92 Exception, its second half: a skirmisher that would have to
 * end its move in a friend's hex (sk, MA 6, enters fr's 1008 with its
 * sixth MP) goes on through into the next hex with no MP left, 1 hit to
 * each unit and no roll; it may not stop in fr's hex.  A medium infantry
 * unit (mi, MA 5) may not enter a friend's hex with its last MP at all
 * (GBA 6.94: it could not leave it again, nor stop there). */
Test(gba_stack, skirmisher_goes_on_with_no_mp_gba_6_92)
{
	struct session *s = open_game("gba");
	place(s, "sk", 1002, FACE_SE);
	place(s, "fr", 1008, FACE_SE);
	phase(s, "alexander");
	ok(s, "order sk");
	for (int r = 3; r <= 7; r++) {
		char line[32];
		snprintf(line, sizeof line, "move 10%02d", r);
		ok(s, line);
	}
	ok(s, "move 1008");
	cr_assert_eq(s->game->ord.move.mp_spent, 6, "all its MP");
	cr_expect_eq(U(s, "fr")->hits, 0, "GBA 6.94 Exception #2");
	struct out o = run(s, "halt");
	cr_expect_eq(o.st, CMD_REFUSED, "GBA 6.92: it may not stop there");
	o = ok_to_end(s, "move 1009");
	cr_assert(has(&o, "ended_stacked unit=sk with=fr then=goes_on "
			  "rule=6.92"),
		  "GBA 6.92: %s", o.ev);
	cr_expect(has(&o, "tq_check") == false, "no roll: %s", o.ev);
	cr_expect_eq(U(s, "fr")->hits, 1, "GBA 6.92 Exception");
	cr_expect_eq(U(s, "sk")->hits, 1, "GBA 6.92 Exception");
	cr_expect_eq(U(s, "sk")->at.hex[0].row, 9);
	cr_expect_not(U(s, "sk")->routed);
	close_game(s);

	s = open_game("gba");
	place(s, "mi", 1003, FACE_SE);
	place(s, "fr", 1008, FACE_SE);
	phase(s, "alexander");
	ok(s, "order mi");
	for (int r = 4; r <= 7; r++) {
		char line[32];
		snprintf(line, sizeof line, "move 10%02d", r);
		ok(s, line);
	}
	o = run(s, "move 1008");
	cr_expect_eq(o.st, CMD_REFUSED, "GBA 6.94: %s", o.reason);
	cr_expect_str_eq(o.rule, "6.94", "%s", o.reason);
	close_game(s);
}

/* GBA 6.92 Exception, its second half, in a withdrawal: the skirmisher sk
 * withdraws its 2 hexes (GBA 6.71, 9.21) from p_hi, the second into fr's
 * hex, and goes on one hex more with none left, 1 hit to each. */
Test(gba_stack, skirmisher_withdrawal_goes_on_gba_6_92)
{
	struct session *s = open_game("gba");
	place(s, "p_hi", 1002, FACE_SE);
	place(s, "sk", 1005, FACE_NW);
	place(s, "fr", 1007, FACE_NW);
	phase(s, "darius");
	ok(s, "order p_hi");
	struct out o = ok(s, "move 1003");
	cr_assert(has(&o, "withdrawal_offered unit=sk"), "%s", o.ev);
	ok(s, "withdraw sk 1006");
	ok(s, "withdraw sk 1007");
	o = run(s, "withdraw sk done");
	cr_expect_eq(o.st, CMD_REFUSED, "GBA 6.92: not stopping in fr's hex");
	o = ok(s, "withdraw sk 1008");
	cr_assert(has(&o, "ended_stacked unit=sk with=fr then=goes_on"),
		  "GBA 6.92: %s", o.ev);
	cr_expect_eq(U(s, "fr")->hits, 1, "GBA 6.92 Exception");
	cr_expect_eq(U(s, "sk")->hits, 1, "GBA 6.92 Exception");
	cr_expect_eq(U(s, "sk")->at.hex[0].row, 8);
	o = run(s, "withdraw sk 1009");
	cr_expect_neq(o.st, CMD_OK, "no hex left");
	close_game(s);
}
