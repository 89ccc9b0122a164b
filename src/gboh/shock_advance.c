/* shock_advance.c — advance after combat (8.5), the advance after a
 * pre-shock rout (8.43), the defender's answer to an advance (8.55),
 * leaders next to an enemy after shock (4.72) and the hits an advance
 * would cost (10.15 [1]).
 *
 * 8.56: there is no advance after Missile Fire alone: only the Shock
 * segment's combats (g->shock) ever reach this file.
 *
 * The advance runs as a small machine in g->shock (adv_phase): PICK the
 * next advancer (8.54; the player's choice when the rules leave one),
 * TURN (8.52's one vertex, 8.53's wheel: optional), REACT (8.55: the
 * other side's reaction facing and Entry Reaction Fire), and back to
 * PICK until no attacker may advance. */
#include "maniple/shock_advance.h"

#include <stdio.h>
#include <string.h>

#include "maniple/elcav.h"
#include "maniple/event.h"
#include "maniple/leader_elephant.h"
#include "maniple/movement.h"
#include "maniple/gba_charge.h"
#include "maniple/gba_pass_through.h"
#include "maniple/passthru.h"
#include "maniple/phalanx.h"
#include "maniple/reaction_fire.h"
#include "maniple/reactions.h"
#include "maniple/rout.h"
#include "maniple/sequence.h"
#include "maniple/shock.h"
#include "maniple/tables.h"
#include "maniple/units.h"

enum adv_phase { ADV_IDLE, ADV_PICK, ADV_TURN, ADV_REACT, ADV_DONE };

#define ADV_CHOICES_MAX 32
#define ADV_HEXES_MAX	(2 * SHOCK_UNITS_MAX)

/* One way an advancer may advance. */
struct adv_choice {
	int unit;	 /* a unit, the top of a stack, or a phalanx */
	int mate;	 /* the unit stacked with it advancing too, -1 */
	struct hex a, b; /* the hex entered; a phalanx: its halves' hexes */
	bool pivot;	 /* 8.53: the phalanx pivots into its centre front */
	int rank;	 /* 8.54: superiority first, then the highest TQ */
};

/* The hexes a combat's gone defenders left, now empty (8.51). */
struct vacated {
	int n;
	struct hex h[ADV_HEXES_MAX];
};

static bool standing(const struct unit *u)
{
	return game_unit_in_play(u) && !u->routed;
}

static bool hex_empty(const struct game *g, struct hex h)
{
	const struct unit *o[4];
	return game_units_at(g, h, o, 4) == 0;
}

static bool hex_has_enemy(const struct game *g, int side, struct hex h)
{
	const struct unit *o[4];
	int n = game_units_at(g, h, o, 4);
	for (int i = 0; i < n; i++)
		if (o[i]->side != side && game_unit_in_play(o[i]))
			return true;
	return false;
}

static int att_side(const struct game *g, int ci)
{
	const struct shock_combat *c = &g->shock.c[ci];
	return c->natt > 0 ? g->units[c->att[0]].side : g->shock.attacker;
}

/* 8.51: the hexes vacated by the combat's gone defenders, empty now.
 * 8.51's ZOC exception for hexes a Pre-Shock TQ check vacated is the
 * 8.43 advance's own condition (enemy_in_own_zoc): at 8.47 [3] every hex
 * the defenders left counts — the Extended Shock Example's Phalanx B,
 * still in Cohort V's ZOC, advances into Triarii W's hex. */
static void vacated_hexes(const struct game *g, int ci, struct vacated *v)
{
	const struct shock_combat *c = &g->shock.c[ci];
	v->n = 0;
	for (int k = 0; k < c->ndef; k++) {
		const struct unit *d = &g->units[c->def[k]];
		if (!c->def_gone[k] && standing(d))
			continue;
		for (int i = 0; i < 2; i++) {
			struct hex h = c->def_at[k].hex[i];
			if (hex_is_none(h) || !hex_empty(g, h))
				continue;
			bool dup = false;
			for (int j = 0; j < v->n; j++)
				dup = dup || hex_eq(v->h[j], h);
			if (!dup && v->n < ADV_HEXES_MAX)
				v->h[v->n++] = h;
		}
	}
}

static int vacated_find(const struct vacated *v, struct hex h)
{
	for (int j = 0; j < v->n; j++)
		if (hex_eq(v->h[j], h))
			return j;
	return -1;
}

/* 8.43 bullet 1: an enemy combat unit stands in a hex u exerts its ZOC
 * into */
static bool enemy_in_own_zoc(const struct game *g, const struct unit *u)
{
	struct hex z[8];
	int n = zoc_hexes(g, u, z);
	for (int i = 0; i < n && i < 8; i++) {
		const struct unit *o[4];
		int m = game_units_at(g, z[i], o, 4);
		for (int j = 0; j < m; j++)
			if (o[j]->side != u->side && standing(o[j]))
				return true;
	}
	return false;
}

/* A move for the phalanx maneuvers of an advance (no order needed,
 * 8.51): its MA as a move's (one step never needs more), leaving a ZOC
 * allowed or not. */
static void adv_move(const struct game *g, int u, bool leave, struct move *m)
{
	memset(m, 0, sizeof *m);
	m->unit = u;
	m->leader = -1;
	m->stack_mate = -1;
	m->start = g->units[u].at.hex[0];
	m->ma = unit_move_ma(g, &g->units[u]);
	m->began_in_zoc = unit_in_enemy_zoc(g, &g->units[u]);
	m->may_leave_zoc = leave;
}

static int slot_of(const struct shock_combat *c, int u)
{
	for (int k = 0; k < c->natt; k++)
		if (c->att[k] == u)
			return k;
	return -1;
}

/* 8.54: superiority first (the unit the clash used, 8.45), then TQ */
static int rank_of(const struct game *g, int ci, int u, int mate)
{
	const struct shock_combat *c = &g->shock.c[ci];
	if (c->superiority == SUP_AS && c->clash_att >= 0 &&
	    c->clash_att < c->natt &&
	    (c->att[c->clash_att] == u || c->att[c->clash_att] == mate))
		return 1000;
	int tq = g->units[u].tq;
	if (mate >= 0 && g->units[mate].tq > tq)
		tq = g->units[mate].tq;
	return tq;
}

static void add_choice(struct adv_choice *out, int *n, int max,
		       const struct adv_choice *ch)
{
	if (*n < max)
		out[(*n)++] = *ch;
}

/* 8.51, 8.52: a one-hex advancer (and its mate) into a vacated hex next
 * to it, through its Front (or a Flank it exerts a ZOC into) */
static void one_hex_options(const struct game *g, int ci,
			    const struct vacated *v, int u, int mate,
			    struct adv_choice *out, int *n, int max)
{
	const struct unit *x = &g->units[u];
	for (int j = 0; j < v->n; j++) {
		struct hex h = v->h[j];
		if (hex_distance(x->at.hex[0], h) != 1)
			continue;
		enum hex_zone z = footprint_zone(&x->at, h);
		if (z != ZONE_FRONT &&
		    !(z == ZONE_FLANK && unit_zoc_into_flank(g, x)))
			continue;
		if (move_hex_entry_cost(g, x, x->at.hex[0], h).prohibited ||
		    (mate >= 0 &&
		     move_hex_entry_cost(g, &g->units[mate], x->at.hex[0], h)
			     .prohibited))
			continue;
		struct adv_choice ch = {
			u, mate, h, HEX_NONE, false, rank_of(g, ci, u, mate)};
		add_choice(out, n, max, &ch);
	}
}

/* The Front hex both halves of a phalanx touch (its centre front) and
 * the other two (left and right). */
static struct hex phalanx_fronts(const struct unit *x, struct hex side[2])
{
	struct hex fr[8];
	int nf = footprint_zone_hexes(&x->at, ZONE_FRONT, fr);
	struct hex centre = HEX_NONE;
	int ns = 0;
	side[0] = side[1] = HEX_NONE;
	for (int i = 0; i < nf; i++) {
		if (hex_distance(fr[i], x->at.hex[0]) == 1 &&
		    hex_distance(fr[i], x->at.hex[1]) == 1)
			centre = fr[i];
		else if (ns < 2)
			side[ns++] = fr[i];
	}
	return centre;
}

/* 8.53: a phalanx goes forward with both halves into vacated hex(es),
 * or pivots into its centre front, or does not advance */
static void phalanx_options(const struct game *g, int ci,
			    const struct vacated *v, int u,
			    struct adv_choice *out, int *n, int max)
{
	const struct unit *x = &g->units[u];
	if (x->at.in_column)
		return;
	struct move m;
	adv_move(g, u, true, &m);
	struct move_step st;
	struct hex side[2];
	struct hex centre = phalanx_fronts(x, side);
	bool vc = vacated_find(v, centre) >= 0;
	bool vs0 = vacated_find(v, side[0]) >= 0;
	bool vs1 = vacated_find(v, side[1]) >= 0;
	int rank = rank_of(g, ci, u, -1);
	if (vc && !vs0 && !vs1) {
		bool e0 = !hex_is_none(side[0]) &&
			  hex_has_enemy(g, x->side, side[0]);
		bool e1 = !hex_is_none(side[1]) &&
			  hex_has_enemy(g, x->side, side[1]);
		if (e0 != e1) {
			/* 8.53, 6.44: the half next to the enemy stays */
			struct hex en = e0 ? side[0] : side[1];
			int keep = hex_distance(x->at.hex[0], en) == 1 ? 0 : 1;
			if (phalanx_check_step(g, &m, x->at.hex[keep], centre,
					       &st)) {
				struct adv_choice ch = {
					u,	-1,   x->at.hex[keep],
					centre, true, rank};
				add_choice(out, n, max, &ch);
			}
			return;
		}
	}
	for (int d = 0; d < HEXSIDE_COUNT; d++) {
		if (facing_zone_of_side((enum facing)x->at.facing,
					(enum hexside)d) != ZONE_FRONT)
			continue;
		struct hex n0 = hex_neighbour(x->at.hex[0], (enum hexside)d);
		struct hex n1 = hex_neighbour(x->at.hex[1], (enum hexside)d);
		if (footprint_occupies(&x->at, n0) ||
		    footprint_occupies(&x->at, n1))
			continue;
		bool v0 = vacated_find(v, n0) >= 0;
		bool v1 = vacated_find(v, n1) >= 0;
		if ((!v0 && !v1) || (!v0 && !hex_empty(g, n0)) ||
		    (!v1 && !hex_empty(g, n1)))
			continue;
		if (!phalanx_check_step(g, &m, n0, n1, &st))
			continue;
		struct adv_choice ch = {u, -1, n0, n1, false, rank};
		add_choice(out, n, max, &ch);
	}
}

/* 8.54: the choices open for the next advance: when more advancers than
 * hexes, only the best ranked; else the first advancer's own options. */
/* 8.61, A9: attacker slot k of combat ci pursued or went through (GBA
 * 9.13, 9.23) instead of advancing */
static bool skips_advance(const struct game *g, int ci, int k)
{
	return g->shock.c[ci].att[k] == g->shock.adv_skip ||
	       gba_pass_through_went(g, ci, k);
}

static int advance_choices(const struct game *g, int ci, bool precharge,
			   struct adv_choice *out, int max)
{
	const struct shock_combat *c = &g->shock.c[ci];
	struct vacated v;
	vacated_hexes(g, ci, &v);
	if (v.n == 0)
		return 0;
	struct adv_choice all[ADV_CHOICES_MAX];
	int nall = 0, nadv = 0;
	bool seen[SHOCK_UNITS_MAX] = {false};
	for (int k = 0; k < c->natt; k++) {
		int u = c->att[k];
		const struct unit *x = &g->units[u];
		if (seen[k] || c->att_gone[k] || c->att_advanced[k] ||
		    !standing(x) || (!precharge && skips_advance(g, ci, k)))
			continue;
		seen[k] = true;
		int before = nall;
		if (unit_is_two_hex(x)) {
			if (precharge && enemy_in_own_zoc(g, x))
				continue;
			phalanx_options(g, ci, &v, u, all, &nall,
					ADV_CHOICES_MAX);
		} else {
			/* 8.51: units stacked together advance together */
			int mate = -1;
			for (int j = k + 1; j < c->natt; j++) {
				const struct unit *y = &g->units[c->att[j]];
				if (!seen[j] && !c->att_gone[j] &&
				    !c->att_advanced[j] && standing(y) &&
				    (precharge || !skips_advance(g, ci, j)) &&
				    !unit_is_two_hex(y) &&
				    hex_eq(y->at.hex[0], x->at.hex[0])) {
					seen[j] = true;
					mate = c->att[j];
					break;
				}
			}
			int top = u;
			if (mate >= 0) {
				const struct unit *o[4];
				game_units_at(g, x->at.hex[0], o, 4);
				if (o[0] == &g->units[mate]) {
					top = mate;
					mate = u;
				}
			}
			if (precharge &&
			    (enemy_in_own_zoc(g, x) ||
			     (mate >= 0 &&
			      enemy_in_own_zoc(g, &g->units[mate]))))
				continue;
			one_hex_options(g, ci, &v, top, mate, all, &nall,
					ADV_CHOICES_MAX);
		}
		if (nall > before)
			nadv++;
	}
	if (nall == 0)
		return 0;
	/* the distinct hexes the advancers could take */
	struct hex hs[ADV_HEXES_MAX];
	int nh = 0;
	for (int i = 0; i < nall; i++) {
		struct hex two[2] = {all[i].a, all[i].b};
		for (int t = 0; t < 2; t++) {
			if (hex_is_none(two[t]) ||
			    footprint_occupies(&g->units[all[i].unit].at,
					       two[t]))
				continue;
			bool dup = false;
			for (int j = 0; j < nh; j++)
				dup = dup || hex_eq(hs[j], two[t]);
			if (!dup && nh < ADV_HEXES_MAX)
				hs[nh++] = two[t];
		}
	}
	int n = 0;
	if (nadv > nh) {
		int best = -1;
		for (int i = 0; i < nall; i++)
			if (all[i].rank > best)
				best = all[i].rank;
		for (int i = 0; i < nall; i++)
			if (all[i].rank == best)
				add_choice(out, &n, max, &all[i]);
	} else {
		for (int i = 0; i < nall; i++)
			if (all[i].unit == all[0].unit)
				add_choice(out, &n, max, &all[i]);
	}
	return n;
}

static void put_hexes(struct event *e, const char *key, struct hex a,
		      struct hex b)
{
	char x[8], y[8];
	hex_format(a, x, sizeof x);
	if (hex_is_none(b)) {
		event_add(e, key, "%s", x);
		return;
	}
	hex_format(b, y, sizeof y);
	event_add(e, key, "%s,%s", x, y);
}

/* 8.51, 8.43: an advance that would rout the unit sets its hits to its
 * TQ minus 1 instead */
static void rout_safe(struct game *g, struct unit *u, const char *rule)
{
	if (!standing(u) || u->hits < u->tq)
		return;
	int was = u->hits;
	u->hits = u->tq > 0 ? u->tq - 1 : 0;
	struct event e;
	event_init(&e, "advance_no_rout");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "hits_were", "%d", was);
	event_add(&e, "hits", "%d", u->hits);
	event_add(&e, "tq", "%d", u->tq);
	event_add(&e, "rule", "%s", rule);
	game_emit(g, &e);
}

/* 8.51: the leaders stacked with the advancing unit go with it */
static void leaders_follow(struct game *g, int side, struct hex from,
			   struct hex to, const char *rule)
{
	if (hex_eq(from, to))
		return;
	for (int i = 0; i < g->nleaders; i++) {
		struct leader *l = &g->leaders[i];
		if (l->side != side || !l->on_map || l->killed ||
		    !hex_eq(l->hex, from))
			continue;
		/* 4.82: a rider stays on his elephant, which did not go */
		int le = leader_elephant_of(g, i);
		if (le >= 0 && !hex_eq(g->units[le].at.hex[0], to))
			continue;
		l->hex = to;
		struct event e;
		event_init(&e, "leader_advanced");
		event_add(&e, "leader", "%s", l->id);
		put_hexes(&e, "from", from, HEX_NONE);
		put_hexes(&e, "to", to, HEX_NONE);
		event_add(&e, "rule", "%s", rule);
		game_emit(g, &e);
	}
}

static const char *advance_rule(bool precharge, bool two_hex)
{
	return precharge ? "8.43" : two_hex ? "8.53" : "8.51";
}

/* 8.51, 8.53, 8.43: the advance itself (no order; the costs of the move,
 * rout-safe) */
static void apply_choice(struct game *g, int ci, const struct adv_choice *ch)
{
	struct shock_state *s = &g->shock;
	struct shock_combat *c = &s->c[ci];
	struct unit *u = &g->units[ch->unit];
	bool pre = s->adv_precharge;
	bool two = unit_is_two_hex(u);
	const char *rule = advance_rule(pre, two);
	s->adv_unit = ch->unit;
	s->adv_mate = ch->mate;
	s->adv_was = u->at;
	if (ch->mate >= 0)
		s->adv_mate_was = g->units[ch->mate].at;
	s->adv_pivot = ch->pivot;
	struct event e;
	event_init(&e, "advance");
	event_add(&e, "unit", "%s", u->id);
	if (ch->mate >= 0)
		event_add(&e, "with", "%s", g->units[ch->mate].id);
	put_hexes(&e, "from", u->at.hex[0], u->at.hex[1]);
	put_hexes(&e, "to", ch->a, ch->b);
	event_add(&e, "maneuver", "%s",
		  ch->pivot ? "pivot"
		  : two	    ? "forward"
			    : "advance");
	event_add(&e, "combat", "%d", ci);
	event_add(&e, "rule", "%s", ch->pivot ? "8.53,6.44" : rule);
	game_emit(g, &e);
	if (two) {
		struct move m;
		adv_move(g, ch->unit, true, &m);
		struct footprint to = u->at, was = u->at;
		phalanx_step_footprint(g, &m, ch->a, ch->b, &to);
		bool mp = u->moved_phase, mt = u->moved_turn;
		phalanx_apply_step(g, &m, ch->a, ch->b);
		u->moved_phase = mp; /* 8.51: an advance is not a move */
		u->moved_turn = mt;
		for (int k = 0; k < 2; k++)
			leaders_follow(g, u->side, was.hex[k], to.hex[k], rule);
		rout_safe(g, u, pre ? "8.43" : "8.51");
	} else {
		struct hex from = u->at.hex[0];
		int who[2] = {ch->unit, ch->mate};
		for (int i = 0; i < 2; i++) {
			if (who[i] < 0)
				continue;
			struct unit *x = &g->units[who[i]];
			struct move_cost mc =
				move_hex_entry_cost(g, x, from, ch->a);
			game_unit_set_hex(g, x, 0, ch->a);
			cohesion_hits_held(g, x, mc.hits, "advance",
					   "8.51,6.22");
			/* 9.15: made to advance by an elephant */
			cohesion_hits_held(g, x,
					   elcav_entry_event(g, x, ch->a,
							     "advance"),
					   "elephant_hexes", "8.51,9.15");
			rout_safe(g, x, pre ? "8.43" : "8.51");
		}
		leaders_follow(g, u->side, from, ch->a, rule);
	}
	int who[2] = {ch->unit, ch->mate};
	for (int i = 0; i < 2; i++) {
		int k = who[i] >= 0 ? slot_of(c, who[i]) : -1;
		if (k < 0)
			continue;
		c->att_advanced[k] = true;
		c->att_pivoted[k] = ch->pivot; /* 8.53, 10.4 */
	}
	if (pre)
		c->advanced_precharge = true;
	s->adv_phase = ADV_TURN;
}

/* 8.52, 8.53: the facings the advanced unit may now take (one vertex; a
 * phalanx that advanced whole: a wheel, 6.44); returns the count */
static int turn_options(const struct game *g, enum facing out[2])
{
	const struct shock_state *s = &g->shock;
	int n = 0;
	if (s->adv_unit < 0 || s->adv_unit >= g->nunits)
		return 0;
	const struct unit *u = &g->units[s->adv_unit];
	if (!standing(u) || u->at.in_column)
		return 0;
	bool two = unit_is_two_hex(u);
	if (two && (s->adv_precharge || s->adv_pivot))
		return 0;
	for (int f = 0; f < FACING_COUNT && n < 2; f++) {
		if (facing_vertices((enum facing)u->at.facing,
				    (enum facing)f) != 1)
			continue;
		struct move_step st;
		if (two) {
			struct move m;
			adv_move(g, s->adv_unit, false, &m);
			struct footprint to;
			if (!phalanx_face_footprint(g, &m, (enum facing)f,
						    &to) ||
			    !phalanx_face_check(g, &m, (enum facing)f, &st))
				continue;
			/* 6.44: a wheel: the half kept in place is in an
			 * enemy ZOC */
			bool wheel = false;
			for (int k = 0; k < 2; k++)
				if (footprint_occupies(&u->at, to.hex[k]) &&
				    zoc_enemy_in(g, u->side, to.hex[k]))
					wheel = true;
			if (!wheel)
				continue;
		} else {
			if (!unit_facing_change_cost(g, u, (enum facing)f, &st))
				continue;
			if (s->adv_mate >= 0 &&
			    !unit_facing_change_cost(g, &g->units[s->adv_mate],
						     (enum facing)f, &st))
				continue;
		}
		out[n++] = (enum facing)f;
	}
	return n;
}

/* 8.52, 8.53: the turn after the advance */
static void apply_turn(struct game *g, int ci, enum facing f)
{
	struct shock_state *s = &g->shock;
	struct unit *u = &g->units[s->adv_unit];
	if (unit_is_two_hex(u)) {
		struct move m;
		adv_move(g, s->adv_unit, false, &m);
		struct footprint to = u->at, was = u->at;
		phalanx_face_footprint(g, &m, f, &to);
		bool mp = u->moved_phase, mt = u->moved_turn;
		phalanx_face_apply(g, &m, f);
		u->moved_phase = mp;
		u->moved_turn = mt;
		for (int k = 0; k < 2; k++)
			leaders_follow(g, u->side, was.hex[k], to.hex[k],
				       "8.53");
		/* 8.53: a wheel after the advance routs as 10.2 says */
		if (standing(u) && u->hits >= u->tq)
			shock_rout_unit(g, ci, s->adv_unit, "8.53");
	} else {
		int who[2] = {s->adv_unit, s->adv_mate};
		for (int i = 0; i < 2; i++) {
			if (who[i] < 0)
				continue;
			struct unit *x = &g->units[who[i]];
			struct move_step st;
			if (!unit_facing_change_cost(g, x, f, &st))
				continue;
			int from = x->at.facing;
			x->at.facing = (int)f;
			struct event e;
			event_init(&e, "facing_changed");
			event_add(&e, "unit", "%s", x->id);
			event_add(&e, "from", "%s",
				  facing_name((enum facing)from));
			event_add(&e, "to", "%s", facing_name(f));
			event_add(&e, "vertices", "1");
			event_add(&e, "mp", "0");
			event_add(&e, "rule", "8.52");
			game_emit(g, &e);
			/* 7.14 in Rough; part of the advance (8.51) */
			cohesion_hits_held(g, x, st.cost.hits, "advance_turn",
					   "7.14");
			rout_safe(g, x, s->adv_precharge ? "8.43" : "8.51");
		}
	}
	s->adv_phase = ADV_REACT;
}

/* Whether any hex of fp is in the ZOC of enemy unit e. */
static bool fp_in_zoc_of(const struct game *g, const struct unit *e,
			 const struct footprint *fp)
{
	for (int k = 0; k < 2; k++)
		if (!hex_is_none(fp->hex[k]) &&
		    zoc_exerted_into(g, e, fp->hex[k]))
			return true;
	return false;
}

/* 8.55: the other side answers the advance: reaction facing (7.15,
 * 7.16), Entry Reaction Fire (8.21) if eligible — never Orderly
 * Withdrawal (6.51).  The leaders it came next to are offered 4.72 once
 * the combat's advance is over (leaders_after_shock). */
static void advance_reactions(struct game *g, int u,
			      const struct footprint *was)
{
	if (u < 0 || u >= g->nunits || !standing(&g->units[u]))
		return;
	const struct unit *x = &g->units[u];
	reactions_after_advance(g, u, was);
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *e = &g->units[i];
		if (e->side == x->side || !standing(e))
			continue;
		if (fp_in_zoc_of(g, e, &x->at) && !fp_in_zoc_of(g, e, was))
			rfire_after_facing(g, i, u); /* 8.21 */
	}
}

/* The advance of combat ci (8.5, or 8.43's when precharge): true when no
 * attacker may advance any more, false while a choice or reaction waits */
static bool advance_run(struct game *g, int ci, bool precharge)
{
	struct shock_state *s = &g->shock;
	if (s->adv_phase == ADV_IDLE || s->adv_combat != ci ||
	    s->adv_precharge != precharge) {
		s->adv_phase = ADV_PICK;
		s->adv_combat = ci;
		s->adv_precharge = precharge;
		s->adv_unit = s->adv_mate = -1;
		s->adv_pivot = false;
	}
	for (int guard = 0; guard < 4 * SHOCK_UNITS_MAX + 8; guard++) {
		switch (s->adv_phase) {
		case ADV_PICK: {
			struct adv_choice ch[ADV_CHOICES_MAX];
			int n = advance_choices(g, ci, precharge, ch,
						ADV_CHOICES_MAX);
			if (n == 0) {
				s->adv_phase = ADV_DONE;
				return true;
			}
			if (n == 1) {
				apply_choice(g, ci, &ch[0]);
				continue;
			}
			bool one = true;
			for (int i = 1; i < n; i++)
				one = one && ch[i].unit == ch[0].unit;
			shock_ask(g, SHA_ADVANCE, att_side(g, ci), ci,
				  one ? ch[0].unit : -1);
			return false;
		}
		case ADV_TURN: {
			enum facing f[2];
			if (turn_options(g, f) > 0) {
				shock_ask(g, SHA_ADVANCE, att_side(g, ci), ci,
					  s->adv_unit);
				return false;
			}
			s->adv_phase = ADV_REACT;
			continue;
		}
		case ADV_REACT:
			s->adv_phase = ADV_PICK;
			advance_reactions(g, s->adv_unit, &s->adv_was);
			if (s->adv_mate >= 0)
				advance_reactions(g, s->adv_mate,
						  &s->adv_mate_was);
			if (reactions_pending(g) || rout_pending(g))
				return false;
			continue;
		case ADV_DONE:
			return true;
		default:
			s->adv_phase = ADV_PICK;
			continue;
		}
	}
	s->adv_phase = ADV_DONE;
	return true;
}

/* 4.72: after the combat, each leader next to an enemy combat unit of it
 * may withdraw 1-3 hexes (a lone leader who does not is eliminated); once
 * in the segment */
static void leaders_after_shock(struct game *g, int ci)
{
	struct shock_state *s = &g->shock;
	const struct shock_combat *c = &s->c[ci];
	for (int role = 0; role < 2; role++) {
		int cnt = role == 0 ? c->natt : c->ndef;
		for (int k = 0; k < cnt; k++) {
			int u = role == 0 ? c->att[k] : c->def[k];
			const struct unit *x = &g->units[u];
			if (!standing(x))
				continue;
			bool any = false;
			for (int i = 0; i < g->nleaders; i++) {
				const struct leader *l = &g->leaders[i];
				if (l->side == x->side || !l->on_map ||
				    l->killed || bits_has(s->lw_offered, i) ||
				    footprint_distance(&x->at, l->hex) != 1)
					continue;
				bits_put(s->lw_offered, i, true);
				g->react.lw_near[i] = 0; /* offer it anew */
				any = true;
			}
			if (any)
				leader_withdraw_collect(g, u);
		}
	}
}

static bool any_cavalry(const struct game *g, int ci)
{
	const struct shock_combat *c = &g->shock.c[ci];
	for (int k = 0; k < c->natt; k++)
		if (!c->att_gone[k] && standing(&g->units[c->att[k]]) &&
		    unit_has(g, &g->units[c->att[k]], TRAIT_CAVALRY))
			return true;
	return false;
}

static bool any_defender_gone(const struct game *g, int ci)
{
	const struct shock_combat *c = &g->shock.c[ci];
	for (int k = 0; k < c->ndef; k++)
		if (c->def_gone[k] || !standing(&g->units[c->def[k]]))
			return true;
	return false;
}

/* 8.47 [3], 8.5, 8.6, 4.72: combats in batch order */
bool shock_step_advance(struct game *g)
{
	struct shock_state *s = &g->shock;
	for (; s->cursor < s->batch_end; s->cursor++, s->sub = 0) {
		int ci = s->cursor;
		if (ci < 0 || ci >= s->ncombats)
			continue;
		if (s->sub == 0) {
			if (!passthru_after_combat(g, ci))
				return false; /* 9.11 #3, #4 */
			if (!gba_pass_through_after_combat(g, ci))
				return false; /* GBA 9.13, 9.23 */
			s->adv_phase = ADV_IDLE;
			/* A9: a pass-through replaces that unit's advance
			 * (gba_pass_through_went, advance_choices) */
			s->adv_skip = -1;
			if (!any_defender_gone(g, ci) ||
			    shock_standing(g, ci, 0) == 0 ||
			    passthru_passed(g, ci))
				s->sub = 3;
			else
				s->sub = any_cavalry(g, ci) ? 1 : 2;
		}
		if (s->sub == 1) {
			bool done = false;
			if (!pursuit_after_combat(g, ci, &done))
				return false; /* 8.6 waits */
			/* 8.61: the pursuit replaces the pursuer's advance;
			 * the combat's other attackers still advance (8.5) */
			s->adv_phase = ADV_IDLE;
			s->adv_skip = done ? s->c[ci].pursuer : s->adv_skip;
			s->sub = 2;
		}
		if (s->sub == 2) {
			/* GBA 9.76 (R188): out of Charge Formation before
			 * the advance, which is after the combat */
			gba_charge_after_shock(g, ci);
			if (!advance_run(g, ci, false))
				return false;
			s->sub = 3;
		}
		if (s->sub == 3) {
			s->sub = 4;
			gba_charge_after_shock(g, ci); /* GBA 9.76 */
			leaders_after_shock(g, ci);
			if (reactions_pending(g))
				return false;
		}
	}
	return true;
}

/* 8.43: the attacker advances into a hex a pre-shock rout vacated */
bool shock_advance_after_charge(struct game *g, int ci)
{
	struct shock_state *s = &g->shock;
	if (ci < 0 || ci >= s->ncombats)
		return true;
	return advance_run(g, ci, true);
}

/* 10.15 [1]: the least hits attacker u would take advancing into a hex
 * of combat ci's defenders (6.22 terrain and elevation, 6.42 the worse
 * half, 6.43 a pivot's hit) */
int shock_advance_cost(const struct game *g, int ci, int u)
{
	if (!g || ci < 0 || ci >= g->shock.ncombats || u < 0 ||
	    u >= g->nunits || !g->tables)
		return 0;
	const struct shock_combat *c = &g->shock.c[ci];
	const struct unit *x = &g->units[u];
	struct hex dh[ADV_HEXES_MAX];
	int nd = 0;
	for (int k = 0; k < c->ndef && nd + 2 <= ADV_HEXES_MAX; k++)
		for (int i = 0; i < 2; i++)
			if (!hex_is_none(c->def_at[k].hex[i]))
				dh[nd++] = c->def_at[k].hex[i];
	int best = -1;
	if (!unit_is_two_hex(x)) {
		for (int i = 0; i < nd; i++) {
			if (hex_distance(x->at.hex[0], dh[i]) != 1)
				continue;
			struct move_cost mc =
				move_hex_entry_cost(g, x, x->at.hex[0], dh[i]);
			if (!mc.prohibited && (best < 0 || mc.hits < best))
				best = mc.hits;
		}
		return best < 0 ? 0 : best;
	}
	for (int d = 0; d < HEXSIDE_COUNT; d++) {
		if (x->at.in_column ||
		    facing_zone_of_side((enum facing)x->at.facing,
					(enum hexside)d) != ZONE_FRONT)
			continue;
		struct hex n[2] = {
			hex_neighbour(x->at.hex[0], (enum hexside)d),
			hex_neighbour(x->at.hex[1], (enum hexside)d)};
		bool any = false;
		struct move_cost w = {0, 0, false};
		for (int t = 0; t < 2; t++) {
			for (int i = 0; i < nd; i++)
				any = any || hex_eq(dh[i], n[t]);
			w = move_cost_worse(
				w,
				move_hex_entry_cost(g, x, x->at.hex[t], n[t]));
		}
		if (any && !w.prohibited && (best < 0 || w.hits < best))
			best = w.hits;
	}
	if (best < 0) {
		/* 8.53: the pivot into the centre front (6.43's hit) */
		struct hex side[2];
		struct hex centre = phalanx_fronts(x, side);
		int pivot = phalanx_pivot_hits(g, x);
		for (int i = 0; i < nd && !hex_is_none(centre); i++) {
			if (!hex_eq(dh[i], centre))
				continue;
			for (int k = 0; k < 2; k++) {
				struct move_cost mc = move_hex_entry_cost(
					g, x, x->at.hex[k], centre);
				if (!mc.prohibited &&
				    (best < 0 || mc.hits + pivot < best))
					best = mc.hits + pivot;
			}
		}
	}
	return best < 0 ? 0 : best;
}

static void choice_line(const struct game *g, const struct adv_choice *ch,
			char *buf, size_t n)
{
	char a[8], b[8];
	hex_format(ch->a, a, sizeof a);
	if (hex_is_none(ch->b)) {
		snprintf(buf, n, "advance %s %s", g->units[ch->unit].id, a);
		return;
	}
	hex_format(ch->b, b, sizeof b);
	snprintf(buf, n, "advance %s %s,%s", g->units[ch->unit].id, a, b);
}

static bool advance_owed(const struct game *g)
{
	return shock_pending(g) && g->shock.ask == SHA_ADVANCE;
}

int shock_advance_legal(const struct game *g, struct decision_answer *out,
			int max)
{
	if (!advance_owed(g) || max <= 0)
		return 0;
	const struct shock_state *s = &g->shock;
	int n = 0;
	if (s->adv_phase == ADV_PICK) {
		struct adv_choice ch[ADV_CHOICES_MAX];
		int k = advance_choices(g, s->adv_combat, s->adv_precharge, ch,
					ADV_CHOICES_MAX);
		for (int i = 0; i < k && n < max; i++) {
			char line[DECISION_LINE_MAX];
			choice_line(g, &ch[i], line, sizeof line);
			decision_add(out, max, &n, s->ask_side, "8.54", "%s",
				     line);
		}
	} else if (s->adv_phase == ADV_TURN) {
		enum facing f[2];
		int k = turn_options(g, f);
		bool two = s->adv_unit >= 0 &&
			   unit_is_two_hex(&g->units[s->adv_unit]);
		const char *rule = two ? "8.53" : "8.52";
		for (int i = 0; i < k && n < max; i++)
			decision_add(out, max, &n, s->ask_side, rule,
				     "advance face %s", facing_name(f[i]));
		decision_add(out, max, &n, s->ask_side, rule, "advance keep");
	}
	return n;
}

static void answered(struct game *g)
{
	shock_answered(g);
	seq_resume(g);
}

/* 8.54: `advance UNIT HEX[,HEX]` */
static void advance_pick(struct game *g, const char *id, const char *hexes,
			 struct cmd_result *r)
{
	struct shock_state *s = &g->shock;
	int ci = s->adv_combat;
	const struct unit *u = game_unit(g, id);
	struct hex a, b;
	if (!hex_pair_parse(hexes, &a, &b)) {
		cmd_malformed(r, "usage: advance UNIT HEX[,HEX]");
		return;
	}
	if (!u) {
		cmd_refuse(r, NULL, "no unit %s", id);
		return;
	}
	int ui = (int)(u - g->units);
	if (slot_of(&s->c[ci], ui) < 0) {
		cmd_refuse(r, "8.51", "%s is not an attacker of combat %d", id,
			   ci);
		return;
	}
	struct adv_choice ch[ADV_CHOICES_MAX];
	int n = advance_choices(g, ci, s->adv_precharge, ch, ADV_CHOICES_MAX);
	bool has = false;
	for (int i = 0; i < n; i++) {
		if (ch[i].unit != ui && ch[i].mate != ui)
			continue;
		has = true;
		bool same = (hex_eq(ch[i].a, a) && hex_eq(ch[i].b, b)) ||
			    (!hex_is_none(b) && hex_eq(ch[i].a, b) &&
			     hex_eq(ch[i].b, a));
		if (same) {
			apply_choice(g, ci, &ch[i]);
			answered(g);
			return;
		}
	}
	char first[DECISION_LINE_MAX] = "";
	if (n > 0)
		choice_line(g, &ch[0], first, sizeof first);
	if (!has)
		cmd_refuse(r, "8.54",
			   "%s does not advance now: Superiority, then the "
			   "highest TQ, go first when hexes are short, else "
			   "the attackers in designation order (e.g. %s)",
			   id, first);
	else
		cmd_refuse(r, unit_is_two_hex(u) ? "8.53" : "8.51",
			   "%s advances only into a hex its defenders "
			   "vacated (a phalanx: both halves forward, or its "
			   "pivot), e.g. %s",
			   id, first);
}

void shock_advance_command(struct game *g, int argc, char **argv,
			   struct cmd_result *r)
{
	if (argc < 2 || argc > 3) {
		cmd_malformed(r, "usage: advance UNIT HEX[,HEX] | advance face "
				 "FACING | advance keep");
		return;
	}
	if (!advance_owed(g)) {
		cmd_refuse(r, "8.5", "no advance after combat is owed now");
		return;
	}
	struct shock_state *s = &g->shock;
	/* 8.52, 8.53: `advance keep`, the unit advanced and keeps its
	 * facing; `stay` is its older spelling, kept so that game files and
	 * scripts written with it replay */
	bool keep = strcmp(argv[1], "keep") == 0 ||
		    strcmp(argv[1], "stay") == 0;
	bool face = strcmp(argv[1], "face") == 0;
	if ((keep && argc != 2) || (face && argc != 3) ||
	    (!keep && !face && argc != 3)) {
		cmd_malformed(r, "usage: advance UNIT HEX[,HEX] | advance face "
				 "FACING | advance keep");
		return;
	}
	if (s->adv_phase == ADV_PICK) {
		if (keep || face) {
			cmd_refuse(r, "8.51",
				   "the advance is not optional: name the "
				   "unit and the hex (advance UNIT HEX)");
			return;
		}
		advance_pick(g, argv[1], argv[2], r);
		return;
	}
	if (s->adv_phase != ADV_TURN || s->adv_unit < 0 ||
	    s->adv_unit >= g->nunits) {
		cmd_refuse(r, "8.5", "no advance after combat is owed now");
		return;
	}
	const struct unit *u = &g->units[s->adv_unit];
	bool two = unit_is_two_hex(u);
	if (!keep && !face) {
		cmd_refuse(r, two ? "8.53" : "8.52",
			   "%s has advanced: turn (advance face FACING) or "
			   "keep its facing (advance keep)",
			   u->id);
		return;
	}
	if (keep) {
		struct event e;
		event_init(&e, "advance_stay");
		event_add(&e, "unit", "%s", u->id);
		event_add(&e, "rule", "%s", two ? "8.53" : "8.52");
		game_emit(g, &e);
		s->adv_phase = ADV_REACT;
		answered(g);
		return;
	}
	int f = facing_parse(argv[2]);
	if (f < 0) {
		cmd_malformed(r, "no such facing %s: NE E SE SW W NW", argv[2]);
		return;
	}
	enum facing opt[2];
	int k = turn_options(g, opt);
	for (int i = 0; i < k; i++)
		if ((int)opt[i] == f) {
			apply_turn(g, s->adv_combat, (enum facing)f);
			answered(g);
			return;
		}
	if (two)
		cmd_refuse(r, "8.53",
			   "a phalanx that advanced may only wheel (6.44): "
			   "one vertex, the half kept in place in an enemy "
			   "ZOC");
	else
		cmd_refuse(r, "8.52",
			   "an advancing unit may turn one vertex only");
}

void cmd_advance(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	struct session *s = ctx;
	if (!s->game) {
		cmd_refuse(r, NULL, "no game: start one with new or load");
		return;
	}
	shock_advance_command(s->game, argc, argv, r);
}
