/* facing.c — facing primitives of the rules (doc/architecture.md): how a
 * unit In Column turns to follow its path and which of its hexsides are
 * front and flank (6.73, 6.74).  Movement calls them; they call nothing
 * above game.c. */
#include "maniple/phalanx.h"

#include "maniple/game.h"
#include "maniple/hex.h"

/* 6.74 faced toward the hex entered, free */
void column_face_along(struct unit *u, struct hex from, struct hex h)
{
	if (!u || !u->at.in_column || unit_is_two_hex(u))
		return;
	int d = hex_direction_to(from, h);
	if (d >= 0)
		u->at.facing = d;
}

/* 6.74 */
bool column_front_flank(const struct unit *u, struct hex h)
{
	return u && u->at.in_column && !unit_is_two_hex(u) &&
	       footprint_zone(&u->at, h) == ZONE_FLANK;
}
