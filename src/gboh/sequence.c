/* sequence.c — the sequence of play (3.0) as a state machine: Leader
 * Activation (5.1), the Orders Phase's frame (5.2: its order count and its
 * end; the orders themselves come with the orders code), the Shock
 * segment (empty until 8.4 is built), Momentum (5.3), Trump (5.4), Elite
 * Initiative (5.5), Rout and Reload (3.0 D), Withdrawal (11, RULINGS R4).
 *
 * Dice are drawn in this order: 5.53's elite roll at a turn's start (the
 * first side, then the second), or GBA 5.5's one roll for the Elite
 * phase from turn 2 on; 5.12's tie roll when the lowest rating is
 * tied across the sides (the first side, then the second, again on equal
 * rolls); a trump's roll (5.41, 5.42); momentum (5.32) and, on a 9, the
 * Die Roll of Doom (5.33). */
#include "maniple/sequence.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "maniple/command.h"
#include "maniple/elcmd.h"
#include "maniple/gba_crisis.h"
#include "maniple/movement.h"
#include "maniple/missile.h"
#include "maniple/orders.h"
#include "maniple/prearranged.h"
#include "maniple/reactions.h"
#include "maniple/reinforcements.h"
#include "maniple/rally.h"
#include "maniple/rout.h"
#include "maniple/shock.h"
#include "maniple/shock_designate.h"
#include "maniple/tables.h"
#include "maniple/scorpio.h"

/* Why an action is not legal: the text and the rule. */
struct why {
	char text[CMD_REASON_MAX];
	const char *rule;
};

static bool deny(struct why *w, const char *rule, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static bool deny(struct why *w, const char *rule, const char *fmt, ...)
{
	if (w) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(w->text, sizeof w->text, fmt, ap);
		va_end(ap);
		w->rule = rule;
	}
	return false;
}

static void refuse_why(struct cmd_result *r, const struct why *w)
{
	cmd_refuse(r, w->rule, "%s", w->text);
}

static const char *const step_names[SEQ_STEP_COUNT] = {
	"none",	  "elite",    "activate",   "trump_reply",
	"orders", "momentum", "reactivate", "over",
	"rout",	  "reaction", "shock", "elephant",
};

const char *seq_step_name(enum seq_step s)
{
	return (unsigned)s < SEQ_STEP_COUNT ? step_names[s] : "?";
}

static const char *side_id(const struct game *g, int s)
{
	if (s < 0 || s > 1)
		return "-";
	return g->battle && g->battle->sides[s].id[0] ? g->battle->sides[s].id
						      : (s ? "side1" : "side0");
}

static const char *lid(const struct game *g, int i)
{
	return i >= 0 && i < g->nleaders ? g->leaders[i].id : "-";
}

static unsigned flags(const struct game *g, int i)
{
	return g->seq.leader_flags[i];
}

static void set_flag(struct game *g, int i, unsigned f)
{
	g->seq.leader_flags[i] = (unsigned char)(g->seq.leader_flags[i] | f);
}

/* On the map, alive and in play. */
static bool present(const struct leader *l)
{
	return l->on_map && !l->killed && l->available;
}

/* 4.71, 5.26, 5.31: the leader's hex is in a ZOC of an enemy unit. */
static bool in_enemy_zoc(const struct game *g, int i)
{
	const struct leader *l = &g->leaders[i];
	return g->battle && g->battle->map && present(l) &&
	       zoc_enemy_in(g, l->side, l->hex);
}

/* 4.24, 5.26: a leader other than the Overall Commander in an enemy ZOC
 * issues no orders (the OC may order himself out, 4.4 #1). */
static bool zoc_bars_orders(const struct game *g, int i)
{
	return !g->leaders[i].overall && in_enemy_zoc(g, i);
}

/* 5.13: Inactive (or Bypassed, 5.44), not yet activated this turn, and
 * not set aside by 5.26.  GBA 5.62: a contingent commander, with no
 * Initiative, never is (a Wing Commander's orders activate him; ruling
 * R131: nor without the optional rule). */
static bool not_yet_activated(const struct game *g, int i)
{
	const struct leader *l = &g->leaders[i];
	return !l->contingent_commander &&
	       (present(l) || elcmd_counter_in_play(g, i)) && /* 4.91 */
	       (l->state == LS_INACTIVE || l->state == LS_BYPASSED) &&
	       !(flags(g, i) & SEQ_LF_ACTIVATED);
}

/* 5.12, 5.13: in the normal order of activation. */
static bool eligible(const struct game *g, int i)
{
	return not_yet_activated(g, i) && !(flags(g, i) & SEQ_LF_ZOC_PASSED);
}

/* 5.26: passed over in an enemy ZOC and out of it now: he must be
 * activated before any other leader. */
static bool zoc_first(const struct game *g, int i)
{
	return not_yet_activated(g, i) && (flags(g, i) & SEQ_LF_ZOC_PASSED) &&
	       !in_enemy_zoc(g, i);
}

/* 5.31 */
void seq_note_leaders_in_zoc(struct game *g)
{
	for (int i = 0; i < g->nleaders; i++)
		if (in_enemy_zoc(g, i))
			set_flag(g, i, SEQ_LF_WAS_IN_ZOC);
}

/* ---- events ---- */

static void emit(struct game *g, struct event *e)
{
	game_emit(g, e);
}

/* 5.15 */
static void finish(struct game *g, int i, const char *why, const char *rule)
{
	g->leaders[i].state = LS_FINISHED;
	set_flag(g, i, SEQ_LF_ACTIVATED);
	struct event e;
	event_init(&e, "finished");
	event_add(&e, "leader", "%s", g->leaders[i].id);
	event_add(&e, "side", "%d", g->leaders[i].side);
	event_add(&e, "why", "%s", why);
	event_add(&e, "rule", "%s", rule);
	emit(g, &e);
}

/* ---- the activation order (5.12, 5.13) ---- */

struct act_view {
	bool any;	/* a leader may still be activated */
	int min;	/* the lowest Initiative among them */
	int n[2];	/* each side's leaders at that rating */
	int side;	/* the side that activates; -1 while a roll is due */
	bool tie;	/* both sides have leaders at the lowest rating */
	bool roll_due;	/* 5.12: the tie has not been rolled yet */
	bool first;	/* 5.26: only leaders out of a ZOC go now */
};

/* 5.12, 5.26: a leader activation may go to now (the act_view's set). */
static bool candidate(const struct game *g, const struct act_view *v, int i)
{
	return v->first ? zoc_first(g, i) : eligible(g, i);
}

/* 5.12, 5.13, 5.26.  Ruling on 5.26's last paragraph (with 5.15 "but see
 * 5.26"): a leader's turn "comes" when he is the leader (or one of the
 * equally rated leaders) 5.12 says his side activates now.  If he is
 * then in an enemy ZOC and not the OC, his player may activate him (he
 * gives no orders, 4.24) or pass him; passing does not Finish him but
 * sets him aside (SEQ_LF_ZOC_PASSED).  At every later Leader Activation
 * decision of the turn, a set-aside leader out of every enemy ZOC must
 * be activated before any other leader of either side: the set-aside
 * leaders out of ZOC are then the only ones 5.12 looks at (lowest
 * first, 5.12's tie roll between the sides), no pass and no trump; he
 * cannot use momentum.  One still in a ZOC when the turn's activations
 * run out is simply not activated. */
static void act_view(const struct game *g, struct act_view *v)
{
	memset(v, 0, sizeof *v);
	v->side = -1;
	if (g->seq.doom)
		return; /* 5.33: no more activations this turn */
	for (int i = 0; i < g->nleaders && !v->first; i++)
		v->first = zoc_first(g, i);
	for (int i = 0; i < g->nleaders; i++) {
		if (!candidate(g, v, i))
			continue;
		int ini = leader_initiative_now(g, &g->leaders[i]);
		if (!v->any || ini < v->min) {
			v->min = ini;
			v->n[0] = v->n[1] = 0;
		}
		v->any = true;
		if (ini == v->min)
			v->n[g->leaders[i].side & 1]++;
	}
	if (!v->any)
		return;
	v->tie = v->n[0] > 0 && v->n[1] > 0;
	if (!v->tie)
		v->side = v->n[0] > 0 ? 0 : 1;
	else if (g->seq.tie_initiative == v->min)
		v->side = g->seq.tie_next_side & 1;
	else
		v->roll_due = true;
}

/* 5.12 the act_view of g in v; false, with the refusal in r, while a tie
 * for the next activation is still to be rolled. */
static bool tie_settled(const struct game *g, struct act_view *v,
			struct cmd_result *r)
{
	act_view(g, v);
	if (!v->roll_due)
		return true;
	cmd_refuse(r, "5.12", "the tie must be rolled first: continue");
	return false;
}

/* The side's leaders at the lowest rating: indexes into out. */
static int lowest_of(const struct game *g, const struct act_view *v, int side,
		     int *out)
{
	int n = 0;
	for (int i = 0; i < g->nleaders; i++)
		if (candidate(g, v, i) && g->leaders[i].side == side &&
		    leader_initiative_now(g, &g->leaders[i]) == v->min)
			out[n++] = i;
	return n;
}

/* 5.12: after a tied leader goes (or passes), the other side's turn. */
static void tie_taken(struct game *g, const struct act_view *v, int side)
{
	if (v->tie && g->seq.tie_initiative == v->min)
		g->seq.tie_next_side = 1 - side;
}

/* 5.12: both players roll; the high roll goes first; equal rolls are
 * rolled again. */
static void tie_roll(struct game *g, const struct act_view *v)
{
	int winner = 0;
	const struct side *sd = g->battle->sides;
	/* GBA 5.12: the side that is not Macedonian goes first, no roll
	 * (the roll below when neither or both sides are) */
	if (tables_variant(g->tables, RV_ACTIVATION_TIE) ==
		    TIE_NON_MACEDONIAN_FIRST &&
	    sd[0].macedonian != sd[1].macedonian) {
		winner = sd[0].macedonian ? 1 : 0;
		struct event e;
		event_init(&e, "activation_tie_order");
		event_add(&e, "side", "%d", winner);
		event_add(&e, "army", "%s", side_id(g, winner));
		event_add(&e, "initiative", "%d", v->min);
		event_add(&e, "rule", "5.12");
		emit(g, &e);
		g->seq.tie_initiative = v->min;
		g->seq.tie_next_side = winner;
		return;
	}
	for (int tries = 0; tries < 100; tries++) {
		int d[2];
		for (int s = 0; s < 2; s++) {
			struct event e;
			game_roll_begin(&e, "activation_tie");
			event_add(&e, "side", "%d", s);
			event_add(&e, "army", "%s", side_id(g, s));
			event_add(&e, "initiative", "%d", v->min);
			d[s] = game_roll_die(g, &e);
			if (s == 1)
				event_add(&e, "result", "%s",
					  d[0] == d[1]	 ? "equal_roll_again"
					  : d[0] > d[1] ? "side0_first"
							: "side1_first");
			event_add(&e, "rule", "5.12");
			emit(g, &e);
		}
		if (d[0] != d[1]) {
			winner = d[0] > d[1] ? 0 : 1;
			break;
		}
	}
	g->seq.tie_initiative = v->min;
	g->seq.tie_next_side = winner;
}

/* ---- turns ---- */

static void reset_turn_state(struct game *g)
{
	struct sequence_state *q = &g->seq;
	q->started_turn = g->turn;
	q->trump_kind = TRUMP_NONE;
	q->trumped = q->designated = -1;
	q->trump_tried[0] = q->trump_tried[1] = false;
	q->tie_initiative = -1;
	q->tie_next_side = 0;
	q->orders_left = q->orders_given = 0;
	q->elite_side = -1;
	q->eio_leader = -1;
	q->doom = false;
	q->result = RESULT_NONE;
	memset(q->leader_flags, 0, sizeof q->leader_flags);
	q->trumper = -1;
	q->trump_level = 0;
}

/* Back to phase A for the next leader (5.28 #2). */
static void to_activation(struct game *g)
{
	struct sequence_state *q = &g->seq;
	g->active_leader = -1;
	q->step = SEQ_ACTIVATE;
	q->trump_kind = TRUMP_NONE;
	q->trumped = q->designated = -1;
	q->trump_tried[0] = q->trump_tried[1] = false; /* 5.43 */
	q->orders_left = q->orders_given = 0;
	q->trumper = -1;
	if (g->phase != PHASE_ACTIVATION)
		seq_emit_phase(g, PHASE_ACTIVATION, "3.0");
	seq_note_leaders_in_zoc(g); /* 5.31 */
}

/* 5.51: the Overall Commander of a side, when he is elite and present. */
static int elite_oc(const struct game *g, int side)
{
	for (int i = 0; i < g->nleaders; i++) {
		const struct leader *l = &g->leaders[i];
		if (l->side == side && l->overall && l->elite && present(l))
			return i;
	}
	return -1;
}

/* GBA 5.5: from the second turn on, side's Elite phase (its elite OC
 * li) stands only on a roll under constants.ini [leader]
 * elite_cancel_from (10: no roll, SPQR 5.51) */
static bool elite_stands(struct game *g, int side, int li)
{
	int from = game_constant(g, RC_ELITE_CANCEL_FROM);
	if (from > 9 || g->turn < 2)
		return true;
	struct event e;
	game_roll_begin(&e, "elite_cancel");
	event_add(&e, "side", "%d", side);
	event_add(&e, "leader", "%s", g->leaders[li].id);
	int die = game_roll_die(g, &e);
	bool stands = die < from;
	event_add(&e, "result", "%s", stands ? "elite_phase" : "no_elite_phase");
	event_add(&e, "rule", "GBA 5.5");
	emit(g, &e);
	return stands;
}

/* 3.0 A, 5.11, 5.51, 5.53: a Game Turn begins. */
static void turn_start(struct game *g)
{
	reset_turn_state(g);
	struct event e;
	event_init(&e, "turn_start");
	event_add(&e, "turn", "%d", g->turn);
	if (g->battle && g->battle->turn_limit > 0)
		event_add(&e, "turn_limit", "%d", g->battle->turn_limit);
	event_add(&e, "rule", "3.0");
	emit(g, &e);
	seq_emit_phase(g, PHASE_ACTIVATION, "3.0");
	g->active_leader = -1;
	reinf_arrive(g); /* 2.6: reinforcements due this turn */
	seq_note_leaders_in_zoc(g); /* 5.31 */
	int oc[2] = {elite_oc(g, 0), elite_oc(g, 1)};
	int side = -1;
	if (oc[0] >= 0 && oc[1] >= 0) {
		/* 5.53: each rolls and adds his elite OC's Initiative */
		int die[2], ini0 = 0;
		for (int s = 0; s < 2; s++) {
			const struct leader *l = &g->leaders[oc[s]];
			int ini = leader_initiative_now(g, l);
			game_roll_begin(&e, "elite_initiative");
			event_add(&e, "side", "%d", s);
			event_add(&e, "leader", "%s", l->id);
			event_add(&e, "initiative", "%d", ini);
			die[s] = game_roll_die(g, &e);
			event_add(&e, "total", "%d", die[s] + ini);
			if (s == 1) {
				side = seq_elite_winner(ini0, die[0], ini,
							die[1]);
				event_add(&e, "result", "%s",
					  side < 0    ? "tie_neither"
					  : side == 0 ? "side0_elite"
						      : "side1_elite");
			} else {
				ini0 = ini;
			}
			event_add(&e, "rule", "5.53");
			emit(g, &e);
		}
	} else if (oc[0] >= 0 || oc[1] >= 0) {
		side = oc[0] >= 0 ? 0 : 1;
	}
	if (side >= 0 && !elite_stands(g, side, oc[side]))
		side = -1; /* GBA 5.5 */
	if (side >= 0) {
		g->seq.elite_side = side;
		g->seq.step = SEQ_ELITE;
		event_init(&e, "elite_offer");
		event_add(&e, "side", "%d", side);
		event_add(&e, "oc", "%s", g->leaders[oc[side]].id);
		event_add(&e, "rule", "5.51");
		emit(g, &e);
	} else {
		g->seq.step = SEQ_ACTIVATE;
	}
}

/* 3.0 D: Rout and Reload.  false while the Rout Movement segment (10.23)
 * waits for a rout choice; called again, it goes on where it stopped. */
static bool rout_reload(struct game *g)
{
	if (!rout_segment_under_way(g)) {
		g->active_leader = -1;
		seq_emit_phase(g, PHASE_ROUT_RELOAD, "3.0");
		rally_remove_markers(g); /* D.1, 10.28 */
	}
	if (!rout_movement_segment(g))
		return false;
	missile_reload(g); /* 8.18 the Reload segment */
	scorpio_markers_off(g); /* 9.85 Active Fire markers */
	/* D.4: Finished leaders back to their front; markers off (8.63:
	 * Pursuit/Finished lasts the Game Turn) */
	int leaders = 0, moved = 0, pursuit = 0;
	for (int i = 0; i < g->nleaders; i++) {
		struct leader *l = &g->leaders[i];
		if (l->killed)
			continue;
		if (l->state != LS_INACTIVE || l->activations)
			leaders++;
		l->state = LS_INACTIVE;
		l->activations = 0;
	}
	memset(g->seq.leader_flags, 0, sizeof g->seq.leader_flags);
	for (int i = 0; i < g->nunits; i++) {
		struct unit *u = &g->units[i];
		if (u->moved_turn || u->moved_phase)
			moved++;
		if (u->pursuit)
			pursuit++;
		u->moved_turn = u->moved_phase = u->pursuit = false;
	}
	struct event e;
	event_init(&e, "markers_removed");
	event_add(&e, "leaders_ready", "%d", leaders);
	event_add(&e, "moved", "%d", moved);
	event_add(&e, "pursuit", "%d", pursuit);
	event_add(&e, "rule", "3.0");
	emit(g, &e);
	return elcmd_rout_reload_end(g); /* 4.91, 4.94 its last decision */
}

/* 3.0 E, 11.2, RULINGS R4: the Withdrawal Phase; the next turn or the
 * end. */
static void withdrawal(struct game *g)
{
	seq_emit_phase(g, PHASE_WITHDRAWAL, "3.0");
	int rp[2], level[2];
	bool out[2];
	for (int s = 0; s < 2; s++) {
		rp[s] = g->rout_points[s];
		level[s] = g->battle ? g->battle->sides[s].withdrawal_level : 0;
		if (level[s] < 1)
			level[s] = 1;
		out[s] = rp[s] >= level[s];
		struct event e;
		event_init(&e, "withdrawal");
		event_add(&e, "side", "%d", s);
		event_add(&e, "army", "%s", side_id(g, s));
		event_add(&e, "rout_points", "%d", rp[s]);
		event_add(&e, "level", "%d", level[s]);
		event_add(&e, "withdraws", "%s", out[s] ? "yes" : "no");
		event_add(&e, "rule", "11.2");
		emit(g, &e);
	}
	if (out[0] && out[1]) {
		/* 11.2: the fewer RP above the level wins; equal is a draw */
		int over0 = rp[0] - level[0], over1 = rp[1] - level[1];
		seq_game_over(g,
			  over0 == over1 ? RESULT_DRAW
			  : over0 < over1 ? RESULT_SIDE0
					  : RESULT_SIDE1,
			  "both_withdraw", "11.2");
		return;
	}
	if (out[0] || out[1]) {
		seq_game_over(g, out[0] ? RESULT_SIDE1 : RESULT_SIDE0,
			  "withdrawal", "11.2");
		return;
	}
	int limit = g->battle ? g->battle->turn_limit : 0;
	if (limit > 0 && g->turn >= limit) {
		/* R4: the smaller fraction of its withdrawal level wins */
		long a = (long)rp[0] * level[1], b = (long)rp[1] * level[0];
		struct event e;
		event_init(&e, "turn_limit");
		event_add(&e, "turn", "%d", g->turn);
		event_add(&e, "limit", "%d", limit);
		event_add(&e, "side0", "%d/%d", rp[0], level[0]);
		event_add(&e, "side1", "%d/%d", rp[1], level[1]);
		event_add(&e, "rule", "R4");
		emit(g, &e);
		seq_game_over(g,
			  a == b  ? RESULT_DRAW
			  : a < b ? RESULT_SIDE0
				  : RESULT_SIDE1,
			  "turn_limit", "R4");
		return;
	}
	game_turn_end(g);
	g->turn++;
	turn_start(g);
}

/* ---- the Orders Phase ---- */

/* 4.24, 5.26: a subordinate activated in an enemy ZOC gives no orders;
 * his Command Range may still designate Shock (7.33), which comes with
 * the Shock segment (8.4). */
static void zoc_no_orders(struct game *g, int i)
{
	struct event e;
	event_init(&e, "no_orders");
	event_add(&e, "leader", "%s", g->leaders[i].id);
	event_add(&e, "why", "in_enemy_zoc");
	event_add(&e, "rule", "4.24");
	emit(g, &e);
	/* 5.26: his Command Range still designates Shock (7.33, 8.41) */
	event_init(&e, "range_for_shock");
	event_add(&e, "leader", "%s", g->leaders[i].id);
	event_add(&e, "see", "7.33");
	event_add(&e, "rule", "5.26");
	emit(g, &e);
}

/* 5.21: a leader starts an Orders Phase; how he came to it. */
static void begin_orders(struct game *g, int i, const char *how,
			 const char *rule, bool counts)
{
	struct leader *l = &g->leaders[i];
	struct sequence_state *q = &g->seq;
	l->state = LS_ACTIVE;
	g->active_leader = i;
	if (counts)
		l->activations++; /* 5.14 */
	struct event e;
	event_init(&e, "activated");
	event_add(&e, "leader", "%s", l->id);
	event_add(&e, "side", "%d", l->side);
	event_add(&e, "initiative", "%d", leader_initiative_now(g, l));
	event_add(&e, "how", "%s", how);
	event_add(&e, "phase_no", "%d", l->activations);
	event_add(&e, "rule", "%s", rule);
	emit(g, &e);
	/* 7.31, 8.46: the Moved-this-Orders-Phase marks of the last phase;
	 * GBA 5.31: a Personal Combat bars Momentum after its own phase */
	for (int k = 0; k < g->nunits; k++)
		g->units[k].moved_phase = false;
	for (int k = 0; k < g->nleaders; k++)
		g->leaders[k].fought_personal_combat = false;
	orders_phase_begin(g);
	reactions_phase_begin(g);
	pw_leader_activated(g, i); /* 6.83: his marker is revealed */
	seq_emit_phase(g, PHASE_MOVEMENT, "3.0");
	q->step = SEQ_ORDERS;
	q->trump_kind = TRUMP_NONE;
	q->trumped = q->designated = -1;
	q->orders_left = leader_initiative_now(g, l);
	q->orders_given = 0;
	q->momentum_phase = strcmp(rule, "5.32") == 0;
	q->trumper = -1;
	event_init(&e, "orders_phase");
	event_add(&e, "leader", "%s", l->id);
	event_add(&e, "orders", "%d", q->orders_left);
	event_add(&e, "line_commands", "%d", leader_line_commands(g, l));
	event_add(&e, "range", "%d", leader_command_range_now(g, l));
	event_add(&e, "rule", "5.21");
	emit(g, &e);
	seq_note_leaders_in_zoc(g); /* 5.31 */
	if (zoc_bars_orders(g, i))
		zoc_no_orders(g, i);
}

/* 5.26, 5.31 bullet 1: why the ZOC bars leader i's momentum (NULL when
 * it does not): he was activated after 5.26's set-aside, or he is in an
 * enemy ZOC, or was in one earlier this turn. */
static const char *momentum_zoc_bar(const struct game *g, int i,
				    const char **rule)
{
	unsigned f = flags(g, i);
	*rule = "5.31";
	if (f & SEQ_LF_ZOC_PASSED) {
		*rule = "5.26";
		return "activated_after_zoc";
	}
	if (in_enemy_zoc(g, i))
		return "in_enemy_zoc";
	if (f & SEQ_LF_WAS_IN_ZOC)
		return "was_in_enemy_zoc";
	return NULL;
}

/* 5.31, 5.14, 5.34, 5.44, 5.52: after the Shock segment. */
static void momentum_check(struct game *g)
{
	int i = g->active_leader;
	if (i < 0 || i >= g->nleaders) {
		/* no active leader (a sandbox set up so; found by fuzzing
		 * the commands): nobody to roll for, on to the next
		 * activation (5.31) */
		to_activation(g);
		return;
	}
	struct leader *l = &g->leaders[i];
	seq_emit_phase(g, PHASE_MOMENTUM, "3.0");
	if (l->state == LS_FINISHED) {
		/* 4.73, 8.19, TABLES.md 6: a casualty Finished him during
		 * his own phase (found by the soak): no momentum, and an EIO
		 * leader stays Finished rather than going back (5.52) */
		if (g->seq.eio_leader == i) {
			set_flag(g, i, SEQ_LF_EIO);
			g->seq.eio_leader = -1;
		}
		struct event e;
		event_init(&e, "momentum_barred");
		event_add(&e, "leader", "%s", l->id);
		event_add(&e, "why", "casualty");
		event_add(&e, "rule", "4.73");
		emit(g, &e);
		finish(g, i, "orders_phase_over", "5.15");
		to_activation(g);
		return;
	}
	if (g->seq.eio_leader == i) {
		/* 5.52: back to inactive, not Finished; no momentum */
		l->state = LS_INACTIVE;
		set_flag(g, i, SEQ_LF_EIO);
		g->seq.eio_leader = -1;
		struct event e;
		event_init(&e, "elite_phase_over");
		event_add(&e, "leader", "%s", l->id);
		event_add(&e, "state", "inactive");
		event_add(&e, "rule", "5.52");
		emit(g, &e);
		to_activation(g);
		return;
	}
	const char *why = NULL, *rule = NULL;
	unsigned f = flags(g, i);
	seq_note_leaders_in_zoc(g);
	const char *zrule = NULL;
	const char *zwhy = momentum_zoc_bar(g, i, &zrule);
	if (f & SEQ_LF_BYPASSED) {
		why = "bypassed";
		rule = "5.44";
	} else if (zwhy) {
		why = zwhy;
		rule = zrule;
	} else if (l->fought_personal_combat) {
		/* GBA 5.31: he fought Personal Combat in this phase (a
		 * shock's, GBA 8.41, or lone leaders meeting, GBA 4.63); an
		 * SPQR game has none */
		why = "personal_combat";
		rule = "GBA 5.31";
	} else if (elcmd_elephant_leader(g, i)) {
		why = "elephant_leader";
		rule = "4.93";
	} else if (f & SEQ_LF_NO_MOMENTUM) {
		why = "reactivated";
		rule = "5.34";
	} else if (pw_oc_limit_reached(g, i)) {
		why = "prearranged_withdrawal_two_phases";
		rule = "6.81";
	} else if (l->activations >= 3) {
		why = "three_phases";
		rule = "5.14";
	} else if (g->seq.doom) {
		why = "no_more_activations";
		rule = "5.33";
	} else if (f & SEQ_LF_LC_BY_OC_RANGE) {
		why = "line_command_by_oc_range";
		rule = "GBA 5.31";
	}
	if (why) {
		struct event e;
		event_init(&e, "momentum_barred");
		event_add(&e, "leader", "%s", l->id);
		event_add(&e, "why", "%s", why);
		event_add(&e, "rule", "%s", rule);
		emit(g, &e);
		finish(g, i, "orders_phase_over", "5.15");
		to_activation(g);
		return;
	}
	g->seq.step = SEQ_MOMENTUM;
}

/* 3.0 B.2: the Shock segment is over: on to the Momentum phase. */
static void shock_segment_over(struct game *g)
{
	reactions_shock_segment_end(g); /* 7.32 markers off */
	momentum_check(g);
}

/* 3.0 B.2: the Shock Combat segment (8.4, shock.h).  It runs until a
 * decision is owed; shock_run (from advance) carries it on. */
static void shock_segment(struct game *g)
{
	seq_emit_phase(g, PHASE_SHOCK, "3.0");
	shock_segment_begin(g);
	if (shock_run(g))
		shock_segment_over(g);
}

/* ---- the pending decision ---- */

enum seq_step seq_step_now_impl(const struct game *g)
{
	const struct sequence_state *q = &g->seq;
	if (g->phase == PHASE_OVER)
		return SEQ_OVER;
	/* 10.22, 10.26: a rout move waiting for its owner comes first */
	if (rout_pending(g)) /* 9.14: a rampage waits for withdrawals */
		return rampage_waiting(g) ? SEQ_REACTION : SEQ_ROUT;
	/* 7.15, 6.5: a reaction between the steps of a move comes next */
	if (reactions_pending(g))
		return SEQ_REACTION;
	/* 8.4: a decision of the Shock segment under way */
	if (shock_pending(g))
		return SEQ_SHOCK;
	if (elcmd_pending(g)) /* 4.91, 4.94 */
		return SEQ_ELEPHANT;
	if (q->started_turn != g->turn)
		return SEQ_NONE;
	bool act = g->active_leader >= 0 && g->active_leader < g->nleaders;
	switch ((enum seq_step)q->step) {
	case SEQ_ELITE:
		return g->phase == PHASE_ACTIVATION && q->elite_side >= 0
			       ? SEQ_ELITE
			       : SEQ_NONE;
	case SEQ_ACTIVATE:
		return g->phase == PHASE_ACTIVATION ? SEQ_ACTIVATE : SEQ_NONE;
	case SEQ_REACTIVATE:
		return g->phase == PHASE_ACTIVATION && q->trumped >= 0 &&
				       q->trumped < g->nleaders
			       ? SEQ_REACTIVATE
			       : SEQ_NONE;
	case SEQ_TRUMP_REPLY:
		if (q->trumped < 0 || q->trumped >= g->nleaders)
			return SEQ_NONE;
		if (q->trump_kind == TRUMP_THE_TRUMP)
			return g->phase == PHASE_ACTIVATION ? SEQ_TRUMP_REPLY
							    : SEQ_NONE;
		return g->phase == PHASE_MOMENTUM && act ? SEQ_TRUMP_REPLY
							 : SEQ_NONE;
	case SEQ_ORDERS:
		return g->phase == PHASE_MOVEMENT && act ? SEQ_ORDERS
							 : SEQ_NONE;
	case SEQ_MOMENTUM:
		return g->phase == PHASE_MOMENTUM && act ? SEQ_MOMENTUM
							 : SEQ_NONE;
	default:
		return SEQ_NONE;
	}
}

/* Runs the automatic steps until a side owes a decision or the game is
 * over. */
static void advance(struct game *g)
{
	for (int guard = 0; guard < 10000; guard++) {
		enum seq_step st = seq_step_now(g);
		struct sequence_state *q = &g->seq;
		bool act = g->active_leader >= 0 &&
			   g->active_leader < g->nleaders;
		if (st == SEQ_OVER) {
			q->step = SEQ_OVER;
			return;
		}
		/* 8.4: the Shock segment goes on once nothing waits */
		if (g->phase == PHASE_SHOCK && shock_under_way(g) &&
		    st != SEQ_ROUT && st != SEQ_REACTION && st != SEQ_SHOCK) {
			if (shock_run(g))
				shock_segment_over(g);
			continue;
		}
		if (st == SEQ_NONE) {
			/* derive the decision from the phase */
			if (q->started_turn != g->turn &&
			    g->phase == PHASE_ACTIVATION) {
				turn_start(g);
				continue;
			}
			if (q->started_turn != g->turn)
				reset_turn_state(g);
			switch (g->phase) {
			case PHASE_MOVEMENT:
				if (act) {
					int i = g->active_leader;
					begin_orders(g, i, "resumed", "3.0",
						     false);
				} else {
					to_activation(g);
				}
				break;
			case PHASE_SHOCK:
				if (act)
					shock_segment(g);
				else
					to_activation(g);
				break;
			case PHASE_MOMENTUM:
				if (act)
					momentum_check(g);
				else
					to_activation(g);
				break;
			case PHASE_ROUT_RELOAD:
				if (rout_reload(g))
					withdrawal(g);
				break;
			case PHASE_WITHDRAWAL:
				withdrawal(g);
				break;
			default:
				to_activation(g);
				break;
			}
			continue;
		}
		if (st != SEQ_ACTIVATE)
			return;
		struct act_view v;
		act_view(g, &v);
		if (!v.any) {
			/* 5.28: all Finished (or 5.33's 9) */
			if (rout_reload(g))
				withdrawal(g);
			continue;
		}
		if (v.roll_due) {
			tie_roll(g, &v);
			continue;
		}
		return;
	}
}

int seq_decision_side(const struct game *g)
{
	const struct sequence_state *q = &g->seq;
	switch (seq_step_now(g)) {
	case SEQ_ELITE:
		return q->elite_side;
	case SEQ_ACTIVATE: {
		struct act_view v;
		act_view(g, &v);
		return v.side;
	}
	case SEQ_TRUMP_REPLY:
	case SEQ_REACTIVATE:
		return 1 - g->leaders[q->trumped].side;
	case SEQ_ORDERS:
	case SEQ_MOMENTUM:
		return g->leaders[g->active_leader].side;
	case SEQ_ROUT:
		return rout_decision_side(g); /* 10.22: the router's owner */
	case SEQ_REACTION:
		return reactions_decision_side(g);
	case SEQ_SHOCK:
		return shock_decision_side(g);
	case SEQ_ELEPHANT:
		return elcmd_decision_side(g);
	default:
		return -1;
	}
}

/* ---- checks shared by the commands and `legal` ---- */

static bool need_step(const struct game *g, enum seq_step want,
		      struct why *w);

/* What the pending decision wants, as a refusal. */
static bool wrong_step(const struct game *g, struct why *w)
{
	int side = seq_decision_side(g);
	switch (seq_step_now(g)) {
	case SEQ_NONE:
		return deny(w, "3.0",
			    "the sequence of play has not reached a decision: "
			    "continue");
	case SEQ_OVER:
		return deny(w, "11.2", "the battle is over");
	case SEQ_ELITE:
		return deny(w, "5.51",
			    "%s may give the Elite Initiative Orders Phase: "
			    "elite LEADER or no elite",
			    side_id(g, side));
	case SEQ_ACTIVATE:
		return deny(w, "5.12",
			    "%s activates a leader: activate, trump or pass",
			    side_id(g, side));
	case SEQ_TRUMP_REPLY:
		return deny(w, "5.42",
			    "%s may trump %s: trump LEADER or no trump",
			    side_id(g, side), lid(g, g->seq.trumped));
	case SEQ_ORDERS:
		return deny(w, "5.27",
			    "%s is giving orders: orders done ends the phase",
			    lid(g, g->active_leader));
	case SEQ_MOMENTUM:
		return deny(w, "5.31",
			    "%s may attempt momentum: momentum or no momentum",
			    lid(g, g->active_leader));
	case SEQ_REACTIVATE:
		return deny(w, "5.33",
			    "%s may re-activate a leader: activate LEADER or "
			    "pass",
			    side_id(g, side));
	case SEQ_ROUT: {
		char t[CMD_REASON_MAX];
		rout_pending_text(g, t, sizeof t);
		return deny(w, "10.22", "%s", t);
	}
	case SEQ_REACTION: {
		char t[CMD_REASON_MAX];
		reactions_pending_text(g, t, sizeof t);
		return deny(w, reactions_pending_rule(g), "%s", t);
	}
	case SEQ_SHOCK: {
		char t[CMD_REASON_MAX];
		shock_pending_text(g, t, sizeof t);
		return deny(w, "8.4", "%s", t);
	}
	case SEQ_ELEPHANT: {
		char t[CMD_REASON_MAX];
		elcmd_pending_text(g, t, sizeof t);
		return deny(w, "4.91", "%s", t);
	}
	default:
		return deny(w, "3.0", "no decision pending");
	}
}

static bool need_step(const struct game *g, enum seq_step want, struct why *w)
{
	if (seq_step_now(g) == want)
		return true;
	return wrong_step(g, w);
}

/* need_step for a command: the refusal, if any, goes into r. */
static bool step_or_refuse(const struct game *g, enum seq_step want,
			   struct cmd_result *r)
{
	struct why w;
	if (need_step(g, want, &w))
		return true;
	refuse_why(r, &w);
	return false;
}

static bool find(const struct game *g, const char *id, int *out,
		 struct why *w)
{
	for (int i = 0; id && i < g->nleaders; i++)
		if (strcmp(g->leaders[i].id, id) == 0) {
			*out = i;
			if (reinf_due(g, id)) /* 2.6: not on the map yet */
				return deny(w, "2.6",
					    "%s is a reinforcement (scenario), "
					    "due on turn %d",
					    id, reinf_due(g, id));
			return true;
		}
	return deny(w, NULL, "no leader %s in this battle", id ? id : "");
}

/* Why leader i cannot be activated now (5.13). */
static bool check_eligible(const struct game *g, int i, struct why *w)
{
	const struct leader *l = &g->leaders[i];
	if (l->killed)
		return deny(w, "4.7", "%s has been killed", l->id);
	if ((!l->on_map || !l->available) && !elcmd_counter_in_play(g, i))
		return deny(w, "5.13", "%s is not on the map", l->id);
	if (l->state == LS_FINISHED)
		return deny(w, "5.15", "%s is Finished this turn", l->id);
	if (l->contingent_commander)
		return deny(w, "GBA 5.62",
			    "%s is a contingent commander: no Initiative; a "
			    "Wing Commander's orders activate him",
			    l->id);
	if (!not_yet_activated(g, i))
		return deny(w, "5.13", "%s has already been activated this turn",
			    l->id);
	if (!eligible(g, i) && !zoc_first(g, i))
		return deny(w, "5.26",
			    "%s was passed over in an enemy ZOC; he may go "
			    "only once out of it",
			    l->id);
	return true;
}

/* 5.12 the side's leader to activate (or pass) now. */
static bool check_lowest(const struct game *g, int i, struct why *w)
{
	struct act_view v;
	act_view(g, &v);
	const struct leader *l = &g->leaders[i];
	if (l->side != v.side)
		return deny(w, "5.12", "it is %s's turn to activate a leader",
			    side_id(g, v.side));
	if (!check_eligible(g, i, w))
		return false;
	if (v.first && !zoc_first(g, i))
		return deny(w, "5.26",
			    "a leader passed over in an enemy ZOC and now out "
			    "of it must be activated before any other");
	int ini = leader_initiative_now(g, l);
	if (ini != v.min)
		return deny(w, "5.12",
			    "%s (Initiative %d) is not the lowest-rated leader "
			    "still to go (%d); a trump may activate him sooner "
			    "(5.41)",
			    l->id, ini, v.min);
	return true;
}

/* 5.12, 5.41: the leader a failed trump or a pass falls on. */
static bool designated_leader(const struct game *g, const char *id, int *out,
			      struct why *w)
{
	struct act_view v;
	act_view(g, &v);
	int c[BATTLE_LEADERS_MAX];
	int n = lowest_of(g, &v, v.side, c);
	if (id) {
		if (!find(g, id, out, w))
			return false;
		return check_lowest(g, *out, w);
	}
	if (n == 1) {
		*out = c[0];
		return true;
	}
	return deny(w, "5.12",
		    "%s has %d leaders rated %d: name the one (the owner "
		    "decides)",
		    side_id(g, v.side), n, v.min);
}

/* 4.93: an Elephant Leader gives his one Line Command and nothing else:
 * no trump, no Elite Initiative, no re-activation */
static bool not_elephant_leader(const struct game *g, int i, struct why *w)
{
	if (!elcmd_elephant_leader(g, i))
		return true;
	return deny(w, "4.93",
		    "%s is an Elephant Leader: he gives his Line Command "
		    "and nothing else",
		    g->leaders[i].id);
}

/* 5.41: may leader i trump the lowest now? */
static bool check_trump_active(const struct game *g, int i, struct why *w)
{
	if (!not_elephant_leader(g, i, w)) /* 4.93 */
		return false;
	struct act_view v;
	act_view(g, &v);
	const struct leader *l = &g->leaders[i];
	if (l->side != v.side)
		return deny(w, "5.41",
			    "only %s, whose turn it is to activate, may trump "
			    "now",
			    side_id(g, v.side));
	if (v.first)
		return deny(w, "5.26",
			    "a leader passed over in an enemy ZOC and now out "
			    "of it must be activated before any other: no "
			    "trump");
	if (g->seq.trump_tried[v.side])
		return deny(w, "5.43",
			    "%s has made its trump attempt this activation",
			    side_id(g, v.side));
	if (!check_eligible(g, i, w))
		return false;
	int ini = leader_initiative_now(g, l);
	if (ini <= v.min)
		return deny(w, "5.41",
			    "a trump needs a higher rating than the lowest "
			    "(%d); %s has %d",
			    v.min, l->id, ini);
	return true;
}

/* 5.42: may leader i trump leader t (a trump's or a momentum's)? */
static bool check_trump_against(const struct game *g, int i, int t,
				struct why *w)
{
	if (!not_elephant_leader(g, i, w)) /* 4.93 */
		return false;
	const struct sequence_state *q = &g->seq;
	const struct leader *l = &g->leaders[i];
	const struct leader *tl = &g->leaders[t];
	int side = 1 - tl->side;
	if (l->side != side)
		return deny(w, "5.42", "only %s may trump %s now",
			    side_id(g, side), tl->id);
	if (q->trump_tried[side])
		return deny(w, "5.43",
			    "%s has made its trump attempt this activation",
			    side_id(g, side));
	if (!check_eligible(g, i, w))
		return false;
	int ini = leader_initiative_now(g, l);
	int tini = leader_initiative_now(g, tl);
	if (ini < tini)
		return deny(w, "5.42",
			    "a trump needs an equal or higher rating than %s's "
			    "%d; %s has %d",
			    tl->id, tini, l->id, ini);
	return true;
}

static bool check_trump_reply(const struct game *g, int i, struct why *w)
{
	return check_trump_against(g, i, g->seq.trumped, w);
}

/* 5.42: whether the other side has a leader who could trump leader t. */
static bool can_reply_for(const struct game *g, int t)
{
	for (int i = 0; i < g->nleaders; i++)
		if (check_trump_against(g, i, t, NULL))
			return true;
	return false;
}

/* 5.51: may leader i take the EIO Phase? */
static bool check_elite(const struct game *g, int i, struct why *w)
{
	if (!not_elephant_leader(g, i, w)) /* 4.93 */
		return false;
	const struct leader *l = &g->leaders[i];
	int side = g->seq.elite_side;
	if (l->side != side)
		return deny(w, "5.51", "the Elite Initiative is %s's",
			    side_id(g, side));
	if (!check_eligible(g, i, w))
		return false;
	int oc = elite_oc(g, side);
	if (oc < 0)
		return deny(w, "5.51", "%s has no elite Overall Commander",
			    side_id(g, side));
	/* 5.51: on turn 1 any friendly leader, wherever he is */
	if (g->turn == 1 || oc == i)
		return true;
	/* 4.21's path (command.h), the range after wounds (R7) */
	const struct leader *c = &g->leaders[oc];
	int range = leader_command_range_now(g, c);
	if (command_path_length(g, NULL, c, l->hex, range) < 0)
		return deny(w, "5.51",
			    "%s is beyond %s's Command Range %d (4.21: an "
			    "unobstructed path of at most that many hexes)",
			    l->id, c->id, range);
	return true;
}

/* 5.33 [1]: may leader i be re-activated? */
static bool check_reactivate(const struct game *g, int i, struct why *w)
{
	if (!not_elephant_leader(g, i, w)) /* 4.93 */
		return false;
	const struct leader *l = &g->leaders[i];
	int side = 1 - g->leaders[g->seq.trumped].side;
	if (l->side != side)
		return deny(w, "5.33", "the re-activation is %s's",
			    side_id(g, side));
	if (l->killed)
		return deny(w, "4.7", "%s has been killed", l->id);
	if (!l->on_map || !l->available)
		return deny(w, "5.33", "%s is not on the map", l->id);
	return true;
}

/* 5.45, 5.46: whether the active leader must still act before his
 * orders are done (true), and otherwise, in *void_why, why his trump is
 * void (NULL when it stands or he did not trump).  The orders possible
 * are those the orders code lists (orders_legal). */
static bool trumper_must_act(const struct game *g, const char **void_why)
{
	const struct sequence_state *q = &g->seq;
	int i = g->active_leader;
	*void_why = NULL;
	if (q->trumper < 0 || q->trumper != i || orders_trumper_acted(g))
		return false;
	if (zoc_bars_orders(g, i)) {
		*void_why = "in_enemy_zoc"; /* 5.46 with 4.24 */
		return false;
	}
	struct decision_answer a[8];
	if (orders_legal(g, a, 8) > 0)
		return true;
	*void_why = "no_order_possible";
	return false;
}

/* ---- legal actions ---- */

int seq_legal(const struct game *g, struct decision_answer *out, int max)
{
	int n = 0;
	int side = seq_decision_side(g);
	const struct sequence_state *q = &g->seq;
	switch (seq_step_now(g)) {
	case SEQ_NONE:
		decision_add(out, max, &n, -1, "3.0", "continue");
		break;
	case SEQ_OVER:
		break;
	case SEQ_ROUT:
		n += rout_legal(g, out + n, max - n); /* 10.22, 10.26 */
		break;
	case SEQ_REACTION:
		n += reactions_legal(g, out + n, max - n); /* 7.15, 6.5 */
		n += scorpio_legal(g, out + n, max - n); /* 9.86 any moment */
		break;
	case SEQ_SHOCK:
		n += shock_legal(g, out + n, max - n); /* 8.4 */
		break;
	case SEQ_ELEPHANT:
		n += elcmd_legal(g, out + n, max - n); /* 4.91, 4.94 */
		break;
	case SEQ_ELITE:
		n += pw_placing_legal(g, out + n, max - n); /* 6.82 */
		for (int i = 0; i < g->nleaders; i++)
			if (check_elite(g, i, NULL))
				decision_add(out, max, &n, side, "5.51",
					     "elite %s", g->leaders[i].id);
		decision_add(out, max, &n, side, "5.51", "no elite");
		break;
	case SEQ_ACTIVATE: {
		n += pw_placing_legal(g, out + n, max - n); /* 6.82 */
		struct act_view v;
		act_view(g, &v);
		if (!v.any || v.roll_due) {
			decision_add(out, max, &n, -1, "3.0", "continue");
			break;
		}
		int c[BATTLE_LEADERS_MAX];
		int nc = lowest_of(g, &v, v.side, c);
		for (int k = 0; k < nc; k++)
			decision_add(out, max, &n, side, "5.12", "activate %s",
				     g->leaders[c[k]].id);
		if (v.first) /* 5.26: he must go; no pass, no trump */
			break;
		if (nc == 1)
			decision_add(out, max, &n, side, "5.15", "pass");
		else
			for (int k = 0; k < nc; k++)
				decision_add(out, max, &n, side, "5.15",
					     "pass %s", g->leaders[c[k]].id);
		for (int i = 0; i < g->nleaders; i++) {
			if (!check_trump_active(g, i, NULL))
				continue;
			if (nc == 1)
				decision_add(out, max, &n, side, "5.41",
					     "trump %s", g->leaders[i].id);
			else
				for (int k = 0; k < nc; k++)
					decision_add(out, max, &n, side, "5.41",
						     "trump %s %s",
						     g->leaders[i].id,
						     g->leaders[c[k]].id);
		}
		break;
	}
	case SEQ_TRUMP_REPLY:
		for (int i = 0; i < g->nleaders; i++)
			if (check_trump_reply(g, i, NULL))
				decision_add(out, max, &n, side, "5.42",
					     "trump %s", g->leaders[i].id);
		decision_add(out, max, &n, side, "5.42", "no trump");
		break;
	case SEQ_ORDERS: {
		n += orders_legal(g, out + n, max - n);
		n += elcmd_orders_legal(g, out + n, max - n); /* 4.92 */
		n += scorpio_legal(g, out + n, max - n); /* 9.85, 9.86 */
		const char *void_why;
		/* 6.63, 6.67, 6.69: not while the open move may not end
		 * where the mover stands (seq_orders_done refuses it) */
		struct cmd_result mr;
		cmd_result_init(&mr);
		bool may_end = orders_move_may_end(g, &mr);
		cmd_result_free(&mr);
		/* 5.45: or his Command Range brings on Shock (8.41) */
		if (may_end && (!trumper_must_act(g, &void_why) ||
				shock_designate_range_useful(g)))
			decision_add(out, max, &n, side, "5.27", "orders done");
		break;
	}
	case SEQ_MOMENTUM: {
		const char *zrule;
		if (!momentum_zoc_bar(g, g->active_leader, &zrule)) /* 5.31 */
			decision_add(out, max, &n, side, "5.32", "momentum");
		decision_add(out, max, &n, side, "5.15", "no momentum");
		break;
	}
	case SEQ_REACTIVATE:
		for (int i = 0; i < g->nleaders; i++)
			if (check_reactivate(g, i, NULL))
				decision_add(out, max, &n, side, "5.33",
					     "activate %s", g->leaders[i].id);
		decision_add(out, max, &n, side, "5.33", "pass");
		break;
	default:
		break;
	}
	(void)q;
	return n;
}

/* ---- the commands ---- */

static void decision_event(struct game *g)
{
	struct event e;
	event_init(&e, "decision");
	enum seq_step st = seq_step_now(g);
	event_add(&e, "step", "%s", seq_step_name(st));
	int side = seq_decision_side(g);
	event_add(&e, "side", "%d", side);
	event_add(&e, "army", "%s", side_id(g, side));
	if (st == SEQ_ACTIVATE) {
		struct act_view v;
		act_view(g, &v);
		event_add(&e, "lowest", "%d", v.min);
	} else if (st == SEQ_ORDERS || st == SEQ_MOMENTUM) {
		event_add(&e, "leader", "%s", lid(g, g->active_leader));
	} else if (st == SEQ_TRUMP_REPLY) {
		event_add(&e, "against", "%s", lid(g, g->seq.trumped));
	}
	emit(g, &e);
}

/* Finishes a command that changed the sequence. */
static void carry_on(struct game *g)
{
	advance(g);
	if (seq_step_now(g) != SEQ_OVER)
		decision_event(g);
}

/* 10.22, 10.23: after a rout choice is answered and the rout is over */
void seq_resume_impl(struct game *g)
{
	if (g->seq.started_turn != g->turn && g->phase != PHASE_OVER)
		return; /* the sequence is not under way (a sandbox) */
	carry_on(g);
}

void seq_continue(struct game *g, struct cmd_result *r)
{
	enum seq_step st = seq_step_now(g);
	if (st == SEQ_OVER) {
		cmd_refuse(r, "11.2", "the battle is over");
		return;
	}
	bool due = st == SEQ_NONE;
	if (st == SEQ_ACTIVATE) {
		struct act_view v;
		act_view(g, &v);
		due = !v.any || v.roll_due;
	}
	if (!due) {
		struct why w;
		wrong_step(g, &w);
		refuse_why(r, &w);
		return;
	}
	carry_on(g);
}

/* 5.12, 5.33 [1] */
void seq_activate(struct game *g, const char *id, struct cmd_result *r)
{
	struct why w;
	int i = -1;
	enum seq_step st = seq_step_now(g);
	if (st == SEQ_REACTIVATE) {
		if (!find(g, id, &i, &w) || !check_reactivate(g, i, &w)) {
			refuse_why(r, &w);
			return;
		}
		/* 5.33 [1], 5.34: no momentum; not counted for 5.14 */
		set_flag(g, i, SEQ_LF_ACTIVATED | SEQ_LF_NO_MOMENTUM);
		begin_orders(g, i, "reactivation", "5.33", false);
		carry_on(g);
		return;
	}
	if (!need_step(g, SEQ_ACTIVATE, &w) || !find(g, id, &i, &w) ||
	    !check_lowest(g, i, &w)) {
		refuse_why(r, &w);
		return;
	}
	struct act_view v;
	if (!tie_settled(g, &v, r))
		return;
	tie_taken(g, &v, g->leaders[i].side);
	/* 5.26: out of the ZOC he was passed over in; no momentum later */
	bool after_zoc = zoc_first(g, i);
	set_flag(g, i, SEQ_LF_ACTIVATED);
	begin_orders(g, i, after_zoc ? "out_of_zoc" : "lowest",
		     after_zoc ? "5.26" : "5.12", true);
	carry_on(g);
}

/* 5.15, 5.33 [1] */
void seq_pass(struct game *g, const char *id, struct cmd_result *r)
{
	struct why w;
	enum seq_step st = seq_step_now(g);
	if (st == SEQ_REACTIVATE) {
		if (id) {
			cmd_refuse(r, "5.33",
				   "pass declines the re-activation; it names "
				   "no leader");
			return;
		}
		int side = seq_decision_side(g);
		struct event e;
		event_init(&e, "reactivation_declined");
		event_add(&e, "side", "%d", side);
		event_add(&e, "rule", "5.33");
		emit(g, &e);
		to_activation(g);
		carry_on(g);
		return;
	}
	int i;
	if (!need_step(g, SEQ_ACTIVATE, &w) ||
	    !designated_leader(g, id, &i, &w)) {
		refuse_why(r, &w);
		return;
	}
	if (zoc_first(g, i)) {
		cmd_refuse(r, "5.26",
			   "%s, passed over in an enemy ZOC and now out of it, "
			   "must be activated before any other leader",
			   g->leaders[i].id);
		return;
	}
	struct act_view v;
	if (!tie_settled(g, &v, r))
		return;
	tie_taken(g, &v, g->leaders[i].side);
	if (zoc_bars_orders(g, i)) {
		/* 5.15 "but see 5.26": set aside, not Finished (ruling at
		 * act_view) */
		set_flag(g, i, SEQ_LF_ZOC_PASSED | SEQ_LF_WAS_IN_ZOC);
		struct event e;
		event_init(&e, "passed_in_zoc");
		event_add(&e, "leader", "%s", g->leaders[i].id);
		event_add(&e, "side", "%d", g->leaders[i].side);
		event_add(&e, "state", "%s", "not_finished");
		event_add(&e, "rule", "5.26");
		emit(g, &e);
	} else {
		finish(g, i, "passed", "5.15");
	}
	to_activation(g);
	carry_on(g);
}

/* 5.44: everyone a successful trump passes over, on either side. */
static void bypass(struct game *g, int trumper)
{
	int ini = leader_initiative_now(g, &g->leaders[trumper]);
	for (int j = 0; j < g->nleaders; j++) {
		if (j == trumper || !eligible(g, j) ||
		    leader_initiative_now(g, &g->leaders[j]) > ini)
			continue;
		g->leaders[j].state = LS_BYPASSED;
		set_flag(g, j, SEQ_LF_BYPASSED | SEQ_LF_NO_MOMENTUM);
		struct event e;
		event_init(&e, "bypassed");
		event_add(&e, "leader", "%s", g->leaders[j].id);
		event_add(&e, "side", "%d", g->leaders[j].side);
		event_add(&e, "by", "%s", g->leaders[trumper].id);
		event_add(&e, "rule", "5.44");
		emit(g, &e);
	}
}

/* 5.45: leader i, in the Orders Phase his successful trump gave him,
 * must act; level: the undo slot of his trump (0: 5.41, 1: 5.42).  Call
 * after begin_orders. */
static void must_act(struct game *g, int i, int level)
{
	g->seq.trumper = i;
	g->seq.trump_level = level;
	struct event e;
	event_init(&e, "must_act");
	event_add(&e, "leader", "%s", g->leaders[i].id);
	event_add(&e, "rule", "5.45");
	emit(g, &e);
}

/* 5.46: keeps how things stand before a trump roll in undo slot level;
 * instead: the leader who goes if the trump turns out void. */
static void trump_save(struct game *g, int level, int instead, int kind)
{
	struct sequence_state *q = &g->seq;
	struct seq_trump_undo *u = &q->trump_undo[level & 1];
	u->instead = instead;
	u->kind = kind;
	u->trump_tried[0] = q->trump_tried[0];
	u->trump_tried[1] = q->trump_tried[1];
	u->tie_initiative = q->tie_initiative;
	u->tie_next_side = q->tie_next_side;
	for (int j = 0; j < g->nleaders; j++) {
		u->state[j] = (unsigned char)g->leaders[j].state;
		int a = g->leaders[j].activations;
		u->activations[j] = (unsigned char)(a < 0 ? 0 : a > 255 ? 255 : a);
		u->flags[j] = q->leader_flags[j];
	}
}

/* 5.45, 5.46: the trumper gave no order and can give none (in an enemy
 * ZOC, 4.24, or no order is possible): his trump is treated as never
 * having happened.  Everything the trump roll changed goes back (the
 * trumper Inactive again, the leaders it bypassed no longer bypassed, a
 * 5.42 #1 attempt against it undone too), and the leader who would have
 * gone without it goes: the designated leader of a 5.41 trump, the
 * trumped leader of a 5.42 one (a 5.41 trumper must act in his turn; a
 * momentum leader has his Momentum Orders Phase).  Notes of enemy ZOCs
 * (5.31) stay. */
static void trump_void(struct game *g, const char *why)
{
	struct sequence_state *q = &g->seq;
	int level = q->trump_level & 1;
	const struct seq_trump_undo *u = &q->trump_undo[level];
	int i = q->trumper, t = u->instead;
	struct event e;
	event_init(&e, "trump_void");
	event_add(&e, "leader", "%s", lid(g, i));
	event_add(&e, "instead", "%s", lid(g, t));
	event_add(&e, "why", "%s", why);
	event_add(&e, "rule", "5.46");
	emit(g, &e);
	for (int j = 0; j < g->nleaders; j++) {
		g->leaders[j].state = (enum leader_state)u->state[j];
		g->leaders[j].activations = u->activations[j];
		q->leader_flags[j] = (unsigned char)(u->flags[j] |
			(q->leader_flags[j] & SEQ_LF_WAS_IN_ZOC));
	}
	q->trump_tried[0] = u->trump_tried[0];
	q->trump_tried[1] = u->trump_tried[1];
	q->tie_initiative = u->tie_initiative;
	q->tie_next_side = u->tie_next_side;
	q->trumper = -1;
	g->active_leader = -1;
	if (t < 0 || t >= g->nleaders) {
		to_activation(g);
		return;
	}
	if (level == 1 && u->kind == TRUMP_MOMENTUM) {
		begin_orders(g, t, "momentum", "5.32", true);
	} else if (level == 1) {
		begin_orders(g, t, "trump", "5.41", true);
		must_act(g, t, 0);
	} else {
		struct act_view v;
		act_view(g, &v);
		tie_taken(g, &v, g->leaders[t].side);
		set_flag(g, t, SEQ_LF_ACTIVATED);
		begin_orders(g, t, "trump_void", "5.46", true);
	}
}

/* ---- the sequence's rolls, face by face ---- */

enum seq_momentum_result seq_momentum_result(int initiative, int die)
{
	if (die == 9)
		return MOMENTUM_DOOM; /* 5.33, whatever the rating */
	return die <= initiative ? MOMENTUM_SUCCESS : MOMENTUM_FAILURE;
}

const char *seq_momentum_result_name(enum seq_momentum_result r)
{
	return r == MOMENTUM_SUCCESS   ? "success"
	       : r == MOMENTUM_FAILURE ? "failure"
				       : "doom";
}

bool seq_trump_succeeds(int initiative, int die)
{
	return die <= initiative;
}

enum seq_doom_result seq_doom_result(int die)
{
	return die <= 1	  ? DOOM_REACTIVATION
	       : die <= 8 ? DOOM_FINISHED
			  : DOOM_NO_MORE;
}

const char *seq_doom_result_name(enum seq_doom_result r)
{
	return r == DOOM_REACTIVATION ? "reactivation"
	       : r == DOOM_FINISHED   ? "finished"
				      : "no_more_activations";
}

void seq_momentum_odds_at(int initiative, struct odds *o)
{
	odds_init(o, 10, "5.32");
	for (int d = 0; d < 10; d++) {
		enum seq_momentum_result r = seq_momentum_result(initiative, d);
		odds_face(o, d, r == MOMENTUM_SUCCESS, "%s",
			  seq_momentum_result_name(r));
	}
}

void seq_trump_odds_at(int initiative, struct odds *o)
{
	odds_init(o, 10, "5.41");
	for (int d = 0; d < 10; d++) {
		bool ok = seq_trump_succeeds(initiative, d);
		odds_face(o, d, ok, "%s", ok ? "success" : "failure");
	}
}

int seq_elite_winner(int ini0, int die0, int ini1, int die1)
{
	int t0 = die0 + ini0, t1 = die1 + ini1;
	return t0 == t1 ? -1 : t0 > t1 ? 0 : 1;
}

void seq_elite_odds_at(int ini0, int ini1, struct odds *o)
{
	odds_init_pair(o, 10, "5.53");
	for (int a = 0; a < 10; a++)
		for (int b = 0; b < 10; b++) {
			int w = seq_elite_winner(ini0, a, ini1, b);
			odds_pair(o, a, b, w, "%s",
				  w < 0 ? "neither" : w ? "side1" : "side0");
		}
}

void seq_doom_odds(struct odds *o)
{
	odds_init(o, 10, "5.33");
	for (int d = 0; d < 10; d++) {
		enum seq_doom_result r = seq_doom_result(d);
		odds_face(o, d, (int)r, "%s", seq_doom_result_name(r));
	}
}

void seq_momentum_odds(const struct game *g, int i, struct odds *o)
{
	seq_momentum_odds_at(leader_initiative_now(g, &g->leaders[i]), o);
}

void seq_trump_odds(const struct game *g, int i, struct odds *o)
{
	seq_trump_odds_at(leader_initiative_now(g, &g->leaders[i]), o);
}

/* Rolls a trump attempt (5.41, 5.42); true on success. */
static bool trump_roll(struct game *g, int i, int against, const char *what,
		       const char *rule)
{
	const struct leader *l = &g->leaders[i];
	int ini = leader_initiative_now(g, l);
	struct event e;
	game_roll_begin(&e, what);
	event_add(&e, "leader", "%s", l->id);
	event_add(&e, "against", "%s", g->leaders[against].id);
	event_add(&e, "initiative", "%d", ini);
	int d = game_roll_die(g, &e);
	bool ok = seq_trump_succeeds(ini, d);
	event_add(&e, "result", "%s", ok ? "success" : "failure");
	event_add(&e, "rule", "%s", rule);
	emit(g, &e);
	return ok;
}

/* 5.41 */
static void trump_active(struct game *g, int i, const char *designated,
			 struct cmd_result *r)
{
	struct why w;
	int d;
	if (!check_trump_active(g, i, &w) ||
	    !designated_leader(g, designated, &d, &w)) {
		refuse_why(r, &w);
		return;
	}
	struct act_view v;
	if (!tie_settled(g, &v, r))
		return;
	struct leader *l = &g->leaders[i];
	trump_save(g, 0, d, TRUMP_NONE);
	g->seq.trump_tried[l->side] = true;
	if (!trump_roll(g, i, d, "trump", "5.41")) {
		/* the designated leader goes; the trumper is Finished */
		finish(g, i, "trump_failed", "5.44");
		tie_taken(g, &v, g->leaders[d].side);
		set_flag(g, d, SEQ_LF_ACTIVATED);
		begin_orders(g, d, "trump_failed", "5.41", true);
		carry_on(g);
		return;
	}
	bypass(g, i);
	set_flag(g, i, SEQ_LF_ACTIVATED);
	l->state = LS_ACTIVE;
	g->active_leader = i;
	if (can_reply_for(g, i)) {
		g->seq.step = SEQ_TRUMP_REPLY;
		g->seq.trump_kind = TRUMP_THE_TRUMP;
		g->seq.trumped = i;
		g->seq.designated = d;
		struct event e;
		event_init(&e, "trump_offer");
		event_add(&e, "side", "%d", 1 - l->side);
		event_add(&e, "against", "%s", l->id);
		event_add(&e, "rule", "5.42");
		emit(g, &e);
		carry_on(g);
		return;
	}
	begin_orders(g, i, "trump", "5.41", true);
	must_act(g, i, 0);
	carry_on(g);
}

/* 5.42 #1 and #2 */
static void trump_reply(struct game *g, int i, struct cmd_result *r)
{
	struct why w;
	if (!check_trump_reply(g, i, &w)) {
		refuse_why(r, &w);
		return;
	}
	struct sequence_state *q = &g->seq;
	int t = q->trumped;
	bool momentum = q->trump_kind == TRUMP_MOMENTUM;
	const char *what = momentum ? "momentum_trump" : "trump_the_trump";
	trump_save(g, 1, t, q->trump_kind);
	q->trump_tried[g->leaders[i].side] = true;
	if (trump_roll(g, i, t, what, "5.42")) {
		finish(g, t, "trumped", "5.44");
		set_flag(g, t, SEQ_LF_NO_MOMENTUM);
		bypass(g, i);
		set_flag(g, i, SEQ_LF_ACTIVATED);
		begin_orders(g, i, what, "5.42", true);
		must_act(g, i, 1);
	} else {
		finish(g, i, "trump_failed", "5.44");
		begin_orders(g, t, momentum ? "momentum" : "trump",
			     momentum ? "5.32" : "5.41", true);
		if (!momentum)
			must_act(g, t, 0);
	}
	carry_on(g);
}

/* 5.41, 5.42 */
void seq_trump(struct game *g, const char *id, const char *designated,
	       struct cmd_result *r)
{
	struct why w;
	int i = -1;
	enum seq_step st = seq_step_now(g);
	if (st != SEQ_ACTIVATE && st != SEQ_TRUMP_REPLY) {
		wrong_step(g, &w);
		refuse_why(r, &w);
		return;
	}
	if (!find(g, id, &i, &w)) {
		refuse_why(r, &w);
		return;
	}
	if (st == SEQ_TRUMP_REPLY) {
		if (designated) {
			cmd_refuse(r, "5.42",
				   "a 5.42 trump is against %s; it names no "
				   "other leader",
				   lid(g, g->seq.trumped));
			return;
		}
		trump_reply(g, i, r);
		return;
	}
	trump_active(g, i, designated, r);
}

/* 5.42: the trumped leader goes on. */
void seq_no_trump(struct game *g, struct cmd_result *r)
{
	if (!step_or_refuse(g, SEQ_TRUMP_REPLY, r))
		return;
	struct sequence_state *q = &g->seq;
	int t = q->trumped;
	bool momentum = q->trump_kind == TRUMP_MOMENTUM;
	struct event e;
	event_init(&e, "trump_declined");
	event_add(&e, "side", "%d", 1 - g->leaders[t].side);
	event_add(&e, "against", "%s", g->leaders[t].id);
	event_add(&e, "rule", "5.42");
	emit(g, &e);
	begin_orders(g, t, momentum ? "momentum" : "trump",
		     momentum ? "5.32" : "5.41", true);
	if (!momentum)
		must_act(g, t, 0);
	carry_on(g);
}

/* 5.51 */
void seq_elite(struct game *g, const char *id, struct cmd_result *r)
{
	struct why w;
	int i = -1;
	if (!need_step(g, SEQ_ELITE, &w) || !find(g, id, &i, &w) ||
	    !check_elite(g, i, &w)) {
		refuse_why(r, &w);
		return;
	}
	g->seq.eio_leader = i;
	g->seq.elite_side = -1;
	begin_orders(g, i, "elite", "5.51", true);
	carry_on(g);
}

/* 5.51: declined; normal activation. */
void seq_no_elite(struct game *g, struct cmd_result *r)
{
	if (!step_or_refuse(g, SEQ_ELITE, r))
		return;
	struct event e;
	event_init(&e, "elite_declined");
	event_add(&e, "side", "%d", g->seq.elite_side);
	event_add(&e, "rule", "5.51");
	emit(g, &e);
	g->seq.elite_side = -1;
	to_activation(g);
	carry_on(g);
}

/* 5.27, 5.28: the orders are given; the Shock segment follows.  5.45,
 * 5.46: a leader who trumped must first give an order if he can; if he
 * cannot, his trump is void. */
void seq_orders_done(struct game *g, struct cmd_result *r)
{
	if (!step_or_refuse(g, SEQ_ORDERS, r))
		return;
	const char *void_why;
	if (trumper_must_act(g, &void_why) &&
	    !shock_designate_range_useful(g)) {
		bool by_order = tables_variant(g->tables, RV_TRUMPER_ACTS) ==
				TRUMPER_ACTS_ORDER;
		cmd_refuse(r, "5.45",
			   "%s trumped and must act: %s (or use his Command "
			   "Range to precipitate Shock, 8.41)",
			   lid(g, g->active_leader),
			   by_order ? "give an order"
				    : "a unit of his must end its move in "
				      "another hex, or fire (R134)");
		return;
	}
	if (!orders_move_may_end(g, r)) /* 6.63, 6.67, 6.69 */
		return;
	/* 6.13, 10.22: the open move ends first; if that routs the unit and
	 * its rout move waits for a choice, the phase stays open until it is
	 * answered (then `orders done` again) */
	if (!orders_close_move(g)) {
		struct event w;
		event_init(&w, "orders_not_done");
		event_add(&w, "leader", "%s", lid(g, g->active_leader));
		event_add(&w, "why", "rout_choice_first");
		event_add(&w, "rule", "10.22");
		emit(g, &w);
		return;
	}
	orders_phase_end(g);
	struct event e;
	event_init(&e, "orders_done");
	event_add(&e, "leader", "%s", lid(g, g->active_leader));
	event_add(&e, "orders_given", "%d", g->seq.orders_given);
	event_add(&e, "rule", "5.27");
	emit(g, &e);
	seq_note_leaders_in_zoc(g); /* 5.31 */
	if (void_why && !shock_designate_range_useful(g)) {
		/* 5.46: no order, and his range brings on no Shock */
		trump_void(g, void_why);
	} else {
		shock_segment(g);
	}
	carry_on(g);
}

/* GBA 5.31 */
void seq_line_command_by_oc_range(struct game *g)
{
	/* only where it bars momentum: a flag is state (game_digest) */
	if (g->active_leader >= 0 && g->active_leader < g->nleaders &&
	    tables_variant(g->tables, RV_MOMENTUM_AFTER_RANGE_LC) ==
		    MOMENTUM_AFTER_RANGE_LC_NO)
		set_flag(g, g->active_leader, SEQ_LF_LC_BY_OC_RANGE);
}

/* 5.31-5.33: attempt momentum, or not (5.15). */
void seq_momentum(struct game *g, bool attempt, struct cmd_result *r)
{
	if (!step_or_refuse(g, SEQ_MOMENTUM, r))
		return;
	int i = g->active_leader;
	struct leader *l = &g->leaders[i];
	if (!attempt) {
		finish(g, i, "no_momentum", "5.15");
		to_activation(g);
		carry_on(g);
		return;
	}
	const char *zrule;
	const char *zwhy = momentum_zoc_bar(g, i, &zrule);
	if (zwhy) {
		cmd_refuse(r, zrule, "%s may not use momentum: %s", l->id,
			   strcmp(zwhy, "in_enemy_zoc") == 0
				   ? "he is in an enemy ZOC"
			   : strcmp(zwhy, "was_in_enemy_zoc") == 0
				   ? "he was in an enemy ZOC this turn"
				   : "he was activated on coming out of the "
				     "enemy ZOC he was passed over in");
		return;
	}
	int ini = leader_initiative_now(g, l);
	struct event e;
	game_roll_begin(&e, "momentum");
	event_add(&e, "leader", "%s", l->id);
	event_add(&e, "initiative", "%d", ini);
	int d = game_roll_die(g, &e);
	enum seq_momentum_result res = seq_momentum_result(ini, d);
	event_add(&e, "result", "%s", seq_momentum_result_name(res));
	event_add(&e, "rule", "5.32");
	emit(g, &e);
	if (res == MOMENTUM_DOOM) {
		/* 5.33 the Die Roll of Doom */
		game_roll_begin(&e, "doom");
		event_add(&e, "leader", "%s", l->id);
		enum seq_doom_result band = seq_doom_result(game_roll_die(g, &e));
		bool crisis = band == DOOM_NO_MORE &&
			      tables_variant(g->tables, RV_DOOM_NINE) ==
				      DOOM_NINE_CRISIS_OF_FAITH;
		event_add(&e, "result", "%s",
			  crisis ? "crisis_of_faith"
				 : seq_doom_result_name(band));
		event_add(&e, "rule", "%s", crisis ? "GBA 5.33" : "5.33");
		emit(g, &e);
		finish(g, i, "doom", "5.33");
		if (crisis) { /* GBA 5.33: the activations go on */
			gba_crisis_of_faith(g, i);
			to_activation(g);
			carry_on(g);
			return;
		}
		if (band == DOOM_REACTIVATION) {
			to_activation(g);
			g->seq.step = SEQ_REACTIVATE;
			g->seq.trumped = i;
			event_init(&e, "reactivation_offer");
			event_add(&e, "side", "%d", 1 - l->side);
			event_add(&e, "army", "%s", side_id(g, 1 - l->side));
			event_add(&e, "rule", "5.33");
			emit(g, &e);
		} else {
			if (band == DOOM_NO_MORE)
				g->seq.doom = true;
			to_activation(g);
		}
		carry_on(g);
		return;
	}
	if (res == MOMENTUM_FAILURE) {
		finish(g, i, "momentum_failed", "5.32");
		to_activation(g);
		carry_on(g);
		return;
	}
	/* success: a new activation (5.43), open to a momentum trump */
	g->seq.trump_tried[0] = g->seq.trump_tried[1] = false;
	if (can_reply_for(g, i)) {
		g->seq.step = SEQ_TRUMP_REPLY;
		g->seq.trump_kind = TRUMP_MOMENTUM;
		g->seq.trumped = i;
		event_init(&e, "trump_offer");
		event_add(&e, "side", "%d", 1 - l->side);
		event_add(&e, "against", "%s", l->id);
		event_add(&e, "rule", "5.42");
		emit(g, &e);
		carry_on(g);
		return;
	}
	begin_orders(g, i, "momentum", "5.32", true);
	carry_on(g);
}

/* 5.21 */
bool seq_may_order_impl(struct game *g, struct cmd_result *r)
{
	struct why w;
	if (!need_step(g, SEQ_ORDERS, &w)) {
		cmd_refuse(r, "5.2", "no leader is giving orders: %s", w.text);
		return false;
	}
	if (zoc_bars_orders(g, g->active_leader)) {
		cmd_refuse(r, "4.24",
			   "%s is in an enemy ZOC and, not being the Overall "
			   "Commander, issues no orders (4.24, 5.26); only "
			   "the OC may move him out (4.4 #2)",
			   lid(g, g->active_leader));
		return false;
	}
	if (g->seq.orders_left <= 0) {
		cmd_refuse(r, "5.21", "%s has no Individual Orders left",
			   lid(g, g->active_leader));
		return false;
	}
	return true;
}

static const char *flag_names(unsigned f, char *buf, size_t n)
{
	static const struct {
		unsigned bit;
		const char *name;
	} fl[] = {
		{SEQ_LF_ACTIVATED, "activated"},
		{SEQ_LF_NO_MOMENTUM, "no_momentum"},
		{SEQ_LF_EIO, "eio"},
		{SEQ_LF_BYPASSED, "bypassed"},
		{SEQ_LF_WAS_IN_ZOC, "was_in_zoc"},
		{SEQ_LF_ZOC_PASSED, "zoc_passed"},
	};
	size_t len = 0;
	buf[0] = '\0';
	for (size_t k = 0; k < sizeof fl / sizeof fl[0]; k++)
		if ((f & fl[k].bit) && len < n) {
			int w = snprintf(buf + len, n - len, "%s%s",
					 len ? "," : "", fl[k].name);
			if (w > 0)
				len += (size_t)w;
		}
	if (!buf[0])
		snprintf(buf, n, "-");
	return buf;
}

void seq_state_text(const struct game *g, FILE *f)
{
	const struct sequence_state *q = &g->seq;
	if (q->started_turn == 0) {
		/* a fresh game: nothing derived yet */
		fprintf(f, "sequence step=none started_turn=0\n"
			   "sequence_leaders -\n");
		return;
	}
	fprintf(f,
		"sequence step=%s started_turn=%d trump_kind=%d trumped=%s "
		"designated=%s trump_tried=%s,%s tie=%d tie_next=%d "
		"orders_left=%d orders_given=%d momentum_phase=%s "
		"elite_side=%d eio=%s doom=%s result=%s trumper=%s\n",
		seq_step_name((enum seq_step)q->step), q->started_turn,
		q->trump_kind, lid(g, q->trumped), lid(g, q->designated),
		q->trump_tried[0] ? "yes" : "no",
		q->trump_tried[1] ? "yes" : "no", q->tie_initiative,
		q->tie_next_side, q->orders_left, q->orders_given,
		q->momentum_phase ? "yes" : "no", q->elite_side, lid(g, q->eio_leader), q->doom ? "yes" : "no",
		seq_result_name((enum seq_result)q->result), lid(g, q->trumper));
	fprintf(f, "sequence_leaders");
	bool any = false;
	for (int i = 0; i < g->nleaders; i++)
		if (q->leader_flags[i]) {
			char buf[64];
			fprintf(f, " %s=%s", g->leaders[i].id,
				flag_names(q->leader_flags[i], buf, sizeof buf));
			any = true;
		}
	fprintf(f, "%s\n", any ? "" : " -");
}
