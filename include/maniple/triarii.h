/* triarii.h — the Roman Triarii Tactical Doctrine (9.7), in force when the
 * battle switches it on (battle->triarii_doctrine, RULINGS R8).
 *
 * A triarii unit is a unit of class TR.  How we read 9.7:
 *   - "The Triarii line" is every triarii unit of the Roman army on the
 *     map and not routed (the Line Command Eligibility charts put all of
 *     them, legion and ala, in one line).  An enemy combat unit other
 *     than an elephant within 3 hexes of any of them, with a clear line
 *     of sight (8.14 traced strictly, as for missiles), frees them all.
 *   - The "Roman or Ala infantry lines" are the infantry units of a
 *     legion or an ala (legion number set) of the same army, other than
 *     triarii, on the map and not routed; allied infantry (no legion or
 *     ala) does not count.  A triarii unit at least 6 hexes from every one
 *     of them is free, each triarii unit on its own.
 *   - 9.71 is judged when the unit would enter its first hex of a move;
 *     a move begun under it may go on.  Facing changes are never held.
 *   - 9.72's "move" is entering a hex under orders this Orders Phase
 *     (g->ord.entered_hex), not a facing change.
 * Pure functions: nothing is changed, nothing emitted. */
#ifndef MANIPLE_TRIARII_H
#define MANIPLE_TRIARII_H

#include <stdbool.h>
#include <stddef.h>

#include "maniple/battle.h"
#include "maniple/game.h"

/* 9.7: u is a triarii unit (class TR) and the battle uses the doctrine. */
bool triarii_under_doctrine(const struct game *g, const struct unit *u);
/* 9.71: whether unit ui may enter a hex now.  True for any unit the
 * doctrine does not hold; else false with the reason in why (n bytes). */
bool triarii_may_move(const struct game *g, int ui, char *why, size_t n);
/* 9.72: whether the Roman army's rout points have reached half its
 * Withdrawal Level (rounded down): side is the triarii's army. */
bool triarii_shock_released(const struct game *g, int side);
/* 9.72: whether unit ui may be designated to shock: false (with *why, a
 * constant string) for a triarii unit under the doctrine that entered a
 * hex this Orders Phase before the release. */
bool triarii_may_shock(const struct game *g, int ui, const char **why);
/* RULINGS R8: whether battle b must use the doctrine (a Roman army,
 * before 200 BC, Scipio not its Overall Commander) but does not; the
 * warning text in why (n bytes). */
bool triarii_doctrine_missing(const struct battle *b, char *why, size_t n);

#endif
