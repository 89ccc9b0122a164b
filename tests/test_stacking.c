/* Stacking (SPQR 6.61-6.67, 6.69's voluntary chart, 9.61, 9.63's +1, 9.64,
 * 9.65, 4.4 #5; 4.85, 6.77, 9.52, 9.83; TABLES.md 8): each chart cell,
 * both 6.63 examples, the limits, a stack moving together and its order.
 * Fixture: the all-clear map (tests/fixtures/map-clear.ini, 2000-4030);
 * Rome (side 0) retreats south.  Legion XIV is 14, XV is 15.  Moves run
 * east along row 10: 3010 -> 3110 -> 3210 -> 3310 (each a Front hex
 * when facing E). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/movement.h"
#include "maniple/orders.h"
#include "maniple/rout.h"
#include "maniple/sequence.h"
#include "maniple/stacking.h"
#include "maniple/tables.h"
#include "move_fixture.h"
#include "spqr_tables.h"

static struct game *fld(void)
{
	struct game *g = fx_field();
	snprintf(g->battle->sides[0].retreat_edge,
		 sizeof g->battle->sides[0].retreat_edge, "south");
	snprintf(g->battle->sides[1].retreat_edge,
		 sizeof g->battle->sides[1].retreat_edge, "north");
	return g;
}

/* A Roman unit of legion `legion` (ala: an ala sociorum), class cls. */
static struct unit *roman(struct game *g, const char *id, enum unit_type t,
			  const char *cls, int legion, bool ala,
			  const char *hex, enum facing f)
{
	struct unit *u = fx_unit(g, id, 0, t, fx_hex(hex), f, 5);
	snprintf(u->cls, sizeof u->cls, "%s", cls);
	u->legion = legion;
	u->ala = ala;
	return u;
}

static struct unit *other(struct game *g, const char *id, enum unit_type t,
			  const char *hex, enum facing f)
{
	return fx_unit(g, id, 0, t, fx_hex(hex), f, 6);
}

static struct move begin(struct game *g, struct unit *u)
{
	struct move m;
	cr_assert(move_begin(g, u, &m), "%s: %s (%s)", u->id,
		  m.refusal ? m.refusal : "", m.rule ? m.rule : "");
	return m;
}

static void step(struct game *g, struct move *m, const char *hex)
{
	struct move_step s;
	cr_assert(move_check_step(g, m, fx_hex(hex), &s), "%s: %s (%s)", hex,
		  s.refusal ? s.refusal : "", s.rule ? s.rule : "");
	cr_assert(move_apply_step(g, m, fx_hex(hex)));
}

/* The step is refused naming rule. */
static void no_step(struct game *g, struct move *m, const char *hex,
		    const char *rule)
{
	struct move_step s;
	cr_assert_not(move_check_step(g, m, fx_hex(hex), &s), "%s allowed",
		      hex);
	cr_assert_str_eq(s.rule ? s.rule : "", rule, "%s: %s", hex,
			 s.refusal ? s.refusal : "");
}

static const char *field(const struct event *e, const char *k)
{
	cr_assert_not_null(e);
	const char *v = event_get(e, k);
	return v ? v : "";
}

/* Whether the move may end where u stands (6.63, 6.67, 6.69). */
static const char *stop_rule(struct game *g, const struct unit *u)
{
	const char *rule = NULL;
	const char *why = stacking_stop_refusal(g, u, NULL, &rule);
	return why ? (rule ? rule : "?") : NULL;
}

/* ---- the chart (6.63, 6.69), 6.63 Example #1 ---- */

/* 6.63 Ex. 1: XIV velites pass XIV infantry (and AS/XIV: same colour)
 * free, and may not stop there. */
Test(stacking, velites_pass_same_colour_free_may_not_stop_6_63_ex1)
{
	struct game *g = fld();
	struct unit *ve = roman(g, "ve14", UT_LI, "VE", 14, false, "3010",
				FACE_E);
	struct unit *ha = roman(g, "ha14", UT_LG, "HA", 14, false, "3110",
				FACE_E);
	struct unit *as = roman(g, "as14", UT_LG, "PR", 14, true, "3210",
				FACE_E);
	struct move m = begin(g, ve);
	step(g, &m, "3110");
	cr_assert_str_eq(stop_rule(g, ve), "6.69");
	step(g, &m, "3210"); /* the ala of the same number */
	cr_assert_str_eq(stop_rule(g, ve), "6.69");
	step(g, &m, "3310");
	cr_assert_null(stop_rule(g, ve));
	cr_assert_eq(ve->hits + ha->hits + as->hits, 0);
	const struct event *e = fx_event(g, 0, "stacking");
	cr_assert_str_eq(field(e, "column"), "same_colour_roman");
	cr_assert_str_eq(field(e, "as"), "velites");
	cr_assert_str_eq(field(e, "may_stop"), "no");
	game_free(g);
}

/* 6.63 Ex. 1: through another colour, or the legion's own cavalry
 * (Basic), 1 hit to the velites and 1 to the stationary unit. */
Test(stacking, velites_pass_other_colour_or_cavalry_one_hit_each_6_63_ex1)
{
	struct game *g = fld();
	struct unit *ve = roman(g, "ve14", UT_LI, "VE", 14, false, "3010",
				FACE_E);
	struct unit *ha15 = roman(g, "ha15", UT_LG, "HA", 15, false, "3110",
				  FACE_E);
	struct unit *rc14 = roman(g, "rc14", UT_RC, "", 14, false, "3210",
				  FACE_E);
	struct move m = begin(g, ve);
	step(g, &m, "3110");
	cr_assert_eq(ve->hits, 1);
	cr_assert_eq(ha15->hits, 1);
	cr_assert_str_eq(field(fx_event(g, 0, "stacking"), "column"),
			 "other_roman");
	size_t mark = g->events.n;
	step(g, &m, "3210");
	cr_assert_eq(ve->hits, 2);
	cr_assert_eq(rc14->hits, 1);
	cr_assert_str_eq(field(fx_event(g, mark, "stacking"), "column"),
			 "anything_else");
	cr_assert_str_eq(field(fx_event(g, mark, "cohesion_hit"), "cause"),
			 "stacking");
	game_free(g);
}

/* 6.63 Ex. 1: XIV hastati pass XIV infantry free and may stop there; the
 * mover goes under the unit it joins (6.66). */
Test(stacking, hastati_join_same_colour_free_and_go_under_6_63_6_66)
{
	struct game *g = fld();
	struct unit *ha = roman(g, "ha14", UT_LG, "HA", 14, false, "3010",
				FACE_E);
	struct unit *pr = roman(g, "pr14", UT_LG, "PR", 14, false, "3110",
				FACE_E);
	struct move m = begin(g, ha);
	step(g, &m, "3110");
	cr_assert_eq(ha->hits + pr->hits, 0);
	cr_assert_null(stop_rule(g, ha));
	const struct unit *at[4];
	cr_assert_eq(game_units_at(g, fx_hex("3110"), at, 4), 2);
	cr_assert_eq(at[0], pr, "the unit that was there stays on top");
	cr_assert(stacking_is_bottom(g, ha));
	game_free(g);
}

/* 6.63 Ex. 1: hastati pay 1 hit passing a same-colour stack of
 * HA/PR/CO/TR (the stack none), and as a third unit may not stop. */
Test(stacking, hastati_through_same_colour_stack_one_hit_no_stop_6_63_ex1)
{
	struct game *g = fld();
	struct unit *ha = roman(g, "ha14", UT_LG, "HA", 14, false, "3010",
				FACE_E);
	struct unit *pr = roman(g, "pr14", UT_LG, "PR", 14, false, "3110",
				FACE_E);
	struct unit *tr = roman(g, "tr14", UT_HI, "TR", 14, false, "3110",
				FACE_E);
	struct move m = begin(g, ha);
	step(g, &m, "3110");
	cr_assert_eq(ha->hits, 1);
	cr_assert_eq(pr->hits + tr->hits, 0);
	cr_assert_str_eq(stop_rule(g, ha), "6.63");
	step(g, &m, "3210");
	cr_assert_null(stop_rule(g, ha));
	game_free(g);
}

/* 6.63 Ex. 1, 9.63: XIV hastati pass any other unit at 1 hit each; they
 * may stop with any HA/PR/CO/TR (another colour too), and the mixed stack
 * then has +1 on its TQ checks. */
Test(stacking, hastati_stop_with_other_colour_one_hit_each_plus_one_9_63)
{
	struct game *g = fld();
	struct unit *ha = roman(g, "ha14", UT_LG, "HA", 14, false, "3010",
				FACE_E);
	struct unit *h15 = roman(g, "ha15", UT_LG, "HA", 15, false, "3110",
				 FACE_E);
	struct move m = begin(g, ha);
	step(g, &m, "3110");
	cr_assert_eq(ha->hits, 1);
	cr_assert_eq(h15->hits, 1);
	cr_assert_null(stop_rule(g, ha));
	cr_assert_eq(stacking_tq_drm(g, ha), 1);
	cr_assert_eq(stacking_tq_drm(g, h15), 1);
	/* tq_check adds it: die 5 + 1 = 6 against TQ 6: no hit */
	cr_assert(dice_force(&g->dice, 5));
	size_t mark = g->events.n;
	tq_check(g, h15, 0, "test", "10.11");
	cr_assert_str_eq(field(fx_event(g, mark, "roll"), "drm"), "1");
	cr_assert_str_eq(field(fx_event(g, mark, "tq_check"), "dr"), "6");
	game_free(g);
}

/* 9.63: one colour and two classes: +1; one colour, one class: none. */
Test(stacking, mixed_class_stack_plus_one_same_class_none_9_63)
{
	struct game *g = fld();
	struct unit *ha = roman(g, "ha14", UT_LG, "HA", 14, false, "3010",
				FACE_E);
	struct unit *pr = roman(g, "pr14", UT_LG, "PR", 14, false, "3010",
				FACE_E);
	cr_assert_eq(stacking_tq_drm(g, ha), 1);
	cr_assert_eq(stacking_tq_drm(g, pr), 1);
	struct unit *a = roman(g, "a", UT_LG, "HA", 14, false, "3012",
			       FACE_E);
	struct unit *b = roman(g, "b", UT_LG, "HA", 14, true, "3012", FACE_E);
	cr_assert_eq(stacking_tq_drm(g, a), 0, "I Legion and I Ala: one colour");
	cr_assert_eq(stacking_tq_drm(g, b), 0);
	struct unit *lone = roman(g, "lone", UT_LG, "HA", 15, false, "3014",
				  FACE_E);
	cr_assert_eq(stacking_tq_drm(g, lone), 0);
	game_free(g);
}

/* 6.63 Ex. 1: hastati pass a non-Roman unit at 1 hit each and may not
 * stop with it (only HA/PR/CO/TR stack, 9.61). */
Test(stacking, hastati_pass_other_unit_one_hit_each_no_stop_6_69)
{
	struct game *g = fld();
	struct unit *ha = roman(g, "ha14", UT_LG, "HA", 14, false, "3010",
				FACE_E);
	struct unit *mi = other(g, "mi", UT_MI, "3110", FACE_E);
	struct move m = begin(g, ha);
	step(g, &m, "3110");
	cr_assert_eq(ha->hits, 1);
	cr_assert_eq(mi->hits, 1);
	cr_assert_str_eq(stop_rule(g, ha), "6.69");
	game_free(g);
}

/* 9.61: hastati may pass XIV velites free but not stop with them. */
Test(stacking, hastati_with_velites_pass_free_no_stack_9_61)
{
	struct game *g = fld();
	struct unit *ha = roman(g, "ha14", UT_LG, "HA", 14, false, "3010",
				FACE_E);
	struct unit *ve = roman(g, "ve14", UT_LI, "VE", 14, false, "3110",
				FACE_E);
	struct move m = begin(g, ha);
	step(g, &m, "3110");
	cr_assert_eq(ha->hits + ve->hits, 0);
	cr_assert_str_eq(stop_rule(g, ha), "9.61");
	game_free(g);
}

/* 6.69: skirmishers pass anyone free, and stop with no one. */
Test(stacking, skirmishers_pass_free_never_stop_6_69)
{
	struct game *g = fld();
	struct unit *sk = other(g, "sk", UT_SK, "3010", FACE_E);
	struct unit *ha = roman(g, "ha14", UT_LG, "HA", 14, false, "3110",
				FACE_E);
	struct unit *mi = other(g, "mi", UT_MI, "3210", FACE_E);
	struct move m = begin(g, sk);
	step(g, &m, "3110");
	cr_assert_str_eq(stop_rule(g, sk), "6.69");
	step(g, &m, "3210");
	cr_assert_str_eq(stop_rule(g, sk), "6.69");
	cr_assert_eq(sk->hits + ha->hits + mi->hits, 0);
	game_free(g);
}

/* 6.61, 6.69: any other (Basic) unit passes a friend at 1 hit each and
 * may not stop: one combat unit a hex. */
Test(stacking, basic_unit_passes_one_hit_each_never_stops_6_61_6_69)
{
	struct game *g = fld();
	struct unit *mi = other(g, "mi", UT_MI, "3010", FACE_E);
	struct unit *ha = roman(g, "ha14", UT_LG, "HA", 14, false, "3110",
				FACE_E);
	struct move m = begin(g, mi);
	step(g, &m, "3110");
	cr_assert_eq(mi->hits, 1);
	cr_assert_eq(ha->hits, 1);
	cr_assert_str_eq(stop_rule(g, mi), "6.69");
	game_free(g);
}

/* 6.69: a hex the mover may not stop in is refused when entering it would
 * stop the move (7.23: an enemy ZOC). */
Test(stacking, no_step_that_would_stop_in_a_no_stop_hex_7_23_6_69)
{
	struct game *g = fld();
	struct unit *ve = roman(g, "ve14", UT_LI, "VE", 14, false, "3010",
				FACE_E);
	roman(g, "ha14", UT_LG, "HA", 14, false, "3110", FACE_E);
	fx_unit(g, "enemy", 1, UT_MI, fx_hex("3210"), FACE_W, 5);
	struct move m = begin(g, ve);
	no_step(g, &m, "3110", "6.69");
	game_free(g);
}

/* ---- the limits ---- */

/* 6.65: a hex with only a leader is free; 6.61: leaders never count. */
Test(stacking, leader_only_hex_is_free_and_leaders_never_count_6_65_6_61)
{
	struct game *g = fld();
	struct unit *mi = other(g, "mi", UT_MI, "3010", FACE_E);
	fx_leader(g, "consul", 0, fx_hex("3110"));
	struct move m = begin(g, mi);
	step(g, &m, "3110");
	cr_assert_eq(mi->hits, 0);
	cr_assert_null(stop_rule(g, mi));
	cr_assert_null(fx_event(g, 0, "stacking"));
	game_free(g);
}

/* 4.85, 6.61: a Leader Elephant stacks free with infantry, never with
 * cavalry, and does not count. */
Test(stacking, leader_elephant_free_with_infantry_not_cavalry_4_85)
{
	struct game *g = fld();
	struct unit *le = other(g, "le", UT_EL, "3010", FACE_E);
	le->leader_elephant = "hanno";
	struct unit *mi = other(g, "mi", UT_MI, "3110", FACE_E);
	other(g, "hc", UT_HC, "3109", FACE_E);
	struct move m = begin(g, le);
	no_step(g, &m, "3109", "4.85");
	step(g, &m, "3110");
	cr_assert_eq(le->hits + mi->hits, 0);
	cr_assert_null(stop_rule(g, le));
	/* and a unit entering the elephant's hex does not count it */
	struct stacking_entry se;
	struct unit *ha = roman(g, "ha", UT_LG, "HA", 14, false, "3012",
				FACE_E);
	struct unit *le2 = other(g, "le2", UT_EL, "3013", FACE_E);
	le2->leader_elephant = "x";
	cr_assert(stacking_voluntary_entry(g, ha, NULL, fx_hex("3013"), &se));
	cr_assert_eq(se.nstationary, 0);
	game_free(g);
}

/* 9.52: no unit enters a Double-Depth phalanx's hex. */
Test(stacking, no_entry_into_double_depth_phalanx_9_52)
{
	struct game *g = fld();
	struct unit *sk = other(g, "sk", UT_SK, "3010", FACE_E);
	struct unit *ph = other(g, "ph", UT_PH, "3110", FACE_E);
	game_unit_set_hex(g, ph, 1, fx_hex("3111"));
	ph->double_depth = true;
	struct stacking_entry se;
	cr_assert_not(stacking_voluntary_entry(g, sk, NULL, fx_hex("3110"),
					       &se));
	cr_assert_str_eq(se.rule, "9.52");
	game_free(g);
}

/* 6.77: no voluntary move through a unit In Column, nor by one. */
Test(stacking, no_voluntary_pass_through_column_6_77)
{
	struct game *g = fld();
	struct unit *sk = other(g, "sk", UT_SK, "3010", FACE_E);
	struct unit *col = other(g, "col", UT_MI, "3110", FACE_E);
	col->at.in_column = true;
	col->at.facing = SIDE_N;
	struct stacking_entry se;
	cr_assert_not(stacking_voluntary_entry(g, sk, NULL, fx_hex("3110"),
					       &se));
	cr_assert_str_eq(se.rule, "6.77");
	col->at.in_column = false;
	sk->at.in_column = true;
	cr_assert_not(stacking_voluntary_entry(g, sk, NULL, fx_hex("3110"),
					       &se));
	cr_assert_str_eq(se.rule, "6.77");
	game_free(g);
}

/* 9.83: one Scorpio a hex. */
Test(stacking, one_scorpio_a_hex_9_83)
{
	struct game *g = fld();
	struct unit *a = other(g, "at1", UT_AT, "3010", FACE_E);
	other(g, "at2", UT_AT, "3110", FACE_E);
	struct stacking_entry se;
	cr_assert_not(stacking_voluntary_entry(g, a, NULL, fx_hex("3110"),
					       &se));
	cr_assert_str_eq(se.rule, "9.83");
	game_free(g);
}

/* 6.67: a unit stays stacked only facing as the unit it joins; it turns
 * (R5, 9.65: 1 MP for a Roman) and may then stop. */
Test(stacking, joining_unit_must_face_as_the_stack_6_67_9_65)
{
	struct game *g = fld();
	struct unit *ha = roman(g, "ha14", UT_LG, "HA", 14, false, "3010",
				FACE_E);
	roman(g, "pr14", UT_LG, "PR", 14, false, "3110", FACE_W);
	struct move m = begin(g, ha);
	step(g, &m, "3110");
	cr_assert_str_eq(stop_rule(g, ha), "6.67");
	int spent = m.mp_spent;
	cr_assert(facing_change_apply(g, &m, FACE_W)); /* 3 vertices */
	cr_assert_eq(m.mp_spent, spent + 1, "9.65: any vertices for 1 MP");
	cr_assert_null(stop_rule(g, ha));
	game_free(g);
}

/* 6.63 Example #2 (rout): a routed XIV velites gives 1 hit to each
 * stationary unit but skirmishers and velites it passes; a routed XIV
 * hastati passes a lone XIV HA free, but a stack costs it 1 hit. */
Test(stacking, rout_through_friends_6_63_ex2)
{
	struct game *g = fld();
	/* Rome retreats south: the router goes 3010 -> 3011 -> 3012 */
	struct unit *ve = roman(g, "ve14", UT_LI, "VE", 14, false, "3010",
				FACE_NE);
	struct unit *mi = other(g, "mi", UT_MI, "3011", FACE_NE);
	rout_begin(g, (int)(ve - g->units), "10.14");
	cr_assert_eq(mi->hits, 1);
	struct unit *ha = roman(g, "ha14", UT_LG, "HA", 14, false, "2410",
				FACE_NE);
	struct unit *lone = roman(g, "pr14", UT_LG, "PR", 14, false, "2411",
				  FACE_NE);
	rout_begin(g, (int)(ha - g->units), "10.14");
	cr_assert_eq(lone->hits, 0);
	game_free(g);
}

/* 6.63 Example #2: stopping in a friend's hex, the router goes one hex
 * more; the friend takes 1 hit and a TQ check (die - TQ when higher). */
Test(stacking, rout_stopping_in_a_friend_hit_and_tq_check_6_63_ex2)
{
	struct game *g = fld();
	struct unit *ve = roman(g, "ve14", UT_LI, "VE", 14, false, "3010",
				FACE_NE);
	struct unit *ha = roman(g, "ha15", UT_LG, "HA", 15, false, "3012",
				FACE_NE);
	cr_assert(dice_force(&g->dice, 8));
	rout_begin(g, (int)(ve - g->units), "10.14");
	cr_assert(hex_eq(ve->at.hex[0], fx_hex("3013")) || ve->eliminated);
	cr_assert_eq(ha->hits, 1 + (8 - 6), "1 hit, then 8 - TQ 6: %d",
		     ha->hits);
	game_free(g);
}

/* ---- orders: 6.64, 4.4 #5, 6.66, 9.64 ---- */

/* Opens leader l's Orders Phase (5.21), as the sequence does. */
static void phase(struct game *g, struct leader *l)
{
	g->seq.started_turn = g->turn;
	g->phase = PHASE_MOVEMENT;
	g->seq.step = SEQ_ORDERS;
	g->active_leader = (int)(l - g->leaders);
	l->state = LS_ACTIVE;
	orders_phase_begin(g);
	g->seq.orders_left = l->initiative;
	g->seq.orders_given = 0;
}

static struct cmd_result res;

static enum cmd_status order(struct game *g, const char *who,
			     const char *what)
{
	cmd_result_free(&res);
	cmd_result_init(&res);
	orders_order(g, who, what, &res);
	return res.status;
}

static enum cmd_status go(struct game *g, const char *hex)
{
	cmd_result_free(&res);
	cmd_result_init(&res);
	orders_move(g, hex, &res);
	return res.status;
}

static enum cmd_status halt(struct game *g)
{
	cmd_result_free(&res);
	cmd_result_init(&res);
	orders_halt(g, &res);
	return res.status;
}

static void refused(enum cmd_status st, const char *rule)
{
	cr_assert_eq(st, CMD_REFUSED, "not refused");
	cr_assert_str_eq(res.rule, rule, "rule %s: %s", res.rule, res.reason);
}

static void ok(enum cmd_status st)
{
	cr_assert_eq(st, CMD_OK, "refused %s (%s)", res.reason, res.rule);
}

static struct game *stack_field(struct leader **consul, struct unit **ha,
				struct unit **pr)
{
	struct game *g = fld();
	cmd_result_init(&res);
	*consul = fx_leader(g, "consul", 0, fx_hex("2810"));
	(*consul)->overall = true;
	(*consul)->initiative = 5;
	(*consul)->command_range = 6;
	*pr = roman(g, "pr14", UT_LG, "PR", 14, false, "3010", FACE_E);
	*ha = roman(g, "ha14", UT_LG, "HA", 14, false, "3010", FACE_E);
	return g;
}

/* 6.66, 9.64: only the top unit of a stack moves alone. */
Test(stacking, only_the_top_unit_moves_alone_6_66_9_64)
{
	struct leader *c;
	struct unit *ha, *pr;
	struct game *g = stack_field(&c, &ha, &pr);
	phase(g, c);
	refused(order(g, "pr14", NULL), "6.66");
	ok(order(g, "ha14", NULL));
	ok(go(g, "3110"));
	ok(halt(g));
	/* now alone, the other unit may take its own order */
	ok(order(g, "pr14", NULL));
	cr_assert_eq(g->seq.orders_left, 3);
	cmd_result_free(&res);
	game_free(g);
}

/* 5.22 #6, 6.66, 9.64: one Individual Order changes the stack's order. */
Test(stacking, restack_is_one_individual_order_6_66_9_64)
{
	struct leader *c;
	struct unit *ha, *pr;
	struct game *g = stack_field(&c, &ha, &pr);
	phase(g, c);
	refused(order(g, "ha14", "restack"), "6.66"); /* already on top */
	ok(order(g, "pr14", "restack"));
	cr_assert_eq(g->seq.orders_left, 4);
	cr_assert(stacking_is_bottom(g, ha));
	cr_assert_str_eq(field(fx_event(g, 0, "stack_order"), "top"), "pr14");
	ok(order(g, "pr14", NULL)); /* the new top moves alone */
	ok(go(g, "3110"));
	cmd_result_free(&res);
	game_free(g);
}

/* 5.22 #6: only Roman stacks change their order this way. */
Test(stacking, restack_needs_a_roman_stack_5_22)
{
	struct leader *c;
	struct unit *ha, *pr;
	struct game *g = stack_field(&c, &ha, &pr);
	phase(g, c);
	refused(order(g, "nobody", "restack"), "");
	struct unit *mi = other(g, "mi", UT_MI, "3014", FACE_E);
	(void)mi;
	refused(order(g, "mi", "restack"), "6.66");
	cmd_result_free(&res);
	game_free(g);
}

/* 6.64, 9.61: moving a stack together takes two Individual Orders; the
 * two units go hex by hex, the top one stays on top. */
Test(stacking, a_stack_moves_together_for_two_orders_6_64_9_61)
{
	struct leader *c;
	struct unit *ha, *pr;
	struct game *g = stack_field(&c, &ha, &pr);
	phase(g, c);
	ok(order(g, "pr14", "stack")); /* either unit names the stack */
	cr_assert_eq(g->seq.orders_left, 3);
	cr_assert_str_eq(field(fx_event(g, 0, "order"), "to"), "ha14");
	cr_assert_str_eq(field(fx_event(g, 0, "order"), "stack"), "pr14");
	ok(go(g, "3110"));
	ok(go(g, "3210"));
	cr_assert(hex_eq(ha->at.hex[0], fx_hex("3210")));
	cr_assert(hex_eq(pr->at.hex[0], fx_hex("3210")));
	cr_assert(stacking_is_bottom(g, pr));
	cr_assert_eq(ha->hits + pr->hits, 0);
	ok(halt(g));
	cr_assert(ha->moved_phase && pr->moved_phase);
	refused(order(g, "ha14", NULL), "5.24");
	cmd_result_free(&res);
	game_free(g);
}

/* 4.4 #5, 6.64: the OC in the stack's hex moves it, and himself, with a
 * single Individual Order. */
Test(stacking, oc_in_the_hex_moves_the_stack_for_one_order_4_4_5)
{
	struct leader *c;
	struct unit *ha, *pr;
	struct game *g = stack_field(&c, &ha, &pr);
	c->hex = fx_hex("3010");
	phase(g, c);
	ok(order(g, "ha14", "stack"));
	cr_assert_eq(g->seq.orders_left, 4);
	cr_assert_str_eq(field(fx_event(g, 0, "order"), "with"), "consul");
	ok(go(g, "3110"));
	cr_assert(hex_eq(c->hex, fx_hex("3110")));
	cr_assert(hex_eq(pr->at.hex[0], fx_hex("3110")));
	cmd_result_free(&res);
	game_free(g);
}

/* GBA 4.4, GBA 9.62: GBA's Overall Commander lacks SPQR's 4.4 #5, so the
 * Double-Depth phalanxes in his own hex (GBA's only stack) cost him two
 * Individual Orders to move together, and he may still go along with
 * them (GBA 4.23). */
Test(stacking, gba_oc_in_the_hex_pays_two_orders_gba_4_4)
{
	/* GBA 4.4, GBA 9.62 */
	struct game *g = fld();
	tables_free(g->tables);
	g->tables = NULL;
	snprintf(g->battle->ruleset, sizeof g->battle->ruleset, "gba");
	struct ini_error err;
	cr_assert_eq(spqr_tables_loader(NULL, g, &err), 0, "%s", err.msg);
	cmd_result_init(&res);
	struct leader *c = fx_leader(g, "king", 0, fx_hex("3010"));
	c->overall = true;
	c->initiative = 5;
	c->command_range = 6;
	struct unit *ph[2];
	for (int k = 0; k < 2; k++) {
		ph[k] = fx_unit(g, k ? "ph2" : "ph1", 0, UT_PH, fx_hex("3010"),
				FACE_E, 4);
		game_unit_set_hex(g, ph[k], 1, fx_hex("3011"));
		ph[k]->double_depth = true;
	}
	other(g, "hi", UT_HI, "3610", FACE_W);
	phase(g, c);
	ok(order(g, "ph2", "stack"));
	cr_assert_eq(g->seq.orders_left, 3);
	const struct event *e = fx_event(g, 0, "order");
	cr_assert_str_eq(field(e, "orders"), "2");
	cr_assert_str_eq(field(e, "stack"), "ph1");
	cr_assert_str_eq(field(e, "with"), "king");
	cr_assert_str_eq(field(e, "rule"), "9.62");
	cmd_result_free(&res);
	game_free(g);
}

/* 6.64: a subordinate in the hex still gives two orders. */
Test(stacking, subordinate_in_the_hex_gives_two_orders_6_64)
{
	struct leader *c;
	struct unit *ha, *pr;
	struct game *g = stack_field(&c, &ha, &pr);
	struct leader *t = fx_leader(g, "legate", 0, fx_hex("3010"));
	t->initiative = 3;
	phase(g, t);
	ok(order(g, "ha14", "stack"));
	cr_assert_eq(g->seq.orders_left, 1);
	cmd_result_free(&res);
	game_free(g);
}

/* 6.64: a moving stack enters no hex holding another friend (a ruling),
 * turns together (6.67, 9.65: 1 MP each) and is refused alone. */
Test(stacking, moving_stack_turns_together_enters_no_friend_6_67)
{
	struct leader *c;
	struct unit *ha, *pr;
	struct game *g = stack_field(&c, &ha, &pr);
	other(g, "mi", UT_MI, "3110", FACE_E);
	phase(g, c);
	ok(order(g, "ha14", "stack"));
	refused(go(g, "3110"), "6.64");
	cmd_result_free(&res);
	cmd_result_init(&res);
	orders_face(g, "W", &res);
	ok(res.status);
	cr_assert_eq(ha->at.facing, FACE_W);
	cr_assert_eq(pr->at.facing, FACE_W);
	cr_assert_eq(g->ord.move.mp_spent, 1);
	cr_assert_eq(g->ord.stack_move.mp_spent, 1);
	ok(halt(g));
	cmd_result_free(&res);
	game_free(g);
}

/* 6.69: halt is refused while the mover stands where it may not stop;
 * `legal` offers no halt and no other order then. */
Test(stacking, halt_refused_in_a_no_stop_hex_6_69)
{
	struct leader *c;
	struct unit *ha, *pr;
	struct game *g = stack_field(&c, &ha, &pr);
	struct unit *ve = roman(g, "ve14", UT_LI, "VE", 14, false, "3011",
				FACE_NE);
	(void)ve;
	phase(g, c);
	ok(order(g, "ve14", NULL));
	ok(go(g, "3010")); /* NE of 3011 is 3010 */
	refused(halt(g), "6.63"); /* a third unit in the stack */
	refused(order(g, "ha14", NULL), "6.63");
	struct decision_answer acts[64];
	int n = orders_legal(g, acts, 64);
	for (int i = 0; i < n; i++) {
		cr_assert_neq(strcmp(acts[i].line, "halt"), 0);
		cr_assert_neq(strncmp(acts[i].line, "order", 5), 0, "%s",
			      acts[i].line);
	}
	ok(go(g, "3009"));
	ok(halt(g));
	cmd_result_free(&res);
	game_free(g);
}

/* ---- through the command language (the drill battle, a sandbox) ---- */

static enum cmd_status exec(struct session *s, const char *line,
			    struct cmd_result *r)
{
	cmd_result_free(r);
	cmd_result_init(r);
	session_exec(s, line, r);
	return r->status;
}

#define EXEC_OK(s, line, r)                                                   \
	cr_assert_eq(exec(s, line, r), CMD_OK, "%s: %s (%s)", line,          \
		     (r)->reason, (r)->rule)

/* 6.69: `halt` and `orders done` are refused, changing nothing, while the
 * velites stand in the hastati's hex; `order UNIT restack` and `legal`. */
Test(stacking, commands_refuse_ending_a_move_in_a_friends_hex_6_69)
{
	struct session s;
	struct cmd_result r;
	session_init(&s, fx_loader, spqr_tables_loader, NULL, 1);
	cmd_result_init(&r);
	EXEC_OK(&s, "new drill sandbox 7", &r);
	EXEC_OK(&s, "setup unit ve1 2314 E", &r);
	EXEC_OK(&s, "setup leader-state consul active", &r);
	EXEC_OK(&s, "setup active consul", &r);
	EXEC_OK(&s, "setup phase movement", &r);
	EXEC_OK(&s, "continue", &r);
	EXEC_OK(&s, "order ve1", &r);
	EXEC_OK(&s, "move 2415", &r); /* ha1's hex: legion 3, free */
	char *before = game_state_text(s.game);
	cr_assert_eq(exec(&s, "orders done", &r), CMD_REFUSED);
	cr_assert_str_eq(r.rule, "6.69", "%s", r.reason);
	cr_assert_eq(exec(&s, "halt", &r), CMD_REFUSED);
	cr_assert_str_eq(r.rule, "6.69");
	char *after = game_state_text(s.game);
	cr_assert_str_eq(before, after);
	free(before);
	free(after);
	EXEC_OK(&s, "move 2515", &r);
	EXEC_OK(&s, "halt", &r);
	/* pr1 joins ha1 (same colour), goes under it; then restacks */
	EXEC_OK(&s, "order pr1", &r);
	EXEC_OK(&s, "move 2415", &r);
	EXEC_OK(&s, "halt", &r);
	cr_assert(stacking_is_bottom(s.game, game_unit(s.game, "pr1")));
	EXEC_OK(&s, "legal", &r);
	bool offered = false;
	for (size_t i = 0; i < r.out.n; i++) {
		char b[512];
		event_log_format(&r.out, i, b, sizeof b);
		if (strstr(b, "command=order_pr1_restack rule=6.66"))
			offered = true;
	}
	cr_assert(offered, "legal offers order pr1 restack");
	EXEC_OK(&s, "order pr1 restack", &r);
	cr_assert(stacking_is_bottom(s.game, game_unit(s.game, "ha1")));
	cmd_result_free(&r);
	session_free(&s);
}
