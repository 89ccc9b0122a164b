/* logview.h — the event log panel's text: the last TUI_LOG_MAX lines
 * (each command as typed, then its events, output and refusal), folded at
 * blanks to the panel's width, and a scroll position that either follows
 * the newest line or stays on a line.  No curses here. */
#ifndef MANIPLE_TUI_LOGVIEW_H
#define MANIPLE_TUI_LOGVIEW_H

#include <stdbool.h>

#define TUI_LOG_MAX 1000
#define TUI_LOG_LINE 200

struct tui_log {
	char line[TUI_LOG_MAX][TUI_LOG_LINE];
	long base;		/* number of the oldest line kept */
	long n;			/* lines kept */
	bool follow;		/* show the newest lines */
	long top;		/* else: the line shown at the top */
};

void tui_log_init(struct tui_log *l);
/* Appends a line (cut at TUI_LOG_LINE - 1 bytes); returns its number. */
long tui_log_push(struct tui_log *l, const char *text);
/* Line number k (base <= k < base + n), or NULL. */
const char *tui_log_line(const struct tui_log *l, long k);

/* How many rows of width w line text takes when folded at blanks, and
 * where row i (0-based) starts and how long it is. */
int tui_log_rows(const char *text, int w);
bool tui_log_row(const char *text, int w, int i, int *start, int *len);

/* The line at the top of an h-row, w-column window: the set top, or when
 * following, the first line from which the newest ones fill it. */
long tui_log_top(const struct tui_log *l, int w, int h);
/* Scrolls by about a page: pages < 0 back, > 0 forward (reaching the end
 * follows again). */
void tui_log_scroll(struct tui_log *l, int w, int h, int pages);
/* Shows line k at the top, unless everything from k on fits below the
 * newest line's page (then it follows). */
void tui_log_show_from(struct tui_log *l, long k, int w, int h);
/* Whether lines below the window are hidden. */
bool tui_log_more_below(const struct tui_log *l, int w, int h);

#endif
