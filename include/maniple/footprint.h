/* footprint.h — the GBoH rules' view of the hexes around a unit: its
 * footprint over one or two hexes, the Front, Flank and Rear zones its
 * facing makes (7.11; In Column 6.73) and the side an approach comes from
 * (6.52).  Built on the hex geometry of hex.h; src/gboh/footprint.c. */
#ifndef MANIPLE_FOOTPRINT_H
#define MANIPLE_FOOTPRINT_H

#include <stdbool.h>

#include "maniple/hex.h"

/* Which part of a unit's surroundings a neighbouring hex is in. */
enum hex_zone { ZONE_NONE, ZONE_FRONT, ZONE_FLANK, ZONE_REAR };

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
	signed char facing; /* enum facing or enum hexside: 0-5 */
	bool in_column : 1;
	/* GBA 9.63, 9.64: in square, every hex around it is in its Front
	 * (its facing is kept for when it leaves square) */
	bool square : 1;
};

bool footprint_two_hex(const struct footprint *fp);
bool footprint_occupies(const struct footprint *fp, struct hex h);
/* The zone of hex h relative to the unit (ZONE_NONE when h is not adjacent
 * to the unit or is one of its own hexes).  In square, every neighbour is
 * ZONE_FRONT (GBA 9.64). */
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
