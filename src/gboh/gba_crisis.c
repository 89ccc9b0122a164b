/* gba_crisis.c — GBA 5.33's Crisis of Faith: a second 9 on the Die Roll
 * of Doom (variants.ini [momentum] doom_nine = crisis_of_faith).  See
 * gba_crisis.h.
 *
 * Rulings (research notes, ambiguity A18; easy to change here):
 *  - "within half his Command Range, rounded up" is measured as the
 *    Command Range is (4.21's path), as for a GBA cavalry Line (4.33).
 *  - Each unit steps twice, keeping its facing; each step goes to the
 *    neighbouring hex (a two-hex unit: both halves the same way) that is
 *    on the map, open to it by the movement chart, not Rough, empty of
 *    other units, not in an enemy ZOC and no nearer the nearest enemy
 *    combat unit than where it stands; of those, the one farthest from
 *    that enemy, then the nearest its side's retreat edge, then the first
 *    hexside clockwise from N.  A unit with no such step stops there.
 *  - Units farther from the enemy go first, so that the front line finds
 *    the hexes behind it cleared.  Routed units are already fleeing and
 *    are left out.
 *  - The penalties (6.72 #1 and #3) fall on every unit the crisis
 *    reaches, whether or not it found room to step back: it is the
 *    crisis that shakes them.
 *  - The leader steps back the same way (a leader may stand where a
 *    friendly combat unit stands, never in an enemy ZOC otherwise). */
#include "maniple/gba_crisis.h"

#include <limits.h>
#include <string.h>

#include "maniple/command.h"
#include "maniple/event.h"
#include "maniple/map.h"
#include "maniple/movement.h"
#include "maniple/rout.h"
#include "maniple/tables.h"

/* GBA 5.33: hexes stepped back */
#define CRISIS_HEXES 2

/* The distance from h to the nearest enemy combat unit of side, INT_MAX
 * when there is none. */
static int enemy_distance(const struct game *g, int side, struct hex h)
{
	int best = INT_MAX;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *e = &g->units[i];
		if (e->side != 1 - side || !game_unit_in_play(e))
			continue;
		int d = footprint_distance(&e->at, h);
		if (d < best)
			best = d;
	}
	return best;
}

static int footprint_enemy_distance(const struct game *g, int side,
				    const struct footprint *fp)
{
	int best = INT_MAX;
	for (int k = 0; k < 2; k++)
		if (!hex_is_none(fp->hex[k])) {
			int d = enemy_distance(g, side, fp->hex[k]);
			if (d < best)
				best = d;
		}
	return best;
}

static int edge_distance(const struct game *g, int side, struct hex h)
{
	const struct map *m = g->battle->map;
	const struct retreat_edge *re =
		map_find_edge(m, g->battle->sides[side & 1].retreat_edge);
	return re ? map_distance_to_edge(m, h, re->edge) : 0;
}

/* Whether h holds a unit other than u (NULL: any unit). */
static bool hex_taken(const struct game *g, struct hex h,
		      const struct unit *u)
{
	const struct unit *us[4];
	int n = game_units_at(g, h, us, 4);
	for (int i = 0; i < n; i++)
		if (us[i] != u)
			return true;
	return false;
}

/* One step of a unit (u) or a leader (u NULL, of side) from hex `from`
 * into `to`: open to it. */
static bool step_open(const struct game *g, const struct unit *u, int side,
		      struct hex from, struct hex to)
{
	const struct map *m = g->battle->map;
	const struct map_hex *mh = map_at(m, to);
	if (!map_contains(m, to) || mh == NULL ||
	    terrain_is_rough((enum terrain)mh->terrain))
		return false;
	if (g->tables != NULL && move_hex_entry_cost(g, u, from, to).prohibited)
		return false;
	if (u != NULL)
		return !hex_taken(g, to, u) && !zoc_enemy_in(g, side, to);
	/* a leader: never among enemies; in an enemy ZOC only with friends */
	if (hex_taken(g, to, NULL) && !game_hex_has_side(g, to, side))
		return false;
	return !zoc_enemy_in(g, side, to) || game_hex_has_side(g, to, side);
}

/* The footprint fp moved one hex across hexside d. */
static struct footprint shifted(const struct footprint *fp, int d)
{
	struct footprint to = *fp;
	for (int k = 0; k < 2; k++)
		if (!hex_is_none(fp->hex[k]))
			to.hex[k] = hex_neighbour(fp->hex[k], (enum hexside)d);
	return to;
}

/* The best step back for the footprint fp of side (u: its unit, NULL for
 * a leader), or -1. */
static int best_step(const struct game *g, const struct unit *u, int side,
		     const struct footprint *fp, const struct footprint *was)
{
	int now = footprint_enemy_distance(g, side, fp);
	int best = -1, best_enemy = -1, best_edge = INT_MAX;
	for (int d = 0; d < HEXSIDE_COUNT; d++) {
		struct footprint to = shifted(fp, d);
		bool ok = true, back = false;
		for (int k = 0; k < 2 && ok; k++) {
			if (hex_is_none(fp->hex[k]))
				continue;
			ok = step_open(g, u, side, fp->hex[k], to.hex[k]);
			back |= was != NULL &&
				(footprint_occupies(was, to.hex[k]));
		}
		if (!ok || back)
			continue;
		int enemy = footprint_enemy_distance(g, side, &to);
		if (enemy < now)
			continue;
		int edge = edge_distance(g, side, to.hex[0]);
		if (enemy > best_enemy ||
		    (enemy == best_enemy && edge < best_edge)) {
			best = d;
			best_enemy = enemy;
			best_edge = edge;
		}
	}
	return best;
}

/* Steps the footprint *fp back up to CRISIS_HEXES hexes; returns how
 * many it went. */
static int step_back(const struct game *g, const struct unit *u, int side,
		     struct footprint *fp)
{
	struct footprint start = *fp;
	int went = 0;
	for (; went < CRISIS_HEXES; went++) {
		int d = best_step(g, u, side, fp, &start);
		if (d < 0)
			break;
		*fp = shifted(fp, d);
	}
	return went;
}

/* 6.72 #1 and #3 on a unit the crisis reaches */
static void crisis_penalties(struct game *g, struct unit *u)
{
	if (unit_has(g, u, TRAIT_INFANTRY) && !u->routed) /* #1: foot */
		cohesion_hits(g, u, 1, "crisis_of_faith", "GBA 5.33");
	if (u->routed || !game_unit_in_play(u))
		return;
	/* #3: a TQ check, one hit above the TQ */
	tq_check_one_hit(g, u, "crisis_of_faith", "GBA 5.33");
}

static void emit_step(struct game *g, const char *who, const char *id,
		      const struct footprint *from, const struct footprint *to,
		      int hexes)
{
	struct event e;
	event_init(&e, "crisis_withdrawal");
	event_add(&e, who, "%s", id);
	event_add_hex(&e, "from", from->hex[0]);
	event_add_hex(&e, "to", to->hex[0]);
	event_add(&e, "hexes", "%d", hexes);
	event_add(&e, "rule", "GBA 5.33");
	game_emit(g, &e);
}

void gba_crisis_of_faith(struct game *g, int leader)
{
	if (g == NULL || g->battle == NULL || g->battle->map == NULL ||
	    leader < 0 || leader >= g->nleaders)
		return;
	struct leader *l = &g->leaders[leader];
	int side = l->side;
	/* who: the units within half his range, as they stand now */
	int who[BATTLE_UNITS_MAX], n = 0;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (u->side == side && game_unit_in_play(u) && !u->routed &&
		    command_half_range_reaches_unit(g, NULL, l, u))
			who[n++] = i;
	}
	struct event e;
	event_init(&e, "crisis_of_faith");
	event_add(&e, "leader", "%s", l->id);
	event_add(&e, "range", "%d", command_half_range(g, l));
	event_add(&e, "units", "%d", n);
	event_add(&e, "rule", "GBA 5.33");
	game_emit(g, &e);
	/* the farthest from the enemy first (insertion sort: few units) */
	int far[BATTLE_UNITS_MAX];
	for (int i = 0; i < n; i++)
		far[i] = footprint_enemy_distance(g, side, &g->units[who[i]].at);
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && far[j] > far[j - 1]; j--) {
			int t = far[j];
			far[j] = far[j - 1];
			far[j - 1] = t;
			t = who[j];
			who[j] = who[j - 1];
			who[j - 1] = t;
		}
	for (int i = 0; i < n; i++) {
		struct unit *u = &g->units[who[i]];
		struct footprint from = u->at, to = u->at;
		int went = step_back(g, u, side, &to);
		if (went > 0)
			game_unit_place(g, u, to);
		emit_step(g, "unit", u->id, &from, &to, went);
		crisis_penalties(g, u);
	}
	if (l->on_map && !l->killed) {
		struct footprint from = {.hex = {l->hex, HEX_NONE}};
		struct footprint to = from;
		int went = step_back(g, NULL, side, &to);
		l->hex = to.hex[0];
		emit_step(g, "leader", l->id, &from, &to, went);
	}
}
