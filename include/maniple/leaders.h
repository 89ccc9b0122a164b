/* leaders.h — what becomes of a leader's command after he is eliminated
 * (SPQR 4.74, 4.75, 4.56, 4.4 #4, 5.22 #5).
 *
 * A killed subordinate waits for the Overall Commander to spend one
 * Individual Order replacing him (order DEAD replace HEX [REPLACEMENT]):
 * a tribune or praefect comes back himself, any other leader is replaced
 * by one of the battle's Replacement leaders (kind replacement,
 * available = no) while any remain.  A killed leader once replaced is
 * marked killed = yes, available = no.  A killed Overall Commander is not
 * replaced (4.75) unless his side has a Proconsul in play, who takes over
 * at once with Strategy Rating 1 (4.56). */
#ifndef MANIPLE_LEADERS_H
#define MANIPLE_LEADERS_H

#include <stdbool.h>

#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/sequence.h"

/* 4.74, 4.75, 4.56: called the moment leader `leader` has been eliminated
 * (killed set, off the map): emits what follows, and a Proconsul takes
 * over a killed Overall Commander at once. */
void leader_fate(struct game *g, int leader);
/* 4.74: whether killed leader `dead` still waits for a replacement and
 * one may come (a tribune or praefect, or a Replacement leader left). */
bool leader_replaceable(const struct game *g, int dead);
/* 4.74, 4.4 #4, 5.22 #5: the active OC's Individual Order replacing
 * killed leader `dead` in hex `hex` (a hex holding a unit the incoming
 * leader may order), with Replacement leader `with` (NULL: the first
 * left).  Refuses naming the rule, changing nothing. */
void leaders_order_replace(struct game *g, const char *dead, const char *hex,
			   const char *with, struct cmd_result *r);
/* The replace orders open now, for orders_legal; returns the count. */
int leaders_legal(const struct game *g, struct decision_answer *out, int max);

/* 4.72, GBA 4.62: how far a leader approached by unit mv may withdraw
 * (variants.ini [leaders] withdrawal_reach): hexes, or MP */
int leader_withdrawal_reach(const struct game *g, const struct unit *mv);
/* What a step of cost mp spends of that reach: 1 (a hex) or mp. */
int leader_withdrawal_step(const struct game *g, int mp);
/* The reach's unit as a word: "hexes" or "MP". */
const char *leader_withdrawal_unit(const struct game *g);

#endif
