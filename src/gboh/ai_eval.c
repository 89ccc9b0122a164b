/* ai_eval.c — how a position stands for one side, for the computer
 * opponent's search (ruleset.h: evaluate), in the game's own currency:
 * rout points against each army's withdrawal level (11.1, 11.2).
 *
 * For each side, the rout points it has lost, plus a share of what its
 * routed units (10.2: a rally may yet save them) and its brittle units
 * (cohesion hits one short of their TQ, 10.1) would add, over its
 * withdrawal level; the value is the enemy's share less one's own, and
 * an army at or past its level counts as withdrawn (the value then
 * beyond +1 or -1).  Cohesion margins weigh in a little: the hits on
 * the enemy's standing units less those on one's own, over their TQ. */
#include "maniple/battle.h"
#include "maniple/game.h"
#include "maniple/greedy.h"

/* shares of a unit's rout points counted before they are lost */
#define ROUTED_SHARE  0.6
#define BRITTLE_SHARE 0.25
/* the weight of the cohesion margin against the rout-point margin */
#define COHESION_WEIGHT 0.05

double gboh_evaluate(const struct game *g, int side)
{
	double lost[2] = {g->rout_points[0], g->rout_points[1]};
	double worn[2] = {0, 0};
	int standing[2] = {0, 0};
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (!game_unit_in_play(u))
			continue;
		int s = u->side;
		if (u->routed) {
			lost[s] += ROUTED_SHARE * unit_rout_points(g, u);
			continue;
		}
		if (u->tq > 0) {
			worn[s] += (double)u->hits / u->tq;
			standing[s]++;
		}
		if (u->hits >= u->tq - 1)
			lost[s] += BRITTLE_SHARE * unit_rout_points(g, u);
	}
	double share[2];
	for (int s = 0; s < 2; s++) {
		int wl = g->battle->sides[s].withdrawal_level;
		share[s] = wl > 0 ? lost[s] / wl : 0;
		if (wl > 0 && g->rout_points[s] >= wl)
			share[s] += 1; /* 11.2: withdrawn */
		if (standing[s])
			worn[s] /= standing[s];
	}
	int e = 1 - side;
	return share[e] - share[side] +
	       COHESION_WEIGHT * (worn[e] - worn[side]);
}
