/* map.h — a battlefield: hexes with terrain and elevation, hexside
 * features, roads, the rampage compass and named retreat edges.
 * The file format is documented in man/maniple.6, FILES. */
#ifndef MANIPLE_MAP_H
#define MANIPLE_MAP_H

#include <stdbool.h>
#include <stdint.h>

#include "maniple/hex.h"
#include "maniple/ini.h"

/* Majority terrain of a hex (6.23). */
enum terrain {
	TERRAIN_CLEAR,
	TERRAIN_WOODS,
	TERRAIN_BROKEN,
	TERRAIN_MARSH,
	TERRAIN_IMPASSABLE, /* river hex, ruined town... (6.24) */
	TERRAIN_MAJOR_RIVER,	 /* GBA 6.29: a river hex, at level 1 (GBA
				  * 6.23's note) */
	TERRAIN_ROCKY_RIVER_BED, /* GBA 6.29 */
	TERRAIN_COUNT
};

/* Features of a hexside, a bit set (all eight bits of map_hex.side are
 * taken).  Stored on both hexes sharing it.  Two combinations have a
 * meaning of their own: HSF_STREAM with HSF_STEEP_BANK is GBA's
 * Steep-Banked Stream, and a wall with a road through it (HSF_WALL with
 * HSF_ROMAN_ROAD or HSF_DIRT_ROAD) is a gate (hexside_is_gate). */
enum hexside_feature {
	HSF_STREAM = 1 << 0,
	HSF_RIVER = 1 << 1,	  /* impassable hexside (SPQR 6.24) */
	HSF_RAMPART = 1 << 2,	  /* camp rampart; the camp is on this hex's side */
	HSF_ROMAN_ROAD = 1 << 3,  /* a road crossing this hexside */
	HSF_DIRT_ROAD = 1 << 4,
	HSF_MINOR_RIVER = 1 << 5, /* GBA 6.29: a river crossed at a cost */
	HSF_STEEP_BANK = 1 << 6,  /* GBA 6.29 */
	HSF_WALL = 1 << 7,	  /* GBA 6.26: a city wall, closed but at a gate */
};

/* The features that part two hexes: a hexside has at most one of them
 * (a gate is a wall). */
#define HSF_BARRIERS (HSF_RIVER | HSF_MINOR_RIVER | HSF_WALL | HSF_RAMPART)

/* GBA 6.26: a wall with a road through it is a gate, crossed as the road
 * crosses it. */
static inline bool hexside_is_gate(unsigned f)
{
	return (f & HSF_WALL) && (f & (HSF_ROMAN_ROAD | HSF_DIRT_ROAD));
}

/* Map edges, used by named retreat edges. */
enum map_edge { EDGE_NORTH, EDGE_EAST, EDGE_SOUTH, EDGE_WEST, EDGE_COUNT };

struct map_hex {
	uint8_t terrain;   /* enum terrain */
	int8_t elevation;  /* level 0..9 */
	uint8_t side[6];   /* enum hexside_feature bits per enum hexside */
	bool rampart_inside; /* this hex is inside a camp (for rampart sides) */
};

#define MAP_NAME_MAX 64
#define MAP_EDGES_MAX 8

struct retreat_edge {
	char name[24];
	enum map_edge edge;
};

struct map {
	char name[MAP_NAME_MAX];
	char path[256];
	int col_min, col_max, row_min, row_max;
	int ncols, nrows;
	struct map_hex *hexes; /* ncols * nrows, column-major */
	/* 9.14: the map's compass, the hexside a rampage heads for on a
	 * rampage roll of 1..6 (index 0 is the roll 1). */
	enum hexside compass[6];
	/* [map] elevation: the level of every hex the file does not raise
	 * or lower (0 on SPQR's maps, 1 on GBA's, whose rivers lie at 1) */
	int8_t base_level;
	int nedges;
	struct retreat_edge edges[MAP_EDGES_MAX];
};

/* Loads and validates.  On failure returns NULL with err filled. */
struct map *map_load(const char *path, struct ini_error *err);
void map_free(struct map *m);

/* Defined here so that every caller inlines them: every move cost,
 * ZOC and Command Range test asks them. */
static inline bool map_contains(const struct map *m, struct hex h)
{
	return m && h.col >= m->col_min && h.col <= m->col_max &&
	       h.row >= m->row_min && h.row <= m->row_max;
}
/* NULL when off the map. */
static inline struct map_hex *map_at_mut(struct map *m, struct hex h)
{
	if (!map_contains(m, h) || !m->hexes)
		return NULL;
	return &m->hexes[(h.col - m->col_min) * m->nrows +
			 (h.row - m->row_min)];
}
static inline const struct map_hex *map_at(const struct map *m,
					   struct hex h)
{
	return map_at_mut((struct map *)m, h);
}
/* Feature bits on the side d of hex h (0 when off the map). */
unsigned map_hexside(const struct map *m, struct hex h, enum hexside d);
bool map_impassable(const struct map *m, struct hex h);
const struct retreat_edge *map_find_edge(const struct map *m, const char *name);
/* Distance in hexes from h to a map edge (0 on the edge row/column). */
int map_distance_to_edge(const struct map *m, struct hex h, enum map_edge e);

const char *terrain_name(enum terrain t);
int terrain_parse(const char *text);
const char *map_edge_name(enum map_edge e);
int map_edge_parse(const char *text);

#endif
