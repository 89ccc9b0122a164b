/* layout.h — where things go on the screen: the windows for a terminal
 * size, and where each hex of the offset grid lands in the map window.
 * Pure arithmetic, no curses, so it can be unit-tested.
 *
 * The map is drawn as in HEX.md "Drawing it in a terminal": flat-topped
 * hexes in vertical columns, a column pitch of TUI_COL_PITCH characters and
 * a row pitch of TUI_ROW_PITCH lines, odd columns one line lower. */
#ifndef MANIPLE_TUI_LAYOUT_H
#define MANIPLE_TUI_LAYOUT_H

#include <stdbool.h>

#include "maniple/hex.h"

#define TUI_MIN_W 80
#define TUI_MIN_H 24
#define TUI_PANEL_W 24	/* side panel, its left border included */
#define TUI_STATUS_H 2	/* status line and key line */
#define TUI_COL_PITCH 4
#define TUI_ROW_PITCH 2
/* The event log: at least this wide (with the panel) it has its own
 * column; at least this tall (and not wide) it shares the panel's column;
 * else it takes the panel's place while shown. */
#define TUI_BOTH_W 120
#define TUI_BOTH_H 40
#define TUI_LOG_W_MIN 36
#define TUI_LOG_W_MAX 64

struct tui_layout {
	int w, h;		/* the terminal */
	bool too_small;		/* below TUI_MIN_W x TUI_MIN_H */
	int map_x, map_y, map_w, map_h;
	int panel_x, panel_y, panel_w, panel_h;
	int status_y, status_h;
	bool panel_shown, log_shown;
	int log_x, log_y, log_w, log_h;	/* the event log, its border included */
};

/* Splits a w x h terminal into map, side panel and status lines; the event
 * log is shown where there is room for both it and the panel. */
void tui_layout_compute(struct tui_layout *l, int w, int h);
/* The same with the log asked for: -1 where there is room (as above),
 * 0 hidden, 1 shown (in the panel's place when there is no room for
 * both). */
void tui_layout_compute_log(struct tui_layout *l, int w, int h, int want_log);

/* The map's detail levels: compact, each hex a 4x2 cell without an
 * outline (odd columns one line lower); outlined, each hex drawn with its
 * outline, 8 characters by 5 lines, the outlines of neighbours shared
 * (a column pitch of 6, a row pitch of 4, odd columns two lines lower),
 * three lines inside: glyph and facing, markers, cohesion or number. */
enum tui_detail { TUI_COMPACT, TUI_OUTLINED, TUI_DETAIL_COUNT };

#define TUI_OUT_COL_PITCH 6
#define TUI_OUT_ROW_PITCH 4
#define TUI_OUT_CELL_W 8
#define TUI_OUT_CELL_H 5

/* The part of the map the map window shows: hex (col0,row0) is drawn at
 * the top left. */
struct tui_viewport {
	int col0, row0;
	int w, h;		/* the map window, in characters */
	enum tui_detail detail;
};

/* The size of a hex's cell at the viewport's detail (its outline
 * included), and the pitch between neighbouring columns and rows. */
int viewport_cell_w(const struct tui_viewport *v);
int viewport_cell_h(const struct tui_viewport *v);
/* Top-left character of hex h in the map window (may lie outside it). */
void viewport_cell(const struct tui_viewport *v, struct hex h, int *x,
		   int *y);
/* Where the glyph of h's piece or terrain stands (the cursor's place). */
void viewport_glyph(const struct tui_viewport *v, struct hex h, int *x,
		    int *y);
/* The detail a w x h map window shows by default: outlined when it shows
 * at least as many hexes as the compact map of an 80x24 terminal
 * (TUI_MIN_COLS x TUI_MIN_ROWS), else compact. */
#define TUI_MIN_COLS 14
#define TUI_MIN_ROWS 10
enum tui_detail viewport_detail_for(int w, int h);
/* True when the whole cell of h lies inside the window. */
bool viewport_shows(const struct tui_viewport *v, struct hex h);
/* True when any part of the cell of h lies inside the window. */
bool viewport_touches(const struct tui_viewport *v, struct hex h);
/* How many columns and rows of hexes are always shown whole. */
int viewport_cols(const struct tui_viewport *v);
int viewport_rows(const struct tui_viewport *v);
/* Scrolls just enough that h is shown whole, with a margin of one hex
 * where the map goes on, and never past the map's edges (bounds inclusive).
 * Returns true when the viewport moved. */
bool viewport_follow(struct tui_viewport *v, struct hex h, int col_min,
		     int col_max, int row_min, int row_max);

/* The overview: how many hex columns each character and how many hex rows
 * each line stands for, so that an ncols x nrows map fits in w x h. */
void overview_scale(int ncols, int nrows, int w, int h, int *cols_per_char,
		    int *rows_per_line);

/* The hexside that leads to the next column on the same row number (the
 * Right arrow): ESE from an even column, ENE from an odd one; and back
 * (the Left arrow): WSW from an even column, WNW from an odd one. */
enum hexside layout_east_side(struct hex h);
enum hexside layout_west_side(struct hex h);

#endif
