/* ai.c — the computer opponent's levels and its player (ai.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/ai.h"
#include "maniple/cmd.h"
#include "maniple/ruleset.h"
#include "maniple/session.h"

/* the most answers a decision lists (autoplay's room too) */
#define AI_ANSWERS_MAX 4096
/* lines a player gives in one decision before its level gives way to
 * random choices (a designation undone and done again, a move that cannot
 * end): the game always goes on */
#define AI_STALL_MAX 400

enum ai_kind { AI_RANDOM, AI_GREEDY };

struct ai_level {
	const char *name;
	enum ai_kind kind;
	const char *about; /* the plan's sentence: how it chose */
};

static const struct ai_level levels[] = {
	{"random", AI_RANDOM, "drawn at random among"},
	{"greedy", AI_GREEDY, "the greedy player's pick among"},
};
#define NLEVELS ((int)(sizeof levels / sizeof levels[0]))

const struct ai_level *ai_level_find(const char *name)
{
	for (int i = 0; name && i < NLEVELS; i++)
		if (strcmp(levels[i].name, name) == 0)
			return &levels[i];
	return NULL;
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
	struct decision_answer *room;
	/* lines given since the decision last moved on (stall), and where
	 * it stood: the game turn, the decision's kind and side */
	long stall;
	int stall_turn, stall_side;
	char stall_kind[DECISION_KIND_MAX];
};

struct ai_player *ai_player_new(const struct ai_level *l,
				const struct ruleset *rs, uint64_t seed)
{
	if (!l || !rs || !rs->decide || !rs->copy_for_search ||
	    (l->kind == AI_GREEDY && !rs->greedy_new))
		return NULL;
	struct ai_player *p = calloc(1, sizeof *p);
	if (!p)
		return NULL;
	p->level = l;
	p->rs = rs;
	p->rng = seed;
	p->copy_rng = seed ^ 0x6a09e667f3bcc908ull;
	p->room = calloc(AI_ANSWERS_MAX, sizeof *p->room);
	p->greedy = rs->greedy_new ? rs->greedy_new() : NULL;
	p->stall_turn = -1;
	if (!p->room || (rs->greedy_new && !p->greedy)) {
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
	free(p);
}

const struct ai_level *ai_player_level(const struct ai_player *p)
{
	return p->level;
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
	if (p->level->kind == AI_GREEDY)
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
			rs->free_copy(cp);
		}
	}
	cmd_result_free(&r);
	if (ok)
		snprintf(c->line, c->n, "%s", line);
	return ok;
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
	}
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
	snprintf(out->plan, sizeof out->plan, "%s: %s, %s the %d answers to %s (%s)",
		 p->level->name, out->line, how, d.n, d.what, d.rule);
	return 0;
}
