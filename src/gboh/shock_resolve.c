/* shock_resolve.c — the clash (8.45) and the hand-to-hand struggle
 * (8.46) over shock_calc.h, the distribution of hits (10.13, 6.68, 9.62),
 * units In Column attacked (6.75, 6.76), javelins after shock (8.17).
 *
 * Progress lives in g->shock: the cursor names the combat; for the clash
 * c->clash_def and c->clash_att say how far the choices went; for the
 * resolution g->shock.sub is 0 before the roll, 1 while the attacker's
 * hits are shared, 2 while the defender's are, 3 before GBA 8.37's
 * Breakthrough (gba_breakthrough.c), 4 when done. */
#include "maniple/shock_resolve.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/double_depth.h"
#include "maniple/event.h"
#include "maniple/gba_breakthrough.h"
#include "maniple/gba_square.h"
#include "maniple/gba_charge.h"
#include "maniple/gba_chariot.h"
#include "maniple/gba_pass_through.h"
#include "maniple/game.h"
#include "maniple/leader_elephant.h"
#include "maniple/map.h"
#include "maniple/movement.h"
#include "maniple/passthru.h"
#include "maniple/phalanx.h"
#include "maniple/rout.h"
#include "maniple/sequence.h"
#include "maniple/shock.h"
#include "maniple/shock_calc.h"
#include "maniple/stacking.h"
#include "maniple/tables.h"
#include "maniple/scorpio.h"

/* ------------------------------------------------------------ helpers */

static int mod6(int x)
{
	return ((x % 6) + 6) % 6;
}

/* 8.46 step 1: "none", "AS" or "DS" */
static const char *sup_word(int s)
{
	return s == SUP_NONE ? "none" : superiority_name((enum superiority)s);
}

static int nslots(const struct shock_combat *c, int role)
{
	return role ? c->ndef : c->natt;
}

static int slot_unit(const struct shock_combat *c, int role, int k)
{
	return role ? c->def[k] : c->att[k];
}

/* A unit of the combat still in it: not gone, in play (a routed
 * defender attacked is still in it: 10.27). */
static bool in_combat(const struct game *g, const struct shock_combat *c,
		      int role, int k)
{
	int u = slot_unit(c, role, k);
	bool gone = role ? c->def_gone[k] : c->att_gone[k];
	return !gone && u >= 0 && u < g->nunits &&
	       game_unit_in_play(&g->units[u]);
}

static int involved_count(const struct game *g, const struct shock_combat *c,
			  int role)
{
	int n = 0;
	for (int k = 0; k < nslots(c, role); k++)
		if (in_combat(g, c, role, k))
			n++;
	return n;
}

static int side_of_role(const struct game *g, const struct shock_combat *c,
			int role)
{
	if (nslots(c, role) > 0)
		return g->units[slot_unit(c, role, 0)].side;
	if (nslots(c, !role) > 0)
		return 1 - g->units[slot_unit(c, !role, 0)].side;
	return role ? 1 - g->shock.attacker : g->shock.attacker;
}

/* 8.45: the side of defender d attacker a strikes; a two-hex attacker
 * whose halves touch two of d's zones strikes through the vertex
 * between them and d takes the better one. */
static enum hex_zone pair_side(const struct game *g, const struct unit *a,
			       const struct unit *d)
{
	if (unit_has(g, d, TRAIT_SCORPIO)) /* 9.84 */
		return scorpio_shock_side(&d->at, &a->at);
	if (unit_is_two_hex(a)) {
		enum hex_zone z0 = footprint_zone(&d->at, a->at.hex[0]);
		enum hex_zone z1 = footprint_zone(&d->at, a->at.hex[1]);
		if (z0 != ZONE_NONE && z1 != ZONE_NONE && z0 != z1)
			return shock_vertex_side(g->tables, a->type, d->type,
						 z0, z1);
	}
	return footprint_approach(&d->at, &a->at);
}

/* unit ui is a defender of a combat of this segment other than ci */
static bool attacked_elsewhere(const struct game *g, int ci, int ui)
{
	for (int j = 0; j < g->shock.ncombats; j++) {
		const struct shock_combat *o = &g->shock.c[j];
		for (int k = 0; j != ci && k < o->ndef; k++)
			if (o->def[k] == ui)
				return true;
	}
	return false;
}

/* 8.46 1.A bullet 4: a non-skirmisher enemy in a's Flank or Rear hex
 * holds a in its ZOC.  GBA 8.36 #4 (variants.ini position_zoc): any
 * non-skirmisher enemy but combat ci's defenders, one that no other
 * combat of the segment attacks. */
static bool flank_threatened(const struct game *g, int ci,
			     const struct unit *a)
{
	bool gba = tables_variant(g->tables, RV_POSITION_ZOC) ==
		   POSITION_ZOC_UNATTACKED;
	const struct shock_combat *c = &g->shock.c[ci];
	int na = unit_is_two_hex(a) ? 2 : 1;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *e = &g->units[i];
		if (e->side == a->side || !game_unit_in_play(e) ||
		    e->routed || unit_has(g, e, TRAIT_SKIRMISHER))
			continue;
		bool counts = false;
		if (gba) {
			counts = !attacked_elsewhere(g, ci, i);
			for (int k = 0; k < c->ndef; k++)
				if (c->def[k] == i)
					counts = false;
		} else {
			for (int h = 0; h < (unit_is_two_hex(e) ? 2 : 1);
			     h++) {
				enum hex_zone z =
					footprint_zone(&a->at, e->at.hex[h]);
				if (z == ZONE_FLANK || z == ZONE_REAR)
					counts = true;
			}
		}
		if (!counts)
			continue;
		for (int h = 0; h < na; h++)
			if (zoc_exerted_into(g, e, a->at.hex[h]))
				return true;
	}
	return false;
}

/* TABLES.md §3 DSp: the defender still has missiles to throw */
static bool has_missiles(const struct unit *d)
{
	return (d->missile != MC_NONE && d->supply != SUPPLY_NO) ||
	       (d->tower != MC_NONE && d->tower_supply != SUPPLY_NO) ||
	       (d->screen != MC_NONE && d->screen_supply != SUPPLY_NO);
}

/* 8.46 step 1, 6.75: the facts superiority is settled on */
static struct superiority_input sup_input(const struct game *g, int ci,
					  const struct unit *a,
					  const struct unit *d,
					  enum hex_zone side)
{
	struct superiority_input in = {
		.attacker = a->type,
		.defender = d->type,
		.side = side,
		.defender_in_column = d->at.in_column,
		.attacker_flank_threatened = flank_threatened(g, ci, a),
		.defender_has_missiles = has_missiles(d),
		.charge = gba_charge_superiority(g, a, d), /* GBA 9.71, 9.75 */
	};
	return in;
}

/* One possible pairing of a combat (8.45), with what it would give. */
struct clash_opt {
	int a, d; /* slots in att and def */
	enum hex_zone side;
	int column;
	enum superiority sup;
};

#define CLASH_OPTS_MAX (SHOCK_UNITS_MAX * SHOCK_UNITS_MAX)

/* 8.45, 9.15: every pairing of units still in combat ci that can attack;
 * defender-major, designation order. */
static int clash_options(const struct game *g, int ci, struct clash_opt *o)
{
	const struct shock_combat *c = &g->shock.c[ci];
	int n = 0;
	for (int d = 0; d < c->ndef; d++) {
		if (!in_combat(g, c, 1, d))
			continue;
		const struct unit *du = &g->units[c->def[d]];
		for (int a = 0; a < c->natt; a++) {
			if (!in_combat(g, c, 0, a))
				continue;
			const struct unit *au = &g->units[c->att[a]];
			/* GBA 9.13: a second-row attack strikes from the row */
			enum hex_zone side = gba_pass_through_side(g, c, au, du);
			if (side == ZONE_NONE)
				side = pair_side(g, au, du);
			if (side == ZONE_NONE)
				continue;
			int col = shock_clash_column(g->tables, au->type,
						     du->type, side);
			if (col <= 0)
				continue;
			struct superiority_input si =
				sup_input(g, ci, au, du, side);
			struct superiority_calc sc =
				shock_superiority(g->tables, &si);
			o[n++] = (struct clash_opt){a, d, side, col,
						    sc.result};
		}
	}
	/* GBA 9.31 #2: beside another type a skirmisher is never the unit
	 * the clash and superiority are read for (SPQR: no skirmisher
	 * attacks) */
	bool other = false;
	for (int i = 0; i < n && !other; i++)
		other = !unit_has(g, &g->units[c->att[o[i].a]],
				  TRAIT_SKIRMISHER);
	int kept = 0;
	for (int i = 0; i < n; i++)
		if (!other || !unit_has(g, &g->units[c->att[o[i].a]],
					TRAIT_SKIRMISHER))
			o[kept++] = o[i];
	return kept;
}

/* 8.45: the attacker's best pairing against defender slot d (the highest
 * column, the first of equals); -1 none. */
static int best_for_defender(const struct clash_opt *o, int n, int d)
{
	int best = -1;
	for (int i = 0; i < n; i++)
		if (o[i].d == d && (best < 0 || o[i].column > o[best].column))
			best = i;
	return best;
}

/* 6.68: the unit of a stack that takes an extra hit: the top one, the
 * bottom one when the stack is attacked from the rear. */
static bool stack_favoured(const struct game *g, const struct unit *u,
			   bool rear)
{
	const struct unit *mate = stacking_mate(g, u);
	if (!mate)
		return false;
	return stacking_is_bottom(g, u) == rear;
}

/* The defender's options: one per defending unit (its best pairing for
 * the attacker).  Returns the count; idx gets the pairings. */
static int defender_options(const struct clash_opt *o, int n, int *idx)
{
	int k = 0;
	for (int i = 0; i < n; i++) {
		bool seen = false;
		for (int j = 0; j < k; j++)
			if (o[idx[j]].d == o[i].d)
				seen = true;
		if (!seen)
			idx[k++] = best_for_defender(o, n, o[i].d);
	}
	return k;
}

static int attacker_options(const struct clash_opt *o, int n, int d,
			    int *idx)
{
	int k = 0;
	for (int i = 0; i < n; i++)
		if (o[i].d == d)
			idx[k++] = i;
	return k;
}

/* Whether options give more than one outcome (column, superiority). */
static bool real_choice(const struct clash_opt *o, const int *idx, int k)
{
	for (int j = 1; j < k; j++)
		if (o[idx[j]].column != o[idx[0]].column ||
		    o[idx[j]].sup != o[idx[0]].sup)
			return true;
	return false;
}

/* 8.45: the default defender: shock_clash_pick's; when every option
 * gives the same, the 6.68 unit of a stack. */
static int default_defender(const struct game *g, int ci,
			    const struct clash_opt *o, int n, const int *idx,
			    int k)
{
	const struct shock_combat *c = &g->shock.c[ci];
	struct clash_pairing p[CLASH_OPTS_MAX];
	for (int i = 0; i < n; i++)
		p[i] = (struct clash_pairing){
			.attacker = o[i].a,
			.defender = o[i].d,
			.attacker_type = g->units[c->att[o[i].a]].type,
			.defender_type = g->units[c->def[o[i].d]].type,
			.side = o[i].side,
		};
	int pick = shock_clash_pick(g->tables, p, n);
	if (pick < 0)
		return -1;
	if (!real_choice(o, idx, k))
		for (int j = 0; j < k; j++) {
			const struct clash_opt *x = &o[idx[j]];
			if (stack_favoured(g, &g->units[c->def[x->d]],
					   x->side == ZONE_REAR))
				return x->d;
		}
	return o[pick].d;
}

/* 8.45: the default attacking unit against defender slot d: the highest
 * column; when every option gives the same, the top of a stack. */
static int default_attacker(const struct game *g, int ci,
			    const struct clash_opt *o, const int *idx, int k)
{
	const struct shock_combat *c = &g->shock.c[ci];
	int cols[CLASH_OPTS_MAX] = {0};
	for (int j = 0; j < k; j++)
		cols[j] = o[idx[j]].column;
	int best = shock_clash_choose(cols, k, CHOOSER_ATTACKER);
	if (best < 0)
		return -1;
	if (!real_choice(o, idx, k))
		for (int j = 0; j < k; j++)
			if (stack_favoured(g, &g->units[c->att[o[idx[j]].a]],
					   false))
				return o[idx[j]].a;
	return o[idx[best]].a;
}

static void emit_pick(struct game *g, int ci, int role, int u, int column,
		      int options, bool chosen)
{
	struct event e;
	event_init(&e, "clash_pick");
	event_add(&e, "combat", "%d", ci);
	event_add(&e, "for", "%s", role ? "defender" : "attacker");
	event_add(&e, "unit", "%s", g->units[u].id);
	event_add(&e, "type", "%s", unit_type_name(g->units[u].type));
	event_add(&e, "column", "%d", column);
	event_add(&e, "options", "%d", options);
	event_add(&e, "by", "%s", chosen ? "player" : "automatic");
	event_add(&e, "rule", "8.45");
	game_emit(g, &e);
}

/* ---------------------------------------------------------- the clash */

/* 8.45 for one combat; false while a choice is owed. */
static bool clash_one(struct game *g, int ci)
{
	struct shock_combat *c = &g->shock.c[ci];
	if (c->off)
		return true;
	struct clash_opt o[CLASH_OPTS_MAX];
	int n = clash_options(g, ci, o);
	if (n == 0) {
		/* 9.15 or nobody left: this combat is not fought */
		c->off = true;
		struct event e;
		event_init(&e, "shock_not_fought");
		event_add(&e, "combat", "%d", ci);
		event_add(&e, "why", "%s",
			  involved_count(g, c, 0) && involved_count(g, c, 1)
				  ? "no_possible_attack"
				  : "no_units_left");
		event_add(&e, "rule", "8.45,9.15");
		game_emit(g, &e);
		return true;
	}
	int idx[CLASH_OPTS_MAX];
	if (c->clash_def < 0) {
		int k = defender_options(o, n, idx);
		if (k > 1 && real_choice(o, idx, k)) {
			shock_ask(g, SHA_CLASH_DEFENDER,
				  side_of_role(g, c, 1), ci, -1);
			return false;
		}
		c->clash_def = default_defender(g, ci, o, n, idx, k);
		int b = best_for_defender(o, n, c->clash_def);
		emit_pick(g, ci, 1, c->def[c->clash_def], o[b].column, k,
			  false);
	}
	if (c->clash_att < 0) {
		int k = attacker_options(o, n, c->clash_def, idx);
		if (k == 0) { /* cannot happen: the defender had a pairing */
			c->off = true;
			return true;
		}
		if (k > 1 && real_choice(o, idx, k)) {
			shock_ask(g, SHA_CLASH_ATTACKER,
				  side_of_role(g, c, 0), ci, -1);
			return false;
		}
		c->clash_att = default_attacker(g, ci, o, idx, k);
		int col = 0;
		for (int j = 0; j < k; j++)
			if (o[idx[j]].a == c->clash_att)
				col = o[idx[j]].column;
		emit_pick(g, ci, 0, c->att[c->clash_att], col, k, false);
	}
	for (int i = 0; i < n; i++)
		if (o[i].a == c->clash_att && o[i].d == c->clash_def)
			c->side = o[i].side;
	return true;
}

bool shock_clash_default(struct game *g, int ci)
{
	if (!g || ci < 0 || ci >= g->shock.ncombats || g->shock.c[ci].off)
		return false;
	struct shock_combat *c = &g->shock.c[ci];
	struct clash_opt o[CLASH_OPTS_MAX];
	int idx[CLASH_OPTS_MAX];
	int n = clash_options(g, ci, o);
	if (n == 0)
		return false;
	if (c->clash_def < 0)
		c->clash_def = (int8_t)default_defender(
			g, ci, o, n, idx, defender_options(o, n, idx));
	int k = c->clash_def < 0 ? 0
				 : attacker_options(o, n, c->clash_def, idx);
	if (k == 0)
		return false;
	if (c->clash_att < 0)
		c->clash_att = (int8_t)default_attacker(g, ci, o, idx, k);
	if (c->clash_att < 0)
		return false;
	for (int i = 0; i < n; i++)
		if (o[i].a == c->clash_att && o[i].d == c->clash_def)
			c->side = o[i].side;
	return true;
}

/* 8.45 */
bool shock_step_clash(struct game *g)
{
	struct shock_state *s = &g->shock;
	for (; s->cursor < s->batch_end; s->cursor++, s->sub = 0)
		if (!clash_one(g, s->cursor))
			return false;
	return true;
}

/* ----------------------------------------------- the hand-to-hand step */

/* 9.41: flank hexes of phalanx d held by, or in the ZOC of, another
 * friendly phalanx */
static int covered_flanks(const struct game *g, const struct unit *d)
{
	struct hex fl[8];
	int nf = footprint_zone_hexes(&d->at, ZONE_FLANK, fl);
	int covered = 0;
	for (int i = 0; i < nf; i++) {
		bool cov = false;
		const struct unit *at[4];
		int na = game_units_at(g, fl[i], at, 4);
		for (int j = 0; j < na; j++)
			if (at[j] != d && at[j]->side == d->side &&
			    unit_has(g, at[j], TRAIT_PHALANX) && !at[j]->routed)
				cov = true;
		const struct unit *z[8];
		int nz = zoc_units_into(g, d->side, fl[i], z, 8);
		for (int j = 0; j < nz && j < 8; j++)
			if (z[j] != d && unit_has(g, z[j], TRAIT_PHALANX))
				cov = true;
		if (cov)
			covered++;
	}
	return covered;
}

/* 6.26: the terrain between the chosen attacker and defender */
static void terrain_facts(const struct game *g, const struct unit *a,
			  const struct unit *d, struct shock_shift_input *sh)
{
	const struct map *m = g->battle ? g->battle->map : NULL;
	if (!m)
		return;
	for (int i = 0; i < (unit_is_two_hex(a) ? 2 : 1); i++)
		for (int j = 0; j < (unit_is_two_hex(d) ? 2 : 1); j++) {
			struct hex ah = a->at.hex[i], dh = d->at.hex[j];
			if (hex_distance(ah, dh) != 1)
				continue;
			const struct map_hex *mh = map_at(m, dh);
			const struct map_hex *ma = map_at(m, ah);
			if (!mh || !ma)
				continue;
			sh->defender_terrain = (enum terrain)mh->terrain;
			sh->attacker_uphill = ma->elevation < mh->elevation;
			int dir = hex_direction_to(dh, ah);
			unsigned f = dir >= 0
					     ? map_hexside(m, dh,
							   (enum hexside)dir)
					     : 0;
			sh->across_stream = (f & HSF_STREAM) != 0;
			sh->behind_rampart =
				(f & HSF_RAMPART) != 0 && mh->rampart_inside;
			return;
		}
}

/* 8.46 step 3: the highest Charisma of the side's leaders stacked with
 * its units in the combat (the owner would always take the highest);
 * -1 none. */
static int best_leader(const struct game *g, const struct shock_combat *c,
		       int role)
{
	int best = -1;
	for (int l = 0; l < g->nleaders; l++) {
		const struct leader *L = &g->leaders[l];
		/* 8.46 step 3: a casualty of 8.44 lends no Charisma */
		if (!L->on_map || L->killed || !L->available ||
		    g->shock.casualty[l])
			continue;
		bool with = false;
		for (int k = 0; k < nslots(c, role); k++) {
			if (!in_combat(g, c, role, k))
				continue;
			const struct unit *u = &g->units[slot_unit(c, role, k)];
			if (L->side != u->side)
				continue;
			if (footprint_occupies(&u->at, L->hex))
				with = true;
		}
		if (with && (best < 0 || L->charisma > g->leaders[best].charisma))
			best = l;
	}
	return best;
}

static int roll_d10(struct game *g, int ci)
{
	struct event e;
	game_roll_begin(&e, "shock");
	event_add(&e, "combat", "%d", ci);
	int die = game_roll_die(g, &e);
	event_add(&e, "rule", "8.46");
	game_emit(g, &e);
	return die;
}

static void emit_shift(struct game *g, int ci, const char *what, int shift,
		       const char *rule)
{
	if (shift == 0)
		return;
	struct event e;
	event_init(&e, "shock_shift");
	event_add(&e, "combat", "%d", ci);
	event_add(&e, "what", "%s", what);
	event_add(&e, "shift", "%d", shift);
	event_add(&e, "rule", "%s", rule);
	game_emit(g, &e);
}

/* 8.46 steps 1-3: what combat ci's roll is made on, as the board stands
 * (the clash's pairing, sizes, shifts, terrain, leaders); the Charisma
 * leaders in lead.  Changes nothing. */
struct combat_facts {
	struct shock_input in;
	int lead[2];
	bool moved;
	int covered;
};

static void combat_facts(const struct game *g, int ci, struct combat_facts *f)
{
	const struct shock_combat *c = &g->shock.c[ci];
	const struct unit *a = &g->units[c->att[c->clash_att]];
	const struct unit *d = &g->units[c->def[c->clash_def]];
	struct shock_input in;
	memset(&in, 0, sizeof in);
	in.attacker = a->type;
	in.defender = d->type;
	in.side = (enum hex_zone)c->side;
	in.superiority = sup_input(g, ci, a, d, in.side);

	bool moved = c->att_moved, any_ph = false;
	bool dep[2] = {false, false};
	bool sk[2] = {false, false}, other[2] = {false, false};
	for (int role = 0; role < 2; role++)
		for (int k = 0; k < nslots(c, role); k++)
			if (in_combat(g, c, role, k)) {
				const struct unit *u =
					&g->units[slot_unit(c, role, k)];
				if (unit_has(g, u, TRAIT_SKIRMISHER))
					sk[role] = true;
				else
					other[role] = true;
			}
	/* GBA 9.31 #2: a skirmisher fighting beside another type adds no
	 * Size (where sizes count with skirmishers at all, 8.36 step 2) */
	bool sk_sizeless = tables_variant(g->tables, RV_SIZE_SKIRMISHERS) ==
			   SIZE_SKIRMISHERS_COUNTED;
	for (int role = 0; role < 2; role++)
		for (int k = 0; k < nslots(c, role); k++) {
			if (!in_combat(g, c, role, k))
				continue;
			const struct unit *u = &g->units[slot_unit(c, role, k)];
			int *size = role ? &in.size.defender_size
					 : &in.size.attacker_size;
			if (!(sk_sizeless && other[role] &&
			      unit_has(g, u, TRAIT_SKIRMISHER)))
				/* 6.68, 9.62: stacks; GBA 9.63 square */
				*size += gba_square_size(u);
			if (role == 0 && u->moved_phase)
				moved = true;
			if (role == 0 && unit_has(g, u, TRAIT_PHALANX))
				any_ph = true;
			if (u->depleted)
				dep[role] = true;
			if (unit_has(g, u, TRAIT_SKIRMISHER))
				in.size.skirmisher_involved = true;
			if (unit_has(g, u, TRAIT_ELEPHANT))
				in.size.elephant_involved = true;
			else
				in.size.non_elephant_involved = true;
			if (gba_is_chariot(g, u)) /* GBA 8.36 */
				in.size.chariot_involved = true;
			else
				in.size.non_chariot_involved = true;
		}
	in.size.attacker_moved = moved;
	in.shifts.attacker_depleted = dep[0];
	in.shifts.defender_depleted = dep[1];
	/* 9.41: an attacker that moved this phase moved adjacent to shock */
	in.shifts.attacker_moved_adjacent = moved;
	in.shifts.any_attacker_phalanx = any_ph;
	int covered = unit_has(g, d, TRAIT_PHALANX) ? covered_flanks(g, d) : 0;
	in.shifts.covered_flanks = covered;
	terrain_facts(g, a, d, &in.shifts);

	for (int role = 0; role < 2; role++)
		f->lead[role] = best_leader(g, c, role);
	const int *lead = f->lead;
	in.leaders.attacker_charisma =
		lead[0] >= 0 ? g->leaders[lead[0]].charisma : 0;
	in.leaders.defender_charisma =
		lead[1] >= 0 ? g->leaders[lead[1]].charisma : 0;
	in.leaders.attacker_leader_killed = c->leader_killed[0];
	in.leaders.attacker_killed_charisma = c->killed_charisma[0];
	in.leaders.defender_leader_killed = c->leader_killed[1];
	in.leaders.defender_killed_charisma = c->killed_charisma[1];
	/* 9.23 (GBA 9.31); GBA 9.22: chariots take skirmishers' hits whole */
	in.defender_skirmisher = unit_has(g, d, TRAIT_SKIRMISHER) &&
				 gba_chariot_halved_by_skirmishers(g, a);
	in.attacker_skirmisher = sk[0] && !other[0]; /* GBA 9.31 #1 */
	in.defender_routed = d->routed;
	f->in = in;
	f->moved = moved;
	f->covered = covered;
}

/* 8.46 step 4: the CRT's working for combat ci's roll die, on the facts
 * f; false when no attack is possible (9.15). */
static bool combat_calc(const struct game *g, const struct combat_facts *f,
			int die, struct shock_calc *out)
{
	struct shock_input in = f->in;
	in.roll = die;
	return shock_calc(g->tables, &in, out);
}

/* 9.53 bullet 5, 9.11 #2: the hits each side of combat ci takes after
 * the CRT's out (roll_combat applies the same through
 * double_depth_shock_hits and passthru_hits, which say so in events). */
static void combat_final(const struct game *g, int ci,
			 const struct shock_calc *out, int *att, int *def)
{
	const struct shock_combat *c = &g->shock.c[ci];
	const struct unit *d = &g->units[c->def[c->clash_def]];
	*att = out->hits.final_attacker_hits;
	double_depth_shock_tripled(g, d, out, def);
	passthru_shock_hits(g, ci, att, def);
}

bool shock_combat_odds(const struct game *g, int ci, struct odds *o)
{
	odds_init(o, 0, "8.46");
	if (!g || ci < 0 || ci >= g->shock.ncombats || !g->tables)
		return false;
	const struct shock_combat *c = &g->shock.c[ci];
	if (c->off || c->natt <= 0 || c->ndef <= 0 || c->clash_att < 0 ||
	    c->clash_def < 0 || c->clash_att >= c->natt ||
	    c->clash_def >= c->ndef)
		return false;
	struct combat_facts f;
	combat_facts(g, ci, &f);
	struct shock_calc out;
	int att, def;
	if (!combat_calc(g, &f, 0, &out))
		return false;
	odds_init(o, 10, "8.46");
	for (int d = 0; d < 10; d++) {
		combat_calc(g, &f, d, &out);
		combat_final(g, ci, &out, &att, &def);
		/* the attacker's hits, then the defender's in brackets, as
		 * the CRT prints them; value: the defender's */
		odds_face(o, d, def, "%d(%d)", att, def);
	}
	return true;
}

bool shock_combat_terms(const struct game *g, int ci, int *column,
			int *superiority)
{
	struct odds o;
	if (!shock_combat_odds(g, ci, &o)) /* the same checks */
		return false;
	struct combat_facts f;
	combat_facts(g, ci, &f);
	struct shock_calc out;
	if (!combat_calc(g, &f, 0, &out))
		return false;
	*column = out.column;
	*superiority = out.superiority.result;
	return true;
}

/* 8.46 steps 1-4 for one combat: the facts, the roll, the events. */
static void roll_combat(struct game *g, int ci)
{
	struct shock_combat *c = &g->shock.c[ci];
	const struct unit *a = &g->units[c->att[c->clash_att]];
	const struct unit *d = &g->units[c->def[c->clash_def]];
	struct combat_facts f;
	combat_facts(g, ci, &f);
	struct shock_input in = f.in;
	bool moved = f.moved;
	int covered = f.covered;
	const int *lead = f.lead;
	for (int role = 0; role < 2; role++)
		c->charisma_leader[role] = lead[role];

	struct event e;
	event_init(&e, "clash");
	event_add(&e, "combat", "%d", ci);
	event_add(&e, "attacker", "%s", a->id);
	event_add(&e, "attacker_type", "%s", unit_type_name(a->type));
	event_add(&e, "defender", "%s", d->id);
	event_add(&e, "defender_type", "%s", unit_type_name(d->type));
	event_add(&e, "side", "%s", hex_zone_name((enum hex_zone)c->side));
	event_add(&e, "column", "%d",
		  shock_clash_column(g->tables, a->type, d->type, in.side));
	event_add(&e, "rule", "8.45");
	game_emit(g, &e);

	in.roll = 0; /* the roll comes after the column is known */
	struct shock_calc pre;
	if (!shock_calc(g->tables, &in, &pre)) {
		c->off = true;
		event_init(&e, "shock_not_fought");
		event_add(&e, "combat", "%d", ci);
		event_add(&e, "why", "no_possible_attack");
		event_add(&e, "rule", "9.15");
		game_emit(g, &e);
		return;
	}

	event_init(&e, "superiority");
	event_add(&e, "combat", "%d", ci);
	event_add(&e, "result", "%s", sup_word(pre.superiority.result));
	if (pre.superiority.column_attacked)
		event_add(&e, "why", "defender_in_column");
	else if (pre.superiority.position)
		event_add(&e, "why", "position");
	else
		event_add(&e, "why", "weapon_system");
	if (pre.superiority.position_denied_by)
		event_add(&e, "denied_by", "bullet_%d",
			  pre.superiority.position_denied_by);
	event_add(&e, "chart", "%s",
		  superiority_name(pre.superiority.weapon_chart));
	if (pre.superiority.charge_rule) /* GBA 9.71, 9.75 */
		event_add(&e, "charge", "%s",
			  pre.superiority.charge_rule);
	event_add(&e, "rule", "%s",
		  pre.superiority.column_attacked ? "6.75"
		  : pre.superiority.charge_rule	  ? pre.superiority.charge_rule
						  : "8.46");
	game_emit(g, &e);

	event_init(&e, "size_ratio");
	event_add(&e, "combat", "%d", ci);
	event_add(&e, "attacker_size", "%d", in.size.attacker_size);
	event_add(&e, "defender_size", "%d", in.size.defender_size);
	event_add(&e, "moved", "%s", moved ? "yes" : "no");
	if (pre.size.ignored)
		event_add(&e, "ignored", "%s", pre.size.ignored);
	event_add(&e, "ratio", "%d-%d", pre.size.attacker_part,
		  pre.size.defender_part);
	event_add(&e, "shift", "%d", pre.size.shift);
	event_add(&e, "rule", "8.46");
	game_emit(g, &e);

	emit_shift(g, ci, "attacker_depleted", pre.shifts.depleted_attacker,
		   "10.32");
	emit_shift(g, ci, "defender_depleted", pre.shifts.depleted_defender,
		   "10.32");
	if (pre.shifts.phalanx_defense) {
		event_init(&e, "shock_shift");
		event_add(&e, "combat", "%d", ci);
		event_add(&e, "what", "phalanx_defense");
		event_add(&e, "covered_flanks", "%d", covered);
		event_add(&e, "shift", "%d", pre.shifts.phalanx_defense);
		event_add(&e, "rule", "9.41");
		game_emit(g, &e);
	}
	emit_shift(g, ci, "terrain", pre.shifts.terrain, "6.26");

	/* the CRT's working for the roll, as shock_combat_odds sees each
	 * face */
	struct shock_calc out;
	combat_calc(g, &f, roll_d10(g, ci), &out);

	event_init(&e, "shock_roll");
	event_add(&e, "combat", "%d", ci);
	event_add(&e, "roll", "%d", out.roll);
	if (lead[0] >= 0)
		event_add(&e, "attacker_leader", "%s", g->leaders[lead[0]].id);
	if (lead[1] >= 0)
		event_add(&e, "defender_leader", "%s", g->leaders[lead[1]].id);
	event_add(&e, "charisma", "%d", out.leaders.charisma);
	event_add(&e, "killed", "%d", out.leaders.killed);
	event_add(&e, "modified", "%d", out.modified_roll);
	event_add(&e, "rule", "8.46,8.44");
	game_emit(g, &e);

	event_init(&e, "shock_result");
	event_add(&e, "combat", "%d", ci);
	event_add(&e, "column", "%d", out.column);
	event_add(&e, "crt", "%d(%d)", out.crt.attacker_hits,
		  out.crt.defender_hits);
	event_add(&e, "superiority", "%s",
		  sup_word(out.superiority.result));
	event_add(&e, "attacker_hits", "%d", out.hits.attacker_hits);
	event_add(&e, "defender_hits", "%d", out.hits.defender_hits);
	if (out.hits.skirmisher_halved)
		event_add(&e, "sk_halved", "9.23");
	if (out.hits.light_cavalry_halved)
		event_add(&e, "lc_halved", "9.32");
	if (out.hits.attacking_skirmisher_halved)
		event_add(&e, "sk_att_halved", "GBA_9.31");
	event_add(&e, "final", "%d(%d)", out.hits.final_attacker_hits,
		  out.hits.final_defender_hits);
	event_add(&e, "rule", "8.46,8.74");
	game_emit(g, &e);

	c->column = out.column;
	c->superiority = out.superiority.result;
	c->position = out.superiority.position;
	c->att_hits = out.hits.final_attacker_hits;
	c->def_hits = double_depth_shock_hits(g, ci, d, &out); /* 9.53 */
	passthru_hits(g, ci); /* 9.11 #2 */
	c->resolved = true;
}

/* ------------------------------------------- 10.13 sharing out the hits */

struct hit_plan {
	int hits;
	int n;				/* units taking a share */
	int slot[SHOCK_UNITS_MAX];	/* their slots */
	int take[SHOCK_UNITS_MAX];	/* hits each takes */
	const char *why[SHOCK_UNITS_MAX]; /* why it took an extra hit */
	int left;			/* extras left to the owner (10.13 #4) */
	const char *attacker_choice;	/* 10.13 exception 2, GBA 10.12's:
					 * the event's why, or NULL */
};

/* 10.13: an attacking phalanx shares the hits of two or more non-phalanx
 * defenders as it likes; GBA 10.12 gives the same choice to any
 * double-sized attacker (a phalanx, or a hoplite or Cardaces unit standing
 * in two hexes: GBA 6.41) against single-hex defenders.  The word for the
 * event's why, or NULL when the owner's 10.13 rules apply. */
static const char *attacker_choice(const struct game *g,
				   const struct shock_combat *c,
				   const struct hit_plan *p)
{
	if (p->n < 2 || p->hits <= 0)
		return NULL;
	const char *why = NULL;
	for (int k = 0; k < c->natt; k++) {
		const struct unit *a = &g->units[c->att[k]];
		if (!in_combat(g, c, 0, k))
			continue;
		if (unit_has(g, a, TRAIT_PHALANX))
			why = "phalanx_attacker_choice";
		else if (!why && unit_has(g, a, TRAIT_DOUBLE_SIZED) &&
			 unit_is_two_hex(a))
			why = "double_sized_attacker_choice";
	}
	if (!why)
		return NULL;
	for (int i = 0; i < p->n; i++) {
		const struct unit *d = &g->units[c->def[p->slot[i]]];
		if (unit_has(g, d, TRAIT_PHALANX) ||
		    (unit_has(g, d, TRAIT_DOUBLE_SIZED) && unit_is_two_hex(d)))
			return NULL;
	}
	return why;
}

/* 10.13, 6.68, 9.62: as equal as possible; extras to the unit used for
 * superiority and the column (8.45's), then the 6.68 unit of a stack
 * (top; bottom when the stack is attacked from the rear), then the
 * owner's choice (left). */
static void plan_hits_of(const struct game *g, int ci, int role, int hits,
			 struct hit_plan *p)
{
	const struct shock_combat *c = &g->shock.c[ci];
	memset(p, 0, sizeof *p);
	p->hits = hits;
	for (int k = 0; k < nslots(c, role); k++)
		if (in_combat(g, c, role, k))
			p->slot[p->n++] = k;
	if (p->n == 0 || p->hits <= 0)
		return;
	if (role == 1 && (p->attacker_choice = attacker_choice(g, c, p)))
		return;
	int base = p->hits / p->n, extra = p->hits % p->n;
	for (int i = 0; i < p->n; i++)
		p->take[i] = base;
	int chosen = role ? c->clash_def : c->clash_att;
	/* 9.53: a Double-Depth stack's odd hit goes to its top unit */
	const struct unit *cu = &g->units[slot_unit(c, role, chosen)];
	const struct unit *ddm = double_depth_mate(g, cu);
	const struct unit *ddtop =
		ddm ? (stacking_is_bottom(g, cu) ? ddm : cu) : NULL;
	for (int i = 0; i < p->n && extra > 0; i++)
		if (ddtop ? &g->units[slot_unit(c, role, p->slot[i])] == ddtop
			  : p->slot[i] == chosen) {
			p->take[i]++;
			p->why[i] = ddtop ? "double_depth_top"
				    : c->superiority != SUP_NONE
					    ? "superiority"
					    : "column";
			extra--;
		}
	bool rear = role == 1 && c->side == ZONE_REAR;
	for (int i = 0; i < p->n && extra > 0; i++) {
		const struct unit *u = &g->units[slot_unit(c, role, p->slot[i])];
		bool dd = double_depth_mate(g, u) != NULL; /* 9.53: top */
		if (p->why[i] || !stack_favoured(g, u, rear && !dd))
			continue;
		/* only a stack whose other unit is in this combat too */
		const struct unit *mate = stacking_mate(g, u);
		bool mate_here = false;
		for (int j = 0; j < p->n; j++)
			if (&g->units[slot_unit(c, role, p->slot[j])] == mate)
				mate_here = true;
		if (!mate_here)
			continue;
		p->take[i]++;
		p->why[i] = dd	 ? "double_depth_top"
			    : rear ? "stack_bottom_rear"
				   : "stack_top";
		extra--;
	}
	int cands = 0;
	for (int i = 0; i < p->n; i++)
		if (!p->why[i])
			cands++;
	if (extra > 0 && extra == cands) {
		for (int i = 0; i < p->n; i++)
			if (!p->why[i]) {
				p->take[i]++;
				p->why[i] = "equal";
			}
		extra = 0;
	}
	p->left = extra;
}

static void plan_hits(const struct game *g, int ci, int role,
		      struct hit_plan *p)
{
	const struct shock_combat *c = &g->shock.c[ci];
	plan_hits_of(g, ci, role, role ? c->def_hits : c->att_hits, p);
}

/* GBA 8.37 for one face of the roll: the final hits att and def shared
 * out as 10.13 would (the owner's choice of the extras, or a double-sized
 * attacker's, taken in slot order), then compared; *took[role] set when a
 * unit of that side would take the Breakthrough's hits. */
static void breakthrough_face(const struct game *g, int ci, int att, int def,
			      bool took[2])
{
	const struct shock_combat *c = &g->shock.c[ci];
	int hits[2][SHOCK_UNITS_MAX], than[2][SHOCK_UNITS_MAX];
	bool all = gba_breakthrough_counts_all(g);
	for (int role = 0; role < 2; role++) {
		struct hit_plan p;
		plan_hits_of(g, ci, role, role ? def : att, &p);
		if (p.attacker_choice) { /* as equal as may be */
			for (int i = 0; i < p.n; i++)
				p.take[i] = p.hits / p.n +
					    (i < p.hits % p.n ? 1 : 0);
		} else {
			for (int i = 0; i < p.n && p.left > 0; i++)
				if (!p.why[i]) {
					p.take[i]++;
					p.left--;
				}
		}
		for (int k = 0; k < nslots(c, role); k++) {
			const struct unit *u = &g->units[slot_unit(c, role, k)];
			hits[role][k] = in_combat(g, c, role, k) && !u->routed
						? (all ? u->hits : 0)
						: -1;
		}
		for (int i = 0; i < p.n; i++)
			if (hits[role][p.slot[i]] >= 0)
				hits[role][p.slot[i]] += p.take[i];
	}
	gba_breakthrough_match(c, hits, than);
	for (int role = 0; role < 2; role++) {
		took[role] = false;
		for (int k = 0; k < nslots(c, role); k++)
			took[role] = took[role] || than[role][k] >= 0;
	}
}

bool shock_breakthrough_odds(const struct game *g, int ci, int pct[2])
{
	pct[0] = pct[1] = 0;
	struct odds o;
	if (!shock_combat_odds(g, ci, &o) || /* the same checks */
	    tables_variant(g->tables, RV_BREAKTHROUGH) == BREAKTHROUGH_NONE)
		return false;
	struct combat_facts f;
	combat_facts(g, ci, &f);
	struct shock_calc out;
	for (int d = 0; d < 10; d++) {
		int att, def;
		bool took[2];
		combat_calc(g, &f, d, &out);
		combat_final(g, ci, &out, &att, &def);
		breakthrough_face(g, ci, att, def, took);
		for (int role = 0; role < 2; role++)
			pct[role] += took[role] ? 10 : 0;
	}
	return pct[0] || pct[1];
}

/* 10.13 exception 1, 4.8: a Leader Elephant carrying its leader passes
 * its share to the combat unit of this combat stacked with it, up to
 * that unit's TQ (a Leader Elephant does not count for stacking, so not
 * stacking_mate).  Not under the attacker's choice (10.13 exception 2): there the attacker
 * shares the hits, not their owner. */
static void leader_elephant_plan(struct game *g, int ci, int role,
				 struct hit_plan *p)
{
	struct shock_combat *c = &g->shock.c[ci];
	if (p->attacker_choice)
		return;
	for (int i = 0; i < p->n; i++) {
		struct unit *u = &g->units[slot_unit(c, role, p->slot[i])];
		if (leader_elephant_rider(g, u) < 0)
			continue;
		for (int j = 0; j < p->n; j++) {
			struct unit *m =
				&g->units[slot_unit(c, role, p->slot[j])];
			if (j == i || leader_elephant_is(g, m) ||
			    m->side != u->side ||
			    !footprint_occupies(&m->at, u->at.hex[0]))
				continue;
			int pool = p->take[i] + p->take[j];
			int le = leader_elephant_share(u, m, pool);
			struct event e;
			event_init(&e, "leader_elephant_spared");
			event_add(&e, "combat", "%d", ci);
			event_add(&e, "unit", "%s", u->id);
			event_add(&e, "with", "%s", m->id);
			event_add(&e, "shares", "%d+%d", p->take[j],
				  p->take[i]);
			event_add(&e, "now", "%d+%d", pool - le, le);
			event_add(&e, "tq", "%d", m->tq);
			event_add(&e, "rule", "10.13,4.8");
			game_emit(g, &e);
			p->take[j] = pool - le;
			p->take[i] = le;
			p->why[i] = p->why[j] = "leader_elephant";
			break;
		}
	}
}

static void apply_plan(struct game *g, int ci, int role,
		       const struct hit_plan *plan)
{
	struct shock_combat *c = &g->shock.c[ci];
	struct hit_plan lp = *plan;
	struct hit_plan *p = &lp;
	leader_elephant_plan(g, ci, role, p);
	for (int i = 0; i < p->n; i++) {
		int k = p->slot[i];
		struct unit *u = &g->units[slot_unit(c, role, k)];
		struct event e;
		event_init(&e, "shock_hits");
		event_add(&e, "combat", "%d", ci);
		event_add(&e, "unit", "%s", u->id);
		event_add(&e, "hits", "%d", p->take[i]);
		event_add(&e, "of", "%d", p->hits);
		if (p->attacker_choice)
			event_add(&e, "why", "%s", p->attacker_choice);
		else if (p->why[i])
			event_add(&e, "extra", "%s", p->why[i]);
		event_add(&e, "rule", "%s",
			  p->why[i] && strncmp(p->why[i], "double", 6) == 0
				  ? "10.13,9.53"
			  : p->why[i] && strncmp(p->why[i], "stack", 5) == 0
				  ? "10.13,6.68"
			  : p->why[i] && strncmp(p->why[i], "leader_el", 9) == 0
				  ? "10.13,4.8"
				  : "10.13");
		game_emit(g, &e);
		if (p->take[i] > 0)
			cohesion_hits_held(g, u, p->take[i], "shock", "8.46");
		if (role)
			c->def_took[k] += p->take[i];
		else
			c->att_took[k] += p->take[i];
	}
}

/* 10.13 for one side of a combat; false while its owner must choose. */
static bool share_hits(struct game *g, int ci, int role)
{
	struct shock_combat *c = &g->shock.c[ci];
	struct hit_plan p;
	plan_hits(g, ci, role, &p);
	if (p.attacker_choice) {
		shock_ask(g, SHA_HITS, side_of_role(g, c, 0), ci, -1);
		return false;
	}
	if (p.left > 0) {
		shock_ask(g, SHA_HITS, side_of_role(g, c, role), ci, -1);
		return false;
	}
	apply_plan(g, ci, role, &p);
	return true;
}

/* 8.46, 10.13 for one combat; false while a choice is owed. */
static bool resolve_one(struct game *g, int ci)
{
	struct shock_state *s = &g->shock;
	struct shock_combat *c = &s->c[ci];
	if (s->sub == 0) {
		if (c->off || c->clash_att < 0 || c->clash_def < 0)
			return true;
		if (!c->resolved)
			roll_combat(g, ci);
		if (!c->resolved)
			return true;
		s->sub = 1;
	}
	if (s->sub == 1) {
		if (!share_hits(g, ci, 0))
			return false;
		s->sub = 2;
	}
	if (s->sub == 2) {
		if (!share_hits(g, ci, 1))
			return false;
		s->sub = 3;
	}
	if (s->sub == 3) {
		gba_breakthrough(g, ci); /* GBA 8.37, by its switch */
		s->sub = 4;
	}
	return true;
}

/* 8.46, 10.13 */
bool shock_step_resolve(struct game *g)
{
	struct shock_state *s = &g->shock;
	for (; s->cursor < s->batch_end; s->cursor++, s->sub = 0)
		if (!resolve_one(g, s->cursor))
			return false;
	return true;
}

/* ------------------------------------------------------- the commands */

static int find_slot(const struct game *g, const struct shock_combat *c,
		     int role, const char *id)
{
	for (int k = 0; k < nslots(c, role); k++)
		if (strcmp(g->units[slot_unit(c, role, k)].id, id) == 0)
			return k;
	return -1;
}

/* 8.45 */
void cmd_clash(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	struct session *s = ctx;
	if (argc != 2) {
		cmd_malformed(r, "usage: clash UNIT");
		return;
	}
	if (!s->game) {
		cmd_refuse(r, NULL, "no game: start one with new or load");
		return;
	}
	struct game *g = s->game;
	int ask = g->shock.ask;
	if (!shock_pending(g) ||
	    (ask != SHA_CLASH_DEFENDER && ask != SHA_CLASH_ATTACKER)) {
		cmd_refuse(r, "8.45", "no choice for the Clash of Spears and "
				      "Swords is owed now");
		return;
	}
	int ci = g->shock.ask_combat;
	struct shock_combat *c = &g->shock.c[ci];
	int role = ask == SHA_CLASH_DEFENDER ? 1 : 0;
	int k = find_slot(g, c, role, argv[1]);
	if (k < 0 || !in_combat(g, c, role, k)) {
		cmd_refuse(r, "8.45", "%s is not %s unit of combat %d",
			   argv[1], role ? "a defending" : "an attacking", ci);
		return;
	}
	struct clash_opt o[CLASH_OPTS_MAX];
	int n = clash_options(g, ci, o);
	int col = 0;
	for (int i = 0; i < n; i++) {
		bool fits = role ? o[i].d == k
				 : o[i].a == k && o[i].d == c->clash_def;
		if (fits && o[i].column > col)
			col = o[i].column;
	}
	if (col <= 0) {
		cmd_refuse(r, "8.45", "%s cannot be used: no possible attack "
				      "pairs it (9.15, not adjacent)",
			   argv[1]);
		return;
	}
	int idx[CLASH_OPTS_MAX];
	int opts = role ? defender_options(o, n, idx)
			: attacker_options(o, n, c->clash_def, idx);
	if (role)
		c->clash_def = k;
	else
		c->clash_att = k;
	emit_pick(g, ci, role, slot_unit(c, role, k), col, opts, true);
	shock_answered(g);
	seq_resume(g);
}

/* "a=1,b=2" or "a,b" into ids and counts; false on bad text */
static int split_list(char *text, char **ids, int *counts, bool *eq, int max)
{
	int n = 0;
	*eq = strchr(text, '=') != NULL;
	for (char *tok = text; tok && *tok;) {
		char *comma = strchr(tok, ',');
		if (comma)
			*comma = '\0';
		if (n >= max)
			return -1;
		char *v = strchr(tok, '=');
		if (*eq != (v != NULL))
			return -1;
		counts[n] = 1;
		if (v) {
			*v = '\0';
			char *end = NULL;
			long x = strtol(v + 1, &end, 10);
			if (!*(v + 1) || *end || x < 0 || x > 99)
				return -1;
			counts[n] = (int)x;
		}
		if (!*tok)
			return -1;
		ids[n++] = tok;
		tok = comma ? comma + 1 : NULL;
	}
	return n;
}

/* 10.13 */
void cmd_hits(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	struct session *s = ctx;
	if (argc != 2) {
		cmd_malformed(r, "usage: hits UNIT[,UNIT] | hits UNIT=N[,UNIT=N]");
		return;
	}
	if (!s->game) {
		cmd_refuse(r, NULL, "no game: start one with new or load");
		return;
	}
	struct game *g = s->game;
	if (!shock_pending(g) || g->shock.ask != SHA_HITS) {
		cmd_refuse(r, "10.13", "no sharing of shock hits is owed now");
		return;
	}
	int ci = g->shock.ask_combat;
	struct shock_combat *c = &g->shock.c[ci];
	int role = g->shock.sub == 1 ? 0 : 1;
	struct hit_plan p;
	plan_hits(g, ci, role, &p);
	char buf[CMD_LINE_MAX + 1];
	snprintf(buf, sizeof buf, "%s", argv[1]);
	char *ids[SHOCK_UNITS_MAX];
	int counts[SHOCK_UNITS_MAX];
	bool eq = false;
	int n = split_list(buf, ids, counts, &eq, SHOCK_UNITS_MAX);
	if (n <= 0) {
		cmd_malformed(r, "usage: hits UNIT[,UNIT] | hits UNIT=N[,UNIT=N]");
		return;
	}
	if ((p.attacker_choice != NULL) != eq) {
		if (p.attacker_choice)
			cmd_refuse(r, "10.13",
				   "the double-sized attacker shares the %d "
				   "hits: "
				   "hits UNIT=N[,UNIT=N]",
				   p.hits);
		else
			cmd_refuse(r, "10.13",
				   "name the %d unit(s) taking the extra hits: "
				   "hits UNIT[,UNIT]",
				   p.left);
		return;
	}
	int given[SHOCK_UNITS_MAX] = {0};
	int sum = 0;
	for (int j = 0; j < n; j++) {
		int i = -1;
		for (int q = 0; q < p.n; q++)
			if (strcmp(g->units[slot_unit(c, role, p.slot[q])].id,
				   ids[j]) == 0)
				i = q;
		if (i < 0) {
			cmd_refuse(r, "10.13",
				   "%s takes no share of these hits", ids[j]);
			return;
		}
		if (given[i]) {
			cmd_refuse(r, "10.13", "%s is named twice", ids[j]);
			return;
		}
		if (!eq && p.why[i]) {
			cmd_refuse(r, "10.13",
				   "%s has its extra hit already (%s)", ids[j],
				   p.why[i]);
			return;
		}
		given[i] = counts[j] > 0 ? counts[j] : -1;
		sum += counts[j];
	}
	if (eq && sum != p.hits) {
		cmd_refuse(r, "10.13", "the shares come to %d, not the %d hits",
			   sum, p.hits);
		return;
	}
	if (!eq && n != p.left) {
		cmd_refuse(r, "10.13", "name exactly %d unit(s) for the extra hits",
			   p.left);
		return;
	}
	for (int i = 0; i < p.n; i++) {
		if (eq) {
			p.take[i] = given[i] > 0 ? given[i] : 0;
		} else if (given[i]) {
			p.take[i]++;
			p.why[i] = "owner_choice";
		}
	}
	apply_plan(g, ci, role, &p);
	g->shock.sub = role ? 3 : 2;
	shock_answered(g);
	seq_resume(g);
}

/* ------------------------------------------------------ legal answers */

static int clash_legal(const struct game *g, struct decision_answer *out,
		       int max)
{
	int ci = g->shock.ask_combat;
	const struct shock_combat *c = &g->shock.c[ci];
	int side = g->shock.ask_side;
	struct clash_opt o[CLASH_OPTS_MAX];
	int n = clash_options(g, ci, o);
	int idx[CLASH_OPTS_MAX];
	int k, first;
	int role = g->shock.ask == SHA_CLASH_DEFENDER ? 1 : 0;
	if (role) {
		k = defender_options(o, n, idx);
		first = default_defender(g, ci, o, n, idx, k);
	} else {
		k = attacker_options(o, n, c->clash_def, idx);
		first = default_attacker(g, ci, o, idx, k);
	}
	int cnt = 0;
	for (int pass = 0; pass < 2; pass++)
		for (int j = 0; j < k; j++) {
			const struct clash_opt *x = &o[idx[j]];
			int slot = role ? x->d : x->a;
			if ((slot == first) != (pass == 0))
				continue;
			decision_add(out, max, &cnt, side, "8.45",
				     "clash %s # column %d %s",
				     g->units[slot_unit(c, role, slot)].id,
				     x->column, sup_word(x->sup));
		}
	return cnt;
}

static int hits_legal(const struct game *g, struct decision_answer *out,
		      int max)
{
	int ci = g->shock.ask_combat;
	const struct shock_combat *c = &g->shock.c[ci];
	int role = g->shock.sub == 1 ? 0 : 1;
	int side = g->shock.ask_side;
	struct hit_plan p;
	plan_hits(g, ci, role, &p);
	int cnt = 0;
	char line[DECISION_LINE_MAX];
	if (p.attacker_choice) {
		/* the 10.13 sharing first, then all on one unit */
		int base = p.hits / p.n, extra = p.hits % p.n;
		size_t len = 0;
		line[0] = '\0';
		for (int i = 0; i < p.n; i++) {
			int t = base + (i < extra ? 1 : 0);
			len += (size_t)snprintf(
				line + len, len < sizeof line ? sizeof line - len : 0,
				"%s%s=%d", i ? "," : "",
				g->units[c->def[p.slot[i]]].id, t);
			if (len >= sizeof line)
				break;
		}
		decision_add(out, max, &cnt, side, "10.13", "hits %s", line);
		for (int i = 0; i < p.n; i++)
			decision_add(out, max, &cnt, side, "10.13",
				     "hits %s=%d",
				     g->units[c->def[p.slot[i]]].id, p.hits);
		return cnt;
	}
	/* the combinations of p.left candidates, in order */
	int cand[SHOCK_UNITS_MAX], nc = 0;
	for (int i = 0; i < p.n; i++)
		if (!p.why[i])
			cand[nc++] = i;
	if (p.left <= 0 || p.left > nc)
		return 0;
	int pick[SHOCK_UNITS_MAX];
	for (int i = 0; i < p.left; i++)
		pick[i] = i;
	for (;;) {
		size_t len = 0;
		line[0] = '\0';
		for (int i = 0; i < p.left && len < sizeof line; i++)
			len += (size_t)snprintf(
				line + len, sizeof line - len, "%s%s",
				i ? "," : "",
				g->units[slot_unit(c, role, p.slot[cand[pick[i]]])]
					.id);
		decision_add(out, max, &cnt, side, "10.13", "hits %s", line);
		if (cnt >= max)
			break;
		int i = p.left - 1;
		while (i >= 0 && pick[i] == nc - p.left + i)
			i--;
		if (i < 0)
			break;
		pick[i]++;
		for (int j = i + 1; j < p.left; j++)
			pick[j] = pick[j - 1] + 1;
	}
	return cnt;
}

int shock_resolve_legal(const struct game *g, struct decision_answer *out,
			int max)
{
	if (!shock_pending(g) || max <= 0 || g->shock.ask_combat < 0 ||
	    g->shock.ask_combat >= g->shock.ncombats)
		return 0;
	switch (g->shock.ask) {
	case SHA_CLASH_DEFENDER:
	case SHA_CLASH_ATTACKER:
		return clash_legal(g, out, max);
	case SHA_HITS:
		return hits_legal(g, out, max);
	default:
		return 0;
	}
}

/* ------------------------------------------------- the segment's end */

/* 8.17 bullet 4: javelin-armed infantry that fought a shock is out of
 * javelins */
static void javelins_spent(struct game *g)
{
	bool done[BATTLE_UNITS_MAX] = {false};
	for (int ci = 0; ci < g->shock.ncombats; ci++) {
		const struct shock_combat *c = &g->shock.c[ci];
		if (!c->resolved)
			continue;
		for (int role = 0; role < 2; role++)
			for (int k = 0; k < nslots(c, role); k++) {
				int ui = slot_unit(c, role, k);
				if (ui < 0 || ui >= g->nunits || done[ui])
					continue;
				struct unit *u = &g->units[ui];
				done[ui] = true;
				if (!game_unit_in_play(u) ||
				    u->missile != MC_J ||
				    !unit_has(g, u, TRAIT_INFANTRY) ||
				    u->supply == SUPPLY_NO)
					continue;
				enum missile_supply was = u->supply;
				u->supply = SUPPLY_NO;
				struct event e;
				event_init(&e, "missile_supply");
				event_add(&e, "unit", "%s", u->id);
				event_add(&e, "weapon", "missile");
				event_add(&e, "was", "%s",
					  missile_supply_name(was));
				event_add(&e, "now", "%s",
					  missile_supply_name(SUPPLY_NO));
				event_add(&e, "why", "javelins_after_shock");
				event_add(&e, "rule", "8.17");
				game_emit(g, &e);
			}
	}
}

/* 6.76: how many of the units that attacked u stand in the Front of
 * footprint fp */
static int attackers_in_front(const struct game *g, int u,
			      const struct footprint *fp)
{
	int n = 0;
	for (int ci = 0; ci < g->shock.ncombats; ci++) {
		const struct shock_combat *c = &g->shock.c[ci];
		if (shock_combat_role(g, ci, u, NULL) != 1)
			continue;
		for (int k = 0; k < c->natt; k++) {
			const struct unit *a = &g->units[c->att[k]];
			if (game_unit_in_play(a) &&
			    footprint_approach(fp, &a->at) == ZONE_FRONT)
				n++;
		}
	}
	return n;
}

/* 6.76: a unit In Column that was shock attacked leaves Column at the
 * end of the Orders Phase (the Shock segment is its last), at 1 hit; a
 * phalanx keeps its facing (its name side), any other unit turns 30
 * degrees: toward the units that attacked it (the vertex whose Front
 * holds more of them), to the right when that does not decide. */
static void columns_reform(struct game *g)
{
	for (int ui = 0; ui < g->nunits; ui++) {
		struct unit *u = &g->units[ui];
		if (!u->at.in_column || !game_unit_in_play(u) || u->routed)
			continue;
		bool attacked = false;
		for (int ci = 0; ci < g->shock.ncombats; ci++)
			if (shock_combat_role(g, ci, ui, NULL) == 1)
				attacked = true;
		if (!attacked)
			continue;
		struct footprint fp = u->at;
		const char *turn = "none";
		if (unit_is_two_hex(u)) {
			fp.facing = (int)column_name_facing(u);
			fp.in_column = false;
		} else {
			struct footprint left = u->at, right = u->at;
			left.in_column = right.in_column = false;
			left.facing = mod6(u->at.facing - 1);
			right.facing = u->at.facing;
			bool go_left = attackers_in_front(g, ui, &left) >
				       attackers_in_front(g, ui, &right);
			fp = go_left ? left : right;
			turn = go_left ? "left" : "right";
		}
		if (footprint_check(&fp) != NULL)
			continue; /* cannot happen for a legal column */
		game_unit_place(g, u, fp);
		u->column_name_left = false;
		struct event e;
		event_init(&e, "column_reformed");
		event_add(&e, "unit", "%s", u->id);
		event_add(&e, "facing", "%s", facing_name((enum facing)fp.facing));
		event_add(&e, "turned", "%s", turn);
		event_add(&e, "rule", "6.76");
		game_emit(g, &e);
		cohesion_hits(g, u, 1, "column_reformed", "6.76");
	}
}

/* 6.76, 8.17 */
void shock_resolve_segment_end(struct game *g)
{
	javelins_spent(g);
	columns_reform(g);
}
