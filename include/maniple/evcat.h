/* evcat.h — the event catalog: every kind of event a ruleset emits,
 * declared once with its fields, their types and the rules it cites.
 *
 * A ruleset keeps its catalog as data (rules/RULESET/events.ini, read
 * here); nothing here knows any ruleset.  The file:
 *
 *     [file]
 *     kind = events
 *     version = 1
 *
 *     [KIND]
 *     fields = NAME:TYPE NAME:TYPE ...   (may go on over more lines)
 *     rule = 5.32,6.41                   (optional)
 *
 * Kinds are letters, digits and '_' (shorter than EVENT_KIND_MAX), field
 * names likewise (shorter than EVENT_KEY_MAX); the types are below.
 * Loading refuses anything else with file:line: reason.  The catalog is
 * read-only once loaded and may be shared (evcat_ref). */
#ifndef MANIPLE_EVCAT_H
#define MANIPLE_EVCAT_H

#include <stdbool.h>
#include <stddef.h>

#include "maniple/event.h"
#include "maniple/ini.h"

enum evcat_type {
	EVT_WORD,  /* an id, a name, a word or a comma list of them */
	EVT_INT,   /* a whole number */
	EVT_HEX,   /* a hex number: 2209 */
	EVT_HEXES, /* a comma list of hex numbers */
	EVT_YESNO, /* yes or no */
	EVT_RULE,  /* a rule number or a comma list of them: 8.47, R4 */
};

struct evcat;

struct evcat *evcat_load(const char *path, struct ini_error *err);
/* Another owner of c: each evcat_ref is matched by an evcat_free.  A
 * loaded catalog never changes, so a const one may be shared too. */
struct evcat *evcat_ref(const struct evcat *c);
void evcat_free(struct evcat *c);

/* The kinds, in the order of their names: 0 .. evcat_count - 1. */
size_t evcat_count(const struct evcat *c);
const char *evcat_kind(const struct evcat *c, size_t k);
/* The index of kind, or -1 when the catalog has no such kind. */
long evcat_find(const struct evcat *c, const char *kind);
/* Kind k's fields, in their declared order. */
int evcat_nfields(const struct evcat *c, size_t k);
const char *evcat_field(const struct evcat *c, size_t k, int f);
enum evcat_type evcat_field_type(const struct evcat *c, size_t k, int f);
/* The index of field key of kind k, or -1. */
int evcat_field_find(const struct evcat *c, size_t k, const char *key);
/* The rules kind k's events cite ("" when none is declared). */
const char *evcat_rules(const struct evcat *c, size_t k);
/* The line of the file that declares kind k. */
int evcat_line(const struct evcat *c, size_t k);

const char *evcat_type_name(enum evcat_type t);

/* Whether value v is of type t: int an optional sign and digits, hex
 * four digits or ---- or - (none), hexes a comma list of them, yesno yes or
 * no, rule digits, '.', ',', 'R', '_', '#'; a word anything. */
bool evcat_value_ok(enum evcat_type t, const char *v);

/* Whether e fits the catalog: its kind is declared, each of its fields is
 * one of that kind's and its value of that field's declared type.  When
 * not, why says what is wrong. */
bool evcat_check(const struct evcat *c, const struct event *e, char *why,
		 size_t n);

#endif
