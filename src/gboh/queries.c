/* queries.c — the bottom floor's questions about a game's state that every
 * floor of the rules asks (doc/architecture.md): whether a rout, a rampage
 * or a reaction is waiting, a leader's ratings after his wounds, a unit's
 * TQ reduction in Column, the orders a leader has left.  Each reads or
 * bumps plain fields of struct game and calls nothing above game.c; the
 * modules they belong to declare them (sequence.h, rout.h, rampage.h,
 * reactions.h, phalanx.h). */
#include <stdbool.h>

#include "maniple/game.h"
#include "maniple/phalanx.h"
#include "maniple/rampage.h"
#include "maniple/reactions.h"
#include "maniple/rout.h"
#include "maniple/sequence.h"
#include "maniple/tables.h"

/* R7: ratings lose the wound points taken; never below the minimum. */
static int wounded(const struct game *g, int rating, int wounds)
{
	int min = g->tables ? tables_wound_figure(g->tables, WF_RATING_MINIMUM)
			    : 0;
	int v = rating - wounds;
	return v < min ? min : v;
}

/* R7 */
int leader_initiative_now(const struct game *g, const struct leader *l)
{
	return wounded(g, l->initiative, l->wounds);
}

/* R7 */
int leader_command_range_now(const struct game *g, const struct leader *l)
{
	return wounded(g, l->command_range, l->wounds);
}

/* 5.21, 5.45 */
int seq_order_given(struct game *g, int count)
{
	g->seq.orders_given += count;
	g->seq.orders_left -= count;
	if (g->seq.orders_left < 0)
		g->seq.orders_left = 0;
	return g->seq.orders_left;
}

bool rampage_under_way(const struct game *g)
{
	return g && g->rampage.unit >= 0 && g->rampage.unit < g->nunits;
}

bool rampage_waiting(const struct game *g)
{
	return rampage_under_way(g) && g->rampage.waiting;
}

bool rout_pending(const struct game *g)
{
	/* 9.14: a rampage stopped for withdrawals holds everything else */
	if (rampage_waiting(g))
		return true;
	return g->rout.ask != ROUT_ASK_NONE && g->rout.unit >= 0 &&
	       g->rout.unit < g->nunits;
}

/* 6.75: In Column the TQ is 2 less. */
#define COLUMN_TQ_LESS 2

int column_tq_reduction(const struct unit *u)
{
	return u && u->at.in_column && !u->routed ? COLUMN_TQ_LESS : 0;
}

bool reactions_pending(const struct game *g)
{
	const struct reaction_state *s = &g->react;
	for (int i = 0; i < s->noffers; i++)
		if (s->offers[i].state != RO_DONE)
			return true;
	return false;
}
