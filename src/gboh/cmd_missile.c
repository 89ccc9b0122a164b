/* cmd_missile.c — offensive missile fire under orders (8.11, 5.22 #2,
 * 5.23): `order UNIT fire HEX`, `fire HEX` as a step of the open move,
 * `line NAME fire` and `fire UNIT HEX` for its members, and the legal
 * fire commands with the number each needs. */
#include <stdio.h>
#include <string.h>

#include "maniple/missile.h"
#include "maniple/tables.h"
#include "maniple/orders.h"
#include "maniple/reaction_fire.h"
#include "maniple/reactions.h"
#include "maniple/rout.h"
#include "maniple/sequence.h"

static int unit_index(const struct game *g, const char *id)
{
	for (int i = 0; id && i < g->nunits; i++)
		if (strcmp(g->units[i].id, id) == 0)
			return i;
	return -1;
}

/* "main" (or NULL), "tower": the weapon an ordered unit fires (9.13). */
static bool parse_weapon(const char *w, enum fire_weapon *out)
{
	if (w == NULL || strcmp(w, "main") == 0)
		*out = WEAPON_MAIN;
	else if (strcmp(w, "tower") == 0)
		*out = WEAPON_TOWER;
	else if (strcmp(w, "screen") == 0)
		*out = WEAPON_SCREEN;
	else
		return false;
	return true;
}

/* 8.11: may the open mover fire at target now?  Before its first hex,
 * yes; after moving, only when its latest step was a hex that brought it
 * closer to the target (SPQR); at any time of its move in GBA (8.11). */
static const char *closer_check(const struct game *g, int ui,
				struct hex target)
{
	const struct unit *u = &g->units[ui];
	if (!u->moved_phase && g->ord.move.hexes_entered == 0)
		return NULL;
	if (tables_variant(g->tables, RV_FIRE_AFTER_MOVING) == FIRE_AFTER_ANY)
		return NULL;
	if (g->fire.step_unit != ui || !g->fire.step_was_hex ||
	    hex_is_none(g->fire.step_from) ||
	    g->ord.move.vertices_turned != g->fire.step_turns ||
	    g->ord.move.formed != g->fire.step_formed)
		return "after moving, a unit fires only when its latest step "
		       "was a hex forward";
	if (hex_distance(g->fire.step_from, target) <=
	    footprint_distance(&u->at, target))
		return "the latest hex did not bring the unit closer to the "
		       "target";
	return NULL;
}

/* Fires one offensive volley and offers the target its return fire
 * (8.23); refuses through r (nothing changed) when it may not. */
static bool fire_offensive(struct game *g, int ui, struct hex target,
			   enum fire_weapon w, struct cmd_result *r)
{
	struct fire_check c;
	if (!missile_fire(g, ui, w, target, FIRE_OFFENSIVE, &c)) {
		cmd_refuse(r, c.rule, "%s may not fire: %s", g->units[ui].id,
			   c.reason ? c.reason : "refused");
		return false;
	}
	if (c.target_unit >= 0 && game_unit_in_play(&g->units[c.target_unit]))
		rfire_return_offer(g, ui, c.target_unit); /* 8.23 */
	return true;
}

static bool gate(const struct game *g, struct cmd_result *r)
{
	/* 10.22, the reactions window: a pending decision comes first */
	if (rout_pending(g)) {
		cmd_refuse(r, "10.22", "a rout move waits for its owner's "
				       "choice first");
		return false;
	}
	if (reactions_pending(g)) {
		cmd_refuse(r, reactions_pending_rule(g),
			   "a reaction waits for its answer first");
		return false;
	}
	if (seq_step_now(g) != SEQ_ORDERS) {
		cmd_refuse(r, "8.11",
			   "offensive fire is given while orders are given "
			   "(B.1 of the sequence)");
		return false;
	}
	return true;
}

/* 5.22 #2, 8.11: an Individual Order to fire without moving. */
void missile_order_fire(struct game *g, const char *who, const char *hex,
			const char *weapon, struct cmd_result *r)
{
	struct hex target;
	enum fire_weapon w;
	if (hex == NULL) {
		cmd_refuse(r, "8.1",
			   "name the hex to fire at: order UNIT fire HEX "
			   "(8.13)");
		return;
	}
	if (!hex_parse(hex, &target) || !parse_weapon(weapon, &w)) {
		cmd_malformed(r, "order UNIT fire HEX [tower]");
		return;
	}
	int ui = unit_index(g, who);
	if (ui < 0) {
		cmd_refuse(r, "8.11", "no unit %s", who ? who : "-");
		return;
	}
	if (!gate(g, r))
		return;
	/* the order itself: who may order whom, orders left (5.22, 4.2);
	 * no move begins, so no 6.51 offer */
	g->fire.fire_only = ui;
	orders_order(g, who, NULL, r);
	if (r->status != CMD_OK) {
		g->fire.fire_only = -1;
		return;
	}
	bool ok = fire_offensive(g, ui, target, w, r);
	g->fire.fire_only = -1;
	if (!ok)
		return; /* the session puts the order back too */
	/* 5.22 #2: the unit does not move: its order ends here */
	if (g->ord.moving && g->ord.mover_unit == ui)
		orders_close_move(g);
}

/* 8.11 fire during the open move; 5.23 #2 a member of a Line Command to
 * fire. */
void missile_fire_cmd(struct game *g, const char *who, const char *hex,
		      const char *weapon, struct cmd_result *r)
{
	struct hex target;
	enum fire_weapon w;
	if (hex == NULL || !hex_parse(hex, &target) ||
	    !parse_weapon(weapon, &w)) {
		cmd_malformed(r, "fire [UNIT] HEX [tower]");
		return;
	}
	if (!gate(g, r))
		return;
	const struct orders_state *o = &g->ord;
	int ui = who ? unit_index(g, who) : o->mover_unit;
	if (who && ui < 0) {
		cmd_refuse(r, "8.11", "no unit %s", who);
		return;
	}
	if (missile_line_fire_member(g, ui)) {
		/* 5.23 #2: fire without movement */
		g->fire.fire_only = ui;
		bool ok = fire_offensive(g, ui, target, w, r);
		g->fire.fire_only = -1;
		(void)ok;
		return;
	}
	if (!o->moving || o->mover_unit < 0 || ui != o->mover_unit) {
		cmd_refuse(r, "8.11",
			   "a unit fires under its own order: as a step of its "
			   "open move, by `order UNIT fire HEX`, or in a Line "
			   "Command to fire");
		return;
	}
	const char *why = closer_check(g, ui, target);
	if (why) {
		cmd_refuse(r, "8.11", "%s", why);
		return;
	}
	if (!fire_offensive(g, ui, target, w, r))
		return;
	/* 8.11 Exception: LI archers and scorpios move or fire */
	if (missile_move_or_fire(g, &g->units[ui]))
		orders_close_move(g);
}

/* 5.23 #2: a Line Command to fire without movement. */
void missile_line_fire(struct game *g, const char *name, const char *unit,
		       struct cmd_result *r)
{
	if (!gate(g, r))
		return;
	orders_line(g, name, unit, r);
	if (r->status != CMD_OK)
		return;
	g->fire.line_fire = g->ord.lc_given;
	/* 5.23 #2: this Line's units join those of any earlier Line
	 * Command to fire this phase */
	for (int i = 0; i < g->nunits && i < BATTLE_UNITS_MAX; i++)
		if (g->ord.lc_of[i] == g->fire.line_fire)
			bits_put(g->fire.line_fire_unit, i, true);
	struct event e;
	event_init(&e, "line_fire");
	event_add(&e, "line", "%s", name);
	event_add(&e, "command", "%d", g->fire.line_fire);
	event_add(&e, "rule", "5.23");
	game_emit(g, &e);
}

/* 5.23 #2: whether unit ui belongs to a Line Command to fire (it may not
 * move). */
bool missile_line_fire_member(const struct game *g, int ui)
{
	return g && ui >= 0 && ui < g->nunits &&
	       bits_has(g->fire.line_fire_unit, ui);
}

/* The volleys unit ui may fire now (prefix the command), with the number
 * each needs. */
static void list_targets(const struct game *g, int ui, const char *prefix,
			 bool from_move, const char *rule,
			 struct decision_answer *out, int max, int *n)
{
	const struct unit *u = &g->units[ui];
	const enum fire_weapon ws[2] = {WEAPON_MAIN, WEAPON_TOWER};
	for (int wi = 0; wi < 2; wi++) {
		for (int i = 0; i < g->nunits + g->nleaders; i++) {
			struct hex h;
			if (i < g->nunits) {
				const struct unit *t = &g->units[i];
				if (t->side == u->side || !game_unit_in_play(t))
					continue;
				h = t->at.hex[0];
			} else {
				const struct leader *l =
					&g->leaders[i - g->nunits];
				if (l->side == u->side || !l->on_map ||
				    l->killed)
					continue;
				h = l->hex;
			}
			struct game *mg = (struct game *)g;
			int keep = mg->fire.fire_only;
			if (!from_move)
				mg->fire.fire_only = ui;
			struct fire_check c;
			bool ok = missile_check(g, ui, ws[wi], h,
						FIRE_OFFENSIVE, &c);
			mg->fire.fire_only = keep;
			if (!ok || (from_move && closer_check(g, ui, h)))
				continue;
			char hs[16], line[DECISION_LINE_MAX];
			hex_format(h, hs, sizeof hs);
			struct odds od; /* 8.15, 8.16: its chance to hit */
			missile_check_odds(g, ui, &c, &od);
			snprintf(line, sizeof line,
				 "%s %s%s # needs %s%d%s: hits %d%%", prefix,
				 hs, wi ? " tower" : "",
				 c.extended ? "natural " : "", c.needed,
				 c.extended ? "" : " or less",
				 missile_hit_percent(&od));
			bool dup = false;
			for (int k = 0; k < *n; k++)
				if (strcmp(out[k].line, line) == 0)
					dup = true;
			if (!dup)
				decision_add(out, max, n, u->side, rule, "%s",
					     line);
		}
	}
}

/* `order UNIT fire HEX` lines for unit ui, which may be ordered now
 * (orders_legal calls this). */
int missile_legal_order(const struct game *g, int ui,
			struct decision_answer *out, int max)
{
	int n = 0;
	if (!g || ui < 0 || ui >= g->nunits ||
	    (g->units[ui].missile == MC_NONE && g->units[ui].tower == MC_NONE))
		return 0;
	char prefix[48];
	snprintf(prefix, sizeof prefix, "order %s fire", g->units[ui].id);
	list_targets(g, ui, prefix, false, "5.22", out, max, &n);
	return n;
}

/* `fire HEX` for the open mover and `fire UNIT HEX` for the members of a
 * Line Command to fire (orders_legal calls this). */
int missile_legal_fire(const struct game *g, struct decision_answer *out,
		       int max)
{
	int n = 0;
	if (!g || seq_step_now(g) != SEQ_ORDERS)
		return 0;
	const struct orders_state *o = &g->ord;
	if (o->moving && o->mover_unit >= 0 &&
	    !missile_line_fire_member(g, o->mover_unit))
		list_targets(g, o->mover_unit, "fire", true, "8.11", out, max,
			     &n);
	for (int i = 0; i < g->nunits; i++)
		if (missile_line_fire_member(g, i)) {
			char prefix[48];
			snprintf(prefix, sizeof prefix, "fire %s",
				 g->units[i].id);
			list_targets(g, i, prefix, false, "5.23", out, max,
				     &n);
		}
	return n;
}

/* fire HEX [tower] | fire UNIT HEX [tower] */
void cmd_missile_fire(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	struct session *s = ctx;
	struct game *g = s ? s->game : NULL;
	if (!g) {
		cmd_refuse(r, NULL, "no game: start one with `new`");
		return;
	}
	if (argc < 2 || argc > 4) {
		cmd_malformed(r, "fire [UNIT] HEX [tower]");
		return;
	}
	struct hex h;
	if (hex_parse(argv[1], &h))
		missile_fire_cmd(g, NULL, argv[1], argc > 2 ? argv[2] : NULL,
				 r);
	else
		missile_fire_cmd(g, argv[1], argc > 2 ? argv[2] : NULL,
				 argc > 3 ? argv[3] : NULL, r);
}
