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
#include "maniple/tables.h"

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
 * own (GBA 9.31: it may shock, and it routs instead of being eliminated,
 * GBA 10.21). */
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
	/* GBA 10.21: other skirmishers, oxybeles and chariots are
	 * eliminated when they would rout */
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

/* SPQR's types keep their traits: no SK*, a skirmisher routs (2.22). */
Test(gba_rout, spqr_types_keep_their_traits_2_22)
{
	struct spqr_tables *t = load_rules("spqr");
	cr_expect_eq(tables_class_type(t, "SK*"), -1);
	cr_expect_not(tables_unit_has(t, UT_SK, "A", TRAIT_ROUT_ELIMINATES));
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
