/* Missile fire (missile.h, SPQR 8.1): the Missile Range and Results chart
 * and every 8.15 modifier, 8.16 extended range, 8.13 the unit hit in a
 * stack, elephants' double hits, 8.17 supply, 8.18 reload, 8.19 leader
 * casualties (TABLES.md 6, 4.73-4.75), 8.11 offensive fire under orders
 * (5.22 #2, 5.23 #2), 8.15's Balearic slingers example.  Dice are forced
 * in the order missile.c documents: fire die, then leader dice. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/map.h"
#include "maniple/missile.h"
#include "maniple/orders.h"
#include "maniple/reactions.h"
#include "maniple/sequence.h"
#include "changed_tables.h"
#include "spqr_tables.h"

#include "volley_field.h"

/* Fires directly (missile_fire) with the die forced; the events. */
static bool volley(struct session *s, const char *firer, int target,
		   enum fire_weapon w, enum fire_kind k, int die,
		   struct fire_check *c, char *ev, size_t n)
{
	size_t from = s->game->events.n;
	if (die >= 0)
		force(s, die);
	bool fired = missile_fire(s->game, UI(s, firer), w, H(target), k, c);
	if (ev)
		events_since(s, from, ev, n);
	dice_clear_forced(&s->game->dice);
	return fired;
}

/* ---- 8.15: the chart and the Balearic slingers ---- */

/* 8.15 EXAMPLE (Cannae): Balearic slingers two hexes from Roman cavalry,
 * strength 3 at range 2: a roll of 2 is one cohesion hit. */
Test(missile, balearic_slingers_roll_2_hits_8_15)
{
	struct session *s = open_game();
	place(s, "bs", 1010, FACE_NE);
	place(s, "cav", 1008, FACE_SE);
	struct fire_check c;
	char ev[4096];
	cr_assert(volley(s, "bs", 1008, WEAPON_MAIN, FIRE_OFFENSIVE, 2, &c,
			 ev, sizeof ev));
	cr_assert_eq(c.range, 2);
	cr_assert_eq(c.strength, 3);
	cr_assert_eq(c.needed, 3);
	cr_assert(strstr(ev, "missile_fire firer=bs weapon=main class=BS "
			     "kind=offensive at=1008 target=cav range=2 "
			     "strength=3 drm=+0 needs=3 rule=8.15"),
		  "%s", ev);
	cr_assert(strstr(ev, "result=hit hits=1 rule=8.15"), "%s", ev);
	cr_assert_eq(U(s, "cav")->hits, 1);
	cr_assert_eq(U(s, "bs")->supply, SUPPLY_FULL);
	close_game(s);
}

/* 8.15 EXAMPLE: had they moved to get in range, +1: a 3 misses. */
Test(missile, balearic_slingers_3_after_moving_misses_8_15)
{
	struct session *s = open_game();
	place(s, "bs", 1010, FACE_NE);
	place(s, "cav", 1008, FACE_SE);
	U(s, "bs")->moved_phase = true;
	struct fire_check c;
	char ev[4096];
	cr_assert(volley(s, "bs", 1008, WEAPON_MAIN, FIRE_OFFENSIVE, 3, &c,
			 ev, sizeof ev));
	cr_assert_eq(c.drm, 1);
	cr_assert_eq(c.needed, 2);
	cr_assert(strstr(ev, "missile_modifier firer=bs name=firer_moved "
			     "drm=+1 rule=8.15#5"),
		  "%s", ev);
	cr_assert(strstr(ev, "die=3 needs=2 dr=4 strength=3 result=miss hits=0"),
		  "%s", ev);
	cr_assert_eq(U(s, "cav")->hits, 0);
	close_game(s);
}

/* 8.15 EXAMPLE: a 6 has no effect; a 9 none and Missile Low (8.17). */
Test(missile, balearic_slingers_6_and_9_8_15_8_17)
{
	struct session *s = open_game();
	place(s, "bs", 1010, FACE_NE);
	place(s, "cav", 1008, FACE_SE);
	char ev[4096];
	cr_assert(volley(s, "bs", 1008, WEAPON_MAIN, FIRE_RETURN, 6, NULL, ev,
			 sizeof ev));
	cr_assert(strstr(ev, "result=miss"), "%s", ev);
	cr_assert_eq(U(s, "bs")->supply, SUPPLY_FULL);
	cr_assert(volley(s, "bs", 1008, WEAPON_MAIN, FIRE_RETURN, 9, NULL, ev,
			 sizeof ev));
	cr_assert(strstr(ev, "result=miss"), "%s", ev);
	cr_assert(strstr(ev, "missile_supply unit=bs weapon=main was=full "
			     "now=low why=unmodified_9 rule=8.17"),
		  "%s", ev);
	cr_assert_eq(U(s, "bs")->supply, SUPPLY_LOW);
	cr_assert_eq(U(s, "cav")->hits, 0);
	close_game(s);
}

/* 8.15: the chart's strength at each range; beyond it refused. */
Test(missile, chart_strength_by_range_8_15_8_71)
{
	struct session *s = open_game();
	place(s, "ar", 1010, FACE_NE);
	const int want[] = {0, 5, 3, 3, 1};
	for (int r = 1; r <= 4; r++) {
		place(s, "cav", 1010 - r, FACE_SE);
		struct fire_check c;
		cr_assert(missile_check(s->game, UI(s, "ar"), WEAPON_MAIN,
					H(1010 - r), FIRE_OFFENSIVE, &c),
			  "range %d: %s", r, c.reason);
		cr_assert_eq(c.strength, want[r], "range %d", r);
	}
	place(s, "cav", 1005, FACE_SE);
	struct fire_check c;
	cr_assert_not(missile_check(s->game, UI(s, "ar"), WEAPON_MAIN, H(1005),
				    FIRE_OFFENSIVE, &c));
	cr_assert_str_eq(c.rule, "8.13");
	close_game(s);
}

/* ---- 8.15 modifiers ---- */

static int drm_against(struct session *s, const char *firer, int target)
{
	struct fire_check c;
	cr_assert(missile_check(s->game, UI(s, firer), WEAPON_MAIN, H(target),
				FIRE_RETURN, &c),
		  "%s", c.reason ? c.reason : "");
	return c.drm;
}

Test(missile, modifier_woods_8_15_1)
{
	struct session *s = open_game();
	place(s, "ar", 1010, FACE_NE);
	place(s, "bi", 1008, FACE_SE);
	cr_assert_eq(drm_against(s, "ar", 1008), 0);
	map_at_mut(s->game->battle->map, H(1008))->terrain = TERRAIN_WOODS;
	cr_assert_eq(drm_against(s, "ar", 1008), 1);
	close_game(s);
}

Test(missile, modifier_phalanx_or_heavy_8_15_2)
{
	struct session *s = open_game();
	place(s, "ar", 1010, FACE_NE);
	place(s, "hi", 1008, FACE_SE);
	cr_assert_eq(drm_against(s, "ar", 1008), 1);
	place(s, "ph", 1208, FACE_SE);
	place(s, "bs", 1210, FACE_NE);
	cr_assert_eq(drm_against(s, "bs", 1208), 1);
	close_game(s);
}

/* 8.15 #3: an archer or slinger adjacent through the Front of PH or HI:
 * +3, not cumulative with #2; javelins do not get it; nor through the
 * Flank or Rear. */
Test(missile, modifier_heavy_front_adjacent_8_15_3)
{
	struct session *s = open_game();
	place(s, "ar", 1010, FACE_NE);
	place(s, "hi", 1009, FACE_SW); /* its front toward 1010 */
	cr_assert_eq(footprint_zone(&U(s, "hi")->at, H(1010)), ZONE_FRONT);
	cr_assert_eq(drm_against(s, "ar", 1009), 3);
	place(s, "ar", 1110, FACE_NE); /* not adjacent now */
	place(s, "ve", 1010, FACE_NE);
	cr_assert_eq(drm_against(s, "ve", 1009), 1); /* J: #2 only */
	/* hi turned so that 1010 is in its rear: #2 only */
	place(s, "hi", 1009, FACE_NE);
	cr_assert_eq(footprint_zone(&U(s, "hi")->at, H(1010)), ZONE_REAR);
	place(s, "ve", 1410, FACE_NE);
	place(s, "ar", 1010, FACE_NE);
	cr_assert_eq(drm_against(s, "ar", 1009), 1);
	close_game(s);
}

Test(missile, modifier_skirmisher_8_15_4)
{
	struct session *s = open_game();
	place(s, "ar", 1010, FACE_NE);
	place(s, "sk", 1008, FACE_SE);
	cr_assert_eq(drm_against(s, "ar", 1008), 2);
	close_game(s);
}

/* 8.15 #5: slingers, archers and mounted missile units that moved: +1;
 * foot javelins never (the design note). */
Test(missile, modifier_moved_8_15_5)
{
	struct session *s = open_game();
	place(s, "ve", 1010, FACE_NE);
	place(s, "ma", 1210, FACE_NE);
	place(s, "bi", 1009, FACE_SE);
	place(s, "bi2", 1209, FACE_SE);
	U(s, "ve")->moved_phase = true;
	U(s, "ma")->moved_phase = true;
	cr_assert_eq(drm_against(s, "ve", 1009), 0);
	cr_assert_eq(drm_against(s, "ma", 1209), 1);
	close_game(s);
}

Test(missile, modifier_depleted_8_15_6)
{
	struct session *s = open_game();
	place(s, "ar", 1010, FACE_NE);
	place(s, "bi", 1008, FACE_SE);
	U(s, "ar")->depleted = true;
	cr_assert_eq(drm_against(s, "ar", 1008), 1);
	close_game(s);
}

Test(missile, modifier_rampart_8_15_7)
{
	struct session *s = open_game();
	place(s, "ar", 1010, FACE_NE);
	place(s, "bi", 1008, FACE_SE);
	map_at_mut(s->game->battle->map, H(1008))->rampart_inside = true;
	cr_assert_eq(drm_against(s, "ar", 1008), 1);
	close_game(s);
}

/* 8.15: all cumulative: a moved, depleted archer at a skirmisher in
 * woods needs 3 - 5: never. */
Test(missile, modifiers_cumulative_8_15)
{
	struct session *s = open_game();
	place(s, "ar", 1010, FACE_NE);
	place(s, "sk", 1009, FACE_SE);
	map_at_mut(s->game->battle->map, H(1009))->terrain = TERRAIN_WOODS;
	U(s, "ar")->depleted = true;
	U(s, "ar")->moved_phase = true;
	struct fire_check c;
	cr_assert(missile_check(s->game, UI(s, "ar"), WEAPON_MAIN, H(1009),
				FIRE_RETURN, &c));
	cr_assert_eq(c.drm, 5);
	cr_assert_eq(c.needed, 0); /* strength 5 at range 1 */
	close_game(s);
}

/* ---- 8.16 extended range ---- */
Test(missile, extended_range_downhill_natural_0_8_16)
{
	struct session *s = open_game();
	place(s, "bs", 1010, FACE_NE);
	place(s, "cav", 1007, FACE_SE); /* range 3: beyond BS's 2 */
	struct fire_check c;
	cr_assert_not(missile_check(s->game, UI(s, "bs"), WEAPON_MAIN,
				    H(1007), FIRE_RETURN, &c));
	cr_assert_str_eq(c.rule, "8.13");
	map_at_mut(s->game->battle->map, H(1010))->elevation = 1;
	char ev[4096];
	/* a 1 is a hit at range 3? no: only a natural 0 */
	cr_assert(volley(s, "bs", 1007, WEAPON_MAIN, FIRE_RETURN, 1, &c, ev,
			 sizeof ev));
	cr_assert(c.extended);
	cr_assert(strstr(ev, "extended=yes"), "%s", ev);
	cr_assert(strstr(ev, "result=miss"), "%s", ev);
	cr_assert(volley(s, "bs", 1007, WEAPON_MAIN, FIRE_RETURN, 0, &c, ev,
			 sizeof ev));
	cr_assert(strstr(ev, "result=hit hits=1 rule=8.16"), "%s", ev);
	cr_assert_eq(U(s, "cav")->hits, 1);
	/* range 4 is beyond even the extended range */
	place(s, "cav", 1006, FACE_SE);
	cr_assert_not(missile_check(s->game, UI(s, "bs"), WEAPON_MAIN,
				    H(1006), FIRE_RETURN, &c));
	close_game(s);
}

/* ---- 8.13 ---- */

/* 8.13: in a stack, the top unit is hit through a Front or Flank hex,
 * the bottom one through a Rear hex. */
Test(missile, stack_top_or_bottom_by_side_8_13)
{
	struct session *s = open_game();
	place(s, "bi", 1008, FACE_SW);
	place(s, "bi2", 1008, FACE_SW);
	game_put_on_top(s->game, U(s, "bi2")); /* bi2 on top */
	place(s, "ar", 1010, FACE_NE);
	cr_assert_eq(footprint_zone(&U(s, "bi2")->at, H(1009)), ZONE_FRONT);
	struct fire_check c;
	cr_assert(missile_check(s->game, UI(s, "ar"), WEAPON_MAIN, H(1008),
				FIRE_RETURN, &c));
	cr_assert_eq(c.target_unit, UI(s, "bi2"));
	/* the stack turned: the fire comes through its Rear */
	U(s, "bi")->at.facing = FACE_NE;
	U(s, "bi2")->at.facing = FACE_NE;
	cr_assert_eq(footprint_zone(&U(s, "bi2")->at, H(1009)), ZONE_REAR);
	cr_assert(missile_check(s->game, UI(s, "ar"), WEAPON_MAIN, H(1008),
				FIRE_RETURN, &c));
	cr_assert_eq(c.target_unit, UI(s, "bi"));
	close_game(s);
}

/* 8.13: one target hex with an enemy; not a friend, not empty. */
Test(missile, target_must_be_enemy_8_13)
{
	struct session *s = open_game();
	place(s, "ar", 1010, FACE_NE);
	place(s, "ve", 1008, FACE_NE);
	struct fire_check c;
	cr_assert_not(missile_check(s->game, UI(s, "ar"), WEAPON_MAIN,
				    H(1008), FIRE_RETURN, &c));
	cr_assert_str_eq(c.rule, "8.13");
	cr_assert_not(missile_check(s->game, UI(s, "ar"), WEAPON_MAIN,
				    H(1007), FIRE_RETURN, &c));
	cr_assert_str_eq(c.rule, "8.13");
	close_game(s);
}

/* 8.14: a blocked line of sight refuses the volley. */
Test(missile, los_blocked_8_14)
{
	struct session *s = open_game();
	place(s, "bs", 1010, FACE_NE);
	place(s, "cav", 1008, FACE_SE);
	map_at_mut(s->game->battle->map, H(1009))->terrain = TERRAIN_WOODS;
	struct fire_check c;
	cr_assert_not(missile_check(s->game, UI(s, "bs"), WEAPON_MAIN,
				    H(1008), FIRE_RETURN, &c));
	cr_assert_str_eq(c.rule, "8.14");
	close_game(s);
}

/* 6.75: In Column no fire. */
Test(missile, no_fire_in_column_6_75)
{
	struct session *s = open_game();
	place(s, "bs", 1010, FACE_NE);
	place(s, "cav", 1008, FACE_SE);
	U(s, "bs")->at.in_column = true;
	U(s, "bs")->at.facing = 0;
	struct fire_check c;
	cr_assert_not(missile_check(s->game, UI(s, "bs"), WEAPON_MAIN,
				    H(1008), FIRE_RETURN, &c));
	cr_assert_str_eq(c.rule, "6.75");
	close_game(s);
}

/* ---- elephants: 2 hits unless an elephant fired (8.15 Exception) ---- */
Test(missile, elephant_two_hits_unless_elephant_fired_8_15)
{
	struct session *s = open_game();
	place(s, "el1", 1008, FACE_SE);
	place(s, "bs", 1010, FACE_NE);
	char ev[4096];
	cr_assert(volley(s, "bs", 1008, WEAPON_MAIN, FIRE_RETURN, 0, NULL, ev,
			 sizeof ev));
	cr_assert(strstr(ev, "hits=2 elephant=doubled"), "%s", ev);
	cr_assert_eq(U(s, "el1")->hits, 2);
	place(s, "bs", 1510, FACE_NE);
	place(s, "el0", 1009, FACE_NE); /* its tower, adjacent (9.13) */
	cr_assert(volley(s, "el0", 1008, WEAPON_TOWER, FIRE_RETURN, 1, NULL,
			 ev, sizeof ev));
	cr_assert(strstr(ev, "class=MJ"), "%s", ev);
	cr_assert(strstr(ev, "hits=1 elephant=fired_by_elephant"), "%s", ev);
	cr_assert_eq(U(s, "el1")->hits, 3);
	close_game(s);
}

/* 9.12: a screen fires only in reaction. */
Test(missile, screen_only_in_reaction_9_12)
{
	struct session *s = open_game();
	place(s, "el0", 1009, FACE_NE);
	place(s, "bi", 1008, FACE_SE);
	struct fire_check c;
	cr_assert_not(missile_check(s->game, UI(s, "el0"), WEAPON_SCREEN,
				    H(1008), FIRE_OFFENSIVE, &c));
	cr_assert_str_eq(c.rule, "9.12");
	cr_assert(missile_check(s->game, UI(s, "el0"), WEAPON_SCREEN, H(1008),
				FIRE_ENTRY, &c));
	close_game(s);
}

/* ---- 8.17 supply ---- */
Test(missile, supply_legion_no_after_first_fire_8_17)
{
	struct session *s = open_game();
	place(s, "ha", 1010, FACE_NE);
	place(s, "bi", 1009, FACE_SE);
	char ev[4096];
	cr_assert(volley(s, "ha", 1009, WEAPON_MAIN, FIRE_RETURN, 4, NULL, ev,
			 sizeof ev));
	cr_assert_eq(U(s, "ha")->supply, SUPPLY_NO);
	cr_assert(strstr(ev, "why=legion_infantry_fired rule=8.17"), "%s", ev);
	struct fire_check c;
	cr_assert_not(missile_check(s->game, UI(s, "ha"), WEAPON_MAIN,
				    H(1009), FIRE_RETURN, &c));
	cr_assert_str_eq(c.rule, "8.17");
	close_game(s);
}

Test(missile, supply_javelins_low_on_7_8_9_then_no_8_17)
{
	struct session *s = open_game();
	place(s, "ve", 1010, FACE_NE);
	place(s, "bi", 1009, FACE_SE);
	cr_assert(volley(s, "ve", 1009, WEAPON_MAIN, FIRE_RETURN, 6, NULL,
			 NULL, 0));
	cr_assert_eq(U(s, "ve")->supply, SUPPLY_FULL);
	cr_assert(volley(s, "ve", 1009, WEAPON_MAIN, FIRE_RETURN, 7, NULL,
			 NULL, 0));
	cr_assert_eq(U(s, "ve")->supply, SUPPLY_LOW);
	cr_assert(volley(s, "ve", 1009, WEAPON_MAIN, FIRE_RETURN, 1, NULL,
			 NULL, 0));
	cr_assert_eq(U(s, "ve")->supply, SUPPLY_NO);
	close_game(s);
}

Test(missile, supply_archers_low_only_on_9_8_17)
{
	struct session *s = open_game();
	place(s, "ar", 1010, FACE_NE);
	place(s, "bi", 1007, FACE_SE);
	cr_assert(volley(s, "ar", 1007, WEAPON_MAIN, FIRE_RETURN, 8, NULL,
			 NULL, 0));
	cr_assert_eq(U(s, "ar")->supply, SUPPLY_FULL);
	cr_assert(volley(s, "ar", 1007, WEAPON_MAIN, FIRE_RETURN, 9, NULL,
			 NULL, 0));
	cr_assert_eq(U(s, "ar")->supply, SUPPLY_LOW);
	close_game(s);
}

/* 9.12, 9.13: a tower has its own supply. */
Test(missile, tower_supply_separate_9_13)
{
	struct session *s = open_game();
	place(s, "el0", 1010, FACE_NE);
	place(s, "bi", 1009, FACE_SE);
	cr_assert(volley(s, "el0", 1009, WEAPON_TOWER, FIRE_RETURN, 8, NULL,
			 NULL, 0));
	cr_assert_eq(U(s, "el0")->tower_supply, SUPPLY_LOW);
	cr_assert_eq(U(s, "el0")->screen_supply, SUPPLY_FULL);
	close_game(s);
}

/* ---- 8.18 reload ---- */
Test(missile, reload_unless_zoc_or_enemy_missiles_8_18)
{
	struct session *s = open_game();
	place(s, "ar", 1010, FACE_NE);
	place(s, "bs", 2010, FACE_NE);
	place(s, "ve", 1510, FACE_NE);
	place(s, "bi", 1009, FACE_SW); /* ar in bi's ZOC */
	place(s, "sk", 2008, FACE_SW); /* bs in range 2 of sk, in LOS */
	U(s, "ar")->supply = SUPPLY_LOW;
	U(s, "bs")->supply = SUPPLY_NO;
	U(s, "ve")->supply = SUPPLY_NO;
	size_t from = s->game->events.n;
	missile_reload(s->game);
	char ev[4096];
	events_since(s, from, ev, sizeof ev);
	cr_assert_eq(U(s, "ar")->supply, SUPPLY_LOW);
	cr_assert_eq(U(s, "bs")->supply, SUPPLY_NO);
	cr_assert_eq(U(s, "ve")->supply, SUPPLY_FULL);
	cr_assert(strstr(ev, "no_reload unit=ar weapon=main was=low "
			     "why=in_enemy_zoc rule=8.18"),
		  "%s", ev);
	cr_assert(strstr(ev, "why=in_enemy_missile_range_and_los"), "%s", ev);
	cr_assert(strstr(ev, "reload unit=ve weapon=main was=no rule=8.18"),
		  "%s", ev);
	close_game(s);
}

/* ---- 8.19 leader casualties ---- */

static void leader_fire(struct session *s, const char *leader, int d1,
			int d2, int d3, char *ev, size_t n)
{
	place(s, "bs", 1010, FACE_NE);
	place(s, "cav", 1008, FACE_SE);
	put_leader(s, leader, 1008);
	size_t from = s->game->events.n;
	force(s, d1);
	force(s, d2);
	if (d3 >= 0)
		force(s, d3);
	cr_assert(missile_fire(s->game, UI(s, "bs"), WEAPON_MAIN, H(1008),
			       FIRE_RETURN, NULL));
	events_since(s, from, ev, n);
	cr_assert_eq(s->game->dice.nforced, 0, "dice left over:\n%s", ev);
}

Test(missile, leader_not_hit_unless_natural_0_then_0_8_19)
{
	struct session *s = open_game();
	char ev[4096];
	leader_fire(s, "gisgo", 0, 3, -1, ev, sizeof ev);
	cr_assert(strstr(ev, "leader_hit leader=gisgo die=3 casualty=no "
			     "rule=8.19"),
		  "%s", ev);
	cr_assert_null(strstr(ev, "leader_casualty"));
	/* a 1 hits the cavalry but rolls no leader die */
	place(s, "bs", 1010, FACE_NE);
	force(s, 1);
	cr_assert(missile_fire(s->game, UI(s, "bs"), WEAPON_MAIN, H(1008),
			       FIRE_RETURN, NULL));
	cr_assert_eq(s->game->dice.nforced, 0);
	close_game(s);
}

Test(missile, leader_casualty_finished_8_19)
{
	struct session *s = open_game();
	char ev[4096];
	leader_fire(s, "gisgo", 0, 0, 5, ev, sizeof ev);
	cr_assert(strstr(ev, "leader_casualty leader=gisgo die=5 "
			     "result=finished by=8.19 rule=4.73"),
		  "%s", ev);
	cr_assert_eq(game_leader(s->game, "gisgo")->state, LS_FINISHED);
	cr_assert_eq(game_leader(s->game, "gisgo")->wounds, 0);
	close_game(s);
}

Test(missile, leader_casualty_wounded_1_and_2_R7_8_19)
{
	struct session *s = open_game();
	char ev[4096];
	leader_fire(s, "gisgo", 0, 0, 7, ev, sizeof ev);
	struct leader *l = game_leader(s->game, "gisgo");
	cr_assert(strstr(ev, "result=wounded_1 ratings=-1"), "%s", ev);
	cr_assert_eq(l->wounds, 1);
	cr_assert_eq(leader_initiative_now(s->game, l), 3);
	cr_assert_eq(l->state, LS_FINISHED);
	close_game(s);
	s = open_game();
	leader_fire(s, "hannibal", 0, 0, 8, ev, sizeof ev);
	l = game_leader(s->game, "hannibal");
	cr_assert(strstr(ev, "result=wounded_2 ratings=-2"), "%s", ev);
	cr_assert_eq(leader_initiative_now(s->game, l), 5);
	close_game(s);
}

/* TABLES.md 6: a second wound kills. */
Test(missile, leader_second_wound_kills_8_19)
{
	struct session *s = open_game();
	char ev[4096];
	game_leader(s->game, "gisgo")->wounds = 1;
	leader_fire(s, "gisgo", 0, 0, 7, ev, sizeof ev);
	cr_assert(strstr(ev, "second_wound=killed"), "%s", ev);
	cr_assert(game_leader(s->game, "gisgo")->killed);
	close_game(s);
}

/* 8.19 killed: removed (4.74), his rout points lost (11.1); with no
 * Replacement leader in this battle he is not replaced (4.74, leaders.c). */
Test(missile, leader_killed_4_74_8_19)
{
	struct session *s = open_game();
	char ev[4096];
	int rp = s->game->rout_points[1];
	leader_fire(s, "gisgo", 0, 0, 9, ev, sizeof ev);
	struct leader *l = game_leader(s->game, "gisgo");
	cr_assert(l->killed);
	cr_assert_not(l->on_map);
	cr_assert(strstr(ev, "eliminated leader=gisgo side=1"), "%s", ev);
	cr_assert(strstr(ev, "no_replacement leader=gisgo "
			     "why=no_replacement_leaders rule=4.74"),
		  "%s", ev);
	cr_assert_gt(s->game->rout_points[1], rp);
	close_game(s);
}

/* 4.75: a killed Overall Commander is not replaced. */
Test(missile, overall_commander_killed_not_replaced_4_75)
{
	struct session *s = open_game();
	char ev[4096];
	leader_fire(s, "hannibal", 0, 0, 9, ev, sizeof ev);
	cr_assert(strstr(ev, "no_replacement leader=hannibal "
			     "why=overall_commander rule=4.75"),
		  "%s", ev);
	close_game(s);
}

/* 8.19: players may fire at a hex holding only a leader. */
Test(missile, fire_at_hex_with_only_a_leader_8_19)
{
	struct session *s = open_game();
	place(s, "bs", 1010, FACE_NE);
	put_leader(s, "gisgo", 1008);
	struct fire_check c;
	cr_assert(missile_check(s->game, UI(s, "bs"), WEAPON_MAIN, H(1008),
				FIRE_RETURN, &c));
	cr_assert_eq(c.target_unit, -1);
	char ev[4096];
	cr_assert(volley(s, "bs", 1008, WEAPON_MAIN, FIRE_RETURN, 0, NULL, ev,
			 sizeof ev));
	cr_assert(strstr(ev, "target=leaders_only"), "%s", ev);
	cr_assert(strstr(ev, "roll for=leader_hit leader=gisgo"), "%s", ev);
	close_game(s);
}

/* ---- 8.11 offensive fire under orders ---- */

/* 5.22 #2: an Individual Order to fire without moving: one order, one
 * volley, no move penalty, the unit does not move, and fires once. */
Test(missile, order_fire_without_moving_5_22_8_11)
{
	struct session *s = open_game();
	place(s, "bs", 1610, FACE_NE);
	place(s, "cav", 1608, FACE_SE);
	phase(s, "consul");
	cr_assert(legal_has(s, "order bs fire 1608 # needs 3 or less: hits 40%"));
	force(s, 2);
	struct out o = ok(s, "order bs fire 1608");
	cr_assert(has(&o, "needs=3"), "%s", o.ev);
	cr_assert(has(&o, "result=hit"), "%s", o.ev);
	cr_assert_eq(s->game->seq.orders_left, 4);
	cr_assert_not(s->game->ord.moving);
	cr_assert_eq(seq_step_now(s->game), SEQ_ORDERS, "step %s",
		     seq_step_name(seq_step_now(s->game)));
	REFUSED(s, "order bs fire 1608", "5.24");
	close_game(s);
}

/* 8.11 EXAMPLE: a mounted archer moves forward, fires at an enemy two
 * hexes away, then rides on with its remaining points. */
Test(missile, mounted_archer_moves_fires_moves_8_11)
{
	struct session *s = open_game();
	place(s, "ma", 1615, FACE_NE);
	place(s, "bi", 1607, FACE_SE);
	phase(s, "consul");
	ok(s, "order ma");
	ok(s, "move 1614");
	ok(s, "move 1613");
	ok(s, "move 1612");
	ok(s, "move 1611");
	cr_assert(legal_has(s, "fire 1609") == false); /* not adjacent to bi */
	ok(s, "move 1610");
	cr_assert(legal_has(s, "fire 1607 # needs 0 or less: hits 10%"));
	force(s, 5);
	struct out o = ok(s, "fire 1607");
	cr_assert(has(&o, "firer_moved drm=+1 rule=8.15#5"), "%s", o.ev);
	cr_assert(has(&o, "range=3 strength=1 drm=+1 needs=0"), "%s", o.ev);
	ok(s, "move 1709");
	cr_assert(s->game->ord.moving);
	/* it has fired: not again this phase */
	struct fire_check c;
	cr_assert_not(missile_check(s->game, UI(s, "ma"), WEAPON_MAIN,
				    H(1607), FIRE_OFFENSIVE, &c));
	cr_assert_str_eq(c.rule, "8.11");
	cr_assert(strstr(c.reason, "already fired"));
	close_game(s);
}

/* 8.11: fire after moving only when the latest hex was toward the
 * target. */
Test(missile, fire_only_after_moving_closer_8_11)
{
	struct session *s = open_game();
	place(s, "bs", 1610, FACE_NE);
	place(s, "bi", 1607, FACE_SE);
	phase(s, "consul");
	ok(s, "order bs");
	ok(s, "move 1609"); /* closer: range 2 */
	cr_assert(legal_has(s, "fire 1607 # needs 2 or less: hits 30%"));
	ok(s, "face E");
	REFUSED(s, "fire 1607", "8.11"); /* a turn came after the hex */
	close_game(s);
	s = open_game();
	place(s, "ar", 1610, FACE_E);
	place(s, "bi", 1607, FACE_SE);
	phase(s, "consul");
	ok(s, "order ar");
	ok(s, "move 1709"); /* range 3 still: not closer */
	REFUSED(s, "fire 1607", "8.11");
	close_game(s);
}

/* 8.11 Exception: LI archers move or fire: fire ends their order; a moved
 * LI archer may not fire. */
Test(missile, li_archers_move_or_fire_8_11)
{
	struct session *s = open_game();
	place(s, "li", 1610, FACE_NE);
	place(s, "bi", 1607, FACE_SE);
	phase(s, "consul");
	ok(s, "order li");
	ok(s, "move 1609");
	REFUSED(s, "fire 1607", "8.11");
	close_game(s);
	s = open_game();
	place(s, "li", 1610, FACE_NE);
	place(s, "bi", 1607, FACE_SE);
	phase(s, "consul");
	ok(s, "order li");
	force(s, 9);
	ok(s, "fire 1607");
	cr_assert_not(s->game->ord.moving);
	close_game(s);
}

/* 8.11: a unit fires only under its own order. */
Test(missile, fire_needs_an_order_8_11)
{
	struct session *s = open_game();
	place(s, "bs", 1610, FACE_NE);
	place(s, "ar", 1710, FACE_NE);
	place(s, "cav", 1608, FACE_SE);
	phase(s, "consul");
	REFUSED(s, "fire 1608", "8.11");
	ok(s, "order ar");
	REFUSED(s, "fire bs 1608", "8.11");
	close_game(s);
}

/* 8.0: a missile unit may fire and later shock: firing leaves no mark
 * that forbids it (the fired flag is only 8.11's once-per-phase). */
Test(missile, fired_flag_cleared_each_orders_phase_8_11)
{
	struct session *s = open_game();
	place(s, "bs", 1610, FACE_NE);
	place(s, "cav", 1608, FACE_SE);
	phase(s, "consul");
	force(s, 6);
	ok(s, "order bs fire 1608");
	cr_assert(s->game->fire.fired[UI(s, "bs")]);
	phase(s, "consul");
	cr_assert_not(s->game->fire.fired[UI(s, "bs")]);
	close_game(s);
}

/* Every refusal names its rule and changes nothing. */
Test(missile, malformed_and_refused_change_nothing)
{
	struct session *s = open_game();
	place(s, "bs", 1610, FACE_NE);
	place(s, "cav", 1608, FACE_SE);
	phase(s, "consul");
	REFUSED(s, "order bs fire", "8.1");
	struct out o = run(s, "order bs fire x");
	cr_assert_eq(o.st, CMD_MALFORMED);
	o = run(s, "fire");
	cr_assert_eq(o.st, CMD_MALFORMED);
	REFUSED(s, "order bs fire 1605", "8.13");
	REFUSED(s, "order nobody fire 1608", "8.11");
	close_game(s);
}

/* 8.4 EXAMPLE (Beneventum), on a fixture built to fit its text: Crete
 * archer A (1015) fires at Y and Z at ranges 3 and 4 over the closer
 * Epirus slinger C (1014) (8.14's archer exception); Thrace peltast B
 * (1215) blocks A's fire at W (1314) and X (1315), both at range 3,
 * B being nearer them; B fires at W at range 1 and W may return fire. */

Test(missile, beneventum_archer_fires_over_closer_slinger_8_14_8_4)
{
	struct session *s = beneventum();
	struct fire_check c;
	cr_assert(missile_check(s->game, UI(s, "crete_a"), WEAPON_MAIN,
				H(1012), FIRE_OFFENSIVE, &c),
		  "%s", c.reason ? c.reason : "");
	cr_assert_eq(c.range, 3);
	cr_assert_eq(c.strength, 3);
	cr_assert(missile_check(s->game, UI(s, "crete_a"), WEAPON_MAIN,
				H(1111), FIRE_OFFENSIVE, &c),
		  "%s", c.reason ? c.reason : "");
	cr_assert_eq(c.range, 4);
	cr_assert_eq(c.strength, 1);
	/* B is closer to W and X than to A: it blocks */
	cr_assert_not(missile_check(s->game, UI(s, "crete_a"), WEAPON_MAIN,
				    H(1314), FIRE_OFFENSIVE, &c));
	cr_assert_str_eq(c.rule, "8.14");
	cr_assert_not(missile_check(s->game, UI(s, "crete_a"), WEAPON_MAIN,
				    H(1315), FIRE_OFFENSIVE, &c));
	cr_assert_str_eq(c.rule, "8.14");
	/* a slinger in A's place has no archer exception: C blocks */
	place(s, "crete_a", 1616, FACE_NE);
	place(s, "bs", 1015, FACE_NE);
	s->game->units[UI(s, "bs")].side = 1;
	cr_assert_not(missile_check(s->game, UI(s, "bs"), WEAPON_MAIN,
				    H(1012), FIRE_RETURN, &c));
	close_game(s);
}

Test(missile, beneventum_peltast_fires_at_range_1_return_fire_offered_8_4)
{
	struct session *s = beneventum();
	phase(s, "hannibal");
	cr_assert(legal_has(s, "order thrace_b fire 1314 # needs 5 or less: hits 60%"));
	cr_assert(legal_has(s, "order thrace_b fire 1315 # needs 5 or less: hits 60%"));
	force(s, 4);
	struct out o = ok(s, "order thrace_b fire 1314");
	cr_assert(has(&o, "target=w range=1 strength=5 drm=+0 needs=5"), "%s",
		  o.ev);
	cr_assert(has(&o, "result=hit hits=1"), "%s", o.ev);
	cr_assert_eq(U(s, "w")->hits, 1);
	/* 8.23: W, fired on, may return fire (the other, X, may not) */
	cr_assert(reactions_pending(s->game), "%s", o.ev);
	close_game(s);
}

/* 5.23 #2: a Line Command to fire without movement: each member may
 * fire one volley (`fire UNIT HEX`), none may move. */
Test(missile, line_command_fire_without_movement_5_23)
{
	struct session *s = open_game();
	place(s, "bs", 1610, FACE_NE);
	place(s, "ar", 1710, FACE_NE);
	place(s, "cav", 1608, FACE_SE);
	place(s, "bi", 1707, FACE_SE);
	put_leader(s, "consul", 1611);
	phase(s, "consul");
	struct out o = ok(s, "line skirmishers fire");
	cr_assert(has(&o, "line_fire line=skirmishers command=1 rule=5.23"),
		  "%s", o.ev);
	cr_assert(legal_has(s, "fire bs 1608 # needs 3 or less: hits 40%"));
	REFUSED(s, "pick bs", "5.23");
	force(s, 1);
	o = ok(s, "fire bs 1608");
	cr_assert(has(&o, "drm=+0 needs=3"), "%s", o.ev); /* no move +1 */
	cr_assert_eq(U(s, "cav")->hits, 1);
	REFUSED(s, "fire bs 1608", "8.11"); /* one volley each */
	force(s, 7);
	ok(s, "fire ar 1707");
	close_game(s);
}

/* 5.23 #2: a leader with a Line Command rating of 2 gives two Line
 * Commands to fire: the first line's members keep their right to fire */
Test(missile, two_line_commands_to_fire_keep_the_first_5_23)
{
	struct session *s = open_game();
	place(s, "bs", 1610, FACE_NE);
	place(s, "ar", 1710, FACE_NE);
	place(s, "ve", 1613, FACE_NE);
	place(s, "ha", 1713, FACE_NE);
	place(s, "cav", 1608, FACE_SE);
	put_leader(s, "consul", 1611);
	for (int i = 0; i < s->game->nleaders; i++)
		if (strcmp(s->game->leaders[i].id, "consul") == 0)
			s->game->leaders[i].line_command = 2;
	phase(s, "consul");
	ok(s, "line skirmishers fire");
	struct out o = ok(s, "line javelins fire");
	cr_assert(has(&o, "line_fire line=javelins command=2 rule=5.23"),
		  "%s", o.ev);
	cr_assert(missile_line_fire_member(s->game, UI(s, "bs")));
	cr_assert(missile_line_fire_member(s->game, UI(s, "ve")));
	cr_assert(legal_has(s, "fire bs 1608 # needs 3 or less: hits 40%"));
	REFUSED(s, "pick bs", "5.23");
	force(s, 1);
	ok(s, "fire bs 1608");
	close_game(s);
}

/* 8.11, 8.15 #5: a slinger firing from its open move before moving
 * "will move": +1; it then moves on (fire costs no MP). */
Test(missile, fire_before_moving_will_move_8_11_8_15_5)
{
	struct session *s = open_game();
	place(s, "bs", 1610, FACE_NE);
	place(s, "bi", 1608, FACE_SE);
	phase(s, "consul");
	ok(s, "order bs");
	cr_assert(legal_has(s, "fire 1608 # needs 2 or less: hits 30%"));
	force(s, 3);
	struct out o = ok(s, "fire 1608");
	cr_assert(has(&o, "firer_moved drm=+1 rule=8.15#5"), "%s", o.ev);
	cr_assert(has(&o, "result=miss"), "%s", o.ev);
	int mp = s->game->ord.move.mp_spent;
	cr_assert_eq(mp, 0);
	ok(s, "move 1709");
	cr_assert(s->game->ord.moving);
	close_game(s);
}

/* 9.13: `order EL fire HEX tower`: the tower's MJ volley. */
Test(missile, order_elephant_tower_fire_9_13)
{
	struct session *s = open_game();
	place(s, "el0", 1610, FACE_NE);
	place(s, "bi", 1609, FACE_SE);
	phase(s, "consul");
	REFUSED(s, "order el0 fire 1609", "8.11"); /* no main weapon */
	force(s, 2);
	struct out o = ok(s, "order el0 fire 1609 tower");
	cr_assert(has(&o, "weapon=tower class=MJ"), "%s", o.ev);
	cr_assert(has(&o, "result=hit hits=1"), "%s", o.ev);
	close_game(s);
}

/* 8.17 from the data: constants.ini [missile_supply] BS read as 6: an
 * unmodified 6 leaves Balearic slingers Missile Low. */
Test(missile, supply_band_read_from_constants_ini_8_17)
{
	struct session *s = open_game();
	change_tables(s->game, "constants", "BS = 9", "BS = 6");
	place(s, "bs", 1010, FACE_NE);
	place(s, "cav", 1008, FACE_SE);
	char ev[4096];
	cr_assert(volley(s, "bs", 1008, WEAPON_MAIN, FIRE_RETURN, 6, NULL, ev,
			 sizeof ev));
	cr_assert(strstr(ev, "missile_supply unit=bs weapon=main was=full "
			     "now=low why=unmodified_6_7_8_9 rule=8.17"),
		  "%s", ev);
	cr_assert_eq(U(s, "bs")->supply, SUPPLY_LOW);
	close_game(s);
}
/* ---- the odds of a volley (missile_odds, odds.h) ---- */

/* The outcome the odds give face d and what the volley does with d
 * forced agree, on a fresh field each time. */
static void every_face(const char *firer, int fhex, int ffacing,
		       const char *target, int thex, int tfacing, bool moved,
		       struct odds *o)
{
	for (int d = 0; d < 10; d++) {
		struct session *s = open_game();
		place(s, firer, fhex, ffacing);
		place(s, target, thex, tfacing);
		U(s, firer)->moved_phase = moved;
		cr_assert(missile_odds(s->game, UI(s, firer), WEAPON_MAIN,
				       H(thex), FIRE_RETURN, o));
		cr_assert(odds_complete(o));
		int before = U(s, target)->hits;
		char ev[4096], want[64];
		cr_assert(volley(s, firer, thex, WEAPON_MAIN, FIRE_RETURN, d,
				 NULL, ev, sizeof ev));
		const struct odds_outcome *x = &o->out[o->face[d]];
		snprintf(want, sizeof want, "die=%d ", d);
		cr_expect(strstr(ev, want), "%s", ev);
		snprintf(want, sizeof want, "result=%s hits=%d",
			 x->value > 0 ? "hit" : "miss", x->value);
		cr_expect(strstr(ev, want), "face %d: odds %s, volley %s", d,
			  x->name, ev);
		cr_expect_eq(U(s, target)->hits - before, x->value, "face %d",
			     d);
		close_game(s);
	}
}

/* 8.15's example: Balearic slingers at range 2 have strength 3: 0-3 hit,
 * 40%; had they moved (+1), 0-2, 30%.  The chart's row for BS. */
Test(missile, odds_balearic_slingers_example_every_face_8_15)
{
	struct odds o;
	every_face("bs", 1010, FACE_NE, "cav", 1008, FACE_SE, false, &o);
	cr_expect_str_eq(o.rule, "8.15");
	cr_expect_eq(odds_percent(&o, "hit 1"), 40);
	cr_expect_eq(odds_percent(&o, "miss"), 60);
	every_face("bs", 1010, FACE_NE, "cav", 1008, FACE_SE, true, &o);
	cr_expect_eq(odds_percent(&o, "hit 1"), 30);
	/* range 1: strength 5, 0-5 */
	every_face("bs", 1009, FACE_NE, "cav", 1008, FACE_SE, false, &o);
	cr_expect_eq(odds_percent(&o, "hit 1"), 60);
}

/* 8.15: an elephant hit by others takes 2 hits a hit. */
Test(missile, odds_elephant_target_every_face_8_15)
{
	struct odds o;
	every_face("bs", 1010, FACE_NE, "el1", 1008, FACE_SE, false, &o);
	cr_expect_eq(odds_faces(&o, "hit 2"), 4);
	cr_expect_float_eq(odds_value_at_least(&o, 2), 0.4, 1e-12);
}

/* A volley missile_check refuses has no odds. */
Test(missile, odds_none_out_of_range_8_15)
{
	struct session *s = open_game();
	place(s, "bs", 1010, FACE_NE);
	place(s, "cav", 1004, FACE_SE);
	struct odds o;
	cr_expect_not(missile_odds(s->game, UI(s, "bs"), WEAPON_MAIN, H(1004),
				   FIRE_RETURN, &o));
	cr_expect_eq(o.faces, 0);
	cr_expect_not(odds_complete(&o));
	close_game(s);
}
