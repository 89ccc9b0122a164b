/* cardview.c — the card viewer's window (see cardview.h). */
#include "cardview.h"

#include <stdio.h>
#include <string.h>

/* The window's size for a map rectangle: nearly the whole map, at most
 * CARDVIEW_W_MAX wide. */
static void window_size(int map_h, int map_w, int *h, int *w)
{
	*w = map_w - 2 < CARDVIEW_W_MAX ? map_w - 2 : CARDVIEW_W_MAX;
	*h = map_h - 2;
}

int cardview_card_width(int map_w)
{
	int h, w;
	window_size(0, map_w, &h, &w);
	w -= 4; /* the borders and a space each side */
	return w < CARD_WIDTH_MIN ? CARD_WIDTH_MIN
	       : w > CARD_WIDTH_MAX ? CARD_WIDTH_MAX
				    : w;
}

void cardview_unplace(struct cardview *cv)
{
	if (cv->win)
		delwin(cv->win);
	cv->win = NULL;
	cv->area_y = cv->area_x = cv->area_h = cv->area_w = 0;
}

bool cardview_placed_for(const struct cardview *cv, int map_y, int map_x,
			 int map_h, int map_w)
{
	return cv->win && cv->area_y == map_y && cv->area_x == map_x &&
	       cv->area_h == map_h && cv->area_w == map_w;
}

bool cardview_place(struct cardview *cv, int map_y, int map_x, int map_h,
		    int map_w)
{
	cardview_unplace(cv);
	int h, w;
	window_size(map_h, map_w, &h, &w);
	if (h < 6 || w < CARD_WIDTH_MIN + 4)
		return false;
	cv->win = newwin(h, w, map_y + 1, map_x + 1);
	if (!cv->win)
		return false;
	cv->area_y = map_y;
	cv->area_x = map_x;
	cv->area_h = map_h;
	cv->area_w = map_w;
	cardview_clamp(cv);
	return true;
}

int cardview_rows(const struct cardview *cv)
{
	if (!cv->win)
		return 0;
	int h, w;
	getmaxyx(cv->win, h, w);
	(void)w;
	return h - 4 > 0 ? h - 4 : 0;
}

void cardview_clamp(struct cardview *cv)
{
	int rows = cardview_rows(cv);
	int last = cv->card.n - rows;
	if (cv->top > last)
		cv->top = last;
	if (cv->top < 0)
		cv->top = 0;
}

bool cardview_scroll(struct cardview *cv, enum tui_card_cmd c)
{
	int rows = cardview_rows(cv);
	int was = cv->top;
	int page = rows > 1 ? rows - 1 : 1;
	switch (c) {
	case CV_UP:
		cv->top--;
		break;
	case CV_DOWN:
		cv->top++;
		break;
	case CV_PAGE_UP:
		cv->top -= page;
		break;
	case CV_PAGE_DOWN:
		cv->top += page;
		break;
	default:
		break;
	}
	cardview_clamp(cv);
	return cv->top != was;
}

void cardview_draw(struct cardview *cv)
{
	WINDOW *w = cv->win;
	if (!w)
		return;
	int h, width;
	getmaxyx(w, h, width);
	werase(w);
	wattrset(w, A_NORMAL);
	wborder(w, '|', '|', '-', '-', '+', '+', '+', '+');
	wattrset(w, A_BOLD);
	mvwaddnstr(w, 1, 2, cv->title, width - 4);
	wattrset(w, A_NORMAL);
	int rows = cardview_rows(cv);
	cardview_clamp(cv);
	for (int i = 0; i < rows && cv->top + i < cv->card.n; i++) {
		const char *line = cv->card.line[cv->top + i];
		/* the step titles ("-- Resolution --") stand out */
		bool head = line[0] == '-' && line[1] == '-';
		wattrset(w, head ? A_BOLD : A_NORMAL);
		mvwaddstr(w, 2 + i, 2, line);
	}
	wattrset(w, A_NORMAL);
	char foot[160];
	bool above = cv->top > 0, below = cv->top + rows < cv->card.n;
	const char *more = above && below ? "  j/k: more"
			   : below	  ? "  j: more below"
			   : above	  ? "  k: more above"
					  : "";
	if (cv->keys)
		snprintf(foot, sizeof foot, "%s%s", cv->keys, more);
	else
		snprintf(foot, sizeof foot,
			 "%d/%d  Space next  p back  Esc close%s",
			 cv->index + 1, cv->count, more);
	wattrset(w, A_REVERSE);
	mvwaddnstr(w, h - 2, 2, foot, width - 4);
	wattrset(w, A_NORMAL);
}
