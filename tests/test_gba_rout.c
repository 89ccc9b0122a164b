/* GBA's unit types (GBA 2.22) and the rules of GBA section 10 that a
 * `ruleset = gba` game plays through the shared modules: rout points and
 * Army Withdrawal (GBA 10.4), recovery (GBA 10.14), rout (GBA 10.2) and
 * rally (GBA 10.27).  Rule numbers cited as "GBA N.NN" are GBA's. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "changed_tables.h"
#include "fixture.h"
#include "maniple/cmd.h"
#include "maniple/odds.h"
#include "maniple/pursuit.h"
#include "maniple/rally.h"
#include "maniple/rout.h"
#include "maniple/sequence.h"
#include "maniple/shock.h"
#include "maniple/shock_resolve.h"
#include "maniple/tables.h"
#include "move_fixture.h"

static struct spqr_tables *load_rules(const char *ruleset)
{
	char dir[1024];
	snprintf(dir, sizeof dir, "%s/rules/%s", fx_srcdir(), ruleset);
	struct ini_error err = {0};
	struct spqr_tables *t = tables_load(dir, &err);
	cr_assert_not_null(t, "%s:%d: %s", err.file, err.line, err.msg);
	return t;
}

/* GBA 2.22: the types and classes GBA's rules single out carry the traits
 * those rules ask for; SK* is a class of skirmishers with traits of its
 * own (GBA 9.31: it may shock; GBA 9.34: it routs instead of being
 * eliminated). */
Test(gba_rout, unit_types_and_classes_carry_their_traits_gba_2_22)
{
	struct spqr_tables *t = load_rules("gba");
	cr_expect_eq(tables_class_type(t, "SK*"), UT_SK);
	cr_expect_eq(tables_class_type(t, "CA"), UT_LP);
	cr_expect_eq(tables_class_type(t, "CAT"), UT_HC);
	/* SPQR's classes are kept under GBA's */
	cr_expect_eq(tables_class_type(t, "HO"), UT_HI);
	/* GBA 9.31: SK* */
	cr_expect(tables_unit_has(t, UT_SK, "SK*", TRAIT_SHOCK_SKIRMISHER));
	cr_expect(tables_unit_has(t, UT_SK, "SK*", TRAIT_SKIRMISHER));
	cr_expect_not(tables_unit_has(t, UT_SK, "SK*", TRAIT_ROUT_ELIMINATES));
	/* GBA 9.34, 9.56, 9.22: other skirmishers, the oxybeles and chariots
	 * are eliminated when they would rout */
	cr_expect(tables_unit_has(t, UT_SK, "A", TRAIT_ROUT_ELIMINATES));
	cr_expect(tables_unit_has(t, UT_SK, "", TRAIT_ROUT_ELIMINATES));
	cr_expect_not(tables_unit_has(t, UT_SK, "A", TRAIT_SHOCK_SKIRMISHER));
	cr_expect(tables_type_has(t, UT_AT, TRAIT_OXYBELES));
	cr_expect(tables_type_has(t, UT_AT, TRAIT_ROUT_ELIMINATES));
	cr_expect(tables_type_has(t, UT_CH, TRAIT_CHARIOT));
	cr_expect(tables_type_has(t, UT_CH, TRAIT_ROUT_ELIMINATES));
	cr_expect_not(tables_type_has(t, UT_CH, TRAIT_CAVALRY));
	/* GBA 9.4: lancers and cataphracts are cavalry */
	cr_expect(tables_type_has(t, UT_LN, TRAIT_LANCER));
	cr_expect(tables_type_has(t, UT_LN, TRAIT_CAVALRY));
	cr_expect(tables_unit_has(t, UT_HC, "CAT", TRAIT_CATAPHRACT));
	cr_expect(tables_unit_has(t, UT_HC, "CAT", TRAIT_CAVALRY));
	cr_expect_not(tables_unit_has(t, UT_HC, "", TRAIT_CATAPHRACT));
	/* GBA 6.5: the Cardaces are peltasts */
	cr_expect(tables_unit_has(t, UT_LP, "CA", TRAIT_CARDACES));
	cr_expect(tables_unit_has(t, UT_LP, "CA", TRAIT_PELTAST));
	cr_expect_not(tables_unit_has(t, UT_LP, "", TRAIT_CARDACES));
	/* a class named with another type's units is that type's */
	cr_expect_not(tables_unit_has(t, UT_LI, "SK*", TRAIT_SKIRMISHER));
	tables_free(t);
}

/* SPQR's types keep their traits: no SK*; skirmishers and scorpios are
 * eliminated when they would rout (10.21), chariots are not SPQR's. */
Test(gba_rout, spqr_types_keep_their_traits_2_22)
{
	struct spqr_tables *t = load_rules("spqr");
	cr_expect_eq(tables_class_type(t, "SK*"), -1);
	cr_expect(tables_unit_has(t, UT_SK, "A", TRAIT_ROUT_ELIMINATES));
	cr_expect(tables_type_has(t, UT_AT, TRAIT_ROUT_ELIMINATES));
	cr_expect_not(tables_type_has(t, UT_CH, TRAIT_ROUT_ELIMINATES));
	cr_expect(tables_unit_has(t, UT_SK, "A", TRAIT_SKIRMISHER));
	cr_expect_not(tables_type_has(t, UT_CH, TRAIT_CHARIOT));
	cr_expect(tables_type_has(t, UT_AT, TRAIT_SCORPIO));
	cr_expect_not(tables_type_has(t, UT_AT, TRAIT_OXYBELES));
	tables_free(t);
}

/* 2.22: a class code as a counter prints it: up to three capital letters,
 * a * after them. */
Test(gba_rout, class_code_shapes_gba_2_22)
{
	const char *good[] = {"A", "HO", "CAT", "SK*", "A*"};
	const char *bad[] = {"", "*", "ho", "CATA", "SKX*", "S*K", "H O"};
	for (size_t i = 0; i < sizeof good / sizeof *good; i++)
		cr_expect(unit_class_code_ok(good[i]), "%s", good[i]);
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		cr_expect_not(unit_class_code_ok(bad[i]), "\"%s\"", bad[i]);
	cr_expect_not(unit_class_code_ok(NULL));
}

/* 2.22: a [class CODE] section gives the class its own traits, in place
 * of its type's; a class no [type] lists, or an unknown trait, is refused
 * at its line. */
Test(gba_rout, class_sections_in_unit_types_ini_gba_2_22)
{
	struct spqr_tables *t = changed_tables(
		"unit_types",
		(const char *const[]){"[type CH]",
				      "[class HO]\ntraits = infantry phalanx\n"
				      "[type CH]",
				      NULL});
	cr_expect(tables_unit_has(t, UT_HI, "HO", TRAIT_PHALANX));
	cr_expect_not(tables_unit_has(t, UT_HI, "HO", TRAIT_HEAVY_INFANTRY));
	cr_expect(tables_unit_has(t, UT_HI, "TR", TRAIT_HEAVY_INFANTRY));
	cr_expect_not(tables_unit_has(t, UT_HI, "TR", TRAIT_PHALANX));
	tables_free(t);
	const char *bad[][2] = {
		{"[class ZZ]\ntraits = cavalry\n[type CH]",
		 "class ZZ is in no [type] section's classes above"},
		{"[class HO]\ntraits = infantry flying\n[type CH]",
		 "\"flying\" is not a unit trait"},
		{"[class HO]\nclasses = A\n[type CH]", "classes"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		struct ini_error err = {0};
		t = changed_tables_err(
			"unit_types",
			(const char *const[]){"[type CH]", bad[i][0], NULL},
			&err);
		cr_expect_null(t, "%s accepted", bad[i][0]);
		tables_free(t);
		cr_expect_not_null(strstr(err.msg, bad[i][1]), "%s", err.msg);
		cr_expect_gt(err.line, 0);
	}
}

/* ------------------------------------------ GBA 10.42 Rout Points */

/* GBA 10.42: a unit is worth its printed TQ (twice that on two hexes);
 * a skirmisher that may not shock 1, an SK* 2, an elephant 2, a chariot
 * 2, the oxybeles 0; a leader 5 times his Initiative. */
Test(gba_rout, rout_points_of_gba_units_gba_10_42)
{
	struct spqr_tables *t = load_rules("gba");
	cr_expect_eq(tables_unit_rout_points(t, UT_SK, "A", 5, false, false),
		     1);
	cr_expect_eq(tables_unit_rout_points(t, UT_SK, "SK*", 5, false,
					     false),
		     2);
	cr_expect_eq(tables_unit_rout_points(t, UT_EL, "", 6, false, false), 2);
	cr_expect_eq(tables_unit_rout_points(t, UT_CH, "", 4, false, false), 2);
	cr_expect_eq(tables_unit_rout_points(t, UT_AT, "", 4, false, false), 0);
	cr_expect_eq(tables_unit_rout_points(t, UT_PH, "", 7, true, false), 14,
		     "GBA 10.42: a TQ 7 phalanx is worth 14");
	cr_expect_eq(tables_unit_rout_points(t, UT_HC, "CAT", 7, false,
					     false),
		     7);
	cr_expect_eq(tables_leader_rout_points(t, LK_GENERAL, 4), 20);
	tables_free(t);
	/* SPQR 11.1 on the same units: every skirmisher 2 */
	t = load_rules("spqr");
	cr_expect_eq(tables_unit_rout_points(t, UT_SK, "A", 5, false, false),
		     2);
	cr_expect_eq(tables_unit_rout_points(t, UT_AT, "", 4, false, false), 4);
	tables_free(t);
}

static size_t last_event(const struct game *g, const char *kind)
{
	for (size_t i = g->events.n; i-- > 0;)
		if (strcmp(event_log_kind(&g->events, i), kind) == 0)
			return i;
	cr_assert_fail("no %s event", kind);
	return 0;
}

/* GBA 10.42 in play: what an eliminated unit or killed leader adds to
 * his army's total in a GBA game. */
Test(gba_rout, eliminated_units_add_gba_rout_points_gba_10_42)
{
	struct session s;
	fx_session(&s, "new gba_drill sandbox 1");
	fx_ok(&s, "setup eliminate ar1");
	cr_expect_eq(s.game->rout_points[0], 1, "an archer SK is worth 1");
	fx_ok(&s, "setup eliminate ph1");
	cr_expect_eq(s.game->rout_points[0], 15, "and the phalanx 14");
	fx_ok(&s, "setup eliminate king");
	cr_expect_eq(s.game->rout_points[0], 35, "and the King 5 x 4");
	size_t i = last_event(s.game, "eliminated");
	cr_expect_str_eq(event_log_get(&s.game->events, i, "rp"), "20");
	session_free(&s);
	/* SPQR's drill: its archers are worth 2 (11.1) */
	fx_session(&s, "new drill sandbox 1");
	struct unit *sk = NULL;
	for (int k = 0; k < s.game->nunits && !sk; k++)
		if (s.game->units[k].type == UT_SK)
			sk = &s.game->units[k];
	cr_assert_not_null(sk);
	cr_expect_eq(unit_rout_points(s.game, sk), 2);
	session_free(&s);
}

/* The battle file at path, for session_init. */
static struct battle *path_loader(void *user, const char *name,
				  struct ini_error *err)
{
	(void)name;
	return battle_load(user, err);
}

/* GBA 10.42: Alexander is worth 70; a battle gives a leader's figure of
 * its own with `rout_points`. */
Test(gba_rout, a_leader_worth_his_battle_s_figure_gba_10_42)
{
	char from[1024], path[] = "/tmp/maniple-gba-rp-XXXXXX";
	snprintf(from, sizeof from, "%s/scenarios/gba_drill.ini",
		 fx_srcdir());
	char *text = fx_slurp(from);
	int fd = mkstemp(path);
	cr_assert_geq(fd, 0);
	FILE *f = fdopen(fd, "w");
	cr_assert_not_null(f);
	/* the drill's map is named from the source tree */
	char *map = strstr(text, "map = maps/");
	char *at = strstr(text, "overall = yes");
	cr_assert(map && at && map < at);
	*at = '\0';
	fprintf(f, "%.*smap = %s/%s", (int)(map - text), text, fx_srcdir(),
		map + 6);
	fprintf(f, "rout_points = 70\noverall = yes%s", at + 13);
	fclose(f);
	free(text);
	struct session s;
	session_init(&s, path_loader, spqr_tables_loader, path, 1);
	s.rules_dir = MANIPLE_SRCDIR "/rules";
	fx_ok(&s, "new gba_drill sandbox 1");
	fx_ok(&s, "setup eliminate king");
	cr_expect_eq(s.game->rout_points[0], 70);
	fx_ok(&s, "setup eliminate hipparch");
	cr_expect_eq(s.game->rout_points[0], 85, "others by 5 x Initiative");
	session_free(&s);
	unlink(path);
}

/* ------------------------------------------------ GBA 10.2 Rout */

/* An empty clear field (tests/fixtures/map-clear.ini) under the tables of
 * rules/RULESET; side 0 retreats south, side 1 north. */
static struct game *field(const char *ruleset)
{
	struct game *g = fx_field();
	tables_free(g->tables);
	g->tables = load_rules(ruleset);
	snprintf(g->battle->sides[0].retreat_edge,
		 sizeof g->battle->sides[0].retreat_edge, "south");
	snprintf(g->battle->sides[1].retreat_edge,
		 sizeof g->battle->sides[1].retreat_edge, "north");
	return g;
}

static struct unit *put(struct game *g, const char *id, int side,
			enum unit_type t, const char *cls, const char *hex)
{
	struct unit *u = fx_unit(g, id, side, t, fx_hex(hex), FACE_NE, 5);
	snprintf(u->cls, sizeof u->cls, "%s", cls);
	return u;
}

static const char *field_of(const struct event *e, const char *k)
{
	const char *v = e ? event_get(e, k) : NULL;
	return v ? v : "";
}

/* GBA 9.34, 9.22: a skirmisher or a chariot that would rout is eliminated
 * (rout points: GBA 10.42); an SK* routs as other units do (GBA 9.34), the
 * two hexes of GBA 10.21. */
Test(gba_rout, skirmishers_and_chariots_eliminated_sk_star_routs_gba_9_34)
{
	struct game *g = field("gba");
	struct unit *sk = put(g, "sk", 0, UT_SK, "A", "3010");
	struct unit *ch = put(g, "ch", 0, UT_CH, "", "2510");
	struct unit *ag = put(g, "ag", 0, UT_SK, "SK*", "2210");
	rout_begin(g, (int)(sk - g->units), "10.14");
	rout_begin(g, (int)(ch - g->units), "10.14");
	cr_expect(sk->eliminated);
	cr_expect(ch->eliminated);
	cr_expect_eq(g->rout_points[0], 1 + 2,
		     "GBA 9.34, 9.22; GBA 10.42: SK 1, CH 2");
	cr_expect_eq(fx_count(g, 0, "rout_move"), 0);
	struct unit *ox = put(g, "ox", 0, UT_AT, "", "2810");
	rout_begin(g, (int)(ox - g->units), "10.14");
	cr_expect(ox->eliminated, "GBA 9.56: the routed oxybeles");
	cr_expect_eq(g->rout_points[0], 3, "GBA 10.42: worth 0");
	rout_begin(g, (int)(ag - g->units), "10.14");
	cr_expect_not(ag->eliminated, "GBA 9.31: the SK* routs");
	cr_expect(ag->routed);
	cr_expect_eq(fx_count(g, 0, "rout_move"), 2,
		     "GBA 10.21: its two hexes");
	cr_expect(hex_eq(ag->at.hex[0], fx_hex("2212")));
	game_free(g);
}

/* GBA 10.24: a friend the router moves through takes 1 hit, then a TQ
 * check (DR 9 against TQ 6: 3 more hits); SPQR 10.25 gives the hit
 * alone. */
Test(gba_rout, a_friend_passed_through_takes_a_hit_then_a_tq_check_gba_10_24)
{
	struct game *g = field("gba");
	struct unit *u = put(g, "a", 0, UT_MI, "", "3010");
	struct unit *f = put(g, "f", 0, UT_HI, "HO", "3011");
	cr_assert(dice_force(&g->dice, 9));
	rout_begin(g, (int)(u - g->units), "10.14");
	cr_expect(hex_eq(u->at.hex[0], fx_hex("3012")));
	cr_expect_eq(f->hits, 1 + 3, "GBA 10.24: 1 hit, then DR 9 - TQ 6");
	const struct event *e = fx_event(g, 0, "tq_check");
	cr_expect_str_eq(field_of(e, "unit"), "f");
	cr_expect_str_eq(field_of(e, "dr"), "9");
	cr_expect_str_eq(field_of(e, "hits"), "3");
	game_free(g);
	/* SPQR 10.25: the hit only, no die rolled */
	g = field("spqr");
	u = put(g, "a", 0, UT_MI, "", "3010");
	f = put(g, "f", 0, UT_HI, "HO", "3011");
	unsigned long rolls = g->dice.rolls;
	rout_begin(g, (int)(u - g->units), "10.14");
	cr_expect_eq(f->hits, 1);
	cr_expect_eq(g->dice.rolls, rolls);
	cr_expect_null(fx_event(g, 0, "tq_check"));
	game_free(g);
}

/* GBA 10.24: a friend the hit routs makes no check (its TQ is reached). */
Test(gba_rout, a_friend_routed_by_the_hit_makes_no_check_gba_10_24)
{
	struct game *g = field("gba");
	struct unit *u = put(g, "a", 0, UT_MI, "", "3010");
	struct unit *f = put(g, "f", 0, UT_HI, "HO", "3011");
	f->hits = 5; /* TQ 6: the hit routs it */
	unsigned long rolls = g->dice.rolls;
	rout_begin(g, (int)(u - g->units), "10.14");
	cr_expect(f->routed || f->eliminated);
	cr_expect_eq(g->dice.rolls, rolls, "no TQ check rolled");
	game_free(g);
}

/* GBA 10.25: a routed unit (TQ 1) that fails a TQ check is eliminated. */
Test(gba_rout, a_routed_unit_failing_a_tq_check_is_eliminated_gba_10_25)
{
	struct game *g = field("gba");
	struct unit *u = put(g, "a", 0, UT_MI, "", "3010");
	u->routed = true;
	cr_assert(dice_force(&g->dice, 1));
	tq_check(g, u, 0, "test", "10.11");
	cr_expect_not(u->eliminated, "DR 1 against TQ 1 passes");
	cr_assert(dice_force(&g->dice, 2));
	tq_check(g, u, 0, "test", "10.11");
	cr_expect(u->eliminated, "GBA 10.25: DR 2 fails TQ 1");
	game_free(g);
}

/* -------------------------------------------- GBA 10.14 Recovery */

/* GBA 10.14: two hits come off a unit in Clear terrain away from the
 * enemy, at most 2 a phase; none where enemy missiles not yet spent reach
 * and see it (SPQR 10.16: one). */
Test(gba_rout, recovery_none_within_enemy_missile_range_gba_10_14)
{
	const char *rules[] = {"gba", "spqr"};
	for (int k = 0; k < 2; k++) {
		struct game *g = field(rules[k]);
		struct unit *u = put(g, "a", 0, UT_MI, "", "3010");
		u->hits = 3;
		int ui = (int)(u - g->units), n = -1;
		struct rally_why w = {0};
		cr_expect(recovery_check(g, ui, &n, &w), "%s", w.text);
		cr_expect_eq(n, 2, "%s: 2 hits away from the enemy", rules[k]);
		recovery_do(g, ui);
		cr_expect_eq(u->hits, 1);
		cr_expect_not(recovery_check(g, ui, &n, &w),
			      "at most 2 a phase");
		rally_orders_phase_begin(g);
		u->hits = 3;
		/* archers three hexes off, facing it: in range and LOS */
		struct unit *a = put(g, "ar", 1, UT_SK, "A", "3310");
		a->at.facing = FACE_W;
		a->missile = MC_A;
		a->supply = SUPPLY_FULL;
		bool ok = recovery_check(g, ui, &n, &w);
		if (k == 0) {
			cr_expect_not(ok, "GBA 10.14: none in missile range");
			cr_expect_not_null(strstr(w.text, "no hits come off"),
					   "%s", w.text);
			recovery_do(g, ui);
			cr_expect_eq(u->hits, 3);
		} else {
			cr_expect(ok, "%s", w.text);
			cr_expect_eq(n, 1, "SPQR 10.16: one in missile range");
		}
		/* out of missiles: 2 again */
		a->supply = SUPPLY_NO;
		cr_expect(recovery_check(g, ui, &n, &w), "%s", w.text);
		cr_expect_eq(n, 2);
		game_free(g);
	}
}

/* ------------------------------------------------ GBA 10.27 Rally */

static struct game *rally_field(const char *ruleset, struct unit **u,
				int *li)
{
	struct game *g = field(ruleset);
	*u = put(g, "a", 0, UT_MI, "", "3010");
	(*u)->routed = true;
	(*u)->tq = 7;
	struct leader *l = fx_leader(g, "ld", 0, fx_hex("3010"));
	*li = (int)(l - g->leaders);
	return g;
}

/* GBA 10.27: a unit rallies in a hex costing it at most 1 MP to enter,
 * the elevation aside (a Clear hilltop: yes; Woods, 2 MP: no); SPQR 10.28
 * asks for Clear terrain, which a Clear hilltop is. */
Test(gba_rout, rally_ground_costs_at_most_one_mp_gba_10_27)
{
	struct unit *u;
	int li;
	struct rally_why w = {0};
	struct game *g = rally_field("gba", &u, &li);
	struct map_hex *mh = map_at_mut(g->battle->map, fx_hex("3010"));
	mh->elevation = 1;
	cr_expect(rally_check(g, (int)(u - g->units), li, -1, &w), "%s",
		  w.text);
	mh->terrain = TERRAIN_WOODS;
	cr_expect_not(rally_check(g, (int)(u - g->units), li, -1, &w));
	cr_expect_not_null(strstr(w.text, "more than 1 MP"), "%s", w.text);
	game_free(g);
	g = rally_field("spqr", &u, &li);
	mh = map_at_mut(g->battle->map, fx_hex("3010"));
	mh->terrain = TERRAIN_WOODS;
	cr_expect_not(rally_check(g, (int)(u - g->units), li, -1, &w));
	cr_expect_not_null(strstr(w.text, "not in Clear terrain"), "%s",
			   w.text);
	game_free(g);
}

/* GBA 10.27: a two-hex phalanx never rallies (SPQR's may). */
Test(gba_rout, a_two_hex_phalanx_never_rallies_gba_10_27)
{
	const char *rules[] = {"gba", "spqr"};
	for (int k = 0; k < 2; k++) {
		struct game *g = field(rules[k]);
		struct unit *p = put(g, "ph", 0, UT_PH, "", "3010");
		game_unit_set_hex(g, p, 1, fx_hex("3110"));
		cr_assert_null(footprint_check(&p->at));
		p->routed = true;
		struct leader *l = fx_leader(g, "ld", 0, fx_hex("3010"));
		struct rally_why w = {0};
		bool ok = rally_check(g, (int)(p - g->units),
				      (int)(l - g->leaders), -1, &w);
		if (k == 0) {
			cr_expect_not(ok);
			cr_expect_not_null(strstr(w.text, "never rallies"),
					   "%s", w.text);
		} else {
			cr_expect(ok, "SPQR: %s", w.text);
		}
		game_free(g);
	}
}

/* GBA 10.27 example: Initiative 4, printed TQ 7: DR 6 (above 4 + 1, not
 * above 7) rout-moves a medium infantry unit, but eliminates heavy
 * infantry; DR 8 eliminates either. */
Test(gba_rout, heavy_infantry_failing_a_rally_is_eliminated_gba_10_27)
{
	struct unit *u;
	int li;
	struct game *g = rally_field("gba", &u, &li);
	cr_assert(dice_force(&g->dice, 6));
	rally_attempt(g, (int)(u - g->units), li, -1);
	cr_expect_not(u->eliminated, "MI: a rout move");
	cr_expect_str_eq(field_of(fx_event(g, 0, "rally"), "result"),
			 "rout_move");
	game_free(g);
	g = rally_field("gba", &u, &li);
	u->type = UT_HI;
	struct odds o;
	cr_assert(rally_odds(g, (int)(u - g->units), li, &o));
	cr_expect_str_eq(o.out[o.face[6]].name, "eliminated",
			 "the odds say so too");
	cr_assert(dice_force(&g->dice, 6));
	rally_attempt(g, (int)(u - g->units), li, -1);
	cr_expect(u->eliminated, "GBA 10.27: HI failing is eliminated");
	cr_expect_str_eq(field_of(fx_event(g, 0, "rally"), "result"),
			 "eliminated");
	game_free(g);
	/* SPQR 10.28: HI rout-moves on a 6 as others do */
	g = rally_field("spqr", &u, &li);
	u->type = UT_HI;
	cr_assert(dice_force(&g->dice, 6));
	rally_attempt(g, (int)(u - g->units), li, -1);
	cr_expect_not(u->eliminated);
	game_free(g);
}

/* GBA 10.27 example, first case: DR 2 rallies; the Rally Table's DR 5 at
 * TQ 7 gives 2 hits; no Depletion. */
Test(gba_rout, example_rallied_with_two_hits_not_depleted_gba_10_27)
{
	struct unit *u;
	int li;
	struct game *g = rally_field("gba", &u, &li);
	cr_assert(dice_force(&g->dice, 2));
	cr_assert(dice_force(&g->dice, 5));
	rally_attempt(g, (int)(u - g->units), li, -1);
	cr_expect_not(u->routed);
	cr_expect(u->rallied);
	cr_expect_eq(u->hits, 2);
	cr_expect_not(u->depleted);
	game_free(g);
}

/* GBA 10.27: a Rally Table result of "R" leaves the unit routed and moves
 * it another 2 hexes (a natural 9 on the table, rulings R180); SPQR's
 * table reads 4 hits there for a printed TQ of 7. */
Test(gba_rout, rally_table_r_keeps_it_routing_two_more_hexes_gba_10_27)
{
	struct unit *u;
	int li;
	struct game *g = rally_field("gba", &u, &li);
	cr_expect_eq(tables_rally_hits(g->tables, 7, 9, false),
		     RALLY_KEEPS_ROUTING);
	cr_expect_eq(tables_rally_hits(g->tables, 4, 9, false),
		     RALLY_KEEPS_ROUTING, "the low line too");
	cr_expect_eq(tables_rally_hits(g->tables, 7, 8, false), 4);
	g->leaders[li].hex = fx_hex("3008"); /* not stacked: no GBA 10.28 ask */
	cr_assert(dice_force(&g->dice, 2));
	cr_assert(dice_force(&g->dice, 9));
	rally_attempt(g, (int)(u - g->units), li, FACE_NW);
	cr_expect(u->routed, "GBA 10.27: R, it keeps routing");
	cr_expect_not(u->rallied);
	cr_expect_not(u->eliminated);
	cr_expect(hex_eq(u->at.hex[0], fx_hex("3012")),
		  "two hexes toward the south edge");
	cr_expect_neq(u->at.facing, FACE_NW, "no rally refacing");
	const struct event *e = fx_event(g, 0, "rally_keeps_routing");
	cr_assert_not_null(e);
	cr_expect_str_eq(field_of(e, "dr"), "9");
	cr_expect_str_eq(field_of(e, "printed_tq"), "7");
	cr_expect_eq(fx_count(g, 0, "rallied"), 0);
	cr_expect_eq(fx_count(g, 0, "rout_move"), 2);
	game_free(g);
	g = rally_field("spqr", &u, &li);
	cr_assert(dice_force(&g->dice, 2));
	cr_assert(dice_force(&g->dice, 9));
	rally_attempt(g, (int)(u - g->units), li, -1);
	cr_expect_not(u->routed, "SPQR 10.29 has no R");
	cr_expect_eq(u->hits, 4);
	cr_expect_eq(fx_count(g, 0, "rally_keeps_routing"), 0);
	game_free(g);
}

/* GBA 10.27: a Rally Table cell is R or a number of hits; anything else
 * is refused at its line. */
Test(gba_rout, rally_table_cells_r_or_hits_gba_10_27)
{
	struct spqr_tables *t = changed_tables(
		"rally", (const char *const[]){"low  = 1 1 2 2 2 2 2 2 3 3",
					       "low  = R 1 2 2 2 2 2 2 3 3",
					       NULL});
	cr_expect_eq(tables_rally_hits(t, 3, 0, false), RALLY_KEEPS_ROUTING);
	cr_expect_eq(tables_rally_hits(t, 3, 1, false), 1);
	tables_free(t);
	struct ini_error err = {0};
	t = changed_tables_err(
		"rally",
		(const char *const[]){"low  = 1 1 2 2 2 2 2 2 3 3",
				      "low  = X 1 2 2 2 2 2 2 3 3", NULL},
		&err);
	cr_expect_null(t);
	tables_free(t);
	cr_expect_not_null(strstr(err.msg, "is not R or a number"), "%s",
			   err.msg);
	cr_expect_gt(err.line, 0);
}

/* ------------------------------------ GBA 10.43 Army Withdrawal */

/* GBA 10.43 (A19: "same or higher"): an army whose Rout Points reach its
 * Withdrawal Level withdraws at the end of the turn.  The drill's
 * Macedonians withdraw at 22: the phalanx 14, the hypaspists 7 and the
 * archers 1 (GBA 10.42) make 22 exactly; without the archers, 21, the
 * battle goes on. */
Test(gba_rout, army_withdraws_at_its_level_gba_10_43)
{
	for (int k = 0; k < 2; k++) {
		struct session s;
		fx_session(&s, "new gba_drill sandbox 1");
		fx_ok(&s, "setup eliminate ph1");
		fx_ok(&s, "setup eliminate hy1");
		if (k == 1)
			fx_ok(&s, "setup eliminate ar1");
		cr_expect_eq(s.game->rout_points[0], 21 + k);
		fx_ok(&s, "setup phase rout_reload");
		fx_ok(&s, "continue");
		size_t i = last_event(s.game, "withdrawal");
		cr_expect_str_eq(event_log_get(&s.game->events, i, "level"),
				 "20", "Persia's level, told last");
		if (k == 0) {
			cr_expect_neq(s.game->phase, PHASE_OVER,
				      "GBA 10.41: below its level it fights on");
			cr_expect_eq(s.game->turn, 2);
		} else {
			cr_expect_eq(s.game->phase, PHASE_OVER);
			cr_expect_eq(s.game->seq.result, RESULT_SIDE1,
				     "GBA 10.43: at its level Macedon "
				     "withdraws, Persia wins");
		}
		session_free(&s);
	}
}

/* --------------------- GBA 10.1, 10.2: the rules both books share */

/* GBA 10.1, 10.11, 10.13, 10.16 and GBA 10.2, 10.21: hits add up on the
 * unit; a failed TQ check gives the roll less the TQ; at its TQ the unit
 * routs two hexes toward its Retreat Edge, facing the way it goes. */
Test(gba_rout, hits_add_up_and_at_tq_the_unit_routs_two_hexes_gba_10_13)
{
	struct game *g = field("gba");
	struct unit *u = put(g, "a", 0, UT_MI, "", "3010");
	cohesion_hits(g, u, 2, "test", "10.12");
	cr_expect_eq(u->hits, 2, "GBA 10.11: the hits stay on the unit");
	cr_assert(dice_force(&g->dice, 9));
	cr_expect_eq(tq_check(g, u, 0, "test", "10.11"), 3,
		     "GBA 10.16: DR 9 against TQ 6");
	cr_expect_eq(u->hits, 5);
	cr_expect_not(u->routed);
	cohesion_hits(g, u, 1, "test", "10.12");
	cr_expect(u->routed, "GBA 10.13: hits at its TQ rout it");
	cr_expect(hex_eq(u->at.hex[0], fx_hex("3012")),
		  "GBA 10.21: two hexes toward the south edge");
	cr_expect_eq(fx_count(g, 0, "rout_move"), 2);
	game_free(g);
}

/* GBA 10.22, 10.23, 9.65: in the Rout Movement segment a routed unit
 * moves its full MA toward its edge; off the map it is eliminated and
 * counts its Rout Points; a routed two-hex phalanx is eliminated. */
Test(gba_rout, rout_movement_full_ma_off_the_map_eliminated_gba_10_22)
{
	struct game *g = field("gba");
	struct unit *u = put(g, "a", 0, UT_MI, "", "3010");
	u->routed = true;
	struct unit *o = put(g, "b", 0, UT_MI, "", "2528");
	o->routed = true;
	o->tq = 5;
	struct unit *p = put(g, "p", 1, UT_PH, "", "2010");
	game_unit_set_hex(g, p, 1, fx_hex("2110"));
	p->routed = true;
	p->tq = 7;
	cr_assert(rout_movement_segment(g));
	cr_expect(hex_eq(u->at.hex[0], fx_hex("3015")),
		  "GBA 10.22: its MA of 5");
	cr_expect(o->eliminated, "GBA 10.23: off the map");
	cr_expect(p->eliminated, "GBA 9.65: a routed phalanx");
	cr_expect_eq(g->rout_points[0], 5, "GBA 10.23: it counts its TQ");
	cr_expect_eq(g->rout_points[1], 14);
	game_free(g);
}

/* GBA 10.28: a leader stacked with a router may go with it. */
Test(gba_rout, a_leader_may_rout_move_with_his_unit_gba_10_28)
{
	struct game *g = field("gba");
	struct unit *u = put(g, "a", 0, UT_MI, "", "3010");
	struct leader *l = fx_leader(g, "ld", 0, fx_hex("3010"));
	rout_begin(g, (int)(u - g->units), "10.14");
	cr_assert(rout_pending(g), "GBA 10.28: the owner chooses");
	struct decision_answer a[4];
	cr_assert_eq(rout_legal(g, a, 4), 2);
	cr_expect_str_eq(a[0].line, "rout with ld");
	struct session s;
	memset(&s, 0, sizeof s);
	s.game = g;
	struct cmd_tokens t;
	char err[64];
	cr_assert_eq(cmd_tokenize("rout with ld", &t, err, sizeof err), 0);
	struct cmd_result r;
	cmd_result_init(&r);
	cmd_rout(&s, t.argc, t.argv, &r);
	cr_expect_eq(r.status, CMD_OK);
	cmd_result_free(&r);
	cr_expect(hex_eq(u->at.hex[0], fx_hex("3012")));
	cr_expect(hex_eq(l->hex, fx_hex("3012")), "he went with it");
	game_free(g);
}

/* GBA 10.44: both armies at or over their levels at once: the fewer Rout
 * Points above its level wins, the same is a draw.  The drill: Macedon
 * 22 (level 22), Persia 20 (level 20) then 25. */
Test(gba_rout, both_armies_over_their_levels_gba_10_44)
{
	for (int k = 0; k < 2; k++) {
		struct session s;
		fx_session(&s, "new gba_drill sandbox 1");
		const char *gone[] = {"ph1", "hy1", "ar1", "hi1",
				      "hc2", "lc1", "ar2", "ca1"};
		for (int i = 0; i < 7 + k; i++) {
			char line[64];
			snprintf(line, sizeof line, "setup eliminate %s",
				 gone[i]);
			fx_ok(&s, line);
		}
		cr_expect_eq(s.game->rout_points[0], 22);
		cr_expect_eq(s.game->rout_points[1], k ? 25 : 20);
		fx_ok(&s, "setup phase rout_reload");
		fx_ok(&s, "continue");
		cr_expect_eq(s.game->phase, PHASE_OVER);
		cr_expect_eq(s.game->seq.result,
			     k ? RESULT_SIDE0 : RESULT_DRAW,
			     "GBA 10.44: excess 0 and %d", k ? 5 : 0);
		session_free(&s);
	}
}

/* ---------------------- GBA 10.12, 10.15, 10.26: hits in shock combat */

/* One combat of g's shock segment, attackers a[] on defenders d[]
 * (NULL-terminated), the first of each its clash pair, at step `step`. */
static int gba_combat(struct game *g, struct unit *const *a,
		      struct unit *const *d, int step)
{
	int ci = shock_add_combat(g);
	cr_assert_geq(ci, 0);
	struct shock_combat *c = &g->shock.c[ci];
	for (; *a; a++) {
		c->att_at[c->natt] = (*a)->at;
		c->att[c->natt++] = (uint8_t)((*a) - g->units);
	}
	for (; *d; d++) {
		c->def_at[c->ndef] = (*d)->at;
		c->def[c->ndef++] = (uint8_t)((*d) - g->units);
	}
	c->clash_att = c->clash_def = 0;
	c->side = ZONE_FRONT;
	struct shock_state *s = &g->shock;
	s->step = step;
	s->attacker = g->units[c->att[0]].side;
	s->batch_begin = 0;
	s->batch_end = s->ncombats;
	s->cursor = 0;
	s->sub = 0;
	return ci;
}

/* The hits of the shock_hits event of unit id from event from on. */
static int shock_hits_of(const struct game *g, size_t from, const char *id,
			 const char **extra)
{
	for (size_t i = from; i < g->events.n; i++) {
		const struct event *e = logged_event(&g->events, i);
		if (strcmp(event_log_kind(&g->events, i), "shock_hits") ||
		    strcmp(field_of(e, "unit"), id))
			continue;
		if (extra)
			*extra = field_of(e, "extra");
		return atoi(field_of(e, "hits"));
	}
	return -1;
}

/* GBA 10.12: a side's hits are shared as evenly as they go; an odd one
 * goes to the unit that gave the side its Superiority (or, with none, its
 * CRT column); what is still over is its owner's to place. */
Test(gba_rout, shock_hits_shared_out_gba_10_12)
{
	struct game *g = field("gba");
	struct unit *a1 = put(g, "a1", 1, UT_MI, "", "3008");
	struct unit *a2 = put(g, "a2", 1, UT_MI, "", "3108");
	struct unit *d1 = put(g, "d1", 0, UT_MI, "", "3009");
	struct unit *d2 = put(g, "d2", 0, UT_MI, "", "3109");
	struct unit *d3 = put(g, "d3", 0, UT_MI, "", "3209");
	a1->at.facing = a2->at.facing = FACE_SE;
	int ci = gba_combat(g, (struct unit *[]){a2, a1, NULL},
			    (struct unit *[]){d2, d1, NULL}, SHS_RESOLVE);
	struct shock_combat *c = &g->shock.c[ci];
	c->resolved = true;
	c->superiority = SUP_AS;
	c->att_hits = 3;
	c->def_hits = 5;
	size_t from = g->events.n;
	cr_assert(shock_step_resolve(g));
	const char *why = "";
	cr_expect_eq(shock_hits_of(g, from, "a2", &why), 2);
	cr_expect_str_eq(why, "superiority", "the clash unit's odd hit");
	cr_expect_eq(shock_hits_of(g, from, "a1", NULL), 1);
	cr_expect_eq(a2->hits, 2);
	cr_expect_eq(a1->hits, 1);
	cr_expect_eq(shock_hits_of(g, from, "d2", &why), 3);
	cr_expect_eq(shock_hits_of(g, from, "d1", NULL), 2);
	game_free(g);

	/* three defenders, 5 hits, no Superiority: 1 each, the column's
	 * unit one more, the last one the owner's choice */
	g = field("gba");
	a1 = put(g, "a1", 1, UT_MI, "", "3008");
	d1 = put(g, "d1", 0, UT_MI, "", "3009");
	d2 = put(g, "d2", 0, UT_MI, "", "3109");
	d3 = put(g, "d3", 0, UT_MI, "", "2909");
	ci = gba_combat(g, (struct unit *[]){a1, NULL},
			(struct unit *[]){d2, d1, d3, NULL}, SHS_RESOLVE);
	c = &g->shock.c[ci];
	c->resolved = true;
	c->superiority = SUP_NONE;
	c->att_hits = 0;
	c->def_hits = 5;
	cr_expect_not(shock_step_resolve(g), "the owner places one");
	cr_expect_eq(g->shock.ask, SHA_HITS);
	cr_expect_eq(g->shock.ask_side, 0, "the defender's owner");
	game_free(g);
}

/* GBA 10.15: hits do not make a unit weaker in combat: the CRT column
 * and the Superiority of a combat are the same at 0 hits and at 5. */
Test(gba_rout, hits_do_not_weaken_combat_strength_gba_10_15)
{
	int col[2], sup[2];
	for (int k = 0; k < 2; k++) {
		struct game *g = field("gba");
		struct unit *a = put(g, "a", 1, UT_HI, "", "3008");
		struct unit *d = put(g, "d", 0, UT_LI, "", "3009");
		a->at.facing = FACE_SE;
		a->hits = d->hits = k ? 5 : 0;
		int ci = gba_combat(g, (struct unit *[]){a, NULL},
				    (struct unit *[]){d, NULL}, SHS_RESOLVE);
		cr_assert(shock_combat_terms(g, ci, &col[k], &sup[k]));
		game_free(g);
	}
	cr_expect_eq(col[0], col[1]);
	cr_expect_eq(sup[0], sup[1]);
}

/* GBA 10.26 examples 1 and 2: a Macedonian phalanx (TQ 7, 5 hits) attacks
 * Greek mercenary hoplites (TQ 6, 4 hits) and both would rout.  3(2): 8
 * hits (1 over) against 6 (0 over): the phalanx routs, the hoplites stay
 * with 5.  2(2): 7 and 6, both 0 over: the defender routs, the phalanx
 * keeps 6. */
Test(gba_rout, everyone_would_rout_examples_1_and_2_gba_10_26)
{
	const int att_hits[2] = {8, 7}, loser[2] = {0, 1};
	for (int k = 0; k < 2; k++) {
		struct game *g = field("gba");
		struct unit *ph = put(g, "ph", 1, UT_PH, "", "3008");
		game_unit_set_hex(g, ph, 1, fx_hex("3108"));
		ph->tq = 7;
		ph->hits = att_hits[k];
		struct unit *ho = put(g, "ho", 0, UT_HI, "HO", "3009");
		ho->tq = 6;
		ho->hits = 6;
		int ci = gba_combat(g, (struct unit *[]){ph, NULL},
				    (struct unit *[]){ho, NULL},
				    SHS_COLLAPSE);
		int none[SHOCK_UNITS_MAX] = {0};
		cr_expect_eq(shock_all_rout_side(g, ci, none), loser[k]);
		cr_expect_eq(shock_all_rout_apply(g, ci, none, "8.38"),
			     loser[k]);
		cr_expect_eq(ho->hits, k ? 6 : 5, "example %d", k + 1);
		cr_expect_eq(ph->hits, k ? 6 : 8, "example %d", k + 1);
		game_free(g);
	}
}

/* GBA 10.26 [1]: the hits the attacker would take advancing count: a
 * tie on the hits becomes the attacker's rout when the defender's hex
 * is Woods (1 hit to the heavy infantry entering it). */
Test(gba_rout, everyone_would_rout_counts_the_advance_hits_gba_10_26)
{
	for (int k = 0; k < 2; k++) {
		struct game *g = field("gba");
		struct unit *a = put(g, "a", 1, UT_HI, "", "3008");
		a->at.facing = FACE_SE;
		a->tq = a->hits = 6;
		struct unit *d = put(g, "d", 0, UT_MI, "", "3009");
		d->tq = d->hits = 5;
		if (k)
			fx_terrain(g, fx_hex("3009"), TERRAIN_WOODS);
		int ci = gba_combat(g, (struct unit *[]){a, NULL},
				    (struct unit *[]){d, NULL},
				    SHS_COLLAPSE);
		cr_expect_eq(shock_all_rout(g, ci, "8.38"), k ? 0 : 1,
			     "%s", k ? "woods: 7 against 6" : "clear: a tie");
		cr_expect_eq(k ? d->hits : a->hits, k ? 4 : 5,
			     "the other side at its TQ - 1");
		game_free(g);
	}
}

/* GBA 10.26 [4], example 3: a hypaspist (TQ 8, 6 hits) joins the
 * phalanx: one attacker stays under its TQ, so there is no all-rout
 * procedure: the hoplites and the phalanx, at their TQs, rout (the
 * phalanx failing its stand, GBA 9.65); the hypaspist does not. */
Test(gba_rout, everyone_would_rout_only_when_all_would_gba_10_26)
{
	struct game *g = field("gba");
	struct unit *ph = put(g, "ph", 1, UT_PH, "", "3007");
	game_unit_set_hex(g, ph, 1, fx_hex("3008"));
	ph->at.facing = FACE_SE;
	ph->tq = 7;
	ph->hits = 8;
	struct unit *hy = put(g, "hy", 1, UT_HI, "", "2908");
	hy->tq = 8;
	hy->hits = 6;
	struct unit *ho = put(g, "ho", 0, UT_HI, "HO", "3009");
	ho->tq = 6;
	ho->hits = 6;
	int ci = gba_combat(g, (struct unit *[]){ph, hy, NULL},
			    (struct unit *[]){ho, NULL}, SHS_COLLAPSE);
	g->shock.c[ci].resolved = true;
	for (int k = 0; k < 4; k++)
		cr_assert(dice_force(&g->dice, 9));
	for (int guard = 0; guard < 20 && !shock_step_collapse(g); guard++) {
		struct decision_answer ans[16];
		cr_assert(rout_pending(g), "only rout moves are asked");
		cr_assert_gt(rout_legal(g, ans, 16), 0);
		struct session s;
		memset(&s, 0, sizeof s);
		s.game = g;
		struct cmd_tokens t;
		char err[64];
		cr_assert_eq(cmd_tokenize(ans[0].line, &t, err, sizeof err), 0);
		struct cmd_result r;
		cmd_result_init(&r);
		cmd_rout(&s, t.argc, t.argv, &r);
		cmd_result_free(&r);
	}
	cr_expect_not(g->shock.c[ci].all_rout);
	cr_expect_eq(fx_count(g, 0, "all_rout"), 0);
	cr_expect(ho->routed || ho->eliminated);
	cr_expect(ph->routed || ph->eliminated);
	cr_expect_not(hy->routed);
	cr_expect_not(hy->eliminated);
	cr_expect_eq(hy->hits, 6);
	game_free(g);
}

/* ----------------------------------- GBA 8.39, 10.3 Cavalry Pursuit */

/* GBA 10.3 (play note), GBA 8.39: pursuit goes with the optional Charge
 * Formation, which maniple does not have: cavalry that routed its
 * defender advances after combat with no pursuit roll; SPQR 8.62 rolls
 * for it. */
Test(gba_rout, no_cavalry_pursuit_without_charge_formation_gba_10_3)
{
	const char *rules[] = {"gba", "spqr"};
	for (int k = 0; k < 2; k++) {
		struct game *g = field(rules[k]);
		struct unit *hc = put(g, "hc", 1, UT_HC, "", "3008");
		hc->at.facing = FACE_SE;
		hc->tq = 7;
		struct unit *d = put(g, "d", 0, UT_MI, "", "3009");
		int ci = gba_combat(g, (struct unit *[]){hc, NULL},
				    (struct unit *[]){d, NULL}, SHS_ADVANCE);
		struct shock_combat *c = &g->shock.c[ci];
		c->resolved = true;
		c->must_check = c->att_moved = true;
		d->hits = d->tq;
		shock_rout_unit(g, ci, (int)(d - g->units), "8.38");
		cr_assert(d->routed);
		size_t from = g->events.n;
		cr_assert(dice_force(&g->dice, 9));
		bool done = true;
		pursuit_after_combat(g, ci, &done);
		const struct event *none = fx_event(g, from, "pursuit_none");
		if (k == 0) {
			cr_expect_not(done, "it advances after combat");
			cr_assert_not_null(none);
			cr_expect_str_eq(field_of(none, "why"),
					 "charge_formation_not_in_use");
			cr_expect_str_eq(field_of(none, "rule"), "10.3");
			cr_expect_eq(fx_count(g, from, "roll"), 0);
			cr_expect(hex_eq(hc->at.hex[0], fx_hex("3008")));
		} else {
			cr_expect_null(none);
			cr_expect_eq(fx_count(g, from, "pursuit_check"), 1,
				     "SPQR 8.62 rolls");
		}
		game_free(g);
	}
}
