/* gba_contingent.c — GBA 5.6, 4.54: the Macedonian Contingent
 * Commanders (see gba_contingent.h). */
#include "maniple/gba_contingent.h"

#include <stdio.h>

#include "maniple/bits.h"
#include "maniple/command.h"

static bool in_play(const struct leader *l)
{
	return l->on_map && !l->killed && l->available;
}

bool leader_is_mcc(const struct game *g, const struct leader *l)
{
	return g != NULL && l != NULL && l->contingent_commander &&
	       in_play(l) && battle_has_option(g, CONTINGENT_OPTION);
}

bool leader_activates_mccs(const struct game *g, const struct leader *l)
{
	return g != NULL && l != NULL && l->contingent_command > 0 &&
	       !l->contingent_commander && in_play(l) &&
	       battle_has_option(g, CONTINGENT_OPTION);
}

/* ruling R130: the units he controls are those his Line Command would
 * reach now */
int contingent_units(const struct game *g, const struct leader *mcc,
		     int *out, int max)
{
	int n = 0;
	if (g == NULL || mcc == NULL || !in_play(mcc))
		return 0;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (u->side != mcc->side || !game_unit_in_play(u) ||
		    u->routed || !leader_restriction_names(g, mcc, u) ||
		    !command_range_reaches_unit(g, NULL, mcc, u))
			continue;
		if (out != NULL && n < max)
			out[n] = i;
		n++;
	}
	return n;
}

/* GBA 5.63: one less than his units, within 1-3 */
int contingent_cost(const struct game *g, const struct leader *mcc)
{
	int n = contingent_units(g, mcc, NULL, 0) - 1;
	return n < 1 ? 1 : n > 3 ? 3 : n;
}

const char *contingent_refusal(const struct game *g, int wc, int mcc,
			       char *why, size_t n)
{
	const struct leader *w = &g->leaders[wc];
	const struct leader *c = &g->leaders[mcc];
	if (!battle_has_option(g, CONTINGENT_OPTION)) {
		snprintf(why, n,
			 "this battle does not play the Contingent "
			 "Commanders (option %s)",
			 CONTINGENT_OPTION);
		return "GBA 5.6";
	}
	if (!leader_activates_mccs(g, w)) {
		snprintf(why, n,
			 "%s is no Wing Commander with a Contingent Command "
			 "Capability",
			 w->id);
		return "GBA 5.62";
	}
	if (c->side != w->side || !leader_is_mcc(g, c)) {
		snprintf(why, n, "%s is not a friendly contingent commander",
			 c->id);
		return "GBA 5.61";
	}
	if (bits_has(g->ord.contingent_leaders, mcc)) {
		snprintf(why, n, "%s has been activated this Orders Phase",
			 c->id);
		return "GBA 5.64";
	}
	if (g->ord.contingents_given >= w->contingent_command) {
		snprintf(why, n,
			 "%s activates %d contingent commander%s an Orders "
			 "Phase and has activated %d",
			 w->id, w->contingent_command,
			 w->contingent_command == 1 ? "" : "s",
			 g->ord.contingents_given);
		return "GBA 5.64";
	}
	int half = command_half_range(g, w);
	if (command_path_length(g, NULL, w, c->hex, half) < 0) {
		snprintf(why, n,
			 "%s is not within half %s's Command Range (%d) by "
			 "an unobstructed path",
			 c->id, w->id, half);
		return "GBA 5.63";
	}
	if (contingent_units(g, c, NULL, 0) == 0) {
		snprintf(why, n,
			 "no unit %s commands is within his Command Range",
			 c->id);
		return "GBA 5.65";
	}
	return NULL;
}

bool contingent_commanded(const struct game *g, int ui)
{
	return g != NULL && ui >= 0 && ui < g->nunits &&
	       g->ord.lc_of[ui] == ORD_LC_CONTINGENT;
}
