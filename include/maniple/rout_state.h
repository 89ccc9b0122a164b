/* rout_state.h — a rout move under way (10.21-10.26): plain values held
 * by struct game, printed by game_state_text (rout.h). */
#ifndef MANIPLE_ROUT_STATE_H
#define MANIPLE_ROUT_STATE_H

#include <stdbool.h>

struct rout_state {
	int unit;		/* the unit rout moving, -1 none */
};

#endif
