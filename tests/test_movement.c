/* Movement (6.11-6.32), facing (7.11-7.14) and their costs from the
 * Movement Cost Chart (TABLES.md §7, RULINGS R5), one step at a time. */
#include "move_fixture.h"
#include "changed_tables.h"

#define H(x) fx_hex(x)

/* Runs a path of hexes; every step must be allowed. */
static void walk(struct game *g, struct move *m, const char *const *path,
		 int n)
{
	for (int i = 0; i < n; i++) {
		struct move_step s;
		cr_assert(move_check_step(g, m, H(path[i]), &s),
			  "step to %s refused: %s (%s)", path[i],
			  s.refusal ? s.refusal : "", s.rule ? s.rule : "");
		cr_assert(move_apply_step(g, m, H(path[i])));
	}
}

/* EXAMPLES.md "Movement uphill": HI 2322 -> 2423 -> 2523 (level 0, 0, 2)
 * spends 4 MP and takes 2 hits (6.21, 6.22). */
Test(movement, uphill_heavy_infantry_6_21_6_22)
{
	struct game *g = fx_battle("battle-uphill.ini");
	struct unit *hi = game_unit(g, "hi");
	struct move m;
	cr_assert(move_begin(g, hi, &m), "%s", m.refusal);
	size_t from = g->events.n;
	const char *path[] = {"2423", "2523"};
	walk(g, &m, path, 2);
	cr_assert_eq(m.mp_spent, 4);
	cr_assert_eq(hi->hits, 2);
	cr_assert(hex_eq(hi->at.hex[0], H("2523")));
	const struct event *e = fx_event(g, from, "cohesion_hit");
	cr_assert_not_null(e);
	cr_assert_str_eq(event_get(e, "cause"), "elevation");
	cr_assert_str_eq(event_get(e, "hits"), "2");
	cr_assert_str_eq(event_get(e, "rule"), "6.22");
	e = fx_event(g, from, "moved");
	cr_assert_str_eq(event_get(e, "mp"), "3");
	cr_assert_str_eq(event_get(e, "climb"), "2");
	cr_assert_str_eq(event_get(e, "rule"), "6.21");
	game_free(g);
}

/* 6.22 example: a MI unit on the same path takes only 1 hit. */
Test(movement, uphill_medium_infantry_6_22)
{
	struct game *g = fx_battle("battle-uphill.ini");
	game_unit(g, "hi")->on_map = false;
	struct unit *mi = game_unit(g, "mi");
	game_unit_set_hex(g, mi, 0, H("2322"));
	struct move m;
	cr_assert(move_begin(g, mi, &m), "%s", m.refusal);
	const char *path[] = {"2423", "2523"};
	walk(g, &m, path, 2);
	cr_assert_eq(m.mp_spent, 4);
	cr_assert_eq(mi->hits, 1);
	game_free(g);
}

/* 6.11 up to the printed MA; 6.12 one move per Orders Phase. */
Test(movement, one_move_per_orders_phase_6_12)
{
	struct game *g = fx_field();
	struct unit *u = fx_unit(g, "ha", 0, UT_LG, H("3015"), FACE_NE, 5);
	cr_assert(move_allowed(g, u));
	struct move m;
	cr_assert(move_begin(g, u, &m));
	cr_assert_eq(m.ma, 5);
	cr_assert(move_apply_step(g, &m, H("3014")));
	move_end(g, &m);
	cr_assert(u->moved_phase && u->moved_turn);
	cr_assert_not(move_allowed(g, u));
	cr_assert_not(move_begin(g, u, &m));
	cr_assert_str_eq(m.rule, "6.12");
	/* a later Orders Phase (the sequence of play clears the marker) */
	u->moved_phase = false;
	cr_assert(move_begin(g, u, &m));
	game_free(g);
}

/* 6.13: a unit that moved in an earlier Orders Phase takes 1 hit after
 * its new move; a facing change counts as movement; skirmishers are
 * exempt; a unit that does not move takes none. */
Test(movement, second_move_hit_6_13)
{
	struct game *g = fx_field();
	struct unit *u = fx_unit(g, "mi", 0, UT_MI, H("3015"), FACE_NE, 5);
	u->moved_turn = true;
	struct move m;
	cr_assert(move_begin(g, u, &m));
	cr_assert(move_apply_step(g, &m, H("3014")));
	cr_assert_eq(u->hits, 0, "the hit comes after the move");
	size_t from = g->events.n;
	move_end(g, &m);
	cr_assert_eq(u->hits, 1);
	const struct event *e = fx_event(g, from, "cohesion_hit");
	cr_assert_not_null(e);
	cr_assert_str_eq(event_get(e, "cause"), "second_move");
	cr_assert_str_eq(event_get(e, "rule"), "6.13");
	move_end(g, &m);
	cr_assert_eq(u->hits, 1, "ending twice hits once");

	struct unit *t = fx_unit(g, "mi2", 0, UT_MI, H("2510"), FACE_NE, 5);
	t->moved_turn = true;
	cr_assert(move_begin(g, t, &m));
	cr_assert(facing_change_apply(g, &m, FACE_E));
	move_end(g, &m);
	cr_assert_eq(t->hits, 1, "changing facing is movement (6.13)");

	struct unit *s = fx_unit(g, "sk", 0, UT_SK, H("2010"), FACE_NE, 6);
	s->moved_turn = true;
	cr_assert(move_begin(g, s, &m));
	cr_assert(move_apply_step(g, &m, H("2009")));
	move_end(g, &m);
	cr_assert_eq(s->hits, 0, "skirmishers are exempt (6.13)");

	struct unit *w = fx_unit(g, "mi3", 0, UT_MI, H("3520"), FACE_NE, 5);
	w->moved_turn = true;
	cr_assert(move_begin(g, w, &m));
	move_end(g, &m);
	cr_assert_eq(w->hits, 0, "no move, no hit");
	cr_assert_not(w->moved_phase);
	game_free(g);
}

/* 6.23: a hex uses its majority terrain: a Clear hex with a River on
 * another of its sides (2800 at Cannae) is Clear; a Woods hex costs
 * Woods. */
Test(movement, majority_terrain_6_23)
{
	struct game *g = fx_field();
	struct hex h = H("3015"), n = hex_neighbour(h, SIDE_N);
	fx_hexside(g, n, SIDE_WNW, HSF_RIVER);
	struct unit *u = fx_unit(g, "mi", 0, UT_MI, h, FACE_NE, 5);
	struct move m;
	cr_assert(move_begin(g, u, &m));
	struct move_step s;
	cr_assert(move_check_step(g, &m, n, &s));
	cr_assert_eq(s.cost.mp, 1);
	cr_assert_eq(s.cost.hits, 0);
	fx_terrain(g, n, TERRAIN_WOODS);
	cr_assert(move_check_step(g, &m, n, &s));
	cr_assert_eq(s.cost.mp, 2);
	cr_assert_eq(s.cost.hits, 1);
	cr_assert(move_apply_step(g, &m, n));
	cr_assert_eq(u->hits, 1);
	const struct event *e = fx_event(g, 0, "cohesion_hit");
	cr_assert_str_eq(event_get(e, "cause"), "terrain");
	cr_assert_str_eq(event_get(e, "rule"), "6.22");
	game_free(g);
}

/* 6.24: no unit enters an impassable hex or crosses a River hexside; the
 * refusal changes nothing. */
Test(movement, impassable_hex_and_river_6_24)
{
	struct game *g = fx_field();
	struct hex h = H("3015");
	fx_terrain(g, hex_neighbour(h, SIDE_N), TERRAIN_IMPASSABLE);
	fx_hexside(g, h, SIDE_ENE, HSF_RIVER);
	struct unit *u = fx_unit(g, "hc", 0, UT_HC, h, FACE_NE, 8);
	struct move m;
	cr_assert(move_begin(g, u, &m));
	char *before = game_state_text(g);
	struct move_step s;
	cr_assert_not(move_check_step(g, &m, hex_neighbour(h, SIDE_N), &s));
	cr_assert_str_eq(s.rule, "6.24");
	cr_assert_not(move_check_step(g, &m, hex_neighbour(h, SIDE_ENE), &s));
	cr_assert_str_eq(s.rule, "6.24");
	cr_assert_not(move_apply_step(g, &m, hex_neighbour(h, SIDE_ENE)));
	char *after = game_state_text(g);
	cr_assert_str_eq(before, after);
	cr_assert_eq(m.mp_spent, 0);
	free(before);
	free(after);
	/* 6.27: what the chart prohibits to a group (cavalry up 2 levels) */
	map_at_mut(g->battle->map, hex_neighbour(h, SIDE_N))->terrain =
		TERRAIN_CLEAR;
	map_at_mut(g->battle->map, hex_neighbour(h, SIDE_N))->elevation = 2;
	cr_assert_not(move_check_step(g, &m, hex_neighbour(h, SIDE_N), &s));
	cr_assert_str_eq(s.rule, "6.27");
	game_free(g);
}

/* 6.25: a unit needs enough MP for the whole cost of a hex. */
Test(movement, not_enough_mp_6_25)
{
	struct game *g = fx_field();
	struct hex h = H("3015"), n = hex_neighbour(h, SIDE_N);
	fx_terrain(g, hex_neighbour(n, SIDE_N), TERRAIN_BROKEN);
	struct unit *u = fx_unit(g, "mi", 1, UT_MI, h, FACE_NE, 2);
	struct move m;
	cr_assert(move_begin(g, u, &m));
	cr_assert(move_apply_step(g, &m, n));
	struct move_step s;
	cr_assert_not(move_check_step(g, &m, hex_neighbour(n, SIDE_N), &s));
	cr_assert_str_eq(s.rule, "6.25");
	cr_assert_eq(s.cost.mp, 2);
	cr_assert(hex_eq(u->at.hex[0], n));
	/* a Clear hex for the last MP is fine */
	cr_assert(move_apply_step(g, &m, hex_neighbour(n, SIDE_ENE)));
	cr_assert_eq(m.mp_spent, 2);
	game_free(g);
}

/* 6.31, 6.32, 7.11: a unit traces contiguous hexes and enters only its
 * Front hexes; to go elsewhere it first changes facing. */
Test(movement, front_hexes_only_6_32)
{
	struct game *g = fx_field();
	struct hex h = H("3015");
	struct unit *u = fx_unit(g, "mi", 0, UT_MI, h, FACE_NE, 5);
	struct move m;
	cr_assert(move_begin(g, u, &m));
	struct move_step s;
	enum hexside not_front[] = {SIDE_ESE, SIDE_S, SIDE_WSW, SIDE_WNW};
	for (int i = 0; i < 4; i++) {
		cr_assert_not(move_check_step(
			g, &m, hex_neighbour(h, not_front[i]), &s));
		cr_assert_str_eq(s.rule, "6.32");
	}
	cr_assert_not(move_check_step(g, &m, H("3017"), &s));
	cr_assert_str_eq(s.rule, "6.31");
	cr_assert_not(move_check_step(g, &m, H("4130"), &s));
	cr_assert_str_eq(s.rule, "6.31");
	cr_assert(move_check_step(g, &m, hex_neighbour(h, SIDE_N), &s));
	cr_assert(move_check_step(g, &m, hex_neighbour(h, SIDE_ENE), &s));
	cr_assert(facing_change_apply(g, &m, FACE_SW));
	cr_assert(move_apply_step(g, &m, hex_neighbour(h, SIDE_S)));
	cr_assert_eq(m.mp_spent, 4, "3 vertices and a Clear hex");
	game_free(g);
}

/* 6.62: never into a hex with an enemy combat unit; 6.61: stacking with a
 * friendly unit is the stacking rules' (refused until they exist). */
Test(movement, occupied_hexes_6_62_6_61)
{
	struct game *g = fx_field();
	struct hex h = H("3015");
	struct unit *u = fx_unit(g, "mi", 0, UT_MI, h, FACE_NE, 5);
	fx_unit(g, "foe", 1, UT_MI, hex_neighbour(h, SIDE_N), FACE_NE, 5);
	fx_unit(g, "pal", 0, UT_MI, hex_neighbour(h, SIDE_ENE), FACE_NE, 5);
	struct move m;
	struct move_step s;
	cr_assert(move_begin(g, u, &m));
	cr_assert_not(move_check_step(g, &m, hex_neighbour(h, SIDE_N), &s));
	cr_assert_str_eq(s.rule, "6.62");
	/* 6.61, 6.69: a friend's hex is passed, not stopped in (the
	 * Stacking Chart: tests/test_stacking.c) */
	cr_assert(move_check_step(g, &m, hex_neighbour(h, SIDE_ENE), &s));
	game_free(g);
}

/* 10.27 routed units take no move orders (phalanx and Column moves:
 * tests/test_phalanx.c, test_column.c). */
Test(movement, routed_refused_10_27)
{
	struct game *g = fx_field();
	struct unit *p = fx_unit(g, "ph", 0, UT_PH, H("3015"), FACE_NE, 4);
	game_unit_set_hex(g, p, 1, H("3115"));
	p->ma_ext = 5;
	struct move m;
	struct unit *r = fx_unit(g, "ro", 0, UT_MI, H("2520"), FACE_NE, 5);
	r->routed = true;
	cr_assert_not(move_begin(g, r, &m));
	cr_assert_str_eq(m.rule, "10.27");
	/* 7.13: a phalanx turns only by its maneuvers (6.43, 6.45) */
	struct move_step s;
	cr_assert_not(unit_facing_change_cost(g, p, FACE_SW, &s));
	cr_assert_str_eq(s.rule, "7.13");
	cr_assert_not_null(strstr(s.refusal, "6.43"));
	game_free(g);
}

/* 7.12 and RULINGS R5: 1 MP per vertex; Roman legion/ala infantry 1 MP for
 * any change (velites and triarii included); elephants 2 MP per vertex;
 * skirmishers nothing. */
Test(facing, costs_7_12_R5)
{
	struct game *g = fx_field();
	struct move_step s;
	struct unit *mi = fx_unit(g, "mi", 0, UT_MI, H("2110"), FACE_NE, 5);
	cr_assert(unit_facing_change_cost(g, mi, FACE_SE, &s));
	cr_assert_eq(s.vertices, 2);
	cr_assert_eq(s.cost.mp, 2);
	cr_assert(unit_facing_change_cost(g, mi, FACE_NW, &s));
	cr_assert_eq(s.vertices, 1, "the short way round");
	cr_assert_eq(s.cost.mp, 1);
	struct unit *ha = fx_unit(g, "ha", 0, UT_LG, H("2310"), FACE_NE, 5);
	ha->legion = 1;
	cr_assert(unit_facing_change_cost(g, ha, FACE_SW, &s));
	cr_assert_eq(s.vertices, 3);
	cr_assert_eq(s.cost.mp, 1, "R5: any change 1 MP");
	struct unit *ve = fx_unit(g, "ve", 0, UT_LI, H("2510"), FACE_NE, 6);
	snprintf(ve->cls, sizeof ve->cls, "VE");
	ve->legion = 1;
	cr_assert(unit_facing_change_cost(g, ve, FACE_SE, &s));
	cr_assert_eq(s.cost.mp, 1, "R5: velites too");
	struct unit *tr = fx_unit(g, "tr", 0, UT_HI, H("2710"), FACE_NE, 4);
	snprintf(tr->cls, sizeof tr->cls, "TR");
	tr->legion = 1;
	cr_assert(unit_facing_change_cost(g, tr, FACE_SW, &s));
	cr_assert_eq(s.cost.mp, 1, "R5: triarii too");
	struct unit *el = fx_unit(g, "el", 1, UT_EL, H("2910"), FACE_NE, 7);
	cr_assert(unit_facing_change_cost(g, el, FACE_SE, &s));
	cr_assert_eq(s.cost.mp, 4);
	struct unit *sk = fx_unit(g, "sk", 1, UT_SK, H("3110"), FACE_NE, 6);
	cr_assert(unit_facing_change_cost(g, sk, FACE_SW, &s));
	cr_assert_eq(s.cost.mp, 0);
	struct unit *hc = fx_unit(g, "hc", 1, UT_HC, H("3310"), FACE_NE, 8);
	cr_assert(unit_facing_change_cost(g, hc, FACE_SW, &s));
	cr_assert_eq(s.cost.mp, 3);
	cr_assert_not(unit_facing_change_cost(g, hc, FACE_NE, &s));
	cr_assert_str_eq(s.rule, "7.11");

	/* applied within a move: MP spent, the event names the ruling */
	struct move m;
	cr_assert(move_begin(g, ha, &m));
	size_t from = g->events.n;
	cr_assert(facing_change_apply(g, &m, FACE_SW));
	cr_assert_eq(ha->at.facing, FACE_SW);
	cr_assert_eq(m.mp_spent, 1);
	const struct event *e = fx_event(g, from, "facing_changed");
	cr_assert_str_eq(event_get(e, "rule"), "7.12,R5");
	cr_assert_str_eq(event_get(e, "vertices"), "3");
	/* not enough MP left to turn */
	cr_assert(move_begin(g, mi, &m));
	m.mp_spent = 4;
	cr_assert_not(facing_change_check(g, &m, FACE_SE, &s));
	cr_assert_str_eq(s.rule, "7.12");
	game_free(g);
}

/* 7.14: turning in Rough terrain costs 1 hit per vertex (more hits than
 * MP for Roman infantry); elephants and skirmishers are spared. */
Test(facing, rough_terrain_hits_7_14)
{
	struct game *g = fx_field();
	struct hex a = H("2110"), b = H("2310"), c = H("2510");
	fx_terrain(g, a, TERRAIN_WOODS);
	fx_terrain(g, b, TERRAIN_MARSH);
	fx_terrain(g, c, TERRAIN_BROKEN);
	struct unit *ha = fx_unit(g, "ha", 0, UT_LG, a, FACE_NE, 5);
	ha->legion = 1;
	struct unit *sk = fx_unit(g, "sk", 0, UT_SK, b, FACE_NE, 6);
	struct unit *el = fx_unit(g, "el", 0, UT_EL, c, FACE_NE, 7);
	struct move m;
	cr_assert(move_begin(g, ha, &m));
	size_t from = g->events.n;
	cr_assert(facing_change_apply(g, &m, FACE_SE));
	cr_assert_eq(m.mp_spent, 1);
	cr_assert_eq(ha->hits, 2);
	const struct event *e = fx_event(g, from, "cohesion_hit");
	cr_assert_str_eq(event_get(e, "cause"), "rough_facing");
	cr_assert_str_eq(event_get(e, "rule"), "7.14");
	struct move_step s;
	cr_assert(unit_facing_change_cost(g, sk, FACE_SW, &s));
	cr_assert_eq(s.cost.hits, 0);
	cr_assert(unit_facing_change_cost(g, el, FACE_SW, &s));
	cr_assert_eq(s.cost.hits, 0);
	cr_assert_eq(s.cost.mp, 6);
	game_free(g);
}

/* 10.14: hits reaching the TQ rout the unit: the move stops and an event
 * names 10.14 and the rout to come (10.21). */
Test(movement, hits_reach_tq_10_14)
{
	struct game *g = fx_field();
	struct hex h = H("3015"), n = hex_neighbour(h, SIDE_N);
	fx_terrain(g, n, TERRAIN_WOODS);
	struct unit *u = fx_unit(g, "bi", 1, UT_BI, h, FACE_NE, 5);
	u->tq = 3;
	u->hits = 2;
	struct move m;
	cr_assert(move_begin(g, u, &m));
	size_t from = g->events.n;
	cr_assert(move_apply_step(g, &m, n));
	const struct event *e = fx_event(g, from, "rout_due");
	cr_assert_not_null(e);
	cr_assert_str_eq(event_get(e, "rule"), "10.14");
	cr_assert_str_eq(event_get(e, "then"), "10.21");
	struct move_step s;
	cr_assert_not(move_check_step(g, &m, hex_neighbour(n, SIDE_N), &s));
	cr_assert_str_eq(s.rule, "10.14");
	game_free(g);
}

/* 6.14, 6.15: leaders have 9 MP, pay cavalry costs, take no hits, have no
 * facing; 4.71: a leader enters an enemy ZOC only where a friendly combat
 * unit is, and stops there. */
Test(movement, leaders_6_14_6_15_4_71)
{
	struct game *g = fx_field();
	struct hex h = H("3015");
	struct leader *l = fx_leader(g, "consul", 0, h);
	struct hex woods[4];
	struct hex at = h;
	for (int i = 0; i < 4; i++) {
		at = hex_neighbour(at, SIDE_S);
		woods[i] = at;
		fx_terrain(g, at, TERRAIN_WOODS);
	}
	struct hex fifth = hex_neighbour(at, SIDE_S);
	struct move m;
	cr_assert(move_begin_leader(g, l, false, &m));
	cr_assert_eq(m.ma, leader_ma(g));
	for (int i = 0; i < 4; i++)
		cr_assert(move_apply_step(g, &m, woods[i]));
	cr_assert_eq(m.mp_spent, 8);
	cr_assert_eq(m.hits, 0, "leaders never take hits (6.22)");
	struct move_step s;
	cr_assert(move_check_step(g, &m, fifth, &s));
	fx_terrain(g, fifth, TERRAIN_BROKEN);
	cr_assert_not(move_check_step(g, &m, fifth, &s));
	cr_assert_str_eq(s.rule, "6.25");
	cr_assert_not(facing_change_check(g, &m, FACE_SW, &s));
	cr_assert_str_eq(s.rule, "6.15");

	/* 4.71 */
	struct hex z = H("2010");
	struct leader *t = fx_leader(g, "tribune", 0, z);
	struct hex zn = hex_neighbour(z, SIDE_N);
	fx_unit(g, "foe", 1, UT_MI, hex_neighbour(zn, SIDE_N), FACE_SW, 5);
	cr_assert(zoc_enemy_in(g, 0, zn));
	cr_assert(move_begin_leader(g, t, false, &m));
	cr_assert_not(move_check_step(g, &m, zn, &s));
	cr_assert_str_eq(s.rule, "4.71");
	fx_unit(g, "pal", 0, UT_MI, zn, FACE_NE, 5);
	cr_assert(move_apply_step(g, &m, zn));
	cr_assert(m.stopped);
	cr_assert_not(move_check_step(g, &m, hex_neighbour(zn, SIDE_ENE), &s));
	cr_assert_str_eq(s.rule, "7.23");
	/* leaving takes the OC's orders */
	cr_assert(move_begin_leader(g, t, false, &m));
	cr_assert_not(move_check_step(g, &m, z, &s));
	cr_assert_str_eq(s.rule, "4.71");
	cr_assert(move_begin_leader(g, t, true, &m));
	cr_assert(move_check_step(g, &m, z, &s));
	game_free(g);
}

/* 4.81, 4.83, 6.15, 4.82: a Leader Elephant moves like a leader (9 MP) on
 * Elephant costs, takes no hits from moving, turns at no cost, and
 * carries its leader, who does not move on his own. */
Test(movement, leader_elephant_4_81_4_83_6_15)
{
	struct game *g = fx_field();
	struct hex h = H("3015"), n = hex_neighbour(h, SIDE_N);
	fx_terrain(g, n, TERRAIN_WOODS);
	struct leader *l = fx_leader(g, "hannibal", 1, h);
	struct unit *le = fx_unit(g, "le", 1, UT_EL, h, FACE_NE, 4);
	le->leader_elephant = "hannibal";
	le->moved_turn = true;
	struct move m;
	cr_assert_not(move_begin_leader(g, l, false, &m));
	cr_assert_str_eq(m.rule, "4.82");
	cr_assert(move_begin(g, le, &m));
	cr_assert_eq(m.ma, leader_ma(g));
	struct move_step s;
	cr_assert(facing_change_check(g, &m, FACE_SW, &s));
	cr_assert_eq(s.cost.mp, 0);
	cr_assert(move_apply_step(g, &m, n));
	cr_assert_eq(m.mp_spent, 2);
	cr_assert_eq(le->hits, 0);
	cr_assert(hex_eq(l->hex, n), "the leader rides along");
	move_end(g, &m);
	cr_assert_eq(le->hits, 0, "no 6.13 hit from moving (4.83)");
	game_free(g);
}

/* 6.14 from the data: constants.ini [leader] ma read as 7 gives a leader
 * 7 MP in his Orders Phase. */
Test(movement, leader_ma_read_from_constants_ini_6_14)
{
	struct game *g = fx_field();
	struct leader *l = fx_leader(g, "consul", 0, H("3015"));
	struct move m;
	cr_assert(move_begin_leader(g, l, false, &m));
	cr_expect_eq(m.ma, 9);
	change_tables(g, "constants", "ma = 9", "ma = 7");
	cr_assert(move_begin_leader(g, l, false, &m));
	cr_expect_eq(m.ma, 7);
	cr_expect_eq(leader_ma(g), 7);
	game_free(g);
}
