/* Cavalry and elephants (elcav.h, SPQR 9.15, 9.16): movement into an
 * elephant's ZOC, Flank and Rear hexes; forced entries; attacks on
 * elephants; the forced withdrawal before an elephant, its TQ check and
 * Leader Elephants (4.83).  On the clear fixture map, hexes worked out
 * from the units' facings so each test says what it means. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "changed_tables.h"
#include "maniple/elcav.h"
#include "maniple/reactions.h"
#include "maniple/rout.h"
#include "maniple/shock.h"
#include "maniple/shock_calc.h"
#include "maniple/shock_designate.h"
#include "maniple/withdrawal.h"
#include "move_fixture.h"

static int idx(const struct game *g, const struct unit *u)
{
	return (int)(u - g->units);
}

/* Turns u (one hex) so that h is one of its Front hexes. */
static void face_to(struct unit *u, struct hex h)
{
	for (int f = 0; f < FACING_COUNT; f++) {
		u->at.facing = f;
		if (footprint_zone(&u->at, h) == ZONE_FRONT)
			return;
	}
	cr_assert_fail("no facing puts that hex in the front of %s", u->id);
}

/* Turns u so that h is in the given zone of u. */
static void turn_so(struct unit *u, struct hex h, enum hex_zone z)
{
	for (int f = 0; f < FACING_COUNT; f++) {
		u->at.facing = f;
		if (footprint_zone(&u->at, h) == z)
			return;
	}
	cr_assert_fail("no facing of %s has that hex in zone %d", u->id, z);
}

/* The hex `n` steps from h across hexside d. */
static struct hex walk(struct hex h, int d, int n)
{
	for (int i = 0; i < n; i++)
		h = hex_neighbour(h, (enum hexside)d);
	return h;
}

static enum cmd_status W(struct game *g, const char *who, const char *what,
			 char *rule)
{
	struct cmd_result r;
	cmd_result_init(&r);
	withdraw_command(g, who, what, NULL, &r);
	enum cmd_status st = r.status;
	if (rule)
		snprintf(rule, 16, "%s", r.rule);
	cmd_result_free(&r);
	return st;
}

static enum cmd_status no_reaction(struct game *g, char *rule)
{
	struct cmd_result r;
	cmd_result_init(&r);
	reactions_no_reaction(g, &r);
	enum cmd_status st = r.status;
	if (rule)
		snprintf(rule, 16, "%s", r.rule);
	cmd_result_free(&r);
	return st;
}

static int offer_of(const struct game *g, int kind, int unit)
{
	for (int k = 0; k < g->react.noffers; k++) {
		const struct reaction_offer *o = &g->react.offers[k];
		if (o->kind == kind && o->unit == unit && o->state != RO_DONE)
			return k;
	}
	return -1;
}

static const char *ev(const struct game *g, size_t from, const char *kind,
		      const char *key)
{
	const struct event *e = fx_event(g, from, kind);
	return e ? event_get(e, key) : NULL;
}

/* ---------------------------------------------------------------- 9.15 */

/* 9.15: the cavalry may not step into a hex of an enemy elephant's ZOC;
 * heavy infantry making the same step may (7.23 stops it there); a
 * Leader Elephant exerts no ZOC (4.83), so cavalry may step there. */
Test(elcav, cavalry_never_enters_elephant_zoc_9_15)
{
	struct game *g = fx_field();
	g->phase = PHASE_MOVEMENT;
	struct hex eh = fx_hex("3015");
	struct unit *el = fx_unit(g, "el", 1, UT_EL, eh, FACE_NE, 5);
	struct hex fr[8];
	cr_assert_geq(footprint_zone_hexes(&el->at, ZONE_FRONT, fr), 1);
	struct hex dest = fr[0];
	struct hex start = HEX_NONE;
	for (int d = 0; d < HEXSIDE_COUNT; d++) {
		struct hex s = hex_neighbour(dest, (enum hexside)d);
		if (hex_distance(s, eh) == 2) {
			start = s;
			break;
		}
	}
	cr_assert_not(hex_is_none(start));
	struct unit *hc = fx_unit(g, "hc", 0, UT_HC, start, FACE_NE, 8);
	face_to(hc, dest);
	struct move m;
	struct move_step s;
	cr_assert(move_begin(g, hc, &m));
	cr_assert_not(move_check_step(g, &m, dest, &s));
	cr_assert_str_eq(s.rule, "9.15");
	cr_assert_not(move_apply_step(g, &m, dest), "the refusal holds");
	cr_assert(hex_eq(hc->at.hex[0], start));

	/* the same step by heavy infantry is allowed */
	hc->type = UT_HI;
	cr_assert(move_begin(g, hc, &m));
	cr_assert(move_check_step(g, &m, dest, &s), "%s", s.refusal);
	cr_assert(s.enters_enemy_zoc);

	/* a Leader Elephant exerts no ZOC */
	hc->type = UT_HC;
	el->leader_elephant = "hannibal";
	cr_assert(move_begin(g, hc, &m));
	cr_assert(move_check_step(g, &m, dest, &s), "%s", s.refusal);
	game_free(g);
}

/* 9.15: each Flank or Rear hex of an enemy elephant the cavalry enters
 * costs 2 cohesion hits (here a flank hex, then a rear hex: 4); the same
 * path costs infantry nothing, and a Leader Elephant's hexes cost
 * nothing (a ruling: 4.83). */
Test(elcav, flank_and_rear_hexes_cost_two_hits_each_9_15)
{
	struct game *g = fx_field();
	g->phase = PHASE_MOVEMENT;
	struct hex eh = fx_hex("3015");
	struct unit *el = fx_unit(g, "el", 1, UT_EL, eh, FACE_NE, 5);
	struct hex fl[8], rr[8];
	int nf = footprint_zone_hexes(&el->at, ZONE_FLANK, fl);
	int nr = footprint_zone_hexes(&el->at, ZONE_REAR, rr);
	cr_assert(nf > 0 && nr > 0);
	/* a flank hex next to a rear hex, and a start two hexes away */
	struct hex f = HEX_NONE, r = HEX_NONE, start = HEX_NONE;
	for (int i = 0; i < nf && hex_is_none(r); i++)
		for (int j = 0; j < nr; j++)
			if (hex_distance(fl[i], rr[j]) == 1) {
				f = fl[i];
				r = rr[j];
				break;
			}
	cr_assert_not(hex_is_none(r));
	for (int d = 0; d < HEXSIDE_COUNT; d++) {
		struct hex s = hex_neighbour(f, (enum hexside)d);
		if (hex_distance(s, eh) == 2 && !zoc_enemy_in(g, 0, s)) {
			start = s;
			break;
		}
	}
	cr_assert_not(hex_is_none(start));

	struct unit *hc = fx_unit(g, "hc", 0, UT_HC, start, FACE_NE, 9);
	hc->tq = 7;
	face_to(hc, f);
	struct move m;
	cr_assert(move_begin(g, hc, &m));
	size_t ev0 = g->events.n;
	cr_assert(move_apply_step(g, &m, f));
	cr_assert_eq(hc->hits, 2, "a flank hex: 2 hits (9.15)");
	cr_assert_str_eq(ev(g, ev0, "elephant_hexes", "zone"), "flank");
	cr_assert_str_eq(ev(g, ev0, "cohesion_hit", "rule"), "9.15");
	face_to(hc, r); /* the facing change's own cost is not the point */
	ev0 = g->events.n;
	cr_assert(move_apply_step(g, &m, r));
	cr_assert_eq(hc->hits, 4, "and a rear hex: 2 more (9.15)");
	cr_assert_str_eq(ev(g, ev0, "elephant_hexes", "zone"), "rear");

	/* infantry along the same path: nothing */
	struct unit *mi = fx_unit(g, "mi", 0, UT_MI, start, FACE_NE, 5);
	game_unit_set_hex(g, hc, 0, fx_hex("2020"));
	face_to(mi, f);
	cr_assert(move_begin(g, mi, &m));
	cr_assert(move_apply_step(g, &m, f));
	cr_assert_eq(mi->hits, 0);

	/* a Leader Elephant's flank: nothing (ruling) */
	game_unit_set_hex(g, mi, 0, fx_hex("2022"));
	hc->hits = 0;
	hc->moved_phase = false;
	game_unit_set_hex(g, hc, 0, start);
	face_to(hc, f);
	el->leader_elephant = "hannibal";
	cr_assert(move_begin(g, hc, &m));
	cr_assert(move_apply_step(g, &m, f));
	cr_assert_eq(hc->hits, 0);
	game_free(g);
}

/* 9.15, 10.14: the hits can rout the cavalry in its move */
Test(elcav, flank_hits_can_rout_9_15_10_14)
{
	struct game *g = fx_field();
	g->phase = PHASE_MOVEMENT;
	struct hex eh = fx_hex("3015");
	struct unit *el = fx_unit(g, "el", 1, UT_EL, eh, FACE_NE, 5);
	struct hex fl[8];
	footprint_zone_hexes(&el->at, ZONE_FLANK, fl);
	struct hex start = HEX_NONE;
	for (int d = 0; d < HEXSIDE_COUNT && hex_is_none(start); d++) {
		struct hex s = hex_neighbour(fl[0], (enum hexside)d);
		if (hex_distance(s, eh) == 2 && !zoc_enemy_in(g, 0, s))
			start = s;
	}
	struct unit *lc = fx_unit(g, "lc", 0, UT_LC, start, FACE_NE, 9);
	lc->tq = 5;
	lc->hits = 3;
	face_to(lc, fl[0]);
	struct move m;
	cr_assert(move_begin(g, lc, &m));
	cr_assert(move_apply_step(g, &m, fl[0]));
	cr_assert_eq(lc->hits, 5);
	cr_assert(m.rout_due, "hits at the TQ: 10.14");
	game_free(g);
}

/* 9.15: forced into an elephant's ZOC (advance after combat, pursuit,
 * retreat...), the cavalry takes the 2 hits too; not infantry. */
Test(elcav, forced_into_elephant_zoc_two_hits_9_15)
{
	struct game *g = fx_field();
	struct unit *el =
		fx_unit(g, "el", 1, UT_EL, fx_hex("3015"), FACE_SE, 5);
	struct hex fr[8];
	footprint_zone_hexes(&el->at, ZONE_FRONT, fr);
	struct unit *ln = fx_unit(g, "ln", 0, UT_LN, fr[0], FACE_NE, 8);
	size_t ev0 = g->events.n;
	cr_assert_eq(elcav_entered(g, ln, fr[0], "advance", "8.51,9.15"), 2);
	cr_assert_eq(ln->hits, 2);
	cr_assert_str_eq(ev(g, ev0, "elephant_hexes", "zone"), "zoc");
	cr_assert_str_eq(ev(g, ev0, "elephant_hexes", "how"), "advance");
	struct unit *bi = fx_unit(g, "bi", 0, UT_BI, fr[0], FACE_NE, 5);
	cr_assert_eq(elcav_entered(g, bi, fr[0], "advance", "8.51"), 0);
	cr_assert_eq(bi->hits, 0);
	/* not next to the elephant: nothing */
	cr_assert_eq(elcav_entry_hits(g, ln, fx_hex("2020"), NULL, NULL), 0);
	game_free(g);
}

/* 9.15, 10.27: a routed cavalry unit made to enter an elephant's hexes in
 * the Rout Movement segment is eliminated by the hits; in its initial
 * rout move (10.22) the hits are moot (ruling: the hit markers go when
 * that move ends). */
Test(elcav, router_into_elephant_hexes_9_15_10_27)
{
	struct game *g = fx_field();
	struct unit *el =
		fx_unit(g, "el", 1, UT_EL, fx_hex("3015"), FACE_SE, 5);
	struct hex rr[8];
	footprint_zone_hexes(&el->at, ZONE_REAR, rr);
	struct unit *hc = fx_unit(g, "hc", 0, UT_HC, rr[0], FACE_NE, 8);
	hc->routed = true;
	size_t ev0 = g->events.n;
	cr_assert_not(elcav_router_entered(g, hc, rr[0], false));
	cr_assert_not_null(fx_event(g, ev0, "elephant_hexes_moot"));
	cr_assert(elcav_router_entered(g, hc, rr[0], true));
	cr_assert_str_eq(ev(g, ev0, "cohesion_hit", "cause"), "elephant_hexes");
	game_free(g);
}

/* 9.15 with 6.52: a withdrawal through an elephant's Flank hex costs the
 * 2 hits too (the usual costs of movement apply to it). */
Test(elcav, withdrawal_through_elephant_flank_9_15_6_52)
{
	struct game *g = fx_field();
	g->phase = PHASE_MOVEMENT;
	int d0 = 1;
	struct hex c = fx_hex("3015");
	struct hex mh = walk(c, d0, 2);	    /* the mover, 2 hexes off */
	struct hex x = walk(c, d0 + 3, 1);  /* away from it */
	struct hex eh = walk(c, d0 + 3, 2); /* the elephant beyond */
	struct unit *hc = fx_unit(g, "hc", 0, UT_HC, c, FACE_NE, 9);
	face_to(hc, walk(c, d0, 1)); /* approached from the front */
	struct unit *mi = fx_unit(g, "mi", 1, UT_MI, mh, FACE_NE, 5);
	face_to(mi, walk(c, d0, 1));
	struct unit *el = fx_unit(g, "el", 1, UT_EL, eh, FACE_NE, 5);
	turn_so(el, x, ZONE_FLANK);
	cr_assert_not(unit_in_enemy_zoc(g, hc));
	ow_collect(g, idx(g, mi), false);
	cr_assert_geq(offer_of(g, RK_WITHDRAW, idx(g, hc)), 0);
	char hb[8], rule[16];
	hex_format(x, hb, sizeof hb);
	size_t ev0 = g->events.n;
	cr_assert_eq(W(g, "hc", hb, rule), CMD_OK, "%s", rule);
	cr_assert_eq(hc->hits, 2);
	cr_assert_str_eq(ev(g, ev0, "elephant_hexes", "how"), "withdrawal");
	cr_assert_eq(W(g, "hc", "done", rule), CMD_OK, "%s", rule);
	game_free(g);
}

/* 9.15, 8.45, 8.46 1.A bullet 2: no cavalry type has a Clash column
 * against an elephant's Front; through a Flank or Rear it has one, but no
 * Position Superiority (heavy infantry there has it). */
Test(elcav, cavalry_attacks_on_elephants_9_15_8_46)
{
	struct game *g = fx_field();
	const struct spqr_tables *t = g->tables;
	enum unit_type cav[] = {UT_HC, UT_RC, UT_LN, UT_LC};
	for (int i = 0; i < 4; i++) {
		cr_expect_eq(shock_clash_column(t, cav[i], UT_EL, ZONE_FRONT),
			     0, "%s", unit_type_name(cav[i]));
		for (int z = ZONE_FLANK; z <= ZONE_REAR; z++) {
			cr_expect_gt(shock_clash_column(t, cav[i], UT_EL,
							(enum hex_zone)z),
				     0);
			struct superiority_input in = {
				.attacker = cav[i],
				.defender = UT_EL,
				.side = (enum hex_zone)z};
			struct superiority_calc c = shock_superiority(t, &in);
			cr_expect_not(c.position);
			cr_expect_eq(c.position_denied_by, 2);
		}
	}
	struct superiority_input hi = {
		.attacker = UT_HI, .defender = UT_EL, .side = ZONE_FLANK};
	cr_expect(shock_superiority(t, &hi).position);

	/* elcav_attack_barred: by the zone the cavalry stands in */
	struct unit *el =
		fx_unit(g, "el", 1, UT_EL, fx_hex("3015"), FACE_SE, 5);
	struct hex fr[8], fl[8];
	footprint_zone_hexes(&el->at, ZONE_FRONT, fr);
	footprint_zone_hexes(&el->at, ZONE_FLANK, fl);
	struct unit *a = fx_unit(g, "a", 0, UT_RC, fr[0], FACE_NE, 8);
	struct unit *b = fx_unit(g, "b", 0, UT_RC, fl[0], FACE_NE, 8);
	struct unit *c = fx_unit(g, "c", 0, UT_HI, fr[1], FACE_NE, 5);
	cr_expect(elcav_attack_barred(g, idx(g, a), idx(g, el)));
	cr_expect_not(elcav_attack_barred(g, idx(g, b), idx(g, el)));
	cr_expect_not(elcav_attack_barred(g, idx(g, c), idx(g, el)));
	game_free(g);
}

/* 9.15, 8.42: the designation refuses cavalry attacking an elephant
 * through its Front, and accepts it through a Flank; a cavalry unit with
 * Shock Must Check whose only enemy is such an elephant is not made to
 * attack it. */
Test(elcav, designation_refuses_frontal_attack_9_15)
{
	struct session s;
	session_init(&s, NULL, NULL, NULL, 1);
	struct game *g = fx_field();
	s.game = g;
	struct leader *l = fx_leader(g, "hanno", 1, fx_hex("3010"));
	l->kind = LK_GENERAL;
	l->command_range = 8;
	l->state = LS_ACTIVE;
	g->active_leader = 0;
	/* front: hc1 faces el1, which faces it */
	struct unit *el1 =
		fx_unit(g, "el1", 0, UT_EL, fx_hex("3015"), FACE_NE, 5);
	struct hex fr[8];
	footprint_zone_hexes(&el1->at, ZONE_FRONT, fr);
	struct unit *hc1 = fx_unit(g, "hc1", 1, UT_HC, fr[0], FACE_NE, 8);
	face_to(hc1, fx_hex("3015"));
	/* flank: hc2 stands in el2's flank, facing it */
	struct unit *el2 =
		fx_unit(g, "el2", 0, UT_EL, fx_hex("3415"), FACE_NE, 5);
	struct hex fl[8];
	footprint_zone_hexes(&el2->at, ZONE_FLANK, fl);
	struct unit *hc2 = fx_unit(g, "hc2", 1, UT_HC, fl[0], FACE_NE, 8);
	face_to(hc2, fx_hex("3415"));
	/* both moved into contact: Shock Must Check (7.32) */
	hc1->shock_must = hc2->shock_must = true;
	g->phase = PHASE_SHOCK;
	shock_segment_begin(g);
	shock_run(g);
	cr_assert_eq(g->shock.ask, SHA_DESIGNATE);
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(&s, "designate hc1 el1", &r);
	cr_expect_eq(r.status, CMD_REFUSED);
	cr_expect_str_eq(r.rule, "9.15");
	cmd_result_free(&r);
	cmd_result_init(&r);
	session_exec(&s, "designate hc2 el2", &r);
	cr_expect_eq(r.status, CMD_OK, "%s (%s)", r.reason, r.rule);
	cmd_result_free(&r);
	/* its Shock Must Check does not oblige hc1 to attack el1 */
	cmd_result_init(&r);
	session_exec(&s, "designate done", &r);
	cr_expect_eq(r.status, CMD_OK, "%s (%s)", r.reason, r.rule);
	cmd_result_free(&r);
	session_free(&s);
}

/* ---------------------------------------------------------------- 9.16 */

struct line16 {
	struct game *g;
	struct unit *cav, *el;
	struct hex c, e0, e1, e2, away;
};

/* Cavalry c (side 0, MA 9, mounted javelins) faces up a line of hexes
 * along which elephant el (side 1, MA 5) comes at it: e0 three hexes
 * off, e1 two, e2 next to it (in its Front: entry fire's case); `away`
 * is the hex behind the cavalry. */
static struct line16 line16(enum unit_type t)
{
	struct line16 f;
	f.g = fx_field();
	f.g->phase = PHASE_MOVEMENT;
	int d = 1;
	f.c = fx_hex("3015");
	f.e2 = walk(f.c, d, 1);
	f.e1 = walk(f.c, d, 2);
	f.e0 = walk(f.c, d, 3);
	f.away = walk(f.c, d + 3, 1);
	f.cav = fx_unit(f.g, "cav", 0, t, f.c, FACE_NE, 9);
	f.cav->missile = MC_MJ;
	face_to(f.cav, f.e2);
	f.el = fx_unit(f.g, "el", 1, UT_EL, f.e0, FACE_NE, 5);
	face_to(f.el, f.e1);
	return f;
}

/* The elephant steps to hex h (facing on toward the cavalry) and the
 * reactions window looks at the step. */
static void el_step(struct line16 *f, struct hex h)
{
	game_unit_set_hex(f->g, f->el, 0, h);
	face_to(f->el, hex_distance(h, f->c) == 1 ? f->c : f->e2);
	reactions_after_step(f->g, idx(f->g, f->el));
}

/* 9.16: the elephant comes next to the cavalry from a hex not next to
 * it: the cavalry must withdraw (6.51 as 9.16 makes it: from the
 * elephant's own ZOC too), may not decline, may not fire in reaction
 * (the entry fire it would have is barred), and chooses its hex; the
 * elephant's move stopped by 7.23 then goes on (6.56). */
Test(elcav, elephant_forces_withdrawal_no_reaction_fire_9_16)
{
	struct line16 f = line16(UT_LC);
	struct game *g = f.g;
	int ci = idx(g, f.cav);
	reactions_at_move_start(g, idx(g, f.el));
	cr_assert_not(reactions_pending(g));
	/* two hexes off: the ordinary, voluntary offer (6.51): declined */
	el_step(&f, f.e1);
	int o = offer_of(g, RK_WITHDRAW, ci);
	cr_assert_geq(o, 0);
	cr_assert_not(g->react.offers[o].must);
	char rule[16];
	cr_assert_eq(no_reaction(g, rule), CMD_OK, "%s", rule);
	cr_assert_not(reactions_pending(g));

	/* the elephant's move, stopped by the cavalry's ZOC (7.23) */
	g->ord.moving = true;
	g->ord.mover_unit = idx(g, f.el);
	g->ord.stack_mate = -1;
	g->ord.move.unit = idx(g, f.el);
	g->ord.move.stopped = true;
	g->ord.move.stop_rule = "7.23";

	/* next to it: 9.16 */
	size_t ev0 = g->events.n;
	el_step(&f, f.e2);
	cr_assert(unit_in_enemy_zoc(g, f.cav), "in the elephant's ZOC");
	o = offer_of(g, RK_WITHDRAW, ci);
	cr_assert_geq(o, 0);
	cr_assert(g->react.offers[o].must);
	cr_assert_eq(g->react.offers[o].mp, 4, "9 - 5 MP (6.51)");
	cr_assert_str_eq(ev(g, ev0, "elephant_vs_cavalry", "then"),
			 "must_withdraw");
	cr_assert_eq(offer_of(g, RK_FIRE, ci), -1, "no reaction fire (9.16)");
	cr_assert_str_eq(ev(g, ev0, "reaction_fire_barred", "rule"), "9.16");
	cr_assert_eq(fx_count(g, ev0, "roll"), 0);

	/* it may not decline: `no reaction` answers only the other offers
	 * (the 7.15 facing change), then is refused */
	if (offer_of(g, RK_FACE, ci) >= 0)
		cr_assert_eq(no_reaction(g, rule), CMD_OK, "%s", rule);
	cr_assert_eq(no_reaction(g, rule), CMD_REFUSED);
	cr_assert_str_eq(rule, "9.16");
	cr_assert_eq(W(g, "cav", "done", rule), CMD_REFUSED);
	cr_assert_str_eq(rule, "9.16");
	char hb[8];
	hex_format(f.away, hb, sizeof hb);
	cr_assert_eq(W(g, "cav", hb, rule), CMD_OK, "%s", rule);
	cr_assert_eq(W(g, "cav", "done", rule), CMD_OK, "%s", rule);
	cr_assert(hex_eq(f.cav->at.hex[0], f.away));
	cr_assert_eq(f.cav->hits, 0, "approached from its front: no hit");
	cr_assert_not(reactions_pending(g));
	cr_assert_not(g->ord.move.stopped, "the elephant goes on (6.56)");
	cr_assert_not_null(fx_event(g, ev0, "move_resumed"));
	game_free(g);
}

/* 9.16 and 4.83: a Leader Elephant coming next to the cavalry makes it do
 * nothing: no forced withdrawal, no check, and its entry fire is
 * offered as usual (the contrast that shows 9.16's bar). */
Test(elcav, leader_elephant_does_not_trigger_9_16_4_83)
{
	struct line16 f = line16(UT_LC);
	struct game *g = f.g;
	f.el->leader_elephant = "hannibal";
	int ci = idx(g, f.cav);
	reactions_at_move_start(g, idx(g, f.el));
	el_step(&f, f.e1);
	char rule[16];
	if (reactions_pending(g))
		cr_assert_eq(no_reaction(g, rule), CMD_OK, "%s", rule);
	size_t ev0 = g->events.n;
	el_step(&f, f.e2);
	int o = offer_of(g, RK_WITHDRAW, ci);
	cr_assert(o < 0 || !g->react.offers[o].must);
	cr_assert_str_eq(ev(g, ev0, "elephant_vs_cavalry", "then"), "nothing");
	cr_assert_eq(fx_count(g, ev0, "roll"), 0);
	cr_assert_geq(offer_of(g, RK_FIRE, ci), 0, "entry fire (8.21)");
	cr_assert_eq(f.cav->hits, 0);
	game_free(g);
}

/* 9.16: only a move from a hex not next to the cavalry counts: an
 * elephant already next to it that moves to another adjacent hex raises
 * nothing. */
Test(elcav, already_adjacent_does_not_trigger_9_16)
{
	struct line16 f = line16(UT_HC);
	struct game *g = f.g;
	game_unit_set_hex(f.g, f.el, 0, f.e2);
	/* another hex next to both the cavalry and e2 */
	struct hex side = HEX_NONE;
	for (int d = 0; d < HEXSIDE_COUNT; d++) {
		struct hex h = hex_neighbour(f.e2, (enum hexside)d);
		if (hex_distance(h, f.c) == 1) {
			side = h;
			break;
		}
	}
	cr_assert_not(hex_is_none(side));
	reactions_at_move_start(g, idx(g, f.el));
	size_t ev0 = g->events.n;
	game_unit_set_hex(f.g, f.el, 0, side);
	face_to(f.el, f.c);
	reactions_after_step(g, idx(g, f.el));
	cr_assert_null(fx_event(g, ev0, "elephant_vs_cavalry"));
	cr_assert_eq(fx_count(g, ev0, "roll"), 0);
	game_free(g);
}

/* The cavalry cannot withdraw: held by another enemy's ZOC (6.51). */
static struct line16 held(int die)
{
	struct line16 f = line16(UT_HC);
	f.cav->tq = 6;
	f.cav->missile = MC_NONE;
	/* an enemy infantry unit with the cavalry in its Front */
	struct hex h = walk(f.c, 1 + 2, 1);
	struct unit *mi = fx_unit(f.g, "mi", 1, UT_MI, h, FACE_NE, 5);
	face_to(mi, f.c);
	cr_assert(unit_in_enemy_zoc(f.g, f.cav));
	/* the elephant starts two hexes off (no voluntary offer: the
	 * cavalry is in an enemy ZOC already) */
	game_unit_set_hex(f.g, f.el, 0, f.e1);
	face_to(f.el, f.e2);
	reactions_at_move_start(f.g, idx(f.g, f.el));
	cr_assert(dice_force(&f.g->dice, die));
	return f;
}

/* 9.16: no way to withdraw: an immediate TQ check; a DR of 8 against TQ
 * 6: 2 hits. */
Test(elcav, cannot_withdraw_tq_check_hits_9_16)
{
	struct line16 f = held(8);
	struct game *g = f.g;
	size_t ev0 = g->events.n;
	el_step(&f, f.e2);
	cr_assert_eq(offer_of(g, RK_WITHDRAW, idx(g, f.cav)), -1);
	cr_assert_str_eq(ev(g, ev0, "elephant_vs_cavalry", "why"),
			 "other_enemy_zoc");
	cr_assert_str_eq(ev(g, ev0, "roll", "for"), "elephant_check");
	cr_assert_eq(f.cav->hits, 2);
	cr_assert_str_eq(ev(g, ev0, "elephant_check", "hits"), "2");
	cr_assert_not(f.cav->routed);
	game_free(g);
}

/* 9.16 (a ruling, as 7.15 words it): a DR not above the TQ still gives
 * the minimum of 1 hit. */
Test(elcav, cannot_withdraw_minimum_one_hit_9_16)
{
	struct line16 f = held(3);
	struct game *g = f.g;
	el_step(&f, f.e2);
	cr_assert_eq(f.cav->hits, 1);
	game_free(g);
}

/* 9.16: hits that rout the cavalry eliminate it outright: no rout move,
 * its rout points lost. */
Test(elcav, routed_by_the_check_is_eliminated_9_16)
{
	struct line16 f = held(9);
	struct game *g = f.g;
	f.cav->hits = 4;
	size_t ev0 = g->events.n;
	el_step(&f, f.e2);
	cr_assert(f.cav->eliminated);
	cr_assert_not(rout_pending(g));
	cr_assert_null(fx_event(g, ev0, "rout"), "no rout move (10.22)");
	cr_assert_not_null(fx_event(g, ev0, "rout_instead_eliminated"));
	cr_assert_str_eq(ev(g, ev0, "eliminated", "cause"), "9.16");
	game_free(g);
}

/* 9.16: a cavalry unit already routed is eliminated, no roll. */
Test(elcav, routed_cavalry_eliminated_without_roll_9_16)
{
	struct line16 f = line16(UT_HC);
	struct game *g = f.g;
	f.cav->routed = true;
	game_unit_set_hex(f.g, f.el, 0, f.e1);
	reactions_at_move_start(g, idx(g, f.el));
	cr_assert(dice_force(&g->dice, 0));
	el_step(&f, f.e2);
	cr_assert(f.cav->eliminated);
	cr_assert_eq(g->dice.nforced, 1, "no die rolled");
	game_free(g);
}

/* 9.16 with 6.55: nowhere to go (every hex away is blocked) is "cannot
 * withdraw": the check. */
Test(elcav, no_legal_hex_is_cannot_withdraw_9_16_6_55)
{
	struct line16 f = line16(UT_HC);
	struct game *g = f.g;
	f.cav->missile = MC_NONE;
	/* Marsh all around the cavalry: no withdrawal into it (6.55) */
	for (int d = 0; d < HEXSIDE_COUNT; d++) {
		struct hex h = hex_neighbour(f.c, (enum hexside)d);
		if (!hex_eq(h, f.e2))
			fx_terrain(g, h, TERRAIN_MARSH);
	}
	game_unit_set_hex(f.g, f.el, 0, f.e1);
	reactions_at_move_start(g, idx(g, f.el));
	if (reactions_pending(g)) {
		char rule[16];
		cr_assert_eq(no_reaction(g, rule), CMD_OK, "%s", rule);
	}
	cr_assert(dice_force(&g->dice, 7));
	size_t ev0 = g->events.n;
	el_step(&f, f.e2);
	cr_assert_str_eq(ev(g, ev0, "elephant_vs_cavalry", "why"),
			 "no_legal_hex");
	cr_assert_eq(f.cav->hits, 1, "DR 7 against TQ 6");
	game_free(g);
}

/* 9.15, 10.23, 10.27 through the rout code: a routed cavalry unit whose
 * Rout Movement (Rome retreats south, straight down column 30) passes
 * behind an elephant is eliminated there; in an initial rout move (10.22)
 * the same hexes cost nothing that lasts (ruling). */
Test(elcav, routers_passing_an_elephant_9_15_10_22_10_23)
{
	struct game *g = fx_field();
	snprintf(g->battle->sides[0].retreat_edge,
		 sizeof g->battle->sides[0].retreat_edge, "south");
	snprintf(g->battle->sides[1].retreat_edge,
		 sizeof g->battle->sides[1].retreat_edge, "north");
	struct unit *el = fx_unit(g, "el", 1, UT_EL, fx_hex("3112"), FACE_E, 5);
	enum hex_zone z = footprint_zone(&el->at, fx_hex("3012"));
	cr_assert(z == ZONE_FLANK || z == ZONE_REAR);
	for (int r = 11; r <= 15; r++) {
		char hb[8];
		snprintf(hb, sizeof hb, "30%02d", r);
		cr_assert_not(zoc_enemy_in(g, 0, fx_hex(hb)), "%s", hb);
	}
	struct unit *hc =
		fx_unit(g, "hc", 0, UT_HC, fx_hex("3010"), FACE_SE, 5);
	hc->routed = true;
	size_t ev0 = g->events.n;
	cr_assert(rout_movement_segment(g));
	cr_assert(hc->eliminated);
	cr_assert_str_eq(ev(g, ev0, "eliminated", "cause"), "10.27");
	cr_assert_str_eq(ev(g, ev0, "elephant_hexes", "how"), "rout");

	/* a fresh rout (10.14, 10.22): two hexes, the hits moot */
	struct unit *lc =
		fx_unit(g, "lc", 0, UT_LC, fx_hex("3010"), FACE_SE, 9);
	lc->tq = 5;
	lc->hits = 4;
	ev0 = g->events.n;
	cohesion_hits(g, lc, 1, "test", "8.47");
	cr_assert(lc->routed);
	cr_assert_not(lc->eliminated);
	cr_assert_not_null(fx_event(g, ev0, "elephant_hexes_moot"));
	cr_assert_eq(lc->hits, 0, "hit markers off (10.22)");
	game_free(g);
}

/* 9.15, 8.51: a cavalry attacker made to advance into a hex behind an
 * enemy elephant takes the 2 hits (and 8.51's "does not rout" holds
 * them at TQ - 1). */
Test(elcav, advance_after_combat_behind_an_elephant_9_15_8_51)
{
	struct game *g = fx_field();
	g->phase = PHASE_SHOCK;
	shock_state_init(&g->shock);
	g->shock.step = SHS_ADVANCE;
	g->shock.attacker = 0;
	struct unit *hc = fx_unit(g, "hc", 0, UT_HC, fx_hex("3110"), FACE_W, 8);
	hc->tq = 7;
	struct unit *mi = fx_unit(g, "mi", 1, UT_MI, fx_hex("3010"), FACE_E, 5);
	struct unit *el = fx_unit(g, "el", 1, UT_EL, fx_hex("2910"), FACE_W, 5);
	enum hex_zone z = footprint_zone(&el->at, fx_hex("3010"));
	cr_assert(z == ZONE_FLANK || z == ZONE_REAR);
	int ci = shock_add_combat(g);
	struct shock_combat *c = &g->shock.c[ci];
	c->att_at[0] = hc->at;
	c->att[c->natt++] = idx(g, hc);
	c->def_at[0] = mi->at;
	c->def[c->ndef++] = idx(g, mi);
	g->shock.batch_begin = 0;
	g->shock.batch_end = g->shock.ncombats;
	g->shock.cursor = 0;
	g->shock.sub = 0;
	c->def_gone[0] = true; /* the defender routed away */
	mi->routed = true;
	game_unit_set_hex(g, mi, 0, fx_hex("2808"));
	size_t ev0 = g->events.n;
	shock_step_advance(g);
	cr_assert(hex_eq(hc->at.hex[0], fx_hex("3010")), "advanced (8.51)");
	cr_assert_eq(hc->hits, 2);
	cr_assert_str_eq(ev(g, ev0, "elephant_hexes", "how"), "advance");
	game_free(g);
}

/* 9.15 from the data: constants.ini [elephants] cavalry_hex_hits read as
 * 3: a cavalry unit entering an elephant's rear hex takes 3. */
Test(elcav, hex_hits_read_from_constants_ini_9_15)
{
	struct game *g = fx_field();
	struct hex eh = fx_hex("3015");
	struct unit *el = fx_unit(g, "el", 1, UT_EL, eh, FACE_NE, 5);
	struct unit *hc =
		fx_unit(g, "hc", 0, UT_HC, fx_hex("3020"), FACE_NE, 8);
	struct hex rr[8];
	cr_assert_gt(footprint_zone_hexes(&el->at, ZONE_REAR, rr), 0);
	cr_assert_eq(elcav_entry_hits(g, hc, rr[0], NULL, NULL), 2);
	change_tables(g, "constants", "cavalry_hex_hits = 2",
		      "cavalry_hex_hits = 3");
	cr_assert_eq(elcav_entry_hits(g, hc, rr[0], NULL, NULL), 3);
	game_free(g);
}
