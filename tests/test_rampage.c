/* Elephant Rampage (SPQR 9.14; 10.21; 4.82 the rider; 6.51 and 4.72
 * withdrawal before it) with forced dice on the all-clear fixture map
 * (2000-4030).  The default compass gives roll r the hexside r-1 (1 N,
 * 2 ENE, 3 ESE, 4 S, 5 WSW, 6 WNW).  Units are placed with MA 5, the
 * elephant's too, so nobody may withdraw unless a test gives it more. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "logged.h"
#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/movement.h"
#include "maniple/passthru.h"
#include "maniple/rally.h"
#include "maniple/rampage.h"
#include "maniple/reactions.h"
#include "maniple/rout.h"
#include "maniple/sequence.h"
#include "maniple/shock.h"
#include "changed_tables.h"
#include "move_fixture.h"

static struct unit *U(struct game *g, const char *id, int side,
		      enum unit_type t, const char *hex, enum facing f)
{
	return fx_unit(g, id, side, t, fx_hex(hex), f, 5);
}

static void force(struct game *g, int die)
{
	cr_assert(dice_force(&g->dice, die));
}

/* MANIPLE_TEST_DUMP=1: the events of a failing test, for a reader */
static void dump(const struct game *g)
{
	if (!getenv("MANIPLE_TEST_DUMP"))
		return;
	for (size_t i = 0; i < g->events.n; i++) {
		const struct event *e = logged_event(&g->events, i);
		fprintf(stderr, "%s", e->kind);
		for (int k = 0; k < e->nfields; k++)
			fprintf(stderr, " %s=%s", event_key(e, k), event_val(e, k));
		fputc('\n', stderr);
	}
}

static const struct game *cur;

static struct game *field(void)
{
	struct game *g = fx_field();
	cur = g;
	return g;
}

static const char *val(const struct event *e, const char *k)
{
	if (!e && cur)
		dump(cur);
	cr_assert_not_null(e, "no event for %s", k);
	const char *v = event_get(e, k);
	return v ? v : "";
}

static bool at(const struct unit *u, const char *hex)
{
	return u->on_map && hex_eq(u->at.hex[0], fx_hex(hex));
}

static int idx(struct game *g, struct unit *u)
{
	return (int)(u - g->units);
}

/* The first event of a kind at or after from, with its index. */
static const struct event *first(const struct game *g, const char *kind,
				 size_t *where)
{
	for (size_t i = 0; i < g->events.n; i++)
		if (strcmp(event_log_kind(&g->events, i), kind) == 0) {
			if (where)
				*where = i;
			return logged_event(&g->events, i);
		}
	return NULL;
}

/* A sandbox session around g: commands go through session_exec, whose
 * hook resumes a rampage once its withdrawal offers are answered. */
static void open_session(struct session *s, struct game *g)
{
	session_init(s, NULL, NULL, NULL, 1);
	s->game = g;
	g->session = s;
}

static enum cmd_status cmd(struct session *s, const char *line)
{
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(s, line, &r);
	enum cmd_status st = r.status;
	cmd_result_free(&r);
	return st;
}

static bool legal_has(const struct game *g, const char *line)
{
	struct decision_answer a[64];
	int n = seq_legal(g, a, 64);
	for (int i = 0; i < n; i++)
		if (strcmp(a[i].line, line) == 0)
			return true;
	return false;
}

/* 9.14 roll 1-6: the compass; 3 hexes a roll; after the 4th roll it is
 * eliminated */
Test(rampage, compass_three_hexes_and_fourth_roll_9_14)
{
	struct game *g = field();
	struct unit *el = U(g, "el", 1, UT_EL, "3015", FACE_NE);
	U(g, "foe", 0, UT_HI, "2813", FACE_NE);
	force(g, 1); /* N */
	force(g, 4); /* S */
	force(g, 1); /* N */
	force(g, 4); /* S */
	rout_begin(g, idx(g, el), "10.14");
	cr_assert_eq(fx_count(g, 0, "rampage_roll"), 4);
	const struct event *m = first(g, "rampage_moved", NULL);
	cr_assert_str_eq(val(m, "to"), "3012");
	cr_assert_str_eq(val(m, "hexes"), "3");
	cr_assert_str_eq(val(m, "heading"), "N");
	cr_assert_str_eq(val(fx_event(g, 0, "rampage_end"), "reason"),
			 "fourth_roll");
	cr_assert(el->eliminated);
	cr_assert_not(rampage_under_way(g));
	cr_assert_null(fx_event(g, 0, "rout_move"));
	game_free(g);
}

/* 9.14: a unit in the way stops it in the hex before: 1 hit when struck
 * through its front; then 7-9 on a later roll: the mahout eliminates it */
Test(rampage, contact_hits_front_and_mahout_9_14)
{
	struct game *g = field();
	struct unit *el = U(g, "el", 1, UT_EL, "3015", FACE_NE);
	/* 3012 faces SE: its front holds the ESE and S sides, so an
	 * elephant coming from 3013 (its S) strikes its front */
	struct unit *t = U(g, "t", 0, UT_HI, "3012", FACE_SE);
	force(g, 1); /* N: 3014, 3013, stops before 3012 */
	force(g, 8); /* mahout */
	rout_begin(g, idx(g, el), "10.14");
	const struct event *c = fx_event(g, 0, "rampage_contact");
	cr_assert_str_eq(val(c, "target"), "t");
	cr_assert_str_eq(val(c, "side"), "front");
	cr_assert_eq(t->hits, 1);
	cr_assert_str_eq(val(fx_event(g, 0, "rampage_moved"), "stop"),
			 "contact");
	const struct event *r = fx_event(g, 0, "rampage_roll");
	cr_assert_str_eq(val(r, "n"), "2");
	cr_assert_str_eq(val(r, "result"), "mahout");
	cr_assert_str_eq(val(fx_event(g, 0, "rampage_end"), "reason"),
			 "mahout");
	cr_assert(el->eliminated);
	game_free(g);
}

/* 9.14: 2 hits through a flank or the rear; cavalry 2 even in front */
Test(rampage, contact_rear_flank_two_hits_and_cavalry_two_9_14)
{
	struct game *g = field();
	struct unit *el = U(g, "el", 1, UT_EL, "3015", FACE_NE);
	struct unit *t = U(g, "t", 0, UT_HI, "3012", FACE_NE); /* S = rear */
	force(g, 1);
	force(g, 9);
	rout_begin(g, idx(g, el), "10.14");
	cr_assert_str_eq(val(fx_event(g, 0, "rampage_contact"), "side"),
			 "rear");
	cr_assert_eq(t->hits, 2);
	game_free(g);

	g = field();
	el = U(g, "el", 1, UT_EL, "3015", FACE_NE);
	t = U(g, "t", 0, UT_HI, "3012", FACE_E); /* S = a flank side */
	force(g, 1);
	force(g, 9);
	rout_begin(g, idx(g, el), "10.14");
	cr_assert_str_eq(val(fx_event(g, 0, "rampage_contact"), "side"),
			 "flank");
	cr_assert_eq(t->hits, 2);
	game_free(g);

	g = field();
	el = U(g, "el", 1, UT_EL, "3015", FACE_NE);
	t = U(g, "c", 0, UT_HC, "3012", FACE_SE); /* front, but cavalry */
	force(g, 1);
	force(g, 9);
	rout_begin(g, idx(g, el), "10.14");
	cr_assert_str_eq(val(fx_event(g, 0, "rampage_contact"), "side"),
			 "front");
	cr_assert_str_eq(val(fx_event(g, 0, "rampage_contact"), "cavalry"),
			 "yes");
	cr_assert_eq(t->hits, 2);
	game_free(g);
}

/* 9.14: a stack struck: both units take the hits */
Test(rampage, stack_both_units_hit_9_14)
{
	struct game *g = field();
	struct unit *el = U(g, "el", 1, UT_EL, "3015", FACE_NE);
	struct unit *a = U(g, "a", 0, UT_HI, "3012", FACE_SE);
	struct unit *b = U(g, "b", 0, UT_LI, "3012", FACE_SE);
	force(g, 1);
	force(g, 9);
	rout_begin(g, idx(g, el), "10.14");
	cr_assert_eq(fx_count(g, 0, "rampage_contact"), 2);
	cr_assert_eq(a->hits, 1);
	cr_assert_eq(b->hits, 1);
	game_free(g);
}

/* 9.14 first roll 7-9: directly away from the unit that caused it (R1:
 * the nearest enemy) */
Test(rampage, first_roll_seven_away_from_cause_9_14)
{
	struct game *g = field();
	struct unit *el = U(g, "el", 1, UT_EL, "3015", FACE_NE);
	U(g, "foe", 0, UT_HI, "3016", FACE_NE); /* south of it */
	force(g, 7);
	force(g, 9);
	rout_begin(g, idx(g, el), "10.14");
	cr_assert_str_eq(val(fx_event(g, 0, "rampage"), "caused_by"), "foe");
	const struct event *r = first(g, "rampage_roll", NULL);
	cr_assert_str_eq(val(r, "result"), "away");
	cr_assert_str_eq(val(r, "from"), "foe");
	const struct event *m = fx_event(g, 0, "rampage_moved");
	cr_assert_str_eq(val(m, "heading"), "N");
	cr_assert_str_eq(val(m, "to"), "3012");
	/* the second 9 is the mahout's */
	cr_assert_str_eq(val(fx_event(g, 0, "rampage_end"), "reason"),
			 "mahout");
	game_free(g);
}

/* 9.14 roll 0: toward the nearest friendly unit (and strikes it) */
Test(rampage, zero_toward_nearest_friend_9_14)
{
	struct game *g = field();
	struct unit *el = U(g, "el", 1, UT_EL, "3015", FACE_NE);
	struct unit *f = U(g, "f", 1, UT_HI, "3018", FACE_NE);
	U(g, "foe", 0, UT_HI, "3010", FACE_NE);
	force(g, 0);
	force(g, 9);
	rout_begin(g, idx(g, el), "10.14");
	const struct event *r = first(g, "rampage_roll", NULL);
	cr_assert_str_eq(val(r, "result"), "toward_friend");
	cr_assert_str_eq(val(r, "toward"), "f");
	cr_assert_str_eq(val(fx_event(g, 0, "rampage_moved"), "to"), "3017");
	cr_assert_eq(f->hits, 1); /* from 3017, the N side: its front */
	game_free(g);
}

/* 9.14: off the map it is eliminated */
Test(rampage, off_the_map_9_14)
{
	struct game *g = field();
	struct unit *el = U(g, "el", 1, UT_EL, "3001", FACE_NE);
	U(g, "foe", 0, UT_HI, "3005", FACE_NE);
	force(g, 1);
	rout_begin(g, idx(g, el), "10.14");
	cr_assert_str_eq(val(fx_event(g, 0, "rampage_moved"), "to"), "off_map");
	cr_assert_str_eq(val(fx_event(g, 0, "rampage_end"), "reason"),
			 "off_map");
	cr_assert(el->eliminated);
	game_free(g);
}

/* 9.14: 8 hexes from every unit after a roll ends it */
Test(rampage, alone_eight_hexes_9_14)
{
	struct game *g = field();
	struct unit *el = U(g, "el", 1, UT_EL, "3015", FACE_NE);
	U(g, "foe", 0, UT_HI, "3020", FACE_NE); /* 5 away; 8 after N */
	force(g, 1);
	rout_begin(g, idx(g, el), "10.14");
	cr_assert_eq(fx_count(g, 0, "rampage_roll"), 1);
	cr_assert_str_eq(val(fx_event(g, 0, "rampage_end"), "reason"), "alone");
	cr_assert(el->eliminated);
	game_free(g);
}

/* 9.14, 4.72: a leader stacked in the hex struck is offered his
 * withdrawal; staying, he is trampled */
Test(rampage, leader_stays_and_is_trampled_9_14_4_72)
{
	struct game *g = field();
	struct session s;
	open_session(&s, g);
	struct unit *el = U(g, "el", 1, UT_EL, "3015", FACE_NE);
	struct unit *foe = U(g, "foe", 0, UT_HI, "3012", FACE_SE);
	struct leader *l = fx_leader(g, "ld", 0, fx_hex("3012"));
	force(g, 1);
	force(g, 9);
	rout_begin(g, idx(g, el), "10.14");
	/* stopped at 3013, next to ld's hex: his 4.72 offer */
	cr_assert(rampage_waiting(g));
	cr_assert(at(el, "3013"));
	cr_assert_str_eq(val(fx_event(g, 0, "rampage_offer"), "leader"), "ld");
	cr_assert(rout_pending(g));
	cr_assert_eq(seq_step_now(g), SEQ_REACTION);
	cr_assert_eq(seq_decision_side(g), 0);
	cr_assert(legal_has(g, "withdraw ld 3011"));
	cr_assert(legal_has(g, "no reaction"));
	cr_assert_eq(cmd(&s, "no reaction"), CMD_OK);
	cr_assert_not(rampage_under_way(g));
	cr_assert(l->killed);
	const struct event *t = fx_event(g, 0, "rampage_trampled");
	cr_assert_str_eq(val(t, "leader"), "ld");
	cr_assert_str_eq(val(t, "asked"), "yes");
	cr_assert_eq(foe->hits, 1);
	cr_assert(el->eliminated); /* 9: the mahout */
	session_free(&s);
}

/* 9.14, 4.72: a leader alone who cannot withdraw (ringed by enemy
 * units and their ZOCs) is trampled when the elephant enters his hex */
Test(rampage, lone_leader_who_cannot_withdraw_is_trampled_9_14)
{
	struct game *g = field();
	struct unit *el = U(g, "el", 0, UT_EL, "3015", FACE_NE);
	struct leader *l = fx_leader(g, "ld", 1, fx_hex("3014"));
	/* Roman units all round 3014 but its S side (the elephant) */
	const char *ring[] = {"3013", "3113", "3114", "2913", "2914"};
	for (int k = 0; k < 5; k++) {
		char id[8];
		snprintf(id, sizeof id, "r%d", k);
		U(g, id, 0, UT_HI, ring[k], FACE_NE);
	}
	force(g, 1); /* N: into 3014 at once, 3013 struck */
	force(g, 9);
	rout_begin(g, idx(g, el), "10.14");
	cr_assert_not_null(fx_event(g, 0, "leader_cannot_withdraw"));
	cr_assert(l->killed);
	cr_assert_str_eq(val(fx_event(g, 0, "rampage_trampled"), "asked"),
			 "yes");
	cr_assert(!rampage_under_way(g));
	game_free(g);
}

/* 4.72 (9.14): a leader in its path withdraws instead and lives; the
 * rampage then goes on where it stopped */
Test(rampage, leader_withdraws_instead_4_72_9_14)
{
	struct game *g = field();
	struct session s;
	open_session(&s, g);
	struct unit *el = U(g, "el", 1, UT_EL, "3015", FACE_NE);
	struct unit *foe = U(g, "foe", 0, UT_HI, "3012", FACE_SE);
	struct leader *l = fx_leader(g, "ld", 0, fx_hex("3012"));
	force(g, 1);
	force(g, 9);
	rout_begin(g, idx(g, el), "10.14");
	cr_assert(rampage_waiting(g));
	/* not farther from the elephant: refused, names 4.72 */
	cr_assert_eq(cmd(&s, "withdraw ld 3113"), CMD_REFUSED);
	cr_assert_eq(cmd(&s, "withdraw ld 3011"), CMD_OK);
	cr_assert(rampage_waiting(g)); /* he may go on: up to 3 hexes */
	cr_assert_eq(cmd(&s, "withdraw ld done"), CMD_OK);
	cr_assert_not_null(fx_event(g, 0, "rampage_resumes"));
	cr_assert_not(l->killed);
	cr_assert(hex_eq(l->hex, fx_hex("3011")));
	cr_assert_null(fx_event(g, 0, "rampage_trampled"));
	cr_assert_eq(foe->hits, 1);
	cr_assert_not(rampage_under_way(g));
	session_free(&s);
}

/* 6.51 (9.14): a faster unit the roll would strike withdraws when the
 * elephant comes within 2 hexes; the rampage goes on past its old hex.
 * While it waits, the elephant has no ZOC and may not be rallied
 * (10.28), routs wait (one rampage at a time) and other commands are
 * refused. */
Test(rampage, unit_withdraws_6_51_no_zoc_no_rally_9_14)
{
	struct game *g = field();
	struct session s;
	open_session(&s, g);
	struct unit *el = U(g, "el", 1, UT_EL, "3015", FACE_NE);
	/* faces SE: the elephant from the S comes at its front (6.52 #3
	 * no hit); cavalry: no 6.52 #2 hit */
	struct unit *lc =
		fx_unit(g, "lc", 0, UT_LC, fx_hex("3012"), FACE_SE, 8);
	struct unit *el2 = U(g, "el2", 0, UT_EL, "3520", FACE_NE);
	struct leader *ld = fx_leader(g, "ld", 1, fx_hex("3519"));
	force(g, 1); /* N */
	rout_begin(g, idx(g, el), "10.14");
	/* the offer comes when it is 2 hexes away, after one hex */
	cr_assert(rampage_waiting(g));
	cr_assert(at(el, "3014"));
	const struct event *o = fx_event(g, 0, "rampage_offer");
	cr_assert_str_eq(val(o, "unit"), "lc");
	cr_assert_str_eq(val(o, "mp"), "3"); /* 8 - 5 */
	/* 9.14, 7.21: routed while it rampages: no ZOC */
	cr_assert(el->routed);
	cr_assert_not(unit_exerts_zoc(g, el));
	/* 10.28, 9.14: never rallied */
	struct rally_why w;
	cr_assert_not(rally_check(g, idx(g, el), 0, -1, &w));
	cr_assert_str_eq(w.rule, "10.28");
	cr_assert_not_null(strstr(w.text, "9.14"));
	/* 9.14: one at a time: another elephant set off now waits */
	rampage_run(g, idx(g, el2), "4.84");
	cr_assert_eq(fx_count(g, 0, "rampage"), 1);
	cr_assert_eq(g->rout.nqueue, 1);
	/* the rout command has nothing to answer */
	cr_assert_eq(cmd(&s, "rout stay"), CMD_REFUSED);
	cr_assert_eq(cmd(&s, "withdraw lc 3011"), CMD_OK);
	cr_assert(rampage_waiting(g));
	force(g, 8); /* el's mahout, after its move */
	force(g, 9); /* el2: no enemy left: back from its facing, then
		      * alone */
	cr_assert_eq(cmd(&s, "withdraw lc done"), CMD_OK);
	cr_assert(at(lc, "3011"));
	cr_assert_eq(lc->hits, 0);
	/* on where it stopped: 3013, 3012 (the 3 hexes of the roll) */
	const struct event *m = first(g, "rampage_moved", NULL);
	cr_assert_str_eq(val(m, "from"), "3015");
	cr_assert_str_eq(val(m, "to"), "3012");
	cr_assert_null(fx_event(g, 0, "rampage_contact"));
	cr_assert(el->eliminated);
	/* then el2's rampage, queued, after el's ended */
	size_t end1 = 0, start2 = 0;
	first(g, "rampage_end", &end1);
	cr_assert_eq(fx_count(g, 0, "rampage"), 2);
	for (size_t i = end1; i < g->events.n; i++)
		if (strcmp(event_log_kind(&g->events, i), "rampage") == 0)
			start2 = i;
	cr_assert_gt(start2, end1);
	cr_assert_str_eq(val(fx_event(g, 0, "rampage"), "unit"), "el2");
	cr_assert(el2->eliminated);
	(void)ld;
	session_free(&s);
}

/* 9.14: "one rampage at a time": an elephant the first one routs
 * rampages after the first is over */
Test(rampage, second_elephant_waits_its_turn_9_14)
{
	struct game *g = field();
	struct unit *a = U(g, "a", 1, UT_EL, "3015", FACE_NE);
	struct unit *b = U(g, "b", 1, UT_EL, "3012", FACE_SE);
	U(g, "foe", 0, UT_HI, "3020", FACE_NE);
	b->hits = 5; /* one more routs it */
	force(g, 1); /* a: N, strikes b's front from 3013 */
	force(g, 8); /* a: the mahout */
	force(g, 9); /* b: away from foe (S of it): N, then alone */
	rout_begin(g, idx(g, a), "10.14");
	cr_assert_eq(fx_count(g, 0, "rampage"), 2);
	size_t end_a = 0, start_b = 0;
	const struct event *ea = first(g, "rampage_end", &end_a);
	cr_assert_str_eq(val(ea, "unit"), "a");
	for (size_t i = 0; i < g->events.n; i++)
		if (strcmp(event_log_kind(&g->events, i), "rampage") == 0 &&
		    strcmp(event_log_get(&g->events, i, "unit"), "b") == 0)
			start_b = i;
	cr_assert_gt(start_b, end_a);
	cr_assert(a->eliminated);
	cr_assert(b->eliminated);
	game_free(g);
}

/* 9.14, 4.82: a leader elephant is eliminated on 0; its leader checks
 * for a casualty (the Leader Casualty Table, leader_elephant.c) and,
 * alive, stays where it fell as an ordinary leader */
Test(rampage, leader_elephant_zero_rider_checks_9_14_4_82)
{
	struct game *g = field();
	struct unit *el = U(g, "el", 1, UT_EL, "3015", FACE_NE);
	el->leader_elephant = "ld";
	struct leader *l = fx_leader(g, "ld", 1, fx_hex("3015"));
	U(g, "foe", 0, UT_HI, "3011", FACE_NE);
	force(g, 0); /* rampage: a leader elephant is eliminated */
	force(g, 4); /* 4.82: the table: finished */
	rampage_run(g, idx(g, el), "4.84");
	cr_assert_str_eq(val(fx_event(g, 0, "rampage"), "cause"), "4.84");
	cr_assert_str_eq(val(fx_event(g, 0, "rampage_roll"), "result"),
			 "leader_elephant_eliminated");
	cr_assert(el->eliminated);
	cr_assert_str_eq(val(fx_event(g, 0, "leader_elephant_lost"), "leader"),
			 "ld");
	cr_assert_not(l->killed);
	cr_assert(l->on_map);
	cr_assert(hex_eq(l->hex, fx_hex("3015")));
	game_free(g);
}

/* 4.82, 9.14: the leader rides it through the rampage and goes off the
 * map with it */
Test(rampage, rider_rides_along_and_off_the_map_4_82)
{
	struct game *g = field();
	struct unit *el = U(g, "el", 1, UT_EL, "3002", FACE_NE);
	el->leader_elephant = "ld";
	struct leader *l = fx_leader(g, "ld", 1, fx_hex("3002"));
	U(g, "foe", 0, UT_HI, "3008", FACE_NE);
	force(g, 4); /* S: 3003, 3004, 3005 */
	force(g, 1); /* N: 3004, 3003, 3002 */
	force(g, 1); /* N: 3001, 3000, off */
	rampage_run(g, idx(g, el), "10.14");
	cr_assert_eq(fx_count(g, 0, "rampage_trampled"), 0);
	cr_assert_str_eq(val(fx_event(g, 0, "rampage_end"), "reason"),
			 "off_map");
	cr_assert(el->eliminated);
	cr_assert(l->killed);
	game_free(g);
}

/* 9.14: a later 7-9 rallies a leader elephant with TQ - 2 hits */
Test(rampage, leader_elephant_mahout_rallies_tq_minus_2_9_14)
{
	struct game *g = field();
	struct unit *el = U(g, "el", 1, UT_EL, "3015", FACE_NE);
	el->leader_elephant = "ld";
	struct leader *l = fx_leader(g, "ld", 1, fx_hex("3015"));
	U(g, "foe", 0, UT_HI, "3020", FACE_NE);
	el->hits = 6;
	force(g, 4); /* S: 3016, 3017, 3018 */
	force(g, 7);
	rampage_run(g, idx(g, el), "10.14");
	cr_assert_not(el->eliminated);
	cr_assert_not(el->routed);
	cr_assert_eq(el->hits, 4);
	cr_assert(hex_eq(l->hex, fx_hex("3018"))); /* 4.82 he rode along */
	cr_assert_str_eq(val(fx_event(g, 0, "rampage_end"), "reason"),
			 "rallied");
	cr_assert_not(rampage_under_way(g));
	game_free(g);
}

/* Bad input: not an elephant, out of range, out of play: nothing */
Test(rampage, bad_calls_do_nothing_9_14)
{
	struct game *g = field();
	struct unit *u = U(g, "u", 0, UT_HI, "3015", FACE_NE);
	rampage_run(g, idx(g, u), "10.14");
	rampage_run(g, -1, "10.14");
	rampage_run(g, 99, NULL);
	rampage_run(NULL, 0, NULL);
	cr_assert_eq(fx_count(g, 0, "rampage"), 0);
	cr_assert_not(rampage_after_command(g));
	cr_assert_eq(rampage_compass(g, 0), -1);
	cr_assert_eq(rampage_compass(g, 7), -1);
	cr_assert_eq(rampage_compass(g, 1), SIDE_N);
	game_free(g);
}

/* 9.14 "before any other game mechanic", 8.43: an elephant routed by its
 * pre-shock TQ check rampages at once; stopped for a withdrawal, the
 * Charge step waits (nothing more of the combat is resolved) and goes on
 * only after the rampage is over. */
Test(rampage, shock_charge_waits_for_the_rampage_9_14_8_43)
{
	struct game *g = field();
	struct session s;
	open_session(&s, g);
	snprintf(g->battle->sides[0].retreat_edge,
		 sizeof g->battle->sides[0].retreat_edge, "east");
	snprintf(g->battle->sides[1].retreat_edge,
		 sizeof g->battle->sides[1].retreat_edge, "west");
	struct unit *el = U(g, "el", 1, UT_EL, "3010", FACE_E);
	struct unit *hi = U(g, "hi", 0, UT_HI, "3110", FACE_W);
	struct unit *lc =
		fx_unit(g, "lc", 0, UT_LC, fx_hex("3008"), FACE_SE, 8);
	el->hits = 5;
	el->shock_must = true;
	int ci = shock_add_combat(g);
	cr_assert_geq(ci, 0);
	struct shock_combat *c = &g->shock.c[ci];
	c->att_at[0] = el->at;
	c->att[c->natt++] = idx(g, el);
	c->must_check = true;
	c->def_at[0] = hi->at;
	c->def[c->ndef++] = idx(g, hi);
	c->passthru = PT_DECLINED; /* 9.11 not elected */
	struct shock_state *st = &g->shock;
	st->step = SHS_CHARGE;
	st->attacker = 1;
	st->batch_begin = 0;
	st->batch_end = st->ncombats;
	force(g, 9); /* el's 8.43 check: routs it */
	force(g, 0); /* hi's */
	force(g, 1); /* rampage N: lc at 3008 is 2 hexes off */
	cr_assert_not(shock_step_charge(g));
	cr_assert(el->routed);
	cr_assert(rampage_waiting(g));
	cr_assert_str_eq(val(fx_event(g, 0, "rampage_offer"), "unit"), "lc");
	cr_assert_null(fx_event(g, 0, "combat_off"));
	/* the segment waits (rout_pending), doing nothing */
	cr_assert(rout_pending(g));
	size_t n0 = g->events.n;
	cr_assert_not(shock_run(g));
	cr_assert_eq(g->events.n, n0);
	force(g, 8); /* the mahout */
	cr_assert_eq(cmd(&s, "no reaction"), CMD_OK);
	cr_assert_not(rampage_under_way(g));
	cr_assert_eq(lc->hits, 2); /* cavalry struck */
	cr_assert(el->eliminated);
	cr_assert_null(fx_event(g, 0, "combat_off"));
	size_t end = 0, off = 0;
	first(g, "rampage_end", &end);
	cr_assert(shock_step_charge(g));
	cr_assert_not_null(first(g, "combat_off", &off));
	cr_assert_gt(off, end);
	session_free(&s);
}

/* 4.72 (9.14): a lone leader who stays is eliminated by 4.72 itself; the
 * rampage then goes through his empty hex.  A unit with no offer may not
 * withdraw (refused, naming 6.51). */
Test(rampage, lone_leader_declines_4_72_and_refusals_9_14)
{
	struct game *g = field();
	struct session s;
	open_session(&s, g);
	struct unit *el = U(g, "el", 1, UT_EL, "3015", FACE_NE);
	U(g, "foe", 0, UT_HI, "3020", FACE_NE);
	struct leader *l = fx_leader(g, "ld", 0, fx_hex("3013"));
	force(g, 1); /* N */
	rout_begin(g, idx(g, el), "10.14");
	cr_assert(rampage_waiting(g));
	cr_assert(at(el, "3014"));
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(&s, "withdraw foe 3021", &r);
	cr_assert_eq(r.status, CMD_REFUSED);
	cr_assert_str_eq(r.rule, "6.51");
	cmd_result_free(&r);
	force(g, 8); /* the mahout */
	cr_assert_eq(cmd(&s, "no reaction"), CMD_OK);
	cr_assert(l->killed);
	cr_assert_str_eq(val(fx_event(g, 0, "eliminated"), "rule"), "11.1");
	const struct event *e = NULL;
	for (size_t i = 0; i < g->events.n; i++)
		if (strcmp(event_log_kind(&g->events, i), "eliminated") == 0 &&
		    event_log_get(&g->events, i, "leader"))
			e = logged_event(&g->events, i);
	cr_assert_str_eq(val(e, "cause"), "did_not_withdraw");
	cr_assert_null(fx_event(g, 0, "rampage_trampled"));
	cr_assert_str_eq(val(first(g, "rampage_moved", NULL), "to"), "3012");
	session_free(&s);
}

/* 10.23, 10.25, 9.14: in the Rout Movement segment, a router passing
 * through a friendly elephant routs it; its rampage comes once that rout
 * move is over, and the segment waits while the rampage waits for a
 * withdrawal, then moves the next router. */
Test(rampage, rout_segment_waits_for_the_rampage_10_23_9_14)
{
	struct game *g = field();
	struct session s;
	open_session(&s, g);
	snprintf(g->battle->sides[0].retreat_edge,
		 sizeof g->battle->sides[0].retreat_edge, "south");
	snprintf(g->battle->sides[1].retreat_edge,
		 sizeof g->battle->sides[1].retreat_edge, "north");
	struct unit *ru = U(g, "ru", 0, UT_MI, "3010", FACE_SE);
	struct unit *el = U(g, "el", 0, UT_EL, "3011", FACE_SE);
	struct unit *lc =
		fx_unit(g, "lc", 1, UT_LC, fx_hex("3008"), FACE_NE, 8);
	struct unit *r2 = U(g, "r2", 0, UT_MI, "2505", FACE_SE);
	ru->routed = true;
	r2->routed = true;
	el->hits = 5; /* ru passing through gives the hit that routs it */
	g->phase = PHASE_ROUT_RELOAD;
	force(g, 1); /* el: N, 3010 then lc at 3008 is 2 hexes off */
	cr_assert_not(rout_movement_segment(g));
	cr_assert(rampage_waiting(g));
	cr_assert(at(el, "3010"));
	cr_assert_str_eq(val(fx_event(g, 0, "rampage_offer"), "unit"), "lc");
	size_t r2_first = 0, end = 0;
	cr_assert_null(first(g, "rout_movement_done", NULL));
	force(g, 8); /* the mahout */
	cr_assert_eq(cmd(&s, "no reaction"), CMD_OK);
	cr_assert_eq(lc->hits, 2);
	cr_assert(el->eliminated);
	cr_assert(rout_movement_segment(g));
	cr_assert(first(g, "rampage_end", &end));
	for (size_t i = 0; i < g->events.n && !r2_first; i++)
		if (strcmp(event_log_kind(&g->events, i), "rout_move") == 0 &&
		    strcmp(event_log_get(&g->events, i, "unit"), "r2") == 0)
			r2_first = i;
	cr_assert_gt(r2_first, end, "r2 moves after the rampage");
	cr_assert_not(at(r2, "2505"));
	session_free(&s);
}

/* 9.14 from the data: constants.ini [rampage] read as 2 rolls of 2 hexes
 * each, and an end 6 hexes from every unit. */
Test(rampage, rolls_hexes_and_alone_read_from_constants_ini_9_14)
{
	struct game *g = field();
	change_tables(g, "constants", "rolls = 4", "rolls = 2",
		      "hexes_per_roll = 3", "hexes_per_roll = 2");
	struct unit *el = U(g, "el", 1, UT_EL, "3015", FACE_NE);
	U(g, "foe", 0, UT_HI, "2813", FACE_NE);
	force(g, 1); /* N */
	force(g, 4); /* S */
	rout_begin(g, idx(g, el), "10.14");
	cr_assert_eq(fx_count(g, 0, "rampage_roll"), 2);
	const struct event *m = first(g, "rampage_moved", NULL);
	cr_assert_str_eq(val(m, "to"), "3013");
	cr_assert_str_eq(val(m, "hexes"), "2");
	cr_assert(el->eliminated);
	game_free(g);

	g = field();
	change_tables(g, "constants", "alone_hexes = 8", "alone_hexes = 6");
	el = U(g, "el", 1, UT_EL, "3015", FACE_NE);
	U(g, "foe", 0, UT_HI, "3018", FACE_NE); /* 3 away; 6 after N */
	force(g, 1);
	rout_begin(g, idx(g, el), "10.14");
	cr_assert_eq(fx_count(g, 0, "rampage_roll"), 1);
	cr_assert_str_eq(val(fx_event(g, 0, "rampage_end"), "reason"), "alone");
	game_free(g);
}
