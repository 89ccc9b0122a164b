/* movement.c — moving a unit or leader one step at a time, and turning
 * (SPQR 6.1–6.3, 7.11–7.14, 7.23, 7.24; TABLES.md §7; RULINGS R5).
 * Costs come from the Movement Cost Chart (rules/spqr/movement.ini)
 * through tables.h; this module decides which row applies and what the
 * unit's situation allows. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/movement.h"
#include "maniple/engaged.h"
#include "maniple/leader_elephant.h"
#include "maniple/phalanx.h"
#include "maniple/mle.h"
#include "maniple/elcav.h"
#include "maniple/gba_charge.h"
#include "maniple/gba_chariot.h"
#include "maniple/stacking.h"

static bool is_leader_elephant(const struct unit *u)
{
	return u->leader_elephant[0] != '\0';
}

static struct unit *move_unit(struct game *g, const struct move *m)
{
	return m->unit >= 0 && m->unit < g->nunits ? &g->units[m->unit] : NULL;
}

/* 6.64: the unit moving together with the mover as a stack, or NULL */
static const struct unit *move_companion(const struct game *g,
					 const struct move *m)
{
	return m->as_stack && m->stack_mate >= 0 && m->stack_mate < g->nunits
		       ? &g->units[m->stack_mate]
		       : NULL;
}

static const struct leader *move_leader_c(const struct game *g,
					  const struct move *m)
{
	return m->leader >= 0 && m->leader < g->nleaders
		       ? &g->leaders[m->leader]
		       : NULL;
}

static struct hex move_here(const struct game *g, const struct move *m)
{
	const struct unit *u = move_mover(g, m);
	if (u)
		return u->at.hex[0];
	const struct leader *l = move_leader_c(g, m);
	return l ? l->hex : HEX_NONE;
}

static int move_side(const struct game *g, const struct move *m)
{
	const struct unit *u = move_mover(g, m);
	if (u)
		return u->side;
	const struct leader *l = move_leader_c(g, m);
	return l ? l->side : 0;
}

static void put_mover(struct event *e, const struct game *g,
		      const struct move *m)
{
	const struct unit *u = move_mover(g, m);
	const struct leader *l = move_leader_c(g, m);
	if (u)
		event_add(e, "unit", "%s", u->id);
	else if (l)
		event_add(e, "leader", "%s", l->id);
}

/* 6.24 Rough terrain */
bool terrain_is_rough(enum terrain t)
{
	return t == TERRAIN_WOODS || t == TERRAIN_BROKEN || t == TERRAIN_MARSH;
}

/* SPQR 6.24, GBA 6.28 Rough for one unit type */
bool unit_terrain_is_rough(const struct game *g, enum unit_type type,
			   enum terrain t)
{
	if (!g->tables ||
	    tables_variant(g->tables, RV_ROUGH) == ROUGH_TERRAIN)
		return terrain_is_rough(t);
	/* GBA 6.28: the hex's own terrain, without hexside or climb */
	struct move_cost c = tables_hex_entry_cost(
		g->tables, &(struct hex_entry){.type = type, .terrain = t});
	return c.prohibited || c.hits >= 1;
}

/* 6.21, 6.22: the chart's cost, optionally without the hexside crossed or
 * the climb (for the events' breakdown). */
static struct move_cost entry_cost(const struct game *g, const struct unit *u,
				   struct hex from, struct hex to,
				   bool with_side, bool with_climb)
{
	struct move_cost no = {0, 0, true};
	const struct map *map = g->battle->map;
	const struct map_hex *mf = map_at(map, from);
	const struct map_hex *mt = map_at(map, to);
	int d = hex_direction_to(from, to);
	if (!g->tables || !mf || !mt || d < 0)
		return no;
	struct hex_entry e = {
		.type = u ? u->type : UT_HC,
		.leader = u == NULL,
		.in_column = u ? u->at.in_column : false,
		.terrain = (enum terrain)mt->terrain,
		.infantry_hits = u && unit_has(g, u, TRAIT_CARDACES),
		.hexside = with_side ? map_hexside(map, from, (enum hexside)d)
				     : 0,
		.from_level = mf->elevation,
		.to_level = with_climb ? mt->elevation : mf->elevation,
	};
	/* 6.15: a Leader Elephant pays Elephant costs; 4.83: no hits */
	bool le = u && is_leader_elephant(u);
	if (le)
		e.type = UT_EL;
	struct move_cost c = tables_hex_entry_cost(g->tables, &e);
	if (le)
		c.hits = 0;
	c.hits = gba_charge_terrain_hits(g, u, c.hits); /* GBA 9.74 */
	return c;
}

/* 6.21, 6.22, 6.24, 6.27 the cost of entering an adjacent hex */
struct move_cost move_hex_entry_cost(const struct game *g,
				     const struct unit *u, struct hex from,
				     struct hex to)
{
	return entry_cost(g, u, from, to, true, true);
}

/* 6.12 one move per Orders Phase */
bool move_allowed(const struct game *g, const struct unit *u)
{
	(void)g;
	return game_unit_in_play(u) && !u->moved_phase;
}

static bool refuse_begin(struct move *m, const char *why, const char *rule)
{
	m->refusal = why;
	m->rule = rule;
	return false;
}

/* Clears m for a new move and records the mover, index i of n, in *who
 * (m->unit or m->leader); false, with the refusal in m, when there is no
 * such mover or no rules tables. */
static bool begin_clear(const struct game *g, struct move *m, ptrdiff_t i,
			int n, int16_t *who, const char *none)
{
	memset(m, 0, sizeof *m);
	m->unit = -1;
	m->leader = -1;
	m->start = HEX_NONE;
	if (i < 0 || i >= n)
		return refuse_begin(m, none, NULL);
	*who = (int16_t)i;
	if (!g->tables)
		return refuse_begin(m, "the rules tables are not loaded", NULL);
	return true;
}

/* 6.11, 6.12, 6.4, 6.7, 10.27, 7.23 starting a unit's move */
bool move_begin(const struct game *g, const struct unit *u, struct move *m)
{
	if (!begin_clear(g, m, u - g->units, g->nunits, &m->unit,
			 "no such unit"))
		return false;
	if (!game_unit_in_play(u))
		return refuse_begin(m, "the unit is not on the map", "6.11");
	if (u->routed)
		return refuse_begin(m, "a routed unit takes no orders but Rally",
				    "10.27");
	if (unit_engaged(g, u)) /* 10.41 bullet 1 */
		return refuse_begin(m, "an Engaged unit may not move or change "
				       "facing", "10.41");
	if (!move_allowed(g, u))
		return refuse_begin(m, "the unit has moved this Orders Phase",
				    "6.12");
	m->start = u->at.hex[0];
	/* 6.11 printed MA (6.41 phalanx, 6.72 Column); 4.81 a Leader
	 * Elephant moves like a leader */
	m->ma = is_leader_elephant(u) ? leader_ma(g) : unit_move_ma(g, u);
	m->ma -= mle_ma_cut(g, u); /* 9.68: after a Line Command's MLE */
	if (m->ma < 0)
		m->ma = 0;
	m->moved_before = u->moved_turn;
	m->began_in_zoc = unit_in_enemy_zoc(g, u);
	/* 7.23 bullet 1; 4.83: a Leader Elephant leaves with its leader, on
	 * the OC's orders (the caller sets may_leave_zoc then) */
	m->may_leave_zoc = !m->began_in_zoc ||
			   (!is_leader_elephant(u) && zoc_may_leave(g, u));
	return true;
}

int leader_ma(const struct game *g)
{
	return game_constant(g, RC_LEADER_MA); /* 6.14, 4.81 */
}

/* 6.14, 6.15, 4.71, 4.82 starting a leader's move */
bool move_begin_leader(const struct game *g, const struct leader *l,
		       bool may_leave_zoc, struct move *m)
{
	if (!begin_clear(g, m, l - g->leaders, g->nleaders, &m->leader,
			 "no such leader"))
		return false;
	if (!l->on_map || l->killed)
		return refuse_begin(m, "the leader is not on the map", "6.14");
	for (int k = 0; k < g->nunits; k++)
		if (strcmp(g->units[k].leader_elephant, l->id) == 0 &&
		    game_unit_in_play(&g->units[k]))
			return refuse_begin(m,
					    "the leader moves with his Leader "
					    "Elephant",
					    "4.82");
	m->start = l->hex;
	m->ma = leader_ma(g);
	m->began_in_zoc = zoc_enemy_in(g, l->side, l->hex);
	m->may_leave_zoc = !m->began_in_zoc || may_leave_zoc;
	return true;
}

/* 6.31, 7.23, 10.14: false, with the refusal in out, once the move has
 * ended or the mover has been stopped. */
static bool move_goes_on(const struct move *m, struct move_step *out)
{
	if (m->ended)
		return refuse_step(out, "the move has ended", "6.31");
	if (m->stopped)
		return refuse_step(out,
				   !m->stop_rule ||
						   strcmp(m->stop_rule, "7.23") == 0
					   ? "the unit stopped on entering an "
					     "enemy ZOC"
					   : "the unit's hits reached its TQ",
				   m->stop_rule ? m->stop_rule : "7.23");
	return true;
}

/* 6.24, 6.27, GBA 6.26: why the chart closes the step from `from` into
 * the adjacent `to` */
const char *move_prohibited_reason(const struct game *g, struct hex from,
				   struct hex to, const char **rule)
{
	const struct map *map = g->battle->map;
	const struct map_hex *mt = map_at(map, to);
	int d = hex_direction_to(from, to);
	unsigned side = d >= 0 ? map_hexside(map, from, (enum hexside)d) : 0;
	*rule = "6.24";
	if (mt && mt->terrain == TERRAIN_IMPASSABLE)
		return "that hex is impassable";
	if (side & HSF_RIVER)
		return "a River hexside is impassable";
	/* the chart's City Walls row (6.27, GBA 6.29) */
	*rule = "6.27";
	if ((side & HSF_WALL) && !hexside_is_gate(side))
		return "a city wall is crossed only at a gate";
	return "the Movement Cost Chart prohibits that move for this unit";
}

/* 6.61, 6.62, 4.72, 4.85: who may enter a hex holding other pieces */
static bool check_occupants(const struct game *g, const struct move *m,
			    struct hex dest, struct move_step *out)
{
	const struct unit *mover = move_mover(g, m);
	int side = move_side(g, m);
	bool friendly_combat = false;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *o = &g->units[i];
		if (o == mover || !game_unit_in_play(o) ||
		    !footprint_occupies(&o->at, dest))
			continue;
		if (o->side != side)
			return refuse_step(out,
					   "an enemy combat unit is in that hex",
					   "6.62");
		friendly_combat = true; /* 6.65 a leader joins a friend */
	}
	/* 6.61-6.69, 6.77, 9.52, 9.83, 4.85: the voluntary Stacking Chart */
	struct stacking_entry se;
	if (mover && !stacking_voluntary_entry(g, mover, move_companion(g, m),
					       dest, &se))
		return refuse_step(out, se.refusal, se.rule);
	/* 7.23 would stop the mover where 6.69 forbids it to stop */
	if (mover && se.nstationary && !se.may_stop && out->enters_enemy_zoc)
		return refuse_step(out,
				   "the move would stop there (enemy ZOC) and "
				   "the unit may not stop in that friend's hex",
				   se.stop_rule);
	for (int i = 0; i < g->nleaders; i++) {
		const struct leader *l = &g->leaders[i];
		if (l->on_map && !l->killed && l->side != side &&
		    hex_eq(l->hex, dest))
			return refuse_step(out,
					   "an enemy leader is in that hex",
					   "4.72");
	}
	/* 4.71: a leader enters an enemy ZOC only where a friendly combat
	 * unit already is */
	if (!mover && out->enters_enemy_zoc && !friendly_combat)
		return refuse_step(out,
				   "a leader enters an enemy ZOC only where a "
				   "friendly combat unit is",
				   "4.71");
	return true;
}

/* How many friends' hexes deep the 6.69 look-ahead goes: a path passing
 * through more friends' hexes in a row than this is refused (it could
 * otherwise strand the unit). */
#define WAY_ON_DEPTH 4

static bool check_step(const struct game *g, const struct move *m,
		       struct hex dest, struct move_step *out, int depth);
static bool face_check(const struct game *g, const struct move *m,
		       enum facing to, struct move_step *out);

/* A trial (6.67, 6.69): the mover is put where a step or a turn would
 * leave it, in the game itself, and put back by trial_end; the look-ahead
 * between only reads the game, so nothing else changes and nothing is
 * copied.  The game is never a const object: the const of the queries'
 * pointer is only the promise that they leave it as they found it. */
struct trial {
	struct game *g;
	struct unit *u;
	struct footprint at;
	bool moved_phase, moved_turn;
};

static struct game *trial_begin(const struct game *g, int ui,
				struct trial *t)
{
	struct game *w = (struct game *)g;
	t->g = w;
	t->u = &w->units[ui];
	t->at = t->u->at;
	t->moved_phase = t->u->moved_phase;
	t->moved_turn = t->u->moved_turn;
	t->u->moved_phase = true;
	t->u->moved_turn = true;
	return w;
}

static void trial_end(const struct trial *t)
{
	game_unit_place(t->g, t->u, t->at);
	t->u->moved_phase = t->moved_phase;
	t->u->moved_turn = t->moved_turn;
}

/* 6.67, 6.69: from where the trial game c's mover stands (move m2), the move
 * may end there, or go on by one legal step (after a facing change if
 * need be) */
static bool way_on_from(struct game *c, const struct move *m2, int depth)
{
	struct unit *cu = &c->units[m2->unit];
	int was = cu->at.facing;
	bool ok = false;
	for (int f = -1; f < FACING_COUNT && !ok; f++) {
		struct move m3 = *m2;
		cu->at.facing = was;
		if (f >= 0) {
			struct move_step t;
			if (f == was || cu->at.in_column ||
			    !face_check(c, &m3, (enum facing)f, &t))
				continue;
			cu->at.facing = f;
			m3.mp_spent += t.cost.mp;
			m3.facing_mp += t.cost.mp;
			m3.vertices_turned += t.vertices;
		}
		const char *rule = NULL;
		if (!stacking_stop_refusal(c, cu, move_companion(c, &m3),
					   &rule)) {
			ok = true;
			break;
		}
		for (int d = 0; d < 6 && !ok && !m3.stopped; d++) {
			struct move_step t;
			struct hex nb = hex_neighbour(cu->at.hex[0],
						      (enum hexside)d);
			ok = check_step(c, &m3, nb, &t, depth + 1);
		}
	}
	cu->at.facing = was;
	return ok;
}

/* 6.67, 6.69: a unit enters a friend's hex only if it could then end its
 * move there or leave it again: nothing may strand it where it may not
 * stop (or may not stay, 6.67) with no legal step left */
static bool way_on_after(const struct game *g, const struct move *m,
			 struct hex dest, const struct move_step *s,
			 int depth)
{
	const struct unit *u = move_mover(g, m);
	struct stacking_entry se;
	if (!u || is_leader_elephant(u) ||
	    !stacking_voluntary_entry(g, u, move_companion(g, m), dest,
				      &se) ||
	    se.nstationary == 0)
		return true;
	/* 10.14: hits reaching the TQ rout the unit, and the rout moves it */
	if (u->hits + s->cost.hits + se.mover_hits >= u->tq)
		return true;
	if (depth >= WAY_ON_DEPTH)
		return false;
	struct trial t;
	struct game *c = trial_begin(g, m->unit, &t);
	struct unit *cu = t.u;
	struct hex from = cu->at.hex[0];
	game_unit_set_hex(c, cu, 0, dest);
	column_face_along(cu, from, dest);
	struct move m2 = *m;
	m2.mp_spent += s->cost.mp;
	m2.hexes_entered++;
	if (s->enters_enemy_zoc) {
		m2.stopped = true;
		m2.stop_rule = "7.23";
	}
	bool ok = way_on_from(c, &m2, depth);
	trial_end(&t);
	return ok;
}

/* 6.61, 6.69: a two-hex unit entering a friend's hex never stops there;
 * after the step (its footprint `to`, its cost s) it must be able to end
 * its move or make one more legal step */
bool move_two_hex_way_on(const struct game *g, const struct move *m,
			 const struct footprint *to, const struct move_step *s,
			 int mover_hits)
{
	const struct unit *u = move_mover(g, m);
	if (!u || !unit_is_two_hex(u))
		return true;
	/* 10.14: hits reaching the TQ rout the unit, and the rout moves it */
	if (u->hits + s->cost.hits + mover_hits >= u->tq)
		return true;
	struct trial t;
	struct game *c = trial_begin(g, m->unit, &t);
	struct unit *cu = t.u;
	game_unit_place(c, cu, *to);
	struct move m2 = *m;
	m2.mp_spent += s->cost.mp;
	m2.hexes_entered++;
	if (s->enters_enemy_zoc) {
		m2.stopped = true;
		m2.stop_rule = "7.23";
	}
	/* 7.23: a wheel (6.44) whose kept half is in an enemy ZOC ends the
	 * move too (the soak, drill seed 11366) */
	for (int k = 0; k < 2 && !cu->at.in_column; k++)
		if (zoc_enemy_in(c, cu->side, cu->at.hex[k]))
			m2.stopped = true;
	const char *rule = NULL;
	bool ok = !stacking_stop_refusal(c, cu, NULL, &rule);
	/* any one step will do: the list stops at its first (speed) */
	struct hex steps[1][2];
	if (!ok && !m2.stopped)
		ok = phalanx_steps(c, &m2, steps, 1) > 0;
	trial_end(&t);
	return ok;
}

/* 6.21-6.25, 6.31, 6.32, 6.62, 7.23, 7.24, 4.71 one hex entered */
bool move_check_step(const struct game *g, const struct move *m,
		     struct hex dest, struct move_step *out)
{
	return check_step(g, m, dest, out, 0);
}

static bool check_step(const struct game *g, const struct move *m,
		       struct hex dest, struct move_step *out, int depth)
{
	memset(out, 0, sizeof *out);
	const struct unit *u = move_mover(g, m);
	const struct leader *l = move_leader_c(g, m);
	if ((!u && !l) || m->refusal)
		return refuse_step(out, "no move has begun", NULL);
	if (!move_goes_on(m, out))
		return false;
	/* 6.42-6.44, 6.74: a two-hex unit's steps are the phalanx's */
	if (u && unit_is_two_hex(u))
		return phalanx_check_step(g, m, dest, HEX_NONE, out);
	const struct map *map = g->battle->map;
	struct hex from = move_here(g, m);
	if (!map_contains(map, dest))
		return refuse_step(out, "that hex is off the map", "6.31");
	int d = hex_direction_to(from, dest);
	if (d < 0)
		return refuse_step(out, "that hex is not next to the mover",
				   "6.31");
	/* 6.32, 7.11: only into a Front hex (6.74: or In Column a
	 * front-flank hex); leaders (6.15) and scorpios (9.84) have no
	 * facing */
	if (u && !unit_has(g, u, TRAIT_SCORPIO) &&
	    footprint_zone(&u->at, dest) != ZONE_FRONT &&
	    !column_front_flank(u, dest))
		return refuse_step(out,
				   "a unit enters only its Front hexes; "
				   "change facing first",
				   "6.32");
	struct move_cost c = move_hex_entry_cost(g, u, from, dest);
	if (c.prohibited) {
		const char *rule;
		const char *why = move_prohibited_reason(g, from, dest, &rule);
		return refuse_step(out, why, rule);
	}
	out->cost = c;
	out->climb = map_at(map, dest)->elevation -
		     map_at(map, from)->elevation;
	out->enters_enemy_zoc = zoc_enemy_in(g, move_side(g, m), dest);
	if (u && elcav_zoc_refusal(g, u, dest)) /* 9.15 */
		return refuse_step(out, elcav_zoc_refusal(g, u, dest), "9.15");
	const char *ch_rule = NULL; /* GBA 7.15, 9.21 chariots */
	const char *ch = gba_chariot_step_refusal(g, m, out->climb, &ch_rule);
	if (ch)
		return refuse_step(out, ch, ch_rule);
	/* GBA 9.74: in Charge Formation; Rough as the chart has it (6.28) */
	enum terrain dt = (enum terrain)map_at(map, dest)->terrain;
	bool rough = gba_charge_restricted(g, u) &&
		     unit_terrain_is_rough(g, u->type, dt);
	const char *cf = gba_charge_step_refusal(g, m, out->climb, rough);
	if (cf)
		return refuse_step(out, cf, "GBA 9.74");
	if (!column_pass_check(g, m, dest, out)) /* 6.77 */
		return false;
	if (!check_occupants(g, m, dest, out))
		return false;
	/* 7.23, 7.24, 4.71: leaving the enemy ZOC the move began in */
	if (m->began_in_zoc && m->hexes_entered == 0) {
		if (m->turned_in_zoc)
			return refuse_step(out,
					   "having turned in an enemy ZOC, the "
					   "unit stays in its hex",
					   "7.24");
		if (!m->may_leave_zoc)
			return refuse_step(out,
					   u ? "the unit may not leave the "
					       "enemy ZOC: its MA is not "
					       "greater than the enemy's"
					     : "a leader leaves an enemy ZOC "
					       "only on his OC's orders",
					   u ? "7.23" : "4.71");
		const char *lc = gba_charge_forbids(g, u,
						    CHARGE_NO_LC_MOBILITY);
		if (lc) /* GBA 9.74 bullet 2 (R185) */
			return refuse_step(out, lc, "GBA 9.74");
	}
	/* 6.25 enough MP for the whole cost (GBA 6.92 Exception: a
	 * skirmisher goes on out of a friend's hex without) */
	if (m->mp_spent + c.mp > m->ma) {
		if (!stacking_skirmisher_goes_on(g, u, from, dest))
			return refuse_step(out,
					   "not enough MP left to enter that "
					   "hex",
					   "6.25");
		out->goes_on = true;
		out->cost.mp = m->ma - m->mp_spent;
	}
	if (u && !way_on_after(g, m, dest, out, depth))
		return refuse_step(out,
				   "the unit could neither end its move in "
				   "that friend's hex nor leave it again",
				   "6.69");
	return true;
}

/* 10.14: hits equal to the TQ rout the unit (the rout is 10.21's) */
static void check_tq(struct game *g, struct move *m, struct unit *u)
{
	if (m->rout_due || u->hits < u->tq)
		return;
	m->rout_due = true;
	m->stopped = true;
	m->stop_rule = "10.14";
	struct event e;
	event_init(&e, "rout_due");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "hits", "%d", u->hits);
	event_add(&e, "tq", "%d", u->tq);
	event_add(&e, "then", "10.21");
	event_add(&e, "rule", "10.14");
	game_emit(g, &e);
}

/* 6.22, 7.14, 6.13: hits taken at once, with their cause */
static void take_hits(struct game *g, struct move *m, struct unit *u, int n,
		      const char *cause, const char *rule)
{
	if (n <= 0)
		return;
	u->hits += n;
	m->hits += n;
	struct event e;
	event_init(&e, "cohesion_hit");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "hits", "%d", n);
	event_add(&e, "total", "%d", u->hits);
	event_add(&e, "tq", "%d", u->tq);
	event_add(&e, "cause", "%s", cause);
	event_add(&e, "rule", "%s", rule);
	game_emit(g, &e);
	check_tq(g, m, u);
}

void move_take_hits(struct game *g, struct move *m, int n, const char *cause,
		    const char *rule)
{
	struct unit *u = move_unit(g, m);
	if (u)
		take_hits(g, m, u, n, cause, rule);
}

bool move_check_occupants(const struct game *g, const struct move *m,
			  struct hex dest, struct move_step *out)
{
	return check_occupants(g, m, dest, out);
}

/* GBA 7.15, 9.21, 9.74: the movers whose turns in a hex and levels
 * changed are counted (struct move's hex_vertices, levels) */
static bool counts_turns_and_levels(const struct game *g, const struct move *m)
{
	const struct unit *u = move_mover(g, m);
	return gba_is_chariot(g, u) || gba_charge_restricted(g, u);
}

static unsigned up_to_3(int n)
{
	return n > 3 ? 3u : (unsigned)n;
}

/* GBA 7.15, 9.21, 9.74: the mover of m entered a hex, changing its level
 * by climb: a new hex to count turns in */
static void count_step(const struct game *g, struct move *m, int climb)
{
	if (!counts_turns_and_levels(g, m))
		return;
	m->levels = up_to_3(m->levels + abs(climb));
	m->hex_vertices = 0;
}

/* GBA 7.15, 9.74: the mover of m turned `vertices` in its hex */
static void count_turn(const struct game *g, struct move *m, int vertices)
{
	if (counts_turns_and_levels(g, m) && vertices > 0)
		m->hex_vertices = up_to_3(m->hex_vertices + vertices);
}

static void mark_moved(struct unit *u)
{
	/* 6.12's marker and 6.13's Moved */
	u->moved_phase = true;
	u->moved_turn = true;
}

bool move_apply_step(struct game *g, struct move *m, struct hex dest)
{
	struct move_step s;
	if (!move_check_step(g, m, dest, &s))
		return false;
	struct unit *u = move_unit(g, m);
	if (u && unit_is_two_hex(u)) /* 6.42-6.44, 6.74 */
		return phalanx_apply_step(g, m, dest, HEX_NONE);
	struct leader *l = u ? NULL : &g->leaders[m->leader];
	struct hex from = move_here(g, m);
	const struct map *map = g->battle->map;
	/* the breakdown of the hits by what caused them (6.22) */
	struct move_cost flat = entry_cost(g, u, from, dest, false, false);
	struct move_cost side = entry_cost(g, u, from, dest, true, false);
	/* 6.63, 6.69: the friends in dest, seen before the mover enters */
	struct stacking_entry se = {0};
	if (u)
		stacking_voluntary_entry(g, u, move_companion(g, m), dest, &se);
	/* GBA 6.92 Exception: the friends a skirmisher goes on from */
	const struct unit *left[STACK_MAX + 2];
	int nleft = s.goes_on ? stacking_friends_with(g, u, left,
						      STACK_MAX + 2)
			      : 0;

	if (u) {
		game_unit_set_hex(g, u, 0, dest);
		column_face_along(u, from, dest); /* 6.74 */
		mark_moved(u);
		/* 4.82 the leader rides his Leader Elephant */
		struct leader *rider = is_leader_elephant(u)
					       ? game_leader(g, u->leader_elephant)
					       : NULL;
		if (rider)
			rider->hex = dest;
	} else {
		l->hex = dest;
	}
	m->mp_spent += s.cost.mp;
	m->hexes_entered++;

	struct event e;
	event_init(&e, "moved");
	put_mover(&e, g, m);
	event_add_hex(&e, "from", from);
	event_add_hex(&e, "to", dest);
	event_add(&e, "terrain", "%s",
		  terrain_name((enum terrain)map_at(map, dest)->terrain));
	if (s.climb)
		event_add(&e, "climb", "%d", s.climb);
	event_add(&e, "mp", "%d", s.cost.mp);
	event_add(&e, "spent", "%d", m->mp_spent);
	event_add(&e, "left", "%d", m->ma - m->mp_spent);
	event_add(&e, "rule", "6.21");
	game_emit(g, &e);
	count_step(g, m, s.climb);  /* GBA 7.15, 9.21, 9.74 */
	gba_chariot_stepped(g, m); /* GBA 7.15 */

	if (u) {
		int terrain_hits = flat.hits;
		int side_hits = side.hits - flat.hits;
		int climb_hits = s.cost.hits - side.hits;
		if (terrain_hits < 0 || side_hits < 0 || climb_hits < 0) {
			/* In Column reductions are not additive: one event */
			take_hits(g, m, u, s.cost.hits, "terrain", "6.22");
		} else {
			take_hits(g, m, u, terrain_hits, "terrain", "6.22");
			take_hits(g, m, u, side_hits, "hexside", "6.22");
			take_hits(g, m, u, climb_hits, "elevation", "6.22");
		}
		/* 9.15: an enemy elephant's Flank or Rear hex */
		take_hits(g, m, u, elcav_entry_event(g, u, dest, "move"),
			  "elephant_hexes", "9.15");
		/* 6.63, 6.69: passing or joining a friend */
		if (se.nstationary && !se.refusal) {
			stacking_apply_entry(g, u, &se);
			take_hits(g, m, u, se.mover_hits, "stacking", "6.69");
		}
		if (s.goes_on) { /* GBA 6.92 Exception: 1 hit each */
			stacking_skirmisher_went_on(g, u, left, nleft);
			take_hits(g, m, u, 1, "ended_stacked", "GBA 6.92");
		}
	}
	/* 7.23, 4.71 stop on entering an enemy ZOC */
	if (s.enters_enemy_zoc) {
		if (!m->stopped) {
			m->stopped = true;
			m->stop_rule = "7.23";
		}
		const struct unit *by[8];
		int n = zoc_units_into(g, 1 - move_side(g, m), dest, by, 8);
		char ids[EVENT_VAL_MAX] = "";
		size_t len = 0;
		for (int i = 0; i < n && i < 8; i++) {
			int w = snprintf(ids + len, sizeof ids - len, "%s%s",
					 i ? "," : "", by[i]->id);
			if (w < 0 || (size_t)w >= sizeof ids - len)
				break;
			len += (size_t)w;
		}
		event_init(&e, "zoc_entered");
		put_mover(&e, g, m);
		event_add_hex(&e, "hex", dest);
		event_add(&e, "by", "%s", ids);
		event_add(&e, "rule", "7.23");
		game_emit(g, &e);
	}
	return true;
}

/* 6.13 the second move in a Game Turn costs 1 hit; 6.11 the move ends */
void move_end(struct game *g, struct move *m)
{
	if (m->ended || m->refusal)
		return;
	m->ended = true;
	struct unit *u = move_unit(g, m);
	bool moved = m->hexes_entered > 0 || m->vertices_turned > 0 ||
		     m->formed;
	/* 6.41: the 5th MP: a TQ check on a first move, 2 hits on a later */
	bool fifth = u && moved && phalanx_fifth_mp_end(g, m);
	/* SPQR 6.13 spares skirmishers; GBA 6.13 spares no unit type */
	bool spared = unit_has(g, u, TRAIT_SKIRMISHER) &&
		      tables_variant(g->tables, RV_SECOND_MOVE_SKIRMISHERS) ==
			      SECOND_MOVE_SK_EXEMPT;
	if (u && moved && m->moved_before && !spared && !is_leader_elephant(u))
		take_hits(g, m, u, fifth ? 2 : 1, "second_move",
			  fifth ? "6.13,6.41" : "6.13");
	struct event e;
	event_init(&e, "move_end");
	put_mover(&e, g, m);
	event_add_hex(&e, "at", move_here(g, m));
	event_add(&e, "spent", "%d", m->mp_spent);
	event_add(&e, "hexes", "%d", m->hexes_entered);
	event_add(&e, "vertices", "%d", m->vertices_turned);
	event_add(&e, "hits", "%d", m->hits);
	event_add(&e, "rule", "6.11");
	game_emit(g, &e);
	gba_chariot_move_ended(g, m); /* GBA 9.22 */
	/* 4.85: a Leader Elephant stacked there takes its mate's facing */
	if (u && moved)
		leader_elephant_face(g, u->at.hex[0]);
}

/* 7.11 the fewest vertices from one facing to another */
int facing_vertices(enum facing from, enum facing to)
{
	int d = (((int)to - (int)from) % FACING_COUNT + FACING_COUNT) %
		FACING_COUNT;
	return d > FACING_COUNT / 2 ? FACING_COUNT - d : d;
}

static bool is_roman_infantry(const struct game *g, const struct unit *u)
{
	return u->legion != 0 && unit_has(g, u, TRAIT_INFANTRY);
}

/* 7.12, 7.13, 7.14, 6.15, 4.85, R5 what a facing change costs */
bool unit_facing_change_cost(const struct game *g, const struct unit *u,
			     enum facing to, struct move_step *out)
{
	memset(out, 0, sizeof *out);
	if ((unsigned)to >= FACING_COUNT)
		return refuse_step(out, "no such facing", "7.11");
	if (!g->tables)
		return refuse_step(out, "the rules tables are not loaded",
				   NULL);
	if (unit_is_two_hex(u) || unit_has(g, u, TRAIT_PHALANX))
		return refuse_step(out,
				   "a phalanx turns only by its maneuvers "
				   "(6.43, 6.45)",
				   "7.13");
	if (u->at.in_column)
		return refuse_step(out,
				   "a unit In Column faces a hexside: face N, "
				   "ENE, ESE, S, WSW or WNW",
				   "6.73");
	int v = facing_vertices((enum facing)u->at.facing, to);
	if (v == 0)
		return refuse_step(out, "the unit already faces that way",
				   "7.11");
	out->vertices = v;
	/* 6.15, 4.85: a Leader Elephant turns at no cost */
	if (is_leader_elephant(u))
		return true;
	const struct map_hex *mh = map_at(g->battle->map, u->at.hex[0]);
	bool rough = mh && unit_terrain_is_rough(g, u->type,
						 (enum terrain)mh->terrain);
	struct move_cost c = tables_facing_change_cost(
		g->tables, u->type, is_roman_infantry(g, u), v, rough);
	if (c.prohibited)
		return refuse_step(out, "this unit does not change facing",
				   "7.13");
	c.mp = gba_charge_facing_mp(g, u, v, c.mp);	/* GBA 9.74 */
	c.hits = gba_charge_terrain_hits(g, u, c.hits); /* GBA 9.74 */
	out->cost = c;
	return true;
}

/* 7.12, 7.14, 7.23, 7.24 turning during a move (without the 6.67/6.69
 * look-ahead: facing_change_check adds it) */
static bool face_check(const struct game *g, const struct move *m,
		       enum facing to, struct move_step *out)
{
	memset(out, 0, sizeof *out);
	const struct unit *u = move_mover(g, m);
	if (m->refusal || (!u && !move_leader_c(g, m)))
		return refuse_step(out, "no move has begun", NULL);
	if (!u)
		return refuse_step(out, "leaders have no facing", "6.15");
	if (!move_goes_on(m, out))
		return false;
	/* 6.43-6.45: a phalanx in line turns by its maneuvers */
	if (unit_is_two_hex(u) && !u->at.in_column)
		return phalanx_face_check(g, m, to, out);
	if (!unit_facing_change_cost(g, u, to, out))
		return false;
	const char *cf = gba_charge_turn_refusal(g, m, out->vertices);
	if (cf) /* GBA 9.74 */
		return refuse_step(out, cf, "GBA 9.74");
	/* GBA movement chart note e (A1): a chariot's turn costs hits only
	 * once it has moved this move; turning in place is free of them */
	const struct map_hex *here = map_at(g->battle->map, u->at.hex[0]);
	if (tables_movement_group(g->tables, u->type) == MG_CHARIOT &&
	    m->hexes_entered == 0 &&
	    !(here && unit_terrain_is_rough(g, u->type,
					    (enum terrain)here->terrain)))
		out->cost.hits = 0;
	/* 7.24: turning in the enemy ZOC the move began in */
	if (m->began_in_zoc && m->hexes_entered == 0) {
		if (!zoc_may_turn(g, u))
			return refuse_step(out,
					   "in an enemy ZOC a unit turns only "
					   "when one enemy unit holds it there "
					   "and none is in its own ZOC",
					   "7.24");
		if (m->facing_mp + out->cost.mp > zoc_turn_mp(g, u))
			return refuse_step(out,
					   "in an enemy ZOC a unit spends at "
					   "most half its MA on turning",
					   "7.24");
	}
	if (m->mp_spent + out->cost.mp > m->ma)
		return refuse_step(out, "not enough MP left to turn", "7.12");
	return true;
}

/* Whether the mover of m, after the turn to `to` (cost s), stands in a
 * hex with a friendly combat unit. */
static bool turn_lands_with_friend(const struct game *g,
				   const struct unit *u,
				   const struct unit *companion,
				   const struct footprint *after)
{
	for (int k = 0; k < (unit_is_two_hex(u) ? 2 : 1); k++) {
		const struct unit *o[4];
		if (stacking_units_in(g, after->hex[k], u->side, u, companion,
				      o, 4) > 0)
			return true;
	}
	return false;
}

/* 6.67, 6.69: the look-ahead of way_on_after, for a turn.  A unit that
 * stands in a friend's hex (passing through it, or stacked there) may not
 * turn so that it could then neither end its move there (the Stacking
 * Chart lets it stop, 6.69, and its facing is its mate's, 6.67) nor
 * leave by a legal step: the book lets a unit pass through such a hex,
 * never stay in it, so a turn that spends the MP it needs to get out (or
 * to turn back to the stack's facing) is refused.  NULL when the turn may
 * be made; else the rule the stranding would break. */
static const char *turn_strands(const struct game *g, const struct move *m,
				enum facing to, const struct move_step *s)
{
	const struct unit *u = move_mover(g, m);
	if (!u || is_leader_elephant(u))
		return NULL;
	const struct unit *mate = move_companion(g, m);
	struct footprint after = u->at;
	if (unit_is_two_hex(u) && !u->at.in_column) {
		if (!phalanx_face_footprint(g, m, to, &after))
			return NULL; /* face_check has refused already */
	} else {
		after.facing = to;
	}
	if (!turn_lands_with_friend(g, u, mate, &after))
		return NULL;
	/* 10.14: hits reaching the TQ rout the unit, and the rout moves it */
	if (u->hits + s->cost.hits >= u->tq)
		return NULL;
	struct trial t;
	struct game *c = trial_begin(g, m->unit, &t);
	struct unit *cu = t.u;
	game_unit_place(c, cu, after);
	struct move m2 = *m;
	m2.mp_spent += s->cost.mp;
	m2.facing_mp += s->cost.mp;
	m2.vertices_turned += s->vertices;
	if (m->began_in_zoc && m->hexes_entered == 0)
		m2.turned_in_zoc = true; /* 7.24 */
	/* GBA 7.15: a chariot's second vertex in a hex it entered makes that
	 * hex its last, so the way on is tried with the turn counted (the
	 * soak, hydaspes seed 2: a chariot in a friend's hex turned twice
	 * and could neither move on nor stay) */
	count_turn(c, &m2, s->vertices);
	/* 7.23: a pivot leaving a half in an enemy ZOC (the hex entered,
	 * or a wheel's kept half) ends the move there (the soak, drill
	 * seed 11366: a wheel into a friend's hex stranded a phalanx) */
	for (int k = 0; k < 2 && unit_is_two_hex(cu) && !cu->at.in_column;
	     k++)
		if (zoc_enemy_in(c, cu->side, cu->at.hex[k]))
			m2.stopped = true;
	const char *rule = NULL;
	const char *why = stacking_stop_refusal(c, cu, move_companion(c, &m2),
						&rule);
	bool ok = !why;
	if (!ok && unit_is_two_hex(cu) && !cu->at.in_column) {
		struct hex steps[16][2];
		ok = !m2.stopped && phalanx_steps(c, &m2, steps, 16) > 0;
	} else if (!ok) {
		ok = way_on_from(c, &m2, 0);
	}
	trial_end(&t);
	return ok ? NULL : rule ? rule : "6.69";
}

/* 7.12, 7.14, 7.23, 7.24, 6.67, 6.69 turning during a move */
bool facing_change_check(const struct game *g, const struct move *m,
			 enum facing to, struct move_step *out)
{
	if (!face_check(g, m, to, out))
		return false;
	const char *rule = turn_strands(g, m, to, out);
	if (rule)
		return refuse_step(out,
				   strcmp(rule, "6.67") == 0
					   ? "after that turn the unit could "
					     "neither turn back to its stack's "
					     "facing nor leave the hex"
					   : "after that turn the unit could "
					     "not leave the friend's hex it may "
					     "not stop in",
				   rule);
	return true;
}

bool facing_change_apply(struct game *g, struct move *m, enum facing to)
{
	struct move_step s;
	if (!facing_change_check(g, m, to, &s))
		return false;
	struct unit *u = move_unit(g, m);
	if (unit_is_two_hex(u) && !u->at.in_column) /* 6.43-6.45 */
		return phalanx_face_apply(g, m, to);
	enum facing was = (enum facing)u->at.facing;
	u->at.facing = to;
	mark_moved(u);
	m->mp_spent += s.cost.mp;
	m->facing_mp += s.cost.mp;
	m->vertices_turned += s.vertices;
	count_turn(g, m, s.vertices); /* GBA 7.15, 9.74 */
	if (m->began_in_zoc && m->hexes_entered == 0)
		m->turned_in_zoc = true;
	struct event e;
	event_init(&e, "facing_changed");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "from", "%s", facing_name(was));
	event_add(&e, "to", "%s", facing_name(to));
	event_add(&e, "vertices", "%d", s.vertices);
	event_add(&e, "mp", "%d", s.cost.mp);
	event_add(&e, "spent", "%d", m->mp_spent);
	event_add(&e, "left", "%d", m->ma - m->mp_spent);
	if (is_leader_elephant(u))
		event_add(&e, "rule", "6.15");
	else if (is_roman_infantry(g, u))
		event_add(&e, "rule", "7.12,R5");
	else
		event_add(&e, "rule", "7.12");
	game_emit(g, &e);
	if (gba_is_chariot(g, u)) /* the chart's 1 hit a vertex (A1) */
		take_hits(g, m, u, s.cost.hits, "chariot_facing", "GBA 7.15");
	else
		take_hits(g, m, u, s.cost.hits, "rough_facing", "7.14");
	return true;
}
