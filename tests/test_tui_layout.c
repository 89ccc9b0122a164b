/* test_tui_layout.c — the map view's arithmetic and words: window layout,
 * where hexes land on the screen, scrolling that follows the cursor, the
 * overview scale, the key binding table, glyphs and the side panel. */
#include <criterion/criterion.h>
#include <curses.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/game.h"
#include "maniple/gboh_mapview.h"
#include "maniple/hooks.h"
#include "maniple/sequence.h"

#include "../src/tui/describe.h"
#include "../src/tui/glyphs.h"
#include "../src/tui/keys.h"
#include "../src/tui/layout.h"
#include "../src/tui/seam.h"

Test(tui_layout, at_80x24_the_map_panel_and_status_fill_the_screen)
{
	struct tui_layout l;
	tui_layout_compute(&l, 80, 24);
	cr_assert(!l.too_small);
	cr_assert_eq(l.map_w + l.panel_w, 80);
	cr_assert_eq(l.panel_x, l.map_w);
	cr_assert_eq(l.map_h + l.status_h, 24);
	cr_assert_eq(l.status_y, 22);
	/* HEX.md: roughly 14-18 hexes across and 10 down at 80x24 */
	struct tui_viewport v = {.w = l.map_w, .h = l.map_h};
	cr_assert_geq(viewport_cols(&v), 14);
	cr_assert_geq(viewport_rows(&v), 10);
}

Test(tui_layout, below_80x24_is_too_small)
{
	struct tui_layout l;
	tui_layout_compute(&l, 79, 24);
	cr_assert(l.too_small);
	tui_layout_compute(&l, 80, 23);
	cr_assert(l.too_small);
	tui_layout_compute(&l, 60, 20);
	cr_assert(l.too_small);
	tui_layout_compute(&l, 100, 30);
	cr_assert(!l.too_small);
	cr_assert_eq(l.map_w, 100 - TUI_PANEL_W);
}

/* The event log at 80x24 takes the side panel's place; the map keeps its
 * size (HEX.md's 14 hexes across). */
Test(tui_layout, at_80x24_the_log_replaces_the_panel)
{
	struct tui_layout l;
	tui_layout_compute(&l, 80, 24);
	cr_assert(l.panel_shown);
	cr_assert(!l.log_shown); /* no room for both: hidden until asked */
	tui_layout_compute_log(&l, 80, 24, 1);
	cr_assert(!l.too_small);
	cr_assert(l.log_shown);
	cr_assert(!l.panel_shown);
	cr_assert_eq(l.log_x, 80 - TUI_PANEL_W);
	cr_assert_eq(l.log_w, TUI_PANEL_W);
	cr_assert_eq(l.log_y, 0);
	cr_assert_eq(l.log_h, 22);
	cr_assert_eq(l.map_w, 80 - TUI_PANEL_W);
	cr_assert_eq(l.status_y, 22);
	struct tui_viewport v = {.w = l.map_w, .h = l.map_h};
	cr_assert_geq(viewport_cols(&v), 14);
	tui_layout_compute_log(&l, 80, 24, 0);
	cr_assert(l.panel_shown && !l.log_shown);
}

/* 160x50: map, panel and log side by side, nothing overlapping, the
 * whole width used; hiding the log gives its room to the map. */
Test(tui_layout, at_160x50_the_panel_and_the_log_both_show)
{
	struct tui_layout l;
	tui_layout_compute(&l, 160, 50);
	cr_assert(!l.too_small);
	cr_assert(l.panel_shown && l.log_shown);
	cr_assert_eq(l.map_x, 0);
	cr_assert_eq(l.panel_x, l.map_w);
	cr_assert_eq(l.log_x, l.panel_x + l.panel_w);
	cr_assert_eq(l.log_x + l.log_w, 160);
	cr_assert_geq(l.log_w, TUI_LOG_W_MIN);
	cr_assert_leq(l.log_w, TUI_LOG_W_MAX);
	cr_assert_eq(l.map_h, 48);
	cr_assert_eq(l.panel_h, 48);
	cr_assert_eq(l.log_h, 48);
	cr_assert_eq(l.status_y, 48);
	struct tui_viewport v = {.w = l.map_w, .h = l.map_h};
	cr_assert_geq(viewport_cols(&v), 20);
	cr_assert_geq(viewport_rows(&v), 23);
	tui_layout_compute_log(&l, 160, 50, 0);
	cr_assert(!l.log_shown);
	cr_assert_eq(l.map_w, 160 - TUI_PANEL_W);
}

/* Tall but not wide: the panel above the log in one column. */
Test(tui_layout, tall_and_narrow_stacks_the_panel_over_the_log)
{
	struct tui_layout l;
	tui_layout_compute(&l, 100, 50);
	cr_assert(l.panel_shown && l.log_shown);
	cr_assert_eq(l.log_x, l.panel_x);
	cr_assert_eq(l.log_y, l.panel_h);
	cr_assert_eq(l.panel_h + l.log_h, 48);
	cr_assert_eq(l.map_w, 100 - TUI_PANEL_W);
}

Test(tui_layout, odd_columns_are_drawn_half_a_hex_lower)
{
	struct tui_viewport v = {.col0 = 20, .row0 = 10, .w = 56, .h = 22};
	int x, y;
	viewport_cell(&v, (struct hex){20, 10}, &x, &y);
	cr_assert_eq(x, 0);
	cr_assert_eq(y, 0);
	viewport_cell(&v, (struct hex){21, 10}, &x, &y);
	cr_assert_eq(x, TUI_COL_PITCH);
	cr_assert_eq(y, 1);
	viewport_cell(&v, (struct hex){20, 11}, &x, &y);
	cr_assert_eq(x, 0);
	cr_assert_eq(y, TUI_ROW_PITCH);
	/* an odd column's hex sits between its even neighbours' rows: 2110 is
	 * across the ESE side of 2010 and the ENE side of 2011 */
	cr_assert(hex_eq(hex_neighbour((struct hex){20, 10}, SIDE_ESE),
			 (struct hex){21, 10}));
	cr_assert(hex_eq(hex_neighbour((struct hex){20, 11}, SIDE_ENE),
			 (struct hex){21, 10}));
}

Test(tui_layout, follow_shows_every_hex_and_stays_on_the_map)
{
	/* a 36 x 31 map, row 00 included, in an 80x24 screen's map window */
	const int cmin = 10, cmax = 45, rmin = 0, rmax = 30;
	int starts[][2] = {{10, 0}, {30, 20}, {45, 30}, {0, -5}};
	for (size_t s = 0; s < sizeof starts / sizeof starts[0]; s++)
		for (int c = cmin; c <= cmax; c++)
			for (int r = rmin; r <= rmax; r++) {
				struct tui_viewport v = {.col0 = starts[s][0],
							 .row0 = starts[s][1],
							 .w = 56, .h = 22};
				struct hex h = {c, r};
				viewport_follow(&v, h, cmin, cmax, rmin, rmax);
				cr_assert(viewport_shows(&v, h),
					  "hex %02d%02d not shown", c, r);
				cr_assert_geq(v.col0, cmin);
				cr_assert_geq(v.row0, rmin);
				cr_assert_leq(v.col0 + viewport_cols(&v) - 1, cmax);
				cr_assert_leq(v.row0 + viewport_rows(&v) - 1, rmax);
			}
}

Test(tui_layout, follow_does_not_scroll_for_a_step_inside_the_view)
{
	struct tui_viewport v = {.col0 = 10, .row0 = 0, .w = 56, .h = 22};
	cr_assert(!viewport_follow(&v, (struct hex){15, 5}, 10, 45, 0, 30));
	cr_assert_eq(v.col0, 10);
	/* one hex from the right edge: scrolls to keep a margin */
	cr_assert(viewport_follow(&v, (struct hex){23, 5}, 10, 45, 0, 30));
	cr_assert_eq(v.col0, 11);
}

Test(tui_layout, a_small_map_is_not_scrolled)
{
	struct tui_viewport v = {.col0 = 20, .row0 = 10, .w = 56, .h = 22};
	viewport_follow(&v, (struct hex){25, 12}, 20, 27, 10, 15);
	cr_assert_eq(v.col0, 20);
	cr_assert_eq(v.row0, 10);
}

Test(tui_layout, overview_fits_the_whole_map)
{
	int cpc, rpl;
	overview_scale(36, 31, 56, 21, &cpc, &rpl);
	cr_assert_eq(cpc, 1);
	cr_assert_eq(rpl, 2);
	overview_scale(120, 31, 56, 21, &cpc, &rpl);
	cr_assert_leq((120 + cpc - 1) / cpc, 56);
	overview_scale(10, 10, 0, 0, &cpc, &rpl);
	cr_assert_geq(cpc, 1);
}

Test(tui_layout, right_and_left_keep_the_row_number)
{
	for (int c = 10; c < 20; c++) {
		struct hex h = {c, 7};
		struct hex e = hex_neighbour(h, layout_east_side(h));
		struct hex w = hex_neighbour(h, layout_west_side(h));
		cr_assert_eq(e.col, c + 1);
		cr_assert_eq(e.row, 7);
		cr_assert_eq(w.col, c - 1);
		cr_assert_eq(w.row, 7);
	}
}

Test(tui_keys, one_table_every_key_once_every_command_bound)
{
	size_t n;
	const struct tui_binding *b = tui_bindings(NULL, &n);
	bool bound[TC_COUNT] = {false};
	for (size_t i = 0; i < n; i++) {
		for (size_t j = i + 1; j < n; j++)
			cr_assert_neq(b[i].key, b[j].key, "key %s bound twice",
				      b[i].key_name);
		cr_assert(b[i].help && b[i].help[0]);
		cr_assert(b[i].command && b[i].command[0]);
		cr_assert_eq(tui_binding_for(NULL, b[i].key), &b[i]);
		bound[b[i].cmd] = true;
	}
	for (int c = 0; c < TC_COUNT; c++)
		cr_assert(bound[c], "command %d has no key", c);
	cr_assert_null(tui_binding_for(NULL, 'X'));
}

Test(tui_keys, six_hexside_directions_and_goto_and_quit)
{
	const char keys[] = "kunjby";
	for (int d = 0; d < HEXSIDE_COUNT; d++)
		cr_assert_eq((int)tui_binding_for(NULL, keys[d])->cmd, d);
	cr_assert_eq(tui_binding_for(NULL, 'g')->cmd, TC_GOTO);
	cr_assert_eq(tui_binding_for(NULL, 'o')->cmd, TC_OVERVIEW);
	cr_assert_eq(tui_binding_for(NULL, '?')->cmd, TC_HELP);
	cr_assert_eq(tui_binding_for(NULL, 'q')->cmd, TC_QUIT);
	/* playing: the `:` line, the legal list, the event log */
	cr_assert_eq(tui_binding_for(NULL, ':')->cmd, TC_COMMAND);
	cr_assert_eq(tui_binding_for(NULL, '\r')->cmd, TC_LEGAL);
	cr_assert_eq(tui_binding_for(NULL, 'e')->cmd, TC_LOG);
}

/* The `:` line's and the legal list's keys: each key once per mode, every
 * command bound, Enter and Esc in both. */
Test(tui_keys, the_line_and_list_modes_have_their_own_tables)
{
	int counts[KM_COUNT] = {LC_COUNT, PC_COUNT};
	for (int m = 0; m < KM_COUNT; m++) {
		size_t n;
		const struct tui_mode_binding *b =
			tui_mode_bindings(NULL, (enum tui_keymode)m, &n);
		bool bound[16] = {false};
		cr_assert_leq(counts[m], 16);
		for (size_t i = 0; i < n; i++) {
			for (size_t j = i + 1; j < n; j++)
				cr_assert_neq(b[i].key, b[j].key, "%s twice",
					      b[i].key_name);
			cr_assert(b[i].help && b[i].help[0]);
			cr_assert_eq(tui_mode_binding_for(NULL,
							  (enum tui_keymode)m,
							  b[i].key),
				     &b[i]);
			bound[b[i].cmd] = true;
		}
		for (int c = 0; c < counts[m]; c++)
			cr_assert(bound[c], "mode %d command %d has no key", m, c);
		/* the lesson box's few keys stand over the map's: Esc and
		 * Enter go on to the map, the prompt, the list */
		bool over_map = m == KM_LESSON;
		cr_assert_eq(tui_mode_binding_for(NULL, (enum tui_keymode)m,
						  27) != NULL,
			     !over_map, "mode %d: Esc", m);
		cr_assert_eq(tui_mode_binding_for(NULL, (enum tui_keymode)m,
						  '\r') != NULL,
			     !over_map, "mode %d: Enter", m);
		cr_assert(tui_mode_title((enum tui_keymode)m)[0]);
	}
	cr_assert_eq(tui_mode_binding_for(NULL, KM_LINE, '\t')->cmd,
		     LC_COMPLETE);
	cr_assert_eq(tui_mode_binding_for(NULL, KM_LIST, '\r')->cmd, PC_RUN);
	cr_assert_null(tui_mode_binding_for(NULL, KM_LINE, 'a')); /* typed */
}

Test(tui_keys, the_key_line_fits_80_columns_and_names_help_and_quit)
{
	char buf[256];
	tui_key_line(NULL, buf, sizeof buf);
	cr_assert_leq(strlen(buf), 80);
	cr_assert(strstr(buf, "? help"));
	cr_assert(strstr(buf, "q quit"));
	cr_assert(strstr(buf, "g goto"));
	cr_assert(strstr(buf, ": cmd"));
	cr_assert(strstr(buf, "Enter legal"));
	cr_assert(strstr(buf, "e log"));
	char tiny[8];
	tui_key_line(NULL, tiny, sizeof tiny);
	cr_assert_lt(strlen(tiny), sizeof tiny);
	/* a narrow screen: the help's and quit's hints stay, the table's
	 * first then, the later ones go */
	char narrow[41];
	tui_key_line(NULL, narrow, sizeof narrow);
	cr_assert_leq(strlen(narrow), 40, "%s", narrow);
	cr_assert(strstr(narrow, "? help") && strstr(narrow, "q quit") &&
			  strstr(narrow, "move"),
		  "%s", narrow);
	cr_assert_null(strstr(narrow, "o overview"), "%s", narrow);
}

/* The parts of a key line fitted to a width: two spaces between them,
 * one when that lets them all stand, then the highest rank left out
 * first; rank 0 stays, cut when even it is too long. */
Test(tui_keys, hints_are_fitted_by_rank)
{
	const struct tui_hint_part p[] = {
		{"HEAD", 0}, {"a aa", 2}, {"b bb", 1}, {"c cc", 3}, {"? k", 0},
	};
	char buf[64];
	cr_assert_str_eq(tui_fit_hints(p, 5, 40, buf, sizeof buf),
			 "HEAD  a aa  b bb  c cc  ? k");
	cr_assert_str_eq(tui_fit_hints(p, 5, 23, buf, sizeof buf),
			 "HEAD a aa b bb c cc ? k");
	cr_assert_str_eq(tui_fit_hints(p, 5, 22, buf, sizeof buf),
			 "HEAD  a aa  b bb  ? k");
	cr_assert_str_eq(tui_fit_hints(p, 5, 13, buf, sizeof buf),
			 "HEAD b bb ? k");
	cr_assert_str_eq(tui_fit_hints(p, 5, 8, buf, sizeof buf), "HEAD ? k");
	cr_assert_str_eq(tui_fit_hints(p, 5, 5, buf, sizeof buf), "HEAD ");
	char small[6]; /* the buffer's room is a width too */
	cr_assert_str_eq(tui_fit_hints(p, 5, 40, small, sizeof small), "HEAD ");
}

Test(tui_glyphs, ascii_when_the_codeset_is_not_utf8)
{
	cr_assert(tui_codeset_is_utf8("UTF-8"));
	cr_assert(tui_codeset_is_utf8("utf8"));
	cr_assert(!tui_codeset_is_utf8("ANSI_X3.4-1968"));
	cr_assert(!tui_codeset_is_utf8(NULL));
	struct tui_glyphs gl;
	tui_glyphs_init(&gl, false);
	for (int t = 0; t < TERRAIN_COUNT; t++)
		cr_assert_lt(gl.terrain[t], 128);
	for (int f = 0; f < FACING_COUNT; f++)
		cr_assert_lt(gl.facing[f], 128);
	for (int d = 0; d < HEXSIDE_COUNT; d++)
		cr_assert_lt(gl.column[d], 128);
	cr_assert_lt(gl.leader, 128);
	/* terrain reads without colour: five different glyphs (6.23) */
	for (int a = 0; a < TERRAIN_COUNT; a++)
		for (int b = a + 1; b < TERRAIN_COUNT; b++)
			cr_assert_neq(gl.terrain[a], gl.terrain[b]);
}

/* In both glyph sets the features read without colour: each its own
 * glyph, none a terrain, leader or facing glyph; ASCII only in ASCII. */
Test(tui_glyphs, hexside_feature_glyphs_differ_from_everything_else)
{
	for (int set = 0; set < 2; set++) {
		struct tui_glyphs gl;
		tui_glyphs_init(&gl, set == 1);
		for (int a = 0; a < TF_COUNT; a++) {
			cr_assert_neq(gl.feature[a], L' ');
			if (set == 0)
				cr_assert_lt(gl.feature[a], 128);
			for (int b = a + 1; b < TF_COUNT; b++)
				cr_assert_neq(gl.feature[a], gl.feature[b]);
			for (int t = 0; t < TERRAIN_COUNT; t++)
				cr_assert_neq(gl.feature[a], gl.terrain[t]);
			for (int f = 0; f < FACING_COUNT; f++)
				cr_assert_neq(gl.feature[a], gl.facing[f]);
			for (int d = 0; d < HEXSIDE_COUNT; d++)
				cr_assert_neq(gl.feature[a], gl.column[d]);
			cr_assert_neq(gl.feature[a], gl.leader);
			cr_assert(!(gl.feature[a] >= '0' && gl.feature[a] <= '9'));
			cr_assert(!(gl.feature[a] >= 'A' && gl.feature[a] <= 'Z'));
			cr_assert(!(gl.feature[a] >= 'a' && gl.feature[a] <= 'z'));
			cr_assert_neq(gl.feature[a], L'+'); /* more markers */
		}
	}
}

/* Each side has its own edge characters, and across a side the two hexes'
 * marks touch on the screen: a stream between two columns is one band. */
Test(tui_glyphs, a_hexside_is_drawn_where_the_two_hexes_meet)
{
	bool used[2][4] = {{false}};
	for (int d = 0; d < HEXSIDE_COUNT; d++) {
		int line[2], col[2];
		int k = tui_side_cells((enum hexside)d, line, col);
		cr_assert(k == 1 || k == 2);
		for (int i = 0; i < k; i++) {
			cr_assert(line[i] >= 0 && line[i] < 2);
			cr_assert(col[i] >= 0 && col[i] < 4);
			cr_assert(!used[line[i]][col[i]], "side %d", d);
			used[line[i]][col[i]] = true;
		}
	}
	int line[2], col[2];
	cr_assert_eq(tui_side_cells(HEXSIDE_COUNT, line, col), 0);

	struct tui_viewport v = {.col0 = 20, .row0 = 10, .w = 56, .h = 22};
	struct hex hs[] = {{24, 14}, {25, 14}}; /* an even and an odd column */
	for (int j = 0; j < 2; j++)
		for (int d = 0; d < HEXSIDE_COUNT; d++) {
			struct hex h = hs[j];
			struct hex n = hex_neighbour(h, (enum hexside)d);
			int od = (d + 3) % HEXSIDE_COUNT;
			int hl[2], hc[2], nl[2], nc[2], hx, hy, nx, ny;
			int kh = tui_side_cells((enum hexside)d, hl, hc);
			int kn = tui_side_cells((enum hexside)od, nl, nc);
			cr_assert_eq(kh, kn);
			viewport_cell(&v, h, &hx, &hy);
			viewport_cell(&v, n, &nx, &ny);
			for (int i = 0; i < kh; i++) {
				int dx = (nx + nc[i]) - (hx + hc[i]);
				int dy = (ny + nl[i]) - (hy + hl[i]);
				if (d == SIDE_N || d == SIDE_S)
					cr_assert(dx == 0 && (dy == 1 || dy == -1),
						  "hex %d side %d: %d,%d", j, d,
						  dx, dy);
				else
					cr_assert(dy == 0 && (dx == 1 || dx == -1),
						  "hex %d side %d: %d,%d", j, d,
						  dx, dy);
			}
		}
}

/* The ? help's legend names every terrain and hexside feature glyph. */
Test(tui_glyphs, the_legend_shows_every_feature_glyph)
{
	struct tui_glyphs gl;
	tui_glyphs_init(&gl, false);
	char all[1024] = "", line[128];
	for (int i = 0; tui_legend_line(&gl, i, line, sizeof line); i++) {
		cr_assert_lt(strlen(line), 80);
		strcat(all, line);
		strcat(all, "\n");
	}
	const char *names[] = {"stream",     "river",	  "camp rampart",
			       "Roman road", "dirt road", "city wall",
			       "steep bank"};
	const enum tui_feature fs[] = {TF_STREAM,     TF_RIVER,	    TF_RAMPART,
				       TF_ROMAN_ROAD, TF_DIRT_ROAD, TF_WALL,
				       TF_STEEP_BANK};
	for (int i = 0; i < 7; i++) {
		char want[64];
		snprintf(want, sizeof want, "%c %s", (char)gl.feature[fs[i]],
			 names[i]);
		cr_assert_not_null(strstr(all, want), "%s in\n%s", want, all);
	}
	for (int t = 0; t < TERRAIN_COUNT; t++) {
		char want[64]; /* the map file's word, in words */
		snprintf(want, sizeof want, "%c %s", (char)gl.terrain[t],
			 terrain_name(t));
		for (char *u = strchr(want, '_'); u; u = strchr(u, '_'))
			*u = ' ';
		cr_assert_not_null(strstr(all, want), "%s in\n%s", want, all);
	}
}

Test(tui_glyphs, type_glyphs_differ_and_west_facings_mark_on_the_left)
{
	for (int a = 0; a < UNIT_TYPE_COUNT; a++)
		for (int b = a + 1; b < UNIT_TYPE_COUNT; b++)
			cr_assert_neq(gboh_type_glyph(a), gboh_type_glyph(b));
	/* 7.11 vertex facings; 6.73 column headings */
	cr_assert(tui_facing_mark_left(FACE_W, false));
	cr_assert(tui_facing_mark_left(FACE_NW, false));
	cr_assert(!tui_facing_mark_left(FACE_E, false));
	cr_assert(!tui_facing_mark_left(SIDE_N, true));
	cr_assert(tui_facing_mark_left(SIDE_WSW, true));
	short c;
	cr_assert(tui_colour_by_name("red", 8, &c));
	cr_assert(tui_colour_by_name("Blue", 256, &c));
	/* the side colours in the first eight on any terminal: a counter's
	 * background in 5 bytes, not 11 */
	cr_assert_eq(c, COLOR_BLUE);
	cr_assert(tui_colour_by_name("red", 256, &c));
	cr_assert_eq(c, COLOR_RED);
	cr_assert(tui_colour_by_name("gold", 256, &c));
	cr_assert_geq(c, 16, "gold is one of the 256");
	cr_assert(!tui_colour_by_name("plaid", 256, &c));
}

/* A 5 x 5 map with one phalanx, one velites unit and a leader. */
static struct game *tiny_game(void)
{
	struct game *g = calloc(1, sizeof *g);
	struct battle *b = calloc(1, sizeof *b);
	struct map *m = calloc(1, sizeof *m);
	cr_assert(g && b && m);
	m->col_min = 26, m->col_max = 30, m->row_min = 18, m->row_max = 22;
	m->ncols = 5, m->nrows = 5;
	m->hexes = calloc(25, sizeof *m->hexes);
	m->hexes[(27 - 26) * 5 + (19 - 18)].terrain = TERRAIN_WOODS;
	m->hexes[(27 - 26) * 5 + (19 - 18)].elevation = 2;
	m->hexes[(27 - 26) * 5 + (19 - 18)].side[SIDE_N] = HSF_STREAM;
	b->map = m;
	strcpy(b->name, "Tiny");
	strcpy(b->sides[0].id, "rome");
	strcpy(b->sides[0].name, "Rome");
	strcpy(b->sides[1].id, "carthage");
	strcpy(b->sides[1].name, "Carthage");
	b->turn_limit = 6;
	g->battle = b;
	g->hooks = &gboh_hooks; /* as game_new does (rules.c) */
	g->turn = 2;
	g->phase = PHASE_MOVEMENT;
	g->active_leader = -1;

	struct unit *u = &g->units[g->nunits++];
	strcpy(game_unit_text(g, u)->id, "ph1");
	strcpy(game_unit_text(g, u)->name, "Phalanx");
	u->side = 1, u->type = UT_PH, u->size = 10, u->tq = 7, u->ma = 4;
	u->ma_ext = 5, u->hits = 3, u->on_map = true;
	/* 6.44 example: phalanx 2620/2621 facing E */
	game_unit_place(g, u, (struct footprint){{{26, 20}, {26, 21}}, FACE_E, false, false});

	u = &g->units[g->nunits++];
	strcpy(game_unit_text(g, u)->id, "ve1");
	strcpy(game_unit_text(g, u)->name, "Velites of the Third Legion");
	strcpy(u->cls, "VE");
	u->side = 0, u->type = UT_LI, u->size = 2, u->tq = 5, u->ma = 6;
	u->missile = MC_J, u->supply = SUPPLY_LOW, u->routed = true;
	u->moved_turn = true, u->on_map = true;
	game_unit_place(g, u, (struct footprint){{{27, 19}, HEX_NONE}, FACE_NE, false, false});

	struct leader *l = &g->leaders[g->nleaders++];
	strcpy(l->id, "consul");
	strcpy(game_leader_text(g, l)->name, "the Consul");
	l->side = 0, l->initiative = 4, l->command_range = 5;
	l->line_command = 1, l->strategy = 3, l->charisma = 1;
	l->overall = true, l->on_map = true, l->available = true;
	l->hex = (struct hex){27, 19};
	return g;
}

static void free_tiny(struct game *g)
{
	free(g->battle->map->hexes);
	free(g->battle->map);
	free(g->battle);
	free(g);
}

/* The feature the map draws on a hexside with these map bits: through
 * the view-model's features (most important first) and the view's glyph
 * slots, as the map's cells do. */
static enum tui_feature drawn_feature(struct game *g, unsigned hsf)
{
	g->battle->map->hexes[0].side[SIDE_S] = (uint8_t)hsf;
	struct map_view *mv = gboh_map_view(g);
	cr_assert_not_null(mv);
	enum tui_feature slot[MV_CLASSES_MAX];
	for (int i = 0; i < MV_CLASSES_MAX; i++)
		slot[i] = i < mv->nfeatures
				  ? tui_feature_slot(mv->features[i].name)
				  : TF_NONE;
	const struct mv_hex *x = mapview_hex(mv, (struct hex){26, 18});
	cr_assert_not_null(x);
	enum tui_feature f = tui_first_feature(x->side[SIDE_S], slot);
	mapview_free(mv);
	return f;
}

/* 6.24, 6.27: streams, rivers, ramparts and roads are drawn; water and
 * the rampart before a road when a hexside has several. */
/* The map's legend names GBA's river hexes, walls and steep banks (GBA
 * 6.26, 6.29) only on a map that has one. */
static bool legend_names_gba_ground(struct game *g)
{
	struct map_view *mv = gboh_map_view(g);
	cr_assert_not_null(mv);
	struct tui_glyphs gl;
	tui_glyphs_init(&gl, false);
	struct tui_legend *l = calloc(1, sizeof *l);
	cr_assert_not_null(l);
	tui_map_legend(&gl, mv, NULL, false, false, 78, l);
	bool found = false;
	for (int i = 0; i < l->n; i++)
		found = found || strstr(l->line[i], "city wall");
	free(l);
	mapview_free(mv);
	return found;
}

Test(tui_glyphs, the_map_legend_names_gba_ground_where_there_is_some)
{
	struct game *g = tiny_game();
	cr_expect_not(legend_names_gba_ground(g));
	g->battle->map->hexes[3].terrain = TERRAIN_MAJOR_RIVER;
	cr_expect(legend_names_gba_ground(g), "GBA 6.29");
	g->battle->map->hexes[3].terrain = TERRAIN_CLEAR;
	g->battle->map->hexes[0].side[SIDE_S] = HSF_WALL;
	cr_expect(legend_names_gba_ground(g), "GBA 6.26");
	free_tiny(g);
}

Test(tui_glyphs, a_hexside_shows_its_most_important_feature)
{
	struct game *g = tiny_game();
	cr_assert_eq(drawn_feature(g, 0), TF_NONE);
	cr_assert_eq(drawn_feature(g, HSF_STREAM), TF_STREAM);
	cr_assert_eq(drawn_feature(g, HSF_RIVER), TF_RIVER);
	cr_assert_eq(drawn_feature(g, HSF_RAMPART), TF_RAMPART);
	cr_assert_eq(drawn_feature(g, HSF_ROMAN_ROAD), TF_ROMAN_ROAD);
	cr_assert_eq(drawn_feature(g, HSF_DIRT_ROAD), TF_DIRT_ROAD);
	cr_assert_eq(drawn_feature(g, HSF_STREAM | HSF_ROMAN_ROAD), TF_STREAM);
	cr_assert_eq(drawn_feature(g, HSF_RAMPART | HSF_DIRT_ROAD), TF_RAMPART);
	cr_assert_eq(drawn_feature(g, HSF_RIVER | HSF_STREAM), TF_RIVER);
	/* GBA 6.26, 6.29: walls and steep banks have their glyphs; a gate
	 * shows its road, a minor river as a river, a steep-banked stream
	 * its stream */
	cr_assert_eq(drawn_feature(g, HSF_WALL), TF_WALL);
	cr_assert_eq(drawn_feature(g, HSF_WALL | HSF_DIRT_ROAD), TF_DIRT_ROAD);
	cr_assert_eq(drawn_feature(g, HSF_STEEP_BANK), TF_STEEP_BANK);
	cr_assert_eq(drawn_feature(g, HSF_STEEP_BANK | HSF_STREAM), TF_STREAM);
	cr_assert_eq(drawn_feature(g, HSF_MINOR_RIVER), TF_RIVER);
	cr_assert_eq(tui_terrain_slot("major river"), TT_MAJOR_RIVER);
	cr_assert_eq(tui_terrain_slot("rocky river bed"), TT_ROCKY_RIVER_BED);
	cr_assert_str_eq(tui_feature_name(TF_RAMPART), "camp rampart");
	free_tiny(g);
}

static bool panel_has(const struct panel_text *p, const char *s)
{
	for (int i = 0; i < p->n; i++)
		if (strstr(p->line[i], s))
			return true;
	return false;
}

/* A session holding g alone, its ruleset the default one, as the view
 * reaches a game (seam.h). */
static struct session on(struct game *g)
{
	struct session s;
	memset(&s, 0, sizeof s);
	s.game = g;
	s.rulesets = gboh_rulesets();
	return s;
}

Test(tui_panel, a_two_hex_unit_is_found_on_both_its_hexes)
{
	struct game *g = tiny_game();
	struct session s = on(g);
	struct map_view *mv = tui_map_view(&s);
	cr_assert_not_null(mv);
	int u[4];
	cr_assert_eq(mapview_pieces_at(mv, (struct hex){26, 20}, false, u, 4),
		     1);
	cr_assert_eq(mapview_pieces_at(mv, (struct hex){26, 21}, false, u, 4),
		     1);
	cr_assert_str_eq(mv->pieces[u[0]].id, "ph1");
	cr_assert_eq(mapview_pieces_at(mv, (struct hex){26, 22}, false, u, 4),
		     0);
	mapview_free(mv);
	free_tiny(g);
}

Test(tui_panel, names_the_unit_with_every_rating_and_marker)
{
	struct game *g = tiny_game();
	struct session s = on(g);
	struct panel_text p;
	panel_describe(&s, (struct hex){27, 19}, 22, &p);
	for (int i = 0; i < p.n; i++)
		cr_assert_leq(strlen(p.line[i]), 22);
	cr_assert(panel_has(&p, "Hex 2719 woods lvl 2"));
	cr_assert(panel_has(&p, "stream:N"));
	/* a stack: its pieces named a line each before their long lines
	 * (a class too wide for the panel on the line under) */
	cr_assert_str_eq(p.line[2], "+ve1 0/5 RLM light");
	cr_assert_str_eq(p.line[3], " infantry");
	cr_assert_str_eq(p.line[4], "+consul leader");
	cr_assert_str_eq(p.line[5], "");
	cr_assert(panel_has(&p, "ve1 (rome)"));
	cr_assert(panel_has(&p, "Velites"));
	cr_assert(panel_has(&p, "LI/VE size 2 TQ 5"));
	cr_assert(panel_has(&p, "hits 0  MA 6"));
	cr_assert(panel_has(&p, "missile J low")); /* 8.17 */
	cr_assert(panel_has(&p, "facing NE"));
	cr_assert(panel_has(&p, "routed"));	/* 10.2 */
	cr_assert(panel_has(&p, "moved"));
	/* the leader's ratings (4.1) */
	cr_assert(panel_has(&p, "consul (rome)"));
	cr_assert(panel_has(&p, "Init 4 Range 5"));
	cr_assert(panel_has(&p, "Line 1 Strat 3 Char 1"));
	free_tiny(g);
}

Test(tui_panel, a_phalanx_shows_both_hexes_and_its_extended_ma)
{
	struct game *g = tiny_game();
	struct session s = on(g);
	struct panel_text p;
	panel_describe(&s, (struct hex){26, 21}, 22, &p);
	cr_assert(panel_has(&p, "ph1 (carthage)"));
	cr_assert(panel_has(&p, "hexes 2620/2621"));
	cr_assert(panel_has(&p, "MA 4/5")); /* 6.41 */
	cr_assert(panel_has(&p, "hits 3"));
	panel_describe(&s, (struct hex){40, 40}, 22, &p);
	cr_assert(panel_has(&p, "off the map"));
	free_tiny(g);
}

Test(tui_panel, marker_codes_put_routed_first)
{
	struct game *g = tiny_game();
	char codes[8];
	/* the markers come with the map view-model (gboh_mapview.h) */
	struct map_view *mv = gboh_map_view(g);
	cr_assert_not_null(mv);
	const struct mv_piece *ve = mapview_piece(mv, g->units[1].id);
	const struct mv_piece *ph = mapview_piece(mv, g->units[0].id);
	cr_assert(ve && ph);
	int n = mapview_marker_codes(ve, codes, sizeof codes);
	cr_assert_eq(n, 3);
	cr_assert_str_eq(codes, "RLM");
	cr_assert_eq(mapview_marker_codes(ph, codes, sizeof codes), 0);
	mapview_free(mv);
	free_tiny(g);
}

Test(tui_status, says_battle_turn_phase_and_whose_decision)
{
	struct game *g = tiny_game();
	struct session s = on(g);
	char buf[256];
	status_describe(&s, buf, sizeof buf);
	cr_assert(strstr(buf, "Tiny"));
	cr_assert(strstr(buf, "Turn 2/6"));
	cr_assert(strstr(buf, "Movement"));
	/* 3.0: no decision derived yet (a sandbox), `continue` goes on */
	cr_assert(strstr(buf, "continue"));
	g->phase = PHASE_OVER;
	g->seq.result = RESULT_SIDE0;
	status_describe(&s, buf, sizeof buf);
	cr_assert(strstr(buf, "battle over: Rome wins (11.2)"), "%s", buf);
	free_tiny(g);
}

/* The detail levels: 80x24 keeps the compact map (14x10 hexes, as
 * before); a terminal with room for as many outlined hexes gets them. */
Test(tui_layout, outlined_hexes_where_as_many_show)
{
	struct tui_layout l;
	tui_layout_compute(&l, 80, 24);
	cr_assert_eq(viewport_detail_for(l.map_w, l.map_h), TUI_COMPACT);
	tui_layout_compute(&l, 120, 40);
	cr_assert_eq(viewport_detail_for(l.map_w, l.map_h), TUI_COMPACT);
	tui_layout_compute(&l, 160, 50);
	cr_assert_eq(viewport_detail_for(l.map_w, l.map_h), TUI_OUTLINED);
	struct tui_viewport v = {.w = l.map_w, .h = l.map_h,
				 .detail = TUI_OUTLINED};
	cr_assert_geq(viewport_cols(&v), TUI_MIN_COLS);
	cr_assert_geq(viewport_rows(&v), TUI_MIN_ROWS);
	/* the counts are of whole cells */
	v.col0 = 20, v.row0 = 10;
	struct hex last = {20 + viewport_cols(&v) - 1, 10 + viewport_rows(&v) - 1};
	if (!(last.col & 1))
		last.col--; /* the lower column */
	cr_assert(viewport_shows(&v, last));
}

/* Outlined hexes share their outlines: a column pitch of 6 in an 8-wide
 * cell, a row pitch of 4 in a 5-high one, odd columns half a hex (two
 * lines) lower; the glyph stands in the middle of the top inside line. */
Test(tui_layout, outlined_neighbours_share_their_outline)
{
	struct tui_viewport v = {.col0 = 20, .row0 = 10, .w = 91, .h = 48,
				 .detail = TUI_OUTLINED};
	int x, y;
	cr_assert_eq(viewport_cell_w(&v), 8);
	cr_assert_eq(viewport_cell_h(&v), 5);
	viewport_cell(&v, (struct hex){21, 10}, &x, &y);
	cr_assert_eq(x, 6);
	cr_assert_eq(y, 2);
	viewport_cell(&v, (struct hex){20, 11}, &x, &y);
	cr_assert_eq(x, 0);
	cr_assert_eq(y, 4);
	viewport_glyph(&v, (struct hex){20, 10}, &x, &y);
	cr_assert_eq(x, 3);
	cr_assert_eq(y, 1);
	v.detail = TUI_COMPACT;
	viewport_glyph(&v, (struct hex){20, 10}, &x, &y);
	cr_assert_eq(x, 1);
	cr_assert_eq(y, 0);
}

/* A ground line too long for the panel wraps, so that a narrow panel
 * keeps the hex's level (GBA 6.23's Major River lies at level 1). */
Test(tui_panel, a_long_ground_line_wraps_and_keeps_its_level)
{
	struct game *g = tiny_game();
	g->battle->map->hexes[(28 - 26) * 5 + (20 - 18)].terrain =
		TERRAIN_MAJOR_RIVER;
	g->battle->map->hexes[(28 - 26) * 5 + (20 - 18)].elevation = 1;
	struct session s = on(g);
	struct panel_text p;
	panel_describe(&s, (struct hex){28, 20}, 22, &p);
	for (int i = 0; i < p.n; i++)
		cr_assert_leq(strlen(p.line[i]), 22);
	cr_assert_str_eq(p.line[0], "Hex 2820 major river");
	cr_assert_str_eq(p.line[1], " lvl 1");
	free_tiny(g);
}
