/* Map files: loading the fixtures, every kind of bad file refused at its
 * line, and every shipped map under maps/ loading cleanly. */
#include <criterion/criterion.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "maniple/map.h"
#include "bad_file.h"

static const char *srcdir(void)
{
	const char *d = getenv("MANIPLE_SRCDIR");
	return d && *d ? d : MANIPLE_SRCDIR;
}

static struct map *load_fixture(const char *name)
{
	char path[512];
	snprintf(path, sizeof path, "%s/tests/fixtures/%s", srcdir(), name);
	struct ini_error err = {0};
	struct map *m = map_load(path, &err);
	char buf[1024];
	ini_error_format(&err, buf, sizeof buf);
	cr_assert_not_null(m, "%s", buf);
	return m;
}

static struct hex H(int n)
{
	return (struct hex){n / 100, n % 100};
}

/* 6.21, 6.22: the uphill fixture of EXAMPLES.md. */
Test(map, uphill_fixture_levels_6_21)
{
	struct map *m = load_fixture("map-uphill.ini");
	cr_expect_str_eq(m->name, "Uphill fixture");
	cr_expect_eq(m->col_min, 20);
	cr_expect_eq(m->col_max, 27);
	cr_expect_eq(m->row_min, 18);
	cr_expect_eq(m->row_max, 26);
	cr_expect_eq(m->ncols, 8);
	cr_expect_eq(m->nrows, 9);
	cr_expect_eq(map_at(m, H(2322))->elevation, 0);
	cr_expect_eq(map_at(m, H(2423))->elevation, 0);
	cr_expect_eq(map_at(m, H(2523))->elevation, 2);
	cr_expect_eq(map_at(m, H(2523))->terrain, TERRAIN_CLEAR);
	cr_expect(hex_direction_to(H(2322), H(2423)) >= 0);
	cr_expect(hex_direction_to(H(2423), H(2523)) >= 0);
	/* 9.14 default compass: roll 1 is N ... roll 6 is WNW */
	for (int i = 0; i < 6; i++)
		cr_expect_eq(m->compass[i], (enum hexside)i);
	cr_expect_eq(m->nedges, 2);
	map_free(m);
}

Test(map, features_terrain_lists_ranges_6_23)
{
	struct map *m = load_fixture("map-features.ini");
	cr_expect_eq(map_at(m, H(1206))->terrain, TERRAIN_WOODS);
	cr_expect_eq(map_at(m, H(1207))->terrain, TERRAIN_WOODS);
	cr_expect_eq(map_at(m, H(1306))->terrain, TERRAIN_WOODS);
	cr_expect_eq(map_at(m, H(1307))->terrain, TERRAIN_CLEAR, "later wins");
	cr_expect_eq(map_at(m, H(1308))->terrain, TERRAIN_WOODS);
	cr_expect_eq(map_at(m, H(1309))->terrain, TERRAIN_CLEAR);
	for (int col = 14; col <= 17; col++)
		cr_expect_eq(map_at(m, H(col * 100 + 10))->terrain,
			     TERRAIN_BROKEN);
	cr_expect_eq(map_at(m, H(1810))->terrain, TERRAIN_CLEAR);
	cr_expect_eq(map_at(m, H(1012))->terrain, TERRAIN_MARSH);
	cr_expect_eq(map_at(m, H(1113))->terrain, TERRAIN_MARSH);
	cr_expect_eq(map_at(m, H(1114))->terrain, TERRAIN_CLEAR);
	cr_expect(map_impassable(m, H(1905)));	/* 6.24 */
	cr_expect(!map_impassable(m, H(1906)));
	cr_expect(map_impassable(m, H(2005)), "off the map");
	map_free(m);
}

Test(map, features_elevation_default_and_levels)
{
	struct map *m = load_fixture("map-features.ini");
	cr_expect_eq(map_at(m, H(1506))->elevation, 1, "default level");
	cr_expect_eq(map_at(m, H(1010))->elevation, 0);
	cr_expect_eq(map_at(m, H(1014))->elevation, 0);
	cr_expect_eq(map_at(m, H(1509))->elevation, 3);
	cr_expect_eq(map_at(m, H(1609))->elevation, 3);
	cr_expect_eq(map_at(m, H(1914))->elevation, 9);
	map_free(m);
}

Test(map, features_hexsides_on_both_hexes)
{
	struct map *m = load_fixture("map-features.ini");
	/* stream 1510/N: 1509's S side */
	cr_expect(map_hexside(m, H(1510), SIDE_N) & HSF_STREAM);
	cr_expect(map_hexside(m, H(1509), SIDE_S) & HSF_STREAM);
	/* stream 1510:1610 */
	int d = hex_direction_to(H(1510), H(1610));
	cr_assert(d >= 0);
	cr_expect(map_hexside(m, H(1510), d) & HSF_STREAM);
	cr_expect(map_hexside(m, H(1610), hexside_opposite(d)) & HSF_STREAM);
	cr_expect_eq(map_hexside(m, H(1510), SIDE_S), 0);
	/* river */
	cr_expect(map_hexside(m, H(1805), SIDE_S) & HSF_RIVER);
	cr_expect(map_hexside(m, H(1806), SIDE_N) & HSF_RIVER);
	/* rampart: 1212 inside the camp, 1211 outside */
	cr_expect(map_hexside(m, H(1212), SIDE_N) & HSF_RAMPART);
	cr_expect(map_hexside(m, H(1211), SIDE_S) & HSF_RAMPART);
	cr_expect(map_at(m, H(1212))->rampart_inside);
	cr_expect(!map_at(m, H(1211))->rampart_inside);
	/* the Roman road 1005 1105 1206 1306 over two lines */
	int chain[] = {1005, 1105, 1206, 1306};
	for (int i = 0; i + 1 < 4; i++) {
		int s = hex_direction_to(H(chain[i]), H(chain[i + 1]));
		cr_assert(s >= 0);
		cr_expect(map_hexside(m, H(chain[i]), s) & HSF_ROMAN_ROAD,
			  "road step %d", i);
		cr_expect(map_hexside(m, H(chain[i + 1]), hexside_opposite(s)) &
				  HSF_ROMAN_ROAD,
			  "road step %d back", i);
	}
	cr_expect(map_hexside(m, H(1714), SIDE_N) & HSF_DIRT_ROAD);
	cr_expect(!(map_hexside(m, H(1714), SIDE_N) & HSF_ROMAN_ROAD));
	cr_expect_eq(map_hexside(m, H(2099), SIDE_N), 0u, "off the map");
	map_free(m);
}

/* GBA 6.26, 6.29 on the map: a minor river, a steep bank (with a stream,
 * a Steep-Banked Stream), walls, and gates: a `gate` and a road through a
 * wall. */
Test(map, gba_hexsides_on_both_hexes)
{
	struct map *m = load_fixture("map-gba-hexsides.ini");
	cr_expect(map_hexside(m, H(1210), SIDE_N) & HSF_MINOR_RIVER);
	cr_expect(map_hexside(m, H(1209), SIDE_S) & HSF_MINOR_RIVER);
	cr_expect_not(map_hexside(m, H(1210), SIDE_N) & HSF_RIVER);
	cr_expect_eq(map_hexside(m, H(1310), SIDE_N), (unsigned)HSF_STEEP_BANK);
	cr_expect_eq(map_hexside(m, H(1409), SIDE_S),
		     (unsigned)(HSF_STREAM | HSF_STEEP_BANK));
	unsigned wall = map_hexside(m, H(1510), SIDE_N);
	cr_expect_eq(wall, (unsigned)HSF_WALL);
	cr_expect_not(hexside_is_gate(wall));
	unsigned gate = map_hexside(m, H(1609), SIDE_S);
	cr_expect(gate & HSF_WALL);
	cr_expect(hexside_is_gate(gate));
	cr_expect(hexside_is_gate(map_hexside(m, H(1710), SIDE_N)),
		  "a road through a wall");
	cr_expect_not(map_hexside(m, H(1710), SIDE_S) & HSF_WALL);
	/* GBA 6.29's river hexes; GBA 6.23: a Major River is at level 1 */
	cr_expect_eq(map_at(m, H(1809))->terrain, TERRAIN_MAJOR_RIVER);
	cr_expect_eq(map_at(m, H(1809))->elevation, 1);
	cr_expect_eq(map_at(m, H(1909))->terrain, TERRAIN_ROCKY_RIVER_BED);
	cr_expect_eq(terrain_parse("major_river"), TERRAIN_MAJOR_RIVER);
	cr_expect_str_eq(terrain_name(TERRAIN_ROCKY_RIVER_BED),
			 "rocky_river_bed");
	map_free(m);
}

/* 9.14 the compass and the named retreat edges. */
Test(map, features_compass_9_14_and_edges)
{
	struct map *m = load_fixture("map-features.ini");
	enum hexside want[6] = {SIDE_S, SIDE_WSW, SIDE_WNW,
				SIDE_N, SIDE_ENE, SIDE_ESE};
	for (int i = 0; i < 6; i++)
		cr_expect_eq(m->compass[i], want[i], "roll %d", i + 1);
	cr_expect_eq(m->nedges, 3);
	const struct retreat_edge *e = map_find_edge(m, "roman");
	cr_assert_not_null(e);
	cr_expect_eq(e->edge, EDGE_SOUTH);
	cr_expect_eq(map_find_edge(m, "punic")->edge, EDGE_NORTH);
	cr_expect_eq(map_find_edge(m, "flank")->edge, EDGE_EAST);
	cr_expect_null(map_find_edge(m, "west"));
	cr_expect_eq(map_distance_to_edge(m, H(1207), EDGE_NORTH), 2);
	cr_expect_eq(map_distance_to_edge(m, H(1207), EDGE_SOUTH), 7);
	cr_expect_eq(map_distance_to_edge(m, H(1207), EDGE_WEST), 2);
	cr_expect_eq(map_distance_to_edge(m, H(1207), EDGE_EAST), 7);
	cr_expect_eq(map_distance_to_edge(m, H(1914), EDGE_EAST), 0);
	map_free(m);
}

Test(map, contains_and_names)
{
	struct map *m = load_fixture("map-clear.ini");
	cr_expect(map_contains(m, H(2000)), "row 00 exists");
	cr_expect(map_contains(m, H(4030)));
	cr_expect(!map_contains(m, H(4130)));
	cr_expect(!map_contains(m, H(2031)));
	cr_expect_null(map_at(m, H(1915)));
	cr_expect_not_null(map_at_mut(m, H(2915)));
	cr_expect_str_eq(terrain_name(TERRAIN_MARSH), "marsh");
	cr_expect_eq(terrain_parse("impassable"), TERRAIN_IMPASSABLE);
	cr_expect_eq(terrain_parse("forest"), -1);
	cr_expect_eq(map_edge_parse("west"), EDGE_WEST);
	cr_expect_str_eq(map_edge_name(EDGE_EAST), "east");
	cr_expect_eq(map_edge_parse("up"), -1);
	map_free(m);
}

/* Every tests/bad/map-*.ini is refused, at its marked line, naming why. */
Test(map, bad_files_refused_at_their_line)
{
	char pattern[512];
	snprintf(pattern, sizeof pattern, "%s/tests/bad/map-*.ini", srcdir());
	glob_t g;
	cr_assert_eq(glob(pattern, 0, NULL, &g), 0);
	cr_expect_geq(g.gl_pathc, 28, "the bad map files are missing");
	for (size_t i = 0; i < g.gl_pathc; i++) {
		const char *p = g.gl_pathv[i];
		struct ini_error err = {0};
		struct map *m = map_load(p, &err);
		cr_expect_null(m, "%s was accepted", p);
		map_free(m);
		expect_marked_refusal(p, p, &err);
	}
	globfree(&g);
}

Test(map, missing_file_refused)
{
	struct ini_error err = {0};
	cr_expect_null(map_load("/nonexistent/map.ini", &err));
	cr_expect_not_null(strstr(err.msg, "cannot open"));
}

/* Every shipped map loads. */
Test(map, shipped_maps_load)
{
	char pattern[512];
	snprintf(pattern, sizeof pattern, "%s/maps/*.ini", srcdir());
	glob_t g;
	if (glob(pattern, 0, NULL, &g) != 0)
		return; /* none yet */
	for (size_t i = 0; i < g.gl_pathc; i++) {
		struct ini_error err = {0};
		struct map *m = map_load(g.gl_pathv[i], &err);
		char buf[1024];
		ini_error_format(&err, buf, sizeof buf);
		cr_expect_not_null(m, "%s", buf);
		map_free(m);
	}
	globfree(&g);
}
