/* battle.h — a battle (scenario): its map, sides, leaders, units, Line
 * Command Eligibility chart, options and reinforcements, as loaded from
 * scenarios/NAME.ini.  The in-play state of units and leaders lives in the
 * same structs (struct game holds copies, which point at the battle's
 * words: a battle outlives its games and is never copied by value). */
#ifndef MANIPLE_BATTLE_H
#define MANIPLE_BATTLE_H

#include <stdbool.h>
#include <stdint.h>

#include "maniple/footprint.h"
#include "maniple/hex.h"
#include "maniple/ini.h"
#include "maniple/map.h"
#include "maniple/units.h"

#define ID_MAX 16
#define NAME_MAX_ 48
#define BATTLE_UNITS_MAX 256
#define BATTLE_LEADERS_MAX 48
_Static_assert(BATTLE_LEADERS_MAX <= 64, "unit.rally_tried is 64 bits");
#define BATTLE_LINES_MAX 48
#define LINE_MEMBERS_MAX 64
#define BATTLE_OPTIONS_MAX 16

struct side {
	char id[ID_MAX];       /* "rome", "carthage" */
	char name[NAME_MAX_];
	char colour[16];       /* a colour name: red, blue, ... */
	char retreat_edge[24]; /* a named edge of the map */
	int withdrawal_level;  /* rout points at which the army withdraws (11.2) */
	bool macedonian;       /* GBA: the Macedonian army (GBA 5.12 ...) */
	bool law_of_inertia;   /* GBA 6.14 (optional): its hoplites keep
				* moving */
	bool drift_to_the_right; /* GBA 6.5 (optional): its double-sized
				  * hoplites and Cardaces drift right */
};

/* A unit in play.  What its counter says (id, name, type, class, size,
 * TQ, MA, missile class, legion, the leader riding it) never changes in
 * play: its words are kept once, in the battle (struct unit_text), and
 * the unit points at them; its figures are small numbers.  The rest is
 * where it stands and its markers.  Every field is a byte or two (a
 * yes/no a bit), so a game's 256 units are a small part of a copy of
 * struct game.  The
 * figures' ranges are the battle file's (battle.c checks them). */
struct unit {
	/* what the counter says: the words (the battle's unit_text, or for
	 * a unit built by hand any string that outlives the game) */
	const char *id;
	const char *name;
	const char *leader_elephant; /* 4.8: the leader riding it, or "" */
	/* 10.28 the leaders who tried to rally it this Game Turn: bit k
	 * for leader index k (BATTLE_LEADERS_MAX fits 64 bits) */
	uint64_t rally_tried;

	/* where it is */
	struct footprint at;	/* hexes, facing, In Column */
	struct hex pursuit_exit; /* 8.64: the hex it left the map by */
	int16_t hits;		/* cohesion hits (sandbox: set up to 99) */

	/* what the counter says: the figures */
	char cls[UNIT_CLASS_CODE_MAX + 1]; /* class code (2.22) or "" */
	int8_t side;		/* 0 or 1 */
	uint8_t type;		/* enum unit_type */
	int8_t size, tq, ma;	/* 1-20, 1-9, 1-20 */
	int8_t ma_ext;		/* phalanx 4/5: the 5 (6.41); 0 for others */
	uint8_t missile;		/* enum missile_class */
	/* elephants (9.12, 9.13) */
	uint8_t elephant;	/* enum elephant_kind */
	uint8_t tower;		/* enum missile_class: MC_MJ or MC_NONE */
	uint8_t screen;		/* enum missile_class: MC_ES or MC_NONE */
	int8_t legion;		/* legion/ala number 1-99, 0 when none (2.23) */

	/* missile supply (8.17, 9.12, 9.13): enum missile_supply */
	uint8_t supply, tower_supply, screen_supply;


	/* Each yes/no below is one bit (a bit-field: read and set as a
	 * bool, but never through a pointer). */
	bool ala : 1;		/* an ala sociorum rather than a legion */
	bool dd_eligible : 1;	/* may form a double-depth phalanx (9.5) */
	/* how it stands */
	bool column_name_left : 1; /* 6.73: a two-hex unit In Column: its name
				    * side is left of the leading end (else
				    * right) */
	bool on_map : 1;	/* false: eliminated or off the map */
	/* markers */
	bool depleted : 1;	/* 10.3 */
	bool routed : 1;	/* 10.2 */
	bool eliminated : 1;
	/* 10.22: eliminated because its rout move could not be made (what
	 * 8.61 bullet 2 asks of a shock's routed defender) */
	bool eliminated_blocked : 1;
	bool off_map : 1;	/* pursuing cavalry off the map (8.64) */
	bool scorpio_fire : 1;	/* 9.8: fire mode (else move mode) */
	bool scorpio_switched : 1; /* 9.82 mode changed this Orders Phase */
	bool scorpio_fired : 1;	/* 9.85 fired actively this Orders Phase */
	/* 9.85 Active Fire Once/Twice this Game Turn, 9.86 Reaction Fire
	 * Once/Twice this enemy Orders Phase: 0-2 (a third is refused) */
	unsigned scorpio_active : 2;
	unsigned scorpio_reaction : 2;
	bool double_depth : 1;	/* 9.5 */
	bool moved_turn : 1;	/* 6.13 Moved this turn */
	bool moved_phase : 1;	/* 7.31, 8.46 moved this Orders Phase */
	bool shock_must : 1;	/* Shock Must Check */
	bool shock_no : 1;	/* Shock No Check */
	bool engaged : 1;	/* 10.4 optional */
	bool pursuit : 1;	/* 8.6 Pursuit/Finished */
	bool rallied : 1;	/* 10.28 Rallied marker: no orders this turn */
	bool charge_formation : 1; /* GBA 9.7: in Charge Formation */
	/* 10.16 hits removed this Orders Phase (at most its hits, and at
	 * most constants.ini's [recovery] hits, 0-9) */
	signed int recovered : 5;
};

/* A leader in play.  His id is his own (4.9's Elephant Leaders are named
 * in play); his name and Command Restriction are the battle's words
 * (struct leader_text) or a string that outlives the game; his ratings
 * are small numbers. */
struct leader {
	char id[ID_MAX];
	const char *name;
	const char *restriction; /* 4.35: "" or the types/classes he may order */
	struct hex hex;
	int8_t side;
	uint8_t kind;		/* enum leader_kind */
	int8_t initiative, command_range, line_command, strategy, charisma;
	int8_t rout_points;	/* GBA 10.42: what his loss costs his army when
				 * the battle says (Alexander's 70), or 0:
				 * by rout_points.ini */
	int8_t personal_combat; /* GBA 8.41 PC rating; -1: none */
	uint8_t state;		/* enum leader_state */
	int8_t wounds;		/* TABLES 6: wound points taken */
	int8_t activations;	/* phases this turn (5.14) */
	/* one bit each (bit-fields, as struct unit's) */
	bool elite : 1;		/* 5.5 */
	bool overall : 1;	/* the Overall Commander (4.4) */
	bool available : 1;	/* false: a replacement not yet in play */
	bool on_map : 1;
	bool killed : 1;
	/* GBA 8.41: fought Personal Combat in this phase's Shock segment
	 * (GBA 5.31: no Momentum after it); cleared when the next segment
	 * begins */
	bool fought_personal_combat : 1;
	bool wing_commander : 1; /* GBA 4.5 */
	/* GBA 8.46 Darius the Target: his death ends the battle, his
	 * enemy the winner */
	bool target : 1;
	/* GBA 5.61: a Macedonian Contingent Commander ("C" for an
	 * Initiative); one only while the battle's option
	 * contingent_commanders is on (leader_is_mcc) */
	bool contingent_commander : 1;
	/* GBA 5.62, 5.64: a Wing Commander's Contingent Command Capability,
	 * the contingent commanders he may activate a phase (0: none; the
	 * book's are 1 and 2) */
	unsigned contingent_command : 2;
};

/* The words of a unit's and a leader's counter, kept once in the battle:
 * battle_load points the battle's units and leaders at them, and a game
 * and its copies share them with the battle. */
struct unit_text {
	char id[ID_MAX];
	char name[NAME_MAX_];
	char leader_elephant[ID_MAX];
	/* GBA 6.14: hoplites the Law of Inertia spares (Greek mercenaries,
	 * Spartans: the battle file's law_of_inertia = no) */
	bool inertia_exempt;
};
struct leader_text {
	char name[NAME_MAX_];
	char restriction[64];
};

/* Line Command Eligibility chart row (4.3). */
struct line_def {
	char name[NAME_MAX_];
	int side;
	int nmembers;
	char members[LINE_MEMBERS_MAX][ID_MAX]; /* unit ids, or "type:XX" / "class:XX" */
	int spacing;		/* 1 adjacent, 2 or 3 hex spacing (4.32) */
	bool no_mixed_cavalry;	/* no mixed legion/ala cavalry (4.35-style restriction) */
	char note[96];
};

struct reinforcement {
	char unit[ID_MAX];	/* unit or leader id */
	int turn;		/* the Game Turn it is due (2.6) */
	char edge[24];		/* a named edge of the map */
	struct hex hex;		/* the entry hex on that edge, or HEX_NONE */
	int facing;		/* enum facing on arrival, or -1 (default) */
	bool double_sized;	/* GBA 6.41: a hoplite or Cardaces unit
				 * arriving on two hexes (ruling R142) */
};

/* The rulesets these GBoH rules play: a battle file's `ruleset =` and a
 * game file's header name one (rules/NAME holds its tables).  SPQR is the
 * default; GBA, The Great Battles of Alexander, plays the same modules
 * with its own data (rules/gba: what differs, the rest from rules/spqr). */
#define BATTLE_RULESET "spqr"
#define BATTLE_RULESET_GBA "gba"

struct battle {
	char id[32];		/* file stem: "bagradas" */
	char path[256];
	char name[NAME_MAX_];
	int year;		/* negative for BC: -255 */
	char ruleset[16];	/* BATTLE_RULESET */
	char map_path[256];
	struct map *map;
	int turn_limit;		/* 0: none (RULINGS R4) */
	struct side sides[2];
	char note[512];		/* historical note shown at the start */

	/* rules in force */
	bool triarii_doctrine;	/* 9.7 */
	bool no_pursuit;	/* 8.6 not in use */
	bool engaged_rule;	/* 10.4 optional */
	bool elephant_command;	/* 4.9 optional */
	/* GBA 9.7 Cavalry Charge Formation (optional), and with it GBA 10.3
	 * Cavalry Pursuit, which it makes mandatory */
	bool charge_formation;
	int noptions;
	char options[BATTLE_OPTIONS_MAX][32]; /* other named options */

	int nunits;
	struct unit units[BATTLE_UNITS_MAX];
	int nleaders;
	struct leader leaders[BATTLE_LEADERS_MAX];
	/* the words units[i] and leaders[i] point at */
	struct unit_text unit_text[BATTLE_UNITS_MAX];
	struct leader_text leader_text[BATTLE_LEADERS_MAX];
	int nlines;
	struct line_def lines[BATTLE_LINES_MAX];
	int nreinf;
	struct reinforcement reinf[32];
};

/* Loads a scenario file and its map (the map path is relative to the
 * scenario's directory's parent, e.g. "maps/drill.ini", or absolute).
 * Validates everything but what the unit types' traits decide (which
 * type takes two hexes, may have a 4/5 MA, elephant keys, a bolt, no
 * facing, may not stack): battle_check_traits does that once the
 * ruleset's tables are loaded.  On failure returns NULL with err
 * filled. */
struct battle *battle_load(const char *path, struct ini_error *err);
struct spqr_tables;
/* 2.21, 4.8, 6.4, 6.41, 6.61, 9.1, 9.5, 9.8: b's file read again with
 * the unit types' traits of t (unit_types.ini), each unit checked against
 * its type's; 0, or -1 with err filled as battle_load fills it.  A battle
 * built in memory (no path) has nothing to check. */
int battle_check_traits(const struct battle *b, const struct spqr_tables *t,
			struct ini_error *err);
void battle_free(struct battle *b);
/* Whether b's [rules] options name `name` (an optional rule it plays). */
bool battle_plays_option(const struct battle *b, const char *name);
/* Points each of b's units and leaders whose words are NULL (one built
 * by hand) at its slot in b->unit_text or b->leader_text: empty words,
 * or those written there.  battle_load's are pointed already; game_new
 * calls this. */
void battle_bind_words(struct battle *b);
/* Points u's (l's) words that are NULL at t. */
void unit_bind_words(struct unit *u, struct unit_text *t);
void leader_bind_words(struct leader *l, struct leader_text *t);
/* Builds the path DATADIR/scenarios/NAME.ini into out (n bytes); does not
 * look at the file system, so the file may not exist.  False when NAME is
 * empty or holds a '/' or "..", or the path does not fit. */
bool battle_path(const char *datadir, const char *name, char *out, int n);

#endif
