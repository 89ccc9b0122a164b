/* elcmd.c — Elephant Command, optional (SPQR 4.9, 4.91-4.94): see
 * elcmd.h for how we read the rule.  State lives in g->elcmd
 * (elcmd_state.h); the sequence of play and the orders code call the
 * hooks below. */
#include "maniple/elcmd.h"

#include <stdarg.h>
#include <string.h>

#include "maniple/command.h"
#include "maniple/movement.h"
#include "maniple/orders.h"
#include "maniple/phalanx.h"

#define COUNTERS_MAX 2 /* 4.94 */

bool elcmd_on(const struct game *g)
{
	return g && g->battle && g->battle->elephant_command;
}

static bool valid_leader(const struct game *g, int li)
{
	return li >= 0 && li < g->nleaders && li < BATTLE_LEADERS_MAX;
}

bool elcmd_elephant_leader(const struct game *g, int li)
{
	return elcmd_on(g) && valid_leader(g, li) &&
	       g->leaders[li].kind == LK_ELEPHANT;
}

/* 4.9 (ruling): elephant combat units; a Leader Elephant (4.8) carries
 * its own leader and is not one of them. */
static bool is_elephant(const struct game *g, const struct unit *u)
{
	return unit_has(g, u, TRAIT_ELEPHANT) && !u->leader_elephant[0];
}

/* 4.91: a unit a counter may sit on, or an elephant that may take
 * orders: in play and not routed. */
static bool standing(const struct unit *u)
{
	return game_unit_in_play(u) && !u->routed;
}

int elcmd_counter_unit(const struct game *g, int li)
{
	if (!elcmd_elephant_leader(g, li))
		return -1;
	const struct leader *l = &g->leaders[li];
	int ui = g->elcmd.on_unit[li] - 1;
	if (ui < 0 || ui >= g->nunits || l->killed || !l->available)
		return -1;
	return standing(&g->units[ui]) ? ui : -1;
}

bool elcmd_counter_in_play(const struct game *g, int li)
{
	return elcmd_counter_unit(g, li) >= 0;
}

static int counter_on(const struct game *g, int ui)
{
	for (int i = 0; i < g->nleaders; i++)
		if (elcmd_counter_unit(g, i) == ui)
			return i;
	return -1;
}

static int counters_in_play(const struct game *g, int side)
{
	int n = 0;
	for (int i = 0; i < g->nleaders; i++)
		if (g->leaders[i].side == side && elcmd_counter_in_play(g, i))
			n++;
	return n;
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

static const char *side_id(const struct game *g, int s)
{
	return s >= 0 && s < 2 && g->battle->sides[s].id[0]
		       ? g->battle->sides[s].id
		       : (s ? "side1" : "side0");
}

static const char *why_set(char *why, size_t n, const char *rule,
			   const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static const char *why_set(char *why, size_t n, const char *rule,
			   const char *fmt, ...)
{
	if (why && n) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(why, n, fmt, ap);
		va_end(ap);
	}
	return rule;
}

/* ---- Rout and Reload: placing and removing counters (4.91, 4.94) ---- */

/* 4.91: an elephant unit of the side a counter may be placed on. */
static bool placeable(const struct game *g, int side, int ui)
{
	const struct unit *u = &g->units[ui];
	return u->side == side && is_elephant(g, u) && standing(u) &&
	       counter_on(g, ui) < 0;
}

static bool side_has_business(const struct game *g, int side)
{
	if (counters_in_play(g, side) > 0)
		return true;
	for (int i = 0; i < g->nunits; i++)
		if (placeable(g, side, i))
			return true;
	return false;
}

static void emit_removed(struct game *g, int li, int ui, const char *why)
{
	struct event e;
	event_init(&e, "elephant_leader_removed");
	event_add(&e, "leader", "%s", g->leaders[li].id);
	event_add(&e, "side", "%d", g->leaders[li].side);
	event_add(&e, "unit", "%s", ui >= 0 ? g->units[ui].id : "-");
	event_add(&e, "why", "%s", why);
	event_add(&e, "rule", "4.94");
	game_emit(g, &e);
}

static void offer(struct game *g, int side)
{
	g->elcmd.owes = side + 1;
	struct event e;
	event_init(&e, "elephant_leader_offer");
	event_add(&e, "side", "%d", side);
	event_add(&e, "army", "%s", side_id(g, side));
	event_add(&e, "in_play", "%d", counters_in_play(g, side));
	event_add(&e, "max", "%d", COUNTERS_MAX);
	event_add(&e, "rule", "4.91");
	game_emit(g, &e);
}

/* The first side from `from` on with something to decide, or -1. */
static int next_side(const struct game *g, int from)
{
	for (int s = from; s < 2; s++)
		if (side_has_business(g, s))
			return s;
	return -1;
}

bool elcmd_rout_reload_end(struct game *g)
{
	if (!elcmd_on(g))
		return true;
	/* ruling: a counter whose unit routed or left the map is gone */
	for (int i = 0; i < g->nleaders; i++) {
		if (!elcmd_elephant_leader(g, i) || !g->elcmd.on_unit[i] ||
		    elcmd_counter_in_play(g, i))
			continue;
		int ui = g->elcmd.on_unit[i] - 1;
		g->elcmd.on_unit[i] = 0;
		emit_removed(g, i, ui, "unit_out_of_play");
	}
	g->elcmd.placed[0] = g->elcmd.placed[1] = false;
	int s = next_side(g, 0);
	if (s < 0)
		return true;
	offer(g, s);
	return false;
}

bool elcmd_pending(const struct game *g)
{
	return elcmd_on(g) && g->elcmd.owes > 0 &&
	       g->phase == PHASE_ROUT_RELOAD;
}

int elcmd_decision_side(const struct game *g)
{
	return elcmd_pending(g) ? g->elcmd.owes - 1 : -1;
}

void elcmd_pending_text(const struct game *g, char *buf, size_t n)
{
	snprintf(buf, n,
		 "%s may place Elephant Leaders: elephant leader UNIT, "
		 "elephant leader remove LEADER, or elephant done",
		 side_id(g, elcmd_decision_side(g)));
}

int elcmd_legal(const struct game *g, struct decision_answer *out, int max)
{
	int n = 0;
	if (!elcmd_pending(g))
		return 0;
	int side = elcmd_decision_side(g);
	if (!g->elcmd.placed[side])
		for (int i = 0; i < g->nleaders; i++)
			if (g->leaders[i].side == side &&
			    elcmd_counter_in_play(g, i))
				decision_add(out, max, &n, side, "4.94",
					     "elephant leader remove %s",
					     g->leaders[i].id);
	if (counters_in_play(g, side) < COUNTERS_MAX)
		for (int i = 0; i < g->nunits; i++)
			if (placeable(g, side, i))
				decision_add(out, max, &n, side, "4.91",
					     "elephant leader %s",
					     g->units[i].id);
	decision_add(out, max, &n, side, "4.91", "elephant done");
	return n;
}

static bool decision_gate(const struct game *g, struct cmd_result *r)
{
	if (!elcmd_on(g)) {
		cmd_refuse(r, "4.9",
			   "this battle does not use Elephant Command (4.9 "
			   "is optional)");
		return false;
	}
	if (!elcmd_pending(g)) {
		cmd_refuse(r, "4.91",
			   "Elephant Leaders are placed or removed only at the "
			   "end of the Rout and Reload Phase (see legal)");
		return false;
	}
	return true;
}

/* 4.91: a counter of the side not in play (one the battle lists off the
 * map, `available = no`, or one made now); -1 when the leaders are
 * full. */
static int free_counter(struct game *g, int side)
{
	for (int i = 0; i < g->nleaders; i++) {
		const struct leader *l = &g->leaders[i];
		if (l->side == side && l->kind == LK_ELEPHANT && !l->on_map &&
		    !l->killed && !elcmd_counter_in_play(g, i))
			return i;
	}
	if (g->nleaders >= BATTLE_LEADERS_MAX)
		return -1;
	char id[ID_MAX];
	for (int k = 1; k < 1000; k++) {
		snprintf(id, sizeof id, "eleph%d", k);
		if (find_leader(g, id) < 0 && find_unit(g, id) < 0)
			break;
	}
	int li = g->nleaders++;
	struct leader *l = &g->leaders[li];
	memset(l, 0, sizeof *l);
	snprintf(l->id, sizeof l->id, "%s", id);
	l->name = "Elephant Leader";
	l->restriction = "";
	l->side = side;
	l->kind = LK_ELEPHANT;
	l->initiative = 1; /* 4.91: printed on the counter */
	l->command_range = 0;
	l->line_command = 1; /* 4.92 */
	l->available = true;
	l->hex = HEX_NONE;
	l->on_map = false; /* it rides its unit */
	l->state = LS_INACTIVE;
	g->elcmd.on_unit[li] = 0;
	return li;
}

void elcmd_place(struct game *g, const char *unit, struct cmd_result *r)
{
	if (!decision_gate(g, r))
		return;
	int side = elcmd_decision_side(g);
	int ui = find_unit(g, unit);
	if (ui < 0) {
		cmd_refuse(r, NULL, "no unit %s", unit ? unit : "-");
		return;
	}
	const struct unit *u = &g->units[ui];
	if (u->side != side) {
		cmd_refuse(r, "4.91", "%s is not a unit of %s", u->id,
			   side_id(g, side));
		return;
	}
	if (!is_elephant(g, u)) {
		cmd_refuse(r, "4.91",
			   "%s is not an elephant unit: an Elephant Leader "
			   "goes on an elephant",
			   u->id);
		return;
	}
	if (!standing(u)) {
		cmd_refuse(r, "4.91", "%s is %s", u->id,
			   u->routed ? "routed" : "not on the map");
		return;
	}
	int there = counter_on(g, ui);
	if (there >= 0) {
		cmd_refuse(r, "4.91", "%s already carries Elephant Leader %s",
			   u->id, g->leaders[there].id);
		return;
	}
	if (counters_in_play(g, side) >= COUNTERS_MAX) {
		cmd_refuse(r, "4.94",
			   "%s has %d Elephant Leaders in play, the most it "
			   "may have: remove one first (elephant leader "
			   "remove LEADER)",
			   side_id(g, side), COUNTERS_MAX);
		return;
	}
	int li = free_counter(g, side);
	if (li < 0) {
		cmd_refuse(r, NULL, "no room for another leader");
		return;
	}
	g->elcmd.on_unit[li] = (short)(ui + 1);
	g->elcmd.placed[side] = true;
	struct leader *l = &g->leaders[li];
	l->state = LS_INACTIVE;
	l->available = true; /* one the battle listed as not yet in play */
	struct event e;
	event_init(&e, "elephant_leader_placed");
	event_add(&e, "leader", "%s", l->id);
	event_add(&e, "side", "%d", side);
	event_add(&e, "unit", "%s", u->id);
	event_add_hex(&e, "hex", u->at.hex[0]);
	event_add(&e, "initiative", "%d", l->initiative);
	event_add(&e, "in_play", "%d", counters_in_play(g, side));
	event_add(&e, "rule", "4.91,4.94");
	game_emit(g, &e);
}

void elcmd_remove(struct game *g, const char *leader, struct cmd_result *r)
{
	if (!decision_gate(g, r))
		return;
	int side = elcmd_decision_side(g);
	int li = find_leader(g, leader);
	if (li < 0) {
		cmd_refuse(r, NULL, "no leader %s", leader ? leader : "-");
		return;
	}
	if (!elcmd_elephant_leader(g, li) || !elcmd_counter_in_play(g, li)) {
		cmd_refuse(r, "4.94", "%s is not an Elephant Leader in play",
			   g->leaders[li].id);
		return;
	}
	if (g->leaders[li].side != side) {
		cmd_refuse(r, "4.94", "%s is not %s's", g->leaders[li].id,
			   side_id(g, side));
		return;
	}
	if (g->elcmd.placed[side]) {
		cmd_refuse(r, "4.94",
			   "Elephant Leaders are removed before new ones are "
			   "placed, not after");
		return;
	}
	int ui = g->elcmd.on_unit[li] - 1;
	g->elcmd.on_unit[li] = 0;
	emit_removed(g, li, ui, "by_choice");
}

void elcmd_done(struct game *g, struct cmd_result *r)
{
	if (!decision_gate(g, r))
		return;
	int side = elcmd_decision_side(g);
	struct event e;
	event_init(&e, "elephant_leaders_done");
	event_add(&e, "side", "%d", side);
	event_add(&e, "in_play", "%d", counters_in_play(g, side));
	event_add(&e, "rule", "4.91");
	game_emit(g, &e);
	int next = next_side(g, side + 1);
	if (next >= 0) {
		offer(g, next);
		return;
	}
	g->elcmd.owes = 0;
	/* 3.0: Rout and Reload is over; the sequence goes on to E */
	g->phase = PHASE_WITHDRAWAL;
	seq_resume(g);
}

/* ---- the Orders Phase ---- */

static const struct leader *active(const struct game *g)
{
	return valid_leader(g, g->active_leader) ? &g->leaders[g->active_leader]
						 : NULL;
}

void elcmd_phase_begin(struct game *g)
{
	memset(g->elcmd.start_with, 0, sizeof g->elcmd.start_with);
	const struct leader *l = active(g);
	if (!elcmd_on(g) || !l || !l->on_map)
		return;
	for (int i = 0; i < g->nunits && i < BATTLE_UNITS_MAX; i++)
		if (game_unit_in_play(&g->units[i]) &&
		    footprint_occupies(&g->units[i].at, l->hex))
			bits_put(g->elcmd.start_with, i, true);
}

void elcmd_phase_end(struct game *g)
{
	const struct leader *l = active(g);
	if (!elcmd_on(g) || !l || g->elcmd.first_done[l->side & 1])
		return;
	int side = l->side & 1;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (u->side != side || !is_elephant(g, u) ||
		    (!g->ord.ordered[i] && !g->ord.lc_of[i]))
			continue;
		g->elcmd.first_done[side] = true;
		struct event e;
		event_init(&e, "elephant_command_begins");
		event_add(&e, "side", "%d", side);
		event_add(&e, "army", "%s", side_id(g, side));
		event_add(&e, "after", "%s", l->id);
		event_add(&e, "rule", "4.91");
		game_emit(g, &e);
		return;
	}
}

/* 4.91: the rule holds elephant ui under an ordinary leader now. */
static bool restricted(const struct game *g, int ui)
{
	const struct leader *l = active(g);
	if (!elcmd_on(g) || !l || ui < 0 || ui >= g->nunits ||
	    elcmd_elephant_leader(g, g->active_leader))
		return false;
	const struct unit *u = &g->units[ui];
	return is_elephant(g, u) && u->side == l->side &&
	       g->elcmd.first_done[u->side & 1];
}

/* 4.91: the elephant the active leader has ordered from his own hex and
 * must now stay with, or -1. */
static int anchor(const struct game *g)
{
	const struct leader *l = active(g);
	if (!l || !l->on_map)
		return -1;
	for (int i = 0; i < g->nunits; i++)
		if (restricted(g, i) && bits_has(g->elcmd.start_with, i) &&
		    (g->ord.ordered[i] || g->ord.lc_of[i]))
			return i;
	return -1;
}

/* 4.91: elephant ui may become the leader's anchor now: it shared his
 * hex when the phase began, still does, and he has not moved. */
static bool may_anchor(const struct game *g, int ui)
{
	const struct leader *l = active(g);
	return l && l->on_map && bits_has(g->elcmd.start_with, ui) &&
	       footprint_occupies(&g->units[ui].at, l->hex) &&
	       g->ord.leader_mp[g->active_leader] == 0;
}

const char *elcmd_order_refusal(const struct game *g, int ui, bool with,
				bool by_line, char *why, size_t n)
{
	if (!elcmd_on(g) || ui < 0 || ui >= g->nunits || !active(g))
		return NULL;
	const struct leader *l = active(g);
	int a = anchor(g);
	if (with && a >= 0 && a != ui)
		return why_set(why, n, "4.91",
			       "%s stays with the elephant %s this Orders "
			       "Phase: he goes with no other unit",
			       l->id, g->units[a].id);
	if (!restricted(g, ui))
		return NULL;
	if (by_line ? a >= 0 : (a == ui || (a < 0 && may_anchor(g, ui))))
		return NULL;
	if (by_line)
		return why_set(why, n, "4.91",
			       "%s's line has no elephant that shared his hex "
			       "at the start of the Orders Phase: after their "
			       "first orders, elephants move only with such a "
			       "leader or by an Elephant Leader",
			       l->id);
	if (a >= 0)
		return why_set(why, n, "4.91",
			       "%s stays with the elephant %s this Orders "
			       "Phase and may order no other elephant",
			       l->id, g->units[a].id);
	return why_set(why, n, "4.91",
		       "after their first orders, elephants take orders only "
		       "from a leader stacked with them since the start of "
		       "the Orders Phase, who stays with them (or from an "
		       "Elephant Leader): %s is not",
		       l->id);
}

const char *elcmd_leader_move_refusal(const struct game *g, int li, char *why,
				      size_t n)
{
	if (elcmd_elephant_leader(g, li))
		return why_set(why, n, "4.93",
			       "%s is an Elephant Leader: he rides his "
			       "elephant and does not move on his own",
			       g->leaders[li].id);
	int a = li == g->active_leader ? anchor(g) : -1;
	if (a >= 0)
		return why_set(why, n, "4.91",
			       "%s must stay stacked with the elephant %s for "
			       "the whole Orders Phase",
			       g->leaders[li].id, g->units[a].id);
	return NULL;
}

int elcmd_rider(const struct game *g, int ui)
{
	if (!restricted(g, ui))
		return -1;
	const struct leader *l = active(g);
	int a = anchor(g);
	if (a == ui && footprint_occupies(&g->units[ui].at, l->hex))
		return g->active_leader; /* a Line Command's pick */
	if (a < 0 && may_anchor(g, ui))
		return g->active_leader; /* an Individual Order */
	return -1;
}

/* 4.92: the open move is an elephant's under an Elephant Leader's Line
 * Command. */
static bool el_line_move(const struct game *g)
{
	const struct orders_state *o = &g->ord;
	return elcmd_elephant_leader(g, g->active_leader) &&
	       o->mode == ORD_LINE && o->moving && o->mover_unit >= 0 &&
	       o->mover_unit < g->nunits && o->lc_of[o->mover_unit];
}

const char *elcmd_face_refusal(const struct game *g, char *why, size_t n)
{
	if (!el_line_move(g) || g->ord.move.hexes_entered == 0)
		return NULL;
	return why_set(why, n, "4.92",
		       "%s moves under an Elephant Leader: it may change "
		       "facing only in its starting hex, before moving",
		       g->units[g->ord.mover_unit].id);
}

const char *elcmd_end_refusal(const struct game *g, char *why, size_t n)
{
	if (!el_line_move(g))
		return NULL;
	const struct move *m = &g->ord.move;
	if (m->stopped || m->rout_due || m->ma - m->mp_spent <= 0)
		return NULL;
	const struct unit *u = &g->units[g->ord.mover_unit];
	for (int d = 0; d < 6; d++) {
		struct hex h = hex_neighbour(u->at.hex[0], (enum hexside)d);
		struct move_step s;
		if (!move_check_step_pair(g, m, h, HEX_NONE, &s))
			continue;
		char buf[16];
		hex_format(h, buf, sizeof buf);
		return why_set(why, n, "4.92",
			       "%s moves under an Elephant Leader and must "
			       "use its full MA while it can (%d MP left; "
			       "move %s)",
			       u->id, m->ma - m->mp_spent, buf);
	}
	return NULL;
}

/* 4.92, 4.32: the elephants in a line with the counter's unit: linked as
 * the chart row naming it says (else adjacent), all of one orientation.
 * Fills member (per unit); returns the count. */
static int el_line_members(const struct game *g, int li, bool *member)
{
	memset(member, 0, sizeof(bool) * (size_t)g->nunits);
	int home = elcmd_counter_unit(g, li);
	if (home < 0)
		return 0;
	const struct unit *hu = &g->units[home];
	const struct line_def *def = NULL;
	for (int d = 0; g->battle && d < g->battle->nlines && !def; d++)
		if (line_def_names(&g->battle->lines[d], hu))
			def = &g->battle->lines[d];
	member[home] = true;
	int n = 1;
	unsigned mask = LINE_FLANK_TO_FLANK | LINE_FRONT_TO_REAR;
	for (bool grew = true; grew;) {
		grew = false;
		for (int b = 0; b < g->nunits; b++) {
			const struct unit *ub = &g->units[b];
			if (member[b] || ub->side != hu->side ||
			    !is_elephant(g, ub) || !standing(ub))
				continue;
			for (int a = 0; a < g->nunits; a++) {
				if (!member[a])
					continue;
				const struct unit *ua = &g->units[a];
				bool linked =
					def ? line_pair_linked(g, NULL, def, ua,
							       ub)
					    : hex_distance(ua->at.hex[0],
							   ub->at.hex[0]) <= 1;
				unsigned o = line_pair_orientation(ua, ub);
				if (!linked || !(o & mask))
					continue;
				mask &= o;
				member[b] = true;
				n++;
				grew = true;
				break;
			}
		}
	}
	return n;
}

/* 4.92, 4.93: the gate for the Elephant Leader's Line Command. */
static const char *line_refusal(const struct game *g, char *why, size_t n)
{
	if (!elcmd_on(g))
		return why_set(why, n, "4.9",
			       "this battle does not use Elephant Command");
	if (seq_step_now(g) != SEQ_ORDERS)
		return why_set(why, n, "5.2",
			       "no leader is giving orders now (see legal)");
	int li = g->active_leader;
	if (!elcmd_elephant_leader(g, li))
		return why_set(why, n, "4.92",
			       "only an Elephant Leader gives this Line "
			       "Command; %s uses line NAME",
			       active(g) ? active(g)->id : "-");
	if (g->ord.mode != ORD_NONE || g->ord.lc_given > 0)
		return why_set(why, n, "4.93",
			       "%s gives one Line Command and nothing else",
			       g->leaders[li].id);
	if (elcmd_counter_unit(g, li) < 0)
		return why_set(why, n, "4.92",
			       "%s's elephant is no longer in play",
			       g->leaders[li].id);
	bool member[BATTLE_UNITS_MAX];
	el_line_members(g, li, member);
	for (int i = 0; i < g->nunits; i++)
		if (member[i] && !g->ord.ordered[i] && !g->units[i].moved_phase)
			return NULL;
	return why_set(why, n, "6.12",
		       "every elephant of that line has moved this Orders "
		       "Phase");
}

void elcmd_line(struct game *g, struct cmd_result *r)
{
	char why[CMD_REASON_MAX];
	const char *rule = line_refusal(g, why, sizeof why);
	if (rule) {
		cmd_refuse(r, rule, "%s", why);
		return;
	}
	int li = g->active_leader;
	bool member[BATTLE_UNITS_MAX];
	el_line_members(g, li, member);
	struct orders_state *o = &g->ord;
	o->mode = ORD_LINE;
	o->lc_given++;
	char ids[EVENT_VAL_MAX] = "";
	size_t len = 0;
	int n = 0;
	for (int i = 0; i < g->nunits; i++) {
		if (!member[i] || o->ordered[i] || g->units[i].moved_phase)
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
	event_add(&e, "leader", "%s", g->leaders[li].id);
	event_add(&e, "line", "elephants");
	event_add(&e, "units", "%d", n);
	event_add(&e, "members", "%s", ids);
	event_add(&e, "given", "%d", o->lc_given);
	event_add(&e, "of", "1");
	event_add(&e, "how", "elephant_leader");
	event_add(&e, "rule", "4.92");
	game_emit(g, &e);
}

int elcmd_orders_legal(const struct game *g, struct decision_answer *out,
		       int max)
{
	int n = 0;
	if (!line_refusal(g, NULL, 0))
		decision_add(out, max, &n, g->leaders[g->active_leader].side,
			     "4.92", "elephant line");
	return n;
}

/* ---- the canonical text ---- */

void elcmd_state_text(const struct game *g, FILE *f)
{
	if (!elcmd_on(g))
		return;
	const struct elcmd_state *s = &g->elcmd;
	fprintf(f,
		"elephant_command first_done=%s,%s owes=%d placed=%s,%s "
		"counters=",
		s->first_done[0] ? "yes" : "no",
		s->first_done[1] ? "yes" : "no", s->owes,
		s->placed[0] ? "yes" : "no", s->placed[1] ? "yes" : "no");
	bool any = false;
	for (int i = 0; i < g->nleaders; i++) {
		int ui = s->on_unit[i] - 1;
		if (ui < 0 || ui >= g->nunits)
			continue;
		fprintf(f, "%s%s:%s", any ? "," : "", g->leaders[i].id,
			g->units[ui].id);
		any = true;
	}
	if (!any)
		fputc('-', f);
	fprintf(f, " start_with=");
	any = false;
	for (int i = 0; i < g->nunits; i++)
		if (bits_has(s->start_with, i)) {
			fprintf(f, "%s%s", any ? "," : "", g->units[i].id);
			any = true;
		}
	if (!any)
		fputc('-', f);
	fputc('\n', f);
}

/* ---- the commands ---- */

static struct game *game_of(void *ctx, struct cmd_result *r)
{
	struct session *s = ctx;
	struct game *g = s ? s->game : NULL;
	if (!g)
		cmd_refuse(r, NULL, "no game: start one with `new`");
	return g;
}

void cmd_elcmd_leader(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	struct game *g = game_of(ctx, r);
	if (!g)
		return;
	if (argc == 2 && strcmp(argv[1], "remove") != 0)
		elcmd_place(g, argv[1], r);
	else if (argc == 3 && strcmp(argv[1], "remove") == 0)
		elcmd_remove(g, argv[2], r);
	else
		cmd_malformed(r, "elephant leader UNIT | elephant leader "
				 "remove LEADER");
}

void cmd_elcmd_done(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	(void)argv;
	struct game *g = game_of(ctx, r);
	if (!g)
		return;
	if (argc != 1) {
		cmd_malformed(r, "elephant done");
		return;
	}
	elcmd_done(g, r);
}

void cmd_elcmd_line(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	(void)argv;
	struct game *g = game_of(ctx, r);
	if (!g)
		return;
	if (argc != 1) {
		cmd_malformed(r, "elephant line");
		return;
	}
	elcmd_line(g, r);
}
