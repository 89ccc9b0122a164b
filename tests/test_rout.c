/* Cohesion and rout (SPQR 10.11, 10.12, 10.14, 10.21-10.27; TABLES.md 8
 * mandatory chart; 11.1, 11.2): TQ checks with forced dice, hits, the
 * rout by type, the 10.22 rout move (priorities, the owner's choice, the
 * phalanx), 10.25 friends passed and stopped in, 10.26 leaders, the 10.23
 * segment inside the sequence of play.  Fixtures: the all-clear map
 * (tests/fixtures/map-clear.ini, 2000-4030); Rome retreats south,
 * Carthage north. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "logged.h"
#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/rout.h"
#include "maniple/sequence.h"
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

static void done(struct game *g)
{
	game_free(g);
}

static struct unit *U(struct game *g, const char *id, int side,
		      enum unit_type t, const char *hex, enum facing f)
{
	struct unit *u = fx_unit(g, id, side, t, fx_hex(hex), f, 5);
	return u;
}

static struct unit *phalanx(struct game *g, const char *id, int side,
			    const char *h0, const char *h1, enum facing f)
{
	struct unit *u = U(g, id, side, UT_PH, h0, f);
	game_unit_set_hex(g, u, 1, fx_hex(h1));
	u->tq = 7;
	cr_assert_null(footprint_check(&u->at), "%s", footprint_check(&u->at));
	return u;
}

static int idx(struct game *g, struct unit *u)
{
	return (int)(u - g->units);
}

static bool at(const struct unit *u, const char *hex)
{
	struct hex h;
	hex_parse(hex, &h);
	return u->on_map && hex_eq(u->at.hex[0], h);
}

static const char *field(const struct event *e, const char *k)
{
	cr_assert_not_null(e);
	const char *v = event_get(e, k);
	return v ? v : "";
}

static void force(struct game *g, int die)
{
	cr_assert(dice_force(&g->dice, die));
}

/* Answers a pending rout choice through the command, as a session would. */
static enum cmd_status answer(struct game *g, const char *line)
{
	struct session s;
	memset(&s, 0, sizeof s);
	s.game = g;
	struct cmd_tokens t;
	char err[64];
	cr_assert_eq(cmd_tokenize(line, &t, err, sizeof err), 0);
	struct cmd_result r;
	cmd_result_init(&r);
	cmd_rout(&s, t.argc, t.argv, &r);
	enum cmd_status st = r.status;
	cmd_result_free(&r);
	return st;
}

/* ---- 10.11, 10.12, 10.14, 10.27 ---- */

Test(rout, tq_check_pass_10_11)
{
	struct game *g = fld();
	struct unit *u = U(g, "a", 0, UT_MI, "3010", FACE_NE);
	force(g, 6);
	cr_assert_eq(tq_check(g, u, 0, "test", "10.11"), 0);
	cr_assert_eq(u->hits, 0);
	const struct event *e = fx_event(g, 0, "tq_check");
	cr_assert_str_eq(field(e, "dr"), "6");
	cr_assert_str_eq(field(e, "hits"), "0");
	done(g);
}

/* 10.11, and 8.75's summary chart of when hits and TQ checks come: a
 * failed check costs the difference between the roll and the TQ. */
Test(rout, tq_check_fail_by_3_gives_3_hits_10_11_8_75)
{
	struct game *g = fld();
	struct unit *u = U(g, "a", 0, UT_MI, "3010", FACE_NE);
	force(g, 9);
	cr_assert_eq(tq_check(g, u, 0, "test", "10.11"), 3);
	cr_assert_eq(u->hits, 3);
	cr_assert_str_eq(field(fx_event(g, 0, "roll"), "for"), "tq_check");
	cr_assert_str_eq(field(fx_event(g, 0, "roll"), "forced"), "yes");
	/* a DRM counts, unclamped (R3) */
	force(g, 5);
	cr_assert_eq(tq_check(g, u, 2, "test", "10.11"), 1);
	cr_assert_eq(u->hits, 4);
	done(g);
}

Test(rout, routed_unit_checks_against_tq_1_and_any_hit_eliminates_10_27)
{
	struct game *g = fld();
	struct unit *u = U(g, "a", 0, UT_MI, "3010", FACE_NE);
	u->routed = true;
	cr_assert_eq(unit_tq_now(g, u), 1);
	force(g, 1);
	cr_assert_eq(tq_check(g, u, 0, "test", "10.11"), 0);
	cr_assert(u->on_map);
	force(g, 3);
	cr_assert_eq(tq_check(g, u, 0, "test", "10.11"), 2);
	cr_assert(u->eliminated);
	cr_assert_str_eq(field(fx_event(g, 0, "eliminated"), "cause"), "10.27");
	cr_assert_eq(g->rout_points[0], 6); /* 11.1: its TQ */
	done(g);
}

Test(rout, hits_accumulate_10_12)
{
	struct game *g = fld();
	struct unit *u = U(g, "a", 0, UT_MI, "3010", FACE_NE);
	cohesion_hits(g, u, 2, "test", "6.22");
	cohesion_hits(g, u, 1, "test", "6.13");
	cr_assert_eq(u->hits, 3);
	cr_assert_not(u->routed);
	cr_assert_str_eq(field(fx_event(g, 0, "cohesion_hit"), "total"), "3");
	done(g);
}

Test(rout, hits_reaching_tq_rout_the_unit_10_14_10_22)
{
	struct game *g = fld();
	struct unit *u = U(g, "a", 0, UT_MI, "3010", FACE_NE);
	u->hits = 5;
	cohesion_hits(g, u, 1, "test", "8.47");
	cr_assert(u->routed);
	/* 10.22 two hexes straight toward the south edge, faced to it,
	 * Routed marker on and hit markers off */
	cr_assert(at(u, "3012"), "at %d%02d", u->at.hex[0].col,
		  u->at.hex[0].row);
	cr_assert(u->at.facing == FACE_SE || u->at.facing == FACE_SW);
	cr_assert_eq(u->hits, 0);
	cr_assert_str_eq(field(fx_event(g, 0, "rout"), "cause"), "10.14");
	cr_assert_eq(fx_count(g, 0, "rout_move"), 2);
	cr_assert_not(rout_pending(g));
	done(g);
}

/* ---- 10.21 by type ---- */

Test(rout, skirmisher_and_scorpio_are_eliminated_10_21)
{
	struct game *g = fld();
	struct unit *s = U(g, "sk", 0, UT_SK, "3010", FACE_NE);
	struct unit *a = U(g, "sc", 1, UT_AT, "2510", FACE_NE);
	rout_begin(g, idx(g, s), "10.14");
	rout_begin(g, idx(g, a), "10.14");
	cr_assert(s->eliminated);
	cr_assert(a->eliminated);
	cr_assert_eq(fx_count(g, 0, "rout_move"), 0);
	cr_assert_eq(g->rout_points[0], 2); /* TABLES.md 9: SK = 2 */
	cr_assert_str_eq(field(fx_event(g, 0, "eliminated"), "cause"), "10.21");
	done(g);
}

/* 10.21, 9.14: an elephant that routs makes no rout move: it rampages
 * (test_rampage.c has the rampage itself) */
Test(rout, elephant_rampages_instead_of_a_rout_move_10_21_9_14)
{
	struct game *g = fld();
	struct unit *e = U(g, "el", 1, UT_EL, "3010", FACE_NE);
	U(g, "foe", 0, UT_HI, "3014", FACE_NE);
	cr_assert(dice_force(&g->dice, 4)); /* compass S: 3011 .. 3013 */
	cr_assert(dice_force(&g->dice, 8)); /* the mahout */
	rout_begin(g, idx(g, e), "10.14");
	cr_assert_str_eq(field(fx_event(g, 0, "rout"), "rule"), "10.21");
	cr_assert_str_eq(field(fx_event(g, 0, "rampage"), "rule"), "9.14");
	cr_assert_null(fx_event(g, 0, "rampage_not_played"));
	cr_assert_null(fx_event(g, 0, "rout_move"));
	cr_assert_str_eq(field(fx_event(g, 0, "rampage_moved"), "to"),
			 "3013"); /* not north, the Carthaginian retreat */
	cr_assert_str_eq(field(fx_event(g, 0, "rampage_end"), "reason"),
			 "mahout");
	cr_assert(e->eliminated);
	cr_assert_eq(g->rout.unit, -1);
	cr_assert_eq(g->rout.nqueue, 0);
	done(g);
}

/* ---- 10.22 the rout move ---- */

Test(rout, around_an_enemy_unit_and_its_zoc_10_22)
{
	struct game *g = fld();
	struct unit *u = U(g, "a", 0, UT_MI, "3010", FACE_NE);
	U(g, "e1", 1, UT_MI, "3011", FACE_SE); /* ZOC into 3111, 3012 */
	U(g, "e2", 1, UT_MI, "2910", FACE_NW);
	rout_begin(g, idx(g, u), "10.14");
	/* S is the enemy, WSW the other enemy: 3110 sideways (facing one
	 * vertex round), then 3111 is in e1's ZOC, so ESE to 3211 */
	cr_assert(at(u, "3211"), "at %d%02d", u->at.hex[0].col,
		  u->at.hex[0].row);
	cr_assert_not_null(fx_event(g, 0, "rout_facing_adjusted"));
	done(g);
}

Test(rout, priority_vacant_before_friend_10_22)
{
	struct game *g = fld();
	struct unit *u = U(g, "a", 0, UT_MI, "3010", FACE_NE);
	U(g, "e1", 1, UT_MI, "3011", FACE_SE);
	U(g, "f1", 0, UT_MI, "2910", FACE_NE);
	size_t from = g->events.n;
	rout_begin(g, idx(g, u), "10.14");
	const struct event *e = NULL;
	for (size_t i = from; i < g->events.n; i++)
		if (!strcmp(event_log_kind(&g->events, i), "rout_move")) {
			e = logged_event(&g->events, i);
			break;
		}
	cr_assert_str_eq(field(e, "to"), "3110");
	cr_assert_str_eq(field(e, "priority"), "1");
	done(g);
}

Test(rout, priority_friend_out_of_zoc_before_friend_in_zoc_10_22)
{
	struct game *g = fld();
	struct unit *u = U(g, "a", 0, UT_MI, "3010", FACE_NE);
	U(g, "e1", 1, UT_MI, "3011", FACE_SE);
	U(g, "e2", 1, UT_MI, "3211", FACE_NW); /* ZOC into 3110 (WNW) */
	U(g, "f1", 0, UT_MI, "2910", FACE_NE);
	U(g, "f2", 0, UT_MI, "3110", FACE_NE);
	cr_assert(zoc_enemy_in(g, 0, fx_hex("3110")));
	cr_assert_not(zoc_enemy_in(g, 0, fx_hex("2910")));
	size_t from = g->events.n;
	rout_begin(g, idx(g, u), "10.14");
	const struct event *e = NULL;
	for (size_t i = from; i < g->events.n && !e; i++)
		if (!strcmp(event_log_kind(&g->events, i), "rout_move"))
			e = logged_event(&g->events, i);
	cr_assert_str_eq(field(e, "to"), "2910");
	cr_assert_str_eq(field(e, "priority"), "2");
	done(g);
}

Test(rout, equal_hexes_are_the_owners_choice_10_22)
{
	struct game *g = fld();
	struct unit *u = U(g, "a", 0, UT_MI, "3010", FACE_NE);
	U(g, "e1", 1, UT_MI, "3012", FACE_NW); /* ZOC into 3011 */
	rout_begin(g, idx(g, u), "10.14");
	cr_assert(rout_pending(g));
	cr_assert_eq(rout_decision_side(g), 0);
	cr_assert(at(u, "3010"));
	struct decision_answer a[8];
	int n = rout_legal(g, a, 8);
	cr_assert_eq(n, 2);
	cr_assert_str_eq(a[0].line, "rout 3110");
	cr_assert_str_eq(a[1].line, "rout 2910");
	/* a refused answer changes nothing */
	cr_assert_eq(answer(g, "rout 3011"), CMD_REFUSED);
	cr_assert_eq(answer(g, "rout stay"), CMD_REFUSED);
	cr_assert(rout_pending(g));
	cr_assert_eq(answer(g, "rout 2910"), CMD_OK);
	cr_assert_not(rout_pending(g));
	/* then on by itself: from 2910 (odd column) 2911 and 3011 are in
	 * e1's ZOC, so WSW */
	cr_assert(at(u, "2811"), "at %d%02d", u->at.hex[0].col,
		  u->at.hex[0].row);
	done(g);
}

Test(rout, boxed_in_unit_is_eliminated_10_22)
{
	struct game *g = fld();
	struct unit *u = U(g, "a", 0, UT_MI, "3010", FACE_NE);
	const char *around[] = {"3009", "3109", "3110", "3011", "2910", "2909"};
	for (int k = 0; k < 6; k++) {
		char id[8];
		snprintf(id, sizeof id, "e%d", k);
		U(g, id, 1, UT_MI, around[k], FACE_NE);
	}
	rout_begin(g, idx(g, u), "10.14");
	cr_assert(u->eliminated);
	cr_assert_eq(g->rout_points[0], 6);
	cr_assert_str_eq(field(fx_event(g, 0, "eliminated"), "cause"), "10.22");
	done(g);
}

Test(rout, phalanx_goes_two_hexes_straight_10_22)
{
	struct game *g = fld();
	struct unit *p = phalanx(g, "p", 0, "3010", "3110", FACE_SW);
	rout_begin(g, idx(g, p), "10.14");
	cr_assert(at(p, "3012"));
	cr_assert(hex_eq(p->at.hex[1], fx_hex("3112")));
	cr_assert_eq(p->at.facing, FACE_SW);
	cr_assert_null(fx_event(g, 0, "rout_reverse_face"));
	done(g);
}

Test(rout, phalanx_reverses_face_toward_its_edge_10_22)
{
	struct game *g = fld();
	struct unit *p = phalanx(g, "p", 0, "3010", "3110", FACE_NE);
	rout_begin(g, idx(g, p), "10.14");
	cr_assert_not_null(fx_event(g, 0, "rout_reverse_face"));
	cr_assert_eq(p->at.facing, FACE_SW);
	cr_assert(at(p, "3012"));
	done(g);
}

/* 10.22 with 6.73 (the soak's drill seeds 1159, 1195, 1984): a phalanx
 * In Column that reverses to rout leads with what was its second hex, so
 * that it still faces away from its second hex. */
Test(rout, phalanx_in_column_reverses_end_for_end_10_22_6_73)
{
	struct game *g = fld();
	struct unit *p = U(g, "p", 0, UT_PH, "3010", FACE_NE);
	p->tq = 7;
	game_unit_set_hex(g, p, 1, fx_hex("3011"));
	p->at.in_column = true;
	p->at.facing = SIDE_N;
	cr_assert_null(footprint_check(&p->at));
	rout_begin(g, idx(g, p), "10.14");
	cr_assert_not_null(fx_event(g, 0, "rout_reverse_face"));
	cr_assert_eq(p->at.facing, SIDE_S);
	cr_assert(at(p, "3013"), "front at %d,%d", p->at.hex[0].col,
		  p->at.hex[0].row);
	cr_assert(hex_eq(p->at.hex[1], fx_hex("3012")));
	cr_assert_null(footprint_check(&p->at), "%s",
		       footprint_check(&p->at));
	done(g);
}

Test(rout, phalanx_that_cannot_go_two_hexes_is_eliminated_10_22)
{
	struct game *g = fld();
	struct unit *p = phalanx(g, "p", 0, "3010", "3110", FACE_SW);
	U(g, "e", 1, UT_MI, "3012", FACE_SE);
	rout_begin(g, idx(g, p), "10.14");
	cr_assert(p->eliminated);
	cr_assert_eq(g->rout_points[0], 14); /* two-hex: 2 x TQ 7 */
	done(g);
}

/* The Cynoscephalae example's mechanics (10.22): the routing phalanx ends
 * its two hexes on Thrace D (LI, TQ 5, one hit): it moves one hex more,
 * and D takes the stopping-in hit and a TQ check (TABLES.md 8); the
 * forced 9 gives 4 hits, D routs in turn and moves after the phalanx. */
Test(rout, cynoscephalae_phalanx_stops_in_thrace_d_10_22_10_25)
{
	struct game *g = fld();
	struct unit *c = phalanx(g, "C", 0, "3010", "3110", FACE_SW);
	struct unit *d = U(g, "D", 0, UT_LI, "3112", FACE_SE);
	d->tq = 5;
	d->hits = 1;
	force(g, 9);
	rout_begin(g, idx(g, c), "8.47");
	cr_assert(at(c, "3013"), "C at %d%02d", c->at.hex[0].col,
		  c->at.hex[0].row);
	cr_assert(c->routed);
	cr_assert(d->routed);
	cr_assert_eq(d->hits, 0);
	cr_assert_str_eq(field(fx_event(g, 0, "tq_check"), "hits"), "4");
	cr_assert(at(d, "3214"), "D at %d%02d", d->at.hex[0].col,
		  d->at.hex[0].row);
	cr_assert_not(rout_pending(g));
	done(g);
}

/* ---- 10.25 friends ---- */

Test(rout, passing_a_friend_gives_it_one_hit_10_25)
{
	struct game *g = fld();
	struct unit *u = U(g, "a", 0, UT_MI, "3010", FACE_NE);
	struct unit *f = U(g, "f", 0, UT_HI, "3011", FACE_NE);
	rout_begin(g, idx(g, u), "10.14");
	cr_assert(at(u, "3012"));
	cr_assert_eq(f->hits, 1);
	cr_assert_str_eq(field(fx_event(g, 0, "rout_through"), "through"), "f");
	done(g);
}

Test(rout, skirmishers_and_velites_take_no_hit_from_routers_10_25)
{
	struct game *g = fld();
	struct unit *u = U(g, "a", 0, UT_MI, "3010", FACE_NE);
	struct unit *s = U(g, "s", 0, UT_SK, "3011", FACE_NE);
	rout_begin(g, idx(g, u), "10.14");
	cr_assert(at(u, "3012"));
	cr_assert_eq(s->hits, 0);
	struct unit *b = U(g, "b", 0, UT_MI, "2410", FACE_NE);
	struct unit *v = U(g, "v", 0, UT_LI, "2411", FACE_NE);
	snprintf(v->cls, sizeof v->cls, "VE");
	v->legion = 1;
	rout_begin(g, idx(g, b), "10.14");
	cr_assert(at(b, "2412"));
	cr_assert_eq(v->hits, 0);
	done(g);
}

Test(rout, routed_roman_passing_lone_same_colour_roman_no_hit_10_25)
{
	struct game *g = fld();
	struct unit *u = U(g, "ha", 0, UT_LG, "3010", FACE_NE);
	snprintf(u->cls, sizeof u->cls, "HA");
	u->legion = 1;
	struct unit *same = U(g, "pr", 0, UT_LG, "3011", FACE_NE);
	snprintf(same->cls, sizeof same->cls, "PR");
	same->legion = 1;
	rout_begin(g, idx(g, u), "10.14");
	cr_assert(at(u, "3012"));
	cr_assert_eq(same->hits, 0);
	/* another legion's unit takes its hit */
	struct unit *u2 = U(g, "ha2", 0, UT_LG, "2410", FACE_NE);
	u2->legion = 1;
	struct unit *other = U(g, "pr2", 0, UT_LG, "2411", FACE_NE);
	other->legion = 2;
	rout_begin(g, idx(g, u2), "10.14");
	cr_assert_eq(other->hits, 1);
	done(g);
}

Test(rout, stopping_in_a_friend_one_more_hex_hit_and_tq_check_10_25)
{
	struct game *g = fld();
	struct unit *u = U(g, "a", 0, UT_MI, "3010", FACE_NE);
	struct unit *f = U(g, "f", 0, UT_HI, "3012", FACE_NE);
	force(g, 3);
	rout_begin(g, idx(g, u), "10.14");
	cr_assert(at(u, "3013"), "at %d%02d", u->at.hex[0].col,
		  u->at.hex[0].row);
	cr_assert_eq(f->hits, 1); /* the hit; the check (3 vs 6) adds none */
	cr_assert_not_null(fx_event(g, 0, "rout_stopped_in"));
	cr_assert_str_eq(field(fx_event(g, 0, "tq_check"), "dr"), "3");
	done(g);
}

Test(rout, no_hex_out_of_a_friend_eliminates_the_router_10_25)
{
	struct game *g = fld();
	struct unit *u = U(g, "a", 0, UT_MI, "3010", FACE_NE);
	struct unit *f = U(g, "f", 0, UT_HI, "3012", FACE_NE);
	U(g, "e1", 1, UT_MI, "3013", FACE_SE);
	U(g, "e2", 1, UT_MI, "3112", FACE_SE);
	U(g, "e3", 1, UT_MI, "2912", FACE_SW);
	U(g, "e4", 1, UT_MI, "3111", FACE_SE);
	U(g, "e5", 1, UT_MI, "2911", FACE_SW);
	force(g, 0);
	rout_begin(g, idx(g, u), "10.14");
	cr_assert(u->eliminated);
	cr_assert_str_eq(field(fx_event(g, 0, "eliminated"), "cause"), "10.25");
	cr_assert_eq(f->hits, 1);
	done(g);
}

/* ---- 10.26 leaders ---- */

Test(rout, stacked_leader_goes_with_the_router_or_stays_10_26)
{
	struct game *g = fld();
	struct unit *u = U(g, "a", 0, UT_MI, "3010", FACE_NE);
	struct leader *l = fx_leader(g, "dux", 0, fx_hex("3010"));
	rout_begin(g, idx(g, u), "10.14");
	cr_assert(rout_pending(g));
	struct decision_answer a[4];
	cr_assert_eq(rout_legal(g, a, 4), 2);
	cr_assert_str_eq(a[0].line, "rout with dux");
	cr_assert_str_eq(a[1].line, "rout stay");
	cr_assert_eq(answer(g, "rout with nobody"), CMD_REFUSED);
	cr_assert_eq(answer(g, "rout 3011"), CMD_REFUSED);
	cr_assert_eq(answer(g, "rout with dux"), CMD_OK);
	cr_assert(at(u, "3012"));
	cr_assert(hex_eq(l->hex, fx_hex("3012")));
	/* another time, the leader stays */
	struct unit *v = U(g, "b", 0, UT_MI, "2510", FACE_NE);
	struct leader *m = fx_leader(g, "tribune", 0, fx_hex("2510"));
	rout_begin(g, idx(g, v), "10.14");
	cr_assert_eq(answer(g, "rout stay"), CMD_OK);
	cr_assert(at(v, "2512"));
	cr_assert(hex_eq(m->hex, fx_hex("2510")));
	done(g);
}

/* ---- 10.27 ---- */

Test(rout, routed_infantry_missile_units_are_missile_no_10_27)
{
	struct game *g = fld();
	struct unit *j = U(g, "j", 0, UT_LI, "3010", FACE_NE);
	j->missile = MC_J;
	struct unit *c = U(g, "c", 0, UT_LC, "2510", FACE_NE);
	c->missile = MC_MJ;
	rout_begin(g, idx(g, j), "10.14");
	rout_begin(g, idx(g, c), "10.14");
	cr_assert_eq(j->supply, SUPPLY_NO);
	cr_assert_eq(c->supply, SUPPLY_FULL);
	done(g);
}

/* ---- 10.23, 10.24 the Rout Movement segment ---- */

Test(rout, segment_moves_full_ma_and_eliminates_phalanxes_10_23)
{
	struct game *g = fld();
	struct unit *u = U(g, "a", 0, UT_MI, "3010", FACE_SE);
	u->routed = true;
	struct unit *p = phalanx(g, "p", 1, "2510", "2610", FACE_NW);
	p->routed = true;
	struct unit *w = U(g, "w", 1, UT_MI, "3510", FACE_NE);
	fx_terrain(g, fx_hex("3508"), TERRAIN_WOODS);
	w->routed = true;
	cr_assert(rout_movement_segment(g));
	cr_assert(at(u, "3015"), "at %d%02d", u->at.hex[0].col,
		  u->at.hex[0].row);
	cr_assert_eq(u->hits, 0); /* 10.27: no hits for terrain */
	cr_assert(p->eliminated);
	cr_assert_str_eq(field(fx_event(g, 0, "eliminated"), "cause"), "10.23");
	/* north through woods: 3509 (1 MP), 3508 (woods, 2 MP), 3507, 3506 */
	cr_assert(at(w, "3506"), "w at %d%02d", w->at.hex[0].col,
		  w->at.hex[0].row);
	cr_assert_eq(w->hits, 0);
	done(g);
}

Test(rout, off_the_map_is_eliminated_with_rout_points_10_24_11_1)
{
	struct game *g = fld();
	struct unit *u = U(g, "a", 0, UT_MI, "3028", FACE_SE);
	u->routed = true;
	u->tq = 5;
	cr_assert(rout_movement_segment(g));
	cr_assert(u->eliminated);
	cr_assert_eq(g->rout_points[0], 5);
	cr_assert_str_eq(field(fx_event(g, 0, "rout_move"), "to"), "off_map");
	cr_assert_str_eq(field(fx_event(g, 0, "eliminated"), "cause"), "10.24");
	done(g);
}

/* ---- the sequence: a session on a clear field ---- */

static struct battle *seq_battle(void *user, const char *name,
				 struct ini_error *err)
{
	(void)user;
	char path[2048];
	snprintf(path, sizeof path, "%s/tests/fixtures/map-clear.ini",
		 fx_srcdir());
	struct map *m = map_load(path, err);
	if (!m)
		return NULL;
	struct battle *b = calloc(1, sizeof *b);
	b->map = m;
	snprintf(b->id, sizeof b->id, "%s", name);
	snprintf(b->ruleset, sizeof b->ruleset, "spqr");
	const char *ids[2] = {"rome", "carthage"},
		   *edges[2] = {"south", "north"};
	for (int s = 0; s < 2; s++) {
		snprintf(b->sides[s].id, sizeof b->sides[s].id, "%s", ids[s]);
		snprintf(b->sides[s].retreat_edge,
			 sizeof b->sides[s].retreat_edge, "%s", edges[s]);
		b->sides[s].withdrawal_level = strcmp(name, "weak") ? 50 : 5;
	}
	struct {
		const char *id;
		int side, tq, col, row;
	} us[] = {
		{"r1", 0, 5, 30, 10},
		{"r2", 0, 6, 30, 28},
		{"c1", 1, 6, 30, 20},
	};
	for (int k = 0; k < 3; k++) {
		struct unit *u = &b->units[b->nunits++];
		snprintf(b->unit_text[u - b->units].id, ID_MAX, "%s", us[k].id);
		u->side = us[k].side;
		u->type = UT_MI;
		u->tq = us[k].tq;
		u->size = 3;
		u->ma = 5;
		u->at.hex[0] = (struct hex){us[k].col, us[k].row};
		u->at.hex[1] = HEX_NONE;
		u->at.facing = FACE_SE;
		u->on_map = true;
	}
	const char *ls[2] = {"consul", "hanno"};
	for (int s = 0; s < 2; s++) {
		struct leader *l = &b->leaders[b->nleaders++];
		snprintf(l->id, sizeof l->id, "%s", ls[s]);
		l->side = s;
		l->kind = LK_GENERAL;
		l->initiative = 3 + s;
		l->command_range = 4;
		l->overall = true;
		l->hex = (struct hex){30, s ? 20 : 10};
		l->on_map = true;
		l->available = true;
	}
	return b;
}

static struct session S;

static enum cmd_status run(const char *line)
{
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(&S, line, &r);
	enum cmd_status st = r.status;
	cmd_result_free(&r);
	return st;
}

static void start(const char *name)
{
	session_init(&S, seq_battle, spqr_tables_loader, NULL, 1);
	S.checkpoint_every = 1; /* the game changed by hand too */
	char line[64];
	snprintf(line, sizeof line, "new %s sandbox 7", name);
	cr_assert_eq(run(line), CMD_OK);
}

Test(rout, a_rout_in_an_orders_phase_waits_for_its_answer_10_26)
{
	start("field");
	struct game *g = S.game;
	cr_assert_eq(run("continue"), CMD_OK);
	cr_assert_eq(seq_step_now(g), SEQ_ACTIVATE);
	cr_assert_eq(run("activate consul"), CMD_OK);
	cr_assert_eq(seq_step_now(g), SEQ_ORDERS);
	/* the orders code routs r1 (stacked with the consul): 10.14 */
	struct unit *r1 = game_unit(g, "r1");
	rout_begin(g, (int)(r1 - g->units), "10.14");
	cr_assert_eq(seq_step_now(g), SEQ_ROUT);
	cr_assert_eq(seq_decision_side(g), 0);
	struct decision_answer a[16];
	int n = seq_legal(g, a, 16);
	cr_assert_eq(n, 2);
	cr_assert_str_eq(a[0].line, "rout with consul");
	cr_assert_eq(run("orders done"), CMD_REFUSED);
	cr_assert_eq(run("rout 3011"), CMD_REFUSED);
	cr_assert_eq(seq_step_now(S.game), SEQ_ROUT);
	cr_assert_eq(run("rout stay"), CMD_OK);
	r1 = game_unit(S.game, "r1");
	cr_assert(at(r1, "3012"));
	cr_assert_eq(seq_step_now(S.game), SEQ_ORDERS);
	cr_assert_eq(run("orders done"), CMD_OK);
	session_free(&S);
}

Test(rout, rout_and_reload_runs_the_segment_then_withdrawal_10_23)
{
	start("field");
	cr_assert_eq(run("setup marker r1 routed on"), CMD_OK);
	cr_assert_eq(run("setup leader consul 3005"), CMD_OK);
	cr_assert_eq(run("setup phase rout_reload"), CMD_OK);
	cr_assert_eq(run("continue"), CMD_OK);
	struct game *g = S.game;
	struct unit *r1 = game_unit(g, "r1");
	cr_assert(at(r1, "3015"), "at %d%02d", r1->at.hex[0].col,
		  r1->at.hex[0].row);
	cr_assert_not_null(fx_event(g, 0, "rout_movement_done"));
	cr_assert_not_null(fx_event(g, 0, "withdrawal"));
	cr_assert_eq(g->turn, 2);
	session_free(&S);
}

Test(rout, a_choice_in_the_segment_pauses_rout_and_reload_10_23)
{
	start("field");
	cr_assert_eq(run("setup marker r1 routed on"), CMD_OK);
	/* r1 at 3010 with the consul: asked first */
	cr_assert_eq(run("setup phase rout_reload"), CMD_OK);
	cr_assert_eq(run("continue"), CMD_OK);
	struct game *g = S.game;
	cr_assert_eq(seq_step_now(g), SEQ_ROUT);
	cr_assert_null(fx_event(g, 0, "withdrawal"));
	cr_assert_eq(run("continue"), CMD_REFUSED);
	cr_assert_eq(seq_step_now(S.game), SEQ_ROUT);
	cr_assert_eq(run("rout with consul"), CMD_OK);
	g = S.game;
	cr_assert(at(game_unit(g, "r1"), "3015"));
	cr_assert(hex_eq(game_leader(g, "consul")->hex, fx_hex("3015")));
	cr_assert_not_null(fx_event(g, 0, "withdrawal"));
	cr_assert_eq(g->turn, 2);
	session_free(&S);
}

Test(rout, routers_off_the_map_make_the_army_withdraw_11_2)
{
	start("weak");
	cr_assert_eq(run("setup marker r2 routed on"), CMD_OK);
	cr_assert_eq(run("setup phase rout_reload"), CMD_OK);
	cr_assert_eq(run("continue"), CMD_OK);
	struct game *g = S.game;
	cr_assert(game_unit(g, "r2")->eliminated);
	cr_assert_eq(g->rout_points[0], 6);
	cr_assert_eq(g->phase, PHASE_OVER);
	cr_assert_eq(g->seq.result, RESULT_SIDE1);
	session_free(&S);
}

/* The state text shows a pending rout choice, and a copy for searching
 * keeps it (plain values in struct game). */
Test(rout, pending_choice_is_state_and_survives_a_copy_10_22)
{
	struct game *g = fld();
	struct unit *u = U(g, "a", 0, UT_MI, "3010", FACE_NE);
	U(g, "e1", 1, UT_MI, "3012", FACE_NW);
	rout_begin(g, idx(g, u), "10.14");
	cr_assert(rout_pending(g));
	char *t = game_state_text(g);
	cr_assert_not_null(t);
	cr_assert_not_null(strstr(t, "rout unit=a mode=initial"), "%s", t);
	cr_assert_not_null(strstr(t, "ask=hex"));
	cr_assert_not_null(strstr(t, "choices=3110;2910"));
	free(t);
	struct game *c = game_copy_for_search(g, 99);
	cr_assert_not_null(c);
	cr_assert(rout_pending(c));
	cr_assert_eq(rout_decision_side(c), 0);
	free(c);
	done(g);
}

Test(rout, a_unit_routing_out_of_a_stack_names_6_68)
{
	struct game *g = fld();
	struct unit *u = U(g, "a", 0, UT_LG, "3010", FACE_NE);
	struct unit *v = U(g, "b", 0, UT_LG, "3010", FACE_NE);
	rout_begin(g, idx(g, u), "10.14");
	cr_assert_str_eq(field(fx_event(g, 0, "stack_rout_not_played"), "rule"),
			 "6.68");
	cr_assert(at(u, "3012"));
	cr_assert(at(v, "3010"));
	cr_assert_eq(v->hits, 0); /* leaving its own stack is no passing */
	done(g);
}

/* 10.22, 10.23: toward a west edge the first step is the owner's choice
 * (NW or SW of the line are as straight); after that the router keeps to
 * the line, zigzagging, with no more questions. */
Test(rout, owners_way_holds_along_the_line_10_22_10_23)
{
	struct game *g = fld();
	snprintf(g->battle->sides[0].retreat_edge,
		 sizeof g->battle->sides[0].retreat_edge, "west");
	struct unit *u = U(g, "a", 0, UT_MI, "3010", FACE_W);
	u->routed = true;
	cr_assert_not(rout_movement_segment(g));
	struct decision_answer a[4];
	cr_assert_eq(rout_legal(g, a, 4), 2);
	cr_assert_eq(answer(g, "rout 2910"), CMD_OK);
	cr_assert_not(rout_pending(g));
	cr_assert(rout_movement_segment(g));
	cr_assert(at(u, "2510"), "at %d%02d", u->at.hex[0].col,
		  u->at.hex[0].row);
	cr_assert_eq(fx_count(g, 0, "rout_choice"), 1);
	done(g);
}
