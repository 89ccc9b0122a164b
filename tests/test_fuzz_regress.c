/* Inputs tools/fuzz found to crash a loader or the command language, kept
 * as regressions (tests/fuzz; the malformed files are also under
 * tests/bad/ for check_bad.sh), and tables_copy, which the fuzz harnesses
 * use to start many games from one load of the rules. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/ini.h"
#include "maniple/tables.h"
#include "fixture.h"

static const char *srcdir(void)
{
	const char *d = getenv("MANIPLE_SRCDIR");
	cr_assert_not_null(d, "MANIPLE_SRCDIR unset");
	return d;
}

static int count_keys(void *user, const char *section, const char *key,
		      const char *value, int line)
{
	(void)section;
	(void)value;
	(void)line;
	if (key)
		++*(int *)user;
	return 0;
}

/* fuzz_rules: "[ file ]" was [file] to the line reader and " file " to
 * inih; the rules loader then read the keys under no table (UBSan: index
 * -1 in tables.c).  Now the header itself is refused, at its line. */
Test(fuzz_regress, rules_header_with_blanks_is_refused_at_its_line)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/tests/bad/rules-section-blanks.ini",
		 srcdir());
	struct ini_error err;
	memset(&err, 0, sizeof err);
	cr_assert_not(tables_check_file(path, &err));
	cr_expect_eq(err.line, 7, "line %d: %s", err.line, err.msg);
	cr_expect_not_null(strstr(err.msg, "section header [file] not allowed"),
			   "%s", err.msg);
}

Test(fuzz_regress, section_names_inih_would_cut_or_pad_are_refused)
{
	struct ini_error err;
	int n = 0;
	memset(&err, 0, sizeof err);
	cr_expect_not(ini_read_text("t.ini", "[a ]\nx = 1\n", count_keys, &n,
				    &err));
	cr_expect_eq(err.line, 1);
	memset(&err, 0, sizeof err);
	/* 50 characters: inih keeps 49 */
	cr_expect_not(ini_read_text(
		"t.ini",
		"[aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa]\nx = 1\n",
		count_keys, &n, &err));
	cr_expect_not_null(strstr(err.msg, "at most 49"), "%s", err.msg);
	memset(&err, 0, sizeof err);
	cr_expect(ini_read_text(
			  "t.ini",
			  "[aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa]\n"
			  "x = 1\n",
			  count_keys, &n, &err),
		  "%s", err.msg);
	cr_expect_eq(n, 1);
}

/* A header inih reads but the line reader does not (after a form feed):
 * its keys are refused rather than given to the wrong section. */
Test(fuzz_regress, keys_under_a_header_the_reader_missed_are_refused)
{
	struct ini_error err;
	int n = 0;
	memset(&err, 0, sizeof err);
	cr_expect_not(ini_read_text("t.ini", "[a]\n\f[b]\nx = 1\n", count_keys,
				    &n, &err));
	cr_expect_eq(n, 0);
	cr_expect_eq(err.line, 3, "line %d: %s", err.line, err.msg);
	cr_expect_not_null(strstr(err.msg, "section header"), "%s", err.msg);
}

Test(fuzz_regress, tables_copy_reads_as_the_original)
{
	char dir[1024];
	snprintf(dir, sizeof dir, "%s/rules/spqr", srcdir());
	struct ini_error err;
	struct spqr_tables *t = tables_load(dir, &err);
	cr_assert_not_null(t, "%s", err.msg);
	struct spqr_tables *c = tables_copy(t);
	cr_assert_not_null(c);
	cr_expect_neq(c, t);
	for (int tq = 1; tq <= 9; tq++)
		for (int dr = 0; dr <= 9; dr++)
			cr_expect_eq(tables_rally_hits(c, tq, dr, false),
				     tables_rally_hits(t, tq, dr, false));
	tables_free(t);
	/* the copy outlives the original */
	cr_expect_eq(tables_rally_hits(c, 5, 0, false), 1);
	tables_free(c);
}

/* fuzz_command: a sandbox stacked three units of one side in a hex and
 * ordered the bottom one; the 6.66 refusal named the unit above it through
 * stacking_mate, which has no single mate to give for three (UBSan: a
 * NULL unit in orders.c).  The refusal now names the top unit.  Input kept
 * as tests/fuzz/corpus/command/order-under-a-stack-of-three. */
Test(fuzz_regress, ordering_the_bottom_of_three_names_the_top_6_66)
{
	struct session s;
	fx_session(&s, "new drill sandbox 1");
	static const char *const setup[] = {
		"setup unit ha1 2415 E", "setup unit pr1 2415 E",
		"setup unit ha2 2415 E", "setup phase movement",
		"setup leader-state tribune active", "setup active tribune",
		"continue", NULL};
	fx_run(&s, setup);
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(&s, "order pr1", &r);
	cr_assert_eq(r.status, CMD_REFUSED);
	cr_expect_str_eq(r.rule, "6.66");
	cr_expect_not_null(strstr(r.reason, "pr1 is under ha2"), "%s",
			   r.reason);
	cmd_result_free(&r);
	session_free(&s);
}
