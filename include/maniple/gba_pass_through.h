/* gba_pass_through.h — GBA 9.13 and 9.23, the pass-through attack: where
 * variants.ini's [elephants] pass_through is automatic, every elephant or
 * chariot that attacked and stands unrouted after its combat goes to the
 * far side of the unit it attacked, whether or not that unit stayed;
 * when enemies hold the far side it shock-attacks them, row after row,
 * until it comes out behind (GBA 9.13's play note).  There is no
 * defender's choice (SPQR 9.11's Pass-Thru, passthru.c, is not offered).
 *
 * Rulings (rules/gba/rulings.ini R109, R121, R172):
 *  - the far side of a unit attacked through its front is its rear hexes
 *    next to the hex attacked (GBA 9.13's example: 3022 into 2921 goes to
 *    2821 or 2822); through a flank or the rear, the one hex directly
 *    opposite the hexside charged through (beyond a two-hex unit's other
 *    half);
 *  - R109 (A9): an empty hex there takes it, facing kept; with none, it
 *    attacks the enemies of one (a friend or closed terrain in the
 *    others); with friends or closed terrain only, it stays where it is;
 *  - R109: where two hexes are empty (or, none empty, two hold enemies)
 *    its player names the one (SHA_PASSTHRU_PLACE, `passthru place
 *    HEX`); a computer player takes the one directly opposite the
 *    hexside charged through, listed first;
 *  - R121 (A21): the second-row attack is a combat of its own in the same
 *    Shock segment (shock_push_followup), the once-a-phase limit of 8.31
 *    not applying; its attacker counts as having moved (must check);
 *  - the pass-through takes the place of the passing unit's advance
 *    (8.5); the combat's other attackers advance as usual;
 *  - R162: each elephant and chariot among a combat's attackers goes
 *    through (or attacks the next row), one after the other in the
 *    order they were designated, each as if alone, the later finding
 *    the hexes the earlier took filled. */
#ifndef MANIPLE_GBA_PASS_THROUGH_H
#define MANIPLE_GBA_PASS_THROUGH_H

#include <stdbool.h>

#include "maniple/footprint.h"
#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/sequence.h"

struct shock_combat;

/* GBA 9.13, 9.23 for combat ci, after its Collapse (the Advance step,
 * before 8.5): sets each of its elephants and chariots down behind its
 * target, or starts its attack on the next row (false: that combat runs
 * now, or its player names a hex, and this is called again after).  True
 * at once when the rule is off or the combat has no elephant or
 * chariot. */
bool gba_pass_through_after_combat(struct game *g, int ci);
/* GBA 9.24 (the Charge step, before the pre-shock rolls): for each
 * combat of the batch whose one attacker is a chariot coming through the
 * front of Macedonian defenders (its side's `macedonian`), each defender
 * rolls against its TQ; when every roll is the TQ or less the ranks
 * open: each takes 1 hit, the combat is not fought, and the chariot goes
 * through after it (GBA 9.23).  Any roll over the TQ: the shock is
 * fought.  (R173: a combat with other attackers is fought as usual; the
 * hit is taken only when the ranks open.) */
void gba_open_ranks(struct game *g);
/* GBA 9.13, 9.23: the `passthru place HEX` lines legal while its player
 * names the hex (combat state PT_CHOOSING) */
int gba_pass_through_legal(const struct game *g, struct decision_answer *out,
			   int max);
/* the answer: h, one of those hexes; refuses through r otherwise */
void gba_pass_through_choose(struct game *g, struct hex h,
			     struct cmd_result *r);
/* Whether combat ci's attacker of slot k went through (it makes no 8.5
 * advance). */
bool gba_pass_through_went(const struct game *g, int ci, int k);
/* 8.45 for a second-row attack: the side of defender d that its
 * attacker a strikes from the row it passed (a stands two hexes away);
 * ZONE_NONE when combat c is no such attack. */
enum hex_zone gba_pass_through_side(const struct game *g,
				    const struct shock_combat *c,
				    const struct unit *a, const struct unit *d);

#endif
