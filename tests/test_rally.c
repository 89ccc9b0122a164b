/* Recovery (SPQR 10.16) and Rally (10.28, 10.29, 10.31, 10.33) as
 * Individual Orders (5.22 #3, #4), played through the session on the
 * drill battle (scenarios/drill.ini) in sandbox games with forced dice;
 * and the Rallied markers' removal in the Rout and Reload Phase (3.0 D.1).
 * The consul (Initiative 4) is active after a forced trump; pr1 is a
 * Principes unit of printed TQ 7 at 2315, in the clear. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "logged.h"
#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/rally.h"
#include "maniple/odds.h"
#include "maniple/sequence.h"
#include "maniple/teach.h"
#include "spqr_tables.h"

static struct battle *loader(void *user, const char *name,
			     struct ini_error *err)
{
	(void)user;
	const char *src = getenv("MANIPLE_SRCDIR");
	char path[4096];
	if (!battle_path(src && *src ? src : MANIPLE_SRCDIR, name, path,
			 (int)sizeof path)) {
		memset(err, 0, sizeof *err);
		snprintf(err->msg, sizeof err->msg, "no battle %s", name);
		return NULL;
	}
	return battle_load(path, err);
}

struct play {
	struct session s;
	struct cmd_result r;
};

static void ok(struct play *p, const char *line)
{
	session_exec(&p->s, line, &p->r);
	cr_assert_eq(p->r.status, CMD_OK, "%s: refused %s (%s)", line,
		     p->r.reason, p->r.rule);
}

/* The setup lines, then Rome first (roll 6 2) and the consul trumps the
 * tribune (roll 3, 5.41); Carthage does not trump back. */
static struct play *start(const char *const *setup)
{
	struct play *p = calloc(1, sizeof *p);
	cr_assert_not_null(p);
	session_init(&p->s, loader, spqr_tables_loader, NULL, 1);
	p->s.checkpoint_every = 1; /* the game changed by hand too */
	cmd_result_init(&p->r);
	ok(p, "new drill sandbox 7");
	ok(p, "setup remove ar1"); /* no enemy missiles in reach unless set */
	for (int i = 0; setup && setup[i]; i++)
		ok(p, setup[i]);
	ok(p, "roll 6 2");
	ok(p, "continue");
	ok(p, "roll 3");
	ok(p, "trump consul");
	ok(p, "no trump");
	return p;
}

static void stop(struct play *p)
{
	cmd_result_free(&p->r);
	session_free(&p->s);
	free(p);
}

static struct unit *U(struct play *p, const char *id)
{
	struct unit *u = game_unit(p->s.game, id);
	cr_assert_not_null(u, "no unit %s", id);
	return u;
}

/* Refused naming rule, and nothing changed (state text, events). */
static void refused(struct play *p, const char *line, const char *rule)
{
	char *before = game_state_text(p->s.game);
	size_t nev = p->s.game->events.n;
	session_exec(&p->s, line, &p->r);
	char *after = game_state_text(p->s.game);
	cr_expect_eq(p->r.status, CMD_REFUSED, "%s was not refused", line);
	cr_expect_str_eq(p->r.rule ? p->r.rule : "", rule,
			 "%s: rule %s (%s)", line, p->r.rule, p->r.reason);
	cr_expect_str_eq(before, after, "%s changed the game", line);
	cr_expect_eq(p->s.game->events.n, nev, "%s emitted events", line);
	free(before);
	free(after);
}

/* The last event of kind, or NULL. */
static const struct event *last(struct play *p, const char *kind)
{
	const struct event_log *l = &p->s.game->events;
	for (size_t i = l->n; i-- > 0;)
		if (strcmp(event_log_kind(l, i), kind) == 0)
			return logged_event(l, i);
	return NULL;
}

static const char *field_of(const struct event *e, const char *key)
{
	const char *v = e ? event_get(e, key) : NULL;
	return v ? v : "";
}

static bool legal_has(struct play *p, const char *line)
{
	struct decision_answer a[512];
	int n = seq_legal(p->s.game, a, 512);
	for (int i = 0; i < n; i++)
		if (strcmp(a[i].line, line) == 0)
			return true;
	return false;
}

/* 10.28 example, first case: Initiative 4, printed TQ 7: a roll of 2 (at
 * most 4 + 1) rallies it; the Rally Table roll of 5 gives 2 hits (10.29).
 * It is Depleted (10.31), refaced at no cost, and takes no orders this
 * Game Turn. */
Test(rally, example_roll_2_then_5_rallied_with_2_hits_10_28)
{
	const char *setup[] = {"setup marker pr1 routed on",
			       "setup hits pr1 7", NULL};
	struct play *p = start(setup);
	cr_expect(legal_has(p, "order pr1 rally"), "legal lists the rally");
	cr_expect_not(legal_has(p, "order pr1 recover"),
		      "10.16: a routed unit does not recover");
	ok(p, "roll 2 5");
	ok(p, "order pr1 rally SE");
	struct unit *u = U(p, "pr1");
	cr_expect_not(u->routed);
	cr_expect(u->rallied, "the Routed marker flips to Rallied");
	cr_expect_eq(u->hits, 2, "10.29: TQ 7, DR 5: 2 hits");
	cr_expect(u->depleted, "10.31");
	cr_expect_eq(u->at.facing, FACE_SE, "10.28: refaced when rallied");
	const struct event *e = last(p, "rally");
	cr_assert_not_null(e);
	cr_expect_str_eq(field_of(e, "dr"), "2");
	cr_expect_str_eq(field_of(e, "needed"), "5");
	cr_expect_str_eq(field_of(e, "result"), "rallied");
	e = last(p, "rallied");
	cr_expect_str_eq(field_of(e, "hits"), "2");
	cr_expect_str_eq(field_of(e, "rule"), "10.28,10.29");
	cr_expect_eq(p->s.game->seq.orders_left, 3, "one of the 4 orders");
	char *st = game_state_text(p->s.game);
	cr_expect_not_null(strstr(st, "rally unit=pr1 rallied=yes recovered=0 "
				      "tried=consul\n"),
			   "the state text carries the marker");
	free(st);
	/* 10.28: no orders until the next Game Turn, recovery neither
	 * (10.16) */
	refused(p, "order pr1", "10.28");
	refused(p, "order pr1 recover", "10.28");
	cr_expect_not(legal_has(p, "order pr1"));
	stop(p);
}

/* 10.28 example, second case: a roll of 6 (above 4 + 1, not above TQ 7):
 * the unit rout moves (10.22) and stays routed; the same leader may not
 * try it again this Game Turn. */
Test(rally, example_roll_6_rout_moves_10_28)
{
	const char *setup[] = {"setup marker pr1 routed on",
			       "setup hits pr1 7", NULL};
	struct play *p = start(setup);
	ok(p, "roll 6");
	ok(p, "order pr1 rally");
	const struct event *e = last(p, "rally");
	cr_assert_not_null(e);
	cr_expect_str_eq(field_of(e, "result"), "rout_move");
	e = last(p, "rout");
	cr_assert_not_null(e, "10.22: the rout move starts");
	cr_expect_str_eq(field_of(e, "unit"), "pr1");
	cr_expect_str_eq(field_of(e, "cause"), "10.28");
	struct unit *u = U(p, "pr1");
	cr_expect(u->routed);
	cr_expect_not(u->rallied);
	cr_expect_not(u->eliminated);
	cr_expect(u->rally_tried &
		  (UINT64_C(1) << p->s.game->active_leader));
	stop(p);
}

/* 10.28 example, third case: a roll of 8 is above the printed TQ 7 too:
 * the unit is eliminated. */
Test(rally, example_roll_8_eliminated_10_28)
{
	const char *setup[] = {"setup marker pr1 routed on",
			       "setup hits pr1 7", NULL};
	struct play *p = start(setup);
	ok(p, "roll 8");
	ok(p, "order pr1 rally");
	cr_expect_str_eq(field_of(last(p, "rally"), "result"), "eliminated");
	cr_expect(U(p, "pr1")->eliminated);
	cr_expect_gt(p->s.game->rout_points[0], 0, "11.1 its rout points");
	stop(p);
}

/* 10.28: a leader tries a given unit once per Game Turn; another leader
 * may (the limit is the leader's, not the unit's). */
Test(rally, one_attempt_per_leader_per_turn_10_28)
{
	const char *setup[] = {"setup marker pr1 routed on", NULL};
	struct play *p = start(setup);
	struct game *g = p->s.game;
	struct unit *u = U(p, "pr1");
	u->rally_tried |= UINT64_C(1) << g->active_leader;
	refused(p, "order pr1 rally", "10.28");
	int tribune = (int)(game_leader(g, "tribune") - g->leaders);
	struct rally_why w;
	cr_expect(rally_check(g, (int)(u - g->units), tribune, -1, &w),
		  "another leader may: %s", w.text);
	stop(p);
}

/* 10.33: a unit Depleted before the attempt adds 1 to the rally DR and 2
 * to the Rally Table DR.  Die 4 + 1 = 5 rallies (Initiative 4 + 1); the
 * table die 5 + 2 = 7 gives a TQ 7 unit 3 hits (not 2). */
Test(rally, depleted_unit_modifiers_10_33)
{
	const char *setup[] = {"setup marker pr1 routed on",
			       "setup marker pr1 depleted on", NULL};
	struct play *p = start(setup);
	ok(p, "roll 4 5");
	ok(p, "order pr1 rally");
	const struct event *e = last(p, "rally");
	cr_expect_str_eq(field_of(e, "dr"), "5");
	cr_expect_str_eq(field_of(e, "depleted_before"), "yes");
	cr_expect_str_eq(field_of(e, "result"), "rallied");
	cr_expect_str_eq(field_of(last(p, "rallied"), "dr"), "7");
	cr_expect_eq(U(p, "pr1")->hits, 3, "10.29 TQ 7, DR 7: 3 hits");
	cr_expect_null(last(p, "depleted"), "10.31: no second depletion");
	stop(p);
}

/* 10.33: the +1 can turn a rally into a failure: die 5 + 1 = 6 > 5. */
Test(rally, depleted_attempt_fails_on_5_10_33)
{
	const char *setup[] = {"setup marker pr1 routed on",
			       "setup marker pr1 depleted on", NULL};
	struct play *p = start(setup);
	ok(p, "roll 5");
	ok(p, "order pr1 rally");
	cr_expect_str_eq(field_of(last(p, "rally"), "result"), "rout_move");
	stop(p);
}

/* 10.28: rallied infantry missile units get a Missile No marker. */
Test(rally, infantry_missile_unit_missile_no_10_28)
{
	const char *setup[] = {"setup marker ve1 routed on", NULL};
	struct play *p = start(setup);
	ok(p, "roll 0 0");
	ok(p, "order ve1 rally");
	struct unit *u = U(p, "ve1");
	cr_expect(u->rallied);
	cr_expect_eq(u->supply, SUPPLY_NO);
	cr_expect_eq(u->hits, 1, "10.29: TQ 5, DR 0: 1 hit");
	cr_expect_not_null(last(p, "missile_no"));
	stop(p);
}

/* 10.28: not in Clear terrain; adjacent to an enemy combat unit; within
 * range and LOS of enemy missiles not Engaged; a unit not routed; a
 * rampaging elephant (9.14).  Each refused, changing nothing. */
Test(rally, refusals_10_28)
{
	const char *setup[] = {"setup marker pr1 routed on",
			       "setup marker pr2 routed on",
			       "setup unit pr2 2613 E", /* broken */
			       "setup marker ha2 routed on",
			       "setup unit hi1 2418 W", /* next to ha2 */
			       NULL};
	struct play *p = start(setup);
	refused(p, "order pr2 rally", "10.28");
	refused(p, "order ha2 rally", "10.28");
	refused(p, "order ha1 rally", "10.28"); /* not routed */
	session_exec(&p->s, "order pr1 rally NE,E", &p->r);
	cr_expect_eq(p->r.status, CMD_MALFORMED, "a bad FACING");
	cr_expect_not(legal_has(p, "order pr2 rally"));
	cr_expect_not(legal_has(p, "order ha2 rally"));
	struct unit *u = U(p, "pr1");
	u->type = UT_EL; /* as if an elephant: rampaging ones never rally */
	refused(p, "order pr1 rally", "10.28");
	u->type = UT_LG;
	ok(p, "setup unit ar1 2313 SE"); /* archers, range 4, two hexes */
	refused(p, "order pr1 rally", "10.28");
	u = U(p, "ar1");
	u->engaged = true; /* 10.16, 10.28: an Engaged unit does not count */
	cr_expect(legal_has(p, "order pr1 rally"));
	stop(p);
}

/* 10.16: 2 hits off a unit in the clear, away from the enemy; no more
 * than 2 in one Orders Phase (a second order is refused). */
Test(rally, recovery_two_hits_per_phase_10_16)
{
	const char *setup[] = {"setup hits pr1 3", NULL};
	struct play *p = start(setup);
	cr_expect(legal_has(p, "order pr1 recover"));
	ok(p, "order pr1 recover");
	cr_expect_eq(U(p, "pr1")->hits, 1);
	const struct event *e = last(p, "recovery");
	cr_expect_str_eq(field_of(e, "removed"), "2");
	cr_expect_str_eq(field_of(e, "rule"), "10.16");
	refused(p, "order pr1 recover", "10.16");
	/* a new Orders Phase starts the count again */
	rally_orders_phase_begin(p->s.game);
	struct rally_why w;
	int n;
	struct game *g = p->s.game;
	cr_expect(recovery_check(g, (int)(U(p, "pr1") - g->units), &n, &w));
	cr_expect_eq(n, 1, "at most the hits it has");
	stop(p);
}

/* 10.16: within range and LOS of enemy missiles only 1 hit comes off;
 * adjacent to an enemy combat unit none; not in Clear terrain none; a
 * unit without hits none. */
Test(rally, recovery_limits_10_16)
{
	const char *setup[] = {"setup hits pr1 3",
			       "setup unit ar1 2313 SE",
			       "setup hits ha2 2",
			       "setup unit hi1 2418 W",
			       "setup hits pr2 2",
			       "setup unit pr2 2613 E",
			       NULL};
	struct play *p = start(setup);
	ok(p, "order pr1 recover");
	cr_expect_eq(U(p, "pr1")->hits, 2, "1 hit in range of archers");
	cr_expect_str_eq(field_of(last(p, "recovery"),
				  "missiles_near"),
			 "yes");
	refused(p, "order pr1 recover", "10.16");
	refused(p, "order ha2 recover", "10.16");
	refused(p, "order pr2 recover", "10.16");
	refused(p, "order ha1 recover", "10.16"); /* no hits */
	stop(p);
}

/* 3.0 D.1, 10.28: the Rout and Reload Phase takes the Rallied markers
 * off, and leaders may try again next turn. */
Test(rally, rallied_markers_removed_in_rout_and_reload_10_28)
{
	struct play *p = calloc(1, sizeof *p);
	session_init(&p->s, loader, spqr_tables_loader, NULL, 1);
	p->s.checkpoint_every = 1; /* the game changed by hand too */
	cmd_result_init(&p->r);
	ok(p, "new drill sandbox 5");
	struct unit *u = U(p, "pr1");
	u->rallied = true;
	u->rally_tried |= 1;
	ok(p, "setup phase rout_reload");
	ok(p, "continue");
	u = U(p, "pr1");
	cr_expect_not(u->rallied);
	cr_expect_not(u->rally_tried & 1);
	const struct event *e = last(p, "rallied_markers_removed");
	cr_assert_not_null(e);
	cr_expect_str_eq(field_of(e, "count"), "1");
	cr_expect_null(last(p, "not_yet"));
	stop(p);
}

/* 10.28 example's odds before the attempt (rally_odds, the attempt's
 * own outcome of each face): Initiative 4 + 1 needed, printed TQ 7:
 * 0-5 rally (60%), 6-7 rout move (20%), 8-9 eliminated (20%); each face
 * is what the attempt then does; teach mode tells them with the orders
 * (10.28) */
Test(rally, odds_of_the_attempt_10_28)
{
	const char *setup[] = {"setup marker pr1 routed on",
			       "setup hits pr1 7", NULL};
	struct play *p = start(setup);
	struct game *g = p->s.game;
	int ui = (int)(U(p, "pr1") - g->units);
	struct odds o;
	cr_assert(rally_odds(g, ui, g->active_leader, &o));
	cr_expect(odds_complete(&o));
	cr_expect_eq(odds_percent(&o, "rallied"), 60);
	cr_expect_eq(odds_percent(&o, "rout_move"), 20);
	cr_expect_eq(odds_percent(&o, "eliminated"), 20);
	cr_expect_str_eq(o.rule, "10.28");
	/* nobody else may be rallied by him */
	struct odds none;
	cr_expect_not(rally_odds(g, (int)(U(p, "ha1") - g->units),
				 g->active_leader, &none));
	char dir[1024];
	snprintf(dir, sizeof dir, "%s/rules/spqr", MANIPLE_SRCDIR);
	struct ini_error err;
	struct teach_texts *tx = teach_load(dir, &err);
	cr_assert_not_null(tx, "%s", err.msg);
	struct teach_line l;
	cr_assert(teach_decision(tx, g, &l));
	cr_expect_not_null(strstr(l.text, "He may order a rally (10.28): "),
			   "%s", l.text);
	cr_expect_not_null(strstr(l.text, "(pr1): rallied 60%, rout move 20%, "
					  "eliminated 20%."),
			   "%s", l.text);
	teach_free(tx);
	/* every face does what the odds said */
	for (int d = 0; d < 10; d++) {
		struct play *q = start(setup);
		char line[16];
		snprintf(line, sizeof line, "roll %d 5", d);
		ok(q, line);
		ok(q, "order pr1 rally");
		const struct event *e = last(q, "rally");
		cr_assert_not_null(e);
		cr_expect_str_eq(field_of(e, "result"), o.out[o.face[d]].name,
				 "face %d", d);
		stop(q);
	}
	stop(p);
}
