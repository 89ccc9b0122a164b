/* elcmd_state.h — what the optional Elephant Command rule (SPQR 4.9)
 * remembers between commands: whether each army's elephants have had
 * their first orders, the Elephant Leader counters in play, the decision
 * owed at the end of Rout and Reload, and which units shared the active
 * leader's hex when his Orders Phase began.  Plain values, all zero in a
 * fresh game: struct game holds it, a copy copies it, game_state_text
 * prints it (elcmd.h). */
#ifndef MANIPLE_ELCMD_STATE_H
#define MANIPLE_ELCMD_STATE_H

#include <stdbool.h>

#include "maniple/battle.h"
#include "maniple/bits.h"

struct elcmd_state {
	/* 4.91: an Orders Phase in which this army's elephants took orders
	 * has ended; from now on they take them only the two 4.91 ways */
	bool first_done[2];
	/* 4.91, 4.94: the army owing the Elephant Leader decision at the
	 * end of Rout and Reload: 0 none, 1 side 0, 2 side 1 */
	int owes;
	/* 4.94: the army has placed a counter in this Rout and Reload
	 * Phase (removals come first) */
	bool placed[2];
	/* 4.91: per leader, the elephant unit (index + 1) an Elephant
	 * Leader counter sits on; 0 none */
	short on_unit[BATTLE_LEADERS_MAX];
	/* 4.91: the units in the active leader's hex when his Orders Phase
	 * began */
	uint8_t start_with[BITS_BYTES(BATTLE_UNITS_MAX)];
};

#endif
