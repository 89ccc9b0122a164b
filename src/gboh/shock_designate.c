/* shock_designate.c — Shock designation (7.33, 8.41) and allocation
 * (8.42), with 5.26's and 5.45's Command Range. */
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

bool shock_step_designate(struct game *g)
{
	step_not_built(g, "shock_designation", "8.41");
	return true;
}

int shock_designate_legal(const struct game *g, struct seq_action *out,
			  int max)
{
	(void)g;
	(void)out;
	(void)max;
	return 0;
}
