/* ruleset.h — the ruleset seam: what a ruleset provides so that the
 * session (session.h) can play it without knowing it.
 *
 * A ruleset (the rules of one game, its own folder under src/ and its data
 * under rules/NAME/) provides one constant `struct ruleset`; the program
 * hands the rulesets it was built with to whoever must choose one, as a
 * NULL-terminated array of pointers (the first is the default: a battle
 * file without `ruleset =`).  The game file's `ruleset` header and a
 * battle's ruleset are looked up by name here, so that nothing outside a
 * ruleset's folder names it.  Nothing here knows any ruleset.
 *
 * `struct game` and `struct battle` are the ruleset's own types: each
 * ruleset completes them in its own folder, and the session, which only
 * holds pointers to them, never looks inside.  The session needs every
 * operation from `commands` to `free_record` (save those marked
 * optional); the views' may be NULL.
 *
 * Behind it too: the view-model of the ruleset's own modes (modeview.h)
 * and the map view-model (mapview.h) with its overlays and
 * descriptions. */
#ifndef MANIPLE_RULESET_H
#define MANIPLE_RULESET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "maniple/hex.h"
#include "maniple/mapview.h"
#include "maniple/modeview.h"
#include "maniple/teach_line.h"

struct ai_try;
struct battle;
struct cmd_result;
struct cmd_table;
struct decision;
struct dice;
struct evcat;
struct event;
struct event_log;
struct evtext;
struct game;
struct ini_error;
struct session;
struct teach_line;
struct teach_list;
struct teach_texts;

/* How a game is played: one player taking both sides, two at one
 * keyboard, or a sandbox where `setup` stages any position.  Any ruleset
 * has these; a game file's `kind` header names one. */
enum game_kind { GAME_SOLO, GAME_HOTSEAT, GAME_SANDBOX, GAME_KIND_COUNT };

const char *game_kind_name(enum game_kind k);
/* The kind a name gives, or -1. */
int game_kind_parse(const char *text);

struct ruleset {
	const char *name;	/* as in a game file's `ruleset` header and
				 * the data directory rules/NAME/ */
	/* the command table a session of this ruleset runs; it holds the
	 * session's own commands (SESSION_COMMAND_DEFS, session.h) where
	 * the ruleset wants them listed */
	const struct cmd_table *(*commands)(void);
	/* reads the rules' tables from DIR (rules/NAME under the data
	 * directory) into g: 0, or -1 with err filled */
	int (*load_tables)(struct game *g, const char *dir,
			   struct ini_error *err);

	/* ---- a game: made, asked about, freed ---- */
	/* A new game of battle b (the game owns b from now on, and frees
	 * it also when this fails), of kind KIND, its dice seeded with
	 * seed.  NULL when memory runs out. */
	struct game *(*new_game)(struct battle *b, enum game_kind kind,
				 uint64_t seed);
	void (*free_game)(struct game *g);
	/* NULL when g has all that play needs (its rules' tables loaded),
	 * else what it lacks, for "no ... loaded". */
	const char *(*unready)(const struct game *g);
	/* The id of g's battle (a game file's `battle` header), and the
	 * ruleset the battle asks for ("" for the default). */
	const char *(*battle_id)(const struct game *g);
	const char *(*battle_ruleset)(const struct game *g);
	/* The game turn g is in (a digest line's TURN). */
	int (*turn)(const struct game *g);
	/* Everything g emitted so far (the session shows a command's part
	 * of it and cuts a refused command's part off). */
	struct event_log *(*events)(struct game *g);
	/* Tells g the session playing it (a front end holding only the
	 * game issues commands through it), or NULL. */
	void (*set_session)(struct game *g, struct session *s);
	/* The catalog a checking build checks what a looking command shows
	 * against, or NULL (optional: NULL checks nothing). */
	const struct evcat *(*catalog)(const struct game *g);

	/* ---- what a game file keeps ---- */
	/* The digests at the end of a game turn: format 1's, a hash of the
	 * state's text, and format 2's, a hash of the binary state; the
	 * same state gives the same digest, and neither draws dice. */
	uint64_t (*text_digest)(const struct game *g);
	uint64_t (*state_digest)(const struct game *g);

	/* ---- play ---- */
	/* r, a refusal of a command to g's game, in the book of g's rules:
	 * its rule and the rule numbers its reason names (a ruleset whose
	 * code cites rules by another book's numbers turns them here, as
	 * it does its events'); NULL: as they are */
	void (*cite_refusal)(const struct game *g, struct cmd_result *r);
	/* After each accepted game-changing command: whatever the rules do
	 * once a command is through (a step held up by the answers goes
	 * on), then whether the command ended a game turn; events_before
	 * and turn_before are the event count and the turn before the
	 * command ran.  A turn's end earns a digest line in the file. */
	bool (*after_command)(struct game *g, size_t events_before,
			      int turn_before);
	/* A copy of g to search on: the same state, no session, no event
	 * history, its own dice seeded with seed (it must never roll what
	 * g will).  NULL when memory runs out; freed with free_copy. */
	struct game *(*copy_for_search)(const struct game *g, uint64_t seed);
	void (*free_copy)(struct game *c);
	/* The dice g draws from (dice.h): a live game's server reads what a
	 * command drew, its clients give each command the server's dice
	 * (optional: NULL, no live play). */
	struct dice *(*dice)(struct game *g);

	/* ---- taking a command back ---- */
	/* The session's checkpoint (session.h): every so many accepted
	 * game-changing commands the session asks for a record of g's
	 * state (mark); when a command is refused, or its line cannot be
	 * written to the game file, rollback puts g's state back as it was
	 * at the mark and the session runs the journal's commands since
	 * then again, as a replay runs them (the session itself cuts the
	 * events after the mark off; they come again).  So the record
	 * holds all that a command's outcome depends on, the dice's state
	 * and forced rolls with the rest: running the same commands from
	 * it must give the same state and the same events.  *rec is the
	 * ruleset's: NULL the first time, and what the last mark left there
	 * after that, so that a record's memory serves the next mark; mark
	 * returns 0, or -1 when memory runs out (then the command does not
	 * run).  free_record frees it when the session ends. */
	int (*mark)(struct game *g, void **rec);
	void (*rollback)(struct game *g, void *rec);
	void (*free_record)(void *rec);
	/* The bytes rec holds now (a figure for measuring, optional). */
	size_t (*record_bytes)(const void *rec);
	/* ---- the views' models: the map, what the game asks, the modes ---- */
	/* the map view-model (mapview.h): g's board and pieces, a new view
	 * the caller frees with mapview_free (NULL without a map or
	 * memory) */
	struct map_view *(*map_view)(const struct game *g);
	/* g's pieces now into a view of the same board */
	void (*map_view_pieces)(const struct game *g, struct map_view *mv);
	/* an overlay of g computed now (mapview.h); returns its count */
	int (*map_overlay)(const struct game *g, enum mv_overlay_kind kind,
			   const char *who, struct mv_overlay *out);
	/* the piece with that id in words, for a view's hex description */
	void (*map_describe)(const struct game *g, const char *id,
			     struct mv_text *out);
	/* the pending decision (decision.h): fills d, over the room it was
	 * given by decision_init, from g (NULL: left empty) */
	void (*decide)(const struct game *g, struct decision *d);
	/* whether it is an answer asked for rather than free play (the
	 * decision's `answer`, without listing the answers) */
	bool (*decision_is_answer)(const struct game *g);
	/* the game as a whole now (modeview.h: play_view): its battle,
	 * turn and phase, who owes the pending decision and where it is;
	 * words: with the pending decision in words (which lists its
	 * answers to count them) */
	void (*play_view)(const struct game *g, struct play_view *pv,
			  bool words);
	/* the view-model of the ruleset's modes (modeview.h): Order mode
	 * now (steps: with the moving piece's steps and the group
	 * command's picks, else only the mode and the mover); what one step into a (b: a two-hex piece's second hex, or
	 * HEX_NONE) would come to; the ids of the pieces on h, the order a
	 * key acting on the hex tries them in (at most max, the count) */
	void (*order_view)(const struct game *g, struct order_view *ov,
			   bool steps);
	bool (*step_preview)(const struct game *g, struct hex a, struct hex b,
			     struct step_preview *out);
	int (*pieces_at)(const struct game *g, struct hex h,
			 char (*ids)[MODE_ID_MAX], int max);
	/* the shock designation now; one piece of it (false: no piece
	 * called id); the combat a decision asked by the events from
	 * `since` on waits at, or -1 */
	void (*shock_view)(const struct game *g, struct shock_view *sv);
	bool (*shock_piece)(const struct game *g, const char *id,
			    struct shock_piece *p);
	int (*shock_asked)(const struct game *g, size_t since);
	/* the cards (card.h): kind with its number (a combat, a side) into
	 * c, *fresh (may be NULL): how many of a combat's lines came from
	 * the events from `since` on; -1 when there is no such card.  And
	 * the first combat the events from `since` on touched, or -1 */
	int (*card)(const struct game *g, enum mode_card kind, int n,
		    size_t since, struct card *c, int *fresh);
	int (*card_touched)(const struct game *g, size_t since,
			    struct card *scratch);
	/* ---- the narration: teach mode and the message line ----
	 * (optional, all or none; the lines and lists are teach_line.h's,
	 * the sentences evtext.h's) */
	/* the teach texts read from DIR (rules/NAME), NULL with err filled;
	 * freed with teach_free */
	struct teach_texts *(*teach_load)(const char *dir,
					  struct ini_error *err);
	void (*teach_free)(struct teach_texts *t);
	/* a line for each event of log from `from` on that tells something,
	 * appended to out (returns how many); the pending decision's line;
	 * one event's line (false: it tells nothing) */
	size_t (*teach_events)(const struct teach_texts *t,
			       const struct game *g,
			       const struct event_log *log, size_t from,
			       struct teach_list *out);
	bool (*teach_decision)(const struct teach_texts *t,
			       const struct game *g, struct teach_line *out);
	bool (*teach_event_line)(const struct teach_texts *t,
				 const struct game *g, const struct event *e,
				 struct teach_line *out);
	/* the terms of the ruleset's glossary a text uses, each once, at
	 * most max (returns how many); may be NULL: no glossary */
	int (*teach_terms)(const struct teach_texts *t, const char *text,
			   char (*names)[TEACH_TERM_MAX], int max);
	/* an event field's value as g names it (an id as its piece's
	 * name) into out */
	void (*name_value)(const struct game *g, const char *key,
			   const char *v, char *out, size_t n);
	/* the event sentences read from DIR, NULL with err filled (freed
	 * with evtext_free); what result r told in at most two sentences
	 * (returns how many); event i of log alone (false: none) */
	struct evtext *(*sentences_load)(const char *dir,
					 struct ini_error *err);
	int (*summary_result)(const struct evtext *t, const struct game *g,
			      const struct cmd_result *r, char *out,
			      size_t n);
	bool (*summary_event)(const struct evtext *t, const struct game *g,
			      const struct event_log *log, size_t i,
			      char *out, size_t n);
	/* ---- the computer opponent's own players (ai.h; optional, all
	 * or none) ----
	 * the ruleset's greedy player (the `greedy` level): its memory,
	 * new and freed; told every decision of the game, whoever answers
	 * it (see), so that its memory follows the game; and one turn at
	 * decision d of g (play): lines tried through t (ai_try.h),
	 * chance from *rng, returns an enum ai_played */
	void *(*greedy_new)(void);
	void (*greedy_free)(void *m);
	void (*greedy_see)(void *m, const struct game *g);
	int (*greedy_play)(void *m, const struct game *g, const struct decision *d,
			   uint64_t *rng, const struct ai_try *t);
	/* its plans of an Orders Phase, for the search levels to weigh
	 * (optional: NULL, or all three): the sentence naming plan k, NULL
	 * past the last (plan 0 is its own way); the plan its memory plays
	 * in g's Orders Phase under way (>= 0), -1 when none is chosen in
	 * it yet, -2 when no Orders Phase is under way; and plan k played
	 * by its memory to the end of that Orders Phase */
	const char *(*greedy_plan_name)(int k);
	int (*greedy_plan)(void *m, const struct game *g);
	void (*greedy_plan_set)(void *m, int k);
	/* how g stands for side, larger better: 0 even, about +1 when the
	 * enemy is at its breaking point and side untouched (the search
	 * levels compare positions by it) */
	double (*evaluate)(const struct game *g, int side);
	/* whether g stands at a point of rest, where a search's rollout
	 * stops to weigh the position: the moves, fire and combats of the
	 * step under way are over (SPQR: the next activation is asked, or
	 * the game is over); may be NULL: rollouts stop at their horizon
	 * alone */
	bool (*at_rest)(const struct game *g);
	/* how many pieces a legal list of g weighs (SPQR: the battle's
	 * combat units), fixed for a battle: a level's budget of commands
	 * may shrink with it, as each command's list costs the more; may be
	 * NULL */
	int (*pieces)(const struct game *g);
};

/* The ruleset named NAME among KNOWN (NULL-terminated); NAME NULL or ""
 * gives the first, the default.  NULL when none has that name. */
const struct ruleset *ruleset_find(const struct ruleset *const *known,
				   const char *name);

/* As ruleset_find; when none has that name, NULL and the reason,
 * "unknown ruleset NAME (known: A, B)", in why. */
const struct ruleset *ruleset_lookup(const struct ruleset *const *known,
				     const char *name, char *why, size_t n);

/* KNOWN's names, ", " between them, into buf (for "unknown ruleset X
 * (known: ...)").  Returns buf. */
char *ruleset_names(const struct ruleset *const *known, char *buf, size_t n);

#endif
