/* shock_designate.c — Shock designation (7.33, 8.41) and allocation
 * (8.42), with 5.26's and 5.45's Command Range.
 *
 * The step asks the attacker (SHA_DESIGNATE) for his combats, one
 * `designate` line each, until `designate done`; g->shock.sub becomes 1
 * when the designation is closed, and g->shock.mark[u] is 1 for a unit
 * this designation gave Shock No Check (so that `designate cancel` can
 * take the marker back). */
#include "maniple/shock_designate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/command.h"
#include "maniple/elcav.h"
#include "maniple/event.h"
#include "maniple/movement.h"
#include "maniple/shock.h"
#include "maniple/shock_preview.h"
#include "maniple/stacking.h"
#include "maniple/triarii.h"

/* ------------------------------------------------------------ helpers */

static const char *uid(const struct game *g, int u)
{
	return u >= 0 && u < g->nunits ? g->units[u].id : "-";
}

static const struct leader *active_leader(const struct game *g)
{
	int i = g->shock.leader >= 0 ? g->shock.leader : g->active_leader;
	return i >= 0 && i < g->nleaders ? &g->leaders[i] : NULL;
}

static int attacking_side(const struct game *g)
{
	if (g->shock.attacker >= 0)
		return g->shock.attacker;
	const struct leader *l = active_leader(g);
	return l ? l->side : -1;
}

/* 7.33 bullet 1: the types that are never shock capable: skirmishers
 * (GBA 9.31: but those that may), scorpios, and the archers
 * shock_types.ini marks never: SPQR's light infantry and light cavalry
 * archers (GBA 7.32 bars neither) */
static bool never_shock_type(const struct game *g, const struct unit *u)
{
	if (unit_has(g, u, TRAIT_SKIRMISHER))
		return !unit_skirmisher_may_shock(g, u);
	return unit_has(g, u, TRAIT_SCORPIO) ||
	       (g->tables && tables_shock_duty(g->tables, u->type,
					       u->missile) == SHOCK_NEVER);
}

/* 7.33: given Fire (only) orders this Orders Phase (5.22 #2, 5.23 #2) */
static bool fire_only_order(const struct game *g, int u)
{
	return bits_has(g->fire.line_fire_unit, u) ||
	       (g->fire.fired[u] && !g->units[u].moved_phase);
}

/* shock_claim_of; with range false, a unit whose only claim would be the
 * Command Range is told SC_NONE without the search (what a caller asking
 * only after Shock Must Check or Engaged needs). */
static enum shock_claim claim_of(const struct game *g, int ui,
				 const char **rule, const char **why,
				 bool range)
{
	const char *r0 = NULL, *w0 = NULL;
	if (!rule)
		rule = &r0;
	if (!why)
		why = &w0;
	if (ui < 0 || ui >= g->nunits) {
		*rule = "8.41";
		*why = "no such unit";
		return SC_NONE;
	}
	const struct unit *u = &g->units[ui];
	if (u->side != attacking_side(g)) {
		*rule = "8.41";
		*why = "it is not a unit of the attacking side";
		return SC_NONE;
	}
	if (!game_unit_in_play(u)) {
		*rule = "8.41";
		*why = "it is not on the map";
		return SC_NONE;
	}
	if (never_shock_type(g, u) && unit_has(g, u, TRAIT_SKIRMISHER) &&
	    tables_variant(g->tables, RV_SKIRMISHER_SHOCK) ==
		    SK_SHOCK_CHARIOTS_ROUTED) {
		*rule = "GBA 9.31";
		*why = "a skirmisher shocks only when every enemy in its ZOC "
		       "is a chariot or routed (an SK* any unit)";
		return SC_NONE;
	}
	if (never_shock_type(g, u)) {
		*rule = "7.33";
		*why = "its type never shocks (skirmishers, scorpios and the "
		       "archers of shock_types.ini)";
		return SC_NONE;
	}
	if (u->routed) {
		*rule = "7.33";
		*why = "a routed unit never shocks";
		return SC_NONE;
	}
	if (u->at.in_column) {
		*rule = "6.75";
		*why = "a unit In Column never shocks";
		return SC_NONE;
	}
	if (u->at.square) {
		*rule = "GBA 9.63";
		*why = "a unit in square never initiates shock";
		return SC_NONE;
	}
	if (u->pursuit) {
		*rule = "8.63";
		*why = "cavalry back from pursuit are Finished for the turn";
		return SC_NONE;
	}
	if (unit_has(g, u, TRAIT_ELEPHANT) && u->leader_elephant[0]) {
		*rule = "4.83";
		*why = "a Leader Elephant never attacks (it defends normally)";
		return SC_NONE;
	}
	if (!unit_can_shock(g, u)) {
		*rule = "7.33";
		*why = "it is not shock capable";
		return SC_NONE;
	}
	if (!triarii_may_shock(g, ui, why)) {
		*rule = "9.72";
		return SC_NONE;
	}
	if (u->shock_must)
		return SC_MUST;
	if (engaged_must_shock(g, ui))
		return SC_ENGAGED;
	if (fire_only_order(g, ui))
		return SC_FIRE;
	const struct leader *l = active_leader(g);
	if (range && l && l->on_map && !l->killed &&
	    leader_may_order(g, l, u) &&
	    command_range_reaches_unit(g, NULL, l, u))
		return SC_RANGE;
	*rule = "7.33";
	*why = "it has no Shock Must Check marker, was not given Fire orders "
	       "and is not within the activated leader's Command Range";
	return SC_NONE;
}

enum shock_claim shock_claim_of(const struct game *g, int ui, const char **rule,
				const char **why)
{
	return claim_of(g, ui, rule, why, true);
}

static const char *claim_name(enum shock_claim c)
{
	switch (c) {
	case SC_MUST:
		return "must";
	case SC_ENGAGED:
		return "engaged";
	case SC_FIRE:
		return "fire_orders";
	case SC_RANGE:
		return "command_range";
	default:
		return "none";
	}
}

static const char *claim_rule(enum shock_claim c)
{
	switch (c) {
	case SC_MUST:
		return "7.31";
	case SC_ENGAGED:
		return "10.41";
	default:
		return "7.33";
	}
}

/* 8.42: enemy combat unit e stands (a hex of it) in u's ZOC */
bool shock_in_zoc(const struct game *g, int ui, int ei)
{
	if (ui < 0 || ui >= g->nunits || ei < 0 || ei >= g->nunits)
		return false;
	const struct unit *u = &g->units[ui], *e = &g->units[ei];
	if (e->side == u->side || !game_unit_in_play(e) ||
	    !game_unit_in_play(u))
		return false;
	for (int k = 0; k < 2; k++) {
		struct hex h = e->at.hex[k];
		if (hex_is_none(h))
			continue;
		if (zoc_exerted_into(g, u, h))
			return true;
	}
	return false;
}

/* 8.42: the enemy combat units in u's ZOC (indices into out) */
static int zoc_enemies(const struct game *g, int ui, int *out, int max)
{
	int n = 0;
	for (int e = 0; e < g->nunits; e++)
		if (shock_in_zoc(g, ui, e) && n < max &&
		    !elcav_attack_barred(g, ui, e)) /* 9.15 */
			out[n++] = e;
	return n;
}

/* Whether zoc_enemies finds any: a ZOC reaches only the hexes next to
 * its unit (7.21), so only the units filed at the hexes around u's are
 * asked (speed: asked of every unit at every designation) */
static bool has_zoc_enemy(const struct game *g, int ui)
{
	const struct unit *u = &g->units[ui];
	if (!game_unit_in_play(u))
		return false;
	int at[BATTLE_UNITS_MAX];
	for (int k = 0; k < 2; k++) {
		struct hex c = u->at.hex[k];
		if (hex_is_none(c))
			continue;
		/* zoc_exerted_into's nearness: a column and a row either way */
		for (int dc = -1; dc <= 1; dc++)
			for (int dr = -1; dr <= 1; dr++) {
				struct hex h = {(int8_t)(c.col + dc),
						(int8_t)(c.row + dr)};
				int m = game_units_filed_at(g, h, at,
							    BATTLE_UNITS_MAX);
				for (int j = 0; j < m; j++)
					if (shock_in_zoc(g, ui, at[j]) &&
					    !elcav_attack_barred(g, ui, at[j]))
						return true;
			}
	}
	return false;
}

/* 8.41: a unit that must be in a combat: Shock Must Check (7.31, 7.32)
 * or Engaged (10.41 bullet 3), with an enemy to attack. */
static bool must_attack(const struct game *g, int ui)
{
	enum shock_claim c = claim_of(g, ui, NULL, NULL, false);
	return (c == SC_MUST || c == SC_ENGAGED) && has_zoc_enemy(g, ui);
}

/* 7.33, 8.41: a unit that may (or must) attack someone now */
static bool may_attack(const struct game *g, int ui)
{
	/* the ZOC first: it spares the Command Range search of a unit with
	 * no enemy next to it */
	return has_zoc_enemy(g, ui) &&
	       shock_claim_of(g, ui, NULL, NULL) != SC_NONE;
}

/* 5.45, 5.46 */
bool shock_designate_range_useful(const struct game *g)
{
	for (int u = 0; u < g->nunits; u++)
		if (has_zoc_enemy(g, u) &&
		    shock_claim_of(g, u, NULL, NULL) == SC_RANGE)
			return true;
	return false;
}

/* 5.45 */
bool shock_designate_trumper_owes(const struct game *g)
{
	return g->seq.started_turn == g->turn && g->seq.trumper >= 0 &&
	       g->seq.trumper == g->active_leader && g->seq.orders_given == 0;
}

/* 5.45: a combat brought on through the Command Range (a unit that would
 * not shock otherwise) */
static bool range_combat_designated(const struct game *g)
{
	const struct shock_state *s = &g->shock;
	for (int i = 0; i < s->ncombats; i++)
		for (int k = 0; k < s->c[i].natt; k++)
			if (shock_claim_of(g, s->c[i].att[k], NULL, NULL) ==
			    SC_RANGE)
				return true;
	return false;
}

static void list_ids(const struct game *g, const int *v, int n, char *buf,
		     size_t len)
{
	size_t at = 0;
	buf[0] = '\0';
	for (int k = 0; k < n && at < len; k++)
		at += (size_t)snprintf(buf + at, len - at, "%s%s", k ? "," : "",
				       uid(g, v[k]));
	if (n == 0)
		snprintf(buf, len, "-");
}

/* A combat's attackers or defenders (unit indices kept in bytes). */
static void list_combat_ids(const struct game *g, const uint8_t *v, int n,
			    char *buf, size_t len)
{
	int iv[SHOCK_UNITS_MAX];
	if (n > SHOCK_UNITS_MAX)
		n = SHOCK_UNITS_MAX;
	for (int k = 0; k < n; k++)
		iv[k] = v[k];
	list_ids(g, iv, n, buf, len);
}

/* --------------------------------------------------------------- step */

/* 8.41, 8.42, 7.33: opens the designation and waits for `designate
 * done`; closes at once when no unit may or must shock. */
bool shock_step_designate(struct game *g)
{
	struct shock_state *s = &g->shock;
	if (!engaged_before_designation(g)) /* 10.42 */
		return false;
	if (s->sub == 1)
		return true; /* `designate done` closed it */
	const struct leader *l = active_leader(g);
	int li = l ? (int)(l - g->leaders) : -1;
	/* 7.33, 5.26, 5.45: the activated leader's Command Range lends
	 * Shock No Check, in an enemy ZOC or not */
	if (li >= 0 && li < 64)
		s->range_leaders |= 1ULL << li;
	int must[BATTLE_UNITS_MAX], may[BATTLE_UNITS_MAX];
	int nmust = 0, nmay = 0;
	for (int u = 0; u < g->nunits; u++) {
		if (!may_attack(g, u))
			continue;
		if (must_attack(g, u))
			must[nmust++] = u;
		else
			may[nmay++] = u;
	}
	struct event e;
	if (nmust == 0 && nmay == 0) {
		event_init(&e, "shock_designation");
		event_add(&e, "side", "%d", attacking_side(g));
		event_add(&e, "result", "none_may_shock");
		s->sub = 1;
		event_add(&e, "rule", "8.41");
		game_emit(g, &e);
		return true;
	}
	char b1[EVENT_VAL_MAX], b2[EVENT_VAL_MAX];
	list_ids(g, must, nmust, b1, sizeof b1);
	list_ids(g, may, nmay, b2, sizeof b2);
	event_init(&e, "shock_designation");
	event_add(&e, "side", "%d", attacking_side(g));
	if (l)
		event_add(&e, "leader", "%s", l->id);
	event_add(&e, "must", "%s", b1);
	event_add(&e, "may", "%s", b2);
	event_add(&e, "rule", "8.41");
	game_emit(g, &e);
	shock_ask(g, SHA_DESIGNATE, attacking_side(g), -1, -1);
	return false;
}

/* ------------------------------------------------ closing the designation */

/* 8.41, 8.42, 5.45: whether `designate done` may close the designation
 * now; when not, r says why (nothing is changed). */
static bool may_close(const struct game *g, struct cmd_result *r)
{
	const struct shock_state *s = &g->shock;
	for (int u = 0; u < g->nunits; u++) {
		if (s->attacked[u] || !must_attack(g, u))
			continue;
		bool eng = shock_claim_of(g, u, NULL, NULL) == SC_ENGAGED;
		cmd_refuse(r, eng ? "10.41" : "8.41",
			   "%s %s and is in no combat yet", uid(g, u),
			   eng ? "is Engaged and must shock"
			       : "carries Shock Must Check");
		return false;
	}
	for (int u = 0; u < g->nunits; u++) {
		if (!s->attacked[u])
			continue;
		int en[BATTLE_UNITS_MAX];
		int ne = zoc_enemies(g, u, en, BATTLE_UNITS_MAX);
		for (int j = 0; j < ne; j++)
			if (!s->defended[en[j]]) {
				cmd_refuse(r, "8.42",
					   "%s attacks, so every enemy in its "
					   "ZOC must be attacked: nobody "
					   "attacks %s",
					   uid(g, u), uid(g, en[j]));
				return false;
			}
	}
	if (shock_designate_trumper_owes(g) && !range_combat_designated(g)) {
		const struct leader *l = active_leader(g);
		cmd_refuse(r, "5.45",
			   "%s trumped and gave no order: his Command Range "
			   "must bring on a shock",
			   l ? l->id : "the leader");
		return false;
	}
	return true;
}

/* ------------------------------------------------------------- legal */

/* 8.42: `designate U E1,E2...`: u against every enemy in its ZOC that
 * nobody attacks yet, added to out; false when there is none (or the
 * line is full). */
static bool line_for(const struct game *g, int u, struct decision_answer *out,
		     int max, int *n)
{
	const struct shock_state *s = &g->shock;
	int en[BATTLE_UNITS_MAX], k = 0;
	int ne = zoc_enemies(g, u, en, BATTLE_UNITS_MAX);
	char defs[DECISION_LINE_MAX -
		  32]; /* "designate " and an id fit beside it */
	size_t at = 0;
	defs[0] = '\0';
	for (int j = 0; j < ne && k < SHOCK_UNITS_MAX; j++) {
		if (s->defended[en[j]])
			continue;
		at += (size_t)snprintf(defs + at, sizeof defs - at, "%s%s",
				       k ? "," : "", uid(g, en[j]));
		if (at >= sizeof defs)
			return false;
		k++;
	}
	if (k == 0) {
		/* all of them attacked already: join a combat whose
		 * defenders are all in u's ZOC */
		for (int i = 0; i < s->ncombats && k == 0; i++) {
			const struct shock_combat *c = &s->c[i];
			bool all = c->ndef > 0 && !c->pursuit &&
				   c->natt < SHOCK_UNITS_MAX;
			for (int j = 0; j < c->ndef && all; j++)
				all = shock_in_zoc(g, u, c->def[j]);
			if (!all)
				continue;
			list_combat_ids(g, c->def, c->ndef, defs, sizeof defs);
			k = c->ndef;
		}
		if (k == 0)
			return false;
	}
	return decision_add(out, max, n, attacking_side(g), "8.42",
			    "designate %s %s", uid(g, u), defs);
}

/* 8.42: a `designate` line for each unit that must shock and is in no
 * combat (and, while a trumper owes a shock, 5.45, for each unit his
 * Command Range lets shock), and `designate done` when it may close. */
int shock_designate_legal(const struct game *g, struct decision_answer *out,
			  int max)
{
	const struct shock_state *s = &g->shock;
	if (s->step != SHS_DESIGNATE || s->ask != SHA_DESIGNATE)
		return 0;
	int n = 0;
	bool owed =
		shock_designate_trumper_owes(g) && !range_combat_designated(g);
	for (int u = 0; u < g->nunits && n < max; u++) {
		if (s->attacked[u])
			continue;
		if (must_attack(g, u) ||
		    (owed && shock_claim_of(g, u, NULL, NULL) == SC_RANGE))
			line_for(g, u, out, max, &n);
	}
	struct cmd_result r;
	cmd_result_init(&r);
	if (n < max && may_close(g, &r)) {
		decision_add(out, max, &n, attacking_side(g), "8.41",
			     "designate done");
	}
	cmd_result_free(&r);
	/* 8.42: a combat may always be taken back, so a designation that
	 * leaves a must-shock unit nothing to attack is never a dead end */
	for (int ci = 0; ci < s->ncombats && n < max; ci++) {
		decision_add(out, max, &n, attacking_side(g), "8.42",
			     "designate cancel %d", ci);
	}
	return n;
}

/* ----------------------------------------------------------- commands */

static struct game *need_game(void *ctx, struct cmd_result *r)
{
	struct session *s = ctx;
	if (!s || !s->game) {
		cmd_refuse(r, NULL, "no game: start one with new or load");
		return NULL;
	}
	return s->game;
}

/* Parses "a,b,c" into unit indices; false (r refused) on a bad id. */
static bool parse_units(struct game *g, const char *text, int *out, int *n,
			struct cmd_result *r)
{
	char buf[CMD_LINE_MAX];
	snprintf(buf, sizeof buf, "%s", text);
	*n = 0;
	char *save = NULL;
	for (char *t = strtok_r(buf, ",", &save); t;
	     t = strtok_r(NULL, ",", &save)) {
		struct unit *u = game_unit(g, t);
		if (!u) {
			cmd_refuse(r, "8.42", "no unit %s", t);
			return false;
		}
		int ui = (int)(u - g->units);
		for (int k = 0; k < *n; k++)
			if (out[k] == ui) {
				cmd_refuse(r, "8.42", "%s is named twice", t);
				return false;
			}
		if (*n >= SHOCK_UNITS_MAX) {
			cmd_refuse(r, "8.42",
				   "at most %d units a side in one combat",
				   SHOCK_UNITS_MAX);
			return false;
		}
		out[(*n)++] = ui;
	}
	if (*n == 0) {
		cmd_malformed(r, "designate ATT[,ATT...] DEF[,DEF...]");
		return false;
	}
	return true;
}

static bool in_list(const int *v, int n, int x)
{
	for (int k = 0; k < n; k++)
		if (v[k] == x)
			return true;
	return false;
}

/* The combat in which d defends, or -1. */
static int combat_defending(const struct game *g, int d)
{
	for (int i = 0; i < g->shock.ncombats; i++)
		if (shock_combat_role(g, i, d, NULL) == 1)
			return i;
	return -1;
}

/* 8.41: the attacker gets Shock No Check unless it carries Shock Must
 * Check (7.31, 7.32). */
static void give_marker(struct game *g, int u)
{
	struct unit *x = &g->units[u];
	enum shock_claim c = shock_claim_of(g, u, NULL, NULL);
	if (x->shock_must)
		return;
	if (!x->shock_no) {
		x->shock_no = true;
		g->shock.mark[u] = 1;
	}
	struct event e;
	event_init(&e, "shock_marker");
	event_add(&e, "unit", "%s", x->id);
	event_add(&e, "marker", "shock_no_check");
	event_add(&e, "via", "%s", claim_name(c));
	if (c == SC_RANGE && active_leader(g))
		event_add(&e, "leader", "%s", active_leader(g)->id);
	event_add(&e, "rule", "8.41");
	game_emit(g, &e);
}

/* 8.42: one combat, att against def (new, or joining the combat whose
 * defenders def names exactly). */
static void designate_combat(struct game *g, int *att, int na, const int *def,
			     int nd, struct cmd_result *r)
{
	struct shock_state *s = &g->shock;
	int side = attacking_side(g);
	for (int k = 0; k < na; k++) {
		const char *rule, *why;
		if (shock_claim_of(g, att[k], &rule, &why) == SC_NONE) {
			cmd_refuse(r, rule, "%s may not shock: %s",
				   uid(g, att[k]), why);
			return;
		}
		if (s->attacked[att[k]]) {
			cmd_refuse(r, "8.42",
				   "%s has attacked already: a unit attacks "
				   "only once per Shock segment",
				   uid(g, att[k]));
			return;
		}
	}
	int join = -1;
	for (int k = 0; k < nd; k++) {
		const struct unit *d = &g->units[def[k]];
		if (d->side == side || !game_unit_in_play(d)) {
			cmd_refuse(r, "8.42",
				   "%s is not an enemy combat unit "
				   "on the map",
				   d->id);
			return;
		}
		int ci = combat_defending(g, def[k]);
		if (k == 0)
			join = ci;
		else if (ci != join)
			goto split;
	}
	if (join >= 0 && g->shock.c[join].ndef != nd)
		goto split;
	/* stacked units shock the same hex: a mate that may shock comes
	 * in with the unit named (8.42 last bullet) */
	for (int k = 0, n0 = na; k < n0; k++) {
		const struct unit *m = stacking_mate(g, &g->units[att[k]]);
		if (!m || m->side != side)
			continue;
		int mi = (int)(m - g->units);
		if (in_list(att, na, mi))
			continue;
		if (s->attacked[mi]) {
			cmd_refuse(r, "8.42",
				   "stacked units shock the same hex: %s "
				   "attacks in another combat",
				   m->id);
			return;
		}
		if (shock_claim_of(g, mi, NULL, NULL) == SC_NONE)
			continue;
		bool all = true;
		for (int j = 0; j < nd; j++)
			all = all && shock_in_zoc(g, mi, def[j]);
		if (!all || na >= SHOCK_UNITS_MAX)
			continue;
		att[na++] = mi;
	}
	for (int k = 0; k < na; k++)
		for (int j = 0; j < nd; j++)
			if (!shock_in_zoc(g, att[k], def[j])) {
				cmd_refuse(r, "8.42",
					   "%s does not have %s in its ZOC: "
					   "every defender must be in every "
					   "attacker's ZOC",
					   uid(g, att[k]), uid(g, def[j]));
				return;
			}
	for (int k = 0; k < na; k++) /* 9.15 */
		for (int j = 0; j < nd; j++)
			if (elcav_attack_barred(g, att[k], def[j])) {
				cmd_refuse(r, "9.15",
					   "%s is cavalry: it never attacks the "
					   "elephant %s through its Front",
					   uid(g, att[k]), uid(g, def[j]));
				return;
			}
	if (join >= 0 && g->shock.c[join].natt + na > SHOCK_UNITS_MAX) {
		cmd_refuse(r, "8.42", "at most %d attackers in one combat",
			   SHOCK_UNITS_MAX);
		return;
	}
	int ci = join >= 0 ? join : shock_add_combat(g);
	if (ci < 0) {
		cmd_refuse(r, "8.42", "the table of combats is full");
		return;
	}
	struct shock_combat *c = &s->c[ci];
	if (join < 0)
		for (int j = 0; j < nd; j++) {
			c->def[c->ndef] = def[j];
			c->def_at[c->ndef++] = g->units[def[j]].at;
			s->defended[def[j]] = true;
		}
	for (int k = 0; k < na; k++) {
		const struct unit *u = &g->units[att[k]];
		c->att[c->natt] = att[k];
		c->att_at[c->natt++] = u->at;
		s->attacked[att[k]] = true;
		c->must_check = c->must_check || u->shock_must;
		c->att_moved = c->att_moved || u->moved_phase;
	}
	char b1[EVENT_VAL_MAX], b2[EVENT_VAL_MAX];
	list_combat_ids(g, c->att, c->natt, b1, sizeof b1);
	list_combat_ids(g, c->def, c->ndef, b2, sizeof b2);
	struct event e;
	event_init(&e, "shock_designated");
	event_add(&e, "combat", "%d", ci);
	event_add(&e, "att", "%s", b1);
	event_add(&e, "def", "%s", b2);
	if (join >= 0)
		event_add(&e, "joined", "yes");
	event_add(&e, "must_check", "%d", c->must_check ? 1 : 0);
	event_add(&e, "rule", "8.42");
	game_emit(g, &e);
	for (int k = 0; k < na; k++)
		give_marker(g, att[k]);
	return;
split:
	cmd_refuse(r, "8.42",
		   "a defender is shocked only once per segment: name fresh "
		   "defenders, or exactly the defenders of one combat to "
		   "join it (see show shock)");
}

/* `designate cancel N`: takes combat N back, markers and all. */
static void designate_cancel(struct game *g, const char *num,
			     struct cmd_result *r)
{
	struct shock_state *s = &g->shock;
	char *end = NULL;
	long n = strtol(num, &end, 10);
	if (!end || *end || end == num) {
		cmd_malformed(r, "designate cancel N");
		return;
	}
	if (n < 0 || n >= s->ncombats) {
		cmd_refuse(r, "8.42", "there is no combat %ld (show shock)", n);
		return;
	}
	int ci = (int)n;
	struct shock_combat *c = &s->c[ci];
	for (int k = 0; k < c->natt; k++) {
		int u = c->att[k];
		s->attacked[u] = false;
		if (s->mark[u] == 1) {
			g->units[u].shock_no = false;
			s->mark[u] = 0;
		}
	}
	for (int k = 0; k < c->ndef; k++)
		s->defended[c->def[k]] = false;
	memmove(&s->c[ci], &s->c[ci + 1],
		(size_t)(s->ncombats - ci - 1) * sizeof s->c[0]);
	s->ncombats--;
	/* the slot given up is empty, as the slots past the count are
	 * (digest.c) */
	memset(&s->c[s->ncombats], 0, sizeof s->c[0]);
	struct event e;
	event_init(&e, "shock_cancelled");
	event_add(&e, "combat", "%d", ci);
	event_add(&e, "rule", "8.42");
	game_emit(g, &e);
}

void cmd_designate(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	static const char *const usage =
		"designate ATT[,ATT...] DEF[,DEF...] | designate cancel N | "
		"designate done";
	if (argc < 2 || argc > 3) {
		cmd_malformed(r, "%s", usage);
		return;
	}
	struct game *g = need_game(ctx, r);
	if (!g)
		return;
	if (seq_step_now(g) != SEQ_SHOCK || g->shock.step != SHS_DESIGNATE ||
	    g->shock.ask != SHA_DESIGNATE) {
		cmd_refuse(r, "8.41", "no Shock designation is owed now");
		return;
	}
	if (argc == 2 && strcmp(argv[1], "done") == 0) {
		if (!may_close(g, r))
			return;
		struct event e;
		event_init(&e, "shock_designation_done");
		event_add(&e, "combats", "%d", g->shock.ncombats);
		event_add(&e, "rule", "8.42");
		game_emit(g, &e);
		g->shock.sub = 1;
		shock_answered(g);
		seq_resume(g);
		return;
	}
	if (argc == 3 && strcmp(argv[1], "cancel") == 0) {
		designate_cancel(g, argv[2], r);
		return;
	}
	if (argc != 3) {
		cmd_malformed(r, "%s", usage);
		return;
	}
	shock_designate_pair(g, argv[1], argv[2], r);
}

int shock_designate_pair(struct game *g, const char *att_ids,
			 const char *def_ids, struct cmd_result *r)
{
	int att[SHOCK_UNITS_MAX], def[SHOCK_UNITS_MAX], na, nd;
	if (!parse_units(g, att_ids, att, &na, r) ||
	    !parse_units(g, def_ids, def, &nd, r))
		return -1;
	designate_combat(g, att, na, def, nd, r);
	return r->status == CMD_OK ? combat_defending(g, def[0]) : -1;
}

/* ---------------------------------------------------------- show shock */

void cmd_show_shock(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	(void)argv;
	if (argc != 1) {
		cmd_malformed(r, "show shock");
		return;
	}
	struct game *g = need_game(ctx, r);
	if (!g)
		return;
	const struct shock_state *s = &g->shock;
	struct event e;
	event_init(&e, "shock");
	if (!shock_under_way(g)) {
		event_add(&e, "under_way", "no");
		event_add(&e, "rule", "8.4");
		cmd_output(r, &e);
		return;
	}
	event_add(&e, "under_way", "yes");
	event_add(&e, "step", "%s", shock_step_name(s->step));
	event_add(&e, "attacker", "%d", s->attacker);
	if (active_leader(g))
		event_add(&e, "leader", "%s", active_leader(g)->id);
	event_add(&e, "waits_for", "%s", shock_ask_name(s->ask));
	event_add(&e, "combats", "%d", s->ncombats);
	event_add(&e, "rule", "8.4");
	cmd_output(r, &e);
	for (int i = 0; i < s->ncombats; i++) {
		const struct shock_combat *c = &s->c[i];
		char b1[EVENT_VAL_MAX], b2[EVENT_VAL_MAX];
		list_combat_ids(g, c->att, c->natt, b1, sizeof b1);
		list_combat_ids(g, c->def, c->ndef, b2, sizeof b2);
		event_init(&e, "shock_combat");
		event_add(&e, "combat", "%d", i);
		event_add(&e, "att", "%s", b1);
		event_add(&e, "def", "%s", b2);
		event_add(&e, "pre_shock_check", "%s",
			  c->must_check ? "yes" : "no");
		event_add(&e, "attacker_moved", "%s",
			  c->att_moved ? "yes" : "no");
		if (c->pursuit)
			event_add(&e, "pursuit", "yes");
		event_add(&e, "rule", "8.42");
		cmd_output(r, &e);
	}
	/* 8.45, 8.46: what each combat would give (shock_preview.h) */
	static const char lead[] =
		"As the board stands (the 8.43 checks may still change it): ";
	char *odds = malloc(sizeof lead + SHOCK_PREVIEW_TEXT_MAX + 1);
	if (odds && shock_preview_segment(g, odds + sizeof lead - 1,
					  SHOCK_PREVIEW_TEXT_MAX)) {
		memcpy(odds, lead, sizeof lead - 1);
		strcat(odds, ".\n");
		free(r->text);
		r->text = odds;
		odds = NULL;
	}
	free(odds);
	if (s->step != SHS_DESIGNATE)
		return;
	for (int u = 0; u < g->nunits; u++) {
		if (!s->attacked[u] && may_attack(g, u)) {
			enum shock_claim c = shock_claim_of(g, u, NULL, NULL);
			event_init(&e, "shock_may");
			event_add(&e, "unit", "%s", g->units[u].id);
			event_add(&e, "via", "%s", claim_name(c));
			event_add(&e, "must", "%s",
				  must_attack(g, u) ? "yes" : "no");
			event_add(&e, "rule", "%s", claim_rule(c));
			cmd_output(r, &e);
		}
		if (!s->attacked[u])
			continue;
		int en[BATTLE_UNITS_MAX];
		int ne = zoc_enemies(g, u, en, BATTLE_UNITS_MAX);
		for (int j = 0; j < ne; j++)
			if (!s->defended[en[j]]) {
				event_init(&e, "shock_unattacked");
				event_add(&e, "attacker", "%s", g->units[u].id);
				event_add(&e, "enemy", "%s",
					  g->units[en[j]].id);
				event_add(&e, "rule", "8.42");
				cmd_output(r, &e);
			}
	}
}
