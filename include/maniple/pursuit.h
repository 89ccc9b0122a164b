/* pursuit.h — cavalry pursuit (8.6): the commands that answer its
 * decisions.  The step itself (pursuit_after_combat, called by the
 * Advance step) and pursuit_rout_begin are declared in shock.h.
 *
 * `pursue UNIT` answers SHA_PURSUIT (8.61: with several victorious
 * attacking cavalry units, the owner picks the one that pursues).
 * `regroup UNIT HEX [FACING]` brings an off-map pursuer back during a
 * Regroup and Return Orders Phase (8.64), which the Overall Commander
 * declares with `order LEADER regroup` (4.4 #6). */
#ifndef MANIPLE_PURSUIT_H
#define MANIPLE_PURSUIT_H

#include <stdbool.h>

#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/odds.h"
#include "maniple/sequence.h"

/* 8.63: u carries the Pursuit/Finished marker: it takes no move orders
 * this Game Turn and may not attack. */
bool pursuit_finished(const struct unit *u);

/* 8.64, 4.4 #6: the Overall Commander `who` (the active leader) gives his
 * whole Orders Phase to Regroup and Return; refusals through r. */
void pursuit_order_regroup(struct game *g, const char *who,
			   struct cmd_result *r);
/* 8.64: this Orders Phase is a Regroup and Return (side's off-map cavalry
 * may come back) */
bool pursuit_regroup_phase(const struct game *g);

/* 8.64: the legal `order OC regroup` (gate: may_order, the orders gate
 * passed) and, in a Regroup and Return phase, one `regroup UNIT HEX` per
 * off-map cavalry unit; the count added to out. */
int pursuit_regroup_legal(const struct game *g, bool may_order,
			  struct decision_answer *out, int max);

/* 8.62: the odds of unit ui's pursuit check ("pursue" on a roll above
 * its TQ, else "break off"), the check's own outcome of each face. */
bool pursuit_odds(const struct game *g, int ui, struct odds *o);

/* Each cavalry unit a `pursue` answer names now, with pursuit_odds:
 * "c1 (TQ 7) pursues 20%, breaks off 80%; ..." into out; returns how
 * many are told. */
int pursuit_odds_text(const struct game *g, char *out, size_t n);

void cmd_pursue(void *ctx, int argc, char **argv, struct cmd_result *r);
void cmd_regroup(void *ctx, int argc, char **argv, struct cmd_result *r);

#define PURSUIT_COMMAND_DEFS                                                   \
	{"pursue", "UNIT",                                                     \
	 "pick the attacking cavalry unit that pursues (8.61)", CMD_CHANGES,   \
	 cmd_pursue},                                                          \
	{                                                                      \
		"regroup", "UNIT HEX [FACING]",                                \
			"re-enter an off-map pursuer near its exit (8.64)",    \
			CMD_CHANGES, cmd_regroup                               \
	}

/* 8.62: a pursuit's follow-up combat charges (the Pre-Shock TQ checks
 * of 8.43, as after a move); GBA 10.34: false, none are made */
bool pursuit_followup_charges(const struct game *g);

#endif
