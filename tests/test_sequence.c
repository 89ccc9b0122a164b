/* The sequence of play (3.0) and leader activation (5.1-5.5), army
 * withdrawal (11.1, 11.2, RULINGS R4): on the real Bagradas battle and on
 * hand-built fixtures with the rulebook's ratings (EXAMPLES.md "Momentum
 * and trump"), with forced dice. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "logged.h"
#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/movement.h"
#include "maniple/orders.h"
#include "maniple/sequence.h"
#include "maniple/tables.h"

#include "fixture.h"

struct lspec {
	const char *id;
	int side, initiative, range;
	bool overall, elite;
	int col, row;
};

struct uspec {
	const char *id;
	int side, tq;
};

/* Fixtures (EXAMPLES.md "Momentum and trump"):
 *   cannae: Servilius 3 and Paullus 5 (Rome); Maharbal 6 and Hannibal 7
 *     (Carthage, OC, not elite here): 5.32, 5.33, 5.41, 5.42, 5.44.
 *   zama: Scipio 6 (elite OC) and Laelius 4 three hexes away, a tribune
 *     2 eight hexes away (Rome); Hannibal 7 (elite OC) and Hanno 3
 *     (Carthage): 5.51-5.53.
 *   field, field2: one leader a side and units to eliminate: 11.1, 11.2
 *     and R4 (withdrawal levels 10/10 and 10/20, turn limit 3). */
static const struct lspec cannae_l[] = {
	{"servilius", 0, 3, 3, false, false, 2, 2},
	{"paullus", 0, 5, 5, true, false, 2, 3},
	{"maharbal", 1, 6, 4, false, false, 8, 2},
	{"hannibal", 1, 7, 6, true, false, 8, 3},
	{NULL, 0, 0, 0, false, false, 0, 0},
};
static const struct lspec zama_l[] = {
	{"scipio", 0, 6, 5, true, true, 2, 2},
	{"laelius", 0, 4, 4, false, false, 5, 2},
	{"tribune", 0, 2, 3, false, false, 2, 10},
	{"hannibal", 1, 7, 6, true, true, 9, 2},
	{"hanno", 1, 3, 3, false, false, 9, 3},
	{NULL, 0, 0, 0, false, false, 0, 0},
};
/* zocfield: Servilius 3 (0202), Paullus 4 (OC, 0204) and Varro 5 (0208)
 * for Rome; Maharbal 6 (0802) and Hannibal 7 (OC, 0806) for Carthage; a
 * unit a side (r1, c1) that each test places where its ZOC (7.21, the
 * two Front hexes of a unit facing E) reaches a leader or nothing:
 * 4.24, 5.26, 5.31, 5.45, 5.46. */
static const struct lspec zocfield_l[] = {
	{"servilius", 0, 3, 3, false, false, 2, 2},
	{"paullus", 0, 4, 5, true, false, 2, 4},
	{"varro", 0, 5, 4, false, false, 2, 8},
	{"maharbal", 1, 6, 4, false, false, 8, 2},
	{"hannibal", 1, 7, 6, true, false, 8, 6},
	{NULL, 0, 0, 0, false, false, 0, 0},
};
static const struct uspec zocfield_u[] = {
	{"r1", 0, 6}, {"c1", 1, 6}, {NULL, 0, 0},
};
static const struct lspec field_l[] = {
	{"consul", 0, 4, 4, true, false, 2, 2},
	{"general", 1, 5, 5, true, false, 9, 9},
	{NULL, 0, 0, 0, false, false, 0, 0},
};
static const struct uspec field_u[] = {
	{"r1", 0, 7}, {"r2", 0, 6}, {"r3", 0, 5},
	{"c1", 1, 7}, {"c2", 1, 5}, {"c3", 1, 6}, {"c4", 1, 5},
	{NULL, 0, 0},
};

static struct battle *hand(const char *name, const struct lspec *ls,
			   const struct uspec *us, int level1, int limit)
{
	struct battle *b = calloc(1, sizeof *b);
	struct map *m = calloc(1, sizeof *m);
	m->col_min = m->row_min = 1;
	m->col_max = m->row_max = 10;
	m->ncols = m->nrows = 10;
	m->hexes = calloc(100, sizeof *m->hexes);
	b->map = m;
	snprintf(b->id, sizeof b->id, "%s", name);
	snprintf(b->name, sizeof b->name, "%s", name);
	snprintf(b->ruleset, sizeof b->ruleset, "spqr");
	snprintf(b->sides[0].id, sizeof b->sides[0].id, "rome");
	snprintf(b->sides[1].id, sizeof b->sides[1].id, "carthage");
	b->sides[0].withdrawal_level = 10;
	b->sides[1].withdrawal_level = level1;
	b->turn_limit = limit;
	for (; ls && ls->id; ls++) {
		struct leader *l = &b->leaders[b->nleaders++];
		snprintf(l->id, sizeof l->id, "%s", ls->id);
		l->side = ls->side;
		l->kind = LK_GENERAL;
		l->initiative = ls->initiative;
		l->command_range = ls->range;
		l->line_command = 2;
		l->overall = ls->overall;
		l->elite = ls->elite;
		l->hex = (struct hex){ls->col, ls->row};
		l->on_map = true;
		l->available = true;
	}
	int k = 0;
	for (; us && us->id; us++, k++) {
		struct unit *u = &b->units[b->nunits++];
		snprintf(b->unit_text[u - b->units].id, ID_MAX, "%s", us->id);
		u->side = us->side;
		u->type = UT_MI;
		u->tq = us->tq;
		u->size = 3;
		u->ma = 5;
		u->at.hex[0] = (struct hex){3 + k, 5};
		u->at.hex[1] = HEX_NONE;
		u->on_map = true;
	}
	return b;
}

static struct battle *loader(void *user, const char *name,
			     struct ini_error *err)
{
	if (strcmp(name, "cannae") == 0)
		return hand(name, cannae_l, NULL, 10, 0);
	if (strcmp(name, "zama") == 0)
		return hand(name, zama_l, NULL, 10, 0);
	if (strcmp(name, "field") == 0)
		return hand(name, field_l, field_u, 10, 3);
	if (strcmp(name, "zocfield") == 0)
		return hand(name, zocfield_l, zocfield_u, 10, 0);
	if (strcmp(name, "field2") == 0)
		return hand(name, field_l, field_u, 20, 3);
	return fx_loader(user, name, err);
}

static struct session S;
static struct cmd_result R;

static void start(const char *line)
{
	session_init(&S, loader, spqr_tables_loader, NULL, 1);
	cmd_result_init(&R);
	session_exec(&S, line, &R);
	cr_assert_eq(R.status, CMD_OK, "%s: %s", line, R.reason);
}

static void stop(void)
{
	cmd_result_free(&R);
	session_free(&S);
}

/* Runs a line; it must succeed. */
static void ok(const char *line)
{
	session_exec(&S, line, &R);
	cr_assert_eq(R.status, CMD_OK, "%s: %s (%s)", line, R.reason, R.rule);
}

/* Runs a line; it must be refused under rule, changing nothing. */
static void refused(const char *line, const char *rule)
{
	uint64_t before = game_digest(S.game);
	size_t nev = S.game->events.n;
	session_exec(&S, line, &R);
	cr_assert_eq(R.status, CMD_REFUSED, "%s was not refused", line);
	cr_expect_str_eq(R.rule, rule, "%s: %s", line, R.reason);
	cr_expect_eq(game_digest(S.game), before, "%s changed the state",
		     line);
	cr_expect_eq(S.game->events.n, nev, "%s emitted events", line);
}

/* Whether the last result holds an event of kind with every "k=v" of
 * want (blank-separated). */
static bool saw(const char *kind, const char *want)
{
	for (size_t i = 0; i < R.out.n; i++) {
		const struct event *e = logged_event(&R.out, i);
		if (strcmp(e->kind, kind) != 0)
			continue;
		char buf[1024];
		event_format(e, buf, sizeof buf);
		strcat(buf, " ");
		char w[256];
		snprintf(w, sizeof w, "%s", want);
		bool all = true;
		for (char *t = strtok(w, " "); t; t = strtok(NULL, " ")) {
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

#define SAW(kind, want) cr_expect(saw(kind, want), "no %s %s", kind, want)

static void phase_of(const char *leader)
{
	char line[64];
	snprintf(line, sizeof line, "activate %s", leader);
	ok(line);
	char want[96];
	snprintf(want, sizeof want, "leader=%s how=lowest", leader);
	SAW("activated", want);
	ok("orders done");
	ok("no momentum");
	snprintf(want, sizeof want, "leader=%s why=no_momentum", leader);
	SAW("finished", want);
}

/* 5.45: the active leader gives an order, as the orders code counts it
 * (these tests are about the sequence, not the orders). */
static void acted(void)
{
	seq_order_given(S.game, 1);
}

static bool legal_has(const char *line)
{
	struct decision_answer a[128];
	int n = seq_legal(S.game, a, 128);
	for (int i = 0; i < n; i++)
		if (strcmp(a[i].line, line) == 0)
			return true;
	return false;
}

/* 5.13's example on Bagradas: the praefects sociorum (2), the tribunes
 * and praefects equitum (3), Bostar and Hamilcar (4), then Regulus and
 * Hasdrubal tied at 5, settled by a die roll (5.12), then alternation;
 * Xanthippus (6) last; then Rout and Reload, Withdrawal and turn 2 with a
 * digest line (3.0). */
Test(sequence, bagradas_activation_order_5_13_and_a_full_turn)
{
	start("new bagradas solo 7");
	refused("activate herennius", "3.0");
	ok("continue");
	SAW("turn_start", "turn=1 turn_limit=12 rule=3.0");
	SAW("decision", "step=activate side=0 lowest=2");
	cr_expect(legal_has("activate herennius"));
	cr_expect(legal_has("activate paccius"));
	cr_expect(legal_has("pass herennius")); /* two at 2: the owner names */
	cr_expect(legal_has("trump regulus herennius"));
	cr_expect(!legal_has("activate bostar"));
	refused("activate regulus", "5.12");
	refused("activate bostar", "5.12");
	refused("pass", "5.12"); /* which of the two? */
	refused("momentum", "5.12");
	/* 5.21: Herennius (Initiative 2) gives up to 2 Individual Orders */
	ok("activate herennius");
	SAW("orders_phase", "leader=herennius orders=2 "
			    "line_commands=1 rule=5.21");
	refused("activate paccius", "5.27");
	ok("orders done");
	SAW("phase", "name=shock");
	SAW("shock_step", "step=designate combats=0 rule=8.41");
	SAW("decision", "step=momentum side=0 leader=herennius");
	ok("no momentum");
	refused("activate herennius", "5.15");
	phase_of("paccius");
	SAW("decision", "step=activate side=0 lowest=3");
	phase_of("fabricius");
	phase_of("sulpicius");
	phase_of("caecilius");
	phase_of("minucius");
	SAW("decision", "step=activate side=1 lowest=4");
	phase_of("bostar");
	ok("roll 3 7");
	phase_of("hamilcar");
	/* 5.12: both roll; the high roll (Carthage's 7) goes first */
	SAW("roll", "for=activation_tie side=0 initiative=5 die=3 rule=5.12");
	SAW("roll", "for=activation_tie side=1 initiative=5 die=7 "
		    "result=side1_first rule=5.12");
	SAW("decision", "step=activate side=1 lowest=5");
	refused("activate regulus", "5.12");
	phase_of("hasdrubal");
	/* then the players alternate among the tied */
	SAW("decision", "step=activate side=0 lowest=5");
	phase_of("regulus");
	SAW("decision", "step=activate side=1 lowest=6");
	phase_of("xanthippus");
	/* all Finished: Rout and Reload, Withdrawal, turn 2 (5.28, 3.0) */
	SAW("phase", "name=rout_reload rule=3.0");
	/* 8.18 Reload: nobody is Missile Low or No yet: no reload event */
	SAW("markers_removed", "leaders_ready=11 rule=3.0");
	SAW("withdrawal", "side=0 rout_points=0 level=140 withdraws=no");
	SAW("withdrawal", "side=1 rout_points=0 level=115 withdraws=no");
	SAW("turn_end", "turn=1");
	SAW("turn_start", "turn=2");
	SAW("decision", "step=activate side=0 lowest=2");
	cr_expect_eq(S.game->turn, 2);
	for (int i = 0; i < S.game->nleaders; i++)
		cr_expect_eq(S.game->leaders[i].state, LS_INACTIVE);
	const char *last = S.journal.lines[S.journal.n - 1];
	cr_expect_eq(strncmp(last, "digest 2 ", 9), 0, "%s", last);
	stop();
}

/* 5.21: Hannibal gives up to seven Individual Orders, or two Line
 * Commands; R7: wounded, one less. */
Test(sequence, order_count_5_21_and_wounds_r7)
{
	start("new cannae sandbox 1");
	ok("setup wounds hannibal 1");
	ok("continue");
	ok("pass");		/* Servilius */
	ok("pass");		/* Paullus */
	/* wounded, Hannibal is rated 6 like Maharbal: the owner chooses */
	SAW("decision", "step=activate side=1 lowest=6");
	cr_expect(legal_has("activate hannibal") &&
		  legal_has("activate maharbal"));
	ok("activate hannibal");
	SAW("orders_phase", "leader=hannibal orders=6 "
			    "line_commands=2 range=5 rule=5.21");
	stop();
	start("new cannae sandbox 1");
	ok("continue");
	ok("pass");
	ok("pass");
	ok("pass");
	refused("order x", "5.2"); /* no leader giving orders yet */
	ok("activate hannibal");
	SAW("orders_phase", "leader=hannibal orders=7 "
			    "line_commands=2 rule=5.21");
	cr_expect_eq(seq_order_given(S.game, 3), 4);
	stop();
}

/* Runs the cannae fixture to Hannibal's Orders Phase, the others passed. */
static void hannibal_phase(void)
{
	start("new cannae sandbox 1");
	ok("continue");
	ok("pass");
	ok("pass");
	ok("pass");
	ok("activate hannibal");
	ok("orders done");
}

/* 5.32: Hannibal needs 0-7; an 8 Finishes him.  5.14: three phases in
 * succession at most. */
Test(sequence, momentum_5_32_and_three_phases_5_14)
{
	hannibal_phase();
	cr_expect(legal_has("momentum") && legal_has("no momentum"));
	ok("roll 7");
	ok("momentum");
	SAW("roll", "for=momentum leader=hannibal initiative=7 die=7 "
		    "result=success rule=5.32");
	SAW("activated", "leader=hannibal how=momentum phase_no=2");
	ok("orders done");
	ok("roll 8");
	ok("momentum");
	SAW("roll", "for=momentum die=8 result=failure rule=5.32");
	SAW("finished", "leader=hannibal why=momentum_failed rule=5.32");
	SAW("phase", "name=rout_reload");
	stop();

	hannibal_phase();
	ok("roll 0 1");
	ok("momentum");
	ok("orders done");
	ok("momentum");
	SAW("activated", "leader=hannibal how=momentum phase_no=3");
	ok("orders done");
	/* 5.14: a fourth phase is not open to him */
	SAW("momentum_barred", "leader=hannibal why=three_phases rule=5.14");
	SAW("finished", "leader=hannibal why=orders_phase_over");
	stop();
}

/* 5.33: the Die Roll of Doom in each band. */
Test(sequence, die_roll_of_doom_5_33)
{
	/* 0-1: the opponent may re-activate any leader, Finished or not;
	 * he may not use momentum himself */
	start("new cannae sandbox 1");
	ok("continue");
	ok("activate servilius");
	ok("orders done");
	ok("roll 9 1");
	ok("momentum");
	SAW("roll", "for=momentum leader=servilius die=9 result=doom");
	SAW("roll", "for=doom leader=servilius die=1 result=reactivation "
		    "rule=5.33");
	SAW("finished", "leader=servilius why=doom");
	SAW("reactivation_offer", "side=1 rule=5.33");
	SAW("decision", "step=reactivate side=1");
	cr_expect(legal_has("activate hannibal") && legal_has("pass"));
	refused("activate paullus", "5.33");
	ok("activate maharbal");
	SAW("activated", "leader=maharbal how=reactivation rule=5.33");
	ok("orders done");
	SAW("momentum_barred", "leader=maharbal why=reactivated rule=5.34");
	/* back to the lowest: Paullus */
	SAW("decision", "step=activate side=0 lowest=5");
	stop();

	/* 2-8: Finished, play goes on */
	start("new cannae sandbox 1");
	ok("continue");
	ok("activate servilius");
	ok("orders done");
	ok("roll 9 5");
	ok("momentum");
	SAW("roll", "for=doom die=5 result=finished rule=5.33");
	SAW("decision", "step=activate side=0 lowest=5");
	stop();

	/* 9: no more activations; straight to Rout and Reload */
	start("new cannae sandbox 1");
	ok("continue");
	ok("activate servilius");
	ok("orders done");
	ok("roll 9 9");
	ok("momentum");
	SAW("roll", "for=doom die=9 result=no_more_activations rule=5.33");
	SAW("phase", "name=rout_reload");
	SAW("turn_start", "turn=2");
	cr_expect(!saw("activated", "leader=paullus"));
	stop();
}

/* 5.41: instead of Servilius, Rome trumps with Paullus: 0-5 succeeds.
 * 5.42 #1: Carthage tries to trump the trump with Maharbal (6) and rolls
 * a 7: Paullus goes, Maharbal is Finished.  5.42 #2: Paullus gains
 * momentum and Carthage trumps it with Hannibal, rolling a 6: Hannibal
 * goes, Paullus is Finished. */
Test(sequence, trump_5_41_and_both_5_42_examples)
{
	start("new cannae sandbox 1");
	ok("continue");
	cr_expect(legal_has("trump paullus"));
	refused("trump maharbal", "5.41");
	ok("roll 5");
	ok("trump paullus");
	SAW("roll", "for=trump leader=paullus against=servilius initiative=5 "
		    "die=5 result=success rule=5.41");
	SAW("bypassed", "leader=servilius by=paullus rule=5.44");
	SAW("trump_offer", "side=1 against=paullus rule=5.42");
	SAW("decision", "step=trump_reply side=1 against=paullus");
	cr_expect(legal_has("trump maharbal") && legal_has("trump hannibal") &&
		  legal_has("no trump"));
	refused("trump servilius", "5.42");
	ok("roll 7");
	ok("trump maharbal");
	SAW("roll", "for=trump_the_trump leader=maharbal against=paullus "
		    "initiative=6 die=7 result=failure rule=5.42");
	SAW("finished", "leader=maharbal why=trump_failed rule=5.44");
	SAW("activated", "leader=paullus how=trump");
	SAW("must_act", "leader=paullus rule=5.45");
	acted();
	ok("orders done");
	ok("roll 2");
	ok("momentum");
	SAW("roll", "for=momentum leader=paullus die=2 result=success");
	SAW("trump_offer", "side=1 against=paullus rule=5.42");
	ok("roll 6");
	ok("trump hannibal");
	SAW("roll", "for=momentum_trump leader=hannibal against=paullus "
		    "initiative=7 die=6 result=success rule=5.42");
	SAW("finished", "leader=paullus why=trumped rule=5.44");
	SAW("activated", "leader=hannibal how=momentum_trump");
	/* 5.43: Rome has no second attempt; Hannibal gives his orders */
	SAW("decision", "step=orders side=1 leader=hannibal");
	stop();

	/* 5.41 failed: Servilius is activated, Paullus Finished */
	start("new cannae sandbox 1");
	ok("continue");
	ok("roll 6");
	ok("trump paullus");
	SAW("roll", "for=trump die=6 result=failure rule=5.41");
	SAW("finished", "leader=paullus why=trump_failed rule=5.44");
	SAW("activated", "leader=servilius how=trump_failed");
	stop();
}

/* ---- the odds of the sequence's rolls (odds.h) ---- */

static void sums_to_one(const struct odds *o)
{
	cr_assert(odds_complete(o));
	int faces = 0;
	for (int k = 0; k < o->n; k++)
		faces += o->out[k].faces;
	cr_expect_eq(faces, 10);
}

static int leader_at(const char *id)
{
	for (int i = 0; i < S.game->nleaders; i++)
		if (strcmp(S.game->leaders[i].id, id) == 0)
			return i;
	cr_assert_fail("no leader %s", id);
	return -1;
}

/* Forces the dice of rolls (a `roll` line), gives cmd, and expects the
 * roll event for= what with die d to carry the outcome the odds o give
 * face d; then ends the game. */
static void face_rolled(const char *rolls, const char *cmd, const char *what,
			int d, const struct odds *o)
{
	ok(rolls);
	ok(cmd);
	char want[96];
	snprintf(want, sizeof want, "for=%s die=%d result=%s", what, d,
		 o->out[o->face[d]].name);
	SAW("roll", want);
	stop();
}

/* 5.32's example: Hannibal, Initiative 7, gains momentum on 0-7, 80%; a
 * 9 is 5.33's Die Roll of Doom whatever the rating; and for every face,
 * the result the momentum roll gives with that die forced is the one the
 * odds give it. */
Test(sequence, momentum_odds_every_face_5_32_5_33)
{
	struct odds o;
	for (int d = 0; d < 10; d++) {
		hannibal_phase();
		seq_momentum_odds(S.game, leader_at("hannibal"), &o);
		sums_to_one(&o);
		cr_expect_str_eq(o.rule, "5.32");
		cr_expect_eq(odds_percent(&o, "success"), 80);
		cr_expect_eq(odds_percent(&o, "failure"), 10);
		cr_expect_eq(odds_percent(&o, "doom"), 10);
		char line[32];
		snprintf(line, sizeof line, "roll %d 5", d);
		face_rolled(line, "momentum", "momentum", d, &o);
	}
	/* the other ratings: the Initiative or less, never a 9 */
	seq_momentum_odds_at(0, &o);
	cr_expect_eq(odds_faces(&o, "success"), 1);
	seq_momentum_odds_at(9, &o);
	cr_expect_eq(odds_faces(&o, "success"), 9);
	cr_expect_eq(odds_faces(&o, "failure"), 0);
}

/* 5.33: the Die Roll of Doom's three bands, each face as the roll after
 * a 9 gives it. */
Test(sequence, doom_odds_every_face_5_33)
{
	struct odds o;
	seq_doom_odds(&o);
	sums_to_one(&o);
	cr_expect_eq(odds_faces(&o, "reactivation"), 2);
	cr_expect_eq(odds_faces(&o, "finished"), 7);
	cr_expect_eq(odds_faces(&o, "no_more_activations"), 1);
	for (int d = 0; d < 10; d++) {
		hannibal_phase();
		char line[32];
		snprintf(line, sizeof line, "roll 9 %d", d);
		face_rolled(line, "momentum", "doom", d, &o);
	}
}

/* 5.41: Paullus (Initiative 5) trumps Servilius on 0-5, 60%; every face
 * as the trump roll gives it. */
Test(sequence, trump_odds_every_face_5_41)
{
	for (int d = 0; d < 10; d++) {
		start("new cannae sandbox 1");
		ok("continue");
		struct odds o;
		seq_trump_odds(S.game, leader_at("paullus"), &o);
		sums_to_one(&o);
		cr_expect_eq(odds_percent(&o, "success"), 60);
		char line[32];
		snprintf(line, sizeof line, "roll %d", d);
		face_rolled(line, "trump paullus", "trump", d, &o);
	}
}

/* 5.53's elite roll as two opposed dice: Scipio (Initiative 6) against
 * Hannibal (7) at Zama: Scipio's total is higher on 36 of the 100 pairs
 * of faces, Hannibal's on 55, a tie on 9; a wide gap wins every pair;
 * and every pair, forced, gives the side the odds give it. */
Test(sequence, elite_odds_every_pair_5_53)
{
	struct odds o;
	seq_elite_odds_at(6, 7, &o);
	cr_assert(odds_complete(&o));
	cr_expect_str_eq(o.rule, "5.53");
	cr_expect_eq(o.rolls, 100);
	cr_expect_eq(odds_faces(&o, "side0"), 36);
	cr_expect_eq(odds_faces(&o, "side1"), 55);
	cr_expect_eq(odds_faces(&o, "neither"), 9);
	cr_expect_eq(odds_percent(&o, "side0") + odds_percent(&o, "side1") +
			     odds_percent(&o, "neither"),
		     100);
	seq_elite_odds_at(20, 0, &o);
	cr_expect_eq(odds_percent(&o, "side0"), 100);
	cr_expect_not(odds_face(&o, 0, 0, "side0"), "a pair's odds, no face");
	static const char *const word[] = {"tie_neither", "side0_elite",
					   "side1_elite"};
	for (int a = 0; a < 10; a += 3)
		for (int b = 0; b < 10; b += 2) {
			start("new zama sandbox 1");
			char line[32], want[96];
			snprintf(line, sizeof line, "roll %d %d", a, b);
			ok(line);
			ok("continue");
			snprintf(want, sizeof want,
				 "for=elite_initiative side=1 leader=hannibal "
				 "initiative=7 die=%d",
				 b);
			SAW("roll", want);
			snprintf(want, sizeof want, "result=%s",
				 word[seq_elite_winner(6, a, 7, b) + 1]);
			SAW("roll", want);
			stop();
		}
}

/* 5.44: a Bypassed leader is still activated in his turn but cannot use
 * momentum; the trumped leader is Finished. */
Test(sequence, bypass_consequence_5_44)
{
	start("new cannae sandbox 1");
	ok("continue");
	ok("roll 0");
	ok("trump paullus");
	ok("no trump");
	SAW("trump_declined", "side=1 against=paullus rule=5.42");
	acted();
	ok("orders done");
	ok("no momentum");
	/* Servilius is next in line still */
	SAW("decision", "step=activate side=0 lowest=3");
	cr_expect_eq(S.game->leaders[0].state, LS_BYPASSED);
	ok("activate servilius");
	ok("orders done");
	SAW("momentum_barred", "leader=servilius why=bypassed rule=5.44");
	refused("momentum", "5.12");
	stop();
}

/* 5.53: both OCs elite: each rolls and adds his Initiative; high roll
 * takes the EIO Phase, a tie gives it to neither.  5.51, 5.52: Scipio
 * passes it to Laelius, who then reverts to inactive, has used one phase
 * for 5.14 and later has one definite and one momentum phase. */
Test(sequence, elite_initiative_5_51_to_5_53)
{
	start("new zama sandbox 1");
	ok("roll 8 1");
	ok("continue");
	SAW("roll", "for=elite_initiative side=0 leader=scipio initiative=6 "
		    "die=8 total=14 rule=5.53");
	SAW("roll", "for=elite_initiative side=1 leader=hannibal "
		    "initiative=7 die=1 total=8 result=side0_elite rule=5.53");
	SAW("elite_offer", "side=0 oc=scipio rule=5.51");
	cr_expect(legal_has("elite laelius") && legal_has("elite tribune") &&
		  legal_has("no elite"));
	refused("elite hanno", "5.51");
	ok("elite laelius");
	SAW("activated", "leader=laelius how=elite phase_no=1 rule=5.51");
	ok("orders done");
	SAW("elite_phase_over", "leader=laelius state=inactive rule=5.52");
	SAW("decision", "step=activate side=0 lowest=2");
	phase_of("tribune");
	phase_of("hanno");
	ok("activate laelius");
	SAW("activated", "leader=laelius how=lowest phase_no=2");
	ok("orders done");
	ok("roll 3");
	ok("momentum");
	SAW("trump_offer", "side=1 against=laelius rule=5.42");
	ok("no trump");
	SAW("activated", "leader=laelius how=momentum phase_no=3");
	ok("orders done");
	SAW("momentum_barred", "leader=laelius why=three_phases rule=5.14");
	stop();

	/* a tie: neither side has the EIO Phase */
	start("new zama sandbox 1");
	ok("roll 5 4");
	ok("continue");
	SAW("roll", "for=elite_initiative side=1 total=11 result=tie_neither");
	SAW("decision", "step=activate side=0 lowest=2");
	refused("elite scipio", "5.12");
	stop();

	/* after turn 1, the EIO leader must be within the OC's range */
	start("new zama sandbox 1");
	ok("setup turn 2");
	ok("roll 8 1");
	ok("continue");
	cr_expect(legal_has("elite laelius") && !legal_has("elite tribune"));
	refused("elite tribune", "5.51");
	ok("no elite");
	SAW("elite_declined", "side=0 rule=5.51");
	SAW("decision", "step=activate side=0 lowest=2");
	stop();
}

/* 11.1, 11.2: an army withdraws at its level; both in one turn: the
 * fewer RP above the level wins; equal is a draw. */
Test(sequence, withdrawal_11_2)
{
	start("new field sandbox 1");
	ok("setup eliminate r1");
	ok("setup eliminate r2");
	ok("setup phase withdrawal");
	ok("continue");
	SAW("withdrawal", "side=0 army=rome rout_points=13 level=10 "
			  "withdraws=yes rule=11.2");
	SAW("game_over", "result=side1 winner=carthage why=withdrawal "
			 "rule=11.2");
	SAW("turn_end", "turn=1");
	refused("continue", "11.2");
	cr_expect_eq(seq_legal(S.game, (struct decision_answer[4]){0}, 4), 0);
	stop();

	start("new field sandbox 1");
	ok("setup eliminate r1");
	ok("setup eliminate r2");
	ok("setup eliminate c1");
	ok("setup eliminate c2");
	ok("setup phase withdrawal");
	ok("continue");
	/* Rome 3 over, Carthage 2 over: Carthage wins, just barely */
	SAW("game_over", "result=side1 why=both_withdraw rule=11.2");
	stop();

	start("new field sandbox 1");
	ok("setup eliminate r1");
	ok("setup eliminate r2");
	ok("setup eliminate c1");
	ok("setup eliminate c3");
	ok("setup phase withdrawal");
	ok("continue");
	SAW("game_over", "result=draw winner=- why=both_withdraw rule=11.2");
	stop();

	/* neither: the next turn */
	start("new field sandbox 1");
	ok("setup eliminate r1");
	ok("continue");
	ok("pass");
	ok("pass");
	SAW("withdrawal", "side=0 rout_points=7 level=10 withdraws=no");
	SAW("turn_start", "turn=2");
	stop();
}

/* R4: at the turn limit the smaller fraction of its withdrawal level
 * wins; equal fractions draw. */
Test(sequence, turn_limit_r4)
{
	start("new field sandbox 1");
	ok("setup turn 3");
	ok("setup eliminate r1"); /* 7/10 */
	ok("setup eliminate c3"); /* 6/10 */
	ok("continue");
	ok("pass");
	ok("pass");
	SAW("turn_limit", "turn=3 limit=3 side0=7/10 side1=6/10 rule=R4");
	SAW("game_over", "result=side1 winner=carthage why=turn_limit "
			 "rule=R4");
	cr_expect_eq(S.game->phase, PHASE_OVER);
	stop();

	start("new field2 sandbox 1");
	ok("setup turn 3");
	ok("setup eliminate r3"); /* 5/10 */
	ok("setup eliminate c2"); /* 10/20 */
	ok("setup eliminate c4");
	ok("setup phase withdrawal");
	ok("continue");
	SAW("game_over", "result=draw why=turn_limit rule=R4");
	stop();

	/* before the limit, play goes on */
	start("new field sandbox 1");
	ok("setup turn 2");
	ok("setup phase withdrawal");
	ok("continue");
	SAW("turn_end", "turn=2");
	SAW("turn_start", "turn=3");
	stop();
}

/* 3.0: the looking commands and the state text. */
Test(sequence, show_sequence_and_state_text)
{
	start("new cannae sandbox 1");
	ok("show sequence");
	SAW("sequence", "turn=1 phase=activation step=none side=-1");
	cr_expect(legal_has("continue"));
	ok("continue");
	ok("activate servilius");
	ok("show sequence");
	SAW("sequence", "phase=movement step=orders side=0 active=servilius "
			"orders_left=3");
	SAW("activation", "leader=servilius state=active phases=1 "
			  "activated=yes");
	ok("legal");
	SAW("legal", "side=0 command=orders_done rule=5.27");
	char *t = game_state_text(S.game);
	cr_assert_not_null(t);
	cr_expect_not_null(strstr(t, "\nsequence step=orders "));
	cr_expect_not_null(strstr(t, "sequence_leaders servilius=activated"));
	free(t);
	stop();
}

/* The same commands and seed give the same events: the game file replays
 * to the same digest. */
Test(sequence, replay_is_deterministic)
{
	start("new bagradas solo 99");
	ok("continue");
	const char *lines[] = {"activate herennius", "orders done",
			       "momentum",	     "no momentum",
			       "orders done",	     "no momentum"};
	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
		session_exec(&S, lines[i], &R);
	uint64_t d = game_digest(S.game);
	char path[] = "/tmp/sop_seq_XXXXXX";
	int fd = mkstemp(path);
	cr_assert(fd >= 0);
	close(fd);
	char line[64];
	snprintf(line, sizeof line, "save %s", path);
	ok(line);
	struct session t;
	session_init(&t, loader, spqr_tables_loader, NULL, 1);
	struct ini_error err;
	cr_assert(session_load(&t, path, &err), "%s", err.msg);
	cr_expect_eq(game_digest(t.game), d);
	session_free(&t);
	unlink(path);
	stop();
}

/* ---- leaders and enemy ZOCs (4.24, 5.26, 5.31, 5.45, 5.46) ----
 * c1 at 0101 facing E has servilius (0202) in its ZOC, at 0103 paullus
 * (0204), at 0107 varro (0208), at 0110 no leader; r1 at 0701 facing E
 * has maharbal (0802), at 0410 no leader. */

static bool leader_in_zoc(const char *id)
{
	const struct leader *l = game_leader(S.game, id);
	cr_assert_not_null(l);
	return zoc_enemy_in(S.game, l->side, l->hex);
}

/* Starts the zocfield with c1 and r1 placed as given. */
static void zoc_start(const char *c1_at, const char *r1_at)
{
	start("new zocfield sandbox 1");
	char line[64];
	snprintf(line, sizeof line, "setup unit c1 %s E", c1_at);
	ok(line);
	snprintf(line, sizeof line, "setup unit r1 %s E", r1_at);
	ok(line);
}

static enum leader_state state_of(const char *id)
{
	return game_leader(S.game, id)->state;
}

/* 5.31 bullet 1: momentum is barred for a leader in an enemy ZOC and for
 * one who was in one earlier this turn; allowed otherwise. */
Test(sequence, momentum_barred_in_enemy_zoc_5_31)
{
	/* allowed out of every ZOC; refused once an enemy ZOC reaches him */
	zoc_start("0110", "0410");
	ok("continue");
	ok("activate servilius");
	ok("orders done");
	SAW("decision", "step=momentum side=0 leader=servilius");
	cr_expect(legal_has("momentum"));
	ok("setup unit c1 0101 E");
	cr_assert(leader_in_zoc("servilius"));
	refused("momentum", "5.31");
	cr_expect(!legal_has("momentum") && legal_has("no momentum"));
	ok("no momentum");
	stop();

	/* in an enemy ZOC when his phase ends: no momentum decision */
	zoc_start("0101", "0410");
	ok("continue");
	ok("activate servilius");
	ok("orders done");
	SAW("momentum_barred", "leader=servilius why=in_enemy_zoc rule=5.31");
	SAW("finished", "leader=servilius why=orders_phase_over");
	stop();

	/* in a ZOC at the turn's start, out of it (c1 moved away) before
	 * his activation: "was previously in an enemy ZOC" */
	zoc_start("0103", "0410");
	ok("continue");
	cr_assert(leader_in_zoc("paullus"));
	ok("setup unit c1 0110 E");
	cr_assert(!leader_in_zoc("paullus"));
	phase_of("servilius");
	ok("activate paullus");
	ok("orders done");
	SAW("momentum_barred", "leader=paullus why=was_in_enemy_zoc "
			       "rule=5.31");
	cr_expect_eq(state_of("paullus"), LS_FINISHED);
	/* the next turn starts clear: Paullus may use momentum again */
	phase_of("varro");
	phase_of("maharbal");
	phase_of("hannibal");
	SAW("turn_start", "turn=2");
	phase_of("servilius");
	ok("activate paullus");
	ok("orders done");
	SAW("decision", "step=momentum side=0 leader=paullus");
	stop();
}

/* 4.24, 4.4 #1, 5.26: a subordinate in an enemy ZOC may be activated (he
 * is not Finished for it) but issues no orders; his Command Range still
 * designates Shock (7.33) in the Shock segment.  The OC in an enemy ZOC
 * gives orders. */
Test(sequence, no_orders_in_enemy_zoc_4_24_but_the_oc_4_4)
{
	struct cmd_result r;
	zoc_start("0101", "0410");
	ok("continue");
	cr_expect(legal_has("activate servilius") && legal_has("pass"));
	ok("activate servilius");
	SAW("activated", "leader=servilius how=lowest");
	SAW("no_orders", "leader=servilius why=in_enemy_zoc rule=4.24");
	SAW("range_for_shock", "leader=servilius see=7.33 rule=5.26");
	cmd_result_init(&r);
	cr_expect(!seq_may_order(S.game, &r));
	cr_expect_str_eq(r.rule, "4.24", "%s", r.reason);
	cmd_result_free(&r);
	ok("orders done");
	SAW("momentum_barred", "leader=servilius why=in_enemy_zoc");
	stop();

	zoc_start("0103", "0410");
	ok("continue");
	ok("pass");
	cr_assert(leader_in_zoc("paullus"));
	ok("activate paullus");
	cr_expect(!saw("no_orders", "leader=paullus"));
	cmd_result_init(&r);
	cr_expect(seq_may_order(S.game, &r), "%s", r.reason);
	cmd_result_free(&r);
	stop();
}

/* 5.26, 5.15: passed over in an enemy ZOC, Servilius is not Finished;
 * out of it later in the turn he must be activated before any other
 * leader (of either side: here before Carthage's Maharbal, who is next
 * by 5.12), with no pass and no trump, and cannot use momentum. */
Test(sequence, passed_in_zoc_goes_first_when_out_5_26)
{
	zoc_start("0101", "0410");
	ok("continue");
	ok("pass");
	SAW("passed_in_zoc", "leader=servilius side=0 state=not_finished "
			     "rule=5.26");
	cr_expect(!saw("finished", "leader=servilius"));
	cr_expect_eq(state_of("servilius"), LS_INACTIVE);
	SAW("decision", "step=activate side=0 lowest=4");
	cr_expect(!legal_has("activate servilius"));
	refused("activate servilius", "5.26");
	phase_of("paullus");
	phase_of("varro");
	/* still in the ZOC: Maharbal is next */
	SAW("decision", "step=activate side=1 lowest=6");
	ok("setup unit c1 0110 E");
	cr_assert(!leader_in_zoc("servilius"));
	cr_expect(legal_has("activate servilius"));
	cr_expect(!legal_has("pass") && !legal_has("activate maharbal") &&
		  !legal_has("trump hannibal"));
	refused("activate maharbal", "5.12");
	refused("pass", "5.26");
	ok("activate servilius");
	SAW("activated", "leader=servilius how=out_of_zoc phase_no=1 "
			 "rule=5.26");
	ok("orders done");
	SAW("momentum_barred", "leader=servilius why=activated_after_zoc "
			       "rule=5.26");
	SAW("decision", "step=activate side=1 lowest=6");
	stop();

	/* while he is in a ZOC, trumps must wait no more than anyone else,
	 * and a leader still in the ZOC when the activations run out is
	 * simply not activated */
	zoc_start("0101", "0410");
	ok("continue");
	ok("pass");
	phase_of("paullus");
	phase_of("varro");
	phase_of("maharbal");
	phase_of("hannibal");
	cr_expect(!saw("activated", "leader=servilius"));
	SAW("turn_start", "turn=2");
	stop();

	/* the OC in an enemy ZOC passed is Finished as 5.15 says */
	zoc_start("0103", "0410");
	ok("continue");
	phase_of("servilius");
	ok("pass");
	SAW("finished", "leader=paullus why=passed rule=5.15");
	stop();
}

/* 5.46: Varro, in an enemy ZOC, trumps Servilius successfully (5.41);
 * as a subordinate he can give no order there (4.24), so the trump is
 * treated as never having happened: Varro is Inactive again, Servilius
 * is no longer Bypassed and goes instead (and may use momentum). */
Test(sequence, trump_from_enemy_zoc_is_void_5_46)
{
	zoc_start("0107", "0410");
	ok("continue");
	cr_assert(leader_in_zoc("varro"));
	ok("roll 4");
	ok("trump varro");
	SAW("roll", "for=trump leader=varro against=servilius die=4 "
		    "result=success rule=5.41");
	SAW("bypassed", "leader=servilius by=varro");
	ok("no trump");
	SAW("must_act", "leader=varro rule=5.45");
	SAW("no_orders", "leader=varro rule=4.24");
	cr_expect(legal_has("orders done"));
	ok("orders done");
	SAW("trump_void", "leader=varro instead=servilius why=in_enemy_zoc "
			  "rule=5.46");
	SAW("activated", "leader=servilius how=trump_void phase_no=1 "
			 "rule=5.46");
	cr_expect(!saw("phase", "name=shock"));
	cr_expect_eq(state_of("varro"), LS_INACTIVE);
	cr_expect_eq(game_leader(S.game, "varro")->activations, 0);
	cr_expect_eq(state_of("paullus"), LS_INACTIVE); /* not Bypassed */
	cr_expect_eq(S.game->seq.trumper, -1);
	ok("orders done");
	SAW("decision", "step=momentum side=0 leader=servilius");
	ok("no momentum");
	/* Varro keeps his place in the order (after Paullus) */
	SAW("decision", "step=activate side=0 lowest=4");
	phase_of("paullus");
	cr_expect(legal_has("activate varro"));
	stop();
}

/* 5.46 for both of 5.42's trumps: Maharbal, in an enemy ZOC, trumps.
 * #1: his trump of Varro's trump is void: Varro goes as if Maharbal had
 * never tried (and he must act in turn, 5.45); Maharbal is Inactive, not
 * Finished.  #2: his trump of Servilius's momentum is void: Servilius
 * has his Momentum Orders Phase. */
Test(sequence, trumps_of_5_42_from_enemy_zoc_are_void_5_46)
{
	zoc_start("0110", "0701");
	ok("continue");
	cr_assert(leader_in_zoc("maharbal"));
	ok("roll 1 2");
	ok("trump varro");
	ok("trump maharbal");
	SAW("roll", "for=trump_the_trump leader=maharbal against=varro die=2 "
		    "result=success rule=5.42");
	SAW("finished", "leader=varro why=trumped");
	SAW("must_act", "leader=maharbal rule=5.45");
	ok("orders done");
	SAW("trump_void", "leader=maharbal instead=varro why=in_enemy_zoc "
			  "rule=5.46");
	SAW("activated", "leader=varro how=trump phase_no=1 rule=5.41");
	SAW("must_act", "leader=varro rule=5.45");
	cr_expect_eq(state_of("maharbal"), LS_INACTIVE);
	cr_expect_eq(state_of("varro"), LS_ACTIVE);
	cr_expect_eq(state_of("servilius"), LS_BYPASSED);
	cr_expect_eq(S.game->seq.trumper, 2);
	acted();
	ok("orders done");
	SAW("phase", "name=shock");
	stop();

	zoc_start("0110", "0701");
	ok("continue");
	ok("activate servilius");
	ok("orders done");
	ok("roll 0 3");
	ok("momentum");
	ok("trump maharbal");
	SAW("roll", "for=momentum_trump leader=maharbal against=servilius "
		    "die=3 result=success rule=5.42");
	ok("orders done");
	SAW("trump_void", "leader=maharbal instead=servilius "
			  "why=in_enemy_zoc rule=5.46");
	SAW("activated", "leader=servilius how=momentum phase_no=2 "
			 "rule=5.32");
	cr_expect(!saw("must_act", "leader=servilius"));
	cr_expect_eq(state_of("maharbal"), LS_INACTIVE);
	cr_expect_eq(state_of("servilius"), LS_ACTIVE);
	stop();
}

/* 5.45: a leader who trumped successfully must do something: `orders
 * done` with no order given is refused while the orders code lists an
 * order he may give (orders_legal), and is the 5.46 void when it lists
 * none.  Out of every ZOC, Varro trumps Servilius. */
Test(sequence, trumper_must_act_5_45)
{
	zoc_start("0110", "0410");
	ok("continue");
	ok("roll 4");
	ok("trump varro");
	ok("no trump");
	SAW("must_act", "leader=varro rule=5.45");
	struct decision_answer a[8];
	if (orders_legal(S.game, a, 8) > 0) {
		refused("orders done", "5.45");
		cr_expect(!legal_has("orders done"));
	} else {
		cr_expect(legal_has("orders done"));
		ok("orders done");
		SAW("trump_void", "leader=varro instead=servilius "
				  "why=no_order_possible rule=5.46");
		cr_expect(!saw("phase", "name=shock"));
		stop();
		zoc_start("0110", "0410");
		ok("continue");
		ok("roll 4");
		ok("trump varro");
		ok("no trump");
	}
	/* with an order given, his orders may be done */
	acted();
	cr_expect(legal_has("orders done"));
	ok("orders done");
	cr_expect(!saw("trump_void", ""));
	SAW("phase", "name=shock");
	stop();
}

/* 5.51: after turn 1 the EIO Phase goes only to a leader within the
 * OC's Command Range (4.21, after wounds R7); on turn 1 to any. */
Test(sequence, elite_phase_range_5_51)
{
	/* Scipio wounded 3: range 2, Laelius three hexes away */
	start("new zama sandbox 1");
	ok("setup wounds scipio 3");
	ok("setup turn 2");
	ok("roll 9 1");
	ok("continue");
	SAW("elite_offer", "side=0 oc=scipio");
	cr_expect(!legal_has("elite laelius") && legal_has("elite scipio"));
	refused("elite laelius", "5.51");
	ok("elite scipio");
	SAW("activated", "leader=scipio how=elite rule=5.51");
	stop();

	start("new zama sandbox 1");
	ok("setup wounds scipio 3");
	ok("roll 9 1");
	ok("continue");
	cr_expect(legal_has("elite laelius") && legal_has("elite tribune"));
	ok("elite tribune");
	SAW("activated", "leader=tribune how=elite rule=5.51");
	stop();
}

/* 5.15 bullet 3, 5.44: a leader who fails a trump is Finished: when his
 * rating's turn comes he is not offered, and activating him is refused;
 * 5.43: the side's one attempt is spent for that activation. */
Test(sequence, failed_trumper_stays_finished_5_15)
{
	start("new cannae sandbox 1");
	ok("continue");
	ok("roll 9");
	ok("trump paullus");
	SAW("finished", "leader=paullus why=trump_failed rule=5.44");
	refused("activate paullus", "5.27"); /* Servilius gives orders */
	ok("orders done");
	ok("no momentum");
	/* Rome has nobody left: Carthage's lowest, Maharbal */
	SAW("decision", "step=activate side=1 lowest=6");
	refused("activate paullus", "5.12");
	cr_expect(!legal_has("activate paullus"));
	cr_expect_eq(S.game->leaders[1].state, LS_FINISHED);
	stop();
}
