/* rally.c — Recovery (10.16) and Rally (10.28, 10.29, 10.31, 10.33). */
#include "maniple/rally.h"

#include <stdarg.h>
#include <string.h>

#include "maniple/event.h"
#include "maniple/los.h"
#include "maniple/map.h"
#include "maniple/odds.h"
#include "maniple/rout.h"
#include "maniple/tables.h"

static bool deny(struct rally_why *w, const char *rule, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static bool deny(struct rally_why *w, const char *rule, const char *fmt, ...)
{
	w->rule = rule;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(w->text, sizeof w->text, fmt, ap);
	va_end(ap);
	return false;
}

static const char *yn(bool b)
{
	return b ? "yes" : "no";
}

/* 10.16, 10.28: an enemy unit with missiles, not Engaged (nor routed:
 * 10.27 it fires for no reason), that has hex h in range and LOS */
static bool missile_threat(const struct game *g, const struct unit *e,
			   struct hex h)
{
	if (!game_unit_in_play(e) || e->routed || e->engaged || !g->tables)
		return false;
	const struct {
		enum missile_class mc;
		enum missile_supply s;
	} wpn[3] = {{e->missile, e->supply},
		    {e->tower, e->tower_supply},
		    {e->screen, e->screen_supply}};
	int range = 0;
	for (int k = 0; k < 3; k++) {
		if (wpn[k].mc == MC_NONE || wpn[k].s == SUPPLY_NO)
			continue;
		int r = tables_missile_range(g->tables, wpn[k].mc);
		if (r > range)
			range = r;
	}
	if (range <= 0 || footprint_distance(&e->at, h) > range)
		return false;
	return los_missile(g, e, h, NULL);
}

/* GBA 10.27: what u's hex mh costs it to enter, the change of elevation
 * and the hexside crossed aside */
static int entry_mp(const struct game *g, const struct unit *u,
		    const struct map_hex *mh)
{
	struct hex_entry e = {.type = u->type,
			      .terrain = (enum terrain)mh->terrain,
			      .from_level = mh->elevation,
			      .to_level = mh->elevation};
	struct move_cost c = tables_hex_entry_cost(g->tables, &e);
	return c.prohibited ? 99 : c.mp;
}

/* 10.16, 10.28: Clear terrain (a rally in GBA 10.27: a hex costing at
 * most 1 MP to enter), no adjacent enemy combat unit */
bool rally_ground_ok(const struct game *g, const struct unit *u, bool rally,
		     bool *in_missile_range, struct rally_why *w)
{
	*in_missile_range = false;
	const struct map *m = g->battle ? g->battle->map : NULL;
	bool one_mp = rally && tables_variant(g->tables, RV_RALLY_GROUND) ==
				       RALLY_GROUND_ONE_MP;
	for (int k = 0; k < 2; k++) {
		struct hex h = u->at.hex[k];
		if (hex_is_none(h))
			continue;
		const struct map_hex *mh = m ? map_at(m, h) : NULL;
		int mp = one_mp && mh ? entry_mp(g, u, mh) : 0;
		if (one_mp && mh && mp > 1) {
			char b[16];
			hex_format(h, b, sizeof b);
			return deny(w, "10.28",
				    "%s's hex %s (%s) costs it more than 1 MP "
				    "to enter",
				    u->id, b,
				    terrain_name((enum terrain)mh->terrain));
		}
		if (!mh || (!one_mp && mh->terrain != TERRAIN_CLEAR)) {
			char b[16];
			hex_format(h, b, sizeof b);
			return deny(w, "10.16",
				    "%s is not in Clear terrain (%s is %s)",
				    u->id, b,
				    mh ? terrain_name((enum terrain)mh->terrain)
				       : "off the map");
		}
	}
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *e = &g->units[i];
		if (e->side == u->side || !game_unit_in_play(e))
			continue;
		for (int k = 0; k < 2; k++) {
			struct hex h = u->at.hex[k];
			if (hex_is_none(h))
				continue;
			if (footprint_distance(&e->at, h) == 1)
				return deny(w, "10.16",
					    "%s is adjacent to the enemy %s",
					    u->id, e->id);
			if (missile_threat(g, e, h))
				*in_missile_range = true;
		}
	}
	return true;
}

/* 10.16: hits that may come off by one order now */
bool recovery_check(const struct game *g, int ui, int *may_remove,
		    struct rally_why *w)
{
	*may_remove = 0;
	if (ui < 0 || ui >= g->nunits)
		return deny(w, "10.16", "no such unit");
	const struct unit *u = &g->units[ui];
	if (!game_unit_in_play(u))
		return deny(w, "10.16", "%s is not on the map", u->id);
	if (u->routed)
		return deny(w, "10.16",
			    "%s is routed: it may only be rallied (10.28)",
			    u->id);
	if (u->rallied)
		return deny(w, "10.16",
			    "%s rallied this Game Turn: no hits come off",
			    u->id);
	if (u->hits <= 0)
		return deny(w, "10.16", "%s has no Cohesion Hits", u->id);
	bool in_range;
	if (!rally_ground_ok(g, u, false, &in_range, w))
		return false;
	/* 10.16 (GBA 10.14: none within range of enemy missiles) */
	int cap = game_constant(g, in_range ? RC_RECOVERY_HITS_IN_MISSILE_RANGE
					    : RC_RECOVERY_HITS);
	if (cap <= 0)
		return deny(w, "10.16",
			    "%s is within range and LOS of enemy missiles: no "
			    "hits come off there",
			    u->id);
	if (u->recovered >= cap)
		return deny(w, "10.16",
			    "%s has had %d hit%s removed this Orders Phase, "
			    "the most allowed%s",
			    u->id, u->recovered, u->recovered == 1 ? "" : "s",
			    in_range ? " within range and LOS of enemy "
				       "missiles"
				     : "");
	int n = cap - u->recovered;
	*may_remove = n < u->hits ? n : u->hits;
	return true;
}

/* 10.16 */
void recovery_do(struct game *g, int ui)
{
	struct rally_why w;
	int n;
	if (!recovery_check(g, ui, &n, &w))
		return;
	struct unit *u = &g->units[ui];
	bool in_range;
	rally_ground_ok(g, u, false, &in_range, &w);
	int was = u->hits;
	u->hits -= n;
	u->recovered += n;
	struct event e;
	event_init(&e, "recovery");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "hits_before", "%d", was);
	event_add(&e, "removed", "%d", n);
	event_add(&e, "hits", "%d", u->hits);
	event_add(&e, "missiles_near", "%s", yn(in_range));
	event_add(&e, "rule", "10.16");
	game_emit(g, &e);
}

/* 10.28, 9.14: may leader li try to rally unit ui */
bool rally_check(const struct game *g, int ui, int li, int facing,
		 struct rally_why *w)
{
	if (ui < 0 || ui >= g->nunits)
		return deny(w, "10.28", "no such unit");
	if (li < 0 || li >= g->nleaders)
		return deny(w, "10.28", "no leader");
	if (!g->tables)
		return deny(w, "10.29", "no Rally Table is loaded");
	const struct unit *u = &g->units[ui];
	const struct leader *l = &g->leaders[li];
	if (!game_unit_in_play(u))
		return deny(w, "10.28", "%s is not on the map", u->id);
	if (!u->routed)
		return deny(w, "10.28", "%s is not routed", u->id);
	if (unit_has(g, u, TRAIT_ELEPHANT))
		return deny(w, "10.28",
			    "%s is a rampaging elephant: it never rallies "
			    "(9.14)",
			    u->id);
	/* GBA 10.27 */
	if (tables_variant(g->tables, RV_RALLY_DOUBLE_SIZE) ==
		    DOUBLE_SIZE_NEVER_RALLIES &&
	    unit_is_two_hex(u) &&
	    (unit_has(g, u, TRAIT_PHALANX) ||
	     unit_has(g, u, TRAIT_HEAVY_INFANTRY)))
		return deny(w, "10.28",
			    "%s is a two-hex phalanx or heavy infantry unit: "
			    "it never rallies",
			    u->id);
	if (u->rally_tried & (UINT64_C(1) << li))
		return deny(w, "10.28",
			    "%s has already tried to rally %s this Game Turn",
			    l->id, u->id);
	bool in_range;
	if (!rally_ground_ok(g, u, true, &in_range, w)) {
		w->rule = "10.28";
		return false;
	}
	if (in_range)
		return deny(w, "10.28",
			    "%s is within range and LOS of an enemy unit with "
			    "missiles that is not Engaged",
			    u->id);
	if (facing >= 0) {
		if (facing >= FACING_COUNT)
			return deny(w, "10.28", "bad facing");
		if (u->at.in_column)
			return deny(w, "6.73",
				    "%s is In Column: it changes formation by "
				    "6.7, not by a rally refacing",
				    u->id);
		struct footprint fp = u->at;
		fp.facing = facing;
		const char *bad = footprint_check(&fp);
		if (bad)
			return deny(w, "10.28", "%s may not face %s: %s",
				    u->id, facing_name((enum facing)facing),
				    bad);
	}
	return true;
}

bool rally_no_orders(const struct unit *u)
{
	return u && u->rallied;
}

/* 10.31: a rallied unit is Depleted; 10.28 infantry missile units are
 * Missile No */
static void rallied_effects(struct game *g, struct unit *u)
{
	struct event e;
	/* GBA has no Depletion (10.3 SPQR only: variants.ini) */
	if (!u->depleted &&
	    tables_variant(g->tables, RV_RALLY_DEPLETES) == RALLY_DEPLETES) {
		u->depleted = true;
		event_init(&e, "depleted");
		event_add(&e, "unit", "%s", u->id);
		event_add(&e, "cause", "rally");
		event_add(&e, "rule", "10.31");
		game_emit(g, &e);
	}
	if (unit_has(g, u, TRAIT_INFANTRY) && u->missile != MC_NONE &&
	    u->supply != SUPPLY_NO) {
		u->supply = SUPPLY_NO;
		event_init(&e, "missile_no");
		event_add(&e, "unit", "%s", u->id);
		event_add(&e, "cause", "rally");
		event_add(&e, "rule", "10.28");
		game_emit(g, &e);
	}
}

static int roll(struct game *g, const char *what, const struct unit *u,
		const struct leader *l, int drm, const char *rule)
{
	struct event e;
	game_roll_begin(&e, what);
	event_add(&e, "unit", "%s", u->id);
	if (l)
		event_add(&e, "leader", "%s", l->id);
	int die = game_roll_die(g, &e);
	event_add(&e, "drm", "%d", drm);
	event_add(&e, "rule", "%s", rule);
	game_emit(g, &e);
	return die + drm;
}

/* 10.28, 10.33: the attempt's modifier and the modified roll it needs */
static void rally_terms(const struct game *g, const struct unit *u,
			const struct leader *l, int *drm, int *need)
{
	*drm = u->depleted ? tables_rally_modifier(g->tables,
						   RM_DEPLETED_ATTEMPT_DR)
			   : 0;
	*need = l->initiative +
		tables_rally_modifier(g->tables, RM_ATTEMPT_INITIATIVE_BONUS);
}

/* 10.28: what the modified roll dr does: the unit rallies at need or
 * less, is eliminated past its printed TQ, else rout moves (GBA 10.27:
 * heavy infantry failing is eliminated) */
static const char *rally_outcome(const struct game *g, const struct unit *u,
				 int dr, int need)
{
	if (dr <= need)
		return "rallied";
	if (dr > u->tq ||
	    (tables_variant(g->tables, RV_RALLY_HI_FAILING) ==
		     HI_FAILING_ELIMINATED &&
	     unit_has(g, u, TRAIT_HEAVY_INFANTRY)))
		return "eliminated";
	return "rout_move";
}

bool rally_odds(const struct game *g, int ui, int li, struct odds *o)
{
	struct rally_why w;
	odds_init(o, 0, "10.28");
	if (!g || !g->tables || !rally_check(g, ui, li, -1, &w))
		return false;
	const struct unit *u = &g->units[ui];
	int drm, need;
	rally_terms(g, u, &g->leaders[li], &drm, &need);
	odds_init(o, 10, u->depleted ? "10.28,10.33" : "10.28");
	for (int d = 0; d < 10; d++) {
		const char *what = rally_outcome(g, u, d + drm, need);
		odds_face(o, d, !strcmp(what, "rallied"), "%s", what);
	}
	return true;
}

/* 10.28, 10.29, 10.33: the rally attempt */
void rally_attempt(struct game *g, int ui, int li, int facing)
{
	struct rally_why w;
	if (!g->tables || !rally_check(g, ui, li, facing, &w))
		return;
	struct unit *u = &g->units[ui];
	const struct leader *l = &g->leaders[li];
	u->rally_tried |= UINT64_C(1) << li;
	bool was_depleted = u->depleted; /* 10.33: before the attempt */
	int drm, need;
	rally_terms(g, u, l, &drm, &need);
	int dr = roll(g, "rally", u, l, drm, was_depleted ? "10.28,10.33"
							  : "10.28");
	const char *outcome = rally_outcome(g, u, dr, need);
	struct event e;
	event_init(&e, "rally");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "leader", "%s", l->id);
	event_add(&e, "dr", "%d", dr);
	event_add(&e, "initiative", "%d", l->initiative);
	event_add(&e, "needed", "%d", need);
	event_add(&e, "printed_tq", "%d", u->tq);
	event_add(&e, "depleted_before", "%s", yn(was_depleted));
	if (!strcmp(outcome, "rallied")) {
		event_add(&e, "result", "rallied");
		event_add(&e, "rule", "10.28");
		game_emit(g, &e);
		int tdrm = was_depleted ? tables_rally_modifier(
						  g->tables, RM_DEPLETED_TABLE_DR)
					: 0;
		int tdr = roll(g, "rally_table", u, NULL, tdrm,
			       was_depleted ? "10.29,10.33" : "10.29");
		int hits = tables_rally_hits(g->tables, u->tq, tdr - tdrm,
					     was_depleted);
		if (hits == RALLY_KEEPS_ROUTING) {
			/* GBA 10.27: "R", it keeps routing, 2 hexes more */
			event_init(&e, "rally_keeps_routing");
			event_add(&e, "unit", "%s", u->id);
			event_add(&e, "dr", "%d", tdr);
			event_add(&e, "printed_tq", "%d", u->tq);
			event_add(&e, "rule", "GBA 10.27");
			game_emit(g, &e);
			rout_begin(g, ui, "GBA 10.27");
			return;
		}
		u->routed = false;
		u->rallied = true;
		u->hits = hits;
		event_init(&e, "rallied");
		event_add(&e, "unit", "%s", u->id);
		event_add(&e, "dr", "%d", tdr);
		event_add(&e, "printed_tq", "%d", u->tq);
		event_add(&e, "hits", "%d", hits);
		if (facing >= 0 && facing != u->at.facing) {
			u->at.facing = facing;
			event_add(&e, "faced", "%s",
				  facing_name((enum facing)facing));
		}
		event_add(&e, "rule", "10.28,10.29");
		game_emit(g, &e);
		rallied_effects(g, u);
		return;
	}
	bool eliminate = !strcmp(outcome, "eliminated");
	event_add(&e, "result", "%s", outcome);
	event_add(&e, "rule", "10.28");
	game_emit(g, &e);
	if (eliminate)
		unit_eliminate(g, u, "10.28");
	else
		rout_begin(g, ui, "10.28"); /* 10.22 */
}

/* 10.16: 2 hits per Orders Phase per unit */
void rally_orders_phase_begin(struct game *g)
{
	for (int i = 0; i < g->nunits; i++)
		g->units[i].recovered = 0;
}

/* 3.0 D.1, 10.28 */
void rally_remove_markers(struct game *g)
{
	int n = 0;
	for (int i = 0; i < g->nunits; i++) {
		struct unit *u = &g->units[i];
		if (u->rallied)
			n++;
		u->rallied = false;
		u->rally_tried = 0;
	}
	struct event e;
	event_init(&e, "rallied_markers_removed");
	event_add(&e, "count", "%d", n);
	event_add(&e, "rule", "10.28");
	game_emit(g, &e);
}

void rally_state_text(const struct game *g, FILE *f)
{
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		bool tried = u->rally_tried != 0;
		if (!u->rallied && !u->recovered && !tried)
			continue;
		fprintf(f, "rally unit=%s rallied=%s recovered=%d tried=", u->id,
			yn(u->rallied), u->recovered);
		const char *sep = "";
		for (int k = 0; k < g->nleaders && k < BATTLE_LEADERS_MAX; k++)
			if (u->rally_tried & (UINT64_C(1) << k)) {
				fprintf(f, "%s%s", sep, g->leaders[k].id);
				sep = ",";
			}
		fprintf(f, "%s\n", *sep ? "" : "-");
	}
}
