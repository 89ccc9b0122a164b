/* Command Range (4.21), Line composition (4.32, 9.24), Line Command
 * eligibility (4.33, 4.4, 4.56, 4.6), command restrictions (4.35, 4.52,
 * 4.54). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "maniple/command.h"
#include "maniple/game.h"
#include "bare_field.h"

static struct leader *lead(struct game *g, const char *id, int side,
			   int hex, int range)
{
	struct leader *l = &g->leaders[g->nleaders++];
	memset(l, 0, sizeof *l);
	game_leader_text(g, l);
	snprintf(l->id, sizeof l->id, "%s", id);
	l->side = side;
	l->kind = LK_GENERAL;
	l->initiative = 4;
	l->command_range = range;
	l->hex = H(hex);
	l->on_map = true;
	l->available = true;
	return l;
}

static struct line_def line(int side, int spacing, const char *members)
{
	struct line_def d;
	memset(&d, 0, sizeof d);
	snprintf(d.name, sizeof d.name, "test");
	d.side = side;
	d.spacing = spacing;
	char tok[8][32];
	int n = ini_split(members, tok, 8);
	for (int i = 0; i < n; i++) {
		cr_assert_lt(strlen(tok[i]), (size_t)ID_MAX);
		memcpy(d.members[d.nmembers++], tok[i], strlen(tok[i]) + 1);
	}
	return d;
}

static int idx(struct game *g, const char *id)
{
	struct unit *u = game_unit(g, id);
	cr_assert_not_null(u, "no unit %s", id);
	return (int)(u - g->units);
}

static int group_of(struct game *g, const struct line_groups *lg,
		    const char *id)
{
	return lg->group[idx(g, id)];
}

/* ---- 4.21 Command Range ---- */

Test(command, range_counts_the_units_hex_not_the_leaders_4_21)
{
	struct game *g = field();
	struct leader *l = lead(g, "dux", 0, 2010, 3);
	cr_expect_eq(command_path_length(g, NULL, l, H(2013), 9), 3);
	cr_expect(command_range_reaches(g, NULL, l, H(2013)));
	cr_expect_not(command_range_reaches(g, NULL, l, H(2014)));
	cr_expect(command_range_reaches(g, NULL, l, H(2010)));
	cr_expect_not(command_range_reaches(g, NULL, l, H(5010)));
	game_free(g);
}

/* 4.21: impassable hexes and river hexsides make the path go round:
 * 3010 to 3014 runs straight down column 30 (4 hexes); round an
 * impassable 3012 it takes 5. */
Test(command, range_goes_round_impassable_terrain_4_21)
{
	struct game *g = field();
	struct leader *l = lead(g, "dux", 0, 3010, 4);
	put(g, "ha", 0, UT_LG, "HA", 3014, FACE_E);
	struct unit *u = &g->units[0];
	cr_expect(command_range_reaches_unit(g, NULL, l, u));
	map_at_mut(g->battle->map, H(3012))->terrain = TERRAIN_IMPASSABLE;
	cr_expect_eq(command_path_length(g, NULL, l, H(3014), 9), 5);
	cr_expect_not(command_range_reaches_unit(g, NULL, l, u));
	l->command_range = 5;
	cr_expect(command_range_reaches_unit(g, NULL, l, u));
	/* at the map edge there is no way round on the west */
	l->hex = H(2010);
	l->command_range = 9;
	put(g, "hb", 0, UT_LG, "HA", 2014, FACE_E);
	map_at_mut(g->battle->map, H(2012))->terrain = TERRAIN_IMPASSABLE;
	map_at_mut(g->battle->map, H(2111))->terrain = TERRAIN_IMPASSABLE;
	map_at_mut(g->battle->map, H(2112))->terrain = TERRAIN_IMPASSABLE;
	/* 2110 2211 2212 2213 2113 2014 */
	cr_expect_eq(command_path_length(g, NULL, l, H(2014), 9), 6);
	game_free(g);
}

Test(command, a_river_hexside_obstructs_4_21)
{
	struct game *g = field();
	struct leader *l = lead(g, "dux", 0, 3010, 1);
	struct map *m = g->battle->map;
	map_at_mut(m, H(3010))->side[SIDE_S] |= HSF_RIVER;
	map_at_mut(m, H(3011))->side[SIDE_N] |= HSF_RIVER;
	cr_expect_not(command_range_reaches(g, NULL, l, H(3011)));
	cr_expect(command_range_reaches(g, NULL, l, H(3009)));
	l->command_range = 3;
	cr_expect_eq(command_path_length(g, NULL, l, H(3011), 9), 2);
	game_free(g);
}

/* 4.21: enemy units and enemy ZOC obstruct; a friendly unit in the ZOC
 * hex negates it.  An enemy in 3011 facing E has Front hexes 3110 and
 * 3111; facing W, 2910 and 2911. */
Test(command, enemy_units_and_zoc_obstruct_friends_negate_4_21)
{
	struct game *g = field();
	struct leader *l = lead(g, "dux", 0, 3010, 3);
	struct unit *e = put(g, "en", 1, UT_MI, "", 3011, FACE_E);
	cr_expect_not(command_range_reaches(g, NULL, l, H(3011)));
	cr_expect(command_in_enemy_zoc(g, NULL, H(3110), 0));
	cr_expect(command_in_enemy_zoc(g, NULL, H(3111), 0));
	cr_expect_not(command_in_enemy_zoc(g, NULL, H(3110), 1));
	cr_expect_not(command_in_enemy_zoc(g, NULL, H(2910), 0));
	/* round the enemy by the west: 2910 2911 3012 */
	cr_expect_eq(command_path_length(g, NULL, l, H(3012), 9), 3);
	/* facing W, the east is open: 3110 3111 3012 */
	e->at.facing = FACE_W;
	cr_expect(command_in_enemy_zoc(g, NULL, H(2911), 0));
	cr_expect_eq(command_path_length(g, NULL, l, H(3012), 9), 3);
	/* both ways shut: two enemies */
	put(g, "en2", 1, UT_MI, "", 3012, FACE_E);
	cr_expect_eq(command_path_length(g, NULL, l, H(3013), 3), -1);
	/* a hex in enemy ZOC next to the leader */
	e->at.facing = FACE_E;
	cr_expect_not(command_range_reaches(g, NULL, l, H(3110)));
	put(g, "fr", 0, UT_MI, "", 3110, FACE_E);
	cr_expect(command_range_reaches(g, NULL, l, H(3110)));
	g->units[2].eliminated = true;
	cr_expect_not(command_range_reaches(g, NULL, l, H(3110)));
	/* routed enemies exert no ZOC (7.21) */
	e->routed = true;
	cr_expect(command_range_reaches(g, NULL, l, H(3110)));
	game_free(g);
}

static bool zoc_everywhere_but(const struct game *g, struct hex h, int side,
			       void *user)
{
	(void)g;
	(void)side;
	return !hex_eq(h, *(const struct hex *)user);
}

/* The ZOC question goes through the caller's query when given one. */
Test(command, a_zoc_query_is_asked_4_21)
{
	struct game *g = field();
	struct leader *l = lead(g, "dux", 0, 2010, 3);
	struct hex open = H(2011);
	struct zoc_query q = {zoc_everywhere_but, &open};
	cr_expect_eq(command_path_length(g, &q, l, H(2011), 9), 1);
	cr_expect_eq(command_path_length(g, &q, l, H(2012), 9), -1);
	cr_expect(command_in_enemy_zoc(g, &q, H(2030), 0));
	game_free(g);
}

/* HEX.md, 4.21: a two-hex unit is in range when its nearer half is. */
Test(command, two_hex_unit_counts_from_the_nearer_half_4_21)
{
	struct game *g = field();
	struct leader *l = lead(g, "dux", 0, 2010, 3);
	struct unit *ph = put(g, "ph", 0, UT_PH, "", 2013, FACE_E);
	game_unit_set_hex(g, ph, 1, H(2014));
	cr_expect(command_range_reaches_unit(g, NULL, l, ph));
	l->hex = H(2009);
	cr_expect_not(command_range_reaches_unit(g, NULL, l, ph));
	game_free(g);
}

/* ---- 4.3 the chart's members ---- */

Test(command, members_are_the_rows_own_side_not_routed_4_32)
{
	struct game *g = field();
	put(g, "r1", 0, UT_LI, "VE", 2010, FACE_E);
	put(g, "c1", 1, UT_LI, "", 2011, FACE_W);
	put(g, "r2", 0, UT_LI, "VE", 2012, FACE_E);
	put(g, "r3", 0, UT_LG, "HA", 2013, FACE_E);
	g->units[2].routed = true;
	struct line_def d = line(0, 1, "type:LI r3");
	int out[8];
	int n = line_members(g, &d, out, 8);
	cr_assert_eq(n, 2);
	cr_expect_str_eq(g->units[out[0]].id, "r1");
	cr_expect_str_eq(g->units[out[1]].id, "r3");
	cr_expect_not(line_def_names(&d, &g->units[1]));
	struct line_def c = line(0, 1, "class:VE");
	cr_expect(line_def_names(&c, &g->units[0]));
	cr_expect_not(line_def_names(&c, &g->units[3]));
	game_free(g);
}

/* ---- 4.32 Line composition ---- */

/* 4.32's example: the Roman velites stand adjacent and Flank-to-Flank,
 * so they make one Line with no leader near them. */
Test(command, cannae_velites_line_needs_no_leader_4_32)
{
	struct game *g = field();
	char id[8];
	for (int r = 10; r <= 16; r++) {
		snprintf(id, sizeof id, "ve%d", r);
		put(g, id, 0, UT_LI, "VE", 3000 + r, FACE_E);
	}
	struct line_def d = line(0, 1, "class:VE");
	struct line_groups lg;
	line_compose(g, NULL, &d, NULL, &lg);
	cr_assert_eq(lg.ngroups, 1);
	cr_expect_eq(lg.count[0], 7);
	cr_expect_eq(lg.orientation[0], LINE_FLANK_TO_FLANK);
	cr_expect_not(lg.by_command_range[0]);
	int all[7];
	for (int i = 0; i < 7; i++)
		all[i] = i;
	char why[128] = "";
	cr_expect(line_forms_one(g, NULL, &d, NULL, all, 7, why, sizeof why),
		  "%s", why);
	/* a gap ends the line (4.32) */
	g->units[3].eliminated = true;
	line_compose(g, NULL, &d, NULL, &lg);
	cr_expect_eq(lg.ngroups, 2);
	cr_expect(line_forms_one(g, NULL, &d, NULL, all, 3, why, sizeof why),
		  "%s", why);
	cr_expect_not(line_forms_one(g, NULL, &d, NULL, (int[]){0, 1, 2, 4},
				     4, why, sizeof why));
	cr_expect_not(line_forms_one(g, NULL, &d, NULL, (int[]){0, 6}, 2, why,
				     sizeof why));
	cr_expect(strstr(why, "4.32") != NULL, "%s", why);
	game_free(g);
}

/* 4.32's example: the Carthaginian cavalry, adjacent but not all in one
 * orientation, make a Line of the units in Hanno's Command Range. */
Test(command, cannae_cavalry_mixed_orientation_needs_command_range_4_32)
{
	struct game *g = field();
	put(g, "c1", 1, UT_HC, "", 2510, FACE_E);
	put(g, "c2", 1, UT_HC, "", 2511, FACE_E); /* flank to flank */
	put(g, "c3", 1, UT_HC, "", 2610, FACE_E); /* ahead of c1 */
	cr_expect_eq(line_pair_orientation(&g->units[0], &g->units[1]),
		     LINE_FLANK_TO_FLANK);
	cr_expect_eq(line_pair_orientation(&g->units[0], &g->units[2]),
		     LINE_FRONT_TO_REAR);
	struct line_def d = line(1, 1, "type:HC");
	struct line_groups lg;
	/* no leader: a mixed group keeps nobody */
	line_compose(g, NULL, &d, NULL, &lg);
	cr_expect_eq(lg.ngroups, 0);
	char why[128] = "";
	cr_expect_not(line_forms_one(g, NULL, &d, NULL, (int[]){0, 1}, 2, why,
				     sizeof why));
	cr_expect(strstr(why, "orientation") != NULL, "%s", why);
	/* Hanno beside them: all three */
	struct leader *hanno = lead(g, "hanno", 1, 2410, 3);
	line_compose(g, NULL, &d, hanno, &lg);
	cr_assert_eq(lg.ngroups, 1);
	cr_expect_eq(lg.count[0], 3);
	cr_expect(lg.by_command_range[0]);
	cr_expect(line_forms_one(g, NULL, &d, hanno, (int[]){0, 1, 2}, 3, why,
				 sizeof why),
		  "%s", why);
	/* Hanno reaching only c1 and c2 */
	hanno->hex = H(2412);
	hanno->command_range = 2;
	cr_assert(command_range_reaches_unit(g, NULL, hanno, &g->units[1]));
	cr_assert_not(command_range_reaches_unit(g, NULL, hanno, &g->units[2]));
	line_compose(g, NULL, &d, hanno, &lg);
	cr_expect_eq(lg.ngroups, 1);
	cr_expect_eq(group_of(g, &lg, "c3"), -1);
	cr_expect_eq(group_of(g, &lg, "c1"), group_of(g, &lg, "c2"));
	game_free(g);
}

/* 4.32: units turned different ways are not one orientation. */
Test(command, mixed_orientation_is_rejected_without_a_leader_4_32)
{
	struct game *g = field();
	put(g, "a", 0, UT_LG, "HA", 2808, FACE_E);
	put(g, "b", 0, UT_LG, "HA", 2809, FACE_NE);
	cr_expect_eq(line_pair_orientation(&g->units[0], &g->units[1]), 0u);
	struct line_def d = line(0, 1, "class:HA");
	char why[128];
	cr_expect_not(line_forms_one(g, NULL, &d, NULL, (int[]){0, 1}, 2, why,
				     sizeof why));
	g->units[1].at.facing = FACE_E;
	cr_expect(line_forms_one(g, NULL, &d, NULL, (int[]){0, 1}, 2, why,
				 sizeof why));
	/* facing opposite ways, side by side: still Flank-to-Flank */
	g->units[1].at.facing = FACE_W;
	cr_expect_eq(line_pair_orientation(&g->units[0], &g->units[1]),
		     LINE_FLANK_TO_FLANK);
	game_free(g);
}

/* 4.32: two phalanxes end to end are Flank-to-Flank; one behind the
 * other Front-to-Rear. */
Test(command, two_hex_units_orient_by_their_centres_4_32)
{
	struct game *g = field();
	struct unit *a = put(g, "p1", 1, UT_PH, "", 2010, FACE_E);
	game_unit_set_hex(g, a, 1, H(2011));
	struct unit *b = put(g, "p2", 1, UT_PH, "", 2012, FACE_E);
	game_unit_set_hex(g, b, 1, H(2013));
	cr_expect_eq(line_pair_orientation(a, b), LINE_FLANK_TO_FLANK);
	game_unit_set_hex(g, b, 0, H(2210));
	game_unit_set_hex(g, b, 1, H(2211));
	cr_expect_eq(line_pair_orientation(a, b), LINE_FRONT_TO_REAR);
	game_free(g);
}

/* 9.24's example: hastati 2808, velites 2809, hastati 2810 are a line;
 * velites in 2809 and 2810 between hastati in 2808 and 2811 are not; with
 * hastati in 2808, 2810, 2812 and velites in 2809, 2811 they are. */
Test(command, velites_between_hastati_do_not_break_the_line_9_24)
{
	struct game *g = field();
	put(g, "h1", 0, UT_LG, "HA", 2808, FACE_E);
	put(g, "v1", 0, UT_LI, "VE", 2809, FACE_E);
	put(g, "h2", 0, UT_LG, "HA", 2810, FACE_E);
	struct line_def d = line(0, 1, "class:HA");
	char why[128] = "";
	int h12[] = {idx(g, "h1"), idx(g, "h2")};
	cr_expect(line_forms_one(g, NULL, &d, NULL, h12, 2, why, sizeof why),
		  "%s", why);
	/* the velites bridge the line but are not in it */
	struct line_groups lg;
	line_compose(g, NULL, &d, NULL, &lg);
	cr_expect_eq(group_of(g, &lg, "v1"), -1);
	/* without them the gap ends an adjacent line */
	g->units[1].eliminated = true;
	cr_expect_not(line_forms_one(g, NULL, &d, NULL, h12, 2, why,
				     sizeof why));
	/* a unit of another line is no bridge */
	put(g, "p1", 0, UT_LG, "PR", 2809, FACE_E);
	cr_expect_not(line_forms_one(g, NULL, &d, NULL, h12, 2, why,
				     sizeof why));
	game_free(g);

	g = field();
	put(g, "h1", 0, UT_LG, "HA", 2808, FACE_E);
	put(g, "v1", 0, UT_LI, "VE", 2809, FACE_E);
	put(g, "v2", 0, UT_LI, "VE", 2810, FACE_E);
	put(g, "h2", 0, UT_LG, "HA", 2811, FACE_E);
	cr_expect_not(line_forms_one(g, NULL, &d, NULL,
				     (int[]){idx(g, "h1"), idx(g, "h2")}, 2,
				     why, sizeof why));
	game_free(g);

	g = field();
	put(g, "h1", 0, UT_LG, "HA", 2808, FACE_E);
	put(g, "v1", 0, UT_LI, "VE", 2809, FACE_E);
	put(g, "h2", 0, UT_LG, "HA", 2810, FACE_E);
	put(g, "v2", 0, UT_SK, "S", 2811, FACE_E); /* a skirmisher will do */
	put(g, "h3", 0, UT_LG, "HA", 2812, FACE_E);
	int h123[] = {idx(g, "h1"), idx(g, "h2"), idx(g, "h3")};
	cr_expect(line_forms_one(g, NULL, &d, NULL, h123, 3, why, sizeof why),
		  "%s", why);
	line_compose(g, NULL, &d, NULL, &lg);
	cr_expect_eq(lg.ngroups, 1);
	cr_expect_eq(lg.orientation[0], LINE_FLANK_TO_FLANK);
	game_free(g);
}

/* 4.32: a 2-space line may leave one empty hex, a 3-space line two. */
Test(command, two_and_three_hex_spacing_4_32)
{
	struct game *g = field();
	put(g, "h1", 0, UT_LG, "HA", 2808, FACE_E);
	put(g, "h2", 0, UT_LG, "HA", 2810, FACE_E);
	put(g, "h3", 0, UT_LG, "HA", 2813, FACE_E);
	struct line_def d1 = line(0, 1, "class:HA");
	struct line_def d2 = line(0, 2, "class:HA");
	struct line_def d3 = line(0, 3, "class:HA");
	const struct unit *u = g->units;
	cr_expect_not(line_pair_linked(g, NULL, &d1, &u[0], &u[1]));
	cr_expect(line_pair_linked(g, NULL, &d2, &u[0], &u[1]));
	cr_expect_not(line_pair_linked(g, NULL, &d2, &u[1], &u[2]));
	cr_expect(line_pair_linked(g, NULL, &d3, &u[1], &u[2]));
	struct line_groups lg;
	line_compose(g, NULL, &d2, NULL, &lg);
	cr_expect_eq(lg.ngroups, 2);
	line_compose(g, NULL, &d3, NULL, &lg);
	cr_expect_eq(lg.ngroups, 1);
	cr_expect_eq(lg.count[0], 3);
	game_free(g);
}

/* 4.32: the space between may not hold an enemy, a friend of another
 * line (velites and skirmishers excepted) or an enemy ZOC. */
Test(command, what_may_stand_in_the_space_4_32)
{
	struct game *g = field();
	put(g, "h1", 0, UT_LG, "HA", 2808, FACE_E);
	put(g, "h2", 0, UT_LG, "HA", 2810, FACE_E);
	struct line_def d = line(0, 2, "class:HA");
	const struct unit *a = &g->units[0], *b = &g->units[1];
	cr_assert(line_pair_linked(g, NULL, &d, a, b));
	struct unit *x = put(g, "x", 0, UT_LI, "VE", 2809, FACE_E);
	cr_expect(line_pair_linked(g, NULL, &d, a, b), "velites: no break");
	snprintf(x->cls, sizeof x->cls, "PR");
	x->type = UT_LG;
	cr_expect_not(line_pair_linked(g, NULL, &d, a, b), "another line");
	x->side = 1;
	cr_expect_not(line_pair_linked(g, NULL, &d, a, b), "an enemy");
	x->eliminated = true;
	cr_expect(line_pair_linked(g, NULL, &d, a, b));
	/* an enemy in 2909 whose Front covers 2809 */
	struct unit *e = put(g, "e", 1, UT_MI, "", 2909, FACE_NW);
	cr_assert_eq(footprint_zone(&e->at, H(2809)), ZONE_FRONT);
	cr_expect_not(line_pair_linked(g, NULL, &d, a, b), "enemy ZOC");
	game_free(g);
}

/* 4.54 via the chart: legion and ala horse may not share a line. */
Test(command, no_mixed_legion_and_ala_cavalry_4_54)
{
	struct game *g = field();
	struct unit *a = put(g, "eq1", 0, UT_RC, "", 2010, FACE_E);
	a->legion = 1;
	struct unit *b = put(g, "eq2", 0, UT_RC, "", 2011, FACE_E);
	b->legion = 3;
	b->ala = true;
	struct line_def d = line(0, 1, "type:RC");
	char why[128];
	cr_expect(line_forms_one(g, NULL, &d, NULL, (int[]){0, 1}, 2, why,
				 sizeof why));
	d.no_mixed_cavalry = true;
	cr_expect_not(line_forms_one(g, NULL, &d, NULL, (int[]){0, 1}, 2, why,
				     sizeof why));
	cr_expect(strstr(why, "4.54") != NULL, "%s", why);
	game_free(g);
}

/* ---- 4.33 Line Command eligibility ---- */

Test(command, infantry_line_within_two_hexes_and_in_los_4_33)
{
	struct game *g = field();
	put(g, "h1", 0, UT_LG, "HA", 2808, FACE_E);
	put(g, "h2", 0, UT_LG, "HA", 2809, FACE_E);
	struct leader *l = lead(g, "trib", 0, 2609, 3);
	struct line_def d = line(0, 1, "class:HA");
	struct line_groups lg;
	line_compose(g, NULL, &d, l, &lg);
	cr_assert_eq(lg.ngroups, 1);
	cr_expect(line_group_is_infantry_or_elephant(g, &lg, 0));
	char why[160] = "";
	cr_expect(line_command_in_reach(g, NULL, l, &lg, 0, why, sizeof why),
		  "%s", why);
	/* three hexes away */
	l->hex = H(2509);
	cr_expect_not(line_command_in_reach(g, NULL, l, &lg, 0, why,
					    sizeof why));
	cr_expect(strstr(why, "two hexes") != NULL, "%s", why);
	/* two away with woods between */
	l->hex = H(2609);
	map_at_mut(g->battle->map, H(2708))->terrain = TERRAIN_WOODS;
	map_at_mut(g->battle->map, H(2709))->terrain = TERRAIN_WOODS;
	cr_expect_not(line_command_in_reach(g, NULL, l, &lg, 0, why,
					    sizeof why));
	cr_expect(strstr(why, "woods") != NULL, "%s", why);
	/* an elephant between does not block (4.33) */
	map_at_mut(g->battle->map, H(2708))->terrain = TERRAIN_CLEAR;
	map_at_mut(g->battle->map, H(2709))->terrain = TERRAIN_CLEAR;
	put(g, "el", 0, UT_EL, "", 2708, FACE_E);
	put(g, "el2", 0, UT_EL, "", 2709, FACE_E);
	line_compose(g, NULL, &d, l, &lg);
	cr_expect(line_command_in_reach(g, NULL, l, &lg, 0, why, sizeof why),
		  "%s", why);
	/* the leader in an enemy ZOC */
	struct unit *e = put(g, "e", 1, UT_MI, "", 2509, FACE_E);
	cr_assert_eq(footprint_zone(&e->at, l->hex), ZONE_FRONT);
	cr_expect_not(line_command_in_reach(g, NULL, l, &lg, 0, why,
					    sizeof why));
	cr_expect(strstr(why, "ZOC") != NULL, "%s", why);
	game_free(g);
}

/* 4.33 asks distance and LOS of infantry and elephant lines only. */
Test(command, cavalry_lines_need_no_leader_nearby_4_33)
{
	struct game *g = field();
	put(g, "c1", 0, UT_RC, "", 3010, FACE_E);
	struct leader *l = lead(g, "pe", 0, 2010, 3);
	struct line_def d = line(0, 1, "type:RC");
	struct line_groups lg;
	line_compose(g, NULL, &d, l, &lg);
	cr_assert_eq(lg.ngroups, 1);
	cr_expect_not(line_group_is_infantry_or_elephant(g, &lg, 0));
	cr_expect(line_command_in_reach(g, NULL, l, &lg, 0, NULL, 0));
	game_free(g);
}

/* 4.33 #1-#3, 4.4 #3, 4.56 the command hierarchy. */
Test(command, who_needs_a_strategy_roll_4_33)
{
	struct game *g = field();
	struct leader *oc = lead(g, "consul", 0, 2010, 4);
	oc->overall = true;
	oc->strategy = 3;
	struct leader *sub = lead(g, "trib", 0, 2014, 3);
	sub->kind = LK_TRIBUNE;
	put(g, "h1", 0, UT_LG, "HA", 2016, FACE_E);
	struct line_def d = line(0, 1, "class:HA");
	struct line_groups lg;
	line_compose(g, NULL, &d, sub, &lg);
	g->turn = 2;
	struct lc_authority a =
		line_command_authority(g, NULL, oc, &lg, 0, LC_MOMENTUM_PHASE,
				       false);
	cr_expect_eq(a.decision, LC_ALLOWED);
	cr_expect_str_eq(a.rule, "4.4 #3");
	/* #1: within the OC's range */
	a = line_command_authority(g, NULL, sub, &lg, 0, LC_INITIAL_PHASE,
				   false);
	cr_expect_eq(a.decision, LC_ALLOWED);
	cr_expect_str_eq(a.rule, "4.33 #1");
	cr_expect_not(line_command_needs_strategy_roll(
		g, NULL, sub, &lg, 0, LC_INITIAL_PHASE, false));
	/* #2: outside it, a roll against the OC's Strategy */
	sub->hex = H(2015);
	a = line_command_authority(g, NULL, sub, &lg, 0, LC_INITIAL_PHASE,
				   false);
	cr_expect_eq(a.decision, LC_NEEDS_ROLL);
	cr_expect_str_eq(a.rule, "4.33 #2");
	cr_expect_eq(a.target, 3);
	cr_expect_eq(a.drm, 0);
	cr_expect(line_command_needs_strategy_roll(
		g, NULL, sub, &lg, 0, LC_INITIAL_PHASE, false));
	/* +1 when a unit of the line is in an enemy ZOC */
	struct unit *e = put(g, "e", 1, UT_MI, "", 2116, FACE_NW);
	cr_assert(command_unit_in_enemy_zoc(g, NULL, game_unit(g, "h1")));
	(void)e;
	a = line_command_authority(g, NULL, sub, &lg, 0, LC_INITIAL_PHASE,
				   false);
	cr_expect_eq(a.drm, 1);
	/* 4.56: a proconsul subtracts one */
	sub->kind = LK_PROCONSUL;
	a = line_command_authority(g, NULL, sub, &lg, 0, LC_INITIAL_PHASE,
				   false);
	cr_expect_eq(a.drm, 0);
	sub->kind = LK_TRIBUNE;
	/* #3: automatic on the first game turn */
	g->turn = 1;
	a = line_command_authority(g, NULL, sub, &lg, 0, LC_INITIAL_PHASE,
				   false);
	cr_expect_eq(a.decision, LC_ALLOWED);
	cr_expect_str_eq(a.rule, "4.33 #3");
	/* Momentum: only after an Initial Line Command, and then a roll,
	 * even in range */
	sub->hex = H(2014);
	a = line_command_authority(g, NULL, sub, &lg, 0, LC_MOMENTUM_PHASE,
				   false);
	cr_expect_eq(a.decision, LC_REFUSED);
	a = line_command_authority(g, NULL, sub, &lg, 0, LC_MOMENTUM_PHASE,
				   true);
	cr_expect_eq(a.decision, LC_NEEDS_ROLL);
	/* no Overall Commander left to roll against */
	g->turn = 2;
	sub->hex = H(2015);
	oc->killed = true;
	a = line_command_authority(g, NULL, sub, &lg, 0, LC_INITIAL_PHASE,
				   false);
	cr_expect_eq(a.decision, LC_REFUSED);
	game_free(g);
}

/* 4.6: Carthaginian subordinates need neither range nor roll in their
 * Initial phase where the battle says so; not replacements. */
Test(command, carthaginian_command_4_6)
{
	struct game *g = field();
	struct leader *oc = lead(g, "hannibal", 1, 2010, 4);
	oc->overall = true;
	oc->strategy = 5;
	struct leader *sub = lead(g, "hanno", 1, 3020, 3);
	put(g, "c1", 1, UT_HC, "", 3021, FACE_E);
	struct line_def d = line(1, 1, "type:HC");
	struct line_groups lg;
	line_compose(g, NULL, &d, sub, &lg);
	g->turn = 3;
	cr_expect(line_command_needs_strategy_roll(
		g, NULL, sub, &lg, 0, LC_INITIAL_PHASE, false));
	snprintf(g->battle->options[g->battle->noptions++], 32,
		 "carthaginian_command");
	struct lc_authority a = line_command_authority(
		g, NULL, sub, &lg, 0, LC_INITIAL_PHASE, false);
	cr_expect_eq(a.decision, LC_ALLOWED);
	cr_expect_str_eq(a.rule, "4.6");
	a = line_command_authority(g, NULL, sub, &lg, 0, LC_MOMENTUM_PHASE,
				   true);
	cr_expect_eq(a.decision, LC_NEEDS_ROLL);
	sub->kind = LK_REPLACEMENT;
	a = line_command_authority(g, NULL, sub, &lg, 0, LC_INITIAL_PHASE,
				   false);
	cr_expect_eq(a.decision, LC_NEEDS_ROLL);
	game_free(g);
}

/* ---- 4.35 restrictions, on the features fixture ---- */

static struct game *features(void)
{
	const char *d = getenv("MANIPLE_SRCDIR");
	char path[512];
	snprintf(path, sizeof path, "%s/tests/fixtures/battle-features.ini",
		 d && *d ? d : MANIPLE_SRCDIR);
	struct ini_error err = {0};
	struct battle *b = battle_load(path, &err);
	char buf[512];
	ini_error_format(&err, buf, sizeof buf);
	cr_assert_not_null(b, "%s", buf);
	struct game *g = game_new(b, GAME_SANDBOX, 1);
	cr_assert_not_null(g);
	return g;
}

/* The cavalry leader's restriction: "type:LC class:VE line:elephants
 * nc1" — only his own side's units it names. */
Test(command, a_restriction_names_whom_a_leader_may_order_4_35)
{
	struct game *g = features();
	const struct leader *horse = game_leader(g, "horse");
	cr_assert_not_null(horse);
	cr_expect(leader_may_order(g, horse, game_unit(g, "nc1")));
	cr_expect(leader_may_order(g, horse, game_unit(g, "el1")));
	cr_expect(leader_may_order(g, horse, game_unit(g, "el2")));
	cr_expect_not(leader_may_order(g, horse, game_unit(g, "mi1")));
	cr_expect_not(leader_may_order(g, horse, game_unit(g, "ph1")));
	/* velites are named by class but are the enemy's */
	cr_expect_not(leader_may_order(g, horse, game_unit(g, "ve1")));
	/* an unrestricted general orders any friend, no enemy */
	const struct leader *x = game_leader(g, "xanth");
	cr_expect(leader_may_order(g, x, game_unit(g, "mi1")));
	cr_expect_not(leader_may_order(g, x, game_unit(g, "ha1")));
	cr_expect_not(leader_may_order(g, x, NULL));
	/* Line Commands: the line he names */
	cr_expect(leader_may_command_line(g, horse, &g->battle->lines[1]));
	cr_expect_not(leader_may_command_line(g, horse, &g->battle->lines[0]));
	game_free(g);
}

/* 4.52, 4.54: tribunes, praefects sociorum and praefects equitum. */
Test(command, roman_subordinates_order_their_arm_4_52_4_54)
{
	struct game *g = field();
	struct unit *lh = put(g, "lh", 0, UT_LG, "HA", 2010, FACE_E);
	lh->legion = 1;
	struct unit *ah = put(g, "ah", 0, UT_LG, "CO", 2011, FACE_E);
	ah->legion = 3;
	ah->ala = true;
	struct unit *ve = put(g, "ve", 0, UT_LI, "VE", 2012, FACE_E);
	ve->legion = 3;
	ve->ala = true;
	struct unit *eq = put(g, "eq", 0, UT_RC, "", 2013, FACE_E);
	eq->legion = 1;
	struct leader *t = lead(g, "trib", 0, 2110, 3);
	t->kind = LK_TRIBUNE;
	struct leader *ps = lead(g, "praef", 0, 2111, 3);
	ps->kind = LK_PRAEFECT_SOCIORUM;
	struct leader *pe = lead(g, "equit", 0, 2112, 3);
	pe->kind = LK_PRAEFECT_EQUITUM;
	cr_expect(leader_may_order(g, t, lh));
	cr_expect_not(leader_may_order(g, t, ah));
	cr_expect(leader_may_order(g, t, ve)); /* 4.52 exception */
	cr_expect_not(leader_may_order(g, t, eq));
	cr_expect(leader_may_order(g, ps, ah));
	cr_expect_not(leader_may_order(g, ps, lh));
	cr_expect(leader_may_order(g, ps, ve));
	cr_expect(leader_may_order(g, pe, eq));
	cr_expect_not(leader_may_order(g, pe, lh));
	/* 4.53: a tribune may command any infantry line, not the horse */
	struct line_def inf = line(0, 2, "class:HA class:CO");
	struct line_def cav = line(0, 1, "type:RC");
	cr_expect(leader_may_command_line(g, t, &inf));
	cr_expect_not(leader_may_command_line(g, t, &cav));
	cr_expect(leader_may_command_line(g, pe, &cav));
	cr_expect_not(leader_may_command_line(g, pe, &inf));
	/* a scenario restriction overrides the kind */
	t->restriction = "eq";
	cr_expect(leader_may_order(g, t, eq));
	cr_expect_not(leader_may_order(g, t, lh));
	game_free(g);
}
