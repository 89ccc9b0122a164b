/* prearranged_state.h — Pre-arranged Withdrawal (6.8): the markers placed
 * under leaders at the start of a Game Turn (6.82), whether each has been
 * revealed (6.83) and used, and whether a side employs the tactic this
 * turn (6.81's limit on its OC).  Plain values held by struct game,
 * printed by game_state_text (prearranged.h). */
#ifndef MANIPLE_PREARRANGED_STATE_H
#define MANIPLE_PREARRANGED_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "maniple/battle.h"
#include "maniple/bits.h"

/* 6.82: the two faces of the marker. */
enum pw_marker {
	PW_NONE,	/* no marker under this leader */
	PW_REAL,	/* the PW face: the tactic is designated */
	PW_BLUFF,	/* the NO PW face, placed to disguise intent */
};

struct prearranged_state {
	int turn;	/* the Game Turn the markers below belong to, 0 none */
	unsigned char marker[BATTLE_LEADERS_MAX];	/* enum pw_marker */
	/* 6.83: turned face up (a set of leaders, bits.h) */
	uint8_t revealed[BITS_BYTES(BATTLE_LEADERS_MAX)];
	/* 6.83: withdrawals made under it (units: two bytes) */
	int16_t used[BATTLE_LEADERS_MAX];
	bool employed[2];	/* 6.81: the side placed a PW face this turn */
};

#endif
