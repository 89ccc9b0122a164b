/* GBA elephants and chariots (GBA 9.1, 9.2, 7.15): the chariots' moves
 * and attacks, on a clear field with GBA's tables (rules/gba over
 * rules/spqr).  Rule numbers cited as "GBA N.NN" are GBA's. */
#include "maniple/command.h"
#include "maniple/dice.h"
#include "maniple/elcmd.h"
#include "maniple/rule_numbers.h"
#include "maniple/gba_chariot.h"
#include "maniple/gba_pass_through.h"
#include "maniple/passthru.h"
#include "maniple/reactions.h"
#include "maniple/rout.h"
#include "maniple/shock.h"
#include "maniple/shock_resolve.h"
#include "move_fixture.h"
#include "advance_cmd.h"

#define HX(x) fx_hex(x)

/* The all-clear field with the GBA ruleset's tables. */
static struct game *gba_field(void)
{
	struct game *g = fx_field();
	tables_free(g->tables);
	char dir[2048];
	struct ini_error err = {0};
	snprintf(dir, sizeof dir, "%s/rules/gba", fx_srcdir());
	g->tables = tables_load(dir, &err);
	cr_assert_not_null(g->tables, "rules/gba: %s", err.msg);
	snprintf(g->battle->ruleset, sizeof g->battle->ruleset, "gba");
	return g;
}

static void set_level(struct game *g, struct hex h, int level)
{
	map_at_mut(g->battle->map, h)->elevation = (int8_t)level;
}

/* The hex ahead of u: its Front hex through hexside d. */
static struct hex ahead(const struct unit *u, enum hexside d)
{
	struct hex h = hex_neighbour(u->at.hex[0], d);
	cr_assert_eq(footprint_zone(&u->at, h), ZONE_FRONT);
	return h;
}

static void step(struct game *g, struct move *m, struct unit *u,
		 enum hexside d)
{
	struct move_step s;
	struct hex h = ahead(u, d);
	cr_assert(move_check_step(g, m, h, &s), "%s (%s)", s.refusal,
		  s.rule ? s.rule : "-");
	cr_assert(move_apply_step(g, m, h));
}

/* A step refused under rule. */
static void step_refused(struct game *g, struct move *m, struct unit *u,
			 enum hexside d, const char *rule)
{
	struct move_step s;
	struct hex h = ahead(u, d);
	cr_assert_not(move_check_step(g, m, h, &s), "entered %04d",
		      hex_number(h));
	cr_expect_str_eq(s.rule, rule, "%s", s.refusal);
}

/* GBA 7.15: a moving chariot turns one vertex a hex; in its first hex it
 * turns as it likes; after more than one vertex in a hex it entered, that
 * hex is its last. */
Test(gba_beasts, chariot_turns_one_vertex_a_hex_gba_7_15)
{
	struct game *g = gba_field();
	struct unit *ch = fx_unit(g, "ch", 0, UT_CH, HX("3015"), FACE_NE, 20);
	struct move m;
	cr_assert(move_begin(g, ch, &m), "%s", m.refusal);
	/* its first hex: two vertices, NE to SE */
	cr_assert(facing_change_apply(g, &m, FACE_E));
	cr_assert(facing_change_apply(g, &m, FACE_SE));
	step(g, &m, ch, SIDE_ESE);
	/* one vertex in the hex it entered: it goes on */
	cr_assert(facing_change_apply(g, &m, FACE_E));
	step(g, &m, ch, SIDE_ENE);
	/* a second vertex there: this hex becomes its last */
	cr_assert(facing_change_apply(g, &m, FACE_NE));
	cr_assert(facing_change_apply(g, &m, FACE_NW));
	step_refused(g, &m, ch, SIDE_N, "GBA 7.15");
	move_end(g, &m);
	cr_expect(m.ended, "GBA 7.15: it may finish there");
	game_free(g);

	/* any other unit turns as it likes */
	g = gba_field();
	struct unit *hc = fx_unit(g, "hc", 0, UT_HC, HX("3015"), FACE_NE, 20);
	cr_assert(move_begin(g, hc, &m));
	step(g, &m, hc, SIDE_N);
	cr_assert(facing_change_apply(g, &m, FACE_E));
	cr_assert(facing_change_apply(g, &m, FACE_SE));
	step(g, &m, hc, SIDE_ESE);
	game_free(g);
}

/* GBA 9.21, A1: a chariot that turns and does not move that phase takes
 * no hit; one that turned in its first hex and then moves takes the
 * chart's 1 hit a vertex for those turns once it has moved on. */
Test(gba_beasts, chariot_turning_in_place_is_free_gba_9_21)
{
	struct game *g = gba_field();
	struct unit *ch = fx_unit(g, "ch", 0, UT_CH, HX("3015"), FACE_NE, 20);
	struct move m;
	cr_assert(move_begin(g, ch, &m));
	cr_assert(facing_change_apply(g, &m, FACE_E));
	cr_assert(facing_change_apply(g, &m, FACE_SE));
	cr_assert(facing_change_apply(g, &m, FACE_SW));
	move_end(g, &m);
	cr_expect_eq(ch->hits, 0, "GBA 9.21: turned without moving");
	cr_expect_eq(m.mp_spent, 6, "GBA 7.12: 2 MP a vertex");
	game_free(g);

	g = gba_field();
	ch = fx_unit(g, "ch", 0, UT_CH, HX("3015"), FACE_NE, 20);
	cr_assert(move_begin(g, ch, &m));
	cr_assert(facing_change_apply(g, &m, FACE_E));
	cr_assert(facing_change_apply(g, &m, FACE_SE));
	cr_expect_eq(ch->hits, 0);
	step(g, &m, ch, SIDE_ESE);
	cr_expect_eq(ch->hits, 2, "GBA 9.21, A1: 1 hit a vertex once moving");
	const struct event *e = fx_event(g, 0, "cohesion_hit");
	cr_assert_not_null(e);
	move_end(g, &m);
	game_free(g);
}

/* GBA 9.21 (A25): a chariot changes at most one level in a whole phase,
 * up or down; other mounted units one a hex. */
Test(gba_beasts, chariot_changes_one_level_a_phase_gba_9_21)
{
	struct game *g = gba_field();
	struct hex a = HX("3015");
	struct hex b = hex_neighbour(a, SIDE_N), c = hex_neighbour(b, SIDE_N);
	set_level(g, b, 1);
	set_level(g, c, 2);
	struct unit *ch = fx_unit(g, "ch", 0, UT_CH, a, FACE_NE, 20);
	struct move m;
	cr_assert(move_begin(g, ch, &m));
	step(g, &m, ch, SIDE_N);
	step_refused(g, &m, ch, SIDE_N, "GBA 9.21");
	game_free(g);

	/* down again counts as well */
	g = gba_field();
	set_level(g, b, 1);
	ch = fx_unit(g, "ch", 0, UT_CH, a, FACE_NE, 20);
	cr_assert(move_begin(g, ch, &m));
	step(g, &m, ch, SIDE_N);
	step_refused(g, &m, ch, SIDE_N, "GBA 9.21");
	game_free(g);

	/* cavalry climbs a level a hex */
	g = gba_field();
	set_level(g, b, 1);
	set_level(g, c, 2);
	struct unit *hc = fx_unit(g, "hc", 0, UT_HC, a, FACE_NE, 20);
	cr_assert(move_begin(g, hc, &m));
	step(g, &m, hc, SIDE_N);
	step(g, &m, hc, SIDE_N);
	game_free(g);
}

/* ---- attacks ---- */

/* One combat on g: attacker a against defender d, through d's front. */
static int combat(struct game *g, struct unit *a, struct unit *d)
{
	int ci = shock_add_combat(g);
	cr_assert_geq(ci, 0);
	struct shock_combat *c = &g->shock.c[ci];
	c->att_at[0] = a->at;
	c->att[c->natt++] = (uint8_t)(a - g->units);
	c->def_at[0] = d->at;
	c->def[c->ndef++] = (uint8_t)(d - g->units);
	c->clash_att = 0;
	c->clash_def = 0;
	c->side = (int8_t)footprint_approach(&d->at, &a->at);
	g->shock.batch_begin = 0;
	g->shock.batch_end = g->shock.ncombats;
	a->shock_must = true;
	return ci;
}

static bool has_mod(const struct charge_check *cc, const char *name, int drm)
{
	for (int i = 0; i < cc->n; i++)
		if (!strcmp(cc->mod[i].name, name) && cc->mod[i].drm == drm)
			return true;
	return false;
}

/* A chariot at 3015 facing NE having moved n hexes up to there, and an
 * enemy unit of type t in its front, at 3014 facing SE. */
static struct game *charge(int n, enum unit_type t, struct unit **ch,
			   struct unit **d)
{
	struct game *g = gba_field();
	struct hex start = HX("3015");
	for (int k = 0; k < n; k++)
		start = hex_neighbour(start, SIDE_S);
	*ch = fx_unit(g, "ch", 0, UT_CH, start, FACE_NE, 20);
	struct move m;
	cr_assert(move_begin(g, *ch, &m));
	for (int k = 0; k < n; k++)
		step(g, &m, *ch, SIDE_N);
	move_end(g, &m);
	cr_assert(hex_eq((*ch)->at.hex[0], HX("3015")));
	*d = fx_unit(g, "d", 1, t, HX("3014"), FACE_SE, 5);
	combat(g, *ch, *d);
	return g;
}

/* GBA 9.2, 9.22 bullet 1, GBA 8.33: a unit a chariot attacks adds 1 to its
 * Pre-Shock TQ check; a chariot whose move into the attack covered 4
 * hexes or more skips its own check (3 hexes: it checks). */
Test(gba_beasts, chariot_charge_gba_9_22)
{
	struct unit *ch, *d;
	struct game *g = charge(4, UT_HI, &ch, &d);
	struct charge_check cc;
	cr_assert(shock_charge_check(g, 0, 1, 0, &cc));
	cr_expect(cc.checks);
	cr_expect(has_mod(&cc, "attacked_by_chariot", 1),
		  "GBA 9.22: the defender's +1");
	cr_assert(shock_charge_check(g, 0, 0, 0, &cc));
	cr_expect_not(cc.checks, "GBA 9.22: 4 hexes, no check");
	cr_expect_str_eq(cc.why, "chariot_charge");
	cr_expect_str_eq(cc.rule, "GBA 9.22");
	game_free(g);

	g = charge(3, UT_HI, &ch, &d);
	cr_assert(shock_charge_check(g, 0, 0, 0, &cc));
	cr_expect(cc.checks, "GBA 9.22: 3 hexes, it checks");
	game_free(g);

	/* cavalry charging 4 hexes checks, and gives no +1 */
	g = gba_field();
	struct unit *hc = fx_unit(g, "hc", 0, UT_HC, HX("3019"), FACE_NE, 20);
	struct move m;
	cr_assert(move_begin(g, hc, &m));
	for (int k = 0; k < 4; k++)
		step(g, &m, hc, SIDE_N);
	move_end(g, &m);
	d = fx_unit(g, "d", 1, UT_HI, HX("3014"), FACE_SE, 5);
	combat(g, hc, d);
	cr_assert(shock_charge_check(g, 0, 0, 0, &cc));
	cr_expect(cc.checks);
	cr_assert(shock_charge_check(g, 0, 1, 0, &cc));
	cr_expect_not(has_mod(&cc, "attacked_by_chariot", 1));
	game_free(g);
}

static const char *field_of(const struct game *g, size_t from,
			    const char *kind, const char *key)
{
	for (size_t i = from; i < g->events.n; i++)
		if (!strcmp(event_log_kind(&g->events, i), kind))
			return event_log_get(&g->events, i, key);
	return NULL;
}

/* GBA 8.36: no size ratio between chariots and other units; GBA 9.22
 * (the companion transcription): skirmishers defending against chariots
 * do not halve the chariots' hits, as they halve another attacker's
 * (GBA 9.31). */
Test(gba_beasts, chariot_against_skirmishers_gba_9_22)
{
	struct unit *ch, *d;
	struct game *g = charge(1, UT_SK, &ch, &d);
	ch->size = 9;
	d->size = 1;
	size_t from = g->events.n;
	cr_assert(dice_force(&g->dice, 5));
	cr_assert(shock_step_resolve(g));
	const char *ign = field_of(g, from, "size_ratio", "ignored");
	cr_assert_not_null(ign, "GBA 8.36: no size ratio");
	cr_expect_str_eq(ign, "chariot");
	cr_expect_null(field_of(g, from, "shock_result", "sk_halved"),
		       "GBA 9.22: not halved against chariots");
	game_free(g);

	/* cavalry against the same skirmisher: halved, and sized */
	g = gba_field();
	struct unit *hc = fx_unit(g, "hc", 0, UT_HC, HX("3015"), FACE_NE, 20);
	hc->size = 9;
	d = fx_unit(g, "d", 1, UT_SK, HX("3014"), FACE_SE, 5);
	d->size = 1;
	combat(g, hc, d);
	from = g->events.n;
	cr_assert(dice_force(&g->dice, 5));
	cr_assert(shock_step_resolve(g));
	const char *h = field_of(g, from, "shock_result", "sk_halved");
	cr_expect_not_null(h, "GBA 9.31: halved");
	game_free(g);
}

/* ---- the rampage (GBA 9.14) ---- */

static const char *first_field(const struct game *g, const char *kind,
			       const char *key)
{
	const char *v = field_of(g, 0, kind, key);
	cr_assert_not_null(v, "no %s with %s", kind, key);
	return v;
}

/* An elephant of side 1 at 3015 with an enemy HI south of it (3016)
 * routs, on g; the dice forced first. */
static struct unit *rampage(struct game *g, const int *dice, int n)
{
	struct unit *el = fx_unit(g, "el", 1, UT_EL, HX("3015"), FACE_NE, 5);
	fx_unit(g, "foe", 0, UT_HI, HX("3016"), FACE_NE, 5);
	for (int i = 0; i < n; i++)
		cr_assert(dice_force(&g->dice, dice[i]));
	rout_begin(g, (int)(el - g->units), "10.14");
	return el;
}

/* GBA 9.14: a 7-9 is the mahout's on the first roll too (SPQR 9.14
 * drives the elephant away from its cause on a first 7-9). */
Test(gba_beasts, every_high_rampage_roll_eliminates_gba_9_14)
{
	struct game *g = gba_field();
	cr_expect_eq(tables_variant(g->tables, RV_RAMPAGE_HIGH_ROLL),
		     RAMPAGE_HIGH_ELIMINATED);
	struct unit *el = rampage(g, (const int[]){7}, 1);
	cr_expect_str_eq(first_field(g, "rampage_roll", "result"), "mahout");
	cr_expect_str_eq(first_field(g, "rampage_end", "reason"), "mahout");
	cr_expect(el->eliminated, "GBA 9.14: the first 7 eliminates it");
	cr_expect(hex_eq(el->at.hex[0], HX("3015")), "it did not move");
	game_free(g);

	g = fx_field(); /* SPQR */
	el = rampage(g, (const int[]){7, 9}, 2);
	cr_expect_str_eq(first_field(g, "rampage_roll", "result"), "away");
	cr_expect_str_eq(first_field(g, "rampage_moved", "to"), "3012");
	game_free(g);
}

/* GBA 9.14: the compass on a 1-6, 3 hexes a roll; a unit struck through
 * its front takes 1 hit, cavalry and chariots 2 however struck; no TQ
 * check for the unit struck (GBA 9.17). */
Test(gba_beasts, rampage_strikes_chariots_twice_gba_9_14)
{
	/* 3012 faces SE: the elephant coming from 3013 strikes its front */
	const enum unit_type types[] = {UT_HI, UT_CH, UT_HC};
	const int want[] = {1, 2, 2};
	for (int k = 0; k < 3; k++) {
		struct game *g = gba_field();
		struct unit *t =
			fx_unit(g, "t", 0, types[k], HX("3012"), FACE_SE, 5);
		struct unit *el = rampage(g, (const int[]){1, 8}, 2);
		cr_expect_str_eq(first_field(g, "rampage_roll", "heading"), "N",
				 "GBA 9.14: roll 1 on the compass");
		cr_expect_str_eq(first_field(g, "rampage_contact", "side"),
				 "front");
		cr_expect_eq(t->hits, want[k], "GBA 9.14: type %d", k);
		cr_expect(hex_eq(el->at.hex[0], HX("3013")) || el->eliminated);
		cr_expect_null(field_of(g, 0, "tq_check", "unit"),
			       "GBA 9.17: no TQ check");
		game_free(g);
	}
}

/* ---- the pass-through (GBA 9.13, 9.23) ---- */

/* Runs the Shock segment from its Charge step over the combats built,
 * attacker side `side`, every die forced to 0 (no pre-shock hits, the
 * CRT's first row), until it ends; true when it did. */
static bool run_shock_from(struct game *g, int side, int first)
{
	if (first >= 0)
		cr_assert(dice_force(&g->dice, first));
	struct shock_state *s = &g->shock;
	s->attacker = side;
	s->batch_begin = 0;
	s->batch_end = s->ncombats;
	s->step = SHS_CHARGE;
	s->cursor = 0;
	s->sub = 0;
	for (int i = 0; i < 40; i++)
		cr_assert(dice_force(&g->dice, 0));
	return shock_run(g) && s->step == SHS_NONE;
}

static bool run_shock(struct game *g, int side)
{
	return run_shock_from(g, side, -1);
}

/* The `passthru place` lines offered now, in *out (at most 8); the
 * count. */
static int offered(const struct game *g, char out[8][16])
{
	struct decision_answer a[8];
	int n = passthru_legal(g, a, 8);
	for (int i = 0; i < n; i++)
		cr_assert_eq(sscanf(a[i].line, "passthru place %15s", out[i]),
			     1, "%s", a[i].line);
	return n;
}

static enum cmd_status place(struct game *g, const char *hex)
{
	char a0[] = "passthru", a1[] = "place", a2[16];
	snprintf(a2, sizeof a2, "%s", hex);
	char *argv[] = {a0, a1, a2};
	struct cmd_result r;
	cmd_result_init(&r);
	passthru_command(g, 3, argv, &r);
	enum cmd_status st = r.status;
	cmd_result_free(&r);
	return st;
}

/* Plays the segment on, answering each pass-through ask with the first
 * hex offered (the one directly opposite); the count of asks. */
static int finish_shock(struct game *g)
{
	int asks = 0;
	for (int guard = 0; guard < 8; guard++) {
		if (shock_run(g) && g->shock.step == SHS_NONE)
			return asks;
		cr_assert_eq(g->shock.ask, SHA_PASSTHRU_PLACE);
		char h[8][16];
		cr_assert_gt(offered(g, h), 0);
		cr_assert_eq(place(g, h[0]), CMD_OK);
		asks++;
	}
	cr_assert_fail("the segment did not end");
	return asks;
}

static struct unit *sturdy(struct game *g, const char *id, int side,
			   enum unit_type t, const char *hex, enum facing f)
{
	struct unit *u = fx_unit(g, id, side, t, HX(hex), f, 5);
	u->tq = 9;
	return u;
}

/* GBA 9.1, 9.13: after its combat the elephant is set down behind the unit
 * it attacked, facing as it was, though that unit stood: GBA 9.13's
 * example, from 3022 into 2921, on to 2821 or 2822, its player's choice
 * (R109; the hex directly opposite offered first). */
Test(gba_beasts, elephant_passes_through_gba_9_13)
{
	struct game *g = gba_field();
	cr_expect_eq(tables_variant(g->tables, RV_PASS_THROUGH),
		     PASS_THROUGH_AUTOMATIC);
	struct unit *el = sturdy(g, "el", 1, UT_EL, "3022", FACE_NW);
	struct unit *d = sturdy(g, "d", 0, UT_HI, "2921", FACE_E);
	cr_assert_eq(footprint_approach(&d->at, &el->at), ZONE_FRONT);
	el->shock_must = true;
	combat(g, el, d);
	size_t from = g->events.n;
	cr_assert_not(run_shock(g, 1), "the hex is asked");
	cr_assert_eq(g->shock.ask, SHA_PASSTHRU_PLACE);
	cr_expect_eq(g->shock.ask_side, 1);
	char h[8][16];
	cr_assert_eq(offered(g, h), 2);
	cr_expect_str_eq(h[0], "2821");
	cr_expect_str_eq(h[1], "2822");
	uint64_t before = game_digest(g);
	cr_expect_eq(place(g, "3021"), CMD_REFUSED);
	cr_expect_eq(game_digest(g), before, "a refusal changes nothing");
	cr_assert_eq(place(g, "2822"), CMD_OK);
	cr_assert(shock_run(g) && g->shock.step == SHS_NONE);
	cr_expect(d->on_map && hex_eq(d->at.hex[0], HX("2921")),
		  "the target stood");
	cr_expect(hex_eq(el->at.hex[0], HX("2822")), "GBA 9.13: 2822");
	cr_expect_eq(el->at.facing, FACE_NW, "facing kept (R109)");
	cr_expect_str_eq(field_of(g, from, "passthru", "rule"), "9.13");
	cr_expect_null(field_of(g, from, "passthru_offered", "unit"),
		       "GBA 9.13: no defender's choice");
	game_free(g);

	/* the elephant's own side in 2821: the other hex, 2822, unasked */
	g = gba_field();
	el = sturdy(g, "el", 1, UT_EL, "3022", FACE_NW);
	d = sturdy(g, "d", 0, UT_HI, "2921", FACE_E);
	sturdy(g, "f", 1, UT_HI, "2821", FACE_E);
	el->shock_must = true;
	combat(g, el, d);
	cr_assert(run_shock(g, 1));
	cr_expect(hex_eq(el->at.hex[0], HX("2822")), "GBA 9.13: 2822");
	game_free(g);
}

/* GBA 9.13 (A9, R109): with its own side's units in every hex behind its
 * target the elephant stays where it is. */
Test(gba_beasts, pass_through_blocked_by_friends_gba_9_13)
{
	struct game *g = gba_field();
	struct unit *el = sturdy(g, "el", 1, UT_EL, "3022", FACE_NW);
	struct unit *d = sturdy(g, "d", 0, UT_HI, "2921", FACE_E);
	sturdy(g, "f1", 1, UT_HI, "2821", FACE_E);
	sturdy(g, "f2", 1, UT_HI, "2822", FACE_E);
	el->shock_must = true;
	combat(g, el, d);
	size_t from = g->events.n;
	cr_assert(run_shock(g, 1));
	cr_expect(hex_eq(el->at.hex[0], HX("3022")));
	cr_expect_str_eq(field_of(g, from, "passthru_held", "why"),
			 "far_side_blocked");
	game_free(g);
}

/* GBA 9.13 and its play note, 9.23 (R121): enemies in both hexes behind
 * the target: the chariot attacks the one directly opposite, a combat of
 * its own in the same segment, and comes out behind that row. */
Test(gba_beasts, chariot_attacks_the_second_row_gba_9_23)
{
	struct game *g = gba_field();
	struct unit *ch = sturdy(g, "ch", 1, UT_CH, "3022", FACE_NW);
	struct unit *d = sturdy(g, "d", 0, UT_HI, "2921", FACE_E);
	sturdy(g, "r1", 0, UT_HI, "2821", FACE_E);
	struct unit *r2 = sturdy(g, "r2", 0, UT_HI, "2822", FACE_E);
	ch->shock_must = true;
	combat(g, ch, d);
	size_t from = g->events.n;
	run_shock(g, 1);
	cr_expect_eq(finish_shock(g), 2,
		     "R109: which row hex to attack, then where to come out");
	const char *row = field_of(g, from, "passthru_row", "hex");
	cr_assert_not_null(row, "GBA 9.23: a second-row attack");
	cr_expect_str_eq(row, "2821");
	cr_expect_str_eq(field_of(g, from, "passthru_row", "defenders"), "r1");
	/* the second row's combat was fought: r1 took the CRT's hits or not,
	 * but a shock_result for it (combat 1) was told */
	int results = 0;
	for (size_t i = from; i < g->events.n; i++)
		results += !strcmp(event_log_kind(&g->events, i),
				   "shock_result");
	cr_expect_eq(results, 2, "two combats fought");
	/* out behind 2821: the far side of r1 seen from 2921 */
	struct hex to = ch->at.hex[0];
	cr_expect_eq(hex_distance(to, HX("2821")), 1, "behind the row");
	cr_expect_eq(hex_distance(to, HX("2921")), 2);
	cr_expect(hex_eq(to, HX("2720")), "directly opposite first: %04d",
		  hex_number(to));
	cr_expect_str_eq(field_of(g, from, "passthru", "rule"), "9.23");
	cr_expect(r2->on_map);
	game_free(g);
}

static int count_of(const struct game *g, size_t from, const char *kind)
{
	int n = 0;
	for (size_t i = from; i < g->events.n; i++)
		n += !strcmp(event_log_kind(&g->events, i), kind);
	return n;
}

/* GBA 9.24: a Macedonian unit a chariot attacks through its front rolls
 * against its TQ: the roll or less, it opens its ranks (1 hit, no shock)
 * and the chariot goes through as in GBA 9.23; over it, the shock is
 * fought.  Other armies do not roll. */
Test(gba_beasts, macedonians_open_ranks_to_chariots_gba_9_24)
{
	struct game *g = gba_field();
	g->battle->sides[0].macedonian = true;
	struct unit *ch = sturdy(g, "ch", 1, UT_CH, "3022", FACE_NW);
	struct unit *d = sturdy(g, "d", 0, UT_HI, "2921", FACE_E);
	d->tq = 5;
	ch->shock_must = true;
	combat(g, ch, d);
	size_t from = g->events.n;
	run_shock_from(g, 1, 5); /* 5, not over the TQ */
	cr_expect_eq(finish_shock(g), 1, "where it comes out");
	cr_expect_str_eq(field_of(g, from, "open_ranks", "opened"), "yes");
	cr_expect_eq(d->hits, 1, "GBA 9.24: 1 hit for opening");
	cr_expect_eq(count_of(g, from, "shock_result"), 0, "no shock");
	cr_expect(hex_eq(ch->at.hex[0], HX("2821")), "it went through");
	game_free(g);

	g = gba_field();
	g->battle->sides[0].macedonian = true;
	ch = sturdy(g, "ch", 1, UT_CH, "3022", FACE_NW);
	d = sturdy(g, "d", 0, UT_HI, "2921", FACE_E);
	d->tq = 5;
	ch->shock_must = true;
	combat(g, ch, d);
	from = g->events.n;
	run_shock_from(g, 1, 6); /* over the TQ */
	finish_shock(g);
	cr_expect_str_eq(field_of(g, from, "open_ranks", "opened"), "no");
	cr_expect_eq(count_of(g, from, "shock_result"), 1, "the shock");
	game_free(g);

	/* not Macedonians: no roll */
	g = gba_field();
	ch = sturdy(g, "ch", 1, UT_CH, "3022", FACE_NW);
	d = sturdy(g, "d", 0, UT_HI, "2921", FACE_E);
	ch->shock_must = true;
	combat(g, ch, d);
	from = g->events.n;
	run_shock(g, 1);
	finish_shock(g);
	cr_expect_eq(count_of(g, from, "open_ranks"), 0);
	cr_expect_eq(count_of(g, from, "shock_result"), 1);
	game_free(g);
}

/* GBA 8.38: a chariot that reaches its TQ in the Collapse is eliminated,
 * not routed (GBA 9.22: routed chariots are removed). */
Test(gba_beasts, collapse_eliminates_chariots_gba_8_38)
{
	struct game *g = gba_field();
	struct unit *hi = sturdy(g, "hi", 1, UT_HI, "3022", FACE_NW);
	struct unit *ch = sturdy(g, "ch", 0, UT_CH, "2921", FACE_E);
	ch->tq = 5;
	ch->hits = 4;
	hi->shock_must = true;
	combat(g, hi, ch);
	size_t from = g->events.n;
	run_shock(g, 1); /* it may stop at the advance's question */
	cr_expect(ch->eliminated, "GBA 8.38: eliminated");
	cr_expect_not(ch->on_map);
	cr_expect_eq(count_of(g, from, "eliminated"), 1);
	game_free(g);
}

/* ---- cavalry and elephants (GBA 9.15, 9.16) ---- */

/* GBA 9.15: cavalry never enters an enemy elephant's ZOC of its own
 * will; each Flank or Rear hex of the elephant it enters costs it 2
 * hits (heavy infantry neither). */
Test(gba_beasts, cavalry_and_elephant_hexes_gba_9_15)
{
	struct game *g = gba_field();
	g->phase = PHASE_MOVEMENT;
	/* facing SE, the elephant at 3015 holds 3016 (its S) in its ZOC */
	fx_unit(g, "el", 1, UT_EL, HX("3015"), FACE_SE, 5);
	struct unit *hc = fx_unit(g, "hc", 0, UT_HC, HX("3017"), FACE_NE, 9);
	struct move m;
	struct move_step s;
	cr_assert(move_begin(g, hc, &m));
	cr_assert_not(move_check_step(g, &m, HX("3016"), &s));
	cr_expect_str_eq(s.rule, "9.15");
	game_free(g);

	/* facing NE, 3016 is its rear: 2 hits to enter */
	g = gba_field();
	g->phase = PHASE_MOVEMENT;
	fx_unit(g, "el", 1, UT_EL, HX("3015"), FACE_NE, 5);
	hc = fx_unit(g, "hc", 0, UT_HC, HX("3017"), FACE_NE, 9);
	cr_assert(move_begin(g, hc, &m));
	step(g, &m, hc, SIDE_N);
	cr_expect_eq(hc->hits, 2, "GBA 9.15: 2 hits a rear hex");
	struct unit *hi = fx_unit(g, "hi", 0, UT_HI, HX("3217"), FACE_NE, 9);
	fx_unit(g, "el2", 1, UT_EL, HX("3215"), FACE_NE, 5);
	cr_assert(move_begin(g, hi, &m));
	step(g, &m, hi, SIDE_N);
	cr_expect_eq(hi->hits, 0, "infantry: no hit");
	game_free(g);
}

/* GBA 9.16: an elephant comes next to cavalry that cannot withdraw (its
 * MA is no greater): a TQ check at once, at least 1 hit even on a roll
 * under the TQ. */
Test(gba_beasts, elephant_next_to_cavalry_gba_9_16)
{
	struct game *g = gba_field();
	g->phase = PHASE_MOVEMENT;
	struct unit *hc = fx_unit(g, "hc", 0, UT_HC, HX("3015"), FACE_NE, 5);
	struct unit *el = fx_unit(g, "el", 1, UT_EL, HX("3013"), FACE_SE, 5);
	int ei = (int)(el - g->units);
	reactions_at_move_start(g, ei);
	cr_assert(dice_force(&g->dice, 0));
	size_t from = g->events.n;
	game_unit_set_hex(g, el, 0, HX("3014"));
	reactions_after_step(g, ei);
	const char *dr = field_of(g, from, "elephant_check", "dr");
	cr_assert_not_null(dr, "GBA 9.16: a TQ check");
	cr_expect_str_eq(dr, "0");
	cr_expect_eq(hc->hits, 1, "GBA 9.16: at least 1 hit");
	game_free(g);
}

/* GBA 9.18: any leader may command elephants (his own side's). */
Test(gba_beasts, any_leader_commands_elephants_gba_9_18)
{
	struct game *g = gba_field();
	struct unit *el = fx_unit(g, "el", 0, UT_EL, HX("3015"), FACE_NE, 5);
	struct leader *l = fx_leader(g, "parmenion", 0, HX("3016"));
	l->restriction = "";
	cr_expect(leader_may_order(g, l, el), "GBA 9.18");
	struct leader *foe = fx_leader(g, "darius", 1, HX("3017"));
	foe->restriction = "";
	cr_expect_not(leader_may_order(g, foe, el), "not the enemy's");
	game_free(g);
}

/* GBA 9.19 (optional, a battle's elephant_command): after an army's
 * elephants have had their first orders, a leader orders one only when
 * he has been stacked with it since his Orders Phase began. */
Test(gba_beasts, elephant_command_gba_9_19)
{
	struct game *g = gba_field();
	g->battle->elephant_command = true;
	struct unit *e1 = fx_unit(g, "e1", 0, UT_EL, HX("3015"), FACE_NE, 5);
	struct unit *e2 = fx_unit(g, "e2", 0, UT_EL, HX("3215"), FACE_NE, 5);
	struct leader *l = fx_leader(g, "porus", 0, HX("3015"));
	l->restriction = "";
	l->state = LS_ACTIVE;
	g->active_leader = 0;
	elcmd_phase_begin(g);
	char why[256];
	int i1 = (int)(e1 - g->units), i2 = (int)(e2 - g->units);
	cr_expect_null(elcmd_order_refusal(g, i2, false, false, why,
					   sizeof why),
		       "the first orders are given as usual");
	g->elcmd.first_done[0] = true;
	const char *rule =
		elcmd_order_refusal(g, i2, false, false, why, sizeof why);
	cr_assert_not_null(rule, "GBA 9.19: not stacked with e2");
	cr_expect_str_eq(rule, "4.91");
	cr_expect_str_eq(rule_numbers_gba(tables_rule_numbers(g->tables), rule),
			 "9.19");
	cr_expect_null(elcmd_order_refusal(g, i1, false, false, why,
					   sizeof why),
		       "GBA 9.19: stacked with e1: %s", why);
	game_free(g);
}

/* GBA 9.22 bullet 4: a chariot that routs its target does not pursue it
 * (cavalry would: 8.39, 10.3). */
Test(gba_beasts, chariots_do_not_pursue_gba_9_22)
{
	const enum unit_type types[] = {UT_CH, UT_HC};
	int pursuit_events[2];
	for (int k = 0; k < 2; k++) {
		struct game *g = gba_field();
		struct unit *a = sturdy(g, "a", 1, types[k], "3022", FACE_NW);
		struct unit *d = sturdy(g, "d", 0, UT_LI, "2921", FACE_E);
		d->tq = 3;
		d->hits = 2;
		a->shock_must = true;
		combat(g, a, d);
		size_t from = g->events.n;
		run_shock(g, 1);
		cr_assert(d->routed || !d->on_map, "the target routed");
		pursuit_events[k] = 0;
		for (size_t i = from; i < g->events.n; i++)
			pursuit_events[k] +=
				!strncmp(event_log_kind(&g->events, i),
					 "pursuit", 7);
		game_free(g);
	}
	cr_expect_eq(pursuit_events[0], 0, "GBA 9.22: no pursuit");
	cr_expect_gt(pursuit_events[1], 0, "cavalry checks for pursuit");
}

/* Unit a, whose charge is checked, joins combat ci's attackers. */
static void join(struct game *g, int ci, struct unit *a)
{
	struct shock_combat *c = &g->shock.c[ci];
	c->att_at[c->natt] = a->at;
	c->att[c->natt++] = (uint8_t)(a - g->units);
	a->shock_must = true;
}

/* GBA 9.13 (R162): two elephants attack one unit through its front: after
 * the combat each goes through in turn, the first to the hex its player
 * names, the second to one of those left behind the target. */
Test(gba_beasts, two_elephants_both_pass_through_gba_9_13)
{
	struct game *g = gba_field();
	struct unit *e1 = sturdy(g, "e1", 1, UT_EL, "3022", FACE_NW);
	struct unit *e2 = sturdy(g, "e2", 1, UT_EL, "3021", FACE_NW);
	struct unit *d = sturdy(g, "d", 0, UT_HI, "2921", FACE_E);
	cr_assert_eq(footprint_approach(&d->at, &e1->at), ZONE_FRONT);
	cr_assert_eq(footprint_approach(&d->at, &e2->at), ZONE_FRONT);
	int ci = combat(g, e1, d);
	join(g, ci, e2);
	size_t from = g->events.n;
	cr_assert_not(run_shock(g, 1), "e1's hex is asked");
	cr_expect_str_eq(field_of(g, from, "passthru_place_owed", "elephant"),
			 "e1");
	cr_expect_eq(finish_shock(g), 1, "e2 has one hex left: not asked");
	cr_expect(hex_eq(d->at.hex[0], HX("2921")), "the target stood");
	cr_expect(hex_eq(e1->at.hex[0], HX("2821")), "e1: %04d",
		  hex_number(e1->at.hex[0]));
	cr_expect(hex_eq(e2->at.hex[0], HX("2822")), "GBA 9.13: e2 too: %04d",
		  hex_number(e2->at.hex[0]));
	cr_expect_eq(e1->at.facing, FACE_NW);
	cr_expect_eq(e2->at.facing, FACE_NW);
	cr_expect_eq(count_of(g, from, "passthru"), 2);
	game_free(g);
}

/* GBA 9.13 (R162, A9): an elephant and heavy infantry rout their target:
 * the elephant goes through, which takes the place of its advance; the
 * infantry advances into the hex left as after any combat (8.5). */
Test(gba_beasts, pass_through_leaves_the_others_advance_gba_9_13)
{
	struct game *g = gba_field();
	struct unit *e1 = sturdy(g, "e1", 1, UT_EL, "3022", FACE_NW);
	struct unit *hi = sturdy(g, "hi", 1, UT_HI, "3021", FACE_W);
	struct unit *d = sturdy(g, "d", 0, UT_HI, "2921", FACE_E);
	d->tq = 2;
	int ci = combat(g, e1, d);
	join(g, ci, hi);
	cr_assert_not(run_shock(g, 1), "e1's hex is asked");
	cr_expect_not(d->on_map, "d routed off the field");
	/* while the elephant's hex is asked it has gone nowhere */
	cr_expect(gba_pass_through_went(g, ci, 0) == false);
	char h[8][16];
	cr_assert_eq(offered(g, h), 2);
	cr_assert_eq(place(g, "2822"), CMD_OK);
	cr_expect(hex_eq(e1->at.hex[0], HX("2822")), "GBA 9.13: e1 %04d",
		  hex_number(e1->at.hex[0]));
	/* 8.5: hi, the one advancer left, takes 2921 (e1 went through
	 * instead of advancing, A9) and is asked about its facing */
	cr_assert_not(shock_run(g));
	cr_expect(hex_eq(hi->at.hex[0], HX("2921")), "8.5: hi advanced: %04d",
		  hex_number(hi->at.hex[0]));
	cr_expect(hex_eq(e1->at.hex[0], HX("2822")), "e1 stays through");
	cr_assert_eq(g->shock.ask, SHA_ADVANCE);
	char rule[16];
	cr_assert_eq(advance_cmd(g, "keep", rule), CMD_OK, "%s", rule);
	cr_expect(shock_run(g) && g->shock.step == SHS_NONE);
	game_free(g);
}
