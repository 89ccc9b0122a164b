/* gba_darius.h — GBA 8.46 Darius the Target: a leader the battle file
 * marks `target = yes` (Darius III) ends the battle when he is killed,
 * his enemy the winner at once (a rule only The Great Battles of
 * Alexander has, reached by that battle option; a leader who leaves the
 * map is not killed and ends nothing). */
#ifndef MANIPLE_GBA_DARIUS_H
#define MANIPLE_GBA_DARIUS_H

#include "maniple/game.h"

/* GBA 8.46: leader li has just been killed (leader_fate): when he is
 * his battle's target, the other side wins now (`game_over`, why
 * `target_killed`). */
void gba_darius_killed(struct game *g, int li);

#endif
