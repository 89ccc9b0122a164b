/* glyphs.h — the characters and colours of the map: terrain, hexside
 * features, unit types, facing marks, side colours.  No curses here. */
#ifndef MANIPLE_TUI_GLYPHS_H
#define MANIPLE_TUI_GLYPHS_H

#include <stdbool.h>
#include <stddef.h>
#include <wchar.h>

#include "maniple/hex.h"
#include "maniple/mapview.h"

/* Terrain as the map draws it: the glyph slots the view-model's terrain
 * classes go to by their names (tui_terrain_slot), a class this view
 * does not know drawing as clear. */
enum tui_terrain {
	TT_CLEAR,
	TT_WOODS,
	TT_BROKEN,
	TT_MARSH,
	TT_IMPASSABLE,
	TT_MAJOR_RIVER,	    /* GBA 6.29 */
	TT_ROCKY_RIVER_BED, /* GBA 6.29 */
	TT_COUNT
};

/* Hexside features as the map draws them (6.24, 6.27), the one shown
 * first when a hexside has several. */
enum tui_feature {
	TF_RIVER,
	TF_STREAM,
	TF_RAMPART,
	TF_ROMAN_ROAD,
	TF_DIRT_ROAD,
	TF_WALL,	/* GBA 6.26 */
	TF_STEEP_BANK,	/* GBA 6.29 */
	TF_COUNT,
	TF_NONE = TF_COUNT
};

struct tui_glyphs {
	bool utf8;
	wchar_t terrain[TT_COUNT];	/* terrain (tui_terrain) */
	wchar_t facing[FACING_COUNT];	/* vertex facings (7.11) */
	wchar_t column[HEXSIDE_COUNT];	/* In Column heading (6.73) */
	wchar_t feature[TF_COUNT];	/* hexside features (tui_feature) */
	wchar_t leader;
	wchar_t range;		/* the command-range overlay's mark */
	wchar_t zoc;		/* the ZOC overlay's mark */
	wchar_t raised[10];	/* a step's MP cost, 0-9 (0: none, ASCII) */
	wchar_t border;
	wchar_t off_map;
};

/* UTF-8 glyphs or plain ASCII. */
void tui_glyphs_init(struct tui_glyphs *gl, bool utf8);
/* True when the codeset names UTF-8 ("UTF-8", "utf8"). */
bool tui_codeset_is_utf8(const char *codeset);
/* Whether a facing mark goes left of the type glyph (it points west). */
bool tui_facing_mark_left(int facing, bool in_column);

const char *tui_feature_name(enum tui_feature f);
/* The glyph slot of a terrain class the map view-model names ("woods"):
 * its index in gl->terrain, 0 (clear's) for a name this view does not
 * know. */
int tui_terrain_slot(const char *name);
/* The feature a view-model names ("Roman road"), TF_NONE when unknown. */
enum tui_feature tui_feature_slot(const char *name);
/* The feature a hexside shows: its view-model bits' first (the ruleset
 * lists the most important first), through slot[]; TF_NONE for none. */
enum tui_feature tui_first_feature(unsigned bits, const enum tui_feature *slot);
/* Where a feature on hexside d is drawn in a hex's 4x2 cell, the edge
 * characters nearest that side: the corners for the slanting sides (WNW
 * top left, ENE top right, WSW bottom left, ESE bottom right) and the
 * middle two of the top (N) or bottom (S) line.  Fills line[] and col[]
 * and returns how many characters (1 or 2; 0 for a bad side).  Both hexes
 * of a side draw it, so a stream between two columns shows as a band two
 * characters wide. */
int tui_side_cells(enum hexside d, int line[2], int col[2]);

/* Line i (0-based) of the map legend the `?` help shows after the keys:
 * terrain, levels and hexside features with their glyphs, in the current
 * locale's multibyte form.  False past the last line. */
bool tui_legend_line(const struct tui_glyphs *gl, int i, char *buf, size_t n);
/* The legend's line of GBA's river hexes, walls and steep banks (GBA
 * 6.26, 6.29), which the map's own legend shows only on a map that has
 * them. */
#define TUI_LEGEND_GBA_LINE 3

/* The legend of the map on its own key: every glyph, mark and overlay
 * the map shows, the pieces' letters, markers and leaders' marks as the
 * view-model mv has them now, the overlay ovl (NULL: none) named, each
 * line at most width columns. */
#define TUI_LEGEND_LINES 96
#define TUI_LEGEND_W 192
struct tui_legend {
	int n;
	char line[TUI_LEGEND_LINES][TUI_LEGEND_W];
};
void tui_map_legend(const struct tui_glyphs *gl, const struct map_view *mv,
		    const struct mv_overlay *ovl, bool colour, bool outlined,
		    int width, struct tui_legend *out);

/* A side colour name as a colour number for a terminal with ncolours (8
 * or 256); false for an unknown name. */
bool tui_colour_by_name(const char *name, int ncolours, short *colour);
/* Whether text on that colour should be black (light colours). */
bool tui_colour_is_light(const char *name);

#endif
