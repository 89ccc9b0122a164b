/* cardview.h — the card viewer: a bordered window over the map showing one
 * card (card.h) under a title, with a footer saying where the card stands
 * in its deck and which keys move on.  A card taller than the window
 * scrolls.  The viewer holds no game state: its owner (shockui.c) builds
 * each card into cv->card at the width cardview_card_width gives and asks
 * for it to be drawn.
 *
 * The window is placed inside the map's rectangle, so it never covers the
 * panel, the log or the status line; after a resize the owner calls
 * cardview_place again (the content, the deck position and the scroll are
 * kept) and rebuilds the card at the new width.  Borders and marks are
 * ASCII, emphasis is bold and reverse, so it reads the same without
 * colour and outside UTF-8. */
#ifndef MANIPLE_TUI_CARDVIEW_H
#define MANIPLE_TUI_CARDVIEW_H

#include <curses.h>
#include <stdbool.h>

#include "maniple/card.h"
#include "keys.h"

#define CARDVIEW_W_MAX 72	/* columns, border included */

struct cardview {
	bool open;
	WINDOW *win;
	/* the map's rectangle the window was placed in */
	int area_y, area_x, area_h, area_w;
	int top;		/* the first card line shown */
	int index, count;	/* the card's place in its deck, for the footer */
	bool dirty;		/* the window's text is to be drawn again */
	char title[128];
	struct card card;
};

/* The card text's width for the current map rectangle (map_h x map_w at
 * map_y, map_x): what the owner passes to card_init. */
int cardview_card_width(int map_w);
/* Places (or places again, after a resize) the window in the map's
 * rectangle; false when it could not be made (the viewer stays open and
 * tries again at the next size). */
bool cardview_place(struct cardview *cv, int map_y, int map_x, int map_h,
		    int map_w);
/* Whether the window is placed for exactly this rectangle. */
bool cardview_placed_for(const struct cardview *cv, int map_y, int map_x,
			 int map_h, int map_w);
/* Rows of card text the window shows at once (0 when not placed). */
int cardview_rows(const struct cardview *cv);
/* Draws the title, the card from cv->top and the footer into the window
 * (wnoutrefresh is the caller's). */
void cardview_draw(struct cardview *cv);
/* Scroll keys (CV_UP, CV_DOWN, CV_PAGE_UP, CV_PAGE_DOWN): moves cv->top
 * within the card; true when it moved. */
bool cardview_scroll(struct cardview *cv, enum tui_card_cmd c);
/* Keeps cv->top inside the card (after the card changed). */
void cardview_clamp(struct cardview *cv);
/* Deletes the window (cv->open is the owner's). */
void cardview_unplace(struct cardview *cv);

#endif
