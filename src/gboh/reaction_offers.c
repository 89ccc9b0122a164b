/* reaction_offers.c — the reactions' offers as state (reactions.h): the
 * list of open offers, who owes the decision, adding and closing one, and
 * the state text.  The bottom of the reactions: the kinds of reaction
 * (withdrawals, fire, harassment, the MLE...) add their offers here, and
 * reactions.c, above them all, collects and answers them
 * (doc/architecture.md). */
#include "maniple/reactions.h"

#include <stdio.h>
#include <string.h>

#include "maniple/game.h"

static const char *const kind_names[RK_COUNT] = {
	"none",	   "shock_mark",      "withdraw",    "face",
	"reverse", "leader_withdraw", "prearranged", "fire",
	"hd",
	[RK_MLE] = "mle",
};

static const char *const kind_rules[RK_COUNT] = {
	"-", "7.32", "6.5", "7.15", "7.16", "4.72", "6.83", "8.2", "8.33",
	[RK_MLE] = "9.67",
};

const char *reaction_kind_name(int k)
{
	return k >= 0 && k < RK_COUNT ? kind_names[k] : "?";
}

const char *reaction_kind_rule(int k)
{
	return k > 0 && k < RK_COUNT ? kind_rules[k] : "7.15";
}

void reaction_state_init(struct reaction_state *s)
{
	memset(s, 0, sizeof *s);
	s->trigger = s->taken = -1;
	s->moving = -1;
	s->moving_was.hex[0] = s->moving_was.hex[1] = HEX_NONE;
}

const char *reaction_offer_who(const struct game *g,
			       const struct reaction_offer *o)
{
	if (o->unit >= 0 && o->unit < g->nunits)
		return g->units[o->unit].id;
	if (o->leader >= 0 && o->leader < g->nleaders)
		return g->leaders[o->leader].id;
	return "-";
}

static void list_marks(const struct game *g, FILE *f, const char *key,
		       const bool *set)
{
	bool any = false;
	for (int i = 0; i < g->nunits; i++)
		if (set[i]) {
			fprintf(f, "%s%s", any ? "," : key, g->units[i].id);
			any = true;
		}
}

void reaction_state_text(const struct game *g, FILE *f)
{
	const struct reaction_state *s = &g->react;
	fprintf(f, "reactions trigger=%s taken=%d offers=%d",
		s->trigger >= 0 && s->trigger < g->nunits
			? g->units[s->trigger].id
			: "-",
		s->taken, s->noffers);
	for (int i = 0; i < s->noffers; i++) {
		const struct reaction_offer *o = &s->offers[i];
		fprintf(f, " %s:%s:%d:%d:%d:%d", reaction_kind_name(o->kind),
			reaction_offer_who(g, o), o->side, o->state, o->mp, o->used);
	}
	/* printed only when set, so a phase without reactions reads as
	 * before */
	if (s->moving >= 0 && s->moving < g->nunits) {
		char a[8], b[8];
		hex_format(s->moving_was.hex[0], a, sizeof a);
		hex_format(s->moving_was.hex[1], b, sizeof b);
		fprintf(f, " moving=%s was=%s%s%s/%d entered=%d",
			g->units[s->moving].id, a,
			hex_is_none(s->moving_was.hex[1]) ? "" : ",",
			hex_is_none(s->moving_was.hex[1]) ? "" : b,
			s->moving_was.facing, s->entered);
	}
	list_marks(g, f, " faced=", s->faced);
	list_marks(g, f, " contact=", s->contact);
	fputc('\n', f);
}

/* ---- the window ---- */

/* The offer that decides who owes the decision: the moving side's
 * RK_SHOCK_MARK first, then an offer under way, then the first open. */
static int first_offer(const struct game *g)
{
	const struct reaction_state *s = &g->react;
	for (int i = 0; i < s->noffers; i++)
		if (s->offers[i].state != RO_DONE &&
		    s->offers[i].kind == RK_SHOCK_MARK)
			return i;
	if (s->taken >= 0 && s->taken < s->noffers &&
	    s->offers[s->taken].state != RO_DONE)
		return s->taken;
	for (int i = 0; i < s->noffers; i++)
		if (s->offers[i].state == RO_TAKEN)
			return i;
	for (int i = 0; i < s->noffers; i++)
		if (s->offers[i].state == RO_OPEN)
			return i;
	return -1;
}

int reactions_first_offer(const struct game *g)
{
	return g ? first_offer(g) : -1;
}

int reactions_decision_side(const struct game *g)
{
	int i = first_offer(g);
	return i < 0 ? -1 : g->react.offers[i].side;
}

const char *reactions_pending_rule(const struct game *g)
{
	int i = first_offer(g);
	return i < 0 ? "7.15" : reaction_kind_rule(g->react.offers[i].kind);
}

void reactions_pending_text(const struct game *g, char *buf, size_t n)
{
	int i = first_offer(g);
	if (i < 0) {
		snprintf(buf, n, "no reaction is pending");
		return;
	}
	const struct reaction_offer *o = &g->react.offers[i];
	const char *side = g->battle && g->battle->sides[o->side].id[0]
				   ? g->battle->sides[o->side].id
				   : (o->side ? "side1" : "side0");
	switch (o->kind) {
	case RK_SHOCK_MARK:
		snprintf(buf, n,
			 "%s decides whether %s takes a Shock Must Check "
			 "marker: shock mark %s or shock none %s (7.32)",
			 side, reaction_offer_who(g, o), reaction_offer_who(g, o),
			 reaction_offer_who(g, o));
		break;
	case RK_FACE:
		snprintf(buf, n,
			 "%s may turn %s one vertex: react face %s FACING or "
			 "no reaction (7.15)",
			 side, reaction_offer_who(g, o), reaction_offer_who(g, o));
		break;
	case RK_REVERSE:
		snprintf(buf, n,
			 "%s may reverse %s's face: react reverse %s or no "
			 "reaction (7.16)",
			 side, reaction_offer_who(g, o), reaction_offer_who(g, o));
		break;
	case RK_HD:
		snprintf(buf, n,
			 "%s answers the H&D at %s: react face %s FACING, "
			 "react fire UNIT for each unit firing back, then no "
			 "reaction (8.33)",
			 side, reaction_offer_who(g, o), reaction_offer_who(g, o));
		break;
	case RK_WITHDRAW:
		if (o->must) { /* 9.16 */
			snprintf(buf, n,
				 "%s must withdraw %s from the elephant: "
				 "withdraw %s HEX (9.16)",
				 side, reaction_offer_who(g, o), reaction_offer_who(g, o));
			break;
		}
		/* fall through */
	default:
		if (o->kind == RK_LEADER_WITHDRAW && o->leader >= 0 &&
		    o->leader < g->nleaders &&
		    !leader_stacked(g, &g->leaders[o->leader])) {
			/* 4.72, 11.1: what staying costs, before it is
			 * chosen (withdrawal.c: leader_offer_end) */
			const struct leader *l = &g->leaders[o->leader];
			snprintf(buf, n,
				 "%s may withdraw %s 1 to 3 hexes: withdraw "
				 "%s HEX; no reaction leaves him alone by the "
				 "enemy: eliminated, %d rout points (4.72, "
				 "11.1)",
				 side, l->name, l->id, leader_rout_points(g, l));
			break;
		}
		snprintf(buf, n, "%s answers the %s of %s (%s): see legal",
			 side, reaction_kind_name(o->kind), reaction_offer_who(g, o),
			 reaction_kind_rule(o->kind));
		break;
	}
}

int reaction_offer_add(struct game *g, const struct reaction_offer *o)
{
	struct reaction_state *s = &g->react;
	if (s->noffers >= REACTION_OFFERS_MAX)
		return -1;
	s->offers[s->noffers] = *o;
	if (s->trigger < 0)
		s->trigger = o->trigger;
	struct event e;
	event_init(&e, "reaction_offer");
	event_add(&e, "kind", "%s", reaction_kind_name(o->kind));
	event_add(&e, o->leader >= 0 ? "leader" : "unit", "%s",
		  reaction_offer_who(g, o));
	event_add(&e, "side", "%d", o->side);
	if (o->trigger >= 0 && o->trigger < g->nunits)
		event_add(&e, "by", "%s", g->units[o->trigger].id);
	if (o->mp)
		event_add(&e, "mp", "%d", o->mp);
	event_add(&e, "rule", "%s", reaction_kind_rule(o->kind));
	game_emit(g, &e);
	return s->noffers++;
}

void reaction_offer_done(struct game *g, int i)
{
	struct reaction_state *s = &g->react;
	if (i < 0 || i >= s->noffers)
		return;
	s->offers[i].state = RO_DONE;
	if (s->taken == i)
		s->taken = -1;
	if (!reactions_pending(g)) {
		int by = s->trigger;
		s->noffers = 0;
		s->trigger = -1;
		struct event e;
		event_init(&e, "reactions_done");
		if (by >= 0 && by < g->nunits)
			event_add(&e, "mover", "%s", g->units[by].id);
		event_add(&e, "rule", "%s", reaction_kind_rule(s->offers[i].kind));
		game_emit(g, &e);
	}
}
