/* Rule citations in the book of the game (rule_numbers.h): the rules code
 * cites SPQR's numbers, and a GBA game (its data folder holds
 * rules/gba/rule_numbers.ini) shows GBA's.  Checked here: the map covers
 * every SPQR rule and every number the sources cite; rule_cite and
 * rule_cite_text turn citations as the convention says; and a whole
 * scripted game played with the map gives the very events, refusals,
 * decisions and teach mode's words of the game without it, each rule
 * turned by the map and nothing else changed. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bad_file.h"
#include "cited.h"
#include "fixture.h"
#include "maniple/decision.h"
#include "maniple/event.h"
#include "maniple/game.h"
#include "maniple/pending.h"
#include "maniple/rule_numbers.h"
#include "maniple/rulebook.h"
#include "maniple/tables.h"
#include "maniple/teach.h"
#include "maniple/teach_line.h"

static void load_map(struct rule_numbers *m)
{
	char dir[1024];
	snprintf(dir, sizeof dir, "%s/rules/gba", fx_srcdir());
	struct ini_error err;
	bool ok = rule_numbers_load(m, dir, &err);
	char buf[1024];
	ini_error_format(&err, buf, sizeof buf);
	cr_assert(ok, "%s", buf);
	cr_assert(m->present);
}

static struct rulebook *load_spqr_book(void)
{
	char dir[1024];
	snprintf(dir, sizeof dir, "%s/rules/spqr", fx_srcdir());
	struct ini_error err;
	struct rulebook *rb = rulebook_load(dir, &err);
	cr_assert_not_null(rb, "%s:%d: %s", err.file, err.line, err.msg);
	return rb;
}

/* ---- the map ---- */

Test(gba_citations, every_spqr_rule_has_a_line)
{
	struct rule_numbers *m = calloc(1, sizeof *m);
	cr_assert_not_null(m);
	load_map(m);
	struct rulebook *rb = load_spqr_book();
	int missing = 0;
	for (int i = 0; i < rb->n; i++)
		if (!rule_numbers_gba(m, rb->v[i].number)) {
			cr_log_error("SPQR %s (%s) has no line in "
				     "rules/gba/rule_numbers.ini",
				     rb->v[i].number, rb->v[i].title);
			missing++;
		}
	cr_expect_eq(missing, 0, "%d SPQR rules unmapped", missing);
	/* and nothing else: every key is a rule of the SPQR book */
	for (int i = 0; i < m->n; i++)
		cr_expect_not_null(rulebook_find(rb, m->v[i].spqr),
				   "%s is no SPQR rule", m->v[i].spqr);
	cr_expect_eq(m->n, rb->n);
	rulebook_free(rb);
	free(m);
}

Test(gba_citations, every_number_the_sources_cite_has_a_line)
{
	struct cited *c = calloc(1, sizeof *c);
	struct rule_numbers *m = calloc(1, sizeof *m);
	cr_assert(c && m);
	load_map(m);
	char src[1024];
	snprintf(src, sizeof src, "%s/src", fx_srcdir());
	cited_scan_dir(src, c);
	cr_assert_geq(c->n, 150, "only %d rule numbers found in %s", c->n, src);
	int missing = 0;
	for (int k = 0; k < c->n; k++)
		if (!c->gba[k] && !rule_numbers_gba(m, c->number[k])) {
			cr_log_error("SPQR %s (cited at %s) has no line in "
				     "rules/gba/rule_numbers.ini",
				     c->number[k], c->where[k]);
			missing++;
		}
	cr_expect_eq(missing, 0, "%d cited rules unmapped", missing);
	free(m);
	free(c);
}

Test(gba_citations, the_book_examples)
{
	struct rule_numbers *m = calloc(1, sizeof *m);
	cr_assert_not_null(m);
	load_map(m);
	cr_expect_str_eq(rule_numbers_gba(m, "8.47"), "8.38"); /* Collapse */
	cr_expect_str_eq(rule_numbers_gba(m, "6.51"), "6.71"); /* OW */
	cr_expect_str_eq(rule_numbers_gba(m, "8.6"), "10.3");	/* Pursuit */
	cr_expect_str_eq(rule_numbers_gba(m, "9.66"), "");	/* MLE: none */
	cr_expect_null(rule_numbers_gba(m, "8.99"));
	free(m);
}

/* ---- rule_cite ---- */

static void expect_cite(const struct rule_numbers *m, const char *in,
			bool ok, const char *want, const char *want_bad)
{
	char out[64], bad[64];
	cr_expect_eq(rule_cite(m, in, out, sizeof out, bad, sizeof bad), ok,
		     "%s", in);
	cr_expect_str_eq(out, want, "%s", in);
	cr_expect_str_eq(bad, want_bad, "%s", in);
}

Test(gba_citations, rule_cite_turns_each_element)
{
	struct rule_numbers *m = calloc(1, sizeof *m);
	cr_assert_not_null(m);
	load_map(m);
	expect_cite(m, "8.47", true, "8.38", "");
	expect_cite(m, "8.45,9.15", true, "8.35,9.15", "");
	expect_cite(m, "8.46,GBA" " 8.37", true, "8.36,8.37", "");
	expect_cite(m, "GBA" "_8.41", true, "8.41", "");
	expect_cite(m, "8.15#1", true, "8.15#1", "");
	expect_cite(m, "4.33_#1", true, "4.34_#1", "");
	expect_cite(m, "R4", true, "R4", "");
	expect_cite(m, "7.12,R5", true, "7.12,R5", "");
	expect_cite(m, "-", true, "-", "");
	/* a rule GBA lacks, a number the map lacks */
	expect_cite(m, "10.28,10.33", false, "10.27,SPQR_10.33", "10.33");
	expect_cite(m, "8.99", false, "SPQR_8.99", "8.99");
	/* no map: an SPQR game keeps its numbers; a GBA citation is wrong */
	struct rule_numbers none = {0};
	expect_cite(&none, "8.47", true, "8.47", "");
	expect_cite(&none, "9.66,8.45", true, "9.66,8.45", "");
	expect_cite(&none, "GBA" "_8.37", false, "GBA" "_8.37", "GBA" "_8.37");
	/* a short buffer cuts, and says so by nothing else */
	char tiny[4];
	cr_expect(rule_cite(m, "8.47", tiny, sizeof tiny, NULL, 0));
	cr_expect_str_eq(tiny, "8.3");
	free(m);
}

Test(gba_citations, rule_cite_text_turns_numbers_in_parentheses)
{
	struct rule_numbers *m = calloc(1, sizeof *m);
	cr_assert_not_null(m);
	load_map(m);
	char out[256];
	rule_cite_text(m, "no line of sight (8.14)", out, sizeof out);
	cr_expect_str_eq(out, "no line of sight (8.14)");
	rule_cite_text(m, "it routs (8.47, 10.14); 2.5 MP left, TQ 6.5",
		       out, sizeof out);
	cr_expect_str_eq(out, "it routs (8.38, 10.13); 2.5 MP left, TQ 6.5");
	rule_cite_text(m, "Breakthrough, GBA" " 8.37, then (4.4 #4)", out,
		       sizeof out);
	cr_expect_str_eq(out, "Breakthrough, 8.37, then (4.4 #4)");
	/* numbers the map lacks or GBA lacks stay as written */
	rule_cite_text(m, "(9.66 and 1.23)", out, sizeof out);
	cr_expect_str_eq(out, "(9.66 and 1.23)");
	struct rule_numbers none = {0};
	rule_cite_text(&none, "x (8.47) GBA" " 8.37", out, sizeof out);
	cr_expect_str_eq(out, "x (8.47) GBA" " 8.37");
	free(m);
}

/* ---- a broken map ---- */

static void expect_bad_map(const char *text, int line, const char *what)
{
	char path[] = "/tmp/maniple-rule-numbers-XXXXXX";
	int fd = mkstemp(path);
	cr_assert_geq(fd, 0);
	FILE *f = fdopen(fd, "w");
	fputs(text, f);
	fclose(f);
	struct rule_numbers *m = calloc(1, sizeof *m);
	struct ini_error err;
	cr_expect_not(rule_numbers_read(m, path, &err), "%s", text);
	cr_expect_eq(err.line, line, "%s: line %d", text, err.line);
	cr_expect(strstr(err.msg, what), "%s: %s", text, err.msg);
	cr_expect_not(m->present);
	unlink(path);
	free(m);
}

Test(gba_citations, a_broken_map_is_refused_with_its_line)
{
	const char *head = "[file]\nkind = rule_numbers\nversion = 1\n"
			   "[numbers]\n";
	char t[512];
	snprintf(t, sizeof t, "%s8.47 = 8.38\nx.1 = 8.38\n", head);
	expect_bad_map(t, 6, "not a rule number");
	snprintf(t, sizeof t, "%s8.47 = eight\n", head);
	expect_bad_map(t, 5, "not a rule number");
	snprintf(t, sizeof t, "%s8.47 = 8.38\n8.47 = -\n", head);
	expect_bad_map(t, 6, "given twice");
	snprintf(t, sizeof t, "%s[other]\n", head);
	expect_bad_map(t, 5, "unknown section");
	expect_bad_map("[numbers]\n8.47 = 8.38\n", 1, "file");
}

/* ---- a whole game with the map ---- */

/* A folder of SPQR's tables with a rule_numbers.ini made from GBA's,
 * every `-` given a stand-in number (99.99) so that the game goes on
 * where a checking build would stop at a rule GBA lacks. */
struct mapped_dir {
	char path[64];
};

static void mapped_dir_make(struct mapped_dir *d)
{
	snprintf(d->path, sizeof d->path, "/tmp/maniple-gba-cite-XXXXXX");
	cr_assert_not_null(mkdtemp(d->path));
	char cmd[2048];
	snprintf(cmd, sizeof cmd,
		 "cd '%s' && for f in '%s'/rules/spqr/*.ini; do "
		 "ln -s \"$f\" .; done && rm -f summaries.ini rulings.ini "
		 "glossary.ini && sed 's/= -\\( \\|$\\)/= 99.99\\1/' "
		 "'%s'/rules/gba/rule_numbers.ini > rule_numbers.ini",
		 d->path, fx_srcdir(), fx_srcdir());
	cr_assert_eq(system(cmd), 0, "%s", cmd);
}

static void mapped_dir_remove(struct mapped_dir *d)
{
	char cmd[256];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", d->path);
	cr_expect_eq(system(cmd), 0);
}

static int mapped_loader(void *user, struct game *g, struct ini_error *err)
{
	(void)user;
	const char *dir = getenv("MANIPLE_TEST_MAPPED_DIR");
	g->tables = tables_load(dir, err);
	return g->tables ? 0 : -1;
}

/* what one command did: its status, rule and reason, the decision after
 * it (its rule and its answers' rules) */
struct step {
	enum cmd_status status;
	char rule[16];
	char reason[CMD_REASON_MAX];
	char drule[DECISION_RULE_MAX];
	int nans;
	char arule[8][DECISION_RULE_MAX];
	char teach[TEACH_TEXT_MAX]; /* teach mode's words for the decision */
	char teach_rule[TEACH_RULE_MAX];
};

#define STEPS_MAX 400

static int play(const char *script, tables_loader lt, struct step *steps,
		struct session *s, const struct teach_texts *tt)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/tests/scripts/%s.txt", fx_srcdir(),
		 script);
	FILE *f = fopen(path, "r");
	cr_assert_not_null(f, "%s", path);
	session_init(s, fx_loader, lt, NULL, 1);
	char line[1024];
	int n = 0;
	struct cmd_result r;
	cmd_result_init(&r);
	struct decision_answer ans[64];
	while (fgets(line, sizeof line, f) && n < STEPS_MAX) {
		line[strcspn(line, "\n")] = '\0';
		session_exec(s, line, &r);
		struct step *st = &steps[n++];
		st->status = r.status;
		snprintf(st->rule, sizeof st->rule, "%s", r.rule);
		snprintf(st->reason, sizeof st->reason, "%s", r.reason);
		struct decision d = {.ans = ans, .max = 64};
		gboh_decision(s->game, &d);
		snprintf(st->drule, sizeof st->drule, "%s", d.rule);
		st->nans = d.n < 8 ? d.n : 8;
		for (int i = 0; i < st->nans; i++)
			snprintf(st->arule[i], sizeof st->arule[i], "%s",
				 ans[i].rule);
		struct teach_line l;
		if (teach_decision(tt, s->game, &l)) {
			snprintf(st->teach, sizeof st->teach, "%s", l.text);
			snprintf(st->teach_rule, sizeof st->teach_rule, "%s",
				 l.rule);
		}
	}
	cmd_result_free(&r);
	fclose(f);
	return n;
}

static void expect_cited(const struct rule_numbers *m, const char *spqr,
			 const char *gba, const char *what)
{
	char want[128];
	rule_cite(m, spqr, want, sizeof want, NULL, 0);
	cr_expect_str_eq(gba, want, "%s: SPQR %s", what, spqr);
}

static void same_game_cited(const char *script)
{
	struct mapped_dir d;
	mapped_dir_make(&d);
	setenv("MANIPLE_TEST_MAPPED_DIR", d.path, 1);
	struct rule_numbers *m = calloc(1, sizeof *m);
	struct ini_error err;
	cr_assert(rule_numbers_load(m, d.path, &err), "%s", err.msg);
	struct step *a = calloc(STEPS_MAX, sizeof *a);
	struct step *b = calloc(STEPS_MAX, sizeof *b);
	struct session *sa = calloc(1, sizeof *sa);
	struct session *sb = calloc(1, sizeof *sb);
	cr_assert(a && b && sa && sb);
	struct ini_error terr;
	struct teach_texts *tt = teach_load(d.path, &terr);
	cr_assert_not_null(tt, "%s:%d: %s", terr.file, terr.line, terr.msg);
	int na = play(script, spqr_tables_loader, a, sa, tt);
	int nb = play(script, mapped_loader, b, sb, tt);
	cr_assert_eq(na, nb);
	int turned = 0, refusals = 0, taught = 0;
	for (int i = 0; i < na; i++) {
		cr_expect_eq(a[i].status, b[i].status, "%s step %d", script, i);
		expect_cited(m, a[i].rule, b[i].rule, "refusal");
		refusals += a[i].status == CMD_REFUSED && a[i].rule[0];
		char want[TEACH_TEXT_MAX + 64];
		rule_cite_text(m, a[i].reason, want, sizeof want);
		cr_expect_str_eq(b[i].reason, want, "%s step %d", script, i);
		expect_cited(m, a[i].drule, b[i].drule, "decision");
		cr_expect_eq(a[i].nans, b[i].nans);
		for (int k = 0; k < a[i].nans; k++)
			expect_cited(m, a[i].arule[k], b[i].arule[k], "answer");
		/* teach mode's words: the numbers the text writes in
		 * parentheses, its own and its slots', and its rule */
		rule_cite_text(m, a[i].teach, want, sizeof want);
		cr_expect_str_eq(b[i].teach, want, "%s step %d", script, i);
		expect_cited(m, a[i].teach_rule, b[i].teach_rule, "teach");
		taught += strcmp(a[i].teach, b[i].teach) != 0;
	}
	const struct event_log *la = &sa->game->events;
	const struct event_log *lb = &sb->game->events;
	cr_assert_eq(la->n, lb->n, "%s: %zu events, %zu with the map", script,
		     la->n, lb->n);
	cr_assert_gt(la->n, 50);
	struct event ea, eb;
	for (size_t i = 0; i < la->n; i++) {
		event_log_at(la, i, &ea);
		event_log_at(lb, i, &eb);
		cr_assert_str_eq(ea.kind, eb.kind);
		cr_assert_eq(ea.nfields, eb.nfields);
		for (int k = 0; k < ea.nfields; k++) {
			cr_assert_str_eq(event_key(&ea, k), event_key(&eb, k));
			if (strcmp(event_key(&ea, k), "rule") != 0) {
				cr_expect_str_eq(event_val(&ea, k),
						 event_val(&eb, k));
				continue;
			}
			expect_cited(m, event_val(&ea, k), event_val(&eb, k),
				     ea.kind);
			turned += strcmp(event_val(&ea, k),
					 event_val(&eb, k)) != 0;
		}
		/* teach mode's line for the event, in the game's book */
		struct teach_line ta, tb;
		bool sa_ = teach_event_line(tt, sa->game, &ea, &ta);
		cr_assert_eq(sa_, teach_event_line(tt, sb->game, &eb, &tb));
		if (sa_) {
			char want[TEACH_TEXT_MAX + 64];
			rule_cite_text(m, ta.text, want, sizeof want);
			cr_expect_str_eq(tb.text, want, "%s event %zu", script,
					 i);
			expect_cited(m, ta.rule, tb.rule, "teach line");
		}
	}
	teach_free(tt);
	/* the scripts cite many rules GBA numbers otherwise */
	cr_expect_gt(turned, 20, "%s: %d rules turned", script, turned);
	cr_log_info("%s: %zu events, %d rules turned, %d refusals with a "
		    "rule, %d teach texts turned",
		    script, la->n, turned, refusals, taught);
	session_free(sa);
	session_free(sb);
	free(sa);
	free(sb);
	free(a);
	free(b);
	free(m);
	mapped_dir_remove(&d);
}

Test(gba_citations, a_game_with_the_map_cites_gba_and_changes_nothing_else,
     .timeout = 120)
{
	same_game_cited("sop_turn");
	same_game_cited("drill_turn");
	same_game_cited("shock_drill_battle");
}
