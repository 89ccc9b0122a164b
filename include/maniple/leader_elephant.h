/* leader_elephant.h — Leader Elephants (SPQR 4.8, 4.81-4.85; the first
 * exception of 10.13).
 *
 * A Leader Elephant is an elephant unit (type EL, Size 1: 4.81) whose
 * `leader_elephant` field names the leader riding it.  What lives
 * elsewhere: leader movement, MA 9 and Elephant costs (movement.c, 4.81,
 * 6.15), no hits from moving and free facing changes (movement.c, 4.83,
 * 4.85), no ZOC (zoc.c, 4.83), stacking (stacking.c, 4.85), never
 * attacking (zoc.c unit_can_shock, shock_designate.c, 4.83), the
 * rampage (rampage.c, 9.14).  What lives here:
 *
 *   4.82  the rider goes wherever his elephant goes; when the elephant
 *         is eliminated he checks for a Leader Casualty, and if he lives
 *         he goes on as an ordinary leader;
 *   4.84  when the rider is killed in combat, the grief roll: 0-6 the
 *         elephant is removed, 7-9 it rampages (rampage_run, 9.14);
 *   4.85  stacked with a combat unit, it takes that unit's facing;
 *   10.13 stacked with a combat unit, it is spared its share of the hits
 *         that unit can absorb (up to the unit's TQ).
 *
 * Rulings (doc-parts/ldrel.md): the 10.13 exception is always taken for
 * the owner, and it compares against the other unit's printed TQ; the
 * 4.82 check is 4.73's (a 0, then the table); a grief roll of 0-6
 * eliminates the elephant (worth no rout points, 11.1); a leader on his
 * elephant does not withdraw alone (4.72): the elephant, a combat unit,
 * may make an Orderly Withdrawal and carries him; a stacked Leader
 * Elephant's facing follows its mate's at the end of any move in the
 * hex. */
#ifndef MANIPLE_LEADER_ELEPHANT_H
#define MANIPLE_LEADER_ELEPHANT_H

#include <stdbool.h>

#include "maniple/game.h"
#include "maniple/move_state.h"

/* 4.8: whether u is a Leader Elephant counter (whoever rides it now). */
bool leader_elephant_is(const struct game *g, const struct unit *u);

/* 4.8, 4.82: the index of the leader riding u (alive, on the map), or -1
 * when u is no Leader Elephant or its rider is gone. */
int leader_elephant_rider(const struct game *g, const struct unit *u);

/* 4.82: the index of the Leader Elephant in play that leader `leader`
 * rides, or -1 (he is an ordinary leader). */
int leader_elephant_of(const struct game *g, int leader);

/* 4.82: the rider of Leader Elephant u stays in u's hex (call after u has
 * moved by any means). */
void leader_elephant_carry(struct game *g, const struct unit *u);
/* the body of the hook above (hooks.h) */
void leader_elephant_carry_impl(struct game *g, const struct unit *u);

/* 4.82: Leader Elephant u has just been eliminated: its rider checks for
 * a Leader Casualty as 4.73 has it (a die: 0 is a casualty, settled by
 * leader_casualty_check under 4.82) and, if he lives, is an ordinary
 * leader from now on.  Emits `leader_elephant_lost`, `roll`
 * (for=leader_casualty_check), `leader_hit` and then `leader_unhorsed`
 * when he lives.  Does nothing for another unit. */
void leader_elephant_lost(struct game *g, const struct unit *u);
/* the body of the hook above (hooks.h) */
void leader_elephant_lost_impl(struct game *g, const struct unit *u);

/* 4.84: leader `leader` has just been killed in combat (`rule` names the
 * fire or shock); if he rode a Leader Elephant still in play, roll for
 * it: 0-6 it is removed, 7-9 it rampages (9.14).  Emits `roll`
 * (for=leader_elephant_grief) and `leader_elephant_grief`. */
void leader_elephant_grief(struct game *g, int leader, const char *rule);
/* the body of the hook above (hooks.h) */
void leader_elephant_grief_impl(struct game *g, int leader, const char *rule);

/* 4.85: every Leader Elephant in hex h stacked with another friendly
 * combat unit takes that unit's facing (the unit on top when there are
 * two).  Emits `facing_assumed` for each one that turns. */
void leader_elephant_face(struct game *g, struct hex h);
/* the body of the hook above (hooks.h) */
void leader_elephant_face_impl(struct game *g, struct hex h);

/* 10.13 exception 1: Leader Elephant le (with its rider) and its stack
 * mate share `pool` hits; the mate takes them up to its TQ, the elephant
 * only the excess.  Returns the elephant's part (the mate's is pool
 * minus it). */
int leader_elephant_share(const struct unit *le, const struct unit *mate,
			  int pool);

/* 4.81, 4.83, 6.14: leader `leader`, riding a Leader Elephant, begins a
 * move: the move is the elephant's (m->unit), with the leader's 9 MP
 * (the caller takes off what he has spent this phase), again and again
 * in an Orders Phase; it leaves an enemy ZOC only when may_leave_zoc
 * (his OC's orders, 4.71).  False, with the refusal in m, when he rides
 * none or the elephant may not move (10.41 Engaged...). */
bool leader_elephant_move_begin(const struct game *g, int leader,
				bool may_leave_zoc, struct move *m);

#endif
