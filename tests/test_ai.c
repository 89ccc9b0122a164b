/* test_ai.c — the computer opponent (ai.h) without a terminal: levels by
 * name; each level plays both sides of a drill game, every decision
 * answered by ai_choose and every line it gives accepted by the game;
 * the same seed gives the same game; thinking neither changes the game
 * nor rolls its dice. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "maniple/ai.h"
#include "maniple/decision.h"
#include "maniple/footprint.h"
#include "maniple/game.h"
#include "maniple/sequence.h"
#include "maniple/session.h"

#include "fixture.h"

#define KINDS_MAX 64

struct played {
	long commands;
	bool over;
	uint64_t digest;
	char kinds[KINDS_MAX][DECISION_KIND_MAX];
	int nkinds;
};

static void note_kind(struct played *pl, const char *kind)
{
	for (int i = 0; i < pl->nkinds; i++)
		if (strcmp(pl->kinds[i], kind) == 0)
			return;
	if (pl->nkinds < KINDS_MAX)
		snprintf(pl->kinds[pl->nkinds++], DECISION_KIND_MAX, "%s", kind);
}

static bool over(const struct game *g)
{
	return seq_step_now(g) == SEQ_OVER || g->phase == PHASE_OVER;
}

/* A drill game on seed, both sides played by level (its players seeded
 * with aiseed), at most max commands; every line accepted, the game
 * left alone by thinking. */
static void play(const char *level, uint64_t seed, uint64_t aiseed, long max,
		 struct played *pl)
{
	memset(pl, 0, sizeof *pl);
	struct session s;
	session_init(&s, fx_loader, spqr_tables_loader, NULL, seed);
	struct cmd_result r;
	cmd_result_init(&r);
	char line[64];
	snprintf(line, sizeof line, "new drill solo %llu",
		 (unsigned long long)seed);
	session_exec(&s, line, &r);
	cr_assert_eq(r.status, CMD_OK, "%s: %s", line, r.reason);
	const struct ruleset *rs = session_ruleset(&s);
	const struct ai_level *l = ai_level_find(level);
	cr_assert_not_null(l, "%s", level);
	struct ai_player *side[2] = {ai_player_new(l, rs, aiseed),
				     ai_player_new(l, rs, aiseed + 1)};
	cr_assert(side[0] && side[1]);
	ai_player_clock_free(side[0]); /* the same game however slow */
	ai_player_clock_free(side[1]);
	static struct decision_answer room[4096];
	struct game *before = malloc(sizeof *before);
	cr_assert_not_null(before);
	while (!over(s.game) && pl->commands < max) {
		struct decision d;
		decision_init(&d, room, 4096);
		rs->decide(s.game, &d);
		note_kind(pl, d.kind);
		int who = ai_decision_side(&d);
		ai_see(side[1 - who], s.game);
		game_copy_state(before, s.game);
		before->events = s.game->events;
		struct ai_move m;
		int rc = ai_choose(side[who], s.game, who, &m);
		cr_assert_eq(rc, 0, "turn %d %s: %s", s.game->turn, d.kind,
			     m.plan);
		cr_assert(game_state_same(s.game, before),
			  "thinking changed the game (%s)", d.kind);
		cr_assert_neq(m.plan[0], '\0');
		session_exec(&s, m.line, &r);
		cr_assert_eq(r.status, CMD_OK, "turn %d %s: %s refused: %s",
			     s.game->turn, d.kind, m.line, r.reason);
		pl->commands++;
	}
	pl->over = over(s.game);
	fprintf(stderr, "# %s seed %llu: %ld commands, turn %d, %d kinds\n", level,
		(unsigned long long)seed, pl->commands, s.game->turn, pl->nkinds);
	pl->digest = game_digest(s.game);
	free(before);
	ai_player_free(side[0]);
	ai_player_free(side[1]);
	cmd_result_free(&r);
	session_free(&s);
}

Test(ai, levels_by_name)
{
	cr_assert_not_null(ai_level_find("random"));
	cr_assert_not_null(ai_level_find("greedy"));
	cr_assert_not_null(ai_level_find("fast"));
	cr_assert_not_null(ai_level_find("strong"));
	cr_assert_eq(ai_level_default(), ai_level_find("normal"));
	cr_assert_null(ai_level_find("grandmaster"));
	cr_assert_null(ai_level_find(""));
	cr_assert_null(ai_level_find(NULL));
	cr_assert_str_eq(ai_level_name(ai_level_find("greedy")), "greedy");
	char b[128];
	cr_assert(strstr(ai_level_names(b, sizeof b), "random, greedy, fast, normal, strong"));
}

/* greedy plays the drill to its end (11.2 or R4), answering every kind
 * of decision the game asks on the way */
Test(ai, greedy_plays_a_drill_game_to_its_end, .timeout = 240)
{
	struct played pl;
	play("greedy", 11, 5, 20000, &pl);
	cr_assert(pl.over, "the game ended (%ld commands)", pl.commands);
	bool orders = false, shock = false, activate = false;
	for (int i = 0; i < pl.nkinds; i++) {
		orders |= strcmp(pl.kinds[i], "orders") == 0;
		shock |= strncmp(pl.kinds[i], "shock", 5) == 0;
		activate |= strcmp(pl.kinds[i], "activate") == 0;
	}
	cr_assert(orders && shock && activate,
		  "orders, activation and shock decisions answered (%d kinds)",
		  pl.nkinds);
}

/* the search levels answer every decision of a drill game to its end */
Test(ai, fast_plays_a_drill_game_to_its_end, .timeout = 280)
{
	struct played pl;
	play("fast", 11, 5, 20000, &pl);
	cr_assert(pl.over, "the game ended (%ld commands)", pl.commands);
}

/* level plays a drill game (seed 6) to its end twice: the same game */
static void same_game_twice(const char *level)
{
	struct played a, b;
	play(level, 6, 2, 5000, &a);
	play(level, 6, 2, 5000, &b);
	cr_assert_eq(a.digest, b.digest, "the same seed, the same game");
	cr_assert(a.over, "the game ended (%ld commands)", a.commands);
}

Test(ai, normal_answers_a_drill_game, .timeout = 280)
{
	same_game_twice("normal");
}

/* strong weighs the plans of every Orders Phase */
Test(ai, strong_answers_a_drill_game, .timeout = 280)
{
	same_game_twice("strong");
}

/* random answers whatever comes, without a line refused */
Test(ai, random_answers_every_decision, .timeout = 240)
{
	struct played pl;
	play("random", 3, 9, 3000, &pl);
	cr_assert(pl.over || pl.commands == 3000);
}

/* the same seeds give the same game */
Test(ai, same_seed_same_game, .timeout = 240)
{
	struct played a, b, c;
	play("greedy", 4, 17, 1500, &a);
	play("greedy", 4, 17, 1500, &b);
	cr_assert_eq(a.commands, b.commands);
	cr_assert_eq(a.digest, b.digest);
	play("random", 4, 17, 600, &a);
	play("random", 4, 17, 600, &b);
	play("random", 4, 18, 600, &c);
	cr_assert_eq(a.digest, b.digest);
	cr_assert_neq(a.digest, c.digest, "another AI seed plays otherwise");
}

/* a side with no answer to give is told so */
Test(ai, no_answer_for_a_side_that_owes_nothing)
{
	struct session s;
	session_init(&s, fx_loader, spqr_tables_loader, NULL, 1);
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(&s, "new drill solo 1", &r);
	cr_assert_eq(r.status, CMD_OK);
	session_exec(&s, "continue", &r);
	const struct ruleset *rs = session_ruleset(&s);
	static struct decision_answer room[4096];
	struct decision d;
	decision_init(&d, room, 4096);
	rs->decide(s.game, &d);
	cr_assert_geq(d.side, 0, "a side owes the activation");
	struct ai_player *p = ai_player_new(ai_level_find("greedy"), rs, 1);
	struct ai_move m;
	int other = 1 - d.side;
	bool any = false;
	for (int i = 0; i < d.n; i++)
		any |= decision_answer_for(&d.ans[i], other);
	if (!any) {
		cr_assert_eq(ai_choose(p, s.game, other, &m), -1);
		cr_assert_str_eq(m.line, "");
		cr_assert(strstr(m.plan, "no answer"));
	}
	cr_assert_eq(ai_choose(p, s.game, d.side, &m), 0);
	cr_assert_neq(m.line[0], '\0');
	ai_player_free(p);
	cmd_result_free(&r);
	session_free(&s);
}

/* 8.41, 8.42: at Trebia (seed 7) Carthage's first designation has
 * twelve units that must shock; sp1 taking l3_ve2 and l5_ve1 together
 * would leave celt2 nothing it may attack, and `designate done` would be
 * refused.  greedy closes the designation in a few lines, without
 * designating and cancelling over and over. */
Test(ai, greedy_closes_a_crowded_designation, .timeout = 240)
{
	struct session s;
	session_init(&s, fx_loader, spqr_tables_loader, NULL, 7);
	struct cmd_result r;
	cmd_result_init(&r);
	char path[1024];
	snprintf(path, sizeof path, "%s/tests/scripts/trebia7_designation.txt",
		 fx_srcdir());
	char *text = fx_slurp(path);
	char *save = NULL;
	for (char *l = strtok_r(text, "\n", &save); l;
	     l = strtok_r(NULL, "\n", &save)) {
		if (l[0] == '#')
			continue;
		session_exec(&s, l, &r);
		cr_assert_eq(r.status, CMD_OK, "%s: %s", l, r.reason);
	}
	free(text);
	const struct ruleset *rs = session_ruleset(&s);
	static struct decision_answer room[4096];
	struct decision d;
	decision_init(&d, room, 4096);
	rs->decide(s.game, &d);
	cr_assert_str_eq(d.kind, "shock.designate", "at the designation");
	struct ai_player *p = ai_player_new(ai_level_find("greedy"), rs, 7);
	int lines = 0, cancels = 0;
	for (;;) {
		decision_init(&d, room, 4096);
		rs->decide(s.game, &d);
		if (strcmp(d.kind, "shock.designate") != 0)
			break;
		cr_assert_lt(lines, 40, "the designation closes (%d lines, "
			     "%d cancelled)", lines, cancels);
		struct ai_move m;
		cr_assert_eq(ai_choose(p, s.game, d.side, &m), 0, "%s", m.plan);
		cancels += strncmp(m.line, "designate cancel", 16) == 0;
		session_exec(&s, m.line, &r);
		cr_assert_eq(r.status, CMD_OK, "%s: %s", m.line, r.reason);
		lines++;
	}
	cr_assert_leq(cancels, 2, "%d combats cancelled", cancels);
	ai_player_free(p);
	cmd_result_free(&r);
	session_free(&s);
}

/* ---- the Orders Phase's plans (5.2) ---- */

/* Hexes from unit id to the nearest standing enemy. */
static int enemy_steps(const struct game *g, const char *id)
{
	int best = 1 << 20;
	const struct unit *u = NULL;
	for (int i = 0; i < g->nunits; i++)
		if (strcmp(g->units[i].id, id) == 0)
			u = &g->units[i];
	cr_assert_not_null(u, "%s", id);
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *v = &g->units[i];
		if (v->side == u->side || !game_unit_in_play(v) || v->routed)
			continue;
		for (int k = 0; k < 2; k++) {
			int d = footprint_distance(&v->at, u->at.hex[k]);
			if (d < best)
				best = d;
		}
	}
	return best;
}

/* The sandbox position of lines, then side 0's Orders Phase played by
 * level (side 1's reactions by greedy) until it ends; what the plan
 * said into plan. */
static void orders_played(struct session *s, const char *const *lines,
			  const char *level, char *plan, size_t n)
{
	struct cmd_result r;
	cmd_result_init(&r);
	session_init(s, fx_loader, spqr_tables_loader, NULL, 3);
	for (int i = 0; lines[i]; i++) {
		session_exec(s, lines[i], &r);
		cr_assert_eq(r.status, CMD_OK, "%s: %s", lines[i], r.reason);
	}
	const struct ruleset *rs = session_ruleset(s);
	struct ai_player *p[2] = {ai_player_new(ai_level_find(level), rs, 9),
				  ai_player_new(ai_level_find("greedy"), rs,
						10)};
	static struct decision_answer room[4096];
	plan[0] = '\0';
	for (int k = 0; k < 300; k++) {
		struct decision d;
		decision_init(&d, room, 4096);
		rs->decide(s->game, &d);
		if (strcmp(d.kind, "orders") != 0 &&
		    strcmp(d.kind, "reaction") != 0 &&
		    strcmp(d.kind, "rout") != 0)
			break;
		int who = ai_decision_side(&d);
		ai_see(p[1 - who], s->game);
		struct ai_move m;
		cr_assert_eq(ai_choose(p[who], s->game, who, &m), 0, "%s",
			     m.plan);
		if (who == 0 && !plan[0])
			snprintf(plan, n, "%s", m.plan);
		session_exec(s, m.line, &r);
		cr_assert_eq(r.status, CMD_OK, "%s: %s", m.line, r.reason);
	}
	ai_player_free(p[0]);
	ai_player_free(p[1]);
	cmd_result_free(&r);
}

/* 5.2, 10.1: the hastati (ha1, TQ 6) carry 4 hits, two short of
 * routing, two hexes from the Carthaginian archers with the hoplites and
 * the phalanx behind them.  greedy leaves them where the line's advance
 * leaves them, in the enemy's reach; strong weighs the Orders Phase's
 * plans and takes them out of reach. */
Test(ai, strong_withdraws_a_worn_unit, .timeout = 240)
{
	static const char *const pos[] = {
		"new drill sandbox 3",
		"setup unit ha1 2615 E",
		"setup hits ha1 4",
		"setup phase movement",
		"setup active consul",
		"setup leader-state consul active",
		"continue",
		NULL};
	struct session s;
	char plan[AI_PLAN_MAX];
	orders_played(&s, pos, "greedy", plan, sizeof plan);
	int greedy_d = enemy_steps(s.game, "ha1");
	fprintf(stderr, "# greedy: ha1 %d from the enemy: %s\n", greedy_d, plan);
	session_free(&s);
	orders_played(&s, pos, "strong", plan, sizeof plan);
	int strong_d = enemy_steps(s.game, "ha1");
	fprintf(stderr, "# strong: ha1 %d from the enemy: %s\n", strong_d, plan);
	session_free(&s);
	cr_assert_gt(strong_d, greedy_d);
}

/* GBA 6.43: each pivot of a two-hex hoplite unit costs it a hit.  The
 * greedy player used to take a Line Command's double-sized hoplites
 * wherever a random legal answer went (it knew one-hex steps only), and
 * they pivoted back and forth, three hits in a move; now it takes the
 * two-hex steps the field favours, a pivot that costs a hit at most once
 * an Orders Phase per unit.  Chaeronea's first turn, greedy on both
 * sides: no unit pays more than one pivot in any Orders Phase. */
Test(ai, greedy_pays_a_hoplite_pivot_once_a_phase_gba_6_43, .timeout = 240)
{
	struct session s;
	session_init(&s, fx_loader, spqr_tables_loader, NULL, 1);
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(&s, "new chaeronea solo 1", &r);
	cr_assert_eq(r.status, CMD_OK, "%s", r.reason);
	const struct ruleset *rs = session_ruleset(&s);
	struct ai_player *side[2] = {
		ai_player_new(ai_level_find("greedy"), rs, 1),
		ai_player_new(ai_level_find("greedy"), rs, 2)};
	cr_assert(side[0] && side[1]);
	static struct decision_answer room[4096];
	int paid[BATTLE_UNITS_MAX] = {0}, pivots = 0, worst = 0;
	for (long k = 0; k < 3000 && s.game->turn <= 2 && !over(s.game);
	     k++) {
		struct decision d;
		decision_init(&d, room, 4096);
		rs->decide(s.game, &d);
		int who = ai_decision_side(&d);
		ai_see(side[1 - who], s.game);
		struct ai_move m;
		cr_assert_eq(ai_choose(side[who], s.game, who, &m), 0, "%s",
			     m.plan);
		session_exec(&s, m.line, &r);
		cr_assert_eq(r.status, CMD_OK, "%s: %s", m.line, r.reason);
		for (size_t i = 0; i < r.out.n; i++) {
			if (event_log_is(&r.out, i, "orders_phase"))
				memset(paid, 0, sizeof paid);
			const char *cause = event_log_get(&r.out, i, "cause");
			if (!event_log_is(&r.out, i, "cohesion_hit") || !cause ||
			    strcmp(cause, "front_to_flank") != 0)
				continue;
			const char *id = event_log_get(&r.out, i, "unit");
			for (int u = 0; id && u < s.game->nunits; u++)
				if (strcmp(s.game->units[u].id, id) == 0 &&
				    ++paid[u] > worst)
					worst = paid[u];
			pivots++;
		}
	}
	fprintf(stderr, "# chaeronea turns 1-2: %d pivot hits, at most %d a "
			"unit a phase\n",
		pivots, worst);
	cr_expect_leq(worst, 1, "GBA 6.43: a unit paid %d pivots in a phase",
		      worst);
	ai_player_free(side[0]);
	ai_player_free(side[1]);
	cmd_result_free(&r);
	session_free(&s);
}
