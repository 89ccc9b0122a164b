/* rampage.h — the Elephant Rampage (SPQR 9.14; the leader on a leader
 * elephant 4.82; Orderly Withdrawal before it 6.51, a leader's
 * withdrawal 4.72).
 *
 * An elephant unit that routs goes on a Rampage instead of making a rout
 * move (10.21): rout.c hands it here the moment its rout starts.  The
 * rampage is played out before anything else: while it is under way,
 * routs it causes wait in the rout queue (so only one elephant rampages
 * at a time) and rout_pending(g) is true, so whatever called into the
 * rout (orders, fire, the Shock segment) waits too.  Roll by roll:
 *
 *   0    heads for the nearest friendly combat unit (a leader elephant
 *        is eliminated instead);
 *   1-6  heads for the hexside the map's compass gives for the roll
 *        (map.h compass[roll - 1]);
 *   7-9  first roll: heads straight away from the unit that caused the
 *        rampage; a later roll: the mahout ends it, the elephant is
 *        eliminated (a leader elephant is rallied with TQ - 2 hits).
 *
 * Each roll moves it up to 3 hexes in a straight line along that
 * hexside, one hex at a time.  A hex holding a combat unit stops it in
 * the hex before; the units there take 1 cohesion hit if the elephant
 * comes at them through their front, 2 through a flank or the rear, 2
 * always for cavalry.  A leader in a hex it enters or strikes is killed.
 * It ends off the map, at 8 or more hexes from every other combat unit,
 * or after the 4th roll (eliminated each time).  Routed, it exerts no
 * ZOC (7.21) and may not be rallied (10.28, rally.c).
 *
 * Withdrawal before it (6.51, 4.72): before each hex, the units of the
 * first hex its roll would strike, once it is within 2 hexes of them,
 * and the leaders of the very next hex, of either side, are offered the
 * ordinary withdrawal (reactions window, `withdraw` / `no reaction`) when
 * they could take it; the rampage then stops (rampage_waiting) and goes
 * on from where it stopped once every offer is answered
 * (rampage_after_command, called by session_exec after each command).
 *
 * Rulings: see rampage.c and doc-parts/rampage.md. */
#ifndef MANIPLE_RAMPAGE_H
#define MANIPLE_RAMPAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "maniple/game.h"

void rampage_state_init(struct rampage_state *r);
/* The rampage's line of the canonical state text, only while one is
 * under way (game_state_text). */
void rampage_state_text(const struct game *g, FILE *f);

/* 9.14: elephant unit `unit` (an index into g->units) rampages under
 * `rule` (10.14 a rout, 4.84 grief, ...).  While a rampage or a rout move
 * is under way, it waits its turn in the rout queue instead.  Emits
 * `rampage`, `roll` (for=rampage) and `rampage_roll` for each roll,
 * `rampage_moved`, `rampage_contact`, `rampage_trampled`,
 * `rampage_blocked`, `rampage_offer`, `rampage_waits`,
 * `rampage_resumes` and `rampage_end`.  Does nothing for a unit out of
 * play or not an elephant. */
void rampage_run(struct game *g, int unit, const char *rule);
/* the body of the hook above (hooks.h) */
void rampage_run_impl(struct game *g, int unit, const char *rule);

/* A rampage is under way (from its first roll to its end). */
bool rampage_under_way(const struct game *g);
/* It has stopped for the withdrawal offers it made (6.51, 4.72). */
bool rampage_waiting(const struct game *g);
/* Who owes what while it waits, for refusals. */
void rampage_pending_text(const struct game *g, char *buf, size_t n);
/* After a command: a rampage whose offers are all answered goes on (to
 * its end, or to its next stop).  Returns whether it went on. */
bool rampage_after_command(struct game *g);

/* 9.14: the rampage heading for a die roll of 1..6 on this map's
 * compass; -1 for any other roll. */
int rampage_compass(const struct game *g, int roll);

#endif
