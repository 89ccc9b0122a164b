/* glyphs.c — characters and colours of the map (see glyphs.h). */
#include <curses.h>
#include <string.h>
#include <strings.h>

#include "glyphs.h"

void tui_glyphs_init(struct tui_glyphs *gl, bool utf8)
{
	static const wchar_t terrain_u[TERRAIN_COUNT] = {
		L'\u00b7', L'\u2663', L'\u2234', L'\u2248', L'\u2593'};
	static const wchar_t terrain_a[TERRAIN_COUNT] = {'.', '&', '%', '~', '#'};
	/* NE E SE SW W NW */
	static const wchar_t facing_u[FACING_COUNT] = {
		L'\u2197', L'\u2192', L'\u2198', L'\u2199', L'\u2190', L'\u2196'};
	static const wchar_t facing_a[FACING_COUNT] = {'/', '>', '\\', '/', '<', '\\'};
	/* N ENE ESE S WSW WNW */
	static const wchar_t column_u[HEXSIDE_COUNT] = {
		L'\u2191', L'\u2197', L'\u2198', L'\u2193', L'\u2199', L'\u2196'};
	static const wchar_t column_a[HEXSIDE_COUNT] = {'^', '/', '\\', 'v', '/', '\\'};
	gl->utf8 = utf8;
	memcpy(gl->terrain, utf8 ? terrain_u : terrain_a, sizeof gl->terrain);
	memcpy(gl->facing, utf8 ? facing_u : facing_a, sizeof gl->facing);
	memcpy(gl->column, utf8 ? column_u : column_a, sizeof gl->column);
	gl->leader = utf8 ? L'\u2605' : '*';
	gl->border = utf8 ? L'\u2502' : '|';
	gl->off_map = ' ';
}

bool tui_codeset_is_utf8(const char *codeset)
{
	return codeset && (!strcasecmp(codeset, "UTF-8") ||
			   !strcasecmp(codeset, "UTF8"));
}

char tui_type_glyph(enum unit_type t)
{
	static const char g[UNIT_TYPE_COUNT] = {
		[UT_PH] = 'P', [UT_HI] = 'H', [UT_LG] = 'L', [UT_MI] = 'M',
		[UT_BI] = 'B', [UT_LI] = 'i', [UT_LP] = 'p', [UT_SK] = 's',
		[UT_HC] = 'C', [UT_RC] = 'R', [UT_LN] = 'N', [UT_LC] = 'c',
		[UT_EL] = 'E', [UT_AT] = 'A', [UT_CH] = 'W'};
	return (int)t >= 0 && t < UNIT_TYPE_COUNT ? g[t] : '?';
}

bool tui_facing_mark_left(int facing, bool in_column)
{
	if (in_column)
		return facing == SIDE_WSW || facing == SIDE_WNW;
	return facing == FACE_SW || facing == FACE_W || facing == FACE_NW;
}

static const struct {
	const char *name;
	short c256, c8;
	bool light;
} colours[] = {
	{"red", 160, COLOR_RED, false},	     {"blue", 26, COLOR_BLUE, false},
	{"green", 28, COLOR_GREEN, false},   {"yellow", 178, COLOR_YELLOW, true},
	{"cyan", 37, COLOR_CYAN, true},	     {"magenta", 127, COLOR_MAGENTA, false},
	{"purple", 91, COLOR_MAGENTA, false}, {"orange", 208, COLOR_YELLOW, true},
	{"brown", 130, COLOR_YELLOW, false}, {"white", 255, COLOR_WHITE, true},
	{"black", 235, COLOR_BLACK, false},  {"grey", 245, COLOR_WHITE, true},
	{"gray", 245, COLOR_WHITE, true},    {"gold", 220, COLOR_YELLOW, true},
};

bool tui_colour_by_name(const char *name, int ncolours, short *colour)
{
	for (size_t i = 0; name && i < sizeof colours / sizeof colours[0]; i++)
		if (!strcasecmp(name, colours[i].name)) {
			*colour = ncolours >= 256 ? colours[i].c256 : colours[i].c8;
			return true;
		}
	return false;
}

bool tui_colour_is_light(const char *name)
{
	for (size_t i = 0; name && i < sizeof colours / sizeof colours[0]; i++)
		if (!strcasecmp(name, colours[i].name))
			return colours[i].light;
	return false;
}
