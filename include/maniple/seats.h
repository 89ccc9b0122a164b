/* seats.h — who plays each side of a session's game, a person or the
 * computer at a level (ai.h), and the computer's decisions played
 * through the session like anyone's commands.
 *
 * The game file's header says who plays (gamefile.h: "player 1 computer
 * N", N the level's number, ai.h), so a resumed game goes on against the
 * same level.  Each command the computer plays goes into the game file as
 * any command does, just after a note with its plan in a sentence
 * (session.h: session_plan_note), which `why` tells and replay skips;
 * undo takes the note away with the command it explains.
 *
 * Front ends (the view, --script) drive it: ai_seats_due says whether the
 * computer owes the pending decision, ai_seats_choose what it plays, and
 * ai_seats_play runs it through their own way of running a line. */
#ifndef MANIPLE_SEATS_H
#define MANIPLE_SEATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "maniple/ai.h"
#include "maniple/session.h"

struct ai_seats {
	const struct ai_level *level[2]; /* NULL: a person plays the side */
	struct ai_player *player[2];	 /* made when first asked */
	const struct ruleset *rs;	 /* the ruleset they were made for */
	const struct game *game;	 /* the game they follow */
	/* told of each rollout (ai.h: ai_player_progress), or NULL */
	ai_progress_fn progress;
	void *progress_user;
};

void ai_seats_init(struct ai_seats *st);
void ai_seats_free(struct ai_seats *st);
/* Whether the computer plays a side. */
bool ai_seats_any(const struct ai_seats *st);
/* The seats the header of s's game file names (a level number this
 * program lacks: the side is left to a person, and false). */
bool ai_seats_from_header(struct ai_seats *st, const struct session *s);
/* st into the header of s's game file (session_set_players).  0, or -1
 * with err. */
int ai_seats_to_header(const struct ai_seats *st, struct session *s,
		       char *err, size_t errn);
/* "person" or "computer N" for side, into out. */
void ai_seats_player_text(const struct ai_seats *st, int side, char *out,
			  size_t n);

/* The side whose computer owes the decision pending in s's game, or -1
 * (a person owes it, or nobody: a `continue` is the computer's only when
 * it plays both sides; the game over). */
int ai_seats_due(const struct ai_seats *st, const struct session *s);
/* What side's computer plays now, into *m (ai_choose, its chance seeded
 * by the game file's seed and the side).  0, or -1 with the reason in
 * m->plan (no answer the game accepts, out of memory). */
int ai_seats_choose(struct ai_seats *st, const struct session *s, int side,
		    struct ai_move *m);

/* Whether a person may give line now, in a game where the computer plays
 * a side: an answer of the pending decision the person's side may give
 * (its own or either side's), or a command that answers no decision
 * (looking, undo, new, load, save, branch, roll, setup); not an answer
 * that only the computer's side may give, nor a command outside the
 * answers while the computer's side owes.  Else false with the reason
 * in why.  Always true with no computer seated. */
bool ai_seats_person_may(const struct ai_seats *st, const struct session *s,
			 const char *line, char *why, size_t n);

/* Runs a line the way the front end runs one; true when the game took
 * it. */
typedef bool (*ai_seats_run_fn)(void *user, const char *line);
/* Plays m for side: its plan noted in s's game file, then m->line run
 * through run; refused, the decision's answers for side in turn, each
 * noted as such, until one is taken (m then holds it).  0, or -1 with
 * the reason in err (no answer taken, a note not written). */
int ai_seats_play(struct ai_seats *st, struct session *s, int side,
		  struct ai_move *m, ai_seats_run_fn run, void *user,
		  char *err, size_t errn);

#endif
