/* mle.h — Manipular Line Extension (SPQR 9.66-9.68): a stack of two
 * Roman infantry units spreads out, its top unit (9.64, 9.66) going
 * sideways into a vacant Clear flank hex that is in no enemy ZOC, facing
 * as before, spending no MP and taking no Cohesion Hits (9.66).
 *
 * Two ways to do it:
 *   react extend UNIT HEX  9.67: in the reactions window (reactions.h,
 *                          RK_MLE) opened when an enemy combat unit comes
 *                          within 2 hexes of the stack's Line (4.32) in
 *                          the enemy's Movement segment: one offer, and
 *                          one command, per stack of that Line (9.66);
 *                          alongside Orderly Withdrawal but never by the
 *                          same units;
 *   extend UNIT HEX        9.68: as part of a Line Command, before either
 *                          unit of the stack has moved; both may then
 *                          move with their MA cut by 2 (mle_ma_cut).
 * Units In Column may not extend (9.68).  The per-phase marks live in
 * g->ord.mle (orders_state.h), cleared when an Orders Phase begins. */
#ifndef MANIPLE_MLE_H
#define MANIPLE_MLE_H

#include <stdbool.h>

#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/sequence.h"

/* 9.66: whether `top`, the top unit of a two-unit Roman stack, may
 * extend into dest now; NULL when it may, else the reason with *rule.
 * Changes nothing. */
const char *mle_refusal(const struct game *g, const struct unit *top,
			struct hex dest, const char **rule);

/* 9.67: reactions.c calls this after a step of `mover` from `was` (in
 * collect): an RK_MLE offer for each Roman stack of each Line the enemy
 * combat unit has just come within 2 hexes of. */
void mle_collect(struct game *g, int mover, const struct footprint *was);
/* 9.67: the `react extend` lines legal now for the open RK_MLE offers of
 * the side that owes the decision; returns the count. */
int mle_legal(const struct game *g, struct decision_answer *out, int max);

/* 9.67: answers an RK_MLE offer.  Refuses naming the rule, or extends. */
void mle_react_extend(struct game *g, const char *unit, const char *hex,
		      struct cmd_result *r);
/* 9.68: extension as part of the Line Command given this phase. */
void mle_line_extend(struct game *g, const char *unit, const char *hex,
		     struct cmd_result *r);
/* 9.68: the `extend` lines legal now for unit ui (a top unit of a
 * stack in this phase's Line Command); returns the count. */
int mle_legal_line(const struct game *g, int ui, struct decision_answer *out,
		   int max);
/* 9.68: the MP cut from u's MA for a move this Orders Phase (2 after a
 * Line Command's extension, else 0); movement's move_begin asks. */
int mle_ma_cut(const struct game *g, const struct unit *u);
/* the body of the hook above (hooks.h) */
int mle_ma_cut_impl(const struct game *g, const struct unit *u);

void cmd_react_extend(void *ctx, int argc, char **argv, struct cmd_result *r);
void cmd_line_extend(void *ctx, int argc, char **argv, struct cmd_result *r);

#define MLE_COMMAND_DEFS                                                      \
	{"react extend", "UNIT HEX",                                          \
	 "Manipular Line Extension as a reaction (9.66, 9.67)", CMD_CHANGES,  \
	 cmd_react_extend},                                                   \
	{"extend", "UNIT HEX",                                                \
	 "Manipular Line Extension in a Line Command; MA -2 after (9.68)",    \
	 CMD_CHANGES, cmd_line_extend}

#endif
