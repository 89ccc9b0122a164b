/* shock_calc.h — the arithmetic of one shock combat (8.45, 8.46 steps 1-4,
 * 9.23, 9.32, 9.41, 6.26, 6.75, 10.32) as pure functions of the loaded
 * charts and the facts the caller gathers from the board.
 *
 * Nothing here reads or changes a game: the shock sequence (issue 6)
 * gathers the units chosen under 8.45, the approach (footprint_approach in
 * hex.h), who moved, the terrain and the leaders, calls shock_calc, and
 * emits every field of struct shock_calc as events. */
#ifndef MANIPLE_SHOCK_CALC_H
#define MANIPLE_SHOCK_CALC_H

#include <stdbool.h>

#include "maniple/footprint.h"
#include "maniple/hex.h"
#include "maniple/map.h"
#include "maniple/tables.h"
#include "maniple/units.h"

/* ------------------------------------------------------- 8.45 the clash */

/* 8.45: the base Shock CRT column of one attacker-defender pairing; 0 when
 * that attack is impossible (9.15). */
int shock_clash_column(const struct spqr_tables *t, enum unit_type attacker,
		       enum unit_type defender, enum hex_zone side);

/* 8.45 vertex rule: a unit attacked by a two-hex unit through the vertex
 * between two of its zones takes the zone whose column is lower (the
 * defender's most advantageous facing).  Returns that zone. */
enum hex_zone shock_vertex_side(const struct spqr_tables *t,
				enum unit_type attacker,
				enum unit_type defender, enum hex_zone a,
				enum hex_zone b);

/* Who makes a choice of 8.45. */
enum clash_chooser { CHOOSER_DEFENDER, CHOOSER_ATTACKER };

/* 8.45: the index of the column the chooser prefers among n candidate
 * columns: the defender the lowest, the attacker the highest; impossible
 * pairings (column 0 or less) are never chosen; the first of equals wins.
 * -1 when there is no possible candidate. */
int shock_clash_choose(const int *columns, int n, enum clash_chooser who);

/* One attacker-defender pairing of a combat with several units. */
struct clash_pairing {
	int attacker; /* index among the attacking units */
	int defender; /* index among the defending units */
	enum unit_type attacker_type, defender_type;
	enum hex_zone side; /* the defender's side the attacker strikes */
};

/* 8.45 both choices in order: the defender designates the defending unit
 * that leaves the attacker's best column lowest; the attacker then takes
 * his best column against it.  Returns the index into pairings of the
 * pairing used, or -1 when none is possible.  The players may choose
 * otherwise (8.45 example 2 weighs superiority too): this is the default
 * offered. */
int shock_clash_pick(const struct spqr_tables *t,
		     const struct clash_pairing *pairings, int n);

/* ------------------------------------------------ 8.46 step 1 superiority */

/* GBA 9.71, 9.75: what the optional Charge Formation makes of an
 * attack's System Superiority (gba_charge.h decides) */
enum charge_superiority {
	CHARGE_SUP_CHART, /* the chart's, as without the rule */
	CHARGE_SUP_NONE,  /* GBA 9.71: cavalry out of formation attacking
			   * gets none, whatever the chart says */
	CHARGE_SUP_AS,	  /* GBA 9.75: Attack Superior, whatever the chart
			   * says */
};

struct superiority_input {
	enum unit_type attacker, defender; /* the units chosen in 8.45 */
	enum hex_zone side;	 /* footprint_approach of the attack */
	bool defender_in_column; /* 6.75: always AS */
	/* 8.46 1.A bullet 4: the attacker is in the ZOC of a non-skirmisher
	 * enemy standing in the attacker's flank or rear hex (GBA 8.36 #4:
	 * of any such enemy but its targets that no friend attacks) */
	bool attacker_flank_threatened;
	bool defender_has_missiles; /* settles DSp (TABLES.md §3) */
	enum charge_superiority charge; /* GBA 9.71, 9.75 */
};

struct superiority_calc {
	bool column_attacked; /* 6.75 decided it */
	bool position;	      /* 8.46 1.A gave AS */
	/* 8.46 1.A: a flank or rear attack that an exception denied; the
	 * rule's bullet 1-4, 0 when none */
	int position_denied_by;
	enum superiority weapon_chart; /* 8.72 as printed (may be DSp) */
	enum superiority result;       /* SUP_NONE, SUP_AS or SUP_DS */
	/* GBA 9.71 or 9.75 overrode the chart ("GBA 9.71", "GBA 9.75"),
	 * or NULL */
	const char *charge_rule;
};

/* 8.46 step 1, 6.75: position, then weapon system superiority. */
struct superiority_calc shock_superiority(const struct spqr_tables *t,
					  const struct superiority_input *in);

/* --------------------------------------------- 8.46 step 2 size ratio */

struct size_ratio_input {
	int attacker_size, defender_size; /* totals of the units involved */
	bool attacker_moved;	    /* any attacker moved to make the shock */
	bool skirmisher_involved;   /* any skirmisher on either side */
	bool elephant_involved;	    /* any elephant on either side */
	bool non_elephant_involved; /* any unit but an elephant */
	bool chariot_involved;	    /* GBA 8.36: any chariot */
	bool non_chariot_involved;  /* any unit but a chariot */
};

struct size_ratio {
	/* 8.46 step 2's exceptions: "elephant" or "skirmisher", NULL when
	 * the ratio counts */
	const char *ignored;
	int attacker_part, defender_part; /* the #-1 or 1-# ratio */
	int shift;			  /* columns, positive right */
};

/* 8.46 step 2: the Size Ratio Difference, rounded for the attacker when
 * any attacker moved, for the defender otherwise. */
struct size_ratio shock_size_ratio(const struct spqr_tables *t,
				   const struct size_ratio_input *in);

/* ------------------------------------------ 8.46 step 3 column shifts */

struct shock_shift_input {
	bool attacker_depleted; /* 10.32: any attacking unit Depleted */
	bool defender_depleted; /* 10.32: any defending unit Depleted */
	/* 9.41 Phalanx Defense */
	bool defender_phalanx; /* the defender chosen in 8.45 */
	enum hex_zone side;
	bool attacker_moved_adjacent; /* an attacker moved adjacent */
	bool any_attacker_phalanx;
	enum unit_type attacker; /* the attacker chosen in 8.45 */
	int covered_flanks;	 /* 0..2 flank hexes covered */
	/* 6.26 terrain */
	enum terrain defender_terrain;
	bool attacker_uphill; /* shocking up one or more levels */
	bool across_stream;   /* across a Stream hexside */
	bool behind_rampart;  /* defender behind a camp rampart */
};

struct shock_shifts {
	int depleted_attacker, depleted_defender; /* 10.32 */
	int phalanx_defense;			  /* 9.41, R6 */
	int terrain;				  /* 6.26 */
	int total;
};

/* 8.46 step 3: the unit and terrain shifts of the Shock CRT. */
struct shock_shifts shock_column_shifts(const struct spqr_tables *t,
					const struct shock_shift_input *in);

/* 9.41: the Phalanx Defense shift alone (0 or negative). */
int shock_phalanx_defense(const struct spqr_tables *t,
			  const struct shock_shift_input *in);
/* 6.26: the terrain shift alone. */
int shock_terrain_shift(const struct spqr_tables *t,
			const struct shock_shift_input *in);

/* 8.46 step 3: the die roll modifiers of the leaders. */
struct leader_drm_input {
	int attacker_charisma; /* a leader of the attacker involved, or 0 */
	int defender_charisma; /* the defender's choice of leader, or 0 */
	bool attacker_leader_killed; /* 8.44 */
	int attacker_killed_charisma;
	bool defender_leader_killed;
	int defender_killed_charisma;
};

struct leader_drm {
	int charisma; /* attacker's minus defender's */
	int killed;   /* reverse modifier: Charisma + 2 */
	int total;
};

/* 8.46 step 3: Charisma added and subtracted, and a killed leader's side
 * suffers his Charisma plus constants.ini's [shock]
 * killed_leader_extra_drm against it (SPQR 2, GBA 8.36 none). */
struct leader_drm shock_leader_drm(const struct spqr_tables *t,
				   const struct leader_drm_input *in);

/* ------------------------------------------------ 8.46 step 4 results */

struct shock_hits_input {
	int attacker_hits, defender_hits; /* as read on the CRT */
	enum superiority superiority;	  /* SUP_NONE, SUP_AS or SUP_DS */
	bool defender_skirmisher;   /* 9.23: the defenders are skirmishers */
	bool attacker_skirmisher;   /* GBA 9.31: the attackers are */
	bool light_cavalry_halving; /* 9.32: see shock_light_cavalry_halves */
};

struct shock_hits {
	int attacker_hits, defender_hits; /* after superiority */
	bool skirmisher_halved, light_cavalry_halved;
	bool attacking_skirmisher_halved; /* GBA 9.31 */
	int final_attacker_hits, final_defender_hits;
};

/* 8.46 step 4, 9.23, 9.32: AS doubles the defender's hits, DS triples the
 * attacker's; then a skirmisher defender halves the attacker's hits (round
 * down, at most 1), attacking skirmishers' hits are halved (round down, no
 * most: GBA 9.31 #1, research A24) and light cavalry's hits on heavy foot
 * are halved. */
struct shock_hits shock_apply_results(const struct spqr_tables *t,
				      const struct shock_hits_input *in);

/* 9.32: whether an attacking light cavalry's hits on this defender are
 * halved (PH HI LG MI BI, not Routed). */
bool shock_light_cavalry_halves(const struct spqr_tables *t,
				enum unit_type attacker,
				enum unit_type defender, bool defender_routed);

/* ---------------------------------------------------- the whole combat */

struct shock_input {
	enum unit_type attacker, defender;    /* chosen in 8.45 */
	enum hex_zone side;		      /* of the chosen pairing */
	struct superiority_input superiority; /* its types and side are
					       * set from the above */
	struct size_ratio_input size;
	struct shock_shift_input shifts; /* its types and side too */
	struct leader_drm_input leaders;
	bool defender_skirmisher; /* 9.23 */
	bool attacker_skirmisher; /* GBA 9.31: every attacker one */
	bool defender_routed;	  /* 9.32 */
	int roll;		  /* the d10, 0..9 */
};

/* Every input and intermediate of one shock resolution, for the events. */
struct shock_calc {
	enum unit_type attacker, defender;
	enum hex_zone side;
	int base_column; /* 8.45; 0: impossible attack */
	struct superiority_calc superiority;
	struct size_ratio size;
	struct shock_shifts shifts;
	int column; /* base + size + shifts, unclamped */
	struct leader_drm leaders;
	int roll;
	int modified_roll;     /* roll + leaders, unclamped (R3) */
	struct crt_result crt; /* 8.74, clamped there */
	struct shock_hits hits;
};

/* 8.45-8.46: resolves one shock combat.  False (out filled as far as it
 * got) when the attack is impossible (9.15) or the roll is not 0..9. */
bool shock_calc(const struct spqr_tables *t, const struct shock_input *in,
		struct shock_calc *out);

#endif
