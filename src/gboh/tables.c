/* tables.c — reading, checking and looking up the SPQR charts
 * (rules/spqr/NAME.ini, see tables.h).  Every figure comes from the files. */
#include "maniple/tables.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "maniple/evcat.h"
#include "maniple/evtext.h"
#include "maniple/rule_numbers.h"

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))
#define PROHIBITED (-1) /* a "P" cell */
#define OUT_OF_RANGE (-1) /* a "-" missile cell */
#define CLASSES_MAX 8
#define UNIT_CLASSES_MAX 32

/* rout_points.ini [units]: the figures of 11.1 and GBA 10.42 */
enum {
	RP_TQ,
	RP_TWO_HEX,
	RP_SK,
	RP_EL,
	RP_LEADER_ELEPHANT,
	RP_SHOCK_SK,
	RP_CHARIOT,
	RP_OXYBELES,
	RP_DOUBLE_SIZED,
	RP_UNIT_FIGURES
};
#define SEEN_MAX 512
#define SECTIONS_MAX 64
#define CELLS_MAX 16

struct spqr_tables {
	/* clash.ini */
	enum unit_type clash_as[UNIT_TYPE_COUNT];
	signed char clash[3][UNIT_TYPE_COUNT][UNIT_TYPE_COUNT]; /* [side][def][att] */
	/* shock_crt.ini */
	signed char crt[2][CRT_ROWS][CRT_COLUMNS];
	int crt_shift[CRT_SHIFT_COUNT];
	int shock_multiplier[SHOCK_MULTIPLIER_COUNT];
	/* superiority.ini */
	enum unit_type sup_as[UNIT_TYPE_COUNT];
	unsigned char sup[UNIT_TYPE_COUNT][UNIT_TYPE_COUNT]; /* [def][att] */
	/* shock_types.ini */
	unsigned char duty[UNIT_TYPE_COUNT];
	signed char duty_missile[UNIT_TYPE_COUNT][MISSILE_CLASS_COUNT]; /* -1 */
	/* missile.ini */
	int longest_range;
	signed char missile[MISSILE_CLASS_COUNT][MISSILE_RANGE_CAP];
	int missile_modifier[MISSILE_MODIFIER_COUNT];
	/* rally.ini */
	int rally_low_band_highest_tq;
	signed char rally[2][CRT_ROWS];
	int rally_modifier[RALLY_MODIFIER_COUNT];
	/* leader_casualty.ini */
	unsigned char casualty[10];
	int wound[WOUND_FIGURE_COUNT];
	/* movement.ini */
	unsigned char group[UNIT_TYPE_COUNT];
	unsigned char leader_group;
	signed char move_mp[MOVEMENT_ROW_COUNT];
	signed char move_hits[MOVEMENT_ROW_COUNT][MOVEMENT_GROUP_COUNT];
	int movement_modifier[MOVEMENT_MODIFIER_COUNT];
	bool no_facing_change[UNIT_TYPE_COUNT];
	bool phalanx_column_no_hits[MOVEMENT_ROW_COUNT];
	/* stacking.ini */
	int nvelites, nroman_line;
	char velites[CLASSES_MAX][4];
	char roman_line[CLASSES_MAX][4];
	struct stacking_rule voluntary[STACKING_CLASS_COUNT][STACK_RELATION_COUNT];
	int stacking_figure[STACKING_FIGURE_COUNT];
	bool rout_exempt[STACKING_CLASS_COUNT];
	/* rout_points.ini */
	int rp_unit[RP_UNIT_FIGURES];
	int rp_leader[LEADER_KIND_COUNT];
	/* unit_types.ini: bit TRAIT_x set when the type has the trait */
	unsigned traits[UNIT_TYPE_COUNT];
	/* unit_types.ini: the class codes (2.22) and each one's type */
	char class_code[UNIT_CLASSES_MAX][UNIT_CLASS_CODE_MAX + 1];
	signed char class_type[UNIT_CLASSES_MAX];
	/* [class CODE] traits: the class's own traits, in place of its
	 * type's when class_own_traits is set */
	unsigned class_traits[UNIT_CLASSES_MAX];
	bool class_own_traits[UNIT_CLASSES_MAX];
	bool any_class_own_traits; /* one of class_own_traits is set */
	int nclasses;
	/* constants.ini */
	int constant[RULE_CONSTANT_COUNT];
	int supply_low_from[MISSILE_CLASS_COUNT];
	/* variants.ini */
	int variant[RULE_VARIANT_COUNT];
	/* events.ini: the event catalog, shared by copies */
	struct evcat *events;
	/* rule_numbers.ini: the book's numbers for the code's SPQR ones
	 * (rule_numbers.h); none in SPQR's own folder */
	struct rule_numbers numbers;
};

/* ---------------------------------------------------------------- names */

static const char *const table_names[SPQR_TABLE_COUNT] = {
	"clash", "shock_crt", "superiority", "shock_types", "missile",
	"rally", "leader_casualty", "movement", "stacking", "rout_points",
	"unit_types", "constants", "variants",
};
static const char *const trait_names[UNIT_TRAIT_COUNT] = {
	"infantry",    "cavalry",	"phalanx",	  "heavy_infantry",
	"legion",      "barbarian",	"light_infantry", "peltast",
	"skirmisher",  "light_cavalry", "elephant",	  "scorpio",
	"harass_foot", "heavy_foot",	"shock_skirmisher", "lancer",
	"cataphract",  "cardaces",	"chariot",	  "oxybeles",
	"rout_eliminates", "hoplite",	"double_sized",
	"charge_formation",
};
static const char *const superiority_names[SUPERIORITY_COUNT] = {
	"-", "AS", "DS", "DSp"};
static const char *const duty_names[SHOCK_DUTY_COUNT] = {"must", "may",
							 "never"};
static const char *const casualty_names[LEADER_CASUALTY_COUNT] = {
	"finished", "wounded_1", "wounded_2", "killed"};
static const char *const group_names[MOVEMENT_GROUP_COUNT] = {
	"heavy",    "medium",  "light",
	"skirmisher", "cavalry", "elephant", "chariot"};
static const char *const row_names[MOVEMENT_ROW_COUNT] = {
	"clear",	  "woods",	"broken",	  "marsh",
	"impassable",	  "major_river", "rocky_river_bed",
	"roman_road",	  "stream",	  "river",
	"rampart",	  "minor_river", "steep_bank", "steep_banked_stream",
	"wall",		  "up_1_level", "up_2_levels",	  "up_more_levels",
	"down_1_level",	  "down_2_levels", "down_more_levels",
	"facing_change",  "facing_change_rough",
};
static const char *const stacking_class_names[STACKING_CLASS_COUNT] = {
	"velites", "roman_line", "skirmisher", "other"};
static const char *const relation_names[STACK_RELATION_COUNT] = {
	"same_colour_roman", "other_roman", "anything_else"};
static const char *const voluntary_keys[5] = {
	"through_single_mover_hits", "through_single_stationary_hits",
	"through_stack_mover_hits", "through_stack_stationary_hits",
	"may_stop"};
static const char *const clash_sides[3] = {"front", "flank", "rear"};
static const char *const crt_sections[2] = {"attacker_hits",
					    "defender_hits"};

/* A named figure: one key of one section, range-checked. */
struct figure {
	const char *section;
	const char *key;
	int lo, hi;
};

static const struct figure crt_shift_figures[CRT_SHIFT_COUNT] = {
	{"column_shifts", "depleted_attacker", -13, 13},
	{"column_shifts", "depleted_defender", -13, 13},
	{"column_shifts", "phalanx_defense_per_flank", -13, 13},
	{"column_shifts", "phalanx_defense_per_flank_vs_hi", -13, 13},
	{"column_shifts", "defender_in_woods", -13, 13},
	{"column_shifts", "defender_in_broken", -13, 13},
	{"column_shifts", "defender_in_marsh", -13, 13},
	{"column_shifts", "attacker_uphill", -13, 13},
	{"column_shifts", "across_stream", -13, 13},
	{"column_shifts", "defender_behind_rampart", -13, 13},
};
static const struct figure multiplier_figures[SHOCK_MULTIPLIER_COUNT] = {
	{"superiority", "as_defender_hits", 1, 9},
	{"superiority", "ds_attacker_hits", 1, 9},
};
static const struct figure missile_figures[MISSILE_MODIFIER_COUNT] = {
	{"modifiers", "target_in_woods", -9, 9},
	{"modifiers", "target_phalanx_or_heavy", -9, 9},
	{"modifiers", "target_phalanx_or_heavy_front_adjacent", -9, 9},
	{"modifiers", "target_skirmisher", -9, 9},
	{"modifiers", "firer_moved", -9, 9},
	{"modifiers", "firer_depleted", -9, 9},
	{"modifiers", "target_behind_rampart", -9, 9},
	{"modifiers", "target_cataphract_archers", -9, 9},
	{"modifiers", "target_cataphract_slingers_javelins", -9, 9},
	{"modifiers", "target_charge_formation", -9, 9},
	{"results", "hits", 1, 9},
	{"results", "hits_on_elephant", 1, 9},
	{"results", "extended_range_hexes", 0, 9},
	{"results", "extended_range_needs", 0, 9},
};
static const struct figure missile_chart_figures[1] = {
	{"chart", "longest_range", 1, MISSILE_RANGE_CAP},
};
static const struct figure rally_figures[RALLY_MODIFIER_COUNT] = {
	{"modifiers", "attempt_initiative_bonus", 0, 9},
	{"modifiers", "depleted_attempt", 0, 9},
	{"modifiers", "depleted_table", 0, 9},
};
static const struct figure rally_chart_figures[1] = {
	{"chart", "low_band_highest_tq", 0, 9},
};
static const struct figure wound_figures[WOUND_FIGURE_COUNT] = {
	{"wounds", "wounded_1_loss", 0, 9},
	{"wounds", "wounded_2_loss", 0, 9},
	{"wounds", "rating_minimum", 0, 9},
	{"wounds", "wounds_that_kill", 1, 9},
};
static const struct figure movement_figures[MOVEMENT_MODIFIER_COUNT] = {
	{"facing", "roman_infantry_mp", 0, 9},
	{"facing", "elephant_mp_per_vertex", 0, 9},
	{"facing", "skirmisher_mp_per_vertex", 0, 9},
	{"facing", "skirmisher_mp", 0, 9},
	{"facing", "chariot_mp_per_vertex", 0, 9},
	{"column", "hits_less", 0, 9},
	{"column", "ma_bonus", 0, 9},
	{"column", "formation_change_mp", 0, 9},
	{"column", "roman_road_hexes_per_mp", 1, 9},
};
static const struct figure stacking_figures[STACKING_FIGURE_COUNT] = {
	{"limits", "units_per_hex", 1, 9},
	{"limits", "scorpios_per_hex", 1, 9},
	{"limits", "mixed_roman_stack_tq_drm", 0, 9},
	{"rout", "through_hits", 0, 9},
	{"rout", "through_same_colour_hits", 0, 9},
	{"rout", "stop_extra_hexes", 0, 9},
	{"rout", "stop_hits", 0, 9},
};
static const struct figure constant_figures[RULE_CONSTANT_COUNT] = {
	{"column", "tq_less", 0, 9},
	{"phalanx", "reverse_face_mp", 0, 9},
	{"phalanx", "pivot_hits", 0, 9},
	{"double_depth", "flank_rear_hits_multiplier", 1, 9},
	{"double_depth", "forming_extra_mp", 0, 9},
	{"rampage", "rolls", 1, 9},
	{"rampage", "hexes_per_roll", 1, 9},
	{"rampage", "alone_hexes", 1, 99},
	{"withdrawal", "range", 1, 9},
	{"withdrawal", "skirmisher_hexes", 1, 9},
	{"withdrawal", "column_ma_bonus", 0, 9},
	{"withdrawal", "line_leader_range", 0, 99},
	{"withdrawal", "two_hex_mover_ma", 0, 9},
	{"leader_withdrawal", "mp", 1, 9},
	{"leader_elephant", "grief_rampage_from", 0, 10},
	{"elephants", "cavalry_hex_hits", 0, 9},
	{"leader", "ma", 1, 20},
	{"leader", "ordered_in_zoc_cost", 1, 9},
	{"line_command", "zoc_drm", -9, 9},
	{"line_command", "proconsul_drm", -9, 9},
	{"rout", "initial_hexes", 0, 9},
	{"recovery", "hits", 0, 9},
	{"recovery", "hits_in_missile_range", 0, 9},
	{"shock", "killed_leader_extra_drm", 0, 9},
	{"personal_combat", "wounded_1_from", 1, 20},
	{"personal_combat", "wounded_2_from", 1, 20},
	{"personal_combat", "killed_from", 1, 20},
	{"leader", "elite_cancel_from", 0, 10},
	{"charge_formation", "form_mp", 0, 20},
	{"charge_formation", "leave_mp", 0, 20},
	{"charge_formation", "facing_mp", 0, 20},
	{"charge_formation", "levels", 0, 9},
	{"charge_formation", "terrain_hits_factor", 0, 9},
	{"pursuit", "check_drm", -9, 9},
};
/* variants.ini: each switch's section, key and choices, indexed by enum
 * rule_variant (tables.h: each switch's enum of choices, in the order of
 * its names here) */
static const struct variant_def {
	const char *section, *key;
	const char *const *choices;
} variant_defs[RULE_VARIANT_COUNT] = {
	[RV_ACTIVATION_TIE] = {"activation", "tie_between_sides",
	 (const char *const[]){"roll", "non_macedonian_first", NULL}},
	[RV_RALLY_DEPLETES] = {"rally", "depletion",
	 (const char *const[]){"yes", "no", NULL}},
	[RV_ROUT_PASSED_THROUGH] = {"rout", "passed_through",
	 (const char *const[]){"hit", "hit_and_check", NULL}},
	[RV_RALLY_GROUND] = {"rally", "ground",
	 (const char *const[]){"clear", "one_mp", NULL}},
	[RV_RALLY_DOUBLE_SIZE] = {"rally", "double_size_heavy_foot",
	 (const char *const[]){"yes", "no", NULL}},
	[RV_RALLY_HI_FAILING] = {"rally", "heavy_infantry_failing",
	 (const char *const[]){"as_others", "eliminated", NULL}},
	[RV_CHARGE_ELEPHANT] = {"charge", "elephant_attacks",
	 (const char *const[]){"elephant_plus_one", "defender_plus_one",
			       NULL}},
	[RV_POSITION_ZOC] = {"shock", "position_zoc",
	 (const char *const[]){"flank_or_rear", "any_unattacked", NULL}},
	[RV_POSITION_ELEPHANTS] = {"shock", "elephant_vs_elephant_position",
	 (const char *const[]){"no", "yes", NULL}},
	[RV_SIZE_SKIRMISHERS] = {"shock", "size_ratio_with_skirmishers",
	 (const char *const[]){"ignored", "counted", NULL}},
	[RV_LIGHT_CAVALRY_HALVING] = {"shock", "light_cavalry_halving",
	 (const char *const[]){"yes", "no", NULL}},
	[RV_SHOCK_LEADERS] = {"shock", "leader_casualties",
	 (const char *const[]){"every_leader", "personal_combat", NULL}},
	[RV_PHALANX_REVERSE] = {"reaction", "phalanx_reverse",
	 (const char *const[]){"yes", "no", NULL}},
	[RV_SECOND_MOVE_SKIRMISHERS] = {"movement", "second_move_skirmishers",
	 (const char *const[]){"exempt", "hit", NULL}},
	[RV_ROUGH] = {"movement", "rough",
	 (const char *const[]){"terrain", "hits_to_enter", NULL}},
	[RV_WITHDRAWAL_END] = {"withdrawal", "end",
	 (const char *const[]){"legion_check", "hit_then_check", NULL}},
	[RV_WITHDRAWAL_CLOSED] = {"withdrawal", "closed_terrain",
	 (const char *const[]){"woods_marsh", "rough", NULL}},
	[RV_ZOC_SKIRMISHER_NO_MISSILES] = {"zoc", "skirmisher_missile_no",
	 (const char *const[]){"none", "front", NULL}},
	[RV_ZOC_LEAVING] = {"zoc", "leaving",
	 (const char *const[]){"may_shock", "every_unit", NULL}},
	[RV_ZOC_TURNING] = {"zoc", "turning",
	 (const char *const[]){"half_ma", "one_enemy", NULL}},
	[RV_LINE_COMMANDS] = {"line_command", "per_phase",
	 (const char *const[]){"rating", "one", NULL}},
	[RV_LINE_COMMAND_STRATEGY] = {"line_command", "strategy",
	 (const char *const[]){"overall_commander", "own", NULL}},
	[RV_CAVALRY_LINE] = {"line_command", "cavalry_line",
	 (const char *const[]){"spacing", "half_command_range", NULL}},
	[RV_MOMENTUM_AFTER_RANGE_LC] = {"momentum", "after_line_command_by_oc_range",
	 (const char *const[]){"yes", "no", NULL}},
	[RV_DOOM_NINE] = {"momentum", "doom_nine",
	 (const char *const[]){"no_more_activations", "crisis_of_faith",
			       NULL}},
	[RV_FIRE_AFTER_MOVING] = {"missile", "after_moving",
	 (const char *const[]){"closer_hex", "any", NULL}},
	[RV_FIRE_ARC] = {"missile", "arc",
	 (const char *const[]){"front_or_flank", "front_skirmishers_flank",
			       NULL}},
	[RV_FIRE_LOS_NEARER] = {"missile", "los_past_nearer_unit",
	 (const char *const[]){"archers", "all", NULL}},
	[RV_ENTRY_FIRE_TARGETS] = {"missile", "entry_fire_targets",
	 (const char *const[]){"one", "each", NULL}},
	[RV_RETURN_AFTER_ENTRY] = {"missile", "return_after_entry",
	 (const char *const[]){"no", "yes", NULL}},
	[RV_SCREEN_FIRE] = {"missile", "screen_fire",
	 (const char *const[]){"any_reaction", "entry_only", NULL}},
	[RV_HD_LC_SKIRMISHERS] = {"harass", "light_cavalry_against_skirmishers",
	 (const char *const[]){"no", "yes", NULL}},
	[RV_HD_PATH] = {"harass", "path",
	 (const char *const[]){"front_los_levels", "clear", NULL}},
	[RV_HD_FIRE_BACK] = {"harass", "fire_back",
	 (const char *const[]){"target_and_path", "target", NULL}},
	[RV_ARTILLERY] = {"artillery", "bolt_throwers",
	 (const char *const[]){"scorpio", "oxybeles", NULL}},
	[RV_ELEPHANT_BY_ELEPHANT] = {"missile", "elephant_fired_on_by_elephant",
	 (const char *const[]){"single", "double", NULL}},
	/* -- switches of GBA 4-5, command and activation: add below -- */
	[RV_LEADER_STAYS] = {"leaders", "stay_with_units",
	 (const char *const[]){"yes", "no", NULL}},
	[RV_OC_IN_ZOC_ORDERS_LEADERS] = {"leaders", "oc_in_zoc_orders_leaders",
	 (const char *const[]){"yes", "no", NULL}},
	[RV_LEADER_WITHDRAWAL_REACH] = {"leaders", "withdrawal_reach",
	 (const char *const[]){"hexes", "ma_left", NULL}},
	[RV_LONE_LEADERS_MEET] = {"leaders", "lone_leaders_meet",
	 (const char *const[]){"nothing", "personal_combat", NULL}},
	[RV_RESTRICTION_LIMITS] = {"leaders", "restriction_limits",
	 (const char *const[]){"orders", "line_commands", NULL}},
	[RV_OC_STACK_ORDER] = {"leaders", "oc_stack_order",
	 (const char *const[]){"one_order", "two_orders", NULL}},
	[RV_TRUMPER_ACTS] = {"leaders", "trumper_acts",
	 (const char *const[]){"any_order", "moved_or_fired", NULL}},

	/* -- switches of GBA 6-7, movement, terrain, facing, ZOC: add below -- */
	[RV_FACING_FAILURE] = {"reaction", "facing_failure",
	 (const char *const[]){"hits", "rout", NULL}},
	[RV_HEAVY_FOOT_PASSING] = {"stacking", "heavy_foot",
	 (const char *const[]){"as_chart", "barred", NULL}},
	[RV_ENDED_STACKED] = {"stacking", "ended_stacked",
	 (const char *const[]){"stack", "mover_routs", NULL}},
	[RV_PW_ELIGIBLE] = {"prearranged", "eligible",
	 (const char *const[]){"elite_army", "phalanx_lines", NULL}},
	[RV_PW_ACTIVATED] = {"prearranged", "activated",
	 (const char *const[]){"no_move_orders", "line_stays", NULL}},
	[RV_FRONT_TO_FLANK_HIT] = {"double_sized", "front_to_flank_hit",
	 (const char *const[]){"every_unit", "not_phalanx", NULL}},
	[RV_AUGMENTED_CHECK] = {"double_sized", "augmented_check",
	 (const char *const[]){"one_hit", "difference", NULL}},
	[RV_STACKED_LEADER_WITHDRAWAL] = {"withdrawal", "stacked_leader",
	 (const char *const[]){"adjacent", "with_unit", NULL}},

	/* -- switches of GBA 8.1-8.2, 9.3-9.5, missiles and skirmishers: add below -- */
	[RV_SKIRMISHER_SHOCK] = {"skirmisher", "shock",
	 (const char *const[]){"never", "chariots_and_routed", NULL}},

	/* -- switches of GBA 8.3-8.5, 9.6, shock and the phalanx: add below -- */
	[RV_BREAKTHROUGH] = {"shock", "breakthrough",
	 (const char *const[]){"none", "total_hits", "resolution_hits",
			       NULL}},
	[RV_PHALANX_ROUT] = {"shock", "phalanx_rout",
	 (const char *const[]){"phalanx", "two_hex_heavy_foot", NULL}},

	/* -- switches of GBA 9.1-9.2, elephants and chariots: add below -- */
	[RV_RAMPAGE_HIGH_ROLL] = {"rampage", "high_roll",
	 (const char *const[]){"away_first", "eliminated", NULL}},
	[RV_PASS_THROUGH] = {"elephants", "pass_through",
	 (const char *const[]){"defender_choice", "automatic", NULL}},

	/* -- switches of GBA 9.7, 10, charge formation, cohesion, rout, rally, pursuit: add below -- */
	[RV_PURSUIT] = {"pursuit", "cavalry",
	 (const char *const[]){"always", "with_charge_formation", NULL}},
	[RV_ROUT_BLOCKED] = {"rout", "blocked",
	 (const char *const[]){"turn", "eliminated", NULL}},
};
static const struct figure rout_unit_figures[RP_UNIT_FIGURES] = {
	{"units", "tq_multiplier", 0, 20},
	{"units", "two_hex_tq_multiplier", 0, 20},
	{"units", "skirmisher", 0, 20},
	{"units", "elephant", 0, 20},
	{"units", "leader_elephant", 0, 20},
	{"units", "shock_skirmisher", 0, 20},
	{"units", "chariot", 0, 20},
	{"units", "oxybeles", 0, 20},
	{"units", "double_sized_tq_multiplier", 0, 20},
};

/* The sections each chart may hold (besides [file]); stacking's
 * [voluntary MOVER/STATIONARY] sections are checked apart. */
static const char *const *const table_sections[SPQR_TABLE_COUNT] = {
	(const char *const[]){"chart", "read_as", "front", "flank", "rear",
			      NULL},
	(const char *const[]){"attacker_hits", "defender_hits", "column_shifts",
			      "superiority", NULL},
	(const char *const[]){"chart", "read_as", "superiority", NULL},
	(const char *const[]){"types", "missile_exceptions", NULL},
	(const char *const[]){"chart", "strength", "modifiers", "results",
			      NULL},
	(const char *const[]){"chart", "rally", "modifiers", NULL},
	(const char *const[]){"casualty", "wounds", NULL},
	(const char *const[]){"groups", "chart", "mp", "hits", "facing",
			      "column", NULL},
	(const char *const[]){"classes", "limits", "rout", NULL},
	(const char *const[]){"units", "leaders", NULL},
	(const char *const[]){NULL}, /* [type CODE], checked apart */
	(const char *const[]){"column", "phalanx", "double_depth", "rampage",
			      "withdrawal", "leader_withdrawal",
			      "leader_elephant", "elephants", "missile_supply",
			      "leader", "line_command", "rout", "recovery",
			      "shock", "personal_combat", "charge_formation",
			      "pursuit", NULL},
	/* variants.ini: [ruleset] and the sections variant_defs names,
	 * checked apart (known_section), so that a new switch needs no
	 * second list */
	(const char *const[]){"ruleset", NULL},
};

static int find_name(const char *const *names, int n, const char *text)
{
	if (!text)
		return -1;
	for (int i = 0; i < n; i++)
		if (strcmp(names[i], text) == 0)
			return i;
	return -1;
}

const char *spqr_table_name(enum spqr_table t)
{
	return (unsigned)t < SPQR_TABLE_COUNT ? table_names[t] : "?";
}
int spqr_table_parse(const char *text)
{
	return find_name(table_names, SPQR_TABLE_COUNT, text);
}
const char *superiority_name(enum superiority s)
{
	return (unsigned)s < SUPERIORITY_COUNT ? superiority_names[s] : "?";
}
const char *shock_duty_name(enum shock_duty d)
{
	return (unsigned)d < SHOCK_DUTY_COUNT ? duty_names[d] : "?";
}
const char *leader_casualty_name(enum leader_casualty c)
{
	return (unsigned)c < LEADER_CASUALTY_COUNT ? casualty_names[c] : "?";
}
const char *movement_group_name(enum movement_group g)
{
	return (unsigned)g < MOVEMENT_GROUP_COUNT ? group_names[g] : "?";
}
const char *movement_row_name(enum movement_row r)
{
	return (unsigned)r < MOVEMENT_ROW_COUNT ? row_names[r] : "?";
}

/* -------------------------------------------------------------- parsing */

struct seen_key {
	char section[48];
	char key[48];
	int line;
};

struct parse {
	struct spqr_tables *t;
	struct ini_error *err;
	int want;  /* the table expected (tables_load), -1 for any */
	int table; /* set by [file] table */
	int file_line; /* line of the [file] header, 0 when none */
	int nseen;
	struct seen_key seen[SEEN_MAX];
	int nsections;
	struct seen_key sections[SECTIONS_MAX]; /* key unused */
	/* [chart] columns of the file being read: type codes or groups */
	int ncols;
	int cols[CELLS_MAX];
	bool in_chart[UNIT_TYPE_COUNT];
	bool read_as_set[UNIT_TYPE_COUNT];
};

static int section_line(const struct parse *p, const char *section)
{
	for (int i = 0; i < p->nsections; i++)
		if (strcmp(p->sections[i].section, section) == 0)
			return p->sections[i].line;
	return 0;
}

static bool has_key(const struct parse *p, const char *section,
		    const char *key)
{
	for (int i = 0; i < p->nseen; i++)
		if (strcmp(p->seen[i].section, section) == 0 &&
		    strcmp(p->seen[i].key, key) == 0)
			return true;
	return false;
}

/* A required key: fails at its section's header, or with no line when the
 * section itself is missing. */
static bool require(struct parse *p, const char *section, const char *key)
{
	if (has_key(p, section, key))
		return true;
	int line = section_line(p, section);
	if (line)
		ini_fail(p->err, line, "[%s] has no %s", section, key);
	else
		ini_fail(p->err, 0, "no [%s] section (it must give %s)",
			 section, key);
	return false;
}

static bool require_figures(struct parse *p, const struct figure *f, int n)
{
	for (int i = 0; i < n; i++)
		if (!require(p, f[i].section, f[i].key))
			return false;
	return true;
}

/* 1 on failure, 0 when stored, -1 when the key is not one of f. */
static int figure_key(struct parse *p, const struct figure *f, int n,
		      int *dest, const char *s, const char *k, const char *v,
		      int line)
{
	for (int i = 0; i < n; i++) {
		if (strcmp(f[i].section, s) != 0 || strcmp(f[i].key, k) != 0)
			continue;
		if (!ini_int(v, f[i].lo, f[i].hi, &dest[i]))
			return ini_fail(p->err, line,
					"%s must be a whole number from %d "
					"to %d, not \"%s\"",
					k, f[i].lo, f[i].hi, v);
		return 0;
	}
	return -1;
}

static int unknown_key(struct parse *p, const char *s, const char *k,
		       int line)
{
	return ini_fail(p->err, line, "unknown key %s in [%s]", k, s);
}

static int split(struct parse *p, const char *v, char (*tok)[32], int line)
{
	int n = ini_split(v, tok, CELLS_MAX);
	if (n < 0)
		ini_fail(p->err, line, "too many cells, or a cell too long");
	return n;
}

/* A row of n numbers lo..hi; "P" or "-" read as `special` when allowed
 * (marker non-NUL).  Returns false with the error filled. */
static bool number_row(struct parse *p, const char *k, const char *v,
		       int line, int n, int lo, int hi, char marker,
		       int *out)
{
	char tok[CELLS_MAX][32];
	int m = split(p, v, tok, line);
	if (m < 0)
		return false;
	if (m != n) {
		ini_fail(p->err, line, "%s has %d cells, the chart needs %d", k,
			 m, n);
		return false;
	}
	for (int i = 0; i < n; i++) {
		if (marker && tok[i][0] == marker && tok[i][1] == '\0') {
			out[i] = -1;
			continue;
		}
		if (!ini_int(tok[i], lo, hi, &out[i])) {
			if (marker)
				ini_fail(p->err, line,
					 "%s cell %d: \"%s\" is not %c or a "
					 "number from %d to %d",
					 k, i + 1, tok[i], marker, lo, hi);
			else
				ini_fail(p->err, line,
					 "%s cell %d: \"%s\" is not a number "
					 "from %d to %d",
					 k, i + 1, tok[i], lo, hi);
			return false;
		}
	}
	return true;
}

static int parse_type(struct parse *p, const char *text, int line)
{
	int ty = unit_type_parse(text);
	if (ty < 0)
		ini_fail(p->err, line, "unknown unit type code %s", text);
	return ty;
}

/* [chart] columns = unit type codes, each once. */
static int type_columns(struct parse *p, const char *v, int line)
{
	char tok[CELLS_MAX][32];
	int n = split(p, v, tok, line);
	if (n < 0)
		return 1;
	if (n == 0)
		return ini_fail(p->err, line, "columns lists no type");
	for (int i = 0; i < n; i++) {
		int ty = parse_type(p, tok[i], line);
		if (ty < 0)
			return 1;
		if (p->in_chart[ty])
			return ini_fail(p->err, line, "%s is listed twice",
					tok[i]);
		p->in_chart[ty] = true;
		p->cols[i] = ty;
	}
	p->ncols = n;
	return 0;
}

static int need_columns(struct parse *p, int line)
{
	if (p->ncols > 0)
		return 0;
	return ini_fail(p->err, line,
			"[chart] columns must come before this line");
}

/* [read_as] TYPE = CHART_TYPE */
static int read_as_key(struct parse *p, enum unit_type *as, const char *k,
		       const char *v, int line)
{
	if (need_columns(p, line))
		return 1;
	int ty = parse_type(p, k, line);
	if (ty < 0)
		return 1;
	int to = parse_type(p, v, line);
	if (to < 0)
		return 1;
	if (p->in_chart[ty])
		return ini_fail(p->err, line,
				"%s has its own row and column", k);
	if (!p->in_chart[to])
		return ini_fail(p->err, line, "%s is not a column of the chart",
				v);
	as[ty] = (enum unit_type)to;
	p->read_as_set[ty] = true;
	return 0;
}

/* A defender row of a type chart: the key must be a column type. */
static int chart_row_type(struct parse *p, const char *k, int line)
{
	if (need_columns(p, line))
		return -1;
	int ty = parse_type(p, k, line);
	if (ty < 0)
		return -1;
	if (!p->in_chart[ty]) {
		ini_fail(p->err, line, "%s is not a column of the chart", k);
		return -1;
	}
	return ty;
}

/* Every type has a column or a read_as; every column type a row in each
 * listed section. */
static bool types_complete(struct parse *p, const char *const *rows,
			   int nrows)
{
	if (!require(p, "chart", "columns"))
		return false;
	for (int ty = 0; ty < UNIT_TYPE_COUNT; ty++)
		if (!p->in_chart[ty] &&
		    !require(p, "read_as", unit_type_name((enum unit_type)ty)))
			return false;
	for (int r = 0; r < nrows; r++)
		for (int i = 0; i < p->ncols; i++)
			if (!require(p, rows[r],
				     unit_type_name((enum unit_type)p->cols[i])))
				return false;
	return true;
}

/* The head of a chart by unit type: [chart] columns (each type read as
 * itself until [read_as] says otherwise) and [read_as], into as; -1 when
 * section s is neither (it holds the chart's rows). */
static int chart_head_key(struct parse *p, enum unit_type *as, const char *s,
			  const char *k, const char *v, int line)
{
	if (strcmp(s, "chart") == 0) {
		if (strcmp(k, "columns") != 0)
			return unknown_key(p, s, k, line);
		if (type_columns(p, v, line))
			return 1;
		for (int i = 0; i < p->ncols; i++)
			as[p->cols[i]] = (enum unit_type)p->cols[i];
		return 0;
	}
	if (strcmp(s, "read_as") == 0)
		return read_as_key(p, as, k, v, line);
	return -1;
}

static int clash_key(struct parse *p, const char *s, const char *k,
		     const char *v, int line)
{
	struct spqr_tables *t = p->t;
	int head = chart_head_key(p, t->clash_as, s, k, v, line);
	if (head >= 0)
		return head;
	int side = find_name(clash_sides, 3, s);
	int def = chart_row_type(p, k, line);
	if (def < 0)
		return 1;
	int cells[CELLS_MAX];
	if (!number_row(p, k, v, line, p->ncols, 0, CRT_COLUMNS, 0, cells))
		return 1;
	for (int i = 0; i < p->ncols; i++)
		t->clash[side][def][p->cols[i]] = (signed char)cells[i];
	return 0;
}

static int crt_key(struct parse *p, const char *s, const char *k,
		   const char *v, int line)
{
	struct spqr_tables *t = p->t;
	int r = figure_key(p, crt_shift_figures, CRT_SHIFT_COUNT, t->crt_shift,
			   s, k, v, line);
	if (r < 0)
		r = figure_key(p, multiplier_figures, SHOCK_MULTIPLIER_COUNT,
			       t->shock_multiplier, s, k, v, line);
	if (r >= 0)
		return r;
	int which = find_name(crt_sections, 2, s);
	int dr;
	if (which < 0)
		return unknown_key(p, s, k, line);
	if (!ini_int(k, 0, CRT_ROWS - 1, &dr))
		return ini_fail(p->err, line,
				"[%s] rows are die rolls 0 to 9, not %s", s, k);
	int cells[CELLS_MAX];
	if (!number_row(p, k, v, line, CRT_COLUMNS, 0, 9, 0, cells))
		return 1;
	for (int i = 0; i < CRT_COLUMNS; i++)
		t->crt[which][dr][i] = (signed char)cells[i];
	return 0;
}

static int superiority_key(struct parse *p, const char *s, const char *k,
			   const char *v, int line)
{
	struct spqr_tables *t = p->t;
	int head = chart_head_key(p, t->sup_as, s, k, v, line);
	if (head >= 0)
		return head;
	int def = chart_row_type(p, k, line);
	if (def < 0)
		return 1;
	char tok[CELLS_MAX][32];
	int n = split(p, v, tok, line);
	if (n < 0)
		return 1;
	if (n != p->ncols)
		return ini_fail(p->err, line,
				"%s has %d cells, the chart needs %d", k, n,
				p->ncols);
	for (int i = 0; i < n; i++) {
		int sup = find_name(superiority_names, SUPERIORITY_COUNT, tok[i]);
		if (sup < 0)
			return ini_fail(p->err, line,
					"%s cell %d: \"%s\" is not -, AS, DS "
					"or DSp",
					k, i + 1, tok[i]);
		t->sup[def][p->cols[i]] = (unsigned char)sup;
	}
	return 0;
}

static int shock_types_key(struct parse *p, const char *s, const char *k,
			   const char *v, int line)
{
	struct spqr_tables *t = p->t;
	int duty = find_name(duty_names, SHOCK_DUTY_COUNT, v);
	if (strcmp(s, "types") == 0) {
		int ty = parse_type(p, k, line);
		if (ty < 0)
			return 1;
		if (duty < 0)
			return ini_fail(p->err, line,
					"%s must be must, may or never", k);
		t->duty[ty] = (unsigned char)duty;
		return 0;
	}
	/* [missile_exceptions] TYPE/MISSILE */
	char type[32];
	const char *slash = strchr(k, '/');
	if (!slash || (size_t)(slash - k) >= sizeof type)
		return ini_fail(p->err, line,
				"%s is not TYPE/MISSILE (e.g. LI/A)", k);
	memcpy(type, k, (size_t)(slash - k));
	type[slash - k] = '\0';
	int ty = parse_type(p, type, line);
	if (ty < 0)
		return 1;
	int mc = missile_class_parse(slash + 1);
	if (mc <= MC_NONE)
		return ini_fail(p->err, line, "unknown missile class %s",
				slash + 1);
	if (duty < 0)
		return ini_fail(p->err, line, "%s must be must, may or never",
				k);
	t->duty_missile[ty][mc] = (signed char)duty;
	return 0;
}

static int missile_key(struct parse *p, const char *s, const char *k,
		       const char *v, int line)
{
	struct spqr_tables *t = p->t;
	int r = figure_key(p, missile_figures, MISSILE_MODIFIER_COUNT,
			   t->missile_modifier, s, k, v, line);
	if (r < 0)
		r = figure_key(p, missile_chart_figures, 1, &t->longest_range,
			       s, k, v, line);
	if (r >= 0)
		return r;
	if (strcmp(s, "strength") != 0)
		return unknown_key(p, s, k, line);
	if (t->longest_range == 0)
		return ini_fail(p->err, line, "[chart] longest_range must "
					      "come before this line");
	int mc = missile_class_parse(k);
	if (mc <= MC_NONE)
		return ini_fail(p->err, line, "unknown missile class %s", k);
	int cells[CELLS_MAX];
	if (!number_row(p, k, v, line, t->longest_range, 0, 9, '-', cells))
		return 1;
	for (int i = 0; i < t->longest_range; i++)
		t->missile[mc][i] = (signed char)cells[i];
	return 0;
}

static int rally_key(struct parse *p, const char *s, const char *k,
		     const char *v, int line)
{
	struct spqr_tables *t = p->t;
	int r = figure_key(p, rally_figures, RALLY_MODIFIER_COUNT,
			   t->rally_modifier, s, k, v, line);
	if (r < 0)
		r = figure_key(p, rally_chart_figures, 1,
			       &t->rally_low_band_highest_tq, s, k, v, line);
	if (r >= 0)
		return r;
	static const char *const bands[2] = {"low", "high"};
	int band = find_name(bands, 2, k);
	if (strcmp(s, "rally") != 0 || band < 0)
		return unknown_key(p, s, k, line);
	int cells[CELLS_MAX];
	/* GBA 10.27: R, the unit keeps routing (RALLY_KEEPS_ROUTING) */
	if (!number_row(p, k, v, line, CRT_ROWS, 0, 9, 'R', cells))
		return 1;
	for (int i = 0; i < CRT_ROWS; i++)
		t->rally[band][i] = (signed char)cells[i];
	return 0;
}

static int casualty_key(struct parse *p, const char *s, const char *k,
			const char *v, int line)
{
	struct spqr_tables *t = p->t;
	int r = figure_key(p, wound_figures, WOUND_FIGURE_COUNT, t->wound, s,
			   k, v, line);
	if (r >= 0)
		return r;
	int dr;
	if (strcmp(s, "casualty") != 0)
		return unknown_key(p, s, k, line);
	if (!ini_int(k, 0, 9, &dr))
		return ini_fail(p->err, line,
				"[casualty] rows are die rolls 0 to 9, not %s",
				k);
	int c = find_name(casualty_names, LEADER_CASUALTY_COUNT, v);
	if (c < 0)
		return ini_fail(p->err, line,
				"%s must be finished, wounded_1, wounded_2 or "
				"killed",
				k);
	t->casualty[dr] = (unsigned char)c;
	return 0;
}

static int movement_key(struct parse *p, const char *s, const char *k,
			const char *v, int line)
{
	struct spqr_tables *t = p->t;
	int r = figure_key(p, movement_figures, MOVEMENT_MODIFIER_COUNT,
			   t->movement_modifier, s, k, v, line);
	if (r >= 0)
		return r;
	char tok[CELLS_MAX][32];
	if (strcmp(s, "groups") == 0) {
		int g = find_name(group_names, MOVEMENT_GROUP_COUNT, v);
		int ty = strcmp(k, "leader") == 0 ? -2 : parse_type(p, k, line);
		if (ty == -1)
			return 1;
		if (g < 0)
			return ini_fail(p->err, line,
					"%s: \"%s\" is not a movement group", k,
					v);
		if (ty == -2)
			t->leader_group = (unsigned char)g;
		else
			t->group[ty] = (unsigned char)g;
		return 0;
	}
	if (strcmp(s, "chart") == 0) {
		if (strcmp(k, "columns") != 0)
			return unknown_key(p, s, k, line);
		int n = split(p, v, tok, line);
		if (n < 0)
			return 1;
		if (n != MOVEMENT_GROUP_COUNT)
			return ini_fail(p->err, line,
					"columns must list the %d groups",
					MOVEMENT_GROUP_COUNT);
		bool used[MOVEMENT_GROUP_COUNT] = {false};
		for (int i = 0; i < n; i++) {
			int g = find_name(group_names, MOVEMENT_GROUP_COUNT,
					  tok[i]);
			if (g < 0)
				return ini_fail(p->err, line,
						"\"%s\" is not a movement group",
						tok[i]);
			if (used[g])
				return ini_fail(p->err, line,
						"%s is listed twice", tok[i]);
			used[g] = true;
			p->cols[i] = g;
		}
		p->ncols = n;
		return 0;
	}
	if (strcmp(s, "mp") == 0 || strcmp(s, "hits") == 0) {
		int row = find_name(row_names, MOVEMENT_ROW_COUNT, k);
		if (row < 0)
			return unknown_key(p, s, k, line);
		int cells[CELLS_MAX];
		if (s[0] == 'm') {
			if (!number_row(p, k, v, line, 1, 0, 9, 'P', cells))
				return 1;
			t->move_mp[row] = (signed char)cells[0];
			return 0;
		}
		if (need_columns(p, line))
			return 1;
		if (!number_row(p, k, v, line, p->ncols, 0, 9, 'P', cells))
			return 1;
		for (int i = 0; i < p->ncols; i++)
			t->move_hits[row][p->cols[i]] = (signed char)cells[i];
		return 0;
	}
	if (strcmp(s, "facing") == 0 && strcmp(k, "no_facing_change") == 0) {
		int n = split(p, v, tok, line);
		if (n < 0)
			return 1;
		for (int i = 0; i < n; i++) {
			int ty = parse_type(p, tok[i], line);
			if (ty < 0)
				return 1;
			t->no_facing_change[ty] = true;
		}
		return 0;
	}
	if (strcmp(s, "column") == 0 && strcmp(k, "phalanx_no_hits") == 0) {
		int n = split(p, v, tok, line);
		if (n < 0)
			return 1;
		for (int i = 0; i < n; i++) {
			int row = find_name(row_names, MOVEMENT_ROW_COUNT,
					    tok[i]);
			if (row < 0)
				return ini_fail(p->err, line,
						"\"%s\" is not a chart row",
						tok[i]);
			t->phalanx_column_no_hits[row] = true;
		}
		return 0;
	}
	return unknown_key(p, s, k, line);
}

/* "voluntary MOVER/STATIONARY": false when the name is not one. */
static bool voluntary_section(const char *s, int *mover, int *rel)
{
	static const char prefix[] = "voluntary ";
	if (strncmp(s, prefix, sizeof prefix - 1) != 0)
		return false;
	s += sizeof prefix - 1;
	const char *slash = strchr(s, '/');
	char m[32];
	if (!slash || (size_t)(slash - s) >= sizeof m)
		return false;
	memcpy(m, s, (size_t)(slash - s));
	m[slash - s] = '\0';
	*mover = find_name(stacking_class_names, STACKING_CLASS_COUNT, m);
	*rel = find_name(relation_names, STACK_RELATION_COUNT, slash + 1);
	return *mover >= 0 && *rel >= 0;
}

static int class_list(struct parse *p, const char *v, int line,
		      char (*out)[4], int *n)
{
	char tok[CELLS_MAX][32];
	int m = split(p, v, tok, line);
	if (m < 0)
		return 1;
	if (m > CLASSES_MAX)
		return ini_fail(p->err, line, "at most %d classes",
				CLASSES_MAX);
	for (int i = 0; i < m; i++) {
		if (strlen(tok[i]) > 3)
			return ini_fail(p->err, line,
					"\"%s\" is not a class code (1 to 3 "
					"letters)",
					tok[i]);
		size_t len = strlen(tok[i]);
		memcpy(out[i], tok[i], len + 1);
	}
	*n = m;
	return 0;
}

static int stacking_key(struct parse *p, const char *s, const char *k,
			const char *v, int line)
{
	struct spqr_tables *t = p->t;
	int r = figure_key(p, stacking_figures, STACKING_FIGURE_COUNT,
			   t->stacking_figure, s, k, v, line);
	if (r >= 0)
		return r;
	int mover, rel;
	if (voluntary_section(s, &mover, &rel)) {
		struct stacking_rule *c = &t->voluntary[mover][rel];
		int key = find_name(voluntary_keys, 5, k);
		int x;
		bool b;
		if (key < 0)
			return unknown_key(p, s, k, line);
		if (key == 4) {
			if (!ini_bool(v, &b))
				return ini_fail(p->err, line,
						"may_stop must be yes or no");
			c->may_stop = b;
			return 0;
		}
		if (!ini_int(v, 0, 9, &x))
			return ini_fail(p->err, line,
					"%s must be a whole number from 0 to "
					"9, not \"%s\"",
					k, v);
		int *dest[4] = {&c->through_single_mover_hits,
				&c->through_single_stationary_hits,
				&c->through_stack_mover_hits,
				&c->through_stack_stationary_hits};
		*dest[key] = x;
		return 0;
	}
	if (strcmp(s, "classes") == 0 && strcmp(k, "velites") == 0)
		return class_list(p, v, line, t->velites, &t->nvelites);
	if (strcmp(s, "classes") == 0 && strcmp(k, "roman_line") == 0)
		return class_list(p, v, line, t->roman_line, &t->nroman_line);
	if (strcmp(s, "rout") == 0 && strcmp(k, "exempt") == 0) {
		char tok[CELLS_MAX][32];
		int n = split(p, v, tok, line);
		if (n < 0)
			return 1;
		for (int i = 0; i < n; i++) {
			int c = find_name(stacking_class_names,
					  STACKING_CLASS_COUNT, tok[i]);
			if (c < 0)
				return ini_fail(p->err, line,
						"\"%s\" is not a stacking class",
						tok[i]);
			t->rout_exempt[c] = true;
		}
		return 0;
	}
	return unknown_key(p, s, k, line);
}

static int rout_points_key(struct parse *p, const char *s, const char *k,
			   const char *v, int line)
{
	struct spqr_tables *t = p->t;
	int r = figure_key(p, rout_unit_figures, RP_UNIT_FIGURES, t->rp_unit, s, k, v, line);
	if (r >= 0)
		return r;
	int kind = leader_kind_parse(k);
	if (strcmp(s, "leaders") != 0 || kind < 0)
		return unknown_key(p, s, k, line);
	if (!ini_int(v, 0, 20, &t->rp_leader[kind]))
		return ini_fail(p->err, line,
				"%s must be a whole number from 0 to 20, not "
				"\"%s\"",
				k, v);
	return 0;
}

/* "type CODE": the type, or -1 when the name is not one. */
static int type_section(const char *s)
{
	return strncmp(s, "type ", 5) == 0 ? unit_type_parse(s + 5) : -1;
}

/* The index of a class code in t, or -1. */
static int class_index(const struct spqr_tables *t, const char *code)
{
	for (int i = 0; t && code && i < t->nclasses; i++)
		if (strcmp(t->class_code[i], code) == 0)
			return i;
	return -1;
}

/* "class CODE": the class's index, or -1 when it names no listed class. */
static int class_section(const struct spqr_tables *t, const char *s)
{
	return strncmp(s, "class ", 6) == 0 ? class_index(t, s + 6) : -1;
}

/* unit_types.ini: [type CODE] classes = class codes (2.22), each of the
 * shape unit_class_code_ok and in one type only.  A class listed again
 * for the same type (a ruleset's file read over its base's) is kept. */
static int unit_classes(struct parse *p, int ty, char tok[][32], int n,
			int line)
{
	struct spqr_tables *t = p->t;
	bool seen_here[UNIT_CLASSES_MAX] = {false};
	for (int i = 0; i < n; i++) {
		size_t len = strlen(tok[i]);
		if (!unit_class_code_ok(tok[i]))
			return ini_fail(p->err, line,
					"class \"%s\" is not one to three "
					"capital letters (a * may follow)",
					tok[i]);
		int j = class_index(t, tok[i]);
		if (j >= 0 && (t->class_type[j] != ty || seen_here[j]))
			return ini_fail(p->err, line,
					"class %s is listed twice", tok[i]);
		if (j >= 0) {
			seen_here[j] = true;
			continue;
		}
		if (t->nclasses >= UNIT_CLASSES_MAX)
			return ini_fail(p->err, line,
					"more than %d classes",
					UNIT_CLASSES_MAX);
		memcpy(t->class_code[t->nclasses], tok[i], len + 1);
		seen_here[t->nclasses] = true;
		t->class_type[t->nclasses++] = (signed char)ty;
	}
	return 0;
}

/* unit_types.ini: [type CODE] traits = names of enum unit_trait;
 * [class CODE] traits = the same, for the units of a class whose traits
 * are not all their type's (GBA's SK*: a skirmisher that may shock) */
static int unit_types_key(struct parse *p, const char *s, const char *k,
			  const char *v, int line)
{
	int ty = type_section(s);
	int cl = ty < 0 ? class_section(p->t, s) : -1;
	if (ty < 0 && cl < 0 && strncmp(s, "class ", 6) == 0)
		return ini_fail(p->err, line,
				"class %s is in no [type] section's classes "
				"above", s + 6);
	if ((ty < 0 && cl < 0) ||
	    (strcmp(k, "traits") != 0 &&
	     (cl >= 0 || strcmp(k, "classes") != 0)))
		return unknown_key(p, s, k, line);
	char tok[CELLS_MAX][32];
	int n = split(p, v, tok, line);
	if (n < 0)
		return 1;
	if (strcmp(k, "classes") == 0)
		return unit_classes(p, ty, tok, n, line);
	unsigned bits = 0;
	for (int i = 0; i < n; i++) {
		int tr = find_name(trait_names, UNIT_TRAIT_COUNT, tok[i]);
		if (tr < 0)
			return ini_fail(p->err, line,
					"\"%s\" is not a unit trait", tok[i]);
		if (bits & (1u << tr))
			return ini_fail(p->err, line, "%s is listed twice",
					tok[i]);
		bits |= 1u << tr;
	}
	if (cl >= 0) {
		p->t->class_traits[cl] = bits;
		p->t->class_own_traits[cl] = true;
		p->t->any_class_own_traits = true;
	} else {
		p->t->traits[ty] = bits;
	}
	return 0;
}

/* constants.ini: named figures, and [missile_supply] CLASS = the lowest
 * unmodified die that leaves the class Missile Low (10: none) */
static int constants_key(struct parse *p, const char *s, const char *k,
			 const char *v, int line)
{
	struct spqr_tables *t = p->t;
	int r = figure_key(p, constant_figures, RULE_CONSTANT_COUNT,
			   t->constant, s, k, v, line);
	if (r >= 0)
		return r;
	int mc = missile_class_parse(k);
	if (strcmp(s, "missile_supply") != 0 || mc <= MC_NONE)
		return unknown_key(p, s, k, line);
	if (!ini_int(v, 0, 10, &t->supply_low_from[mc]))
		return ini_fail(p->err, line,
				"%s must be a whole number from 0 to 10, not "
				"\"%s\"",
				k, v);
	return 0;
}

/* variants.ini: [ruleset] base = the folder of the files this ruleset
 * shares (tables_path), and each switch one of its named choices */
static int variants_key(struct parse *p, const char *s, const char *k,
			const char *v, int line)
{
	if (!strcmp(s, "ruleset")) {
		if (strcmp(k, "base") != 0)
			return unknown_key(p, s, k, line);
		for (const char *c = v; *c; c++)
			if (!((*c >= 'a' && *c <= 'z') || *c == '_'))
				return ini_fail(p->err, line,
						"base must name a ruleset's "
						"folder (a-z and _), not "
						"\"%s\"",
						v);
		return *v ? 0
			  : ini_fail(p->err, line, "base is empty");
	}
	for (int i = 0; i < RULE_VARIANT_COUNT; i++) {
		const struct variant_def *d = &variant_defs[i];
		if (!d->section || strcmp(d->section, s) != 0 ||
		    strcmp(d->key, k) != 0)
			continue;
		char names[160] = "";
		size_t len = 0;
		for (int c = 0; d->choices[c]; c++) {
			if (!strcmp(d->choices[c], v)) {
				p->t->variant[i] = c;
				return 0;
			}
			int w = snprintf(names + len, sizeof names - len,
					 "%s%s", c ? ", " : "", d->choices[c]);
			if (w > 0 && (size_t)w < sizeof names - len)
				len += (size_t)w;
		}
		return ini_fail(p->err, line, "%s must be one of %s, not \"%s\"",
				k, names, v);
	}
	return unknown_key(p, s, k, line);
}

static int file_key(struct parse *p, const char *k, const char *v, int line)
{
	int x;
	if (strcmp(k, "kind") == 0) {
		if (strcmp(v, "rules") != 0)
			return ini_fail(p->err, line,
					"kind is %s: not a rules file", v);
		return 0;
	}
	if (strcmp(k, "version") == 0) {
		if (!ini_int(v, 1, 1, &x))
			return ini_fail(p->err, line,
					"version %s: only version 1 is known",
					v);
		return 0;
	}
	if (strcmp(k, "table") == 0) {
		int tb = spqr_table_parse(v);
		if (tb < 0)
			return ini_fail(p->err, line, "unknown table %s", v);
		if (p->want >= 0 && tb != p->want)
			return ini_fail(p->err, line,
					"table %s, but this file should hold %s",
					v, table_names[p->want]);
		p->table = tb;
		return 0;
	}
	return unknown_key(p, "file", k, line);
}

static int (*const table_key[SPQR_TABLE_COUNT])(struct parse *, const char *,
						const char *, const char *,
						int) = {
	clash_key,	 crt_key,      superiority_key, shock_types_key,
	missile_key,	 rally_key,    casualty_key,	movement_key,
	stacking_key,	 rout_points_key, unit_types_key, constants_key,
	variants_key,
};

static bool known_section(int table, const char *s)
{
	for (const char *const *n = table_sections[table]; *n; n++)
		if (strcmp(*n, s) == 0)
			return true;
	int m, r;
	if (table == TABLE_UNIT_TYPES)
		return type_section(s) >= 0 || strncmp(s, "class ", 6) == 0;
	if (table == TABLE_VARIANTS) {
		for (int i = 0; i < RULE_VARIANT_COUNT; i++)
			if (variant_defs[i].section &&
			    strcmp(variant_defs[i].section, s) == 0)
				return true;
		return false;
	}
	return table == TABLE_STACKING && voluntary_section(s, &m, &r);
}

static int handler(void *user, const char *section, const char *key,
		   const char *value, int line)
{
	struct parse *p = user;
	if (strlen(section) >= sizeof p->seen[0].section)
		return ini_fail(p->err, line, "section name too long");
	if (!key) {
		int first = section_line(p, section);
		if (first)
			return ini_fail(p->err, line,
					"[%s] again (first at line %d)",
					section, first);
		if (strcmp(section, "file") == 0) {
			p->file_line = line;
		} else if (p->table < 0) {
			return ini_fail(p->err, line,
					"the [file] section with kind, version "
					"and table must come first");
		} else if (!known_section(p->table, section)) {
			return ini_fail(p->err, line,
					"unknown section [%s] in a %s file",
					section, table_names[p->table]);
		}
		if (p->nsections >= SECTIONS_MAX)
			return ini_fail(p->err, line, "too many sections");
		struct seen_key *sk = &p->sections[p->nsections++];
		snprintf(sk->section, sizeof sk->section, "%s", section);
		sk->key[0] = '\0';
		sk->line = line;
		return 0;
	}
	if (strlen(key) >= sizeof p->seen[0].key)
		return ini_fail(p->err, line, "key too long");
	/* a section comes once (above), so its keys are the last ones seen */
	for (int i = p->nseen - 1;
	     i >= 0 && strcmp(p->seen[i].section, section) == 0; i--)
		if (strcmp(p->seen[i].key, key) == 0)
			return ini_fail(p->err, line,
					"duplicate key %s in [%s] (first at "
					"line %d)",
					key, section, p->seen[i].line);
	if (p->nseen >= SEEN_MAX)
		return ini_fail(p->err, line, "too many keys");
	struct seen_key *sk = &p->seen[p->nseen++];
	/* both fit: their lengths were checked above */
	memcpy(sk->section, section, strlen(section) + 1);
	memcpy(sk->key, key, strlen(key) + 1);
	sk->line = line;
	if (section[0] == '\0')
		return ini_fail(p->err, line, "key %s before any section", key);
	if (strcmp(section, "file") == 0)
		return file_key(p, key, value, line);
	if (p->table < 0) /* found by tests/fuzz: no table to read it as */
		return ini_fail(p->err, line,
				"the [file] section with kind, version and "
				"table must come first");
	return table_key[p->table](p, section, key, value, line);
}

/* -------------------------------------------------- completeness checks */

static bool names_complete(struct parse *p, const char *section,
			   const char *const *names, int n)
{
	for (int i = 0; i < n; i++)
		if (!require(p, section, names[i]))
			return false;
	return true;
}

static bool digits_complete(struct parse *p, const char *section, int n)
{
	for (int i = 0; i < n; i++) {
		char key[16];
		snprintf(key, sizeof key, "%d", i);
		if (!require(p, section, key))
			return false;
	}
	return true;
}

static bool complete(struct parse *p)
{
	struct spqr_tables *t = p->t;
	const char *type_codes[UNIT_TYPE_COUNT];
	for (int i = 0; i < UNIT_TYPE_COUNT; i++)
		type_codes[i] = unit_type_name((enum unit_type)i);
	switch ((enum spqr_table)p->table) {
	case TABLE_CLASH:
		return types_complete(p, clash_sides, 3);
	case TABLE_SHOCK_CRT:
		return digits_complete(p, "attacker_hits", CRT_ROWS) &&
		       digits_complete(p, "defender_hits", CRT_ROWS) &&
		       require_figures(p, crt_shift_figures, CRT_SHIFT_COUNT) &&
		       require_figures(p, multiplier_figures,
				       SHOCK_MULTIPLIER_COUNT);
	case TABLE_SUPERIORITY: {
		static const char *const rows[1] = {"superiority"};
		return types_complete(p, rows, 1);
	}
	case TABLE_SHOCK_TYPES:
		return names_complete(p, "types", type_codes, UNIT_TYPE_COUNT);
	case TABLE_MISSILE: {
		const char *mc[MISSILE_CLASS_COUNT - 1];
		for (int i = 1; i < MISSILE_CLASS_COUNT; i++)
			mc[i - 1] = missile_class_name((enum missile_class)i);
		return require_figures(p, missile_chart_figures, 1) &&
		       names_complete(p, "strength", mc,
				      MISSILE_CLASS_COUNT - 1) &&
		       require_figures(p, missile_figures,
				       MISSILE_MODIFIER_COUNT);
	}
	case TABLE_RALLY: {
		static const char *const bands[2] = {"low", "high"};
		return require_figures(p, rally_chart_figures, 1) &&
		       names_complete(p, "rally", bands, 2) &&
		       require_figures(p, rally_figures, RALLY_MODIFIER_COUNT);
	}
	case TABLE_LEADER_CASUALTY:
		return digits_complete(p, "casualty", 10) &&
		       require_figures(p, wound_figures, WOUND_FIGURE_COUNT);
	case TABLE_MOVEMENT:
		return names_complete(p, "groups", type_codes,
				      UNIT_TYPE_COUNT) &&
		       require(p, "groups", "leader") &&
		       require(p, "chart", "columns") &&
		       names_complete(p, "mp", row_names, MOVEMENT_ROW_COUNT) &&
		       names_complete(p, "hits", row_names,
				      MOVEMENT_ROW_COUNT) &&
		       require_figures(p, movement_figures,
				       MOVEMENT_MODIFIER_COUNT) &&
		       require(p, "facing", "no_facing_change") &&
		       require(p, "column", "phalanx_no_hits");
	case TABLE_STACKING:
		if (!require(p, "classes", "velites") ||
		    !require(p, "classes", "roman_line") ||
		    !require_figures(p, stacking_figures,
				     STACKING_FIGURE_COUNT) ||
		    !require(p, "rout", "exempt"))
			return false;
		for (int m = 0; m < STACKING_CLASS_COUNT; m++)
			for (int r = 0; r < STACK_RELATION_COUNT; r++) {
				char s[64];
				snprintf(s, sizeof s, "voluntary %s/%s",
					 stacking_class_names[m],
					 relation_names[r]);
				if (!names_complete(p, s, voluntary_keys, 5))
					return false;
			}
		return true;
	case TABLE_ROUT_POINTS: {
		const char *kinds[LEADER_KIND_COUNT];
		for (int i = 0; i < LEADER_KIND_COUNT; i++)
			kinds[i] = leader_kind_name((enum leader_kind)i);
		return require_figures(p, rout_unit_figures, RP_UNIT_FIGURES) &&
		       names_complete(p, "leaders", kinds, LEADER_KIND_COUNT);
	}
	case TABLE_UNIT_TYPES:
		for (int ty = 0; ty < UNIT_TYPE_COUNT; ty++) {
			char s[16];
			snprintf(s, sizeof s, "type %s", type_codes[ty]);
			if (!require(p, s, "traits"))
				return false;
		}
		return true;
	case TABLE_CONSTANTS: {
		const char *mc[MISSILE_CLASS_COUNT - 1];
		for (int i = 1; i < MISSILE_CLASS_COUNT; i++)
			mc[i - 1] = missile_class_name((enum missile_class)i);
		return require_figures(p, constant_figures,
				       RULE_CONSTANT_COUNT) &&
		       names_complete(p, "missile_supply", mc,
				      MISSILE_CLASS_COUNT - 1);
	}
	case TABLE_VARIANTS:
		for (int i = 0; i < RULE_VARIANT_COUNT; i++) {
			if (!variant_defs[i].section) /* a switch unnamed */
				return !ini_fail(p->err, 0,
						 "switch %d of enum "
						 "rule_variant has no name in "
						 "tables.c",
						 i);
			if (!require(p, variant_defs[i].section,
				     variant_defs[i].key))
				return false;
		}
		return true;
	case SPQR_TABLE_COUNT:
		break;
	}
	(void)t;
	return false;
}

/* Reads one chart file into t; want is the table expected or -1. */
static bool read_chart(const char *path, int want, struct spqr_tables *t,
		       bool overlay, struct ini_error *err)
{
	struct parse *p = malloc(sizeof *p);
	if (!p) {
		size_t pl = strlen(path); /* a long path is cut, not refused */
		if (pl >= sizeof err->file)
			pl = sizeof err->file - 1;
		memcpy(err->file, path, pl);
		err->file[pl] = '\0';
		err->line = 0;
		snprintf(err->msg, sizeof err->msg, "out of memory");
		return false;
	}
	/* seen[] and sections[] are read only below their counts: the rest
	 * is zeroed (not their 57 KB, once per chart file) */
	memset(p, 0, offsetof(struct parse, seen));
	p->nsections = 0;
	memset(&p->ncols, 0, sizeof *p - offsetof(struct parse, ncols));
	p->t = t;
	p->err = err;
	p->want = want;
	p->table = -1;
	bool ok = ini_read_file(path, handler, p, err);
	if (ok) {
		if (!require(p, "file", "kind") ||
		    !require(p, "file", "version") ||
		    !require(p, "file", "table"))
			ok = false;
		else if (!overlay) /* an overlay gives only what differs */
			ok = complete(p);
	}
	free(p);
	return ok;
}

/* tables_path, tables_base: DIR/variants.ini's [ruleset] base */
struct base_read {
	char base[64];
};

static int base_handler(void *user, const char *section, const char *key,
			const char *value, int line)
{
	struct base_read *b = user;
	(void)line;
	if (key && !strcmp(section, "ruleset") && !strcmp(key, "base"))
		snprintf(b->base, sizeof b->base, "%s", value);
	return 0;
}

static bool regular_file(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

bool tables_base(const char *dir, char *out, size_t n)
{
	char own[1024];
	int w = snprintf(own, sizeof own, "%s/variants.ini", dir);
	struct base_read b = {""};
	struct ini_error e;
	if (w < 0 || (size_t)w >= sizeof own || !regular_file(own) ||
	    !ini_read_file(own, base_handler, &b, &e) || !b.base[0] ||
	    strchr(b.base, '/') || !strcmp(b.base, ".."))
		return false;
	w = snprintf(out, n, "%s/../%s", dir, b.base);
	return w >= 0 && (size_t)w < n;
}

bool tables_path(const char *dir, const char *name, char *out, size_t n)
{
	int w = snprintf(out, n, "%s/%s", dir, name);
	if (w < 0 || (size_t)w >= n)
		return false;
	if (regular_file(out))
		return true;
	char base[1024], based[1200];
	if (!tables_base(dir, base, sizeof base))
		return false;
	w = snprintf(based, sizeof based, "%s/%s", base, name);
	if (w < 0 || (size_t)w >= sizeof based || (size_t)w >= n ||
	    !regular_file(based))
		return false;
	memcpy(out, based, (size_t)w + 1);
	return true;
}

static void tables_init(struct spqr_tables *t)
{
	memset(t->duty_missile, -1, sizeof t->duty_missile);
}

struct spqr_tables *tables_load(const char *dir, struct ini_error *err)
{
	struct spqr_tables *t = calloc(1, sizeof *t);
	if (!t) {
		snprintf(err->file, sizeof err->file, "%s", dir);
		err->line = 0;
		snprintf(err->msg, sizeof err->msg, "out of memory");
		return NULL;
	}
	tables_init(t);
	char base[1024] = "";
	bool based = tables_base(dir, base, sizeof base);
	for (int i = 0; i < SPQR_TABLE_COUNT; i++) {
		char own[1024], under[1200];
		int w = snprintf(own, sizeof own, "%s/%s.ini", dir,
				 table_names[i]);
		int wb = snprintf(under, sizeof under, "%s/%s.ini", base,
				  table_names[i]);
		if (w < 0 || (size_t)w >= sizeof own || wb < 0 ||
		    (size_t)wb >= sizeof under) {
			snprintf(err->file, sizeof err->file, "%s", dir);
			err->line = 0;
			snprintf(err->msg, sizeof err->msg,
				 "directory name too long");
			free(t);
			return NULL;
		}
		/* a ruleset with a base: the base's chart, and this
		 * ruleset's file (if any) read over it, giving only what
		 * differs; its variants are its own, whole */
		bool ok;
		if (based && i != TABLE_VARIANTS && regular_file(under))
			ok = read_chart(under, i, t, false, err) &&
			     (!regular_file(own) ||
			      read_chart(own, i, t, true, err));
		else
			ok = read_chart(own, i, t, false, err);
		if (!ok) {
			free(t);
			return NULL;
		}
	}
	if (!rule_numbers_load(&t->numbers, dir, err)) {
		free(t);
		return NULL;
	}
	char path[1024];
	tables_path(dir, "events.ini", path, sizeof path);
	t->events = evcat_load(path, err);
	if (!t->events) {
		free(t);
		return NULL;
	}
	return t;
}

void tables_free(struct spqr_tables *t)
{
	if (t)
		evcat_free(t->events);
	free(t);
}

struct spqr_tables *tables_copy(const struct spqr_tables *t)
{
	struct spqr_tables *c = malloc(sizeof *c);
	if (c) {
		*c = *t;
		evcat_ref(c->events);
	}
	return c;
}

const struct evcat *tables_events(const struct spqr_tables *t)
{
	return t ? t->events : NULL;
}

const struct rule_numbers *tables_rule_numbers(const struct spqr_tables *t)
{
	static const struct rule_numbers none; /* const: no map */
	return t ? &t->numbers : &none;
}

bool tables_check_file(const char *path, struct ini_error *err)
{
	struct spqr_tables *t = calloc(1, sizeof *t);
	if (!t) {
		snprintf(err->file, sizeof err->file, "%s", path);
		err->line = 0;
		snprintf(err->msg, sizeof err->msg, "out of memory");
		return false;
	}
	tables_init(t);
	/* a file of a ruleset with a base is read over the base's file of
	 * the same name, as tables_load reads it (the variants excepted,
	 * which the table named in the file tells after the fact) */
	char dir[1024], base[1024], under[2100];
	const char *slash = strrchr(path, '/');
	snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) : 1,
		 slash ? path : ".");
	bool ok;
	if (tables_base(dir, base, sizeof base) &&
	    strcmp(slash ? slash + 1 : path, "variants.ini") != 0 &&
	    snprintf(under, sizeof under, "%s/%s", base,
		     slash ? slash + 1 : path) < (int)sizeof under &&
	    regular_file(under)) {
		ok = read_chart(under, -1, t, false, err) &&
		     read_chart(path, -1, t, true, err);
	} else {
		ok = read_chart(path, -1, t, false, err);
	}
	free(t);
	return ok;
}

/* -------------------------------------------------------------- look-ups */

static bool valid_type(enum unit_type ty)
{
	return (unsigned)ty < UNIT_TYPE_COUNT;
}

static int clamp(int x, int lo, int hi)
{
	return x < lo ? lo : x > hi ? hi : x;
}

enum unit_type tables_clash_reads_as(const struct spqr_tables *t,
				     enum unit_type type)
{
	return valid_type(type) ? t->clash_as[type] : type;
}

/* 8.45 the Clash of Spears and Swords */
int tables_clash_column(const struct spqr_tables *t, enum unit_type defender,
			enum unit_type attacker, enum hex_zone side)
{
	if (!valid_type(defender) || !valid_type(attacker) ||
	    side < ZONE_FRONT || side > ZONE_REAR)
		return 0;
	return t->clash[side - ZONE_FRONT][t->clash_as[defender]]
		       [t->clash_as[attacker]];
}

/* 8.46 step 4, 8.74 the Shock CRT; clamps only here (RULINGS R3) */
struct crt_result tables_shock_crt(const struct spqr_tables *t, int column,
				   int dr)
{
	int c = clamp(column, 1, CRT_COLUMNS) - 1;
	int r = clamp(dr, 0, CRT_ROWS - 1);
	return (struct crt_result){.attacker_hits = t->crt[0][r][c],
				   .defender_hits = t->crt[1][r][c]};
}

/* 8.46 step 3 column shifts */
int tables_crt_shift(const struct spqr_tables *t, enum crt_shift s)
{
	return (unsigned)s < CRT_SHIFT_COUNT ? t->crt_shift[s] : 0;
}

/* 8.46 step 4 Superiority multipliers */
int tables_shock_multiplier(const struct spqr_tables *t,
			    enum shock_multiplier m)
{
	return (unsigned)m < SHOCK_MULTIPLIER_COUNT ? t->shock_multiplier[m]
						    : 1;
}

/* 8.46 step 1.B, 8.72 Weapon System Superiority */
enum superiority tables_weapon_superiority(const struct spqr_tables *t,
					   enum unit_type attacker,
					   enum unit_type defender)
{
	if (!valid_type(attacker) || !valid_type(defender))
		return SUP_NONE;
	return (enum superiority)t->sup[t->sup_as[defender]]
				       [t->sup_as[attacker]];
}

/* 8.72, TABLES.md §3: DSp is DS unless the defender is Missile No */
enum superiority tables_weapon_superiority_now(const struct spqr_tables *t,
					       enum unit_type attacker,
					       enum unit_type defender,
					       bool defender_has_missiles)
{
	enum superiority s = tables_weapon_superiority(t, attacker, defender);
	if (s == SUP_DSP)
		return defender_has_missiles ? SUP_DS : SUP_NONE;
	return s;
}

/* 7.31, 7.33 must, may or never shock */
enum shock_duty tables_shock_duty(const struct spqr_tables *t,
				  enum unit_type type,
				  enum missile_class missile)
{
	if (!valid_type(type))
		return SHOCK_NEVER;
	if ((unsigned)missile < MISSILE_CLASS_COUNT &&
	    t->duty_missile[type][missile] >= 0)
		return (enum shock_duty)t->duty_missile[type][missile];
	return (enum shock_duty)t->duty[type];
}

/* 8.15, 8.71 missile strength at a range */
int tables_missile_strength(const struct spqr_tables *t,
			    enum missile_class mc, int range)
{
	if (mc <= MC_NONE || mc >= MISSILE_CLASS_COUNT || range < 1 ||
	    range > t->longest_range)
		return OUT_OF_RANGE;
	return t->missile[mc][range - 1];
}

/* 8.71 the longest range of a missile class */
int tables_missile_range(const struct spqr_tables *t, enum missile_class mc)
{
	int r = 0;
	for (int i = 1; i <= t->longest_range; i++)
		if (tables_missile_strength(t, mc, i) >= 0)
			r = i;
	return r;
}

/* 8.15, 8.16 missile modifiers and results */
int tables_missile_modifier(const struct spqr_tables *t,
			    enum missile_modifier m)
{
	return (unsigned)m < MISSILE_MODIFIER_COUNT ? t->missile_modifier[m]
						    : 0;
}

/* 10.29 the Rally Table (GBA 10.27: an "R" cell), 10.33 +2 when already
 * Depleted */
int tables_rally_hits(const struct spqr_tables *t, int printed_tq, int dr,
		      bool depleted)
{
	if (depleted)
		dr += t->rally_modifier[RM_DEPLETED_TABLE_DR];
	int band = printed_tq <= t->rally_low_band_highest_tq ? 0 : 1;
	return t->rally[band][clamp(dr, 0, CRT_ROWS - 1)];
}

/* 10.28, 10.33 rally figures */
int tables_rally_modifier(const struct spqr_tables *t, enum rally_modifier m)
{
	return (unsigned)m < RALLY_MODIFIER_COUNT ? t->rally_modifier[m] : 0;
}

/* 4.73, 8.19 the Leader Casualty Table */
enum leader_casualty tables_leader_casualty(const struct spqr_tables *t,
					    int dr)
{
	return (enum leader_casualty)t->casualty[clamp(dr, 0, 9)];
}

/* TABLES.md §6 wound figures */
int tables_wound_figure(const struct spqr_tables *t, enum wound_figure f)
{
	return (unsigned)f < WOUND_FIGURE_COUNT ? t->wound[f] : 0;
}

/* 6.27 the column a unit type moves in */
enum movement_group tables_movement_group(const struct spqr_tables *t,
					  enum unit_type type)
{
	return valid_type(type) ? (enum movement_group)t->group[type]
				: MG_HEAVY;
}

/* 6.27 the column leaders move in */
enum movement_group tables_leader_movement_group(const struct spqr_tables *t)
{
	return (enum movement_group)t->leader_group;
}

/* 6.27 one cell of the Movement Cost Chart */
struct move_cost tables_movement_cost(const struct spqr_tables *t,
				      enum movement_row row,
				      enum movement_group g)
{
	struct move_cost c = {0, 0, true};
	if ((unsigned)row >= MOVEMENT_ROW_COUNT ||
	    (unsigned)g >= MOVEMENT_GROUP_COUNT)
		return c;
	int mp = t->move_mp[row];
	int hits = t->move_hits[row][g];
	c.prohibited = mp == PROHIBITED || hits == PROHIBITED;
	c.mp = c.prohibited ? 0 : mp;
	c.hits = c.prohibited ? 0 : hits;
	return c;
}

static void add_cost(struct move_cost *sum, struct move_cost c)
{
	sum->mp += c.mp;
	sum->hits += c.hits;
	sum->prohibited = sum->prohibited || c.prohibited;
}

/* 6.21, 6.22, 6.24, 6.72 the cost of entering a hex */
struct move_cost tables_hex_entry_cost(const struct spqr_tables *t,
				       const struct hex_entry *e)
{
	struct move_cost sum = {0, 0, false};
	if ((unsigned)e->terrain >= TERRAIN_COUNT ||
	    (!e->leader && !valid_type(e->type)))
		return (struct move_cost){0, 0, true};
	enum movement_group g = e->leader ? tables_leader_movement_group(t)
					  : tables_movement_group(t, e->type);
	enum movement_group hits_g = /* GBA 6.29 note d, R102 */
		g == MG_LIGHT && e->infantry_hits ? MG_MEDIUM : g;
	bool phalanx = !e->leader && tables_type_has(t, e->type, TRAIT_PHALANX);
	enum movement_row rows[10];
	int n = 0;
	/* 6.24: along a Roman road the road replaces the terrain */
	if ((e->hexside & HSF_ROMAN_ROAD) && e->terrain != TERRAIN_IMPASSABLE)
		rows[n++] = MR_ROMAN_ROAD;
	else
		rows[n++] = (enum movement_row)e->terrain;
	/* GBA 6.29: a stream with a Steep Bank is a row of its own */
	if ((e->hexside & HSF_STREAM) && (e->hexside & HSF_STEEP_BANK))
		rows[n++] = MR_STEEP_BANKED_STREAM;
	else if (e->hexside & HSF_STREAM)
		rows[n++] = MR_STREAM;
	else if (e->hexside & HSF_STEEP_BANK)
		rows[n++] = MR_STEEP_BANK;
	if (e->hexside & HSF_RIVER)
		rows[n++] = MR_RIVER;
	if (e->hexside & HSF_MINOR_RIVER)
		rows[n++] = MR_MINOR_RIVER;
	if (e->hexside & HSF_RAMPART)
		rows[n++] = MR_RAMPART;
	/* GBA 6.26: a wall closes the hexside but where a road goes through
	 * it (a gate), which adds nothing */
	if ((e->hexside & HSF_WALL) && !hexside_is_gate(e->hexside))
		rows[n++] = MR_WALL;
	int climb = e->to_level - e->from_level;
	if (climb == 1)
		rows[n++] = MR_UP_1;
	else if (climb == 2)
		rows[n++] = MR_UP_2;
	else if (climb > 2)
		rows[n++] = MR_UP_MORE;
	else if (climb == -1)
		rows[n++] = MR_DOWN_1;
	else if (climb == -2)
		rows[n++] = MR_DOWN_2;
	else if (climb < -2)
		rows[n++] = MR_DOWN_MORE;
	for (int i = 0; i < n; i++) {
		struct move_cost c = tables_movement_cost(t, rows[i], g);
		if (hits_g != g && !c.prohibited)
			c.hits = tables_movement_cost(t, rows[i], hits_g).hits;
		/* 6.72: a phalanx In Column takes none for some rows */
		if (e->in_column && phalanx && t->phalanx_column_no_hits[rows[i]])
			c.hits = 0;
		add_cost(&sum, c);
	}
	/* 6.72: In Column, fewer hits per hex entered */
	if (e->in_column) {
		sum.hits -= t->movement_modifier[MM_COLUMN_HITS_LESS];
		if (sum.hits < 0)
			sum.hits = 0;
	}
	/* 6.22: leaders never take cohesion hits */
	if (e->leader)
		sum.hits = 0;
	if (sum.prohibited)
		sum.mp = sum.hits = 0;
	return sum;
}

/* 6.42 a phalanx pays the worse of its two hexes */
struct move_cost move_cost_worse(struct move_cost a, struct move_cost b)
{
	return (struct move_cost){
		.mp = a.mp > b.mp ? a.mp : b.mp,
		.hits = a.hits > b.hits ? a.hits : b.hits,
		.prohibited = a.prohibited || b.prohibited,
	};
}

/* 7.12, 7.13, 7.14, 9.65 the cost of a facing change */
struct move_cost tables_facing_change_cost(const struct spqr_tables *t,
					   enum unit_type type,
					   bool roman_infantry, int vertices,
					   bool in_rough)
{
	if (!valid_type(type) || vertices < 0 || t->no_facing_change[type])
		return (struct move_cost){0, 0, true};
	if (vertices == 0)
		return (struct move_cost){0, 0, false};
	enum movement_group g = tables_movement_group(t, type);
	struct move_cost per =
		tables_movement_cost(t, in_rough ? MR_FACING_ROUGH : MR_FACING,
				     g);
	if (per.prohibited)
		return per;
	int mp;
	if (roman_infantry && tables_type_has(t, type, TRAIT_INFANTRY))
		mp = t->movement_modifier[MM_ROMAN_INFANTRY_FACING_MP];
	else if (tables_type_has(t, type, TRAIT_ELEPHANT))
		mp = vertices *
		     t->movement_modifier[MM_ELEPHANT_FACING_MP_PER_VERTEX];
	else if (g == MG_CHARIOT) /* GBA 7.12 */
		mp = vertices *
		     t->movement_modifier[MM_CHARIOT_FACING_MP_PER_VERTEX];
	else if (tables_type_has(t, type, TRAIT_SKIRMISHER))
		/* SPQR 7.12 per vertex, GBA 7.12 one cost for any turn */
		mp = t->movement_modifier[MM_SKIRMISHER_FACING_MP] +
		     vertices *
			     t->movement_modifier
				     [MM_SKIRMISHER_FACING_MP_PER_VERTEX];
	else
		mp = vertices * per.mp;
	return (struct move_cost){mp, vertices * per.hits, false};
}

/* TABLES.md §7 movement modifiers */
int tables_movement_modifier(const struct spqr_tables *t,
			     enum movement_modifier m)
{
	return (unsigned)m < MOVEMENT_MODIFIER_COUNT ? t->movement_modifier[m]
						     : 0;
}

static bool class_in(const char (*list)[4], int n, const char *cls)
{
	for (int i = 0; i < n; i++)
		if (strcmp(list[i], cls) == 0)
			return true;
	return false;
}

/* 6.63 how a unit counts on the Stacking Chart */
enum stacking_class tables_stacking_class(const struct spqr_tables *t,
					  enum unit_type type, const char *cls,
					  bool roman)
{
	if (tables_type_has(t, type, TRAIT_SKIRMISHER))
		return STACK_SKIRMISHER;
	if (!cls || !roman || !tables_type_has(t, type, TRAIT_INFANTRY))
		return STACK_OTHER;
	if (class_in(t->velites, t->nvelites, cls))
		return STACK_VELITES;
	if (class_in(t->roman_line, t->nroman_line, cls))
		return STACK_ROMAN_LINE;
	return STACK_OTHER;
}

/* 6.69 the voluntary Stacking Chart */
struct stacking_rule tables_voluntary_stacking(const struct spqr_tables *t,
					       enum stacking_class mover,
					       enum stack_relation stationary)
{
	if ((unsigned)mover >= STACKING_CLASS_COUNT ||
	    (unsigned)stationary >= STACK_RELATION_COUNT)
		return (struct stacking_rule){0, 0, 0, 0, false};
	return t->voluntary[mover][stationary];
}

/* 6.69 the mandatory (rout) Stacking Chart: units spared its hits */
bool tables_rout_exempt(const struct spqr_tables *t,
			enum stacking_class stationary)
{
	return (unsigned)stationary < STACKING_CLASS_COUNT &&
	       t->rout_exempt[stationary];
}

/* 6.61, 6.69, 9.63, 9.83, 10.25 stacking figures */
int tables_stacking_figure(const struct spqr_tables *t, enum stacking_figure f)
{
	return (unsigned)f < STACKING_FIGURE_COUNT ? t->stacking_figure[f] : 0;
}

/* 11.1, GBA 10.42 rout points of a unit: the fixed figures of its traits
 * first, else its printed TQ times a multiplier */
int tables_unit_rout_points(const struct spqr_tables *t, enum unit_type type,
			    const char *cls, int printed_tq, bool two_hex,
			    bool leader_elephant)
{
	static const struct {
		enum unit_trait trait;
		int figure;
	} fixed[] = {
		{TRAIT_OXYBELES, RP_OXYBELES},
		{TRAIT_CHARIOT, RP_CHARIOT},
		{TRAIT_ELEPHANT, RP_EL},
		{TRAIT_SHOCK_SKIRMISHER, RP_SHOCK_SK},
		{TRAIT_SKIRMISHER, RP_SK},
	};
	if (tables_unit_has(t, type, cls, TRAIT_ELEPHANT) && leader_elephant)
		return t->rp_unit[RP_LEADER_ELEPHANT];
	for (size_t i = 0; i < sizeof fixed / sizeof *fixed; i++)
		if (tables_unit_has(t, type, cls, fixed[i].trait))
			return t->rp_unit[fixed[i].figure];
	/* GBA 10.42: a double-sized unit that is no phalanx (GBA 6.41's
	 * hoplites and Cardaces on two hexes) has a figure of its own,
	 * ruling R165 */
	if (two_hex && !tables_unit_has(t, type, cls, TRAIT_PHALANX) &&
	    tables_unit_has(t, type, cls, TRAIT_DOUBLE_SIZED))
		return t->rp_unit[RP_DOUBLE_SIZED] * printed_tq;
	if (two_hex)
		return t->rp_unit[RP_TWO_HEX] * printed_tq;
	return t->rp_unit[RP_TQ] * printed_tq;
}

/* 11.1 rout points of a leader */
int tables_leader_rout_points(const struct spqr_tables *t,
			      enum leader_kind kind, int printed_initiative)
{
	if ((unsigned)kind >= LEADER_KIND_COUNT)
		return 0;
	return t->rp_leader[kind] * printed_initiative;
}

bool tables_type_has(const struct spqr_tables *t, enum unit_type type,
		     enum unit_trait trait)
{
	return t && valid_type(type) && (unsigned)trait < UNIT_TRAIT_COUNT &&
	       (t->traits[type] & (1u << trait));
}

bool tables_unit_has(const struct spqr_tables *t, enum unit_type type,
		     const char *cls, enum unit_trait trait)
{
	/* no class with traits of its own (SPQR's tables): the type's, without
	 * looking the class up (speed: asked under every legal list) */
	int i = t && t->any_class_own_traits && cls && cls[0]
			? class_index(t, cls)
			: -1;
	if (i < 0 || !t->class_own_traits[i] || t->class_type[i] != (int)type)
		return tables_type_has(t, type, trait);
	return (unsigned)trait < UNIT_TRAIT_COUNT &&
	       (t->class_traits[i] & (1u << trait));
}

const char *tables_hex_count_refusal(const struct spqr_tables *t,
				     enum unit_type type, const char *cls,
				     int nhex)
{
	if (!t)
		return NULL;
	if (tables_unit_has(t, type, cls, TRAIT_PHALANX))
		return nhex == 2 ? NULL : "a phalanx occupies two hexes";
	/* GBA 6.41, ruling R142: a double-sized type on one hex or two */
	if (nhex == 1 ||
	    (nhex == 2 && tables_unit_has(t, type, cls, TRAIT_DOUBLE_SIZED)))
		return NULL;
	return "only a phalanx occupies two hexes (or a double-sized unit, "
	       "GBA 6.41)";
}

int tables_class_type(const struct spqr_tables *t, const char *code)
{
	int i = class_index(t, code);
	return i >= 0 ? t->class_type[i] : -1;
}

size_t tables_class_codes(const struct spqr_tables *t, char *buf, size_t n)
{
	size_t len = 0;
	if (n)
		buf[0] = '\0';
	for (int i = 0; t && i < t->nclasses; i++) {
		int w = snprintf(len < n ? buf + len : NULL,
				 len < n ? n - len : 0, "%s%s", i ? " " : "",
				 t->class_code[i]);
		len += (size_t)(w > 0 ? w : 0);
	}
	return len;
}

const char *unit_trait_name(enum unit_trait tr)
{
	return (unsigned)tr < UNIT_TRAIT_COUNT ? trait_names[tr] : "?";
}

int tables_constant(const struct spqr_tables *t, enum rule_constant c)
{
	return t && (unsigned)c < RULE_CONSTANT_COUNT ? t->constant[c] : 0;
}

int tables_variant(const struct spqr_tables *t, enum rule_variant v)
{
	return t && (unsigned)v < RULE_VARIANT_COUNT ? t->variant[v] : 0;
}

struct evtext *tables_sentences(const char *dir, const struct evcat *cat,
				const char *teach_slots,
				struct ini_error *err)
{
	char own[1024], base[1024], based[1200];
	/* the ruleset's own, else its base's (tables_path); its own read
	 * over its base's when it has both */
	int w = snprintf(own, sizeof own, "%s/sentences.ini", dir);
	bool mine = w > 0 && (size_t)w < sizeof own && regular_file(own);
	bool over = false;
	if (mine && tables_base(dir, base, sizeof base)) {
		w = snprintf(based, sizeof based, "%s/sentences.ini", base);
		over = w > 0 && (size_t)w < sizeof based && regular_file(based);
	}
	if (!mine)
		tables_path(dir, "sentences.ini", own, sizeof own);
	return evtext_load_over(over ? based : NULL, own, cat, teach_slots,
				err);
}

int tables_supply_low_from(const struct spqr_tables *t,
			   enum missile_class mc)
{
	return t && mc > MC_NONE && mc < MISSILE_CLASS_COUNT
		       ? t->supply_low_from[mc]
		       : 10;
}
