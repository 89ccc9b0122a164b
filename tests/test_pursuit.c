/* Cavalry pursuit (SPQR 8.61-8.65) with forced dice: when there is none
 * (each 8.61 bullet), the owner's pick among several cavalry, the 8.62
 * check (Break-Off, Pursue), following the router's path, the follow-up
 * shock and half the MA onward (the 8.63 Zama example), a router leaving
 * the map, Pursuit/Finished (8.63), Regroup and Return (8.64) and rout
 * points (8.65).
 *
 * The Shock segment's combats are built by hand (shock_add_combat) at the
 * Advance step; the follow-up batch's own steps are played by hand too
 * (hits on the router), then the batch is popped as the driver does. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/pending.h"
#include "maniple/pursuit.h"
#include "maniple/rout.h"
#include "maniple/sequence.h"
#include "maniple/shock.h"
#include "move_fixture.h"
#include "spqr_tables.h"

/* ---- fixtures ---- */

static void edges(struct game *g, const char *rome, const char *carthage)
{
	snprintf(g->battle->sides[0].retreat_edge,
		 sizeof g->battle->sides[0].retreat_edge, "%s", rome);
	snprintf(g->battle->sides[1].retreat_edge,
		 sizeof g->battle->sides[1].retreat_edge, "%s", carthage);
}

static void impassable(struct game *g, const char *hex)
{
	struct map_hex *mh = map_at_mut(g->battle->map, fx_hex(hex));
	cr_assert_not_null(mh);
	mh->terrain = TERRAIN_IMPASSABLE;
}

static int idx(const struct game *g, const struct unit *u)
{
	return (int)(u - g->units);
}

static bool at(const struct unit *u, const char *hex)
{
	return u->on_map && !u->off_map && hex_eq(u->at.hex[0], fx_hex(hex));
}

static const char *val(const struct game *g, const char *kind, const char *key)
{
	const struct event *e = fx_event(g, 0, kind);
	const char *v = e ? event_get(e, key) : NULL;
	return v ? v : "";
}

static void force(struct game *g, int die)
{
	cr_assert(dice_force(&g->dice, die));
}

/* A combat at the Advance step: attackers att[], defenders def[] (unit
 * indices, -1 ended), resolved on the CRT. */
static int combat(struct game *g, const int *att, const int *def)
{
	struct shock_state *s = &g->shock;
	s->step = SHS_ADVANCE;
	s->attacker = g->units[att[0]].side;
	int ci = shock_add_combat(g);
	cr_assert_geq(ci, 0);
	struct shock_combat *c = &s->c[ci];
	for (int k = 0; att[k] >= 0; k++) {
		c->att[c->natt] = att[k];
		c->att_at[c->natt++] = g->units[att[k]].at;
	}
	for (int k = 0; def[k] >= 0; k++) {
		c->def[c->ndef] = def[k];
		c->def_at[c->ndef++] = g->units[def[k]].at;
	}
	c->resolved = true;
	s->batch_begin = 0;
	s->batch_end = s->ncombats;
	s->cursor = ci;
	return ci;
}

/* 8.47 [1]: defender u of combat ci routs (its 10.22 move of 2 hexes) */
static void rout_defender(struct game *g, int ci, struct unit *u)
{
	u->hits = u->tq;
	shock_rout_unit(g, ci, idx(g, u), "8.47");
	cr_assert(u->routed || !game_unit_in_play(u));
}

/* The driver's pop back from a follow-up batch to the outer Advance */
static void pop(struct game *g)
{
	struct shock_state *s = &g->shock;
	cr_assert(s->nested);
	s->nested = false;
	s->step = s->outer_step;
	s->cursor = s->outer_cursor;
	s->sub = s->outer_sub;
	s->batch_begin = s->outer_begin;
	s->batch_end = s->outer_end;
}

/* Zama (8.63 example): Roman hastati in 2728, Carthaginian HC (TQ 7,
 * MA 7) in 2828 facing W; Rome retreats west, with 2629 and 2528
 * impassable so the rout goes 2728-2628-2527 as in the example. */
struct zama {
	struct game *g;
	struct unit *hc, *ha;
	int ci;
};

static struct zama zama(void)
{
	struct zama z;
	z.g = fx_field();
	edges(z.g, "west", "east");
	impassable(z.g, "2629");
	impassable(z.g, "2528");
	impassable(z.g, "2428");
	z.ha = fx_unit(z.g, "ha", 0, UT_LG, fx_hex("2728"), FACE_E, 5);
	z.hc = fx_unit(z.g, "hc", 1, UT_HC, fx_hex("2828"), FACE_W, 7);
	z.hc->tq = 7;
	int a[] = {idx(z.g, z.hc), -1}, d[] = {idx(z.g, z.ha), -1};
	z.ci = combat(z.g, a, d);
	rout_defender(z.g, z.ci, z.ha);
	cr_assert(at(z.ha, "2527"), "the hastati rout to 2527");
	return z;
}

/* ---- 8.61: when there is no pursuit ---- */

static void expect_none(struct game *g, int ci, const char *why,
			const char *rule)
{
	bool done = true;
	size_t n = g->events.n;
	cr_assert(pursuit_after_combat(g, ci, &done));
	cr_assert_not(done, "the cavalry advances after combat (8.5)");
	cr_assert_str_eq(val(g, "pursuit_none", "why"), why);
	cr_assert_str_eq(val(g, "pursuit_none", "rule"), rule);
	cr_assert_null(fx_event(g, n, "roll"), "no pursuit roll");
}

Test(pursuit, none_after_collapse_check_rout_8_61_bullet_1)
{
	struct zama z = zama();
	z.g->shock.c[z.ci].collapse_check_rout = true;
	expect_none(z.g, z.ci, "collapse_check_rout", "8.61");
	cr_assert_not(z.hc->pursuit);
	game_free(z.g);
}

Test(pursuit, none_when_rout_move_blocked_8_61_bullet_2)
{
	struct zama z = zama();
	z.g->shock.c[z.ci].rout_blocked_elimination = true;
	expect_none(z.g, z.ci, "rout_move_blocked", "8.61");
	game_free(z.g);
}

Test(pursuit, none_when_one_of_two_defenders_routs_8_61_bullet_3)
{
	struct game *g = fx_field();
	edges(g, "west", "east");
	struct unit *a = fx_unit(g, "a", 0, UT_LG, fx_hex("2728"), FACE_E, 5);
	struct unit *b = fx_unit(g, "b", 0, UT_LG, fx_hex("2729"), FACE_E, 5);
	struct unit *hc = fx_unit(g, "hc", 1, UT_HC, fx_hex("2828"), FACE_W, 7);
	int att[] = {idx(g, hc), -1}, def[] = {idx(g, a), idx(g, b), -1};
	int ci = combat(g, att, def);
	rout_defender(g, ci, a);
	expect_none(g, ci, "not_all_defenders_routed", "8.61");
	game_free(g);
}

Test(pursuit, none_when_the_cavalry_was_engaged_8_61_bullet_4_10_4)
{
	struct zama z = zama();
	z.hc->engaged = true;
	expect_none(z.g, z.ci, "cavalry_engaged", "10.4");
	game_free(z.g);
}

Test(pursuit, none_when_the_defenders_stand_8_61)
{
	struct game *g = fx_field();
	edges(g, "west", "east");
	struct unit *a = fx_unit(g, "a", 0, UT_LG, fx_hex("2728"), FACE_E, 5);
	struct unit *hc = fx_unit(g, "hc", 1, UT_HC, fx_hex("2828"), FACE_W, 7);
	int att[] = {idx(g, hc), -1}, def[] = {idx(g, a), -1};
	int ci = combat(g, att, def);
	expect_none(g, ci, "defenders_stand", "8.61");
	game_free(g);
}

Test(pursuit, none_in_a_battle_without_pursuit_8_6)
{
	struct zama z = zama();
	z.g->battle->no_pursuit = true;
	expect_none(z.g, z.ci, "not_in_this_battle", "8.6");
	game_free(z.g);
}

Test(pursuit, infantry_attackers_never_pursue_8_61)
{
	struct game *g = fx_field();
	edges(g, "west", "east");
	struct unit *a = fx_unit(g, "a", 0, UT_LG, fx_hex("2728"), FACE_E, 5);
	struct unit *hi = fx_unit(g, "hi", 1, UT_HI, fx_hex("2828"), FACE_W, 5);
	int att[] = {idx(g, hi), -1}, def[] = {idx(g, a), -1};
	int ci = combat(g, att, def);
	rout_defender(g, ci, a);
	bool done = true;
	size_t n = g->events.n;
	cr_assert(pursuit_after_combat(g, ci, &done));
	cr_assert_not(done);
	cr_assert_null(fx_event(g, n, "roll"));
	cr_assert_null(fx_event(g, n, "pursuit_none"));
	game_free(g);
}

/* 8.61: several victorious cavalry: one pursues, the owner's choice */
Test(pursuit, owner_picks_one_of_two_cavalry_8_61)
{
	struct zama z = zama();
	struct game *g = z.g;
	struct unit *lc =
		fx_unit(g, "lc", 1, UT_LC, fx_hex("2827"), FACE_SW, 8);
	struct shock_combat *c = &g->shock.c[z.ci];
	c->att[c->natt] = idx(g, lc);
	c->att_at[c->natt++] = lc->at;
	bool done;
	cr_assert_not(pursuit_after_combat(g, z.ci, &done));
	cr_assert_eq(g->shock.ask, SHA_PURSUIT);
	cr_assert_eq(g->shock.ask_side, 1);
	struct decision_answer a[8];
	int n = pursuit_legal(g, a, 8);
	cr_assert_eq(n, 2);
	cr_assert_str_eq(a[0].line, "pursue hc");
	cr_assert_str_eq(a[1].line, "pursue lc");
	/* the answer (as cmd_pursue sets it): lc; it rolls its TQ 6 */
	shock_answered(g);
	c->pursuer = idx(g, lc);
	force(g, 3);
	cr_assert(pursuit_after_combat(g, z.ci, &done));
	cr_assert_str_eq(val(g, "pursuit_check", "unit"), "lc");
	cr_assert(lc->pursuit);
	cr_assert_not(z.hc->pursuit);
	game_free(g);
}

/* `pursue` is refused naming 8.61 when no pursuit waits for it */
Test(pursuit, pursue_command_refused_when_not_owed_8_61)
{
	struct zama z = zama();
	struct session s;
	memset(&s, 0, sizeof s);
	s.game = z.g;
	char *argv[] = {"pursue", "hc"};
	struct cmd_result r;
	cmd_result_init(&r);
	cmd_pursue(&s, 2, argv, &r);
	cr_assert_eq(r.status, CMD_REFUSED);
	cr_assert_str_eq(r.rule, "8.61");
	cmd_result_free(&r);
	game_free(z.g);
}

/* ---- 8.62 Break-Off ---- */

Test(pursuit, break_off_router_moves_its_full_rout_movement_8_62)
{
	struct zama z = zama();
	struct game *g = z.g;
	force(g, 7); /* not higher than TQ 7 */
	bool done = true;
	cr_assert(pursuit_after_combat(g, z.ci, &done));
	cr_assert_str_eq(val(g, "pursuit_check", "result"), "break_off");
	cr_assert_not(done, "the cavalry advances after combat (8.5)");
	cr_assert(z.hc->pursuit, "Pursuit/Finished (8.63)");
	cr_assert(at(z.hc, "2828"), "the cavalry does not follow");
	/* MA 5, 2 MP used by the 10.22 move: 3 hexes more, west */
	cr_assert_str_eq(val(g, "rout_movement_now", "spent"), "2");
	cr_assert(z.ha->routed);
	cr_assert_eq(z.ha->at.hex[0].col, 22, "hastati at %04d",
		     hex_number(z.ha->at.hex[0]));
	game_free(g);
}

Test(pursuit, break_off_after_elimination_cavalry_advances_8_62)
{
	struct zama z = zama();
	struct game *g = z.g;
	cohesion_hits(g, z.ha, 1, "test", "8.46"); /* 10.27: eliminated */
	cr_assert(z.ha->eliminated);
	force(g, 2);
	bool done = true;
	cr_assert(pursuit_after_combat(g, z.ci, &done));
	cr_assert_str_eq(val(g, "pursuit_check", "result"), "break_off");
	cr_assert_not(done);
	cr_assert(at(z.hc, "2828"));
	game_free(g);
}

/* ---- 8.62 Pursue: the 8.63 Zama example ---- */

Test(pursuit, zama_example_pursue_attack_again_then_4_mp_on_8_62_8_63)
{
	struct zama z = zama();
	struct game *g = z.g;
	force(g, 8); /* higher than TQ 7: Pursue */
	bool done = false;
	cr_assert_not(pursuit_after_combat(g, z.ci, &done),
		      "the follow-up shock is under way");
	cr_assert_str_eq(val(g, "roll", "for"), "pursuit");
	cr_assert_str_eq(val(g, "pursuit_check", "result"), "pursue");
	cr_assert(z.hc->pursuit);
	/* it followed 2728 and stopped in 2628: the hastati in its ZOC */
	cr_assert(at(z.hc, "2628"), "hc at %04d", hex_number(z.hc->at.hex[0]));
	cr_assert_str_eq(val(g, "pursuit_stop", "why"), "enemy_in_zoc");
	cr_assert(g->shock.nested);
	int fc = g->shock.c[z.ci].pursuit_followup;
	cr_assert_eq(g->shock.batch_begin, fc);
	const struct shock_combat *f = &g->shock.c[fc];
	cr_assert(f->pursuit);
	cr_assert_eq(f->pursuer, idx(g, z.hc));
	cr_assert_eq(f->parent, z.ci);
	cr_assert_eq(f->natt, 1);
	cr_assert_eq(f->ndef, 1);
	cr_assert_eq(f->def[0], idx(g, z.ha));
	cr_assert_eq(g->shock.step, SHS_CHARGE, "8.43-8.47 follow");
	/* the follow-up: the routed hastati takes a hit: eliminated (10.27) */
	cohesion_hits(g, z.ha, 1, "shock", "8.46");
	cr_assert(z.ha->eliminated);
	g->shock.c[fc].def_gone[0] = true;
	g->shock.c[fc].resolved = true;
	pop(g);
	cr_assert(pursuit_after_combat(g, z.ci, &done));
	cr_assert(done, "the pursuit took the advance's place");
	/* 4 MP (MA 7 halved, up) the way the hastati fled: WNW */
	cr_assert_str_eq(val(g, "pursuit_onward", "mp"), "4");
	cr_assert_str_eq(val(g, "pursuit_onward", "way"), "WNW");
	cr_assert(at(z.hc, "2226"), "hc at %04d", hex_number(z.hc->at.hex[0]));
	game_free(g);
}

/* 8.62: routers in the follow-up move their full Rout Movement (10.23) */
Test(pursuit, followup_router_moves_full_rout_movement_8_62)
{
	struct zama z = zama();
	struct game *g = z.g;
	/* a fresh Roman unit next to where the pursuer stops (2628) */
	struct unit *pr = fx_unit(g, "pr", 0, UT_LG, fx_hex("2627"), FACE_E, 5);
	force(g, 9);
	bool done;
	cr_assert_not(pursuit_after_combat(g, z.ci, &done));
	cr_assert(at(z.hc, "2628"));
	int fc = g->shock.c[z.ci].pursuit_followup;
	cr_assert_geq(fc, 0);
	const struct shock_combat *f = &g->shock.c[fc];
	cr_assert_eq(f->ndef, 2, "both units in its ZOC (8.62)");
	cr_assert(shock_combat_role(g, fc, idx(g, pr), NULL) == 1);
	cr_assert(shock_combat_role(g, fc, idx(g, z.ha), NULL) == 1);
	/* the hastati is hit again: eliminated (10.27) */
	cohesion_hits(g, z.ha, 1, "shock", "8.46");
	/* pr routs in the follow-up: the whole MA of 5, not 2 hexes */
	pr->hits = pr->tq;
	shock_rout_unit(g, fc, idx(g, pr), "8.47");
	cr_assert(pr->routed);
	cr_assert_str_eq(val(g, "rout_movement_now", "spent"), "0");
	cr_assert(at(pr, "2126"), "pr at %04d", hex_number(pr->at.hex[0]));
	g->shock.c[fc].resolved = true;
	pop(g);
	/* still eligible: it follows again with no check, no combat */
	size_t n = g->events.n;
	cr_assert(pursuit_after_combat(g, z.ci, &done));
	cr_assert(done);
	cr_assert_null(fx_event(g, n, "roll"), "no second check (8.62)");
	cr_assert_null(fx_event(g, n, "pursuit_shock"), "no further combat");
	cr_assert_str_eq(val(g, "pursuit_again", "follows"), "pr");
	/* along pr's path, stopping with pr (2126) in its ZOC */
	cr_assert(at(z.hc, "2227"), "hc at %04d", hex_number(z.hc->at.hex[0]));
	game_free(g);
}

/* 8.62: the router leaves the map, the pursuer too; 8.65 no rout points
 * for it */
Test(pursuit, router_exits_map_pursuer_exits_too_8_62_8_65)
{
	struct game *g = fx_field();
	edges(g, "north", "south");
	struct unit *ha =
		fx_unit(g, "ha", 0, UT_LG, fx_hex("3001"), FACE_SE, 5);
	struct unit *hc =
		fx_unit(g, "hc", 1, UT_HC, fx_hex("3002"), FACE_NE, 7);
	hc->tq = 5;
	int att[] = {idx(g, hc), -1}, def[] = {idx(g, ha), -1};
	int ci = combat(g, att, def);
	rout_defender(g, ci, ha);
	cr_assert(ha->eliminated, "10.24: off the map");
	int rp0 = g->rout_points[0], rp1 = g->rout_points[1];
	cr_assert_gt(rp0, 0);
	force(g, 6);
	bool done = false;
	cr_assert(pursuit_after_combat(g, ci, &done));
	cr_assert(done);
	cr_assert(hc->off_map);
	/* off the map, not on it, till 8.64 (the soak, mixed drill 185) */
	cr_assert_not(hc->on_map);
	cr_assert_not(game_unit_in_play(hc));
	cr_assert(hex_eq(hc->pursuit_exit, fx_hex("3000")), "exit %04d",
		  hex_number(hc->pursuit_exit));
	cr_assert_str_eq(val(g, "pursuit_off_map", "exit"), "3000");
	/* 8.65 */
	cr_assert_eq(g->rout_points[1], rp1);
	cr_assert_eq(g->rout_points[0], rp0);
	game_free(g);
}

/* 8.62: stops on entering an enemy ZOC; no one in its own ZOC: no
 * combat */
Test(pursuit, stops_entering_enemy_zoc_8_62)
{
	struct zama z = zama();
	struct game *g = z.g;
	/* a Roman unit whose ZOC covers 2728 but that the pursuer, facing
	 * W there, does not have in its own ZOC */
	fx_unit(g, "ve", 0, UT_LG, fx_hex("2729"), FACE_NE, 5);
	force(g, 8);
	bool done = false;
	cr_assert(pursuit_after_combat(g, z.ci, &done));
	cr_assert(done);
	cr_assert(at(z.hc, "2728"), "hc at %04d", hex_number(z.hc->at.hex[0]));
	cr_assert_str_eq(val(g, "pursuit_stop", "why"), "entered_enemy_zoc");
	cr_assert_str_eq(val(g, "pursuit_no_followup", "why"),
			 "no_enemy_in_zoc");
	game_free(g);
}

/* ---- 8.63, 8.64 through the session ---- */

struct play {
	struct session s;
	struct cmd_result r;
};

static void ok(struct play *p, const char *line)
{
	session_exec(&p->s, line, &p->r);
	cr_assert_eq(p->r.status, CMD_OK, "%s: refused %s (%s)", line,
		     p->r.reason, p->r.rule);
}

static void refused(struct play *p, const char *line, const char *rule)
{
	char *before = game_state_text(p->s.game);
	session_exec(&p->s, line, &p->r);
	char *after = game_state_text(p->s.game);
	cr_expect_eq(p->r.status, CMD_REFUSED, "%s was not refused", line);
	cr_expect_str_eq(p->r.rule ? p->r.rule : "", rule, "%s: rule %s (%s)",
			 line, p->r.rule, p->r.reason);
	cr_expect_str_eq(before, after, "%s changed the game", line);
	free(before);
	free(after);
}

static bool legal_has(struct play *p, const char *line)
{
	struct decision_answer a[512];
	int n = seq_legal(p->s.game, a, 512);
	for (int i = 0; i < n; i++)
		if (strcmp(a[i].line, line) == 0)
			return true;
	return false;
}

/* The drill battle, the consul's Orders Phase (as tests/test_rally.c) */
static struct play *start(const char *const *setup)
{
	struct play *p = calloc(1, sizeof *p);
	cr_assert_not_null(p);
	session_init(&p->s, fx_loader, spqr_tables_loader, NULL, 1);
	p->s.checkpoint_every = 1; /* the game changed by hand too */
	cmd_result_init(&p->r);
	ok(p, "new drill sandbox 7");
	ok(p, "setup remove ar1");
	for (int i = 0; setup && setup[i]; i++)
		ok(p, setup[i]);
	ok(p, "roll 6 2");
	ok(p, "continue");
	ok(p, "roll 3");
	ok(p, "trump consul");
	ok(p, "no trump");
	return p;
}

static void stop(struct play *p)
{
	cmd_result_free(&p->r);
	session_free(&p->s);
	free(p);
}

Test(pursuit, pursuit_finished_may_turn_but_not_move_8_63)
{
	const char *setup[] = {"setup marker rc1 pursuit on", NULL};
	struct play *p = start(setup);
	/* it may change facing under an order, but not move */
	ok(p, "order rc1");
	refused(p, "move 2519", "8.63");
	ok(p, "face SE");
	cr_assert_eq(game_unit(p->s.game, "rc1")->at.facing, FACE_SE);
	cr_assert(
		hex_eq(game_unit(p->s.game, "rc1")->at.hex[0], fx_hex("2419")));
	stop(p);
}

Test(pursuit, regroup_and_return_8_64)
{
	const char *setup[] = {"setup marker rc1 off_map on", NULL};
	struct play *p = start(setup);
	struct unit *rc = game_unit(p->s.game, "rc1");
	rc->pursuit_exit = fx_hex("2020");
	/* only the OC, and only as his whole phase */
	refused(p, "regroup rc1 2120", "8.64");
	cr_assert(legal_has(p, "order consul regroup"));
	ok(p, "order consul regroup");
	cr_assert(legal_has(p, "regroup rc1 2018"), "legal lists a re-entry");
	cr_assert_eq(p->s.game->seq.orders_left, 0);
	refused(p, "order ha1", "5.21");
	/* the whole phase: no Line Command either, before or after the
	 * return */
	cr_assert_not(legal_has(p, "line horse"));
	refused(p, "line horse", "8.64");
	refused(p, "regroup rc1 2420", "8.64"); /* 4 hexes from 2020 */
	refused(p, "regroup ha1 2120", "8.64"); /* not off the map */
	ok(p, "regroup rc1 2120 E");
	cr_assert(game_unit_in_play(rc));
	cr_assert(hex_eq(rc->at.hex[0], fx_hex("2120")));
	refused(p, "regroup rc1 2121", "8.64"); /* back already */
	refused(p, "line horse", "8.64");
	stop(p);
}

Test(pursuit, regroup_refused_with_no_off_map_cavalry_8_64)
{
	struct play *p = start(NULL);
	cr_assert_not(legal_has(p, "order consul regroup"));
	refused(p, "order consul regroup", "8.64");
	stop(p);
}

Test(pursuit, regroup_refused_to_a_leader_not_the_oc_8_64)
{
	const char *setup[] = {"setup marker rc1 off_map on", NULL};
	struct play *p = start(setup);
	refused(p, "order tribune regroup", "8.64");
	stop(p);
}

/* ---- the whole Shock segment (drill battle, sandbox) ---- */

static struct play *shock_play(const char *const *lines)
{
	struct play *p = calloc(1, sizeof *p);
	cr_assert_not_null(p);
	session_init(&p->s, fx_loader, spqr_tables_loader, NULL, 1);
	p->s.checkpoint_every = 1; /* the game changed by hand too */
	cmd_result_init(&p->r);
	for (int i = 0; lines[i]; i++)
		ok(p, lines[i]);
	return p;
}

static const char *last_val(struct play *p, const char *kind, const char *key)
{
	return val(p->s.game, kind, key);
}

/* 8.62 end to end: Carthaginian HC (TQ 7) routs hastati 2720 -> 2620 ->
 * 2520; roll 9: Pursue into 2720, 2620 (the hastati in its ZOC), the
 * follow-up shock eliminates them (10.27), the HC goes on the way they
 * fled until an enemy ZOC stops it (7.23). */
Test(pursuit, drill_shock_segment_pursue_and_follow_up_8_62)
{
	const char *lines[] = {"new drill sandbox 1",
			       "setup remove ar1",
			       "setup unit ha1 2720 E",
			       "setup unit hc1 2820 W",
			       "setup hits ha1 3",
			       "setup phase shock",
			       "setup active hanno",
			       "setup leader-state hanno active",
			       "setup marker hc1 shock_must on",
			       "setup marker hc1 moved_phase on",
			       "continue",
			       "designate hc1 ha1",
			       "roll 1 1 9 9 9 9 9 9 9 9",
			       "designate done",
			       "rout 2620",
			       NULL};
	struct play *p = shock_play(lines);
	struct game *g = p->s.game;
	struct unit *hc = game_unit(g, "hc1"), *ha = game_unit(g, "ha1");
	cr_assert_str_eq(last_val(p, "pursuit_check", "result"), "pursue");
	cr_assert_str_eq(last_val(p, "pursuit_shock", "defenders"), "ha1");
	cr_assert(ha->eliminated, "the follow-up eliminated the hastati");
	cr_assert(hc->pursuit, "Pursuit/Finished (8.63)");
	cr_assert_str_eq(last_val(p, "pursuit_onward", "mp"), "4");
	cr_assert(at(hc, "2520"), "hc1 at %04d", hex_number(hc->at.hex[0]));
	cr_assert_not(shock_under_way(g));
	stop(p);
}

/* 8.61 end to end: two cavalry rout the hastati; Carthage names the
 * pursuer with `pursue` (a non-cavalry name is refused naming 8.61). */
Test(pursuit, drill_pursue_command_names_the_pursuer_8_61)
{
	const char *lines[] = {"new drill sandbox 1",
			       "setup remove ar1",
			       "setup unit ha1 2720 E",
			       "setup unit hc1 2820 W",
			       "setup unit lc2 2721 NE",
			       "setup hits ha1 3",
			       "setup phase shock",
			       "setup active hanno",
			       "setup leader-state hanno active",
			       "setup marker hc1 shock_must on",
			       "setup marker hc1 moved_phase on",
			       "setup marker lc2 shock_must on",
			       "setup marker lc2 moved_phase on",
			       "continue",
			       "designate hc1,lc2 ha1",
			       "roll 1 1 1 9 9 9 9 9 9 9 9",
			       "designate done",
			       "clash lc2",
			       "rout 2620",
			       NULL};
	struct play *p = shock_play(lines);
	struct game *g = p->s.game;
	cr_assert_eq(seq_step_now(g), SEQ_SHOCK);
	cr_assert_eq(g->shock.ask, SHA_PURSUIT);
	/* 8.62: the prompt box's line tells each one's chance (hc1 TQ 7:
	 * an 8 or 9, 20%; lc2 TQ 6: 7-9, 30%) */
	struct decision_answer a[16];
	struct decision d;
	decision_init(&d, a, 16);
	gboh_decision(g, &d);
	cr_assert(strstr(d.detail, "; hc1 (TQ 7) pursues 20%, breaks off 80%; "
				   "lc2 (TQ 6) pursues 30%, breaks off 70%"),
		  "%s", d.detail);
	refused(p, "pursue ha1", "8.61");
	ok(p, "pursue lc2");
	struct unit *lc = game_unit(g, "lc2"), *hc = game_unit(g, "hc1");
	cr_assert_str_eq(last_val(p, "pursuit_check", "unit"), "lc2");
	cr_assert(lc->pursuit);
	cr_assert_not(hc->pursuit);
	cr_assert(game_unit(g, "ha1")->eliminated);
	stop(p);
}

/* 8.62: the odds of each cavalry's pursuit check, told when the owner
 * picks the pursuer (8.61).  By hand: a roll above the TQ pursues; HC of
 * TQ 7 pursues on an 8 or a 9 (20%), LC of TQ 6 on a 7, 8 or 9 (30%). */
Test(pursuit, pursuit_odds_when_the_pursuer_is_picked_8_62)
{
	struct zama z = zama();
	struct game *g = z.g;
	struct unit *lc =
		fx_unit(g, "lc", 1, UT_LC, fx_hex("2827"), FACE_SW, 8);
	lc->tq = 6;
	struct shock_combat *c = &g->shock.c[z.ci];
	c->att[c->natt] = idx(g, lc);
	c->att_at[c->natt++] = lc->at;
	bool done;
	cr_assert_not(pursuit_after_combat(g, z.ci, &done));
	cr_assert_eq(g->shock.ask, SHA_PURSUIT);
	struct odds o;
	cr_assert(pursuit_odds(g, idx(g, z.hc), &o));
	cr_assert(odds_complete(&o));
	cr_assert_str_eq(o.rule, "8.62");
	cr_assert_eq(odds_percent(&o, "pursue"), 20);
	cr_assert_eq(odds_percent(&o, "break off"), 80);
	char text[256];
	cr_assert_eq(pursuit_odds_text(g, text, sizeof text), 2);
	cr_assert_str_eq(text, "hc (TQ 7) pursues 20%, breaks off 80%; "
			       "lc (TQ 6) pursues 30%, breaks off 70%");
	/* the check made agrees: lc rolls a 7 and pursues */
	shock_answered(g);
	c->pursuer = idx(g, lc);
	force(g, 7);
	(void)pursuit_after_combat(g, z.ci, &done);
	cr_assert_str_eq(val(g, "pursuit_check", "result"), "pursue");
	game_free(g);
}
