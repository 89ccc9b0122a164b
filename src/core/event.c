/* event.c — events: a kind and ordered key=value fields. */
#include "maniple/event.h"

#include "maniple/evcat.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* s into buf (n > 0 bytes), cut to fit as snprintf cuts it; its length */
static size_t copy_cut(char *buf, size_t n, const char *s)
{
	size_t k = 0;
	for (; s[k] && k + 1 < n; k++)
		buf[k] = s[k];
	buf[k] = '\0';
	return k;
}

/* v in decimal into buf (n > 0 bytes), as snprintf's %d; its length */
static size_t decimal_cut(char *buf, size_t n, int v)
{
	char tmp[16];
	int i = 0;
	unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
	do {
		tmp[i++] = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	if (v < 0)
		tmp[i++] = '-';
	size_t k = 0;
	while (i > 0 && k + 1 < n)
		buf[k++] = tmp[--i];
	buf[k] = '\0';
	return k;
}

void event_init(struct event *e, const char *kind)
{
	/* the fields past nfields are never read: only the count and the
	 * kind are set (an event is built in every step of play) */
	e->nfields = 0;
	e->used = 0;
	e->kind_src = kind;
	copy_cut(e->kind, sizeof e->kind, kind);
}

/* s into buf (n > 0 bytes) as copy_cut, spaces, tabs and newlines made
 * '_' (a value holds none) */
static size_t value_cut(char *buf, size_t n, const char *s)
{
	size_t k = 0;
	for (; s[k] && k + 1 < n; k++)
		buf[k] = s[k] == ' ' || s[k] == '\t' || s[k] == '\n' ? '_'
								     : s[k];
	buf[k] = '\0';
	return k;
}

/* Appends to e's text s, cut to n - 1 bytes as copy_cut (spaces, tabs
 * and newlines made '_' when value); where it starts */
static unsigned short put_text(struct event *e, const char *s, size_t n,
			       bool value)
{
	unsigned short at = e->used;
	char *buf = e->text + at;
	size_t k = value ? value_cut(buf, n, s) : copy_cut(buf, n, s);
	e->used = (unsigned short)(at + k + 1);
	return at;
}

void event_add(struct event *e, const char *key, const char *fmt, ...)
{
	if (e->nfields >= EVENT_FIELDS_MAX)
		return;
	/* at most EVENT_KEY_MAX + EVENT_VAL_MAX bytes a field: text holds
	 * EVENT_FIELDS_MAX of them */
	int i = e->nfields++;
	e->key_at[i] = put_text(e, key, EVENT_KEY_MAX, false);
	va_list ap;
	va_start(ap, fmt);
	/* the two formats nearly every field uses, and a plain word,
	 * without printf (events are emitted in every step of play) */
	if (fmt[0] == '%' && fmt[1] == 's' && !fmt[2]) {
		const char *v = va_arg(ap, const char *);
		e->val_at[i] = put_text(e, v ? v : "(null)", EVENT_VAL_MAX,
					true);
	} else if (fmt[0] == '%' && fmt[1] == 'd' && !fmt[2]) {
		e->val_at[i] = e->used;
		size_t k = decimal_cut(e->text + e->used, EVENT_VAL_MAX,
				       va_arg(ap, int));
		e->used = (unsigned short)(e->used + k + 1);
	} else if (!strchr(fmt, '%')) {
		e->val_at[i] = put_text(e, fmt, EVENT_VAL_MAX, true);
	} else {
		char *val = e->text + e->used;
		vsnprintf(val, EVENT_VAL_MAX, fmt, ap);
		size_t k = 0;
		for (; val[k]; k++)
			if (val[k] == ' ' || val[k] == '\t' || val[k] == '\n')
				val[k] = '_';
		e->val_at[i] = e->used;
		e->used = (unsigned short)(e->used + k + 1);
	}
	va_end(ap);
}

const char *event_get(const struct event *e, const char *key)
{
	for (int i = 0; i < e->nfields; i++)
		if (strcmp(event_key(e, i), key) == 0)
			return event_val(e, i);
	return NULL;
}

size_t event_format(const struct event *e, char *buf, size_t n)
{
	size_t len = 0;
	int w = snprintf(buf, n, "%s", e->kind);
	len += (size_t)(w > 0 ? w : 0);
	for (int i = 0; i < e->nfields; i++) {
		w = snprintf(len < n ? buf + len : NULL, len < n ? n - len : 0,
			     " %s=%s", event_key(e, i), event_val(e, i));
		len += (size_t)(w > 0 ? w : 0);
	}
	return len;
}

void event_log_init(struct event_log *log)
{
	memset(log, 0, sizeof *log);
}

void event_log_set_catalog(struct event_log *log, const struct evcat *cat)
{
	if (!log->cat)
		log->cat = evcat_ref(cat);
}

void event_log_free(struct event_log *log)
{
	free(log->kinds);
	evcat_free(log->cat);
	free(log->arena);
	free(log->off);
	memset(log, 0, sizeof *log);
}

static int reserve(struct event_log *log, size_t bytes)
{
	if (log->n == log->cap) {
		size_t cap = log->cap ? log->cap * 2 : 64;
		size_t *v = realloc(log->off, cap * sizeof *v);
		if (!v)
			return -1;
		log->off = v;
		log->cap = cap;
	}
	if (log->used + bytes > log->arena_cap) {
		size_t cap = log->arena_cap ? log->arena_cap : 4096;
		while (cap < log->used + bytes)
			cap *= 2;
		char *a = realloc(log->arena, cap);
		if (!a)
			return -1;
		log->arena = a;
		log->arena_cap = cap;
	}
	return 0;
}

static size_t put(char *to, const char *s)
{
	size_t len = strlen(s) + 1;
	memcpy(to, s, len);
	return len;
}

/* A record's first byte: its field count, with KIND_INDEXED set when two
 * bytes of catalog index (low byte first) stand for its kind's name. */
#define KIND_INDEXED 0x80

/* struct event_log's kinds: a direct-mapped table by kind_src */
#define KINDS_SEEN 64
struct event_kind_seen {
	const char *src;
	long k;
};

/* e's kind's index in log's catalog, or -1 */
static long kind_index(struct event_log *log, const struct event *e)
{
	if (!log->cat)
		return -1;
	struct event_kind_seen *seen = NULL;
	if (e->kind_src) {
		if (!log->kinds)
			log->kinds = calloc(KINDS_SEEN, sizeof *log->kinds);
		if (log->kinds) {
			uintptr_t a = (uintptr_t)e->kind_src;
			seen = &log->kinds[(a ^ a >> 6) % KINDS_SEEN];
			if (seen->src == e->kind_src && seen->k >= 0 &&
			    strcmp(evcat_kind(log->cat, (size_t)seen->k),
				   e->kind) == 0)
				return seen->k;
		}
	}
	long k = evcat_find(log->cat, e->kind);
	if (seen && k >= 0) {
		seen->src = e->kind_src;
		seen->k = k;
	}
	return k;
}

int event_log_push(struct event_log *log, const struct event *e)
{
	long k = kind_index(log, e);
	if (k > 0xffff)
		k = -1;
	size_t kl = k >= 0 ? 0 : strlen(e->kind) + 1;
	size_t bytes = 1 + (k >= 0 ? 2 : kl) + e->used;
	if (reserve(log, bytes) < 0)
		return -1;
	char *p = log->arena + log->used;
	*p++ = (char)(e->nfields | (k >= 0 ? KIND_INDEXED : 0));
	if (k >= 0) {
		*p++ = (char)(k & 0xff);
		*p++ = (char)(k >> 8);
	} else {
		memcpy(p, e->kind, kl);
		p += kl;
	}
	memcpy(p, e->text, e->used); /* the record's fields, as they are */
	log->off[log->n++] = log->used;
	log->used += bytes;
	return 0;
}

void event_log_clear(struct event_log *log)
{
	log->n = 0;
	log->used = 0;
}

void event_log_truncate(struct event_log *log, size_t n)
{
	if (n >= log->n)
		return;
	log->n = n;
	log->used = n ? log->off[n] : 0;
}

static const char *record(const struct event_log *log, size_t i, int *nf,
			  const char **keys);

int event_log_push_from(struct event_log *log, const struct event_log *src,
			size_t i)
{
	size_t start = src->off[i];
	size_t end = i + 1 < src->n ? src->off[i + 1] : src->used;
	if (log->cat != src->cat) {
		/* kinds kept another way: the record's head written anew
		 * (as event_log_push would), its fields copied as they are */
		int nf;
		const char *keys;
		const char *kind = record(src, i, &nf, &keys);
		size_t fields = end - (size_t)(keys - src->arena);
		long k = log->cat ? evcat_find(log->cat, kind) : -1;
		if (k > 0xffff)
			k = -1;
		size_t head = 1 + (k >= 0 ? 2 : strlen(kind) + 1);
		if (reserve(log, head + fields) < 0)
			return -1;
		char *p = log->arena + log->used;
		*p++ = (char)(nf | (k >= 0 ? KIND_INDEXED : 0));
		if (k >= 0) {
			*p++ = (char)(k & 0xff);
			*p++ = (char)(k >> 8);
		} else {
			p += put(p, kind);
		}
		memcpy(p, keys, fields);
		log->off[log->n++] = log->used;
		log->used += head + fields;
		return 0;
	}
	if (reserve(log, end - start) < 0)
		return -1;
	memcpy(log->arena + log->used, src->arena + start, end - start);
	log->off[log->n++] = log->used;
	log->used += end - start;
	return 0;
}

/* Event i's record: its kind (returned), *nf its field count and *keys
 * where its first key starts. */
static const char *record(const struct event_log *log, size_t i, int *nf,
			  const char **keys)
{
	const unsigned char *p =
		(const unsigned char *)log->arena + log->off[i];
	*nf = *p & ~KIND_INDEXED;
	if (*p & KIND_INDEXED) {
		size_t k = (size_t)p[1] | (size_t)p[2] << 8;
		*keys = (const char *)p + 3;
		return evcat_kind(log->cat, k);
	}
	const char *kind = (const char *)p + 1;
	*keys = kind + strlen(kind) + 1;
	return kind;
}

static const char *next(const char *s)
{
	return s + strlen(s) + 1;
}

void event_log_at(const struct event_log *log, size_t i, struct event *out)
{
	int nf;
	const char *p;
	event_init(out, record(log, i, &nf, &p));
	for (int k = 0; k < nf && k < EVENT_FIELDS_MAX; k++) {
		int f = out->nfields++;
		out->key_at[f] = put_text(out, p, EVENT_KEY_MAX, false);
		p = next(p);
		out->val_at[f] = put_text(out, p, EVENT_VAL_MAX, false);
		p = next(p);
	}
}

const char *event_log_kind(const struct event_log *log, size_t i)
{
	int nf;
	const char *keys;
	return record(log, i, &nf, &keys);
}

bool event_log_is(const struct event_log *log, size_t i, const char *kind)
{
	return strcmp(event_log_kind(log, i), kind) == 0;
}

const char *event_log_get(const struct event_log *log, size_t i,
			  const char *key)
{
	int nf;
	const char *p;
	record(log, i, &nf, &p);
	for (int k = 0; k < nf; k++) {
		const char *v = next(p);
		if (strcmp(p, key) == 0)
			return v;
		p = next(v);
	}
	return NULL;
}

size_t event_log_format(const struct event_log *log, size_t i, char *buf,
			size_t n)
{
	struct event e;
	event_log_at(log, i, &e);
	return event_format(&e, buf, n);
}

void event_add_hex(struct event *e, const char *key, struct hex h)
{
	char buf[16];
	hex_format(h, buf, sizeof buf);
	event_add(e, key, "%s", buf);
}
