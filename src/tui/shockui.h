/* shockui.h — the Shock Combat segment on the map view (issue 8): the
 * designation keys and marks (7.3, 8.41, 8.42), the shock cards shown
 * combat by combat as the segment resolves (8.4-8.6), the side panel's
 * cycle (hex & unit, leaders, sequence of play) and the end-of-battle card
 * (11.1, 11.2).
 *
 * Everything here is derived from the rules' view-model of the segment
 * (modeview.h, through seam.h): whether the designation is open, the
 * must/may marks, each unit's claim and the enemies in its zone, the
 * cards' text.  The keys only issue commands through tui_exec or change
 * the view.  Its state is one field of struct tui_view
 * (v->shockui). */
#ifndef MANIPLE_TUI_SHOCKUI_H
#define MANIPLE_TUI_SHOCKUI_H

#include <stdbool.h>
#include <stddef.h>

#include "maniple/card.h"
#include "maniple/modeview.h"

#include "cardview.h"

struct session;
struct tui_view;

enum shockui_panel {
	SUP_HEX,	/* the hex and unit under the cursor (tui.c's own) */
	SUP_LEADERS,	/* both sides' leaders (card_leaders) */
	SUP_SEQUENCE,	/* the sequence of play (card_sequence) */
	SUP_COUNT
};

#define SHOCKUI_PANEL_TEXT 8192
#define SHOCKUI_PANEL_ROWS 400 /* the text folded to the panel's width */

struct shockui {
	/* what the module last saw: a new game (new, load) starts afresh */
	const void *game;	/* the game's identity (seam.h: tui_game_id) */
	size_t seen;		/* its events looked at after each command */
	bool over_seen;		/* the battle was over then */
	/* the attackers gathered with `t` (ids, gathering order), and the
	 * enemies gathered as their defenders */
	char gathered[MODE_COMBAT_UNITS_MAX][MODE_ID_MAX];
	int ngathered;
	char defenders[MODE_COMBAT_UNITS_MAX][MODE_ID_MAX];
	int ndefenders;
	/* the card deck: the segment's combats, then the end card */
	struct cardview cv;
	int deck_shock;		/* shock cards in the deck */
	bool deck_end;		/* the end card closes the deck */
	/* opened by a command: each card shows first what the events from
	 * here on added to it (SIZE_MAX: from the card's top) */
	size_t fresh_since;
	/* the side panel */
	int panel;		/* enum shockui_panel */
	char panel_text[SHOCKUI_PANEL_TEXT];  /* what it shows now */
	bool panel_drawn;	/* panel_text is on the screen */
	int drawn_top;		/* from the view's panel_top */
	char scratch_text[SHOCKUI_PANEL_TEXT];
	struct card scratch;
};

/* ---- pure parts (tested without a screen) ---- */

/* Whether the attacker is designating combats now (8.41). */
bool shockui_designating(const struct session *s);
/* The key line of the Shock designation, "SHOCK  t gather  T done ...",
 * the keys in use (keys.h KM_SHOCK), fitted to width columns
 * (tui_fit_hints); false (buf untouched) outside the designation. */
bool shockui_key_line(const struct tui_view *v, int width, char *buf,
		      size_t n);
/* The units of the attacking side that must or may still be put in a
 * combat, in unit order; 0 outside the designation.  A unit already in a
 * combat is not listed. */
int shockui_marks(const struct session *s, struct shock_mark *out, int max);
/* Whether the battle is over (11.2, R4). */
bool shockui_game_over(const struct session *s);

/* ---- the view's hooks (tui.c) ---- */

/* After every command (tui_exec): the marks follow the game, the card
 * viewer opens by itself on the first combat the command resolved or
 * stopped in (8.4's order), or on the end card when the battle just
 * ended. */
void shockui_after_command(struct tui_view *v);
/* A key, before the map's: true when it was taken.  The card viewer's
 * keys while it is open (any other key closes it and goes on to the
 * map), else t T Esc V P. */
bool shockui_key(struct tui_view *v, int ch);
/* Draws the card viewer over the map when open (after the map, the list
 * and before the status line), and keeps the gathered attackers on the
 * status line. */
void shockui_render(struct tui_view *v);
/* draw_panel's hook: true when the panel shows leaders or the sequence
 * (drawn here, and only when its text changed); false for the hex and
 * unit panel. */
bool shockui_draw_panel(struct tui_view *v, WINDOW *w, int h, int width);

/* ---- for the hooks and the tests ---- */

/* Opens the viewer on deck card `at` (-1: where V opens it: the end card
 * once the battle is over, else the combat a decision waits at, else the
 * first).  False (with a message) when there is no card to show. */
bool shockui_open_cards(struct tui_view *v, int at);
void shockui_close_cards(struct tui_view *v);
/* The side panel's next view: hex & unit, leaders, sequence of play. */
void shockui_cycle_panel(struct tui_view *v);

#endif
