/* The worked examples of the GBA rulebook that no other test reproduces,
 * each with the book's own figures (issue 25).  Rule numbers cited as
 * "GBA N.NN" are GBA's.  Examples already reproduced elsewhere are named
 * there (test_gba_missile.c 8.15/8.16, test_gba_move.c 6.21/6.45/6.5,
 * test_gba_shock.c 8.37/8.45, test_gba_rout.c 10.26/10.27, ...). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "fixture.h"
#include "maniple/game.h"
#include "maniple/shock_calc.h"
#include "maniple/tables.h"

static struct unit *U(struct session *s, const char *id)
{
	for (int i = 0; i < s->game->nunits; i++)
		if (strcmp(s->game->units[i].id, id) == 0)
			return &s->game->units[i];
	cr_assert_fail("no unit %s", id);
	return NULL;
}

/* Whether an event from `from` on, formatted, holds text. */
static bool said(struct session *s, size_t from, const char *text)
{
	for (size_t i = from; i < s->game->events.n; i++) {
		char buf[512];
		event_log_format(&s->game->events, i, buf, sizeof buf);
		if (strstr(buf, text) != NULL)
			return true;
	}
	return false;
}

static bool at(struct session *s, const char *id, int hex)
{
	const struct unit *u = U(s, id);
	return footprint_occupies(&u->at, (struct hex){hex / 100, hex % 100});
}

static struct spqr_tables *gba_rules(void)
{
	char dir[1024];
	snprintf(dir, sizeof dir, "%s/rules/gba", fx_srcdir());
	struct ini_error err = {0};
	struct spqr_tables *t = tables_load(dir, &err);
	cr_assert_not_null(t, "%s:%d: %s", err.file, err.line, err.msg);
	return t;
}

static enum superiority superiority_of(const struct spqr_tables *t,
				       enum unit_type attacker,
				       enum unit_type defender,
				       enum hex_zone side, bool *position)
{
	struct superiority_input in = {
		.attacker = attacker, .defender = defender, .side = side};
	struct superiority_calc s = shock_superiority(t, &in);
	*position = s.position;
	return s.result;
}

/* GBA 8.35 example #1: heavy infantry (hoplites) attacking peltasts from
 * the front read column 9 of the Shock CRT before any shift. */
Test(gba_examples, hoplites_on_peltasts_column_9_gba_8_35)
{
	struct spqr_tables *t = gba_rules();
	cr_expect_eq(tables_clash_column(t, UT_LP, UT_HI, ZONE_FRONT), 9,
		     "GBA 8.35 example #1");
	tables_free(t);
}

/* GBA 8.35 example #2: a phalanx attacks hoplites through their flank and
 * skirmishers from the front; the defender names the hoplites (column 11)
 * rather than the skirmishers (column 13), and the attacker is superior
 * either way: by the flank (Position) or by the weapons (PH over SK). */
Test(gba_examples, phalanx_on_hoplites_flank_and_skirmishers_gba_8_35)
{
	struct spqr_tables *t = gba_rules();
	cr_expect_eq(tables_clash_column(t, UT_HI, UT_PH, ZONE_FLANK), 11,
		     "GBA 8.35 example #2: the hoplites");
	cr_expect_eq(tables_clash_column(t, UT_SK, UT_PH, ZONE_FRONT), 13,
		     "GBA 8.35 example #2: the skirmishers");
	bool position;
	cr_expect_eq(superiority_of(t, UT_PH, UT_HI, ZONE_FLANK, &position),
		     SUP_AS, "GBA 8.36: the flank");
	cr_expect(position, "GBA 8.36 (A) Position Superiority");
	cr_expect_eq(superiority_of(t, UT_PH, UT_SK, ZONE_FRONT, &position),
		     SUP_AS, "GBA 8.36 (B) System Superiority");
	cr_expect_not(position);
	tables_free(t);
}

/* GBA 8.35 example #3: a phalanx attacked by heavy infantry from the
 * front and by lancers through its rear; the attacker names the lancers
 * in the rear: column 11 and Position Superiority. */
Test(gba_examples, lancers_in_the_phalanx_rear_gba_8_35)
{
	struct spqr_tables *t = gba_rules();
	cr_expect_eq(tables_clash_column(t, UT_PH, UT_LN, ZONE_REAR), 11,
		     "GBA 8.35 example #3");
	cr_expect_lt(tables_clash_column(t, UT_PH, UT_HI, ZONE_FRONT), 11,
		     "the lancers' rear attack is the better column");
	bool position;
	cr_expect_eq(superiority_of(t, UT_LN, UT_PH, ZONE_REAR, &position),
		     SUP_AS, "GBA 8.36: the rear");
	cr_expect(position);
	tables_free(t);
}

static int size_shift(const struct spqr_tables *t, int a, int d, bool moved)
{
	struct size_ratio_input in = {.attacker_size = a,
				      .defender_size = d,
				      .attacker_moved = moved,
				      .non_elephant_involved = true};
	return shock_size_ratio(t, &in).shift;
}

/* GBA 8.36 step 2's example: 10 to 5 (2-1) is one column right; 5 to 3
 * is one column right for an attacker that moved, none for one that did
 * not. */
Test(gba_examples, size_ratio_example_gba_8_36)
{
	struct spqr_tables *t = gba_rules();
	cr_expect_eq(size_shift(t, 10, 5, true), 1, "GBA 8.36: 10-5");
	cr_expect_eq(size_shift(t, 10, 5, false), 1, "GBA 8.36: 10-5");
	cr_expect_eq(size_shift(t, 5, 3, true), 1, "GBA 8.36: 5-3 moving");
	cr_expect_eq(size_shift(t, 5, 3, false), 0, "GBA 8.36: 5-3 not moving");
	tables_free(t);
}

/* GBA 8.36 step 3's example: Alexander (Charisma 4) with the attackers,
 * Memnon (3) with the defenders: the roll is modified by +1. */
Test(gba_examples, alexander_against_memnon_plus_1_gba_8_36)
{
	struct spqr_tables *t = gba_rules();
	struct leader_drm_input in = {.attacker_charisma = 4,
				      .defender_charisma = 3};
	struct leader_drm d = shock_leader_drm(t, &in);
	cr_expect_eq(d.charisma, 1, "GBA 8.36 step 3");
	cr_expect_eq(d.total, 1);
	tables_free(t);
}

/* GBA 6.78, the extended example of Orderly Withdrawal, moved four
 * columns west to fit the drill field (the column parity, and so every
 * adjacency, is the book's): the book's archers (MA 6) are the drill's
 * Cardaces ca1 (MA 6) in 2815 (book 3215); the phalanx ph1 in 2414/2415
 * (book 2814/2815) moves on its MA 5.  Entering 2614/2615 (2 MP spent)
 * it comes within two hexes: ca1 may withdraw 6 - 4 = 2 MP (GBA 6.71: a
 * two-hex unit counts MA 4) and goes two hexes to 3016 (book 3416),
 * keeping its facing (GBA 6.72).  The phalanx goes on to 2815/2816 (book
 * 3215/3216), within two hexes again, and ca1 withdraws once more (GBA
 * 6.74), one hex to 3116 (book 3516).  Bupares' own withdrawal is left
 * out: the drill's leaders are not the example's. */
Test(gba_examples, the_withdrawal_example_gba_6_78)
{
	struct session s;
	fx_session(&s, "new gba_drill sandbox 1");
	const char *const lines[] = {
		"setup remove hi1",
		"setup remove hc2",
		"setup remove lc1",
		"setup remove ar2",
		"setup remove ar1",
		"setup remove hy1",
		"setup unit ph1 2414,2415 E",
		"setup unit ca1 2815 W",
		"setup leader hipparch 2413",
		"setup leader satrap 3212",
		"setup turn 2",
		"setup leader-state strategos finished",
		"continue",
		"activate hipparch",
		"order ph1",
		NULL,
	};
	fx_run(&s, lines);
	int facing = U(&s, "ca1")->at.facing;
	size_t from = s.game->events.n;
	fx_ok(&s, "move 2514,2515");
	cr_expect_not(said(&s, from, "withdrawal_offered unit=ca1"),
		      "three hexes off: no withdrawal yet");
	from = s.game->events.n;
	fx_ok(&s, "move 2614,2615");
	cr_assert(said(&s, from,
		       "withdrawal_offered unit=ca1 by=ph1 distance=2 mp=2"),
		  "GBA 6.71: within two hexes, 6 - 4 = 2 MP");
	fx_ok(&s, "roll 0"); /* GBA 6.72's TQ check passed */
	fx_ok(&s, "withdraw ca1 2915");
	fx_ok(&s, "withdraw ca1 3016");
	fx_refused(&s, "withdraw ca1 3116", "6.71");
	fx_ok(&s, "withdraw ca1 done");
	cr_expect(at(&s, "ca1", 3016), "GBA 6.78: two hexes (book 3416)");
	cr_expect_eq(U(&s, "ca1")->at.facing, facing, "GBA 6.72: same facing");
	cr_expect_eq(U(&s, "ca1")->hits, 1, "GBA 6.72 #1: foot, 1 hit");
	from = s.game->events.n;
	fx_ok(&s, "move 2714,2715");
	fx_ok(&s, "move 2815,2816");
	cr_assert(at(&s, "ph1", 2815) && at(&s, "ph1", 2816),
		  "GBA 6.78: the phalanx reaches 2815/2816 (book 3215/3216)");
	cr_assert(said(&s, from,
		       "withdrawal_offered unit=ca1 by=ph1 distance=2 mp=2"),
		  "GBA 6.74: again within two hexes");
	fx_ok(&s, "roll 0");
	fx_ok(&s, "withdraw ca1 3116");
	fx_ok(&s, "withdraw ca1 done");
	cr_expect(at(&s, "ca1", 3116), "GBA 6.78: one hex (book 3516)");
	cr_expect_eq(U(&s, "ca1")->hits, 2, "GBA 6.74: 6.72 each time");
	session_free(&s);
}

/* A session on the shipped battles and gba_examples, the fixture of the
 * examples the drill cannot hold (tests/fixtures/gba-examples.ini). */
static struct battle *examples_loader(void *user, const char *name,
				      struct ini_error *err)
{
	if (strcmp(name, "gba_examples") == 0)
		return fx_battle_file("tests/fixtures/gba-examples.ini", err);
	return fx_loader(user, name, err);
}

/* gba_examples in the King's Shock segment, the units of the
 * NULL-terminated `movers` moved next to the enemy under Shock Must
 * Check. */
static void examples_shock(struct session *s, const char *const *movers)
{
	session_init(s, examples_loader, spqr_tables_loader, NULL, 1);
	s->checkpoint_every = 1;
	s->rules_dir = MANIPLE_SRCDIR "/rules";
	fx_ok(s, "new gba_examples sandbox 1");
	const char *const setup[] = {"setup phase shock", "setup active king",
				     "setup leader-state king active", NULL};
	fx_run(s, setup);
	for (; *movers; movers++) {
		char line[64];
		snprintf(line, sizeof line, "setup marker %s moved_phase on",
			 *movers);
		fx_ok(s, line);
		snprintf(line, sizeof line, "setup marker %s shock_must on",
			 *movers);
		fx_ok(s, line);
	}
	fx_ok(s, "continue");
}

/* GBA 8.3 example #1: the phalanx on 3722/3822 has the double-sized
 * hoplites (3622/3721) and the slingers (3821) in its front; it must take
 * both in one combat (GBA 8.32), the slingers adding no Size (GBA 9.31
 * #2), and the defender names the hoplites: phalanx on hoplites from the
 * front, no Superiority. */
Test(gba_examples, the_phalanx_takes_hoplites_and_slingers_gba_8_3)
{
	struct session s;
	const char *const movers[] = {"ph", NULL};
	examples_shock(&s, movers);
	fx_ok(&s, "designate ph ho");
	fx_refused(&s, "designate done", "8.32");
	fx_ok(&s, "designate cancel 0");
	fx_ok(&s, "designate ph ho,sl");
	fx_ok(&s, "roll 0 0 0 5"); /* the three Pre-Shock checks pass */
	size_t from = s.game->events.n;
	fx_ok(&s, "designate done");
	cr_expect(said(&s, from, "shock_designation_done combats=1"),
		  "GBA 8.3: one combat");
	cr_assert(said(&s, from, "shock_ask ask=clash_defender side=1"),
		  "GBA 8.35: the defender names his unit");
	fx_ok(&s, "clash ho");
	cr_expect(said(&s, from,
		       "clash_pick combat=0 for=defender unit=ho "
		       "type=HI column=8 options=2"),
		  "GBA 8.35: hoplites or slingers");
	cr_expect(said(&s, from,
		       "clash combat=0 attacker=ph attacker_type=PH "
		       "defender=ho defender_type=HI side=front"),
		  "GBA 8.3 example #1");
	cr_expect(said(&s, from, "superiority combat=0 result=none"),
		  "GBA 8.3 example #1: no Superiority");
	cr_expect(said(&s, from,
		       "size_ratio combat=0 attacker_size=8 "
		       "defender_size=6"),
		  "GBA 9.31 #2: the slingers add no Size");
	session_free(&s);
}

/* GBA 8.3 example #2: the hypaspists in 3920 take the slingers (3821),
 * so the phalanx may attack the hoplites alone: two combats, and the
 * phalanx's has no choice of defender to make. */
Test(gba_examples, the_hypaspists_take_the_slingers_gba_8_3)
{
	struct session s;
	const char *const movers[] = {"ph", "hy", NULL};
	examples_shock(&s, movers);
	fx_ok(&s, "designate hy sl");
	fx_ok(&s, "designate ph ho");
	fx_ok(&s, "roll 0 0 0 0 5 5");
	size_t from = s.game->events.n;
	fx_ok(&s, "designate done");
	cr_expect(said(&s, from, "shock_designation_done combats=2"),
		  "GBA 8.3 example #2: two combats");
	cr_expect(said(&s, from,
		       "clash combat=0 attacker=hy attacker_type=HI "
		       "defender=sl defender_type=SK"),
		  "GBA 8.3 example #2: the hypaspists on the slingers");
	cr_expect(said(&s, from,
		       "clash_pick combat=1 for=defender unit=ho "
		       "type=HI column=8 options=1"),
		  "GBA 8.3 example #2: the hoplites alone");
	cr_expect(said(&s, from, "superiority combat=1 result=none"));
	session_free(&s);
}
