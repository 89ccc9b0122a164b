/* rule_numbers.c — rule citations in the book of the game being played
 * (rule_numbers.h): rules/gba/rule_numbers.ini, SPQR number to GBA's. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "maniple/rule_numbers.h"
#include "maniple/rulebook.h"

bool rule_number_valid(const char *s)
{
	if (!s)
		return false;
	int a = 0, b = 0;
	while (isdigit((unsigned char)s[a]))
		a++;
	if (a < 1 || a > 2 || s[0] == '0' || s[a] != '.')
		return false;
	const char *f = s + a + 1;
	while (isdigit((unsigned char)f[b]))
		b++;
	return b >= 1 && b <= 2 && f[b] == '\0';
}

struct reader {
	struct rule_numbers *m;
	struct ini_file_header h;
	bool in_numbers;
	struct ini_error *err;
};

static int on_line(void *user, const char *section, const char *key,
		   const char *value, int line)
{
	struct reader *p = user;
	if (!key) {
		int f = ini_file_section(&p->h, section, line, p->err);
		if (f > 0)
			return 1;
		if (f == 0)
			return 0;
		if (strcmp(section, "numbers") != 0)
			return ini_fail(p->err, line,
					"unknown section [%s] (want [numbers])",
					section);
		p->in_numbers = true;
		return 0;
	}
	if (p->h.in_file)
		return ini_file_key(&p->h, key, value, line, p->err);
	if (!p->in_numbers)
		return ini_fail(p->err, line, "%s outside [numbers]", key);
	if (!rule_number_valid(key))
		return ini_fail(p->err, line, "%s is not a rule number", key);
	bool none = strcmp(value, "-") == 0;
	if (!none && !rule_number_valid(value))
		return ini_fail(p->err, line,
				"%s = %s: not a rule number, nor - for a "
				"rule the book lacks", key, value);
	if (rule_numbers_gba(p->m, key))
		return ini_fail(p->err, line, "%s is given twice", key);
	if (p->m->n >= RULE_NUMBERS_MAX)
		return ini_fail(p->err, line, "more than %d rule numbers",
				RULE_NUMBERS_MAX);
	struct rule_number_pair *e = &p->m->v[p->m->n++];
	snprintf(e->spqr, sizeof e->spqr, "%s", key);
	snprintf(e->gba, sizeof e->gba, "%s", none ? "" : value);
	return 0;
}

bool rule_numbers_read(struct rule_numbers *m, const char *path,
		       struct ini_error *err)
{
	memset(m, 0, sizeof *m);
	struct reader p = {.m = m, .h = {.kind = "rule_numbers"}, .err = err};
	if (!ini_read_file(path, on_line, &p, err) ||
	    !ini_file_done(&p.h, err)) {
		memset(m, 0, sizeof *m);
		return false;
	}
	m->present = true;
	return true;
}

bool rule_numbers_load(struct rule_numbers *m, const char *dir,
		       struct ini_error *err)
{
	memset(m, 0, sizeof *m);
	char path[1024];
	int l = snprintf(path, sizeof path, "%s/%s", dir, RULE_NUMBERS_FILE);
	if (l < 0 || (size_t)l >= sizeof path) {
		snprintf(err->file, sizeof err->file, "%s", dir);
		err->line = 0;
		snprintf(err->msg, sizeof err->msg, "directory name too long");
		return false;
	}
	struct stat st;
	if (stat(path, &st) != 0 && errno == ENOENT)
		return true; /* this book numbers its rules as the code does */
	return rule_numbers_read(m, path, err);
}

const char *rule_numbers_gba(const struct rule_numbers *m, const char *spqr)
{
	for (int i = 0; i < m->n; i++)
		if (strcmp(m->v[i].spqr, spqr) == 0)
			return m->v[i].gba;
	return NULL;
}

/* The length of the rule number at s (1-2 digits, '.', 1-2 digits, not
 * followed by another digit or '.' and a digit), 0 when there is none. */
static size_t number_at(const char *s)
{
	size_t i = 0;
	while (i < 3 && isdigit((unsigned char)s[i]))
		i++;
	if (i < 1 || i > 2 || s[i] != '.')
		return 0;
	size_t j = i + 1;
	while (j < i + 4 && isdigit((unsigned char)s[j]))
		j++;
	if (j == i + 1 || j > i + 3 || isdigit((unsigned char)s[j]) ||
	    (s[j] == '.' && isdigit((unsigned char)s[j + 1])))
		return 0;
	return j;
}

/* "GBA " or "GBA_" at s */
static bool gba_prefix(const char *s)
{
	return strncmp(s, "GBA", 3) == 0 && (s[3] == ' ' || s[3] == '_');
}

struct out {
	char *p;
	size_t n, used;
};

static void put(struct out *o, const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		if (o->used + 1 < o->n)
			o->p[o->used] = s[i];
		o->used++;
	}
	if (o->n)
		o->p[o->used < o->n ? o->used : o->n - 1] = '\0';
}

static void puts_(struct out *o, const char *s)
{
	put(o, s, strlen(s));
}

/* One element of a citation list (el, len bytes) into o; false when it
 * cannot be told in the game's book. */
static bool cite_one(const struct rule_numbers *m, const char *el,
		     size_t len, struct out *o)
{
	size_t lead = 0;
	while (lead < len && (el[lead] == ' ' || el[lead] == '_'))
		lead++;
	put(o, el, lead);
	el += lead;
	len -= lead;
	if (len >= 4 && gba_prefix(el)) {
		if (!m->present) {
			put(o, el, len);
			return false;
		}
		put(o, el + 4, len - 4);
		return true;
	}
	size_t k = number_at(el);
	if (!k || k > len || !m->present) {
		put(o, el, len); /* a ruling, or no map */
		return true;
	}
	char num[8];
	memcpy(num, el, k);
	num[k] = '\0';
	const char *g = rule_numbers_gba(m, num);
	if (!g || !g[0]) {
		puts_(o, "SPQR_");
		put(o, el, len);
		return false;
	}
	puts_(o, g);
	put(o, el + k, len - k);
	return true;
}

bool rule_cite(const struct rule_numbers *m, const char *in, char *out,
	       size_t n, char *bad, size_t nbad)
{
	struct out o = {out, n, 0};
	bool ok = true;
	if (n)
		out[0] = '\0';
	if (bad && nbad)
		bad[0] = '\0';
	const char *s = in;
	for (;;) {
		const char *c = strchr(s, ',');
		size_t len = c ? (size_t)(c - s) : strlen(s);
		if (!cite_one(m, s, len, &o)) {
			if (ok && bad && nbad)
				snprintf(bad, nbad, "%.*s", (int)len, s);
			ok = false;
		}
		if (!c)
			break;
		put(&o, ",", 1);
		s = c + 1;
	}
	return ok;
}

void rule_cite_text(const struct rule_numbers *m, const char *in, char *out,
		    size_t n)
{
	struct out o = {out, n, 0};
	if (n)
		out[0] = '\0';
	int depth = 0;
	for (const char *s = in; *s;) {
		bool after_word = s > in && (isalnum((unsigned char)s[-1]) ||
					     s[-1] == '.');
		if (m->present && !after_word && gba_prefix(s) &&
		    number_at(s + 4)) {
			s += 4; /* the number follows as it is */
			size_t k = number_at(s);
			put(&o, s, k);
			s += k;
			continue;
		}
		size_t k = after_word ? 0 : number_at(s);
		if (m->present && depth > 0 && k) {
			char num[8];
			memcpy(num, s, k);
			num[k] = '\0';
			const char *g = rule_numbers_gba(m, num);
			puts_(&o, g && g[0] ? g : num);
			s += k;
			continue;
		}
		if (k) {
			put(&o, s, k);
			s += k;
			continue;
		}
		if (*s == '(')
			depth++;
		else if (*s == ')' && depth > 0)
			depth--;
		put(&o, s, 1);
		s++;
	}
}
