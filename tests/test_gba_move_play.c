/* GBA movement and shock requirements played as commands (GBA 6-7): a
 * sandbox session on a hand-built open field, its battle named after the
 * ruleset it plays ("gba" or "spqr"), so that each GBA rule is checked on
 * a GBA game and, where the books differ, against SPQR's on the same
 * board.  Rule numbers cited as "GBA N.NN" are GBA's; the refusals and
 * events carry SPQR's numbers (a GBA game's display turns them with
 * rules/gba/rule_numbers.ini). */
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
#include "maniple/shock.h"
#include "maniple/shock_designate.h"
#include "spqr_tables.h"
#include "session_play.h"
#include "fixture.h"
#include "field_play.h"

/* Macedon is side 0, Persia side 1. */
static const struct usp units[] = {
	{"hi", 0, UT_HI, MC_NONE, 6, 5},   {"hi2", 0, UT_HI, MC_NONE, 6, 5},
	{"li", 0, UT_LI, MC_A, 5, 6},      {"lc", 0, UT_LC, MC_MA, 6, 8},
	{"sk", 0, UT_SK, MC_J, 4, 6},      {"p_hi", 1, UT_HI, MC_NONE, 6, 5},
	{"p_hi2", 1, UT_HI, MC_NONE, 6, 5}, {"p_hi3", 1, UT_HI, MC_NONE, 6, 5},
	{NULL, 0, 0, MC_NONE, 0, 0},
};

/* The battles "gba" and "spqr": the same field, leaders and units under
 * that ruleset. */
static struct battle *loader(void *user, const char *name,
			     struct ini_error *err)
{
	(void)user;
	return field_battle(name, units, (const int[]){1603, 1403}, 20, err);
}

static struct session *open_game(const char *ruleset)
{
	return field_open_game(loader, ruleset);
}

/* The command is accepted; what the other side was offered there (a
 * reaction, a withdrawal) it declines. */
static struct out ok_declined(struct session *s, const char *line)
{
	struct out o = ok(s, line);
	while (reactions_pending(s->game) &&
	       seq_decision_side(s->game) != s->game->units[0].side)
		ok(s, "no reaction");
	return o;
}

/* The command is refused naming rule, and changes nothing. */
static void refused(struct session *s, const char *line, const char *want)
{
	uint64_t before = game_digest(s->game);
	struct out o = run(s, line);
	cr_assert_eq(o.st, CMD_REFUSED, "%s: not refused", line);
	cr_assert_str_eq(o.rule, want, "%s: rule %s (%s)", line, o.rule,
			 o.reason);
	cr_assert_eq(game_digest(s->game), before, "%s changed the game",
		     line);
}

/* Macedon's Alexander ends his Orders Phase: its Shock segment, at
 * designation. */
static void shock_segment(struct session *s)
{
	phase(s, "alexander");
	s->game->seq.trumper = -1; /* he did not trump (5.45) */
	struct out o = ok(s, "orders done");
	cr_assert_eq(seq_step_now(s->game), SEQ_SHOCK, "%s", o.ev);
	cr_assert_eq(s->game->shock.step, SHS_DESIGNATE);
}

/* ---- GBA 7.3 Shock Requirements ---- */

/* GBA 7.3, 7.31, 7.33: heavy infantry (a "+" type) that moves next to an enemy
 * must shock it: the Shock Must Check marker goes on the instant it
 * arrives, before any reaction, and its owner is asked nothing at the
 * move's end. */
Test(gba_move_play, heavy_foot_moving_adjacent_must_shock_gba_7_31_7_33)
{
	struct session *s = open_game("gba");
	place(s, "p_hi", 1010, FACE_E);
	place(s, "hi", 1007, FACE_SE);
	phase(s, "alexander");
	ok(s, "order hi");
	struct out o = ok_declined(s, "move 1008");
	cr_assert_not(has(&o, "shock_must_check"), "%s", o.ev);
	o = ok(s, "move 1009");
	cr_assert(has(&o, "shock_must_check unit=hi how=must"), "%s", o.ev);
	const char *react = strstr(o.ev, "reaction_offer");
	cr_assert(!react || strstr(o.ev, "shock_must_check") < react,
		  "GBA 7.33: the instant it moves adjacent: %s", o.ev);
	cr_assert(U(s, "hi")->shock_must);
	while (reactions_pending(s->game))
		ok(s, "no reaction");
	o = ok(s, "halt");
	cr_assert_not(has(&o, "kind=shock_mark"), "GBA 7.31: no choice: %s",
		      o.ev);
	close_game(s);
}

/* LI (archers) come from 1208 into 1109, p_hi's front hex. */
static struct session *archers_next_to_hoplites(const char *ruleset)
{
	struct session *s = open_game(ruleset);
	place(s, "p_hi", 1010, FACE_E);
	place(s, "li", 1208, FACE_SW);
	phase(s, "alexander");
	ok(s, "order li");
	ok_declined(s, "move 1108");
	struct out o = ok_declined(s, "move 1109");
	cr_assert_not(has(&o, "shock_must_check"), "no marker yet: %s", o.ev);
	return s;
}

/* GBA 7.32 [1], 7.33: a light unit that moved next to an enemy may shock;
 * its owner says so as it finishes moving and it takes the Shock Must
 * Check marker.  GBA bars light infantry archers from none of it (SPQR
 * 7.33 does). */
Test(gba_move_play, light_infantry_archers_may_choose_to_shock_gba_7_32)
{
	struct session *s = archers_next_to_hoplites("gba");
	struct out o = ok(s, "halt");
	cr_assert(has(&o, "reaction_offer kind=shock_mark unit=li"), "%s",
		  o.ev);
	refused(s, "orders done", "7.33"); /* GBA 7.33 (SPQR 7.32) */
	o = ok(s, "shock mark li");
	cr_assert(has(&o, "shock_must_check unit=li how=chosen"), "%s", o.ev);
	cr_assert(U(s, "li")->shock_must, "GBA 7.33: the marker");
	close_game(s);

	s = archers_next_to_hoplites("spqr");
	o = ok(s, "halt");
	cr_assert_not(has(&o, "kind=shock_mark"), "SPQR 7.33: %s", o.ev);
	cr_assert_not(U(s, "li")->shock_must);
	close_game(s);
}

/* GBA 7.32 [1]: the owner may decline, and the unit has no marker. */
Test(gba_move_play, a_light_unit_may_decline_gba_7_32)
{
	struct session *s = archers_next_to_hoplites("gba");
	ok(s, "halt");
	struct out o = ok(s, "shock none li");
	cr_assert(has(&o, "shock_declined unit=li"), "%s", o.ev);
	cr_assert_not(U(s, "li")->shock_must);
	cr_assert_not(reactions_pending(s->game));
	close_game(s);
}

/* GBA 7.32 [2], 7.34: a unit that did not move but stands in the active
 * leader's Command Range may attack, with the Shock No Check marker (its
 * combat makes no pre-shock check); GBA 7.35: a unit with no claim to a
 * marker may not attack at all. */
Test(gba_move_play, unmoved_units_shock_with_no_check_gba_7_32_7_34_7_35)
{
	struct session *s = open_game("gba");
	place(s, "hi", 1010, FACE_E);
	place(s, "p_hi", 1109, FACE_W);
	shock_segment(s);
	cr_assert(shock_in_zoc(s->game, UI(s, "hi"), UI(s, "p_hi")));
	struct out o = ok(s, "designate hi p_hi");
	cr_assert(has(&o, "must_check=0"), "GBA 7.34: %s", o.ev);
	cr_assert(has(&o, "shock_marker unit=hi marker=shock_no_check "
			  "via=command_range"),
		  "GBA 7.34: %s", o.ev);
	cr_assert(U(s, "hi")->shock_no);
	cr_assert_not(U(s, "hi")->shock_must);
	close_game(s);

	/* out of Alexander's Command Range, with no marker: no attack; hi2,
	 * which moved next to p_hi2 and took the marker then, attacks and
	 * makes the pre-shock check */
	s = open_game("gba");
	place(s, "hi", 1010, FACE_E);
	place(s, "p_hi", 1109, FACE_W);
	place(s, "hi2", 1013, FACE_E);
	place(s, "p_hi2", 1112, FACE_W);
	U(s, "hi2")->shock_must = true;
	game_leader(s->game, "alexander")->command_range = 1;
	shock_segment(s);
	refused(s, "designate hi p_hi", "7.32"); /* GBA 7.32 (SPQR 7.33) */
	o = ok(s, "designate hi2 p_hi2");
	cr_assert(has(&o, "must_check=1"), "GBA 7.33, 8.33: %s", o.ev);
	cr_assert_not(has(&o, "shock_no_check"), "%s", o.ev);
	close_game(s);
}

/* GBA 7.32 [2]: light infantry archers in range may attack too (SPQR
 * 7.33 refuses them); skirmishers never (GBA 9.31). */
Test(gba_move_play, archers_in_range_may_shock_skirmishers_not_gba_7_32)
{
	const char *rs[] = {"gba", "spqr"};
	for (int k = 0; k < 2; k++) {
		struct session *s = open_game(rs[k]);
		place(s, "li", 1010, FACE_E);
		place(s, "p_hi", 1109, FACE_W);
		place(s, "sk", 1013, FACE_E);
		place(s, "p_hi2", 1112, FACE_W);
		place(s, "hi", 1016, FACE_E); /* opens the designation */
		place(s, "p_hi3", 1115, FACE_W);
		shock_segment(s);
		cr_assert(shock_in_zoc(s->game, UI(s, "li"), UI(s, "p_hi")));
		cr_assert(shock_in_zoc(s->game, UI(s, "sk"), UI(s, "p_hi2")));
		if (k == 0) {
			struct out o = ok(s, "designate li p_hi");
			cr_assert(has(&o, "marker=shock_no_check"), "%s", o.ev);
		} else {
			refused(s, "designate li p_hi", "7.33");
		}
		/* GBA 9.31: a skirmisher shocks only chariots and routed
		 * units (SPQR 7.33: never) */
		refused(s, "designate sk p_hi2", k == 0 ? "9.31" : "7.33");
		close_game(s);
	}
}

/* ---- GBA 7.16 Reaction Facing Change ---- */

/* hi marches from 1007 to 1009, beside p_hi (1010, facing E), which is
 * offered the reaction facing change; the die is forced to `die`. */
static struct out p_hi_reacts(struct session *s, const char *die)
{
	place(s, "p_hi", 1010, FACE_E);
	place(s, "hi", 1007, FACE_SE);
	phase(s, "alexander");
	ok(s, "order hi");
	ok(s, "move 1008");
	struct out o = ok(s, "move 1009");
	cr_assert(has(&o, "reaction_offer kind=face unit=p_hi"), "%s", o.ev);
	char line[32];
	snprintf(line, sizeof line, "roll %s", die);
	ok(s, line);
	return ok(s, "react face p_hi NE");
}

/* GBA 7.16 (R104): the roll plus the movers' MA difference over the
 * unit's TQ routs it; not over, it costs nothing.  SPQR 7.15 takes the
 * roll less the TQ in hits, at least 1, and no rout. */
Test(gba_move_play, a_failed_reaction_facing_routs_gba_7_16)
{
	struct session *s = open_game("gba");
	struct out o = p_hi_reacts(s, "7"); /* 7 + (5 - 5) over TQ 6 */
	cr_assert(has(&o, "dr=7 tq=6 hits=0 result=rout"), "%s", o.ev);
	cr_expect(U(s, "p_hi")->routed || !game_unit_in_play(U(s, "p_hi")),
		  "GBA 7.16: it routs");
	cr_expect_eq(U(s, "p_hi")->hits, 0);
	close_game(s);

	s = open_game("gba");
	o = p_hi_reacts(s, "6"); /* not over TQ 6 */
	cr_assert(has(&o, "dr=6 tq=6 hits=0 result=passed"), "%s", o.ev);
	cr_expect_not(U(s, "p_hi")->routed);
	cr_expect_eq(U(s, "p_hi")->hits, 0, "GBA 7.16: no hit");
	cr_expect_eq(U(s, "p_hi")->at.facing, FACE_NE);
	close_game(s);

	s = open_game("spqr");
	o = p_hi_reacts(s, "7");
	cr_assert(has(&o, "dr=7 tq=6 hits=1 rule="), "SPQR 7.15: %s", o.ev);
	cr_expect_not(U(s, "p_hi")->routed);
	cr_expect_eq(U(s, "p_hi")->hits, 1);
	close_game(s);
}
