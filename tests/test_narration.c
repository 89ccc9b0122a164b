/* test_narration.c — teach mode and the tutorial tell what happened from
 * the events of the command just run (teach.h, sentences.ini's teach
 * texts): each outcome a narrated line states is checked against those
 * events.  Played through: the drill turn script, the tutorial's lesson
 * and Bagradas (every command a legal answer, on fixed seeds).  The
 * statements the checks hold the narration to:
 *   8.51  attackers that won a hex must advance into it: a unit that
 *         advanced is never told to "stay" (only its facing is a choice,
 *         8.52, 8.53: `advance keep`, the older `advance stay` kept)
 *   10.26 a leader stacked with a router goes with it only when the
 *         event says goes=yes; the question is not one of hexes
 *   10.11 a TQ check is told with its hits, never as "routed: no" just
 *         before the same unit routs from the hits that follow
 * and no line is left with a slot the event did not fill. */
#include <criterion/criterion.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "maniple/cmd.h"
#include "maniple/decision.h"
#include "maniple/game.h"
#include "maniple/hex.h"
#include "maniple/pending.h"
#include "maniple/rout.h"
#include "maniple/teach.h"
#include "../src/tui/lesson.h"
#include "../src/tui/lessons.h"
#include "spqr_tables.h"

static struct teach_texts *shipped(void)
{
	char dir[1024];
	struct ini_error err;
	snprintf(dir, sizeof dir, "%s/rules/spqr", fx_srcdir());
	struct teach_texts *t = teach_load(dir, &err);
	cr_assert_not_null(t, "%s:%d: %s", err.file, err.line, err.msg);
	return t;
}

/* What the teach mode says of event e, or "" when nothing. */
static void told(const struct teach_texts *tx, const struct game *g,
		 const struct event *e, char *buf, size_t n)
{
	struct teach_line l;
	buf[0] = '\0';
	if (teach_event_line(tx, g, e, &l))
		snprintf(buf, n, "%s", l.text);
}

static bool has(const char *text, const char *part)
{
	return strstr(text, part) != NULL;
}

/* Whether the game's log holds an `advance` of unit (8.51) since the
 * Shock segment under way began. */
static bool advanced(const struct game *g, const char *unit)
{
	for (size_t i = g->events.n; i-- > 0;) {
		struct event e;
		event_log_at(&g->events, i, &e);
		if (!strcmp(e.kind, "shock_step")) {
			const char *st = event_get(&e, "step");
			if (st && !strcmp(st, "designate"))
				return false;
		}
		const char *u = event_get(&e, "unit");
		if (!strcmp(e.kind, "advance") && u && !strcmp(u, unit))
			return true;
	}
	return false;
}

/* Whether out holds, after index i, a rout of unit (10.2). */
static bool routs_after(const struct event_log *out, size_t i,
			const char *unit)
{
	for (size_t k = i + 1; k < out->n; k++) {
		struct event e;
		event_log_at(out, k, &e);
		const char *u = event_get(&e, "unit");
		if (!strcmp(e.kind, "rout") && u && !strcmp(u, unit))
			return true;
	}
	return false;
}

static int checked; /* lines checked, for the tests' own sanity */

/* Each line teach mode tells of the events out of one command (where:
 * which command) against those events and the game g after it. */
static void check_command(const struct teach_texts *tx, const struct game *g,
			  const struct event_log *out, const char *where)
{
	for (size_t i = 0; i < out->n; i++) {
		struct event e;
		event_log_at(out, i, &e);
		char line[TEACH_TEXT_MAX];
		told(tx, g, &e, line, sizeof line);
		if (!line[0])
			continue;
		checked++;
		const char *u = event_get(&e, "unit");
		/* no slot left unfilled */
		cr_expect(!has(line, ": -.") && !has(line, ": -,") &&
				  !has(line, " -;"),
			  "%s: %s: a slot without a value: %s", where, e.kind,
			  line);
		/* 8.51: an advance is not optional */
		if (u && advanced(g, u))
			cr_expect(!has(line, "stays in place") &&
					  !has(line, "stays where") &&
					  !has(line, "does not advance"),
				  "%s: %s advanced (8.51), yet: %s", where, u,
				  line);
		/* 10.26: the leader goes with the router or stays */
		if (!strcmp(e.kind, "rout_leader")) {
			const char *goes = event_get(&e, "goes");
			bool yes = goes && !strcmp(goes, "yes");
			cr_expect(yes == (has(line, "goes with") ||
					  has(line, "runs with")),
				  "%s: goes=%s, yet: %s", where,
				  goes ? goes : "?", line);
		}
		if (!strcmp(e.kind, "rout_choice") && event_get(&e, "leader"))
			cr_expect(has(line, "stays") || has(line, "stay"),
				  "%s: 10.26 asks whether the leader goes: %s",
				  where, line);
		/* 10.11: a check is not told as "not routed" when its unit
		 * routs in the same command */
		if (!strcmp(e.kind, "tq_check") && u && routs_after(out, i, u))
			cr_expect(!has(line, "routed: no") &&
					  !has(line, "does not rout") &&
					  !has(line, "not routed"),
				  "%s: %s routs after this check, yet: %s",
				  where, u, line);
	}
}

/* line run on s and checked (refusals let be). */
static void exec_checked(const struct teach_texts *tx, struct session *s,
			 const char *line)
{
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(s, line, &r);
	if (s->game)
		check_command(tx, s->game, &r.out, line);
	cmd_result_free(&r);
}

/* ---- each statement on its own event ---- */

static void one_event(const struct teach_texts *tx, const struct game *g,
		      struct event *e, char *buf, size_t n)
{
	told(tx, g, e, buf, n);
	cr_assert_neq(buf[0], '\0', "%s: nothing told", e->kind);
}

/* 8.51, 8.52: after the advance the only choice is the facing */
Test(narration, an_advance_kept_facing_is_not_a_stay)
{
	struct teach_texts *tx = shipped();
	struct event e;
	char buf[TEACH_TEXT_MAX];
	event_init(&e, "advance_stay");
	event_add(&e, "unit", "ha2");
	event_add(&e, "rule", "8.52");
	one_event(tx, NULL, &e, buf, sizeof buf);
	cr_expect(!has(buf, "stays"), "%s", buf);
	cr_expect(has(buf, "keeps its facing"), "%s", buf);
	event_init(&e, "advance");
	event_add(&e, "unit", "ha2");
	event_add(&e, "from", "2716");
	event_add(&e, "to", "2817");
	one_event(tx, NULL, &e, buf, sizeof buf);
	cr_expect(has(buf, "must"), "8.51 told as a duty: %s", buf);
	teach_free(tx);
}

/* 10.26: a leader who stays is not told to go */
Test(narration, a_leader_left_behind_by_a_rout)
{
	struct teach_texts *tx = shipped();
	struct event e;
	char buf[TEACH_TEXT_MAX];
	event_init(&e, "rout_leader");
	event_add(&e, "leader", "consul");
	event_add(&e, "unit", "ve1");
	event_add(&e, "goes", "no");
	event_add(&e, "rule", "10.26");
	one_event(tx, NULL, &e, buf, sizeof buf);
	cr_expect(!has(buf, "goes with"), "%s", buf);
	cr_expect(has(buf, "stays"), "%s", buf);
	event_init(&e, "rout_leader");
	event_add(&e, "leader", "consul");
	event_add(&e, "unit", "ve1");
	event_add(&e, "goes", "yes");
	one_event(tx, NULL, &e, buf, sizeof buf);
	cr_expect(has(buf, "goes with"), "%s", buf);
	/* the question is the leader's, not one of hexes */
	event_init(&e, "rout_choice");
	event_add(&e, "unit", "ve1");
	event_add(&e, "side", "0");
	event_add(&e, "leader", "consul");
	event_add(&e, "answers", "with,stay");
	event_add(&e, "rule", "10.26");
	one_event(tx, NULL, &e, buf, sizeof buf);
	cr_expect(!has(buf, "flees: "), "%s", buf);
	cr_expect(has(buf, "onsul") && has(buf, "stay"), "%s", buf);
	teach_free(tx);
}

/* 10.11, 10.27: the check is told with its hits; routed=yes means the
 * unit was routed before it, told as such */
Test(narration, a_tq_check_tells_its_hits_not_the_rout)
{
	struct teach_texts *tx = shipped();
	struct event e;
	char buf[TEACH_TEXT_MAX];
	event_init(&e, "tq_check");
	event_add(&e, "unit", "li1");
	event_add(&e, "dr", "9");
	event_add(&e, "tq", "5");
	event_add(&e, "routed", "no");
	event_add(&e, "hits", "4");
	event_add(&e, "rule", "10.11");
	one_event(tx, NULL, &e, buf, sizeof buf);
	cr_expect(!has(buf, "routed: no"), "%s", buf);
	cr_expect(has(buf, "4 cohesion hit"), "%s", buf);
	event_init(&e, "tq_check");
	event_add(&e, "unit", "li1");
	event_add(&e, "dr", "3");
	event_add(&e, "tq", "1");
	event_add(&e, "routed", "yes");
	event_add(&e, "hits", "2");
	one_event(tx, NULL, &e, buf, sizeof buf);
	cr_expect(has(buf, "already routed"), "%s", buf);
	teach_free(tx);
}

/* 8.46 with 9.23 and 9.32: a shock result whose hits a skirmisher or
 * attacking light cavalry halves tells the hits that stand and why, so
 * that the unit then taking fewer is not a surprise; one without names
 * no halving */
Test(narration, a_halved_shock_result_says_why)
{
	struct teach_texts *tx = shipped();
	struct event e;
	char buf[TEACH_TEXT_MAX];
	const char *why[] = {"sk_halved", "lc_halved"};
	const char *rule[] = {"9.23", "9.32"};
	for (int k = 0; k < 3; k++) {
		event_init(&e, "shock_result");
		event_add(&e, "combat", "0");
		event_add(&e, "column", "11");
		event_add(&e, "crt", "3(2)");
		event_add(&e, "superiority", "AS");
		event_add(&e, "attacker_hits", "3");
		event_add(&e, "defender_hits", "4");
		if (k < 2)
			event_add(&e, why[k], "%s", rule[k]);
		event_add(&e, "final", k < 2 ? "1(4)" : "3(4)");
		event_add(&e, "rule", "8.46,8.74");
		one_event(tx, NULL, &e, buf, sizeof buf);
		cr_expect(has(buf, "3 hit(s) to the attacker"), "%s", buf);
		if (k < 2) {
			cr_expect(has(buf, k ? "light cavalry" : "skirmisher"),
				  "%s", buf);
			cr_expect(has(buf, "halve"), "%s", buf);
			cr_expect(has(buf, ": 1(4)."), "%s", buf);
		} else {
			cr_expect(!has(buf, "halve"), "%s", buf);
		}
	}
	teach_free(tx);
}

/* ---- whole turns ---- */

/* tests/scripts/drill_turn.txt: one whole turn of the drill, with a
 * shock, a rout, a leader's rout question and the withdrawal check */
Test(narration, the_drill_turn_told_from_its_events)
{
	struct teach_texts *tx = shipped();
	char path[1024];
	snprintf(path, sizeof path, "%s/tests/scripts/drill_turn.txt",
		 fx_srcdir());
	FILE *f = fopen(path, "r");
	cr_assert_not_null(f, "%s", path);
	struct session s;
	session_init(&s, fx_loader, spqr_tables_loader, NULL, 1);
	char line[1024];
	checked = 0;
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = '\0';
		exec_checked(tx, &s, line);
	}
	fclose(f);
	cr_expect_gt(checked, 100);
	cr_expect_geq(s.game->turn, 2, "the whole turn");
	session_free(&s);
	teach_free(tx);
}

struct lesson_ctx {
	struct session *s;
	const struct teach_texts *tx;
};

static void run_checked(void *ctx, const char *line, struct cmd_result *r)
{
	struct lesson_ctx *c = ctx;
	session_exec(c->s, line, r);
	check_command(c->tx, c->s->game, &r->out, line);
}

/* The tutorial's lesson, the lesson's own commands too */
Test(narration, the_tutorial_told_from_its_events)
{
	struct teach_texts *tx = shipped();
	struct lesson *l = malloc(sizeof *l);
	cr_assert_not_null(l);
	char path[1024];
	struct ini_error err;
	snprintf(path, sizeof path, "%s/scenarios/tutorial/drill.ini",
		 fx_srcdir());
	cr_assert(lesson_load(path, gboh_commands(), l, &err), "%s:%d: %s",
		  err.file, err.line, err.msg);
	struct session s;
	char line[128];
	snprintf(line, sizeof line, "new %s solo %llu", l->battle,
		 (unsigned long long)l->seed);
	fx_session(&s, line);
	struct lesson_ctx c = {&s, tx};
	struct lesson_run t;
	checked = 0;
	lesson_begin(&t, l, &s, run_checked, &c);
	t.texts = tx;
	for (int i = 0; i < l->nsteps; i++) {
		char want[LESSON_CMD_MAX];
		snprintf(want, sizeof want, "%s", l->step[i].expect);
		want[strcspn(want, "|")] = '\0';
		struct cmd_result r;
		cmd_result_init(&r);
		run_checked(&c, want, &r);
		lesson_after_command(&t, &s, want, &r, run_checked, &c);
		cmd_result_free(&r);
		cr_assert_eq(t.step, i + 1, "step %d: %s", i + 1, t.note);
		/* the box never tells a stay after an advance */
		cr_expect(!has(t.note, "stays where") &&
				  !has(t.note, "stays in place"),
			  "step %d: %s", i + 1, t.note);
	}
	cr_expect_gt(checked, 100);
	session_free(&s);
	free(l);
	teach_free(tx);
}

/* xorshift: the test's own choice among the legal answers */
static unsigned pick(unsigned *st, unsigned n)
{
	*st ^= *st << 13;
	*st ^= *st >> 17;
	*st ^= *st << 5;
	return n ? *st % n : 0;
}

/* Bagradas from its first activation, every command a legal answer of
 * the side that owes the decision, on a few seeds */
Test(narration, bagradas_told_from_its_events)
{
	struct teach_texts *tx = shipped();
	struct decision_answer *a = calloc(256, sizeof *a);
	cr_assert_not_null(a);
	checked = 0;
	for (unsigned seed = 1; seed <= 3; seed++) {
		struct session s;
		char line[64];
		snprintf(line, sizeof line, "new bagradas solo %u", seed);
		fx_session(&s, line);
		unsigned st = 2463534242u * seed;
		for (int k = 0; k < 400 && s.game && s.game->turn <= 2; k++) {
			struct decision d;
			decision_init(&d, a, 256);
			gboh_decision(s.game, &d);
			if (d.n == 0)
				break;
			/* orders done less often: the units move and fight */
			int i = (int)pick(&st, (unsigned)d.n);
			char cmd[DECISION_LINE_MAX];
			snprintf(cmd, sizeof cmd, "%s", a[i].line);
			exec_checked(tx, &s, cmd);
		}
		session_free(&s);
	}
	cr_expect_gt(checked, 200);
	free(a);
	teach_free(tx);
}

/* ---- the decisions told as the rules have them ---- */

static void decision_told(const struct teach_texts *tx, const struct game *g,
			  const char *name, const char *says,
			  const char *not_says, const char *rule, int step)
{
	char have[64];
	struct teach_line l;
	cr_assert(teach_decision_name(g, have, sizeof have), "step %d", step);
	cr_expect_str_eq(have, name, "after step %d", step);
	cr_assert(teach_decision(tx, g, &l), "step %d", step);
	cr_expect(has(l.text, says), "after step %d: no \"%s\" in: %s", step,
		  says, l.text);
	if (not_says)
		cr_expect(!has(l.text, not_says),
			  "after step %d: \"%s\" in: %s", step, not_says,
			  l.text);
	cr_expect_str_eq(l.rule, rule, "after step %d", step);
}

/* Through the tutorial's lesson: 5.21 and 6.64 (the orders), 7.23 (a ZOC
 * ends the move), 7.31 and 7.32 (the mover's own Shock marker), 8.51 and
 * 8.52 (the advance done, only the facing asked) */
Test(narration, decisions_told_as_the_rules_have_them)
{
	struct teach_texts *tx = shipped();
	struct lesson *l = malloc(sizeof *l);
	cr_assert_not_null(l);
	char path[1024];
	struct ini_error err;
	snprintf(path, sizeof path, "%s/scenarios/tutorial/drill.ini",
		 fx_srcdir());
	cr_assert(lesson_load(path, gboh_commands(), l, &err), "%s:%d: %s",
		  err.file, err.line, err.msg);
	struct session s;
	fx_session(&s, "new drill solo 11");
	struct lesson_ctx c = {&s, tx};
	struct lesson_run t;
	lesson_begin(&t, l, &s, run_checked, &c);
	int told = 0;
	for (int i = 0; i < l->nsteps; i++) {
		char want[LESSON_CMD_MAX];
		snprintf(want, sizeof want, "%s", l->step[i].expect);
		want[strcspn(want, "|")] = '\0';
		struct cmd_result r;
		cmd_result_init(&r);
		run_checked(&c, want, &r);
		/* the decision the command leaves, before the next step's
		 * autos answer it */
		const struct game *g = s.game;
		if (!strcmp(want, "activate tribune")) {
			decision_told(tx, g, "orders", "not both", NULL,
				      "5.21,5.22,4.31,6.64", i + 1);
			told++;
		} else if (!strcmp(want, "move 2816")) {
			decision_told(tx, g, "orders_move_zoc", "must stop",
				      "step into", "7.23", i + 1);
			told++;
		} else if (!strcmp(want, "halt") && i > 20) {
			decision_told(tx, g, "reaction_shock",
				      "decides whether it will shock",
				      "enemy's move", "7.31,7.32", i + 1);
			told++;
		} else if (!strcmp(want, "shock none ve1")) {
			decision_told(tx, g, "orders_individual",
				      "no Line Command", "or 1 Line Command",
				      "5.21,6.64", i + 1);
			told++;
		} else if (!strcmp(want, "rout 2917")) {
			decision_told(tx, g, "shock.advance_facing",
				      "keep its facing", "may advance",
				      "8.52,8.53", i + 1);
			told++;
		}
		lesson_after_command(&t, &s, want, &r, run_checked, &c);
		cmd_result_free(&r);
	}
	cr_expect_eq(told, 5, "every decision above was met");
	session_free(&s);
	free(l);
	teach_free(tx);
}

/* 10.26: the rout question about a stacked leader is his, not a hex's */
Test(narration, the_leader_question_of_a_rout)
{
	struct teach_texts *tx = shipped();
	struct session s;
	fx_session(&s, "new drill solo 11");
	struct game *g = s.game;
	/* ha1 routs with the Tribune stacked with it */
	struct unit *ha1 = game_unit(g, "ha1");
	cr_assert_not_null(ha1);
	for (int k = 0; k < g->nleaders; k++)
		if (!strcmp(g->leaders[k].id, "tribune"))
			g->leaders[k].hex = ha1->at.hex[0];
	rout_begin(g, (int)(ha1 - g->units), "10.14");
	decision_told(tx, g, "rout_leader", "run with it or stay",
		      "equally good hex", "10.26", 0);
	session_free(&s);
	teach_free(tx);
}

/* ---- the texts themselves ---- */

static char *slurp_rel(const char *rel)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", fx_srcdir(), rel);
	return fx_slurp(path);
}

/* 8.51: no text the program teaches with makes the advance a choice */
Test(narration, no_text_makes_the_advance_optional)
{
	static const char *const files[] = {
		"rules/spqr/summaries.ini", "rules/spqr/teach.ini",
		"rules/spqr/sentences.ini", "scenarios/tutorial/drill.ini",
	};
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
		char *text = slurp_rel(files[i]);
		for (char *p = text; *p; p++)
			*p = (char)tolower((unsigned char)*p);
		cr_expect_null(strstr(text, "may advance"), "%s: %.80s",
			       files[i], strstr(text, "may advance"));
		cr_expect_null(strstr(text, "advance stay"), "%s", files[i]);
		cr_expect_null(strstr(text, "or stay."), "%s", files[i]);
		free(text);
	}
}

/* Whether text holds a rule number: digits, a dot, digits. */
static bool cites(const char *s, size_t len)
{
	for (size_t i = 1; i + 1 < len; i++)
		if (s[i] == '.' && isdigit((unsigned char)s[i - 1]) &&
		    isdigit((unsigned char)s[i + 1]))
			return true;
	return false;
}

/* Every line that states a rule cites its number: each decision of
 * teach.ini and each event's teach sentence (its own rule or its kind's
 * in the catalog), each section of summaries.ini is a rule's, and each
 * sentence of the tutorial that says what must, may or cannot be done
 * names its rule in the sentence. */

/* Each sentence of lesson l stating what must, may or cannot be done
 * names its rule, and each step has one. */
static void lesson_cites_its_rules(const struct lesson *l)
{
	for (int i = 0; i < l->nsteps; i++) {
		cr_expect(cites(l->step[i].rule, strlen(l->step[i].rule)),
			  "%s step %d: no rule", l->name, i + 1);
		const char *texts[2] = {l->step[i].say, l->step[i].done};
		for (int t = 0; t < 2; t++) {
			const char *s = texts[t];
			while (*s) {
				/* one sentence: up to ". " or the end */
				const char *e = strstr(s, ". ");
				size_t len = e ? (size_t)(e - s) + 1 : strlen(s);
				char sen[LESSON_SAY_MAX];
				snprintf(sen, sizeof sen, "%.*s", (int)len, s);
				bool rule = has(sen, " must ") ||
					    has(sen, " may ") ||
					    has(sen, "cannot") ||
					    has(sen, " only ");
				cr_expect(!rule || cites(sen, len),
					  "%s step %d: a rule without its "
					  "number: %s",
					  l->name, i + 1, sen);
				s += len;
				while (*s == ' ')
					s++;
			}
		}
	}
}

Test(narration, every_rule_statement_cites_its_rule)
{
	/* teach.ini: every decision has a rule */
	char *text = slurp_rel("rules/spqr/teach.ini");
	int sections = 0;
	for (char *p = strstr(text, "\n[decision."); p;
	     p = strstr(p + 1, "\n[decision.")) {
		char *next = strstr(p + 1, "\n[");
		char *rule = strstr(p, "\nrule = ");
		cr_expect(rule && (!next || rule < next) && cites(rule, 16),
			  "teach.ini: %.40s has no rule", p + 1);
		sections++;
	}
	cr_expect_gt(sections, 20);
	free(text);
	/* sentences.ini: a teach text's rule, its own or its kind's */
	text = slurp_rel("rules/spqr/sentences.ini");
	char *cat = slurp_rel("rules/spqr/events.ini");
	int taught = 0;
	for (char *p = strstr(text, "\n["); p; p = strstr(p + 1, "\n[")) {
		char *next = strstr(p + 1, "\n[");
		char *teach = strstr(p, "\nteach = ");
		if (!teach || (next && teach > next))
			continue;
		taught++;
		/* the session's own answers state no rule (a refusal cites
		 * the refusal's) */
		if (!strncmp(p, "\n[undone]", 9) ||
		    !strncmp(p, "\n[refused]", 10) ||
		    !strncmp(p, "\n[malformed]", 12))
			continue;
		char *rule = strstr(p, "\nrule = ");
		if (rule && (!next || rule < next))
			continue;
		/* the catalog's rule of the kind */
		char kind[96];
		size_t k = strcspn(p + 2, ".]");
		snprintf(kind, sizeof kind, "\n[%.*s]\n", (int)k, p + 2);
		char *c = strstr(cat, kind);
		char *cnext = c ? strstr(c + 1, "\n[") : NULL;
		char *crule = c ? strstr(c, "\nrule = ") : NULL;
		cr_expect(crule && (!cnext || crule < cnext),
			  "sentences.ini: %.40s teaches without a rule",
			  p + 1);
	}
	cr_expect_gt(taught, 100);
	free(cat);
	free(text);
	/* summaries.ini: one section per rule number */
	text = slurp_rel("rules/spqr/summaries.ini");
	for (char *p = strstr(text, "\n["); p; p = strstr(p + 1, "\n[")) {
		if (!strncmp(p, "\n[file]", 7))
			continue;
		cr_expect(cites(p + 1, strcspn(p + 1, "]") + 1) ||
				  isdigit((unsigned char)p[2]) ||
				  p[2] == 'R',
			  "summaries.ini: %.20s is not a rule's section",
			  p + 1);
	}
	free(text);
	/* the tutorial, every lesson of its menu: each sentence stating what
	 * must, may or cannot be done names its rule */
	struct lesson *l = malloc(sizeof *l);
	cr_assert_not_null(l);
	char path[1024];
	struct ini_error err;
	struct lesson_index ix;
	snprintf(path, sizeof path, "%s/scenarios/tutorial/lessons.ini",
		 fx_srcdir());
	cr_assert(lesson_index_load(path, &ix, &err), "%s", err.msg);
	for (int k = 0; k < ix.n; k++) {
		snprintf(path, sizeof path, "%s/scenarios/tutorial/%s.ini",
			 fx_srcdir(), ix.name[k]);
		cr_assert(lesson_load(path, gboh_commands(), l, &err), "%s",
			  err.msg);
		lesson_cites_its_rules(l);
	}
	free(l);
}

/* ---- the wording (issue's list) ---- */

static void push(struct event_log *log, const char *kind, const char *kv)
{
	struct event e;
	event_init(&e, kind);
	char buf[256];
	snprintf(buf, sizeof buf, "%s", kv);
	char *save = NULL;
	for (char *w = strtok_r(buf, " ", &save); w;
	     w = strtok_r(NULL, " ", &save)) {
		char *eq = strchr(w, '=');
		cr_assert_not_null(eq, "%s", w);
		*eq = '\0';
		event_add(&e, w, "%s", eq + 1);
	}
	event_log_push(log, &e);
}

/* Whether any line of l holds part. */
static bool list_has(const struct teach_list *l, const char *part)
{
	for (size_t i = 0; i < l->n; i++)
		if (has(l->v[i].text, part))
			return true;
	return false;
}

/* 8.4: combats counted from 1; the steps of a batch whose combats all
 * ended at the charge (8.43) are not told; 8.15 the missile roll's rule;
 * "hex(es)" for a distance; 3.0 D4, the end of Rout and Reload, told */
Test(narration, the_wording)
{
	struct teach_texts *tx = shipped();
	struct event_log log;
	event_log_init(&log);
	push(&log, "shock_step", "step=charge combats=1 rule=8.43");
	push(&log, "shock_designated", "combat=0 att=ha2 def=li1 rule=8.42");
	push(&log, "combat_off", "combat=0 rule=8.43");
	push(&log, "shock_step", "step=leaders combats=1 rule=8.44");
	push(&log, "shock_step", "step=clash combats=1 rule=8.45");
	push(&log, "shock_step", "step=resolve combats=1 rule=8.46");
	push(&log, "shock_step", "step=collapse combats=1 rule=8.47");
	push(&log, "roll", "for=missile_fire unit=ve1 die=3");
	push(&log, "withdrawal_offered", "unit=ar1 by=ve1 distance=1");
	push(&log, "markers_removed", "leaders_ready=4 moved=6 pursuit=0");
	struct teach_list out;
	teach_list_init(&out);
	teach_events(tx, NULL, &log, 0, &out);
	cr_expect(list_has(&out, "Combat 1"), "counted from 1");
	cr_expect(!list_has(&out, "Combat 0") && !list_has(&out, "combat 0"),
		  "counted from 1");
	cr_expect(!list_has(&out, "Leaders in the fight") &&
			  !list_has(&out, "Clash") &&
			  !list_has(&out, "Hand-to-Hand") &&
			  !list_has(&out, "Collapse"),
		  "no step told after the only combat ended");
	cr_expect(!list_has(&out, "1 hexes"), "1 hex(es)");
	cr_expect(list_has(&out, "Finished leader"), "D4 told");
	bool missile = false;
	for (size_t i = 0; i < out.n; i++)
		if (has(out.v[i].text, "Missile roll"))
			missile = !strcmp(out.v[i].rule, "8.15");
	cr_expect(missile, "the missile roll cites 8.15");
	/* with a combat left, the steps are told */
	push(&log, "shock_step", "step=charge combats=2 rule=8.43");
	push(&log, "combat_off", "combat=0 rule=8.43");
	push(&log, "shock_step", "step=clash combats=2 rule=8.45");
	teach_list_clear(&out);
	teach_events(tx, NULL, &log, 10, &out);
	cr_expect(list_has(&out, "Clash"), "one combat still to fight");
	teach_list_free(&out);
	event_log_free(&log);
	teach_free(tx);
}

/* The answers teach mode lists are commands as typed: ids keep their
 * underscores (Bagradas' a3_ve1) */
Test(narration, the_actions_keep_their_ids)
{
	struct teach_texts *tx = shipped();
	struct session s;
	fx_session(&s, "new bagradas solo 1");
	fx_ok(&s, "continue");
	fx_ok(&s, "activate herennius");
	fx_ok(&s, "line velites");
	struct teach_line l;
	cr_assert(teach_decision(tx, s.game, &l));
	cr_expect(has(l.text, "pick a3_ve1"), "%s", l.text);
	cr_expect(!has(l.text, "a3 ve1"), "%s", l.text);
	session_free(&s);
	teach_free(tx);
}

/* 4.72, 11.1: before `no reaction` lets a lone leader be eliminated,
 * teach mode says so and what he costs in rout points */
Test(narration, a_lone_leader_offer_tells_its_cost)
{
	struct teach_texts *tx = shipped();
	struct session s;
	fx_session(&s, "new drill solo 11");
	struct game *g = s.game;
	struct leader *mago = NULL;
	for (int k = 0; k < g->nleaders; k++)
		if (!strcmp(g->leaders[k].id, "mago"))
			mago = &g->leaders[k];
	cr_assert_not_null(mago);
	/* Mago alone next to 2515, where ha1 steps first, and two hexes
	 * from 2415, where it starts */
	static const char *const near[] = {"2514", "2516", "2614", "2616"};
	struct hex at = HEX_NONE, from, to;
	hex_parse("2415", &from);
	hex_parse("2515", &to);
	for (size_t i = 0; i < 4 && hex_is_none(at); i++) {
		struct hex h;
		hex_parse(near[i], &h);
		bool empty = true;
		for (int u = 0; u < g->nunits; u++)
			if (hex_eq(g->units[u].at.hex[0], h))
				empty = false;
		if (empty && hex_distance(h, to) == 1 &&
		    hex_distance(h, from) > 1)
			at = h;
	}
	cr_assert_not(hex_is_none(at));
	mago->hex = at;
	fx_ok(&s, "roll 6 2");
	fx_ok(&s, "continue");
	fx_ok(&s, "activate tribune");
	fx_ok(&s, "line hastati");
	fx_ok(&s, "pick ha1");
	fx_ok(&s, "move 2515");
	char rp[32];
	snprintf(rp, sizeof rp, "eliminated, %d rout points",
		 leader_rout_points(g, mago));
	decision_told(tx, g, "reaction_leader", rp, "enemy's move",
		      "4.72,11.1", 0);
	/* the decision itself (the prompt box's line) says it too */
	struct decision_answer room[32];
	struct decision d;
	decision_init(&d, room, 32);
	gboh_decision(g, &d);
	char want[96];
	snprintf(want, sizeof want,
		 "no reaction leaves him alone by the enemy: eliminated, %d "
		 "rout points (4.72, 11.1)",
		 leader_rout_points(g, mago));
	cr_expect(has(d.detail, want), "%s", d.detail);
	cr_expect(has(d.detail, "withdraw mago HEX"), "%s", d.detail);
	session_free(&s);
	teach_free(tx);
}

/* 8.45: the clash crosses the Types (and the side struck), it is not a
 * weapon-system shift; 8.46: Superiority is told, with what it does to
 * the hits, and the size ratio's shift of the column */
Test(narration, the_clash_and_the_struggle_told_as_8_45_and_8_46)
{
	struct teach_texts *tx = shipped();
	struct event_log log;
	event_log_init(&log);
	push(&log, "shock_step", "step=clash combats=1 rule=8.45");
	push(&log, "clash", "combat=0 attacker=ha2 attacker_type=LG "
			    "defender=li1 defender_type=LI side=front "
			    "column=8 rule=8.45");
	push(&log, "shock_step", "step=resolve combats=1 rule=8.46");
	push(&log, "superiority", "combat=0 result=AS why=weapon_system "
				  "chart=AS rule=8.46");
	push(&log, "superiority", "combat=0 result=DS why=position "
				  "chart=DS rule=8.46");
	push(&log, "size_ratio", "combat=0 attacker_size=6 defender_size=3 "
				 "moved=yes ratio=2-1 shift=1 rule=8.46");
	struct teach_list out;
	teach_list_init(&out);
	teach_events(tx, NULL, &log, 0, &out);
	cr_assert_eq(out.n, 6);
	cr_expect(has(out.v[0].text, "Type") &&
			  !has(out.v[0].text, "weapon system decides"),
		  "%s", out.v[0].text);
	cr_expect(has(out.v[1].text, "LG attacking LI on its front") &&
			  has(out.v[1].text, "column 8"),
		  "%s", out.v[1].text);
	cr_expect(has(out.v[2].text, "Superiority") &&
			  has(out.v[2].text, "size ratio"),
		  "%s", out.v[2].text);
	cr_expect(has(out.v[3].text, "attacker has Superiority") &&
			  has(out.v[3].text, "doubled"),
		  "%s", out.v[3].text);
	cr_expect(has(out.v[4].text, "defender has Superiority") &&
			  has(out.v[4].text, "tripled"),
		  "%s", out.v[4].text);
	cr_expect(has(out.v[5].text, "ratio of 2-1") &&
			  has(out.v[5].text, "moves by 1"),
		  "%s", out.v[5].text);
	for (size_t i = 0; i < out.n; i++)
		cr_expect(!strncmp(out.v[i].rule, "8.4", 3), "%s",
			  out.v[i].rule);
	teach_list_free(&out);
	event_log_free(&log);
	teach_free(tx);
}

static bool shock_designating(const struct session *s, const void *arg)
{
	(void)arg;
	return s->game && s->game->shock.step == SHS_DESIGNATE &&
	       s->game->shock.ask == SHA_DESIGNATE;
}

/* 8.4: the lines told of a Shock segment come in groups (teach_line.h)
 * that a view shows together: each step of the segment one group (the
 * pre-shock checks of 8.43 all in one), the Hand-to-Hand step (8.46) one
 * per combat; the lines of other commands none */
Test(narration, a_shock_segment_is_told_in_groups)
{
	struct teach_texts *tx = shipped();
	struct session s;
	cr_assert(fx_play_script_until(&s, "shock_drill_battle",
				       shock_designating, NULL));
	fx_ok(&s, "designate ha1 ar1");
	fx_ok(&s, "designate ha2 li1");
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(&s, "designate done", &r);
	cr_assert_eq(r.status, CMD_OK, "%s", r.reason);
	struct teach_list l;
	teach_list_init(&l);
	size_t n = teach_events(tx, s.game, &r.out, 0, &l);
	cr_assert_gt(n, 20);
	int charge = 0, struggle[2] = {0, 0};
	for (size_t i = 0; i < n; i++) {
		const struct teach_line *x = &l.v[i];
		cr_expect_gt(x->group, 0, "line %zu alone: %s", i, x->text);
		if (!strcmp(x->rule, "8.43")) {
			if (!charge)
				charge = x->group;
			cr_expect_eq(x->group, charge, "%s", x->text);
		}
		for (int c = 0; c < 2; c++) {
			char who[16];
			snprintf(who, sizeof who, "Combat %d:", c + 1);
			if (strstr(x->text, who) && strstr(x->rule, "8.46")) {
				if (!struggle[c])
					struggle[c] = x->group;
				cr_expect_eq(x->group, struggle[c], "%s",
					     x->text);
			}
		}
	}
	cr_expect(charge && struggle[0] && struggle[1]);
	cr_expect_neq(struggle[0], struggle[1], "a group per combat (8.46)");
	cr_expect_neq(charge, struggle[0]);
	/* groups new to a list that holds some already */
	size_t before = l.n;
	teach_events(tx, s.game, &r.out, 0, &l);
	cr_expect_gt(l.v[before].group, l.v[before - 1].group);
	teach_list_free(&l);
	cmd_result_free(&r);
	session_free(&s);

	/* the opening of a turn: lines alone */
	fx_session(&s, "new drill solo 11");
	fx_ok(&s, "roll 6 2");
	cmd_result_init(&r);
	session_exec(&s, "continue", &r);
	teach_list_init(&l);
	n = teach_events(tx, s.game, &r.out, 0, &l);
	cr_assert_gt(n, 1);
	for (size_t i = 0; i < n; i++)
		cr_expect_eq(l.v[i].group, 0, "%s", l.v[i].text);
	teach_list_free(&l);
	cmd_result_free(&r);
	session_free(&s);
	teach_free(tx);
}
