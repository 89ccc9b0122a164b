/* pending.h — the GBoH rules fill the pending decision (decision.h).
 *
 * gboh_decision describes what the game asks now: the side that owes it
 * (seq_decision_side), its kind (the step's name, seq_step_name, or
 * "shock.ASK" inside the Shock segment), the rule that asks it, the
 * decision in words and a line about the offer, whether it is an answer
 * asked for (activation, trump, momentum, every reaction, rout choices,
 * the decisions inside shock...) rather than the moving player's free
 * play, and its answers (the `legal` list, seq_legal), each tagged with
 * the side that may give it: while one side owes the decision the other
 * may hold standing offers (6.82's `prearrange` lines).  `legal`, the
 * prompt box, teach mode and autoplay all read it. */
#ifndef MANIPLE_PENDING_H
#define MANIPLE_PENDING_H

#include <stdbool.h>

#include "maniple/decision.h"
#include "maniple/game.h"
#include "maniple/modeview.h"

/* Fills d (over the room it was given by decision_init) from g; a NULL g
 * leaves it empty. */
void gboh_decision(const struct game *g, struct decision *d);

/* Whether the pending decision is an answer asked for rather than free
 * play (d->answer, without listing the answers): every step but the free
 * Orders Phase (save the Regroup placement, 8.64), the shock designation
 * (8.41) and no decision at all. */
bool gboh_decision_is_answer(const struct game *g);

/* The view-model of these rules' modes (modeview.h, modeview.c): Order
 * and Line mode (6.1-6.2, 4.31, 5.22, 5.23), one step's preview
 * (orders_step_preview), the ids of the pieces on a hex (units in unit
 * order, then leaders). */
void spqr_order_view(const struct game *g, struct order_view *ov,
		     bool steps);
bool spqr_step_preview(const struct game *g, struct hex a, struct hex b,
		       struct step_preview *out);
int spqr_pieces_at(const struct game *g, struct hex h,
		   char (*ids)[MODE_ID_MAX], int max);
/* The game as a whole (modeview.h: play_view): battle, turn, phase
 * (4.0), the pending step and its side (seq_step_now,
 * seq_decision_side), the active leader (5.1); with words, the pending
 * decision in words and its number of answers (seq_legal). */
void spqr_play_view(const struct game *g, struct play_view *pv, bool words);
/* The Shock segment's view-model: the designation (7.3, 8.41, 8.42,
 * 10.41), the decision asked inside the resolution, the cards
 * (cards.h). */
void spqr_shock_view(const struct game *g, struct shock_view *sv);
bool spqr_shock_piece(const struct game *g, const char *id,
		      struct shock_piece *p);
int spqr_shock_asked(const struct game *g, size_t since);
int spqr_card(const struct game *g, enum mode_card kind, int n, size_t since,
	      struct card *c, int *fresh);
int spqr_card_touched(const struct game *g, size_t since,
		      struct card *scratch);

#endif
