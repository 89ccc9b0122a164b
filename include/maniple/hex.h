/* hex.h — GBoH hex numbering and geometry (see shared HEX.md).
 *
 * Hexes are numbered CCRR: flat-topped hexes in vertical columns, odd
 * columns half a hex lower ("odd-q").  Row 00 exists.  Cube coordinates
 * follow Red Blob Games' "Hexagonal Grids".
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

struct hex {
	int col, row; /* CCRR: hex 2719 is col 27, row 19 */
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

/* Which part of a unit's surroundings a neighbouring hex is in. */
enum hex_zone { ZONE_NONE, ZONE_FRONT, ZONE_FLANK, ZONE_REAR };

#define HEX_NONE ((struct hex){-1, -1})

bool hex_eq(struct hex a, struct hex b);
bool hex_is_none(struct hex h);
/* "2719" -> {27,19}; accepts exactly four digits.  Returns false on bad text. */
bool hex_parse(const char *text, struct hex *out);
/* {27,19} -> "2719" (buf of at least 5 bytes; wider numbers print wider). */
void hex_format(struct hex h, char *buf, size_t n);
int hex_number(struct hex h); /* 2719 */

struct cube hex_to_cube(struct hex h);
struct hex cube_to_hex(struct cube c);
struct cube cube_add(struct cube a, struct cube b);
/* Red Blob direction i, in the order (+1,0,-1) (+1,-1,0) (0,-1,+1)
 * (-1,0,+1) (-1,+1,0) (0,+1,-1). */
struct cube cube_direction(int i);
struct cube cube_neighbour(struct cube c, int i);
struct cube cube_diagonal_neighbour(struct cube c, int i);
int cube_distance(struct cube a, struct cube b);
struct cube cube_round(struct cubef f);
struct cubef cube_lerp(struct cube a, struct cube b, double t);
/* Fills out[0..n] with the hexes from a to b; returns the count (distance+1).
 * out must hold cube_distance(a,b)+1 entries. */
int cube_line(struct cube a, struct cube b, struct cube *out);

struct hex hex_neighbour(struct hex h, enum hexside d);
int hex_distance(struct hex a, struct hex b);
/* The hexside of a across which b lies, or -1 when not adjacent. */
int hex_direction_to(struct hex a, struct hex b);

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

/* One-hex unit facing a vertex (7.11): which zone is each hexside in. */
enum hex_zone facing_zone_of_side(enum facing f, enum hexside d);
/* One-hex unit In Column facing a hexside (6.73): front is the side itself,
 * flank the sides 60 degrees either side, rear the other three. */
enum hex_zone column_zone_of_side(enum hexside front, enum hexside d);

/* A unit's footprint: one hex, or a two-hex unit (phalanx) over two
 * adjacent hexes.  For a one-hex unit, hex[1] is HEX_NONE.
 * in_column: facing holds an enum hexside (the leading side) instead of an
 * enum facing; for a two-hex unit in column the hexside runs along the pair
 * and names the end that leads (hex[0] is the leading half). */
struct footprint {
	struct hex hex[2];
	int facing;
	bool in_column;
};

bool footprint_two_hex(const struct footprint *fp);
bool footprint_occupies(const struct footprint *fp, struct hex h);
/* The zone of hex h relative to the unit (ZONE_NONE when h is not adjacent
 * to the unit or is one of its own hexes). */
enum hex_zone footprint_zone(const struct footprint *fp, struct hex h);
/* The zone's word in events: "front", "flank", "rear" or "none". */
const char *hex_zone_name(enum hex_zone z);
/* Lists the unit's neighbouring hexes of a zone; returns the count (<= 8). */
int footprint_zone_hexes(const struct footprint *fp, enum hex_zone z,
			 struct hex out[8]);
/* Distance to or from a two-hex unit: the shorter of its halves'. */
int footprint_distance(const struct footprint *fp, struct hex h);
/* Checks that a footprint is a legal shape: two-hex units on adjacent hexes
 * and, in line, a facing perpendicular to the pair (one of the two vertex
 * facings whose front holds three hexes); in column, a hexside along the
 * pair pointing away from hex[1].  Returns NULL or a reason. */
const char *footprint_check(const struct footprint *fp);
/* Which side an approach or attack by `other` comes from (6.52 #3, HEX.md).
 * The target's zones touched are those of the hexes `other` stands in when
 * it is next to the target, else those of the target's neighbouring hexes
 * `other` is adjacent to (an approach from two hexes).  Only Rear touched ->
 * ZONE_REAR; any Flank and no Front -> ZONE_FLANK; any Front -> ZONE_FRONT;
 * nothing touched -> ZONE_NONE. */
enum hex_zone footprint_approach(const struct footprint *target,
				 const struct footprint *other);

#endif
