/* Elephant Pass-Thru (SPQR 9.11), elephants against elephants (9.17), any
 * leader commands elephants (9.18), African against Indian elephants
 * (9.19), with forced dice.  Combats are built directly in g->shock
 * (shock_add_combat) and the segment driven from its Charge step with
 * shock_run; the answers go through passthru_command as a player's would.
 * Fixture: the all-clear map (tests/fixtures/map-clear.ini).  Geometry
 * (HEX.md): infantry in 2921 facing E has 3021 and 3022 in front, 2821
 * and 2822 behind; an elephant in 3022 facing W charges it frontally. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "logged.h"
#include "maniple/cmd.h"
#include "maniple/command.h"
#include "maniple/game.h"
#include "maniple/passthru.h"
#include "maniple/shock_preview.h"
#include "maniple/reactions.h"
#include "maniple/rout.h"
#include "maniple/shock.h"
#include "maniple/shock_advance.h"
#include "maniple/shock_calc.h"
#include "maniple/stacking.h"
#include "move_fixture.h"

static struct game *fld(void)
{
	struct game *g = fx_field();
	snprintf(g->battle->sides[0].retreat_edge,
		 sizeof g->battle->sides[0].retreat_edge, "west");
	snprintf(g->battle->sides[1].retreat_edge,
		 sizeof g->battle->sides[1].retreat_edge, "east");
	return g;
}

static struct unit *U(struct game *g, const char *id, int side,
		      enum unit_type t, const char *hex, enum facing f, int tq)
{
	struct unit *u = fx_unit(g, id, side, t, fx_hex(hex), f, 5);
	u->tq = tq;
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
		g->shock.attacked[idx(g, *a)] = true;
		if ((*a)->shock_must) {
			c->must_check = true;
			c->att_moved = true;
		}
	}
	for (; *d; d++) {
		c->def_at[c->ndef] = (*d)->at;
		c->def[c->ndef++] = idx(g, *d);
		g->shock.defended[idx(g, *d)] = true;
	}
	return ci;
}

/* The segment at its Charge step over every combat built so far. */
static void at_charge(struct game *g, int attacker)
{
	struct shock_state *s = &g->shock;
	s->step = SHS_CHARGE;
	s->attacker = attacker;
	s->batch_begin = 0;
	s->batch_end = s->ncombats;
	s->cursor = 0;
	s->sub = 0;
	memset(s->mark, 0, sizeof s->mark);
}

#define FORCE(g, ...)                                                          \
	do {                                                                   \
		const int d_[] = {__VA_ARGS__};                                \
		for (size_t k_ = 0; k_ < sizeof d_ / sizeof d_[0]; k_++)       \
			cr_assert(dice_force(&(g)->dice, d_[k_]));             \
	} while (0)

/* A player's command line; its status. */
static enum cmd_status say(struct game *g, const char *line, char *rule)
{
	struct cmd_tokens t;
	char err[64];
	cr_assert_eq(cmd_tokenize(line, &t, err, sizeof err), 0);
	struct cmd_result r;
	cmd_result_init(&r);
	passthru_command(g, t.argc, t.argv, &r);
	enum cmd_status st = r.status;
	if (rule)
		snprintf(rule, 16, "%s", r.rule);
	cmd_result_free(&r);
	return st;
}

static void says(struct game *g, const char *line)
{
	cr_assert_eq(say(g, line, NULL), CMD_OK, "%s refused", line);
}

/* Runs the segment until it ends (true) or waits for a Pass-Thru
 * answer or a reaction (false); rout moves and advances take their first
 * offered answer. */
static bool go(struct game *g)
{
	for (int guard = 0; guard < 20; guard++) {
		if (shock_run(g))
			return true;
		if (g->shock.ask == SHA_PASSTHRU ||
		    g->shock.ask == SHA_PASSTHRU_PLACE || reactions_pending(g))
			return false;
		bool adv = g->shock.ask == SHA_ADVANCE;
		cr_assert(adv || rout_pending(g), "waits for %s",
			  shock_ask_name(g->shock.ask));
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
	cr_assert(false, "the segment never ended");
	return false;
}

/* The latest event of kind at or after from with key=val (NULL: any). */
static const struct event *ev(const struct game *g, size_t from,
			      const char *kind, const char *key,
			      const char *val)
{
	for (size_t i = g->events.n; i-- > from;) {
		const struct event *e = logged_event(&g->events, i);
		if (strcmp(e->kind, kind) != 0)
			continue;
		const char *v = key ? event_get(e, key) : NULL;
		if (!key || (v && strcmp(v, val) == 0))
			return e;
	}
	return NULL;
}

static int drm_of(const struct game *g, size_t from, const char *id)
{
	const struct event *e = ev(g, from, "roll", "unit", id);
	cr_assert_not_null(e, "no roll for %s", id);
	return atoi(event_get(e, "drm"));
}

/* "a->b" of a passthru_hits field */
static void arrow(const struct event *e, const char *key, int *a, int *b)
{
	const char *v = event_get(e, key);
	cr_assert_not_null(v);
	cr_assert_eq(sscanf(v, "%d->%d", a, b), 2, "%s", v);
}

static bool legal_has(const struct game *g, const char *line)
{
	struct decision_answer a[16];
	int n = shock_legal(g, a, 16);
	for (int i = 0; i < n; i++)
		if (strncmp(a[i].line, line, strlen(line)) == 0 &&
		    strcmp(a[i].rule, "9.11") == 0)
			return true;
	return false;
}

/* The book's 9.11 example: elephant 3022 facing W, infantry 2921 facing
 * E, a Shock Must Check attack. */
struct ex {
	struct game *g;
	struct unit *el, *inf;
	int ci;
};

static struct ex example(enum unit_type inf_type)
{
	struct ex x;
	x.g = fld();
	x.el = U(x.g, "el", 1, UT_EL, "3022", FACE_W, 9);
	x.el->elephant = ELEPHANT_AFRICAN;
	x.el->shock_must = true;
	x.el->moved_phase = true;
	x.inf = U(x.g, "inf", 0, inf_type, "2921", FACE_E, 9);
	x.ci = combat(x.g, (struct unit *[]){x.el, NULL},
		      (struct unit *[]){x.inf, NULL});
	at_charge(x.g, 1);
	return x;
}

/* ------------------------------------------------------------ 9.11 */

/* 9.11, the book's example: the infantry is asked before any pre-shock
 * die is rolled, elects Pass-Thru, takes +1 on its pre-shock DR, its
 * shock hits are halved and the elephant's cut by one; the elephant ends
 * in 2821 or 2822 (its player's choice), still facing W; then the
 * infantry makes the Pass-Thru TQ check (DR - TQ hits). */
Test(passthru, book_example_3022_to_2822_9_11)
{
	struct ex x = example(UT_LG);
	struct game *g = x.g;
	size_t from = g->events.n;
	cr_assert_not(go(g));
	cr_assert_eq(g->shock.ask, SHA_PASSTHRU);
	cr_assert_eq(g->shock.ask_side, 0, "the defender decides");
	cr_assert_eq(fx_count(g, from, "roll"), 0, "asked before any roll");
	const struct event *o = ev(g, from, "passthru_offered", NULL, NULL);
	cr_assert_not_null(o);
	cr_assert_str_eq(event_get(o, "rear"), "2821,2822");
	cr_assert(legal_has(g, "passthru inf yes"));
	cr_assert(legal_has(g, "passthru inf no"));
	char pend[256];
	shock_pending_text(g, pend, sizeof pend);
	cr_assert(strstr(pend, "passthru") != NULL, "%s", pend);
	char *st = game_state_text(g);
	cr_assert(strstr(st, "ask=passthru ") != NULL);
	free(st);

	/* pre-shock: elephant 0, infantry 9 (+1 = 10 against TQ 9: 1 hit);
	 * then the shock roll 5 */
	FORCE(g, 0, 9, 5);
	says(g, "passthru inf yes");
	cr_assert_not(go(g));
	cr_assert_eq(drm_of(g, from, "inf"), 1, "9.11 #1: +1");
	cr_assert_not_null(ev(g, from, "charge_modifier", "name", "pass_thru"));
	const struct event *h = ev(g, from, "passthru_hits", NULL, NULL);
	cr_assert_not_null(h, "9.11 #2");
	int ea, eb, ia, ib;
	arrow(h, "elephant", &ea, &eb);
	arrow(h, "infantry", &ia, &ib);
	cr_assert_eq(eb, ea > 0 ? ea - 1 : 0);
	cr_assert_eq(ib, ia / 2);
	/* the CRT's final hits (8.46 step 4) are what 9.11 #2 cut */
	char fin[32];
	snprintf(fin, sizeof fin, "%d(%d)", ea, ia);
	cr_assert_str_eq(
		event_get(ev(g, from, "shock_result", NULL, NULL), "final"),
		fin);
	cr_assert_gt(ea + ia, 0, "a result that something can cut");
	cr_assert_eq(x.el->hits, eb);
	cr_assert_eq(x.inf->hits, 1 + ib);

	/* 9.11 #3: both rear hexes empty: the elephant player chooses */
	cr_assert_eq(g->shock.ask, SHA_PASSTHRU_PLACE);
	cr_assert_eq(g->shock.ask_side, 1);
	cr_assert(legal_has(g, "passthru place 2821"));
	cr_assert(legal_has(g, "passthru place 2822"));
	char rule[16];
	cr_assert_eq(say(g, "passthru place 3021", rule), CMD_REFUSED);
	cr_assert_str_eq(rule, "9.11");
	int hits_before = x.inf->hits;
	FORCE(g, 9); /* 9.11 #4: 9 against TQ 9: no hit */
	says(g, "passthru place 2822");
	cr_assert(hex_eq(x.el->at.hex[0], fx_hex("2822")));
	cr_assert_eq(x.el->at.facing, FACE_W, "facing kept");
	const struct event *c = ev(g, from, "roll", "why", "pass_thru_check");
	cr_assert_not_null(c, "9.11 #4 check");
	cr_assert_eq(x.inf->hits, hits_before);
	cr_assert(go(g));
	cr_assert(hex_eq(x.el->at.hex[0], fx_hex("2822")), "no 8.5 advance");
	cr_assert_eq(g->dice.nforced, 0);
	game_free(g);
}

/* 9.11 #4: the Pass-Thru TQ check scores DR - TQ hits. */
Test(passthru, passthru_check_hits_dr_minus_tq_9_11)
{
	struct ex x = example(UT_MI);
	struct game *g = x.g;
	x.inf->tq = 7;
	cr_assert_not(go(g));
	FORCE(g, 0, 0, 5);
	says(g, "passthru inf yes");
	cr_assert_not(go(g));
	cr_assert_eq(g->shock.ask, SHA_PASSTHRU_PLACE);
	int before = x.inf->hits;
	cr_assert_lt(before, 5, "room for the check");
	FORCE(g, 9);
	says(g, "passthru place 2821");
	cr_assert(hex_eq(x.el->at.hex[0], fx_hex("2821")));
	cr_assert_eq(x.inf->hits, before + 2, "9 - TQ 7 = 2 hits");
	game_free(g);
}

/* 9.11 #4, 9.63: an infantry unit of a mixed Roman stack (hastati and
 * principes of one legion) makes its Pass-Thru check at +1, the mixed
 * stack's modifier counted once (it was counted twice, +2). */
Test(passthru, passthru_check_mixed_roman_stack_plus_one_once_9_63)
{
	struct ex x = example(UT_LG);
	struct game *g = x.g;
	x.inf->tq = 7;
	x.inf->legion = 14;
	snprintf(x.inf->cls, sizeof x.inf->cls, "HA");
	struct unit *pr = U(g, "pr", 0, UT_LG, "2921", FACE_E, 7);
	pr->legion = 14;
	snprintf(pr->cls, sizeof pr->cls, "PR");
	game_put_on_top(g, x.inf);
	cr_assert_eq(stacking_tq_drm(g, x.inf), 1);
	cr_assert_not(go(g));
	FORCE(g, 0, 0, 5);
	says(g, "passthru inf yes");
	cr_assert_not(go(g));
	cr_assert_eq(g->shock.ask, SHA_PASSTHRU_PLACE);
	int before = x.inf->hits;
	size_t mark = g->events.n;
	FORCE(g, 8);
	says(g, "passthru place 2821");
	const struct event *c = ev(g, mark, "tq_check", "unit", "inf");
	cr_assert_not_null(c, "no Pass-Thru check");
	cr_assert_eq(drm_of(g, mark, "inf"), 1, "9.63 once, not twice");
	cr_assert_eq(x.inf->hits, before + 2, "8 + 1 - TQ 7 = 2 hits");
	game_free(g);
}

/* 9.11 #3: one empty rear hex: the elephant goes there, no question. */
Test(passthru, one_empty_rear_hex_no_choice_9_11)
{
	struct ex x = example(UT_LG);
	struct game *g = x.g;
	U(g, "r2", 0, UT_LG, "2821", FACE_E, 6);
	size_t from = g->events.n;
	cr_assert_not(go(g));
	cr_assert_str_eq(
		event_get(ev(g, from, "passthru_offered", NULL, NULL), "rear"),
		"2822");
	FORCE(g, 0, 0, 5, 0);
	says(g, "passthru inf yes");
	cr_assert(go(g));
	cr_assert(hex_eq(x.el->at.hex[0], fx_hex("2822")));
	cr_assert_not_null(ev(g, from, "passthru", "to", "2822"));
	game_free(g);
}

/* 9.11: declined, the shock proceeds normally: no +1, no halving, the
 * elephant stays. */
Test(passthru, declined_shock_as_usual_9_11)
{
	struct ex x = example(UT_LG);
	struct game *g = x.g;
	size_t from = g->events.n;
	cr_assert_not(go(g));
	FORCE(g, 0, 9, 5);
	says(g, "passthru inf no");
	cr_assert(go(g));
	cr_assert_eq(drm_of(g, from, "inf"), 0);
	cr_assert_null(ev(g, from, "passthru_hits", NULL, NULL));
	cr_assert(hex_eq(x.el->at.hex[0], fx_hex("3022")));
	cr_assert_eq(fx_count(g, from, "passthru"), 0);
	game_free(g);
}

/* 9.11 #4: a skirmisher that let the elephant through makes no
 * Pass-Thru TQ check. */
Test(passthru, skirmisher_no_check_9_11)
{
	struct ex x = example(UT_SK);
	struct game *g = x.g;
	size_t from = g->events.n;
	cr_assert_not(go(g));
	/* 8.43: the elephant attacking a skirmisher does not check */
	FORCE(g, 0, 5);
	says(g, "passthru inf yes");
	cr_assert_not(go(g));
	says(g, "passthru place 2821");
	cr_assert(go(g));
	cr_assert(hex_eq(x.el->at.hex[0], fx_hex("2821")));
	cr_assert_null(ev(g, from, "roll", "why", "pass_thru_check"));
	cr_assert_not_null(
		ev(g, from, "no_passthru_check", "why", "skirmisher"));
	cr_assert_eq(g->dice.nforced, 0);
	game_free(g);
}

/* 9.11 #3: an infantry that routs (here in its pre-shock check) does not
 * let the elephant through. */
Test(passthru, infantry_routs_no_pass_9_11)
{
	struct ex x = example(UT_LG);
	struct game *g = x.g;
	x.inf->tq = 3;
	x.inf->hits = 2;
	size_t from = g->events.n;
	cr_assert_not(go(g));
	FORCE(g, 0, 3); /* 3 + 1 = 4 against TQ 3: 1 hit, 3 >= TQ routs */
	says(g, "passthru inf yes");
	cr_assert(go(g));
	cr_assert(x.inf->routed || x.inf->eliminated);
	cr_assert_not_null(
		ev(g, from, "passthru_held", "why", "infantry_routed"));
	cr_assert_null(ev(g, from, "passthru", NULL, NULL));
	game_free(g);
}

/* 9.11 #3: the rear hexes filled since the choice: the elephant stays. */
Test(passthru, rear_filled_after_choice_9_11)
{
	struct ex x = example(UT_LG);
	struct game *g = x.g;
	size_t from = g->events.n;
	cr_assert_not(go(g));
	FORCE(g, 0, 0, 5);
	says(g, "passthru inf yes");
	U(g, "r1", 0, UT_LG, "2821", FACE_E, 6);
	U(g, "r2", 0, UT_LG, "2822", FACE_E, 6);
	cr_assert(go(g));
	cr_assert(hex_eq(x.el->at.hex[0], fx_hex("3022")));
	cr_assert_not_null(
		ev(g, from, "passthru_held", "why", "rear_hexes_occupied"));
	game_free(g);
}

/* 9.11 #3 rulings: an enemy leader alone in a rear hex keeps the
 * elephant out of it; the elephant's own leader rides along; enemy
 * cavalry it is set down next to is named, 9.16 does not fire (the
 * elephant did not move). */
Test(passthru, leaders_and_cavalry_at_the_rear_9_11)
{
	struct ex x = example(UT_LG);
	struct game *g = x.g;
	fx_leader(g, "tribune", 0, fx_hex("2821"));
	struct leader *rider = fx_leader(g, "bostar", 1, fx_hex("3022"));
	struct unit *cav = U(g, "cav", 0, UT_RC, "2722", FACE_NE, 6);
	size_t from = g->events.n;
	cr_assert_not(go(g));
	cr_assert_str_eq(
		event_get(ev(g, from, "passthru_offered", NULL, NULL), "rear"),
		"2822");
	/* pre-shock 0, 0; Bostar's 8.44 roll 5; the shock 5; the check 0 */
	FORCE(g, 0, 0, 5, 5, 0);
	says(g, "passthru inf yes");
	/* 4.72 after the shock: the leaders next to an enemy are offered
	 * their withdrawal (shock_advance.c's), where this test stops */
	cr_assert_not(go(g));
	cr_assert(reactions_pending(g));
	cr_assert(hex_eq(x.el->at.hex[0], fx_hex("2822")));
	cr_assert(hex_eq(rider->hex, fx_hex("2822")), "rides with it");
	cr_assert_not_null(ev(g, from, "leader_moved", "leader", "bostar"));
	const struct event *e =
		ev(g, from, "passthru_by_cavalry", "cavalry", "cav");
	cr_assert_not_null(e);
	cr_assert_str_eq(event_get(e, "effect"), "none");
	cr_assert_eq(cav->hits, 0);
	game_free(g);
}

/* 9.11: when Pass-Thru may be elected.  The book's set-up may; each
 * change below takes a condition away. */
Test(passthru, who_may_elect_9_11)
{
	struct ex x = example(UT_LG);
	cr_assert(passthru_eligible(x.g, x.ci));
	/* not through a flank: the infantry faces NE, 3022 is its flank */
	x.inf->at.facing = FACE_NE;
	cr_assert_neq(footprint_approach(&x.inf->at, &x.el->at), ZONE_FRONT);
	cr_assert_not(passthru_eligible(x.g, x.ci));
	x.inf->at.facing = FACE_E;
	/* a moving attack only: no Shock Must Check */
	x.el->shock_must = false;
	x.g->shock.c[x.ci].must_check = false;
	x.el->shock_no = true;
	cr_assert_not(passthru_eligible(x.g, x.ci));
	x.el->shock_no = false;
	x.el->shock_must = true;
	x.g->shock.c[x.ci].must_check = true;
	/* both rear hexes occupied */
	struct unit *r1 = U(x.g, "r1", 0, UT_LG, "2821", FACE_E, 6);
	struct unit *r2 = U(x.g, "r2", 1, UT_LG, "2822", FACE_E, 6);
	cr_assert_not(passthru_eligible(x.g, x.ci));
	r2->on_map = false;
	game_unit_set_hex(x.g, r2, 0, HEX_NONE);
	cr_assert(passthru_eligible(x.g, x.ci), "one empty rear hex will do");
	(void)r1;
	/* cavalry is no infantry */
	x.inf->type = UT_HC;
	cr_assert_not(passthru_eligible(x.g, x.ci));
	x.inf->type = UT_LG;
	/* a routed infantry unit has no ranks to open */
	x.inf->routed = true;
	cr_assert_not(passthru_eligible(x.g, x.ci));
	x.inf->routed = false;
	/* only elephants pass through */
	x.el->type = UT_HC;
	cr_assert_not(passthru_eligible(x.g, x.ci));
	x.el->type = UT_EL;
	cr_assert(passthru_eligible(x.g, x.ci));
	game_free(x.g);
}

/* 9.11: not when the elephant attacks along with another unit, nor when
 * it attacks more than one unit. */
Test(passthru, alone_and_one_target_only_9_11)
{
	struct game *g = fld();
	struct unit *el = U(g, "el", 1, UT_EL, "3022", FACE_W, 9);
	el->shock_must = true;
	struct unit *inf = U(g, "inf", 0, UT_LG, "2921", FACE_E, 9);
	struct unit *mate = U(g, "mate", 1, UT_MI, "3021", FACE_W, 6);
	mate->shock_must = true;
	int ci = combat(g, (struct unit *[]){el, mate, NULL},
			(struct unit *[]){inf, NULL});
	cr_assert_not(passthru_eligible(g, ci), "attacking along with MI");
	game_free(g);

	g = fld();
	el = U(g, "el", 1, UT_EL, "3022", FACE_W, 9);
	el->shock_must = true;
	inf = U(g, "inf", 0, UT_LG, "2921", FACE_E, 9);
	struct unit *two = U(g, "two", 0, UT_LG, "3122", FACE_W, 9);
	ci = combat(g, (struct unit *[]){el, NULL},
		    (struct unit *[]){inf, two, NULL});
	cr_assert_not(passthru_eligible(g, ci), "attacking two units");
	at_charge(g, 1);
	size_t from = g->events.n;
	FORCE(g, 0, 0, 0);
	cr_assert_not(shock_run(g) && false);
	cr_assert_null(ev(g, from, "passthru_offered", NULL, NULL));
	game_free(g);
}

/* 9.11: the command refuses out of turn, for the wrong unit, a bad
 * answer, and a hex before the choice; refusals change nothing. */
Test(passthru, refusals_9_11)
{
	struct ex x = example(UT_LG);
	struct game *g = x.g;
	char rule[16];
	cr_assert_eq(say(g, "passthru inf yes", rule), CMD_REFUSED);
	cr_assert_str_eq(rule, "9.11");
	cr_assert_not(go(g));
	cr_assert_eq(say(g, "passthru el yes", rule), CMD_REFUSED);
	cr_assert_str_eq(rule, "9.11");
	cr_assert_eq(say(g, "passthru place 2821", rule), CMD_REFUSED);
	cr_assert_str_eq(rule, "9.11");
	cr_assert_eq(say(g, "passthru inf maybe", NULL), CMD_MALFORMED);
	cr_assert_eq(say(g, "passthru inf", NULL), CMD_MALFORMED);
	cr_assert_eq(g->shock.ask, SHA_PASSTHRU, "still owed");
	cr_assert_eq(g->shock.c[x.ci].passthru, PT_NONE);
	game_free(g);
}

/* ------------------------------------------------------------ 9.17 */

/* 9.17 (8.46 1.A bullet 3): an elephant attacking an elephant through
 * its flank or rear gains no Position Superiority; the same flank attack
 * on infantry does. */
Test(passthru, elephant_vs_elephant_no_position_9_17)
{
	struct game *g = fld();
	struct superiority_input in;
	memset(&in, 0, sizeof in);
	in.attacker = UT_EL;
	in.defender = UT_EL;
	for (int z = ZONE_FLANK; z <= ZONE_REAR; z++) {
		in.side = (enum hex_zone)z;
		struct superiority_calc s = shock_superiority(g->tables, &in);
		cr_assert_not(s.position, "zone %d", z);
		cr_assert_eq(s.position_denied_by, 3);
		cr_assert_neq(s.result, SUP_AS, "no AS from position");
	}
	in.defender = UT_MI;
	in.side = ZONE_FLANK;
	struct superiority_calc s = shock_superiority(g->tables, &in);
	cr_assert(s.position);
	cr_assert_eq(s.result, SUP_AS);
	game_free(g);
}

/* 9.17 in a combat: elephant 3022 facing W strikes an elephant in 2921
 * facing NE through its flank; the superiority event says weapon
 * system, position denied by 8.46 1.A bullet 3. */
Test(passthru, elephant_flank_attack_in_combat_9_17)
{
	struct game *g = fld();
	struct unit *a = U(g, "a", 1, UT_EL, "3022", FACE_W, 9);
	struct unit *d = U(g, "d", 0, UT_EL, "2921", FACE_NE, 9);
	cr_assert_eq(footprint_approach(&d->at, &a->at), ZONE_FLANK);
	a->shock_no = true;
	combat(g, (struct unit *[]){a, NULL}, (struct unit *[]){d, NULL});
	at_charge(g, 1);
	size_t from = g->events.n;
	FORCE(g, 5);
	cr_assert(go(g));
	const struct event *e = ev(g, from, "superiority", NULL, NULL);
	cr_assert_not_null(e);
	cr_assert_str_eq(event_get(e, "why"), "weapon_system");
	cr_assert_str_eq(event_get(e, "denied_by"), "bullet_3");
	cr_assert_str_neq(event_get(e, "result"), "AS");
	game_free(g);
}

/* ------------------------------------------------------------ 9.19 */

/* 9.19 (8.43): +1 to the African elephant's pre-shock DR against an
 * Indian, attacking or defending; none for the Indian, none between two
 * Africans. */
Test(passthru, african_vs_indian_plus_one_9_19)
{
	const struct {
		enum elephant_kind att, def;
		int att_drm, def_drm;
	} cases[] = {
		{ELEPHANT_AFRICAN, ELEPHANT_INDIAN, 1, 0},
		{ELEPHANT_INDIAN, ELEPHANT_AFRICAN, 0, 1},
		{ELEPHANT_AFRICAN, ELEPHANT_AFRICAN, 0, 0},
		{ELEPHANT_INDIAN, ELEPHANT_INDIAN, 0, 0},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct game *g = fld();
		struct unit *a = U(g, "a", 1, UT_EL, "3022", FACE_W, 6);
		struct unit *d = U(g, "d", 0, UT_EL, "2921", FACE_E, 6);
		a->elephant = cases[i].att;
		d->elephant = cases[i].def;
		a->shock_must = true;
		combat(g, (struct unit *[]){a, NULL},
		       (struct unit *[]){d, NULL});
		at_charge(g, 1);
		size_t from = g->events.n;
		FORCE(g, 6, 6);
		cr_assert(shock_step_charge(g));
		cr_assert_eq(drm_of(g, from, "a"), cases[i].att_drm, "case %zu",
			     i);
		cr_assert_eq(drm_of(g, from, "d"), cases[i].def_drm, "case %zu",
			     i);
		/* 6 + 1 against TQ 6: the African takes the hit */
		cr_assert_eq(a->hits, cases[i].att_drm, "case %zu", i);
		cr_assert_eq(d->hits, cases[i].def_drm, "case %zu", i);
		const struct event *m = ev(g, from, "charge_modifier", "name",
					   "african_vs_indian");
		cr_assert_eq(m != NULL, cases[i].att_drm + cases[i].def_drm > 0,
			     "case %zu", i);
		game_free(g);
	}
}

/* ------------------------------------------------------------ 9.18 */

/* 9.18: elephants need no leader named for them: a general and an
 * unrestricted replacement (any leader the rules do not restrict) may
 * give an elephant an Individual Order and command a Line of elephants;
 * the restricted kinds of 4.52-4.54 keep their restrictions (the rules
 * "specifically state otherwise" there). */
Test(passthru, any_leader_commands_elephants_9_18)
{
	struct game *g = fld();
	struct unit *el = U(g, "el", 1, UT_EL, "3022", FACE_W, 6);
	U(g, "el2", 1, UT_EL, "3023", FACE_W, 6);
	struct leader *gen = fx_leader(g, "gen", 1, fx_hex("3024"));
	gen->kind = LK_GENERAL;
	struct leader *sub = fx_leader(g, "sub", 1, fx_hex("3025"));
	sub->kind = LK_REPLACEMENT;
	struct leader *enemy = fx_leader(g, "enemy", 0, fx_hex("2021"));
	enemy->kind = LK_GENERAL;
	struct leader *eq = fx_leader(g, "eq", 1, fx_hex("3026"));
	eq->kind = LK_PRAEFECT_EQUITUM;

	cr_assert(leader_may_order(g, gen, el), "Individual Order 9.18");
	cr_assert(leader_may_order(g, sub, el), "Individual Order 9.18");
	cr_assert_not(leader_may_order(g, enemy, el), "a friendly unit only");
	cr_assert_not(leader_may_order(g, eq, el), "4.54 states otherwise");

	struct line_def line;
	memset(&line, 0, sizeof line);
	snprintf(line.name, sizeof line.name, "elephants");
	line.side = 1;
	line.nmembers = 1;
	snprintf(line.members[0], sizeof line.members[0], "type:EL");
	line.spacing = 1;
	cr_assert(leader_may_command_line(g, gen, &line), "Line Command 9.18");
	cr_assert(leader_may_command_line(g, sub, &line), "Line Command 9.18");
	cr_assert_not(leader_may_command_line(g, eq, &line));
	game_free(g);
}

/* 9.11 #1, #4: the odds the Pass-Thru changes, told when it is asked:
 * the infantry's Pre-Shock check standing and with the +1 (read through
 * the Charge step's own check), then the Pass-Thru check.  By hand, an
 * MI of TQ 7: the Pass-Thru check (DR - TQ hits) gives 1 hit on an 8, 2
 * on a 9: 0 hits 80%, 1 hit 10%, 2 hits 10%. */
Test(passthru, odds_told_when_asked_9_11)
{
	struct ex x = example(UT_MI);
	struct game *g = x.g;
	x.inf->tq = 7;
	cr_assert_not(go(g));
	cr_assert_eq(g->shock.ask, SHA_PASSTHRU);
	char text[512];
	cr_assert_eq(passthru_odds_text(g, text, sizeof text), 1);
	cr_assert_not_null(strstr(text, "a Pass-Thru check (9.11 #4): 0 hits "
					"80%, 1 hit 10%, 2 hits 10%."),
			   "%s", text);
	/* the +1 moves one face from passing to failing */
	struct odds stand;
	cr_assert(shock_charge_odds(g, x.ci, 1, 0, &stand));
	char want[160];
	snprintf(want, sizeof want, "standing: 0 hits %d%%",
		 odds_percent(&stand, "0 hits"));
	cr_assert_not_null(strstr(text, want), "%s not in %s", want, text);
	snprintf(want, sizeof want, "letting it through (+1, 9.11 #1): 0 "
				    "hits %d%%",
		 odds_percent(&stand, "0 hits") - 10);
	cr_assert_not_null(strstr(text, want), "%s not in %s", want, text);
	game_free(g);
}
