/* orders.c — Individual Orders and Line Commands (orders.h). */
#include "maniple/orders.h"

#include <string.h>

static const char *const mode_names[] = {"none", "individual", "line"};

void orders_state_init(struct orders_state *o)
{
	memset(o, 0, sizeof *o);
	o->mode = ORD_NONE;
	o->mover_unit = o->mover_leader = -1;
	o->moving = false;
}

/* 5.21 */
void orders_phase_begin(struct game *g)
{
	orders_state_init(&g->ord);
}

/* 5.27 */
void orders_phase_end(struct game *g)
{
	orders_state_init(&g->ord);
}

void orders_state_text(const struct game *g, FILE *f)
{
	const struct orders_state *o = &g->ord;
	fprintf(f, "orders mode=%s mover=%s\n", mode_names[o->mode],
		o->mover_unit >= 0	  ? g->units[o->mover_unit].id
		: o->mover_leader >= 0 ? g->leaders[o->mover_leader].id
					 : "-");
}

int orders_legal(const struct game *g, struct seq_action *out, int max)
{
	(void)g;
	(void)out;
	(void)max;
	return 0;
}
