/* describe.h — what the map view says in words: the pieces on a hex, the
 * side panel and the status line.  No curses here, so it can be tested. */
#ifndef MANIPLE_TUI_DESCRIBE_H
#define MANIPLE_TUI_DESCRIBE_H

#include <stdbool.h>
#include <stddef.h>

#include "maniple/mapview.h"
#include "maniple/session.h"

#define TUI_PIECES_MAX 8
#define PANEL_LINES_MAX 96
#define PANEL_LINE_MAX 64

struct panel_text {
	int n;
	char line[PANEL_LINES_MAX][PANEL_LINE_MAX];
};

/* The side panel for hex h, read from the map view-model mv: the hex
 * (number, terrain, level, hexsides), on a stack a short line for each
 * of its pieces (panel_stack_lines), then every piece there in the
 * ruleset's words (seam.h: tui_describe_piece of s's game, through
 * scratch), each line at most width characters. */
void panel_describe_view(const struct map_view *mv, const struct session *s,
			 struct hex h, int width, struct mv_text *scratch,
			 struct panel_text *out);
/* The hex's own lines, added to out: "Hex 2415 clear lvl 0", then its
 * hexside features and its note. */
void panel_describe_hex(const struct map_view *mv, struct hex h, int width,
			struct panel_text *out);
/* The same without the hex's number: lead, then "clear lvl 0", then its
 * hexside features and its note; nothing off the map. */
void panel_describe_ground(const struct map_view *mv, struct hex h,
			   const char *lead, int width, struct panel_text *out);
/* One piece's lines in the ruleset's words, added to out. */
void panel_describe_piece(const struct session *s, const char *id, int width,
			  struct mv_text *scratch, struct panel_text *out);
/* One short line for each piece on h but the one named except (NULL:
 * none left out), added to out: "+sl1 1/5 skirmishers" (a unit's hits
 * against its TQ, its marker codes, its class), "+tribune leader"; a
 * class that does not fit the width goes on under it, a blank first.
 * Returns the lines added. */
int panel_stack_lines(const struct map_view *mv, struct hex h,
		      const char *except, int width, struct panel_text *out);
/* The same for a session alone: its ruleset's view, built for this once. */
void panel_describe(const struct session *s, struct hex h, int width,
		    struct panel_text *out);

/* Whose decision is pending, in words (the ruleset's play view,
 * modeview.h): "Rome: orders (the Tribune) - 9 legal actions"; "no
 * decision yet: continue goes on (3.0)"; "battle over: Rome wins
 * (11.2)". */
void pending_describe(const struct session *s, char *buf, size_t n);
/* The status line: the pending decision first (it must never be cut),
 * then turn, phase and battle. */
void status_describe(const struct session *s, char *buf, size_t n);

#endif
