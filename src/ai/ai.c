/* ai.c — the computer opponent's levels and its player (ai.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "maniple/ai.h"
#include "maniple/cmd.h"
#include "maniple/dice.h"
#include "maniple/event.h"
#include "maniple/ruleset.h"
#include "maniple/session.h"

/* the most answers a decision lists (autoplay's room too) */
#define AI_ANSWERS_MAX 4096
/* lines a player gives in one decision before its level gives way to
 * random choices (a designation undone and done again, a move that cannot
 * end): the game always goes on */
#define AI_STALL_MAX 400
/* positions a scope remembers against going round in circles */
#define AI_SEEN_MAX 64
/* the dice of the copies whose digests are compared */
#define AI_DIGEST_SEED 0x2545f4914f6cdd1dull

enum ai_kind { AI_RANDOM, AI_GREEDY, AI_SEARCH };

/* The search levels weigh the answers of a decision of at most this many
 * answers (a gamble, a reaction, a shock's choice, an activation); a
 * larger one, and the Orders Phase, the greedy player answers. */
#define AI_SEARCH_ANSWERS 16
/* free play is weighed when it lists at most this many answers and the
 * greedy pick is not one of them */
#define AI_FREE_WEIGHED 3
/* the shortest horizon a budget shrinks a rollout to */
#define AI_HORIZON_MIN 2
/* the faces of the die whose outcomes the search weighs exactly (the
 * core's dice are d10s: dice.h) */
#define AI_DIE_FACES 10

struct ai_level {
	const char *name;
	enum ai_kind kind;
	const char *about; /* the plan's sentence: how it chose */
	/* search: the rollouts each outcome of an answer is weighed by;
	 * the most commands each plays on past the answer before the
	 * position is weighed (it stops sooner at a point of rest: ruleset
	 * at_rest); the commands a decision's rollouts may play in all (the
	 * horizon shrinks to share them, down to AI_HORIZON_MIN); and the
	 * clock's cap on a decision in seconds (reached, the answers not
	 * yet weighed are left out) */
	int rollouts, horizon, budget;
	double cap;
	/* the Orders Phase: the rollouts each plan of the ruleset's greedy
	 * player (ruleset.h greedy_plan_name) is weighed by, all plans
	 * sharing each rollout's dice (0: no plans weighed, the greedy
	 * player's own way); the points of rest each plays through (the
	 * end of this activation, then of the next); the most commands
	 * each plays; and the clock's cap on the phase's weighing */
	int plan_rollouts, plan_rests, plan_horizon;
	double plan_cap;
	/* the shortest rollout worth playing: when the budget leaves the
	 * rollouts fewer commands each, every outcome is weighed by the
	 * position it leaves instead (exact over the die, one ply; 0:
	 * never) */
	int shortest;
	/* a battle of more pieces (ruleset pieces) than this shares out
	 * budget * pieces_full / pieces commands, as each costs the more
	 * (0: the budget whatever the battle) */
	int pieces_full;
};

static const struct ai_level levels[] = {
	{"random", AI_RANDOM, "drawn at random among", 0, 0, 0, 0, 0, 0, 0, 0,
	 0, 0},
	{"greedy", AI_GREEDY, "the greedy player's pick among", 0, 0, 0, 0, 0,
	 0, 0, 0, 0, 0},
	{"fast", AI_SEARCH, "the greedy player's pick among", 1, 12, 24, 1.0, 0,
	 0, 0, 0, 0, 0},
	{"normal", AI_SEARCH, "the greedy player's pick among", 1, 120, 60,
	 2.0, 0, 0, 0, 0, 4, 80},
	{"strong", AI_SEARCH, "the greedy player's pick among", 3, 400, 3000,
	 5.0, 16, 2, 1500, 5.0, 0, 0},
};
#define NLEVELS ((int)(sizeof levels / sizeof levels[0]))

const struct ai_level *ai_level_find(const char *name)
{
	for (int i = 0; name && i < NLEVELS; i++)
		if (strcmp(levels[i].name, name) == 0)
			return &levels[i];
	return NULL;
}

/* the numbers a game file's header gives the levels (ai.h): fixed, so
 * that an old file names the same level whatever levels come later */
static const char *const numbered[] = {NULL,	 "random", "greedy",
				       "fast", "normal", "strong"};

int ai_level_number(const struct ai_level *l)
{
	for (int k = 1; l && k < (int)(sizeof numbered / sizeof *numbered);
	     k++)
		if (strcmp(numbered[k], l->name) == 0)
			return k;
	return 0;
}

const struct ai_level *ai_level_numbered(int n)
{
	if (n < 1 || n >= (int)(sizeof numbered / sizeof *numbered))
		return NULL;
	return ai_level_find(numbered[n]);
}

const struct ai_level *ai_level_default(void)
{
	return ai_level_find("normal");
}

const char *ai_level_name(const struct ai_level *l)
{
	return l->name;
}

char *ai_level_names(char *buf, size_t n)
{
	size_t at = 0;
	if (n)
		buf[0] = '\0';
	for (int i = 0; i < NLEVELS && at < n; i++) {
		int k = snprintf(buf + at, n - at, "%s%s", i ? ", " : "",
				 levels[i].name);
		if (k < 0)
			break;
		at += (size_t)k;
	}
	return buf;
}

struct ai_player {
	const struct ai_level *level;
	const struct ruleset *rs;
	uint64_t rng;	     /* the level's chance */
	uint64_t copy_rng;   /* the dice of the copies it tries lines on */
	void *greedy;	     /* the ruleset's greedy player's memory */
	struct decision_answer *room, *room2; /* the decision; a rollout's */
	/* lines given since the decision last moved on (stall), and where
	 * it stood: the game turn, the decision's kind and side */
	long stall;
	int stall_turn, stall_side;
	char stall_kind[DECISION_KIND_MAX];
	/* the positions of this decision's scope it answered (state
	 * digests of copies with the same fixed dice): the search never
	 * picks an answer that leads back to one of them (a designation
	 * undone and done again) */
	uint64_t seen[AI_SEEN_MAX];
	int nseen;
	/* the lines a search weighs */
	char cand[AI_SEARCH_ANSWERS + 1][DECISION_LINE_MAX];
	/* the plan of the Orders Phase under way, in a sentence */
	char plan_text[AI_PLAN_MAX];
	/* who is told of each rollout (ai_player_progress), or NULL */
	ai_progress_fn progress;
	void *progress_user;
	/* the clock caps nothing (ai_player_clock_free) */
	bool clock_free;
};

struct ai_player *ai_player_new(const struct ai_level *l,
				const struct ruleset *rs, uint64_t seed)
{
	if (!l || !rs || !rs->decide || !rs->copy_for_search ||
	    (l->kind != AI_RANDOM && !rs->greedy_new) ||
	    (l->kind == AI_SEARCH && (!rs->evaluate || !rs->mark)))
		return NULL;
	struct ai_player *p = calloc(1, sizeof *p);
	if (!p)
		return NULL;
	p->level = l;
	p->rs = rs;
	p->rng = seed;
	p->copy_rng = seed ^ 0x6a09e667f3bcc908ull;
	p->room = calloc(AI_ANSWERS_MAX, sizeof *p->room);
	p->room2 = calloc(AI_ANSWERS_MAX, sizeof *p->room2);
	p->greedy = rs->greedy_new ? rs->greedy_new() : NULL;
	p->stall_turn = -1;
	if (!p->room || !p->room2 || (rs->greedy_new && !p->greedy)) {
		ai_player_free(p);
		return NULL;
	}
	return p;
}

void ai_player_free(struct ai_player *p)
{
	if (!p)
		return;
	if (p->greedy)
		p->rs->greedy_free(p->greedy);
	free(p->room);
	free(p->room2);
	free(p);
}

const struct ai_level *ai_player_level(const struct ai_player *p)
{
	return p->level;
}

void ai_player_progress(struct ai_player *p, ai_progress_fn fn, void *user)
{
	p->progress = fn;
	p->progress_user = user;
}

void ai_player_clock_free(struct ai_player *p)
{
	p->clock_free = true;
}

uint64_t *ai_player_rng(struct ai_player *p)
{
	return &p->rng;
}

void ai_see(struct ai_player *p, const struct game *g)
{
	if (p->greedy)
		p->rs->greedy_see(p->greedy, g);
}

int ai_play(struct ai_player *p, const struct game *g, const struct decision *d,
	    const struct ai_try *t)
{
	if (d->n == 0)
		return AI_PLAYED_NONE;
	if (p->level->kind != AI_RANDOM)
		return p->rs->greedy_play(p->greedy, g, d, &p->rng, t);
	return ai_try_random(d, &p->rng, t) ? AI_PLAYED : AI_PLAYED_NONE;
}

/* ---- choosing: lines tried on copies ---- */

struct chooser {
	struct ai_player *p;
	const struct game *g;
	char *line; /* the first line accepted */
	size_t n;
};

/* Frees a search copy with the events its commands logged (the copy's
 * log is its own: the ruleset's free_copy frees the copy alone). */
static void free_copy(const struct ruleset *rs, struct game *c)
{
	event_log_free(rs->events(c));
	rs->free_copy(c);
}

/* Whether line, a game-changing command, is accepted by a copy of the
 * game (with dice of its own: what it would roll says nothing of what
 * the game will). */
static bool try_on_copy(void *user, const char *line, bool listed)
{
	(void)listed; /* a line not listed is tried all the same */
	struct chooser *c = user;
	const struct ruleset *rs = c->p->rs;
	struct cmd_call call;
	struct cmd_result r;
	cmd_result_init(&r);
	bool ok = false;
	if (cmd_lookup(rs->commands(), line, &call, &r) && call.def &&
	    call.def->effect == CMD_CHANGES) {
		struct game *cp =
			rs->copy_for_search(c->g, ai_rnd(&c->p->copy_rng));
		if (cp) {
			struct session s;
			memset(&s, 0, sizeof s);
			s.game = cp;
			s.ruleset = rs;
			call.def->run(&s, call.argc, call.argv, &r);
			ok = r.status == CMD_OK;
			free_copy(rs, cp);
		}
	}
	cmd_result_free(&r);
	if (ok)
		snprintf(c->line, c->n, "%s", line);
	return ok;
}

/* ---- the search levels: open-loop rollouts on search copies ---- */

/* A rollout's game: a search copy, run through a session of its own
 * that keeps no journal (a refused line is taken back by the ruleset's
 * mark and rollback, as the session does). */
struct rollout {
	const struct ruleset *rs;
	struct game *g;
	struct session s;
	struct cmd_result r;
	void *rec; /* the mark's record */
	uint64_t trace; /* the lines played, hashed (FNV-1a) */
};

/* line run on the rollout's game; undoable: a refused line is taken
 * back (else the game is one thrown away after a refusal: no mark is
 * made, speed).  Whether it was accepted. */
static bool run_line(struct rollout *ro, const char *line, bool undoable)
{
	const struct ruleset *rs = ro->rs;
	struct cmd_call call;
	cmd_result_reset(&ro->r);
	if (!cmd_lookup(rs->commands(), line, &call, &ro->r) || !call.def ||
	    call.def->effect != CMD_CHANGES)
		return false;
	struct event_log *log = rs->events(ro->g);
	size_t n0 = log->n;
	int turn0 = rs->turn(ro->g);
	if (undoable && rs->mark(ro->g, &ro->rec) != 0)
		return false;
	call.def->run(&ro->s, call.argc, call.argv, &ro->r);
	if (ro->r.status != CMD_OK) {
		if (undoable)
			rs->rollback(ro->g, ro->rec);
		event_log_truncate(log, n0);
		return false;
	}
	rs->after_command(ro->g, n0, turn0);
	event_log_truncate(log, 0); /* a rollout keeps no history */
	for (const char *c = line; *c; c++)
		ro->trace = (ro->trace ^ (unsigned char)*c) * 0x100000001b3ull;
	ro->trace = (ro->trace ^ '\n') * 0x100000001b3ull;
	return true;
}

static bool run_on_rollout(void *user, const char *line, bool listed)
{
	(void)listed;
	return run_line(user, line, true);
}

/* A rollout's game opened: a search copy of g with the dice of seed,
 * and a greedy player's memory for it (*mem); false when memory runs
 * out.  rollout_close frees both. */
static bool rollout_open(const struct ruleset *rs, const struct game *g,
			 uint64_t seed, struct rollout *ro, void **mem)
{
	memset(ro, 0, sizeof *ro);
	ro->rs = rs;
	ro->g = rs->copy_for_search(g, seed);
	*mem = rs->greedy_new();
	if (!ro->g || !*mem) {
		if (ro->g)
			free_copy(rs, ro->g);
		rs->greedy_free(*mem);
		return false;
	}
	ro->s.game = ro->g;
	ro->s.ruleset = rs;
	ro->trace = 0xcbf29ce484222325ull; /* FNV-1a's offset basis */
	cmd_result_init(&ro->r);
	return true;
}

static void rollout_close(struct rollout *ro, void *mem)
{
	cmd_result_free(&ro->r);
	if (ro->rec)
		ro->rs->free_record(ro->rec);
	ro->rs->greedy_free(mem);
	free_copy(ro->rs, ro->g);
}

/* Plays a rollout's game on: the greedy player (memory mem, chance
 * from *rng) answering every decision of both sides, up to the rests-th
 * point of rest (ruleset at_rest) it comes to, or horizon commands. */
static void play_on(struct ai_player *p, struct rollout *ro, void *mem,
		    uint64_t *rng, int horizon, int rests)
{
	const struct ruleset *rs = p->rs;
	struct ai_try t = {run_on_rollout, ro};
	bool was_rest = false;
	int seen = 0;
	for (int h = 0; h < horizon; h++) {
		bool rest = rs->at_rest && rs->at_rest(ro->g);
		if (rest && !was_rest && ++seen >= rests)
			break;
		was_rest = rest;
		struct decision d;
		decision_init(&d, p->room2, AI_ANSWERS_MAX);
		rs->decide(ro->g, &d);
		if (d.n == 0)
			break; /* over */
		rs->greedy_see(mem, ro->g);
		if (rs->greedy_play(mem, ro->g, &d, rng, &t) !=
		    AI_PLAYED_NONE)
			continue;
		int k = 0;
		while (k < d.n && !run_on_rollout(ro, d.ans[k].line, true))
			k++;
		if (k == d.n)
			break; /* a dead end: weighed as it stands */
	}
}

/* One rollout: a copy of g with fresh dice from the player's stream,
 * the first die it rolls face (unless face < 0), line played on it,
 * then the greedy player answering every decision of both sides up to a
 * point of rest (ruleset at_rest) or horizon commands; the copy weighed
 * for side.  false when the line was refused or memory ran
 * out. */
static bool rollout(struct ai_player *p, const struct game *g, int side,
		    const char *line, int face, int horizon, double *value)
{
	const struct ruleset *rs = p->rs;
	struct rollout ro;
	void *mem;
	if (!rollout_open(rs, g, ai_rnd(&p->copy_rng), &ro, &mem))
		return false;
	if (face >= 0)
		dice_force(rs->dice(ro.g), face);
	bool ok = run_on_rollout(&ro, line, true);
	if (ok)
		play_on(p, &ro, mem, &p->rng, horizon, 1);
	if (ok)
		*value = rs->evaluate(ro.g, side);
	rollout_close(&ro, mem);
	return ok;
}

/* The faces of a die an answer's outcome comes from, and the position
 * it leads to. */
struct outcome {
	uint64_t digest;
	int face;     /* a face giving it; -1: the answer rolls no die */
	int faces;    /* how many faces give it */
	double value; /* how the position stands (the level's shortest) */
};

static bool outcome_known(const struct outcome *o, int n, uint64_t digest)
{
	for (int k = 0; k < n; k++)
		if (o[k].digest == digest)
			return true;
	return false;
}

/* line (NULL: nothing) played on a copy of g with the fixed dice, the
 * first die it rolls forced to face: the state digest after it (the
 * forced roll cleared, so that the digests of positions are the same
 * whether a die was rolled or not), whether the line rolled that die,
 * and (value not NULL) how the position stands for side, unless it is
 * one of the n outcomes known (whose value is had).  false when the
 * line is refused (or memory runs out). */
static bool play_face(struct ai_player *p, const struct game *g,
		      const char *line, int face, uint64_t *out, bool *rolled,
		      int side, double *value, const struct outcome *known,
		      int nknown)
{
	const struct ruleset *rs = p->rs;
	struct rollout ro;
	memset(&ro, 0, sizeof ro);
	ro.rs = rs;
	ro.g = rs->copy_for_search(g, AI_DIGEST_SEED);
	if (!ro.g)
		return false;
	ro.s.game = ro.g;
	ro.s.ruleset = rs;
	cmd_result_init(&ro.r);
	struct dice *dc = rs->dice ? rs->dice(ro.g) : NULL;
	if (dc)
		dice_force(dc, face);
	bool ok = !line || run_line(&ro, line, false);
	if (ok) {
		*rolled = dc && dc->nforced == 0;
		if (dc)
			dice_clear_forced(dc);
		*out = rs->state_digest(ro.g);
		if (value && !outcome_known(known, nknown, *out))
			*value = rs->evaluate(ro.g, side);
	}
	cmd_result_free(&ro.r);
	if (ro.rec)
		rs->free_record(ro.rec);
	free_copy(rs, ro.g);
	return ok;
}

/* The state digest after line (NULL: the position as it stands), its
 * first die (if any) showing 0; false when the line is refused. */
static bool digest_after(struct ai_player *p, const struct game *g,
			 const char *line, uint64_t *out)
{
	bool rolled;
	return play_face(p, g, line, 0, out, &rolled, 0, NULL, NULL, 0);
}

static bool seen_before(const struct ai_player *p, uint64_t digest)
{
	for (int i = 0; i < p->nseen; i++)
		if (p->seen[i] == digest)
			return true;
	return false;
}

static double seconds_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The outcomes of line at g, exact over the first die it rolls: played
 * on copies with the same dice, the first roll forced to each face in
 * turn, the faces leading to the same position are one outcome (o[0]
 * the one of face 0); an answer that rolls nothing has one (each
 * with the value of its position for side, for a level with a
 * shortest rollout).  How many,
 * or -1 when the line is refused (or memory runs out). */
static int outcomes(struct ai_player *p, const struct game *g, int side,
		    const char *line, struct outcome *o)
{
	int n = 0;
	for (int f = 0; f < AI_DIE_FACES; f++) {
		uint64_t dg;
		bool rolled;
		double v = 0;
		if (!play_face(p, g, line, f, &dg, &rolled, side,
			       p->level->shortest ? &v : NULL, o, n))
			return -1;
		if (!rolled) {
			o[0] = (struct outcome){dg, -1, AI_DIE_FACES, v};
			return 1;
		}
		int k = 0;
		while (k < n && o[k].digest != dg)
			k++;
		if (k == n)
			o[n++] = (struct outcome){dg, f, 0, v};
		o[k].faces++;
	}
	return n;
}

/* Weighs the answers of a decision, the n lines of cand (the listed
 * answers, and the greedy pick when the list lacks it): each one's
 * outcomes, exact over the first die it rolls (outcomes), each weighed
 * by the level's rollouts from it, the answer's value their mean by the
 * outcomes' chances; the line with the best value into out->line (ties:
 * the greedy pick, already there), with the plan in a sentence.  The
 * clock's cap, reached, leaves the answers not yet weighed out. */
static void search(struct ai_player *p, const struct game *g, int side,
		   const struct decision *d, char (*cand)[DECISION_LINE_MAX],
		   int n, struct ai_move *out)
{
	const struct ai_level *lv = p->level;
	double value[AI_SEARCH_ANSWERS + 1];
	int nout[AI_SEARCH_ANSWERS + 1] = {0};
	struct outcome o[AI_SEARCH_ANSWERS + 1][AI_DIE_FACES];
	double t0 = seconds_now();
	int spent = 0, pick = -1, total = 0;
	for (int i = 0; i < n; i++) {
		if (strcmp(cand[i], out->line) == 0)
			pick = i;
		nout[i] = outcomes(p, g, side, cand[i], o[i]);
		/* an answer that leads back to a position of this scope is
		 * not weighed (face 0 is the digest's die) */
		if (nout[i] > 0 && seen_before(p, o[i][0].digest))
			nout[i] = 0;
		if (nout[i] > 0)
			total += nout[i] * lv->rollouts;
	}
	/* the level's budget of commands shared among the rollouts: each
	 * plays as far as its share (or the horizon) reaches; a battle of
	 * many pieces, whose every command costs the more, has fewer */
	int budget = lv->budget;
	int pieces = lv->pieces_full && p->rs->pieces ? p->rs->pieces(g) : 0;
	if (pieces > lv->pieces_full)
		budget = (int)((long)budget * lv->pieces_full / pieces);
	int horizon = total ? budget / total : 0;
	if (horizon > lv->horizon)
		horizon = lv->horizon;
	if (horizon < AI_HORIZON_MIN)
		horizon = AI_HORIZON_MIN;
	/* rollouts too short to say more than the positions the outcomes
	 * leave: those positions weigh them, at their exact chances */
	bool still = total && budget / total < lv->shortest;
	bool stopped = false; /* the driver said stop (ai_player_progress) */
	for (int i = 0; i < n; i++) {
		if (nout[i] <= 0)
			continue;
		if (stopped ||
		    (!p->clock_free && seconds_now() - t0 > lv->cap)) {
			nout[i] = 0;
			continue;
		}
		double v = 0;
		bool ok = true, whole = true;
		for (int k = 0; still && k < nout[i]; k++)
			v += o[i][k].value * o[i][k].faces / AI_DIE_FACES;
		for (int k = 0; !still && k < nout[i] && ok && whole; k++) {
			double sum = 0;
			for (int r = 0; r < lv->rollouts && ok; r++) {
				double x = 0;
				if (stopped) {
					whole = false;
					break;
				}
				spent++;
				ok = rollout(p, g, side, cand[i], o[i][k].face,
					     horizon, &x);
				sum += x;
				if (p->progress &&
				    !p->progress(p->progress_user, spent,
						 total))
					stopped = true;
			}
			v += sum / lv->rollouts * o[i][k].faces / AI_DIE_FACES;
		}
		/* an answer the driver's stop cut short is left out: the
		 * answers weighed in full decide */
		if (!ok || !whole)
			nout[i] = 0;
		value[i] = v;
	}
	int best = -1, second = -1;
	for (int i = 0; i < n; i++) {
		if (nout[i] <= 0)
			continue;
		if (best < 0 || value[i] > value[best] + 1e-12 ||
		    (value[i] > value[best] - 1e-12 && i == pick)) {
			second = best;
			best = i;
		} else if (second < 0 || value[i] > value[second]) {
			second = i;
		}
	}
	if (best < 0)
		return; /* nothing weighed: the greedy pick stands */
	snprintf(out->line, sizeof out->line, "%s", cand[best]);
	char how[128];
	if (still)
		snprintf(how, sizeof how, "the position each leaves");
	else
		snprintf(how, sizeof how,
			 "%d rollouts of up to %d commands with dice of their "
			 "own in all",
			 spent, horizon);
	int k = snprintf(out->plan, sizeof out->plan,
			 "%s: %s for %s (%s): weighed over %d outcome%s of "
			 "its die at their exact chances, %s, it leaves the "
			 "rout-point margin at %+.2f",
			 lv->name, out->line, d->what, d->rule, nout[best],
			 nout[best] == 1 ? "" : "s", how, value[best]);
	if (second >= 0 && k > 0 && (size_t)k < sizeof out->plan)
		snprintf(out->plan + k, sizeof out->plan - (size_t)k,
			 ", against %+.2f for %s", value[second], cand[second]);
}

/* The search levels: every position of the scope remembered; an
 * answer asked for among few weighed (search), and so is free play
 * among few listed answers where the greedy pick is not one of them (a
 * combat designated against closing the designation), and any decision
 * among few where the greedy pick would lead back to a position of the
 * scope; among many, the first answer that does not. */
static void weigh(struct ai_player *p, const struct game *g, int side,
		  const struct decision *d, struct ai_move *out)
{
	uint64_t dg;
	if (digest_after(p, g, NULL, &dg) && !seen_before(p, dg) &&
	    p->nseen < AI_SEEN_MAX)
		p->seen[p->nseen++] = dg;
	bool repeat = digest_after(p, g, out->line, &dg) && seen_before(p, dg);
	bool listed = decision_find(d, out->line) >= 0;
	if (d->n <= AI_SEARCH_ANSWERS &&
	    ((d->answer && d->n >= 2) || repeat ||
	     (!listed && d->n <= AI_FREE_WEIGHED))) {
		char(*cand)[DECISION_LINE_MAX] = p->cand;
		int n = 0;
		for (int i = 0; i < d->n; i++)
			snprintf(cand[n++], DECISION_LINE_MAX, "%s",
				 d->ans[i].line);
		if (!listed)
			snprintf(cand[n++], DECISION_LINE_MAX, "%s", out->line);
		if (n >= 2) {
			search(p, g, side, d, cand, n, out);
			return;
		}
	}
	for (int i = 0; repeat && i < d->n; i++)
		if (digest_after(p, g, d->ans[i].line, &dg) &&
		    !seen_before(p, dg)) {
			snprintf(out->line, sizeof out->line, "%s",
				 d->ans[i].line);
			snprintf(out->plan, sizeof out->plan,
				 "%s: %s, the first of the %d answers to %s "
				 "(%s) that does not lead back to a position "
				 "already met",
				 p->level->name, out->line, d->n, d->what,
				 d->rule);
			return;
		}
}

/* ---- the Orders Phase: the greedy player's plans weighed ---- */

/* the most plans of an Orders Phase weighed */
#define AI_PLANS_MAX 16

/* One rollout of plan k for side's Orders Phase under way in g: a copy
 * with the dice of seed, the greedy player answering every decision of
 * both sides (chance from seed too), side's phase by plan k, through
 * the level's points of rest; the copy weighed for side, the lines
 * played hashed into *trace.  false when memory ran out. */
static bool plan_rollout(struct ai_player *p, const struct game *g, int side,
			 int k, uint64_t seed, double *value, uint64_t *trace)
{
	const struct ruleset *rs = p->rs;
	struct rollout ro;
	void *mem;
	if (!rollout_open(rs, g, seed, &ro, &mem))
		return false;
	rs->greedy_see(mem, ro.g);
	rs->greedy_plan_set(mem, k);
	uint64_t rng = seed ^ 0x3c6ef372fe94f82bull;
	play_on(p, &ro, mem, &rng, p->level->plan_horizon,
		p->level->plan_rests);
	*value = rs->evaluate(ro.g, side);
	*trace = ro.trace;
	rollout_close(&ro, mem);
	return true;
}

/* 5.2: the plan side's greedy player follows in the Orders Phase under
 * way in g, weighed: each plan (ruleset.h greedy_plan_name) played out
 * by the level's rollouts, every plan on the same dice in each rollout
 * (so that the plans are compared on the same luck), the plans that
 * play the very lines of an earlier one on the first dice left out as
 * the same plan; the plan with the best mean value is set in the
 * player's memory (ties: the earlier, plan 0 the greedy player's own
 * way), its sentence into p->plan_text.  The clock's cap, reached, ends
 * the weighing with the rollouts played in full for every plan. */
static void plan_search(struct ai_player *p, const struct game *g, int side)
{
	const struct ruleset *rs = p->rs;
	const struct ai_level *lv = p->level;
	int np = 0;
	while (np < AI_PLANS_MAX && rs->greedy_plan_name(np))
		np++;
	double sum[AI_PLANS_MAX] = {0};
	uint64_t trace[AI_PLANS_MAX];
	bool alive[AI_PLANS_MAX];
	int same = 0, rounds = 0, total = np * lv->plan_rollouts, spent = 0;
	for (int k = 0; k < np; k++)
		alive[k] = true;
	double t0 = seconds_now();
	bool stopped = false;
	for (int r = 0; r < lv->plan_rollouts && !stopped; r++) {
		if (r > 0 && !p->clock_free &&
		    seconds_now() - t0 > lv->plan_cap)
			break;
		uint64_t seed = ai_rnd(&p->copy_rng);
		double x[AI_PLANS_MAX];
		bool whole = true;
		for (int k = 0; k < np && whole; k++) {
			if (!alive[k])
				continue;
			uint64_t tr;
			if (!plan_rollout(p, g, side, k, seed, &x[k], &tr)) {
				whole = false;
				break;
			}
			spent++;
			if (r == 0) {
				trace[k] = tr;
				for (int j = 0; j < k && alive[k]; j++)
					if (alive[j] && trace[j] == tr) {
						alive[k] = false;
						same++;
					}
			}
			if (p->progress &&
			    !p->progress(p->progress_user, spent, total))
				stopped = true;
		}
		if (!whole || (stopped && r > 0))
			break;
		for (int k = 0; k < np; k++)
			if (alive[k])
				sum[k] += x[k];
		rounds++;
	}
	int best = 0, second = -1;
	for (int k = 1; rounds && k < np; k++) {
		if (!alive[k])
			continue;
		if (sum[k] > sum[best] + 1e-9) {
			second = best;
			best = k;
		} else if (second < 0 || sum[k] > sum[second]) {
			second = k;
		}
	}
	rs->greedy_plan_set(p->greedy, best);
	int n = snprintf(p->plan_text, sizeof p->plan_text, "%s", rs->greedy_plan_name(best));
	if (rounds && n > 0 && (size_t)n < sizeof p->plan_text)
		n += snprintf(p->plan_text + n, sizeof p->plan_text - (size_t)n,
			      " (of %d plans, %d the same as another, each "
			      "played out %d times on the same dice: it "
			      "leaves the rout-point margin at %+.2f",
			      np, same, rounds, sum[best] / rounds);
	if (rounds && second >= 0 && n > 0 && (size_t)n < sizeof p->plan_text)
		n += snprintf(p->plan_text + n,
			      sizeof p->plan_text - (size_t)n,
			      ", against %+.2f for: %s", sum[second] / rounds,
			      rs->greedy_plan_name(second));
	if (rounds && n > 0 && (size_t)n < sizeof p->plan_text)
		snprintf(p->plan_text + n, sizeof p->plan_text - (size_t)n,
			 ")");
}

/* line in the form a game file records it (cmd_canonical: no comment,
 * such as a listed answer's "# column 9 AS"), when it parses. */
static void canonical(const struct ruleset *rs, char *line, size_t n)
{
	struct cmd_call call;
	struct cmd_result r;
	cmd_result_init(&r);
	if (cmd_lookup(rs->commands(), line, &call, &r) && call.def) {
		char buf[DECISION_LINE_MAX];
		cmd_canonical(&call, buf, sizeof buf);
		snprintf(line, n, "%s", buf);
	}
	cmd_result_free(&r);
}

int ai_decision_side(const struct decision *d)
{
	if (d->side >= 0)
		return d->side;
	return d->n > 0 && d->ans[0].side >= 0 ? d->ans[0].side : 0;
}

/* The decision's answers side may give, moved to the front; how many. */
static int keep_side(struct decision *d, int side)
{
	int k = 0;
	for (int i = 0; i < d->n; i++)
		if (decision_answer_for(&d->ans[i], side))
			d->ans[k++] = d->ans[i];
	d->n = k;
	return k;
}

int ai_choose(struct ai_player *p, const struct game *g, int side,
	      struct ai_move *out)
{
	const struct ruleset *rs = p->rs;
	struct decision d;
	out->line[0] = '\0';
	out->plan[0] = '\0';
	decision_init(&d, p->room, AI_ANSWERS_MAX);
	rs->decide(g, &d);
	if (keep_side(&d, side) == 0) {
		snprintf(out->plan, sizeof out->plan,
			 "side %d has no answer to give now", side);
		return -1;
	}
	ai_see(p, g);
	int turn = rs->turn(g);
	if (turn != p->stall_turn || d.side != p->stall_side ||
	    strcmp(d.kind, p->stall_kind) != 0) {
		p->stall = 0;
		p->stall_turn = turn;
		p->stall_side = d.side;
		snprintf(p->stall_kind, sizeof p->stall_kind, "%s", d.kind);
		p->nseen = 0;
	}
	/* 5.2: an Orders Phase of side's starts with its plan weighed */
	bool plans = p->level->plan_rollouts > 0 && rs->greedy_plan &&
		     p->stall <= AI_STALL_MAX;
	if (plans && rs->greedy_plan(p->greedy, g) == -1)
		plan_search(p, g, side);
	struct chooser c = {p, g, out->line, sizeof out->line};
	struct ai_try t = {try_on_copy, &c};
	int played;
	const char *how = p->level->about;
	if (p->stall > AI_STALL_MAX) {
		played = ai_try_random(&d, &p->rng, &t) ? AI_PLAYED
							: AI_PLAYED_NONE;
		how = "stuck, so drawn at random among";
	} else {
		played = ai_play(p, g, &d, &t);
	}
	p->stall = played == AI_PLAYED_PROGRESS ? 0 : p->stall + 1;
	if (played == AI_PLAYED_NONE) {
		/* nothing its level tried was accepted: the answers in turn
		 * until one is */
		how = "the first accepted of";
		for (int i = 0; i < d.n && !out->line[0]; i++)
			try_on_copy(&c, d.ans[i].line, true);
	}
	if (!out->line[0]) {
		snprintf(out->plan, sizeof out->plan,
			 "none of the %d answers of %s (%s) was accepted", d.n,
			 d.what, d.rule);
		return -1;
	}
	int k = snprintf(out->plan, sizeof out->plan,
			 "%s: %s, %s the %d answers to %s (%s)",
			 p->level->name, out->line, how, d.n, d.what, d.rule);
	if (plans && rs->greedy_plan(p->greedy, g) >= 0 && k > 0 &&
	    (size_t)k < sizeof out->plan) {
		/* the plan's sentence after it, cut to what room is left */
		size_t at = (size_t)k, room = sizeof out->plan - 1;
		const char *parts[2] = {", by the plan: ", p->plan_text};
		for (int i = 0; i < 2; i++)
			for (const char *c = parts[i]; *c && at < room; c++)
				out->plan[at++] = *c;
		out->plan[at] = '\0';
	}
	if (p->level->kind == AI_SEARCH && p->stall <= AI_STALL_MAX)
		weigh(p, g, side, &d, out);
	canonical(rs, out->line, sizeof out->line);
	return 0;
}
