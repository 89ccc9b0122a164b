/* double_depth.h — Double-Depth phalanxes (SPQR 9.5): forming one by the
 * Overall Commander's order (9.51), the flag's end when the pair no longer
 * shares its hexes (9.52's un-stacking), and the combat effects the shock
 * code asks for (9.53).  The movement restrictions of 9.52 are refusals in
 * orders.c (orders from the OC only), phalanx.c (the 4 MA, no pivot or
 * Reverse Face), column.c (no Column) and stacking.c (impassable).
 *
 * The command: `depth` while the open move is the "back" phalanx's (after
 * `order UNIT` or `pick UNIT`): it moves into the hexes of the eligible
 * phalanx directly ahead and goes under it. */
#ifndef MANIPLE_DOUBLE_DEPTH_H
#define MANIPLE_DOUBLE_DEPTH_H

#include <stdbool.h>

#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/shock_calc.h"

/* 9.51: the phalanx that the open move's unit may form Double-Depth under
 * (the friendly eligible phalanx whose two hexes are both in its Front,
 * facing alike), or NULL with why/rule filled. */
const struct unit *double_depth_front(const struct game *g,
				      const struct unit *back,
				      const char **why, const char **rule);
/* 9.51: forms Double-Depth with the open move's unit as the back phalanx;
 * refuses through r naming the rule otherwise. */
void double_depth_form(struct game *g, struct cmd_result *r);
/* 9.52: clears the Double-Depth marker of any phalanx that no longer shares
 * both its hexes with its Double-Depth mate (the top moved off). */
void double_depth_refresh(struct game *g);
/* 9.53: u's Double-Depth mate (the other unit of its stack, both marked),
 * or NULL. */
const struct unit *double_depth_mate(const struct game *g,
				     const struct unit *u);
/* 9.53 bullet 5: the defender's final shock hits of combat ci when d, the
 * defending unit, is a Double-Depth stack attacked from its flank or rear:
 * the CRT hits tripled instead of doubled (then 9.32's halving).  Returns
 * out's final defender hits unchanged otherwise. */
int double_depth_shock_hits(struct game *g, int ci, const struct unit *d,
			    const struct shock_calc *out);
/* The same without a word said: *hits as above, true when tripled. */
bool double_depth_shock_tripled(const struct game *g, const struct unit *d,
				const struct shock_calc *out, int *hits);

void cmd_double_depth(void *ctx, int argc, char **argv, struct cmd_result *r);

#define DOUBLE_DEPTH_COMMAND_DEFS                                             \
	{"depth", "",                                                         \
	 "form Double-Depth under the phalanx ahead (9.51)",                  \
	 CMD_CHANGES, cmd_double_depth}

#endif
