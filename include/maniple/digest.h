/* digest.h — the binary-state digest (game file format 2, gamefile.h).
 *
 * A 64-bit FNV-1a over a canonical serialization of struct game, field
 * by field, so that padding, pointers and the machine's byte order never
 * count: every integer (int, enum, short, long, 64-bit) as 8 bytes, least
 * significant first; a bool (a one-bit field too) as one byte 0 or 1; a
 * char array as its length (8 bytes) and its characters up to the first
 * NUL; a pointer to a constant string as that string.  The stream opens
 * with the text "maniple-state 1".  In the order of struct game: the
 * battle's id (the battle itself is data, loaded again from the battle
 * file), the kind,
 * the dice (PRNG state and stream, seed, the queue of forced rolls, rolls
 * drawn), turn, phase, active leader, rout points, the units in play
 * [0, nunits) and leaders [0, nleaders) every field, the stack order, and
 * every field of each rules module's state (sequence, orders, rout,
 * rampage, reactions, Pre-arranged Withdrawal, missile fire, shock,
 * Elephant Command) with its arrays whole.  Left out: the rules tables
 * (data), the event log (what happened, not where the game stands), the
 * dice's source hook (a function and its data, not state), the
 * session pointer, and a unit's eliminated_blocked (10.22: the digest
 * never read it, and the files written since must verify as they did).
 *
 * A field added to struct game or one of its parts must be added here:
 * tests/test_digest.c finds any byte of struct game the digest does not
 * read (padding and the parts left out above excepted) and fails.
 */
#ifndef MANIPLE_DIGEST_H
#define MANIPLE_DIGEST_H

#include <stddef.h>
#include <stdint.h>

struct game;

uint64_t game_state_digest(const struct game *g);

/* For tests: how a field was read. */
enum digest_kind {
	DIGEST_INT,	/* an integer of `size` bytes (enum, int, ...) */
	DIGEST_BOOL,	/* a bool */
	DIGEST_CHARS,	/* a char array of `size` bytes */
	DIGEST_STRPTR,	/* a const char * (its string) */
	DIGEST_BIT,	/* a one-bit field (a bool): `field` is the byte
			 * holding it, `size` 1, and `count` its bit in
			 * that byte (0 the lowest) */
};
/* Called for each field (or array of count fields) as it is read. */
typedef void (*digest_seen_fn)(void *user, const void *field, size_t size,
			       size_t count, enum digest_kind kind);
uint64_t game_state_digest_seen(const struct game *g, digest_seen_fn seen,
				void *user);

#endif
