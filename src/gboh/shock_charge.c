/* shock_charge.c — the Charge (8.43), leader casualties (8.44, 4.73),
 * the Collapse (8.47 [1] [2]) and the all-rout procedure (10.15). */
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

bool shock_step_charge(struct game *g)
{
	step_not_built(g, "charge", "8.43");
	return true;
}

bool shock_step_leaders(struct game *g)
{
	step_not_built(g, "leader_casualties", "8.44");
	return true;
}

bool shock_step_collapse(struct game *g)
{
	step_not_built(g, "collapse", "8.47");
	return true;
}
