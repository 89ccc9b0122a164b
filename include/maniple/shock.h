/* shock.h — the Shock Combat segment (3.0 B.2, 8.4-8.6) as a state
 * machine over g->shock (shock_state.h).
 *
 * The sequence of play calls shock_segment_begin when an Orders Phase
 * reaches its Shock segment; while the segment is under way the pending
 * decision is step `shock` (SEQ_SHOCK), after any rout move (SEQ_ROUT) or
 * reaction (SEQ_REACTION) it raised.  Every command that answers a shock
 * decision, and seq_resume after a rout or a reaction, runs shock_run,
 * which carries the steps on until a decision is owed or the segment is
 * over; then the sequence goes on to the Momentum phase.
 *
 * Who owns what (one file each; each step is a function the driver in
 * shock.c calls over the current batch, re-entrant through
 * g->shock.cursor and g->shock.sub, returning true when the step is done
 * for every combat of the batch and false only when it waits — for
 * g->shock.ask (set with shock_ask), a rout move's choice, a reaction, or
 * a follow-up batch it pushed (shock_push_followup).  A step returning
 * false with none of these ends the segment with `shock_stalled`, a bug):
 *   shock_designate.c  7.33, 8.41, 8.42, 5.26, 5.45, 10.41-10.42 at
 *                      designation: `designate`, `disengage`
 *   shock_charge.c     8.43, 8.44/4.73, 8.47 [1] [2], 10.15, the phalanx
 *                      stand-or-rout roll, 6.68/9.63 stack routs
 *   shock_resolve.c    8.45, 8.46 (wiring shock_calc.h), 10.13, 6.68,
 *                      9.62, 6.75, 6.76, 8.17: `clash`, `hits`
 *   shock_advance.c    8.5, 8.55, 4.72 after shock, 10.15's advance
 *                      hits: `advance`
 *   pursuit.c          8.6: `pursue`, `order LEADER regroup` (8.64)
 *   engaged.c          10.4 (optional rule, a battle option)
 */
#ifndef MANIPLE_SHOCK_H
#define MANIPLE_SHOCK_H

#include <stdbool.h>
#include <stdio.h>

#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/sequence.h"

/* ---------------------------- the segment's state (shock_state.c) */

void shock_state_init(struct shock_state *s);
/* The segment's lines of the canonical state text (game_state_text). */
void shock_state_text(const struct game *g, FILE *f);
const char *shock_step_name(int step);
const char *shock_ask_name(int ask);
/* The rule of a step ("8.41" for designate, ...). */
const char *shock_step_rule(int step);

/* ------------------------------------------------ the driver (shock.c)
 * (shock_under_way, shock_pending, shock_ask, shock_answered,
 * shock_add_combat, shock_combat_role and shock_standing below are the
 * state's, shock_state.c) */

/* 3.0 B.2: the active leader's Orders Phase reaches its Shock segment.
 * Starts the segment and runs it as far as it goes. */
void shock_segment_begin(struct game *g);
/* Carries the segment on until a decision is owed (false) or it is over
 * (true; g->shock.step is SHS_NONE again).  Does nothing while a rout
 * move or a reaction waits. */
bool shock_run(struct game *g);
/* The segment is under way (g->shock.step != SHS_NONE). */
bool shock_under_way(const struct game *g);
/* A shock decision is owed now (under way, g->shock.ask set, no rout or
 * reaction before it). */
bool shock_pending(const struct game *g);
int shock_decision_side(const struct game *g);
int shock_legal(const struct game *g, struct decision_answer *out, int max);
void shock_pending_text(const struct game *g, char *buf, size_t n);

/* For the step functions: */
/* Sets the decision the step waits for. */
void shock_ask(struct game *g, int ask, int side, int combat, int unit);
/* Clears it (the answering command calls this, then seq_resume). */
void shock_answered(struct game *g);
/* Appends a combat (designation, or a pursuit's follow-up); its index, or
 * -1 when the table is full.  Fields set to "none" (-1, false, 0). */
int shock_add_combat(struct game *g);
/* 8.62: runs combat ci alone through 8.43-8.47 now; the outer batch waits
 * at its step, cursor and sub, and resumes when the follow-up is done. */
void shock_push_followup(struct game *g, int ci);
/* The follow-up batch is over: the segment goes back to the step, combat
 * and batch it was in when it was pushed. */
void shock_pop_followup(struct game *g);
/* The side of unit index u in combat ci: 0 attacker, 1 defender, -1 not
 * in it; *slot gets its index in att/def. */
int shock_combat_role(const struct game *g, int ci, int u, int *slot);
/* 8.43, 8.47, 8.62: unit u of combat ci routs under rule: marks it gone
 * and starts its rout move (rout_begin; a pursuit's follow-up combat uses
 * the full Rout Movement of 10.23, pursuit.c).  A routed unit hit again
 * is eliminated by cohesion_hits (10.27), which marks it gone too. */
void shock_rout_unit(struct game *g, int ci, int u, const char *rule);
/* Emits a `shock` event naming the step, the combat and the rule. */
void shock_emit_step(struct game *g, int step, const char *rule);
/* The segment enters step (its cursor at the batch's first combat, its
 * marks cleared) and says so, unless the book lacks the step's rule
 * (shock_state.c). */
void shock_enter_step(struct game *g, int step);
/* Units in play still standing (not gone) on a side of combat ci. */
int shock_standing(const struct game *g, int ci, int role);

/* ------------------------------------------ the steps (one owner each) */

/* shock_designate.c: 8.41, 8.42.  Asks SHA_DESIGNATE (and SHA_ENGAGED)
 * until `designate done` closes it; true when closed.  An empty segment
 * (no unit may or must shock) closes at once. */
bool shock_step_designate(struct game *g);
int shock_designate_legal(const struct game *g, struct decision_answer *out,
			  int max);
/* shock_charge.c */
bool shock_step_charge(struct game *g);	  /* 8.43 */
bool shock_step_leaders(struct game *g);  /* 8.44, 4.73 */
bool shock_step_collapse(struct game *g); /* 8.47 [1] [2], 10.15 */
/* 8.43, 9.11 #1, 9.53, 9.63: the Pre-Shock TQ check of unit k of side
 * role (0 the attackers, 1 the defenders) of combat ci as the board
 * stands: whether it checks (else why not, and the rule that spares
 * it), each modifier to its roll and their sum.  The Charge step rolls
 * from it and teach mode previews it (shock_charge_odds): one place for
 * the rule.  False when the unit does not stand in the combat (gone,
 * off the map, routed) or ci, role, k are out of range. */
#define CHARGE_MODIFIERS_MAX 8
struct charge_modifier {
	const char *name; /* "elephant_vs_heavy_front", "mixed_roman_stack" */
	int drm;
	const char *rule;
};
struct charge_check {
	bool checks;
	const char *why;  /* when it does not: "shock_no_check", ... */
	const char *rule; /* the rule of the check or of its absence */
	int drm;	  /* the sum of mod[] */
	int n;
	struct charge_modifier mod[CHARGE_MODIFIERS_MAX];
};
bool shock_charge_check(const struct game *g, int ci, int role, int k,
			struct charge_check *cc);
/* The odds of that check, face by face as the Charge step reads its
 * roll (tq_check_hits against the TQ now): outcomes "N hits", value N,
 * rule 8.43.  False as shock_charge_check or when the unit does not
 * check. */
bool shock_charge_odds(const struct game *g, int ci, int role, int k,
		       struct odds *o);
/* 10.15 [1]-[3]: when every standing unit of combat ci would rout, the
 * side that routs (0 attacker, 1 defender): the one holding the unit
 * furthest over its TQ, attacker k counting att_cost[k] more hits (the
 * hits its advance would cost, 10.15 [1]; NULL: none); a tie routs the
 * defender.  Changes nothing. */
int shock_all_rout_side(const struct game *g, int ci, const int *att_cost);
/* 10.15: decides as above, emits the inputs, sets the hits of the side
 * that stays to TQ minus 1 and marks c->all_rout; returns the side that
 * routs (the caller routs it).  rule: the step (8.43 or 8.47). */
int shock_all_rout_apply(struct game *g, int ci, const int *att_cost,
			 const char *rule);
/* 10.15 with each standing attacker's shock_advance_cost. */
int shock_all_rout(struct game *g, int ci, const char *rule);
/* shock_resolve.c */
bool shock_step_clash(struct game *g);	 /* 8.45 */
bool shock_step_resolve(struct game *g); /* 8.46, 10.13 */
int shock_resolve_legal(const struct game *g, struct decision_answer *out,
			int max);
/* 6.76, 8.17: the end of the segment (javelins Missile No) and of the
 * Orders Phase (column units attacked re-form) */
void shock_resolve_segment_end(struct game *g);
/* shock_advance.c */
bool shock_step_advance(struct game *g); /* 8.47 [3]: 8.5, calls 8.6 */
/* 8.43: an attacker advances into a hex a pre-shock rout vacated; false
 * while it waits for a choice (SHA_ADVANCE). */
bool shock_advance_after_charge(struct game *g, int ci);
/* 10.15 [1]: the hits attacker unit u would take advancing into combat
 * ci's vacated hexes (terrain, elevation; 8.51) */
int shock_advance_cost(const struct game *g, int ci, int u);
int shock_advance_legal(const struct game *g, struct decision_answer *out,
			int max);
/* pursuit.c: 8.6 */
/* 8.61: whether attacking cavalry of combat ci pursue instead of
 * advancing; when so, runs the pursuit (false while it waits). *done
 * says the pursuit took the place of the advance for this combat. */
bool pursuit_after_combat(struct game *g, int ci, bool *done);
int pursuit_legal(const struct game *g, struct decision_answer *out, int max);
/* 8.62: a unit routed in a follow-up combat moves its full Rout
 * Movement (10.23) instead of 2 hexes. */
void pursuit_rout_begin(struct game *g, int u, const char *rule);
/* engaged.c: 10.4 (only when the battle's option is on) */
bool engaged_rule_on(const struct game *g);
bool shock_step_engaged(struct game *g); /* 8.47 [3] last paragraph */
int engaged_legal(const struct game *g, struct decision_answer *out, int max);
/* 10.41 bullet 3: an Engaged unit the designation must give Shock No
 * Check (in the active leader's range, shock capable, not retreating). */
bool engaged_must_shock(const struct game *g, int u);
/* 10.42: before designation, each Engaged unit that may (or must) retreat
 * one hex is asked (SHA_ENGAGED); false while an answer is owed.  The
 * designation step calls it first. */
bool engaged_before_designation(struct game *g);

#endif
