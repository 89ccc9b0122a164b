/* Pre-arranged Withdrawal (6.81-6.83, 5.15 last bullet, 5.14 with 6.81),
 * played through a sandbox session on a hand-built battle with forced
 * dice: the marker placed before any activation (6.82, RULINGS R12),
 * who may use it (6.81), the leader's orders when he is activated first
 * (6.83 bullet 2), the trigger and the Line's one-hex withdrawal with
 * 6.52's penalties (6.83 bullet 1), the leader Finished (5.15, 6.83) and
 * the OC's two activations (6.81). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/orders.h"
#include "maniple/pending.h"
#include "maniple/prearranged.h"
#include "maniple/sequence.h"
#include "spqr_tables.h"

struct lsp {
	const char *id;
	int side;
	enum leader_kind kind;
	int init, range, lc;
	bool oc, elite;
	int hex;
};

struct usp {
	const char *id;
	int side;
	enum unit_type t;
	const char *cls;
	int legion;
	int hex; /* 0: off the map */
	int facing;
};

/* Rome (side 0) west, Carthage (side 1) east.  Carthage's OC is elite
 * (6.81); Rome's OC is rated 6 (6.81's other door). */
static const struct lsp leaders[] = {
	{"consul", 0, LK_GENERAL, 6, 6, 2, true, false, 203},
	{"tribune", 0, LK_TRIBUNE, 2, 3, 1, false, false, 508},
	{"hannibal", 1, LK_GENERAL, 7, 6, 2, true, true, 1815},
	{"hanno", 1, LK_GENERAL, 3, 4, 1, false, false, 1107},
	{"mago", 1, LK_GENERAL, 4, 4, 1, false, false, 1803},
	{NULL, 0, 0, 0, 0, 0, false, false, 0},
};

static const struct usp units[] = {
	{"ha1", 0, UT_LG, "HA", 3, 708, FACE_E},
	{"ha2", 0, UT_LG, "HA", 3, 0, FACE_E},
	{"rc1", 0, UT_RC, "", 3, 0, FACE_E},
	{"hi1", 1, UT_HI, "HO", 0, 1008, FACE_W},
	{"hi2", 1, UT_HI, "HO", 0, 1009, FACE_W},
	{"li1", 1, UT_LI, "", 0, 1016, FACE_W},
	{"li2", 1, UT_LI, "", 0, 1017, FACE_W},
	{NULL, 0, 0, NULL, 0, 0, 0},
};

static struct hex H(int n)
{
	return (struct hex){n / 100, n % 100};
}

static void add_line(struct battle *b, const char *name, int side,
		     const char *member)
{
	struct line_def *d = &b->lines[b->nlines++];
	snprintf(d->name, sizeof d->name, "%s", name);
	d->side = side;
	d->spacing = 1;
	d->nmembers = 1;
	snprintf(d->members[0], sizeof d->members[0], "%s", member);
}

static struct battle *loader(void *user, const char *name,
			     struct ini_error *err)
{
	(void)user;
	if (strcmp(name, "pwt") != 0 && strcmp(name, "gba") != 0) {
		memset(err, 0, sizeof *err);
		snprintf(err->msg, sizeof err->msg, "no battle %s", name);
		return NULL;
	}
	struct battle *b =
		fx_empty_battle(name, "PW", 30, 20, "rome", "carthage");
	if (strcmp(name, "gba") == 0) /* the same field under GBA's rules */
		snprintf(b->ruleset, sizeof b->ruleset, "gba");
	for (const struct lsp *s = leaders; s->id; s++) {
		struct leader *l = &b->leaders[b->nleaders++];
		snprintf(l->id, sizeof l->id, "%s", s->id);
		l->side = s->side;
		l->kind = s->kind;
		l->initiative = s->init;
		l->command_range = s->range;
		l->line_command = s->lc;
		l->strategy = 4;
		l->overall = s->oc;
		l->elite = s->elite;
		l->hex = H(s->hex);
		l->on_map = true;
		l->available = true;
	}
	for (const struct usp *s = units; s->id; s++) {
		struct unit *u = &b->units[b->nunits++];
		snprintf(b->unit_text[u - b->units].id, ID_MAX, "%s", s->id);
		snprintf(u->cls, sizeof u->cls, "%s", s->cls);
		u->side = s->side;
		u->type = s->t;
		u->size = 3;
		u->tq = 6;
		u->ma = s->t == UT_RC ? 7 : s->t == UT_LI ? 6 : 5;
		u->legion = s->legion;
		u->at.hex[0] = s->hex ? H(s->hex) : HEX_NONE;
		u->at.hex[1] = HEX_NONE;
		u->at.facing = s->facing;
		u->on_map = s->hex != 0;
	}
	add_line(b, "foot", 1, "type:HI");
	add_line(b, "light", 1, "type:LI");
	add_line(b, "hastati", 0, "class:HA");
	add_line(b, "horse", 0, "type:RC");
	return b;
}

/* The battle `name` ("pwt", or "gba": the same under GBA's rules). */
static struct session *open_battle(const char *name)
{
	struct session *s = calloc(1, sizeof *s);
	cr_assert_not_null(s);
	session_init(s, loader, spqr_tables_loader, NULL, 1);
	struct cmd_result r;
	cmd_result_init(&r);
	char line[64];
	snprintf(line, sizeof line, "new %s sandbox 42", name);
	session_exec(s, line, &r);
	cr_assert_eq(r.status, CMD_OK, "%s", r.reason);
	cmd_result_free(&r);
	return s;
}

static struct session *open_game(void)
{
	return open_battle("pwt");
}

static void close_game(struct session *s)
{
	session_free(s);
	free(s);
}

struct out {
	enum cmd_status st;
	char rule[16];
	char reason[256];
	char ev[16384];
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

static bool has(const struct out *o, const char *text)
{
	return strstr(o->ev, text) != NULL;
}

#define OK(s, line)                                                           \
	({                                                                    \
		struct out o_ = run(s, line);                                 \
		cr_assert_eq(o_.st, CMD_OK, "%s: refused %s (%s)", line,      \
			     o_.reason, o_.rule);                             \
		o_;                                                           \
	})

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

static struct leader *L(struct session *s, const char *id)
{
	struct leader *l = game_leader(s->game, id);
	cr_assert_not_null(l, "no leader %s", id);
	return l;
}

static int hexn(struct hex h)
{
	return h.col * 100 + h.row;
}

/* The turn begins: Carthage's elite OC is offered his EIO Phase (5.51);
 * no leader has activated yet, so markers may be placed (6.82). */
static struct session *turn_start(void)
{
	struct session *s = open_game();
	struct out o = OK(s, "continue");
	cr_assert(has(&o, "elite_offer"), "%s", o.ev);
	return s;
}

/* From the turn's start: no elite, then the tribune (Initiative 2, the
 * lowest) is activated and orders ha1 (5.12, 5.22). */
static void tribune_orders_ha1(struct session *s)
{
	OK(s, "no elite");
	OK(s, "activate tribune");
	OK(s, "order ha1");
}

/* ---- 6.82: the marker, placed before any activation ---- */

Test(prearranged, marker_placed_before_any_activation_6_82)
{
	struct session *s = turn_start();
	struct out o;
	struct decision_answer a[64];
	int n = seq_legal(s->game, a, 64);
	bool listed = false;
	for (int i = 0; i < n; i++)
		if (strcmp(a[i].line, "prearrange hanno pw") == 0) {
			listed = true;
			cr_assert_eq(a[i].side, 1);
			cr_assert_str_eq(a[i].rule, "6.82");
		}
	cr_assert(listed, "legal lists prearrange hanno pw (6.82)");
	o = OK(s, "prearrange hanno pw");
	cr_assert(has(&o, "prearranged_marker leader=hanno side=1 face=pw "
			  "rule=6.82"),
		  "%s", o.ev);
	cr_assert_eq(pw_marker_of(s->game, 3), PW_REAL);
	/* 6.82: more than one marker, and the NO PW face to disguise */
	OK(s, "setup leader mago 1208");
	o = OK(s, "prearrange mago nopw");
	cr_assert(has(&o, "face=no_pw"), "%s", o.ev);
	cr_assert_eq(pw_marker_of(s->game, 4), PW_BLUFF);
	/* taken back while placing is open */
	OK(s, "prearrange mago none");
	cr_assert_eq(pw_marker_of(s->game, 4), PW_NONE);
	/* 6.82: once a leader has activated, no more markers */
	OK(s, "no elite");
	OK(s, "activate tribune");
	REFUSED(s, "prearrange mago pw", "6.82");
	n = seq_legal(s->game, a, 64);
	for (int i = 0; i < n; i++)
		cr_assert(strncmp(a[i].line, "prearrange", 10) != 0,
			  "no prearrange after an activation: %s", a[i].line);
	close_game(s);
}

/* The pending decision as data (pending.h): while Rome owes its
 * activation (5.12), Carthage's 6.82 markers stand open to it, each
 * answer tagged with the side that may give it. */
Test(prearranged, decision_carries_the_other_sides_offers_6_82)
{
	struct session *s = turn_start();
	struct decision_answer a[64];
	struct decision d;
	decision_init(&d, a, 64);
	gboh_decision(s->game, &d);
	cr_expect_eq(d.side, 1, "Carthage's elite OC owes the 5.51 offer");
	cr_expect_str_eq(d.kind, "elite");
	cr_expect_str_eq(d.rule, "5.51");
	OK(s, "no elite");
	decision_init(&d, a, 64);
	gboh_decision(s->game, &d);
	cr_assert_eq(d.side, 0, "Rome activates its lowest (5.12)");
	cr_expect_str_eq(d.kind, "activate");
	cr_expect_str_eq(d.rule, "5.12");
	cr_expect_str_eq(d.what, "activation");
	cr_expect(d.answer);
	int act = decision_find(&d, "activate tribune");
	int pw = decision_find(&d, "prearrange hanno pw");
	cr_assert_geq(act, 0, "activate tribune is listed");
	cr_assert_geq(pw, 0, "prearrange hanno pw is listed (6.82)");
	cr_expect_eq(d.ans[act].side, 0);
	cr_expect_eq(d.ans[pw].side, 1);
	cr_expect_str_eq(d.ans[pw].rule, "6.82");
	cr_expect(decision_answer_for(&d.ans[pw], 1));
	cr_expect_not(decision_answer_for(&d.ans[pw], 0),
		      "Rome may not place Carthage's marker");
	cr_expect_not(decision_answer_for(&d.ans[act], 1));
	/* the same list `legal` prints, in the same order */
	struct decision_answer b[64];
	int n = seq_legal(s->game, b, 64);
	cr_assert_eq(n, d.n);
	for (int i = 0; i < n; i++)
		cr_expect_str_eq(b[i].line, d.ans[i].line);
	close_game(s);
}

Test(prearranged, marker_refused_before_the_turn_starts_6_82)
{
	struct session *s = open_game();
	REFUSED(s, "prearrange hanno pw", "6.82");
	close_game(s);
}

/* ---- 6.81: who may use it ---- */

Test(prearranged, army_needs_elite_commander_or_oc_rated_6_6_81)
{
	struct session *s = turn_start();
	/* Rome: an OC rated 6 will do; ha1 is a Line of LG (4.32) within 2
	 * hexes of the tribune */
	cr_assert(pw_army_eligible(s->game, 0));
	cr_assert(pw_army_eligible(s->game, 1)); /* elite Hannibal */
	/* a wound takes the consul to 5 (R7): Rome may not use PW */
	OK(s, "setup wounds consul 1");
	cr_assert_not(pw_army_eligible(s->game, 0));
	REFUSED(s, "prearrange tribune pw", "6.81");
	close_game(s);
}

Test(prearranged, line_within_2_hexes_with_los_6_81)
{
	struct session *s = turn_start();
	/* mago at 1803: 8 hexes from the HI Line */
	REFUSED(s, "prearrange mago pw", "6.81");
	OK(s, "setup leader mago 1208");
	OK(s, "prearrange mago pw");
	close_game(s);
}

Test(prearranged, not_for_bi_li_sk_lines_6_81)
{
	struct session *s = turn_start();
	/* mago next to the LI Line only */
	OK(s, "setup leader mago 1116");
	REFUSED(s, "prearrange mago pw", "6.81");
	cr_assert_not(pw_unit_type_eligible(s->game, U(s, "li1")));
	cr_assert(pw_unit_type_eligible(s->game, U(s, "hi1")));
	cr_assert(pw_unit_type_eligible(s->game, U(s, "ha1")));
	cr_assert_not(pw_unit_type_eligible(s->game, U(s, "rc1")));
	close_game(s);
}

/* ---- 6.83 bullet 2: the leader activated before his Line withdrew ---- */

Test(prearranged, activated_first_no_move_orders_6_83)
{
	struct session *s = turn_start();
	OK(s, "prearrange hanno pw");
	OK(s, "no elite");
	OK(s, "activate tribune");
	OK(s, "orders done");
	OK(s, "no momentum");
	/* Carthage's lowest: hanno (3) */
	struct out o = OK(s, "activate hanno");
	cr_assert(has(&o, "prearranged_revealed leader=hanno side=1 face=pw "
			  "when=activated rule=6.83"),
		  "%s", o.ev);
	cr_assert(has(&o, "orders_limited leader=hanno"), "%s", o.ev);
	REFUSED(s, "order hi1", "6.83");
	REFUSED(s, "line foot", "6.83");
	REFUSED(s, "order hanno", "6.83");
	struct decision_answer a[64];
	int n = seq_legal(s->game, a, 64);
	for (int i = 0; i < n; i++)
		cr_assert(strncmp(a[i].line, "order ", 6) != 0 &&
				  strncmp(a[i].line, "line ", 5) != 0,
			  "6.83: %s listed", a[i].line);
	OK(s, "orders done");
	close_game(s);
}

Test(prearranged, no_pw_face_revealed_and_removed_6_83)
{
	struct session *s = turn_start();
	OK(s, "prearrange hanno nopw");
	OK(s, "no elite");
	OK(s, "activate tribune");
	OK(s, "orders done");
	OK(s, "no momentum");
	struct out o = OK(s, "activate hanno");
	cr_assert(has(&o, "face=no_pw when=activated"), "%s", o.ev);
	cr_assert_eq(pw_marker_of(s->game, 3), PW_NONE);
	OK(s, "order hi1"); /* a bluff limits nothing */
	close_game(s);
}

/* ---- 6.83 bullet 1: the trigger and the withdrawal ---- */

Test(prearranged, enemy_infantry_within_2_hexes_offers_pw_6_83)
{
	struct session *s = turn_start();
	OK(s, "prearrange hanno pw");
	tribune_orders_ha1(s);
	/* ha1 0708 -> 0808: 2 hexes from hi1 (1008) */
	struct out o = OK(s, "move 0808");
	cr_assert(has(&o, "prearranged_offer leader=hanno"), "%s", o.ev);
	cr_assert_eq(seq_step_now(s->game), SEQ_REACTION);
	cr_assert_eq(seq_decision_side(s->game), 1);
	struct decision_answer a[64];
	int n = seq_legal(s->game, a, 64);
	bool pw = false, no = false;
	for (int i = 0; i < n; i++) {
		if (strncmp(a[i].line, "pw hanno ", 9) == 0)
			pw = true;
		if (strcmp(a[i].line, "no pw") == 0)
			no = true;
	}
	cr_assert(pw && no, "legal lists pw and no pw");
	/* the mover waits (the reactions window) */
	REFUSED(s, "move 0908", "6.83");
	close_game(s);
}

Test(prearranged, line_withdraws_one_hex_facing_kept_leader_finished_6_83)
{
	struct session *s = turn_start();
	OK(s, "prearrange hanno pw");
	tribune_orders_ha1(s);
	OK(s, "move 0808");
	/* every unit must be named (6.57: the whole Line) */
	REFUSED(s, "pw hanno hi1 1108", "6.83");
	/* not away from ha1 (6.51) */
	REFUSED(s, "pw hanno hi1 0908 hi2 1109", "6.51");
	/* two hexes is not one (6.83) */
	REFUSED(s, "pw hanno hi1 1208 hi2 1109", "6.83");
	struct out o = OK(s, "pw hanno hi1 1108 hi2 1109");
	cr_assert(has(&o, "prearranged_revealed leader=hanno side=1 face=pw "
			  "when=withdrawal"),
		  "%s", o.ev);
	cr_assert(has(&o, "withdrew unit=hi1 from=1008 to=1108 facing=W"),
		  "%s", o.ev);
	cr_assert(has(&o, "withdrew unit=hi2 from=1009 to=1109 facing=W"),
		  "%s", o.ev);
	cr_assert_eq(hexn(U(s, "hi1")->at.hex[0]), 1108);
	cr_assert_eq(hexn(U(s, "hi2")->at.hex[0]), 1109);
	cr_assert_eq(U(s, "hi1")->at.facing, FACE_W); /* 6.52 */
	/* 6.52 #2: infantry other than LG, SK, velites: 1 hit each; the
	 * approach was from the Front: no #3 hit */
	cr_assert_eq(U(s, "hi1")->hits, 1);
	cr_assert_eq(U(s, "hi2")->hits, 1);
	/* 5.15, 6.83: Finished even though not yet activated */
	cr_assert(has(&o, "finished leader=hanno side=1 "
			  "why=prearranged_withdrawal rule=6.83"),
		  "%s", o.ev);
	cr_assert_eq(L(s, "hanno")->state, LS_FINISHED);
	/* the mover goes on (6.56) */
	cr_assert_eq(seq_step_now(s->game), SEQ_ORDERS);
	OK(s, "move 0908");
	/* 6.83: any number of times this turn: 0908 is 2 from 1108 */
	cr_assert_eq(seq_step_now(s->game), SEQ_REACTION);
	o = OK(s, "pw hanno hi1 1208 hi2 1209");
	cr_assert_eq(U(s, "hi1")->hits, 2);
	cr_assert_not(has(&o, "finished leader=hanno"), "%s", o.ev);
	close_game(s);
}

Test(prearranged, declined_and_the_move_goes_on_6_83)
{
	struct session *s = turn_start();
	OK(s, "prearrange hanno pw");
	tribune_orders_ha1(s);
	OK(s, "move 0808");
	struct out o = OK(s, "no pw");
	cr_assert(has(&o, "prearranged_declined leader=hanno"), "%s", o.ev);
	cr_assert_eq(seq_step_now(s->game), SEQ_ORDERS);
	cr_assert_eq(L(s, "hanno")->state, LS_INACTIVE);
	cr_assert_eq(hexn(U(s, "hi1")->at.hex[0]), 1008);
	REFUSED(s, "no pw", "6.83");
	close_game(s);
}

Test(prearranged, cavalry_does_not_trigger_play_note_1_6_83)
{
	struct session *s = turn_start();
	OK(s, "prearrange hanno pw");
	OK(s, "setup unit rc1 0708 E");
	OK(s, "setup unit ha1 0203 E");
	OK(s, "no elite");
	OK(s, "activate tribune");
	/* the tribune may not order cavalry (4.52); the consul could */
	L(s, "tribune")->kind = LK_GENERAL;
	OK(s, "order rc1");
	struct out o = OK(s, "move 0808");
	cr_assert_not(has(&o, "prearranged_offer"), "%s", o.ev);
	cr_assert_eq(seq_step_now(s->game), SEQ_ORDERS);
	close_game(s);
}

Test(prearranged, only_the_pw_face_triggers_6_83)
{
	struct session *s = turn_start();
	OK(s, "prearrange hanno nopw");
	tribune_orders_ha1(s);
	struct out o = OK(s, "move 0808");
	cr_assert_not(has(&o, "prearranged_offer"), "%s", o.ev);
	close_game(s);
}

Test(prearranged, flank_approach_hit_and_rout_6_52_6_53)
{
	struct session *s = turn_start();
	OK(s, "prearrange hanno pw");
	/* hi1 faces NE: ha1 coming from the west touches its WNW (Flank)
	 * and WSW (Rear) neighbours: a Flank approach (6.52 #3) */
	U(s, "hi1")->at.facing = FACE_NE;
	U(s, "hi2")->at.facing = FACE_NE;
	U(s, "hi2")->hits = 5; /* TQ 6: one more hit routs it (6.53) */
	tribune_orders_ha1(s);
	OK(s, "move 0808");
	enum hex_zone z = footprint_approach(&U(s, "hi1")->at,
					     &U(s, "ha1")->at);
	struct out o = OK(s, "pw hanno hi1 1108 hi2 1109");
	cr_assert_eq(z, ZONE_FLANK);
	cr_assert(has(&o, "withdrawal_flank_approach"), "%s", o.ev);
	cr_assert_eq(U(s, "hi1")->hits, 2); /* #3 then #2 */
	/* 6.53: hits reaching the TQ rout it */
	cr_assert(U(s, "hi2")->routed || U(s, "hi2")->eliminated ||
			  U(s, "hi2")->hits >= 6,
		  "%s", o.ev);
	close_game(s);
}

Test(prearranged, roman_lg_line_tq_check_forced_dice_6_52)
{
	/* Rome's PW: the tribune's hastati line; Carthage's hi1 moves */
	struct session *s = turn_start();
	OK(s, "setup unit ha1 1004 E");
	OK(s, "setup unit ha2 1005 E");
	OK(s, "setup leader tribune 1003");
	OK(s, "setup unit hi1 1304 W");
	OK(s, "prearrange tribune pw");
	OK(s, "no elite");
	OK(s, "activate tribune");
	OK(s, "orders done");
	OK(s, "no momentum");
	OK(s, "activate hanno");
	OK(s, "order hi1");
	struct out o = OK(s, "move 1204");
	cr_assert(has(&o, "prearranged_offer leader=tribune"), "%s", o.ev);
	cr_assert_eq(seq_decision_side(s->game), 0);
	/* 6.52 #1: ha1 rolls 7 > TQ 6: 1 hit; ha2 rolls 6: none */
	OK(s, "roll 7 6");
	o = OK(s, "pw tribune ha1 0904 ha2 0905");
	cr_assert(has(&o, "for=withdrawal_tq_check unit=ha1 tq=6 die=7"),
		  "%s", o.ev);
	cr_assert(has(&o, "for=withdrawal_tq_check unit=ha2 tq=6 die=6"),
		  "%s", o.ev);
	cr_assert_eq(U(s, "ha1")->hits, 1);
	cr_assert_eq(U(s, "ha2")->hits, 0); /* no 6.52 #2 hit for LG */
	cr_assert_eq(U(s, "ha1")->at.facing, FACE_E);
	close_game(s);
}

/* ---- 6.81: the OC's activations ---- */

Test(prearranged, oc_limited_to_two_activations_6_81)
{
	struct session *s = turn_start();
	OK(s, "prearrange hanno pw");
	struct game *g = s->game;
	/* Hannibal in his second Orders Phase of the turn */
	OK(s, "no elite");
	struct leader *h = L(s, "hannibal");
	h->activations = 2;
	h->state = LS_ACTIVE;
	g->active_leader = 2;
	g->phase = PHASE_MOVEMENT;
	g->seq.step = SEQ_ORDERS;
	g->seq.orders_left = 7;
	orders_phase_begin(g);
	struct out o = OK(s, "orders done");
	cr_assert(has(&o, "momentum_barred leader=hannibal "
			  "why=prearranged_withdrawal_two_phases rule=6.81"),
		  "%s", o.ev);
	cr_assert_eq(h->state, LS_FINISHED);
	close_game(s);
}

Test(prearranged, bluff_does_not_limit_the_oc_6_81)
{
	struct session *s = turn_start();
	OK(s, "prearrange hanno nopw");
	struct game *g = s->game;
	OK(s, "no elite");
	struct leader *h = L(s, "hannibal");
	h->activations = 2;
	h->state = LS_ACTIVE;
	g->active_leader = 2;
	g->phase = PHASE_MOVEMENT;
	g->seq.step = SEQ_ORDERS;
	g->seq.orders_left = 7;
	orders_phase_begin(g);
	struct out o = OK(s, "orders done");
	cr_assert_not(has(&o, "rule=6.81"), "%s", o.ev);
	cr_assert_eq(seq_step_now(g), SEQ_MOMENTUM);
	close_game(s);
}

/* GBA 6.83: a Pre-arranged Withdrawal enters no Rough, which GBA 6.28
 * reckons by the unit: Rocky (the map's broken) costs heavy infantry a
 * hit, so the hoplites may not withdraw into it; SPQR 6.55 closes only
 * woods and marsh to it. */
Test(prearranged, no_withdrawal_into_rough_gba_6_83)
{
	const char *rs[] = {"gba", "pwt"};
	for (int k = 0; k < 2; k++) {
		struct session *s = open_battle(rs[k]);
		map_at_mut(s->game->battle->map, H(1108))->terrain =
			TERRAIN_BROKEN;
		struct out o = OK(s, "continue");
		cr_assert(has(&o, "elite_offer"), "%s", o.ev);
		OK(s, "prearrange hanno pw");
		tribune_orders_ha1(s);
		o = OK(s, "move 0808");
		cr_assert(has(&o, "prearranged_offer leader=hanno"), "%s",
			  o.ev);
		if (k == 0) {
			/* GBA 6.83 with GBA 6.75 (SPQR 6.55's number) */
			REFUSED(s, "pw hanno hi1 1108 hi2 1109", "6.75");
			cr_assert_eq(hexn(U(s, "hi1")->at.hex[0]), 1008);
		} else {
			OK(s, "pw hanno hi1 1108 hi2 1109");
			cr_assert_eq(hexn(U(s, "hi1")->at.hex[0]), 1108);
		}
		close_game(s);
	}
}

/* ---- GBA's Pre-arranged Withdrawal (GBA 6.8-6.85) ---- */

/* The battle `name` at the turn's start, Carthage's OC neither elite nor
 * rated 6 (SPQR 6.81 then bars PW to his army): no leader has activated
 * yet, so markers may be placed (GBA 6.82). */
static struct session *plain_oc(const char *name)
{
	struct session *s = open_battle(name);
	L(s, "hannibal")->elite = false;
	L(s, "hannibal")->initiative = 4;
	OK(s, "continue");
	cr_assert(pw_placing_open(s->game));
	return s;
}

/* GBA 6.8, 6.81: GBA asks nothing of the army (SPQR 6.81 wants an Elite OC or
 * one rated 6), nor that the leader be within 2 hexes of the Line. */
Test(prearranged, gba_any_army_and_no_reach_gba_6_81)
{
	struct session *s = plain_oc("pwt");
	REFUSED(s, "prearrange hanno pw", "6.81");
	close_game(s);
	s = plain_oc("gba");
	struct out o = OK(s, "prearrange hanno pw");
	cr_assert(has(&o, "prearranged_marker leader=hanno side=1 face=pw"),
		  "GBA 6.82: %s", o.ev);
	close_game(s);
	/* hanno far from his Line: SPQR 6.81 refuses, GBA 6.81 does not */
	const char *rs[] = {"gba", "pwt"};
	for (int k = 0; k < 2; k++) {
		s = open_battle(rs[k]);
		L(s, "hanno")->hex = H(1803);
		OK(s, "continue");
		if (k == 0)
			OK(s, "prearrange hanno pw");
		else
			REFUSED(s, "prearrange hanno pw", "6.81");
		close_game(s);
	}
}

/* GBA 6.81: only phalanxes and heavy infantry of TQ 6 or more (SPQR 6.81
 * takes a Line of heavy infantry of any TQ), under the OC, a leader of
 * Line Commands or a Contingent Commander. */
Test(prearranged, gba_phalanxes_and_heavy_infantry_tq_6_gba_6_81)
{
	const char *rs[] = {"gba", "pwt"};
	for (int k = 0; k < 2; k++) {
		struct session *s = open_battle(rs[k]);
		U(s, "hi2")->tq = 5;
		OK(s, "continue");
		if (k == 0)
			REFUSED(s, "prearrange hanno pw", "6.81");
		else
			OK(s, "prearrange hanno pw");
		close_game(s);
	}
	struct session *s = open_battle("gba");
	L(s, "hanno")->line_command = 0;
	OK(s, "continue");
	REFUSED(s, "prearrange hanno pw", "6.81");
	close_game(s);
}

/* GBA 6.82: the marker goes down before any leader is activated. */
Test(prearranged, gba_marker_before_any_activation_gba_6_82)
{
	struct session *s = open_battle("gba");
	OK(s, "continue");
	OK(s, "prearrange hanno nopw");
	OK(s, "no elite");
	OK(s, "activate tribune");
	REFUSED(s, "prearrange hanno pw", "6.82");
	cr_assert_eq(pw_marker_of(s->game, 3), PW_BLUFF);
	close_game(s);
}

/* GBA 6.84: activated before the withdrawal, the leader's PW Line does
 * not move, but he gives every other order (SPQR 6.83 bars his Move
 * orders and Line Commands). */
Test(prearranged, gba_activated_first_the_line_stays_gba_6_84)
{
	struct session *s = open_battle("gba");
	OK(s, "continue");
	OK(s, "prearrange hanno pw");
	OK(s, "no elite");
	OK(s, "activate tribune");
	OK(s, "orders done");
	OK(s, "no momentum");
	struct out o = OK(s, "activate hanno");
	cr_assert(has(&o, "orders_limited leader=hanno only=pw_line_stays "
			  "to=pw_line rule=6.84"),
		  "%s", o.ev);
	REFUSED(s, "order hi1", "6.84"); /* GBA 6.84 */
	struct decision_answer a[64];
	int n = seq_legal(s->game, a, 64);
	bool leader = false;
	for (int i = 0; i < n; i++) {
		cr_assert(strcmp(a[i].line, "order hi1") != 0 &&
				  strcmp(a[i].line, "order hi2") != 0,
			  "GBA 6.84: %s listed", a[i].line);
		leader = leader || strcmp(a[i].line, "order hanno") == 0;
	}
	cr_assert(leader, "GBA 6.84: he may move himself");
	OK(s, "order hanno");
	close_game(s);
}

/* GBA 6.84: a Line Command to the held PW Line is refused as a whole,
 * with the reason (no unit of it would move), and is not in the legal
 * list; hanno's other Line (the light infantry) may still have one. */
Test(prearranged, gba_line_command_to_the_held_line_refused_gba_6_84)
{
	struct session *s = open_battle("gba");
	OK(s, "continue");
	OK(s, "prearrange hanno pw");
	OK(s, "no elite");
	OK(s, "activate tribune");
	OK(s, "orders done");
	OK(s, "no momentum");
	OK(s, "activate hanno");
	REFUSED(s, "line foot", "6.84"); /* GBA 6.84 */
	struct out o = run(s, "line foot");
	cr_expect_not_null(strstr(o.reason, "no unit of that Line may move"),
			   "GBA 6.84: %s", o.reason);
	struct decision_answer a[64];
	int n = seq_legal(s->game, a, 64);
	for (int i = 0; i < n; i++)
		cr_expect(strcmp(a[i].line, "line foot") != 0,
			  "GBA 6.84: %s listed", a[i].line);
	close_game(s);
}

/* GBA 6.84, 6.72, 6.85: the Line withdraws one hex together; every unit
 * takes GBA 6.72 #1's hit and #3's TQ check (a 9 over TQ 6 is one hit
 * more, a 0 none), and the leader is Finished. */
Test(prearranged, gba_line_withdraws_with_ow_hits_leader_finished_gba_6_85)
{
	struct session *s = open_battle("gba");
	OK(s, "continue");
	OK(s, "prearrange hanno pw");
	tribune_orders_ha1(s);
	struct out o = OK(s, "move 0808");
	cr_assert(has(&o, "prearranged_offer leader=hanno"), "GBA 6.84: %s",
		  o.ev);
	OK(s, "roll 9 0");
	o = OK(s, "pw hanno hi1 1108 hi2 1109");
	cr_assert_eq(hexn(U(s, "hi1")->at.hex[0]), 1108);
	cr_assert_eq(hexn(U(s, "hi2")->at.hex[0]), 1109);
	cr_assert_eq(U(s, "hi1")->hits, 2, "GBA 6.72 #1, #3: %s", o.ev);
	cr_assert_eq(U(s, "hi2")->hits, 1, "GBA 6.72 #1: %s", o.ev);
	cr_assert(has(&o, "finished leader=hanno side=1 "
			  "why=prearranged_withdrawal"),
		  "GBA 6.85: %s", o.ev);
	cr_assert_eq(L(s, "hanno")->state, LS_FINISHED);
	close_game(s);
}
