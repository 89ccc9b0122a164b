/* Rules II audit (SPQR 6.4-6.8, 6.61-6.69): fixes found by the audit.
 * 6.69/6.67: a unit never enters a friend's hex it could neither stop in
 * nor leave (no stranded mover, `legal` never empty); 6.61/6.69: a
 * phalanx passing friends obeys the voluntary Stacking Chart; the state
 * text carries 6.73's column_name_left.  Fixture: the all-clear map
 * (tests/fixtures/map-clear.ini); Rome is side 0, legion XIV is 14. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/game.h"
#include "maniple/movement.h"
#include "maniple/orders.h"
#include "maniple/phalanx.h"
#include "maniple/rout.h"
#include "maniple/sequence.h"
#include "maniple/stacking.h"
#include "move_fixture.h"

static struct unit *roman(struct game *g, const char *id, enum unit_type t,
			  const char *cls, int legion, const char *hex,
			  enum facing f, int ma)
{
	struct unit *u = fx_unit(g, id, 0, t, fx_hex(hex), f, ma);
	snprintf(u->cls, sizeof u->cls, "%s", cls);
	u->legion = legion;
	return u;
}

static struct move begin(struct game *g, struct unit *u)
{
	struct move m;
	cr_assert(move_begin(g, u, &m), "%s: %s", u->id,
		  m.refusal ? m.refusal : "");
	return m;
}

static void step(struct game *g, struct move *m, const char *hex)
{
	struct move_step s;
	cr_assert(move_check_step(g, m, fx_hex(hex), &s), "%s: %s (%s)", hex,
		  s.refusal ? s.refusal : "", s.rule ? s.rule : "");
	cr_assert(move_apply_step(g, m, fx_hex(hex)));
}

static void no_step(struct game *g, struct move *m, const char *hex,
		    const char *rule)
{
	struct move_step s;
	cr_assert_not(move_check_step(g, m, fx_hex(hex), &s), "%s allowed",
		      hex);
	cr_assert_str_eq(s.rule ? s.rule : "", rule, "%s: %s", hex,
			 s.refusal ? s.refusal : "");
}

static const char *stop_rule(struct game *g, const struct unit *u)
{
	const char *rule = NULL;
	const char *why = stacking_stop_refusal(g, u, NULL, &rule);
	return why ? (rule ? rule : "?") : NULL;
}

/* 6.69: velites (MA 3) may pass XIV hastati but not stop with them; with
 * its last MP the step into their hex would strand it: refused.  With MP
 * to spare it enters, may not stop, and goes on. */
Test(rules2_audit, no_entry_into_a_no_stop_hex_without_a_way_out_6_69)
{
	struct game *g = fx_field();
	struct unit *ve = roman(g, "ve14", UT_LI, "VE", 14, "3010", FACE_E, 3);
	roman(g, "ha14", UT_LG, "HA", 14, "3310", FACE_E, 5);
	struct move m = begin(g, ve);
	step(g, &m, "3110");
	step(g, &m, "3210");
	char *before = game_state_text(g);
	no_step(g, &m, "3310", "6.69");
	char *after = game_state_text(g);
	cr_assert_str_eq(before, after, "a refused step changes nothing");
	free(before);
	free(after);
	game_free(g);

	g = fx_field();
	ve = roman(g, "ve14", UT_LI, "VE", 14, "3010", FACE_E, 4);
	roman(g, "ha14", UT_LG, "HA", 14, "3310", FACE_E, 5);
	m = begin(g, ve);
	step(g, &m, "3110");
	step(g, &m, "3210");
	step(g, &m, "3310"); /* 1 MP left: it can leave */
	cr_assert_str_eq(stop_rule(g, ve), "6.69");
	step(g, &m, "3410");
	cr_assert_null(stop_rule(g, ve));
	game_free(g);
}

/* 6.69: two no-stop hexes in a row: the look-ahead sees through both
 * (MA 4: 3110, 3210 friends, 3310 free is reached with the 3rd MP). */
Test(rules2_audit, look_ahead_through_two_friends_6_69)
{
	struct game *g = fx_field();
	struct unit *ve = roman(g, "ve14", UT_LI, "VE", 14, "3010", FACE_E, 3);
	roman(g, "ha14", UT_LG, "HA", 14, "3110", FACE_E, 5);
	roman(g, "pr14", UT_LG, "PR", 14, "3210", FACE_E, 5);
	struct move m = begin(g, ve);
	step(g, &m, "3110");
	step(g, &m, "3210");
	step(g, &m, "3310");
	game_free(g);

	/* MA 2: every Front hex of 3110 holds a friend too: entering 3110
	 * would lead only into another no-stop hex with no MP after it */
	g = fx_field();
	ve = roman(g, "ve14", UT_LI, "VE", 14, "3010", FACE_E, 2);
	roman(g, "ha14", UT_LG, "HA", 14, "3110", FACE_E, 5);
	struct footprint there = {.hex = {fx_hex("3110"), HEX_NONE},
				  .facing = FACE_E};
	int nfront = 0;
	for (int d = 0; d < 6; d++) {
		struct hex nb = hex_neighbour(fx_hex("3110"), (enum hexside)d);
		if (footprint_zone(&there, nb) != ZONE_FRONT)
			continue;
		char id[8], hb[8];
		snprintf(id, sizeof id, "f%d", d);
		hex_format(nb, hb, sizeof hb);
		roman(g, id, UT_LG, "PR", 14, hb, FACE_E, 5);
		nfront++;
	}
	cr_assert_geq(nfront, 2);
	m = begin(g, ve);
	no_step(g, &m, "3110", "6.69");
	game_free(g);
}

/* 6.67: a hastati entering a same-colour hastati's hex facing otherwise
 * must be able to conform (or go on): whenever the step is allowed the
 * unit can then turn to the stationary facing and end its move there. */
Test(rules2_audit, joining_unit_can_always_conform_or_leave_6_67)
{
	struct game *g = fx_field();
	struct unit *ha = roman(g, "ha14", UT_LG, "HA", 14, "3010", FACE_E, 3);
	roman(g, "hb14", UT_LG, "HA", 14, "3310", FACE_W, 5);
	struct move m = begin(g, ha);
	step(g, &m, "3110");
	step(g, &m, "3210");
	struct move_step s;
	if (move_check_step(g, &m, fx_hex("3310"), &s)) {
		cr_assert(move_apply_step(g, &m, fx_hex("3310")));
		cr_assert_str_eq(stop_rule(g, ha), "6.67");
		/* E to W is 3 vertices: it must be affordable */
		cr_assert(facing_change_apply(g, &m, FACE_W),
			  "stranded: may neither turn nor stop (6.67)");
		cr_assert_null(stop_rule(g, ha));
	} else {
		cr_assert_str_eq(s.rule, "6.69", "%s", s.refusal);
	}
	game_free(g);
}

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

/* 6.69 through the orders: the stranding move is refused and `legal`
 * never leaves the moving player without a command. */
Test(rules2_audit, orders_never_strand_the_mover_legal_not_empty_6_69)
{
	struct game *g = fx_field();
	struct leader *c = fx_leader(g, "consul", 0, fx_hex("2810"));
	c->overall = true;
	c->initiative = 5;
	c->command_range = 6;
	roman(g, "ve14", UT_LI, "VE", 14, "3010", FACE_E, 3);
	roman(g, "ha14", UT_LG, "HA", 14, "3310", FACE_E, 5);
	phase(g, c);
	struct cmd_result r;
	cmd_result_init(&r);
	orders_order(g, "ve14", NULL, &r);
	cr_assert_eq(r.status, CMD_OK, "%s", r.reason);
	const char *path[] = {"3110", "3210"};
	for (int i = 0; i < 2; i++) {
		cmd_result_free(&r);
		cmd_result_init(&r);
		orders_move(g, path[i], &r);
		cr_assert_eq(r.status, CMD_OK, "%s: %s", path[i], r.reason);
	}
	cmd_result_free(&r);
	cmd_result_init(&r);
	orders_move(g, "3310", &r);
	cr_assert_eq(r.status, CMD_REFUSED);
	cr_assert_str_eq(r.rule, "6.69", "%s", r.reason);
	struct decision_answer acts[64];
	cr_assert_gt(orders_legal(g, acts, 64), 0);
	cmd_result_free(&r);
	cmd_result_init(&r);
	orders_halt(g, &r);
	cr_assert_eq(r.status, CMD_OK, "%s (%s)", r.reason, r.rule);
	cmd_result_free(&r);
	game_free(g);
}

static struct hex H(int n)
{
	return (struct hex){n / 100, n % 100};
}

static struct unit *phalanx(struct game *g, const char *id, int a, int b,
			    enum facing f)
{
	struct unit *u = fx_unit(g, id, 1, UT_PH, H(a), f, 4);
	u->ma_ext = 5;
	u->size = 10;
	game_unit_set_hex(g, u, 1, H(b));
	cr_assert_null(footprint_check(&u->at));
	return u;
}

static bool ph_step(struct game *g, struct move *m, int a, int b,
		    struct move_step *s)
{
	return phalanx_check_step(g, m, H(a), H(b), s) &&
	       phalanx_apply_step(g, m, H(a), H(b));
}

/* 6.61, 6.69 (the Basic row), 9.52: a phalanx half passing a friend pays
 * the chart's hits (1 each for Basic through anything else), may not stop
 * there, and goes on; the state is the book's Cannae path (6.5). */
Test(rules2_audit, phalanx_passing_a_friend_obeys_the_stacking_chart_6_61_6_69)
{
	struct game *g = fx_field();
	struct unit *ph = phalanx(g, "ph", 2912, 3012, FACE_SE);
	struct unit *li = fx_unit(g, "li", 1, UT_LI, H(3113), FACE_SE, 6);
	struct move m;
	cr_assert(move_begin(g, ph, &m));
	struct move_step s;
	cr_assert(ph_step(g, &m, 3013, 3112, &s));
	cr_assert(ph_step(g, &m, 3113, 3213, &s), "%s (%s)", s.refusal,
		  s.rule);
	cr_assert_eq(ph->hits, 1, "6.69: the mover's hit");
	cr_assert_eq(li->hits, 1, "6.69: the stationary unit's hit");
	const struct event *e = fx_event(g, 0, "stacking");
	cr_assert_not_null(e);
	cr_assert_str_eq(event_get(e, "may_stop"), "no");
	cr_assert_str_eq(stop_rule(g, ph), "6.69");
	cr_assert(ph_step(g, &m, 3114, 3214, &s), "%s", s.refusal);
	cr_assert_null(stop_rule(g, ph));
	game_free(g);
}

/* 6.69, 6.41: the phalanx's 5th MP into a friend's hex would strand it
 * (no MP left, may not stop): refused; 4 MP in, 1 left, it may. */
Test(rules2_audit, phalanx_not_stranded_in_a_friends_hex_6_69_6_41)
{
	struct game *g = fx_field();
	struct unit *ph = phalanx(g, "ph", 2912, 3012, FACE_SE);
	fx_unit(g, "li", 1, UT_LI, H(3315), FACE_SE, 6);
	struct move m;
	cr_assert(move_begin(g, ph, &m));
	struct move_step s;
	static const int path[4][2] = {
		{3013, 3112}, {3113, 3213}, {3114, 3214}, {3215, 3314}};
	for (int i = 0; i < 4; i++)
		cr_assert(ph_step(g, &m, path[i][0], path[i][1], &s), "%d: %s",
			  i, s.refusal);
	cr_assert_not(phalanx_check_step(g, &m, H(3315), H(3415), &s));
	cr_assert_str_eq(s.rule, "6.69", "%s", s.refusal);
	game_free(g);

	g = fx_field();
	ph = phalanx(g, "ph", 2912, 3012, FACE_SE);
	fx_unit(g, "li", 1, UT_LI, H(3214), FACE_SE, 6);
	cr_assert(move_begin(g, ph, &m));
	for (int i = 0; i < 3; i++)
		cr_assert(ph_step(g, &m, path[i][0], path[i][1], &s), "%d: %s",
			  i, s.refusal);
	cr_assert(ph_step(g, &m, 3215, 3314, &s), "%s", s.refusal);
	game_free(g);
}

/* 9.52: no unit enters a Double-Depth phalanx's hex, a phalanx neither. */
Test(rules2_audit, phalanx_never_enters_a_double_depth_hex_9_52)
{
	struct game *g = fx_field();
	struct unit *ph = phalanx(g, "ph", 2912, 3012, FACE_SE);
	struct unit *dd = phalanx(g, "dd", 3113, 3213, FACE_SE);
	dd->double_depth = true;
	struct move m;
	cr_assert(move_begin(g, ph, &m));
	struct move_step s;
	cr_assert(ph_step(g, &m, 3013, 3112, &s));
	cr_assert_not(phalanx_check_step(g, &m, H(3113), H(3213), &s));
	cr_assert_str_eq(s.rule, "9.52", "%s", s.refusal);
	game_free(g);
}

/* 6.73: which end of a two-hex column bears the name is in the state
 * text (so in the digest). */
Test(rules2_audit, state_text_has_column_name_left_6_73)
{
	struct game *g = fx_field();
	struct unit *ph = phalanx(g, "ph", 2912, 3012, FACE_SE);
	char *a = game_state_text(g);
	cr_assert_not_null(strstr(a, "column_name_left=no"));
	ph->column_name_left = true;
	char *b = game_state_text(g);
	cr_assert_not_null(strstr(b, "column_name_left=yes"));
	cr_assert_str_neq(a, b);
	free(a);
	free(b);
	game_free(g);
}

/* 6.63 (same colour), 10.25, TABLES.md section 8: a routed hastati of
 * legion XIV passing a lone cohort of Ala XIV (one colour with the XIV
 * Legion) gives it no hit and takes none; a cohort of Ala XIII (another
 * colour) takes 10.25's hit. */
Test(rules2_audit, router_of_legion_xiv_passes_ala_xiv_no_hits_6_63)
{
	for (int k = 0; k < 2; k++) {
		struct game *g = fx_field();
		snprintf(g->battle->sides[0].retreat_edge,
			 sizeof g->battle->sides[0].retreat_edge, "south");
		struct unit *ha = roman(g, "ha14", UT_LG, "HA", 14, "3010",
					FACE_NE, 5);
		struct unit *co = roman(g, "co", UT_LG, "CO", k ? 13 : 14,
					"3011", FACE_NE, 5);
		rout_begin(g, (int)(ha - g->units), "10.14");
		cr_assert(hex_eq(ha->at.hex[0], fx_hex("3012")),
			  "the router went through 3011");
		cr_assert_eq(co->hits, k ? 1 : 0, "Ala %s: %d hits",
			     k ? "XIII" : "XIV", co->hits);
		cr_assert_eq(ha->hits, 0, "the router takes none");
		game_free(g);
	}
}
