/* engaged.c — the optional Engaged rule (10.4), switched on by the
 * battle. */
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

bool engaged_rule_on(const struct game *g)
{
	(void)g;
	return false;
}

bool shock_step_engaged(struct game *g)
{
	step_not_built(g, "engaged", "10.4");
	return true;
}

int engaged_legal(const struct game *g, struct seq_action *out, int max)
{
	(void)g;
	(void)out;
	(void)max;
	return 0;
}

bool engaged_must_shock(const struct game *g, int u)
{
	(void)g;
	(void)u;
	return false;
}

bool engaged_before_designation(struct game *g)
{
	(void)g;
	return true;
}
