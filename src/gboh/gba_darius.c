/* gba_darius.c — GBA 8.46 Darius the Target (see gba_darius.h).  The
 * battle file names the target (a leader's `target = yes`), so the rule
 * reaches any leader a scenario gives that weight; a battle with none
 * plays as before. */
#include "maniple/gba_darius.h"

#include "maniple/sequence.h"

void gba_darius_killed(struct game *g, int li)
{
	if (g == NULL || li < 0 || li >= g->nleaders)
		return;
	const struct leader *l = &g->leaders[li];
	if (!l->target || !l->killed || (l->side != 0 && l->side != 1))
		return;
	seq_game_over(g, l->side ? RESULT_SIDE0 : RESULT_SIDE1,
		      "target_killed", "GBA 8.46");
}
