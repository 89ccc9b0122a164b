/* battle.h — a battle (scenario): its map, sides, leaders, units, Line
 * Command Eligibility chart, options and reinforcements, as loaded from
 * scenarios/NAME.ini.  The in-play state of units and leaders lives in the
 * same structs (struct game holds copies). */
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
};

struct unit {
	/* what the counter says */
	char id[ID_MAX];
	char name[NAME_MAX_];
	int side;		/* 0 or 1 */
	enum unit_type type;
	char cls[4];		/* class code: HA PR CO TR HO VE A S BS ... or "" */
	int size, tq, ma;
	int ma_ext;		/* phalanx 4/5: the 5 (6.41); 0 for others */
	enum missile_class missile;
	enum missile_supply supply;
	/* elephants (9.12, 9.13) */
	enum elephant_kind elephant;
	enum missile_class tower;	/* MC_MJ or MC_NONE */
	enum missile_supply tower_supply;
	enum missile_class screen;	/* MC_ES or MC_NONE */
	enum missile_supply screen_supply;
	int legion;		/* legion/ala number, 0 when none (2.23) */
	bool ala;		/* an ala sociorum rather than a legion */
	bool dd_eligible;	/* may form a double-depth phalanx (9.5) */
	char leader_elephant[ID_MAX]; /* 4.8: the leader riding it, or "" */

	/* where it is and how it stands */
	struct footprint at;	/* hexes, facing, In Column */
	bool column_name_left;	/* 6.73: a two-hex unit In Column: its name
				 * side is left of the leading end (else right) */
	bool on_map;		/* false: eliminated or off the map */

	/* markers */
	int hits;		/* cohesion hits */
	bool depleted;		/* 10.3 */
	bool routed;		/* 10.2 */
	bool eliminated;
	/* 10.22: eliminated because its rout move could not be made (what
	 * 8.61 bullet 2 asks of a shock's routed defender) */
	bool eliminated_blocked;
	bool off_map;		/* pursuing cavalry off the map (8.64) */
	struct hex pursuit_exit; /* 8.64: the hex it left the map by */
	bool scorpio_fire;	/* 9.8: fire mode (else move mode) */
	int scorpio_active;	/* 9.85 Active Fire Once/Twice this Game Turn */
	int scorpio_reaction;	/* 9.86 Reaction Fire Once/Twice this enemy
				 * Orders Phase */
	bool scorpio_switched;	/* 9.82 mode changed this Orders Phase */
	bool scorpio_fired;	/* 9.85 fired actively this Orders Phase */
	bool double_depth;	/* 9.5 */
	bool moved_turn;	/* 6.13 Moved this turn */
	bool moved_phase;	/* 7.31, 8.46 moved this Orders Phase */
	bool shock_must;	/* Shock Must Check */
	bool shock_no;		/* Shock No Check */
	bool engaged;		/* 10.4 optional */
	bool pursuit;		/* 8.6 Pursuit/Finished */
	bool rallied;		/* 10.28 Rallied marker: no orders this turn */
	int recovered;		/* 10.16 hits removed this Orders Phase */
	/* 10.28 the leaders who tried to rally it this Game Turn: bit k
	 * for leader index k (BATTLE_LEADERS_MAX fits 64 bits) */
	uint64_t rally_tried;
};

struct leader {
	char id[ID_MAX];
	char name[NAME_MAX_];
	int side;
	enum leader_kind kind;
	int initiative, command_range, line_command, strategy, charisma;
	bool elite;		/* 5.5 */
	bool overall;		/* the Overall Commander (4.4) */
	char restriction[64];	/* 4.35: "" or the types/classes he may order */
	bool available;		/* false: a replacement not yet in play */

	struct hex hex;
	bool on_map;
	enum leader_state state;
	int wounds;		/* TABLES 6: wound points taken */
	int activations;	/* phases this turn (5.14) */
	bool killed;
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
};

/* The ruleset these GBoH rules play: a battle file's `ruleset =` and a
 * game file's header name it (rules/spqr holds its tables). */
#define BATTLE_RULESET "spqr"

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
	int noptions;
	char options[BATTLE_OPTIONS_MAX][32]; /* other named options */

	int nunits;
	struct unit units[BATTLE_UNITS_MAX];
	int nleaders;
	struct leader leaders[BATTLE_LEADERS_MAX];
	int nlines;
	struct line_def lines[BATTLE_LINES_MAX];
	int nreinf;
	struct reinforcement reinf[32];
};

/* Loads a scenario file and its map (the map path is relative to the
 * scenario's directory's parent, e.g. "maps/drill.ini", or absolute).
 * Validates everything; on failure returns NULL with err filled. */
struct battle *battle_load(const char *path, struct ini_error *err);
void battle_free(struct battle *b);
/* Builds the path DATADIR/scenarios/NAME.ini into out (n bytes); does not
 * look at the file system, so the file may not exist.  False when NAME is
 * empty or holds a '/' or "..", or the path does not fit. */
bool battle_path(const char *datadir, const char *name, char *out, int n);

#endif
