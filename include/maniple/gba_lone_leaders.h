/* gba_lone_leaders.h — GBA 4.63: a leader alone who moves next to an
 * enemy leader alone fights Personal Combat with him at once (GBA 8.4),
 * before the next order; where variants.ini [leaders] lone_leaders_meet
 * = personal_combat (SPQR: nothing happens). */
#ifndef MANIPLE_GBA_LONE_LEADERS_H
#define MANIPLE_GBA_LONE_LEADERS_H

#include "maniple/game.h"

/* Leader li has just stepped from `from` to his hex: each enemy leader
 * alone he has come next to (not next to `from`) fights him, while li is
 * alone and alive.  Returns the number of fights. */
int gba_lone_leaders_meet(struct game *g, int li, struct hex from);

#endif
