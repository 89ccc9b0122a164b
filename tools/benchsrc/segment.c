/* tools/benchsrc/segment.c — times part of a command script in process,
 * for tools/bench: the Shock segment (8.4) of the Extended Shock Example
 * (tests/scripts/shock_example.txt on tests/fixtures/shock-example.ini).
 *
 *   bench-segment DATADIR BATTLE_FILE SCRIPT AFTER EXPECT REPS
 *
 * The script's `new` loads BATTLE_FILE whatever battle it names ('-':
 * the battle it names under DATADIR/scenarios); the tables come from
 * DATADIR/rules.
 * Each repetition starts a fresh session (no game file), runs the
 * script's lines up to and including the first line equal to AFTER
 * untimed (the setup), then times the rest of the lines, leaving out the
 * looking commands (`legal`, `show ...`, `help`) and comments; the timed
 * part must emit an event of kind EXPECT (shock_over: the segment ended),
 * else the figure is refused.  Prints key=value lines: reps, commands
 * (per repetition), us_mean, us_min, us_median, refused (commands the
 * game refused in the timed part, per repetition).
 * A figure tool, never a test: nothing here is asserted. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "maniple/battle.h"
#include "maniple/game.h"
#include "maniple/tables.h"

#include "loaders.h"

#define LINES_MAX 512

static double now_us(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

static bool looking(const char *l)
{
	while (*l == ' ' || *l == '\t')
		l++;
	return !*l || *l == '#' || !strncmp(l, "legal", 5) ||
	       !strncmp(l, "show", 4) || !strncmp(l, "help", 4);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* The timed part: every line but the looking ones, through the session;
 * returns how many were run.  Its own function so that a profiler can
 * count it alone (valgrind --toggle-collect=timed_part). */
__attribute__((noinline)) static int
timed_part(struct session *s, struct cmd_result *r,
		      char (*lines)[CMD_LINE_MAX], int n, const char *expect,
		      long *refused, bool *seen)
{
	int timed = 0;
	for (int i = 0; i < n; i++) {
		if (looking(lines[i]))
			continue;
		timed++;
		session_exec(s, lines[i], r);
		if (r->status != CMD_OK)
			(*refused)++;
		for (size_t e = 0; e < r->out.n; e++)
			if (event_log_is(&r->out, e, expect))
				*seen = true;
	}
	return timed;
}

int main(int argc, char **argv)
{
	if (argc != 7 || atoi(argv[6]) <= 0) {
		fprintf(stderr, "usage: bench-segment DATADIR BATTLE_FILE "
				"SCRIPT AFTER EXPECT REPS\n");
		return 2;
	}
	struct bench_data data = {
		argv[1], strcmp(argv[2], "-") != 0 ? argv[2] : NULL};
	const char *script = argv[3], *after = argv[4], *expect = argv[5];
	int reps = atoi(argv[6]);
	FILE *f = fopen(script, "r");
	if (!f) {
		perror(script);
		return 2;
	}
	static char lines[LINES_MAX][CMD_LINE_MAX];
	int n = 0, split = -1;
	while (n < LINES_MAX && fgets(lines[n], CMD_LINE_MAX, f)) {
		lines[n][strcspn(lines[n], "\n")] = '\0';
		if (split < 0 && !strcmp(lines[n], after))
			split = n + 1;
		n++;
	}
	fclose(f);
	if (split < 0) {
		fprintf(stderr, "bench-segment: no line '%s' in %s\n", after,
			script);
		return 2;
	}
	double *t = calloc((size_t)reps, sizeof *t);
	if (!t)
		return 2;
	int timed = 0;
	long refused = 0;
	for (int k = 0; k < reps; k++) {
		struct session s;
		struct cmd_result r;
		session_init(&s, bench_load_battle, bench_load_tables, &data, 1);
		cmd_result_init(&r);
		for (int i = 0; i < split; i++) {
			session_exec(&s, lines[i], &r);
			if (r.status != CMD_OK && !looking(lines[i])) {
				fprintf(stderr, "bench-segment: setup line "
						"'%s' refused: %s\n",
					lines[i], r.reason);
				return 1;
			}
		}
		bool seen = false;
		double t0 = now_us();
		timed = timed_part(&s, &r, lines + split, n - split, expect,
				   &refused, &seen);
		t[k] = now_us() - t0;
		cmd_result_free(&r);
		session_free(&s);
		if (!seen) {
			fprintf(stderr, "bench-segment: no %s event in the "
					"timed part\n",
				expect);
			return 1;
		}
	}
	double sum = 0;
	for (int k = 0; k < reps; k++)
		sum += t[k];
	qsort(t, (size_t)reps, sizeof *t, cmp_double);
	printf("reps=%d\ncommands=%d\nrefused=%ld\nus_mean=%.1f\n"
	       "us_min=%.1f\nus_median=%.1f\n",
	       reps, timed, refused / reps, sum / reps, t[0], t[reps / 2]);
	free(t);
	return 0;
}
