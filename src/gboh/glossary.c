/* glossary.c — the glossary of a ruleset's terms (glossary.h). */
#include "maniple/glossary.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct greader {
	struct glossary *g;
	int cap;
	struct ini_file_header hdr;
	struct ini_error *err;
};

/* name made comparable: lower case, '-' and '_' as blanks, runs of
 * blanks as one, none at either end. */
static void fold(const char *name, char *out, size_t n)
{
	size_t k = 0;
	bool blank = false;
	for (const char *p = name; *p && k + 1 < n; p++) {
		char c = *p == '-' || *p == '_' ? ' ' : *p;
		if (isspace((unsigned char)c)) {
			blank = k > 0;
			continue;
		}
		if (blank && k + 2 < n)
			out[k++] = ' ';
		blank = false;
		out[k++] = (char)tolower((unsigned char)c);
	}
	out[k] = '\0';
}

static bool same_name(const char *a, const char *b)
{
	char fa[GLOSSARY_TERM_MAX * 2], fb[GLOSSARY_TERM_MAX * 2];
	fold(a, fa, sizeof fa);
	fold(b, fb, sizeof fb);
	return fa[0] && strcmp(fa, fb) == 0;
}

static bool term_named(const struct glossary_term *t, const char *name)
{
	if (same_name(t->term, name))
		return true;
	for (int k = 0; k < t->nalso; k++)
		if (same_name(t->also[k], name))
			return true;
	return false;
}

const struct glossary_term *glossary_find(const struct glossary *g,
					  const char *name)
{
	for (int i = 0; g && name && i < g->n; i++)
		if (term_named(&g->v[i], name))
			return &g->v[i];
	return NULL;
}

/* Whether the folded name fn stands at folded text ft + at as whole
 * words (no letter or digit either side). */
static bool words_at(const char *ft, size_t at, const char *fn)
{
	size_t len = strlen(fn);
	if (!len || strncmp(ft + at, fn, len) != 0)
		return false;
	if (at > 0 && isalnum((unsigned char)ft[at - 1]))
		return false;
	return !isalnum((unsigned char)ft[at + len]);
}

/* The length of the longest name of t (its term or another name) at
 * folded text ft + at as whole words; 0 when none is. */
static size_t term_at(const struct glossary_term *t, const char *ft, size_t at)
{
	size_t best = 0;
	for (int k = -1; k < t->nalso; k++) {
		char fn[GLOSSARY_TERM_MAX * 2];
		fold(k < 0 ? t->term : t->also[k], fn, sizeof fn);
		if (words_at(ft, at, fn) && strlen(fn) > best)
			best = strlen(fn);
	}
	return best;
}

int glossary_scan(const struct glossary *g, const char *text,
		  const struct glossary_term **out, int max)
{
	if (!g || !text || max <= 0)
		return 0;
	size_t n = strlen(text) * 2 + 1;
	char *ft = malloc(n);
	if (!ft)
		return 0;
	fold(text, ft, n);
	int found = 0;
	for (size_t at = 0; ft[at] && found < max;) {
		/* the longest name starting here ("cohesion hit" before
		 * "cohesion") */
		const struct glossary_term *best = NULL;
		size_t blen = 0;
		for (int i = 0; i < g->n; i++) {
			size_t l = term_at(&g->v[i], ft, at);
			if (l > blen) {
				blen = l;
				best = &g->v[i];
			}
		}
		if (!best) {
			at++;
			continue;
		}
		bool seen = false;
		for (int k = 0; k < found; k++)
			seen = seen || out[k] == best;
		if (!seen)
			out[found++] = best;
		at += blen;
	}
	free(ft);
	return found;
}

/* A name not yet used by an earlier term; 0, or 1 with err. */
static int name_free(struct greader *c, const char *name, int line)
{
	for (int i = 0; i + 1 < c->g->n; i++)
		if (term_named(&c->g->v[i], name))
			return ini_fail(c->err, line,
					"%s names the term [%s] already (line "
					"%d)",
					name, c->g->v[i].term, c->g->v[i].line);
	return 0;
}

static int new_term(struct greader *c, const char *name, int line)
{
	if (!name[0] || strlen(name) >= GLOSSARY_TERM_MAX)
		return ini_fail(c->err, line,
				"section [%s]: a term of 1 to %d characters",
				name, GLOSSARY_TERM_MAX - 1);
	if (c->g->n == c->cap) {
		int cap = c->cap ? c->cap * 2 : 32;
		void *p = realloc(c->g->v, (size_t)cap * sizeof *c->g->v);
		if (!p)
			return ini_fail(c->err, line, "out of memory");
		c->g->v = p;
		c->cap = cap;
	}
	struct glossary_term *t = &c->g->v[c->g->n++];
	memset(t, 0, sizeof *t);
	snprintf(t->term, sizeof t->term, "%s", name);
	t->line = line;
	return name_free(c, name, line);
}

/* also = a, b c, d: names split on commas only, trimmed */
static int read_also(struct greader *c, struct glossary_term *t,
		     const char *value, int line)
{
	if (t->nalso)
		return ini_fail(c->err, line, "also given twice");
	const char *p = value;
	while (*p) {
		size_t len = strcspn(p, ",");
		const char *s = p, *e = p + len;
		while (s < e && isspace((unsigned char)*s))
			s++;
		while (e > s && isspace((unsigned char)e[-1]))
			e--;
		if (e == s || (size_t)(e - s) >= GLOSSARY_TERM_MAX)
			return ini_fail(c->err, line,
					"also: names of 1 to %d characters, "
					"comma-separated",
					GLOSSARY_TERM_MAX - 1);
		if (t->nalso == GLOSSARY_ALSO_MAX)
			return ini_fail(c->err, line,
					"also: at most %d names",
					GLOSSARY_ALSO_MAX);
		char name[GLOSSARY_TERM_MAX];
		snprintf(name, sizeof name, "%.*s", (int)(e - s), s);
		if (name_free(c, name, line))
			return 1;
		memcpy(t->also[t->nalso++], name, strlen(name) + 1);
		p += len;
		if (*p == ',')
			p++;
	}
	return 0;
}

static int read_rules(struct greader *c, struct glossary_term *t,
		      const char *value, int line)
{
	if (t->rules_line)
		return ini_fail(c->err, line, "rules given twice");
	char tok[RULE_SEE_MAX + 1][32];
	int k = ini_split(value, tok, RULE_SEE_MAX + 1);
	if (k <= 0 || k > RULE_SEE_MAX)
		return ini_fail(c->err, line,
				"rules: 1 to %d rule numbers, like 10.11",
				RULE_SEE_MAX);
	for (int i = 0; i < k; i++) {
		if (!rule_number_valid(tok[i]))
			return ini_fail(c->err, line,
					"rules: %s is not a rule number "
					"(write it as 6.11 or 3.0)",
					tok[i]);
		memcpy(t->rules[i], tok[i], strlen(tok[i]) + 1);
	}
	t->nrules = k;
	t->rules_line = line;
	return 0;
}

static int on_line(void *user, const char *section, const char *key,
		   const char *value, int line)
{
	struct greader *c = user;
	if (!key) {
		int r = ini_file_section(&c->hdr, section, line, c->err);
		if (r >= 0)
			return r;
		if (!c->hdr.file_seen)
			return ini_fail(c->err, line,
					"must open with [file] giving kind = "
					"glossary");
		return new_term(c, section, line);
	}
	if (c->hdr.in_file)
		return ini_file_key(&c->hdr, key, value, line, c->err);
	if (c->g->n == 0)
		return ini_fail(c->err, line, "key %s outside a term", key);
	struct glossary_term *t = &c->g->v[c->g->n - 1];
	if (!strcmp(key, "title")) {
		if (t->title[0])
			return ini_fail(c->err, line, "title given twice");
		if (!value[0] || strlen(value) >= RULE_TITLE_MAX)
			return ini_fail(c->err, line,
					"title: 1 to %d characters",
					RULE_TITLE_MAX - 1);
		snprintf(t->title, sizeof t->title, "%s", value);
		return 0;
	}
	if (!strcmp(key, "say")) {
		size_t have = strlen(t->say), len = strlen(value);
		if (!len)
			return ini_fail(c->err, line, "say is empty");
		if (have + len + 2 > RULE_SAY_MAX)
			return ini_fail(c->err, line,
					"the text is longer than %d "
					"characters in all",
					RULE_SAY_MAX - 2);
		memcpy(t->say + have, value, len);
		t->say[have + len] = '\n';
		t->say[have + len + 1] = '\0';
		return 0;
	}
	if (!strcmp(key, "also"))
		return read_also(c, t, value, line);
	if (!strcmp(key, "rules"))
		return read_rules(c, t, value, line);
	return ini_fail(c->err, line,
			"unknown key %s in [%s] (title, also, say, rules)", key,
			section);
}

struct glossary *glossary_load(const char *path, struct ini_error *err)
{
	struct glossary *g = calloc(1, sizeof *g);
	memset(err, 0, sizeof *err);
	if (!g) {
		snprintf(err->file, sizeof err->file, "%s", path);
		snprintf(err->msg, sizeof err->msg, "out of memory");
		return NULL;
	}
	struct greader c = {.g = g, .err = err};
	c.hdr.kind = "glossary";
	bool ok = ini_read_file(path, on_line, &c, err) &&
		  ini_file_done(&c.hdr, err);
	for (int i = 0; ok && i < g->n; i++) {
		const struct glossary_term *t = &g->v[i];
		const char *miss = !t->title[0] ? "title"
				   : !t->say[0] ? "say"
				   : !t->nrules ? "rules"
						: NULL;
		if (miss)
			ok = !ini_fail(err, t->line, "[%s] has no %s", t->term,
				       miss);
	}
	if (ok && g->n == 0)
		ok = !ini_fail(err, 0, "no terms");
	if (!ok) {
		glossary_free(g);
		return NULL;
	}
	return g;
}

void glossary_free(struct glossary *g)
{
	if (!g)
		return;
	free(g->v);
	free(g);
}
