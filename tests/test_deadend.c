/* Dead ends in the Orders Phase (SPQR 6.63, 6.67, 6.69; 5.27): a unit
 * standing in a friend's hex may not turn so that it could then neither
 * end its move there nor leave it, and `legal` offers `orders done` and
 * `halt` only while the open move may end.  Hand-built positions on the
 * all-clear fixture map (tests/fixtures/map-clear.ini; moves run east
 * along row 10: 3010 -> 3110 -> 3210, Front hexes when facing E), the
 * drill battle through the command language, and a position the random
 * autoplay player got stuck in (tests/fixtures/autoplay-dead-end-6.67.txt,
 * replayed; its 6.69 twin, bagradas seed 5, is the elephant test here:
 * that script no longer replays since forming Column in a stack is
 * refused, 6.77). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/movement.h"
#include "maniple/orders.h"
#include "maniple/phalanx.h"
#include "maniple/sequence.h"
#include "maniple/stacking.h"
#include "move_fixture.h"
#include "spqr_tables.h"

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

static void turn(struct game *g, struct move *m, enum facing f)
{
	struct move_step s;
	cr_assert(facing_change_check(g, m, f, &s), "face %s: %s (%s)",
		  facing_name(f), s.refusal ? s.refusal : "",
		  s.rule ? s.rule : "");
	cr_assert(facing_change_apply(g, m, f));
}

/* The turn is refused naming rule, and changes nothing. */
static void no_turn(struct game *g, struct move *m, enum facing f,
		    const char *rule)
{
	struct move_step s;
	const struct unit *u = &g->units[m->unit];
	int was = u->at.facing, spent = m->mp_spent;
	cr_assert_not(facing_change_check(g, m, f, &s), "face %s allowed",
		      facing_name(f));
	cr_assert_str_eq(s.rule ? s.rule : "", rule, "face %s: %s",
			 facing_name(f), s.refusal ? s.refusal : "");
	cr_assert_not(facing_change_apply(g, m, f));
	cr_assert_eq(u->at.facing, was);
	cr_assert_eq(m->mp_spent, spent);
}

static const char *stop_rule(const struct game *g, const struct unit *u)
{
	const char *rule = NULL;
	const char *why = stacking_stop_refusal(g, u, NULL, &rule);
	return why ? (rule ? rule : "?") : NULL;
}

/* ---- 6.69: a hex the unit may only pass through ---- */

/* 6.69 (bagradas seed 5): an elephant (Basic on the chart) passes a
 * friend's hex at 1 hit each, may not stop there, and turns for 2 MP a
 * vertex (7.12).  With 4 MP left in the friend's hex it may turn once
 * (2 MP left: enough to step out), not twice, nor two vertices at once:
 * either would leave it there with no MP to leave. */
Test(deadend, elephant_may_not_spend_the_mp_it_needs_to_leave_6_69)
{
	struct game *g = fx_field();
	struct unit *el = fx_unit(g, "el07", 1, UT_EL, fx_hex("3010"), FACE_E,
				  5);
	fx_unit(g, "el08", 1, UT_EL, fx_hex("3110"), FACE_SE, 5);
	struct move m = begin(g, el);
	step(g, &m, "3110");
	cr_assert_eq(m.ma - m.mp_spent, 4);
	cr_assert_str_eq(stop_rule(g, el), "6.69");
	no_turn(g, &m, FACE_SW, "6.69"); /* 2 vertices: 4 MP, none left */
	turn(g, &m, FACE_SE);		 /* 1 vertex: 2 MP left */
	cr_assert_eq(m.ma - m.mp_spent, 2);
	no_turn(g, &m, FACE_SW, "6.69"); /* the last 2 MP */
	no_turn(g, &m, FACE_E, "6.69");
	/* the way out stays open: a Front hex of SE, then the move ends */
	step(g, &m, "3111");
	cr_assert_null(stop_rule(g, el));
	game_free(g);
}

/* The control: the same turns in an empty hex are allowed (7.12); it is
 * the friend in the hex (6.69) that refuses them above. */
Test(deadend, the_same_turns_in_an_empty_hex_are_free_7_12)
{
	struct game *g = fx_field();
	struct unit *el = fx_unit(g, "el07", 1, UT_EL, fx_hex("3010"), FACE_E,
				  5);
	struct move m = begin(g, el);
	step(g, &m, "3110");
	turn(g, &m, FACE_SE);
	turn(g, &m, FACE_SW);
	cr_assert_eq(m.ma - m.mp_spent, 0);
	game_free(g);
}

/* 6.63: a third unit in a Roman stack counts as Basic: it may only pass;
 * velites (6.69) may stop with no one.  A velites unit in a two-unit
 * stack with 1 MP left may not turn (1 MP, R5) away from its way out. */
Test(deadend, third_unit_in_a_stack_keeps_its_way_out_6_63)
{
	struct game *g = fx_field();
	struct unit *ve = fx_unit(g, "ve14", 0, UT_LI, fx_hex("3010"), FACE_E,
				  2);
	snprintf(ve->cls, sizeof ve->cls, "VE");
	ve->legion = 14;
	struct unit *ha = fx_unit(g, "ha14", 0, UT_LG, fx_hex("3110"), FACE_E,
				  5);
	snprintf(ha->cls, sizeof ha->cls, "HA");
	ha->legion = 14;
	struct unit *pr = fx_unit(g, "pr14", 0, UT_LG, fx_hex("3110"), FACE_E,
				  5);
	snprintf(pr->cls, sizeof pr->cls, "PR");
	pr->legion = 14;
	struct move m = begin(g, ve);
	step(g, &m, "3110");
	cr_assert_eq(m.ma - m.mp_spent, 1);
	cr_assert_str_eq(stop_rule(g, ve), "6.63");
	no_turn(g, &m, FACE_W, "6.63");
	step(g, &m, "3210");
	cr_assert_null(stop_rule(g, ve));
	game_free(g);
}

/* 6.43, 6.69 (bagradas seed 5, later): a phalanx pivoting keeps one half
 * where it was; when a friend is there, a pivot spending its last MP
 * would leave it in a hex it may not stop in (a two-hex unit stops with
 * no friend).  With 1 MP more the same pivot is allowed. */
static void pivot_with_friend(int ma, bool allowed)
{
	struct game *g = fx_field();
	struct unit *ph = fx_unit(g, "ph4", 1, UT_PH, fx_hex("2620"), FACE_E,
				  ma);
	ph->ma_ext = ma;
	ph->size = 10;
	game_unit_set_hex(g, ph, 1, fx_hex("2621"));
	cr_assert_null(footprint_check(&ph->at));
	fx_unit(g, "mi", 1, UT_MI, fx_hex("2620"), FACE_E, 4);
	struct move m = begin(g, ph);
	cr_assert_eq(m.ma, ma);
	struct move_step s;
	bool ok = phalanx_check_step(g, &m, fx_hex("2620"), fx_hex("2720"),
				     &s);
	cr_assert_eq(ok, allowed, "MA %d: %s (%s)", ma,
		     s.refusal ? s.refusal : "allowed", s.rule ? s.rule : "");
	if (!allowed)
		cr_assert_str_eq(s.rule, "6.69");
	game_free(g);
}

Test(deadend, phalanx_pivot_keeps_no_half_with_a_friend_on_its_last_mp_6_69)
{
	pivot_with_friend(1, false);
	pivot_with_friend(2, true);
}

/* ---- 6.67: the stack's facing ---- */

/* 6.67 (cannae seed 3): a hastati of XV joins a principes of XIV (6.69:
 * other colour, 1 hit each, may stop) and may stay only facing as it
 * does; a Roman turns any vertices for 1 MP (R5).  With its last MP it
 * may not turn away from the stack's facing: it could neither turn back
 * nor leave. */
Test(deadend, joining_unit_keeps_the_mp_to_face_as_the_stack_6_67)
{
	struct game *g = fx_field();
	struct unit *ha = fx_unit(g, "ha15", 0, UT_LG, fx_hex("3010"), FACE_E,
				  2);
	snprintf(ha->cls, sizeof ha->cls, "HA");
	ha->legion = 15;
	struct unit *pr = fx_unit(g, "pr14", 0, UT_LG, fx_hex("3110"), FACE_E,
				  5);
	snprintf(pr->cls, sizeof pr->cls, "PR");
	pr->legion = 14;
	struct move m = begin(g, ha);
	step(g, &m, "3110");
	cr_assert_eq(ha->hits, 1);
	cr_assert_eq(pr->hits, 1);
	cr_assert_null(stop_rule(g, ha));
	cr_assert_eq(m.ma - m.mp_spent, 1);
	no_turn(g, &m, FACE_W, "6.67");
	no_turn(g, &m, FACE_SE, "6.67");
	cr_assert_null(stop_rule(g, ha)); /* it may still end here */
	game_free(g);
}

/* 6.67: with MP enough to turn back, the turn away is allowed, and the
 * turn back to the stack's facing is always open. */
Test(deadend, turning_away_is_allowed_with_mp_to_turn_back_6_67)
{
	struct game *g = fx_field();
	struct unit *ha = fx_unit(g, "ha15", 0, UT_LG, fx_hex("3010"), FACE_E,
				  3);
	snprintf(ha->cls, sizeof ha->cls, "HA");
	ha->legion = 15;
	struct unit *pr = fx_unit(g, "pr14", 0, UT_LG, fx_hex("3110"), FACE_E,
				  5);
	snprintf(pr->cls, sizeof pr->cls, "PR");
	pr->legion = 14;
	struct move m = begin(g, ha);
	step(g, &m, "3110");
	turn(g, &m, FACE_SW); /* 1 MP left: turn back, or step out */
	cr_assert_str_eq(stop_rule(g, ha), "6.67");
	turn(g, &m, FACE_E);
	cr_assert_null(stop_rule(g, ha));
	game_free(g);
}

/* ---- a unit that starts its move in a friend's hex ---- */

static bool listed_in(const struct decision_answer *a, int n, const char *line)
{
	for (int i = 0; i < n; i++)
		if (strcmp(a[i].line, line) == 0)
			return true;
	return false;
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

static struct cmd_result res;

#define CALL(expr)                                                            \
	(cmd_result_free(&res), cmd_result_init(&res), (expr), res.status)

/* 6.6, 6.69 (the ruling in check_may_end): two medium infantry share a
 * hex, as a rout (10.25) may leave them; the top one, MA 1, is ordered.
 * It has not moved, so its order may end where it stands (`halt` and
 * `orders done` are offered and accepted); a turn there (1 MP) is
 * refused, since after it the unit could neither stay nor leave; the
 * step out is open. */
Test(deadend, a_unit_that_has_not_moved_may_end_in_a_friends_hex_6_6)
{
	struct game *g = fx_field();
	cmd_result_init(&res);
	struct leader *c = fx_leader(g, "consul", 0, fx_hex("2810"));
	c->overall = true;
	c->initiative = 5;
	c->command_range = 6;
	fx_unit(g, "mi2", 0, UT_MI, fx_hex("3010"), FACE_E, 1);
	struct unit *mi = fx_unit(g, "mi1", 0, UT_MI, fx_hex("3010"),
				  FACE_E, 1);
	cr_assert_str_eq(stop_rule(g, mi), "6.69");
	phase(g, c);
	cr_assert_eq(CALL(orders_order(g, "mi1", NULL, &res)), CMD_OK,
		     "%s (%s)", res.reason, res.rule);
	struct decision_answer a[256];
	int n = seq_legal(g, a, 256);
	bool halt = false, done = false;
	for (int i = 0; i < n; i++) {
		halt |= strcmp(a[i].line, "halt") == 0;
		done |= strcmp(a[i].line, "orders done") == 0;
		cr_assert_neq(strncmp(a[i].line, "face ", 5), 0, "%s listed",
			      a[i].line);
	}
	cr_assert(halt && done);
	cr_assert(listed_in(a, n, "move 3110"));
	cr_assert_eq(CALL(orders_face(g, "SE", &res)), CMD_REFUSED);
	cr_assert_str_eq(res.rule, "6.69", "%s", res.reason);
	cr_assert_eq(mi->at.facing, FACE_E);
	cr_assert_eq(CALL(orders_halt(g, &res)), CMD_OK, "%s (%s)",
		     res.reason, res.rule);
	cmd_result_free(&res);
	game_free(g);
}

/* ---- `legal` and `orders done` (5.27, 6.11, 6.69) ---- */

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

static bool listed(const struct game *g, const char *line)
{
	struct decision_answer a[512];
	int n = seq_legal(g, a, 512);
	for (int i = 0; i < n; i++)
		if (strcmp(a[i].line, line) == 0)
			return true;
	return false;
}

/* 5.27, 6.11, 6.69: while the velites stand in the hastati's hex (a
 * hex they may only pass) `legal` offers neither `orders done` nor
 * `halt`, but the steps out; once out, both again. */
Test(deadend, legal_offers_no_orders_done_while_the_move_may_not_end_6_69)
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
	cr_assert(listed(s.game, "orders done"));
	EXEC_OK(&s, "move 2415", &r); /* ha1's hex */
	cr_assert_not(listed(s.game, "orders done"));
	cr_assert_not(listed(s.game, "halt"));
	cr_assert(listed(s.game, "move 2515"));
	cr_assert_eq(exec(&s, "orders done", &r), CMD_REFUSED);
	cr_assert_str_eq(r.rule, "6.69", "%s", r.reason);
	EXEC_OK(&s, "move 2515", &r);
	cr_assert(listed(s.game, "orders done"));
	cr_assert(listed(s.game, "halt"));
	EXEC_OK(&s, "orders done", &r);
	cmd_result_free(&r);
	session_free(&s);
}

/* ---- the autoplay reproducers ---- */

#define LINES_MAX 400

struct script {
	char *line[LINES_MAX];
	int n;
};

static void script_read(struct script *sc, const char *name)
{
	char path[2048];
	snprintf(path, sizeof path, "%s/tests/fixtures/%s", fx_srcdir(), name);
	FILE *f = fopen(path, "r");
	cr_assert_not_null(f, "%s", path);
	char buf[512];
	sc->n = 0;
	while (fgets(buf, sizeof buf, f) && sc->n < LINES_MAX) {
		buf[strcspn(buf, "\r\n")] = '\0';
		if (buf[0] == '\0' || buf[0] == '#')
			continue;
		sc->line[sc->n++] = strdup(buf);
	}
	fclose(f);
}

static void script_free(struct script *sc)
{
	for (int i = 0; i < sc->n; i++)
		free(sc->line[i]);
}

/* A session after the script's first n lines, each accepted (a line
 * refused means the engine has changed under the reproducer). */
static void replay(struct session *s, struct cmd_result *r,
		   const struct script *sc, int n)
{
	session_init(s, fx_loader, spqr_tables_loader, NULL, 1);
	cmd_result_init(r);
	for (int i = 0; i < n; i++)
		cr_assert_eq(exec(s, sc->line[i], r), CMD_OK,
			     "the reproducer no longer replays: line %d "
			     "`%s`: %s (%s)",
			     i + 1, sc->line[i], r->reason, r->rule);
}

/* The script's last command, once the turn into the dead end, is
 * refused naming rule and changes nothing; then every action `legal`
 * lists is accepted (each tried on a fresh replay), and while the move
 * may not end, none of them ends it but a step out is among them. */
static void no_dead_end(const char *file, const char *rule)
{
	struct script sc;
	script_read(&sc, file);
	cr_assert_gt(sc.n, 1);
	struct session s;
	struct cmd_result r;
	replay(&s, &r, &sc, sc.n - 1);
	char *before = game_state_text(s.game);
	cr_assert_eq(exec(&s, sc.line[sc.n - 1], &r), CMD_REFUSED, "%s",
		     sc.line[sc.n - 1]);
	cr_assert_str_eq(r.rule, rule, "%s", r.reason);
	char *after = game_state_text(s.game);
	cr_assert_str_eq(before, after);
	free(before);
	free(after);
	struct decision_answer a[512];
	int n = seq_legal(s.game, a, 512);
	cr_assert_gt(n, 0);
	/* 5.27, 6.11: no way to end the move is listed unless it may end;
	 * then a step is */
	struct cmd_result mr;
	cmd_result_init(&mr);
	bool may_end = orders_move_may_end(s.game, &mr);
	cmd_result_free(&mr);
	bool ends = false, steps = false;
	for (int i = 0; i < n; i++) {
		if (strcmp(a[i].line, "orders done") == 0 ||
		    strcmp(a[i].line, "halt") == 0)
			ends = true;
		if (strncmp(a[i].line, "move ", 5) == 0)
			steps = true;
	}
	cr_assert(may_end || !ends, "a way to end the move is listed");
	cr_assert(may_end || steps, "no step is listed");
	cmd_result_free(&r);
	session_free(&s);
	for (int i = 0; i < n; i++) {
		struct session t;
		struct cmd_result tr;
		replay(&t, &tr, &sc, sc.n - 1);
		cr_assert_eq(exec(&t, a[i].line, &tr), CMD_OK,
			     "listed %s refused: %s (%s)", a[i].line,
			     tr.reason, tr.rule);
		cmd_result_free(&tr);
		session_free(&t);
	}
	script_free(&sc);
}

/* 6.67 (autoplay --policy random cannae 3): a15_co3, stacked with
 * a14_co2 with 1 MP left, may not turn away from a14_co2's facing. */
Test(deadend, cannae_3_cohort_turn_refused_6_67, .timeout = 120)
{
	no_dead_end("autoplay-dead-end-6.67.txt", "6.67");
}
