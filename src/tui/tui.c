/* tui.c — the ncursesw map view: a scrolling offset hex grid, a side panel
 * for the hex under the cursor, a status line, an overview and the key
 * help.  All view state lives in struct tui_view; the screen is drawn into
 * windows and sent with wnoutrefresh/doupdate, and a cursor step redraws
 * only the two cells it touches.
 *
 * The view plays the game through its session: the `:` command line and
 * the legal actions' list hand command lines to session_exec, exactly as a
 * script does (so the game file gets them the same way); the view never
 * changes the game itself.  After a command only the cells of the units
 * and leaders it changed are redrawn, with the panel, the status line and
 * the event log. */
#include <curses.h>
#include <langinfo.h>
#include <stdarg.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

#include "maniple/stopsig.h"
#include "maniple/tui.h"

#include "help.h"
#include "hint.h"
#include "replay.h"
#include "resume.h"
#include "seam.h"
#include "view.h"
#include "whoplays.h"

static bool take_view(struct tui_view *v);
/* The view's operations its modes reach through v->ops (view.h,
 * viewops.c): the bodies here, the table at the end of the file. */
static void tui_set_cursor_impl(struct tui_view *v, struct hex h);
static void tui_load_legal_impl(struct tui_view *v);
static void tui_exec_impl(struct tui_view *v, const char *text);
static void tui_game_moved_impl(struct tui_view *v);

/* ---- colours ---- */

static short new_pair(short *next, short fg, short bg)
{
	if (*next >= COLOR_PAIRS)
		return 0;
	init_pair(*next, fg, bg);
	return (*next)++;
}

static void palette_init(struct tui_palette *p, const struct map_view *mv,
			 int want)
{
	memset(p, 0, sizeof *p);
	const char *nc = getenv("NO_COLOR");
	if ((nc && nc[0]) || want == 0 || !has_colors())
		return;
	if (start_color() == ERR)
		return;
	use_default_colors();
	int avail = COLORS >= 256 ? 256 : COLORS >= 8 ? 8 : 0;
	p->ncolours = want > 0 && want < avail ? (want >= 256 ? 256 : 8) : avail;
	if (!p->ncolours)
		return;
	bool c256 = p->ncolours >= 256;
	short next = 1;
	/* Where one of the sixteen first colours will do (xterm's 7, 8, 10,
	 * 11, 13, 14, 9 are the 256-colour cube's 250ish, 244, 46, 226, 201,
	 * 51, 196), it is taken: a terminal selects those in 5 bytes
	 * (ESC [ 9 2 m), the others in 11 (ESC [ 3 8 ; 5 ; 4 6 m), and the
	 * map changes colour at almost every cell a step redraws.  Clear
	 * ground is drawn in the terminal's own colour (-1), as the panel's
	 * text is (p->plain): none to change between them, and readable on
	 * a light background too. */
	/* clear woods broken marsh impassable major-river rocky-river-bed */
	static const short fg256[TT_COUNT] = {-1, 34, 137, 38, 245, 27, 180};
	static const short fg8[TT_COUNT] = {COLOR_WHITE, COLOR_GREEN,
					    COLOR_YELLOW, COLOR_CYAN,
					    COLOR_WHITE, COLOR_BLUE,
					    COLOR_YELLOW};
	static const short bg256[LEVELS] = {-1, 236, 238, 240};
	for (int t = 0; t < TT_MAJOR_RIVER; t++)
		for (int l = 0; l < LEVELS; l++)
			p->terrain[t][l] = new_pair(&next, c256 ? fg256[t] : fg8[t],
						    c256 ? bg256[l] : -1);
	/* river stream rampart Roman-road dirt-road wall steep-bank */
	static const short ffg256[TF_COUNT] = {27, 39, 180, 178, 137, 250, 130};
	static const short ffg8[TF_COUNT] = {COLOR_BLUE,   COLOR_BLUE,
					     COLOR_WHITE,  COLOR_YELLOW,
					     COLOR_YELLOW, COLOR_WHITE,
					     COLOR_YELLOW};
	for (int f = 0; f < TF_WALL; f++)
		for (int l = 0; l < LEVELS; l++)
			p->feature[f][l] = new_pair(&next, c256 ? ffg256[f] : ffg8[f],
						    c256 ? bg256[l] : -1);
	for (int s = 0; s < 2; s++) {
		short c;
		const char *name = mv ? mv->side_colour[s] : NULL;
		if (!tui_colour_by_name(name, p->ncolours, &c))
			tui_colour_by_name(s ? "blue" : "red", p->ncolours, &c);
		bool light = tui_colour_is_light(name);
		short fg = light ? COLOR_BLACK : COLOR_WHITE;
		if (c256)
			fg = light ? 16 : 15;
		p->counter[s] = new_pair(&next, fg, c);
		p->leader[s] = new_pair(&next, c, -1);
	}
	p->plain = new_pair(&next, -1, -1);
	p->good = new_pair(&next, COLOR_GREEN, -1);
	p->warn = new_pair(&next, COLOR_YELLOW, -1);
	p->bad = new_pair(&next, COLOR_RED, -1);
	p->dim = new_pair(&next, c256 ? 8 : COLOR_WHITE, -1);
	/* HL_DEST HL_TARGET HL_LINE HL_MUST HL_MAY */
	static const short hl256[HL_KIND_COUNT] = {10, 13, 14, 9, 11};
	static const short hl8[HL_KIND_COUNT] = {COLOR_GREEN, COLOR_MAGENTA,
						 COLOR_CYAN, COLOR_RED,
						 COLOR_YELLOW};
	for (int k = 0; k < HL_KIND_COUNT; k++)
		p->hl[k] = new_pair(&next, c256 ? hl256[k] : hl8[k], -1);
	/* GBA's river hexes, walls and steep banks (GBA 6.26, 6.29) last:
	 * with 8 colours one pair each, their levels unshaded, so that an
	 * 8-colour terminal's 64 pairs hold every pair above them */
	for (int t = TT_MAJOR_RIVER; t < TT_COUNT; t++)
		for (int l = 0; l < LEVELS; l++)
			p->terrain[t][l] =
				c256 || l == 0
					? new_pair(&next,
						   c256 ? fg256[t] : fg8[t],
						   c256 ? bg256[l] : -1)
					: p->terrain[t][0];
	for (int f = TF_WALL; f < TF_COUNT; f++)
		for (int l = 0; l < LEVELS; l++)
			p->feature[f][l] =
				c256 || l == 0
					? new_pair(&next,
						   c256 ? ffg256[f] : ffg8[f],
						   c256 ? bg256[l] : -1)
					: p->feature[f][0];
}

/* The player's [colours] (config.c) over the pairs palette_init made. */
static void palette_config(struct tui_palette *p, const struct tui_config *c)
{
	int n = p->ncolours;
	if (!c || !n)
		return;
	for (int l = 0; l < LEVELS; l++) {
		for (int t = 0; t < TT_COUNT; t++) {
			tui_config_recolour(c, TCR_TERRAIN + t, p->terrain[t][l],
					    false, n);
			if (l > 0 && p->terrain[t][l] != p->terrain[t][0])
				tui_config_recolour(c, TCR_LEVEL1 + l - 1,
						    p->terrain[t][l], true, n);
		}
		for (int f = 0; f < TF_COUNT; f++) {
			tui_config_recolour(c, TCR_FEATURE + f, p->feature[f][l],
					    false, n);
			if (l > 0 && p->feature[f][l] != p->feature[f][0])
				tui_config_recolour(c, TCR_LEVEL1 + l - 1,
						    p->feature[f][l], true, n);
		}
	}
	for (int s = 0; s < 2; s++) {
		tui_config_recolour(c, TCR_SIDE1 + s, p->counter[s], true, n);
		tui_config_recolour(c, TCR_SIDE1 + s, p->leader[s], false, n);
	}
	tui_config_recolour(c, TCR_GOOD, p->good, false, n);
	tui_config_recolour(c, TCR_WARN, p->warn, false, n);
	tui_config_recolour(c, TCR_BAD, p->bad, false, n);
	tui_config_recolour(c, TCR_DIM, p->dim, false, n);
}

/* ---- one hex of the map ---- */

static void put(struct cellch *c, wchar_t ch, attr_t attr, short pair)
{
	c->ch = ch;
	c->attr = attr;
	c->pair = pair;
}

static attr_t counter_attr(const struct tui_view *v, int side)
{
	/* without colour the sides differ by underlining */
	if (!v->pal.ncolours && side == 1)
		return A_BOLD | A_UNDERLINE;
	return A_BOLD;
}

static short cohesion_pair(const struct tui_view *v, const struct mv_piece *p)
{
	/* hits against the quality they break at: none good, under half
	 * a warning, more the alarm */
	if (p->value == 0)
		return v->pal.good;
	if (p->value * 2 < p->max)
		return v->pal.warn;
	return v->pal.bad;
}

/* A hex's terrain as drawn: its glyph slot, its level's shade, the pair
 * and the glyph. */
struct hex_look {
	int t, lvl;
	short tp;
	wchar_t tg;
};

/* A hex's shade: its height above the map's own level, kept to the
 * palette's levels. */
static int level_shade(const struct map_view *mv, const struct mv_hex *mh)
{
	int l = mapview_height(mv, mh);
	return l < 0 ? 0 : l >= LEVELS ? LEVELS - 1 : l;
}

static struct hex_look hex_look(const struct tui_view *v,
				const struct mv_hex *mh)
{
	struct hex_look k;
	k.t = v->tslot[mh->terrain % MV_CLASSES_MAX];
	k.lvl = level_shade(v->mv, mh);
	k.tp = v->pal.terrain[k.t][k.lvl];
	k.tg = v->gl.terrain[k.t];
	return k;
}

/* A piece's facing mark (0: none) and whether it goes left of its
 * letter: a vertex, or a column's heading (a hexside). */
static wchar_t facing_mark(const struct tui_view *v, const struct mv_piece *p,
			   bool *left)
{
	bool side = p->face == MV_FACE_SIDE;
	*left = tui_facing_mark_left(p->facing, side);
	if (p->face == MV_FACE_NONE)
		return 0;
	return side ? v->gl.column[(unsigned)p->facing % HEXSIDE_COUNT]
		    : v->gl.facing[(unsigned)p->facing % FACING_COUNT];
}

/* The overlay's mark on h, 0 when none; the highlight's mark, 0 when
 * none (the kind's own when it names none). */
static wchar_t overlay_mark(const struct tui_view *v, struct hex h)
{
	if (!v->ovl || !v->ovl->n || !mv_overlay_at(v->ovl, h))
		return 0;
	return v->ovl->kind == MV_OVL_ZOC ? v->gl.zoc : v->gl.range;
}

static wchar_t hl_mark(const struct tui_hl *hl)
{
	static const char marks[HL_KIND_COUNT] = {'*', '+', '=', '!', '?'};
	return hl->mark ? hl->mark : (wchar_t)marks[hl->kind];
}

/* A highlight's mark into the corner cell c of a hex whose ground is
 * drawn in pair tp.  A step's cost (6.21) is a raised digit in the
 * ground's colour where the glyphs have one (UTF-8): its shape tells it
 * from a level's digit, with colours or without, and the marks a step
 * moves cost no colour sequences (ESC [ 9 2 m and back, 10 bytes a
 * mark); any other mark, or a cost in ASCII, in the highlight's colour. */
static void put_hl_mark(const struct tui_view *v, const struct tui_hl *hl,
			short tp, struct cellch *c)
{
	wchar_t m = hl_mark(hl);
	if (hl->kind == HL_DEST && m >= '0' && m <= '9' &&
	    v->gl.raised[m - '0'])
		put(c, v->gl.raised[m - '0'], A_BOLD, tp);
	else
		put(c, m, A_BOLD, v->pal.hl[hl->kind]);
}

/* The hexside features of h, each drawn on the edge characters nearest
 * its side (tui_side_cells), the view-model's first (most important)
 * where a side has several; ch 0 where none. */
static void compose_features(const struct tui_view *v, const struct mv_hex *x,
			     int lvl, struct cellch f[2][4])
{
	memset(f, 0, sizeof(struct cellch[2][4]));
	for (int d = 0; d < HEXSIDE_COUNT; d++) {
		enum tui_feature k = tui_first_feature(x->side[d], v->fslot);
		int line[2], col[2];
		if (k == TF_NONE)
			continue;
		/* without colour water and rampart stand out in bold */
		attr_t a = k <= TF_RAMPART ? A_BOLD : 0;
		for (int i = tui_side_cells((enum hexside)d, line, col); i-- > 0;) {
			/* no two sides share an edge character */
			put(&f[line[i]][col[i]], v->gl.feature[k], a,
			    v->pal.feature[k][lvl]);
		}
	}
}

static void compose_unit(const struct tui_view *v, struct hex h,
			 const struct mv_piece *u, int nu, int nl,
			 struct cellch c[2][4], short tpair, wchar_t tglyph,
			 const struct cellch feat[2][4])
{
	short cp = v->pal.counter[u->side ? 1 : 0];
	attr_t ca = counter_attr(v, u->side ? 1 : 0);
	put(&c[0][1], (wchar_t)u->glyph, ca, cp);
	put(&c[0][2], ' ', ca, cp);
	put(&c[0][3], ' ', ca, cp);
	bool left;
	wchar_t mark = facing_mark(v, u, &left);
	if (mark)
		put(&c[0][left ? 0 : 2], mark, ca, cp);
	if (nl > 0)
		put(&c[0][3], v->gl.leader, ca, cp);
	else if (v->ovl_stack && nu > 1)
		put(&c[0][3], (wchar_t)('0' + (nu > 9 ? 9 : nu)), ca, cp);

	/* bottom line: markers, or an overlay */
	char codes[12];
	int nc = mapview_marker_codes(u, codes, sizeof codes);
	put(&c[1][0], tglyph == v->gl.terrain[TT_CLEAR] ? L' ' : tglyph, 0,
	    tpair);
	if (feat[1][0].ch)
		c[1][0] = feat[1][0];
	for (int i = 0; i < 3; i++) {
		char ch = i < nc ? codes[i] : ' ';
		if (i == 2 && nc > 3)
			ch = '+';
		if (ch == ' ' && feat[1][1 + i].ch)
			c[1][1 + i] = feat[1][1 + i];
		else
			put(&c[1][1 + i], (wchar_t)ch, A_BOLD,
			    u->routed ? v->pal.bad : tpair);
	}
	if (v->ovl_stack && nu > 1 && nl > 0)
		put(&c[1][0], (wchar_t)('0' + (nu > 9 ? 9 : nu)), A_BOLD, tpair);
	if (v->ovl_cohesion && u->gauge != MV_GAUGE_NONE) {
		char txt[16];
		snprintf(txt, sizeof txt, "%d/%d", u->value, u->max);
		size_t len = strlen(txt) > 4 ? 4 : strlen(txt);
		for (int i = 0; i < 4; i++) {
			if ((size_t)i < len)
				put(&c[1][i], (wchar_t)txt[i], A_BOLD,
				    cohesion_pair(v, u));
			else if (i == 3)
				put(&c[1][3], (wchar_t)(nc ? codes[0] : ' '),
				    A_BOLD, u->routed ? v->pal.bad : tpair);
		}
	} else if (v->ovl_hexnum) {
		char num[8];
		hex_format(h, num, sizeof num);
		for (int i = 0; i < 4; i++)
			put(&c[1][i], (wchar_t)(num[i] ? num[i] : ' '), 0, v->pal.dim);
	}

	/* a two-hex unit is one piece: join its halves' counters */
	if (!hex_is_none(u->hex[1])) {
		struct hex other = hex_eq(u->hex[0], h) ? u->hex[1] : u->hex[0];
		int d = hex_direction_to(h, other);
		if (d == SIDE_S || d == SIDE_ESE)
			for (int i = 1; i < 4; i++)
				c[1][i].pair = cp, c[1][i].attr |= ca;
		else if (d == SIDE_WNW)
			c[0][0].pair = cp, c[0][0].attr |= ca;
		else if (d == SIDE_WSW)
			for (int i = 0; i < 4; i++)
				c[1][i].pair = cp, c[1][i].attr |= ca;
	}
}

static void compose_cell(const struct tui_view *v, struct hex h, bool cursor,
			 struct cellch c[2][4])
{
	const struct mv_hex *mh = mapview_hex(v->mv, h);
	for (int j = 0; j < 2; j++)
		for (int i = 0; i < 4; i++)
			put(&c[j][i], v->gl.off_map, 0, 0);
	if (!mh)
		return;
	struct hex_look look = hex_look(v, mh);
	int t = look.t, lvl = look.lvl;
	short tp = look.tp;
	wchar_t tg = look.tg;
	for (int j = 0; j < 2; j++)
		for (int i = 0; i < 4; i++)
			put(&c[j][i], ' ', 0, tp);
	put(&c[0][1], tg, 0, tp);
	if (t != TT_CLEAR)
		put(&c[1][2], tg, 0, tp);
	/* hexside features over the terrain glyphs, not over the level */
	struct cellch feat[2][4];
	compose_features(v, mh, lvl, feat);
	for (int j = 0; j < 2; j++)
		for (int i = 0; i < 4; i++)
			if (feat[j][i].ch)
				c[j][i] = feat[j][i];
	if (mapview_height(v->mv, mh) != 0)
		put(&c[1][3], (wchar_t)('0' + (mh->level > 9 ? 9 : mh->level)),
		    0, tp);

	int u[TUI_PIECES_MAX], l[TUI_PIECES_MAX];
	int nu = mapview_pieces_at(v->mv, h, false, u, TUI_PIECES_MAX);
	int nl = mapview_pieces_at(v->mv, h, true, l, TUI_PIECES_MAX);
	if (nu > 0) {
		compose_unit(v, h, &v->mv->pieces[u[0]], nu, nl, c, tp, tg,
			     (const struct cellch(*)[4])feat);
	} else {
		if (nl > 0) {
			const struct mv_piece *p = &v->mv->pieces[l[0]];
			short lp = v->pal.leader[p->side ? 1 : 0];
			attr_t la = counter_attr(v, p->side ? 1 : 0);
			put(&c[0][1], v->gl.leader, la, lp);
			char initial = p->mark; /* his own (mapview.h) */
			if (initial <= ' ' || initial >= 127)
				initial = '?';
			put(&c[0][2], (wchar_t)initial, la, lp);
			if (v->ovl_stack && nl > 1)
				put(&c[0][3], (wchar_t)('0' + (nl > 9 ? 9 : nl)), la, lp);
		}
		if (v->ovl_hexnum) {
			char num[8];
			hex_format(h, num, sizeof num);
			for (int i = 0; i < 4; i++)
				put(&c[1][i], (wchar_t)(num[i] ? num[i] : ' '), 0,
				    v->pal.dim);
		}
	}
	wchar_t om = overlay_mark(v, h);
	if (om) /* the bottom left: over the terrain, never a unit's marks */
		put(&c[1][0], om, A_BOLD, v->pal.hl[HL_LINE]);
	const struct tui_hl *hl = tui_hl_at(v, h);
	if (hl) {
		/* the mark in the corner, the bottom row underlined */
		put_hl_mark(v, hl, tp, &c[1][3]);
		for (int i = 0; i < 4; i++)
			c[1][i].attr |= A_UNDERLINE;
	}
	if (cursor)
		for (int j = 0; j < 2; j++)
			for (int i = 0; i < 4; i++)
				c[j][i].attr |= A_REVERSE;
}

static void put_wch(WINDOW *w, int y, int x, const struct cellch *c)
{
	cchar_t cc;
	wchar_t s[2] = {c->ch, L'\0'};
	if (setcchar(&cc, s, c->attr, c->pair, NULL) == OK)
		mvwadd_wch(w, y, x, &cc);
}

/* ---- one hex, outlined (layout.h TUI_OUTLINED) ----
 * The 8x5 cell of a hex: its outline (shared with its neighbours, who
 * draw the same characters), three lines inside.  Characters with ch 0
 * belong to a neighbour's inside and are not drawn:
 *
 *     ..____..      row 0: the N side
 *     ./    \.      row 1: WNW, ENE; inside x2-5
 *     /      \      row 2: WNW, ENE; inside x1-6
 *     \      /      row 3: WSW, ESE; inside x1-6
 *     .\____/.      row 4: WSW, the S side, ESE
 */
enum { OW = TUI_OUT_CELL_W, OH = TUI_OUT_CELL_H };

/* The outline characters of side d: returns how many (at most 4). */
static int outline_side(enum hexside d, int xs[4], int ys[4])
{
	static const signed char pos[HEXSIDE_COUNT][4][2] = {
		[SIDE_N] = {{2, 0}, {3, 0}, {4, 0}, {5, 0}},
		[SIDE_S] = {{2, 4}, {3, 4}, {4, 4}, {5, 4}},
		[SIDE_WNW] = {{1, 1}, {0, 2}, {-1, -1}, {-1, -1}},
		[SIDE_ENE] = {{6, 1}, {7, 2}, {-1, -1}, {-1, -1}},
		[SIDE_WSW] = {{0, 3}, {1, 4}, {-1, -1}, {-1, -1}},
		[SIDE_ESE] = {{7, 3}, {6, 4}, {-1, -1}, {-1, -1}},
	};
	int n = 0;
	if ((unsigned)d >= HEXSIDE_COUNT)
		return 0;
	for (int i = 0; i < 4 && pos[d][i][0] >= 0; i++, n++) {
		xs[n] = pos[d][i][0];
		ys[n] = pos[d][i][1];
	}
	return n;
}

static void compose_outlined(const struct tui_view *v, struct hex h,
			     struct cellch c[OH][OW])
{
	static const char shape[OH][OW + 1] = {
		"  ____  ", " /    \\ ", "/      \\", "\\      /", " \\____/ "};
	const struct mv_hex *mh = mapview_hex(v->mv, h);
	memset(c, 0, sizeof(struct cellch[OH][OW]));
	if (!mh) {
		/* off the map: only what its neighbours on the map do not
		 * draw, blank */
		for (int j = 1; j < 4; j++)
			for (int i = j == 1 ? 2 : 1; i < (j == 1 ? 6 : 7); i++)
				put(&c[j][i], v->gl.off_map, 0, 0);
		return;
	}
	struct hex_look look = hex_look(v, mh);
	int t = look.t, lvl = look.lvl;
	short tp = look.tp;
	wchar_t tg = look.tg;
	for (int j = 0; j < OH; j++)
		for (int i = 0; i < OW; i++) {
			char k = shape[j][i];
			bool inside = (j == 1 && i >= 2 && i <= 5) ||
				      ((j == 2 || j == 3) && i >= 1 && i <= 6);
			if (k != ' ')
				put(&c[j][i], (wchar_t)k, 0, v->pal.dim);
			else if (inside)
				put(&c[j][i], ' ', 0, tp);
		}
	/* hexside features on the outline itself */
	for (int d = 0; d < HEXSIDE_COUNT; d++) {
		enum tui_feature k = tui_first_feature(mh->side[d], v->fslot);
		int xs[4], ys[4];
		if (k == TF_NONE)
			continue;
		attr_t a = k <= TF_RAMPART ? A_BOLD : 0;
		for (int i = outline_side((enum hexside)d, xs, ys); i-- > 0;)
			put(&c[ys[i]][xs[i]], v->gl.feature[k], a,
			    v->pal.feature[k][lvl]);
	}
	if (t != TT_CLEAR) /* clear is the rule: no glyph but the one */
		put(&c[2][1], tg, 0, tp), put(&c[3][6], tg, 0, tp);
	if (mapview_height(v->mv, mh) != 0)
		put(&c[2][6], (wchar_t)('0' + (mh->level > 9 ? 9 : mh->level)),
		    0, tp);

	int u[TUI_PIECES_MAX], l[TUI_PIECES_MAX];
	int nu = mapview_pieces_at(v->mv, h, false, u, TUI_PIECES_MAX);
	int nl = mapview_pieces_at(v->mv, h, true, l, TUI_PIECES_MAX);
	if (nu > 0) {
		const struct mv_piece *p = &v->mv->pieces[u[0]];
		short cp = v->pal.counter[p->side ? 1 : 0];
		attr_t ca = counter_attr(v, p->side ? 1 : 0);
		for (int i = 2; i <= 5; i++)
			put(&c[1][i], ' ', ca, cp);
		put(&c[1][3], (wchar_t)p->glyph, ca, cp);
		bool left;
		wchar_t mark = facing_mark(v, p, &left);
		if (mark)
			put(&c[1][left ? 2 : 4], mark, ca, cp);
		if (nl > 0)
			put(&c[1][5], v->gl.leader, ca, cp);
		else if (v->ovl_stack && nu > 1)
			put(&c[1][5], (wchar_t)('0' + (nu > 9 ? 9 : nu)), ca, cp);
		/* markers: three codes, + for more */
		char codes[16];
		int ncodes = mapview_marker_codes(p, codes, sizeof codes);
		for (int i = 0; i < 3 && i < ncodes; i++)
			put(&c[2][2 + i],
			    (wchar_t)(i == 2 && ncodes > 3 ? '+' : codes[i]),
			    A_BOLD, p->routed ? v->pal.bad : tp);
		if (v->ovl_stack && nu > 1 && nl > 0)
			put(&c[2][5], (wchar_t)('0' + (nu > 9 ? 9 : nu)), A_BOLD,
			    tp);
		if (v->ovl_cohesion && p->gauge != MV_GAUGE_NONE) {
			char txt[16];
			snprintf(txt, sizeof txt, "%d/%d", p->value, p->max);
			for (int i = 0; i < 4 && txt[i]; i++)
				put(&c[3][2 + i], (wchar_t)txt[i], A_BOLD,
				    cohesion_pair(v, p));
		}
		/* a two-hex unit is one piece: no outline between its
		 * halves */
		if (!hex_is_none(p->hex[1])) {
			struct hex other =
				hex_eq(p->hex[0], h) ? p->hex[1] : p->hex[0];
			int xs[4], ys[4];
			for (int i = outline_side(hex_direction_to(h, other), xs,
						  ys);
			     i-- > 0;)
				put(&c[ys[i]][xs[i]], ' ', ca, cp);
		}
	} else if (nl > 0) {
		const struct mv_piece *p = &v->mv->pieces[l[0]];
		short lp = v->pal.leader[p->side ? 1 : 0];
		attr_t la = counter_attr(v, p->side ? 1 : 0);
		put(&c[1][3], v->gl.leader, la, lp);
		put(&c[1][4], (wchar_t)(p->mark ? p->mark : '?'), la, lp);
		if (v->ovl_stack && nl > 1)
			put(&c[1][5], (wchar_t)('0' + (nl > 9 ? 9 : nl)), la, lp);
	} else {
		put(&c[1][3], tg, 0, tp);
	}
	if (v->ovl_hexnum && !(nu > 0 && v->ovl_cohesion)) {
		char num[8];
		hex_format(h, num, sizeof num);
		for (int i = 0; i < 4; i++)
			put(&c[3][2 + i], (wchar_t)(num[i] ? num[i] : ' '), 0,
			    v->pal.dim);
	}
	wchar_t om = overlay_mark(v, h);
	if (om)
		put(&c[3][1], om, A_BOLD, v->pal.hl[HL_LINE]);
	const struct tui_hl *hl = tui_hl_at(v, h);
	if (hl) {
		put_hl_mark(v, hl, tp, &c[3][6]);
		for (int i = 1; i <= 6; i++)
			c[3][i].attr |= A_UNDERLINE;
	}
}

/* One character of a hex's cell into the map window.  With 256
 * colours the colours tell the pieces, marks and highlights apart by
 * themselves; bold and underline, there for terminals with fewer
 * colours or none, would cost a whole SGR sequence and the colours
 * again at each change (ncurses sends sgr for any attribute switched
 * off), a step's bytes several times over. */
static void put_cell(const struct tui_view *v, int y, int x, struct cellch c)
{
	if (v->pal.ncolours >= 256)
		c.attr &= ~(attr_t)(A_BOLD | A_UNDERLINE);
	put_wch(v->wmap, y, x, &c);
}

static void draw_cell(struct tui_view *v, struct hex h)
{
	int x, y;
	struct cellch c[2][4];
	if (!viewport_touches(&v->vp, h))
		return;
	if (v->vp.detail == TUI_OUTLINED) {
		struct cellch o[OH][OW];
		compose_outlined(v, h, o);
		viewport_cell(&v->vp, h, &x, &y);
		for (int j = 0; j < OH; j++)
			for (int i = 0; i < OW; i++)
				if (o[j][i].ch && x + i >= 0 && x + i < v->vp.w &&
				    y + j >= 0 && y + j < v->vp.h)
					put_cell(v, y + j, x + i, o[j][i]);
		return;
	}
	/* the cursor is the terminal's own (place_map_cursor) */
	compose_cell(v, h, false, c);
	viewport_cell(&v->vp, h, &x, &y);
	for (int j = 0; j < 2; j++)
		for (int i = 0; i < 4; i++)
			if (x + i >= 0 && x + i < v->vp.w && y + j >= 0 &&
			    y + j < v->vp.h)
				put_cell(v, y + j, x + i, c[j][i]);
}

static void draw_map(struct tui_view *v)
{
	werase(v->wmap);
	int cols = viewport_cols(&v->vp) + 1;
	int rows = viewport_rows(&v->vp) + 2;
	for (int c = v->vp.col0; c <= v->vp.col0 + cols; c++)
		for (int r = v->vp.row0 - 1; r <= v->vp.row0 + rows; r++)
			draw_cell(v, (struct hex){c, r});
}

/* ---- the overview ---- */

static void draw_overview(struct tui_view *v)
{
	const struct map_view *m = v->mv;
	int cpc, rpl;
	werase(v->wmap);
	overview_scale(m->ncols, m->nrows, v->vp.w, v->vp.h - 1, &cpc, &rpl);
	wattrset(v->wmap, A_BOLD);
	mvwprintw(v->wmap, 0, 0, "overview %dx%d hexes, %d col x %d row each",
		  m->ncols, m->nrows, cpc, rpl);
	wattrset(v->wmap, A_NORMAL);
	for (int y = 0; y + 1 < v->vp.h && m->row_min + y * rpl <= m->row_max; y++)
		for (int x = 0; x < v->vp.w && m->col_min + x * cpc <= m->col_max;
		     x++) {
			struct cellch best = {' ', 0, 0};
			int best_rank = -1;
			bool cur = false;
			for (int dc = 0; dc < cpc; dc++)
				for (int dr = 0; dr < rpl; dr++) {
					struct hex h = {m->col_min + x * cpc + dc,
							m->row_min + y * rpl + dr};
					const struct mv_hex *mh = mapview_hex(m, h);
					if (!mh)
						continue;
					if (hex_eq(h, v->cursor))
						cur = true;
					int k;
					int t = v->tslot[mh->terrain % MV_CLASSES_MAX];
					int lvl = level_shade(m, mh);
					int rank;
					struct cellch cand;
					if (mapview_pieces_at(m, h, false, &k, 1)) {
						const struct mv_piece *p = &m->pieces[k];
						rank = 100;
						put(&cand, (wchar_t)p->glyph,
						    counter_attr(v, p->side),
						    v->pal.counter[p->side ? 1 : 0]);
					} else if (mapview_pieces_at(m, h, true, &k, 1)) {
						rank = 90;
						put(&cand, v->gl.leader, A_BOLD,
						    v->pal.leader[m->pieces[k].side ? 1 : 0]);
					} else {
						rank = t * LEVELS + lvl;
						put(&cand, v->gl.terrain[t], 0,
						    v->pal.terrain[t][lvl]);
					}
					if (rank > best_rank)
						best_rank = rank, best = cand;
				}
			if (cur)
				best.attr |= A_REVERSE;
			put_wch(v->wmap, y + 1, x, &best);
		}
}

/* ---- panel, status, help ---- */

static void draw_panel(struct tui_view *v)
{
	WINDOW *w = v->wpanel;
	int h = v->lay.panel_h, width = v->lay.panel_w - 2;
	if (shockui_draw_panel(v, w, h, width)) /* P: leaders, sequence */
		return;
	werase(w);
	for (int y = 0; y < h; y++) {
		cchar_t cc;
		wchar_t s[2] = {v->gl.border, L'\0'};
		if (setcchar(&cc, s, A_NORMAL, v->pal.dim, NULL) == OK)
			mvwadd_wch(w, y, 0, &cc);
	}
	panel_describe_view(v->mv, v->s, v->cursor, width, &v->ptext,
			    &v->panel);
	tui_order_panel(v, width, &v->panel); /* the step's preview on top */
	char more[40];
	int rows = tui_panel_window(v, v->panel.n, h, more, sizeof more);
	for (int y = 0; y < rows && v->panel_top + y < v->panel.n; y++) {
		int i = v->panel_top + y;
		bool head = i == 0 || (i > 0 && v->panel.line[i - 1][0] == '\0');
		wattrset(w, head ? A_BOLD : A_NORMAL);
		mvwaddnstr(w, y, 2, v->panel.line[i], width);
	}
	wattrset(w, A_NORMAL);
	if (more[0])
		mvwaddnstr(w, h - 1, 2, more, width);
}

/* The `:` line on the status bar's second line, scrolled sideways to
 * keep the cursor in view; returns the cursor's column. */
static int draw_cmdline(struct tui_view *v, WINDOW *w)
{
	const struct tui_cmdline *c = &v->cl;
	int room = v->lay.w - 2; /* after the ':' and before the last column */
	int off = c->pos > room ? c->pos - room : 0;
	mvwaddch(w, 1, 0, ':');
	waddnstr(w, c->buf + off, room < c->len - off ? room : c->len - off);
	return 1 + c->pos - off;
}

/* The columns of UTF-8 text s's first len bytes. */
static int columns(const char *s, size_t len)
{
	int cols = 0;
	for (size_t i = 0; i < len; i++)
		cols += ((unsigned char)s[i] & 0xC0) != 0x80;
	return cols;
}

/* The bytes of s that fill at most cols columns, cut after a word when
 * one ends in them. */
static size_t fit(const char *s, int cols)
{
	size_t i = 0, space = 0;
	int c = 0;
	while (s[i] && c < cols) {
		if (s[i] == ' ')
			space = i;
		i++;
		while (((unsigned char)s[i] & 0xC0) == 0x80)
			i++;
		c++;
	}
	return s[i] && space ? space : i;
}

/* A message wider than the screen.  When the status line would say what
 * the player saw there last (a refusal changed nothing, a step or a turn
 * keeps the decision) the message takes both rows of the status bar,
 * folded at a space, and the next key brings the status line back;
 * otherwise (a new decision, a new phase) the status line keeps its row
 * and the message the row below.  What its rows cannot hold ends in a
 * pointer to the result key (^P: the message whole in the reading pane;
 * the log holds it too).  false when it fits on one row. */
static bool draw_long_message(struct tui_view *v, WINDOW *w, bool seen)
{
	const char *m = v->message;
	int width = v->lay.w;
	if (columns(m, strlen(m)) <= width)
		return false;
	/* the rest: the result key opens it whole (reading.h), the log
	 * holds it too */
	char tail[64];
	const char *more = tui_cmd_key(&v->keys, TC_RESULT);
	const char *log = tui_cmd_key(&v->keys, TC_LOG);
	if (more)
		snprintf(tail, sizeof tail, " ... (more: %s)", more);
	else
		snprintf(tail, sizeof tail, " ... (whole in the log%s%s)",
			 log ? ": " : "", log ? log : "");
	if (seen) {
		size_t a = fit(m, width);
		wmove(w, 0, 0);
		wclrtoeol(w);
		mvwaddnstr(w, 0, 0, m, (int)a);
		m += a + (m[a] == ' ');
		if (columns(m, strlen(m)) <= width) {
			mvwaddstr(w, 1, 0, m);
			return true;
		}
	}
	size_t b = fit(m, width - (int)strlen(tail));
	mvwaddnstr(w, 1, 0, m, (int)b);
	waddstr(w, tail);
	return true;
}

/* The last " | " of s, or NULL. */
static char *strrstr_bar(char *s)
{
	char *last = NULL;
	for (char *p = strstr(s, " | "); p; p = strstr(p + 1, " | "))
		last = p;
	return last;
}

/* Whether the game waits for nobody's decision, only for `continue`
 * (3.0), while nobody's box or prompt is up. */
static bool waits_for_nobody(const struct tui_view *v)
{
	if (!tui_has_game(v->s))
		return false;
	struct play_view pv;
	tui_play_view(v->s, &pv, false);
	return !pv.over && pv.side < 0 && !strcmp(pv.step, "none");
}

static void draw_status(struct tui_view *v)
{
	WINDOW *w = v->wstatus;
	char buf[512];
	werase(w);
	wattrset(w, A_REVERSE);
	mvwhline(w, 0, 0, ' ', v->lay.w);
	bool seen = !strcmp(v->status, v->status_seen);
	/* the computer thinking (the message row), or waiting (the top
	 * row's end): aiplay.h */
	char ai[160];
	bool thinking = aiplay_status(v, ai, sizeof ai, v->lay.w);
	if (v->cl.open && v->completions[0]) {
		mvwaddnstr(w, 0, 0, v->completions, v->lay.w);
	} else {
		/* too wide: its last parts go whole (the battle, then the
		 * phase; the P panel's sequence has them), the decision
		 * pending first of all stays */
		char shown[sizeof v->status];
		snprintf(shown, sizeof shown, "%s", v->status);
		char *bar;
		while (columns(shown, strlen(shown)) > v->lay.w &&
		       (bar = strrstr_bar(shown)))
			*bar = '\0';
		mvwaddnstr(w, 0, 0, shown, v->lay.w);
		snprintf(v->status_seen, sizeof v->status_seen, "%s", v->status);
		int len = (int)strlen(ai);
		if (!thinking && len && len + 2 < v->lay.w)
			mvwaddstr(w, 0, v->lay.w - len - 1, ai);
	}
	wattrset(w, A_NORMAL);
	if (v->cl.open) {
		draw_cmdline(v, w);
		return;
	}
	if (v->goto_active) {
		char shown[5];
		for (int i = 0; i < 4; i++)
			shown[i] = i < v->goto_len ? v->goto_buf[i] : '_';
		shown[4] = '\0';
		snprintf(buf, sizeof buf,
			 "go to hex: %s   (four digits CCRR, Esc cancels)", shown);
	} else if (thinking) {
		snprintf(buf, sizeof buf, "%s", ai);
	} else if (v->message[0]) {
		if (draw_long_message(v, w, seen))
			return;
		snprintf(buf, sizeof buf, "%.500s", v->message); /* fits */
	} else if (v->mode == MODE_MAP &&
		   tui_order_key_line(v, buf, sizeof buf)) {
		/* Order or Line mode: the mover and its keys */
	} else if (v->mode == MODE_MAP &&
		   shockui_key_line(v, v->lay.w - 1, buf, sizeof buf)) {
		/* the Shock designation's keys */
	} else if (v->mode == MODE_OVERVIEW) {
		tui_overview_hint(&v->keys, buf, sizeof buf);
	} else {
		/* the last column left blank; while the sequence waits for
		 * nobody (3.0: before the first decision, say) the key that
		 * goes on comes first, so that a newcomer is not left at a
		 * status line that names a command and no key */
		size_t width = v->lay.w > 1 && (size_t)v->lay.w <= sizeof buf
				       ? (size_t)v->lay.w
				       : sizeof buf;
		const char *go = waits_for_nobody(v)
					 ? tui_cmd_key(&v->keys, TC_CONTINUE)
					 : NULL;
		int k = go ? snprintf(buf, sizeof buf, "%s continue  ", go)
			   : 0;
		if (k < 0 || (size_t)k + 8 >= width)
			k = 0;
		tui_key_line(&v->keys, buf + k, width - (size_t)k);
	}
	mvwaddnstr(w, 1, 0, buf, v->lay.w);
}

/* The event log: a title row, then the lines folded to the width, the
 * newest at the bottom unless scrolled back. */
static void draw_log(struct tui_view *v)
{
	WINDOW *w = v->wlog;
	int h = v->lay.log_h, width = v->lay.log_w - 2;
	werase(w);
	for (int y = 0; y < h; y++) {
		cchar_t cc;
		wchar_t s[2] = {v->gl.border, L'\0'};
		if (setcchar(&cc, s, A_NORMAL, v->pal.dim, NULL) == OK)
			mvwadd_wch(w, y, 0, &cc);
	}
	int rows = h - 1;
	bool more = tui_log_more_below(&v->log, width, rows);
	wattrset(w, A_BOLD);
	mvwaddnstr(w, 0, 2, v->log.follow ? "Log: [ back  e hides"
					  : "Log: [ back  ] forward",
		   width);
	wattrset(w, A_NORMAL);
	long k = tui_log_top(&v->log, width, rows);
	int y = 1;
	int last = more ? h - 1 : h;
	for (; y < last && k < v->log.base + v->log.n; k++) {
		const char *t = tui_log_line(&v->log, k);
		int st, len;
		bool cmd = t[0] == '>', bad = !strncmp(t, "refused", 7) ||
					      !strncmp(t, "malformed", 9);
		wattrset(w, cmd ? A_BOLD : A_NORMAL);
		if (bad)
			wattron(w, COLOR_PAIR(v->pal.bad) | A_BOLD);
		for (int r = 0; y < last && tui_log_row(t, width, r, &st, &len);
		     r++, y++)
			mvwaddnstr(w, y, r ? 4 : 2, t + st, len);
	}
	wattrset(w, A_NORMAL);
	if (more) {
		wattrset(w, A_REVERSE);
		mvwaddnstr(w, h - 1, 2, "-- more below: ] --", width);
		wattrset(w, A_NORMAL);
	}
}

/* The legal actions' list, over the map: the pending decision, then one
 * action a line with its rule, the selected one highlighted. */
static void draw_list(struct tui_view *v)
{
	WINDOW *w = v->wlist;
	int h, width;
	getmaxyx(w, h, width);
	werase(w);
	wborder(w, '|', '|', '-', '-', '+', '+', '+', '+');
	char title[256];
	pending_describe(v->s, title, sizeof title);
	wattrset(w, A_BOLD);
	mvwaddnstr(w, 1, 2, title, width - 4);
	wattrset(w, A_NORMAL);
	int rows = h - 4;
	if (v->list_sel < v->list_top)
		v->list_top = v->list_sel;
	if (v->list_sel >= v->list_top + rows)
		v->list_top = v->list_sel - rows + 1;
	if (v->nlegal == 0)
		mvwaddnstr(w, 2, 2, "nothing to do now", width - 4);
	for (int i = 0; i < rows && v->list_top + i < v->nlegal; i++) {
		const struct decision_answer *a = &v->legal[v->list_top + i];
		char line[256];
		snprintf(line, sizeof line, " %-*s %s", width - 16, a->line,
			 a->rule);
		wattrset(w, v->list_top + i == v->list_sel ? A_REVERSE
							   : A_NORMAL);
		mvwhline(w, 2 + i, 1, ' ', width - 2);
		mvwaddnstr(w, 2 + i, 1, line, width - 2);
	}
	wattrset(w, A_DIM);
	char foot[96];
	tui_list_footer(&v->keys, v->list_sel, v->nlegal, foot, sizeof foot);
	mvwaddnstr(w, h - 2, 2, foot, width - 4);
	wattrset(w, A_NORMAL);
}

/* The keymode the player is in now, for the help: the open `:` line,
 * legal list, card viewer or prompt box; else the mode the game is in
 * (the shock designation, an open move, an open Line Command); else the
 * map's keys (TUI_HELP_MAP). */
static int current_keymode(const struct tui_view *v)
{
	if (v->cl.open)
		return KM_LINE;
	if (v->list_open)
		return KM_LIST;
	if (v->replay)
		return KM_REPLAY;
	if (teachui_up(v)) /* the teach box, over all (teachui.h) */
		return KM_TEACH;
	if (reading_up(v)) /* the reading pane (reading.h) */
		return KM_READING;
	if (v->shockui.cv.open)
		return KM_CARD;
	if (v->prompt.shown)
		return KM_PROMPT;
	if (tui_has_game(v->s) && shockui_designating(v->s))
		return KM_SHOCK;
	switch (tui_has_game(v->s) ? tui_order_mode_now(v->s) : OM_NONE) {
	case OM_ORDER:
		return KM_ORDER;
	case OM_LINE:
		return KM_LINECMD;
	case OM_NONE:
		break;
	}
	/* the lesson box: its keys come before the map's (tutorial.h) */
	if (v->tut.on)
		return KM_LESSON;
	return TUI_HELP_MAP;
}

/* The help's lines (help.c): the current mode's keys first, then the
 * map's and the other modes', then the map legend. */
static size_t help_lines(const struct tui_view *v)
{
	if (v->legend && v->leg)
		return v->leg->n > 1 ? (size_t)v->leg->n - 1 : 0;
	return tui_help_count(&v->keys, current_keymode(v), &v->gl);
}

static void draw_help(struct tui_view *v)
{
	WINDOW *w = v->whelp;
	size_t n = help_lines(v);
	int rows = v->lay.h - 3;
	werase(w);
	char title[128];
	if (v->legend && v->leg) {
		struct play_view pv;
		tui_play_view(v->s, &pv, false);
		snprintf(title, sizeof title, "map legend (%s)",
			 v->mv && tui_has_game(v->s) ? pv.battle : "");
	} else {
		tui_help_title(current_keymode(v), title, sizeof title);
	}
	wattrset(w, A_BOLD);
	mvwaddnstr(w, 0, 0, title, v->lay.w);
	wattrset(w, A_NORMAL);
	if (v->help_top < 0 || (size_t)v->help_top >= n)
		v->help_top = 0;
	for (int i = 0; i < rows && (size_t)(v->help_top + i) < n; i++) {
		char line[256];
		if (v->legend && v->leg) {
			/* laid out in the width already: cut by characters,
			 * not bytes */
			mvwaddstr(w, 2 + i, 0, v->leg->line[v->help_top + i + 1]);
			continue;
		}
		tui_help_line(&v->keys, current_keymode(v), &v->gl,
			      (size_t)(v->help_top + i), line, sizeof line);
		mvwaddnstr(w, 2 + i, 0, line, v->lay.w);
	}
	wattrset(w, A_REVERSE);
	mvwhline(w, v->lay.h - 1, 0, ' ', v->lay.w);
	mvwaddnstr(w, v->lay.h - 1, 0,
		   (size_t)(v->help_top + rows) < n
			   ? "Space: more   any other key: back"
			   : "any key: back",
		   v->lay.w);
	wattrset(w, A_NORMAL);
}

/* ---- layout and the screen ---- */

static void free_windows(struct tui_view *v)
{
	WINDOW **ws[] = {&v->wmap,  &v->wpanel, &v->wstatus,
			 &v->whelp, &v->wlog,	&v->wlist};
	for (size_t i = 0; i < sizeof ws / sizeof ws[0]; i++)
		if (*ws[i]) {
			delwin(*ws[i]);
			*ws[i] = NULL;
		}
}

/* The legal list's window for the current layout and list length. */
static void make_list_window(struct tui_view *v)
{
	if (v->wlist) {
		delwin(v->wlist);
		v->wlist = NULL;
	}
	const struct tui_layout *l = &v->lay;
	if (l->too_small || !v->list_open)
		return;
	int w = l->map_w - 2 < 72 ? l->map_w - 2 : 72;
	int h = v->nlegal + 4;
	if (h < 6)
		h = 6;
	if (h > l->map_h - 1)
		h = l->map_h - 1;
	v->wlist = newwin(h, w, l->map_y + 1, l->map_x + 1);
	v->dirty |= DIRTY_LIST;
}

static void relayout(struct tui_view *v)
{
	int h, w;
	getmaxyx(stdscr, h, w);
	free_windows(v);
	tui_layout_compute_log(&v->lay, w, h, v->log_want);
	erase();
	if (v->lay.too_small) {
		char msg[96];
		snprintf(msg, sizeof msg,
			 "make the terminal at least %dx%d (it is %dx%d)",
			 TUI_MIN_W, TUI_MIN_H, w, h);
		int len = (int)strlen(msg);
		mvaddnstr(h / 2, len < w ? (w - len) / 2 : 0, msg, w);
		mvaddnstr(h / 2 + 1, 0, "q quits", w);
		wnoutrefresh(stdscr);
		v->dirty = 0;
		return;
	}
	wnoutrefresh(stdscr);
	struct tui_layout *l = &v->lay;
	v->wmap = newwin(l->map_h, l->map_w, l->map_y, l->map_x);
	if (l->panel_shown)
		v->wpanel = newwin(l->panel_h, l->panel_w, l->panel_y, l->panel_x);
	if (l->log_shown)
		v->wlog = newwin(l->log_h, l->log_w, l->log_y, l->log_x);
	v->wstatus = newwin(l->status_h, l->w, l->status_y, 0);
	v->whelp = newwin(l->h, l->w, 0, 0);
	/* the terminal's cursor goes where render puts it, nowhere else */
	WINDOW *all[] = {stdscr, v->wmap, v->wpanel, v->wlog, v->wstatus,
			 v->whelp};
	for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
		if (all[i])
			leaveok(all[i], TRUE);
	/* The map's and the panel's plain text in the terminal's own
	 * colours through a colour pair of their own (the clear terrain's
	 * colours too): passing from a coloured cell to one of those then
	 * costs one colour (ESC [ 3 9 m), where the pair 0 of A_NORMAL
	 * costs a colour and a full attribute reset (ESC [ 3 9 m ESC ( B
	 * ESC [ m) each time, on almost every row a step changes.  The
	 * status lines keep A_NORMAL: drawn last, they leave the terminal
	 * in it, as ncurses wants it at the end of each update. */
	WINDOW *plain[] = {v->wmap, v->wpanel, v->wlog};
	for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++)
		if (plain[i])
			wbkgdset(plain[i], ' ' | COLOR_PAIR(v->pal.plain));
	if (!v->wmap || (l->panel_shown && !v->wpanel) ||
	    (l->log_shown && !v->wlog) || !v->wstatus || !v->whelp) {
		free_windows(v);
		v->lay.too_small = true;
		return;
	}
	v->vp.w = l->map_w;
	v->vp.h = l->map_h;
	/* outlined hexes where they show as many as the compact map of
	 * 80x24, unless the player chose (+) */
	v->vp.detail = v->detail_chosen ? v->detail
					: viewport_detail_for(l->map_w, l->map_h);
	/* a new size: put the cursor in the middle where the map allows */
	v->vp.col0 = v->cursor.col - viewport_cols(&v->vp) / 2;
	v->vp.row0 = v->cursor.row - viewport_rows(&v->vp) / 2;
	viewport_follow(&v->vp, v->cursor, v->mv->col_min, v->mv->col_max,
			v->mv->row_min, v->mv->row_max);
	make_list_window(v);
	v->dirty = DIRTY_ALL;
}

/* The map's cursor is the terminal's own, on the hex's glyph, as a
 * roguelike's look command does: a cursor step then costs a cursor
 * movement and what the panel says, not two cells drawn again.  It
 * leaves the map for the bottom right corner (park_cursor) while a box
 * (the legal list, a prompt, a card) covers that place, found by comparing the screen about to be sent with the map
 * window's own character there. */
static bool place_map_cursor(struct tui_view *v)
{
	int x, y;
	if (v->mode != MODE_MAP || !v->wmap ||
	    !viewport_touches(&v->vp, v->cursor))
		return false;
	viewport_glyph(&v->vp, v->cursor, &x, &y); /* compose_cell's glyph */
	if (x < 0 || x >= v->vp.w || y < 0 || y >= v->vp.h)
		return false;
	cchar_t mine, shown;
	wchar_t wm[CCHARW_MAX + 1], ws[CCHARW_MAX + 1];
	attr_t am, as;
	short pm, ps;
	if (mvwin_wch(v->wmap, y, x, &mine) == ERR ||
	    mvwin_wch(newscr, v->lay.map_y + y, v->lay.map_x + x, &shown) ==
		    ERR ||
	    getcchar(&mine, wm, &am, &pm, NULL) == ERR ||
	    getcchar(&shown, ws, &as, &ps, NULL) == ERR)
		return false;
	if (wcscmp(wm, ws) || pm != ps ||
	    (am & A_ATTRIBUTES & ~A_COLOR) != (as & A_ATTRIBUTES & ~A_COLOR))
		return false;
	wmove(v->wmap, y, x);
	leaveok(v->wmap, FALSE);
	wnoutrefresh(v->wmap);
	leaveok(v->wmap, TRUE);
	return true;
}

/* The terminal's cursor, when neither the map nor the `:` line has it:
 * in the bottom right corner.  It stays visible all the time: showing or
 * hiding it (curs_set) would go out in a write of its own. */
static void park_cursor(void)
{
	wmove(newscr, LINES - 1, COLS - 1);
	leaveok(newscr, FALSE);
}

/* The screen's changes since the last key, sent.  ncurses sends only
 * what differs from what the terminal shows, in one write (run_view
 * starts ncurses so that it does not flush at each cursor movement). */
static void render(struct tui_view *v)
{
	if (v->lay.too_small) {
		park_cursor();
		doupdate();
		return;
	}
	if (v->mode == MODE_HELP) {
		draw_help(v);
		wnoutrefresh(v->whelp);
		park_cursor();
		doupdate();
		return;
	}
	if (v->mode == MODE_OVERVIEW && (v->dirty & DIRTY_MAP)) {
		draw_overview(v);
		wnoutrefresh(v->wmap);
	} else if (v->mode == MODE_MAP) {
		if (v->dirty & DIRTY_MAP)
			draw_map(v);
		else
			for (int i = 0; i < v->nredraw_cells; i++)
				draw_cell(v, v->redraw_cells[i]);
		if (v->dirty & DIRTY_MAP || v->nredraw_cells)
			wnoutrefresh(v->wmap);
	}
	if (v->wpanel && (v->dirty & DIRTY_PANEL)) {
		draw_panel(v);
		wnoutrefresh(v->wpanel);
	}
	if (v->wlog && (v->dirty & DIRTY_LOG)) {
		draw_log(v);
		wnoutrefresh(v->wlog);
	}
	/* the list lies over the map: drawn again when the map under it was */
	if (v->wlist && (v->dirty & (DIRTY_LIST | DIRTY_MAP) ||
			 v->nredraw_cells)) {
		draw_list(v);
		touchwin(v->wlist);
		wnoutrefresh(v->wlist);
	}
	/* hook: overlays (cards, prompts) are drawn here, over the map */
	shockui_render(v); /* the card viewer, topmost */
	if (!teachui_draw(v) && /* the teach box; the prompt box waits */
	    !whoplays_draw(v)) /* who plays which side (whoplays.h) */
		prompt_draw(v); /* the prompt box, the hand-over (prompt.h) */
	tutorial_draw(v); /* the lesson box, over the other boxes (tutorial.h) */
	reading_draw(v); /* the reading pane: show, help, why (reading.h) */
	resume_draw(v); /* the offer to resume, over all (resume.h) */
	if (v->dirty & DIRTY_STATUS || v->cl.open) {
		draw_status(v);
		wnoutrefresh(v->wstatus);
	}
	if (v->cl.open) {
		/* the terminal's cursor stands in the `:` line */
		int x = draw_cmdline(v, v->wstatus);
		wmove(v->wstatus, 1, x);
		leaveok(v->wstatus, FALSE);
		wnoutrefresh(v->wstatus);
		leaveok(v->wstatus, TRUE);
	} else if (!place_map_cursor(v)) {
		park_cursor();
	}
	v->dirty = 0;
	v->nredraw_cells = 0;
	doupdate();
}

/* ---- commands ---- */

/* A cell to draw again at the next render; too many: the whole map. */

static void tui_set_cursor_impl(struct tui_view *v, struct hex h)
{
	if (!v->mv)
		take_view(v); /* a view made without run_view (tests) */
	if (!mapview_hex(v->mv, h)) {
		snprintf(v->message, sizeof v->message, "edge of the map");
		v->dirty |= DIRTY_STATUS;
		return;
	}
	struct hex old = v->cursor;
	v->cursor = h;
	v->dirty |= DIRTY_PANEL | DIRTY_STATUS;
	if (!hex_eq(old, h) && v->shockui.panel == SUP_HEX)
		v->panel_top = 0; /* another hex's lines, from the first */
	if (v->mode == MODE_OVERVIEW) {
		viewport_follow(&v->vp, h, v->mv->col_min, v->mv->col_max,
				v->mv->row_min, v->mv->row_max);
		v->dirty |= DIRTY_MAP;
		return;
	}
	if (viewport_follow(&v->vp, h, v->mv->col_min, v->mv->col_max,
			    v->mv->row_min, v->mv->row_max)) {
		v->dirty |= DIRTY_MAP;
	} else {
		tui_add_redraw(v, old);
		tui_add_redraw(v, h);
	}
}

/* The log window's text width and rows (a title row above them). */
static void log_size(const struct tui_view *v, int *w, int *h)
{
	int lw = v->lay.log_shown ? v->lay.log_w : TUI_PANEL_W;
	int lh = v->lay.log_shown ? v->lay.log_h : v->lay.h - TUI_STATUS_H;
	*w = lw - 2 > 4 ? lw - 2 : 4;
	*h = lh - 1 > 1 ? lh - 1 : 1;
}

static void show_log(struct tui_view *v, int want)
{
	v->log_want = want;
	relayout(v);
}

/* The legal actions now (the pending decision's answers), into
 * v->legal. */
static void tui_load_legal_impl(struct tui_view *v)
{
	struct decision d;
	decision_init(&d, v->legal, LEGAL_MAX);
	tui_decision(v->s, &d);
	/* the side owing the decision first: Enter on the top line answers
	 * it (6.82's standing offers to the other side come after) */
	decision_owner_first(&d);
	v->nlegal = d.n;
	tui_order_filter_legal(v); /* a chooser key's filter */
	if (v->list_sel >= v->nlegal)
		v->list_sel = v->nlegal ? v->nlegal - 1 : 0;
	if (v->list_sel < 0)
		v->list_sel = 0;
}

static void open_list(struct tui_view *v)
{
	v->list_open = true;
	v->list_sel = 0;
	v->list_top = 0;
	tui_load_legal(v);
	make_list_window(v);
}

static void close_list(struct tui_view *v)
{
	v->list_open = false;
	tui_order_list_closed(v);
	make_list_window(v);
	/* what the list covered */
	touchwin(v->wmap);
	v->dirty |= DIRTY_MAP;
}

/* A new game came from `new` or `load`: everything is drawn again. */
static struct hex first_cursor(const struct map_view *mv);
static void palette_init(struct tui_palette *p, const struct map_view *mv,
			 int want);
static void take_pieces(struct tui_view *v);
static void take_overlay(struct tui_view *v);

static void take_game(struct tui_view *v)
{
	v->game = tui_game_id(v->s);
	if (!take_view(v)) {
		v->quit = true; /* no map to draw: out of memory */
		return;
	}
	take_overlay(v);
	palette_init(&v->pal, v->mv, v->colours);
	palette_config(&v->pal, v->config);
	v->cursor = first_cursor(v->mv);
	v->unit_focus[0] = '\0';
	relayout(v);
}

/* The cells of the pieces a command changed: where each changed piece
 * was and where it is now (mapview_changed_hexes). */
static void note_changes(struct tui_view *v)
{
	struct hex h[REDRAW_CELLS_MAX];
	int n = v->mv && v->mv_before
			? mapview_changed_hexes(v->mv_before, v->mv, h,
						REDRAW_CELLS_MAX)
			: -1;
	if (n < 0)
		v->dirty |= DIRTY_MAP;
	for (int i = 0; i < n; i++)
		tui_add_redraw(v, h[i]);
}

/* The lines of text (`show state`, `legal`, a long sentence) into the
 * log, a line longer than a log line goes on in the next (folded at a
 * space), never cut. */
static void log_text(struct tui_view *v, const char *text)
{
	while (text && *text) {
		const char *nl = strchr(text, '\n');
		size_t len = nl ? (size_t)(nl - text) : strlen(text);
		const char *end = text + len;
		while ((size_t)(end - text) >= TUI_LOG_LINE) {
			size_t cut = TUI_LOG_LINE - 1;
			while (cut > TUI_LOG_LINE / 2 && text[cut] != ' ')
				cut--;
			if (text[cut] != ' ') { /* no space: a whole char */
				cut = TUI_LOG_LINE - 1;
				while (cut > 0 &&
				       ((unsigned char)text[cut] & 0xC0) == 0x80)
					cut--;
			}
			char line[TUI_LOG_LINE];
			snprintf(line, sizeof line, "%.*s", (int)cut, text);
			tui_log_push(&v->log, line);
			text += cut;
			if (*text == ' ')
				text++;
		}
		char line[TUI_LOG_LINE];
		snprintf(line, sizeof line, "%.*s", (int)(end - text), text);
		tui_log_push(&v->log, line);
		text = nl ? nl + 1 : NULL;
	}
}

/* Whether every event of a command is one the map and the panel show
 * by themselves (a step, a change of facing): after a mode's key the
 * message line then stays the key line, with no echo of the event (the
 * log keeps it); a command typed on the `:` line or taken from the list
 * still says what it did. */
static bool shown_on_map(const struct event_log *out)
{
	/* stacking: the stack's count on the map (its hits, when any,
	 * come as cohesion_hit events, which are said) */
	static const char *const kinds[] = {"moved", "facing_changed",
					    "stacking"};
	if (out->n == 0)
		return false;
	for (size_t i = 0; i < out->n; i++) {
		bool shown = false;
		for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
			shown |= event_log_is(out, i, kinds[k]);
		if (!shown)
			return false;
	}
	return true;
}

static void follow_game(struct tui_view *v, const void *before);
static void live_owe(struct tui_view *v);
/* After a mode's key, a result whose first events the map and the panel
 * show by themselves (a step, a turn: shown_on_map's) and whose others
 * they do not (the hits of a stacking, 6.69): the message line leads
 * with the others, which the screen's width would otherwise cut first
 * (the log keeps the whole sentence).  The events to say from, 0 for
 * all. */
static size_t news_from(const struct event_log *out)
{
	size_t k = 0;
	while (k < out->n && (event_log_is(out, k, "moved") ||
			      event_log_is(out, k, "facing_changed")))
		k++;
	return k < out->n ? k : 0;
}

/* Runs one command line through the session, as a script line is run
 * (session_exec appends a game-changing command to the game file), and
 * shows what came of it. */
static void tui_exec_impl(struct tui_view *v, const char *text)
{
	char line[CMD_LINE_MAX + 1];
	snprintf(line, sizeof line, "%s", text);
	char *p = line;
	while (*p == ' ' || *p == '\t')
		p++;
	size_t len = strlen(p);
	while (len > 0 && (p[len - 1] == ' ' || p[len - 1] == '\t'))
		p[--len] = '\0';
	if (!*p)
		return;
	/* the view's own `:q` */
	if (!strcmp(p, "q") || !strcmp(p, "quit")) {
		v->quit = true;
		return;
	}
	if (teachui_command(v, p)) /* the view's `:teach on|off` */
		return;
	if (tutorial_command(v, p)) /* the view's `:lessons` (tutorial.h) */
		return;
	if (hint_command(v, p)) /* the view's `:hint` (hint.h) */
		return;
	struct cmd_result r;
	cmd_result_init(&r);
	/* does the command only look (then its output opens the log)? */
	struct cmd_call call;
	bool looks = cmd_lookup(tui_commands(v->s), p, &call, &r) && call.def &&
		     call.def->effect == CMD_LOOKS;
	cmd_result_reset(&r);

	const void *before = tui_game_id(v->s);
	char why[CMD_REASON_MAX];
	if (v->mv) { /* the pieces as drawn, to find what changed */
		if (!v->mv_before)
			v->mv_before = mapview_new(0, 0, 0, 0);
		if (v->mv_before)
			mapview_copy_pieces(v->mv_before, v->mv);
	}
	if (v->replay) /* read only: looking commands alone (replay.h) */
		replay_look(v->replay, p, &r);
	else if (v->live && !looks) /* a live game: the server judges it */
		v->live->exec(v->live->user, p, &r);
	else if (!v->ai.playing &&
		 !ai_seats_person_may(&v->ai.seats, v->s, p, why, sizeof why))
		cmd_refuse(&r, NULL, "%s", why); /* the computer's answer */
	else
		session_exec(v->s, p, &r);

	char buf[TUI_LOG_LINE + 64];
	snprintf(buf, sizeof buf, "> %.*s", TUI_LOG_LINE - 3, p);
	long first = tui_log_push(&v->log, buf);
	for (size_t i = 0; i < r.out.n; i++) {
		event_log_format(&r.out, i, buf, sizeof buf);
		tui_log_push(&v->log, buf);
	}
	log_text(v, r.text);
	v->message_kept = r.status != CMD_OK;
	/* the result in words (reading.h): a refusal's whole reason, a
	 * roll against what it needed, everything after it; kept whole for
	 * the result key (^P) */
	reading_result(v, p, &r, v->message, sizeof v->message);
	reading_keep_result(v, p, v->message);
	if (r.status == CMD_OK && !v->typed && shown_on_map(&r.out)) {
		v->message[0] = '\0'; /* the map and the panel show it */
	} else {
		log_text(v, v->message); /* whole in the log too */
		size_t from = r.status == CMD_OK && !v->typed
				      ? news_from(&r.out)
				      : 0;
		char news[sizeof v->message];
		if (from && reading_result_from(v, &r, from, news, sizeof news))
			snprintf(v->message, sizeof v->message, "%s", news);
	}
	bool pane = looks && reading_wants(p);
	if (pane)
		reading_open(v, p, &r); /* show, help, why, rule: the pane */
	teachui_after_command(v, &r, looks); /* its narration (teachui.h) */
	tutorial_after_command(v, p, &r); /* the lesson judges it (tutorial.h) */
	cmd_result_free(&r);

	if (looks && !v->lay.log_shown && !v->lay.too_small)
		show_log(v, 1); /* the answer is in the log (as key=value) */
	int lw, lh;
	log_size(v, &lw, &lh);
	tui_log_show_from(&v->log, first, lw, lh);

	follow_game(v, before);
	aiplay_follow(v, p); /* who plays a new game; undo: it waits */
}

/* The view follows the game after a command (before: the game as it was
 * before it): the map, the panel, the status, the modes and prompts. */
static void follow_game(struct tui_view *v, const void *before)
{
	if (tui_has_game(v->s) && tui_game_id(v->s) != before) {
		take_game(v);
	} else if (tui_has_game(v->s) && v->mode == MODE_OVERVIEW) {
		take_pieces(v);
		v->dirty |= DIRTY_MAP; /* the overview is drawn whole */
	} else if (tui_has_game(v->s)) {
		take_pieces(v);
		note_changes(v);
	}
	if (tui_has_game(v->s))
		status_describe(v->s, v->status, sizeof v->status);
	if (v->replay)
		replay_status(v->replay, v->status, sizeof v->status);
	if (v->list_open)
		close_list(v);
	v->dirty |= DIRTY_PANEL | DIRTY_STATUS | DIRTY_LOG;
	/* hook: the modes and prompts look at the new position here */
	tui_order_refresh(v);
	prompt_update(v); /* the prompt box follows the game */
	/* after tui_order_refresh, which clears every highlight */
	shockui_after_command(v); /* shock marks, the cards open */
	live_owe(v);
}

/* A live game: who owes now on the message line; the seat that comes to
 * owe gets the bell and the terminal's title (where it has one). */
static void live_owe(struct tui_view *v)
{
	if (!v->live)
		return;
	char buf[sizeof v->message];
	bool owes = v->live->owe(v->live->user, buf, sizeof buf);
	if (!v->message_kept || owes != v->live_owed)
		snprintf(v->message, sizeof v->message, "%s", buf);
	if (owes && !v->live_owed) {
		beep();
		char *tsl = tigetstr("tsl"), *fsl = tigetstr("fsl");
		if (tsl && tsl != (char *)-1 && fsl && fsl != (char *)-1) {
			putp(tsl);
			putp("maniple: your decision");
			putp(fsl);
			fflush(stdout);
		}
	}
	v->live_owed = owes;
	v->dirty |= DIRTY_STATUS;
}

/* A live game, a few times a second: what the server sent; the view
 * follows the commands of the other side. */
static void live_tick(struct tui_view *v)
{
	const void *before = tui_game_id(v->s);
	char why[200];
	if (!v->live->alive(v->live->user, why, sizeof why)) {
		snprintf(v->message, sizeof v->message, "%s", why);
		v->message_kept = true;
		v->dirty |= DIRTY_STATUS;
		return;
	}
	if (!v->live->poll(v->live->user))
		return;
	if (v->mv) {
		if (!v->mv_before)
			v->mv_before = mapview_new(0, 0, 0, 0);
		if (v->mv_before)
			mapview_copy_pieces(v->mv_before, v->mv);
	}
	v->message_kept = false;
	follow_game(v, before);
}

static void tui_game_moved_impl(struct tui_view *v)
{
	struct hex cursor = v->cursor;
	if (tui_game_id(v->s) != v->game)
		take_game(v);
	else
		take_pieces(v);
	tui_set_cursor(v, cursor); /* the same battle: the cursor stays */
	status_describe(v->s, v->status, sizeof v->status);
	if (v->replay)
		replay_status(v->replay, v->status, sizeof v->status);
	if (v->list_open)
		close_list(v);
	v->dirty |= DIRTY_ALL;
	tui_order_refresh(v);
	prompt_update(v);
	shockui_after_command(v);
	aiplay_follow(v, NULL);
}

/* The next or previous unit on the map (the map view-model's order),
 * from the one last jumped to. */
static void jump_to_unit(struct tui_view *v, int step)
{
	const struct map_view *mv = v->mv;
	int n = mv ? mv->npieces : 0;
	int cur = -1;
	for (int i = 0; i < n && cur < 0; i++)
		if (!mv->pieces[i].leader &&
		    !strcmp(mv->pieces[i].id, v->unit_focus))
			cur = i;
	for (int k = 1; k <= n; k++) {
		int i = ((cur + step * k) % n + n) % n;
		const struct mv_piece *p = &mv->pieces[i];
		if (!p->leader) {
			snprintf(v->unit_focus, sizeof v->unit_focus, "%s",
				 p->id);
			tui_set_cursor(v, p->hex[0]);
			return;
		}
	}
	snprintf(v->message, sizeof v->message, "no units on the map");
	v->dirty |= DIRTY_STATUS;
}

/* w / W: the next or previous piece a legal action names (help.h). */
static void jump_to_actor(struct tui_view *v, int step)
{
	struct hex h;
	char id[32];
	tui_load_legal(v);
	if (tui_next_actor(v->s, v->legal, v->nlegal, v->cursor, step, &h, id,
			   sizeof id)) {
		tui_set_cursor(v, h);
		tui_say(v, "%s can act now", id);
	} else {
		const char *k = tui_cmd_key(&v->keys, TC_LEGAL);
		tui_say(v, "no unit or leader can act now%s%s%s", k ? " (" : "",
			k ? k : "", k ? " lists the legal actions)" : "");
	}
}

static void goto_key(struct tui_view *v, int ch)
{
	if (ch == 27) {
		v->goto_active = false;
	} else if (ch == KEY_BACKSPACE || ch == 127 || ch == 8) {
		if (v->goto_len > 0)
			v->goto_len--;
		else
			v->goto_active = false;
	} else if (ch >= '0' && ch <= '9') {
		v->goto_buf[v->goto_len++] = (char)ch;
		if (v->goto_len == 4) {
			struct hex h;
			v->goto_buf[4] = '\0';
			v->goto_active = false;
			if (hex_parse(v->goto_buf, &h) && mapview_hex(v->mv, h)) {
				tui_set_cursor(v, h);
			} else {
				char lo[8], hi[8];
				hex_format((struct hex){v->mv->col_min, v->mv->row_min},
					   lo, sizeof lo);
				hex_format((struct hex){v->mv->col_max, v->mv->row_max},
					   hi, sizeof hi);
				snprintf(v->message, sizeof v->message,
					 "no hex %s on this map (columns and rows %s to %s)",
					 v->goto_buf, lo, hi);
			}
		}
	} else {
		v->goto_active = false;
		snprintf(v->message, sizeof v->message,
			 "go to: four digits expected, cancelled");
	}
	v->dirty |= DIRTY_STATUS;
}

static void run_command(struct tui_view *v, enum tui_cmd c)
{
	switch (c) {
	case TC_N:
	case TC_ENE:
	case TC_ESE:
	case TC_S:
	case TC_WSW:
	case TC_WNW:
		tui_set_cursor(v, hex_neighbour(v->cursor, (enum hexside)c));
		break;
	case TC_EAST:
		tui_set_cursor(v, hex_neighbour(v->cursor, layout_east_side(v->cursor)));
		break;
	case TC_WEST:
		tui_set_cursor(v, hex_neighbour(v->cursor, layout_west_side(v->cursor)));
		break;
	case TC_NEXT_UNIT:
		jump_to_unit(v, 1);
		break;
	case TC_PREV_UNIT:
		jump_to_unit(v, -1);
		break;
	case TC_NEXT_ACTOR:
	case TC_PREV_ACTOR:
		jump_to_actor(v, c == TC_NEXT_ACTOR ? 1 : -1);
		break;
	case TC_ACTIVE_LEADER: {
		struct play_view pv;
		tui_play_view(v->s, &pv, false);
		if (!hex_is_none(pv.active_hex)) {
			tui_set_cursor(v, pv.active_hex);
		} else {
			snprintf(v->message, sizeof v->message,
				 "no leader is active");
			v->dirty |= DIRTY_STATUS;
		}
		break;
	}
	case TC_GOTO:
		v->goto_active = true;
		v->goto_len = 0;
		v->dirty |= DIRTY_STATUS;
		break;
	case TC_OVERVIEW:
		v->mode = v->mode == MODE_OVERVIEW ? MODE_MAP : MODE_OVERVIEW;
		v->dirty |= DIRTY_ALL;
		break;
	case TC_OVERLAY_STACK:
		v->ovl_stack = !v->ovl_stack;
		snprintf(v->message, sizeof v->message, "stack marks %s",
			 v->ovl_stack ? "on" : "off");
		v->dirty |= DIRTY_MAP | DIRTY_STATUS;
		break;
	case TC_OVERLAY_COHESION:
		v->ovl_cohesion = !v->ovl_cohesion;
		snprintf(v->message, sizeof v->message, "cohesion hits/TQ %s",
			 v->ovl_cohesion ? "on" : "off");
		v->dirty |= DIRTY_MAP | DIRTY_STATUS;
		break;
	case TC_OVERLAY_HEXNUM:
		v->ovl_hexnum = !v->ovl_hexnum;
		snprintf(v->message, sizeof v->message, "hex numbers %s",
			 v->ovl_hexnum ? "on" : "off");
		v->dirty |= DIRTY_MAP | DIRTY_STATUS;
		break;
	case TC_OVERLAY_RANGE:
		v->ovl_on = !(v->ovl_on && v->ovl_kind == MV_OVL_COMMAND_RANGE);
		v->ovl_kind = MV_OVL_COMMAND_RANGE;
		take_overlay(v);
		if (!v->ovl_on)
			snprintf(v->message, sizeof v->message,
				 "command range off");
		else if (!v->ovl->n)
			snprintf(v->message, sizeof v->message,
				 "command range: no active leader now (4.21)");
		else
			snprintf(v->message, sizeof v->message,
				 "command range of the active leader: %d "
				 "hexes %lc (4.21)",
				 v->ovl->n, (wint_t)v->gl.range);
		v->dirty |= DIRTY_MAP | DIRTY_STATUS;
		break;
	case TC_OVERLAY_ZOC:
		if (!v->ovl_on || v->ovl_kind != MV_OVL_ZOC) {
			v->ovl_on = true;
			v->ovl_kind = MV_OVL_ZOC;
			v->ovl_zoc = 0;
		} else if (v->ovl_zoc == 0) {
			v->ovl_zoc = 1;
		} else {
			v->ovl_on = false;
		}
		take_overlay(v);
		if (!v->ovl_on)
			snprintf(v->message, sizeof v->message, "ZOC off");
		else
			snprintf(v->message, sizeof v->message,
				 "ZOC of %s: %d hexes %lc (7.2)",
				 v->mv ? v->mv->side_name[v->ovl_zoc] : "?",
				 v->ovl->n, (wint_t)v->gl.zoc);
		v->dirty |= DIRTY_MAP | DIRTY_STATUS;
		break;
	case TC_DETAIL:
		v->detail_chosen = true;
		v->detail = v->vp.detail == TUI_OUTLINED ? TUI_COMPACT
							 : TUI_OUTLINED;
		relayout(v);
		snprintf(v->message, sizeof v->message, "%s hexes",
			 v->vp.detail == TUI_OUTLINED
				 ? "outlined"
				 : "compact (no outlines)");
		v->dirty |= DIRTY_STATUS;
		break;
	case TC_LEGEND:
		if (!v->leg)
			v->leg = malloc(sizeof *v->leg);
		if (!v->leg) {
			tui_say(v, "no memory for the legend");
			break;
		}
		tui_map_legend(&v->gl, v->mv,
			       v->ovl_on ? v->ovl : NULL,
			       v->pal.ncolours > 0, v->vp.detail == TUI_OUTLINED,
			       v->lay.w - 1, v->leg);
		v->legend = true;
		v->mode = MODE_HELP;
		v->help_top = 0;
		break;
	case TC_HELP:
		v->legend = false;
		v->mode = MODE_HELP;
		v->help_top = 0;
		break;
	case TC_REDRAW:
		clearok(curscr, TRUE);
		v->dirty |= DIRTY_ALL;
		break;
	case TC_QUIT:
		v->quit = true;
		break;
	case TC_ORDER: /* ordermode.c */
	case TC_LINE_COMMAND:
	case TC_ORDERS_DONE:
	case TC_CONTINUE:
		if (tui_order_command(v, c) == TUI_ORDER_LIST)
			open_list(v);
		break;
	case TC_CARDS:
		shockui_open_cards(v, -1);
		break;
	case TC_PANEL:
		v->panel_top = 0;
		shockui_cycle_panel(v);
		break;
	case TC_PANEL_UP: /* drawn from the clamped top (tui_panel_window) */
	case TC_PANEL_DOWN: {
		int page = v->lay.panel_h > 3 ? v->lay.panel_h - 2 : 1;
		v->panel_top += c == TC_PANEL_UP ? -page : page;
		if (v->panel_top < 0)
			v->panel_top = 0;
		v->dirty |= DIRTY_PANEL;
		break;
	}
	case TC_UNDO:
		tui_exec(v, "undo");
		break;
	case TC_TEACH:
		teachui_set(v, !v->teach.on);
		break;
	case TC_RESULT: /* reading.h */
		if (!reading_open_result(v))
			tui_say(v, "no result to show yet%s",
				v->lay.too_small ? " (the screen is too small "
						   "for the pane)"
						 : "");
		break;
	case TC_PAUSE: /* the computer's play (aiplay.h) */
		aiplay_pause(v);
		break;
	case TC_BRANCH: /* resume.h */
		resume_branch_line(v);
		break;
	case TC_COMMAND:
		cmdline_open(&v->cl);
		v->completions[0] = '\0';
		v->dirty |= DIRTY_STATUS;
		break;
	case TC_LEGAL:
		open_list(v);
		break;
	case TC_LOG:
		show_log(v, v->lay.log_shown ? 0 : 1);
		break;
	case TC_LOG_UP:
	case TC_LOG_DOWN:
		if (!v->lay.log_shown) {
			show_log(v, 1);
		} else {
			int lw, lh;
			log_size(v, &lw, &lh);
			tui_log_scroll(&v->log, lw, lh, c == TC_LOG_UP ? -1 : 1);
			v->dirty |= DIRTY_LOG;
		}
		break;
	case TC_COUNT:
		break;
	}
}

/* Tab's candidates on the status line while the `:` line is open. */
static void show_completions(struct tui_view *v, int n)
{
	const struct tui_completion *o = &v->cl.comp;
	size_t len = 0;
	if (n == 0) {
		snprintf(v->completions, sizeof v->completions,
			 "no completion here");
		return;
	}
	v->completions[0] = '\0';
	if (n == 1)
		return;
	for (int i = 0; i < o->n && len + 2 < sizeof v->completions; i++) {
		bool cur = v->cl.cycling && i == v->cl.cycle_at;
		len += (size_t)snprintf(v->completions + len,
					sizeof v->completions - len,
					cur ? "[%s] " : "%s ", o->cand[i]);
	}
	if (o->more && len + 4 < sizeof v->completions)
		snprintf(v->completions + len, sizeof v->completions - len,
			 "...");
}

/* A key while the `:` line is open (KM_LINE bindings; other printable
 * keys are typed). */
static void line_key(struct tui_view *v, int ch)
{
	struct tui_cmdline *c = &v->cl;
	const struct tui_mode_binding *b =
		tui_mode_binding_for(&v->keys, KM_LINE, ch);
	v->dirty |= DIRTY_STATUS;
	if (!b || b->cmd != LC_COMPLETE) {
		cmdline_reset_cycle(c);
		v->completions[0] = '\0';
	}
	if (!b) {
		if (ch >= ' ' && ch < 127)
			cmdline_insert(c, (char)ch);
		return;
	}
	switch ((enum tui_line_cmd)b->cmd) {
	case LC_RUN: {
		char line[CMD_LINE_MAX + 1];
		snprintf(line, sizeof line, "%s", cmdline_commit(c));
		v->typed = true;
		tui_exec(v, line);
		v->typed = false;
		break;
	}
	case LC_CANCEL:
		cmdline_close(c);
		break;
	case LC_COMPLETE:
		show_completions(v, cmdline_complete(c, tui_commands(v->s), v->s,
						     v->cursor));
		break;
	case LC_BACKSPACE:
		if (c->len == 0)
			cmdline_close(c); /* as in vi */
		else
			cmdline_backspace(c);
		break;
	case LC_DELETE:
		cmdline_delete(c);
		break;
	case LC_LEFT:
		cmdline_left(c);
		break;
	case LC_RIGHT:
		cmdline_right(c);
		break;
	case LC_HOME:
		cmdline_home(c);
		break;
	case LC_END:
		cmdline_end(c);
		break;
	case LC_KILL:
		cmdline_kill_before(c);
		break;
	case LC_KILL_WORD:
		cmdline_kill_word(c);
		break;
	case LC_PREV:
		cmdline_history(c, -1);
		break;
	case LC_NEXT:
		cmdline_history(c, 1);
		break;
	case LC_COUNT:
		break;
	}
}

/* A key while the legal actions' list is open (KM_LIST bindings). */
static void list_key(struct tui_view *v, int ch)
{
	const struct tui_mode_binding *b =
		tui_mode_binding_for(&v->keys, KM_LIST, ch);
	int page = 1;
	if (v->wlist) {
		int h, w;
		getmaxyx(v->wlist, h, w);
		(void)w;
		page = h - 4 > 1 ? h - 4 : 1;
	}
	if (!b) {
		tui_list_keys_hint(&v->keys, v->message, sizeof v->message);
		v->dirty |= DIRTY_STATUS;
		return;
	}
	v->dirty |= DIRTY_LIST;
	switch ((enum tui_list_cmd)b->cmd) {
	case PC_UP:
		v->list_sel -= v->list_sel > 0;
		break;
	case PC_DOWN:
		v->list_sel += v->list_sel + 1 < v->nlegal;
		break;
	case PC_PAGE_UP:
		v->list_sel = v->list_sel > page ? v->list_sel - page : 0;
		break;
	case PC_PAGE_DOWN:
		v->list_sel = v->list_sel + page < v->nlegal ? v->list_sel + page
			      : v->nlegal > 0		  ? v->nlegal - 1
							  : 0;
		break;
	case PC_FIRST:
		v->list_sel = 0;
		break;
	case PC_LAST:
		v->list_sel = v->nlegal > 0 ? v->nlegal - 1 : 0;
		break;
	case PC_RUN:
	case PC_EDIT: {
		char line[DECISION_LINE_MAX];
		bool any = v->list_sel < v->nlegal;
		snprintf(line, sizeof line, "%s",
			 any ? v->legal[v->list_sel].line : "");
		close_list(v);
		if (b->cmd == PC_EDIT) {
			cmdline_open_with(&v->cl, line);
			v->completions[0] = '\0';
			v->dirty |= DIRTY_STATUS;
		} else if (any) {
			v->typed = true;
			tui_exec(v, line);
			v->typed = false;
		}
		break;
	}
	case PC_CLOSE:
		close_list(v);
		break;
	case PC_HELP:
		v->legend = false;
		v->mode = MODE_HELP;
		v->help_top = 0;
		break;
	case PC_COUNT:
		break;
	}
}

static void handle_key(struct tui_view *v, int ch)
{
	if (ch == KEY_RESIZE) {
		relayout(v);
		return;
	}
	if (v->lay.too_small) {
		/* an open `:` line keeps its text for the next size */
		const struct tui_binding *qb =
			tui_binding_for(&v->keys, ch); /* q */
		if (qb && qb->cmd == TC_QUIT && !v->cl.open)
			v->quit = true;
		return;
	}
	if (v->mode == MODE_HELP) {
		size_t n = help_lines(v);
		if (ch == ' ' && (size_t)(v->help_top + v->lay.h - 3) < n) {
			v->help_top += v->lay.h - 3;
		} else {
			v->mode = MODE_MAP;
			tui_touch_all(v);
		}
		return;
	}
	if (v->cl.open) {
		line_key(v, ch);
		return;
	}
	if (v->list_open) {
		list_key(v, ch);
		return;
	}
	if (v->message[0]) {
		v->message[0] = '\0';
		v->dirty |= DIRTY_STATUS;
	}
	if (v->goto_active) {
		goto_key(v, ch);
		return;
	}
	if (v->mode == MODE_OVERVIEW && ch == 27) {
		run_command(v, TC_OVERVIEW);
		return;
	}
	/* hook: a mode's or prompt's own keys come before the map's */
	if (resume_key(v, ch)) /* the offer to resume (resume.h) */
		return;
	if (reading_key(v, ch)) /* the reading pane, on top (reading.h) */
		return;
	if (replay_key(v, ch)) /* --replay's stepping keys (replay.h) */
		return;
	if (tutorial_key(v, ch)) /* the lesson box's key (tutorial.h) */
		return;
	if (teachui_key(v, ch)) /* the teach box: the game waits */
		return;
	if (shockui_key(v, ch)) /* the card viewer first: it is on top */
		return;
	if (whoplays_key(v, ch)) /* who plays which side (whoplays.h) */
		return;
	if (prompt_key(v, ch)) /* a prompt, the hand-over (prompt.h) */
		return;
	switch (tui_order_key(v, ch)) { /* Order and Line modes */
	case TUI_ORDER_LIST:
		open_list(v);
		return;
	case TUI_ORDER_DONE:
		return;
	case TUI_ORDER_NOT_MINE:
		break;
	}
	const struct tui_binding *b = tui_binding_for(&v->keys, ch);
	if (b) {
		run_command(v, b->cmd);
	} else if (ch != ERR) {
		snprintf(v->message, sizeof v->message,
			 "that key does nothing here: ? lists the keys");
		v->dirty |= DIRTY_STATUS;
	}
}

static struct hex first_cursor(const struct map_view *m)
{
	for (int i = 0; i < m->npieces; i++) {
		const struct mv_piece *p = &m->pieces[i];
		if (!p->leader && mapview_hex(m, p->hex[0]))
			return p->hex[0];
	}
	return (struct hex){(m->col_min + m->col_max) / 2,
			    (m->row_min + m->row_max) / 2};
}

/* The map view-model of the game now, through its ruleset (ruleset.h):
 * a new game builds the board, a command only the pieces.  False when
 * the ruleset gives none. */
static bool take_view(struct tui_view *v)
{
	mapview_free(v->mv);
	v->mv = tui_map_view(v->s);
	if (!v->mv)
		return false;
	for (int i = 0; i < MV_CLASSES_MAX; i++) {
		v->tslot[i] = i < v->mv->nterrain
				      ? tui_terrain_slot(v->mv->terrain[i].name)
				      : 0;
		v->fslot[i] = i < v->mv->nfeatures
				      ? tui_feature_slot(v->mv->features[i].name)
				      : TF_NONE;
	}
	return true;
}

void tui_view_free_map(struct tui_view *v)
{
	mapview_free(v->mv);
	v->mv = NULL;
	mapview_free(v->mv_before);
	v->mv_before = NULL;
	free(v->ovl);
	v->ovl = NULL;
	free(v->leg);
	v->leg = NULL;
}

/* The pieces after a command or a replay's step. */
static void take_pieces(struct tui_view *v)
{
	if (v->mv)
		tui_map_view_pieces(v->s, v->mv);
	if (v->ovl_on) {
		take_overlay(v);
		v->dirty |= DIRTY_MAP; /* its hexes may have changed */
	}
}

static void take_overlay(struct tui_view *v)
{
	if (!v->ovl)
		v->ovl = calloc(1, sizeof *v->ovl);
	if (!v->ovl)
		return;
	v->ovl->n = 0;
	if (!v->ovl_on || !v->mv)
		return;
	const char *who = v->ovl_kind == MV_OVL_ZOC
				  ? v->mv->side_id[v->ovl_zoc ? 1 : 0]
				  : "";
	tui_map_overlay(v->s, v->ovl_kind, who, v->ovl);
}

/* The next key, or ERR when the terminal went away or SIGHUP or SIGTERM
 * asked to stop (stopsig.h): the loop then ends and endwin gives the
 * terminal back.  Keys ncurses holds already are taken without waiting;
 * the wait itself is one a stop signal always ends. */
#define TUI_TICK (-2) /* next_key: tick_ms passed without a key */

static int waiting_key(void *arg)
{
	(void)arg;
	nodelay(stdscr, TRUE);
	int ch = getch();
	nodelay(stdscr, FALSE);
	return ch;
}

static void unget_key(int ch, void *arg)
{
	(void)arg;
	ungetch(ch);
}

static int next_key(int tick_ms)
{
	for (;;) {
		if (stopsig_caught())
			return ERR;
		int ch = waiting_key(NULL);
		if (ch == ERR) {
			enum stopsig_wait w = stopsig_wait_ms(STDIN_FILENO, tick_ms);
			if (w == STOPSIG_OTHER && tick_ms >= 0)
				return TUI_TICK; /* (or SIGWINCH: its key waits) */
			if (w == STOPSIG_STOP)
				return ERR;
			if (w != STOPSIG_READY)
				continue; /* SIGWINCH: KEY_RESIZE comes next */
			ch = getch();
			if (ch == ERR)
				return ERR; /* the terminal went away */
		}
		/* a key the terminal's description does not name: dropped */
		if (ch == 27 &&
		    tui_key_sequence_after_esc(waiting_key, unget_key, NULL))
			continue;
		return ch;
	}
}

static int run_view(struct session *s, const struct tui_options *opt,
		    struct replay *rp);

int tui_run(struct session *s, const struct tui_options *opt)
{
	return run_view(s, opt, NULL);
}

int tui_run_replay(struct replay *rp, const struct tui_options *opt)
{
	return run_view(&rp->s, opt, rp);
}

static int run_view(struct session *s, const struct tui_options *opt,
		    struct replay *rp)
{
	struct map_view *board = tui_map_view(s);
	bool no_map = !board || board->ncols <= 0 || board->nrows <= 0;
	mapview_free(board);
	if (no_map) {
		fprintf(stderr, "maniple: no map to show\n");
		return 2;
	}
	struct tui_view *v = calloc(1, sizeof *v);
	if (!v) {
		fprintf(stderr, "maniple: out of memory\n");
		return 2;
	}
	v->ops = &tui_main_ops;
	setlocale(LC_ALL, "");
	bool utf8 = tui_codeset_is_utf8(nl_langinfo(CODESET)) &&
		    !(opt && opt->force_ascii);
	SCREEN *scr = newterm(NULL, stdout, stdin);
	if (!scr) {
		fprintf(stderr, "maniple: cannot use this terminal (TERM=%s)\n",
			getenv("TERM") ? getenv("TERM") : "");
		free(v);
		return 2;
	}
	v->s = s;
	v->game = tui_game_id(s);
	v->replay = rp;
	v->live = opt ? opt->live : NULL;
	if (!take_view(v)) {
		fprintf(stderr, "maniple: no map to show\n");
		endwin();
		delscreen(scr);
		free(v);
		return 2;
	}
	v->colours = opt ? opt->colours : -1;
	v->config = opt ? opt->config : NULL;
	/* the keys, the help and the key line follow the player's keys */
	tui_config_keymap(v->config, &v->keys);
	if (v->config && (v->config->nerrors || v->config->more_errors))
		snprintf(v->message, sizeof v->message,
			 "%d settings refused, defaults kept: maniple "
			 "--check-config lists them",
			 v->config->nerrors + v->config->more_errors);
	v->log_want = -1;
	tui_log_init(&v->log);
	tui_log_push(&v->log, "The game's commands and events appear here.");
	status_describe(s, v->status, sizeof v->status);
	if (rp) {
		replay_status(rp, v->status, sizeof v->status);
		if (rp->watch)
			snprintf(v->message, sizeof v->message,
				 "watching, read only (played by %.150s): "
				 "new commands show as they come",
				 rp->holder);
		else
			snprintf(v->message, sizeof v->message,
				 "replay: . forward, , back, T turn, "
				 "Home/End; read only");
	}
	tui_glyphs_init(&v->gl, utf8);
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	tui_keys_define_missing(); /* PgUp, PgDn, Home, End, S-Tab (keys.h) */
	set_escdelay(25);
	curs_set(1); /* never changed again (park_cursor) */
	/* ncurses flushes its output at every cursor movement until the
	 * screen has once been left and taken back (its "initial" state, for
	 * programs that use only terminfo); once through endwin and doupdate
	 * it sends each update in one write */
	endwin();
	doupdate();
	palette_init(&v->pal, v->mv, opt ? opt->colours : -1);
	palette_config(&v->pal, v->config);
	v->ovl_stack = true;
	v->unit_focus[0] = '\0';
	v->cursor = first_cursor(v->mv);
	v->vp.col0 = v->mv->col_min;
	v->vp.row0 = v->mv->row_min;
	relayout(v);
	tui_order_refresh(v); /* a resumed game may be in a move */
	prompt_start(v, opt && opt->ask_kind); /* prompt.h */
	resume_start(v, opt ? opt->resume : NULL); /* resume.h */
	shockui_after_command(v); /* the first position's shock marks */
	live_owe(v); /* a live game: who owes */
	teachui_start(v, opt && opt->teach, opt ? opt->datadir : NULL);
	tutorial_start(v, opt ? opt->lessons : NULL); /* tutorial.h */
	aiplay_start(v, opt ? opt->pace_ms : -1); /* the computer (aiplay.h) */
	while (!v->quit) {
		render(v);
		/* watching a game another maniple plays: its file is looked
		 * at twice a second (replay.h) */
		int tick = rp && rp->watch ? 500 : v->live ? 100 : -1;
		/* the computer's next command (aiplay.h), after its pause */
		int wait = aiplay_wait(v);
		if (wait >= 0 && (tick < 0 || wait < tick))
			tick = wait;
		int ch = next_key(tick);
		if (ch == ERR)
			break; /* the terminal went away, or SIGHUP/SIGTERM */
		if (ch == TUI_TICK && wait >= 0 && aiplay_wait(v) == 0) {
			aiplay_step(v);
			continue;
		}
		if (ch == TUI_TICK && v->live) {
			live_tick(v); /* a live game: the server's news */
			continue;
		}
		if (ch == TUI_TICK) {
			replay_watch_tick(v);
			continue;
		}
		handle_key(v, ch);
	}
	teachui_free(v);
	aiplay_free(v);
	reading_free(&v->reading);
	free_windows(v);
	endwin();
	delscreen(scr);
	tui_view_free_map(v);
	free(v);
	return 0;
}

const struct tui_view_ops tui_main_ops = {
	.render = render,
	.exec = tui_exec_impl,
	.set_cursor = tui_set_cursor_impl,
	.game_moved = tui_game_moved_impl,
	.load_legal = tui_load_legal_impl,
};
