/* rules.c — the top floor of the SPQR rules (doc/architecture.md): a new
 * game with every module's state, the modules' part of the canonical state
 * text, and the table of hooks through which the lower floors reach the
 * higher ones (hooks.h). */
#include "maniple/hooks.h"

#include <stdlib.h>
#include <string.h>

#include "maniple/elcmd.h"
#include "maniple/leader_elephant.h"
#include "maniple/missile.h"
#include "maniple/orders.h"
#include "maniple/prearranged.h"
#include "maniple/rally.h"
#include "maniple/rampage.h"
#include "maniple/reactions.h"
#include "maniple/rout.h"
#include "maniple/sequence.h"
#include "maniple/shock.h"

/* The lines after the units and leaders in game_state_text (game.c's
 * header comment has the layout). */
static void modules_state_text(const struct game *g, FILE *f)
{
	seq_state_text(g, f); /* 3.0: sequence, sequence_leaders */
	orders_state_text(g, f); /* 5.2 */
	rout_state_text(g, f);	 /* 10.22 */
	rampage_state_text(g, f); /* 9.14, only while one is under way */
	shock_state_text(g, f);	 /* 8.4 */
	rally_state_text(g, f);	 /* 10.16, 10.28 */
	reaction_state_text(g, f); /* 6.5, 7.15, 4.72, 7.32 */
	prearranged_state_text(g, f); /* 6.8 */
	missile_state_text(g, f); /* 8.11 */
	elcmd_state_text(g, f); /* 4.9, only when the battle uses it */
}

const struct gboh_hooks gboh_hooks = {
	.state_text = modules_state_text,
	.seq_resume = seq_resume_impl,
	.seq_step_now = seq_step_now_impl,
	.seq_may_order = seq_may_order_impl,
	.rout_begin = rout_begin_impl,
	.unit_eliminate = unit_eliminate_impl,
	.leader_elephant_lost = leader_elephant_lost_impl,
};

struct game *game_new(struct battle *b, enum game_kind kind, uint64_t seed)
{
	struct game *g = calloc(1, sizeof *g);
	if (!g)
		return NULL;
	g->battle = b;
	g->kind = kind;
	dice_init(&g->dice, seed);
	g->turn = 1;
	g->phase = PHASE_ACTIVATION;
	g->active_leader = -1;
	g->nunits = b->nunits;
	memcpy(g->units, b->units, (size_t)b->nunits * sizeof b->units[0]);
	g->nleaders = b->nleaders;
	memcpy(g->leaders, b->leaders,
	       (size_t)b->nleaders * sizeof b->leaders[0]);
	/* A stack listed in the battle file has its first unit on top. */
	for (int i = 0; i < g->nunits; i++)
		g->stack_seq[i] = (unsigned)(g->nunits - i);
	g->next_stack_seq = (unsigned)g->nunits + 1;
	event_log_init(&g->events);
	g->hooks = &gboh_hooks;
	orders_state_init(&g->ord);
	rout_state_init(&g->rout);
	rampage_state_init(&g->rampage);
	reaction_state_init(&g->react);
	prearranged_state_init(&g->pw);
	missile_state_init(&g->fire);
	shock_state_init(&g->shock);
	return g;
}

