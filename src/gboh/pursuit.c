/* pursuit.c — cavalry pursuit (8.6): when, break-off or pursue, the
 * follow-up shock, Pursuit/Finished, off-map regroup (8.64, 4.4 #6). */
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

#include "maniple/rout.h"

bool pursuit_after_combat(struct game *g, int ci, bool *done)
{
	(void)ci;
	*done = false;
	step_not_built(g, "pursuit", "8.6");
	return true;
}

int pursuit_legal(const struct game *g, struct seq_action *out, int max)
{
	(void)g;
	(void)out;
	(void)max;
	return 0;
}

void pursuit_rout_begin(struct game *g, int u, const char *rule)
{
	step_not_built(g, "pursuit_rout_movement", "8.62");
	rout_begin(g, u, rule);
}
