/* orders_state.h — what the Orders Phase remembers between commands
 * (4.2, 4.3, 5.2, 6.12, 6.14): the order being carried out and the move
 * in progress.  Plain values only: struct game holds it, a copy of the
 * game copies it, and game_state_text prints it (orders.h). */
#ifndef MANIPLE_ORDERS_STATE_H
#define MANIPLE_ORDERS_STATE_H

#include <stdbool.h>

#include "maniple/battle.h"
#include "maniple/move_state.h"

struct orders_state {
	int mode;		/* enum orders_mode (orders.h) */
	int mover_unit;		/* the unit whose move is open, -1 none */
	int mover_leader;	/* the leader moving alone, -1 none */
	bool moving;		/* move is open */
	struct move move;	/* the move in progress */
};

#endif
