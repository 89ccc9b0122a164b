/* The Roman Triarii Tactical Doctrine (9.7: 9.71, 9.72) and `--check`'s
 * warning where RULINGS R8 wants it, played as commands through a sandbox
 * session on a hand-built battle (the doctrine on, Withdrawal Level 99
 * for Rome, so 9.72 frees the triarii at 49 rout points). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "maniple/battle.h"
#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/map.h"
#include "maniple/orders.h"
#include "maniple/sequence.h"
#include "maniple/triarii.h"
#include "spqr_tables.h"
#include "fixture.h"

struct usp {
	const char *id;
	int side;
	enum unit_type t;
	const char *cls;
	int legion;
	bool ala;
	int hex; /* 0: off the map until placed */
	int facing;
};

/* Rome west facing E: the triarii in column 05, the principes ahead in
 * 07, allied (no legion) infantry beside the triarii; the rest off the
 * map until a test places it. */
static const struct usp units[] = {
	{"tr1", 0, UT_HI, "TR", 3, false, 510, FACE_E},
	{"tr2", 0, UT_HI, "TR", 3, false, 512, FACE_E},
	{"pr1", 0, UT_LG, "PR", 3, false, 710, FACE_E},
	{"al1", 0, UT_MI, "", 0, false, 508, FACE_E},
	{"co1", 0, UT_LG, "CO", 3, true, 0, FACE_E},
	{"ve1", 0, UT_LI, "VE", 3, false, 0, FACE_E},
	{"e1", 1, UT_BI, "", 0, false, 0, FACE_W},
	{"el1", 1, UT_EL, "", 0, false, 0, FACE_W},
	{NULL, 0, 0, NULL, 0, false, 0, 0},
};

static struct hex H(int n)
{
	return (struct hex){n / 100, n % 100};
}

static struct battle *loader(void *user, const char *name,
			     struct ini_error *err)
{
	(void)user;
	if (strcmp(name, "tri") != 0) {
		memset(err, 0, sizeof *err);
		snprintf(err->msg, sizeof err->msg, "no battle %s", name);
		return NULL;
	}
	struct battle *b =
		fx_empty_battle("tri", "Triarii", 30, 20, "rome", "carthage");
	b->year = -216;
	b->triarii_doctrine = true;
	struct leader *l = &b->leaders[b->nleaders++];
	snprintf(l->id, sizeof l->id, "consul");
	l->name = "C. Terentius Varro";
	l->kind = LK_GENERAL;
	l->initiative = 5;
	l->command_range = 6;
	l->line_command = 2;
	l->strategy = 4;
	l->overall = true;
	l->hex = H(410);
	l->on_map = l->available = true;
	l = &b->leaders[b->nleaders++];
	snprintf(l->id, sizeof l->id, "hannibal");
	l->side = 1;
	l->kind = LK_GENERAL;
	l->initiative = 7;
	l->command_range = 6;
	l->overall = true;
	l->hex = H(2010);
	l->on_map = l->available = true;
	for (const struct usp *s = units; s->id; s++) {
		struct unit *u = &b->units[b->nunits++];
		snprintf(b->unit_text[u - b->units].id, ID_MAX, "%s", s->id);
		snprintf(u->cls, sizeof u->cls, "%s", s->cls);
		u->side = s->side;
		u->type = s->t;
		u->size = 3;
		u->tq = 6;
		u->ma = s->side ? 4 : 5; /* 6.51: Rome may withdraw */
		u->legion = s->legion;
		u->ala = s->ala;
		u->at.hex[0] = s->hex ? H(s->hex) : HEX_NONE;
		u->at.hex[1] = HEX_NONE;
		u->at.facing = s->facing;
		u->on_map = s->hex != 0;
	}
	struct line_def *d = &b->lines[b->nlines++];
	snprintf(d->name, sizeof d->name, "triarii");
	d->side = 0;
	d->spacing = 2;
	d->nmembers = 1;
	snprintf(d->members[0], sizeof d->members[0], "class:TR");
	return b;
}

static struct session *open_game(void)
{
	struct session *s = calloc(1, sizeof *s);
	cr_assert_not_null(s);
	session_init(s, loader, spqr_tables_loader, NULL, 1);
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(s, "new tri sandbox 42", &r);
	cr_assert_eq(r.status, CMD_OK, "%s", r.reason);
	cmd_result_free(&r);
	return s;
}

static void close_game(struct session *s)
{
	session_free(s);
	free(s);
}

struct out {
	enum cmd_status st;
	char rule[16];
	char reason[512];
	char ev[8192]; /* its events as text, one a line */
};

static struct out run(struct session *s, const char *line)
{
	struct out o;
	memset(&o, 0, sizeof o);
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(s, line, &r);
	o.st = r.status;
	snprintf(o.rule, sizeof o.rule, "%s", r.rule);
	snprintf(o.reason, sizeof o.reason, "%s", r.reason);
	size_t len = 0;
	for (size_t i = 0; i < r.out.n && len < sizeof o.ev - 1; i++) {
		char buf[512];
		event_log_format(&r.out, i, buf, sizeof buf);
		len += (size_t)snprintf(o.ev + len, sizeof o.ev - len, "%s\n",
					buf);
	}
	cmd_result_free(&r);
	return o;
}

#define OK(s, line)                                                           \
	do {                                                                  \
		struct out o_ = run(s, line);                                 \
		cr_assert_eq(o_.st, CMD_OK, "%s: refused %s (%s)", line,      \
			     o_.reason, o_.rule);                             \
	} while (0)

/* The command is refused naming rule, and changes nothing. */
#define REFUSED(s, line, want)                                                \
	do {                                                                  \
		char *before_ = game_state_text((s)->game);                   \
		struct out o_ = run(s, line);                                 \
		char *after_ = game_state_text((s)->game);                    \
		cr_assert_eq(o_.st, CMD_REFUSED, "%s: not refused", line);    \
		cr_assert_str_eq(o_.rule, want, "%s: rule %s (%s)", line,     \
				 o_.rule, o_.reason);                         \
		cr_assert_str_eq(before_, after_, "%s changed the game",      \
				 line);                                       \
		free(before_);                                                \
		free(after_);                                                 \
	} while (0)

static struct unit *U(struct session *s, const char *id)
{
	struct unit *u = game_unit(s->game, id);
	cr_assert_not_null(u, "no unit %s", id);
	return u;
}

static void place(struct session *s, const char *id, int hex, int facing)
{
	struct unit *u = U(s, id);
	game_unit_set_hex(s->game, u, 0, H(hex));
	u->at.facing = facing;
	u->on_map = true;
}

/* Opens leader id's Orders Phase (5.21) as the sequence does. */
static void phase_of(struct session *s, const char *id)
{
	struct game *g = s->game;
	struct leader *l = game_leader(g, id);
	cr_assert_not_null(l);
	g->seq.started_turn = g->turn;
	g->phase = PHASE_MOVEMENT;
	g->seq.step = SEQ_ORDERS;
	g->active_leader = (int)(l - g->leaders);
	l->state = LS_ACTIVE;
	for (int k = 0; k < g->nunits; k++)
		g->units[k].moved_phase = false;
	orders_phase_begin(g);
	g->seq.orders_left = l->initiative;
	g->seq.orders_given = 0;
	g->seq.momentum_phase = false;
}

static void phase(struct session *s)
{
	phase_of(s, "consul");
}

/* ---- 9.71: when triarii may move ---- */

/* 9.71: held triarii take orders and change facing, but may not move */
Test(triarii, held_triarii_change_facing_but_do_not_move_9_71)
{
	struct session *s = open_game();
	phase(s);
	OK(s, "order tr1");
	OK(s, "face SE"); /* facing changes are always allowed */
	cr_expect_eq(U(s, "tr1")->at.facing, FACE_SE);
	REFUSED(s, "move 0611", "9.71");
	cr_expect(hex_eq(U(s, "tr1")->at.hex[0], H(510)));
	close_game(s);
}

/* 9.71: a Line Command to the triarii moves none of them either */
Test(triarii, line_command_to_held_triarii_refused_9_71)
{
	struct session *s = open_game();
	phase(s);
	OK(s, "line triarii");
	OK(s, "pick tr2");
	REFUSED(s, "move 0612", "9.71");
	close_game(s);
}

/* 9.71 bullet 1: an enemy within 3 hexes and LOS of ANY unit of the
 * Triarii line frees them all: e1 is 3 hexes from tr2, 5 from tr1 */
Test(triarii, enemy_within_three_and_los_frees_the_line_9_71)
{
	struct session *s = open_game();
	place(s, "e1", 515, FACE_NW);
	cr_assert_eq(hex_distance(H(512), H(515)), 3);
	cr_assert_eq(hex_distance(H(510), H(515)), 5);
	phase(s);
	OK(s, "order tr1");
	OK(s, "move 0610");
	OK(s, "move 0709");
	close_game(s);
}

/* 9.71 bullet 1: four hexes is too far */
Test(triarii, enemy_four_hexes_away_does_not_free_9_71)
{
	struct session *s = open_game();
	place(s, "e1", 516, FACE_NW);
	cr_assert_eq(hex_distance(H(512), H(516)), 4);
	phase(s);
	OK(s, "order tr1");
	REFUSED(s, "move 0610", "9.71");
	close_game(s);
}

/* 9.71 bullet 1: an elephant does not free the triarii */
Test(triarii, elephant_does_not_free_9_71)
{
	struct session *s = open_game();
	place(s, "el1", 515, FACE_NW);
	phase(s);
	OK(s, "order tr1");
	REFUSED(s, "move 0610", "9.71");
	close_game(s);
}

/* 9.71 bullet 1, 8.14: the enemy must be in LOS: a unit between blocks */
Test(triarii, enemy_out_of_los_does_not_free_9_71)
{
	struct session *s = open_game();
	place(s, "e1", 515, FACE_NW);
	place(s, "ve1", 514, FACE_SE);
	phase(s);
	OK(s, "order tr1");
	REFUSED(s, "move 0610", "9.71");
	close_game(s);
}

/* 9.71 bullet 2: triarii 6 hexes from every Roman infantry line may
 * move; allied infantry (al1, no legion) does not count; once the move is
 * begun it goes on even when it brings them nearer (pr1 5 hexes away) */
Test(triarii, six_hexes_from_every_line_frees_9_71)
{
	struct session *s = open_game();
	place(s, "pr1", 1110, FACE_E);
	cr_assert_eq(hex_distance(H(510), H(1110)), 6);
	phase(s);
	OK(s, "order tr1");
	OK(s, "move 0610");
	OK(s, "move 0710");
	close_game(s);
}

/* 9.71 bullet 2: five hexes is not far enough */
Test(triarii, five_hexes_from_a_line_holds_9_71)
{
	struct session *s = open_game();
	place(s, "pr1", 1010, FACE_E);
	cr_assert_eq(hex_distance(H(510), H(1010)), 5);
	phase(s);
	OK(s, "order tr1");
	REFUSED(s, "move 0410", "9.71");
	close_game(s);
}

/* 9.71 bullet 2: an ala's infantry counts like a legion's */
Test(triarii, ala_infantry_counts_9_71)
{
	struct session *s = open_game();
	place(s, "pr1", 1110, FACE_E);
	place(s, "co1", 810, FACE_E);
	phase(s);
	OK(s, "order tr1");
	REFUSED(s, "move 0610", "9.71");
	close_game(s);
}

/* 9.71 bullet 2 (our reading): a routed unit is no longer a line */
Test(triarii, routed_infantry_is_no_line_9_71)
{
	struct session *s = open_game();
	U(s, "pr1")->routed = true;
	phase(s);
	OK(s, "order tr1");
	OK(s, "move 0610");
	close_game(s);
}

/* 9.7: without the doctrine in the battle triarii move like others */
Test(triarii, no_doctrine_no_restriction_9_7)
{
	struct session *s = open_game();
	s->game->battle->triarii_doctrine = false;
	phase(s);
	OK(s, "order tr1");
	OK(s, "move 0610");
	close_game(s);
}

/* 9.71 applies to triarii only: the principes move */
Test(triarii, other_classes_move_9_71)
{
	struct session *s = open_game();
	phase(s);
	OK(s, "order pr1");
	OK(s, "move 0810");
	close_game(s);
}

/* 9.71, 6.51: held triarii make no Orderly Withdrawal: an elephant
 * coming within 2 hexes neither frees them nor gives them the offer */
Test(triarii, held_triarii_offered_no_withdrawal_9_71_6_51)
{
	struct session *s = open_game();
	place(s, "el1", 210, FACE_E);
	place(s, "al1", 412, FACE_E);
	game_leader(s->game, "hannibal")->hex = H(209);
	game_leader(s->game, "consul")->hex = H(1015); /* out of the way */
	phase_of(s, "hannibal");
	OK(s, "order el1");
	struct out o = run(s, "move 0310");
	cr_assert_eq(o.st, CMD_OK, "%s (%s)", o.reason, o.rule);
	cr_assert_eq(hex_distance(H(310), H(510)), 2);
	cr_expect_not(strstr(o.ev, "withdrawal_offered unit=tr1 "), "%s",
		      o.ev);
	/* the allied infantry near them is offered it (6.51) */
	cr_assert_eq(hex_distance(H(310), H(412)), 2);
	cr_expect(strstr(o.ev, "withdrawal_offered unit=al1 "), "%s", o.ev);
	close_game(s);
}

/* 9.71, 6.51: a non-elephant enemy within 2 hexes and in LOS frees them,
 * so they are offered the withdrawal like any unit */
Test(triarii, freed_triarii_offered_withdrawal_9_71_6_51)
{
	struct session *s = open_game();
	place(s, "e1", 210, FACE_E);
	game_leader(s->game, "hannibal")->hex = H(209);
	game_leader(s->game, "consul")->hex = H(1015); /* out of the way */
	phase_of(s, "hannibal");
	OK(s, "order e1");
	struct out o = run(s, "move 0310");
	cr_assert_eq(o.st, CMD_OK, "%s (%s)", o.reason, o.rule);
	cr_expect(strstr(o.ev, "withdrawal_offered unit=tr1 "), "%s", o.ev);
	close_game(s);
}

/* ---- 9.72: when triarii may move and shock ---- */

/* tr1, freed by e1 within 3 hexes (9.71), steps into e1's ZOC (a Shock
 * Must Check, 7.31); with the given rout points it is designated against
 * e1, or refused (9.72) */
static struct out move_then_designate(int rout_points)
{
	struct session *s = open_game();
	/* pr1 in el1's ZOC, so that a designation is owed either way */
	place(s, "pr1", 615, FACE_E);
	place(s, "el1", 715, FACE_W);
	place(s, "e1", 710, FACE_W);
	s->game->rout_points[0] = rout_points;
	phase(s);
	OK(s, "order tr1");
	OK(s, "move 0610");
	cr_expect(U(s, "tr1")->shock_must, "7.31: no Shock Must Check");
	OK(s, "no reaction"); /* 7.15: e1 stays as it is */
	OK(s, "orders done");
	struct out o = run(s, "designate tr1 e1");
	char *before = game_state_text(s->game);
	struct out again = run(s, "designate tr1 e1");
	char *after = game_state_text(s->game);
	if (o.st == CMD_REFUSED)
		cr_expect_str_eq(before, after, "a refusal changed the game");
	(void)again;
	free(before);
	free(after);
	close_game(s);
	return o;
}

/* 9.72: 48 rout points, less than half of 99 rounded down (49) */
Test(triarii, moved_triarii_may_not_shock_before_half_wl_9_72)
{
	struct out o = move_then_designate(48);
	cr_expect_eq(o.st, CMD_REFUSED, "designated: %s", o.reason);
	cr_expect_str_eq(o.rule, "9.72", "rule %s (%s)", o.rule, o.reason);
}

/* 9.72: 49 rout points = 99 / 2 rounded down: they may move and shock */
Test(triarii, moved_triarii_shock_at_half_wl_9_72)
{
	struct out o = move_then_designate(49);
	cr_expect_eq(o.st, CMD_OK, "refused %s (%s)", o.reason, o.rule);
}

/* 9.72: without moving they always shock enemies in their ZOC */
Test(triarii, unmoved_triarii_shock_enemy_in_zoc_9_72)
{
	struct session *s = open_game();
	place(s, "e1", 611, FACE_W); /* the ESE hex: tr1's front */
	phase(s);
	OK(s, "orders done");
	OK(s, "designate tr1 e1");
	close_game(s);
}

/* 9.71, 9.72: a facing change is not a move: tr1 turns to bring e1 (on
 * its N flank) into its front and shocks it */
Test(triarii, facing_change_then_shock_9_72)
{
	struct session *s = open_game();
	place(s, "e1", 509, FACE_SE);
	phase(s);
	OK(s, "order tr1");
	OK(s, "face NE");
	OK(s, "halt");
	OK(s, "orders done");
	OK(s, "designate tr1 e1");
	close_game(s);
}

/* ---- RULINGS R8: --check warns where the doctrine is missing ---- */

static struct battle *scenario(const char *name)
{
	char path[2048];
	struct ini_error err = {0};
	const char *d = getenv("MANIPLE_SRCDIR");
	snprintf(path, sizeof path, "%s/scenarios/%s.ini",
		 d && *d ? d : MANIPLE_SRCDIR, name);
	struct battle *b = battle_load(path, &err);
	cr_assert_not_null(b, "%s: %d: %s", path, err.line, err.msg);
	return b;
}

/* R8, 9.7: Cannae (216 BC, Varro) must use it; it does */
Test(triarii, cannae_needs_the_doctrine_r8_9_7)
{
	struct battle *b = scenario("cannae");
	char why[300];
	cr_expect(b->triarii_doctrine);
	cr_expect_not(triarii_doctrine_missing(b, why, sizeof why));
	b->triarii_doctrine = false;
	cr_expect(triarii_doctrine_missing(b, why, sizeof why));
	cr_expect(strstr(why, "9.7") && strstr(why, "216 BC"), "%s", why);
	battle_free(b);
}

/* R8, 9.7: Zama has Scipio as Overall Commander; Cynoscephalae (197
 * BC) is after 200 BC: neither needs it */
Test(triarii, zama_and_cynoscephalae_do_not_r8_9_7)
{
	char why[300];
	struct battle *b = scenario("zama");
	cr_expect_not(b->triarii_doctrine);
	cr_expect_not(triarii_doctrine_missing(b, why, sizeof why));
	battle_free(b);
	b = scenario("cynoscephalae");
	b->triarii_doctrine = false;
	cr_expect_not(triarii_doctrine_missing(b, why, sizeof why));
	battle_free(b);
}

/* R8: every shipped battle passes without a warning */
Test(triarii, shipped_battles_do_not_warn_r8)
{
	const char *names[] = {"bagradas", "trebia", "cannae", "beneventum",
			       "zama", "cynoscephalae", "drill"};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		struct battle *b = scenario(names[i]);
		char why[300];
		cr_expect_not(triarii_doctrine_missing(b, why, sizeof why),
			      "%s: %s", names[i], why);
		battle_free(b);
	}
}

/* R8: `maniple --check` prints `FILE: warning: ...` and exits 0 */
Test(triarii, check_warns_and_exits_zero_r8)
{
	const char *bin = getenv("MANIPLE_BIN");
	const char *d = getenv("MANIPLE_SRCDIR");
	cr_assert(bin && *bin, "MANIPLE_BIN is not set");
	if (!d || !*d)
		d = MANIPLE_SRCDIR;
	char src[2048], tmp[] = "/tmp/maniple-triarii-XXXXXX", cmd[8192];
	int fd = mkstemp(tmp);
	cr_assert_geq(fd, 0);
	snprintf(src, sizeof src, "%s/scenarios/cannae.ini", d);
	/* the doctrine off, the map path made absolute */
	snprintf(cmd, sizeof cmd,
		 "sed -e 's/^triarii_doctrine = yes/triarii_doctrine = no/' "
		 "-e 's#^map = #map = %s/#' '%s' >'%s'",
		 d, src, tmp);
	cr_assert_eq(system(cmd), 0);
	snprintf(cmd, sizeof cmd, "'%s' --check '%s' 2>&1", bin, tmp);
	FILE *p = popen(cmd, "r");
	cr_assert_not_null(p);
	char out[4096] = "";
	size_t n = fread(out, 1, sizeof out - 1, p);
	out[n] = '\0';
	int st = pclose(p);
	char want[2100];
	snprintf(want, sizeof want, "%s: warning: ", tmp);
	cr_expect(strstr(out, want), "no warning: %s", out);
	cr_expect(strstr(out, "9.7"), "%s", out);
	snprintf(want, sizeof want, "%s: ok", tmp);
	cr_expect(strstr(out, want), "not ok: %s", out);
	cr_expect_eq(st, 0, "exit status %d", st);
	unlink(tmp);
}
