/* evtext.h — the event renderer: an event told as a sentence, and a
 * command's events as a summary in sentences; and the one
 * place a kind's sentences live, the short one and teach mode's.
 *
 * The sentences are a ruleset's data (rules/RULESET/sentences.ini),
 * checked against its event catalog (evcat.h) when read:
 *
 *     [file]
 *     kind = sentences
 *     version = 1
 *
 *     [KIND]          the sentences of an event of KIND
 *     say = TEXT      the short one (a command's summary)
 *     teach = TEXT    the newcomer's (teach mode)
 *     rule = 5.32     the rule teach mode cites when the event names none
 *     silent = yes    bookkeeping: nothing to teach (a say may still
 *                     tell it in a front end)
 *     [KIND.VALUE]    used instead when a field of the event has VALUE
 *                     (the first of its fields whose section has the key
 *                     asked for wins)
 *
 * In TEXT, {field} is a field of the event, {a|b} the first of the two it
 * has.  In a say, [TEXT] is kept only when every slot in it has a
 * value (an event that carries some fields only).  A say may read
 * {other.field}, a field of the first event of kind
 * other that follows it among the command's events: such a sentence
 * tells those events too, and they get none of their own (a volley's
 * missile_fire tells its roll and its result).  A teach may use the
 * words its caller adds (the game's own slots) and reads its own event
 * only.  A slot that is not a field of its kind in the catalog is refused
 * with file:line.  Kinds without a say are passed over by the summary.
 * Nothing here knows a ruleset: how a value is shown (an id as a name) is
 * the caller's function. */
#ifndef MANIPLE_EVTEXT_H
#define MANIPLE_EVTEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "maniple/evcat.h"
#include "maniple/event.h"
#include "maniple/ini.h"

#define EVTEXT_SAY_MAX 240
#define EVTEXT_TEACH_MAX 190
#define EVTEXT_RULE_MAX 40

struct evtext;

/* Shows the value of field key into out (n bytes); false to show it as it
 * is ('_' as a space). */
typedef bool (*evtext_value_fn)(void *user, const char *key,
				const char *value, char *out, size_t n);

/* teach_slots: the words (" a b ") a teach text may use besides its
 * kind's fields; NULL none. */
struct evtext *evtext_load(const char *path, const struct evcat *cat,
			   const char *teach_slots, struct ini_error *err);
/* path read over base (NULL: path alone): base's sentences, each section
 * path holds replacing base's of the same name and the others added, so
 * that a ruleset's file holds only the sentences in which it differs
 * from its base's (rules/gba/sentences.ini over rules/spqr's). */
struct evtext *evtext_load_over(const char *base, const char *path,
				const struct evcat *cat,
				const char *teach_slots,
				struct ini_error *err);
void evtext_free(struct evtext *t);

/* Event e's teach text, NULL when it is silent or has none; *rule the
 * rule its section cites ("" none) and *own_rule whether that section
 * was written for one of the event's values (KIND.VALUE) and cites its
 * own.  Either pointer may be NULL. */
const char *evtext_teach(const struct evtext *t, const struct event *e,
			 const char **rule, bool *own_rule);
/* Whether kind's own section [KIND] teaches it or says it is silent. */
bool evtext_told(const struct evtext *t, const char *kind);
/* Whether kind's own section [KIND] has a sentence for the message line
 * (say = TEXT), is marked as not said there (say = -: a step of the
 * sequence the status line already shows) or is bookkeeping (silent =
 * yes). */
bool evtext_said(const struct evtext *t, const char *kind);
/* Whether the file has section name ("moved", "roll.momentum"). */
bool evtext_has_section(const struct evtext *t, const char *name);
/* Every rule a section cites (each rule of a list on its own), in file
 * order. */
void evtext_rules_cited(const struct evtext *t,
			void (*fn)(const char *rule, void *u), void *u);

/* Calls fn on each rule of a comma-separated list ("8.51,8.52"), the
 * list cut at EVTEXT_RULE_MAX - 1 characters. */
void evtext_each_rule(const char *list, void (*fn)(const char *rule, void *u),
		      void *u);

/* Event i of log as a sentence into out, its {other.field} slots read
 * from events i+1 .. end-1; false (out empty) when its kind has none. */
bool evtext_event(const struct evtext *t, const struct event_log *log,
		  size_t i, size_t end, evtext_value_fn fn, void *user,
		  char *out, size_t n);
/* Events from .. end-1 of log (one command's) as sentences into out:
 * every event that has one, in order, with the events it tells; whole
 * sentences only, as many as out holds (a front end shows what its line
 * holds and keeps the rest to open).  Returns how many sentences (0:
 * nothing to tell, out empty). */
int evtext_summary(const struct evtext *t, const struct event_log *log,
		   size_t from, size_t end, evtext_value_fn fn, void *user,
		   char *out, size_t n);

#endif
