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
 * units less those on one's own, over their TQ.  So does a unit out of
 * every friendly leader's Command Range (4.21: no orders reach it). */
#include <string.h>

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
/* a unit out of every friendly leader's Command Range: this share of
 * its rout points */
#define COVERAGE_SHARE 0.03

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

/* The standing units of one side in the order of the least cube q of
 * their hexes, so that those within a distance of a unit are found in a
 * window of that order rather than among all (speed: the search weighs
 * thousands of positions a decision). */
struct strip {
	int n;
	int idx[BATTLE_UNITS_MAX];
	int lo[BATTLE_UNITS_MAX]; /* the least q of each, ascending */
	int span;		  /* the most any spans in q */
};

static int place_lo(const struct place *p)
{
	return p->c[0].q < p->c[1].q ? p->c[0].q : p->c[1].q;
}

static int place_hi(const struct place *p)
{
	return p->c[0].q > p->c[1].q ? p->c[0].q : p->c[1].q;
}

/* side's standing units (up) into st, by a counting sort on their
 * least q (the units of one q in the order of the game's table). */
static void strip_build(const struct game *g, const struct place *at,
			const bool *up, int side, struct strip *st)
{
	int qmin = 0, qmax = -1;
	st->n = 0;
	st->span = 0;
	for (int i = 0; i < g->nunits; i++) {
		if (!up[i] || g->units[i].side != side)
			continue;
		int lo = place_lo(&at[i]), span = place_hi(&at[i]) - lo;
		if (st->n == 0 || lo < qmin)
			qmin = lo;
		if (st->n == 0 || lo > qmax)
			qmax = lo;
		if (span > st->span)
			st->span = span;
		st->n++;
	}
	if (st->n == 0)
		return;
	int range = qmax - qmin + 1;
	if (range > 4 * BATTLE_UNITS_MAX) { /* no map is so wide: all in one */
		st->n = 0;
		for (int i = 0; i < g->nunits; i++)
			if (up[i] && g->units[i].side == side) {
				st->idx[st->n] = i;
				st->lo[st->n++] = qmin;
			}
		st->span = qmax - qmin + st->span;
		return;
	}
	int start[4 * BATTLE_UNITS_MAX + 1];
	memset(start, 0, (size_t)(range + 1) * sizeof start[0]);
	for (int i = 0; i < g->nunits; i++)
		if (up[i] && g->units[i].side == side)
			start[place_lo(&at[i]) - qmin + 1]++;
	for (int k = 0; k < range; k++)
		start[k + 1] += start[k];
	for (int i = 0; i < g->nunits; i++) {
		if (!up[i] || g->units[i].side != side)
			continue;
		int lo = place_lo(&at[i]), k = start[lo - qmin]++;
		st->idx[k] = i;
		st->lo[k] = lo;
	}
}

/* The first entry of st whose least q is at least q. */
static int strip_from(const struct strip *st, int q)
{
	int a = 0, b = st->n;
	while (a < b) {
		int m = (a + b) / 2;
		if (st->lo[m] < q)
			a = m + 1;
		else
			b = m;
	}
	return a;
}

/* 7.11, 8.41: the worst aspect (aspect_weight) of a standing enemy
 * within two hexes of unit i whose ZOC holds it, 0 when none; the
 * enemies (es) looked at are those whose q could bring them that near. */
static int contact_aspect(const struct game *g, const struct place *at,
			  int i, const struct strip *es)
{
	const struct unit *u = &g->units[i];
	int lo = place_lo(&at[i]), hi = place_hi(&at[i]);
	int contact = 0;
	for (int k = strip_from(es, lo - 2 - es->span);
	     k < es->n && es->lo[k] <= hi + 2 && contact < 3; k++) {
		int e = es->idx[k];
		if (place_distance(&at[e], &at[i]) > 2 || !shock_in_zoc(g, e, i))
			continue;
		int w = aspect_weight(
			footprint_approach(&u->at, &g->units[e].at));
		if (w > contact)
			contact = w;
	}
	return contact;
}

/* The friendly leaders on the map of each side, with their Command
 * Range now (4.21), looked up once an evaluation. */
struct ranges {
	int n[2];
	struct cube at[2][BATTLE_LEADERS_MAX];
	int range[2][BATTLE_LEADERS_MAX];
};

static void ranges_build(const struct game *g, struct ranges *r)
{
	r->n[0] = r->n[1] = 0;
	for (int i = 0; i < g->nleaders; i++) {
		const struct leader *l = &g->leaders[i];
		if ((l->side != 0 && l->side != 1) || l->killed ||
		    !l->on_map || !l->available || hex_is_none(l->hex))
			continue;
		int k = r->n[l->side]++;
		r->at[l->side][k] = hex_to_cube(l->hex);
		r->range[l->side][k] = leader_command_range_now(g, l);
	}
}

/* 4.21: whether standing unit i (of side s) is within the Command Range
 * of a friendly leader on the map (counted in hexes, as the crow
 * flies).  The leaders are asked from *hint on, the one who had the last
 * unit asked (the units of a command stand together in the table: speed),
 * and *hint is left at the one found. */
static bool commanded(const struct ranges *r, const struct place *at, int i,
		      int s, int *hint)
{
	int n = r->n[s];
	const struct cube *c = at[i].c;
	int halves = c[1].q != c[0].q || c[1].r != c[0].r ? 2 : 1;
	for (int t = 0, k = *hint; t < n; t++, k = k + 1 < n ? k + 1 : 0)
		for (int h = 0; h < halves; h++)
			if (cube_distance(c[h], r->at[s][k]) <= r->range[s][k]) {
				*hint = k;
				return true;
			}
	return false;
}

/* 4.72: a leader on the map with no friendly combat unit in his hex and
 * a standing enemy next to him.  The enemies looked at are those of es
 * whose q could bring them next to him, or all when es is NULL. */
static bool leader_exposed(const struct game *g, const struct leader *l,
			   const struct strip *es)
{
	if (l->killed || !l->on_map || !l->available || hex_is_none(l->hex))
		return false;
	bool near = false;
	if (es == NULL) {
		for (int e = 0; e < g->nunits && !near; e++) {
			const struct unit *v = &g->units[e];
			near = v->side != l->side && standing(v) &&
			       footprint_distance(&v->at, l->hex) <= 1;
		}
	} else {
		int q = hex_to_cube(l->hex).q;
		for (int k = strip_from(es, q - 1 - es->span);
		     k < es->n && es->lo[k] <= q + 1 && !near; k++)
			near = footprint_distance(&g->units[es->idx[k]].at,
						  l->hex) <= 1;
	}
	return near && !leader_stacked(g, l);
}

double gboh_evaluate(const struct game *g, int side)
{
	double lost[2] = {g->rout_points[0], g->rout_points[1]};
	double worn[2] = {0, 0};
	int standing_n[2] = {0, 0};
	struct place at[BATTLE_UNITS_MAX];
	bool up[BATTLE_UNITS_MAX];
	bool hexless = false; /* a standing unit without a hex */
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		up[i] = standing(u);
		if (!up[i])
			continue;
		hexless = hexless || hex_is_none(u->at.hex[0]);
		at[i].c[0] = hex_to_cube(u->at.hex[0]);
		at[i].c[1] = footprint_two_hex(&u->at)
				     ? hex_to_cube(u->at.hex[1])
				     : at[i].c[0];
	}
	struct strip strips[2];
	strip_build(g, at, up, 0, &strips[0]);
	strip_build(g, at, up, 1, &strips[1]);
	struct ranges ranges;
	ranges_build(g, &ranges);
	int hint[2] = {0, 0};
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
			standing_n[s]++;
		}
		/* the unit's rout points, looked up only when they count */
		bool brittle = u->hits >= u->tq - 1;
		/* 7.11, 8.41: the worst aspect of a standing enemy whose
		 * ZOC holds it */
		int contact = contact_aspect(g, at, i, &strips[1 - s]);
		bool alone = !hexless &&
			     !commanded(&ranges, at, i, s, &hint[s]); /* 4.21 */
		int rp = brittle || contact || alone ? unit_rout_points(g, u) : 0;
		if (brittle)
			lost[s] += BRITTLE_SHARE * rp;
		if (contact) {
			int margin = u->tq - u->hits;
			double share = CONTACT_SHARE * contact /
				       (margin > 1 ? margin : 1);
			lost[s] += (share < CONTACT_MAX ? share : CONTACT_MAX) *
				   rp;
		}
		if (alone)
			lost[s] += COVERAGE_SHARE * rp;
	}
	for (int i = 0; i < g->nleaders; i++) {
		const struct leader *l = &g->leaders[i];
		bool sided = l->side == 0 || l->side == 1;
		if (leader_exposed(g, l,
				   sided && !hexless ? &strips[1 - l->side]
						     : NULL))
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

int gboh_pieces(const struct game *g)
{
	return g->nunits;
}

bool gboh_at_rest(const struct game *g)
{
	enum seq_step st = seq_step_now(g);
	return st == SEQ_ACTIVATE || st == SEQ_OVER || g->phase == PHASE_OVER;
}
