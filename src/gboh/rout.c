/* rout.c — cohesion and rout (rout.h). */
#include "maniple/rout.h"

void rout_state_init(struct rout_state *r)
{
	r->unit = -1;
}

void rout_state_text(const struct game *g, FILE *f)
{
	const struct rout_state *r = &g->rout;
	fprintf(f, "rout unit=%s\n", r->unit >= 0 ? g->units[r->unit].id : "-");
}
