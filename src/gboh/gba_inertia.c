/* gba_inertia.c — GBA 6.14, the Hellenic Law of Inertia (optional).  See
 * gba_inertia.h.
 *
 * Ruling R143 (easy to change here): "until it can move no further" is
 * read as "while a step into a new hex is legal with the MP left": any
 * step the move may take as the unit stands (a two-hex unit's forward
 * steps and pivots), with no facing change first; a step into an enemy
 * ZOC counts, and ends the move as always (7.23).  Under a Line Command
 * it binds each hoplite the player sets moving, not every one of the
 * line. */
#include "maniple/gba_inertia.h"

#include <stdarg.h>
#include <stdio.h>

#include "maniple/phalanx.h"
#include "maniple/tables.h"

bool gba_inertia_binds(const struct game *g, const struct unit *u)
{
	if (!g || !g->battle || !u || u->side < 0 || u->side > 1)
		return false;
	ptrdiff_t i = u - g->units;
	if (i < 0 || i >= g->nunits)
		return false;
	return g->battle->sides[u->side].law_of_inertia &&
	       unit_has(g, u, TRAIT_HOPLITE) &&
	       !g->battle->unit_text[i].inertia_exempt;
}

/* A step m may take now into a new hex, written into buf (false when
 * none). */
static bool a_step(const struct game *g, const struct move *m,
		   const struct unit *u, char *buf, size_t n)
{
	struct move_step s;
	if (unit_is_two_hex(u)) {
		struct hex pair[12][2];
		if (phalanx_steps(g, m, pair, 12) <= 0)
			return false;
		char a[16], b[16];
		hex_format(pair[0][0], a, sizeof a);
		if (hex_is_none(pair[0][1]))
			snprintf(buf, n, "%s", a);
		else {
			hex_format(pair[0][1], b, sizeof b);
			snprintf(buf, n, "%s,%s", a, b);
		}
		return true;
	}
	for (int d = 0; d < HEXSIDE_COUNT; d++) {
		struct hex h = hex_neighbour(u->at.hex[0], (enum hexside)d);
		if (move_check_step(g, m, h, &s)) {
			hex_format(h, buf, n);
			return true;
		}
	}
	return false;
}

const char *gba_inertia_end_refusal(const struct game *g, const struct move *m,
				    char *why, size_t n)
{
	if (!m || m->refusal || m->unit < 0 || m->unit >= g->nunits)
		return NULL;
	const struct unit *u = &g->units[m->unit];
	if (!gba_inertia_binds(g, u) || m->ended || m->stopped ||
	    m->rout_due || m->ma - m->mp_spent <= 0)
		return NULL;
	char step[40];
	if (!a_step(g, m, u, step, sizeof step))
		return NULL;
	if (why && n)
		snprintf(why, n,
			 "%s is bound by the Law of Inertia: a hoplite moves "
			 "on while it can (%d MP left; move %s)",
			 u->id, m->ma - m->mp_spent, step);
	return "GBA 6.14";
}
