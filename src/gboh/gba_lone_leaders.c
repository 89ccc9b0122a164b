/* gba_lone_leaders.c — GBA 4.63: two lone leaders meeting (see
 * gba_lone_leaders.h). */
#include "maniple/gba_lone_leaders.h"

#include "maniple/event.h"
#include "maniple/gba_personal_combat.h"
#include "maniple/hex.h"
#include "maniple/reactions.h"
#include "maniple/tables.h"

/* GBA 4.63: leader l is on the map, alive and with no friendly combat
 * unit in his hex */
static bool lone(const struct game *g, const struct leader *l)
{
	return l->on_map && !l->killed && !leader_stacked(g, l);
}

int gba_lone_leaders_meet(struct game *g, int li, struct hex from)
{
	if (tables_variant(g->tables, RV_LONE_LEADERS_MEET) !=
		    LONE_LEADERS_MEET_PERSONAL_COMBAT ||
	    li < 0 || li >= g->nleaders)
		return 0;
	int fights = 0;
	for (int k = 0; k < g->nleaders; k++) {
		struct leader *l = &g->leaders[li];
		const struct leader *e = &g->leaders[k];
		if (!lone(g, l))
			break; /* killed, or no longer alone */
		if (e->side == l->side || !lone(g, e) ||
		    hex_distance(l->hex, e->hex) != 1 ||
		    hex_distance(from, e->hex) == 1)
			continue; /* not one he has just come next to */
		struct event ev;
		event_init(&ev, "lone_leaders_meet");
		event_add(&ev, "leader", "%s", l->id);
		event_add(&ev, "enemy", "%s", e->id);
		event_add(&ev, "rule", "GBA 4.63");
		game_emit(g, &ev);
		gba_personal_combat(g, li, k); /* GBA 8.4 */
		fights++;
	}
	return fights;
}
