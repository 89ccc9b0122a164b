/* shock_resolve.c — the clash (8.45) and the hand-to-hand struggle
 * (8.46) over shock_calc.h, the distribution of hits (10.13, 6.68, 9.62),
 * units In Column attacked (6.75, 6.76), javelins after shock (8.17). */
#include "maniple/shock.h"

#include "maniple/event.h"

/* Not built yet: the step says so by an event naming its rule. */
static void step_not_built(struct game *g, const char *what, const char *rule)
{
	struct event e;
	event_init(&e, "not_yet");
	event_add(&e, "what", "%s", what);
	event_add(&e, "rule", "%s", rule);
	game_emit(g, &e);
}

bool shock_step_clash(struct game *g)
{
	step_not_built(g, "clash", "8.45");
	return true;
}

bool shock_step_resolve(struct game *g)
{
	step_not_built(g, "resolve", "8.46");
	return true;
}

int shock_resolve_legal(const struct game *g, struct seq_action *out,
			int max)
{
	(void)g;
	(void)out;
	(void)max;
	return 0;
}

void shock_resolve_segment_end(struct game *g)
{
	(void)g;
}
