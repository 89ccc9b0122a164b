/* reinforcements.h — units and leaders that a battle brings onto the map
 * after the start (SPQR 2.6 names reinforcements and the Game Turn Track
 * that times them; the rulebook gives no procedure, so the one here is
 * ours: see reinforcements.c and the report's proposed ruling).
 *
 * A battle file's `[reinforcement ID]` section gives the Game Turn it is
 * due, a named map edge, and optionally an entry hex on that edge and a
 * facing.  Until it arrives the unit or leader is off the map: it exerts
 * no ZOC (7.21 counts only units in play), takes no orders and cannot be
 * activated (refusals naming 2.6).
 *
 * Whether one is still to come is read from the state itself — a unit
 * not on the map, not eliminated and not off the map pursuing; a leader
 * not on the map and not killed — so the game file, a replay and the
 * digest need nothing new.  (In a sandbox, `setup remove` of one that
 * has arrived makes it wait again; `setup unit`/`setup leader` brings it
 * on at once.) */
#ifndef MANIPLE_REINFORCEMENTS_H
#define MANIPLE_REINFORCEMENTS_H

#include <stdbool.h>

#include "maniple/cmd.h"
#include "maniple/game.h"

/* The index in g->battle->reinf of the reinforcement for unit or leader
 * id, or -1 when it is none. */
int reinf_index(const struct game *g, const char *id);
/* Whether reinforcement ri is still off the map, waiting to arrive. */
bool reinf_waiting(const struct game *g, int ri);
/* The Game Turn the unit or leader id is due when it is a reinforcement
 * still to arrive, else 0.  The refusals of orders and activation use
 * it. */
int reinf_due(const struct game *g, const char *id);
/* When every unit of the battle the line def names is a reinforcement
 * still to arrive: the earliest turn one is due; else 0 (a Line Command
 * to it is refused naming 2.6). */
int reinf_line_due(const struct game *g, const struct line_def *def);

/* 2.6 (our procedure): at the start of a Game Turn, before the Leader
 * Activation Phase's first decision, every reinforcement due on this or
 * an earlier turn that is still waiting arrives on its edge; emits
 * `reinforcement_arrives` for each, or `reinforcement_delayed` when its
 * edge has no hex for it (it tries again next turn).  sequence.c's
 * turn_start calls it. */
void reinf_arrive(struct game *g);

/* `show reinforcements`: one `reinforcement` event per entry of the
 * battle's list, with its status (due, delayed, arrived). */
void cmd_show_reinforcements(void *ctx, int argc, char **argv,
			     struct cmd_result *r);

#define REINF_COMMAND_DEFS                                                     \
	{                                                                      \
		"show reinforcements", "",                                     \
			"units and leaders still to arrive, and when (2.6)",   \
			CMD_LOOKS, cmd_show_reinforcements                     \
	}

#endif
