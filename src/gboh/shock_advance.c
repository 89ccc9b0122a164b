/* shock_advance.c — advance after combat (8.5), the defender's answer to
 * an advance (8.55), leaders next to an enemy after shock (4.72). */
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

bool shock_step_advance(struct game *g)
{
	step_not_built(g, "advance", "8.5");
	return true;
}

bool shock_advance_after_charge(struct game *g, int ci)
{
	(void)ci;
	step_not_built(g, "advance_after_charge", "8.43");
	return true;
}

int shock_advance_cost(const struct game *g, int ci, int u)
{
	(void)g;
	(void)ci;
	(void)u;
	return 0;
}

int shock_advance_legal(const struct game *g, struct seq_action *out,
			int max)
{
	(void)g;
	(void)out;
	(void)max;
	return 0;
}
