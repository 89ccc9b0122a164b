/* test_mapview.c — the map view-model (mapview.h) as these rules fill it
 * (src/gboh/mapview.c): the board, the pieces and their markers (2.2),
 * leaders' marks, the overlays (4.21 Command Range, 7.2 ZOC, 6.21 a
 * move's steps) and what changed after a command. */
#include <criterion/criterion.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/game.h"
#include "maniple/gboh_mapview.h"
#include "maniple/mapview.h"
#include "maniple/movement.h"
#include "maniple/ruleset.h"
#include "maniple/tables.h"

#include "fixture.h"

static struct session S;

static void start(const char *line)
{
	session_init(&S, fx_loader, spqr_tables_loader, NULL, 1);
	fx_ok(&S, line);
}

static struct map_view *view(void)
{
	struct map_view *mv = ruleset_spqr.map_view(S.game);
	cr_assert_not_null(mv);
	return mv;
}

static struct hex hx(int n)
{
	return (struct hex){n / 100, n % 100};
}

Test(mapview, the_board_and_its_pieces_2_2_6_4)
{
	start("new drill solo 11");
	struct map_view *mv = view();
	const struct map *m = S.game->battle->map;
	cr_assert_eq(mv->ncols, m->ncols);
	cr_assert_eq(mv->nrows, m->nrows);
	cr_assert_str_eq(mv->side_id[0], "rome");
	cr_assert_str_eq(mv->terrain[0].name, "clear");
	cr_assert_null(mapview_hex(mv, (struct hex){m->col_max + 1, m->row_min}));
	/* velites, one hex, facing E (7.11), no hits against TQ 5 */
	const struct mv_piece *ve = mapview_piece(mv, "ve1");
	cr_assert_not_null(ve);
	cr_assert_eq(ve->glyph, 'i');
	cr_assert_eq(ve->side, 0);
	cr_assert_eq(ve->face, MV_FACE_VERTEX);
	cr_assert_eq(ve->facing, FACE_E);
	cr_assert(hex_eq(ve->hex[0], hx(2516)) && hex_is_none(ve->hex[1]));
	cr_assert_eq(ve->gauge, MV_GAUGE_HITS);
	cr_assert_eq(ve->max, 5);
	/* a phalanx covers two hexes (6.4), one piece on both */
	const struct mv_piece *ph = mapview_piece(mv, "ph1");
	cr_assert(ph && hex_eq(ph->hex[0], hx(2915)) &&
		  hex_eq(ph->hex[1], hx(2916)));
	int at[4];
	cr_assert_eq(mapview_pieces_at(mv, hx(2916), false, at, 4), 1);
	cr_assert_str_eq(mv->pieces[at[0]].id, "ph1");
	/* leaders after the units, apart from them */
	cr_assert_eq(mapview_pieces_at(mv, hx(2416), true, at, 4), 1);
	cr_assert_str_eq(mv->pieces[at[0]].id, "tribune");
	cr_assert(mv->pieces[at[0]].leader);
	mapview_free(mv);
	session_free(&S);
}

/* Both sides' leaders: no two share a mark (Cannae has eighteen Roman
 * leaders and four Carthaginian, several with the same first letter). */
Test(mapview, every_leader_has_his_own_mark)
{
	start("new cannae solo 1");
	struct map_view *mv = view();
	char seen[64] = "";
	int n = 0;
	for (int i = 0; i < mv->npieces; i++) {
		const struct mv_piece *p = &mv->pieces[i];
		if (!p->leader)
			continue;
		cr_assert(isalnum((unsigned char)p->mark), "%s: %c", p->id,
			  p->mark);
		for (int k = 0; k < n; k++)
			cr_assert_neq(tolower(seen[k]), tolower(p->mark),
				      "%s repeats %c", p->id, p->mark);
		seen[n++] = p->mark;
	}
	cr_assert_gt(n, 10);
	mapview_free(mv);
	session_free(&S);
}

/* 2.2: the markers a counter carries, with their codes, routed first */
Test(mapview, markers_with_codes_and_names)
{
	start("new drill solo 11");
	struct unit *u = &S.game->units[0];
	u->routed = true;
	u->moved_turn = true;
	u->double_depth = true;
	struct map_view *mv = view();
	const struct mv_piece *p = mapview_piece(mv, u->id);
	char codes[8], names[128];
	cr_assert_eq(mapview_marker_codes(p, codes, sizeof codes), 2);
	cr_assert_str_eq(codes, "RM");
	mapview_marker_names(p, names, sizeof names);
	cr_assert_str_eq(names, "routed moved double-depth");
	cr_assert(p->routed);
	mapview_free(mv);
	session_free(&S);
}

/* 4.21: the active leader's Command Range reaches his own hex and the
 * units he may order, and no further than his range */
Test(mapview, command_range_of_the_active_leader_4_21)
{
	start("new drill solo 11");
	fx_ok(&S, "roll 6 2");
	fx_ok(&S, "continue");
	fx_ok(&S, "activate tribune");
	struct mv_overlay *o = malloc(sizeof *o);
	cr_assert_not_null(o);
	cr_assert_gt(ruleset_spqr.map_overlay(S.game, MV_OVL_COMMAND_RANGE, "",
					      o),
		     0);
	cr_assert_str_eq(o->who, "");
	const struct mv_overlay_hex *at = mv_overlay_at(o, hx(2416));
	cr_assert(at && at->value == 0, "his own hex");
	cr_assert_not_null(mv_overlay_at(o, hx(2516)), "ve1 in range");
	for (int i = 0; i < o->n; i++) {
		cr_assert_leq(o->at[i].value, 4); /* his range */
		cr_assert_leq(hex_distance(hx(2416), o->at[i].hex), 4);
	}
	cr_assert_null(mv_overlay_at(o, hx(2916)), "the phalanx's hex");
	/* a named leader the same way, an unknown one nothing */
	cr_assert_gt(ruleset_spqr.map_overlay(S.game, MV_OVL_COMMAND_RANGE,
					      "hanno", o),
		     0);
	cr_assert_not_null(mv_overlay_at(o, hx(3016)));
	cr_assert_eq(ruleset_spqr.map_overlay(S.game, MV_OVL_COMMAND_RANGE,
					      "nobody", o),
		     0);
	free(o);
	session_free(&S);
}

/* 7.21-7.25: a side's ZOC is every hex one of its units controls */
Test(mapview, zoc_of_a_side_7_21)
{
	start("new drill solo 11");
	struct mv_overlay *o = malloc(sizeof *o);
	cr_assert_not_null(o);
	int n = ruleset_spqr.map_overlay(S.game, MV_OVL_ZOC, "carthage", o);
	cr_assert_gt(n, 0);
	for (int i = 0; i < n; i++)
		cr_assert(zoc_control(S.game, o->at[i].hex) & 2u);
	/* the phalanx (2915/2916, facing W) exerts a ZOC into its front */
	struct hex front[8];
	const struct unit *ph = NULL;
	for (int i = 0; i < S.game->nunits; i++)
		if (!strcmp(S.game->units[i].id, "ph1"))
			ph = &S.game->units[i];
	cr_assert_not_null(ph);
	int k = zoc_hexes(S.game, ph, front);
	cr_assert_gt(k, 0);
	for (int i = 0; i < k; i++)
		cr_assert_not_null(mv_overlay_at(o, front[i]));
	cr_assert_eq(ruleset_spqr.map_overlay(S.game, MV_OVL_ZOC, "gauls", o),
		     0);
	free(o);
	session_free(&S);
}

/* 6.21, 6.32: the open move's steps with their MP; none without a move */
Test(mapview, the_steps_of_the_open_move_6_21)
{
	start("new drill solo 11");
	fx_ok(&S, "roll 6 2");
	fx_ok(&S, "continue");
	fx_ok(&S, "activate tribune");
	struct mv_overlay *o = malloc(sizeof *o);
	cr_assert_not_null(o);
	cr_assert_eq(ruleset_spqr.map_overlay(S.game, MV_OVL_STEPS, "", o), 0);
	fx_ok(&S, "order ve1");
	cr_assert_gt(ruleset_spqr.map_overlay(S.game, MV_OVL_STEPS, "ve1", o),
		     0);
	const struct mv_overlay_hex *at = mv_overlay_at(o, hx(2616));
	cr_assert_not_null(at);
	cr_assert_geq(at->value, 1);
	cr_assert_null(mv_overlay_at(o, hx(2517)), "refused (6.32)");
	cr_assert_eq(ruleset_spqr.map_overlay(S.game, MV_OVL_STEPS, "ha1", o),
		     0, "ha1 is not moving");
	free(o);
	session_free(&S);
}

/* 6.21: after a step only the hex left and the hex entered changed */
Test(mapview, changed_hexes_after_a_step_6_21)
{
	start("new drill solo 11");
	fx_ok(&S, "roll 6 2");
	fx_ok(&S, "continue");
	fx_ok(&S, "activate tribune");
	fx_ok(&S, "order ve1");
	struct map_view *a = view();
	fx_ok(&S, "move 2616");
	struct map_view *b = view();
	struct hex h[8];
	int n = mapview_changed_hexes(a, b, h, 8);
	cr_assert_eq(n, 2, "%d hexes", n);
	cr_assert(hex_eq(h[0], hx(2516)) || hex_eq(h[1], hx(2516)));
	cr_assert(hex_eq(h[0], hx(2616)) || hex_eq(h[1], hx(2616)));
	cr_assert_eq(mapview_changed_hexes(a, b, h, 1), -1);
	cr_assert_eq(mapview_changed_hexes(b, b, h, 8), 0);
	/* the pieces again into the same board */
	ruleset_spqr.map_view_pieces(S.game, a);
	cr_assert_eq(mapview_changed_hexes(a, b, h, 8), 0);
	mapview_free(a);
	mapview_free(b);
	session_free(&S);
}

Test(mapview, a_piece_in_words_2_2_4_1)
{
	start("new drill solo 11");
	struct mv_text *t = malloc(sizeof *t);
	cr_assert_not_null(t);
	ruleset_spqr.map_describe(S.game, "ve1", t);
	cr_assert_gt(t->n, 3);
	cr_assert_str_eq(t->line[0].text, "ve1 (rome)");
	cr_assert(t->line[1].wrap);
	cr_assert_str_eq(t->line[1].text, "Velites, Legion III");
	ruleset_spqr.map_describe(S.game, "hanno", t);
	cr_assert_str_eq(t->line[0].text, "hanno (carthage)");
	ruleset_spqr.map_describe(S.game, "nobody", t);
	cr_assert_eq(t->n, 0);
	free(t);
	session_free(&S);
}

/* 10.28: a rallied unit carries the Rallied marker, on the map too */
Test(mapview, the_rallied_marker_10_28)
{
	start("new drill solo 11");
	struct unit *u = &S.game->units[0];
	u->rallied = true;
	u->depleted = true; /* 10.31 */
	struct map_view *mv = view();
	const struct mv_piece *p = mapview_piece(mv, u->id);
	char codes[8], names[128];
	cr_assert_eq(mapview_marker_codes(p, codes, sizeof codes), 2);
	cr_assert_str_eq(codes, "Dr");
	mapview_marker_names(p, names, sizeof names);
	cr_assert_str_eq(names, "depleted rallied");
	mapview_free(mv);
	session_free(&S);
}

/* A map file's `elevation` is the level of its plain: SPQR's maps lie at
 * 0, GBA's at 1 (GBA 6.23 puts a Major River hex at level 1).  The view
 * measures a hex's height from it, so that the plain of a GBA map is not
 * marked as raised ground in every hex while its bank is. */
Test(mapview, heights_from_the_maps_own_level_gba_6_23)
{
	start("new granicus");
	struct map_view *mv = view();
	cr_expect_eq(mv->base_level, 1);
	const struct mv_hex *river = mapview_hex(mv, hx(2018));
	const struct mv_hex *west = mapview_hex(mv, hx(1018));
	const struct mv_hex *bank = mapview_hex(mv, hx(2118));
	const struct mv_hex *rise = mapview_hex(mv, hx(3015));
	cr_assert(river && west && bank && rise);
	cr_expect_eq(river->level, 1);
	cr_expect_eq(mapview_height(mv, river), 0);
	cr_expect_eq(mapview_height(mv, west), 0);
	cr_expect_eq(bank->level, 2);
	cr_expect_eq(mapview_height(mv, bank), 1);
	cr_expect_eq(mapview_height(mv, rise), 2);
	mapview_free(mv);
	session_free(&S);

	start("new cannae");
	mv = view();
	cr_expect_eq(mv->base_level, 0);
	const struct mv_hex *any = mapview_hex(mv, hx(1010));
	cr_assert_not_null(any);
	cr_expect_eq(mapview_height(mv, any), any->level);
	mapview_free(mv);
	session_free(&S);
}
