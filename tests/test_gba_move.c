/* GBA movement (GBA 6.1-6.2, 7.1): the GBA Movement Cost Chart
 * (rules/gba/movement.ini), the Moved hit of GBA 6.13 and GBA's facing
 * costs, on a sandbox field with GBA's tables.  Rule numbers cited as
 * "GBA N.NN" are GBA's. */
#include "maniple/gba_drift.h"
#include "maniple/gba_inertia.h"
#include "maniple/phalanx.h"
#include "maniple/session.h"
#include "maniple/shock_preview.h"
#include "maniple/reactions.h"
#include "maniple/reinforcements.h"
#include "maniple/stacking.h"
#include "maniple/withdrawal.h"
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

/* GBA 6.2, 6.21, 6.29: the Issus example, woods one level up costs 3 MP (woods
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

/* GBA 6.29 note d (R102) excepts the Cardaces: light foot of class CA
 * take the Infantry column's hits, where other peltasts take none
 * (woods) and a Cardaces unit pays the Steep Bank's hit (Issus' Pinarus)
 * as any foot but the light. */
Test(gba_move, the_cardaces_are_not_light_foot_for_the_chart_gba_6_29)
{
	struct game *g = gba_field();
	struct hex a = H("3015"), b = H("2515"), c = H("2015");
	fx_terrain(g, hex_neighbour(a, SIDE_N), TERRAIN_WOODS);
	fx_terrain(g, hex_neighbour(b, SIDE_N), TERRAIN_WOODS);
	map_at_mut(g->battle->map, c)->side[SIDE_N] |= HSF_STEEP_BANK;
	map_at_mut(g->battle->map, hex_neighbour(c, SIDE_N))->side[SIDE_S] |=
		HSF_STEEP_BANK;
	struct unit *lp = fx_unit(g, "lp", 0, UT_LP, a, FACE_NE, 6);
	struct unit *ca = fx_unit(g, "ca", 0, UT_LP, b, FACE_NE, 6);
	snprintf(ca->cls, sizeof ca->cls, "CA");
	struct unit *ca2 = fx_unit(g, "ca2", 0, UT_LP, c, FACE_NE, 6);
	snprintf(ca2->cls, sizeof ca2->cls, "CA");
	struct move m;
	struct move_step s;
	cr_assert(move_begin(g, lp, &m));
	cr_assert(step_north(g, lp, &m, &s));
	cr_expect_eq(lp->hits, 0, "GBA 6.29 note d: peltasts");
	cr_assert(move_begin(g, ca, &m));
	cr_assert(step_north(g, ca, &m, &s));
	cr_expect_eq(ca->hits, 1, "GBA 6.29 note d: not the Cardaces");
	cr_expect_eq(m.mp_spent, 2, "woods: the MP as for any foot");
	cr_assert(move_begin(g, ca2, &m));
	cr_assert(step_north(g, ca2, &m, &s));
	cr_expect_eq(ca2->hits, 1, "GBA 6.29: the Steep Bank's hit");
	cr_expect_eq(m.mp_spent, 2, "GBA 6.29: the Steep Bank's +1 MP");
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

/* GBA movement chart notes e and f (ambiguity A1), GBA 9.21: a chariot
 * turning while it moves takes 1 hit a vertex; a turn in its first hex
 * costs no hit until it moves on (only a chariot that does not move that
 * phase turns free). */
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
	cr_expect_eq(ch->hits, 1, "GBA 9.21: it moved, the first turn costs");
	cr_assert(facing_change_apply(g, &m, FACE_SE));
	cr_expect_eq(ch->hits, 2, "A1: 1 hit a vertex while moving");
	cr_expect_eq(m.mp_spent, 5);
	game_free(g);
}

/* ---- Orderly Withdrawal (GBA 6.7) ---- */

/* `withdraw WHO WHAT`: the status, the refusal's rule in rule. */
static enum cmd_status withdraw(struct game *g, const char *who,
				const char *what, char rule[16])
{
	struct cmd_result r;
	cmd_result_init(&r);
	withdraw_command(g, who, what, NULL, &r);
	enum cmd_status st = r.status;
	snprintf(rule, 16, "%s", r.rule);
	cmd_result_free(&r);
	return st;
}

static int offer_of(const struct game *g, const struct unit *u)
{
	for (int k = 0; k < g->react.noffers; k++) {
		const struct reaction_offer *o = &g->react.offers[k];
		if (o->kind == RK_WITHDRAW && o->state != RO_DONE &&
		    o->unit == (int)(u - g->units))
			return k;
	}
	return -1;
}

/* A phalanx of MA 4 (5 extended) over 2915/3015... facing east, on side 1,
 * moved to the two hexes a, b. */
static struct unit *phalanx_at(struct game *g, const char *a, const char *b)
{
	struct unit *u = fx_unit(g, "ph", 1, UT_PH, H(a), FACE_E, 4);
	u->ma_ext = 5;
	game_unit_set_hex(g, u, 1, H(b));
	int p = hex_direction_to(u->at.hex[0], u->at.hex[1]);
	u->at.facing = ((p + 1) % 6 + 6) % 6;
	cr_assert_null(footprint_check(&u->at));
	return u;
}

/* GBA 6.71: a two-hex mover counts as MA 4 in every withdrawal
 * comparison: light infantry of MA 6 withdraws 2 MP from a phalanx (SPQR
 * 6.51 counts the phalanx's 5: 1 MP). */
Test(gba_move, a_phalanx_counts_ma_4_for_withdrawal_gba_6_71)
{
	for (int gba = 0; gba < 2; gba++) {
		struct game *g = gba ? gba_field() : fx_field();
		g->phase = PHASE_MOVEMENT;
		struct unit *li =
			fx_unit(g, "li", 0, UT_LI, H("3216"), FACE_SW, 6);
		struct unit *ph = phalanx_at(g, "3014", "3015");
		ow_collect(g, (int)(ph - g->units), false);
		int o = offer_of(g, li);
		cr_assert_geq(o, 0);
		cr_expect_eq(g->react.offers[o].mp, gba ? 2 : 1,
			     "GBA 6.71: 6 - 4; SPQR 6.51: 6 - 5");
		game_free(g);
	}
}

/* GBA 6.72: after withdrawing, foot takes 1 hit (#1) and every unit then
 * checks its TQ, 1 hit more on a higher DR (#3); cavalry takes no
 * automatic hit, only the check; a flank approach costs 1 hit before the
 * move (#2). */
Test(gba_move, withdrawal_hit_then_tq_check_gba_6_72)
{
	struct game *g = gba_field();
	g->phase = PHASE_MOVEMENT;
	struct unit *li = fx_unit(g, "li", 0, UT_LI, H("3216"), FACE_NW, 6);
	struct unit *hc = fx_unit(g, "hc", 0, UT_HC, H("3214"), FACE_NW, 8);
	struct unit *hi = fx_unit(g, "hi", 1, UT_HI, H("3015"), FACE_E, 4);
	ow_collect(g, (int)(hi - g->units), false);
	cr_assert_geq(offer_of(g, li), 0);
	cr_assert_geq(offer_of(g, hc), 0);
	char rule[16];
	cr_assert_eq(withdraw(g, "li", "3316", rule), CMD_OK, "%s", rule);
	cr_assert(dice_force(&g->dice, 7)); /* over TQ 6 */
	size_t from = g->events.n;
	cr_assert_eq(withdraw(g, "li", "done", rule), CMD_OK, "%s", rule);
	cr_expect_eq(li->hits, 2, "GBA 6.72 #1 and #3");
	const struct event *e = fx_event(g, from, "roll");
	cr_assert_not_null(e, "GBA 6.72 #3: the TQ check");
	cr_expect_str_eq(event_get(e, "for"), "withdrawal_tq_check");
	from = g->events.n;
	cr_assert_eq(withdraw(g, "hc", "3314", rule), CMD_OK, "%s", rule);
	e = fx_event(g, from, "withdrawal_begun");
	cr_assert_not_null(e);
	cr_expect_str_eq(event_get(e, "approach"), "flank");
	cr_expect_str_eq(event_get(e, "approach_hit"), "yes", "GBA 6.72 #2");
	cr_assert(dice_force(&g->dice, 6)); /* not over TQ 6 */
	cr_assert_eq(withdraw(g, "hc", "done", rule), CMD_OK, "%s", rule);
	/* approached on its flank: 1 hit before moving (#2); no automatic
	 * hit for cavalry (#1); the check's 6 is not over TQ 6 (#3) */
	cr_expect_eq(hc->hits, 1, "GBA 6.72: cavalry, no automatic hit");
	game_free(g);
}

/* GBA 6.75: no withdrawal into Rough, which GBA 6.28 reckons by the unit:
 * woods closes to cavalry but not to light infantry (SPQR 6.55 closes
 * woods to both); GBA's Rocky (broken) closes to cavalry. */
Test(gba_move, no_withdrawal_into_rough_gba_6_75)
{
	for (int gba = 0; gba < 2; gba++) {
		struct game *g = gba ? gba_field() : fx_field();
		g->phase = PHASE_MOVEMENT;
		fx_terrain(g, H("3316"), TERRAIN_WOODS);
		fx_terrain(g, H("3314"), TERRAIN_BROKEN);
		fx_unit(g, "li", 0, UT_LI, H("3216"), FACE_NW, 6);
		fx_unit(g, "hc", 0, UT_HC, H("3214"), FACE_NW, 8);
		struct unit *hi =
			fx_unit(g, "hi", 1, UT_HI, H("3015"), FACE_E, 4);
		ow_collect(g, (int)(hi - g->units), false);
		char rule[16];
		cr_expect_eq(withdraw(g, "hc", "3314", rule),
			     gba ? CMD_REFUSED : CMD_OK,
			     "GBA 6.75: Rocky is Rough for cavalry");
		if (gba)
			cr_expect_str_eq(rule, "6.55");
		cr_assert_eq(withdraw(g, "hc", "done", rule), CMD_OK, "%s",
			     rule);
		cr_expect_eq(withdraw(g, "li", "3316", rule),
			     gba ? CMD_OK : CMD_REFUSED,
			     "GBA 6.75: woods is not Rough for LI");
		game_free(g);
	}
}

/* ---- Zones of control (GBA 7.2) ---- */

/* GBA 7.21: a missile-armed skirmisher out of missiles keeps a ZOC into
 * its front hexes only (with missiles, into its flank hexes too); SPQR
 * 7.21 gives it none. */
Test(gba_move, skirmisher_missile_no_zoc_front_only_gba_7_21)
{
	for (int gba = 0; gba < 2; gba++) {
		struct game *g = gba ? gba_field() : fx_field();
		struct hex h = H("3015");
		struct unit *sk = fx_unit(g, "sk", 0, UT_SK, h, FACE_NE, 6);
		sk->missile = MC_A;
		sk->supply = SUPPLY_NO;
		int front = 0, flank = 0;
		for (int d = 0; d < HEXSIDE_COUNT; d++) {
			struct hex n = hex_neighbour(h, (enum hexside)d);
			enum hex_zone z = footprint_zone(&sk->at, n);
			bool in = zoc_exerted_into(g, sk, n);
			front += z == ZONE_FRONT && in;
			flank += z == ZONE_FLANK && in;
		}
		cr_expect_eq(front, gba ? 2 : 0, "GBA 7.21: front only");
		cr_expect_eq(flank, 0);
		sk->supply = SUPPLY_FULL;
		flank = 0;
		for (int d = 0; d < HEXSIDE_COUNT; d++) {
			struct hex n = hex_neighbour(h, (enum hexside)d);
			flank += footprint_zone(&sk->at, n) == ZONE_FLANK &&
				 zoc_exerted_into(g, sk, n);
		}
		cr_expect_eq(flank, 2, "7.21: with missiles, the flank too");
		game_free(g);
	}
}

/* GBA 7.23: every enemy's ZOC holds a unit that would leave it, one that
 * cannot Shock too (SPQR 7.23 ignores a skirmisher's): infantry of MA 5
 * may not leave the ZOC of a skirmisher of MA 6. */
Test(gba_move, every_zoc_holds_gba_7_23)
{
	for (int gba = 0; gba < 2; gba++) {
		struct game *g = gba ? gba_field() : fx_field();
		struct hex h = H("3015");
		struct unit *mi = fx_unit(g, "mi", 0, UT_MI, h, FACE_NE, 5);
		struct unit *sk = fx_unit(g, "sk", 1, UT_SK,
					  hex_neighbour(h, SIDE_N), FACE_SW, 6);
		sk->missile = MC_A;
		cr_assert(unit_in_enemy_zoc(g, mi));
		cr_expect_eq(zoc_may_leave(g, mi), !gba,
			     "GBA 7.23: 5 is not more than 6");
		game_free(g);
	}
}

/* GBA 7.25: a unit in the ZOC of one enemy may turn as long as it stays,
 * though another enemy stands in its own ZOC and past half its MA
 * (SPQR 7.24 refuses both). */
Test(gba_move, turning_in_one_enemy_zoc_gba_7_25)
{
	for (int gba = 0; gba < 2; gba++) {
		struct game *g = gba ? gba_field() : fx_field();
		struct hex h = H("3015");
		struct unit *mi = fx_unit(g, "mi", 0, UT_MI, h, FACE_NE, 5);
		fx_unit(g, "a", 1, UT_MI, hex_neighbour(h, SIDE_N), FACE_SW, 5);
		struct unit *b = fx_unit(g, "b", 1, UT_MI,
					 hex_neighbour(h, SIDE_ENE), FACE_NE,
					 5);
		cr_assert_not(zoc_exerted_into(g, b, h), "b faces away");
		cr_expect_eq(zoc_may_turn(g, mi), gba,
			     "GBA 7.25: b in its own ZOC does not matter");
		cr_expect_eq(zoc_turn_mp(g, mi) >= mi->ma, gba,
			     "GBA 7.25: no half-MA limit");
		game_free(g);
	}
}

/* ---- Rules GBA shares with SPQR, asserted in a GBA game ---- */

/* GBA 6.1, 6.11, 6.25: a unit spends at most its MA, and enters a hex only
 * with the MP its whole cost asks for left. */
Test(gba_move, ma_and_enough_mp_gba_6_11_6_25)
{
	struct game *g = gba_field();
	struct unit *u = fx_unit(g, "mi", 0, UT_MI, H("3025"), FACE_NE, 5);
	struct move m;
	struct move_step s;
	cr_assert(move_begin(g, u, &m), "%s", m.refusal);
	cr_expect_eq(m.ma, 5, "GBA 6.11");
	for (int i = 0; i < 4; i++)
		cr_assert(step_north(g, u, &m, &s), "%s", s.refusal);
	struct hex n = hex_neighbour(u->at.hex[0], SIDE_N);
	fx_terrain(g, n, TERRAIN_WOODS);
	cr_expect_not(step_north(g, u, &m, &s), "GBA 6.25: woods is 2 MP");
	cr_expect_str_eq(s.rule, "6.25");
	fx_terrain(g, n, TERRAIN_CLEAR);
	cr_assert(step_north(g, u, &m, &s), "%s", s.refusal);
	cr_expect_eq(m.mp_spent, 5);
	cr_expect_not(step_north(g, u, &m, &s), "GBA 6.11: MA spent");
	cr_expect_str_eq(s.rule, "6.25");
	game_free(g);
}

/* GBA 6.12: a unit moves once an Orders Phase, and may move again in a
 * later phase of the turn. */
Test(gba_move, once_a_phase_again_in_the_turn_gba_6_12)
{
	struct game *g = gba_field();
	struct unit *u = fx_unit(g, "mi", 0, UT_MI, H("3015"), FACE_NE, 5);
	struct move m;
	struct move_step s;
	cr_assert(move_begin(g, u, &m));
	cr_assert(step_north(g, u, &m, &s));
	move_end(g, &m);
	cr_expect(u->moved_phase);
	cr_expect(u->moved_turn);
	cr_expect_not(move_begin(g, u, &m), "GBA 6.12: once a phase");
	cr_expect_str_eq(m.rule, "6.12");
	u->moved_phase = false; /* a later Orders Phase */
	cr_expect(move_begin(g, u, &m), "GBA 6.12: %s", m.refusal);
	game_free(g);
}

/* GBA 6.3, 6.31, 6.32: a move goes hex by adjacent hex, each into a Front
 * hex of the unit. */
Test(gba_move, hex_by_hex_into_front_hexes_gba_6_31_6_32)
{
	struct game *g = gba_field();
	struct hex h = H("3015");
	struct unit *u = fx_unit(g, "mi", 0, UT_MI, h, FACE_NE, 5);
	struct move m;
	struct move_step s;
	cr_assert(move_begin(g, u, &m));
	cr_expect_not(move_check_step(g, &m, H("3013"), &s));
	cr_expect_str_eq(s.rule, "6.31", "GBA 6.31: not adjacent");
	cr_expect_not(move_check_step(g, &m, hex_neighbour(h, SIDE_S), &s));
	cr_expect_str_eq(s.rule, "6.32", "GBA 6.32: a rear hex");
	cr_expect_not(move_check_step(g, &m, hex_neighbour(h, SIDE_WNW), &s));
	cr_expect_str_eq(s.rule, "6.32", "GBA 6.32: a flank hex");
	cr_expect(move_check_step(g, &m, hex_neighbour(h, SIDE_ENE), &s),
		  "%s", s.refusal);
	game_free(g);
}

/* GBA 7.1, 7.11: a one-hex unit faces a vertex: two Front, two Flank and
 * two Rear hexes; a two-hex unit has three Front hexes. */
Test(gba_move, front_flank_and_rear_gba_7_1_7_11)
{
	struct game *g = gba_field();
	struct hex h = H("3015");
	struct unit *u = fx_unit(g, "mi", 0, UT_MI, h, FACE_NE, 5);
	int n[3] = {0, 0, 0};
	for (int d = 0; d < HEXSIDE_COUNT; d++) {
		enum hex_zone z = footprint_zone(&u->at, hex_neighbour(h, d));
		if (z == ZONE_FRONT)
			n[0]++;
		else if (z == ZONE_FLANK)
			n[1]++;
		else if (z == ZONE_REAR)
			n[2]++;
	}
	cr_expect_eq(n[0], 2, "GBA 7.11: two Front hexes");
	cr_expect_eq(n[1], 2);
	cr_expect_eq(n[2], 2);
	struct unit *ph = phalanx_at(g, "2514", "2515");
	struct hex seen[12];
	int ns = 0, front = 0;
	for (int k = 0; k < 2; k++)
		for (int d = 0; d < HEXSIDE_COUNT; d++) {
			struct hex x = hex_neighbour(ph->at.hex[k], d);
			bool dup = footprint_occupies(&ph->at, x);
			for (int j = 0; j < ns; j++)
				dup = dup || hex_eq(seen[j], x);
			if (dup)
				continue;
			seen[ns++] = x;
			front += footprint_zone(&ph->at, x) == ZONE_FRONT;
		}
	cr_expect_eq(front, 3, "GBA 7.11: three for a two-hex unit");
	game_free(g);
}

/* GBA 6.33, 7.13: a two-hex unit changes facing only by pivoting: one
 * vertex is a pivot, two are refused. */
Test(gba_move, double_size_units_pivot_gba_6_33_7_13)
{
	struct game *g = gba_field();
	struct unit *ph = phalanx_at(g, "3014", "3015");
	enum facing f = ph->at.facing;
	struct move m;
	struct move_step s;
	cr_assert(move_begin(g, ph, &m), "%s", m.refusal);
	cr_expect_not(facing_change_check(g, &m, (f + 2) % 6, &s),
		      "GBA 7.13: two vertices");
	cr_expect_str_eq(s.rule, "7.13");
	cr_assert(facing_change_apply(g, &m, (f + 1) % 6),
		  "GBA 6.33: a pivot");
	cr_expect_eq(ph->at.facing, (f + 1) % 6);
	cr_expect_eq(m.mp_spent, 1);
	game_free(g);
}

/* A phalanx of MA 4 (5 extended) on 2912/3012 facing SE, side 1: its
 * step forward is to 3013/3112. */
static struct unit *cannae_phalanx(struct game *g)
{
	struct unit *ph = fx_unit(g, "ph", 1, UT_PH, H("2912"), FACE_SE, 4);
	ph->ma_ext = 5;
	game_unit_set_hex(g, ph, 1, H("3012"));
	cr_assert_null(footprint_check(&ph->at));
	return ph;
}

/* GBA 6.4, 6.42: a two-hex unit pays the worse of its two hexes: one half
 * going down a level costs GBA's 2 MP and 1 hit for the step (SPQR's
 * chart charges nothing for going down). */
Test(gba_move, two_hexes_pay_the_worse_gba_6_42)
{
	for (int gba = 0; gba < 2; gba++) {
		struct game *g = gba ? gba_field() : fx_field();
		struct unit *ph = cannae_phalanx(g);
		set_level(g, H("2912"), 1);
		set_level(g, H("3012"), 1);
		set_level(g, H("3013"), 1); /* the other half stays level */
		struct move m;
		struct move_step s;
		cr_assert(move_begin(g, ph, &m));
		cr_assert(phalanx_check_step(g, &m, H("3013"), H("3112"), &s),
			  "%s", s.refusal);
		cr_expect_eq(s.cost.mp, gba ? 2 : 1, "GBA 6.42, 6.21");
		cr_expect_eq(s.cost.hits, gba ? 1 : 0);
		game_free(g);
	}
}

/* GBA 6.44: the Reverse Face: 3 MP and no hit, the same two hexes; not
 * in an enemy ZOC nor in Rough, which GBA reckons by the unit (GBA 6.28:
 * Rocky costs heavy foot a hit). */
Test(gba_move, reverse_face_gba_6_44)
{
	struct game *g = gba_field();
	struct unit *ph = phalanx_at(g, "3014", "3015");
	enum facing f = ph->at.facing;
	struct move m;
	struct move_step s;
	cr_assert(move_begin(g, ph, &m));
	cr_assert(facing_change_check(g, &m, (f + 3) % 6, &s), "%s",
		  s.refusal);
	cr_expect_eq(s.cost.mp, 3, "GBA 6.44: 3 MP");
	cr_assert(facing_change_apply(g, &m, (f + 3) % 6));
	cr_expect_eq(ph->hits, 0, "GBA 6.44: no hit");
	cr_expect(footprint_occupies(&ph->at, H("3014")) &&
		  footprint_occupies(&ph->at, H("3015")));
	game_free(g);

	g = gba_field();
	fx_terrain(g, H("3015"), TERRAIN_BROKEN);
	ph = phalanx_at(g, "3014", "3015");
	cr_assert(move_begin(g, ph, &m));
	cr_expect_not(facing_change_check(g, &m, (f + 3) % 6, &s),
		      "GBA 6.44: not in Rough");
	cr_expect_str_eq(s.rule, "6.45");
	game_free(g);
}

/* GBA 6.6, 6.63, 6.64: a unit In Column faces a hexside and moves into its
 * Front hex or either front-flank hex with no facing cost. */
Test(gba_move, column_faces_a_hexside_gba_6_63_6_64)
{
	struct game *g = gba_field();
	struct hex h = H("3015");
	struct unit *mi = fx_unit(g, "mi", 0, UT_MI, h, FACE_NE, 5);
	mi->at.in_column = true;
	mi->at.facing = SIDE_N;
	int front = 0;
	for (int d = 0; d < HEXSIDE_COUNT; d++)
		front += footprint_zone(&mi->at, hex_neighbour(h, d)) ==
			 ZONE_FRONT;
	cr_expect_eq(front, 1, "GBA 6.63: one Front hex");
	struct move m;
	struct move_step s;
	cr_assert(move_begin(g, mi, &m), "%s", m.refusal);
	cr_expect_eq(m.ma, 6, "GBA 6.62: MA + 1");
	struct hex ff = hex_neighbour(h, SIDE_ENE);
	cr_assert(move_check_step(g, &m, ff, &s), "%s", s.refusal);
	cr_expect_eq(s.cost.mp, 1, "GBA 6.64: no facing cost");
	cr_expect_not(move_check_step(g, &m, hex_neighbour(h, SIDE_ESE), &s));
	cr_expect_str_eq(s.rule, "6.32");
	game_free(g);
}

/* GBA 6.7, 6.67: a unit In Column does not withdraw; GBA 6.76: nor does
 * any unit outside the enemy's Movement segment. */
Test(gba_move, column_does_not_withdraw_gba_6_67)
{
	for (int col = 0; col < 2; col++) {
		struct game *g = gba_field();
		g->phase = PHASE_MOVEMENT;
		struct unit *li =
			fx_unit(g, "li", 0, UT_LI, H("3216"), FACE_NW, 6);
		if (col) {
			li->at.in_column = true;
			li->at.facing = SIDE_WNW;
		}
		struct unit *hi =
			fx_unit(g, "hi", 1, UT_HI, H("3015"), FACE_E, 4);
		ow_collect(g, (int)(hi - g->units), false);
		cr_expect_eq(offer_of(g, li) >= 0, !col, "GBA 6.67");
		game_free(g);
	}
	struct game *g = gba_field();
	g->phase = PHASE_SHOCK;
	struct unit *li = fx_unit(g, "li", 0, UT_LI, H("3216"), FACE_NW, 6);
	struct unit *hi = fx_unit(g, "hi", 1, UT_HI, H("3015"), FACE_E, 4);
	ow_collect(g, (int)(hi - g->units), false);
	cr_expect_lt(offer_of(g, li), 0, "GBA 6.76: not in the Shock phase");
	game_free(g);
}

/* GBA 6.73: a unit whose hits reach its TQ while withdrawing routs. */
Test(gba_move, routing_while_withdrawing_gba_6_73)
{
	struct game *g = gba_field();
	g->phase = PHASE_MOVEMENT;
	snprintf(g->battle->sides[0].retreat_edge,
		 sizeof g->battle->sides[0].retreat_edge, "south");
	snprintf(g->battle->sides[1].retreat_edge,
		 sizeof g->battle->sides[1].retreat_edge, "north");
	struct unit *li = fx_unit(g, "li", 0, UT_LI, H("3216"), FACE_NW, 6);
	li->hits = 5; /* TQ 6 */
	struct unit *hi = fx_unit(g, "hi", 1, UT_HI, H("3015"), FACE_E, 4);
	ow_collect(g, (int)(hi - g->units), false);
	cr_assert_geq(offer_of(g, li), 0);
	char rule[16];
	cr_assert_eq(withdraw(g, "li", "3316", rule), CMD_OK, "%s", rule);
	cr_assert_eq(li->hits, 5);
	size_t from = g->events.n;
	cr_assert_eq(withdraw(g, "li", "done", rule), CMD_OK, "%s", rule);
	cr_expect(li->routed || li->eliminated,
		  "GBA 6.73: the hit after the move (GBA 6.72 #1) reaches "
		  "its TQ: it routs");
	const struct event *e = fx_event(g, from, "withdrawal_rout");
	cr_assert_not_null(e, "GBA 6.73");
	game_free(g);
}

/* GBA 6.74: a unit withdraws again each time an enemy comes within 2
 * hexes once more. */
Test(gba_move, withdrawing_again_gba_6_74)
{
	struct game *g = gba_field();
	g->phase = PHASE_MOVEMENT;
	struct unit *li = fx_unit(g, "li", 0, UT_LI, H("3216"), FACE_NW, 6);
	struct unit *hi = fx_unit(g, "hi", 1, UT_HI, H("3015"), FACE_E, 4);
	ow_collect(g, (int)(hi - g->units), false);
	char rule[16];
	cr_assert_eq(withdraw(g, "li", "3316", rule), CMD_OK, "%s", rule);
	cr_assert(dice_force(&g->dice, 1));
	cr_assert_eq(withdraw(g, "li", "done", rule), CMD_OK, "%s", rule);
	cr_assert(hex_eq(li->at.hex[0], H("3316")));
	game_unit_set_hex(g, hi, 0, H("3215"));
	ow_collect(g, (int)(hi - g->units), false);
	cr_expect_geq(offer_of(g, li), 0, "GBA 6.74: and again");
	game_free(g);
}

/* GBA 7.2, 7.23: a unit stops on entering an enemy ZOC. */
Test(gba_move, entering_an_enemy_zoc_stops_gba_7_2)
{
	struct game *g = gba_field();
	struct hex h = H("3015"), n = hex_neighbour(h, SIDE_N);
	struct unit *u = fx_unit(g, "mi", 0, UT_MI, h, FACE_NE, 5);
	fx_unit(g, "foe", 1, UT_MI, hex_neighbour(n, SIDE_N), FACE_SW, 5);
	struct move m;
	struct move_step s;
	cr_assert(move_begin(g, u, &m));
	cr_assert(move_check_step(g, &m, n, &s));
	cr_expect(s.enters_enemy_zoc);
	cr_assert(move_apply_step(g, &m, n));
	cr_expect(m.stopped, "GBA 7.2");
	cr_expect_not(move_check_step(g, &m, hex_neighbour(n, SIDE_ENE), &s));
	cr_expect_str_eq(s.rule, "7.23");
	game_free(g);
}

/* GBA 7.22: no ZOC into a hex the unit could not enter. */
Test(gba_move, no_zoc_into_prohibited_hexes_gba_7_22)
{
	struct game *g = gba_field();
	struct hex h = H("3015");
	struct unit *u = fx_unit(g, "mi", 0, UT_MI, h, FACE_NE, 5);
	cr_assert(zoc_exerted_into(g, u, hex_neighbour(h, SIDE_N)));
	fx_terrain(g, hex_neighbour(h, SIDE_N), TERRAIN_IMPASSABLE);
	cr_expect_not(zoc_exerted_into(g, u, hex_neighbour(h, SIDE_N)),
		      "GBA 7.22");
	cr_expect(zoc_exerted_into(g, u, hex_neighbour(h, SIDE_ENE)));
	game_free(g);
}

/* GBA 7.24: a unit that may leave an enemy ZOC may go straight into
 * another (and stops there). */
Test(gba_move, zoc_to_zoc_gba_7_24)
{
	struct game *g = gba_field();
	struct hex h = H("3015"), n = hex_neighbour(h, SIDE_N);
	struct unit *hc = fx_unit(g, "hc", 0, UT_HC, h, FACE_NE, 8);
	fx_unit(g, "a", 1, UT_MI, hex_neighbour(h, SIDE_ENE), FACE_W, 5);
	fx_unit(g, "b", 1, UT_MI, hex_neighbour(n, SIDE_N), FACE_SW, 5);
	cr_assert(unit_in_enemy_zoc(g, hc));
	struct move m;
	struct move_step s;
	cr_assert(move_begin(g, hc, &m));
	cr_assert(m.began_in_zoc);
	cr_assert(move_check_step(g, &m, n, &s), "GBA 7.24: %s", s.refusal);
	cr_expect(s.enters_enemy_zoc);
	cr_assert(move_apply_step(g, &m, n));
	cr_expect(m.stopped);
	game_free(g);
}

/* GBA 7.26: a hex both sides' ZOC reach is controlled by both. */
Test(gba_move, shared_hexes_gba_7_26)
{
	struct game *g = gba_field();
	struct hex h = H("3015"), n = hex_neighbour(h, SIDE_N);
	fx_unit(g, "mi", 0, UT_MI, h, FACE_NE, 5);
	fx_unit(g, "foe", 1, UT_MI, hex_neighbour(n, SIDE_N), FACE_SW, 5);
	cr_expect_eq(zoc_control(g, n), 3u, "GBA 7.26: both");
	cr_expect_eq(zoc_control(g, hex_neighbour(h, SIDE_ENE)), 1u);
	game_free(g);
}

/* GBA 6.9, 6.93: no unit enters a hex an enemy unit holds. */
Test(gba_move, no_entry_into_enemy_hexes_gba_6_93)
{
	struct game *g = gba_field();
	struct hex h = H("3015"), n = hex_neighbour(h, SIDE_N);
	struct unit *hc = fx_unit(g, "hc", 0, UT_HC, h, FACE_NE, 8);
	fx_unit(g, "foe", 1, UT_LI, n, FACE_NE, 6);
	struct move m;
	struct move_step s;
	cr_assert(move_begin(g, hc, &m));
	cr_expect_not(move_check_step(g, &m, n, &s), "GBA 6.93");
	cr_expect_str_eq(s.rule, "6.62");
	game_free(g);
}

/* GBA 6.91, 6.94: one combat unit a hex: a unit passes through a friend,
 * both taking a hit, and may not stop there; a moving skirmisher passes
 * for nothing (ambiguity A22: nor does the friend take a hit). */
Test(gba_move, passing_through_friends_gba_6_91_6_94)
{
	struct game *g = gba_field();
	struct hex h = H("3015"), n = hex_neighbour(h, SIDE_N);
	struct unit *mi = fx_unit(g, "mi", 0, UT_MI, h, FACE_NE, 5);
	struct unit *fr = fx_unit(g, "fr", 0, UT_MI, n, FACE_NE, 5);
	struct move m;
	struct move_step s;
	cr_assert(move_begin(g, mi, &m));
	cr_assert(step_north(g, mi, &m, &s), "%s", s.refusal);
	cr_expect_eq(mi->hits, 1, "GBA 6.94");
	cr_expect_eq(fr->hits, 1, "GBA 6.94");
	const char *rule = NULL;
	cr_expect_not_null(stacking_stop_refusal(g, mi, NULL, &rule),
			   "GBA 6.91");
	game_free(g);

	g = gba_field();
	struct unit *sk = fx_unit(g, "sk", 0, UT_SK, h, FACE_NE, 6);
	fr = fx_unit(g, "fr", 0, UT_MI, n, FACE_NE, 5);
	cr_assert(move_begin(g, sk, &m));
	cr_assert(step_north(g, sk, &m, &s), "%s", s.refusal);
	cr_expect_eq(sk->hits + fr->hits, 0, "GBA 6.94 Exception #2, A22");
	game_free(g);
}

/* GBA 6.95, 6.15: units and leaders enter each other's hexes freely;
 * a leader moves 9 MP and takes no hits. */
Test(gba_move, leaders_and_units_gba_6_15_6_95)
{
	struct game *g = gba_field();
	struct hex h = H("3015"), n = hex_neighbour(h, SIDE_N);
	struct leader *l = &g->leaders[g->nleaders++];
	snprintf(l->id, sizeof l->id, "parmenion");
	l->side = 0;
	l->kind = LK_GENERAL;
	l->hex = n;
	l->on_map = true;
	l->available = true;
	struct unit *mi = fx_unit(g, "mi", 0, UT_MI, h, FACE_NE, 5);
	struct move m;
	struct move_step s;
	cr_assert(move_begin(g, mi, &m));
	cr_assert(move_check_step(g, &m, n, &s), "GBA 6.95: %s", s.refusal);
	cr_expect_eq(s.cost.mp, 1);
	cr_expect_eq(s.cost.hits, 0);
	cr_assert(move_begin_leader(g, l, false, &m), "%s", m.refusal);
	cr_expect_eq(m.ma, 9, "GBA 6.15: 9 MP");
	fx_terrain(g, hex_neighbour(n, SIDE_N), TERRAIN_WOODS);
	cr_assert(move_check_step(g, &m, hex_neighbour(n, SIDE_N), &s), "%s",
		  s.refusal);
	cr_expect_eq(s.cost.mp, 2);
	cr_expect_eq(s.cost.hits, 0, "GBA 6.22: leaders take no hits");
	game_free(g);
}

/* ---- GBA's hexsides: rivers, banks, walls and gates (GBA 6.26, 6.29) ---- */

/* GBA 6.29: a Minor River costs 1 MP more and a hit to cross (none to
 * elephants), and a ZOC reaches across it; SPQR's chart has no such
 * hexside and closes it. */
Test(gba_move, minor_river_crossed_at_a_cost_gba_6_29)
{
	for (int gba = 0; gba < 2; gba++) {
		struct game *g = gba ? gba_field() : fx_field();
		struct hex a = H("3015"), b = H("2515");
		fx_hexside(g, a, SIDE_N, HSF_MINOR_RIVER);
		fx_hexside(g, b, SIDE_N, HSF_MINOR_RIVER);
		struct unit *mi = fx_unit(g, "mi", 0, UT_MI, a, FACE_NE, 5);
		struct unit *el = fx_unit(g, "el", 0, UT_EL, b, FACE_NE, 5);
		struct move m;
		struct move_step s;
		cr_assert(move_begin(g, mi, &m));
		if (!gba) {
			cr_expect_not(step_north(g, mi, &m, &s));
			cr_expect_str_eq(s.rule, "6.27");
			cr_expect_not(zoc_exerted_into(g, mi,
						       hex_neighbour(a, SIDE_N)));
			game_free(g);
			continue;
		}
		cr_expect(zoc_exerted_into(g, mi, hex_neighbour(a, SIDE_N)),
			  "GBA 7.22: the river is no bar to a ZOC");
		cr_assert(step_north(g, mi, &m, &s), "%s", s.refusal);
		cr_expect_eq(m.mp_spent, 2, "GBA 6.29: clear 1 + river 1");
		cr_expect_eq(mi->hits, 1);
		cr_assert(move_begin(g, el, &m));
		cr_assert(step_north(g, el, &m, &s), "%s", s.refusal);
		cr_expect_eq(el->hits, 0, "GBA 6.29: elephants take none");
		game_free(g);
	}
}

/* GBA 6.29: a Steep Bank costs 1 MP more and a hit to cavalry and heavy
 * foot, none to light foot (note d, A2) or skirmishers; on a stream it
 * is a Steep-Banked Stream: 2 hits to cavalry, 1 to skirmishers; a
 * chariot crosses neither. */
Test(gba_move, steep_banks_gba_6_29)
{
	struct game *g = gba_field();
	struct hex a = H("3015"), b = H("2515"), c = H("2015"), d = H("3020");
	fx_hexside(g, a, SIDE_N, HSF_STEEP_BANK);
	fx_hexside(g, b, SIDE_N, HSF_STEEP_BANK);
	fx_hexside(g, c, SIDE_N, HSF_STEEP_BANK | HSF_STREAM);
	fx_hexside(g, d, SIDE_N, HSF_STEEP_BANK | HSF_STREAM);
	struct unit *hc = fx_unit(g, "hc", 0, UT_HC, a, FACE_NE, 8);
	struct unit *li = fx_unit(g, "li", 0, UT_LI, b, FACE_NE, 6);
	struct unit *hc2 = fx_unit(g, "hc2", 0, UT_HC, c, FACE_NE, 8);
	struct unit *sk = fx_unit(g, "sk", 0, UT_SK, d, FACE_NE, 6);
	struct move m;
	struct move_step s;
	cr_assert(move_begin(g, hc, &m));
	cr_assert(step_north(g, hc, &m, &s), "%s", s.refusal);
	cr_expect_eq(m.mp_spent, 2, "GBA 6.29: steep bank +1 MP");
	cr_expect_eq(hc->hits, 1);
	cr_assert(move_begin(g, li, &m));
	cr_assert(step_north(g, li, &m, &s), "%s", s.refusal);
	cr_expect_eq(li->hits, 0, "GBA 6.29 note d");
	cr_assert(move_begin(g, hc2, &m));
	cr_assert(step_north(g, hc2, &m, &s), "%s", s.refusal);
	cr_expect_eq(m.mp_spent, 2, "GBA 6.29: steep-banked stream +1 MP");
	cr_expect_eq(hc2->hits, 2, "not the stream's 0 and the bank's 1");
	cr_assert(move_begin(g, sk, &m));
	cr_assert(step_north(g, sk, &m, &s), "%s", s.refusal);
	cr_expect_eq(sk->hits, 1);
	struct unit *ch = fx_unit(g, "ch", 0, UT_CH, H("2520"), FACE_NE, 8);
	fx_hexside(g, H("2520"), SIDE_N, HSF_STEEP_BANK);
	cr_assert(move_begin(g, ch, &m));
	cr_expect_not(step_north(g, ch, &m, &s), "GBA 6.29: P to chariots");
	game_free(g);
}

/* GBA 6.26: no unit crosses a city wall, and no ZOC reaches across it;
 * a gate (a road through the wall, R140) is crossed as the road crosses
 * it, for the hex's own cost. */
Test(gba_move, city_walls_and_gates_gba_6_26)
{
	struct game *g = gba_field();
	struct hex a = H("3015"), b = H("2515");
	fx_hexside(g, a, SIDE_N, HSF_WALL);
	fx_hexside(g, b, SIDE_N, HSF_WALL | HSF_DIRT_ROAD);
	struct unit *hc = fx_unit(g, "hc", 0, UT_HC, a, FACE_NE, 8);
	struct unit *sk = fx_unit(g, "sk", 0, UT_SK, b, FACE_NE, 6);
	struct move m;
	struct move_step s;
	cr_assert(move_begin(g, hc, &m));
	cr_expect_not(step_north(g, hc, &m, &s), "GBA 6.26: the wall");
	cr_expect_str_eq(s.rule, "6.27");
	cr_expect_not_null(strstr(s.refusal, "city wall"), "%s", s.refusal);
	cr_expect_eq(m.mp_spent, 0);
	cr_expect_not(zoc_exerted_into(g, hc, hex_neighbour(a, SIDE_N)),
		      "GBA 7.22: not across the wall");
	sk->missile = MC_J;
	cr_expect(zoc_exerted_into(g, sk, hex_neighbour(b, SIDE_N)),
		  "GBA 7.22: through the gate");
	cr_assert(move_begin(g, sk, &m));
	cr_assert(step_north(g, sk, &m, &s), "GBA 6.26: %s", s.refusal);
	cr_expect_eq(m.mp_spent, 1, "R140: the gate adds nothing");
	cr_expect_eq(sk->hits, 0);
	game_free(g);

	/* a phalanx whose half would cross the wall is refused, saying so */
	g = gba_field();
	struct unit *ph = cannae_phalanx(g);
	cr_assert(move_begin(g, ph, &m));
	cr_assert(phalanx_check_step(g, &m, H("3013"), H("3112"), &s), "%s",
		  s.refusal);
	fx_hexside(g, H("3012"), hex_direction_to(H("3012"), H("3112")),
		   HSF_WALL);
	cr_expect_not(phalanx_check_step(g, &m, H("3013"), H("3112"), &s));
	cr_expect_not_null(s.refusal);
	cr_expect_not_null(strstr(s.refusal, "city wall"), "%s", s.refusal);
	game_free(g);
}

/* GBA 6.94 Exception #1: a phalanx or heavy infantry unit enters no
 * friend's hex, and no unit but a skirmisher enters one's, unless one of
 * the two is routed; SPQR's Stacking Chart lets heavy infantry pass a
 * friend at a hit each. */
Test(gba_move, heavy_foot_pass_no_friend_gba_6_94)
{
	for (int gba = 0; gba < 2; gba++) {
		struct game *g = gba ? gba_field() : fx_field();
		struct hex a = H("3015"), b = H("2515"), c = H("2015");
		struct unit *hi = fx_unit(g, "hi", 0, UT_HI, a, FACE_NE, 5);
		struct unit *f1 = fx_unit(g, "f1", 0, UT_MI,
					  hex_neighbour(a, SIDE_N), FACE_NE, 5);
		struct unit *mi = fx_unit(g, "mi", 0, UT_MI, b, FACE_NE, 5);
		fx_unit(g, "f2", 0, UT_HI, hex_neighbour(b, SIDE_N), FACE_NE, 5);
		struct unit *sk = fx_unit(g, "sk", 0, UT_SK, c, FACE_NE, 6);
		struct unit *f3 = fx_unit(g, "f3", 0, UT_HI,
					  hex_neighbour(c, SIDE_N), FACE_NE, 5);
		struct move m;
		struct move_step s;
		cr_assert(move_begin(g, hi, &m));
		cr_expect_eq(step_north(g, hi, &m, &s), !gba,
			     "GBA 6.94 #1: HI enters no friend's hex");
		if (gba)
			cr_expect_str_eq(s.rule, "GBA 6.94");
		else
			cr_expect_eq(hi->hits + f1->hits, 2, "SPQR 6.69");
		cr_assert(move_begin(g, mi, &m));
		cr_expect_eq(step_north(g, mi, &m, &s), !gba,
			     "GBA 6.94 #1: nor any unit an HI's");
		cr_assert(move_begin(g, sk, &m));
		cr_expect(step_north(g, sk, &m, &s), "GBA 6.94: %s",
			  s.refusal);
		cr_expect_eq(sk->hits + f3->hits, 0, "GBA 6.94 #2");
		game_free(g);
	}
	/* a routed friend may be passed */
	struct game *g = gba_field();
	struct hex a = H("3015");
	struct unit *hi = fx_unit(g, "hi", 0, UT_HI, a, FACE_NE, 5);
	struct unit *r = fx_unit(g, "r", 0, UT_MI, hex_neighbour(a, SIDE_N),
				 FACE_NE, 5);
	r->routed = true;
	struct move m;
	struct move_step s;
	cr_assert(move_begin(g, hi, &m));
	cr_expect(step_north(g, hi, &m, &s), "GBA 6.94 #1: %s", s.refusal);
	game_free(g);
}

/* A two-hex unit of type t (class cls) on a and b, side `side`, MA 4,
 * facing the way whose Front holds `front` (a hex next to both). */
static struct unit *double_at(struct game *g, const char *id, int side,
			      enum unit_type t, const char *cls,
			      const char *a, const char *b, const char *front)
{
	struct unit *u = fx_unit(g, id, side, t, H(a), FACE_E, 4);
	snprintf(u->cls, sizeof u->cls, "%s", cls);
	game_unit_set_hex(g, u, 1, H(b));
	int p = hex_direction_to(u->at.hex[0], u->at.hex[1]);
	int way[2] = {((p + 1) % 6 + 6) % 6, ((p - 2) % 6 + 6) % 6};
	for (int k = 0; k < 2; k++) {
		u->at.facing = way[k];
		if (footprint_zone(&u->at, H(front)) == ZONE_FRONT)
			break;
	}
	cr_assert_eq(footprint_zone(&u->at, H(front)), ZONE_FRONT);
	cr_assert_null(footprint_check(&u->at));
	return u;
}

/* GBA 6.41: three types are double-sized: the Macedonian phalanx (always
 * two hexes), the hoplites (HI of class HO) and the Cardaces (LP of class
 * CA), which stand in two hexes when their battle record names two; no
 * other unit does, and SPQR's hoplites never. */
Test(gba_move, three_double_sized_types_gba_6_41)
{
	struct game *g = gba_field();
	const struct spqr_tables *t = g->tables;
	cr_expect_null(tables_hex_count_refusal(t, UT_PH, "", 2));
	cr_expect_not_null(tables_hex_count_refusal(t, UT_PH, "", 1),
			   "GBA 6.41: a phalanx is always two hexes");
	cr_expect_null(tables_hex_count_refusal(t, UT_HI, "HO", 2));
	cr_expect_null(tables_hex_count_refusal(t, UT_HI, "HO", 1));
	cr_expect_null(tables_hex_count_refusal(t, UT_LP, "CA", 2));
	cr_expect_not_null(tables_hex_count_refusal(t, UT_HI, "HY", 2),
			   "GBA 6.41: hypaspists are one hex");
	cr_expect_not_null(tables_hex_count_refusal(t, UT_HI, "", 2));
	cr_expect_not_null(tables_hex_count_refusal(t, UT_LP, "", 2),
			   "GBA 6.41: only the Cardaces of the peltasts");
	cr_expect_not_null(tables_hex_count_refusal(t, UT_HC, "", 2));
	/* a double-sized hoplite moves as a two-hex unit: both halves
	 * forward, or a pivot */
	struct unit *ho = double_at(g, "ho", 0, UT_HI, "HO", "3014", "3015",
				    "3114");
	struct move m;
	struct move_step s;
	cr_assert(move_begin(g, ho, &m), "%s", m.refusal);
	cr_expect_not(move_check_step(g, &m, H("3114"), &s),
		      "GBA 6.42: it names both halves' hexes");
	struct hex pair[8][2];
	cr_expect_geq(phalanx_steps(g, &m, pair, 8), 3,
		      "GBA 6.43: two ways forward and the pivots");
	game_free(g);

	g = fx_field();
	cr_expect_not_null(tables_hex_count_refusal(g->tables, UT_HI, "HO", 2),
			   "SPQR: only a phalanx is two hexes");
	game_free(g);
}

/* GBA 6.41: in a GBA battle the sandbox places a hoplite (or Cardaces)
 * unit on two hexes and then it is double-sized; hypaspists, skirmishers
 * and horse it refuses two hexes. */
Test(gba_move, a_battle_places_double_sized_hoplites_gba_6_41)
{
	struct session s;
	fx_session(&s, "new gba_drill sandbox 1");
	fx_ok(&s, "setup unit hi1 2915,2914 W");
	const struct unit *hi1 = NULL;
	for (int i = 0; i < s.game->nunits; i++)
		if (strcmp(s.game->units[i].id, "hi1") == 0)
			hi1 = &s.game->units[i];
	cr_assert_not_null(hi1);
	cr_expect(unit_is_two_hex(hi1), "GBA 6.41: a double hoplite");
	fx_ok(&s, "setup unit ca1 2917,2916 W");
	fx_refused(&s, "setup unit hc2 2918,2919 W", "6.4");
	fx_refused(&s, "setup unit ph1 2415 E", "6.4");
	session_free(&s);
}

/* GBA 6.43: a pivot costs the hoplites a hit for the hex entered; the
 * Macedonian phalanx pivots free (SPQR 6.43 charges every phalanx). */
Test(gba_move, only_non_phalanx_double_units_pay_the_pivot_gba_6_43)
{
	for (int gba = 0; gba < 2; gba++) {
		struct game *g = gba ? gba_field() : fx_field();
		struct unit *ph = double_at(g, "ph", 0, UT_PH, "", "3014",
					    "3015", "3114");
		struct unit *ho = double_at(g, "ho", 0, UT_HI, "HO", "2014",
					    "2015", "2114");
		struct move m;
		cr_assert(move_begin(g, ph, &m));
		cr_assert(move_apply_step_pair(g, &m, H("3014"), H("3114")),
			  "a pivot");
		move_end(g, &m);
		cr_expect_eq(ph->hits, gba ? 0 : 1,
			     "GBA 6.43: no hit for the phalanx");
		if (gba) {
			cr_assert(move_begin(g, ho, &m));
			cr_assert(move_apply_step_pair(g, &m, H("2014"),
						       H("2114")));
			move_end(g, &m);
			cr_expect_eq(ho->hits, 1, "GBA 6.43: the hoplites' hit");
		}
		game_free(g);
	}
}

/* GBA 6.45 and its example (Gaugamela): a phalanx on 3218/3217 whose
 * 3218 half is in the ZOC of a Persian unit in 3118 pivots 3217 into
 * 3117 and checks its TQ of 7: a 9 costs 2 hits, any other roll 1; the
 * phalanx takes no Front-to-Flank hit, the hoplites do, before their
 * check.  No check when a skirmisher exerts the ZOC. */
Test(gba_move, wheeling_the_gaugamela_example_gba_6_45)
{
	const int die[2] = {9, 4}, want[2] = {2, 1};
	for (int k = 0; k < 2; k++) {
		struct game *g = gba_field();
		struct unit *ph = double_at(g, "ph", 0, UT_PH, "", "3218",
					    "3217", "3117");
		ph->tq = 7;
		fx_unit(g, "p", 1, UT_HI, H("3118"), FACE_E, 5);
		cr_assert(zoc_enemy_in(g, 0, H("3218")));
		struct move m;
		cr_assert(move_begin(g, ph, &m), "%s", m.refusal);
		cr_assert(dice_force(&g->dice, die[k]));
		cr_assert(move_apply_step_pair(g, &m, H("3218"), H("3117")),
			  "GBA 6.45: the wheel");
		cr_expect_eq(ph->hits, want[k], "GBA 6.45: DR %d", die[k]);
		game_free(g);
	}
	/* the hoplites: 1 for the pivot, then the check's 1 */
	struct game *g = gba_field();
	struct unit *ho = double_at(g, "ho", 0, UT_HI, "HO", "3218", "3217",
				    "3117");
	fx_unit(g, "p", 1, UT_HI, H("3118"), FACE_E, 5);
	struct move m;
	cr_assert(move_begin(g, ho, &m));
	cr_assert(dice_force(&g->dice, 0));
	cr_assert(move_apply_step_pair(g, &m, H("3218"), H("3117")));
	cr_expect_eq(ho->hits, 2, "GBA 6.45: F-t-F hit and the check's");
	game_free(g);
	/* a skirmisher's ZOC: the pivot with no check */
	g = gba_field();
	struct unit *ph = double_at(g, "ph", 0, UT_PH, "", "3218", "3217",
				    "3117");
	struct unit *sk = fx_unit(g, "sk", 1, UT_SK, H("3118"), FACE_E, 6);
	sk->missile = MC_A;
	sk->supply = SUPPLY_FULL;
	cr_assert(zoc_enemy_in(g, 0, H("3218")));
	cr_assert(move_begin(g, ph, &m));
	size_t from = g->events.n;
	cr_assert(move_apply_step_pair(g, &m, H("3218"), H("3117")));
	cr_expect_eq(ph->hits, 0, "GBA 6.45 Exception: no check");
	cr_expect_not_null(fx_event(g, from, "no_tq_check"));
	game_free(g);
}

/* GBA 6.46: a phalanx may move at MA 5; on its first move of the turn
 * that ends with a TQ check as 8.33's, the roll less the TQ in hits (SPQR
 * 6.41: 1 hit); a Moved phalanx at MA 5 takes 2 hits, no check. */
Test(gba_move, augmented_movement_gba_6_46)
{
	for (int gba = 0; gba < 2; gba++) {
		struct game *g = gba ? gba_field() : fx_field();
		struct unit *ph = double_at(g, "ph", 0, UT_PH, "", "2214",
					    "2215", "2314");
		ph->ma_ext = 5;
		struct move m;
		cr_assert(move_begin(g, ph, &m));
		cr_expect_eq(m.ma, 5, "GBA 6.46: MA 5");
		struct hex pair[8][2];
		for (int i = 0; i < 5; i++) {
			cr_assert_geq(phalanx_steps(g, &m, pair, 8), 1);
			/* the first listed step goes forward */
			cr_assert(move_apply_step_pair(g, &m, pair[0][0],
						       pair[0][1]));
		}
		cr_expect_eq(m.mp_spent, 5);
		cr_assert(dice_force(&g->dice, 9));
		move_end(g, &m);
		cr_expect_eq(ph->hits, gba ? 3 : 1,
			     "GBA 6.46: 9 less TQ 6; SPQR 6.41: 1");
		/* a second move at MA 5: 2 hits */
		ph->moved_phase = false;
		int before = ph->hits;
		cr_assert(move_begin(g, ph, &m), "%s", m.refusal);
		for (int i = 0; i < 5; i++) {
			cr_assert_geq(phalanx_steps(g, &m, pair, 8), 1);
			cr_assert(move_apply_step_pair(g, &m, pair[0][0],
						       pair[0][1]));
		}
		move_end(g, &m);
		cr_expect_eq(ph->hits - before, 2, "GBA 6.46: 2 hits Moved");
		game_free(g);
	}
}

/* The unit called id in s's game. */
static struct unit *unit_named(struct session *s, const char *id)
{
	for (int i = 0; i < s->game->nunits; i++)
		if (strcmp(s->game->units[i].id, id) == 0)
			return &s->game->units[i];
	cr_assert_fail("no unit %s", id);
	return NULL;
}

/* The GBA drill in a sandbox, the Persian archers off the field, the
 * Persian side playing the Law of Inertia (GBA 6.14) if `law`, the
 * Macedonian archers and Companions off too (they would withdraw), the
 * Strategos
 * active and his order given to the hoplites hi1 (MA 6, facing W). */
static void hoplites_ordered(struct session *s, bool law)
{
	fx_session(s, "new gba_drill sandbox 1");
	s->game->battle->sides[1].law_of_inertia = law;
	fx_ok(s, "setup remove ar2");
	fx_ok(s, "setup remove ar1"); /* no withdrawals before them */
	fx_ok(s, "setup remove hc1");
	fx_ok(s, "continue");
	fx_ok(s, "activate strategos");
	fx_ok(s, "order hi1");
}

/* GBA 6.14 (optional): hoplites given a move order move on until they
 * can go no further: ending the move early is refused, with no move at
 * all as with some MP spent, until the move is stopped (here by the
 * Macedonians' ZOC, 7.2); without the rule, or for hoplites the battle
 * spares (Greek mercenaries, Spartans), they stop where they like. */
Test(gba_move, hellenic_law_of_inertia_gba_6_14)
{
	struct session s;
	hoplites_ordered(&s, true);
	struct unit *hi1 = unit_named(&s, "hi1");
	cr_expect(gba_inertia_binds(s.game, hi1), "GBA 6.14: hoplites");
	cr_expect_not(gba_inertia_binds(s.game, unit_named(&s, "ca1")),
		      "GBA 6.14: Cardaces are no hoplites");
	fx_refused(&s, "halt", "6.14");
	fx_refused(&s, "form column WSW", "6.14");
	fx_ok(&s, "move 2815");
	fx_refused(&s, "halt", "6.14");
	fx_refused(&s, "orders done", "6.14");
	int guard = 0;
	while (!s.game->ord.move.stopped && s.game->ord.move.mp_spent <
						    s.game->ord.move.ma) {
		struct move_step st;
		struct hex to = HEX_NONE;
		for (int d = 0; d < HEXSIDE_COUNT && hex_is_none(to); d++) {
			struct hex h = hex_neighbour(hi1->at.hex[0], d);
			if (move_check_step(s.game, &s.game->ord.move, h, &st))
				to = h;
		}
		cr_assert(!hex_is_none(to));
		char line[32], hx[16];
		hex_format(to, hx, sizeof hx);
		snprintf(line, sizeof line, "move %s", hx);
		fx_ok(&s, line);
		while (reactions_pending(s.game)) /* 7.16: none */
			fx_ok(&s, "no reaction");
		cr_assert_lt(++guard, 8);
	}
	fx_ok(&s, "halt"); /* it can go no further */
	session_free(&s);

	hoplites_ordered(&s, false);
	fx_ok(&s, "halt");
	session_free(&s);

	hoplites_ordered(&s, true);
	s.game->battle->unit_text[unit_named(&s, "hi1") - s.game->units]
		.inertia_exempt = true;
	fx_ok(&s, "halt");
	session_free(&s);
}

/* GBA 6.41, 6.14, 6.5: a GBA battle file places hoplites on two hexes,
 * and names the sides playing the optional Law of Inertia and Drift to
 * the Right and the hoplites the Law spares; SPQR's rules refuse the
 * two-hex hoplites. */
Test(gba_move, a_battle_file_with_double_hoplites_gba_6_41)
{
	char path[2048];
	snprintf(path, sizeof path, "%s/tests/fixtures/gba-double-hoplite.ini",
		 fx_srcdir());
	struct ini_error err = {0};
	struct battle *b = battle_load(path, &err);
	cr_assert_not_null(b, "%d: %s", err.line, err.msg);
	cr_expect(b->sides[0].law_of_inertia, "GBA 6.14");
	cr_expect(b->sides[0].drift_to_the_right, "GBA 6.5");
	cr_expect_not(b->sides[1].law_of_inertia);
	cr_expect(footprint_two_hex(&b->units[0].at), "GBA 6.41");
	cr_expect_not(b->unit_text[0].inertia_exempt);
	cr_expect(b->unit_text[1].inertia_exempt);
	struct game *g = gba_field();
	cr_expect_eq(battle_check_traits(b, g->tables, &err), 0, "%d: %s",
		     err.line, err.msg);
	game_free(g);
	cr_expect(b->reinf[0].double_sized, "GBA 6.41: arriving double");
	/* the reinforcement arrives on two hexes of its edge */
	struct battle *b2 = battle_load(path, &err);
	cr_assert_not_null(b2);
	g = game_new(b2, GAME_SANDBOX, 1);
	cr_assert_not_null(g);
	char dir[2048];
	snprintf(dir, sizeof dir, "%s/rules/gba", fx_srcdir());
	g->tables = tables_load(dir, &err);
	cr_assert_not_null(g->tables, "%s", err.msg);
	g->turn = 2;
	reinf_arrive(g);
	const struct unit *ho3 = game_unit(g, "ho3");
	cr_assert_not_null(ho3);
	cr_expect(game_unit_in_play(ho3), "GBA 6.41: it arrived");
	cr_expect(footprint_two_hex(&ho3->at), "GBA 6.41: on two hexes");
	cr_expect_null(footprint_check(&ho3->at));
	game_free(g);
	g = fx_field();
	cr_expect_eq(battle_check_traits(b, g->tables, &err), -1,
		     "SPQR: a phalanx alone is two hexes");
	cr_expect(strstr(err.msg, "only a phalanx occupies two hexes") != NULL,
		  "%s", err.msg);
	game_free(g);
	battle_free(b);
}

/* The forward step of two-hex unit u in hexside d: true if m may take
 * it (its refusal's rule into *rule otherwise), applied if `go`. */
static bool forward(struct game *g, struct move *m, struct unit *u, int d,
		    bool go, const char **rule)
{
	struct hex a = hex_neighbour(u->at.hex[0], d);
	struct hex b = hex_neighbour(u->at.hex[1], d);
	struct move_step s;
	if (!phalanx_check_step(g, m, a, b, &s)) {
		*rule = s.rule;
		return false;
	}
	if (go)
		cr_assert(move_apply_step_pair(g, m, a, b));
	return true;
}

/* GBA 6.5 (optional) and its example: Athenian hoplites on 2217/2218,
 * facing E, move a second time: the 1st MP takes them into 2317/2318,
 * the 2nd into 2418/2419; the 3rd is free (2517/2518); the 4th again to
 * the right, 2618/2619.  A first move of the turn does not drift, nor a
 * pivot, nor an MP whose right-front step would bring it next to an
 * enemy. */
Test(gba_move, drift_to_the_right_the_example_gba_6_5)
{
	struct game *g = gba_field();
	g->battle->sides[0].drift_to_the_right = true;
	struct unit *ho = double_at(g, "ho", 0, UT_HI, "HO", "2217", "2218",
				    "2317");
	ho->moved_turn = true;
	int left = ho->at.facing, right = (ho->at.facing + 1) % 6;
	struct move m;
	const char *rule = NULL;
	cr_assert(move_begin(g, ho, &m));
	cr_expect(m.moved_before);
	static const char *const want[4][2] = {{"2317", "2318"},
					       {"2418", "2419"},
					       {"2517", "2518"},
					       {"2618", "2619"}};
	for (int mp = 1; mp <= 4; mp++) {
		if (mp != 3) {
			cr_expect_not(forward(g, &m, ho, left, false, &rule),
				      "GBA 6.5: MP %d drifts", mp);
			cr_expect_str_eq(rule, "GBA 6.5");
			cr_assert(forward(g, &m, ho, right, true, &rule),
				  "%s", rule);
		} else {
			cr_assert(forward(g, &m, ho, left, true, &rule),
				  "GBA 6.5: the 3rd MP is free (%s)", rule);
		}
		cr_expect(footprint_occupies(&ho->at, H(want[mp - 1][0])) &&
				  footprint_occupies(&ho->at,
						     H(want[mp - 1][1])),
			  "GBA 6.5: MP %d to %s/%s", mp, want[mp - 1][0],
			  want[mp - 1][1]);
	}
	game_free(g);

	/* the first move of the turn, and a pivot, go as they like */
	g = gba_field();
	g->battle->sides[0].drift_to_the_right = true;
	ho = double_at(g, "ho", 0, UT_HI, "HO", "2217", "2218", "2317");
	cr_assert(move_begin(g, ho, &m));
	cr_expect(forward(g, &m, ho, left, false, &rule), "%s", rule);
	ho->moved_turn = true;
	cr_assert(move_begin(g, ho, &m));
	struct hex pair[8][2];
	int n = phalanx_steps(g, &m, pair, 8);
	cr_expect_eq(n, 3, "GBA 6.5: right forward and both pivots");
	/* an enemy next to the right-front hexes: no drift */
	fx_unit(g, "p", 1, UT_HI, H("2319"), FACE_SE, 5);
	cr_expect(forward(g, &m, ho, left, false, &rule), "%s", rule);
	game_free(g);

	/* a side that does not play it, and a phalanx, never drift */
	g = gba_field();
	ho = double_at(g, "ho", 0, UT_HI, "HO", "2217", "2218", "2317");
	ho->moved_turn = true;
	cr_assert(move_begin(g, ho, &m));
	cr_expect(forward(g, &m, ho, left, false, &rule), "%s", rule);
	g->battle->sides[0].drift_to_the_right = true;
	struct unit *ph = double_at(g, "ph", 0, UT_PH, "", "2617", "2618",
				    "2717");
	ph->moved_turn = true;
	cr_assert(move_begin(g, ph, &m));
	cr_expect(forward(g, &m, ph, ph->at.facing, false, &rule), "%s",
		  rule);
	game_free(g);
}

/* GBA 6.24: a hex counts as its majority terrain alone: a Clear hex with
 * a Minor River on another of its sides costs a unit entering it across
 * a clear side the Clear cost, 1 MP and no hit; across the river it
 * costs the river's (GBA 6.29); a Woods hex costs Woods. */
Test(gba_move, a_hex_is_its_majority_terrain_gba_6_24)
{
	struct game *g = gba_field();
	struct hex h = H("3015"), n = hex_neighbour(h, SIDE_N);
	fx_hexside(g, n, SIDE_WNW, HSF_MINOR_RIVER);
	struct unit *u = fx_unit(g, "mi", 0, UT_MI, h, FACE_NE, 5);
	struct move m;
	struct move_step s;
	cr_assert(move_begin(g, u, &m));
	cr_assert(move_check_step(g, &m, n, &s), "%s", s.refusal);
	cr_expect_eq(s.cost.mp, 1, "GBA 6.24: Clear");
	cr_expect_eq(s.cost.hits, 0);
	struct hex w = hex_neighbour(n, SIDE_WNW);
	struct unit *v = fx_unit(g, "mi2", 0, UT_MI, w, FACE_SE, 5);
	cr_assert(move_begin(g, v, &m));
	cr_assert(hex_eq(hex_neighbour(w, hexside_opposite(SIDE_WNW)), n));
	cr_assert(move_check_step(g, &m, n, &s), "%s", s.refusal);
	cr_expect_eq(s.cost.mp, 2, "GBA 6.29: across the river");
	cr_expect_eq(s.cost.hits, 1);
	fx_terrain(g, n, TERRAIN_WOODS);
	cr_assert(move_begin(g, u, &m));
	cr_assert(move_check_step(g, &m, n, &s), "%s", s.refusal);
	cr_expect_eq(s.cost.mp, 2, "GBA 6.24: Woods");
	cr_expect_eq(s.cost.hits, 1);
	game_free(g);
}

/* The drill's hypaspists hy1 (HI) at 2815 facing E next to the Persian
 * hoplites hi1 (2915, facing W), under Shock Must Check, the King active,
 * at the designation; hi1's hex of terrain t. */
static void hypaspists_on(struct session *s, enum terrain t)
{
	fx_session(s, "new gba_drill sandbox 7");
	map_at_mut(s->game->battle->map, H("2915"))->terrain = (uint8_t)t;
	const char *setup[] = {"setup remove ar2",
			       "setup remove ar1",
			       "setup unit hy1 2815 E",
			       "setup phase shock",
			       "setup active king",
			       "setup leader-state king active",
			       "setup marker hy1 moved_phase on",
			       "setup marker hy1 shock_must on",
			       "continue",
			       NULL};
	fx_run(s, setup);
}

/* GBA 6.27: terrain shifts the column of the Shock CRT: the hypaspists
 * attacking hoplites in Woods or Rocky (the map's broken) roll 1 column
 * left of the same attack in the open (the shifts are the house figures
 * of SPQR 6.26, GBA giving none); woods give missile targets +1 to the
 * roll (GBA 8.61). */
Test(gba_move, terrain_in_shock_and_missile_combat_gba_6_27)
{
	struct session s;
	struct shock_preview open, woods, rocky;
	hypaspists_on(&s, TERRAIN_CLEAR);
	cr_assert(shock_preview_designation(s.game, "hy1", "hi1", &open));
	session_free(&s);
	hypaspists_on(&s, TERRAIN_WOODS);
	cr_assert(shock_preview_designation(s.game, "hy1", "hi1", &woods));
	session_free(&s);
	hypaspists_on(&s, TERRAIN_BROKEN);
	cr_assert(shock_preview_designation(s.game, "hy1", "hi1", &rocky));
	session_free(&s);
	cr_expect_eq(woods.column, open.column - 1, "GBA 6.27: Woods 1L");
	cr_expect_eq(rocky.column, open.column - 1, "GBA 6.27: Rocky 1L");

	fx_session(&s, "new gba_drill sandbox 1");
	map_at_mut(s.game->battle->map, H("2516"))->terrain = TERRAIN_WOODS;
	fx_ok(&s, "setup unit ar2 2817 W");
	fx_ok(&s, "continue");
	fx_ok(&s, "activate strategos");
	fx_ok(&s, "roll 5");
	size_t from = s.game->events.n;
	fx_ok(&s, "order ar2 fire 2516");
	bool woods_mod = false;
	for (size_t i = from; i < s.game->events.n; i++) {
		char buf[512];
		event_log_format(&s.game->events, i, buf, sizeof buf);
		woods_mod |= strstr(buf, "name=target_in_woods drm=+1") != NULL;
	}
	cr_expect(woods_mod, "GBA 6.27, 8.61: +1 for a target in Woods");
	session_free(&s);
}
