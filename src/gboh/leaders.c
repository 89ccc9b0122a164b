/* leaders.c — replacing eliminated leaders (SPQR 4.74, 4.75, 4.56,
 * 4.4 #4, 5.22 #5).  See leaders.h. */
#include "maniple/leaders.h"

#include <stdio.h>
#include <string.h>

#include "maniple/command.h"
#include "maniple/event.h"
#include "maniple/gba_darius.h"
#include "maniple/hex.h"
#include "maniple/movement.h"
#include "maniple/orders.h"
#include "maniple/tables.h"

/* 4.74: tribunes and praefects come back themselves, without limit */
static bool returns_himself(const struct leader *l)
{
	return l->kind == LK_TRIBUNE || l->kind == LK_PRAEFECT_SOCIORUM ||
	       l->kind == LK_PRAEFECT_EQUITUM;
}

/* 4.74: a Replacement leader of side not yet in play */
static bool spare(const struct leader *l, int side)
{
	return l->side == side && l->kind == LK_REPLACEMENT &&
	       !l->available && !l->killed && !l->on_map;
}

static int first_spare(const struct game *g, int side)
{
	for (int i = 0; i < g->nleaders; i++)
		if (spare(&g->leaders[i], side))
			return i;
	return -1;
}

/* 4.74: killed, not the OC, and not replaced yet */
static bool awaits(const struct leader *l)
{
	return l->killed && !l->on_map && l->available && !l->overall;
}

bool leader_replaceable(const struct game *g, int dead)
{
	if (g == NULL || dead < 0 || dead >= g->nleaders)
		return false;
	const struct leader *l = &g->leaders[dead];
	return awaits(l) && (returns_himself(l) || first_spare(g, l->side) >= 0);
}

/* 4.56: the side's first Proconsul in play, not the one killed */
static int proconsul_of(const struct game *g, int side, int dead)
{
	for (int i = 0; i < g->nleaders; i++) {
		const struct leader *p = &g->leaders[i];
		if (i != dead && p->side == side && p->kind == LK_PROCONSUL &&
		    p->on_map && !p->killed && p->available)
			return i;
	}
	return -1;
}

/* 4.74, 4.75, 4.56 */
void leader_fate(struct game *g, int leader)
{
	if (g == NULL || leader < 0 || leader >= g->nleaders)
		return;
	struct leader *l = &g->leaders[leader];
	if (!l->killed)
		return;
	gba_darius_killed(g, leader); /* GBA 8.46: the battle may end */
	struct event e;
	if (l->overall) {
		int p = proconsul_of(g, l->side, leader);
		if (p < 0) { /* 4.75 */
			event_init(&e, "no_replacement");
			event_add(&e, "leader", "%s", l->id);
			event_add(&e, "why", "overall_commander");
			event_add(&e, "rule", "4.75");
			game_emit(g, &e);
			return;
		}
		/* 4.56: the Proconsul takes over, Strategy Rating 1 */
		struct leader *pc = &g->leaders[p];
		l->overall = false;
		pc->overall = true;
		pc->strategy = 1;
		event_init(&e, "overall_commander");
		event_add(&e, "leader", "%s", pc->id);
		event_add(&e, "replaces", "%s", l->id);
		event_add(&e, "strategy", "1");
		event_add(&e, "rule", "4.56,4.75");
		game_emit(g, &e);
		return;
	}
	if (leader_replaceable(g, leader)) {
		event_init(&e, "may_be_replaced");
		event_add(&e, "leader", "%s", l->id);
		event_add(&e, "by", "%s",
			  returns_himself(l) ? "himself" : "replacement");
		event_add(&e, "rule", "4.74");
	} else {
		event_init(&e, "no_replacement");
		event_add(&e, "leader", "%s", l->id);
		event_add(&e, "why", "no_replacement_leaders");
		event_add(&e, "rule", "4.74");
	}
	game_emit(g, &e);
}

/* 4.74: whether hex h holds a friendly unit that leader l may order */
static bool hex_for(const struct game *g, const struct leader *l,
		    struct hex h)
{
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (u->side == l->side && game_unit_in_play(u) &&
		    footprint_occupies(&u->at, h) &&
		    leader_may_order(g, l, u))
			return true;
	}
	return false;
}

static int leader_index(const struct game *g, const char *id)
{
	for (int i = 0; id && i < g->nleaders; i++)
		if (strcmp(g->leaders[i].id, id) == 0)
			return i;
	return -1;
}

/* 4.74, 4.4 #4, 5.22 #5 */
void leaders_order_replace(struct game *g, const char *dead, const char *hex,
			   const char *with, struct cmd_result *r)
{
	if (g == NULL || dead == NULL) {
		cmd_malformed(r, "order LEADER replace HEX [REPLACEMENT]");
		return;
	}
	if (!seq_may_order(g, r)) /* 5.21 */
		return;
	const struct leader *oc = &g->leaders[g->active_leader];
	if (!oc->overall) {
		cmd_refuse(r, "4.4", "only the Overall Commander replaces a "
				     "leader (4.4 #4), not %s",
			   oc->id);
		return;
	}
	if (g->ord.mode == ORD_LINE) {
		cmd_refuse(r, "5.21", "%s has given a Line Command this "
				      "phase: no Individual Orders",
			   oc->id);
		return;
	}
	int d = leader_index(g, dead);
	if (d < 0) {
		cmd_refuse(r, NULL, "no leader %s", dead);
		return;
	}
	struct leader *l = &g->leaders[d];
	if (l->side != oc->side) {
		cmd_refuse(r, "4.74", "%s is not a friendly leader", l->id);
		return;
	}
	if (!l->killed) {
		cmd_refuse(r, "4.74", "%s has not been eliminated", l->id);
		return;
	}
	if (l->overall) {
		cmd_refuse(r, "4.75", "an Overall Commander is not replaced");
		return;
	}
	if (!l->available) {
		cmd_refuse(r, "4.74", "%s has already been replaced", l->id);
		return;
	}
	int in = d; /* the leader who comes into play */
	if (!returns_himself(l)) {
		in = with ? leader_index(g, with) : first_spare(g, l->side);
		if (in < 0 && with) {
			cmd_refuse(r, NULL, "no leader %s", with);
			return;
		}
		if (in < 0) {
			cmd_refuse(r, "4.74", "no Replacement leader is left "
					      "to replace %s",
				   l->id);
			return;
		}
		if (!spare(&g->leaders[in], l->side)) {
			cmd_refuse(r, "4.74", "%s is not a Replacement leader "
					      "waiting to come into play",
				   g->leaders[in].id);
			return;
		}
	} else if (with) {
		cmd_refuse(r, "4.74", "a tribune or praefect comes back "
				      "himself: order %s replace HEX",
			   l->id);
		return;
	}
	struct hex h;
	if (hex == NULL || !hex_parse(hex, &h)) {
		cmd_malformed(r, "order LEADER replace HEX [REPLACEMENT]");
		return;
	}
	if (!hex_for(g, &g->leaders[in], h)) {
		cmd_refuse(r, "4.74", "%s holds no unit %s may order", hex,
			   g->leaders[in].id);
		return;
	}
	if (!orders_move_may_end(g, r)) /* 6.63, 6.67, 6.69 */
		return;
	if (orders_halt_first(g, r)) /* 6.11, 6.41: a roll waits for halt */
		return;
	if (!orders_close_move(g)) { /* 6.11: a rout move waits (10.22) */
		cmd_refuse(r, "10.22", "the open move's end needs a choice "
				       "first");
		return;
	}
	g->ord.mode = ORD_INDIVIDUAL;
	int left = seq_order_given(g, 1);
	struct leader *n = &g->leaders[in];
	if (in == d) { /* 4.74: placed back, as he was */
		n->killed = false;
		n->wounds = 0;
	} else {
		l->available = false; /* replaced */
		n->available = true;
	}
	n->on_map = true;
	n->hex = h;
	n->state = LS_FINISHED; /* 4.74: Finished for this turn */
	struct event e;
	char buf[16];
	hex_format(h, buf, sizeof buf);
	event_init(&e, "leader_replaced");
	event_add(&e, "leader", "%s", oc->id);
	event_add(&e, "dead", "%s", l->id);
	event_add(&e, "by", "%s", n->id);
	event_add(&e, "hex", "%s", buf);
	event_add(&e, "state", "finished");
	event_add(&e, "orders", "1");
	event_add(&e, "left", "%d", left);
	event_add(&e, "rule", "4.74,5.22");
	game_emit(g, &e);
}

int leaders_legal(const struct game *g, struct decision_answer *out, int max)
{
	int n = 0;
	if (g == NULL || g->active_leader < 0 ||
	    g->active_leader >= g->nleaders || g->ord.mode == ORD_LINE ||
	    g->seq.orders_left < 1)
		return 0;
	const struct leader *oc = &g->leaders[g->active_leader];
	if (!oc->overall || oc->state == LS_FINISHED)
		return 0;
	for (int d = 0; d < g->nleaders && n < max; d++) {
		const struct leader *l = &g->leaders[d];
		if (l->side != oc->side || !leader_replaceable(g, d))
			continue;
		int in = returns_himself(l) ? d : first_spare(g, l->side);
		for (int i = 0; i < g->nunits && n < max; i++) {
			const struct unit *u = &g->units[i];
			if (u->side != l->side || !game_unit_in_play(u) ||
			    !leader_may_order(g, &g->leaders[in], u))
				continue;
			char buf[16];
			hex_format(u->at.hex[0], buf, sizeof buf);
			decision_add(out, max, &n, l->side, "4.74",
				     "order %s replace %s", l->id, buf);
		}
	}
	return n;
}

/* ---- 4.72, GBA 4.62: a leader withdrawing before an enemy unit ---- */

/* GBA 4.62 (ruling R105): the reach is MP, not hexes */
static bool reach_in_mp(const struct game *g)
{
	return tables_variant(g->tables, RV_LEADER_WITHDRAWAL_REACH) ==
	       LEADER_WITHDRAWAL_MA_LEFT;
}

int leader_withdrawal_reach(const struct game *g, const struct unit *mv)
{
	if (!reach_in_mp(g)) /* 4.72 */
		return game_constant(g, RC_LEADER_WITHDRAWAL_MP);
	/* GBA 4.62: what his MA leaves above the approaching unit's */
	int left = leader_ma(g) - (mv ? mv->ma : 0);
	return left < 1 ? 1 : left;
}

int leader_withdrawal_step(const struct game *g, int mp)
{
	return reach_in_mp(g) ? mp : 1;
}

const char *leader_withdrawal_unit(const struct game *g)
{
	return reach_in_mp(g) ? "mp" : "hexes";
}
