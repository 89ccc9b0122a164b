/* rout_state.h — a rout move under way (10.21-10.26) and the Rout
 * Movement segment (10.23): plain values held by struct game, printed by
 * game_state_text (rout.h).  A copy of the game copies it. */
#ifndef MANIPLE_ROUT_STATE_H
#define MANIPLE_ROUT_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "maniple/battle.h"
#include "maniple/bits.h"
#include "maniple/hex.h"

#define ROUT_QUEUE_MAX	 32
#define ROUT_VISITED_MAX 24
#define ROUT_TRACKS_MAX	 16
#define ROUT_TRACK_HEXES 32

/* 8.62: the hexes a unit's latest rout move went through, from the hex
 * it began in (a pursuer follows the same path). */
struct rout_track {
	int16_t unit; /* -1: the slot is free */
	int16_t n;    /* hexes in hex[], at most ROUT_TRACK_HEXES */
	struct hex hex[ROUT_TRACK_HEXES];
	bool off; /* it left the map after the last hex (10.24) */
};

/* What kind of rout move is under way. */
enum rout_mode {
	ROUT_NONE,
	ROUT_INITIAL, /* 10.22: 2 hexes at once */
	ROUT_SEGMENT, /* 10.23: the full printed MA */
	ROUT_EXTRA,   /* 10.25: one more hex out of a friend's hex */
};

/* The choice a rout move waits for. */
enum rout_ask {
	ROUT_ASK_NONE,
	ROUT_ASK_HEX,	 /* 10.22: equal hexes, the owner picks one */
	ROUT_ASK_LEADER, /* 10.26: a stacked leader goes along or stays */
};

struct rout_state {
	int unit;	   /* the unit rout moving, -1 none */
	int mode;	   /* enum rout_mode */
	char rule[8];	   /* the rule that made it rout */
	int hexes_left;	   /* ROUT_INITIAL / ROUT_EXTRA */
	int mp_left;	   /* ROUT_SEGMENT */
	int steps;	   /* hexes entered so far */
	int dir;	   /* phalanx: the facing it moves along, -1 */
	int last_side;	   /* the hexside of the last step, -1 */
	struct hex origin; /* where the rout move began (its line) */
	int nvisited;	   /* hexes left behind (no meandering) */
	struct hex visited[ROUT_VISITED_MAX];
	/* the pending choice */
	int ask;      /* enum rout_ask */
	int nchoices; /* ROUT_ASK_HEX: destinations of hex[0] */
	struct hex choice[6][2];
	int leader;		/* ROUT_ASK_LEADER: the leader asked */
	uint64_t leaders_asked; /* 10.26: bit per leader index (< 64) */
	uint64_t leaders_with;	/* 10.26: going along */
	/* routs caused while another was moving: resolved first in, first
	 * out once the move under way ends */
	int nqueue;
	int16_t queue[ROUT_QUEUE_MAX];	/* unit indices */
	char queue_rule[ROUT_QUEUE_MAX][8];
	/* 8.62: a queued rout that is a full Rout Movement (10.23) now: the
	 * MP of its MA already spent; -1 for the 10.22 move */
	int16_t queue_full[ROUT_QUEUE_MAX];
	/* 10.23: the Rout Movement segment */
	bool segment;	  /* under way */
	int segment_turn; /* the turn it belongs to */
	int segment_next; /* next place in the order: side 0's units
			   * in roster order, then side 1's */
	/* routed when it began (a set of units, bits.h) */
	uint8_t segment_mover[BITS_BYTES(BATTLE_UNITS_MAX)];
	/* 8.62: the latest rout paths (round robin over the slots) */
	struct rout_track track[ROUT_TRACKS_MAX];
	int track_next;
};

#endif
