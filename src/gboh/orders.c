/* orders.c — Individual Orders and Line Commands (orders.h): the checks
 * that decide whether an order may be given, and the orders carried out
 * one step at a time through the movement rules (movement.h). */
#include "maniple/orders.h"
#include "maniple/gba_lone_leaders.h"
#include "maniple/gba_contingent.h"
#include "maniple/gba_darius.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/command.h"
#include "maniple/double_depth.h"
#include "maniple/elcav.h"
#include "maniple/elcmd.h"
#include "maniple/gba_inertia.h"
#include "maniple/engaged.h"
#include "maniple/los.h"
#include "maniple/movement.h"
#include "maniple/phalanx.h"
#include "maniple/prearranged.h"
#include "maniple/rally.h"
#include "maniple/harass.h"
#include "maniple/leader_elephant.h"
#include "maniple/leaders.h"
#include "maniple/missile.h"
#include "maniple/mle.h"
#include "maniple/triarii.h"
#include "maniple/reaction_fire.h"
#include "maniple/reactions.h"
#include "maniple/reinforcements.h"
#include "maniple/rout.h"
#include "maniple/scorpio.h"
#include "maniple/stacking.h"
#include "maniple/pursuit.h"

static const char *const mode_names[] = {"none", "individual", "line"};

/* Why an order may not be given: the rule and the reason. */
struct ord_why {
	const char *rule;
	char text[200];
	/* only the rule is wanted (a legal list): deny leaves text empty */
	bool quiet;
	/* a legal list found the gate open (check_gate, line_gate) for the
	 * game it lists, which stays as it is meanwhile: not asked again
	 * for each order it weighs (speed) */
	bool gate_open, line_gate_open;
};

static bool deny(struct ord_why *w, const char *rule, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static bool deny(struct ord_why *w, const char *rule, const char *fmt, ...)
{
	w->rule = rule;
	if (w->quiet) {
		w->text[0] = '\0';
		return false;
	}
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(w->text, sizeof w->text, fmt, ap);
	va_end(ap);
	return false;
}

static void refuse_why(struct cmd_result *r, const struct ord_why *w)
{
	cmd_refuse(r, w->rule, "%s", w->text);
}

static void emit(struct game *g, const struct event *e)
{
	game_emit(g, e);
}

static int find_unit(const struct game *g, const char *id)
{
	for (int i = 0; id && i < g->nunits; i++)
		if (strcmp(g->units[i].id, id) == 0)
			return i;
	return -1;
}

static int find_leader(const struct game *g, const char *id)
{
	for (int i = 0; id && i < g->nleaders; i++)
		if (strcmp(g->leaders[i].id, id) == 0)
			return i;
	return -1;
}

static const struct leader *active(const struct game *g)
{
	if (g->active_leader < 0 || g->active_leader >= g->nleaders)
		return NULL;
	return &g->leaders[g->active_leader];
}

/* 4.24, 5.26: the leader stands in an enemy ZOC */
static bool leader_in_enemy_zoc(const struct game *g, const struct leader *l)
{
	return l->on_map && zoc_enemy_in(g, l->side, l->hex);
}

/* ---- the phase's state ---- */

void orders_state_init(struct orders_state *o)
{
	memset(o, 0, sizeof *o);
	o->mode = ORD_NONE;
	o->mover_unit = o->mover_leader = o->with_leader = -1;
	o->moving = false;
	o->move.unit = o->move.leader = -1;
	o->stack_mate = -1; /* 6.64 */
	o->stack_move.unit = o->stack_move.leader = -1;
}

/* 4.33: keeps the turns of Initial-phase Line Commands across phases */
static void reset_phase(struct orders_state *o)
{
	int16_t keep[BATTLE_LEADERS_MAX];
	_Static_assert(sizeof keep == sizeof o->lc_initial_turn,
		       "the turns kept");
	memcpy(keep, o->lc_initial_turn, sizeof keep);
	orders_state_init(o);
	memcpy(o->lc_initial_turn, keep, sizeof keep);
}

/* 5.21; 4.33 the leader's position at the start of his Orders Phase */
void orders_phase_begin(struct game *g)
{
	struct orders_state *o = &g->ord;
	reset_phase(o);
	missile_phase_begin(g); /* 8.11 nobody has fired under orders yet */
	scorpio_phase_begin(g); /* 9.82, 9.86 */
	rally_orders_phase_begin(g); /* 10.16 no hits recovered yet */
	engaged_sweep(g); /* 10.43 markers whose enemies have gone */
	elcmd_phase_begin(g); /* 4.91 who shares the leader's hex */
	const struct leader *l = active(g);
	if (!l || !l->on_map || l->killed)
		return;
	o->start_in_zoc = leader_in_enemy_zoc(g, l);
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (u->side != l->side || !game_unit_in_play(u))
			continue;
		for (int k = 0; k < 2 && !bits_has(o->start_reach, i); k++) {
			struct hex h = u->at.hex[k];
			if (hex_is_none(h) || hex_distance(l->hex, h) > 2)
				continue;
			struct los_why w;
			if (los_clear(g, l->hex, h, LOS_LINE_COMMAND, &w))
				bits_put(o->start_reach, i, true);
		}
	}
}

/* 10.14, 10.21: a move whose hits reached the TQ; the rout follows.
 * GBA 6.92: a move ended in a friend's hex routs the mover too. */
static void rout_after_move(struct game *g, const struct move *m)
{
	if (m->unit < 0 || m->unit >= g->nunits)
		return;
	const struct unit *with[STACK_MAX + 2];
	int n = stacking_friends_with(g, &g->units[m->unit], with,
				      STACK_MAX + 2);
	if (stacking_ended_stacked(g, m->unit, with, n, m->rout_due))
		rout_begin(g, m->unit, "GBA 6.92");
	else if (m->rout_due)
		rout_begin(g, m->unit, "10.14");
}

/* GBA 5.46: unit move m stands in a hex other than the one it began in */
static bool moved_away(const struct game *g, const struct move *m)
{
	if (m->unit < 0 || m->unit >= g->nunits)
		return false;
	return !hex_eq(g->units[m->unit].at.hex[0], m->start);
}

/* 5.45, GBA 5.46: whether this Orders Phase's units have done what a
 * trumper's phase asks (the switch [leaders] trumper_acts) */
bool orders_trumper_acted(const struct game *g)
{
	const struct orders_state *o = &g->ord;
	if (tables_variant(g->tables, RV_TRUMPER_ACTS) == TRUMPER_ACTS_ORDER)
		return g->seq.orders_given > 0;
	if (o->moved_away || (o->moving && moved_away(g, &o->move)))
		return true;
	for (int i = 0; i < g->nunits; i++)
		if (g->fire.fired[i])
			return true;
	return false;
}

/* 6.11, 6.13: ends the open move, if any */
static void end_move(struct game *g)
{
	struct orders_state *o = &g->ord;
	if (!o->moving)
		return;
	move_end(g, &o->move);
	int mate = o->stack_mate; /* 6.64 the stack's other unit */
	if (mate >= 0)
		move_end(g, &o->stack_move);
	if (moved_away(g, &o->move)) /* GBA 5.46 */
		o->moved_away = true;
	int mover = o->mover_unit;
	o->moving = false;
	o->mover_unit = o->mover_leader = o->with_leader = -1;
	o->stack_mate = -1;
	rout_after_move(g, &o->move);
	if (mate >= 0)
		rout_after_move(g, &o->stack_move);
	if (mover >= 0) /* 7.32: a may-shock unit's choice as it finishes */
		reactions_at_move_end(g, mover);
	if (mover >= 0) /* 8.21 Exception: a Line's entry fire after */
		rfire_move_ended(g, mover);
}

/* 5.27 */
bool orders_close_move_impl(struct game *g)
{
	end_move(g);
	rfire_line_flush(g); /* 8.21 Exception: the Line's moves are done */
	return !rout_pending(g) && !reactions_pending(g);
}

/* What ending the open move would bring, found by ending it on a copy.
 * The copy's dice are its own (game_copy_for_search reseeds them, with
 * no forced rolls): everything the end does before its first die is
 * drawn depends on the position alone, so whether a die is drawn at all
 * tells nothing of what the game's dice will show.  Past a draw nothing
 * of the copy is read. */
struct end_trial {
	bool rolls;	/* the end draws a die (6.41's fifth-MP check ...) */
	char rule[16];	/* the rule of the first roll */
	bool waits;	/* no die drawn, and a decision then waits (10.22,
			 * 7.32): the orders are refused until answered */
};

static void try_end(const struct game *g, struct end_trial *t)
{
	memset(t, 0, sizeof *t);
	if (!g->ord.moving)
		return;
	struct game *cp = game_copy_for_search(g, 1);
	if (!cp) { /* out of memory: take no chance with the dice */
		t->rolls = true;
		return;
	}
	unsigned long before = cp->dice.rolls;
	bool ended = orders_close_move(cp);
	t->rolls = cp->dice.rolls != before;
	for (size_t i = 0; t->rolls && i < cp->events.n; i++) {
		const char *rule = event_log_get(&cp->events, i, "rule");
		if (event_log_is(&cp->events, i, "roll") && rule) {
			snprintf(t->rule, sizeof t->rule, "%s", rule);
			break;
		}
	}
	t->waits = !t->rolls && !ended;
	event_log_free(&cp->events);
	free(cp);
}

/* 6.11, 6.41: a new order ends the open move first; when that end rolls
 * a die, the order waits for `halt`, so that the roll is made on its own
 * and seen before the next decision (and neither `legal` nor a refusal
 * tells beforehand how it falls) */
static bool check_end_quiet(const struct game *g, struct ord_why *w)
{
	struct end_trial t;
	try_end(g, &t);
	if (!t.rolls)
		return true;
	const struct orders_state *o = &g->ord;
	const char *who = o->mover_unit >= 0 && o->mover_unit < g->nunits
				  ? g->units[o->mover_unit].id
			  : o->mover_leader >= 0 && o->mover_leader < g->nleaders
				  ? g->leaders[o->mover_leader].id
				  : "the mover";
	return deny(w, "6.11",
		    "ending %s's move rolls a die (rule %s): halt first, "
		    "then give the next order",
		    who, t.rule[0] ? t.rule : "6.41");
}

bool orders_halt_first_impl(const struct game *g, struct cmd_result *r)
{
	struct ord_why w = {0};
	if (check_end_quiet(g, &w))
		return false;
	refuse_why(r, &w);
	return true;
}

void orders_phase_end(struct game *g)
{
	end_move(g);
	elcmd_phase_end(g); /* 4.91 an army's first elephant orders */
	/* 9.72: the Shock segment still asks who entered a hex */
	uint8_t entered[sizeof g->ord.entered_hex];
	uint8_t charged[sizeof g->ord.chariot_charged]; /* GBA 9.22 too */
	memcpy(entered, g->ord.entered_hex, sizeof entered);
	memcpy(charged, g->ord.chariot_charged, sizeof charged);
	reset_phase(&g->ord);
	memcpy(g->ord.entered_hex, entered, sizeof entered);
	memcpy(g->ord.chariot_charged, charged, sizeof charged);
}

/* ---- the canonical text ---- */

static void list_units(const struct game *g, FILE *f, const char *key,
		       const bool *set)
{
	fprintf(f, " %s=", key);
	bool any = false;
	for (int i = 0; i < g->nunits; i++)
		if (set[i]) {
			fprintf(f, "%s%s", any ? "," : "", g->units[i].id);
			any = true;
		}
	if (!any)
		fputc('-', f);
}

void orders_state_text(const struct game *g, FILE *f)
{
	const struct orders_state *o = &g->ord;
	int mode = o->mode >= 0 && o->mode <= ORD_LINE ? o->mode : 0;
	fprintf(f, "orders mode=%s mover=%s\n", mode_names[mode],
		o->mover_unit >= 0 && o->mover_unit < g->nunits
			? g->units[o->mover_unit].id
		: o->mover_leader >= 0 && o->mover_leader < g->nleaders
			? g->leaders[o->mover_leader].id
			: "-");
	if (o->moving) {
		const struct move *m = &o->move;
		char at[16];
		hex_format(m->start, at, sizeof at);
		fprintf(f,
			"orders move with=%s start=%s ma=%d spent=%d hits=%d "
			"hexes=%d vertices=%d facing_mp=%d moved_before=%d "
			"began_in_zoc=%d may_leave_zoc=%d turned_in_zoc=%d "
			"stopped=%d stop_rule=%s rout_due=%d ended=%d\n",
			o->with_leader >= 0 ? g->leaders[o->with_leader].id
					    : "-",
			at, m->ma, m->mp_spent, m->hits, m->hexes_entered,
			m->vertices_turned, m->facing_mp, m->moved_before,
			m->began_in_zoc, m->may_leave_zoc, m->turned_in_zoc,
			m->stopped, m->stop_rule ? m->stop_rule : "-",
			m->rout_due, m->ended);
		if (o->stack_mate >= 0 && o->stack_mate < g->nunits)
			fprintf(f,
				"orders stack_move mate=%s ma=%d spent=%d "
				"hits=%d hexes=%d vertices=%d stopped=%d "
				"rout_due=%d\n",
				g->units[o->stack_mate].id, o->stack_move.ma,
				o->stack_move.mp_spent, o->stack_move.hits,
				o->stack_move.hexes_entered,
				o->stack_move.vertices_turned,
				o->stack_move.stopped, o->stack_move.rout_due);
	}
	fprintf(f, "orders lc_given=%d lc_denied=%d start_in_zoc=%d",
		o->lc_given, o->lc_denied, o->start_in_zoc);
	if (o->arm_set)
		fprintf(f, " arm=%s/%d/%s", o->arm_velites ? "VE" : o->arm_cls,
			o->arm_velites ? 0 : o->arm_legion,
			o->arm_ala ? "ala" : "legion");
	list_units(g, f, "ordered", o->ordered);
	bool reach[BATTLE_UNITS_MAX];
	for (int i = 0; i < BATTLE_UNITS_MAX; i++)
		reach[i] = bits_has(o->start_reach, i);
	list_units(g, f, "start_reach", reach);
	fprintf(f, " line_of=");
	bool any = false;
	for (int i = 0; i < g->nunits; i++)
		if (o->lc_of[i]) {
			fprintf(f, "%s%s:%d", any ? "," : "", g->units[i].id,
				o->lc_of[i]);
			any = true;
		}
	if (!any)
		fputc('-', f);
	fprintf(f, " leaders=");
	any = false;
	for (int i = 0; i < g->nleaders; i++)
		if (o->leader_mp[i] || bits_has(o->leader_ordered, i) ||
		    o->lc_initial_turn[i]) {
			fprintf(f, "%s%s:mp%d:%s:lc%d", any ? "," : "",
				g->leaders[i].id, o->leader_mp[i],
				bits_has(o->leader_ordered, i) ? "ordered"
							       : "-",
				o->lc_initial_turn[i]);
			any = true;
		}
	if (!any)
		fputc('-', f);
	fputc('\n', f);
	if (o->contingents_given) { /* GBA 5.63-5.65 */
		fprintf(f, "orders contingents=%d mccs=", o->contingents_given);
		for (int i = 0, k = 0; i < g->nleaders; i++)
			if (bits_has(o->contingent_leaders, i))
				fprintf(f, "%s%s", k++ ? "," : "",
					g->leaders[i].id);
		fputc('\n', f);
	}
}

/* ---- checks (change nothing) ---- */

/* 5.2, 4.25, 10.22: a leader is in his Orders Phase and may give
 * orders */
static bool check_gate(const struct game *g, struct ord_why *w)
{
	if (w->gate_open)
		return true;
	/* the Orders step already says that no rout move and no reaction
	 * waits (seq_step_now asks those first): the common case, asked for
	 * every order a legal list weighs */
	bool orders = seq_step_now(g) == SEQ_ORDERS;
	if (!orders && rout_pending(g)) {
		deny(w, "10.22", "a rout move waits: ");
		size_t k = strlen(w->text);
		rout_pending_text(g, w->text + k, sizeof w->text - k);
		return false;
	}
	if (!orders && reactions_pending(g)) { /* 7.15, 6.5, 7.32 */
		deny(w, reactions_pending_rule(g), "a reaction waits: ");
		size_t k = strlen(w->text);
		reactions_pending_text(g, w->text + k, sizeof w->text - k);
		return false;
	}
	if (!orders)
		return deny(w, "5.2",
			    "no leader is giving orders now (see legal)");
	const struct leader *l = active(g);
	if (!l)
		return deny(w, "5.2", "no leader is active");
	if (l->state == LS_FINISHED)
		return deny(w, "4.25", "%s is Finished and gives no orders",
			    l->id);
	return true;
}

/* 5.21, 4.22: the gate for an Individual Order (seq_may_order's test,
 * without changing anything) */
static bool check_individual(const struct game *g, int cost,
			     struct ord_why *w)
{
	if (!check_gate(g, w))
		return false;
	const struct leader *l = active(g);
	if (elcmd_elephant_leader(g, g->active_leader))
		return deny(w, "4.93",
			    "%s is an Elephant Leader: no Individual Orders, "
			    "only his Line Command (elephant line)",
			    l->id);
	if (g->ord.mode == ORD_LINE)
		return deny(w, "5.21",
			    "%s has given a Line Command this phase: no "
			    "Individual Orders",
			    l->id);
	if (g->seq.orders_left < cost)
		return deny(w, "5.21",
			    "%s has %d Individual Order%s left, %d needed",
			    l->id, g->seq.orders_left,
			    g->seq.orders_left == 1 ? "" : "s", cost);
	return true;
}

/* 4.52, 4.54: the one Class of one legion/ala (or arm of horse) */
static bool arm_matches(const struct game *g, const struct leader *l,
			const struct unit *u, struct ord_why *w)
{
	const struct orders_state *o = &g->ord;
	if (!o->arm_set)
		return true;
	if (l->kind == LK_PRAEFECT_EQUITUM) {
		if (u->ala != o->arm_ala)
			return deny(w, "4.54",
				    "%s has ordered %s cavalry this phase; "
				    "not %s cavalry too",
				    l->id, o->arm_ala ? "ala" : "legion",
				    u->ala ? "ala" : "legion");
		return true;
	}
	bool velites = strcmp(u->cls, "VE") == 0;
	if (velites && o->arm_velites)
		return true;
	if (!velites && !o->arm_velites && strcmp(u->cls, o->arm_cls) == 0 &&
	    u->legion == o->arm_legion && u->ala == o->arm_ala)
		return true;
	if (o->arm_velites)
		return deny(w, "4.52",
			    "%s has ordered velites this phase: one Class "
			    "only",
			    l->id);
	return deny(w, "4.52",
		    "%s has ordered class %s of %s %d this phase: one "
		    "Class of one legion or ala only",
		    l->id, o->arm_cls, o->arm_ala ? "ala" : "legion",
		    o->arm_legion);
}

static bool arm_limited(const struct leader *l)
{
	return l->kind == LK_TRIBUNE || l->kind == LK_PRAEFECT_SOCIORUM ||
	       l->kind == LK_PRAEFECT_EQUITUM;
}

/* 4.35, 4.52, 4.54: the rule that leader_may_order applies to l and u
 * (4.54 also keeps tribunes and praefects sociorum off the horse) */
static const char *restriction_rule(const struct game *g,
				    const struct leader *l,
				    const struct unit *u)
{
	if (l->restriction[0])
		return "4.35";
	if (l->kind == LK_PRAEFECT_EQUITUM)
		return "4.54";
	if (l->kind == LK_TRIBUNE || l->kind == LK_PRAEFECT_SOCIORUM)
		return unit_has(g, u, TRAIT_CAVALRY) ? "4.54" : "4.52";
	return "4.35";
}

/* 5.22 #1, 5.24, 6.12, 10.27: a unit that may be given a move */
static bool check_unit_may_move(const struct game *g, int ui,
				const struct leader *l, struct move *m,
				struct ord_why *w)
{
	const struct unit *u = &g->units[ui];
	if (u->side != l->side)
		return deny(w, "5.22", "%s is not a friendly unit", u->id);
	if (leader_elephant_rider(g, u) >= 0) /* 4.81, 4.83 */
		return deny(w, "4.83",
			    "%s moves only as its leader does: order %s",
			    u->id, u->leader_elephant);
	if (reinf_due(g, u->id)) /* 2.6 */
		return deny(w, "2.6",
			    "%s is a reinforcement (scenario), due on turn %d",
			    u->id, reinf_due(g, u->id));
	if (!game_unit_in_play(u))
		return deny(w, "6.11", "%s is not on the map", u->id);
	if (u->routed)
		return deny(w, "10.27",
			    "%s is routed: it takes no orders but a Rally "
			    "(10.28)",
			    u->id);
	if (rally_no_orders(u))
		return deny(w, "10.28",
			    "%s rallied this Game Turn: no orders until the "
			    "next",
			    u->id);
	if (u->double_depth && !l->overall) /* 9.52 */
		return deny(w, "9.52",
			    "%s is in Double-Depth: only the Overall Commander "
			    "orders it",
			    u->id);
	const char *srule = NULL, *swhy = NULL; /* 9.82, 9.85 */
	if (!scorpio_may_move(g, ui, g->ord.mode == ORD_LINE, &srule, &swhy))
		return deny(w, srule, "%s: %s", u->id, swhy);
	if (g->ord.ordered[ui] || u->moved_phase)
		return deny(w, "5.24",
			    "%s has been ordered to move this Orders Phase "
			    "(6.12)",
			    u->id);
	if (!move_begin(g, u, m))
		return deny(w, m->rule ? m->rule : "6.11", "%s: %s", u->id,
			    m->refusal ? m->refusal : "may not move");
	return true;
}

/* What every order of a legal list asks of the active leader, worked out
 * once for the list (the game stays as it is meanwhile): his Command
 * Range (4.21), searched when first asked, and whether he stands in an
 * enemy ZOC (4.24), -1 until asked. */
struct order_cache {
	struct command_range_field *range;
	int in_zoc;
};

/* 4.21: whether u is in l's Command Range, from oc or (oc NULL) searched */
static bool in_command_range(const struct game *g, struct order_cache *oc,
			     const struct leader *l, const struct unit *u)
{
	return oc && oc->range ? command_range_field_reaches_unit(oc->range, u)
			       : command_range_reaches_unit(g, NULL, l, u);
}

/* 4.24: whether l is in an enemy ZOC, from oc or (oc NULL) looked at */
static bool leader_zoc(const struct game *g, struct order_cache *oc,
		       const struct leader *l)
{
	if (!oc)
		return leader_in_enemy_zoc(g, l);
	if (oc->in_zoc < 0)
		oc->in_zoc = leader_in_enemy_zoc(g, l);
	return oc->in_zoc;
}

/* 5.22 #1, 4.21, 4.23, 4.24, 4.52-4.54: an Individual Order to unit ui;
 * oc: what a legal list worked out once, or NULL */
static bool check_order_unit(const struct game *g, int ui, bool with,
			     struct move *m, struct ord_why *w,
			     struct order_cache *oc)
{
	if (!check_individual(g, 1, w))
		return false;
	char pw_why[200];
	if (!pw_may_order_move(g, pw_why, sizeof pw_why)) /* 6.83 */
		return deny(w, "6.83", "%s", pw_why);
	if (!pw_may_move_unit(g, ui, pw_why, sizeof pw_why)) /* GBA 6.84 */
		return deny(w, "GBA 6.84", "%s", pw_why);
	const struct leader *l = active(g);
	const struct unit *u = &g->units[ui];
	if (!l->overall && leader_zoc(g, oc, l))
		return deny(w, "4.24",
			    "%s is in an enemy ZOC and may give no orders "
			    "(5.26)",
			    l->id);
	if (u->side == l->side && !leader_may_order(g, l, u))
		return deny(w, restriction_rule(g, l, u),
			    "%s may not give Individual Orders to %s", l->id,
			    u->id);
	if (u->side == l->side && arm_limited(l) && !arm_matches(g, l, u, w))
		return false;
	if (u->side == l->side && game_unit_in_play(u) &&
	    !in_command_range(g, oc, l, u))
		return deny(w, "4.21",
			    "%s is not within %s's Command Range of %d by an "
			    "unobstructed path",
			    u->id, l->id, l->command_range);
	w->rule = elcmd_order_refusal(g, ui, with, false, w->text,
				      sizeof w->text); /* 4.91 */
	if (w->rule)
		return false;
	if (!check_unit_may_move(g, ui, l, m, w))
		return false;
	if (stacking_is_bottom(g, u)) { /* 6.66, 9.64 */
		/* the top unit; a hex a sandbox set up with more than two
		 * has no single mate (stacking_mate is NULL then) */
		const struct unit *top[4];
		int ntop = stacking_units_in(g, u->at.hex[0], u->side, NULL,
					     NULL, top, 4);
		return deny(w, "6.66",
			    "%s is under %s: only the top unit of a stack "
			    "moves alone (order %s stack moves both)",
			    u->id, ntop > 0 && top[0] != u ? top[0]->id
							   : "another unit",
			    u->id);
	}
	if (with) {
		if (!footprint_occupies(&u->at, l->hex))
			return deny(w, "4.23",
				    "%s is not stacked with %s", l->id,
				    u->id);
		if (leader_elephant_of(g, g->active_leader) >= 0) /* 4.82 */
			return deny(w, "4.82",
				    "%s stays on his Leader Elephant: order "
				    "%s moves it",
				    l->id, l->id);
		if (g->ord.leader_mp[g->active_leader] >= leader_ma(g))
			return deny(w, "6.14",
				    "%s has used his %d MP this Orders Phase",
				    l->id, leader_ma(g));
	}
	return true;
}

/* 4.23, 4.4 #1, #2, 4.24, 4.25, 6.14: an Individual Order moving leader
 * li; *cost: the orders it takes */
static bool check_order_leader(const struct game *g, int li, int *cost,
			       struct move *m, struct ord_why *w)
{
	if (!check_gate(g, w))
		return false;
	char pw_why[200];
	if (!pw_may_order_move(g, pw_why, sizeof pw_why)) /* 6.83 */
		return deny(w, "6.83", "%s", pw_why);
	const struct leader *l = active(g);
	const struct leader *t = &g->leaders[li];
	*cost = 1;
	if (g->ord.mode == ORD_LINE)
		return deny(w, "4.34",
			    "%s has given a Line Command: he moves by pick %s, "
			    "as part of it (4.34, 5.21)",
			    l->id, l->id);
	if (t->side != l->side)
		return deny(w, "4.4", "%s is not a friendly leader", t->id);
	w->rule = elcmd_leader_move_refusal(g, li, w->text, sizeof w->text);
	if (w->rule) /* 4.91, 4.93 */
		return false;
	bool self = li == g->active_leader;
	if (self) {
		if (!l->overall && leader_in_enemy_zoc(g, l))
			return deny(w, "4.24",
				    "%s is in an enemy ZOC: only his OC's "
				    "order moves him out (4.4 #1)",
				    l->id);
	} else {
		if (!l->overall)
			return deny(w, "4.4",
				    "only the Overall Commander orders "
				    "another leader to move (4.4 #2, 4.25)");
		if (tables_variant(g->tables, RV_OC_IN_ZOC_ORDERS_LEADERS) ==
			    OC_IN_ZOC_ORDERS_LEADERS_NO &&
		    leader_in_enemy_zoc(g, l)) /* GBA 4.4 #2 */
			return deny(w, "GBA 4.4",
				    "%s is in an enemy ZOC: he orders himself "
				    "out of it before he moves another leader",
				    l->id);
		if (bits_has(g->ord.leader_ordered, li))
			return deny(w, "4.4",
				    "%s has been ordered to move once this "
				    "Orders Phase (4.4 #2)",
				    t->id);
		if (leader_in_enemy_zoc(g, t)) /* 4.4 #2 */
			*cost = game_constant(g,
					      RC_LEADER_ORDERED_IN_ZOC_COST);
	}
	if (!check_individual(g, *cost, w))
		return false;
	if (g->ord.leader_mp[li] >= leader_ma(g))
		return deny(w, "6.14", "%s has used his %d MP this Orders Phase",
			    t->id, leader_ma(g));
	/* 4.4 #1, #2, 4.71: the OC's order lets a leader leave a ZOC;
	 * 4.81, 4.83: on his Leader Elephant he moves it */
	if (leader_elephant_of(g, li) >= 0
		    ? !leader_elephant_move_begin(g, li, l->overall, m)
		    : !move_begin_leader(g, t, l->overall, m))
		return deny(w, m->rule ? m->rule : "6.14", "%s: %s", t->id,
			    m->refusal ? m->refusal : "may not move");
	m->ma = leader_ma(g) - g->ord.leader_mp[li];
	return true;
}

/* A Line Command ready to be given: the row, its lines, the one meant,
 * the authority. */
struct lc_plan {
	const struct line_def *def;
	struct line_groups lg;
	int group;
	struct lc_authority auth;
	/* lg is def's composition in the game checked, which stays as it is
	 * meanwhile (a legal list asking for each line of a row in turn):
	 * not composed again (speed) */
	bool composed;
};

static const struct line_def *find_line(const struct game *g,
					const char *name, int side)
{
	for (int i = 0; name && g->battle && i < g->battle->nlines; i++)
		if (g->battle->lines[i].side == side &&
		    strcmp(g->battle->lines[i].name, name) == 0)
			return &g->battle->lines[i];
	return NULL;
}

/* 5.21, 4.33, 4.31, 4.4, 4.24, 4.92, 6.83: whether the active leader may
 * give a Line Command now at all, whatever the line */
static bool line_gate(const struct game *g, struct ord_why *w)
{
	if (w->line_gate_open)
		return true;
	if (!check_gate(g, w))
		return false;
	char pw_why[200];
	if (!pw_may_order_move(g, pw_why, sizeof pw_why)) /* 6.83 */
		return deny(w, "6.83", "%s", pw_why);
	const struct orders_state *o = &g->ord;
	const struct leader *l = active(g);
	if (elcmd_elephant_leader(g, g->active_leader))
		return deny(w, "4.92",
			    "%s is an Elephant Leader: his Line Command is "
			    "elephant line",
			    l->id);
	if (o->regroup) /* 8.64: the Orders Phase is the regroup's */
		return deny(w, "8.64",
			    "%s gave this whole Orders Phase to a Regroup "
			    "and Return: no Line Commands",
			    l->id);
	if (o->mode == ORD_INDIVIDUAL)
		return deny(w, "5.21",
			    "%s has given Individual Orders this phase: no "
			    "Line Commands",
			    l->id);
	if (o->lc_denied)
		return deny(w, "4.33",
			    "the Strategy roll failed: %s may give only "
			    "Individual Orders this phase",
			    l->id);
	int lcs = leader_line_commands(g, l); /* 4.31, GBA 5.21 */
	if (o->lc_given >= lcs)
		return deny(w, l->overall ? "4.4" : "4.31",
			    "%s gives %d Line Command%s per Orders Phase and "
			    "has given %d",
			    l->id, lcs, lcs == 1 ? "" : "s", o->lc_given);
	if (!l->overall && leader_in_enemy_zoc(g, l))
		return deny(w, "4.24",
			    "%s is in an enemy ZOC and may give no orders "
			    "(5.26)",
			    l->id);
	return true;
}

bool orders_line_gate(const struct game *g, char *rule, size_t rn,
		      char *reason, size_t n)
{
	struct ord_why w = {0};
	if (line_gate(g, &w))
		return true;
	snprintf(rule, rn, "%s", w.rule ? w.rule : "5.2");
	snprintf(reason, n, "%s", w.text);
	return false;
}

/* 4.31-4.35, 4.4 #3, 4.53, 4.54, 4.6, 5.21: a Line Command to the line
 * of row `name` holding unit ui (-1: the row's only line) */
static bool check_line(const struct game *g, const char *name, int ui,
		       struct lc_plan *p, struct ord_why *w)
{
	const struct line_def *composed = p->composed ? p->def : NULL;
	p->composed = false;
	p->def = NULL;
	p->group = -1;
	if (!line_gate(g, w))
		return false;
	const struct orders_state *o = &g->ord;
	const struct leader *l = active(g);
	p->def = find_line(g, name, l->side);
	if (!p->def)
		return deny(w, "4.31",
			    "the Line Command Eligibility Chart of %s has no "
			    "line %s",
			    g->battle->sides[l->side].id, name ? name : "");
	if (!leader_may_command_line(g, l, p->def))
		return deny(w,
			    l->restriction[0]			 ? "4.35"
			    : l->kind == LK_PRAEFECT_EQUITUM ? "4.54"
			    : arm_limited(l)		 ? "4.53"
							 : "4.35",
			    "%s may not give a Line Command to the line %s",
			    l->id, p->def->name);
	if (composed != p->def)
		line_compose(g, NULL, p->def, l, &p->lg);
	p->composed = true;
	if (p->lg.ngroups == 0 && reinf_line_due(g, p->def)) /* 2.6 */
		return deny(w, "2.6",
			    "the line %s is all reinforcements (scenario), "
			    "the first due on turn %d",
			    p->def->name, reinf_line_due(g, p->def));
	if (p->lg.ngroups == 0)
		return deny(w, "4.32", "no unit of the line %s can take part",
			    p->def->name);
	if (ui >= 0) {
		p->group = p->lg.group[ui];
		if (p->group < 0)
			return deny(w, "4.32", "%s is not in a line %s now",
				    g->units[ui].id, p->def->name);
	} else if (p->lg.ngroups > 1) {
		return deny(w, "4.32",
			    "the row %s makes %d lines now: name one by a "
			    "unit in it (line %s UNIT)",
			    p->def->name, p->lg.ngroups, p->def->name);
	} else {
		p->group = 0;
	}
	bool reach = false;
	int takes[BATTLE_UNITS_MAX], ntakes = 0;
	for (int i = 0; i < g->nunits; i++) {
		if (p->lg.group[i] != p->group)
			continue;
		if (!o->ordered[i] && !g->units[i].moved_phase)
			takes[ntakes++] = i;
		if (bits_has(o->start_reach, i))
			reach = true;
	}
	if (!ntakes)
		return deny(w, "6.12",
			    "every unit of that line has moved this Orders "
			    "Phase");
	char pw_why[sizeof w->text];
	if (!pw_may_command_line(g, takes, ntakes, pw_why, sizeof pw_why))
		return deny(w, "GBA 6.84", "%s", pw_why);
	if (line_group_is_infantry_or_elephant(g, &p->lg, p->group)) {
		if (o->start_in_zoc)
			return deny(w, "4.33",
				    "%s began his Orders Phase in an enemy ZOC",
				    l->id);
		if (!reach)
			return deny(w, "4.33",
				    "%s did not begin his Orders Phase within "
				    "two hexes and in clear LOS of a unit of "
				    "that line",
				    l->id);
	}
	enum lc_phase ph =
		g->seq.momentum_phase ? LC_MOMENTUM_PHASE : LC_INITIAL_PHASE;
	bool initial = o->lc_initial_turn[g->active_leader] == g->turn;
	p->auth = line_command_authority(g, NULL, l, &p->lg, p->group, ph,
					 initial);
	if (p->auth.decision == LC_REFUSED)
		return deny(w, p->auth.rule ? p->auth.rule : "4.33", "%s",
			    p->auth.reason[0] ? p->auth.reason
					      : "no Line Command now");
	return true;
}

/* 4.34: leader l standing at h is within Command Range of a unit of a
 * line he has commanded */
static bool lc_leader_in_range(const struct game *g, const struct leader *l,
			       struct hex h)
{
	struct leader at = *l;
	at.hex = h;
	for (int i = 0; i < g->nunits; i++)
		if (g->ord.lc_of[i] && game_unit_in_play(&g->units[i]) &&
		    command_range_reaches_unit(g, NULL, &at, &g->units[i]))
			return true;
	return false;
}

/* 4.31, 4.34, 6.12: opening a move within the Line Command */
static bool check_pick(const struct game *g, int ui, int li, struct move *m,
		       struct ord_why *w)
{
	if (!check_gate(g, w))
		return false;
	const struct leader *l = active(g);
	/* GBA 5.65, 4.36: a contingent commander's Line Command, given in
	 * the Wing Commander's phase of Individual Orders */
	bool contingent = ui >= 0 ? g->ord.lc_of[ui] == ORD_LC_CONTINGENT
			  : li >= 0 && bits_has(g->ord.contingent_leaders, li);
	if (g->ord.mode != ORD_LINE && !contingent &&
	    g->ord.contingents_given)
		return deny(w, "GBA 5.65",
			    "%s is in no contingent activated this phase",
			    ui >= 0 ? g->units[ui].id : g->leaders[li].id);
	if (g->ord.mode != ORD_LINE && !contingent)
		return deny(w, "5.23",
			    "%s has given no Line Command this phase", l->id);
	char pw_why[200];
	if (ui >= 0 && !pw_may_move_unit(g, ui, pw_why, sizeof pw_why))
		return deny(w, "GBA 6.84", "%s", pw_why); /* GBA 6.84 */
	if (ui >= 0 && missile_line_fire_member(g, ui)) /* 5.23 #2 */
		return deny(w, "5.23",
			    "%s is in a Line Command to fire without movement",
			    g->units[ui].id);
	if (li >= 0) {
		if (li != g->active_leader && !contingent)
			return deny(w, "4.34",
				    "only the leader who gave the Line Command "
				    "moves as part of it");
		const struct leader *t = &g->leaders[li];
		w->rule = elcmd_leader_move_refusal(g, li, w->text,
						    sizeof w->text);
		if (w->rule) /* 4.91, 4.93 */
			return false;
		if (g->ord.leader_mp[li] >= leader_ma(g))
			return deny(w, "6.14",
				    "%s has used his %d MP this Orders Phase",
				    t->id, leader_ma(g));
		/* GBA 7.23 #3: a Contingent Command from the OC lets the
		 * contingent commander leave an enemy ZOC */
		if (leader_elephant_of(g, li) >= 0 /* 4.81, 4.83 */
			    ? !leader_elephant_move_begin(g, li, l->overall, m)
			    : !move_begin_leader(g, t, l->overall, m))
			return deny(w, m->rule ? m->rule : "6.14", "%s: %s",
				    t->id,
				    m->refusal ? m->refusal : "may not move");
		m->ma = leader_ma(g) - g->ord.leader_mp[li];
		return true;
	}
	if (!g->ord.lc_of[ui])
		return deny(w, "4.31",
			    "%s is not in a line %s has commanded this phase",
			    g->units[ui].id, l->id);
	w->rule = elcmd_order_refusal(g, ui, false, true, w->text,
				      sizeof w->text); /* 4.91 */
	if (w->rule)
		return false;
	if (!check_unit_may_move(g, ui, l, m, w))
		return false;
	if (stacking_is_bottom(g, &g->units[ui])) /* 6.66, 9.64 */
		return deny(w, "9.64",
			    "%s is under %s: only the top unit of a stack "
			    "moves alone (pick %s stack moves both)",
			    g->units[ui].id, stacking_mate(g, &g->units[ui])->id,
			    g->units[ui].id);
	return true;
}

/* 4.23, 4.34: whether a leader going with a unit, or moving as part of
 * his Line Command, stays with it (GBA 4.23, 4.36: not so) */
static bool leaders_stay(const struct game *g)
{
	return tables_variant(g->tables, RV_LEADER_STAYS) == LEADER_STAYS_YES;
}

/* 4.23: the half of the unit the leader moving with it stands in (a
 * one-hex unit: 0); he follows that half to the hex it enters */
static int with_leader_half(const struct game *g)
{
	const struct orders_state *o = &g->ord;
	const struct unit *u = &g->units[o->mover_unit];
	return unit_is_two_hex(u) &&
			       hex_eq(g->leaders[o->with_leader].hex,
				      u->at.hex[1])
		       ? 1
		       : 0;
}

/* 4.23, 6.14, 6.15: the leader going with the unit, whose halves end in
 * `after`, pays cavalry costs for the hex his half enters out of his 9 MP
 * (nothing if his half stays where it is) */
static bool check_with_leader(const struct game *g,
			      const struct footprint *after,
			      struct ord_why *w)
{
	const struct orders_state *o = &g->ord;
	const struct leader *l = &g->leaders[o->with_leader];
	struct hex to = after->hex[with_leader_half(g)];
	if (hex_eq(l->hex, to))
		return true;
	struct move_cost c = move_hex_entry_cost(g, NULL, l->hex, to);
	if (c.prohibited)
		return deny(w, "6.15",
			    "%s may not enter that hex with the unit "
			    "(cavalry costs)",
			    l->id);
	if (o->leader_mp[o->with_leader] + c.mp > leader_ma(g))
		return deny(w, "6.14",
			    "%s has %d MP left this Orders Phase; that hex "
			    "costs him %d",
			    l->id, leader_ma(g) - o->leader_mp[o->with_leader],
			    c.mp);
	return true;
}

/* 4.23, 6.14, 6.15: after the step, the leader going with the unit
 * follows the half he stood in (half k, which was at `from`) */
static void with_leader_follow(struct game *g, int k, struct hex from)
{
	struct orders_state *o = &g->ord;
	struct leader *l = &g->leaders[o->with_leader];
	struct hex to = g->units[o->mover_unit].at.hex[k];
	if (hex_eq(from, to))
		return;
	struct move_cost c = move_hex_entry_cost(g, NULL, from, to);
	l->hex = to;
	o->leader_mp[o->with_leader] += c.mp;
	struct event e;
	event_init(&e, "leader_moved");
	event_add(&e, "leader", "%s", l->id);
	event_add(&e, "with", "%s", g->units[o->mover_unit].id);
	event_add_hex(&e, "to", to);
	event_add(&e, "mp", "%d", c.mp);
	event_add(&e, "left", "%d", leader_ma(g) - o->leader_mp[o->with_leader]);
	event_add(&e, "rule", "4.23");
	emit(g, &e);
}

/* 6.2, 6.15, 6.14, 4.23, 4.34: one hex of the open move */
static bool check_step(const struct game *g, struct hex dest,
		       struct hex dest2, struct move_step *s,
		       struct ord_why *w)
{
	if (!check_gate(g, w))
		return false;
	const struct orders_state *o = &g->ord;
	if (!o->moving)
		return deny(w, "6.11",
			    "no move is open: give an order (or pick) first");
	/* 8.63: a Pursuit/Finished unit may only change facing */
	for (int k = 0; k < 2; k++) {
		int ui = k ? o->stack_mate : o->mover_unit;
		if (ui >= 0 && pursuit_finished(&g->units[ui]))
			return deny(w, "8.63",
				    "%s is Pursuit/Finished: it may change "
				    "facing but not move this Game Turn",
				    g->units[ui].id);
	}
	/* 9.71: the triarii doctrine holds the triarii where they stand */
	for (int k = 0; k < 2; k++) {
		int ui = k ? o->stack_mate : o->mover_unit;
		char why[sizeof w->text];
		if (ui >= 0 && !triarii_may_move(g, ui, why, sizeof why))
			return deny(w, "9.71", "%s", why);
	}
	/* 6.43: a phalanx in line names both hexes (dest2) */
	if (!move_check_step_pair(g, &o->move, dest, dest2, s)) {
		/* 6.14: a leader's MP are his for the whole phase */
		bool leader_mp = o->mover_leader >= 0 && s->rule &&
				 strcmp(s->rule, "6.25") == 0;
		return deny(w,
			    leader_mp ? "6.14" : s->rule ? s->rule : "6.2",
			    "%s%s", s->refusal ? s->refusal : "may not move",
			    leader_mp ? " (9 MP per Orders Phase)" : "");
	}
	/* 6.64: the stack's other unit must make the same step */
	struct move_step ms;
	if (o->stack_mate >= 0 && /* 9.52: a Double-Depth pair's two hexes */
	    !move_check_step_pair(g, &o->stack_move, dest, dest2, &ms))
		return deny(w, ms.rule ? ms.rule : "6.64", "%s (moving with %s): %s",
			    g->units[o->stack_mate].id,
			    g->units[o->mover_unit].id,
			    ms.refusal ? ms.refusal : "may not move");
	if (o->with_leader >= 0) {
		const struct unit *u = &g->units[o->mover_unit];
		struct footprint after = u->at;
		after.hex[0] = dest;
		if (unit_is_two_hex(u) &&
		    !phalanx_step_footprint(g, &o->move, dest, dest2, &after))
			return deny(w, "6.43", "the phalanx may not step there");
		if (!check_with_leader(g, &after, w))
			return false;
	}
	if (o->mover_leader >= 0 && o->mode == ORD_LINE &&
	    o->mover_leader == g->active_leader && leaders_stay(g) &&
	    !lc_leader_in_range(g, &g->leaders[o->mover_leader], dest))
		return deny(w, "4.34",
			    "%s must stay within Command Range of a unit of "
			    "the line he commanded",
			    g->leaders[o->mover_leader].id);
	return true;
}

bool orders_step_preview(const struct game *g, struct hex dest,
			 struct hex dest2, struct move_preview *out)
{
	struct move_step s;
	struct ord_why w = {0};
	memset(out, 0, sizeof *out);
	if (!check_step(g, dest, dest2, &s, &w)) {
		out->rule = w.rule ? w.rule : "6.2";
		snprintf(out->reason, sizeof out->reason, "%s", w.text);
		return false;
	}
	const struct orders_state *o = &g->ord;
	out->allowed = true;
	out->mp = s.cost.mp;
	out->mp_left = o->move.ma - o->move.mp_spent - s.cost.mp;
	out->stops = s.enters_enemy_zoc;
	if (o->mover_unit < 0)
		return true; /* 6.15: leaders take no hits */
	const struct unit *u = &g->units[o->mover_unit];
	if (unit_is_two_hex(u)) { /* 6.42-6.44, 6.69 */
		int h = phalanx_step_hits(g, &o->move, dest, dest2,
					  &out->may_check);
		out->hits = h > 0 ? h : 0;
		return true;
	}
	out->hits = s.cost.hits + elcav_entry_hits(g, u, dest, NULL, NULL);
	struct stacking_entry se = {0};
	const struct unit *mate = o->move.as_stack && o->move.stack_mate >= 0
					  ? &g->units[o->move.stack_mate]
					  : NULL;
	if (stacking_voluntary_entry(g, u, mate, dest, &se) &&
	    se.nstationary && !se.refusal) /* 6.69 */
		out->hits += se.mover_hits;
	return true;
}

static bool check_face(const struct game *g, enum facing f,
		       struct move_step *s, struct ord_why *w)
{
	if (!check_gate(g, w))
		return false;
	const struct orders_state *o = &g->ord;
	if (!o->moving)
		return deny(w, "6.11",
			    "no move is open: give an order (or pick) first");
	if (o->mover_unit < 0)
		return deny(w, "6.15", "leaders have no facing");
	w->rule = elcmd_face_refusal(g, w->text, sizeof w->text);
	if (w->rule) /* 4.92 */
		return false;
	if (!facing_change_check(g, &o->move, f, s))
		return deny(w, s->rule ? s->rule : "7.12", "%s",
			    s->refusal ? s->refusal : "may not turn");
	/* 4.23: a pivot carries the leader's half with it */
	struct footprint after;
	if (o->with_leader >= 0 &&
	    unit_is_two_hex(&g->units[o->mover_unit]) &&
	    phalanx_face_footprint(g, &o->move, f, &after) &&
	    !check_with_leader(g, &after, w))
		return false;
	/* 6.67: a stack moving together turns together */
	struct move_step ms;
	if (o->stack_mate >= 0 &&
	    !facing_change_check(g, &o->stack_move, f, &ms))
		return deny(w, ms.rule ? ms.rule : "6.67", "%s (moving with %s): %s",
			    g->units[o->stack_mate].id,
			    g->units[o->mover_unit].id,
			    ms.refusal ? ms.refusal : "may not turn");
	return true;
}

/* 6.63, 6.67, 6.69: the open move may end where the mover stands */
static bool check_may_end(const struct game *g, struct ord_why *w)
{
	const struct orders_state *o = &g->ord;
	if (!o->moving || o->mover_unit < 0 || o->move.rout_due ||
	    (o->stack_mate >= 0 && o->stack_move.rout_due))
		return true;
	w->rule = elcmd_end_refusal(g, w->text, sizeof w->text);
	if (w->rule) /* 4.92: the full MA */
		return false;
	w->rule = gba_inertia_end_refusal(g, &o->move, w->text,
					  sizeof w->text);
	if (w->rule) /* GBA 6.14: hoplites move on while they can */
		return false;
	/* 6.6, 6.63 (a ruling): the chart binds voluntary moves; a unit
	 * that has not yet entered a hex, turned or changed formation
	 * stands where a mandatory move (a rout, 10.25) left it, and may
	 * end its move there (else an order could strand it) */
	if (!o->move.hexes_entered && !o->move.vertices_turned &&
	    !o->move.formed)
		return true;
	const struct unit *u = &g->units[o->mover_unit];
	const struct unit *c =
		o->stack_mate >= 0 ? &g->units[o->stack_mate] : NULL;
	const char *rule = NULL;
	const char *why = stacking_stop_refusal(g, u, c, &rule);
	if (!why)
		return true;
	return deny(w, rule ? rule : "6.69",
		    "%s may not end its move here: %s", u->id, why);
}

/* 6.11: another order ends the open move, when it may end there and
 * without a roll (6.63, 6.67, 6.69; check_end_quiet); otherwise r is
 * refused with why and the move stays open */
static bool end_move_for_order(struct game *g, struct ord_why *w,
			       struct cmd_result *r)
{
	if (!check_may_end(g, w) || !check_end_quiet(g, w)) {
		refuse_why(r, w);
		return false;
	}
	end_move(g);
	return true;
}

bool orders_move_may_end_impl(const struct game *g, struct cmd_result *r)
{
	struct ord_why w = {0};
	if (check_may_end(g, &w))
		return true;
	refuse_why(r, &w);
	return false;
}

/* ---- doing ---- */

static void open_move(struct game *g, const struct move *m, int ui, int li,
		      int with)
{
	struct orders_state *o = &g->ord;
	o->move = *m;
	o->moving = true;
	o->mover_unit = ui;
	o->mover_leader = li;
	o->with_leader = with;
	if (ui >= 0)
		o->ordered[ui] = true;
}

static void emit_order(struct game *g, const char *kind, const char *who,
		       const char *how, int cost, const char *rule)
{
	struct event e;
	event_init(&e, kind);
	event_add(&e, "leader", "%s", g->leaders[g->active_leader].id);
	event_add(&e, "to", "%s", who);
	if (how)
		event_add(&e, "with", "%s", how);
	if (cost)
		event_add(&e, "orders", "%d", cost);
	if (cost)
		event_add(&e, "left", "%d", g->seq.orders_left);
	event_add(&e, "rule", "%s", rule);
	emit(g, &e);
}

/* 4.52, 4.54: the one arm of a tribune or praefect is set by his first
 * order */
static void set_arm(struct game *g, const struct leader *l,
		    const struct unit *u)
{
	struct orders_state *o = &g->ord;
	if (o->arm_set || !arm_limited(l))
		return;
	o->arm_set = true;
	o->arm_ala = u->ala;
	if (l->kind == LK_PRAEFECT_EQUITUM)
		return;
	o->arm_velites = strcmp(u->cls, "VE") == 0;
	snprintf(o->arm_cls, sizeof o->arm_cls, "%s", u->cls);
	o->arm_legion = u->legion;
}

/* 5.22 #2-#7: the other uses of an Individual Order */
static const char *other_function_rule(const char *what)
{
	static const struct {
		const char *what, *rule;
	} f[] = {
		{"fire", "8.1"},    {"recover", "10.16"}, {"rally", "10.28"},
		{"replace", "4.74"}, {"regroup", "8.64"},
	};
	for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
		if (strcmp(what, f[i].what) == 0)
			return f[i].rule;
	return NULL;
}

/* 6.64, 4.4 #5, 9.61: unit ui's stack ordered to move together: *top
 * moves, *mate goes along step for step; two Individual Orders, one when
 * the OC gives it from the stack's hex (he goes along, 4.23) */
static bool check_order_stack(const struct game *g, int ui, int *top,
			      int *mate, int *cost, bool *oc_with,
			      struct move *m, struct move *mm,
			      struct ord_why *w)
{
	if (!check_gate(g, w))
		return false;
	const struct leader *l = active(g);
	const struct unit *u = &g->units[ui];
	const struct unit *o = stacking_mate(g, u);
	if (!o)
		return deny(w, "6.64",
			    "%s is not stacked with another combat unit",
			    u->id);
	const struct unit *t = stacking_is_bottom(g, u) ? o : u;
	const struct unit *b = t == u ? o : u;
	*top = (int)(t - g->units);
	*mate = (int)(b - g->units);
	bool oc_here = l->overall && l->on_map &&
		       footprint_occupies(&t->at, l->hex);
	*cost = oc_here && tables_variant(g->tables, RV_OC_STACK_ORDER) ==
				   OC_STACK_ORDER_ONE
			? 1
			: 2; /* 4.4 #5; GBA 4.4 lacks it */
	*oc_with = oc_here && g->ord.leader_mp[g->active_leader] < leader_ma(g) &&
		   leader_elephant_of(g, g->active_leader) < 0; /* 4.82 */
	if (!check_individual(g, *cost, w) ||
	    !check_order_unit(g, *top, *oc_with, m, w, NULL))
		return false;
	if (b->side == l->side && !leader_may_order(g, l, b))
		return deny(w, restriction_rule(g, l, b),
			    "%s may not give Individual Orders to %s", l->id,
			    b->id);
	/* 4.52, 4.54: one Class of one legion or ala: both units of it */
	if (arm_limited(l) && (!arm_matches(g, l, b, w) ||
			       (l->kind != LK_PRAEFECT_EQUITUM &&
				(strcmp(t->cls, b->cls) != 0 ||
				 t->legion != b->legion || t->ala != b->ala))))
		return deny(w, restriction_rule(g, l, b),
			    "%s orders one Class of one legion or ala: %s "
			    "and %s are not both of it",
			    l->id, t->id, b->id);
	if (!check_unit_may_move(g, *mate, l, mm, w))
		return false;
	if (t->at.facing != b->at.facing)
		return deny(w, "6.67", "%s and %s do not face alike", t->id,
			    b->id);
	m->as_stack = mm->as_stack = true;
	m->stack_mate = *mate;
	mm->stack_mate = *top;
	return true;
}

/* 5.22 #6, 6.66, 9.64: an Individual Order putting unit ui on top of its
 * stack of Roman units */
static bool check_restack(const struct game *g, int ui, struct ord_why *w)
{
	if (!check_gate(g, w))
		return false;
	const struct leader *l = active(g);
	const struct unit *u = &g->units[ui];
	if (g->ord.mode == ORD_LINE)
		return deny(w, "9.64",
			    "the stacking order changes only by an Individual "
			    "Order, not in a Line Command");
	if (!check_individual(g, 1, w))
		return false;
	if (u->side != l->side)
		return deny(w, "5.22", "%s is not a friendly unit", u->id);
	if (!l->overall && leader_in_enemy_zoc(g, l))
		return deny(w, "4.24",
			    "%s is in an enemy ZOC and may give no orders "
			    "(5.26)",
			    l->id);
	const struct unit *o = stacking_mate(g, u);
	if (!o)
		return deny(w, "6.66", "%s is not stacked with another unit",
			    u->id);
	if (!stacking_roman_infantry(g, u) || !stacking_roman_infantry(g, o))
		return deny(w, "5.22",
			    "only a stack of Roman units changes its order "
			    "(5.22 #6)");
	if (!stacking_is_bottom(g, u))
		return deny(w, "6.66", "%s is already on top of %s", u->id,
			    o->id);
	if (u->routed)
		return deny(w, "10.27",
			    "%s is routed: it takes no orders but a Rally",
			    u->id);
	if (rally_no_orders(u))
		return deny(w, "10.28",
			    "%s rallied this Game Turn: no orders until the "
			    "next",
			    u->id);
	if (!leader_may_order(g, l, u))
		return deny(w, restriction_rule(g, l, u),
			    "%s may not give Individual Orders to %s", l->id,
			    u->id);
	if (arm_limited(l) && !arm_matches(g, l, u, w))
		return false;
	if (!command_range_reaches_unit(g, NULL, l, u))
		return deny(w, "4.21",
			    "%s is not within %s's Command Range of %d by an "
			    "unobstructed path",
			    u->id, l->id, l->command_range);
	return true;
}

/* 5.22 #3, #4, 4.21, 4.24, 4.35, 4.52-4.54: the active leader may give
 * unit ui an Individual Order to recover (10.16) or rally (10.28); the
 * rule's own tests are rally.c's */
static bool check_order_function(const struct game *g, int ui, bool rally,
				 int facing, int *may_remove,
				 struct ord_why *w,
				 struct order_cache *oc)
{
	if (!check_individual(g, 1, w))
		return false;
	const struct leader *l = active(g);
	const struct unit *u = &g->units[ui];
	if (u->side != l->side)
		return deny(w, "5.22", "%s is not a friendly unit", u->id);
	if (!l->overall && leader_zoc(g, oc, l))
		return deny(w, "4.24",
			    "%s is in an enemy ZOC and may give no orders "
			    "(5.26)",
			    l->id);
	if (!rally && rally_no_orders(u))
		return deny(w, "10.28",
			    "%s rallied this Game Turn: no orders until the "
			    "next",
			    u->id);
	if (!leader_may_order(g, l, u))
		return deny(w, restriction_rule(g, l, u),
			    "%s may not give Individual Orders to %s", l->id,
			    u->id);
	if (arm_limited(l) && !arm_matches(g, l, u, w))
		return false;
	if (!in_command_range(g, oc, l, u))
		return deny(w, "4.21",
			    "%s is not within %s's Command Range of %d by an "
			    "unobstructed path",
			    u->id, l->id, l->command_range);
	struct rally_why rw;
	bool ok = rally ? rally_check(g, ui, g->active_leader, facing, &rw)
			: recovery_check(g, ui, may_remove, &rw);
	if (!ok)
		return deny(w, rw.rule, "%s", rw.text);
	return true;
}

void orders_order_function(struct game *g, const char *who, const char *what,
			   const char *arg, struct cmd_result *r)
{
	bool rally = what && strcmp(what, "rally") == 0;
	if (!what || (!rally && strcmp(what, "recover") != 0) ||
	    (!rally && arg)) {
		cmd_malformed(r, "order UNIT recover | order UNIT rally "
				 "[FACING]");
		return;
	}
	int facing = -1;
	if (arg && (facing = facing_parse(arg)) < 0) {
		cmd_malformed(r, "bad facing %s: NE E SE SW W NW", arg);
		return;
	}
	struct ord_why w = {0};
	if (!check_gate(g, &w)) {
		refuse_why(r, &w);
		return;
	}
	int ui = find_unit(g, who);
	if (ui < 0) {
		cmd_refuse(r, NULL, "no unit %s", who ? who : "-");
		return;
	}
	if (!end_move_for_order(g, &w, r))
		return;
	int may_remove = 0;
	if (!check_order_function(g, ui, rally, facing, &may_remove, &w,
				  NULL)) {
		refuse_why(r, &w);
		return;
	}
	const struct leader *l = active(g);
	g->ord.mode = ORD_INDIVIDUAL;
	set_arm(g, l, &g->units[ui]);
	seq_order_given(g, 1);
	emit_order(g, "order", g->units[ui].id, NULL, 1,
		   rally ? "5.22,10.28" : "5.22,10.16");
	if (rally)
		rally_attempt(g, ui, g->active_leader, facing);
	else
		recovery_do(g, ui);
}

/* 6.64, 4.4 #5 / 5.22 #6, 6.66: `order UNIT stack` / `order UNIT
 * restack` */
static void order_stack(struct game *g, const char *who, bool restack,
			struct cmd_result *r)
{
	int ui = find_unit(g, who);
	if (ui < 0) {
		cmd_refuse(r, NULL, "no unit %s", who);
		return;
	}
	struct ord_why w = {0};
	if (!end_move_for_order(g, &w, r))
		return;
	const struct leader *l = active(g);
	if (restack) {
		if (!check_restack(g, ui, &w)) {
			refuse_why(r, &w);
			return;
		}
		const struct unit *was = stacking_mate(g, &g->units[ui]);
		g->ord.mode = ORD_INDIVIDUAL;
		set_arm(g, l, &g->units[ui]);
		seq_order_given(g, 1);
		game_put_on_top(g, &g->units[ui]);
		emit_order(g, "order", g->units[ui].id, NULL, 1, "5.22");
		struct event e;
		event_init(&e, "stack_order");
		event_add(&e, "top", "%s", g->units[ui].id);
		event_add(&e, "bottom", "%s", was ? was->id : "-");
		event_add(&e, "rule", "6.66,9.64");
		emit(g, &e);
		return;
	}
	int top, mate, cost;
	bool oc_with;
	struct move m, mm;
	if (!check_order_stack(g, ui, &top, &mate, &cost, &oc_with, &m, &mm,
			       &w)) {
		refuse_why(r, &w);
		return;
	}
	g->ord.mode = ORD_INDIVIDUAL;
	set_arm(g, l, &g->units[top]);
	seq_order_given(g, cost);
	open_move(g, &m, top, -1, oc_with ? g->active_leader : -1);
	g->ord.stack_mate = mate;
	g->ord.stack_move = mm;
	g->ord.ordered[mate] = true;
	struct event e;
	event_init(&e, "order");
	event_add(&e, "leader", "%s", l->id);
	event_add(&e, "to", "%s", g->units[top].id);
	event_add(&e, "stack", "%s", g->units[mate].id);
	if (oc_with)
		event_add(&e, "with", "%s", l->id);
	event_add(&e, "orders", "%d", cost);
	event_add(&e, "left", "%d", g->seq.orders_left);
	event_add(&e, "rule", "%s", cost == 1 ? "6.64,4.4" : "6.64");
	emit(g, &e);
}

/* GBA 5.22 #5, 5.62-5.65, 4.54: the active Wing Commander's Individual
 * Orders activating contingent commander mcc; *cost: the orders it
 * takes */
static bool check_contingent(const struct game *g, int mcc, int *cost,
			     struct ord_why *w)
{
	if (!check_gate(g, w))
		return false;
	const struct leader *l = active(g);
	w->rule = contingent_refusal(g, g->active_leader, mcc, w->text,
				     sizeof w->text);
	if (w->rule)
		return false;
	if (!l->overall && leader_in_enemy_zoc(g, l))
		return deny(w, "4.24",
			    "%s is in an enemy ZOC and may give no orders "
			    "(5.26)",
			    l->id);
	*cost = contingent_cost(g, &g->leaders[mcc]);
	return check_individual(g, *cost, w);
}

/* GBA 5.63-5.65: `order MCC contingent`: the Wing Commander spends the
 * orders, and the units of the contingent commander's restriction within
 * his Command Range are his Line Command's, to move by pick for the rest
 * of the phase (ruling R132) */
static void order_contingent(struct game *g, const char *who,
			     struct cmd_result *r)
{
	int li = find_leader(g, who);
	if (li < 0) {
		cmd_refuse(r, NULL, "no leader %s", who);
		return;
	}
	struct ord_why w = {0};
	if (!end_move_for_order(g, &w, r))
		return;
	int cost = 1;
	if (!check_contingent(g, li, &cost, &w)) {
		refuse_why(r, &w);
		return;
	}
	struct orders_state *o = &g->ord;
	const struct leader *mcc = &g->leaders[li];
	int idx[BATTLE_UNITS_MAX];
	int n = contingent_units(g, mcc, idx, BATTLE_UNITS_MAX);
	o->mode = ORD_INDIVIDUAL;
	o->contingents_given++;
	bits_put(o->contingent_leaders, li, true);
	seq_order_given(g, cost);
	int given = 0;
	char ids[EVENT_VAL_MAX] = "";
	size_t len = 0;
	for (int k = 0; k < n && k < BATTLE_UNITS_MAX; k++) {
		int i = idx[k];
		if (o->ordered[i] || g->units[i].moved_phase || o->lc_of[i])
			continue; /* 6.12: moved already this phase */
		o->lc_of[i] = ORD_LC_CONTINGENT;
		given++;
		int m = snprintf(ids + len, sizeof ids - len, "%s%s",
				 len ? "," : "", g->units[i].id);
		if (m < 0 || (size_t)m >= sizeof ids - len)
			snprintf(ids + sizeof ids - 4, 4, "...");
		else
			len += (size_t)m;
	}
	struct event e;
	event_init(&e, "contingent_command");
	event_add(&e, "leader", "%s", g->leaders[g->active_leader].id);
	event_add(&e, "mcc", "%s", mcc->id);
	event_add(&e, "orders", "%d", cost);
	event_add(&e, "left", "%d", g->seq.orders_left);
	event_add(&e, "units", "%d", given);
	event_add(&e, "members", "%s", given ? ids : "-");
	event_add(&e, "rule", "GBA 5.63");
	emit(g, &e);
}

void orders_order_impl(struct game *g, const char *who, const char *what,
		  struct cmd_result *r)
{
	struct ord_why w = {0};
	if (!check_gate(g, &w)) {
		refuse_why(r, &w);
		return;
	}
	if (what && strcmp(what, "move") == 0)
		what = NULL; /* 5.22 #1 said in words */
	if (what && (strcmp(what, "stack") == 0 ||
		     strcmp(what, "restack") == 0)) {
		order_stack(g, who, what[0] == 'r', r); /* 6.64, 6.66 */
		return;
	}
	if (what && (strcmp(what, "recover") == 0 ||
		     strcmp(what, "rally") == 0)) {
		orders_order_function(g, who, what, NULL, r); /* 5.22 #3, #4 */
		return;
	}
	if (what && strcmp(what, "replace") == 0) {
		leaders_order_replace(g, who, NULL, NULL, r); /* 5.22 #5 */
		return;
	}
	if (what && strcmp(what, "regroup") == 0) {
		pursuit_order_regroup(g, who, r); /* 8.64, 4.4 #6 */
		return;
	}
	if (what && strcmp(what, "contingent") == 0) {
		order_contingent(g, who, r); /* GBA 5.22 #5, 5.63 */
		return;
	}
	bool with = what && strcmp(what, "with") == 0;
	if (what && !with) {
		const char *rule = other_function_rule(what);
		if (rule)
			cmd_refuse(r, rule,
				   "an Individual Order to %s (5.22) is not "
				   "played yet (%s)",
				   what, rule);
		else
			cmd_malformed(r,
				      "order UNIT [move|with|stack|restack|"
				      "fire|recover|rally|replace|regroup] | "
				      "order LEADER contingent");
		return;
	}
	int ui = find_unit(g, who), li = find_leader(g, who);
	if (ui < 0 && li < 0) {
		cmd_refuse(r, NULL, "no unit or leader %s", who);
		return;
	}
	if (li >= 0 && with) {
		cmd_refuse(r, "4.23", "a leader moves with a unit: order UNIT "
				      "with");
		return;
	}
	if (ui >= 0 && !with && elcmd_rider(g, ui) >= 0)
		with = true; /* 4.91: the leader stays with his elephant */
	if (!check_may_end(g, &w) || /* 6.63, 6.67, 6.69 */
	    !check_end_quiet(g, &w)) { /* 6.11, 6.41 */
		refuse_why(r, &w);
		return;
	}
	end_move(g); /* 6.11: another order ends the open move */
	struct move m;
	if (ui >= 0) {
		if (!check_order_unit(g, ui, with, &m, &w, NULL)) {
			refuse_why(r, &w);
			return;
		}
		const struct leader *l = active(g);
		g->ord.mode = ORD_INDIVIDUAL;
		set_arm(g, l, &g->units[ui]);
		seq_order_given(g, 1);
		open_move(g, &m, ui, -1, with ? g->active_leader : -1);
		emit_order(g, "order", g->units[ui].id, with ? l->id : NULL,
			   1, with ? "4.23" : "5.22");
		if (g->fire.fire_only != ui) /* 5.22 #2: firing, no move */
			reactions_at_move_start(g, ui); /* 6.51 */
		return;
	}
	int cost = 1;
	if (!check_order_leader(g, li, &cost, &m, &w)) {
		refuse_why(r, &w);
		return;
	}
	g->ord.mode = ORD_INDIVIDUAL;
	if (li != g->active_leader)
		bits_put(g->ord.leader_ordered, li, true);
	seq_order_given(g, cost);
	open_move(g, &m, m.unit, li, -1); /* m.unit: his Leader Elephant */
	emit_order(g, "order", g->leaders[li].id, NULL, cost,
		   li == g->active_leader ? "4.23" : "4.4");
}

/* 4.33 #2: the Strategy roll of plan p passes on die */
static bool strategy_roll_passes(const struct lc_plan *p, int die)
{
	return die + p->auth.drm <= p->auth.target;
}

/* 4.33 #2: the Strategy roll; true when it succeeds */
static bool strategy_roll(struct game *g, const struct lc_plan *p)
{
	const struct leader *oc = command_overall_commander(
		g, g->leaders[g->active_leader].side);
	struct event e;
	game_roll_begin(&e, "line_command");
	event_add(&e, "leader", "%s", g->leaders[g->active_leader].id);
	event_add(&e, "line", "%s", p->def->name);
	event_add(&e, "oc", "%s", oc ? oc->id : "-");
	event_add(&e, "target", "%d", p->auth.target);
	event_add(&e, "drm", "%+d", p->auth.drm);
	int d = game_roll_die(g, &e);
	bool ok = strategy_roll_passes(p, d);
	event_add(&e, "total", "%d", d + p->auth.drm);
	event_add(&e, "result", "%s", ok ? "pass" : "fail");
	event_add(&e, "rule", "%s", p->auth.rule ? p->auth.rule : "4.33");
	emit(g, &e);
	return ok;
}

void orders_line_impl(struct game *g, const char *name, const char *unit,
		 struct cmd_result *r)
{
	int ui = -1;
	if (unit) {
		ui = find_unit(g, unit);
		if (ui < 0) {
			cmd_refuse(r, NULL, "no unit %s", unit);
			return;
		}
	}
	struct lc_plan *p = calloc(1, sizeof *p); /* not composed yet */
	if (!p) {
		cmd_refuse(r, NULL, "out of memory");
		return;
	}
	struct ord_why w = {0};
	if (!check_line(g, name, ui, p, &w) || !check_may_end(g, &w) ||
	    !check_end_quiet(g, &w)) { /* 6.11, 6.41 */
		refuse_why(r, &w);
		free(p);
		return;
	}
	end_move(g);
	if (!check_gate(g, &w)) { /* 7.32: the move's end opened a window */
		refuse_why(r, &w);
		free(p);
		return;
	}
	struct orders_state *o = &g->ord;
	const struct leader *l = active(g);
	if (p->auth.decision == LC_NEEDS_ROLL && !strategy_roll(g, p)) {
		/* 4.33 #2: a failed roll leaves only Individual Orders */
		o->lc_denied = true;
		struct event e;
		event_init(&e, "line_command_refused");
		event_add(&e, "leader", "%s", l->id);
		event_add(&e, "line", "%s", p->def->name);
		event_add(&e, "then", "%s",
			  o->lc_given ? "no more Line Commands"
				      : "Individual Orders only");
		event_add(&e, "rule", "4.33");
		emit(g, &e);
		free(p);
		return;
	}
	o->mode = ORD_LINE;
	o->lc_given++;
	if (p->auth.by_oc_range) /* GBA 5.31 */
		seq_line_command_by_oc_range(g);
	if (!g->seq.momentum_phase)
		o->lc_initial_turn[g->active_leader] = g->turn;
	int n = 0;
	char ids[EVENT_VAL_MAX] = "";
	size_t len = 0;
	for (int i = 0; i < g->nunits; i++) {
		if (p->lg.group[i] != p->group || o->ordered[i] ||
		    g->units[i].moved_phase)
			continue;
		o->lc_of[i] = (unsigned char)o->lc_given;
		n++;
		int k = snprintf(ids + len, sizeof ids - len, "%s%s",
				 len ? "," : "", g->units[i].id);
		if (k < 0 || (size_t)k >= sizeof ids - len)
			snprintf(ids + sizeof ids - 4, 4, "...");
		else
			len += (size_t)k;
	}
	seq_order_given(g, 1);
	struct event e;
	event_init(&e, "line_command");
	event_add(&e, "leader", "%s", l->id);
	event_add(&e, "line", "%s", p->def->name);
	event_add(&e, "units", "%d", n);
	event_add(&e, "members", "%s", ids);
	event_add(&e, "given", "%d", o->lc_given);
	event_add(&e, "of", "%d", leader_line_commands(g, l));
	event_add(&e, "how", "%s",
		  p->auth.decision == LC_NEEDS_ROLL ? "strategy_roll"
						    : "allowed");
	event_add(&e, "rule", "5.23");
	emit(g, &e);
	free(p);
}

void orders_pick(struct game *g, const char *who, struct cmd_result *r)
{
	int ui = find_unit(g, who), li = ui < 0 ? find_leader(g, who) : -1;
	if (ui < 0 && li < 0) {
		cmd_refuse(r, NULL, "no unit or leader %s", who);
		return;
	}
	struct ord_why w = {0};
	if (!check_may_end(g, &w) || /* 6.63, 6.67, 6.69 */
	    !check_end_quiet(g, &w)) { /* 6.11, 6.41 */
		refuse_why(r, &w);
		return;
	}
	end_move(g);
	struct move m;
	if (!check_pick(g, ui, li, &m, &w)) {
		refuse_why(r, &w);
		return;
	}
	/* 4.91: the leader stays with his elephant */
	open_move(g, &m, ui >= 0 ? ui : m.unit, li, /* 4.81 his elephant */
		  ui >= 0 ? elcmd_rider(g, ui) : -1);
	struct event e;
	event_init(&e, "pick");
	event_add(&e, "leader", "%s", g->leaders[g->active_leader].id);
	event_add(&e, "unit", "%s", ui >= 0 ? g->units[ui].id
					    : g->leaders[li].id);
	bool contingent = ui >= 0 ? g->ord.lc_of[ui] == ORD_LC_CONTINGENT
				  : li != g->active_leader;
	event_add(&e, "rule", "%s",
		  contingent ? "GBA 5.65" : ui >= 0 ? "4.31" : "4.34");
	emit(g, &e);
	if (ui >= 0)
		reactions_at_move_start(g, ui); /* 6.51 */
}

bool orders_move_line_hexes(const char *line, struct hex *a, struct hex *b)
{
	char w[32];
	if (strncmp(line, "move ", 5) != 0)
		return false;
	snprintf(w, sizeof w, "%s", line + 5);
	w[strcspn(w, " #")] = '\0';
	return hex_pair_parse(w, a, b);
}

void orders_move(struct game *g, const char *hex, struct cmd_result *r)
{
	struct hex dest, dest2;
	if (!hex_pair_parse(hex, &dest, &dest2)) {
		cmd_malformed(r, "move HEX[,HEX]: %s is not a hex number (CCRR)",
			      hex);
		return;
	}
	struct move_step s;
	struct ord_why w = {0};
	if (!check_step(g, dest, dest2, &s, &w)) {
		refuse_why(r, &w);
		return;
	}
	struct orders_state *o = &g->ord;
	int with_half = o->with_leader >= 0 ? with_leader_half(g) : 0;
	struct hex with_from =
		o->with_leader >= 0 ? g->leaders[o->with_leader].hex : dest;
	struct hex leader_from =
		o->mover_leader >= 0 ? g->leaders[o->mover_leader].hex : dest;
	if (o->mover_unit >= 0) /* 8.11: fire only after moving closer */
		missile_note_step(g, o->mover_unit, true);
	if (!move_apply_step_pair(g, &o->move, dest, dest2)) {
		cmd_refuse(r, "6.2", "the step could not be made");
		return;
	}
	/* 6.64: the stack's other unit makes the same step, under it */
	if (o->stack_mate >= 0 &&
	    move_apply_step_pair(g, &o->stack_move, dest, dest2))
		game_put_on_top(g, &g->units[o->mover_unit]);
	if (o->with_leader >= 0) /* 4.23, 6.14, 6.15 */
		with_leader_follow(g, with_half, with_from);
	if (o->mover_unit >= 0) /* 9.71, 9.72 */
		bits_put(o->entered_hex, o->mover_unit, true);
	if (o->stack_mate >= 0)
		bits_put(o->entered_hex, o->stack_mate, true);
	if (o->mover_leader >= 0)
		o->leader_mp[o->mover_leader] =
			leader_ma(g) - o->move.ma + o->move.mp_spent;
	seq_note_leaders_in_zoc(g); /* 5.31: a leader stepping into a ZOC */
	double_depth_refresh(g); /* 9.52: the top unit moved off */
	if (o->mover_leader >= 0 && o->mover_unit < 0) {
		/* GBA 4.63: a lone leader next to a lone enemy leader */
		int li = o->mover_leader;
		gba_lone_leaders_meet(g, li, leader_from);
		if (!g->leaders[li].on_map || g->leaders[li].killed)
			end_move(g); /* he fell in it */
		else /* GBA 8.46: the Achaemenid Flight from a leader */
			gba_flight_leader_approached(g, li, leader_from);
	}
	if (o->mover_unit >= 0) {
		if (o->move.rout_due || /* 10.14: the move ends, it routs */
		    (o->stack_mate >= 0 && o->stack_move.rout_due))
			end_move(g);
		else /* 7.32, 6.5, 7.15, 7.16, 4.72 at this instant */
			reactions_after_step(g, o->mover_unit);
	}
}

void orders_face(struct game *g, const char *facing, struct cmd_result *r)
{
	int f = facing_parse(facing);
	int side = f < 0 ? hexside_parse(facing) : -1;
	if (side >= 0) { /* 6.73, 6.74: In Column a unit faces a hexside */
		struct move *m = orders_open_move(g, r);
		struct move_step cs;
		if (!m)
			return;
		if (!column_face_check(g, m, (enum hexside)side, &cs)) {
			cmd_refuse(r, cs.rule, "%s",
				   cs.refusal ? cs.refusal : "may not turn");
			return;
		}
		column_face_apply(g, m, (enum hexside)side);
		if (m->rout_due)
			end_move(g);
		else
			reactions_after_step(g, g->ord.mover_unit);
		return;
	}
	if (f < 0) {
		cmd_malformed(r, "face FACING: one of NE E SE SW W NW");
		return;
	}
	struct move_step s;
	struct ord_why w = {0};
	if (!check_face(g, (enum facing)f, &s, &w)) {
		refuse_why(r, &w);
		return;
	}
	struct orders_state *o = &g->ord;
	int with_half = o->with_leader >= 0 ? with_leader_half(g) : 0;
	struct hex with_from =
		o->with_leader >= 0 ? g->leaders[o->with_leader].hex : HEX_NONE;
	if (!facing_change_apply(g, &o->move, (enum facing)f)) {
		cmd_refuse(r, "7.12", "the facing change could not be made");
		return;
	}
	if (o->with_leader >= 0) /* 4.23: a pivot takes his half along */
		with_leader_follow(g, with_half, with_from);
	if (o->stack_mate >= 0) /* 6.67 the stack turns together */
		facing_change_apply(g, &o->stack_move, (enum facing)f);
	if (o->move.rout_due ||
	    (o->stack_mate >= 0 && o->stack_move.rout_due))
		end_move(g);
	else if (o->mover_unit >= 0) /* 7.32: a turn may bring contact */
		reactions_after_step(g, o->mover_unit);
}

/* 6.71, 6.74: the open move of a unit, for the Column commands */
struct move *orders_open_move_impl(struct game *g, struct cmd_result *r)
{
	struct ord_why w = {0};
	if (!check_gate(g, &w)) {
		refuse_why(r, &w);
		return NULL;
	}
	if (!g->ord.moving || g->ord.mover_unit < 0) {
		cmd_refuse(r, "6.11",
			   "no unit's move is open: give an order (or pick) "
			   "first");
		return NULL;
	}
	return &g->ord.move;
}

void orders_halt_impl(struct game *g, struct cmd_result *r)
{
	struct ord_why w = {0};
	if (!check_gate(g, &w)) {
		refuse_why(r, &w);
		return;
	}
	if (!g->ord.moving) {
		cmd_refuse(r, "6.11", "no move is open");
		return;
	}
	if (!check_may_end(g, &w)) { /* 6.63, 6.67, 6.69 */
		refuse_why(r, &w);
		return;
	}
	end_move(g);
}

/* GBA 5.68: whether contingent commander li, stacked with unit ui, may go
 * with it on the move about to open */
static bool check_rider(const struct game *g, int ui, int li,
			struct ord_why *w)
{
	const struct leader *c = &g->leaders[li];
	const struct unit *u = &g->units[ui];
	if (!leader_is_mcc(g, c))
		return deny(w, "4.23",
			    "only the leader giving the order, or a "
			    "contingent commander (GBA 5.68), goes with a "
			    "unit: %s is neither",
			    c->id);
	if (c->side != u->side || !footprint_occupies(&u->at, c->hex))
		return deny(w, "GBA 5.68", "%s is not stacked with %s", c->id,
			    u->id);
	if (leader_elephant_of(g, li) >= 0) /* 4.82 */
		return deny(w, "4.82", "%s stays on his Leader Elephant",
			    c->id);
	if (g->ord.leader_mp[li] >= leader_ma(g))
		return deny(w, "6.14", "%s has used his %d MP this Orders Phase",
			    c->id, leader_ma(g));
	return true;
}

void orders_ride(struct game *g, const char *unit, const char *leader,
		 bool pick, struct cmd_result *r)
{
	struct ord_why w = {0};
	if (!check_gate(g, &w)) {
		refuse_why(r, &w);
		return;
	}
	int ui = find_unit(g, unit), li = find_leader(g, leader);
	if (ui < 0 || li < 0) {
		cmd_refuse(r, NULL, "no %s %s", ui < 0 ? "unit" : "leader",
			   ui < 0 ? unit : leader);
		return;
	}
	if (li == g->active_leader && !pick) { /* 4.23 as ever */
		orders_order(g, unit, "with", r);
		return;
	}
	if (!end_move_for_order(g, &w, r))
		return;
	struct move m;
	bool ok = pick ? check_pick(g, ui, -1, &m, &w)
		       : check_order_unit(g, ui, false, &m, &w, NULL);
	if (!ok || !check_rider(g, ui, li, &w)) {
		refuse_why(r, &w);
		return;
	}
	const struct leader *l = active(g);
	if (!pick) {
		g->ord.mode = ORD_INDIVIDUAL;
		set_arm(g, l, &g->units[ui]);
		seq_order_given(g, 1);
	}
	open_move(g, &m, ui, -1, li);
	struct event e;
	event_init(&e, pick ? "pick" : "order");
	event_add(&e, "leader", "%s", l->id);
	event_add(&e, pick ? "unit" : "to", "%s", g->units[ui].id);
	event_add(&e, "with", "%s", g->leaders[li].id);
	if (!pick) {
		event_add(&e, "orders", "%d", 1);
		event_add(&e, "left", "%d", g->seq.orders_left);
	}
	event_add(&e, "rule", "GBA 5.68");
	emit(g, &e);
	if (g->fire.fire_only != ui)
		reactions_at_move_start(g, ui); /* 6.51 */
}

/* GBA 4.23: leader `who`, going with the moving unit, stays in the hex
 * he has reached while the unit moves on (4.23: he may not, in SPQR) */
void orders_leave_unit(struct game *g, const char *who, struct cmd_result *r)
{
	struct ord_why w = {0};
	if (!check_gate(g, &w)) {
		refuse_why(r, &w);
		return;
	}
	struct orders_state *o = &g->ord;
	int li = find_leader(g, who);
	if (li < 0) {
		cmd_refuse(r, NULL, "no leader %s", who);
		return;
	}
	if (!o->moving || o->with_leader != li) {
		cmd_refuse(r, "4.23", "%s is not going with a moving unit",
			   g->leaders[li].id);
		return;
	}
	if (leaders_stay(g)) {
		cmd_refuse(r, "4.23",
			   "%s stays with %s to the end of its move",
			   g->leaders[li].id, g->units[o->mover_unit].id);
		return;
	}
	o->with_leader = -1;
	struct event e;
	event_init(&e, "leader_left");
	event_add(&e, "leader", "%s", g->leaders[li].id);
	event_add(&e, "unit", "%s", g->units[o->mover_unit].id);
	event_add_hex(&e, "at", g->leaders[li].hex);
	event_add(&e, "rule", "GBA 4.23");
	emit(g, &e);
}

/* ---- looking ---- */

void orders_show(const struct game *g, struct cmd_result *r)
{
	const struct orders_state *o = &g->ord;
	const struct leader *l = active(g);
	struct event e;
	event_init(&e, "orders");
	int mode = o->mode >= 0 && o->mode <= ORD_LINE ? o->mode : 0;
	event_add(&e, "step", "%s", seq_step_name(seq_step_now(g)));
	event_add(&e, "leader", "%s", l ? l->id : "-");
	event_add(&e, "mode", "%s", mode_names[mode]);
	event_add(&e, "orders_left", "%d",
		  mode == ORD_LINE ? 0 : g->seq.orders_left);
	event_add(&e, "lc_left", "%d",
		  l && mode != ORD_INDIVIDUAL && !o->lc_denied
			  ? leader_line_commands(g, l) - o->lc_given
			  : 0);
	event_add(&e, "rule", "5.21");
	cmd_output(r, &e);
	if (o->moving) {
		event_init(&e, "open_move");
		event_add(&e, "mover", "%s",
			  o->mover_unit >= 0 ? g->units[o->mover_unit].id
					     : g->leaders[o->mover_leader].id);
		if (o->with_leader >= 0)
			event_add(&e, "with", "%s",
				  g->leaders[o->with_leader].id);
		event_add(&e, "mp_left", "%d", o->move.ma - o->move.mp_spent);
		event_add(&e, "hits", "%d", o->move.hits);
		event_add(&e, "stopped", "%s",
			  o->move.stopped ? o->move.stop_rule : "no");
		event_add(&e, "rule", "6.11");
		cmd_output(r, &e);
	}
	for (int i = 0; i < g->nunits; i++) {
		if (!o->ordered[i] && !o->lc_of[i])
			continue;
		event_init(&e, "unit_order");
		event_add(&e, "unit", "%s", g->units[i].id);
		event_add(&e, "ordered", "%s", o->ordered[i] ? "yes" : "no");
		if (o->lc_of[i])
			event_add(&e, "line_command", "%d", o->lc_of[i]);
		event_add(&e, "rule", "6.12");
		cmd_output(r, &e);
	}
	for (int i = 0; i < g->nleaders; i++) {
		if (!o->leader_mp[i] && !bits_has(o->leader_ordered, i))
			continue;
		event_init(&e, "leader_order");
		event_add(&e, "leader", "%s", g->leaders[i].id);
		event_add(&e, "mp_used", "%d", o->leader_mp[i]);
		event_add(&e, "ordered_by_oc", "%s",
			  bits_has(o->leader_ordered, i) ? "yes" : "no");
		event_add(&e, "rule", "6.14");
		cmd_output(r, &e);
	}
}

/* ---- legal ---- */

/* 6.51, 8.31: whether an order to unit ui (its move m), or its pick in a
 * Line Command, raises a reaction the instant its move begins (a
 * withdrawal offered to an enemy within two hexes): `order UNIT hd
 * TARGET` (`pick UNIT hd TARGET`) then waits for the answer and is
 * refused, so it is not listed; `order UNIT` then `hd TARGET` is (the
 * soak, drill seeds 57, 134; gba_drill 230 for a pick).  Played on a
 * copy. */
static bool order_raises_reaction(const struct game *g, int ui,
				  const struct move *m)
{
	/* the copy's own dice: orders_legal lists this only when ending the
	 * open move draws no die (check_end_quiet) */
	struct game *cp = game_copy_for_search(g, 1);
	if (!cp)
		return false;
	end_move(cp);
	open_move(cp, m, ui, -1, -1);
	reactions_at_move_start(cp, ui);
	bool raised = reactions_pending(cp) || rout_pending(cp);
	event_log_free(&cp->events);
	free(cp);
	return raised;
}

/* Each Line Command side's active leader may give now, as `line NAME`
 * or, a row that makes several lines, `line NAME UNIT` (unit -1: the
 * row's only line): fn(g, plan, unit, ctx). */
static void each_line_command(const struct game *g, int side,
			      void (*fn)(const struct game *g,
					 const struct lc_plan *p, int unit,
					 void *ctx),
			      void *ctx)
{
	struct lc_plan *p = calloc(1, sizeof *p); /* not composed yet */
	/* only the rule is read; the gate is the same for every row, and
	 * shut, no row is listed */
	struct ord_why w = {.quiet = true};
	if (!line_gate(g, &w)) {
		free(p);
		return;
	}
	w.line_gate_open = true;
	for (int d = 0; p && g->battle && d < g->battle->nlines; d++) {
		const struct line_def *def = &g->battle->lines[d];
		if (def->side != side)
			continue;
		if (check_line(g, def->name, -1, p, &w)) {
			fn(g, p, -1, ctx);
			continue;
		}
		if (!p->def || strcmp(w.rule, "4.32") != 0 ||
		    p->lg.ngroups < 2)
			continue;
		struct line_groups lg = p->lg;
		for (int gi = 0; gi < lg.ngroups; gi++)
			for (int i = 0; i < g->nunits; i++)
				if (lg.group[i] == gi) {
					if (check_line(g, def->name, i, p, &w))
						fn(g, p, i, ctx);
					break;
				}
	}
	free(p);
}

static void strategy_odds_of(const struct lc_plan *p, struct odds *o)
{
	odds_init(o, 10, p->auth.rule ? p->auth.rule : "4.33");
	for (int d = 0; d < 10; d++) {
		bool ok = strategy_roll_passes(p, d);
		odds_face(o, d, ok, ok ? "pass" : "fail");
	}
}

struct line_answers {
	struct decision_answer *out;
	int max, n, side;
};

static void add_line_answer(const struct game *g, const struct lc_plan *p,
			    int unit, void *ctx)
{
	struct line_answers *la = ctx;
	char roll[40] = ""; /* 4.33 #2: the Strategy roll's chance */
	if (p->auth.decision == LC_NEEDS_ROLL) {
		struct odds o;
		strategy_odds_of(p, &o);
		snprintf(roll, sizeof roll, " # Strategy roll: %d%%",
			 odds_percent(&o, "pass"));
	}
	if (unit < 0)
		decision_add(la->out, la->max, &la->n, la->side, "5.23",
			     "line %s%s", p->def->name, roll);
	else
		decision_add(la->out, la->max, &la->n, la->side, "5.23",
			     "line %s %s%s", p->def->name, g->units[unit].id,
			     roll);
}

bool orders_line_odds(const struct game *g, const char *name,
		      const char *unit, struct odds *o)
{
	odds_init(o, 10, "4.33");
	int ui = -1;
	for (int i = 0; unit && i < g->nunits; i++)
		if (strcmp(g->units[i].id, unit) == 0)
			ui = i;
	if (unit && ui < 0)
		return false;
	struct lc_plan *p = calloc(1, sizeof *p); /* not composed yet */
	struct ord_why w = {0};
	bool roll = p && check_line(g, name, ui, p, &w) &&
		    p->auth.decision == LC_NEEDS_ROLL;
	if (roll)
		strategy_odds_of(p, o);
	free(p);
	return roll;
}

struct line_odds_text {
	char *out;
	size_t n, len;
	int told;
};

static void add_line_odds(const struct game *g, const struct lc_plan *p,
			  int unit, void *ctx)
{
	struct line_odds_text *t = ctx;
	if (p->auth.decision != LC_NEEDS_ROLL || t->len + 1 >= t->n)
		return;
	struct odds o;
	strategy_odds_of(p, &o);
	char drm[24] = "";
	if (p->auth.drm)
		snprintf(drm, sizeof drm, ", DRM %+d", p->auth.drm);
	int w = snprintf(t->out + t->len, t->n - t->len,
			 "%sline %s%s%s: %d or less%s, %d%%",
			 t->told ? "; " : "", p->def->name, unit >= 0 ? " " : "",
			 unit >= 0 ? g->units[unit].id : "", p->auth.target,
			 drm, odds_percent(&o, "pass"));
	if (w < 0 || t->len + (size_t)w >= t->n) {
		t->out[t->len] = '\0'; /* what does not fit is left out */
		t->len = t->n;
		return;
	}
	t->len += (size_t)w;
	t->told++;
}

int orders_line_odds_text(const struct game *g, char *out, size_t n)
{
	if (!n)
		return 0;
	out[0] = '\0';
	if (!g || seq_step_now(g) != SEQ_ORDERS || g->active_leader < 0 ||
	    g->ord.moving)
		return 0;
	struct line_odds_text t = {out, n, 0, 0};
	each_line_command(g, g->leaders[g->active_leader].side, add_line_odds,
			  &t);
	return t.told;
}

int orders_legal(const struct game *g, struct decision_answer *out, int max)
{
	struct ord_why w = {.quiet = true}; /* no reason is shown */
	bool gate = check_gate(g, &w);
	/* 8.64, 4.4 #6: Regroup and Return */
	int n = pursuit_regroup_legal(g, gate, out, max);
	if (!gate)
		return n;
	w.gate_open = true;
	int side = active(g)->side;
	const struct orders_state *o = &g->ord;
	struct move m, mm;
	/* 6.63, 6.67, 6.69: a mover that may not stop here must move on */
	bool may_end = check_may_end(g, &w);
	/* 6.11: halt itself is accepted whenever the mover may stop, even
	 * when ending the move raises a decision (that decision then comes
	 * up); only the orders below wait for it (soak: drill seeds 340,
	 * 1547 found halt accepted but unlisted) */
	bool may_halt = may_end;
	/* 6.11, 7.32, 10.22: an order ends the open move first; when that
	 * end raises a decision (a Shock Must Check choice, a rout move),
	 * the command is refused until it is answered, so no order is
	 * listed (the soak found them listed; drill seeds 49, 50).  6.41:
	 * when that end rolls a die (a phalanx's fifth-MP check) the orders
	 * wait for `halt` (check_end_quiet), whatever the die would show:
	 * the list never depends on the game's dice */
	if (may_end && o->moving) {
		struct end_trial t;
		try_end(g, &t);
		if (t.rolls || t.waits)
			may_end = false;
	}
	/* the orders, as if the open move were ended; what they all ask of
	 * the active leader worked out once (4.21, 4.24) */
	struct order_cache oc = {
		may_end ? command_range_field_new(g, NULL, active(g)) : NULL,
		-1};
	for (int i = 0; may_end && i < g->nunits; i++) {
		if (i == o->mover_unit)
			continue;
		int top, mate, cost;
		bool ocw;
		if (!stacking_is_bottom(g, &g->units[i]) &&
		    check_order_stack(g, i, &top, &mate, &cost, &ocw, &m, &mm,
				      &w))
			decision_add(out, max, &n, side, "6.64",
				     "order %s stack", g->units[i].id);
		if (check_restack(g, i, &w))
			decision_add(out, max, &n, side, "6.66",
				     "order %s restack", g->units[i].id);
		bool may_order = check_order_unit(g, i, false, &m, &w, &oc);
		if (may_order) {
			decision_add(out, max, &n, side, "5.22", "order %s",
				     g->units[i].id);
			if (n < max) /* 5.22 #2, 8.11 */
				n += missile_legal_order(g, i, out + n,
							 max - n);
			int k = n < max ? harass_legal_order(g, i, "order",
							     out + n, max - n)
					: 0; /* 8.31 */
			if (k > 0 && !order_raises_reaction(g, i, &m))
				n += k;
		}
		if (check_order_unit(g, i, true, &m, &w, &oc))
			decision_add(out, max, &n, side, "4.23",
				     "order %s with", g->units[i].id);
		/* GBA 5.68: a contingent commander stacked with it */
		for (int k = 0; k < g->nleaders; k++) {
			if (!footprint_occupies(&g->units[i].at,
						g->leaders[k].hex) ||
			    !leader_is_mcc(g, &g->leaders[k]) ||
			    !check_rider(g, i, k, &w))
				continue;
			bool pk = (o->mode == ORD_LINE ||
				   o->lc_of[i] == ORD_LC_CONTINGENT) &&
				  check_pick(g, i, -1, &m, &w);
			if (may_order)
				decision_add(out, max, &n, side, "GBA 5.68",
					     "order %s with %s", g->units[i].id,
					     g->leaders[k].id);
			if (pk)
				decision_add(out, max, &n, side, "GBA 5.68",
					     "pick %s with %s", g->units[i].id,
					     g->leaders[k].id);
		}
		int rec; /* 5.22 #3, #4 */
		if (check_order_function(g, i, false, -1, &rec, &w, &oc))
			decision_add(out, max, &n, side, "10.16",
				     "order %s recover", g->units[i].id);
		if (check_order_function(g, i, true, -1, &rec, &w, &oc))
			decision_add(out, max, &n, side, "10.28",
				     "order %s rally", g->units[i].id);
		if ((o->mode == ORD_LINE ||
		     o->lc_of[i] == ORD_LC_CONTINGENT) && /* GBA 5.65 */
		    check_pick(g, i, -1, &m, &w)) {
			decision_add(out, max, &n, side, "4.31", "pick %s",
				     g->units[i].id);
			int k = n < max ? harass_legal_order(g, i, "pick",
							     out + n, max - n)
					: 0; /* 8.31 in a Line Command */
			if (k > 0 && !order_raises_reaction(g, i, &m))
				n += k;
		}
		if (o->mode == ORD_LINE && n < max) /* 9.68 */
			n += mle_legal_line(g, i, out + n, max - n);
	}
	command_range_field_free(oc.range);
	for (int i = 0; may_end && i < g->nleaders; i++) {
		int cost;
		if (i != o->mover_leader &&
		    check_order_leader(g, i, &cost, &m, &w))
			decision_add(out, max, &n, side,
				     i == g->active_leader ? "4.23" : "4.4",
				     "order %s", g->leaders[i].id);
		/* GBA 5.63: activating a contingent commander; 4.36 his
		 * move as part of his Line Command */
		if (g->leaders[i].contingent_commander &&
		    check_contingent(g, i, &cost, &w))
			decision_add(out, max, &n, side, "GBA 5.63",
				     "order %s contingent", g->leaders[i].id);
		if (bits_has(o->contingent_leaders, i) &&
		    i != o->mover_leader && check_pick(g, -1, i, &m, &w))
			decision_add(out, max, &n, side, "GBA 5.65", "pick %s",
				     g->leaders[i].id);
	}
	if (may_end && o->mode == ORD_LINE &&
	    o->mover_leader != g->active_leader &&
	    check_pick(g, -1, g->active_leader, &m, &w))
		decision_add(out, max, &n, side, "4.34", "pick %s",
			     active(g)->id);
	if (may_end) {
		struct line_answers la = {out, max, n, side};
		each_line_command(g, side, add_line_answer, &la);
		n = la.n;
	}
	if (n < max && may_end) /* 5.22 #5, 4.74 */
		n += leaders_legal(g, out + n, max - n);
	if (n < max) /* 8.11 fire in the open move, 5.23 #2 a line's fire */
		n += missile_legal_fire(g, out + n, max - n);
	if (o->moving) {
		struct move_step s;
		struct hex here = o->mover_unit >= 0
					  ? g->units[o->mover_unit].at.hex[0]
					  : g->leaders[o->mover_leader].hex;
		for (int d = 0; d < 6; d++) {
			struct hex h = hex_neighbour(here, (enum hexside)d);
			if (check_step(g, h, HEX_NONE, &s, &w)) {
				char buf[16];
				hex_format(h, buf, sizeof buf);
				decision_add(out, max, &n, side, "6.21",
					     "move %s", buf);
			}
		}
		for (int f = 0; o->mover_unit >= 0 && f < FACING_COUNT; f++)
			if (check_face(g, (enum facing)f, &s, &w))
				decision_add(out, max, &n, side, "7.12",
					     "face %s",
					     facing_name((enum facing)f));
		/* 6.43, 6.73, 6.74, 6.71: phalanx steps, Column turns and
		 * formation changes */
		if (o->mover_unit >= 0)
			n += phalanx_legal(g, &o->move, side, out + n,
					   max - n);
		if (may_halt)
			decision_add(out, max, &n, side, "6.11", "halt");
		if (o->with_leader >= 0 && !leaders_stay(g)) /* GBA 4.23 */
			decision_add(out, max, &n, side, "4.23", "halt %s",
				     g->leaders[o->with_leader].id);
	}
	return n;
}
