/* seam.h — the view's way to the rules: the ruleset a game is played
 * under (ruleset.h), and through it the pending decision (decision.h)
 * and the modes' view-model (modeview.h).  The modes' files (Order mode,
 * the prompt box, the `:` line's completion, the legal list) ask the
 * rules only through these. */
#ifndef MANIPLE_TUI_SEAM_H
#define MANIPLE_TUI_SEAM_H

#include "maniple/decision.h"
#include "maniple/modeview.h"
#include "maniple/ruleset.h"

struct game;

/* The ruleset g is played under: its battle's, among its session's
 * rulesets (the default one when g names none); NULL for a NULL g. */
const struct ruleset *tui_rules(const struct game *g);

/* The pending decision of g into d (over the room decision_init gave
 * it), in the ruleset's order; returns d->n.  A NULL g leaves d empty. */
int tui_decision(const struct game *g, struct decision *d);

/* Whether the pending decision is an answer asked for, not free play. */
bool tui_decision_is_answer(const struct game *g);

/* Order mode now (modeview.h; steps: with the steps and picks); an
 * empty view (OV_NONE) for a NULL g. */
void tui_order_view(const struct game *g, struct order_view *ov, bool steps);

/* What a step of the moving piece into a (b: a two-hex piece's second
 * hex, or HEX_NONE) would come to; false when it may not be taken. */
bool tui_step_preview(const struct game *g, struct hex a, struct hex b,
		      struct step_preview *out);

/* The ids of the pieces on h (units, then leaders), at most max. */
int tui_pieces_at(const struct game *g, struct hex h,
		  char (*ids)[MODE_ID_MAX], int max);

/* The Shock segment's designation and one piece of it (modeview.h;
 * an empty view, and false, without a ruleset or a game). */
void tui_shock_view(const struct game *g, struct shock_view *sv);
bool tui_shock_piece(const struct game *g, const char *id,
		     struct shock_piece *p);
/* The combat a decision asked by the events from since on waits at, or
 * -1. */
int tui_shock_asked(const struct game *g, size_t since);
/* A card of the ruleset (ruleset.h: card, card_touched); -1 none. */
int tui_card(const struct game *g, enum mode_card kind, int n, size_t since,
	     struct card *c, int *fresh);
int tui_card_touched(const struct game *g, size_t since,
		     struct card *scratch);

#endif
