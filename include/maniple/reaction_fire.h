/* reaction_fire.h — reaction fire (SPQR 8.2): entry reaction (8.21, also
 * after a reaction facing change, 7.15), retire reaction (8.22), return
 * fire (8.23), no orders and unlimited while supplied (8.24), elephant
 * screens and towers (8.25, 9.12, 9.13), and a mounted archer's fire as
 * it withdraws (6.55).
 *
 * Each is an RK_FIRE offer in the reactions window (reactions.h): one
 * offer per reacting unit per enemy unit it may fire at, the enemy in
 * offer.trigger, the kind of fire (enum fire_kind of missile.h) in
 * offer.fire and the weapons that may still fire in offer.weapons.  The
 * owner answers `react fire UNIT [HEX] [main|tower|screen]` (the volley
 * goes through missile_fire) or `no reaction`. */
#ifndef MANIPLE_REACTION_FIRE_H
#define MANIPLE_REACTION_FIRE_H

#include <stdbool.h>

#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/odds.h"
#include "maniple/sequence.h"

/* The bits a firer holds against an enemy unit, for one Orders Phase
 * (rfire_bits, rfire_mark). */
#define RF_ENTRY 1u	/* 8.23: the firer used entry fire on the enemy */
#define RF_WITHDRAW 2u	/* 6.55: the firer fired withdrawing from it */
#define RF_DEFERRED 4u	/* 8.21 Exception: entry fire waits for the
			 * Line's moves to finish */

/* The RF_* bits firer holds against enemy this Orders Phase (0 none). */
unsigned rfire_bits(const struct game *g, int firer, int enemy);
/* Sets bits (RF_*) of firer against enemy; clears them with set false. */
void rfire_mark(struct game *g, int firer, int enemy, unsigned bits,
		bool set);

/* 8.21, 8.22: the offers raised by mover's step from `was` to where it
 * stands (reactions.c's collector calls it after each step). */
void rfire_collect(struct game *g, int mover, const struct footprint *was);
/* 8.21, 7.15: unit u changed facing in reaction to mover: entry fire if
 * mover now stands in u's ZOC. */
void rfire_after_facing(struct game *g, int u, int mover);
/* 8.23: the active unit `firer` fired at the inactive unit `target`: the
 * target may fire back (not after entry fire at that firer). */
void rfire_return_offer(struct game *g, int firer, int target);
/* the body of the hook above (hooks.h) */
void rfire_return_offer_impl(struct game *g, int firer, int target);
/* 6.55: the mounted archer u withdrawing from `trigger` may fire at it at
 * range 2, once per triggering unit per Orders Phase. */
void rfire_withdrawal_offer(struct game *g, int u, int trigger);
/* 8.21 Exception: the Line's moves are done (or the orders are): the
 * entry fire held back is offered now.  True when an offer opened. */
bool rfire_line_flush(struct game *g);
/* 8.21 Exception: mover's move has ended; when it was the last of its
 * Line Command's units to move, flushes. */
void rfire_move_ended(struct game *g, int mover);

/* 8.2, 8.15: the odds of the volley reaction offer i (an RK_FIRE) would
 * throw first (its first weapon that may fire), missile_odds; false
 * when it may throw none. */
bool rfire_offer_odds(const struct game *g, int i, struct odds *od);

/* `react fire` lines legal now (for reactions_legal). */
int rfire_legal(const struct game *g, struct decision_answer *out, int max);
/* 8.2, 8.15: each `react fire` answer of rfire_legal with the chance of
 * each result of its volley (missile_odds: the roll's own outcome of each
 * face), "react fire ve1 1609: miss 60%, hit 1 40%", parted by "; ", into
 * out; what does not fit is left out.  Returns how many are told. */
int rfire_odds_text(const struct game *g, char *out, size_t n);
/* 8.2: react fire UNIT [HEX] [main|tower|screen]; hex and weapon may be
 * NULL. */
void reactions_fire(struct game *g, const char *unit, const char *hex,
		    const char *weapon, struct cmd_result *r);
void cmd_react_fire(void *ctx, int argc, char **argv, struct cmd_result *r);

#endif
