/* sequence.h — the sequence of play (3.0) as a state machine, and leader
 * activation (5.1), momentum (5.3), trump (5.4) and elite initiative (5.5);
 * army withdrawal at the end of each turn (11.1, 11.2, RULINGS R4).
 *
 * The phase is g->phase (enum phase); inside it, g->seq.step says which
 * decision is pending and who owes it.  Every command that changes the
 * sequence runs the automatic steps that follow it (tie rolls, the Shock
 * segment, Rout and Reload, Withdrawal, the next turn's start) until a
 * side owes a decision again or the game is over.  A fresh game (and a
 * sandbox after `setup phase`) has no decision derived yet: `continue`
 * starts it.
 *
 * State lives in struct game (g->seq, see game.h); nothing here is
 * global.  Refusals go through cmd_refuse with the rule that forbids. */
#ifndef MANIPLE_SEQUENCE_H
#define MANIPLE_SEQUENCE_H

#include <stdbool.h>
#include <stdio.h>

#include "maniple/cmd.h"
#include "maniple/decision.h"
#include "maniple/game.h"
#include "maniple/odds.h"

enum seq_step {
	SEQ_NONE,	 /* not derived yet: `continue` */
	SEQ_ELITE,	 /* 5.51: the elite side may give an EIO Phase */
	SEQ_ACTIVATE,	 /* 5.12: activate the lowest, trump (5.41) or pass */
	SEQ_TRUMP_REPLY, /* 5.42: the other side may trump */
	SEQ_ORDERS,	 /* 5.2: the active leader gives orders */
	SEQ_MOMENTUM,	 /* 5.31: attempt momentum or not */
	SEQ_REACTIVATE,	 /* 5.33 [1]: the other side may re-activate */
	SEQ_OVER,	 /* 11.2, R4: the battle is over */
	SEQ_ROUT,	 /* 10.22, 10.26: a rout move waits for its owner
			  * (overrides the step while pending, rout.h) */
	SEQ_REACTION,	 /* 6.5, 7.15, 7.16, 4.72, 7.32: a reaction offered
			  * between the steps of a move (reactions.h) */
	SEQ_SHOCK,	 /* 8.4: a decision of the Shock segment (shock.h) */
	SEQ_ELEPHANT,	 /* 4.91, 4.94: Elephant Leaders placed at the end
			  * of Rout and Reload (elcmd.h) */
	SEQ_STEP_COUNT
};

enum seq_trump_kind {
	TRUMP_NONE,
	TRUMP_THE_TRUMP,	/* 5.42 #1 */
	TRUMP_MOMENTUM,		/* 5.42 #2 */
};

enum seq_result { RESULT_NONE, RESULT_SIDE0, RESULT_SIDE1, RESULT_DRAW };

/* g->seq.leader_flags[i] */
#define SEQ_LF_ACTIVATED 1u   /* had his activation this turn (5.13) */
#define SEQ_LF_NO_MOMENTUM 2u /* trumped or bypassed (5.44), re-activated
			       * (5.34), or in the EIO Phase (5.52) */
#define SEQ_LF_EIO 4u	      /* used the EIO Phase this turn (5.52) */
#define SEQ_LF_BYPASSED 8u    /* passed over by a successful trump (5.44) */
#define SEQ_LF_WAS_IN_ZOC 16u /* seen in an enemy ZOC this turn (5.31) */
#define SEQ_LF_ZOC_PASSED 32u /* passed over in an enemy ZOC when his turn
			       * came; once out of it he goes first and
			       * has no momentum (5.26) */
#define SEQ_LF_LC_BY_OC_RANGE 64u /* gave a Line Command by standing in
				   * his OC's range (GBA 5.31) */

const char *seq_step_name(enum seq_step s);
const char *seq_result_name(enum seq_result r);

/* The phase p begins: g->phase and its `phase` event, citing rule
 * (battle_end.c, under the sequence of play). */
void seq_emit_phase(struct game *g, enum phase p, const char *rule);

/* The battle ends now with res (the Game Over phase and a `game_over`
 * event saying why and by which rule): 11.2's withdrawal, R4's turn
 * limit, GBA 8.46's fallen king.  Nothing when it is over already. */
void seq_game_over(struct game *g, enum seq_result res, const char *why,
		   const char *rule);

/* R7, TABLES.md 6: a leader's Initiative and Command Range after his
 * wounds (never below the table's minimum, 0 without tables). */
int leader_initiative_now(const struct game *g, const struct leader *l);
int leader_command_range_now(const struct game *g, const struct leader *l);

/* The rolls of the sequence, each as the outcome of one die face (the
 * pure function its resolver calls) and its odds over every face
 * (odds.h), so what teach mode or a computer opponent is told is what the
 * roll does.  The _at forms take the rating; the others the leader's
 * rating now (leader_initiative_now), as the roll itself does. */
enum seq_momentum_result {
	MOMENTUM_SUCCESS, /* 5.32: the Initiative or less */
	MOMENTUM_FAILURE, /* 5.32: more: the leader is Finished */
	MOMENTUM_DOOM,	  /* 5.33: a 9, whatever the rating */
};
enum seq_doom_result {
	DOOM_REACTIVATION, /* 5.33: 0-1, the opponent may re-activate */
	DOOM_FINISHED,	   /* 5.33: 2-8, the leader is Finished */
	DOOM_NO_MORE,	   /* 5.33: 9, no more activations this turn */
};
enum seq_momentum_result seq_momentum_result(int initiative, int die);
const char *seq_momentum_result_name(enum seq_momentum_result r);
/* 5.41, 5.42: a trump succeeds on the trumping leader's Initiative or
 * less. */
bool seq_trump_succeeds(int initiative, int die);
enum seq_doom_result seq_doom_result(int die);
const char *seq_doom_result_name(enum seq_doom_result r);
/* 5.53: each side's elite Overall Commander rolls and adds his
 * Initiative; the higher total has the Elite Initiative Phase, a tie
 * nobody.  The side (0, 1) or -1 for a tie; its odds over every pair of
 * faces, outcomes "side0", "side1", "neither". */
int seq_elite_winner(int ini0, int die0, int ini1, int die1);
void seq_elite_odds_at(int ini0, int ini1, struct odds *o);
void seq_momentum_odds_at(int initiative, struct odds *o);
void seq_trump_odds_at(int initiative, struct odds *o);
void seq_doom_odds(struct odds *o);
/* Leader i's momentum roll (5.32) and trump roll (5.41, 5.42) now. */
void seq_momentum_odds(const struct game *g, int i, struct odds *o);
void seq_trump_odds(const struct game *g, int i, struct odds *o);

/* The decision pending now (SEQ_NONE when none is derived, or when the
 * phase was changed under it by a sandbox setup). */
enum seq_step seq_step_now(const struct game *g);
/* the body of the hook above (hooks.h) */
enum seq_step seq_step_now_impl(const struct game *g);
/* The side that owes the pending decision; -1 when no side does (the
 * sequence needs `continue`, or the game is over). */
int seq_decision_side(const struct game *g);
/* Every legal sequence action now, at most max; returns the count.  The
 * looking commands (show, help, legal) are always legal besides these. */
int seq_legal(const struct game *g, struct decision_answer *out, int max);

/* The commands' rules.  Each either does what it says (emitting events,
 * then running the automatic steps that follow) or refuses through r with
 * the reason and rule, changing nothing. */
void seq_continue(struct game *g, struct cmd_result *r);
void seq_activate(struct game *g, const char *leader, struct cmd_result *r);
void seq_pass(struct game *g, const char *leader, struct cmd_result *r);
void seq_trump(struct game *g, const char *leader, const char *designated,
	       struct cmd_result *r);
void seq_no_trump(struct game *g, struct cmd_result *r);
void seq_elite(struct game *g, const char *leader, struct cmd_result *r);
void seq_no_elite(struct game *g, struct cmd_result *r);
void seq_orders_done(struct game *g, struct cmd_result *r);
void seq_momentum(struct game *g, bool attempt, struct cmd_result *r);
/* The gate for giving an Individual Order (5.21): refuses unless a
 * leader is in his Orders Phase with orders left. */
bool seq_may_order(struct game *g, struct cmd_result *r);
/* the body of the hook above (hooks.h) */
bool seq_may_order_impl(struct game *g, struct cmd_result *r);
/* 5.21, 5.45: the orders code calls this for each Individual Order given
 * (a Line Command passes its count); returns the orders left. */
int seq_order_given(struct game *g, int count);
/* GBA 5.31: the active leader gave a Line Command for standing in his
 * Overall Commander's Command Range (4.33 #1); where variants.ini's
 * [momentum] after_line_command_by_oc_range is no, he may not roll for
 * momentum after this phase. */
void seq_line_command_by_oc_range(struct game *g);
/* 10.22, 10.23: a rout move that waited for a choice has ended: the
 * sequence carries on (the Rout Movement segment goes on, or the phase it
 * interrupted); nothing when the sequence is not under way. */
void seq_resume(struct game *g);
/* the body of the hook above (hooks.h) */
void seq_resume_impl(struct game *g);
/* 5.31: notes every leader now in an enemy ZOC (zoc_enemy_in on his hex)
 * as having been in one this turn, which bars his momentum.  The
 * sequence calls it at each turn's start, each return to Leader
 * Activation, each activation and each `orders done`; the orders code
 * calls it after each step of a move. */
void seq_note_leaders_in_zoc(struct game *g);

/* The sequence's lines of the canonical state text (game_state_text). */
void seq_state_text(const struct game *g, FILE *f);

/* The sequence's commands, for the GBoH command table (commands.c). */
void cmd_seq_continue(void *ctx, int argc, char **argv, struct cmd_result *r);
void cmd_seq_activate(void *ctx, int argc, char **argv, struct cmd_result *r);
void cmd_seq_pass(void *ctx, int argc, char **argv, struct cmd_result *r);
void cmd_seq_trump(void *ctx, int argc, char **argv, struct cmd_result *r);
void cmd_seq_no_trump(void *ctx, int argc, char **argv, struct cmd_result *r);
void cmd_seq_elite(void *ctx, int argc, char **argv, struct cmd_result *r);
void cmd_seq_no_elite(void *ctx, int argc, char **argv, struct cmd_result *r);
void cmd_seq_orders_done(void *ctx, int argc, char **argv,
			 struct cmd_result *r);
void cmd_seq_momentum(void *ctx, int argc, char **argv, struct cmd_result *r);
void cmd_seq_no_momentum(void *ctx, int argc, char **argv,
			 struct cmd_result *r);
void cmd_seq_legal(void *ctx, int argc, char **argv, struct cmd_result *r);
void cmd_seq_show(void *ctx, int argc, char **argv, struct cmd_result *r);

/* The rows of the command table, for gboh_defs in commands.c. */
#define SEQUENCE_COMMAND_DEFS                                                 \
	{"continue", "",                                                      \
	 "carry the sequence of play on to its next decision (3.0)",          \
	 CMD_CHANGES, cmd_seq_continue},                                      \
	{"activate", "LEADER",                                                \
	 "activate the lowest-rated leader (5.12) or re-activate (5.33)",    \
	 CMD_CHANGES, cmd_seq_activate},                                      \
	{"pass", "[LEADER]",                                                  \
	 "pass the lowest leader (5.15, 5.26) or a re-activation (5.33)",    \
	 CMD_CHANGES, cmd_seq_pass},                                          \
	{"trump", "LEADER [INSTEAD-OF]",                                      \
	 "attempt a trump with LEADER (5.41, 5.42)", CMD_CHANGES,             \
	 cmd_seq_trump},                                                      \
	{"no trump", "", "decline the trump offered by 5.42", CMD_CHANGES,    \
	 cmd_seq_no_trump},                                                   \
	{"elite", "LEADER",                                                   \
	 "give the Elite Initiative Orders Phase to LEADER (5.51)",           \
	 CMD_CHANGES, cmd_seq_elite},                                         \
	{"no elite", "", "decline the Elite Initiative Orders Phase (5.51)",  \
	 CMD_CHANGES, cmd_seq_no_elite},                                      \
	{"orders done", "", "end the active leader's Orders Phase (5.27)",    \
	 CMD_CHANGES, cmd_seq_orders_done},                                   \
	{"end", "", "the same as orders done (5.27)", CMD_CHANGES,            \
	 cmd_seq_orders_done},                                                \
	{"momentum", "", "roll for another Orders Phase (5.31-5.33)",         \
	 CMD_CHANGES, cmd_seq_momentum},                                      \
	{"no momentum", "",                                                   \
	 "no momentum: the active leader is Finished (5.15)", CMD_CHANGES,    \
	 cmd_seq_no_momentum},                                                \
	{"legal", "", "every legal action now and who owes the decision (3.0)",     \
	 CMD_LOOKS, cmd_seq_legal},                                           \
	{"show sequence", "",                                                 \
	 "turn, phase, pending decision, each leader's activation (3.0)",   \
	 CMD_LOOKS, cmd_seq_show}

#endif
