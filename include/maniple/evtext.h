/* evtext.h — the event renderer: an event told as a sentence, and a
 * command's events as a summary of one or two sentences.
 *
 * The sentences are a ruleset's data (rules/RULESET/sentences.ini),
 * checked against its event catalog (evcat.h) when read:
 *
 *     [file]
 *     kind = sentences
 *     version = 1
 *
 *     [KIND]          the sentence of an event of KIND
 *     say = TEXT
 *     [KIND.VALUE]    used instead when a field of the event has VALUE
 *     say = TEXT      (the first of its fields that has one wins)
 *
 * In TEXT, {field} is a field of the event, {a|b} the first of the two it
 * has, and {other.field} a field of the first event of kind other that
 * follows it among the command's events: such a sentence tells those
 * events too, and they get none of their own (a volley's missile_fire
 * tells its roll and its result).  A slot that is not a field of its
 * kind in the catalog is refused with file:line.  Kinds without a
 * sentence are passed over (bookkeeping).  Nothing here knows a ruleset:
 * how a value is shown (an id as a name) is the caller's function. */
#ifndef MANIPLE_EVTEXT_H
#define MANIPLE_EVTEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "maniple/evcat.h"
#include "maniple/event.h"
#include "maniple/ini.h"

#define EVTEXT_SAY_MAX 240

struct evtext;

/* Shows the value of field key into out (n bytes); false to show it as it
 * is ('_' as a space). */
typedef bool (*evtext_value_fn)(void *user, const char *key,
				const char *value, char *out, size_t n);

struct evtext *evtext_load(const char *path, const struct evcat *cat,
			   struct ini_error *err);
void evtext_free(struct evtext *t);

/* Event i of log as a sentence into out, its {other.field} slots read
 * from events i+1 .. end-1; false (out empty) when its kind has none. */
bool evtext_event(const struct evtext *t, const struct event_log *log,
		  size_t i, size_t end, evtext_value_fn fn, void *user,
		  char *out, size_t n);
/* Events from .. end-1 of log (one command's) as at most two sentences
 * into out: the first two that have one, with the events they tell.
 * Returns how many sentences (0: nothing to tell, out empty). */
int evtext_summary(const struct evtext *t, const struct event_log *log,
		   size_t from, size_t end, evtext_value_fn fn, void *user,
		   char *out, size_t n);

#endif
