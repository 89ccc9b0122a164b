/* glyphs.h — the characters and colours of the map: terrain, unit types,
 * facing marks, side colours.  No curses here. */
#ifndef MANIPLE_TUI_GLYPHS_H
#define MANIPLE_TUI_GLYPHS_H

#include <stdbool.h>
#include <wchar.h>

#include "maniple/hex.h"
#include "maniple/map.h"
#include "maniple/units.h"

struct tui_glyphs {
	bool utf8;
	wchar_t terrain[TERRAIN_COUNT];
	wchar_t facing[FACING_COUNT];	/* vertex facings (7.11) */
	wchar_t column[HEXSIDE_COUNT];	/* In Column heading (6.73) */
	wchar_t leader;
	wchar_t border;
	wchar_t off_map;
};

/* UTF-8 glyphs or plain ASCII. */
void tui_glyphs_init(struct tui_glyphs *gl, bool utf8);
/* True when the codeset names UTF-8 ("UTF-8", "utf8"). */
bool tui_codeset_is_utf8(const char *codeset);
/* One letter per unit type: upper case heavy, lower case light. */
char tui_type_glyph(enum unit_type t);
/* Whether a facing mark goes left of the type glyph (it points west). */
bool tui_facing_mark_left(int facing, bool in_column);

/* A side colour name as a colour number for a terminal with ncolours (8
 * or 256); false for an unknown name. */
bool tui_colour_by_name(const char *name, int ncolours, short *colour);
/* Whether text on that colour should be black (light colours). */
bool tui_colour_is_light(const char *name);

#endif
