/* GBA leaders, command and activation (GBA sections 4 and 5) on the GBA
 * drill (scenarios/gba_drill.ini): the Persian Overall Commander (the
 * Satrap, 3016, range 5, Strategy 3) and his subordinate (the Strategos,
 * 3019, range 4, no Strategy Rating); the Persian horse line (hc2 2918,
 * lc1 2919).  Rule numbers cited as "GBA N.NN" are GBA's. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fixture.h"
#include "maniple/command.h"
#include "maniple/leaders.h"
#include "maniple/movement.h"
#include "maniple/sequence.h"
#include "maniple/tables.h"

static struct hex H(int n)
{
	return (struct hex){n / 100, n % 100};
}

static struct leader *L(struct session *s, const char *id)
{
	for (int i = 0; i < s->game->nleaders; i++)
		if (strcmp(s->game->leaders[i].id, id) == 0)
			return &s->game->leaders[i];
	cr_assert_fail("no leader %s", id);
	return NULL;
}

static int U(struct session *s, const char *id)
{
	for (int i = 0; i < s->game->nunits; i++)
		if (strcmp(s->game->units[i].id, id) == 0)
			return i;
	cr_assert_fail("no unit %s", id);
	return -1;
}

/* Whether an event of the command's output, formatted, holds text. */
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

/* The GBA drill in a sandbox on turn `turn`, the Satrap moved to
 * satrap_at (0: where he stands), the Strategos in his Orders Phase
 * (the Persians go first at the tie of Initiative 3, GBA 5.12). */
static void strategos_phase(struct session *s, int turn, int satrap_at)
{
	fx_session(s, "new gba_drill sandbox 1");
	char line[64];
	snprintf(line, sizeof line, "setup turn %d", turn);
	fx_ok(s, line);
	if (satrap_at) {
		snprintf(line, sizeof line, "setup leader satrap %04d",
			 satrap_at);
		fx_ok(s, line);
	}
	fx_ok(s, "continue");
	fx_ok(s, "activate strategos");
}

/* GBA 5.21: one Line Command a phase, whatever the rating says; GBA 4.1:
 * a leader not rated L (rating 0) gives none. */
Test(gba_cmd, one_line_command_a_phase_by_a_leader_rated_l_gba_5_21)
{
	/* GBA 5.21, GBA 4.1 */
	struct session s;
	fx_session(&s, "new gba_drill sandbox 1");
	L(&s, "strategos")->line_command = 2;
	cr_expect_eq(leader_line_commands(s.game, L(&s, "strategos")), 1,
		     "GBA 5.21: one Line Command");
	fx_ok(&s, "continue");
	fx_ok(&s, "activate strategos");
	size_t from = s.game->events.n;
	fx_ok(&s, "line horse");
	cr_expect(said(&s, from, "given=1 of=1"));
	fx_refused(&s, "line horse", "4.31");
	session_free(&s);

	fx_session(&s, "new gba_drill sandbox 1");
	L(&s, "strategos")->line_command = 0; /* not rated L */
	cr_expect_eq(leader_line_commands(s.game, L(&s, "strategos")), 0);
	fx_ok(&s, "continue");
	fx_ok(&s, "activate strategos");
	fx_refused(&s, "line horse", "4.31");
	fx_ok(&s, "order hc2"); /* his Individual Orders stand */
	session_free(&s);
}

/* SPQR 4.31 keeps the rating. */
Test(gba_cmd, spqr_keeps_the_line_command_rating_4_31)
{
	struct session s;
	fx_session(&s, "new drill sandbox 1");
	struct leader *l = &s.game->leaders[0];
	l->line_command = 2;
	cr_expect_eq(leader_line_commands(s.game, l), 2);
	session_free(&s);
}

/* GBA 4.1, 5.21: the battle file's line_capable is the L rating. */
Test(gba_cmd, the_battle_file_rates_a_leader_l_gba_4_1)
{
	/* GBA 4.1 */
	/* a folder of its own, its maps those of the source tree */
	char root[] = "/tmp/maniple-gbacmd-XXXXXX", path[200], maps[200];
	cr_assert_not_null(mkdtemp(root));
	snprintf(path, sizeof path, "%s/scenarios", root);
	cr_assert_eq(mkdir(path, 0700), 0);
	snprintf(maps, sizeof maps, "%s/maps", root);
	cr_assert_eq(symlink(MANIPLE_SRCDIR "/maps", maps), 0);
	snprintf(path, sizeof path, "%s/scenarios/b.ini", root);
	char *text = fx_slurp(MANIPLE_SRCDIR "/scenarios/gba_drill.ini");
	cr_assert_not_null(text);
	FILE *f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs(text, f);
	fputs("\n[leader taxiarch]\nname = the Taxiarch\nside = macedon\n"
	      "hex = 2414\ninitiative = 2\ncommand_range = 3\n"
	      "line_capable = yes\n"
	      "\n[leader ilarch]\nname = the Ilarch\nside = macedon\n"
	      "hex = 2420\ninitiative = 2\ncommand_range = 3\n"
	      "line_command = 1\nline_capable = no\n",
	      f);
	fclose(f);
	free(text);
	struct ini_error err = {0};
	struct battle *b = battle_load(path, &err);
	char buf[1024];
	ini_error_format(&err, buf, sizeof buf);
	cr_assert_not_null(b, "%s", buf);
	const struct leader *tx = NULL, *il = NULL;
	for (int i = 0; i < b->nleaders; i++) {
		if (strcmp(b->leaders[i].id, "taxiarch") == 0)
			tx = &b->leaders[i];
		if (strcmp(b->leaders[i].id, "ilarch") == 0)
			il = &b->leaders[i];
	}
	cr_assert(tx && il);
	cr_expect_eq(tx->line_command, 1);
	cr_expect_eq(il->line_command, 0);
	battle_free(b);
	/* not a yes or no: the line and the reason */
	f = fopen(path, "a");
	fputs("\n[leader bad]\nname = x\nside = macedon\nhex = 2410\n"
	      "initiative = 2\ncommand_range = 3\nline_capable = 2\n",
	      f);
	fclose(f);
	memset(&err, 0, sizeof err);
	cr_expect_null(battle_load(path, &err));
	ini_error_format(&err, buf, sizeof buf);
	cr_expect(strstr(buf, "line_capable") != NULL, "%s", buf);
	unlink(path);
	unlink(maps);
	snprintf(path, sizeof path, "%s/scenarios", root);
	rmdir(path);
	rmdir(root);
}

/* GBA 4.34 #3: outside his OC's range a subordinate rolls against his
 * OWN Strategy Rating (the Satrap's 3 would pass a 3; the Strategos's 2
 * does not); without one he gives no Line Command so. */
Test(gba_cmd, a_subordinate_rolls_his_own_strategy_gba_4_34)
{
	/* GBA 4.34 */
	struct session s;
	strategos_phase(&s, 2, 3410);
	/* no Strategy Rating: refused, nothing rolled */
	fx_refused(&s, "line horse", "4.34"); /* cited in GBA's numbers */
	session_free(&s);

	strategos_phase(&s, 2, 3410);
	L(&s, "strategos")->strategy = 2;
	fx_ok(&s, "roll 3");
	size_t from = s.game->events.n;
	fx_ok(&s, "line horse");
	cr_expect(said(&s, from, "for=line_command"));
	cr_expect(said(&s, from, "target=2"), "his own Strategy, not the "
					      "Satrap's 3");
	cr_expect(said(&s, from, "result=fail"));
	cr_expect(said(&s, from, "line_command_refused"));
	fx_ok(&s, "order hc2"); /* Individual Orders only */
	session_free(&s);

	strategos_phase(&s, 2, 3410);
	L(&s, "strategos")->strategy = 2;
	fx_ok(&s, "roll 2");
	from = s.game->events.n;
	fx_ok(&s, "line horse");
	cr_expect(said(&s, from, "target=2"));
	cr_expect(said(&s, from, "result=pass"));
	cr_expect(said(&s, from, "line_command leader=strategos"));
	session_free(&s);
}

/* GBA 4.34 #3 as line_command_authority answers it: refused, for the
 * want of a Strategy Rating, rather than a roll of the Satrap's. */
Test(gba_cmd, the_authority_refuses_without_a_strategy_rating_gba_4_34)
{
	/* GBA 4.34 */
	struct session s;
	strategos_phase(&s, 2, 3410);
	const struct leader *l = L(&s, "strategos");
	const struct line_def *def = NULL;
	for (int i = 0; i < s.game->battle->nlines; i++)
		if (strcmp(s.game->battle->lines[i].name, "horse") == 0)
			def = &s.game->battle->lines[i];
	cr_assert_not_null(def);
	struct line_groups lg;
	line_compose(s.game, NULL, def, l, &lg);
	struct lc_authority a = line_command_authority(
		s.game, NULL, l, &lg, 0, LC_INITIAL_PHASE, false);
	cr_expect_eq(a.decision, LC_REFUSED);
	cr_expect_str_eq(a.rule, "GBA 4.34");
	session_free(&s);
}

static const struct line_def *line_def(struct session *s, const char *name)
{
	for (int i = 0; i < s->game->battle->nlines; i++)
		if (strcmp(s->game->battle->lines[i].name, name) == 0)
			return &s->game->battle->lines[i];
	cr_assert_fail("no line %s", name);
	return NULL;
}

/* GBA 4.33: a Cavalry Line is the row's units within half the leader's
 * Command Range (4: 2 hexes), adjacent or not; one beyond is left out. */
Test(gba_cmd, a_cavalry_line_is_within_half_command_range_gba_4_33)
{
	/* GBA 4.33 */
	struct session s;
	fx_session(&s, "new gba_drill sandbox 1");
	struct game *g = s.game;
	const struct leader *st = L(&s, "strategos"); /* 3019 */
	cr_expect_eq(command_half_range(g, st), 2);
	fx_ok(&s, "setup unit lc1 3021 W"); /* 2 from him, not next to hc2 */
	const struct line_def *def = line_def(&s, "horse");
	struct line_groups lg;
	line_compose(g, NULL, def, st, &lg);
	cr_expect_eq(lg.ngroups, 1);
	cr_expect_eq(lg.group[U(&s, "hc2")], 0);
	cr_expect_eq(lg.group[U(&s, "lc1")], 0, "not adjacent, yet in");
	int both[2] = {U(&s, "hc2"), U(&s, "lc1")};
	cr_expect(line_forms_one(g, NULL, def, st, both, 2, NULL, 0));
	/* three hexes away: out of the Line */
	fx_ok(&s, "setup unit lc1 3022 W");
	line_compose(g, NULL, def, st, &lg);
	cr_expect_eq(lg.ngroups, 1);
	cr_expect_eq(lg.group[U(&s, "lc1")], -1);
	char why[160];
	cr_expect_not(line_forms_one(g, NULL, def, st, both, 2, why,
				     sizeof why));
	cr_expect(strstr(why, "half the leader's Command Range") != NULL,
		  "%s", why);
	/* the satrap (range 5: 3) reaches it from 3019 */
	struct leader at = *L(&s, "satrap");
	at.hex = H(3019);
	cr_expect_eq(command_half_range(g, &at), 3);
	line_compose(g, NULL, def, &at, &lg);
	cr_expect_eq(lg.group[U(&s, "lc1")], 0);
	/* no leader: no Line */
	line_compose(g, NULL, def, NULL, &lg);
	cr_expect_eq(lg.ngroups, 0);
	/* the command gives the Line Command to both, as one Line */
	fx_ok(&s, "setup unit lc1 3021 W");
	fx_ok(&s, "continue");
	fx_ok(&s, "activate strategos");
	size_t from = g->events.n;
	fx_ok(&s, "line horse");
	cr_expect(said(&s, from, "members=hc2,lc1"));
	session_free(&s);
}

/* The infantry row keeps its links in GBA (GBA 4.33: adjacent): the
 * hoplites and the Cardaces apart make two Lines. */
Test(gba_cmd, an_infantry_line_stays_linked_gba_4_33)
{
	/* GBA 4.33 */
	struct session s;
	fx_session(&s, "new gba_drill sandbox 1");
	fx_ok(&s, "setup unit ca1 2918 W"); /* hi1 at 2915: apart */
	struct line_groups lg;
	line_compose(s.game, NULL, line_def(&s, "hoplites"),
		     L(&s, "satrap"), &lg);
	cr_expect_eq(lg.ngroups, 2);
	session_free(&s);
}

/* GBA 5.31: a subordinate who gave a Line Command by standing in his
 * OC's Command Range may not roll for momentum. */
Test(gba_cmd, no_momentum_after_a_line_command_by_oc_range_gba_5_31)
{
	/* GBA 5.31 */
	struct session s;
	strategos_phase(&s, 2, 0); /* 3019, the Satrap 3 hexes away */
	size_t from = s.game->events.n;
	fx_ok(&s, "line horse");
	cr_expect_not(said(&s, from, "for=line_command"), "no roll");
	fx_ok(&s, "orders done"); /* on through the Shock segment */
	cr_expect(said(&s, from, "momentum_barred leader=strategos "
				 "why=line_command_by_oc_range"));
	cr_expect_eq(L(&s, "strategos")->state, LS_FINISHED);
	session_free(&s);

	/* Individual Orders instead: momentum may be tried */
	strategos_phase(&s, 2, 0);
	fx_ok(&s, "order hc2");
	fx_ok(&s, "orders done");
	cr_expect_eq(s.game->seq.step, SEQ_MOMENTUM);
	session_free(&s);

	/* on the first turn no range was needed (GBA 4.34 #4) */
	strategos_phase(&s, 1, 0);
	fx_ok(&s, "line horse");
	fx_ok(&s, "orders done");
	cr_expect_eq(s.game->seq.step, SEQ_MOMENTUM);
	session_free(&s);
}

/* The Strategos's momentum roll 9 and a second 9 (GBA 5.33), the TQ
 * checks of the units after it forced from `tq_dice` (NULL: none). */
static void crisis(struct session *s, int strategos_at, const int *tq_dice,
		   int n)
{
	fx_session(s, "new gba_drill sandbox 1");
	fx_ok(s, "setup turn 2");
	char line[64];
	snprintf(line, sizeof line, "setup leader strategos %04d",
		 strategos_at);
	fx_ok(s, line);
	fx_ok(s, "continue");
	fx_ok(s, "activate strategos");
	fx_ok(s, "orders done");
	cr_assert_eq(s->game->seq.step, SEQ_MOMENTUM);
	fx_ok(s, "roll 9");
	fx_ok(s, "roll 9");
	for (int i = 0; i < n; i++) {
		snprintf(line, sizeof line, "roll %d", tq_dice[i]);
		fx_ok(s, line);
	}
}

/* GBA 5.33: a second 9 is a Crisis of Faith: the units within half the
 * leader's Command Range (4: 2 hexes, rounded up) fall back 2 hexes, away
 * from the enemy and out of any enemy ZOC; a foot unit takes 1 hit
 * (6.72 #1), each a TQ check (6.72 #3: above the TQ, 1 more hit); the
 * leader falls back and is Finished; the activations go on. */
Test(gba_cmd, a_second_nine_is_a_crisis_of_faith_gba_5_33)
{
	/* GBA 5.33 */
	struct session s;
	/* by the hoplites (2915), the Cardaces (2916) and the archers
	 * (2815); the horse (2918, 2919) 3 hexes off */
	int dice[3] = {9, 0, 0};
	crisis(&s, 3015, dice, 3);
	struct game *g = s.game;
	struct footprint before[BATTLE_UNITS_MAX];
	for (int i = 0; i < g->nunits; i++)
		before[i] = g->units[i].at;
	int hits_before[BATTLE_UNITS_MAX];
	for (int i = 0; i < g->nunits; i++)
		hits_before[i] = g->units[i].hits;
	size_t from = g->events.n;
	fx_ok(&s, "momentum");
	cr_expect(said(&s, from, "result=crisis_of_faith"));
	cr_expect(said(&s, from, "crisis_of_faith leader=strategos range=2 "
				 "units=3"));
	const char *moved[] = {"hi1", "ca1", "ar2"};
	for (int k = 0; k < 3; k++) {
		int i = U(&s, moved[k]);
		const struct unit *u = &g->units[i];
		cr_expect_eq(hex_distance(before[i].hex[0], u->at.hex[0]), 2,
			     "%s went 2 hexes", u->id);
		cr_expect_not(unit_in_enemy_zoc(g, u), "%s", u->id);
		cr_expect_eq(u->at.facing, before[i].facing, "%s keeps its "
			     "facing", u->id);
	}
	/* the first TQ check (9) is above every TQ: one more hit; the
	 * others (0) pass.  All three are foot: 1 hit each (6.72 #1). */
	int total = 0;
	for (int k = 0; k < 3; k++) {
		int i = U(&s, moved[k]);
		total += g->units[i].hits - hits_before[i];
	}
	cr_expect_eq(total, 4);
	/* the horse stays */
	cr_expect(hex_eq(g->units[U(&s, "hc2")].at.hex[0], H(2918)));
	cr_expect(hex_eq(g->units[U(&s, "lc1")].at.hex[0], H(2919)));
	cr_expect_eq(hex_distance(L(&s, "strategos")->hex, H(3015)), 2);
	cr_expect_eq(L(&s, "strategos")->state, LS_FINISHED);
	cr_expect_not(g->seq.doom, "no end of the activations (SPQR's 9)");
	cr_expect_eq(g->seq.step, SEQ_ACTIVATE);
	session_free(&s);

	/* cavalry takes no hit for the fall back, only the TQ check's */
	int calm[2] = {0, 0};
	crisis(&s, 3019, calm, 2);
	g = s.game;
	from = g->events.n;
	fx_ok(&s, "momentum");
	cr_expect(said(&s, from, "units=2"));
	cr_expect_eq(g->units[U(&s, "hc2")].hits, 0);
	cr_expect_eq(g->units[U(&s, "lc1")].hits, 0);
	cr_expect_eq(hex_distance(g->units[U(&s, "hc2")].at.hex[0], H(2918)),
		     2);
	session_free(&s);
}

/* GBA 4.53: a Persian Wing Commander gives a Line Command in his Initial
 * phase with no roll, even outside his OC's range. */
Test(gba_cmd, a_persian_wing_commander_needs_no_roll_gba_4_53)
{
	/* GBA 4.53 */
	struct session s;
	fx_session(&s, "new gba_drill sandbox 1");
	L(&s, "strategos")->wing_commander = true;
	fx_ok(&s, "setup turn 2");
	fx_ok(&s, "setup leader satrap 3410");
	fx_ok(&s, "continue");
	fx_ok(&s, "activate strategos");
	size_t from = s.game->events.n;
	fx_ok(&s, "line horse");
	cr_expect_not(said(&s, from, "for=line_command"), "no roll");
	cr_expect(said(&s, from, "line_command leader=strategos"));
	session_free(&s);
}

/* GBA 4.34 #2 and 4.53 (ambiguity A6): a subordinate in a Wing
 * Commander's range gives a Line Command with no roll, but not by a
 * Persian one's; using it does not bar momentum (GBA 5.31, A7). */
Test(gba_cmd, a_wing_commanders_range_serves_unless_persian_gba_4_34)
{
	/* GBA 4.34, GBA 4.53, GBA 5.31 */
	struct session s;
	fx_session(&s, "new gba_drill sandbox 1");
	struct leader *sat = L(&s, "satrap"); /* 3 hexes from the Strategos */
	sat->overall = false;
	sat->wing_commander = true;
	fx_ok(&s, "setup turn 2");
	fx_ok(&s, "continue");
	fx_ok(&s, "activate strategos");
	fx_refused(&s, "line horse", "4.34"); /* a Persian WC: a roll, and
					       * no Strategy to roll */
	session_free(&s);

	/* Macedon's King made a Wing Commander (not its OC): the Hipparch
	 * (2419, 3 hexes off, no Strategy) commands the phalanx (hy1 two
	 * hexes from him) with no roll */
	fx_session(&s, "new gba_drill sandbox 1");
	struct leader *king = L(&s, "king");
	king->overall = false;
	king->wing_commander = true;
	fx_ok(&s, "setup turn 2");
	fx_ok(&s, "continue");
	fx_ok(&s, "activate strategos"); /* the Persians first at the tie */
	fx_ok(&s, "orders done");
	fx_ok(&s, "no momentum");
	fx_ok(&s, "activate hipparch");
	size_t from = s.game->events.n;
	fx_ok(&s, "line phalanx");
	cr_expect_not(said(&s, from, "for=line_command"), "no roll");
	cr_expect(said(&s, from, "line_command leader=hipparch"));
	fx_ok(&s, "orders done");
	cr_expect_eq(s.game->seq.step, SEQ_MOMENTUM, "not the OC's range");
	session_free(&s);
}

/* GBA 4.34: the Strategy roll has no +1 for a unit of the line in an
 * enemy ZOC (SPQR 4.33 #2 adds it). */
Test(gba_cmd, no_modifier_for_an_enemy_zoc_gba_4_34)
{
	/* GBA 4.34 */
	struct session s;
	fx_session(&s, "new gba_drill sandbox 1");
	cr_expect_eq(game_constant(s.game, RC_LINE_COMMAND_ZOC_DRM), 0);
	fx_ok(&s, "setup unit hc1 2818 E"); /* before the Persian horse */
	cr_assert(command_unit_in_enemy_zoc(s.game, NULL,
					    &s.game->units[U(&s, "hc2")]));
	L(&s, "strategos")->strategy = 2;
	fx_ok(&s, "setup turn 2");
	fx_ok(&s, "setup leader satrap 3410");
	fx_ok(&s, "continue");
	fx_ok(&s, "activate strategos");
	fx_ok(&s, "roll 2");
	size_t from = s.game->events.n;
	fx_ok(&s, "line horse");
	cr_expect(said(&s, from, "target=2 drm=+0 die=2"));
	cr_expect(said(&s, from, "result=pass"));
	session_free(&s);

	fx_session(&s, "new drill sandbox 1");
	cr_expect_eq(game_constant(s.game, RC_LINE_COMMAND_ZOC_DRM), 1,
		     "SPQR 4.33 #2");
	session_free(&s);
}

/* GBA 4.64: no leader is replaced. */
Test(gba_cmd, no_replacement_leaders_gba_4_64)
{
	/* GBA 4.64 */
	struct session s;
	fx_session(&s, "new gba_drill sandbox 1");
	struct leader *hp = L(&s, "hipparch");
	hp->killed = true;
	hp->on_map = false;
	size_t from = s.game->events.n;
	leader_fate(s.game, (int)(hp - s.game->leaders));
	cr_expect(said(&s, from, "no_replacement leader=hipparch"));
	cr_expect(said(&s, from, "rule=4.64"));
	cr_expect_not(leader_replaceable(s.game,
					 (int)(hp - s.game->leaders)));
	/* the King's order to replace him is refused */
	const char *const lines[] = {
		"continue",   "activate strategos", "orders done",
		"no momentum", "activate satrap",   "orders done",
		"no momentum", "activate king",	     NULL,
	};
	fx_run(&s, lines);
	fx_refused(&s, "order hipparch replace 2317", "4.64");
	session_free(&s);
}
