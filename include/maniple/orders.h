/* orders.h — giving orders in an Orders Phase: Individual Orders (4.2,
 * 5.21, 5.22 #1, 5.24, 4.23-4.25) and Line Commands (4.3, 5.23 #1), each
 * move carried out one step per command through the movement rules
 * (movement.h), who-may-order-whom through command.h.  The sequence of
 * play (sequence.h) opens and closes the phase through the hooks below.
 *
 * State lives in g->ord (orders_state.h).  Refusals go through cmd_refuse
 * with the rule that forbids; a refused command changes nothing. */
#ifndef MANIPLE_ORDERS_H
#define MANIPLE_ORDERS_H

#include <stdbool.h>
#include <stdio.h>

#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/sequence.h"

enum orders_mode {
	ORD_NONE,	/* nothing given yet this phase */
	ORD_INDIVIDUAL,	/* 5.21: Individual Orders */
	ORD_LINE,	/* 5.21, 4.31: Line Commands */
};

void orders_state_init(struct orders_state *o);
/* 5.21: sequence.c calls this when a leader's Orders Phase begins. */
void orders_phase_begin(struct game *g);
/* 5.27: sequence.c calls this before the phase's orders are done: the
 * open move ends (move_end, 6.13). */
void orders_phase_end(struct game *g);
/* The orders' lines of the canonical state text (game_state_text). */
void orders_state_text(const struct game *g, FILE *f);
/* The legal orders now (order, move, face, line ... command lines), for
 * seq_legal in SEQ_ORDERS; at most max, returns the count. */
int orders_legal(const struct game *g, struct seq_action *out, int max);

#endif
