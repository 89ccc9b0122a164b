/* rout.h — cohesion and rout (10.11, 10.12, 10.14, 10.21-10.27): TQ
 * checks, hits, the rout of a unit with its initial rout move (10.22),
 * the Rout Movement segment (10.23), elimination (10.24, 11.1), routers
 * passing through friends (10.25, TABLES.md 8) and leaders going with
 * them (10.26).
 *
 * A rout move that offers its owner a choice stops and waits: the
 * sequence of play (sequence.h) then owes that side a decision, answered
 * by a command.  State lives in g->rout (rout_state.h). */
#ifndef MANIPLE_ROUT_H
#define MANIPLE_ROUT_H

#include <stdbool.h>
#include <stdio.h>

#include "maniple/game.h"

void rout_state_init(struct rout_state *r);
/* The rout's lines of the canonical state text (game_state_text). */
void rout_state_text(const struct game *g, FILE *f);

#endif
