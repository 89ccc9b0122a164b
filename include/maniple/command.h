/* command.h — who may order whom: Command Range (4.21), Line composition
 * (4.32, 9.24), Line Command eligibility (4.33, 4.6), command
 * restrictions (4.35, 4.52-4.54).
 *
 * Pure functions over struct game: nothing is changed, nothing emitted,
 * no dice are rolled (the Strategy roll of 4.33 #2 belongs to the
 * sequence of play; line_command_authority says whether it is needed and
 * what it must reach).  Units are named by their index in g->units. */
#ifndef MANIPLE_COMMAND_H
#define MANIPLE_COMMAND_H

#include <stdbool.h>

#include "maniple/game.h"

/* ---- Zones of control (7.2) as a question ----
 * The ZOC rules live with movement; these functions ask through a
 * callback: does a ZOC of a unit of the side other than `side` reach h?
 * A NULL query (or a NULL function) uses command_front_zoc below, which
 * asks the ZOC of the movement rules (zoc_enemy_in, 7.21-7.25). */
typedef bool (*enemy_zoc_fn)(const struct game *g, struct hex h, int side,
			     void *user);
struct zoc_query {
	enemy_zoc_fn in_enemy_zoc;
	void *user;
};

/* 7.21-7.25: the ZOC used when no query is given: zoc_enemy_in of the
 * movement rules (movement.h). */
bool command_front_zoc(const struct game *g, struct hex h, int side,
		       void *user);
/* Asks q (or command_front_zoc) whether h is in a ZOC enemy to side. */
bool command_in_enemy_zoc(const struct game *g, const struct zoc_query *q,
			  struct hex h, int side);
/* Whether any hex of unit u is in an enemy ZOC. */
bool command_unit_in_enemy_zoc(const struct game *g,
			       const struct zoc_query *q, const struct unit *u);

/* ---- Command Range (4.21) ----
 * The number of hexes of the shortest unobstructed path from the
 * leader's hex to h (the leader's hex not counted, h counted), or -1 when
 * none is at most `limit` long.  Obstructed: a hex holding an enemy
 * combat unit; a hex in an enemy ZOC with no friendly combat unit in it;
 * a hex or hexside a leader may not enter or cross (impassable hexes,
 * rivers; with g->tables, whatever the movement chart prohibits). */
int command_path_length(const struct game *g, const struct zoc_query *q,
			const struct leader *l, struct hex h, int limit);
/* 4.21: h lies within the leader's Command Range. */
bool command_range_reaches(const struct game *g, const struct zoc_query *q,
			   const struct leader *l, struct hex h);
/* 4.21: a unit is in range when either of its hexes is (two-hex units
 * count from the nearer half). */
bool command_range_reaches_unit(const struct game *g,
				const struct zoc_query *q,
				const struct leader *l, const struct unit *u);
/* The same question asked of many units while the game stays as it is
 * (a legal list): l's whole Command Range is searched once, the first
 * time it is asked, and the answers read from it.  NULL when memory runs
 * out. */
struct command_range_field;
struct command_range_field *command_range_field_new(const struct game *g,
						    const struct zoc_query *q,
						    const struct leader *l);
void command_range_field_free(struct command_range_field *f);
bool command_range_field_reaches_unit(struct command_range_field *f,
				      const struct unit *u);

/* 4.35: whether a word of l's Command Restriction (type:XX, class:XX,
 * line:NAME or a unit id) names unit u; false when he has none */
bool leader_restriction_names(const struct game *g, const struct leader *l,
			      const struct unit *u);
/* Whether the battle names option `name` among its [battle] options
 * (4.6 carthaginian_command, GBA 5.6 contingent_commanders) */
bool battle_has_option(const struct game *g, const char *name);

/* GBA 4.33: half the leader's Command Range, rounded up, and whether a
 * unit lies within it (as command_range_reaches_unit). */
int command_half_range(const struct game *g, const struct leader *l);
bool command_half_range_reaches_unit(const struct game *g,
				     const struct zoc_query *q,
				     const struct leader *l,
				     const struct unit *u);

/* ---- Command restrictions (4.35, 4.52, 4.54) ----
 * Whether a leader may give an Individual Order to unit u: it must be
 * friendly; a leader with a restriction (type:XX, class:XX, line:NAME or
 * unit ids) orders only units it names; otherwise tribunes order legion
 * infantry and all velites, praefects sociorum ala infantry and all
 * velites, praefects equitum cavalry only (4.52, 4.54); other leaders
 * any friendly unit.  (4.52's one class from one legion per phase is a
 * rule of the Orders Phase, not of this test.) */
bool leader_may_order(const struct game *g, const struct leader *l,
		      const struct unit *u);
/* 4.35, 4.53, 4.54: whether a leader may give a Line Command to the line
 * of the chart row def: a friendly line; a restricted leader only to a
 * line it names (line:NAME) or whose every unit it may order; tribunes
 * and praefects sociorum to an infantry line; praefects equitum to a
 * cavalry line. */
bool leader_may_command_line(const struct game *g, const struct leader *l,
			     const struct line_def *def);

/* ---- Line composition (4.32, 9.24) ---- */

/* 4.3: whether the chart row names unit u (by id, type:XX or class:XX),
 * on the row's own side. */
bool line_def_names(const struct line_def *def, const struct unit *u);
/* 4.32: the units of the row's side the row names that may take part:
 * in play and not routed.  Fills out (indices into g->units) and returns
 * the count (at most max). */
int line_members(const struct game *g, const struct line_def *def, int *out,
		 int max);

/* The two orientations of 4.32 (a bit set). */
enum line_orientation {
	LINE_FLANK_TO_FLANK = 1 << 0,
	LINE_FRONT_TO_REAR = 1 << 1,
};

/* 4.32: the orientations two units share (a bit set of enum
 * line_orientation; 0: none).  Each unit sees the other in its Front,
 * Flank or Rear sector (60 degrees either side of its facing is Front,
 * the next 60 Flank, the rest Rear; a unit In Column: 30, 60, 90); a
 * unit exactly on the edge of two sectors is in both.  Flank-to-Flank:
 * each sees the other in a Flank sector; Front-to-Rear: one sees the
 * other in Front and is seen in Rear.  Stacked units share both. */
unsigned line_pair_orientation(const struct unit *a, const struct unit *b);

/* 4.32, 9.24: whether two units of the line of def are close enough to
 * belong to one line: adjacent (or stacked); or, on a 2- or 3-space row,
 * within that many hexes along a path whose intervening hexes hold no
 * enemy unit, no friendly unit of another line (skirmishers and velites
 * excepted) and no enemy ZOC; or, on an adjacent row, two hexes apart
 * with only a friendly velites or skirmisher unit between (9.24). */
bool line_pair_linked(const struct game *g, const struct zoc_query *q,
		      const struct line_def *def, const struct unit *a,
		      const struct unit *b);

/* The Lines a chart row makes on the map now. */
struct line_groups {
	int ngroups;
	/* per unit index: its group, or -1 when not in any */
	int group[BATTLE_UNITS_MAX];
	/* per group: the orientations every pair of linked units shares
	 * (0 when mixed); and whether, being mixed, the group holds only
	 * the units within the leader's Command Range (4.32) */
	unsigned orientation[BATTLE_UNITS_MAX];
	bool by_command_range[BATTLE_UNITS_MAX];
	int count[BATTLE_UNITS_MAX];
};

/* 4.32: splits the row's members into Lines: units linked to each other
 * (line_pair_linked), directly or through other members, make one group.
 * A group whose links do not all share one orientation keeps only its
 * units within the Command Range of leader l (none when l is NULL),
 * regrouped by their links among themselves.  GBA 4.33 (variants.ini
 * [line_command] cavalry_line = half_command_range): a row with no
 * infantry or elephant unit makes one Line of its members within half
 * l's Command Range, rounded up (none when l is NULL). */
void line_compose(const struct game *g, const struct zoc_query *q,
		  const struct line_def *def, const struct leader *l,
		  struct line_groups *out);

/* 4.32, 4.54: whether the units (indices into g->units) form one Line of
 * def for leader l: all named by the row, in play, not routed, in the
 * same group of line_compose, and (no_mixed_cavalry) not legion and ala
 * cavalry together.  When they do not, why (may be NULL, at least 128
 * bytes) says what breaks it. */
bool line_forms_one(const struct game *g, const struct zoc_query *q,
		    const struct line_def *def, const struct leader *l,
		    const int *units, int n, char *why, int whyn);

/* ---- Line Command eligibility (4.33, 4.4, 4.56, 4.6) ---- */

/* 4.33: a line with any infantry or elephant unit is an
 * "Infantry/Elephant Line". */
bool line_group_is_infantry_or_elephant(const struct game *g,
					const struct line_groups *lg,
					int group);

/* 4.33, called at the start of the Orders Phase: for an
 * Infantry/Elephant Line the leader must be within two hexes of, and
 * have a clear Line Command LOS (8.14, elephants not blocking) to, at
 * least one unit of the group, and not be in an enemy ZOC.  Other lines
 * ask nothing here.  why as for line_forms_one. */
bool line_command_in_reach(const struct game *g, const struct zoc_query *q,
			   const struct leader *l,
			   const struct line_groups *lg, int group, char *why,
			   int whyn);

/* The Orders Phase a Line Command would be given in (4.33). */
enum lc_phase { LC_INITIAL_PHASE, LC_MOMENTUM_PHASE };

enum lc_decision {
	LC_REFUSED,   /* no Line Command in this phase */
	LC_ALLOWED,   /* without a roll */
	LC_NEEDS_ROLL /* a Strategy roll: roll + drm <= target */
};

struct lc_authority {
	enum lc_decision decision;
	int target;	  /* the OC's Strategy Rating */
	int drm;	  /* +1 line in enemy ZOC, -1 proconsul (4.56) */
	const char *rule; /* "4.33 #1" ... */
	bool by_oc_range; /* allowed for standing in the OC's range */
	char reason[128];
};

/* 4.31, GBA 5.21: the Line Commands leader l may give in one Orders
 * Phase: his rating, or (variants.ini [line_command] per_phase = one)
 * one when his rating is not 0 (GBA's "L"). */
int leader_line_commands(const struct game *g, const struct leader *l);

/* The side's Overall Commander in play (4.4), or NULL. */
const struct leader *command_overall_commander(const struct game *g,
						int side);

/* 4.33, 4.4 #3, 4.56, 4.6: whether leader l may give a Line Command to
 * group `group` of lg in this phase, and whether a Strategy roll decides
 * it.  issued_in_initial: the leader gave a Line Command in his Initial
 * Orders Phase this turn (needed in a Momentum phase).  The OC: always
 * (4.4 #3).  A subordinate in his Initial phase: inside the OC's Command
 * Range (4.21 path to his hex) or on turn 1, yes; else a roll against the
 * OC's Strategy, +1 when any unit of the group is in an enemy ZOC, -1 for
 * a proconsul.  In a Momentum phase: the roll, and only after an Initial
 * Line Command.  4.6: where the battle lists the option
 * "carthaginian_command", the subordinates of the side "carthage" (not
 * replacement leaders) need no roll in their Initial phase.  GBA 4.34 #3
 * (variants.ini [line_command] strategy = own): the roll is against the
 * leader's own Strategy Rating, and one without it is refused.
 * by_oc_range is set when the OC's range alone allowed it (GBA 5.31).
 * GBA 4.53: a Wing Commander of a side that is not Macedonian needs no
 * roll in his Initial phase; GBA 4.34 #2: nor a subordinate within the
 * Command Range of a Wing Commander of a Macedonian side. */
struct lc_authority line_command_authority(const struct game *g,
					   const struct zoc_query *q,
					   const struct leader *l,
					   const struct line_groups *lg,
					   int group, enum lc_phase phase,
					   bool issued_in_initial);
/* 4.33: just the question of the brief: whether the roll is needed. */
bool line_command_needs_strategy_roll(const struct game *g,
				      const struct zoc_query *q,
				      const struct leader *l,
				      const struct line_groups *lg, int group,
				      enum lc_phase phase,
				      bool issued_in_initial);

#endif
