/* dice.h — the one source of chance: PCG32 and a d10 reading 0-9.
 *
 * PCG32 is O'Neill's reference pcg32_random_r (XSH RR, 64-bit state),
 * seeded with pcg32_srandom_r(seed, MANIPLE_PCG_STREAM).  A d10 is
 * pcg32_boundedrand_r(rng, 10) (rejection of the low "threshold" values).
 * Both are part of the game file format version: changing either means a
 * new format version.
 *
 * Where a d10 comes from, in this order: the forced-roll queue (the
 * `roll` command; a forced roll does not advance the PRNG); else, when
 * one is set, a source outside the game (dice_set_source: a server that
 * rolls for both players; what it gives does not advance the PRNG
 * either); else the seeded PRNG.
 */
#ifndef MANIPLE_DICE_H
#define MANIPLE_DICE_H

#include <stdbool.h>
#include <stdint.h>

#define MANIPLE_PCG_STREAM UINT64_C(54)
#define DICE_FORCED_MAX 64

struct pcg32 {
	uint64_t state;
	uint64_t inc;
};

void pcg32_srandom(struct pcg32 *rng, uint64_t initstate, uint64_t initseq);
uint32_t pcg32_random(struct pcg32 *rng);
uint32_t pcg32_boundedrand(struct pcg32 *rng, uint32_t bound);

/* A die supplied from outside: 0..9, or -1 when it has none to give (the
 * PRNG rolls then). */
typedef int (*dice_source)(void *user);

struct dice {
	struct pcg32 rng;
	uint64_t seed;
	int8_t forced[DICE_FORCED_MAX]; /* d10 rolls, 0-9 (dice_force) */
	int nforced; /* queued rolls still to be used, forced[0] first */
	unsigned long rolls; /* how many d10 were drawn so far */
	dice_source source;  /* NULL: none (dice_set_source) */
	void *source_user;
};

void dice_init(struct dice *d, uint64_t seed);
/* Queue a forced roll 0..9; false when the value is out of range or the
 * queue is full. */
bool dice_force(struct dice *d, int value);
void dice_clear_forced(struct dice *d);
/* Draw one d10 (0..9); *forced tells whether it came from the queue. */
int dice_d10(struct dice *d, bool *forced);
/* Rolls come from fn(user) from now on (after any forced ones); fn NULL:
 * from the PRNG again.  The source is not part of a saved game. */
void dice_set_source(struct dice *d, dice_source fn, void *user);
/* The digits of the d10s drawn from the seed since before was taken
 * (rolls of them in all): before's draws made again, forced rolls left
 * out; "-" when none.  out holds at most n - 1 digits. */
void dice_drawn_digits(struct dice before, unsigned long rolls, char *out,
		       unsigned long n);
/* A copy that shares nothing with the original's future: a new seed, an
 * empty forced queue and no outside source (for searching on copies). */
void dice_reseed(struct dice *d, uint64_t seed);

#endif
