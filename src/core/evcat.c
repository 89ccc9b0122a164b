/* evcat.c — the event catalog (evcat.h): read from a ruleset's
 * events.ini, asked by kind name (binary search over the sorted kinds). */
#include "maniple/evcat.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct evcat_field {
	char name[EVENT_KEY_MAX];
	enum evcat_type type;
};

struct evcat_kind {
	char name[EVENT_KIND_MAX];
	char *rules;	 /* malloc'd, "" when none */
	size_t first;	 /* its fields: f[first .. first + nfields) */
	int nfields;
	int line;
	bool has_fields; /* a fields key seen */
};

struct evcat {
	struct evcat_kind *k;
	size_t n, cap;
	struct evcat_field *f;
	size_t nf, capf;
	int refs;
	/* the kinds by name: slot[hash & (nslot - 1)] onwards (linear
	 * probing) holds a kind's index + 1, 0 an empty slot; nslot a power
	 * of two, at least twice n */
	uint32_t *slot;
	size_t nslot;
	/* while reading */
	size_t *read_order; /* kinds read so far, in order of name */
	struct ini_file_header hdr; /* its [file] section */
	struct ini_error *err;
};

static const char *const type_names[] = {
	[EVT_WORD] = "word", [EVT_INT] = "int",	    [EVT_HEX] = "hex",
	[EVT_HEXES] = "hexes", [EVT_YESNO] = "yesno", [EVT_RULE] = "rule",
};
#define NTYPES (sizeof type_names / sizeof type_names[0])

const char *evcat_type_name(enum evcat_type t)
{
	return (size_t)t < NTYPES ? type_names[t] : "?";
}

static bool name_ok(const char *s, size_t len, size_t max)
{
	if (len == 0 || len >= max)
		return false;
	for (size_t i = 0; i < len; i++)
		if (!islower((unsigned char)s[i]) &&
		    !isdigit((unsigned char)s[i]) && s[i] != '_')
			return false;
	return true;
}

/* While reading: the kind named kind among those read (its index), or
 * -1 with *at where it would go in c->read_order. */
static long find_read(const struct evcat *c, const char *kind, size_t *at)
{
	size_t lo = 0, hi = c->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int d = strcmp(kind, c->k[c->read_order[mid]].name);
		if (d == 0)
			return (long)c->read_order[mid];
		if (d < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	*at = lo;
	return -1;
}

static int add_fields(struct evcat *c, struct evcat_kind *k,
		      const char *value, int line)
{
	const char *p = value;
	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			return 0;
		const char *w = p;
		while (*p && *p != ' ' && *p != '\t')
			p++;
		const char *colon = memchr(w, ':', (size_t)(p - w));
		if (!colon || !name_ok(w, (size_t)(colon - w), EVENT_KEY_MAX))
			return ini_fail(c->err, line,
					"bad field %.*s (NAME:TYPE, the name "
					"of a-z 0-9 _)",
					(int)(p - w), w);
		size_t tl = (size_t)(p - colon - 1);
		int type = -1;
		for (size_t t = 0; t < NTYPES; t++)
			if (strlen(type_names[t]) == tl &&
			    strncmp(type_names[t], colon + 1, tl) == 0)
				type = (int)t;
		if (type < 0)
			return ini_fail(c->err, line,
					"field %.*s: unknown type %.*s (word, "
					"int, hex, hexes, yesno, rule)",
					(int)(colon - w), w, (int)tl,
					colon + 1);
		char name[EVENT_KEY_MAX]; /* name_ok: it fits */
		memcpy(name, w, (size_t)(colon - w));
		name[colon - w] = '\0';
		for (int i = 0; i < k->nfields; i++)
			if (strcmp(c->f[k->first + (size_t)i].name, name) == 0)
				return ini_fail(c->err, line,
						"duplicate field %s", name);
		if (c->nf == c->capf) {
			size_t nc = c->capf ? c->capf * 2 : 512;
			struct evcat_field *v = realloc(c->f, nc * sizeof *v);
			if (!v)
				return ini_fail(c->err, line, "out of memory");
			c->f = v;
			c->capf = nc;
		}
		struct evcat_field *f = &c->f[c->nf++];
		memcpy(f->name, name, sizeof name);
		f->type = (enum evcat_type)type;
		k->nfields++;
	}
}

static int add_rules(struct evcat *c, struct evcat_kind *k, const char *value,
		     int line)
{
	for (const char *p = value; *p; p++)
		if (!isdigit((unsigned char)*p) && *p != '.' && *p != ',' &&
		    *p != 'R' && *p != '_' && *p != '#')
			return ini_fail(c->err, line,
					"bad rule list %s (like 5.32,6.41)",
					value);
	size_t old = strlen(k->rules), add = strlen(value);
	bool comma = old > 0 && k->rules[old - 1] != ',';
	char *r = realloc(k->rules, old + comma + add + 1);
	if (!r)
		return ini_fail(c->err, line, "out of memory");
	if (comma)
		r[old++] = ',';
	memcpy(r + old, value, add + 1);
	k->rules = r;
	return 0;
}

static int on_line(void *user, const char *section, const char *key,
		   const char *value, int line)
{
	struct evcat *c = user;
	if (!key) {
		int r = ini_file_section(&c->hdr, section, line, c->err);
		if (r >= 0)
			return r;
		if (!name_ok(section, strlen(section), EVENT_KIND_MAX))
			return ini_fail(c->err, line,
					"bad kind [%s] (a-z 0-9 _, fewer "
					"than %d characters)",
					section, EVENT_KIND_MAX);
		size_t at = 0;
		long old = find_read(c, section, &at);
		if (old >= 0)
			return ini_fail(c->err, line,
					"duplicate kind [%s] (first at line "
					"%d)",
					section, c->k[old].line);
		if (c->n == c->cap) {
			size_t nc = c->cap ? c->cap * 2 : 256;
			struct evcat_kind *v = realloc(c->k, nc * sizeof *v);
			if (!v)
				return ini_fail(c->err, line, "out of memory");
			c->k = v;
			size_t *b = realloc(c->read_order, nc * sizeof *b);
			if (!b)
				return ini_fail(c->err, line, "out of memory");
			c->read_order = b;
			c->cap = nc;
		}
		memmove(&c->read_order[at + 1], &c->read_order[at],
			(c->n - at) * sizeof c->read_order[0]);
		c->read_order[at] = c->n;
		struct evcat_kind *k = &c->k[c->n];
		memset(k, 0, sizeof *k);
		k->rules = calloc(1, 1);
		if (!k->rules)
			return ini_fail(c->err, line, "out of memory");
		c->n++;
		memcpy(k->name, section, strlen(section) + 1); /* name_ok */
		k->first = c->nf;
		k->line = line;
		return 0;
	}
	if (c->hdr.in_file)
		return ini_file_key(&c->hdr, key, value, line, c->err);
	if (c->n == 0 || strcmp(c->k[c->n - 1].name, section) != 0)
		return ini_fail(c->err, line, "key %s outside a kind", key);
	struct evcat_kind *k = &c->k[c->n - 1];
	if (strcmp(key, "fields") == 0) {
		k->has_fields = true;
		return add_fields(c, k, value, line);
	}
	if (strcmp(key, "rule") == 0)
		return add_rules(c, k, value, line);
	return ini_fail(c->err, line, "unknown key %s (fields, rule)", key);
}

/* A hash of a kind's name, eight bytes at a time (a kind is looked up for
 * every event emitted) */
static uint32_t name_hash(const char *s)
{
	size_t n = strlen(s);
	uint64_t h = 0x9e3779b97f4a7c15u ^ n;
	for (;; s += 8, n -= 8) {
		uint64_t w = 0;
		memcpy(&w, s, n < 8 ? n : 8);
		h = (h ^ w) * 0xff51afd7ed558ccdu;
		h ^= h >> 33;
		if (n <= 8)
			break;
	}
	h *= 0xc4ceb9fe1a85ec53u;
	return (uint32_t)(h ^ h >> 32);
}

/* The hash table of the kinds (struct evcat's slot): false when memory
 * ran out. */
static bool index_kinds(struct evcat *c)
{
	size_t ns = 16;
	while (ns < 2 * c->n)
		ns *= 2;
	c->slot = calloc(ns, sizeof *c->slot);
	if (!c->slot)
		return false;
	c->nslot = ns;
	for (size_t i = 0; i < c->n; i++) {
		size_t at = name_hash(c->k[i].name) & (ns - 1);
		while (c->slot[at])
			at = (at + 1) & (ns - 1);
		c->slot[at] = (uint32_t)(i + 1);
	}
	return true;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct evcat_kind *)a)->name,
		      ((const struct evcat_kind *)b)->name);
}

struct evcat *evcat_load(const char *path, struct ini_error *err)
{
	struct evcat *c = calloc(1, sizeof *c);
	if (!c) {
		memset(err, 0, sizeof *err);
		snprintf(err->file, sizeof err->file, "%s", path);
		snprintf(err->msg, sizeof err->msg, "out of memory");
		return NULL;
	}
	c->refs = 1;
	c->err = err;
	c->hdr.kind = "events";
	bool ok = ini_read_file(path, on_line, c, err);
	if (ok)
		ok = ini_file_done(&c->hdr, err);
	for (size_t i = 0; ok && i < c->n; i++)
		if (!c->k[i].has_fields)
			ok = !ini_fail(err, c->k[i].line,
				       "[%s] declares no fields (fields = "
				       "NAME:TYPE ...)",
				       c->k[i].name);
	if (!ok) {
		evcat_free(c);
		return NULL;
	}
	qsort(c->k, c->n, sizeof *c->k, by_name);
	if (!index_kinds(c)) {
		memset(err, 0, sizeof *err);
		snprintf(err->file, sizeof err->file, "%s", path);
		snprintf(err->msg, sizeof err->msg, "out of memory");
		evcat_free(c);
		return NULL;
	}
	free(c->read_order);
	c->read_order = NULL;
	c->err = NULL;
	return c;
}

struct evcat *evcat_ref(const struct evcat *c)
{
	struct evcat *m = (struct evcat *)c; /* only its count changes */
	if (m)
		m->refs++;
	return m;
}

void evcat_free(struct evcat *c)
{
	if (!c || --c->refs > 0)
		return;
	for (size_t i = 0; i < c->n; i++)
		free(c->k[i].rules);
	free(c->k);
	free(c->f);
	free(c->slot);
	free(c->read_order);
	free(c);
}

size_t evcat_count(const struct evcat *c)
{
	return c ? c->n : 0;
}

const char *evcat_kind(const struct evcat *c, size_t k)
{
	return k < c->n ? c->k[k].name : NULL;
}

long evcat_find(const struct evcat *c, const char *kind)
{
	if (!c || !c->nslot)
		return -1;
	size_t at = name_hash(kind) & (c->nslot - 1);
	for (uint32_t i; (i = c->slot[at]) != 0; at = (at + 1) & (c->nslot - 1))
		if (strcmp(kind, c->k[i - 1].name) == 0)
			return (long)(i - 1);
	return -1;
}

int evcat_nfields(const struct evcat *c, size_t k)
{
	return c->k[k].nfields;
}

const char *evcat_field(const struct evcat *c, size_t k, int f)
{
	return c->f[c->k[k].first + (size_t)f].name;
}

enum evcat_type evcat_field_type(const struct evcat *c, size_t k, int f)
{
	return c->f[c->k[k].first + (size_t)f].type;
}

int evcat_field_find(const struct evcat *c, size_t k, const char *key)
{
	const struct evcat_kind *x = &c->k[k];
	for (int i = 0; i < x->nfields; i++)
		if (strcmp(c->f[x->first + (size_t)i].name, key) == 0)
			return i;
	return -1;
}

const char *evcat_rules(const struct evcat *c, size_t k)
{
	return c->k[k].rules;
}

int evcat_line(const struct evcat *c, size_t k)
{
	return c->k[k].line;
}

/* Whether s is a hex number as hex_format writes it: four or more
 * digits, or ---- or - for none. */
static bool hex_ok(const char *s, size_t len)
{
	if ((len == 4 && strncmp(s, "----", 4) == 0) ||
	    (len == 1 && s[0] == '-'))
		return true;
	if (len < 4)
		return false;
	for (size_t i = 0; i < len; i++)
		if (!isdigit((unsigned char)s[i]))
			return false;
	return true;
}

bool evcat_value_ok(enum evcat_type t, const char *v)
{
	switch (t) {
	case EVT_WORD:
		return true;
	case EVT_INT: {
		const char *p = v + (*v == '-' || *v == '+');
		if (!*p)
			return false;
		for (; *p; p++)
			if (!isdigit((unsigned char)*p))
				return false;
		return true;
	}
	case EVT_HEX:
		return hex_ok(v, strlen(v));
	case EVT_HEXES:
		for (const char *p = v;;) {
			const char *comma = strchr(p, ',');
			size_t len = comma ? (size_t)(comma - p) : strlen(p);
			if (!hex_ok(p, len))
				return false;
			if (!comma)
				return true;
			p = comma + 1;
		}
	case EVT_YESNO:
		return strcmp(v, "yes") == 0 || strcmp(v, "no") == 0;
	case EVT_RULE:
		if (!*v)
			return false;
		for (const char *p = v; *p; p++) {
			/* a number of another book than the game's, kept
			 * as its own ("SPQR_6.68": rule_numbers.h) */
			if ((p == v || p[-1] == ',') &&
			    strncmp(p, "SPQR_", 5) == 0)
				p += 4;
			else if (!isdigit((unsigned char)*p) && *p != '.' &&
				 *p != ',' && *p != 'R' && *p != '_' &&
				 *p != '#')
				return false;
		}
		return true;
	}
	return false;
}

bool evcat_check(const struct evcat *c, const struct event *e, char *why,
		 size_t n)
{
	long k = evcat_find(c, e->kind);
	if (k < 0) {
		snprintf(why, n, "kind %s is not in the event catalog",
			 e->kind);
		return false;
	}
	for (int i = 0; i < e->nfields; i++) {
		int f = evcat_field_find(c, (size_t)k, event_key(e, i));
		if (f < 0) {
			snprintf(why, n,
				 "%s has no field %s in the event catalog",
				 e->kind, event_key(e, i));
			return false;
		}
		enum evcat_type t = evcat_field_type(c, (size_t)k, f);
		if (!evcat_value_ok(t, event_val(e, i))) {
			snprintf(why, n,
				 "%s's field %s=%s is not of type %s as "
				 "the event catalog declares",
				 e->kind, event_key(e, i), event_val(e, i),
				 evcat_type_name(t));
			return false;
		}
	}
	return true;
}
