/* hooks.c — the calls a lower floor of the rules makes upward, each
 * through the game's table of hooks (hooks.h, doc/architecture.md). */
#include "maniple/hooks.h"

void seq_resume(struct game *g)
{
	g->hooks->seq_resume(g);
}

enum seq_step seq_step_now(const struct game *g)
{
	return g->hooks->seq_step_now(g);
}

bool seq_may_order(struct game *g, struct cmd_result *r)
{
	return g->hooks->seq_may_order(g, r);
}

void rout_begin(struct game *g, int unit, const char *rule)
{
	g->hooks->rout_begin(g, unit, rule);
}

void unit_eliminate(struct game *g, struct unit *u, const char *rule)
{
	g->hooks->unit_eliminate(g, u, rule);
}

void leader_elephant_lost(struct game *g, const struct unit *u)
{
	g->hooks->leader_elephant_lost(g, u);
}
