/* bits.h — a set of small numbers (unit or leader indices) as bits, eight
 * to a byte: a state's per-unit yes/no tables (struct game) are kept so,
 * an eighth of a table of bools.  A set of n is BITS_BYTES(n) bytes;
 * memset clears it, memcpy copies it. */
#ifndef MANIPLE_BITS_H
#define MANIPLE_BITS_H

#include <stdbool.h>
#include <stdint.h>

#define BITS_BYTES(n) (((n) + 7) / 8)

static inline bool bits_has(const uint8_t *set, int i)
{
	return (set[i >> 3] >> (i & 7)) & 1u;
}

static inline void bits_put(uint8_t *set, int i, bool on)
{
	uint8_t m = (uint8_t)(1u << (i & 7));
	if (on)
		set[i >> 3] |= m;
	else
		set[i >> 3] &= (uint8_t)~m;
}

#endif
