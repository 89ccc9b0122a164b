/* tables.h — the SPQR charts (rules/spqr/NAME.ini): Clash of Spears and
 * Swords, Shock CRT, Shock Superiority, shock duty, Missile Range and
 * Results, Rally, Leader Casualty, Movement Cost, Stacking and Rout Points.
 *
 * Every figure comes from the data files; this module only reads, checks
 * and looks them up.  The look-ups are pure functions of a loaded struct
 * spqr_tables and their arguments, named in the rulebook's words, so the
 * rules code (movement, shock, missile, rally, victory) calls them directly.
 * The file formats are described in each file's header comment and in
 * man/maniple.6, FILES. */
#ifndef MANIPLE_TABLES_H
#define MANIPLE_TABLES_H

#include <stdbool.h>

#include "maniple/footprint.h"
#include "maniple/hex.h"
#include "maniple/ini.h"
#include "maniple/map.h"
#include "maniple/units.h"

/* The Shock CRT has 13 columns and a row per modified d10 0..9 (8.74). */
#define CRT_COLUMNS 13
#define CRT_ROWS 10
/* The longest missile range a chart may give (8.71). */
#define MISSILE_RANGE_CAP 12

/* The charts, one file each: rules/spqr/<name>.ini with table = <name>. */
enum spqr_table {
	TABLE_CLASH,		/* clash.ini: 8.45, 8.73 */
	TABLE_SHOCK_CRT,	/* shock_crt.ini: 8.46, 8.74 */
	TABLE_SUPERIORITY,	/* superiority.ini: 8.46, 8.72 */
	TABLE_SHOCK_TYPES,	/* shock_types.ini: 7.31, 7.33 */
	TABLE_MISSILE,		/* missile.ini: 8.15, 8.16, 8.71 */
	TABLE_RALLY,		/* rally.ini: 10.28, 10.29, 10.33 */
	TABLE_LEADER_CASUALTY,	/* leader_casualty.ini: 4.73, 8.19 */
	TABLE_MOVEMENT,		/* movement.ini: 6.2, 6.27, 7.12, 7.14 */
	TABLE_STACKING,		/* stacking.ini: 6.6, 6.69 */
	TABLE_ROUT_POINTS,	/* rout_points.ini: 11.1 */
	TABLE_UNIT_TYPES,	/* unit_types.ini: the traits of each type */
	TABLE_CONSTANTS,	/* constants.ini: figures of the rules' text */
	TABLE_VARIANTS,		/* variants.ini: where the rulebooks differ */
	SPQR_TABLE_COUNT
};

/* Weapon System Superiority (8.46 step 1.B, 8.72). */
enum superiority {
	SUP_NONE,
	SUP_AS,	 /* attacker superior: defender's hits doubled */
	SUP_DS,	 /* defender superior: attacker's hits tripled */
	SUP_DSP, /* DS only while the defender has missiles (TABLES.md §3) */
	SUPERIORITY_COUNT
};

/* 7.31, 7.33: whether a type must, may or never shocks. */
enum shock_duty { SHOCK_MUST, SHOCK_MAY, SHOCK_NEVER, SHOCK_DUTY_COUNT };

/* The Leader Casualty Table's results (TABLES.md §6). */
enum leader_casualty {
	CASUALTY_FINISHED,
	CASUALTY_WOUNDED_1, /* wounded, ratings -1 */
	CASUALTY_WOUNDED_2, /* wounded, ratings -2 */
	CASUALTY_KILLED,
	LEADER_CASUALTY_COUNT
};

/* The columns of the Movement Cost Chart (6.27). */
enum movement_group {
	MG_HEAVY,	/* PH HI BI */
	MG_MEDIUM,	/* LG MI */
	MG_LIGHT,	/* LI (and LP, scorpios 9.81) */
	MG_SKIRMISHER,	/* SK */
	MG_CAVALRY,	/* cavalry and leaders */
	MG_ELEPHANT,	/* EL */
	MG_CHARIOT,	/* CH (GBA's chart has a Chariots column) */
	MOVEMENT_GROUP_COUNT
};

/* The rows of the Movement Cost Chart.  The first TERRAIN_COUNT rows are
 * indexed by enum terrain. */
enum movement_row {
	MR_CLEAR,
	MR_WOODS,
	MR_BROKEN,
	MR_MARSH,
	MR_IMPASSABLE,
	MR_MAJOR_RIVER,	 /* GBA 6.29: entering a Major River hex */
	MR_ROCKY_RIVER_BED, /* GBA 6.29 */
	MR_ROMAN_ROAD,	 /* moving along a Roman road */
	MR_STREAM,	 /* crossing a Stream hexside */
	MR_RIVER,	 /* crossing a River hexside */
	MR_RAMPART,	 /* crossing a camp rampart hexside */
	MR_MINOR_RIVER,	 /* crossing a Minor River hexside (GBA 6.29) */
	MR_STEEP_BANK,	 /* crossing a Steep Bank hexside (GBA 6.29) */
	MR_STEEP_BANKED_STREAM, /* a stream with a Steep Bank (GBA 6.29) */
	MR_WALL,	 /* crossing a city wall but at a gate (GBA 6.26) */
	MR_UP_1,	 /* up one level */
	MR_UP_2,	 /* up two levels in one hex */
	MR_UP_MORE,	 /* up three or more levels in one hex */
	MR_DOWN_1,	 /* down one level (GBA 6.21 charges it) */
	MR_DOWN_2,	 /* down two levels in one hex */
	MR_DOWN_MORE,	 /* down three or more levels in one hex */
	MR_FACING,	 /* facing change, per vertex (7.12) */
	MR_FACING_ROUGH, /* facing change in Rough, per vertex (7.14) */
	MOVEMENT_ROW_COUNT
};

/* Figures that modify the Movement Cost Chart (TABLES.md §7). */
enum movement_modifier {
	MM_ROMAN_INFANTRY_FACING_MP,	/* any facing change (7.12, 9.65) */
	MM_ELEPHANT_FACING_MP_PER_VERTEX, /* 7.12 */
	MM_SKIRMISHER_FACING_MP_PER_VERTEX, /* 7.12 */
	MM_SKIRMISHER_FACING_MP,	/* GBA 7.12: any facing change */
	MM_CHARIOT_FACING_MP_PER_VERTEX, /* GBA 7.12 */
	MM_COLUMN_HITS_LESS,		/* per hex entered In Column (6.72) */
	MM_COLUMN_MA_BONUS,		/* 6.72 */
	MM_FORMATION_CHANGE_MP,		/* into or out of Column (6.71) */
	MM_ROMAN_ROAD_COLUMN_HEXES_PER_MP, /* In Column along a Roman road */
	MOVEMENT_MODIFIER_COUNT
};

/* Shock CRT column shifts (TABLES.md §2): negative left, positive right. */
enum crt_shift {
	SHIFT_DEPLETED_ATTACKER,		/* 10.32 */
	SHIFT_DEPLETED_DEFENDER,		/* 10.32 */
	SHIFT_PHALANX_DEFENSE_PER_FLANK,	/* 9.41 */
	SHIFT_PHALANX_DEFENSE_PER_FLANK_VS_HI,	/* 9.41, RULINGS R6 */
	SHIFT_DEFENDER_IN_WOODS,		/* 6.26 */
	SHIFT_DEFENDER_IN_BROKEN,		/* 6.26 */
	SHIFT_DEFENDER_IN_MARSH,		/* 6.26 */
	SHIFT_ATTACKER_UPHILL,			/* 6.26 */
	SHIFT_ACROSS_STREAM,			/* 6.26 */
	SHIFT_DEFENDER_BEHIND_RAMPART,		/* 6.24 camp */
	CRT_SHIFT_COUNT
};

/* Missile die roll modifiers and result figures (8.15, 8.16). */
enum missile_modifier {
	MM_TARGET_IN_WOODS,		/* 8.15 #1 */
	MM_TARGET_PHALANX_OR_HEAVY,	/* 8.15 #2 */
	MM_TARGET_PHALANX_OR_HEAVY_FRONT_ADJACENT, /* 8.15 #3 */
	MM_TARGET_SKIRMISHER,		/* 8.15 #4 */
	MM_FIRER_MOVED,			/* 8.15 #5 */
	MM_FIRER_DEPLETED,		/* 8.15 #6, 10.32 */
	MM_TARGET_BEHIND_RAMPART,	/* 8.15 #7 */
	MM_TARGET_CATAPHRACT_ARCHERS,	/* GBA 9.42: archers at cataphracts */
	MM_TARGET_CATAPHRACT_OTHER,	/* GBA 9.42: slingers, javelins */
	MM_TARGET_CHARGE_FORMATION,	/* GBA 9.74: a target in it */
	MM_HITS,			/* hits for a successful fire */
	MM_HITS_ON_ELEPHANT,		/* unless an elephant fired */
	MM_EXTENDED_RANGE_HEXES,	/* 8.16 */
	MM_EXTENDED_RANGE_NEEDS,	/* 8.16: the DR needed */
	MISSILE_MODIFIER_COUNT
};

/* Rally figures (10.28, 10.33). */
enum rally_modifier {
	RM_ATTEMPT_INITIATIVE_BONUS,	/* rallied when DR <= Initiative + this */
	RM_DEPLETED_ATTEMPT_DR,		/* 10.33 */
	RM_DEPLETED_TABLE_DR,		/* 10.33 */
	RALLY_MODIFIER_COUNT
};

/* Leader wound figures (TABLES.md §6, RULINGS R7). */
enum wound_figure {
	WF_WOUNDED_1_LOSS,
	WF_WOUNDED_2_LOSS,
	WF_RATING_MINIMUM,
	WF_WOUNDS_THAT_KILL,
	WOUND_FIGURE_COUNT
};

/* Shock result multipliers (8.46 step 4). */
enum shock_multiplier {
	SM_AS_DEFENDER_HITS,	/* AS: the defender's hits times this */
	SM_DS_ATTACKER_HITS,	/* DS: the attacker's hits times this */
	SHOCK_MULTIPLIER_COUNT
};

/* How a unit counts on the Stacking Chart (6.63, 6.69). */
enum stacking_class {
	STACK_VELITES,
	STACK_ROMAN_LINE,	/* Roman HA PR CO TR */
	STACK_SKIRMISHER,
	STACK_OTHER,		/* "Basic": every other unit, Roman cavalry too */
	STACKING_CLASS_COUNT
};

/* The stationary side of the voluntary Stacking Chart, seen from the
 * mover. */
enum stack_relation {
	STACKED_SAME_COLOUR_ROMAN,	/* Roman infantry of the mover's colour */
	STACKED_OTHER_ROMAN,		/* Roman infantry of another colour */
	STACKED_ANYTHING_ELSE,
	STACK_RELATION_COUNT
};

/* One cell of the voluntary Stacking Chart (6.69). */
struct stacking_rule {
	int through_single_mover_hits;	/* passing a single unit */
	int through_single_stationary_hits;
	int through_stack_mover_hits;	/* passing a stack of two */
	int through_stack_stationary_hits; /* each unit of the stack */
	bool may_stop;
};

/* Figures of the stacking rules outside the chart cells. */
enum stacking_figure {
	SF_UNITS_PER_HEX,		/* 6.61, 6.63 */
	SF_SCORPIOS_PER_HEX,		/* 9.83 */
	SF_MIXED_ROMAN_STACK_TQ_DRM,	/* 9.63 */
	SF_ROUT_THROUGH_HITS,		/* mandatory chart: passing a unit */
	SF_ROUT_THROUGH_SAME_COLOUR_HITS, /* routed Roman inf past a lone
					   * same-colour Roman inf unit */
	SF_ROUT_STOP_EXTRA_HEXES,	/* 10.25: moves on this many hexes */
	SF_ROUT_STOP_HITS,		/* then a TQ check */
	STACKING_FIGURE_COUNT
};

/* What a unit type is and does, named once in unit_types.ini ([type
 * CODE] traits = ...) and asked through tables_type_has: the rules code
 * never compares type codes.  Each trait's rules are in the file. */
enum unit_trait {
	TRAIT_INFANTRY,	      /* 2.22: the foot types */
	TRAIT_CAVALRY,	      /* 2.22: the mounted types (not elephants) */
	TRAIT_PHALANX,	      /* 6.4, 9.3-9.5: two hexes, phalanx rules */
	TRAIT_HEAVY_INFANTRY, /* 8.15 #2, 9.41, 10.1: HI */
	TRAIT_LEGION,	      /* 6.52 #1, 8.17, 9.6: legion infantry */
	TRAIT_BARBARIAN,      /* BI */
	TRAIT_LIGHT_INFANTRY, /* LI */
	TRAIT_PELTAST,	      /* LP */
	TRAIT_SKIRMISHER,     /* 9.2 */
	TRAIT_LIGHT_CAVALRY,  /* 8.46, 9.22: LC */
	TRAIT_ELEPHANT,	      /* 9.1 */
	TRAIT_SCORPIO,	      /* 9.8: artillery */
	TRAIT_HARASS_FOOT,    /* 8.31: foot that may Harass and Disperse */
	TRAIT_HEAVY_FOOT,     /* 9.32: foot whose light cavalry hits halve */
	TRAIT_SHOCK_SKIRMISHER, /* GBA 9.31: SK*, a skirmisher that may shock
				 * and routs and rallies as others do */
	TRAIT_LANCER,	      /* GBA 2.22, 9.4: lancers, no missiles, a type
			       * apart for cavalry Line Commands */
	TRAIT_CATAPHRACT,     /* GBA 9.4: cataphracted heavy cavalry */
	TRAIT_CARDACES,	      /* GBA 6.5, 6.2 note d: Persian Cardaces */
	TRAIT_CHARIOT,	      /* GBA 9.2: scythed chariots */
	TRAIT_OXYBELES,	      /* GBA 9.5: the bolt thrower */
	TRAIT_ROUT_ELIMINATES, /* 10.21: a unit that would rout is
				* eliminated instead (skirmishers and
				* scorpios; GBA 9.34 not SK*, 9.22 chariots,
				* 9.56 the oxybeles) */
	TRAIT_HOPLITE,	      /* GBA 2.22, 6.14, 6.5: hoplites (class HO) */
	TRAIT_DOUBLE_SIZED,   /* GBA 6.41: a unit that may stand in two
			       * hexes (a battle file's two hexes make it
			       * double-sized) besides the phalanx */
	TRAIT_CHARGE_FORMATION, /* GBA 9.72: may take Charge Formation (HC,
				 * lancers, Thracian LC) */
	UNIT_TRAIT_COUNT
};

/* Figures written in the rules' text rather than on a chart
 * (constants.ini). */
enum rule_constant {
	RC_COLUMN_TQ_LESS,		 /* 6.75: TQ In Column */
	RC_PHALANX_REVERSE_FACE_MP,	 /* 6.45 */
	RC_PHALANX_PIVOT_HITS,		 /* 6.43: per hex entered pivoting */
	RC_DOUBLE_DEPTH_HITS_MULTIPLIER, /* 9.53: flank or rear shock */
	RC_DOUBLE_DEPTH_FORMING_MP,	 /* 9.51: MP beyond the terrain's */
	RC_RAMPAGE_ROLLS,		 /* 9.14: eliminated after this roll */
	RC_RAMPAGE_HEXES_PER_ROLL,	 /* 9.14 */
	RC_RAMPAGE_ALONE_HEXES,		 /* 9.14: this far from every unit */
	RC_WITHDRAWAL_RANGE,		 /* 6.51: within this many hexes */
	RC_WITHDRAWAL_SKIRMISHER_HEXES,	 /* 9.21 */
	RC_WITHDRAWAL_COLUMN_MA_BONUS,	 /* 6.51, 6.72: a mover In Column */
	RC_LINE_WITHDRAWAL_LEADER_RANGE, /* 6.57: a unit this near a leader */
	RC_WITHDRAWAL_TWO_HEX_MOVER_MA,	 /* GBA 6.71: a two-hex mover's MA */
	RC_LEADER_WITHDRAWAL_MP,	 /* 4.72 */
	RC_GRIEF_RAMPAGE_FROM,		 /* 4.84: a die this high rampages */
	RC_ELEPHANT_HEX_HITS,		 /* 9.15: cavalry entering by one */
	RC_LEADER_MA,			 /* 6.14, 4.81: MP per Orders Phase */
	RC_LEADER_ORDERED_IN_ZOC_COST,	 /* 4.4 #2: orders to move him out */
	RC_LINE_COMMAND_ZOC_DRM,	 /* 4.33 #2: a unit in an enemy ZOC */
	RC_LINE_COMMAND_PROCONSUL_DRM,	 /* 4.56: outside the OC's range */
	RC_ROUT_INITIAL_HEXES,		 /* 10.22 */
	RC_RECOVERY_HITS,		 /* 10.16: hits one phase may remove */
	RC_RECOVERY_HITS_IN_MISSILE_RANGE, /* 10.16: the same within range
					    * and LOS of enemy missiles */
	RC_KILLED_LEADER_EXTRA_DRM,	 /* 8.46 step 3: beyond his Charisma */
	RC_PC_WOUNDED_1_FROM,		 /* GBA 8.43: the lowest difference */
	RC_PC_WOUNDED_2_FROM,		 /* GBA 8.43 */
	RC_PC_KILLED_FROM,		 /* GBA 8.43 */
	RC_ELITE_CANCEL_FROM, /* GBA 5.5: from turn 2, a die this high or
			       * higher: no Elite phase (10: never) */
	RC_CHARGE_FORMATION_FORM_MP,  /* GBA 9.73: MP to take it (SPQR
				       * has none: 0, never read) */
	RC_CHARGE_FORMATION_LEAVE_MP, /* GBA 9.76: MP to leave it at will */
	RC_CHARGE_FORMATION_FACING_MP, /* GBA 9.74: MP a vertex in it */
	RC_CHARGE_FORMATION_LEVELS,    /* GBA 9.74: levels a phase in it */
	RC_CHARGE_FORMATION_TERRAIN_HITS_FACTOR, /* GBA 9.74: its terrain
						  * hits times this */
	RC_PURSUIT_CHECK_DRM,	      /* 8.62, GBA 10.32: added to the
				       * pursuit roll */
	RULE_CONSTANT_COUNT
};

/* How the rules go where the GBoH rulebooks differ in what happens rather
 * than in a figure (variants.ini, one of named choices each): SPQR's rules
 * are one set of choices, GBA's another.  A figure that differs goes in
 * constants.ini instead. */
enum rule_variant {
	RV_ACTIVATION_TIE, /* 5.12: equal Initiative on both sides */
	RV_RALLY_DEPLETES, /* 10.31: whether a rallied unit is Depleted */
	RV_ROUT_PASSED_THROUGH, /* 10.25, GBA 10.24: a friend a router
				 * passes through */
	RV_RALLY_GROUND,	/* 10.28, GBA 10.27: where a unit may rally */
	RV_RALLY_DOUBLE_SIZE,	/* GBA 10.27: two-hex heavy foot rally? */
	RV_RALLY_HI_FAILING,	/* GBA 10.27: heavy infantry failing a rally */
	RV_CHARGE_ELEPHANT, /* 8.43: whom an elephant's charge modifies */
	RV_POSITION_ZOC,    /* 8.46 1.A bullet 4: which enemy ZOC denies */
	RV_POSITION_ELEPHANTS, /* 8.46 1.A bullet 3: elephant on elephant */
	RV_SIZE_SKIRMISHERS,   /* 8.46 step 2: size with skirmishers */
	RV_LIGHT_CAVALRY_HALVING, /* 9.32: LC's hits on heavy foot */
	RV_SHOCK_LEADERS,	  /* 8.44: leaders in a shock combat */
	RV_PHALANX_REVERSE, /* 7.16: a phalanx's reaction Reverse Face */
	RV_SECOND_MOVE_SKIRMISHERS, /* 6.13: skirmishers and the Moved hit */
	RV_ROUGH,	   /* SPQR 6.24, GBA 6.28: what is Rough */
	RV_WITHDRAWAL_END, /* 6.52, GBA 6.72: the hits after withdrawing */
	RV_WITHDRAWAL_CLOSED, /* 6.55, GBA 6.75: terrain closed to it */
	RV_ZOC_SKIRMISHER_NO_MISSILES, /* 7.21: an SK of Missile No */
	RV_ZOC_LEAVING,	   /* 7.23: whose ZOC holds a unit that would leave */
	RV_ZOC_TURNING,	   /* SPQR 7.24, GBA 7.25: turning in an enemy ZOC */
	RV_LINE_COMMANDS,  /* 4.31, GBA 5.21: Line Commands per phase */
	RV_LINE_COMMAND_STRATEGY, /* 4.33 #2, GBA 4.34 #3: whose Strategy */
	RV_CAVALRY_LINE,	  /* 4.32, GBA 4.33: what joins a cavalry Line */
	RV_MOMENTUM_AFTER_RANGE_LC, /* GBA 5.31: momentum after a Line
				     * Command by the OC's range */
	RV_DOOM_NINE, /* 5.33: a second 9 on the Die Roll of Doom */
	RV_FIRE_AFTER_MOVING, /* 8.11: fire by a unit that has moved */
	RV_FIRE_ARC,	      /* 8.13: the hexsides fire goes through */
	RV_FIRE_LOS_NEARER,   /* 8.14: who sees past a unit nearer itself */
	RV_ENTRY_FIRE_TARGETS, /* 8.21: entering units one unit fires at */
	RV_RETURN_AFTER_ENTRY, /* 8.23: return fire at a unit it fired at
				* on entry */
	RV_SCREEN_FIRE,	       /* 8.25: when an elephant's screen fires */
	RV_HD_LC_SKIRMISHERS,  /* 8.31: light cavalry harassing SK */
	RV_HD_PATH,	       /* 8.32: what an H&D path must keep to */
	RV_HD_FIRE_BACK,       /* 8.33: who fires back at an H&D */
	RV_ARTILLERY,	       /* 9.8: how bolt artillery fires and moves */
	RV_ELEPHANT_BY_ELEPHANT, /* 8.15: an elephant's fire at an elephant */

	/* -- switches of GBA 4-5, command and activation: add below -- */
	RV_LEADER_STAYS,      /* 4.23, 4.34, GBA 4.23, 4.36: a leader going
			       * with a unit or a Line stays with it? */
	RV_OC_IN_ZOC_ORDERS_LEADERS, /* 4.4 #2: the OC in an enemy ZOC
				      * moving another leader */
	RV_LEADER_WITHDRAWAL_REACH, /* 4.72, GBA 4.62: how far a leader
				     * approached withdraws */
	RV_LONE_LEADERS_MEET, /* GBA 4.63: lone leaders next to each other */
	RV_RESTRICTION_LIMITS, /* 4.35, GBA 4.37: what a command restriction
				* limits */
	RV_OC_STACK_ORDER, /* 4.4 #5: what the OC pays to move his hex's stack */
	RV_TRUMPER_ACTS, /* 5.45, GBA 5.46: what a trumper must have done */

	/* -- switches of GBA 6-7, movement, terrain, facing, ZOC: add below -- */
	RV_FACING_FAILURE, /* 7.15, GBA 7.16: a reaction facing check's cost */
	RV_HEAVY_FOOT_PASSING, /* GBA 6.94 #1: passing phalanxes and heavy foot */
	RV_ENDED_STACKED, /* 6.68, GBA 6.92: a unit whose move ends (or that
			   * routs) in a friend's hex */
	RV_PW_ELIGIBLE,	  /* 6.81, GBA 6.81: who may pre-arrange a PW */
	RV_PW_ACTIVATED,  /* 6.83, GBA 6.84: a PW leader activated first */
	RV_FRONT_TO_FLANK_HIT, /* 6.43, GBA 6.43: who takes the pivot's hit */
	RV_AUGMENTED_CHECK,    /* 6.41, GBA 6.46: the check for the 5th MP */
	RV_STACKED_LEADER_WITHDRAWAL, /* 4.72, GBA 4.62, 6.78: when a leader
				       * stacked with a unit may withdraw */

	/* -- switches of GBA 8.1-8.2, 9.3-9.5, missiles and skirmishers: add below -- */
	RV_SKIRMISHER_SHOCK, /* SPQR 9.2x, GBA 9.31 Exc. #1: whom a skirmisher
			      * (not SK*) may shock */

	/* -- switches of GBA 8.3-8.5, 9.6, shock and the phalanx: add below -- */
	RV_BREAKTHROUGH, /* GBA 8.37: the Push of Shields after a shock */
	RV_PHALANX_ROUT, /* 8.43 exception, GBA 9.65: who rolls to stand */

	/* -- switches of GBA 9.1-9.2, elephants and chariots: add below -- */
	RV_RAMPAGE_HIGH_ROLL, /* 9.14: a rampage roll of 7-9 */
	RV_PASS_THROUGH,      /* 9.11, GBA 9.13, 9.23: elephants going through */

	/* -- switches of GBA 9.7, 10, charge formation, cohesion, rout, rally, pursuit: add below -- */
	RV_PURSUIT,		/* 8.6, GBA 10.3: when cavalry pursues */
	RV_ROUT_BLOCKED,	/* 10.22, GBA 10.21: a router whose way
				 * toward its Retreat Edge is blocked */

	RULE_VARIANT_COUNT
};

/* RV_ACTIVATION_TIE's choices */
enum activation_tie {
	TIE_ROLL,		  /* SPQR 5.12: both roll, the high roll first */
	TIE_NON_MACEDONIAN_FIRST, /* GBA 5.12: the non-Macedonian side first */
};

/* RV_RALLY_DEPLETES's choices */
enum rally_depletes {
	RALLY_DEPLETES,	    /* SPQR 10.31: a rallied unit is Depleted */
	RALLY_NO_DEPLETION, /* GBA: the book has no Depletion */
};

/* RV_ROUT_PASSED_THROUGH's choices */
enum rout_passed_through {
	PASSED_THROUGH_HIT,	      /* SPQR 10.25: the stacking chart's hit */
	PASSED_THROUGH_HIT_AND_CHECK, /* GBA 10.24: and then a TQ check */
};

/* RV_RALLY_GROUND's choices */
enum rally_ground {
	RALLY_GROUND_CLEAR,  /* SPQR 10.28: Clear terrain */
	RALLY_GROUND_ONE_MP, /* GBA 10.27: a hex costing at most 1 MP to
			      * enter, elevation aside */
};

/* RV_RALLY_DOUBLE_SIZE's choices */
enum rally_double_size {
	DOUBLE_SIZE_RALLIES,	   /* SPQR: as any unit */
	DOUBLE_SIZE_NEVER_RALLIES, /* GBA 10.27: two-hex phalanxes and heavy
				    * infantry never rally */
};

/* RV_RALLY_HI_FAILING's choices */
enum rally_hi_failing {
	HI_FAILING_AS_OTHERS,	/* SPQR 10.28: rout move, or eliminated past
				 * its TQ */
	HI_FAILING_ELIMINATED,	/* GBA 10.27: eliminated */
};

/* RV_CHARGE_ELEPHANT's choices */
enum charge_elephant {
	CHARGE_ELEPHANT_BETTER,	 /* SPQR 8.43: the elephant +1 (frontal on
				  * PH/HI; African on Indian) */
	CHARGE_DEFENDER_WORSE,	 /* GBA 8.33, 9.17: the defender +1 */
};

/* RV_POSITION_ZOC's choices */
enum position_zoc {
	POSITION_ZOC_FLANK_OR_REAR, /* SPQR 8.46 1.A #4: an enemy in the
				     * attacker's flank or rear hex */
	POSITION_ZOC_UNATTACKED,    /* GBA 8.36 #4: any enemy but the
				     * target that no friend attacks */
};

/* RV_POSITION_ELEPHANTS's choices */
enum position_elephants {
	POSITION_ELEPHANTS_DENIED, /* SPQR 8.46 1.A #3 */
	POSITION_ELEPHANTS_GIVEN,  /* GBA 8.36 has no such exception */
};

/* RV_SIZE_SKIRMISHERS's choices */
enum size_skirmishers {
	SIZE_SKIRMISHERS_IGNORED, /* SPQR 8.46 step 2: no size ratio */
	SIZE_SKIRMISHERS_COUNTED, /* GBA 8.36 step 2: sizes count */
};

/* RV_LIGHT_CAVALRY_HALVING's choices */
enum light_cavalry_halving {
	LC_HALVING_YES, /* SPQR 9.32 */
	LC_HALVING_NO,	/* GBA 8.36 step 4: no such halving */
};

/* RV_SHOCK_LEADERS's choices */
enum shock_leaders {
	SHOCK_LEADERS_EVERY_CHECK, /* SPQR 8.44: every leader checks */
	SHOCK_LEADERS_PERSONAL_COMBAT, /* GBA 8.34: leaders of both sides
					* fight Personal Combat, a lone
					* side's leaders check */
};

/* RV_PHALANX_REVERSE's choices */
enum phalanx_reverse {
	PHALANX_REVERSE,      /* SPQR 7.16: offered when an enemy enters a
			       * Rear hex */
	PHALANX_REVERSE_NONE, /* GBA 7.16: only single-hex units react */
};

/* RV_SECOND_MOVE_SKIRMISHERS's choices */
enum second_move_skirmishers {
	SECOND_MOVE_SK_EXEMPT, /* SPQR 6.13: skirmishers take no hit */
	SECOND_MOVE_SK_HIT,    /* GBA 6.13: every unit type takes it */
};

/* RV_WITHDRAWAL_END's choices */
enum withdrawal_end {
	OW_END_LEGION_CHECK,	/* SPQR 6.52: Legion units check their TQ,
				 * other infantry but SK and velites take 1 */
	OW_END_HIT_THEN_CHECK,	/* GBA 6.72: foot but SK, and chariots, take
				 * 1; then every unit checks its TQ */
};

/* RV_WITHDRAWAL_CLOSED's choices */
enum withdrawal_closed {
	OW_CLOSED_WOODS_MARSH, /* SPQR 6.55 */
	OW_CLOSED_ROUGH,       /* GBA 6.75: Rough as RV_ROUGH says */
};

/* RV_ZOC_SKIRMISHER_NO_MISSILES's choices */
enum zoc_sk_no_missiles {
	ZOC_SK_NO_MISSILES_NONE,  /* SPQR 7.21: no ZOC at all */
	ZOC_SK_NO_MISSILES_FRONT, /* GBA 7.21: into its front hexes only */
};

/* RV_ZOC_LEAVING's choices */
enum zoc_leaving {
	ZOC_LEAVING_MAY_SHOCK, /* SPQR 7.23: units that cannot Shock are
				* ignored */
	ZOC_LEAVING_EVERY_UNIT, /* GBA 7.23: every enemy exerting it counts */
};

/* RV_ZOC_TURNING's choices */
enum zoc_turning {
	ZOC_TURNING_HALF_MA,	/* SPQR 7.24: one enemy that may Shock, none
				 * in the unit's own ZOC, half its MA */
	ZOC_TURNING_ONE_ENEMY,	/* GBA 7.25: in the ZOC of one enemy only */
};

/* RV_ROUGH's choices */
enum rough_rule {
	ROUGH_TERRAIN,	   /* SPQR 6.24: Woods, Broken and Marsh */
	ROUGH_HITS_TO_ENTER, /* GBA 6.28: a hex whose entry costs the unit
			      * a cohesion hit, elevation aside */
};

/* RV_LINE_COMMANDS's choices */
enum line_commands {
	LINE_COMMANDS_RATING, /* SPQR 4.31: the leader's Line Command rating */
	LINE_COMMANDS_ONE,    /* GBA 5.21: one, by a leader rated L */
};

/* RV_LINE_COMMAND_STRATEGY's choices */
enum line_command_strategy {
	LC_STRATEGY_OVERALL_COMMANDER, /* SPQR 4.33 #2: the OC's Strategy */
	LC_STRATEGY_OWN,	       /* GBA 4.34 #3: his own Strategy */
};

/* RV_CAVALRY_LINE's choices */
enum cavalry_line {
	CAVALRY_LINE_SPACING,	 /* SPQR 4.32: adjacent, as any Line */
	CAVALRY_LINE_HALF_RANGE, /* GBA 4.33: within half the leader's
				  * Command Range (rounded up) */
};

/* RV_MOMENTUM_AFTER_RANGE_LC's choices */
enum momentum_after_range_lc {
	MOMENTUM_AFTER_RANGE_LC_YES, /* SPQR 5.31: no such bar */
	MOMENTUM_AFTER_RANGE_LC_NO,  /* GBA 5.31: barred */
};

/* RV_DOOM_NINE's choices */
enum doom_nine {
	DOOM_NINE_NO_MORE_ACTIVATIONS, /* SPQR 5.33: on to Rout and Reload */
	DOOM_NINE_CRISIS_OF_FAITH,     /* GBA 5.33: gba_crisis.h */
};

/* RV_FIRE_AFTER_MOVING's choices */
enum fire_after_moving {
	FIRE_AFTER_CLOSER_HEX, /* SPQR 8.11: only after a hex toward the
				* target; LI archers move or fire */
	FIRE_AFTER_ANY,	       /* GBA 8.11: before, during or after */
};

/* RV_FIRE_ARC's choices */
enum fire_arc {
	ARC_FRONT_OR_FLANK,	    /* SPQR 8.13: every missile unit */
	ARC_FRONT_SK_FLANK_TOO,	    /* GBA 8.13 (A29): the front; SK the
				     * flank too */
};

/* RV_FIRE_LOS_NEARER's choices */
enum fire_los_nearer {
	LOS_NEARER_ARCHERS, /* SPQR 8.14: archers only see past it */
	LOS_NEARER_ALL,	    /* GBA 8.14 Exception #2: every missile unit */
};

/* RV_ENTRY_FIRE_TARGETS's choices */
enum entry_fire_targets {
	ENTRY_ONE_TARGET,   /* SPQR 8.21: one of the units entering */
	ENTRY_EACH_ENTERER, /* GBA 8.21, 8.23: each, while it has missiles */
};

/* RV_RETURN_AFTER_ENTRY's choices */
enum return_after_entry {
	RETURN_NOT_AFTER_ENTRY, /* SPQR 8.23 */
	RETURN_AFTER_ENTRY_TOO, /* GBA 8.24: any unit fired at fires back */
};

/* RV_SCREEN_FIRE's choices */
enum screen_fire {
	SCREEN_ANY_REACTION, /* SPQR 8.25 */
	SCREEN_ENTRY_ONLY,   /* GBA 9.11: Entry Reaction fire only */
};

/* RV_HD_LC_SKIRMISHERS's choices */
enum hd_lc_skirmishers {
	HD_LC_NOT_SKIRMISHERS, /* SPQR 8.31 */
	HD_LC_SKIRMISHERS_TOO, /* GBA 9.41: any enemy of lower MA */
};

/* RV_HD_PATH's choices */
enum hd_path {
	HD_PATH_FRONT_LOS_LEVELS, /* SPQR 8.32: through the Front, with a
				   * LOS, no river, one level a step */
	HD_PATH_CLEAR,		  /* GBA 9.32, 9.41: clear of units, EZOC
				   * and Rough only */
};

/* RV_HD_FIRE_BACK's choices */
enum hd_fire_back {
	HD_BACK_TARGET_AND_PATH, /* SPQR 8.33: the target, and enemies
				  * whose arc the path crosses */
	HD_BACK_TARGET_ONLY,	 /* GBA 9.32, 9.41: the target */
};

/* RV_ARTILLERY's choices */
enum artillery_rules {
	ARTILLERY_SCORPIO,   /* SPQR 9.82-9.86: Fire and Move modes, Active
			      * and Reaction Fire */
	ARTILLERY_OXYBELES,  /* GBA 9.52-9.54: twice a phase without orders,
			      * moves or fires, moved by an Individual
			      * Order */
};

/* RV_ELEPHANT_BY_ELEPHANT's choices */
enum elephant_by_elephant {
	EL_BY_EL_SINGLE, /* SPQR 8.15: the hits are not doubled */
	EL_BY_EL_DOUBLE, /* GBA 8.15: doubled as any fire at an elephant */
};

/* -- choices of the switches of GBA 4-5, command and activation: add below -- */

/* RV_LEADER_STAYS's choices */
enum leader_stays {
	LEADER_STAYS_YES, /* SPQR 4.23: with the unit to its move's end;
			   * 4.34: within range of a unit of his Line */
	LEADER_STAYS_NO,  /* GBA 4.23, 4.36: he may part from them */
};

/* RV_OC_IN_ZOC_ORDERS_LEADERS's choices */
enum oc_in_zoc_orders_leaders {
	OC_IN_ZOC_ORDERS_LEADERS_YES, /* SPQR 4.4 #2: no such bar */
	OC_IN_ZOC_ORDERS_LEADERS_NO,  /* GBA 4.4 #2: he leaves it first */
};

/* RV_RESTRICTION_LIMITS's choices */
enum restriction_limits {
	RESTRICTION_LIMITS_ORDERS, /* SPQR 4.35: Individual Orders and Line
				    * Commands alike */
	RESTRICTION_LIMITS_LINE_COMMANDS, /* GBA 4.37: Line Commands only */
};

/* RV_OC_STACK_ORDER's choices */
enum oc_stack_order {
	OC_STACK_ORDER_ONE,  /* SPQR 4.4 #5: one Individual Order when he gives
			      * it from the stack's hex */
	OC_STACK_ORDER_TWO,  /* GBA 4.4: no such power, two as for anyone */
};

/* RV_TRUMPER_ACTS's choices */
enum trumper_acts {
	TRUMPER_ACTS_ORDER,	/* SPQR 5.45: any order given */
	TRUMPER_ACTS_MOVED_OR_FIRED, /* GBA 5.46: a unit ended its move in
				      * another hex, or fired */
};

/* RV_LONE_LEADERS_MEET's choices */
enum lone_leaders_meet {
	LONE_LEADERS_MEET_NOTHING,	   /* SPQR: nothing happens */
	LONE_LEADERS_MEET_PERSONAL_COMBAT, /* GBA 4.63: gba_lone_leaders.h */
};

/* RV_LEADER_WITHDRAWAL_REACH's choices */
enum leader_withdrawal_reach {
	LEADER_WITHDRAWAL_HEXES, /* 4.72: constants.ini [leader_withdrawal]
				  * mp hexes */
	LEADER_WITHDRAWAL_MA_LEFT, /* GBA 4.62, ambiguity A5: his MA less
				    * the approaching unit's, in MP, at
				    * least 1 */
};

/* -- choices of the switches of GBA 6-7, movement, terrain, facing, ZOC: add below -- */

/* RV_FACING_FAILURE's choices */
enum facing_failure {
	FACING_FAILURE_HITS, /* SPQR 7.15: the modified DR less the TQ, at
			      * least 1 hit */
	FACING_FAILURE_ROUT, /* GBA 7.16: a modified DR over the TQ routs the
			      * unit (ambiguity A4, R104); else nothing */
};

/* RV_HEAVY_FOOT_PASSING's choices */
enum heavy_foot_passing {
	HEAVY_FOOT_AS_CHART, /* SPQR 6.6: the Stacking Chart alone */
	HEAVY_FOOT_BARRED,   /* GBA 6.94 Exception #1: a phalanx or heavy
			      * infantry unit enters no friend's hex, and
			      * only skirmishers enter one's, but where a
			      * routed unit is one of the two */
};

/* RV_ENDED_STACKED's choices */
enum ended_stacked {
	ENDED_STACKED_STACK, /* SPQR 6.6: a stack may stand; what the rout of
			      * one of its units does to the other is 6.68's
			      * (not played, R2) */
	ENDED_STACKED_ROUTS, /* GBA 6.92: a move or withdrawal forced to end
			      * in a friend's hex routs the mover, and each
			      * friend there takes the roll over its TQ, at
			      * least 1 hit (a skirmisher: 1 hit to each) */
};

/* RV_PW_ELIGIBLE's choices */
enum pw_eligible {
	PW_ELITE_ARMY,	  /* SPQR 6.81: an army with an Elite OC or an OC
			   * rated 6+; Lines of infantry but BI, LI, SK,
			   * their leader within 2 hexes with a clear LOS;
			   * the OC then has two activations at most */
	PW_PHALANX_LINES, /* GBA 6.81: Lines of phalanxes and of heavy
			   * infantry of TQ 6+ under the OC, a leader of
			   * Line Commands or a Macedonian Contingent
			   * Commander */
};

/* RV_PW_ACTIVATED's choices */
enum pw_activated {
	PW_NO_MOVE_ORDERS, /* SPQR 6.83: the leader gives no Move order and
			    * no Line Command until the PW is used */
	PW_LINE_STAYS,	   /* GBA 6.84: the PW Line does not move in his
			    * (or its MCC's) activation; all else goes */
};

/* RV_FRONT_TO_FLANK_HIT's choices */
enum front_to_flank_hit {
	FRONT_TO_FLANK_EVERY_UNIT, /* SPQR 6.43: every two-hex unit */
	FRONT_TO_FLANK_NOT_PHALANX, /* GBA 6.43: not the Macedonian phalanx
				     * (PH), only the other double-sized
				     * units */
};

/* RV_AUGMENTED_CHECK's choices */
enum augmented_check {
	AUGMENTED_ONE_HIT,    /* SPQR 6.41: 1 hit for a DR over the TQ */
	AUGMENTED_DIFFERENCE, /* GBA 6.46: as 8.33, the DR less the TQ */
};

/* RV_STACKED_LEADER_WITHDRAWAL's choices */
enum stacked_leader_withdrawal {
	STACKED_LEADER_ADJACENT,  /* 4.72: when an enemy combat unit comes
				   * next to him */
	STACKED_LEADER_WITH_UNIT, /* GBA 4.62's note, 6.78: also when the
				   * unit he is stacked with is offered an
				   * Orderly Withdrawal */
};

/* -- choices of the switches of GBA 8.1-8.2, 9.3-9.5, missiles and skirmishers: add below -- */

/* RV_SKIRMISHER_SHOCK's choices (an SK* may shock any unit either way:
 * its trait, GBA 9.31 Exception #2) */
enum skirmisher_shock {
	SK_SHOCK_NEVER,		     /* SPQR 7.33: never */
	SK_SHOCK_CHARIOTS_ROUTED,    /* GBA 9.31 Exception #1 */
};

/* -- choices of the switches of GBA 8.3-8.5, 9.6, shock and the phalanx: add below -- */

/* RV_BREAKTHROUGH's choices */
enum breakthrough {
	BREAKTHROUGH_NONE,	  /* SPQR: no such rule */
	BREAKTHROUGH_TOTAL_HITS,  /* GBA 8.37, ruling R103: every hit */
	BREAKTHROUGH_RESOLUTION_HITS, /* ambiguity A3's other reading: the
				       * hits of the combat's CRT roll */
};

/* RV_PHALANX_ROUT's choices */
enum phalanx_rout {
	PHALANX_ROUT_PHALANX,	    /* SPQR 8.43, 8.47: every phalanx */
	PHALANX_ROUT_TWO_HEX_HEAVY, /* GBA 9.65: two-hex phalanxes and
				     * heavy infantry */
};

/* -- choices of the switches of GBA 9.1-9.2, elephants and chariots: add below -- */
/* RV_RAMPAGE_HIGH_ROLL's choices */
enum rampage_high_roll {
	RAMPAGE_HIGH_AWAY_FIRST, /* SPQR 9.14: the first 7-9 drives it away
				  * from its cause, a later one kills it */
	RAMPAGE_HIGH_ELIMINATED, /* GBA 9.14: every 7-9 eliminates it */
};
/* RV_PASS_THROUGH's choices */
enum pass_through_rule {
	PASS_THROUGH_DEFENDER_CHOICE, /* SPQR 9.11: infantry may let a lone
				       * elephant through */
	PASS_THROUGH_AUTOMATIC, /* GBA 9.13, 9.23: every unrouted elephant
				 * and chariot goes through its target */
};

/* -- choices of the switches of GBA 9.7, 10, charge formation, cohesion, rout, rally, pursuit: add below -- */

/* RV_PURSUIT's choices */
enum pursuit_in_use {
	PURSUIT_ALWAYS,		       /* SPQR 8.6: part of the rules */
	PURSUIT_WITH_CHARGE_FORMATION, /* GBA 10.3: only with the optional
					* Charge Formation rule (9.7) */
};

/* RV_ROUT_BLOCKED's choices */
enum rout_blocked {
	ROUT_BLOCKED_TURN,	 /* SPQR 10.22: it turns a vertex at a time
				  * to the first open hex */
	ROUT_BLOCKED_ELIMINATED, /* GBA 10.21: no open hex nearer its edge,
				  * it is eliminated (ruling R166) */
};

/* Movement and cohesion cost of one step (6.21, 6.22). */
struct move_cost {
	int mp;
	int hits;
	bool prohibited;
};

/* A unit (or leader) entering a hex. */
struct hex_entry {
	enum unit_type type;	/* ignored for a leader */
	bool leader;		/* 6.22: leaders never take hits */
	bool in_column;		/* 6.72 */
	enum terrain terrain;	/* of the hex entered */
	/* GBA 6.29 note d (R102): light foot that the note excepts (the
	 * Cardaces, trait cardaces) pay the Infantry column's hits */
	bool infantry_hits;
	unsigned hexside;	/* enum hexside_feature bits of the side crossed */
	int from_level, to_level;
};

struct spqr_tables;
struct evcat;

/* Reads and checks every chart file of dir (clash.ini, shock_crt.ini, ...).
 * Every cell is required and range-checked; unknown sections or keys,
 * duplicates and missing cells fail with the line.  Returns NULL with err
 * filled on any failure (nothing half-loaded is returned). */
struct spqr_tables *tables_load(const char *dir, struct ini_error *err);
void tables_free(struct spqr_tables *t);
/* A copy of loaded tables, freed with tables_free (tests/fuzz starts many
 * games from one load); NULL when memory runs out. */
struct spqr_tables *tables_copy(const struct spqr_tables *t);
/* The ruleset's event catalog (events.ini of the same directory), or NULL
 * without tables. */
const struct evcat *tables_events(const struct spqr_tables *t);
/* The book's rule numbers for the code's (rule_numbers.h: a GBA game's
 * map, from rule_numbers.ini of the same directory); an empty map (not
 * present) without one or without tables. */
struct rule_numbers;
const struct rule_numbers *tables_rule_numbers(const struct spqr_tables *t);
/* Checks one rules file alone (maniple --check FILE): its [file] table
 * names the chart.  False with err filled when anything is wrong. */
bool tables_check_file(const char *path, struct ini_error *err);

/* The file stem and table name of a chart ("clash"...). */
const char *spqr_table_name(enum spqr_table t);
int spqr_table_parse(const char *text);
const char *superiority_name(enum superiority s);
const char *shock_duty_name(enum shock_duty d);
const char *leader_casualty_name(enum leader_casualty c);
const char *movement_group_name(enum movement_group g);
const char *movement_row_name(enum movement_row r);

/* 8.45 The Clash of Spears and Swords: base Shock CRT column for an attack
 * on the given side (ZONE_FRONT, ZONE_FLANK, ZONE_REAR) of the defender;
 * 0 when that attack is impossible (9.15) or the arguments are out of
 * range.  LP, RC and scorpios read as the chart's read_as entries say. */
int tables_clash_column(const struct spqr_tables *t, enum unit_type defender,
			enum unit_type attacker, enum hex_zone side);
/* The type whose row or column a type reads on the Clash chart. */
enum unit_type tables_clash_reads_as(const struct spqr_tables *t,
				     enum unit_type type);

/* 8.46 step 4, 8.74 the Shock CRT.  The only place where the modified DR
 * is clamped to 0..9 and the shifted column to 1..13 (RULINGS R3). */
struct crt_result {
	int attacker_hits;
	int defender_hits;
};
struct crt_result tables_shock_crt(const struct spqr_tables *t, int column,
				   int dr);
/* 8.46 step 2-3: a column shift, negative meaning left. */
int tables_crt_shift(const struct spqr_tables *t, enum crt_shift s);
/* 8.46 step 4: AS doubles the defender's hits, DS triples the attacker's. */
int tables_shock_multiplier(const struct spqr_tables *t,
			    enum shock_multiplier m);

/* 8.46 step 1.B, 8.72: Weapon System Superiority, read down the attacker's
 * column.  May return SUP_DSP. */
enum superiority tables_weapon_superiority(const struct spqr_tables *t,
					   enum unit_type attacker,
					   enum unit_type defender);
/* The same with DSp settled: DS while the defender is not Missile No. */
enum superiority tables_weapon_superiority_now(const struct spqr_tables *t,
					       enum unit_type attacker,
					       enum unit_type defender,
					       bool defender_has_missiles);

/* 7.31, 7.33, 9.23, 9.81: must, may or never shock, by type and missile
 * class (routed units and units In Column never shock either: the caller
 * checks those states, 6.75). */
enum shock_duty tables_shock_duty(const struct spqr_tables *t,
				  enum unit_type type,
				  enum missile_class missile);

/* 8.15, 8.71: the missile strength of a class at a range in hexes; -1
 * when out of range. */
int tables_missile_strength(const struct spqr_tables *t,
			    enum missile_class mc, int range);
/* The longest range of a class (0 for MC_NONE). */
int tables_missile_range(const struct spqr_tables *t, enum missile_class mc);
int tables_missile_modifier(const struct spqr_tables *t,
			    enum missile_modifier m);

/* GBA 10.27: a Rally Table cell reading "R": the unit rallies not, but
 * keeps routing and moves another 2 hexes */
#define RALLY_KEEPS_ROUTING (-1)

/* 10.28, 10.29, 10.33: hits a rallied unit keeps for a Rally Table DR
 * (RALLY_KEEPS_ROUTING for an "R" cell, GBA 10.27); a unit Depleted
 * before the attempt adds to the DR; the DR is clamped to 0..9 here
 * (RULINGS R3). */
int tables_rally_hits(const struct spqr_tables *t, int printed_tq, int dr,
		      bool depleted);
int tables_rally_modifier(const struct spqr_tables *t, enum rally_modifier m);

/* 4.73, 8.19: the Leader Casualty Table, for the second d10 (0..9). */
enum leader_casualty tables_leader_casualty(const struct spqr_tables *t,
					    int dr);
int tables_wound_figure(const struct spqr_tables *t, enum wound_figure f);

/* 6.27: the column a type moves in; leaders move in their own entry. */
enum movement_group tables_movement_group(const struct spqr_tables *t,
					  enum unit_type type);
enum movement_group tables_leader_movement_group(const struct spqr_tables *t);
/* 6.27: one row of the chart for one group, as printed. */
struct move_cost tables_movement_cost(const struct spqr_tables *t,
				      enum movement_row row,
				      enum movement_group g);
/* 6.21, 6.22, 6.24, 6.72: the cost of entering a hex — terrain (or a Roman
 * road along the side crossed), hexside features and elevation change,
 * added up; In Column hits reduced; leaders take no hits.  The ½ MP of a
 * unit In Column along a Roman road is left to the mover (see
 * MM_ROMAN_ROAD_COLUMN_HEXES_PER_MP). */
struct move_cost tables_hex_entry_cost(const struct spqr_tables *t,
				       const struct hex_entry *e);
/* 6.42: a phalanx pays the worse of its two hexes. */
struct move_cost move_cost_worse(struct move_cost a, struct move_cost b);
/* 7.12, 7.13, 7.14, 9.65: changing facing by a number of vertices. */
struct move_cost tables_facing_change_cost(const struct spqr_tables *t,
					   enum unit_type type,
					   bool roman_infantry, int vertices,
					   bool in_rough);
int tables_movement_modifier(const struct spqr_tables *t,
			     enum movement_modifier m);

/* 6.63: how a unit counts on the Stacking Chart, from its type, class code
 * and whether it belongs to a legion or ala (2.23). */
enum stacking_class tables_stacking_class(const struct spqr_tables *t,
					  enum unit_type type, const char *cls,
					  bool roman);
/* 6.69: the voluntary Stacking Chart cell. */
struct stacking_rule tables_voluntary_stacking(const struct spqr_tables *t,
					       enum stacking_class mover,
					       enum stack_relation stationary);
/* 6.69 mandatory chart: whether a stationary unit is spared the hits of a
 * router passing or stopping. */
bool tables_rout_exempt(const struct spqr_tables *t,
			enum stacking_class stationary);
int tables_stacking_figure(const struct spqr_tables *t, enum stacking_figure f);

/* Whether units of a type have a trait (unit_types.ini); false for a
 * NULL t or an unknown type. */
bool tables_type_has(const struct spqr_tables *t, enum unit_type type,
		     enum unit_trait trait);
const char *unit_trait_name(enum unit_trait tr);
/* Whether a unit of a type and class (2.22; "" for none) has a trait: its
 * class's traits when unit_types.ini gives the class its own ([class
 * CODE] traits), else its type's (tables_type_has). */
bool tables_unit_has(const struct spqr_tables *t, enum unit_type type,
		     const char *cls, enum unit_trait trait);
/* 6.4, GBA 6.41: why a unit of a type and class may not stand in nhex
 * hexes (NULL when it may, or for a NULL t): a phalanx stands in two; a
 * double_sized one (GBA's hoplites and Cardaces) in one or two, and in
 * two it is double-sized; every other unit in one. */
const char *tables_hex_count_refusal(const struct spqr_tables *t,
				     enum unit_type type, const char *cls,
				     int nhex);
/* The type of a unit class code (2.22; unit_types.ini's classes), or -1
 * for a code it does not list or a NULL t. */
int tables_class_type(const struct spqr_tables *t, const char *code);
/* Every class code, parted by spaces, into buf as snprintf; the length
 * it needed. */
size_t tables_class_codes(const struct spqr_tables *t, char *buf, size_t n);
/* A figure of the rules' text (constants.ini); 0 for a NULL t. */
int tables_constant(const struct spqr_tables *t, enum rule_constant c);
/* The choice variants.ini makes for v (the index of its name among v's
 * choices); the first choice without tables. */
int tables_variant(const struct spqr_tables *t, enum rule_variant v);
/* The path of a ruleset's data file NAME (e.g. "clash.ini") into out: in
 * DIR when it is there, else in the folder DIR's variants.ini names as
 * its base ([ruleset] base = spqr: DIR/../spqr/NAME), so that a ruleset
 * keeps only the files in which it differs.  False when the path does not
 * fit or the file is in neither (out then holds DIR/NAME, for the
 * message). */
bool tables_path(const char *dir, const char *name, char *out, size_t n);
/* The folder DIR's variants.ini names as its base (DIR/../BASE) into
 * out; false when it names none.  tables_load reads each chart of such a
 * ruleset from the base's folder first and then the ruleset's own file of
 * the same name, if it has one, over it: the own file holds only the
 * keys in which the ruleset differs (its variants.ini excepted, whole). */
bool tables_base(const char *dir, char *out, size_t n);
/* DIR's sentences (sentences.ini, evtext.h) against cat: its own read
 * over its base's where it has both (evtext_load_over: a ruleset's file
 * holds only the sentences in which it differs), else whichever it has;
 * NULL with err. */
struct evcat;
struct evtext;
struct evtext *tables_sentences(const char *dir, const struct evcat *cat,
				const char *teach_slots,
				struct ini_error *err);
/* 8.17: the lowest unmodified fire die that leaves a class Missile Low
 * (10: none does, as for a NULL t). */
int tables_supply_low_from(const struct spqr_tables *t,
			   enum missile_class mc);

/* 11.1, GBA 10.42: rout points of an eliminated unit (of a type and
 * class, "" for none; two_hex: a phalanx, or a unit standing in two
 * hexes) or leader. */
int tables_unit_rout_points(const struct spqr_tables *t, enum unit_type type,
			    const char *cls, int printed_tq, bool two_hex,
			    bool leader_elephant);
int tables_leader_rout_points(const struct spqr_tables *t,
			      enum leader_kind kind, int printed_initiative);

#endif
