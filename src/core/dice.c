/* dice.c — PCG32 (O'Neill's reference pcg32_random_r and
 * pcg32_boundedrand_r) and the d10 with its forced-roll queue and its
 * optional outside source. */
#include "maniple/dice.h"

#include <string.h>

void pcg32_srandom(struct pcg32 *rng, uint64_t initstate, uint64_t initseq)
{
	rng->state = 0U;
	rng->inc = (initseq << 1u) | 1u;
	pcg32_random(rng);
	rng->state += initstate;
	pcg32_random(rng);
}

uint32_t pcg32_random(struct pcg32 *rng)
{
	uint64_t oldstate = rng->state;
	rng->state = oldstate * UINT64_C(6364136223846793005) + rng->inc;
	uint32_t xorshifted = (uint32_t)(((oldstate >> 18u) ^ oldstate) >> 27u);
	uint32_t rot = (uint32_t)(oldstate >> 59u);
	return (xorshifted >> rot) | (xorshifted << ((-rot) & 31));
}

uint32_t pcg32_boundedrand(struct pcg32 *rng, uint32_t bound)
{
	uint32_t threshold = -bound % bound;
	for (;;) {
		uint32_t r = pcg32_random(rng);
		if (r >= threshold)
			return r % bound;
	}
}

void dice_init(struct dice *d, uint64_t seed)
{
	memset(d, 0, sizeof *d);
	d->seed = seed;
	pcg32_srandom(&d->rng, seed, MANIPLE_PCG_STREAM);
}

bool dice_force(struct dice *d, int value)
{
	if (value < 0 || value > 9 || d->nforced >= DICE_FORCED_MAX)
		return false;
	d->forced[d->nforced++] = value;
	return true;
}

void dice_clear_forced(struct dice *d)
{
	d->nforced = 0;
}

int dice_d10(struct dice *d, bool *forced)
{
	int v;
	d->rolls++;
	if (d->nforced > 0) {
		v = d->forced[0];
		memmove(d->forced, d->forced + 1,
			(size_t)(d->nforced - 1) * sizeof d->forced[0]);
		d->nforced--;
		if (forced)
			*forced = true;
		return v;
	}
	if (forced)
		*forced = false;
	if (d->source) {
		int v = d->source(d->source_user);
		if (v >= 0 && v <= 9)
			return v;
	}
	return (int)pcg32_boundedrand(&d->rng, 10);
}

void dice_set_source(struct dice *d, dice_source fn, void *user)
{
	d->source = fn;
	d->source_user = fn ? user : NULL;
}

void dice_reseed(struct dice *d, uint64_t seed)
{
	dice_init(d, seed);
}

void dice_drawn_digits(struct dice before, unsigned long rolls, char *out,
		       unsigned long n)
{
	unsigned long k = 0;
	before.source = NULL;
	for (unsigned long i = 0; i < rolls; i++) {
		bool forced;
		int v = dice_d10(&before, &forced);
		if (!forced && k + 1 < n)
			out[k++] = (char)('0' + v);
	}
	if (k == 0 && n > 1)
		out[k++] = '-';
	out[k] = '\0';
}
