/* hex.h — hex numbering and geometry (see shared HEX.md).  What a unit's
 * facing makes of its neighbouring hexes (zones, footprints) is the rules'
 * business: footprint.h.
 *
 * Hexes are numbered CCRR: on GBoH maps flat-topped hexes in vertical
 * columns, odd columns half a hex lower ("odd-q").  Row 00 exists.  Cube
 * coordinates follow Red Blob Games' "Hexagonal Grids".  The functions
 * without a layout are GBoH's odd-q; those ending in _in take the layout
 * (enum hex_layout) as a parameter, for boards of pointy-topped hexes.
 *
 * Two vocabularies, never mixed:
 *   hexside directions (neighbours, movement, In Column facing, rampage):
 *       N ENE ESE S WSW WNW       (clockwise from north, values 0..5)
 *   vertex facings (normal units, 7.11):
 *       NE E SE SW W NW           (clockwise, values 0..5)
 * Vertex k lies between hexside k and hexside k+1: the NE vertex is where
 * the N and ENE sides meet.  A one-hex unit facing vertex k has Front hexes
 * across sides k and k+1, Flank hexes across sides k-1 and k+2, Rear hexes
 * across sides k+3 and k+4.
 */
#ifndef MANIPLE_HEX_H
#define MANIPLE_HEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A byte a coordinate (-128..127): a hex number is CCRR (0-99 each: a
 * map's first and last column and row are 0..99, map.c), and the
 * geometry steps at most a Command Range (20 at most, battle.c) or a few
 * hexes off a map's edge. */
struct hex {
	int8_t col, row; /* CCRR: hex 2719 is col 27, row 19 */
};

struct cube {
	int q, r, s;
};

struct cubef {
	double q, r, s;
};

enum hexside {
	SIDE_N,
	SIDE_ENE,
	SIDE_ESE,
	SIDE_S,
	SIDE_WSW,
	SIDE_WNW,
	HEXSIDE_COUNT
};

enum facing {
	FACE_NE,
	FACE_E,
	FACE_SE,
	FACE_SW,
	FACE_W,
	FACE_NW,
	FACING_COUNT
};

#define HEX_NONE ((struct hex){-1, -1})

/* The small geometry below is asked inside every ZOC, Command Range and
 * path search: it is defined here so that every caller inlines it. */
static inline bool hex_eq(struct hex a, struct hex b)
{
	return a.col == b.col && a.row == b.row;
}
static inline bool hex_is_none(struct hex h)
{
	return hex_eq(h, HEX_NONE);
}
/* "2719" -> {27,19}; accepts exactly four digits.  Returns false on bad text. */
bool hex_parse(const char *text, struct hex *out);
/* "2719" or a two-hex unit's "2719,2720": *a, and *b (HEX_NONE for one
 * hex).  Returns false on bad text. */
bool hex_pair_parse(const char *text, struct hex *a, struct hex *b);
/* {27,19} -> "2719" (buf of at least 5 bytes; wider numbers print wider). */
void hex_format(struct hex h, char *buf, size_t n);
int hex_number(struct hex h); /* 2719 */

/* A direction or facing number brought into 0..5 (-1 is 5, 6 is 0). */
static inline int hex_mod6(int v)
{
	int m = v % 6;
	return m < 0 ? m + 6 : m;
}

static inline struct cube hex_to_cube(struct hex h)
{
	struct cube c;
	c.q = h.col;
	c.r = h.row - (h.col - (h.col & 1)) / 2;
	c.s = -c.q - c.r;
	return c;
}

static inline struct hex cube_to_hex(struct cube c)
{
	struct hex h;
	h.col = c.q;
	h.row = c.r + (c.q - (c.q & 1)) / 2;
	return h;
}

static inline struct cube cube_add(struct cube a, struct cube b)
{
	return (struct cube){a.q + b.q, a.r + b.r, a.s + b.s};
}

/* Red Blob direction i, in the order (+1,0,-1) (+1,-1,0) (0,-1,+1)
 * (-1,0,+1) (-1,+1,0) (0,+1,-1). */
static inline struct cube cube_direction(int i)
{
	static const struct cube dirs[6] = {
		{+1, 0, -1}, {+1, -1, 0}, {0, -1, +1},
		{-1, 0, +1}, {-1, +1, 0}, {0, +1, -1}};
	return dirs[hex_mod6(i)];
}

static inline struct cube cube_neighbour(struct cube c, int i)
{
	return cube_add(c, cube_direction(i));
}

struct cube cube_diagonal_neighbour(struct cube c, int i);

static inline int cube_distance(struct cube a, struct cube b)
{
	int dq = a.q > b.q ? a.q - b.q : b.q - a.q;
	int dr = a.r > b.r ? a.r - b.r : b.r - a.r;
	int ds = a.s > b.s ? a.s - b.s : b.s - a.s;
	int m = dq > dr ? dq : dr;
	return m > ds ? m : ds;
}
struct cube cube_round(struct cubef f);
struct cubef cube_lerp(struct cube a, struct cube b, double t);
/* Fills out[0..n] with the hexes from a to b; returns the count (distance+1).
 * out must hold cube_distance(a,b)+1 entries. */
int cube_line(struct cube a, struct cube b, struct cube *out);

/* How a board lays out its hexes: flat-topped in columns with the odd
 * columns half a hex lower (odd-q, GBoH), or pointy-topped in rows with
 * the odd rows half a hex to the right (odd-r). */
enum hex_layout { HEX_FLAT_ODD_Q, HEX_POINTY_ODD_R };

/* Offset hex <-> cube on a board of layout l (odd-q: hex_to_cube). */
struct cube hex_to_cube_in(enum hex_layout l, struct hex h);
struct hex cube_to_hex_in(enum hex_layout l, struct cube c);
/* The neighbour of h in cube direction dir (cube_direction's order) and
 * the distance in hexes, on a board of layout l. */
struct hex hex_step_in(enum hex_layout l, struct hex h, int dir);
int hex_distance_in(enum hex_layout l, struct hex a, struct hex b);

static inline struct hex hex_neighbour(struct hex h, enum hexside d)
{
	/* cube direction index of each hexside: N ENE ESE S WSW WNW */
	static const int side_to_cube_dir[HEXSIDE_COUNT] = {2, 1, 0, 5, 4, 3};
	return cube_to_hex(cube_neighbour(hex_to_cube(h),
					  side_to_cube_dir[hex_mod6((int)d)]));
}

static inline int hex_distance(struct hex a, struct hex b)
{
	return cube_distance(hex_to_cube(a), hex_to_cube(b));
}

/* The hexside of a across which b lies, or -1 when not adjacent. */
static inline int hex_direction_to(struct hex a, struct hex b)
{
	/* a neighbour differs by at most one in column and in row: the
	 * common case (far apart) is answered without the six steps (a hot
	 * path: footprint_zone under every ZOC and Command Range test) */
	if (a.col - b.col > 1 || b.col - a.col > 1 || a.row - b.row > 1 ||
	    b.row - a.row > 1)
		return -1;
	/* the hexside for each column and row difference, by the parity of
	 * a's column (odd columns sit half a hex lower): hex_neighbour's
	 * six steps written out (tests/test_hex.c checks them against it) */
	static const signed char side[2][3][3] = {
		{{5, 4, -1}, {0, -1, 3}, {1, 2, -1}},
		{{-1, 5, 4}, {0, -1, 3}, {-1, 1, 2}}};
	return side[a.col & 1][b.col - a.col + 1][b.row - a.row + 1];
}

/* Line of sight trace (8.14).  Fills out[] (capacity cap) with the hexes of
 * the line from a to b inclusive and returns their count.  alt[] receives
 * the trace nudged the other way; where alt differs from out the line runs
 * along a hexside between two hexes.  along_hexside is set when any step
 * differs.  Both arrays must hold hex_distance(a,b)+1 entries. */
int hex_line(struct hex a, struct hex b, struct hex *out, struct hex *alt,
	     bool *along_hexside);

/* Names: "N" "ENE" ... and "NE" "E" ...; parse returns -1 on unknown text. */
const char *hexside_name(enum hexside d);
const char *facing_name(enum facing f);
int hexside_parse(const char *text);
int facing_parse(const char *text);
enum hexside hexside_opposite(enum hexside d);

#endif
