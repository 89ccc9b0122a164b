/* pending.c — the pending decision as data (pending.h). */
#include "maniple/pending.h"

#include "maniple/footprint.h"

#include <stdio.h>
#include <string.h>

#include "maniple/elcmd.h"
#include "maniple/passthru.h"
#include "maniple/shock_preview.h"
#include "maniple/pursuit.h"
#include "maniple/rampage.h"
#include "maniple/reactions.h"
#include "maniple/rout.h"
#include "maniple/sequence.h"
#include "maniple/shock.h"

bool gboh_decision_is_answer(const struct game *g)
{
	if (!g)
		return false;
	switch (seq_step_now(g)) {
	case SEQ_ELITE:	      /* 5.51 */
	case SEQ_ACTIVATE:    /* 5.12, 5.15, 5.41 */
	case SEQ_TRUMP_REPLY: /* 5.42 */
	case SEQ_MOMENTUM:    /* 5.31 */
	case SEQ_REACTIVATE:  /* 5.33 */
	case SEQ_ROUT:	      /* 10.22, 10.26 */
	case SEQ_REACTION:    /* 6.5, 7.15, 7.16, 4.72, 7.32, 8.2, 9.67 */
	case SEQ_ELEPHANT:    /* 4.91, 4.94 */
		return true;
	case SEQ_SHOCK:
		/* 8.41: designating the attacks is the attacker's free play */
		return g->shock.ask != SHA_DESIGNATE;
	case SEQ_ORDERS:
		/* 8.64: where the regrouping cavalry comes back is a choice */
		return g->ord.regroup;
	default:
		return false;
	}
}

static const char *leader_name(const struct game *g, int i)
{
	return i >= 0 && i < g->nleaders ? g->leaders[i].name : "?";
}

/* The reactions by the rule of the offer first open (reactions.c). */
static const char *reaction_words(const char *rule)
{
	static const struct {
		const char *rule, *words;
	} names[] = {
		{"7.31", "Shock Must Check marker"},
		{"7.32", "Shock Must Check marker"},
		{"6.5", "Orderly Withdrawal"},
		{"6.51", "Orderly Withdrawal"},
		{"6.52", "Orderly Withdrawal"},
		{"6.57", "Orderly Withdrawal"},
		{"7.15", "reaction facing"},
		{"7.16", "reverse facing"},
		{"4.72", "leader withdrawal"},
		{"6.83", "Pre-arranged Withdrawal"},
		{"8.2", "reaction fire"},
		{"8.21", "reaction fire"},
		{"8.33", "Harassment and Dispersal"},
		{"9.66", "Manipular Line Extension"},
		{"9.67", "Manipular Line Extension"},
		{"9.14", "withdrawal from a rampage"},
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (!strcmp(rule, names[i].rule))
			return names[i].words;
	return "reaction";
}

/* The rule of the owing side's first answer (else the first answer's),
 * "3.0" with none: the rule of a decision no step names better. */
static const char *first_rule(const struct decision *d)
{
	for (int i = 0; i < d->n; i++)
		if (decision_answer_for(&d->ans[i], d->side))
			return d->ans[i].rule;
	return d->n > 0 ? d->ans[0].rule : "3.0";
}

/* 5.42: "may trump X (Hannibal 80%), or let him go": each leader the
 * answers name with the odds of his trump roll (seq_trump_odds). */
static void trump_detail(const struct game *g, struct decision *d)
{
	char odds[DECISION_DETAIL_MAX] = "";
	size_t len = 0;
	for (int k = 0; k < d->n; k++) {
		const char *line = d->ans[k].line;
		if (strncmp(line, "trump ", 6) != 0)
			continue;
		for (int i = 0; i < g->nleaders; i++) {
			if (strcmp(line + 6, g->leaders[i].id) != 0)
				continue;
			struct odds o;
			seq_trump_odds(g, i, &o);
			int w = snprintf(odds + len, sizeof odds - len,
					 "%s%s %d%%", len ? ", " : " (",
					 leader_name(g, i),
					 odds_percent(&o, "success"));
			if (w > 0 && (size_t)w < sizeof odds - len)
				len += (size_t)w;
		}
	}
	int w = snprintf(d->detail, sizeof d->detail,
			 "may trump %s%s%s, or let him go",
			 leader_name(g, g->seq.trumped), odds, len ? ")" : "");
	if (w >= (int)sizeof d->detail) /* long names: show it was cut */
		memcpy(d->detail + sizeof d->detail - 4, "...", 4);
}

/* The decision in words, its rule and a line about it. */
static void name_decision(const struct game *g, enum seq_step step,
			  struct decision *d)
{
	const char *what = "decision";
	const char *rule = first_rule(d);
	d->detail[0] = '\0';
	switch (step) {
	case SEQ_ELITE:
		what = "elite initiative";
		rule = "5.51";
		break;
	case SEQ_ACTIVATE:
		what = "activation";
		rule = "5.12";
		break;
	case SEQ_TRUMP_REPLY:
		what = "trump reply";
		rule = "5.42";
		trump_detail(g, d);
		break;
	case SEQ_MOMENTUM:
		what = "momentum";
		rule = "5.31";
		if (g->active_leader >= 0 && g->active_leader < g->nleaders) {
			struct odds o; /* 5.32, 5.33: the roll's own odds */
			seq_momentum_odds(g, g->active_leader, &o);
			snprintf(d->detail, sizeof d->detail,
				 "another Orders Phase for %s? %d%% success, "
				 "%d%% Doom",
				 leader_name(g, g->active_leader),
				 odds_percent(&o, "success"),
				 odds_percent(&o, "doom"));
		}
		break;
	case SEQ_REACTIVATE:
		what = "re-activation";
		rule = "5.33";
		break;
	case SEQ_ROUT:
		what = "rout move";
		rout_pending_text(g, d->detail, sizeof d->detail);
		break;
	case SEQ_REACTION:
		if (rampage_waiting(g)) {
			what = "withdrawal from a rampage";
			rampage_pending_text(g, d->detail, sizeof d->detail);
		} else if (reactions_pending(g)) {
			rule = reactions_pending_rule(g);
			what = reaction_words(rule);
			reactions_pending_text(g, d->detail, sizeof d->detail);
			/* the chance and the cost of taking it */
			size_t len = strlen(d->detail);
			if (len + 3 < sizeof d->detail) {
				memcpy(d->detail + len, "; ", 3);
				reactions_pending_odds(g, d->detail + len + 2,
						       sizeof d->detail - len -
							       2);
				if (!d->detail[len + 2])
					d->detail[len] = '\0';
			}
		} else {
			what = reaction_words(rule);
		}
		break;
	case SEQ_SHOCK:
		switch (g->shock.ask) {
		case SHA_ENGAGED:
			what = "disengage";
			rule = "10.42";
			break;
		case SHA_CLASH_DEFENDER:
		case SHA_CLASH_ATTACKER:
			what = "clash of the leading units";
			rule = "8.45";
			break;
		case SHA_HITS:
			what = "hits to share out";
			rule = "10.13";
			break;
		case SHA_ADVANCE:
			what = "advance after combat";
			rule = "8.5";
			break;
		case SHA_PURSUIT:
			what = "cavalry pursuit";
			rule = "8.61";
			break;
		case SHA_PASSTHRU:
		case SHA_PASSTHRU_PLACE:
			what = "elephant Pass-Thru";
			rule = "9.11";
			break;
		default:
			what = "shock";
			break;
		}
		if (g->shock.ask_combat >= 0) {
			int u = g->shock.ask_unit;
			snprintf(d->detail, sizeof d->detail,
				 "shock combat %d%s%s", g->shock.ask_combat + 1,
				 u >= 0 ? ": " : "",
				 u >= 0 && u < g->nunits ? g->units[u].id : "");
			/* 8.62, 9.11: the chances the answer decides */
			size_t len = strlen(d->detail);
			char *tail = d->detail + len + 2;
			size_t room = sizeof d->detail - len - 2;
			if (len + 3 < sizeof d->detail &&
			    ((g->shock.ask == SHA_PURSUIT &&
			      pursuit_odds_text(g, tail, room) > 0) ||
			     (g->shock.ask == SHA_PASSTHRU &&
			      passthru_odds_brief(g, tail, room) > 0)))
				memcpy(d->detail + len, "; ", 2);
			else
				d->detail[len] = '\0';
		}
		break;
	case SEQ_ELEPHANT:
		what = "elephant leaders";
		rule = "4.91";
		elcmd_pending_text(g, d->detail, sizeof d->detail);
		break;
	case SEQ_ORDERS:
		if (g->ord.regroup) {
			what = "Regroup and Return";
			rule = "8.64";
			snprintf(d->detail, sizeof d->detail,
				 "where the cavalry off the map comes back");
		} else {
			what = "orders";
			rule = "5.2";
		}
		break;
	default:
		break;
	}
	snprintf(d->what, sizeof d->what, "%s", what);
	snprintf(d->rule, sizeof d->rule, "%s", rule);
}

static void about_unit(const struct game *g, int u, struct decision *d)
{
	if (u < 0 || u >= g->nunits)
		return;
	const struct unit *un = &g->units[u];
	decision_about(d, un->at.hex[0]);
	if (footprint_two_hex(&un->at))
		decision_about(d, un->at.hex[1]);
}

/* The pieces the decision is about: a reaction's reacting units and the
 * mover that raised it (6.5, 7.15, 8.2 ...), the unit a shock decision
 * asks about. */
static void about(const struct game *g, enum seq_step step,
		  struct decision *d)
{
	if (step == SEQ_REACTION) {
		const struct reaction_state *r = &g->react;
		about_unit(g, r->trigger, d);
		for (int i = 0; i < r->noffers; i++) {
			const struct reaction_offer *o = &r->offers[i];
			if (o->state == RO_DONE)
				continue;
			about_unit(g, o->unit, d);
			if (o->leader >= 0 && o->leader < g->nleaders)
				decision_about(d, g->leaders[o->leader].hex);
		}
	} else if (step == SEQ_SHOCK) {
		about_unit(g, g->shock.ask_unit, d);
	}
}

void gboh_decision(const struct game *g, struct decision *d)
{
	decision_init(d, d->ans, d->max);
	if (!g)
		return;
	enum seq_step step = seq_step_now(g);
	d->side = seq_decision_side(g);
	d->answer = gboh_decision_is_answer(g);
	if (step == SEQ_SHOCK)
		snprintf(d->kind, sizeof d->kind, "shock.%s",
			 shock_ask_name(g->shock.ask));
	else
		snprintf(d->kind, sizeof d->kind, "%s", seq_step_name(step));
	d->n = seq_legal(g, d->ans, d->max);
	name_decision(g, step, d);
	about(g, step, d);
	/* its rules in the book of the game (rule_numbers.h) */
	game_cite(g, d->rule, sizeof d->rule);
	game_cite_text(g, d->detail, sizeof d->detail);
	for (int i = 0; i < d->n; i++)
		game_cite(g, d->ans[i].rule, sizeof d->ans[i].rule);
}
