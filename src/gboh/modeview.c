/* modeview.c — these rules' modes as the view-model of modeview.h: Order
 * mode's moving piece and steps (an open move, 6.1-6.2, 5.22), the units
 * a Line Command may still move (4.31, 5.23), the preview of one step
 * (orders_step_preview) and the pieces of a hex.  The steps and picks
 * come from the legal list (seq_legal), so the view shows what `move`
 * and `pick` accept.  The Shock segment's designation marks come from
 * the engine's own claim and ZOC predicates (shock_designate.h), its
 * cards from cards.c. */
#include "maniple/modeview.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/cards.h"
#include "maniple/elcav.h"
#include "maniple/footprint.h"
#include "maniple/orders.h"
#include "maniple/pending.h"
#include "maniple/sequence.h"
#include "maniple/shock_designate.h"

#define LEGAL_MAX 256

static void add_pick(struct order_view *ov, struct hex h)
{
	if (ov->npicks < MODE_PICKS_MAX && !hex_is_none(h))
		ov->pick[ov->npicks++] = h;
}

/* 4.31: the unit or leader a `pick ID` line names, its hexes. */
static void pick_of(const struct game *g, struct order_view *ov,
		    const char *line)
{
	char id[DECISION_LINE_MAX];
	if (strncmp(line, "pick ", 5) != 0)
		return;
	snprintf(id, sizeof id, "%s", line + 5);
	id[strcspn(id, " #")] = '\0';
	for (int i = 0; i < g->nunits; i++)
		if (!strcmp(g->units[i].id, id)) {
			const struct unit *u = &g->units[i];
			add_pick(ov, u->at.hex[0]);
			if (footprint_two_hex(&u->at))
				add_pick(ov, u->at.hex[1]);
			return;
		}
	for (int i = 0; i < g->nleaders; i++)
		if (!strcmp(g->leaders[i].id, id)) {
			add_pick(ov, g->leaders[i].hex);
			return;
		}
}

/* 6.21: the mover's legal steps, each hex once, with its cost. */
static void add_step(const struct game *g, struct order_view *ov,
		     const char *line)
{
	struct hex a, b;
	if (ov->nsteps >= MODE_STEPS_MAX ||
	    !orders_move_line_hexes(line, &a, &b))
		return;
	for (int k = 0; k < ov->nsteps; k++)
		if (hex_eq(ov->step[k].a, a))
			return;
	struct order_step *s = &ov->step[ov->nsteps++];
	struct move_preview p;
	s->a = a;
	s->b = b;
	s->cost = orders_step_preview(g, a, b, &p) ? p.mp : -1;
	snprintf(s->line, sizeof s->line, "%s", line);
	char *c = strchr(s->line, '#');
	if (c)
		*c = '\0';
	size_t len = strlen(s->line);
	while (len > 0 && s->line[len - 1] == ' ')
		s->line[--len] = '\0';
}

static void mover(const struct game *g, struct order_view *ov)
{
	const struct orders_state *o = &g->ord;
	ov->mover_hex[0] = ov->mover_hex[1] = HEX_NONE;
	snprintf(ov->mover, sizeof ov->mover, "?");
	if (o->mover_unit >= 0 && o->mover_unit < g->nunits) {
		const struct unit *u = &g->units[o->mover_unit];
		snprintf(ov->mover, sizeof ov->mover, "%s", u->id);
		ov->two_hex = unit_is_two_hex(u);
		ov->in_column = u->at.in_column;
		ov->facing = u->at.facing;
		ov->mover_hex[0] = u->at.hex[0];
		if (footprint_two_hex(&u->at))
			ov->mover_hex[1] = u->at.hex[1];
	} else if (o->mover_leader >= 0 && o->mover_leader < g->nleaders) {
		const struct leader *l = &g->leaders[o->mover_leader];
		snprintf(ov->mover, sizeof ov->mover, "%s", l->id);
		ov->mover_leader = true;
		ov->mover_hex[0] = l->hex;
	}
	ov->mp_left = o->move.ma - o->move.mp_spent;
}

void spqr_order_view(const struct game *g, struct order_view *ov, bool steps)
{
	memset(ov, 0, sizeof *ov);
	ov->mover_hex[0] = ov->mover_hex[1] = HEX_NONE;
	if (!g || seq_step_now(g) != SEQ_ORDERS)
		return;
	ov->orders = true;
	ov->group_open = g->ord.mode == ORD_LINE;
	if (!ov->group_open &&
	    !orders_line_gate(g, ov->group_rule, sizeof ov->group_rule,
			      ov->group_refusal, sizeof ov->group_refusal) &&
	    !ov->group_refusal[0])
		snprintf(ov->group_refusal, sizeof ov->group_refusal,
			 "no Line Command now");
	ov->mode = g->ord.moving		? OV_ORDER
		   : g->ord.mode == ORD_LINE ? OV_LINE
					     : OV_NONE;
	if (ov->mode == OV_ORDER)
		mover(g, ov);
	if (ov->mode == OV_NONE || !steps)
		return;
	struct decision_answer *legal = malloc(sizeof *legal * LEGAL_MAX);
	if (!legal)
		return;
	int nl = seq_legal(g, legal, LEGAL_MAX);
	for (int i = 0; i < nl; i++)
		if (ov->mode == OV_ORDER)
			add_step(g, ov, legal[i].line);
		else
			pick_of(g, ov, legal[i].line);
	free(legal);
}

bool spqr_step_preview(const struct game *g, struct hex a, struct hex b,
		       struct step_preview *out)
{
	struct move_preview p;
	memset(out, 0, sizeof *out);
	out->allowed = orders_step_preview(g, a, b, &p);
	out->mp = p.mp;
	out->hits = p.hits;
	out->mp_left = p.mp_left;
	out->stops = p.stops;
	out->may_check = p.may_check;
	snprintf(out->rule, sizeof out->rule, "%s", p.rule ? p.rule : "6.2");
	snprintf(out->reason, sizeof out->reason, "%s", p.reason);
	return out->allowed;
}

int spqr_pieces_at(const struct game *g, struct hex h,
		   char (*ids)[MODE_ID_MAX], int max)
{
	int n = 0;
	if (!g)
		return 0;
	/* the units in unit order, then the leaders */
	for (int i = 0; i < g->nunits && n < max; i++) {
		const struct unit *u = &g->units[i];
		if (u->on_map && !u->eliminated && !u->off_map &&
		    footprint_occupies(&u->at, h))
			snprintf(ids[n++], MODE_ID_MAX, "%s", u->id);
	}
	for (int i = 0; i < g->nleaders && n < max; i++) {
		const struct leader *l = &g->leaders[i];
		if (l->on_map && !l->killed && l->available && hex_eq(l->hex, h))
			snprintf(ids[n++], MODE_ID_MAX, "%s", l->id);
	}
	return n;
}

/* ---- the game as a whole ---- */

static const char *phase_words(enum phase p)
{
	static const char *const names[PHASE_COUNT] = {
		"A Leader Activation", "B1 Movement & Missile",
		"B2 Shock",	       "C Momentum",
		"D Rout & Reload",     "E Withdrawal",
		"battle over"};
	return (int)p >= 0 && p < PHASE_COUNT ? names[p] : "?";
}

static const char *side_words(const struct game *g, int side)
{
	const struct battle *b = g->battle;
	if (side < 0 || side > 1)
		return "either side";
	if (b && b->sides[side].name[0])
		return b->sides[side].name;
	return side ? "side 1" : "side 0";
}

/* Whose decision is pending, in words: the step with the leader it
 * concerns and the number of legal actions; before the first decision
 * (3.0) and after the end (11.2) what stands instead. */
static void pending_words(const struct game *g, enum seq_step st, char *buf,
			  size_t n)
{
	if (st == SEQ_NONE) {
		snprintf(buf, n, "no decision yet: continue goes on (3.0)");
		return;
	}
	if (st == SEQ_OVER) {
		int res = g->seq.result;
		if (res == RESULT_SIDE0 || res == RESULT_SIDE1)
			snprintf(buf, n, "battle over: %s wins (11.2)",
				 side_words(g, res == RESULT_SIDE0 ? 0 : 1));
		else if (res == RESULT_DRAW)
			snprintf(buf, n, "battle over: a draw (11.2)");
		else
			snprintf(buf, n, "battle over (11.2)");
		return;
	}
	static const char *const words[SEQ_STEP_COUNT] = {
		[SEQ_ELITE] = "elite initiative",
		[SEQ_ACTIVATE] = "activation",
		[SEQ_TRUMP_REPLY] = "trump reply",
		[SEQ_ORDERS] = "orders",
		[SEQ_MOMENTUM] = "momentum",
		[SEQ_REACTIVATE] = "re-activation",
		[SEQ_ROUT] = "rout move",
		[SEQ_REACTION] = "reaction",
		[SEQ_SHOCK] = "shock",
		[SEQ_ELEPHANT] = "elephant leaders",
	};
	const char *what = (unsigned)st < SEQ_STEP_COUNT && words[st]
				   ? words[st]
				   : seq_step_name(st);
	char who[80] = "";
	int a = g->active_leader;
	if ((st == SEQ_ORDERS || st == SEQ_MOMENTUM) && a >= 0 &&
	    a < g->nleaders)
		snprintf(who, sizeof who, " (%s)", g->leaders[a].name);
	else if (st == SEQ_TRUMP_REPLY && g->seq.trumped >= 0 &&
		 g->seq.trumped < g->nleaders)
		snprintf(who, sizeof who, " (against %s)",
			 g->leaders[g->seq.trumped].name);
	struct decision_answer *acts = calloc(LEGAL_MAX, sizeof *acts);
	struct decision d;
	decision_init(&d, acts, acts ? LEGAL_MAX : 0);
	if (acts)
		gboh_decision(g, &d);
	else
		d.side = seq_decision_side(g); /* the count unknown: 0 */
	free(acts);
	snprintf(buf, n, "%s: %s%s - %d legal action%s", side_words(g, d.side),
		 what, who, d.n, d.n == 1 ? "" : "s");
}

void spqr_play_view(const struct game *g, struct play_view *pv, bool words)
{
	memset(pv, 0, sizeof *pv);
	pv->side = -1;
	pv->active_hex = HEX_NONE;
	snprintf(pv->battle, sizeof pv->battle, "?");
	if (!g)
		return;
	const struct battle *b = g->battle;
	if (b)
		snprintf(pv->battle, sizeof pv->battle, "%s", b->name);
	pv->kind = (int)g->kind;
	pv->turn = g->turn;
	pv->turn_limit = b && b->turn_limit > 0 ? b->turn_limit : 0;
	snprintf(pv->phase, sizeof pv->phase, "%s", phase_words(g->phase));
	enum seq_step st = seq_step_now(g);
	pv->over = st == SEQ_OVER;
	pv->side = seq_decision_side(g);
	snprintf(pv->step, sizeof pv->step, "%s", seq_step_name(st));
	int a = g->active_leader;
	if (a >= 0 && a < g->nleaders) {
		const struct leader *l = &g->leaders[a];
		snprintf(pv->active, sizeof pv->active, "%s", l->id);
		if (l->on_map)
			pv->active_hex = l->hex;
	}
	if (words)
		pending_words(g, st, pv->pending, sizeof pv->pending);
}

/* ---- the Shock segment ---- */

static bool designating(const struct game *g)
{
	return g->phase != PHASE_OVER && g->shock.step == SHS_DESIGNATE &&
	       g->shock.ask == SHA_DESIGNATE;
}

/* 8.42: an enemy combat unit stands in u's ZOC, one it may attack (9.15
 * bars some): the engine's own predicates. */
static bool has_target(const struct game *g, int u)
{
	for (int e = 0; e < g->nunits; e++)
		if (shock_in_zoc(g, u, e) && !elcav_attack_barred(g, u, e))
			return true;
	return false;
}

/* Whether unit u of the attacking side may still be put in a combat;
 * *must: it has to be (7.31, 7.32 Shock Must Check; 10.41 Engaged). */
static bool markable(const struct game *g, int u, bool *must)
{
	const struct unit *un = &g->units[u];
	*must = false;
	if (!designating(g) || un->side != g->shock.ask_side ||
	    !game_unit_in_play(un) || g->shock.attacked[u])
		return false;
	enum shock_claim c = shock_claim_of(g, u, NULL, NULL);
	if (c == SC_NONE || !has_target(g, u))
		return false;
	*must = c == SC_MUST || c == SC_ENGAGED;
	return true;
}

static void unit_hexes(const struct unit *u, struct hex h[2])
{
	h[0] = u->at.hex[0];
	h[1] = footprint_two_hex(&u->at) ? u->at.hex[1] : HEX_NONE;
}

void spqr_shock_view(const struct game *g, struct shock_view *sv)
{
	memset(sv, 0, sizeof *sv);
	sv->side = -1;
	sv->ask_combat = -1;
	sv->att_max = SHOCK_UNITS_MAX;
	if (!g)
		return;
	const struct shock_state *s = &g->shock;
	sv->designating = designating(g);
	sv->side = sv->designating ? s->ask_side : -1;
	sv->over = g->phase == PHASE_OVER || g->seq.result != RESULT_NONE;
	sv->segment = s->step != SHS_NONE;
	if (s->step != SHS_NONE && s->ask != SHA_NONE)
		sv->ask_combat = s->ask_combat;
	sv->ncards = card_shock_count(g);
	sv->events = g->events.n;
	_Static_assert(SHOCK_UNITS_MAX <= MODE_COMBAT_UNITS_MAX,
		       "room for one side of a combat");
	sv->att_max = SHOCK_UNITS_MAX;
	for (int u = 0; u < g->nunits && sv->nmarks < MODE_MARKS_MAX; u++) {
		bool must;
		if (!markable(g, u, &must))
			continue;
		struct shock_mark *m = &sv->mark[sv->nmarks++];
		snprintf(m->id, sizeof m->id, "%s", g->units[u].id);
		unit_hexes(&g->units[u], m->hex);
		m->must = must;
	}
}

static int combat_of(const struct shock_state *s, int u, bool att)
{
	for (int i = 0; i < s->ncombats; i++) {
		const struct shock_combat *c = &s->c[i];
		int n = att ? c->natt : c->ndef;
		const uint8_t *in = att ? c->att : c->def;
		for (int k = 0; k < n; k++)
			if (in[k] == u)
				return i;
	}
	return -1;
}

bool spqr_shock_piece(const struct game *g, const char *id,
		      struct shock_piece *p)
{
	memset(p, 0, sizeof *p);
	p->attacks = p->defends = -1;
	int u = -1;
	for (int i = 0; g && id && i < g->nunits && u < 0; i++)
		if (!strcmp(g->units[i].id, id))
			u = i;
	if (u < 0)
		return false;
	const struct unit *un = &g->units[u];
	const struct shock_state *s = &g->shock;
	snprintf(p->id, sizeof p->id, "%s", un->id);
	p->side = un->side;
	p->in_play = game_unit_in_play(un);
	unit_hexes(un, p->hex);
	p->markable = markable(g, u, &p->must);
	const char *rule = NULL, *why = NULL;
	p->can_shock = shock_claim_of(g, u, &rule, &why) != SC_NONE;
	snprintf(p->rule, sizeof p->rule, "%s", rule ? rule : "7.33");
	snprintf(p->why, sizeof p->why, "%s", why ? why : "not eligible");
	if (s->attacked[u])
		p->attacks = combat_of(s, u, true);
	if (s->defended[u])
		p->defends = combat_of(s, u, false);
	for (int e = 0; e < g->nunits && p->nzoc < MODE_ZOC_MAX; e++)
		if (shock_in_zoc(g, u, e) && !elcav_attack_barred(g, u, e)) {
			snprintf(p->zoc[p->nzoc], MODE_ID_MAX, "%s",
				 g->units[e].id);
			p->zoc_defended[p->nzoc++] = s->defended[e];
		}
	return true;
}

int spqr_shock_asked(const struct game *g, size_t since)
{
	const struct shock_state *s = &g->shock;
	if (s->step == SHS_NONE || s->ask == SHA_NONE ||
	    s->ask == SHA_DESIGNATE || s->ask_combat < 0 ||
	    s->ask_combat >= card_shock_count(g))
		return -1;
	for (size_t i = since; i < g->events.n; i++)
		if (!strcmp(event_log_kind(&g->events, i), "shock_ask"))
			return s->ask_combat;
	return -1;
}

int spqr_card(const struct game *g, enum mode_card kind, int n, size_t since,
	      struct card *c, int *fresh)
{
	int scratch = 0;
	switch (kind) {
	case MODE_CARD_SHOCK:
		return card_shock_fresh(g, n, c, since,
					fresh ? fresh : &scratch);
	case MODE_CARD_LEADERS:
		return card_leaders(g, n, c);
	case MODE_CARD_SEQUENCE:
		return card_sequence(g, c);
	case MODE_CARD_END:
		return card_end(g, c);
	}
	return -1;
}

int spqr_card_touched(const struct game *g, size_t since,
		      struct card *scratch)
{
	return card_shock_first_touched(g, since, scratch);
}
