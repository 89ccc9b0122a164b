/* cited.h — for tests: the rule numbers the program's sources cite in
 * their string literals (refusals, events' rule= fields, help texts,
 * cards), comments and character constants skipped.  A number written
 * after "GBA " or "GBA_" is a rule of the Great Battles of Alexander,
 * kept apart (rule_numbers.h: the convention); every other is SPQR's.
 * Static inline definitions: a test file includes it and uses what it
 * needs. */
#ifndef TESTS_CITED_H
#define TESTS_CITED_H

#include <criterion/criterion.h>
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "maniple/rulebook.h"

#define CITED_MAX 1024

struct cited {
	char number[CITED_MAX][RULE_NUMBER_MAX];
	char where[CITED_MAX][160];
	bool gba[CITED_MAX]; /* written "GBA N.NN" */
	int n;
};

static inline bool cited_is_word(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
	       (c >= 'A' && c <= 'Z') || c == '_' || c == '.' || c == '%';
}

/* The rule numbers in one string literal's text: 1-2 digits (not starting
 * with 0), a dot, 1-2 digits, with no word character or dot around it
 * ("%.1f" and "1.2.3" are not rule numbers), "GBA " or "GBA_" before it
 * making it GBA's. */
static inline void cited_numbers_in(const char *s, size_t len,
				    const char *file, int line,
				    struct cited *c)
{
	for (size_t i = 0; i < len; i++) {
		bool gba = i >= 4 && strncmp(s + i - 4, "GBA", 3) == 0 &&
			   (s[i - 1] == ' ' || s[i - 1] == '_') &&
			   (i == 4 || !cited_is_word(s[i - 5]));
		if (s[i] < '1' || s[i] > '9' ||
		    (i > 0 && !gba && cited_is_word(s[i - 1])))
			continue;
		size_t a = i;
		while (a < len && a - i < 3 && s[a] >= '0' && s[a] <= '9')
			a++;
		if (a - i > 2 || a >= len || s[a] != '.')
			continue;
		size_t b = a + 1;
		while (b < len && s[b] >= '0' && s[b] <= '9')
			b++;
		if (b - a - 1 < 1 || b - a - 1 > 2)
			continue;
		if (b < len && (cited_is_word(s[b]) && s[b] != '.'))
			continue;
		if (b + 1 < len && s[b] == '.' && s[b + 1] >= '0' &&
		    s[b + 1] <= '9')
			continue;
		char num[RULE_NUMBER_MAX];
		snprintf(num, sizeof num, "%.*s", (int)(b - i), s + i);
		bool seen = false;
		for (int k = 0; k < c->n && !seen; k++)
			seen = c->gba[k] == gba && strcmp(c->number[k], num) == 0;
		if (!seen) {
			cr_assert_lt(c->n, CITED_MAX);
			snprintf(c->number[c->n], RULE_NUMBER_MAX, "%s", num);
			snprintf(c->where[c->n], sizeof c->where[0],
				 "%.140s:%d", file, line);
			c->gba[c->n] = gba;
			c->n++;
		}
		i = b - 1;
	}
}

/* The string literals of a C file, comments and character constants
 * skipped. */
static inline void cited_scan_file(const char *path, struct cited *c)
{
	FILE *f = fopen(path, "r");
	cr_assert_not_null(f, "%s", path);
	fseek(f, 0, SEEK_END);
	long size = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *t = malloc((size_t)size + 1);
	cr_assert_not_null(t);
	size_t n = fread(t, 1, (size_t)size, f);
	t[n] = '\0';
	fclose(f);
	int line = 1;
	for (size_t i = 0; i < n; i++) {
		if (t[i] == '\n') {
			line++;
		} else if (t[i] == '/' && t[i + 1] == '*') {
			for (i += 2; i < n && !(t[i] == '*' && t[i + 1] == '/');
			     i++)
				line += t[i] == '\n';
			i++;
		} else if (t[i] == '/' && t[i + 1] == '/') {
			while (i < n && t[i] != '\n')
				i++;
			line++;
		} else if (t[i] == '\'') {
			for (i++; i < n && t[i] != '\''; i++)
				if (t[i] == '\\')
					i++;
		} else if (t[i] == '"') {
			size_t s = ++i;
			for (; i < n && t[i] != '"' && t[i] != '\n'; i++)
				if (t[i] == '\\')
					i++;
			cited_numbers_in(t + s, i - s, path, line, c);
		}
	}
	free(t);
}

/* Every .c and .h file under dir. */
static inline void cited_scan_dir(const char *dir, struct cited *c)
{
	DIR *d = opendir(dir);
	cr_assert_not_null(d, "%s", dir);
	struct dirent *e;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		char path[2048];
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		struct stat st;
		if (stat(path, &st) != 0)
			continue;
		size_t len = strlen(e->d_name);
		if (S_ISDIR(st.st_mode))
			cited_scan_dir(path, c);
		else if (len > 2 && (!strcmp(e->d_name + len - 2, ".c") ||
				     !strcmp(e->d_name + len - 2, ".h")))
			cited_scan_file(path, c);
	}
	closedir(d);
}

#endif
