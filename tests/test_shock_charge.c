/* The Charge (SPQR 8.43), leader casualties (8.44, 4.73), the Collapse
 * (8.47 [1] [2]) and the all-rout procedure (10.15), with forced dice.
 * Combats are built directly in g->shock (shock_add_combat) and the step
 * functions called on them.  Fixture: the all-clear map
 * (tests/fixtures/map-clear.ini); Rome (side 0) faces west and retreats
 * east, Carthage (side 1) faces east and retreats west. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "logged.h"
#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/passthru.h"
#include "maniple/rout.h"
#include "maniple/shock.h"
#include "maniple/shock_advance.h"
#include "maniple/stacking.h"
#include "move_fixture.h"

static struct game *fld(void)
{
	struct game *g = fx_field();
	snprintf(g->battle->sides[0].retreat_edge,
		 sizeof g->battle->sides[0].retreat_edge, "east");
	snprintf(g->battle->sides[1].retreat_edge,
		 sizeof g->battle->sides[1].retreat_edge, "west");
	return g;
}

/* A one-hex unit with the given TQ and hits. */
static struct unit *U(struct game *g, const char *id, int side,
		      enum unit_type t, const char *hex, enum facing f, int tq,
		      int hits)
{
	struct unit *u = fx_unit(g, id, side, t, fx_hex(hex), f, 5);
	u->tq = tq;
	u->hits = hits;
	return u;
}

/* A phalanx over h0/h1 (TQ 7). */
static struct unit *PH(struct game *g, const char *id, int side, const char *h0,
		       const char *h1, enum facing f, int hits)
{
	struct unit *u = U(g, id, side, UT_PH, h0, f, 7, hits);
	game_unit_set_hex(g, u, 1, fx_hex(h1));
	cr_assert_null(footprint_check(&u->at), "%s", footprint_check(&u->at));
	return u;
}

static int idx(struct game *g, struct unit *u)
{
	return (int)(u - g->units);
}

/* Combat: attackers a[] against defenders d[] (NULL-terminated). */
static int combat(struct game *g, struct unit **a, struct unit **d)
{
	int ci = shock_add_combat(g);
	cr_assert_geq(ci, 0);
	struct shock_combat *c = &g->shock.c[ci];
	for (; *a; a++) {
		c->att_at[c->natt] = (*a)->at;
		c->att[c->natt++] = idx(g, *a);
		if ((*a)->shock_must)
			c->must_check = true;
	}
	for (; *d; d++) {
		c->def_at[c->ndef] = (*d)->at;
		c->def[c->ndef++] = idx(g, *d);
	}
	return ci;
}

/* Puts the segment at step `step` over every combat built so far. */
static void at_step(struct game *g, int step)
{
	struct shock_state *s = &g->shock;
	s->step = step;
	s->attacker = 1;
	s->batch_begin = 0;
	s->batch_end = s->ncombats;
	s->cursor = 0;
	s->sub = 0;
	memset(s->mark, 0, sizeof s->mark);
}

static void force(struct game *g, const int *dice, int n)
{
	for (int k = 0; k < n; k++)
		cr_assert(dice_force(&g->dice, dice[k]));
}

/* Runs a step to its end, answering each rout move's choice (10.22) and
 * each advance choice (8.43, 8.5) with the first answer offered; false
 * when it waits for anything else. */
static bool run(struct game *g, bool (*step)(struct game *))
{
	for (int guard = 0; guard < 20; guard++) {
		if (step(g))
			return true;
		bool adv = g->shock.ask == SHA_ADVANCE;
		if (!rout_pending(g) && !adv)
			return false;
		struct decision_answer a[16];
		int n = adv ? shock_legal(g, a, 16) : rout_legal(g, a, 16);
		cr_assert_gt(n, 0);
		struct session s;
		memset(&s, 0, sizeof s);
		s.game = g;
		struct cmd_tokens t;
		char err[64];
		cr_assert_eq(cmd_tokenize(a[0].line, &t, err, sizeof err), 0);
		struct cmd_result r;
		cmd_result_init(&r);
		if (adv)
			shock_advance_command(g, t.argc, t.argv, &r);
		else
			cmd_rout(&s, t.argc, t.argv, &r);
		cr_assert_eq(r.status, CMD_OK, "%s", a[0].line);
		cmd_result_free(&r);
	}
	return false;
}

#define FORCE(g, ...)                                                          \
	do {                                                                   \
		const int d_[] = {__VA_ARGS__};                                \
		force(g, d_, (int)(sizeof d_ / sizeof d_[0]));                 \
	} while (0)

/* The number of `roll` events for a check of a kind about unit id. */
static int rolls_for(const struct game *g, size_t from, const char *what,
		     const char *id)
{
	int n = 0;
	for (size_t i = from; i < g->events.n; i++) {
		const struct event *e = logged_event(&g->events, i);
		if (strcmp(e->kind, "roll") != 0)
			continue;
		const char *f = event_get(e, "for"), *u = event_get(e, "unit");
		if (f && u && strcmp(f, what) == 0 && strcmp(u, id) == 0)
			n++;
	}
	return n;
}

static int drm_of(const struct game *g, const char *id)
{
	for (size_t i = g->events.n; i-- > 0;) {
		const struct event *e = logged_event(&g->events, i);
		const char *u = event_get(e, "unit");
		if (strcmp(e->kind, "roll") == 0 && u && strcmp(u, id) == 0)
			return atoi(event_get(e, "drm"));
	}
	return -99;
}

/* ---------------------------------------------------------- 8.43 */

/* 8.43: a Shock Must Check attacker and its defender both check; the
 * hits of a failed check are the roll over the TQ. */
Test(shock_charge, must_check_both_check_8_43)
{
	struct game *g = fld();
	struct unit *a = U(g, "a", 1, UT_MI, "3010", FACE_E, 6, 0);
	struct unit *t = U(g, "t", 0, UT_MI, "3110", FACE_W, 6, 0);
	a->shock_must = true;
	combat(g, (struct unit *[]){a, NULL}, (struct unit *[]){t, NULL});
	at_step(g, SHS_CHARGE);
	FORCE(g, 7, 8);
	cr_assert(run(g, shock_step_charge));
	cr_assert_eq(a->hits, 1);
	cr_assert_eq(t->hits, 2);
	cr_assert_eq(g->dice.nforced, 0);
	game_free(g);
}

/* 8.43: a Shock No Check attacker and its defender do not check. */
Test(shock_charge, no_check_no_rolls_8_43)
{
	struct game *g = fld();
	struct unit *a = U(g, "a", 1, UT_MI, "3010", FACE_E, 6, 0);
	struct unit *t = U(g, "t", 0, UT_MI, "3110", FACE_W, 6, 0);
	a->shock_no = true;
	combat(g, (struct unit *[]){a, NULL}, (struct unit *[]){t, NULL});
	at_step(g, SHS_CHARGE);
	size_t from = g->events.n;
	FORCE(g, 9, 9);
	cr_assert(run(g, shock_step_charge));
	cr_assert_eq(g->dice.nforced, 2, "no die was rolled");
	cr_assert_eq(a->hits + t->hits, 0);
	cr_assert_eq(fx_count(g, from, "no_charge_check"), 2);
	game_free(g);
}

/* 8.43: a defender attacked by a Must Check and a No Check attacker
 * checks; the No Check attacker does not. */
Test(shock_charge, both_kinds_defender_checks_8_43)
{
	struct game *g = fld();
	struct unit *a = U(g, "a", 1, UT_MI, "3010", FACE_E, 6, 0);
	struct unit *b = U(g, "b", 1, UT_MI, "3009", FACE_SE, 6, 0);
	struct unit *t = U(g, "t", 0, UT_MI, "3109", FACE_W, 6, 0);
	a->shock_must = true;
	b->shock_no = true;
	combat(g, (struct unit *[]){a, b, NULL}, (struct unit *[]){t, NULL});
	at_step(g, SHS_CHARGE);
	size_t from = g->events.n;
	FORCE(g, 7, 9);
	cr_assert(run(g, shock_step_charge));
	cr_assert_eq(rolls_for(g, from, "pre_shock_check", "a"), 1);
	cr_assert_eq(rolls_for(g, from, "pre_shock_check", "b"), 0);
	cr_assert_eq(rolls_for(g, from, "pre_shock_check", "t"), 1);
	cr_assert_eq(a->hits, 1);
	cr_assert_eq(b->hits, 0);
	cr_assert_eq(t->hits, 3);
	game_free(g);
}

/* 8.43 exception 1: a unit attacking a skirmisher does not check (the
 * skirmisher does). */
Test(shock_charge, attacking_skirmisher_no_check_8_43)
{
	struct game *g = fld();
	struct unit *a = U(g, "a", 1, UT_MI, "3010", FACE_E, 6, 0);
	struct unit *s = U(g, "s", 0, UT_SK, "3110", FACE_W, 6, 0);
	a->shock_must = true;
	combat(g, (struct unit *[]){a, NULL}, (struct unit *[]){s, NULL});
	at_step(g, SHS_CHARGE);
	size_t from = g->events.n;
	FORCE(g, 2);
	cr_assert(run(g, shock_step_charge));
	cr_assert_eq(rolls_for(g, from, "pre_shock_check", "a"), 0);
	cr_assert_eq(rolls_for(g, from, "pre_shock_check", "s"), 1);
	game_free(g);
}

/* 8.43 exception 2: a unit attacking a routed unit does not check. */
Test(shock_charge, attacking_routed_no_check_8_43)
{
	struct game *g = fld();
	struct unit *a = U(g, "a", 1, UT_MI, "3010", FACE_E, 6, 0);
	struct unit *r = U(g, "r", 0, UT_MI, "3110", FACE_W, 6, 0);
	r->routed = true;
	a->shock_must = true;
	int ci = combat(g, (struct unit *[]){a, NULL},
			(struct unit *[]){r, NULL});
	at_step(g, SHS_CHARGE);
	size_t from = g->events.n;
	FORCE(g, 9);
	cr_assert(run(g, shock_step_charge));
	cr_assert_eq(rolls_for(g, from, "pre_shock_check", "a"), 0);
	cr_assert_eq(rolls_for(g, from, "pre_shock_check", "r"), 0);
	cr_assert_eq(a->hits, 0);
	cr_assert_not(r->eliminated);
	/* the routed defender is still there to be fought (10.27) */
	cr_assert_not(g->shock.c[ci].off);
	game_free(g);
}

/* 8.43 exception 3: LG attacked frontally by LI does not check; the LI
 * does.  From the flank the LG checks. */
Test(shock_charge, heavy_attacked_frontally_by_li_8_43)
{
	struct game *g = fld();
	struct unit *li = U(g, "li", 1, UT_LI, "3010", FACE_E, 5, 0);
	struct unit *lg = U(g, "lg", 0, UT_LG, "3110", FACE_W, 6, 0);
	li->shock_must = true;
	combat(g, (struct unit *[]){li, NULL}, (struct unit *[]){lg, NULL});
	at_step(g, SHS_CHARGE);
	size_t from = g->events.n;
	FORCE(g, 3);
	cr_assert(run(g, shock_step_charge));
	cr_assert_eq(rolls_for(g, from, "pre_shock_check", "li"), 1);
	cr_assert_eq(rolls_for(g, from, "pre_shock_check", "lg"), 0);
	game_free(g);

	/* the same LG facing north-west: the LI in 3010 is on its flank */
	g = fld();
	li = U(g, "li", 1, UT_LI, "3010", FACE_E, 5, 0);
	lg = U(g, "lg", 0, UT_LG, "3110", FACE_NE, 6, 0);
	cr_assert_neq(footprint_approach(&lg->at, &li->at), ZONE_FRONT);
	li->shock_must = true;
	combat(g, (struct unit *[]){li, NULL}, (struct unit *[]){lg, NULL});
	at_step(g, SHS_CHARGE);
	from = g->events.n;
	FORCE(g, 3, 3);
	cr_assert(run(g, shock_step_charge));
	cr_assert_eq(rolls_for(g, from, "pre_shock_check", "lg"), 1);
	game_free(g);
}

/* 8.43 modifiers: an elephant attacking a PH or HI through its front +1;
 * an African elephant against an Indian one +1 to the African. */
Test(shock_charge, elephant_modifiers_8_43)
{
	struct game *g = fld();
	struct unit *el = U(g, "el", 1, UT_EL, "3010", FACE_E, 6, 0);
	struct unit *hi = U(g, "hi", 0, UT_HI, "3110", FACE_W, 6, 0);
	el->elephant = ELEPHANT_AFRICAN;
	el->shock_must = true;
	combat(g, (struct unit *[]){el, NULL}, (struct unit *[]){hi, NULL});
	at_step(g, SHS_CHARGE);
	g->shock.c[0].passthru = PT_DECLINED; /* 9.11 offered, not elected */
	FORCE(g, 6, 0);
	cr_assert(run(g, shock_step_charge));
	cr_assert_eq(drm_of(g, "el"), 1);
	cr_assert_eq(el->hits, 1, "6 + 1 against TQ 6");
	game_free(g);

	g = fld();
	el = U(g, "el", 1, UT_EL, "3010", FACE_E, 6, 0);
	struct unit *ind = U(g, "ind", 0, UT_EL, "3110", FACE_W, 6, 0);
	el->elephant = ELEPHANT_AFRICAN;
	ind->elephant = ELEPHANT_INDIAN;
	el->shock_must = true;
	combat(g, (struct unit *[]){el, NULL}, (struct unit *[]){ind, NULL});
	at_step(g, SHS_CHARGE);
	FORCE(g, 6, 6);
	cr_assert(run(g, shock_step_charge));
	cr_assert_eq(el->hits, 1, "the African takes +1");
	cr_assert_eq(ind->hits, 0, "the Indian takes none");
	game_free(g);
}

/* 8.43 modifiers: a unit attacked by a double-depth phalanx +1; a
 * double-depth phalanx defending -1. */
Test(shock_charge, double_depth_modifiers_8_43)
{
	struct game *g = fld();
	struct unit *p = PH(g, "p", 1, "3010", "3011", FACE_E, 0);
	struct unit *t = U(g, "t", 0, UT_MI, "3110", FACE_W, 6, 0);
	p->double_depth = true;
	p->shock_must = true;
	combat(g, (struct unit *[]){p, NULL}, (struct unit *[]){t, NULL});
	at_step(g, SHS_CHARGE);
	FORCE(g, 0, 6);
	cr_assert(run(g, shock_step_charge));
	cr_assert_eq(drm_of(g, "t"), 1);
	cr_assert_eq(t->hits, 1);
	game_free(g);

	g = fld();
	struct unit *a = U(g, "a", 0, UT_MI, "3110", FACE_W, 6, 0);
	p = PH(g, "p", 1, "3010", "3011", FACE_E, 0);
	p->double_depth = true;
	a->shock_must = true;
	combat(g, (struct unit *[]){a, NULL}, (struct unit *[]){p, NULL});
	at_step(g, SHS_CHARGE);
	FORCE(g, 0, 8);
	cr_assert(run(g, shock_step_charge));
	cr_assert_eq(drm_of(g, "p"), -1);
	cr_assert_eq(p->hits, 0, "8 - 1 against TQ 7");
	game_free(g);
}

/* 8.43: a defender at its TQ after the check routs; the combat is off
 * (no defender left standing). */
Test(shock_charge, defender_routs_combat_off_8_43)
{
	struct game *g = fld();
	struct unit *a = U(g, "a", 1, UT_MI, "3010", FACE_E, 6, 0);
	struct unit *t = U(g, "t", 0, UT_MI, "3110", FACE_W, 6, 3);
	a->shock_must = true;
	int ci = combat(g, (struct unit *[]){a, NULL},
			(struct unit *[]){t, NULL});
	at_step(g, SHS_CHARGE);
	FORCE(g, 5, 9);
	cr_assert(run(g, shock_step_charge));
	cr_assert(t->routed);
	cr_assert(g->shock.c[ci].def_gone[0]);
	cr_assert(g->shock.c[ci].off);
	cr_assert_not(a->routed);
	/* 8.43 bullet 1: no other enemy in its ZOC: it takes the hex */
	cr_assert(hex_eq(a->at.hex[0], fx_hex("3110")));
	game_free(g);
}

/* 8.43 Exception: an attacking phalanx that would rout rolls die + hits
 * over TQ + 3; not higher than its TQ: it stands at TQ - 1. */
Test(shock_charge, phalanx_attacker_stands_8_43)
{
	struct game *g = fld();
	struct unit *p = PH(g, "p", 1, "3010", "3011", FACE_E, 5);
	struct unit *t = U(g, "t", 0, UT_MI, "3110", FACE_W, 6, 0);
	p->shock_must = true;
	int ci = combat(g, (struct unit *[]){p, NULL},
			(struct unit *[]){t, NULL});
	at_step(g, SHS_CHARGE);
	/* 9 on TQ 7: 2 hits, 7 in all; then 4 + 0 + 3 = 7: stands */
	FORCE(g, 9, 0, 4);
	cr_assert(run(g, shock_step_charge));
	cr_assert_not(p->routed);
	cr_assert_eq(p->hits, 6);
	cr_assert_not(g->shock.c[ci].off);
	game_free(g);

	g = fld();
	p = PH(g, "p", 1, "3010", "3011", FACE_E, 5);
	t = U(g, "t", 0, UT_MI, "3110", FACE_W, 6, 0);
	p->shock_must = true;
	ci = combat(g, (struct unit *[]){p, NULL}, (struct unit *[]){t, NULL});
	at_step(g, SHS_CHARGE);
	/* 9 on TQ 7: 7 hits; then 5 + 0 + 3 = 8 > 7: routs */
	FORCE(g, 9, 0, 5);
	cr_assert(run(g, shock_step_charge));
	cr_assert(p->routed);
	cr_assert(g->shock.c[ci].off, "no attacker left: not fought on");
	game_free(g);
}

/* 8.43, 10.15: both sides would rout: the greater excess over TQ routs
 * (here the attacker), the other side is set to TQ - 1. */
Test(shock_charge, all_rout_in_charge_10_15)
{
	struct game *g = fld();
	struct unit *a = U(g, "a", 1, UT_MI, "3010", FACE_E, 6, 4);
	struct unit *t = U(g, "t", 0, UT_MI, "3110", FACE_W, 6, 5);
	a->shock_must = true;
	int ci = combat(g, (struct unit *[]){a, NULL},
			(struct unit *[]){t, NULL});
	at_step(g, SHS_CHARGE);
	FORCE(g, 9, 7); /* a: 7 hits (1 over), t: 6 (0 over) */
	cr_assert(run(g, shock_step_charge));
	cr_assert(g->shock.c[ci].all_rout);
	cr_assert(a->routed);
	cr_assert_not(t->routed);
	cr_assert_eq(t->hits, 5);
	game_free(g);
}

/* 6.68: a stack's top unit checks for it; when the top routs the bottom
 * routs with it. */
Test(shock_charge, stack_top_checks_and_takes_bottom_6_68)
{
	struct game *g = fld();
	struct unit *a = U(g, "a", 1, UT_MI, "3010", FACE_E, 6, 0);
	struct unit *top = U(g, "top", 0, UT_MI, "3110", FACE_W, 6, 4);
	struct unit *bot = U(g, "bot", 0, UT_LI, "3110", FACE_W, 6, 0);
	game_put_on_top(g, top);
	cr_assert(stacking_is_bottom(g, bot));
	a->shock_must = true;
	combat(g, (struct unit *[]){a, NULL},
	       (struct unit *[]){top, bot, NULL});
	at_step(g, SHS_CHARGE);
	size_t from = g->events.n;
	FORCE(g, 0, 8);
	cr_assert(run(g, shock_step_charge));
	cr_assert_eq(rolls_for(g, from, "pre_shock_check", "bot"), 0);
	cr_assert(top->routed);
	cr_assert(bot->routed, "the bottom routs with the top (6.68)");
	game_free(g);
}

/* A Roman infantry unit of legion 1 and class cls. */
static struct unit *R(struct game *g, const char *id, const char *cls,
		      const char *hex, int hits)
{
	struct unit *u = U(g, id, 0, UT_LG, hex, FACE_W, 6, hits);
	snprintf(u->cls, sizeof u->cls, "%s", cls);
	u->legion = 1;
	return u;
}

/* 9.63 (RULINGS R2): in a Roman stack the other unit checks when one
 * routs, and routs only if it fails. */
Test(shock_charge, roman_stack_other_checks_9_63)
{
	for (int fail = 0; fail < 2; fail++) {
		struct game *g = fld();
		struct unit *a = U(g, "a", 1, UT_MI, "3010", FACE_E, 6, 0);
		struct unit *top = R(g, "top", "HA", "3110", 4);
		struct unit *bot = R(g, "bot", "HA", "3110", 0);
		game_put_on_top(g, top);
		a->shock_must = true;
		combat(g, (struct unit *[]){a, NULL},
		       (struct unit *[]){top, bot, NULL});
		at_step(g, SHS_CHARGE);
		size_t from = g->events.n;
		FORCE(g, 0, 8, fail ? 9 : 3);
		cr_assert(run(g, shock_step_charge));
		cr_assert_eq(drm_of(g, "top"), 0, "one colour, one class");
		cr_assert(top->routed);
		cr_assert_eq(rolls_for(g, from, "stack_mate_routed", "bot"), 1);
		cr_assert_eq(bot->routed, fail == 1);
		game_free(g);
	}
}

/* 9.63: a Roman stack of two classes checks at +1. */
Test(shock_charge, mixed_roman_stack_modifier_9_63)
{
	struct game *g = fld();
	struct unit *a = U(g, "a", 1, UT_MI, "3010", FACE_E, 6, 0);
	struct unit *top = R(g, "top", "HA", "3110", 0);
	struct unit *bot = R(g, "bot", "PR", "3110", 0);
	game_put_on_top(g, top);
	a->shock_must = true;
	combat(g, (struct unit *[]){a, NULL},
	       (struct unit *[]){top, bot, NULL});
	at_step(g, SHS_CHARGE);
	FORCE(g, 0, 6);
	cr_assert(run(g, shock_step_charge));
	cr_assert_eq(drm_of(g, "top"), 1);
	cr_assert_eq(top->hits, 1);
	cr_assert_eq(bot->hits, 0);
	game_free(g);
}

/* 9.53: the top of a double-depth phalanx takes hits in its check: the
 * other unit checks too (both at -1 defending, 8.43). */
Test(shock_charge, double_depth_other_checks_9_53)
{
	struct game *g = fld();
	struct unit *a = U(g, "a", 1, UT_MI, "3010", FACE_E, 6, 0);
	struct unit *p1 = PH(g, "p1", 0, "3110", "3111", FACE_W, 0);
	struct unit *p2 = PH(g, "p2", 0, "3110", "3111", FACE_W, 0);
	p1->double_depth = p2->double_depth = true;
	game_put_on_top(g, p1);
	a->shock_must = true;
	combat(g, (struct unit *[]){a, NULL}, (struct unit *[]){p1, p2, NULL});
	at_step(g, SHS_CHARGE);
	FORCE(g, 0, 9, 9);
	cr_assert(run(g, shock_step_charge));
	cr_assert_eq(p1->hits, 1, "9 - 1 against TQ 7");
	cr_assert_eq(p2->hits, 1);
	cr_assert_eq(g->dice.nforced, 0);
	game_free(g);
}

/* ------------------------------------------------------------ 10.15 */

/* 10.15 EXAMPLE #1 (Cannae): hastati TQ 6 at 6 hits attacked a Celtic
 * MI TQ 5 at 5 hits in clear terrain: no advance hits, a tie: the Celts
 * rout, the hastati drop to 5. */
Test(shock_charge, all_rout_example_1_10_15)
{
	struct game *g = fld();
	struct unit *h = U(g, "hastati", 0, UT_LG, "3110", FACE_W, 6, 6);
	struct unit *c = U(g, "celts", 1, UT_MI, "3010", FACE_E, 5, 5);
	int ci = combat(g, (struct unit *[]){h, NULL},
			(struct unit *[]){c, NULL});
	int cost[SHOCK_UNITS_MAX] = {0};
	cr_assert_eq(shock_all_rout_side(g, ci, cost), 1);
	cr_assert_eq(shock_advance_cost(g, ci, idx(g, h)), 0, "clear, level");
	g->shock.c[ci].resolved = true;
	at_step(g, SHS_COLLAPSE);
	cr_assert(run(g, shock_step_collapse));
	cr_assert(c->routed);
	cr_assert_not(h->routed);
	cr_assert_eq(h->hits, 5);
	cr_assert(g->shock.c[ci].all_rout);
	game_free(g);
}

/* 10.15 EXAMPLE #2 (Beneventum): hoplites TQ 6 at 6 hits attacked
 * hastati TQ 6 at 6 hits in level-2 woods from level 1: advancing would
 * cost the hoplites 2 more (woods, uphill): 8 against 6, the hoplites
 * rout and the hastati stay with 5.  The advance cost is given here as
 * the parameter of 10.15 [1]. */
Test(shock_charge, all_rout_example_2_10_15)
{
	struct game *g = fld();
	struct unit *ho = U(g, "hoplites", 1, UT_HI, "3010", FACE_E, 6, 6);
	struct unit *ha = U(g, "hastati", 0, UT_LG, "3110", FACE_W, 6, 6);
	int ci = combat(g, (struct unit *[]){ho, NULL},
			(struct unit *[]){ha, NULL});
	int none[SHOCK_UNITS_MAX] = {0};
	int cost[SHOCK_UNITS_MAX] = {2};
	cr_assert_eq(shock_all_rout_side(g, ci, none), 1, "no cost: a tie");
	cr_assert_eq(shock_all_rout_side(g, ci, cost), 0);
	cr_assert_eq(shock_all_rout_apply(g, ci, cost, "8.47"), 0);
	cr_assert_eq(ha->hits, 5);
	cr_assert_eq(ho->hits, 6, "the loser keeps its hits");
	game_free(g);
}

/* 10.15 EXAMPLE #2 on the map: the hastati in level-2 woods, the
 * hoplites on level 1; the Collapse finds the advance cost itself
 * (shock_advance_cost: woods +1, uphill +1). */
Test(shock_charge, all_rout_example_2_terrain_10_15)
{
	struct game *g = fld();
	struct unit *ho = U(g, "hoplites", 1, UT_HI, "3010", FACE_E, 6, 6);
	struct unit *ha = U(g, "hastati", 0, UT_LG, "3110", FACE_W, 6, 6);
	fx_terrain(g, fx_hex("3110"), TERRAIN_WOODS);
	map_at_mut(g->battle->map, fx_hex("3110"))->elevation = 2;
	map_at_mut(g->battle->map, fx_hex("3010"))->elevation = 1;
	int ci = combat(g, (struct unit *[]){ho, NULL},
			(struct unit *[]){ha, NULL});
	cr_assert_eq(shock_advance_cost(g, ci, idx(g, ho)), 2);
	g->shock.c[ci].resolved = true;
	at_step(g, SHS_COLLAPSE);
	cr_assert(run(g, shock_step_collapse));
	cr_assert(ho->routed);
	cr_assert_not(ha->routed);
	cr_assert_eq(ha->hits, 5);
	game_free(g);
}

/* ------------------------------------------------------ 8.44, 4.73 */

/* 4.73: a leader stacked with an involved unit rolls; 0 is a casualty and
 * the Leader Casualty Table roll follows (5: Finished). */
Test(shock_charge, leader_casualty_finished_4_73)
{
	struct game *g = fld();
	struct unit *a = U(g, "a", 1, UT_MI, "3010", FACE_E, 6, 0);
	struct unit *t = U(g, "t", 0, UT_LG, "3110", FACE_W, 6, 0);
	struct leader *l = fx_leader(g, "legate", 0, fx_hex("3110"));
	combat(g, (struct unit *[]){a, NULL}, (struct unit *[]){t, NULL});
	at_step(g, SHS_LEADERS);
	size_t from = g->events.n;
	FORCE(g, 0, 5);
	cr_assert(shock_step_leaders(g));
	const struct event *e = fx_event(g, from, "leader_casualty");
	cr_assert_not_null(e);
	cr_assert_str_eq(event_get(e, "result"), "finished");
	cr_assert_eq(l->state, LS_FINISHED);
	cr_assert_not(l->killed);
	cr_assert_not(g->shock.c[0].leader_killed[1]);
	game_free(g);
}

/* 4.73, 8.44: a roll of 1-9 does nothing; 0 then 9 kills: 8.46 step 3
 * learns the side and his Charisma.  Attacker's leaders roll first. */
Test(shock_charge, leader_killed_recorded_4_73)
{
	struct game *g = fld();
	struct unit *a = U(g, "a", 1, UT_MI, "3010", FACE_E, 6, 0);
	struct unit *t = U(g, "t", 0, UT_LG, "3110", FACE_W, 6, 0);
	struct leader *la = fx_leader(g, "bostar", 1, fx_hex("3010"));
	struct leader *ld = fx_leader(g, "legate", 0, fx_hex("3110"));
	ld->charisma = 2;
	combat(g, (struct unit *[]){a, NULL}, (struct unit *[]){t, NULL});
	at_step(g, SHS_LEADERS);
	FORCE(g, 4, 0, 9);
	cr_assert(shock_step_leaders(g));
	cr_assert_not(la->killed);
	cr_assert(ld->killed);
	cr_assert(g->shock.c[0].leader_killed[1]);
	cr_assert_not(g->shock.c[0].leader_killed[0]);
	cr_assert_eq(g->shock.c[0].killed_charisma[1], 2);
	game_free(g);
}

/* ------------------------------------------------- 8.47 [1] [2] */

/* 8.47 [1]: a defending phalanx at its TQ against Position Superiority
 * routs with no roll; an attacking phalanx stands on the roll and then
 * makes no 8.47 [2] roll. */
Test(shock_charge, collapse_phalanx_8_47)
{
	struct game *g = fld();
	struct unit *a = U(g, "a", 0, UT_LG, "3110", FACE_W, 6, 0);
	struct unit *p = PH(g, "p", 1, "3010", "3011", FACE_E, 7);
	int ci = combat(g, (struct unit *[]){a, NULL},
			(struct unit *[]){p, NULL});
	g->shock.c[ci].position = true;
	at_step(g, SHS_COLLAPSE);
	FORCE(g, 0);
	cr_assert(run(g, shock_step_collapse));
	cr_assert(p->routed);
	cr_assert_eq(g->dice.nforced, 1, "no roll");
	game_free(g);

	g = fld();
	p = PH(g, "p", 1, "3010", "3011", FACE_E, 8);
	struct unit *d = U(g, "d", 0, UT_LG, "3110", FACE_W, 6, 0);
	ci = combat(g, (struct unit *[]){p, NULL}, (struct unit *[]){d, NULL});
	at_step(g, SHS_COLLAPSE);
	size_t from = g->events.n;
	FORCE(g, 3, 9); /* 3 + 1 over + 3 = 7: stands at 6 = TQ - 1 */
	cr_assert(run(g, shock_step_collapse));
	cr_assert_not(p->routed);
	cr_assert_eq(p->hits, 6);
	cr_assert(g->shock.c[ci].phalanx_stood[0][0]);
	cr_assert_eq(rolls_for(g, from, "phalanx_stand_or_rout", "p"), 1);
	cr_assert_eq(g->dice.nforced, 1, "no 8.47 [2] roll");
	game_free(g);
}

/* 8.47 [2]: a unit at TQ - 1 in an enemy ZOC rolls: not over its TQ
 * removes a hit; over it routs (a defender: 8.61 bullet 1). */
Test(shock_charge, collapse_check_8_47)
{
	struct game *g = fld();
	struct unit *a = U(g, "a", 1, UT_MI, "3010", FACE_E, 6, 5);
	struct unit *t = U(g, "t", 0, UT_MI, "3110", FACE_W, 6, 5);
	int ci = combat(g, (struct unit *[]){a, NULL},
			(struct unit *[]){t, NULL});
	at_step(g, SHS_COLLAPSE);
	FORCE(g, 6, 7);
	cr_assert(run(g, shock_step_collapse));
	cr_assert_eq(a->hits, 4);
	cr_assert(t->routed);
	cr_assert(g->shock.c[ci].collapse_check_rout);
	game_free(g);
}

/* 8.47 [1], 10.22, 8.61 bullet 2: a defender that routs with every way
 * out blocked is eliminated; the combat notes it for the pursuit. */
Test(shock_charge, collapse_rout_blocked_elimination_10_22)
{
	struct game *g = fld();
	struct unit *a = U(g, "a", 1, UT_HC, "3010", FACE_E, 6, 0);
	struct unit *t = U(g, "t", 0, UT_MI, "3110", FACE_W, 6, 6);
	const char *walls[] = {"3210", "3211", "3109", "3111", "3011"};
	for (int k = 0; k < 5; k++)
		fx_terrain(g, fx_hex(walls[k]), TERRAIN_IMPASSABLE);
	int ci = combat(g, (struct unit *[]){a, NULL},
			(struct unit *[]){t, NULL});
	at_step(g, SHS_COLLAPSE);
	size_t from = g->events.n;
	cr_assert(run(g, shock_step_collapse));
	cr_assert(t->eliminated);
	cr_assert(g->shock.c[ci].rout_blocked_elimination);
	cr_assert_not_null(fx_event(g, from, "blocked_elimination"));
	game_free(g);
}

/* 8.61 bullet 2, 10.22: the elimination's cause is kept with the unit,
 * not only in the event history (a copy for search has none): it stays
 * when the log is emptied. */
Test(shock_charge, blocked_elimination_kept_in_the_unit_8_61)
{
	struct game *g = fld();
	struct unit *t = U(g, "t", 0, UT_MI, "3110", FACE_W, 6, 6);
	struct unit *o = U(g, "o", 0, UT_MI, "2010", FACE_W, 6, 6);
	unit_eliminate(g, t, "10.22");
	unit_eliminate(g, o, "10.23");
	event_log_clear(&g->events);
	cr_expect(t->eliminated_blocked, "10.22: its rout move was blocked");
	cr_expect_not(o->eliminated_blocked);
	game_free(g);
}

/* 6.68: when the bottom unit of a (non-Roman) stack routs, the top makes
 * a TQ check and routs only if it fails. */
Test(shock_charge, stack_bottom_routs_top_checks_6_68)
{
	struct game *g = fld();
	struct unit *a = U(g, "a", 1, UT_MI, "3010", FACE_E, 6, 0);
	struct unit *top = U(g, "top", 0, UT_MI, "3110", FACE_W, 6, 0);
	struct unit *bot = U(g, "bot", 0, UT_LI, "3110", FACE_W, 6, 6);
	game_put_on_top(g, top);
	combat(g, (struct unit *[]){a, NULL},
	       (struct unit *[]){top, bot, NULL});
	at_step(g, SHS_COLLAPSE);
	size_t from = g->events.n;
	FORCE(g, 5);
	cr_assert(run(g, shock_step_collapse));
	cr_assert(bot->routed);
	cr_assert_eq(rolls_for(g, from, "stack_mate_routed", "top"), 1);
	cr_assert_not(top->routed, "5 against TQ 6 passes");
	game_free(g);
}

/* ---------------------------------- the Extended Shock Example (8.4) */

struct ext {
	struct unit *A, *B, *C, *T, *U, *V, *W, *X, *Y, *Z;
	int ca, cb, cc;
};

/* EXAMPLES.md: A over 3010/3011 and B over 3012/3013 face east (fronts
 * 3109-3111 and 3111-3113, sharing 3111); T U V W X in 3109-3113 face
 * west; C in 3016 faces east, Y in 3115 and Z in 3116 face west. */
static struct game *ext_field(struct ext *x)
{
	struct game *g = fld();
	x->A = PH(g, "A", 1, "3010", "3011", FACE_E, 0);
	x->B = PH(g, "B", 1, "3012", "3013", FACE_E, 0);
	x->C = U(g, "C", 1, UT_MI, "3016", FACE_E, 5, 2);
	x->T = U(g, "T", 0, UT_LI, "3109", FACE_W, 5, 0);
	x->U = U(g, "U", 0, UT_LG, "3110", FACE_W, 6, 0);
	x->V = U(g, "V", 0, UT_LG, "3111", FACE_W, 6, 0);
	x->W = U(g, "W", 0, UT_HI, "3112", FACE_W, 6, 3);
	x->X = U(g, "X", 0, UT_LI, "3113", FACE_W, 5, 0);
	x->Y = U(g, "Y", 0, UT_HI, "3115", FACE_W, 6, 0);
	x->Z = U(g, "Z", 0, UT_LI, "3116", FACE_W, 5, 4);
	x->A->shock_must = x->B->shock_must = true;
	x->A->moved_phase = x->B->moved_phase = true;
	x->C->shock_no = true;
	x->ca = combat(g, (struct unit *[]){x->A, NULL},
		       (struct unit *[]){x->T, x->U, x->V, NULL});
	x->cb = combat(g, (struct unit *[]){x->B, NULL},
		       (struct unit *[]){x->W, x->X, NULL});
	x->cc = combat(g, (struct unit *[]){x->C, NULL},
		       (struct unit *[]){x->Y, x->Z, NULL});
	return g;
}

/* 8.43 in the Extended Shock Example: 6; 5 7 8; 7; 9 0: U +1, V +2, W
 * reaches its TQ and routs, B does not advance (V and X in its ZOC). */
Test(shock_charge, extended_example_charge_8_43)
{
	struct ext x;
	struct game *g = ext_field(&x);
	struct footprint b_was = x.B->at;
	at_step(g, SHS_CHARGE);
	FORCE(g, 6, 5, 7, 8, 7, 9, 0);
	cr_assert(run(g, shock_step_charge));
	cr_assert_eq(g->dice.nforced, 0);
	cr_assert_eq(x.A->hits + x.B->hits, 0);
	cr_assert_eq(x.T->hits, 0);
	cr_assert_eq(x.U->hits, 1);
	cr_assert_eq(x.V->hits, 2);
	cr_assert(x.W->routed);
	cr_assert_eq(x.X->hits, 0);
	cr_assert_not(x.X->routed);
	cr_assert(g->shock.c[x.cb].def_gone[0]);
	cr_assert_not(g->shock.c[x.cb].off);
	cr_assert_eq(x.C->hits + x.Y->hits + x.Z->hits, 2 + 0 + 4,
		     "C's combat makes no checks");
	cr_assert(hex_eq(x.B->at.hex[0], b_was.hex[0]) &&
			  hex_eq(x.B->at.hex[1], b_was.hex[1]),
		  "B does not advance");
	game_free(g);
}

/* 8.47 in the Extended Shock Example: after the results X has 6 hits, Z
 * 5, C 4; X and Z rout, C (TQ - 1 in Y's ZOC) rolls 5 and drops to 3. */
Test(shock_charge, extended_example_collapse_8_47)
{
	struct ext x;
	struct game *g = ext_field(&x);
	x.W->routed = true; /* routed in the charge */
	g->shock.c[x.cb].def_gone[0] = true;
	x.A->hits = 2;
	x.V->hits = 4;
	x.U->hits = 1;
	x.B->hits = 2;
	x.X->hits = 6;
	x.C->hits = 4;
	x.Y->hits = 1;
	x.Z->hits = 5;
	at_step(g, SHS_COLLAPSE);
	FORCE(g, 5);
	cr_assert(run(g, shock_step_collapse));
	cr_assert_eq(g->dice.nforced, 0);
	cr_assert(x.X->routed);
	cr_assert(x.Z->routed);
	cr_assert_not(x.C->routed);
	cr_assert_eq(x.C->hits, 3);
	cr_assert_not(x.V->routed, "V at 4 of 6 is not at TQ - 1");
	cr_assert_not(g->shock.c[x.cc].collapse_check_rout);
	game_free(g);
}
