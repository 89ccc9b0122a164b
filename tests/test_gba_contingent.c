/* GBA 5.6 (optional) and 4.54: the Macedonian Contingent Commanders, on
 * tests/fixtures/gba-contingents.ini: Alexander (2216, Overall and Wing
 * Commander, range 5, Contingent Command Capability 2), Parmenion (2222,
 * Wing Commander, range 4, capability 1); Philotas (2418, range 4) the
 * contingent commander of the Companions hc1-hc4 (hc5, the Thessalians,
 * stands out of his range at 2124), Attalus (2313, range 3) of the
 * Agrianians sk1 and sk2.  Rule numbers cited as "GBA N.NN" are GBA's. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fixture.h"
#include "maniple/gba_contingent.h"
#include "maniple/orders.h"
#include "maniple/sequence.h"

static struct battle *loader(void *user, const char *name,
			     struct ini_error *err)
{
	if (strcmp(name, "gba_contingents") == 0)
		return fx_battle_file("tests/fixtures/gba-contingents.ini",
				      err);
	return fx_loader(user, name, err);
}

static void open_battle(struct session *s)
{
	session_init(s, loader, spqr_tables_loader, NULL, 1);
	s->checkpoint_every = 1;
	s->rules_dir = MANIPLE_SRCDIR "/rules";
	fx_ok(s, "new gba_contingents sandbox 1");
}

static int LI(struct session *s, const char *id)
{
	for (int i = 0; i < s->game->nleaders; i++)
		if (strcmp(s->game->leaders[i].id, id) == 0)
			return i;
	cr_assert_fail("no leader %s", id);
	return -1;
}

static struct leader *L(struct session *s, const char *id)
{
	return &s->game->leaders[LI(s, id)];
}

static int U(struct session *s, const char *id)
{
	for (int i = 0; i < s->game->nunits; i++)
		if (strcmp(s->game->units[i].id, id) == 0)
			return i;
	cr_assert_fail("no unit %s", id);
	return -1;
}

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

/* The battle in a sandbox on turn 2, `wc` (alexander or parmenion) in
 * his Orders Phase, every other leader of his rating or below Finished. */
static void wc_phase(struct session *s, const char *wc)
{
	open_battle(s);
	const char *const lines[] = {
		"setup turn 2",
		"setup leader-state strategos finished",
		"setup leader-state satrap finished",
		NULL,
	};
	fx_run(s, lines);
	if (strcmp(wc, "alexander") == 0)
		fx_ok(s, "setup leader-state parmenion finished");
	fx_ok(s, "continue");
	char line[48];
	snprintf(line, sizeof line, "activate %s", wc);
	fx_ok(s, line);
}

/* GBA 5.61, 5.62, 5.67: the battle names its contingent commanders; they
 * have no Initiative and the sequence never activates them. */
Test(gba_contingent, never_activated_in_turn_gba_5_62)
{
	/* GBA 5.61, GBA 5.62, GBA 5.67 */
	struct session s;
	open_battle(&s);
	cr_expect(leader_is_mcc(s.game, L(&s, "philotas")));
	cr_expect(leader_is_mcc(s.game, L(&s, "attalus")));
	cr_expect_not(leader_is_mcc(s.game, L(&s, "alexander")));
	cr_expect(leader_activates_mccs(s.game, L(&s, "alexander")));
	cr_expect(leader_activates_mccs(s.game, L(&s, "parmenion")));
	cr_expect_not(leader_activates_mccs(s.game, L(&s, "satrap")));
	const char *const persians[] = {
		"setup leader-state strategos finished",
		"setup leader-state satrap finished",
		"continue",
		NULL,
	};
	fx_run(&s, persians);
	fx_refused(&s, "activate philotas", "5.62");
	/* the others all Finished, the turn ends: no one is left to go */
	const char *const rest[] = {
		"setup leader-state parmenion finished",
		"setup leader-state alexander finished",
		"continue",
		NULL,
	};
	fx_run(&s, rest);
	for (int k = 0; k < 8 && s.game->turn == 1; k++)
		fx_ok(&s, "continue");
	cr_expect_eq(s.game->turn, 2);
	cr_expect_eq(L(&s, "philotas")->activations, 0);
	cr_expect_eq(L(&s, "attalus")->activations, 0);
	session_free(&s);
}

/* GBA 5.63's example: Alexander, Philotas within half his range, spends
 * 3 of his orders (four Companions less one) and Philotas's Line Command
 * takes every Companion within his own range, the Thessalians beyond it
 * not; GBA 5.65: no Line shape is asked (hc3 stands apart); GBA 4.36:
 * Philotas may move with them; Alexander's orders left stay his. */
Test(gba_contingent, philotas_and_the_companions_gba_5_63)
{
	/* GBA 5.63, GBA 5.65, GBA 4.54, GBA 5.22 */
	struct session s;
	wc_phase(&s, "alexander");
	fx_ok(&s, "setup unit hc3 2314 E"); /* apart from the others */
	cr_expect_eq(contingent_cost(s.game, L(&s, "philotas")), 3);
	cr_expect_eq(contingent_cost(s.game, L(&s, "attalus")), 1);
	size_t from = s.game->events.n;
	fx_ok(&s, "order philotas contingent");
	cr_expect(said(&s, from, "contingent_command"));
	cr_expect(said(&s, from, "orders=3 left=2"));
	cr_expect(said(&s, from, "members=hc1,hc2,hc3,hc4"));
	cr_expect_eq(s.game->seq.orders_left, 2);
	cr_expect(contingent_commanded(s.game, U(&s, "hc3")));
	cr_expect_not(contingent_commanded(s.game, U(&s, "hc5")));
	/* the Companions move by pick, Philotas too; hc5 is no part */
	fx_ok(&s, "pick hc2");
	fx_ok(&s, "move 2519");
	fx_refused(&s, "pick hc5", "5.65");
	fx_ok(&s, "pick philotas");
	fx_ok(&s, "move 2517");
	cr_expect_eq(L(&s, "philotas")->hex.col, 25);
	/* Alexander's two orders left are his own */
	fx_ok(&s, "order sk1");
	cr_expect_eq(s.game->seq.orders_left, 1);
	session_free(&s);
}

/* GBA 5.63: only within half the Wing Commander's range (5: 3 hexes);
 * GBA 5.64: as many a phase as his capability (Alexander 2, Parmenion
 * 1), each once; GBA 5.62, 4.54: only a Wing Commander with the
 * capability activates one; GBA 5.22: the orders are Individual Orders,
 * and enough of them must be left. */
Test(gba_contingent, who_activates_how_many_and_how_far_gba_5_64)
{
	/* GBA 5.62, GBA 5.63, GBA 5.64, GBA 4.54 */
	struct session s;
	wc_phase(&s, "alexander");
	fx_ok(&s, "setup leader philotas 2520"); /* 4 hexes from him */
	fx_refused(&s, "order philotas contingent", "5.63");
	fx_ok(&s, "setup leader philotas 2418");
	fx_ok(&s, "order attalus contingent"); /* 1 order: 4 left */
	fx_refused(&s, "order attalus contingent", "5.64");
	fx_ok(&s, "order philotas contingent"); /* 3: 1 left */
	cr_expect_eq(s.game->seq.orders_left, 1);
	session_free(&s);

	/* Parmenion activates one, then no more */
	wc_phase(&s, "parmenion");
	fx_ok(&s, "setup leader attalus 2321");
	fx_ok(&s, "setup unit sk1 2322 E");
	fx_ok(&s, "setup leader philotas 2320");
	fx_ok(&s, "order attalus contingent");
	fx_refused(&s, "order philotas contingent", "5.64");
	session_free(&s);

	/* no capability, no activation; too few orders left */
	wc_phase(&s, "parmenion");
	fx_ok(&s, "setup leader philotas 2320");
	L(&s, "parmenion")->contingent_command = 0;
	fx_refused(&s, "order philotas contingent", "5.62");
	L(&s, "parmenion")->contingent_command = 1;
	fx_ok(&s, "order hc5");
	fx_ok(&s, "halt");
	fx_ok(&s, "order parmenion");
	fx_ok(&s, "halt");
	cr_expect_eq(s.game->seq.orders_left, 2);
	fx_refused(&s, "order philotas contingent", "5.21"); /* 3 needed */
	session_free(&s);
}

/* GBA 5.6 is optional: without the battle's option nobody activates a
 * contingent commander, and none counts as one for the other rules. */
Test(gba_contingent, the_rule_is_optional_gba_5_6)
{
	/* GBA 5.6, GBA 5.67 */
	struct session s;
	wc_phase(&s, "alexander");
	s.game->battle->noptions = 0;
	cr_expect_not(leader_is_mcc(s.game, L(&s, "philotas")));
	cr_expect_not(leader_activates_mccs(s.game, L(&s, "alexander")));
	fx_refused(&s, "order philotas contingent", "5.6");
	session_free(&s);
}

/* GBA 5.66: no Momentum for a contingent commander; the Wing Commander
 * who activated him rolls for his own. */
Test(gba_contingent, the_wing_commander_rolls_momentum_gba_5_66)
{
	/* GBA 5.66 */
	struct session s;
	wc_phase(&s, "alexander");
	fx_ok(&s, "order philotas contingent");
	fx_ok(&s, "pick hc1");
	fx_ok(&s, "move 2518");
	fx_ok(&s, "orders done");
	for (int k = 0; k < 6 && seq_step_now(s.game) != SEQ_MOMENTUM; k++)
		fx_ok(&s, "continue");
	cr_assert_eq(seq_step_now(s.game), SEQ_MOMENTUM);
	cr_expect_eq(s.game->active_leader, LI(&s, "alexander"));
	fx_ok(&s, "roll 3");
	fx_ok(&s, "momentum");
	for (int k = 0; k < 6 && seq_step_now(s.game) != SEQ_ORDERS; k++)
		fx_ok(&s, "continue");
	cr_assert_eq(seq_step_now(s.game), SEQ_ORDERS);
	cr_expect_eq(s.game->active_leader, LI(&s, "alexander"));
	cr_expect_eq(L(&s, "philotas")->activations, 0);
	/* a new phase: Philotas must be activated again, at its price */
	fx_refused(&s, "pick hc2", "5.22");
	fx_ok(&s, "order philotas contingent");
	session_free(&s);
}

/* GBA 5.61, 5.65: the battle file's contingent_commander and
 * contingent_command, and what it refuses. */
Test(gba_contingent, the_battle_file_names_them_gba_5_61)
{
	/* GBA 5.61, GBA 5.65 */
	/* root/t/f/b.ini: its map ../maps/drill.ini is root/maps's */
	char root[] = "/tmp/maniple-gbamcc-XXXXXX", path[200], maps[200];
	cr_assert_not_null(mkdtemp(root));
	snprintf(path, sizeof path, "%s/t", root);
	cr_assert_eq(mkdir(path, 0700), 0);
	snprintf(path, sizeof path, "%s/t/f", root);
	cr_assert_eq(mkdir(path, 0700), 0);
	snprintf(maps, sizeof maps, "%s/maps", root);
	cr_assert_eq(symlink(MANIPLE_SRCDIR "/maps", maps), 0);
	snprintf(path, sizeof path, "%s/t/f/b.ini", root);
	char *text = fx_slurp(MANIPLE_SRCDIR
			      "/tests/fixtures/gba-contingents.ini");
	static const struct {
		const char *add, *says;
	} bad[] = {
		{"", NULL},
		{"\n[leader x]\nname = X\nside = macedon\nhex = 2110\n"
		 "command_range = 3\ncontingent_commander = yes\n"
		 "initiative = 3\nrestriction = type:HC\n",
		 "no initiative"},
		{"\n[leader x]\nname = X\nside = macedon\nhex = 2110\n"
		 "command_range = 3\ncontingent_commander = yes\n",
		 "restriction"},
		{"\n[leader x]\nname = X\nside = macedon\nhex = 2110\n"
		 "initiative = 3\ncommand_range = 3\ncontingent_command = 4\n",
		 "contingent_command"},
	};
	for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
		FILE *f = fopen(path, "w");
		cr_assert_not_null(f);
		fputs(text, f);
		fputs(bad[k].add, f);
		fclose(f);
		struct ini_error err = {0};
		struct battle *b = battle_load(path, &err);
		char buf[1024];
		ini_error_format(&err, buf, sizeof buf);
		if (!bad[k].says) {
			cr_assert_not_null(b, "%s", buf);
			int ph = -1, al = -1;
			for (int i = 0; i < b->nleaders; i++) {
				if (strcmp(b->leaders[i].id, "philotas") == 0)
					ph = i;
				if (strcmp(b->leaders[i].id, "alexander") == 0)
					al = i;
			}
			cr_assert(ph >= 0 && al >= 0);
			cr_expect(b->leaders[ph].contingent_commander);
			cr_expect_eq(b->leaders[al].contingent_command, 2);
			cr_expect_not(b->leaders[al].contingent_commander);
			battle_free(b);
			continue;
		}
		cr_expect_null(b, "%s", bad[k].add);
		cr_expect(strstr(buf, bad[k].says) != NULL, "%s", buf);
		cr_expect(strstr(buf, "b.ini:") != NULL, "%s", buf);
	}
	free(text);
	unlink(path);
	unlink(maps);
	snprintf(path, sizeof path, "%s/t/f", root);
	rmdir(path);
	snprintf(path, sizeof path, "%s/t", root);
	rmdir(path);
	rmdir(root);
}

/* GBA 5.68: a contingent commander stacked with a unit that moves may go
 * with it (to join its Shock): by the Wing Commander's Individual Order
 * (`order UNIT with LEADER`) or by his own Line Command's pick. */
Test(gba_contingent, riding_with_a_unit_gba_5_68)
{
	/* GBA 5.68 */
	struct session s;
	wc_phase(&s, "alexander");
	fx_refused(&s, "order hc2 with philotas", "5.68"); /* not with it */
	fx_refused(&s, "order hc1 with parmenion", "4.23");
	size_t from = s.game->events.n;
	fx_ok(&s, "order hc1 with philotas");
	cr_expect(said(&s, from, "to=hc1 with=philotas orders=1 left=4"));
	fx_ok(&s, "move 2518");
	cr_expect_eq(L(&s, "philotas")->hex.col, 25);
	cr_expect_eq(L(&s, "philotas")->hex.row, 18);
	/* he may part from it (GBA 4.23) */
	fx_ok(&s, "halt philotas");
	fx_ok(&s, "move 2618");
	cr_expect_eq(L(&s, "philotas")->hex.col, 25);
	fx_ok(&s, "halt");
	session_free(&s);

	/* by his own Line Command */
	wc_phase(&s, "alexander");
	fx_ok(&s, "order philotas contingent");
	from = s.game->events.n;
	fx_ok(&s, "pick hc1 with philotas");
	cr_expect(said(&s, from, "pick leader=alexander unit=hc1 "
				 "with=philotas"));
	fx_ok(&s, "move 2518");
	cr_expect_eq(L(&s, "philotas")->hex.col, 25);
	session_free(&s);
}

/* GBA 5.68: a contingent commander stacked with a unit that takes an
 * Orderly Withdrawal may go with it: the Persian hoplites hi9 step to
 * 2618, two hexes from the Companions hc1 (MA 8 against 6: 2 MP); Philotas
 * goes with hc1 to 2318. */
Test(gba_contingent, riding_with_a_withdrawing_unit_gba_5_68)
{
	struct session s;
	open_battle(&s);
	const char *const lines[] = {
		"setup turn 2",
		"setup unit hi9 2718 W",
		"setup leader satrap 2918",
		"setup leader-state alexander finished",
		"setup leader-state parmenion finished",
		"setup leader-state strategos finished",
		"continue",
		"activate satrap",
		"order hi9",
		"move 2618",
		NULL,
	};
	fx_run(&s, lines);
	size_t from = s.game->events.n;
	fx_refused(&s, "withdraw hc1 with attalus", "4.62"); /* not stacked */
	fx_ok(&s, "withdraw hc1 with philotas");
	cr_expect(said(&s, from, "leader_goes_with leader=philotas unit=hc1 "
				 "rule=4.62,5.68"),
		  "GBA 5.68");
	fx_ok(&s, "withdraw hc1 2318");
	cr_expect_eq(L(&s, "philotas")->hex.col, 23, "GBA 5.68");
	cr_expect_eq(L(&s, "philotas")->hex.row, 18, "GBA 5.68");
	cr_expect_eq(s.game->units[U(&s, "hc1")].at.hex[0].col, 23);
	session_free(&s);
}
