/* ai.h — the computer opponent: levels by name, and a player that, for a
 * game and a side, says the command line it plays and its plan in a
 * sentence.
 *
 * It sits above the rules and below the front ends: it reaches the game
 * only through the ruleset seam (ruleset.h: the pending decision, search
 * copies, the ruleset's own greedy player), so it names no ruleset.  It
 * never changes the game it is asked about and never rolls its dice:
 * whatever it tries, it tries on a copy with dice of its own.  Its
 * chance is its own stream, seeded by whoever makes the player, so the
 * same game, seed and level give the same choices on any machine.
 *
 * Levels:
 *   random  an answer drawn uniformly among the side's answers
 *   greedy  the ruleset's greedy player (greedy.h for SPQR's)
 *   fast, normal (the default), strong
 *           the greedy player's Orders Phases (strong: its plans of the
 *           phase weighed, ruleset.h greedy_plan_name: each played out
 *           by 16 rollouts on dice the plans share, through the end of
 *           the next activation, the best mean played); every answer
 *           asked for among few (activation, momentum and trump,
 *           reactions, the shock's choices, rout and pursuit), and a
 *           combat the greedy player would designate against closing
 *           the designation,
 *           weighed: each answer's outcomes exact over the first die it
 *           rolls (the die forced to each face on copies, the faces
 *           that lead to the same position one outcome at its exact
 *           chance), each outcome weighed by open-loop rollouts (a
 *           search copy with fresh dice from the player's own stream,
 *           the greedy player for both sides up to a point of rest,
 *           ruleset.h at_rest, or a horizon), the position weighed by
 *           the ruleset (ruleset.h: evaluate; rout points against
 *           withdrawal levels).  Each level is a count of rollouts an
 *           outcome (fast 1, normal 1, strong 3), a horizon (12, 120,
 *           400 commands) and a budget of commands a decision's
 *           rollouts share (24, 60, 3000: the horizon shrinks to fit
 *           it), so the same seed gives the same game on any machine;
 *           the clock is only a cap (1 s, 2 s, 5 s a decision), reached
 *           only on a slow machine.  normal plays no rollout shorter
 *           than 4 commands: when its budget leaves them fewer, each
 *           outcome is weighed by the position it leaves (one ply,
 *           exact over the die).  A position met before in the same
 *           decision's scope is never chosen again by them when another
 *           answer avoids it.
 */
#ifndef MANIPLE_AI_H
#define MANIPLE_AI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "maniple/ai_try.h"
#include "maniple/decision.h"

struct game;
struct ruleset;

struct ai_level;

/* The level called name, or NULL for an unknown name. */
const struct ai_level *ai_level_find(const char *name);
/* The level played when none is named: normal. */
const struct ai_level *ai_level_default(void);
const char *ai_level_name(const struct ai_level *l);
/* Every level's name, ", " between them, into buf (for "unknown level
 * X (known: ...)").  Returns buf. */
char *ai_level_names(char *buf, size_t n);
/* A level's number in a game file's header ("player 1 computer N",
 * gamefile.h): random 1, greedy 2, fast 3, normal 4, strong 5; the
 * level of such a number, or NULL. */
int ai_level_number(const struct ai_level *l);
const struct ai_level *ai_level_numbered(int n);

struct ai_player;

/* A player at level l for games of ruleset rs, its chance seeded with
 * seed; NULL when memory runs out or the level needs what rs lacks (a
 * greedy player of its own). */
struct ai_player *ai_player_new(const struct ai_level *l,
				const struct ruleset *rs, uint64_t seed);
void ai_player_free(struct ai_player *p);
const struct ai_level *ai_player_level(const struct ai_player *p);

/* For a driver that shows the player thinking (the view's status line):
 * fn(user, done, budget) is called after every rollout of a decision
 * the level weighs, with the rollouts spent and its budget; when it
 * returns false the weighing stops there and the answers weighed so far
 * decide (the line played is journaled, so a game stays replayable).
 * fn NULL: nobody is told. */
typedef bool (*ai_progress_fn)(void *user, int done, int budget);
void ai_player_progress(struct ai_player *p, ai_progress_fn fn, void *user);

/* The clock no longer caps p's weighing: the level's budget of commands
 * alone decides, however slow the machine (for tests that play the same
 * game twice under a sanitizer on a loaded machine, where the cap could
 * be reached in one game and not the other). */
void ai_player_clock_free(struct ai_player *p);

#define AI_PLAN_MAX 512

/* What the player plays: a command line, and its plan in a sentence. */
struct ai_move {
	char line[DECISION_LINE_MAX];
	char plan[AI_PLAN_MAX];
};

/* Tells p the game as it stands at a decision it does not answer (the
 * other side's), so that its memory follows the game.  ai_choose tells it
 * its own; a driver calls this at every other decision. */
void ai_see(struct ai_player *p, const struct game *g);

/* The side a computer player answers decision d for: the side that owes
 * it; nobody owing it (a `continue`), the side of its first answer, else
 * side 0. */
int ai_decision_side(const struct decision *d);

/* For game g and side (the side owing the pending decision, or holding
 * a standing offer in it): the command line p plays now, and its plan in
 * a sentence, into *out.  0, or -1 when side has no answer the game
 * accepts (out->line "", the reason in out->plan).  g is not changed and
 * its dice are not rolled. */
int ai_choose(struct ai_player *p, const struct game *g, int side,
	      struct ai_move *out);

/* For a driver that runs the lines itself, on the real game (autoplay):
 * p's turn at decision d of g, each line tried through t; an enum
 * ai_played.  *ai_player_rng(p) is p's stream, which such a driver may
 * draw from too. */
int ai_play(struct ai_player *p, const struct game *g, const struct decision *d,
	    const struct ai_try *t);
uint64_t *ai_player_rng(struct ai_player *p);

#endif
