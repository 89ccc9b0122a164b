/* `rule N` in a GBA game (issue 25): our own summaries of the rules of
 * The Great Battles of Alexander, their rulings and glossary
 * (rules/gba/summaries.ini, rulings.ini, glossary.ini; rulebook.h), in
 * GBA's numbers.  Checked: the three files load together (every ruling's
 * and term's rules have a summary); every rule of the book, 1.0 to
 * 10.44, has a summary; every GBA number the code may cite has one (the
 * rule_numbers.ini map's, and "GBA N.NN" in the sources); every ruling
 * the sources cite is there, the Roman one aside; the rulings settle
 * the ambiguities A1-A29 as R101-R129; and in a GBA game `rule N` reads
 * GBA's book, and a whole game of the GBA drill cites GBA's rules only
 * (events, decisions, answers, refusals). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cited.h"
#include "fixture.h"
#include "maniple/glossary.h"
#include "maniple/rule_numbers.h"
#include "maniple/pending.h"
#include "maniple/rulebook.h"
#include "maniple/sequence.h"
#include "maniple/evcat.h"
#include "maniple/evtext.h"
#include "maniple/teach.h"
#include "maniple/teach_line.h"
#include "maniple/summary.h"

static struct rulebook *load_gba(void)
{
	char dir[1024];
	snprintf(dir, sizeof dir, "%s/rules/gba", fx_srcdir());
	struct ini_error err;
	struct rulebook *rb = rulebook_load(dir, &err);
	char buf[1024];
	ini_error_format(&err, buf, sizeof buf);
	cr_assert_not_null(rb, "%s", buf);
	return rb;
}

/* The numbered rules of the GBA book (its sections 1 to 10; it has no
 * 11), as its text numbers them. */
static const char *const gba_book[] = {
	"1.0", "2.0", "2.1", "2.2", "2.21", "2.22", "2.23", "2.24", "2.25",
	"2.26", "2.3", "2.4", "2.5", "2.6", "3.0", "4.0", "4.1", "4.2",
	"4.21", "4.22", "4.23", "4.24", "4.25", "4.26", "4.3", "4.31",
	"4.32", "4.33", "4.34", "4.35", "4.36", "4.37", "4.4", "4.5", "4.51",
	"4.52", "4.53", "4.54", "4.6", "4.61", "4.62", "4.63", "4.64", "5.0",
	"5.1", "5.11", "5.12", "5.13", "5.14", "5.15", "5.2", "5.21", "5.22",
	"5.23", "5.24", "5.25", "5.26", "5.27", "5.3", "5.31", "5.32",
	"5.33", "5.34", "5.4", "5.41", "5.42", "5.43", "5.44", "5.45",
	"5.46", "5.47", "5.5", "5.6", "5.61", "5.62", "5.63", "5.64", "5.65",
	"5.66", "5.67", "5.68", "6.0", "6.1", "6.11", "6.12", "6.13", "6.14",
	"6.15", "6.2", "6.21", "6.22", "6.23", "6.24", "6.25", "6.26",
	"6.27", "6.28", "6.29", "6.3", "6.31", "6.32", "6.33", "6.4", "6.41",
	"6.42", "6.43", "6.44", "6.45", "6.46", "6.5", "6.6", "6.61", "6.62",
	"6.63", "6.64", "6.65", "6.66", "6.67", "6.7", "6.71", "6.72",
	"6.73", "6.74", "6.75", "6.76", "6.77", "6.78", "6.8", "6.81",
	"6.82", "6.83", "6.84", "6.85", "6.9", "6.91", "6.92", "6.93",
	"6.94", "6.95", "7.0", "7.1", "7.11", "7.12", "7.13", "7.14", "7.15",
	"7.16", "7.2", "7.21", "7.22", "7.23", "7.24", "7.25", "7.26", "7.3",
	"7.31", "7.32", "7.33", "7.34", "7.35", "8.0", "8.1", "8.11", "8.12",
	"8.13", "8.14", "8.15", "8.16", "8.17", "8.18", "8.19", "8.2",
	"8.21", "8.22", "8.23", "8.24", "8.3", "8.31", "8.32", "8.33",
	"8.34", "8.35", "8.36", "8.37", "8.38", "8.39", "8.4", "8.41",
	"8.42", "8.43", "8.44", "8.45", "8.46", "8.5", "8.51", "8.52",
	"8.53", "8.54", "8.55", "8.6", "8.61", "8.62", "8.63", "8.64",
	"8.65", "9.0", "9.1", "9.11", "9.12", "9.13", "9.14", "9.15", "9.16",
	"9.17", "9.18", "9.19", "9.2", "9.21", "9.22", "9.23", "9.24", "9.3",
	"9.31", "9.32", "9.33", "9.34", "9.4", "9.41", "9.42", "9.5", "9.51",
	"9.52", "9.53", "9.54", "9.55", "9.56", "9.6", "9.61", "9.62",
	"9.63", "9.64", "9.65", "9.7", "9.71", "9.72", "9.73", "9.74",
	"9.75", "9.76", "10.0", "10.1", "10.11", "10.12", "10.13", "10.14",
	"10.15", "10.16", "10.2", "10.21", "10.22", "10.23", "10.24",
	"10.25", "10.26", "10.27", "10.28", "10.3", "10.31", "10.32",
	"10.33", "10.34", "10.35", "10.36", "10.4", "10.41", "10.42",
	"10.43", "10.44",
};

#define NBOOK (sizeof gba_book / sizeof gba_book[0])

Test(gba_rulebook, every_rule_of_the_book_has_a_summary_and_no_other)
{
	struct rulebook *rb = load_gba();
	cr_expect_eq(NBOOK, 278);
	for (size_t i = 0; i < NBOOK; i++)
		cr_expect_not_null(rulebook_find(rb, gba_book[i]),
				   "GBA %s has no summary", gba_book[i]);
	cr_expect_eq((size_t)rb->n, NBOOK, "%d summaries for %zu rules",
		     rb->n, NBOOK);
	/* in the book's order */
	for (int i = 1; i < rb->n; i++)
		cr_expect_lt(
			rule_number_cmp(rb->v[i - 1].number, rb->v[i].number),
			0, "%s before %s", rb->v[i - 1].number,
			rb->v[i].number);
	cr_expect_str_eq(rulebook_find(rb, "8.38")->title, "The Collapse");
	cr_expect_null(rulebook_find(rb, "11.0")); /* GBA has no 11 */
	rulebook_free(rb);
}

Test(gba_rulebook, every_number_the_map_gives_has_a_summary)
{
	struct rulebook *rb = load_gba();
	struct rule_numbers *m = calloc(1, sizeof *m);
	cr_assert_not_null(m);
	char dir[1024];
	snprintf(dir, sizeof dir, "%s/rules/gba", fx_srcdir());
	struct ini_error err;
	cr_assert(rule_numbers_load(m, dir, &err), "%s", err.msg);
	int none = 0;
	for (int i = 0; i < m->n; i++) {
		if (!m->v[i].gba[0]) {
			none++;
			continue;
		}
		cr_expect_not_null(rulebook_find(rb, m->v[i].gba),
				   "SPQR %s maps to GBA %s, which has no "
				   "summary",
				   m->v[i].spqr, m->v[i].gba);
	}
	/* the Roman legion, Leader Elephants, Depletion, Engaged... */
	cr_expect_gt(none, 30);
	cr_expect_lt(none, 80);
	free(m);
	rulebook_free(rb);
}

Test(gba_rulebook, every_gba_number_the_sources_cite_has_a_summary)
{
	struct cited *c = calloc(1, sizeof *c);
	cr_assert_not_null(c);
	char src[1024];
	snprintf(src, sizeof src, "%s/src", fx_srcdir());
	cited_scan_dir(src, c);
	struct rulebook *rb = load_gba();
	int gba = 0;
	for (int k = 0; k < c->n; k++) {
		if (!c->gba[k])
			continue;
		gba++;
		cr_expect_not_null(rulebook_find(rb, c->number[k]),
				   "GBA %s (cited at %s) has no summary",
				   c->number[k], c->where[k]);
	}
	cr_log_info("%d GBA numbers cited in the sources", gba);
	rulebook_free(rb);
	free(c);
}

/* The ruling ids in the sources' string literals ("R4"). */
static int rulings_cited(char ids[][RULING_ID_MAX], int max)
{
	const char *files[] = {"src/gboh", "src/tui", "src/cmd", "src/ai"};
	int n = 0;
	for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
		char cmd[1200];
		snprintf(cmd, sizeof cmd,
			 "grep -rhoE '\"R[1-9][0-9]{0,2}\"' '%s/%s' | sort -u",
			 fx_srcdir(), files[f]);
		FILE *p = popen(cmd, "r");
		cr_assert_not_null(p);
		char line[64];
		while (fgets(line, sizeof line, p) && n < max) {
			char *id = line[0] == '"' ? line + 1 : line;
			id[strcspn(id, "\"\n")] = '\0';
			bool seen = false;
			for (int k = 0; k < n && !seen; k++)
				seen = strcmp(ids[k], id) == 0;
			if (!seen)
				snprintf(ids[n++], RULING_ID_MAX, "%.6s", id);
		}
		pclose(p);
	}
	return n;
}

Test(gba_rulebook, rulings_cited_and_the_ambiguities_settled)
{
	struct rulebook *rb = load_gba();
	char ids[64][RULING_ID_MAX];
	int n = rulings_cited(ids, 64);
	cr_assert_geq(n, 3, "only %d ruling ids in the sources", n);
	for (int k = 0; k < n; k++) {
		/* R5, Roman facing, has no place in a Macedonian battle */
		if (strcmp(ids[k], "R5") == 0)
			continue;
		cr_expect_not_null(rulebook_ruling(rb, ids[k]),
				   "%s cited in the sources, not in "
				   "rules/gba/rulings.ini", ids[k]);
	}
	for (int a = 1; a <= 29; a++) {
		char id[8];
		snprintf(id, sizeof id, "R%d", 100 + a);
		const struct ruling *u = rulebook_ruling(rb, id);
		cr_assert_not_null(u, "%s (ambiguity A%d) missing", id, a);
		cr_expect_gt(u->nrules, 0);
	}
	cr_expect_null(rulebook_ruling(rb, "R999")); /* beyond every ruling */
	cr_expect_null(rulebook_ruling(rb, "R5"));
	rulebook_free(rb);
}

Test(gba_rulebook, the_glossary_speaks_gba)
{
	struct rulebook *rb = load_gba();
	cr_assert_not_null(rb->glossary);
	const char *terms[] = {"Othismos",	  "breakthrough", "Personal Combat",
			       "Wing Commander", "MCC",	  "Charge Formation",
			       "Square",	  "Cardaces",	  "SK*",
			       "cataphracts",	  "oxybeles",	  "Crisis of Faith"};
	for (size_t i = 0; i < sizeof terms / sizeof terms[0]; i++)
		cr_expect_not_null(glossary_find(rb->glossary, terms[i]), "%s",
				   terms[i]);
	rulebook_free(rb);
}

/* ---- in a GBA game ---- */

/* line run on s and accepted; its text (malloc'd) and first event */
static char *looked(struct session *s, const char *line, struct event *ev)
{
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(s, line, &r);
	cr_assert_eq(r.status, CMD_OK, "%s: %s", line, r.reason);
	memset(ev, 0, sizeof *ev);
	if (r.out.n > 0)
		event_log_at(&r.out, 0, ev);
	char *text = r.text;
	r.text = NULL;
	cmd_result_free(&r);
	cr_assert_not_null(text, "%s", line);
	return text;
}

Test(gba_rulebook, rule_n_in_a_gba_game_reads_gba)
{
	struct session s;
	fx_session(&s, "new gba_drill solo 1");
	struct event e;
	/* GBA 8.38 the Collapse, SPQR's 8.47 */
	char *t = looked(&s, "rule 8.38", &e);
	cr_expect_str_eq(event_get(&e, "number"), "8.38");
	cr_expect_not_null(strstr(t, "8.38 The Collapse\n"), "%s", t);
	free(t);
	/* GBA 8.37 Breakthrough, a rule SPQR lacks */
	t = looked(&s, "rule 8.37", &e);
	cr_expect_not_null(strstr(t, "Breakthrough"), "%s", t);
	cr_expect_not_null(strstr(t, "Ruling R103"), "%s", t);
	free(t);
	t = looked(&s, "rule R101", &e);
	cr_expect_not_null(strstr(t, "Chariots turning while moving"), "%s", t);
	free(t);
	t = looked(&s, "rule othismos", &e);
	cr_expect_not_null(strstr(t, "Push of Shields"), "%s", t);
	free(t);
	session_free(&s);
	/* and an SPQR game keeps SPQR's book */
	fx_session(&s, "new drill solo 1");
	t = looked(&s, "rule 8.47", &e);
	cr_expect_not_null(strstr(t, "8.47 The Collapse\n"), "%s", t);
	free(t);
	session_free(&s);
}

/* Every element of a citation (a comma list) is a GBA rule with a
 * summary, or one of the GBA rulings. */
static void expect_gba_citation(const struct rulebook *rb, const char *cite,
				const char *what)
{
	char buf[128];
	snprintf(buf, sizeof buf, "%s", cite);
	for (char *el = strtok(buf, ","); el; el = strtok(NULL, ",")) {
		char *item = strpbrk(el, "#_ "); /* "8.15#1", "4.34_#1" */
		if (item)
			*item = '\0';
		if (!*el || strcmp(el, "-") == 0)
			continue;
		if (el[0] == 'R')
			cr_expect_not_null(rulebook_ruling(rb, el),
					   "%s cites ruling %s", what, el);
		else
			cr_expect_not_null(rulebook_find(rb, el),
					   "%s cites %s, no GBA rule", what,
					   el);
	}
}

Test(gba_rulebook, a_gba_game_cites_only_gba_rules, .timeout = 120)
{
	struct rulebook *rb = load_gba();
	struct session s;
	fx_session(&s, "new gba_drill solo 3");
	struct decision_answer ans[256];
	struct cmd_result r;
	cmd_result_init(&r);
	int played = 0, refusals = 0;
	/* a whole game of first answers, with a refusal tried at each step
	 * (a command of the wrong kind) */
	for (int i = 0; i < 600 && seq_step_now(s.game) != SEQ_OVER;
	     i++) {
		struct decision d = {.ans = ans, .max = 256};
		gboh_decision(s.game, &d);
		expect_gba_citation(rb, d.rule, "a decision");
		if (d.n == 0)
			break;
		session_exec(&s, "designate done", &r);
		if (r.status == CMD_REFUSED) {
			refusals++;
			expect_gba_citation(rb, r.rule, r.reason);
		} else {
			/* it was a legal answer (a Shock designation may
			 * close): the game has moved on, decide again */
			played++;
			continue;
		}
		int k = (i * 7) % d.n;
		expect_gba_citation(rb, ans[k].rule, ans[k].line);
		session_exec(&s, ans[k].line, &r);
		cr_assert_eq(r.status, CMD_OK, "%s: %s", ans[k].line,
			     r.reason);
		played++;
	}
	cmd_result_free(&r);
	const struct event_log *log = &s.game->events;
	int cited = 0;
	for (size_t i = 0; i < log->n; i++) {
		const char *rule = event_log_get(log, i, "rule");
		if (!rule)
			continue;
		cited++;
		expect_gba_citation(rb, rule, event_log_kind(log, i));
	}
	cr_expect_gt(played, 100);
	cr_expect_gt(cited, 100);
	cr_expect_gt(refusals, 10);
	cr_log_info("gba_drill: %d commands, %d refusals, %d events citing",
		    played, refusals, cited);
	session_free(&s);
	rulebook_free(rb);
}

/* ---- GBA's sentences: its own where they differ, SPQR's elsewhere ---- */

/* teach mode's line for a `phase name=rout_reload` event in s's game */
static void phase_line(struct session *s, struct teach_line *l)
{
	char dir[1024];
	snprintf(dir, sizeof dir, "%s/rules/%s", fx_srcdir(),
		 s->game->battle->ruleset);
	struct ini_error err;
	struct teach_texts *t = teach_load(dir, &err);
	cr_assert_not_null(t, "%s:%d: %s", err.file, err.line, err.msg);
	struct event e;
	event_init(&e, "phase");
	event_add(&e, "name", "rout_reload");
	event_add(&e, "turn", "1");
	cr_assert(teach_event_line(t, s->game, &e, l));
	teach_free(t);
}

Test(gba_rulebook, gba_3_0_rout_and_recovery_in_a_gba_game)
{
	struct session s;
	struct teach_line l;
	fx_session(&s, "new gba_drill solo 1");
	phase_line(&s, &l);
	cr_expect(strncmp(l.text, "Rout and Recovery:", 18) == 0, "%s", l.text);
	/* its GBA_ rules told as GBA's */
	cr_expect_str_eq(l.rule, "3.0,10.2,10.42");
	session_free(&s);
	/* SPQR's game keeps SPQR's sentence and numbers */
	fx_session(&s, "new drill solo 1");
	phase_line(&s, &l);
	cr_expect(strncmp(l.text, "Rout and Reload:", 16) == 0, "%s", l.text);
	cr_expect_str_eq(l.rule, "3.0,10.2,11.1");
	session_free(&s);
}

Test(gba_rulebook, a_sentences_file_read_over_its_base)
{
	char dir[] = "/tmp/maniple-over-XXXXXX";
	cr_assert_not_null(mkdtemp(dir));
	char base[1100], own[1100], cat_path[1100];
	snprintf(base, sizeof base, "%s/base.ini", dir);
	snprintf(own, sizeof own, "%s/own.ini", dir);
	snprintf(cat_path, sizeof cat_path, "%s/rules/spqr/events.ini",
		 fx_srcdir());
	struct ini_error err;
	struct evcat *cat = evcat_load(cat_path, &err);
	cr_assert_not_null(cat);
	const char *head = "[file]\nkind = sentences\nversion = 1\n";
	char text[1024];
	snprintf(text, sizeof text,
		 "%s[phase]\nteach = base phase\n[pick]\nteach = base pick\n",
		 head);
	fx_write_file(base, text);
	snprintf(text, sizeof text,
		 "%s[phase]\nteach = own phase\nrule = GBA_3.0\n"
		 "[turn_end]\nteach = own turn end\n",
		 head);
	fx_write_file(own, text);
	struct evtext *t = evtext_load_over(base, own, cat, NULL, &err);
	cr_assert_not_null(t, "%s:%d: %s", err.file, err.line, err.msg);
	struct event e;
	const char *rule;
	event_init(&e, "phase");
	cr_expect_str_eq(evtext_teach(t, &e, &rule, NULL), "own phase");
	cr_expect_str_eq(rule, "GBA_3.0");
	event_init(&e, "pick");
	cr_expect_str_eq(evtext_teach(t, &e, &rule, NULL), "base pick");
	event_init(&e, "turn_end");
	cr_expect_str_eq(evtext_teach(t, &e, &rule, NULL), "own turn end");
	evtext_free(t);
	/* a section twice in the file read over is still refused */
	snprintf(text, sizeof text,
		 "%s[phase]\nteach = one\n[phase]\nteach = two\n", head);
	fx_write_file(own, text);
	cr_expect_null(evtext_load_over(base, own, cat, NULL, &err));
	cr_expect_eq(err.line, 6);
	cr_expect(strstr(err.msg, "duplicate section [phase]"), "%s", err.msg);
	/* and so is a bad rule */
	snprintf(text, sizeof text, "%s[phase]\nteach = one\nrule = X8.1\n",
		 head);
	fx_write_file(own, text);
	cr_expect_null(evtext_load_over(base, own, cat, NULL, &err));
	cr_expect(strstr(err.msg, "bad rule"), "%s", err.msg);
	evcat_free(cat);
	char cmd[1200];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	cr_expect_eq(system(cmd), 0);
}

struct gba_rules_seen {
	const struct rulebook *rb;
	int gba;
};

static void gba_rule_seen(const char *rule, void *u)
{
	struct gba_rules_seen *c = u;
	if (strncmp(rule, "GBA_", 4) != 0)
		return; /* SPQR's, turned by rule_numbers.ini */
	c->gba++;
	cr_expect_not_null(rulebook_find(c->rb, rule + 4),
			   "sentences cite %s, no GBA rule", rule);
}

Test(gba_rulebook, gba_sentences_cite_gba_rules)
{
	struct rulebook *rb = load_gba();
	char dir[1024];
	snprintf(dir, sizeof dir, "%s/rules/gba", fx_srcdir());
	struct ini_error err;
	struct evtext *t = summary_load(dir, &err);
	cr_assert_not_null(t, "%s:%d: %s", err.file, err.line, err.msg);
	struct gba_rules_seen c = {rb, 0};
	evtext_rules_cited(t, gba_rule_seen, &c);
	cr_expect_geq(c.gba, 4);
	evtext_free(t);
	rulebook_free(rb);
}
