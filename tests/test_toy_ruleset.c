/* test_toy_ruleset.c — the session (session.h) plays a game it was never
 * written for: a toy ruleset of this file alone, reached only through
 * struct ruleset.  The toy is a pile of stones: the side to move takes 1
 * to 3 of them (`take N`); a `rain` command rolls a d10 and, on 0-4, adds
 * a stone; whoever takes the last stone wins.  A game turn ends each time
 * both sides have taken.  The toy's `take` changes the pile before it
 * checks it, so a refused take must be taken back by the session's
 * checkpoint.
 *
 * struct game and struct battle are the toy's own here: this file
 * includes no header of the SPQR rules. */
#include <criterion/criterion.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "maniple/cmd.h"
#include "maniple/decision.h"
#include "maniple/dice.h"
#include "maniple/event.h"
#include "maniple/gamefile.h"
#include "maniple/ruleset.h"
#include "maniple/session.h"

/* ---- the toy's battle and game ---- */

struct battle {
	char id[16];
	int pile;
};

struct toy_state { /* everything a command can change */
	int pile, side, turn, winner;
	int taken;	/* takes this game turn */
	struct dice dice;
};

struct game {
	struct battle *battle;
	enum game_kind kind;
	struct toy_state st;
	struct event_log events;
	struct session *session;
	bool ready;	/* its "tables" loaded */
};

static struct battle *toy_battle(void *user, const char *name,
				 struct ini_error *err)
{
	(void)user;
	int pile = strcmp(name, "ten") == 0 ? 10
		   : strcmp(name, "five") == 0 ? 5
					       : -1;
	if (pile < 0) {
		memset(err, 0, sizeof *err);
		snprintf(err->msg, sizeof err->msg, "no pile %s", name);
		return NULL;
	}
	struct battle *b = calloc(1, sizeof *b);
	cr_assert_not_null(b);
	snprintf(b->id, sizeof b->id, "%s", name);
	b->pile = pile;
	return b;
}

static int toy_tables(void *user, struct game *g, struct ini_error *err)
{
	(void)user;
	(void)err;
	g->ready = true;
	return 0;
}

static struct game *toy_new(struct battle *b, enum game_kind kind,
			    uint64_t seed)
{
	struct game *g = calloc(1, sizeof *g);
	if (!g) {
		free(b);
		return NULL;
	}
	g->battle = b;
	g->kind = kind;
	g->st.pile = b->pile;
	g->st.turn = 1;
	g->st.winner = -1;
	dice_init(&g->st.dice, seed);
	event_log_init(&g->events);
	return g;
}

static void toy_free(struct game *g)
{
	if (!g)
		return;
	free(g->battle);
	event_log_free(&g->events);
	free(g);
}

static const char *toy_unready(const struct game *g)
{
	return g->ready ? NULL : "stones";
}

static const char *toy_battle_id(const struct game *g)
{
	return g->battle->id;
}

static const char *toy_battle_ruleset(const struct game *g)
{
	(void)g;
	return "toy";
}

static int toy_turn(const struct game *g)
{
	return g->st.turn;
}

static struct event_log *toy_events(struct game *g)
{
	return &g->events;
}

static void toy_set_session(struct game *g, struct session *s)
{
	g->session = s;
}

static uint64_t fnv(const void *p, size_t n, uint64_t h)
{
	const unsigned char *c = p;
	for (size_t i = 0; i < n; i++)
		h = (h ^ c[i]) * UINT64_C(0x100000001b3);
	return h;
}

/* format 1: a hash of the state in words */
static uint64_t toy_text_digest(const struct game *g)
{
	char t[160];
	int n = snprintf(t, sizeof t,
			 "pile %d side %d turn %d winner %d taken %d rolls %lu",
			 g->st.pile, g->st.side, g->st.turn, g->st.winner,
			 g->st.taken, g->st.dice.rolls);
	return fnv(t, (size_t)n, UINT64_C(0xcbf29ce484222325));
}

/* format 2: a hash of the binary state, field by field */
static uint64_t toy_state_digest(const struct game *g)
{
	const int v[] = {g->st.pile, g->st.side, g->st.turn, g->st.winner,
			 g->st.taken};
	uint64_t h = fnv(v, sizeof v, UINT64_C(0x84222325cbf29ce4));
	return fnv(&g->st.dice.rng, sizeof g->st.dice.rng, h);
}

static void toy_decide(const struct game *g, struct decision *d)
{
	if (!g || g->st.winner >= 0)
		return;
	d->side = g->st.side;
	snprintf(d->kind, sizeof d->kind, "take");
	snprintf(d->what, sizeof d->what, "take stones");
	d->answer = false;
	for (int k = 1; k <= 3 && k <= g->st.pile; k++)
		decision_add(d->ans, d->max, &d->n, g->st.side, "", "take %d",
			     k);
	decision_add(d->ans, d->max, &d->n, g->st.side, "", "rain");
}

static bool toy_is_answer(const struct game *g)
{
	(void)g;
	return false;
}

static bool toy_after(struct game *g, size_t events_before, int turn_before)
{
	(void)events_before;
	return g->st.turn != turn_before;
}

static struct game *toy_copy(const struct game *g, uint64_t seed)
{
	struct game *c = malloc(sizeof *c);
	if (!c)
		return NULL;
	*c = *g;
	c->session = NULL;
	event_log_init(&c->events);
	dice_reseed(&c->st.dice, seed);
	return c;
}

static void toy_free_copy(struct game *c)
{
	event_log_free(&c->events);
	free(c);
}

/* The rollback record: the toy's whole state is what its commands touch
 * (some 340 bytes). */
static int toy_mark(struct game *g, void **rec)
{
	struct toy_state *m = *rec ? *rec : malloc(sizeof *m);
	if (!m)
		return -1;
	*rec = m;
	*m = g->st;
	return 0;
}

static void toy_rollback(struct game *g, void *rec)
{
	g->st = *(const struct toy_state *)rec;
}

static size_t toy_record_bytes(const void *rec)
{
	return rec ? sizeof(struct toy_state) : 0;
}

/* ---- the toy's commands ---- */

static struct game *toy_game(void *ctx, struct cmd_result *r)
{
	struct session *s = ctx;
	if (!s->game)
		cmd_refuse(r, NULL, "no game");
	return s->game;
}

static void emit(struct game *g, const struct event *e)
{
	cr_assert_eq(event_log_push(&g->events, e), 0);
}

static void toy_take(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	if (!cmd_want_args(r, argc, 1, 1, "take N"))
		return;
	int n = atoi(argv[1]);
	if (n < 1 || n > 3) {
		cmd_malformed(r, "take 1, 2 or 3");
		return;
	}
	struct game *g = toy_game(ctx, r);
	if (!g)
		return;
	if (g->st.winner >= 0) {
		cmd_refuse(r, "T2", "the game is over");
		return;
	}
	int had = g->st.pile;
	g->st.pile -= n; /* changed before it is checked: the rollback's */
	g->st.taken++;
	struct event e;
	event_init(&e, "took");
	event_add(&e, "side", "%d", g->st.side);
	event_add(&e, "stones", "%d", n);
	emit(g, &e);
	if (g->st.pile < 0) {
		cmd_refuse(r, "T1", "only %d stones left", had);
		return;
	}
	if (g->st.pile == 0) {
		g->st.winner = g->st.side;
		event_init(&e, "won");
		event_add(&e, "side", "%d", g->st.side);
		emit(g, &e);
		return;
	}
	g->st.side = 1 - g->st.side;
	if (g->st.taken == 2) {
		g->st.taken = 0;
		g->st.turn++;
		event_init(&e, "turn_over");
		event_add(&e, "turn", "%d", g->st.turn);
		emit(g, &e);
	}
}

static void toy_rain(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	(void)argv;
	if (!cmd_want_args(r, argc, 0, 0, "rain"))
		return;
	struct game *g = toy_game(ctx, r);
	if (!g)
		return;
	bool forced;
	int d = dice_d10(&g->st.dice, &forced);
	struct event e;
	event_init(&e, "rain");
	event_add(&e, "die", "%d", d);
	if (d <= 4)
		g->st.pile++;
	event_add(&e, "pile", "%d", g->st.pile);
	emit(g, &e);
}

static void toy_look(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	(void)argv;
	if (!cmd_want_args(r, argc, 0, 0, "look"))
		return;
	struct game *g = toy_game(ctx, r);
	if (!g)
		return;
	struct event e;
	event_init(&e, "pile");
	event_add(&e, "stones", "%d", g->st.pile);
	event_add(&e, "side", "%d", g->st.side);
	cmd_output(r, &e);
}

static const struct cmd_def toy_defs[] = {
	SESSION_COMMAND_DEFS,
	{"take", "N", "take 1 to 3 stones", CMD_CHANGES, toy_take},
	{"rain", "", "a d10: 0-4 adds a stone", CMD_CHANGES, toy_rain},
	{"look", "", "the pile", CMD_LOOKS, toy_look},
};

static const struct cmd_table toy_table = {
	"toy", toy_defs, (int)(sizeof toy_defs / sizeof toy_defs[0]),
};

static const struct cmd_table *toy_commands(void)
{
	return &toy_table;
}

static const struct ruleset toy_rules = {
	.name = "toy",
	.commands = toy_commands,
	.new_game = toy_new,
	.free_game = toy_free,
	.unready = toy_unready,
	.battle_id = toy_battle_id,
	.battle_ruleset = toy_battle_ruleset,
	.turn = toy_turn,
	.events = toy_events,
	.set_session = toy_set_session,
	.text_digest = toy_text_digest,
	.state_digest = toy_state_digest,
	.decide = toy_decide,
	.decision_is_answer = toy_is_answer,
	.after_command = toy_after,
	.copy_for_search = toy_copy,
	.free_copy = toy_free_copy,
	.mark = toy_mark,
	.rollback = toy_rollback,
	.free_record = free,
	.record_bytes = toy_record_bytes,
};

static const struct ruleset *const toy_list[] = {&toy_rules, NULL};

/* ---- the tests ---- */

static char dir[64];

static void open_dir(void)
{
	snprintf(dir, sizeof dir, "/tmp/maniple-toy-XXXXXX");
	cr_assert_not_null(mkdtemp(dir));
}

static void toy_session(struct session *s)
{
	session_setup(s, toy_list, toy_battle, toy_tables, NULL, 7);
}

static enum cmd_status run(struct session *s, const char *line)
{
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(s, line, &r);
	enum cmd_status st = r.status;
	cmd_result_free(&r);
	return st;
}

static void ok(struct session *s, const char *line)
{
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(s, line, &r);
	cr_assert_eq(r.status, CMD_OK, "%s: %s", line, r.reason);
	cmd_result_free(&r);
}

/* A toy game in DIR/name: new, then branch into the file. */
static void start(struct session *s, const char *name, char *path, size_t n)
{
	toy_session(s);
	ok(s, "new ten solo 7");
	snprintf(path, n, "%s/%s", dir, name);
	char line[200];
	snprintf(line, sizeof line, "branch %s", path);
	ok(s, line);
}

static int count_lines(const struct session *s, const char *prefix)
{
	int k = 0;
	for (size_t i = 0; i < s->journal.n; i++)
		k += strncmp(s->journal.lines[i], prefix, strlen(prefix)) == 0;
	return k;
}

Test(toy_ruleset, the_session_journals_a_game_it_does_not_know)
{
	open_dir();
	struct session s;
	char path[128];
	start(&s, "j.game", path, sizeof path);
	cr_expect_eq(s.ruleset, &toy_rules);
	cr_expect_str_eq(s.journal.h.ruleset, "toy");
	cr_expect_str_eq(s.journal.h.battle, "ten");
	ok(&s, "take 2");
	ok(&s, "rain");
	ok(&s, "take 3"); /* both sides took: turn 2, a digest line */
	cr_expect_eq(s.game->st.turn, 2);
	cr_expect_eq(session_commands(&s), 3);
	cr_expect_eq(count_lines(&s, "digest 2 "), 1);
	char want[64];
	gamefile_digest_line(2, toy_state_digest(s.game), want, sizeof want);
	cr_expect_str_eq(s.journal.lines[s.journal.n - 1], want,
			 "format 2: the binary state's digest");
	cr_expect_eq(session_digest(&s), toy_state_digest(s.game));
	s.journal.h.version = 1; /* a game of format 1 hashes the text */
	cr_expect_eq(session_digest(&s), toy_text_digest(s.game));
	s.journal.h.version = 2;
	/* a looking command is never journalled */
	size_t n = s.journal.n;
	ok(&s, "look");
	cr_expect_eq(s.journal.n, n);
	session_free(&s);
}

Test(toy_ruleset, a_refused_command_is_rolled_back)
{
	open_dir();
	struct session s;
	char path[128];
	start(&s, "r.game", path, sizeof path);
	ok(&s, "take 3");
	ok(&s, "take 3");
	ok(&s, "take 3"); /* one stone left, side 1 to move */
	uint64_t d0 = toy_state_digest(s.game);
	size_t j0 = s.journal.n, e0 = s.game->events.n;
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(&s, "take 2", &r); /* the toy took them, then refused */
	cr_expect_eq(r.status, CMD_REFUSED);
	cr_expect_str_eq(r.reason, "only 1 stones left");
	cr_expect_str_eq(r.rule, "T1");
	cr_expect_eq(r.out.n, 0, "a refusal shows no event of the game");
	cmd_result_free(&r);
	cr_expect_eq(s.game->st.pile, 1, "the pile put back");
	cr_expect_eq(toy_state_digest(s.game), d0);
	cr_expect_eq(s.journal.n, j0);
	cr_expect_eq(s.game->events.n, e0, "its events cut off");
	cr_expect(s.why_refused);
	cr_expect_str_eq(s.why_line, "take 2");
	cr_expect_not_null(s.ckpt, "the checkpoint kept for the next command");
	cr_expect_eq(toy_rules.record_bytes(s.ckpt), sizeof(struct toy_state));
	/* a malformed line never reaches the rules */
	cr_expect_eq(run(&s, "take 9"), CMD_MALFORMED);
	cr_expect_eq(run(&s, "fly"), CMD_MALFORMED);
	ok(&s, "take 1");
	cr_expect_eq(s.game->st.winner, 1, "side 1 took the last stone");
	cr_expect_eq(run(&s, "take 1"), CMD_REFUSED);
	session_free(&s);
}

/* The game's events in one string, a line each. */
static void events_text(const struct game *g, char *buf, size_t n)
{
	size_t at = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < g->events.n && at < n; i++) {
		char e[256];
		event_log_format(&g->events, i, e, sizeof e);
		at += (size_t)snprintf(buf + at, n - at, "%s\n", e);
	}
}

/* What a refusal must leave as it was: the state, its digest, the events
 * and the journal. */
struct seen {
	struct toy_state st;
	uint64_t digest;
	size_t events, lines;
	char ev[16384];
	char journal[4096];
};

static void see(const struct session *s, struct seen *w)
{
	memset(w, 0, sizeof *w);
	w->st = s->game->st;
	w->digest = toy_state_digest(s->game);
	w->events = s->game->events.n;
	w->lines = s->journal.n;
	events_text(s->game, w->ev, sizeof w->ev);
	size_t at = 0;
	for (size_t i = 0; i < s->journal.n && at < sizeof w->journal; i++)
		at += (size_t)snprintf(w->journal + at, sizeof w->journal - at,
				       "%s\n", s->journal.lines[i]);
}

static void expect_same(const struct session *s, const struct seen *w,
			const char *what)
{
	struct seen now;
	see(s, &now);
	cr_expect_eq(memcmp(&now.st, &w->st, sizeof w->st), 0,
		     "%s: the state, byte for byte", what);
	cr_expect_eq(now.digest, w->digest, "%s: the digest", what);
	cr_expect_eq(now.events, w->events, "%s: the event count", what);
	cr_expect_str_eq(now.ev, w->ev, "%s: the events", what);
	cr_expect_eq(now.lines, w->lines, "%s: the journal's length", what);
	cr_expect_str_eq(now.journal, w->journal, "%s: the journal", what);
}

/* A toy session with the game file at p loaded. */
static void load_toy(struct session *t, const char *p)
{
	toy_session(t);
	struct ini_error err;
	cr_assert(session_load(t, p, &err), "%s:%d: %s", err.file, err.line,
		  err.msg);
}

/* The checkpoint interval these tests run the re-run at (the session's
 * default, SESSION_CHECKPOINT_EVERY, is 1: no re-run). */
#define TOY_EVERY 8

/* A refusal well past the session's checkpoint: the game goes back to
 * the checkpoint and the commands since run again, dice and all, so the
 * refused take (which changed the pile first) leaves nothing behind. */
Test(toy_ruleset, a_refusal_after_many_commands_goes_back_exactly)
{
	open_dir();
	struct session s;
	char path[128];
	start(&s, "k.game", path, sizeof path);
	s.checkpoint_every = TOY_EVERY;
	/* more than two checkpoints' worth, rain rolling dice all along */
	for (int i = 0; i < 2 * TOY_EVERY + 5; i++)
		ok(&s, i % 3 == 2 ? "take 1" : "rain");
	/* down to one or two stones, so that a take of 3 is refused (the
	 * toy takes them first), with commands since the checkpoint that the
	 * refused one does not take itself (it would at
	 * TOY_EVERY) */
	for (;;) {
		char take[24];
		int k = s.game->st.pile - 2 > 3 ? 3 : s.game->st.pile - 2;
		snprintf(take, sizeof take, "take %d", k);
		if (k > 0)
			ok(&s, take);
		else if (s.ckpt_since == 0 ||
			 s.ckpt_since >= TOY_EVERY)
			ok(&s, "rain");
		else
			break;
	}
	cr_assert_not_null(s.ckpt);
	cr_assert_gt(s.ckpt_since, 0, "commands since the checkpoint");
	cr_assert_lt(s.ckpt_since, TOY_EVERY);
	cr_expect_gt(s.ckpt_journal, 0, "a checkpoint later than the start");
	cr_assert_lt(s.game->st.pile, 3);
	struct seen before;
	see(&s, &before);
	cr_expect_eq(run(&s, "take 3"), CMD_REFUSED);
	expect_same(&s, &before, "a take refused after it took");
	cr_expect_eq(s.ckpt_since, 0, "a checkpoint of the game now");
	cr_expect_eq(s.ckpt_journal, s.journal.n);
	/* refused again at once: nothing to run again */
	cr_expect_eq(run(&s, "take 3"), CMD_REFUSED);
	expect_same(&s, &before, "refused again");
	/* the game goes on as if the refusals never were: a load of its
	 * file, which saw none of them, comes to the same */
	ok(&s, "rain");
	ok(&s, "rain");
	uint64_t d = toy_state_digest(s.game);
	char ev[16384];
	events_text(s.game, ev, sizeof ev);
	session_free(&s);
	struct session t;
	load_toy(&t, path);
	cr_expect_eq(toy_state_digest(t.game), d);
	char tev[16384];
	events_text(t.game, tev, sizeof tev);
	cr_expect_str_eq(tev, ev, "the same events, the same dice");
	session_free(&t);
}

/* A game file that cannot take the command's line: the command is taken
 * back as a refused one is, the journal as it was. */
Test(toy_ruleset, a_failed_append_is_taken_back)
{
	open_dir();
	struct session s;
	char path[128];
	start(&s, "w.game", path, sizeof path);
	s.checkpoint_every = TOY_EVERY;
	for (int i = 0; i < TOY_EVERY + 3; i++)
		ok(&s, i % 4 == 3 ? "take 1" : "rain");
	/* commands since the checkpoint, which the failed one keeps */
	cr_assert_gt(s.ckpt_since, 0);
	cr_assert_lt(s.ckpt_since, TOY_EVERY);
	struct seen before;
	see(&s, &before);
	/* the file's stream swapped for one that cannot be written */
	FILE *real = s.file.f;
	s.file.f = fopen(path, "r");
	cr_assert_not_null(s.file.f);
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(&s, "rain", &r); /* a die rolled and a stone maybe */
	cr_expect_eq(r.status, CMD_REFUSED);
	cr_expect(strncmp(r.reason, "game file not written", 21) == 0, "%s",
		  r.reason);
	cmd_result_free(&r);
	fclose(s.file.f);
	s.file.f = real;
	expect_same(&s, &before, "an append that failed");
	ok(&s, "rain");
	uint64_t d = toy_state_digest(s.game);
	session_free(&s);
	struct session t;
	load_toy(&t, path);
	cr_expect_eq(toy_state_digest(t.game), d, "the file as the game");
	session_free(&t);
}

Test(toy_ruleset, undo_replays_the_journal_less_its_last_commands)
{
	open_dir();
	struct session s;
	char path[128];
	start(&s, "u.game", path, sizeof path);
	ok(&s, "take 1");
	uint64_t after1 = toy_state_digest(s.game);
	ok(&s, "rain");
	ok(&s, "take 2");
	ok(&s, "rain");
	ok(&s, "undo 3");
	cr_expect_eq(toy_state_digest(s.game), after1);
	cr_expect_eq(session_commands(&s), 1);
	cr_expect_eq(count_lines(&s, "digest "), 0,
		     "the undone turn's digest went with it");
	cr_expect_eq(run(&s, "undo 5"), CMD_REFUSED);
	/* the file holds the shorter journal */
	struct session t;
	toy_session(&t);
	struct ini_error err;
	session_free(&s); /* its lock let go, so t may load the file */
	cr_assert(session_load(&t, path, &err), "%s:%d: %s", err.file,
		  err.line, err.msg);
	cr_expect_eq(toy_state_digest(t.game), after1);
	cr_expect_eq(t.game->session, &t);
	session_free(&t);
}

Test(toy_ruleset, save_branch_and_load_replay_with_digests)
{
	open_dir();
	struct session s;
	char path[128];
	start(&s, "a.game", path, sizeof path);
	const char *moves[] = {"take 2", "rain", "take 1", "rain", "rain",
			       "take 3", "take 1"};
	for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++)
		ok(&s, moves[i]);
	uint64_t d = toy_state_digest(s.game);
	char save[160], line[200];
	snprintf(save, sizeof save, "%s/copy.game", dir);
	snprintf(line, sizeof line, "save %s", save);
	ok(&s, line);
	cr_expect_eq(run(&s, line), CMD_REFUSED, "not over a file: save!");
	snprintf(line, sizeof line, "save! %s", save);
	ok(&s, line);
	/* branch: play goes on in the copy, the original stays as it was */
	char br[160];
	snprintf(br, sizeof br, "%s/branch.game", dir);
	snprintf(line, sizeof line, "branch %s", br);
	ok(&s, line);
	ok(&s, "take 1");
	uint64_t db = toy_state_digest(s.game);
	session_free(&s);

	struct session t;
	toy_session(&t);
	struct ini_error err;
	cr_assert(session_load(&t, save, &err), "%s:%d: %s", err.file,
		  err.line, err.msg);
	cr_expect_eq(toy_state_digest(t.game), d, "the saved copy replays");
	cr_expect_eq(t.ruleset, &toy_rules);
	session_free(&t);
	toy_session(&t);
	cr_assert(session_load(&t, path, &err), "%s", err.msg);
	cr_expect_eq(toy_state_digest(t.game), d, "the original did not move");
	session_free(&t);
	toy_session(&t);
	cr_assert(session_load(&t, br, &err), "%s", err.msg);
	cr_expect_eq(toy_state_digest(t.game), db, "the branch went on");
	/* the `load` command says the same through the toy's table */
	struct cmd_result r;
	cmd_result_init(&r);
	snprintf(line, sizeof line, "load %s", save);
	session_exec(&t, line, &r);
	cr_assert_eq(r.status, CMD_OK, "%s", r.reason);
	cr_expect_str_eq(event_log_kind(&r.out, 0), "loaded");
	cr_expect_str_eq(event_log_get(&r.out, 0, "battle"), "ten");
	cr_expect_str_eq(event_log_get(&r.out, 0, "kind"), "solo");
	cmd_result_free(&r);
	session_free(&t);
}

/* A digest line that the replay does not reach stops the load at it. */
Test(toy_ruleset, a_changed_digest_stops_the_load)
{
	open_dir();
	struct session s;
	char path[128];
	start(&s, "d.game", path, sizeof path);
	ok(&s, "take 2");
	ok(&s, "take 2"); /* turn 2 */
	ok(&s, "take 1");
	session_free(&s);
	/* a format 1 file of the same game, its digest one off */
	char bad[160];
	snprintf(bad, sizeof bad, "%s/bad.game", dir);
	FILE *f = fopen(bad, "w");
	cr_assert_not_null(f);
	struct game g0 = {0};
	struct battle b = {"ten", 10};
	g0.battle = &b;
	fprintf(f, "maniple-game 1\nruleset toy\nbattle ten\nkind solo\n"
		   "seed 7\nprng pcg32 54\ntake 2\ntake 2\n");
	/* the state after both takes, as format 1 hashes it */
	g0.st.pile = 6;
	g0.st.side = 0;
	g0.st.turn = 2;
	g0.st.winner = -1;
	dice_init(&g0.st.dice, 7);
	uint64_t right = toy_text_digest(&g0);
	fprintf(f, "digest 2 %016" PRIx64 "\n", right + 1);
	fclose(f);
	struct session t;
	toy_session(&t);
	struct ini_error err;
	cr_expect_not(session_load(&t, bad, &err));
	cr_expect_eq(err.line, 9, "%s", err.msg);
	cr_expect(strstr(err.msg, "digest mismatch") != NULL, "%s", err.msg);
	cr_expect_null(t.game, "a failed load leaves the session as it was");
	/* the right digest loads */
	f = fopen(bad, "w");
	cr_assert_not_null(f);
	fprintf(f, "maniple-game 1\nruleset toy\nbattle ten\nkind solo\n"
		   "seed 7\nprng pcg32 54\ntake 2\ntake 2\n"
		   "digest 2 %016" PRIx64 "\n",
		right);
	fclose(f);
	cr_assert(session_load(&t, bad, &err), "%s:%d: %s", err.file,
		  err.line, err.msg);
	cr_expect_eq(t.journal.h.version, 1);
	cr_expect_eq(session_digest(&t), right);
	session_free(&t);
}

/* An unknown ruleset in a game file's header is refused by name. */
Test(toy_ruleset, a_file_of_another_ruleset_is_refused)
{
	open_dir();
	char p[160];
	snprintf(p, sizeof p, "%s/other.game", dir);
	FILE *f = fopen(p, "w");
	cr_assert_not_null(f);
	fprintf(f, "maniple-game 1\nruleset chess\nbattle ten\nkind solo\n"
		   "seed 7\nprng pcg32 54\n");
	fclose(f);
	struct session t;
	toy_session(&t);
	struct ini_error err;
	cr_expect_not(session_load(&t, p, &err));
	cr_expect_str_eq(err.msg, "unknown ruleset chess (known: toy)");
	session_free(&t);
}

/* The decision and a copy for search come through the seam too. */
Test(toy_ruleset, decision_and_search_copy)
{
	struct session s;
	toy_session(&s);
	ok(&s, "new five hotseat 3");
	struct decision_answer room[8];
	struct decision d;
	decision_init(&d, room, 8);
	s.ruleset->decide(s.game, &d);
	cr_expect_eq(d.side, 0);
	cr_expect_eq(d.n, 4);
	cr_expect_str_eq(d.ans[0].line, "take 1");
	struct game *c = s.ruleset->copy_for_search(s.game, 99);
	cr_assert_not_null(c);
	cr_expect_null(c->session);
	cr_expect_eq(c->st.pile, 5);
	bool forced;
	int a = dice_d10(&c->st.dice, &forced);
	int b = dice_d10(&s.game->st.dice, &forced);
	(void)a;
	(void)b;
	cr_expect_neq(c->st.dice.rng.state, s.game->st.dice.rng.state,
		      "the copy rolls its own dice");
	s.ruleset->free_copy(c);
	/* hotseat: an undo waits for the other side (R9) */
	ok(&s, "take 1");
	ok(&s, "undo 1");
	cr_expect_eq(s.undo_asked, 1);
	ok(&s, "undo agree");
	cr_expect_eq(s.game->st.pile, 5);
	session_free(&s);
}
