/* gba_square.c — GBA 9.63, 9.64 the Square (see gba_square.h).
 *
 * Rulings (rules/gba/rulings.ini):
 *  - R163 (A11): leaving square, which the book leaves unsaid, costs all
 *    the unit's MP as forming it does, so it too is a move's only act;
 *    "all its MP" is its printed MA (a phalanx's augmented fifth MP,
 *    GBA 6.46, is not spent on it), and the move ends there.
 *  - R164: a unit that routs leaves square; a unit In Column or in
 *    Double-Depth does not form it (leave those first). */
#include "maniple/gba_square.h"

#include <stdio.h>
#include <string.h>

#include "maniple/event.h"
#include "maniple/movement.h"
#include "maniple/tables.h"

bool gba_square_may_use(const struct game *g, const struct unit *u)
{
	if (!g || !u || !g->battle || u->side < 0 || u->side > 1 ||
	    !g->battle->sides[u->side].macedonian)
		return false;
	if (unit_has(g, u, TRAIT_PHALANX))
		return true;
	return unit_is_two_hex(u) && (unit_has(g, u, TRAIT_HOPLITE) ||
				      unit_has(g, u, TRAIT_HEAVY_INFANTRY));
}

bool gba_square_check(const struct game *g, const struct move *m, bool form,
		      struct move_step *out)
{
	memset(out, 0, sizeof *out);
	const struct unit *u = move_mover(g, m);
	if (!u || m->refusal)
		return refuse_step(out,
				   "only a combat unit's move forms square",
				   "GBA 9.63");
	if (!gba_square_may_use(g, u))
		return refuse_step(
			out,
			"only a phalanx, or hoplites or heavy infantry "
			"on two hexes, of a Macedonian army forms square",
			"GBA 9.63");
	if (m->ended || m->stopped)
		return refuse_step(out, "the move has ended", "6.31");
	if (form && u->at.square)
		return refuse_step(out, "the unit is in square already",
				   "GBA 9.63");
	if (!form && !u->at.square)
		return refuse_step(out, "the unit is not in square",
				   "GBA 9.63");
	if (form && (u->routed || u->at.in_column || u->double_depth))
		return refuse_step(out,
				   "a routed unit, or one In Column or in "
				   "Double-Depth, does not form square",
				   "GBA 9.63");
	if (m->mp_spent > 0 || m->formed)
		return refuse_step(
			out,
			form ? "forming square takes all the unit's MP: "
			       "it must be the move's only act"
			     : "leaving square takes all the unit's MP: "
			       "it must be the move's only act",
			"GBA 9.63");
	if (form && unit_in_enemy_zoc(g, u))
		return refuse_step(
			out, "a unit in an enemy ZOC does not form square",
			"GBA 9.63");
	/* all its MP: the printed MA, not a phalanx's fifth (R163) */
	int all = m->ma;
	if (u->ma > 0 && all > u->ma)
		all = u->ma;
	out->cost.mp = all;
	return true;
}

bool gba_square_apply(struct game *g, struct move *m, bool form)
{
	struct move_step st;
	if (!gba_square_check(g, m, form, &st))
		return false;
	struct unit *u = &g->units[m->unit];
	struct footprint fp = u->at;
	fp.square = form;
	game_unit_place(g, u, fp);
	u->moved_phase = true;
	u->moved_turn = true;
	m->formed = true;
	m->mp_spent += st.cost.mp;
	struct event e;
	event_init(&e, form ? "square_formed" : "square_left");
	event_add(&e, "unit", "%s", u->id);
	event_add_hex(&e, "hex", u->at.hex[0]);
	event_add(&e, "mp", "%d", st.cost.mp);
	event_add(&e, "rule", "%s", form ? "GBA 9.63" : "GBA 9.63,R163");
	game_emit(g, &e);
	return true;
}

int gba_square_legal(const struct game *g, const struct move *m, int side,
		     struct decision_answer *out, int max)
{
	int n = 0;
	struct move_step st;
	for (int form = 1; form >= 0; form--)
		if (gba_square_check(g, m, form, &st))
			decision_add(out, max, &n, side,
				     form ? "GBA 9.63" : "GBA 9.63,R163", "%s",
				     form ? "form square" : "form normal");
	return n;
}

int gba_square_size(const struct unit *u)
{
	if (!u)
		return 0;
	/* GBA 9.63: quartered, rounding up */
	return u->at.square ? (u->size + 3) / 4 : u->size;
}

void gba_square_end(struct game *g, struct unit *u, const char *why)
{
	if (!g || !u || !u->at.square)
		return;
	struct footprint fp = u->at;
	fp.square = false;
	game_unit_place(g, u, fp);
	struct event e;
	event_init(&e, "square_left");
	event_add(&e, "unit", "%s", u->id);
	event_add_hex(&e, "hex", u->at.hex[0]);
	event_add(&e, "why", "%s", why);
	event_add(&e, "rule", "GBA 9.63,R164");
	game_emit(g, &e);
}
