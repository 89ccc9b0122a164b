/* column.c — Column (SPQR 6.71-6.74, 6.77, and the TQ of 6.75): forming
 * and leaving it at the end of a move, a one-hex unit's steps and turns
 * In Column, and who may pass whom.  A two-hex unit's column steps are in
 * phalanx.c. */
#include <stdio.h>
#include <string.h>

#include "maniple/gba_charge.h"
#include "maniple/gba_inertia.h"
#include "maniple/gba_square.h"
#include "maniple/movement.h"
#include "maniple/orders.h"
#include "maniple/phalanx.h"
#include "maniple/sequence.h"
#include "maniple/stacking.h"

static int mod6(int x)
{
	return ((x % 6) + 6) % 6;
}

/* 6.71 Exceptions */
bool unit_may_use_column(const struct game *g, const struct unit *u)
{
	return u && unit_has(g, u, TRAIT_INFANTRY) &&
	       !unit_has(g, u, TRAIT_BARBARIAN) &&
	       !unit_has(g, u, TRAIT_SKIRMISHER) &&
	       u->leader_elephant[0] == '\0';
}

/* 6.77 */
bool column_pass_check_impl(const struct game *g, const struct move *m,
		       struct hex dest, struct move_step *out)
{
	const struct unit *u = move_mover(g, m);
	if (!u || u->routed)
		return true;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *o = &g->units[i];
		if (o == u || o->side != u->side || !game_unit_in_play(o) ||
		    !footprint_occupies(&o->at, dest) ||
		    o->leader_elephant[0] != '\0')
			continue;
		if (u->at.in_column)
			return refuse_step(out,
					   "a unit In Column moves through no "
					   "friendly combat unit",
					   "6.77");
		if (o->at.in_column)
			return refuse_step(out,
					   "only routed units move through a "
					   "friendly unit In Column",
					   "6.77");
	}
	return true;
}

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

/* 6.74, 7.12, 7.14, 7.24, R5 */
bool column_face_check(const struct game *g, const struct move *m,
		       enum hexside to, struct move_step *out)
{
	memset(out, 0, sizeof *out);
	const struct unit *u = move_mover(g, m);
	if (!u || m->refusal)
		return refuse_step(out, "no move has begun", NULL);
	if (!goes_on(m, out))
		return false;
	if ((unsigned)to >= HEXSIDE_COUNT)
		return refuse_step(out, "no such hexside", "6.73");
	if (!u->at.in_column)
		return refuse_step(
			out,
			"only a unit In Column faces a hexside; face a "
			"vertex: NE E SE SW W NW",
			"6.73");
	if (unit_is_two_hex(u))
		return refuse_step(
			out,
			"a phalanx In Column turns only by entering a "
			"front-flank hex",
			"6.74");
	if (!g->tables)
		return refuse_step(out, "the rules tables are not loaded",
				   NULL);
	int v = facing_vertices((enum facing)u->at.facing, (enum facing)to);
	if (v == 0)
		return refuse_step(out, "the unit already faces that way",
				   "7.11");
	out->vertices = v;
	const struct map_hex *mh = map_at(g->battle->map, u->at.hex[0]);
	bool rough = mh && terrain_is_rough((enum terrain)mh->terrain);
	bool roman = u->legion != 0 && unit_has(g, u, TRAIT_INFANTRY);
	struct move_cost c =
		tables_facing_change_cost(g->tables, u->type, roman, v, rough);
	if (c.prohibited)
		return refuse_step(out, "this unit does not change facing",
				   "7.13");
	out->cost = c;
	if (m->began_in_zoc && m->hexes_entered == 0) {
		if (!zoc_may_turn(g, u))
			return refuse_step(
				out,
				"in an enemy ZOC a unit turns only when "
				"one enemy unit holds it there and none "
				"is in its own ZOC",
				"7.24");
		if (m->facing_mp + c.mp > zoc_turn_mp(g, u))
			return refuse_step(
				out,
				"in an enemy ZOC a unit spends at most "
				"half its MA on turning",
				"7.24");
	}
	if (m->mp_spent + c.mp > m->ma)
		return refuse_step(out, "not enough MP left to turn", "7.12");
	return true;
}

bool column_face_apply(struct game *g, struct move *m, enum hexside to)
{
	struct move_step s;
	if (!column_face_check(g, m, to, &s))
		return false;
	struct unit *u = &g->units[m->unit];
	enum hexside was = (enum hexside)u->at.facing;
	u->at.facing = to;
	u->moved_phase = true;
	u->moved_turn = true;
	m->mp_spent += s.cost.mp;
	m->facing_mp += s.cost.mp;
	m->vertices_turned += s.vertices;
	if (m->began_in_zoc && m->hexes_entered == 0)
		m->turned_in_zoc = true;
	struct event e;
	event_init(&e, "facing_changed");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "from", "%s", hexside_name(was));
	event_add(&e, "to", "%s", hexside_name(to));
	event_add(&e, "vertices", "%d", s.vertices);
	event_add(&e, "mp", "%d", s.cost.mp);
	event_add(&e, "spent", "%d", m->mp_spent);
	event_add(&e, "left", "%d", m->ma - m->mp_spent);
	event_add(&e, "rule", "6.74,7.12");
	game_emit(g, &e);
	move_take_hits(g, m, s.cost.hits, "rough_facing", "7.14");
	return true;
}

/* 6.73 */
enum facing column_name_facing(const struct unit *u)
{
	int d = u->at.facing;
	return (enum facing)mod6(u->column_name_left ? d + 4 : d + 1);
}

/* 6.71, 6.73: the footprint after the change (false: arg does not fit) */
static bool formed_footprint(const struct unit *u, bool to_column, int arg,
			     struct footprint *fp, bool *name_left)
{
	*fp = u->at;
	*name_left = u->column_name_left;
	int f = u->at.facing;
	if (to_column) {
		if (arg < 0 || arg >= HEXSIDE_COUNT)
			return false;
		if (!unit_is_two_hex(u)) {
			/* a vertex lies between sides f and f+1 */
			if (arg != f && arg != mod6(f + 1))
				return false;
		} else {
			int p = hex_direction_to(u->at.hex[0], u->at.hex[1]);
			if (arg == p) { /* the second half leads */
				fp->hex[0] = u->at.hex[1];
				fp->hex[1] = u->at.hex[0];
			} else if (arg != mod6(p + 3)) {
				return false;
			}
			*name_left = f == mod6(arg + 4);
		}
		fp->in_column = true;
		fp->facing = arg;
		return footprint_check(fp) == NULL;
	}
	if (unit_is_two_hex(u)) {
		int nf = (int)column_name_facing(u);
		if (arg >= 0 && arg != nf)
			return false;
		fp->facing = nf;
	} else {
		/* side f lies between vertices f-1 and f */
		if (arg != f && arg != mod6(f - 1))
			return false;
		fp->facing = arg;
	}
	fp->in_column = false;
	*name_left = false;
	return footprint_check(fp) == NULL;
}

/* 6.71, 6.73 */
bool column_form_check(const struct game *g, const struct move *m,
		       bool to_column, int arg, struct move_step *out)
{
	memset(out, 0, sizeof *out);
	const struct unit *u = move_mover(g, m);
	if (!u || m->refusal)
		return refuse_step(
			out, "only a combat unit's move changes formation",
			"6.71");
	if (!goes_on(m, out))
		return false;
	if (m->formed)
		return refuse_step(out, "the unit has changed formation",
				   "6.71");
	if (gba_inertia_end_refusal(g, m, NULL, 0)) /* GBA 6.14 */
		return refuse_step(
			out,
			"the Law of Inertia: the hoplites move on while "
			"they can, and change formation only then",
			"GBA 6.14");
	if (!g->tables)
		return refuse_step(out, "the rules tables are not loaded",
				   NULL);
	if (to_column && u->at.in_column)
		return refuse_step(out, "the unit is In Column already",
				   "6.71");
	if (to_column && u->double_depth)
		return refuse_step(
			out, "a Double-Depth phalanx does not form Column",
			"9.52");
	if (u->at.square) /* GBA 9.63 (R164): leave square first */
		return refuse_step(out, "a unit in square does not form Column",
				   "GBA 9.63");
	if (!to_column && !u->at.in_column)
		return refuse_step(out, "the unit is not In Column", "6.71");
	if (!unit_may_use_column(g, u) || u->routed)
		return refuse_step(
			out,
			"only infantry other than Barbarian Infantry and "
			"Skirmishers goes into Column",
			"6.71");
	if (unit_in_enemy_zoc(g, u))
		return refuse_step(out,
				   "a unit in an enemy ZOC does not change "
				   "formation",
				   "6.71");
	/* 6.77, 6.67, 6.69 (a ruling): no friend moves into a unit In
	 * Column's hex, a stack faces one way, and a phalanx passing a
	 * friend may not stop there: a unit sharing a hex with a friend
	 * does not go into Column there (the soak found the stacks the
	 * stacking rules then refuse to let stand) */
	const struct unit *with[4];
	bool stacked = false;
	for (int k = 0; to_column && k < 2; k++)
		stacked = stacked ||
			  (!hex_is_none(u->at.hex[k]) &&
			   stacking_units_in(g, u->at.hex[k], u->side, u, NULL,
					     with, 4) > 0);
	if (stacked)
		return refuse_step(
			out,
			"a unit stacked with a friend does not go into "
			"Column",
			"6.77");
	struct footprint fp;
	bool left;
	if (!formed_footprint(u, to_column, arg, &fp, &left)) {
		if (to_column)
			return refuse_step(
				out,
				unit_is_two_hex(u)
					? "a phalanx goes into Column "
					  "facing along its hexes: name "
					  "the side its leading end faces"
					: "a unit goes into Column facing "
					  "a hexside next to its vertex",
				"6.73");
		return refuse_step(
			out,
			unit_is_two_hex(u)
				? "a phalanx leaves Column facing where "
				  "its name side points"
				: "a unit leaves Column facing a vertex "
				  "next to its hexside",
			"6.73");
	}
	out->cost.mp =
		tables_movement_modifier(g->tables, MM_FORMATION_CHANGE_MP);
	if (m->mp_spent + out->cost.mp > m->ma)
		return refuse_step(
			out, "not enough MP left to change formation", "6.71");
	return true;
}

bool column_form_apply(struct game *g, struct move *m, bool to_column,
		       int arg)
{
	struct move_step s;
	if (!column_form_check(g, m, to_column, arg, &s))
		return false;
	struct unit *u = &g->units[m->unit];
	struct footprint fp;
	bool left;
	formed_footprint(u, to_column, arg, &fp, &left);
	game_unit_place(g, u, fp);
	u->column_name_left = left;
	u->moved_phase = true;
	u->moved_turn = true;
	m->formed = true;
	m->mp_spent += s.cost.mp;
	struct event e;
	event_init(&e, "formation_changed");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "to", "%s", to_column ? "column" : "normal");
	char buf[16];
	hex_format(fp.hex[0], buf, sizeof buf);
	event_add(&e, "front", "%s", buf);
	event_add(&e, "facing", "%s",
		  to_column ? hexside_name((enum hexside)fp.facing)
			    : facing_name((enum facing)fp.facing));
	event_add(&e, "mp", "%d", s.cost.mp);
	event_add(&e, "spent", "%d", m->mp_spent);
	event_add(&e, "left", "%d", m->ma - m->mp_spent);
	event_add(&e, "rule", "6.71,6.73");
	game_emit(g, &e);
	return true;
}

/* GBA 9.73, 9.76 (charge) and GBA 9.63, R163 (square): `form charge`,
 * `form square`, and `form normal` out of either (of a unit in neither,
 * `form normal` leaves Column) */
static void form_gba(struct session *s, bool square, bool form,
		     struct cmd_result *r)
{
	struct game *g = s->game;
	if (!g) {
		cmd_refuse(r, NULL, "no game: start one with new or load");
		return;
	}
	struct move *m = orders_open_move(g, r);
	if (!m)
		return;
	struct move_step st;
	if (!(square ? gba_square_check(g, m, form, &st)
		     : gba_charge_check(g, m, form, &st))) {
		cmd_refuse(r, st.rule, "%s",
			   st.refusal ? st.refusal : "no formation change");
		return;
	}
	if (!square) {
		gba_charge_apply(g, m, form);
		return;
	}
	gba_square_apply(g, m, form);
	orders_close_move(g); /* all its MP are spent */
}

/* form column SIDE | form normal [FACING] | form charge | form square */
void cmd_form(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	struct session *s = ctx;
	const char *usage = "form column SIDE | form normal [FACING] | "
			    "form charge | form square";
	bool to_column = argc >= 2 && strcmp(argv[1], "column") == 0;
	bool to_normal = argc >= 2 && strcmp(argv[1], "normal") == 0;
	bool to_charge = argc == 2 && strcmp(argv[1], "charge") == 0;
	bool to_square = argc == 2 && strcmp(argv[1], "square") == 0;
	const struct game *g0 = s->game;
	const struct unit *mv = to_normal && argc == 2 && g0 &&
					g0->ord.mover_unit >= 0 &&
					g0->ord.mover_unit < g0->nunits
				? &g0->units[g0->ord.mover_unit]
				: NULL;
	bool in_charge = mv && mv->charge_formation;
	bool in_square = mv && mv->at.square;
	if (to_charge || in_charge || to_square || in_square) {
		form_gba(s, to_square || in_square, to_charge || to_square, r);
		return;
	}
	if ((!to_column && !to_normal) || (to_column && argc != 3) ||
	    (to_normal && argc > 3)) {
		cmd_malformed(r, "usage: %s", usage);
		return;
	}
	int arg = -1;
	if (argc == 3) {
		arg = to_column ? hexside_parse(argv[2]) : facing_parse(argv[2]);
		if (arg < 0) {
			cmd_malformed(r,
				      to_column ? "form column SIDE: one of N "
						  "ENE ESE S WSW WNW"
						: "form normal FACING: one of "
						  "NE E SE SW W NW");
			return;
		}
	}
	if (!s->game) {
		cmd_refuse(r, NULL, "no game: start one with new or load");
		return;
	}
	struct game *g = s->game;
	struct move *m = orders_open_move(g, r);
	if (!m)
		return;
	struct move_step st;
	if (!column_form_check(g, m, to_column, arg, &st)) {
		cmd_refuse(r, st.rule, "%s",
			   st.refusal ? st.refusal : "no formation change");
		return;
	}
	column_form_apply(g, m, to_column, arg);
	orders_close_move(g); /* 6.71: at the conclusion of the movement */
}

int phalanx_legal(const struct game *g, const struct move *m, int side,
		  struct decision_answer *out, int max)
{
	int n = 0;
	const struct unit *u = move_mover(g, m);
	if (!u || max <= 0)
		return 0;
	char line[64], x[16], y[16];
	struct move_step s;
	if (unit_is_two_hex(u) && !u->at.in_column) {
		struct hex pairs[8][2];
		int k = phalanx_steps(g, m, pairs, 8);
		for (int i = 0; i < k; i++) {
			hex_format(pairs[i][0], x, sizeof x);
			hex_format(pairs[i][1], y, sizeof y);
			snprintf(line, sizeof line, "move %s,%s", x, y);
			decision_add(out, max, &n, side, "6.43", "%s", line);
		}
	}
	for (int d = 0; u->at.in_column && d < HEXSIDE_COUNT; d++)
		if (column_face_check(g, m, (enum hexside)d, &s)) {
			snprintf(line, sizeof line, "face %s",
				 hexside_name((enum hexside)d));
			decision_add(out, max, &n, side, "6.74", "%s", line);
		}
	for (int d = 0; d < HEXSIDE_COUNT; d++) {
		if (u->at.in_column || !column_form_check(g, m, true, d, &s))
			continue;
		snprintf(line, sizeof line, "form column %s",
			 hexside_name((enum hexside)d));
		decision_add(out, max, &n, side, "6.71", "%s", line);
	}
	if (u->at.in_column && unit_is_two_hex(u) &&
	    column_form_check(g, m, false, -1, &s))
		decision_add(out, max, &n, side, "6.73", "form normal");
	/* GBA 9.73, 9.76; GBA 9.63 */
	n += gba_charge_legal(g, m, side, out + n, max - n);
	n += gba_square_legal(g, m, side, out + n, max - n);
	for (int f = 0; u->at.in_column && !unit_is_two_hex(u) &&
			f < FACING_COUNT;
	     f++)
		if (column_form_check(g, m, false, f, &s)) {
			snprintf(line, sizeof line, "form normal %s",
				 facing_name((enum facing)f));
			decision_add(out, max, &n, side, "6.73", "%s", line);
		}
	return n;
}
