/* bad_file.h — for tests: the files under tests/bad/ mark what their
 * loader must say ("# expect: REASON") and where ("<-- here"); these read
 * the marks and check a refusal against them. */
#ifndef TESTS_BAD_FILE_H
#define TESTS_BAD_FILE_H

#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "maniple/ini.h"

/* Reads a bad file's "# expect: REASON" and the line marked "<-- here". */
static inline void expectation(const char *path, char *reason, size_t n,
			       int *line)
{
	FILE *fp = fopen(path, "r");
	cr_assert_not_null(fp, "%s", path);
	char buf[1024];
	*line = 0;
	reason[0] = '\0';
	for (int l = 1; fgets(buf, sizeof buf, fp); l++) {
		if (strncmp(buf, "# expect: ", 10) == 0) {
			buf[strcspn(buf, "\n")] = '\0';
			size_t len = strnlen(buf + 10, n - 1);
			memcpy(reason, buf + 10, len);
			reason[len] = '\0';
		}
		if (strstr(buf, "<-- here") && !*line)
			*line = l;
	}
	fclose(fp);
	cr_assert(reason[0] && *line, "%s lacks its expectation", path);
}

/* The refusal err of bad file p is at the line marked in at_file, in that
 * file, and names the expected reason. */
static inline void expect_marked_refusal(const char *p, const char *at_file,
					 const struct ini_error *err)
{
	char reason[256];
	int line;
	expectation(at_file, reason, sizeof reason, &line);
	cr_expect_eq(err->line, line, "%s: line %d, expected %d (%s)", p,
		     err->line, line, err->msg);
	cr_expect_not_null(strstr(err->msg, reason),
			   "%s: \"%s\" does not say \"%s\"", p, err->msg, reason);
	cr_expect_str_eq(err->file, at_file);
}

#endif
