/* withdrawal.h — Orderly Withdrawal (6.51-6.57, 9.21) and a leader's
 * withdrawal before an enemy combat unit (4.72): the `withdraw` command.
 *
 * The offers come from ow_collect and leader_withdraw_collect (declared
 * in reactions.h, called by the reactions window after each step of a
 * move).  An offer is answered one step per command:
 *
 *   withdraw UNIT HEX        one hex away from the mover (the first one
 *                            takes the offer: 6.52 #3's approach hit)
 *   withdraw UNIT with LEADER  a leader stacked with the unit goes along
 *                            (4.72, last sentence)
 *   withdraw UNIT face FACING  the facing change at the end (6.52); it
 *                            ends the withdrawal
 *   withdraw UNIT done       ends it: 6.52 #1, #2 penalties, 6.53 rout
 *                            (before any hex: the offer is declined)
 *   withdraw LEADER HEX      one of 1-3 hexes away (4.72)
 *   withdraw LEADER done     ends it; a lone leader who has not moved is
 *                            eliminated (4.72)
 *   withdraw line UNIT       6.57 Cavalry Line Withdrawal: UNIT, a
 *                            cavalry unit with an open offer, and every
 *                            unit of its Line withdraw; none of them may
 *                            then decline (each moves as above)
 *
 * Every refusal names its rule and changes nothing. */
#ifndef MANIPLE_WITHDRAWAL_H
#define MANIPLE_WITHDRAWAL_H

#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/odds.h"

/* The rule of `withdraw WHO WHAT [ARG]` (what: a hex, "face", "with",
 * "done"). */
void withdraw_command(struct game *g, const char *who, const char *what,
		      const char *arg, struct cmd_result *r);

/* 6.55, GBA 6.75, 6.83: why unit u may not withdraw into terrain t (its
 * Orderly or its Pre-arranged Withdrawal): SPQR's Woods and Marsh, GBA's
 * Rough for that unit (variants.ini [withdrawal] closed_terrain); NULL
 * when it may. */
/* 6.52 #2, GBA 6.72 #1: whether u takes the automatic hit after a
 * withdrawal (SPQR: infantry but skirmishers, velites and Legion units;
 * GBA: foot but skirmishers, and chariots). */
bool withdrawal_end_hit(const struct game *g, const struct unit *u);
/* 6.52 #1, GBA 6.72 #3: whether u then checks its TQ, a hit on a roll
 * over it (SPQR: Legion units; GBA: every unit). */
bool withdrawal_end_check(const struct game *g, const struct unit *u);
const char *withdrawal_closed_terrain(const struct game *g,
				      const struct unit *u, enum terrain t);
/* 6.51: the MA a unit counts when another unit withdraws from it (a
 * phalanx its 5) and when it withdraws itself (a phalanx its 4). */
int ow_mover_ma(const struct game *g, const struct unit *u);
/* 6.51: the distance between two units (the shorter between halves). */
int ow_distance(const struct footprint *a, const struct footprint *b);

/* 6.51, 6.55: whether the unit of offer o has a legal first hex (9.16,
 * elcav.c: a cavalry unit that has none cannot withdraw). */
bool ow_offer_can_step(const struct game *g, const struct reaction_offer *o);
/* the body of the hook above (hooks.h) */
bool ow_offer_can_step_impl(const struct game *g,
			    const struct reaction_offer *o);

/* 6.52, 6.53: what taking the withdrawal offer offer (an RK_WITHDRAW's
 * index in g->react.offers) costs its unit, face by face of 6.52 #1's
 * check (a Legion unit's; the others' faces all alike): the hits of the
 * approach (#3) and of the end (#1, #2), "no hit", "1 hit"..., or
 * "routs" (6.53) when they reach its TQ.  The hexes' own costs (6.52:
 * terrain) come on top, as the path is chosen.  False when offer is
 * not a unit's withdrawal offer. */
bool withdrawal_odds(const struct game *g, int offer, struct odds *od);

/* Each open withdrawal offer of the side owing the reaction, with
 * withdrawal_odds: "ha1 no hit 70%, 1 hit 30%; ..." into out; returns
 * how many are told (what does not fit in n is left out). */
int withdrawal_odds_text(const struct game *g, char *out, size_t n);

void cmd_withdraw(void *ctx, int argc, char **argv, struct cmd_result *r);

#define WITHDRAWAL_COMMAND_DEFS                                               \
	{"withdraw", "UNIT|LEADER HEX|done|face F|with LEADER | line UNIT",   \
	 "answer a withdrawal offer step by step (6.5, 6.57, 9.21, 4.72)",    \
	 CMD_CHANGES, cmd_withdraw}

#endif
