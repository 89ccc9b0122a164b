/* shock_state.c — the Shock segment's state (shock.h, shock_state.h): its
 * steps' and questions' names, the combats of the segment, the question
 * waiting for an answer and the units still standing in a combat.  The
 * bottom of the shock: the steps (shock_designate.c ... shock_advance.c),
 * engagement, pass-through and pursuit ask and answer here, enter a step
 * or push a follow-up combat, and shock.c, above them, drives the
 * segment (doc/architecture.md). */
#include "maniple/shock.h"

#include <stdio.h>
#include <string.h>

#include "maniple/passthru.h"
#include "maniple/reactions.h"
#include "maniple/rout.h"
#include "maniple/rule_numbers.h"
#include "maniple/tables.h"

static const char *const step_names[SHS_STEP_COUNT] = {
	"none",	    "designate", "charge",  "leaders", "clash",
	"resolve",  "collapse",	 "advance", "engaged", "end",
};

static const char *const step_rules[SHS_STEP_COUNT] = {
	"8.4",	"8.41", "8.43", "8.44", "8.45",
	"8.46", "8.47", "8.5",	"10.4", "8.4",
};

static const char *const ask_names[SHA_COUNT] = {
	"none",	 "designate",	"disengage", "clash_defender",
	"clash_attacker", "hits", "advance", "pursue",
	"passthru", "passthru_place",
};

const char *shock_step_name(int step)
{
	return step >= 0 && step < SHS_STEP_COUNT ? step_names[step] : "?";
}

const char *shock_step_rule(int step)
{
	return step >= 0 && step < SHS_STEP_COUNT ? step_rules[step] : "8.4";
}

const char *shock_ask_name(int ask)
{
	return ask >= 0 && ask < SHA_COUNT ? ask_names[ask] : "?";
}

void shock_state_init(struct shock_state *s)
{
	memset(s, 0, sizeof *s);
	s->step = SHS_NONE;
	s->attacker = s->leader = -1;
	s->ask = SHA_NONE;
	s->ask_side = s->ask_combat = s->ask_unit = -1;
}

static const char *uid(const struct game *g, int u)
{
	return u >= 0 && u < g->nunits ? g->units[u].id : "-";
}

void shock_state_text(const struct game *g, FILE *f)
{
	const struct shock_state *s = &g->shock;
	if (s->step == SHS_NONE)
		return;
	fprintf(f, "shock step=%s attacker=%d leader=%d ask=%s ask_side=%d "
		   "ask_combat=%d ask_unit=%s batch=%d-%d cursor=%d sub=%d "
		   "nested=%d\n",
		shock_step_name(s->step), s->attacker, s->leader,
		shock_ask_name(s->ask), s->ask_side, s->ask_combat,
		uid(g, s->ask_unit), s->batch_begin, s->batch_end, s->cursor,
		s->sub, s->nested ? 1 : 0);
	if (s->nested)
		fprintf(f, "shock outer step=%s cursor=%d sub=%d batch=%d-%d\n",
			shock_step_name(s->outer_step), s->outer_cursor,
			s->outer_sub, s->outer_begin, s->outer_end);
	for (int i = 0; i < s->ncombats; i++) {
		const struct shock_combat *c = &s->c[i];
		fprintf(f, "combat %d att=", i);
		for (int k = 0; k < c->natt; k++)
			fprintf(f, "%s%s%s", k ? "," : "", uid(g, c->att[k]),
				c->att_gone[k] ? "!" : "");
		fprintf(f, " def=");
		for (int k = 0; k < c->ndef; k++)
			fprintf(f, "%s%s%s", k ? "," : "", uid(g, c->def[k]),
				c->def_gone[k] ? "!" : "");
		fprintf(f,
			" must=%d moved=%d off=%d clash=%d/%d side=%d "
			"column=%d sup=%d hits=%d/%d resolved=%d pursuit=%d "
			"pursuer=%s parent=%d killed=%d/%d\n",
			c->must_check, c->att_moved, c->off, c->clash_att,
			c->clash_def, c->side, c->column, c->superiority,
			c->att_hits, c->def_hits, c->resolved, c->pursuit,
			uid(g, c->pursuer), c->parent, c->leader_killed[0],
			c->leader_killed[1]);
		if (c->passthru) /* 9.11 */
			fprintf(f, "combat %d passthru=%s\n", i,
				passthru_state_name(c->passthru));
		if (c->beast || c->through) /* GBA 9.13 */
			fprintf(f, "combat %d beast=%d through=%u\n", i,
				c->beast, c->through);
	}
	for (int u = 0; u < g->nunits; u++)
		if (s->attacked[u] || s->defended[u] || s->mark[u])
			fprintf(f, "shock unit %s attacked=%d defended=%d "
				   "mark=%d\n",
				g->units[u].id, s->attacked[u], s->defended[u],
				s->mark[u]);
}

bool shock_under_way(const struct game *g)
{
	return g->shock.step != SHS_NONE;
}

bool shock_pending(const struct game *g)
{
	return shock_under_way(g) && g->shock.ask != SHA_NONE &&
	       !rout_pending(g) && !reactions_pending(g);
}

void shock_ask(struct game *g, int ask, int side, int combat, int unit)
{
	struct shock_state *s = &g->shock;
	s->ask = ask;
	s->ask_side = side;
	s->ask_combat = combat;
	s->ask_unit = unit;
	struct event e;
	event_init(&e, "shock_ask");
	event_add(&e, "ask", "%s", shock_ask_name(ask));
	event_add(&e, "side", "%d", side);
	if (combat >= 0)
		event_add(&e, "combat", "%d", combat);
	if (unit >= 0)
		event_add(&e, "unit", "%s", uid(g, unit));
	event_add(&e, "step", "%s", shock_step_name(s->step));
	event_add(&e, "rule", "%s", step_rules[s->step]);
	game_emit(g, &e);
}

void shock_answered(struct game *g)
{
	struct shock_state *s = &g->shock;
	s->ask = SHA_NONE;
	s->ask_side = s->ask_combat = s->ask_unit = -1;
}

int shock_add_combat(struct game *g)
{
	struct shock_state *s = &g->shock;
	if (s->ncombats >= SHOCK_COMBATS_MAX)
		return -1;
	int ci = s->ncombats++;
	struct shock_combat *c = &s->c[ci];
	memset(c, 0, sizeof *c);
	c->clash_att = c->clash_def = -1;
	c->side = -1;
	c->column = 0;
	c->charisma_leader[0] = c->charisma_leader[1] = -1;
	c->pursuer = c->parent = -1;
	return ci;
}

int shock_combat_role(const struct game *g, int ci, int u, int *slot)
{
	const struct shock_combat *c = &g->shock.c[ci];
	for (int k = 0; k < c->natt; k++)
		if (c->att[k] == u) {
			if (slot)
				*slot = k;
			return 0;
		}
	for (int k = 0; k < c->ndef; k++)
		if (c->def[k] == u) {
			if (slot)
				*slot = k;
			return 1;
		}
	return -1;
}

int shock_standing(const struct game *g, int ci, int role)
{
	const struct shock_combat *c = &g->shock.c[ci];
	int n = 0;
	int cnt = role == 0 ? c->natt : c->ndef;
	for (int k = 0; k < cnt; k++) {
		int u = role == 0 ? c->att[k] : c->def[k];
		bool gone = role == 0 ? c->att_gone[k] : c->def_gone[k];
		const struct unit *x = &g->units[u];
		if (!gone && game_unit_in_play(x) && !x->routed)
			n++;
	}
	return n;
}

/* 9.11: a combat's pass-through state, in the state text */
static const char *const passthru_state_names[PT_STATE_COUNT] = {
	"none", "declined", "elected", "placing", "passed", "held",
	"row_wait", "row", "row_done", "choosing", "beasts_done",
};

const char *passthru_state_name(int state)
{
	return state >= 0 && state < PT_STATE_COUNT ? passthru_state_names[state] : "?";
}

/* ---- the steps: entering one, and a follow-up batch ---- */

void shock_emit_step(struct game *g, int step, const char *rule)
{
	struct event e;
	event_init(&e, "shock_step");
	event_add(&e, "step", "%s", shock_step_name(step));
	event_add(&e, "combats", "%d",
		  g->shock.batch_end - g->shock.batch_begin);
	if (g->shock.nested)
		event_add(&e, "followup", "%d", g->shock.batch_begin);
	event_add(&e, "rule", "%s", rule);
	game_emit(g, &e);
}

void shock_enter_step(struct game *g, int step)
{
	struct shock_state *s = &g->shock;
	s->step = step;
	s->cursor = s->batch_begin;
	s->sub = 0;
	memset(s->mark, 0, sizeof s->mark);
	/* the Engaged step (SPQR 10.4, optional) is told only in a book
	 * that has the rule: GBA has no Engaged rule (rule_numbers.h) */
	const struct rule_numbers *m = tables_rule_numbers(g->tables);
	const char *rule = shock_step_rule(step);
	const char *in_book = m && m->present ? rule_numbers_gba(m, rule) : rule;
	bool untold = step == SHS_ENGAGED && !g->battle->engaged_rule &&
		      !(in_book && *in_book);
	if (step != SHS_NONE && step != SHS_END && !untold)
		shock_emit_step(g, step, rule);
}

void shock_push_followup(struct game *g, int ci)
{
	struct shock_state *s = &g->shock;
	s->nested = true;
	s->outer_step = s->step;
	s->outer_cursor = s->cursor;
	s->outer_sub = s->sub;
	s->outer_begin = s->batch_begin;
	s->outer_end = s->batch_end;
	s->batch_begin = ci;
	s->batch_end = ci + 1;
	shock_enter_step(g, SHS_CHARGE);
}

void shock_pop_followup(struct game *g)
{
	struct shock_state *s = &g->shock;
	s->nested = false;
	s->step = s->outer_step;
	s->cursor = s->outer_cursor;
	s->sub = s->outer_sub;
	s->batch_begin = s->outer_begin;
	s->batch_end = s->outer_end;
}
