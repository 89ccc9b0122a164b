/* greedy.h — SPQR's own simple player, the `greedy` level of the computer
 * opponent (ai.h), behind the ruleset seam (ruleset.h: greedy_new,
 * greedy_see, greedy_play, greedy_free).
 *
 * The active leader gives Line Commands first (4.31, 5.23; each member
 * picked in turn), else Individual Orders (5.22); each unit walks the
 * shortest way round other units to a hex next to an enemy (turning once
 * to face that way when no step gets closer); then the leader walks
 * toward his nearest unit out of Command Range (4.21).  Shock Must Check
 * markers are taken when offered (7.31, 7.32), other reactions declined;
 * the Shock segment designates what `legal` proposes (8.41, 8.42: the
 * units that must shock), then every other unit that may shock against
 * the enemies in its ZOC; no Momentum (5.31) and no trump (5.41); every
 * other decision takes the first answer listed.
 *
 * Its memory (the units ordered this Orders Phase, offered a shock this
 * designation) is its own; greedy_see is told every decision, whoever
 * plays it, so the memory is cleared when play leaves its scope. */
#ifndef MANIPLE_GREEDY_H
#define MANIPLE_GREEDY_H

#include <stdint.h>

struct ai_try;
struct decision;
struct game;
struct unit;

void *gboh_greedy_new(void);
void gboh_greedy_free(void *m);
void gboh_greedy_see(void *m, const struct game *g);
/* One turn at the decision d of g: lines tried through t, chance from
 * *rng; an enum ai_played (ai_try.h). */
int gboh_greedy_play(void *m, const struct game *g, const struct decision *d,
		     uint64_t *rng, const struct ai_try *t);

/* The plans of an Orders Phase the search levels weigh (5.2): each a
 * whole-phase intent for every unit the active leader orders (advance to
 * contact, hold, withdraw out of reach, screen and shoot, make for a
 * flank or rear), expanded into commands by this player as the phase
 * goes.  Plan 0 is the player's own way (every unit advances to
 * contact).  The sentence naming plan k, NULL past the last. */
const char *gboh_greedy_plan_name(int k);
/* The plan m plays in g's Orders Phase under way: a plan's number,
 * GREEDY_NO_PLAN when none was chosen in it yet, GREEDY_NO_ORDERS when
 * no Orders Phase is under way. */
#define GREEDY_NO_PLAN (-1)
#define GREEDY_NO_ORDERS (-2)
int gboh_greedy_plan(void *m, const struct game *g);
/* m plays plan k (out of range: plan 0) to the end of the Orders Phase
 * under way, or the next one. */
void gboh_greedy_plan_set(void *m, int k);

/* How g stands for side (ai_eval.c): the enemy's share of its
 * withdrawal level lost, counting its routed and brittle units in part,
 * less one's own, and a little of the cohesion margin. */
double gboh_evaluate(const struct game *g, int side);
/* ruleset.h at_rest: an activation is asked (5.12), or the game is over */
bool gboh_at_rest(const struct game *g);
/* ruleset.h pieces: the battle's combat units */
int gboh_pieces(const struct game *g);

/* Hexes from unit u to the nearest standing enemy; a large number when
 * there is none. */
int gboh_unit_enemy_distance(const struct game *g, const struct unit *u);

#endif
