/* Hex geometry: Red Blob Games' test vectors (HEX.md), the CCRR numbering,
 * facing zones (7.11, 6.73), two-hex footprints and the worked examples of
 * 6.44, 6.5, 9.11 and 9.24, and the line of sight trace (8.14). */
#include <criterion/criterion.h>

#include "maniple/footprint.h"
#include "maniple/hex.h"

#include <string.h>

static struct hex H(int number)
{
	return (struct hex){number / 100, number % 100};
}

static void expect_cube(struct cube got, int q, int r, int s)
{
	cr_expect(got.q == q && got.r == r && got.s == s,
		  "got (%d,%d,%d), want (%d,%d,%d)", got.q, got.r, got.s, q, r,
		  s);
}

static void expect_hex(struct hex got, int number)
{
	cr_expect(hex_eq(got, H(number)), "got %02d%02d, want %04d", got.col,
		  got.row, number);
}

static struct footprint one(int number, int facing)
{
	return (struct footprint){{H(number), HEX_NONE}, facing, false, false};
}

static struct footprint two(int a, int b, int facing)
{
	return (struct footprint){{H(a), H(b)}, facing, false, false};
}

/* ---- Red Blob Games vectors (HEX.md) ---- */

Test(hex_redblob, cube_distance)
{
	cr_expect_eq(cube_distance((struct cube){3, -7, 4},
				   (struct cube){0, 0, 0}),
		     7);
}

Test(hex_redblob, cube_neighbour_direction_2)
{
	expect_cube(cube_neighbour((struct cube){1, -2, 1}, 2), 1, -3, 2);
}

Test(hex_redblob, cube_direction_order)
{
	const int want[6][3] = {{1, 0, -1}, {1, -1, 0}, {0, -1, 1},
				{-1, 0, 1}, {-1, 1, 0}, {0, 1, -1}};
	for (int i = 0; i < 6; i++)
		expect_cube(cube_direction(i), want[i][0], want[i][1],
			    want[i][2]);
}

Test(hex_redblob, cube_diagonal_neighbour_3)
{
	expect_cube(cube_diagonal_neighbour((struct cube){1, -2, 1}, 3), -1, -1,
		    2);
}

Test(hex_redblob, cube_line_0_0_0_to_1_m5_4)
{
	struct cube out[6];
	const int want[6][3] = {{0, 0, 0},  {0, -1, 1}, {0, -2, 2},
				{1, -3, 2}, {1, -4, 3}, {1, -5, 4}};
	cr_assert_eq(cube_line((struct cube){0, 0, 0}, (struct cube){1, -5, 4},
			       out),
		     6);
	for (int i = 0; i < 6; i++)
		expect_cube(out[i], want[i][0], want[i][1], want[i][2]);
}

Test(hex_redblob, cube_round_lerp_0_499_and_0_501)
{
	struct cube a = {0, 0, 0}, b = {1, -1, 0};
	expect_cube(cube_round(cube_lerp(a, b, 0.499)), 0, 0, 0);
	expect_cube(cube_round(cube_lerp(a, b, 0.501)), 1, -1, 0);
}

Test(hex_redblob, odd_q_offset_of_cube_1_2_m3)
{
	/* Red Blob: odd-q offset of (1,2,-3) is (1,2) (even-q would be (1,3),
	 * which is what odd-q gives for the even column's convention). */
	struct hex h = cube_to_hex((struct cube){1, 2, -3});
	cr_expect_eq(h.col, 1);
	cr_expect_eq(h.row, 2);
	struct cube back = hex_to_cube((struct hex){1, 2});
	expect_cube(back, 1, 2, -3);
	/* even-q: row = r + (q + (q & 1)) / 2 */
	struct cube c = {1, 2, -3};
	cr_expect_eq(c.r + (c.q + (c.q & 1)) / 2, 3);
}

Test(hex_redblob, offset_round_trip_including_negative)
{
	for (int col = -5; col <= 5; col++)
		for (int row = -5; row <= 5; row++) {
			struct hex h = {col, row};
			cr_expect(hex_eq(cube_to_hex(hex_to_cube(h)), h),
				  "%d,%d", col, row);
			struct cube c = hex_to_cube(h);
			cr_expect_eq(c.q + c.r + c.s, 0);
		}
}

Test(hex_redblob, odd_q_neighbour_deltas_match_hexsides)
{
	/* HEX.md deltas (dcol,drow) in cube-direction order; cube direction
	 * 0..5 = ESE ENE N WNW WSW S. */
	const enum hexside side[6] = {SIDE_ESE, SIDE_ENE, SIDE_N,
				      SIDE_WNW, SIDE_WSW, SIDE_S};
	const int even[6][2] = {{1, 0}, {1, -1}, {0, -1},
				{-1, -1}, {-1, 0}, {0, 1}};
	const int odd[6][2] = {{1, 1}, {1, 0}, {0, -1},
			       {-1, 0}, {-1, 1}, {0, 1}};
	struct hex e = {10, 10}, o = {11, 10};
	for (int i = 0; i < 6; i++) {
		struct hex ne = hex_neighbour(e, side[i]);
		struct hex no = hex_neighbour(o, side[i]);
		cr_expect(ne.col - e.col == even[i][0] &&
				  ne.row - e.row == even[i][1],
			  "even column, direction %d", i);
		cr_expect(no.col - o.col == odd[i][0] &&
				  no.row - o.row == odd[i][1],
			  "odd column, direction %d", i);
		cr_expect(hex_eq(cube_to_hex(cube_neighbour(hex_to_cube(e), i)),
				 ne));
	}
}

/* A board of pointy-topped hexes in rows, odd rows shifted right (Red
 * Blob's odd-r): the same cube geometry through its own offsets. */
Test(hex_layout, odd_r_neighbour_deltas_in_cube_direction_order)
{
	/* Red Blob's odd-r direction differences (dcol,drow) */
	const int even[6][2] = {{1, 0}, {0, -1}, {-1, -1},
				{-1, 0}, {-1, 1}, {0, 1}};
	const int odd[6][2] = {{1, 0}, {1, -1}, {0, -1},
			       {-1, 0}, {0, 1}, {1, 1}};
	struct hex e = {4, 2}, o = {4, 3};
	for (int i = 0; i < 6; i++) {
		struct hex ne = hex_step_in(HEX_POINTY_ODD_R, e, i);
		struct hex no = hex_step_in(HEX_POINTY_ODD_R, o, i);
		cr_expect(ne.col - e.col == even[i][0] &&
				  ne.row - e.row == even[i][1],
			  "even row, direction %d", i);
		cr_expect(no.col - o.col == odd[i][0] &&
				  no.row - o.row == odd[i][1],
			  "odd row, direction %d", i);
	}
}

Test(hex_layout, odd_r_offsets_round_trip_and_distances)
{
	for (int col = -5; col <= 5; col++)
		for (int row = -5; row <= 5; row++) {
			struct hex h = {col, row};
			struct cube c = hex_to_cube_in(HEX_POINTY_ODD_R, h);
			cr_expect_eq(c.q + c.r + c.s, 0);
			cr_expect(hex_eq(cube_to_hex_in(HEX_POINTY_ODD_R, c), h),
				  "%d,%d", col, row);
		}
	/* Red Blob: odd-r (col 1, row 2) is cube (0, 2, -2) */
	expect_cube(hex_to_cube_in(HEX_POINTY_ODD_R, (struct hex){1, 2}), 0, 2,
		    -2);
	/* (0,0) to (3,2): down-right twice, then right twice */
	cr_expect_eq(hex_distance_in(HEX_POINTY_ODD_R, (struct hex){0, 0},
				     (struct hex){3, 2}),
		     4);
	/* the layout matters: (0,0) to (1,2) is 2 on odd-r, 3 on odd-q */
	cr_expect_eq(hex_distance_in(HEX_POINTY_ODD_R, (struct hex){0, 0},
				     (struct hex){1, 2}),
		     2);
	cr_expect_eq(hex_distance_in(HEX_FLAT_ODD_Q, (struct hex){0, 0},
				     (struct hex){1, 2}),
		     3);
}

Test(hex_layout, odd_q_is_the_gboh_numbering)
{
	for (int col = 0; col <= 6; col++)
		for (int row = 0; row <= 6; row++) {
			struct hex h = {col, row};
			struct cube a = hex_to_cube_in(HEX_FLAT_ODD_Q, h);
			struct cube b = hex_to_cube(h);
			cr_expect(a.q == b.q && a.r == b.r && a.s == b.s);
			cr_expect(hex_distance_in(HEX_FLAT_ODD_Q, h,
						  (struct hex){3, 3}) ==
				  hex_distance(h, (struct hex){3, 3}));
		}
	/* cube direction 2 is hexside N on the odd-q board */
	cr_expect(hex_eq(hex_step_in(HEX_FLAT_ODD_Q, (struct hex){27, 19}, 2),
			 hex_neighbour((struct hex){27, 19}, SIDE_N)));
}

/* ---- numbering ---- */

Test(hex_numbering, parse_accepts_four_digits_and_row_00)
{
	struct hex h;
	cr_assert(hex_parse("2719", &h));
	expect_hex(h, 2719);
	cr_assert(hex_parse("2800", &h)); /* "hex 2800 at Cannae" */
	cr_expect_eq(h.col, 28);
	cr_expect_eq(h.row, 0);
	cr_assert(hex_parse("0000", &h));
	cr_expect(h.col == 0 && h.row == 0);
}

/* 6.43: a two-hex unit's hexes, "2719,2720"; one hex leaves b none */
Test(hex_numbering, pair_parse_one_or_two_hexes)
{
	struct hex a, b;
	cr_assert(hex_pair_parse("2719", &a, &b));
	expect_hex(a, 2719);
	cr_expect(hex_is_none(b));
	cr_assert(hex_pair_parse("2719,2720", &a, &b));
	expect_hex(a, 2719);
	expect_hex(b, 2720);
	const char *bad[] = {"2719,", ",2720", "2719,2720,2721", "27190,2720",
			     "2719 2720", ""};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		cr_expect_not(hex_pair_parse(bad[i], &a, &b), "accepted \"%s\"",
			      bad[i]);
	cr_expect_not(hex_pair_parse(NULL, &a, &b));
}

Test(hex_numbering, parse_rejects_bad_text)
{
	const char *bad[] = {"27190", "27a9", "", "271", " 2719", "2719 ",
			     "-719", "+719", "27 9", "２７１９"};
	struct hex h = {5, 5};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		cr_expect_not(hex_parse(bad[i], &h), "accepted \"%s\"", bad[i]);
		cr_expect(h.col == 5 && h.row == 5, "changed on \"%s\"",
			  bad[i]);
	}
	cr_expect_not(hex_parse(NULL, &h));
	cr_expect_not(hex_parse("2719", NULL));
}

Test(hex_numbering, format_round_trips_including_row_00)
{
	const char *texts[] = {"2719", "2800", "0000", "0101", "9999", "3012"};
	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		struct hex h;
		char buf[16];
		cr_assert(hex_parse(texts[i], &h));
		hex_format(h, buf, sizeof buf);
		cr_expect_str_eq(buf, texts[i]);
		cr_expect_eq(hex_number(h), atoi(texts[i]));
	}
}

Test(hex_numbering, format_truncates_safely_and_names_none)
{
	char buf[3];
	hex_format(H(2719), buf, sizeof buf);
	cr_expect_str_eq(buf, "27");
	char wide[16];
	hex_format((struct hex){100, 5}, wide, sizeof wide);
	cr_expect_str_eq(wide, "10005");
	hex_format(HEX_NONE, wide, sizeof wide);
	cr_expect_str_eq(wide, "----");
	cr_expect(hex_is_none(HEX_NONE));
	cr_expect_not(hex_is_none(H(0)));
}

Test(hex_numbering, names_parse_and_opposites)
{
	const char *sides[] = {"N", "ENE", "ESE", "S", "WSW", "WNW"};
	const char *faces[] = {"NE", "E", "SE", "SW", "W", "NW"};
	for (int i = 0; i < 6; i++) {
		cr_expect_str_eq(hexside_name((enum hexside)i), sides[i]);
		cr_expect_str_eq(facing_name((enum facing)i), faces[i]);
		cr_expect_eq(hexside_parse(sides[i]), i);
		cr_expect_eq(facing_parse(faces[i]), i);
		cr_expect_eq(hexside_opposite(hexside_opposite((enum hexside)i)),
			     i);
	}
	cr_expect_eq(hexside_opposite(SIDE_N), SIDE_S);
	cr_expect_eq(hexside_opposite(SIDE_ENE), SIDE_WSW);
	cr_expect_eq(hexside_parse("ese"), SIDE_ESE);
	/* the two vocabularies never overlap */
	cr_expect_eq(hexside_parse("NE"), -1);
	cr_expect_eq(hexside_parse("E"), -1);
	cr_expect_eq(facing_parse("N"), -1);
	cr_expect_eq(facing_parse("ENE"), -1);
	cr_expect_eq(facing_parse(""), -1);
	cr_expect_eq(facing_parse(NULL), -1);
	cr_expect_str_eq(hexside_name((enum hexside)9), "?");
	cr_expect_str_eq(facing_name((enum facing)-1), "?");
}

/* hex_direction_to answers from a table: it must agree with the six
 * neighbour steps everywhere, odd and even columns, edges and the
 * negative numbers off the map (HEX_NONE is -1,-1) included. */
Test(hex_numbering, direction_to_agrees_with_the_neighbour_steps)
{
	for (int col = -3; col <= 6; col++)
		for (int row = -3; row <= 6; row++) {
			struct hex a = {.col = col, .row = row};
			for (int dc = -2; dc <= 2; dc++)
				for (int dr = -2; dr <= 2; dr++) {
					struct hex b = {.col = col + dc,
							.row = row + dr};
					int want = -1;
					for (int d = 0; d < HEXSIDE_COUNT; d++)
						if (hex_eq(hex_neighbour(
								   a, (enum hexside)d),
							   b))
							want = d;
					cr_expect_eq(hex_direction_to(a, b), want,
						     "%d,%d to %d,%d", col, row,
						     b.col, b.row);
				}
		}
}

Test(hex_numbering, direction_to_and_distance)
{
	cr_expect_eq(hex_direction_to(H(2719), H(2718)), SIDE_N);
	cr_expect_eq(hex_direction_to(H(2719), H(2620)), SIDE_WSW);
	cr_expect_eq(hex_direction_to(H(2719), H(2719)), -1);
	cr_expect_eq(hex_direction_to(H(2719), H(2721)), -1);
	cr_expect_eq(hex_distance(H(2719), H(2719)), 0);
	cr_expect_eq(hex_distance(H(2719), H(2721)), 2);
	cr_expect_eq(hex_distance(H(2719), H(2919)), 2);
	cr_expect_eq(hex_distance(H(100), H(1000)), 9);
}

/* ---- 6.5 Orderly Withdrawal example (Cannae) ---- */

Test(hex_examples, rule_6_5_withdrawal_distances)
{
	cr_expect_eq(hex_distance(H(3214), H(3415)), 2, "cavalry 3214->3415");
	cr_expect_eq(hex_distance(H(3415), H(3515)), 1, "cavalry 3415->3515");
	cr_expect_eq(hex_distance(H(3216), H(3316)), 1, "velites 3216->3316");
}

Test(hex_examples, rule_6_5_phalanx_path_moves_both_halves_alike)
{
	const int path[6][2] = {{2912, 3012}, {3013, 3112}, {3113, 3213},
				{3114, 3214}, {3215, 3314}, {3315, 3415}};
	const enum hexside step[5] = {SIDE_ESE, SIDE_ESE, SIDE_S, SIDE_ESE,
				      SIDE_ESE};
	for (int i = 0; i < 6; i++) {
		struct footprint fp = two(path[i][0], path[i][1], FACE_SE);
		cr_expect_null(footprint_check(&fp), "footprint %d/%d",
			       path[i][0], path[i][1]);
	}
	for (int i = 0; i < 5; i++) {
		for (int half = 0; half < 2; half++)
			cr_expect_eq(hex_direction_to(H(path[i][half]),
						      H(path[i + 1][half])),
				     step[i], "step %d half %d", i, half);
		/* each step goes into Front hexes (7.11) */
		struct footprint fp = two(path[i][0], path[i][1], FACE_SE);
		cr_expect_eq(footprint_zone(&fp, H(path[i + 1][0])),
			     ZONE_FRONT);
		cr_expect_eq(footprint_zone(&fp, H(path[i + 1][1])),
			     ZONE_FRONT);
	}
}

Test(hex_examples, rule_6_5_phalanx_at_3114_3214_two_from_both)
{
	struct footprint ph = two(3114, 3214, FACE_SE);
	cr_expect_eq(footprint_distance(&ph, H(3415)), 2, "cavalry");
	cr_expect_eq(footprint_distance(&ph, H(3216)), 2, "velites");
	/* and again at 3215/3314 from 3515 and 3316 */
	struct footprint ph2 = two(3215, 3314, FACE_SE);
	cr_expect_eq(footprint_distance(&ph2, H(3515)), 2);
	cr_expect_eq(footprint_distance(&ph2, H(3316)), 2);
	/* "away" (6.51): each withdrawal ends further from the phalanx */
	struct footprint at3013 = two(3013, 3112, FACE_SE);
	cr_expect_gt(footprint_distance(&at3013, H(3415)),
		     footprint_distance(&at3013, H(3214)));
	cr_expect_gt(footprint_distance(&ph, H(3515)),
		     footprint_distance(&ph, H(3415)));
	cr_expect_gt(footprint_distance(&ph, H(3316)),
		     footprint_distance(&ph, H(3216)));
}

Test(hex_examples, rule_6_5_cavalry_approached_from_the_front)
{
	/* Cavalry in 3214 facing NW; phalanx enters 3013/3112. */
	struct footprint cav = one(3214, FACE_NW);
	struct footprint ph = two(3013, 3112, FACE_SE);
	cr_expect_eq(footprint_distance(&ph, H(3214)), 2);
	cr_expect_eq(footprint_approach(&cav, &ph), ZONE_FRONT);
}

Test(hex_examples, ruling_R1_velites_flank_and_rear_touched_is_flank)
{
	/* 6.52 #3 with HEX.md's classification: the phalanx at 3114/3214 is
	 * adjacent to 3115 (Flank) and 3215 (Rear) of the velites in 3216
	 * facing SW; at 3215/3314 it is adjacent to 3216 (Flank) and 3315
	 * (Rear) of the velites in 3316 facing SW.  Both: flank approaches. */
	struct footprint v1 = one(3216, FACE_SW);
	cr_expect_eq(footprint_zone(&v1, H(3115)), ZONE_FLANK);
	cr_expect_eq(footprint_zone(&v1, H(3215)), ZONE_REAR);
	struct footprint p1 = two(3114, 3214, FACE_SE);
	cr_expect_eq(footprint_approach(&v1, &p1), ZONE_FLANK);

	struct footprint v2 = one(3316, FACE_SW);
	cr_expect_eq(footprint_zone(&v2, H(3216)), ZONE_FLANK);
	cr_expect_eq(footprint_zone(&v2, H(3315)), ZONE_REAR);
	struct footprint p2 = two(3215, 3314, FACE_SE);
	cr_expect_eq(footprint_approach(&v2, &p2), ZONE_FLANK);
}

/* ---- 6.44 the wheel ---- */

Test(hex_examples, rule_6_44_phalanx_wheel_2621_to_2720)
{
	struct footprint before = two(2620, 2621, FACE_E);
	cr_assert_null(footprint_check(&before));
	/* the velites in 2719 stand in front of the 2620 half */
	cr_expect_eq(footprint_zone(&before, H(2719)), ZONE_FRONT);
	cr_expect_eq(hex_distance(H(2719), H(2620)), 1);
	cr_expect_eq(hex_direction_to(H(2719), H(2620)), SIDE_WSW);
	/* only the 2620 half can be in the velites' ZOC (their Front hexes,
	 * 7.2): 2620 is a Front hex of velites facing SW or W, 2621 is two
	 * hexes away whatever they face */
	struct footprint vel = one(2719, FACE_SW);
	cr_expect_eq(footprint_zone(&vel, H(2620)), ZONE_FRONT);
	vel.facing = FACE_W;
	cr_expect_eq(footprint_zone(&vel, H(2620)), ZONE_FRONT);
	cr_expect_eq(hex_distance(H(2719), H(2621)), 2);
	/* pivot: 2621 goes to 2720, adjacent to both 2620 and 2621 */
	cr_expect_eq(hex_distance(H(2621), H(2720)), 1);
	cr_expect_eq(hex_distance(H(2620), H(2720)), 1);
	struct footprint after = two(2620, 2720, FACE_NE);
	cr_expect_null(footprint_check(&after));
	cr_expect_eq(footprint_zone(&after, H(2719)), ZONE_FRONT);
	/* the only other facing across the long side is the reverse one */
	after.facing = FACE_SW;
	cr_expect_null(footprint_check(&after));
	for (int f = 0; f < FACING_COUNT; f++) {
		if (f == FACE_NE || f == FACE_SW)
			continue;
		after.facing = f;
		cr_expect_not_null(footprint_check(&after), "facing %s",
				   facing_name((enum facing)f));
	}
}

/* ---- 9.11 Pass-Thru ---- */

Test(hex_examples, rule_9_11_rear_hexes_of_2921_facing_e)
{
	struct footprint def = one(2921, FACE_E);
	struct hex rear[8];
	int n = footprint_zone_hexes(&def, ZONE_REAR, rear);
	cr_assert_eq(n, 2);
	bool has2821 = hex_eq(rear[0], H(2821)) || hex_eq(rear[1], H(2821));
	bool has2822 = hex_eq(rear[0], H(2822)) || hex_eq(rear[1], H(2822));
	cr_expect(has2821 && has2822);
	cr_expect_eq(footprint_zone(&def, H(3022)), ZONE_FRONT);
	struct footprint eleph = one(3022, FACE_W);
	cr_expect_eq(footprint_approach(&def, &eleph), ZONE_FRONT);
}

/* ---- 9.24 line ---- */

Test(hex_examples, rule_9_24_2808_2809_2810_in_one_direction)
{
	cr_expect_eq(hex_direction_to(H(2808), H(2809)), SIDE_S);
	cr_expect_eq(hex_direction_to(H(2809), H(2810)), SIDE_S);
	cr_expect_eq(hex_distance(H(2808), H(2810)), 2);
}

/* ---- zones ---- */

Test(hex_zones, rule_7_11_one_hex_all_six_facings)
{
	/* facing vertex k: Front across sides k, k+1; Flank k-1, k+2; Rear
	 * k+3, k+4.  Spelled out per facing so a rotation bug shows. */
	const enum hex_zone want[6][6] = {
		/*        N      ENE    ESE    S      WSW    WNW */
		/* NE */ {ZONE_FRONT, ZONE_FRONT, ZONE_FLANK, ZONE_REAR,
			  ZONE_REAR, ZONE_FLANK},
		/* E  */ {ZONE_FLANK, ZONE_FRONT, ZONE_FRONT, ZONE_FLANK,
			  ZONE_REAR, ZONE_REAR},
		/* SE */ {ZONE_REAR, ZONE_FLANK, ZONE_FRONT, ZONE_FRONT,
			  ZONE_FLANK, ZONE_REAR},
		/* SW */ {ZONE_REAR, ZONE_REAR, ZONE_FLANK, ZONE_FRONT,
			  ZONE_FRONT, ZONE_FLANK},
		/* W  */ {ZONE_FLANK, ZONE_REAR, ZONE_REAR, ZONE_FLANK,
			  ZONE_FRONT, ZONE_FRONT},
		/* NW */ {ZONE_FRONT, ZONE_FLANK, ZONE_REAR, ZONE_REAR,
			  ZONE_FLANK, ZONE_FRONT},
	};
	for (int f = 0; f < 6; f++) {
		struct footprint fp = one(2719, f);
		for (int d = 0; d < 6; d++) {
			cr_expect_eq(facing_zone_of_side((enum facing)f,
							 (enum hexside)d),
				     want[f][d], "facing %s side %s",
				     facing_name((enum facing)f),
				     hexside_name((enum hexside)d));
			cr_expect_eq(footprint_zone(&fp, hex_neighbour(
								 H(2719),
								 (enum hexside)d)),
				     want[f][d]);
		}
		struct hex z[8];
		cr_expect_eq(footprint_zone_hexes(&fp, ZONE_FRONT, z), 2);
		cr_expect_eq(footprint_zone_hexes(&fp, ZONE_FLANK, z), 2);
		cr_expect_eq(footprint_zone_hexes(&fp, ZONE_REAR, z), 2);
		cr_expect_eq(footprint_zone_hexes(&fp, ZONE_NONE, z), 0);
	}
	struct footprint fp = one(2719, FACE_E);
	cr_expect_eq(footprint_zone(&fp, H(2719)), ZONE_NONE, "own hex");
	cr_expect_eq(footprint_zone(&fp, H(2919)), ZONE_NONE, "two away");
}

Test(hex_zones, rule_6_73_one_hex_in_column)
{
	for (int front = 0; front < 6; front++) {
		struct footprint fp = {{H(2719), HEX_NONE}, front, true, false};
		cr_expect_null(footprint_check(&fp));
		for (int d = 0; d < 6; d++) {
			int rel = (d - front + 6) % 6;
			enum hex_zone want = rel == 0		 ? ZONE_FRONT
					     : rel == 1 || rel == 5 ? ZONE_FLANK
								  : ZONE_REAR;
			cr_expect_eq(column_zone_of_side((enum hexside)front,
							 (enum hexside)d),
				     want);
			cr_expect_eq(footprint_zone(&fp, hex_neighbour(
								 H(2719),
								 (enum hexside)d)),
				     want);
		}
		struct hex z[8];
		cr_expect_eq(footprint_zone_hexes(&fp, ZONE_FRONT, z), 1);
		cr_expect_eq(footprint_zone_hexes(&fp, ZONE_FLANK, z), 2);
		cr_expect_eq(footprint_zone_hexes(&fp, ZONE_REAR, z), 3);
	}
	/* In Column facing N from 2719: front 2718, front-flank 2818, 2618 */
	struct footprint fp = {{H(2719), HEX_NONE}, SIDE_N, true, false};
	cr_expect_eq(footprint_zone(&fp, H(2718)), ZONE_FRONT);
	cr_expect_eq(footprint_zone(&fp, H(2819)), ZONE_FLANK);
	cr_expect_eq(footprint_zone(&fp, H(2619)), ZONE_FLANK);
	cr_expect_eq(footprint_zone(&fp, H(2720)), ZONE_REAR);
}

Test(hex_zones, rule_7_11_two_hex_in_line_three_front_two_flank_three_rear)
{
	/* 2620/2621 facing E: Front 2719 2720 2721, Flank 2619 2622 at the
	 * ends, Rear 2519 2520 2521. */
	struct footprint fp = two(2620, 2621, FACE_E);
	const int front[] = {2719, 2720, 2721};
	const int flank[] = {2619, 2622};
	const int rear[] = {2519, 2520, 2521};
	for (int i = 0; i < 3; i++) {
		cr_expect_eq(footprint_zone(&fp, H(front[i])), ZONE_FRONT,
			     "%d", front[i]);
		cr_expect_eq(footprint_zone(&fp, H(rear[i])), ZONE_REAR, "%d",
			     rear[i]);
	}
	for (int i = 0; i < 2; i++)
		cr_expect_eq(footprint_zone(&fp, H(flank[i])), ZONE_FLANK,
			     "%d", flank[i]);
	cr_expect_eq(footprint_zone(&fp, H(2620)), ZONE_NONE);
	cr_expect_eq(footprint_zone(&fp, H(2621)), ZONE_NONE);
	struct hex z[8];
	cr_expect_eq(footprint_zone_hexes(&fp, ZONE_FRONT, z), 3);
	cr_expect_eq(footprint_zone_hexes(&fp, ZONE_FLANK, z), 2);
	cr_expect_eq(footprint_zone_hexes(&fp, ZONE_REAR, z), 3);

	/* every legal in-line footprint round 2719, both halves' orders */
	for (int p = 0; p < 6; p++) {
		struct hex b = hex_neighbour(H(2719), (enum hexside)p);
		for (int f = 0; f < 6; f++) {
			struct footprint t = {{H(2719), b}, f, false, false};
			struct footprint u = {{b, H(2719)}, f, false, false};
			bool legal = footprint_check(&t) == NULL;
			cr_expect_eq(legal, footprint_check(&u) == NULL);
			if (!legal)
				continue;
			cr_expect_eq(footprint_zone_hexes(&t, ZONE_FRONT, z), 3);
			cr_expect_eq(footprint_zone_hexes(&t, ZONE_FLANK, z), 2);
			cr_expect_eq(footprint_zone_hexes(&t, ZONE_REAR, z), 3);
			for (int k = 0; k < 2; k++)
				cr_expect_eq(footprint_zone(&t, z[k]),
					     footprint_zone(&u, z[k]));
		}
	}
}

Test(hex_zones, rule_6_73_two_hex_in_column)
{
	/* 2620 leads, 2621 behind: facing N along the pair.  Front 2619;
	 * front-flank 2719 and 2519 (6.74: the leading half turns into them);
	 * the other five around the unit are rear. */
	struct footprint fp = {{H(2620), H(2621)}, SIDE_N, true, false};
	cr_assert_null(footprint_check(&fp));
	cr_expect_eq(footprint_zone(&fp, H(2619)), ZONE_FRONT);
	cr_expect_eq(footprint_zone(&fp, H(2719)), ZONE_FLANK);
	cr_expect_eq(footprint_zone(&fp, H(2519)), ZONE_FLANK);
	const int rear[] = {2720, 2520, 2721, 2521, 2622};
	for (int i = 0; i < 5; i++)
		cr_expect_eq(footprint_zone(&fp, H(rear[i])), ZONE_REAR, "%d",
			     rear[i]);
	struct hex z[8];
	cr_expect_eq(footprint_zone_hexes(&fp, ZONE_FRONT, z), 1);
	cr_expect_eq(footprint_zone_hexes(&fp, ZONE_FLANK, z), 2);
	cr_expect_eq(footprint_zone_hexes(&fp, ZONE_REAR, z), 5);
	/* the hexside must run along the pair and point away from hex[1] */
	fp.facing = SIDE_S;
	cr_expect_not_null(footprint_check(&fp));
	fp.facing = SIDE_ENE;
	cr_expect_not_null(footprint_check(&fp));
}

Test(hex_zones, footprint_check_rejects_bad_shapes)
{
	struct footprint apart = two(2620, 2622, FACE_E);
	cr_expect_not_null(footprint_check(&apart));
	struct footprint same = two(2620, 2620, FACE_E);
	cr_expect_not_null(footprint_check(&same));
	struct footprint along = two(2620, 2621, FACE_NE);
	cr_expect_not_null(footprint_check(&along));
	struct footprint bad_facing = one(2620, 6);
	cr_expect_not_null(footprint_check(&bad_facing));
	bad_facing.facing = -1;
	cr_expect_not_null(footprint_check(&bad_facing));
	struct footprint nowhere = {{HEX_NONE, HEX_NONE}, FACE_E, false, false};
	cr_expect_not_null(footprint_check(&nowhere));
	cr_expect_not_null(footprint_check(NULL));
	cr_expect_eq(footprint_zone(&nowhere, H(2719)), ZONE_NONE);
	struct footprint ok = one(2620, FACE_NW);
	cr_expect_null(footprint_check(&ok));
	cr_expect_not(footprint_two_hex(&ok));
	cr_expect(footprint_occupies(&ok, H(2620)));
	cr_expect_not(footprint_occupies(&ok, HEX_NONE));
}

Test(hex_zones, rule_6_52_approach_classification)
{
	struct footprint target = one(2719, FACE_NE);
	/* adjacent in a Rear hex only */
	struct footprint r = one(2720, FACE_NW);
	cr_expect_eq(footprint_approach(&target, &r), ZONE_REAR);
	/* adjacent in a Flank hex */
	struct footprint f = one(2619, FACE_E);
	cr_expect_eq(footprint_approach(&target, &f), ZONE_FLANK);
	/* two-hex unit in a Flank and a Rear hex: flank */
	struct footprint fr = two(2619, 2620, FACE_E);
	cr_expect_eq(footprint_approach(&target, &fr), ZONE_FLANK);
	/* two-hex unit in a Front and a Flank hex: front */
	struct footprint ff = two(2718, 2619, FACE_SE);
	cr_expect_eq(footprint_approach(&target, &ff), ZONE_FRONT);
	/* from two hexes: adjacent only to Rear hexes 2720/2620 -> rear */
	struct footprint far = one(2621, FACE_NW);
	cr_expect_eq(footprint_approach(&target, &far), ZONE_REAR);
	/* from two hexes straight ahead: front */
	struct footprint ahead = one(2717, FACE_SW);
	cr_expect_eq(footprint_approach(&target, &ahead), ZONE_FRONT);
	/* out of reach */
	struct footprint away = one(3019, FACE_W);
	cr_expect_eq(footprint_approach(&target, &away), ZONE_NONE);
	cr_expect_eq(footprint_approach(NULL, &away), ZONE_NONE);
}

/* ---- 8.14 line of sight ---- */

Test(hex_los, rule_8_14_line_along_a_hexside)
{
	/* 2719 to the hex two away across the NE vertex: the straight line
	 * runs down the hexside between 2718 (N) and 2819 (ENE). */
	struct hex a = H(2719);
	struct hex b = cube_to_hex(
		cube_diagonal_neighbour(hex_to_cube(a), 1));
	expect_hex(b, 2818);
	cr_expect_eq(hex_distance(a, b), 2);
	struct hex out[3], alt[3];
	bool along = false;
	cr_assert_eq(hex_line(a, b, out, alt, &along), 3);
	cr_expect(along);
	expect_hex(out[0], 2719);
	expect_hex(out[2], 2818);
	expect_hex(alt[0], 2719);
	expect_hex(alt[2], 2818);
	bool mid_pair = (hex_eq(out[1], H(2718)) && hex_eq(alt[1], H(2819))) ||
			(hex_eq(out[1], H(2819)) && hex_eq(alt[1], H(2718)));
	cr_expect(mid_pair, "middle %02d%02d / %02d%02d", out[1].col,
		  out[1].row, alt[1].col, alt[1].row);
}

Test(hex_los, rule_8_14_line_not_along_a_hexside)
{
	struct hex out[5], alt[5];
	bool along = true;
	/* straight down a column: through hex centres */
	cr_assert_eq(hex_line(H(2708), H(2712), out, alt, &along), 5);
	cr_expect_not(along);
	for (int i = 0; i < 5; i++) {
		expect_hex(out[i], 2708 + i);
		cr_expect(hex_eq(out[i], alt[i]));
	}
	/* an oblique line that crosses hexes, not sides */
	along = true;
	int n = hex_line(H(2719), H(3021), out, alt, &along);
	cr_assert_eq(n, hex_distance(H(2719), H(3021)) + 1);
	cr_expect_not(along);
	expect_hex(out[0], 2719);
	expect_hex(out[n - 1], 3021);
	for (int i = 1; i < n; i++)
		cr_expect_eq(hex_distance(out[i - 1], out[i]), 1);
	/* a line to itself */
	cr_expect_eq(hex_line(H(2719), H(2719), out, NULL, &along), 1);
	cr_expect_not(along);
	expect_hex(out[0], 2719);
}
