/* The soak's invariants (src/soak.c) and its reload check: each holds on
 * a sound state and names the rule when the state is broken by hand; and
 * the engine fixes the soak led to (6.77 Column in a stack). */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hand_battle.h"
#include "logged.h"
#include "maniple/harass.h"
#include "maniple/missile.h"
#include "maniple/movement.h"
#include "maniple/phalanx.h"
#include "maniple/reactions.h"
#include "maniple/sequence.h"
#include "maniple/withdrawal.h"
#include "move_fixture.h"

/* soak.c is built into autoplay, not the library: compiled in here */
#include "../src/soak.c"

static int failures(const struct game *g, const char *name,
		    struct soak_failure *f)
{
	struct soak_failure all[16];
	int n = soak_invariants(g, all, 16), hit = 0;
	for (int i = 0; i < n && i < 16; i++)
		if (strcmp(all[i].name, name) == 0) {
			if (!hit && f)
				*f = all[i];
			hit++;
		}
	return hit;
}

static struct game *hand_game(struct session *s)
{
	start(s, "solo");
	cr_assert_eq(run(s, "continue"), CMD_OK);
	struct soak_failure all[16];
	int n = soak_invariants(s->game, all, 16);
	cr_assert_eq(n, 0, "a fresh game breaks %s: %s", n ? all[0].name : "",
		     n ? all[0].why : "");
	return s->game;
}

/* 10.1: hits are never negative */
Test(soak, hits_never_negative_10_1)
{
	struct session s;
	struct game *g = hand_game(&s);
	g->units[0].hits = -1;
	struct soak_failure f;
	cr_assert_eq(failures(g, "hits", &f), 1);
	cr_assert(strstr(f.why, "10.1") && strstr(f.why, "h1"), "%s", f.why);
	session_free(&s);
}

/* 6.62: units of both sides never share a hex; 6.61: a hex holds two
 * counting friends at most */
Test(soak, stacking_6_61_6_62)
{
	struct session s;
	struct game *g = hand_game(&s);
	struct unit *p1 = game_unit(g, "p1"), *h1 = game_unit(g, "h1");
	game_unit_set_hex(g, p1, 0, h1->at.hex[0]);
	game_unit_set_hex(g, p1, 1, hex_neighbour(h1->at.hex[0], SIDE_N));
	struct soak_failure f;
	cr_assert_geq(failures(g, "stacking", &f), 1);
	cr_assert(strstr(f.why, "6.62"), "%s", f.why);
	session_free(&s);
}

/* 6.61, 6.69: a phalanx never stops with a friend (stacking.c's own
 * stop check); the unit whose move is open may pass one (soak.c's
 * exemption) */
Test(soak, stacking_phalanx_with_a_friend_6_69)
{
	struct game *g = fx_field();
	struct unit *p = fx_unit(g, "p", 0, UT_PH, fx_hex("3014"), FACE_NE, 5);
	game_unit_set_hex(g, p, 1, fx_hex("3114"));
	cr_assert_null(footprint_check(&p->at), "%s",
		       footprint_check(&p->at));
	fx_unit(g, "li", 0, UT_LI, fx_hex("3114"), FACE_NE, 6);
	struct soak_failure f;
	cr_assert_geq(failures(g, "stacking", &f), 1);
	cr_assert(strstr(f.why, "6.69"), "%s", f.why);
	g->ord.moving = true;
	g->ord.mover_unit = 0;
	g->ord.stack_mate = -1;
	cr_assert_eq(failures(g, "stacking", NULL), 0);
	game_free(g);
}

/* 7.21: a routed unit exerts no ZOC (zoc.c asked; the check holds) */
Test(soak, routed_exert_no_zoc_7_21)
{
	struct session s;
	struct game *g = hand_game(&s);
	g->units[0].routed = true;
	cr_assert_eq(failures(g, "routed_zoc", NULL), 0);
	cr_assert_not(unit_exerts_zoc(g, &g->units[0]));
	session_free(&s);
}

/* 6.4: a two-hex unit on two adjacent hexes */
Test(soak, two_hex_units_adjacent_6_4)
{
	struct session s;
	struct game *g = hand_game(&s);
	struct unit *p1 = game_unit(g, "p1");
	game_unit_set_hex(g, p1, 1, (struct hex){9, 9});
	struct soak_failure f;
	cr_assert_geq(failures(g, "footprint", &f), 1);
	cr_assert(strstr(f.why, "p1"), "%s", f.why);
	session_free(&s);
}

/* 5.11: the active leader is the sequence's, and active */
Test(soak, leaders_follow_the_sequence_5_11)
{
	struct session s;
	struct game *g = hand_game(&s);
	g->leaders[1].state = LS_ACTIVE;
	struct soak_failure f;
	cr_assert_geq(failures(g, "leaders", &f), 1);
	cr_assert(strstr(f.why, "5.11") && strstr(f.why, "tribune"), "%s",
		  f.why);
	g->leaders[1].state = LS_INACTIVE;
	g->leaders[1].activations = 4;
	cr_assert_geq(failures(g, "leaders", &f), 1);
	cr_assert(strstr(f.why, "5.14"), "%s", f.why);
	session_free(&s);
}

/* 11.1: the totals are what the eliminations were worth */
Test(soak, rout_points_equal_eliminations_11_1)
{
	struct session s;
	start(&s, "sandbox");
	struct game *g = s.game;
	cr_assert_eq(run(&s, "setup eliminate h1"), CMD_OK);
	cr_assert_eq(g->rout_points[0], 6, "h1: TQ 6 (11.1)");
	cr_assert_eq(failures(g, "rout_points", NULL), 0);
	g->rout_points[0] = 5;
	struct soak_failure f;
	cr_assert_geq(failures(g, "rout_points", &f), 1);
	cr_assert(strstr(f.why, "11.1"), "%s", f.why);
	g->rout_points[0] = 6;
	g->units[0].eliminated = false; /* back, yet its points stay */
	g->units[0].on_map = true;
	cr_assert_geq(failures(g, "rout_points", &f), 1);
	session_free(&s);
}

/* 8.64, 10.24, 2.6: off the map only when eliminated, pursuing (cavalry)
 * or a reinforcement to come */
Test(soak, off_map_only_pursuing_or_eliminated_8_64)
{
	struct session s;
	struct game *g = hand_game(&s);
	g->units[0].on_map = false;
	struct soak_failure f;
	cr_assert_eq(failures(g, "off_map", &f), 1);
	cr_assert(strstr(f.why, "h1"), "%s", f.why);
	g->units[0].off_map = true; /* "pursuing", but infantry: 8.6 */
	cr_assert_eq(failures(g, "off_map", &f), 1);
	cr_assert(strstr(f.why, "8.6"), "%s", f.why);
	session_free(&s);
}

/* The game file the session keeps, loaded again as `maniple FILE` does,
 * gives the same digest; a state changed behind the journal's back does
 * not. */
Test(soak, reload_gives_the_same_digest)
{
	struct session s;
	struct game *g = hand_game(&s);
	char dir[] = "/tmp/test_soak-XXXXXX";
	cr_assert_not_null(mkdtemp(dir));
	char why[512];
	cr_assert(soak_reload(&s, dir, why, sizeof why), "%s", why);
	g->units[0].hits = 3;
	cr_assert_not(soak_reload(&s, dir, why, sizeof why));
	cr_assert(strstr(why, "digest"), "%s", why);
	rmdir(dir);
	session_free(&s);
}

/* 6.77, 6.67 (a ruling; the soak, drill seed 1): a unit stacked with a
 * friend does not go into Column there */
Test(soak, no_column_in_a_stack_6_77)
{
	struct game *g = fx_field();
	struct unit *mi = fx_unit(g, "mi", 0, UT_MI, fx_hex("3015"), FACE_NE, 5);
	fx_unit(g, "li", 0, UT_LI, fx_hex("3014"), FACE_NE, 6);
	struct move m;
	cr_assert(move_begin(g, mi, &m));
	cr_assert(move_apply_step(g, &m, fx_hex("3014")), "%s",
		  m.refusal ? m.refusal : "");
	struct move_step st;
	cr_assert_not(column_form_check(g, &m, true, SIDE_N, &st));
	cr_assert_str_eq(st.rule, "6.77");
	/* alone, it may (6.71) */
	struct game *h = fx_field();
	struct unit *m2 = fx_unit(h, "mi", 0, UT_MI, fx_hex("3015"), FACE_NE,
				  5);
	cr_assert(move_begin(h, m2, &m));
	cr_assert(move_apply_step(h, &m, fx_hex("3014")));
	cr_assert(column_form_check(h, &m, true, SIDE_N, &st), "%s",
		  st.refusal);
	game_free(g);
	game_free(h);
}

/* 6.75 (the soak, drill seed 35): a unit In Column fires no missiles, so
 * it uses no H&D (8.31); out of Column the same H&D is allowed */
Test(soak, no_hd_in_column_6_75)
{
	struct game *g = fx_field();
	struct unit *li = fx_unit(g, "li", 1, UT_LI, fx_hex("2516"), FACE_E, 6);
	li->missile = MC_J;
	fx_unit(g, "foe", 0, UT_HI, fx_hex("2716"), FACE_W, 6);
	struct harass_check c;
	cr_assert(harass_check(g, 0, 1, NULL, 0, &c), "%s (%s)", c.why,
		  c.rule ? c.rule : "");
	li->at.in_column = true;
	li->at.facing = SIDE_ENE;
	cr_assert_not(harass_check(g, 0, 1, NULL, 0, &c));
	cr_assert_str_eq(c.rule, "6.75", "%s", c.why);
	game_free(g);
}

/* 8.33 (a ruling; the soak, drill seed 35): the harassing unit throws
 * from its path's last hex facing the target, whatever facing it began
 * with: light cavalry facing NW curls round to a target behind that
 * facing, and its volley is thrown (it used to be refused, 8.13) */
Test(soak, hd_volley_thrown_facing_the_target_8_33)
{
	struct game *g = fx_field();
	struct unit *lc = fx_unit(g, "lc", 0, UT_LC, fx_hex("2320"), FACE_NW,
				  9);
	lc->missile = MC_MJ;
	fx_unit(g, "mi", 1, UT_MI, fx_hex("2619"), FACE_SW, 6);
	struct hex path[3] = {fx_hex("2319"), fx_hex("2419"), fx_hex("2518")};
	struct harass_check c;
	cr_assert(harass_check(g, 0, 1, path, 3, &c), "%s (%s)", c.why,
		  c.rule ? c.rule : "");
	g->ord.moving = true;
	g->ord.mover_unit = 0;
	g->ord.stack_mate = -1;
	cr_assert(move_begin(g, lc, &g->ord.move));
	size_t from = g->events.n;
	cr_assert(dice_force(&g->dice, 1));
	struct cmd_result r = {0};
	cr_assert(harass_fire(g, &c, -1, NULL, 0, &r), "%s (%s)", r.reason,
		  r.rule);
	const struct event *vol = fx_event(g, from, "missile_fire");
	cr_assert_not_null(vol);
	cr_assert_str_eq(event_get(vol, "kind"), "hd");
	cr_assert_eq(lc->at.facing, FACE_NW, "back where it was, as it was");
	cr_assert(hex_eq(lc->at.hex[0], fx_hex("2320")));
	game_free(g);
}

/* 6.69 (the soak, drill seed 17): a skirmisher withdrawing (9.21) into a
 * friend's hex it may pass but not stop in must go on: `legal` lists the
 * hexes on, no facing change and no `done` (the commands refuse them) */
Test(soak, stranded_withdrawal_lists_no_end_6_69)
{
	struct game *g = fx_field();
	g->phase = PHASE_MOVEMENT;
	struct unit *sk = fx_unit(g, "sk", 1, UT_SK, fx_hex("3010"), FACE_W, 6);
	sk->missile = MC_A;
	fx_unit(g, "hi2", 1, UT_HI, fx_hex("3110"), FACE_W, 6);
	struct unit *hi = fx_unit(g, "hi", 0, UT_HI, fx_hex("2810"), FACE_E, 6);
	ow_collect(g, (int)(hi - g->units), true);
	struct cmd_result r;
	cmd_result_init(&r);
	withdraw_command(g, "sk", "3110", NULL, &r);
	cr_assert_eq(r.status, CMD_OK, "%s (%s)", r.reason, r.rule);
	cmd_result_free(&r);
	const char *rule = NULL;
	cr_assert_not_null(stacking_stop_refusal(g, sk, NULL, &rule),
			   "the chart lets sk stop with hi2: no test");
	struct decision_answer a[64];
	int n = ow_legal(g, a, 64), on = 0;
	for (int i = 0; i < n; i++) {
		cr_assert_null(strstr(a[i].line, " face "), "%s", a[i].line);
		cr_assert_null(strstr(a[i].line, " done"), "%s", a[i].line);
		on += strncmp(a[i].line, "withdraw sk 3", 13) == 0;
	}
	cr_assert_gt(on, 0, "a hex on is listed");
	cmd_result_init(&r);
	withdraw_command(g, "sk", "done", NULL, &r);
	cr_assert_eq(r.status, CMD_REFUSED);
	cmd_result_free(&r);
	game_free(g);
}

/* 6.61, 6.69 (the soak, Cannae seed 1): a mover passing through a full
 * stack makes three units in the hex for a moment; counted once it
 * stops, not while its move is open */
Test(soak, passing_through_a_full_stack_6_61)
{
	struct game *g = fx_field();
	fx_unit(g, "a", 0, UT_LG, fx_hex("3014"), FACE_NE, 5);
	fx_unit(g, "b", 0, UT_LG, fx_hex("3014"), FACE_NE, 5);
	fx_unit(g, "c", 0, UT_LG, fx_hex("3014"), FACE_NE, 5);
	struct soak_failure f;
	cr_assert_geq(failures(g, "stacking", &f), 1);
	cr_assert(strstr(f.why, "6.61") && strstr(f.why, "3 units"), "%s",
		  f.why);
	g->ord.moving = true;
	g->ord.mover_unit = 2;
	g->ord.stack_mate = -1;
	cr_assert_eq(failures(g, "stacking", NULL), 0);
	game_free(g);
}

/* The event of kind with leader=id at or after event from, or NULL. */
static const struct event *leader_event(const struct game *g, size_t from,
					const char *kind, const char *id)
{
	for (size_t i = from; i < g->events.n; i++) {
		const struct event *e = logged_event(&g->events, i);
		const char *who = event_get(e, "leader");
		if (strcmp(e->kind, kind) == 0 && who && strcmp(who, id) == 0)
			return e;
	}
	return NULL;
}

/* A sandbox hand game with the tribune (Initiative 3) active, his
 * Orders Phase open; eio: as the Elite Initiative Orders leader (5.51). */
static struct game *tribune_active(struct session *s, bool eio)
{
	start(s, "sandbox");
	cr_assert_eq(run(s, "continue"), CMD_OK);
	cr_assert_eq(run(s, "activate tribune"), CMD_OK);
	struct game *g = s->game;
	cr_assert_eq(g->active_leader, 1);
	cr_assert_eq(seq_step_now(g), SEQ_ORDERS);
	if (eio)
		g->seq.eio_leader = 1;
	return g;
}

/* 4.73, 8.19, TABLES.md 6 (the soak, Bagradas seed 2 with the mixed
 * policy): a casualty roll Finishes the active leader in his own Orders
 * Phase.  The phase runs on (4.25: he orders nothing more); at its end
 * he may not attempt momentum (no Momentum step) and stays Finished.
 * The invariant lets an active leader be Finished only after such a
 * roll, and never at the Momentum step. */
Test(soak, casualty_finishes_the_active_leader_4_73)
{
	struct session s;
	struct game *g = tribune_active(&s, false);
	struct soak_failure f;
	g->leaders[1].state = LS_FINISHED; /* with no casualty: a bug */
	cr_assert_eq(failures(g, "leaders", &f), 1);
	cr_assert(strstr(f.why, "5.11") && strstr(f.why, "tribune"), "%s",
		  f.why);
	g->leaders[1].state = LS_ACTIVE;
	cr_assert_eq(run(&s, "roll 5"), CMD_OK); /* TABLES.md 6: Finished */
	size_t from = g->events.n;
	leader_casualty_check(g, 1, "8.19");
	const struct event *e = leader_event(g, from, "leader_casualty",
					     "tribune");
	cr_assert_not_null(e);
	cr_assert_str_eq(event_get(e, "result"), "finished");
	cr_assert_eq(g->leaders[1].state, LS_FINISHED);
	cr_assert_eq(g->active_leader, 1);
	cr_assert_eq(failures(g, "leaders", NULL), 0);
	from = g->events.n;
	cr_assert_eq(run(&s, "orders done"), CMD_OK);
	e = leader_event(g, from, "momentum_barred", "tribune");
	cr_assert_not_null(e, "no momentum_barred for the tribune");
	cr_assert_str_eq(event_get(e, "why"), "casualty");
	cr_assert_str_eq(event_get(e, "rule"), "4.73");
	cr_assert_neq(seq_step_now(g), SEQ_MOMENTUM);
	cr_assert_eq(g->leaders[1].state, LS_FINISHED);
	cr_assert_neq(g->active_leader, 1);
	cr_assert_eq(run(&s, "activate tribune"), CMD_REFUSED);
	cr_assert_eq(failures(g, "leaders", NULL), 0);
	session_free(&s);
}

/* 4.73 over 5.52: an EIO leader Finished by a casualty in his Elite
 * Initiative Orders Phase does not go back to inactive; and the
 * invariant names a Finished active leader offered momentum. */
Test(soak, casualty_in_the_eio_phase_stays_finished_4_73)
{
	struct session s;
	struct game *g = tribune_active(&s, true);
	cr_assert_eq(run(&s, "roll 5"), CMD_OK);
	leader_casualty_check(g, 1, "8.19");
	cr_assert_eq(g->leaders[1].state, LS_FINISHED);
	/* what the engine did before the fix: the Momentum step */
	enum phase ph = g->phase;
	g->seq.step = SEQ_MOMENTUM;
	g->phase = PHASE_MOMENTUM;
	struct soak_failure f;
	cr_assert_eq(failures(g, "leaders", &f), 1);
	cr_assert(strstr(f.why, "4.73") && strstr(f.why, "momentum"), "%s",
		  f.why);
	g->seq.step = SEQ_ORDERS;
	g->phase = ph;
	cr_assert_eq(run(&s, "orders done"), CMD_OK);
	cr_assert_eq(g->leaders[1].state, LS_FINISHED);
	cr_assert_eq(g->seq.eio_leader, -1);
	cr_assert_eq(run(&s, "activate tribune"), CMD_REFUSED);
	session_free(&s);
}

/* Hastati over principes of one legion: a stack 6.69 allows. */
static void hastati_principes(struct unit *ha, struct unit *pr)
{
	snprintf(ha->cls, sizeof ha->cls, "HA");
	snprintf(pr->cls, sizeof pr->cls, "PR");
	ha->legion = pr->legion = 3;
}

/* 6.67, 8.33, 7.15 (the soak, drill seed 4265): the target of an H&D
 * stacked with a friend turns as a stack, both units to the same facing
 * (the stack's 7.15 offer turns both too); a stack whose other unit
 * already turned this phase makes no such change */
Test(soak, hd_target_turns_with_its_stack_6_67)
{
	struct game *g = fx_field();
	struct unit *lc = fx_unit(g, "lc", 1, UT_LC, fx_hex("2320"), FACE_NW,
				  9);
	lc->missile = MC_MJ;
	struct unit *ha = fx_unit(g, "ha", 0, UT_LG, fx_hex("2619"), FACE_SW,
				  5);
	struct unit *pr = fx_unit(g, "pr", 0, UT_LG, fx_hex("2619"), FACE_SW,
				  5);
	hastati_principes(ha, pr);
	struct soak_failure f;
	cr_assert_eq(failures(g, "stacking", &f), 0, "%s", f.why);
	struct hex path[3] = {fx_hex("2319"), fx_hex("2419"), fx_hex("2518")};
	struct harass_check c;
	cr_assert(harass_check(g, 0, 1, path, 3, &c), "%s (%s)", c.why,
		  c.rule ? c.rule : "");
	g->ord.moving = true;
	g->ord.mover_unit = 0;
	g->ord.stack_mate = -1;
	cr_assert(move_begin(g, lc, &g->ord.move));
	struct cmd_result r;
	cmd_result_init(&r);
	harass_declare(g, &c, &r);
	cr_assert_eq(r.status, CMD_OK, "%s (%s)", r.reason, r.rule);
	cr_assert(harass_pending(g));
	struct decision_answer a[16];
	int n = harass_legal(g, a, 16), faces = 0;
	for (int i = 0; i < n; i++)
		faces += strncmp(a[i].line, "react face ha ", 14) == 0;
	cr_assert_eq(faces, 2, "both one-vertex turns are listed");
	for (int k = 0; k < 4; k++)
		cr_assert(dice_force(&g->dice, 0));
	size_t from = g->events.n;
	harass_react_face(g, 1, FACE_W, &r);
	cr_assert_eq(r.status, CMD_OK, "%s (%s)", r.reason, r.rule);
	cr_assert_eq(ha->at.facing, FACE_W);
	cr_assert_eq(pr->at.facing, FACE_W, "6.67: the stack turns as one");
	cr_assert(g->react.faced[1] && g->react.faced[2]);
	int turned = 0;
	for (size_t i = from; i < g->events.n; i++)
		turned += strcmp(event_log_kind(&g->events, i), "reaction_facing") == 0;
	cr_assert_eq(turned, 2);
	cr_assert_eq(failures(g, "stacking", NULL), 0);
	cmd_result_free(&r);
	game_free(g);

	/* the mate turned already: the target may not turn alone */
	g = fx_field();
	lc = fx_unit(g, "lc", 1, UT_LC, fx_hex("2320"), FACE_NW, 9);
	lc->missile = MC_MJ;
	hastati_principes(
		fx_unit(g, "ha", 0, UT_LG, fx_hex("2619"), FACE_SW, 5),
		fx_unit(g, "pr", 0, UT_LG, fx_hex("2619"), FACE_SW, 5));
	cr_assert(harass_check(g, 0, 1, path, 3, &c));
	g->react.faced[2] = true;
	g->ord.moving = true;
	g->ord.mover_unit = 0;
	g->ord.stack_mate = -1;
	cr_assert(move_begin(g, lc, &g->ord.move));
	cmd_result_init(&r);
	harass_declare(g, &c, &r);
	n = harass_legal(g, a, 16);
	for (int i = 0; i < n; i++)
		cr_assert_null(strstr(a[i].line, "react face"), "%s",
			       a[i].line);
	if (harass_pending(g)) {
		cmd_result_free(&r);
		cmd_result_init(&r);
		harass_react_face(g, 1, FACE_W, &r);
		cr_assert_eq(r.status, CMD_REFUSED);
	}
	cmd_result_free(&r);
	game_free(g);
}

/* The shipped battles, for a session (the drill). */
static struct battle *shipped(void *user, const char *name,
			      struct ini_error *err)
{
	(void)user;
	char path[1024];
	memset(err, 0, sizeof *err);
	if (!battle_path(fx_srcdir(), name, path, (int)sizeof path)) {
		snprintf(err->msg, sizeof err->msg, "no battle %s", name);
		return NULL;
	}
	return battle_load(path, err);
}

static bool listed(const struct game *g, const char *line)
{
	static struct decision_answer a[512];
	int n = seq_legal(g, a, 512);
	for (int i = 0; i < n; i++)
		if (strcmp(a[i].line, line) == 0)
			return true;
	return false;
}

/* 6.41, 6.11, 10.22 (the soak, Bagradas seed 162): a phalanx has spent
 * its 5th MP; the TQ check at its move's end will rout it (forced 9, at
 * 6 hits of TQ 7) or not (forced 0).  An order to another unit ends the
 * move first, so it waits for `halt` whatever the die (issue 11: the list
 * once told how the die would fall); `halt` is listed and makes the
 * roll, and the order comes back unless the phalanx routed. */
Test(soak, order_waits_for_halt_whatever_the_die_6_41)
{
	for (int k = 0; k < 2; k++) {
		struct session s;
		session_init(&s, shipped, spqr_tables_loader, NULL, 1);
		const char *play[] = {
			"new drill sandbox 1", "setup hits ph1 2",
			"setup remove ve1",    "setup remove sl1",
			"continue",	       "pass",
			"activate mago",       "order ph1",
			"move 2815,2816",      "face SW",
			"face W",	       "face NW",
			"face W",	       k ? "roll 0" : "roll 9",
			NULL,
		};
		for (const char *const *l = play; *l; l++)
			cr_assert_eq(run(&s, *l), CMD_OK, "%s", *l);
		struct game *g = s.game;
		cr_assert_eq(g->ord.move.mp_spent, 5);
		cr_assert_eq(game_unit(g, "ph1")->hits, 6);
		cr_assert(listed(g, "halt"));
		cr_assert_not(listed(g, "order mi1"), "roll %s",
			      k ? "0" : "9");
		cr_assert_eq(run(&s, "order mi1"), CMD_REFUSED);
		cr_assert_eq(run(&s, "halt"), CMD_OK);
		g = s.game;
		cr_assert_eq(game_unit(g, "ph1")->routed, k == 0);
		cr_assert_eq(listed(g, "order mi1"), k == 1);
		if (k == 1)
			cr_assert_eq(run(&s, "order mi1"), CMD_OK);
		session_free(&s);
	}
}

/* 6.69, 7.23, 7.15 (a ruling; the soak, mixed drill seed 1849): the
 * velites pass through the hastati's hex (they may not stop there); the
 * enemy's reaction facing puts that hex in its ZOC.  The velites are not
 * stopped there, where they could neither stop nor go on (no legal
 * action at all): they go on, and the ZOC stops them in the next hex. */
Test(soak, passing_unit_caught_in_a_zoc_goes_on_6_69_7_23)
{
	struct session s;
	session_init(&s, shipped, spqr_tables_loader, NULL, 1);
	const char *play[] = {
		"new drill sandbox 1",	"setup unit ha1 2616 W",
		"setup unit ve1 2516 E", "setup unit hi2 2716 NE",
		"continue",		"activate tribune",
		"order ve1",		"move 2616",
		NULL,
	};
	for (const char *const *l = play; *l; l++)
		cr_assert_eq(run(&s, *l), CMD_OK, "%s", *l);
	cr_assert(listed(s.game, "react face hi2 NW"));
	size_t from = s.game->events.n;
	cr_assert_eq(run(&s, "react face hi2 NW"), CMD_OK);
	struct game *g = s.game;
	cr_assert_null(fx_event(g, from, "move_stopped"));
	cr_assert_not(g->ord.move.stopped);
	const char *rule = NULL;
	cr_assert_not_null(stacking_stop_refusal(g, game_unit(g, "ve1"), NULL,
						 &rule),
			   "ve1 may not stop with ha1: no test");
	cr_assert(listed(g, "move 2715"));
	cr_assert_eq(failures(g, "stacking", NULL), 0);
	cr_assert_eq(run(&s, "move 2715"), CMD_OK);
	g = s.game;
	cr_assert(g->ord.move.stopped, "7.23: in hi2's ZOC now");
	if (listed(g, "no reaction")) /* 6.5: an archer's withdrawal */
		cr_assert_eq(run(&s, "no reaction"), CMD_OK);
	g = s.game;
	cr_assert(listed(g, "halt"));
	struct soak_failure all[8];
	cr_assert_eq(soak_invariants(g, all, 8), 0, "%s", all[0].why);
	session_free(&s);
}
