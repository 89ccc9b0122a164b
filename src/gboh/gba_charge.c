/* gba_charge.c — GBA 9.7 Cavalry Charge Formation; see gba_charge.h.
 *
 * Rulings (rules/gba/rulings.ini):
 *  R181 GBA 9.71: cavalry attacking out of formation gets neither the
 *       chart's AS nor its DS (9.75 brings back "AS/DS" both).
 *  R182 GBA 9.72: the Thracian light cavalry is the LC class TH, our own
 *       code (rules/gba/unit_types.ini); 9.75's "HC" is the type HC.
 *  R183 GBA 9.76: every unit of a shock combat, attacker or defender,
 *       leaves the formation once the combat is over (after its pursuit,
 *       which 10.31 grants for having attacked in it); a unit that routs
 *       leaves it at once; a pursuer leaves it when its pursuit begins.
 *  R188 GBA 9.76: the advance after combat is made out of it
 *       (shock_advance.c ends the formation before it).
 *  GBA 9.73: by an Individual Order, or under the command of a
 *       Macedonian Contingent Commander (GBA 5.65, the optional
 *       contingent_commanders), whose units are picked as a Line's are:
 *       asked of the unit (contingent_commanded), not of the phase's
 *       mode of orders. */
#include "maniple/gba_charge.h"

#include <stdio.h>
#include <string.h>

#include "maniple/event.h"
#include "maniple/gba_contingent.h"
#include "maniple/movement.h"
#include "maniple/orders.h"
#include "maniple/shock_state.h"
#include "maniple/stacking.h"
#include "maniple/tables.h"

bool gba_charge_may_use(const struct game *g, const struct unit *u)
{
	return gba_charge_in_play(g) && u &&
	       unit_has(g, u, TRAIT_CHARGE_FORMATION);
}

bool gba_charge_check(const struct game *g, const struct move *m, bool form,
		      struct move_step *out)
{
	memset(out, 0, sizeof *out);
	const struct unit *u = move_mover(g, m);
	if (!gba_charge_in_play(g))
		return refuse_step(
			out,
			"this battle does not play the optional Charge "
			"Formation",
			"GBA 9.7");
	if (!u || m->refusal)
		return refuse_step(
			out, "only a combat unit's move changes formation",
			"GBA 9.73");
	if (m->ended)
		return refuse_step(out, "the move has ended", "6.31");
	if (m->stopped)
		return refuse_step(out, "the unit's move has stopped",
				   m->stop_rule ? m->stop_rule : "7.23");
	if (!g->tables)
		return refuse_step(out, "the rules tables are not loaded",
				   NULL);
	if (form) {
		if (!gba_charge_may_use(g, u))
			return refuse_step(out,
					   "only heavy cavalry, lancers and "
					   "Thracian light cavalry take Charge "
					   "Formation",
					   "GBA 9.72");
		if (u->charge_formation)
			return refuse_step(out,
					   "the unit is in Charge Formation "
					   "already",
					   "GBA 9.73");
		if (u->routed)
			return refuse_step(out,
					   "a routed unit takes no formation",
					   "10.25");
		/* an Individual Order or a Macedonian Contingent
		 * Commander's command (GBA 5.65), never a Line Command */
		if (g->ord.mode != ORD_INDIVIDUAL &&
		    !contingent_commanded(g, m->unit))
			return refuse_step(out,
					   "Charge Formation is taken on an "
					   "Individual Order or a Contingent "
					   "Command, never a Line Command",
					   "GBA 9.73");
		if (unit_in_enemy_zoc(g, u))
			return refuse_step(
				out,
				"a unit in an enemy ZOC does not take "
				"Charge Formation",
				"GBA 9.73");
	} else if (!u->charge_formation) {
		return refuse_step(out, "the unit is not in Charge Formation",
				   "GBA 9.76");
	}
	/* R183 (as 6.77 for Column): not in a friend's hex, where the
	 * unit is passing through and may not stop (the soak found the
	 * move with no MP left to go on) */
	const struct unit *with[4];
	if (stacking_counts(u) &&
	    stacking_units_in(g, u->at.hex[0], u->side, u, NULL, with, 4) > 0)
		return refuse_step(
			out,
			"a unit sharing a hex with a friend does not "
			"change its formation there",
			form ? "GBA 9.73" : "GBA 9.76");
	out->cost.mp = tables_constant(g->tables,
				       form ? RC_CHARGE_FORMATION_FORM_MP
					    : RC_CHARGE_FORMATION_LEAVE_MP);
	if (m->mp_spent + out->cost.mp > m->ma)
		return refuse_step(
			out,
			form ? "taking Charge Formation costs more MP "
			       "than the unit has left"
			     : "leaving Charge Formation costs more MP "
			       "than the unit has left",
			form ? "GBA 9.73" : "GBA 9.76");
	return true;
}

bool gba_charge_apply(struct game *g, struct move *m, bool form)
{
	struct move_step s;
	if (!gba_charge_check(g, m, form, &s))
		return false;
	struct unit *u = &g->units[m->unit];
	u->charge_formation = form;
	/* GBA 9.74 (R186): its turns and levels count from here */
	m->hex_vertices = 0;
	m->levels = 0;
	u->moved_phase = true;
	u->moved_turn = true;
	m->mp_spent += s.cost.mp;
	struct event e;
	event_init(&e, form ? "charge_formation" : "charge_formation_ends");
	event_add(&e, "unit", "%s", u->id);
	if (!form)
		event_add(&e, "why", "at_will");
	event_add(&e, "mp", "%d", s.cost.mp);
	event_add(&e, "spent", "%d", m->mp_spent);
	event_add(&e, "left", "%d", m->ma - m->mp_spent);
	event_add(&e, "rule", "%s", form ? "GBA 9.73" : "GBA 9.76");
	game_emit(g, &e);
	return true;
}

int gba_charge_legal(const struct game *g, const struct move *m, int side,
		     struct decision_answer *out, int max)
{
	int n = 0;
	struct move_step s;
	if (!gba_charge_in_play(g) || max <= 0)
		return 0;
	if (gba_charge_check(g, m, true, &s))
		decision_add(out, max, &n, side, "GBA 9.73",
			     "form charge # in it: %s",
			     gba_charge_limits_brief());
	else if (gba_charge_check(g, m, false, &s))
		decision_add(out, max, &n, side, "GBA 9.76", "form normal");
	return n;
}

void gba_charge_end(struct game *g, struct unit *u, const char *why)
{
	if (!g || !u || !u->charge_formation)
		return;
	u->charge_formation = false;
	struct event e;
	event_init(&e, "charge_formation_ends");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "why", "%s", why);
	event_add(&e, "rule", "GBA 9.76");
	game_emit(g, &e);
}

void gba_charge_after_shock(struct game *g, int ci)
{
	if (!g || ci < 0 || ci >= g->shock.ncombats)
		return;
	const struct shock_combat *c = &g->shock.c[ci];
	for (int k = 0; k < c->natt; k++)
		if (c->att[k] < g->nunits)
			gba_charge_end(g, &g->units[c->att[k]], "shock");
	for (int k = 0; k < c->ndef; k++)
		if (c->def[k] < g->nunits)
			gba_charge_end(g, &g->units[c->def[k]], "shock");
}

/* GBA 9.75 bullets 2-4: the formed attacker's automatic AS */
static bool formed_beats(const struct game *g, const struct unit *a,
			 const struct unit *d)
{
	bool a_hc = a->type == UT_HC;
	bool a_thracian = a->type == UT_LC; /* R182: the LC that may form */
	bool d_hc = d->type == UT_HC;
	bool d_thracian =
		d->type == UT_LC && unit_has(g, d, TRAIT_CHARGE_FORMATION);
	if (a_hc) /* bullets 2 and 3 */
		return !d->charge_formation || d_thracian;
	return a_thracian && !d_hc; /* bullet 4 */
}

enum charge_superiority gba_charge_superiority(const struct game *g,
					       const struct unit *a,
					       const struct unit *d)
{
	if (!gba_charge_in_play(g) || !a || !d ||
	    !unit_has(g, a, TRAIT_CAVALRY))
		return CHARGE_SUP_CHART;
	if (!a->charge_formation) {
		/* GBA 9.71 Exception: against SK and SK* the chart holds */
		return unit_has(g, d, TRAIT_SKIRMISHER) ? CHARGE_SUP_CHART
							: CHARGE_SUP_NONE;
	}
	/* GBA 9.75: in formation the chart applies, and against other
	 * cavalry some formed units are Attack Superior whatever it says */
	if (unit_has(g, d, TRAIT_CAVALRY) && formed_beats(g, a, d))
		return CHARGE_SUP_AS;
	return CHARGE_SUP_CHART;
}
