/* Phalanx movement and maneuvers (SPQR 6.41-6.45): the 5th MP (6.41), two
 * hexes paying the worse (6.42), the pivot (6.43), the wheel of the 6.44
 * example with forced dice, the Reverse Face (6.45), and the phalanx's
 * advance in the 6.5 (Cannae) example, hex by hex (HEX.md). */
#include <criterion/criterion.h>

#include "maniple/phalanx.h"
#include "maniple/rout.h"
#include "changed_tables.h"
#include "move_fixture.h"

static struct hex H(int n)
{
	return (struct hex){n / 100, n % 100};
}

/* A phalanx of the book: TQ 6, MA 4/5, on hexes a and b. */
static struct unit *phalanx(struct game *g, const char *id, int side, int a,
			    int b, enum facing f)
{
	struct unit *u = fx_unit(g, id, side, UT_PH, H(a), f, 4);
	u->ma_ext = 5;
	u->size = 10;
	game_unit_set_hex(g, u, 1, H(b));
	cr_assert_null(footprint_check(&u->at), "%d/%d %s: %s", a, b,
		       facing_name(f), footprint_check(&u->at));
	return u;
}

static bool at(const struct unit *u, int a, int b)
{
	return footprint_occupies(&u->at, H(a)) &&
	       footprint_occupies(&u->at, H(b));
}

static void force(struct game *g, int die)
{
	cr_assert(dice_force(&g->dice, die));
}

/* 6.5 (Cannae), HEX.md: the phalanx 2912/3012 advances 3013/3112,
 * 3113/3213, 3114/3214, 3215/3314, 3315/3415: both halves one hex the
 * same way each step (6.43's forward), 1 MP each; the 5 MP use its 5th
 * MP on its first move, so 6.41's TQ check follows (forced 3: no hit). */
Test(phalanx, cannae_advance_6_5_example_6_41_first_move)
{
	struct game *g = fx_field();
	struct unit *u = phalanx(g, "ph", 1, 2912, 3012, FACE_SE);
	struct move m;
	cr_assert(move_begin(g, u, &m), "%s", m.refusal);
	cr_assert_eq(m.ma, 5, "6.41: the MA of 5 is there to use");
	static const int path[5][2] = {{3013, 3112}, {3113, 3213},
				       {3114, 3214}, {3215, 3314},
				       {3315, 3415}};
	for (int i = 0; i < 5; i++) {
		struct move_step s;
		cr_assert(phalanx_check_step(g, &m, H(path[i][0]),
					     H(path[i][1]), &s),
			  "step %d: %s (%s)", i, s.refusal, s.rule);
		cr_assert_eq(s.cost.mp, 1);
		cr_assert(move_apply_step_pair(g, &m, H(path[i][0]),
					       H(path[i][1])));
		cr_assert(at(u, path[i][0], path[i][1]), "step %d", i);
		cr_assert_eq(u->at.facing, FACE_SE);
	}
	cr_assert_eq(m.mp_spent, 5);
	/* HEX.md: at 3114/3214 it was 2 hexes from 3415 and 3216 */
	struct footprint mid = {{H(3114), H(3214)}, FACE_SE, false, false};
	cr_assert_eq(footprint_distance(&mid, H(3415)), 2);
	cr_assert_eq(footprint_distance(&mid, H(3216)), 2);
	size_t from = g->events.n;
	force(g, 3);
	move_end(g, &m);
	const struct event *e = fx_event(g, from, "tq_check");
	cr_assert_not_null(e, "6.41: a TQ check after the 5th MP");
	cr_assert_str_eq(event_get(e, "rule"), "6.41");
	cr_assert_str_eq(event_get(e, "hits"), "0");
	cr_assert_eq(u->hits, 0);
	game_free(g);
}

/* 6.41: the 5th MP on a first move: a DR above the TQ costs 1 hit (one,
 * not the difference). */
Test(phalanx, fifth_mp_first_move_fails_one_hit_6_41)
{
	struct game *g = fx_field();
	struct unit *u = phalanx(g, "ph", 1, 2912, 3012, FACE_SE);
	struct move m;
	cr_assert(move_begin(g, u, &m));
	static const int path[5][2] = {{3013, 3112}, {3113, 3213},
				       {3114, 3214}, {3215, 3314},
				       {3315, 3415}};
	for (int i = 0; i < 5; i++)
		cr_assert(move_apply_step_pair(g, &m, H(path[i][0]),
					       H(path[i][1])));
	force(g, 9);
	move_end(g, &m);
	cr_assert_eq(u->hits, 1, "6.41: 1 hit, not 9 - 6");
	game_free(g);
}

/* 6.41: 4 MP on a first move: no check, no roll. */
Test(phalanx, four_mp_no_check_6_41)
{
	struct game *g = fx_field();
	struct unit *u = phalanx(g, "ph", 1, 2912, 3012, FACE_SE);
	struct move m;
	cr_assert(move_begin(g, u, &m));
	static const int path[4][2] = {{3013, 3112}, {3113, 3213},
				       {3114, 3214}, {3215, 3314}};
	for (int i = 0; i < 4; i++)
		cr_assert(move_apply_step_pair(g, &m, H(path[i][0]),
					       H(path[i][1])));
	unsigned long rolls = g->dice.rolls;
	size_t from = g->events.n;
	move_end(g, &m);
	cr_assert_eq(g->dice.rolls, rolls);
	cr_assert_eq(fx_count(g, from, "tq_check"), 0);
	cr_assert_eq(u->hits, 0);
	game_free(g);
}

/* 6.41, 6.13: a Moved phalanx using its 5th MP on a later move takes 2
 * hits and no TQ check; with 4 MP it takes 6.13's one. */
Test(phalanx, fifth_mp_later_move_two_hits_6_41_6_13)
{
	for (int mp = 4; mp <= 5; mp++) {
		struct game *g = fx_field();
		struct unit *u = phalanx(g, "ph", 1, 2912, 3012, FACE_SE);
		u->moved_turn = true;
		struct move m;
		cr_assert(move_begin(g, u, &m));
		static const int path[5][2] = {{3013, 3112}, {3113, 3213},
					       {3114, 3214}, {3215, 3314},
					       {3315, 3415}};
		for (int i = 0; i < mp; i++)
			cr_assert(move_apply_step_pair(g, &m, H(path[i][0]),
						       H(path[i][1])));
		unsigned long rolls = g->dice.rolls;
		move_end(g, &m);
		cr_assert_eq(g->dice.rolls, rolls, "no TQ check");
		cr_assert_eq(u->hits, mp == 5 ? 2 : 1, "%d MP", mp);
		game_free(g);
	}
}

/* 6.42: one half into Woods, the other into Clear: the unit pays the
 * worse, 2 MP and the heavy infantry's 1 hit, once. */
Test(phalanx, two_hexes_pay_the_worse_6_42)
{
	struct game *g = fx_field();
	struct unit *u = phalanx(g, "ph", 1, 2912, 3012, FACE_SE);
	fx_terrain(g, H(3112), TERRAIN_WOODS);
	struct move m;
	cr_assert(move_begin(g, u, &m));
	struct move_step s;
	cr_assert(phalanx_check_step(g, &m, H(3013), H(3112), &s));
	cr_assert_eq(s.cost.mp, 2);
	cr_assert_eq(s.cost.hits, 1);
	cr_assert(move_apply_step_pair(g, &m, H(3112), H(3013)));
	cr_assert_eq(u->hits, 1);
	cr_assert_eq(m.mp_spent, 2);
	game_free(g);
}

/* 6.43: steps that are neither forward nor a pivot are refused; a single
 * hex is not a phalanx's step in line. */
Test(phalanx, only_forward_or_pivot_6_43)
{
	struct game *g = fx_field();
	struct unit *u = phalanx(g, "ph", 1, 2912, 3012, FACE_SE);
	struct move m;
	cr_assert(move_begin(g, u, &m));
	struct move_step s;
	cr_assert_not(move_check_step(g, &m, H(3013), &s));
	cr_assert_str_eq(s.rule, "6.43");
	/* backwards, both halves */
	cr_assert_not(phalanx_check_step(g, &m, H(2911), H(3011), &s));
	cr_assert_str_eq(s.rule, "6.43");
	/* a pivot into a hex that is not the Front hex next to both */
	cr_assert_not(phalanx_check_step(g, &m, H(2912), H(2913), &s));
	cr_assert_str_eq(s.rule, "6.43");
	cr_assert(at(u, 2912, 3012));
	game_free(g);
}

/* 6.43: the pivot: one half enters the Front hex next to both, the other
 * stays; 1 MP for Clear, 1 hit, the facing one vertex round. */
Test(phalanx, pivot_front_to_flank_6_43)
{
	struct game *g = fx_field();
	/* the 6.44 phalanx with no enemy near */
	struct unit *u = phalanx(g, "ph", 1, 2620, 2621, FACE_E);
	struct move m;
	cr_assert(move_begin(g, u, &m));
	struct move_step s;
	cr_assert(phalanx_check_step(g, &m, H(2620), H(2720), &s), "%s",
		  s.refusal);
	cr_assert_eq(s.cost.mp, 1);
	cr_assert_eq(s.cost.hits, 1);
	cr_assert(phalanx_apply_step(g, &m, H(2620), H(2720)));
	cr_assert(at(u, 2620, 2720));
	cr_assert_eq(u->at.facing, FACE_NE);
	cr_assert_eq(u->hits, 1);
	cr_assert_not(m.stopped);
	game_free(g);
}

/* 6.43 by `face`: one vertex is the pivot that gives that facing (here
 * 2620 pivots round 2621 to face SE); two vertices are refused (7.13). */
Test(phalanx, face_one_vertex_is_a_pivot_6_43_7_13)
{
	struct game *g = fx_field();
	struct unit *u = phalanx(g, "ph", 1, 2620, 2621, FACE_E);
	struct move m;
	cr_assert(move_begin(g, u, &m));
	struct move_step s;
	cr_assert_not(facing_change_check(g, &m, FACE_SW, &s));
	cr_assert_str_eq(s.rule, "7.13");
	cr_assert(facing_change_apply(g, &m, FACE_SE));
	cr_assert(at(u, 2621, 2720));
	cr_assert_eq(u->at.facing, FACE_SE);
	cr_assert_eq(u->hits, 1);
	game_free(g);
}

/* 6.44, EXAMPLES.md: velites in 2719, the phalanx in 2620/2621 facing E
 * with 2620 in their ZOC pivots 2621 to 2720 round 2620: 1 MP, 1 hit,
 * then a TQ check (TQ 6): a 5 gives 1 more (2 in all), an 8 gives 2
 * more (3 in all). */
Test(phalanx, wheel_example_6_44)
{
	static const int dice[2] = {5, 8}, total[2] = {2, 3};
	for (int k = 0; k < 2; k++) {
		struct game *g = fx_field();
		struct unit *v =
			fx_unit(g, "ve", 0, UT_LI, H(2719), FACE_W, 6);
		snprintf(v->cls, sizeof v->cls, "VE");
		v->missile = MC_J;
		v->legion = 1;
		struct unit *u = phalanx(g, "ph", 1, 2620, 2621, FACE_E);
		cr_assert(zoc_enemy_in(g, 1, H(2620)));
		cr_assert_not(zoc_enemy_in(g, 1, H(2621)));
		struct move m;
		cr_assert(move_begin(g, u, &m));
		size_t from = g->events.n;
		force(g, dice[k]);
		cr_assert(phalanx_apply_step(g, &m, H(2620), H(2720)));
		cr_assert(at(u, 2620, 2720));
		cr_assert_eq(u->at.facing, FACE_NE);
		cr_assert_eq(m.mp_spent, 1);
		cr_assert_eq(u->hits, total[k], "DR %d", dice[k]);
		const struct event *e = fx_event(g, from, "tq_check");
		cr_assert_not_null(e);
		cr_assert_str_eq(event_get(e, "rule"), "6.44");
		cr_assert(m.stopped, "7.23: the wheel leaves it in the ZOC");
		game_free(g);
	}
}

/* 6.44: a ZOC held by Skirmishers alone brings no roll after the wheel:
 * the pivot's 1 hit only. */
Test(phalanx, wheel_skirmisher_exception_6_44)
{
	struct game *g = fx_field();
	struct unit *sk = fx_unit(g, "sk", 0, UT_SK, H(2719), FACE_W, 7);
	sk->missile = MC_S;
	struct unit *u = phalanx(g, "ph", 1, 2620, 2621, FACE_E);
	cr_assert(zoc_enemy_in(g, 1, H(2620)));
	struct move m;
	cr_assert(move_begin(g, u, &m));
	unsigned long rolls = g->dice.rolls;
	size_t from = g->events.n;
	cr_assert(phalanx_apply_step(g, &m, H(2620), H(2720)));
	cr_assert_eq(g->dice.rolls, rolls);
	cr_assert_not_null(fx_event(g, from, "no_tq_check"));
	cr_assert_eq(u->hits, 1);
	game_free(g);
}

/* 6.44, 7.23: the half in the enemy ZOC does not pivot out of it (the
 * phalanx's MA is not greater than the velites'). */
Test(phalanx, wheel_keeps_the_half_in_zoc_6_44_7_23)
{
	struct game *g = fx_field();
	struct unit *v = fx_unit(g, "ve", 0, UT_LI, H(2719), FACE_W, 6);
	v->missile = MC_J;
	struct unit *u = phalanx(g, "ph", 1, 2620, 2621, FACE_E);
	struct move m;
	cr_assert(move_begin(g, u, &m));
	struct move_step s;
	cr_assert_not(phalanx_check_step(g, &m, H(2621), H(2720), &s));
	cr_assert_str_eq(s.rule, "7.23");
	cr_assert_not(phalanx_check_step(g, &m, H(2720), H(2721), &s));
	cr_assert_str_eq(s.rule, "7.23");
	game_free(g);
}

/* 6.45: the Reverse Face: 3 MP, no hits, the same two hexes facing the
 * other way; not in an enemy ZOC, not in Rough terrain, not with less
 * than 3 MP left. */
Test(phalanx, reverse_face_6_45)
{
	struct game *g = fx_field();
	struct unit *u = phalanx(g, "ph", 1, 2620, 2621, FACE_E);
	struct move m;
	cr_assert(move_begin(g, u, &m));
	struct move_step s;
	cr_assert(facing_change_check(g, &m, FACE_W, &s), "%s", s.refusal);
	cr_assert_eq(s.cost.mp, 3);
	cr_assert(facing_change_apply(g, &m, FACE_W));
	cr_assert(at(u, 2620, 2621));
	cr_assert_eq(u->at.facing, FACE_W);
	cr_assert_eq(u->hits, 0);
	cr_assert_eq(m.mp_spent, 3);
	/* 2 MP left: not enough for another */
	cr_assert_not(facing_change_check(g, &m, FACE_E, &s));
	cr_assert_str_eq(s.rule, "6.45");
	game_free(g);

	g = fx_field();
	u = phalanx(g, "ph", 1, 2620, 2621, FACE_E);
	fx_terrain(g, H(2621), TERRAIN_BROKEN);
	cr_assert(move_begin(g, u, &m));
	cr_assert_not(facing_change_check(g, &m, FACE_W, &s));
	cr_assert_str_eq(s.rule, "6.45");
	game_free(g);

	g = fx_field();
	fx_unit(g, "ve", 0, UT_LI, H(2719), FACE_W, 6)->missile = MC_J;
	u = phalanx(g, "ph", 1, 2620, 2621, FACE_E);
	cr_assert(move_begin(g, u, &m));
	cr_assert_not(facing_change_check(g, &m, FACE_W, &s));
	cr_assert_str_eq(s.rule, "6.45");
	game_free(g);
}

/* 6.41: the MA a move starts with: 5 for the phalanx; 7.23 counts it. */
Test(phalanx, move_ma_6_41)
{
	struct game *g = fx_field();
	struct unit *u = phalanx(g, "ph", 1, 2620, 2621, FACE_E);
	cr_assert_eq(unit_move_ma(g, u), 5);
	struct unit *h = fx_unit(g, "hi", 1, UT_HI, H(3020), FACE_E, 5);
	cr_assert_eq(unit_move_ma(g, h), 5);
	game_free(g);
}

/* 6.62, 6.25: a half may not enter an enemy's hex; no step beyond the MP
 * left. */
Test(phalanx, occupied_and_mp_6_62_6_25)
{
	struct game *g = fx_field();
	struct unit *u = phalanx(g, "ph", 1, 2912, 3012, FACE_SE);
	fx_unit(g, "foe", 0, UT_LG, H(3112), FACE_NE, 5);
	struct move m;
	cr_assert(move_begin(g, u, &m));
	struct move_step s;
	cr_assert_not(phalanx_check_step(g, &m, H(3013), H(3112), &s));
	cr_assert_str_eq(s.rule, "6.62");
	game_free(g);

	g = fx_field();
	u = phalanx(g, "ph", 1, 2912, 3012, FACE_SE);
	cr_assert(move_begin(g, u, &m));
	m.mp_spent = 5;
	cr_assert_not(phalanx_check_step(g, &m, H(3013), H(3112), &s));
	cr_assert_str_eq(s.rule, "6.25");
	game_free(g);
}

/* 6.43 and 6.45 from the data: constants.ini [phalanx] pivot_hits 2 and
 * reverse_face_mp 4. */
Test(phalanx, pivot_hits_and_reverse_face_mp_read_from_constants_ini)
{
	struct game *g = fx_field();
	change_tables(g, "constants", "pivot_hits = 1", "pivot_hits = 2");
	struct unit *u = phalanx(g, "ph", 1, 2620, 2621, FACE_E);
	struct move m;
	cr_assert(move_begin(g, u, &m));
	struct move_step s;
	cr_assert(phalanx_check_step(g, &m, H(2620), H(2720), &s), "%s",
		  s.refusal);
	cr_assert_eq(s.cost.hits, 2);
	cr_assert(phalanx_apply_step(g, &m, H(2620), H(2720)));
	cr_assert_eq(u->hits, 2);
	game_free(g);

	g = fx_field();
	change_tables(g, "constants", "reverse_face_mp = 3",
		      "reverse_face_mp = 4");
	u = phalanx(g, "ph", 1, 2620, 2621, FACE_E);
	cr_assert(move_begin(g, u, &m));
	cr_assert(facing_change_check(g, &m, FACE_W, &s), "%s", s.refusal);
	cr_assert_eq(s.cost.mp, 4);
	cr_assert(facing_change_apply(g, &m, FACE_W));
	cr_assert_eq(m.mp_spent, 4);
	game_free(g);
}
