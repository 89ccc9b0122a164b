/* phalanx.c — a phalanx's movement and maneuvers (SPQR 6.41-6.45) and the
 * steps of a two-hex unit In Column (6.74).  The movement module hands
 * two-hex units here; costs come from the Movement Cost Chart through
 * move_hex_entry_cost, hits go through move_take_hits. */
#include <stdio.h>
#include <string.h>

#include "maniple/gba_drift.h"
#include "maniple/movement.h"
#include "maniple/phalanx.h"
#include "maniple/rout.h"
#include "maniple/stacking.h"

/* 6.45: the Reverse Face costs constants.ini [phalanx] reverse_face_mp
 * and no hits; 6.43: each hex entered pivoting costs these hits (GBA
 * 6.43: not to the Macedonian phalanx, variants.ini [double_sized]
 * front_to_flank_hit). */
int phalanx_pivot_hits(const struct game *g, const struct unit *u)
{
	if (tables_variant(g->tables, RV_FRONT_TO_FLANK_HIT) ==
		    FRONT_TO_FLANK_NOT_PHALANX &&
	    unit_has(g, u, TRAIT_PHALANX))
		return 0;
	return tables_constant(g->tables, RC_PHALANX_PIVOT_HITS);
}

static int mod6(int x)
{
	return ((x % 6) + 6) % 6;
}

static struct unit *mover(struct game *g, const struct move *m)
{
	return m->unit >= 0 && m->unit < g->nunits ? &g->units[m->unit] : NULL;
}

static void put_pair(struct event *e, const char *key, struct hex a,
		     struct hex b)
{
	char x[16], y[16];
	hex_format(a, x, sizeof x);
	if (hex_is_none(b)) {
		event_add(e, key, "%s", x);
		return;
	}
	hex_format(b, y, sizeof y);
	event_add(e, key, "%s,%s", x, y);
}

/* 6.31, 7.23, 10.14: the move has not ended and nothing stopped it */
static bool goes_on(const struct move *m, struct move_step *out)
{
	if (m->ended)
		return refuse_step(out, "the move has ended", "6.31");
	if (m->stopped)
		return refuse_step(
			out,
			m->stop_rule && strcmp(m->stop_rule, "10.14") == 0
				? "the unit's hits reached its TQ"
				: "the unit stopped on entering an enemy "
				  "ZOC",
			m->stop_rule ? m->stop_rule : "7.23");
	return true;
}

/* The two vertex facings across a pair's long side (HEX.md). */
static void perpendicular(struct hex a, struct hex b, int out[2])
{
	int p = hex_direction_to(a, b);
	out[0] = mod6(p + 1);
	out[1] = mod6(p - 2);
}

/* The Front hex both halves of a phalanx in line touch (6.43's pivot). */
static struct hex common_front(const struct footprint *fp)
{
	for (int d = 0; d < HEXSIDE_COUNT; d++) {
		struct hex h = hex_neighbour(fp->hex[0], (enum hexside)d);
		if (hex_distance(h, fp->hex[1]) == 1 &&
		    footprint_zone(fp, h) == ZONE_FRONT)
			return h;
	}
	return HEX_NONE;
}

enum step_kind { STEP_FORWARD, STEP_PIVOT, STEP_COLUMN };

/* One step worked out: where the unit ends, what it enters, its costs. */
struct plan {
	enum step_kind kind;
	struct footprint to;
	struct hex entered[2];	/* the hexes entered (HEX_NONE: none) */
	struct hex from[2];	/* whence each was entered */
	int nentered;
	struct move_cost terrain; /* 6.42: the worse of the halves */
	bool wheel;		/* 6.44: the kept half is in an enemy ZOC */
	bool wheel_check;	/* 6.44: not only skirmishers exert it */
	int kept;		/* pivot: the half that stays */
	bool friends;		/* 6.61, 6.69: a hex entered holds a friend */
	int stack_hits;		/* 6.69: the mover's hits for passing them */
};

/* 6.24, 6.27: why the chart prohibits entering `to` from `from` */
static bool refuse_prohibited(const struct game *g, struct hex from,
			      struct hex to, struct move_step *out)
{
	const char *rule;
	const char *why = move_prohibited_reason(g, from, to, &rule);
	return refuse_step(out, why, rule);
}

/* 6.43, 6.74: which step a and b name */
static bool shape(const struct unit *u, struct hex a, struct hex b,
		  struct plan *p, struct move_step *out)
{
	const struct footprint *fp = &u->at;
	memset(p, 0, sizeof *p);
	p->entered[0] = p->entered[1] = HEX_NONE;
	p->to = *fp;
	if (fp->in_column) {
		/* 6.74: the leading half enters its front or a front-flank
		 * hex, the rear half the hex the leading half left */
		if (!hex_is_none(b) && !hex_eq(b, fp->hex[0]))
			return refuse_step(
				out,
				"a phalanx In Column names the hex its "
				"leading half enters",
				"6.74");
		int d = hex_direction_to(fp->hex[0], a);
		if (d < 0 || column_zone_of_side((enum hexside)fp->facing,
						 (enum hexside)d) == ZONE_REAR)
			return refuse_step(
				out,
				"In Column a unit enters only its front "
				"hex or a front-flank hex",
				"6.74");
		p->kind = STEP_COLUMN;
		p->to.hex[0] = a;
		p->to.hex[1] = fp->hex[0];
		p->to.facing = d;
		p->entered[0] = a;
		p->from[0] = fp->hex[0];
		p->entered[1] = fp->hex[0];
		p->from[1] = fp->hex[1];
		p->nentered = 2;
		return true;
	}
	if (hex_is_none(b))
		return refuse_step(
			out,
			"a phalanx names the hexes both its halves end "
			"in: move HEX,HEX",
			"6.43");
	if (hex_eq(a, b))
		return refuse_step(out, "the two halves need two hexes",
				   "6.43");
	int keep = -1;
	struct hex other = HEX_NONE;
	for (int i = 0; i < 2; i++) {
		if (hex_eq(a, fp->hex[i]) && !footprint_occupies(fp, b)) {
			keep = i;
			other = b;
		} else if (hex_eq(b, fp->hex[i]) &&
			   !footprint_occupies(fp, a)) {
			keep = i;
			other = a;
		}
	}
	if (footprint_occupies(fp, a) && footprint_occupies(fp, b))
		return refuse_step(out, "the phalanx is already in those hexes",
				   "6.43");
	if (keep >= 0) {
		/* 6.43: one half enters the Front hex both halves touch,
		 * the other pivots in its hex */
		struct hex cf = common_front(fp);
		if (!hex_eq(other, cf))
			return refuse_step(
				out,
				"a pivoting half enters the Front hex "
				"next to both halves",
				"6.43");
		int per[2];
		perpendicular(fp->hex[keep], cf, per);
		int nf = facing_vertices((enum facing)fp->facing,
					 (enum facing)per[0]) == 1
				 ? per[0]
				 : per[1];
		p->kind = STEP_PIVOT;
		p->kept = keep;
		p->to.hex[1 - keep] = cf;
		p->to.facing = nf;
		p->entered[0] = cf;
		p->from[0] = fp->hex[1 - keep];
		p->nentered = 1;
		return true;
	}
	/* 6.43 forward: both halves one hex the same way, into the Front */
	for (int d = 0; d < HEXSIDE_COUNT; d++) {
		if (facing_zone_of_side((enum facing)fp->facing,
					(enum hexside)d) != ZONE_FRONT)
			continue;
		struct hex n0 = hex_neighbour(fp->hex[0], (enum hexside)d);
		struct hex n1 = hex_neighbour(fp->hex[1], (enum hexside)d);
		if ((hex_eq(n0, a) && hex_eq(n1, b)) ||
		    (hex_eq(n0, b) && hex_eq(n1, a))) {
			p->kind = STEP_FORWARD;
			p->to.hex[0] = n0;
			p->to.hex[1] = n1;
			p->entered[0] = n0;
			p->from[0] = fp->hex[0];
			p->entered[1] = n1;
			p->from[1] = fp->hex[1];
			p->nentered = 2;
			return true;
		}
	}
	return refuse_step(
		out,
		"a phalanx goes forward with both halves one hex the "
		"same way into its Front, or pivots one half into the "
		"Front hex next to both",
		"6.43");
}

/* 6.44: whether only Skirmishers exert the enemy ZOC on h */
static bool only_skirmishers(const struct game *g, int side, struct hex h)
{
	const struct unit *by[8];
	int n = zoc_units_into(g, 1 - side, h, by, 8);
	for (int i = 0; i < n && i < 8; i++)
		if (!unit_has(g, by[i], TRAIT_SKIRMISHER))
			return false;
	return n > 0;
}

/* 6.42-6.44, 6.74, 7.23, 6.25 the whole check of a step */
static bool plan_step(const struct game *g, const struct move *m,
		      struct hex a, struct hex b, struct plan *p,
		      struct move_step *out)
{
	memset(out, 0, sizeof *out);
	const struct unit *u = move_mover(g, m);
	if (!u || m->refusal)
		return refuse_step(out, "no move has begun", NULL);
	if (!unit_is_two_hex(u))
		return refuse_step(out, "only a two-hex unit names two hexes",
				   "6.43");
	if (!goes_on(m, out))
		return false;
	if (!g->tables)
		return refuse_step(out, "the rules tables are not loaded",
				   NULL);
	if (!shape(u, a, b, p, out))
		return false;
	if (u->double_depth && p->kind != STEP_FORWARD) /* 9.52 */
		return refuse_step(
			out,
			"a Double-Depth phalanx moves straight ahead: "
			"no pivot, Wheel or Column",
			"9.52");
	const struct map *map = g->battle->map;
	for (int i = 0; i < 2; i++)
		if (!map_contains(map, p->to.hex[i]))
			return refuse_step(out, "that hex is off the map",
					   "6.31");
	/* 6.42: the worse of the two hexes, for MP and for hits; a half
	 * entering the hex its other half already entered adds no hits */
	struct move_cost worse = {0, 0, false};
	for (int i = 0; i < p->nentered; i++) {
		struct move_cost c = move_hex_entry_cost(g, u, p->from[i],
							 p->entered[i]);
		if (c.prohibited)
			return refuse_prohibited(g, p->from[i], p->entered[i],
						 out);
		if (footprint_occupies(&u->at, p->entered[i]))
			c.hits = 0;
		worse = move_cost_worse(worse, c);
	}
	p->terrain = worse;
	out->cost = worse;
	if (p->kind == STEP_PIVOT)
		out->cost.hits += phalanx_pivot_hits(g, u);
	out->climb = map_at(map, p->to.hex[0])->elevation -
		     map_at(map, u->at.hex[0])->elevation;
	out->vertices = facing_vertices((enum facing)u->at.facing,
					(enum facing)p->to.facing);
	/* 7.23, 6.44: a unit in an enemy ZOC */
	bool zin[2];
	for (int i = 0; i < 2; i++)
		zin[i] = zoc_enemy_in(g, u->side, u->at.hex[i]);
	if (zin[0] || zin[1]) {
		bool leaves = p->kind != STEP_PIVOT || zin[1 - p->kept];
		if (leaves && (!m->may_leave_zoc || m->turned_in_zoc))
			return refuse_step(
				out,
				p->kind == STEP_PIVOT
					? "the pivoting half may not leave "
					  "the enemy ZOC"
					: "the unit may not leave the "
					  "enemy ZOC: its MA is not "
					  "greater than the enemy's",
				"7.23");
		if (p->kind == STEP_PIVOT && zin[p->kept]) {
			p->wheel = true;
			p->wheel_check = !only_skirmishers(
				g, u->side, u->at.hex[p->kept]);
		}
	}
	for (int i = 0; i < 2; i++)
		if (!footprint_occupies(&u->at, p->to.hex[i]) &&
		    zoc_enemy_in(g, u->side, p->to.hex[i]))
			out->enters_enemy_zoc = true;
	for (int i = 0; i < p->nentered; i++) {
		if (footprint_occupies(&u->at, p->entered[i]))
			continue;
		if (!column_pass_check(g, m, p->entered[i], out) ||
		    !move_check_occupants(g, m, p->entered[i], out))
			return false;
	}
	/* 6.61, 6.63, 6.69: passing friends (the mover's hits: the worse
	 * of the halves' entries, as 6.42 takes the worse terrain) */
	for (int i = 0; i < p->nentered; i++) {
		struct stacking_entry se;
		if (footprint_occupies(&u->at, p->entered[i]) ||
		    !stacking_voluntary_entry(g, u, NULL, p->entered[i],
					      &se) ||
		    se.nstationary == 0)
			continue;
		p->friends = true;
		if (se.mover_hits > p->stack_hits)
			p->stack_hits = se.mover_hits;
	}
	/* 6.25 enough MP for the whole cost */
	if (m->mp_spent + out->cost.mp > m->ma)
		return refuse_step(
			out, "not enough MP left to enter those hexes", "6.25");
	/* 6.69: a pivot keeps one half where it was: a friend there binds
	 * it as much as one in a hex entered */
	bool kept_with_friend = false;
	for (int i = 0; i < 2 && !p->friends && !u->double_depth; i++) {
		const struct unit *o[4];
		kept_with_friend |= stacking_units_in(g, p->to.hex[i], u->side,
						      u, NULL, o, 4) > 0;
	}
	if ((p->friends || kept_with_friend) &&
	    !move_two_hex_way_on(g, m, &p->to, out, p->stack_hits))
		return refuse_step(
			out,
			"the phalanx could neither end its move there "
			"nor leave the friend's hex again",
			"6.69");
	/* GBA 6.5 (optional): moving again, hoplites drift to the right */
	if (p->kind == STEP_FORWARD &&
	    gba_drift_forbids(g, m, hex_direction_to(u->at.hex[0],
						     p->to.hex[0]),
			      out->cost.mp))
		return refuse_step(
			out,
			"Drift to the Right: moving again this turn, "
			"this MP goes into the right-front hexes",
			"GBA 6.5");
	return true;
}

bool phalanx_check_step_impl(const struct game *g, const struct move *m,
			struct hex a, struct hex b, struct move_step *out)
{
	struct plan p;
	return plan_step(g, m, a, b, &p, out);
}

/* A d10 for a check the movement rules call for (6.41, 6.44), shown as
 * tq_check shows its roll. */
static int roll_for(struct game *g, const struct unit *u, const char *what,
		    const char *rule)
{
	struct event e;
	game_roll_begin(&e, "tq_check");
	event_add(&e, "unit", "%s", u->id);
	int die = game_roll_die(g, &e);
	event_add(&e, "drm", "0");
	event_add(&e, "why", "%s", what);
	event_add(&e, "rule", "%s", rule);
	game_emit(g, &e);
	return die;
}

static void emit_check(struct game *g, const struct unit *u, int dr,
		       int hits, const char *rule)
{
	struct event e;
	event_init(&e, "tq_check");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "dr", "%d", dr);
	event_add(&e, "tq", "%d", unit_tq_now(g, u));
	event_add(&e, "routed", "no");
	event_add(&e, "hits", "%d", hits);
	event_add(&e, "rule", "%s", rule);
	game_emit(g, &e);
}

/* 6.44 the wheel's TQ check: the difference, at least 1 hit */
static void wheel_check(struct game *g, struct move *m, struct unit *u,
			bool check)
{
	if (!check) {
		struct event e;
		event_init(&e, "no_tq_check");
		event_add(&e, "unit", "%s", u->id);
		event_add(&e, "why", "only Skirmishers exert the ZOC");
		event_add(&e, "rule", "6.44");
		game_emit(g, &e);
		return;
	}
	int dr = roll_for(g, u, "wheel", "6.44");
	int hits = dr - unit_tq_now(g, u);
	if (hits < 1)
		hits = 1;
	emit_check(g, u, dr, hits, "6.44");
	move_take_hits(g, m, hits, "wheel", "6.44");
}

static const char *kind_name(enum step_kind k)
{
	return k == STEP_FORWARD ? "forward"
	       : k == STEP_PIVOT ? "pivot"
				 : "column";
}

/* 7.23: the unit stops on entering an enemy ZOC */
static void stop_in_zoc(struct game *g, struct move *m, const struct unit *u)
{
	if (!m->stopped) {
		m->stopped = true;
		m->stop_rule = "7.23";
	}
	char ids[EVENT_VAL_MAX] = "";
	size_t len = 0;
	for (int h = 0; h < 2; h++) {
		const struct unit *by[8];
		int n = zoc_units_into(g, 1 - u->side, u->at.hex[h], by, 8);
		for (int i = 0; i < n && i < 8; i++) {
			if (strstr(ids, by[i]->id))
				continue;
			int w = snprintf(ids + len, sizeof ids - len, "%s%s",
					 len ? "," : "", by[i]->id);
			if (w < 0 || (size_t)w >= sizeof ids - len)
				break;
			len += (size_t)w;
		}
	}
	struct event e;
	event_init(&e, "zoc_entered");
	event_add(&e, "unit", "%s", u->id);
	put_pair(&e, "hex", u->at.hex[0], u->at.hex[1]);
	event_add(&e, "by", "%s", ids);
	event_add(&e, "rule", "7.23");
	game_emit(g, &e);
}

bool phalanx_apply_step_impl(struct game *g, struct move *m, struct hex a,
			struct hex b)
{
	struct plan p;
	struct move_step s;
	if (!plan_step(g, m, a, b, &p, &s))
		return false;
	struct unit *u = mover(g, m);
	struct footprint was = u->at;
	game_unit_place(g, u, p.to);
	u->moved_phase = true; /* 6.12 */
	u->moved_turn = true;  /* 6.13 */
	m->mp_spent += s.cost.mp;
	m->hexes_entered++;
	m->vertices_turned += s.vertices;

	struct event e;
	event_init(&e, "moved");
	event_add(&e, "unit", "%s", u->id);
	put_pair(&e, "from", was.hex[0], was.hex[1]);
	put_pair(&e, "to", u->at.hex[0], u->at.hex[1]);
	event_add(&e, "maneuver", "%s", kind_name(p.kind));
	event_add(&e, "terrain", "%s",
		  terrain_name((enum terrain)map_at(g->battle->map,
						    p.entered[0])
				       ->terrain));
	event_add(&e, "mp", "%d", s.cost.mp);
	event_add(&e, "spent", "%d", m->mp_spent);
	event_add(&e, "left", "%d", m->ma - m->mp_spent);
	event_add(&e, "rule", "%s",
		  p.kind == STEP_FORWARD ? "6.42"
		  : p.kind == STEP_PIVOT ? "6.43"
					 : "6.74");
	game_emit(g, &e);
	if (p.to.facing != was.facing) {
		event_init(&e, "facing_changed");
		event_add(&e, "unit", "%s", u->id);
		event_add(&e, "from", "%s",
			  was.in_column
				  ? hexside_name((enum hexside)was.facing)
				  : facing_name((enum facing)was.facing));
		event_add(&e, "to", "%s",
			  u->at.in_column
				  ? hexside_name((enum hexside)u->at.facing)
				  : facing_name((enum facing)u->at.facing));
		event_add(&e, "vertices", "%d", s.vertices);
		event_add(&e, "mp", "0");
		event_add(&e, "rule", "%s",
			  p.kind == STEP_PIVOT ? "6.43" : "6.74");
		game_emit(g, &e);
	}
	move_take_hits(g, m, p.terrain.hits, "terrain", "6.22,6.42");
	if (p.kind == STEP_PIVOT)
		move_take_hits(g, m, phalanx_pivot_hits(g, u),
			       "front_to_flank", "6.43");
	/* 6.61, 6.63, 6.69: the friends passed take their hits */
	for (int i = 0; i < p.nentered && p.friends; i++) {
		struct stacking_entry se;
		if (footprint_occupies(&was, p.entered[i]) ||
		    !stacking_voluntary_entry(g, u, NULL, p.entered[i], &se) ||
		    se.nstationary == 0)
			continue;
		se.may_stop = false; /* 6.61: a phalanx half never stacks */
		if (!se.stop_rule)
			se.stop_rule = "6.61";
		stacking_apply_entry(g, u, &se);
	}
	move_take_hits(g, m, p.stack_hits, "stacking", "6.69");
	if (p.wheel && !m->rout_due)
		wheel_check(g, m, u, p.wheel_check);
	/* 7.23: a step into an enemy ZOC ends the move; a wheel leaves the
	 * unit in the ZOC its kept half is in, and ends it too */
	if (s.enters_enemy_zoc || p.wheel)
		stop_in_zoc(g, m, u);
	return true;
}

int phalanx_steps_impl(const struct game *g, const struct move *m,
		  struct hex out[][2], int max)
{
	const struct unit *u = move_mover(g, m);
	int n = 0;
	if (!u || !unit_is_two_hex(u) || max <= 0)
		return 0;
	struct move_step s;
	const struct footprint *fp = &u->at;
	if (fp->in_column) {
		for (int d = 0; d < HEXSIDE_COUNT && n < max; d++) {
			struct hex a = hex_neighbour(fp->hex[0],
						     (enum hexside)d);
			if (phalanx_check_step(g, m, a, HEX_NONE, &s)) {
				out[n][0] = a;
				out[n++][1] = HEX_NONE;
			}
		}
		return n;
	}
	for (int d = 0; d < HEXSIDE_COUNT && n < max; d++) {
		struct hex a = hex_neighbour(fp->hex[0], (enum hexside)d);
		struct hex b = hex_neighbour(fp->hex[1], (enum hexside)d);
		if (phalanx_check_step(g, m, a, b, &s)) {
			out[n][0] = a;
			out[n++][1] = b;
		}
	}
	struct hex cf = common_front(fp);
	for (int k = 0; k < 2 && n < max && !hex_is_none(cf); k++)
		if (phalanx_check_step(g, m, fp->hex[k], cf, &s)) {
			out[n][0] = fp->hex[k];
			out[n++][1] = cf;
		}
	return n;
}

/* 6.43, 6.45, 7.13: the pivot or Reverse Face that turns the phalanx */
static bool face_plan(const struct game *g, const struct move *m,
		      enum facing to, struct hex pair[2],
		      struct move_step *out)
{
	memset(out, 0, sizeof *out);
	const struct unit *u = move_mover(g, m);
	if (!u || m->refusal)
		return refuse_step(out, "no move has begun", NULL);
	if (!goes_on(m, out))
		return false;
	if ((unsigned)to >= FACING_COUNT)
		return refuse_step(out, "no such facing", "7.11");
	if (u->at.in_column)
		return refuse_step(
			out,
			"a phalanx In Column turns only by entering a "
			"front-flank hex",
			"6.74");
	if (u->double_depth) /* 9.52 */
		return refuse_step(
			out,
			"a Double-Depth phalanx neither pivots (6.43, "
			"6.44) nor makes a Reverse Face (6.45)",
			"9.52");
	int v = facing_vertices((enum facing)u->at.facing, to);
	if (v == 0)
		return refuse_step(out, "the unit already faces that way",
				   "7.11");
	if (v == 2)
		return refuse_step(
			out,
			"a phalanx turns one vertex by pivoting (6.43) or "
			"about by the Reverse Face (6.45)",
			"7.13");
	if (v == 1) {
		struct hex cf = common_front(&u->at);
		struct plan p;
		for (int k = 0; k < 2 && !hex_is_none(cf); k++) {
			struct move_step s;
			if (!shape(u, u->at.hex[k], cf, &p, &s) ||
			    p.to.facing != (int)to)
				continue;
			pair[0] = u->at.hex[k];
			pair[1] = cf;
			return plan_step(g, m, pair[0], pair[1], &p, out);
		}
		return refuse_step(out, "no pivot gives that facing", "6.43");
	}
	/* 6.45 the Reverse Face */
	pair[0] = pair[1] = HEX_NONE;
	for (int i = 0; i < 2; i++) {
		if (zoc_enemy_in(g, u->side, u->at.hex[i]))
			return refuse_step(
				out,
				"no Reverse Face with any part of the "
				"phalanx in an enemy ZOC",
				"6.45");
		const struct map_hex *mh = map_at(g->battle->map,
						  u->at.hex[i]);
		if (mh && terrain_is_rough((enum terrain)mh->terrain))
			return refuse_step(
				out,
				"no Reverse Face with any part of the "
				"phalanx in Rough terrain",
				"6.45");
	}
	out->vertices = v;
	if (!g->tables)
		return refuse_step(out, "the rules tables are not loaded",
				   NULL);
	out->cost.mp = tables_constant(g->tables, RC_PHALANX_REVERSE_FACE_MP);
	if (m->mp_spent + out->cost.mp > m->ma)
		return refuse_step(out,
				   "the Reverse Face needs more MP than the "
				   "phalanx has left",
				   "6.45");
	return true;
}

bool phalanx_face_check_impl(const struct game *g, const struct move *m,
			enum facing to, struct move_step *out)
{
	struct hex pair[2];
	return face_plan(g, m, to, pair, out);
}

bool phalanx_face_apply_impl(struct game *g, struct move *m, enum facing to)
{
	struct hex pair[2];
	struct move_step s;
	if (!face_plan(g, m, to, pair, &s))
		return false;
	if (!hex_is_none(pair[0]))
		return phalanx_apply_step(g, m, pair[0], pair[1]);
	struct unit *u = mover(g, m);
	enum facing was = (enum facing)u->at.facing;
	u->at.facing = to;
	u->moved_phase = true;
	u->moved_turn = true;
	m->mp_spent += s.cost.mp;
	m->facing_mp += s.cost.mp;
	m->vertices_turned += s.vertices;
	struct event e;
	event_init(&e, "facing_changed");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "from", "%s", facing_name(was));
	event_add(&e, "to", "%s", facing_name(to));
	event_add(&e, "vertices", "%d", s.vertices);
	event_add(&e, "maneuver", "reverse_face");
	event_add(&e, "mp", "%d", s.cost.mp);
	event_add(&e, "spent", "%d", m->mp_spent);
	event_add(&e, "left", "%d", m->ma - m->mp_spent);
	event_add(&e, "rule", "6.45");
	game_emit(g, &e);
	return true;
}

/* 4.23: where the halves end after the step (a, b) */
bool phalanx_step_footprint(const struct game *g, const struct move *m,
			    struct hex a, struct hex b, struct footprint *to)
{
	struct plan p;
	struct move_step s;
	if (!plan_step(g, m, a, b, &p, &s))
		return false;
	*to = p.to;
	return true;
}

/* 4.23: where the halves end after turning to `to` (6.43, 6.45) */
bool phalanx_face_footprint_impl(const struct game *g, const struct move *m,
			    enum facing to, struct footprint *out)
{
	struct hex pair[2];
	struct move_step s;
	const struct unit *u = move_mover(g, m);
	if (!u || !face_plan(g, m, to, pair, &s))
		return false;
	if (!hex_is_none(pair[0]))
		return phalanx_step_footprint(g, m, pair[0], pair[1], out);
	*out = u->at; /* 6.45: the Reverse Face keeps both hexes */
	out->facing = (int)to;
	return true;
}

/* 6.41 the 5th MP */
bool phalanx_fifth_mp_end_impl(struct game *g, struct move *m)
{
	struct unit *u = mover(g, m);
	if (!u || !unit_has(g, u, TRAIT_PHALANX) || u->ma_ext <= u->ma ||
	    m->ma != u->ma_ext || m->mp_spent <= u->ma)
		return false;
	if (m->moved_before || m->rout_due || !game_unit_in_play(u))
		return true; /* the caller makes 6.13's hit 2 */
	/* 6.41: 1 hit for a roll over the TQ; GBA 6.46: the difference (a
	 * move at MA 5 is one that spent its 5th MP, ruling R141) */
	int dr = roll_for(g, u, "fifth_mp", "6.41");
	int over = dr - unit_tq_now(g, u);
	int hits = over <= 0 ? 0
		   : tables_variant(g->tables, RV_AUGMENTED_CHECK) ==
				   AUGMENTED_DIFFERENCE
			   ? over
			   : 1;
	emit_check(g, u, dr, hits, "6.41");
	move_take_hits(g, m, hits, "fifth_mp", "6.41");
	return true;
}

int phalanx_step_hits(const struct game *g, const struct move *m,
		      struct hex a, struct hex b, bool *wheel_check)
{
	struct plan p;
	struct move_step s;
	if (wheel_check)
		*wheel_check = false;
	if (!plan_step(g, m, a, b, &p, &s))
		return -1;
	if (wheel_check)
		*wheel_check = p.wheel && p.wheel_check;
	int pivot = p.kind == STEP_PIVOT
			    ? phalanx_pivot_hits(g, move_mover(g, m))
			    : 0;
	return p.terrain.hits + pivot + p.stack_hits;
}

bool move_check_step_pair(const struct game *g, const struct move *m,
			  struct hex dest, struct hex dest2,
			  struct move_step *out)
{
	const struct unit *u = move_mover(g, m);
	if (u && unit_is_two_hex(u))
		return phalanx_check_step(g, m, dest, dest2, out);
	if (!hex_is_none(dest2)) {
		memset(out, 0, sizeof *out);
		return refuse_step(out, "only a two-hex unit names two hexes",
				   "6.43");
	}
	return move_check_step(g, m, dest, out);
}

bool move_apply_step_pair(struct game *g, struct move *m, struct hex dest,
			  struct hex dest2)
{
	const struct unit *u = move_mover(g, m);
	if (u && unit_is_two_hex(u))
		return phalanx_apply_step(g, m, dest, dest2);
	if (!hex_is_none(dest2))
		return false;
	return move_apply_step(g, m, dest);
}
