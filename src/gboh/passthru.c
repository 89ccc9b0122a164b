/* passthru.c — elephant Pass-Thru (SPQR 9.11); see passthru.h.
 *
 * Hooks elsewhere (one line each): shock_charge.c asks before the
 * pre-shock rolls (passthru_offer) and adds the infantry's +1
 * (passthru_charge_drm); shock_resolve.c adjusts the CRT hits
 * (passthru_hits); shock_advance.c sets the elephant down and makes the
 * Pass-Thru TQ check before the 8.5 advance (passthru_after_combat,
 * passthru_passed); shock.c names the asks and lists the answers. */
#include "maniple/passthru.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/event.h"
#include "maniple/gba_pass_through.h"
#include "maniple/leader_elephant.h"
#include "maniple/movement.h"
#include "maniple/rout.h"
#include "maniple/shock.h"
#include "maniple/stacking.h"

static bool valid_combat(const struct game *g, int ci)
{
	return g && ci >= 0 && ci < g->shock.ncombats;
}

static bool valid_unit(const struct game *g, int u)
{
	return u >= 0 && u < g->nunits;
}

/* the combat is one unit against one unit */
static bool one_on_one(const struct game *g, const struct shock_combat *c)
{
	return c->natt == 1 && c->ndef == 1 && valid_unit(g, c->att[0]) &&
	       valid_unit(g, c->def[0]);
}

/* 9.11 step 3: hex h may take the elephant: on the map, no unit in it,
 * no enemy leader, terrain an elephant may enter.  Ruling: "unoccupied"
 * is about units; a friendly leader alone does not block the hex, an
 * enemy one does (the elephant is set down, it does not move: 4.72 has
 * no place here). */
bool passthru_hex_open(const struct game *g, const struct unit *el,
		       struct hex from, struct hex h)
{
	const struct map *m = g->battle ? g->battle->map : NULL;
	if (!m || !map_contains(m, h) || map_impassable(m, h))
		return false;
	const struct unit *o[4];
	if (game_units_at(g, h, o, 4) > 0)
		return false;
	for (int i = 0; i < g->nleaders; i++) {
		const struct leader *l = &g->leaders[i];
		if (l->on_map && !l->killed && l->side != el->side &&
		    hex_eq(l->hex, h))
			return false;
	}
	if (g->tables) {
		struct move_cost mc =
			move_hex_entry_cost(g, el, from, h);
		if (mc.prohibited)
			return false;
	}
	return true;
}

/* The infantry's empty rear hexes (at most 8); the count. */
static int open_rear_hexes(const struct game *g, const struct unit *el,
			   const struct unit *inf, struct hex out[8])
{
	struct hex rear[8];
	int n = footprint_zone_hexes(&inf->at, ZONE_REAR, rear);
	int k = 0;
	for (int i = 0; i < n; i++)
		if (passthru_hex_open(g, el, inf->at.hex[0], rear[i]))
			out[k++] = rear[i];
	/* in map-number order, for the listings */
	for (int i = 1; i < k; i++)
		for (int j = i; j > 0 && (out[j].col < out[j - 1].col ||
					  (out[j].col == out[j - 1].col &&
					   out[j].row < out[j - 1].row));
		     j--) {
			struct hex t = out[j];
			out[j] = out[j - 1];
			out[j - 1] = t;
		}
	return k;
}

/* 8.43: the elephant charges (a moving attack: Shock Must Check) */
static bool moving_attack(const struct shock_combat *c, const struct unit *el)
{
	return el->shock_must || (c->must_check && !el->shock_no);
}

bool passthru_eligible(const struct game *g, int ci)
{
	if (!valid_combat(g, ci))
		return false;
	const struct shock_combat *c = &g->shock.c[ci];
	if (c->off || c->pursuit || !one_on_one(g, c) || c->att_gone[0] ||
	    c->def_gone[0])
		return false;
	const struct unit *el = &g->units[c->att[0]];
	const struct unit *inf = &g->units[c->def[0]];
	if (!unit_has(g, el, TRAIT_ELEPHANT) || !unit_has(g, inf, TRAIT_INFANTRY))
		return false;
	/* GBA 9.13: no defender's choice; gba_pass_through.c */
	if (tables_variant(g->tables, RV_PASS_THROUGH) !=
	    PASS_THROUGH_DEFENDER_CHOICE)
		return false;
	if (!game_unit_in_play(el) || el->routed || !game_unit_in_play(inf) ||
	    inf->routed)
		return false;
	if (!moving_attack(c, el))
		return false;
	if (footprint_approach(&inf->at, &el->at) != ZONE_FRONT)
		return false;
	struct hex open[8];
	return open_rear_hexes(g, el, inf, open) > 0;
}

static void put_open(const struct game *g, struct event *e, int ci)
{
	const struct shock_combat *c = &g->shock.c[ci];
	struct hex open[8];
	int n = open_rear_hexes(g, &g->units[c->att[0]], &g->units[c->def[0]],
				open);
	char buf[80] = "";
	size_t len = 0;
	for (int i = 0; i < n && len < sizeof buf - 8; i++) {
		char h[16];
		hex_format(open[i], h, sizeof h);
		len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s",
					i ? "," : "", h);
	}
	event_add(e, "rear", "%s", n ? buf : "-");
}

bool passthru_offer(struct game *g)
{
	struct shock_state *s = &g->shock;
	for (int ci = s->batch_begin; ci < s->batch_end; ci++) {
		struct shock_combat *c = &s->c[ci];
		if (c->passthru != PT_NONE || !passthru_eligible(g, ci))
			continue;
		const struct unit *el = &g->units[c->att[0]];
		const struct unit *inf = &g->units[c->def[0]];
		struct event e;
		event_init(&e, "passthru_offered");
		event_add(&e, "combat", "%d", ci);
		event_add(&e, "unit", "%s", inf->id);
		event_add(&e, "elephant", "%s", el->id);
		put_open(g, &e, ci);
		event_add(&e, "rule", "9.11");
		game_emit(g, &e);
		shock_ask(g, SHA_PASSTHRU, inf->side, ci, c->def[0]);
		return false;
	}
	return true;
}

int passthru_charge_drm(const struct game *g, const struct shock_combat *c,
			int role, const struct unit *u)
{
	(void)g;
	(void)u;
	return role == 1 && c->passthru == PT_ELECTED ? 1 : 0;
}

bool passthru_shock_hits(const struct game *g, int ci, int *att, int *def)
{
	if (!valid_combat(g, ci) || g->shock.c[ci].passthru != PT_ELECTED)
		return false;
	/* 9.11 #2 (ruling): on the hits 8.46 step 4 gives, after AS/DS */
	*def = *def / 2;
	*att = *att > 0 ? *att - 1 : 0;
	return true;
}

void passthru_hits(struct game *g, int ci)
{
	if (!valid_combat(g, ci))
		return;
	struct shock_combat *c = &g->shock.c[ci];
	int att = c->att_hits, def = c->def_hits;
	int att_now = att, def_now = def;
	if (!passthru_shock_hits(g, ci, &att_now, &def_now))
		return;
	c->att_hits = (int16_t)att_now;
	c->def_hits = (int16_t)def_now;
	struct event e;
	event_init(&e, "passthru_hits");
	event_add(&e, "combat", "%d", ci);
	event_add(&e, "elephant", "%d->%d", att, c->att_hits);
	event_add(&e, "infantry", "%d->%d", def, c->def_hits);
	event_add(&e, "rule", "9.11");
	game_emit(g, &e);
}

static void held(struct game *g, int ci, const char *why)
{
	struct shock_combat *c = &g->shock.c[ci];
	c->passthru = PT_HELD;
	struct event e;
	event_init(&e, "passthru_held");
	event_add(&e, "combat", "%d", ci);
	event_add(&e, "elephant", "%s", g->units[c->att[0]].id);
	event_add(&e, "why", "%s", why);
	event_add(&e, "rule", "9.11");
	game_emit(g, &e);
}

static bool still_standing(const struct game *g, const struct unit *u)
{
	(void)g;
	return game_unit_in_play(u) && !u->routed;
}

void passthru_set_down(struct game *g, int ci, int eli, int through,
		       struct hex h, const char *rule)
{
	struct unit *el = &g->units[eli];
	struct hex from = el->at.hex[0];
	game_unit_set_hex(g, el, 0, h); /* facing kept */
	struct event e;
	event_init(&e, "passthru");
	event_add(&e, "combat", "%d", ci);
	event_add(&e, "elephant", "%s", el->id);
	event_add_hex(&e, "from", from);
	event_add_hex(&e, "to", h);
	event_add(&e, "facing", "%s", facing_name((enum facing)el->at.facing));
	event_add(&e, "through", "%s", g->units[through].id);
	event_add(&e, "rule", "%s", rule);
	game_emit(g, &e);
	for (int i = 0; i < g->nleaders; i++) {
		struct leader *l = &g->leaders[i];
		if (l->side != el->side || !l->on_map || l->killed ||
		    !hex_eq(l->hex, from))
			continue;
		/* 4.82: a rider stays on his own Leader Elephant */
		int le = leader_elephant_of(g, i);
		if (le >= 0 && le != eli)
			continue;
		l->hex = h; /* ruling: a leader with the elephant rides on */
		event_init(&e, "leader_moved");
		event_add(&e, "leader", "%s", l->id);
		event_add_hex(&e, "from", from);
		event_add_hex(&e, "to", h);
		event_add(&e, "with", "%s", el->id);
		event_add(&e, "rule", "%s", rule);
		game_emit(g, &e);
	}
	/* 9.16 is for an elephant that moves next to cavalry: one set down
	 * by 9.11 did not move (ruling), so the cavalry it now touches is
	 * only named */
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *x = &g->units[i];
		if (x->side == el->side || !game_unit_in_play(x) ||
		    !unit_has(g, x, TRAIT_CAVALRY) ||
		    footprint_distance(&x->at, h) != 1 ||
		    footprint_distance(&x->at, from) == 1)
			continue;
		event_init(&e, "passthru_by_cavalry");
		event_add(&e, "elephant", "%s", el->id);
		event_add(&e, "cavalry", "%s", x->id);
		event_add(&e, "effect", "none");
		event_add(&e, "rule", "%s,9.16", rule);
		game_emit(g, &e);
	}
}

/* 9.11 #3 then #4: the elephant goes to h; the infantry checks */
static void pass_to(struct game *g, int ci, struct hex h)
{
	struct shock_combat *c = &g->shock.c[ci];
	struct unit *inf = &g->units[c->def[0]];
	passthru_set_down(g, ci, c->att[0], c->def[0], h, "9.11");
	c->passthru = PT_PASSED;
	struct event e;
	if (unit_has(g, inf, TRAIT_SKIRMISHER)) {
		event_init(&e, "no_passthru_check");
		event_add(&e, "unit", "%s", inf->id);
		event_add(&e, "why", "skirmisher");
		event_add(&e, "rule", "9.11");
		game_emit(g, &e);
		return;
	}
	/* 9.11 #4, 10.11: DR - TQ hits; reaching the TQ routs (10.2) */
	/* tq_check adds 9.63's mixed-stack modifier itself */
	tq_check(g, inf, 0, "pass_thru_check", "9.11");
}

bool passthru_after_combat(struct game *g, int ci)
{
	if (!valid_combat(g, ci))
		return true;
	struct shock_combat *c = &g->shock.c[ci];
	if (c->passthru != PT_ELECTED && c->passthru != PT_PLACING)
		return true;
	if (g->shock.ask == SHA_PASSTHRU_PLACE)
		return false;
	const struct unit *el = &g->units[c->att[0]];
	const struct unit *inf = &g->units[c->def[0]];
	if (c->def_gone[0] || !still_standing(g, inf)) {
		held(g, ci, "infantry_routed");
		return true;
	}
	if (c->att_gone[0] || !still_standing(g, el)) {
		held(g, ci, "elephant_rampaged");
		return true;
	}
	struct hex open[8];
	int n = open_rear_hexes(g, el, inf, open);
	if (n == 0) {
		/* ruling: the rear filled up since the choice: no pass */
		held(g, ci, "rear_hexes_occupied");
		return true;
	}
	if (n == 1) {
		pass_to(g, ci, open[0]);
		return !rout_pending(g);
	}
	c->passthru = PT_PLACING;
	struct event e;
	event_init(&e, "passthru_place_owed");
	event_add(&e, "combat", "%d", ci);
	event_add(&e, "elephant", "%s", el->id);
	put_open(g, &e, ci);
	event_add(&e, "rule", "9.11");
	game_emit(g, &e);
	shock_ask(g, SHA_PASSTHRU_PLACE, el->side, ci, c->att[0]);
	return false;
}

bool passthru_passed(const struct game *g, int ci)
{
	return valid_combat(g, ci) && g->shock.c[ci].passthru == PT_PASSED;
}

/* ------------------------------------------------------------ answers */

int passthru_legal(const struct game *g, struct decision_answer *out, int max)
{
	const struct shock_state *s = &g->shock;
	if (!shock_pending(g) || !valid_combat(g, s->ask_combat))
		return 0;
	const struct shock_combat *c = &s->c[s->ask_combat];
	if (c->passthru == PT_CHOOSING) /* GBA 9.13, 9.23 */
		return gba_pass_through_legal(g, out, max);
	if (!one_on_one(g, c))
		return 0;
	const struct unit *el = &g->units[c->att[0]];
	const struct unit *inf = &g->units[c->def[0]];
	int n = 0;
	if (s->ask == SHA_PASSTHRU) {
		decision_add(out, max, &n, s->ask_side, "9.11",
			     "passthru %s yes # let %s through", inf->id,
			     el->id);
		decision_add(out, max, &n, s->ask_side, "9.11",
			     "passthru %s no # stand", inf->id);
	} else if (s->ask == SHA_PASSTHRU_PLACE) {
		struct hex open[8];
		int k = open_rear_hexes(g, el, inf, open);
		for (int i = 0; i < k; i++) {
			char h[16];
			hex_format(open[i], h, sizeof h);
			decision_add(out, max, &n, s->ask_side, "9.11",
				     "passthru place %s # %s", h, el->id);
		}
	}
	return n;
}

static void answer_choice(struct game *g, const char *id, const char *yn,
			  struct cmd_result *r)
{
	struct shock_state *s = &g->shock;
	int ci = s->ask_combat;
	struct shock_combat *c = &s->c[ci];
	const struct unit *inf = &g->units[c->def[0]];
	if (strcmp(id, inf->id) != 0) {
		cmd_refuse(r, "9.11",
			   "%s is not the infantry offered Pass-Thru: %s is "
			   "(combat %d)",
			   id, inf->id, ci);
		return;
	}
	bool yes = strcmp(yn, "yes") == 0;
	if (!yes && strcmp(yn, "no") != 0) {
		cmd_malformed(r, "usage: passthru UNIT yes|no");
		return;
	}
	c->passthru = yes ? PT_ELECTED : PT_DECLINED;
	struct event e;
	event_init(&e, "passthru_choice");
	event_add(&e, "combat", "%d", ci);
	event_add(&e, "unit", "%s", inf->id);
	event_add(&e, "elephant", "%s", g->units[c->att[0]].id);
	event_add(&e, "choice", "%s", yes ? "yes" : "no");
	event_add(&e, "rule", "9.11");
	game_emit(g, &e);
	shock_answered(g);
	seq_resume(g);
}

static void answer_place(struct game *g, const char *text, struct cmd_result *r)
{
	struct shock_state *s = &g->shock;
	int ci = s->ask_combat;
	struct shock_combat *c = &s->c[ci];
	struct hex h;
	if (!hex_parse(text, &h)) {
		cmd_malformed(r, "usage: passthru place HEX (e.g. 2821)");
		return;
	}
	if (c->passthru == PT_CHOOSING) { /* GBA 9.13, 9.23 */
		gba_pass_through_choose(g, h, r);
		return;
	}
	const struct unit *el = &g->units[c->att[0]];
	const struct unit *inf = &g->units[c->def[0]];
	struct hex open[8];
	int n = open_rear_hexes(g, el, inf, open);
	char list[80] = "";
	size_t len = 0;
	for (int i = 0; i < n; i++) {
		if (hex_eq(open[i], h)) {
			shock_answered(g);
			pass_to(g, ci, h);
			seq_resume(g);
			return;
		}
		char b[16];
		hex_format(open[i], b, sizeof b);
		if (len < sizeof list - 8)
			len += (size_t)snprintf(list + len, sizeof list - len,
						"%s%s", i ? " or " : "", b);
	}
	cmd_refuse(r, "9.11",
		   "%s is not an empty rear hex of %s: %s goes to %s", text,
		   inf->id, el->id, list);
}

void passthru_command(struct game *g, int argc, char **argv,
		      struct cmd_result *r)
{
	if (argc != 3) {
		cmd_malformed(r, "usage: passthru UNIT yes|no | passthru "
				 "place HEX");
		return;
	}
	int ask = g->shock.ask;
	bool place = strcmp(argv[1], "place") == 0;
	if (!shock_pending(g) ||
	    (ask != SHA_PASSTHRU && ask != SHA_PASSTHRU_PLACE)) {
		cmd_refuse(r, "9.11",
			   "no Pass-Thru decision is owed now: it is offered "
			   "before the pre-shock checks, to infantry charged "
			   "frontally by a lone elephant with an empty rear "
			   "hex");
		return;
	}
	if (place && ask != SHA_PASSTHRU_PLACE) {
		cmd_refuse(r, "9.11",
			   "the defender first says whether he lets the "
			   "elephant through: passthru UNIT yes|no");
		return;
	}
	if (!place && ask != SHA_PASSTHRU) {
		cmd_refuse(r, "9.11",
			   "the elephant player now names the rear hex the "
			   "elephant goes to: passthru place HEX");
		return;
	}
	if (place)
		answer_place(g, argv[2], r);
	else
		answer_choice(g, argv[1], argv[2], r);
}

void cmd_passthru(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	struct session *s = ctx;
	if (!s->game) {
		cmd_refuse(r, NULL, "no game: start one with new or load");
		return;
	}
	passthru_command(s->game, argc, argv, r);
}
