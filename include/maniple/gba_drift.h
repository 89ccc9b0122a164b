/* gba_drift.h — GBA 6.5, Drift to the Right (optional: a battle's side
 * plays it with `drift_to_the_right = yes`): a double-sized hoplite or
 * Cardaces unit moving again in a turn spends its 1st, 2nd and 4th MP of
 * movement going into its right-front hexes.  src/gboh/gba_drift.c. */
#ifndef MANIPLE_GBA_DRIFT_H
#define MANIPLE_GBA_DRIFT_H

#include <stdbool.h>

#include "maniple/game.h"
#include "maniple/movement.h"

/* GBA 6.5: whether the rule binds u: a double-sized (two-hex, in line)
 * hoplite or Cardaces unit of a side that plays it. */
bool gba_drift_binds(const struct game *g, const struct unit *u);

/* GBA 6.5: whether the forward step of m's two-hex unit in direction
 * `dir` (a hexside), costing mp, breaks the drift: the unit has moved
 * before this turn, the step spends its 1st, 2nd or 4th MP of movement
 * (ruling R144), it does not go into the right-front hexes, and the step
 * there is open and puts neither half next to an enemy unit. */
bool gba_drift_forbids(const struct game *g, const struct move *m, int dir,
		       int mp);

#endif
