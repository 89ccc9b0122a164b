/* gba_square.h — GBA 9.63, 9.64 the Square: a Macedonian army's phalanx,
 * or its hoplites or heavy infantry on two hexes, closes into a square
 * for protection all around (a rule only The Great Battles of Alexander
 * has; reached from a battle whose side says `macedonian = yes`).
 *
 * Forming it (`form square` in the unit's move) takes all its MP, so it
 * is the move's only act, and it may not be in an enemy ZOC (GBA 9.63);
 * leaving it (`form normal` in a later move) takes all its MP too (ruling
 * R163 on ambiguity A11).  In square (struct footprint's square bit):
 *   - its MA is 1 (GBA 9.64, unit_move_ma);
 *   - every hex around it is in its Front: no flank, no rear (GBA 9.64,
 *     footprint_zone), so it is never attacked through a flank or rear
 *     and turns no facing in reaction;
 *   - it never initiates shock, nor takes Shock Must Check on moving
 *     next to an enemy, though it may move there (GBA 9.63);
 *   - its Size in shock is a quarter, rounded up (GBA 9.63,
 *     gba_square_size); the Shock tables treat it as ever;
 *   - missile hits on it are doubled (GBA 9.63, missile_hits_on).
 * It leaves square when it routs (ruling R164). */
#ifndef MANIPLE_GBA_SQUARE_H
#define MANIPLE_GBA_SQUARE_H

#include <stdbool.h>

#include "maniple/decision.h"
#include "maniple/game.h"
#include "maniple/move_state.h"

struct move_step;

/* GBA 9.63: u is a unit that may form square: a phalanx, or hoplites or
 * heavy infantry standing on two hexes, of a side whose battle file
 * says `macedonian = yes`. */
bool gba_square_may_use(const struct game *g, const struct unit *u);

/* GBA 9.63 (form) or R163 (leave): whether the unit of the open move m
 * may form or leave square now; out gets the MP (all it has) or the
 * refusal and its rule.  Changes nothing. */
bool gba_square_check(const struct game *g, const struct move *m, bool form,
		      struct move_step *out);
/* Does it (the check first): the unit's footprint takes or loses its
 * square, its MP are spent, `square_formed` or `square_left` is told.
 * False, changing nothing, when refused. */
bool gba_square_apply(struct game *g, struct move *m, bool form);

/* The `form square` / `form normal` lines of the open move m that
 * gba_square_check allows; at most max, returns the count. */
int gba_square_legal(const struct game *g, const struct move *m, int side,
		     struct decision_answer *out, int max);

/* GBA 9.63: u's Size in a shock combat: a quarter, rounded up, in
 * square; its Size otherwise. */
int gba_square_size(const struct unit *u);

/* R164: u leaves square as it routs (`square_left` why=routed);
 * nothing when it is not in square. */
void gba_square_end(struct game *g, struct unit *u, const char *why);

#endif
