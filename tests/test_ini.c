/* INI reading with line numbers (the loaders' base). */
#include <criterion/criterion.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "maniple/ini.h"

struct seen {
	char lines[32][96];
	int n;
	int fail_at; /* line at which to fail, 0 never */
	struct ini_error *err;
};

static int record(void *user, const char *section, const char *key,
		  const char *value, int line)
{
	struct seen *s = user;
	if (s->fail_at == line)
		return ini_fail(s->err, line, "bad %s", key ? key : "section");
	if (s->n < 32)
		snprintf(s->lines[s->n++], 96, "%d [%s] %s=%s", line, section,
			 key ? key : "-", value ? value : "-");
	return 0;
}

Test(ini, handler_gets_line_numbers_and_section_headers)
{
	struct ini_error err;
	struct seen s = {.err = &err};
	const char *text = "; a comment\n[unit a]\nsize = 5\n\n# other\n"
			   "[unit b]\ntq = 6 ; inline\n";
	cr_assert(ini_read_text("t.ini", text, record, &s, &err));
	cr_assert_eq(s.n, 4);
	cr_expect_str_eq(s.lines[0], "2 [unit a] -=-");
	cr_expect_str_eq(s.lines[1], "3 [unit a] size=5");
	cr_expect_str_eq(s.lines[2], "6 [unit b] -=-");
	cr_expect_str_eq(s.lines[3], "7 [unit b] tq=6");
}

Test(ini, handler_failure_names_its_line)
{
	struct ini_error err;
	struct seen s = {.err = &err, .fail_at = 3};
	cr_assert_not(ini_read_text("t.ini", "[a]\nx = 1\ny = 2\nz = 3\n",
				    record, &s, &err));
	char buf[600];
	ini_error_format(&err, buf, sizeof buf);
	cr_expect_str_eq(buf, "t.ini:3: bad y");
	cr_expect_eq(s.n, 2, "parsing stops at the failure");
}

Test(ini, syntax_error_names_its_line)
{
	struct ini_error err;
	struct seen s = {.err = &err};
	cr_assert_not(ini_read_text("t.ini", "[a]\nx = 1\nnonsense\n", record,
				    &s, &err));
	cr_expect_eq(err.line, 3);
}

Test(ini, over_long_line_is_refused)
{
	struct ini_error err;
	struct seen s = {.err = &err};
	char text[400];
	strcpy(text, "[a]\nx = ");
	memset(text + 8, 'v', 300);
	strcpy(text + 308, "\n");
	cr_assert_not(ini_read_text("t.ini", text, record, &s, &err));
	cr_expect_eq(err.line, 2);
	cr_expect(strstr(err.msg, "longer") != NULL);
}

Test(ini, missing_file)
{
	struct ini_error err;
	struct seen s = {.err = &err};
	cr_assert_not(ini_read_file("/nonexistent/x.ini", record, &s, &err));
	cr_expect(strstr(err.msg, "cannot open") != NULL);
}

Test(ini, value_helpers_are_strict)
{
	int v;
	bool b;
	cr_expect(ini_int("12", 0, 20, &v) && v == 12);
	cr_expect_not(ini_int("12x", 0, 20, &v));
	cr_expect_not(ini_int("", 0, 20, &v));
	cr_expect_not(ini_int("21", 0, 20, &v));
	cr_expect(ini_bool("yes", &b) && b);
	cr_expect(ini_bool("no", &b) && !b);
	cr_expect_not(ini_bool("maybe", &b));
	uint64_t u = 7;
	cr_expect(ini_u64("18446744073709551615", &u) &&
		  u == UINT64_C(18446744073709551615));
	cr_expect(ini_u64("0", &u) && u == 0);
	cr_expect_not(ini_u64("18446744073709551616", &u)); /* too large */
	cr_expect_not(ini_u64("-1", &u));
	cr_expect_not(ini_u64("+1", &u));
	cr_expect_not(ini_u64(" 1", &u));
	cr_expect_not(ini_u64("1 ", &u));
	cr_expect_not(ini_u64("", &u));
	cr_expect_not(ini_u64(NULL, &u));
	char tok[4][32];
	cr_expect_eq(ini_split("a, b  c", tok, 4), 3);
	cr_expect_str_eq(tok[2], "c");
	cr_expect_eq(ini_split("a b c d e", tok, 4), -1);
}

static void write_tmp(char *path, const char *text)
{
	strcpy(path, "/tmp/maniple-ini-XXXXXX");
	int fd = mkstemp(path);
	cr_assert(fd >= 0);
	FILE *f = fdopen(fd, "w");
	fputs(text, f);
	fclose(f);
}

Test(ini, file_kind_is_read_from_the_file_section)
{
	char path[64], kind[16];
	struct ini_error err;
	write_tmp(path, "; comment\n[file]\nkind = map\nversion = 1\n[map]\n");
	cr_expect(ini_file_kind(path, kind, sizeof kind, &err));
	cr_expect_str_eq(kind, "map");
	unlink(path);
}

Test(ini, file_kind_must_come_first)
{
	char path[64], kind[16];
	struct ini_error err;
	write_tmp(path, "[map]\nname = x\n[file]\nkind = map\n");
	cr_expect_not(ini_file_kind(path, kind, sizeof kind, &err));
	cr_expect_eq(err.line, 1);
	unlink(path);
	write_tmp(path, "[file]\nversion = 1\n[map]\nname = x\n");
	cr_expect_not(ini_file_kind(path, kind, sizeof kind, &err));
	cr_expect_eq(err.line, 3, "the next section ends [file] without a kind");
	unlink(path);
}
