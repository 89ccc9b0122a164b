/* units.h — the vocabulary of combat units and leaders (2.2, 2.4, 4.1):
 * types, classes, missile classes, leader kinds.  Names are the
 * rulebook's codes; the tables in rules/spqr/ are indexed by these. */
#ifndef MANIPLE_UNITS_H
#define MANIPLE_UNITS_H

#include <stdbool.h>

/* Unit types (2.22).  LP (peltasts) reads as LI on the Clash chart and RC
 * (Roman cavalry) as HC; both have their own line on Superiority. */
enum unit_type {
	UT_PH, /* phalanx */
	UT_HI, /* heavy infantry (classes HO hoplite, TR triarii) */
	UT_LG, /* legion infantry (HA hastati, PR principes, CO cohorts) */
	UT_MI, /* medium infantry */
	UT_BI, /* barbarian infantry */
	UT_LI, /* light infantry (VE velites) */
	UT_LP, /* peltasts */
	UT_SK, /* skirmishers (A archers, S slingers, BS Balearic slingers) */
	UT_HC, /* heavy cavalry */
	UT_RC, /* Roman cavalry */
	UT_LN, /* lancers */
	UT_LC, /* light cavalry */
	UT_EL, /* elephants */
	UT_AT, /* artillery: scorpio */
	UT_CH, /* chariots (GBA) */
	UNIT_TYPE_COUNT
};

/* The longest class code (unit_class_code_ok), without its NUL. */
#define UNIT_CLASS_CODE_MAX 3

/* Missile classes (2.21, the Missile Range and Results chart). */
enum missile_class {
	MC_NONE,
	MC_A,  /* archers (foot) */
	MC_S,  /* slingers */
	MC_BS, /* Balearic slingers */
	MC_J,  /* javelins (foot) */
	MC_MJ, /* mounted javelins, elephant towers */
	MC_MA, /* mounted archers */
	MC_ES, /* elephant screen archers */
	MC_B,  /* bolt (scorpio; GBA 9.5 oxybeles) */
	MC_IA, /* Indian archers (GBA 8.61: LI with the long bow) */
	MISSILE_CLASS_COUNT
};

/* 8.17 missile supply. */
enum missile_supply { SUPPLY_FULL, SUPPLY_LOW, SUPPLY_NO };

enum elephant_kind { ELEPHANT_NONE, ELEPHANT_AFRICAN, ELEPHANT_INDIAN };

/* 4.1, 4.5, 4.9 */
enum leader_kind {
	LK_GENERAL,		/* a named general */
	LK_TRIBUNE,
	LK_PRAEFECT_SOCIORUM,
	LK_PRAEFECT_EQUITUM,
	LK_PROCONSUL,
	LK_REPLACEMENT,
	LK_ELEPHANT, /* 4.9 elephant leader */
	LEADER_KIND_COUNT
};

/* 5.11, 5.15, 5.44 */
enum leader_state {
	LS_INACTIVE,
	LS_ACTIVE,
	LS_FINISHED,
	LS_BYPASSED,
	LEADER_STATE_COUNT
};

const char *unit_type_name(enum unit_type t);
int unit_type_parse(const char *text);
/* 2.22: whether text has the shape of a unit class code as a counter
 * prints it: one to three capital letters, the last of them possibly
 * followed by a '*' (GBA's SK*, a skirmisher that may shock).  At most
 * UNIT_CLASS_CODE_MAX characters. */
bool unit_class_code_ok(const char *text);
const char *missile_class_name(enum missile_class m);
int missile_class_parse(const char *text);
const char *missile_supply_name(enum missile_supply s);
int missile_supply_parse(const char *text);
const char *elephant_kind_name(enum elephant_kind k);
int elephant_kind_parse(const char *text);
const char *leader_kind_name(enum leader_kind k);
int leader_kind_parse(const char *text);
const char *leader_state_name(enum leader_state s);
int leader_state_parse(const char *text);

#endif
