/* missile.c — missile fire (SPQR 8.1): who may fire at what (8.11, 8.13,
 * 8.14, 8.16, 8.17), the Missile Range and Results chart with the 8.15
 * modifiers, supply (8.17) and reload (8.18), and the Leader Casualty
 * check (8.19, 4.73, TABLES.md 6).
 *
 * Dice order of one volley (missile_fire):
 *   1. the fire die (8.15; unmodified for 8.16, 8.17 and 8.19);
 *   2. when that die is a natural 0, one die for each enemy leader in the
 *      hex fired at, in leader order (8.19: a casualty on a 0);
 *   3. after each casualty, the Leader Casualty Table die (TABLES.md 6)
 *      before the next leader's die.
 * Hits (cohesion_hits) may rout the target; its rout move comes after the
 * leader checks (rout_begin queues it). */
#include <stdio.h>
#include <string.h>

#include "maniple/los.h"
#include "maniple/map.h"
#include "maniple/missile.h"
#include "maniple/engaged.h"
#include "maniple/gba_charge.h"
#include "maniple/leader_elephant.h"
#include "maniple/leaders.h"
#include "maniple/movement.h"
#include "maniple/rout.h"
#include "maniple/scorpio.h"
#include "maniple/tables.h"

#define MODS_MAX 8

struct mods {
	int n;
	const char *name[MODS_MAX];
	const char *rule[MODS_MAX];
	int drm[MODS_MAX];
};

static void mod_add(struct mods *m, const char *name, const char *rule,
		    int drm)
{
	if (m->n >= MODS_MAX || drm == 0)
		return;
	m->name[m->n] = name;
	m->rule[m->n] = rule;
	m->drm[m->n] = drm;
	m->n++;
}

static const char *kind_name(enum fire_kind k)
{
	static const char *const names[FIRE_KIND_COUNT] = {
		"offensive", "entry", "retire", "return",
		"hd", "withdrawing", "scorpio"};
	return k >= 0 && k < FIRE_KIND_COUNT ? names[k] : "?";
}

static const char *weapon_name(enum fire_weapon w)
{
	switch (w) {
	case WEAPON_TOWER:
		return "tower";
	case WEAPON_SCREEN:
		return "screen";
	default:
		return "main";
	}
}

/* 9.12, 9.13: the class a weapon fires with. */
static enum missile_class weapon_class(const struct unit *u,
				       enum fire_weapon w)
{
	switch (w) {
	case WEAPON_TOWER:
		return u->tower;
	case WEAPON_SCREEN:
		return u->screen;
	default:
		return u->missile;
	}
}

/* 8.17, 9.12, 9.13: each weapon has its own supply. */
/* (a byte holding an enum missile_supply) */
static uint8_t *weapon_supply(struct unit *u, enum fire_weapon w)
{
	switch (w) {
	case WEAPON_TOWER:
		return &u->tower_supply;
	case WEAPON_SCREEN:
		return &u->screen_supply;
	default:
		return &u->supply;
	}
}

static enum missile_supply supply_of(const struct unit *u, enum fire_weapon w)
{
	switch (w) {
	case WEAPON_TOWER:
		return u->tower_supply;
	case WEAPON_SCREEN:
		return u->screen_supply;
	default:
		return u->supply;
	}
}

static bool refuse(struct fire_check *out, const char *rule,
		   const char *reason)
{
	out->reason = reason;
	out->rule = rule;
	return false;
}

static int elevation(const struct game *g, struct hex h)
{
	const struct map_hex *mh = map_at(g->battle->map, h);
	return mh ? mh->elevation : 0;
}

/* The firer's hex nearer the target (a two-hex unit fires from either). */
static struct hex fire_from(const struct unit *u, struct hex target)
{
	struct hex from = u->at.hex[0];
	if (footprint_two_hex(&u->at) &&
	    hex_distance(u->at.hex[1], target) < hex_distance(from, target))
		from = u->at.hex[1];
	return from;
}

/* 8.13: the zone of the target through which the fire comes: the zone of
 * the hex next to the target on the line of fire (both traces when the
 * line runs along a hexside: Rear only when every trace enters by the
 * Rear). */
static enum hex_zone fired_through(const struct unit *t, struct hex from,
				   struct hex target)
{
	int d = hex_distance(from, target);
	if (d <= 1)
		return footprint_zone(&t->at, from);
	struct hex out[64], alt[64];
	if (d + 1 > 64)
		return ZONE_FRONT;
	bool along = false;
	int n = hex_line(from, target, out, alt, &along);
	if (n < 2)
		return ZONE_FRONT;
	enum hex_zone a = footprint_zone(&t->at, out[n - 2]);
	enum hex_zone b = footprint_zone(&t->at, alt[n - 2]);
	if (a == ZONE_REAR && b == ZONE_REAR)
		return ZONE_REAR;
	return a == ZONE_REAR ? b : a;
}

/* 8.11, 8.15 #5: whether the firer has moved this Orders Phase, or is
 * firing as a step of its own move before its first hex. */
static bool firer_moves(const struct game *g, int firer,
			enum fire_kind kind)
{
	const struct unit *u = &g->units[firer];
	if (kind == FIRE_WITHDRAWING || kind == FIRE_HD)
		return true; /* 6.55 withdrawing; 8.33 a moving attack */
	if (u->moved_phase)
		return true;
	if (kind != FIRE_OFFENSIVE || g->fire.fire_only == firer)
		return false;
	/* fire from an open move before its first hex: it will move */
	return g->ord.moving && g->ord.mover_unit == firer;
}

/* 8.15 #5: Slingers, Archers and mounted missile units (and an elephant's
 * tower, 9.13) pay for moving; foot javelinists do not. */
static bool moving_penalised(const struct game *g, const struct unit *u,
			     enum missile_class mc)
{
	switch (mc) {
	case MC_S:
	case MC_BS:
	case MC_A:
	case MC_IA: /* GBA 8.15 #4: every class but foot javelins */
	case MC_MA:
	case MC_MJ:
		return true;
	default:
		return unit_has(g, u, TRAIT_CAVALRY) ||
		       unit_has(g, u, TRAIT_ELEPHANT);
	}
}

/* 8.15 #3: Archers, Slingers and Elephant Screens (not javelins). */
static bool point_blank_class(enum missile_class mc)
{
	return mc == MC_A || mc == MC_IA || mc == MC_S || mc == MC_BS ||
	       mc == MC_ES;
}

/* 8.15 #7: the target stands inside a camp and the firer outside it. */
static bool behind_rampart(const struct game *g, const struct unit *firer,
			   struct hex target)
{
	const struct map_hex *t = map_at(g->battle->map, target);
	const struct map_hex *f = map_at(g->battle->map, firer->at.hex[0]);
	return t && t->rampart_inside && !(f && f->rampart_inside);
}

/* 8.15: the modifiers against the target unit t (NULL: only leaders). */
static void collect_mods(const struct game *g, int firer,
			 enum missile_class mc, const struct unit *t,
			 struct hex target, int range, enum fire_kind kind,
			 struct mods *m)
{
	const struct spqr_tables *tb = g->tables;
	const struct unit *u = &g->units[firer];
	memset(m, 0, sizeof *m);
	if (t != NULL) {
		const struct map_hex *mh = map_at(g->battle->map, target);
		if (mh && mh->terrain == TERRAIN_WOODS)
			mod_add(m, "target_in_woods", "8.15#1",
				tables_missile_modifier(tb,
							MM_TARGET_IN_WOODS));
		if (unit_has(g, t, TRAIT_PHALANX) || unit_has(g, t, TRAIT_HEAVY_INFANTRY)) {
			/* #2 and #3 are not cumulative */
			if (range == 1 && point_blank_class(mc) &&
			    footprint_approach(&t->at, &u->at) == ZONE_FRONT)
				mod_add(m, "target_heavy_front_adjacent",
					"8.15#3",
					tables_missile_modifier(
						tb,
						MM_TARGET_PHALANX_OR_HEAVY_FRONT_ADJACENT));
			else
				mod_add(m, "target_phalanx_or_heavy", "8.15#2",
					tables_missile_modifier(
						tb, MM_TARGET_PHALANX_OR_HEAVY));
		}
		if (unit_has(g, t, TRAIT_SKIRMISHER))
			mod_add(m, "target_skirmisher", "8.15#4",
				tables_missile_modifier(tb,
							MM_TARGET_SKIRMISHER));
		if (unit_has(g, t, TRAIT_CATAPHRACT)) { /* GBA 9.42 */
			bool arrows = mc == MC_A || mc == MC_IA ||
				      mc == MC_MA || mc == MC_ES;
			bool other = mc == MC_S || mc == MC_BS || mc == MC_J ||
				     mc == MC_MJ;
			if (arrows)
				mod_add(m, "target_cataphract", "GBA 9.42",
					tables_missile_modifier(
						tb, MM_TARGET_CATAPHRACT_ARCHERS));
			else if (other)
				mod_add(m, "target_cataphract", "GBA 9.42",
					tables_missile_modifier(
						tb,
						MM_TARGET_CATAPHRACT_OTHER));
		}
		mod_add(m, "target_charge_formation", "GBA 9.74",
			gba_charge_fire_at_drm(g, t));
		if (behind_rampart(g, u, target))
			mod_add(m, "target_behind_rampart", "8.15#7",
				tables_missile_modifier(
					tb, MM_TARGET_BEHIND_RAMPART));
	}
	if (moving_penalised(g, u, mc) && firer_moves(g, firer, kind))
		mod_add(m, "firer_moved", "8.15#5",
			tables_missile_modifier(tb, MM_FIRER_MOVED));
	if (u->depleted)
		mod_add(m, "firer_depleted", "8.15#6",
			tables_missile_modifier(tb, MM_FIRER_DEPLETED));
}

/* 8.13: the enemy unit the fire affects in the target hex: the top of a
 * stack through a Front or Flank hex, the bottom through a Rear hex; -1
 * when the hex holds only leaders.  *friend set when a friend is there,
 * *any set when any enemy (unit or leader) is. */
static int target_of(const struct game *g, const struct unit *u,
		     struct hex target, bool *friend_there, bool *any)
{
	const struct unit *at[4];
	int n = game_units_at(g, target, at, 4);
	*friend_there = false;
	*any = false;
	for (int k = 0; k < n; k++)
		if (at[k]->side == u->side)
			*friend_there = true;
	if (n > 0 && !*friend_there) {
		*any = true;
		const struct unit *pick = at[0];
		if (n > 1 && fired_through(at[0], fire_from(u, target),
					   target) == ZONE_REAR)
			pick = at[n - 1];
		return (int)(pick - g->units);
	}
	const struct leader *ls[8];
	int nl = game_leaders_at(g, target, ls, 8);
	for (int k = 0; k < nl; k++)
		if (ls[k]->side != u->side)
			*any = true;
	return -1;
}

/* 8.11 Exception (SPQR): LI archers and scorpios move or fire; in GBA
 * (8.11, no such exception) only its artillery does (9.54). */
bool missile_move_or_fire(const struct game *g, const struct unit *u)
{
	if (u->missile == MC_B)
		return true;
	return tables_variant(g->tables, RV_FIRE_AFTER_MOVING) ==
		       FIRE_AFTER_CLOSER_HEX &&
	       unit_has(g, u, TRAIT_LIGHT_INFANTRY) &&
	       (u->missile == MC_A || u->missile == MC_IA);
}

/* 8.1-8.17 */
bool missile_check(const struct game *g, int firer, enum fire_weapon weapon,
		   struct hex target, enum fire_kind kind,
		   struct fire_check *out)
{
	struct fire_check dummy;
	if (out == NULL)
		out = &dummy;
	memset(out, 0, sizeof *out);
	out->needed = -1;
	out->target_unit = -1;
	out->rule = "8.1";
	if (g == NULL || g->tables == NULL || g->battle == NULL ||
	    g->battle->map == NULL)
		return refuse(out, "8.1", "no battle in play");
	if (firer < 0 || firer >= g->nunits)
		return refuse(out, "8.11", "no such unit");
	if (kind < 0 || kind >= FIRE_KIND_COUNT)
		return refuse(out, "8.12", "no such kind of fire");
	const struct unit *u = &g->units[firer];
	if (!game_unit_in_play(u))
		return refuse(out, "8.11", "the unit is not in play");
	enum missile_class mc = weapon_class(u, weapon);
	if (mc == MC_NONE)
		return refuse(out, weapon == WEAPON_MAIN ? "8.11"
			      : weapon == WEAPON_TOWER ? "9.13" : "9.12",
			      weapon == WEAPON_MAIN
				      ? "the unit has no missile capability"
				      : "the elephant has no such weapon");
	if (weapon == WEAPON_SCREEN &&
	    (kind == FIRE_OFFENSIVE || kind == FIRE_HD))
		return refuse(out, "9.12",
			      "an elephant screen fires only in reaction");
	if (weapon == WEAPON_SCREEN && kind != FIRE_ENTRY &&
	    tables_variant(g->tables, RV_SCREEN_FIRE) == SCREEN_ENTRY_ONLY)
		return refuse(out, "GBA 9.11",
			      "an elephant screen fires as Entry Reaction "
			      "fire only");
	enum missile_supply s = supply_of(u, weapon);
	if (s == SUPPLY_NO)
		return refuse(out, "8.17", "the unit is Missile No");
	if (u->routed && !unit_has(g, u, TRAIT_CAVALRY))
		return refuse(out, "10.27",
			      "routed infantry missile units are Missile No");
	if (u->at.in_column)
		return refuse(out, "6.75", "a unit In Column may not fire");
	const char *cf = gba_charge_forbids(g, u, CHARGE_NO_FIRE);
	if (cf)
		return refuse(out, "GBA 9.74", cf);
	if (unit_engaged(g, u)) /* 10.41 bullet 2 */
		return refuse(out, "10.41", "an Engaged unit may not fire");
	if (mc == MC_B && !u->scorpio_fire &&
	    tables_variant(g->tables, RV_ARTILLERY) == ARTILLERY_SCORPIO)
		return refuse(out, "9.82", "a scorpio in Move mode may not fire");
	const char *srule = NULL; /* 9.82, 9.85, 9.86 */
	const char *swhy = scorpio_fire_refusal(g, firer, kind, &srule);
	if (swhy)
		return refuse(out, srule, swhy);
	if (kind == FIRE_OFFENSIVE && g->fire.fired[firer])
		return refuse(out, "8.11",
			      "the unit has already fired under an order this "
			      "Orders Phase");
	if (kind == FIRE_OFFENSIVE && missile_move_or_fire(g, u) &&
	    (u->moved_phase ||
	     (g->ord.moving && g->ord.mover_unit == firer &&
	      g->ord.move.mp_spent > 0)))
		return refuse(out, "8.11",
			      "Light Infantry archers and scorpios move or "
			      "fire, never both");
	if (!map_contains(g->battle->map, target))
		return refuse(out, "8.13", "the target hex is off the map");
	int range = footprint_distance(&u->at, target);
	out->range = range;
	if (range == 0)
		return refuse(out, "8.13", "the firer's own hex");
	/* 8.22, 6.55: retire fire and a mounted archer's fire as it
	 * withdraws are always at a range of 2 hexes, and 8.22 needs a
	 * missile range of 2 or more */
	if (kind == FIRE_RETIRE || kind == FIRE_WITHDRAWING) {
		if (kind == FIRE_RETIRE &&
		    tables_missile_range(g->tables, mc) < 2)
			return refuse(out, "8.22",
				      "retire fire needs a missile range of "
				      "two hexes or more");
		range = 2;
		out->range = range;
	}
	bool friend_there = false, any = false;
	int t = target_of(g, u, target, &friend_there, &any);
	if (friend_there)
		return refuse(out, "8.13", "a friendly unit is in the hex");
	if (!any)
		return refuse(out, "8.13", "no enemy in the hex");
	if (t >= 0 && unit_engaged(g, &g->units[t])) /* 10.41 bullet 2 */
		return refuse(out, "10.41",
			      "an Engaged unit may not be fired at");
	int strength = tables_missile_strength(g->tables, mc, range);
	if (strength < 0) {
		int longest = tables_missile_range(g->tables, mc);
		int ext = tables_missile_modifier(g->tables,
						  MM_EXTENDED_RANGE_HEXES);
		struct hex from = fire_from(u, target);
		if (range <= longest + ext &&
		    elevation(g, target) < elevation(g, from)) {
			out->extended = true; /* 8.16 */
		} else {
			return refuse(out, "8.13", "out of missile range");
		}
	}
	struct los_why why;
	if (!los_missile(g, u, target, &why)) {
		static const char *const blocked = "no line of sight";
		out->reason = blocked;
		out->rule = why.rule ? why.rule : "8.14";
		return false;
	}
	out->target_unit = t;
	struct mods m;
	collect_mods(g, firer, mc, t >= 0 ? &g->units[t] : NULL, target, range,
		     kind, &m);
	for (int k = 0; k < m.n; k++)
		out->drm += m.drm[k];
	if (out->extended) {
		out->strength = 0;
		out->needed = tables_missile_modifier(g->tables,
						      MM_EXTENDED_RANGE_NEEDS);
		out->rule = "8.16";
	} else {
		out->strength = strength;
		out->needed = strength - out->drm;
		if (out->needed < 0)
			out->needed = -1;
		out->rule = "8.15";
	}
	out->reason = NULL;
	return true;
}

/* 8.17: the supply after a volley with unmodified die `die`. */
static void supply_after(struct game *g, struct unit *u,
			 enum fire_weapon weapon, enum missile_class mc,
			 int die)
{
	uint8_t *s = weapon_supply(u, weapon);
	enum missile_supply was = (enum missile_supply)*s;
	const char *why = NULL;
	char why_low[40];
	if (was == SUPPLY_LOW) {
		*s = SUPPLY_NO;
		why = "fired_while_low";
	} else if (weapon == WEAPON_MAIN && unit_has(g, u, TRAIT_LEGION)) {
		*s = SUPPLY_NO;
		why = "legion_infantry_fired";
	} else if (die >= tables_supply_low_from(g->tables, mc)) {
		/* constants.ini [missile_supply]: why names the dice that
		 * leave the class Low, e.g. unmodified_7_8_9 */
		*s = SUPPLY_LOW;
		int n = snprintf(why_low, sizeof why_low, "unmodified");
		for (int d = tables_supply_low_from(g->tables, mc);
		     d <= 9 && n > 0 && (size_t)n < sizeof why_low; d++)
			n += snprintf(why_low + n, sizeof why_low - (size_t)n,
				      "_%d", d);
		why = why_low;
	}
	if (why == NULL)
		return;
	struct event e;
	event_init(&e, "missile_supply");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "weapon", "%s", weapon_name(weapon));
	event_add(&e, "was", "%s", missile_supply_name(was));
	event_add(&e, "now", "%s", missile_supply_name(*s));
	event_add(&e, "why", "%s", why);
	event_add(&e, "rule", "8.17");
	game_emit(g, &e);
}

/* who: "unit" or "leader", the one rolled for, id */
static int roll(struct game *g, const char *what, const char *who,
		const char *id, const char *rule)
{
	struct event e;
	game_roll_begin(&e, what);
	event_add(&e, who, "%s", id);
	int die = game_roll_die(g, &e);
	event_add(&e, "rule", "%s", rule);
	game_emit(g, &e);
	return die;
}

int missile_volley_result(const struct game *g, int firer,
			  const struct fire_check *c, int die, bool *hit)
{
	/* 8.16: a natural figure at extended range; 8.15: the modified
	 * roll at most the strength */
	bool h = c->extended ? die == c->needed
			     : (c->needed >= 0 && die + c->drm <= c->strength);
	if (hit)
		*hit = h;
	if (!h || c->target_unit < 0)
		return 0;
	return missile_hits_on(g, &g->units[firer],
			       &g->units[c->target_unit]);
}

/* 8.15: an elephant takes missile.ini's hits_on_elephant (not from an
 * elephant's fire in SPQR, GBA 8.15 from any); GBA 8.15: chariots too */
int missile_hits_on(const struct game *g, const struct unit *firer,
		    const struct unit *t)
{
	bool doubled = unit_has(g, t, TRAIT_CHARIOT) || /* GBA 8.15 */
		       (unit_has(g, t, TRAIT_ELEPHANT) &&
			(!unit_has(g, firer, TRAIT_ELEPHANT) ||
			 tables_variant(g->tables, RV_ELEPHANT_BY_ELEPHANT) ==
				 EL_BY_EL_DOUBLE));
	int hits = tables_missile_modifier(g->tables, doubled ? MM_HITS_ON_ELEPHANT
							     : MM_HITS);
	return t->at.square ? 2 * hits : hits; /* GBA 9.63: doubled */
}

void missile_check_odds(const struct game *g, int firer,
			const struct fire_check *c, struct odds *o)
{
	odds_init(o, 10, c->rule);
	for (int d = 0; d < 10; d++) {
		bool hit;
		int hits = missile_volley_result(g, firer, c, d, &hit);
		if (hit)
			odds_face(o, d, hits, "hit %d", hits);
		else
			odds_face(o, d, 0, "miss");
	}
}

bool missile_odds(const struct game *g, int firer, enum fire_weapon weapon,
		  struct hex target, enum fire_kind kind, struct odds *o)
{
	struct fire_check c;
	bool ok = missile_check(g, firer, weapon, target, kind, &c);
	if (ok)
		missile_check_odds(g, firer, &c, o);
	else
		odds_init(o, 0, c.rule);
	return ok;
}

int missile_hit_percent(const struct odds *o)
{
	return o->faces ? 100 - odds_percent(o, "miss") : 0;
}

/* 8.1-8.19 */
bool missile_fire(struct game *g, int firer, enum fire_weapon weapon,
		  struct hex target, enum fire_kind kind,
		  struct fire_check *out)
{
	struct fire_check c;
	if (!missile_check(g, firer, weapon, target, kind, &c)) {
		if (out)
			*out = c;
		return false;
	}
	if (out)
		*out = c;
	struct unit *u = &g->units[firer];
	enum missile_class mc = weapon_class(u, weapon);
	struct unit *t = c.target_unit >= 0 ? &g->units[c.target_unit] : NULL;
	char th[16];
	hex_format(target, th, sizeof th);

	/* the inputs: each modifier, then the volley */
	struct mods m;
	collect_mods(g, firer, mc, t, target, c.range, kind, &m);
	struct event e;
	for (int k = 0; k < m.n; k++) {
		event_init(&e, "missile_modifier");
		event_add(&e, "firer", "%s", u->id);
		event_add(&e, "name", "%s", m.name[k]);
		event_add(&e, "drm", "%+d", m.drm[k]);
		event_add(&e, "rule", "%s", m.rule[k]);
		game_emit(g, &e);
	}
	event_init(&e, "missile_fire");
	event_add(&e, "firer", "%s", u->id);
	event_add(&e, "weapon", "%s", weapon_name(weapon));
	event_add(&e, "class", "%s", missile_class_name(mc));
	event_add(&e, "kind", "%s", kind_name(kind));
	event_add(&e, "at", "%s", th);
	event_add(&e, "target", "%s", t ? t->id : "leaders_only");
	event_add(&e, "range", "%d", c.range);
	if (c.extended)
		event_add(&e, "extended", "yes");
	else
		event_add(&e, "strength", "%d", c.strength);
	event_add(&e, "drm", "%+d", c.drm);
	event_add(&e, "needs", "%d", c.needed);
	if (c.extended)
		event_add(&e, "natural", "yes");
	event_add(&e, "rule", "%s", c.rule);
	game_emit(g, &e);

	int die = roll(g, "missile_fire", "unit", u->id, c.rule);
	bool hit;
	int hits = missile_volley_result(g, firer, &c, die, &hit);
	event_init(&e, "missile_result");
	event_add(&e, "firer", "%s", u->id);
	event_add(&e, "target", "%s", t ? t->id : "leaders_only");
	/* die against needs (the bare die's figure, as `missile_fire`
	 * gives it); dr is the die with the modifiers, against strength */
	event_add(&e, "die", "%d", die);
	event_add(&e, "needs", "%d", c.needed);
	event_add(&e, "dr", "%d", c.extended ? die : die + c.drm);
	if (!c.extended)
		event_add(&e, "strength", "%d", c.strength);
	event_add(&e, "result", "%s", hit ? "hit" : "miss");
	event_add(&e, "hits", "%d", hits);
	if (t && hit && unit_has(g, t, TRAIT_ELEPHANT))
		event_add(&e, "elephant", "%s",
			  hits > tables_missile_modifier(g->tables, MM_HITS)
				  ? "doubled"
				  : "fired_by_elephant");
	event_add(&e, "rule", "%s", c.rule);
	game_emit(g, &e);

	if (kind == FIRE_OFFENSIVE)
		g->fire.fired[firer] = true; /* 8.11 once per Orders Phase */
	scorpio_note_fire(g, firer, kind); /* 9.85, 9.86 markers */
	supply_after(g, u, weapon, mc, die);

	/* 8.19: a natural 0 may hit a leader in the hex */
	if (die == 0) {
		int ids[BATTLE_LEADERS_MAX], nl = 0;
		for (int i = 0; i < g->nleaders && nl < BATTLE_LEADERS_MAX;
		     i++) {
			const struct leader *l = &g->leaders[i];
			if (l->on_map && !l->killed && l->side != u->side &&
			    hex_eq(l->hex, target))
				ids[nl++] = i;
		}
		for (int k = 0; k < nl; k++) {
			int d2 = roll(g, "leader_hit", "leader",
				      g->leaders[ids[k]].id,
				      "8.19");
			event_init(&e, "leader_hit");
			event_add(&e, "leader", "%s", g->leaders[ids[k]].id);
			event_add(&e, "die", "%d", d2);
			event_add(&e, "casualty", "%s", d2 == 0 ? "yes" : "no");
			event_add(&e, "rule", "8.19");
			game_emit(g, &e);
			if (d2 == 0)
				leader_casualty_check(g, ids[k], "8.19");
		}
	}
	if (t && hits > 0)
		cohesion_hits(g, t, hits, "missile_fire", c.rule);
	return true;
}

/* 4.74, 4.75: what follows a leader's death. */
static void leader_killed(struct game *g, int i, const char *rule)
{
	struct leader *l = &g->leaders[i];
	l->killed = true;
	l->on_map = false;
	if (g->active_leader == i)
		g->active_leader = -1;
	int rp = leader_rout_points(g, l);
	g->rout_points[l->side & 1] += rp;
	struct event e;
	event_init(&e, "eliminated");
	event_add(&e, "leader", "%s", l->id);
	event_add(&e, "side", "%d", l->side);
	event_add(&e, "rp", "%d", rp);
	event_add(&e, "rule", "%s", rule);
	game_emit(g, &e);
	leader_fate(g, i); /* 4.74, 4.75, 4.56 */
}

/* leader `leader` when he may become a casualty: with the tables, on the
 * map and alive; NULL otherwise */
static struct leader *casualty_leader(struct game *g, int leader)
{
	if (g == NULL || g->tables == NULL || leader < 0 ||
	    leader >= g->nleaders)
		return NULL;
	struct leader *l = &g->leaders[leader];
	return l->killed || !l->on_map ? NULL : l;
}

/* 8.19, 4.73, TABLES.md 6 */
void leader_casualty_check(struct game *g, int leader, const char *rule)
{
	const struct leader *l = casualty_leader(g, leader);
	if (!l)
		return;
	int die = roll(g, "leader_casualty", "leader", l->id,
		       rule ? rule : "8.19");
	leader_casualty_take(g, leader, tables_leader_casualty(g->tables, die),
			     die, rule);
}

/* 4.73, TABLES.md 6 */
void leader_casualty_take(struct game *g, int leader, enum leader_casualty c,
			  int die, const char *rule)
{
	struct leader *l = casualty_leader(g, leader);
	if (!l)
		return;
	const char *result = leader_casualty_name(c);
	int loss = 0;
	bool dies = c == CASUALTY_KILLED;
	if (c == CASUALTY_WOUNDED_1 || c == CASUALTY_WOUNDED_2) {
		loss = tables_wound_figure(g->tables,
					   c == CASUALTY_WOUNDED_1
						   ? WF_WOUNDED_1_LOSS
						   : WF_WOUNDED_2_LOSS);
		int kill_at = tables_wound_figure(g->tables,
						  WF_WOUNDS_THAT_KILL);
		/* TABLES.md 6: the wound that kills (a second one) */
		int wounds_taken = l->wounds > 0 ? 1 : 0;
		if (wounds_taken + 1 >= kill_at)
			dies = true;
	}
	struct event e;
	event_init(&e, "leader_casualty");
	event_add(&e, "leader", "%s", l->id);
	if (die >= 0)
		event_add(&e, "die", "%d", die);
	event_add(&e, "result", "%s", result);
	if (loss > 0 && !dies)
		event_add(&e, "ratings", "-%d", loss);
	if (dies && c != CASUALTY_KILLED)
		event_add(&e, "second_wound", "killed");
	if (die < 0) /* GBA 8.44: no die; the sentence says whence */
		event_add(&e, "from", "personal_combat");
	event_add(&e, "by", "%s", rule ? rule : "8.19");
	event_add(&e, "rule", "4.73");
	game_emit(g, &e);
	if (dies) {
		leader_killed(g, leader, "4.74");
		/* 4.84: killed in combat (8.19, 8.44); not when his
		 * elephant's loss (4.82) made him check */
		if (!rule || strcmp(rule, "4.82") != 0)
			leader_elephant_grief(g, leader, rule);
		return;
	}
	l->wounds += loss;
	l->state = LS_FINISHED;
}

/* 8.18: whether an enemy unit with missiles has u in range and LOS. */
static bool under_enemy_missiles(const struct game *g, const struct unit *u)
{
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *e = &g->units[i];
		if (e->side == u->side || !game_unit_in_play(e) || e->routed)
			continue;
		const enum fire_weapon ws[3] = {WEAPON_MAIN, WEAPON_TOWER,
						WEAPON_SCREEN};
		for (int w = 0; w < 3; w++) {
			enum missile_class mc = weapon_class(e, ws[w]);
			if (mc == MC_NONE ||
			    supply_of(e, ws[w]) == SUPPLY_NO)
				continue;
			int longest = tables_missile_range(g->tables, mc);
			for (int h = 0; h < 2; h++) {
				struct hex at = u->at.hex[h];
				if (hex_is_none(at))
					continue;
				if (footprint_distance(&e->at, at) <= longest &&
				    los_missile(g, e, at, NULL))
					return true;
			}
		}
	}
	return false;
}

/* 8.18 */
void missile_reload(struct game *g)
{
	if (g == NULL || g->tables == NULL || g->battle == NULL ||
	    g->battle->map == NULL)
		return;
	for (int i = 0; i < g->nunits; i++) {
		struct unit *u = &g->units[i];
		if (!game_unit_in_play(u))
			continue;
		const enum fire_weapon ws[3] = {WEAPON_MAIN, WEAPON_TOWER,
						WEAPON_SCREEN};
		for (int w = 0; w < 3; w++) {
			uint8_t *s = weapon_supply(u, ws[w]);
			if (weapon_class(u, ws[w]) == MC_NONE ||
			    *s == SUPPLY_FULL)
				continue;
			const char *why = NULL, *rule = "8.18";
			if (u->routed && !unit_has(g, u, TRAIT_CAVALRY)) {
				why = "routed_infantry";
				rule = "10.27";
			} else if (unit_in_enemy_zoc(g, u)) {
				why = "in_enemy_zoc";
			} else if (under_enemy_missiles(g, u)) {
				why = "in_enemy_missile_range_and_los";
			}
			struct event e;
			event_init(&e, why ? "no_reload" : "reload");
			event_add(&e, "unit", "%s", u->id);
			event_add(&e, "weapon", "%s", weapon_name(ws[w]));
			event_add(&e, "was", "%s", missile_supply_name(*s));
			if (why)
				event_add(&e, "why", "%s", why);
			event_add(&e, "rule", "%s", rule);
			game_emit(g, &e);
			if (!why)
				*s = SUPPLY_FULL;
		}
	}
}

/* 8.11: a new Orders Phase: no unit has fired under its orders yet. */
void missile_phase_begin(struct game *g)
{
	if (g == NULL)
		return;
	memset(g->fire.fired, 0, sizeof g->fire.fired);
	g->fire.step_unit = -1;
	g->fire.step_from = HEX_NONE;
	g->fire.step_was_hex = false;
	g->fire.fire_only = -1;
	g->fire.line_fire = 0;
	memset(g->fire.line_fire_unit, 0, sizeof g->fire.line_fire_unit);
}

void missile_state_init(struct missile_state *s)
{
	memset(s, 0, sizeof *s);
	s->step_unit = -1;
	s->step_from = HEX_NONE;
	s->fire_only = -1;
}

void missile_state_text(const struct game *g, FILE *f)
{
	fputs("fired", f);
	int n = 0;
	for (int i = 0; i < g->nunits; i++)
		if (g->fire.fired[i]) {
			fprintf(f, "%s%s", n ? "," : " ", g->units[i].id);
			n++;
		}
	if (n == 0)
		fputs(" -", f);
	char h[16] = "-";
	if (!hex_is_none(g->fire.step_from))
		hex_format(g->fire.step_from, h, sizeof h);
	fprintf(f, " line_fire=%d", g->fire.line_fire);
	fprintf(f, " step_turns=%d step_formed=%s", g->fire.step_turns,
		g->fire.step_formed ? "yes" : "no");
	fprintf(f, " step_unit=%s step_from=%s step_hex=%s\n",
		g->fire.step_unit >= 0 && g->fire.step_unit < g->nunits
			? g->units[g->fire.step_unit].id
			: "-",
		h, g->fire.step_was_hex ? "yes" : "no");
}

/* 8.11 */
void missile_note_step(struct game *g, int unit, bool is_hex)
{
	if (g == NULL || unit < 0 || unit >= g->nunits)
		return;
	g->fire.step_unit = unit;
	g->fire.step_from = g->units[unit].at.hex[0];
	g->fire.step_was_hex = is_hex;
	g->fire.step_turns = g->ord.move.vertices_turned;
	g->fire.step_formed = g->ord.move.formed;
}
