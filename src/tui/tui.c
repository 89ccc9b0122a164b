/* tui.c — the ncursesw map view: a scrolling offset hex grid, a side panel
 * for the hex under the cursor, a status line, an overview and the key
 * help.  All view state lives in struct tui_view; the screen is drawn into
 * windows and sent with wnoutrefresh/doupdate, and a cursor step redraws
 * only the two cells it touches. */
#include <curses.h>
#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/battle.h"
#include "maniple/game.h"
#include "maniple/tui.h"

#include "describe.h"
#include "glyphs.h"
#include "keys.h"
#include "layout.h"

enum tui_mode { MODE_MAP, MODE_OVERVIEW, MODE_HELP };

enum {
	DIRTY_MAP = 1 << 0,	/* the whole map window */
	DIRTY_PANEL = 1 << 1,
	DIRTY_STATUS = 1 << 2,
	DIRTY_ALL = DIRTY_MAP | DIRTY_PANEL | DIRTY_STATUS,
};

#define LEVELS 4 /* elevation shades: 0, 1, 2, 3 and more */

struct tui_palette {
	int ncolours;		/* 0, 8 or 256 */
	short terrain[TERRAIN_COUNT][LEVELS];
	short feature[TF_COUNT][LEVELS]; /* water blue, roads brown */
	short counter[2], leader[2];
	short good, warn, bad, dim;
};

struct cellch {
	wchar_t ch;
	attr_t attr;
	short pair;
};

struct tui_view {
	struct game *g;
	const struct map *map;
	struct tui_glyphs gl;
	struct tui_palette pal;
	struct tui_layout lay;
	struct tui_viewport vp;
	WINDOW *wmap, *wpanel, *wstatus, *whelp;
	enum tui_mode mode;
	struct hex cursor;
	int unit_focus;		/* index of the last unit jumped to */
	bool ovl_stack, ovl_cohesion, ovl_hexnum;
	bool goto_active;
	char goto_buf[5];
	int goto_len;
	int help_top;
	char message[160];
	unsigned dirty;
	struct hex redraw_cells[2];
	int nredraw_cells;
	bool quit;
	struct panel_text panel; /* scratch for the side panel */
};

/* ---- colours ---- */

static short new_pair(short *next, short fg, short bg)
{
	if (*next >= COLOR_PAIRS)
		return 0;
	init_pair(*next, fg, bg);
	return (*next)++;
}

static void palette_init(struct tui_palette *p, const struct battle *b,
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
	static const short fg256[TERRAIN_COUNT] = {250, 34, 137, 38, 245};
	static const short fg8[TERRAIN_COUNT] = {COLOR_WHITE, COLOR_GREEN,
						  COLOR_YELLOW, COLOR_CYAN,
						  COLOR_WHITE};
	static const short bg256[LEVELS] = {-1, 236, 238, 240};
	for (int t = 0; t < TERRAIN_COUNT; t++)
		for (int l = 0; l < LEVELS; l++)
			p->terrain[t][l] = new_pair(&next, c256 ? fg256[t] : fg8[t],
						    c256 ? bg256[l] : -1);
	/* river stream rampart Roman-road dirt-road */
	static const short ffg256[TF_COUNT] = {27, 39, 180, 178, 137};
	static const short ffg8[TF_COUNT] = {COLOR_BLUE, COLOR_BLUE,
					     COLOR_WHITE, COLOR_YELLOW,
					     COLOR_YELLOW};
	for (int f = 0; f < TF_COUNT; f++)
		for (int l = 0; l < LEVELS; l++)
			p->feature[f][l] = new_pair(&next, c256 ? ffg256[f] : ffg8[f],
						    c256 ? bg256[l] : -1);
	for (int s = 0; s < 2; s++) {
		short c;
		const char *name = b ? b->sides[s].colour : NULL;
		if (!tui_colour_by_name(name, p->ncolours, &c))
			tui_colour_by_name(s ? "blue" : "red", p->ncolours, &c);
		bool light = tui_colour_is_light(name);
		short fg = light ? COLOR_BLACK : COLOR_WHITE;
		if (c256)
			fg = light ? 16 : 15;
		p->counter[s] = new_pair(&next, fg, c);
		p->leader[s] = new_pair(&next, c, -1);
	}
	p->good = new_pair(&next, COLOR_GREEN, -1);
	p->warn = new_pair(&next, COLOR_YELLOW, -1);
	p->bad = new_pair(&next, COLOR_RED, -1);
	p->dim = new_pair(&next, c256 ? 244 : COLOR_WHITE, -1);
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

static short cohesion_pair(const struct tui_view *v, const struct unit *u)
{
	/* 10.1: a unit whose hits reach its TQ routs */
	if (u->hits == 0)
		return v->pal.good;
	if (u->hits * 2 < u->tq)
		return v->pal.warn;
	return v->pal.bad;
}

/* 6.24, 6.27: the hexside features of h, each drawn on the edge
 * characters nearest its side (tui_side_cells); ch 0 where none. */
static void compose_features(const struct tui_view *v,
			     const struct map_hex *mh, int lvl,
			     struct cellch f[2][4])
{
	memset(f, 0, sizeof(struct cellch[2][4]));
	for (int d = 0; d < HEXSIDE_COUNT; d++) {
		enum tui_feature k = tui_side_feature(mh->side[d]);
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
			 const struct unit *u, int nu, int nl,
			 struct cellch c[2][4], short tpair, wchar_t tglyph,
			 const struct cellch feat[2][4])
{
	short cp = v->pal.counter[u->side ? 1 : 0];
	attr_t ca = counter_attr(v, u->side ? 1 : 0);
	put(&c[0][1], (wchar_t)tui_type_glyph(u->type), ca, cp);
	put(&c[0][2], ' ', ca, cp);
	put(&c[0][3], ' ', ca, cp);
	/* 7.11 facing mark (6.73 heading when In Column) */
	wchar_t mark = u->at.in_column
			       ? v->gl.column[(unsigned)u->at.facing % HEXSIDE_COUNT]
			       : v->gl.facing[(unsigned)u->at.facing % FACING_COUNT];
	if (tui_facing_mark_left(u->at.facing, u->at.in_column))
		put(&c[0][0], mark, ca, cp);
	else
		put(&c[0][2], mark, ca, cp);
	if (nl > 0)
		put(&c[0][3], v->gl.leader, ca, cp);
	else if (v->ovl_stack && nu > 1)
		put(&c[0][3], (wchar_t)('0' + (nu > 9 ? 9 : nu)), ca, cp);

	/* bottom line: markers, or an overlay */
	char codes[12];
	int nc = tui_unit_marker_codes(u, codes, sizeof codes);
	put(&c[1][0], tglyph, 0, tpair);
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
	if (v->ovl_cohesion) {
		char txt[16];
		snprintf(txt, sizeof txt, "%d/%d", u->hits, u->tq);
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
	if (footprint_two_hex(&u->at)) {
		struct hex other = hex_eq(u->at.hex[0], h) ? u->at.hex[1]
							    : u->at.hex[0];
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
	const struct map_hex *mh = tui_map_hex(v->map, h);
	for (int j = 0; j < 2; j++)
		for (int i = 0; i < 4; i++)
			put(&c[j][i], v->gl.off_map, 0, 0);
	if (!mh)
		return;
	int t = mh->terrain < TERRAIN_COUNT ? mh->terrain : TERRAIN_CLEAR;
	int lvl = mh->elevation < 0 ? 0 : mh->elevation >= LEVELS ? LEVELS - 1
								   : mh->elevation;
	short tp = v->pal.terrain[t][lvl];
	wchar_t tg = v->gl.terrain[t];
	for (int j = 0; j < 2; j++)
		for (int i = 0; i < 4; i++)
			put(&c[j][i], ' ', 0, tp);
	put(&c[0][1], tg, 0, tp);
	if (t != TERRAIN_CLEAR)
		put(&c[1][2], tg, 0, tp);
	/* hexside features over the terrain glyphs, not over the level */
	struct cellch feat[2][4];
	compose_features(v, mh, lvl, feat);
	for (int j = 0; j < 2; j++)
		for (int i = 0; i < 4; i++)
			if (feat[j][i].ch)
				c[j][i] = feat[j][i];
	if (mh->elevation > 0)
		put(&c[1][3], (wchar_t)('0' + (mh->elevation > 9 ? 9 : mh->elevation)),
		    0, tp);

	const struct unit *u[TUI_PIECES_MAX];
	const struct leader *l[TUI_PIECES_MAX];
	int nu = tui_units_at(v->g, h, u, TUI_PIECES_MAX);
	int nl = tui_leaders_at(v->g, h, l, TUI_PIECES_MAX);
	if (nu > 0) {
		compose_unit(v, h, u[0], nu, nl, c, tp, tg,
			     (const struct cellch(*)[4])feat);
	} else {
		if (nl > 0) {
			short lp = v->pal.leader[l[0]->side ? 1 : 0];
			attr_t la = counter_attr(v, l[0]->side ? 1 : 0);
			put(&c[0][1], v->gl.leader, la, lp);
			char initial = l[0]->id[0];
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

static void draw_cell(struct tui_view *v, struct hex h)
{
	int x, y;
	struct cellch c[2][4];
	if (!viewport_touches(&v->vp, h))
		return;
	compose_cell(v, h, hex_eq(h, v->cursor), c);
	viewport_cell(&v->vp, h, &x, &y);
	for (int j = 0; j < 2; j++)
		for (int i = 0; i < 4; i++)
			if (x + i >= 0 && x + i < v->vp.w && y + j >= 0 &&
			    y + j < v->vp.h)
				put_wch(v->wmap, y + j, x + i, &c[j][i]);
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
	const struct map *m = v->map;
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
					const struct map_hex *mh = tui_map_hex(m, h);
					if (!mh)
						continue;
					if (hex_eq(h, v->cursor))
						cur = true;
					const struct unit *u[1];
					const struct leader *l[1];
					int t = mh->terrain < TERRAIN_COUNT
							? mh->terrain
							: 0;
					int lvl = mh->elevation >= LEVELS ? LEVELS - 1
						  : mh->elevation < 0	  ? 0
									  : mh->elevation;
					int rank;
					struct cellch cand;
					if (tui_units_at(v->g, h, u, 1)) {
						rank = 100;
						put(&cand, (wchar_t)tui_type_glyph(u[0]->type),
						    counter_attr(v, u[0]->side),
						    v->pal.counter[u[0]->side ? 1 : 0]);
					} else if (tui_leaders_at(v->g, h, l, 1)) {
						rank = 90;
						put(&cand, v->gl.leader, A_BOLD,
						    v->pal.leader[l[0]->side ? 1 : 0]);
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
	werase(w);
	for (int y = 0; y < h; y++) {
		cchar_t cc;
		wchar_t s[2] = {v->gl.border, L'\0'};
		if (setcchar(&cc, s, A_NORMAL, v->pal.dim, NULL) == OK)
			mvwadd_wch(w, y, 0, &cc);
	}
	panel_describe(v->g, v->cursor, width, &v->panel);
	for (int i = 0; i < v->panel.n && i < h; i++) {
		bool head = i == 0 || (i > 0 && v->panel.line[i - 1][0] == '\0');
		wattrset(w, head ? A_BOLD : A_NORMAL);
		if (i == h - 1 && v->panel.n > h)
			mvwaddstr(w, i, 2, "... (more)");
		else
			mvwaddnstr(w, i, 2, v->panel.line[i], width);
	}
	wattrset(w, A_NORMAL);
}

static void draw_status(struct tui_view *v)
{
	WINDOW *w = v->wstatus;
	char buf[512];
	werase(w);
	status_describe(v->g, buf, sizeof buf);
	wattrset(w, A_REVERSE);
	mvwhline(w, 0, 0, ' ', v->lay.w);
	mvwaddnstr(w, 0, 0, buf, v->lay.w);
	wattrset(w, A_NORMAL);
	if (v->goto_active) {
		char shown[5];
		for (int i = 0; i < 4; i++)
			shown[i] = i < v->goto_len ? v->goto_buf[i] : '_';
		shown[4] = '\0';
		snprintf(buf, sizeof buf,
			 "go to hex: %s   (four digits CCRR, Esc cancels)", shown);
	} else if (v->message[0]) {
		snprintf(buf, sizeof buf, "%s", v->message);
	} else if (v->mode == MODE_OVERVIEW) {
		snprintf(buf, sizeof buf,
			 "OVERVIEW: o or Esc back to the map; moving keys, Tab, g "
			 "and ? work here");
	} else {
		tui_key_line(buf, sizeof buf);
	}
	mvwaddnstr(w, 1, 0, buf, v->lay.w);
}

/* The help's lines: the key bindings, a blank line, the map legend. */
static size_t help_lines(const struct tui_view *v)
{
	size_t n;
	char line[8];
	tui_bindings(&n);
	int k = 0;
	while (tui_legend_line(&v->gl, k, line, sizeof line))
		k++;
	return n + 1 + (size_t)k;
}

static void help_line(const struct tui_view *v, size_t i, char *buf, size_t n)
{
	size_t nb;
	const struct tui_binding *b = tui_bindings(&nb);
	buf[0] = '\0';
	if (i < nb)
		snprintf(buf, n, "  %-6s %-21s %s", b[i].key_name, b[i].command,
			 b[i].help);
	else if (i > nb)
		tui_legend_line(&v->gl, (int)(i - nb - 1), buf, n);
}

static void draw_help(struct tui_view *v)
{
	WINDOW *w = v->whelp;
	size_t n = help_lines(v);
	int rows = v->lay.h - 3;
	werase(w);
	wattrset(w, A_BOLD);
	mvwaddnstr(w, 0, 0, "maniple keys: map view  (key, command, what it does)",
		   v->lay.w);
	wattrset(w, A_NORMAL);
	if (v->help_top < 0 || (size_t)v->help_top >= n)
		v->help_top = 0;
	for (int i = 0; i < rows && (size_t)(v->help_top + i) < n; i++) {
		char line[256];
		help_line(v, (size_t)(v->help_top + i), line, sizeof line);
		mvwaddnstr(w, 2 + i, 0, line, v->lay.w);
	}
	wattrset(w, A_REVERSE);
	mvwhline(w, v->lay.h - 1, 0, ' ', v->lay.w);
	mvwaddnstr(w, v->lay.h - 1, 0,
		   (size_t)(v->help_top + rows) < n
			   ? "Space: more   any other key: back to the map"
			   : "any key: back to the map",
		   v->lay.w);
	wattrset(w, A_NORMAL);
}

/* ---- layout and the screen ---- */

static void free_windows(struct tui_view *v)
{
	WINDOW **ws[] = {&v->wmap, &v->wpanel, &v->wstatus, &v->whelp};
	for (size_t i = 0; i < sizeof ws / sizeof ws[0]; i++)
		if (*ws[i]) {
			delwin(*ws[i]);
			*ws[i] = NULL;
		}
}

static void relayout(struct tui_view *v)
{
	int h, w;
	getmaxyx(stdscr, h, w);
	free_windows(v);
	tui_layout_compute(&v->lay, w, h);
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
	v->wpanel = newwin(l->panel_h, l->panel_w, l->panel_y, l->panel_x);
	v->wstatus = newwin(l->status_h, l->w, l->status_y, 0);
	v->whelp = newwin(l->h, l->w, 0, 0);
	if (!v->wmap || !v->wpanel || !v->wstatus || !v->whelp) {
		free_windows(v);
		v->lay.too_small = true;
		return;
	}
	v->vp.w = l->map_w;
	v->vp.h = l->map_h;
	/* a new size: put the cursor in the middle where the map allows */
	v->vp.col0 = v->cursor.col - viewport_cols(&v->vp) / 2;
	v->vp.row0 = v->cursor.row - viewport_rows(&v->vp) / 2;
	viewport_follow(&v->vp, v->cursor, v->map->col_min, v->map->col_max,
			v->map->row_min, v->map->row_max);
	v->dirty = DIRTY_ALL;
}

static void render(struct tui_view *v)
{
	if (v->lay.too_small) {
		doupdate();
		return;
	}
	if (v->mode == MODE_HELP) {
		draw_help(v);
		wnoutrefresh(v->whelp);
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
	if (v->dirty & DIRTY_PANEL) {
		draw_panel(v);
		wnoutrefresh(v->wpanel);
	}
	if (v->dirty & DIRTY_STATUS) {
		draw_status(v);
		wnoutrefresh(v->wstatus);
	}
	v->dirty = 0;
	v->nredraw_cells = 0;
	doupdate();
}

/* ---- commands ---- */

static void set_cursor(struct tui_view *v, struct hex h)
{
	if (!tui_map_hex(v->map, h)) {
		snprintf(v->message, sizeof v->message, "edge of the map");
		v->dirty |= DIRTY_STATUS;
		return;
	}
	struct hex old = v->cursor;
	v->cursor = h;
	v->dirty |= DIRTY_PANEL | DIRTY_STATUS;
	if (v->mode == MODE_OVERVIEW) {
		viewport_follow(&v->vp, h, v->map->col_min, v->map->col_max,
				v->map->row_min, v->map->row_max);
		v->dirty |= DIRTY_MAP;
		return;
	}
	if (viewport_follow(&v->vp, h, v->map->col_min, v->map->col_max,
			    v->map->row_min, v->map->row_max)) {
		v->dirty |= DIRTY_MAP;
	} else {
		v->redraw_cells[0] = old;
		v->redraw_cells[1] = h;
		v->nredraw_cells = 2;
	}
}

static void jump_to_unit(struct tui_view *v, int step)
{
	int n = v->g->nunits;
	for (int k = 1; k <= n; k++) {
		int i = ((v->unit_focus + step * k) % n + n) % n;
		const struct unit *u = &v->g->units[i];
		if (u->on_map && !u->eliminated && !u->off_map) {
			v->unit_focus = i;
			set_cursor(v, u->at.hex[0]);
			return;
		}
	}
	snprintf(v->message, sizeof v->message, "no units on the map");
	v->dirty |= DIRTY_STATUS;
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
			if (hex_parse(v->goto_buf, &h) && tui_map_hex(v->map, h)) {
				set_cursor(v, h);
			} else {
				char lo[8], hi[8];
				hex_format((struct hex){v->map->col_min, v->map->row_min},
					   lo, sizeof lo);
				hex_format((struct hex){v->map->col_max, v->map->row_max},
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
		set_cursor(v, hex_neighbour(v->cursor, (enum hexside)c));
		break;
	case TC_EAST:
		set_cursor(v, hex_neighbour(v->cursor, layout_east_side(v->cursor)));
		break;
	case TC_WEST:
		set_cursor(v, hex_neighbour(v->cursor, layout_west_side(v->cursor)));
		break;
	case TC_NEXT_UNIT:
		jump_to_unit(v, 1);
		break;
	case TC_PREV_UNIT:
		jump_to_unit(v, -1);
		break;
	case TC_ACTIVE_LEADER: {
		int a = v->g->active_leader;
		if (a >= 0 && a < v->g->nleaders && v->g->leaders[a].on_map) {
			set_cursor(v, v->g->leaders[a].hex);
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
	case TC_HELP:
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
	case TC_COUNT:
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
		if (ch == 'q')
			v->quit = true;
		return;
	}
	if (v->mode == MODE_HELP) {
		size_t n = help_lines(v);
		if (ch == ' ' && (size_t)(v->help_top + v->lay.h - 3) < n) {
			v->help_top += v->lay.h - 3;
		} else {
			v->mode = MODE_MAP;
			touchwin(v->wmap);
			touchwin(v->wpanel);
			touchwin(v->wstatus);
			v->dirty |= DIRTY_ALL;
		}
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
	const struct tui_binding *b = tui_binding_for(ch);
	if (b) {
		run_command(v, b->cmd);
	} else if (ch != ERR) {
		snprintf(v->message, sizeof v->message,
			 "that key does nothing here: ? lists the keys");
		v->dirty |= DIRTY_STATUS;
	}
}

static struct hex first_cursor(const struct game *g, const struct map *m)
{
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (u->on_map && !u->eliminated && tui_map_hex(m, u->at.hex[0]))
			return u->at.hex[0];
	}
	return (struct hex){(m->col_min + m->col_max) / 2,
			    (m->row_min + m->row_max) / 2};
}

int tui_run(struct game *g, const struct tui_options *opt)
{
	if (!g || !g->battle || !g->battle->map || !g->battle->map->hexes ||
	    g->battle->map->ncols <= 0 || g->battle->map->nrows <= 0) {
		fprintf(stderr, "maniple: no map to show\n");
		return 2;
	}
	struct tui_view *v = calloc(1, sizeof *v);
	if (!v) {
		fprintf(stderr, "maniple: out of memory\n");
		return 2;
	}
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
	v->g = g;
	v->map = g->battle->map;
	tui_glyphs_init(&v->gl, utf8);
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	set_escdelay(25);
	curs_set(0);
	palette_init(&v->pal, g->battle, opt ? opt->colours : -1);
	v->ovl_stack = true;
	v->unit_focus = -1;
	v->cursor = first_cursor(g, v->map);
	v->vp.col0 = v->map->col_min;
	v->vp.row0 = v->map->row_min;
	relayout(v);
	while (!v->quit) {
		render(v);
		int ch = getch();
		if (ch == ERR)
			break; /* the terminal went away */
		handle_key(v, ch);
	}
	free_windows(v);
	endwin();
	delscreen(scr);
	free(v);
	return 0;
}
