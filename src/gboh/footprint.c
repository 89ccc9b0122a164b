/* footprint.c — a unit's footprint and the zones of its facing (7.11,
 * 6.73, 6.52; footprint.h), on the hex geometry of src/core/hex.c. */
#include "maniple/footprint.h"

#include <stddef.h>

/* 7.11 Front across sides k and k+1, Flank k-1 and k+2, Rear k+3 and k+4. */
enum hex_zone facing_zone_of_side(enum facing f, enum hexside d)
{
	switch (hex_mod6((int)d - (int)f)) {
	case 0:
	case 1:
		return ZONE_FRONT;
	case 2:
	case 5:
		return ZONE_FLANK;
	default:
		return ZONE_REAR;
	}
}

/* 6.73, 6.74 In Column: front the side faced, front-flank the sides beside
 * it, rear the other three. */
enum hex_zone column_zone_of_side(enum hexside front, enum hexside d)
{
	switch (hex_mod6((int)d - (int)front)) {
	case 0:
		return ZONE_FRONT;
	case 1:
	case 5:
		return ZONE_FLANK;
	default:
		return ZONE_REAR;
	}
}

bool footprint_two_hex(const struct footprint *fp)
{
	return fp != NULL && !hex_is_none(fp->hex[1]);
}

bool footprint_occupies(const struct footprint *fp, struct hex h)
{
	if (fp == NULL || hex_is_none(h))
		return false;
	return hex_eq(fp->hex[0], h) ||
	       (footprint_two_hex(fp) && hex_eq(fp->hex[1], h));
}

/* The zone of the hex across side d of half `half` of the unit.  A two-hex
 * unit in line takes each half's vertex zones (they agree on the shared
 * neighbours); in column the leading half has the front and front-flank
 * hexes and everything else around the unit is rear. */
static enum hex_zone half_zone(const struct footprint *fp, int half,
			       enum hexside d)
{
	int f = hex_mod6(fp->facing);
	if (fp->square) /* GBA 9.64: no flank or rear in square */
		return ZONE_FRONT;
	if (!fp->in_column)
		return facing_zone_of_side((enum facing)f, d);
	if (half == 0)
		return column_zone_of_side((enum hexside)f, d);
	return ZONE_REAR;
}

enum hex_zone footprint_zone(const struct footprint *fp, struct hex h)
{
	if (fp == NULL || hex_is_none(fp->hex[0]) || footprint_occupies(fp, h))
		return ZONE_NONE;
	int halves = footprint_two_hex(fp) ? 2 : 1;
	for (int half = 0; half < halves; half++) {
		int d = hex_direction_to(fp->hex[half], h);
		if (d >= 0)
			return half_zone(fp, half, (enum hexside)d);
	}
	return ZONE_NONE;
}

int footprint_zone_hexes(const struct footprint *fp, enum hex_zone z,
			 struct hex out[8])
{
	int n = 0;
	if (fp == NULL || hex_is_none(fp->hex[0]))
		return 0;
	int halves = footprint_two_hex(fp) ? 2 : 1;
	for (int half = 0; half < halves; half++) {
		for (int d = 0; d < HEXSIDE_COUNT; d++) {
			struct hex h = hex_neighbour(fp->hex[half], (enum hexside)d);
			if (footprint_zone(fp, h) != z || z == ZONE_NONE)
				continue;
			bool seen = false;
			for (int i = 0; i < n; i++)
				if (hex_eq(out[i], h))
					seen = true;
			if (!seen && n < 8)
				out[n++] = h;
		}
	}
	return n;
}

int footprint_distance(const struct footprint *fp, struct hex h)
{
	if (fp == NULL || hex_is_none(fp->hex[0]))
		return -1;
	int d = hex_distance(fp->hex[0], h);
	if (footprint_two_hex(fp)) {
		int d1 = hex_distance(fp->hex[1], h);
		if (d1 < d)
			d = d1;
	}
	return d;
}

/* 7.11, 6.73 legal footprint shapes. */
const char *footprint_check(const struct footprint *fp)
{
	if (fp == NULL || hex_is_none(fp->hex[0]))
		return "the unit has no hex";
	if (fp->facing < 0 || fp->facing >= 6)
		return fp->in_column ? "no such hexside direction"
				     : "no such vertex facing";
	if (!footprint_two_hex(fp))
		return NULL;
	int p = hex_direction_to(fp->hex[0], fp->hex[1]);
	if (p < 0)
		return "the two hexes of a two-hex unit must be adjacent";
	if (fp->in_column) {
		if (fp->facing != hex_mod6(p + 3))
			return "a two-hex unit in column must face along its "
			       "hexes, away from its second hex";
		return NULL;
	}
	if (fp->facing != hex_mod6(p - 2) && fp->facing != hex_mod6(p + 1))
		return "a two-hex unit must face across its long side, "
		       "with three front hexes";
	return NULL;
}

/* Counts which of the target's zones `other` touches: the zones of the hexes
 * it stands in when it is next to the target, else the zones of the target's
 * neighbouring hexes it is adjacent to. */
static void touched_zones(const struct footprint *target,
			  const struct footprint *other, bool seen[4])
{
	int halves = footprint_two_hex(other) ? 2 : 1;
	bool contact = false;
	for (int i = 0; i < halves; i++) {
		enum hex_zone z = footprint_zone(target, other->hex[i]);
		if (z != ZONE_NONE) {
			seen[z] = true;
			contact = true;
		}
	}
	if (contact)
		return;
	for (int z = ZONE_FRONT; z <= ZONE_REAR; z++) {
		struct hex around[8];
		int n = footprint_zone_hexes(target, (enum hex_zone)z, around);
		for (int k = 0; k < n; k++)
			if (footprint_distance(other, around[k]) == 1)
				seen[z] = true;
	}
}

const char *hex_zone_name(enum hex_zone z)
{
	switch (z) {
	case ZONE_FRONT:
		return "front";
	case ZONE_FLANK:
		return "flank";
	case ZONE_REAR:
		return "rear";
	default:
		return "none";
	}
}

/* 6.52 #3 the side an approach or attack comes from: only Rear hexes
 * touched -> rear; any Flank hex and no Front hex -> flank; else front. */
enum hex_zone footprint_approach(const struct footprint *target,
				 const struct footprint *other)
{
	if (target == NULL || other == NULL || hex_is_none(target->hex[0]) ||
	    hex_is_none(other->hex[0]))
		return ZONE_NONE;
	bool seen[4] = {false, false, false, false};
	touched_zones(target, other, seen);
	if (seen[ZONE_FRONT])
		return ZONE_FRONT;
	if (seen[ZONE_FLANK])
		return ZONE_FLANK;
	if (seen[ZONE_REAR])
		return ZONE_REAR;
	return ZONE_NONE;
}
