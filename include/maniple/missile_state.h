/* missile_state.h — what missile fire remembers (8.11): which units have
 * fired under an order this Orders Phase and, for the unit whose move is
 * open, the hex it stood in before its latest step (to tell whether it
 * moved closer to its target immediately before firing).  Plain values:
 * struct game holds it and game_state_text prints it (missile.h). */
#ifndef MANIPLE_MISSILE_STATE_H
#define MANIPLE_MISSILE_STATE_H

#include <stdbool.h>

#include "maniple/battle.h"
#include "maniple/bits.h"
#include "maniple/hex.h"

struct missile_state {
	/* 8.11: fired under an order this Orders Phase */
	bool fired[BATTLE_UNITS_MAX];
	/* 8.11: the mover (-1 none) and where it stood before its latest
	 * hex of movement (HEX_NONE before its first) */
	int step_unit;
	struct hex step_from;
	bool step_was_hex;	/* a hex was entered from step_from */
	int step_turns;		/* the move's vertices_turned then: a turn
				 * since is a step that is not forward */
	bool step_formed;	/* the move's `formed` then (6.71) */
	/* 5.22 #2: the unit firing under an order to fire without moving
	 * (-1 none); it is not penalised for moving (8.15 #5) */
	int fire_only;
	/* 5.23 #2: the Line Command (1-based, as g->ord.lc_of) given to
	 * fire without movement this phase, 0 none */
	int line_fire;
	/* 5.23 #2: the units of every Line Command to fire given this
	 * phase (a leader with a Line Command rating of 2 may give two) */
	uint8_t line_fire_unit[BITS_BYTES(BATTLE_UNITS_MAX)];
};

#endif
