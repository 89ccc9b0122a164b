/* The Great Battles of Alexander as the second ruleset (issue 25): a
 * `ruleset = gba` battle plays the same modules as SPQR with GBA's data
 * (rules/gba: the files in which the books differ, the others read from
 * rules/spqr, its base), and the switches of variants.ini where the books
 * differ in what happens.  Rule numbers cited as "GBA N.NN" are GBA's. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fixture.h"
#include "maniple/orders.h"
#include "maniple/reactions.h"
#include "session_play.h"
#include "maniple/tables.h"

static size_t count_kind(const struct game *g, size_t from, const char *kind)
{
	size_t n = 0;
	for (size_t i = from; i < g->events.n; i++)
		n += strcmp(event_log_kind(&g->events, i), kind) == 0;
	return n;
}

Test(gba, a_gba_battle_plays_the_gba_ruleset_with_its_data)
{
	struct session s;
	fx_session(&s, "new gba_drill solo 1");
	cr_assert_eq(session_ruleset(&s), &ruleset_gba);
	cr_expect_str_eq(s.game->battle->ruleset, "gba");
	/* its own variants.ini */
	cr_expect_eq(tables_variant(s.game->tables, RV_ACTIVATION_TIE),
		     TIE_NON_MACEDONIAN_FIRST);
	/* a chart both books share, read from rules/spqr: the Clash chart's
	 * PH against LI, front (8.45 example 1) */
	cr_expect_eq(tables_clash_column(s.game->tables, UT_LI, UT_PH,
					 ZONE_FRONT),
		     10);
	cr_expect(s.game->battle->sides[0].macedonian);
	cr_expect_not(s.game->battle->sides[1].macedonian);
	session_free(&s);
}

Test(gba, an_spqr_battle_keeps_spqr_rules)
{
	struct session s;
	fx_session(&s, "new drill solo 1");
	cr_assert_eq(session_ruleset(&s), &ruleset_spqr);
	cr_expect_eq(tables_variant(s.game->tables, RV_ACTIVATION_TIE),
		     TIE_ROLL);
	session_free(&s);
}

/* GBA 5.12: at a tie of Initiative between the sides the non-Macedonian
 * leader goes first, with no die rolled; then the sides alternate. */
Test(gba, tie_between_sides_the_persian_goes_first_gba_5_12)
{
	struct session s;
	fx_session(&s, "new gba_drill solo 1");
	unsigned long rolls = s.game->dice.rolls;
	size_t from = s.game->events.n;
	fx_ok(&s, "continue");
	cr_expect_eq(count_kind(s.game, from, "activation_tie_order"), 1);
	cr_expect_eq(count_kind(s.game, from, "roll"), 0,
		     "no die is rolled for the tie");
	cr_expect_eq(s.game->dice.rolls, rolls);
	/* the Persian side (1) activates first: its lowest leader, the
	 * Strategos (Initiative 3) */
	fx_refused(&s, "activate hipparch", "5.12");
	fx_ok(&s, "activate strategos");
	session_free(&s);
}

/* SPQR 5.12 on the same tie: both sides roll. */
Test(gba, spqr_tie_between_sides_is_rolled_5_12)
{
	struct session s;
	fx_session(&s, "new drill solo 1");
	size_t from = s.game->events.n;
	fx_ok(&s, "continue");
	cr_expect_eq(count_kind(s.game, from, "activation_tie_order"), 0);
	cr_expect_geq(count_kind(s.game, from, "roll"), 2);
	session_free(&s);
}

/* A GBA battle whose sides are both (or neither) Macedonian: the tie is
 * rolled, as GBA 5.12 gives no order for it. */
Test(gba, a_tie_without_one_macedonian_side_is_rolled_gba_5_12)
{
	struct session s;
	fx_session(&s, "new gba_drill sandbox 1");
	s.game->battle->sides[0].macedonian = false;
	size_t from = s.game->events.n;
	fx_ok(&s, "continue");
	cr_expect_eq(count_kind(s.game, from, "activation_tie_order"), 0);
	cr_expect_geq(count_kind(s.game, from, "roll"), 2);
	session_free(&s);
}

/* tables_path: a ruleset's own file, else its base's, else none. */
Test(gba, a_ruleset_folder_reads_what_it_lacks_from_its_base)
{
	char root[] = "/tmp/maniple-gba-XXXXXX";
	cr_assert_not_null(mkdtemp(root));
	char p[1200], out[1200];
	snprintf(p, sizeof p, "%s/a", root);
	mkdir(p, 0700);
	snprintf(p, sizeof p, "%s/b", root);
	mkdir(p, 0700);
	snprintf(p, sizeof p, "%s/a/variants.ini", root);
	fx_write_file(p, "[ruleset]\nbase = b\n");
	snprintf(p, sizeof p, "%s/a/own.ini", root);
	fx_write_file(p, "x\n");
	snprintf(p, sizeof p, "%s/b/shared.ini", root);
	fx_write_file(p, "x\n");
	char a[1100];
	snprintf(a, sizeof a, "%s/a", root);
	cr_expect(tables_path(a, "own.ini", out, sizeof out));
	snprintf(p, sizeof p, "%s/a/own.ini", root);
	cr_expect_str_eq(out, p);
	cr_expect(tables_path(a, "shared.ini", out, sizeof out));
	snprintf(p, sizeof p, "%s/a/../b/shared.ini", root);
	cr_expect_str_eq(out, p);
	cr_expect_not(tables_path(a, "none.ini", out, sizeof out));
	snprintf(p, sizeof p, "%s/a/none.ini", root);
	cr_expect_str_eq(out, p, "the message names the ruleset's own path");
	/* a base is a folder name, never a path */
	snprintf(p, sizeof p, "%s/a/variants.ini", root);
	fx_write_file(p, "[ruleset]\nbase = ../b\n");
	cr_expect_not(tables_path(a, "shared.ini", out, sizeof out));
	char cmd[1300];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
	cr_expect_eq(system(cmd), 0);
}

/* variants.ini: a choice not among the switch's names is refused with its
 * line and the names; a missing switch is named. */
Test(gba, a_bad_variants_file_says_where_and_why)
{
	char path[] = "/tmp/maniple-variants-XXXXXX";
	int fd = mkstemp(path);
	cr_assert_geq(fd, 0);
	close(fd);
	fx_write_file(path, "[file]\nkind = rules\nversion = 1\ntable = variants\n"
			 "[activation]\ntie_between_sides = coin\n");
	struct ini_error err;
	cr_expect_not(tables_check_file(path, &err));
	cr_expect_eq(err.line, 6);
	cr_expect(strstr(err.msg, "roll, non_macedonian_first") != NULL,
		  "%s", err.msg);
	fx_write_file(path, "[file]\nkind = rules\nversion = 1\ntable = variants\n"
			 "[ruleset]\nbase = spqr\n");
	cr_expect_not(tables_check_file(path, &err));
	cr_expect(strstr(err.msg, "tie_between_sides") != NULL, "%s",
		  err.msg);
	fx_write_file(path, "[file]\nkind = rules\nversion = 1\ntable = variants\n"
			 "[ruleset]\nbase = ../x\n");
	cr_expect_not(tables_check_file(path, &err));
	cr_expect_eq(err.line, 6);
	unlink(path);
}

/* GBA has no Depletion: a unit rallied in a GBA game is not Depleted
 * (variants.ini [rally] depletion = no; SPQR 10.31 depletes it). */
Test(gba, a_rallied_unit_is_not_depleted_gba_10_27)
{
	struct session s;
	fx_session(&s, "new gba_drill sandbox 7");
	cr_expect_eq(tables_variant(s.game->tables, RV_RALLY_DEPLETES),
		     RALLY_NO_DEPLETION);
	fx_ok(&s, "setup remove ar1");
	fx_ok(&s, "setup marker hi1 routed on");
	fx_ok(&s, "setup hits hi1 6");
	fx_ok(&s, "continue");
	fx_ok(&s, "activate strategos");
	fx_ok(&s, "roll 2 5");
	size_t from = s.game->events.n;
	fx_ok(&s, "order hi1 rally W");
	const struct unit *u = game_unit(s.game, "hi1");
	cr_assert_not_null(u);
	cr_expect_not(u->routed, "rallied: DR 2 within Initiative 3 + 1");
	cr_expect_eq(u->hits, 2);
	cr_expect_not(u->depleted, "GBA has no Depletion");
	cr_expect_eq(count_kind(s.game, from, "depleted"), 0);
	session_free(&s);
}

/* A ruleset folder with a base reads each chart of the base and its own
 * file of the same name over it: the own file gives only the keys in
 * which the ruleset differs (tables_base, tables_load); --check reads such
 * a file the same way.  The folder's variants.ini is its own, whole. */
Test(gba, a_ruleset_file_is_read_over_its_base)
{
	char root[] = "/tmp/maniple-overlay-XXXXXX";
	cr_assert_not_null(mkdtemp(root));
	char p[1200], spqr[1100], mine[1100];
	snprintf(spqr, sizeof spqr, "%s/rules/spqr", fx_srcdir());
	snprintf(p, sizeof p, "%s/spqr", root);
	cr_assert_eq(symlink(spqr, p), 0);
	snprintf(mine, sizeof mine, "%s/mine", root);
	mkdir(mine, 0700);
	/* SPQR's switches, and a base */
	snprintf(p, sizeof p, "%s/variants.ini", spqr);
	char *switches = fx_slurp(p);
	char *with_base = malloc(strlen(switches) + 64);
	cr_assert_not_null(with_base);
	sprintf(with_base, "%s\n[ruleset]\nbase = spqr\n", switches);
	snprintf(p, sizeof p, "%s/variants.ini", mine);
	fx_write_file(p, with_base);
	free(with_base);
	snprintf(p, sizeof p, "%s/constants.ini", mine);
	fx_write_file(p, "[file]\nkind = rules\nversion = 1\ntable = constants\n"
		      "[leader]\nma = 8\n");
	struct ini_error err;
	struct spqr_tables *t = tables_load(mine, &err);
	cr_assert_not_null(t, "%s:%d: %s", err.file, err.line, err.msg);
	cr_expect_eq(tables_constant(t, RC_LEADER_MA), 8, "the overlay's");
	cr_expect_eq(tables_constant(t, RC_LEADER_ORDERED_IN_ZOC_COST), 2,
		     "the base's, which the overlay does not give");
	tables_free(t);
	cr_expect(tables_check_file(p, &err), "%s", err.msg);
	/* a key the chart lacks: said at the overlay's line */
	fx_write_file(p, "[file]\nkind = rules\nversion = 1\ntable = constants\n"
		      "[leader]\nspeed = 8\n");
	cr_expect_null(tables_load(mine, &err));
	cr_expect(strstr(err.file, "mine/constants.ini") != NULL, "%s",
		  err.file);
	cr_expect_eq(err.line, 6);
	/* without a base the same file is incomplete */
	snprintf(p, sizeof p, "%s/variants.ini", mine);
	fx_write_file(p, switches);
	free(switches);
	snprintf(p, sizeof p, "%s/constants.ini", mine);
	fx_write_file(p, "[file]\nkind = rules\nversion = 1\ntable = constants\n"
		      "[leader]\nma = 8\n");
	cr_expect_not(tables_check_file(p, &err));
	char cmd[1300];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
	cr_expect_eq(system(cmd), 0);
}

/* GBA 7.16: only single-hex units change facing as a reaction, so a
 * phalanx is never offered SPQR 7.16's reaction Reverse Face when an
 * enemy enters one of its Rear hexes (an SPQR game offers it: the same
 * move on the drill). */
static void enter_rear(const char *battle, const char *mover,
		       const char *leader, bool offered)
{
	char line[64];
	snprintf(line, sizeof line, "new %s sandbox 1", battle);
	struct session *s = calloc(1, sizeof *s);
	cr_assert_not_null(s);
	fx_session(s, line);
	/* ph1 over 2610/2611 facing W: its Rear hexes are 2709..2711 */
	fx_ok(s, "setup unit ph1 2610,2611 W");
	place(s, mover, 2810, FACE_W);
	cr_assert_geq(UI(s, mover), 0);
	snprintf(line, sizeof line, "setup leader %s 2810", leader);
	fx_ok(s, line);
	phase(s, leader);
	snprintf(line, sizeof line, "order %s", mover);
	ok(s, line);
	struct out o = ok(s, "move 2710");
	cr_expect_eq(has(&o, "reaction_offer kind=reverse unit=ph1"), offered,
		     "%s: %s", battle, o.ev);
	close_game(s);
}

Test(gba, no_reaction_reverse_for_a_phalanx_gba_7_16)
{
	enter_rear("drill", "ha1", "consul", true);	  /* SPQR 7.16 */
	enter_rear("gba_drill", "hi1", "satrap", false); /* GBA 7.16 */
}
