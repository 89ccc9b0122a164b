/* test_live.c — a live game (live.h): a server and its clients in one
 * process over socket pairs, the clock injected. */
#include <criterion/criterion.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "config.h"
#include "maniple/battle.h"
#include "maniple/decision.h"
#include "maniple/game.h"
#include "maniple/event.h"
#include "maniple/gamefile.h"
#include "maniple/live.h"
#include "maniple/session.h"
#include "spqr_tables.h"

static const char *srcdir(void)
{
	const char *s = getenv("MANIPLE_SRCDIR");
	return s && *s ? s : MANIPLE_SRCDIR;
}

static struct battle *real_battle(void *user, const char *name,
				  struct ini_error *err)
{
	(void)user;
	char path[4096];
	memset(err, 0, sizeof *err);
	if (!battle_path(srcdir(), name, path, (int)sizeof path))
		return NULL;
	return battle_load(path, err);
}

struct world {
	long long ms; /* the injected clock */
	char log[8192];
	struct session s;
	struct live_server sv;
	char dir[64], path[128];
};

static long long clock_of(void *user)
{
	return ((struct world *)user)->ms;
}

static void log_to(void *user, const char *line)
{
	struct world *w = user;
	size_t n = strlen(w->log);
	snprintf(w->log + n, sizeof w->log - n, "%s\n", line);
}

/* The salt's bytes of a committed game: fixed, so its files are the
 * same each run. */
static void fixed_salt(void *user, unsigned char *buf, size_t n)
{
	(void)user;
	for (size_t i = 0; i < n; i++)
		buf[i] = (unsigned char)(0x21 * (i + 3));
}

/* dice: the dice mode of a committed game (gamefile.h), NULL: format 2,
 * the seed open. */
static void world_open_dice(struct world *w, const char *battle,
			    uint64_t seed, const char *dice)
{
	memset(w, 0, sizeof *w);
	snprintf(w->dir, sizeof w->dir, "/tmp/maniple-live-XXXXXX");
	cr_assert_not_null(mkdtemp(w->dir));
	snprintf(w->path, sizeof w->path, "%s/%s.game", w->dir, battle);
	session_init(&w->s, real_battle, spqr_tables_loader, NULL, seed);
	w->s.new_dice = dice;
	w->s.random = fixed_salt;
	char err[600];
	cr_assert_eq(session_new(&w->s, battle, GAME_HOTSEAT, seed, err,
				 sizeof err), 0, "%s", err);
	cr_assert_eq(session_save(&w->s, w->path, true, true, err, sizeof err),
		     0, "%s", err);
	cr_assert_eq(live_server_init(&w->sv, &w->s, clock_of, w, log_to, w,
				      err, sizeof err), 0, "%s", err);
}

static void world_open_battle(struct world *w, const char *battle,
			      uint64_t seed)
{
	world_open_dice(w, battle, seed, NULL);
}

static void world_open(struct world *w, uint64_t seed)
{
	world_open_battle(w, "drill", seed);
}

static void world_close(struct world *w)
{
	live_server_free(&w->sv);
	session_free(&w->s);
	char cmd[200];
	snprintf(cmd, sizeof cmd, "rm -rf %s", w->dir);
	cr_expect_eq(system(cmd), 0);
}

struct player {
	struct live_client c;
	struct session s;
};

/* Steps the server and the clients until nothing moves. */
static void settle(struct world *w, struct player **p, int n)
{
	for (int round = 0; round < 200; round++) {
		int moved = 0;
		live_server_step(&w->sv, -1, NULL, 0);
		for (int i = 0; i < n; i++)
			if (p[i] && !p[i]->c.closed)
				moved += live_client_pump(&p[i]->c, 0) > 0;
		live_server_step(&w->sv, -1, NULL, 0);
		if (!moved && round > 2)
			return;
	}
}

static int join(struct world *w, struct player *p, bool watch, int seat)
{
	int sp[2];
	cr_assert_eq(socketpair(AF_UNIX, SOCK_STREAM, 0, sp), 0);
	cr_assert(live_server_add(&w->sv, sp[0], getuid()));
	session_init(&p->s, real_battle, spqr_tables_loader, NULL, 0);
	cr_assert_eq(live_client_init(&p->c, sp[1], &p->s, watch, seat), 0);
	return sp[1];
}

static void leave(struct player *p)
{
	live_client_free(&p->c);
	session_free(&p->s);
}

static uint64_t digest(struct session *s)
{
	return live_digest(s);
}

/* The fixture of most tests: a server of battle's new game (seed), two
 * players seated 0 and 1, welcomed; all[] lists them (room for a third,
 * a spectator). */
struct table {
	struct world *w;
	struct player *a, *b;
	struct player *all[3];
};

static void table_open_dice(struct table *t, const char *battle,
			    uint64_t seed, const char *dice)
{
	memset(t, 0, sizeof *t);
	t->w = calloc(1, sizeof *t->w);
	world_open_dice(t->w, battle, seed, dice);
	t->a = calloc(1, sizeof *t->a);
	t->b = calloc(1, sizeof *t->b);
	t->all[0] = t->a;
	t->all[1] = t->b;
	join(t->w, t->a, false, 0);
	join(t->w, t->b, false, 1);
	settle(t->w, t->all, 2);
	cr_assert(t->a->c.welcomed && t->b->c.welcomed, "%s", t->w->log);
}

static void table_open(struct table *t, const char *battle, uint64_t seed)
{
	table_open_dice(t, battle, seed, NULL);
}

/* A spectator joins t (all[2]), welcomed. */
static struct player *spectator(struct table *t)
{
	struct player *v = calloc(1, sizeof *v);
	t->all[2] = v;
	join(t->w, v, true, -1);
	settle(t->w, t->all, 3);
	return v;
}

/* Leaves every player still there (p->s.rulesets set: joined) and the
 * world. */
static void table_close(struct table *t)
{
	for (int i = 0; i < 3; i++)
		if (t->all[i]) {
			if (t->all[i]->c.fd >= 0 && t->all[i]->c.s)
				leave(t->all[i]);
			free(t->all[i]);
		}
	world_close(t->w);
	free(t->w);
}

/* Sends line from p and waits (stepping the server) for its answer: 1
 * accepted, 0 refused. */
static int give(struct world *w, struct player **all, int n,
		struct player *p, const char *line)
{
	w->ms += 100; /* a player types at most a few lines a second */
	long tag = live_client_send(&p->c, line);
	cr_assert_geq(tag, 0, "%s: the link is closed", line);
	for (int i = 0; i < 100 && p->c.last_tag != tag; i++)
		settle(w, all, n);
	cr_assert_eq(p->c.last_tag, tag, "%s: no answer", line);
	settle(w, all, n);
	return p->c.last_ok;
}

struct tally {
	int given[2];	  /* commands accepted from each seat */
	int active;	   /* the side whose leader gives orders, or -1 */
	int answers_other; /* answers owed by the side not in its turn */
	int offers;	   /* standing offers taken by the other side */
	int turn2;
};

/* Plays up to steps commands: the side owing the decision (as its own
 * replica tells) gives the first answer it may; the first standing
 * offer seen is taken by the side it is for.  Each replica is checked
 * against the server after each command. */
static void play(struct world *w, struct player **all, int n,
		 struct player *seat0, struct player *seat1, int steps,
		 struct tally *t)
{
	static struct decision_answer room[512];
	for (int k = 0; k < steps; k++) {
		struct session *rs = &seat0->s;
		const struct ruleset *r = session_ruleset(rs);
		struct decision d;
		decision_init(&d, room, 512);
		r->decide(rs->game, &d);
		if (r->turn(rs->game) >= 2) {
			t->turn2 = 1;
			return;
		}
		int who = d.side < 0 ? 0 : d.side;
		int pick = -1;
		if (!t->offers)
			for (int i = 0; i < d.n && pick < 0; i++)
				if (d.ans[i].side >= 0 && d.ans[i].side != d.side)
					pick = i;
		if (pick >= 0)
			who = d.ans[pick].side;
		struct player *p = who ? seat1 : seat0;
		struct player *other = who ? seat0 : seat1;
		bool done = false;
		if (pick >= 0) {
			/* the side the offer is not for may not take it */
			cr_expect_eq(give(w, all, n, other, d.ans[pick].line),
				     0, "%s from the wrong side", d.ans[pick].line);
			done = give(w, all, n, p, d.ans[pick].line) == 1;
			t->offers += done;
		}
		for (int i = 0; i < d.n && !done; i++)
			if (decision_answer_for(&d.ans[i], who))
				done = give(w, all, n, p, d.ans[i].line) == 1;
		if (!done)
			done = give(w, all, n, p, "continue") == 1;
		cr_assert(done, "nothing %d could give (%s)", who, d.kind);
		t->given[who]++;
		if (!strcmp(d.kind, "orders"))
			t->active = d.side;
		else if (d.answer && d.side >= 0 && t->active >= 0 &&
			 d.side != t->active)
			t->answers_other++; /* a reaction (6.5) and the like */
		for (int i = 0; i < n; i++)
			if (all[i] && !all[i]->c.closed)
				cr_assert_eq(digest(&all[i]->s), digest(&w->s),
					     "replica %d differs after %d "
					     "commands", i, k + 1);
	}
}

Test(live, two_seats_play_a_turn_of_the_drill_and_replicas_agree)
{
	struct table tb;
	table_open(&tb, "drill", 7);
	struct world *w = tb.w;
	struct player *a = tb.a, *b = tb.b, **all = tb.all;
	cr_expect_eq(a->c.seat, 0);
	cr_expect_eq(b->c.seat, 1);
	/* a wrong seat: Carthage may not open the turn's first decision */
	struct tally t = {.active = -1};
	char owe[200];
	live_client_owe_text(&b->c, owe, sizeof owe);
	play(w, all, 2, a, b, 400, &t);
	cr_expect(t.turn2, "a whole turn played (%d + %d commands)",
		  t.given[0], t.given[1]);
	cr_expect_gt(t.given[0], 0);
	cr_expect_gt(t.given[1], 0, "the second seat gave commands");
	cr_expect_gt(t.answers_other, 0,
		     "an answer owed by the side not in its turn");
	cr_expect_eq(a->c.n, session_commands(&w->s));
	cr_expect_eq(b->c.n, session_commands(&w->s));
	/* a spectator joining late sees the same game */
	struct player *v = spectator(&tb);
	cr_assert(v->c.welcomed);
	cr_expect_eq(v->c.seat, LIVE_WATCH);
	cr_expect_eq(digest(&v->s), digest(&w->s));
	cr_expect_eq(give(w, all, 3, v, "continue"), 0);
	cr_expect(strstr(v->c.last_reason, "spectators"), "%s",
		  v->c.last_reason);
	table_close(&tb);
}

Test(live, the_wrong_seat_and_server_only_commands_change_nothing)
{
	struct table tb;
	table_open(&tb, "drill", 3);
	struct world *w = tb.w;
	struct player *a = tb.a, *b = tb.b, **all = tb.all;
	struct decision_answer room[64];
	struct decision d;
	decision_init(&d, room, 64);
	session_ruleset(&w->s)->decide(w->s.game, &d);
	uint64_t before = digest(&w->s);
	size_t lines = w->s.journal.n;
	if (d.side >= 0) {
		struct player *wrong = d.side ? a : b;
		cr_expect_eq(give(w, all, 2, wrong, "continue"), 0);
		cr_expect(strstr(wrong->c.last_reason, "not your decision: "
						       "waiting for"),
			  "%s", wrong->c.last_reason);
	}
	static const char *const refused[] = {"roll 9 9", "save /tmp/x.game",
					      "load /etc/passwd", "new drill",
					      "branch /tmp/y.game", "show units"};
	for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
		cr_expect_eq(give(w, all, 2, a, refused[i]), 0, "%s",
			     refused[i]);
	cr_expect_eq(digest(&w->s), before);
	cr_expect_eq(w->s.journal.n, lines);
	table_close(&tb);
}

/* A client by hand: hello sent, the server's first answer read into
 * buf; returns the client's end of the link. */
static int raw_hello(struct world *w, const char *hello, char *buf, size_t n)
{
	int sp[2];
	cr_assert_eq(socketpair(AF_UNIX, SOCK_STREAM, 0, sp), 0);
	live_server_add(&w->sv, sp[0], getuid());
	cr_assert_eq(write(sp[1], hello, strlen(hello)), (ssize_t)strlen(hello));
	live_server_step(&w->sv, -1, NULL, 0);
	ssize_t got = read(sp[1], buf, n - 1);
	cr_assert_gt(got, 0);
	buf[got] = '\0';
	return sp[1];
}

Test(live, another_protocol_is_refused_with_a_reason)
{
	struct world *w = calloc(1, sizeof *w);
	world_open(w, 3);
	char buf[300] = "";
	int fd = raw_hello(w, "hello proto=99 want=play\n", buf, sizeof buf);
	cr_expect(strstr(buf, "refuse protocol 99: this server speaks "
			      "proto=2"), "%s", buf);
	cr_expect_eq(live_server_clients(&w->sv), 0);
	close(fd);
	world_close(w);
	free(w);
}

/* A hostile client's ways of being dropped: each leaves the others and
 * the game untouched. */
static void hostile(struct world *w, int kind)
{
	int sp[2];
	cr_assert_eq(socketpair(AF_UNIX, SOCK_STREAM, 0, sp), 0);
	live_server_add(&w->sv, sp[0], getuid());
	char big[700];
	memset(big, 'x', sizeof big);
	switch (kind) {
	case 0: /* an oversize line */
		cr_assert_eq(write(sp[1], big, sizeof big), (ssize_t)sizeof big);
		break;
	case 1: /* garbage bytes */
		cr_assert_eq(write(sp[1], "hello \x1b[2J\x01\n", 12), 12);
		break;
	case 2: /* a flood, all in the same millisecond */
		cr_assert_eq(write(sp[1], "hello proto=2 want=watch\n", 25), 25);
		for (int i = 0; i < LIVE_RATE_LINES + 5; i++)
			cr_assert_eq(write(sp[1], "cmd 1 continue\n", 15), 15);
		break;
	case 3: /* no hello in time */
		w->ms += LIVE_HELLO_MS + 1;
		break;
	case 4: /* a forged stream line: dice from a client */
		cr_assert_eq(write(sp[1], "hello proto=2 want=watch\n", 25), 25);
		cr_assert_eq(write(sp[1], "@1 0 999 continue\n", 18), 18);
		break;
	}
	for (int i = 0; i < 5; i++)
		live_server_step(&w->sv, -1, NULL, 0);
	char buf[65536];
	ssize_t n;
	int fl = 0;
	(void)fl;
	while ((n = read(sp[1], buf, sizeof buf)) > 0)
		;
	cr_expect_eq(n, 0, "hostile %d: the link is closed", kind);
	close(sp[1]);
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	cr_assert_not_null(f);
	static char buf[1 << 20];
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	buf[n] = '\0';
	fclose(f);
	char *p = malloc(n + 1);
	memcpy(p, buf, n + 1);
	return p;
}

/* The file at path's text, kept until the next call. */
static const char *slurp_keep(const char *path)
{
	static char *kept;
	free(kept);
	kept = slurp(path);
	return kept;
}

static char *played_file(bool with_hostile)
{
	struct table tb;
	table_open(&tb, "drill", 11);
	struct world *w = tb.w;
	struct player *a = tb.a, *b = tb.b, **all = tb.all;
	struct tally t = {.active = -1};
	play(w, all, 2, a, b, 30, &t);
	if (with_hostile) {
		static const char *const reasons[] = {
			"line too long", "a control or non-ASCII byte",
			"flooding", "no hello in time",
			"a line the protocol does not know"};
		for (int k = 0; k < 5; k++) {
			hostile(w, k);
			cr_expect(strstr(w->log, reasons[k]), "%s: %s",
				  reasons[k], w->log);
		}
		cr_expect_eq(live_server_clients(&w->sv), 2,
			     "the players stay");
	}
	play(w, all, 2, a, b, 30, &t);
	char *text = slurp(w->path);
	table_close(&tb);
	return text;
}

Test(live, a_hostile_client_is_dropped_and_the_file_is_the_same)
{
	char *plain = played_file(false);
	char *hostile_run = played_file(true);
	cr_expect_str_eq(hostile_run, plain);
	free(plain);
	free(hostile_run);
}

Test(live, a_client_gone_rejoins_with_nothing_lost)
{
	struct table tb;
	table_open(&tb, "drill", 5);
	struct world *w = tb.w;
	struct player *a = tb.a, *b = tb.b, **all = tb.all;
	struct tally t = {.active = -1};
	play(w, all, 2, a, b, 20, &t);
	size_t had = session_commands(&w->s);
	leave(b); /* as a kill -9: the socket closes, nothing said */
	settle(w, all, 1);
	cr_expect_eq(live_server_clients(&w->sv), 1);
	join(w, b, false, 1);
	settle(w, all, 2);
	cr_assert(b->c.welcomed);
	cr_expect_eq(b->c.n, had);
	cr_expect_eq(digest(&b->s), digest(&w->s));
	play(w, all, 2, a, b, 20, &t);
	cr_expect_gt(session_commands(&w->s), had);
	/* undo: asked by one side, agreed by the other (R9) */
	size_t now_n = session_commands(&w->s);
	cr_expect_eq(give(w, all, 2, a, "undo 2"), 1);
	cr_expect_eq(b->c.undo_side, 0);
	cr_expect_eq(give(w, all, 2, a, "undo agree"), 0,
		     "the asking side does not agree for the other");
	cr_expect_eq(give(w, all, 2, b, "undo agree"), 1);
	cr_expect_eq(session_commands(&w->s), now_n - 2);
	cr_expect_eq(a->c.n, now_n - 2);
	cr_expect_eq(digest(&a->s), digest(&w->s));
	cr_expect_eq(digest(&b->s), digest(&w->s));
	table_close(&tb);
}

Test(live, a_server_started_again_from_the_file_serves_the_same_dice)
{
	struct table tb;
	table_open(&tb, "drill", 9);
	struct world *w = tb.w;
	struct player *a = tb.a, *b = tb.b, **all = tb.all;
	struct tally t = {.active = -1};
	play(w, all, 2, a, b, 40, &t);
	size_t n = w->sv.ndice;
	char **kept = calloc(n, sizeof *kept);
	for (size_t i = 0; i < n; i++)
		kept[i] = strdup(w->sv.dice[i]);
	leave(a);
	leave(b);
	live_server_free(&w->sv);
	session_free(&w->s);
	/* as after kill -9: the file is the game */
	struct ini_error ie;
	session_init(&w->s, real_battle, spqr_tables_loader, NULL, 1);
	cr_assert(session_load(&w->s, w->path, &ie), "%s", ie.msg);
	char err[600];
	cr_assert_eq(live_server_init(&w->sv, &w->s, clock_of, w, log_to, w,
				      err, sizeof err), 0, "%s", err);
	cr_assert_eq(w->sv.ndice, n);
	for (size_t i = 0; i < n; i++) {
		cr_expect_str_eq(w->sv.dice[i], kept[i], "command %zu", i + 1);
		free(kept[i]);
	}
	free(kept);
	join(w, a, false, 0);
	settle(w, all, 1);
	cr_expect_eq(digest(&a->s), digest(&w->s));
	table_close(&tb);
}

/* Zama, the Elite Commander step (5.51) owed by Carthage: Rome's standing
 * offer to place a Pre-arranged Withdrawal marker (6.82) is Rome's to
 * take, not Carthage's, though Carthage owes the decision. */
Test(live, a_standing_offer_is_taken_by_the_side_it_is_for)
{
	struct table tb;
	table_open(&tb, "zama", 3);
	struct world *w = tb.w;
	struct player *a = tb.a, *b = tb.b, **all = tb.all;
	cr_assert_eq(give(w, all, 2, a, "continue"), 1);
	cr_expect_eq(b->c.owe_side, 1, "Carthage owes: %s", b->c.owe_what);
	size_t had = session_commands(&w->s);
	cr_expect_eq(give(w, all, 2, b, "prearrange laelius pw"), 0);
	cr_expect(strstr(b->c.last_reason, "not your decision: waiting for "
					   "Rome"),
		  "%s", b->c.last_reason);
	cr_expect_eq(session_commands(&w->s), had);
	cr_expect_eq(give(w, all, 2, a, "prearrange laelius pw"), 1, "%s",
		     a->c.last_reason);
	cr_expect_eq(session_commands(&w->s), had + 1);
	cr_expect_eq(digest(&b->s), digest(&w->s));
	table_close(&tb);
}

/* A command given on an old view of the game (its @SEQ from the past) is
 * refused and changes nothing; a stream line from the past changes no
 * replica either. */
Test(live, a_command_from_the_past_changes_nothing)
{
	struct table tb;
	table_open(&tb, "drill", 5);
	struct world *w = tb.w;
	struct player *a = tb.a, *b = tb.b, **all = tb.all;
	struct tally t = {.active = -1};
	play(w, all, 2, a, b, 12, &t);
	size_t had = session_commands(&w->s), lines = w->s.journal.n;
	uint64_t before = digest(&w->s);
	cr_assert_gt(had, 2);
	/* the side owing now, its first answer, on the game as it was two
	 * commands ago */
	static struct decision_answer room[512];
	struct decision d;
	decision_init(&d, room, 512);
	session_ruleset(&w->s)->decide(w->s.game, &d);
	struct player *p = d.side == 1 ? b : a;
	const char *answer = "continue";
	for (int i = 0; i < d.n; i++)
		if (decision_answer_for(&d.ans[i], d.side < 0 ? 0 : d.side)) {
			answer = d.ans[i].line;
			break;
		}
	char line[300];
	int len = snprintf(line, sizeof line, "cmd 4242 @%zu %s\n", had - 2,
			   answer);
	cr_assert_eq(write(p->c.fd, line, (size_t)len), len);
	for (int i = 0; i < 50 && p->c.last_tag != 4242; i++)
		settle(w, all, 2);
	cr_assert_eq(p->c.last_tag, 4242);
	cr_expect_not(p->c.last_ok);
	cr_expect(strstr(p->c.last_reason, "the game moved on"), "%s",
		  p->c.last_reason);
	cr_expect_eq(session_commands(&w->s), had);
	cr_expect_eq(w->s.journal.n, lines);
	cr_expect_eq(digest(&w->s), before);
	/* the same answer on the game as it is now is taken */
	cr_expect_eq(give(w, all, 2, p, answer), 1, "%s: %s", answer,
		     p->c.last_reason);
	cr_expect_eq(session_commands(&w->s), had + 1);
	/* the server's stream line 1 again, as if from the past: the replica
	 * keeps its place */
	size_t n = a->c.n;
	uint64_t rd = digest(&a->s);
	int k = 0;
	while (k < LIVE_CONN_MAX && w->sv.conn[k].seat != 0)
		k++;
	cr_assert_lt(k, LIVE_CONN_MAX);
	len = snprintf(line, sizeof line, "@1 - - %s\n", w->s.journal.lines[
				  w->s.journal.n - 1]);
	cr_assert_eq(write(w->sv.conn[k].fd, line, (size_t)len), len);
	settle(w, all, 2);
	cr_expect_eq(a->c.n, n);
	cr_expect_eq(digest(&a->s), rd);
	cr_expect_not(a->c.diverged);
	table_close(&tb);
}

/* A spectator that reads nothing: its output piles up until the server
 * drops it, saying why in its log; the players go on. */
Test(live, a_slow_reader_is_dropped_and_the_others_go_on)
{
	struct table tb;
	table_open(&tb, "drill", 13);
	struct world *w = tb.w;
	struct player *a = tb.a, *b = tb.b, **all = tb.all;
	w->sv.out_max = 1024; /* so few commands fill it */
	struct player *v = calloc(1, sizeof *v);
	int vfd = join(w, v, true, -1);
	int small = 1024;
	cr_assert_eq(setsockopt(vfd, SOL_SOCKET, SO_RCVBUF, &small,
				sizeof small), 0);
	int k = 0;
	while (k < LIVE_CONN_MAX && w->sv.conn[k].fd >= 0 &&
	       w->sv.conn[k].seat != -1)
		k++;
	cr_assert_lt(k, LIVE_CONN_MAX);
	cr_assert_eq(setsockopt(w->sv.conn[k].fd, SOL_SOCKET, SO_SNDBUF,
				&small, sizeof small), 0);
	struct tally t = {.active = -1};
	for (int i = 0; i < 400 && !strstr(w->log, "too slow") && !t.turn2;
	     i++)
		play(w, all, 2, a, b, 1, &t); /* v is not pumped: it reads
					       * nothing */
	cr_assert(strstr(w->log, "(uid"), "%s", w->log);
	cr_expect(strstr(w->log, "seat watch) dropped: too slow to read what "
				 "it is sent"),
		  "%s", w->log);
	cr_expect_eq(live_server_clients(&w->sv), 2, "the players stay");
	size_t had = session_commands(&w->s);
	play(w, all, 2, a, b, 10, &t);
	cr_expect(t.turn2 || session_commands(&w->s) > had);
	cr_expect_eq(digest(&a->s), digest(&w->s));
	cr_expect_eq(digest(&b->s), digest(&w->s));
	/* the spectator finds its link closed once it reads */
	for (int i = 0; i < 1000 && !v->c.closed; i++)
		live_client_pump(&v->c, 0);
	cr_expect(v->c.closed);
	leave(v);
	free(v);
	table_close(&tb);
}

/* A refused command on a replica puts it back by running its commands
 * since its checkpoint again (session.h): with the dice the server gave
 * them, not new ones asked from the server's (now empty) queue. */
Test(live, a_refusal_on_a_replica_keeps_the_servers_dice)
{
	struct table tb;
	table_open(&tb, "drill", 17);
	struct world *w = tb.w;
	struct player *a = tb.a, *b = tb.b, **all = tb.all;
	struct tally t = {.active = -1};
	int drew = 0;
	struct cmd_result r;
	cmd_result_init(&r);
	for (int i = 0; i < 80 && !t.turn2; i++) {
		play(w, all, 2, a, b, 1, &t);
		drew += a->c.n && strcmp(a->c.dice[a->c.n - 1], "-") != 0;
		session_exec(&a->s, "activate nobody", &r);
		cr_assert_neq(r.status, CMD_OK);
		cr_assert_eq(digest(&a->s), digest(&w->s),
			     "the replica after a refusal at command %zu "
			     "(%d drew dice)", a->c.n, drew);
		cr_assert_not(a->c.diverged);
	}
	cr_expect_gt(drew, 0, "commands drew dice");
	cmd_result_free(&r);
	table_close(&tb);
}

/* An undo on a replica plays the commands it keeps again with the dice
 * the server gave them (session.h: outside), not its own PRNG's: it ends
 * where the server's game ends after the same undo, and its dice still
 * come from the server. */
Test(live, an_undo_on_a_replica_keeps_the_servers_dice)
{
	struct table tb;
	table_open(&tb, "drill", 23);
	struct world *w = tb.w;
	struct player *a = tb.a, *b = tb.b, **all = tb.all;
	struct tally t = {.active = -1};
	play(w, all, 2, a, b, 30, &t);
	int drew = 0;
	for (size_t i = 0; i + 3 < a->c.n; i++)
		drew += strcmp(a->c.dice[i], "-") != 0;
	cr_assert_gt(drew, 0, "a kept command drew dice");
	char err[300];
	cr_assert_eq(session_undo(&a->s, 3, err, sizeof err), 0, "%s", err);
	cr_assert_eq(session_undo(&w->s, 3, err, sizeof err), 0, "%s", err);
	cr_expect_eq(session_commands(&a->s), session_commands(&w->s));
	cr_expect_eq(digest(&a->s), digest(&w->s),
		     "the replica after its undo is the server's game");
	/* the same rolls: the events name each die */
	const struct ruleset *rs = session_ruleset(&a->s);
	const struct event_log *ea = rs->events(a->s.game);
	const struct event_log *ew = rs->events(w->s.game);
	cr_assert_eq(ea->n, ew->n);
	int rolls = 0;
	for (size_t i = 0; i < ea->n; i++) {
		char x[400], y[400];
		event_log_format(ea, i, x, sizeof x);
		event_log_format(ew, i, y, sizeof y);
		cr_expect_str_eq(x, y, "event %zu", i);
		rolls += strstr(x, " die=") != NULL;
	}
	cr_expect_gt(rolls, 0, "kept commands rolled");
	cr_expect_not_null(rs->dice(a->s.game)->source,
			   "the server's dice still serve the replica");
	table_close(&tb);
}

struct told {
	int n, side;
	size_t seq;
	char name[48], rule[16], what[96];
};

static void told_of(void *user, int side, const char *side_name,
		    const char *rule, const char *what, size_t seq)
{
	struct told *t = user;
	t->n++;
	t->side = side;
	t->seq = seq;
	snprintf(t->name, sizeof t->name, "%s", side_name);
	snprintf(t->rule, sizeof t->rule, "%s", rule);
	snprintf(t->what, sizeof t->what, "%s", what);
}

/* p gives answers for its seat until the other side owes (at most 60). */
static void answer_until_other(struct world *w, struct player **all, int n,
			       struct player *p)
{
	static struct decision_answer room[512];
	for (int k = 0; k < 60; k++) {
		struct decision d;
		decision_init(&d, room, 512);
		session_ruleset(&w->s)->decide(w->s.game, &d);
		if (d.side >= 0 && d.side != p->c.seat)
			return;
		bool done = false;
		for (int i = 0; i < d.n && !done; i++)
			if (decision_answer_for(&d.ans[i], p->c.seat))
				done = give(w, all, n, p, d.ans[i].line) == 1;
		if (!done)
			cr_assert_eq(give(w, all, n, p, "continue"), 1, "%s",
				     p->c.last_reason);
	}
	cr_assert_fail("the other side never came to owe");
}

/* Asynchronous play: a side that comes to owe a decision while nobody of
 * it is here is told (the owes hook), once; a side that is here is not. */
Test(live, a_side_away_is_told_when_it_comes_to_owe)
{
	struct world *w = calloc(1, sizeof *w);
	world_open(w, 5);
	struct told t = {0};
	w->sv.owes = told_of;
	w->sv.owes_user = &t;
	struct player *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b);
	struct player *all[2] = {a, b};
	join(w, a, false, 0);
	settle(w, all, 1);
	cr_assert(a->c.welcomed);
	answer_until_other(w, all, 1, a);
	cr_expect_eq(t.n, 1, "side 1 told once");
	cr_expect_eq(t.side, 1);
	cr_expect_str_eq(t.name, "Carthage");
	cr_expect_eq(t.seq, session_commands(&w->s));
	cr_expect_str_eq(t.what, b->c.owe_what[0] ? b->c.owe_what : t.what);
	cr_expect(strstr(w->log, "side 1 (Carthage) owes"), "%s", w->log);
	/* Carthage comes, plays until Rome owes: Rome is here, not told */
	join(w, b, false, 1);
	settle(w, all, 2);
	cr_assert(b->c.welcomed);
	cr_expect_str_eq(t.what, b->c.owe_what);
	answer_until_other(w, all, 2, b);
	cr_expect_eq(t.n, 1, "a side that is here is not told");
	/* Rome leaves; Rome plays no more, Carthage comes to owe again
	 * later: Rome is told once it owes again */
	answer_until_other(w, all, 2, a);
	leave(a);
	all[0] = NULL;
	settle(w, all, 2);
	answer_until_other(w, all, 2, b);
	cr_expect_eq(t.n, 2, "Rome, away, told");
	cr_expect_eq(t.side, 0);
	cr_expect_str_eq(t.name, "Rome");
	leave(b);
	free(a);
	free(b);
	world_close(w);
	free(w);
}

/* The club's idle limit: a seated client silent longer than seat_idle_ms
 * is dropped and its seat is free again; a spectator is not. */
Test(live, a_seat_silent_too_long_is_freed)
{
	struct table tb;
	table_open(&tb, "drill", 3);
	struct world *w = tb.w;
	struct player *a = tb.a, *b = tb.b, **all = tb.all;
	struct player *v = spectator(&tb);
	w->sv.seat_idle_ms = 60000;
	w->ms += 30000;
	cr_expect_eq(give(w, all, 3, a, "continue"), 1);
	w->ms += 40000; /* b: 70 s silent, a: 40 s */
	settle(w, all, 3);
	cr_expect(strstr(w->log, "seat 1) dropped: idle too long"), "%s",
		  w->log);
	cr_expect(b->c.closed);
	cr_expect_not(a->c.closed);
	cr_expect_not(v->c.closed, "a spectator is not dropped for silence");
	leave(b);
	join(w, b, false, -1); /* the free seat: 1 again */
	settle(w, all, 3);
	cr_expect_eq(b->c.seat, 1);
	table_close(&tb);
}

/* ---- two-party dice (live.h, gamefile.h) ---- */

/* The guest's nonces: a counter's bytes, so the files are the same each
 * run. */
static void counted_nonce(void *user, unsigned char *buf, size_t n)
{
	unsigned *k = user;
	++*k;
	for (size_t i = 0; i < n; i++)
		buf[i] = (unsigned char)(*k * 7 + i * 13);
}

/* A two-party drill game (seed), the host Rome at seat 0, the guest
 * Carthage at seat 1 whose client gives the nonces (counted from
 * *nonces). */
static void two_party_open(struct table *t, uint64_t seed, unsigned *nonces)
{
	table_open_dice(t, "drill", seed, GAMEFILE_TWO_PARTY);
	cr_assert_eq(t->w->sv.guest_seat, 1);
	t->b->c.nonce_fn = counted_nonce;
	t->b->c.nonce_user = nonces;
	cr_assert_str_eq(t->a->c.dice_mode, "two-party");
	cr_assert_eq(t->a->c.guest_seat, 1);
}

/* The text of the game file at path after the reveal, and whether it
 * verifies (session_verify: every roll again from the seed and the
 * nonces). */
static char *revealed_file(struct world *w, int *verified, char *sum,
			   size_t n)
{
	char err[300];
	cr_assert_eq(session_reveal(&w->s, err, sizeof err), 0, "%s", err);
	struct session v;
	session_init(&v, real_battle, spqr_tables_loader, NULL, 1);
	struct ini_error ie;
	*verified = session_verify(&v, w->path, &ie, sum, n);
	if (*verified != 0)
		snprintf(sum, n, "%d: %.300s", ie.line, ie.msg);
	session_free(&v);
	return slurp(w->path);
}

static char *two_party_file(int *verified, char *sum, size_t n)
{
	unsigned nonces = 0;
	struct table tb;
	two_party_open(&tb, 13, &nonces);
	struct tally t = {.active = -1};
	play(tb.w, tb.all, 2, tb.a, tb.b, 40, &t);
	cr_expect_gt(t.given[0], 0);
	cr_expect_gt(t.given[1], 0);
	cr_expect_not(tb.b->c.flagged, "%s", tb.b->c.flag);
	cr_expect_eq(nonces, session_commands(&tb.w->s),
		     "one nonce for each command");
	char *text = revealed_file(tb.w, verified, sum, n);
	table_close(&tb);
	return text;
}

Test(live, two_party_dice_take_a_nonce_for_each_command_and_verify)
{
	int ok1, ok2;
	char sum[400], sum2[400];
	char *one = two_party_file(&ok1, sum, sizeof sum);
	cr_expect_eq(ok1, 0, "%s", sum);
	cr_expect(strstr(sum, "the guest's 40 nonces"), "%s", sum);
	cr_expect(strstr(one, "dice-mode two-party"), "%s", one);
	/* every command has its nonce line just before it */
	int nonce_lines = 0;
	for (const char *p = strstr(one, "\nnonce "); p;
	     p = strstr(p + 1, "\nnonce ")) {
		nonce_lines++;
		const char *next = strchr(p + 1, '\n');
		cr_assert_not_null(next);
		cr_expect(strncmp(next + 1, "dice ", 5) &&
				  strncmp(next + 1, "nonce ", 6) &&
				  strncmp(next + 1, "digest ", 7),
			  "a command follows its nonce");
	}
	cr_expect_eq(nonce_lines, 40);
	/* the injected nonces make the file the same on a second run */
	char *two = two_party_file(&ok2, sum2, sizeof sum2);
	cr_expect_str_eq(two, one);
	free(one);
	free(two);
}

Test(live, two_party_dice_wait_for_the_guest_and_refuse_a_forged_nonce)
{
	unsigned nonces = 0;
	struct table tb;
	two_party_open(&tb, 5, &nonces);
	struct world *w = tb.w;
	struct player *a = tb.a, *b = tb.b, **all = tb.all;
	struct tally t = {.active = -1};
	play(w, all, 2, a, b, 6, &t);
	size_t had = session_commands(&w->s);
	size_t lines = w->s.journal.n;
	/* a nonce from the host's seat, one for no command, one of bad
	 * digits: refused with the reason, nothing changes */
	char line[100];
	snprintf(line, sizeof line, "nonce %zu %032d\n", had + 1, 7);
	cr_assert_eq(write(a->c.fd, line, strlen(line)), (ssize_t)strlen(line));
	settle(w, all, 2);
	cr_expect_str_eq(a->c.nonce_refused,
			 "only the guest's seat gives nonces");
	cr_assert_eq(write(b->c.fd, line, strlen(line)), (ssize_t)strlen(line));
	settle(w, all, 2);
	cr_expect_str_eq(b->c.nonce_refused, "no command waits for a nonce");
	cr_expect_eq(w->s.journal.n, lines);
	cr_expect(strstr(w->log, "a nonce refused"), "%s", w->log);
	/* the session itself refuses a command without a nonce */
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(&w->s, "continue", &r);
	cr_expect_eq(r.status, CMD_REFUSED);
	cr_expect(strstr(r.reason, "no nonce"), "%s", r.reason);
	memcpy(w->s.nonce, "not-hex", 8);
	session_exec(&w->s, "continue", &r);
	cr_expect_eq(r.status, CMD_REFUSED);
	cmd_result_free(&r);
	cr_expect_eq(w->s.journal.n, lines);
	/* the guest away: the game waits, both screens say why */
	leave(b);
	all[1] = NULL;
	settle(w, all, 2);
	char owe[300];
	live_client_owe_text(&a->c, owe, sizeof owe);
	cr_expect(strstr(owe, "waits for Carthage's player, away"), "%s", owe);
	struct player *v = spectator(&tb);
	live_client_owe_text(&v->c, owe, sizeof owe);
	cr_expect(strstr(owe, "waits for Carthage's player, away"), "%s", owe);
	static struct decision_answer room[512];
	struct decision d;
	decision_init(&d, room, 512);
	session_ruleset(&w->s)->decide(w->s.game, &d);
	struct player *owes = d.side == 1 ? NULL : a;
	if (owes) {
		cr_expect_eq(give(w, all, 3, a, d.n ? d.ans[0].line
						    : "continue"),
			     0);
		cr_expect(strstr(a->c.last_reason, "waits for Carthage's "
						   "player"),
			  "%s", a->c.last_reason);
	}
	cr_expect_eq(session_commands(&w->s), had);
	/* the guest back: play goes on */
	join(w, b, false, 1);
	b->c.nonce_fn = counted_nonce;
	b->c.nonce_user = &nonces;
	all[1] = b;
	settle(w, all, 3);
	play(w, all, 3, a, b, 6, &t);
	cr_expect_eq(session_commands(&w->s), had + 6);
	cr_expect_eq(digest(&v->s), digest(&w->s));
	/* an undo both agree to (R9) takes the nonces with the commands;
	 * the commands after it get new ones, and the file verifies */
	cr_expect_eq(give(w, all, 3, a, "undo 2"), 1);
	cr_expect_eq(give(w, all, 3, b, "undo agree"), 1, "%s",
		     b->c.last_reason);
	cr_expect_eq(session_commands(&w->s), had + 4);
	play(w, all, 3, a, b, 3, &t);
	cr_expect_not(b->c.flagged, "%s", b->c.flag);
	int verified;
	char sum[400];
	free(revealed_file(w, &verified, sum, sizeof sum));
	cr_expect_eq(verified, 0, "%s", sum);
	table_close(&tb);
}

/* A server's line (from its end fd of the link) read by p. */
static void host_says(int fd, struct player *p, const char *line)
{
	cr_assert_eq(write(fd, line, strlen(line)), (ssize_t)strlen(line));
	live_client_pump(&p->c, 1000);
}

/* The guest's client gives one nonce for each command number, and only
 * for the next: a host asking again with another command, or ahead, is
 * flagged and gets none. */
Test(live, the_guest_flags_a_host_that_asks_again_with_another_command)
{
	int sp[2];
	cr_assert_eq(socketpair(AF_UNIX, SOCK_STREAM, 0, sp), 0);
	struct player p;
	session_init(&p.s, real_battle, spqr_tables_loader, NULL, 0);
	unsigned nonces = 0;
	cr_assert_eq(live_client_init(&p.c, sp[1], &p.s, false, 1), 0);
	p.c.nonce_fn = counted_nonce;
	p.c.nonce_user = &nonces;
	const char *welcome =
		"welcome proto=2 seat=1 ruleset=spqr battle=drill "
		"kind=hotseat head=0 seat0=x seat1=- watchers=0 "
		"dice=two-party guest=1\nnonce? 1 continue\n";
	cr_assert_eq(write(sp[0], welcome, strlen(welcome)),
		     (ssize_t)strlen(welcome));
	for (int i = 0; i < 20 && !p.c.welcomed; i++)
		live_client_pump(&p.c, 100);
	live_client_pump(&p.c, 100);
	cr_assert(p.c.welcomed);
	char buf[600] = "";
	ssize_t n = read(sp[0], buf, sizeof buf - 1);
	cr_assert_gt(n, 0);
	buf[n] = '\0';
	cr_expect(strstr(buf, "nonce 1 "), "%s", buf);
	const char *first = strstr(buf, "nonce 1 ");
	char hex[40] = "";
	if (first)
		sscanf(first, "nonce 1 %39s", hex);
	/* the same command again: the same nonce (a server started again
	 * gains no new dice) */
	host_says(sp[0], &p, "nonce? 1 continue\n");
	n = read(sp[0], buf, sizeof buf - 1);
	cr_assert_gt(n, 0);
	buf[n] = '\0';
	cr_expect(strstr(buf, hex), "%s vs %s", buf, hex);
	cr_expect_not(p.c.flagged);
	cr_expect_eq(nonces, 1);
	/* another command for the same number: flagged, no nonce */
	host_says(sp[0], &p, "nonce? 1 advance H1\n");
	cr_expect(p.c.flagged);
	cr_expect(strstr(p.c.flag, "asked again for command 1's nonce"), "%s",
		  p.c.flag);
	/* a number ahead of the game */
	p.c.flagged = false;
	host_says(sp[0], &p, "nonce? 5 continue\n");
	cr_expect(p.c.flagged);
	cr_expect(strstr(p.c.flag, "command 5 while the game holds 0"), "%s",
		  p.c.flag);
	struct pollfd pf = {.fd = sp[0], .events = POLLIN};
	cr_expect_eq(poll(&pf, 1, 0), 0, "no nonce given for either");
	cr_expect_eq(nonces, 1);
	leave(&p);
	close(sp[0]);
}

/* ---- a reveal asked by a seat (live.h) ---- */

/* A seat asks to show a committed game's seed before the end; the other
 * agrees or refuses (as undo, R9); a spectator may not ask; the server
 * writes the reveal line and the game goes on, and the file verifies. */
Test(live, one_seat_asks_for_the_reveal_and_the_other_agrees)
{
	struct table tb;
	table_open_dice(&tb, "drill", 19, "trusted");
	struct world *w = tb.w;
	struct player *a = tb.a, *b = tb.b, **all = tb.all;
	struct player *v = spectator(&tb);
	struct tally t = {.active = -1};
	play(w, all, 3, a, b, 8, &t);
	cr_expect_eq(give(w, all, 3, v, "reveal"), 0);
	cr_expect_str_eq(v->c.last_reason, "spectators only watch");
	cr_expect_eq(b->c.reveal_side, -1, "a spectator asked nothing");
	cr_expect_eq(give(w, all, 3, a, "reveal agree"), 0,
		     "nobody asked yet");
	cr_expect_eq(give(w, all, 3, a, "reveal"), 1, "%s", a->c.last_reason);
	cr_expect_eq(b->c.reveal_side, 0);
	cr_expect_eq(v->c.reveal_side, 0);
	cr_expect_eq(give(w, all, 3, a, "reveal agree"), 0,
		     "the asking side does not agree for the other");
	cr_expect(strstr(a->c.last_reason, "no reveal asked by the other"),
		  "%s", a->c.last_reason);
	cr_expect_eq(give(w, all, 3, b, "reveal refuse"), 1);
	cr_expect_eq(a->c.reveal_side, -1);
	cr_expect_not(w->s.revealed);
	cr_expect_not(strstr(slurp_keep(w->path), "\nreveal "));
	/* asked again, agreed: the reveal line, and the game goes on */
	cr_expect_eq(give(w, all, 3, b, "reveal"), 1);
	cr_expect_eq(give(w, all, 3, a, "reveal agree"), 1, "%s",
		     a->c.last_reason);
	cr_expect(w->s.revealed);
	cr_expect(a->c.revealed && b->c.revealed && v->c.revealed);
	cr_expect(strstr(slurp_keep(w->path), "\nreveal 19 "));
	cr_expect(strstr(w->log, "the seed revealed"), "%s", w->log);
	cr_expect_eq(give(w, all, 3, a, "reveal"), 0);
	cr_expect(strstr(a->c.last_reason, "revealed already"), "%s",
		  a->c.last_reason);
	play(w, all, 3, a, b, 4, &t);
	struct session s;
	session_init(&s, real_battle, spqr_tables_loader, NULL, 1);
	struct ini_error ie;
	char sum[400];
	cr_expect_eq(session_verify(&s, w->path, &ie, sum, sizeof sum), 0,
		     "%d: %s", ie.line, ie.msg);
	session_free(&s);
	table_close(&tb);
	/* a game whose seed is in its file has nothing to reveal */
	table_open(&tb, "drill", 19);
	cr_expect_eq(give(tb.w, tb.all, 2, tb.a, "reveal"), 0);
	cr_expect(strstr(tb.a->c.last_reason, "not a committed game"), "%s",
		  tb.a->c.last_reason);
	table_close(&tb);
}

/* ---- maniple games: who sat where, how long idle (live.h) ---- */

static void seats_to(void *user, const char who[2][40])
{
	char(*kept)[40] = user;
	memcpy(kept, who, 2 * 40);
}

Test(live, the_welcome_says_the_idle_time_and_the_seats_hook_who_sits)
{
	struct world *w = calloc(1, sizeof *w);
	world_open(w, 3);
	char who[2][40] = {"?", "?"};
	w->sv.seats = seats_to;
	w->sv.seats_user = who;
	struct player *a = calloc(1, sizeof *a);
	struct player *all[1] = {a};
	w->ms += 30000; /* nothing changes for 30 s */
	join(w, a, false, 1);
	settle(w, all, 1);
	cr_assert(a->c.welcomed);
	cr_expect_str_eq(who[0], "-");
	cr_expect_str_neq(who[1], "-", "seat 1's user");
	cr_expect_str_neq(who[1], "?");
	char buf[4096] = "";
	int fd = raw_hello(w, "hello proto=2 want=watch\n", buf, sizeof buf);
	cr_expect(strstr(buf, " idle=30 "), "%s", buf);
	leave(a);
	settle(w, all, 0);
	cr_expect_str_eq(who[1], "-", "the seat left");
	close(fd);
	free(a);
	world_close(w);
	free(w);
}
