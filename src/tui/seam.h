/* seam.h — the view's way to the rules: the ruleset the session's game is
 * played under (ruleset.h), and through it the pending decision
 * (decision.h), the map view-model (mapview.h) and the modes' and the
 * game's view-models (modeview.h).  The view holds the session (session.h)
 * and never looks inside its game: every file of the view asks the rules
 * only through these. */
#ifndef MANIPLE_TUI_SEAM_H
#define MANIPLE_TUI_SEAM_H

#include "maniple/decision.h"
#include "maniple/modeview.h"
#include "maniple/ruleset.h"
#include "maniple/session.h"
#include "maniple/teach_line.h"

/* The ruleset s's game is played under (session.h: session_ruleset);
 * NULL without a session or a game. */
const struct ruleset *tui_rules(const struct session *s);

/* Whether s has a game to show. */
bool tui_has_game(const struct session *s);

/* Which game s holds, as an identity only (a `new` or `load` gives
 * another; NULL: none): the view compares it, never looks into it. */
const void *tui_game_id(const struct session *s);

/* The game as a whole now (modeview.h; words: with the pending decision
 * in words); without a game: nobody owes anything, battle "?". */
void tui_play_view(const struct session *s, struct play_view *pv,
		   bool words);

/* A new map view-model of s's game with its pieces now (mapview.h), the
 * caller frees it with mapview_free; NULL without a game or memory. */
struct map_view *tui_map_view(const struct session *s);

/* The id of s's game's battle (a game file's `battle` header); NULL
 * without a game. */
const char *tui_battle_id(const struct session *s);

/* The game turn s's game is in (0 without one). */
int tui_turn(const struct session *s);

/* The digest a game file of that format version holds for s's game now
 * (ruleset.h: format 1's text digest, format 2's state digest). */
uint64_t tui_file_digest(const struct session *s, int version);

/* Tells s's game that s plays it (after s moved in memory). */
void tui_set_session(struct session *s);

/* The command table of s's ruleset (its game's, else the default). */
const struct cmd_table *tui_commands(const struct session *s);

/* s's game's pieces now into mv, a view of its board (ruleset.h:
 * map_view_pieces). */
void tui_map_view_pieces(const struct session *s, struct map_view *mv);

/* An overlay of s's game computed now (mapview.h); returns its count
 * (0 without one). */
int tui_map_overlay(const struct session *s, enum mv_overlay_kind kind,
		    const char *who, struct mv_overlay *out);

/* The piece with that id in the ruleset's words (ruleset.h:
 * map_describe) into t, cleared first. */
void tui_describe_piece(const struct session *s, const char *id,
			struct mv_text *t);

/* The pending decision of s's game into d (over the room decision_init gave
 * it), in the ruleset's order; returns d->n.  Without a game d is left empty. */
int tui_decision(const struct session *s, struct decision *d);

/* Whether the pending decision is an answer asked for, not free play. */
bool tui_decision_is_answer(const struct session *s);

/* Order mode now (modeview.h; steps: with the steps and picks); an
 * empty view (OV_NONE) without a game. */
void tui_order_view(const struct session *s, struct order_view *ov, bool steps);

/* What a step of the moving piece into a (b: a two-hex piece's second
 * hex, or HEX_NONE) would come to; false when it may not be taken. */
bool tui_step_preview(const struct session *s, struct hex a, struct hex b,
		      struct step_preview *out);

/* The ids of the pieces on h (units, then leaders), at most max. */
int tui_pieces_at(const struct session *s, struct hex h,
		  char (*ids)[MODE_ID_MAX], int max);

/* The Shock segment's designation and one piece of it (modeview.h;
 * an empty view, and false, without a ruleset or a game). */
void tui_shock_view(const struct session *s, struct shock_view *sv);
bool tui_shock_piece(const struct session *s, const char *id,
		     struct shock_piece *p);
/* The combat a decision asked by the events from since on waits at, or
 * -1. */
int tui_shock_asked(const struct session *s, size_t since);
/* A card of the ruleset (ruleset.h: card, card_touched); -1 none. */
int tui_card(const struct session *s, enum mode_card kind, int n, size_t since,
	     struct card *c, int *fresh);
int tui_card_touched(const struct session *s, size_t since,
		     struct card *scratch);

/* ---- the narration (ruleset.h: the teach operations) ----
 * Of s's ruleset (its game's, else the default one), told of s's game
 * (NULL without one: ids shown as they are).  Without a narration the
 * loads give NULL with err saying so, the rest tell nothing. */
struct teach_texts *tui_teach_load(const struct session *s, const char *dir,
				   struct ini_error *err);
void tui_teach_free(const struct session *s, struct teach_texts *t);
size_t tui_teach_events(const struct session *s, const struct teach_texts *t,
			const struct event_log *log, size_t from,
			struct teach_list *out);
bool tui_teach_decision(const struct session *s, const struct teach_texts *t,
			struct teach_line *out);
/* The glossary's terms text uses (ruleset.h: teach_terms); 0 without a
 * glossary. */
int tui_teach_terms(const struct session *s, const struct teach_texts *t,
		    const char *text, char (*names)[TEACH_TERM_MAX], int max);
bool tui_teach_event_line(const struct session *s,
			  const struct teach_texts *t, const struct event *e,
			  struct teach_line *out);
/* An event field's value as the game names it (without a narration: as
 * it is). */
void tui_name_value(const struct session *s, const char *key, const char *v,
		    char *out, size_t n);
struct evtext *tui_sentences_load(const struct session *s, const char *dir,
				  struct ini_error *err);
int tui_summary_result(const struct session *s, const struct evtext *t,
		       const struct cmd_result *r, char *out, size_t n);
bool tui_summary_event(const struct session *s, const struct evtext *t,
		       const struct event_log *log, size_t i, char *out,
		       size_t n);

#endif
