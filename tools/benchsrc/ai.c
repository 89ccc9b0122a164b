/* ai.c — bench-ai: the computer opponent's levels measured (figures for
 * tools/bench and doc, never asserted).  Plays PAIRS pairs of BATTLE: on
 * seed S+k, level A takes the first side and B the second, then the
 * sides swapped on the same seed; each pair is won by the level whose
 * rout-point margin (the enemy's rout points less its own) summed over
 * the two games is positive.  Prints key=value lines: the pairs each
 * level won and drew, and for each level the CPU time per Orders Phase
 * (its decisions from the first order to the next activation) and per
 * decision of each other kind, mean and worst.
 *
 * Usage: bench-ai SRCDIR BATTLE LEVEL_A LEVEL_B PAIRS [SEED] */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "maniple/ai.h"
#include "maniple/battle.h"
#include "maniple/decision.h"
#include "maniple/game.h"
#include "maniple/sequence.h"
#include "maniple/session.h"
#include "../../src/rulesets.h"

#define KINDS 24
#define MAX_COMMANDS 40000

struct timing {
	char kind[KINDS][DECISION_KIND_MAX];
	double sum[KINDS], worst[KINDS];
	long n[KINDS];
	int nk;
	double phase, phase_sum, phase_worst; /* the Orders Phase open */
	long phases;
};

static const char *srcdir;

static struct battle *load_battle(void *user, const char *name,
				  struct ini_error *err)
{
	(void)user;
	char path[1200];
	memset(err, 0, sizeof *err);
	if (!battle_path(srcdir, name, path, (int)sizeof path)) {
		snprintf(err->msg, sizeof err->msg, "no battle %s", name);
		return NULL;
	}
	return battle_load(path, err);
}

static int load_tables(void *user, struct game *g, struct ini_error *err)
{
	(void)user;
	return program_load_tables(srcdir, g, err);
}

static double cpu_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void add(struct timing *t, const char *kind, double s)
{
	int k = 0;
	while (k < t->nk && strcmp(t->kind[k], kind) != 0)
		k++;
	if (k == t->nk) {
		if (t->nk == KINDS)
			return;
		snprintf(t->kind[t->nk++], DECISION_KIND_MAX, "%s", kind);
	}
	t->sum[k] += s;
	t->n[k]++;
	if (s > t->worst[k])
		t->worst[k] = s;
}

static void phase_close(struct timing *t)
{
	if (t->phase < 0)
		return;
	t->phase_sum += t->phase;
	t->phases++;
	if (t->phase > t->phase_worst)
		t->phase_worst = t->phase;
	t->phase = -1;
}

/* One game on seed, level a on side 0 and b on side 1; the rout points
 * each side lost into rp. */
static int game(const char *battle, uint64_t seed, const struct ai_level *a,
		const struct ai_level *b, struct timing *ta, struct timing *tb,
		int rp[2])
{
	struct session s;
	session_setup(&s, program_rulesets, load_battle, load_tables, NULL,
		      seed);
	struct cmd_result r;
	cmd_result_init(&r);
	char line[256];
	snprintf(line, sizeof line, "new %s solo %" PRIu64, battle, seed);
	session_exec(&s, line, &r);
	if (r.status != CMD_OK) {
		fprintf(stderr, "bench-ai: %s: %s\n", line, r.reason);
		return -1;
	}
	const struct ruleset *rs = session_ruleset(&s);
	struct ai_player *pl[2] = {ai_player_new(a, rs, seed * 2 + 1),
				   ai_player_new(b, rs, seed * 2 + 2)};
	struct timing *tm[2] = {ta, tb};
	static struct decision_answer room[4096];
	ta->phase = tb->phase = -1;
	int rc = 0;
	for (long c = 0; c < MAX_COMMANDS; c++) {
		struct game *g = s.game;
		if (seq_step_now(g) == SEQ_OVER || g->phase == PHASE_OVER)
			break;
		struct decision d;
		decision_init(&d, room, 4096);
		rs->decide(g, &d);
		int who = ai_decision_side(&d);
		ai_see(pl[1 - who], g);
		bool orders = strcmp(d.kind, "orders") == 0;
		bool inside = orders || strcmp(d.kind, "reaction") == 0 ||
			      strcmp(d.kind, "rout") == 0;
		for (int k = 0; k < 2; k++)
			if (!inside)
				phase_close(tm[k]);
		struct ai_move m;
		double t0 = cpu_now();
		if (ai_choose(pl[who], g, who, &m) != 0) {
			fprintf(stderr, "bench-ai: no answer: %s\n", m.plan);
			rc = -1;
			break;
		}
		double dt = cpu_now() - t0;
		if (orders) {
			if (tm[who]->phase < 0)
				tm[who]->phase = 0;
			tm[who]->phase += dt;
		} else {
			add(tm[who], d.kind, dt);
		}
		session_exec(&s, m.line, &r);
		if (r.status != CMD_OK) {
			fprintf(stderr, "bench-ai: refused: %s: %s\n", m.line,
				r.reason);
			rc = -1;
			break;
		}
	}
	phase_close(ta);
	phase_close(tb);
	rp[0] = s.game->rout_points[0];
	rp[1] = s.game->rout_points[1];
	ai_player_free(pl[0]);
	ai_player_free(pl[1]);
	cmd_result_free(&r);
	session_free(&s);
	return rc;
}

static void report(const char *name, const struct timing *t)
{
	printf("%s.orders_phase_ms_mean=%.2f\n%s.orders_phase_ms_worst=%.2f\n"
	       "%s.orders_phases=%ld\n",
	       name, t->phases ? 1e3 * t->phase_sum / t->phases : 0.0, name,
	       1e3 * t->phase_worst, name, t->phases);
	for (int k = 0; k < t->nk; k++)
		printf("%s.%s_ms_mean=%.3f\n%s.%s_ms_worst=%.3f\n%s.%s_n=%ld\n",
		       name, t->kind[k], 1e3 * t->sum[k] / t->n[k], name,
		       t->kind[k], 1e3 * t->worst[k], name, t->kind[k],
		       t->n[k]);
}

int main(int argc, char **argv)
{
	if (argc < 6 || argc > 7) {
		fprintf(stderr, "usage: bench-ai SRCDIR BATTLE LEVEL_A LEVEL_B "
				"PAIRS [SEED]\n");
		return 2;
	}
	srcdir = argv[1];
	const struct ai_level *a = ai_level_find(argv[3]);
	const struct ai_level *b = ai_level_find(argv[4]);
	long pairs = strtol(argv[5], NULL, 10);
	uint64_t seed = argc > 6 ? strtoull(argv[6], NULL, 10) : 1;
	if (!a || !b || pairs <= 0) {
		char names[128];
		fprintf(stderr, "bench-ai: unknown level (known: %s)\n",
			ai_level_names(names, sizeof names));
		return 2;
	}
	static struct timing ta, tb;
	long won_a = 0, won_b = 0, drawn = 0;
	for (long k = 0; k < pairs; k++) {
		int r1[2], r2[2];
		if (game(argv[2], seed + (uint64_t)k, a, b, &ta, &tb, r1) ||
		    game(argv[2], seed + (uint64_t)k, b, a, &tb, &ta, r2))
			return 1;
		/* a's margin: the enemy's rout points less its own, summed */
		int margin = (r1[1] - r1[0]) + (r2[0] - r2[1]);
		if (margin > 0)
			won_a++;
		else if (margin < 0)
			won_b++;
		else
			drawn++;
		fprintf(stderr, "bench-ai: pair %ld: margin %+d\n", k + 1,
			margin);
	}
	printf("battle=%s\npairs=%ld\n%s_won=%ld\n%s_won=%ld\ndrawn=%ld\n",
	       argv[2], pairs, argv[3], won_a, argv[4], won_b, drawn);
	report(argv[3], &ta);
	if (strcmp(argv[3], argv[4]) != 0)
		report(argv[4], &tb);
	return 0;
}
