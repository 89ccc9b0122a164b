/* teach.h — the teach mode's narration: the sequence of play told in plain
 * words of our own, each step with the rule numbers it rests on.
 *
 * The narration is read from the game's own events (what just happened) and
 * from its pending decision (what comes next, with the odds of a roll about
 * to be made).  The words live in a data file of the ruleset
 * (rules/spqr/teach.ini), loaded with the other charts; this module only
 * fills their {field} slots from events and game state.  Nothing here
 * changes the game.
 */
#ifndef MANIPLE_TEACH_H
#define MANIPLE_TEACH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "maniple/event.h"
#include "maniple/game.h"
#include "maniple/ini.h"
#include "maniple/teach_line.h"

/* struct teach_line and struct teach_list: teach_line.h */

/* The narration texts of a ruleset, read from DIR/teach.ini (the
 * decisions) and DIR/sentences.ini (each event kind's teach text), both
 * against DIR/events.ini.  NULL with err filled (file:line: reason) when a
 * file is missing or malformed. */
struct teach_texts;
struct evcat;
struct teach_texts *teach_load(const char *dir, struct ini_error *err);
void teach_free(struct teach_texts *t);

/* Appends to out one line for each event of log->v[from..log->n) that has
 * something to teach (bookkeeping events such as digests are passed over,
 * as the data file says).  g is the game after those events.  Returns the
 * number of lines added. */
size_t teach_events(const struct teach_texts *t, const struct game *g,
		    const struct event_log *log, size_t from,
		    struct teach_list *out);

/* The pending decision told: who owes it and why (for an activation, why
 * this leader goes next), what may be done, and before a Momentum, Trump or
 * Elite roll its odds.  false when no decision is pending. */
bool teach_decision(const struct teach_texts *t, const struct game *g,
		    struct teach_line *out);

/* The glossary's terms (DIR/glossary.ini, read with the texts when it is
 * there; glossary.h) that text uses, each once in the order they first
 * appear, at most max names into names; returns how many (0 without a
 * glossary).  Teach mode's glossary key explains them (`rule TERM, ...`). */
int teach_terms(const struct teach_texts *t, const char *text,
		char (*names)[TEACH_TERM_MAX], int max);

/* ---- added by the narration engine (src/gboh/teach.c) ---- */

/* `maniple --check`: teach_load's checks on one file. */
bool teach_check_file(const char *path, struct ini_error *err);
/* Every rule number the texts cite (a section's `rule`, each rule of a
 * list on its own), in file order; repeats are not removed. */
void teach_rules_cited(const struct teach_texts *t,
		       void (*fn)(const char *rule, void *u), void *u);
/* Whether the texts have section NAME ("decision.momentum"; "event.moved"
 * asks sentences.ini for [moved]). */
bool teach_has_section(const struct teach_texts *t, const char *name);
/* Whether an event of kind is told (its [KIND] in sentences.ini has a
 * teach text) or explicitly silent. */
bool teach_kind_told(const struct teach_texts *t, const char *kind);
/* The slots any teach text may use besides its own (" army0 ... "). */
extern const char teach_game_slots[];
/* One event told into out; false when its section skips it or is
 * missing. */
bool teach_event_line(const struct teach_texts *t, const struct game *g,
		      const struct event *e, struct teach_line *out);
/* The name of the pending decision's section, after "decision." in
 * teach.ini ("activate", "momentum", "shock.designate"...); false when
 * no decision is pending. */
bool teach_decision_name(const struct game *g, char *name, size_t n);
/* A field's value told: a unit's id as "NAME (ID)", a leader's id as his
 * name, a side number or army id as the army's name, '-' as none, '_' as
 * spaces. */
void teach_value(const struct game *g, const char *key, const char *v,
		 char *out, size_t n);
/* The event catalog the texts were checked against (the ruleset's
 * events.ini, read beside teach.ini). */
const struct evcat *teach_catalog(const struct teach_texts *t);
/* Chances in percent on the d10 (0-9): momentum succeeding for a leader
 * of this Initiative (5.32; a 9 is always the Die Roll of Doom, 5.33)
 * and a trump succeeding (5.41, 5.42); 5.53's elite roll has its odds in
 * sequence.h (seq_elite_odds_at). */
int teach_momentum_chance(int initiative);
int teach_trump_chance(int initiative);

/* A refused or malformed command told (its whole reason); false for a
 * command that was not refused. */
bool teach_refusal(const struct teach_texts *t, const struct game *g,
		   const struct cmd_result *r, struct teach_line *out);
/* maniple --script FILE --teach: after a command (r: its result), the
 * narration of the events it showed and of its refusal as comment lines
 * "# teach [RULE] TEXT", then the pending decision's as "# teach next
 * [RULE] TEXT" when its text differs from last (lastn bytes, updated; ""
 * at the start).  Returns the lines printed. */
size_t teach_script_step(const struct teach_texts *t, const struct game *g,
			 const struct cmd_result *r, char *last,
			 size_t lastn, FILE *f);

#endif
