/* teachui.h — teach mode on the map view (issue 9): while it is on, each
 * command the view runs is followed by the narration of its events
 * (teach_events, include/maniple/teach.h), a page at a time in a box
 * over the bottom of the map (and the panel: at most 80 columns) with
 * its rules and "step k of n"; a page is one line, or the lines of one
 * group (teach_line.h: a step of the Shock segment, one combat's
 * struggle) with the whole groups after it, as many as the map's height
 * holds; when the pending decision changed, its narration
 * (teach_decision) is the last page.  While the box is up the game
 * waits: Space or Enter shows the next page, Esc skips the events' lines left (to the decision's line,
 * when there is one; on that line it closes the box), `g` explains the
 * glossary's terms the page uses in the reading pane (`rule TERM, ...`;
 * a page without one opens the `:` line on `rule `), `?` shows the keys,
 * the map's `teach` key (M) ends teach mode and `q` quits (the game file
 * already holds every command); no other key acts.  The prompt box (prompt.h) shows once the narration is done.
 *
 * Teach mode is a matter of the view alone: `maniple --teach`, `:teach
 * on` / `:teach off` and the map key `teach` (M) switch it, and nothing
 * of it goes into the game file.  The words come from the ruleset's
 * teach.ini (DATADIR/rules/RULESET/teach.ini), loaded the first time
 * teach mode goes on. */
#ifndef MANIPLE_TUI_TEACHUI_H
#define MANIPLE_TUI_TEACHUI_H

#include <stdbool.h>
#include <stddef.h>

#include "maniple/cmd.h"
#include "maniple/teach_line.h"

struct teach_texts; /* the ruleset's (ruleset.h: teach_load) */

#define TEACHUI_DIR_MAX 1024
#define TEACHUI_NONE ((size_t)-1)

/* The view's teach state (view.h: v->teach). */
struct teachui {
	bool on;
	struct teach_texts *texts; /* loaded when teach mode first goes on */
	char datadir[TEACHUI_DIR_MAX]; /* "" : the texts cannot be found */
	struct teach_list queue;   /* the lines to tell; queue.v[at] is up */
	size_t at;
	struct teach_line decision; /* the pending decision told */
	size_t decision_at;	   /* NONE, or queue.n: its line follows */
	unsigned long long decision_id; /* the decision told last, 0: none */
	bool drawn;		   /* the box was drawn at the last render */
};

struct tui_view;

/* At the start of the view: where the data lives (tui_options.datadir,
 * NULL when unknown) and whether teach mode starts on (--teach); when on,
 * the pending decision is told at once. */
void teachui_start(struct tui_view *v, bool on, const char *datadir);
/* Frees the texts and the queue (the view's end). */
void teachui_free(struct tui_view *v);
/* Teach mode on or off: on loads the texts when they are not (a failure
 * is said on the status line and teach mode stays off) and tells how a
 * game nobody has played yet began (its opening events), then the
 * decision pending; off drops what was still to be told.  Returns
 * whether teach mode is on afterwards. */
bool teachui_set(struct tui_view *v, bool on);
/* The ruleset's teach texts, read on first use (teach mode need not be
 * on: the tutorial tells its outcomes with them); NULL when they cannot
 * be read (the status line says why). */
const struct teach_texts *teachui_texts(struct tui_view *v);
/* The `:` line's view command: "teach on", "teach off", "teach" (says
 * whether it is on).  True when line was a teach command (then it is
 * handled and goes no further: nothing is journaled). */
bool teachui_command(struct tui_view *v, const char *line);
/* After a command ran through tui_exec: r its result, looks whether it
 * only looked.  In teach mode the narration of the events of an accepted
 * game command is queued, then the pending decision's when it changed. */
void teachui_after_command(struct tui_view *v, const struct cmd_result *r,
			   bool looks);
/* Whether the teach box is up (its keys come first: KM_TEACH). */
bool teachui_up(const struct tui_view *v);
/* The first line of the page up now, the page's number k (1-based) and
 * the count of pages n; NULL when the box is not up. */
const struct teach_line *teachui_current(const struct tui_view *v,
					 size_t *k, size_t *n);
/* The lines of the page up now (the line teachui_current gives and the
 * lines of its group shown with it); 0 when the box is not up. */
size_t teachui_page_lines(const struct tui_view *v);
/* Whether the line up now is the pending decision's narration. */
bool teachui_at_decision(const struct tui_view *v);
/* A key while the box is up; true when taken (every key is, while the
 * box is up: a key that does nothing here is said so). */
bool teachui_key(struct tui_view *v, int ch);
/* Draws the box over the map when it is up; true when it did (the
 * prompt box waits under it). */
bool teachui_draw(struct tui_view *v);

#endif
