/* seats.c — who plays each side, and the computer's decisions played
 * through the session (seats.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/cmd.h"
#include "maniple/decision.h"
#include "maniple/ruleset.h"
#include "maniple/seats.h"

/* the answers ai_seats_due and the fallback look at */
#define SEATS_ANSWERS_MAX 256

void ai_seats_init(struct ai_seats *st)
{
	memset(st, 0, sizeof *st);
}

static void drop_players(struct ai_seats *st)
{
	for (int side = 0; side < 2; side++) {
		ai_player_free(st->player[side]);
		st->player[side] = NULL;
	}
	st->rs = NULL;
	st->game = NULL;
}

void ai_seats_free(struct ai_seats *st)
{
	drop_players(st);
}

bool ai_seats_any(const struct ai_seats *st)
{
	return st->level[0] || st->level[1];
}

bool ai_seats_from_header(struct ai_seats *st, const struct session *s)
{
	bool ok = true;
	drop_players(st);
	for (int side = 0; side < 2; side++) {
		const char *p = s->journal.h.player[side];
		st->level[side] = NULL;
		if (strncmp(p, "computer ", 9) != 0)
			continue;
		st->level[side] = ai_level_numbered(atoi(p + 9));
		ok = ok && st->level[side];
	}
	return ok;
}

void ai_seats_player_text(const struct ai_seats *st, int side, char *out,
			  size_t n)
{
	if (st->level[side])
		snprintf(out, n, "computer %d",
			 ai_level_number(st->level[side]));
	else
		snprintf(out, n, "person");
}

int ai_seats_to_header(const struct ai_seats *st, struct session *s,
		       char *err, size_t errn)
{
	char text[2][GAMEFILE_PLAYER_MAX];
	for (int side = 0; side < 2; side++)
		ai_seats_player_text(st, side, text[side], sizeof text[side]);
	const char *const player[2] = {text[0], text[1]};
	return session_set_players(s, player, err, errn);
}

/* Commands that answer no decision of the game: the table's own
 * (the live server keeps them from its clients for the same reason) */
static bool answers_nothing(const char *name)
{
	static const char *const names[] = {"undo",  "new",	"load",
					    "save",  "save!",	"branch",
					    "branch!", "roll"};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (!strcmp(name, names[i]))
			return true;
	return !strncmp(name, "setup", 5);
}

bool ai_seats_person_may(const struct ai_seats *st, const struct session *s,
			 const char *line, char *why, size_t n)
{
	const struct ruleset *rs = session_ruleset(s);
	if (!ai_seats_any(st) || !s->game || !rs || !rs->decide)
		return true;
	struct cmd_result r;
	cmd_result_init(&r);
	struct cmd_call call;
	bool found = cmd_lookup(rs->commands(), line, &call, &r) && call.def;
	cmd_result_free(&r);
	if (!found || call.def->effect != CMD_CHANGES ||
	    answers_nothing(call.def->name))
		return true; /* the session says what is wrong with it */
	char canon[CMD_LINE_MAX + 1];
	cmd_canonical(&call, canon, sizeof canon);
	struct decision_answer room[SEATS_ANSWERS_MAX];
	struct decision d;
	decision_init(&d, room, SEATS_ANSWERS_MAX);
	rs->decide(s->game, &d);
	int i = decision_find(&d, canon);
	for (int side = 0; side < 2; side++) {
		if (st->level[side])
			continue; /* the computer's */
		if (i >= 0 && decision_answer_for(&d.ans[i], side))
			return true;
		if (i < 0 && (d.side == side || d.side < 0))
			return true;
	}
	snprintf(why, n,
		 "the computer plays that side: it owes %s%s%s%s",
		 d.what[0] ? d.what : d.kind, d.rule[0] ? " (" : "", d.rule,
		 d.rule[0] ? ")" : "");
	return false;
}

int ai_seats_due(const struct ai_seats *st, const struct session *s)
{
	const struct ruleset *rs = session_ruleset(s);
	if (!ai_seats_any(st) || !s->game || !rs || !rs->decide)
		return -1;
	struct decision_answer room[SEATS_ANSWERS_MAX];
	struct decision d;
	decision_init(&d, room, SEATS_ANSWERS_MAX);
	rs->decide(s->game, &d);
	if (d.n == 0)
		return -1; /* over */
	if (d.side < 0) /* nobody owes it: a person goes on, unless none
			   plays */
		return st->level[0] && st->level[1] ? ai_decision_side(&d)
						    : -1;
	return st->level[d.side] ? d.side : -1;
}

/* The players, made for s's game (again when the game is another). */
static bool players_for(struct ai_seats *st, const struct session *s)
{
	const struct ruleset *rs = session_ruleset(s);
	if (st->game != s->game || st->rs != rs)
		drop_players(st);
	st->game = s->game;
	st->rs = rs;
	for (int side = 0; side < 2; side++) {
		if (!st->level[side] || st->player[side])
			continue;
		/* the chance of each side's player: the game's seed */
		uint64_t seed = s->journal.h.seed ^
				(side ? 0x2545f4914f6cdd1dull : 0x5deece66dull);
		st->player[side] = ai_player_new(st->level[side], rs, seed);
		if (!st->player[side])
			return false;
		ai_player_progress(st->player[side], st->progress,
				   st->progress_user);
	}
	return true;
}

int ai_seats_choose(struct ai_seats *st, const struct session *s, int side,
		    struct ai_move *m)
{
	m->line[0] = '\0';
	m->plan[0] = '\0';
	if (side < 0 || side > 1 || !st->level[side] || !s->game) {
		snprintf(m->plan, sizeof m->plan, "no computer plays side %d",
			 side);
		return -1;
	}
	if (!players_for(st, s)) {
		snprintf(m->plan, sizeof m->plan,
			 "level %s cannot play this game (or memory ran out)",
			 ai_level_name(st->level[side]));
		return -1;
	}
	if (st->player[1 - side])
		ai_see(st->player[1 - side], s->game);
	return ai_choose(st->player[side], s->game, side, m);
}

/* The plan of line noted in s's game file. */
static int note_plan(const struct ai_seats *st, struct session *s, int side,
		     const char *line, const char *sentence, char *err,
		     size_t errn)
{
	char note[CMD_LINE_MAX + 1];
	session_plan_note(note, sizeof note, side,
			  ai_level_name(st->level[side]), line, sentence);
	return session_note(s, note, err, errn);
}

int ai_seats_play(struct ai_seats *st, struct session *s, int side,
		  struct ai_move *m, ai_seats_run_fn run, void *user,
		  char *err, size_t errn)
{
	if (errn)
		err[0] = '\0';
	if (note_plan(st, s, side, m->line, m->plan, err, errn) != 0)
		return -1;
	if (run(user, m->line))
		return 0;
	/* refused on the game itself (its dice are not the copy's): the
	 * answers in turn, each with its own note */
	const struct ruleset *rs = session_ruleset(s);
	struct decision_answer *room = calloc(SEATS_ANSWERS_MAX, sizeof *room);
	if (!room || !s->game) {
		free(room);
		snprintf(err, errn, "out of memory");
		return -1;
	}
	struct decision d;
	decision_init(&d, room, SEATS_ANSWERS_MAX);
	rs->decide(s->game, &d);
	char refused[DECISION_LINE_MAX];
	snprintf(refused, sizeof refused, "%s", m->line);
	int rc = -1;
	for (int i = 0; i < d.n && rc != 0; i++) {
		if (!decision_answer_for(&d.ans[i], side) ||
		    strcmp(d.ans[i].line, refused) == 0)
			continue;
		snprintf(m->line, sizeof m->line, "%s", d.ans[i].line);
		snprintf(m->plan, sizeof m->plan,
			 "%s was refused, so the first of the answers to %s "
			 "(%s) the game takes",
			 refused, d.what, d.rule);
		if (note_plan(st, s, side, m->line, m->plan, err, errn) != 0)
			break;
		if (run(user, m->line))
			rc = 0;
	}
	if (rc != 0 && !err[0])
		snprintf(err, errn, "the game took none of side %d's answers",
			 side);
	free(room);
	return rc;
}
