/* card.h — a card: lines of text no wider than a width, each ending in
 * the rule it stands on, right-aligned.  A ruleset fills cards (its
 * screens of a combat, its leaders, its sequence of play); a view only
 * shows their lines.  Widths count one column per UTF-8 code point; a
 * line never wraps: what does not fit is cut at a character boundary
 * and marked with '~'.  Nothing is allocated; nothing here knows a
 * ruleset. */
#ifndef MANIPLE_CARD_H
#define MANIPLE_CARD_H

#include <stdbool.h>
#include <stddef.h>

#define CARD_LINES	 96
#define CARD_WIDTH_MIN	 24
#define CARD_WIDTH_MAX	 120
#define CARD_PANEL_WIDTH 38 /* the side panel's width, `show card`'s */

struct card {
	int width;	/* columns per line */
	int n;		/* lines filled */
	bool truncated; /* there was more than CARD_LINES lines */
	bool no_rules;	/* card_add leaves the rule column out (a narrow
			 * panel: the text gets the whole width) */
	/* UTF-8, NUL-terminated, at most width columns */
	char line[CARD_LINES][CARD_WIDTH_MAX * 4 + 1];
};

/* Empties c and sets its width (clamped to CARD_WIDTH_MIN..MAX). */
void card_init(struct card *c, int width);
/* Appends one line: text (printf-style) cut to fit, then rule at the
 * right edge (rule may be NULL or "" for none). */
void card_add(struct card *c, const char *rule, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* The lines of c, each followed by '\n', into buf: as many whole lines as
 * fit in n bytes with the NUL.  Returns the length all of them need. */
size_t card_text(const struct card *c, char *buf, size_t n);

#endif
