/* elcmd.h — Elephant Command, optional (SPQR 4.9, 4.91-4.94), in force
 * when the battle's [rules] say elephant_command = yes.
 *
 * How we play it:
 *   - 4.91 first orders: each army's elephants take orders normally until
 *     the end of the first Orders Phase in which any of them was given an
 *     order (an Individual Order or a place in a Line Command).  After
 *     that, an ordinary leader orders an elephant only if the elephant
 *     shared his hex when his Orders Phase began and he has not moved
 *     since; from then on he stays with that elephant for the rest of the
 *     phase: he goes along when it moves (as with 4.23's `order UNIT
 *     with`, done for him), may not move on his own nor with another
 *     unit.  In a Line Command, other elephants of the line may move only
 *     when such an elephant is in the line.
 *   - 4.91, 4.94 Elephant Leader counters: at the end of each Rout and
 *     Reload Phase, each army with elephants (side 0 first) is offered
 *     the decision: `elephant leader remove ID` (any or all of its
 *     counters, before it places one), `elephant leader UNIT` (a counter
 *     on a friendly elephant unit without one, at most two in play) and
 *     `elephant done`.  (A Leader Elephant of 4.8 is not an elephant
 *     unit here.)  A counter is a leader of kind elephant_leader
 *     (Initiative 1, one Line Command; a battle may list such leaders off
 *     the map, else they are made as needed: eleph1, eleph2 ...).  It
 *     rides its unit and is not a leader on the map: no Command Range, no
 *     ZOC bar (4.24, 5.26), no casualty, no rally; it leaves play when
 *     its unit routs or leaves the map (ruling).
 *   - 4.92: activated in the usual order (5.12), it gives one Line
 *     Command (`elephant line`), whatever its distance from the OC, to the
 *     elephants linked to its unit (the chart row naming that unit, or
 *     adjacent elephants; one orientation, 4.32).  The elephants picked
 *     from it (`pick UNIT`: 4.31, not all need take part) may turn only
 *     in their starting hex before moving and may not end their move
 *     while a hex is still open to them; stacking (6.6) and fire are as
 *     usual.
 *   - 4.93: no Individual Orders, no momentum, no trump, no Elite
 *     Initiative or re-activation for an Elephant Leader. */
#ifndef MANIPLE_ELCMD_H
#define MANIPLE_ELCMD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/sequence.h"

/* 4.9: the battle uses the optional rule. */
bool elcmd_on(const struct game *g);
/* 4.9: leader li is an Elephant Leader counter (the rule on, kind
 * elephant_leader). */
bool elcmd_elephant_leader(const struct game *g, int li);
/* 4.91: the elephant unit counter li sits on (its unit in play and not
 * routed), or -1. */
int elcmd_counter_unit(const struct game *g, int li);
/* 4.91: counter li is in play and may be activated (5.12). */
bool elcmd_counter_in_play(const struct game *g, int li);

/* ---- Rout and Reload (4.91, 4.94) ---- */

/* Called at the end of the Rout and Reload Phase: removes the counters
 * whose units are gone and offers the decision.  True when nothing waits
 * (the sequence goes on to Withdrawal). */
bool elcmd_rout_reload_end(struct game *g);
bool elcmd_pending(const struct game *g);
int elcmd_decision_side(const struct game *g);
void elcmd_pending_text(const struct game *g, char *buf, size_t n);
/* The `elephant ...` lines legal in that decision. */
int elcmd_legal(const struct game *g, struct decision_answer *out, int max);
void elcmd_place(struct game *g, const char *unit, struct cmd_result *r);
void elcmd_remove(struct game *g, const char *leader, struct cmd_result *r);
void elcmd_done(struct game *g, struct cmd_result *r);

/* ---- the Orders Phase (4.91-4.93); orders.c asks these ---- */

/* 4.91: the active leader's hex at the start of his Orders Phase. */
void elcmd_phase_begin(struct game *g);
/* 4.91: the phase's orders are over: notes an army's first. */
void elcmd_phase_end(struct game *g);
/* 4.91: why the active leader may not order elephant ui now (an
 * Individual Order, `with` as asked; or, by_line, a pick in his Line
 * Command); NULL when he may.  The reason goes into why (n bytes); the
 * rule is returned. */
const char *elcmd_order_refusal(const struct game *g, int ui, bool with,
				bool by_line, char *why, size_t n);
/* 4.91, 4.93: why leader li may not move on his own now, or NULL. */
const char *elcmd_leader_move_refusal(const struct game *g, int li,
				      char *why, size_t n);
/* 4.91: the leader who must go along with unit ui's move now (the active
 * leader staying with his elephant), or -1. */
int elcmd_rider(const struct game *g, int ui);
/* 4.92: why the open move may not change facing now, or NULL. */
const char *elcmd_face_refusal(const struct game *g, char *why, size_t n);
/* 4.92: why the open move may not end now, or NULL. */
const char *elcmd_end_refusal(const struct game *g, char *why, size_t n);
/* 4.92: the Elephant Leader's Line Command (`elephant line`). */
void elcmd_line(struct game *g, struct cmd_result *r);
/* The `elephant line` legal now (for seq_legal in SEQ_ORDERS). */
int elcmd_orders_legal(const struct game *g, struct decision_answer *out,
		       int max);

/* The rule's line of the canonical state text (only when it is on). */
void elcmd_state_text(const struct game *g, FILE *f);

void cmd_elcmd_leader(void *ctx, int argc, char **argv, struct cmd_result *r);
void cmd_elcmd_done(void *ctx, int argc, char **argv, struct cmd_result *r);
void cmd_elcmd_line(void *ctx, int argc, char **argv, struct cmd_result *r);

#define ELCMD_COMMAND_DEFS                                                    \
	{"elephant leader", "UNIT | remove LEADER",                           \
	 "place or remove an Elephant Leader (4.91, 4.94)",                   \
	 CMD_CHANGES, cmd_elcmd_leader},                                      \
	{"elephant done", "",                                                 \
	 "end this army's Elephant Leader placing (4.91, 4.94)", CMD_CHANGES, \
	 cmd_elcmd_done},                                                     \
	{"elephant line", "",                                                 \
	 "the Elephant Leader's Line Command to his elephants (4.92)",        \
	 CMD_CHANGES, cmd_elcmd_line}

#endif
