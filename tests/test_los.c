/* Line of sight (8.14, 8.13; 4.33's Line Command case). */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/game.h"
#include "maniple/los.h"
#include "bare_field.h"

static void terrain(struct game *g, int hex, enum terrain t, int level)
{
	struct map_hex *mh = map_at_mut(g->battle->map, H(hex));
	cr_assert_not_null(mh);
	mh->terrain = (uint8_t)t;
	mh->elevation = (int8_t)level;
}

Test(los, open_field_is_clear_8_14)
{
	struct game *g = field();
	struct los_why w;
	cr_expect(los_clear(g, H(2010), H(2014), LOS_MISSILE, &w));
	cr_expect(hex_is_none(w.at));
	cr_expect(los_clear(g, H(3010), H(3311), LOS_MISSILE, NULL));
	game_free(g);
}

Test(los, woods_block_8_14)
{
	struct game *g = field();
	terrain(g, 2012, TERRAIN_WOODS, 0);
	struct los_why w;
	cr_expect_not(los_clear(g, H(2010), H(2014), LOS_MISSILE, &w));
	cr_expect_str_eq(w.reason, "woods in 2012");
	cr_expect_str_eq(w.rule, "8.14");
	cr_expect(hex_eq(w.at, H(2012)));
	cr_expect_not(los_clear(g, H(2010), H(2014), LOS_LINE_COMMAND, NULL));
	/* a woods hex at either end does not block */
	cr_expect(los_clear(g, H(2012), H(2014), LOS_MISSILE, NULL));
	cr_expect(los_clear(g, H(2010), H(2012), LOS_MISSILE, NULL));
	game_free(g);
}

/* Broken and marsh are rough terrain (6.24) but do not block sight. */
Test(los, rough_terrain_other_than_woods_does_not_block_8_14)
{
	struct game *g = field();
	terrain(g, 2012, TERRAIN_BROKEN, 0);
	terrain(g, 2013, TERRAIN_MARSH, 0);
	cr_expect(los_clear(g, H(2010), H(2014), LOS_MISSILE, NULL));
	game_free(g);
}

Test(los, an_intervening_combat_unit_blocks_8_14)
{
	struct game *g = field();
	put(g, "x", 1, UT_MI, "", 2012, FACE_E);
	struct los_why w;
	cr_expect_not(los_clear(g, H(2010), H(2014), LOS_MISSILE, &w));
	cr_expect_str_eq(w.reason, "a combat unit in 2012");
	/* a friendly unit blocks as well */
	g->units[0].side = 0;
	cr_expect_not(los_clear(g, H(2010), H(2014), LOS_MISSILE, NULL));
	/* eliminated units are gone */
	g->units[0].eliminated = true;
	cr_expect(los_clear(g, H(2010), H(2014), LOS_MISSILE, NULL));
	/* the units at the ends never block: a phalanx in 2013/2014 seen
	 * in its hex 2014 does not hide itself behind its other half */
	struct unit *ph = put(g, "ph", 1, UT_PH, "", 2013, FACE_W);
	game_unit_set_hex(g, ph, 1, H(2014));
	cr_expect(los_clear(g, H(2010), H(2014), LOS_MISSILE, NULL));
	cr_expect_not(los_clear(g, H(2010), H(2015), LOS_MISSILE, NULL));
	game_free(g);
}

/* Leaders are not combat units; a Leader Elephant alone does not block
 * (8.14), but the unit it stacks with does. */
Test(los, leaders_and_a_leader_elephant_alone_do_not_block_8_14)
{
	struct game *g = field();
	struct leader *l = &g->leaders[g->nleaders++];
	memset(l, 0, sizeof *l);
	game_leader_text(g, l);
	snprintf(l->id, sizeof l->id, "dux");
	l->hex = H(2012);
	l->on_map = true;
	cr_expect(los_clear(g, H(2010), H(2014), LOS_MISSILE, NULL));
	struct unit *le = put(g, "le", 1, UT_EL, "", 2012, FACE_E);
	le->leader_elephant = "dux";
	cr_expect(los_clear(g, H(2010), H(2014), LOS_MISSILE, NULL));
	put(g, "mi", 1, UT_MI, "", 2012, FACE_E);
	cr_expect_not(los_clear(g, H(2010), H(2014), LOS_MISSILE, NULL));
	game_free(g);
}

/* 3010 -> 3108 runs down the hexside between 3009 and 3109. */
Test(los, along_a_hexside_between_blocking_and_clear_is_blocked_8_14)
{
	struct game *g = field();
	struct hex out[3], alt[3];
	bool along = false;
	hex_line(H(3010), H(3108), out, alt, &along);
	cr_assert(along);
	cr_expect(los_clear(g, H(3010), H(3108), LOS_MISSILE, NULL),
		  "two clear hexes beside the hexside: clear");
	terrain(g, 3009, TERRAIN_WOODS, 0);
	struct los_why w;
	cr_expect_not(los_clear(g, H(3010), H(3108), LOS_MISSILE, &w));
	cr_expect(hex_eq(w.at, H(3009)));
	cr_expect_not(los_clear(g, H(3010), H(3108), LOS_ARCHER, NULL));
	/* the other side blocking does too */
	terrain(g, 3009, TERRAIN_CLEAR, 0);
	put(g, "x", 1, UT_MI, "", 3109, FACE_E);
	cr_expect_not(los_clear(g, H(3010), H(3108), LOS_MISSILE, &w));
	cr_expect(hex_eq(w.at, H(3109)));
	game_free(g);
}

/* The 8.14 play note: Line Command LOS is read liberally, so only a
 * hexside with blocking hexes on both sides blocks it. */
Test(los, line_command_los_along_a_hexside_is_read_liberally_8_14_4_33)
{
	struct game *g = field();
	terrain(g, 3009, TERRAIN_WOODS, 0);
	cr_expect(los_clear(g, H(3010), H(3108), LOS_LINE_COMMAND, NULL));
	terrain(g, 3109, TERRAIN_WOODS, 0);
	struct los_why w;
	cr_expect_not(los_clear(g, H(3010), H(3108), LOS_LINE_COMMAND, &w));
	cr_expect_str_eq(w.rule, "8.14");
	game_free(g);
}

/* 8.14: a hex higher than both ends blocks. */
Test(los, higher_ground_between_blocks_8_14)
{
	struct game *g = field();
	terrain(g, 2012, TERRAIN_CLEAR, 1);
	struct los_why w;
	cr_expect_not(los_clear(g, H(2010), H(2014), LOS_MISSILE, &w));
	cr_expect_str_eq(w.reason, "higher ground in 2012");
	cr_expect_not(los_clear(g, H(2010), H(2014), LOS_LINE_COMMAND, NULL));
	/* from the hill's own level, the hill is not higher than both */
	terrain(g, 2010, TERRAIN_CLEAR, 1);
	cr_expect(los_clear(g, H(2010), H(2014), LOS_MISSILE, NULL));
	/* "any part of a hex": beside the hexside the line runs down */
	terrain(g, 3009, TERRAIN_CLEAR, 2);
	cr_expect_not(los_clear(g, H(3010), H(3108), LOS_MISSILE, &w));
	cr_expect(hex_eq(w.at, H(3009)));
	game_free(g);
}

/* 8.14: woods and units lower than both ends do not block; at the level
 * of one end they do. */
Test(los, blocking_hexes_lower_than_both_ends_do_not_block_8_14)
{
	struct game *g = field();
	terrain(g, 2010, TERRAIN_CLEAR, 2);
	terrain(g, 2014, TERRAIN_CLEAR, 2);
	terrain(g, 2011, TERRAIN_WOODS, 1);
	put(g, "x", 1, UT_MI, "", 2012, FACE_E);
	cr_expect(los_clear(g, H(2010), H(2014), LOS_MISSILE, NULL));
	/* the target comes down to the woods' level: now they block */
	terrain(g, 2014, TERRAIN_CLEAR, 1);
	struct los_why w;
	cr_expect_not(los_clear(g, H(2010), H(2014), LOS_MISSILE, &w));
	cr_expect(hex_eq(w.at, H(2011)));
	game_free(g);
}

/* 8.14 exception: an Archer sees past a combat unit nearer to it than to
 * the target; halfway is not nearer.  Woods still block. */
Test(los, archers_fire_over_nearer_units_8_14)
{
	struct game *g = field();
	put(g, "x", 1, UT_MI, "", 2012, FACE_E);
	/* 2010 -> 2015: the unit is 2 from the archer, 3 from the target */
	cr_expect(los_clear(g, H(2010), H(2015), LOS_ARCHER, NULL));
	cr_expect_not(los_clear(g, H(2010), H(2015), LOS_MISSILE, NULL));
	/* 2010 -> 2014: halfway */
	cr_expect_not(los_clear(g, H(2010), H(2014), LOS_ARCHER, NULL));
	/* nearer the target */
	cr_expect_not(los_clear(g, H(2010), H(2013), LOS_ARCHER, NULL));
	/* woods are not combat units */
	g->units[0].eliminated = true;
	terrain(g, 2011, TERRAIN_WOODS, 0);
	cr_expect_not(los_clear(g, H(2010), H(2015), LOS_ARCHER, NULL));
	game_free(g);
}

/* 8.13, 8.14 through the firer's Front or Flank hexsides; always into
 * adjacent hexes (but not to the rear); the archer exception follows the
 * firer's missile class. */
Test(los, missile_los_uses_the_firer_8_13_8_14)
{
	struct game *g = field();
	struct unit *a = put(g, "arch", 0, UT_SK, "", 2010, FACE_E);
	a->missile = MC_A;
	struct unit *s = put(g, "sling", 0, UT_SK, "", 2210, FACE_E);
	s->missile = MC_S;
	put(g, "x", 1, UT_MI, "", 2012, FACE_E);
	put(g, "y", 1, UT_MI, "", 2212, FACE_E);
	/* due south is a Flank hexside of a unit facing E */
	cr_expect(los_missile(g, &g->units[0], H(2015), NULL));
	cr_expect_not(los_missile(g, &g->units[1], H(2215), NULL));
	/* adjacent: always, woods or not */
	terrain(g, 2011, TERRAIN_WOODS, 0);
	cr_expect(los_missile(g, &g->units[0], H(2011), NULL));
	/* facing NW, due south is a Rear hexside */
	a->at.facing = FACE_NW;
	struct los_why w;
	cr_expect_not(los_missile(g, a, H(2011), &w));
	cr_expect_str_eq(w.rule, "8.13");
	cr_expect_not(los_missile(g, a, H(2015), &w));
	cr_expect_str_eq(w.rule, "8.13");
	cr_expect_not(los_missile(g, NULL, H(2015), NULL));
	cr_expect_not(los_missile(g, a, H(5050), NULL));
	game_free(g);
}

/* 4.33, 8.14 exception: elephants do not block a Line Command's LOS. */
Test(los, elephants_do_not_block_line_command_los_4_33)
{
	struct game *g = field();
	put(g, "el", 1, UT_EL, "", 2012, FACE_E);
	cr_expect(los_clear(g, H(2010), H(2014), LOS_LINE_COMMAND, NULL));
	cr_expect_not(los_clear(g, H(2010), H(2014), LOS_MISSILE, NULL));
	/* any other unit still does */
	put(g, "mi", 0, UT_MI, "", 2013, FACE_E);
	cr_expect_not(los_clear(g, H(2010), H(2014), LOS_LINE_COMMAND, NULL));
	game_free(g);
}

Test(los, off_the_map_is_refused_with_a_reason)
{
	struct game *g = field();
	struct los_why w;
	cr_expect_not(los_clear(g, H(2010), H(5010), LOS_MISSILE, &w));
	cr_expect_str_eq(w.reason, "off the map in 5010");
	cr_expect_not(los_clear(g, H(1910), H(2010), LOS_MISSILE, NULL));
	cr_expect_not(los_clear(NULL, H(2010), H(2012), LOS_MISSILE, NULL));
	cr_expect(los_clear(g, H(2010), H(2010), LOS_MISSILE, NULL));
	cr_expect_str_eq(los_purpose_name(LOS_LINE_COMMAND), "line-command");
	cr_expect_str_eq(los_purpose_name((enum los_purpose)9), "?");
	game_free(g);
}
