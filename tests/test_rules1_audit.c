/* The audit of issue "Rules I": the rules no other test cited (4.51,
 * 4.55, 5.11, 5.25), 5.45 and 5.46 where the trumper surely can or surely
 * cannot give an order, the rulebook's worked examples played with the
 * order commands on positions staged with `setup` in sandbox games, and a
 * systematic check that a refused command names its reason and rule and
 * changes nothing (state text and event count), in every step of the
 * sequence.  Battles: the shipped drill and bagradas, the uphill fixture
 * of EXAMPLES.md, and "cannae", a clear field (tests/fixtures/
 * map-clear.ini) with the rulebook's Cannae leaders written below. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "logged.h"
#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/orders.h"
#include "maniple/reactions.h"
#include "maniple/sequence.h"
#include "maniple/tables.h"

#include "fixture.h"

/* The "cannae" field: Paullus (5, OC) and a tribune for Rome; Maharbal
 * (6, Numidian light cavalry only, 4.35) and Hannibal (7, OC, two Line
 * Commands) for Carthage, as 5.21, 5.24 and 5.41 rate them.  Tests place
 * the units they need with `setup unit`; all start off the map. */
static const char cannae_ini[] =
	"[file]\nkind = battle\nversion = 1\n"
	"[battle]\nname = Cannae field\nyear = -216\nruleset = spqr\n"
	"map = %s/tests/fixtures/map-clear.ini\n"
	"[side rome]\nname = Rome\ncolour = red\nretreat_edge = west\n"
	"withdrawal = 99\n"
	"[side carthage]\nname = Carthage\ncolour = blue\n"
	"retreat_edge = east\nwithdrawal = 99\n"
	"[leader paullus]\nname = Paullus\nside = rome\nkind = general\nhex = 2220\n"
	"initiative = 5\ncommand_range = 2\nline_command = 1\nstrategy = 2\n"
	"overall = yes\n"
	"[leader servilius]\nname = Servilius\nside = rome\n"
	"kind = proconsul\nhex = 2020\ninitiative = 4\ncommand_range = 4\n"
	"line_command = 1\n"
	"[leader maharbal]\nname = Maharbal\nside = carthage\nkind = general\nhex = 3820\n"
	"initiative = 6\ncommand_range = 4\nline_command = 1\n"
	"restriction = type:LC\n"
	"[leader hannibal]\nname = Hannibal\nside = carthage\nkind = general\nhex = 3920\n"
	"initiative = 7\ncommand_range = 6\nline_command = 2\nstrategy = 5\n"
	"overall = yes\n"
	"[unit v1]\nname = v1\nhex = 2029\nside = rome\ntype = LI\nclass = VE\nsize = 3\ntq = 5\n"
	"ma = 6\nmissile = J\nlegion = 1\nfacing = E\n"
	"[unit v2]\nname = v2\nhex = 2129\nside = rome\ntype = LI\nclass = VE\nsize = 3\ntq = 5\n"
	"ma = 6\nmissile = J\nlegion = 1\nfacing = E\n"
	"[unit v3]\nname = v3\nhex = 2229\nside = rome\ntype = LI\nclass = VE\nsize = 3\ntq = 5\n"
	"ma = 6\nmissile = J\nlegion = 2\nfacing = E\n"
	"[unit v4]\nname = v4\nhex = 2329\nside = rome\ntype = LI\nclass = VE\nsize = 3\ntq = 5\n"
	"ma = 6\nmissile = J\nlegion = 2\nfacing = E\n"
	"[unit h1]\nname = h1\nhex = 2429\nside = rome\ntype = LG\nclass = HA\nsize = 3\ntq = 6\n"
	"ma = 5\nlegion = 1\nfacing = E\n"
	"[unit h2]\nname = h2\nhex = 2529\nside = rome\ntype = LG\nclass = HA\nsize = 3\ntq = 6\n"
	"ma = 5\nlegion = 1\nfacing = E\n"
	"[unit h3]\nname = h3\nhex = 2629\nside = rome\ntype = LG\nclass = HA\nsize = 3\ntq = 6\n"
	"ma = 5\nlegion = 1\nfacing = E\n"
	"[unit eq1]\nname = eq1\nhex = 2729\nside = rome\ntype = RC\nsize = 3\n"
	"tq = 5\nma = 8\nlegion = 1\nfacing = E\n"
	"[unit num1]\nname = num1\nhex = 3929\nside = carthage\ntype = LC\nsize = 3\ntq = 6\nma = 9\n"
	"missile = J\nfacing = W\n"
	"[unit lib1]\nname = lib1\nhex = 4029\nside = carthage\ntype = HI\nsize = 5\ntq = 6\nma = 5\n"
	"facing = W\n"
	"[line velites]\nside = rome\nunits = class:VE\nspacing = 1\n"
	"[line hastati]\nside = rome\nunits = class:HA\nspacing = 1\n"
	"[line numidians]\nside = carthage\nunits = type:LC\nspacing = 1\n";

static struct battle *load_text(const char *text, struct ini_error *err)
{
	char path[] = "/tmp/maniple-audit-XXXXXX";
	int fd = mkstemp(path);
	if (fd < 0) {
		memset(err, 0, sizeof *err);
		snprintf(err->msg, sizeof err->msg, "no temporary file");
		return NULL;
	}
	FILE *f = fdopen(fd, "w");
	if (!f) {
		close(fd);
		unlink(path);
		return NULL;
	}
	fprintf(f, text, fx_srcdir());
	fclose(f);
	struct battle *b = battle_load(path, err);
	unlink(path);
	return b;
}

static struct battle *loader(void *user, const char *name,
			     struct ini_error *err)
{
	if (strcmp(name, "cannae") == 0)
		return load_text(cannae_ini, err);
	if (strcmp(name, "uphill") == 0)
		return fx_battle_file("tests/fixtures/battle-uphill.ini", err);
	return fx_loader(user, name, err);
}

/* One game played through commands, and the last command's result. */
struct play {
	struct session s;
	struct cmd_result r;
};

static struct play *start(const char *line)
{
	struct play *p = calloc(1, sizeof *p);
	cr_assert_not_null(p);
	session_init(&p->s, loader, spqr_tables_loader, NULL, 1);
	cmd_result_init(&p->r);
	session_exec(&p->s, line, &p->r);
	cr_assert_eq(p->r.status, CMD_OK, "%s: %s", line, p->r.reason);
	return p;
}

static void stop(struct play *p)
{
	cmd_result_free(&p->r);
	session_free(&p->s);
	free(p);
}

static void ok(struct play *p, const char *line)
{
	session_exec(&p->s, line, &p->r);
	cr_assert_eq(p->r.status, CMD_OK, "%s: refused %s (%s)", line,
		     p->r.reason, p->r.rule);
}

/* A step that brings the enemy within reach may open the reactions
 * window (6.5, 7.15, 4.72): the enemy lets the move go on. */
static void step(struct play *p, const char *line)
{
	ok(p, line);
	if (reactions_pending(p->s.game))
		ok(p, "no reaction");
}

/* The command must be refused with a reason, naming rule (NULL: no rule
 * is asked, e.g. an unknown name), and change nothing: the canonical
 * state text and the number of events are the same before and after. */
static void refused(struct play *p, const char *line, const char *rule)
{
	char *before = game_state_text(p->s.game);
	size_t nev = p->s.game->events.n;
	size_t njournal = p->s.journal.n;
	session_exec(&p->s, line, &p->r);
	char *after = game_state_text(p->s.game);
	cr_expect_eq(p->r.status, CMD_REFUSED, "%s was not refused", line);
	cr_expect(p->r.reason[0] != '\0', "%s: refused without a reason",
		  line);
	if (rule)
		cr_expect_str_eq(p->r.rule, rule, "%s: rule %s (%s)", line,
				 p->r.rule, p->r.reason);
	cr_expect_str_eq(before, after, "%s changed the game", line);
	cr_expect_eq(p->s.game->events.n, nev, "%s emitted events", line);
	cr_expect_eq(p->s.journal.n, njournal, "%s was journalled", line);
	free(before);
	free(after);
}

/* Whether the last result holds an event of kind with every "k=v" of
 * want (blank-separated). */
static bool saw(struct play *p, const char *kind, const char *want)
{
	for (size_t i = 0; i < p->r.out.n; i++) {
		const struct event *e = logged_event(&p->r.out, i);
		if (strcmp(e->kind, kind) != 0)
			continue;
		char buf[1024];
		event_format(e, buf, sizeof buf);
		strcat(buf, " ");
		char w[256];
		snprintf(w, sizeof w, "%s", want);
		bool all = true;
		char *save = NULL;
		for (char *t = strtok_r(w, " ", &save); t;
		     t = strtok_r(NULL, " ", &save)) {
			char pat[128];
			snprintf(pat, sizeof pat, " %s ", t);
			if (!strstr(buf, pat))
				all = false;
		}
		if (all)
			return true;
	}
	return false;
}

#define SAW(p, kind, want)                                                    \
	cr_expect(saw(p, kind, want), "no %s %s", kind, want)

static bool legal_has(struct play *p, const char *line)
{
	struct decision_answer a[256];
	int n = seq_legal(p->s.game, a, 256);
	for (int i = 0; i < n; i++)
		if (strcmp(a[i].line, line) == 0)
			return true;
	return false;
}

static enum leader_state state_of(struct play *p, const char *id)
{
	struct leader *l = game_leader(p->s.game, id);
	cr_assert_not_null(l, "no leader %s", id);
	return l->state;
}

static struct unit *U(struct play *p, const char *id)
{
	struct unit *u = game_unit(p->s.game, id);
	cr_assert_not_null(u, "no unit %s", id);
	return u;
}

/* Stages leader's Orders Phase with setup commands (a sandbox game). */
static void orders_phase_of(struct play *p, const char *leader)
{
	char line[96];
	snprintf(line, sizeof line, "setup leader-state %s active", leader);
	ok(p, line);
	snprintf(line, sizeof line, "setup active %s", leader);
	ok(p, line);
	ok(p, "setup phase movement");
	ok(p, "continue");
	snprintf(line, sizeof line, "leader=%s", leader);
	SAW(p, "orders_phase", line);
}

/* Passes (or continues) until line is legal: the leaders on the way are
 * Finished without orders (5.15). */
static void pass_until(struct play *p, const char *line)
{
	for (int k = 0; k < 16 && !legal_has(p, line); k++) {
		struct decision_answer a[64];
		int n = seq_legal(p->s.game, a, 64);
		char pick[DECISION_LINE_MAX] = "continue";
		for (int i = 0; i < n; i++)
			if (strncmp(a[i].line, "pass", 4) == 0) {
				snprintf(pick, sizeof pick, "%s", a[i].line);
				break;
			}
		ok(p, pick);
	}
	cr_assert(legal_has(p, line), "%s never became legal", line);
}

/* ---------------------------------------------------------------- 4.5 */

/* 4.54's last sentence: no tribune or praefect sociorum orders cavalry.
 * The refusal names 4.52 (the Class rule) or 4.54. */
static void no_cavalry_4_54(struct play *p, const char *line)
{
	refused(p, line, NULL);
	cr_expect(strcmp(p->r.rule, "4.54") == 0 ||
			  strcmp(p->r.rule, "4.52") == 0,
		  "%s: rule %s", line, p->r.rule);
}

/* 4.51: a Roman army gets tribunes, praefects sociorum and praefects
 * equitum; at Bagradas two of each.  4.52: a tribune orders legion
 * infantry of one Class, a praefect sociorum ala infantry; all velites
 * are one Class for either.  4.54: a praefect equitum orders cavalry,
 * they no cavalry and he no infantry. */
Test(rules1_audit, roman_command_kinds_4_51_to_4_54_on_bagradas)
{
	struct play *p = start("new bagradas sandbox 3");
	struct game *g = p->s.game;
	int n[LEADER_KIND_COUNT] = {0};
	for (int i = 0; i < g->nleaders; i++)
		if (g->leaders[i].side == 0)
			n[g->leaders[i].kind]++;
	cr_expect_eq(n[LK_TRIBUNE], 2);
	cr_expect_eq(n[LK_PRAEFECT_SOCIORUM], 2);
	cr_expect_eq(n[LK_PRAEFECT_EQUITUM], 2);
	cr_expect_eq(n[LK_GENERAL], 1); /* Regulus, the consul */
	cr_expect_eq(game_leader(g, "fabricius")->kind, LK_TRIBUNE);
	cr_expect_eq(game_leader(g, "herennius")->kind, LK_PRAEFECT_SOCIORUM);
	cr_expect_eq(game_leader(g, "caecilius")->kind, LK_PRAEFECT_EQUITUM);

	/* Fabricius, tribune (1313): legion infantry only, one Class */
	orders_phase_of(p, "fabricius");
	refused(p, "order a3_co3", "4.52"); /* ala infantry */
	no_cavalry_4_54(p, "order a3_eq");
	ok(p, "order l3_ha1");
	ok(p, "halt");
	refused(p, "order l3_pr1", "4.52"); /* a second Class */
	ok(p, "order l3_ha2");
	stop(p);

	/* 4.52's exception: all velites, legion or ala, are one Class */
	p = start("new bagradas sandbox 3");
	orders_phase_of(p, "fabricius");
	ok(p, "order a3_ve2");
	ok(p, "halt");
	ok(p, "order l3_ve1");
	ok(p, "halt");
	refused(p, "order l3_ha1", "4.52");
	stop(p);

	/* Herennius, praefect sociorum (1510): ala infantry only */
	p = start("new bagradas sandbox 3");
	orders_phase_of(p, "herennius");
	refused(p, "order l3_ha1", "4.52");
	no_cavalry_4_54(p, "order a3_eq");
	ok(p, "order a3_co2");
	stop(p);

	/* Caecilius, praefect equitum (1308): cavalry only */
	p = start("new bagradas sandbox 3");
	orders_phase_of(p, "caecilius");
	refused(p, "order a3_co1", "4.54");
	ok(p, "order a3_eq");
	stop(p);
}

/* 4.55: one tribune and one praefect equitum are the weaker of their
 * pair (Bagradas: Sulpicius and Minucius, Command Range 3 against 4):
 * from the same hex, a unit 4 hexes away is in Fabricius's range and out
 * of Sulpicius's (4.21). */
Test(rules1_audit, the_weaker_tribune_4_55)
{
	struct play *p = start("new bagradas sandbox 3");
	struct game *g = p->s.game;
	cr_expect_lt(game_leader(g, "sulpicius")->command_range,
		     game_leader(g, "fabricius")->command_range);
	cr_expect_lt(game_leader(g, "minucius")->command_range,
		     game_leader(g, "caecilius")->command_range);
	/* l3_tr1 at 1012 is four hexes from 1412 (l3_ha1's column) */
	ok(p, "setup remove l3_ha1");
	ok(p, "setup leader sulpicius 1412");
	orders_phase_of(p, "sulpicius");
	refused(p, "order l3_tr2", "4.21");
	stop(p);
	p = start("new bagradas sandbox 3");
	ok(p, "setup remove l3_ha1");
	ok(p, "setup leader fabricius 1412");
	orders_phase_of(p, "fabricius");
	ok(p, "order l3_tr2");
	stop(p);
}

/* 4.56: a proconsul (Servilius on the cannae field) commands any combat
 * units: hastati, velites of another legion and cavalry in one phase,
 * where a tribune is held to one Class (4.52) and no cavalry (4.54). */
Test(rules1_audit, proconsul_commands_any_unit_4_56)
{
	struct play *p = start("new cannae sandbox 1");
	ok(p, "setup unit h1 2220 E");
	ok(p, "setup unit v3 2221 E");
	ok(p, "setup unit eq1 2219 E");
	ok(p, "setup leader servilius 2120");
	orders_phase_of(p, "servilius");
	ok(p, "order h1");
	ok(p, "halt");
	ok(p, "order v3");
	ok(p, "halt");
	ok(p, "order eq1");
	stop(p);
}

/* ---------------------------------------------------------------- 5.1 */

/* 5.11: every leader starts the turn Inactive, becomes Active when
 * activated and Finished when done; the Finished are Inactive again at
 * the next turn's start. */
Test(rules1_audit, inactive_active_finished_5_11)
{
	struct play *p = start("new drill solo 7");
	struct game *g = p->s.game;
	ok(p, "roll 9 0"); /* 5.12's tie at 3: Rome first */
	ok(p, "continue");
	for (int i = 0; i < g->nleaders; i++)
		cr_expect_eq(g->leaders[i].state, LS_INACTIVE, "%s",
			     g->leaders[i].id);
	ok(p, "activate tribune");
	cr_expect_eq(state_of(p, "tribune"), LS_ACTIVE);
	cr_expect_eq(state_of(p, "consul"), LS_INACTIVE);
	ok(p, "orders done");
	cr_expect_eq(state_of(p, "tribune"), LS_ACTIVE); /* momentum due */
	ok(p, "no momentum");
	SAW(p, "finished", "leader=tribune why=no_momentum");
	cr_expect_eq(state_of(p, "tribune"), LS_FINISHED);
	refused(p, "activate tribune", NULL);
	/* the others pass (each Finished) until the turn ends */
	for (int k = 0; k < 12 && g->turn == 1; k++) {
		struct decision_answer a[64];
		int n = seq_legal(g, a, 64);
		const char *pick = "continue";
		for (int i = 0; i < n; i++)
			if (strncmp(a[i].line, "pass", 4) == 0) {
				pick = a[i].line;
				break;
			}
		char line[DECISION_LINE_MAX];
		snprintf(line, sizeof line, "%s", pick);
		ok(p, line);
		if (g->turn == 1)
			for (int i = 0; i < g->nleaders; i++)
				cr_expect_neq(g->leaders[i].state, LS_ACTIVE);
	}
	cr_assert_eq(g->turn, 2);
	SAW(p, "turn_start", "turn=2");
	for (int i = 0; i < g->nleaders; i++)
		cr_expect_eq(g->leaders[i].state, LS_INACTIVE, "%s",
			     g->leaders[i].id);
	stop(p);
}

/* ---------------------------------------------------------------- 5.2 */

/* 5.25: an order moves (or fires); it does not start Shock.  ha1 ordered
 * into hi1's ZOC stops there (7.23) and nothing is fought: the phase is
 * still Movement and the orders go on; the Shock segment is its own step,
 * after `orders done`, and begins with designation (8.41). */
Test(rules1_audit, orders_do_not_start_shock_5_25)
{
	struct play *p = start("new drill sandbox 7");
	ok(p, "setup unit hi1 2615 W");
	orders_phase_of(p, "consul");
	ok(p, "order ha1");
	ok(p, "move 2515");
	SAW(p, "zoc_entered", "unit=ha1 hex=2515 by=hi1 rule=7.23");
	cr_expect(!saw(p, "phase", "name=shock"));
	cr_expect_eq(p->s.game->phase, PHASE_MOVEMENT);
	cr_expect(!saw(p, "shock_step", "step=designate"));
	ok(p, "halt");
	cr_expect_eq(p->s.game->phase, PHASE_MOVEMENT);
	cr_expect(legal_has(p, "order pr1"));
	/* there is no order to shock (5.22 lists what an order does) */
	session_exec(&p->s, "order ha1 shock", &p->r);
	cr_expect_neq(p->r.status, CMD_OK);
	ok(p, "orders done");
	SAW(p, "orders_done", "leader=consul rule=5.27");
	SAW(p, "phase", "name=shock");
	SAW(p, "shock_step", "step=designate rule=8.41");
	/* 7.31: ha1 moved into hi1's ZOC: the designation waits for it */
	SAW(p, "shock_ask", "ask=designate side=0");
	cr_expect(legal_has(p, "designate ha1 hi1"));
	stop(p);
}

/* 5.21's example on the cannae field: Hannibal gives up to seven
 * Individual Orders or two Line Commands, not more and not both. */
Test(rules1_audit, hannibal_seven_or_two_5_21)
{
	struct play *p = start("new cannae sandbox 1");
	ok(p, "setup unit num1 3719 W");
	orders_phase_of(p, "hannibal");
	SAW(p, "orders_phase", "leader=hannibal orders=7 line_commands=2");
	ok(p, "order num1");
	ok(p, "halt");
	refused(p, "line numidians", "5.21");
	for (int i = 0; i < 6; i++)
		ok(p, "order hannibal"); /* a leader's own moves, no MP used */
	cr_expect_eq(p->s.game->seq.orders_left, 0);
	refused(p, "order maharbal", NULL);
	stop(p);
}

/* 5.24's example: Maharbal orders Numidian light cavalry #1 to move; he
 * may not order it again in that phase; in a later phase it may move
 * again, ordered by Hannibal or by Maharbal in his Momentum phase (6.13:
 * 1 hit for the second move). */
Test(rules1_audit, numidian_moves_once_a_phase_5_24)
{
	struct play *p = start("new cannae sandbox 1");
	ok(p, "setup unit num1 3719 W");
	ok(p, "continue");
	pass_until(p, "activate maharbal"); /* Servilius, Paullus pass */
	ok(p, "activate maharbal");
	refused(p, "order lib1", "4.35"); /* not Numidian cavalry */
	ok(p, "order num1");
	ok(p, "move 3619");
	ok(p, "halt");
	refused(p, "order num1", "5.24");
	ok(p, "orders done");
	ok(p, "roll 4");
	ok(p, "momentum");
	SAW(p, "roll", "for=momentum leader=maharbal die=4 result=success");
	if (legal_has(p, "no trump"))
		ok(p, "no trump");
	SAW(p, "activated", "leader=maharbal how=momentum phase_no=2");
	ok(p, "order num1");
	ok(p, "move 3519");
	ok(p, "halt");
	SAW(p, "cohesion_hit", "unit=num1 hits=1 total=1 rule=6.13");
	refused(p, "order num1", "5.24");
	ok(p, "orders done");
	ok(p, "no momentum");
	ok(p, "activate hannibal");
	ok(p, "order num1");
	ok(p, "move 3419");
	ok(p, "halt");
	cr_expect_eq(U(p, "num1")->hits, 2);
	stop(p);
}

/* 6.12's example with a Line Command: a tribune's line of hastati moves
 * in his first phase; it moves again only in his Momentum phase or by
 * another leader's order, paying 6.13's hit each time. */
Test(rules1_audit, hastati_line_again_later_6_12)
{
	struct play *p = start("new drill solo 7");
	ok(p, "roll 9 0");
	ok(p, "continue");
	ok(p, "activate tribune");
	ok(p, "line hastati");
	ok(p, "pick ha1");
	step(p, "move 2515");
	ok(p, "pick ha2");
	step(p, "move 2517");
	refused(p, "pick ha1", "5.24");
	ok(p, "halt");
	cr_expect_eq(U(p, "ha1")->hits, 0);
	cr_expect_eq(U(p, "ha2")->hits, 0);
	ok(p, "orders done");
	ok(p, "roll 2");
	ok(p, "momentum");
	if (legal_has(p, "no trump"))
		ok(p, "no trump"); /* Carthage may trump it (5.42 #2) */
	SAW(p, "activated", "leader=tribune how=momentum phase_no=2");
	ok(p, "order ha1");
	step(p, "move 2615");
	ok(p, "halt");
	SAW(p, "cohesion_hit", "unit=ha1 hits=1 total=1 rule=6.13");
	ok(p, "orders done");
	ok(p, "no momentum");
	pass_until(p, "activate consul");
	ok(p, "activate consul");
	ok(p, "order ha2");
	step(p, "move 2617");
	ok(p, "halt");
	SAW(p, "cohesion_hit", "unit=ha2 hits=1 total=1 rule=6.13");
	stop(p);
}

/* 6.23's example: a hex with some river (here the drill's stream on
 * 2718's east sides) is Clear for a unit entering it across another
 * side: 1 MP, no hit, ordered and moved with the commands. */
Test(rules1_audit, majority_terrain_by_order_6_23)
{
	struct play *p = start("new drill sandbox 7");
	ok(p, "setup unit ha2 2618 E");
	orders_phase_of(p, "consul");
	step(p, "order ha2");
	ok(p, "move 2718");
	SAW(p, "moved", "unit=ha2 from=2618 to=2718 terrain=clear mp=1 "
			"spent=1 left=4 rule=6.21");
	cr_expect(!saw(p, "cohesion_hit", "unit=ha2"));
	ok(p, "no reaction"); /* the enemy may withdraw (6.5): it does not */
	ok(p, "halt");
	cr_expect_eq(U(p, "ha2")->hits, 0);
	stop(p);
}

/* 6.21, 6.22's example (EXAMPLES.md): HI 2322 -> 2423 -> 2523 (level 0,
 * 0, 2) spends 4 MP and takes 2 hits; MI takes 1. */
Test(rules1_audit, uphill_by_order_6_21_6_22)
{
	struct play *p = start("new uphill sandbox 1");
	orders_phase_of(p, "rl");
	ok(p, "order hi");
	ok(p, "move 2423");
	ok(p, "move 2523");
	SAW(p, "moved", "unit=hi to=2523 spent=4");
	ok(p, "halt");
	cr_expect_eq(U(p, "hi")->hits, 2);
	stop(p);
	p = start("new uphill sandbox 1");
	ok(p, "setup remove hi");
	ok(p, "setup unit mi 2322 SE");
	orders_phase_of(p, "rl");
	ok(p, "order mi");
	ok(p, "move 2423");
	ok(p, "move 2523");
	SAW(p, "moved", "unit=mi to=2523 spent=4");
	ok(p, "halt");
	cr_expect_eq(U(p, "mi")->hits, 1);
	stop(p);
}

/* 4.32's example: the Roman velites, adjacent Flank-to-Flank, all make
 * one Line though only one is within the leader's Command Range (2);
 * given the Line Command, the farthest moves.  Faced another way (not
 * the same orientation), a velites unit out of range is left out. */
Test(rules1_audit, cannae_velites_line_4_32)
{
	struct play *p = start("new cannae sandbox 1");
	ok(p, "setup unit v1 2419 E");
	ok(p, "setup unit v2 2420 E");
	ok(p, "setup unit v3 2421 E");
	ok(p, "setup unit v4 2422 E");
	orders_phase_of(p, "paullus"); /* at 2220, range 2 */
	ok(p, "line velites");
	SAW(p, "line_command", "members=v1,v2,v3,v4");
	ok(p, "pick v4");
	ok(p, "move 2522");
	ok(p, "halt");
	ok(p, "pick v1");
	ok(p, "move 2519");
	stop(p);

	p = start("new cannae sandbox 1");
	ok(p, "setup unit v1 2419 E");
	ok(p, "setup unit v2 2420 E");
	ok(p, "setup unit v3 2421 E");
	ok(p, "setup unit v4 2422 SE");
	orders_phase_of(p, "paullus");
	ok(p, "line velites");
	SAW(p, "line_command", "members=v1,v2,v3");
	refused(p, "pick v4", NULL);
	stop(p);
}

/* 9.24's example (2808-2812): one velites unit between hastati does not
 * break their Line; two do; hastati 2808, 2810, 2812 with velites in
 * 2809 and 2811 are one Line.  Each given the Line Command and moved. */
Test(rules1_audit, hastati_line_through_velites_9_24)
{
	struct play *p = start("new cannae sandbox 1");
	ok(p, "setup unit h1 2808 E");
	ok(p, "setup unit v1 2809 E");
	ok(p, "setup unit h2 2810 E");
	ok(p, "setup leader paullus 2709");
	orders_phase_of(p, "paullus");
	ok(p, "line hastati h1"); /* h3 is elsewhere: its own line */
	SAW(p, "line_command", "members=h1,h2");
	ok(p, "pick h1");
	ok(p, "move 2908");
	ok(p, "pick h2");
	ok(p, "move 2910");
	stop(p);

	p = start("new cannae sandbox 1");
	ok(p, "setup unit h1 2808 E");
	ok(p, "setup unit v1 2809 E");
	ok(p, "setup unit v2 2810 E");
	ok(p, "setup unit h2 2811 E");
	ok(p, "setup leader paullus 2709");
	orders_phase_of(p, "paullus");
	refused(p, "line hastati", "4.32"); /* two lines: name one */
	ok(p, "line hastati h1");
	SAW(p, "line_command", "members=h1 ");
	refused(p, "pick h2", NULL);
	stop(p);

	p = start("new cannae sandbox 1");
	ok(p, "setup unit h1 2808 E");
	ok(p, "setup unit v1 2809 E");
	ok(p, "setup unit h2 2810 E");
	ok(p, "setup unit v2 2811 E");
	ok(p, "setup unit h3 2812 E");
	ok(p, "setup leader paullus 2709");
	orders_phase_of(p, "paullus");
	ok(p, "line hastati");
	SAW(p, "line_command", "members=h1,h2,h3");
	ok(p, "pick h3");
	ok(p, "move 2912");
	stop(p);
}

/* 11.1's values: a unit its TQ, a skirmisher or elephant 2, a two-hex
 * unit twice its TQ, a named leader five times his Initiative, a tribune
 * his Initiative. */
Test(rules1_audit, rout_point_values_11_1)
{
	struct play *p = start("new drill sandbox 7");
	ok(p, "setup eliminate hi1");
	SAW(p, "eliminated", "unit=hi1 rp=6 total=6 rule=11.1");
	ok(p, "setup eliminate sl1");
	SAW(p, "eliminated", "unit=sl1 rp=2 rule=11.1");
	ok(p, "setup eliminate ph1");
	SAW(p, "eliminated", "unit=ph1 rp=14 total=20 rule=11.1");
	ok(p, "setup eliminate consul");
	cr_expect(saw(p, "eliminated", "rp=20") ||
			  saw(p, "leader_killed", "rp=20"),
		  "the consul (Initiative 4) is worth 20");
	ok(p, "setup eliminate tribune");
	cr_expect(saw(p, "eliminated", "rp=3") ||
			  saw(p, "leader_killed", "rp=3"),
		  "the tribune (Initiative 3) is worth 3");
	stop(p);
	p = start("new bagradas sandbox 3");
	ok(p, "setup eliminate el01");
	SAW(p, "eliminated", "unit=el01 rp=2 rule=11.1");
	stop(p);
}

/* ---------------------------------------------------------------- 5.45 */

/* 5.45: Rome trumps the tribune with the consul, whose Command Range
 * holds units he can order: `orders done` with no order given is
 * refused naming 5.45; after an order, the phase may end. */
Test(rules1_audit, trumper_with_units_in_range_must_act_5_45)
{
	struct play *p = start("new drill solo 7");
	ok(p, "roll 9 0");
	ok(p, "continue");
	ok(p, "roll 2");
	ok(p, "trump consul");
	SAW(p, "roll", "for=trump leader=consul die=2 result=success "
		       "rule=5.41");
	ok(p, "no trump");
	SAW(p, "must_act", "leader=consul rule=5.45");
	struct decision_answer a[64];
	cr_assert_gt(orders_legal(p->s.game, a, 64), 0);
	cr_expect(legal_has(p, "order ha1"));
	cr_expect(!legal_has(p, "orders done"));
	refused(p, "orders done", "5.45");
	refused(p, "end", "5.45");
	ok(p, "order ha1");
	ok(p, "move 2515");
	ok(p, "orders done");
	cr_expect(!saw(p, "trump_void", ""));
	SAW(p, "phase", "name=shock");
	stop(p);
}

/* 5.46: at Bagradas, tribune Fabricius (3), in the ZOC of an elephant,
 * trumps praefect Herennius (2); a subordinate in an enemy ZOC can give
 * no order (4.24), so he cannot obey 5.45: the trump never happened and
 * Herennius goes. */
Test(rules1_audit, trumper_who_cannot_act_is_void_5_46)
{
	struct play *p = start("new bagradas sandbox 3");
	ok(p, "setup unit el01 1413 W"); /* ZOC into 1313 */
	ok(p, "setup remove l3_ha2");
	ok(p, "continue");
	ok(p, "roll 1");
	ok(p, "trump fabricius herennius");
	SAW(p, "roll", "for=trump leader=fabricius die=1 result=success");
	if (legal_has(p, "no trump"))
		ok(p, "no trump");
	SAW(p, "must_act", "leader=fabricius rule=5.45");
	struct decision_answer a[64];
	cr_expect_eq(orders_legal(p->s.game, a, 64), 0);
	refused(p, "order l3_ha1", "4.24");
	ok(p, "orders done");
	SAW(p, "trump_void", "leader=fabricius instead=herennius rule=5.46");
	SAW(p, "activated", "leader=herennius how=trump_void rule=5.46");
	cr_expect_eq(state_of(p, "fabricius"), LS_INACTIVE);
	stop(p);
}

/* ---------------------------------------------------- refusals (3.0) */

/* Each position: a battery of commands that must be refused there, each
 * with a reason and (where a rule forbids it) that rule, none changing
 * the state text or the event count. */

Test(rules1_audit, refusals_fresh_solo_game)
{
	struct play *p = start("new drill solo 7");
	refused(p, "activate tribune", "3.0");
	refused(p, "pass", "3.0");
	refused(p, "trump consul", "3.0");
	refused(p, "momentum", "3.0");
	refused(p, "no momentum", "3.0");
	refused(p, "no trump", "3.0");
	refused(p, "elite consul", "3.0");
	refused(p, "orders done", "3.0");
	refused(p, "order ha1", "5.2");
	refused(p, "line hastati", "5.2");
	refused(p, "move 2515", "5.2");
	refused(p, "rout 2419", "10.22");
	refused(p, "setup hits ha1 1", NULL); /* not a sandbox */
	refused(p, "order nosuch", NULL);
	ok(p, "roll 9 0");
	ok(p, "continue");
	refused(p, "activate consul", "5.12");	/* not the lowest */
	refused(p, "activate mago", "5.12");	/* not Rome's turn */
	refused(p, "pass hanno", NULL);		/* the other side's */
	refused(p, "trump tribune", "5.41");	/* not higher rated */
	refused(p, "momentum", "5.12");
	refused(p, "continue", NULL);
	refused(p, "activate nosuch", NULL);
	stop(p);
}

Test(rules1_audit, refusals_with_a_move_open)
{
	struct play *p = start("new drill sandbox 7");
	ok(p, "setup unit hi1 2517 W");
	orders_phase_of(p, "tribune");
	ok(p, "order ha1");
	ok(p, "move 2515");
	refused(p, "move 2415", "6.32");  /* not a Front hex */
	refused(p, "move 2517", "6.31");  /* not next to it */
	refused(p, "move 9999", "6.31");  /* off the map */
	refused(p, "move 2516", "6.32");  /* a Flank hex */
	refused(p, "order hi1", "5.22");  /* an enemy unit */
	refused(p, "order consul", "4.4"); /* only the OC moves leaders */
	refused(p, "order hanno", "4.4");
	refused(p, "order nosuch", NULL);
	refused(p, "line hastati", "5.21");
	refused(p, "pick ha2", "5.23");
	refused(p, "activate hanno", "5.27");
	refused(p, "momentum", "5.27");
	refused(p, "trump hanno", "5.27");
	refused(p, "rout stay", "10.22");
	refused(p, "order ha2 fire", "8.1");
	ok(p, "halt");
	refused(p, "order ha1", "5.24");  /* moved this phase */
	refused(p, "halt", NULL);	  /* nothing is moving */
	/* into an enemy's hex (6.62) */
	ok(p, "order ha2");
	/* ve1's hex: a friend's hex may be passed (6.69, test_stacking.c),
	 * but ha2 may not leave hi1's ZOC */
	refused(p, "move 2516", "7.23");
	refused(p, "move 2517", "6.62"); /* hi1's hex */
	stop(p);
}

Test(rules1_audit, refusals_with_a_line_command_open)
{
	struct play *p = start("new drill sandbox 7");
	orders_phase_of(p, "tribune");
	ok(p, "line hastati");
	ok(p, "pick ha1");
	ok(p, "move 2515");
	refused(p, "pick pr1", "4.31");	  /* not in the line */
	refused(p, "order ha2", "5.21");	  /* no Individual Orders now */
	refused(p, "line principes", "4.31"); /* one Line Command only */
	refused(p, "pick ha1", "5.24");
	refused(p, "pick consul", NULL);
	refused(p, "move 2415", "6.32");
	refused(p, "line nosuch", NULL);
	ok(p, "pick ha2");
	ok(p, "move 2517");
	ok(p, "orders done");
	refused(p, "pick ha1", NULL);
	stop(p);
}

Test(rules1_audit, refusals_with_a_rout_decision_pending)
{
	struct play *p = start("new drill sandbox 5");
	ok(p, "setup marker ha1 routed on");
	ok(p, "setup marker rc1 routed on");
	ok(p, "setup phase rout_reload");
	ok(p, "continue");
	SAW(p, "rout_choice", "unit=rc1 rule=10.22");
	refused(p, "continue", "10.22");
	refused(p, "rout 2419", "10.22");
	refused(p, "rout 9999", "10.22");
	refused(p, "rout with consul", "10.22");
	refused(p, "activate tribune", "10.22");
	refused(p, "order pr1", "10.22");
	refused(p, "momentum", "10.22");
	refused(p, "orders done", "10.22");
	refused(p, "trump consul", "10.22");
	ok(p, "rout 2318");
	stop(p);
}

Test(rules1_audit, refusals_at_the_momentum_step)
{
	struct play *p = start("new drill sandbox 7");
	orders_phase_of(p, "consul");
	ok(p, "order ha1");
	ok(p, "move 2515");
	ok(p, "orders done");
	SAW(p, "decision", "step=momentum side=0 leader=consul");
	refused(p, "order ha1", "5.2");
	refused(p, "orders done", "5.31");
	refused(p, "move 2615", "5.2");
	refused(p, "halt", "5.2");
	refused(p, "activate tribune", "5.31");
	refused(p, "trump hanno", "5.31");
	refused(p, "no trump", "5.31");
	refused(p, "pass", "5.31");
	refused(p, "continue", "5.31");
	ok(p, "no momentum");
	SAW(p, "finished", "leader=consul");
	stop(p);

	/* 5.31: a leader in an enemy ZOC has no momentum step at all; the
	 * command is refused at the next activation */
	p = start("new drill sandbox 7");
	ok(p, "setup unit hi1 2417 W"); /* ZOC into 2316: the consul */
	orders_phase_of(p, "consul");
	ok(p, "orders done");
	if (seq_step_now(p->s.game) == SEQ_SHOCK)
		ok(p, "designate done"); /* 5.26, 7.33: nobody must shock */
	SAW(p, "momentum_barred", "leader=consul why=in_enemy_zoc rule=5.31");
	SAW(p, "finished", "leader=consul");
	cr_expect(!legal_has(p, "momentum"));
	refused(p, "momentum", "5.12");
	stop(p);
}

Test(rules1_audit, refusals_at_a_trump_reply)
{
	struct play *p = start("new drill solo 7");
	ok(p, "roll 9 0");
	ok(p, "continue");
	ok(p, "roll 2");
	ok(p, "trump consul");
	SAW(p, "decision", "step=trump_reply side=1");
	refused(p, "trump tribune", "5.42"); /* Rome's leader */
	refused(p, "trump mago", "5.42");    /* rated lower than 4 */
	refused(p, "activate mago", "5.42");
	refused(p, "orders done", "5.42");
	refused(p, "order ha1", "5.2");
	refused(p, "momentum", "5.42");
	refused(p, "pass", "5.42");
	refused(p, "continue", "5.42");
	refused(p, "trump nosuch", NULL);
	ok(p, "no trump");
	refused(p, "no trump", NULL);
	refused(p, "trump hanno consul", NULL); /* 5.43: one attempt */
	stop(p);
}

Test(rules1_audit, refusals_when_the_game_is_over)
{
	struct play *p = start("new drill sandbox 7");
	ok(p, "setup eliminate ha1");
	ok(p, "setup eliminate ha2");
	ok(p, "setup eliminate pr1");
	ok(p, "setup eliminate pr2");
	ok(p, "setup phase withdrawal");
	ok(p, "continue");
	SAW(p, "game_over", "rule=11.2");
	refused(p, "continue", "11.2");
	refused(p, "activate tribune", "11.2");
	refused(p, "order ve1", NULL);
	refused(p, "orders done", NULL);
	refused(p, "momentum", "11.2");
	refused(p, "trump consul", "11.2");
	refused(p, "pass", "11.2");
	refused(p, "rout 2419", NULL);
	stop(p);
}
