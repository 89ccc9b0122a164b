/* The arithmetic of one shock combat (8.45, 8.46, 9.23, 9.32, 9.41, 6.26,
 * 6.75, 10.32): the chart checks of TABLES.md §1-§3 and the book's worked
 * examples as far as they are pure look-ups. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>

#include "config.h"
#include "maniple/shock_calc.h"

#include "changed_tables.h"

static struct spqr_tables *T;

static void load(void)
{
	const char *src = getenv("MANIPLE_SRCDIR");
	char dir[1024];
	snprintf(dir, sizeof dir, "%s/rules/spqr",
		 src && *src ? src : MANIPLE_SRCDIR);
	struct ini_error err = {0};
	T = tables_load(dir, &err);
	cr_assert_not_null(T, "rules/spqr does not load");
}

static void unload(void)
{
	tables_free(T);
	T = NULL;
}

TestSuite(shock_calc, .init = load, .fini = unload);

/* ------------------------------------------------------------ 8.45 */

Test(shock_calc, clash_chart_checks_8_45_9_41)
{
	/* 8.45 example 1 */
	cr_expect_eq(shock_clash_column(T, UT_PH, UT_LI, ZONE_FRONT), 10);
	/* 8.45 example 2 */
	cr_expect_eq(shock_clash_column(T, UT_HI, UT_LG, ZONE_FLANK), 11);
	cr_expect_eq(shock_clash_column(T, UT_HI, UT_LI, ZONE_FRONT), 9);
	/* 8.45 example 3 */
	cr_expect_eq(shock_clash_column(T, UT_HC, UT_PH, ZONE_REAR), 11);
	/* the extended shock example (8.47) */
	cr_expect_eq(shock_clash_column(T, UT_PH, UT_LG, ZONE_FRONT), 7);
	cr_expect_eq(shock_clash_column(T, UT_MI, UT_HI, ZONE_FRONT), 6);
	/* 9.41 */
	cr_expect_eq(shock_clash_column(T, UT_LG, UT_PH, ZONE_FRONT), 5);
	/* 9.15: cavalry never attacks elephants frontally */
	cr_expect_eq(shock_clash_column(T, UT_HC, UT_EL, ZONE_FRONT), 0);
}

Test(shock_calc, clash_choices_8_45)
{
	int cols[] = {11, 9, 0};
	cr_expect_eq(shock_clash_choose(cols, 3, CHOOSER_DEFENDER), 1);
	cr_expect_eq(shock_clash_choose(cols, 3, CHOOSER_ATTACKER), 0);
	int none[] = {0, 0};
	cr_expect_eq(shock_clash_choose(none, 2, CHOOSER_DEFENDER), -1);
	cr_expect_eq(shock_clash_choose(NULL, 2, CHOOSER_ATTACKER), -1);
}

/* 8.45 example 2: HI against hastati (flank) and velites (front); the
 * defender designates the velites: column 9, not 11. */
Test(shock_calc, example_2_defender_chooses_velites_8_45)
{
	struct clash_pairing p[] = {
		{0, 0, UT_HI, UT_LG, ZONE_FLANK},
		{0, 1, UT_HI, UT_LI, ZONE_FRONT},
	};
	int i = shock_clash_pick(T, p, 2);
	cr_assert_eq(i, 1);
	cr_expect_eq(shock_clash_column(T, p[i].attacker_type,
					p[i].defender_type, p[i].side),
		     9);
	/* AS whichever he chooses: by weapon or by position */
	struct superiority_input a = {
		.attacker = UT_HI, .defender = UT_LI, .side = ZONE_FRONT};
	cr_expect_eq(shock_superiority(T, &a).result, SUP_AS);
	cr_expect_not(shock_superiority(T, &a).position);
	struct superiority_input b = {
		.attacker = UT_HI, .defender = UT_LG, .side = ZONE_FLANK};
	cr_expect_eq(shock_superiority(T, &b).result, SUP_AS);
	cr_expect(shock_superiority(T, &b).position);
}

/* 8.45 example 3: velites in front and HC in the rear of a phalanx; the
 * attacker takes HC from the rear, column 11, with position superiority. */
Test(shock_calc, example_3_attacker_chooses_rear_cavalry_8_45)
{
	struct clash_pairing p[] = {
		{0, 0, UT_LI, UT_PH, ZONE_FRONT},
		{1, 0, UT_HC, UT_PH, ZONE_REAR},
	};
	int i = shock_clash_pick(T, p, 2);
	cr_assert_eq(i, 1);
	struct superiority_input s = {
		.attacker = UT_HC, .defender = UT_PH, .side = ZONE_REAR};
	struct superiority_calc c = shock_superiority(T, &s);
	cr_expect(c.position);
	cr_expect_eq(c.result, SUP_AS);
}

/* 8.45 the vertex rule: the defender gets the lower column */
Test(shock_calc, vertex_gives_defender_best_facing_8_45)
{
	cr_expect_eq(shock_vertex_side(T, UT_PH, UT_LG, ZONE_FRONT, ZONE_FLANK),
		     ZONE_FRONT);
	cr_expect_eq(shock_vertex_side(T, UT_PH, UT_LG, ZONE_REAR, ZONE_FLANK),
		     ZONE_FLANK);
}

/* ------------------------------------------------- 8.46 step 1 */

static enum superiority sup(enum unit_type a, enum unit_type d,
			    enum hex_zone side)
{
	struct superiority_input in = {
		.attacker = a, .defender = d, .side = side};
	return shock_superiority(T, &in).result;
}

Test(shock_calc, superiority_chart_checks_8_46_8_72)
{
	cr_expect_eq(sup(UT_PH, UT_LI, ZONE_FRONT), SUP_AS);
	cr_expect_eq(sup(UT_PH, UT_LG, ZONE_FRONT), SUP_NONE);
	cr_expect_eq(sup(UT_LG, UT_MI, ZONE_FRONT), SUP_AS); /* 10.15 ex.1 */
	cr_expect_eq(sup(UT_MI, UT_HI, ZONE_FRONT), SUP_NONE);
	cr_expect_eq(sup(UT_SK, UT_PH, ZONE_FRONT), SUP_DS);
}

Test(shock_calc, dsp_needs_defender_missiles_8_46)
{
	struct superiority_input in = {.attacker = UT_HC,
				       .defender = UT_LG,
				       .side = ZONE_FRONT,
				       .defender_has_missiles = true};
	struct superiority_calc c = shock_superiority(T, &in);
	cr_expect_eq(c.weapon_chart, SUP_DSP);
	cr_expect_eq(c.result, SUP_DS);
	in.defender_has_missiles = false;
	cr_expect_eq(shock_superiority(T, &in).result, SUP_NONE);
}

Test(shock_calc, position_superiority_and_its_exceptions_8_46_1a)
{
	cr_expect_eq(sup(UT_LI, UT_PH, ZONE_FLANK), SUP_AS);
	/* bullet 1: a skirmisher through its flank, but not its rear */
	struct superiority_input in = {
		.attacker = UT_LI, .defender = UT_SK, .side = ZONE_FLANK};
	struct superiority_calc c = shock_superiority(T, &in);
	cr_expect_eq(c.position_denied_by, 1);
	cr_expect_not(c.position);
	in.side = ZONE_REAR;
	cr_expect(shock_superiority(T, &in).position);
	/* bullet 2: cavalry against elephants */
	in = (struct superiority_input){
		.attacker = UT_HC, .defender = UT_EL, .side = ZONE_REAR};
	c = shock_superiority(T, &in);
	cr_expect_eq(c.position_denied_by, 2);
	cr_expect_eq(c.result, SUP_NONE);
	/* bullet 3: elephant against elephant */
	in.attacker = UT_EL;
	cr_expect_eq(shock_superiority(T, &in).position_denied_by, 3);
	/* bullet 4: the attacker's own flank threatened; weapon decides */
	in = (struct superiority_input){.attacker = UT_LI,
					.defender = UT_PH,
					.side = ZONE_FLANK,
					.attacker_flank_threatened = true};
	c = shock_superiority(T, &in);
	cr_expect_eq(c.position_denied_by, 4);
	cr_expect_eq(c.result, SUP_DS);
}

Test(shock_calc, in_column_always_attack_superior_6_75)
{
	struct superiority_input in = {.attacker = UT_LI,
				       .defender = UT_PH,
				       .side = ZONE_FRONT,
				       .defender_in_column = true};
	struct superiority_calc c = shock_superiority(T, &in);
	cr_expect(c.column_attacked);
	cr_expect_eq(c.result, SUP_AS);
	/* GBA 6.65: a skirmisher (only GBA's shock, 9.31) gains nothing by
	 * the column; the chart decides */
	in.attacker = UT_SK;
	c = shock_superiority(T, &in);
	cr_expect_not(c.column_attacked);
}

/* ------------------------------------------------- 8.46 step 2 */

static struct size_ratio ratio(int a, int d, bool moved)
{
	struct size_ratio_input in = {.attacker_size = a,
				      .defender_size = d,
				      .attacker_moved = moved,
				      .non_elephant_involved = true};
	return shock_size_ratio(T, &in);
}

Test(shock_calc, size_ratio_11_5_example_8_46)
{
	struct size_ratio r = ratio(11, 5, true);
	cr_expect_eq(r.attacker_part, 3);
	cr_expect_eq(r.shift, 2);
	r = ratio(11, 5, false);
	cr_expect_eq(r.attacker_part, 2);
	cr_expect_eq(r.shift, 1);
}

Test(shock_calc, size_ratio_rounding_8_46_step_2)
{
	/* moved: for the attacker */
	cr_expect_eq(ratio(5, 4, true).shift, 1);
	cr_expect_eq(ratio(4, 5, true).shift, 0);
	struct size_ratio r = ratio(2, 5, true);
	cr_expect_eq(r.defender_part, 2);
	cr_expect_eq(r.shift, -1);
	/* not moved: for the defender */
	cr_expect_eq(ratio(5, 4, false).shift, 0);
	r = ratio(4, 5, false);
	cr_expect_eq(r.defender_part, 2);
	cr_expect_eq(r.shift, -1);
	cr_expect_eq(ratio(6, 6, false).shift, 0);
	cr_expect_eq(ratio(0, 5, true).shift, 0); /* bad input, no crash */
}

Test(shock_calc, size_ratio_ignored_8_46_step_2)
{
	struct size_ratio_input in = {.attacker_size = 10,
				      .defender_size = 2,
				      .attacker_moved = true,
				      .skirmisher_involved = true};
	cr_expect(shock_size_ratio(T, &in).ignored);
	cr_expect_eq(shock_size_ratio(T, &in).shift, 0);
	in = (struct size_ratio_input){.attacker_size = 10,
				       .defender_size = 2,
				       .attacker_moved = true,
				       .elephant_involved = true,
				       .non_elephant_involved = true};
	cr_expect(shock_size_ratio(T, &in).ignored);
	in.non_elephant_involved = false; /* elephants against elephants */
	cr_expect_not(shock_size_ratio(T, &in).ignored);
	cr_expect_eq(shock_size_ratio(T, &in).shift, 4);
}

/* ------------------------------------------------- 8.46 step 3 */

Test(shock_calc, depletion_shifts_10_32)
{
	struct shock_shift_input in = {.attacker_depleted = true};
	cr_expect_eq(shock_column_shifts(T, &in).total, -1);
	in = (struct shock_shift_input){.defender_depleted = true};
	cr_expect_eq(shock_column_shifts(T, &in).total, 1);
}

/* 9.41 example: two LG against a PH with phalanxes on both flanks: 5 to 1 */
Test(shock_calc, phalanx_defense_column_1_9_41)
{
	struct shock_input in = {
		.attacker = UT_LG,
		.defender = UT_PH,
		.side = ZONE_FRONT,
		.size = {.attacker_size = 5,
			 .defender_size = 5,
			 .attacker_moved = true,
			 .non_elephant_involved = true},
		.shifts = {.attacker_moved_adjacent = true,
			   .covered_flanks = 2},
		.roll = 5,
	};
	struct shock_calc c;
	cr_assert(shock_calc(T, &in, &c));
	cr_expect_eq(c.base_column, 5);
	cr_expect_eq(c.shifts.phalanx_defense, -4);
	cr_expect_eq(c.column, 1);
	/* design note: on column 1 the attacker 3-6 hits, the defender 1-2 */
	for (int dr = 0; dr <= 9; dr++) {
		struct crt_result r = tables_shock_crt(T, 1, dr);
		cr_expect(r.attacker_hits >= 3 && r.attacker_hits <= 6);
		cr_expect(r.defender_hits >= 1 && r.defender_hits <= 2);
	}
}

Test(shock_calc, phalanx_defense_limits_9_41_R6)
{
	struct shock_shift_input in = {.defender_phalanx = true,
				       .side = ZONE_FRONT,
				       .attacker_moved_adjacent = true,
				       .attacker = UT_HI,
				       .covered_flanks = 2};
	cr_expect_eq(shock_phalanx_defense(T, &in), -2); /* R6: 1L per flank */
	in.attacker = UT_LG;
	cr_expect_eq(shock_phalanx_defense(T, &in), -4);
	in.attacker_moved_adjacent = false; /* started adjacent */
	cr_expect_eq(shock_phalanx_defense(T, &in), 0);
	in.attacker_moved_adjacent = true;
	in.side = ZONE_FLANK;
	cr_expect_eq(shock_phalanx_defense(T, &in), 0);
	in.side = ZONE_FRONT;
	in.any_attacker_phalanx = true;
	cr_expect_eq(shock_phalanx_defense(T, &in), 0);
}

Test(shock_calc, terrain_shifts_6_26)
{
	struct shock_shift_input in = {.defender_terrain = TERRAIN_WOODS};
	cr_expect_eq(shock_terrain_shift(T, &in), -1);
	in.attacker_uphill = true;
	in.across_stream = true;
	cr_expect_eq(shock_terrain_shift(T, &in), -3);
	in = (struct shock_shift_input){.defender_terrain = TERRAIN_CLEAR};
	cr_expect_eq(shock_terrain_shift(T, &in), 0);
}

Test(shock_calc, charisma_examples_8_46_step_3)
{
	/* Hannibal leading the attackers: +3 */
	struct leader_drm_input h = {.attacker_charisma = 3};
	cr_expect_eq(shock_leader_drm(T, &h).total, 3);
	/* Maharbal (Charisma 2) killed leading the attack: -4 */
	struct leader_drm_input m = {.attacker_leader_killed = true,
				     .attacker_killed_charisma = 2};
	cr_expect_eq(shock_leader_drm(T, &m).killed, -4);
	cr_expect_eq(shock_leader_drm(T, &m).total, -4);
	/* a defending leader subtracts; his death helps the attacker */
	struct leader_drm_input d = {.defender_charisma = 1,
				     .defender_leader_killed = true,
				     .defender_killed_charisma = 1};
	cr_expect_eq(shock_leader_drm(T, &d).total, -1 + 3);
}

/* ------------------------------------------------- 8.46 step 4 */

Test(shock_calc, crt_chart_checks_8_74)
{
	struct crt_result r = tables_shock_crt(T, 7, 6);
	cr_expect(r.attacker_hits == 2 && r.defender_hits == 2);
	r = tables_shock_crt(T, 13, 2);
	cr_expect(r.attacker_hits == 2 && r.defender_hits == 3);
	r = tables_shock_crt(T, 6, 6);
	cr_expect(r.attacker_hits == 2 && r.defender_hits == 2);
}

Test(shock_calc, superiority_multipliers_8_46_step_4)
{
	struct shock_hits_input in = {
		.attacker_hits = 2, .defender_hits = 3, .superiority = SUP_AS};
	struct shock_hits h = shock_apply_results(T, &in);
	cr_expect_eq(h.final_attacker_hits, 2);
	cr_expect_eq(h.final_defender_hits, 6);
	in.superiority = SUP_DS;
	h = shock_apply_results(T, &in);
	cr_expect_eq(h.final_attacker_hits, 6);
	cr_expect_eq(h.final_defender_hits, 3);
}

/* 9.23 (RULINGS R10): 1(4) becomes 0(4), the halving taken alone */
Test(shock_calc, skirmisher_halving_example_9_23)
{
	struct shock_hits_input in = {.attacker_hits = 1,
				      .defender_hits = 4,
				      .superiority = SUP_NONE,
				      .defender_skirmisher = true};
	struct shock_hits h = shock_apply_results(T, &in);
	cr_expect(h.skirmisher_halved);
	cr_expect_eq(h.final_attacker_hits, 0);
	cr_expect_eq(h.final_defender_hits, 4);
	in.attacker_hits = 6; /* at most 1 */
	cr_expect_eq(shock_apply_results(T, &in).final_attacker_hits, 1);
}

/* 9.32 example: LC with AS against HI takes the printed result */
Test(shock_calc, light_cavalry_halving_example_9_32)
{
	cr_expect(shock_light_cavalry_halves(T, UT_LC, UT_HI, false));
	cr_expect_not(shock_light_cavalry_halves(T, UT_LC, UT_HI, true));
	cr_expect_not(shock_light_cavalry_halves(T, UT_LC, UT_LI, false));
	cr_expect_not(shock_light_cavalry_halves(T, UT_HC, UT_HI, false));
	struct shock_hits_input in = {.attacker_hits = 2,
				      .defender_hits = 3,
				      .superiority = SUP_AS,
				      .light_cavalry_halving = true};
	struct shock_hits h = shock_apply_results(T, &in);
	cr_expect(h.light_cavalry_halved);
	cr_expect_eq(h.defender_hits, 6);
	cr_expect_eq(h.final_defender_hits, 3);
}

/* ------------------------------------------------- the whole of 8.46 */

/* Extended shock example's phalanx A against the velites: PH->LI front,
 * column 10, AS. */
Test(shock_calc, whole_combat_records_every_step_8_46)
{
	struct shock_input in = {
		.attacker = UT_PH,
		.defender = UT_LI,
		.side = ZONE_FRONT,
		.size = {.attacker_size = 8,
			 .defender_size = 3,
			 .attacker_moved = true,
			 .non_elephant_involved = true},
		.shifts = {.defender_depleted = true},
		.leaders = {.attacker_charisma = 1},
		.roll = 4,
	};
	struct shock_calc c;
	cr_assert(shock_calc(T, &in, &c));
	cr_expect_eq(c.base_column, 10);
	cr_expect_eq(c.superiority.result, SUP_AS);
	cr_expect_eq(c.size.shift, 2); /* 8-3 moved: 3-1 */
	cr_expect_eq(c.shifts.total, 1);
	cr_expect_eq(c.column, 13);
	cr_expect_eq(c.modified_roll, 5);
	struct crt_result r = tables_shock_crt(T, 13, 5);
	cr_expect_eq(c.crt.attacker_hits, r.attacker_hits);
	cr_expect_eq(c.hits.final_defender_hits, 2 * r.defender_hits);
	cr_expect_eq(c.hits.final_attacker_hits, r.attacker_hits);
}

Test(shock_calc, impossible_or_bad_input_refused_9_15)
{
	struct shock_input in = {.attacker = UT_HC,
				 .defender = UT_EL,
				 .side = ZONE_FRONT,
				 .roll = 3};
	struct shock_calc c;
	cr_expect_not(shock_calc(T, &in, &c));
	cr_expect_eq(c.base_column, 0);
	in = (struct shock_input){.attacker = UT_PH,
				  .defender = UT_LI,
				  .side = ZONE_FRONT,
				  .roll = 10};
	cr_expect_not(shock_calc(T, &in, &c));
	cr_expect_not(shock_calc(NULL, &in, &c));
	cr_expect_not(shock_calc(T, NULL, &c));
	cr_expect_not(shock_calc(T, &in, NULL));
}

/* 9.32 and 8.46 1.A from the data: unit_types.ini without HI's
 * heavy_foot, light cavalry's hits on it are not halved; with LI given
 * the skirmisher trait, a flank attack on it has no Position
 * Superiority. */
Test(shock_calc, traits_read_from_unit_types_ini_9_32_8_46)
{
	struct spqr_tables *t = changed_tables(
		"unit_types",
		(const char *const[]){
			"traits = infantry heavy_infantry heavy_foot",
			"traits = infantry heavy_infantry",
			"traits = infantry light_infantry harass_foot",
			"traits = infantry light_infantry harass_foot "
			"skirmisher",
			NULL});
	cr_expect_not(shock_light_cavalry_halves(t, UT_LC, UT_HI, false));
	cr_expect(shock_light_cavalry_halves(t, UT_LC, UT_LG, false));
	struct superiority_input in = {
		.attacker = UT_HC, .defender = UT_LI, .side = ZONE_FLANK};
	cr_expect_eq(shock_superiority(t, &in).position_denied_by, 1);
	cr_expect_eq(shock_superiority(T, &in).position_denied_by, 0);
	tables_free(t);
}
