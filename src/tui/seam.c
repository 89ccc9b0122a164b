/* seam.c — the view's way to the rules (seam.h). */
#include "seam.h"

#include <string.h>

#include "maniple/battle.h"
#include "maniple/game.h"

const struct ruleset *tui_rules(const struct game *g)
{
	if (!g)
		return NULL;
	/* a game without a session (or a session told no list): the
	 * rules' own */
	const struct ruleset *const *known =
		g->session && session_rulesets(g->session)
			? session_rulesets(g->session)
			: gboh_rulesets();
	const struct ruleset *rs =
		ruleset_find(known, g->battle ? g->battle->ruleset : NULL);
	return rs ? rs : ruleset_find(known, NULL);
}

int tui_decision(const struct game *g, struct decision *d)
{
	const struct ruleset *rs = tui_rules(g);
	if (!rs || !rs->decide)
		return 0;
	rs->decide(g, d);
	return d->n;
}

bool tui_decision_is_answer(const struct game *g)
{
	const struct ruleset *rs = tui_rules(g);
	return rs && rs->decision_is_answer && rs->decision_is_answer(g);
}

void tui_order_view(const struct game *g, struct order_view *ov, bool steps)
{
	const struct ruleset *rs = tui_rules(g);
	if (rs && rs->order_view) {
		rs->order_view(g, ov, steps);
		return;
	}
	memset(ov, 0, sizeof *ov);
	ov->mover_hex[0] = ov->mover_hex[1] = HEX_NONE;
}

bool tui_step_preview(const struct game *g, struct hex a, struct hex b,
		      struct step_preview *out)
{
	const struct ruleset *rs = tui_rules(g);
	if (rs && rs->step_preview)
		return rs->step_preview(g, a, b, out);
	memset(out, 0, sizeof *out);
	return false;
}

int tui_pieces_at(const struct game *g, struct hex h,
		  char (*ids)[MODE_ID_MAX], int max)
{
	const struct ruleset *rs = tui_rules(g);
	return rs && rs->pieces_at ? rs->pieces_at(g, h, ids, max) : 0;
}

void tui_shock_view(const struct game *g, struct shock_view *sv)
{
	const struct ruleset *rs = tui_rules(g);
	if (rs && rs->shock_view) {
		rs->shock_view(g, sv);
		return;
	}
	memset(sv, 0, sizeof *sv);
	sv->side = sv->ask_combat = -1;
}

bool tui_shock_piece(const struct game *g, const char *id,
		     struct shock_piece *p)
{
	const struct ruleset *rs = tui_rules(g);
	if (rs && rs->shock_piece)
		return rs->shock_piece(g, id, p);
	memset(p, 0, sizeof *p);
	return false;
}

int tui_shock_asked(const struct game *g, size_t since)
{
	const struct ruleset *rs = tui_rules(g);
	return rs && rs->shock_asked ? rs->shock_asked(g, since) : -1;
}

int tui_card(const struct game *g, enum mode_card kind, int n, size_t since,
	     struct card *c, int *fresh)
{
	const struct ruleset *rs = tui_rules(g);
	return rs && rs->card ? rs->card(g, kind, n, since, c, fresh) : -1;
}

int tui_card_touched(const struct game *g, size_t since, struct card *scratch)
{
	const struct ruleset *rs = tui_rules(g);
	return rs && rs->card_touched ? rs->card_touched(g, since, scratch)
				      : -1;
}
