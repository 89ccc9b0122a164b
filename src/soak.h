/* soak.h — the invariants the random-play soak checks after every
 * accepted command (src/soak.c), and the reload check: the game file the
 * session wrote, loaded again the way `maniple` resumes a game, must give
 * the same state digest.  Used by autoplay --soak; not part of the
 * program. */
#ifndef MANIPLE_SOAK_H
#define MANIPLE_SOAK_H

#include <stdbool.h>
#include <stddef.h>

#include "maniple/game.h"

#define SOAK_WHY_MAX 256

/* One broken invariant: a short name (stacking, hits, routed_zoc,
 * footprint, leaders, rout_points, off_map) and what was seen. */
struct soak_failure {
	const char *name;
	char why[SOAK_WHY_MAX];
};

/* Checks every invariant on g; writes at most max failures into out and
 * returns how many there were (0: all hold). */
int soak_invariants(const struct game *g, struct soak_failure *out, int max);

/* Writes the session's journal to a game file under dir, loads it into a
 * fresh session through session_load (the path `maniple GAMEFILE` takes)
 * and compares the digests.  true when they match; else false with the
 * reason in why. */
bool soak_reload(const struct session *s, const char *dir, char *why,
		 size_t n);

#endif
