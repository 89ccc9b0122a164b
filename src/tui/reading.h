/* reading.h — results in plain words: the message line's sentence for a
 * command's result, and the reading pane, a wide window over the map
 * that shows the answers of show, help, why and rule as sentences.
 *
 * The sentences are the ruleset's (rules/RULESET/sentences.ini, through
 * summary.h): an accepted command is told by every one of its events
 * that has a short sentence (a volley's fire, its roll against what it
 * needed and its hits; a shock's checks, combats, routs and advances); a
 * refusal is told with its whole reason.  The status bar shows what its
 * rows hold; the last result is kept whole, and the map's `result` key
 * (^P) opens it in the pane.  The pane lays each event of a
 * looking command out as its sentence (an event without one as its
 * fields in words) and the command's text after it, folded to the
 * pane's width; it scrolls (j k, arrows, PgUp PgDn, Space p) and any
 * other key closes it.  The key=value lines still go to the log, and
 * --script is untouched.  Nothing here changes the game. */
#ifndef MANIPLE_TUI_READING_H
#define MANIPLE_TUI_READING_H

#include <stdbool.h>
#include <stddef.h>

#include "maniple/cmd.h"
#include "maniple/evtext.h"
#include "cardview.h"

struct tui_view;

struct tui_reading {
	struct evtext *words; /* the ruleset's sentences, read once */
	bool tried;	      /* reading them was tried */
	struct cardview cv;   /* the pane (cv.open: shown) */
	char *text;	      /* its answer in words, folded when drawn */
	char *result;	      /* the last command's result in words */
	char result_line[96]; /* that command, as given */
};

void reading_free(struct tui_reading *r);
/* The message line's words for command line's result r into out. */
void reading_result(struct tui_view *v, const char *line,
		    const struct cmd_result *r, char *out, size_t n);
/* The sentences of accepted result r's events from index from on into
 * out (as reading_result tells them); false when r was refused or none
 * of those events has a sentence. */
bool reading_result_from(struct tui_view *v, const struct cmd_result *r,
			 size_t from, char *out, size_t n);
/* Keeps text, the words of command line's result, for
 * reading_open_result (the last one kept replaces the one before). */
void reading_keep_result(struct tui_view *v, const char *line,
			 const char *text);
/* Opens the pane on the last result kept; false (the pane shut) when
 * there is none yet or no room for the pane. */
bool reading_open_result(struct tui_view *v);
/* Whether the pane answers command line (show, help, why, rule). */
bool reading_wants(const char *line);
/* Opens the pane on command line's result r. */
void reading_open(struct tui_view *v, const char *line,
		  const struct cmd_result *r);
/* The pane's keys while it is open; false when it is not (or the key
 * closed it and goes on to the map). */
bool reading_key(struct tui_view *v, int ch);
/* Draws the pane over the map when it is open (after the map). */
void reading_draw(struct tui_view *v);
bool reading_up(const struct tui_view *v);
void reading_close(struct tui_view *v);

#endif
