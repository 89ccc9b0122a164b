/* los.c — line of sight (8.14, 8.13, 4.33).
 *
 * Rulings (see the report and RULINGS.md when the lead adds them):
 *  - The map has no "town" terrain: only woods block.  An impassable hex
 *    (a river, a ruined town) does not block, since a river is no screen.
 *  - "A hex of higher elevation" is a hex higher than both ends.
 *  - For a Line Command (4.33) the 8.14 play note asks for a liberal
 *    reading: where the line runs along a hexside, it is blocked only
 *    when the hexes on both sides block.  Missile fire reads it strictly:
 *    either side blocks. */
#include "maniple/los.h"

#include <stdio.h>
#include <string.h>

#include "maniple/map.h"
#include "maniple/tables.h"

/* The longest trace: CCRR numbers keep maps under 100 x 100 hexes. */
#define LOS_TRACE_MAX 256

static const char *const purpose_names[LOS_PURPOSE_COUNT] = {
	"missile",
	"archer",
	"line-command",
};

const char *los_purpose_name(enum los_purpose p)
{
	int i = (int)p;
	return i >= 0 && i < LOS_PURPOSE_COUNT ? purpose_names[i] : "?";
}

static void why_set(struct los_why *why, struct hex at, const char *rule,
		    const char *what)
{
	if (why == NULL)
		return;
	char hx[16];
	hex_format(at, hx, sizeof hx);
	why->at = at;
	why->rule = rule;
	if (hex_is_none(at))
		snprintf(why->reason, sizeof why->reason, "%s", what);
	else
		snprintf(why->reason, sizeof why->reason, "%s in %s", what, hx);
}

static void why_clear(struct los_why *why)
{
	if (why == NULL)
		return;
	why->reason[0] = '\0';
	why->rule = NULL;
	why->at = HEX_NONE;
}

/* 8.14: a Leader Elephant alone does not block; a leader rides it. */
static bool is_leader_elephant(const struct game *g, const struct unit *u)
{
	return unit_has(g, u, TRAIT_ELEPHANT) && u->leader_elephant[0] != '\0';
}

/* 8.14 combat units block (not a Leader Elephant alone; 4.33 elephants
 * not at all for a Line Command). */
bool los_unit_blocks(const struct game *g, struct hex h,
		     enum los_purpose purpose, struct hex except_a,
		     struct hex except_b)
{
	const struct unit *us[4];
	int n = game_units_at(g, h, us, 4);
	for (int i = 0; i < n; i++) {
		const struct unit *u = us[i];
		if (footprint_occupies(&u->at, except_a) ||
		    footprint_occupies(&u->at, except_b))
			continue;
		if (purpose == LOS_LINE_COMMAND && unit_has(g, u, TRAIT_ELEPHANT))
			continue;
		if (is_leader_elephant(g, u))
			continue;
		return true;
	}
	return false;
}

/* 8.14: what, if anything, in one intervening hex blocks the line.
 * Returns NULL when the hex is clear, else a short description. */
static const char *hex_blocks(const struct game *g, struct hex h,
			      struct hex from, struct hex to,
			      enum los_purpose purpose)
{
	const struct map *m = g->battle->map;
	const struct map_hex *mh = map_at(m, h);
	if (mh == NULL)
		return NULL; /* a line along a zig-zag map edge: no terrain */
	int lf = map_at(m, from)->elevation, lt = map_at(m, to)->elevation;
	if (mh->elevation > lf && mh->elevation > lt)
		return "higher ground";
	/* woods and units lower than both ends do not block */
	if (mh->elevation < lf && mh->elevation < lt)
		return NULL;
	if (mh->terrain == TERRAIN_WOODS)
		return "woods";
	if (los_unit_blocks(g, h, purpose, from, to)) {
		/* the archer exception: a unit nearer the archer than the
		 * target does not block; halfway is not nearer */
		if (purpose == LOS_ARCHER &&
		    hex_distance(from, h) < hex_distance(h, to))
			return NULL;
		return "a combat unit";
	}
	return NULL;
}

/* 8.14 line of sight */
bool los_clear(const struct game *g, struct hex from, struct hex to,
	       enum los_purpose purpose, struct los_why *why)
{
	why_clear(why);
	if (g == NULL || g->battle == NULL || g->battle->map == NULL)
		return false;
	const struct map *m = g->battle->map;
	if (!map_contains(m, from) || !map_contains(m, to)) {
		why_set(why, map_contains(m, from) ? to : from, "8.14",
			"off the map");
		return false;
	}
	int d = hex_distance(from, to);
	if (d <= 1)
		return true; /* 8.14: adjacent hexes always see each other */
	if (d >= LOS_TRACE_MAX) {
		why_set(why, to, "8.14", "too far to trace");
		return false;
	}
	struct hex out[LOS_TRACE_MAX], alt[LOS_TRACE_MAX];
	bool along = false;
	hex_line(from, to, out, alt, &along);
	for (int i = 1; i < d; i++) {
		const char *a = hex_blocks(g, out[i], from, to, purpose);
		if (hex_eq(out[i], alt[i])) {
			if (a != NULL) {
				why_set(why, out[i], "8.14", a);
				return false;
			}
			continue;
		}
		/* the line runs down the hexside between out[i] and alt[i] */
		const char *b = hex_blocks(g, alt[i], from, to, purpose);
		if (purpose == LOS_LINE_COMMAND) {
			if (a != NULL && b != NULL) {
				char text[96];
				snprintf(text, sizeof text,
					 "%s and %s on both sides of the "
					 "hexside the line runs down",
					 a, b);
				why_set(why, out[i], "8.14", text);
				return false;
			}
			continue;
		}
		if (a != NULL || b != NULL) {
			char text[96];
			snprintf(text, sizeof text,
				 "%s beside the hexside the line runs down",
				 a != NULL ? a : b);
			why_set(why, a != NULL ? out[i] : alt[i], "8.14", text);
			return false;
		}
	}
	return true;
}

/* 8.13: the line leaves the firer through a Front (or, when flank_too,
 * a Flank) hexside.  The first hex(es) of the trace must lie in those
 * zones; where the trace starts down a hexside, either hex beside it
 * will do. */
static bool zone_in_arc(enum hex_zone z, bool flank_too)
{
	return z == ZONE_FRONT || (flank_too && z == ZONE_FLANK);
}

static bool leaves_by_arc(const struct unit *firer, struct hex h0,
			  struct hex to, bool flank_too)
{
	int d = hex_distance(h0, to);
	if (d < 1 || d >= LOS_TRACE_MAX)
		return false;
	struct hex out[LOS_TRACE_MAX], alt[LOS_TRACE_MAX];
	hex_line(h0, to, out, alt, NULL);
	return zone_in_arc(footprint_zone(&firer->at, out[1]), flank_too) ||
	       zone_in_arc(footprint_zone(&firer->at, alt[1]), flank_too);
}

/* 8.13: whether fire may leave by the Flank hexsides too: always in
 * SPQR; in GBA (8.13, research A29) for skirmishers only. */
static bool flank_in_arc(const struct game *g, const struct unit *firer)
{
	return tables_variant(g->tables, RV_FIRE_ARC) == ARC_FRONT_OR_FLANK ||
	       unit_has(g, firer, TRAIT_SKIRMISHER);
}

/* 8.14: archers see past a unit nearer them than the target (SPQR); in
 * GBA (8.14 Exception #2) every missile unit does. */
static enum los_purpose missile_purpose(const struct game *g,
					const struct unit *firer)
{
	if (tables_variant(g->tables, RV_FIRE_LOS_NEARER) == LOS_NEARER_ALL)
		return LOS_ARCHER;
	return firer->missile == MC_A || firer->missile == MC_IA
		       ? LOS_ARCHER
		       : LOS_MISSILE;
}

/* 8.13, 8.14 a missile unit's line of sight to its target */
bool los_missile(const struct game *g, const struct unit *firer,
		 struct hex target, struct los_why *why)
{
	why_clear(why);
	if (g == NULL || firer == NULL || !game_unit_in_play(firer)) {
		why_set(why, HEX_NONE, "8.14", "no firing unit on the map");
		return false;
	}
	if (!map_contains(g->battle->map, target)) {
		why_set(why, target, "8.14", "off the map");
		return false;
	}
	struct hex from = firer->at.hex[0];
	if (footprint_two_hex(&firer->at) &&
	    hex_distance(firer->at.hex[1], target) < hex_distance(from, target))
		from = firer->at.hex[1];
	int d = hex_distance(from, target);
	if (d == 0) {
		why_set(why, target, "8.14", "the firer's own hex");
		return false;
	}
	if (d == 1) {
		/* 8.14: always into adjacent hexes; 8.13: not to the rear
		 * (GBA 8.13: nor the flank, but for skirmishers) */
		enum hex_zone z = footprint_zone(&firer->at, target);
		if (!unit_has(g, firer, TRAIT_SCORPIO) && /* 9.84 */
		    !zone_in_arc(z, flank_in_arc(g, firer))) {
			why_set(why, target, "8.13",
				flank_in_arc(g, firer)
					? "a Rear hex: fire goes through Front "
					  "or Flank hexsides"
					: "fire goes through Front hexsides "
					  "(Flank ones for skirmishers only)");
			return false;
		}
		return true;
	}
	if (!unit_has(g, firer, TRAIT_SCORPIO) && /* 9.84 a scorpio has no facing */
	    !leaves_by_arc(firer, from, target, flank_in_arc(g, firer))) {
		why_set(why, target, "8.13",
			flank_in_arc(g, firer)
				? "the line leaves through a Rear hexside"
				: "the line leaves through a Flank or Rear "
				  "hexside (Flank ones serve skirmishers "
				  "only)");
		return false;
	}
	return los_clear(g, from, target, missile_purpose(g, firer), why);
}
