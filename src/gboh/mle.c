/* mle.c — Manipular Line Extension (9.66-9.68): the reaction offer and
 * its answer (9.67, RK_MLE in the reactions window) and the extension
 * as part of a Line Command (9.68) with its MA cut (mle.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/command.h"
#include "maniple/map.h"
#include "maniple/mle.h"
#include "maniple/movement.h"
#include "maniple/orders.h"
#include "maniple/reactions.h"
#include "maniple/rout.h"
#include "maniple/stacking.h"
#include "maniple/withdrawal.h"

static int uidx(const struct game *g, const struct unit *u)
{
	return (int)(u - g->units);
}

static int open_offer(const struct game *g, int kind, int unit)
{
	const struct reaction_state *s = &g->react;
	for (int i = 0; i < s->noffers; i++)
		if (s->offers[i].kind == kind && s->offers[i].unit == unit &&
		    s->offers[i].state != RO_DONE)
			return i;
	return -1;
}

/* 9.66: a unit that can be one of a stack that extends: Roman infantry
 * in play, not routed, not In Column (9.68) */
static const char *unit_refusal(const struct game *g, const struct unit *u,
				const char **rule)
{
	*rule = "9.66";
	if (!game_unit_in_play(u))
		return "is not on the map";
	if (!stacking_roman_infantry(g, u))
		return "is not Roman infantry of a legion or ala";
	if (u->routed)
		return "is routed";
	if (u->at.in_column) {
		*rule = "9.68";
		return "is In Column: units In Column may not extend";
	}
	return NULL;
}

/* 9.66: the stack's two units may extend at all (where to is asked
 * apart) */
static const char *stack_refusal(const struct game *g,
				 const struct unit *top, const char **rule)
{
	const char *why = unit_refusal(g, top, rule);
	if (why)
		return why;
	const struct unit *mate = stacking_mate(g, top);
	if (!mate)
		return "is not stacked: only a stack extends its line";
	if (stacking_is_bottom(g, top)) {
		*rule = "9.64";
		return "is the bottom unit: the top unit of the stack moves "
		       "out";
	}
	why = unit_refusal(g, mate, rule);
	if (why)
		return "is stacked on a unit that may not extend (routed, In "
		       "Column or not Roman infantry)";
	return NULL;
}

/* 9.66: the hex dest itself: a flank hex of the stack, on the map,
 * Clear, vacant, in no enemy ZOC.  friends_leave: a friendly unit there
 * with an Orderly Withdrawal offer open does not count (9.67's example:
 * it may yet withdraw out of the gap). */
static const char *hex_refusal(const struct game *g, const struct unit *top,
			       struct hex dest, bool friends_leave)
{
	if (footprint_zone(&top->at, dest) != ZONE_FLANK)
		return "is not a flank hex of the stack (the line extends "
		       "sideways)";
	const struct map_hex *mh =
		g->battle ? map_at(g->battle->map, dest) : NULL;
	if (!mh)
		return "is not on the map";
	if ((enum terrain)mh->terrain != TERRAIN_CLEAR)
		return "is not Clear";
	const struct unit *there[4];
	int n = game_units_at(g, dest, there, 4);
	for (int k = 0; k < n; k++)
		if (!friends_leave || there[k]->side != top->side ||
		    open_offer(g, RK_WITHDRAW, uidx(g, there[k])) < 0)
			return "is occupied";
	const struct leader *ls[8];
	int nl = game_leaders_at(g, dest, ls, 8);
	for (int k = 0; k < nl; k++)
		if (ls[k]->side != top->side)
			return "is occupied by an enemy leader";
	if (zoc_enemy_in(g, top->side, dest))
		return "is in an enemy ZOC";
	return NULL;
}

/* 9.66 */
const char *mle_refusal(const struct game *g, const struct unit *top,
			struct hex dest, const char **rule)
{
	const char *why = stack_refusal(g, top, rule);
	if (why)
		return why;
	*rule = "9.66";
	return hex_refusal(g, top, dest, false);
}

/* 9.66: whether the stack has a flank hex it might extend into (a friend
 * in it may still leave) */
static bool some_flank_hex(const struct game *g, const struct unit *top)
{
	struct hex hs[8];
	int n = footprint_zone_hexes(&top->at, ZONE_FLANK, hs);
	for (int k = 0; k < n; k++)
		if (!hex_refusal(g, top, hs[k], true))
			return true;
	return false;
}

/* 9.67: an RK_MLE offer to the stack of top unit i, made when mover mv
 * came within 2 hexes of its Line (def the chart row, NULL when the
 * stack is a Line of its own); false when the window is full */
static bool offer_stack(struct game *g, int i, const struct unit *mv,
			const struct line_def *def)
{
	const struct unit *u = &g->units[i];
	if (open_offer(g, RK_MLE, i) >= 0)
		return true;
	struct reaction_offer o = {
		.kind = RK_MLE,
		.side = u->side,
		.unit = i,
		.leader = -1,
		.trigger = uidx(g, mv),
		.state = RO_OPEN,
	};
	if (reaction_offer_add(g, &o) < 0)
		return false;
	struct event e;
	event_init(&e, "mle_offered");
	event_add(&e, "unit", "%s", u->id);
	const struct unit *mate = stacking_mate(g, u);
	event_add(&e, "mate", "%s", mate ? mate->id : "-");
	event_add(&e, "by", "%s", mv->id);
	event_add(&e, "distance", "%d", ow_distance(&u->at, &mv->at));
	event_add(&e, "line", "%s", def ? def->name : "-");
	event_add(&e, "rule", "9.67");
	game_emit(g, &e);
	return true;
}

/* 9.66, 9.67: top unit of a stack that may be offered an extension */
static bool may_be_offered(const struct game *g, const struct unit *u)
{
	const char *rule;
	return game_unit_in_play(u) && !stack_refusal(g, u, &rule) &&
	       some_flank_hex(g, u);
}

/* 9.67: when an enemy combat unit steps to 2 hexes or less from a Line
 * of Roman stacks (4.32), in the enemy's Movement segment, every stack
 * of that Line may extend (9.66: all the top units of the Line's stacks),
 * each with its own offer and its own `react extend`.  The Line is the
 * top unit's group of each chart row naming it (line_compose, no leader:
 * a Line of mixed orientation keeps none); a stack whose top unit is in
 * no such group is a Line by itself.  Ruling (9.66): Lines are taken one
 * by one, so stacks of two different Lines may both extend in the same
 * window, each because the mover came near its own Line. */
void mle_collect(struct game *g, int mover, const struct footprint *was)
{
	if (mover < 0 || mover >= g->nunits || !was ||
	    g->phase != PHASE_MOVEMENT)
		return;
	const struct unit *mv = &g->units[mover];
	if (!stacking_counts(mv) || mv->routed)
		return;
	bool any = false;
	for (int i = 0; i < g->nunits && !any; i++)
		any = g->units[i].side != mv->side &&
		      may_be_offered(g, &g->units[i]);
	if (!any)
		return;
	bool in_line[BATTLE_UNITS_MAX] = {false};
	struct line_groups *lg = malloc(sizeof *lg);
	for (int d = 0; lg && g->battle && d < g->battle->nlines; d++) {
		const struct line_def *def = &g->battle->lines[d];
		if (def->side == mv->side)
			continue;
		line_compose(g, NULL, def, NULL, lg);
		for (int gi = 0; gi < lg->ngroups; gi++) {
			bool now = false, before = false, stacks = false;
			for (int i = 0; i < g->nunits; i++) {
				if (lg->group[i] != gi)
					continue;
				const struct unit *u = &g->units[i];
				now |= ow_distance(&u->at, &mv->at) <= 2;
				before |= ow_distance(&u->at, was) <= 2;
				if (may_be_offered(g, u)) {
					in_line[i] = true;
					stacks = true;
				}
			}
			if (!now || before || !stacks)
				continue; /* the mover did not just come near */
			for (int i = 0; i < g->nunits; i++)
				if (lg->group[i] == gi &&
				    may_be_offered(g, &g->units[i]) &&
				    !offer_stack(g, i, mv, def))
					goto full;
		}
	}
	/* stacks in no Line of the chart: each is a Line of its own */
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (u->side == mv->side || in_line[i] || !may_be_offered(g, u))
			continue;
		if (ow_distance(&u->at, &mv->at) > 2 ||
		    ow_distance(&u->at, was) <= 2)
			continue; /* not coming within 2 hexes now */
		if (!offer_stack(g, i, mv, NULL))
			break;
	}
full:
	free(lg);
}

/* 9.67: u has taken an Orderly Withdrawal offer of the window now open
 * (under way, or done having spent MP or hexes; a declined offer has
 * spent none).  The window's offers stay listed until it closes. */
static bool withdrew(const struct game *g, const struct unit *u)
{
	const struct reaction_state *s = &g->react;
	for (int i = 0; i < s->noffers; i++) {
		const struct reaction_offer *o = &s->offers[i];
		if (o->kind == RK_WITHDRAW && o->unit == uidx(g, u) &&
		    (o->state == RO_TAKEN || o->used > 0))
			return true;
	}
	return false;
}

int mle_legal(const struct game *g, struct decision_answer *out, int max)
{
	int n = 0;
	int side = reactions_decision_side(g);
	const struct reaction_state *s = &g->react;
	for (int i = 0; i < s->noffers && n < max; i++) {
		const struct reaction_offer *o = &s->offers[i];
		if (o->kind != RK_MLE || o->state != RO_OPEN ||
		    o->side != side || o->unit < 0 || o->unit >= g->nunits)
			continue;
		const struct unit *u = &g->units[o->unit];
		const struct unit *mate = stacking_mate(g, u);
		if (withdrew(g, u) || (mate && withdrew(g, mate)))
			continue; /* 9.67 */
		struct hex hs[8];
		int nh = footprint_zone_hexes(&u->at, ZONE_FLANK, hs);
		for (int k = 0; k < nh && n < max; k++) {
			const char *rule;
			if (mle_refusal(g, u, hs[k], &rule))
				continue;
			char h[8];
			hex_format(hs[k], h, sizeof h);
			decision_add(out, max, &n, side, "9.67",
				     "react extend %s %s", u->id, h);
		}
	}
	return n;
}

/* 9.66: the top unit goes sideways, facing as it was; no MP, no hits */
static void extend(struct game *g, struct unit *top, struct hex dest,
		   const char *rule)
{
	const struct unit *mate = stacking_mate(g, top);
	struct event e;
	event_init(&e, "line_extended");
	event_add(&e, "unit", "%s", top->id);
	event_add(&e, "mate", "%s", mate ? mate->id : "-");
	event_add_hex(&e, "from", top->at.hex[0]);
	event_add_hex(&e, "to", dest);
	event_add(&e, "facing", "%s", facing_name((enum facing)top->at.facing));
	event_add(&e, "mp", "0");
	event_add(&e, "hits", "0");
	event_add(&e, "rule", "%s", rule);
	game_unit_set_hex(g, top, 0, dest);
	game_emit(g, &e);
}

/* Finds the unit named and the hex; refuses when either is not there. */
static bool parse(struct game *g, const char *unit, const char *hex,
		  struct unit **u, struct hex *h, struct cmd_result *r)
{
	*u = unit ? game_unit(g, unit) : NULL;
	if (!*u) {
		cmd_refuse(r, "9.66", "no unit %s", unit ? unit : "-");
		return false;
	}
	if (!hex || !hex_parse(hex, h)) {
		cmd_refuse(r, "9.66", "%s is not a hex", hex ? hex : "-");
		return false;
	}
	return true;
}

/* 9.67: not both Orderly Withdrawal and MLE by the same units: the
 * stack's open withdrawal offers lapse when it extends */
static void withdrawals_forgone(struct game *g, const struct unit *a,
				const struct unit *b)
{
	const struct unit *both[2] = {a, b};
	for (int k = 0; k < 2; k++) {
		if (!both[k])
			continue;
		int i = open_offer(g, RK_WITHDRAW, uidx(g, both[k]));
		if (i < 0 || g->react.offers[i].state != RO_OPEN)
			continue;
		struct event e;
		event_init(&e, "withdrawal_forgone");
		event_add(&e, "unit", "%s", both[k]->id);
		event_add(&e, "rule", "9.67");
		game_emit(g, &e);
		reaction_offer_done(g, i);
	}
}

/* 9.67 */
void mle_react_extend(struct game *g, const char *unit, const char *hex,
		      struct cmd_result *r)
{
	if (rout_pending(g)) {
		char t[CMD_REASON_MAX];
		rout_pending_text(g, t, sizeof t);
		cmd_refuse(r, "10.22", "a rout move waits: %s", t);
		return;
	}
	struct unit *u;
	struct hex h;
	if (!parse(g, unit, hex, &u, &h, r))
		return;
	const struct unit *mate = stacking_mate(g, u);
	for (int k = 0; k < 2; k++) {
		const struct unit *w = k ? mate : u;
		if (w && withdrew(g, w)) {
			cmd_refuse(r, "9.67",
				   "%s has used Orderly Withdrawal in this "
				   "window: the same units may not both "
				   "withdraw and extend",
				   w->id);
			return;
		}
	}
	if (mate && stacking_is_bottom(g, u))
		u = (struct unit *)&g->units[uidx(g, mate)]; /* its top */
	int oi = open_offer(g, RK_MLE, uidx(g, u));
	if (oi < 0 || g->react.offers[oi].state != RO_OPEN) {
		cmd_refuse(r, "9.67",
			   "no Manipular Line Extension is offered to %s now "
			   "(an enemy combat unit must come within 2 hexes)",
			   u->id);
		return;
	}
	if (g->react.offers[oi].side != reactions_decision_side(g)) {
		char t[CMD_REASON_MAX];
		reactions_pending_text(g, t, sizeof t);
		cmd_refuse(r, reactions_pending_rule(g), "%s", t);
		return;
	}
	const char *rule;
	const char *why = stack_refusal(g, u, &rule);
	if (why) {
		cmd_refuse(r, rule, "%s may not extend: %s %s", u->id, u->id,
			   why);
		return;
	}
	why = hex_refusal(g, u, h, false);
	if (why) {
		cmd_refuse(r, "9.66", "%s may not extend into %s: the hex %s",
			   u->id, hex, why);
		return;
	}
	mate = stacking_mate(g, u);
	extend(g, u, h, "9.66,9.67");
	withdrawals_forgone(g, u, mate);
	reaction_offer_done(g, oi);
}

/* A refusal: the rule and the reason. */
struct why {
	const char *rule;
	char text[CMD_REASON_MAX];
};

static bool deny(struct why *w, const char *rule, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static bool deny(struct why *w, const char *rule, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(w->text, sizeof w->text, fmt, ap);
	va_end(ap);
	w->rule = rule;
	return false;
}

/* 9.68: whether the Line Command of this phase may extend u's stack into
 * h now (the phase and window are the caller's) */
static bool line_extend_ok(const struct game *g, const struct unit *u,
			   struct hex h, struct why *w)
{
	if (g->active_leader < 0 ||
	    u->side != g->leaders[g->active_leader].side)
		return deny(w, "9.68", "%s is not a unit of the commanded line",
			    u->id);
	const char *rule;
	const char *why = stack_refusal(g, u, &rule);
	if (why)
		return deny(w, rule, "%s %s", u->id, why);
	const struct unit *mate = stacking_mate(g, u);
	int ui = uidx(g, u), mi = uidx(g, mate);
	/* 9.66, 9.68: the extension is made by the top units of the Line
	 * commanded, so the top unit must be of it; the bottom unit stays
	 * where it is and need not be (a hastati stack on principes: the
	 * hastati Line's command extends it).  Ruling: the MA -2 is for
	 * both units of the stack; the bottom one moves this phase only if
	 * a Line Command of its own line reaches it (9.61).  Only the Lines
	 * given a Line Command extend: a stack of another Line does not
	 * (9.68, "as part of a Line Command"); each of its stacks extends
	 * with its own command, in any order, as long as neither unit of
	 * that stack has moved yet (ruling: 9.68 lets both move after it,
	 * so it comes first for the stack, not for the whole Line). */
	if (!g->ord.lc_of[ui])
		return deny(w, "9.68",
			    "%s is not in a line given a Line Command this "
			    "phase",
			    u->id);
	if (g->ord.moving)
		return deny(w, "9.68",
			    "a move is open: halt it before extending the "
			    "line");
	if (g->ord.ordered[ui] || g->ord.ordered[mi] || u->moved_phase ||
	    mate->moved_phase || bits_has(g->ord.mle, ui))
		return deny(w, "9.68",
			    "the stack extends before either unit moves in "
			    "the Line Command");
	char hs[8];
	hex_format(h, hs, sizeof hs);
	why = hex_refusal(g, u, h, false);
	if (why)
		return deny(w, "9.66", "%s may not extend into %s: the hex %s",
			    u->id, hs, why);
	return true;
}

/* 9.68: a Line Command given in this leader's Orders Phase, nothing
 * waiting */
static bool line_phase_ok(const struct game *g, struct why *w)
{
	if (reactions_pending(g)) {
		reactions_pending_text(g, w->text, sizeof w->text);
		w->rule = reactions_pending_rule(g);
		return false;
	}
	if (g->phase != PHASE_MOVEMENT || seq_step_now(g) != SEQ_ORDERS ||
	    g->ord.mode != ORD_LINE)
		return deny(w, "9.68",
			    "Manipular Line Extension is part of a Line "
			    "Command only (or a reaction, react extend)");
	return true;
}

/* 9.68 */
void mle_line_extend(struct game *g, const char *unit, const char *hex,
		     struct cmd_result *r)
{
	struct why w;
	if (!line_phase_ok(g, &w)) {
		cmd_refuse(r, w.rule, "%s", w.text);
		return;
	}
	struct unit *u;
	struct hex h;
	if (!parse(g, unit, hex, &u, &h, r))
		return;
	if (!line_extend_ok(g, u, h, &w)) {
		cmd_refuse(r, w.rule, "%s", w.text);
		return;
	}
	const struct unit *mate = stacking_mate(g, u);
	extend(g, u, h, "9.66,9.68");
	bits_put(g->ord.mle, uidx(g, u), true);
	bits_put(g->ord.mle, uidx(g, mate), true);
	struct event e;
	event_init(&e, "mle_ma_cut");
	event_add(&e, "units", "%s,%s", u->id, mate->id);
	event_add(&e, "ma", "-2");
	event_add(&e, "rule", "9.68");
	game_emit(g, &e);
}

int mle_legal_line(const struct game *g, int ui, struct decision_answer *out,
		   int max)
{
	struct why w;
	if (ui < 0 || ui >= g->nunits || max <= 0 || !line_phase_ok(g, &w))
		return 0;
	const struct unit *u = &g->units[ui];
	const char *rule;
	if (!g->ord.lc_of[ui] || stack_refusal(g, u, &rule))
		return 0;
	struct hex hs[8];
	int nh = footprint_zone_hexes(&u->at, ZONE_FLANK, hs), n = 0;
	for (int k = 0; k < nh && n < max; k++) {
		if (!line_extend_ok(g, u, hs[k], &w))
			continue;
		char h[8];
		hex_format(hs[k], h, sizeof h);
		decision_add(out, max, &n, u->side, "9.68", "extend %s %s",
			     u->id, h);
	}
	return n;
}

/* 9.68: MA -2 for each unit of a Line Command's extension */
int mle_ma_cut_impl(const struct game *g, const struct unit *u)
{
	if (!g || !u || g->ord.mode != ORD_LINE)
		return 0;
	int i = uidx(g, u);
	return i >= 0 && i < g->nunits && bits_has(g->ord.mle, i) ? 2 : 0;
}

static struct game *need_game(void *ctx, struct cmd_result *r)
{
	struct session *s = ctx;
	if (!s->game)
		cmd_refuse(r, NULL, "no game: start one with new or load");
	return s->game;
}

/* 9.67 */
void cmd_react_extend(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	if (argc != 3) {
		cmd_malformed(r, "usage: react extend UNIT HEX");
		return;
	}
	struct game *g = need_game(ctx, r);
	if (g)
		mle_react_extend(g, argv[1], argv[2], r);
}

/* 9.68 */
void cmd_line_extend(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	if (argc != 3) {
		cmd_malformed(r, "usage: extend UNIT HEX");
		return;
	}
	struct game *g = need_game(ctx, r);
	if (g)
		mle_line_extend(g, argv[1], argv[2], r);
}
