/* GBA movement (GBA 6.1-6.2, 7.1): the GBA Movement Cost Chart
 * (rules/gba/movement.ini), the Moved hit of GBA 6.13 and GBA's facing
 * costs, on a sandbox field with GBA's tables.  Rule numbers cited as
 * "GBA N.NN" are GBA's. */
#include "move_fixture.h"

#define H(x) fx_hex(x)

/* The all-clear field with the GBA ruleset's tables (rules/gba over its
 * base, rules/spqr). */
static struct game *gba_field(void)
{
	struct game *g = fx_field();
	tables_free(g->tables);
	char dir[2048];
	struct ini_error err = {0};
	snprintf(dir, sizeof dir, "%s/rules/gba", fx_srcdir());
	g->tables = tables_load(dir, &err);
	cr_assert_not_null(g->tables, "rules/gba: %s", err.msg);
	snprintf(g->battle->ruleset, sizeof g->battle->ruleset, "gba");
	return g;
}

static void set_level(struct game *g, struct hex h, int level)
{
	map_at_mut(g->battle->map, h)->elevation = (int8_t)level;
}

/* One step north from the unit's hex: its cost, or a refusal. */
static bool step_north(struct game *g, struct unit *u, struct move *m,
		       struct move_step *s)
{
	struct hex to = hex_neighbour(u->at.hex[0], SIDE_N);
	if (!move_check_step(g, m, to, s))
		return false;
	cr_assert(move_apply_step(g, m, to));
	return true;
}

/* GBA 6.21, 6.29: the Issus example, woods one level up costs 3 MP (woods
 * 2 + 1 for the level); infantry takes a hit for each (GBA 6.22). */
Test(gba_move, woods_one_level_up_costs_3_mp_gba_6_21)
{
	struct game *g = gba_field();
	struct hex h = H("3015"), n = hex_neighbour(h, SIDE_N);
	fx_terrain(g, n, TERRAIN_WOODS);
	set_level(g, n, 1);
	struct unit *u = fx_unit(g, "hi", 0, UT_HI, h, FACE_NE, 6);
	struct move m;
	struct move_step s;
	cr_assert(move_begin(g, u, &m), "%s", m.refusal);
	cr_assert(step_north(g, u, &m, &s), "%s", s.refusal);
	cr_expect_eq(m.mp_spent, 3, "GBA 6.21: woods 2 + 1 up");
	cr_expect_eq(u->hits, 2, "GBA 6.22: woods 1 + up 1");
	game_free(g);
}

/* GBA 6.21: any change of level costs MP, down as well as up (SPQR
 * charges only the climb); going down one level costs infantry a hit and
 * skirmishers none. */
Test(gba_move, going_down_a_level_costs_an_mp_gba_6_21)
{
	struct game *g = gba_field();
	struct hex h = H("3015");
	set_level(g, h, 1);
	struct unit *u = fx_unit(g, "mi", 0, UT_MI, h, FACE_NE, 5);
	struct move m;
	struct move_step s;
	cr_assert(move_begin(g, u, &m));
	cr_assert(step_north(g, u, &m, &s), "%s", s.refusal);
	cr_expect_eq(m.mp_spent, 2, "GBA 6.21: clear 1 + 1 down");
	cr_expect_eq(u->hits, 1);

	struct hex k = H("2515");
	set_level(g, k, 1);
	struct unit *sk = fx_unit(g, "sk", 0, UT_SK, k, FACE_NE, 6);
	cr_assert(move_begin(g, sk, &m));
	cr_assert(step_north(g, sk, &m, &s));
	cr_expect_eq(m.mp_spent, 2);
	cr_expect_eq(sk->hits, 0, "GBA 6.29: skirmishers go down freely");
	game_free(g);

	/* the same step under SPQR costs 1 MP and no hit */
	g = fx_field();
	set_level(g, h, 1);
	u = fx_unit(g, "mi", 0, UT_MI, h, FACE_NE, 5);
	cr_assert(move_begin(g, u, &m));
	cr_assert(step_north(g, u, &m, &s));
	cr_expect_eq(m.mp_spent, 1);
	cr_expect_eq(u->hits, 0);
	game_free(g);
}

/* GBA 6.23: cavalry never changes more than one level in one hex (the
 * Steep Slope is prohibited to it); only skirmishers change three, at 3
 * hits; infantry changes two at 2 hits. */
Test(gba_move, cavalry_changes_one_level_a_hex_gba_6_23)
{
	struct game *g = gba_field();
	struct hex a = H("3015"), b = H("2515"), c = H("2015");
	set_level(g, hex_neighbour(a, SIDE_N), 2);
	set_level(g, hex_neighbour(b, SIDE_N), 3);
	set_level(g, hex_neighbour(c, SIDE_N), 2);
	struct unit *hc = fx_unit(g, "hc", 0, UT_HC, a, FACE_NE, 8);
	struct unit *sk = fx_unit(g, "sk", 0, UT_SK, b, FACE_NE, 6);
	struct unit *hi = fx_unit(g, "hi", 0, UT_HI, c, FACE_NE, 6);
	struct move m;
	struct move_step s;
	cr_assert(move_begin(g, hc, &m));
	cr_expect_not(step_north(g, hc, &m, &s), "GBA 6.23: no 2 levels");
	cr_expect_eq(hc->hits, 0);
	cr_assert(move_begin(g, sk, &m));
	cr_assert(step_north(g, sk, &m, &s), "%s", s.refusal);
	cr_expect_eq(m.mp_spent, 3, "GBA 6.23: clear 1 + 2 for 3 levels");
	cr_expect_eq(sk->hits, 3, "GBA 6.23: 3 hits for 3 levels");
	cr_assert(move_begin(g, hi, &m));
	cr_assert(step_north(g, hi, &m, &s), "%s", s.refusal);
	cr_expect_eq(m.mp_spent, 3);
	cr_expect_eq(hi->hits, 2);
	game_free(g);
}

/* GBA 6.29 note d (ambiguity A2): light infantry takes no hit entering
 * woods, where other infantry takes 1; GBA's Rocky (the map's broken)
 * costs 1 MP and 2 hits to cavalry. */
Test(gba_move, light_infantry_and_rocky_gba_6_29)
{
	struct game *g = gba_field();
	struct hex a = H("3015"), b = H("2515"), c = H("2015");
	fx_terrain(g, hex_neighbour(a, SIDE_N), TERRAIN_WOODS);
	fx_terrain(g, hex_neighbour(b, SIDE_N), TERRAIN_WOODS);
	fx_terrain(g, hex_neighbour(c, SIDE_N), TERRAIN_BROKEN);
	struct unit *li = fx_unit(g, "li", 0, UT_LI, a, FACE_NE, 6);
	struct unit *mi = fx_unit(g, "mi", 0, UT_MI, b, FACE_NE, 5);
	struct unit *hc = fx_unit(g, "hc", 0, UT_HC, c, FACE_NE, 8);
	struct move m;
	struct move_step s;
	cr_assert(move_begin(g, li, &m));
	cr_assert(step_north(g, li, &m, &s));
	cr_expect_eq(li->hits, 0, "GBA 6.29 note d");
	cr_assert(move_begin(g, mi, &m));
	cr_assert(step_north(g, mi, &m, &s));
	cr_expect_eq(mi->hits, 1);
	cr_assert(move_begin(g, hc, &m));
	cr_assert(step_north(g, hc, &m, &s));
	cr_expect_eq(m.mp_spent, 1, "GBA 6.29: Rocky 1 MP");
	cr_expect_eq(hc->hits, 2, "GBA 6.29: Rocky, 2 hits to cavalry");
	game_free(g);
}

/* GBA 9.21 on the chart: chariots may enter no Rough hex. */
Test(gba_move, chariots_enter_no_rough_hex_gba_6_29)
{
	struct game *g = gba_field();
	struct hex a = H("3015");
	fx_terrain(g, hex_neighbour(a, SIDE_N), TERRAIN_WOODS);
	struct unit *ch = fx_unit(g, "ch", 0, UT_CH, a, FACE_NE, 8);
	struct move m;
	struct move_step s;
	cr_assert(move_begin(g, ch, &m));
	cr_expect_not(step_north(g, ch, &m, &s));
	cr_expect_eq(m.mp_spent, 0);
	game_free(g);
}

/* GBA 6.62: In Column every terrain cost is 1 hit less (minimum 0), and
 * the change of formation costs no MP (GBA 6.61). */
Test(gba_move, column_spares_a_hit_gba_6_62)
{
	struct game *g = gba_field();
	struct hex a = H("3015"), n = hex_neighbour(a, SIDE_N);
	fx_terrain(g, n, TERRAIN_WOODS);
	struct unit *mi = fx_unit(g, "mi", 0, UT_MI, a, FACE_NE, 5);
	mi->at.in_column = true;
	mi->at.facing = SIDE_N;
	struct move m;
	struct move_step s;
	cr_assert(move_begin(g, mi, &m), "%s", m.refusal);
	cr_assert(step_north(g, mi, &m, &s), "%s", s.refusal);
	cr_expect_eq(mi->hits, 0, "GBA 6.62: woods 1 - 1");
	cr_expect_eq(tables_movement_modifier(g->tables,
					      MM_FORMATION_CHANGE_MP),
		     0, "GBA 6.61: 0 MP");
	game_free(g);
}

/* GBA 6.13: a unit that moves again in the Game Turn takes a hit, and
 * skirmishers are not spared (SPQR 6.13 spares them); a facing change
 * alone is movement (ambiguity A26). */
Test(gba_move, skirmishers_take_the_moved_hit_gba_6_13)
{
	struct game *g = gba_field();
	struct unit *sk = fx_unit(g, "sk", 0, UT_SK, H("3015"), FACE_NE, 6);
	sk->moved_turn = true;
	struct move m;
	struct move_step s;
	cr_assert(move_begin(g, sk, &m));
	cr_assert(step_north(g, sk, &m, &s));
	size_t from = g->events.n;
	move_end(g, &m);
	cr_expect_eq(sk->hits, 1, "GBA 6.13: skirmishers too");
	const struct event *e = fx_event(g, from, "cohesion_hit");
	cr_assert_not_null(e);
	cr_expect_str_eq(event_get(e, "cause"), "second_move");

	struct unit *t = fx_unit(g, "sk2", 0, UT_SK, H("2515"), FACE_NE, 6);
	t->moved_turn = true;
	cr_assert(move_begin(g, t, &m));
	cr_assert(facing_change_apply(g, &m, FACE_SE));
	move_end(g, &m);
	cr_expect_eq(t->hits, 1, "GBA 6.13, A26: turning is movement");

	struct unit *f = fx_unit(g, "sk3", 0, UT_SK, H("2015"), FACE_NE, 6);
	cr_assert(move_begin(g, f, &m));
	cr_assert(step_north(g, f, &m, &s));
	move_end(g, &m);
	cr_expect_eq(f->hits, 0, "GBA 6.13: the first move costs nothing");
	game_free(g);
}

/* GBA 7.12: a skirmisher pays 1 MP for any facing change; elephants and
 * chariots 2 MP a vertex; other units 1 MP a vertex. */
Test(gba_move, facing_costs_gba_7_12)
{
	struct game *g = gba_field();
	struct unit *sk = fx_unit(g, "sk", 0, UT_SK, H("3015"), FACE_NE, 6);
	struct unit *el = fx_unit(g, "el", 0, UT_EL, H("2515"), FACE_NE, 6);
	struct unit *ch = fx_unit(g, "ch", 0, UT_CH, H("2015"), FACE_NE, 8);
	struct unit *hc = fx_unit(g, "hc", 0, UT_HC, H("3020"), FACE_NE, 8);
	struct move_step s;
	cr_assert(unit_facing_change_cost(g, sk, FACE_SW, &s));
	cr_expect_eq(s.vertices, 3);
	cr_expect_eq(s.cost.mp, 1, "GBA 7.12: SK 1 MP for any turn");
	cr_assert(unit_facing_change_cost(g, sk, FACE_E, &s));
	cr_expect_eq(s.cost.mp, 1);
	cr_assert(unit_facing_change_cost(g, el, FACE_SE, &s));
	cr_expect_eq(s.cost.mp, 4, "GBA 7.12: EL 2 MP a vertex");
	cr_assert(unit_facing_change_cost(g, ch, FACE_SE, &s));
	cr_expect_eq(s.cost.mp, 4, "GBA 7.12: CH 2 MP a vertex");
	cr_assert(unit_facing_change_cost(g, hc, FACE_SE, &s));
	cr_expect_eq(s.cost.mp, 2);
	game_free(g);
	/* SPQR 7.12: skirmishers turn for nothing */
	g = fx_field();
	sk = fx_unit(g, "sk", 0, UT_SK, H("3015"), FACE_NE, 6);
	cr_assert(unit_facing_change_cost(g, sk, FACE_SW, &s));
	cr_expect_eq(s.cost.mp, 0);
	game_free(g);
}

/* GBA 7.14 with GBA 6.28: turning in Rough costs 1 hit a vertex to every
 * type, and a hex is Rough for a unit when entering it costs that unit a
 * hit: woods is Rough for cavalry but not for skirmishers, marsh is Rough
 * for both. */
Test(gba_move, rough_is_what_costs_a_hit_gba_6_28_7_14)
{
	struct game *g = gba_field();
	struct hex w1 = H("3015"), w2 = H("2515"), m1 = H("2015");
	fx_terrain(g, w1, TERRAIN_WOODS);
	fx_terrain(g, w2, TERRAIN_WOODS);
	fx_terrain(g, m1, TERRAIN_MARSH);
	struct unit *hc = fx_unit(g, "hc", 0, UT_HC, w1, FACE_NE, 8);
	struct unit *sk = fx_unit(g, "sk", 0, UT_SK, w2, FACE_NE, 6);
	struct unit *sm = fx_unit(g, "sm", 0, UT_SK, m1, FACE_NE, 6);
	cr_expect(unit_terrain_is_rough(g, UT_HC, TERRAIN_WOODS));
	cr_expect_not(unit_terrain_is_rough(g, UT_SK, TERRAIN_WOODS));
	cr_expect_not(unit_terrain_is_rough(g, UT_LI, TERRAIN_BROKEN));
	cr_expect(unit_terrain_is_rough(g, UT_SK, TERRAIN_MARSH));
	cr_expect(unit_terrain_is_rough(g, UT_CH, TERRAIN_WOODS),
		  "a hex a chariot may not enter is Rough for it");
	cr_expect_not(unit_terrain_is_rough(g, UT_HC, TERRAIN_CLEAR));
	struct move_step s;
	cr_assert(unit_facing_change_cost(g, hc, FACE_SE, &s));
	cr_expect_eq(s.cost.hits, 2, "GBA 7.14: 1 hit a vertex");
	cr_assert(unit_facing_change_cost(g, sk, FACE_SE, &s));
	cr_expect_eq(s.cost.hits, 0, "woods is not Rough for SK (GBA 6.28)");
	cr_assert(unit_facing_change_cost(g, sm, FACE_SE, &s));
	cr_expect_eq(s.cost.hits, 2, "GBA 7.14: SK are not exempt");
	game_free(g);
	/* SPQR 6.24: woods is Rough for every type */
	g = fx_field();
	cr_expect(unit_terrain_is_rough(g, UT_SK, TERRAIN_WOODS));
	game_free(g);
}

/* GBA movement chart notes e and f (ambiguity A1): a chariot turning
 * while it moves takes 1 hit a vertex; turning before it has entered a
 * hex costs no hit. */
Test(gba_move, chariot_turns_gba_7_12_a1)
{
	struct game *g = gba_field();
	struct unit *ch = fx_unit(g, "ch", 0, UT_CH, H("3015"), FACE_NE, 8);
	struct move m;
	struct move_step s;
	cr_assert(move_begin(g, ch, &m));
	cr_assert(facing_change_apply(g, &m, FACE_E));
	cr_expect_eq(ch->hits, 0, "note e: turning in place");
	cr_expect_eq(m.mp_spent, 2, "note f: 2 MP a vertex");
	struct hex to = hex_neighbour(ch->at.hex[0], SIDE_ENE);
	cr_assert(move_check_step(g, &m, to, &s), "%s", s.refusal);
	cr_assert(move_apply_step(g, &m, to));
	cr_assert(facing_change_apply(g, &m, FACE_SE));
	cr_expect_eq(ch->hits, 1, "A1: 1 hit a vertex while moving");
	cr_expect_eq(m.mp_spent, 5);
	game_free(g);
}
