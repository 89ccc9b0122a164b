/* ai_eval.c — how a position stands for one side, for the computer
 * opponent's search (ruleset.h: evaluate), in the game's own currency:
 * rout points against each army's withdrawal level (11.1, 11.2).
 *
 * For each side, the rout points it has lost, plus a share of what it
 * stands to lose: its routed units (10.2: a rally may yet save them),
 * its brittle units (cohesion hits one short of their TQ, 10.1), its
 * units in an enemy's reach to shock them (8.41: next to an enemy whose
 * ZOC holds them, 7.2), the more for little cohesion margin and for an
 * enemy on their flank or rear (7.11; the Clash of Arms chart's flank
 * and rear columns and the doubled hits of 8.37), and its leaders left
 * alone next to an enemy (4.72: a lone leader who cannot withdraw is
 * lost; 4.8 the Leader Casualty table); all over its withdrawal level.
 * The value is the enemy's share less one's own, and an army at or past
 * its level counts as withdrawn (the value then beyond +1 or -1).
 * Cohesion margins weigh in a little: the hits on the enemy's standing
 * units less those on one's own, over their TQ. */
#include "maniple/battle.h"
#include "maniple/footprint.h"
#include "maniple/game.h"
#include "maniple/greedy.h"
#include "maniple/reactions.h"
#include "maniple/sequence.h"
#include "maniple/shock_designate.h"

/* shares of a unit's rout points counted before they are lost */
#define ROUTED_SHARE  0.6
#define BRITTLE_SHARE 0.25
/* a unit in an enemy's reach: this share of its rout points for each
 * point of the enemy's aspect on it (front 1, flank 2, rear 3) over its
 * cohesion margin (TQ less hits), at most CONTACT_MAX */
#define CONTACT_SHARE 0.12
#define CONTACT_MAX   0.6
/* a leader alone next to an enemy: this share of his rout points */
#define LEADER_SHARE 0.5
/* the weight of the cohesion margin against the rout-point margin */
#define COHESION_WEIGHT 0.05

static bool standing(const struct unit *u)
{
	return game_unit_in_play(u) && !u->routed;
}

/* A unit's hexes as cube coordinates (a one-hex unit's twice), for the
 * distances the evaluation takes between every pair of units. */
struct place {
	struct cube c[2];
};

static int place_distance(const struct place *a, const struct place *b)
{
	int best = 1 << 20;
	for (int i = 0; i < 2; i++)
		for (int j = 0; j < 2; j++) {
			int d = cube_distance(a->c[i], b->c[j]);
			if (d < best)
				best = d;
		}
	return best;
}

/* The aspect weight of a zone: front 1, flank 2, rear 3 (7.11). */
static int aspect_weight(enum hex_zone z)
{
	return z == ZONE_REAR ? 3 : z == ZONE_FLANK ? 2 : 1;
}

/* 4.72: a leader on the map with no friendly combat unit in his hex and
 * a standing enemy next to him. */
static bool leader_exposed(const struct game *g, const struct leader *l)
{
	if (l->killed || !l->on_map || !l->available || hex_is_none(l->hex) ||
	    leader_stacked(g, l))
		return false;
	for (int e = 0; e < g->nunits; e++) {
		const struct unit *v = &g->units[e];
		if (v->side != l->side && standing(v) &&
		    footprint_distance(&v->at, l->hex) <= 1)
			return true;
	}
	return false;
}

double gboh_evaluate(const struct game *g, int side)
{
	double lost[2] = {g->rout_points[0], g->rout_points[1]};
	double worn[2] = {0, 0};
	int standing_n[2] = {0, 0};
	struct place at[BATTLE_UNITS_MAX];
	bool up[BATTLE_UNITS_MAX];
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		up[i] = standing(u);
		if (!up[i])
			continue;
		at[i].c[0] = hex_to_cube(u->at.hex[0]);
		at[i].c[1] = footprint_two_hex(&u->at)
				     ? hex_to_cube(u->at.hex[1])
				     : at[i].c[0];
	}
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (!game_unit_in_play(u))
			continue;
		int s = u->side;
		int rp = unit_rout_points(g, u);
		if (u->routed) {
			lost[s] += ROUTED_SHARE * rp;
			continue;
		}
		if (u->tq > 0) {
			worn[s] += (double)u->hits / u->tq;
			standing_n[s]++;
		}
		if (u->hits >= u->tq - 1)
			lost[s] += BRITTLE_SHARE * rp;
		/* 7.11, 8.41: the worst aspect of a standing enemy whose
		 * ZOC holds it */
		int contact = 0;
		for (int e = 0; e < g->nunits && contact < 3; e++) {
			if (g->units[e].side == s || !up[e] ||
			    place_distance(&at[e], &at[i]) > 2 ||
			    !shock_in_zoc(g, e, i))
				continue;
			int w = aspect_weight(
				footprint_approach(&u->at, &g->units[e].at));
			if (w > contact)
				contact = w;
		}
		if (contact) {
			int margin = u->tq - u->hits;
			double share = CONTACT_SHARE * contact /
				       (margin > 1 ? margin : 1);
			lost[s] += (share < CONTACT_MAX ? share : CONTACT_MAX) *
				   rp;
		}
	}
	for (int i = 0; i < g->nleaders; i++) {
		const struct leader *l = &g->leaders[i];
		if (leader_exposed(g, l))
			lost[l->side & 1] +=
				LEADER_SHARE * leader_rout_points(g, l);
	}
	double share[2];
	for (int s = 0; s < 2; s++) {
		int wl = g->battle->sides[s].withdrawal_level;
		share[s] = wl > 0 ? lost[s] / wl : 0;
		if (wl > 0 && g->rout_points[s] >= wl)
			share[s] += 1; /* 11.2: withdrawn */
		if (standing_n[s])
			worn[s] /= standing_n[s];
	}
	int e = 1 - side;
	return share[e] - share[side] +
	       COHESION_WEIGHT * (worn[e] - worn[side]);
}

bool gboh_at_rest(const struct game *g)
{
	enum seq_step st = seq_step_now(g);
	return st == SEQ_ACTIVATE || st == SEQ_OVER || g->phase == PHASE_OVER;
}
