/* live.h — a live game: one server, its players and spectators.
 *
 * One server owns a live game: it plays the session (session.h) that
 * holds the game file and its lock, so it is the only writer of the file
 * and the only holder of the dice's seed, and it referees every command.
 * Its clients (two seats, 0 and 1, and any number of spectators) each
 * keep a replica of the game: a session without a file, whose dice come
 * from the server.  The server sends command lines, not screens: every
 * client applies the same ordered stream of accepted commands, each with
 * the dice it drew on the server, so a client's replica is the server's
 * game without ever knowing the seed.  Looking (show, why, the cursor)
 * runs on the replica and never crosses the wire.
 *
 * The protocol is text, one line each, '\n' at its end, at most
 * LIVE_LINE_MAX bytes with it.  From a client:
 *
 *     hello proto=2 want=play seat=0|1|any     or  want=watch
 *     cmd TAG @SEQ LINE   a command for the game (TAG: 1-8 digits),
 *                         given on the game as it stood after command SEQ
 *                         (the client's replica): refused when the game
 *                         has moved on since (or SEQ is not one of its),
 *                         so a command from the past changes nothing;
 *     cmd TAG LINE        the same without that check
 *     nonce SEQ HEX       two-party dice: the guest's nonce (32 hex
 *                         digits) for command SEQ, asked by nonce?
 *     bye
 *
 * From the server:
 *
 *     welcome proto=2 seat=0|1|watch ruleset=R battle=B kind=K head=N
 *             seat0=USER|- seat1=USER|- watchers=N (who sits where)
 *             idle=SECONDS (since the game last changed)
 *             dice=open|trusted|two-party [guest=0|1] (the dice mode:
 *             open, the seed in the file; two-party, guest the seat
 *             whose client gives the nonces)
 *     seats USER|- USER|- who sits where now (after a seat comes or goes)
 *     refuse REASON       (then the server closes the link)
 *     @SEQ SIDE DICE LINE command SEQ (1, 2, ...), given by SIDE (0, 1,
 *                         or - for the game's history), its dice the
 *                         digits DICE ("-": none), applied in order
 *     undo N SEQ          the last N commands taken back (R9, both sides
 *                         agreed): the stream now ends at SEQ
 *     undo-asked SIDE N   SIDE asks to take back N commands
 *     undo-refused SIDE
 *     reveal-asked SIDE   SIDE asks to show the seed in the game file now
 *                         (a committed game); the other answers `reveal
 *                         agree` or `reveal refuse`
 *     reveal-refused SIDE
 *     revealed            the reveal line is in the game file
 *     owe SIDE RULE WHAT  who owes the pending decision now (-1 nobody)
 *     ack TAG SEQ         TAG accepted as command SEQ
 *     held TAG SEQ        TAG is command SEQ, fixed, waiting for the
 *                         guest's nonce (whose client went away): it is
 *                         played when the nonce comes
 *     nonce? SEQ LINE     to the guest's seat: give the nonce of command
 *                         SEQ, LINE (fixed: accepted on a dry run)
 *     await-nonce SEQ SIDE  the game waits for SIDE's nonce for command
 *                         SEQ (SEQ 0: it waits no more)
 *     nonce-refused SEQ REASON  a nonce that changed nothing
 *     reject TAG REASON   TAG refused: nothing changed
 *     bye REASON          the server closes the link
 *
 * Hostile input: a client's line longer than LIVE_LINE_MAX, holding a byte
 * other than printable ASCII and tab, malformed, or one of more than
 * LIVE_RATE_LINES in LIVE_RATE_MS; a handshake not done in
 * LIVE_HELLO_MS; output to it piling up beyond LIVE_OUT_MAX (a slow
 * reader; out_max, when a test sets it): the client is dropped, with the reason logged, and the game and the others go on.
 * A command from the wrong seat, a session command (load, new, save,
 * branch), a forced roll or a setup is refused and changes nothing.
 *
 * Two-party dice (gamefile.h): every game-changing command is first run
 * and taken back on the server's game (session_dry_run); accepted, it is
 * fixed and announced (await-nonce), and the guest's client, asked with
 * nonce?, answers at once with a fresh nonce; only then the command runs
 * for real, its dice drawn from the seed and the nonce.  While the
 * guest's seat is empty a command is refused with the reason (the game
 * waits for the guest).  The guest's client gives one nonce for each
 * command number: asked again for the same number with another command,
 * or for a number that is not the next, it gives none and flags the
 * host (flagged, flag).
 *
 * The server's time comes from a clock the caller gives (tests inject
 * one); nothing here is global: a struct live_server holds it all. */
#ifndef MANIPLE_LIVE_H
#define MANIPLE_LIVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "maniple/cmd.h"

struct session;
struct decision_answer;

#define LIVE_PROTO 2
#define LIVE_LINE_MAX 512
#define LIVE_RATE_LINES 40
#define LIVE_RATE_MS 1000
#define LIVE_HELLO_MS 20000
#define LIVE_OUT_MAX (256 * 1024)
#define LIVE_CONN_MAX 32
#define LIVE_DICE_MAX 256 /* d10 one command may draw */
#define LIVE_WATCH (-2)	  /* a spectator's seat */

/* One client as the server sees it. */
struct live_conn {
	int fd;			/* -1: a free slot */
	uid_t uid;
	bool hello;		/* the handshake is done */
	int seat;		/* 0, 1, LIVE_WATCH; -1 before hello */
	char in[LIVE_LINE_MAX];
	size_t nin;
	char *out;
	size_t nout, outcap;
	long long opened, window;	/* ms: when it came, its window */
	long long heard;	/* ms: its last line */
	int window_lines;
};

struct live_server {
	struct session *s;	/* the game, its file open and locked */
	long long (*clock)(void *user);	/* ms */
	void *clock_user;
	/* each line of the server's log (a drop and its reason, a join) */
	void (*log)(void *user, const char *line);
	void *log_user;
	struct live_conn conn[LIVE_CONN_MAX];
	/* the dice each journal command drew from the seed, as digits */
	char **dice;
	size_t ndice, dicecap;
	/* an undo asked (R9): by whom (-1 none) and how many commands */
	int undo_side;
	size_t undo_n;
	/* a reveal asked (the seed shown before the end): by whom (-1
	 * none) */
	int reveal_side;
	long long empty_since;	/* ms: when the last client left */
	size_t out_max;		/* a client's output queue's cap (0:
				 * LIVE_OUT_MAX) */
	/* Asynchronous play: called when a side comes to owe a decision
	 * (after a command or an undo) and no client is seated as that
	 * side, with the side, its name, the decision's rule ("" none) and
	 * words, and the game's command count (NULL: nobody is told) */
	void (*owes)(void *user, int side, const char *side_name,
		     const char *rule, const char *what, size_t seq);
	void *owes_user;
	int owed_side;		/* who owed after the last change (-1 none) */
	/* a seated client silent this long is dropped, its seat free
	 * again (ms; 0: never) */
	long long seat_idle_ms;
	char side_name[2][48];
	struct decision_answer *room; /* the pending decision's answers */
	int nroom;
	/* who sits where, after a seat comes or goes: user names ("-"
	 * empty); NULL: nobody is told (maniple keeps the last users of
	 * each seat beside the game file, for maniple games) */
	void (*seats)(void *user, const char who[2][40]);
	void *seats_user;
	long long changed;	/* ms: the game's last change (its idle time) */
	/* two-party dice: the seat whose client gives the nonces, the
	 * guest's (live_server_init: 1; the caller sets the host's other
	 * seat before any client comes); -1 in a game of other dice */
	int guest_seat;
	/* the command fixed and announced, waiting for the guest's nonce:
	 * its sender (client k, -1 gone), tag, seat, number and line */
	struct live_ask {
		bool on;
		int k;
		char tag[12];
		int seat;
		size_t seq;
		char line[CMD_LINE_MAX + 1];
	} ask;
};

/* A server for the session s, whose game (its file open) is the live one:
 * works out the dice the game's commands drew so far by playing them
 * again on a copy (a new session of the same battle and seed, no file)
 * and checks that the copy ends in the same state.  0, or -1 with err. */
int live_server_init(struct live_server *sv, struct session *s,
		     long long (*clock)(void *), void *clock_user,
		     void (*log)(void *, const char *), void *log_user,
		     char *err, size_t errn);
void live_server_free(struct live_server *sv);
/* Takes a client on fd (a connected stream socket; made non-blocking
 * here), of user uid.  false when there is no room (fd is closed). */
bool live_server_add(struct live_server *sv, int fd, uid_t uid);
/* Reads what the clients sent, referees it, writes what is due; waits at
 * most timeout_ms for a client (also for listen_fd, when >= 0: then
 * *accept_ready says it can accept).  Returns the number of clients. */
int live_server_step(struct live_server *sv, int listen_fd,
		     bool *accept_ready, int timeout_ms);
/* Drops client k with reason (logged, told to it with `bye`). */
void live_server_drop(struct live_server *sv, int k, const char *reason);
/* How many clients are connected. */
int live_server_clients(const struct live_server *sv);

/* ---- a client ---- */

struct live_client {
	int fd;
	struct session *s;	/* the replica: set up, no game until
				 * the welcome; never a file */
	int seat;		/* 0, 1, LIVE_WATCH; -1 before welcome */
	bool welcomed, closed, diverged;
	char refused[CMD_REASON_MAX]; /* refuse or bye's reason */
	char ruleset[16], battle[64], kind[16];
	char in[LIVE_LINE_MAX * 2];
	size_t nin;
	/* the stream so far: each command line and its dice */
	char **line, **dice;
	int *side;
	size_t n, cap;
	/* the dice the command being applied may draw */
	const char *queue;
	size_t qi, qn;
	/* owe: who owes, the rule and the decision in words */
	int owe_side;
	char owe_rule[16], owe_what[96];
	/* the last ack or reject: its tag and reason ("" for ack) */
	long last_tag;
	bool last_ok;
	char last_reason[CMD_REASON_MAX];
	/* undo: asked by the other side (-1: none), how many */
	int undo_side;
	size_t undo_n;
	/* reveal: asked by a side (-1: none); the seed in the file now */
	int reveal_side;
	bool revealed;
	/* the result of the last command applied (its events) */
	struct cmd_result applied;
	size_t applied_seq;
	long next_tag;
	/* the last ack was `held` (a command waiting for the guest) */
	bool last_held;
	char side_name[2][48];	/* the battle's sides */
	/* seat users now ("-" empty), from the welcome and `seats` */
	char seat_user[2][40];
	/* the game's dice mode (welcome: dice=), and in two-party the
	 * guest's seat (-1 none) */
	char dice_mode[16];
	int guest_seat;
	/* await-nonce: the command waiting for the guest's nonce (0: none)
	 * and the side that owes it */
	size_t await_seq;
	int await_side;
	/* the guest's nonces: fresh random bytes (NULL: getrandom(2));
	 * tests give their own so files are reproducible */
	void (*nonce_fn)(void *user, unsigned char *buf, size_t n);
	void *nonce_user;
	/* the nonces this client gave: command number, hex, the line */
	struct live_given {
		size_t seq;
		char hex[33];
		char *line;
	} *given;
	size_t ngiven, givencap;
	/* the host asked for a nonce it should not have (see above) */
	bool flagged;
	char flag[CMD_REASON_MAX];
	/* the last nonce-refused's reason */
	char nonce_refused[CMD_REASON_MAX];
};

/* A client over fd (connected) with the replica session s (its loaders
 * set, no game).  Sends the hello: want "play" (seat 0, 1, or -1 for
 * any free one) or "watch". */
int live_client_init(struct live_client *c, int fd, struct session *s,
		     bool watch, int seat);
void live_client_free(struct live_client *c);
/* Reads what the server sent and applies it; waits at most timeout_ms
 * for it.  Returns how many lines it took, or -1 when the link is
 * closed (c->refused says why). */
int live_client_pump(struct live_client *c, int timeout_ms);
/* Sends a command line; returns its tag, or -1. */
long live_client_send(struct live_client *c, const char *line);
/* Waits (pumping) until tag is answered: 1 accepted, 0 refused
 * (c->last_reason), -1 the link closed or timeout_ms passed. */
int live_client_wait(struct live_client *c, long tag, int timeout_ms);
/* "waiting for Rome: Orderly Withdrawal (6.5)" or "your decision: ..."
 * for the client's seat, into buf. */
void live_client_owe_text(const struct live_client *c, char *buf, size_t n);

/* The state digest of s's game (ruleset.h) leaving out the dice's seed
 * and PRNG: what a replica, which never holds them, shares with the
 * server's game. */
uint64_t live_digest(struct session *s);

/* Whether a client's line is acceptable on the wire: its length and its
 * bytes (printable ASCII and tab).  NULL, or why not. */
const char *live_line_bad(const char *line, size_t len);

#endif
