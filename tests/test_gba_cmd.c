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
#include "maniple/reactions.h"
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

/* GBA 4.1, 5.21: the battle file's line_capable is the L rating; GBA
 * 4.5, 4.51: its wing_commander names a Wing Commander. */
Test(gba_cmd, the_battle_file_rates_a_leader_l_gba_4_1)
{
	/* GBA 4.1, GBA 4.5, GBA 4.51 */
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
	      "line_capable = yes\nwing_commander = yes\n"
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
	cr_expect(tx->wing_commander);
	cr_expect_not(il->wing_commander);
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

/* GBA 4.34 #2, 4.52 and 4.53 (ambiguity A6): a subordinate in a Wing
 * Commander's range gives a Line Command with no roll, but not by a
 * Persian one's; using it does not bar momentum (GBA 5.31, A7). */
Test(gba_cmd, a_wing_commanders_range_serves_unless_persian_gba_4_34)
{
	/* GBA 4.34, GBA 4.52, GBA 4.53, GBA 5.31 */
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

/* ---- the rules GBA shares with SPQR, asserted in a GBA game ---- */

/* The drill begun: `continue` into the first activation (the Strategos
 * is due, GBA 5.12) on turn `turn`. */
static void drill_turn(struct session *s, int turn)
{
	fx_session(s, "new gba_drill sandbox 1");
	char line[32];
	snprintf(line, sizeof line, "setup turn %d", turn);
	fx_ok(s, line);
	fx_ok(s, "continue");
}

/* Whether leader l stands in an enemy ZOC */
static bool leader_in_enemy_zoc(const struct game *g, const struct leader *l)
{
	return zoc_enemy_in(g, l->side, l->hex);
}

/* The state of leader id */
static enum leader_state state_of(struct session *s, const char *id)
{
	return L(s, id)->state;
}

/* GBA 4.2, 4.22: a leader gives as many Individual Orders as his
 * Initiative (the Strategos 3), one unit each; GBA 4.21: only to a unit
 * within his Command Range (4) by a clear path. */
Test(gba_cmd, individual_orders_up_to_the_initiative_gba_4_22)
{
	/* GBA 4.2, GBA 4.21, GBA 4.22 */
	struct session s;
	drill_turn(&s, 1);
	size_t from = s.game->events.n;
	fx_ok(&s, "activate strategos");
	cr_expect(said(&s, from, "orders_phase leader=strategos orders=3"));
	/* the archers at 2815 are 5 hexes from 3019 */
	cr_expect_gt(hex_distance(H(3019), H(2815)), 4);
	fx_refused(&s, "order ar2", "4.21");
	const char *const three[] = {"order hc2", "halt", "order lc1", "halt",
				     "order hi1", "halt", NULL};
	fx_run(&s, three);
	cr_expect_eq(s.game->seq.orders_left, 0);
	fx_refused(&s, "order ca1", "5.21");
	session_free(&s);

	/* the archers brought within 4 hexes: ordered */
	fx_session(&s, "new gba_drill sandbox 1");
	fx_ok(&s, "setup unit ar2 2817 W");
	cr_expect_leq(hex_distance(H(3019), H(2817)), 4);
	fx_ok(&s, "continue");
	fx_ok(&s, "activate strategos");
	fx_ok(&s, "order ar2");
	cr_expect_eq(s.game->seq.orders_left, 2);
	session_free(&s);
}

/* GBA 5.23: a unit moves once an Orders Phase, but may be ordered again
 * in a later phase of the turn (here the Strategos's Momentum phase). */
Test(gba_cmd, a_unit_moves_once_a_phase_gba_5_23)
{
	/* GBA 5.23 */
	struct session s;
	drill_turn(&s, 1);
	fx_ok(&s, "activate strategos");
	fx_ok(&s, "order hc2");
	fx_ok(&s, "halt");
	fx_refused(&s, "order hc2", "5.23");
	fx_ok(&s, "orders done");
	fx_ok(&s, "roll 0");
	fx_ok(&s, "momentum");
	fx_ok(&s, "no trump");
	cr_expect_eq(L(&s, "strategos")->activations, 2);
	fx_ok(&s, "order hc2");
	session_free(&s);
}

/* The Strategos (3019) in the ZOC of the Companions set at 3118 facing
 * him, on turn 2. */
static void strategos_in_zoc(struct session *s)
{
	fx_session(s, "new gba_drill sandbox 1");
	fx_ok(s, "setup turn 2");
	fx_ok(s, "setup unit hc1 3118 W");
	cr_assert(leader_in_enemy_zoc(s->game, L(s, "strategos")));
	fx_ok(s, "continue");
}

/* GBA 4.24, 5.25: a leader other than the OC in an enemy ZOC gives no
 * orders, to units or to himself, and no Line Command; his range still
 * serves the Shock segment; he may not try Momentum (GBA 5.31).  GBA 4.4
 * #2: his OC moves him out for 2 orders, once a phase; GBA 4.25: though
 * he is Finished by then. */
Test(gba_cmd, no_orders_in_an_enemy_zoc_but_the_ocs_gba_4_24)
{
	/* GBA 4.24, GBA 5.25, GBA 4.4, GBA 4.25 */
	struct session s;
	strategos_in_zoc(&s);
	size_t from = s.game->events.n;
	fx_ok(&s, "activate strategos");
	cr_expect(said(&s, from, "no_orders leader=strategos why=in_enemy_zoc "
				 "rule=4.24"));
	cr_expect(said(&s, from, "range_for_shock leader=strategos"));
	fx_refused(&s, "order hc2", "4.24");
	fx_refused(&s, "order strategos", "4.24");
	fx_refused(&s, "line horse", "4.24");
	from = s.game->events.n;
	fx_ok(&s, "orders done");
	cr_expect(said(&s, from, "momentum_barred leader=strategos "
				 "why=in_enemy_zoc rule=5.31"));
	cr_expect_eq(state_of(&s, "strategos"), LS_FINISHED);
	fx_ok(&s, "activate hipparch");
	fx_ok(&s, "orders done");
	fx_ok(&s, "no momentum");
	fx_ok(&s, "activate satrap");
	/* the Satrap is not in a ZOC: two orders move the Strategos out */
	from = s.game->events.n;
	fx_ok(&s, "order strategos");
	cr_expect(said(&s, from, "to=strategos orders=2 left=2"));
	fx_ok(&s, "move 3020");
	cr_expect(hex_eq(L(&s, "strategos")->hex, H(3020)));
	fx_refused(&s, "order strategos", "4.4"); /* once a phase */
	session_free(&s);
}

/* GBA 4.4 #1: the OC in an enemy ZOC leaves it on his own order (1
 * order); GBA 4.25: a Finished leader gives no orders. */
Test(gba_cmd, the_oc_orders_himself_out_of_a_zoc_gba_4_4)
{
	/* GBA 4.4, GBA 4.25 */
	struct session s;
	fx_session(&s, "new gba_drill sandbox 1");
	fx_ok(&s, "setup turn 2");
	fx_ok(&s, "setup leader satrap 3020");
	fx_ok(&s, "setup unit hc1 3119 W");
	cr_assert(leader_in_enemy_zoc(s.game, L(&s, "satrap")));
	const char *const to_satrap[] = {
		"setup leader-state strategos finished",
		"setup leader-state hipparch finished",
		"continue",
		"activate satrap",
		NULL,
	};
	fx_run(&s, to_satrap);
	size_t from = s.game->events.n;
	fx_ok(&s, "order satrap");
	cr_expect(said(&s, from, "to=satrap orders=1 left=3"));
	fx_ok(&s, "move 3021");
	cr_expect_not(leader_in_enemy_zoc(s.game, L(&s, "satrap")));
	session_free(&s);

	/* a Finished active leader orders nothing */
	drill_turn(&s, 2);
	fx_ok(&s, "activate strategos");
	L(&s, "strategos")->state = LS_FINISHED;
	fx_refused(&s, "order hc2", "4.25");
	session_free(&s);
}

/* GBA 4.26: a leader moving on his own order has no facing to change. */
Test(gba_cmd, leaders_have_no_facing_gba_4_26)
{
	/* GBA 4.26 */
	struct session s;
	drill_turn(&s, 1);
	fx_ok(&s, "activate strategos");
	fx_ok(&s, "order strategos");
	fx_refused(&s, "face NE", "6.15"); /* GBA 6.15: leaders' moves */
	fx_ok(&s, "move 3020");
	session_free(&s);
}

/* GBA 5.1, 5.11, 5.13, 5.15, 5.45: the leaders start the turn Inactive;
 * the lowest goes first (the Strategos, then the Hipparch); one who has
 * had his phase, or passed, is Finished and is not activated again. */
Test(gba_cmd, inactive_active_finished_gba_5_11)
{
	/* GBA 5.1, GBA 5.11, GBA 5.13, GBA 5.15, GBA 5.45 */
	struct session s;
	drill_turn(&s, 2);
	for (int i = 0; i < s.game->nleaders; i++)
		cr_expect_eq(s.game->leaders[i].state, LS_INACTIVE);
	fx_refused(&s, "activate satrap", "5.12"); /* not the lowest */
	fx_ok(&s, "activate strategos");
	cr_expect_eq(state_of(&s, "strategos"), LS_ACTIVE);
	fx_ok(&s, "orders done");
	size_t from = s.game->events.n;
	fx_ok(&s, "no momentum");
	cr_expect(said(&s, from, "finished leader=strategos side=1 "
				 "why=no_momentum rule=5.15"));
	cr_expect(said(&s, from, "step=activate side=0 army=macedon lowest=3"));
	/* Macedon's turn: the Strategos is not theirs, and he has gone */
	fx_refused(&s, "activate strategos", "5.12");
	from = s.game->events.n;
	fx_ok(&s, "pass");
	cr_expect(said(&s, from, "finished leader=hipparch side=0 why=passed "
				 "rule=5.15"));
	/* the Satrap next (Persia first at the tie of 4): the Strategos,
	 * Finished, is not his to activate again */
	cr_expect(said(&s, from, "step=activate side=1 army=persia lowest=4"));
	fx_refused(&s, "activate strategos", "5.15");
	session_free(&s);
}

/* GBA 5.2, 5.26, 5.27, 5.3, 5.32: the orders given, the Shock segment;
 * then Momentum: a roll at or under the Initiative (3) is another phase,
 * over it Finishes him; GBA 5.14: three phases at most. */
Test(gba_cmd, momentum_at_or_under_the_initiative_gba_5_32)
{
	/* GBA 5.2, GBA 5.26, GBA 5.27, GBA 5.3, GBA 5.32, GBA 5.14 */
	struct session s;
	drill_turn(&s, 2);
	fx_ok(&s, "activate strategos");
	size_t from = s.game->events.n;
	fx_ok(&s, "orders done");
	cr_expect(said(&s, from, "phase name=shock"));
	cr_expect(said(&s, from, "decision step=momentum side=1 army=persia "
				 "leader=strategos"));
	fx_ok(&s, "roll 3");
	from = s.game->events.n;
	fx_ok(&s, "momentum");
	cr_expect(said(&s, from, "for=momentum leader=strategos initiative=3 "
				 "die=3 forced=yes result=success"));
	fx_ok(&s, "no trump");
	cr_expect(said(&s, from, "how=momentum phase_no=2"));
	fx_ok(&s, "orders done");
	fx_ok(&s, "roll 4");
	from = s.game->events.n;
	fx_ok(&s, "momentum");
	cr_expect(said(&s, from, "die=4 forced=yes result=failure"));
	cr_expect(said(&s, from, "finished leader=strategos side=1 "
				 "why=momentum_failed"));
	session_free(&s);

	/* three phases, then no fourth */
	drill_turn(&s, 2);
	const char *const three[] = {
		"activate strategos", "orders done", "roll 0", "momentum",
		"no trump",	      "orders done", "roll 1", "momentum",
		"no trump",	      NULL,
	};
	fx_run(&s, three);
	cr_expect_eq(L(&s, "strategos")->activations, 3);
	from = s.game->events.n;
	fx_ok(&s, "orders done");
	cr_expect(said(&s, from, "momentum_barred leader=strategos "
				 "why=three_phases rule=5.14"));
	cr_expect_eq(state_of(&s, "strategos"), LS_FINISHED);
	session_free(&s);
}

/* GBA 5.33 (0-1 of the second roll), GBA 5.34, ambiguity A23: the
 * opponent activates any one leader at once, even a Finished one, who
 * has no Momentum after it (Momentum comes only straight after a
 * leader's own phase); the leader who rolled is Finished. */
Test(gba_cmd, reactivation_has_no_momentum_gba_5_34)
{
	/* GBA 5.33, GBA 5.34 */
	struct session s;
	drill_turn(&s, 2);
	fx_ok(&s, "setup leader-state hipparch finished");
	fx_ok(&s, "activate strategos");
	fx_ok(&s, "orders done");
	fx_ok(&s, "roll 9 1");
	size_t from = s.game->events.n;
	fx_ok(&s, "momentum");
	cr_expect(said(&s, from, "result=reactivation"));
	cr_expect(said(&s, from, "finished leader=strategos side=1 why=doom"));
	fx_ok(&s, "activate hipparch"); /* Finished, re-activated */
	cr_expect_eq(state_of(&s, "hipparch"), LS_ACTIVE);
	from = s.game->events.n;
	fx_ok(&s, "orders done");
	cr_expect(said(&s, from, "momentum_barred leader=hipparch "
				 "why=reactivated rule=5.34"));
	session_free(&s);
}

/* GBA 5.4, 5.41, 5.44: Persia trumps the Strategos with the Satrap
 * (Initiative 4: a 4 succeeds); every Inactive leader of a rating no
 * higher is Bypassed and has no Momentum this turn.  A 5 fails: the
 * Strategos goes and the Satrap is Finished. */
Test(gba_cmd, active_player_trump_gba_5_41)
{
	/* GBA 5.4, GBA 5.41, GBA 5.44 */
	struct session s;
	drill_turn(&s, 2);
	fx_refused(&s, "trump king", "5.41"); /* not Persia's */
	fx_ok(&s, "roll 4");
	size_t from = s.game->events.n;
	fx_ok(&s, "trump satrap");
	cr_expect(said(&s, from, "for=trump leader=satrap against=strategos "
				 "initiative=4 die=4 forced=yes "
				 "result=success"));
	cr_expect(said(&s, from, "bypassed leader=strategos side=1 "
				 "by=satrap rule=5.44"));
	cr_expect(said(&s, from, "bypassed leader=hipparch side=0"));
	cr_expect(said(&s, from, "bypassed leader=king side=0"));
	fx_ok(&s, "no trump");
	fx_ok(&s, "order hc2");
	fx_ok(&s, "move 2818");
	fx_ok(&s, "orders done");
	fx_ok(&s, "no momentum");
	/* the Bypassed Strategos acts later, with no Momentum */
	fx_ok(&s, "activate strategos");
	from = s.game->events.n;
	fx_ok(&s, "orders done");
	cr_expect(said(&s, from, "momentum_barred leader=strategos "
				 "why=bypassed rule=5.44"));
	session_free(&s);

	drill_turn(&s, 2);
	fx_ok(&s, "roll 5");
	from = s.game->events.n;
	fx_ok(&s, "trump satrap");
	cr_expect(said(&s, from, "die=5 forced=yes result=failure"));
	cr_expect(said(&s, from, "finished leader=satrap side=1 "
				 "why=trump_failed rule=5.44"));
	cr_expect(said(&s, from, "activated leader=strategos"));
	cr_expect_eq(state_of(&s, "satrap"), LS_FINISHED);
	session_free(&s);
}

/* GBA 5.42, 5.43: after the Satrap's trump, Macedon may trump it with a
 * leader of equal or higher rating (the King, 4; not the Hipparch, 3);
 * the King's failure Finishes him and, each side's one attempt spent,
 * the Satrap gives his orders.  After a Momentum roll the King's success
 * takes the phase and Finishes the Strategos. */
Test(gba_cmd, inactive_player_trumps_gba_5_42)
{
	/* GBA 5.42, GBA 5.43, GBA 5.44 */
	struct session s;
	drill_turn(&s, 2);
	fx_ok(&s, "roll 4");
	fx_ok(&s, "trump satrap");
	fx_refused(&s, "trump hipparch", "5.42");
	fx_ok(&s, "roll 5");
	size_t from = s.game->events.n;
	fx_ok(&s, "trump king");
	cr_expect(said(&s, from, "for=trump_the_trump leader=king "
				 "against=satrap initiative=4 die=5 "
				 "forced=yes result=failure"));
	cr_expect(said(&s, from, "finished leader=king side=0 "
				 "why=trump_failed"));
	cr_expect(said(&s, from, "decision step=orders side=1 army=persia "
				 "leader=satrap"));
	session_free(&s);

	drill_turn(&s, 2);
	fx_ok(&s, "activate strategos");
	fx_ok(&s, "orders done");
	fx_ok(&s, "roll 0 4");
	fx_ok(&s, "momentum");
	from = s.game->events.n;
	fx_ok(&s, "trump king");
	cr_expect(said(&s, from, "for=momentum_trump leader=king "
				 "against=strategos initiative=4 die=4 "
				 "forced=yes result=success"));
	cr_expect(said(&s, from, "finished leader=strategos side=1 "
				 "why=trumped"));
	cr_expect(said(&s, from, "activated leader=king side=0 initiative=4 "
				 "how=momentum_trump"));
	session_free(&s);
}

/* GBA 5.46, 5.47: a leader who trumped must act before his orders are
 * done; one in an enemy ZOC (who can give no order, 4.24) has his trump
 * undone: he is Inactive again and the leader he passed goes. */
Test(gba_cmd, a_trump_must_be_used_gba_5_46)
{
	/* GBA 5.46, GBA 5.47 */
	struct session s;
	drill_turn(&s, 2);
	fx_ok(&s, "roll 4");
	fx_ok(&s, "trump satrap");
	fx_ok(&s, "no trump");
	fx_refused(&s, "orders done", "5.46");
	fx_ok(&s, "order hc2");
	/* an order is not enough: the unit must end in another hex */
	fx_refused(&s, "orders done", "5.46");
	fx_ok(&s, "move 2818");
	fx_ok(&s, "orders done");
	session_free(&s);

	/* a unit that fires has fought: that serves too */
	fx_session(&s, "new gba_drill sandbox 1");
	fx_ok(&s, "setup turn 2");
	fx_ok(&s, "setup unit ar2 2817 W");
	fx_ok(&s, "continue");
	fx_ok(&s, "roll 4");
	fx_ok(&s, "trump satrap");
	fx_ok(&s, "no trump");
	fx_ok(&s, "roll 5");
	fx_ok(&s, "order ar2 fire 2516");
	fx_ok(&s, "no reaction"); /* the slingers do not answer */
	fx_ok(&s, "orders done");
	session_free(&s);

	/* the King in the ZOC of the hoplites set before him */
	fx_session(&s, "new gba_drill sandbox 1");
	fx_ok(&s, "setup turn 2");
	fx_ok(&s, "setup leader king 2521");
	fx_ok(&s, "setup leader hipparch 2419");
	fx_ok(&s, "setup unit hi1 2621 W");
	L(&s, "king")->overall = false; /* a subordinate: no orders there */
	cr_assert(leader_in_enemy_zoc(s.game, L(&s, "king")));
	fx_ok(&s, "setup leader-state strategos finished");
	fx_ok(&s, "continue");
	fx_ok(&s, "roll 4");
	fx_ok(&s, "trump king");
	size_t from = s.game->events.n;
	fx_ok(&s, "no trump");
	cr_expect(said(&s, from, "must_act leader=king"));
	from = s.game->events.n;
	fx_ok(&s, "orders done");
	cr_expect(said(&s, from, "trump_void leader=king"));
	cr_expect(said(&s, from, "activated leader=hipparch"));
	cr_expect_eq(state_of(&s, "king"), LS_INACTIVE);
	session_free(&s);
}

/* GBA 5.31: a leader who fought Personal Combat in his phase (as
 * gba_personal_combat marks him, GBA 8.41) may not try Momentum; the
 * mark is his phase's only: the next Orders Phase begins without it. */
Test(gba_cmd, no_momentum_after_personal_combat_gba_5_31)
{
	/* GBA 5.31 */
	struct session s;
	drill_turn(&s, 2);
	fx_ok(&s, "activate strategos");
	L(&s, "strategos")->fought_personal_combat = true;
	L(&s, "hipparch")->fought_personal_combat = true; /* his foe */
	size_t from = s.game->events.n;
	fx_ok(&s, "orders done");
	cr_expect(said(&s, from, "momentum_barred leader=strategos "
				 "why=personal_combat rule=5.31"));
	cr_expect_eq(state_of(&s, "strategos"), LS_FINISHED);
	/* the Hipparch's own phase: his mark is gone, Momentum open */
	fx_ok(&s, "activate hipparch");
	cr_expect_not(L(&s, "hipparch")->fought_personal_combat);
	fx_ok(&s, "orders done");
	cr_expect_eq(s.game->seq.step, SEQ_MOMENTUM);
	session_free(&s);

	/* without it, the Strategos may roll */
	drill_turn(&s, 2);
	fx_ok(&s, "activate strategos");
	fx_ok(&s, "orders done");
	cr_expect_eq(s.game->seq.step, SEQ_MOMENTUM);
	session_free(&s);
}

/* GBA 4.23: a leader goes with the unit he is stacked with on its order,
 * spending no order of his own, and need not stay with it: `halt LEADER`
 * leaves him in the hex he has reached while the unit moves on. */
Test(gba_cmd, a_leader_may_part_from_his_unit_gba_4_23)
{
	/* GBA 4.23 */
	struct session s;
	fx_session(&s, "new gba_drill sandbox 1");
	fx_ok(&s, "setup leader strategos 2918"); /* on the Persian horse */
	fx_ok(&s, "continue");
	fx_ok(&s, "activate strategos");
	fx_refused(&s, "halt strategos", "4.23"); /* no move open */
	fx_ok(&s, "order hc2 with");
	cr_expect_eq(s.game->seq.orders_left, 2, "the unit's order only");
	struct hex a = hex_neighbour(H(2918), SIDE_WNW);
	struct hex b = hex_neighbour(a, SIDE_WNW);
	char line[32], hx[8];
	hex_format(a, hx, sizeof hx);
	snprintf(line, sizeof line, "move %s", hx);
	size_t from = s.game->events.n;
	fx_ok(&s, line);
	cr_expect(said(&s, from, "leader_moved leader=strategos with=hc2"));
	cr_expect(hex_eq(L(&s, "strategos")->hex, a));
	struct decision_answer ans[128];
	int n = seq_legal(s.game, ans, 128);
	bool listed = false;
	for (int i = 0; i < n; i++)
		listed |= strcmp(ans[i].line, "halt strategos") == 0;
	cr_expect(listed, "legal lists halt strategos");
	fx_refused(&s, "halt hipparch", "4.23"); /* not going with it */
	from = s.game->events.n;
	fx_ok(&s, "halt strategos");
	cr_expect(said(&s, from, "leader_left leader=strategos unit=hc2"));
	hex_format(b, hx, sizeof hx);
	snprintf(line, sizeof line, "move %s", hx);
	fx_ok(&s, line);
	fx_ok(&s, "halt");
	cr_expect(hex_eq(s.game->units[U(&s, "hc2")].at.hex[0], b));
	cr_expect(hex_eq(L(&s, "strategos")->hex, a), "he stayed behind");
	session_free(&s);
}

/* SPQR 4.23: the leader stays with the unit to the end of its move;
 * 4.4 #2: an OC in an enemy ZOC (Hanno) may order another leader. */
Test(gba_cmd, spqr_leader_stays_with_his_unit_4_23)
{
	struct session s;
	fx_session(&s, "new drill sandbox 1");
	const char *const lines[] = {
		"setup leader mago 2919", /* on the Carthaginian horse */
		"setup leader hanno 3020",
		"setup unit pr1 3119 W", /* Hanno in its ZOC */
		"setup leader-state tribune finished",
		"setup leader-state consul finished",
		"continue",
		"activate mago",
		"order hc1 with",
		NULL,
	};
	fx_run(&s, lines);
	fx_refused(&s, "halt mago", "4.23");
	const char *const on[] = {"halt", "orders done", "no momentum",
				  "activate hanno", NULL};
	fx_run(&s, on);
	cr_assert(leader_in_enemy_zoc(s.game, L(&s, "hanno")));
	fx_ok(&s, "order mago");
	session_free(&s);
}

/* GBA 4.36: a leader moving as part of his Line Command need not stay
 * within range of its units (SPQR 4.34 keeps him within it). */
Test(gba_cmd, a_leader_need_not_stay_with_his_line_gba_4_36)
{
	/* GBA 4.36, GBA 4.3, GBA 4.31 */
	struct session s;
	drill_turn(&s, 1);
	fx_ok(&s, "activate strategos");
	fx_ok(&s, "line horse");
	fx_refused(&s, "order hi1", "5.21"); /* the LC in place of IOs */
	fx_ok(&s, "pick strategos");
	struct hex h = H(3019);
	for (int k = 0; k < 5; k++) {
		h = hex_neighbour(h, SIDE_S);
		char line[32], hx[8];
		hex_format(h, hx, sizeof hx);
		snprintf(line, sizeof line, "move %s", hx);
		fx_ok(&s, line);
	}
	const struct game *g = s.game;
	cr_expect_gt(hex_distance(L(&s, "strategos")->hex,
				  g->units[U(&s, "hc2")].at.hex[0]),
		     4);
	cr_expect_gt(hex_distance(L(&s, "strategos")->hex,
				  g->units[U(&s, "lc1")].at.hex[0]),
		     4);
	session_free(&s);
}

/* GBA 4.4 #2: an Overall Commander in an enemy ZOC orders no other leader
 * to move until he has ordered himself out of it (SPQR's may). */
Test(gba_cmd, the_oc_in_a_zoc_moves_no_leader_gba_4_4)
{
	/* GBA 4.4 */
	struct session s;
	fx_session(&s, "new gba_drill sandbox 1");
	fx_ok(&s, "setup turn 2");
	fx_ok(&s, "setup leader satrap 3020");
	fx_ok(&s, "setup unit hc1 3119 W");
	const char *const to_satrap[] = {
		"setup leader-state strategos finished",
		"setup leader-state hipparch finished",
		"continue",
		"activate satrap",
		NULL,
	};
	fx_run(&s, to_satrap);
	cr_assert(leader_in_enemy_zoc(s.game, L(&s, "satrap")));
	fx_refused(&s, "order strategos", "4.4");
	fx_ok(&s, "order satrap");
	fx_ok(&s, "move 3021");
	size_t from = s.game->events.n;
	fx_ok(&s, "order strategos"); /* in the ZOC too: 2 orders */
	cr_expect(said(&s, from, "to=strategos orders=2 left=1"));
	session_free(&s);
}

/* The Strategos, Finished, alone at `at`, and the Hipparch's phase on
 * turn 2 with `unit` ordered */
static void approached(struct session *s, const char *at, const char *unit)
{
	fx_session(s, "new gba_drill sandbox 1");
	char line[48];
	snprintf(line, sizeof line, "setup leader strategos %s", at);
	const char *const lines[] = {
		"setup turn 2", line, "setup leader-state strategos finished",
		"continue", "activate hipparch", NULL,
	};
	fx_run(s, lines);
	snprintf(line, sizeof line, "order %s", unit);
	fx_ok(s, line);
}

/* GBA 4.62 (ruling R105): a leader an enemy unit comes next to may
 * withdraw as many MP as his MA (9) exceeds the unit's: 3 before the
 * hypaspists (MA 6), 1 before the Companions (MA 8); SPQR 4.72's 3 hexes
 * whatever the unit. */
Test(gba_cmd, a_leader_approached_withdraws_nine_less_the_ma_gba_4_62)
{
	/* GBA 4.62 */
	struct session s;
	approached(&s, "2617", "hy1");
	size_t from = s.game->events.n;
	fx_ok(&s, "move 2517");
	cr_expect(said(&s, from, "leader_withdrawal_offered leader=strategos "
				 "by=hy1 mp=3 alone=yes"));
	fx_ok(&s, "withdraw strategos 2717");
	fx_ok(&s, "withdraw strategos 2817");
	fx_ok(&s, "withdraw strategos 2917");
	fx_refused(&s, "withdraw strategos 3017", "4.62");
	fx_ok(&s, "withdraw strategos done");
	cr_expect(hex_eq(L(&s, "strategos")->hex, H(2917)));
	cr_expect_not(L(&s, "strategos")->killed);
	session_free(&s);

	approached(&s, "2619", "hc1");
	from = s.game->events.n;
	fx_ok(&s, "move 2519");
	cr_expect(said(&s, from, "leader_withdrawal_offered leader=strategos "
				 "by=hc1 mp=1 alone=yes"));
	fx_ok(&s, "withdraw strategos 2719");
	fx_refused(&s, "withdraw strategos 2819", "4.62");
	session_free(&s);

	/* staying, alone, he is taken */
	approached(&s, "2619", "hc1");
	fx_ok(&s, "move 2519");
	from = s.game->events.n;
	fx_ok(&s, "withdraw strategos done");
	cr_expect(L(&s, "strategos")->killed);
	session_free(&s);
}

/* GBA 4.63: the Strategos, alone, moves next to the Hipparch, alone: they
 * fight Personal Combat at once (GBA 8.4: 9 + 2 against 0 + 3, the
 * Hipparch killed); the Strategos then has no Momentum (GBA 5.31).  With
 * a unit in either's hex, or in SPQR, nothing happens. */
Test(gba_cmd, lone_leaders_meet_in_personal_combat_gba_4_63)
{
	/* GBA 4.63, GBA 5.31 */
	struct session s;
	fx_session(&s, "new gba_drill sandbox 1");
	const char *const lines[] = {
		"setup turn 2", "setup leader hipparch 3021", "continue",
		"activate strategos", "order strategos", "roll 9 0", NULL,
	};
	fx_run(&s, lines);
	size_t from = s.game->events.n;
	fx_ok(&s, "move 3020");
	cr_expect(said(&s, from, "lone_leaders_meet leader=strategos "
				 "enemy=hipparch rule=4.63"));
	cr_expect(said(&s, from, "personal_combat attacker_leader=strategos "
				 "attacker_total=11 defender_leader=hipparch "
				 "defender_total=3"));
	cr_expect(L(&s, "hipparch")->killed);
	from = s.game->events.n;
	fx_ok(&s, "orders done");
	cr_expect(said(&s, from, "momentum_barred leader=strategos "
				 "why=personal_combat"));
	session_free(&s);

	/* the Hipparch with the Persian horse... of his own side: not alone */
	fx_session(&s, "new gba_drill sandbox 1");
	const char *const stacked[] = {
		"setup turn 2", "setup leader hipparch 3021",
		"setup unit hc1 3021 W", "continue", "activate strategos",
		"order strategos", NULL,
	};
	fx_run(&s, stacked);
	from = s.game->events.n;
	fx_ok(&s, "move 3020");
	cr_expect_not(said(&s, from, "personal_combat"));
	session_free(&s);

	/* SPQR: Mago, alone, next to the tribune, alone */
	fx_session(&s, "new drill sandbox 1");
	const char *const spqr[] = {
		"setup leader tribune 3021",
		"setup leader-state tribune finished",
		"setup leader-state consul finished",
		"continue",
		"activate mago",
		"order mago",
		NULL,
	};
	fx_run(&s, spqr);
	from = s.game->events.n;
	fx_ok(&s, "move 3020");
	cr_expect_not(said(&s, from, "lone_leaders_meet"));
	cr_expect_not(L(&s, "tribune")->killed);
	session_free(&s);
}

/* GBA 4.37: a leader's command restriction limits his Line Commands,
 * never his Individual Orders (SPQR 4.35 limits both). */
Test(gba_cmd, a_restriction_limits_line_commands_only_gba_4_37)
{
	/* GBA 4.37 */
	struct session s;
	fx_session(&s, "new gba_drill sandbox 1");
	L(&s, "strategos")->restriction = "type:LC";
	fx_ok(&s, "continue");
	fx_ok(&s, "activate strategos");
	fx_refused(&s, "line horse", "4.37"); /* the Persian horse is HC */
	fx_ok(&s, "order hc2");
	session_free(&s);

	fx_session(&s, "new drill sandbox 1");
	L(&s, "mago")->restriction = "type:LC";
	const char *const spqr[] = {
		"setup leader-state tribune finished",
		"setup leader-state consul finished",
		"continue",
		"activate mago",
		NULL,
	};
	fx_run(&s, spqr);
	fx_refused(&s, "order hc1", "4.35");
	session_free(&s);
}

/* GBA 4.35: in a Momentum phase the OC gives a Line Command as freely as
 * before; a subordinate who rolled for his in his first phase rolls
 * again; one who gave none then gives none. */
Test(gba_cmd, line_commands_in_momentum_phases_gba_4_35)
{
	/* GBA 4.35 */
	struct session s;
	strategos_phase(&s, 2, 3410);
	L(&s, "strategos")->strategy = 2;
	const char *const first[] = {"roll 2", "line horse", "orders done",
				     "roll 0", "momentum", "no trump", NULL};
	fx_run(&s, first);
	cr_expect_eq(L(&s, "strategos")->activations, 2);
	fx_ok(&s, "roll 3");
	size_t from = s.game->events.n;
	fx_ok(&s, "line horse");
	cr_expect(said(&s, from, "for=line_command"), "rolled again");
	cr_expect(said(&s, from, "result=fail"));
	session_free(&s);

	/* Individual Orders first: no Line Command in the Momentum phase,
	 * though he stands in the Satrap's range */
	strategos_phase(&s, 2, 0);
	const char *const ios[] = {"order hc2", "halt", "orders done",
				   "roll 0", "momentum", "no trump", NULL};
	fx_run(&s, ios);
	fx_refused(&s, "line horse", "4.34");
	session_free(&s);
}

/* GBA 4.6, 4.61: a leader alone may not step into an enemy ZOC (3021,
 * before the Companions set south-east of it facing NW); stacked with a
 * friendly combat unit there he may. */
Test(gba_cmd, a_leader_enters_an_enemy_zoc_only_by_a_friend_gba_4_61)
{
	/* GBA 4.6, GBA 4.61 */
	struct session s;
	struct hex z = H(3021), y = hex_neighbour(z, SIDE_ESE);
	char comp[48], yx[8];
	hex_format(y, yx, sizeof yx);
	snprintf(comp, sizeof comp, "setup unit hc1 %s NW", yx);
	fx_session(&s, "new gba_drill sandbox 1");
	fx_ok(&s, comp);
	cr_assert(zoc_enemy_in(s.game, 1, z));
	cr_assert_not(zoc_enemy_in(s.game, 1, H(3020)));
	const char *const to_3020[] = {"continue", "activate strategos",
				       "order strategos", "move 3020", NULL};
	fx_run(&s, to_3020);
	fx_refused(&s, "move 3021", "4.61");
	session_free(&s);

	fx_session(&s, "new gba_drill sandbox 1");
	fx_ok(&s, comp);
	fx_ok(&s, "setup unit lc1 3021 W"); /* a friend there */
	fx_run(&s, to_3020);
	fx_ok(&s, "move 3021");
	cr_expect(hex_eq(L(&s, "strategos")->hex, z));
	session_free(&s);
}

/* GBA 5.5 (optional; the battle marks Alexander elite): from turn 2 a
 * roll of 8 or 9 at the turn's start cancels the Elite phase; on turn 1
 * nothing is rolled. */
Test(gba_cmd, the_elite_phase_is_cancelled_on_eight_or_nine_gba_5_5)
{
	/* GBA 5.5 */
	struct session s;
	fx_session(&s, "new gba_drill sandbox 1");
	L(&s, "king")->elite = true;
	size_t from = s.game->events.n;
	fx_ok(&s, "continue");
	cr_expect_not(said(&s, from, "for=elite_cancel"), "turn 1");
	cr_expect(said(&s, from, "elite_offer side=0 oc=king"));
	session_free(&s);

	fx_session(&s, "new gba_drill sandbox 1");
	L(&s, "king")->elite = true;
	fx_ok(&s, "setup turn 2");
	fx_ok(&s, "roll 8");
	from = s.game->events.n;
	fx_ok(&s, "continue");
	cr_expect(said(&s, from, "for=elite_cancel side=0 leader=king die=8 "
				 "forced=yes result=no_elite_phase"));
	cr_expect_not(said(&s, from, "elite_offer"));
	cr_expect_eq(s.game->seq.step, SEQ_ACTIVATE);
	session_free(&s);

	fx_session(&s, "new gba_drill sandbox 1");
	L(&s, "king")->elite = true;
	fx_ok(&s, "setup turn 2");
	fx_ok(&s, "roll 7");
	from = s.game->events.n;
	fx_ok(&s, "continue");
	cr_expect(said(&s, from, "result=elite_phase"));
	cr_expect(said(&s, from, "elite_offer side=0 oc=king"));
	fx_ok(&s, "elite king");
	session_free(&s);
}

/* GBA 5.22: an Individual Order may take 2 hits off a unit out of enemy
 * missile range (GBA 10.14); a Line Command never recovers: once the
 * Strategos has given one he gives no such order. */
Test(gba_cmd, what_an_order_does_gba_5_22)
{
	/* GBA 5.22 */
	struct session s;
	fx_session(&s, "new gba_drill sandbox 1");
	fx_ok(&s, "setup remove ar1"); /* no enemy missiles in range */
	fx_ok(&s, "setup hits hc2 3");
	fx_ok(&s, "continue");
	fx_ok(&s, "activate strategos");
	fx_ok(&s, "order hc2 recover");
	cr_expect_eq(s.game->units[U(&s, "hc2")].hits, 1);
	session_free(&s);

	fx_session(&s, "new gba_drill sandbox 1");
	fx_ok(&s, "setup remove ar1");
	fx_ok(&s, "setup hits hc2 3");
	fx_ok(&s, "continue");
	fx_ok(&s, "activate strategos");
	fx_ok(&s, "line horse");
	fx_refused(&s, "order hc2 recover", "5.21");
	cr_expect_eq(s.game->units[U(&s, "hc2")].hits, 3);
	session_free(&s);
}

/* GBA 4.32: not every unit of a Line has to move with it: the Persian
 * horse moves, the Bactrian horse of the same Line stays. */
Test(gba_cmd, not_every_unit_of_a_line_moves_gba_4_32)
{
	/* GBA 4.32 */
	struct session s;
	drill_turn(&s, 1);
	fx_ok(&s, "activate strategos");
	size_t from = s.game->events.n;
	fx_ok(&s, "line horse");
	cr_expect(said(&s, from, "members=hc2,lc1"));
	const char *const lines[] = {"pick hc2", "face SW", "halt",
				     "orders done", NULL};
	fx_run(&s, lines);
	cr_expect_eq(s.game->units[U(&s, "hc2")].at.facing, FACE_SW);
	cr_expect(hex_eq(s.game->units[U(&s, "lc1")].at.hex[0], H(2919)));
	cr_expect_eq(s.game->units[U(&s, "lc1")].at.facing, FACE_W);
	session_free(&s);
}

/* The GBA drill on turn 2 with the Satrap the battle's target (GBA
 * 8.46), stacked with the Cardaces at satrap_at (facing west), the King
 * at king_at in his Orders Phase. */
static void flight_phase(struct session *s, int satrap_at, int king_at)
{
	drill_turn(s, 2);
	char line[64];
	snprintf(line, sizeof line, "setup leader satrap %04d", satrap_at);
	fx_ok(s, line);
	snprintf(line, sizeof line, "setup unit ca1 %04d W", satrap_at);
	fx_ok(s, line);
	snprintf(line, sizeof line, "setup leader king %04d", king_at);
	fx_ok(s, line);
	L(s, "satrap")->target = true;
	const char *const to_king[] = {
		"setup leader-state strategos finished",
		"setup leader-state satrap finished",
		"setup leader-state hipparch finished",
		NULL,
	};
	fx_run(s, to_king);
}

/* GBA 8.46 the Achaemenid Flight: the target may withdraw, stacked too,
 * when only an enemy leader comes next to him; up to 4 hexes, each one
 * nearer his army's Retreat Edge (Persia's is the east edge). */
Test(gba_cmd, the_achaemenid_flight_from_a_leader_gba_8_46)
{
	/* GBA 8.46 */
	struct session s;
	flight_phase(&s, 3016, 3216);
	fx_ok(&s, "activate king");
	fx_ok(&s, "order king");
	size_t from = s.game->events.n;
	fx_ok(&s, "move 3116");
	cr_expect(said(&s, from, "flight_offered leader=satrap by=king "
				 "hexes=4 alone=no"));
	fx_refused(&s, "order hc1", "4.62"); /* his answer first */
	fx_refused(&s, "withdraw satrap 2916", "8.46"); /* away from it */
	const char *const flee[] = {"withdraw satrap 3115",
				    "withdraw satrap 3215",
				    "withdraw satrap 3314",
				    "withdraw satrap 3414", NULL};
	fx_run(&s, flee);
	cr_expect_eq(L(&s, "satrap")->hex.col, 34);
	fx_refused(&s, "withdraw satrap 3413", "4.62"); /* 4 hexes used */
	from = s.game->events.n;
	fx_ok(&s, "withdraw satrap done");
	cr_expect(said(&s, from, "flight_done leader=satrap hexes=4"));
	cr_expect(L(&s, "satrap")->on_map);
	session_free(&s);

	/* SPQR's and GBA 4.62's leaders stay where only a leader comes */
	flight_phase(&s, 3016, 3216);
	L(&s, "satrap")->target = false;
	fx_ok(&s, "activate king");
	fx_ok(&s, "order king");
	from = s.game->events.n;
	fx_ok(&s, "move 3116");
	cr_expect_not(said(&s, from, "flight_offered"));
	cr_expect_not(said(&s, from, "leader_withdrawal_offered"));
	session_free(&s);
}

/* GBA 8.46: from a hex of his Retreat Edge the fleeing target may leave
 * the map; he is not killed (the battle goes on) and never comes back. */
Test(gba_cmd, the_target_flees_off_the_map_gba_8_46)
{
	/* GBA 8.46 */
	struct session s;
	flight_phase(&s, 3316, 3116);
	fx_ok(&s, "setup unit ca1 3316 E"); /* the King comes from behind */
	fx_ok(&s, "activate king");
	fx_ok(&s, "order king");
	fx_ok(&s, "move 3216");
	fx_refused(&s, "withdraw satrap off", "8.46"); /* not on the edge */
	fx_ok(&s, "withdraw satrap 3416");
	size_t from = s.game->events.n;
	fx_ok(&s, "withdraw satrap off");
	cr_expect(said(&s, from, "leader_fled leader=satrap from=3416"));
	cr_expect(said(&s, from, "flight_done leader=satrap hexes=2"));
	cr_expect_not(L(&s, "satrap")->on_map);
	cr_expect_not(L(&s, "satrap")->killed);
	cr_expect_eq(s.game->seq.result, RESULT_NONE);
	session_free(&s);
}

/* GBA 8.46: an enemy combat unit coming next to the target offers him
 * the flight's 4 hexes, not GBA 4.62's MP; a lone target an enemy leader
 * came next to and who stays is not eliminated (4.62 asks an enemy
 * combat unit). */
Test(gba_cmd, the_flight_from_a_unit_and_staying_gba_8_46)
{
	/* GBA 8.46 */
	struct session s;
	flight_phase(&s, 3016, 3219);
	fx_ok(&s, "setup unit hc1 3216 W");
	fx_ok(&s, "activate king");
	fx_ok(&s, "order hc1");
	size_t from = s.game->events.n;
	fx_ok(&s, "move 3116");
	cr_expect(said(&s, from, "flight_offered leader=satrap by=hc1 "
				 "hexes=4"));
	session_free(&s);

	/* alone: the leaders meet first (GBA 4.63: 8 against 8, nothing),
	 * then he may flee, and staying costs him nothing */
	flight_phase(&s, 3016, 3216);
	fx_ok(&s, "setup unit ca1 2916 W");
	fx_ok(&s, "activate king");
	fx_ok(&s, "order king");
	fx_ok(&s, "roll 3 4");
	from = s.game->events.n;
	fx_ok(&s, "move 3116");
	cr_expect(said(&s, from, "lone_leaders_meet"));
	cr_expect(said(&s, from, "flight_offered leader=satrap by=king "
				 "hexes=4 alone=yes"));
	fx_ok(&s, "withdraw satrap done");
	cr_expect(L(&s, "satrap")->on_map);
	cr_expect_not(L(&s, "satrap")->killed);
	session_free(&s);
}

/* GBA 5.24: an order moves a unit next to the enemy and no Shock comes
 * of it then: it is marked to shock in the Shock segment that follows
 * the orders; the enemy's reactions to it need no order of theirs (no
 * Persian leader is active: the Bactrian horse is offered its
 * withdrawal, the Persian horse its facing change). */
Test(gba_cmd, orders_bring_no_shock_reaction_needs_no_order_gba_5_24)
{
	/* GBA 5.24 */
	struct session s;
	drill_turn(&s, 2);
	const char *const to_king[] = {
		"setup leader-state strategos finished",
		"setup leader-state satrap finished",
		"setup leader-state hipparch finished",
		"setup unit hc1 2717 E",
		"setup leader king 2716",
		"activate king",
		"order hc1",
		NULL,
	};
	fx_run(&s, to_king);
	size_t from = s.game->events.n;
	fx_ok(&s, "move 2818");
	cr_expect(hex_distance(s.game->units[U(&s, "hc1")].at.hex[0],
			       s.game->units[U(&s, "hc2")].at.hex[0]) == 1);
	cr_expect(said(&s, from, "reaction_offer kind=withdraw unit=lc1 "
				 "side=1"),
		  "no order of Persia's asked");
	cr_expect(said(&s, from, "reaction_offer kind=face unit=hc2 side=1"));
	cr_expect(said(&s, from, "shock_must_check unit=hc1"));
	cr_expect_not(said(&s, from, "clash"));
	cr_expect_not(said(&s, from, "shock_result"));
	while (reactions_pending(s.game))
		fx_ok(&s, "no reaction");
	cr_expect_eq(seq_step_now(s.game), SEQ_ORDERS);
	cr_expect_eq(s.game->units[U(&s, "hc2")].hits, 0);
	from = s.game->events.n;
	fx_ok(&s, "orders done");
	cr_expect(said(&s, from, "orders_done"));
	session_free(&s);
}
