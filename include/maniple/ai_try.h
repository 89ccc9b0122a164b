/* ai_try.h — how a computer player's policy plays a line, for any
 * ruleset: the pieces a ruleset's own policy (ruleset.h: greedy_play) and
 * the opponent's levels (ai.h) share.
 *
 * A policy answers one pending decision (decision.h) by trying command
 * lines through a struct ai_try: run returns whether the line was
 * accepted, and a policy stops at the first line accepted.  Who runs the
 * line decides what trying means: a driver playing the real game runs it
 * there (autoplay), the opponent runs it on a copy to learn whether it
 * would be accepted (ai.c), a search runs it on its search copy.
 *
 * The policy's chance is its own stream (splitmix64), never the game's
 * dice. */
#ifndef MANIPLE_AI_TRY_H
#define MANIPLE_AI_TRY_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "maniple/decision.h"

struct ai_try {
	/* runs line; true when it was accepted.  listed: the line is one
	 * of the decision's answers */
	bool (*run)(void *user, const char *line, bool listed);
	void *user;
};

/* What a policy's turn at a decision came to: nothing accepted, a line
 * accepted, or a line accepted that started something new (a unit's
 * move, a Line Command: the driver's stall count starts again). */
enum ai_played { AI_PLAYED_NONE, AI_PLAYED, AI_PLAYED_PROGRESS };

/* The next draw of the stream *s (splitmix64). */
static inline uint64_t ai_rnd(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* A draw below n (0, drawing nothing, when n <= 0). */
static inline int ai_rnd_below(uint64_t *s, int n)
{
	return n > 0 ? (int)(ai_rnd(s) % (uint64_t)n) : 0;
}

/* The `random` policy: one of d's answers drawn uniformly from *rng,
 * tried through t. */
static inline bool ai_try_random(const struct decision *d, uint64_t *rng,
				 const struct ai_try *t)
{
	char line[DECISION_LINE_MAX];
	snprintf(line, sizeof line, "%s", d->ans[ai_rnd_below(rng, d->n)].line);
	return t->run(t->user, line, true);
}

#endif
