/* gba_charge_limits.c — GBA 9.74, what a unit in Charge Formation may not
 * do (see gba_charge.h).  Movement, fire and withdrawal ask these; they
 * read the unit, its move and the rules tables, and call none of the
 * modules that ask (gba_charge.c, which calls down into ZOC and stacking,
 * would close a loop with movement.c).
 *
 * Rulings (rules/gba/rulings.ini):
 *  R185 bullet 2: the light cavalry's mobility is R113's; out of it,
 *       what fire (bullet 1) and Orderly Withdrawal (bullet 8) do not
 *       already forbid is leaving an enemy ZOC on a greater MA (7.23).
 *  R186 bullets 3, 6: counted from the moment the unit takes the
 *       formation: the turns of the hex it stands in, and the levels
 *       over its whole move (one move an Orders Phase, as R125 for
 *       chariots).  A unit that has not moved this phase may turn as far
 *       as its MP allow, but once it turned more than one vertex in its
 *       hex it moves no more; once it moved, one vertex a hex.
 *  R187 bullets 5, 7: Rough is GBA 6.28's, the terrain chart's (a hex
 *       whose terrain costs the unit a cohesion hit to enter, or that it
 *       may not enter); the doubled hits are every hit the terrain
 *       chart gives: the hex, its hexside, the climb, a turn in Rough. */
#include "maniple/gba_charge.h"

#include <stdlib.h>

#include "maniple/movement.h"
#include "maniple/tables.h"

#define CHARGE_RULE "GBA 9.74"

bool gba_charge_in_play(const struct game *g)
{
	return g && g->battle && g->battle->charge_formation;
}

bool gba_charge_restricted(const struct game *g, const struct unit *u)
{
	return u && u->charge_formation && gba_charge_in_play(g) && g->tables;
}

const char *gba_charge_forbids(const struct game *g, const struct unit *u,
			       enum charge_forbids what)
{
	if (!gba_charge_restricted(g, u))
		return NULL;
	switch (what) {
	case CHARGE_NO_FIRE:
		return "a unit in Charge Formation does not fire missiles";
	case CHARGE_NO_LC_MOBILITY:
		return "a unit in Charge Formation does not use its greater MA "
		       "to leave an enemy ZOC";
	case CHARGE_NO_WITHDRAWAL:
		return "a unit in Charge Formation does not withdraw";
	}
	return NULL;
}

const char *gba_charge_step_refusal(const struct game *g, const struct move *m,
				    int climb, bool rough)
{
	const struct unit *u = move_mover(g, m);
	if (!gba_charge_restricted(g, u))
		return NULL;
	if (rough) /* bullet 5 */
		return "a unit in Charge Formation does not enter Rough "
		       "terrain";
	if (m->hex_vertices > 1) /* bullet 3 (R186) */
		return "a unit in Charge Formation that turned more than one "
		       "vertex in its hex stays there";
	if ((int)m->levels + abs(climb) > /* bullet 6 (R186) */
	    tables_constant(g->tables, RC_CHARGE_FORMATION_LEVELS))
		return "a unit in Charge Formation changes at most one level "
		       "of elevation in a phase";
	return NULL;
}

const char *gba_charge_turn_refusal(const struct game *g, const struct move *m,
				    int vertices)
{
	const struct unit *u = move_mover(g, m);
	if (!gba_charge_restricted(g, u) || m->hexes_entered == 0)
		return NULL;
	if ((int)m->hex_vertices + vertices > 1) /* bullet 3 (R186) */
		return "a unit in Charge Formation that has moved turns at "
		       "most one vertex in a hex";
	return NULL;
}

int gba_charge_facing_mp(const struct game *g, const struct unit *u,
			 int vertices, int mp)
{
	if (!gba_charge_restricted(g, u))
		return mp;
	return vertices *
	       tables_constant(g->tables, RC_CHARGE_FORMATION_FACING_MP);
}

int gba_charge_terrain_hits(const struct game *g, const struct unit *u,
			    int hits)
{
	if (!gba_charge_restricted(g, u))
		return hits;
	return hits * tables_constant(g->tables,
				      RC_CHARGE_FORMATION_TERRAIN_HITS_FACTOR);
}

int gba_charge_fire_at_drm(const struct game *g, const struct unit *t)
{
	if (!gba_charge_restricted(g, t))
		return 0;
	return tables_missile_modifier(g->tables, MM_TARGET_CHARGE_FORMATION);
}

const char *gba_charge_limits_brief(void)
{
	return "no fire, no withdrawal, no Rough, 2 MP a vertex, terrain "
	       "hits x2 (GBA 9.74)";
}

const char *gba_charge_limits_text(void)
{
	return "no missile fire, no Orderly Withdrawal, no leaving an enemy "
	       "ZOC on a greater MA, no Rough, 2 MP a vertex of facing, one "
	       "vertex a hex once moved, one level a move, terrain hits "
	       "doubled, fire at it -1 (GBA 9.74)";
}
