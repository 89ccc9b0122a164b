/* gba_darius.c — GBA 8.46 Darius the Target and the Achaemenid Flight
 * (see gba_darius.h).  The battle file names the target (a leader's
 * `target = yes`), so the rule reaches any leader a scenario gives that
 * weight; a battle with none plays as before. */
#include "maniple/gba_darius.h"

#include "maniple/hex.h"
#include "maniple/map.h"
#include "maniple/sequence.h"

void gba_darius_killed(struct game *g, int li)
{
	if (g == NULL || li < 0 || li >= g->nleaders)
		return;
	const struct leader *l = &g->leaders[li];
	if (!l->target || !l->killed || (l->side != 0 && l->side != 1))
		return;
	seq_game_over(g, l->side ? RESULT_SIDE0 : RESULT_SIDE1,
		      "target_killed", "GBA 8.46");
}

bool gba_flight(const struct game *g, const struct leader *l)
{
	return g != NULL && l != NULL && l->target && g->battle != NULL &&
	       g->battle->map != NULL;
}

/* hexes from h to l's side's Retreat Edge; -1 when the battle names no
 * edge the map knows */
static int edge_distance(const struct game *g, const struct leader *l,
			 struct hex h)
{
	const struct map *m = g->battle->map;
	const struct retreat_edge *re =
		map_find_edge(m, g->battle->sides[l->side & 1].retreat_edge);
	return re ? map_distance_to_edge(m, h, re->edge) : -1;
}

/* ruling R133: "directly toward" the edge, each hex nearer it */
const char *gba_flight_step_refusal(const struct game *g,
				    const struct leader *l, struct hex here,
				    struct hex h)
{
	int from = edge_distance(g, l, here), to = edge_distance(g, l, h);
	if (from < 0 || to < 0 || to >= from)
		return "the Achaemenid Flight goes straight for the army's "
		       "Retreat Edge: each hex nearer it";
	return NULL;
}

bool gba_flight_on_edge(const struct game *g, const struct leader *l)
{
	return gba_flight(g, l) && l->on_map && !l->killed &&
	       edge_distance(g, l, l->hex) == 0;
}
