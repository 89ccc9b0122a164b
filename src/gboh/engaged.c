/* engaged.c — the optional Engaged rule (SPQR 10.4), switched on by the
 * battle (`engaged = yes` in the scenario's [rules]): the markers placed
 * and removed after each shock combat (8.47 [3] last paragraph), the
 * 10.42 retreat before designation with its `disengage` command, the
 * Shock No Check designation owes an Engaged unit (10.41, 7.33 PLAY
 * NOTE), and the 10.43 check that takes markers off. */
#include "maniple/engaged.h"

#include <stdio.h>
#include <string.h>

#include "maniple/elcav.h"
#include "maniple/command.h"
#include "maniple/event.h"
#include "maniple/leader_elephant.h"
#include "maniple/map.h"
#include "maniple/movement.h"
#include "maniple/sequence.h"

/* 10.4: an optional rule, in force when the battle says so */
bool engaged_rule_on(const struct game *g)
{
	return g && g->battle && g->battle->engaged_rule;
}

static int uidx(const struct game *g, const struct unit *u)
{
	return (int)(u - g->units);
}

/* 7.21: whether e exerts its ZOC into any hex of u's footprint */
static bool zoc_on(const struct game *g, const struct unit *e,
		   const struct unit *u)
{
	for (int i = 0; i < 2; i++)
		if (!hex_is_none(u->at.hex[i]) &&
		    zoc_exerted_into(g, e, u->at.hex[i]))
			return true;
	return false;
}

/* A unit that may carry the marker: on the map, fighting, not routed. */
static bool standing(const struct unit *u)
{
	return game_unit_in_play(u) && !u->routed;
}

/* 10.43 */
bool engaged_with(const struct game *g, const struct unit *a,
		  const struct unit *b)
{
	if (!a || !b || a == b || a->side == b->side || !a->engaged ||
	    !b->engaged || !standing(a) || !standing(b))
		return false;
	return zoc_on(g, a, b) || zoc_on(g, b, a);
}

/* 10.41, 10.43: the marker binds only while it would not come off */
bool unit_engaged(const struct game *g, const struct unit *u)
{
	if (!u || !u->engaged || !engaged_rule_on(g) || !standing(u))
		return false;
	for (int k = 0; k < g->nunits; k++)
		if (engaged_with(g, u, &g->units[k]))
			return true;
	return false;
}

static void marker_event(struct game *g, const struct unit *u, bool on,
			 const char *why, const char *rule)
{
	struct event e;
	event_init(&e, on ? "engaged_on" : "engaged_off");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "why", "%s", why);
	event_add(&e, "rule", "%s", rule);
	game_emit(g, &e);
}

static void set_engaged(struct game *g, struct unit *u, bool on,
			const char *why, const char *rule)
{
	if (u->engaged == on)
		return;
	u->engaged = on;
	marker_event(g, u, on, why, rule);
}

/* 10.43: no Engaged enemy in its ZOC, not in an Engaged enemy's ZOC */
int engaged_sweep(struct game *g)
{
	if (!engaged_rule_on(g))
		return 0;
	int off = 0;
	bool again = true;
	while (again) {
		again = false;
		for (int i = 0; i < g->nunits; i++) {
			struct unit *u = &g->units[i];
			if (!u->engaged)
				continue;
			const char *why = NULL;
			if (!game_unit_in_play(u))
				why = "out_of_play";
			else if (u->routed)
				why = "routed";
			else {
				bool held = false;
				for (int k = 0; k < g->nunits && !held; k++)
					held = engaged_with(g, u, &g->units[k]);
				if (!held)
					why = "no_engaged_enemy_in_zoc";
			}
			if (!why)
				continue;
			set_engaged(g, u, false, why, "10.43");
			off++;
			again = true;
		}
	}
	return off;
}

/* ---- 8.47 [3] last paragraph ---- */

/* 8.47 [3]: the unit left its hexes (routed, eliminated, off the map) */
static bool left_by_rout(const struct unit *u, bool gone)
{
	return gone || !standing(u);
}

/* 8.47 [3], 8.53: an attacker moved into a vacated hex (a phalanx that
 * only pivoted stays where it was for 10.4) */
static bool advanced(const struct shock_combat *c, int k)
{
	return c->att_advanced[k] && !c->att_pivoted[k];
}

/* 8.47 [3] last paragraph: the markers of combat ci */
static void combat_markers(struct game *g, int ci)
{
	struct shock_combat *c = &g->shock.c[ci];
	int stayed[2] = {0, 0};
	for (int k = 0; k < c->natt; k++) {
		struct unit *u = &g->units[c->att[k]];
		if (left_by_rout(u, c->att_gone[k]))
			set_engaged(g, u, false, "rout_or_eliminated", "8.47");
		else if (advanced(c, k))
			set_engaged(g, u, false, "advanced", "8.47");
		else
			stayed[0]++;
	}
	for (int k = 0; k < c->ndef; k++) {
		struct unit *u = &g->units[c->def[k]];
		if (left_by_rout(u, c->def_gone[k]))
			set_engaged(g, u, false, "rout_or_eliminated", "8.47");
		else
			stayed[1]++;
	}
	for (int k = 0; k < c->natt; k++) {
		struct unit *u = &g->units[c->att[k]];
		if (left_by_rout(u, c->att_gone[k]) || advanced(c, k))
			continue;
		if (stayed[1] == 0)
			set_engaged(g, u, false, "defenders_all_left", "8.47");
		else
			set_engaged(g, u, true, "both_sides_stayed",
				    "8.47,10.41");
	}
	for (int k = 0; k < c->ndef; k++) {
		struct unit *u = &g->units[c->def[k]];
		if (left_by_rout(u, c->def_gone[k]))
			continue;
		if (stayed[0] == 0)
			set_engaged(g, u, false, "attackers_all_left", "8.47");
		else
			set_engaged(g, u, true, "both_sides_stayed",
				    "8.47,10.41");
	}
}

/* 8.47 [3] last paragraph, then 10.43.  Every combat of the segment: the
 * outer batch and the pursuits' follow-ups (8.62) appended after it, in
 * the order they were fought, so a later combat's markers stand. */
bool shock_step_engaged(struct game *g)
{
	struct shock_state *s = &g->shock;
	if (!engaged_rule_on(g))
		return true;
	int end = s->nested ? s->batch_end : s->ncombats;
	for (int ci = s->batch_begin; ci < end; ci++)
		combat_markers(g, ci);
	engaged_sweep(g);
	return true;
}

/* ---- 10.41, 10.42 at designation ---- */

/* 7.33 PLAY NOTE, 5.26, 5.45: the active leader (or a leader lending his
 * range this segment) has u in Command Range and may command it */
static bool in_shock_range(const struct game *g, const struct unit *u)
{
	const struct shock_state *s = &g->shock;
	for (int li = 0; li < g->nleaders; li++) {
		bool lends = li < 64 && (s->range_leaders >> li) & 1ULL;
		if (li != s->leader && li != g->active_leader && !lends)
			continue;
		const struct leader *l = &g->leaders[li];
		if (!l->on_map || l->killed || l->side != u->side)
			continue;
		if (command_range_reaches_unit(g, NULL, l, u) &&
		    leader_may_order(g, l, u))
			return true;
	}
	return false;
}

/* 8.41: the active side shock attacks */
static int attacker_side(const struct game *g)
{
	if (g->shock.attacker >= 0)
		return g->shock.attacker;
	return g->active_leader >= 0 ? g->leaders[g->active_leader].side : -1;
}

/* 10.41 bullet 3, 10.42: an Engaged unit of the attacker the designation
 * deals with */
static bool owed_designation(const struct game *g, const struct unit *u)
{
	return unit_engaged(g, u) && standing(u) &&
	       u->side == attacker_side(g) && in_shock_range(g, u);
}

/* 10.42: cavalry, skirmishers, light infantry (peltasts read as light
 * infantry) engaged only with units of a lower printed MA */
static bool may_choose_retreat(const struct game *g, const struct unit *u)
{
	bool light = unit_has(g, u, TRAIT_CAVALRY) || unit_has(g, u, TRAIT_SKIRMISHER) ||
		     unit_has(g, u, TRAIT_LIGHT_INFANTRY) || unit_has(g, u, TRAIT_PELTAST);
	if (!light)
		return false;
	int n = 0;
	for (int k = 0; k < g->nunits; k++) {
		const struct unit *e = &g->units[k];
		if (!engaged_with(g, u, e))
			continue;
		n++;
		if (e->ma >= u->ma)
			return false;
	}
	return n > 0;
}

/* 10.42 bullets 1-3 */
bool engaged_retreat_ok(const struct game *g, const struct unit *u,
			struct hex h, const char **why)
{
	const char *dummy;
	if (!why)
		why = &dummy;
	*why = NULL;
	if (unit_is_two_hex(u) || !hex_is_none(u->at.hex[1])) {
		*why = "a two-hex unit does not retreat";
		return false;
	}
	if (hex_distance(u->at.hex[0], h) != 1) {
		*why = "the retreat is one hex, to an adjacent hex";
		return false;
	}
	if (!map_contains(g->battle->map, h)) {
		*why = "the hex is off the map";
		return false;
	}
	const struct unit *at[4];
	const struct leader *ls[8];
	int nl = game_leaders_at(g, h, ls, 8);
	bool enemy_leader = false;
	for (int k = 0; k < nl; k++)
		if (ls[k]->side != u->side)
			enemy_leader = true;
	if (game_units_at(g, h, at, 4) > 0 || enemy_leader) {
		*why = "the hex is not vacant";
		return false;
	}
	if (g->tables) {
		struct move_cost mc =
			move_hex_entry_cost(g, u, u->at.hex[0], h);
		if (mc.prohibited || mc.mp > u->ma) {
			*why = "the unit could not enter the hex by normal "
			       "movement";
			return false;
		}
	}
	if (zoc_enemy_in(g, u->side, h)) {
		*why = "the hex is in an enemy ZOC";
		return false;
	}
	for (int k = 0; k < g->nunits; k++) {
		const struct unit *e = &g->units[k];
		if (!engaged_with(g, u, e))
			continue;
		for (int i = 0; i < 2; i++)
			if (!hex_is_none(e->at.hex[i]) &&
			    hex_distance(e->at.hex[i], h) <= 1) {
				*why = "the hex is adjacent to a unit it is "
				       "Engaged with";
				return false;
			}
	}
	return true;
}

/* 10.42 */
int engaged_retreat_hexes(const struct game *g, const struct unit *u,
			  struct hex out[6])
{
	int n = 0;
	if (unit_is_two_hex(u) || hex_is_none(u->at.hex[0]))
		return 0;
	for (int d = 0; d < HEXSIDE_COUNT; d++) {
		struct hex h = hex_neighbour(u->at.hex[0], (enum hexside)d);
		if (engaged_retreat_ok(g, u, h, NULL))
			out[n++] = h;
	}
	return n;
}

/* 10.42: whether u is asked (may or must retreat and has somewhere to
 * go) */
static bool retreat_question(const struct game *g, const struct unit *u)
{
	struct hex hs[6];
	if (!unit_can_shock(g, u) || may_choose_retreat(g, u))
		return engaged_retreat_hexes(g, u, hs) > 0;
	return false;
}

/* 10.41 bullet 3, 7.33 PLAY NOTE */
bool engaged_must_shock(const struct game *g, int u)
{
	if (!engaged_rule_on(g) || u < 0 || u >= g->nunits)
		return false;
	const struct unit *x = &g->units[u];
	return owed_designation(g, x) && unit_can_shock(g, x) &&
	       g->shock.engaged_answer[u] != ENGAGED_RETREATED;
}

/* 10.42 */
bool engaged_before_designation(struct game *g)
{
	struct shock_state *s = &g->shock;
	if (!engaged_rule_on(g))
		return true;
	if (s->ask == SHA_ENGAGED)
		return false;
	if (!s->engaged_swept) {
		s->engaged_swept = true;
		engaged_sweep(g); /* 10.43 at the segment's start */
	}
	for (int i = 0; i < g->nunits; i++) {
		struct unit *u = &g->units[i];
		if (s->engaged_answer[i] != ENGAGED_ASK_NONE ||
		    !owed_designation(g, u))
			continue;
		if (retreat_question(g, u)) {
			shock_ask(g, SHA_ENGAGED, u->side, -1, i);
			return false;
		}
		s->engaged_answer[i] = ENGAGED_STOOD;
		if (!unit_can_shock(g, u)) {
			/* 10.42: it must retreat if it can; it cannot */
			struct event e;
			event_init(&e, "engaged_stays");
			event_add(&e, "unit", "%s", u->id);
			event_add(&e, "why", "no_retreat_hex");
			event_add(&e, "rule", "10.42");
			game_emit(g, &e);
		}
	}
	return true;
}

/* 10.42: the answers to SHA_ENGAGED */
int engaged_legal(const struct game *g, struct decision_answer *out, int max)
{
	const struct shock_state *s = &g->shock;
	if (s->ask != SHA_ENGAGED || s->ask_unit < 0 ||
	    s->ask_unit >= g->nunits)
		return 0;
	const struct unit *u = &g->units[s->ask_unit];
	struct hex hs[6];
	int nh = engaged_retreat_hexes(g, u, hs);
	int n = 0;
	for (int k = 0; k < nh && n < max; k++) {
		char hb[16];
		hex_format(hs[k], hb, sizeof hb);
		decision_add(out, max, &n, u->side, "10.42", "disengage %s %s",
			     u->id, hb);
	}
	if (unit_can_shock(g, u) && n < max) {
		decision_add(out, max, &n, u->side, "10.42",
			     "disengage %s stand", u->id);
	}
	return n;
}

/* 10.42: the retreat, keeping its facing */
static void retreat(struct game *g, struct unit *u, struct hex h)
{
	struct hex from = u->at.hex[0];
	game_unit_set_hex(g, u, 0, h);
	leader_elephant_carry(g, u); /* 4.82 */
	g->shock.engaged_answer[uidx(g, u)] = ENGAGED_RETREATED;
	struct event e;
	event_init(&e, "engaged_retreat");
	event_add(&e, "unit", "%s", u->id);
	event_add_hex(&e, "from", from);
	event_add_hex(&e, "to", h);
	event_add(&e, "facing", "%s", facing_name(u->at.facing));
	event_add(&e, "rule", "10.42");
	game_emit(g, &e);
	elcav_entered(g, u, h, "retreat", "9.15,10.42"); /* 9.15 */
	engaged_sweep(g); /* 10.43 */
}

/* 10.42: `disengage UNIT HEX` | `disengage UNIT stand` */
void cmd_disengage(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	struct session *ss = ctx;
	if (argc != 3) {
		cmd_malformed(r, "usage: disengage UNIT HEX | disengage UNIT "
				 "stand");
		return;
	}
	bool stand = strcmp(argv[2], "stand") == 0;
	struct hex h = HEX_NONE;
	if (!stand && !hex_parse(argv[2], &h)) {
		cmd_malformed(r, "usage: disengage UNIT HEX | disengage UNIT "
				 "stand");
		return;
	}
	if (!ss->game) {
		cmd_refuse(r, NULL, "no game: start one with new or load");
		return;
	}
	struct game *g = ss->game;
	struct shock_state *s = &g->shock;
	if (seq_step_now(g) != SEQ_SHOCK || s->ask != SHA_ENGAGED ||
	    s->ask_unit < 0 || s->ask_unit >= g->nunits) {
		cmd_refuse(r, "10.42",
			   "no Engaged unit is asked to retreat now");
		return;
	}
	struct unit *u = &g->units[s->ask_unit];
	if (strcmp(argv[1], u->id) != 0) {
		cmd_refuse(r, "10.42", "the question is about %s", u->id);
		return;
	}
	if (stand) {
		if (!unit_can_shock(g, u)) {
			cmd_refuse(r, "10.42",
				   "%s cannot shock: it must retreat when it "
				   "can",
				   u->id);
			return;
		}
		s->engaged_answer[s->ask_unit] = ENGAGED_STOOD;
		struct event e;
		event_init(&e, "engaged_stands");
		event_add(&e, "unit", "%s", u->id);
		event_add(&e, "then", "shock_no");
		event_add(&e, "rule", "10.41,10.42");
		game_emit(g, &e);
	} else {
		const char *why = NULL;
		if (!engaged_retreat_ok(g, u, h, &why)) {
			cmd_refuse(r, "10.42", "%s: %s", u->id, why);
			return;
		}
		retreat(g, u, h);
	}
	shock_answered(g);
	seq_resume(g);
}
