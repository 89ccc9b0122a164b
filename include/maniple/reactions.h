/* reactions.h — the window of reactions a step of a move opens (6.5,
 * 7.15, 7.16, 4.72, 7.31, 7.32; later 8.2 reaction fire and 9.66 line
 * extension plug in the same way).
 *
 * After each step of a unit's move (and when a move begins, for 6.51's
 * "starts at 2 hexes"), the orders code calls reactions_after_step (or
 * reactions_at_move_start): the offers the rules make at that instant are
 * collected into g->react.  While any offer is open or under way,
 * reactions_pending(g) is true: the sequence's step is SEQ_REACTION, the
 * side that owes the decision is reactions_decision_side(g) (the moving
 * side's own RK_SHOCK_MARK choices first, then the other side's), and
 * every order command of the mover is refused naming the offer's rule.
 * When every offer is answered the window closes and the mover goes on.
 *
 * Each kind collects its own offers and answers its own commands:
 *   reactions.c  — the window, RK_SHOCK_MARK (7.31, 7.32), RK_FACE,
 *                  RK_REVERSE (7.15, 7.16), RK_LEADER_WITHDRAW (4.72),
 *                  `no reaction`, the sequence integration;
 *   withdrawal.c — RK_WITHDRAW (6.5, 9.21): ow_collect and the
 *                  `withdraw` commands. */
#ifndef MANIPLE_REACTIONS_H
#define MANIPLE_REACTIONS_H

#include <stdbool.h>
#include <stdio.h>

#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/sequence.h"

void reaction_state_init(struct reaction_state *s);
/* 7.15: an Orders Phase begins (clears the once-per-phase marks). */
void reactions_phase_begin(struct game *g);
void reaction_state_text(const struct game *g, FILE *f);

/* Called by the orders code after an accepted step of unit `mover`
 * (index into g->units), and when its move begins. */
void reactions_after_step(struct game *g, int mover);
void reactions_at_move_start(struct game *g, int mover);
/* Called by the orders code when a unit's move ends (7.32: the moving
 * player's choice for a may-shock unit is made as it finishes). */
void reactions_at_move_end(struct game *g, int mover);

/* 8.55: the other side's reactions to an advance after combat of
 * `mover` from `was`: reaction facing (7.15, 7.16) only — no Orderly
 * Withdrawal (6.51) and no Shock markers (7.32).  Entry Reaction Fire
 * (8.21) and 4.72 are offered by the advance itself (shock_advance.c). */
void reactions_after_advance(struct game *g, int mover,
			     const struct footprint *was);

bool reactions_pending(const struct game *g);
int reactions_decision_side(const struct game *g);
/* The offer that decides who owes the reaction decision (the one the
 * decision is about: reactions_pending_text tells it), or -1. */
int reactions_first_offer(const struct game *g);
/* The rule of the first open offer ("6.5", "7.15", ...), for refusals. */
const char *reactions_pending_rule(const struct game *g);
int reactions_legal(const struct game *g, struct decision_answer *out, int max);

/* Adds an offer (a kind's collector calls it); returns its index or -1
 * when the window is full. */
int reaction_offer_add(struct game *g, const struct reaction_offer *o);
/* Marks offer i answered; closes the window when none is left open. */
void reaction_offer_done(struct game *g, int i);
/* A kind's name ("withdraw", "face", ...) and rule ("6.5", "7.15", ...);
 * the id of the unit or leader an offer is for ("-" when none). */
const char *reaction_kind_name(int k);
const char *reaction_kind_rule(int k);
const char *reaction_offer_who(const struct game *g,
			       const struct reaction_offer *o);

/* ---- Orderly Withdrawal (withdrawal.c) ---- */
/* 6.51, 9.21, 6.56: adds an RK_WITHDRAW offer for each unit that may
 * withdraw from `mover` now (at_start: the move begins at 2 hexes). */
void ow_collect(struct game *g, int mover, bool at_start);
/* 4.72: adds an RK_LEADER_WITHDRAW offer for each enemy leader the
 * combat unit `mover` has just come next to (a lone leader with no way
 * out is eliminated at once). */
void leader_withdraw_collect(struct game *g, int mover);
/* 4.72, GBA 4.62, 8.46: offers leader li his withdrawal from the enemy
 * combat unit `trigger`, or (trigger -1, GBA 8.46's Achaemenid Flight)
 * from enemy leader `by`; a lone leader a unit came next to with no way
 * out is eliminated at once.  Returns 1 when an offer was made. */
int leader_withdraw_offer(struct game *g, int li, int trigger, int by);
/* GBA 8.46: enemy leader li, alone, has just stepped from `from` next to
 * each fleeing leader he was not next to before: each is offered his
 * flight (leader_withdraw_offer).  Returns the offers made. */
int gba_flight_leader_approached(struct game *g, int li, struct hex from);
/* 4.72: whether leader l shares his hex with a friendly combat unit
 * (then declining a withdrawal costs him nothing). */
bool leader_stacked(const struct game *g, const struct leader *l);
/* 4.72: offer i (RK_LEADER_WITHDRAW) was declined (`no reaction`): a
 * leader not stacked with a combat unit is eliminated.  Marks it done. */
void leader_withdraw_declined(struct game *g, int i);
/* The `withdraw` command lines legal now for the open RK_WITHDRAW and
 * RK_LEADER_WITHDRAW offers (for reactions_legal); returns the count. */
int ow_legal(const struct game *g, struct decision_answer *out, int max);

/* ---- The kinds answered here (reactions.c, cmd_reactions.c) ---- */

/* The text of a refusal while a reaction is pending: who owes what. */
void reactions_pending_text(const struct game *g, char *buf, size_t n);
/* What taking the offer reactions_pending_text tells brings, in words,
 * into buf ("" when it brings no roll and no cost): a facing change's
 * check (7.15, 7.16: the chance of each number of hits and of routing,
 * 10.14), an Orderly Withdrawal's cost (6.52, 6.53: withdrawal_odds), a
 * reaction volley's chance to hit (8.2, 8.15). */
void reactions_pending_odds(const struct game *g, char *buf, size_t n);
/* 7.32, 8.4: the Shock segment of an Orders Phase is over: its Shock
 * Must Check markers come off (the Shock combat itself, 8.4, is not
 * played yet: the event says so). */
void reactions_shock_segment_end(struct game *g);
/* 7.15, 7.16: the die roll after a reaction facing change (or reverse
 * face) of unit u caused by the move of `mover`: DR plus the mover's MA
 * minus u's; hits are the modified DR minus the TQ, never fewer than 1;
 * cavalry reacting to infantry makes no check.  Returns the hits.  GBA
 * 7.16 (variants.ini [reaction] facing_failure = rout): a modified DR
 * over the TQ routs u instead, and no hits are taken. */
int reaction_facing_check(struct game *g, struct unit *u,
			  const struct unit *mover, const char *rule);
/* The odds of that check now, face by face as it reads its roll:
 * outcomes "N hits", value N; false (no check) for cavalry turning to
 * infantry. */
struct odds;
bool reaction_facing_odds(const struct game *g, const struct unit *u,
			  const struct unit *mover, struct odds *o);
/* 7.15, 7.16: each unit a `react face` or `react reverse` answer open now
 * would turn, with the odds of its check ("pr2 1 hit 70%, 2 hits 10%,
 * ..."), parted by "; ", into out; what does not fit is left out.
 * Returns how many are told. */
int reactions_facing_odds_text(const struct game *g, char *out, size_t n);

/* The rules of the commands (each refuses naming its rule, changing
 * nothing, or does what it says). */
void reactions_no_reaction(struct game *g, struct cmd_result *r);
void reactions_face(struct game *g, const char *unit, const char *facing,
		    struct cmd_result *r);
void reactions_reverse(struct game *g, const char *unit,
		       struct cmd_result *r);
void reactions_shock_mark(struct game *g, const char *unit, bool mark,
			  struct cmd_result *r);
void reactions_show(const struct game *g, struct cmd_result *r);

void cmd_no_reaction(void *ctx, int argc, char **argv, struct cmd_result *r);
void cmd_react_face(void *ctx, int argc, char **argv, struct cmd_result *r);
void cmd_react_reverse(void *ctx, int argc, char **argv,
		       struct cmd_result *r);
void cmd_shock_mark(void *ctx, int argc, char **argv, struct cmd_result *r);
void cmd_shock_none(void *ctx, int argc, char **argv, struct cmd_result *r);
void cmd_show_reactions(void *ctx, int argc, char **argv,
			struct cmd_result *r);
/* 8.2, 6.55 (reaction_fire.c) */
void cmd_react_fire(void *ctx, int argc, char **argv, struct cmd_result *r);

#define REACTIONS_COMMAND_DEFS                                                \
	{"no reaction", "", "decline the open reactions (7.15, 7.16, 6.5)",   \
	 CMD_CHANGES, cmd_no_reaction},                                       \
	{"react face", "UNIT FACING",                                         \
	 "reaction facing change of one vertex (7.15)", CMD_CHANGES,          \
	 cmd_react_face},                                                     \
	{"react reverse", "UNIT", "a phalanx reverses face (7.16, 6.45)",     \
	 CMD_CHANGES, cmd_react_reverse},                                     \
	{"shock mark", "UNIT",                                                \
	 "a may-shock unit takes a Shock Must Check marker (7.32)",           \
	 CMD_CHANGES, cmd_shock_mark},                                        \
	{"shock none", "UNIT", "a may-shock unit takes no marker (7.31)",     \
	 CMD_CHANGES, cmd_shock_none},                                        \
	{"react fire", "UNIT [HEX] [main|tower|screen]",                      \
	 "reaction fire: entry, retire, return, withdrawing (8.2, 6.55)",     \
	 CMD_CHANGES, cmd_react_fire},                                        \
	{"show reactions", "", "the reactions offered now and who owes them (6.5, 7.15)", \
	 CMD_LOOKS, cmd_show_reactions}

#endif
