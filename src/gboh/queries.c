/* queries.c — the bottom floor's questions about a game's state that every
 * floor of the rules asks (doc/architecture.md): whether a rout, a rampage
 * or a reaction is waiting, a leader's ratings after his wounds, a unit's
 * TQ reduction in Column and its Movement Allowance, which unit is a
 * leader's elephant, the orders a leader has left.  Each reads or bumps
 * plain fields of struct game and calls nothing above game.c; the modules
 * they belong to declare them (sequence.h, rout.h, rampage.h, reactions.h,
 * phalanx.h, leader_elephant.h, withdrawal.h). */
#include <stdbool.h>
#include <string.h>

#include "maniple/footprint.h"
#include "maniple/game.h"
#include "maniple/leader_elephant.h"
#include "maniple/phalanx.h"
#include "maniple/rampage.h"
#include "maniple/reactions.h"
#include "maniple/rout.h"
#include "maniple/sequence.h"
#include "maniple/tables.h"
#include "maniple/withdrawal.h"

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

/* 6.75 */
int column_tq_reduction(const struct game *g, const struct unit *u)
{
	return g && g->tables && u && u->at.in_column && !u->routed
		       ? tables_constant(g->tables, RC_COLUMN_TQ_LESS)
		       : 0;
}

bool reactions_pending(const struct game *g)
{
	const struct reaction_state *s = &g->react;
	for (int i = 0; i < s->noffers; i++)
		if (s->offers[i].state != RO_DONE)
			return true;
	return false;
}

/* 6.11, 6.41, 6.72 */
int unit_move_ma(const struct game *g, const struct unit *u)
{
	if (!u)
		return 0;
	if (u->at.square)
		return 1; /* GBA 9.64 */
	int ma = u->ma;
	if (unit_has(g, u, TRAIT_PHALANX) && u->ma_ext > ma && !u->double_depth)
		ma = u->ma_ext; /* 6.41 (never in Double-Depth, 9.52) */
	if (u->at.in_column)
		ma += g && g->tables ? tables_movement_modifier(
					       g->tables, MM_COLUMN_MA_BONUS)
				     : 1;
	return ma;
}

bool leader_elephant_is(const struct game *g, const struct unit *u)
{
	return u && unit_has(g, u, TRAIT_ELEPHANT) &&
	       u->leader_elephant[0] != '\0';
}

int leader_elephant_of(const struct game *g, int leader)
{
	if (!g || leader < 0 || leader >= g->nleaders)
		return -1;
	for (int k = 0; k < g->nunits; k++) {
		const struct unit *u = &g->units[k];
		if (game_unit_in_play(u) && leader_elephant_is(g, u) &&
		    strcmp(u->leader_elephant, g->leaders[leader].id) == 0)
			return k;
	}
	return -1;
}

/* 6.51: a phalanx counts 5 when another unit withdraws from it; 6.72: a
 * unit In Column one more (constants.ini [withdrawal]) */
int ow_mover_ma(const struct game *g, const struct unit *u)
{
	/* GBA 6.71: a two-hex mover counts as one MA in every comparison */
	int two_hex = tables_constant(g->tables, RC_WITHDRAWAL_TWO_HEX_MOVER_MA);
	if (two_hex > 0 && footprint_two_hex(&u->at))
		return two_hex;
	int ma = u->ma_ext > 0 ? u->ma_ext : u->ma;
	return u->at.in_column
		       ? ma + tables_constant(g->tables,
					      RC_WITHDRAWAL_COLUMN_MA_BONUS)
		       : ma;
}

/* 4.72: whether a friendly combat unit in play stands in l's hex (reactions.h):
 * asked by the leader's withdrawal offer and the reactions' text alike */
bool leader_stacked(const struct game *g, const struct leader *l)
{
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (u->side == l->side && game_unit_in_play(u) &&
		    footprint_occupies(&u->at, l->hex))
			return true;
	}
	return false;
}
