/* evtext.c — the event renderer (evtext.h): sentences read from a
 * ruleset's sentences.ini, filled from an event and the events after it;
 * the same file's teach texts handed to teach mode. */
#include "maniple/evtext.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NAME_MAX_ (EVENT_KIND_MAX + EVENT_VAL_MAX + 2)

struct evtext_sec {
	char name[NAME_MAX_]; /* KIND or KIND.VALUE */
	char *say;	      /* malloc'd, NULL when none */
	char *teach;	      /* malloc'd, NULL when none */
	char rule[EVTEXT_RULE_MAX];
	bool silent, has_silent;
	bool unsaid; /* say = -: taught, never on the message line */
	int line;
};

struct evtext {
	struct evtext_sec *v;
	size_t n, cap;
	/* while reading */
	const struct evcat *cat;
	const char *teach_slots; /* " a b " the teach texts may add */
	struct ini_file_header hdr; /* its [file] section */
	struct ini_error *err;
	size_t cur;	/* the section being read */
	size_t base_n;	/* sections read from a base file (evtext_load_over):
			 * the file read over it may replace each once */
	bool *replaced; /* [base_n]: which it replaced */
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
/* Whether word is one of the space-separated words of list (" a b "). */
static bool in_words(const char *list, const char *word)
{
	size_t len = strlen(word);
	for (const char *p = list; p && (p = strstr(p, word)) != NULL; p++)
		if (p > list && p[-1] == ' ' && p[len] == ' ')
			return true;
	return false;
}

/* Whether slot word (len bytes: field, kind.field when a say, or one of
 * extra when a teach) fits; why says what is wrong when not. */
static bool slot_ok(const struct evcat *cat, const char *kind,
		    const char *word, size_t len, const char *extra,
		    char *why, size_t n)
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
	if (dot && extra) {
		snprintf(why, n, "slot {%s}: a teach text reads its own event "
				 "only",
			 w);
		return false;
	}
	if (!dot && extra && in_words(extra, w))
		return true;
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

/* Text say checked: braces paired, every slot one slot_ok takes. */
static bool say_ok(const struct evcat *cat, const char *kind, const char *say,
		   const char *extra, char *why, size_t n)
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
			if (!slot_ok(cat, kind, w, (size_t)(we - w), extra,
				     why, n))
				return false;
			w = we + 1;
		}
		p = e;
	}
	return true;
}

/* A say's optional parts: each '[' closed by a ']' before the next. */
static bool groups_ok(const char *say, char *why, size_t n)
{
	bool open = false;
	for (const char *p = say; *p; p++) {
		if (*p == '[' && open) {
			snprintf(why, n, "'[' inside '[...]'");
			return false;
		}
		if (*p == ']' && !open) {
			snprintf(why, n, "']' without '['");
			return false;
		}
		if (*p == '[' || *p == ']')
			open = *p == '[';
	}
	if (open)
		snprintf(why, n, "'[' without ']'");
	return !open;
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
		size_t at = old ? (size_t)(old - t->v) : 0;
		if (old && at < t->base_n && !t->replaced[at]) {
			/* the file read over a base replaces its section */
			struct evtext_sec *r = &t->v[at];
			free(r->say);
			free(r->teach);
			memset(r, 0, sizeof *r);
			snprintf(r->name, sizeof r->name, "%s", section);
			r->line = line;
			t->replaced[at] = true;
			t->cur = at;
			return 0;
		}
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
		t->cur = t->n;
		struct evtext_sec *s = &t->v[t->n++];
		memset(s, 0, sizeof *s);
		snprintf(s->name, sizeof s->name, "%s", section);
		s->line = line;
		return 0;
	}
	if (t->hdr.in_file)
		return ini_file_key(&t->hdr, key, value, line, t->err);
	if (t->cur >= t->n || strcmp(t->v[t->cur].name, section) != 0)
		return ini_fail(t->err, line, "key %s outside a section", key);
	struct evtext_sec *s = &t->v[t->cur];
	if (strcmp(key, "silent") == 0) {
		if (s->has_silent)
			return ini_fail(t->err, line, "duplicate key silent");
		if (!ini_bool(value, &s->silent))
			return ini_fail(t->err, line,
					"silent must be yes or no");
		s->has_silent = true;
		return 0;
	}
	if (strcmp(key, "rule") == 0) {
		if (s->rule[0])
			return ini_fail(t->err, line, "duplicate key rule");
		bool ok = *value && strlen(value) < sizeof s->rule;
		/* "GBA_8.37": a rule of the other book (rule_numbers.h) */
		for (const char *p = value; ok && *p; p++)
			ok = isdigit((unsigned char)*p) ||
			     strchr(".,RGBA_", *p) != NULL;
		if (!ok)
			return ini_fail(t->err, line,
					"bad rule %s (like 5.32, 6.51,9.21 or "
					"GBA_8.37)",
					value);
		snprintf(s->rule, sizeof s->rule, "%s", value);
		return 0;
	}
	bool teach = strcmp(key, "teach") == 0;
	if (!teach && strcmp(key, "say") != 0)
		return ini_fail(t->err, line,
				"unknown key %s (say, teach, rule, silent)",
				key);
	char **to = teach ? &s->teach : &s->say;
	if (*to || (!teach && s->unsaid))
		return ini_fail(t->err, line, "duplicate key %s", key);
	if (!teach && strcmp(value, "-") == 0) {
		s->unsaid = true;
		return 0;
	}
	size_t len = strlen(value);
	size_t max = teach ? EVTEXT_TEACH_MAX : EVTEXT_SAY_MAX;
	if (len == 0)
		return ini_fail(t->err, line, "empty %s", key);
	if (len > max)
		return ini_fail(t->err, line,
				"%s too long (%zu characters, at most %zu)",
				key, len, max);
	char kind[NAME_MAX_], why[200];
	snprintf(kind, sizeof kind, "%s", s->name);
	char *dot = strchr(kind, '.');
	if (dot)
		*dot = '\0';
	if (!say_ok(t->cat, kind, value, teach ? t->teach_slots : NULL, why,
		    sizeof why))
		return ini_fail(t->err, line, "%s", why);
	if (!teach && !groups_ok(value, why, sizeof why))
		return ini_fail(t->err, line, "%s", why);
	*to = malloc(len + 1);
	if (!*to)
		return ini_fail(t->err, line, "out of memory");
	memcpy(*to, value, len + 1);
	return 0;
}

/* Reads path into t (its sections after those t holds). */
static bool read_into(struct evtext *t, const char *path,
		      struct ini_error *err)
{
	memset(&t->hdr, 0, sizeof t->hdr);
	t->hdr.kind = "sentences";
	t->cur = t->n;
	bool ok = ini_read_file(path, on_line, t, err);
	return ok && ini_file_done(&t->hdr, err);
}

struct evtext *evtext_load(const char *path, const struct evcat *cat,
			   const char *teach_slots, struct ini_error *err)
{
	return evtext_load_over(NULL, path, cat, teach_slots, err);
}

struct evtext *evtext_load_over(const char *base, const char *path,
				const struct evcat *cat,
				const char *teach_slots,
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
	t->teach_slots = teach_slots ? teach_slots : " ";
	t->err = err;
	bool ok = true;
	if (base) {
		ok = read_into(t, base, err);
		t->base_n = t->n;
		t->replaced = calloc(t->n ? t->n : 1, sizeof *t->replaced);
		if (ok && !t->replaced) {
			memset(err, 0, sizeof *err);
			snprintf(err->file, sizeof err->file, "%s", path);
			snprintf(err->msg, sizeof err->msg, "out of memory");
			ok = false;
		}
	}
	if (ok)
		ok = read_into(t, path, err);
	free(t->replaced);
	t->replaced = NULL;
	t->base_n = 0;
	for (size_t i = 0; ok && i < t->n; i++) {
		const struct evtext_sec *s = &t->v[i];
		if (s->silent && s->teach)
			ok = !ini_fail(err, s->line,
				       "[%s] is silent and teaches something",
				       s->name);
		else if (!s->silent && !s->say && !s->teach &&
			 !(s->unsaid && strchr(s->name, '.')))
			ok = !ini_fail(err, s->line,
				       "[%s] needs say = TEXT, teach = TEXT or "
				       "silent = yes",
				       s->name);
	}
	if (!ok) {
		evtext_free(t);
		return NULL;
	}
	t->cat = NULL;
	t->teach_slots = NULL;
	t->err = NULL;
	return t;
}

void evtext_free(struct evtext *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->n; i++) {
		free(t->v[i].say);
		free(t->v[i].teach);
	}
	free(t->v);
	free(t);
}

/* Whether section s answers for key: a say, or a teach (silent counts:
 * nothing to teach). */
static bool answers(const struct evtext_sec *s, bool teach)
{
	return s && (teach ? s->teach || s->silent : s->say != NULL);
}

/* The section of event e that answers for a say or a teach: KIND.VALUE
 * for the first field whose value has one (a teach passes over the rule
 * field), else KIND; NULL when none. */
static const struct evtext_sec *section_of(const struct evtext *t,
					   const struct event *e, bool teach)
{
	char name[NAME_MAX_];
	for (int f = 0; f < e->nfields; f++) {
		if (teach && strcmp(event_key(e, f), "rule") == 0)
			continue;
		snprintf(name, sizeof name, "%s.%s", e->kind, event_val(e, f));
		const struct evtext_sec *s = sec_find(t, name);
		if (!teach && s && s->unsaid)
			return NULL; /* say = -: no sentence for this value */
		if (answers(s, teach))
			return s;
	}
	const struct evtext_sec *s = sec_find(t, e->kind);
	return answers(s, teach) ? s : NULL;
}

/* The sentence of event i of log; NULL when none. */
static const struct evtext_sec *sentence_of(const struct evtext *t,
					    const struct event_log *log,
					    size_t i)
{
	struct event e;
	event_log_at(log, i, &e);
	return section_of(t, &e, false);
}

const char *evtext_teach(const struct evtext *t, const struct event *e,
			 const char **rule, bool *own_rule)
{
	const struct evtext_sec *s = t && e ? section_of(t, e, true) : NULL;
	if (rule)
		*rule = s ? s->rule : "";
	if (own_rule)
		*own_rule = s && strchr(s->name, '.') && s->rule[0];
	return s && !s->silent ? s->teach : NULL;
}

bool evtext_told(const struct evtext *t, const char *kind)
{
	const struct evtext_sec *s = t ? sec_find(t, kind) : NULL;
	return answers(s, true);
}

bool evtext_said(const struct evtext *t, const char *kind)
{
	const struct evtext_sec *s = t ? sec_find(t, kind) : NULL;
	return answers(s, false) || (s && (s->silent || s->unsaid));
}

bool evtext_has_section(const struct evtext *t, const char *name)
{
	return t && sec_find(t, name) != NULL;
}

void evtext_rules_cited(const struct evtext *t,
			void (*fn)(const char *rule, void *u), void *u)
{
	for (size_t i = 0; t && i < t->n; i++) {
		if (t->v[i].rule[0])
			evtext_each_rule(t->v[i].rule, fn, u);
	}
}

void evtext_each_rule(const char *list, void (*fn)(const char *rule, void *u),
		      void *u)
{
	char buf[EVTEXT_RULE_MAX];
	snprintf(buf, sizeof buf, "%s", list);
	char *save = NULL;
	for (char *r = strtok_r(buf, ",", &save); r;
	     r = strtok_r(NULL, ",", &save))
		fn(r, u);
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
	size_t len = 0, group = 0;
	bool in_group = false, group_ok = true;
	out[0] = '\0';
	for (const char *p = s->say; *p; p++) {
		/* [...]: kept only when every slot in it has a value */
		if (*p == '[' && !in_group) {
			in_group = true;
			group_ok = true;
			group = len;
			continue;
		}
		if (*p == ']' && in_group) {
			in_group = false;
			if (!group_ok && group < n) {
				len = group;
				out[len] = '\0';
			}
			continue;
		}
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
		if (!val || !*val || strcmp(val, "-") == 0)
			group_ok = false; /* none, empty or "-" (none) */
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
	for (size_t i = from; i < end; i++) {
		if (used[i - from])
			continue;
		const struct evtext_sec *s = sentence_of(t, log, i);
		if (!s)
			continue;
		char one[EVTEXT_SAY_MAX * 4];
		render(s, log, i, end, fn, user, from, used, one, sizeof one);
		/* whole sentences only: the first that does not fit ends it */
		if (len + (said ? 1 : 0) + strlen(one) + 1 > n)
			break;
		if (said)
			put(out, n, &len, " ");
		put(out, n, &len, one);
		said++;
	}
	free(used);
	return said;
}
