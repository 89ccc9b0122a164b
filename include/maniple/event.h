/* event.h — every effect of the core is an event carrying its inputs.
 *
 * Printed form, one per line:  KIND key=value key=value ...  with the fields
 * in the order they were added, `rule=` where a rule applies.  Values hold
 * no spaces (use '_' or a comma list).
 */
#ifndef MANIPLE_EVENT_H
#define MANIPLE_EVENT_H

#include <stdbool.h>
#include <stddef.h>

#include "maniple/hex.h"

#define EVENT_KIND_MAX 32
#define EVENT_FIELDS_MAX 16
#define EVENT_KEY_MAX 16
#define EVENT_VAL_MAX 64

/* An event under construction: its fields' keys and values back to back
 * as C strings in text (key, value, key, value, ...: the very bytes a
 * log's record holds, so that storing it is one copy), and where each
 * starts.  Read the fields with event_key and event_val. */
struct event {
	char kind[EVENT_KIND_MAX];
	/* the text event_init was given: a log looks its catalog index up
	 * by this pointer first (struct event_log's kinds), then checks the
	 * name, so a reused buffer is never mistaken */
	const char *kind_src;
	int nfields;
	unsigned short used; /* bytes of text in use */
	unsigned short key_at[EVENT_FIELDS_MAX], val_at[EVENT_FIELDS_MAX];
	char text[EVENT_FIELDS_MAX * (EVENT_KEY_MAX + EVENT_VAL_MAX)];
};

/* Field i's key and value (i < e->nfields). */
static inline const char *event_key(const struct event *e, int i)
{
	return e->text + e->key_at[i];
}
static inline const char *event_val(const struct event *e, int i)
{
	return e->text + e->val_at[i];
}

void event_init(struct event *e, const char *kind);
/* Adds key=value (printf-style value); spaces in the value become '_'.
 * Fields beyond EVENT_FIELDS_MAX are dropped. */
void event_add(struct event *e, const char *key, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
const char *event_get(const struct event *e, const char *key);
/* "KIND k=v k=v" into buf; returns the length it needed. */
size_t event_format(const struct event *e, char *buf, size_t n);

struct evcat;

/* The log keeps its events compactly: one byte arena holding each event
 * back to back (its field count, then its kind, then keys and values as C
 * strings) and the offset where each starts, so an event costs about the
 * length of its printed form rather than a whole struct event.  A log
 * given the ruleset's event catalog (cat, event_log_set_catalog) keeps a
 * kind the catalog declares as its index there, two bytes, instead of
 * its name.  n is the number of events; read them with the event_log_
 * calls below. */
struct event_log {
	char *arena;
	size_t used, arena_cap;
	size_t *off;
	size_t n, cap;
	struct evcat *cat; /* a reference (evcat_ref); NULL: kinds as text */
	/* the catalog indexes of the kinds pushed lately, by the address of
	 * the text their event_init was given (struct event's kind_src):
	 * most events come from a few call sites, and this spares hashing
	 * the name each time; allocated with the first such push */
	struct event_kind_seen *kinds;
};

void event_log_init(struct event_log *log);
/* From now on kinds cat declares are kept as their index in it (the
 * events already in the log keep theirs as they are).  The log holds a
 * reference to cat (evcat_ref) until event_log_free, so the catalog it
 * reads its kinds from lives as long as it; a log keeps its first
 * catalog (a second call does nothing). */
void event_log_set_catalog(struct event_log *log, const struct evcat *cat);
void event_log_free(struct event_log *log);
/* Returns 0, or -1 when memory ran out (the event is dropped). */
int event_log_push(struct event_log *log, const struct event *e);
void event_log_clear(struct event_log *log);
/* Keeps the first n events (n <= log->n). */
void event_log_truncate(struct event_log *log, size_t n);
/* Appends src's event i to log.  Returns 0, or -1 as event_log_push. */
int event_log_push_from(struct event_log *log, const struct event_log *src,
			size_t i);
/* Event i (i < log->n) decoded into *out. */
void event_log_at(const struct event_log *log, size_t i, struct event *out);
/* Event i's kind, and its field key's value or NULL: pointers into the
 * log (or its catalog), valid until it next changes. */
const char *event_log_kind(const struct event_log *log, size_t i);
const char *event_log_get(const struct event_log *log, size_t i,
			  const char *key);
/* Whether event i is of kind. */
bool event_log_is(const struct event_log *log, size_t i, const char *kind);
/* Event i as "KIND k=v k=v" into buf; returns the length it needed. */
size_t event_log_format(const struct event_log *log, size_t i, char *buf,
			size_t n);

/* Adds field key with hex h in its GBoH number (hex_format). */
void event_add_hex(struct event *e, const char *key, struct hex h);

#endif
