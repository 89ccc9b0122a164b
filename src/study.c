/* study.c — maniple --study: N games of one battle, each side played by
 * a computer level, summed up in a table; --study-merge: the same table
 * from the rows of several studies (--tsv files).
 *
 * Game i of a study (0 <= i < N) is played on seed S+i: the dice of the
 * game are seeded with it (`new BATTLE solo SEED`) and so are the levels'
 * own choices, so a game's result depends on its seed and the two levels
 * alone.  --jobs J plays the games in J processes, --shard K/M only the
 * games with i % M == K-1; either way the rows are put back in seed order
 * before the table is made, so the table and the TSV are the same however
 * the games were spread.
 *
 * A game's winner is the game's own (11.2 withdrawal, R4 the turn limit);
 * the piece that decided it: the unit (or leader) of the losing army
 * whose elimination (11.1) brought the rout points of that army's
 * eliminated pieces to its withdrawal level (11.2); none ("-") for a
 * draw or a game decided at the turn limit short of it. */
#include "study.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <math.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "maniple/ai.h"
#include "maniple/battle.h"
#include "maniple/cmd.h"
#include "maniple/decision.h"
#include "maniple/event.h"
#include "maniple/ini.h"
#include "maniple/pending.h"
#include "maniple/sequence.h"
#include "maniple/session.h"
#include "rulesets.h"

#define STUDY_ANSWERS_MAX  4096
#define STUDY_COMMANDS_MAX 200000L /* a game longer than this is a fault */
#define STUDY_GAMES_MAX	   100000000L
#define STUDY_JOBS_MAX	   64
#define STUDY_ID_MAX	   48
#define STUDY_TSV_LINE_MAX 256
#define STUDY_DECIDERS_MAX 5 /* shown in the table */

/* ---- the levels: ai.h's, one player a side and game ---- */

int study_asked_side(const struct decision *d)
{
	if (d->side == 0 || d->side == 1)
		return d->side;
	return d->n > 0 && (d->ans[0].side == 0 || d->ans[0].side == 1)
		       ? d->ans[0].side
		       : -1;
}

/* ---- one game's row ---- */

struct row {
	uint64_t seed;
	int winner; /* 0, 1 or 2: a draw */
	int turns;
	int rp[2];
	char decided[STUDY_ID_MAX]; /* the deciding piece, or "-" */
};

struct study {
	/* what to play */
	const char *battle;
	const struct ai_level *level[2];
	char side_id[2][STUDY_ID_MAX];
	uint64_t seed;
	long games;
	int jobs, shard, shards; /* shard 1..shards */
	const char *tsv;
	battle_loader lb;
	tables_loader lt;
	void *user;
	const char *rules_dir;
	/* scratch */
	struct decision_answer *ans;
	/* the rows */
	struct row *rows;
	long nrows, cap;
	bool progress;
	long shown; /* games done when the bar was drawn last */
	long games_here;
};

static bool rows_push(struct study *st, const struct row *r)
{
	if (st->nrows == st->cap) {
		long cap = st->cap ? st->cap * 2 : 256;
		struct row *n = realloc(st->rows, (size_t)cap * sizeof *n);
		if (!n)
			return false;
		st->rows = n;
		st->cap = cap;
	}
	st->rows[st->nrows++] = *r;
	return true;
}

/* 11.1, 11.2: the piece whose elimination brought the loser's sum of
 * eliminated pieces' rout points to its withdrawal level ("-": none). */
static void find_decider(const struct game *g, int loser, char *out, size_t n)
{
	snprintf(out, n, "-");
	int level = g->battle ? g->battle->sides[loser].withdrawal_level : 0;
	if (level < 1)
		level = 1;
	int sum = 0;
	struct event e;
	for (size_t i = 0; i < g->events.n; i++) {
		if (!event_log_is(&g->events, i, "eliminated"))
			continue;
		event_log_at(&g->events, i, &e);
		const char *side = event_get(&e, "side");
		const char *rp = event_get(&e, "rp");
		if (!side || !rp || atoi(side) != loser)
			continue;
		sum += atoi(rp);
		if (sum >= level) {
			const char *who = event_get(&e, "unit");
			if (!who)
				who = event_get(&e, "leader");
			snprintf(out, n, "%s", who ? who : "-");
			return;
		}
	}
}

/* Plays game seed to its end: true with *row filled, false with err. */
static bool play_game(struct study *st, uint64_t seed, struct row *row,
		      char *err, size_t errn)
{
	struct session s;
	struct cmd_result r;
	session_init(&s, st->lb, st->lt, st->user, seed);
	s.rulesets = program_rulesets;
	s.rules_dir = st->rules_dir;
	cmd_result_init(&r);
	char line[CMD_LINE_MAX];
	snprintf(line, sizeof line, "new %s solo %" PRIu64, st->battle, seed);
	session_exec(&s, line, &r);
	bool ok = r.status == CMD_OK && s.game;
	if (!ok)
		snprintf(err, errn, "%.200s: %.250s", line, r.reason);
	/* each side's player, its chance seeded with the game's seed */
	struct ai_player *pl[2] = {NULL, NULL};
	for (int k = 0; ok && k < 2; k++) {
		pl[k] = ai_player_new(st->level[k], session_ruleset(&s),
				      seed ^ (k ? 0x2545f4914f6cdd1dull
						: 0x5deece66dull));
		if (!pl[k]) {
			snprintf(err, errn, "level %s cannot play this battle",
				 ai_level_name(st->level[k]));
			ok = false;
		}
	}
	struct decision d;
	long commands = 0;
	while (ok) {
		const struct game *g = s.game;
		if (seq_step_now(g) == SEQ_OVER || g->phase == PHASE_OVER)
			break;
		if (++commands > STUDY_COMMANDS_MAX) {
			snprintf(err, errn, "seed %" PRIu64 ": no end after %ld "
				 "commands (turn %d)", seed, STUDY_COMMANDS_MAX,
				 g->turn);
			ok = false;
			break;
		}
		decision_init(&d, st->ans, STUDY_ANSWERS_MAX);
		gboh_decision(g, &d);
		int side = study_asked_side(&d);
		struct ai_move mv;
		bool chose = false;
		if (side >= 0) {
			ai_see(pl[1 - side], g);
			chose = ai_choose(pl[side], g, side, &mv) == 0;
		}
		if (chose) {
			snprintf(line, sizeof line, "%s", mv.line);
			session_exec(&s, line, &r);
			if (r.status == CMD_OK)
				continue;
		}
		int pick = chose ? decision_find(&d, line) : -1;
		/* refused, or no answer chosen: the listed answers in turn,
		 * the side's first */
		bool done = false;
		for (int pass = 0; pass < 2 && !done; pass++)
			for (int i = 0; i < d.n && !done; i++) {
				if (i == pick ||
				    (pass == 0) !=
					    (side < 0 ||
					     decision_answer_for(&d.ans[i],
								 side)))
					continue;
				snprintf(line, sizeof line, "%s",
					 d.ans[i].line);
				session_exec(&s, line, &r);
				done = r.status == CMD_OK;
			}
		if (!done) {
			snprintf(err, errn,
				 "seed %" PRIu64 ": no listed answer accepted "
				 "at turn %d, step %s",
				 seed, g->turn, seq_step_name(seq_step_now(g)));
			ok = false;
		}
	}
	if (ok) {
		const struct game *g = s.game;
		memset(row, 0, sizeof *row);
		row->seed = seed;
		row->turns = g->turn;
		row->rp[0] = g->rout_points[0];
		row->rp[1] = g->rout_points[1];
		enum seq_result res = g->seq.result;
		row->winner = res == RESULT_SIDE0   ? 0
			      : res == RESULT_SIDE1 ? 1
						    : 2;
		if (row->winner < 2)
			find_decider(g, 1 - row->winner, row->decided,
				     sizeof row->decided);
		else
			snprintf(row->decided, sizeof row->decided, "-");
	}
	ai_player_free(pl[0]);
	ai_player_free(pl[1]);
	cmd_result_free(&r);
	session_free(&s);
	return ok;
}

/* ---- rows as text ---- */

static void row_format(const struct study *st, const struct row *r,
		       char *out, size_t n)
{
	snprintf(out, n, "%" PRIu64 "\t%s\t%d\t%d\t%d\t%s\n", r->seed,
		 r->winner < 2 ? st->side_id[r->winner] : "draw", r->turns,
		 r->rp[0], r->rp[1], r->decided);
}

static bool parse_long(const char *s, long lo, long hi, long *out)
{
	if (!s || *s < '0' || *s > '9')
		return false;
	char *end;
	errno = 0;
	long long v = strtoll(s, &end, 10);
	if (errno || *end || v < lo || v > hi)
		return false;
	*out = (long)v;
	return true;
}


/* A row's text (its line without the newline) into *r: NULL, or why
 * not.  Five fields, or six with the deciding piece. */
static const char *row_parse(const struct study *st, char *text,
			     struct row *r)
{
	char *f[7];
	int nf = 0;
	for (char *p = text;;) {
		if (nf == 7)
			return "more than 6 fields";
		f[nf++] = p;
		char *tab = strchr(p, '\t');
		if (!tab)
			break;
		*tab = '\0';
		p = tab + 1;
	}
	if (nf < 5)
		return "fewer than 5 tab-separated fields";
	if (nf > 6)
		return "more than 6 fields";
	memset(r, 0, sizeof *r);
	long v;
	if (!ini_u64(f[0], &r->seed))
		return "the seed is not a number";
	if (strcmp(f[1], st->side_id[0]) == 0)
		r->winner = 0;
	else if (strcmp(f[1], st->side_id[1]) == 0)
		r->winner = 1;
	else if (strcmp(f[1], "draw") == 0)
		r->winner = 2;
	else
		return "the winner is neither side's id nor draw";
	if (!parse_long(f[2], 1, 100000, &v))
		return "the turn is not a number from 1";
	r->turns = (int)v;
	for (int s = 0; s < 2; s++) {
		if (!parse_long(f[3 + s], 0, 1000000, &v))
			return "a rout-point count is not a number";
		r->rp[s] = (int)v;
	}
	const char *dec = nf == 6 ? f[5] : "-";
	if (!*dec || strlen(dec) >= sizeof r->decided || strpbrk(dec, " \r"))
		return "the deciding piece is not an id";
	snprintf(r->decided, sizeof r->decided, "%s", dec);
	return NULL;
}

/* ---- the table ---- */

/* 95% Wilson score interval of w successes in n, as fractions. */
static void wilson(long w, long n, double *lo, double *hi)
{
	if (n <= 0) {
		*lo = 0;
		*hi = 1;
		return;
	}
	const double z = 1.959963984540054;
	double p = (double)w / (double)n, nn = (double)n;
	double den = 1 + z * z / nn;
	double mid = (p + z * z / (2 * nn)) / den;
	double half = z * sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn)) / den;
	*lo = mid - half < 0 ? 0 : mid - half;
	*hi = mid + half > 1 ? 1 : mid + half;
}

static int row_seed_cmp(const void *a, const void *b)
{
	const struct row *x = a, *y = b;
	return x->seed < y->seed ? -1 : x->seed > y->seed;
}

struct decider {
	char id[STUDY_ID_MAX];
	int side;
	long n;
};

static int decider_cmp(const void *a, const void *b)
{
	const struct decider *x = a, *y = b;
	if (x->n != y->n)
		return x->n > y->n ? -1 : 1;
	return strcmp(x->id, y->id);
}

/* The table of the rows (in seed order); title says what was played. */
static int print_table(const struct study *st, const char *title)
{
	long n = st->nrows, wins[3] = {0, 0, 0};
	double rp[2] = {0, 0}, turns = 0;
	struct decider *dec = calloc((size_t)(n ? n : 1), sizeof *dec);
	if (!dec) {
		fprintf(stderr, "maniple: out of memory\n");
		return 1;
	}
	long ndec = 0, decided = 0;
	for (long i = 0; i < n; i++) {
		const struct row *r = &st->rows[i];
		wins[r->winner]++;
		rp[0] += r->rp[0];
		rp[1] += r->rp[1];
		turns += r->turns;
		if (r->winner == 2 || strcmp(r->decided, "-") == 0)
			continue;
		decided++;
		int loser = 1 - r->winner;
		long k = 0;
		while (k < ndec && (dec[k].side != loser ||
				    strcmp(dec[k].id, r->decided) != 0))
			k++;
		if (k == ndec) {
			snprintf(dec[k].id, sizeof dec[k].id, "%s", r->decided);
			dec[k].side = loser;
			ndec++;
		}
		dec[k].n++;
	}
	qsort(dec, (size_t)ndec, sizeof *dec, decider_cmp);
	printf("%s\n", title);
	printf("%-12s %7s  %-24s %9s\n", "side", "wins",
	       "95% interval (Wilson)", "mean RP");
	for (int s = 0; s < 2; s++) {
		double lo, hi;
		wilson(wins[s], n, &lo, &hi);
		char iv[48];
		snprintf(iv, sizeof iv, "%5.1f%% [%5.1f%%, %5.1f%%]",
			 n ? 100.0 * (double)wins[s] / (double)n : 0.0,
			 100 * lo, 100 * hi);
		printf("%-12s %7ld  %-24s %9.1f\n", st->side_id[s], wins[s], iv,
		       n ? rp[s] / (double)n : 0.0);
	}
	printf("%-12s %7ld\n", "draws", wins[2]);
	printf("mean turn the game ended: %.1f\n", n ? turns / (double)n : 0.0);
	printf("decided by (the loser's piece that brought its army to its "
	       "withdrawal level), %ld of %ld games:\n",
	       decided, n);
	for (long k = 0; k < ndec && k < STUDY_DECIDERS_MAX; k++)
		printf("  %-24s %-12s %ld\n", dec[k].id,
		       st->side_id[dec[k].side], dec[k].n);
	if (ndec == 0)
		printf("  none\n");
	printf("wins: %s %ld %s %ld draws %ld of %ld\n", st->side_id[0],
	       wins[0], st->side_id[1], wins[1], wins[2], n);
	free(dec);
	return 0;
}

/* ---- playing the games, in one process or several ---- */

static void progress(struct study *st, bool last)
{
	if (!st->progress)
		return;
	long done = st->nrows;
	if (!last && done - st->shown < 1 && done != st->games_here)
		return;
	st->shown = done;
	int width = 40;
	int fill = st->games_here ? (int)(done * width / st->games_here) : width;
	fprintf(stderr, "\r[%.*s%*s] %ld/%ld", fill,
		"########################################", width - fill, "",
		done, st->games_here);
	if (last)
		fputc('\n', stderr);
	fflush(stderr);
}

/* Game i of the shard (i % shards == shard-1), for job j of jobs. */
static bool job_plays(const struct study *st, long i, int j)
{
	long k = i / st->shards; /* the game's place in the shard */
	return i % st->shards == st->shard - 1 && k % st->jobs == j;
}

static int play_alone(struct study *st)
{
	char err[512];
	for (long i = 0; i < st->games; i++) {
		if (!job_plays(st, i, 0))
			continue;
		struct row r;
		if (!play_game(st, st->seed + (uint64_t)i, &r, err,
			       sizeof err)) {
			if (st->progress)
				fputc('\n', stderr);
			fprintf(stderr, "maniple: study: %s\n", err);
			return 1;
		}
		if (!rows_push(st, &r)) {
			fprintf(stderr, "maniple: out of memory\n");
			return 1;
		}
		progress(st, false);
	}
	return 0;
}

/* A job's process: its games' rows written to fd, one line each. */
static int job_run(struct study *st, int j, int fd)
{
	char err[512], text[STUDY_TSV_LINE_MAX];
	FILE *out = fdopen(fd, "w");
	if (!out)
		return 1;
	for (long i = 0; i < st->games; i++) {
		if (!job_plays(st, i, j))
			continue;
		struct row r;
		if (!play_game(st, st->seed + (uint64_t)i, &r, err,
			       sizeof err)) {
			fprintf(stderr, "\nmaniple: study: %s\n", err);
			fclose(out);
			return 1;
		}
		row_format(st, &r, text, sizeof text);
		fputs(text, out);
		fflush(out);
	}
	return fclose(out) == 0 ? 0 : 1;
}

struct job_pipe {
	int fd;
	pid_t pid;
	char buf[STUDY_TSV_LINE_MAX * 4];
	size_t used;
};

static int play_jobs(struct study *st)
{
	struct job_pipe *jp = calloc((size_t)st->jobs, sizeof *jp);
	struct pollfd *pf = calloc((size_t)st->jobs, sizeof *pf);
	if (!jp || !pf) {
		free(jp);
		free(pf);
		fprintf(stderr, "maniple: out of memory\n");
		return 1;
	}
	fflush(stdout);
	fflush(stderr);
	int started = 0, status = 0;
	for (int j = 0; j < st->jobs; j++) {
		int p[2];
		if (pipe(p) != 0) {
			fprintf(stderr, "maniple: pipe: %s\n", strerror(errno));
			status = 1;
			break;
		}
		pid_t pid = fork();
		if (pid < 0) {
			fprintf(stderr, "maniple: fork: %s\n", strerror(errno));
			close(p[0]);
			close(p[1]);
			status = 1;
			break;
		}
		if (pid == 0) {
			close(p[0]);
			for (int k = 0; k < j; k++)
				close(jp[k].fd);
			_exit(job_run(st, j, p[1]));
		}
		close(p[1]);
		jp[j].fd = p[0];
		jp[j].pid = pid;
		started++;
	}
	int open = started;
	while (open > 0) {
		for (int j = 0; j < started; j++) {
			pf[j].fd = jp[j].fd;
			pf[j].events = POLLIN;
			pf[j].revents = 0;
		}
		if (poll(pf, (nfds_t)started, -1) < 0) {
			if (errno == EINTR)
				continue;
			status = 1;
			break;
		}
		for (int j = 0; j < started; j++) {
			if (jp[j].fd < 0 || !pf[j].revents)
				continue;
			struct job_pipe *q = &jp[j];
			ssize_t got = read(q->fd, q->buf + q->used,
					   sizeof q->buf - q->used - 1);
			if (got <= 0) {
				close(q->fd);
				q->fd = -1;
				open--;
				continue;
			}
			q->used += (size_t)got;
			char *nl;
			while ((nl = memchr(q->buf, '\n', q->used))) {
				*nl = '\0';
				struct row r;
				const char *why = row_parse(st, q->buf, &r);
				if (why || !rows_push(st, &r)) {
					fprintf(stderr,
						"maniple: study: a job's row: "
						"%s\n",
						why ? why : "out of memory");
					status = 1;
				}
				size_t rest = q->used - (size_t)(nl + 1 - q->buf);
				memmove(q->buf, nl + 1, rest);
				q->used = rest;
			}
			if (q->used >= sizeof q->buf - 1) {
				fprintf(stderr, "maniple: study: a job's row "
						"is too long\n");
				status = 1;
				q->used = 0;
			}
			progress(st, false);
		}
	}
	for (int j = 0; j < started; j++) {
		int ws;
		if (jp[j].fd >= 0)
			close(jp[j].fd);
		if (waitpid(jp[j].pid, &ws, 0) < 0 || !WIFEXITED(ws) ||
		    WEXITSTATUS(ws) != 0)
			status = 1;
	}
	free(jp);
	free(pf);
	return status;
}

/* ---- the TSV file ---- */

static int write_tsv(const struct study *st, const char *path)
{
	FILE *f = strcmp(path, "-") == 0 ? stdout : fopen(path, "w");
	if (!f) {
		fprintf(stderr, "maniple: %s: %s\n", path, strerror(errno));
		return 2;
	}
	fprintf(f, "seed\twinner\tturns\tRP_%s\tRP_%s\tdecided\n",
		st->side_id[0], st->side_id[1]);
	char text[STUDY_TSV_LINE_MAX];
	for (long i = 0; i < st->nrows; i++) {
		row_format(st, &st->rows[i], text, sizeof text);
		fputs(text, f);
	}
	if (f != stdout ? fclose(f) != 0 : fflush(f) != 0) {
		fprintf(stderr, "maniple: %s: %s\n", path, strerror(errno));
		return 2;
	}
	return 0;
}

/* Reads one TSV file's rows into st (its sides from the header, which
 * must match st's when st has them): 0, or 2 with file:line: reason. */
static int read_tsv(struct study *st, const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "maniple: %s: %s\n", path, strerror(errno));
		return 2;
	}
	char text[STUDY_TSV_LINE_MAX + 2];
	long line = 0;
	int status = 0;
	const char *why = NULL;
	while (fgets(text, sizeof text, f)) {
		line++;
		size_t len = strlen(text);
		if (len && text[len - 1] == '\n')
			text[--len] = '\0';
		else if (!feof(f)) {
			why = "line too long";
			break;
		}
		if (line == 1) {
			char a[STUDY_ID_MAX], b[STUDY_ID_MAX];
			char rest[16] = "";
			int nf = sscanf(text,
					"seed\twinner\tturns\tRP_%47[^\t]\tRP_"
					"%47[^\t]\t%15s",
					a, b, rest);
			if (nf < 2 || (nf == 3 && strcmp(rest, "decided") != 0)) {
				why = "not the header seed, winner, turns, "
				      "RP_SIDE1, RP_SIDE2 (tab-separated)";
				break;
			}
			if (!st->side_id[0][0]) {
				snprintf(st->side_id[0], STUDY_ID_MAX, "%s", a);
				snprintf(st->side_id[1], STUDY_ID_MAX, "%s", b);
			} else if (strcmp(st->side_id[0], a) != 0 ||
				   strcmp(st->side_id[1], b) != 0) {
				why = "its sides differ from the first file's";
				break;
			}
			continue;
		}
		if (len == 0) {
			why = "an empty line";
			break;
		}
		struct row r;
		why = row_parse(st, text, &r);
		if (why)
			break;
		if (!rows_push(st, &r)) {
			why = "out of memory";
			break;
		}
	}
	if (!why && line == 0)
		why = "empty: no header";
	if (why) {
		fprintf(stderr, "%s:%ld: %s\n", path, line, why);
		status = 2;
	} else if (ferror(f)) {
		fprintf(stderr, "maniple: %s: %s\n", path, strerror(errno));
		status = 2;
	}
	fclose(f);
	return status;
}

/* ---- puzzles: a position and the answers a good player gives ---- */

#define PUZZLE_LINES_MAX 256

struct puzzle {
	const char *path;
	char title[160];
	char *line[PUZZLE_LINES_MAX]; /* the position's commands */
	int at[PUZZLE_LINES_MAX];     /* their line numbers */
	int nline;
	char *good[16], *bad[16];
	int good_at[16], bad_at[16];
	int ngood, nbad;
	char *text; /* the file, its lines cut in place */
};

static void puzzle_free(struct puzzle *pz)
{
	free(pz->text);
	memset(pz, 0, sizeof *pz);
}

/* Reads a puzzle file: NULL, or why not with *line its line. */
static const char *puzzle_read(struct puzzle *pz, const char *path, int *line)
{
	memset(pz, 0, sizeof *pz);
	pz->path = path;
	*line = 0;
	FILE *f = fopen(path, "r");
	if (!f)
		return strerror(errno);
	size_t cap = 0, len = 0;
	char buf[1024];
	size_t got;
	while ((got = fread(buf, 1, sizeof buf, f)) > 0) {
		if (len + got + 1 > cap) {
			cap = (len + got + 1) * 2;
			char *t = realloc(pz->text, cap);
			if (!t) {
				fclose(f);
				return "out of memory";
			}
			pz->text = t;
		}
		memcpy(pz->text + len, buf, got);
		len += got;
		if (len > 1 << 20) {
			fclose(f);
			return "larger than 1 MB";
		}
	}
	fclose(f);
	if (!pz->text)
		return "empty";
	pz->text[len] = '\0';
	char *p = pz->text;
	while (p && *p) {
		char *nl = strchr(p, '\n');
		if (nl)
			*nl = '\0';
		++*line;
		char *l = p;
		p = nl ? nl + 1 : NULL;
		size_t n = strlen(l);
		while (n && (l[n - 1] == ' ' || l[n - 1] == '\t' ||
			     l[n - 1] == '\r'))
			l[--n] = '\0';
		while (*l == ' ' || *l == '\t')
			l++;
		if (!*l || *l == '#')
			continue;
		if (n >= CMD_LINE_MAX)
			return "line too long";
		if (strncmp(l, "title ", 6) == 0) {
			if (pz->title[0])
				return "a second title";
			snprintf(pz->title, sizeof pz->title, "%s", l + 6);
		} else if (strncmp(l, "good ", 5) == 0 ||
			   strncmp(l, "bad ", 4) == 0) {
			bool good = *l == 'g';
			int *k = good ? &pz->ngood : &pz->nbad;
			if (*k == 16)
				return "more than 16 good or bad answers";
			(good ? pz->good : pz->bad)[*k] = l + (good ? 5 : 4);
			(good ? pz->good_at : pz->bad_at)[*k] = *line;
			++*k;
		} else if (pz->ngood || pz->nbad) {
			return "a command after the answers (the position "
			       "comes first)";
		} else {
			if (pz->nline == PUZZLE_LINES_MAX)
				return "more than 256 commands";
			pz->at[pz->nline] = *line;
			pz->line[pz->nline++] = l;
		}
	}
	if (!pz->title[0]) {
		*line = 1;
		return "no title line";
	}
	if (!pz->ngood && !pz->nbad)
		return "no good or bad answer";
	if (pz->nline == 0)
		return "no position (its commands come first)";
	return NULL;
}

/* The puzzle's position on a new session: NULL, or why not with *line
 * the refused command's line. */
static const char *puzzle_setup(struct study *st, const struct puzzle *pz,
				struct session *s, struct cmd_result *r,
				int *line)
{
	session_init(s, st->lb, st->lt, st->user, 1);
	s->rulesets = program_rulesets;
	s->rules_dir = st->rules_dir;
	cmd_result_init(r);
	for (int i = 0; i < pz->nline; i++) {
		session_exec(s, pz->line[i], r);
		if (r->status != CMD_OK) {
			*line = pz->at[i];
			return r->reason[0] ? r->reason : "refused";
		}
	}
	if (!s->game) {
		*line = pz->at[pz->nline - 1];
		return "no game at the position (start one with new)";
	}
	return NULL;
}

/* Each good and bad answer is accepted at the position: 0, or 2 with
 * file:line: reason said. */
static int puzzle_verify(struct study *st, const struct puzzle *pz)
{
	for (int k = 0; k < pz->ngood + pz->nbad; k++) {
		bool good = k < pz->ngood;
		const char *ans = good ? pz->good[k] : pz->bad[k - pz->ngood];
		int at = good ? pz->good_at[k] : pz->bad_at[k - pz->ngood];
		struct session s;
		struct cmd_result r;
		int line = 0;
		const char *why = puzzle_setup(st, pz, &s, &r, &line);
		if (!why) {
			session_exec(&s, ans, &r);
			if (r.status != CMD_OK) {
				fprintf(stderr,
					"%s:%d: the %s answer is refused at "
					"the position: %s\n",
					pz->path, at, good ? "good" : "bad",
					r.reason);
				line = -1;
			}
		} else {
			fprintf(stderr, "%s:%d: %s\n", pz->path, line, why);
		}
		cmd_result_free(&r);
		session_free(&s);
		if (why || line < 0)
			return 2;
	}
	return 0;
}

static bool puzzle_among(char *const *list, int n, const char *line)
{
	for (int i = 0; i < n; i++)
		if (strcmp(list[i], line) == 0)
			return true;
	return false;
}

/* maniple --study-puzzles --ai LEVEL FILE...: each puzzle checked, then
 * played by the level; a line each and the count solved. */
static int study_puzzles(struct study *st, const struct ai_level *lv,
			 int nfiles, char **files)
{
	int solved = 0, status = 0;
	for (int i = 0; i < nfiles && !status; i++) {
		struct puzzle pz;
		int line = 0;
		const char *why = puzzle_read(&pz, files[i], &line);
		if (why) {
			fprintf(stderr, "%s:%d: %s\n", files[i], line, why);
			puzzle_free(&pz);
			status = 2;
			break;
		}
		status = puzzle_verify(st, &pz);
		if (status) {
			puzzle_free(&pz);
			break;
		}
		struct session s;
		struct cmd_result r;
		puzzle_setup(st, &pz, &s, &r, &line);
		struct decision d;
		decision_init(&d, st->ans, STUDY_ANSWERS_MAX);
		gboh_decision(s.game, &d);
		int side = study_asked_side(&d);
		struct ai_player *pl = ai_player_new(
			lv, session_ruleset(&s), 0x5deece66dull ^ (uint64_t)i);
		struct ai_move mv;
		char played[CMD_LINE_MAX] = "";
		bool chose = pl && side >= 0 &&
			     ai_choose(pl, s.game, side, &mv) == 0;
		if (chose)
			snprintf(played, sizeof played, "%s", mv.line);
		ai_player_free(pl);
		bool ok = chose &&
			  (pz.ngood == 0 ||
			   puzzle_among(pz.good, pz.ngood, played)) &&
			  !puzzle_among(pz.bad, pz.nbad, played);
		solved += ok;
		const char *base = strrchr(files[i], '/');
		printf("%s %s: %s (played: %s)\n", ok ? "solved" : "missed",
		       base ? base + 1 : files[i], pz.title,
		       chose ? played : "nothing");
		cmd_result_free(&r);
		session_free(&s);
		puzzle_free(&pz);
	}
	if (!status)
		printf("puzzles: %s solved %d of %d\n", ai_level_name(lv),
		       solved, nfiles);
	return status;
}

/* ---- the command line ---- */

static void study_usage(FILE *f)
{
	char names[128];
	ai_level_names(names, sizeof names);
	fprintf(f,
		"Usage: maniple --study BATTLE --games N --ai SIDE=LEVEL "
		"--ai SIDE=LEVEL\n"
		"               [--seed S] [--jobs J] [--shard K/M] "
		"[--tsv FILE]\n"
		"       maniple --study-merge FILE...\n"
		"       maniple --study-puzzles --ai LEVEL FILE...\n"
		"Plays N games of BATTLE (seeds S, S+1, ...; S 1 unless "
		"given), each side\n"
		"played by the computer at LEVEL (%s), and prints a table:\n"
		"each side's wins with a 95%% Wilson interval, draws, mean rout "
		"points,\n"
		"the mean turn the games ended, the pieces that most often "
		"decided the\n"
		"battle; its last line: wins: SIDE1 W1 SIDE2 W2 draws D of N.\n"
		"  --jobs J     play in J processes (the results do not "
		"change)\n"
		"  --shard K/M  play only games K, K+M, K+2M, ... (the K-th of "
		"M slices)\n"
		"  --tsv FILE   write one row per game (seed, winner, turns, "
		"rout points,\n"
		"               the deciding piece); --study-merge makes the "
		"table of\n"
		"               several such files\n"
		"--study-puzzles plays each puzzle FILE (a position, the "
		"good and bad\n"
		"answers) by LEVEL and counts those it solves.\n",
		names);
}

static int side_of(const struct battle *b, const char *name, size_t n)
{
	if (n == 1 && (name[0] == '1' || name[0] == '2'))
		return name[0] - '1'; /* by the battle file's order */
	for (int s = 0; s < 2; s++)
		if ((strlen(b->sides[s].id) == n &&
		     strncasecmp(b->sides[s].id, name, n) == 0) ||
		    (strlen(b->sides[s].name) == n &&
		     strncasecmp(b->sides[s].name, name, n) == 0))
			return s;
	return -1;
}

int study_ai_arg(const struct battle *b, const char *arg, bool level_needed,
		 const struct ai_level *level[2])
{
	const char *eq = strchr(arg, '=');
	char names[128];
	ai_level_names(names, sizeof names);
	if (!eq && level_needed) {
		fprintf(stderr, "maniple: --ai %s: not SIDE=LEVEL\n", arg);
		return 2;
	}
	size_t n = eq ? (size_t)(eq - arg) : strlen(arg);
	int s = side_of(b, arg, n);
	const struct ai_level *lv = eq ? ai_level_find(eq + 1)
				       : ai_level_default();
	if (s < 0) {
		fprintf(stderr,
			"maniple: --ai %s: %s has no side %.*s (its sides: "
			"%s, %s)\n",
			arg, b->id, (int)n, arg, b->sides[0].id,
			b->sides[1].id);
		return 2;
	}
	if (!lv) {
		fprintf(stderr, "maniple: --ai %s: no level %s (levels: %s)\n",
			arg, eq + 1, names);
		return 2;
	}
	if (level[s]) {
		fprintf(stderr, "maniple: --ai %s: side %s given twice\n", arg,
			b->sides[s].id);
		return 2;
	}
	level[s] = lv;
	return 0;
}

static int study_merge(struct study *st, int nfiles, char **files)
{
	if (nfiles < 1) {
		fprintf(stderr, "maniple: --study-merge needs a FILE\n");
		return 2;
	}
	for (int i = 0; i < nfiles; i++) {
		int status = read_tsv(st, files[i]);
		if (status)
			return status;
	}
	qsort(st->rows, (size_t)st->nrows, sizeof *st->rows, row_seed_cmp);
	for (long i = 1; i < st->nrows; i++)
		if (st->rows[i].seed == st->rows[i - 1].seed) {
			fprintf(stderr,
				"maniple: --study-merge: seed %" PRIu64
				" is in the rows twice\n",
				st->rows[i].seed);
			return 2;
		}
	char title[160];
	snprintf(title, sizeof title, "study merged from %d file%s: %ld games",
		 nfiles, nfiles == 1 ? "" : "s", st->nrows);
	return print_table(st, title);
}

bool study_asked(int argc, char **argv)
{
	for (int i = 1; i < argc; i++)
		if (strcmp(argv[i], "--study") == 0 ||
		    strncmp(argv[i], "--study=", 8) == 0 ||
		    strcmp(argv[i], "--study-merge") == 0 ||
		    strcmp(argv[i], "--study-puzzles") == 0)
			return true;
	return false;
}

int study_main(int argc, char **argv, battle_loader lb, tables_loader lt,
	       void *user, const char *rules_dir)
{
	enum { O_STUDY = 256, O_MERGE, O_GAMES, O_AI, O_SEED, O_JOBS,
	       O_SHARD, O_TSV, O_PUZZLES };
	static const struct option longopts[] = {
		{"study", required_argument, NULL, O_STUDY},
		{"study-merge", no_argument, NULL, O_MERGE},
		{"games", required_argument, NULL, O_GAMES},
		{"ai", required_argument, NULL, O_AI},
		{"seed", required_argument, NULL, O_SEED},
		{"jobs", required_argument, NULL, O_JOBS},
		{"shard", required_argument, NULL, O_SHARD},
		{"tsv", required_argument, NULL, O_TSV},
		{"study-puzzles", no_argument, NULL, O_PUZZLES},
		{NULL, 0, NULL, 0},
	};
	struct study st;
	memset(&st, 0, sizeof st);
	st.lb = lb;
	st.lt = lt;
	st.user = user;
	st.rules_dir = rules_dir;
	st.seed = 1;
	st.jobs = 1;
	st.shard = st.shards = 1;
	bool merge = false, puzzles = false;
	const char *ai[8];
	int nai = 0;
	long v;
	int c;
	for (int i = 1; i < argc; i++)
		if (strcmp(argv[i], "--help") == 0) {
			study_usage(stdout);
			return 0;
		}
	optind = 1;
	opterr = 1;
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (c) {
		case O_STUDY:
			st.battle = optarg;
			break;
		case O_MERGE:
			merge = true;
			break;
		case O_PUZZLES:
			puzzles = true;
			break;
		case O_GAMES:
			if (!parse_long(optarg, 1, STUDY_GAMES_MAX, &v)) {
				fprintf(stderr,
					"maniple: --games: %s is not a number "
					"from 1 to %ld\n",
					optarg, STUDY_GAMES_MAX);
				return 2;
			}
			st.games = v;
			break;
		case O_AI:
			if (nai == 8) {
				fprintf(stderr, "maniple: too many --ai\n");
				return 2;
			}
			ai[nai++] = optarg;
			break;
		case O_SEED:
			if (!ini_u64(optarg, &st.seed)) {
				fprintf(stderr, "maniple: bad seed %s\n",
					optarg);
				return 2;
			}
			break;
		case O_JOBS:
			if (!parse_long(optarg, 1, STUDY_JOBS_MAX, &v)) {
				fprintf(stderr,
					"maniple: --jobs: %s is not a number "
					"from 1 to %d\n",
					optarg, STUDY_JOBS_MAX);
				return 2;
			}
			st.jobs = (int)v;
			break;
		case O_SHARD: {
			char k[24], m[24];
			const char *slash = strchr(optarg, '/');
			long kv, mv;
			size_t kl = slash ? (size_t)(slash - optarg) : 0;
			if (!slash || kl >= sizeof k ||
			    strlen(slash + 1) >= sizeof m) {
				fprintf(stderr, "maniple: --shard: %s is not "
						"K/M\n",
					optarg);
				return 2;
			}
			memcpy(k, optarg, kl);
			k[kl] = '\0';
			snprintf(m, sizeof m, "%s", slash + 1);
			if (!parse_long(m, 1, STUDY_GAMES_MAX, &mv) ||
			    !parse_long(k, 1, mv, &kv)) {
				fprintf(stderr,
					"maniple: --shard: %s is out of range "
					"(K from 1 to M)\n",
					optarg);
				return 2;
			}
			st.shard = (int)kv;
			st.shards = (int)mv;
			break;
		}
		case O_TSV:
			st.tsv = optarg;
			break;
		default:
			fprintf(stderr, "Try 'maniple --study --help' for "
					"more information.\n");
			return 2;
		}
	}
	if (puzzles) {
		const struct ai_level *lv =
			nai == 1 ? ai_level_find(ai[0]) : NULL;
		char names[128];
		ai_level_names(names, sizeof names);
		if (nai != 1 || !lv || st.battle || merge || optind >= argc) {
			fprintf(stderr,
				"maniple: --study-puzzles needs --ai LEVEL "
				"(%s) and puzzle files\n",
				names);
			return 2;
		}
		st.ans = calloc(STUDY_ANSWERS_MAX, sizeof *st.ans);
		if (!st.ans) {
			fprintf(stderr, "maniple: out of memory\n");
			return 1;
		}
		int status = study_puzzles(&st, lv, argc - optind,
					   argv + optind);
		free(st.ans);
		return status;
	}
	if (merge) {
		if (st.battle || nai || st.games || st.tsv) {
			fprintf(stderr, "maniple: --study-merge takes only "
					"files\n");
			return 2;
		}
		int status = study_merge(&st, argc - optind, argv + optind);
		free(st.rows);
		return status;
	}
	if (optind < argc) {
		fprintf(stderr, "maniple: --study takes no %s\n", argv[optind]);
		return 2;
	}
	if (!st.battle || !st.games) {
		fprintf(stderr, "maniple: --study needs BATTLE and --games N\n");
		return 2;
	}
	struct ini_error err;
	struct battle *b = lb(user, st.battle, &err);
	if (!b) {
		if (err.line > 0)
			fprintf(stderr, "maniple: %s:%d: %s\n", err.file,
				err.line, err.msg);
		else
			fprintf(stderr, "maniple: %s\n", err.msg);
		return 2;
	}
	for (int s = 0; s < 2; s++)
		snprintf(st.side_id[s], STUDY_ID_MAX, "%s", b->sides[s].id);
	int status = 0;
	for (int i = 0; i < nai && !status; i++)
		status = study_ai_arg(b, ai[i], true, st.level);
	if (!status && (!st.level[0] || !st.level[1])) {
		fprintf(stderr,
			"maniple: --study needs --ai SIDE=LEVEL for each side "
			"(%s, %s)\n",
			b->sides[0].id, b->sides[1].id);
		status = 2;
	}
	battle_free(b);
	if (status)
		return status;
	/* the tables load, or no game could (checked once, here) */
	st.ans = calloc(STUDY_ANSWERS_MAX, sizeof *st.ans);
	if (!st.ans) {
		fprintf(stderr, "maniple: out of memory\n");
		return 1;
	}
	st.games_here = 0;
	for (long i = 0; i < st.games; i++)
		st.games_here += i % st.shards == st.shard - 1;
	if (st.jobs > st.games_here && st.games_here > 0)
		st.jobs = (int)st.games_here;
	st.progress = isatty(STDERR_FILENO);
	status = st.jobs > 1 ? play_jobs(&st) : play_alone(&st);
	progress(&st, true);
	if (!status) {
		qsort(st.rows, (size_t)st.nrows, sizeof *st.rows, row_seed_cmp);
		char title[320], shard[48] = "";
		if (st.shards > 1)
			snprintf(shard, sizeof shard, ", shard %d/%d", st.shard,
				 st.shards);
		snprintf(title, sizeof title,
			 "study of %s: %ld games (seeds %" PRIu64 " to %" PRIu64
			 "%s), %s %s, %s %s",
			 st.battle, st.nrows, st.seed,
			 st.seed + (uint64_t)st.games - 1, shard, st.side_id[0],
			 ai_level_name(st.level[0]), st.side_id[1],
			 ai_level_name(st.level[1]));
		if (st.tsv)
			status = write_tsv(&st, st.tsv);
		if (!status)
			status = print_table(&st, title);
	}
	free(st.ans);
	free(st.rows);
	return status;
}
