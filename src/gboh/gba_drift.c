/* gba_drift.c — GBA 6.5, Drift to the Right (optional).  See gba_drift.h.
 *
 * Ruling R144 (easy to change here):
 *  - The MP counted are those of steps into new hexes: a pivot counts
 *    (a half enters a hex) but never drifts (6.5 spares pivots), the
 *    Reverse Face does not count (a facing change).  A step of 2 MP
 *    drifts when either of its MP is the 1st, 2nd or 4th.
 *  - The right-front hexes are those of the forward step clockwise of
 *    the facing vertex.  When that step is not open to the unit (units,
 *    impassable terrain or any other rule: MP, ZOC, the map's edge), or
 *    puts a half next to an enemy unit, the unit steps as it likes.
 *  - A unit In Column does not drift: it has no right front. */
#include "maniple/gba_drift.h"

#include "maniple/phalanx.h"
#include "maniple/tables.h"

bool gba_drift_binds(const struct game *g, const struct unit *u)
{
	if (!g || !g->battle || !u || u->side < 0 || u->side > 1)
		return false;
	return g->battle->sides[u->side].drift_to_the_right &&
	       unit_is_two_hex(u) && !u->at.in_column &&
	       (unit_has(g, u, TRAIT_HOPLITE) ||
		unit_has(g, u, TRAIT_CARDACES));
}

/* Whether an enemy unit of side's stands next to h (not in `self`). */
static bool next_to_enemy(const struct game *g, const struct unit *self,
			  struct hex h)
{
	for (int d = 0; d < HEXSIDE_COUNT; d++) {
		struct hex n = hex_neighbour(h, (enum hexside)d);
		if (footprint_occupies(&self->at, n))
			continue;
		const struct unit *at[4];
		int k = game_units_at(g, n, at, 4);
		for (int i = 0; i < k && i < 4; i++)
			if (at[i]->side != self->side)
				return true;
	}
	return false;
}

bool gba_drift_forbids(const struct game *g, const struct move *m, int dir,
		       int mp)
{
	if (!m || m->unit < 0 || m->unit >= g->nunits || !m->moved_before)
		return false;
	const struct unit *u = &g->units[m->unit];
	if (!gba_drift_binds(g, u))
		return false;
	int right = (u->at.facing + 1) % FACING_COUNT; /* R144 */
	if (dir == right)
		return false;
	int done = m->mp_spent - m->facing_mp;
	bool drifts = false;
	for (int k = done + 1; k <= done + mp; k++)
		drifts |= k == 1 || k == 2 || k == 4; /* GBA 6.5 */
	if (!drifts)
		return false;
	struct hex a = hex_neighbour(u->at.hex[0], (enum hexside)right);
	struct hex b = hex_neighbour(u->at.hex[1], (enum hexside)right);
	struct move_step s;
	if (!phalanx_check_step(g, m, a, b, &s))
		return false; /* blocked: it goes as it may */
	return !next_to_enemy(g, u, a) && !next_to_enemy(g, u, b);
}
