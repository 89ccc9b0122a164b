/* shock.c — the driver of the Shock Combat segment (3.0 B.2, 8.4): runs
 * the steps of shock.h over the combats in order, step by step across all
 * combats (8.4, RULINGS R13), and a pursuit's follow-up combat (8.62) as
 * a batch of its own.  The steps themselves live in their own files. */
#include "maniple/shock.h"
#include "maniple/rule_numbers.h"

#include <stdio.h>
#include <string.h>

#include "maniple/passthru.h"
#include "maniple/reactions.h"
#include "maniple/rout.h"

int shock_decision_side(const struct game *g)
{
	return shock_pending(g) ? g->shock.ask_side : -1;
}

int shock_legal(const struct game *g, struct decision_answer *out, int max)
{
	if (!shock_pending(g))
		return 0;
	switch (g->shock.ask) {
	case SHA_DESIGNATE:
		return shock_designate_legal(g, out, max);
	case SHA_ENGAGED:
		return engaged_legal(g, out, max);
	case SHA_CLASH_DEFENDER:
	case SHA_CLASH_ATTACKER:
	case SHA_HITS:
		return shock_resolve_legal(g, out, max);
	case SHA_ADVANCE:
		return shock_advance_legal(g, out, max);
	case SHA_PURSUIT:
		return pursuit_legal(g, out, max);
	case SHA_PASSTHRU:
	case SHA_PASSTHRU_PLACE:
		return passthru_legal(g, out, max);
	default:
		return 0;
	}
}

void shock_pending_text(const struct game *g, char *buf, size_t n)
{
	const struct shock_state *s = &g->shock;
	struct decision_answer a[4];
	int k = shock_legal(g, a, 4);
	snprintf(buf, n, "side %d owes the shock decision %s (%s)%s%s",
		 s->ask_side, shock_ask_name(s->ask),
		 shock_step_name(s->step), k > 0 ? ": e.g. " : "",
		 k > 0 ? a[0].line : "");
}

static void mark_gone(struct game *g, int ci, int u)
{
	int slot = -1;
	int role = shock_combat_role(g, ci, u, &slot);
	if (role == 0)
		g->shock.c[ci].att_gone[slot] = true;
	else if (role == 1)
		g->shock.c[ci].def_gone[slot] = true;
}

void shock_rout_unit(struct game *g, int ci, int u, const char *rule)
{
	mark_gone(g, ci, u);
	if (g->units[u].routed || !game_unit_in_play(&g->units[u]))
		return; /* 10.27: cohesion_hits has already dealt with it */
	if (g->shock.c[ci].pursuit)
		pursuit_rout_begin(g, u, rule); /* 8.62 */
	else
		rout_begin(g, u, rule);
}

static void segment_over(struct game *g)
{
	struct event e;
	event_init(&e, "shock_over");
	event_add(&e, "combats", "%d", g->shock.ncombats);
	event_add(&e, "rule", "8.4");
	game_emit(g, &e);
	/* 8.41: the Shock No Check markers served this segment only */
	for (int u = 0; u < g->nunits; u++)
		g->units[u].shock_no = false;
	int attacker = g->shock.attacker;
	shock_state_init(&g->shock);
	(void)attacker;
}

/* One step over the batch; true when it is done. */
static bool run_step(struct game *g)
{
	switch (g->shock.step) {
	case SHS_DESIGNATE:
		return shock_step_designate(g);
	case SHS_CHARGE:
		return shock_step_charge(g);
	case SHS_LEADERS:
		return shock_step_leaders(g);
	case SHS_CLASH:
		return shock_step_clash(g);
	case SHS_RESOLVE:
		return shock_step_resolve(g);
	case SHS_COLLAPSE:
		return shock_step_collapse(g);
	case SHS_ADVANCE:
		return shock_step_advance(g);
	case SHS_ENGAGED:
		return engaged_rule_on(g) ? shock_step_engaged(g) : true;
	case SHS_END:
		shock_resolve_segment_end(g);
		return true;
	default:
		return true;
	}
}

bool shock_run(struct game *g)
{
	struct shock_state *s = &g->shock;
	for (int guard = 0; guard < 100000; guard++) {
		if (s->step == SHS_NONE)
			return true;
		if (rout_pending(g) || reactions_pending(g) ||
		    s->ask != SHA_NONE)
			return false;
		int before = s->step;
		bool nested = s->nested;
		if (!run_step(g)) {
			if (s->ask == SHA_NONE && !rout_pending(g) &&
			    !reactions_pending(g) && s->step == before &&
			    s->nested == nested) {
				/* a step that waits must say for what */
				struct event e;
				event_init(&e, "shock_stalled");
				event_add(&e, "step", "%s",
					  shock_step_name(s->step));
				event_add(&e, "rule", "8.4");
				game_emit(g, &e);
				segment_over(g);
				return true;
			}
			continue;
		}
		if (s->step != before || s->nested != nested)
			continue; /* the step pushed a follow-up batch */
		if (s->step == SHS_DESIGNATE) {
			s->batch_begin = 0;
			s->batch_end = s->ncombats;
			if (s->ncombats == 0) {
				shock_enter_step(g, SHS_END);
				continue;
			}
		}
		if (s->nested && s->step == SHS_COLLAPSE) {
			shock_pop_followup(g); /* 8.62: back to the outer advance */
			continue;
		}
		if (s->step == SHS_END) {
			segment_over(g);
			return true;
		}
		shock_enter_step(g, s->step + 1);
	}
	return false;
}

void shock_segment_begin(struct game *g)
{
	struct shock_state *s = &g->shock;
	shock_state_init(s);
	s->attacker = g->active_leader >= 0
			      ? g->leaders[g->active_leader].side
			      : -1;
	s->leader = g->active_leader;
	s->batch_begin = s->batch_end = 0;
	shock_enter_step(g, SHS_DESIGNATE);
}
