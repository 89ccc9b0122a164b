/* cohesion.c — cohesion hits and TQ checks (10.11, 10.12, 10.14, 10.27), a
 * primitive every kind of combat and move calls (doc/architecture.md).  A
 * unit whose hits reach its TQ routs and a routed unit hit is eliminated:
 * both are the rout's business, reached through the hooks (rout_begin,
 * unit_eliminate: hooks.h). */
#include "maniple/rout.h"

#include "maniple/dice.h"
#include "maniple/event.h"
#include "maniple/game.h"
#include "maniple/phalanx.h"
#include "maniple/stacking.h"

/* 10.11, 10.27 routed units have a TQ of 1 */
int unit_tq_now(const struct game *g, const struct unit *u)
{
	return u->routed ? 1 : u->tq - column_tq_reduction(g, u); /* 6.75 */
}

/* 10.11: the hits of a check whose modified roll is dr, against tq */
int tq_check_hits(int dr, int tq)
{
	return dr > tq ? dr - tq : 0;
}

/* 10.11: the modifier a TQ check of u adds to drm */
static int tq_check_drm(const struct game *g, const struct unit *u, int drm)
{
	return drm + stacking_tq_drm(g, u); /* 9.63 a mixed Roman stack */
}

void tq_check_odds_as_is(const struct game *g, const struct unit *u, int drm,
			 struct odds *o)
{
	odds_init(o, 10, u && u->routed ? "10.27" : "10.11");
	if (!u)
		return;
	int tq = unit_tq_now(g, u);
	for (int d = 0; d < 10; d++) {
		int hits = tq_check_hits(d + drm, tq);
		odds_face(o, d, hits, "%d hit%s", hits, hits == 1 ? "" : "s");
	}
}

void tq_check_odds(const struct game *g, const struct unit *u, int drm,
		   struct odds *o)
{
	tq_check_odds_as_is(g, u, u ? tq_check_drm(g, u, drm) : drm, o);
}

int tq_check_one_hit(struct game *g, struct unit *u, const char *what,
		     const char *rule)
{
	struct event e;
	int tq = unit_tq_now(g, u);
	game_roll_begin(&e, what);
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "tq", "%d", tq);
	int d = game_roll_die(g, &e);
	event_add(&e, "result", "%s", d > tq ? "hit" : "no_hit");
	event_add(&e, "rule", "%s", rule);
	game_emit(g, &e);
	if (d <= tq)
		return 0;
	cohesion_hits(g, u, 1, what, rule);
	return 1;
}

/* 10.11 a TQ check; R3: the modified roll is used as it is */
int tq_check(struct game *g, struct unit *u, int drm, const char *why,
	     const char *rule)
{
	if (!u || !game_unit_in_play(u))
		return 0;
	drm = tq_check_drm(g, u, drm);
	int tq = unit_tq_now(g, u);
	struct event e;
	game_roll_begin(&e, "tq_check");
	event_add(&e, "unit", "%s", u->id);
	int die = game_roll_die(g, &e);
	event_add(&e, "drm", "%d", drm);
	event_add(&e, "why", "%s", why);
	event_add(&e, "rule", "%s", rule);
	game_emit(g, &e);
	int dr = die + drm;
	int hits = tq_check_hits(dr, tq);
	event_init(&e, "tq_check");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "dr", "%d", dr);
	event_add(&e, "tq", "%d", tq);
	event_add(&e, "routed", "%s", u->routed ? "yes" : "no");
	event_add(&e, "hits", "%d", hits);
	event_add(&e, "rule", "%s", u->routed ? "10.27" : "10.11");
	game_emit(g, &e);
	cohesion_hits(g, u, hits, why, rule);
	return hits;
}

/* 10.12, 10.14, 10.27 */
static void hits_apply(struct game *g, struct unit *u, int n,
		       const char *cause, const char *rule, bool rout_now);

void cohesion_hits(struct game *g, struct unit *u, int n, const char *cause,
		   const char *rule)
{
	hits_apply(g, u, n, cause, rule, true);
}

void cohesion_hits_held(struct game *g, struct unit *u, int n,
			const char *cause, const char *rule)
{
	hits_apply(g, u, n, cause, rule, false);
}

static void hits_apply(struct game *g, struct unit *u, int n,
		       const char *cause, const char *rule, bool rout_now)
{
	if (!u || n <= 0 || !game_unit_in_play(u))
		return;
	struct event e;
	event_init(&e, "cohesion_hit");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "hits", "%d", n);
	if (u->routed) {
		/* 10.27 a routed unit taking any hit is eliminated */
		event_add(&e, "total", "%s", "routed");
		event_add(&e, "tq", "%d", unit_tq_now(g, u));
		event_add(&e, "cause", "%s", cause);
		event_add(&e, "rule", "%s", rule);
		game_emit(g, &e);
		unit_eliminate(g, u, "10.27");
		return;
	}
	u->hits += n;
	event_add(&e, "total", "%d", u->hits);
	event_add(&e, "tq", "%d", u->tq);
	event_add(&e, "cause", "%s", cause);
	event_add(&e, "rule", "%s", rule);
	game_emit(g, &e);
	/* 10.14 hits equal to the TQ or more: the unit routs (in shock,
	 * when its step says: 8.43, 8.47) */
	if (rout_now && u->hits >= u->tq)
		rout_begin(g, (int)(u - g->units), "10.14");
}
