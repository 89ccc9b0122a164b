/* evtext.c — the event renderer (evtext.h): sentences read from a
 * ruleset's sentences.ini, filled from an event and the events after it. */
#include "maniple/evtext.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NAME_MAX_ (EVENT_KIND_MAX + EVENT_VAL_MAX + 2)

struct evtext_sec {
	char name[NAME_MAX_]; /* KIND or KIND.VALUE */
	char say[EVTEXT_SAY_MAX + 1];
	int line;
};

struct evtext {
	struct evtext_sec *v;
	size_t n, cap;
	/* while reading */
	const struct evcat *cat;
	struct ini_file_header hdr; /* its [file] section */
	struct ini_error *err;
};

static const struct evtext_sec *sec_find(const struct evtext *t,
					 const char *name)
{
	for (size_t i = 0; i < t->n; i++)
		if (strcmp(t->v[i].name, name) == 0)
			return &t->v[i];
	return NULL;
}

/* Whether slot word (len bytes: field or kind.field) names a catalog
 * field of kind; why says what is wrong when not. */
static bool slot_ok(const struct evcat *cat, const char *kind,
		    const char *word, size_t len, char *why, size_t n)
{
	char w[NAME_MAX_];
	if (len == 0 || len >= sizeof w) {
		snprintf(why, n, "bad slot {%.*s}", (int)len, word);
		return false;
	}
	memcpy(w, word, len);
	w[len] = '\0';
	const char *field = w, *of = kind;
	char *dot = strchr(w, '.');
	if (dot) {
		*dot = '\0';
		of = w;
		field = dot + 1;
	}
	long k = evcat_find(cat, of);
	if (k < 0) {
		snprintf(why, n, "slot {%.*s}: no kind %.40s in the event "
				 "catalog",
			 (int)len, word, of);
		return false;
	}
	if (evcat_field_find(cat, (size_t)k, field) < 0) {
		snprintf(why, n, "slot {%.*s}: %.40s has no field %.40s",
			 (int)len, word, of, field);
		return false;
	}
	return true;
}

static bool say_ok(const struct evcat *cat, const char *kind, const char *say,
		   char *why, size_t n)
{
	for (const char *p = say; *p; p++) {
		if (*p == '}') {
			snprintf(why, n, "'}' without '{'");
			return false;
		}
		if (*p != '{')
			continue;
		const char *e = strchr(p + 1, '}');
		if (!e) {
			snprintf(why, n, "'{' without '}'");
			return false;
		}
		for (const char *w = p + 1; w <= e;) {
			const char *bar = memchr(w, '|', (size_t)(e - w));
			const char *we = bar ? bar : e;
			if (!slot_ok(cat, kind, w, (size_t)(we - w), why, n))
				return false;
			w = we + 1;
		}
		p = e;
	}
	return true;
}

static int on_line(void *user, const char *section, const char *key,
		   const char *value, int line)
{
	struct evtext *t = user;
	if (!key) {
		int r = ini_file_section(&t->hdr, section, line, t->err);
		if (r >= 0)
			return r;
		if (strlen(section) >= NAME_MAX_)
			return ini_fail(t->err, line, "section name too long");
		char kind[NAME_MAX_];
		snprintf(kind, sizeof kind, "%s", section);
		char *dot = strchr(kind, '.');
		if (dot)
			*dot = '\0';
		if (evcat_find(t->cat, kind) < 0)
			return ini_fail(t->err, line,
					"no kind %s in the event catalog", kind);
		if (dot && !dot[1])
			return ini_fail(t->err, line,
					"empty value in section [%s]", section);
		const struct evtext_sec *old = sec_find(t, section);
		if (old)
			return ini_fail(t->err, line,
					"duplicate section [%s] (first at "
					"line %d)",
					section, old->line);
		if (t->n == t->cap) {
			size_t nc = t->cap ? t->cap * 2 : 32;
			struct evtext_sec *v = realloc(t->v, nc * sizeof *v);
			if (!v)
				return ini_fail(t->err, line, "out of memory");
			t->v = v;
			t->cap = nc;
		}
		struct evtext_sec *s = &t->v[t->n++];
		memset(s, 0, sizeof *s);
		snprintf(s->name, sizeof s->name, "%s", section);
		s->line = line;
		return 0;
	}
	if (t->hdr.in_file)
		return ini_file_key(&t->hdr, key, value, line, t->err);
	if (t->n == 0 || strcmp(t->v[t->n - 1].name, section) != 0)
		return ini_fail(t->err, line, "key %s outside a section", key);
	struct evtext_sec *s = &t->v[t->n - 1];
	if (strcmp(key, "say") != 0)
		return ini_fail(t->err, line, "unknown key %s (say)", key);
	if (s->say[0])
		return ini_fail(t->err, line, "duplicate key say");
	size_t len = strlen(value);
	if (len == 0 || len > EVTEXT_SAY_MAX)
		return ini_fail(t->err, line,
				"say must hold 1 to %d characters",
				EVTEXT_SAY_MAX);
	char kind[NAME_MAX_], why[200];
	snprintf(kind, sizeof kind, "%s", s->name);
	char *dot = strchr(kind, '.');
	if (dot)
		*dot = '\0';
	if (!say_ok(t->cat, kind, value, why, sizeof why))
		return ini_fail(t->err, line, "%s", why);
	memcpy(s->say, value, len + 1);
	return 0;
}

struct evtext *evtext_load(const char *path, const struct evcat *cat,
			   struct ini_error *err)
{
	struct evtext *t = calloc(1, sizeof *t);
	if (!t) {
		memset(err, 0, sizeof *err);
		snprintf(err->file, sizeof err->file, "%s", path);
		snprintf(err->msg, sizeof err->msg, "out of memory");
		return NULL;
	}
	t->cat = cat;
	t->err = err;
	t->hdr.kind = "sentences";
	bool ok = ini_read_file(path, on_line, t, err);
	if (ok)
		ok = ini_file_done(&t->hdr, err);
	for (size_t i = 0; ok && i < t->n; i++)
		if (!t->v[i].say[0])
			ok = !ini_fail(err, t->v[i].line,
				       "[%s] needs say = TEXT", t->v[i].name);
	if (!ok) {
		evtext_free(t);
		return NULL;
	}
	t->cat = NULL;
	t->err = NULL;
	return t;
}

void evtext_free(struct evtext *t)
{
	if (!t)
		return;
	free(t->v);
	free(t);
}

/* The sentence of event i: KIND.VALUE for the first field whose value
 * has one, else KIND; NULL when none. */
static const struct evtext_sec *sentence_of(const struct evtext *t,
					    const struct event_log *log,
					    size_t i)
{
	struct event e;
	event_log_at(log, i, &e);
	char name[NAME_MAX_];
	for (int f = 0; f < e.nfields; f++) {
		snprintf(name, sizeof name, "%s.%s", e.kind, e.f[f].val);
		const struct evtext_sec *s = sec_find(t, name);
		if (s)
			return s;
	}
	return sec_find(t, e.kind);
}

/* The value of slot word (field or kind.field) for event i, marking in
 * used (when given, indexed from `from`) the later event it came from. */
static const char *slot_value(const struct event_log *log, size_t i,
			      size_t end, const char *word, size_t from,
			      bool *used, const char **key)
{
	const char *dot = strchr(word, '.');
	if (!dot) {
		*key = word;
		return event_log_get(log, i, word);
	}
	char kind[EVENT_KIND_MAX];
	snprintf(kind, sizeof kind, "%.*s", (int)(dot - word), word);
	*key = dot + 1;
	for (size_t j = i + 1; j < end; j++)
		if (event_log_is(log, j, kind)) {
			if (used)
				used[j - from] = true;
			return event_log_get(log, j, dot + 1);
		}
	return NULL;
}

static void put(char *out, size_t n, size_t *len, const char *s)
{
	for (; *s && *len + 1 < n; s++)
		out[(*len)++] = *s;
	out[*len] = '\0';
}

static void render(const struct evtext_sec *s, const struct event_log *log,
		   size_t i, size_t end, evtext_value_fn fn, void *user,
		   size_t from, bool *used, char *out, size_t n)
{
	size_t len = 0;
	out[0] = '\0';
	for (const char *p = s->say; *p; p++) {
		const char *e = *p == '{' ? strchr(p, '}') : NULL;
		if (!e) {
			char c[2] = {*p, '\0'};
			put(out, n, &len, c);
			continue;
		}
		const char *val = NULL, *key = NULL;
		char word[NAME_MAX_]; /* key points into it */
		for (const char *w = p + 1; w < e && !val;) {
			const char *bar = memchr(w, '|', (size_t)(e - w));
			const char *we = bar ? bar : e;
			snprintf(word, sizeof word, "%.*s", (int)(we - w), w);
			val = slot_value(log, i, end, word, from, used, &key);
			w = we + 1;
		}
		char shown[EVENT_VAL_MAX * 4];
		if (!val) {
			snprintf(shown, sizeof shown, "-");
		} else if (!fn || !fn(user, key, val, shown, sizeof shown)) {
			snprintf(shown, sizeof shown, "%s", val);
			for (char *q = shown; *q; q++)
				if (*q == '_')
					*q = ' ';
		}
		put(out, n, &len, shown);
		p = e;
	}
	if (n > 0 && islower((unsigned char)out[0]))
		out[0] = (char)toupper((unsigned char)out[0]);
}

bool evtext_event(const struct evtext *t, const struct event_log *log,
		  size_t i, size_t end, evtext_value_fn fn, void *user,
		  char *out, size_t n)
{
	if (n > 0)
		out[0] = '\0';
	const struct evtext_sec *s =
		t && i < log->n ? sentence_of(t, log, i) : NULL;
	if (!s || n == 0)
		return false;
	render(s, log, i, end < log->n ? end : log->n, fn, user, 0, NULL, out,
	       n);
	return true;
}

int evtext_summary(const struct evtext *t, const struct event_log *log,
		   size_t from, size_t end, evtext_value_fn fn, void *user,
		   char *out, size_t n)
{
	if (n > 0)
		out[0] = '\0';
	if (end > log->n)
		end = log->n;
	if (!t || from >= end || n == 0)
		return 0;
	bool *used = calloc(end - from, sizeof *used);
	if (!used)
		return 0;
	int said = 0;
	size_t len = 0;
	for (size_t i = from; i < end && said < 2; i++) {
		if (used[i - from])
			continue;
		const struct evtext_sec *s = sentence_of(t, log, i);
		if (!s)
			continue;
		char one[EVTEXT_SAY_MAX * 4];
		render(s, log, i, end, fn, user, from, used, one, sizeof one);
		if (said)
			put(out, n, &len, " ");
		put(out, n, &len, one);
		said++;
	}
	free(used);
	return said;
}
