/* The worked examples of the GBA rulebook that no other test reproduces,
 * each with the book's own figures (issue 25): on the GBA drill where it
 * holds the example, else on tests/fixtures/gba-examples.ini (the
 * positions) or gba-granicus.ini (the leaders of the activation and
 * Trump examples).  Rule numbers cited as "GBA N.NN" are GBA's.
 * Examples already reproduced elsewhere are named there
 * (test_gba_missile.c 8.15/8.16, test_gba_move.c 6.21/6.45/6.5,
 * test_gba_shock.c 8.37/8.45, test_gba_rout.c 10.26/10.27,
 * test_gba_contingent.c 5.63). */
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
 * 6.74), one hex to 3116 (book 3516).  Bupares, stacked with the
 * archers, is the drill's Satrap: as they are offered their withdrawal he
 * is offered his own (GBA 4.62's note), 9 - 5 = 4 MP (the phalanx's MA
 * 5 against his 9), and withdraws four hexes, each farther from the
 * phalanx, to 3215 (the book's chariot is not on the drill field). */
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
		"setup leader satrap 2815",
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
	cr_assert(said(&s, from,
		       "leader_withdrawal_offered leader=satrap by=ph1 mp=4 "
		       "alone=no"),
		  "GBA 6.78: Bupares withdraws too, 9 - 5 = 4 MP");
	fx_ok(&s, "withdraw satrap 2915");
	fx_ok(&s, "withdraw satrap 3015");
	fx_ok(&s, "withdraw satrap 3115");
	fx_ok(&s, "withdraw satrap 3215");
	fx_refused(&s, "withdraw satrap 3315", "4.62");
	fx_ok(&s, "withdraw satrap done");
	const struct leader *bupares = game_leader(s.game, "satrap");
	cr_expect(bupares->hex.col == 32 && bupares->hex.row == 15,
		  "GBA 6.78: four hexes away");
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
	if (strcmp(name, "gba_granicus") == 0)
		return fx_battle_file("tests/fixtures/gba-granicus.ini", err);
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

/* gba_examples on turn 1, the Satrap Finished and the King, moved to
 * king_at, in his Orders Phase. */
static void examples_orders(struct session *s, const char *king_at)
{
	session_init(s, examples_loader, spqr_tables_loader, NULL, 1);
	s->checkpoint_every = 1;
	s->rules_dir = MANIPLE_SRCDIR "/rules";
	fx_ok(s, "new gba_examples sandbox 1");
	char line[48];
	snprintf(line, sizeof line, "setup leader king %s", king_at);
	const char *const lines[] = {
		line,	    "setup leader-state satrap finished",
		"continue", "activate king",
		NULL,
	};
	fx_run(s, lines);
}

/* GBA 6.71 example #2: light infantry of MA 5 (li, 2407) approached by
 * double-sized hoplites (dh, counted MA 4) may withdraw 1 MP: not into
 * 2506, one level up (clear 1 + 1 for the level, GBA 6.21), but into the
 * level 2507. */
Test(gba_examples, no_withdrawal_up_a_level_on_1_mp_gba_6_71)
{
	struct session s;
	examples_orders(&s, "2009");
	fx_ok(&s, "order dh");
	fx_ok(&s, "move 2107,2108");
	size_t from = s.game->events.n;
	fx_ok(&s, "move 2207,2208");
	cr_assert(said(&s, from,
		       "withdrawal_offered unit=li by=dh distance=2 mp=1"),
		  "GBA 6.71: 5 - 4 = 1 MP");
	fx_refused(&s, "withdraw li 2506", "6.71");
	fx_ok(&s, "roll 0");
	fx_ok(&s, "withdraw li 2507");
	fx_ok(&s, "withdraw li done");
	cr_expect(at(&s, "li", 2507), "GBA 6.71 example #2");
	session_free(&s);
}

/* GBA 6.62's example: hoplites crossing the Minor River into the woods
 * (2213 to 2212) take 2 hits in their usual formation, 1 In Column. */
Test(gba_examples, column_crosses_river_into_woods_one_hit_gba_6_62)
{
	for (int column = 0; column < 2; column++) {
		struct session s;
		examples_orders(&s, "2214");
		if (column)
			fx_ok(&s, "setup unit mh 2213 N column");
		fx_ok(&s, "order mh");
		fx_ok(&s, "move 2212");
		cr_expect_eq(U(&s, "mh")->hits, column ? 1 : 2,
			     "GBA 6.62: river and woods, %s",
			     column ? "In Column" : "in line");
		session_free(&s);
	}
}

/* The leaders of GBA 5.13's example (tests/fixtures/gba-granicus.ini) on
 * turn 2, at the first activation. */
static void granicus(struct session *s)
{
	session_init(s, examples_loader, spqr_tables_loader, NULL, 1);
	s->checkpoint_every = 1;
	s->rules_dir = MANIPLE_SRCDIR "/rules";
	fx_ok(s, "new gba_granicus sandbox 1");
	fx_ok(s, "setup turn 2");
	fx_ok(s, "continue");
}

/* A leader's phase with no orders and no Momentum. */
static void no_orders(struct session *s, const char *leader)
{
	char line[48];
	snprintf(line, sizeof line, "activate %s", leader);
	fx_ok(s, line);
	fx_ok(s, "orders done");
	fx_ok(s, "no momentum");
}

/* GBA 5.13's example: Arsites (2) goes first, then Omares (3), then
 * Memnon before Philotas (both 5: the Persian first at a tie, GBA 5.12),
 * Alexander (7) last. */
Test(gba_examples, granicus_activation_order_gba_5_13)
{
	struct session s;
	granicus(&s);
	fx_refused(&s, "activate omares", "5.12");
	no_orders(&s, "arsites");
	fx_refused(&s, "activate memnon", "5.12");
	no_orders(&s, "omares");
	fx_refused(&s, "activate philotas", "5.12");
	size_t from = s.game->events.n;
	no_orders(&s, "memnon");
	cr_expect(said(&s, from, "step=activate side=0 army=macedon lowest=5"),
		  "GBA 5.13: Philotas after Memnon");
	fx_refused(&s, "activate alexander", "5.12");
	no_orders(&s, "philotas");
	no_orders(&s, "alexander");
	session_free(&s);
}

/* GBA 5.41's example: after Arsites, Memnon (5) tries to trump Omares: a
 * 5 succeeds; a 6 fails, Omares goes and Memnon is Finished. */
Test(gba_examples, memnon_trumps_omares_gba_5_41)
{
	for (int die = 5; die <= 6; die++) {
		struct session s;
		granicus(&s);
		no_orders(&s, "arsites");
		char line[16];
		snprintf(line, sizeof line, "roll %d", die);
		fx_ok(&s, line);
		size_t from = s.game->events.n;
		fx_ok(&s, "trump memnon");
		snprintf(line, sizeof line, "die=%d", die);
		cr_expect(said(&s, from,
			       "for=trump leader=memnon "
			       "against=omares initiative=5"),
			  "GBA 5.41");
		cr_expect(said(&s, from, line));
		if (die == 5) {
			cr_expect(said(&s, from, "result=success"),
				  "GBA 5.41: 0-5");
		} else {
			cr_expect(said(&s, from, "result=failure"),
				  "GBA 5.41: 6-9");
			cr_expect(said(&s, from, "finished leader=memnon"));
			cr_expect(said(&s, from, "activated leader=omares"));
		}
		session_free(&s);
	}
}

/* GBA 5.42 [1]'s example: Memnon's trump succeeds; Philotas (5, as high)
 * tries to trump it and rolls a 7: Memnon keeps the phase and Philotas is
 * Finished.  GBA 5.42 [2]'s: Memnon then rolls for Momentum and
 * succeeds; Alexander (7) trumps it on a 6: his phase, Memnon Finished.
 * GBA 5.32: Alexander's own Momentum succeeds on a 7, not an 8. */
Test(gba_examples, philotas_and_alexander_trump_memnon_gba_5_42)
{
	for (int last = 7; last <= 8; last++) {
		struct session s;
		granicus(&s);
		no_orders(&s, "arsites");
		fx_ok(&s, "roll 0");
		fx_ok(&s, "trump memnon");
		fx_ok(&s, "roll 7");
		size_t from = s.game->events.n;
		fx_ok(&s, "trump philotas");
		cr_expect(said(&s, from,
			       "for=trump_the_trump leader=philotas "
			       "against=memnon initiative=5 die=7 "
			       "forced=yes result=failure"),
			  "GBA 5.42 [1]");
		cr_expect(said(&s, from, "finished leader=philotas"));
		cr_expect(said(&s, from,
			       "decision step=orders side=1 "
			       "army=persia leader=memnon"));
		fx_ok(&s, "order cavalry"); /* GBA 5.46: he must act */
		fx_ok(&s, "move 2210");
		fx_ok(&s, "orders done");
		fx_ok(&s, "roll 3 6");
		fx_ok(&s, "momentum");
		from = s.game->events.n;
		fx_ok(&s, "trump alexander");
		cr_expect(said(&s, from,
			       "for=momentum_trump leader=alexander "
			       "against=memnon initiative=7 die=6 "
			       "forced=yes result=success"),
			  "GBA 5.42 [2]");
		cr_expect(said(&s, from, "finished leader=memnon"));
		cr_expect(said(&s, from, "activated leader=alexander"));
		fx_ok(&s, "order companions");
		fx_ok(&s, "move 2220");
		fx_ok(&s, "orders done");
		char line[16];
		snprintf(line, sizeof line, "roll %d", last);
		fx_ok(&s, line);
		from = s.game->events.n;
		fx_ok(&s, "momentum");
		cr_expect(said(&s, from,
			       last == 7 ? "result=success" : "result=failure"),
			  "GBA 5.32: 0-7 for Alexander");
		session_free(&s);
	}
}

/* GBA 6.71 example #1: skirmishers of MA 6 (the slingers, moved to 3215)
 * approached by a phalanx (counted MA 4, 2814/2815 moving east) may
 * withdraw one or two clear hexes, no more (GBA 9.31: two hexes before
 * any unit of an MA no higher); approached from the front, they take no
 * hit for it. */
Test(gba_examples, skirmishers_withdraw_two_hexes_from_a_phalanx_gba_6_71)
{
	struct session s;
	examples_orders(&s, "2716");
	fx_ok(&s, "setup unit ph 2814,2815 E");
	fx_ok(&s, "setup unit sl 3215 W");
	fx_ok(&s, "order ph");
	size_t from = s.game->events.n;
	fx_ok(&s, "move 2914,2915");
	cr_expect_not(said(&s, from, "withdrawal_offered unit=sl"));
	from = s.game->events.n;
	fx_ok(&s, "move 3014,3015");
	cr_assert(said(&s, from,
		       "withdrawal_offered unit=sl by=ph distance=2 hexes=2"),
		  "GBA 6.71: 6 - 4 = 2");
	fx_ok(&s, "withdraw sl 3315");
	fx_ok(&s, "withdraw sl 3416");
	fx_refused(&s, "withdraw sl 3516", "9.31");
	fx_ok(&s, "roll 0");
	fx_ok(&s, "withdraw sl done");
	cr_expect(at(&s, "sl", 3416), "GBA 6.71 example #1: two hexes");
	cr_expect_eq(U(&s, "sl")->hits, 0, "GBA 9.31: no hit");
	session_free(&s);
}

/* GBA 7.31's example (the phalanx, on the drill): a Macedonian phalanx
 * (ph1) that moves next to Persian Cardaces (ca1, put at 2616) takes the
 * Shock Must Check marker the moment it arrives: it must attack. */
Test(gba_examples, a_phalanx_next_to_cardaces_must_shock_gba_7_31)
{
	struct session s;
	fx_session(&s, "new gba_drill sandbox 1");
	const char *const lines[] = {
		"setup remove ar1",
		"setup unit ca1 2616 W",
		"setup turn 2",
		"setup leader-state strategos finished",
		"continue",
		"activate hipparch",
		"order ph1",
		"no reaction", /* ca1 does not withdraw (GBA 6.71) */
		NULL,
	};
	fx_run(&s, lines);
	size_t from = s.game->events.n;
	fx_ok(&s, "move 2515,2516");
	cr_expect(said(&s, from, "shock_must_check unit=ph1 how=must"),
		  "GBA 7.31, 7.33");
	cr_expect(U(&s, "ph1")->shock_must);
	session_free(&s);
}

/* GBA 7.32 [1]'s example (on gba_examples): Thracian peltasts (tp) that
 * move next to hoplites (ho, at 3622) need not attack; their player says
 * so as they finish moving, and only then do they take the marker. */
Test(gba_examples, peltasts_next_to_hoplites_may_shock_gba_7_32)
{
	for (int attack = 0; attack < 2; attack++) {
		struct session s;
		examples_orders(&s, "3424");
		fx_ok(&s, "order tp");
		size_t from = s.game->events.n;
		fx_ok(&s, "move 3522");
		cr_expect_not(said(&s, from, "shock_must_check"),
			      "GBA 7.32 [1]: no marker on arrival");
		cr_expect_not(U(&s, "tp")->shock_must);
		from = s.game->events.n;
		fx_ok(&s, "halt");
		cr_assert(said(&s, from,
			       "reaction_offer kind=shock_mark unit=tp"),
			  "GBA 7.32 [1]: the player decides");
		from = s.game->events.n;
		if (attack) {
			fx_ok(&s, "shock mark tp");
			cr_expect(said(&s, from,
				       "shock_must_check unit=tp "
				       "how=chosen"),
				  "GBA 7.33: the marker for a chosen attack");
		} else {
			fx_ok(&s, "shock none tp");
			cr_expect(said(&s, from, "shock_declined unit=tp"));
		}
		cr_expect_eq(U(&s, "tp")->shock_must, attack == 1);
		session_free(&s);
	}
}

/* GBA 8.11's example: mounted archers (da, MA 9) ride four hexes, loose a
 * volley at the slingers two hexes off (put at 3420), and ride on with
 * the MP left. */
Test(gba_examples, mounted_archers_ride_fire_and_ride_on_gba_8_11)
{
	struct session s;
	examples_orders(&s, "2720");
	fx_ok(&s, "setup unit sl 3420 W");
	fx_ok(&s, "order da");
	const char *const ride[] = {"move 2920", "move 3020", "move 3120",
				    "move 3220", "roll 0",    NULL};
	fx_run(&s, ride);
	size_t from = s.game->events.n;
	fx_ok(&s, "fire 3420");
	cr_expect(said(&s, from,
		       "missile_fire firer=da weapon=main class=MA "
		       "kind=offensive at=3420 target=sl range=2"),
		  "GBA 8.11: fire after four hexes");
	cr_expect(said(&s, from, "result=hit hits=1"));
	fx_ok(&s, "no reaction"); /* the slingers do not answer */
	from = s.game->events.n;
	fx_ok(&s, "face NE");
	cr_expect(said(&s, from, "spent=5 left=4"),
		  "GBA 8.11: the volley cost no MP (4 + 1 to turn)");
	fx_ok(&s, "move 3219");
	fx_ok(&s, "move 3218");
	cr_expect(at(&s, "da", 3218), "GBA 8.11: rides on after firing");
	session_free(&s);
}

/* GBA 8.3 example #3: the Bactrian cavalry (bc, 2419) charges the
 * Thracian peltasts (tp, put at 2518); the Persian light infantry (pl,
 * 2618, within the Satrap's range) may join the attack or watch. */
Test(gba_examples, the_light_infantry_may_join_or_watch_gba_8_3)
{
	for (int join = 0; join < 2; join++) {
		struct session s;
		session_init(&s, examples_loader, spqr_tables_loader, NULL, 1);
		s.checkpoint_every = 1;
		s.rules_dir = MANIPLE_SRCDIR "/rules";
		const char *const setup[] = {
			"new gba_examples sandbox 1",
			"setup unit tp 2518 NW",
			"setup leader satrap 2617",
			"setup phase shock",
			"setup active satrap",
			"setup leader-state satrap active",
			"setup marker bc moved_phase on",
			"setup marker bc shock_must on",
			"continue",
			NULL,
		};
		fx_run(&s, setup);
		size_t from = s.game->events.n;
		fx_ok(&s, join ? "designate bc,pl tp" : "designate bc tp");
		fx_ok(&s, "roll 0 0 0 0 0 0");
		fx_ok(&s, "designate done");
		cr_expect(said(&s, from,
			       join ? "shock_designated combat=0 "
				      "att=bc,pl def=tp"
				    : "shock_designated combat=0 "
				      "att=bc def=tp"),
			  "GBA 8.3 example #3: %s",
			  join ? "together" : "the cavalry alone");
		cr_expect(said(&s, from, "shock_designation_done combats=1"));
		/* GBA 7.32 [2], 7.34: the unmoved joiner, in the Satrap's
		 * range, attacks with no Pre-Shock check */
		cr_expect_eq(said(&s, from,
				  "shock_marker unit=pl "
				  "marker=shock_no_check"),
			     join == 1);
		session_free(&s);
	}
}

/* GBA 8.3 example #3, its end: where the two attackers stand keeps the
 * peltasts from routing away, and so they are eliminated.  The Bactrians
 * (facing E) and the light infantry (facing SW) hold in their ZOCs both
 * hexes of 2518 nearer the Macedonian Retreat Edge (south); tp, one hit
 * short of its TQ 6, is routed by the attack (dice 0 0 for the Pre-Shock
 * checks, 0 for the roll: 3(4)) and, with no open hex toward its edge,
 * cannot rout its two hexes (GBA 10.21, ruling R166): it is eliminated
 * and Macedon counts its 6 Rout Points (GBA 10.42). */
Test(gba_examples, the_peltasts_cannot_rout_away_gba_8_3)
{
	struct session s;
	session_init(&s, examples_loader, spqr_tables_loader, NULL, 1);
	s.checkpoint_every = 1;
	s.rules_dir = MANIPLE_SRCDIR "/rules";
	const char *const setup[] = {
		"new gba_examples sandbox 1",
		"setup unit tp 2518 NW",
		"setup unit bc 2419 E",
		"setup unit pl 2618 SW",
		"setup hits tp 5",
		"setup leader satrap 2617",
		"setup phase shock",
		"setup active satrap",
		"setup leader-state satrap active",
		"setup marker bc moved_phase on",
		"setup marker bc shock_must on",
		"continue",
		"designate bc,pl tp",
		"roll 0 0 0",
		"designate done",
		NULL,
	};
	fx_run(&s, setup);
	int rp = s.game->rout_points[0];
	size_t from = s.game->events.n;
	fx_ok(&s, "clash bc");
	cr_expect(said(&s, from, "rout unit=tp type=LP"), "GBA 8.3 example #3");
	cr_expect(said(&s, from, "rout_blocked unit=tp"),
		  "GBA 10.21: no open hex toward its edge");
	cr_expect(said(&s, from, "eliminated unit=tp side=0 rp=6"),
		  "GBA 8.3 example #3: eliminated");
	cr_expect_not(said(&s, from, "rout_move unit=tp"), "it never moved");
	cr_expect_not(game_unit_in_play(U(&s, "tp")));
	cr_expect_eq(s.game->rout_points[0] - rp, 6, "GBA 10.42");
	session_free(&s);
}
