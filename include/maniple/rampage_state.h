/* rampage_state.h — an Elephant Rampage under way (9.14): plain values
 * held by struct game, so a rampage can stop while the units and leaders
 * in its path answer their withdrawal offers (6.51, 4.72) and go on
 * afterwards.  A copy of the game copies it. */
#ifndef MANIPLE_RAMPAGE_STATE_H
#define MANIPLE_RAMPAGE_STATE_H

#include <stdbool.h>

#include "maniple/battle.h"
#include "maniple/bits.h"
#include "maniple/hex.h"

struct rampage_state {
	int unit;	 /* the rampaging elephant (index), -1: none */
	int cause;	 /* the unit a first 7-9 heads away from, -1 */
	char rule[8];	 /* the rule that set it off (10.14, 4.84, ...) */
	int rolls;	 /* Rampage DRs made so far (9.14: at most 4) */
	int heading;	 /* the hexside of the roll under way, -1 between */
	int hexes_left;	 /* hexes of that roll still to go (of 3) */
	int moved;	 /* hexes entered on that roll */
	struct hex from; /* where that roll's move began */
	int stop;	 /* how that roll's move stopped (rampage.c) */
	bool waiting;	 /* stopped: withdrawal offers it made are open */
	/* 6.51, 4.72: offered already on this roll (one offer a roll) */
	uint8_t ow_asked[BITS_BYTES(BATTLE_UNITS_MAX)];
	uint8_t lw_asked[BITS_BYTES(BATTLE_LEADERS_MAX)];
};

#endif
