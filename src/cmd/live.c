/* live.c — a live game's server and client (live.h). */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pwd.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "maniple/decision.h"
#include "maniple/dice.h"
#include "maniple/gamefile.h"
#include "maniple/live.h"
#include "maniple/mapview.h"
#include "maniple/ruleset.h"
#include "maniple/session.h"

#define LIVE_ROOM 512		/* answers a decision may list */
#define LIVE_IN_MAX 4096	/* a server line, on the client */

const char *live_line_bad(const char *line, size_t len)
{
	if (len >= LIVE_LINE_MAX)
		return "line too long";
	for (size_t i = 0; i < len; i++) {
		unsigned char b = (unsigned char)line[i];
		if (b != '\t' && (b < 0x20 || b > 0x7e))
			return "a control or non-ASCII byte";
	}
	return NULL;
}

static char *dup_text(const char *t)
{
	size_t n = strlen(t) + 1;
	char *p = malloc(n);
	if (p)
		memcpy(p, t, n);
	return p;
}

uint64_t live_digest(struct session *s)
{
	return session_seedless_digest(s);
}

/* ---- the server ---- */

static long long now(const struct live_server *sv)
{
	return sv->clock(sv->clock_user);
}

static void logf_(struct live_server *sv, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void logf_(struct live_server *sv, const char *fmt, ...)
{
	if (!sv->log)
		return;
	char buf[600];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	sv->log(sv->log_user, buf);
}

static int dice_push(struct live_server *sv, const char *digits)
{
	if (sv->ndice == sv->dicecap) {
		size_t cap = sv->dicecap ? sv->dicecap * 2 : 256;
		char **p = realloc(sv->dice, cap * sizeof *p);
		if (!p)
			return -1;
		sv->dice = p;
		sv->dicecap = cap;
	}
	char *d = dup_text(digits);
	if (!d)
		return -1;
	sv->dice[sv->ndice++] = d;
	return 0;
}

static void dice_cut(struct live_server *sv, size_t n)
{
	while (sv->ndice > n)
		free(sv->dice[--sv->ndice]);
}

/* The digits of the dice line that follows the first command of the
 * journal from line `from` on (a committed game's, gamefile.h), "-" when
 * none does. */
static void dice_line_after(const struct journal *j, size_t from,
			    char *digits, size_t n)
{
	snprintf(digits, n, "-");
	size_t i = from;
	while (i < j->n && !gamefile_is_command(j->lines[i]))
		i++;
	for (i++; i < j->n && !gamefile_is_command(j->lines[i]); i++)
		if (!strncmp(j->lines[i], "dice ", 5)) {
			snprintf(digits, n, "%s", j->lines[i] + 5);
			return;
		}
}

/* Runs line on s, the dice it drew from the seed into digits. */
static void exec_drawing(struct session *s, const char *line,
			 struct cmd_result *r, char *digits, size_t n)
{
	const struct ruleset *rs = session_ruleset(s);
	struct dice before = *rs->dice(s->game);
	size_t j0 = s->journal.n;
	session_exec(s, line, r);
	if (s->journal.h.version >= GAMEFILE_COMMITTED) {
		/* the dice line says (in two-party the PRNG is seeded anew
		 * for each command, so before's draws are not its dice) */
		if (r->status == CMD_OK)
			dice_line_after(&s->journal, j0, digits, n);
		else
			snprintf(digits, n, "-");
		return;
	}
	unsigned long rolls = rs->dice(s->game)->rolls - before.rolls;
	dice_drawn_digits(before, r->status == CMD_OK ? rolls : 0, digits, n);
}

static void pending(struct live_server *sv, struct decision *d);

int live_server_init(struct live_server *sv, struct session *s,
		     long long (*clock)(void *), void *clock_user,
		     void (*log)(void *, const char *), void *log_user,
		     char *err, size_t errn)
{
	memset(sv, 0, sizeof *sv);
	sv->s = s;
	sv->clock = clock;
	sv->clock_user = clock_user;
	sv->log = log;
	sv->log_user = log_user;
	sv->undo_side = -1;
	sv->reveal_side = -1;
	for (int k = 0; k < LIVE_CONN_MAX; k++)
		sv->conn[k].fd = -1;
	const struct ruleset *rs = session_ruleset(s);
	if (!s->game || !rs || !rs->dice || !rs->decide) {
		snprintf(err, errn, "no game to play live");
		return -1;
	}
	sv->nroom = LIVE_ROOM;
	sv->room = calloc(LIVE_ROOM, sizeof *sv->room);
	if (!sv->room) {
		snprintf(err, errn, "out of memory");
		return -1;
	}
	struct map_view *mv = rs->map_view ? rs->map_view(s->game) : NULL;
	for (int i = 0; i < 2; i++)
		snprintf(sv->side_name[i], sizeof sv->side_name[i], "%s",
			 mv ? mv->side_name[i] : (i ? "side 1" : "side 0"));
	mapview_free(mv);
	sv->guest_seat = session_two_party(s) ? 1 : -1;
	if (s->journal.h.version >= GAMEFILE_COMMITTED) {
		/* a committed game: its dice lines say what each command
		 * drew (its load checked them against the seed) */
		for (size_t i = 0; i < s->journal.n; i++) {
			if (!gamefile_is_command(s->journal.lines[i]))
				continue;
			char digits[LIVE_DICE_MAX + 1];
			dice_line_after(&s->journal, i, digits, sizeof digits);
			if (dice_push(sv, digits) != 0) {
				snprintf(err, errn, "out of memory");
				live_server_free(sv);
				return -1;
			}
		}
		sv->empty_since = sv->changed = clock(clock_user);
		struct decision d;
		pending(sv, &d);
		sv->owed_side = d.side;
		return 0;
	}
	/* the dice of the game so far: its commands again on a copy */
	struct session tmp;
	session_setup(&tmp, s->rulesets, s->load_battle, s->load_tables,
		      s->loader_user, s->journal.h.seed);
	tmp.rules_dir = s->rules_dir;
	int kind = game_kind_parse(s->journal.h.kind);
	int rc = session_new(&tmp, s->journal.h.battle,
			     kind < 0 ? GAME_HOTSEAT : (enum game_kind)kind,
			     s->journal.h.seed, err, errn);
	struct cmd_result r;
	cmd_result_init(&r);
	for (size_t i = 0; rc == 0 && i < s->journal.n; i++) {
		const char *line = s->journal.lines[i];
		if (!gamefile_is_command(line))
			continue;
		char digits[LIVE_DICE_MAX + 1];
		cmd_result_reset(&r);
		exec_drawing(&tmp, line, &r, digits, sizeof digits);
		if (r.status != CMD_OK) {
			snprintf(err, errn, "the game's command %s is refused "
				 "on a copy: %s", line, r.reason);
			rc = -1;
		} else if (dice_push(sv, digits) != 0) {
			snprintf(err, errn, "out of memory");
			rc = -1;
		}
	}
	if (rc == 0 && live_digest(&tmp) != live_digest(s)) {
		snprintf(err, errn, "the game played again differs from the "
				    "game file's");
		rc = -1;
	}
	cmd_result_free(&r);
	session_free(&tmp);
	if (rc != 0) {
		live_server_free(sv);
		return rc;
	}
	sv->empty_since = sv->changed = clock(clock_user);
	struct decision d;
	pending(sv, &d);
	sv->owed_side = d.side;
	return rc;
}

void live_server_free(struct live_server *sv)
{
	for (int k = 0; k < LIVE_CONN_MAX; k++)
		if (sv->conn[k].fd >= 0) {
			close(sv->conn[k].fd);
			free(sv->conn[k].out);
			sv->conn[k].fd = -1;
		}
	dice_cut(sv, 0);
	free(sv->dice);
	sv->dice = NULL;
	sv->dicecap = 0;
	free(sv->room);
	sv->room = NULL;
}

int live_server_clients(const struct live_server *sv)
{
	int n = 0;
	for (int k = 0; k < LIVE_CONN_MAX; k++)
		n += sv->conn[k].fd >= 0;
	return n;
}

bool live_server_add(struct live_server *sv, int fd, uid_t uid)
{
	for (int k = 0; k < LIVE_CONN_MAX; k++) {
		struct live_conn *c = &sv->conn[k];
		if (c->fd >= 0)
			continue;
		memset(c, 0, sizeof *c);
		c->fd = fd;
		c->uid = uid;
		c->seat = -1;
		c->opened = c->window = c->heard = now(sv);
		int fl = fcntl(fd, F_GETFL);
		if (fl >= 0)
			fcntl(fd, F_SETFL, fl | O_NONBLOCK);
		logf_(sv, "client %d: uid %ld connected", k, (long)uid);
		return true;
	}
	logf_(sv, "uid %ld refused: %d clients already", (long)uid,
	      LIVE_CONN_MAX);
	close(fd);
	return false;
}

static void flush_conn(struct live_conn *c)
{
	while (c->nout > 0) {
		ssize_t w = send(c->fd, c->out, c->nout, MSG_NOSIGNAL);
		if (w <= 0)
			return; /* EAGAIN: later; an error: the read sees it */
		memmove(c->out, c->out + w, c->nout - (size_t)w);
		c->nout -= (size_t)w;
	}
}

static void seats_changed(struct live_server *sv);
static bool seated(const struct live_server *sv, int side);
static void put(struct live_server *sv, int k, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

void live_server_drop(struct live_server *sv, int k, const char *reason)
{
	struct live_conn *c = &sv->conn[k];
	if (c->fd < 0)
		return;
	char bye[200];
	int w = snprintf(bye, sizeof bye, "bye %s\n", reason);
	if (c->nout < LIVE_OUT_MAX) /* best effort: it may be gone */
		(void)!send(c->fd, bye, (size_t)w, MSG_NOSIGNAL | MSG_DONTWAIT);
	logf_(sv, "client %d (uid %ld, seat %s) dropped: %s", k, (long)c->uid,
	      c->seat == LIVE_WATCH ? "watch"
	      : c->seat == 0	    ? "0"
	      : c->seat == 1	    ? "1"
				    : "none",
	      reason);
	int seat = c->hello ? c->seat : -1;
	close(c->fd);
	free(c->out);
	memset(c, 0, sizeof *c);
	c->fd = -1;
	if (sv->ask.on && sv->ask.k == k)
		sv->ask.k = -1; /* its command stays fixed all the same */
	if (live_server_clients(sv) == 0)
		sv->empty_since = now(sv);
	if (seat == 0 || seat == 1)
		seats_changed(sv);
	if (sv->ask.on && seat == sv->guest_seat &&
	    !seated(sv, sv->guest_seat) && sv->ask.k >= 0)
		put(sv, sv->ask.k, "held %s %zu", sv->ask.tag, sv->ask.seq);
}

/* Queues a line for client k; a client whose output piles up beyond
 * LIVE_OUT_MAX is dropped (a slow reader). */
static void put(struct live_server *sv, int k, const char *fmt, ...)
{
	struct live_conn *c = &sv->conn[k];
	if (c->fd < 0)
		return;
	char buf[LIVE_IN_MAX];
	va_list ap;
	va_start(ap, fmt);
	int w = vsnprintf(buf, sizeof buf - 1, fmt, ap);
	va_end(ap);
	if (w < 0)
		return;
	if ((size_t)w > sizeof buf - 2)
		w = (int)sizeof buf - 2;
	buf[w++] = '\n';
	if (c->nout + (size_t)w > (sv->out_max ? sv->out_max : LIVE_OUT_MAX)) {
		live_server_drop(sv, k, "too slow to read what it is sent");
		return;
	}
	if (c->nout + (size_t)w > c->outcap) {
		size_t cap = c->outcap ? c->outcap : 4096;
		while (cap < c->nout + (size_t)w)
			cap *= 2;
		char *p = realloc(c->out, cap);
		if (!p) {
			live_server_drop(sv, k, "out of memory");
			return;
		}
		c->out = p;
		c->outcap = cap;
	}
	memcpy(c->out + c->nout, buf, (size_t)w);
	c->nout += (size_t)w;
}

static void put_all(struct live_server *sv, const char *line)
{
	for (int k = 0; k < LIVE_CONN_MAX; k++)
		if (sv->conn[k].fd >= 0 && sv->conn[k].hello)
			put(sv, k, "%s", line);
}

static void pending(struct live_server *sv, struct decision *d)
{
	decision_init(d, sv->room, sv->nroom);
	session_ruleset(sv->s)->decide(sv->s->game, d);
}

static void owe_line(struct live_server *sv, char *buf, size_t n)
{
	struct decision d;
	pending(sv, &d);
	snprintf(buf, n, "owe %d %s %s", d.side, d.rule[0] ? d.rule : "-",
		 d.side < 0 ? "nobody" : d.what[0] ? d.what : d.kind);
}

/* Whether a client is seated as side. */
static bool seated(const struct live_server *sv, int side)
{
	for (int k = 0; k < LIVE_CONN_MAX; k++)
		if (sv->conn[k].fd >= 0 && sv->conn[k].hello &&
		    sv->conn[k].seat == side)
			return true;
	return false;
}

/* After a change: who owes, to every client; a side that has come to
 * owe with nobody of it here is told through the owes hook. */
static void broadcast_owe(struct live_server *sv)
{
	sv->changed = now(sv); /* it follows every change of the game */
	char buf[300];
	owe_line(sv, buf, sizeof buf);
	put_all(sv, buf);
	struct decision d;
	pending(sv, &d);
	if (d.side >= 0 && d.side != sv->owed_side && !seated(sv, d.side) &&
	    sv->owes) {
		logf_(sv, "side %d (%s) owes %s and is not here: told", d.side,
		      sv->side_name[d.side == 1], d.what[0] ? d.what : d.kind);
		sv->owes(sv->owes_user, d.side, sv->side_name[d.side == 1],
			 d.rule, d.what[0] ? d.what : d.kind, sv->ndice);
	}
	sv->owed_side = d.side;
}

/* The journal's commands: the k-th (0-based) command line, or NULL. */
static const char *nth_command(const struct session *s, size_t k)
{
	for (size_t i = 0; i < s->journal.n; i++)
		if (gamefile_is_command(s->journal.lines[i]) && k-- == 0)
			return s->journal.lines[i];
	return NULL;
}

/* Who sits where into who (user names from the kernel's uids, "-"
 * empty), client skip left out; returns how many watch. */
static int who_sits(const struct live_server *sv, int skip, char who[2][40])
{
	int watchers = 0;
	for (int s = 0; s < 2; s++)
		snprintf(who[s], sizeof who[s], "-");
	for (int i = 0; i < LIVE_CONN_MAX; i++) {
		const struct live_conn *o = &sv->conn[i];
		if (o->fd < 0 || !o->hello || i == skip)
			continue;
		if (o->seat == LIVE_WATCH) {
			watchers++;
			continue;
		}
		struct passwd *pw = getpwuid(o->uid);
		if (pw && live_line_bad(pw->pw_name, strlen(pw->pw_name)) == NULL &&
		    !strchr(pw->pw_name, ' '))
			snprintf(who[o->seat], sizeof who[o->seat], "%.30s",
				 pw->pw_name);
		else
			snprintf(who[o->seat], sizeof who[o->seat], "uid%ld",
				 (long)o->uid);
	}
	return watchers;
}

/* A seat came or went: who sits where now, to every client. */
static void seats_changed(struct live_server *sv)
{
	char who[2][40], buf[100];
	who_sits(sv, -1, who);
	snprintf(buf, sizeof buf, "seats %s %s", who[0], who[1]);
	put_all(sv, buf);
	if (sv->seats)
		sv->seats(sv->seats_user, (const char(*)[40])who);
}

static const char *seat_name(int seat)
{
	return seat == LIVE_WATCH ? "watch" : seat == 1 ? "1" : "0";
}

static void hello(struct live_server *sv, int k, struct cmd_tokens *t)
{
	struct live_conn *c = &sv->conn[k];
	int proto = -1, want_watch = -1, seat = -1;
	for (int i = 1; i < t->argc; i++) {
		const char *a = t->argv[i];
		if (!strncmp(a, "proto=", 6))
			proto = atoi(a + 6);
		else if (!strcmp(a, "want=play"))
			want_watch = 0;
		else if (!strcmp(a, "want=watch"))
			want_watch = 1;
		else if (!strcmp(a, "seat=0") || !strcmp(a, "seat=1"))
			seat = a[5] - '0';
		else if (!strcmp(a, "seat=any"))
			seat = -1;
		/* other words: a later protocol's, ignored */
	}
	if (proto != LIVE_PROTO) {
		char why[120];
		snprintf(why, sizeof why,
			 "refuse protocol %d: this server speaks proto=%d",
			 proto, LIVE_PROTO);
		put(sv, k, "%s", why);
		flush_conn(c);
		live_server_drop(sv, k, why + 7);
		return;
	}
	if (want_watch < 0) {
		put(sv, k, "refuse want=play or want=watch");
		flush_conn(c);
		live_server_drop(sv, k, "a hello without want=");
		return;
	}
	if (want_watch) {
		seat = LIVE_WATCH;
	} else {
		if (seat < 0)
			for (int s = 0; s < 2 && seat < 0; s++)
				if (!seated(sv, s))
					seat = s;
		if (seat < 0) {
			put(sv, k, "refuse both seats are taken: join with "
				   "--watch");
			flush_conn(c);
			live_server_drop(sv, k, "both seats taken");
			return;
		}
		/* the newer link takes the seat (a player back after a
		 * drop) */
		for (int j = 0; j < LIVE_CONN_MAX; j++)
			if (j != k && sv->conn[j].fd >= 0 &&
			    sv->conn[j].seat == seat)
				live_server_drop(sv, j, "superseded: the seat "
							"was taken again");
	}
	const struct journal *j = &sv->s->journal;
	/* who sits where (user names, from the kernel's uids), and how
	 * many watch: the others, not the one welcomed */
	char who[2][40];
	int watchers = who_sits(sv, k, who);
	c->hello = true;
	c->seat = seat;
	char guest[24] = "";
	if (sv->guest_seat >= 0)
		snprintf(guest, sizeof guest, " guest=%d", sv->guest_seat);
	put(sv, k, "welcome proto=%d seat=%s ruleset=%s battle=%s kind=%s "
		   "head=%zu seat0=%s seat1=%s watchers=%d idle=%lld dice=%s%s",
	    LIVE_PROTO, seat_name(seat), j->h.ruleset, j->h.battle, j->h.kind,
	    sv->ndice, who[0], who[1], watchers,
	    (now(sv) - sv->changed) / 1000,
	    j->h.version >= GAMEFILE_COMMITTED ? j->h.dice_mode : "open",
	    guest);
	for (size_t i = 0; i < sv->ndice; i++) {
		const char *line = nth_command(sv->s, i);
		put(sv, k, "@%zu - %s %s", i + 1, sv->dice[i],
		    line ? line : "");
	}
	char buf[300];
	owe_line(sv, buf, sizeof buf);
	put(sv, k, "%s", buf);
	if (sv->undo_side >= 0)
		put(sv, k, "undo-asked %d %zu", sv->undo_side, sv->undo_n);
	if (sv->reveal_side >= 0)
		put(sv, k, "reveal-asked %d", sv->reveal_side);
	if (sv->s->revealed)
		put(sv, k, "revealed");
	if (sv->ask.on) {
		put(sv, k, "await-nonce %zu %d", sv->ask.seq, sv->guest_seat);
		if (seat == sv->guest_seat)
			put(sv, k, "nonce? %zu %s", sv->ask.seq, sv->ask.line);
	}
	logf_(sv, "client %d: uid %ld seated %s", k, (long)c->uid,
	      seat_name(seat));
	if (seat == 0 || seat == 1)
		seats_changed(sv);
}

/* Whether seat may give line now: an answer listed for it, or the
 * pending decision is its (or nobody's); else why not into why. */
static bool seat_may(struct live_server *sv, int seat, const char *canon,
		     char *why, size_t n)
{
	struct decision d;
	pending(sv, &d);
	int i = decision_find(&d, canon);
	if (i >= 0 && decision_answer_for(&d.ans[i], seat))
		return true;
	if (i < 0 && (d.side == seat || d.side < 0))
		return true;
	int owes = i >= 0 ? d.ans[i].side : d.side;
	snprintf(why, n, "not your decision: waiting for %s: %s%s%s%s",
		 sv->side_name[owes == 1], d.what[0] ? d.what : d.kind,
		 d.rule[0] ? " (" : "", d.rule, d.rule[0] ? ")" : "");
	return false;
}

static void accepted(struct live_server *sv, int k, const char *tag,
		     int seat, size_t before, const char *digits)
{
	/* the command's own line in the journal (a digest may follow) */
	const char *line = NULL;
	for (size_t i = before; i < sv->s->journal.n; i++)
		if (gamefile_is_command(sv->s->journal.lines[i])) {
			line = sv->s->journal.lines[i];
			break;
		}
	if (!line || dice_push(sv, digits) != 0) {
		if (k >= 0)
			put(sv, k, "reject %s the server could not record it",
			    tag);
		return;
	}
	char buf[LIVE_IN_MAX];
	snprintf(buf, sizeof buf, "@%zu %d %s %s", sv->ndice, seat, digits,
		 line);
	put_all(sv, buf);
	if (k >= 0)
		put(sv, k, "ack %s %zu", tag, sv->ndice);
	broadcast_owe(sv);
}

/* Why the game waits for the guest's nonce, into buf. */
static void waits_for_nonce(const struct live_server *sv, char *buf,
			    size_t n)
{
	snprintf(buf, n, "two-party dice: the game waits for %s's client to "
		 "give the nonce of command %zu",
		 sv->side_name[sv->guest_seat == 1], sv->ask.seq);
}

/* Two-party dice (live.h): the command canon of seat, client k's (tag),
 * tried on the game; accepted, it is fixed and the guest's client asked
 * for its nonce. */
static void ask_nonce(struct live_server *sv, int k, const char *tag,
		      int seat, const char *canon)
{
	const char *guest = sv->side_name[sv->guest_seat == 1];
	if (!seated(sv, sv->guest_seat)) {
		put(sv, k, "reject %s two-party dice: the game waits for "
			   "%s's player, away, whose client gives each "
			   "command's nonce", tag, guest);
		return;
	}
	struct cmd_result r;
	cmd_result_init(&r);
	session_dry_run(sv->s, canon, &r);
	if (r.status != CMD_OK) {
		put(sv, k, "reject %s %s%s%s%s", tag, r.reason,
		    r.rule[0] ? " (" : "", r.rule, r.rule[0] ? ")" : "");
		cmd_result_free(&r);
		return;
	}
	cmd_result_free(&r);
	sv->ask = (struct live_ask){.on = true, .k = k, .seat = seat,
				    .seq = sv->ndice + 1};
	snprintf(sv->ask.tag, sizeof sv->ask.tag, "%s", tag);
	snprintf(sv->ask.line, sizeof sv->ask.line, "%s", canon);
	char buf[80];
	snprintf(buf, sizeof buf, "await-nonce %zu %d", sv->ask.seq,
		 sv->guest_seat);
	put_all(sv, buf);
	for (int i = 0; i < LIVE_CONN_MAX; i++)
		if (sv->conn[i].fd >= 0 && sv->conn[i].hello &&
		    sv->conn[i].seat == sv->guest_seat)
			put(sv, i, "nonce? %zu %s", sv->ask.seq, sv->ask.line);
	logf_(sv, "command %zu fixed, %s's nonce asked: %s", sv->ask.seq,
	      guest, canon);
}

/* `nonce SEQ HEX` from client k: the nonce of the command asked, from
 * the guest's seat; anything else changes nothing and is refused. */
static void nonce_given(struct live_server *sv, int k, const char *rest)
{
	struct live_conn *c = &sv->conn[k];
	char *end;
	unsigned long long seq = strtoull(rest, &end, 10);
	const char *hex = *end == ' ' ? end + 1 : "";
	const char *why = NULL;
	if (sv->guest_seat < 0)
		why = "this game's dice are not two-party";
	else if (c->seat != sv->guest_seat)
		why = "only the guest's seat gives nonces";
	else if (!sv->ask.on)
		why = "no command waits for a nonce";
	else if (end == rest || seq != sv->ask.seq)
		why = "not the command that waits for its nonce";
	else if (!gamefile_hex_ok(hex, 32))
		why = "a nonce is 32 lower-case hex digits";
	if (why) {
		put(sv, k, "nonce-refused %llu %s", seq, why);
		logf_(sv, "client %d: a nonce refused: %s", k, why);
		return;
	}
	struct live_ask ask = sv->ask;
	sv->ask.on = false;
	memcpy(sv->s->nonce, hex, 33);
	struct cmd_result r;
	cmd_result_init(&r);
	size_t before = sv->s->journal.n;
	char digits[LIVE_DICE_MAX + 1];
	exec_drawing(sv->s, ask.line, &r, digits, sizeof digits);
	put_all(sv, "await-nonce 0 -");
	if (r.status != CMD_OK) {
		/* the dry run took it: only a file not written comes here */
		if (ask.k >= 0)
			put(sv, ask.k, "reject %s %s", ask.tag, r.reason);
		logf_(sv, "command %zu refused after its nonce: %s", ask.seq,
		      r.reason);
		broadcast_owe(sv);
	} else {
		accepted(sv, ask.k, ask.tag, ask.seat, before, digits);
		sv->undo_side = -1; /* the game moved on */
	}
	cmd_result_free(&r);
}

/* `undo [N]`, `undo agree|refuse` from a seat (R9: the other side
 * agrees). */
static void undo(struct live_server *sv, int k, const char *tag,
		 struct cmd_call *call)
{
	int seat = sv->conn[k].seat;
	const char *a = call->argc > 1 ? call->argv[1] : NULL;
	char buf[200];
	if (sv->ask.on) {
		waits_for_nonce(sv, buf, sizeof buf);
		put(sv, k, "reject %s %s", tag, buf);
		return;
	}
	if (a && (!strcmp(a, "agree") || !strcmp(a, "refuse"))) {
		if (sv->undo_side < 0 || sv->undo_side == seat) {
			put(sv, k, "reject %s no undo asked by the other side",
			    tag);
			return;
		}
		if (!strcmp(a, "refuse")) {
			sv->undo_side = -1;
			put(sv, k, "ack %s %zu", tag, sv->ndice);
			snprintf(buf, sizeof buf, "undo-refused %d", seat);
			put_all(sv, buf);
			return;
		}
		char err[300];
		size_t n = sv->undo_n;
		sv->undo_side = -1;
		if (session_undo(sv->s, n, err, sizeof err) != 0) {
			put(sv, k, "reject %s %s", tag, err);
			return;
		}
		dice_cut(sv, sv->ndice - n);
		put(sv, k, "ack %s %zu", tag, sv->ndice);
		snprintf(buf, sizeof buf, "undo %zu %zu", n, sv->ndice);
		put_all(sv, buf);
		broadcast_owe(sv);
		logf_(sv, "undo %zu agreed: the game has %zu commands", n,
		      sv->ndice);
		return;
	}
	long n = 1;
	if (a) {
		char *end;
		n = strtol(a, &end, 10);
		if (*end || n < 1) {
			put(sv, k, "reject %s usage: undo [N|agree|refuse]",
			    tag);
			return;
		}
	}
	if ((size_t)n > sv->ndice) {
		put(sv, k, "reject %s only %zu commands to undo", tag,
		    sv->ndice);
		return;
	}
	sv->undo_side = seat;
	sv->undo_n = (size_t)n;
	put(sv, k, "ack %s %zu", tag, sv->ndice);
	snprintf(buf, sizeof buf, "undo-asked %d %ld", seat, n);
	put_all(sv, buf);
}

/* `reveal`, `reveal agree|refuse` from a seat: the seed of a committed
 * game shown in its file before the battle's end when both sides agree
 * (as undo, R9); the server writes the reveal line. */
static void reveal(struct live_server *sv, int k, const char *tag,
		   struct cmd_call *call)
{
	int seat = sv->conn[k].seat;
	const char *a = call->argc > 1 ? call->argv[1] : NULL;
	bool answer = a && (!strcmp(a, "agree") || !strcmp(a, "refuse"));
	char buf[300];
	if (sv->s->journal.h.version < GAMEFILE_COMMITTED) {
		put(sv, k, "reject %s not a committed game: its seed is in its "
			   "file already", tag);
	} else if (sv->s->revealed) {
		put(sv, k, "reject %s the seed is revealed already", tag);
	} else if (call->argc > 2 || (a && !answer)) {
		put(sv, k, "reject %s usage: reveal [agree|refuse]", tag);
	} else if (sv->ask.on) {
		/* the guest would know the dice of the command it gives
		 * the nonce of */
		waits_for_nonce(sv, buf, sizeof buf);
		put(sv, k, "reject %s %s", tag, buf);
	} else if (!answer) {
		sv->reveal_side = seat;
		put(sv, k, "ack %s %zu", tag, sv->ndice);
		snprintf(buf, sizeof buf, "reveal-asked %d", seat);
		put_all(sv, buf);
		logf_(sv, "side %d asks to reveal the seed", seat);
	} else if (sv->reveal_side < 0 || sv->reveal_side == seat) {
		put(sv, k, "reject %s no reveal asked by the other side", tag);
	} else if (!strcmp(a, "refuse")) {
		sv->reveal_side = -1;
		put(sv, k, "ack %s %zu", tag, sv->ndice);
		snprintf(buf, sizeof buf, "reveal-refused %d", seat);
		put_all(sv, buf);
	} else {
		char err[300];
		if (session_reveal(sv->s, err, sizeof err) != 0) {
			put(sv, k, "reject %s %s", tag, err);
			return;
		}
		sv->reveal_side = -1;
		put(sv, k, "ack %s %zu", tag, sv->ndice);
		put_all(sv, "revealed");
		logf_(sv, "the seed revealed in the game file, both sides "
			  "agreeing");
	}
}

/* The commands no client may give in a live game: the server alone
 * keeps the file and the dice. */
static bool server_only(const char *name)
{
	static const char *const names[] = {"new", "load", "save", "save!",
					    "branch", "branch!", "roll"};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (!strcmp(name, names[i]))
			return true;
	return !strncmp(name, "setup", 5);
}

static void command(struct live_server *sv, int k, const char *tag,
		    const char *line)
{
	struct live_conn *c = &sv->conn[k];
	if (c->seat == LIVE_WATCH) {
		put(sv, k, "reject %s spectators only watch", tag);
		return;
	}
	if (line[0] == '@') { /* @SEQ: the game the command was given on */
		char *end;
		unsigned long long seq = strtoull(line + 1, &end, 10);
		if (end == line + 1 || *end != ' ') {
			put(sv, k, "reject %s usage: cmd TAG @SEQ LINE", tag);
			return;
		}
		if (seq != sv->ndice) {
			put(sv, k, "reject %s the game moved on: your view "
				   "holds %llu commands, the game %zu",
			    tag, seq, sv->ndice);
			return;
		}
		line = end + 1;
	}
	struct cmd_result r;
	cmd_result_init(&r);
	struct cmd_call call;
	const struct cmd_table *t = session_ruleset(sv->s)->commands();
	if (!cmd_lookup(t, line, &call, &r) || !call.def) {
		put(sv, k, "reject %s %s", tag,
		    call.def ? r.reason : r.reason[0] ? r.reason : "no command");
		cmd_result_free(&r);
		return;
	}
	const char *name = call.def->name;
	char why[CMD_REASON_MAX + 100];
	char canon[CMD_LINE_MAX + 1];
	cmd_canonical(&call, canon, sizeof canon);
	if (server_only(name)) {
		put(sv, k, "reject %s %s is not given in a live game", tag,
		    name);
	} else if (!strcmp(name, "undo")) {
		undo(sv, k, tag, &call);
	} else if (!strcmp(name, "reveal")) {
		reveal(sv, k, tag, &call);
	} else if (call.def->effect != CMD_CHANGES) {
		put(sv, k, "reject %s %s only looks: it runs on your own "
			   "screen", tag, name);
	} else if (!seat_may(sv, c->seat, canon, why, sizeof why)) {
		put(sv, k, "reject %s %s", tag, why);
	} else if (sv->ask.on) {
		waits_for_nonce(sv, why, sizeof why);
		put(sv, k, "reject %s %s", tag, why);
	} else if (sv->guest_seat >= 0) {
		ask_nonce(sv, k, tag, c->seat, canon);
	} else {
		size_t before = sv->s->journal.n;
		char digits[LIVE_DICE_MAX + 1];
		exec_drawing(sv->s, canon, &r, digits, sizeof digits);
		if (r.status != CMD_OK)
			put(sv, k, "reject %s %s%s%s%s", tag, r.reason,
			    r.rule[0] ? " (" : "", r.rule,
			    r.rule[0] ? ")" : "");
		else if (sv->s->journal.n > before)
			accepted(sv, k, tag, c->seat, before, digits);
		else
			put(sv, k, "ack %s %zu", tag, sv->ndice);
		if (r.status == CMD_OK)
			sv->undo_side = -1; /* the game moved on */
	}
	cmd_result_free(&r);
}

static void client_line(struct live_server *sv, int k, char *line,
			size_t len)
{
	struct live_conn *c = &sv->conn[k];
	const char *bad = live_line_bad(line, len);
	if (bad) {
		live_server_drop(sv, k, bad);
		return;
	}
	long long t = now(sv);
	c->heard = t;
	if (t - c->window >= LIVE_RATE_MS) {
		c->window = t;
		c->window_lines = 0;
	}
	if (++c->window_lines > LIVE_RATE_LINES) {
		live_server_drop(sv, k, "flooding: too many lines a second");
		return;
	}
	struct cmd_tokens tok;
	char err[CMD_REASON_MAX];
	if (!c->hello) {
		if (cmd_tokenize(line, &tok, err, sizeof err) != 0 ||
		    tok.argc < 1 || strcmp(tok.argv[0], "hello") != 0) {
			live_server_drop(sv, k, "no hello first");
			return;
		}
		hello(sv, k, &tok);
		return;
	}
	if (!strncmp(line, "cmd ", 4)) {
		char *p = line + 4, *tag = p;
		while (*p >= '0' && *p <= '9')
			p++;
		size_t tlen = (size_t)(p - tag);
		if (tlen < 1 || tlen > 8 || *p != ' ') {
			live_server_drop(sv, k, "a cmd line without its tag");
			return;
		}
		*p++ = '\0';
		command(sv, k, tag, p);
		return;
	}
	if (!strncmp(line, "nonce ", 6)) {
		nonce_given(sv, k, line + 6);
		return;
	}
	if (!strcmp(line, "bye")) {
		live_server_drop(sv, k, "left");
		return;
	}
	live_server_drop(sv, k, "a line the protocol does not know");
}

static void read_conn(struct live_server *sv, int k)
{
	struct live_conn *c = &sv->conn[k];
	char buf[2048];
	ssize_t got = read(c->fd, buf, sizeof buf);
	if (got == 0) {
		live_server_drop(sv, k, "left");
		return;
	}
	if (got < 0) {
		if (errno != EAGAIN && errno != EINTR)
			live_server_drop(sv, k, strerror(errno));
		return;
	}
	for (ssize_t i = 0; i < got && c->fd >= 0; i++) {
		if (buf[i] == '\n') {
			c->in[c->nin] = '\0';
			size_t len = c->nin;
			c->nin = 0;
			client_line(sv, k, c->in, len);
			continue;
		}
		if (c->nin + 1 >= LIVE_LINE_MAX) {
			live_server_drop(sv, k, "line too long");
			return;
		}
		c->in[c->nin++] = buf[i];
	}
}

int live_server_step(struct live_server *sv, int listen_fd,
		     bool *accept_ready, int timeout_ms)
{
	struct pollfd p[LIVE_CONN_MAX + 1];
	int idx[LIVE_CONN_MAX + 1];
	int n = 0;
	if (accept_ready)
		*accept_ready = false;
	long long t = now(sv);
	for (int k = 0; k < LIVE_CONN_MAX; k++) {
		const struct live_conn *c = &sv->conn[k];
		if (c->fd >= 0 && !c->hello && t - c->opened > LIVE_HELLO_MS)
			live_server_drop(sv, k, "no hello in time");
		else if (c->fd >= 0 && sv->seat_idle_ms > 0 &&
			 (c->seat == 0 || c->seat == 1) &&
			 t - c->heard > sv->seat_idle_ms)
			live_server_drop(sv, k, "idle too long: the seat is "
						"free again");
	}
	if (listen_fd >= 0) {
		p[n] = (struct pollfd){.fd = listen_fd, .events = POLLIN};
		idx[n++] = -1;
	}
	for (int k = 0; k < LIVE_CONN_MAX; k++) {
		struct live_conn *c = &sv->conn[k];
		if (c->fd < 0)
			continue;
		flush_conn(c);
		p[n] = (struct pollfd){
			.fd = c->fd,
			.events = (short)(POLLIN | (c->nout ? POLLOUT : 0))};
		idx[n++] = k;
	}
	if (poll(p, (nfds_t)n, timeout_ms) > 0) {
		for (int i = 0; i < n; i++) {
			if (!p[i].revents)
				continue;
			if (idx[i] < 0) {
				if (accept_ready)
					*accept_ready = true;
				continue;
			}
			struct live_conn *c = &sv->conn[idx[i]];
			if (c->fd != p[i].fd)
				continue; /* dropped meanwhile */
			if (p[i].revents & POLLOUT)
				flush_conn(c);
			if (p[i].revents & (POLLIN | POLLHUP | POLLERR))
				read_conn(sv, idx[i]);
		}
	}
	for (int k = 0; k < LIVE_CONN_MAX; k++)
		if (sv->conn[k].fd >= 0)
			flush_conn(&sv->conn[k]);
	return live_server_clients(sv);
}

/* ---- the client ---- */

static int client_die(void *user)
{
	struct live_client *c = user;
	if (c->qi < c->qn)
		return c->queue[c->qi++] - '0';
	if (c->queue)
		c->diverged = true; /* the server's dice ran out */
	return -1;
}

static void sendf(struct live_client *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void sendf(struct live_client *c, const char *fmt, ...)
{
	char buf[LIVE_LINE_MAX + 2];
	va_list ap;
	va_start(ap, fmt);
	int w = vsnprintf(buf, sizeof buf - 1, fmt, ap);
	va_end(ap);
	if (w < 0 || w >= LIVE_LINE_MAX)
		return;
	buf[w++] = '\n';
	size_t off = 0;
	while (off < (size_t)w) {
		ssize_t k = send(c->fd, buf + off, (size_t)w - off,
				 MSG_NOSIGNAL);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return; /* the link is gone: reading finds why */
		off += (size_t)k;
	}
}

int live_client_init(struct live_client *c, int fd, struct session *s,
		     bool watch, int seat)
{
	memset(c, 0, sizeof *c);
	c->fd = fd;
	c->s = s;
	c->seat = -1;
	c->owe_side = -1;
	c->undo_side = -1;
	c->guest_seat = -1;
	c->reveal_side = -1;
	c->next_tag = 1;
	for (int i = 0; i < 2; i++)
		snprintf(c->seat_user[i], sizeof c->seat_user[i], "-");
	cmd_result_init(&c->applied);
	if (watch)
		sendf(c, "hello proto=%d want=watch", LIVE_PROTO);
	else if (seat == 0 || seat == 1)
		sendf(c, "hello proto=%d want=play seat=%d", LIVE_PROTO, seat);
	else
		sendf(c, "hello proto=%d want=play seat=any", LIVE_PROTO);
	return c->closed ? -1 : 0;
}

void live_client_free(struct live_client *c)
{
	for (size_t i = 0; i < c->n; i++) {
		free(c->line[i]);
		free(c->dice[i]);
	}
	free(c->line);
	free(c->dice);
	free(c->side);
	for (size_t i = 0; i < c->ngiven; i++)
		free(c->given[i].line);
	free(c->given);
	c->given = NULL;
	c->ngiven = c->givencap = 0;
	c->line = c->dice = NULL;
	c->side = NULL;
	c->n = c->cap = 0;
	cmd_result_free(&c->applied);
	if (c->fd >= 0)
		close(c->fd);
	c->fd = -1;
}

/* Applies one command of the stream to the replica with its dice. */
static bool apply(struct live_client *c, const char *dice, const char *line)
{
	const struct ruleset *rs = session_ruleset(c->s);
	struct dice *d = rs->dice(c->s->game);
	dice_set_source(d, client_die, c);
	c->queue = dice;
	c->qi = 0;
	c->qn = strcmp(dice, "-") ? strlen(dice) : 0;
	cmd_result_reset(&c->applied);
	session_exec(c->s, line, &c->applied);
	bool ok = c->applied.status == CMD_OK && c->qi == c->qn &&
		  !c->diverged;
	c->queue = NULL;
	c->qn = c->qi = 0;
	dice_set_source(rs->dice(c->s->game), client_die, c);
	if (!ok)
		c->diverged = true;
	return ok;
}

static int start_replica(struct live_client *c)
{
	char err[400];
	int kind = game_kind_parse(c->kind);
	if (session_new(c->s, c->battle,
			kind < 0 ? GAME_HOTSEAT : (enum game_kind)kind, 0, err,
			sizeof err) != 0) {
		snprintf(c->refused, sizeof c->refused, "%.190s", err);
		return -1;
	}
	dice_set_source(session_ruleset(c->s)->dice(c->s->game), client_die,
			c);
	const struct ruleset *rs = session_ruleset(c->s);
	struct map_view *mv = rs->map_view ? rs->map_view(c->s->game) : NULL;
	for (int i = 0; i < 2; i++)
		snprintf(c->side_name[i], sizeof c->side_name[i], "%s",
			 mv ? mv->side_name[i] : (i ? "side 1" : "side 0"));
	mapview_free(mv);
	return 0;
}

static int remember(struct live_client *c, int side, const char *dice,
		    const char *line)
{
	if (c->n == c->cap) {
		size_t cap = c->cap ? c->cap * 2 : 256;
		char **l = realloc(c->line, cap * sizeof *l);
		if (l)
			c->line = l;
		char **d = realloc(c->dice, cap * sizeof *d);
		if (d)
			c->dice = d;
		int *s = realloc(c->side, cap * sizeof *s);
		if (s)
			c->side = s;
		if (!l || !d || !s)
			return -1;
		c->cap = cap;
	}
	c->line[c->n] = dup_text(line);
	c->dice[c->n] = dup_text(dice);
	c->side[c->n] = side;
	if (!c->line[c->n] || !c->dice[c->n]) {
		free(c->line[c->n]);
		free(c->dice[c->n]);
		return -1;
	}
	c->n++;
	return 0;
}

/* Fresh random bytes for a nonce: the client's own source, else
 * getrandom(2); false when there are none. */
static bool nonce_bytes(struct live_client *c, unsigned char *buf, size_t n)
{
	if (c->nonce_fn) {
		c->nonce_fn(c->nonce_user, buf, n);
		return true;
	}
	return gamefile_random_bytes(buf, n);
}

static struct live_given *given_of(struct live_client *c, size_t seq)
{
	for (size_t i = 0; i < c->ngiven; i++)
		if (c->given[i].seq == seq)
			return &c->given[i];
	return NULL;
}

/* Flags the host: what it asked for that it should not have. */
static void flag_host(struct live_client *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void flag_host(struct live_client *c, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(c->flag, sizeof c->flag, fmt, ap);
	va_end(ap);
	c->flagged = true;
}

/* `nonce? SEQ LINE` (live.h): the guest's client gives the nonce of the
 * next command, once for each number. */
static void nonce_asked(struct live_client *c, const char *rest)
{
	char *end;
	unsigned long long seq = strtoull(rest, &end, 10);
	if (c->seat != c->guest_seat || c->guest_seat < 0 || end == rest ||
	    *end != ' ')
		return;
	const char *cmd = end + 1;
	if (seq != c->n + 1) {
		flag_host(c, "the host asked for the nonce of command %llu "
			     "while the game holds %zu",
			  seq, c->n);
		return;
	}
	struct live_given *g = given_of(c, (size_t)seq);
	if (g && strcmp(g->line, cmd) != 0) {
		flag_host(c, "the host asked again for command %llu's nonce, "
			     "with another command: %.60s (it was %.60s)",
			  seq, cmd, g->line);
		return;
	}
	if (!g) {
		unsigned char b[16];
		if (c->ngiven == c->givencap) {
			size_t cap = c->givencap ? c->givencap * 2 : 64;
			struct live_given *p =
				realloc(c->given, cap * sizeof *p);
			if (!p)
				return;
			c->given = p;
			c->givencap = cap;
		}
		char *l = dup_text(cmd);
		if (!l || !nonce_bytes(c, b, sizeof b)) {
			free(l);
			return;
		}
		g = &c->given[c->ngiven++];
		g->seq = (size_t)seq;
		g->line = l;
		for (size_t i = 0; i < sizeof b; i++)
			snprintf(g->hex + 2 * i, 3, "%02x", b[i]);
	}
	sendf(c, "nonce %zu %s", g->seq, g->hex);
}

/* After an undo to seq commands: the nonces given for the commands
 * undone are forgotten (their numbers come again, with new commands). */
static void given_cut(struct live_client *c, size_t seq)
{
	size_t k = 0;
	for (size_t i = 0; i < c->ngiven; i++) {
		if (c->given[i].seq > seq)
			free(c->given[i].line);
		else
			c->given[k++] = c->given[i];
	}
	c->ngiven = k;
}

static void server_line(struct live_client *c, char *line)
{
	char *sp = strchr(line, ' ');
	char *rest = sp ? sp + 1 : line + strlen(line);
	if (line[0] == '@') {
		/* @SEQ SIDE DICE LINE */
		char *p = line + 1;
		unsigned long seq = strtoul(p, &p, 10);
		char side[8], dice[LIVE_DICE_MAX + 2];
		int used = 0;
		if (sscanf(p, " %7s %257s %n", side, dice, &used) < 2 ||
		    !used || !c->s->game) {
			c->diverged = true;
			return;
		}
		if (seq != c->n + 1)
			return; /* from the past (or a gap): changes nothing */
		const char *cmd = p + used;
		const struct live_given *g = given_of(c, seq);
		if (g && strcmp(g->line, cmd) != 0)
			flag_host(c, "the host played another command %lu than "
				     "the one its nonce was for: %.60s (it "
				     "was %.60s)",
				  seq, cmd, g->line);
		if (!apply(c, dice, cmd) ||
		    remember(c, side[0] == '-' ? -1 : atoi(side), dice, cmd) !=
			    0) {
			c->diverged = true;
			return;
		}
		c->applied_seq = seq;
		c->undo_side = -1;
		c->await_seq = 0;
	} else if (!strncmp(line, "welcome ", 8)) {
		char seat[16] = "";
		sscanf(line, "welcome proto=%*d seat=%15s ruleset=%15s "
			     "battle=%63s kind=%15s",
		       seat, c->ruleset, c->battle, c->kind);
		c->seat = !strcmp(seat, "watch") ? LIVE_WATCH : atoi(seat);
		const char *w = strstr(line, " dice=");
		if (w)
			sscanf(w, " dice=%15s", c->dice_mode);
		w = strstr(line, " guest=");
		c->guest_seat = w ? atoi(w + 7) : -1;
		w = strstr(line, " seat0=");
		if (w)
			sscanf(w, " seat0=%39s seat1=%39s", c->seat_user[0],
			       c->seat_user[1]);
		/* the one welcomed is not among the welcome's seats */
		if (c->seat == 0 || c->seat == 1)
			snprintf(c->seat_user[c->seat],
				 sizeof c->seat_user[c->seat], "you");
		c->welcomed = start_replica(c) == 0;
		if (!c->welcomed)
			c->closed = true;
	} else if (!strncmp(line, "owe ", 4)) {
		char rule[16] = "";
		int used = 0;
		if (sscanf(line, "owe %d %15s %n", &c->owe_side, rule, &used) >=
			    2 &&
		    used) {
			snprintf(c->owe_rule, sizeof c->owe_rule, "%s",
				 strcmp(rule, "-") ? rule : "");
			snprintf(c->owe_what, sizeof c->owe_what, "%s",
				 line + used);
		}
	} else if (!strncmp(line, "seats ", 6)) {
		sscanf(line, "seats %39s %39s", c->seat_user[0],
		       c->seat_user[1]);
	} else if (!strncmp(line, "nonce? ", 7)) {
		nonce_asked(c, line + 7);
	} else if (!strncmp(line, "await-nonce ", 12)) {
		c->await_side = -1;
		if (sscanf(line, "await-nonce %zu %d", &c->await_seq,
			   &c->await_side) < 1)
			c->await_seq = 0;
	} else if (!strncmp(line, "nonce-refused ", 14)) {
		const char *why = strchr(line + 14, ' ');
		snprintf(c->nonce_refused, sizeof c->nonce_refused, "%s",
			 why ? why + 1 : "");
	} else if (!strncmp(line, "ack ", 4) || !strncmp(line, "reject ", 7) ||
		   !strncmp(line, "held ", 5)) {
		char *p = rest;
		c->last_tag = strtol(p, &p, 10);
		c->last_ok = line[0] != 'r';
		c->last_held = line[0] == 'h';
		snprintf(c->last_reason, sizeof c->last_reason, "%s",
			 c->last_ok ? "" : (*p == ' ' ? p + 1 : p));
	} else if (!strncmp(line, "undo-asked ", 11)) {
		sscanf(line, "undo-asked %d %zu", &c->undo_side, &c->undo_n);
	} else if (!strncmp(line, "reveal-asked ", 13)) {
		c->reveal_side = atoi(line + 13);
	} else if (!strncmp(line, "reveal-refused", 14)) {
		c->reveal_side = -1;
	} else if (!strcmp(line, "revealed")) {
		c->reveal_side = -1;
		c->revealed = true;
	} else if (!strncmp(line, "undo-refused", 12)) {
		c->undo_side = -1;
	} else if (!strncmp(line, "undo ", 5)) {
		size_t n = 0, seq = 0;
		if (sscanf(line, "undo %zu %zu", &n, &seq) != 2 || seq > c->n)
			return;
		c->undo_side = -1;
		c->await_seq = 0;
		given_cut(c, seq);
		/* the replica again from the start, without the last n */
		while (c->n > seq) {
			c->n--;
			free(c->line[c->n]);
			free(c->dice[c->n]);
		}
		if (start_replica(c) != 0) {
			c->closed = true;
			return;
		}
		for (size_t i = 0; i < c->n; i++)
			if (!apply(c, c->dice[i], c->line[i]))
				return;
		c->applied_seq = c->n;
	} else if (!strncmp(line, "refuse ", 7) || !strncmp(line, "bye ", 4)) {
		snprintf(c->refused, sizeof c->refused, "%s", rest);
		c->closed = true;
	}
}

int live_client_pump(struct live_client *c, int timeout_ms)
{
	if (c->closed)
		return -1;
	struct pollfd p = {.fd = c->fd, .events = POLLIN};
	int r = poll(&p, 1, timeout_ms);
	if (r <= 0)
		return 0;
	char buf[4096];
	ssize_t got = read(c->fd, buf, sizeof buf);
	if (got <= 0) {
		if (got < 0 && (errno == EAGAIN || errno == EINTR))
			return 0;
		if (!c->refused[0])
			snprintf(c->refused, sizeof c->refused,
				 "the server is gone");
		c->closed = true;
		return -1;
	}
	int lines = 0;
	for (ssize_t i = 0; i < got && !c->closed; i++) {
		if (buf[i] == '\n') {
			c->in[c->nin] = '\0';
			c->nin = 0;
			server_line(c, c->in);
			lines++;
		} else if (c->nin + 1 < sizeof c->in) {
			c->in[c->nin++] = buf[i];
		}
	}
	return c->closed && !lines ? -1 : lines;
}

long live_client_send(struct live_client *c, const char *line)
{
	if (c->closed)
		return -1;
	long tag = c->next_tag++;
	if (c->next_tag > 99999999)
		c->next_tag = 1;
	sendf(c, "cmd %ld @%zu %s", tag, c->n, line);
	return c->closed ? -1 : tag;
}

int live_client_wait(struct live_client *c, long tag, int timeout_ms)
{
	for (int waited = 0; waited <= timeout_ms; waited += 50) {
		if (c->last_tag == tag)
			return c->last_ok ? 1 : 0;
		if (live_client_pump(c, 50) < 0 && c->last_tag != tag)
			return -1;
	}
	return c->last_tag == tag ? (c->last_ok ? 1 : 0) : -1;
}

/* The name of side k in the replica's battle ("" none). */
static const char *side_of_seat(const struct live_client *c, int k)
{
	return k == 1 ? c->side_name[1] : k == 0 ? c->side_name[0] : "";
}

void live_client_owe_text(const struct live_client *c, char *buf, size_t n)
{
	char side[64] = "";
	if (c->owe_side >= 0 && c->s->game) {
		const struct ruleset *rs = session_ruleset(c->s);
		struct map_view *mv =
			rs->map_view ? rs->map_view(c->s->game) : NULL;
		snprintf(side, sizeof side, "%s",
			 mv ? mv->side_name[c->owe_side == 1] : "");
		mapview_free(mv);
	}
	const char *rule = c->owe_rule;
	if (c->await_seq && c->seat == c->await_side)
		snprintf(buf, n, "two-party dice: your client gives the nonce "
			 "of command %zu", c->await_seq);
	else if (c->await_seq)
		snprintf(buf, n, "two-party dice: waiting for %s's client to "
			 "give the nonce of command %zu",
			 side_of_seat(c, c->await_side), c->await_seq);
	else if (c->guest_seat >= 0 && c->seat != c->guest_seat &&
		 !strcmp(c->seat_user[c->guest_seat], "-"))
		snprintf(buf, n, "two-party dice: the game waits for %s's "
			 "player, away, whose client gives each command's "
			 "nonce", side_of_seat(c, c->guest_seat));
	else if (c->owe_side < 0)
		snprintf(buf, n, "nobody owes a decision");
	else if (c->owe_side == c->seat)
		snprintf(buf, n, "your decision: %s%s%s%s", c->owe_what,
			 rule[0] ? " (" : "", rule, rule[0] ? ")" : "");
	else
		snprintf(buf, n, "waiting for %s: %s%s%s%s", side,
			 c->owe_what, rule[0] ? " (" : "", rule,
			 rule[0] ? ")" : "");
}
