/* `rule N` (issue 9): our own summaries of the SPQR rules and the
 * project's rulings (rules/spqr/summaries.ini, rulings.ini; rulebook.h).
 * Every rule number the program cites in its string literals (refusals,
 * events' rule= fields, help texts, cards) has a summary: the sources are
 * scanned here at test time, so a new citation without a summary fails.
 * Also: every ruling names covered rules, `rule 9.41` shows R6, the list,
 * the refusals, and the broken files of tests/bad/rulebook-*. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bad_file.h"
#include "cited.h"
#include "config.h"
#include "fixture.h"
#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/glossary.h"
#include "maniple/rulebook.h"
#include "maniple/teach.h"
#include "spqr_tables.h"

static struct rulebook *load_book(const char *rs)
{
	char dir[1024];
	snprintf(dir, sizeof dir, "%s/rules/%s", fx_srcdir(), rs);
	struct ini_error err;
	struct rulebook *rb = rulebook_load(dir, &err);
	char buf[1024];
	ini_error_format(&err, buf, sizeof buf);
	cr_assert_not_null(rb, "%s", buf);
	return rb;
}

static struct rulebook *load_spqr(void)
{
	return load_book("spqr");
}

Test(rulebook, scanner_finds_rule_numbers_in_literals_only)
{
	struct cited *c = calloc(1, sizeof *c);
	cr_assert_not_null(c);
	const char *s = "refused (6.41) a %.1f 1.2.3 v0.5 x6.1 10.43, 3.0 "
			"GBA" " 8.37 GBA" "_6.41 XGBA" " 9.1";
	cited_numbers_in(s, strlen(s), "t", 1, c);
	cr_assert_eq(c->n, 6);
	cr_expect_str_eq(c->number[0], "6.41");
	cr_expect_str_eq(c->number[1], "10.43");
	cr_expect_str_eq(c->number[2], "3.0");
	/* GBA's numbers are kept apart (rule_numbers.h) */
	cr_expect_str_eq(c->number[3], "8.37");
	cr_expect(c->gba[3]);
	cr_expect_str_eq(c->number[4], "6.41");
	cr_expect(c->gba[4]);
	cr_expect_not(c->gba[0]);
	cr_expect_str_eq(c->number[5], "9.1"); /* not after a word GBA */
	cr_expect_not(c->gba[5]);
	free(c);
}

Test(rulebook, every_rule_cited_in_the_sources_has_a_summary)
{
	struct cited *c = calloc(1, sizeof *c);
	cr_assert_not_null(c);
	char src[1024];
	snprintf(src, sizeof src, "%s/src", fx_srcdir());
	cited_scan_dir(src, c);
	/* the engine cites about two hundred rules: a scan that finds far
	 * fewer is broken, not a success */
	cr_assert_geq(c->n, 150, "only %d rule numbers found in %s", c->n, src);
	struct rulebook *rb = load_spqr();
	int missing = 0;
	for (int k = 0; k < c->n; k++)
		if (!c->gba[k] && !rulebook_find(rb, c->number[k])) {
			cr_log_error("rule %s (cited at %s) has no summary",
				     c->number[k], c->where[k]);
			missing++;
		}
	cr_expect_eq(missing, 0, "%d cited rules have no summary", missing);
	rulebook_free(rb);
	free(c);
}

Test(rulebook, chapters_and_sections_are_covered)
{
	struct rulebook *rb = load_spqr();
	const char *heads[] = {"1.0",  "2.0", "3.0", "4.0", "5.0",
			       "6.0",  "7.0", "8.0", "9.0", "10.0",
			       "11.0", "6.5", "8.4", "9.6", "10.2"};
	for (size_t i = 0; i < sizeof heads / sizeof heads[0]; i++)
		cr_expect_not_null(rulebook_find(rb, heads[i]), "%s", heads[i]);
	/* in the book's order */
	for (int i = 1; i < rb->n; i++)
		cr_expect_lt(
			rule_number_cmp(rb->v[i - 1].number, rb->v[i].number),
			0, "%s before %s", rb->v[i - 1].number,
			rb->v[i].number);
	rulebook_free(rb);
}

Test(rulebook, every_ruling_is_there_and_names_covered_rules)
{
	struct rulebook *rb = load_spqr();
	cr_assert_geq(rb->nrulings, 13);
	for (int i = 1; i <= 13; i++) {
		char id[8];
		snprintf(id, sizeof id, "R%d", i);
		const struct ruling *u = rulebook_ruling(rb, id);
		cr_assert_not_null(u, "%s missing", id);
		cr_expect_gt(u->nrules, 0);
		for (int k = 0; k < u->nrules; k++)
			cr_expect_not_null(rulebook_find(rb, u->rules[k]),
					   "%s names %s", id, u->rules[k]);
	}
	cr_expect_null(rulebook_ruling(rb, "R99"));
	cr_expect_not_null(rulebook_ruling(rb, "r6"));
	rulebook_free(rb);
}

Test(rulebook, rule_numbers_order_and_form)
{
	cr_expect(rule_number_valid("6.11"));
	cr_expect(rule_number_valid("3.0"));
	cr_expect(rule_number_valid("10.43"));
	cr_expect_not(rule_number_valid("6"));
	cr_expect_not(rule_number_valid("06.1"));
	cr_expect_not(rule_number_valid("6.111"));
	cr_expect_not(rule_number_valid("6.1x"));
	cr_expect_not(rule_number_valid(".5"));
	cr_expect_not(rule_number_valid(NULL));
	cr_expect_lt(rule_number_cmp("6.1", "6.11"), 0);
	cr_expect_lt(rule_number_cmp("6.11", "6.2"), 0);
	cr_expect_lt(rule_number_cmp("6.0", "6.1"), 0);
	cr_expect_lt(rule_number_cmp("9.87", "10.0"), 0);
	cr_expect_eq(rule_number_cmp("6.1", "6.10"), 0);
	cr_expect_gt(rule_number_cmp("8.74", "8.7"), 0);
}

/* ---- the command ---- */

/* Runs line; the status, and the output's first event and text copied. */
static enum cmd_status run_rule(struct session *s, const char *line,
				struct event *ev, char **text, char *reason,
				size_t rn)
{
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(s, line, &r);
	enum cmd_status st = r.status;
	if (ev) {
		memset(ev, 0, sizeof *ev);
		if (r.out.n > 0)
			event_log_at(&r.out, 0, ev);
	}
	if (text) {
		*text = r.text;
		r.text = NULL;
	}
	if (reason)
		snprintf(reason, rn, "%s", r.reason);
	cmd_result_free(&r);
	return st;
}

/* Runs line, which must be accepted; its first event into *ev, and its
 * text (malloc'd, or NULL) returned. */
static char *rule_ok(struct session *s, const char *line, struct event *ev)
{
	char *text = NULL;
	cr_assert_eq(run_rule(s, line, ev, &text, NULL, 0), CMD_OK, "%s",
		     line);
	return text;
}

Test(rulebook, rule_9_41_shows_the_summary_and_ruling_R6)
{
	struct session s;
	fx_session(&s, "new drill solo 1");
	size_t n0 = session_commands(&s);
	struct event e;
	char *text = rule_ok(&s, "rule 9.41", &e);
	cr_expect_str_eq(e.kind, "rule");
	cr_expect_str_eq(event_get(&e, "number"), "9.41");
	cr_expect_str_eq(event_get(&e, "title"), "Phalanx_Defense");
	cr_expect_str_eq(event_get(&e, "rulings"), "R6");
	cr_assert_not_null(text);
	cr_expect_not_null(strstr(text, "9.41 Phalanx Defense\n"), "%s", text);
	cr_expect_not_null(strstr(text, "Ruling R6 (Phalanx Defense against "
					"heavy infantry): 9.41\n"),
			   "%s", text);
	cr_expect_not_null(strstr(text, "See also: 8.46 "), "%s", text);
	/* every line fits the view's log line */
	for (const char *p = text; *p;) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		cr_expect_lt(len, 199, "a line of %zu characters", len);
		p += len + (nl != NULL);
	}
	free(text);
	/* a looking command: nothing journaled */
	cr_expect_eq(session_commands(&s), n0);
	session_free(&s);
}

Test(rulebook, a_rule_shows_every_ruling_naming_it)
{
	struct session s;
	session_init(&s, fx_loader, spqr_tables_loader, NULL, 1);
	s.rules_dir = MANIPLE_SRCDIR "/rules";
	struct event e;
	/* 6.52 is named by R1 only; 6.68 by R2; 11.2 by R4 */
	char *text = rule_ok(&s, "rule 6.68", &e);
	cr_expect_str_eq(event_get(&e, "rulings"), "R2");
	cr_expect_not_null(strstr(text, "Ruling R2 "));
	cr_expect_null(strstr(text, "Ruling R1 "));
	free(text);
	/* a rule no ruling names has no rulings field and no ruling text */
	text = rule_ok(&s, "rule 6.11", &e);
	cr_expect_null(event_get(&e, "rulings"));
	cr_expect_null(strstr(text, "Ruling"));
	free(text);
	/* works without a game (spqr) */
	cr_expect_null(s.game);
	session_free(&s);
}

Test(rulebook, rule_alone_lists_the_rules_covered)
{
	struct session s;
	fx_session(&s, "new drill solo 1");
	struct event e;
	char *text = rule_ok(&s, "rule", &e);
	cr_expect_str_eq(e.kind, "rules");
	cr_expect_str_eq(event_get(&e, "ruleset"), "spqr");
	int count = atoi(event_get(&e, "count"));
	cr_expect_gt(count, 200);
	cr_expect_eq(count, s.rulebook->n);
	int lines = 0;
	for (const char *p = text; (p = strchr(p, '\n')); p++)
		lines++;
	cr_expect_eq(lines, count + 2,
		     "one line per rule, the rulings and the terms");
	cr_expect_not_null(strstr(text, "\n6.11 Movement Allowance\n"));
	cr_expect_not_null(strstr(text, "Rulings: R1 R2 R3"));
	cr_expect_not_null(strstr(text, "Terms (rule TERM): TQ, "), "%s",
			   strstr(text, "Rulings:"));
	free(text);
	session_free(&s);
}

Test(rulebook, rulings_by_id_and_chapters_by_number)
{
	struct session s;
	fx_session(&s, "new drill solo 1");
	struct event e;
	char *text = rule_ok(&s, "rule R9", &e);
	cr_expect_str_eq(e.kind, "ruling");
	cr_expect_str_eq(event_get(&e, "id"), "R9");
	cr_expect_not_null(strstr(text, "hotseat"));
	free(text);
	text = rule_ok(&s, "rule 6", &e);
	cr_expect_str_eq(event_get(&e, "number"), "6.0");
	cr_expect_not_null(strstr(text, "6.0 Movement\n"));
	free(text);
	session_free(&s);
}

Test(rulebook, refusals)
{
	struct session s;
	fx_session(&s, "new drill solo 1");
	size_t n0 = session_commands(&s);
	char reason[CMD_REASON_MAX];
	/* not covered: the neighbours are named */
	cr_expect_eq(
		run_rule(&s, "rule 6.99", NULL, NULL, reason, sizeof reason),
		CMD_REFUSED);
	cr_expect_not_null(strstr(reason, "no summary of rule 6.99"), "%s",
			   reason);
	cr_expect_not_null(strstr(reason, "6.83 and 7.0"), "%s", reason);
	cr_expect_eq(
		run_rule(&s, "rule 99.9", NULL, NULL, reason, sizeof reason),
		CMD_REFUSED);
	cr_expect_not_null(strstr(reason, "nearest covered: 11.2"), "%s",
			   reason);
	cr_expect_eq(
		run_rule(&s, "rule R99", NULL, NULL, reason, sizeof reason),
		CMD_REFUSED);
	cr_expect_not_null(strstr(reason, "no ruling R99"), "%s", reason);
	/* neither a rule number nor a term of the glossary */
	cr_expect_eq(run_rule(&s, "rule movement", NULL, NULL, reason,
			      sizeof reason),
		     CMD_REFUSED);
	cr_expect_not_null(strstr(reason, "no rule or term movement"), "%s",
			   reason);
	cr_expect_eq(run_rule(&s, "rule 6.111", NULL, NULL, NULL, 0),
		     CMD_MALFORMED);
	cr_expect_eq(run_rule(&s, "rule 6.11 6.12", NULL, NULL, NULL, 0),
		     CMD_MALFORMED);
	cr_expect_eq(run_rule(&s,
			      "rule "
			      "0123456789012345678901234567890123456789012345",
			      NULL, NULL, NULL, 0),
		     CMD_MALFORMED);
	cr_expect_eq(session_commands(&s), n0);
	session_free(&s);
}

Test(rulebook, no_rules_directory_is_refused)
{
	struct session s;
	session_init(&s, fx_loader, spqr_tables_loader, NULL, 1);
	char reason[CMD_REASON_MAX];
	cr_expect_eq(
		run_rule(&s, "rule 6.11", NULL, NULL, reason, sizeof reason),
		CMD_REFUSED);
	cr_expect_not_null(strstr(reason, "no rules directory"), "%s", reason);
	s.rules_dir = "/nonexistent/maniple";
	cr_expect_eq(
		run_rule(&s, "rule 6.11", NULL, NULL, reason, sizeof reason),
		CMD_REFUSED);
	cr_expect_not_null(strstr(reason, "/nonexistent/maniple/spqr/"
					  "summaries.ini: cannot open"),
			   "%s", reason);
	cr_expect_null(s.rulebook);
	session_free(&s);
}

Test(rulebook, read_once_and_kept)
{
	struct session s;
	fx_session(&s, "new drill solo 1");
	cr_expect_null(s.rulebook);
	cr_assert_eq(run_rule(&s, "rule 5.12", NULL, NULL, NULL, 0), CMD_OK);
	const struct rulebook *first = s.rulebook;
	cr_assert_not_null(first);
	cr_assert_eq(run_rule(&s, "rule 5.32", NULL, NULL, NULL, 0), CMD_OK);
	cr_expect_eq(s.rulebook, first);
	/* a broken directory later changes nothing: the texts are kept */
	s.rules_dir = "/nonexistent";
	cr_assert_eq(run_rule(&s, "rule 5.32", NULL, NULL, NULL, 0), CMD_OK);
	session_free(&s);
}

/* ---- broken files ---- */

static void bad_dir_refused(const char *name, const char *file)
{
	struct session s;
	session_init(&s, fx_loader, spqr_tables_loader, NULL, 1);
	char dir[1024], path[1200];
	snprintf(dir, sizeof dir, "%s/tests/bad/%s", MANIPLE_SRCDIR, name);
	snprintf(path, sizeof path, "%s/spqr/%s", dir, file);
	s.rules_dir = dir;
	char reason[CMD_REASON_MAX];
	cr_assert_eq(
		run_rule(&s, "rule 9.41", NULL, NULL, reason, sizeof reason),
		CMD_REFUSED);
	char want[256];
	int line;
	expectation(path, want, sizeof want, &line);
	char at[1300];
	snprintf(at, sizeof at, "%s:%d: ", path, line);
	cr_expect_eq(strncmp(reason, at, strlen(at)), 0, "%s, not %s", reason,
		     at);
	cr_expect_not_null(strstr(reason, want), "%s", reason);
	session_free(&s);
}

Test(rulebook, a_ruling_naming_an_uncovered_rule_is_refused)
{
	bad_dir_refused("rulebook-xref", "rulings.ini");
}

Test(rulebook, a_broken_summaries_file_is_refused_at_its_line)
{
	bad_dir_refused("rulebook-broken", "summaries.ini");
}

Test(rulebook, every_bad_file_is_refused_at_its_line)
{
	const char *names[] = {
		"rulebook-summaries-bad-number.ini",
		"rulebook-summaries-duplicate.ini",
		"rulebook-summaries-no-title.ini",
		"rulebook-summaries-see-unknown.ini",
		"rulebook-summaries-unknown-key.ini",
		"rulebook-summaries-no-file.ini",
		"rulebook-rulings-bad-rules.ini",
		"rulebook-rulings-no-say.ini",
		"rulebook-rulings-bad-id.ini",
		"rulebook-rulings-no-rules.ini",
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		char p[1024];
		snprintf(p, sizeof p, "%s/tests/bad/%s", MANIPLE_SRCDIR,
			 names[i]);
		struct ini_error err;
		cr_expect_not(rulebook_check_file(p, &err), "%s", names[i]);
		expect_marked_refusal(p, p, &err);
	}
}

Test(rulebook, a_wrong_kind_is_refused)
{
	char p[1024];
	snprintf(p, sizeof p, "%s/tests/bad/rulebook-summaries-wrong-kind.ini",
		 MANIPLE_SRCDIR);
	struct ini_error err;
	cr_assert_not(rulebook_check_file(p, &err));
	cr_expect_eq(err.line, 4);
	cr_expect_not_null(strstr(err.msg, "kind must be summaries or "
					   "rulings, not summary"));
	/* the shipped files pass */
	cr_expect(rulebook_check_file(
		"" MANIPLE_SRCDIR "/rules/spqr/rulings.ini", &err));
	cr_expect(rulebook_check_file(
		"" MANIPLE_SRCDIR "/rules/spqr/summaries.ini", &err));
}

/* Writes text to DIR/name. */
static void put_file(const char *dir, const char *name, const char *text)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	cr_assert_not_null(f, "%s", path);
	fputs(text, f);
	fclose(f);
}

Test(rulebook, say_lines_and_continuations_join)
{
	char dir[] = "/tmp/maniple-rulebook-XXXXXX";
	cr_assert_not_null(mkdtemp(dir));
	put_file(dir, "summaries.ini",
		 "[file]\nkind = summaries\nversion = 1\n[6.11]\n"
		 "title = T\nsay = one.\n  two.\nsay = three.\nsee = 6.2\n"
		 "[6.2]\ntitle = U\nsay = four.\n");
	put_file(dir, "rulings.ini",
		 "[file]\nkind = rulings\nversion = 1\n[R10]\ntitle = X\n"
		 "rules = 6.2\nsay = ten.\n[R2]\ntitle = Y\nrules = 6.2, "
		 "6.11\nsay = two.\n");
	struct ini_error err;
	struct rulebook *rb = rulebook_load(dir, &err);
	cr_assert_not_null(rb, "%s", err.msg);
	cr_assert_eq(rb->n, 2);
	cr_expect_str_eq(rb->v[0].number, "6.11");
	cr_expect_str_eq(rb->v[0].say, "one.\ntwo.\nthree.\n");
	cr_expect_eq(rb->v[0].nsee, 1);
	/* rulings in number order: R2 before R10 */
	cr_assert_eq(rb->nrulings, 2);
	cr_expect_str_eq(rb->rulings[0].id, "R2");
	cr_expect(ruling_names(&rb->rulings[0], "6.11"));
	cr_expect_not(ruling_names(&rb->rulings[1], "6.11"));
	rulebook_free(rb);
	char path[1100];
	snprintf(path, sizeof path, "%s/summaries.ini", dir);
	unlink(path);
	snprintf(path, sizeof path, "%s/rulings.ini", dir);
	unlink(path);
	rmdir(dir);
}

/* ---- the teach mode's citations (teach.h) ---- */

struct teach_check {
	const struct rulebook *rb, *gba;
	int n, missing;
};

static void check_cited(const char *rule, void *u)
{
	struct teach_check *c = u;
	char r[RULE_NUMBER_MAX + 8];
	while (*rule == ' ' || *rule == '\t')
		rule++;
	snprintf(r, sizeof r, "%s", rule);
	size_t len = strlen(r);
	while (len > 0 && (r[len - 1] == ' ' || r[len - 1] == '\t'))
		r[--len] = '\0';
	c->n++;
	/* GBA_8.37: a rule of the other book, in its summaries */
	bool gba = !strncmp(r, "GBA_", 4);
	if (!rulebook_find(gba ? c->gba : c->rb, gba ? r + 4 : r)) {
		cr_log_error("teach.ini cites rule %s, which has no summary",
			     r);
		c->missing++;
	}
}

Test(rulebook, every_rule_the_teach_mode_cites_has_a_summary)
{
	char dir[1024];
	snprintf(dir, sizeof dir, "%s/rules/spqr", fx_srcdir());
	struct ini_error err;
	memset(&err, 0, sizeof err);
	struct teach_texts *t = teach_load(dir, &err);
	char buf[1024];
	ini_error_format(&err, buf, sizeof buf);
	cr_assert_not_null(t, "%s", buf);
	struct rulebook *rb = load_spqr();
	struct rulebook *gba = load_book("gba");
	struct teach_check c = {rb, gba, 0, 0};
	teach_rules_cited(t, check_cited, &c);
	cr_expect_gt(c.n, 50, "teach.ini cites only %d rules", c.n);
	cr_expect_eq(c.missing, 0, "%d rules cited by teach.ini lack a summary",
		     c.missing);
	rulebook_free(gba);
	rulebook_free(rb);
	teach_free(t);
}

/* ---- the glossary: rule TERM ---- */

/* The terms a newcomer meets, each explained with its rules */
Test(rulebook, rule_term_explains_the_words_of_the_rules)
{
	static const struct {
		const char *ask, *term, *rule, *says;
	} cases[] = {
		{"rule TQ", "TQ", "10.11", "Troop Quality"},
		{"rule troop quality", "TQ", "10.14", "routs"},
		{"rule cohesion hit", "cohesion hit", "10.1", "TQ"},
		{"rule zoc", "ZOC", "7.23", "Zone of Control"},
		{"rule flank", "Front", "7.11", "Rear"},
		{"rule rear", "Front", "8.46", "Superiority"},
		{"rule Individual Order", "Individual Order", "6.64",
		 "Command Range"},
		{"rule line-command", "Line Command", "4.33", "never both"},
		{"rule LC", "Line Command", "5.21", "Individual Orders"},
		{"rule momentum", "momentum", "5.32", "Initiative"},
		{"rule trump", "trump", "5.42", "Finishes"},
		{"rule superiority", "superiority", "8.46", "doubles"},
		{"rule rout points", "rout points", "11.2", "withdrawal level"},
		{"rule Die Roll of Doom", "Die Roll of Doom", "5.33", "9"},
	};
	struct session s;
	fx_session(&s, "new drill solo 1");
	size_t n0 = session_commands(&s);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct event e;
		char *text = rule_ok(&s, cases[i].ask, &e);
		cr_expect_str_eq(e.kind, "term", "%s", cases[i].ask);
		char want[64];
		snprintf(want, sizeof want, "%s", cases[i].term);
		for (char *p = want; *p; p++)
			if (*p == ' ')
				*p = '_';
		cr_expect_str_eq(event_get(&e, "name"), want, "%s",
				 cases[i].ask);
		const char *rules = event_get(&e, "rules");
		cr_expect(rules && strstr(rules, cases[i].rule), "%s: %s",
			  cases[i].ask, rules ? rules : "-");
		cr_assert_not_null(text, "%s", cases[i].ask);
		cr_expect_not_null(strstr(text, cases[i].says), "%s: %s",
				   cases[i].ask, text);
		/* the rules to read, each with its summary's title */
		cr_expect_not_null(strstr(text, "Rules to read (rule N): "),
				   "%s", text);
		free(text);
	}
	cr_expect_eq(session_commands(&s), n0, "rule only looks");
	char reason[CMD_REASON_MAX];
	cr_expect_eq(run_rule(&s, "rule phlogiston", NULL, NULL, reason,
			      sizeof reason),
		     CMD_REFUSED);
	cr_expect_not_null(strstr(reason, "no rule or term phlogiston"), "%s",
			   reason);
	session_free(&s);
}

/* `rule TERM, TERM`: several terms, each explained in turn; one unknown
 * refuses the whole, naming it */
Test(rulebook, rule_explains_several_terms_parted_by_commas)
{
	struct session s;
	fx_session(&s, "new drill solo 1");
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(&s, "rule TQ, zone of control,superiority", &r);
	cr_assert_eq(r.status, CMD_OK, "%s", r.reason);
	cr_assert_eq(r.out.n, 3);
	const char *want[] = {"TQ", "ZOC", "superiority"};
	for (size_t i = 0; i < 3; i++)
		cr_expect_str_eq(event_log_get(&r.out, i, "name"), want[i]);
	cr_assert_not_null(r.text);
	const char *tq = strstr(r.text, "TQ: Troop Quality");
	const char *zoc = strstr(r.text, "ZOC: Zone of Control");
	cr_expect(tq && zoc && tq < zoc, "%s", r.text);
	cr_expect_not_null(strstr(r.text, "8.46"), "%s", r.text);
	cmd_result_free(&r);
	char reason[CMD_REASON_MAX];
	cr_expect_eq(run_rule(&s, "rule TQ, phlogiston", NULL, NULL, reason,
			      sizeof reason),
		     CMD_REFUSED);
	cr_expect_not_null(strstr(reason, "no rule or term phlogiston"), "%s",
			   reason);
	cr_expect_eq(run_rule(&s, "rule , ,", NULL, NULL, NULL, 0),
		     CMD_MALFORMED);
	session_free(&s);
}

/* The terms a line of narration uses (glossary_scan, teach_terms: teach
 * mode's g key): whole words, any case, the longest name where two
 * start at one place, each term once in the order met */
Test(rulebook, the_terms_a_line_uses)
{
	struct rulebook *rb = load_spqr();
	const struct glossary_term *f[8];
	int n = glossary_scan(rb->glossary,
			      "Hastati (ha2) takes 3 cohesion hit(s): 3 now "
			      "against its TQ 6; the attacker has "
			      "Superiority, and again its tq.",
			      f, 8);
	cr_assert_eq(n, 3);
	cr_expect_str_eq(f[0]->term, "cohesion hit");
	cr_expect_str_eq(f[1]->term, "TQ");
	cr_expect_str_eq(f[2]->term, "superiority");
	/* part of a word is not the word: "stqx" is not "TQ" */
	cr_expect_eq(glossary_scan(rb->glossary, "it stays; stqx", f, 8), 0);
	cr_expect_eq(glossary_scan(rb->glossary, "TQ and ZOC", f, 1), 1);
	cr_expect_eq(glossary_scan(NULL, "TQ", f, 8), 0);
	rulebook_free(rb);

	char dir[1024];
	snprintf(dir, sizeof dir, "%s/rules/spqr", fx_srcdir());
	struct ini_error err;
	struct teach_texts *t = teach_load(dir, &err);
	cr_assert_not_null(t, "%s", err.msg);
	char names[TEACH_TERMS_MAX][TEACH_TERM_MAX];
	cr_assert_eq(teach_terms(t, "Units in an enemy ZOC may not move on "
				    "(7.23); a Line Command moves a line.",
				 names, TEACH_TERMS_MAX),
		     2);
	cr_expect_str_eq(names[0], "ZOC");
	cr_expect_str_eq(names[1], "Line Command");
	teach_free(t);
}

/* Every term of the shipped glossary: its rules covered, its text our
 * own (rulebook-copy-check runs on the data), each name found */
Test(rulebook, the_shipped_glossary)
{
	struct rulebook *rb = load_spqr();
	cr_assert_not_null(rb->glossary);
	cr_expect_geq(rb->glossary->n, 20);
	for (int i = 0; i < rb->glossary->n; i++) {
		const struct glossary_term *t = &rb->glossary->v[i];
		cr_expect_eq(glossary_find(rb->glossary, t->term), t);
		for (int k = 0; k < t->nalso; k++)
			cr_expect_eq(glossary_find(rb->glossary, t->also[k]), t,
				     "%s", t->also[k]);
		for (int k = 0; k < t->nrules; k++)
			cr_expect_not_null(rulebook_find(rb, t->rules[k]),
					   "%s: %s", t->term, t->rules[k]);
	}
	rulebook_free(rb);
}

static void glossary_refused(const char *text, int line, const char *part)
{
	char dir[] = "/tmp/maniple-glossary-XXXXXX";
	cr_assert_not_null(mkdtemp(dir));
	put_file(dir, "summaries.ini",
		 "[file]\nkind = summaries\nversion = 1\n[6.11]\n"
		 "title = T\nsay = one.\n");
	put_file(dir, "rulings.ini",
		 "[file]\nkind = rulings\nversion = 1\n[R1]\ntitle = X\n"
		 "rules = 6.11\nsay = ten.\n");
	put_file(dir, "glossary.ini", text);
	struct ini_error err;
	struct rulebook *rb = rulebook_load(dir, &err);
	cr_expect_null(rb, "accepted: %s", text);
	rulebook_free(rb);
	cr_expect_eq(err.line, line, "line %d, want %d: %s", err.line, line,
		     err.msg);
	cr_expect_not_null(strstr(err.msg, part), "\"%s\" not in \"%s\"",
			   part, err.msg);
	cr_expect_not_null(strstr(err.file, "glossary.ini"), "%s", err.file);
	char path[1100];
	const char *names[] = {"summaries.ini", "rulings.ini", "glossary.ini"};
	for (int i = 0; i < 3; i++) {
		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		unlink(path);
	}
	rmdir(dir);
}

#define GHEAD "[file]\nkind = glossary\nversion = 1\n"

Test(rulebook, a_bad_glossary_is_refused_with_its_line)
{
	glossary_refused(GHEAD "[TQ]\ntitle = T\nsay = s\nrules = 6.11\n"
			       "[tq]\ntitle = U\nsay = s\nrules = 6.11\n",
			 8, "names the term [TQ] already");
	glossary_refused(GHEAD "[TQ]\ntitle = T\nsay = s\nrules = 6.11\n"
			       "[ZOC]\nalso = troop-quality, tq\n",
			 9, "names the term [TQ] already");
	glossary_refused(GHEAD "[TQ]\ntitle = T\nsay = s\nrules = 6.111\n",
			 7, "not a rule number");
	glossary_refused(GHEAD "[TQ]\ntitle = T\nsay = s\nrules = 6.2\n",
			 7, "does not cover");
	glossary_refused(GHEAD "[TQ]\ntitle = T\nsay = s\n", 4,
			 "has no rules");
	glossary_refused(GHEAD "[TQ]\ntitle = T\ncolour = red\n", 6,
			 "unknown key colour");
	glossary_refused("[file]\nkind = teach\nversion = 1\n", 2,
			 "kind must be glossary");
}
