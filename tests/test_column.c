/* Column (SPQR 6.71-6.74, 6.77, the TQ of 6.75): forming and leaving it,
 * its MA and terrain hits, hexside facing and front-flank steps, who may
 * pass whom; and the `form` and `move HEX,HEX` commands in a session. */
#include <criterion/criterion.h>

#include "maniple/cmd.h"
#include "maniple/phalanx.h"
#include "maniple/rout.h"
#include "maniple/sequence.h"
#include "changed_tables.h"
#include "move_fixture.h"

static struct hex H(int n)
{
	return (struct hex){n / 100, n % 100};
}

static struct unit *column_unit(struct game *g, const char *id,
				enum unit_type t, int hex, enum hexside d)
{
	struct unit *u = fx_unit(g, id, 0, t, H(hex), FACE_NE, 5);
	u->at.in_column = true;
	u->at.facing = (int)d;
	return u;
}

/* 6.71: infantry out of an enemy ZOC changes into Column at the end of
 * its move for 1 MP, facing a hexside next to its vertex (6.73). */
Test(column, form_column_6_71_6_73)
{
	struct game *g = fx_field();
	struct unit *u = fx_unit(g, "mi", 0, UT_MI, H(3015), FACE_NE, 5);
	struct move m;
	cr_assert(move_begin(g, u, &m));
	cr_assert(move_apply_step(g, &m, H(3014)));
	struct move_step s;
	cr_assert_not(column_form_check(g, &m, true, SIDE_S, &s));
	cr_assert_str_eq(s.rule, "6.73");
	cr_assert(column_form_check(g, &m, true, SIDE_ENE, &s), "%s",
		  s.refusal);
	cr_assert_eq(s.cost.mp, 1);
	cr_assert(column_form_apply(g, &m, true, SIDE_ENE));
	cr_assert(u->at.in_column);
	cr_assert_eq(u->at.facing, SIDE_ENE);
	cr_assert_eq(m.mp_spent, 2);
	cr_assert_not(column_form_check(g, &m, false, FACE_NE, &s));
	cr_assert_str_eq(s.rule, "6.71", "one change per move");
	game_free(g);
}

/* 6.71 Exceptions and conditions: not Barbarian Infantry, Skirmishers or
 * cavalry; not in an enemy ZOC; not without the MP. */
Test(column, form_column_refused_6_71)
{
	struct game *g = fx_field();
	struct unit *bi = fx_unit(g, "bi", 0, UT_BI, H(2210), FACE_NE, 5);
	struct unit *sk = fx_unit(g, "sk", 0, UT_SK, H(2410), FACE_NE, 7);
	struct unit *hc = fx_unit(g, "hc", 0, UT_HC, H(2610), FACE_NE, 8);
	struct unit *mi = fx_unit(g, "mi", 0, UT_MI, H(3015), FACE_NE, 5);
	fx_unit(g, "foe", 1, UT_MI, H(3014), FACE_SW, 5);
	const struct unit *no[4] = {bi, sk, hc, mi};
	for (int i = 0; i < 4; i++) {
		struct move m;
		struct move_step s;
		cr_assert(move_begin(g, no[i], &m));
		cr_assert_not(column_form_check(g, &m, true, SIDE_N, &s),
			      "%s", no[i]->id);
		cr_assert_str_eq(s.rule, "6.71", "%s", no[i]->id);
	}
	struct unit *li = fx_unit(g, "li", 0, UT_LI, H(3510), FACE_NE, 6);
	struct move m;
	struct move_step s;
	cr_assert(move_begin(g, li, &m));
	m.mp_spent = 6;
	cr_assert_not(column_form_check(g, &m, true, SIDE_N, &s));
	cr_assert_str_eq(s.rule, "6.71");
	game_free(g);
}

/* 6.72: +1 MA (a phalanx uses its higher MA: 6); 6.41's check is not
 * made In Column. */
Test(column, ma_plus_one_6_72)
{
	struct game *g = fx_field();
	struct unit *mi = column_unit(g, "mi", UT_MI, 3015, SIDE_N);
	cr_assert_eq(unit_move_ma(g, mi), 6);
	struct unit *ph = fx_unit(g, "ph", 0, UT_PH, H(2520), FACE_NE, 4);
	ph->ma_ext = 5;
	game_unit_set_hex(g, ph, 1, H(2521));
	ph->at.in_column = true;
	ph->at.facing = SIDE_N;
	cr_assert_null(footprint_check(&ph->at));
	cr_assert_eq(unit_move_ma(g, ph), 6);
	struct move m;
	cr_assert(move_begin(g, ph, &m));
	for (int r = 19; r >= 14; r--)
		cr_assert(move_apply_step(g, &m, H(2500 + r)), "row %d", r);
	cr_assert_eq(m.mp_spent, 6);
	unsigned long rolls = g->dice.rolls;
	move_end(g, &m);
	cr_assert_eq(g->dice.rolls, rolls);
	cr_assert_eq(ph->hits, 0);
	game_free(g);
}

/* 6.72: In Column fewer terrain hits: medium infantry into Woods takes
 * none; a phalanx In Column crossing a Stream takes none, and its rear
 * half entering the hex its front half left adds none (6.42). */
Test(column, reduced_terrain_hits_6_72_6_42)
{
	struct game *g = fx_field();
	struct unit *mi = column_unit(g, "mi", UT_MI, 3015, SIDE_N);
	fx_terrain(g, H(3014), TERRAIN_WOODS);
	struct move m;
	struct move_step s;
	cr_assert(move_begin(g, mi, &m));
	cr_assert(move_check_step(g, &m, H(3014), &s));
	cr_assert_eq(s.cost.hits, 0);
	cr_assert_eq(s.cost.mp, 2);

	struct unit *ph = fx_unit(g, "ph", 0, UT_PH, H(2520), FACE_NE, 4);
	ph->ma_ext = 5;
	game_unit_set_hex(g, ph, 1, H(2521));
	ph->at.in_column = true;
	ph->at.facing = SIDE_N;
	fx_hexside(g, H(2520), SIDE_N, HSF_STREAM);
	cr_assert(move_begin(g, ph, &m));
	cr_assert(move_check_step(g, &m, H(2519), &s), "%s", s.refusal);
	cr_assert_eq(s.cost.hits, 0);
	cr_assert(move_apply_step(g, &m, H(2519)));
	cr_assert(hex_eq(ph->at.hex[0], H(2519)));
	cr_assert(hex_eq(ph->at.hex[1], H(2520)));
	cr_assert_eq(ph->hits, 0);
	game_free(g);
}

/* 6.73, 6.74: In Column only the hex ahead is Front; a one-hex unit steps
 * into a front-flank hex facing it, at no cost; not into a rear hex. */
Test(column, front_flank_one_hex_6_74)
{
	struct game *g = fx_field();
	struct unit *u = column_unit(g, "mi", UT_MI, 3015, SIDE_N);
	struct move m;
	struct move_step s;
	cr_assert(move_begin(g, u, &m));
	struct hex ff = hex_neighbour(H(3015), SIDE_ENE);
	cr_assert(move_check_step(g, &m, ff, &s));
	cr_assert_eq(s.cost.mp, 1);
	cr_assert_not(move_check_step(g, &m, hex_neighbour(H(3015), SIDE_ESE),
				      &s));
	cr_assert_str_eq(s.rule, "6.32");
	cr_assert(move_apply_step(g, &m, ff));
	cr_assert_eq(u->at.facing, SIDE_ENE);
	cr_assert_eq(m.mp_spent, 1);
	game_free(g);
}

/* 6.74: a phalanx In Column into a front-flank hex: the front half enters
 * it, the rear half the hex the front half left; its facing follows. */
Test(column, front_flank_phalanx_6_74)
{
	struct game *g = fx_field();
	struct unit *ph = fx_unit(g, "ph", 0, UT_PH, H(2520), FACE_NE, 4);
	ph->ma_ext = 5;
	game_unit_set_hex(g, ph, 1, H(2521));
	ph->at.in_column = true;
	ph->at.facing = SIDE_N;
	struct move m;
	cr_assert(move_begin(g, ph, &m));
	struct hex ff = hex_neighbour(H(2520), SIDE_WNW);
	cr_assert(move_apply_step(g, &m, ff));
	cr_assert(hex_eq(ph->at.hex[0], ff));
	cr_assert(hex_eq(ph->at.hex[1], H(2520)));
	cr_assert_eq(ph->at.facing, SIDE_WNW);
	cr_assert_null(footprint_check(&ph->at));
	cr_assert_eq(m.mp_spent, 1);
	cr_assert_eq(ph->hits, 0);
	/* 6.74: a phalanx In Column does not turn in place */
	struct move_step s;
	cr_assert_not(column_face_check(g, &m, SIDE_S, &s));
	cr_assert_str_eq(s.rule, "6.74");
	game_free(g);
}

/* 6.74, 7.12: a one-hex unit In Column turns to other hexsides at the
 * normal facing cost (R5: 1 MP for a Roman infantry unit). */
Test(column, face_hexside_cost_6_74)
{
	struct game *g = fx_field();
	struct unit *u = column_unit(g, "mi", UT_MI, 3015, SIDE_N);
	struct move m;
	struct move_step s;
	cr_assert(move_begin(g, u, &m));
	cr_assert(column_face_check(g, &m, SIDE_S, &s));
	cr_assert_eq(s.vertices, 3);
	cr_assert_eq(s.cost.mp, 3);
	cr_assert(column_face_apply(g, &m, SIDE_ESE));
	cr_assert_eq(u->at.facing, SIDE_ESE);
	cr_assert_eq(m.mp_spent, 2);
	game_free(g);
}

/* 6.73: a phalanx goes into Column facing along its hexes, the named end
 * leading, and leaves it, unmoved, facing where its name side points. */
Test(column, phalanx_name_side_6_73)
{
	struct game *g = fx_field();
	struct unit *ph = fx_unit(g, "ph", 0, UT_PH, H(2620), FACE_E, 4);
	ph->ma_ext = 5;
	game_unit_set_hex(g, ph, 1, H(2621));
	struct move m;
	struct move_step s;
	cr_assert(move_begin(g, ph, &m));
	cr_assert_not(column_form_check(g, &m, true, SIDE_ENE, &s));
	cr_assert_str_eq(s.rule, "6.73");
	cr_assert(column_form_apply(g, &m, true, SIDE_S)); /* 2621 leads */
	cr_assert(hex_eq(ph->at.hex[0], H(2621)));
	cr_assert(hex_eq(ph->at.hex[1], H(2620)));
	cr_assert_null(footprint_check(&ph->at));
	cr_assert_eq(column_name_facing(ph), FACE_E);
	/* a later phase: it marches S two hexes, then leaves Column */
	ph->moved_phase = false;
	cr_assert(move_begin(g, ph, &m));
	cr_assert(move_apply_step(g, &m, H(2622)));
	cr_assert(move_apply_step(g, &m, H(2623)));
	cr_assert_not(column_form_check(g, &m, false, FACE_W, &s));
	cr_assert_str_eq(s.rule, "6.73");
	cr_assert(column_form_apply(g, &m, false, -1));
	cr_assert_not(ph->at.in_column);
	cr_assert_eq(ph->at.facing, FACE_E);
	cr_assert(hex_eq(ph->at.hex[0], H(2623)));
	cr_assert(hex_eq(ph->at.hex[1], H(2622)));
	cr_assert_null(footprint_check(&ph->at));
	game_free(g);
}

/* 6.73: a one-hex unit leaves Column turning 30 degrees either way. */
Test(column, leave_column_one_hex_6_73)
{
	struct game *g = fx_field();
	struct unit *u = column_unit(g, "mi", UT_MI, 3015, SIDE_N);
	struct move m;
	struct move_step s;
	cr_assert(move_begin(g, u, &m));
	cr_assert_not(column_form_check(g, &m, false, FACE_E, &s));
	cr_assert(column_form_check(g, &m, false, FACE_NW, &s));
	cr_assert(column_form_apply(g, &m, false, FACE_NE));
	cr_assert_not(u->at.in_column);
	cr_assert_eq(u->at.facing, FACE_NE);
	game_free(g);
}

/* 6.75: In Column the TQ is 2 less for TQ checks: a 5 fails against TQ 6
 * by 1. */
Test(column, tq_less_two_6_75)
{
	struct game *g = fx_field();
	struct unit *u = column_unit(g, "mi", UT_MI, 3015, SIDE_N);
	cr_assert_eq(unit_tq_now(g, u), 4);
	cr_assert(dice_force(&g->dice, 5));
	cr_assert_eq(tq_check(g, u, 0, "test", "6.75"), 1);
	u->at.in_column = false;
	u->at.facing = FACE_NE;
	cr_assert_eq(unit_tq_now(g, u), 6);
	game_free(g);
}

/* 6.77: an In Column unit moves through no friend, and no friend moves
 * through it (only routers do). */
Test(column, no_passing_6_77)
{
	struct game *g = fx_field();
	struct unit *c = column_unit(g, "col", UT_MI, 3015, SIDE_N);
	fx_unit(g, "pal", 0, UT_LI, H(3014), FACE_NE, 6);
	struct move m;
	struct move_step s;
	cr_assert(move_begin(g, c, &m));
	cr_assert_not(move_check_step(g, &m, H(3014), &s));
	cr_assert_str_eq(s.rule, "6.77");
	struct unit *v = fx_unit(g, "ve", 0, UT_LI, H(3016), FACE_NE, 6);
	v->at.facing = FACE_NE;
	cr_assert(move_begin(g, v, &m));
	struct hex n = hex_neighbour(H(3016), SIDE_N);
	cr_assert(hex_eq(n, H(3015)));
	cr_assert_not(move_check_step(g, &m, n, &s));
	cr_assert_str_eq(s.rule, "6.77");
	game_free(g);
}

/* ---- the commands, in a session on the drill battle ---- */

static struct battle *drill(void *user, const char *name,
			    struct ini_error *err)
{
	(void)user;
	char path[2048];
	snprintf(path, sizeof path, "%s/scenarios/%s.ini", fx_srcdir(), name);
	return battle_load(path, err);
}

static int tables(void *user, struct game *g, struct ini_error *err)
{
	(void)user;
	char dir[2048];
	snprintf(dir, sizeof dir, "%s/rules/spqr", fx_srcdir());
	g->tables = tables_load(dir, err);
	return g->tables ? 0 : -1;
}

static void run(struct session *s, struct cmd_result *r, const char *line,
		enum cmd_status want)
{
	session_exec(s, line, r);
	cr_assert_eq(r->status, want, "%s: %s (%s)", line, r->reason,
		     r->rule);
}

/* 6.43, 6.71: `move HEX,HEX` steps a phalanx; `form column SIDE` ends
 * the move In Column; `legal` offers them. */
Test(column, commands_move_pair_and_form_6_43_6_71)
{
	struct session s;
	struct cmd_result r;
	session_init(&s, drill, tables, NULL, 1);
	cmd_result_init(&r);
	run(&s, &r, "new drill sandbox 7", CMD_OK);
	run(&s, &r, "setup unit ph1 2912,3012 SE", CMD_OK);
	run(&s, &r, "setup leader-state hanno active", CMD_OK);
	run(&s, &r, "setup active hanno", CMD_OK);
	run(&s, &r, "setup phase movement", CMD_OK);
	run(&s, &r, "continue", CMD_OK);
	run(&s, &r, "order ph1", CMD_OK);
	struct decision_answer a[128];
	int n = seq_legal(s.game, a, 128);
	bool pair = false, form = false;
	for (int i = 0; i < n; i++) {
		pair = pair || strcmp(a[i].line, "move 3013,3112") == 0;
		form = form || strcmp(a[i].line, "form column WSW") == 0;
	}
	cr_assert(pair && form, "legal offers the phalanx step and form");
	run(&s, &r, "move 3013", CMD_REFUSED);
	cr_assert_str_eq(r.rule, "6.43");
	run(&s, &r, "move 3013,3112", CMD_OK);
	run(&s, &r, "form column N", CMD_REFUSED);
	cr_assert_str_eq(r.rule, "6.73");
	run(&s, &r, "form column WSW", CMD_OK);
	struct unit *u = game_unit(s.game, "ph1");
	cr_assert(u->at.in_column);
	cr_assert(hex_eq(u->at.hex[0], H(3013)));
	cr_assert(!s.game->ord.moving, "6.71: the change ends the move");
	cmd_result_free(&r);
	session_free(&s);
}

/* 6.75 from the data: constants.ini [column] tq_less read as 3. */
Test(column, tq_less_read_from_constants_ini_6_75)
{
	struct game *g = fx_field();
	change_tables(g, "constants", "tq_less = 2", "tq_less = 3");
	struct unit *u = column_unit(g, "mi", UT_MI, 3015, SIDE_N);
	cr_assert_eq(unit_tq_now(g, u), 3);
	game_free(g);
}
