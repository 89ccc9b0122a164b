/* The SPQR charts (rules/spqr/): every check of TABLES.md as a look-up,
 * and the loader's refusals of broken files (tests/bad/rules-*.ini). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "maniple/tables.h"

static const char *srcdir(void)
{
	const char *d = getenv("MANIPLE_SRCDIR");
	return d && *d ? d : MANIPLE_SRCDIR;
}

static void path_of(char *buf, size_t n, const char *rel)
{
	snprintf(buf, n, "%s/%s", srcdir(), rel);
}

static struct spqr_tables *T;

static void load(void)
{
	char dir[1024];
	struct ini_error err = {0};
	path_of(dir, sizeof dir, "rules/spqr");
	T = tables_load(dir, &err);
	char msg[1024];
	ini_error_format(&err, msg, sizeof msg);
	cr_assert_not_null(T, "rules/spqr does not load: %s", msg);
}

static void unload(void)
{
	tables_free(T);
	T = NULL;
}

TestSuite(tables, .init = load, .fini = unload);

/* ------------------------------------ 8.45, 8.73 Clash of Spears chart */

/* 8.73: the chart is read with the attacker's type across and the
 * defender's down; a phalanx attacking frontally, every defender type of
 * TABLES.md 1 (FRONT, column PH). */
Test(tables, clash_8_73_phalanx_column_front_down_every_defender)
{
	static const struct {
		enum unit_type d;
		int col;
	} want[] = {{UT_PH, 7},	 {UT_HI, 8},  {UT_LG, 7},  {UT_MI, 9},
		    {UT_BI, 9},	 {UT_LI, 10}, {UT_SK, 13}, {UT_HC, 9},
		    {UT_LN, 11}, {UT_LC, 11}, {UT_EL, 4},  {UT_CH, 5}};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
		cr_expect_eq(tables_clash_column(T, want[i].d, UT_PH,
						 ZONE_FRONT),
			     want[i].col, "PH on %s", unit_type_name(want[i].d));
	/* and across: the same defender (LI) under other attackers */
	cr_expect_eq(tables_clash_column(T, UT_LI, UT_HI, ZONE_FRONT), 9);
	cr_expect_eq(tables_clash_column(T, UT_LI, UT_SK, ZONE_FRONT), 5);
	cr_expect_eq(tables_clash_column(T, UT_LI, UT_EL, ZONE_FRONT), 11);
}

Test(tables, clash_8_45_example_1_phalanx_on_light_infantry_front_is_10)
{
	cr_expect_eq(tables_clash_column(T, UT_LI, UT_PH, ZONE_FRONT), 10);
}

Test(tables, clash_8_45_example_2_heavy_on_legion_flank_11_light_front_9)
{
	cr_expect_eq(tables_clash_column(T, UT_LG, UT_HI, ZONE_FLANK), 11);
	cr_expect_eq(tables_clash_column(T, UT_LI, UT_HI, ZONE_FRONT), 9);
}

Test(tables, clash_8_45_example_3_heavy_cavalry_on_phalanx_rear_is_11)
{
	cr_expect_eq(tables_clash_column(T, UT_PH, UT_HC, ZONE_REAR), 11);
}

Test(tables, clash_8_4_extended_example_ph_on_lg_7_mi_on_hi_6)
{
	cr_expect_eq(tables_clash_column(T, UT_LG, UT_PH, ZONE_FRONT), 7);
	cr_expect_eq(tables_clash_column(T, UT_HI, UT_MI, ZONE_FRONT), 6);
}

Test(tables, clash_9_41_legion_on_phalanx_front_is_5)
{
	cr_expect_eq(tables_clash_column(T, UT_PH, UT_LG, ZONE_FRONT), 5);
}

Test(tables, clash_8_45_lp_reads_as_li_and_rc_as_hc)
{
	cr_expect_eq(tables_clash_reads_as(T, UT_LP), UT_LI);
	cr_expect_eq(tables_clash_reads_as(T, UT_RC), UT_HC);
	cr_expect_eq(tables_clash_column(T, UT_PH, UT_RC, ZONE_REAR), 11);
	cr_expect_eq(tables_clash_column(T, UT_LP, UT_PH, ZONE_FRONT), 10);
}

Test(tables, clash_9_81_scorpio_defends_as_light_infantry)
{
	cr_expect_eq(tables_clash_column(T, UT_AT, UT_PH, ZONE_FRONT), 10);
}

Test(tables, clash_9_15_cavalry_may_not_attack_elephants_frontally)
{
	cr_expect_eq(tables_clash_column(T, UT_EL, UT_HC, ZONE_FRONT), 0);
	cr_expect_eq(tables_clash_column(T, UT_EL, UT_LC, ZONE_FRONT), 0);
	cr_expect_neq(tables_clash_column(T, UT_EL, UT_HC, ZONE_FLANK), 0);
}

Test(tables, clash_tables_md_house_value_lancers_on_light_cavalry_front_8)
{
	cr_expect_eq(tables_clash_column(T, UT_LC, UT_LN, ZONE_FRONT), 8);
}

Test(tables, clash_no_side_is_no_attack)
{
	cr_expect_eq(tables_clash_column(T, UT_LI, UT_PH, ZONE_NONE), 0);
}

/* -------------------------------------------------- 8.46, 8.74 the CRT */

static void expect_crt(int col, int dr, int a, int d)
{
	struct crt_result r = tables_shock_crt(T, col, dr);
	cr_expect_eq(r.attacker_hits, a, "column %d DR %d attacker %d not %d",
		     col, dr, r.attacker_hits, a);
	cr_expect_eq(r.defender_hits, d, "column %d DR %d defender %d not %d",
		     col, dr, r.defender_hits, d);
}

Test(tables, crt_8_4_extended_example_column_7_dr_6_is_2_2)
{
	expect_crt(7, 6, 2, 2);
}

Test(tables, crt_8_4_extended_example_column_13_dr_2_is_2_3)
{
	expect_crt(13, 2, 2, 3);
}

Test(tables, crt_8_4_extended_example_column_6_dr_6_is_2_2)
{
	expect_crt(6, 6, 2, 2);
}

Test(tables, crt_9_41_design_note_column_1_attacker_3_to_6_defender_1_to_2)
{
	for (int dr = 0; dr <= 9; dr++) {
		struct crt_result r = tables_shock_crt(T, 1, dr);
		cr_expect(r.attacker_hits >= 3 && r.attacker_hits <= 6,
			  "DR %d: attacker %d", dr, r.attacker_hits);
		cr_expect(r.defender_hits >= 1 && r.defender_hits <= 2,
			  "DR %d: defender %d", dr, r.defender_hits);
	}
}

Test(tables, crt_rulings_r3_clamps_die_roll_to_0_and_9)
{
	struct crt_result lo = tables_shock_crt(T, 5, -3);
	struct crt_result r0 = tables_shock_crt(T, 5, 0);
	struct crt_result hi = tables_shock_crt(T, 5, 12);
	struct crt_result r9 = tables_shock_crt(T, 5, 9);
	cr_expect_eq(lo.attacker_hits, r0.attacker_hits);
	cr_expect_eq(lo.defender_hits, r0.defender_hits);
	cr_expect_eq(hi.attacker_hits, r9.attacker_hits);
	cr_expect_eq(hi.defender_hits, r9.defender_hits);
	expect_crt(13, 12, 1, 6);
	expect_crt(1, -3, 6, 1);
}

Test(tables, crt_rulings_r3_clamps_column_to_1_and_13)
{
	expect_crt(0, 4, 5, 2);	 /* column 1 */
	expect_crt(15, 4, 1, 4); /* column 13 */
	expect_crt(-7, 9, 3, 2);
}

Test(tables, crt_tables_md_house_value_column_13_rows_4_5_read_4)
{
	expect_crt(13, 4, 1, 4);
	expect_crt(13, 5, 1, 4);
}

Test(tables, crt_10_32_depletion_and_9_41_phalanx_defense_shifts)
{
	cr_expect_eq(tables_crt_shift(T, SHIFT_DEPLETED_ATTACKER), -1);
	cr_expect_eq(tables_crt_shift(T, SHIFT_DEPLETED_DEFENDER), 1);
	cr_expect_eq(tables_crt_shift(T, SHIFT_PHALANX_DEFENSE_PER_FLANK), -2);
	cr_expect_eq(tables_crt_shift(T, SHIFT_PHALANX_DEFENSE_PER_FLANK_VS_HI),
		     -1);
	cr_expect_eq(tables_crt_shift(T, SHIFT_DEFENDER_IN_MARSH), 0);
}

Test(tables, crt_8_46_step_4_superiority_multipliers)
{
	cr_expect_eq(tables_shock_multiplier(T, SM_AS_DEFENDER_HITS), 2);
	cr_expect_eq(tables_shock_multiplier(T, SM_DS_ATTACKER_HITS), 3);
}

/* ------------------------------------------ 8.46 step 1, 8.72 Superiority */

Test(tables, superiority_8_4_extended_example_ph_on_li_as_ph_on_lg_none)
{
	cr_expect_eq(tables_weapon_superiority(T, UT_PH, UT_LI), SUP_AS);
	cr_expect_eq(tables_weapon_superiority(T, UT_PH, UT_LG), SUP_NONE);
}

Test(tables, superiority_10_15_example_1_lg_on_mi_as)
{
	cr_expect_eq(tables_weapon_superiority(T, UT_LG, UT_MI), SUP_AS);
}

Test(tables, superiority_mi_on_hi_none)
{
	cr_expect_eq(tables_weapon_superiority(T, UT_MI, UT_HI), SUP_NONE);
}

Test(tables, superiority_8_72_read_down_the_attacker_column)
{
	/* PH attacking SK: SK row, PH column: AS; SK attacking PH: DS */
	cr_expect_eq(tables_weapon_superiority(T, UT_PH, UT_SK), SUP_AS);
	cr_expect_eq(tables_weapon_superiority(T, UT_SK, UT_PH), SUP_DS);
	/* 8.45 ex.2: HI has no weapon superiority over hastati (only by
	 * position), while legion infantry attacking HI is AS */
	cr_expect_eq(tables_weapon_superiority(T, UT_HI, UT_LG), SUP_NONE);
	cr_expect_eq(tables_weapon_superiority(T, UT_LG, UT_HI), SUP_AS);
	cr_expect_eq(tables_weapon_superiority(T, UT_HI, UT_LI), SUP_AS);
}

Test(tables, superiority_dsp_is_ds_only_while_the_defender_has_missiles)
{
	cr_expect_eq(tables_weapon_superiority(T, UT_HC, UT_LG), SUP_DSP);
	cr_expect_eq(tables_weapon_superiority_now(T, UT_HC, UT_LG, true),
		     SUP_DS);
	cr_expect_eq(tables_weapon_superiority_now(T, UT_HC, UT_LG, false),
		     SUP_NONE);
}

Test(tables, superiority_lp_and_rc_have_their_own_lines)
{
	cr_expect_eq(tables_weapon_superiority(T, UT_HC, UT_LP), SUP_DS);
	cr_expect_eq(tables_weapon_superiority(T, UT_HC, UT_LI), SUP_NONE);
	cr_expect_eq(tables_weapon_superiority(T, UT_RC, UT_HC), SUP_DS);
	cr_expect_eq(tables_weapon_superiority(T, UT_HC, UT_RC), SUP_NONE);
}

/* --------------------------------------------------- 7.31, 7.33 duties */

Test(tables, shock_types_7_31_must_and_may)
{
	cr_expect_eq(tables_shock_duty(T, UT_PH, MC_NONE), SHOCK_MUST);
	cr_expect_eq(tables_shock_duty(T, UT_RC, MC_NONE), SHOCK_MUST);
	cr_expect_eq(tables_shock_duty(T, UT_LN, MC_NONE), SHOCK_MAY);
	cr_expect_eq(tables_shock_duty(T, UT_LC, MC_J), SHOCK_MAY);
	cr_expect_eq(tables_shock_duty(T, UT_LI, MC_J), SHOCK_MAY);
}

Test(tables, shock_types_9_23_9_81_never_shock)
{
	cr_expect_eq(tables_shock_duty(T, UT_SK, MC_S), SHOCK_NEVER);
	cr_expect_eq(tables_shock_duty(T, UT_AT, MC_B), SHOCK_NEVER);
	cr_expect_eq(tables_shock_duty(T, UT_LI, MC_A), SHOCK_NEVER);
	cr_expect_eq(tables_shock_duty(T, UT_LC, MC_MA), SHOCK_NEVER);
}

/* ------------------------------------------------------- 8.15 Missile */

Test(tables, missile_8_15_example_balearic_slingers_range_2_is_3)
{
	cr_expect_eq(tables_missile_strength(T, MC_BS, 2), 3);
}

Test(tables, missile_8_15_out_of_range_is_minus_1)
{
	cr_expect_eq(tables_missile_strength(T, MC_BS, 3), -1);
	cr_expect_eq(tables_missile_strength(T, MC_BS, 0), -1);
	cr_expect_eq(tables_missile_strength(T, MC_B, 8), -1);
	cr_expect_eq(tables_missile_strength(T, MC_NONE, 1), -1);
	cr_expect_eq(tables_missile_strength(T, MC_B, 7), 0);
	cr_expect_eq(tables_missile_range(T, MC_A), 4);
	cr_expect_eq(tables_missile_range(T, MC_J), 1);
}

Test(tables, missile_8_15_modifiers_and_8_16_extended_range)
{
	cr_expect_eq(tables_missile_modifier(T, MM_TARGET_SKIRMISHER), 2);
	cr_expect_eq(tables_missile_modifier(
			     T, MM_TARGET_PHALANX_OR_HEAVY_FRONT_ADJACENT),
		     3);
	cr_expect_eq(tables_missile_modifier(T, MM_HITS_ON_ELEPHANT), 2);
	cr_expect_eq(tables_missile_modifier(T, MM_EXTENDED_RANGE_NEEDS), 0);
}

/* ---------------------------------------------------- 10.29 Rally Table */

Test(tables, rally_10_28_example_tq_7_dr_5_keeps_2_hits)
{
	cr_expect_eq(tables_rally_hits(T, 7, 5, false), 2);
}

Test(tables, rally_10_33_depleted_adds_2_and_clamps_at_9)
{
	cr_expect_eq(tables_rally_hits(T, 7, 5, true), 3);  /* reads 7 */
	cr_expect_eq(tables_rally_hits(T, 7, 8, true), 4);  /* 10 reads 9 */
	cr_expect_eq(tables_rally_hits(T, 5, 9, true), 3);  /* 11 reads 9 */
	cr_expect_eq(tables_rally_hits(T, 5, 6, false), 2); /* low band */
	cr_expect_eq(tables_rally_modifier(T, RM_DEPLETED_ATTEMPT_DR), 1);
}

/* --------------------------------------------- 4.73, 8.19 Leader Casualty */

Test(tables, leader_casualty_8_4_extended_example_5_is_finished)
{
	cr_expect_eq(tables_leader_casualty(T, 5), CASUALTY_FINISHED);
	cr_expect_eq(tables_leader_casualty(T, 0), CASUALTY_FINISHED);
	cr_expect_eq(tables_leader_casualty(T, 6), CASUALTY_FINISHED);
}

Test(tables, leader_casualty_7_wounded_8_wounded_2_9_killed)
{
	cr_expect_eq(tables_leader_casualty(T, 7), CASUALTY_WOUNDED_1);
	cr_expect_eq(tables_leader_casualty(T, 8), CASUALTY_WOUNDED_2);
	cr_expect_eq(tables_leader_casualty(T, 9), CASUALTY_KILLED);
	cr_expect_eq(tables_wound_figure(T, WF_WOUNDED_1_LOSS), 1);
	cr_expect_eq(tables_wound_figure(T, WF_WOUNDED_2_LOSS), 2);
	cr_expect_eq(tables_wound_figure(T, WF_WOUNDS_THAT_KILL), 2);
}

/* ------------------------------------------------- 6.27 Movement Costs */

static struct move_cost enter(enum unit_type ty, enum terrain ter, int from,
			      int to)
{
	struct hex_entry e = {.type = ty, .terrain = ter, .from_level = from,
			      .to_level = to};
	return tables_hex_entry_cost(T, &e);
}

Test(tables, movement_6_21_6_22_heavy_infantry_2322_2423_2523_4_mp_2_hits)
{
	struct move_cost a = enter(UT_HI, TERRAIN_CLEAR, 0, 0); /* 2423 */
	struct move_cost b = enter(UT_HI, TERRAIN_CLEAR, 0, 2); /* 2523 */
	cr_expect_eq(a.mp, 1);
	cr_expect_eq(a.hits, 0);
	cr_expect_eq(b.mp, 3);
	cr_expect_eq(b.hits, 2);
	cr_expect_eq(a.mp + b.mp, 4);
	cr_expect_not(a.prohibited || b.prohibited);
}

Test(tables, movement_6_22_medium_infantry_takes_1_hit_up_two_levels)
{
	struct move_cost a = enter(UT_MI, TERRAIN_CLEAR, 0, 0);
	struct move_cost b = enter(UT_MI, TERRAIN_CLEAR, 0, 2);
	cr_expect_eq(a.hits + b.hits, 1);
	cr_expect_eq(a.mp + b.mp, 4);
}

Test(tables, movement_10_15_example_2_heavy_into_level_2_woods_2_hits)
{
	struct move_cost c = enter(UT_HI, TERRAIN_WOODS, 1, 2);
	cr_expect_eq(c.hits, 2);
	cr_expect_eq(c.mp, 3);
}

Test(tables, movement_6_24_impassable_and_prohibited_entries)
{
	cr_expect(enter(UT_LI, TERRAIN_IMPASSABLE, 0, 0).prohibited);
	cr_expect(enter(UT_EL, TERRAIN_MARSH, 0, 0).prohibited);
	cr_expect(enter(UT_HC, TERRAIN_CLEAR, 0, 2).prohibited);
	cr_expect(enter(UT_HI, TERRAIN_CLEAR, 0, 3).prohibited);
	struct hex_entry river = {.type = UT_SK, .terrain = TERRAIN_CLEAR,
				  .hexside = HSF_RIVER};
	cr_expect(tables_hex_entry_cost(T, &river).prohibited);
}

Test(tables, movement_hexsides_stream_and_rampart_add_to_the_terrain)
{
	struct hex_entry e = {.type = UT_LG, .terrain = TERRAIN_BROKEN,
			      .hexside = HSF_STREAM};
	struct move_cost c = tables_hex_entry_cost(T, &e);
	cr_expect_eq(c.mp, 2);
	cr_expect_eq(c.hits, 2);
	e.hexside = HSF_RAMPART;
	c = tables_hex_entry_cost(T, &e);
	cr_expect_eq(c.mp, 3);
	cr_expect_eq(c.hits, 2);
	e.type = UT_EL;
	cr_expect(tables_hex_entry_cost(T, &e).prohibited);
}

Test(tables, movement_6_24_roman_road_replaces_terrain_dirt_road_does_not)
{
	struct hex_entry e = {.type = UT_HI, .terrain = TERRAIN_WOODS,
			      .hexside = HSF_ROMAN_ROAD};
	struct move_cost c = tables_hex_entry_cost(T, &e);
	cr_expect_eq(c.mp, 1);
	cr_expect_eq(c.hits, 0);
	e.hexside = HSF_DIRT_ROAD;
	c = tables_hex_entry_cost(T, &e);
	cr_expect_eq(c.mp, 2);
	cr_expect_eq(c.hits, 1);
	cr_expect_eq(tables_movement_modifier(
			     T, MM_ROMAN_ROAD_COLUMN_HEXES_PER_MP),
		     2);
}

Test(tables, movement_6_72_in_column_one_hit_less_phalanx_free_in_broken)
{
	struct hex_entry e = {.type = UT_HI, .terrain = TERRAIN_WOODS,
			      .from_level = 0, .to_level = 1,
			      .in_column = true};
	cr_expect_eq(tables_hex_entry_cost(T, &e).hits, 1);
	e = (struct hex_entry){.type = UT_PH, .terrain = TERRAIN_BROKEN,
			       .hexside = HSF_STREAM, .in_column = true};
	cr_expect_eq(tables_hex_entry_cost(T, &e).hits, 0);
	e.in_column = false;
	cr_expect_eq(tables_hex_entry_cost(T, &e).hits, 2);
}

Test(tables, movement_6_22_leaders_never_take_hits)
{
	struct hex_entry e = {.leader = true, .terrain = TERRAIN_WOODS};
	struct move_cost c = tables_hex_entry_cost(T, &e);
	cr_expect_eq(c.mp, 2);
	cr_expect_eq(c.hits, 0);
	cr_expect_eq(tables_leader_movement_group(T), MG_CAVALRY);
}

Test(tables, movement_6_42_phalanx_pays_the_worse_of_two_hexes)
{
	struct move_cost w = move_cost_worse(enter(UT_PH, TERRAIN_CLEAR, 0, 0),
					     enter(UT_PH, TERRAIN_WOODS, 0, 0));
	cr_expect_eq(w.mp, 2);
	cr_expect_eq(w.hits, 1);
}

Test(tables, movement_groups_of_the_chart)
{
	cr_expect_eq(tables_movement_group(T, UT_BI), MG_HEAVY);
	cr_expect_eq(tables_movement_group(T, UT_LG), MG_MEDIUM);
	cr_expect_eq(tables_movement_group(T, UT_AT), MG_LIGHT); /* 9.81 */
	cr_expect_eq(tables_movement_group(T, UT_RC), MG_CAVALRY);
	cr_expect_eq(tables_movement_group(T, UT_EL), MG_ELEPHANT);
}

Test(tables, facing_7_12_costs_by_type_and_rulings_r5)
{
	struct move_cost c;
	c = tables_facing_change_cost(T, UT_HI, false, 2, false);
	cr_expect_eq(c.mp, 2);
	cr_expect_eq(c.hits, 0);
	c = tables_facing_change_cost(T, UT_LG, true, 3, false);
	cr_expect_eq(c.mp, 1, "Roman infantry pay 1 MP for any change");
	c = tables_facing_change_cost(T, UT_LI, true, 2, false);
	cr_expect_eq(c.mp, 1, "velites too (RULINGS R5)");
	c = tables_facing_change_cost(T, UT_EL, false, 2, false);
	cr_expect_eq(c.mp, 4);
	c = tables_facing_change_cost(T, UT_SK, false, 3, false);
	cr_expect_eq(c.mp, 0);
	cr_expect(tables_facing_change_cost(T, UT_PH, false, 1, false)
			  .prohibited,
		  "7.13 phalanxes do not change facing");
}

Test(tables, facing_7_14_rough_costs_hits_except_elephants_and_skirmishers)
{
	struct move_cost c;
	c = tables_facing_change_cost(T, UT_HI, false, 2, true);
	cr_expect_eq(c.hits, 2);
	c = tables_facing_change_cost(T, UT_LG, true, 2, true);
	cr_expect_eq(c.mp, 1);
	cr_expect_eq(c.hits, 2);
	cr_expect_eq(tables_facing_change_cost(T, UT_EL, false, 2, true).hits,
		     0);
	cr_expect_eq(tables_facing_change_cost(T, UT_SK, false, 2, true).hits,
		     0);
}

/* ----------------------------------------------------- 6.69 Stacking */

Test(tables, stacking_6_63_classes)
{
	cr_expect_eq(tables_stacking_class(T, UT_LI, "VE", true),
		     STACK_VELITES);
	cr_expect_eq(tables_stacking_class(T, UT_LG, "HA", true),
		     STACK_ROMAN_LINE);
	cr_expect_eq(tables_stacking_class(T, UT_HI, "TR", true),
		     STACK_ROMAN_LINE);
	cr_expect_eq(tables_stacking_class(T, UT_SK, "S", false),
		     STACK_SKIRMISHER);
	cr_expect_eq(tables_stacking_class(T, UT_RC, "", true), STACK_OTHER);
	cr_expect_eq(tables_stacking_class(T, UT_HI, "HO", false),
		     STACK_OTHER);
}

Test(tables, stacking_6_63_example_1_velites_and_hastati)
{
	struct stacking_rule r;
	r = tables_voluntary_stacking(T, STACK_VELITES,
				      STACKED_SAME_COLOUR_ROMAN);
	cr_expect_eq(r.through_single_mover_hits, 0);
	cr_expect_not(r.may_stop);
	r = tables_voluntary_stacking(T, STACK_VELITES, STACKED_OTHER_ROMAN);
	cr_expect_eq(r.through_single_mover_hits, 1);
	cr_expect_eq(r.through_single_stationary_hits, 1);
	r = tables_voluntary_stacking(T, STACK_ROMAN_LINE,
				      STACKED_SAME_COLOUR_ROMAN);
	cr_expect_eq(r.through_single_mover_hits, 0);
	cr_expect_eq(r.through_stack_mover_hits, 1);
	cr_expect(r.may_stop);
	r = tables_voluntary_stacking(T, STACK_ROMAN_LINE, STACKED_OTHER_ROMAN);
	cr_expect(r.may_stop);
	cr_expect_eq(tables_stacking_figure(T, SF_MIXED_ROMAN_STACK_TQ_DRM), 1);
	r = tables_voluntary_stacking(T, STACK_SKIRMISHER,
				      STACKED_ANYTHING_ELSE);
	cr_expect_eq(r.through_single_stationary_hits, 0);
	r = tables_voluntary_stacking(T, STACK_OTHER, STACKED_ANYTHING_ELSE);
	cr_expect_eq(r.through_single_mover_hits, 1);
	cr_expect_not(r.may_stop);
}

Test(tables, stacking_6_63_example_2_rout_and_limits)
{
	cr_expect(tables_rout_exempt(T, STACK_SKIRMISHER));
	cr_expect(tables_rout_exempt(T, STACK_VELITES));
	cr_expect_not(tables_rout_exempt(T, STACK_ROMAN_LINE));
	cr_expect_eq(tables_stacking_figure(T, SF_ROUT_THROUGH_HITS), 1);
	cr_expect_eq(tables_stacking_figure(T, SF_ROUT_STOP_HITS), 1);
	cr_expect_eq(tables_stacking_figure(T, SF_UNITS_PER_HEX), 2);
	cr_expect_eq(tables_stacking_figure(T, SF_SCORPIOS_PER_HEX), 1);
}

/* -------------------------------------------------- 11.1 Rout Points */

Test(tables, rout_points_11_1_units)
{
	cr_expect_eq(tables_unit_rout_points(T, UT_LG, "", 6, false, false), 6);
	cr_expect_eq(tables_unit_rout_points(T, UT_SK, "", 5, false, false), 2);
	cr_expect_eq(tables_unit_rout_points(T, UT_EL, "", 6, false, false), 2);
	cr_expect_eq(tables_unit_rout_points(T, UT_EL, "", 6, false, true), 0);
	cr_expect_eq(tables_unit_rout_points(T, UT_PH, "", 7, true, false), 14,
		     "11.1: a TQ 7 phalanx is worth 14");
}

Test(tables, rout_points_11_1_leaders)
{
	cr_expect_eq(tables_leader_rout_points(T, LK_GENERAL, 5), 25);
	cr_expect_eq(tables_leader_rout_points(T, LK_PROCONSUL, 3), 15);
	cr_expect_eq(tables_leader_rout_points(T, LK_TRIBUNE, 2), 2);
	cr_expect_eq(tables_leader_rout_points(T, LK_PRAEFECT_SOCIORUM, 3),
		     3);
	cr_expect_eq(tables_leader_rout_points(T, LK_REPLACEMENT, 1), 1);
}

/* 2.22 and the rules naming a type: the traits of unit_types.ini. */
Test(tables, unit_types_traits_2_22)
{
	for (int ty = 0; ty < UNIT_TYPE_COUNT; ty++) {
		bool foot = ty <= UT_SK, horse = ty >= UT_HC && ty <= UT_LC;
		cr_expect_eq(tables_type_has(T, (enum unit_type)ty,
					     TRAIT_INFANTRY),
			     foot, "%s", unit_type_name((enum unit_type)ty));
		cr_expect_eq(tables_type_has(T, (enum unit_type)ty,
					     TRAIT_CAVALRY),
			     horse, "%s", unit_type_name((enum unit_type)ty));
	}
	cr_expect(tables_type_has(T, UT_PH, TRAIT_PHALANX));
	cr_expect_not(tables_type_has(T, UT_HI, TRAIT_PHALANX));
	cr_expect(tables_type_has(T, UT_EL, TRAIT_ELEPHANT));
	cr_expect(tables_type_has(T, UT_SK, TRAIT_SKIRMISHER));
	cr_expect(tables_type_has(T, UT_AT, TRAIT_SCORPIO));
	cr_expect(tables_type_has(T, UT_LC, TRAIT_LIGHT_CAVALRY));
	cr_expect(tables_type_has(T, UT_LG, TRAIT_LEGION));
	cr_expect_not(tables_type_has(NULL, UT_PH, TRAIT_PHALANX));
	cr_expect_not(tables_type_has(T, UNIT_TYPE_COUNT, TRAIT_INFANTRY));
	cr_expect_str_eq(unit_trait_name(TRAIT_LIGHT_CAVALRY), "light_cavalry");
}

/* The figures of the rules' text in constants.ini. */
Test(tables, constants_of_the_text)
{
	cr_expect_eq(tables_constant(T, RC_COLUMN_TQ_LESS), 2); /* 6.75 */
	cr_expect_eq(tables_constant(T, RC_PHALANX_REVERSE_FACE_MP), 3);
	cr_expect_eq(tables_constant(T, RC_PHALANX_PIVOT_HITS), 1);
	cr_expect_eq(tables_constant(T, RC_DOUBLE_DEPTH_HITS_MULTIPLIER), 3);
	cr_expect_eq(tables_constant(T, RC_DOUBLE_DEPTH_FORMING_MP), 1); /* 9.51 */
	cr_expect_eq(tables_constant(T, RC_RAMPAGE_ROLLS), 4); /* 9.14 */
	cr_expect_eq(tables_constant(T, RC_RAMPAGE_HEXES_PER_ROLL), 3);
	cr_expect_eq(tables_constant(T, RC_RAMPAGE_ALONE_HEXES), 8);
	cr_expect_eq(tables_constant(T, RC_WITHDRAWAL_RANGE), 2); /* 6.51 */
	cr_expect_eq(tables_constant(T, RC_WITHDRAWAL_SKIRMISHER_HEXES), 2);
	cr_expect_eq(tables_constant(T, RC_WITHDRAWAL_COLUMN_MA_BONUS), 1);
	cr_expect_eq(tables_constant(T, RC_LINE_WITHDRAWAL_LEADER_RANGE), 2);
	cr_expect_eq(tables_constant(T, RC_LEADER_WITHDRAWAL_MP), 3); /* 4.72 */
	cr_expect_eq(tables_constant(T, RC_GRIEF_RAMPAGE_FROM), 7); /* 4.84 */
	cr_expect_eq(tables_constant(T, RC_ELEPHANT_HEX_HITS), 2);  /* 9.15 */
	cr_expect_eq(tables_constant(T, RC_LEADER_MA), 9); /* 6.14 */
	cr_expect_eq(tables_constant(T, RC_LEADER_ORDERED_IN_ZOC_COST), 2);
	cr_expect_eq(tables_constant(T, RC_LINE_COMMAND_ZOC_DRM), 1); /* 4.33 */
	cr_expect_eq(tables_constant(T, RC_LINE_COMMAND_PROCONSUL_DRM), -1);
	cr_expect_eq(tables_constant(T, RC_ROUT_INITIAL_HEXES), 2); /* 10.22 */
	/* 8.17 */
	cr_expect_eq(tables_supply_low_from(T, MC_A), 9);
	cr_expect_eq(tables_supply_low_from(T, MC_J), 7);
	cr_expect_eq(tables_supply_low_from(T, MC_MJ), 7);
	cr_expect_eq(tables_supply_low_from(T, MC_B), 10);
	cr_expect_eq(tables_supply_low_from(T, MC_NONE), 10);
	cr_expect_eq(tables_constant(NULL, RC_RAMPAGE_ROLLS), 0);
}

/* ------------------------------------------------------ file checking */

Test(tables_files, every_real_chart_passes_the_check)
{
	for (int i = 0; i < SPQR_TABLE_COUNT; i++) {
		char rel[128], path[1024];
		snprintf(rel, sizeof rel, "rules/spqr/%s.ini",
			 spqr_table_name((enum spqr_table)i));
		path_of(path, sizeof path, rel);
		struct ini_error err = {0};
		char msg[1024];
		bool ok = tables_check_file(path, &err);
		ini_error_format(&err, msg, sizeof msg);
		cr_expect(ok, "%s", msg);
	}
}

static void expect_bad(const char *name, int line, const char *words)
{
	char rel[128], path[1024], msg[1024];
	snprintf(rel, sizeof rel, "tests/bad/%s", name);
	path_of(path, sizeof path, rel);
	struct ini_error err = {0};
	cr_assert_not(tables_check_file(path, &err), "%s accepted", name);
	ini_error_format(&err, msg, sizeof msg);
	cr_expect_eq(err.line, line, "%s: line %d, expected %d (%s)", name,
		     err.line, line, msg);
	cr_expect(strstr(err.msg, words) != NULL, "%s: \"%s\" lacks \"%s\"",
		  name, err.msg, words);
	cr_expect(strstr(err.file, name) != NULL, "%s: file %s", name,
		  err.file);
}

Test(tables_files, bad_missing_cell_names_its_line)
{
	expect_bad("rules-missing-cell.ini", 30, "has 9 cells");
}

Test(tables_files, bad_missing_row_names_its_section)
{
	expect_bad("rules-missing-row.ini", 55, "[flank] has no LC");
}

Test(tables_files, bad_value_out_of_range)
{
	expect_bad("rules-out-of-range.ini", 34, "\"13\"");
}

Test(tables_files, bad_unknown_key)
{
	expect_bad("rules-unknown-key.ini", 36, "unknown key bonus_for_eagles");
}

Test(tables_files, bad_unknown_type_code)
{
	expect_bad("rules-unknown-type.ini", 40, "unknown unit type code XX");
}

Test(tables_files, bad_duplicate_key)
{
	expect_bad("rules-duplicate-key.ini", 30, "first at line 29");
}

Test(tables_files, bad_syntax_error)
{
	expect_bad("rules-syntax.ini", 33, "syntax");
}

Test(tables_files, bad_over_long_line)
{
	expect_bad("rules-long-line.ini", 28, "longer");
}

Test(tables_files, bad_unknown_section)
{
	expect_bad("rules-unknown-section.ini", 32, "unknown section [morale]");
}

/* variants.ini's sections are [ruleset] and those its switches name */
Test(tables_files, bad_variants_section_names_its_line)
{
	expect_bad("rules-variants-unknown-section.ini", 198,
		   "unknown section [morale]");
}

Test(tables_files, bad_kind_is_not_rules)
{
	expect_bad("rules-wrong-kind.ini", 18, "not a rules file");
}

Test(tables_files, bad_unit_types_and_constants_name_their_line)
{
	expect_bad("rules-unknown-trait.ini", 14, "\"eagles\" is not a unit trait");
	expect_bad("rules-trait-twice.ini", 32, "cavalry is listed twice");
	expect_bad("rules-type-section-unknown.ini", 49,
		   "unknown section [type XX]");
	expect_bad("rules-type-missing.ini", 0, "no [type EL] section");
	expect_bad("rules-constant-out-of-range.ini", 18,
		   "rolls must be a whole number from 1 to 9");
	expect_bad("rules-constant-missing.ini", 10,
		   "[phalanx] has no pivot_hits");
	expect_bad("rules-supply-unknown-class.ini", 43,
		   "unknown key XB in [missile_supply]");
}

Test(tables_files, missing_file_is_refused)
{
	struct ini_error err = {0};
	cr_expect_not(tables_check_file("/nonexistent/clash.ini", &err));
	cr_expect(strstr(err.msg, "cannot open") != NULL);
}

/* A copy of rules/spqr with one file broken: tables_load refuses the whole
 * directory and names the file and line. */
static void copy_file(const char *from, const char *to)
{
	FILE *in = fopen(from, "rb");
	FILE *out = fopen(to, "wb");
	cr_assert(in && out, "copy %s -> %s", from, to);
	char buf[4096];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, in)) > 0)
		cr_assert_eq(fwrite(buf, 1, n, out), n);
	fclose(in);
	fclose(out);
}

static void make_copy(char *dir)
{
	strcpy(dir, "/tmp/maniple-tables-XXXXXX");
	cr_assert_not_null(mkdtemp(dir));
	for (int i = 0; i < SPQR_TABLE_COUNT; i++) {
		char rel[128], from[1024], to[1024];
		const char *name = spqr_table_name((enum spqr_table)i);
		snprintf(rel, sizeof rel, "rules/spqr/%s.ini", name);
		path_of(from, sizeof from, rel);
		snprintf(to, sizeof to, "%s/%s.ini", dir, name);
		copy_file(from, to);
	}
	/* the event catalog read with them */
	char from[1024], to[1024];
	path_of(from, sizeof from, "rules/spqr/events.ini");
	snprintf(to, sizeof to, "%s/events.ini", dir);
	copy_file(from, to);
}

static void remove_copy(const char *dir)
{
	for (int i = 0; i < SPQR_TABLE_COUNT; i++) {
		char to[1024];
		snprintf(to, sizeof to, "%s/%s.ini", dir,
			 spqr_table_name((enum spqr_table)i));
		unlink(to);
	}
	char cat[1024];
	snprintf(cat, sizeof cat, "%s/events.ini", dir);
	unlink(cat);
	rmdir(dir);
}

Test(tables_files, load_refuses_a_directory_with_a_broken_file)
{
	char dir[64], bad[1024], to[1024];
	make_copy(dir);
	struct ini_error err = {0};
	struct spqr_tables *t = tables_load(dir, &err);
	cr_expect_not_null(t, "the intact copy loads");
	tables_free(t);

	path_of(bad, sizeof bad, "tests/bad/rules-duplicate-key.ini");
	snprintf(to, sizeof to, "%s/leader_casualty.ini", dir);
	copy_file(bad, to);
	err = (struct ini_error){0};
	t = tables_load(dir, &err);
	cr_expect_null(t);
	cr_expect(strstr(err.file, "leader_casualty.ini") != NULL, "%s",
		  err.file);
	cr_expect_eq(err.line, 30);
	tables_free(t);
	remove_copy(dir);
}

Test(tables_files, load_refuses_a_file_holding_another_table)
{
	char dir[64], from[1024], to[1024];
	make_copy(dir);
	path_of(from, sizeof from, "rules/spqr/rally.ini");
	snprintf(to, sizeof to, "%s/missile.ini", dir);
	copy_file(from, to);
	struct ini_error err = {0};
	struct spqr_tables *t = tables_load(dir, &err);
	cr_expect_null(t);
	cr_expect(strstr(err.msg, "should hold missile") != NULL, "%s",
		  err.msg);
	tables_free(t);
	remove_copy(dir);
}

Test(tables_files, load_refuses_a_directory_missing_a_file)
{
	char dir[64], gone[1024];
	make_copy(dir);
	snprintf(gone, sizeof gone, "%s/stacking.ini", dir);
	unlink(gone);
	struct ini_error err = {0};
	struct spqr_tables *t = tables_load(dir, &err);
	cr_expect_null(t);
	cr_expect(strstr(err.file, "stacking.ini") != NULL, "%s", err.file);
	tables_free(t);
	remove_copy(dir);
}
