/* glyphs.c — characters and colours of the map (see glyphs.h). */
#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "glyphs.h"

void tui_glyphs_init(struct tui_glyphs *gl, bool utf8)
{
	/* clear woods broken marsh impassable major-river rocky-river-bed */
	static const wchar_t terrain_u[TT_COUNT] = {
		L'\u00b7', L'\u2663', L'\u2234', L'\u2248', L'\u2593',
		L'\u2261', L'\u2237'};
	static const wchar_t terrain_a[TT_COUNT] = {'.', '&', '%', '~',
						    '#', ';', '@'};
	/* NE E SE SW W NW */
	static const wchar_t facing_u[FACING_COUNT] = {
		L'\u2197', L'\u2192', L'\u2198', L'\u2199', L'\u2190', L'\u2196'};
	static const wchar_t facing_a[FACING_COUNT] = {'/', '>', '\\', '/', '<', '\\'};
	/* N ENE ESE S WSW WNW */
	static const wchar_t column_u[HEXSIDE_COUNT] = {
		L'\u2191', L'\u2197', L'\u2198', L'\u2193', L'\u2199', L'\u2196'};
	static const wchar_t column_a[HEXSIDE_COUNT] = {'^', '/', '\\', 'v', '/', '\\'};
	/* river stream rampart Roman-road dirt-road wall steep-bank */
	static const wchar_t feature_u[TF_COUNT] = {
		L'\u224b', L'\u223f', L'\u25ae', L'\u25aa', L'\u25ab',
		L'\u25a0', L'\u2227'};
	static const wchar_t feature_a[TF_COUNT] = {'"', ':', '|', '=',
						    '-', '[', '_'};
	gl->utf8 = utf8;
	memcpy(gl->terrain, utf8 ? terrain_u : terrain_a, sizeof gl->terrain);
	memcpy(gl->facing, utf8 ? facing_u : facing_a, sizeof gl->facing);
	memcpy(gl->column, utf8 ? column_u : column_a, sizeof gl->column);
	memcpy(gl->feature, utf8 ? feature_u : feature_a, sizeof gl->feature);
	gl->leader = utf8 ? L'\u2605' : '*';
	gl->range = utf8 ? L'\u2218' : 'o';
	gl->zoc = utf8 ? L'\u00d7' : 'x';
	gl->border = utf8 ? L'\u2502' : '|';
	/* superscript 0-9: a step's cost, told from a level by its shape */
	static const wchar_t raised_u[10] = {
		L'\u2070', L'\u00b9', L'\u00b2', L'\u00b3', L'\u2074',
		L'\u2075', L'\u2076', L'\u2077', L'\u2078', L'\u2079'};
	if (utf8)
		memcpy(gl->raised, raised_u, sizeof gl->raised);
	else
		memset(gl->raised, 0, sizeof gl->raised);
	gl->off_map = ' ';
}

const char *tui_feature_name(enum tui_feature f)
{
	static const char *const names[TF_COUNT] = {
		"river",     "stream",	 "camp rampart", "Roman road",
		"dirt road", "city wall", "steep bank"};
	return (unsigned)f < TF_COUNT ? names[f] : "";
}

int tui_terrain_slot(const char *name)
{
	/* gl->terrain's order */
	static const char *const names[TT_COUNT] = {
		"clear",      "woods",	     "broken",	       "marsh",
		"impassable", "major river", "rocky river bed"};
	for (int t = 0; name && t < TT_COUNT; t++)
		if (!strcmp(name, names[t]))
			return t;
	return 0;
}

enum tui_feature tui_feature_slot(const char *name)
{
	for (int f = 0; name && f < TF_COUNT; f++)
		if (!strcmp(name, tui_feature_name((enum tui_feature)f)))
			return (enum tui_feature)f;
	return TF_NONE;
}

enum tui_feature tui_first_feature(unsigned bits, const enum tui_feature *slot)
{
	for (int k = 0; k < 16; k++)
		if (bits & (1u << k))
			return slot[k];
	return TF_NONE;
}

int tui_side_cells(enum hexside d, int line[2], int col[2])
{
	switch (d) {
	case SIDE_N:
	case SIDE_S:
		line[0] = line[1] = d == SIDE_N ? 0 : 1;
		col[0] = 1;
		col[1] = 2;
		return 2;
	case SIDE_ENE:
	case SIDE_WNW:
		line[0] = 0;
		col[0] = d == SIDE_ENE ? 3 : 0;
		return 1;
	case SIDE_ESE:
	case SIDE_WSW:
		line[0] = 1;
		col[0] = d == SIDE_ESE ? 3 : 0;
		return 1;
	default:
		return 0;
	}
}

/* One glyph in the locale's multibyte form ('?' when it has none). */
static const char *glyph_mb(wchar_t w, char out[16])
{
	mbstate_t st;
	memset(&st, 0, sizeof st);
	size_t k = wcrtomb(out, w, &st);
	if (k == (size_t)-1 || k >= 16)
		k = (size_t)snprintf(out, 16, "?");
	out[k] = '\0';
	return out;
}

bool tui_legend_line(const struct tui_glyphs *gl, int i, char *buf, size_t n)
{
	char a[16], b[16], c[16], d[16], e[16];
	const wchar_t *t = gl->terrain, *f = gl->feature;
	switch (i) {
	case 0:
		snprintf(buf, n, "map legend");
		return true;
	case 1:
		snprintf(buf, n, "  %s clear  %s woods  %s broken  %s marsh  "
			 "%s impassable  1-9 level",
			 glyph_mb(t[TT_CLEAR], a), glyph_mb(t[TT_WOODS], b),
			 glyph_mb(t[TT_BROKEN], c), glyph_mb(t[TT_MARSH], d),
			 glyph_mb(t[TT_IMPASSABLE], e));
		return true;
	case 2:
		snprintf(buf, n, "  %s stream  %s river  %s camp rampart  "
			 "%s Roman road  %s dirt road",
			 glyph_mb(f[TF_STREAM], a), glyph_mb(f[TF_RIVER], b),
			 glyph_mb(f[TF_RAMPART], c), glyph_mb(f[TF_ROMAN_ROAD], d),
			 glyph_mb(f[TF_DIRT_ROAD], e));
		return true;
	case TUI_LEGEND_GBA_LINE: /* GBA 6.26, 6.29 */
		snprintf(buf, n, "  %s major river  %s rocky river bed  "
			 "%s city wall  %s steep bank",
			 glyph_mb(t[TT_MAJOR_RIVER], a),
			 glyph_mb(t[TT_ROCKY_RIVER_BED], b),
			 glyph_mb(f[TF_WALL], c), glyph_mb(f[TF_STEEP_BANK], d));
		return true;
	case 4:
		snprintf(buf, n, "  a hexside feature shows at the edge of both "
			 "hexes it divides:");
		return true;
	case 5:
		snprintf(buf, n, "  N, S mid top, bottom line; WNW, WSW left end; "
			 "ENE, ESE right end");
		return true;
	default:
		return false;
	}
}

__attribute__((format(printf, 2, 3))) static void
legend_add(struct tui_legend *l, const char *fmt, ...)
{
	if (l->n >= TUI_LEGEND_LINES)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(l->line[l->n++], TUI_LEGEND_W, fmt, ap);
	va_end(ap);
}

/* Whether c is new to set (a string of at most 63 characters): then it
 * joins it.  '\0', or a full set, is never new. */
static bool first_seen(char set[64], char c)
{
	size_t k = strlen(set);
	if (!c || strchr(set, c) || k >= 63)
		return false;
	set[k] = c;
	set[k + 1] = '\0';
	return true;
}

/* Items "X words" two spaces apart, on as many lines as width needs,
 * each line after the lead (a new line starts with two spaces). */
struct legend_row {
	struct tui_legend *l;
	int width;
	char cur[TUI_LEGEND_W];
};

static void row_start(struct legend_row *r, struct tui_legend *l, int width,
		      const char *lead)
{
	r->l = l;
	r->width = width < 20 ? 20 : width >= TUI_LEGEND_W ? TUI_LEGEND_W - 1
							 : width;
	snprintf(r->cur, sizeof r->cur, "%s", lead);
}

static size_t mb_width(const char *s)
{
	size_t n = 0;
	for (; *s; s++)
		if (((unsigned char)*s & 0xc0) != 0x80)
			n++;
	return n;
}

static void row_item(struct legend_row *r, const char *item)
{
	size_t cl = mb_width(r->cur), il = mb_width(item);
	if (cl > 2 && cl + 2 + il > (size_t)r->width) {
		legend_add(r->l, "%s", r->cur);
		snprintf(r->cur, sizeof r->cur, "  ");
		cl = 2;
	}
	size_t len = strlen(r->cur);
	snprintf(r->cur + len, sizeof r->cur - len, "%s%s",
		 cl > 2 && r->cur[len - 1] != ' ' ? "  " : "", item);
}

static void row_end(struct legend_row *r)
{
	if (mb_width(r->cur) > 2)
		legend_add(r->l, "%s", r->cur);
}

/* GBA 6.26, 6.29: whether the map shows a river hex, a wall or a steep
 * bank (the legend's line for them is left out otherwise, so that its
 * first page keeps what follows) */
static bool shows_gba_ground(const struct map_view *mv)
{
	unsigned bits = 0;
	for (int k = 0; k < mv->nfeatures && k < 16; k++) {
		enum tui_feature f = tui_feature_slot(mv->features[k].name);
		if (f == TF_WALL || f == TF_STEEP_BANK)
			bits |= 1u << k;
	}
	for (int i = 0; i < mv->ncols * mv->nrows; i++) {
		const struct mv_hex *x = &mv->hexes[i];
		if (!x->on_map)
			continue;
		int t = x->terrain < mv->nterrain
				? tui_terrain_slot(mv->terrain[x->terrain].name)
				: TT_CLEAR;
		if (t == TT_MAJOR_RIVER || t == TT_ROCKY_RIVER_BED)
			return true;
		for (int d = 0; d < HEXSIDE_COUNT; d++)
			if (x->side[d] & bits)
				return true;
	}
	return false;
}

void tui_map_legend(const struct tui_glyphs *gl, const struct map_view *mv,
		    const struct mv_overlay *ovl, bool colour, bool outlined,
		    int width, struct tui_legend *out)
{
	char a[16], b[16], item[128];
	struct legend_row r;
	out->n = 0;
	legend_add(out, "map legend: what the map shows now");
	bool gba = !mv || shows_gba_ground(mv);
	for (int i = 1; tui_legend_line(gl, i, item, sizeof item); i++)
		if (i != TUI_LEGEND_GBA_LINE || gba)
			legend_add(out, "%s", item);
	if (outlined) {
		legend_add(out, "outlined hexes (+ for compact ones): a feature "
				"is drawn on its side of the outline,");
		legend_add(out, "  inside: the letter and facing; markers; "
				"hits/TQ or number; overlay and mode marks");
	}
	if (!mv)
		return;
	legend_add(out, "%s", "");
	/* the sides */
	for (int s = 0; s < 2; s++)
		legend_add(out, "side %d: %s, %s%s", s + 1, mv->side_name[s],
			   colour ? mv->side_colour[s] : "",
			   colour ? " counters"
			   : s	  ? "letters bold and underlined (no colour)"
				  : "letters bold (no colour)");
	/* the letters of the pieces on the map */
	row_start(&r, out, width, "units:");
	char seen[64] = "";
	for (int i = 0; i < mv->npieces; i++) {
		const struct mv_piece *p = &mv->pieces[i];
		if (p->leader || !first_seen(seen, p->glyph))
			continue;
		snprintf(item, sizeof item, "%c %s", p->glyph,
			 p->class_name ? p->class_name : "unit");
		row_item(&r, item);
	}
	row_end(&r);
	/* 7.11 facing marks, 6.73 column headings */
	row_start(&r, out, width, "facing:");
	for (int f = 0; f < FACING_COUNT; f++) {
		snprintf(item, sizeof item, "%s %s", glyph_mb(gl->facing[f], a),
			 facing_name((enum facing)f));
		row_item(&r, item);
	}
	row_item(&r, "(beside the letter, on the side it faces)");
	row_end(&r);
	row_start(&r, out, width, "in column, heading:");
	for (int d = 0; d < HEXSIDE_COUNT; d++) {
		snprintf(item, sizeof item, "%s %s", glyph_mb(gl->column[d], a),
			 hexside_name((enum hexside)d));
		row_item(&r, item);
	}
	row_end(&r);
	legend_add(out, "a two-hex unit: both hexes carry its letter, joined "
			"into one block");
	/* the markers on the map now */
	row_start(&r, out, width, "markers (line under the unit, + more):");
	char codes[64] = "";
	for (int i = 0; i < mv->npieces; i++)
		for (int k = 0; k < mv->pieces[i].nmarkers; k++) {
			const struct mv_marker *m = &mv->pieces[i].markers[k];
			if (!first_seen(codes, m->code))
				continue;
			snprintf(item, sizeof item, "%c %s", m->code,
				 m->name ? m->name : "?");
			row_item(&r, item);
		}
	if (!codes[0])
		row_item(&r, "none on the map now");
	row_end(&r);
	/* every leader's own mark */
	snprintf(item, sizeof item, "leaders (%s and mark; %s in a unit's "
		 "corner):", glyph_mb(gl->leader, a), glyph_mb(gl->leader, b));
	row_start(&r, out, width, item);
	for (int i = 0; i < mv->npieces; i++) {
		const struct mv_piece *p = &mv->pieces[i];
		if (!p->leader)
			continue;
		snprintf(item, sizeof item, "%s%c %s%s", glyph_mb(gl->leader, a),
			 p->mark, p->id, p->active ? " (active)" : "");
		row_item(&r, item);
	}
	row_end(&r);
	legend_add(out, "a digit in the corner: units in the stack (s); at "
			"the bottom hits/TQ (c), CCRR (#)");
	/* a step's MP as drawn: raised in UTF-8 (put_hl_mark) */
	legend_add(out, "mode marks, bottom row underlined: %s step (MP)  "
			"+ target  = line  ! must  ? may",
		   gl->raised[1] ? glyph_mb(gl->raised[1], a) : "1");
	/* the overlays */
	legend_add(out, "overlays: %s command range (r)  %s ZOC (Z), at the "
			"bottom left of a hex",
		   glyph_mb(gl->range, a), glyph_mb(gl->zoc, b));
	if (ovl && ovl->kind == MV_OVL_COMMAND_RANGE)
		legend_add(out, "  on now: the command range of %s, %d hexes",
			   ovl->who[0] ? ovl->who : "the active leader",
			   ovl->n);
	else if (ovl && ovl->kind == MV_OVL_ZOC)
		legend_add(out, "  on now: the zones of control of %s, %d hexes",
			   ovl->who, ovl->n);
}

bool tui_codeset_is_utf8(const char *codeset)
{
	return codeset && (!strcasecmp(codeset, "UTF-8") ||
			   !strcasecmp(codeset, "UTF8"));
}

bool tui_facing_mark_left(int facing, bool in_column)
{
	if (in_column)
		return facing == SIDE_WSW || facing == SIDE_WNW;
	return facing == FACE_SW || facing == FACE_W || facing == FACE_NW;
}

/* A name's colour on a terminal of 256 colours and on one of 8.  Red,
 * blue, green, cyan and magenta take the first eight there too: a
 * terminal selects those in 5 bytes (ESC [ 4 1 m), the others of the 256
 * in 11 (ESC [ 4 8 ; 5 ; 1 6 0 m), and a side's colour is the background
 * of every counter a step draws again; they follow the terminal's own
 * palette as its other text does. */
static const struct {
	const char *name;
	short c256, c8;
	bool light;
} colours[] = {
	{"red", COLOR_RED, COLOR_RED, false},
	{"blue", COLOR_BLUE, COLOR_BLUE, false},
	{"green", COLOR_GREEN, COLOR_GREEN, false},
	{"yellow", 178, COLOR_YELLOW, true},
	{"cyan", COLOR_CYAN, COLOR_CYAN, true},
	{"magenta", COLOR_MAGENTA, COLOR_MAGENTA, false},
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
