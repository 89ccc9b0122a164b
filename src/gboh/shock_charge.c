/* shock_charge.c — the Charge (8.43), leader casualties (8.44, 4.73),
 * the Collapse (8.47 [1] [2]), the all-rout procedure (10.15), the
 * phalanx stand-or-rout roll (8.43 Exception) and what the rout of one
 * unit of a stack does to the other (6.68, 9.63, 9.53; RULINGS R2).
 *
 * Rulings (doc-parts/charge.md):
 * - 8.43: an attacker checks when it carries Shock Must Check (or the
 *   combat is marked must_check and the attacker is not marked Shock No
 *   Check), or when the combat is a pursuit's follow-up (8.62: the
 *   cavalry moved into contact, so it charges as a mover does, 7.33).
 *   The defenders check when at least one attacker of their combat does.
 * - "Any unit attacking a Skirmisher / a Routed unit": the attacker does
 *   not check when every defender of its combat is a skirmisher or
 *   routed.  A skirmisher defender still checks; a routed defender does
 *   not (it stands no charge; the CRT and 10.27 deal with it).
 * - "PH, HI, LG attacked frontally by LI": the attacked heavy unit does
 *   not check when every checking attacker of its combat is LI attacking
 *   it through its front.  The LI still checks.
 * - A stack: the top unit checks (6.68 bullet 4) and takes the hits; in
 *   a double-depth phalanx the other unit checks too when the top took
 *   hits (9.53 bullet 2).
 * - 10.15 comes first (8.47 [1] says "first"); a phalanx of the side
 *   10.15 routs still makes its stand-or-rout roll (8.43 Exception).
 * - 8.47 [2]: each unit of a stack at TQ-1 rolls for itself; the roll
 *   takes the 9.63 modifier; a phalanx at TQ-1 makes the 8.43 Exception
 *   roll (and, defending against Position Superiority, routs without a
 *   roll) and, when it stands, keeps TQ-1 hits.
 * - Combats that are off after the charge take no part in the later
 *   steps (8.43 last paragraph).
 *
 * Progress (re-entry after a rout move's choice or an advance): the
 * driver's cursor (the combat), sub (how far in it) and mark[] (per
 * unit). */
#include "maniple/shock.h"

#include <stdio.h>
#include <string.h>

#include "maniple/double_depth.h"
#include "maniple/event.h"
#include "maniple/gba_personal_combat.h"
#include "maniple/missile.h"
#include "maniple/movement.h"
#include "maniple/gba_chariot.h"
#include "maniple/gba_pass_through.h"
#include "maniple/passthru.h"
#include "maniple/pursuit.h"
#include "maniple/rout.h"
#include "maniple/stacking.h"

/* mark[] bits */
enum {
	M_ROUT = 1,   /* decided: the unit routs */
	M_DONE = 2,   /* its rout has been started */
	M_STOOD = 4,  /* a phalanx stood (8.43 Exception) */
	M_ROLLED = 8, /* it made its check in this step */
	M_NOTED = 16, /* its 10.22 elimination was noted */
};

/* collapse sub values: [1] 0..2, [2] 10..12 */
enum { SUB_C2 = 10 };

static struct unit *unit_of(struct game *g, int u)
{
	return &g->units[u];
}

static int role_count(const struct shock_combat *c, int role)
{
	return role == 0 ? c->natt : c->ndef;
}

static int role_unit(const struct shock_combat *c, int role, int k)
{
	return role == 0 ? c->att[k] : c->def[k];
}

static bool role_gone(const struct shock_combat *c, int role, int k)
{
	return role == 0 ? c->att_gone[k] : c->def_gone[k];
}

static bool valid_unit(const struct game *g, int u)
{
	return u >= 0 && u < g->nunits;
}

/* The unit still stands in the combat: not gone, in play, not routed. */
static bool standing_at(const struct game *g, const struct shock_combat *c,
			int role, int k)
{
	int u = role_unit(c, role, k);
	if (!valid_unit(g, u) || role_gone(c, role, k))
		return false;
	const struct unit *x = &g->units[u];
	return game_unit_in_play(x) && !x->routed;
}

/* The unit is still in the combat (not gone, in play), routed or not: a
 * unit routed before the segment may still be attacked (8.43 bullet 2,
 * 10.27). */
static bool present_at(const struct game *g, const struct shock_combat *c,
		       int role, int k)
{
	int u = role_unit(c, role, k);
	return valid_unit(g, u) && !role_gone(c, role, k) &&
	       game_unit_in_play(&g->units[u]);
}

static int present(const struct game *g, const struct shock_combat *c, int role)
{
	int n = 0;
	for (int k = 0; k < role_count(c, role); k++)
		n += present_at(g, c, role, k);
	return n;
}

static void emit_unit(struct game *g, const char *kind, const struct unit *u,
		      const char *key, const char *val, const char *rule)
{
	struct event e;
	event_init(&e, kind);
	event_add(&e, "unit", "%s", u->id);
	if (key)
		event_add(&e, key, "%s", val);
	event_add(&e, "rule", "%s", rule);
	game_emit(g, &e);
}

/* One d10 for what, with its `roll` event. */
static int roll_die(struct game *g, const char *what, const char *who, int drm,
		    const char *rule)
{
	struct event e;
	game_roll_begin(&e, what);
	event_add(&e, "unit", "%s", who);
	int die = game_roll_die(g, &e);
	event_add(&e, "drm", "%d", drm);
	event_add(&e, "rule", "%s", rule);
	game_emit(g, &e);
	return die;
}

/* 10.11 a TQ check rolled now; its hits are returned, not applied. */
static int check_roll(struct game *g, struct unit *u, int drm, const char *why,
		      const char *rule)
{
	int die = roll_die(g, why, u->id, drm, rule);
	int tq = unit_tq_now(g, u);
	int dr = die + drm;
	int hits = tq_check_hits(dr, tq);
	struct event e;
	event_init(&e, "tq_check");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "dr", "%d", dr);
	event_add(&e, "tq", "%d", tq);
	event_add(&e, "routed", "%s", u->routed ? "yes" : "no");
	event_add(&e, "hits", "%d", hits);
	event_add(&e, "why", "%s", why);
	event_add(&e, "rule", "%s", rule);
	game_emit(g, &e);
	return hits;
}

/* 10.15, 8.43, 8.51: a unit's hits set to TQ minus 1. */
static void hits_to_tq_minus_1(struct game *g, struct unit *u, const char *rule)
{
	u->hits = u->tq - 1 > 0 ? u->tq - 1 : 0;
	struct event e;
	event_init(&e, "hits_set");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "hits", "%d", u->hits);
	event_add(&e, "tq", "%d", u->tq);
	event_add(&e, "rule", "%s", rule);
	game_emit(g, &e);
}

/* ------------------------------------------------------------ 8.43 */

/* 8.43 the attacker charges: it carries Shock Must Check (8.62: a
 * pursuit's follow-up charges as a mover) */
static bool att_must(const struct game *g, const struct shock_combat *c, int k)
{
	const struct unit *u = &g->units[c->att[k]];
	if (c->pursuit) /* GBA 10.34: no Pre-Shock TQ checks */
		return pursuit_followup_charges(g);
	if (u->shock_must)
		return true;
	return c->must_check && !u->shock_no;
}

static bool any_att_must(const struct game *g, const struct shock_combat *c)
{
	for (int k = 0; k < c->natt; k++)
		if (valid_unit(g, c->att[k]) && att_must(g, c, k))
			return true;
	return false;
}

static bool is_heavy_foot(const struct game *g, const struct unit *u)
{
	return unit_has(g, u, TRAIT_PHALANX) ||
	       unit_has(g, u, TRAIT_HEAVY_INFANTRY) ||
	       unit_has(g, u, TRAIT_LEGION);
}

/* 9.53 bullet 2: a Double-Depth defender attacked through its rear by
 * any attacker checks with its bottom unit instead of its top. */
static bool dd_attacked_from_rear(const struct game *g,
				  const struct shock_combat *c, int role,
				  const struct unit *x)
{
	if (role != 1 || !double_depth_mate(g, x))
		return false;
	for (int a = 0; a < c->natt; a++)
		if (valid_unit(g, c->att[a]) &&
		    footprint_approach(&x->at, &g->units[c->att[a]].at) ==
			    ZONE_REAR)
			return true;
	return false;
}

/* 6.68 bullet 4: the bottom unit of a stack whose top is on the same
 * side of the combat leaves the check to the top (9.53: the other way
 * round for a Double-Depth stack attacked from its rear). */
static bool top_checks_for(const struct game *g, const struct shock_combat *c,
			   int role, int u)
{
	const struct unit *x = &g->units[u];
	if (stacking_is_bottom(g, x) == dd_attacked_from_rear(g, c, role, x))
		return false;
	const struct unit *m = stacking_mate(g, x);
	if (!m)
		return false;
	int mi = (int)(m - g->units);
	for (int k = 0; k < role_count(c, role); k++)
		if (role_unit(c, role, k) == mi && !role_gone(c, role, k))
			return true;
	return false;
}

/* 8.43: whether unit k of role checks; *why says why not. */
static bool charge_checks(const struct game *g, const struct shock_combat *c,
			  int role, int k, const char **why)
{
	*why = NULL;
	int u = role_unit(c, role, k);
	if (role == 0) {
		if (!att_must(g, c, k)) {
			*why = "shock_no_check";
			return false;
		}
		/* GBA 9.31: a skirmisher attacking skirmishers still checks
		 * (SPQR: no skirmisher attacks) */
		bool sk_att = unit_has(g, &g->units[u], TRAIT_SKIRMISHER);
		bool soft = c->ndef > 0;
		for (int d = 0; d < c->ndef; d++) {
			const struct unit *x = &g->units[c->def[d]];
			if (!valid_unit(g, c->def[d]) ||
			    ((sk_att || !unit_has(g, x, TRAIT_SKIRMISHER)) &&
			     !x->routed))
				soft = false;
		}
		if (soft) {
			*why = "attacks_skirmisher_or_routed";
			return false;
		}
		if (gba_chariot_skips_check(g, &g->units[u])) {
			*why = "chariot_charge"; /* GBA 9.22 */
			return false;
		}
	} else {
		if (!any_att_must(g, c)) {
			*why = "shock_no_check";
			return false;
		}
		const struct unit *d = &g->units[u];
		if (is_heavy_foot(g, d)) {
			bool li_front = true;
			for (int a = 0; a < c->natt; a++) {
				if (!att_must(g, c, a))
					continue;
				const struct unit *x = &g->units[c->att[a]];
				if (!unit_has(g, x, TRAIT_LIGHT_INFANTRY) ||
				    footprint_approach(&d->at, &x->at) !=
					    ZONE_FRONT)
					li_front = false;
			}
			if (li_front) {
				*why = "heavy_attacked_frontally_by_li";
				return false;
			}
		}
	}
	if (top_checks_for(g, c, role, u)) {
		*why = dd_attacked_from_rear(g, c, role, &g->units[u])
			       ? "bottom_unit_checks_rear"
			       : "top_unit_checks";
		return false;
	}
	return true;
}

static void add_mod(struct charge_check *cc, const char *name, int drm,
		    const char *rule)
{
	if (cc->n < CHARGE_MODIFIERS_MAX)
		cc->mod[cc->n++] = (struct charge_modifier){name, drm, rule};
	cc->drm += drm;
}

/* 8.43 the modifiers to the Pre-Shock TQ check, 9.11 #1, 9.63, 9.53 */
static void charge_drm(const struct game *g, const struct shock_combat *c,
		       int role, int k, struct charge_check *cc)
{
	const struct unit *u = &g->units[role_unit(c, role, k)];
	int other = 1 - role;
	bool el_front = false, vs_indian = false, by_dd = false;
	bool by_elephant = false; /* GBA 8.33, 9.17 */
	bool spqr_elephant = tables_variant(g->tables, RV_CHARGE_ELEPHANT) ==
			     CHARGE_ELEPHANT_BETTER;
	for (int j = 0; j < role_count(c, other); j++) {
		int oi = role_unit(c, other, j);
		if (!valid_unit(g, oi))
			continue;
		const struct unit *o = &g->units[oi];
		if (role == 0 && unit_has(g, u, TRAIT_ELEPHANT) &&
		    (unit_has(g, o, TRAIT_PHALANX) || unit_has(g, o, TRAIT_HEAVY_INFANTRY)) &&
		    footprint_approach(&o->at, &u->at) == ZONE_FRONT)
			el_front = true;
		if (unit_has(g, u, TRAIT_ELEPHANT) && u->elephant == ELEPHANT_AFRICAN &&
		    unit_has(g, o, TRAIT_ELEPHANT) && o->elephant == ELEPHANT_INDIAN)
			vs_indian = true;
		if (role == 1 && unit_has(g, o, TRAIT_PHALANX) && o->double_depth)
			by_dd = true;
		if (role == 1 && unit_has(g, o, TRAIT_ELEPHANT))
			by_elephant = true;
	}
	if (spqr_elephant && el_front)
		add_mod(cc, "elephant_vs_heavy_front", 1, "8.43");
	if (spqr_elephant && vs_indian)
		add_mod(cc, "african_vs_indian", 1, "8.43");
	if (!spqr_elephant && by_elephant)
		add_mod(cc, "attacked_by_elephant", 1, "GBA 9.17");
	if (gba_chariot_charge_drm(g, c, role))
		add_mod(cc, "attacked_by_chariot", 1, "GBA 9.22");
	if (by_dd)
		add_mod(cc, "attacked_by_double_depth", 1, "8.43");
	if (role == 1 && unit_has(g, u, TRAIT_PHALANX) && u->double_depth)
		add_mod(cc, "double_depth_defender", -1, "8.43");
	if (passthru_charge_drm(g, c, role, u))
		add_mod(cc, "pass_thru", 1, "9.11"); /* 9.11 #1 */
	int st = stacking_tq_drm(g, u);
	if (st)
		add_mod(cc, "mixed_roman_stack", st, "9.63");
}

bool shock_charge_check(const struct game *g, int ci, int role, int k,
			struct charge_check *cc)
{
	memset(cc, 0, sizeof *cc);
	if (!g || ci < 0 || ci >= g->shock.ncombats || role < 0 || role > 1)
		return false;
	const struct shock_combat *c = &g->shock.c[ci];
	if (k < 0 || k >= role_count(c, role) || !standing_at(g, c, role, k))
		return false;
	cc->checks = charge_checks(g, c, role, k, &cc->why);
	if (!cc->checks) {
		cc->rule = !strcmp(cc->why, "top_unit_checks")	       ? "6.68"
			   : !strcmp(cc->why, "bottom_unit_checks_rear") ? "9.53"
			   : !strcmp(cc->why, "chariot_charge") ? "GBA 9.22"
									 : "8.43";
		return true;
	}
	cc->rule = "8.43";
	charge_drm(g, c, role, k, cc);
	return true;
}

bool shock_charge_odds(const struct game *g, int ci, int role, int k,
		       struct odds *o)
{
	struct charge_check cc;
	if (!shock_charge_check(g, ci, role, k, &cc) || !cc.checks)
		return false;
	const struct unit *u = &g->units[role_unit(&g->shock.c[ci], role, k)];
	tq_check_odds_as_is(g, u, cc.drm, o);
	snprintf(o->rule, sizeof o->rule, "%s", cc.rule);
	return true;
}

/* The modifiers of cc, each a `charge_modifier` event. */
static void emit_modifiers(struct game *g, const struct unit *u,
			   const struct charge_check *cc)
{
	for (int i = 0; i < cc->n; i++) {
		struct event e;
		event_init(&e, "charge_modifier");
		event_add(&e, "unit", "%s", u->id);
		event_add(&e, "name", "%s", cc->mod[i].name);
		event_add(&e, "drm", "%+d", cc->mod[i].drm);
		event_add(&e, "rule", "%s", cc->mod[i].rule);
		game_emit(g, &e);
	}
}

/* 9.53 bullet 2: the top unit of a double-depth phalanx took hits in its
 * check: the other unit checks too (same modifiers). */
static void dd_other_checks(struct game *g, int u, int drm, int *pending)
{
	const struct unit *x = &g->units[u];
	const struct unit *m = stacking_mate(g, x);
	if (!x->double_depth || !m || !m->double_depth)
		return;
	int mi = (int)(m - g->units);
	if (g->shock.mark[mi] & M_ROLLED)
		return;
	g->shock.mark[mi] |= M_ROLLED;
	pending[mi] +=
		check_roll(g, unit_of(g, mi), drm, "pre_shock_check", "9.53");
}

/* 8.43: every check of the batch is rolled (combats in order, attackers
 * then defenders), then every hit applied: the checks are simultaneous. */
static void charge_roll_all(struct game *g)
{
	struct shock_state *s = &g->shock;
	int pending[BATTLE_UNITS_MAX];
	memset(pending, 0, sizeof pending);
	for (int ci = s->batch_begin; ci < s->batch_end; ci++) {
		struct shock_combat *c = &s->c[ci];
		if (c->off)
			continue;
		for (int role = 0; role < 2; role++)
			for (int k = 0; k < role_count(c, role); k++) {
				if (!standing_at(g, c, role, k))
					continue;
				int u = role_unit(c, role, k);
				struct charge_check cc;
				shock_charge_check(g, ci, role, k, &cc);
				if (!cc.checks) {
					emit_unit(g, "no_charge_check",
						  unit_of(g, u), "why", cc.why,
						  cc.rule);
					continue;
				}
				emit_modifiers(g, unit_of(g, u), &cc);
				int drm = cc.drm;
				int hits =
					check_roll(g, unit_of(g, u), drm,
						   "pre_shock_check", "8.43");
				pending[u] += hits;
				s->mark[u] |= M_ROLLED;
				if (hits > 0)
					dd_other_checks(g, u, drm, pending);
			}
	}
	for (int u = 0; u < g->nunits && u < BATTLE_UNITS_MAX; u++)
		if (pending[u] > 0)
			cohesion_hits_held(g, unit_of(g, u), pending[u],
					   "pre_shock_check", "8.43");
}

/* ------------------------------------------------------------ 10.15 */

/* 10.15 [1]-[3] which side routs */
int shock_all_rout_side(const struct game *g, int ci, const int *att_cost)
{
	if (!g || ci < 0 || ci >= g->shock.ncombats)
		return 1;
	const struct shock_combat *c = &g->shock.c[ci];
	int worst[2] = {-1000, -1000};
	for (int role = 0; role < 2; role++)
		for (int k = 0; k < role_count(c, role); k++) {
			if (!standing_at(g, c, role, k))
				continue;
			const struct unit *u = &g->units[role_unit(c, role, k)];
			int d = u->hits - u->tq;
			if (role == 0 && att_cost)
				d += att_cost[k]; /* 10.15 [1] */
			if (d > worst[role])
				worst[role] = d;
		}
	/* 10.15 [2] the greater discrepancy routs; [3] a tie: the defender */
	return worst[0] > worst[1] ? 0 : 1;
}

/* 10.15 [2], [3]: the decision applied */
int shock_all_rout_apply(struct game *g, int ci, const int *att_cost,
			 const char *rule)
{
	if (!g || ci < 0 || ci >= g->shock.ncombats)
		return 1;
	struct shock_combat *c = &g->shock.c[ci];
	int loser = shock_all_rout_side(g, ci, att_cost);
	struct event e;
	for (int role = 0; role < 2; role++)
		for (int k = 0; k < role_count(c, role); k++) {
			if (!standing_at(g, c, role, k))
				continue;
			const struct unit *u = &g->units[role_unit(c, role, k)];
			event_init(&e, "all_rout_unit");
			event_add(&e, "unit", "%s", u->id);
			event_add(&e, "side", "%s",
				  role ? "defender" : "attacker");
			event_add(&e, "hits", "%d", u->hits);
			if (role == 0)
				event_add(&e, "advance_hits", "%d",
					  att_cost ? att_cost[k] : 0);
			event_add(&e, "tq", "%d", u->tq);
			event_add(&e, "rule", "10.15");
			game_emit(g, &e);
		}
	event_init(&e, "all_rout");
	event_add(&e, "combat", "%d", ci);
	event_add(&e, "routs", "%s", loser ? "defender" : "attacker");
	event_add(&e, "by", "%s", rule);
	event_add(&e, "rule", "10.15");
	game_emit(g, &e);
	c->all_rout = true;
	int keep = 1 - loser;
	for (int k = 0; k < role_count(c, keep); k++)
		if (standing_at(g, c, keep, k))
			hits_to_tq_minus_1(g, unit_of(g, role_unit(c, keep, k)),
					   "10.15");
	return loser;
}

/* 10.15 with the advance hits of ADVANCE's shock_advance_cost */
int shock_all_rout(struct game *g, int ci, const char *rule)
{
	if (!g || ci < 0 || ci >= g->shock.ncombats)
		return 1;
	int cost[SHOCK_UNITS_MAX] = {0};
	const struct shock_combat *c = &g->shock.c[ci];
	for (int k = 0; k < c->natt && k < SHOCK_UNITS_MAX; k++)
		if (standing_at(g, c, 0, k))
			cost[k] = shock_advance_cost(g, ci, c->att[k]);
	return shock_all_rout_apply(g, ci, cost, rule);
}

/* ------------------------------------------------ phalanx exception */

/* 8.43 exception, 8.47 [1], GBA 9.65: whether u rolls to stand rather
 * than rout (variants.ini [shock] phalanx_rout; a one-hex phalanx of a
 * GBA game does not, ruling R161) */
static bool rolls_to_stand(const struct game *g, const struct unit *u)
{
	if (tables_variant(g->tables, RV_PHALANX_ROUT) ==
	    PHALANX_ROUT_TWO_HEX_HEAVY)
		return unit_is_two_hex(u) &&
		       (unit_has(g, u, TRAIT_PHALANX) ||
			unit_has(g, u, TRAIT_HEAVY_INFANTRY));
	return unit_has(g, u, TRAIT_PHALANX);
}

/* 8.43 Exception, 8.47 [1]: a phalanx that would rout rolls: die + the
 * hits over its TQ (+3 attacking); higher than the TQ routs, else it
 * stands at TQ minus 1.  8.47 [1]: a defender against Position
 * Superiority routs with no roll (position_rule set).  true: it stands. */
static bool phalanx_stands(struct game *g, struct unit *u, int role,
			   bool position, const char *rule)
{
	if (role == 1 && position) {
		emit_unit(g, "phalanx_routs", u, "why", "position_superiority",
			  "8.47");
		return false;
	}
	int over = u->hits > u->tq ? u->hits - u->tq : 0;
	int drm = over + (role == 0 ? 3 : 0);
	int die = roll_die(g, "phalanx_stand_or_rout", u->id, drm, rule);
	int tq = unit_tq_now(g, u);
	bool stands = die + drm <= tq;
	struct event e;
	event_init(&e, "phalanx_stand_or_rout");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "dr", "%d", die + drm);
	event_add(&e, "over", "%d", over);
	event_add(&e, "attacker", "%s", role == 0 ? "yes" : "no");
	event_add(&e, "tq", "%d", tq);
	event_add(&e, "result", "%s", stands ? "stands" : "routs");
	event_add(&e, "rule", "8.43");
	game_emit(g, &e);
	if (stands)
		hits_to_tq_minus_1(g, u, "8.43");
	return stands;
}

/* ------------------------------------------- deciding and routing */

/* 8.43, 8.47 [1]: who of combat ci routs now: units at or over their TQ;
 * 10.15 first when every standing unit would; the phalanx exception.
 * Marks M_ROUT / M_STOOD.  false: nobody would rout. */
static bool decide_routs(struct game *g, int ci, bool collapse,
			 const char *rule)
{
	struct shock_state *s = &g->shock;
	struct shock_combat *c = &s->c[ci];
	int nstand[2] = {0, 0}, nwould[2] = {0, 0};
	for (int role = 0; role < 2; role++)
		for (int k = 0; k < role_count(c, role); k++) {
			if (!standing_at(g, c, role, k))
				continue;
			nstand[role]++;
			const struct unit *u = &g->units[role_unit(c, role, k)];
			if (u->hits >= u->tq)
				nwould[role]++;
		}
	if (nwould[0] + nwould[1] == 0)
		return false;
	bool all = nstand[0] > 0 && nstand[1] > 0 && nwould[0] == nstand[0] &&
		   nwould[1] == nstand[1];
	int loser = -1;
	if (all)
		loser = shock_all_rout(g, ci, rule);
	for (int role = 0; role < 2; role++)
		for (int k = 0; k < role_count(c, role); k++) {
			if (!standing_at(g, c, role, k))
				continue;
			int ui = role_unit(c, role, k);
			struct unit *u = unit_of(g, ui);
			bool routs = all ? role == loser : u->hits >= u->tq;
			if (!routs)
				continue;
			if (rolls_to_stand(g, u) &&
			    phalanx_stands(g, u, role, collapse && c->position,
					   rule)) {
				s->mark[ui] |= M_STOOD;
				if (collapse)
					c->phalanx_stood[role][k] = true;
				continue;
			}
			s->mark[ui] |= M_ROUT;
		}
	return true;
}

/* 6.68 last bullet, 9.63, 9.53 (RULINGS R2): unit ui of combat ci routs;
 * what becomes of its stack mate. */
static void rout_with_stack(struct game *g, int ci, int ui, const char *rule)
{
	struct shock_state *s = &g->shock;
	struct unit *u = unit_of(g, ui);
	const struct unit *mc = stacking_mate(g, u);
	bool top = !stacking_is_bottom(g, u);
	s->mark[ui] |= M_DONE | M_ROUT;
	shock_rout_unit(g, ci, ui, rule);
	if (!mc)
		return;
	int mi = (int)(mc - g->units);
	struct unit *m = unit_of(g, mi);
	if (!game_unit_in_play(m) || m->routed || (s->mark[mi] & M_DONE))
		return;
	if (s->mark[mi] & M_ROUT)
		return; /* it routs on its own hits in this same pass */
	const char *why;
	bool routs;
	if (u->double_depth && m->double_depth) {
		why = "9.53"; /* both units of a double-depth stack rout */
		routs = true;
	} else if (stacking_roman_infantry(g, u) &&
		   stacking_roman_infantry(g, m)) {
		why = "9.63"; /* the other Roman unit checks either way */
		routs = false;
	} else {
		why = "6.68";
		routs = top; /* the top's rout takes the bottom along */
	}
	if (!routs) {
		int hits = check_roll(g, m, stacking_tq_drm(g, m),
				      "stack_mate_routed", why);
		if (hits <= 0)
			return;
		cohesion_hits_held(g, m, hits, "stack_mate_routed", why);
	}
	emit_unit(g, "stack_rout", m, "with", u->id, why);
	s->mark[mi] |= M_DONE | M_ROUT;
	shock_rout_unit(g, ci, mi, why);
}

/* 8.47 [1]: the units marked to rout start their rout moves, the
 * defender's first. */
static void start_routs(struct game *g, int ci, const char *rule)
{
	struct shock_state *s = &g->shock;
	struct shock_combat *c = &s->c[ci];
	for (int role = 1; role >= 0; role--)
		for (int k = 0; k < role_count(c, role); k++) {
			int ui = role_unit(c, role, k);
			if (!valid_unit(g, ui))
				continue;
			if ((s->mark[ui] & M_ROUT) && !(s->mark[ui] & M_DONE))
				rout_with_stack(g, ci, ui, rule);
		}
}

static bool defender_routed_now(const struct game *g,
				const struct shock_combat *c)
{
	for (int k = 0; k < c->ndef; k++)
		if (valid_unit(g, c->def[k]) &&
		    (g->shock.mark[c->def[k]] & M_DONE))
			return true;
	return false;
}

/* 8.61 bullet 2 */
static void note_blocked(struct game *g, int ci)
{
	struct shock_combat *c = &g->shock.c[ci];
	for (int k = 0; k < c->ndef; k++) {
		int ui = c->def[k];
		if (!valid_unit(g, ui) || !(g->shock.mark[ui] & M_DONE) ||
		    (g->shock.mark[ui] & M_NOTED))
			continue;
		g->shock.mark[ui] |= M_NOTED;
		if (g->units[ui].eliminated &&
		    g->units[ui].eliminated_blocked) {
			c->rout_blocked_elimination = true;
			emit_unit(g, "blocked_elimination", &g->units[ui], NULL,
				  NULL, "8.61");
		}
	}
}

static void combat_off_check(struct game *g, int ci)
{
	struct shock_combat *c = &g->shock.c[ci];
	if (c->off)
		return;
	int na = present(g, c, 0), nd = present(g, c, 1);
	if (na > 0 && nd > 0)
		return;
	c->off = true;
	struct event e;
	event_init(&e, "combat_off");
	event_add(&e, "combat", "%d", ci);
	event_add(&e, "attackers", "%d", na);
	event_add(&e, "defenders", "%d", nd);
	event_add(&e, "rule", "8.43");
	game_emit(g, &e);
}

/* 8.43 */
bool shock_step_charge(struct game *g)
{
	struct shock_state *s = &g->shock;
	if (s->sub == 0) {
		if (!passthru_offer(g))
			return false; /* 9.11: asked before any roll */
		gba_open_ranks(g); /* GBA 9.24, before any other roll */
		charge_roll_all(g);
		s->cursor = s->batch_begin;
		s->sub = 1;
	}
	for (; s->cursor < s->batch_end; s->cursor++, s->sub = 1) {
		int ci = s->cursor;
		struct shock_combat *c = &s->c[ci];
		if (c->off)
			continue;
		if (s->sub == 1) {
			decide_routs(g, ci, false, "8.43");
			s->sub = 2;
		}
		if (s->sub == 2) {
			start_routs(g, ci, "8.43");
			s->sub = 3;
			if (rout_pending(g))
				return false;
		}
		if (s->sub == 3) {
			/* 8.43 bullet 1, 8.51: the attacker advances into
			 * the hex a routed defender left (ADVANCE's) */
			if (defender_routed_now(g, c) &&
			    shock_standing(g, ci, 0) > 0 &&
			    !shock_advance_after_charge(g, ci))
				return false;
			s->sub = 4;
		}
		combat_off_check(g, ci);
	}
	return true;
}

/* ------------------------------------------------------ 8.44, 4.73 */

/* 8.46 step 3: leader li of side role of combat c became a casualty
 * (charisma: his Charisma before it): he lends no Charisma now, and if
 * killed his side suffers it. */
static void combat_casualty(struct game *g, struct shock_combat *c, int role,
			    int li, int charisma)
{
	g->shock.casualty[li] = true;
	if (!g->leaders[li].killed)
		return;
	if (!c->leader_killed[role] || charisma > c->killed_charisma[role])
		c->killed_charisma[role] = charisma;
	c->leader_killed[role] = true;
}

/* GBA 8.34, 8.41: the leaders of both sides of combat c (who[role],
 * n[role] of them) fight Personal Combat, a champion of each (ruling
 * A16); false when a side has none who may (ruling A17: each then
 * checks as 8.44). */
static bool personal_combat(struct game *g, struct shock_combat *c,
			    int who[2][BATTLE_LEADERS_MAX], const int *n)
{
	if (tables_variant(g->tables, RV_SHOCK_LEADERS) !=
		    SHOCK_LEADERS_PERSONAL_COMBAT ||
	    !n[0] || !n[1])
		return false;
	int champ[2], charisma[2];
	for (int role = 0; role < 2; role++) {
		champ[role] = gba_personal_combat_champion(g, who[role],
							   n[role]);
		if (champ[role] < 0)
			return false;
		charisma[role] = g->leaders[champ[role]].charisma;
	}
	int loser = gba_personal_combat(g, champ[0], champ[1]);
	if (loser >= 0) {
		int role = loser == champ[0] ? 0 : 1;
		combat_casualty(g, c, role, loser, charisma[role]);
	}
	return true;
}

/* 4.73: leader li, stacked with unit u on side role of combat c, rolls
 * for a casualty; a 0 sends him to the Leader Casualty Table. */
static void leader_roll(struct game *g, struct shock_combat *c, int role,
			const struct unit *u, int li)
{
	struct leader *l = &g->leaders[li];
	int die = roll_die(g, "leader_casualty_check", l->id, 0, "4.73");
	struct event e;
	event_init(&e, "leader_hit");
	event_add(&e, "leader", "%s", l->id);
	event_add(&e, "with", "%s", u->id);
	event_add(&e, "die", "%d", die);
	event_add(&e, "casualty", "%s", die == 0 ? "yes" : "no");
	event_add(&e, "rule", "4.73");
	game_emit(g, &e);
	if (die != 0)
		return;
	int charisma = l->charisma;
	leader_casualty_check(g, li, "8.44");
	combat_casualty(g, c, role, li, charisma);
}

/* 8.44, 4.73: each leader stacked with a unit of a combat still on,
 * combats in order, the attacker's units first; a leader rolls once.
 * GBA 8.34 (variants.ini [shock] leader_casualties): when both sides of
 * a combat have leaders they fight Personal Combat instead. */
bool shock_step_leaders(struct game *g)
{
	struct shock_state *s = &g->shock;
	bool seen[BATTLE_LEADERS_MAX];
	memset(seen, 0, sizeof seen);
	int nl = g->nleaders < BATTLE_LEADERS_MAX ? g->nleaders
						  : BATTLE_LEADERS_MAX;
	for (int ci = s->batch_begin; ci < s->batch_end; ci++) {
		struct shock_combat *c = &s->c[ci];
		if (c->off)
			continue;
		int who[2][BATTLE_LEADERS_MAX], n[2] = {0, 0};
		const struct unit *with[2][BATTLE_LEADERS_MAX];
		for (int role = 0; role < 2; role++)
			for (int k = 0; k < role_count(c, role); k++) {
				if (!present_at(g, c, role, k))
					continue;
				const struct unit *u =
					&g->units[role_unit(c, role, k)];
				for (int li = 0; li < nl; li++) {
					const struct leader *l =
						&g->leaders[li];
					if (seen[li] || !l->on_map ||
					    l->killed || l->side != u->side ||
					    (!hex_eq(l->hex, u->at.hex[0]) &&
					     !hex_eq(l->hex, u->at.hex[1])))
						continue;
					seen[li] = true;
					who[role][n[role]] = li;
					with[role][n[role]++] = u;
				}
			}
		if (personal_combat(g, c, who, n))
			continue;
		for (int role = 0; role < 2; role++)
			for (int i = 0; i < n[role]; i++)
				leader_roll(g, c, role, with[role][i],
					    who[role][i]);
	}
	return true;
}

/* ------------------------------------------------- 8.47 [1] [2] */

/* 8.47 [2]: the units of combat ci at TQ minus 1 in an enemy ZOC roll
 * (attackers first); those that fail are marked to rout. */
static void collapse_checks(struct game *g, int ci)
{
	struct shock_state *s = &g->shock;
	struct shock_combat *c = &s->c[ci];
	for (int role = 0; role < 2; role++)
		for (int k = 0; k < role_count(c, role); k++) {
			if (!standing_at(g, c, role, k))
				continue;
			int ui = role_unit(c, role, k);
			struct unit *u = unit_of(g, ui);
			if (u->hits != u->tq - 1 || !unit_in_enemy_zoc(g, u))
				continue;
			if (rolls_to_stand(g, u)) {
				if (c->phalanx_stood[role][k] ||
				    (s->mark[ui] & M_STOOD)) {
					emit_unit(g, "no_collapse_check", u,
						  "why", "phalanx_stood",
						  "8.47");
					continue;
				}
				if (!phalanx_stands(g, u, role, c->position,
						    "8.47")) {
					s->mark[ui] |= M_ROUT;
					if (role == 1)
						c->collapse_check_rout = true;
				}
				continue;
			}
			int drm = stacking_tq_drm(g, u);
			int die = roll_die(g, "collapse_check", u->id, drm,
					   "8.47");
			int tq = unit_tq_now(g, u);
			bool pass = die + drm <= tq;
			struct event e;
			event_init(&e, "collapse_check");
			event_add(&e, "unit", "%s", u->id);
			event_add(&e, "dr", "%d", die + drm);
			event_add(&e, "tq", "%d", tq);
			event_add(&e, "result", "%s", pass ? "pass" : "rout");
			event_add(&e, "rule", "8.47");
			game_emit(g, &e);
			if (pass && u->hits > 0) {
				u->hits--;
				emit_unit(g, "hit_removed", u, NULL, NULL,
					  "8.47");
			} else if (!pass) {
				s->mark[ui] |= M_ROUT;
				if (role == 1)
					c->collapse_check_rout = true;
			}
		}
}

/* 8.47 [1] over every combat, then [2] over every combat */
bool shock_step_collapse(struct game *g)
{
	struct shock_state *s = &g->shock;
	while (s->sub < SUB_C2) {
		if (s->cursor >= s->batch_end) {
			s->cursor = s->batch_begin;
			s->sub = SUB_C2;
			break;
		}
		int ci = s->cursor;
		if (s->sub == 0) {
			if (!s->c[ci].off)
				decide_routs(g, ci, true, "8.47");
			s->sub = 1;
		}
		if (s->sub == 1) {
			if (!s->c[ci].off)
				start_routs(g, ci, "8.47");
			s->sub = 2;
			if (rout_pending(g))
				return false;
		}
		note_blocked(g, ci);
		s->cursor++;
		s->sub = 0;
	}
	for (; s->cursor < s->batch_end; s->cursor++, s->sub = SUB_C2) {
		int ci = s->cursor;
		if (s->c[ci].off)
			continue;
		if (s->sub == SUB_C2) {
			collapse_checks(g, ci);
			s->sub = SUB_C2 + 1;
		}
		if (s->sub == SUB_C2 + 1) {
			start_routs(g, ci, "8.47");
			s->sub = SUB_C2 + 2;
			if (rout_pending(g))
				return false;
		}
		note_blocked(g, ci);
	}
	return true;
}
