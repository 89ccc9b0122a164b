/* reinforcements.c — bringing a battle's reinforcements onto the map
 * (SPQR 2.6 mentions them and the Game Turn Track; the procedure is ours).
 *
 * Our procedure (proposed ruling, see the report and doc-parts/reinf.md):
 *   When: at the start of the Game Turn the battle file names, right after
 *     `turn_start` and before the Leader Activation Phase's first decision
 *     (the 5.51 elite offer or the first activation), so the units may be
 *     ordered that very turn by a leader who activates later in it.
 *   Where: on the named edge of the map, in the entry hex the file gives
 *     (or the middle hex of the edge when it gives none).  A hex that will
 *     not take the unit sends it to the nearest hex of the same edge that
 *     will (ties: the lower column, then the lower row).  A hex takes a
 *     combat unit when it is on the map, its terrain is not prohibited to
 *     the unit's type (6.24, 6.27), no combat unit stands in it (an
 *     arriving unit forms no stack, 6.6: its owner may stack it by moving
 *     later), no enemy leader stands in it and it lies in no enemy ZOC
 *     (7.2: a reinforcement does not appear in contact).  A phalanx takes
 *     two adjacent hexes of the edge (2.21, 6.4).
 *   Facing: the one the file gives, else toward the middle of the map:
 *     from the south edge NE (or NW), from the north SE (or SW), from the
 *     east W, from the west E; a phalanx takes the first of these whose
 *     front is three hexes (HEX.md).  Units arrive in line, not In Column.
 *   Leaders: a leader due with units of his side on the same edge and
 *     turn, and given no entry hex, comes with the first of them to
 *     arrive, in its hex; otherwise he takes his own hex on the edge (one
 *     free of enemy units and leaders, in no enemy ZOC, passable).
 *   No hex: the reinforcement waits (`reinforcement_delayed`) and tries
 *     again at the start of each later turn, before that turn's own.
 *   Arriving costs nothing: no MP, no hits, no Moved marker. */
#include "maniple/reinforcements.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/command.h"
#include "maniple/event.h"
#include "maniple/map.h"
#include "maniple/movement.h"
#include "maniple/tables.h"

int reinf_index(const struct game *g, const char *id)
{
	if (!g || !g->battle || !id)
		return -1;
	for (int i = 0; i < g->battle->nreinf; i++)
		if (strcmp(g->battle->reinf[i].unit, id) == 0)
			return i;
	return -1;
}

static int unit_index(const struct game *g, const char *id)
{
	for (int i = 0; i < g->nunits; i++)
		if (strcmp(g->units[i].id, id) == 0)
			return i;
	return -1;
}

static int leader_index(const struct game *g, const char *id)
{
	for (int i = 0; i < g->nleaders; i++)
		if (strcmp(g->leaders[i].id, id) == 0)
			return i;
	return -1;
}

bool reinf_waiting(const struct game *g, int ri)
{
	if (!g || !g->battle || ri < 0 || ri >= g->battle->nreinf)
		return false;
	const char *id = g->battle->reinf[ri].unit;
	int ui = unit_index(g, id);
	if (ui >= 0) {
		const struct unit *u = &g->units[ui];
		return !u->on_map && !u->eliminated && !u->off_map;
	}
	int li = leader_index(g, id);
	if (li >= 0) {
		const struct leader *l = &g->leaders[li];
		return !l->on_map && !l->killed;
	}
	return false;
}

int reinf_due(const struct game *g, const char *id)
{
	int ri = reinf_index(g, id);
	return reinf_waiting(g, ri) ? g->battle->reinf[ri].turn : 0;
}

int reinf_line_due(const struct game *g, const struct line_def *def)
{
	int first = 0;
	for (int i = 0; g && def && i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (u->side != def->side || !line_def_names(def, u))
			continue;
		int due = reinf_due(g, u->id);
		if (!due)
			return 0; /* a member that is no waiting reinforcement
				   */
		if (!first || due < first)
			first = due;
	}
	return first;
}

/* ---- where a reinforcement may stand ---- */

/* The edge hexes in the order they are tried for a wish: nearest first,
 * then the lower column, then the lower row.  Returns the count. */
static int edge_hexes(const struct map *m, enum map_edge e, struct hex want,
		      struct hex *out, int max)
{
	int n = 0;
	for (int c = m->col_min; c <= m->col_max; c++)
		for (int r = m->row_min; r <= m->row_max && n < max; r++) {
			struct hex h = {c, r};
			if (map_distance_to_edge(m, h, e) == 0)
				out[n++] = h;
		}
	/* insertion sort, stable: the column-then-row order breaks ties */
	for (int i = 1; i < n; i++) {
		struct hex h = out[i];
		int d = hex_distance(h, want), j = i;
		while (j > 0 && hex_distance(out[j - 1], want) > d) {
			out[j] = out[j - 1];
			j--;
		}
		out[j] = h;
	}
	return n;
}

/* The hex a reinforcement asks for: its entry hex, else the middle of
 * its edge. */
static struct hex wanted_hex(const struct map *m, const struct reinforcement *r,
			     enum map_edge e)
{
	if (!hex_is_none(r->hex))
		return r->hex;
	int mc = (m->col_min + m->col_max) / 2,
	    mr = (m->row_min + m->row_max) / 2;
	switch (e) {
	case EDGE_NORTH:
		return (struct hex){mc, m->row_min};
	case EDGE_SOUTH:
		return (struct hex){mc, m->row_max};
	case EDGE_WEST:
		return (struct hex){m->col_min, mr};
	default:
		return (struct hex){m->col_max, mr};
	}
}

/* Facings toward the middle of the map from edge e, best first. */
static int edge_facings(enum map_edge e, int given, int out[4])
{
	static const int pref[EDGE_COUNT][3] = {
		[EDGE_NORTH] = {FACE_SE, FACE_SW, -1},
		[EDGE_SOUTH] = {FACE_NE, FACE_NW, -1},
		[EDGE_EAST] = {FACE_W, FACE_NW, FACE_SW},
		[EDGE_WEST] = {FACE_E, FACE_NE, FACE_SE},
	};
	int n = 0;
	if (given >= 0)
		out[n++] = given;
	for (int k = 0; k < 3; k++)
		if (pref[e][k] >= 0 && pref[e][k] != given)
			out[n++] = pref[e][k];
	return n;
}

static bool enemy_leader_in(const struct game *g, int side, struct hex h)
{
	for (int i = 0; i < g->nleaders; i++) {
		const struct leader *l = &g->leaders[i];
		if (l->on_map && !l->killed && l->side != side &&
		    hex_eq(l->hex, h))
			return true;
	}
	return false;
}

/* Passable for this type (6.24, 6.27); leaders move as leaders. */
static bool passable(const struct game *g, struct hex h, bool leader,
		     enum unit_type type)
{
	const struct map *m = g->battle->map;
	const struct map_hex *mh = map_at(m, h);
	if (!mh || map_impassable(m, h))
		return false;
	if (!g->tables)
		return true;
	enum movement_group grp =
		leader ? tables_leader_movement_group(g->tables)
		       : tables_movement_group(g->tables, type);
	return !tables_movement_cost(g->tables, (enum movement_row)mh->terrain,
				     grp)
			.prohibited;
}

/* A hex a combat unit of `side` may arrive in (see the comment above). */
static bool unit_may_stand(const struct game *g, const struct unit *u,
			   struct hex h)
{
	const struct unit *there[4];
	return passable(g, h, false, u->type) &&
	       game_units_at(g, h, there, 4) == 0 &&
	       !enemy_leader_in(g, u->side, h) && !zoc_enemy_in(g, u->side, h);
}

static bool enemy_unit_in(const struct game *g, int side, struct hex h)
{
	const struct unit *there[4];
	int n = game_units_at(g, h, there, 4);
	for (int k = 0; k < n; k++)
		if (there[k]->side != side)
			return true;
	return false;
}

static bool leader_may_stand(const struct game *g, const struct leader *l,
			     struct hex h)
{
	return passable(g, h, true, UT_PH) && !enemy_unit_in(g, l->side, h) &&
	       !enemy_leader_in(g, l->side, h) && !zoc_enemy_in(g, l->side, h);
}

/* A footprint for u on edge e: one hex, or two adjacent edge hexes for a
 * phalanx or a reinforcement marked double_sized (GBA 6.41), with a
 * facing whose front holds three hexes (HEX.md). */
static bool find_footprint(const struct game *g, const struct unit *u,
			   const struct reinforcement *r, enum map_edge e,
			   struct footprint *out)
{
	const struct map *m = g->battle->map;
	int cap = 2 * (m->ncols + m->nrows) + 4;
	struct hex *cand = malloc((size_t)cap * sizeof *cand);
	if (!cand)
		return false;
	int n = edge_hexes(m, e, wanted_hex(m, r, e), cand, cap);
	int fac[4], nf = edge_facings(e, r->facing, fac);
	/* 6.4; GBA 6.41: a double-sized hoplite or Cardaces unit */
	bool two = unit_has(g, u, TRAIT_PHALANX) || r->double_sized;
	bool found = false;
	for (int i = 0; i < n && !found; i++) {
		struct hex h = cand[i];
		if (!unit_may_stand(g, u, h))
			continue;
		if (!two) {
			*out = (struct footprint){{h, HEX_NONE}, fac[0], false, false};
			found = true;
			break;
		}
		for (int d = 0; d < HEXSIDE_COUNT && !found; d++) {
			struct hex o = hex_neighbour(h, (enum hexside)d);
			if (!map_contains(m, o) ||
			    map_distance_to_edge(m, o, e) != 0 ||
			    !unit_may_stand(g, u, o))
				continue;
			for (int k = 0; k < nf && !found; k++) {
				struct footprint fp = {{h, o}, fac[k], false, false};
				if (footprint_check(&fp) == NULL) {
					*out = fp;
					found = true;
				}
			}
		}
	}
	free(cand);
	return found;
}

static bool find_leader_hex(const struct game *g, const struct leader *l,
			    const struct reinforcement *r, enum map_edge e,
			    struct hex *out)
{
	const struct map *m = g->battle->map;
	int cap = 2 * (m->ncols + m->nrows) + 4;
	struct hex *cand = malloc((size_t)cap * sizeof *cand);
	if (!cand)
		return false;
	int n = edge_hexes(m, e, wanted_hex(m, r, e), cand, cap);
	bool found = false;
	for (int i = 0; i < n && !found; i++)
		if (leader_may_stand(g, l, cand[i])) {
			*out = cand[i];
			found = true;
		}
	free(cand);
	return found;
}

/* ---- arrival ---- */

static void arrival_event(struct game *g, const struct reinforcement *r,
			  const char *kind, const char *id, int side,
			  struct hex at, int facing)
{
	struct event e;
	event_init(&e, "reinforcement_arrives");
	event_add(&e, kind, "%s", id);
	event_add(&e, "side", "%d", side);
	event_add_hex(&e, "hex", at);
	if (facing >= 0)
		event_add(&e, "facing", "%s", facing_name((enum facing)facing));
	event_add(&e, "edge", "%s", r->edge);
	if (!hex_is_none(r->hex) && !hex_eq(r->hex, at))
		event_add_hex(&e, "asked", r->hex); /* taken: the nearest */
	event_add(&e, "due", "%d", r->turn);
	event_add(&e, "turn", "%d", g->turn);
	event_add(&e, "rule", "2.6");
	game_emit(g, &e);
}

static void delayed_event(struct game *g, const struct reinforcement *r,
			  const char *kind, const char *id, int side)
{
	struct event e;
	event_init(&e, "reinforcement_delayed");
	event_add(&e, kind, "%s", id);
	event_add(&e, "side", "%d", side);
	event_add(&e, "edge", "%s", r->edge);
	event_add(&e, "due", "%d", r->turn);
	event_add(&e, "turn", "%d", g->turn);
	event_add(&e, "why", "no_free_hex");
	event_add(&e, "rule", "2.6");
	game_emit(g, &e);
}

static bool due_now(const struct game *g, int ri)
{
	return g->battle->reinf[ri].turn <= g->turn && reinf_waiting(g, ri);
}

static void arrive_unit(struct game *g, int ri)
{
	const struct reinforcement *r = &g->battle->reinf[ri];
	struct unit *u = &g->units[unit_index(g, r->unit)];
	const struct retreat_edge *re = map_find_edge(g->battle->map, r->edge);
	struct footprint fp;
	if (!re || !find_footprint(g, u, r, re->edge, &fp)) {
		delayed_event(g, r, "unit", u->id, u->side);
		return;
	}
	game_unit_place(g, u, fp);
	u->column_name_left = false;
	u->on_map = true;
	u->moved_turn = u->moved_phase = false;
	game_put_on_top(g, u);
	arrival_event(g, r, "unit", u->id, u->side, fp.hex[0], fp.facing);
}

/* with: the hex of the unit he comes with, or HEX_NONE */
static void arrive_leader(struct game *g, int ri, struct hex with)
{
	const struct reinforcement *r = &g->battle->reinf[ri];
	struct leader *l = &g->leaders[leader_index(g, r->unit)];
	const struct retreat_edge *re = map_find_edge(g->battle->map, r->edge);
	struct hex at = HEX_NONE;
	bool ok = false;
	if (re && hex_is_none(r->hex) && !hex_is_none(with) &&
	    leader_may_stand(g, l, with)) {
		at = with;
		ok = true;
	}
	if (!ok && re)
		ok = find_leader_hex(g, l, r, re->edge, &at);
	if (!ok) {
		delayed_event(g, r, "leader", l->id, l->side);
		return;
	}
	l->hex = at;
	l->on_map = true;
	arrival_event(g, r, "leader", l->id, l->side, at, -1);
}

/* The hex of the first unit (in the file's order) of the leader's side
 * that is due by now by the same edge and stands on the map: the one he
 * comes with; HEX_NONE when there is none. */
static struct hex companion(const struct game *g, int ri)
{
	const struct battle *b = g->battle;
	const struct leader *l =
		&g->leaders[leader_index(g, b->reinf[ri].unit)];
	for (int k = 0; k < b->nreinf; k++) {
		int ui = unit_index(g, b->reinf[k].unit);
		if (ui < 0 || g->units[ui].side != l->side ||
		    b->reinf[k].turn > g->turn ||
		    strcmp(b->reinf[k].edge, b->reinf[ri].edge) != 0 ||
		    !game_unit_in_play(&g->units[ui]))
			continue;
		return g->units[ui].at.hex[0];
	}
	return HEX_NONE;
}

void reinf_arrive(struct game *g)
{
	if (!g || !g->battle || !g->battle->map || g->battle->nreinf == 0)
		return;
	const struct battle *b = g->battle;
	/* the units first, in the file's order, then the leaders, who join
	 * the first unit of their side that came by the same edge */
	for (int ri = 0; ri < b->nreinf; ri++)
		if (due_now(g, ri) && unit_index(g, b->reinf[ri].unit) >= 0)
			arrive_unit(g, ri);
	for (int ri = 0; ri < b->nreinf; ri++)
		if (due_now(g, ri) && leader_index(g, b->reinf[ri].unit) >= 0)
			arrive_leader(g, ri, companion(g, ri));
}

/* ---- show reinforcements ---- */

void cmd_show_reinforcements(void *ctx, int argc, char **argv,
			     struct cmd_result *r)
{
	(void)argv;
	struct session *s = ctx;
	if (argc != 1) {
		cmd_malformed(r, "usage: show reinforcements");
		return;
	}
	if (!s->game) {
		cmd_refuse(r, NULL, "no game: start one with new or load");
		return;
	}
	const struct game *g = s->game;
	const struct battle *b = g->battle;
	int waiting = 0;
	for (int ri = 0; ri < b->nreinf; ri++) {
		const struct reinforcement *rf = &b->reinf[ri];
		int ui = unit_index(g, rf->unit);
		int li = ui < 0 ? leader_index(g, rf->unit) : -1;
		bool wait = reinf_waiting(g, ri);
		/* due: not yet tried; delayed: its turn has begun and it found
		 * no hex; arrived: on the map; gone: eliminated, killed or
		 * off the map pursuing */
		bool on = ui >= 0   ? game_unit_in_play(&g->units[ui])
			  : li >= 0 ? g->leaders[li].on_map
				    : false;
		bool tried =
			rf->turn < g->turn ||
			(rf->turn == g->turn && g->seq.started_turn == g->turn);
		struct event e;
		event_init(&e, "reinforcement");
		event_add(&e, ui >= 0 ? "unit" : "leader", "%s", rf->unit);
		event_add(&e, "side", "%d",
			  ui >= 0   ? g->units[ui].side
			  : li >= 0 ? g->leaders[li].side
				    : -1);
		event_add(&e, "turn", "%d", rf->turn);
		event_add(&e, "edge", "%s", rf->edge);
		if (hex_is_none(rf->hex))
			event_add(&e, "hex", "-");
		else
			event_add_hex(&e, "hex", rf->hex);
		event_add(&e, "status", "%s",
			  on	  ? "arrived"
			  : !wait ? "gone"
			  : tried ? "delayed"
				  : "due");
		event_add(&e, "rule", "2.6");
		cmd_output(r, &e);
		waiting += wait;
	}
	struct event e;
	event_init(&e, "reinforcements");
	event_add(&e, "listed", "%d", b->nreinf);
	event_add(&e, "waiting", "%d", waiting);
	event_add(&e, "turn", "%d", g->turn);
	cmd_output(r, &e);
}
