/* describe.h — what the map view says in words: the pieces on a hex, the
 * side panel and the status line.  No curses here, so it can be tested. */
#ifndef MANIPLE_TUI_DESCRIBE_H
#define MANIPLE_TUI_DESCRIBE_H

#include <stdbool.h>
#include <stddef.h>

#include "maniple/game.h"
#include "maniple/mapview.h"

struct ruleset;

#define TUI_PIECES_MAX 8
#define PANEL_LINES_MAX 96
#define PANEL_LINE_MAX 64

/* The map hex at h, or NULL when h is off the map. */
const struct map_hex *tui_map_hex(const struct map *m, struct hex h);
/* Units on the map whose footprint covers h, in the game's order (the
 * first is drawn on top); returns the count (at most max). */
int tui_units_at(const struct game *g, struct hex h, const struct unit **out,
		 int max);
struct panel_text {
	int n;
	char line[PANEL_LINES_MAX][PANEL_LINE_MAX];
};

/* The side panel for hex h, read from the map view-model mv: the hex
 * (number, terrain, level, hexsides), then every piece there in the
 * ruleset's words (rs->map_describe of g, through scratch), each line at
 * most width characters. */
void panel_describe_view(const struct map_view *mv, const struct ruleset *rs,
			 const struct game *g, struct hex h, int width,
			 struct mv_text *scratch, struct panel_text *out);
/* The same for a game alone: its ruleset's view, built for this once. */
void panel_describe(const struct game *g, struct hex h, int width,
		    struct panel_text *out);

/* Whose decision is pending, in words, from seq_step_now,
 * seq_decision_side and seq_legal: "Rome: orders (the Tribune) - 9 legal
 * actions"; "no decision yet: continue starts the turn (3.0)"; "battle
 * over: Rome wins (11.2)". */
void pending_describe(const struct game *g, char *buf, size_t n);
/* The status line: the pending decision first (it must never be cut),
 * then turn, phase and battle. */
void status_describe(const struct game *g, char *buf, size_t n);

#endif
