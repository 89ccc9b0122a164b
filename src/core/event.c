/* event.c — events: a kind and ordered key=value fields. */
#include "maniple/event.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void event_init(struct event *e, const char *kind)
{
	memset(e, 0, sizeof *e);
	snprintf(e->kind, sizeof e->kind, "%s", kind);
}

void event_add(struct event *e, const char *key, const char *fmt, ...)
{
	if (e->nfields >= EVENT_FIELDS_MAX)
		return;
	struct event_field *f = &e->f[e->nfields++];
	snprintf(f->key, sizeof f->key, "%s", key);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(f->val, sizeof f->val, fmt, ap);
	va_end(ap);
	for (char *p = f->val; *p; p++)
		if (*p == ' ' || *p == '\t' || *p == '\n')
			*p = '_';
}

const char *event_get(const struct event *e, const char *key)
{
	for (int i = 0; i < e->nfields; i++)
		if (strcmp(e->f[i].key, key) == 0)
			return e->f[i].val;
	return NULL;
}

size_t event_format(const struct event *e, char *buf, size_t n)
{
	size_t len = 0;
	int w = snprintf(buf, n, "%s", e->kind);
	len += (size_t)(w > 0 ? w : 0);
	for (int i = 0; i < e->nfields; i++) {
		w = snprintf(len < n ? buf + len : NULL, len < n ? n - len : 0,
			     " %s=%s", e->f[i].key, e->f[i].val);
		len += (size_t)(w > 0 ? w : 0);
	}
	return len;
}

void event_log_init(struct event_log *log)
{
	memset(log, 0, sizeof *log);
}

void event_log_free(struct event_log *log)
{
	free(log->v);
	memset(log, 0, sizeof *log);
}

int event_log_push(struct event_log *log, const struct event *e)
{
	if (log->n == log->cap) {
		size_t cap = log->cap ? log->cap * 2 : 64;
		struct event *v = realloc(log->v, cap * sizeof *v);
		if (!v)
			return -1;
		log->v = v;
		log->cap = cap;
	}
	log->v[log->n++] = *e;
	return 0;
}

void event_log_clear(struct event_log *log)
{
	log->n = 0;
}

void event_add_hex(struct event *e, const char *key, struct hex h)
{
	char buf[16];
	hex_format(h, buf, sizeof buf);
	event_add(e, key, "%s", buf);
}
