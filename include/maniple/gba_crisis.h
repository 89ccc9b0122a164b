/* gba_crisis.h — GBA 5.33's Crisis of Faith: where variants.ini's
 * [momentum] doom_nine is crisis_of_faith, a second 9 on the Die Roll of
 * Doom sends every friendly unit within half the rolling leader's Command
 * Range (rounded up) 2 hexes back, even out of an enemy ZOC, with the
 * Orderly Withdrawal penalties 6.72 #1 (a foot unit takes 1 hit) and #3
 * (a TQ check: a roll above the TQ, 1 more hit); the leader goes back
 * too.  (SPQR 5.33's 9 ends the turn's activations instead.)  The
 * rulings of the withdrawal's way are in gba_crisis.c. */
#ifndef MANIPLE_GBA_CRISIS_H
#define MANIPLE_GBA_CRISIS_H

#include "maniple/game.h"

/* Carries out the crisis of leader (an index into g->leaders): emits
 * crisis_of_faith, a crisis_withdrawal for each unit and the leader, the
 * rolls (for=crisis_of_faith) and the hits.  Finishing the leader is the
 * sequence's. */
void gba_crisis_of_faith(struct game *g, int leader);

#endif
