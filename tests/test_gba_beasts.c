/* GBA elephants and chariots (GBA 9.1, 9.2, 7.15): the chariots' moves
 * and attacks, on a clear field with GBA's tables (rules/gba over
 * rules/spqr).  Rule numbers cited as "GBA N.NN" are GBA's. */
#include "maniple/dice.h"
#include "maniple/gba_chariot.h"
#include "maniple/shock.h"
#include "maniple/shock_resolve.h"
#include "move_fixture.h"

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

/* GBA 9.22 bullet 1, GBA 8.33: a unit a chariot attacks adds 1 to its
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
