/* `why` (issue 9): the last roll, result or refusal told in plain words,
 * on the drill battle with the dice of the golden scripts forced by their
 * own `roll` lines (the files in tests/scripts).  Covers a refusal
 * (5.12), the activation roll (5.12), momentum (5.32) and trump (5.41,
 * 5.42), a missile volley (8.15), a Troop Quality check (6.41) and a shock
 * combat's result (8.46, with its `show card shock N` pointer); and
 * `why COMMAND`: a command tried on a search copy, refused (5.21, 4.31)
 * or allowed (5.22), the game and its file untouched. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>

#include "config.h"
#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/why.h"
#include "fixture.h"
#include "spqr_tables.h"

/* Runs `why`; returns its status, with the explanation text (malloc'd,
 * or NULL) in *text and the `why` event's about= and rule= fields. */
static enum cmd_status why(struct session *s, char **text, char *about,
			   char *rule)
{
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(s, "why", &r);
	enum cmd_status st = r.status;
	*text = r.text;
	r.text = NULL;
	about[0] = rule[0] = '\0';
	if (st == CMD_OK) {
		cr_assert_eq(r.out.n, 1, "why gives one event");
		cr_assert_str_eq(event_log_kind(&r.out, 0), "why");
		snprintf(about, 64, "%s", event_log_get(&r.out, 0, "about"));
		snprintf(rule, 64, "%s", event_log_get(&r.out, 0, "rule"));
	}
	cmd_result_free(&r);
	return st;
}

/* The `for` of the game's newest roll event, or "". */
static const char *last_roll(const struct session *s)
{
	const struct event_log *log = &s->game->events;
	for (size_t j = log->n; j-- > 0;)
		if (strcmp(event_log_kind(log, j), "roll") == 0) {
			const char *f = event_log_get(log, j, "for");
			return f ? f : "";
		}
	return "";
}

/* Whether s's newest roll is one for `what`. */
static bool roll_is(const struct session *s, const void *what)
{
	return s->game && strcmp(last_roll(s), what) == 0;
}

/* Plays tests/scripts/NAME.txt on s (any command may be refused, as in
 * the script) until the newest roll is one for `what`; false when the
 * script ends first. */
static bool play_until(struct session *s, const char *name, const char *what)
{
	return fx_play_script_until(s, name, roll_is, what);
}

static void has(const char *text, const char *part)
{
	cr_assert_not_null(text);
	cr_expect_not_null(strstr(text, part), "no \"%s\" in:\n%s", part,
			   text);
}

Test(why, nothing_to_explain)
{
	struct session s;
	session_init(&s, fx_loader, spqr_tables_loader, NULL, 1);
	char *t, about[64], rule[64];
	cr_expect_eq(why(&s, &t, about, rule), CMD_REFUSED, "no game");
	free(t);
	fx_ok(&s, "new drill solo 11");
	cr_expect_eq(why(&s, &t, about, rule), CMD_REFUSED, "no roll yet");
	free(t);
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(&s, "why now", &r);
	cr_expect_eq(r.status, CMD_REFUSED, "why of no command");
	cr_expect_not_null(strstr(r.reason, "now is no command"), "%s",
			   r.reason);
	cmd_result_free(&r);
	session_free(&s);
}

Test(why, activation_roll_then_refusal)
{
	struct session s;
	cr_assert(play_until(&s, "drill_turn", "activation_tie"));
	char *t, about[64], rule[64];
	/* `roll 6 2` then `continue`: the tie die of each side (5.12) */
	cr_assert_eq(why(&s, &t, about, rule), CMD_OK);
	cr_expect_str_eq(about, "activation_tie");
	cr_expect_str_eq(rule, "5.12");
	has(t, "Initiative 3");
	has(t, "The die: 2 (forced with roll)");
	has(t, "Outcome: side0 first");
	free(t);
	/* the Consul is not the lowest-rated leader still to go (5.12) */
	fx_refused(&s, "activate consul", "5.12");
	cr_assert_eq(why(&s, &t, about, rule), CMD_OK);
	cr_expect_str_eq(about, "refused");
	cr_expect_str_eq(rule, "5.12");
	has(t, "Refused: activate consul");
	has(t, "not the lowest-rated leader");
	/* the whole reason, past an event value's 64 characters */
	has(t, "a trump may activate him sooner (5.41)");
	has(t, "Rule: 5.12.");
	free(t);
	/* looking changes nothing: asked again, the same answer */
	cr_assert_eq(why(&s, &t, about, rule), CMD_OK);
	cr_expect_str_eq(about, "refused");
	free(t);
	/* an accepted command makes the refusal old news */
	fx_ok(&s, "activate tribune");
	cr_assert_eq(why(&s, &t, about, rule), CMD_OK);
	cr_expect_str_eq(about, "activation_tie");
	free(t);
	session_free(&s);
}

Test(why, momentum_roll)
{
	struct session s;
	cr_assert(play_until(&s, "drill_turn", "momentum"));
	char *t, about[64], rule[64];
	cr_assert_eq(why(&s, &t, about, rule), CMD_OK);
	cr_expect_str_eq(about, "momentum");
	cr_expect_str_eq(rule, "5.32");
	has(t, "Momentum roll (rule 5.32): tribune, Initiative 3");
	has(t, "The die: 3 (forced with roll)");
	has(t, "Outcome: success");
	free(t);
	session_free(&s);
}

Test(why, trump_roll)
{
	struct session s;
	cr_assert(play_until(&s, "drill_turn", "trump"));
	char *t, about[64], rule[64];
	cr_assert_eq(why(&s, &t, about, rule), CMD_OK);
	cr_expect_str_eq(about, "trump");
	cr_expect_str_eq(rule, "5.41");
	has(t, "Trump roll (rule 5.41)");
	has(t, "He tries to go before");
	has(t, "Outcome: ");
	free(t);
	session_free(&s);
}

Test(why, missile_volley)
{
	struct session s;
	cr_assert(play_until(&s, "drill_fire", "missile_fire"));
	char *t, about[64], rule[64];
	cr_assert_eq(why(&s, &t, about, rule), CMD_OK);
	cr_expect_str_eq(about, "missile_fire");
	cr_expect_str_eq(rule, "8.15");
	has(t, "Missile Range and Results Chart");
	/* sl1's reaction fire at li1: strength 3, a 2 hits (golden
	 * drill_fire.out) */
	has(t, "sl1 (missile class S, entry fire) at li1");
	has(t, "range 1: strength 3, modifiers +0");
	has(t, "The die: 2 (forced with roll)");
	has(t, "Die plus modifiers: 2 against strength 3");
	has(t, "hit, 1 cohesion hit(s)");
	has(t, "li1 now has 1 cohesion hit(s) (TQ 5).");
	free(t);
	session_free(&s);
}

/* Whether s's newest missile_result is the volley of firer `what`. */
static bool volley_of(const struct session *s, const void *what)
{
	const struct event_log *log = s->game ? &s->game->events : NULL;
	for (size_t j = log ? log->n : 0; j-- > 0;)
		if (strcmp(event_log_kind(log, j), "missile_result") == 0) {
			const char *f = event_log_get(log, j, "firer");
			return f && strcmp(f, what) == 0;
		}
	return false;
}

/* 8.15: why after a volley names every modifier with its rule (ar1 at
 * sl1: a skirmisher target +2, 8.15#4; the firer moved +1, 8.15#5;
 * golden drill_fire.out), and says so when none applies */
Test(why, missile_volley_names_every_modifier)
{
	struct session s;
	cr_assert(fx_play_script_until(&s, "drill_fire", volley_of, "ar1"));
	char *t, about[64], rule[64];
	cr_assert_eq(why(&s, &t, about, rule), CMD_OK);
	has(t, "ar1 (missile class A, offensive fire) at sl1");
	has(t, "Each modifier: target skirmisher +2 (rule 8.15#4), firer "
	       "moved +1 (rule 8.15#5); +3 in all.");
	free(t);
	session_free(&s);
	cr_assert(play_until(&s, "drill_fire", "missile_fire"));
	cr_assert_eq(why(&s, &t, about, rule), CMD_OK);
	has(t, "No modifier applies to this volley (8.15).");
	free(t);
	session_free(&s);
}

Test(why, tq_check)
{
	/* the phalanx ph1 spends a fifth MP and checks its TQ: die 8
	 * against TQ 7, one hit (6.41; golden drill_maneuver.out) */
	struct session s;
	cr_assert(play_until(&s, "drill_maneuver", "tq_check"));
	char *t, about[64], rule[64];
	cr_assert_eq(why(&s, &t, about, rule), CMD_OK);
	cr_expect_str_eq(about, "tq_check");
	cr_expect_str_eq(rule, "6.41");
	has(t, "Troop Quality check for ph1 (rule 6.41, reason: fifth mp)");
	has(t, "The die: 8 (forced with roll)");
	has(t, "Modified roll 8 against TQ 7");
	has(t, "Cohesion hits from it: 1; routed: no.");
	has(t, "ph1 now has 2 cohesion hit(s) (TQ 7).");
	free(t);
	session_free(&s);
}

Test(why, shock_result)
{
	struct session s;
	cr_assert(play_until(&s, "shock_drill_battle", "shock"));
	char *t, about[64], rule[64];
	cr_assert_eq(why(&s, &t, about, rule), CMD_OK);
	cr_expect_str_eq(about, "shock");
	cr_expect_str_eq(rule, "8.46");
	has(t, "Shock Combat Results Table");
	has(t, "Column ");
	has(t, "Final: attacker ");
	has(t, "show card shock ");
	free(t);
	session_free(&s);
}

/* Runs `why LINE`; returns its status, with the text in *text (malloc'd
 * or NULL) and the event's about= and rule= ("" when it has none). */
static enum cmd_status why_of(struct session *s, const char *line,
			      char **text, char *about, char *rule)
{
	char cmd[256];
	snprintf(cmd, sizeof cmd, "why %s", line);
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(s, cmd, &r);
	enum cmd_status st = r.status;
	*text = r.text;
	r.text = NULL;
	about[0] = rule[0] = '\0';
	if (st == CMD_OK) {
		cr_assert_eq(r.out.n, 1, "why gives one event");
		const char *a = event_log_get(&r.out, 0, "about");
		const char *u = event_log_get(&r.out, 0, "rule");
		snprintf(about, 64, "%s", a ? a : "");
		snprintf(rule, 64, "%s", u ? u : "");
	} else {
		free(*text);
		*text = strdup(r.reason);
	}
	cmd_result_free(&r);
	return st;
}

/* The Tribune activated on the drill (the tie die forced, 5.12), playing
 * on in the file path (a mkstemp template, made a free name; branch: the
 * session writes there). */
static void tribune_to_order(struct session *s, char *path)
{
	int fd = mkstemp(path);
	cr_assert_geq(fd, 0);
	close(fd);
	unlink(path);
	session_init(s, fx_loader, spqr_tables_loader, NULL, 1);
	fx_ok(s, "new drill solo 11");
	char line[300];
	snprintf(line, sizeof line, "branch %s", path);
	fx_ok(s, line);
	fx_ok(s, "roll 6 2");
	fx_ok(s, "continue");
	fx_ok(s, "activate tribune");
}

/* 5.21: after an Individual Order the leader gives no Line Command this
 * phase; `why line NAME` says so with the rule, before the order it says
 * the order is allowed (5.22) and what it starts */
Test(why, command_refused_after_individual_order)
{
	char path[] = "/tmp/maniple-whyXXXXXX";
	struct session s;
	tribune_to_order(&s, path);
	char *t, about[64], rule[64];
	cr_assert_eq(why_of(&s, "order ve1", &t, about, rule), CMD_OK);
	cr_expect_str_eq(about, "command_allowed");
	cr_expect_str_eq(rule, "5.22");
	has(t, "order ve1 is allowed now (rule 5.22): it starts order "
	       "(leader tribune, to ve1, orders 1, left 2).");
	free(t);
	fx_ok(&s, "order ve1");
	cr_assert_eq(why_of(&s, "line velites", &t, about, rule), CMD_OK);
	cr_expect_str_eq(about, "command_refused");
	cr_expect_str_eq(rule, "5.21");
	has(t, "line velites is refused now (rule 5.21): tribune has given "
	       "Individual Orders this phase: no Line Commands.");
	free(t);
	/* a line the chart does not list: 4.31 */
	cr_assert_eq(why_of(&s, "line ve1", &t, about, rule), CMD_OK);
	cr_expect_str_eq(rule, "5.21", "5.21 is checked first");
	free(t);
	session_free(&s);
	unlink(path);
}

/* `why` of an unknown command says so; of a looking or session command,
 * that no rule refuses it; of a command with missing words, its usage */
Test(why, command_unknown_looking_malformed)
{
	struct session s;
	session_init(&s, fx_loader, spqr_tables_loader, NULL, 1);
	fx_ok(&s, "new drill solo 11");
	char *t, about[64], rule[64];
	cr_assert_eq(why_of(&s, "frobnicate 3", &t, about, rule),
		     CMD_REFUSED);
	has(t, "frobnicate is no command");
	free(t);
	cr_assert_eq(why_of(&s, "show units", &t, about, rule), CMD_OK);
	cr_expect_str_eq(about, "command_looks");
	has(t, "show units only looks");
	free(t);
	cr_assert_eq(why_of(&s, "save x.game", &t, about, rule), CMD_OK);
	cr_expect_str_eq(about, "command_session");
	free(t);
	cr_assert_eq(why_of(&s, "move", &t, about, rule), CMD_OK);
	cr_expect_str_eq(about, "command_malformed");
	has(t, "move is not well formed: usage: move HEX");
	free(t);
	session_free(&s);
}

/* `why COMMAND` runs the command on a search copy only: the game's
 * digest, events, dice and journal, and its file's bytes, are the same
 * after it, even for a command that would roll (6.41's fifth-MP check is
 * not reached here; the copy's dice are its own either way) */
Test(why, command_changes_nothing)
{
	char path[] = "/tmp/maniple-whyXXXXXX";
	struct session s;
	tribune_to_order(&s, path);
	fx_ok(&s, "order ve1");
	uint64_t d0 = session_digest(&s);
	size_t n0 = s.game->events.n, j0 = s.journal.n;
	unsigned long r0 = s.game->dice.rolls;
	char *f0 = fx_slurp(path);
	cr_assert_not_null(f0);
	const char *lines[] = {"move 2616", "face NE", "line velites",
			       "orders done", "order ha1", "halt"};
	for (size_t i = 0; i < sizeof lines / sizeof *lines; i++) {
		char *t, about[64], rule[64];
		cr_assert_eq(why_of(&s, lines[i], &t, about, rule), CMD_OK,
			     "%s", lines[i]);
		free(t);
		cr_expect_eq(session_digest(&s), d0, "%s", lines[i]);
		cr_expect_eq(s.game->events.n, n0, "%s", lines[i]);
		cr_expect_eq(s.journal.n, j0, "%s", lines[i]);
		cr_expect_eq(s.game->dice.rolls, r0, "%s", lines[i]);
	}
	char *f1 = fx_slurp(path);
	cr_assert_not_null(f1);
	cr_expect_str_eq(f1, f0, "the game file is unchanged");
	free(f0);
	free(f1);
	/* and the game plays on as the drill turn's script does */
	fx_ok(&s, "face NE");
	fx_ok(&s, "move 2616");
	session_free(&s);
	unlink(path);
}
