/* reading.h — results in plain words: the message line's sentence for a
 * command's result, and the reading pane, a wide window over the map
 * that shows the answers of show, help, why and rule as sentences.
 *
 * The sentences are the ruleset's (rules/RULESET/sentences.ini, through
 * summary.h): an accepted command is told by the first one or two of its
 * events that have a short sentence (a volley's fire, its roll against
 * what it needed and its hits; events of a kind with none yet are shown
 * as they are); a refusal is told with its whole reason.  The pane lays each event of a
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
