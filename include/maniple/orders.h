/* orders.h — giving orders in an Orders Phase: Individual Orders (4.2,
 * 5.21, 5.22 #1, 5.24, 4.23-4.25) and Line Commands (4.3, 5.23 #1), each
 * move carried out one step per command through the movement rules
 * (movement.h), who-may-order-whom through command.h.  The sequence of
 * play (sequence.h) opens and closes the phase through the hooks below.
 *
 * State lives in g->ord (orders_state.h).  Refusals go through cmd_refuse
 * with the rule that forbids; a refused command changes nothing. */
#ifndef MANIPLE_ORDERS_H
#define MANIPLE_ORDERS_H

#include <stdbool.h>
#include <stdio.h>

#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/odds.h"
#include "maniple/sequence.h"

enum orders_mode {
	ORD_NONE,	/* nothing given yet this phase */
	ORD_INDIVIDUAL,	/* 5.21: Individual Orders */
	ORD_LINE,	/* 5.21, 4.31: Line Commands */
};

void orders_state_init(struct orders_state *o);
/* 5.21: sequence.c calls this when a leader's Orders Phase begins. */
void orders_phase_begin(struct game *g);
/* 5.27: sequence.c calls this before the phase's orders are done: the
 * open move ends (move_end, 6.13). */
void orders_phase_end(struct game *g);
/* 6.11, 6.13, 10.14: ends the open move, if any (orders done does this
 * first).  False when its end routed the unit and the rout move waits for
 * its owner's choice (10.22): the phase goes on until it is answered. */
bool orders_close_move(struct game *g);
/* 5.45, GBA 5.46: whether this Orders Phase's units have done what a
 * leader who trumped must do ([leaders] trumper_acts) */
bool orders_trumper_acted(const struct game *g);
/* the body of the hook above (hooks.h) */
bool orders_close_move_impl(struct game *g);
/* 6.63, 6.67, 6.69: whether the open move may end where the mover stands
 * (a unit may not stop in some friends' hexes); if not, refuses through
 * r naming the rule.  `orders done` asks this before ending the phase. */
bool orders_move_may_end(const struct game *g, struct cmd_result *r);
/* the body of the hook above (hooks.h) */
bool orders_move_may_end_impl(const struct game *g, struct cmd_result *r);
/* 6.11, 6.41: true, refusing through r, when ending the open move would
 * roll a die (a phalanx's fifth-MP TQ check): a new order then waits for
 * `halt`, which makes the roll on its own.  Changes nothing. */
bool orders_halt_first(const struct game *g, struct cmd_result *r);
/* the body of the hook above (hooks.h) */
bool orders_halt_first_impl(const struct game *g, struct cmd_result *r);
/* 6.71, 6.74: the open move of a unit when orders may be given now, for
 * the Column commands (phalanx.h); else refuses through r, NULL. */
struct move *orders_open_move(struct game *g, struct cmd_result *r);
/* the body of the hook above (hooks.h) */
struct move *orders_open_move_impl(struct game *g, struct cmd_result *r);
/* The orders' lines of the canonical state text (game_state_text). */
void orders_state_text(const struct game *g, FILE *f);
/* What `move HEX` would do now, without doing it (the checks
 * orders_move makes): the step's MP (6.21), the cohesion hits it brings
 * the mover (terrain, hexside and climb 6.22, 6.27; an elephant's hexes
 * 9.15; stacking 6.69), the MP left after it, whether it ends the move in
 * an enemy ZOC (7.23); or why the step is refused, with the rule. */
struct move_preview {
	bool allowed;
	int mp, hits, mp_left;
	bool stops;		/* 7.23: the move ends there */
	bool may_check;		/* 6.44: a wheel's TQ check may add a hit */
	const char *rule;	/* the rule refusing, when not allowed */
	char reason[200];
};
/* Fills out; returns out->allowed.  dest2: a phalanx's second hex (6.43,
 * `move HEX,HEX`), or HEX_NONE.  Changes nothing. */
bool orders_step_preview(const struct game *g, struct hex dest,
			 struct hex dest2, struct move_preview *out);
/* 5.21, 4.33, 4.31, 4.4, 4.24, 4.92, 6.83: whether the active leader may
 * give a Line Command now, whatever the line; when not, the rule and the
 * reason, the same `line NAME` would be refused with. */
bool orders_line_gate(const struct game *g, char *rule, size_t rn,
		      char *reason, size_t n);
/* The legal orders now (order, move, face, line ... command lines), for
 * seq_legal in SEQ_ORDERS; at most max, returns the count. */
/* 4.33 #2: the odds of the Overall Commander's Strategy roll a Line
 * Command to the line `line NAME [UNIT]` needs now ("pass", "fail"), the
 * same outcome of each face the roll uses; false when that Line Command
 * needs no roll or may not be given. */
bool orders_line_odds(const struct game *g, const char *name,
		      const char *unit, struct odds *o);

/* Each Line Command the active leader may give now that needs the
 * Strategy roll (4.33 #2), with its target and chance: "line hastati: 5
 * or less, DRM +1, 50%; ..." into out; returns how many are told. */
int orders_line_odds_text(const struct game *g, char *out, size_t n);

int orders_legal(const struct game *g, struct decision_answer *out, int max);

/* ---- The orders' rules, one command each (cmd_orders.c parses) ----
 * Each either does what it says, emitting events, or refuses through r
 * with the reason and rule; a refusal may have changed the game only in
 * ways the session's snapshot undoes (it ends the open move first). */

/* 5.22 #1, 4.21-4.25, 4.52-4.54, 5.24, 6.12: an Individual Order to move
 * unit or leader `who`.  what: NULL; "with" (4.23: the active leader
 * moves with the unit); or another 5.22 function (fire 8.1, rally 10.28,
 * recover 10.16, replace 4.74, stack 6.66, regroup 8.64), refused naming
 * its rule.  who a leader: 4.23 the active leader himself, or 4.4 #2 the
 * OC ordering another leader (two orders from an enemy ZOC). */
void orders_order(struct game *g, const char *who, const char *what,
		  struct cmd_result *r);
/* the body of the hook above (hooks.h) */
void orders_order_impl(struct game *g, const char *who, const char *what,
		       struct cmd_result *r);
/* 5.22 #3, #4: an Individual Order to recover (10.16: what "recover",
 * arg NULL) or to rally (10.28: what "rally", arg NULL or the FACING the
 * unit takes if rallied).  orders_order passes these on. */
void orders_order_function(struct game *g, const char *who, const char *what,
			   const char *arg, struct cmd_result *r);
/* 4.31-4.33, 5.23 #1: a Line Command to the line of the chart row
 * `name`; unit (or NULL) names which of the row's lines (line_compose)
 * when it makes several.  May roll the Strategy die (4.33 #2). */
void orders_line(struct game *g, const char *name, const char *unit,
		 struct cmd_result *r);
/* the body of the hook above (hooks.h) */
void orders_line_impl(struct game *g, const char *name, const char *unit,
		      struct cmd_result *r);
/* 4.31, 4.34: opens the move of one unit of a commanded line, or of the
 * commanding leader himself. */
void orders_pick(struct game *g, const char *who, struct cmd_result *r);
/* 6.21-6.32: one hex of the open move. */
void orders_move(struct game *g, const char *hex, struct cmd_result *r);
/* The hexes a `move HEX[,HEX]` line names (a legal answer, its `#`
 * comment allowed): *b HEX_NONE for one hex (6.43: a two-hex unit's step
 * names two); false for any other line. */
bool orders_move_line_hexes(const char *line, struct hex *a, struct hex *b);
/* 7.12-7.14: a facing change of the open move. */
void orders_face(struct game *g, const char *facing, struct cmd_result *r);
/* 6.11, 6.13: ends the open move. */
void orders_halt(struct game *g, struct cmd_result *r);
/* GBA 4.23: `halt LEADER`: the leader going with the moving unit stays
 * where he is while it moves on (refused where he must stay, 4.23) */
void orders_leave_unit(struct game *g, const char *who, struct cmd_result *r);
/* GBA 5.68: `order UNIT with LEADER` / `pick UNIT with LEADER`: the
 * order (or the pick of a commanded Line's unit) moves unit, and the
 * contingent commander leader stacked with it goes along (leader the
 * active one: `order UNIT with`, 4.23). */
void orders_ride(struct game *g, const char *unit, const char *leader,
		 bool pick, struct cmd_result *r);
/* the body of the hook above (hooks.h) */
void orders_halt_impl(struct game *g, struct cmd_result *r);
/* The orders state as events (show orders). */
void orders_show(const struct game *g, struct cmd_result *r);

/* The commands, for the GBoH command table (commands.c). */
void cmd_orders_order(void *ctx, int argc, char **argv, struct cmd_result *r);
void cmd_orders_line(void *ctx, int argc, char **argv, struct cmd_result *r);
void cmd_orders_pick(void *ctx, int argc, char **argv, struct cmd_result *r);
void cmd_orders_move(void *ctx, int argc, char **argv, struct cmd_result *r);
void cmd_orders_face(void *ctx, int argc, char **argv, struct cmd_result *r);
void cmd_orders_halt(void *ctx, int argc, char **argv, struct cmd_result *r);
void cmd_orders_show(void *ctx, int argc, char **argv, struct cmd_result *r);

#define ORDERS_COMMAND_DEFS                                                   \
	{"order", "UNIT|LEADER [with|fire|rally|recover|...]",                \
	 "an Individual Order to move a unit or leader (5.22, 4.2)",          \
	 CMD_CHANGES, cmd_orders_order},                                      \
	{"line", "NAME [UNIT]",                                               \
	 "a Line Command to a line of the chart (5.23, 4.3)", CMD_CHANGES,    \
	 cmd_orders_line},                                                    \
	{"pick", "UNIT|LEADER [with LEADER]",                                 \
	 "move a unit of the commanded line, or its leader (4.31, 4.34)",     \
	 CMD_CHANGES, cmd_orders_pick},                                       \
	{"move", "HEX", "one hex of the open move (6.2)", CMD_CHANGES,        \
	 cmd_orders_move},                                                    \
	{"face", "FACING",                                                    \
	 "turn the moving unit to a vertex: NE E SE SW W NW (7.12)",          \
	 CMD_CHANGES, cmd_orders_face},                                       \
	{"halt", "[LEADER]",                                                  \
	 "end the open move (6.11, 6.13), or leave the leader here (4.23)",   \
	 CMD_CHANGES,           \
	 cmd_orders_halt},                                                    \
	{"show orders", "",                                                   \
	 "the Orders Phase: orders left, the open move, who moved (5.2)",       \
	 CMD_LOOKS, cmd_orders_show}

#endif
