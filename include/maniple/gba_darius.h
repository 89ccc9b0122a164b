/* gba_darius.h — GBA 8.46 Darius the Target: a leader the battle file
 * marks `target = yes` (Darius III) ends the battle when he is killed,
 * his enemy the winner at once (a rule only The Great Battles of
 * Alexander has, reached by that battle option; a leader who leaves the
 * map is not killed and ends nothing).
 *
 * The Achaemenid Flight (GBA 8.46): the target may always withdraw,
 * alone or stacked, when an enemy combat unit comes next to him (the
 * leaders' withdrawal of 4.62, withdrawal.c) and also when an enemy
 * leader does; he goes up to GBA_FLIGHT_HEXES hexes, each one nearer
 * his side's Retreat Edge, and from a hex of that edge may leave the map
 * (`withdraw LEADER off`), never to return, not killed. */
#ifndef MANIPLE_GBA_DARIUS_H
#define MANIPLE_GBA_DARIUS_H

#include <stdbool.h>

#include "maniple/game.h"

/* GBA 8.46: the Achaemenid Flight's reach, in hexes */
#define GBA_FLIGHT_HEXES 4

/* GBA 8.46: leader li has just been killed (leader_fate): when he is
 * his battle's target, the other side wins now (`game_over`, why
 * `target_killed`). */
void gba_darius_killed(struct game *g, int li);

/* GBA 8.46: whether leader l withdraws by the Achaemenid Flight (he is
 * the battle's target). */
bool gba_flight(const struct game *g, const struct leader *l);
/* GBA 8.46: why l (fleeing) may not go from `here` to the next hex h:
 * not nearer his Retreat Edge; NULL when he may (the movement rules
 * still ask their own). */
const char *gba_flight_step_refusal(const struct game *g,
				    const struct leader *l, struct hex here,
				    struct hex h);
/* GBA 8.46: whether l stands on a hex of his side's Retreat Edge, from
 * which he may leave the map. */
bool gba_flight_on_edge(const struct game *g, const struct leader *l);

#endif
