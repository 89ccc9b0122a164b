/* los.h — line of sight (8.14, 8.13; 4.33's Line Command case).
 *
 * A line of sight runs from the centre of one hex to the centre of
 * another (hex_line).  Only the hexes strictly between the two ends can
 * block it:
 *   - woods (the map has no town terrain: see los.c),
 *   - a combat unit (a Leader Elephant alone does not block),
 *   both only when the hex is not lower than both ends;
 *   - any hex higher than both ends.
 * Where the line runs exactly along a hexside, both hexes beside it count:
 * one blocking hex blocks the line (8.14).  Adjacent hexes always see each
 * other.  The units standing in either end hex never block.
 *
 * Pure functions over struct game: nothing is changed, nothing emitted. */
#ifndef MANIPLE_LOS_H
#define MANIPLE_LOS_H

#include <stdbool.h>

#include "maniple/game.h"
#include "maniple/hex.h"

/* What the line is traced for: the blocking rules differ. */
enum los_purpose {
	LOS_MISSILE,	  /* 8.14 missile fire, interpreted strictly */
	LOS_ARCHER,	  /* 8.14 exception: fire by an Archer (class A) */
	LOS_LINE_COMMAND, /* 4.33: elephants do not block; a hexside
			   * between blocking and clear hexes is clear
			   * (8.14 play note: read liberally) */
	LOS_PURPOSE_COUNT
};

/* Why a line is blocked, for the screen and for `why`. */
struct los_why {
	char reason[128]; /* "woods in 2510" */
	const char *rule; /* "8.14" */
	struct hex at;	  /* the blocking hex; HEX_NONE when clear */
};

/* 8.14: whether the line from `from` to `to` is clear for `purpose`.
 * When it is blocked and why is not NULL, why says by what and where.
 * Hexes off the map make the answer false ("off the map"). */
bool los_clear(const struct game *g, struct hex from, struct hex to,
	       enum los_purpose purpose, struct los_why *why);

/* 8.13, 8.14: whether `firer` may see the target hex to fire at it:
 * adjacent hexes always; otherwise the line must leave the firer through
 * a Front or Flank hexside and be clear, with the archer exception for a
 * class A firer.  NULL firer or a firer off the map: false. */
bool los_missile(const struct game *g, const struct unit *firer,
		 struct hex target, struct los_why *why);

/* 8.14: whether a combat unit in hex h blocks a line of sight traced for
 * purpose (ignoring elevation and the archer exception): combat units
 * other than a Leader Elephant alone; for a Line Command, no elephant.
 * Units standing in hex except_a or except_b (HEX_NONE for none) are
 * ignored: they are the ends of the line. */
bool los_unit_blocks(const struct game *g, struct hex h,
		     enum los_purpose purpose, struct hex except_a,
		     struct hex except_b);

const char *los_purpose_name(enum los_purpose p);

#endif
