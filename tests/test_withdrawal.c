/* Orderly Withdrawal (6.51-6.57, 9.21, RULINGS R1) and leader withdrawal
 * (4.72): the offers a step of a move raises (ow_collect,
 * leader_withdraw_collect) and the `withdraw` rule answering them, on
 * the clear fixture map with the rulebook's hexes and forced dice. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "maniple/reactions.h"
#include "maniple/withdrawal.h"
#include "changed_tables.h"
#include "move_fixture.h"

/* Runs `withdraw WORDS...` (words split on blanks); returns the status
 * and leaves the refusal's rule in rule (when given). */
static enum cmd_status W(struct game *g, const char *line, char *rule)
{
	char buf[128];
	snprintf(buf, sizeof buf, "%s", line);
	char *w[4] = {NULL, NULL, NULL, NULL};
	int n = 0;
	for (char *t = strtok(buf, " "); t && n < 4; t = strtok(NULL, " "))
		w[n++] = t;
	cr_assert_geq(n, 2, "bad test line %s", line);
	struct cmd_result r;
	cmd_result_init(&r);
	withdraw_command(g, w[0], w[1], w[2], &r);
	enum cmd_status st = r.status;
	if (rule)
		snprintf(rule, 16, "%s", r.rule);
	cmd_result_free(&r);
	return st;
}

static void ok(struct game *g, const char *line)
{
	char rule[16];
	cr_assert_eq(W(g, line, rule), CMD_OK, "withdraw %s refused (%s)",
		     line, rule);
}

static void refused(struct game *g, const char *line, const char *rule)
{
	char got[16] = "";
	cr_assert_eq(W(g, line, got), CMD_REFUSED, "withdraw %s not refused",
		     line);
	cr_assert_str_eq(got, rule, "withdraw %s: rule %s, not %s", line, got,
			 rule);
}

static struct game *movement_field(void)
{
	struct game *g = fx_field();
	g->phase = PHASE_MOVEMENT;
	return g;
}

static int idx(const struct game *g, const struct unit *u)
{
	return (int)(u - g->units);
}

/* The offer of a kind for unit (or leader) i, -1 when none is open. */
static int offer(const struct game *g, int kind, int i)
{
	for (int k = 0; k < g->react.noffers; k++) {
		const struct reaction_offer *o = &g->react.offers[k];
		if (o->kind == kind && o->state != RO_DONE &&
		    (kind == RK_LEADER_WITHDRAW ? o->leader : o->unit) == i)
			return k;
	}
	return -1;
}

static void put_at(struct game *g, struct unit *u, const char *a,
		   const char *b)
{
	game_unit_set_hex(g, u, 0, fx_hex(a));
	game_unit_set_hex(g, u, 1, b ? fx_hex(b) : HEX_NONE);
}

/* A phalanx (MA 4, 5 when another withdraws from it: 6.41, 6.51) over
 * two hexes, facing across its long side. */
static struct unit *phalanx(struct game *g, const char *id, int side,
			    const char *a, const char *b)
{
	struct unit *u = fx_unit(g, id, side, UT_PH, fx_hex(a), FACE_E, 4);
	u->ma_ext = 5;
	put_at(g, u, a, b);
	int p = hex_direction_to(u->at.hex[0], u->at.hex[1]);
	u->at.facing = ((p + 1) % 6 + 6) % 6;
	cr_assert_null(footprint_check(&u->at));
	return u;
}

/* 6.5's example of withdrawal (Cannae), move by move with its hexes;
 * RULINGS R1: no hits on the velites for the flank approaches. */
Test(withdrawal, cannae_example_6_5)
{
	struct game *g = movement_field();
	struct unit *rc = fx_unit(g, "rc", 0, UT_RC, fx_hex("3214"), FACE_NW, 8);
	struct unit *ve = fx_unit(g, "ve", 0, UT_LI, fx_hex("3216"), FACE_SW, 6);
	snprintf(ve->cls, sizeof ve->cls, "VE");
	ve->legion = 1;
	struct unit *ph = phalanx(g, "ph", 1, "2912", "3012");
	int m = idx(g, ph);

	/* the phalanx starts beyond 2 hexes: nothing at the start */
	ow_collect(g, m, true);
	cr_assert_not(reactions_pending(g));

	/* into 3013/3112: within 2 of the cavalry, not of the velites */
	put_at(g, ph, "3013", "3112");
	ow_collect(g, m, false);
	int o = offer(g, RK_WITHDRAW, idx(g, rc));
	cr_assert_geq(o, 0);
	cr_assert_eq(g->react.offers[o].mp, 3, "8 - 5 = 3 MP (6.51)");
	cr_assert_eq(g->react.offers[o].approach, ZONE_FRONT);
	cr_assert_eq(offer(g, RK_WITHDRAW, idx(g, ve)), -1);
	/* two hexes back to 3415, facing kept, no hits */
	size_t ev = g->events.n;
	refused(g, "rc 3213", "6.51"); /* nearer the phalanx */
	refused(g, "rc 3313", "6.51"); /* as near as 3214 */
	ok(g, "rc 3314");
	ok(g, "rc 3415");
	ok(g, "rc done");
	cr_assert(hex_eq(rc->at.hex[0], fx_hex("3415")));
	cr_assert_eq(rc->at.facing, FACE_NW);
	cr_assert_eq(rc->hits, 0);
	cr_assert_eq(fx_count(g, ev, "withdrew"), 2);
	cr_assert_not(reactions_pending(g));

	/* into 3113/3213: no one within 2 hexes */
	put_at(g, ph, "3113", "3213");
	ow_collect(g, m, false);
	cr_assert_not(reactions_pending(g));

	/* into 3114/3214: exactly 2 hexes from both */
	put_at(g, ph, "3114", "3214");
	cr_assert_eq(ow_distance(&ph->at, &rc->at), 2);
	cr_assert_eq(ow_distance(&ph->at, &ve->at), 2);
	ow_collect(g, m, false);
	int oc = offer(g, RK_WITHDRAW, idx(g, rc));
	int ov = offer(g, RK_WITHDRAW, idx(g, ve));
	cr_assert_geq(oc, 0);
	cr_assert_geq(ov, 0);
	cr_assert_eq(g->react.offers[ov].mp, 1, "6 - 5 = 1 MP");
	cr_assert_eq(g->react.offers[ov].approach, ZONE_FLANK,
		     "3215/3314 touches a flank hex of the velites");
	cr_assert_eq(g->react.offers[oc].approach, ZONE_FRONT);
	ok(g, "rc 3515");
	refused(g, "ve 3316", "6.5"); /* one withdrawal at a time */
	ok(g, "rc done");
	ev = g->events.n;
	ok(g, "ve 3316");
	refused(g, "ve 3417", "6.51"); /* 1 MP only */
	ok(g, "ve done");
	cr_assert(hex_eq(ve->at.hex[0], fx_hex("3316")));
	cr_assert_eq(ve->at.facing, FACE_SW, "the velites keep facing SW");
	cr_assert_eq(ve->hits, 0, "R1: velites take no flank approach hit");
	const struct event *b = fx_event(g, ev, "withdrawal_begun");
	cr_assert_not_null(b);
	cr_assert_str_eq(event_get(b, "approach"), "flank");
	cr_assert_str_eq(event_get(b, "rule"), "6.52,9.21,R1");

	/* into 3215/3314: within 2 of both again (6.54: once more) */
	put_at(g, ph, "3215", "3314");
	ow_collect(g, m, false);
	cr_assert_geq(offer(g, RK_WITHDRAW, idx(g, rc)), 0);
	cr_assert_geq(offer(g, RK_WITHDRAW, idx(g, ve)), 0);
	ok(g, "rc 3616");
	ok(g, "rc done");
	ok(g, "ve 3417");
	ok(g, "ve done");
	cr_assert(hex_eq(rc->at.hex[0], fx_hex("3616")));
	cr_assert(hex_eq(ve->at.hex[0], fx_hex("3417")));
	cr_assert_eq(ve->hits, 0, "R1 again");
	cr_assert_eq(rc->hits, 0);

	/* into 3315/3415: within 2 of both; they decline */
	put_at(g, ph, "3315", "3415");
	ow_collect(g, m, false);
	cr_assert(reactions_pending(g));
	ok(g, "rc done");
	ok(g, "ve done");
	cr_assert_not(reactions_pending(g));
	cr_assert(hex_eq(rc->at.hex[0], fx_hex("3616")));
	cr_assert(hex_eq(ve->at.hex[0], fx_hex("3417")));
	/* no movement points spent, no orders (6.54) */
	cr_assert_not(rc->moved_phase);
	cr_assert_not(ve->moved_turn);
	game_free(g);
}

/* 6.5 Example #1: velites (MA 6) before a phalanx (5) withdraw one clear
 * hex; hastati (MA 5) cannot withdraw from it at all. */
Test(withdrawal, example_1_velites_and_hastati)
{
	struct game *g = movement_field();
	struct unit *ve = fx_unit(g, "ve", 0, UT_LI, fx_hex("3016"), FACE_W, 6);
	snprintf(ve->cls, sizeof ve->cls, "VE");
	struct unit *ha = fx_unit(g, "ha", 0, UT_LG, fx_hex("3018"), FACE_W, 5);
	snprintf(ha->cls, sizeof ha->cls, "HA");
	struct unit *ph = phalanx(g, "ph", 1, "2816", "2817");
	ow_collect(g, idx(g, ph), true);
	int o = offer(g, RK_WITHDRAW, idx(g, ve));
	cr_assert_geq(o, 0);
	cr_assert_eq(g->react.offers[o].mp, 1);
	cr_assert_eq(offer(g, RK_WITHDRAW, idx(g, ha)), -1,
		     "same MA: no Orderly Withdrawal");
	ok(g, "ve 3116");
	refused(g, "ve 3216", "6.51");
	ok(g, "ve done");
	cr_assert_eq(ve->hits, 0, "6.52 #2: not velites");
	game_free(g);
}

/* 6.5 Example #2: cavalry (MA 8) cannot withdraw uphill (2 MP) before an
 * elephant (MA 7): a 1 MP withdrawal. */
Test(withdrawal, example_2_cavalry_uphill_before_elephant)
{
	struct game *g = movement_field();
	struct unit *hc = fx_unit(g, "hc", 0, UT_HC, fx_hex("3010"), FACE_W, 8);
	struct unit *el = fx_unit(g, "el", 1, UT_EL, fx_hex("2810"), FACE_E, 7);
	map_at_mut(g->battle->map, fx_hex("3110"))->elevation = 1;
	ow_collect(g, idx(g, el), true);
	int o = offer(g, RK_WITHDRAW, idx(g, hc));
	cr_assert_geq(o, 0);
	cr_assert_eq(g->react.offers[o].mp, 1);
	refused(g, "hc 3110", "6.51");
	cr_assert_eq(g->react.offers[o].state, RO_OPEN, "changes nothing");
	ok(g, "hc 3109"); /* level ground, 1 MP */
	ok(g, "hc done");
	cr_assert_eq(hc->hits, 0, "6.52: cavalry takes no #1/#2 hit");
	game_free(g);
}

/* 6.5 Example #3, 9.21: a skirmisher approached from the rear by
 * principes takes 1 hit and withdraws up to 2 hexes away. */
Test(withdrawal, example_3_skirmisher_rear_approach)
{
	struct game *g = movement_field();
	struct unit *sk = fx_unit(g, "sk", 1, UT_SK, fx_hex("3010"), FACE_E, 6);
	struct unit *pr = fx_unit(g, "pr", 0, UT_LG, fx_hex("2810"), FACE_E, 5);
	snprintf(pr->cls, sizeof pr->cls, "PR");
	ow_collect(g, idx(g, pr), true);
	int o = offer(g, RK_WITHDRAW, idx(g, sk));
	cr_assert_geq(o, 0);
	cr_assert_eq(g->react.offers[o].approach, ZONE_REAR);
	cr_assert_eq(g->react.offers[o].mp, 2, "9.21: 2 hexes");
	/* 2910 is nearer to the principes: not away */
	refused(g, "sk 2910", "6.51");
	refused(g, "sk 3009", "6.51"); /* as near as 3010 is */
	size_t ev = g->events.n;
	ok(g, "sk 3110");
	cr_assert_eq(sk->hits, 1, "6.52 #3: rear approach");
	const struct event *h = fx_event(g, ev, "cohesion_hit");
	cr_assert_str_eq(event_get(h, "rule"), "6.52");
	ok(g, "sk 3210");
	refused(g, "sk 3310", "9.21"); /* 2 hexes, not MP */
	ok(g, "sk done");
	cr_assert_eq(sk->hits, 1, "6.52 #2 spares skirmishers");
	game_free(g);
}

/* 9.21: a skirmisher withdraws before units of the same or lower MA,
 * whatever the difference; not before a faster one. */
Test(withdrawal, skirmishers_9_21)
{
	struct game *g = movement_field();
	struct unit *sk = fx_unit(g, "sk", 1, UT_SK, fx_hex("3010"), FACE_W, 6);
	struct unit *hi = fx_unit(g, "hi", 0, UT_HI, fx_hex("2810"), FACE_E, 6);
	struct unit *lc = fx_unit(g, "lc", 0, UT_LC, fx_hex("3012"), FACE_NE, 9);
	ow_collect(g, idx(g, hi), true);
	int o = offer(g, RK_WITHDRAW, idx(g, sk));
	cr_assert_geq(o, 0, "equal MA: a skirmisher may withdraw");
	cr_assert_eq(g->react.offers[o].mp, 2);
	cr_assert_eq(g->react.offers[o].approach, ZONE_FRONT);
	ok(g, "sk done");
	ow_collect(g, idx(g, lc), true);
	cr_assert_eq(offer(g, RK_WITHDRAW, idx(g, sk)), -1,
		     "cavalry is faster than the skirmisher");
	game_free(g);
}

/* 6.52 #3: a flank approach costs other units 1 hit before withdrawing;
 * 6.52 #2: infantry other than skirmishers and velites 1 more after. */
Test(withdrawal, flank_approach_and_infantry_hit_6_52)
{
	struct game *g = movement_field();
	struct unit *mi = fx_unit(g, "mi", 0, UT_MI, fx_hex("3010"), FACE_NE, 7);
	struct unit *hi = fx_unit(g, "hi", 1, UT_HI, fx_hex("2810"), FACE_E, 5);
	ow_collect(g, idx(g, hi), true);
	int o = offer(g, RK_WITHDRAW, idx(g, mi));
	cr_assert_geq(o, 0);
	cr_assert_eq(g->react.offers[o].approach, ZONE_FLANK);
	size_t ev = g->events.n;
	ok(g, "mi 3110");
	cr_assert_eq(mi->hits, 1, "flank approach");
	ok(g, "mi face E");
	cr_assert_eq(mi->at.facing, FACE_E, "6.52: facing at the end");
	cr_assert_eq(mi->hits, 2, "6.52 #2");
	cr_assert_eq(fx_count(g, ev, "withdrawal_done"), 1,
		     "the facing change ends the withdrawal");
	cr_assert_not(reactions_pending(g));
	game_free(g);
}

/* 6.52 #1: Roman LG test TQ after withdrawing: 1 hit when the DR is
 * higher than the TQ, none when not. */
Test(withdrawal, roman_lg_tq_check_6_52)
{
	struct game *g = movement_field();
	struct unit *ha = fx_unit(g, "ha", 0, UT_LG, fx_hex("3010"), FACE_W, 6);
	struct unit *bi = fx_unit(g, "bi", 1, UT_BI, fx_hex("2810"), FACE_E, 4);
	struct unit *ha2 = fx_unit(g, "ha2", 0, UT_LG, fx_hex("3020"), FACE_W, 6);
	struct unit *bi2 = fx_unit(g, "bi2", 1, UT_BI, fx_hex("2820"), FACE_E, 4);
	cr_assert(dice_force(&g->dice, 7));
	cr_assert(dice_force(&g->dice, 6));
	ow_collect(g, idx(g, bi), true);
	ok(g, "ha 3110");
	ok(g, "ha done");
	cr_assert_eq(ha->hits, 1, "7 > TQ 6");
	ow_collect(g, idx(g, bi2), true);
	ok(g, "ha2 3120");
	ok(g, "ha2 done");
	cr_assert_eq(ha2->hits, 0, "6 is not higher than TQ 6");
	game_free(g);
}

/* 6.53: hits reaching the TQ rout the withdrawing unit at once; 6.22,
 * 6.52: the usual cohesion costs of the hexes entered. */
Test(withdrawal, rout_6_53)
{
	struct game *g = movement_field();
	struct unit *mi = fx_unit(g, "mi", 0, UT_MI, fx_hex("3010"), FACE_W, 7);
	struct unit *hi = fx_unit(g, "hi", 1, UT_HI, fx_hex("2810"), FACE_E, 4);
	mi->hits = 4;
	fx_terrain(g, fx_hex("3110"), TERRAIN_BROKEN);
	ow_collect(g, idx(g, hi), true);
	size_t ev = g->events.n;
	ok(g, "mi 3110"); /* broken: 2 MP, 1 hit -> 5 */
	cr_assert_eq(mi->hits, 5);
	cr_assert_not(mi->routed);
	cr_assert(reactions_pending(g));
	ok(g, "mi done"); /* 6.52 #2: 6 = TQ */
	cr_assert(mi->routed || mi->eliminated, "6.53: the unit routs");
	const struct event *r = fx_event(g, ev, "withdrawal_rout");
	cr_assert_not_null(r);
	cr_assert_str_eq(event_get(r, "rule"), "6.53");
	cr_assert_not(reactions_pending(g));
	game_free(g);
}

/* 6.54: any number of withdrawals in a turn, each with its penalties;
 * no MP spent, no Moved marker. */
Test(withdrawal, repeated_6_54)
{
	struct game *g = movement_field();
	struct unit *mi = fx_unit(g, "mi", 0, UT_MI, fx_hex("3010"), FACE_W, 7);
	struct unit *a = fx_unit(g, "a", 1, UT_HI, fx_hex("2810"), FACE_E, 4);
	struct unit *b = fx_unit(g, "b", 1, UT_HI, fx_hex("2912"), FACE_E, 4);
	ow_collect(g, idx(g, a), true);
	ok(g, "mi 3110");
	ok(g, "mi done");
	ow_collect(g, idx(g, b), true);
	cr_assert_eq(offer(g, RK_WITHDRAW, idx(g, mi)), -1, "3 hexes");
	put_at(g, b, "2911", NULL);
	ow_collect(g, idx(g, b), false);
	cr_assert_geq(offer(g, RK_WITHDRAW, idx(g, mi)), 0);
	ok(g, "mi 3210");
	ok(g, "mi done");
	cr_assert_eq(mi->hits, 2, "6.52 #2 once for each");
	cr_assert_not(mi->moved_phase);
	/* the same mover coming nearer again after the unit got away */
	put_at(g, b, "3011", NULL);
	ow_collect(g, idx(g, b), false);
	cr_assert_geq(offer(g, RK_WITHDRAW, idx(g, mi)), 0);
	ok(g, "mi done");
	/* staying within 2 hexes: no new instant */
	put_at(g, b, "3111", NULL);
	ow_collect(g, idx(g, b), false);
	cr_assert_eq(offer(g, RK_WITHDRAW, idx(g, mi)), -1);
	game_free(g);
}

/* 6.55: not into enemy ZOC, Woods, Marsh, prohibited hexes; 6.6 stacking
 * (friends) applies. */
Test(withdrawal, forbidden_hexes_6_55)
{
	struct game *g = movement_field();
	struct unit *hc = fx_unit(g, "hc", 0, UT_HC, fx_hex("3010"), FACE_W, 9);
	struct unit *e = fx_unit(g, "e", 1, UT_HI, fx_hex("2810"), FACE_E, 4);
	ow_collect(g, idx(g, e), true);
	cr_assert_geq(offer(g, RK_WITHDRAW, idx(g, hc)), 0);
	struct hex h = fx_hex("3110");
	/* Woods, Marsh, impassable */
	const enum terrain bad[] = {TERRAIN_WOODS, TERRAIN_MARSH,
				    TERRAIN_IMPASSABLE};
	for (int i = 0; i < 3; i++) {
		fx_terrain(g, h, bad[i]);
		refused(g, "hc 3110", "6.55");
	}
	fx_terrain(g, h, TERRAIN_CLEAR);
	/* across a River hexside */
	fx_hexside(g, fx_hex("3010"), SIDE_ESE, HSF_RIVER);
	refused(g, "hc 3110", "6.55");
	map_at_mut(g->battle->map, fx_hex("3010"))->side[SIDE_ESE] = 0;
	map_at_mut(g->battle->map, h)->side[SIDE_WNW] = 0;
	/* an enemy ZOC: z's front hexes are 3211 and 3110 */
	struct unit *z = fx_unit(g, "z", 1, UT_HI, fx_hex("3210"), FACE_SW, 5);
	refused(g, "hc 3110", "6.55");
	z->on_map = false;
	refused(g, "hc 3212", "6.51"); /* not adjacent */
	cr_assert(hex_eq(hc->at.hex[0], fx_hex("3010")));
	/* 6.6 (STACK's chart): cavalry passes through cavalry but may not
	 * end its withdrawal there */
	fx_unit(g, "f", 0, UT_HC, h, FACE_W, 8);
	ok(g, "hc 3110");
	cr_assert_eq(W(g, "hc done", NULL), CMD_REFUSED);
	ok(g, "hc 3210");
	ok(g, "hc done");
	game_free(g);
}

/* 6.56: only in the enemy's Movement segment (never in Shock), only the
 * other side's units; 6.51: not routed, not In Column, not in an enemy
 * ZOC, only within 2 hexes. */
Test(withdrawal, who_and_when_6_56_6_51)
{
	struct game *g = movement_field();
	struct unit *hc = fx_unit(g, "hc", 0, UT_HC, fx_hex("3010"), FACE_W, 9);
	struct unit *own = fx_unit(g, "own", 1, UT_HC, fx_hex("2809"), FACE_W, 9);
	struct unit *mv = fx_unit(g, "mv", 1, UT_HI, fx_hex("2810"), FACE_E, 4);
	struct unit *far = fx_unit(g, "far", 0, UT_HC, fx_hex("3110"), FACE_W, 9);
	g->phase = PHASE_SHOCK;
	ow_collect(g, idx(g, mv), true);
	cr_assert_not(reactions_pending(g), "6.56: not in Shock");
	g->phase = PHASE_MOVEMENT;
	hc->routed = true;
	ow_collect(g, idx(g, mv), true);
	cr_assert_not(reactions_pending(g), "6.51: not routed");
	hc->routed = false;
	hc->at.in_column = true;
	ow_collect(g, idx(g, mv), true);
	cr_assert_not(reactions_pending(g), "6.51: not In Column");
	hc->at.in_column = false;
	game_unit_set_hex(g, hc, 0, fx_hex("2910"));
	game_unit_set_hex(g, far, 0, fx_hex("3710"));
	ow_collect(g, idx(g, mv), true);
	cr_assert_eq(offer(g, RK_WITHDRAW, idx(g, hc)), -1,
		     "6.51: in the mover's ZOC");
	game_unit_set_hex(g, hc, 0, fx_hex("3010"));
	ow_collect(g, idx(g, mv), true);
	cr_assert_geq(offer(g, RK_WITHDRAW, idx(g, hc)), 0);
	cr_assert_eq(offer(g, RK_WITHDRAW, idx(g, own)), -1,
		     "6.56: the moving side's units do not withdraw");
	cr_assert_eq(offer(g, RK_WITHDRAW, idx(g, far)), -1, "3 hexes");
	refused(g, "own 2709", "6.51");
	refused(g, "line cav", "6.57");
	game_free(g);
}

/* 6.5: without an offer there is nothing to answer; a refusal changes
 * nothing. */
Test(withdrawal, refusals_change_nothing)
{
	struct game *g = movement_field();
	struct unit *hc = fx_unit(g, "hc", 0, UT_HC, fx_hex("3010"), FACE_W, 9);
	refused(g, "hc 3110", "6.51");
	struct unit *mv = fx_unit(g, "mv", 1, UT_HI, fx_hex("2810"), FACE_E, 4);
	ow_collect(g, idx(g, mv), true);
	refused(g, "hc 2910", "6.51");
	refused(g, "hc face E", "6.52");
	cr_assert_eq(W(g, "hc 99x", NULL), CMD_MALFORMED);
	cr_assert_eq(W(g, "nobody 3110", NULL), CMD_REFUSED);
	cr_assert_eq(g->react.offers[offer(g, RK_WITHDRAW, idx(g, hc))].state,
		     RO_OPEN);
	cr_assert_eq(hc->hits, 0);
	game_free(g);
}

/* 4.72: a lone leader an enemy combat unit comes next to withdraws 1-3
 * hexes away, or is eliminated with his rout points. */
Test(withdrawal, leader_alone_4_72)
{
	struct game *g = movement_field();
	struct leader *l = fx_leader(g, "consul", 0, fx_hex("3010"));
	struct unit *mv = fx_unit(g, "mv", 1, UT_HC, fx_hex("2810"), FACE_E, 8);
	leader_withdraw_collect(g, idx(g, mv));
	cr_assert_not(reactions_pending(g), "2 hexes away: nothing");
	put_at(g, mv, "2910", NULL);
	leader_withdraw_collect(g, idx(g, mv));
	int o = offer(g, RK_LEADER_WITHDRAW, 0);
	cr_assert_geq(o, 0);
	refused(g, "consul 2909", "4.72"); /* not away */
	ok(g, "consul 3110");
	ok(g, "consul 3210");
	ok(g, "consul 3310");
	refused(g, "consul 3410", "4.72");
	ok(g, "consul done");
	cr_assert(hex_eq(l->hex, fx_hex("3310")));
	cr_assert_not(l->killed);
	cr_assert_not(reactions_pending(g));
	/* another leader declines: eliminated, with his rout points */
	struct leader *t = fx_leader(g, "tribune", 0, fx_hex("3012"));
	put_at(g, mv, "3011", NULL);
	leader_withdraw_collect(g, idx(g, mv));
	int ot = offer(g, RK_LEADER_WITHDRAW, 1);
	cr_assert_geq(ot, 0);
	int rp = leader_rout_points(g, t);
	leader_withdraw_declined(g, ot);
	cr_assert(t->killed);
	cr_assert_not(t->on_map);
	cr_assert_eq(g->rout_points[0], rp);
	game_free(g);
}

/* 4.72: a leader stacked with a combat unit may stay; a lone one who
 * cannot get away (enemy units, ZOC, impassable hexes) is eliminated at
 * once; a leader goes with the unit he is stacked with (6.51). */
Test(withdrawal, leader_stacked_and_surrounded_4_72)
{
	struct game *g = movement_field();
	struct leader *l = fx_leader(g, "consul", 0, fx_hex("3010"));
	fx_unit(g, "ha", 0, UT_LG, fx_hex("3010"), FACE_W, 5);
	struct unit *mv = fx_unit(g, "mv", 1, UT_HC, fx_hex("2910"), FACE_E, 8);
	leader_withdraw_collect(g, idx(g, mv));
	int o = offer(g, RK_LEADER_WITHDRAW, 0);
	cr_assert_geq(o, 0);
	ok(g, "consul done");
	cr_assert_not(l->killed, "stacked: he may stay");

	/* surrounded: impassable all round but the enemy's side */
	struct leader *p = fx_leader(g, "praefect", 0, fx_hex("3020"));
	for (int d = 0; d < 6; d++) {
		struct hex h = hex_neighbour(fx_hex("3020"), (enum hexside)d);
		fx_terrain(g, h, TERRAIN_IMPASSABLE);
	}
	fx_terrain(g, fx_hex("2920"), TERRAIN_CLEAR);
	struct unit *mv2 = fx_unit(g, "mv2", 1, UT_HC, fx_hex("2820"), FACE_E, 8);
	put_at(g, mv2, "2920", NULL);
	leader_withdraw_collect(g, idx(g, mv2));
	cr_assert(p->killed, "no way out: eliminated at once");
	game_free(g);
}

Test(withdrawal, leader_goes_with_unit_4_72)
{
	struct game *g = movement_field();
	struct leader *l = fx_leader(g, "praefect", 0, fx_hex("3010"));
	struct unit *hc = fx_unit(g, "hc", 0, UT_HC, fx_hex("3010"), FACE_W, 9);
	struct unit *mv = fx_unit(g, "mv", 1, UT_HI, fx_hex("2810"), FACE_E, 4);
	ow_collect(g, idx(g, mv), true);
	refused(g, "hc with nobody", "4.72");
	ok(g, "hc with praefect");
	ok(g, "hc 3110");
	ok(g, "hc 3210");
	ok(g, "hc done");
	cr_assert(hex_eq(hc->at.hex[0], fx_hex("3210")));
	cr_assert(hex_eq(l->hex, fx_hex("3210")));
	game_free(g);
}

/* The `legal` lines for the offers. */
Test(withdrawal, legal_lines)
{
	struct game *g = movement_field();
	fx_unit(g, "hc", 0, UT_HC, fx_hex("3010"), FACE_W, 5);
	struct unit *mv = fx_unit(g, "mv", 1, UT_HI, fx_hex("2810"), FACE_E, 4);
	ow_collect(g, idx(g, mv), true);
	struct decision_answer a[32];
	int n = ow_legal(g, a, 32);
	bool step = false, done = false;
	for (int i = 0; i < n; i++) {
		step |= strcmp(a[i].line, "withdraw hc 3110") == 0;
		done |= strcmp(a[i].line, "withdraw hc done") == 0;
		cr_assert_neq(strcmp(a[i].line, "withdraw hc 2910"), 0);
	}
	cr_assert(step && done);
	game_free(g);
}

/* ---- 6.57 Cavalry Line Withdrawal ---- */

/* A Line of two light cavalry (c1 3214, c2 3215; MA 8) on side 0's chart
 * row "horse", a cavalry leader 2 hexes from c2, and side 1 heavy
 * infantry (MA 4) at 3211 about to approach c1 alone. */
static struct game *cav_line_field(void)
{
	struct game *g = movement_field();
	g->turn = 3;
	fx_line(g->battle, "horse", 0, "type:LC");
	fx_unit(g, "c1", 0, UT_LC, fx_hex("3214"), FACE_W, 8);
	fx_unit(g, "c2", 0, UT_LC, fx_hex("3215"), FACE_W, 8);
	fx_leader(g, "eq", 0, fx_hex("3416"));
	fx_unit(g, "hi", 1, UT_HI, fx_hex("3211"), FACE_SE, 4);
	return g;
}

static int uidx(const struct game *g, const char *id)
{
	return idx(g, game_unit((struct game *)g, id));
}

/* hi steps to 3212: within 2 hexes of c1 only */
static void approach(struct game *g)
{
	struct unit *hi = game_unit(g, "hi");
	game_unit_set_hex(g, hi, 0, fx_hex("3212"));
	ow_collect(g, uidx(g, "hi"), false);
	cr_assert_geq(offer(g, RK_WITHDRAW, uidx(g, "c1")), 0);
	cr_assert_eq(offer(g, RK_WITHDRAW, uidx(g, "c2")), -1,
		     "c2 is beyond 2 hexes of hi");
}

static bool legal_has(const struct game *g, const char *line)
{
	struct decision_answer a[64];
	int n = reactions_legal(g, a, 64);
	for (int i = 0; i < n; i++)
		if (strcmp(a[i].line, line) == 0)
			return true;
	return false;
}

/* 6.57: the whole Line withdraws, each unit on its own allowance (8 - 4
 * = 4 MP, 6.51) against the approaching unit; none may decline. */
Test(withdrawal, line_withdrawal_6_57)
{
	struct game *g = cav_line_field();
	size_t ev = g->events.n;
	approach(g);
	cr_assert(legal_has(g, "withdraw line c1"), "legal lists 6.57");
	ok(g, "line c1");
	const struct event *e = fx_event(g, ev, "line_withdrawal");
	cr_assert_not_null(e);
	cr_assert_str_eq(event_get(e, "line"), "horse");
	cr_assert_str_eq(event_get(e, "leader"), "eq");
	cr_assert_str_eq(event_get(e, "units"), "2");
	int o2 = offer(g, RK_WITHDRAW, uidx(g, "c2"));
	cr_assert_geq(o2, 0, "c2 gets an offer through its Line");
	cr_assert_eq(g->react.offers[o2].mp, 4, "8 - 4 = 4 MP (6.51)");
	cr_assert(g->react.offers[o2].line);
	/* 6.57: no declining, by done or no reaction */
	refused(g, "c1 done", "6.57");
	refused(g, "c2 done", "6.57");
	cr_assert_not(legal_has(g, "no reaction"));
	cr_assert_not(legal_has(g, "withdraw c1 done"));
	struct cmd_result r;
	cmd_result_init(&r);
	reactions_no_reaction(g, &r);
	cr_assert_eq(r.status, CMD_REFUSED);
	cr_assert_str_eq(r.rule, "6.57");
	cmd_result_free(&r);
	ok(g, "c1 3314");
	ok(g, "c1 done");
	ok(g, "c2 3315");
	ok(g, "c2 done");
	cr_assert(hex_eq(game_unit(g, "c1")->at.hex[0], fx_hex("3314")));
	cr_assert(hex_eq(game_unit(g, "c2")->at.hex[0], fx_hex("3315")));
	cr_assert_not(reactions_pending(g));
	cr_assert_eq(fx_count(g, ev, "roll"), 0, "cavalry rolls nothing");
	/* a Line Withdrawal is not an individual OW: 6.57 stays open */
	cr_assert_eq(g->react.ow_turn[uidx(g, "c1")], 0);
	game_free(g);
}

/* 6.57 refusals change nothing: not cavalry; no leader within 2 hexes;
 * after an individual OW this turn (open again next turn). */
Test(withdrawal, line_withdrawal_refusals_6_57)
{
	/* not cavalry: the Line of c1 holds infantry */
	struct game *g = cav_line_field();
	snprintf(g->battle->lines[0].members[1], ID_MAX, "type:LI");
	g->battle->lines[0].nmembers = 2;
	struct unit *li = fx_unit(g, "li", 0, UT_LI, fx_hex("3213"), FACE_W,
				  6);
	approach(g);
	int n = g->react.noffers;
	size_t ev = g->events.n;
	refused(g, "line c1", "6.57");
	cr_assert_not(legal_has(g, "withdraw line c1"));
	cr_assert_eq(g->react.noffers, n);
	cr_assert_eq(g->events.n, ev, "a refusal emits nothing");
	/* a unit that is not cavalry itself */
	int oli = offer(g, RK_WITHDRAW, idx(g, li));
	if (oli >= 0)
		refused(g, "line li", "6.57");
	game_free(g);

	/* no eligible leader within 2 hexes of any unit of the Line */
	g = cav_line_field();
	g->leaders[0].hex = fx_hex("3618");
	approach(g);
	n = g->react.noffers;
	refused(g, "line c1", "6.57");
	cr_assert_eq(g->react.noffers, n);
	cr_assert_not(legal_has(g, "withdraw line c1"));
	/* a tribune may not command cavalry (4.53): none either */
	g->leaders[0].hex = fx_hex("3416");
	g->leaders[0].kind = LK_TRIBUNE;
	refused(g, "line c1", "6.57");
	game_free(g);

	/* after an individual OW by c1 this turn */
	g = cav_line_field();
	approach(g);
	ok(g, "c1 3314");
	ok(g, "c1 done");
	cr_assert_eq(g->react.ow_turn[uidx(g, "c1")], 3);
	struct unit *hi = game_unit(g, "hi");
	game_unit_set_hex(g, hi, 0, fx_hex("3213")); /* within 2 of c2 */
	ow_collect(g, uidx(g, "hi"), false);
	cr_assert_geq(offer(g, RK_WITHDRAW, uidx(g, "c2")), 0);
	n = g->react.noffers;
	refused(g, "line c2", "6.57");
	cr_assert_eq(g->react.noffers, n);
	cr_assert_not(legal_has(g, "withdraw line c2"));
	/* the next turn the Line is eligible again (a ruling) */
	g->turn = 4;
	cr_assert(legal_has(g, "withdraw line c2"));
	ok(g, "line c2");
	game_free(g);
}

/* 6.57 (a ruling): a unit of the Line that may not withdraw at all stays,
 * with an event; the others still must. */
Test(withdrawal, line_withdrawal_unit_stays_6_57)
{
	struct game *g = cav_line_field();
	game_unit(g, "c2")->at.in_column = true; /* 6.51 Exceptions */
	approach(g);
	size_t ev = g->events.n;
	ok(g, "line c1");
	const struct event *e = fx_event(g, ev, "line_withdrawal_stays");
	cr_assert_not_null(e);
	cr_assert_str_eq(event_get(e, "unit"), "c2");
	cr_assert_str_eq(event_get(e, "why"), "in_column");
	cr_assert_eq(offer(g, RK_WITHDRAW, uidx(g, "c2")), -1);
	refused(g, "c1 done", "6.57");
	ok(g, "c1 3314");
	ok(g, "c1 done");
	cr_assert_not(reactions_pending(g));
	game_free(g);
}

/* 6.51, 6.72, 9.21, 4.72, 6.57 from the data: constants.ini
 * [withdrawal] and [leader_withdrawal] changed, the offers follow. */
Test(withdrawal, figures_read_from_constants_ini)
{
	/* 9.21 skirmisher_hexes 3 */
	struct game *g = movement_field();
	change_tables(g, "constants", "skirmisher_hexes = 2",
		      "skirmisher_hexes = 3");
	struct unit *sk = fx_unit(g, "sk", 1, UT_SK, fx_hex("3010"), FACE_W, 6);
	struct unit *hi = fx_unit(g, "hi", 0, UT_HI, fx_hex("2810"), FACE_E, 6);
	ow_collect(g, idx(g, hi), true);
	int o = offer(g, RK_WITHDRAW, idx(g, sk));
	cr_assert_geq(o, 0);
	cr_assert_eq(g->react.offers[o].mp, 3);
	game_free(g);

	/* 6.51 range 3: a unit 3 hexes away is offered its withdrawal */
	g = movement_field();
	change_tables(g, "constants", "range = 2", "range = 3");
	struct unit *far = fx_unit(g, "far", 0, UT_HC, fx_hex("3110"), FACE_W, 9);
	struct unit *mv = fx_unit(g, "mv", 1, UT_HI, fx_hex("2810"), FACE_E, 4);
	ow_collect(g, idx(g, mv), true);
	cr_assert_geq(offer(g, RK_WITHDRAW, idx(g, far)), 0);
	game_free(g);

	/* 6.51, 6.72 column_ma_bonus 3: a mover In Column counts MA 7 */
	g = movement_field();
	change_tables(g, "constants", "column_ma_bonus = 1",
		      "column_ma_bonus = 3");
	mv = fx_unit(g, "mv", 1, UT_HI, fx_hex("2810"), FACE_E, 4);
	cr_assert_eq(ow_mover_ma(g, mv), 4);
	mv->at.in_column = true;
	cr_assert_eq(ow_mover_ma(g, mv), 7);
	game_free(g);

	/* 4.72 mp 2: the third hex is refused */
	g = movement_field();
	change_tables(g, "constants", "mp = 3", "mp = 2");
	fx_leader(g, "consul", 0, fx_hex("3010"));
	mv = fx_unit(g, "mv", 1, UT_HC, fx_hex("2910"), FACE_E, 8);
	leader_withdraw_collect(g, idx(g, mv));
	cr_assert_geq(offer(g, RK_LEADER_WITHDRAW, 0), 0);
	ok(g, "consul 3110");
	ok(g, "consul 3210");
	refused(g, "consul 3310", "4.72");
	game_free(g);

	/* 6.57 line_leader_range 1: the leader 2 hexes from c2 is too far */
	g = cav_line_field();
	change_tables(g, "constants", "line_leader_range = 2",
		      "line_leader_range = 1");
	approach(g);
	refused(g, "line c1", "6.57");
	game_free(g);
}

/* 6.52, 6.53: the odds of what a withdrawal costs, before it is taken.
 * Worked by hand: a Roman LG of TQ 6 approached from its Front checks
 * after withdrawing (#1) and takes 1 hit on a 7, 8 or 9: 3 faces in 10,
 * no hit on the other 7; an MI approached through a Flank takes 1 hit
 * before (#3) and 1 after (#2) on every face; with 5 hits already and TQ
 * 7 those 2 reach its TQ: it routs (6.53) whatever the die. */
Test(withdrawal, odds_before_withdrawing_6_52_6_53)
{
	struct game *g = movement_field();
	struct unit *ha = fx_unit(g, "ha", 0, UT_LG, fx_hex("3010"), FACE_W, 6);
	struct unit *bi = fx_unit(g, "bi", 1, UT_BI, fx_hex("2810"), FACE_E, 4);
	ow_collect(g, idx(g, bi), true);
	int o = offer(g, RK_WITHDRAW, idx(g, ha));
	cr_assert_geq(o, 0);
	cr_assert_eq(g->react.offers[o].approach, ZONE_FRONT);
	struct odds od;
	cr_assert(withdrawal_odds(g, o, &od));
	cr_assert(odds_complete(&od));
	cr_assert_str_eq(od.rule, "6.52");
	cr_assert_eq(odds_percent(&od, "no hit"), 70);
	cr_assert_eq(odds_percent(&od, "1 hit"), 30);
	char text[256];
	cr_assert_eq(withdrawal_odds_text(g, text, sizeof text), 1);
	cr_assert_str_eq(text, "ha no hit 70%, 1 hit 30%");
	/* the check made gives what the odds said, face 7 and face 6 */
	cr_assert(dice_force(&g->dice, 7));
	ok(g, "ha 3110");
	ok(g, "ha done");
	cr_assert_eq(ha->hits, 1, "7 > TQ 6");
	game_free(g);

	g = movement_field();
	struct unit *mi = fx_unit(g, "mi", 0, UT_MI, fx_hex("3010"), FACE_NE, 7);
	struct unit *hi = fx_unit(g, "hi", 1, UT_HI, fx_hex("2810"), FACE_E, 5);
	ow_collect(g, idx(g, hi), true);
	o = offer(g, RK_WITHDRAW, idx(g, mi));
	cr_assert_eq(g->react.offers[o].approach, ZONE_FLANK);
	cr_assert(withdrawal_odds(g, o, &od));
	cr_assert_eq(odds_percent(&od, "2 hits"), 100, "6.52 #3 and #2");
	mi->hits = 5;
	cr_assert(withdrawal_odds(g, o, &od));
	cr_assert_eq(odds_percent(&od, "routs"), 100, "5 + 2 = TQ 7: 6.53");
	/* not a withdrawal offer */
	cr_assert_not(withdrawal_odds(g, g->react.noffers, &od));
	game_free(g);
}
