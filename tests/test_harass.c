/* Harassment and Dispersal (harass.h, SPQR 8.31-8.34, 9.22, 9.31, 9.15)
 * on the clear fixture field with the SPQR tables and forced dice, and the
 * H&D parts of 8.4's Beneventum example on a fixture built to fit its
 * text:
 *
 *   Romans (side 0), velites facing W:  W 3010, X 3011, Y 3012, Z 3013
 *   Pyrrhus (side 1), facing E: Thrace peltast B 2910 (next to W and X),
 *   Thrace peltast C 2811 (two hexes from X and Y), Macedon light
 *   cavalry D 2712 (within 4 hexes of all four Romans).
 *
 * C's line of sight to X runs down the hexside between 2910 (B: blocking)
 * and 2911 (clear): blocked (8.14); to Y it runs through 2911: clear, and
 * 2911 is a Front hex of both X and Y: both may fire back (8.33).  D sees
 * X, Y and Z, not W (C and B stand in the way); its path to Z can end in
 * 2913, next to Z alone; to X or Y it passes a hex next to two Romans. */
#include <criterion/criterion.h>
#include <string.h>

#include "logged.h"
#include "maniple/harass.h"
#include "maniple/los.h"
#include "maniple/missile.h"
#include "maniple/movement.h"
#include "maniple/orders.h"
#include "maniple/reaction_fire.h"
#include "maniple/reactions.h"
#include "move_fixture.h"

static struct hex H(int n)
{
	return (struct hex){n / 100, n % 100};
}

static int idx(const struct game *g, const char *id)
{
	for (int i = 0; i < g->nunits; i++)
		if (strcmp(g->units[i].id, id) == 0)
			return i;
	cr_assert_fail("no unit %s", id);
	return -1;
}

static struct unit *mk(struct game *g, const char *id, int side,
		       enum unit_type t, int hex, enum facing f, int ma,
		       enum missile_class mc)
{
	struct unit *u = fx_unit(g, id, side, t, H(hex), f, ma);
	u->missile = mc;
	return u;
}

/* The Beneventum fixture of the header comment. */
static struct game *beneventum(void)
{
	struct game *g = fx_field();
	mk(g, "W", 0, UT_LI, 3010, FACE_W, 6, MC_J);
	mk(g, "X", 0, UT_LI, 3011, FACE_W, 6, MC_J);
	mk(g, "Y", 0, UT_LI, 3012, FACE_W, 6, MC_J);
	mk(g, "Z", 0, UT_LI, 3013, FACE_W, 6, MC_J);
	mk(g, "B", 1, UT_LP, 2910, FACE_E, 6, MC_J);
	mk(g, "C", 1, UT_LP, 2811, FACE_E, 6, MC_J);
	mk(g, "D", 1, UT_LC, 2712, FACE_E, 9, MC_MJ);
	return g;
}

/* 8.31: the H&D unit's move order is open, nothing spent */
static void open_move(struct game *g, int u)
{
	g->ord.moving = true;
	g->ord.mover_unit = u;
	g->ord.stack_mate = -1;
	cr_assert(move_begin(g, &g->units[u], &g->ord.move));
}

static const char *field_of(const struct event *e, const char *k)
{
	cr_assert_not_null(e);
	const char *v = event_get(e, k);
	return v ? v : "";
}

/* The n-th event of kind at or after from (0-based), NULL when none. */
static const struct event *nth(const struct game *g, size_t from,
			       const char *kind, int n)
{
	for (size_t i = from; i < g->events.n; i++)
		if (strcmp(event_log_kind(&g->events, i), kind) == 0 && n-- == 0)
			return logged_event(&g->events, i);
	return NULL;
}

static void force(struct game *g, int n, const int *dice)
{
	for (int i = 0; i < n; i++)
		cr_assert(dice_force(&g->dice, dice[i]));
}

static struct harass_check check_ok(struct game *g, const char *f,
				    const char *t)
{
	struct harass_check c;
	bool ok = harass_check(g, idx(g, f), idx(g, t), NULL, 0, &c);
	cr_assert(ok, "%s on %s refused: %s (%s)", f, t,
		  c.why, c.rule ? c.rule : "");
	return c;
}

static void check_refused(struct game *g, const char *f, const char *t,
			  const char *rule)
{
	struct harass_check c;
	cr_assert_not(harass_check(g, idx(g, f), idx(g, t), NULL, 0, &c),
		      "%s on %s allowed", f, t);
	cr_assert_str_eq(c.rule, rule, "%s: %s", c.rule, c.why);
}

/* ---- 8.31, 9.22, 9.31: who may use H&D against whom ---- */

Test(harass, r8_31_sk_li_against_same_or_lower_ma)
{
	struct game *g = fx_field();
	mk(g, "sk", 1, UT_SK, 2510, FACE_E, 6, MC_S);
	mk(g, "li", 1, UT_LI, 2516, FACE_E, 6, MC_J);
	mk(g, "same", 0, UT_LI, 2710, FACE_W, 6, MC_NONE);
	mk(g, "same2", 0, UT_HI, 2716, FACE_W, 6, MC_NONE);
	mk(g, "fast", 0, UT_LC, 2715, FACE_W, 8, MC_NONE);
	check_ok(g, "sk", "same");
	check_ok(g, "li", "same2");
	check_refused(g, "li", "fast", "8.31"); /* MA 8 > 6 */
	game_free(g);
}

Test(harass, r8_31_r9_31_light_cavalry_only_against_lower_ma_not_sk)
{
	struct game *g = fx_field();
	mk(g, "lc", 1, UT_LC, 2510, FACE_E, 8, MC_MJ);
	mk(g, "hi", 0, UT_HI, 2810, FACE_W, 5, MC_NONE);
	mk(g, "lc2", 0, UT_LC, 2808, FACE_W, 8, MC_NONE);
	mk(g, "sk", 0, UT_SK, 2812, FACE_W, 6, MC_S);
	check_ok(g, "lc", "hi");
	check_refused(g, "lc", "lc2", "8.31"); /* the same MA: not lower */
	check_refused(g, "lc", "sk", "9.31");  /* never against SK */
	game_free(g);
}

Test(harass, r8_31_r9_22_infantry_archers_and_others_may_not)
{
	struct game *g = fx_field();
	mk(g, "ska", 1, UT_SK, 2510, FACE_E, 6, MC_A);
	mk(g, "lia", 1, UT_LI, 2512, FACE_E, 6, MC_A);
	mk(g, "ma", 1, UT_LC, 2514, FACE_E, 8, MC_MA);
	mk(g, "hi", 1, UT_HI, 2516, FACE_E, 6, MC_J);
	mk(g, "none", 1, UT_LI, 2508, FACE_E, 6, MC_NONE);
	mk(g, "t1", 0, UT_HI, 2710, FACE_W, 5, MC_NONE);
	mk(g, "t2", 0, UT_HI, 2714, FACE_W, 5, MC_NONE);
	mk(g, "t3", 0, UT_HI, 2716, FACE_W, 5, MC_NONE);
	check_refused(g, "ska", "t1", "9.22");
	check_refused(g, "lia", "t1", "9.22");
	check_ok(g, "ma", "t2");	       /* mounted archers may (9.31) */
	check_refused(g, "hi", "t3", "8.31"); /* not SK, LI or LC */
	check_refused(g, "none", "t1", "8.31");
	game_free(g);
}

/* ---- 8.32: range, ZOC, LOS, path ---- */

Test(harass, r8_32_range_two_for_infantry_four_for_cavalry_never_adjacent)
{
	struct game *g = fx_field();
	mk(g, "li", 1, UT_LI, 2510, FACE_E, 6, MC_J);
	mk(g, "lc", 1, UT_LC, 2520, FACE_E, 9, MC_MJ);
	mk(g, "far", 0, UT_HI, 2810, FACE_W, 5, MC_NONE);  /* 3 from li */
	mk(g, "at4", 0, UT_HI, 2920, FACE_W, 5, MC_NONE);  /* 4 from lc */
	mk(g, "at5", 0, UT_HI, 3022, FACE_W, 5, MC_NONE);
	check_refused(g, "li", "far", "8.32");
	struct harass_check c = check_ok(g, "lc", "at4");
	cr_assert_eq(c.distance, 4);
	cr_assert_eq(c.limit, 4);
	cr_assert_eq(c.npath, 3);
	check_refused(g, "lc", "at5", "8.32");
	/* adjacent: not H&D */
	game_unit_set_hex(g, &g->units[idx(g, "far")], 0, H(2610));
	check_refused(g, "li", "far", "8.32");
	game_free(g);
}

Test(harass, r8_32_not_from_an_enemy_zoc)
{
	struct game *g = fx_field();
	mk(g, "li", 1, UT_LI, 2510, FACE_E, 6, MC_J);
	mk(g, "t", 0, UT_HI, 2710, FACE_W, 5, MC_NONE);
	check_ok(g, "li", "t");
	mk(g, "z", 0, UT_HI, 2410, FACE_SE, 5, MC_NONE); /* next to li */
	cr_assert(unit_in_enemy_zoc(g, &g->units[idx(g, "li")]));
	check_refused(g, "li", "t", "8.32");
	game_free(g);
}

Test(harass, r8_32_path_through_front_hexes_clear_of_units_and_rough)
{
	struct game *g = fx_field();
	mk(g, "li", 1, UT_LI, 2510, FACE_E, 6, MC_J);
	mk(g, "t", 0, UT_HI, 2710, FACE_W, 5, MC_NONE);
	struct harass_check c = check_ok(g, "li", "t");
	cr_assert_eq(c.npath, 1);
	/* the path leaves through a Front hex only */
	g->units[idx(g, "li")].at.facing = FACE_W;
	check_refused(g, "li", "t", "8.32");
	g->units[idx(g, "li")].at.facing = FACE_E;
	/* both hexes between are Rough (broken): no path */
	fx_terrain(g, H(2610), TERRAIN_BROKEN);
	fx_terrain(g, H(2611), TERRAIN_BROKEN);
	check_refused(g, "li", "t", "8.32");
	fx_terrain(g, H(2611), TERRAIN_CLEAR);
	check_ok(g, "li", "t");
	/* a friendly combat unit in the only hex left */
	mk(g, "f", 1, UT_HI, 2611, FACE_E, 5, MC_NONE);
	check_refused(g, "li", "t", "8.32");
	game_free(g);
}

Test(harass, r8_32_enemy_zoc_only_next_to_target_and_one_level_streams_ok)
{
	struct game *g = fx_field();
	mk(g, "lc", 1, UT_LC, 2410, FACE_E, 9, MC_MJ);
	mk(g, "t", 0, UT_HI, 2810, FACE_W, 5, MC_NONE);
	struct harass_check c;
	/* a path the player gives: 2510, 2610, 2710 (next to t) */
	struct hex p[3] = {H(2510), H(2610), H(2710)};
	cr_assert(harass_check(g, idx(g, "lc"), idx(g, "t"), p, 3, &c),
		  "%s", c.why);
	/* an enemy whose ZOC covers 2610 (not next to the target) */
	mk(g, "e", 0, UT_HI, 2609, FACE_SE, 5, MC_NONE);
	cr_assert_not(harass_check(g, idx(g, "lc"), idx(g, "t"), p, 3, &c));
	cr_assert_str_eq(c.rule, "8.32");
	cr_assert(strstr(c.why, "ZOC"), "%s", c.why);
	g->units[idx(g, "e")].on_map = false;
	/* a stream may be crossed; a climb of two levels may not */
	fx_hexside(g, H(2510), (enum hexside)hex_direction_to(H(2510), H(2610)),
		   HSF_STREAM);
	cr_assert(harass_check(g, idx(g, "lc"), idx(g, "t"), p, 3, &c),
		  "%s", c.why);
	/* a drop of two levels from 2510 to 2610 (the line of sight, at
	 * level 2 at both ends, passes over the low hex) */
	int lv2[] = {2410, 2510, 2710, 2810};
	for (int k = 0; k < 4; k++)
		map_at_mut(g->battle->map, H(lv2[k]))->elevation = 2;
	cr_assert_not(harass_check(g, idx(g, "lc"), idx(g, "t"), p, 3, &c));
	cr_assert_str_eq(c.rule, "8.32");
	cr_assert(strstr(c.why, "level"), "%s", c.why);
	game_free(g);
}

/* ---- 8.34, 9.15: light cavalry against elephants ---- */

Test(harass, r8_34_not_through_an_elephants_front_two_hits_through_flank)
{
	struct game *g = fx_field();
	struct unit *lc = mk(g, "lc", 1, UT_LC, 2510, FACE_E, 9, MC_MJ);
	struct unit *el = mk(g, "el", 0, UT_EL, 2810, FACE_W, 5, MC_NONE);
	(void)lc;
	struct harass_check c;
	/* every hex next to el on lc's side is its Front: refused */
	struct hex front[2] = {H(2610), H(2710)};
	cr_assert_not(harass_check(g, idx(g, "lc"), idx(g, "el"), front, 2,
				   &c));
	cr_assert_str_eq(c.rule, "8.34");
	/* el turned: lc ends its path in el's Rear: 2 hits, then the fire */
	el->at.facing = FACE_NE;
	cr_assert(harass_check(g, idx(g, "lc"), idx(g, "el"), front, 2, &c),
		  "%s", c.why);
	cr_assert_eq(footprint_zone(&el->at, H(2710)), ZONE_REAR);
	cr_assert_eq(c.elephant_hits, 2);
	open_move(g, idx(g, "lc"));
	size_t from = g->events.n;
	int dice[] = {1};
	force(g, 1, dice);
	struct cmd_result r = {0};
	cr_assert(harass_fire(g, &c, -1, NULL, 0, &r), "%s", r.reason);
	cr_assert_eq(g->units[idx(g, "lc")].hits, 2);
	/* the hits come before the volley; an elephant takes 2 (8.15) */
	const struct event *hit = nth(g, from, "cohesion_hit", 0);
	const struct event *vol = fx_event(g, from, "missile_fire");
	cr_assert_not_null(hit);
	cr_assert(hit < vol);
	cr_assert_str_eq(field_of(vol, "kind"), "hd");
	cr_assert_str_eq(field_of(vol, "range"), "1");
	cr_assert_eq(g->units[idx(g, "el")].hits, 2);
	game_free(g);
}

/* ---- 8.33: the exchange ---- */

Test(harass, r8_33_moving_attack_at_range_1_target_faces_7_15_then_fires)
{
	struct game *g = fx_field();
	/* slingers: strength 3 at range 1, +1 for moving (8.15 #5) */
	mk(g, "sl", 1, UT_SK, 2510, FACE_E, 6, MC_S);
	struct unit *t = mk(g, "t", 0, UT_LI, 2710, FACE_NW, 6, MC_J);
	struct harass_check c = check_ok(g, "sl", "t");
	cr_assert_eq(c.npath, 1);
	struct hex last = c.path[0];
	/* t turns one vertex (7.15) before the volleys; the last hex of
	 * the path stays in its arc of fire (8.13) */
	open_move(g, idx(g, "sl"));
	size_t from = g->events.n;
	int tidx = idx(g, "t");
	int fire[1] = {tidx};
	/* dice: the 7.15 check (MA 6 - 6: 0; roll 3: 1 hit, the least),
	 * sl's volley (2 + 1 = 3 <= 3: hit), t's volley at sl (9 + 2 SK:
	 * miss; unmodified 9... a javelin: Missile Low, 8.17) */
	int dice[] = {3, 2, 9};
	force(g, 3, dice);
	struct cmd_result r = {0};
	cr_assert(harass_fire(g, &c, FACE_W, fire, 1, &r), "%s", r.reason);
	cr_assert_eq(t->at.facing, FACE_W);
	cr_assert(footprint_zone(&t->at, last) == ZONE_FRONT ||
		  footprint_zone(&t->at, last) == ZONE_FLANK);
	const struct event *hd = fx_event(g, from, "hd");
	cr_assert_str_eq(field_of(hd, "rule"), "8.33");
	cr_assert_str_eq(field_of(hd, "range"), "1");
	const struct event *face = fx_event(g, from, "reaction_facing");
	cr_assert_str_eq(field_of(face, "rule"), "8.33,7.15");
	const struct event *v1 = nth(g, from, "missile_fire", 0);
	cr_assert_str_eq(field_of(v1, "firer"), "sl");
	cr_assert_str_eq(field_of(v1, "kind"), "hd");
	cr_assert_str_eq(field_of(v1, "range"), "1");
	cr_assert_str_eq(field_of(v1, "needs"), "2"); /* 3 - 1 moved */
	const struct event *m = nth(g, from, "missile_modifier", 0);
	cr_assert_str_eq(field_of(m, "rule"), "8.15#5");
	const struct event *v2 = nth(g, from, "missile_fire", 1);
	cr_assert_str_eq(field_of(v2, "firer"), "t");
	cr_assert_str_eq(field_of(v2, "kind"), "entry");
	cr_assert_str_eq(field_of(v2, "range"), "1");
	cr_assert_eq(t->hits, 2); /* 7.15's one hit at least, the volley's */
	cr_assert_eq(g->units[idx(g, "sl")].hits, 0);
	cr_assert_eq(t->supply, SUPPLY_LOW);
	/* 8.33: the harassing unit never moved */
	cr_assert(hex_eq(g->units[idx(g, "sl")].at.hex[0], H(2510)));
	game_free(g);
}

Test(harass, r8_33_only_units_with_the_path_in_their_arc_fire_back)
{
	struct game *g = beneventum();
	struct harass_check c = check_ok(g, "D", "Z");
	cr_assert_eq(c.nreactors, 1);
	cr_assert_eq(c.reactors[0], idx(g, "Z"));
	open_move(g, idx(g, "D"));
	int bad[1] = {idx(g, "Y")};
	struct cmd_result r = {0};
	cr_assert_not(harass_fire(g, &c, -1, bad, 1, &r));
	cr_assert_str_eq(r.rule, "8.33");
	game_free(g);
}

Test(harass, r8_33_h_and_d_takes_the_whole_ma_needs_an_unspent_move_order)
{
	struct game *g = beneventum();
	char a0[] = "Y", *argv[] = {a0};
	struct cmd_result r = {0};
	/* no move order */
	harass_order(g, 1, argv, &r);
	cr_assert_eq(r.status, CMD_REFUSED);
	cr_assert_str_eq(r.rule, "8.31");
	open_move(g, idx(g, "C"));
	g->ord.move.mp_spent = 1;
	struct cmd_result r2 = {0};
	harass_order(g, 1, argv, &r2);
	cr_assert_eq(r2.status, CMD_REFUSED);
	cr_assert_str_eq(r2.rule, "8.31");
	g->ord.move.mp_spent = 0;
	int dice[] = {8};
	force(g, 1, dice);
	struct cmd_result r3 = {0};
	harass_order(g, 1, argv, &r3);
	cr_assert_eq(r3.status, CMD_OK, "%s", r3.reason);
	/* 8.33: Y's side answers first (Y may turn or fire back) */
	cr_assert(g->ord.moving);
	struct cmd_result r4 = {0};
	reactions_no_reaction(g, &r4);
	cr_assert_eq(r4.status, CMD_OK, "%s", r4.reason);
	cr_assert_not(g->ord.moving); /* the move is over, MA used */
	cr_assert(hex_eq(g->units[idx(g, "C")].at.hex[0], H(2811)));
	game_free(g);
}

/* ---- Beneventum (8.4's example), the H&D parts ---- */

Test(harass, beneventum_peltast_c_los_to_x_down_a_hexside_is_blocked_8_32)
{
	struct game *g = beneventum();
	struct harass_check c;
	cr_assert_not(harass_check(g, idx(g, "C"), idx(g, "X"), NULL, 0, &c));
	cr_assert_str_eq(c.rule, "8.32");
	cr_assert(strstr(c.why, "line of sight"), "%s", c.why);
	bool along = false;
	struct hex out[3], alt[3];
	hex_line(H(2811), H(3011), out, alt, &along);
	cr_assert(along, "the line runs down a hexside");
	/* no regular fire: javelins reach one hex (8.15) */
	struct fire_check fc;
	cr_assert_not(missile_check(g, idx(g, "C"), WEAPON_MAIN, H(3012),
				    FIRE_OFFENSIVE, &fc));
	game_free(g);
}

Test(harass, beneventum_peltast_c_h_and_d_on_y_range_1_simultaneous_8_33)
{
	struct game *g = beneventum();
	struct harass_check c = check_ok(g, "C", "Y");
	cr_assert_eq(c.distance, 2);
	cr_assert_eq(c.npath, 1);
	cr_assert(hex_eq(c.path[0], H(2911)));
	cr_assert_eq(c.nreactors, 2); /* both X and Y (8.33) */
	open_move(g, idx(g, "C"));
	size_t from = g->events.n;
	/* C's volley: javelins at range 1, strength 5, no moving penalty for
	 * javelinists: roll 5, hit; Y and X fire back: roll 4 and 6 */
	int dice[] = {5, 4, 6};
	force(g, 3, dice);
	int fire[2] = {idx(g, "Y"), idx(g, "X")};
	struct cmd_result r = {0};
	cr_assert(harass_fire(g, &c, -1, fire, 2, &r), "%s", r.reason);
	const struct event *v = nth(g, from, "missile_fire", 0);
	cr_assert_str_eq(field_of(v, "firer"), "C");
	cr_assert_str_eq(field_of(v, "range"), "1");
	cr_assert_str_eq(field_of(v, "drm"), "+0");
	cr_assert_str_eq(field_of(v, "needs"), "5");
	cr_assert_eq(fx_count(g, from, "missile_modifier"), 0);
	cr_assert_str_eq(field_of(nth(g, from, "missile_fire", 1), "firer"),
			 "Y");
	cr_assert_str_eq(field_of(nth(g, from, "missile_fire", 2), "firer"),
			 "X");
	cr_assert_str_eq(field_of(nth(g, from, "missile_fire", 2), "kind"),
			 "entry");
	cr_assert_eq(g->units[idx(g, "Y")].hits, 1);
	cr_assert_eq(g->units[idx(g, "C")].hits, 1); /* Y's 4 hit, X's 6 not */
	game_free(g);
}

Test(harass, beneventum_macedon_lc_d_choices_8_32_8_33)
{
	struct game *g = beneventum();
	/* W: blocked by friendly units */
	struct harass_check c;
	cr_assert_not(harass_check(g, idx(g, "D"), idx(g, "W"), NULL, 0, &c));
	cr_assert_str_eq(c.rule, "8.32");
	/* X, Y, Z within 4 and seen; Z draws only its own fire back, X and
	 * Y one more (Y or Z) */
	struct harass_check cx = check_ok(g, "D", "X");
	struct harass_check cy = check_ok(g, "D", "Y");
	struct harass_check cz = check_ok(g, "D", "Z");
	cr_assert_eq(cx.nreactors, 2);
	cr_assert_eq(cy.nreactors, 2);
	cr_assert_eq(cz.nreactors, 1);
	cr_assert(hex_eq(cz.path[cz.npath - 1], H(2913)));
	bool y_or_z = false;
	for (int k = 0; k < cx.nreactors; k++)
		y_or_z |= cx.reactors[k] == idx(g, "Y");
	cr_assert(y_or_z, "an H&D on X draws Y's fire");
	/* D on Z: mounted javelins 3 at range 1, +1 moving: needs 2; Z
	 * fires back at once (simultaneous) */
	open_move(g, idx(g, "D"));
	size_t from = g->events.n;
	int dice[] = {2, 7};
	force(g, 2, dice);
	int fire[1] = {idx(g, "Z")};
	struct cmd_result r = {0};
	cr_assert(harass_fire(g, &cz, -1, fire, 1, &r), "%s", r.reason);
	const struct event *v = nth(g, from, "missile_fire", 0);
	cr_assert_str_eq(field_of(v, "firer"), "D");
	cr_assert_str_eq(field_of(v, "range"), "1");
	cr_assert_str_eq(field_of(v, "drm"), "+1");
	cr_assert_str_eq(field_of(v, "needs"), "2");
	cr_assert_str_eq(field_of(nth(g, from, "missile_result", 0), "result"),
			 "hit");
	cr_assert_str_eq(field_of(nth(g, from, "missile_fire", 1), "firer"),
			 "Z");
	cr_assert_str_eq(field_of(nth(g, from, "missile_result", 1), "result"),
			 "miss");
	cr_assert_eq(g->units[idx(g, "Z")].hits, 1);
	game_free(g);
}

/* ---- 8.33: all fire simultaneous ---- */

Test(harass, r8_33_simultaneous_a_target_the_volley_could_rout_fires_first)
{
	struct game *g = beneventum();
	struct unit *y = &g->units[idx(g, "Y")];
	y->hits = y->tq - 1; /* C's hit would rout Y */
	struct harass_check c = check_ok(g, "C", "Y");
	open_move(g, idx(g, "C"));
	size_t from = g->events.n;
	int dice[] = {6, 0};	/* Y: miss; C: hit */
	force(g, 2, dice);
	int fire[1] = {idx(g, "Y")};
	struct cmd_result r = {0};
	cr_assert(harass_fire(g, &c, -1, fire, 1, &r), "%s", r.reason);
	cr_assert_str_eq(field_of(nth(g, from, "missile_fire", 0), "firer"),
			 "Y");
	cr_assert_str_eq(field_of(nth(g, from, "missile_fire", 1), "firer"),
			 "C");
	cr_assert_eq(fx_count(g, from, "hd_volley_lost"), 0);
	cr_assert(y->routed || !game_unit_in_play(y));
	game_free(g);
}

Test(harass, r8_33_when_each_could_rout_the_other_a_volley_is_lost)
{
	struct game *g = beneventum();
	struct unit *y = &g->units[idx(g, "Y")];
	struct unit *cc = &g->units[idx(g, "C")];
	y->hits = y->tq - 1;
	cc->hits = cc->tq - 1;
	struct harass_check c = check_ok(g, "C", "Y");
	open_move(g, idx(g, "C"));
	size_t from = g->events.n;
	int dice[] = {0};
	force(g, 1, dice);
	int fire[1] = {idx(g, "Y")};
	struct cmd_result r = {0};
	cr_assert(harass_fire(g, &c, -1, fire, 1, &r), "%s", r.reason);
	cr_assert_eq(fx_count(g, from, "missile_fire"), 1);
	const struct event *lost = fx_event(g, from, "hd_volley_lost");
	cr_assert_str_eq(field_of(lost, "unit"), "Y");
	cr_assert_str_eq(field_of(lost, "rule"), "8.33");
	game_free(g);
}

Test(harass, r8_21_a_unit_fires_back_once)
{
	struct game *g = beneventum();
	struct harass_check c = check_ok(g, "C", "Y");
	open_move(g, idx(g, "C"));
	int fire[2] = {idx(g, "Y"), idx(g, "Y")};
	struct cmd_result r = {0};
	cr_assert_not(harass_fire(g, &c, -1, fire, 2, &r));
	cr_assert_str_eq(r.rule, "8.21");
	game_free(g);
}

/* ---- 8.33: the target's side decides, after the order ---- */

static struct cmd_result hd_order(struct game *g, const char *firer,
				  const char *target, const char *extra)
{
	open_move(g, idx(g, firer));
	char a0[16], a1[16];
	snprintf(a0, sizeof a0, "%s", target);
	snprintf(a1, sizeof a1, "%s", extra ? extra : "");
	char *argv[] = {a0, a1, a1};
	struct cmd_result r = {0};
	harass_order(g, extra ? 3 : 1, argv, &r);
	return r;
}

Test(harass, r8_33_face_and_fire_words_are_not_the_harassers_to_give)
{
	struct game *g = beneventum();
	struct cmd_result r = hd_order(g, "C", "Y", "fire");
	cr_assert_eq(r.status, CMD_REFUSED);
	cr_assert_str_eq(r.rule, "8.33");
	game_free(g);
	g = beneventum();
	r = hd_order(g, "C", "Y", "face");
	cr_assert_eq(r.status, CMD_REFUSED);
	cr_assert_str_eq(r.rule, "8.33");
	game_free(g);
}

Test(harass, r8_33_target_side_answers_in_the_reactions_window)
{
	struct game *g = beneventum();
	int C = idx(g, "C"), Y = idx(g, "Y");
	size_t from = g->events.n;
	struct cmd_result r = hd_order(g, "C", "Y", NULL);
	cr_assert_eq(r.status, CMD_OK, "%s", r.reason);
	/* declared, nothing thrown yet; the Romans owe the decision */
	cr_assert_null(fx_event(g, from, "missile_fire"));
	cr_assert(reactions_pending(g));
	cr_assert_eq(reactions_decision_side(g), 0);
	cr_assert_str_eq(reactions_pending_rule(g), "8.33");
	cr_assert(harass_pending(g));
	struct decision_answer acts[16];
	int n = reactions_legal(g, acts, 16);
	bool fire_y = false, face_y = false;
	for (int i = 0; i < n; i++) {
		/* 8.15: Y's javelins (J) at range 1 need 5 or less with
		 * no modifier: faces 0-5, 60% */
		fire_y |= strcmp(acts[i].line,
				 "react fire Y # needs 5 or less: hits 60%") == 0;
		face_y |= strncmp(acts[i].line, "react face Y ", 13) == 0;
	}
	cr_assert(fire_y && face_y);
	/* 8.33: Z has no hex of the path next to it */
	struct cmd_result rb = {0};
	reactions_fire(g, "Z", NULL, NULL, &rb);
	cr_assert_eq(rb.status, CMD_REFUSED);
	cr_assert_str_eq(rb.rule, "8.33");
	struct cmd_result ry = {0};
	reactions_fire(g, "Y", NULL, NULL, &ry);
	cr_assert_eq(ry.status, CMD_OK, "%s", ry.reason);
	/* 8.21: once; the facing comes first (ruling) */
	struct cmd_result ry2 = {0};
	reactions_fire(g, "Y", NULL, NULL, &ry2);
	cr_assert_eq(ry2.status, CMD_REFUSED);
	cr_assert_str_eq(ry2.rule, "8.21");
	struct cmd_result rf = {0};
	reactions_face(g, "Y", "NW", &rf);
	cr_assert_eq(rf.status, CMD_REFUSED);
	cr_assert_str_eq(rf.rule, "8.33");
	cr_assert(g->ord.moving);
	/* no reaction: C's volley (8), Y's back (1: a hit) */
	int dice[] = {8, 1};
	force(g, 2, dice);
	struct cmd_result rn = {0};
	reactions_no_reaction(g, &rn);
	cr_assert_eq(rn.status, CMD_OK, "%s", rn.reason);
	cr_assert_not(reactions_pending(g));
	const struct event *v1 = nth(g, from, "missile_fire", 0);
	cr_assert_str_eq(field_of(v1, "firer"), "C");
	cr_assert_str_eq(field_of(v1, "kind"), "hd");
	const struct event *v2 = nth(g, from, "missile_fire", 1);
	cr_assert_str_eq(field_of(v2, "firer"), "Y");
	cr_assert_str_eq(field_of(v2, "kind"), "entry");
	cr_assert_eq(g->units[C].hits, 1);
	cr_assert_not(g->ord.moving); /* 8.31: the whole MA */
	/* 8.21, 8.23: the entry fire is recorded as reaction fire's own */
	cr_assert(rfire_bits(g, Y, C) & RF_ENTRY);
	size_t at = g->events.n;
	rfire_return_offer(g, C, Y);
	cr_assert_not_null(fx_event(g, at, "return_fire_barred"));
	game_free(g);
}

Test(harass, r8_33_r7_15_target_turns_then_names_who_fires_back)
{
	struct game *g = beneventum();
	int Y = idx(g, "Y");
	struct cmd_result r = hd_order(g, "C", "Y", NULL);
	cr_assert_eq(r.status, CMD_OK, "%s", r.reason);
	int die[] = {1};
	force(g, 1, die);
	struct cmd_result rf = {0};
	reactions_face(g, "Y", "NW", &rf);
	cr_assert_eq(rf.status, CMD_OK, "%s", rf.reason);
	cr_assert_eq(g->units[Y].at.facing, FACE_NW);
	cr_assert(g->react.faced[Y]);
	/* 7.15: once */
	struct cmd_result rf2 = {0};
	reactions_face(g, "Y", "W", &rf2);
	cr_assert_eq(rf2.status, CMD_REFUSED);
	cr_assert_str_eq(rf2.rule, "7.15");
	game_free(g);
}

Test(harass, r8_21_entry_fire_already_used_at_the_harasser_bars_firing_back)
{
	struct game *g = beneventum();
	rfire_mark(g, idx(g, "Y"), idx(g, "C"), RF_ENTRY, true);
	struct cmd_result r = hd_order(g, "C", "Y", NULL);
	cr_assert_eq(r.status, CMD_OK, "%s", r.reason);
	struct cmd_result ry = {0};
	reactions_fire(g, "Y", NULL, NULL, &ry);
	cr_assert_eq(ry.status, CMD_REFUSED);
	cr_assert_str_eq(ry.rule, "8.21");
	game_free(g);
}

Test(harass, r8_33_no_choice_for_the_target_side_fires_at_once)
{
	struct game *g = fx_field();
	mk(g, "sl", 1, UT_SK, 2510, FACE_E, 6, MC_S);
	mk(g, "t", 0, UT_HI, 2710, FACE_W, 5, MC_NONE);
	g->react.faced[idx(g, "t")] = true; /* 7.15: turned already */
	int die[] = {1};
	force(g, 1, die);
	size_t from = g->events.n;
	struct cmd_result r = hd_order(g, "sl", "t", NULL);
	cr_assert_eq(r.status, CMD_OK, "%s", r.reason);
	cr_assert_not(reactions_pending(g));
	cr_assert_null(fx_event(g, from, "reaction_offer"));
	cr_assert_not_null(fx_event(g, from, "missile_fire"));
	cr_assert_not(g->ord.moving);
	game_free(g);
}

Test(harass, r8_31_legal_lists_the_h_and_d_orders)
{
	struct game *g = beneventum();
	struct decision_answer acts[16];
	int n = harass_legal_order(g, idx(g, "C"), "order", acts, 16);
	bool y = false, x = false;
	for (int i = 0; i < n; i++) {
		y |= strcmp(acts[i].line, "order C hd Y") == 0;
		x |= strcmp(acts[i].line, "order C hd X") == 0;
		cr_assert_str_eq(acts[i].rule, "8.31");
	}
	cr_assert(y);
	cr_assert_not(x); /* 8.32: no line of sight to X */
	game_free(g);
}

/* ---- 8.22, 6.55: retire fire and withdrawing fire at range 2 ---- */

Test(harass, r8_22_r6_55_retire_and_withdrawing_fire_are_at_range_2)
{
	struct game *g = fx_field();
	mk(g, "sl", 1, UT_SK, 2510, FACE_E, 6, MC_S);
	mk(g, "ma", 1, UT_LC, 2512, FACE_E, 9, MC_MA);
	struct unit *t = mk(g, "t", 0, UT_HI, 2610, FACE_W, 5, MC_NONE);
	mk(g, "u", 0, UT_HI, 2612, FACE_W, 5, MC_NONE);
	cr_assert_eq(footprint_distance(&t->at, H(2510)), 1);
	struct fire_check fc;
	cr_assert(missile_check(g, idx(g, "sl"), WEAPON_MAIN, H(2610),
				FIRE_ENTRY, &fc));
	cr_assert_eq(fc.range, 1);
	cr_assert(missile_check(g, idx(g, "sl"), WEAPON_MAIN, H(2610),
				FIRE_RETIRE, &fc), "%s", fc.reason);
	cr_assert_eq(fc.range, 2);
	cr_assert_eq(fc.strength, tables_missile_strength(g->tables, MC_S, 2));
	cr_assert(missile_check(g, idx(g, "ma"), WEAPON_MAIN, H(2612),
				FIRE_WITHDRAWING, &fc), "%s", fc.reason);
	cr_assert_eq(fc.range, 2);
	cr_assert_eq(fc.strength,
		     tables_missile_strength(g->tables, MC_MA, 2));
	game_free(g);
}

/* 8.33, 8.15: the odds of an H&D volley before it is ordered, as it
 * would be thrown: slingers of strength 3 at range 1, +1 for moving
 * (8.15 #5), hit on 2 or less: faces 0-2, 30%; 1 hit each (8.15). */
Test(harass, r8_33_odds_of_the_volley_before_the_order)
{
	struct game *g = fx_field();
	mk(g, "sl", 1, UT_SK, 2510, FACE_E, 6, MC_S);
	mk(g, "t", 0, UT_LI, 2710, FACE_NW, 6, MC_J);
	struct odds o;
	cr_assert(harass_odds(g, idx(g, "sl"), idx(g, "t"), &o));
	cr_assert(odds_complete(&o));
	cr_assert_eq(odds_percent(&o, "hit 1"), 30);
	cr_assert_eq(odds_percent(&o, "miss"), 70);
	cr_assert_eq(missile_hit_percent(&o), 30);
	/* nothing moved on the game itself */
	cr_assert(hex_eq(g->units[idx(g, "sl")].at.hex[0], H(2510)));
	cr_assert_not(g->units[idx(g, "sl")].moved_phase);
	/* t may not harass sl (not missile-armed against it here) */
	mk(g, "hi", 0, UT_HI, 2712, FACE_NW, 6, MC_NONE);
	cr_assert_not(harass_odds(g, idx(g, "hi"), idx(g, "sl"), &o));
	game_free(g);
}

/* 8.33, 7.15, 10.14: the target's side sees what turning costs before it
 * answers the H&D (reactions_pending_odds, the prompt box's detail).  By
 * hand: Y (TQ 6) turning against C of the same MA (DRM 6 - 6 = 0) takes
 * 1 hit on faces 0-7 (7.15: at least 1), 2 on an 8, 3 on a 9; with no
 * hits none of them routs it, with 4 the 2 or 3 hits do (10.14: 20%).
 * Once a unit is named to fire back the facing is past (ruling, 8.33)
 * and nothing is told. */
Test(harass, r8_33_r7_15_the_box_tells_the_targets_check)
{
	struct game *g = beneventum();
	int Y = idx(g, "Y");
	struct cmd_result r = hd_order(g, "C", "Y", NULL);
	cr_assert_eq(r.status, CMD_OK, "%s", r.reason);
	cr_assert_eq(harass_face_unit(g), Y);
	char buf[256];
	reactions_pending_odds(g, buf, sizeof buf);
	cr_assert_str_eq(buf, "turning costs Y a check (8.33, 7.15): 1 hit "
			      "80%, 2 hits 10%, 3 hits 10%; it routs 0% "
			      "(10.14)");
	g->units[Y].hits = 4;
	reactions_pending_odds(g, buf, sizeof buf);
	cr_assert(strstr(buf, "; it routs 20% (10.14)"), "%s", buf);
	g->units[Y].hits = 0;
	struct cmd_result ry = {0};
	reactions_fire(g, "Y", NULL, NULL, &ry);
	cr_assert_eq(ry.status, CMD_OK, "%s", ry.reason);
	cr_assert_eq(harass_face_unit(g), -1);
	reactions_pending_odds(g, buf, sizeof buf);
	cr_assert_str_eq(buf, "");
	game_free(g);
}
