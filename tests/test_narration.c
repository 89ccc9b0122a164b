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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "maniple/cmd.h"
#include "maniple/decision.h"
#include "maniple/game.h"
#include "maniple/pending.h"
#include "maniple/teach.h"
#include "../src/tui/lesson.h"
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
	cr_assert(lesson_load(path, gboh_commands(), l, &err), "%s:%d: %s", err.file, err.line,
		  err.msg);
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
