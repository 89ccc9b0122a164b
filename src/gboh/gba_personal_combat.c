/* gba_personal_combat.c — GBA 8.41-8.45 Personal Combat (see
 * gba_personal_combat.h). */
#include "maniple/gba_personal_combat.h"

#include "maniple/event.h"
#include "maniple/missile.h"
#include "maniple/tables.h"

int gba_personal_combat_rating(const struct game *g, const struct leader *l)
{
	if (!l || l->personal_combat < 0)
		return -1;
	int min = g && g->tables
			  ? tables_wound_figure(g->tables, WF_RATING_MINIMUM)
			  : 0;
	int v = l->personal_combat - l->wounds;
	return v < min ? min : v;
}

int gba_personal_combat_champion(const struct game *g, const int *li, int n)
{
	int best = -1, best_pc = -1;
	for (int i = 0; li && i < n; i++) {
		int pc = gba_personal_combat_rating(g, &g->leaders[li[i]]);
		if (pc > best_pc) {
			best_pc = pc;
			best = li[i];
		}
	}
	return best;
}

/* GBA 8.43: the result of a difference (constants.ini [personal_combat]:
 * the lowest difference of each band) */
static enum leader_casualty result_of(const struct game *g, int diff)
{
	if (diff >= tables_constant(g->tables, RC_PC_KILLED_FROM))
		return CASUALTY_KILLED;
	if (diff >= tables_constant(g->tables, RC_PC_WOUNDED_2_FROM))
		return CASUALTY_WOUNDED_2;
	if (diff >= tables_constant(g->tables, RC_PC_WOUNDED_1_FROM))
		return CASUALTY_WOUNDED_1;
	return CASUALTY_FINISHED;
}

/* GBA 8.42: one leader's roll */
static int pc_roll(struct game *g, int li)
{
	const struct leader *l = &g->leaders[li];
	struct event e;
	game_roll_begin(&e, "personal_combat");
	event_add(&e, "leader", "%s", l->id);
	int die = game_roll_die(g, &e);
	event_add(&e, "rule", "GBA 8.42");
	game_emit(g, &e);
	return die;
}

int gba_personal_combat(struct game *g, int a, int d)
{
	struct leader *la = &g->leaders[a], *ld = &g->leaders[d];
	int pa = gba_personal_combat_rating(g, la);
	int pd = gba_personal_combat_rating(g, ld);
	int da = pc_roll(g, a);
	int dd = pc_roll(g, d);
	la->fought_personal_combat = true; /* GBA 5.31 */
	ld->fought_personal_combat = true;
	int ta = da + pa, td = dd + pd;
	int loser = ta == td ? -1 : ta < td ? a : d;
	int diff = ta > td ? ta - td : td - ta;
	struct event e;
	event_init(&e, "personal_combat");
	event_add(&e, "attacker_leader", "%s", la->id);
	event_add(&e, "attacker_total", "%d", ta);
	event_add(&e, "defender_leader", "%s", ld->id);
	event_add(&e, "defender_total", "%d", td);
	event_add(&e, "difference", "%d", diff);
	if (loser >= 0)
		event_add(&e, "loser", "%s", g->leaders[loser].id);
	else
		event_add(&e, "result", "tie");
	event_add(&e, "rule", "GBA 8.43");
	game_emit(g, &e);
	if (loser >= 0)
		leader_casualty_take(g, loser, result_of(g, diff), -1,
				     "GBA 8.44");
	return loser;
}
