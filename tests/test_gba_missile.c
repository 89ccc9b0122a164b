/* GBA missile fire (issue 25): the volley field of the SPQR missile tests
 * played under `ruleset = gba` — GBA's Missile Range and Results Chart
 * (GBA 8.61, rules/gba/missile.ini) with its Indian archers, fire before,
 * during or after a move (GBA 8.11), the arc of fire (GBA 8.13), the
 * line of sight past a nearer unit (GBA 8.14), the modifiers (GBA 8.15)
 * and supply (GBA 8.17); reaction fire (GBA 8.21-8.24, 9.11), H&D
 * (GBA 9.32, 9.41) and the oxybeles (GBA 9.5).  Rule numbers cited as
 * "GBA N.NN" are GBA's; the SPQR tests of the same subjects are
 * test_missile.c, test_los.c, test_reaction_fire.c, test_harass.c and
 * test_scorpio.c. */
#define VOLLEY_RULESET "gba"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/cmd.h"
#include "maniple/movement.h"
#include "maniple/shock.h"
#include "maniple/shock_designate.h"
#include "maniple/game.h"
#include "maniple/harass.h"
#include "maniple/los.h"
#include "maniple/missile.h"
#include "maniple/orders.h"
#include "maniple/reaction_fire.h"
#include "maniple/reactions.h"
#include "maniple/rout.h"
#include "maniple/sequence.h"
#include "maniple/tables.h"
#include "spqr_tables.h"

#include "volley_field.h"

/* Fires directly (missile_fire) with the die forced; the events. */
static bool volley(struct session *s, const char *firer, int target,
		   enum fire_kind k, int die, struct fire_check *c, char *ev,
		   size_t n)
{
	size_t from = s->game->events.n;
	force(s, die);
	bool fired = missile_fire(s->game, UI(s, firer), WEAPON_MAIN,
				  H(target), k, c);
	events_since(s, from, ev, n);
	dice_clear_forced(&s->game->dice);
	return fired;
}

static bool check(struct session *s, const char *firer, int target,
		  struct fire_check *c)
{
	return missile_check(s->game, UI(s, firer), WEAPON_MAIN, H(target),
			     FIRE_OFFENSIVE, c);
}

Test(gba_missile, the_volley_field_plays_gba_rules)
{
	struct session *s = open_game();
	cr_assert_str_eq(s->game->battle->ruleset, "gba");
	cr_expect_eq(tables_variant(s->game->tables, RV_FIRE_AFTER_MOVING),
		     FIRE_AFTER_ANY);
	cr_expect_eq(tables_variant(s->game->tables, RV_FIRE_ARC),
		     ARC_FRONT_SK_FLANK_TOO);
	cr_expect_eq(tables_variant(s->game->tables, RV_FIRE_LOS_NEARER),
		     LOS_NEARER_ALL);
	close_game(s);
}

/* GBA 8.61: the Indian LI Archers' row, 9 6 5 2 0 at ranges 1-5, out of
 * range beyond; a strength of 0 hits on a modified 0 only. */
Test(gba_missile, indian_archers_row_of_the_chart_gba_8_61)
{
	struct session *s = open_game();
	place(s, "ia", 1010, FACE_NE);
	const int want[] = {0, 9, 6, 5, 2, 0};
	struct fire_check c;
	for (int r = 1; r <= 5; r++) {
		place(s, "cav", 1010 - r, FACE_SE);
		cr_assert(check(s, "ia", 1010 - r, &c), "GBA 8.61 range %d: %s",
			  r, c.reason);
		cr_expect_eq(c.strength, want[r], "GBA 8.61 range %d", r);
	}
	place(s, "cav", 1004, FACE_SE);
	cr_assert_not(check(s, "ia", 1004, &c));
	cr_expect_str_eq(c.rule, "8.13");
	/* range 5: a natural 0 hits, a 1 does not */
	place(s, "cav", 1005, FACE_SE);
	char ev[4096];
	cr_assert(volley(s, "ia", 1005, FIRE_OFFENSIVE, 1, &c, ev, sizeof ev));
	cr_expect(strstr(ev, "class=IA kind=offensive at=1005 target=cav "
			     "range=5 strength=0"),
		  "%s", ev);
	cr_expect(strstr(ev, "result=miss"), "%s", ev);
	cr_assert(volley(s, "ia", 1005, FIRE_RETURN, 0, &c, ev, sizeof ev));
	cr_expect(strstr(ev, "result=hit hits=1"), "%s", ev);
	cr_expect_eq(U(s, "cav")->hits, 1);
	close_game(s);
}

/* GBA 8.1, 8.15 EXAMPLE: Cretan archers two hexes from Median cavalry,
 * strength 3: a 2 is one cohesion hit, a 6 nothing, a 9 nothing and
 * Missile Low (GBA 8.17 #1). */
Test(gba_missile, cretan_archers_example_gba_8_15_8_17)
{
	struct session *s = open_game();
	place(s, "ar", 1010, FACE_NE);
	place(s, "cav", 1008, FACE_SE);
	struct fire_check c;
	char ev[4096];
	cr_assert(volley(s, "ar", 1008, FIRE_OFFENSIVE, 2, &c, ev, sizeof ev));
	cr_expect_eq(c.range, 2);
	cr_expect_eq(c.strength, 3);
	cr_expect_eq(U(s, "cav")->hits, 1, "GBA 8.15: a 2 hits");
	cr_assert(volley(s, "ar", 1008, FIRE_RETURN, 6, &c, ev, sizeof ev));
	cr_expect(strstr(ev, "result=miss"), "%s", ev);
	cr_expect_eq(U(s, "ar")->supply, SUPPLY_FULL);
	cr_assert(volley(s, "ar", 1008, FIRE_RETURN, 9, &c, ev, sizeof ev));
	cr_expect(strstr(ev, "result=miss"), "%s", ev);
	cr_expect_eq(U(s, "ar")->supply, SUPPLY_LOW, "GBA 8.17: a 9 is Low");
	cr_expect_eq(U(s, "cav")->hits, 1);
	/* GBA 8.17 #3: a Low unit that fires is Missile No */
	cr_assert(volley(s, "ar", 1008, FIRE_RETURN, 5, &c, ev, sizeof ev));
	cr_expect_eq(U(s, "ar")->supply, SUPPLY_NO);
	cr_assert_not(check(s, "ar", 1008, &c));
	cr_expect_str_eq(c.rule, "8.17");
	close_game(s);
}

/* GBA 8.13 (research A29): fire leaves by the Front hexsides; by the
 * Flank ones too for skirmishers only.  Facing E, due south (2011, 2013)
 * is a Flank hexside. */
Test(gba_missile, fire_arc_front_only_but_skirmishers_gba_8_13)
{
	struct session *s = open_game();
	place(s, "ve", 2010, FACE_E); /* LI javelins */
	place(s, "bi", 2011, FACE_NE);
	struct fire_check c;
	cr_assert_not(check(s, "ve", 2011, &c), "GBA 8.13: a Flank hex");
	cr_expect_str_eq(c.rule, "8.13");
	/* through its Front it may */
	place(s, "bi", 2110, FACE_W);
	cr_expect(check(s, "ve", 2110, &c), "%s", c.reason);
	/* mounted archers at range 2 through the Flank: no */
	place(s, "ma", 2210, FACE_E);
	place(s, "bi2", 2212, FACE_NE);
	cr_assert_not(check(s, "ma", 2212, &c));
	cr_expect_str_eq(c.rule, "8.13");
	/* a skirmisher fires through its Flank, adjacent or not */
	place(s, "ar", 2410, FACE_E);
	place(s, "cav", 2411, FACE_NE);
	cr_expect(check(s, "ar", 2411, &c), "GBA 8.13: %s", c.reason);
	place(s, "cav", 2413, FACE_NE);
	cr_expect(check(s, "ar", 2413, &c), "GBA 8.13: %s", c.reason);
	/* never through the Rear */
	U(s, "ar")->at.facing = FACE_NW;
	cr_expect_not(check(s, "ar", 2413, &c));
	close_game(s);
}

/* GBA 8.14 Exception #2: a unit nearer the firer than the target blocks
 * no missile unit's line (SPQR: archers' only); halfway still blocks. */
Test(gba_missile, every_class_sees_past_a_nearer_unit_gba_8_14)
{
	struct session *s = open_game();
	place(s, "ma", 1010, FACE_NE); /* mounted archers, range 3 */
	place(s, "bs", 1009, FACE_NE); /* nearer the firer */
	place(s, "cav", 1007, FACE_SE);
	struct fire_check c;
	cr_expect(check(s, "ma", 1007, &c), "GBA 8.14: %s", c.reason);
	cr_expect_eq(c.range, 3);
	/* a slinger over a nearer unit at range 2: halfway blocks */
	place(s, "sk", 1016, FACE_NE);
	U(s, "sk")->side = 0;
	place(s, "cav", 1014, FACE_SE);
	place(s, "bi", 1015, FACE_NE); /* an enemy halfway: blocks */
	U(s, "bi")->side = 0;
	cr_expect_not(check(s, "sk", 1014, &c), "halfway is not nearer");
	cr_expect_str_eq(c.rule, "8.14");
	close_game(s);
}

/* GBA 8.14 on the Beneventum position of the SPQR tests: the peltast B,
 * nearer the targets W and X than the Cretan archers A, blocks their
 * fire as in SPQR; mounted archers in A's place fire over the slinger C,
 * nearer them than Y (SPQR: only archers may). */
Test(gba_missile, mounted_archers_fire_over_a_nearer_unit_gba_8_14)
{
	struct session *s = beneventum();
	struct fire_check c;
	cr_expect_not(missile_check(s->game, UI(s, "crete_a"), WEAPON_MAIN,
				    H(1314), FIRE_OFFENSIVE, &c));
	cr_expect_str_eq(c.rule, "8.14");
	place(s, "crete_a", 1616, FACE_NE);
	place(s, "ma", 1015, FACE_NE);
	U(s, "ma")->side = 1;
	cr_expect(missile_check(s->game, UI(s, "ma"), WEAPON_MAIN, H(1012),
				FIRE_RETURN, &c),
		  "GBA 8.14: %s", c.reason ? c.reason : "");
	cr_expect_eq(c.range, 3);
	cr_expect_eq(c.strength, 1);
	close_game(s);
}

/* GBA 8.11: a unit under an order fires before, during or after its
 * move, whether or not the move brought it nearer (SPQR 8.11 wants the
 * latest hex toward the target); LI archers may move and fire (no SPQR
 * exception), paying GBA 8.15 #4's +1 for moving. */
Test(gba_missile, fire_after_any_move_and_li_archers_move_and_fire_gba_8_11)
{
	struct session *s = open_game();
	place(s, "ar", 1610, FACE_NE);
	place(s, "bi", 1607, FACE_SE);
	phase(s, "consul");
	ok(s, "order ar");
	ok(s, "move 1609");
	ok(s, "face E"); /* a turn after the hex (SPQR 8.11 refuses) */
	force(s, 9);
	ok(s, "fire 1607");
	dice_clear_forced(&s->game->dice);
	cr_expect(s->game->fire.fired[UI(s, "ar")], "GBA 8.11");
	close_game(s);

	s = open_game();
	place(s, "li", 1610, FACE_NE);
	place(s, "bi", 1607, FACE_SE);
	phase(s, "consul");
	ok(s, "order li");
	ok(s, "move 1609");
	cr_expect(legal_has(s, "fire 1607 # needs 2 or less: hits 30%"),
		  "GBA 8.11");
	force(s, 9);
	struct out o = ok(s, "fire 1607");
	dice_clear_forced(&s->game->dice);
	cr_expect(has(&o, "missile_modifier firer=li name=firer_moved "
			  "drm=+1"),
		  "GBA 8.15 #4: %s", o.ev);
	/* the order goes on: it may move again after firing */
	cr_expect(s->game->ord.moving, "GBA 8.11: fire ends no move");
	/* once per order */
	REFUSED(s, "fire 1607", "8.11");
	ok(s, "move 1608");
	close_game(s);
}

/* GBA 8.15 #4: every class but foot javelins pays +1 for moving (the
 * Indian archers too); #2/#3: +1 against HI, +3 instead for archers at
 * range 1 through the HI's front. */
Test(gba_missile, modifiers_moving_and_heavy_targets_gba_8_15)
{
	struct session *s = open_game();
	place(s, "ia", 1010, FACE_NE);
	place(s, "hi", 1009, FACE_SW);
	struct fire_check c;
	cr_assert(check(s, "ia", 1009, &c), "%s", c.reason);
	cr_expect_eq(c.drm, 3, "GBA 8.15 #3");
	cr_expect_eq(c.needed, 6);
	U(s, "ia")->moved_phase = true;
	cr_assert(check(s, "ia", 1009, &c), "%s", c.reason);
	cr_expect_eq(c.drm, 4, "GBA 8.15 #3 and #4");
	/* at range 2: #2's +1 */
	place(s, "hi", 1008, FACE_SW);
	U(s, "ia")->moved_phase = false;
	cr_assert(check(s, "ia", 1008, &c), "%s", c.reason);
	cr_expect_eq(c.drm, 1, "GBA 8.15 #2");
	cr_expect_eq(c.needed, 5);
	/* foot javelins pay nothing for moving */
	place(s, "ve", 1210, FACE_NE);
	place(s, "bi", 1209, FACE_SW);
	U(s, "ve")->moved_phase = true;
	cr_assert(check(s, "ve", 1209, &c), "%s", c.reason);
	cr_expect_eq(c.drm, 0, "GBA 8.15 #4: not foot javelins");
	close_game(s);
}

/* ---- GBA 8.2 reaction fire ---- */

/* GBA 8.2, 8.21, 8.23: a unit fires in Entry reaction at each unit that
 * enters its ZOC, while it has missiles (SPQR 8.21: at one of them). */
Test(gba_missile, entry_fire_at_each_unit_entering_gba_8_21_8_23)
{
	struct session *s = open_game();
	struct game *g = s->game;
	place(s, "ve", 1010, FACE_NE);
	place(s, "bi", 1009, FACE_SE);
	place(s, "bi2", 1109, FACE_SW);
	phase(s, "hannibal");
	int b1 = UI(s, "bi"), b2 = UI(s, "bi2");
	struct footprint was = g->units[b1].at;
	was.hex[0] = H(1007);
	rfire_collect(g, b1, &was);
	was = g->units[b2].at;
	was.hex[0] = H(1207);
	rfire_collect(g, b2, &was);
	cr_assert_eq(g->react.noffers, 2);
	ok(s, "roll 6");
	struct out o = ok(s, "react fire ve 1109");
	cr_expect(has(&o, "target=bi2"), "%s", o.ev);
	cr_expect_not(has(&o, "reaction_fire_closed"), "GBA 8.23: %s", o.ev);
	cr_assert(reactions_pending(g), "GBA 8.23: the other entry is open");
	ok(s, "roll 6");
	o = ok(s, "react fire ve 1009");
	cr_expect(has(&o, "kind=entry"), "%s", o.ev);
	cr_expect(has(&o, "target=bi "), "%s", o.ev);
	close_game(s);
}

/* GBA 8.24: a unit fired on fires back even at a unit it fired at on
 * that unit's entry (SPQR 8.23 bars it). */
Test(gba_missile, return_fire_after_entry_fire_gba_8_24)
{
	struct session *s = open_game();
	struct game *g = s->game;
	place(s, "ve", 1010, FACE_NE);
	place(s, "sk", 1009, FACE_SE);
	phase(s, "hannibal");
	int sk = UI(s, "sk");
	struct footprint was = g->units[sk].at;
	was.hex[0] = H(1008);
	rfire_collect(g, sk, &was);
	ok(s, "roll 6");
	struct out o = ok(s, "react fire ve");
	cr_assert(has(&o, "kind=entry"), "%s", o.ev);
	while (reactions_pending(g))
		ok(s, "no reaction");
	size_t from = g->events.n;
	rfire_return_offer(g, sk, UI(s, "ve"));
	char ev[4096];
	events_since(s, from, ev, sizeof ev);
	cr_expect_not(strstr(ev, "return_fire_barred"), "GBA 8.24: %s", ev);
	cr_assert(reactions_pending(g), "GBA 8.24: return fire offered");
	ok(s, "roll 6");
	o = ok(s, "react fire ve 1009");
	cr_expect(has(&o, "kind=return"), "%s", o.ev);
	close_game(s);
}

/* GBA 9.11: an elephant's screen fires as Entry Reaction fire only (SPQR
 * 8.25: any reaction fire); its tower riders fire back as any unit. */
Test(gba_missile, elephant_screen_fires_as_entry_reaction_only_gba_9_11)
{
	struct session *s = open_game();
	struct game *g = s->game;
	place(s, "el0", 1010, FACE_NE);
	place(s, "bi", 1009, FACE_SE);
	int el = UI(s, "el0");
	struct fire_check c;
	cr_expect(missile_check(g, el, WEAPON_SCREEN, H(1009), FIRE_ENTRY, &c),
		  "GBA 9.11: %s", c.reason ? c.reason : "");
	cr_expect_not(missile_check(g, el, WEAPON_SCREEN, H(1009),
				    FIRE_RETURN, &c));
	cr_expect_str_eq(c.rule, "GBA 9.11");
	cr_expect(missile_check(g, el, WEAPON_TOWER, H(1009), FIRE_RETURN,
				&c),
		  "GBA 9.12: %s", c.reason ? c.reason : "");
	phase(s, "hannibal");
	size_t from = g->events.n;
	rfire_return_offer(g, UI(s, "bi"), el);
	char ev[4096];
	events_since(s, from, ev, sizeof ev);
	cr_expect(strstr(ev, "reaction_fire_offer unit=el0 at=bi fire=return "
			     "weapons=tower "),
		  "GBA 9.11: %s", ev);
	REFUSED(s, "react fire el0 1009 screen", "9.11");
	close_game(s);
}

/* ---- GBA 9.32, 9.41 Harassment and Dispersal ---- */

/* GBA 9.41: light cavalry harass any enemy of lower MA, skirmishers too
 * (SPQR 8.31 bars skirmishers). */
Test(gba_missile, light_cavalry_harass_skirmishers_gba_9_41)
{
	struct session *s = open_game();
	place(s, "ma", 1010, FACE_NE); /* MA 9 */
	place(s, "sk", 1007, FACE_SE); /* MA 6 */
	struct harass_check c;
	cr_expect(harass_check(s->game, UI(s, "ma"), UI(s, "sk"), NULL, 0,
			       &c),
		  "GBA 9.41: %s", c.reason ? c.reason : "");
	cr_expect_eq(c.limit, 4, "GBA 9.41: within four hexes");
	/* not from next to the target, nor beyond four hexes */
	place(s, "sk", 1009, FACE_SE);
	cr_expect_not(harass_check(s->game, UI(s, "ma"), UI(s, "sk"), NULL,
				   0, &c));
	place(s, "sk", 1005, FACE_SE);
	cr_expect_not(harass_check(s->game, UI(s, "ma"), UI(s, "sk"), NULL,
				   0, &c));
	close_game(s);
}

/* GBA 9.32: the path is clear of enemy and friendly units and Rough, but
 * need not leave by the firer's front nor have its line of sight (SPQR
 * 8.32 wants both); only the target fires back. */
Test(gba_missile, harass_path_and_who_fires_back_gba_9_32)
{
	struct session *s = open_game();
	struct game *g = s->game;
	place(s, "ve", 1010, FACE_SW); /* its back to the target */
	place(s, "bi", 1008, FACE_SE);
	struct harass_check c;
	cr_assert(harass_check(g, UI(s, "ve"), UI(s, "bi"), NULL, 0, &c),
		  "GBA 9.32: %s", c.reason ? c.reason : "");
	cr_expect_eq(c.npath, 1);
	cr_expect(hex_eq(c.path[0], H(1009)));
	cr_expect_eq(footprint_zone(&U(s, "ve")->at, H(1009)), ZONE_REAR);
	/* a friendly unit on the only path hex bars it */
	place(s, "ar", 1009, FACE_NE);
	cr_expect_not(harass_check(g, UI(s, "ve"), UI(s, "bi"), NULL, 0, &c),
		      "GBA 9.32: through a friendly unit");
	cr_expect_str_eq(c.rule, "8.32");
	place(s, "ar", 2518, FACE_NE);
	/* an enemy missile unit whose front the path crosses does not fire
	 * back in GBA (SPQR 8.33 lets it) */
	place(s, "thrace_b", 1109, FACE_NW);
	cr_assert_eq(footprint_zone(&U(s, "thrace_b")->at, H(1009)),
		     ZONE_FRONT);
	U(s, "ve")->at.facing = FACE_NE;
	cr_assert(harass_check(g, UI(s, "ve"), UI(s, "bi"), NULL, 0, &c),
		  "GBA 9.32: %s", c.reason ? c.reason : "");
	cr_expect_eq(c.nreactors, 0, "GBA 9.32: only the target fires back");
	close_game(s);
}

/* GBA 9.32 (research A20): H&D is the unit's whole action: it stays in
 * its hex, is marked as moved, and its order ends. */
Test(gba_missile, harass_is_the_whole_action_gba_9_32)
{
	struct session *s = open_game();
	place(s, "ve", 1010, FACE_NE);
	place(s, "bi", 1008, FACE_SE);
	phase(s, "consul");
	ok(s, "order ve hd bi");
	while (reactions_pending(s->game)) {
		ok(s, "roll 6");
		ok(s, "no reaction");
	}
	cr_expect(U(s, "ve")->moved_phase, "GBA 9.32, A20");
	cr_expect(hex_eq(U(s, "ve")->at.hex[0], H(1010)));
	cr_expect_not(s->game->ord.moving, "GBA 9.32: no move after it");
	close_game(s);
}

/* ---- GBA 9.5 oxybeles ---- */

/* GBA 9.52: an oxybeles fires up to twice in an Orders Phase, its own
 * side's or the enemy's, with no order; the count starts again with each
 * phase (research A12); it never runs out of missiles (GBA 8.17). */
Test(gba_missile, oxybeles_fire_twice_a_phase_without_orders_gba_9_52)
{
	struct session *s = open_game();
	place(s, "ox", 1010, FACE_NE);
	place(s, "cav", 1006, FACE_SE); /* range 4: Bolt strength 3 */
	phase(s, "consul");
	ok(s, "roll 9");
	struct out o = ok(s, "scorpio ox 1006");
	cr_expect(has(&o, "class=B kind=scorpio at=1006 target=cav range=4 "
			  "strength=3"),
		  "GBA 9.52: %s", o.ev);
	cr_expect(has(&o, "scorpio_marker unit=ox ox_fired=once"), "%s", o.ev);
	cr_expect_eq(U(s, "ox")->supply, SUPPLY_FULL,
		     "GBA 9.5: never out of missiles");
	cr_expect_not(s->game->ord.moving, "GBA 9.52: no order given");
	ok(s, "roll 2");
	o = ok(s, "scorpio ox 1006");
	cr_expect(has(&o, "ox_fired=twice"), "%s", o.ev);
	cr_expect_eq(U(s, "cav")->hits, 1);
	REFUSED(s, "scorpio ox 1006", "9.52");
	/* the enemy's Orders Phase: twice again, in its midst */
	phase(s, "hannibal");
	ok(s, "roll 5");
	o = ok(s, "scorpio ox 1006");
	cr_expect(has(&o, "ox_fired=once"), "GBA 9.52, A12: %s", o.ev);
	ok(s, "roll 5");
	ok(s, "scorpio ox 1006");
	REFUSED(s, "scorpio ox 1006", "9.52");
	close_game(s);
}

/* GBA 9.54: an oxybeles has no modes; it moves by an Individual Order,
 * and in one phase either moves or fires. */
Test(gba_missile, oxybeles_move_or_fire_gba_9_54)
{
	struct session *s = open_game();
	place(s, "ox", 1010, FACE_NE);
	place(s, "cav", 1005, FACE_SE);
	phase(s, "consul");
	REFUSED(s, "order ox mode fire", "9.54");
	ok(s, "roll 5");
	ok(s, "scorpio ox 1005");
	REFUSED(s, "order ox", "9.54"); /* it fired: no move */
	close_game(s);

	s = open_game();
	place(s, "ox", 1010, FACE_NE);
	place(s, "cav", 1005, FACE_SE);
	phase(s, "consul");
	ok(s, "order ox");
	ok(s, "move 1009");
	cr_expect(U(s, "ox")->moved_phase);
	REFUSED(s, "scorpio ox 1005", "9.54"); /* it moved: no fire */
	close_game(s);
}

/* GBA 8.15 (hit adjustments): an elephant takes two cohesion hits for
 * each successful volley, from an elephant's fire too (SPQR 8.15: not
 * then). */
Test(gba_missile, elephants_take_double_hits_from_elephants_gba_8_15)
{
	struct session *s = open_game();
	struct fire_check c;
	char ev[4096];
	place(s, "el0", 1210, FACE_NE);
	place(s, "el1", 1209, FACE_SE);
	size_t from = s->game->events.n;
	force(s, 0);
	cr_assert(missile_fire(s->game, UI(s, "el0"), WEAPON_TOWER, H(1209),
			       FIRE_RETURN, &c),
		  "%s", c.reason ? c.reason : "");
	dice_clear_forced(&s->game->dice);
	events_since(s, from, ev, sizeof ev);
	cr_expect(strstr(ev, "result=hit hits=2 elephant=doubled"),
		  "GBA 8.15: %s", ev);
	cr_expect_eq(U(s, "el1")->hits, 2);
	close_game(s);
}

/* GBA 8.16 EXAMPLE: mounted archers, longest range 3, fire four hexes at
 * a unit on lower ground and need a natural 0. */
Test(gba_missile, mounted_archers_extended_range_example_gba_8_16)
{
	struct session *s = open_game();
	place(s, "ma", 1010, FACE_NE);
	place(s, "cav", 1006, FACE_SE); /* four hexes */
	struct fire_check c;
	cr_assert_not(check(s, "ma", 1006, &c), "level ground: out of range");
	map_at_mut(s->game->battle->map, H(1010))->elevation = 1;
	char ev[4096];
	cr_assert(volley(s, "ma", 1006, FIRE_RETURN, 1, &c, ev, sizeof ev));
	cr_expect(c.extended, "GBA 8.16");
	cr_expect(strstr(ev, "result=miss"), "GBA 8.16: a 1 misses: %s", ev);
	cr_assert(volley(s, "ma", 1006, FIRE_RETURN, 0, &c, ev, sizeof ev));
	cr_expect(strstr(ev, "result=hit hits=1"), "GBA 8.16: %s", ev);
	cr_expect_eq(U(s, "cav")->hits, 1);
	close_game(s);
}

/* GBA 8.18: a unit reloads unless it stands in an enemy ZOC, or an enemy
 * missile unit with missiles left has it in range and in sight. */
Test(gba_missile, reload_gba_8_18)
{
	struct session *s = open_game();
	place(s, "ar", 1010, FACE_NE);
	place(s, "bs", 2010, FACE_NE);
	place(s, "ve", 1510, FACE_NE);
	place(s, "bi", 1009, FACE_SW); /* ar in bi's ZOC */
	place(s, "sk", 2008, FACE_SW); /* bs in sk's range 2 and LOS */
	U(s, "ar")->supply = SUPPLY_LOW;
	U(s, "bs")->supply = SUPPLY_NO;
	U(s, "ve")->supply = SUPPLY_NO;
	missile_reload(s->game);
	cr_expect_eq(U(s, "ar")->supply, SUPPLY_LOW, "GBA 8.18: EZOC");
	cr_expect_eq(U(s, "bs")->supply, SUPPLY_NO, "GBA 8.18: enemy fire");
	cr_expect_eq(U(s, "ve")->supply, SUPPLY_FULL, "GBA 8.18");
	/* an enemy out of missiles does not stop it */
	U(s, "sk")->supply = SUPPLY_NO;
	missile_reload(s->game);
	cr_expect_eq(U(s, "bs")->supply, SUPPLY_FULL, "GBA 8.18");
	close_game(s);
}

/* GBA 8.22: a unit with a range of two or more fires at range 2 at an
 * enemy leaving its ZOC; javelins (range 1) do not. */
Test(gba_missile, retire_fire_at_range_2_gba_8_22)
{
	struct session *s = open_game();
	struct game *g = s->game;
	place(s, "ar", 1010, FACE_NE);
	place(s, "bi", 1008, FACE_SE);
	phase(s, "hannibal");
	int bi = UI(s, "bi");
	struct footprint was = g->units[bi].at;
	was.hex[0] = H(1009); /* it stood in ar's ZOC and has left it */
	rfire_collect(g, bi, &was);
	cr_assert(reactions_pending(g), "GBA 8.22");
	ok(s, "roll 2");
	struct out o = ok(s, "react fire ar");
	cr_expect(has(&o, "kind=retire"), "%s", o.ev);
	cr_expect(has(&o, "range=2 strength=3"), "GBA 8.22: %s", o.ev);
	close_game(s);

	s = open_game();
	g = s->game;
	place(s, "ve", 1010, FACE_NE);
	place(s, "bi", 1008, FACE_SE);
	phase(s, "hannibal");
	bi = UI(s, "bi");
	was = g->units[bi].at;
	was.hex[0] = H(1009);
	rfire_collect(g, bi, &was);
	cr_expect_not(reactions_pending(g), "GBA 8.22: range 1");
	close_game(s);
}

/* GBA 9.53: an oxybeles has no facing: it fires in any direction;
 * GBA 9.56: routed, it is eliminated. */
Test(gba_missile, oxybeles_no_facing_and_eliminated_when_routed_gba_9_53)
{
	struct session *s = open_game();
	place(s, "ox", 1010, FACE_NE);
	place(s, "cav", 1012, FACE_NE); /* behind it */
	phase(s, "consul");
	ok(s, "roll 0");
	struct out o = ok(s, "scorpio ox 1012");
	cr_expect(has(&o, "result=hit"), "GBA 9.53: %s", o.ev);
	/* GBA 9.56 */
	cohesion_hits(s->game, U(s, "ox"), U(s, "ox")->tq, "missile_fire",
		      "8.15");
	cr_expect_not(game_unit_in_play(U(s, "ox")),
		      "GBA 9.56: a routed oxybeles is eliminated");
	close_game(s);
}

/* GBA 8.15: chariots take two cohesion hits for each successful volley. */
Test(gba_missile, chariots_take_double_hits_gba_8_15)
{
	struct session *s = open_game();
	place(s, "ar", 1010, FACE_NE);
	place(s, "ch", 1009, FACE_SE);
	struct fire_check c;
	char ev[4096];
	cr_assert(volley(s, "ar", 1009, FIRE_OFFENSIVE, 0, &c, ev, sizeof ev));
	cr_expect(strstr(ev, "result=hit hits=2"), "GBA 8.15: %s", ev);
	cr_expect_eq(U(s, "ch")->hits, 2);
	close_game(s);
}

/* GBA 9.42: fire at cataphracted cavalry: archers +2, slingers and
 * javelinists +1, a bolt nothing. */
Test(gba_missile, fire_at_cataphracts_gba_9_42)
{
	struct session *s = open_game();
	place(s, "cat", 1009, FACE_SE);
	struct fire_check c;
	place(s, "ar", 1010, FACE_NE);
	cr_assert(check(s, "ar", 1009, &c), "%s", c.reason);
	cr_expect_eq(c.drm, 2, "GBA 9.42: archers");
	place(s, "ar", 2518, FACE_NE);
	place(s, "bs", 1010, FACE_NE);
	cr_assert(check(s, "bs", 1009, &c), "%s", c.reason);
	cr_expect_eq(c.drm, 1, "GBA 9.42: slingers");
	place(s, "bs", 2519, FACE_NE);
	place(s, "ve", 1010, FACE_NE);
	cr_assert(check(s, "ve", 1009, &c), "%s", c.reason);
	cr_expect_eq(c.drm, 1, "GBA 9.42: javelins");
	close_game(s);
}

/* ---- GBA 9.31 skirmishers in shock ---- */

/* Places unit id in a hex of the zone z of unit of, facing it. */
static void place_in_zone(struct session *s, const char *id, const char *of,
			  enum hex_zone z)
{
	struct hex zh[8];
	int n = footprint_zone_hexes(&U(s, of)->at, z, zh);
	cr_assert_gt(n, 0);
	struct hex target = U(s, of)->at.hex[0];
	for (int f = 0; f < 6; f++) {
		game_unit_place(s->game, U(s, id),
				(struct footprint){{zh[0], HEX_NONE}, f, false, false});
		U(s, id)->on_map = true;
		if (footprint_zone(&U(s, id)->at, target) == ZONE_FRONT)
			return;
	}
	cr_assert_fail("%s cannot face %s", id, of);
}

/* The Shock segment of leader's phase (the consul's: shock_segment), with
 * the units of `must` (a NULL-terminated list) under Shock Must Check, to
 * the designation. */
static void shock_segment_of(struct session *s, const char *leader,
			     const char *const *must)
{
	char line[128];
	ok(s, "setup phase shock");
	snprintf(line, sizeof line, "setup active %s", leader);
	ok(s, line);
	snprintf(line, sizeof line, "setup leader-state %s active", leader);
	ok(s, line);
	for (; *must; must++) {
		snprintf(line, sizeof line, "setup marker %s moved_phase on",
			 *must);
		ok(s, line);
		snprintf(line, sizeof line, "setup marker %s shock_must on",
			 *must);
		ok(s, line);
	}
	ok(s, "continue");
	cr_assert_eq(s->game->shock.ask, SHA_DESIGNATE);
}

static void shock_segment(struct session *s, const char *const *must)
{
	shock_segment_of(s, "consul", must);
}

/* Plays the shock segment to its end with every die d, the events in
 * ev. */
static void shock_to_end(struct session *s, int d, char *ev, size_t n)
{
	size_t from = s->game->events.n;
	for (int i = 0; i < 40 && s->game->phase == PHASE_SHOCK; i++) {
		for (int k = 0; k < 8; k++)
			force(s, d);
		struct out o = run(s, "designate done");
		if (o.st != CMD_OK)
			o = run(s, "continue");
		dice_clear_forced(&s->game->dice);
		if (o.st != CMD_OK)
			break;
	}
	events_since(s, from, ev, n);
}

/* The figures of the shock_result event in ev: the CRT's attacker(defender)
 * hits and the final ones. */
static void shock_figures(const char *ev, int crt[2], int fin[2],
			  char *sup, size_t n)
{
	const char *r = strstr(ev, "shock_result");
	cr_assert_not_null(r, "no shock_result: %s", ev);
	const char *c = strstr(r, "crt="), *f = strstr(r, "final="),
		   *p = strstr(r, "superiority=");
	cr_assert(c && f && p, "%s", r);
	cr_assert_eq(sscanf(c, "crt=%d(%d)", &crt[0], &crt[1]), 2);
	cr_assert_eq(sscanf(f, "final=%d(%d)", &fin[0], &fin[1]), 2);
	char fmt[32];
	snprintf(fmt, sizeof fmt, "superiority=%%%zus", n - 1);
	cr_assert_eq(sscanf(p, fmt, sup), 1);
}

/* The Balearic slingers made an SK* (GBA 2.22's class). */
static void sk_star(struct session *s)
{
	snprintf(U(s, "bs")->cls, sizeof U(s, "bs")->cls, "SK*");
	cr_assert(unit_has(s->game, U(s, "bs"), TRAIT_SHOCK_SKIRMISHER));
}

/* The SK* bs, under Shock Must Check, attacks target alone, every die a
 * 0: the CRT's hits, the final ones, the superiority, the events. */
static void sk_star_attacks(struct session *s, const char *target,
			    int crt[2], int fin[2], char sup[16], char *ev,
			    size_t n)
{
	shock_segment(s, (const char *const[]){"bs", NULL});
	char line[64];
	snprintf(line, sizeof line, "designate bs %s", target);
	ok(s, line);
	shock_to_end(s, 0, ev, n);
	shock_figures(ev, crt, fin, sup, 16);
}

/* GBA 9.3, 9.31 Exception #2 (research A24, RULINGS R124): an SK* shocks
 * as a light unit may; the hits it inflicts are halved, rounded down, with no
 * most of 1. */
Test(gba_missile, sk_star_shocks_and_its_hits_are_halved_gba_9_31)
{
	struct session *s = open_game();
	sk_star(s);
	place(s, "bs", 1010, FACE_NE);
	place(s, "hi", 1009, FACE_SW); /* front to front */
	char ev[16384], sup[16];
	int crt[2], fin[2];
	sk_star_attacks(s, "hi", crt, fin, sup, ev, sizeof ev);
	int mult = strcmp(sup, "AS") == 0 ? 2 : 1;
	cr_expect_gt(crt[1], 1, "a roll whose halving shows: %s", ev);
	cr_expect_eq(fin[1], crt[1] * mult / 2, "GBA 9.31: %s", ev);
	cr_expect(strstr(ev, "sk_att_halved=GBA_9.31"), "%s", ev);
	close_game(s);
}

/* GBA 9.31 #1: an SK* attacking through a flank gains Position
 * Superiority; the doubling and the halving leave the printed result. */
Test(gba_missile, sk_star_flank_attack_gives_the_printed_result_gba_9_31)
{
	struct session *s = open_game();
	sk_star(s);
	place(s, "bi", 1009, FACE_SE);
	place_in_zone(s, "bs", "bi", ZONE_FLANK);
	char ev[16384], sup[16];
	int crt[2], fin[2];
	sk_star_attacks(s, "bi", crt, fin, sup, ev, sizeof ev);
	cr_expect_str_eq(sup, "AS", "GBA 9.31 #1: %s", ev);
	cr_expect_eq(fin[1], crt[1], "GBA 9.31 #1: the printed result: %s",
		     ev);
	close_game(s);
}

/* GBA 9.31 Exception #1: a skirmisher (not SK*) shocks chariots and
 * routed units, only when its ZOC holds nothing else (8.42: it attacks
 * them all); never a formed unit of another kind. */
Test(gba_missile, skirmishers_shock_only_chariots_and_routed_gba_9_31)
{
	struct session *s = open_game();
	place(s, "ar", 1010, FACE_NE);
	place(s, "bi", 1009, FACE_SW);
	place(s, "ve", 1210, FACE_NE);
	place(s, "ch", 1209, FACE_SW);
	shock_segment(s, (const char *const[]){"ve", NULL});
	REFUSED(s, "designate ar bi", "9.31");
	ok(s, "designate ve ch");
	close_game(s);

	/* a plain skirmisher against a chariot, and against a routed unit */
	s = open_game();
	place(s, "ar", 1010, FACE_NE);
	place(s, "ch", 1009, FACE_SW);
	place(s, "bs", 1210, FACE_NE);
	place(s, "bi", 1209, FACE_SW);
	U(s, "bi")->routed = true;
	cr_expect(unit_can_shock(s->game, U(s, "ar")), "GBA 9.31 Exc. #1");
	shock_segment(s, (const char *const[]){"ar", "bs", NULL});
	ok(s, "designate ar ch");
	ok(s, "designate bs bi");
	close_game(s);

	/* a chariot and a formed unit in its ZOC: it would attack both */
	s = open_game();
	place(s, "ar", 1010, FACE_NE);
	place(s, "ch", 1009, FACE_SW);
	place(s, "bi", 1110, FACE_SW);
	cr_assert(shock_in_zoc(s->game, UI(s, "ar"), UI(s, "bi")));
	cr_expect_not(unit_can_shock(s->game, U(s, "ar")),
		      "GBA 9.31: not beside a formed unit");
	close_game(s);
}

/* GBA 9.31 #2 (RULINGS R150): beside another type, an SK* is not the
 * unit the clash and superiority are read for, adds no Size, and the
 * result is not halved. */
Test(gba_missile, sk_star_beside_another_type_gba_9_31)
{
	struct session *s = open_game();
	sk_star(s);
	place(s, "bi", 1009, FACE_SW);
	place_in_zone(s, "bs", "bi", ZONE_FRONT);
	place_in_zone(s, "ve", "bi", ZONE_REAR); /* a better column */
	shock_segment(s, (const char *const[]){"bs", "ve", NULL});
	ok(s, "designate bs bi");
	ok(s, "designate ve bi");
	char ev[16384];
	shock_to_end(s, 0, ev, sizeof ev);
	cr_expect(strstr(ev, "clash_pick combat=0 for=attacker unit=ve"),
		  "GBA 9.31 #2: %s", ev);
	cr_expect(strstr(ev, "attacker_size=3 defender_size=3"),
		  "GBA 9.31 #2: no Size for the SK*: %s", ev);
	cr_expect_not(strstr(ev, "sk_att_halved"), "R150: %s", ev);
	close_game(s);
}

/* ---- GBA 8.12, 8.19 ---- */

/* GBA 8.19, 8.34: a natural 0 on the fire die puts each enemy leader in
 * the hex fired at to a die of his own; a 0 there is a casualty, read on
 * the Leader Casualty chart with a third die (9: killed); any other
 * number spares him.  A hit on any other die rolls nothing for him. */
Test(gba_missile, leader_hit_by_missiles_gba_8_19)
{
	struct session *s = open_game();
	struct game *g = s->game;
	place(s, "ar", 1010, FACE_NE);
	place(s, "cav", 1008, FACE_SE);
	put_leader(s, "gisgo", 1008);
	struct fire_check c;
	char ev[4096];
	cr_assert(volley(s, "ar", 1008, FIRE_RETURN, 1, &c, ev, sizeof ev));
	cr_expect(strstr(ev, "result=hit"), "%s", ev);
	cr_expect_not(strstr(ev, "leader_hit"), "GBA 8.19: a 1: %s", ev);
	const int dice[][3] = {{0, 4, -1}, {0, 0, 9}};
	for (int k = 0; k < 2; k++) {
		size_t from = g->events.n;
		for (int i = 0; i < 3 && dice[k][i] >= 0; i++)
			force(s, dice[k][i]);
		cr_assert(missile_fire(g, UI(s, "ar"), WEAPON_MAIN, H(1008),
				       FIRE_RETURN, &c),
			  "%s", c.reason ? c.reason : "");
		dice_clear_forced(&g->dice);
		events_since(s, from, ev, sizeof ev);
		cr_expect(strstr(ev, "leader_hit leader=gisgo"),
			  "GBA 8.19: %s", ev);
		if (k == 0) {
			cr_expect(strstr(ev, "casualty=no"), "%s", ev);
			cr_expect_not(game_leader(g, "gisgo")->killed);
		} else {
			cr_expect(strstr(ev, "leader_casualty leader=gisgo "
					     "die=9 result=killed"),
				  "GBA 8.34: %s", ev);
			cr_expect(game_leader(g, "gisgo")->killed);
		}
	}
	close_game(s);
}

/* GBA 8.12 #3: mounted archers fire as they withdraw, at range 2 and
 * paying GBA 8.15 #4's +1 for moving; no other unit does. */
Test(gba_missile, mounted_archers_fire_withdrawing_gba_8_12)
{
	struct session *s = open_game();
	struct game *g = s->game;
	place(s, "ma", 1010, FACE_NE);
	place(s, "bi", 1008, FACE_SE);
	place(s, "ar", 1110, FACE_NE);
	phase(s, "hannibal");
	rfire_withdrawal_offer(g, UI(s, "ar"), UI(s, "bi"));
	cr_expect_not(reactions_pending(g), "GBA 8.12 #3: archers on foot");
	rfire_withdrawal_offer(g, UI(s, "ma"), UI(s, "bi"));
	cr_assert(reactions_pending(g), "GBA 8.12 #3");
	ok(s, "roll 3");
	struct out o = ok(s, "react fire ma");
	cr_expect(has(&o, "kind=withdrawing"), "%s", o.ev);
	cr_expect(has(&o, "range=2"), "%s", o.ev);
	cr_expect(has(&o, "name=firer_moved drm=+1"), "GBA 8.15 #4: %s", o.ev);
	close_game(s);
}

/* ---- GBA 9.33 light infantry against heavy ---- */

/* GBA 9.33: heavy infantry attacked through its front by light infantry
 * makes no pre-shock check, the light infantry does; not so against
 * peltasts (LP), nor when the heavy infantry attacks. */
Test(gba_missile, light_infantry_against_heavy_gba_9_33)
{
	static const struct {
		const char *leader, *att, *def;
		enum unit_type att_type;
		bool def_checks;
	} cases[] = {
		{"consul", "ve", "hi", UT_LI, false}, /* LI frontally */
		{"consul", "ve", "hi", UT_LP, true},  /* a peltast: checks */
		{"hannibal", "hi", "ve", UT_HI, true}, /* HI attacking LI */
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		struct session *s = open_game();
		if (cases[k].att_type == UT_LP)
			U(s, "ve")->type = UT_LP;
		place(s, "ve", 1010, FACE_NE);
		place(s, "hi", 1009, FACE_SW); /* front to front */
		cr_assert_eq(footprint_zone(&U(s, "hi")->at, H(1010)),
			     ZONE_FRONT);
		shock_segment_of(s, cases[k].leader,
				 (const char *const[]){cases[k].att, NULL});
		char line[64];
		snprintf(line, sizeof line, "designate %s %s", cases[k].att,
			 cases[k].def);
		ok(s, line);
		char ev[16384];
		shock_to_end(s, 5, ev, sizeof ev);
		char a[64], dd[64];
		snprintf(a, sizeof a, "tq_check unit=%s ", cases[k].att);
		snprintf(dd, sizeof dd, "tq_check unit=%s ", cases[k].def);
		cr_expect(strstr(ev, a), "GBA 9.33: the attacker checks: %s",
			  ev);
		cr_expect_eq(strstr(ev, dd) != NULL, cases[k].def_checks,
			     "GBA 9.33 case %zu: %s", k, ev);
		close_game(s);
	}
}

/* ---- GBA 9.51, 9.55 the oxybeles ---- */

/* GBA 9.51: an oxybeles' crew never shocks, and fights as light infantry
 * when attacked (its Clash column is light infantry's). */
Test(gba_missile, oxybeles_crew_never_shocks_and_defends_as_li_gba_9_51)
{
	int column[2];
	for (int k = 0; k < 2; k++) {
		struct session *s = open_game();
		const char *def = k ? "li" : "ox";
		place(s, def, 1010, FACE_NE);
		place(s, "hi", 1009, FACE_SW);
		if (k == 0)
			place(s, "bi", 1111, FACE_NW); /* its own ZOC's */
		shock_segment_of(s, "hannibal",
				 (const char *const[]){"hi", NULL});
		char line[64];
		snprintf(line, sizeof line, "designate hi %s", def);
		ok(s, line);
		char ev[16384];
		shock_to_end(s, 5, ev, sizeof ev);
		const char *c = strstr(ev, "clash combat=0 ");
		cr_assert_not_null(c, "%s", ev);
		const char *col = strstr(c, " column=");
		cr_assert_not_null(col);
		column[k] = atoi(col + 8);
		close_game(s);
	}
	cr_expect_eq(column[0], column[1], "GBA 9.51: crew as LI");
	/* the crew never attacks */
	struct session *s = open_game();
	place(s, "ox", 1010, FACE_NE);
	place(s, "bi", 1009, FACE_SW);
	cr_expect_not(unit_can_shock(s->game, U(s, "ox")), "GBA 9.51");
	close_game(s);
}

/* GBA 9.55: one oxybeles to a hex (and nothing else with it: GBA 6.91). */
Test(gba_missile, one_oxybeles_a_hex_gba_9_55)
{
	struct session *s = open_game();
	U(s, "ia")->type = UT_AT; /* a second oxybeles */
	U(s, "ia")->missile = MC_B;
	place(s, "ox", 1010, FACE_NE);
	place(s, "ia", 1008, FACE_NE);
	phase(s, "consul");
	ok(s, "order ox");
	struct out o = run(s, "move 1009");
	cr_assert_eq(o.st, CMD_OK, "%s", o.reason);
	o = run(s, "move 1008");
	cr_expect_eq(o.st, CMD_REFUSED, "GBA 9.55: %s", o.ev);
	cr_expect_str_eq(o.rule, "9.55", "%s", o.reason);
	cr_expect(hex_eq(U(s, "ox")->at.hex[0], H(1009)));
	close_game(s);
}

/* GBA 9.31: the attackers of skirmishers make no pre-shock check, unless
 * they are skirmishers themselves (an SK*). */
Test(gba_missile, an_sk_star_attacking_skirmishers_checks_gba_9_31)
{
	for (int k = 0; k < 2; k++) {
		struct session *s = open_game();
		const char *att = k ? "ve" : "bs";
		sk_star(s);
		place(s, att, 1010, FACE_NE);
		place(s, "sk", 1009, FACE_SW);
		shock_segment(s, (const char *const[]){att, NULL});
		char line[64], want[64];
		snprintf(line, sizeof line, "designate %s sk", att);
		ok(s, line);
		char ev[16384];
		shock_to_end(s, 5, ev, sizeof ev);
		snprintf(want, sizeof want, "tq_check unit=%s ", att);
		cr_expect_eq(strstr(ev, want) != NULL, k == 0,
			     "GBA 9.31: %s", ev);
		close_game(s);
	}
}

/* GBA 8.21 Entry reaction: Carthage's bi marches from 1007 to 1009, into
 * the front (ZOC) of Rome's javelins ve in 1010: ve is offered fire at it
 * as it enters, the mover waits until that is answered, and the volley
 * (javelins at range 1) lands before bi goes on. */
Test(gba_missile, entry_reaction_fire_as_a_unit_enters_gba_8_21)
{
	struct session *s = open_game();
	place(s, "ve", 1010, FACE_NE);
	place(s, "bi", 1007, FACE_SE);
	phase(s, "hannibal");
	ok(s, "order bi");
	struct out o = ok(s, "move 1008");
	cr_assert_not(has(&o, "reaction_fire_offer"), "not yet: %s", o.ev);
	while (reactions_pending(s->game)) /* 6.7: ve stays */
		ok(s, "no reaction");
	o = ok(s, "move 1009");
	cr_assert(has(&o, "reaction_fire_offer unit=ve at=bi fire=entry "
			  "weapons=main rule=8.21"),
		  "%s", o.ev);
	cr_assert(legal_has(s, "react fire ve 1009"));
	/* the entering unit waits for the answer; trying changes nothing */
	REFUSED(s, "move 1109", "7.16");
	ok(s, "roll 2");
	o = ok(s, "react fire ve 1009");
	cr_expect(has(&o, "kind=entry"), "%s", o.ev);
	cr_expect(has(&o, "range=1"), "%s", o.ev);
	cr_expect(has(&o, "result=hit"), "%s", o.ev);
	cr_expect_eq(U(s, "bi")->hits, 1);
	close_game(s);
}

/* GBA 8.21: under a Line Command every member's move ends before Entry
 * reaction fire: Rome's skirmishers line (bs, ar) enters Carthage's
 * slingers' ZOC with its first member, the fire is held back, and it is
 * offered only once the second member has moved too. */
Test(gba_missile, line_moves_end_before_entry_fire_gba_8_21)
{
	struct session *s = open_game();
	place(s, "bs", 1607, FACE_SE);
	place(s, "ar", 1707, FACE_SE);
	place(s, "sk", 1610, FACE_NE);
	put_leader(s, "consul", 1605);
	phase(s, "consul");
	ok(s, "line skirmishers");
	ok(s, "pick bs");
	ok(s, "move 1608");
	while (reactions_pending(s->game)) /* 6.7: sk stays */
		ok(s, "no reaction");
	struct out o = ok(s, "move 1609");
	cr_assert(has(&o, "entry_fire_deferred unit=sk at=bs "
			  "why=line_moves_first rule=8.21"),
		  "%s", o.ev);
	cr_assert_not(has(&o, "reaction_fire_offer"), "%s", o.ev);
	o = ok(s, "no reaction"); /* 7.16: sk keeps its facing */
	cr_assert_not(has(&o, "reaction_fire_offer"), "%s", o.ev);
	cr_assert_not(reactions_pending(s->game), "%s", o.ev);
	ok(s, "pick ar");
	o = ok(s, "move 1708");
	cr_assert_not(has(&o, "reaction_fire_offer"), "%s", o.ev);
	o = ok(s, "halt");
	cr_assert(has(&o, "reaction_fire_offer unit=sk at=bs fire=entry"),
		  "GBA 8.21: the Line has moved: %s", o.ev);
	close_game(s);
}
