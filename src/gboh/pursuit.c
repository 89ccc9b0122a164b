/* pursuit.c — cavalry pursuit (8.6): when victorious attacking cavalry
 * pursue (8.61), the pursuit check, Break-Off and Pursue (8.62), the
 * follow-up shock and its full Rout Movement, the Pursuit/Finished marker
 * (8.63), off-map pursuers and the Regroup and Return order (8.64, 4.4
 * #6), rout points (8.65).
 *
 * Progress through one combat's pursuit is kept in the combat itself
 * (pursuit_stage, pursuit_followed, pursuit_followup), so the Advance step
 * may call pursuit_after_combat again after any wait: the owner's choice
 * of pursuer (SHA_PURSUIT), a rout move's choice, or the follow-up batch
 * the driver runs (shock_push_followup).
 *
 * GBA 10.3 (variants.ini [pursuit] cavalry = with_charge_formation) is
 * the same shape with other parts, and only in a battle that plays the
 * optional Charge Formation (gba_charge.h): the cavalry must have moved
 * and attacked in formation (10.31); the roll is d10 + 2 against its TQ
 * (10.32, constants.ini [pursuit] check_drm), a failure an ordinary
 * advance, no Break-Off; it follows a routed defender still on the map
 * (R184: none, when they were all eliminated, 10.32), paying the terrain
 * hits but no MP (10.36); it attacks every enemy in its ZOC with no
 * Pre-Shock TQ checks (10.34), and each such attack that routs all its
 * defenders starts the cycle again with a new roll (10.34, R184); no
 * Pursuit/Finished marker and no leaving the map (10.33). */
#include "maniple/pursuit.h"

#include <stdio.h>
#include <string.h>

#include "maniple/elcav.h"
#include "maniple/gba_charge.h"
#include "maniple/event.h"
#include "maniple/movement.h"
#include "maniple/orders.h"
#include "maniple/rout.h"
#include "maniple/sequence.h"
#include "maniple/shock.h"
#include "maniple/tables.h"

enum pursuit_stage {
	PS_NONE,     /* not looked at yet */
	PS_ASKED,    /* 8.61: the owner picks the pursuer */
	PS_CHOSEN,   /* the pursuer is known: the 8.62 check is next */
	PS_BREAKOFF, /* 8.62 Break-Off: the routers' Rout Movement */
	PS_FOLLOWUP, /* 8.62 Pursue: the follow-up shock is under way */
	PS_ADVANCE,  /* over: the cavalry advances after combat (8.5) */
	PS_DONE,     /* over: the pursuit took the advance's place */
};

#define PATH_MAX_ ROUT_TRACK_HEXES

/* ---- small helpers ---- */

/* GBA 10.3: the pursuit of a Charge Formation game (else 8.6's) */
static bool gba_rules(const struct game *g)
{
	return g->tables && tables_variant(g->tables, RV_PURSUIT) ==
				    PURSUIT_WITH_CHARGE_FORMATION;
}

static const char *uid(const struct game *g, int u)
{
	return u >= 0 && u < g->nunits ? g->units[u].id : "-";
}

static void emit_unit(struct game *g, const char *kind, int u, const char *key,
		      const char *val, const char *rule)
{
	struct event e;
	event_init(&e, kind);
	event_add(&e, "unit", "%s", uid(g, u));
	if (key)
		event_add(&e, key, "%s", val);
	event_add(&e, "rule", "%s", rule);
	game_emit(g, &e);
}

bool pursuit_finished(const struct unit *u)
{
	return u && u->pursuit;
}

/* 8.61: an attacking cavalry unit of combat ci that may pursue: standing,
 * not routed, not Engaged (10.4) */
static bool cavalry_may_pursue(const struct game *g, int ci, int k)
{
	const struct shock_combat *c = &g->shock.c[ci];
	const struct unit *u = &g->units[c->att[k]];
	if (!unit_has(g, u, TRAIT_CAVALRY) || c->att_gone[k] ||
	    !game_unit_in_play(u) || u->routed || u->engaged)
		return false;
	/* GBA 10.31: it moved to make the attack and made it in Charge
	 * Formation (which it leaves only once the combat is over, 9.76);
	 * a pursuit attack repeats the cycle without them (10.34) */
	return !gba_rules(g) || c->pursuit ||
	       (u->charge_formation && u->moved_phase);
}

/* 8.61: every defender of combat ci routed or eliminated; the counts */
static bool defenders_beaten(const struct game *g, int ci, int *routed,
			     int *eliminated)
{
	const struct shock_combat *c = &g->shock.c[ci];
	*routed = *eliminated = 0;
	for (int k = 0; k < c->ndef; k++) {
		const struct unit *d = &g->units[c->def[k]];
		if (!game_unit_in_play(d))
			(*eliminated)++;
		else if (d->routed)
			(*routed)++;
	}
	return c->ndef > 0 && *routed + *eliminated == c->ndef;
}

/* The defender of combat ci the pursuer follows: the first routed and
 * still on the map, else the first whose rout move left the map (10.24);
 * -1 when every defender was eliminated where it stood */
static int routed_defender(const struct game *g, int ci)
{
	const struct shock_combat *c = &g->shock.c[ci];
	for (int k = 0; k < c->ndef; k++) {
		const struct unit *d = &g->units[c->def[k]];
		if (game_unit_in_play(d) && d->routed)
			return c->def[k];
	}
	for (int k = 0; k < c->ndef; k++) {
		struct hex t[2];
		bool off = false;
		if (rout_track(g, c->def[k], t, 2, &off) > 0 && off &&
		    !game_unit_in_play(&g->units[c->def[k]]))
			return c->def[k];
	}
	return -1;
}

/* GBA 10.31: an attacking cavalry unit of combat ci standing, formed or
 * not */
static bool standing_cavalry(const struct game *g, int ci)
{
	const struct shock_combat *c = &g->shock.c[ci];
	for (int k = 0; k < c->natt; k++) {
		const struct unit *u = &g->units[c->att[k]];
		if (unit_has(g, u, TRAIT_CAVALRY) && !c->att_gone[k] &&
		    game_unit_in_play(u) && !u->routed && !u->engaged)
			return true;
	}
	return false;
}

/* GBA 10.32, 10.33: a defender of combat ci routed and still on the map */
static bool routed_on_map(const struct game *g, int ci)
{
	int r = routed_defender(g, ci);
	return r >= 0 && game_unit_in_play(&g->units[r]);
}

/* 8.61: why there is no pursuit from combat ci (NULL: there may be one);
 * *rule gets the rule */
static const char *no_pursuit_reason(const struct game *g, int ci,
				     const char **rule)
{
	const struct shock_combat *c = &g->shock.c[ci];
	int routed, elim;
	*rule = "8.61";
	if (g->battle && g->battle->no_pursuit) {
		*rule = "8.6";
		return "not_in_this_battle";
	}
	/* GBA 10.3 play note, GBA 8.39: pursuit is an optional rule played
	 * only together with the optional Charge Formation (GBA 9.7); this
	 * game has no Charge Formation, so no GBA battle pursues */
	if (gba_rules(g) && !gba_charge_in_play(g)) {
		*rule = "GBA 10.3";
		return "charge_formation_not_in_use";
	}
	if (!c->resolved) {
		*rule = "8.43";
		return "no_shock_resolution";
	}
	if (!defenders_beaten(g, ci, &routed, &elim))
		return routed ? "not_all_defenders_routed" : "defenders_stand";
	if (c->collapse_check_rout)
		return "collapse_check_rout";
	if (c->rout_blocked_elimination)
		return "rout_move_blocked";
	bool any = false, engaged = false;
	for (int k = 0; k < c->natt; k++) {
		any = any || cavalry_may_pursue(g, ci, k);
		engaged = engaged ||
			  (unit_has(g, &g->units[c->att[k]], TRAIT_CAVALRY) &&
			   g->units[c->att[k]].engaged);
	}
	if (!any) {
		if (engaged)
			*rule = "10.4";
		if (!engaged && gba_rules(g) && standing_cavalry(g, ci)) {
			*rule = "GBA 10.31";
			return "no_charge_in_formation";
		}
		return engaged ? "cavalry_engaged" : "no_cavalry_standing";
	}
	if (gba_rules(g) && !routed_on_map(g, ci)) {
		/* GBA 10.32 (R184): every defender was eliminated */
		*rule = "GBA 10.32";
		return "defender_eliminated";
	}
	return NULL;
}

static bool has_attacking_cavalry(const struct game *g, int ci)
{
	const struct shock_combat *c = &g->shock.c[ci];
	for (int k = 0; k < c->natt; k++)
		if (unit_has(g, &g->units[c->att[k]], TRAIT_CAVALRY))
			return true;
	return false;
}

static int entry_mp(const struct game *g, const struct unit *u, struct hex from,
		    struct hex to)
{
	if (!g->tables)
		return 1;
	struct move_cost mc = move_hex_entry_cost(g, u, from, to);
	return mc.prohibited ? -1 : mc.mp;
}

/* 8.62 Break-Off: the MP the router's 10.22 move already used of its MA
 * (its track, each hex at its terrain cost) */
static int mp_spent(const struct game *g, int u)
{
	struct hex t[PATH_MAX_];
	bool off;
	int n = rout_track(g, u, t, PATH_MAX_, &off), mp = 0;
	for (int k = 1; k < n; k++) {
		int c = entry_mp(g, &g->units[u], t[k - 1], t[k]);
		mp += c > 0 ? c : 1;
	}
	return mp;
}

/* The facing (vertex) with hexside d in front, preferring one that also
 * has hexside pref in front. */
static int face_across(int d, int pref)
{
	int a = d, b = (d + 5) % 6; /* fronts {d, d+1} and {d-1, d} */
	if (pref >= 0 && pref != d && (pref == (b + 0) % 6))
		return b;
	return a;
}

/* Any enemy unit in play in one of u's ZOC hexes; the units into out */
static int enemies_in_zoc(const struct game *g, const struct unit *u, int *out,
			  int max)
{
	struct hex zh[8];
	int nz = zoc_hexes(g, u, zh), n = 0;
	for (int k = 0; k < nz; k++) {
		const struct unit *at[4];
		int na = game_units_at(g, zh[k], at, 4);
		for (int j = 0; j < na; j++) {
			if (at[j]->side == u->side || !game_unit_in_play(at[j]))
				continue;
			int i = (int)(at[j] - g->units);
			bool dup = false;
			for (int q = 0; q < n; q++)
				dup = dup || out[q] == i;
			if (!dup && n < max)
				out[n++] = i;
		}
	}
	return n;
}

/* Moves the cavalry u one hex, to h (an adjacent hex), facing f */
static void step_to(struct game *g, int ui, struct hex h, int f,
		    const char *why, const char *rule)
{
	struct unit *u = &g->units[ui];
	struct event e;
	event_init(&e, "pursuit_move");
	event_add(&e, "unit", "%s", u->id);
	event_add_hex(&e, "from", u->at.hex[0]);
	event_add_hex(&e, "to", h);
	game_unit_set_hex(g, u, 0, h);
	u->at.facing = f;
	u->moved_phase = u->moved_turn = true;
	event_add(&e, "facing", "%s", facing_name((enum facing)f));
	event_add(&e, "why", "%s", why);
	event_add(&e, "rule", "%s", rule);
	game_emit(g, &e);
}

/* GBA 10.36: the pursuer pays the terrain hits of entering h from `from`
 * (no MP); true when they routed or eliminated it */
static bool terrain_hits(struct game *g, int ui, struct hex from, struct hex h)
{
	struct unit *u = &g->units[ui];
	if (!gba_rules(g) || !g->tables)
		return false;
	struct move_cost mc = move_hex_entry_cost(g, u, from, h);
	if (mc.prohibited || mc.hits <= 0)
		return false;
	cohesion_hits(g, u, mc.hits, "pursuit_terrain", "GBA 10.36");
	return u->routed || !game_unit_in_play(u);
}

/* Whether the cavalry may step into h: on the map, empty, not barred by
 * terrain (the path is the router's: the cavalry stops where it cannot
 * follow) */
static bool may_enter(const struct game *g, const struct unit *u, struct hex h)
{
	if (!g->battle || !g->battle->map || !map_contains(g->battle->map, h))
		return false;
	const struct unit *at[4];
	int n = game_units_at(g, h, at, 4);
	for (int k = 0; k < n; k++)
		if (game_unit_in_play(at[k]) && at[k] != u)
			return false;
	return entry_mp(g, u, u->at.hex[0], h) >= 0;
}

/* ---- 8.62: half the MA on, the way the enemy fled ---- */

/* The hexside the followed router last moved across, -1 when unknown */
static int fled_direction(const struct game *g, int router)
{
	struct hex t[PATH_MAX_];
	bool off;
	int n = rout_track(g, router, t, PATH_MAX_, &off);
	return n >= 2 ? hex_direction_to(t[n - 2], t[n - 1]) : -1;
}

/* 8.62: every enemy eliminated: the cavalry moves half its MA (rounded
 * up) the way the enemy was going; when that is not known, toward the
 * enemy's Retreat Edge by the most direct route */
static void half_ma_on(struct game *g, int ui, int router, int enemy_side)
{
	struct unit *u = &g->units[ui];
	int mp = (u->ma + 1) / 2;
	int dir = router >= 0 ? fled_direction(g, router) : -1;
	const struct retreat_edge *re = NULL;
	if (g->battle && g->battle->map && enemy_side >= 0 && enemy_side <= 1)
		re = map_find_edge(g->battle->map,
				   g->battle->sides[enemy_side].retreat_edge);
	struct event e;
	event_init(&e, "pursuit_onward");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "mp", "%d", mp);
	event_add(&e, "way", "%s",
		  dir >= 0 ? hexside_name((enum hexside)dir)
		  : re	   ? map_edge_name(re->edge)
			   : "none");
	event_add(&e, "rule", "8.62");
	game_emit(g, &e);
	for (int guard = 0; guard < 32 && mp > 0; guard++) {
		int d = dir;
		if (d < 0 && re) {
			int best = 1 << 20;
			for (int s = 0; s < 6; s++) {
				struct hex h = hex_neighbour(u->at.hex[0],
							     (enum hexside)s);
				if (!may_enter(g, u, h))
					continue;
				int dist = map_distance_to_edge(g->battle->map,
								h, re->edge);
				if (dist < best) {
					best = dist;
					d = s;
				}
			}
		}
		if (d < 0)
			break;
		struct hex h = hex_neighbour(u->at.hex[0], (enum hexside)d);
		if (!may_enter(g, u, h))
			break;
		int cost = entry_mp(g, u, u->at.hex[0], h);
		if (cost > mp)
			break;
		mp -= cost;
		step_to(g, ui, h, face_across(d, -1), "onward", "8.62");
		if (elcav_entered(g, u, h, "pursuit", "9.15,8.62") &&
		    (u->routed || !game_unit_in_play(u)))
			break; /* 9.15: an elephant's hexes routed it */
		if (zoc_enemy_in(g, u->side, h)) {
			emit_unit(g, "pursuit_stop", ui, "why", "enemy_zoc",
				  "7.23");
			break;
		}
	}
}

/* ---- 8.62: following the router's path ---- */

enum follow_end { FE_OFF, FE_STOP, FE_CONTACT };

/* The pursuer ui follows router's rout path: it stops on entering an
 * enemy ZOC or putting an enemy in its ZOC (FE_CONTACT), where it cannot
 * go on (FE_STOP), or leaves the map after a router that left it
 * (FE_OFF). */
static enum follow_end follow(struct game *g, int ui, int router)
{
	struct unit *u = &g->units[ui];
	struct hex t[PATH_MAX_];
	bool off;
	int n = rout_track(g, router, t, PATH_MAX_, &off);
	const struct unit *r = &g->units[router];
	bool router_on = game_unit_in_play(r);
	/* the hexes to enter: the path, short of the router's own hex */
	int last = router_on ? n - 2 : n - 1;
	for (int k = 0; k <= last; k++) {
		struct hex h = t[k];
		if (hex_eq(h, u->at.hex[0]))
			continue;
		int d = hex_direction_to(u->at.hex[0], h);
		if (d < 0 || !may_enter(g, u, h)) {
			emit_unit(g, "pursuit_stop", ui, "why", "path_blocked",
				  "8.62");
			return FE_STOP;
		}
		int next = k + 1 < n ? hex_direction_to(h, t[k + 1]) : -1;
		struct hex from = u->at.hex[0];
		step_to(g, ui, h, face_across(d, next), "follow",
			gba_rules(g) ? "GBA 10.33" : "8.62");
		if (terrain_hits(g, ui, from, h))
			return FE_STOP; /* GBA 10.36: its hits routed it */
		if (elcav_entered(g, u, h, "pursuit", "9.15,8.62") &&
		    (u->routed || !game_unit_in_play(u)))
			return FE_STOP; /* 9.15: an elephant's hexes routed it */
		int foes[8];
		bool zoc = zoc_enemy_in(g, u->side, h);
		int nf = enemies_in_zoc(g, u, foes, 8);
		if (zoc || nf) {
			emit_unit(g, "pursuit_stop", ui, "why",
				  nf ? "enemy_in_zoc" : "entered_enemy_zoc",
				  gba_rules(g) ? "GBA 10.33" : "8.62");
			return FE_CONTACT;
		}
	}

	if (off && !router_on) {
		/* 8.62: the router left the map: so does the pursuer */
		u->off_map = true;
		/* off the map until 8.64 brings it back (regroup puts
		 * on_map back; the soak, mixed drill seed 185) */
		u->on_map = false;
		u->pursuit_exit = u->at.hex[0];
		struct event e;
		event_init(&e, "pursuit_off_map");
		event_add(&e, "unit", "%s", u->id);
		event_add_hex(&e, "exit", u->at.hex[0]);
		event_add(&e, "rule", "8.62");
		game_emit(g, &e);
		return FE_OFF;
	}
	return FE_STOP;
}

/* 8.62: the pursuer must shock every unit in its ZOC (8.43-8.47): a
 * follow-up combat of its own; false when there is none to fight */
static bool followup(struct game *g, int ci, int ui)
{
	struct unit *u = &g->units[ui];
	int foes[SHOCK_UNITS_MAX];
	int nf = enemies_in_zoc(g, u, foes, SHOCK_UNITS_MAX);
	if (!nf || !unit_can_shock(g, u)) {
		emit_unit(g, "pursuit_no_followup", ui, "why",
			  nf ? "cannot_shock" : "no_enemy_in_zoc", "8.62");
		return false;
	}
	int fc = shock_add_combat(g);
	if (fc < 0) {
		emit_unit(g, "pursuit_no_followup", ui, "why",
			  "combat_table_full", "8.62");
		return false;
	}
	struct shock_combat *f = &g->shock.c[fc];
	f->natt = 1;
	f->att[0] = ui;
	f->att_at[0] = u->at;
	f->ndef = nf;
	for (int k = 0; k < nf; k++) {
		f->def[k] = foes[k];
		f->def_at[k] = g->units[foes[k]].at;
	}
	/* R: the pursuer came into contact on its own, with no leader to
	 * lend Shock No Check: it charges as under Shock Must Check (8.43;
	 * doc-parts/pursuit.md) */
	f->must_check = pursuit_followup_charges(g);
	f->att_moved = true;
	f->pursuit = true;
	f->pursuer = ui;
	f->parent = ci;
	g->shock.c[ci].pursuit_followup = fc;
	struct event e;
	event_init(&e, "pursuit_shock");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "combat", "%d", fc);
	char list[EVENT_VAL_MAX] = "";
	for (int k = 0; k < nf; k++) {
		size_t l = strlen(list);
		snprintf(list + l, sizeof list - l, "%s%s", k ? "," : "",
			 g->units[foes[k]].id);
	}
	event_add(&e, "defenders", "%s", list);
	event_add(&e, "parent", "%d", ci);
	event_add(&e, "rule", "%s", gba_rules(g) ? "GBA 10.34" : "8.62");
	game_emit(g, &e);
	shock_push_followup(g, fc);
	return true;
}

/* 8.63 */
static void mark_finished(struct game *g, int ui)
{
	if (g->units[ui].pursuit)
		return;
	g->units[ui].pursuit = true;
	emit_unit(g, "pursuit_finished", ui, NULL, NULL, "8.63");
}

/* 8.62, GBA 10.32: the check's outcome on die: a roll (GBA: plus 2)
 * above the cavalry's TQ makes it pursue, any other breaks it off (GBA:
 * it advances as usual) */
static int check_drm(const struct game *g)
{
	return g->tables ? tables_constant(g->tables, RC_PURSUIT_CHECK_DRM)
			 : 0;
}

static bool pursuit_pursues(const struct game *g, int die, int tq)
{
	return die + check_drm(g) > tq;
}

/* the name of the outcome that is not a pursuit */
static const char *no_pursuit_word(const struct game *g)
{
	return gba_rules(g) ? "advance" : "break off";
}

bool pursuit_odds(const struct game *g, int ui, struct odds *o)
{
	odds_init(o, 10, g && gba_rules(g) ? "GBA 10.32" : "8.62");
	if (!g || ui < 0 || ui >= g->nunits)
		return false;
	for (int d = 0; d < 10; d++) {
		bool p = pursuit_pursues(g, d, g->units[ui].tq);
		odds_face(o, d, p, "%s", p ? "pursue" : no_pursuit_word(g));
	}
	return true;
}

bool pursuit_followup_charges(const struct game *g)
{
	return !g || !gba_rules(g);
}

int pursuit_odds_text(const struct game *g, char *out, size_t n)
{
	if (!n)
		return 0;
	out[0] = '\0';
	const struct shock_state *s = g ? &g->shock : NULL;
	if (!s || s->ask != SHA_PURSUIT || s->ask_combat < 0 ||
	    s->ask_combat >= s->ncombats)
		return 0;
	const struct shock_combat *c = &s->c[s->ask_combat];
	size_t len = 0;
	int told = 0;
	for (int k = 0; k < c->natt; k++) {
		struct odds o;
		if (!cavalry_may_pursue(g, s->ask_combat, k) ||
		    !pursuit_odds(g, c->att[k], &o))
			continue;
		const struct unit *u = &g->units[c->att[k]];
		int w = snprintf(out + len, n - len,
				 "%s%s (TQ %d) pursues %d%%, %s %d%%",
				 told ? "; " : "", u->id, u->tq,
				 odds_percent(&o, "pursue"),
				 gba_rules(g) ? "advances" : "breaks off",
				 odds_percent(&o, no_pursuit_word(g)));
		if (w < 0 || len + (size_t)w >= n) {
			out[len] = '\0'; /* what does not fit is left out */
			break;
		}
		len += (size_t)w;
		told++;
	}
	return told;
}

/* 8.62, GBA 10.32-10.34: the check and what follows it, for the
 * pursuit of combat ci, its cavalry following a routed defender of
 * combat src (ci itself; GBA 10.34: the last pursuit attack's) */
static bool pursue_from(struct game *g, int ci, int src, bool *done)
{
	struct shock_combat *c = &g->shock.c[ci];
	int ui = c->pursuer;
	struct unit *u = &g->units[ui];
	bool gba = gba_rules(g);
	const char *rule = gba ? "GBA 10.32" : "8.62";
	struct event e;
	game_roll_begin(&e, "pursuit");
	event_add(&e, "unit", "%s", u->id);
	int die = game_roll_die(g, &e);
	event_add(&e, "rule", "%s", rule);
	game_emit(g, &e);
	bool pursue = pursuit_pursues(g, die, u->tq);
	event_init(&e, "pursuit_check");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "dr", "%d", die);
	if (check_drm(g))
		event_add(&e, "drm", "%d", check_drm(g));
	event_add(&e, "tq", "%d", u->tq);
	event_add(&e, "result", "%s",
		  pursue ? "pursue" : gba ? "advance" : "break_off");
	event_add(&e, "rule", "%s", rule);
	game_emit(g, &e);
	if (gba) {
		/* GBA 10.32: no Break-Off, no marker: a cavalry that does
		 * not pursue advances after combat as usual */
		if (!pursue) {
			c->pursuit_stage = PS_ADVANCE;
			*done = false;
			return true;
		}
		gba_charge_end(g, u, "pursuit"); /* GBA 9.76 (R183) */
	} else {
		mark_finished(g, ui); /* 8.63 */
	}
	if (!pursue) {
		c->pursuit_stage = PS_BREAKOFF;
		/* 8.62 Break-Off: each router moves its full Rout Movement
		 * now, less what its 10.22 move used (doc-parts/pursuit.md) */
		for (int k = 0; k < c->ndef; k++) {
			int d = c->def[k];
			if (game_unit_in_play(&g->units[d]) &&
			    g->units[d].routed)
				rout_begin_full(g, d, "8.62", mp_spent(g, d));
		}
		if (rout_pending(g))
			return false;
		c->pursuit_stage = PS_ADVANCE;
		*done = false; /* the cavalry advances after combat (8.5) */
		return true;
	}
	int router = routed_defender(g, src);
	c->pursuit_followed = router;
	if (router < 0) {
		/* every defender eliminated already */
		c->pursuit_stage = PS_DONE;
		int last = c->ndef ? c->def[0] : -1;
		half_ma_on(g, ui, last,
			   c->ndef ? g->units[c->def[0]].side : -1);
		*done = true;
		return true;
	}
	enum follow_end fe = follow(g, ui, router);
	if (fe == FE_CONTACT && followup(g, ci, ui)) {
		c->pursuit_stage = PS_FOLLOWUP;
		return false;
	}
	c->pursuit_stage = PS_DONE;
	*done = true;
	return true;
}

static bool pursue_or_break_off(struct game *g, int ci, bool *done)
{
	return pursue_from(g, ci, ci, done);
}

/* 8.62: after the follow-up shock: a pursuer still eligible (8.61)
 * follows the router on with no check and no further combat; every enemy
 * eliminated: half its MA on */
static bool after_followup(struct game *g, int ci, bool *done)
{
	struct shock_combat *c = &g->shock.c[ci];
	int ui = c->pursuer, fc = c->pursuit_followup;
	c->pursuit_stage = PS_DONE;
	*done = true;
	if (fc < 0 || !game_unit_in_play(&g->units[ui]) || g->units[ui].routed)
		return true;
	const char *rule;
	const char *why = no_pursuit_reason(g, fc, &rule);
	if (why) {
		emit_unit(g, "pursuit_over", ui, "why", why, rule);
		return true;
	}
	if (gba_rules(g)) {
		/* GBA 10.34 (R184): the attack routed all it fought: the
		 * cycle begins again with a new roll; the pursuit attack's
		 * own advance (8.5) was the cavalry's */
		emit_unit(g, "pursuit_again", ui, "follows",
			  uid(g, routed_defender(g, fc)), "GBA 10.34");
		c->pursuit_followed = c->pursuit_followup = -1;
		c->pursuit_stage = PS_CHOSEN;
		bool again = pursue_from(g, ci, fc, done);
		if (c->pursuit_stage == PS_ADVANCE)
			c->pursuit_stage = PS_DONE; /* it advanced in fc */
		*done = true;
		return again;
	}
	int router = routed_defender(g, fc);
	if (router < 0) {
		int last = c->pursuit_followed;
		half_ma_on(g, ui, last,
			   last >= 0 ? g->units[last].side
				     : g->units[g->shock.c[fc].def[0]].side);
		return true;
	}
	emit_unit(g, "pursuit_again", ui, "follows", uid(g, router), "8.62");
	c->pursuit_followed = router;
	follow(g, ui, router); /* there is no further combat */
	return true;
}

/* 8.61, 8.62 */
bool pursuit_after_combat(struct game *g, int ci, bool *done)
{
	*done = false;
	if (!g || ci < 0 || ci >= g->shock.ncombats)
		return true;
	struct shock_combat *c = &g->shock.c[ci];
	switch (c->pursuit_stage) {
	case PS_NONE: {
		if (c->pursuit || !has_attacking_cavalry(g, ci)) {
			c->pursuit_stage = PS_ADVANCE;
			return true;
		}
		c->pursuit_followed = c->pursuit_followup = -1;
		const char *rule;
		const char *why = no_pursuit_reason(g, ci, &rule);
		if (why) {
			struct event e;
			event_init(&e, "pursuit_none");
			event_add(&e, "combat", "%d", ci);
			event_add(&e, "why", "%s", why);
			event_add(&e, "rule", "%s", rule);
			game_emit(g, &e);
			c->pursuit_stage = PS_ADVANCE;
			return true;
		}
		int cand = -1, n = 0;
		for (int k = 0; k < c->natt; k++)
			if (cavalry_may_pursue(g, ci, k)) {
				cand = c->att[k];
				n++;
			}
		if (n > 1) {
			/* 8.61: one of them, the owner's choice */
			c->pursuit_stage = PS_ASKED;
			shock_ask(g, SHA_PURSUIT, g->shock.attacker, ci, -1);
			return false;
		}
		c->pursuer = cand;
		c->pursuit_stage = PS_CHOSEN;
	}
	/* fall through */
	case PS_CHOSEN:
		return pursue_or_break_off(g, ci, done);
	case PS_ASKED:
		if (c->pursuer >= 0) {
			c->pursuit_stage = PS_CHOSEN;
			return pursue_or_break_off(g, ci, done);
		}
		return false;
	case PS_BREAKOFF:
		if (rout_pending(g))
			return false;
		c->pursuit_stage = PS_ADVANCE;
		return true;
	case PS_FOLLOWUP:
		if (g->shock.nested)
			return false;
		return after_followup(g, ci, done);
	case PS_DONE:
		*done = true;
		return true;
	default:
		return true;
	}
}

int pursuit_legal(const struct game *g, struct decision_answer *out, int max)
{
	const struct shock_state *s = &g->shock;
	if (s->ask != SHA_PURSUIT || s->ask_combat < 0 ||
	    s->ask_combat >= s->ncombats)
		return 0;
	int n = 0;
	const struct shock_combat *c = &s->c[s->ask_combat];
	for (int k = 0; k < c->natt && n < max; k++) {
		if (!cavalry_may_pursue(g, s->ask_combat, k))
			continue;
		decision_add(out, max, &n, s->ask_side, "8.61", "pursue %s",
			     g->units[c->att[k]].id);
	}
	return n;
}

/* 8.62: a unit routed in a pursuit's follow-up combat moves its full
 * Rout Movement (10.23) at once */
void pursuit_rout_begin(struct game *g, int u, const char *rule)
{
	if (gba_rules(g)) { /* GBA 10.34: a rout as any other (10.21) */
		rout_begin(g, u, rule && *rule ? rule : "10.21");
		return;
	}
	rout_begin_full(g, u, rule && *rule ? rule : "8.62", 0);
}

/* ---- the `pursue` command (8.61) ---- */

void cmd_pursue(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	struct session *s = ctx;
	if (argc != 2) {
		cmd_malformed(r, "usage: pursue UNIT");
		return;
	}
	if (!s->game) {
		cmd_refuse(r, NULL, "no game: start one with new or load");
		return;
	}
	struct game *g = s->game;
	struct shock_state *st = &g->shock;
	if (seq_step_now(g) != SEQ_SHOCK || st->ask != SHA_PURSUIT ||
	    st->ask_combat < 0 || st->ask_combat >= st->ncombats) {
		cmd_refuse(r, "8.61", "no pursuit waits for its cavalry unit");
		return;
	}
	int ci = st->ask_combat, k = 0;
	struct shock_combat *c = &st->c[ci];
	for (; k < c->natt; k++)
		if (strcmp(g->units[c->att[k]].id, argv[1]) == 0)
			break;
	if (k == c->natt || !cavalry_may_pursue(g, ci, k)) {
		cmd_refuse(r, "8.61",
			   "%s is not a victorious attacking cavalry unit of "
			   "combat %d that may pursue",
			   argv[1], ci);
		return;
	}
	c->pursuer = c->att[k];
	c->pursuit_stage = PS_CHOSEN;
	struct event e;
	event_init(&e, "pursuer");
	event_add(&e, "unit", "%s", argv[1]);
	event_add(&e, "combat", "%d", ci);
	event_add(&e, "rule", "8.61");
	game_emit(g, &e);
	shock_answered(g);
	seq_resume(g);
}

/* ---- 8.64 Off-Map Regroup ---- */

bool pursuit_regroup_phase(const struct game *g)
{
	return g->ord.regroup;
}

static int off_map_cavalry(const struct game *g, int side)
{
	int n = 0;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		n += u->side == side && u->off_map && !u->eliminated &&
		     unit_has(g, u, TRAIT_CAVALRY);
	}
	return n;
}

/* 8.64, 4.4 #6 */
void pursuit_order_regroup(struct game *g, const char *who,
			   struct cmd_result *r)
{
	if (!seq_may_order(g, r))
		return;
	const struct leader *l = game_leader(g, who);
	if (!l) {
		cmd_refuse(r, "8.64", "no leader %s", who);
		return;
	}
	int li = (int)(l - g->leaders);
	if (li != g->active_leader || !l->overall) {
		cmd_refuse(r, "8.64",
			   "only the Overall Commander, in his own Orders "
			   "Phase, orders a Regroup and Return (4.4 #6)");
		return;
	}
	if (g->ord.mode != ORD_NONE || g->ord.moving || g->ord.regroup ||
	    g->seq.orders_left <= 0) {
		cmd_refuse(
			r, "8.64",
			"a Regroup and Return takes %s's whole Orders Phase: "
			"he has given orders already",
			l->id);
		return;
	}
	for (int i = 0; i < g->nunits; i++)
		if (g->ord.ordered[i]) {
			cmd_refuse(r, "8.64",
				   "a Regroup and Return takes %s's whole "
				   "Orders Phase: he has given orders already",
				   l->id);
			return;
		}
	int n = off_map_cavalry(g, l->side);
	if (!n) {
		cmd_refuse(r, "8.64", "no cavalry of %s's army is off the map",
			   l->id);
		return;
	}
	g->ord.regroup = true;
	seq_order_given(g, g->seq.orders_left); /* the whole phase */
	struct event e;
	event_init(&e, "regroup_order");
	event_add(&e, "leader", "%s", l->id);
	event_add(&e, "off_map", "%d", n);
	event_add(&e, "rule", "8.64,4.4");
	game_emit(g, &e);
}

/* `regroup UNIT HEX [FACING]` (8.64) */
void cmd_regroup(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	struct session *s = ctx;
	if (argc < 3 || argc > 4) {
		cmd_malformed(r, "usage: regroup UNIT HEX [FACING]");
		return;
	}
	if (!s->game) {
		cmd_refuse(r, NULL, "no game: start one with new or load");
		return;
	}
	struct game *g = s->game;
	struct hex h;
	if (!hex_parse(argv[2], &h)) {
		cmd_malformed(r, "bad hex %s", argv[2]);
		return;
	}
	int facing = -1;
	if (argc == 4 && (facing = facing_parse(argv[3])) < 0) {
		cmd_malformed(r, "bad facing %s", argv[3]);
		return;
	}
	if (!g->ord.regroup || g->active_leader < 0) {
		cmd_refuse(r, "8.64",
			   "no Regroup and Return is under way: the Overall "
			   "Commander orders it (order LEADER regroup)");
		return;
	}
	struct unit *u = game_unit(g, argv[1]);
	int side = g->leaders[g->active_leader].side;
	if (!u || u->side != side || !u->off_map || u->eliminated) {
		cmd_refuse(r, "8.64",
			   "%s is not an off-map pursuer of this army",
			   argv[1]);
		return;
	}
	if (!g->battle || !g->battle->map || !map_contains(g->battle->map, h) ||
	    hex_distance(h, u->pursuit_exit) > 2) {
		cmd_refuse(r, "8.64",
			   "%s re-enters within 2 hexes of %04d, the hex it "
			   "left by",
			   u->id, hex_number(u->pursuit_exit));
		return;
	}
	const struct unit *at[4];
	int n = game_units_at(g, h, at, 4);
	for (int k = 0; k < n; k++)
		if (game_unit_in_play(at[k])) {
			cmd_refuse(r, "6.61", "%s is occupied by %s", argv[2],
				   at[k]->id);
			return;
		}
	if (zoc_enemy_in(g, u->side, h)) {
		cmd_refuse(r, "7.23", "%s is in an enemy ZOC", argv[2]);
		return;
	}
	if (map_impassable(g->battle->map, h)) {
		cmd_refuse(r, "6.21", "%s may not enter %s", u->id, argv[2]);
		return;
	}
	u->off_map = false;
	u->on_map = true;
	struct footprint back = u->at;
	back.hex[0] = h;
	back.hex[1] = HEX_NONE;
	back.in_column = false;
	game_unit_place(g, u, back);
	if (facing >= 0)
		u->at.facing = facing;
	u->moved_phase = u->moved_turn = true;
	game_put_on_top(g, u);
	struct event e;
	event_init(&e, "regroup_return");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "hex", "%s", argv[2]);
	event_add(&e, "facing", "%s", facing_name((enum facing)u->at.facing));
	event_add_hex(&e, "exit", u->pursuit_exit);
	event_add(&e, "rule", "8.64");
	game_emit(g, &e);
}

/* 8.64: a hex within 2 of the exit hex the unit may re-enter at, the
 * first in column-row order; false when none */
static bool regroup_hex(const struct game *g, const struct unit *u,
			struct hex *out)
{
	if (!g->battle || !g->battle->map)
		return false;
	struct hex x = u->pursuit_exit;
	for (int c = x.col - 2; c <= x.col + 2; c++)
		for (int r = x.row - 2; r <= x.row + 2; r++) {
			struct hex h = {c, r};
			if (!map_contains(g->battle->map, h) ||
			    hex_distance(h, x) > 2 ||
			    map_impassable(g->battle->map, h) ||
			    zoc_enemy_in(g, u->side, h))
				continue;
			const struct unit *at[4];
			int n = game_units_at(g, h, at, 4), busy = 0;
			for (int k = 0; k < n; k++)
				busy += game_unit_in_play(at[k]);
			if (busy)
				continue;
			*out = h;
			return true;
		}
	return false;
}

int pursuit_regroup_legal(const struct game *g, bool may_order,
			  struct decision_answer *out, int max)
{
	if (g->active_leader < 0 || g->active_leader >= g->nleaders)
		return 0;
	const struct leader *l = &g->leaders[g->active_leader];
	int n = 0;
	if (g->ord.regroup) {
		for (int i = 0; i < g->nunits && n < max; i++) {
			const struct unit *u = &g->units[i];
			struct hex h;
			if (u->side != l->side || !u->off_map ||
			    u->eliminated || !unit_has(g, u, TRAIT_CAVALRY) ||
			    !regroup_hex(g, u, &h))
				continue;
			decision_add(out, max, &n, l->side, "8.64",
				     "regroup %s %04d", u->id, hex_number(h));
		}
		return n;
	}
	bool any = false;
	for (int i = 0; i < g->nunits; i++)
		any = any || g->ord.ordered[i];
	if (may_order && l->overall && g->ord.mode == ORD_NONE &&
	    !g->ord.moving && !any && g->seq.orders_left > 0 &&
	    off_map_cavalry(g, l->side) > 0 && n < max) {
		decision_add(out, max, &n, l->side, "8.64", "order %s regroup",
			     l->id);
	}
	return n;
}
