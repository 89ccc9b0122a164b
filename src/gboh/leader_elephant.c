/* leader_elephant.c — Leader Elephants (SPQR 4.82, 4.84, 4.85, 10.13);
 * see leader_elephant.h for what lives here and the rulings. */
#include "maniple/leader_elephant.h"

#include <stdio.h>
#include <string.h>

#include "maniple/dice.h"
#include "maniple/event.h"
#include "maniple/missile.h"
#include "maniple/movement.h"
#include "maniple/rampage.h"
#include "maniple/rout.h"

int leader_elephant_rider(const struct game *g, const struct unit *u)
{
	if (!g || !leader_elephant_is(g, u))
		return -1;
	for (int i = 0; i < g->nleaders; i++) {
		const struct leader *l = &g->leaders[i];
		if (strcmp(l->id, u->leader_elephant) == 0)
			return l->on_map && !l->killed && l->side == u->side
				       ? i
				       : -1;
	}
	return -1;
}

void leader_elephant_carry_impl(struct game *g, const struct unit *u)
{
	int li = leader_elephant_rider(g, u);
	if (li < 0 || !game_unit_in_play(u) ||
	    hex_eq(g->leaders[li].hex, u->at.hex[0]))
		return;
	struct leader *l = &g->leaders[li];
	struct event e;
	event_init(&e, "leader_rides");
	event_add(&e, "leader", "%s", l->id);
	event_add(&e, "unit", "%s", u->id);
	event_add_hex(&e, "from", l->hex);
	event_add_hex(&e, "to", u->at.hex[0]);
	event_add(&e, "rule", "4.82");
	game_emit(g, &e);
	l->hex = u->at.hex[0];
}

/* 4.82 */
void leader_elephant_lost_impl(struct game *g, const struct unit *u)
{
	if (!g || !leader_elephant_is(g, u) || game_unit_in_play(u))
		return;
	int li = leader_elephant_rider(g, u);
	if (li < 0)
		return;
	struct leader *l = &g->leaders[li];
	struct event e;
	event_init(&e, "leader_elephant_lost");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "leader", "%s", l->id);
	event_add(&e, "rule", "4.82");
	game_emit(g, &e);
	/* 4.82 asks for the check of 4.73 (and 8.19): a 0 is a casualty,
	 * which the Leader Casualty Table then settles */
	game_roll_begin(&e, "leader_casualty_check");
	event_add(&e, "leader", "%s", l->id);
	int die = game_roll_die(g, &e);
	event_add(&e, "rule", "4.82");
	game_emit(g, &e);
	event_init(&e, "leader_hit");
	event_add(&e, "leader", "%s", l->id);
	event_add(&e, "die", "%d", die);
	event_add(&e, "casualty", "%s", die == 0 ? "yes" : "no");
	event_add(&e, "rule", "4.82,4.73");
	game_emit(g, &e);
	if (die == 0)
		leader_casualty_check(g, li, "4.82");
	if (l->killed || !l->on_map)
		return;
	event_init(&e, "leader_unhorsed");
	event_add(&e, "leader", "%s", l->id);
	event_add(&e, "now", "ordinary_leader");
	event_add(&e, "rule", "4.82");
	game_emit(g, &e);
}

/* 4.84 */
void leader_elephant_grief_impl(struct game *g, int leader, const char *rule)
{
	if (!g || leader < 0 || leader >= g->nleaders ||
	    !g->leaders[leader].killed)
		return;
	int k = leader_elephant_of(g, leader);
	if (k < 0)
		return;
	struct unit *u = &g->units[k];
	struct event e;
	game_roll_begin(&e, "leader_elephant_grief");
	event_add(&e, "unit", "%s", u->id);
	int die = game_roll_die(g, &e);
	event_add(&e, "rule", "4.84");
	game_emit(g, &e);

	bool rampages =
		die >= tables_constant(g->tables, RC_GRIEF_RAMPAGE_FROM);
	event_init(&e, "leader_elephant_grief");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "leader", "%s", g->leaders[leader].id);
	event_add(&e, "die", "%d", die);
	event_add(&e, "result", rampages ? "rampage" : "removed");
	event_add(&e, "by", "%s", rule ? rule : "combat");
	event_add(&e, "rule", rampages ? "4.84,9.14" : "4.84");
	game_emit(g, &e);
	/* 9.14: the rampage carries it out of any shock combat it was in */
	for (int ci = 0; rampages && ci < g->shock.ncombats; ci++) {
		struct shock_combat *c = &g->shock.c[ci];
		for (int s = 0; s < c->natt; s++)
			if (c->att[s] == k)
				c->att_gone[s] = true;
		for (int s = 0; s < c->ndef; s++)
			if (c->def[s] == k)
				c->def_gone[s] = true;
	}
	if (rampages)
		rampage_run(g, k, "4.84");
	else
		unit_eliminate(g, u, "4.84");
}

/* 4.85: the combat unit (not a Leader Elephant) u stacks with in h, the
 * top one first; NULL when none. */
static const struct unit *mate_in(const struct game *g, const struct unit *u,
				  struct hex h)
{
	const struct unit *at[4];
	int n = game_units_at(g, h, at, 4);
	for (int i = 0; i < n; i++)
		if (at[i] != u && at[i]->side == u->side &&
		    !leader_elephant_is(g, at[i]) && game_unit_in_play(at[i]))
			return at[i];
	return NULL;
}

/* 4.85 */
void leader_elephant_face_impl(struct game *g, struct hex h)
{
	if (!g || hex_is_none(h))
		return;
	const struct unit *at[4];
	int n = game_units_at(g, h, at, 4);
	for (int i = 0; i < n; i++) {
		if (!leader_elephant_is(g, at[i]) || !game_unit_in_play(at[i]))
			continue;
		struct unit *le = &g->units[at[i] - g->units];
		const struct unit *m = mate_in(g, le, h);
		/* a unit In Column faces a hexside (6.73): not a facing
		 * the elephant could hold, so it keeps its own */
		if (!m || m->at.in_column || le->at.in_column ||
		    m->at.facing == le->at.facing)
			continue;
		enum facing was = (enum facing)le->at.facing;
		le->at.facing = m->at.facing;
		struct event e;
		event_init(&e, "facing_assumed");
		event_add(&e, "unit", "%s", le->id);
		event_add(&e, "from", "%s", facing_name(was));
		event_add(&e, "to", "%s",
			  facing_name((enum facing)le->at.facing));
		event_add(&e, "as", "%s", m->id);
		event_add(&e, "mp", "0");
		event_add(&e, "rule", "4.85");
		game_emit(g, &e);
	}
}

/* 10.13 exception 1 */
int leader_elephant_share(const struct unit *le, const struct unit *mate,
			  int pool)
{
	if (!le || !mate || pool <= 0)
		return 0;
	int cap = mate->tq > 0 ? mate->tq : 0;
	return pool > cap ? pool - cap : 0;
}

/* 4.81, 4.83, 6.14 */
bool leader_elephant_move_begin(const struct game *g, int leader,
				bool may_leave_zoc, struct move *m)
{
	int k = leader_elephant_of(g, leader);
	if (k < 0) {
		memset(m, 0, sizeof *m);
		m->unit = m->leader = -1;
		m->start = HEX_NONE;
		m->refusal = "the leader rides no Leader Elephant";
		m->rule = "4.82";
		return false;
	}
	const struct unit *u = &g->units[k];
	if (!move_begin(g, u, m)) {
		if (!m->rule || strcmp(m->rule, "6.12") != 0)
			return false;
		/* 6.14: like a leader it may move again this phase while
		 * its leader has MP left (the caller counts them) */
		memset(m, 0, sizeof *m);
		m->unit = k;
		m->leader = -1;
		m->start = u->at.hex[0];
		m->moved_before = u->moved_turn;
		m->began_in_zoc = unit_in_enemy_zoc(g, u);
	}
	m->ma = leader_ma(g);
	/* 4.71, 4.83: out of an enemy ZOC only on the OC's orders */
	m->may_leave_zoc = !m->began_in_zoc || may_leave_zoc;
	return true;
}
