/* hooks.h — the upward calls of the rules (doc/architecture.md).
 *
 * src/gboh is built in floors: state and queries, then the primitives
 * (movement, facing and ZOC, cohesion, fire), then the special units,
 * then the phases and the sequence of play.  A file never names a
 * function of a floor above it.  Where a lower floor must hand over to a
 * higher one (a hit that routs a unit, a move step a phalanx takes its own
 * way, a decision answered so the sequence of play goes on) it calls the
 * function of the usual name, which hooks.c defines as a call through
 * g->hooks: a const table of the higher floors' functions that the top
 * floor (rules.c) fills and game_new points every game at.  The body keeps
 * its place in the higher file under the name NAME_impl. */
#ifndef MANIPLE_HOOKS_H
#define MANIPLE_HOOKS_H

#include <stdio.h>

#include "maniple/game.h"
#include "maniple/leader_elephant.h"
#include "maniple/rout.h"
#include "maniple/sequence.h"

struct gboh_hooks {
	/* the module states' lines of the canonical state text (game.c) */
	void (*state_text)(const struct game *g, FILE *f);
	/* sequence.c: the sequence of play */
	void (*seq_resume)(struct game *g);
	enum seq_step (*seq_step_now)(const struct game *g);
	bool (*seq_may_order)(struct game *g, struct cmd_result *r);
	/* rout.c: the rout (10.2) */
	void (*rout_begin)(struct game *g, int unit, const char *rule);
	void (*unit_eliminate)(struct game *g, struct unit *u,
			       const char *rule);
	/* leader_elephant.c: leader elephants (4.8) */
	void (*leader_elephant_lost)(struct game *g, const struct unit *u);
};

/* The table of the SPQR rules (rules.c). */
extern const struct gboh_hooks gboh_hooks;

#endif
