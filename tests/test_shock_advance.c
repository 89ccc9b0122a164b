/* Advance after combat (8.5: 8.51-8.55, 8.56), the advance after a
 * pre-shock rout (8.43), leaders next to an enemy after shock (4.72) and
 * the hits of an advance (10.15 [1]), on the clear fixture map with
 * combats built by hand (shock_add_combat) and forced dice.  The
 * Extended Shock Example's advances use its hexes (tests/fixtures/
 * shock-example.ini): Carthage on the east facing W, Rome facing E. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "maniple/reactions.h"
#include "maniple/rout.h"
#include "maniple/shock.h"
#include "maniple/shock_advance.h"
#include "advance_cmd.h"
#include "move_fixture.h"
#include "spqr_tables.h"

#define ROME	 0
#define CARTHAGE 1

static int idx(const struct game *g, const struct unit *u)
{
	return (int)(u - g->units);
}

static struct game *shock_field(int attacker)
{
	struct game *g = fx_field();
	g->phase = PHASE_SHOCK;
	shock_state_init(&g->shock);
	g->shock.step = SHS_ADVANCE;
	g->shock.attacker = attacker;
	return g;
}

static struct unit *one(struct game *g, const char *id, int side,
			enum unit_type t, const char *hex, enum facing f,
			int tq)
{
	struct unit *u = fx_unit(g, id, side, t, fx_hex(hex), f, 5);
	u->tq = tq;
	return u;
}

static struct unit *phalanx(struct game *g, const char *id, int side,
			    const char *a, const char *b, enum facing f)
{
	struct unit *u = fx_unit(g, id, side, UT_PH, fx_hex(a), f, 4);
	game_unit_set_hex(g, u, 1, fx_hex(b));
	u->ma_ext = 5;
	u->size = 10;
	u->tq = 7;
	return u;
}

/* A combat of attackers and defenders (NULL-terminated lists). */
static int combat(struct game *g, struct unit **att, struct unit **def)
{
	int ci = shock_add_combat(g);
	cr_assert_geq(ci, 0);
	struct shock_combat *c = &g->shock.c[ci];
	for (; *att; att++) {
		c->att_at[c->natt] = (*att)->at;
		c->att[c->natt++] = idx(g, *att);
	}
	for (; *def; def++) {
		c->def_at[c->ndef] = (*def)->at;
		c->def[c->ndef++] = idx(g, *def);
	}
	g->shock.batch_begin = 0;
	g->shock.batch_end = g->shock.ncombats;
	g->shock.cursor = 0;
	g->shock.sub = 0;
	return ci;
}

/* Defender u of combat ci routed away to hex `to` (its rout move done). */
static void routed_to(struct game *g, int ci, struct unit *u, const char *to)
{
	int slot = -1;
	cr_assert_eq(shock_combat_role(g, ci, idx(g, u), &slot), 1);
	g->shock.c[ci].def_gone[slot] = true;
	u->routed = true;
	game_unit_set_hex(g, u, 0, fx_hex(to));
	game_unit_set_hex(g, u, 1, HEX_NONE);
}

static void ok(struct game *g, const char *line)
{
	char rule[16];
	cr_assert_eq(advance_cmd(g, line, rule), CMD_OK, "advance %s refused (%s)",
		     line, rule);
}

static void refused(struct game *g, const char *line, const char *rule)
{
	char got[16] = "";
	cr_assert_eq(advance_cmd(g, line, got), CMD_REFUSED,
		     "advance %s not refused", line);
	cr_assert_str_eq(got, rule, "advance %s: rule %s, not %s", line, got,
			 rule);
}

static bool at(const struct unit *u, const char *a, const char *b)
{
	struct hex ha = fx_hex(a), hb = b ? fx_hex(b) : HEX_NONE;
	return (hex_eq(u->at.hex[0], ha) && hex_eq(u->at.hex[1], hb)) ||
	       (b && hex_eq(u->at.hex[0], hb) && hex_eq(u->at.hex[1], ha));
}

static bool legal_has(const struct game *g, const char *line)
{
	struct decision_answer a[16];
	int n = shock_advance_legal(g, a, 16);
	for (int i = 0; i < n; i++)
		if (strcmp(a[i].line, line) == 0)
			return true;
	return false;
}

static int offers(const struct game *g, int kind)
{
	int n = 0;
	for (int i = 0; i < g->react.noffers; i++)
		if (g->react.offers[i].kind == kind &&
		    g->react.offers[i].state != RO_DONE)
			n++;
	return n;
}

/* The Extended Shock Example (8.4), step 8.47 [3]: Phalanx B advances
 * with both halves into the hexes Triarii W (routed at the charge) and
 * Velites X left (8.53) — though Cohort V's ZOC still reaches it; Celt C
 * advances into Velites Z's hex and turns one vertex, NW, to put Triarii
 * Y's flank in its front (8.52). */
Test(shock_advance, extended_shock_example_8_53_8_52)
{
	struct game *g = shock_field(CARTHAGE);
	struct unit *a = phalanx(g, "ph_a", CARTHAGE, "2605", "2606", FACE_W);
	struct unit *b = phalanx(g, "ph_b", CARTHAGE, "2607", "2608", FACE_W);
	struct unit *c = one(g, "celt_c", CARTHAGE, UT_MI, "2611", FACE_W, 5);
	c->hits = 3;
	struct unit *t = one(g, "ve_t", ROME, UT_LI, "2504", FACE_E, 5);
	struct unit *u = one(g, "co_u", ROME, UT_LG, "2505", FACE_E, 6);
	struct unit *v = one(g, "co_v", ROME, UT_LG, "2506", FACE_E, 6);
	struct unit *w = one(g, "tr_w", ROME, UT_HI, "2507", FACE_E, 6);
	struct unit *x = one(g, "ve_x", ROME, UT_LI, "2508", FACE_E, 5);
	struct unit *y = one(g, "tr_y", ROME, UT_HI, "2510", FACE_E, 6);
	struct unit *z = one(g, "ve_z", ROME, UT_LI, "2511", FACE_E, 5);
	int c0 = combat(g, (struct unit *[]){a, NULL},
			(struct unit *[]){t, u, v, NULL});
	int c1 = combat(g, (struct unit *[]){b, NULL},
			(struct unit *[]){w, x, NULL});
	int c2 = combat(g, (struct unit *[]){c, NULL},
			(struct unit *[]){y, z, NULL});
	routed_to(g, c1, w, "2407");
	routed_to(g, c1, x, "2408");
	routed_to(g, c2, z, "2411");
	size_t from = g->events.n;
	/* A's combat: no defender gone, no advance; B's: one way forward
	 * (the other front hex holds V), made at once; C's: one hex, then
	 * the turn is C's player's choice */
	cr_assert_not(shock_step_advance(g));
	cr_assert(at(a, "2605", "2606"));
	cr_assert(at(b, "2507", "2508"), "B advances both halves");
	cr_assert_eq(b->at.facing, FACE_W);
	cr_assert(g->shock.c[c1].att_advanced[0]);
	cr_assert_not(g->shock.c[c1].att_pivoted[0]);
	cr_assert_not(g->shock.c[c0].att_advanced[0]);
	cr_assert(at(c, "2511", NULL), "C advances into Z's hex");
	cr_assert_eq(b->hits, 0, "clear, level: no cost (8.51)");
	cr_assert_eq(c->hits, 3);
	cr_assert_eq(g->shock.ask, SHA_ADVANCE);
	cr_assert_eq(g->shock.ask_side, CARTHAGE);
	cr_assert_eq(g->shock.ask_unit, idx(g, c));
	cr_assert(legal_has(g, "advance face NW"));
	cr_assert(legal_has(g, "advance face SW"));
	cr_assert(legal_has(g, "advance keep"));
	cr_assert_eq(fx_count(g, from, "advance"), 2);
	refused(g, "face E", "8.52");	   /* that is no turn at all */
	refused(g, "celt_c 2510", "8.52"); /* the advance is made */
	ok(g, "face NW");
	cr_assert_eq(c->at.facing, FACE_NW);
	cr_assert_eq(footprint_zone(&c->at, y->at.hex[0]), ZONE_FRONT);
	cr_assert_eq(g->shock.ask, SHA_NONE);
	cr_assert(shock_step_advance(g), "nothing else waits");
	cr_assert_eq(fx_count(g, from, "advance"), 2);
	refused(g, "stay", "8.5"); /* nothing owed now */
	game_free(g);
}

/* 8.51: the advance pays the cohesion costs of the move (Woods: 6.22),
 * and a unit it would rout stays at TQ - 1; a leader stacked with it goes
 * along.  10.15 [1] counts those hits beforehand. */
Test(shock_advance, rout_safe_at_tq_minus_1_and_leader_along_8_51)
{
	struct game *g = shock_field(ROME);
	struct unit *h = one(g, "ha", ROME, UT_LG, "3110", FACE_W, 6);
	h->hits = 5;
	struct leader *l = fx_leader(g, "tribune", ROME, fx_hex("3110"));
	struct unit *d = one(g, "celt", CARTHAGE, UT_MI, "3010", FACE_E, 5);
	fx_terrain(g, fx_hex("3010"), TERRAIN_WOODS);
	int ci = combat(g, (struct unit *[]){h, NULL},
			(struct unit *[]){d, NULL});
	int cost = shock_advance_cost(g, ci, idx(g, h));
	cr_assert_gt(cost, 0, "woods cost hits (6.22)");
	routed_to(g, ci, d, "2809");
	size_t from = g->events.n;
	cr_assert_not(shock_step_advance(g)); /* 8.52's turn is offered */
	cr_assert(at(h, "3010", NULL));
	cr_assert(hex_eq(l->hex, fx_hex("3010")), "the leader goes along");
	cr_assert_eq(h->hits, 5, "TQ 6 - 1, not routed");
	cr_assert_not(h->routed);
	cr_assert_not_null(fx_event(g, from, "advance_no_rout"));
	ok(g, "keep");
	cr_assert(shock_step_advance(g));
	game_free(g);
}

/* 10.15 Example 2: a hoplite on level 1 would advance into a Level-2
 * Woods hex: +1 for the Woods and +1 uphill. */
Test(shock_advance, advance_cost_10_15_example_2)
{
	struct game *g = shock_field(CARTHAGE);
	struct unit *ho = one(g, "hoplite", CARTHAGE, UT_HI, "3110", FACE_W, 6);
	struct unit *ha = one(g, "hastati", ROME, UT_LG, "3010", FACE_E, 6);
	map_at_mut(g->battle->map, fx_hex("3110"))->elevation = 1;
	map_at_mut(g->battle->map, fx_hex("3010"))->elevation = 2;
	fx_terrain(g, fx_hex("3010"), TERRAIN_WOODS);
	int ci = combat(g, (struct unit *[]){ho, NULL},
			(struct unit *[]){ha, NULL});
	cr_assert_eq(shock_advance_cost(g, ci, idx(g, ho)), 2);
	/* level ground, clear: nothing */
	fx_terrain(g, fx_hex("3010"), TERRAIN_CLEAR);
	map_at_mut(g->battle->map, fx_hex("3010"))->elevation = 1;
	cr_assert_eq(shock_advance_cost(g, ci, idx(g, ho)), 0);
	game_free(g);
}

/* 8.54: more advancers than hexes: the one with Superiority must, else
 * the highest TQ, a tie the player's choice. */
Test(shock_advance, priority_superiority_then_tq_8_54)
{
	struct game *g = shock_field(ROME);
	struct unit *a1 = one(g, "a1", ROME, UT_LG, "3110", FACE_W, 5);
	struct unit *a2 = one(g, "a2", ROME, UT_LG, "2910", FACE_E, 7);
	struct unit *d = one(g, "d", CARTHAGE, UT_MI, "3010", FACE_E, 5);
	int ci = combat(g, (struct unit *[]){a1, a2, NULL},
			(struct unit *[]){d, NULL});
	routed_to(g, ci, d, "3020");
	/* the higher TQ: a2 */
	cr_assert_not(shock_step_advance(g)); /* its turn is offered */
	cr_assert(at(a2, "3010", NULL));
	cr_assert(at(a1, "3110", NULL));
	game_free(g);

	g = shock_field(ROME);
	a1 = one(g, "a1", ROME, UT_LG, "3110", FACE_W, 5);
	a2 = one(g, "a2", ROME, UT_LG, "2910", FACE_E, 7);
	d = one(g, "d", CARTHAGE, UT_MI, "3010", FACE_E, 5);
	ci = combat(g, (struct unit *[]){a1, a2, NULL},
		    (struct unit *[]){d, NULL});
	g->shock.c[ci].superiority = SUP_AS;
	g->shock.c[ci].clash_att = 0; /* a1 gave the superiority */
	routed_to(g, ci, d, "3020");
	cr_assert_not(shock_step_advance(g));
	cr_assert(at(a1, "3010", NULL), "superiority first");
	cr_assert(at(a2, "2910", NULL));
	game_free(g);

	g = shock_field(ROME);
	a1 = one(g, "a1", ROME, UT_LG, "3110", FACE_W, 6);
	a2 = one(g, "a2", ROME, UT_LG, "2910", FACE_E, 6);
	d = one(g, "d", CARTHAGE, UT_MI, "3010", FACE_E, 5);
	ci = combat(g, (struct unit *[]){a1, a2, NULL},
		    (struct unit *[]){d, NULL});
	routed_to(g, ci, d, "3020");
	cr_assert_not(shock_step_advance(g));
	cr_assert_eq(g->shock.ask, SHA_ADVANCE, "a tie: Rome chooses");
	cr_assert(legal_has(g, "advance a1 3010"));
	cr_assert(legal_has(g, "advance a2 3010"));
	refused(g, "keep", "8.51");
	refused(g, "a1 3011", "8.51");
	refused(g, "d 3010", "8.51");
	ok(g, "a2 3010");
	cr_assert(at(a2, "3010", NULL));
	cr_assert_eq(g->shock.ask, SHA_NONE);
	cr_assert_not(shock_step_advance(g)); /* a2's turn */
	ok(g, "stay"); /* the older spelling of keep, still read */
	cr_assert(shock_step_advance(g));
	cr_assert(at(a1, "3110", NULL), "no hex left for a1");
	cr_assert_not(g->shock.c[ci].att_advanced[0]);
	cr_assert(g->shock.c[ci].att_advanced[1]);
	game_free(g);
}

/* 8.54: more vacated hexes than units: the player chooses the hex; 8.51:
 * stacked units advance together, keeping their order. */
Test(shock_advance, player_chooses_hex_stack_together_8_54_8_51)
{
	struct game *g = shock_field(ROME);
	struct unit *lo = one(g, "lo", ROME, UT_LI, "3110", FACE_W, 5);
	struct unit *hi = one(g, "hi", ROME, UT_LG, "3110", FACE_W, 6);
	struct unit *d1 = one(g, "d1", CARTHAGE, UT_MI, "3010", FACE_E, 5);
	struct unit *d2 = one(g, "d2", CARTHAGE, UT_MI, "3011", FACE_E, 5);
	int ci = combat(g, (struct unit *[]){hi, lo, NULL},
			(struct unit *[]){d1, d2, NULL});
	routed_to(g, ci, d1, "3020");
	routed_to(g, ci, d2, "3021");
	cr_assert_not(shock_step_advance(g));
	cr_assert_eq(g->shock.ask, SHA_ADVANCE);
	cr_assert(legal_has(g, "advance hi 3010"));
	cr_assert(legal_has(g, "advance hi 3011"));
	refused(g, "hi 3009", "8.51");
	ok(g, "lo 3011"); /* either unit of the stack names it */
	cr_assert(at(hi, "3011", NULL));
	cr_assert(at(lo, "3011", NULL));
	const struct unit *top[4];
	game_units_at(g, fx_hex("3011"), top, 4);
	cr_assert_eq(top[0], hi, "the stacking order is kept");
	cr_assert_not(shock_step_advance(g)); /* the turn, both together */
	ok(g, "face SW");
	cr_assert_eq(hi->at.facing, FACE_SW);
	cr_assert_eq(lo->at.facing, FACE_SW);
	cr_assert(shock_step_advance(g));
	cr_assert(g->shock.c[ci].att_advanced[0]);
	cr_assert(g->shock.c[ci].att_advanced[1]);
	game_free(g);
}

/* 8.53: only the centre front vacated and an enemy in one of the other
 * Front hexes: the phalanx pivots (the Wheeling maneuver, 6.44: 1 hit
 * for the pivot, then a TQ check, at least 1 hit); with enemies in both
 * it does not advance. */
Test(shock_advance, phalanx_pivot_8_53)
{
	struct game *g = shock_field(CARTHAGE);
	struct unit *p = phalanx(g, "ph", CARTHAGE, "2607", "2608", FACE_W);
	struct unit *e = one(g, "co", ROME, UT_LG, "2506", FACE_E, 6);
	struct unit *d = one(g, "tr", ROME, UT_HI, "2507", FACE_E, 6);
	int ci = combat(g, (struct unit *[]){p, NULL},
			(struct unit *[]){d, NULL});
	routed_to(g, ci, d, "2307");
	dice_force(&g->dice, 3); /* the wheel's TQ check: 3, 1 hit */
	cr_assert(shock_step_advance(g), "no turn after a pivot");
	cr_assert(at(p, "2607", "2507"), "the half next to co stays");
	cr_assert(g->shock.c[ci].att_pivoted[0]);
	cr_assert(g->shock.c[ci].att_advanced[0]);
	cr_assert_eq(p->hits, 2, "1 for the pivot, 1 for the check");
	cr_assert(at(e, "2506", NULL));
	game_free(g);

	g = shock_field(CARTHAGE);
	p = phalanx(g, "ph", CARTHAGE, "2607", "2608", FACE_W);
	one(g, "co", ROME, UT_LG, "2506", FACE_E, 6);
	one(g, "co2", ROME, UT_LG, "2508", FACE_E, 6);
	d = one(g, "tr", ROME, UT_HI, "2507", FACE_E, 6);
	ci = combat(g, (struct unit *[]){p, NULL}, (struct unit *[]){d, NULL});
	routed_to(g, ci, d, "2307");
	cr_assert(shock_step_advance(g));
	cr_assert(at(p, "2607", "2608"), "no advance: enemies both sides");
	cr_assert_not(g->shock.c[ci].att_advanced[0]);
	game_free(g);
}

/* 8.53: only the centre vacated and no enemy beside it: the phalanx goes
 * forward whole, either way (the player's choice, 8.54); after a whole
 * advance it may wheel where one half is in an enemy ZOC, and the wheel
 * routs it if its hits reach its TQ (10.2). */
Test(shock_advance, phalanx_forward_choice_and_wheel_8_53)
{
	struct game *g = shock_field(CARTHAGE);
	struct unit *p = phalanx(g, "ph", CARTHAGE, "2607", "2608", FACE_W);
	struct unit *d = one(g, "tr", ROME, UT_HI, "2507", FACE_E, 6);
	/* a cohort in 2406 faces SE: its ZOC will reach the phalanx's half
	 * in 2506 once it has advanced there, and the other half may wheel
	 * into the centre front, 2407 (6.44) */
	one(g, "co", ROME, UT_LG, "2406", FACE_SE, 6);
	int ci = combat(g, (struct unit *[]){p, NULL},
			(struct unit *[]){d, NULL});
	routed_to(g, ci, d, "2307");
	cr_assert_not(shock_step_advance(g));
	cr_assert(legal_has(g, "advance ph 2506,2507"));
	cr_assert(legal_has(g, "advance ph 2507,2508"));
	refused(g, "ph 2507", "8.53");
	ok(g, "ph 2507,2506");
	cr_assert(at(p, "2506", "2507"));
	cr_assert_eq(p->hits, 0);
	/* a wheel is offered only where the kept half is in an enemy ZOC */
	cr_assert_not(shock_step_advance(g));
	cr_assert_eq(g->shock.ask, SHA_ADVANCE);
	struct decision_answer a[8];
	int n = shock_advance_legal(g, a, 8);
	cr_assert_eq(n, 2, "one wheel, or stay");
	cr_assert_str_eq(a[1].line, "advance keep");
	p->hits = 6; /* the pivot's hit brings it to its TQ */
	ok(g, a[0].line + strlen("advance "));
	cr_assert(footprint_occupies(&p->at, fx_hex("2506")),
		  "the half in the ZOC stays");
	cr_assert(p->routed || !game_unit_in_play(p),
		  "the wheel routs it (8.53, 10.2)");
	game_free(g);
}

/* 8.43: after a pre-shock rout the attacker advances into the vacated
 * hex if no other enemy unit is in its ZOC (and may turn one vertex),
 * rout-safe at TQ - 1; with another enemy in its ZOC it stays. */
Test(shock_advance, advance_after_charge_8_43)
{
	struct game *g = shock_field(ROME);
	g->shock.step = SHS_CHARGE;
	struct unit *h = one(g, "ha", ROME, UT_LG, "3110", FACE_W, 6);
	h->hits = 5;
	struct unit *d = one(g, "celt", CARTHAGE, UT_MI, "3010", FACE_E, 5);
	fx_terrain(g, fx_hex("3010"), TERRAIN_WOODS);
	int ci = combat(g, (struct unit *[]){h, NULL},
			(struct unit *[]){d, NULL});
	routed_to(g, ci, d, "2809");
	cr_assert_not(shock_advance_after_charge(g, ci));
	cr_assert(at(h, "3010", NULL));
	cr_assert_eq(h->hits, 5);
	cr_assert(g->shock.c[ci].advanced_precharge);
	cr_assert(legal_has(g, "advance face NW"));
	ok(g, "face NW");
	cr_assert(shock_advance_after_charge(g, ci));
	cr_assert_eq(h->at.facing, FACE_NW);
	game_free(g);

	g = shock_field(ROME);
	g->shock.step = SHS_CHARGE;
	h = one(g, "ha", ROME, UT_LG, "3110", FACE_W, 6);
	d = one(g, "celt", CARTHAGE, UT_MI, "3010", FACE_E, 5);
	struct unit *d2 = one(g, "celt2", CARTHAGE, UT_MI, "3011", FACE_E, 5);
	ci = combat(g, (struct unit *[]){h, NULL},
		    (struct unit *[]){d, d2, NULL});
	routed_to(g, ci, d, "2809");
	cr_assert(shock_advance_after_charge(g, ci));
	cr_assert(at(h, "3110", NULL), "celt2 is still in its ZOC");
	cr_assert_not(g->shock.c[ci].advanced_precharge);
	/* 8.47 [3]: d2 routs in the collapse: now it advances (8.51) */
	routed_to(g, ci, d2, "2811");
	g->shock.step = SHS_ADVANCE;
	cr_assert_not(shock_step_advance(g));
	cr_assert(legal_has(g, "advance ha 3010"), "two hexes: Rome chooses");
	ok(g, "ha 3011");
	cr_assert(at(h, "3011", NULL));
	game_free(g);
}

/* 8.55: the other side answers the advance with reaction facing (7.15),
 * never with Orderly Withdrawal (6.51) — a cavalry unit two hexes off
 * the advancing infantry gets no withdrawal offer. */
Test(shock_advance, reactions_no_orderly_withdrawal_8_55)
{
	struct game *g = shock_field(ROME);
	struct unit *h = one(g, "ha", ROME, UT_LG, "3110", FACE_W, 6);
	struct unit *d = one(g, "celt", CARTHAGE, UT_MI, "3010", FACE_E, 5);
	/* 2910 is next to 3010, two hexes from 3110 */
	struct unit *li = one(g, "li", CARTHAGE, UT_LI, "2910", FACE_NW, 5);
	struct unit *cav = one(g, "cav", CARTHAGE, UT_LC, "2911", FACE_SW, 5);
	cav->ma = 9;
	int ci = combat(g, (struct unit *[]){h, NULL},
			(struct unit *[]){d, NULL});
	routed_to(g, ci, d, "2609");
	cr_assert_not(shock_step_advance(g));
	ok(g, "keep");
	cr_assert_not(shock_step_advance(g), "the reactions wait");
	cr_assert(reactions_pending(g));
	cr_assert_geq(offers(g, RK_FACE), 1, "li may face the advance");
	cr_assert_eq(offers(g, RK_WITHDRAW), 0, "no Orderly Withdrawal");
	(void)li;
	game_free(g);
}

/* 4.72: after the combat, a leader next to an enemy combat unit may
 * withdraw 1-3 hexes; a lone leader with no way out is eliminated. */
Test(shock_advance, leader_after_shock_4_72)
{
	struct game *g = shock_field(ROME);
	struct unit *h = one(g, "ha", ROME, UT_LG, "3110", FACE_W, 6);
	struct unit *d = one(g, "celt", CARTHAGE, UT_MI, "3010", FACE_E, 5);
	struct leader *l = fx_leader(g, "chief", CARTHAGE, fx_hex("3010"));
	combat(g, (struct unit *[]){h, NULL}, (struct unit *[]){d, NULL});
	/* the defender stood: no advance, but the leader with it is next to
	 * an enemy combat unit after the shock */
	cr_assert_not(shock_step_advance(g));
	cr_assert(reactions_pending(g));
	cr_assert_eq(offers(g, RK_LEADER_WITHDRAW), 1);
	cr_assert(l->on_map);
	game_free(g);
}

/* 8.56: no advance after Missile Fire alone: a unit routed by fire is in
 * no shock combat, so nothing advances. */
Test(shock_advance, no_advance_after_fire_8_56)
{
	struct game *g = shock_field(ROME);
	struct unit *s = one(g, "sl", ROME, UT_SK, "3110", FACE_W, 4);
	struct unit *d = one(g, "celt", CARTHAGE, UT_MI, "3010", FACE_E, 5);
	d->routed = true;
	game_unit_set_hex(g, d, 0, fx_hex("2809"));
	size_t from = g->events.n;
	cr_assert(shock_step_advance(g));
	cr_assert(at(s, "3110", NULL));
	cr_assert_eq(fx_count(g, from, "advance"), 0);
	refused(g, "sl 3010", "8.5");
	game_free(g);
}

/* 8.55: Entry Reaction Fire (8.21): a velites with javelins whose ZOC the
 * advancing unit enters may fire at it. */
Test(shock_advance, entry_reaction_fire_8_55_8_21)
{
	struct game *g = shock_field(CARTHAGE);
	struct unit *m = one(g, "mi", CARTHAGE, UT_MI, "3110", FACE_W, 5);
	struct unit *d = one(g, "ha", ROME, UT_LG, "3010", FACE_E, 6);
	/* 2910 faces E: 3010 is in its Front */
	struct unit *ve = one(g, "ve", ROME, UT_LI, "2910", FACE_E, 5);
	snprintf(ve->cls, sizeof ve->cls, "VE");
	ve->missile = MC_J;
	ve->supply = SUPPLY_FULL;
	int ci = combat(g, (struct unit *[]){m, NULL},
			(struct unit *[]){d, NULL});
	routed_to(g, ci, d, "3310");
	cr_assert_not(shock_step_advance(g));
	ok(g, "keep");
	cr_assert_not(shock_step_advance(g));
	cr_assert_geq(offers(g, RK_FIRE), 1, "entry fire at the advance");
	cr_assert_eq(offers(g, RK_WITHDRAW), 0);
	game_free(g);
}

/* 4.72: a lone leader next to an enemy combat unit after the shock who
 * does not withdraw is eliminated; offered once in the segment. */
Test(shock_advance, lone_leader_declines_eliminated_4_72)
{
	struct game *g = shock_field(ROME);
	struct unit *h = one(g, "ha", ROME, UT_LG, "3110", FACE_W, 6);
	struct unit *d = one(g, "celt", CARTHAGE, UT_MI, "3010", FACE_E, 5);
	struct leader *l = fx_leader(g, "chief", CARTHAGE, fx_hex("3109"));
	combat(g, (struct unit *[]){h, NULL}, (struct unit *[]){d, NULL});
	cr_assert_not(shock_step_advance(g));
	cr_assert_eq(offers(g, RK_LEADER_WITHDRAW), 1);
	struct cmd_result r;
	cmd_result_init(&r);
	reactions_no_reaction(g, &r);
	cr_assert_eq(r.status, CMD_OK, "%s", r.reason);
	cmd_result_free(&r);
	cr_assert(l->killed || !l->on_map, "the lone leader is eliminated");
	cr_assert(shock_step_advance(g), "nothing else: offered once");
	game_free(g);
}

/* ---- through the session: the drill battle's Shock segment ---- */

static struct battle *drill_loader(void *user, const char *name,
				   struct ini_error *err)
{
	(void)user;
	const char *src = getenv("MANIPLE_SRCDIR");
	char path[4096];
	if (!battle_path(src && *src ? src : MANIPLE_SRCDIR, name, path,
			 (int)sizeof path)) {
		memset(err, 0, sizeof *err);
		snprintf(err->msg, sizeof err->msg, "no battle %s", name);
		return NULL;
	}
	return battle_load(path, err);
}

static enum cmd_status sx(struct session *s, const char *line, char *rule)
{
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(s, line, &r);
	enum cmd_status st = r.status;
	if (rule)
		snprintf(rule, 16, "%s", r.rule);
	cmd_result_free(&r);
	return st;
}

static void sok(struct session *s, const char *line)
{
	char rule[16];
	cr_assert_eq(sx(s, line, rule), CMD_OK, "%s refused (%s)", line, rule);
}

/* The hastati ha1 (LG, moved, Shock Must Check) shocks the MI mi1 (4
 * hits, TQ 5) in 2515; forced dice: both pass the charge (0 0), the CRT
 * roll 0 gives 3(2), doubled for Attack Superiority (LG against MI): mi1
 * routs in the Collapse (8.47), and ha1 advances into 2515 with no order
 * (8.51), then is asked about its one-vertex turn (8.52). */
Test(shock_advance, session_shock_then_advance_8_51_8_52)
{
	struct session s;
	session_init(&s, drill_loader, spqr_tables_loader, NULL, 1);
	sok(&s, "new drill sandbox 7");
	const char *setup[] = {"setup remove ve1",
			       "setup remove sl1",
			       "setup remove ar1",
			       "setup remove li1",
			       "setup unit mi1 2515 W",
			       "setup hits mi1 4",
			       "setup phase shock",
			       "setup active consul",
			       "setup leader-state consul active",
			       "setup marker ha1 moved_phase on",
			       "setup marker ha1 shock_must on",
			       "continue",
			       "designate ha1 mi1",
			       "roll 0 0 0",
			       "designate done",
			       NULL};
	for (int i = 0; setup[i]; i++)
		sok(&s, setup[i]);
	struct game *g = s.game;
	cr_assert_eq(seq_step_now(g), SEQ_ROUT, "mi1's rout move");
	char rule[16];
	cr_assert_eq(sx(&s, "advance stay", rule), CMD_REFUSED);
	sok(&s, "rout 2615");
	const struct unit *ha = game_unit(g, "ha1");
	cr_assert(hex_eq(ha->at.hex[0], fx_hex("2515")), "advanced (8.51)");
	cr_assert_eq(seq_step_now(g), SEQ_SHOCK);
	cr_assert_eq(g->shock.ask, SHA_ADVANCE);
	cr_assert_eq(sx(&s, "advance face W", rule), CMD_REFUSED);
	cr_assert_str_eq(rule, "8.52");
	sok(&s, "advance face NE");
	cr_assert_eq(ha->at.facing, FACE_NE);
	cr_assert_eq(g->phase, PHASE_MOMENTUM, "the segment is over");
	session_free(&s);
}

/* The Extended Shock Example's charge (8.43): Triarii W routs from its
 * Pre-Shock TQ check, but Phalanx B does not advance: Cohort V and
 * Velites X are still in its ZOC (and the hexes beside W's are held). */
Test(shock_advance, extended_example_charge_no_advance_8_43)
{
	struct game *g = shock_field(CARTHAGE);
	g->shock.step = SHS_CHARGE;
	struct unit *b = phalanx(g, "ph_b", CARTHAGE, "2607", "2608", FACE_W);
	one(g, "co_v", ROME, UT_LG, "2506", FACE_E, 6);
	struct unit *w = one(g, "tr_w", ROME, UT_HI, "2507", FACE_E, 6);
	struct unit *x = one(g, "ve_x", ROME, UT_LI, "2508", FACE_E, 5);
	int ci = combat(g, (struct unit *[]){b, NULL},
			(struct unit *[]){w, x, NULL});
	routed_to(g, ci, w, "2407");
	size_t from = g->events.n;
	cr_assert(shock_advance_after_charge(g, ci));
	cr_assert(at(b, "2607", "2608"));
	cr_assert_not(g->shock.c[ci].advanced_precharge);
	cr_assert_eq(fx_count(g, from, "advance"), 0);
	game_free(g);
}
