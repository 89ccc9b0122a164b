/* gba_chariot.c — GBA 9.2's scythed chariots; see gba_chariot.h.
 *
 * Rulings (rules/gba/rulings.ini):
 *  R101 (A1) a moving chariot pays 2 MP and 1 hit a vertex; the hits of
 *       turns made in its first hex are owed until it enters another hex
 *       (a chariot that turns and stays takes none: the chart's note e).
 *  R125 (A25) the one level of GBA 9.21 is counted over the whole move
 *       (a unit moves once in a phase), up and down alike.
 *  GBA 7.15: a chariot may turn any number of vertices in its first hex
 *       and in its last; one that turned more than one vertex in a hex it
 *       entered makes that hex its last (the next step is refused). */
#include "maniple/gba_chariot.h"

#include <stdlib.h>

#include "maniple/bits.h"
#include "maniple/event.h"
#include "maniple/movement.h"
#include "maniple/shock_state.h"
#include "maniple/tables.h"

bool gba_is_chariot(const struct game *g, const struct unit *u)
{
	return g && u && unit_has(g, u, TRAIT_CHARIOT);
}

static struct unit *mover(struct game *g, const struct move *m)
{
	return m && m->unit >= 0 && m->unit < g->nunits ? &g->units[m->unit]
							: NULL;
}

static const struct unit *mover_c(const struct game *g, const struct move *m)
{
	return m && m->unit >= 0 && m->unit < g->nunits ? &g->units[m->unit]
							: NULL;
}

const char *gba_chariot_step_refusal(const struct game *g,
				     const struct move *m, int climb,
				     const char **rule)
{
	const struct unit *u = mover_c(g, m);
	if (!gba_is_chariot(g, u))
		return NULL;
	if (m->hexes_entered > 0 && m->hex_vertices > 1) {
		*rule = "GBA 7.15";
		return "a chariot that turned more than one vertex in a hex "
		       "ends its move there";
	}
	if ((int)m->levels + abs(climb) > GBA_CHARIOT_LEVELS_A_PHASE) {
		*rule = "GBA 9.21";
		return "a chariot changes at most one level in a phase";
	}
	return NULL;
}

/* the hits a chariot's turn of v vertices costs while it moves (the
 * chart's facing row, its Chariots column) */
static int turn_hits(const struct game *g, const struct unit *u, int v)
{
	struct move_cost c = tables_facing_change_cost(
		g->tables, (enum unit_type)u->type, false, v, false);
	return c.prohibited ? 0 : c.hits;
}

void gba_chariot_stepped(struct game *g, struct move *m)
{
	struct unit *u = mover(g, m);
	if (!gba_is_chariot(g, u))
		return;
	/* note e (A1): the turns of its first hex (every vertex turned so
	 * far) cost their hits now that it has moved on */
	if (m->hexes_entered == 1 && m->vertices_turned > 0 &&
	    game_unit_in_play(u))
		move_take_hits(g, m, turn_hits(g, u, m->vertices_turned),
			       "chariot_facing", "GBA 7.15");
}

void gba_chariot_move_ended(struct game *g, const struct move *m)
{
	struct unit *u = mover(g, m);
	if (!gba_is_chariot(g, u))
		return;
	int ui = (int)(u - g->units);
	if (ui < BATTLE_UNITS_MAX)
		bits_put(g->ord.chariot_charged, ui,
			 m->hexes_entered >= GBA_CHARIOT_CHARGE_HEXES);
}

bool gba_chariot_charge_drm(const struct game *g, const struct shock_combat *c,
			    int role)
{
	if (!g || !c || role != 1)
		return false;
	for (int a = 0; a < c->natt; a++)
		if (c->att[a] < g->nunits &&
		    gba_is_chariot(g, &g->units[c->att[a]]))
			return true;
	return false;
}

bool gba_chariot_skips_check(const struct game *g, const struct unit *u)
{
	int ui = u ? (int)(u - g->units) : -1;
	return gba_is_chariot(g, u) && u->moved_phase && ui >= 0 &&
	       ui < BATTLE_UNITS_MAX && bits_has(g->ord.chariot_charged, ui);
}

bool gba_chariot_halved_by_skirmishers(const struct game *g,
				       const struct unit *a)
{
	return !gba_is_chariot(g, a);
}
