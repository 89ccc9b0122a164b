/* Battle files: the fixtures load with every field, every kind of bad file
 * is refused at its line, and every shipped battle under scenarios/ loads. */
#include <criterion/criterion.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "maniple/battle.h"
#include "bad_file.h"
#include "changed_tables.h"

static const char *srcdir(void)
{
	const char *d = getenv("MANIPLE_SRCDIR");
	return d && *d ? d : MANIPLE_SRCDIR;
}

static struct battle *load_fixture(const char *name)
{
	char path[512];
	snprintf(path, sizeof path, "%s/tests/fixtures/%s", srcdir(), name);
	struct ini_error err = {0};
	struct battle *b = battle_load(path, &err);
	char buf[1024];
	ini_error_format(&err, buf, sizeof buf);
	cr_assert_not_null(b, "%s", buf);
	return b;
}

static struct hex H(int n)
{
	return (struct hex){n / 100, n % 100};
}

static const struct unit *unit(const struct battle *b, const char *id)
{
	for (int i = 0; i < b->nunits; i++)
		if (strcmp(b->units[i].id, id) == 0)
			return &b->units[i];
	cr_assert_fail("no unit %s", id);
	return NULL;
}

static const struct leader *leader(const struct battle *b, const char *id)
{
	for (int i = 0; i < b->nleaders; i++)
		if (strcmp(b->leaders[i].id, id) == 0)
			return &b->leaders[i];
	cr_assert_fail("no leader %s", id);
	return NULL;
}

/* 6.21, 6.22 the uphill fixture: HI in 2322 with its map. */
Test(battle, uphill_fixture_6_21)
{
	struct battle *b = load_fixture("battle-uphill.ini");
	cr_expect_str_eq(b->id, "battle-uphill");
	cr_expect_str_eq(b->name, "Uphill fixture");
	cr_expect_str_eq(b->ruleset, "spqr");
	cr_assert_not_null(b->map);
	cr_expect_eq(map_at(b->map, H(2523))->elevation, 2);
	cr_expect_eq(b->nunits, 3);
	const struct unit *hi = unit(b, "hi");
	cr_expect_eq(hi->type, UT_HI);
	cr_expect(hex_eq(hi->at.hex[0], H(2322)));
	cr_expect(hex_is_none(hi->at.hex[1]));
	cr_expect_eq(hi->at.facing, FACE_SE);
	cr_expect(hi->on_map);
	cr_expect_eq(unit(b, "mi")->type, UT_MI);
	cr_expect_eq(unit(b, "li")->side, 1);
	cr_expect_eq(unit(b, "li")->missile, MC_J);
	battle_free(b);
}

Test(battle, features_battle_and_rules_in_force)
{
	struct battle *b = load_fixture("battle-features.ini");
	cr_expect_str_eq(b->name, "Features fixture");
	cr_expect_eq(b->year, -255);
	cr_expect_str_eq(b->map_path, "fixtures/map-features.ini");
	cr_expect_eq(b->turn_limit, 12); /* RULINGS R4 */
	cr_expect_str_eq(b->note, "First line of the note, joined to the "
				  "second.\nA new paragraph.");
	cr_expect(b->triarii_doctrine); /* 9.7 */
	cr_expect(!b->no_pursuit);	/* 8.6 */
	cr_expect(b->engaged_rule);	/* 10.4 */
	cr_expect(!b->elephant_command); /* 4.9 */
	cr_assert_eq(b->noptions, 3);
	cr_expect_str_eq(b->options[0], "early_dawn");
	cr_expect_str_eq(b->options[1], "fog");
	cr_expect_str_eq(b->options[2], "mud");
	cr_expect_str_eq(b->sides[0].id, "rome");
	cr_expect_str_eq(b->sides[0].colour, "red");
	cr_expect_str_eq(b->sides[0].retreat_edge, "roman");
	cr_expect_eq(b->sides[0].withdrawal_level, 60); /* 11.2 */
	cr_expect_str_eq(b->sides[1].name, "Carthage");
	cr_expect_eq(b->sides[1].withdrawal_level, 55);
	battle_free(b);
}

Test(battle, features_leaders_4_1)
{
	struct battle *b = load_fixture("battle-features.ini");
	cr_expect_eq(b->nleaders, 6);
	const struct leader *c = leader(b, "consul");
	cr_expect_str_eq(c->name, "M. Atilius Regulus");
	cr_expect_eq(c->side, 0);
	cr_expect_eq(c->kind, LK_GENERAL);
	cr_expect(hex_eq(c->hex, H(1512)));
	cr_expect(c->on_map);
	cr_expect_eq(c->initiative, 5);
	cr_expect_eq(c->command_range, 4);
	cr_expect_eq(c->line_command, 1);
	cr_expect_eq(c->strategy, 3);
	cr_expect_eq(c->charisma, 1);
	cr_expect(c->elite);	/* 5.5 */
	cr_expect(c->overall);	/* 4.4 */
	cr_expect(c->available);
	cr_expect_eq(leader(b, "trib")->kind, LK_TRIBUNE);
	cr_expect(!leader(b, "trib")->overall);
	const struct leader *r = leader(b, "spare");
	cr_expect_eq(r->kind, LK_REPLACEMENT);
	cr_expect(!r->available);
	cr_expect(!r->on_map);
	cr_expect(hex_is_none(r->hex));
	const struct leader *h = leader(b, "horse"); /* 4.35 */
	cr_expect_eq(h->kind, LK_PRAEFECT_EQUITUM);
	cr_expect_str_eq(h->restriction, "type:LC class:VE line:elephants nc1");
	cr_expect(!h->on_map, "a reinforcement");
	cr_expect_eq(leader(b, "eleph")->kind, LK_ELEPHANT);
	cr_expect_eq(leader(b, "xanth")->line_command, 2);
	battle_free(b);
}

Test(battle, features_units_2_2)
{
	struct battle *b = load_fixture("battle-features.ini");
	cr_expect_eq(b->nunits, 10);
	const struct unit *ha = unit(b, "ha1");
	cr_expect_eq(ha->type, UT_LG);
	cr_expect_str_eq(ha->cls, "HA");
	cr_expect_eq(ha->size, 4);
	cr_expect_eq(ha->tq, 6);
	cr_expect_eq(ha->ma, 5);
	cr_expect_eq(ha->ma_ext, 0);
	cr_expect_eq(ha->missile, MC_J);
	cr_expect_eq(ha->supply, SUPPLY_LOW);
	cr_expect_eq(ha->legion, 1);
	cr_expect(!ha->ala);
	/* 6.63 a Roman stack: hastati and principes in 1512 */
	const struct unit *pr = unit(b, "pr1");
	cr_expect(hex_eq(pr->at.hex[0], H(1512)));
	cr_expect_eq(pr->hits, 1);
	cr_expect(pr->depleted); /* 10.3 */
	const struct unit *ve = unit(b, "ve1");
	cr_expect(ve->ala);
	cr_expect_eq(ve->legion, 1);
	cr_expect(ve->at.in_column); /* 6.73 facing a hexside */
	cr_expect_eq(ve->at.facing, SIDE_N);
	const struct unit *sc = unit(b, "sc1"); /* 9.8 */
	cr_expect_eq(sc->type, UT_AT);
	cr_expect_eq(sc->missile, MC_B);
	cr_expect(sc->scorpio_fire);
	const struct unit *rc = unit(b, "rc1");
	cr_expect(!rc->on_map);
	cr_expect(rc->routed);
	cr_expect_eq(rc->hits, 2);
	battle_free(b);
}

/* 6.41 a phalanx's 4/5; two hexes and a perpendicular facing (HEX.md). */
Test(battle, features_phalanx_two_hexes_6_41)
{
	struct battle *b = load_fixture("battle-features.ini");
	const struct unit *ph = unit(b, "ph1");
	cr_expect_eq(ph->type, UT_PH);
	cr_expect_eq(ph->ma, 4);
	cr_expect_eq(ph->ma_ext, 5);
	cr_expect(footprint_two_hex(&ph->at));
	cr_expect(hex_eq(ph->at.hex[0], H(1308)));
	cr_expect(hex_eq(ph->at.hex[1], H(1408)));
	cr_expect_eq(ph->at.facing, FACE_SE);
	cr_expect(!ph->at.in_column);
	cr_expect(ph->dd_eligible); /* 9.5 */
	cr_expect_eq(ph->side, 1);
	battle_free(b);
}

/* 9.12, 9.13 elephants; 4.85 a leader elephant stacked with infantry. */
Test(battle, features_elephants_9_1_and_4_85)
{
	struct battle *b = load_fixture("battle-features.ini");
	const struct unit *e1 = unit(b, "el1");
	cr_expect_eq(e1->elephant, ELEPHANT_AFRICAN);
	cr_expect_eq(e1->tower, MC_NONE);
	cr_expect_eq(e1->screen, MC_ES);
	cr_expect_eq(e1->screen_supply, SUPPLY_LOW);
	cr_expect_str_eq(e1->leader_elephant, "");
	const struct unit *e2 = unit(b, "el2");
	cr_expect_eq(e2->elephant, ELEPHANT_INDIAN);
	cr_expect_eq(e2->tower, MC_MJ);
	cr_expect_eq(e2->tower_supply, SUPPLY_FULL);
	cr_expect_eq(e2->screen, MC_NONE);
	cr_expect_str_eq(e2->leader_elephant, "eleph");
	cr_expect(hex_eq(e2->at.hex[0], unit(b, "mi1")->at.hex[0]));
	cr_expect(hex_eq(e2->at.hex[0], leader(b, "eleph")->hex));
	battle_free(b);
}

/* 4.3, 4.32 the Line Command Eligibility chart. */
Test(battle, features_lines_4_32)
{
	struct battle *b = load_fixture("battle-features.ini");
	cr_assert_eq(b->nlines, 2);
	const struct line_def *l = &b->lines[0];
	cr_expect_str_eq(l->name, "hastati");
	cr_expect_eq(l->side, 0);
	cr_assert_eq(l->nmembers, 3);
	cr_expect_str_eq(l->members[0], "ha1");
	cr_expect_str_eq(l->members[1], "pr1");
	cr_expect_str_eq(l->members[2], "class:VE");
	cr_expect_eq(l->spacing, 2);
	cr_expect(!l->no_mixed_cavalry);
	cr_expect_str_eq(l->note, "Hastati with the principes behind");
	const struct line_def *e = &b->lines[1];
	cr_expect_eq(e->side, 1);
	cr_expect_eq(e->spacing, 3);
	cr_expect(e->no_mixed_cavalry);
	cr_expect_str_eq(e->members[0], "type:EL");
	battle_free(b);
}

Test(battle, features_reinforcements)
{
	struct battle *b = load_fixture("battle-features.ini");
	cr_assert_eq(b->nreinf, 3);
	cr_expect_str_eq(b->reinf[0].unit, "rc1");
	cr_expect_eq(b->reinf[0].turn, 2);
	cr_expect_str_eq(b->reinf[0].edge, "roman");
	cr_expect_str_eq(b->reinf[2].unit, "horse");
	cr_expect_str_eq(b->reinf[2].edge, "flank");
	battle_free(b);
}

/* The tables of rules/spqr as shipped (no line changed). */
static struct spqr_tables *shipped_tables(void)
{
	return changed_tables("unit_types", (const char *const[]){NULL});
}

/* Refused by battle_load, or by battle_check_traits with the shipped
 * unit types' traits (what a game of it runs once its tables load). */
static void expect_refused(const char *p, const char *at_file)
{
	struct ini_error err = {0};
	struct battle *b = battle_load(p, &err);
	if (b) {
		struct spqr_tables *t = shipped_tables();
		cr_expect_neq(battle_check_traits(b, t, &err), 0,
			      "%s was accepted", p);
		tables_free(t);
	}
	battle_free(b);
	expect_marked_refusal(p, at_file, &err);
}

/* What battle_check_traits says of tests/fixtures/NAME with the tables
 * whose unit_types.ini has the line from read as to ("" when accepted). */
static const char *traits_verdict(const char *name, const char *from,
				  const char *to, char *why, size_t n)
{
	struct battle *b = load_fixture(name);
	struct spqr_tables *t = changed_tables(
		"unit_types", (const char *const[]){from, to, NULL});
	struct ini_error err = {0};
	int rc = battle_check_traits(b, t, &err);
	snprintf(why, n, "%s", rc ? err.msg : "");
	cr_expect_eq(rc != 0, why[0] != '\0');
	tables_free(t);
	battle_free(b);
	return why;
}

/* 6.4, 2.21, 6.41: which type takes two hexes and a 4/5 movement
 * allowance is the phalanx trait of unit_types.ini: the features
 * fixture loads with the shipped data; with PH's trait taken away its
 * phalanx (4/5, two hexes) is refused; given to MI, its medium infantry
 * on one hex is. */
Test(battle, phalanx_trait_from_unit_types_ini_6_4_2_21_6_41)
{
	char why[600];
	struct battle *b = load_fixture("battle-features.ini");
	struct spqr_tables *t = shipped_tables();
	struct ini_error err = {0};
	cr_expect_eq(battle_check_traits(b, t, &err), 0, "%s", err.msg);
	tables_free(t);
	battle_free(b);
	cr_expect_not_null(
		strstr(traits_verdict("battle-features.ini",
				      "traits = infantry phalanx heavy_foot",
				      "traits = infantry heavy_foot", why,
				      sizeof why),
		       "only a phalanx has a 4/5 movement allowance (6.41)"),
		"%s", why);
	cr_expect_not_null(
		strstr(traits_verdict("battle-features.ini",
				      "traits = infantry heavy_foot",
				      "traits = infantry phalanx heavy_foot",
				      why, sizeof why),
		       "a phalanx occupies two hexes (2.21)"),
		"%s", why);
}

/* 9.8: a bolt (missile B) and the scorpio key belong to the types with the
 * scorpio trait: AT without it, the fixture's scorpio is refused. */
Test(battle, scorpio_trait_from_unit_types_ini_9_8)
{
	char why[600];
	cr_expect_not_null(
		strstr(traits_verdict("battle-features.ini",
				      "traits = scorpio rout_eliminates",
				      "traits = rout_eliminates", why,
				      sizeof why),
		       "missile B (bolt) is for a scorpio only"),
		"%s", why);
}

/* 9.1, 9.13: the elephant keys (tower, screen, rider) belong to the types
 * with the elephant trait: EL without it, the fixture's elephant with a
 * tower is refused. */
Test(battle, elephant_trait_from_unit_types_ini_9_1)
{
	char why[600];
	cr_expect_not_null(
		strstr(traits_verdict("battle-features.ini",
				      "traits = elephant", "traits =", why,
				      sizeof why),
		       "is for elephants (type EL) only"),
		"%s", why);
}

/* 4.85: a leader elephant may not stack with cavalry, the types with the
 * cavalry trait: MI given it, the fixture's leader elephant stacked with
 * medium infantry is refused. */
Test(battle, cavalry_trait_from_unit_types_ini_4_85)
{
	char why[600];
	cr_expect_not_null(
		strstr(traits_verdict("battle-features.ini",
				      "traits = infantry heavy_foot",
				      "traits = infantry heavy_foot cavalry",
				      why, sizeof why),
		       "a leader elephant may not stack with cavalry (4.85)"),
		"%s", why);
}

/* 2.22: the class codes and the type each belongs to are unit_types.ini's
 * classes: the features fixture's hastati (class HA, type LG) load with
 * the shipped data; with HA listed under HI instead they are refused as
 * of another type, and with HA listed nowhere the code is unknown. */
Test(battle, classes_from_unit_types_ini_2_22)
{
	char why[600];
	struct spqr_tables *t = shipped_tables();
	cr_expect_eq(tables_class_type(t, "HA"), UT_LG);
	cr_expect_eq(tables_class_type(t, "TR"), UT_HI);
	cr_expect_eq(tables_class_type(t, "VE"), UT_LI);
	cr_expect_eq(tables_class_type(t, "BS"), UT_SK);
	cr_expect_eq(tables_class_type(t, "ZZ"), -1);
	cr_expect_eq(tables_class_type(NULL, "HA"), -1);
	char codes[128];
	tables_class_codes(t, codes, sizeof codes);
	cr_expect_str_eq(codes, "TR HO HA PR CO VE A S BS"); /* the file's order */
	tables_free(t);
	cr_expect_not_null(
		strstr(traits_verdict("battle-features.ini",
				      "classes = HA PR CO", "classes = PR CO",
				      why, sizeof why),
		       "unknown unit class \"HA\" (TR HO PR CO VE A S BS)"),
		"%s", why);
	/* the tables name the change's line: HA moved to HI */
	struct battle *b = load_fixture("battle-features.ini");
	t = changed_tables("unit_types",
			   (const char *const[]){"classes = HA PR CO",
						 "classes = PR CO",
						 "classes = TR HO",
						 "classes = TR HO HA", NULL});
	struct ini_error err = {0};
	cr_expect_neq(battle_check_traits(b, t, &err), 0);
	cr_expect_not_null(strstr(err.msg, "class HA belongs to type HI, "
					   "not LG (2.22)"),
			   "%s", err.msg);
	tables_free(t);
	battle_free(b);
}

/* unit_types.ini's classes are checked as they load: a code of other
 * letters, or one listed under two types, is refused with its line. */
Test(battle, classes_in_unit_types_ini_checked_2_22)
{
	const char *bad[][2] = {
		{"classes = HA PR CO", "classes = HA pr CO"},
		{"classes = HA PR CO", "classes = HA PRXY CO"},
		{"classes = TR HO", "classes = TR HO HA"},
	};
	const char *want[] = {"is not one to three capital letters",
			      "is not one to three capital letters",
			      "class HA is listed twice"};
	for (int i = 0; i < 3; i++) {
		struct ini_error err = {0};
		struct spqr_tables *t = changed_tables_err(
			"unit_types",
			(const char *const[]){bad[i][0], bad[i][1], NULL},
			&err);
		cr_expect_null(t, "%s accepted", bad[i][1]);
		tables_free(t);
		cr_expect_not_null(strstr(err.msg, want[i]), "%s", err.msg);
		cr_expect_gt(err.line, 0);
		cr_expect_not_null(strstr(err.file, "unit_types.ini"), "%s",
				   err.file);
	}
}

/* Every tests/bad/battle-*.ini is refused at its marked line, naming why:
 * unknown sections and keys, missing or bad values, unknown codes,
 * duplicate ids, places off the map or impassable, two-hex shapes,
 * stacking at setup (6.61, 6.63, 4.85, 9.83), lines, edges, the map. */
Test(battle, bad_files_refused_at_their_line)
{
	char pattern[512];
	snprintf(pattern, sizeof pattern, "%s/tests/bad/battle-*.ini",
		 srcdir());
	glob_t g;
	cr_assert_eq(glob(pattern, 0, NULL, &g), 0);
	cr_expect_geq(g.gl_pathc, 40, "the bad battle files are missing");
	for (size_t i = 0; i < g.gl_pathc; i++) {
		const char *p = g.gl_pathv[i];
		if (strstr(p, "battle-bad-map.ini"))
			continue;
		expect_refused(p, p);
	}
	globfree(&g);
}

/* A broken map is reported at its own file and line. */
Test(battle, bad_map_reported_in_the_map_file)
{
	char p[512], m[512];
	snprintf(p, sizeof p, "%s/tests/bad/battle-bad-map.ini", srcdir());
	snprintf(m, sizeof m, "%s/tests/bad/../bad/map-bad-terrain.ini",
		 srcdir());
	expect_refused(p, m);
}

Test(battle, missing_file_refused)
{
	struct ini_error err = {0};
	cr_expect_null(battle_load("/nonexistent/battle.ini", &err));
	cr_expect_not_null(strstr(err.msg, "cannot open"));
}

Test(battle, battle_path_rejects_escapes)
{
	char out[256];
	cr_assert(battle_path("/usr/share/maniple", "bagradas", out, sizeof out));
	cr_expect_str_eq(out, "/usr/share/maniple/scenarios/bagradas.ini");
	cr_expect(!battle_path("/d", "../etc/passwd", out, sizeof out));
	cr_expect(!battle_path("/d", "a/b", out, sizeof out));
	cr_expect(!battle_path("/d", "..", out, sizeof out));
	cr_expect(!battle_path("/d", "", out, sizeof out));
	cr_expect(!battle_path("/d", "bagradas", out, 10), "too short");
}

/* The tables of the ruleset a battle names (rules/RULESET; SPQR's as
 * shipped when it names none). */
static struct spqr_tables *battle_tables(const struct battle *b)
{
	if (!b || !b->ruleset[0] || strcmp(b->ruleset, "spqr") == 0)
		return shipped_tables();
	char dir[1024];
	snprintf(dir, sizeof dir, "%s/rules/%s", srcdir(), b->ruleset);
	struct ini_error err = {0};
	struct spqr_tables *t = tables_load(dir, &err);
	cr_assert_not_null(t, "%s:%d: %s", err.file, err.line, err.msg);
	return t;
}

/* Every shipped battle loads, with its map, and with the unit types of
 * its ruleset (2.22; GBA 2.22 for a GBA battle). */
Test(battle, shipped_battles_load)
{
	char pattern[512];
	snprintf(pattern, sizeof pattern, "%s/scenarios/*.ini", srcdir());
	glob_t g;
	if (glob(pattern, 0, NULL, &g) != 0)
		return; /* none yet */
	for (size_t i = 0; i < g.gl_pathc; i++) {
		struct ini_error err = {0};
		struct battle *b = battle_load(g.gl_pathv[i], &err);
		struct spqr_tables *t = battle_tables(b);
		if (b && battle_check_traits(b, t, &err) != 0) {
			battle_free(b);
			b = NULL;
		}
		tables_free(t);
		char buf[1024];
		ini_error_format(&err, buf, sizeof buf);
		cr_expect_not_null(b, "%s", buf);
		if (b)
			cr_expect_not_null(b->map);
		battle_free(b);
	}
	globfree(&g);
}

/* 9.19 is SPQR's alone: a GBA elephant need not say whether it is African
 * or Indian, while the same file read under SPQR's rules is refused at the
 * unit's line. */
Test(battle, gba_elephant_needs_no_kind)
{
	struct battle *b = load_fixture("gba-elephant-no-kind.ini");
	struct spqr_tables *gba = battle_tables(b);
	struct ini_error err = {0};
	char buf[1024];
	int rc = battle_check_traits(b, gba, &err);
	ini_error_format(&err, buf, sizeof buf);
	cr_expect_eq(rc, 0, "%s", buf);
	cr_expect_eq(unit(b, "e1")->elephant, ELEPHANT_NONE);
	struct spqr_tables *spqr = shipped_tables();
	struct ini_error err2 = {0};
	cr_expect_eq(battle_check_traits(b, spqr, &err2), -1);
	cr_expect_eq(err2.line, 33);
	cr_expect(strstr(err2.msg, "lacks elephant = african|indian") != NULL,
		  "%s", err2.msg);
	tables_free(spqr);
	tables_free(gba);
	battle_free(b);
}
