/* triarii.c — the Roman Triarii Tactical Doctrine (9.71, 9.72) and the
 * check that a battle uses it where it must (RULINGS R8).  How we read
 * the rules is in include/maniple/triarii.h. */
#include "maniple/triarii.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "maniple/hex.h"
#include "maniple/los.h"
#include "maniple/units.h"

/* 9.7: a triarii unit is class TR */
static bool is_triarii(const struct unit *u)
{
	return strcmp(u->cls, "TR") == 0;
}

/* 9.7 */
bool triarii_under_doctrine(const struct game *g, const struct unit *u)
{
	return g && g->battle && u && g->battle->triarii_doctrine &&
	       is_triarii(u);
}

/* 9.71: a unit standing in the Triarii line of army `side` */
static bool in_triarii_line(const struct unit *u, int side)
{
	return u->side == side && is_triarii(u) && game_unit_in_play(u) &&
	       !u->routed;
}

/* 9.71 bullet 1: an enemy combat unit other than an elephant within
 * three hexes and LOS (8.14) of triarii unit t; its id in found */
static bool enemy_sighted(const struct game *g, const struct unit *t,
			  const struct unit **found)
{
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *e = &g->units[i];
		if (e->side == t->side || !game_unit_in_play(e) ||
		    unit_has(g, e, TRAIT_ELEPHANT))
			continue;
		for (int a = 0; a < 2; a++) {
			struct hex th = t->at.hex[a];
			if (hex_is_none(th))
				continue;
			for (int b = 0; b < 2; b++) {
				struct hex eh = e->at.hex[b];
				if (hex_is_none(eh) || hex_distance(th, eh) > 3)
					continue;
				if (los_clear(g, th, eh, LOS_MISSILE, NULL)) {
					*found = e;
					return true;
				}
			}
		}
	}
	return false;
}

/* 9.71 bullet 2: a Roman or ala (not allied) infantry unit of t's army,
 * other than triarii, on the map and not routed */
static bool line_infantry(const struct game *g, const struct unit *u,
			  const struct unit *t)
{
	return u != t && u->side == t->side && !is_triarii(u) &&
	       u->legion > 0 && unit_has(g, u, TRAIT_INFANTRY) &&
	       game_unit_in_play(u) && !u->routed;
}

static int units_distance(const struct unit *a, const struct unit *b)
{
	int best = -1;
	for (int i = 0; i < 2; i++)
		for (int k = 0; k < 2; k++) {
			if (hex_is_none(a->at.hex[i]) ||
			    hex_is_none(b->at.hex[k]))
				continue;
			int d = hex_distance(a->at.hex[i], b->at.hex[k]);
			if (best < 0 || d < best)
				best = d;
		}
	return best;
}

/* 9.71 bullet 2: the nearest Roman or ala infantry unit within 5 hexes
 * of triarii unit t, or NULL when t is at least 6 hexes from all */
static const struct unit *line_within_five(const struct game *g,
					   const struct unit *t)
{
	const struct unit *near = NULL;
	int best = 6;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (!line_infantry(g, u, t))
			continue;
		int d = units_distance(t, u);
		if (d >= 0 && d < best) {
			best = d;
			near = u;
		}
	}
	return near;
}

/* 9.71: triarii may change facing but not move until an enemy is
 * sighted near the Triarii line or they stand apart from the lines */
bool triarii_may_move(const struct game *g, int ui, char *why, size_t n)
{
	if (why && n)
		why[0] = '\0';
	if (!g || ui < 0 || ui >= g->nunits)
		return true;
	const struct unit *u = &g->units[ui];
	if (!triarii_under_doctrine(g, u))
		return true;
	/* 6.12: a move begun once the doctrine let it go goes on */
	if (bits_has(g->ord.entered_hex, ui))
		return true;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *t = &g->units[i];
		const struct unit *e;
		if (in_triarii_line(t, u->side) && enemy_sighted(g, t, &e))
			return true;
	}
	const struct unit *near = line_within_five(g, u);
	if (!near)
		return true;
	if (why && n)
		snprintf(why, n,
			 "%s is triarii: it may change facing but not move "
			 "until an enemy combat unit other than an elephant "
			 "is within 3 hexes and LOS of the Triarii line, or "
			 "it is 6 hexes from every Roman and ala infantry "
			 "line (%s is %d hexes away)",
			 u->id, near->id, units_distance(u, near));
	return false;
}

/* 9.72: rout points at least half the Withdrawal Level, rounded down */
bool triarii_shock_released(const struct game *g, int side)
{
	if (!g || !g->battle || side < 0 || side > 1)
		return false;
	return g->rout_points[side] >=
	       g->battle->sides[side].withdrawal_level / 2;
}

/* 9.72: triarii may not move and shock before the release; they may
 * always shock enemies in their ZOC without moving */
bool triarii_may_shock(const struct game *g, int ui, const char **why)
{
	if (!g || ui < 0 || ui >= g->nunits)
		return true;
	const struct unit *u = &g->units[ui];
	if (!triarii_under_doctrine(g, u) ||
	    !bits_has(g->ord.entered_hex, ui) ||
	    triarii_shock_released(g, u->side))
		return true;
	if (why)
		*why = "triarii that moved this Orders Phase may not shock "
		       "until their army's rout points reach half its "
		       "Withdrawal Level (round down); without moving they "
		       "may shock enemies in their ZOC";
	return false;
}

static bool contains_word(const char *text, const char *word)
{
	size_t n = strlen(word);
	for (const char *p = text; *p; p++) {
		size_t k = 0;
		while (k < n && p[k] &&
		       tolower((unsigned char)p[k]) == word[k])
			k++;
		if (k == n)
			return true;
	}
	return false;
}

/* RULINGS R8 (9.7): a Roman army (units of a legion or ala), a battle
 * before 200 BC, and no Scipio as its Overall Commander */
bool triarii_doctrine_missing(const struct battle *b, char *why, size_t n)
{
	if (why && n)
		why[0] = '\0';
	if (!b || b->triarii_doctrine || b->year >= -200)
		return false;
	for (int side = 0; side < 2; side++) {
		bool roman = false;
		for (int i = 0; i < b->nunits && !roman; i++)
			roman = b->units[i].side == side &&
				b->units[i].legion > 0;
		if (!roman)
			continue;
		bool scipio = false;
		for (int i = 0; i < b->nleaders; i++) {
			const struct leader *l = &b->leaders[i];
			if (l->side == side && l->overall &&
			    (contains_word(l->name, "scipio") ||
			     contains_word(l->id, "scipio")))
				scipio = true;
		}
		if (scipio)
			continue;
		if (why && n)
			snprintf(why, n,
				 "the Roman army (%s) fights in %d BC without "
				 "Scipio as Overall Commander: the triarii "
				 "doctrine (9.7) applies; set "
				 "triarii_doctrine = yes in [rules] "
				 "(RULINGS R8)",
				 b->sides[side].id, -b->year);
		return true;
	}
	return false;
}
