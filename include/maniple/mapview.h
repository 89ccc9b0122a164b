/* mapview.h — the map view-model: what a hex map shows, as plain data a
 * ruleset fills and a view draws.
 *
 * The board: each hex's terrain class, level and hexside features; the
 * classes and features are named by the ruleset (its own words: "woods",
 * "Roman road"), the view only draws them.  The pieces: each unit, block
 * or leader with its id, the letter of its class, its side, its facing (or
 * none), the one or two hexes it covers, its gauge (cohesion hits against
 * a quality, or a strength), its markers (a one-character code and a full
 * name) and, for a leader, a mark no other leader shares.  Overlays the
 * ruleset computes when asked: a leader's command range, a side's zones
 * of control, the legal steps of the piece moving now with their cost.
 *
 * Nothing here knows a ruleset or a game: the view reads a map_view, and
 * asks the ruleset (ruleset.h: map_view, map_overlay, map_describe) for
 * one.  Hexes use the CCRR numbering of hex.h. */
#ifndef MANIPLE_MAPVIEW_H
#define MANIPLE_MAPVIEW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "maniple/hex.h"

#define MV_CLASSES_MAX 16	/* terrain classes, feature kinds */
#define MV_MARKERS_MAX 14	/* markers on one piece */
#define MV_PIECES_MAX 320
#define MV_ID_MAX 16
#define MV_SIDE_NAME_MAX 48
#define MV_SIDE_ID_MAX 16

/* A terrain class or a hexside feature kind, in the ruleset's words. */
struct mv_class {
	const char *name;	/* the legend's word: "woods", "Roman road" */
	const char *word;	/* the hex description's word: "road" */
	int list_rank;		/* features: the order the description names
				 * them in (the array's order is the order a
				 * view prefers to draw them, most important
				 * first) */
};

struct mv_hex {
	bool on_map;
	uint8_t terrain;	/* index into map_view.terrain */
	int8_t level;		/* elevation, 0 the plain */
	uint16_t side[HEXSIDE_COUNT]; /* bit k: map_view.features[k] on
				       * that hexside (enum hexside) */
	const char *note;	/* a line the description adds, or NULL */
};

/* What a piece's gauge counts. */
enum mv_gauge {
	MV_GAUGE_NONE,
	MV_GAUGE_HITS,		/* value hits against a quality of max */
	MV_GAUGE_STRENGTH,	/* value steps or blocks left of max */
};

/* What a piece faces. */
enum mv_facing {
	MV_FACE_NONE,
	MV_FACE_VERTEX,		/* facing: an enum facing (7.1) */
	MV_FACE_SIDE,		/* facing: an enum hexside (a column) */
};

struct mv_marker {
	char code;		/* drawn on the map; 0: named only */
	const char *name;	/* "missile-low" */
};

struct mv_piece {
	char id[MV_ID_MAX];
	bool leader;		/* a leader, not a fighting unit */
	bool active;		/* the leader whose turn it is to act */
	bool routed;		/* broken: its marks in the alarm colour */
	int side;		/* 0 or 1 */
	char glyph;		/* the ruleset's letter for its class */
	const char *class_name;	/* that class in words: "legion" */
	char mark;		/* a leader's mark, no two leaders alike */
	enum mv_facing face;
	int facing;
	struct hex hex[2];	/* hex[1] HEX_NONE for a one-hex piece */
	enum mv_gauge gauge;
	int value, max;
	int nmarkers;
	struct mv_marker markers[MV_MARKERS_MAX]; /* most important first */
};

struct map_view {
	enum hex_layout layout;
	int col_min, col_max, row_min, row_max;
	int ncols, nrows;
	int nterrain, nfeatures;
	const struct mv_class *terrain;	 /* the ruleset's, constant */
	const struct mv_class *features; /* the same */
	struct mv_hex *hexes;	/* ncols * nrows, column-major; owned */
	/* the level most of the map lies at: a view marks (and shades)
	 * only the hexes above or below it */
	int8_t base_level;
	char side_id[2][MV_SIDE_ID_MAX];
	char side_name[2][MV_SIDE_NAME_MAX];
	char side_colour[2][MV_SIDE_ID_MAX];
	/* the pieces on the map: units first, then leaders, each in the
	 * ruleset's order (the first on a hex is drawn on top) */
	int npieces;
	struct mv_piece pieces[MV_PIECES_MAX];
};

/* A new, empty view of an ncols x nrows board starting at (col_min,
 * row_min), every hex off the map; NULL when memory runs out. */
struct map_view *mapview_new(int col_min, int row_min, int ncols, int nrows);
void mapview_free(struct map_view *mv);
/* The hex at h, or NULL off the board or off the map. */
const struct mv_hex *mapview_hex(const struct map_view *mv, struct hex h);
struct mv_hex *mapview_hex_mut(struct map_view *mv, struct hex h);
/* A new piece at the end (NULL when full), zeroed, hex[1] HEX_NONE. */
struct mv_piece *mapview_add_piece(struct map_view *mv);
/* h's level above (below: negative) the map's own level: a GBA map lies
 * at level 1, where its rivers run, so its plain is 0 here as SPQR's is.
 * A view shows a level's digit only where this is not 0. */
int mapview_height(const struct map_view *mv, const struct mv_hex *mh);
/* Appends a marker to p (ignored when full). */
void mapview_add_marker(struct mv_piece *p, char code, const char *name);
/* Whether p covers h. */
bool mapview_covers(const struct mv_piece *p, struct hex h);
/* The pieces covering h, units then leaders (the first drawn on top):
 * up to max indexes into mv->pieces in out; returns the count found (at
 * most max).  leaders: false counts only units, true only leaders. */
int mapview_pieces_at(const struct map_view *mv, struct hex h, bool leaders,
		      int *out, int max);
/* The piece with that id, or NULL. */
const struct mv_piece *mapview_piece(const struct map_view *mv,
				     const char *id);
/* p's markers' codes, in order, at most n-1 and a NUL; returns how many. */
int mapview_marker_codes(const struct mv_piece *p, char *buf, size_t n);
/* p's markers' names, a space between them; "" when none. */
void mapview_marker_names(const struct mv_piece *p, char *buf, size_t n);
/* Adds h to the list out (n of at most max) unless it is there or is
 * HEX_NONE; false when it does not fit. */
bool mapview_hex_list_add(struct hex *out, int *n, int max, struct hex h);
/* The hexes whose drawing differs between two views of the same board:
 * every hex covered, in either, by a piece (matched by id) that is not
 * the same in both, or is in one only; each once.  Returns the count,
 * or -1 when more than max. */
int mapview_changed_hexes(const struct map_view *a, const struct map_view *b,
			  struct hex *out, int max);
/* The pieces of from into to (a view of the same board, or one made by
 * mapview_new(0, 0, 0, 0) to keep pieces only). */
void mapview_copy_pieces(struct map_view *to, const struct map_view *from);

/* ---- overlays, computed by the ruleset when asked ---- */

enum mv_overlay_kind {
	MV_OVL_COMMAND_RANGE,	/* the hexes a leader commands (who: a
				 * leader's id, or "" for the active one) */
	MV_OVL_ZOC,		/* the hexes in a side's zones of control
				 * (who: the side's id) */
	MV_OVL_STEPS,		/* the legal steps of the piece moving now
				 * (who: its id, or "" for whichever) */
	MV_OVL_COUNT
};

#define MV_OVERLAY_MAX 1024

struct mv_overlay_hex {
	struct hex hex;
	int value;		/* steps: the cost (-1 unknown); range: the
				 * path's length; ZOC: 1 */
};

struct mv_overlay {
	enum mv_overlay_kind kind;
	char who[MV_ID_MAX];	/* the piece or side it is about */
	int n;
	struct mv_overlay_hex at[MV_OVERLAY_MAX];
};

/* Appends a hex to an overlay (ignored when full). */
void mv_overlay_add(struct mv_overlay *o, struct hex h, int value);
/* The entry for h, or NULL. */
const struct mv_overlay_hex *mv_overlay_at(const struct mv_overlay *o,
					   struct hex h);

/* ---- a piece or hex described in words ----
 * Lines a view lays out in its own width: a plain line is cut at the
 * width, a wrapped one is broken between words after its lead (the
 * continuation lines start with a space).  A blank line separates pieces. */
#define MV_TEXT_LINES 96
#define MV_TEXT_LINE 256
#define MV_TEXT_LEAD 16

struct mv_text_line {
	bool wrap;
	char lead[MV_TEXT_LEAD];
	char text[MV_TEXT_LINE];
};

struct mv_text {
	int n;
	struct mv_text_line line[MV_TEXT_LINES];
};

void mv_text_clear(struct mv_text *t);
/* A plain line (cut by the view at its width). */
void mv_text_line(struct mv_text *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* A wrapped line: lead, then words. */
void mv_text_wrap(struct mv_text *t, const char *lead, const char *words);

#endif
