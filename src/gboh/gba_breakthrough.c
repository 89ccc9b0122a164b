/* gba_breakthrough.c — GBA 8.37 the Push of Shields (see
 * gba_breakthrough.h).
 *
 * Rulings (easy to change here or in variants.ini):
 *  - R103, ambiguity A3: the hits compared are every hit the unit
 *    carries ([shock] breakthrough = total_hits), as the book's example
 *    reads; `resolution_hits` compares only those the combat's CRT roll
 *    dealt it (10.13's shares).
 *  - R160: the units compared are those still standing in the combat: not
 *    gone from it, in play and not routed (a routed unit takes no part
 *    in the push; any hit eliminates it anyway, 10.27).
 *  - Every comparison is made on the hits as they stand before any
 *    Breakthrough hit is dealt, so that the order of the units does not
 *    matter, and a unit takes the two hits once however many enemies it
 *    outnumbers three to one. */
#include "maniple/gba_breakthrough.h"

#include "maniple/event.h"
#include "maniple/rout.h"
#include "maniple/shock.h"
#include "maniple/tables.h"

static int nslots(const struct shock_combat *c, int role)
{
	return role ? c->ndef : c->natt;
}

/* the unit of slot k of role's side, or NULL when it no longer stands
 * in the combat */
static struct unit *standing(struct game *g, const struct shock_combat *c,
			     int role, int k)
{
	int u = role ? c->def[k] : c->att[k];
	bool gone = role ? c->def_gone[k] : c->att_gone[k];
	if (gone || u < 0 || u >= g->nunits)
		return NULL;
	struct unit *x = &g->units[u];
	return game_unit_in_play(x) && !x->routed ? x : NULL;
}

/* the hits of slot k that the push compares (ruling R103) */
static int counted(const struct game *g, const struct shock_combat *c,
		   int role, int k, const struct unit *u)
{
	if (!gba_breakthrough_counts_all(g))
		return role ? c->def_took[k] : c->att_took[k];
	return u->hits;
}

void gba_breakthrough_match(const struct shock_combat *c,
			    const int hits[2][SHOCK_UNITS_MAX],
			    int than[2][SHOCK_UNITS_MAX])
{
	for (int role = 0; role < 2; role++)
		for (int k = 0; k < SHOCK_UNITS_MAX; k++)
			than[role][k] = -1;
	for (int role = 0; role < 2; role++)
		for (int k = 0; k < nslots(c, role); k++) {
			if (hits[role][k] <= 0)
				continue;
			for (int j = 0; j < nslots(c, !role); j++) {
				int e = hits[!role][j];
				if (e < 0)
					continue;
				if (e == 0) /* GBA 8.37: counts as 1 */
					e = 1;
				if (hits[role][k] >= GBA_BREAKTHROUGH_RATIO * e &&
				    (than[role][k] < 0 ||
				     hits[!role][j] < hits[!role][than[role][k]]))
					than[role][k] = j;
			}
		}
}

bool gba_breakthrough_counts_all(const struct game *g)
{
	return tables_variant(g->tables, RV_BREAKTHROUGH) !=
	       BREAKTHROUGH_RESOLUTION_HITS;
}

void gba_breakthrough(struct game *g, int ci)
{
	if (tables_variant(g->tables, RV_BREAKTHROUGH) == BREAKTHROUGH_NONE)
		return;
	struct shock_combat *c = &g->shock.c[ci];
	if (c->off || !c->resolved)
		return;
	/* each unit's hits and the enemy it outnumbers, before any is dealt */
	int hits[2][SHOCK_UNITS_MAX];
	int than[2][SHOCK_UNITS_MAX];
	for (int role = 0; role < 2; role++)
		for (int k = 0; k < nslots(c, role); k++) {
			struct unit *u = standing(g, c, role, k);
			hits[role][k] = u ? counted(g, c, role, k, u) : -1;
		}
	gba_breakthrough_match(c, hits, than);
	for (int role = 0; role < 2; role++)
		for (int k = 0; k < nslots(c, role); k++) {
			int j = than[role][k];
			if (j < 0)
				continue;
			struct unit *u = standing(g, c, role, k);
			const struct unit *x =
				&g->units[role ? c->att[j] : c->def[j]];
			struct event e;
			event_init(&e, "breakthrough");
			event_add(&e, "combat", "%d", ci);
			event_add(&e, "unit", "%s", u->id);
			event_add(&e, "unit_hits", "%d", hits[role][k]);
			event_add(&e, "than", "%s", x->id);
			event_add(&e, "than_hits", "%d", hits[!role][j]);
			event_add(&e, "hits", "%d", GBA_BREAKTHROUGH_HITS);
			event_add(&e, "rule", "GBA 8.37");
			game_emit(g, &e);
			cohesion_hits_held(g, u, GBA_BREAKTHROUGH_HITS,
					   "breakthrough", "GBA 8.37");
		}
}
