/* summary.h — what a command did, told in sentences: the event
 * renderer (evtext.h) over the ruleset's rules/RULESET/sentences.ini,
 * with ids shown as the game names them (teach_value).  For the view's
 * message line and any front end that tells what just happened; nothing
 * here changes the game. */
#ifndef MANIPLE_SUMMARY_H
#define MANIPLE_SUMMARY_H

#include <stdbool.h>
#include <stddef.h>

#include "maniple/cmd.h"
#include "maniple/event.h"
#include "maniple/evtext.h"
#include "maniple/game.h"
#include "maniple/ini.h"

/* Reads dir/sentences.ini, checked against dir/events.ini (each, when
 * dir has none, its base's: tables_path). */
struct evtext *summary_load(const char *dir, struct ini_error *err);
/* Checks one sentences file (maniple --check FILE) against the catalog
 * of its folder (or its base's), read over its base's sentences where
 * its folder has a base; false with err filled when anything is
 * wrong. */
bool summary_check_file(const char *path, struct ini_error *err);
/* Events from .. log->n - 1 (a command's: its result's out, or the
 * game's events since it began) in sentences, every one that out holds
 * whole; returns how many (0: nothing to tell).  g names the ids (NULL:
 * shown as they are). */
int summary_command(const struct evtext *t, const struct game *g,
		    const struct event_log *log, size_t from, char *out,
		    size_t n);
/* What command result r told: its events' summary (r->out) when it was
 * accepted, else the refusal with its whole reason (a refusal event
 * holds only EVENT_VAL_MAX bytes of it).  Returns the sentences. */
int summary_result(const struct evtext *t, const struct game *g,
		   const struct cmd_result *r, char *out, size_t n);
/* Event i alone as a sentence; false when its kind has none. */
bool summary_event(const struct evtext *t, const struct game *g,
		   const struct event_log *log, size_t i, char *out,
		   size_t n);

#endif
