/* zoc.c — zones of control (SPQR 7.21–7.25): who exerts a ZOC where, who
 * controls a hex, and what a unit starting in an enemy ZOC may do. */
#include <limits.h>
#include <string.h>

#include "maniple/movement.h"

static bool is_leader_elephant(const struct unit *u)
{
	return u->leader_elephant[0] != '\0';
}

/* 7.21 Roman velites, by class code (the stacking chart's velites list) */
static bool is_velites(const struct game *g, const struct unit *u)
{
	if (g->tables)
		return tables_stacking_class(g->tables, u->type, u->cls, true) ==
		       STACK_VELITES;
	return unit_has(g, u, TRAIT_LIGHT_INFANTRY) && strcmp(u->cls, "VE") == 0;
}

static bool missile_armed_skirmisher(const struct game *g, const struct unit *u)
{
	return unit_has(g, u, TRAIT_SKIRMISHER) && u->missile != MC_NONE;
}

/* 7.21 who exerts a ZOC at all */
bool unit_exerts_zoc(const struct game *g, const struct unit *u)
{
	(void)g;
	if (!game_unit_in_play(u) || u->routed || is_leader_elephant(u))
		return false;
	/* SPQR 7.21: skirmishers out of missiles exert none (GBA 7.21:
	 * into their front hexes, unit_zoc_into_flank) */
	if (missile_armed_skirmisher(g, u) && u->supply == SUPPLY_NO &&
	    tables_variant(g->tables, RV_ZOC_SKIRMISHER_NO_MISSILES) ==
		    ZOC_SK_NO_MISSILES_NONE)
		return false;
	return true;
}

/* 7.21 missile-armed skirmishers and velites also into their Flank hexes */
bool unit_zoc_into_flank(const struct game *g, const struct unit *u)
{
	if (!unit_exerts_zoc(g, u) || u->at.in_column)
		return false;
	if (missile_armed_skirmisher(g, u))
		return u->supply != SUPPLY_NO; /* GBA 7.21: else front only */
	return is_velites(g, u) && u->supply != SUPPLY_NO;
}

/* 7.22 not into a hex the unit could not move into from its own hex */
static bool zoc_blocked(const struct game *g, const struct unit *u,
			struct hex h)
{
	const struct map *map = g->battle->map;
	if (!map_contains(map, h) || map_impassable(map, h))
		return true;
	for (int i = 0; i < 2; i++) {
		struct hex from = u->at.hex[i];
		if (hex_is_none(from))
			continue;
		int d = hex_direction_to(from, h);
		if (d < 0)
			continue;
		if (g->tables) {
			if (!move_hex_entry_cost(g, u, from, h).prohibited)
				return false;
		} else if (!(map_hexside(map, from, (enum hexside)d) &
			     HSF_RIVER)) {
			return false;
		}
	}
	return true;
}

/* 7.21, 7.22 whether u exerts its ZOC into h */
/* Whether h is within one column and one row of a half of fp: every hex
 * next to it is (a cheap filter, never false where footprint_zone finds
 * a zone). */
static bool near_footprint(const struct footprint *fp, struct hex h)
{
	for (int k = 0; k < 2; k++) {
		struct hex a = fp->hex[k];
		if (a.col - h.col <= 1 && h.col - a.col <= 1 &&
		    a.row - h.row <= 1 && h.row - a.row <= 1)
			return true;
	}
	return false;
}

bool zoc_exerted_into(const struct game *g, const struct unit *u,
		      struct hex h)
{
	/* 7.21: only hexes next to u; tested first, as every ZOC and
	 * Command Range search asks it of every unit */
	if (!near_footprint(&u->at, h))
		return false;
	if (!unit_exerts_zoc(g, u))
		return false;
	enum hex_zone z = footprint_zone(&u->at, h);
	if (z != ZONE_FRONT && !(z == ZONE_FLANK && unit_zoc_into_flank(g, u)))
		return false;
	return !zoc_blocked(g, u, h);
}

/* 7.21, 7.22 the hexes u exerts a ZOC into */
int zoc_hexes(const struct game *g, const struct unit *u, struct hex out[8])
{
	struct hex cand[16];
	int n = footprint_zone_hexes(&u->at, ZONE_FRONT, cand);
	n += footprint_zone_hexes(&u->at, ZONE_FLANK, cand + n);
	int k = 0;
	for (int i = 0; i < n && k < 8; i++)
		if (zoc_exerted_into(g, u, cand[i]))
			out[k++] = cand[i];
	return k;
}

/* 7.25 every unit of a side exerting a ZOC into h */
int zoc_units_into(const struct game *g, int by_side, struct hex h,
		   const struct unit **out, int max)
{
	/* only a unit with a half next to h may exert a ZOC into it (7.21):
	 * those are found by hex, and asked in the order of the units */
	int cand[BATTLE_UNITS_MAX], nc = 0;
	for (int d = 0; d < HEXSIDE_COUNT; d++) {
		int at[BATTLE_UNITS_MAX];
		int m = game_units_filed_at(g, hex_neighbour(h, (enum hexside)d),
					    at, BATTLE_UNITS_MAX);
		for (int k = 0; k < m; k++) {
			int j = nc;
			while (j > 0 && cand[j - 1] > at[k])
				j--;
			if (j > 0 && cand[j - 1] == at[k])
				continue;
			memmove(&cand[j + 1], &cand[j],
				(size_t)(nc - j) * sizeof cand[0]);
			cand[j] = at[k];
			nc++;
		}
	}
	int n = 0;
	for (int c = 0; c < nc; c++) {
		const struct unit *u = &g->units[cand[c]];
		if (u->side != by_side || !zoc_exerted_into(g, u, h))
			continue;
		if (out && n < max)
			out[n] = u;
		n++;
	}
	return n;
}

/* Whether any unit of by_side exerts a ZOC into h (zoc_units_into > 0,
 * without putting them in order) */
static bool zoc_any_into(const struct game *g, int by_side, struct hex h)
{
	for (int d = 0; d < HEXSIDE_COUNT; d++) {
		int at[BATTLE_UNITS_MAX];
		int m = game_units_filed_at(g, hex_neighbour(h, (enum hexside)d),
					    at, BATTLE_UNITS_MAX);
		for (int k = 0; k < m; k++) {
			const struct unit *u = &g->units[at[k]];
			if (u->side == by_side && zoc_exerted_into(g, u, h))
				return true;
		}
	}
	return false;
}

/* 7.23 whether h is in an enemy ZOC for side */
bool zoc_enemy_in(const struct game *g, int side, struct hex h)
{
	return zoc_any_into(g, 1 - side, h);
}

/* 7.25 both sides may control the same hex */
unsigned zoc_control(const struct game *g, struct hex h)
{
	unsigned bits = 0;
	for (int s = 0; s < 2; s++)
		if (zoc_any_into(g, s, h))
			bits |= 1u << s;
	return bits;
}

bool unit_in_enemy_zoc(const struct game *g, const struct unit *u)
{
	for (int i = 0; i < 2; i++)
		if (!hex_is_none(u->at.hex[i]) &&
		    zoc_enemy_in(g, u->side, u->at.hex[i]))
			return true;
	return false;
}

/* Whether enemy unit e exerts a ZOC on any hex of u. */
static bool zoc_on(const struct game *g, const struct unit *e,
		   const struct unit *u)
{
	for (int i = 0; i < 2; i++)
		if (!hex_is_none(u->at.hex[i]) &&
		    zoc_exerted_into(g, e, u->at.hex[i]))
			return true;
	return false;
}

/* GBA 9.31: a skirmisher that may shock: an SK* (Exception #2), or, where
 * variants.ini lets skirmishers shock chariots and routed units
 * (Exception #1), one whose ZOC holds enemies and only such (8.42: it
 * would attack them all) */
bool unit_skirmisher_may_shock(const struct game *g, const struct unit *u)
{
	if (!unit_has(g, u, TRAIT_SKIRMISHER))
		return false;
	if (unit_has(g, u, TRAIT_SHOCK_SKIRMISHER))
		return true;
	if (tables_variant(g->tables, RV_SKIRMISHER_SHOCK) !=
	    SK_SHOCK_CHARIOTS_ROUTED)
		return false;
	bool any = false;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *e = &g->units[i];
		if (e->side == u->side || !game_unit_in_play(e) ||
		    !zoc_on(g, u, e))
			continue;
		if (!e->routed && !unit_has(g, e, TRAIT_CHARIOT))
			return false;
		any = true;
	}
	return any;
}

enum shock_duty unit_shock_duty(const struct game *g, const struct unit *u)
{
	if (!g->tables || !game_unit_in_play(u) || u->routed ||
	    u->at.in_column || is_leader_elephant(u))
		return SHOCK_NEVER;
	enum shock_duty d = tables_shock_duty(g->tables, u->type, u->missile);
	if (d == SHOCK_NEVER && unit_skirmisher_may_shock(g, u))
		d = SHOCK_MAY; /* GBA 9.31: a light unit, no "+" */
	return d;
}

/* 7.23, 7.24 Exceptions: the ZOC of a unit that cannot Shock */
bool unit_can_shock(const struct game *g, const struct unit *u)
{
	if (!game_unit_in_play(u) || u->routed || u->at.in_column ||
	    is_leader_elephant(u))
		return false;
	return !g->tables || unit_shock_duty(g, u) != SHOCK_NEVER;
}

/* 7.23 a phalanx's MA for this purpose is its extended 5 (6.41) */
static int zoc_ma(const struct unit *u)
{
	return u->ma_ext > u->ma ? u->ma_ext : u->ma;
}

/* 7.23, 7.24 Exceptions: whether e's ZOC counts for leaving or turning:
 * SPQR ignores a unit that cannot Shock, GBA 7.23 ignores none */
static bool zoc_counts(const struct game *g, const struct unit *e)
{
	return unit_can_shock(g, e) ||
	       tables_variant(g->tables, RV_ZOC_LEAVING) ==
		       ZOC_LEAVING_EVERY_UNIT;
}

/* 7.23 bullet 1 (and its Exception) */
bool zoc_may_leave(const struct game *g, const struct unit *u)
{
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *e = &g->units[i];
		if (e->side == u->side || !zoc_on(g, e, u) ||
		    !zoc_counts(g, e))
			continue;
		if (zoc_ma(u) <= zoc_ma(e))
			return false;
	}
	return true;
}

static bool gba_turning(const struct game *g)
{
	return tables_variant(g->tables, RV_ZOC_TURNING) ==
	       ZOC_TURNING_ONE_ENEMY;
}

/* 7.24 bullets 1 and 2 (bullet 3, staying in the hex, is the mover's);
 * GBA 7.25: in the ZOC of one enemy only, whoever is in its own */
bool zoc_may_turn(const struct game *g, const struct unit *u)
{
	int exerting = 0;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *e = &g->units[i];
		if (e->side == u->side || !game_unit_in_play(e))
			continue;
		if (zoc_on(g, e, u) && zoc_counts(g, e))
			exerting++;
		if (gba_turning(g))
			continue;
		/* bullet 2: no enemy combat unit in u's own ZOC */
		for (int k = 0; k < 2; k++)
			if (!hex_is_none(e->at.hex[k]) &&
			    zoc_exerted_into(g, u, e->at.hex[k]))
				return false;
	}
	return exerting <= 1;
}

/* 7.24 up to half the MA, rounded up, in facing changes; GBA 7.25 sets
 * no such limit (the MA is the only one) */
int zoc_turn_mp(const struct game *g, const struct unit *u)
{
	return gba_turning(g) ? INT_MAX / 2 : (u->ma + 1) / 2;
}
