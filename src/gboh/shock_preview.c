/* shock_preview.c — a shock combat's consequences before it is fought
 * (shock_preview.h), on a copy of the game. */
#include "maniple/shock_preview.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/cmd.h"
#include "maniple/gba_breakthrough.h"
#include "maniple/passthru.h"
#include "maniple/rout.h"
#include "maniple/shock.h"
#include "maniple/shock_designate.h"
#include "maniple/shock_resolve.h"
#include "maniple/tables.h"

/* 8.45, 8.46: combat ci of the copy cp, its pairing set as the clash
 * would set it, read into p. */
static bool read_combat(struct game *cp, int ci, struct shock_preview *p)
{
	memset(p, 0, sizeof *p);
	if (!shock_clash_default(cp, ci) ||
	    !shock_combat_terms(cp, ci, &p->column, &p->superiority) ||
	    !shock_combat_odds(cp, ci, &p->odds))
		return false;
	const struct shock_combat *c = &cp->shock.c[ci];
	snprintf(p->att, sizeof p->att, "%s", cp->units[c->att[c->clash_att]].id);
	snprintf(p->def, sizeof p->def, "%s", cp->units[c->def[c->clash_def]].id);
	shock_breakthrough_odds(cp, ci, p->breakthrough); /* GBA 8.37 */
	/* 8.43: the checks the Charge step would roll, attackers first */
	for (int role = 0; role < 2; role++)
		for (int k = 0; k < (role ? c->ndef : c->natt); k++) {
			struct shock_preview_check *pc = &p->check[p->nchecks];
			if (p->nchecks >= SHOCK_PREVIEW_CHECKS_MAX ||
			    !shock_charge_odds(cp, ci, role, k, &pc->odds))
				continue;
			snprintf(pc->unit, sizeof pc->unit, "%s",
				 cp->units[role ? c->def[k] : c->att[k]].id);
			pc->role = role;
			p->nchecks++;
		}
	return true;
}

bool shock_preview_combat(const struct game *g, int ci,
			  struct shock_preview *p)
{
	memset(p, 0, sizeof *p);
	if (!g || ci < 0 || ci >= g->shock.ncombats || g->shock.c[ci].resolved)
		return false;
	struct game *cp = game_copy_for_search(g, 1);
	if (!cp)
		return false;
	bool ok = read_combat(cp, ci, p);
	event_log_free(&cp->events);
	free(cp);
	return ok;
}

bool shock_preview_designation(const struct game *g, const char *att,
			       const char *def, struct shock_preview *p)
{
	memset(p, 0, sizeof *p);
	if (!g || !att || !def)
		return false;
	struct game *cp = game_copy_for_search(g, 1);
	if (!cp)
		return false;
	struct cmd_result r;
	cmd_result_init(&r);
	int ci = shock_designate_pair(cp, att, def, &r);
	bool ok = ci >= 0 && read_combat(cp, ci, p);
	cmd_result_free(&r);
	event_log_free(&cp->events);
	free(cp);
	return ok;
}

/* Appends "; " (not first) and item to out when it fits with room for a
 * closing note; false when not. */
static bool append(char *out, size_t n, size_t *len, const char *item)
{
	const size_t note = 32; /* "; ... 12 more: show shock" */
	size_t add = strlen(item) + (*len ? 2 : 0);
	if (*len + add + note >= n)
		return false;
	*len += (size_t)snprintf(out + *len, n - *len, "%s%s", *len ? "; " : "",
				 item);
	return true;
}

bool shock_preview_clash(const struct game *g, const char *unit,
			 struct shock_preview *p)
{
	memset(p, 0, sizeof *p);
	if (!g || !unit || (g->shock.ask != SHA_CLASH_DEFENDER &&
			    g->shock.ask != SHA_CLASH_ATTACKER))
		return false;
	int ci = g->shock.ask_combat;
	if (ci < 0 || ci >= g->shock.ncombats)
		return false;
	bool defender = g->shock.ask == SHA_CLASH_DEFENDER;
	const struct shock_combat *c = &g->shock.c[ci];
	int slot = -1, n = defender ? c->ndef : c->natt;
	for (int k = 0; k < n; k++)
		if (!strcmp(g->units[defender ? c->def[k] : c->att[k]].id, unit))
			slot = k;
	if (slot < 0)
		return false;
	struct game *cp = game_copy_for_search(g, 1);
	if (!cp)
		return false;
	if (defender)
		cp->shock.c[ci].clash_def = (int8_t)slot;
	else
		cp->shock.c[ci].clash_att = (int8_t)slot;
	bool ok = read_combat(cp, ci, p);
	event_log_free(&cp->events);
	free(cp);
	return ok;
}

/* 8.45: each `clash UNIT` answer of the clash asked now, told. */
static int clash_choices(const struct game *g, char *out, size_t n,
			 size_t *len, int *left)
{
	struct decision_answer a[SHOCK_UNITS_MAX * 2];
	int na = shock_legal(g, a, SHOCK_UNITS_MAX * 2);
	int told = 0;
	char item[SHOCK_PREVIEW_ITEM_MAX + 320], text[SHOCK_PREVIEW_ITEM_MAX];
	for (int k = 0; k < na; k++) {
		char unit[128];
		struct shock_preview p;
		if (sscanf(a[k].line, "clash %127s", unit) != 1 ||
		    !shock_preview_clash(g, unit, &p))
			continue;
		shock_preview_text(&p, text, sizeof text);
		snprintf(item, sizeof item, "clash %s puts %s", unit, text);
		if (!*left && append(out, n, len, item))
			told++;
		else
			(*left)++;
	}
	return told;
}

int shock_preview_segment(const struct game *g, char *out, size_t n)
{
	if (!n)
		return 0;
	out[0] = '\0';
	if (!g || !shock_under_way(g))
		return 0;
	size_t len = 0;
	int told = 0, left = 0;
	char item[SHOCK_PREVIEW_ITEM_MAX + 320], text[SHOCK_PREVIEW_ITEM_MAX];
	struct shock_preview p;
	if (g->shock.ask == SHA_CLASH_DEFENDER ||
	    g->shock.ask == SHA_CLASH_ATTACKER)
		told += clash_choices(g, out, n, &len, &left);
	for (int ci = 0; ci < g->shock.ncombats; ci++) {
		if ((g->shock.ask == SHA_CLASH_DEFENDER ||
		     g->shock.ask == SHA_CLASH_ATTACKER) &&
		    ci == g->shock.ask_combat)
			continue; /* its choices told above */
		if (!shock_preview_combat(g, ci, &p))
			continue;
		shock_preview_text(&p, text, sizeof text);
		snprintf(item, sizeof item, "Combat %d puts %s", ci + 1, text);
		if (!left && append(out, n, &len, item))
			told++;
		else
			left++;
	}
	struct decision_answer a[64];
	int na = g->shock.step == SHS_DESIGNATE ? shock_designate_legal(g, a, 64)
						: 0;
	for (int k = 0; k < na; k++) {
		char att[128], def[128];
		if (sscanf(a[k].line, "designate %127s %127s", att, def) != 2 ||
		    !strcmp(att, "cancel") ||
		    !shock_preview_designation(g, att, def, &p))
			continue;
		shock_preview_text(&p, text, sizeof text);
		snprintf(item, sizeof item, "designate %s %s puts %s", att, def,
			 text);
		if (!left && append(out, n, &len, item))
			told++;
		else
			left++;
	}
	if (left)
		snprintf(out + len, n - len, "; ... %d more: show shock", left);
	return told;
}

void shock_preview_text(const struct shock_preview *p, char *out, size_t n)
{
	if (!n)
		return;
	const char *sup = p->superiority == SUP_NONE
				  ? "no superiority"
				  : superiority_name(
					    (enum superiority)p->superiority);
	size_t len = (size_t)snprintf(out, n,
				      "%s on %s at column %d with %s: hits "
				      "attacker(defender)",
				      p->att, p->def, p->column, sup);
	for (int i = 0; i < p->odds.n && len < n; i++)
		len += (size_t)snprintf(
			out + len, n - len, "%s %s %d%%", i ? "," : "",
			p->odds.out[i].name,
			odds_percent(&p->odds, p->odds.out[i].name));
	/* GBA 8.37: the Breakthrough's 2 hits after the roll */
	for (int role = 0; role < 2 && len < n; role++)
		if (p->breakthrough[role])
			len += (size_t)snprintf(
				out + len, n - len, "%s%d hits (GBA 8.37): %s %d%%",
				role && p->breakthrough[0]
					? ", "
					: "; Breakthrough +",
				GBA_BREAKTHROUGH_HITS,
				role ? "defender" : "attacker",
				p->breakthrough[role]);
	if (len < n && !p->nchecks)
		len += (size_t)snprintf(out + len, n - len, " (no 8.43 check)");
	for (int i = 0; i < p->nchecks && len < n; i++) {
		const struct odds *o = &p->check[i].odds;
		int lo = 0, hi = 0;
		for (int k = 0; k < o->n; k++)
			if (o->out[k].value > 0) {
				if (!lo || o->out[k].value < lo)
					lo = o->out[k].value;
				if (o->out[k].value > hi)
					hi = o->out[k].value;
			}
		char span[64] = "";
		if (hi > lo)
			snprintf(span, sizeof span, " else %d-%d hits", lo, hi);
		else if (hi)
			snprintf(span, sizeof span, " else %d hit%s", hi,
				 hi > 1 ? "s" : "");
		len += (size_t)snprintf(out + len, n - len, "%s%s passes %d%%%s%s",
					i ? ", " : " (8.43 checks first: ",
					p->check[i].unit,
					odds_percent(o, "0 hits"), span,
					i + 1 == p->nchecks ? ")" : "");
	}
}

/* ------------------------------------------------ 9.11 Pass-Thru odds */

/* 9.11 #1: the infantry of combat ci's Pre-Shock check standing and
 * with the +1 a Pass-Thru puts on it, both read through the Charge
 * step's own check (the second on a copy that has elected it); false
 * when it makes none */
static bool charge_odds_both(const struct game *g, int ci, struct odds *stand,
			     struct odds *let)
{
	if (!shock_charge_odds(g, ci, 1, 0, stand))
		return false;
	struct game *cp = game_copy_for_search(g, 1);
	if (!cp)
		return false;
	cp->shock.c[ci].passthru = PT_ELECTED;
	bool ok = shock_charge_odds(cp, ci, 1, 0, let);
	event_log_free(&cp->events);
	free(cp);
	return ok;
}

/* passthru_odds_text, or passthru_odds_brief when brief */
static int passthru_words(const struct game *g, bool brief, char *out,
			  size_t n)
{
	if (!n)
		return 0;
	out[0] = '\0';
	const struct shock_state *s = g ? &g->shock : NULL;
	if (!s || s->ask != SHA_PASSTHRU || !(s->ask_combat >= 0 && s->ask_combat < s->ncombats))
		return 0;
	int ci = s->ask_combat;
	const struct unit *inf = &g->units[g->shock.c[ci].def[0]];
	struct odds stand, let, after;
	char a[160] = "", b[160] = "", c[160] = "";
	size_t len = 0;
	if (charge_odds_both(g, ci, &stand, &let)) {
		odds_list(&stand, a, sizeof a);
		odds_list(&let, b, sizeof b);
		int w = brief ? snprintf(out, n,
					 "%s passes its Pre-Shock check %d%% "
					 "standing, %d%% letting it through "
					 "(8.43, 9.11 #1)",
					 inf->id, odds_percent(&stand, "0 hits"),
					 odds_percent(&let, "0 hits"))
			      : snprintf(out, n,
					 "%s's Pre-Shock check (8.43) standing: "
					 "%s; letting it through (+1, 9.11 #1): "
					 "%s.",
					 inf->id, a, b);
		len = w < 0 ? 0 : (size_t)w < n ? (size_t)w : n - 1;
	}
	/* 9.11 #4: the check after the elephant has gone through */
	if (len + 1 < n && !unit_has(g, inf, TRAIT_SKIRMISHER)) {
		tq_check_odds(g, inf, 0, &after);
		odds_list(&after, c, sizeof c);
		if (brief)
			snprintf(out + len, n - len,
				 "%sthrough, no hit on its Pass-Thru check "
				 "%d%% (9.11 #4)",
				 len ? "; " : "", odds_percent(&after, "0 hits"));
		else
			snprintf(out + len, n - len,
				 "%sThrough, its shock hits are halved, the "
				 "elephant's 1 less (9.11 #2), then a Pass-Thru "
				 "check (9.11 #4): %s.",
				 len ? " " : "", c);
	}
	return out[0] ? 1 : 0;
}

int passthru_odds_text(const struct game *g, char *out, size_t n)
{
	return passthru_words(g, false, out, n);
}

int passthru_odds_brief(const struct game *g, char *out, size_t n)
{
	return passthru_words(g, true, out, n);
}
