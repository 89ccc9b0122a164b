/* cmdline.h — the map view's `:` command line: a one-line editor with a
 * history, and Tab completion of the command language's words (command
 * names from the command table, then the arguments its synopsis names:
 * unit and leader ids, hex numbers, facings, literal words, and first of
 * all the words of the legal actions that fit what was typed).  No curses
 * here, so it can be unit-tested. */
#ifndef MANIPLE_TUI_CMDLINE_H
#define MANIPLE_TUI_CMDLINE_H

#include <stdbool.h>
#include <stddef.h>

#include "maniple/cmd.h"
#include "maniple/hex.h"
#include "maniple/session.h"

#define TUI_HISTORY_MAX 100
#define TUI_CAND_MAX 48
#define TUI_WORD_MAX 48

/* What Tab may put in place of the word before the cursor. */
struct tui_completion {
	int word_start;		/* where the word (after its last comma) starts */
	int n;			/* candidates, the most useful first */
	char cand[TUI_CAND_MAX][TUI_WORD_MAX];
	bool more;		/* there were more than TUI_CAND_MAX */
};

struct tui_cmdline {
	bool open;
	char buf[CMD_LINE_MAX + 1];
	int len, pos;		/* bytes; pos is the cursor */
	/* history, oldest first; hist_at == nhist: the line being typed */
	char hist[TUI_HISTORY_MAX][CMD_LINE_MAX + 1];
	int nhist, hist_at;
	char draft[CMD_LINE_MAX + 1]; /* the typed line while browsing */
	/* Tab pressed again cycles through the candidates */
	bool cycling;
	int cycle_at;
	struct tui_completion comp;
};

/* Opens an empty line (the history is kept). */
void cmdline_open(struct tui_cmdline *c);
/* Opens the line holding text (the cursor at its end). */
void cmdline_open_with(struct tui_cmdline *c, const char *text);
void cmdline_close(struct tui_cmdline *c);

/* Editing; each returns false when it could not act (nothing changed). */
bool cmdline_insert(struct tui_cmdline *c, char ch);
bool cmdline_backspace(struct tui_cmdline *c);
bool cmdline_delete(struct tui_cmdline *c);
bool cmdline_left(struct tui_cmdline *c);
bool cmdline_right(struct tui_cmdline *c);
void cmdline_home(struct tui_cmdline *c);
void cmdline_end(struct tui_cmdline *c);
/* ^U: clears the text before the cursor; ^W: the word before it. */
bool cmdline_kill_before(struct tui_cmdline *c);
bool cmdline_kill_word(struct tui_cmdline *c);
/* Up (-1) and Down (+1) through the history; the typed line comes back
 * after the newest entry. */
bool cmdline_history(struct tui_cmdline *c, int step);
/* Enter: adds the line to the history (not a blank one, not twice in a
 * row) and closes the command line; returns the line (valid until the
 * next call on c). */
const char *cmdline_commit(struct tui_cmdline *c);
/* Any key but Tab ends a Tab cycle. */
void cmdline_reset_cycle(struct tui_cmdline *c);

/* The candidates for the word that ends at pos in line, from the
 * session's game through the seam (seam.h).  s may be NULL or hold no
 * game (command names only); cursor is the map cursor, offered
 * first for an empty HEX. */
void tui_complete(const struct cmd_table *t, const struct session *s,
		  struct hex cursor, const char *line, int pos,
		  struct tui_completion *out);

/* Tab: completes the word before the cursor.  One candidate: it goes in,
 * with a blank after.  Several: their longest common beginning goes in;
 * when that adds nothing, each Tab puts in the next one.  Returns the
 * number of candidates (c->comp holds them). */
int cmdline_complete(struct tui_cmdline *c, const struct cmd_table *t,
		     const struct session *s, struct hex cursor);

#endif
