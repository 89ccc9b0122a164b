/* Zones of control (7.21-7.25): extents, rivers, stopping, leaving,
 * turning in an enemy ZOC, shared ZOC. */
#include "move_fixture.h"

#define H(x) fx_hex(x)

static bool has_hex(const struct hex *v, int n, struct hex h)
{
	for (int i = 0; i < n; i++)
		if (hex_eq(v[i], h))
			return true;
	return false;
}

/* 7.21: a combat unit exerts a ZOC into its two Front hexes only. */
Test(zoc, normal_unit_front_hexes_7_21)
{
	struct game *g = fx_field();
	struct hex h = H("3015");
	struct unit *u = fx_unit(g, "mi", 0, UT_MI, h, FACE_NE, 5);
	struct hex z[8];
	int n = zoc_hexes(g, u, z);
	cr_assert_eq(n, 2);
	cr_assert(has_hex(z, n, hex_neighbour(h, SIDE_N)));
	cr_assert(has_hex(z, n, hex_neighbour(h, SIDE_ENE)));
	cr_assert(zoc_enemy_in(g, 1, hex_neighbour(h, SIDE_N)));
	cr_assert_not(zoc_enemy_in(g, 0, hex_neighbour(h, SIDE_N)),
		      "a side's own ZOC is not enemy ZOC to it");
	cr_assert_not(zoc_enemy_in(g, 1, hex_neighbour(h, SIDE_ESE)),
		      "Flank hex");
	cr_assert_not(zoc_enemy_in(g, 1, hex_neighbour(h, SIDE_S)),
		      "Rear hex");
	cr_assert_not(zoc_enemy_in(g, 1, h), "not its own hex");
	game_free(g);
}

/* 7.21: missile-armed skirmishers and Roman velites also into their Flank
 * hexes; out of missiles, skirmishers exert none and velites Front only. */
Test(zoc, skirmishers_and_velites_7_21)
{
	struct game *g = fx_field();
	struct hex a = H("2110"), b = H("2510");
	struct unit *sk = fx_unit(g, "sk", 1, UT_SK, a, FACE_NE, 6);
	sk->missile = MC_S;
	struct unit *ve = fx_unit(g, "ve", 0, UT_LI, b, FACE_NE, 6);
	ve->missile = MC_J;
	ve->legion = 1;
	snprintf(ve->cls, sizeof ve->cls, "VE");
	struct hex z[8];
	int n = zoc_hexes(g, sk, z);
	cr_assert_eq(n, 4);
	cr_assert(has_hex(z, n, hex_neighbour(a, SIDE_WNW)));
	cr_assert(has_hex(z, n, hex_neighbour(a, SIDE_ESE)));
	cr_assert_not(has_hex(z, n, hex_neighbour(a, SIDE_S)));
	cr_assert_eq(zoc_hexes(g, ve, z), 4);
	sk->supply = SUPPLY_LOW;
	cr_assert_eq(zoc_hexes(g, sk, z), 4, "Missile Low still has missiles");
	sk->supply = SUPPLY_NO;
	ve->supply = SUPPLY_NO;
	cr_assert_eq(zoc_hexes(g, sk, z), 0);
	cr_assert_not(unit_exerts_zoc(g, sk));
	n = zoc_hexes(g, ve, z);
	cr_assert_eq(n, 2);
	cr_assert_not(has_hex(z, n, hex_neighbour(b, SIDE_WNW)));
	/* an ordinary light infantry unit is not velites */
	struct unit *li = fx_unit(g, "li", 0, UT_LI, H("3010"), FACE_NE, 6);
	li->missile = MC_J;
	cr_assert_eq(zoc_hexes(g, li, z), 2);
	game_free(g);
}

/* 7.21: routed units and Leader Elephants (4.83) exert no ZOC. */
Test(zoc, routed_unit_none_7_21)
{
	struct game *g = fx_field();
	struct unit *u = fx_unit(g, "mi", 0, UT_MI, H("3015"), FACE_NE, 5);
	struct hex z[8];
	cr_assert_eq(zoc_hexes(g, u, z), 2);
	u->routed = true;
	cr_assert_eq(zoc_hexes(g, u, z), 0);
	cr_assert_not(zoc_enemy_in(g, 1, hex_neighbour(H("3015"), SIDE_N)));
	struct unit *le = fx_unit(g, "le", 1, UT_EL, H("2510"), FACE_NE, 9);
	le->leader_elephant = "hannibal";
	cr_assert_eq(zoc_hexes(g, le, z), 0);
	game_free(g);
}

/* 7.22: no ZOC into a hex movement may not enter: across a River hexside
 * or into an impassable hex. */
Test(zoc, not_across_river_7_22)
{
	struct game *g = fx_field();
	struct hex h = H("3015");
	struct unit *u = fx_unit(g, "mi", 0, UT_MI, h, FACE_NE, 5);
	fx_hexside(g, h, SIDE_N, HSF_RIVER);
	struct hex z[8];
	int n = zoc_hexes(g, u, z);
	cr_assert_eq(n, 1);
	cr_assert(has_hex(z, n, hex_neighbour(h, SIDE_ENE)));
	cr_assert_not(zoc_exerted_into(g, u, hex_neighbour(h, SIDE_N)));
	fx_terrain(g, hex_neighbour(h, SIDE_ENE), TERRAIN_IMPASSABLE);
	cr_assert_eq(zoc_hexes(g, u, z), 0);
	/* a Stream does not stop it */
	struct hex k = H("2510");
	struct unit *v = fx_unit(g, "v", 0, UT_MI, k, FACE_NE, 5);
	fx_hexside(g, k, SIDE_N, HSF_STREAM);
	cr_assert(zoc_exerted_into(g, v, hex_neighbour(k, SIDE_N)));
	game_free(g);
}

/* 7.23: a unit stops the instant it enters an enemy ZOC: no more hexes,
 * no facing change. */
Test(zoc, stop_on_entering_7_23)
{
	struct game *g = fx_field();
	struct hex h = H("3015"), n = hex_neighbour(h, SIDE_N);
	struct unit *u = fx_unit(g, "ha", 0, UT_LG, h, FACE_NE, 5);
	fx_unit(g, "foe", 1, UT_MI, hex_neighbour(n, SIDE_N), FACE_SW, 5);
	struct move m;
	cr_assert(move_begin(g, u, &m));
	cr_assert_not(m.began_in_zoc);
	struct move_step s;
	cr_assert(move_check_step(g, &m, n, &s));
	cr_assert(s.enters_enemy_zoc);
	size_t from = g->events.n;
	cr_assert(move_apply_step(g, &m, n));
	cr_assert(m.stopped);
	const struct event *e = fx_event(g, from, "zoc_entered");
	cr_assert_not_null(e);
	cr_assert_str_eq(event_get(e, "by"), "foe");
	cr_assert_str_eq(event_get(e, "rule"), "7.23");
	cr_assert_not(move_check_step(g, &m, hex_neighbour(n, SIDE_ENE), &s));
	cr_assert_str_eq(s.rule, "7.23");
	cr_assert_not(facing_change_check(g, &m, FACE_E, &s));
	cr_assert_str_eq(s.rule, "7.23");
	cr_assert_eq(m.mp_spent, 1);
	game_free(g);
}

/* 7.23: a unit starting in an enemy ZOC leaves it only when its MA is
 * greater than that of every enemy exerting the ZOC (a phalanx counts 5);
 * the ZOC of a unit that cannot Shock is ignored for this. */
Test(zoc, leaving_7_23)
{
	struct game *g = fx_field();
	struct hex h = H("3015"), n = hex_neighbour(h, SIDE_N);
	struct unit *u = fx_unit(g, "mi", 0, UT_MI, h, FACE_NE, 5);
	struct unit *foe =
		fx_unit(g, "foe", 1, UT_LG, hex_neighbour(h, SIDE_S), FACE_NE, 5);
	cr_assert(unit_in_enemy_zoc(g, u));
	struct move m;
	struct move_step s;
	cr_assert(move_begin(g, u, &m));
	cr_assert(m.began_in_zoc);
	cr_assert_not(m.may_leave_zoc);
	cr_assert_not(move_check_step(g, &m, n, &s));
	cr_assert_str_eq(s.rule, "7.23");
	/* a faster unit may leave */
	u->ma = 6;
	cr_assert(move_begin(g, u, &m));
	cr_assert(m.may_leave_zoc);
	cr_assert(move_apply_step(g, &m, n));
	cr_assert_not(m.stopped);
	/* a phalanx's MA counts as 5 */
	game_unit_set_hex(g, u, 0, h);
	u->moved_phase = false;
	foe->type = UT_PH;
	foe->ma = 4;
	foe->ma_ext = 5;
	u->ma = 5;
	cr_assert_not(zoc_may_leave(g, u));
	/* Exception: skirmishers cannot Shock, so their ZOC is ignored */
	foe->type = UT_SK;
	foe->missile = MC_S;
	foe->ma = 6;
	foe->ma_ext = 0;
	cr_assert(unit_in_enemy_zoc(g, u));
	cr_assert(zoc_may_leave(g, u));
	cr_assert(move_begin(g, u, &m));
	cr_assert(move_check_step(g, &m, n, &s));
	game_free(g);
}

/* 7.24: a unit starting in an enemy ZOC may turn in place, up to half its
 * MA rounded up, when one enemy unit (that can Shock) holds it and no
 * enemy is in its own ZOC; then it stays. */
Test(zoc, turning_in_enemy_zoc_7_24)
{
	struct game *g = fx_field();
	struct hex h = H("3015");
	struct unit *u = fx_unit(g, "mi", 0, UT_MI, h, FACE_NE, 5);
	struct unit *rear =
		fx_unit(g, "rear", 1, UT_MI, hex_neighbour(h, SIDE_S), FACE_NE, 5);
	(void)rear;
	cr_assert_eq(zoc_turn_mp(g, u), 3);
	cr_assert(zoc_may_turn(g, u));
	struct move m;
	struct move_step s;
	cr_assert(move_begin(g, u, &m));
	cr_assert(facing_change_apply(g, &m, FACE_SW));
	cr_assert_eq(m.mp_spent, 3);
	cr_assert(m.turned_in_zoc);
	cr_assert_not(facing_change_check(g, &m, FACE_W, &s));
	cr_assert_str_eq(s.rule, "7.24");
	u->ma = 6; /* even a faster unit stays once it turned */
	cr_assert_not(move_check_step(g, &m, hex_neighbour(h, SIDE_WSW), &s));
	cr_assert_str_eq(s.rule, "7.24");

	/* half the MA, rounded up: MA 4 allows 2 MP of turning */
	u->at.facing = FACE_NE;
	u->moved_phase = false;
	u->ma = 4;
	cr_assert(move_begin(g, u, &m));
	cr_assert_not(facing_change_check(g, &m, FACE_SW, &s));
	cr_assert_str_eq(s.rule, "7.24");
	cr_assert(facing_change_check(g, &m, FACE_SE, &s));

	/* a second enemy holding it: no turning ... */
	struct unit *side = fx_unit(g, "side", 1, UT_MI,
				    hex_neighbour(h, SIDE_WSW), FACE_E, 5);
	cr_assert_not(zoc_may_turn(g, u));
	cr_assert_not(facing_change_check(g, &m, FACE_SE, &s));
	cr_assert_str_eq(s.rule, "7.24");
	/* ... unless that one cannot Shock (Exception) */
	side->type = UT_SK;
	side->missile = MC_S;
	cr_assert(zoc_may_turn(g, u));
	side->on_map = false;

	/* an enemy in the unit's own ZOC: no turning */
	fx_unit(g, "front", 1, UT_MI, hex_neighbour(h, SIDE_N), FACE_NE, 5);
	cr_assert_not(zoc_may_turn(g, u));
	game_free(g);
}

/* 7.25: opposing units may both control a hex; each side treats it as
 * enemy ZOC, and a unit entering it stops (7.23). */
Test(zoc, shared_zoc_7_25)
{
	struct game *g = fx_field();
	struct hex h = H("3015"), n = hex_neighbour(h, SIDE_N);
	struct unit *u = fx_unit(g, "ha", 0, UT_LG, h, FACE_NE, 5);
	fx_unit(g, "foe", 1, UT_MI, hex_neighbour(n, SIDE_N), FACE_SW, 5);
	cr_assert_eq(zoc_control(g, n), 3u);
	cr_assert(zoc_enemy_in(g, 0, n));
	cr_assert(zoc_enemy_in(g, 1, n));
	const struct unit *by[4];
	cr_assert_eq(zoc_units_into(g, 0, n, by, 4), 1);
	cr_assert_str_eq(by[0]->id, "ha");
	cr_assert_eq(zoc_control(g, hex_neighbour(h, SIDE_ENE)), 1u);
	cr_assert_eq(zoc_control(g, H("2005")), 0u);
	struct move m;
	cr_assert(move_begin(g, u, &m));
	cr_assert(move_apply_step(g, &m, n));
	cr_assert(m.stopped, "a friendly ZOC does not cancel the enemy's");
	game_free(g);
}
