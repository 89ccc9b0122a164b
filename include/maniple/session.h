/* session.h — a game being played through the command language, with its
 * game file: the journal, undo, save and branch, replay and resume, the
 * digests.  For any ruleset: the session holds the ruleset's game as a
 * pointer it never looks inside and reaches the rules only through
 * `struct ruleset` (ruleset.h).
 *
 * The session's own commands (new, load, save, save!, branch, branch!,
 * undo) are about the file, not the rules; a ruleset lists them in its
 * command table with SESSION_COMMAND_DEFS, where it wants them. */
#ifndef MANIPLE_SESSION_H
#define MANIPLE_SESSION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "maniple/cmd.h"
#include "maniple/gamefile.h"
#include "maniple/ruleset.h"

struct rulebook;

/* How many accepted game-changing commands a session's checkpoint may lie
 * behind the game: a refusal runs at most this many commands again.  A
 * checkpoint copies the state in use (some 23 KB on the drill, 62 KB on
 * Cannae), so rarer checkpoints copy less and re-run more.  In random
 * play, where about one command in ten is refused (autoplay's probes),
 * 8 costs no more CPU than the copy before every command it replaces
 * (tools/bench: random drill battles and Cannae commands per CPU second
 * within 1%; 16 cost some 7% more on the drill, 12% on Cannae), and
 * copies an eighth of the bytes.  The re-run is exact (the same state, events and
 * dice as the first run): the command fuzzer checks it at 8 on every
 * refusal, byte for byte (tests/fuzz/fuzz_command.c). */
#define SESSION_CHECKPOINT_EVERY 8

/* Loads the battle NAME for a new game: the program looks it up under the
 * data directory; a test may build one by hand.  NULL with err filled on
 * failure. */
typedef struct battle *(*battle_loader)(void *user, const char *name,
					 struct ini_error *err);
/* Loads the rules tables for g.  Returns 0, or -1 with err filled.
 * Every game needs its tables: a session without a loader, or whose
 * loader leaves the game without them (ruleset.h: unready), starts no
 * game. */
typedef int (*tables_loader)(void *user, struct game *g,
			     struct ini_error *err);

struct session {
	struct game *game;	/* NULL until `new` or `load` */
	/* the ruleset playing game (NULL: none yet; a new game is the
	 * first of rulesets') */
	const struct ruleset *ruleset;
	battle_loader load_battle;
	tables_loader load_tables;
	void *loader_user;
	uint64_t default_seed;	/* for `new` without a SEED */
	struct journal journal;	/* the game's file, in memory */
	struct gamefile file;	/* file.f NULL: no file on disk */
	bool replaying;		/* loading a game file */
	bool digest_due;	/* replay: a digest line must come next */
	int digest_turn;
	int torn_line;		/* load: the torn last line dropped, or 0 */
	/* session_new: where an old game was moved aside, or "" */
	char new_kept[600];
	/* session_exec's checkpoint (ruleset.h: mark): the game as it was
	 * when the journal held ckpt_journal lines and the game's event log
	 * ckpt_events events.  A refused game-changing command (or one whose
	 * line cannot be written) puts the game back to it and runs the
	 * journal's commands since it again, as a replay does.  Taken before
	 * the first game-changing command of a game, then again once
	 * SESSION_CHECKPOINT_EVERY commands were accepted since
	 * (ckpt_since), and after a refusal that ran commands again; its
	 * memory serves every checkpoint.  ckpt NULL until needed; ckpt_game
	 * the game it is of (NULL: none yet, or stale); freed by session_free
	 * with the ruleset that made it. */
	void *ckpt;
	const struct ruleset *ckpt_rs;
	/* the checkpoint's reach in accepted commands: 0 is
	 * SESSION_CHECKPOINT_EVERY; 1 takes one before every command, for
	 * a caller that changes the game other than by its commands (a
	 * test placing pieces by hand), which the journal cannot run
	 * again (or it calls session_edited after each change) */
	unsigned checkpoint_every;
	const struct game *ckpt_game;
	size_t ckpt_journal, ckpt_events, ckpt_since;
	/* what a source outside the game (dice.h: dice_set_source, a live
	 * replica's server) answered each time the game's accepted commands
	 * asked it for a d10 (-1 included: it had none, the PRNG rolled),
	 * in order, from the game's start (outside_ckpt of them before the
	 * checkpoint): a refusal runs the commands since the checkpoint
	 * again with their answers, and an undo the commands it keeps with
	 * theirs, never asking the source again (its dice are spent: it
	 * would give others, or none) */
	signed char *outside;
	size_t noutside, outside_cap, outside_next, outside_ckpt;
	bool outside_lost;		/* an answer not kept: out of memory */
	int (*outside_fn)(void *user);	/* while a command runs: the source */
	void *outside_user;
	/* hotseat `undo N` waiting for the other side (R9): N, or 0; and
	 * the journal's length when it was asked */
	size_t undo_asked, undo_at;
	/* the last refused game-changing command, for `why` (why.h): its
	 * line, reason and rule, and the game's event and journal counts
	 * then (a later command, or another game, changes them) */
	char why_line[CMD_LINE_MAX + 1];
	char why_reason[CMD_REASON_MAX];
	char why_rule[16];
	size_t why_events, why_journal;
	bool why_refused;
	/* `rule N` (rulebook.h): the directory holding each ruleset's
	 * rules/<ruleset>/ (set by whoever starts the session, NULL: none),
	 * and its summaries and rulings once read, with the function that
	 * frees them (set by whoever reads them; session_free calls it) */
	const char *rules_dir;
	struct rulebook *rulebook;
	void (*rulebook_free)(struct rulebook *rb);
	/* the rulesets the program was built with (ruleset.h), the game
	 * file's `ruleset` header looked up among them (set by whoever
	 * starts the session, copied by the session to the sessions it
	 * makes from another) */
	const struct ruleset *const *rulesets;
	/* Committed games (gamefile.h, format 3).  new_dice: the dice mode
	 * of a game session_new starts (NULL: format 2, the seed shown;
	 * "trusted" or "mail": format 3, the seed committed to).
	 * seed_dir: the seed store, where a new committed game's secret is
	 * kept until its reveal and where a load looks for it (NULL: none;
	 * the secret then lives only in this session).  random: fills buf
	 * with n random bytes for a new secret's salt (NULL: getrandom(2));
	 * tests give their own so files are reproducible.  revealed: the
	 * journal holds the reveal line.  dice_due: replay, the digits the
	 * command just run drew, which a dice line must give next ("": none
	 * due). */
	const char *new_dice;
	const char *seed_dir;
	void (*random)(void *user, unsigned char *buf, size_t n);
	void *random_user;
	bool revealed;
	bool verifying;
	char dice_due[260];
	/* Two-party dice (gamefile.h): the guest's nonce (32 hex digits)
	 * for the next game-changing command, "" none; every such command of
	 * a two-party game needs one and takes it, accepted or refused
	 * (a replay takes it from the nonce line before the command).
	 * dry_run: the next game-changing command runs and is taken back
	 * at once, whatever comes of it, with no nonce and nothing written
	 * (session_dry_run). */
	char nonce[33];
	bool dry_run;
};

/* A session choosing among rulesets (NULL-terminated, the first the
 * default), with no game yet. */
void session_setup(struct session *s, const struct ruleset *const *rulesets,
		   battle_loader lb, tables_loader lt, void *user,
		   uint64_t default_seed);
void session_free(struct session *s);
/* The rulesets s chooses among. */
const struct ruleset *const *session_rulesets(const struct session *s);
/* The state digest of s's game leaving out the dice's seed and PRNG
 * state: what a committed game's file (format 3) and a live replica, which
 * never holds them, share. */
uint64_t session_seedless_digest(struct session *s);

/* A committed game (format 3) whose secret s knows and whose file does not
 * show it yet: writes the reveal line (and forgets the stored secret).
 * 0, or -1 with err (not a committed game, the secret unknown, revealed
 * already, the file not written). */
int session_reveal(struct session *s, char *err, size_t errn);

/* Checks the game file at path as `maniple --verify` does: the chain,
 * every command again with the revealed seed, every dice line against the
 * dice that seed gives, every digest, the reveal against the commitment.
 * Format 1 and 2 files show their seed, and are checked the same way.
 * Returns 0 (verifies: summary says what was checked), 1 (does not: err
 * says where and why), 2 (unreadable: err).  s is set up, no game. */
int session_verify(struct session *s, const char *path, struct ini_error *err,
		   char *summary, size_t n);

/* The ruleset whose commands s runs: its game's, else the default one;
 * NULL when s knows none. */
const struct ruleset *session_ruleset(const struct session *s);
/* Runs one command line.  A refused or malformed command changes
 * nothing.  r->out receives the events to show: those the game emitted,
 * then what a looking command shows.  A game-changing command is appended
 * to the game file (flushed to disk) before this returns. */
void session_exec(struct session *s, const char *line, struct cmd_result *r);
/* Whether s's game is a committed one with two-party dice (gamefile.h). */
bool session_two_party(const struct session *s);
/* Runs a game-changing command line and takes it back whatever comes of
 * it: r says whether the game would accept it now (its events as they
 * came, with dice of no consequence: in a two-party game the guest's
 * nonce is not known yet).  Nothing is written, the game is unchanged. */
void session_dry_run(struct session *s, const char *line,
		     struct cmd_result *r);
/* Starts a new game (replacing the current one).  When a game file is
 * open, the new game gets a file the way `maniple --new BATTLE` does: the
 * current file when it is the same battle's, else BATTLE.game beside it;
 * an old game there holding a command is first moved aside to its dated
 * name (gamefile_keep_old), said in s->new_kept.  0, or -1 with err. */
int session_new(struct session *s, const char *battle, enum game_kind kind,
		uint64_t seed, char *err, size_t errn);
/* Loads a game file: replays its commands, checking every digest; play
 * goes on in that file.  On failure the session is unchanged and err
 * says file:line: reason. */
bool session_load(struct session *s, const char *path, struct ini_error *err);
/* Writes a copy of the game file atomically.  branch: play goes on in the
 * copy (its lock taken); save: play goes on in the current file.  Only a
 * regular file is written; an existing one only when replace is true
 * (`save!`, `--force`), and never one another maniple holds or the
 * game's own file. */
int session_save(struct session *s, const char *path, bool branch,
		 bool replace, char *err, size_t errn);
/* Appends an annotation line ("note TEXT": what replay skips) to the
 * journal and the game file.  0, or -1 with err. */
int session_note(struct session *s, const char *text, char *err,
		 size_t errn);
/* Tells s that its game was changed other than by its commands (a test
 * placing pieces by hand, a harness putting a game back as it was): the
 * checkpoint, of the game as it was, is dropped, and the next
 * game-changing command takes one of the game as it is, so that a refusal
 * never runs the journal's commands again from a state before the
 * change. */
void session_edited(struct session *s);
/* The number of commands in the journal (digest and note lines left
 * out). */
size_t session_commands(const struct session *s);
/* Rebuilds the game by replaying its journal less its last n commands (a
 * digest line after an undone command goes too) and rewrites the open game
 * file to the shorter journal atomically.  0; 1 when done but the rewritten
 * file could not be reopened (err says so; no file now); -1 with err and
 * the session unchanged. */
int session_undo(struct session *s, size_t n, char *err, size_t errn);
/* Who plays each side (the game file's header in format 2: "person" or
 * "computer N", gamefile.h): the header rewritten, and the file with it
 * (atomically) when one is open.  0, or -1 with err (format 1 cannot say
 * it; a value that is neither). */
int session_set_players(struct session *s, const char *const player[2],
			char *err, size_t errn);
/* Whether the header says the computer plays a side. */
bool session_computer_plays(const struct session *s);

/* A fair game against the computer (maniple --no-undo): a note in the
 * game file ("note fair: ..."), so that a resumed game stays fair; from
 * then on undo and branch are refused with SESSION_FAIR_REASON (an undo
 * or a branch played on would show the dice to come).  0, or -1 with
 * err. */
#define SESSION_FAIR_NOTE "fair"
#define SESSION_FAIR_REASON                                                    \
	"a fair game (--no-undo): no undo and no branch, since either would "  \
	"show the dice to come"
int session_make_fair(struct session *s, char *err, size_t errn);
bool session_fair(const struct session *s);
/* Against the computer every undo notes itself after the commands it
 * kept ("note undo N: ...", N the undos so far): the number of undos
 * the game file says were used (0: none). */
#define SESSION_UNDO_NOTE "undo"
int session_undos(const struct session *s);

/* The computer's plan for a command it plays, noted just before it:
 * "plan SIDE LEVEL \"LINE\": SENTENCE" into buf (the sentence cut to
 * fit a note).  session_last_plan: the plan noted for the journal's last
 * command (a note before it naming that very line), or false when a
 * person played it. */
#define SESSION_PLAN_NOTE "plan"
void session_plan_note(char *buf, size_t n, int side, const char *level,
		       const char *line, const char *sentence);
bool session_last_plan(const struct session *s, int *side, char *level,
		       size_t nl, char *sentence, size_t ns);

/* The digest a digest line of s's game file holds for its game now:
 * format 1's text digest or format 2's state digest (ruleset.h). */
uint64_t session_digest(const struct session *s);

/* The session's commands, as a ruleset lists them in its table (ctx is
 * the session). */
void session_cmd_new(void *ctx, int argc, char **argv, struct cmd_result *r);
void session_cmd_load(void *ctx, int argc, char **argv, struct cmd_result *r);
void session_cmd_save(void *ctx, int argc, char **argv, struct cmd_result *r);
void session_cmd_branch(void *ctx, int argc, char **argv,
			struct cmd_result *r);
void session_cmd_reveal(void *ctx, int argc, char **argv,
			struct cmd_result *r);
void session_cmd_undo(void *ctx, int argc, char **argv, struct cmd_result *r);

#define SESSION_COMMAND_DEFS                                                   \
	{"new", "BATTLE [solo|hotseat|sandbox] [SEED]",                        \
	 "start a new game of a battle", CMD_SESSION, session_cmd_new},        \
	    {"load", "FILE", "load a game file; play goes on in it",           \
	     CMD_SESSION, session_cmd_load},                                   \
	    {"save", "FILE [--force]",                                         \
	     "write a copy; play goes on in the current file", CMD_SESSION,    \
	     session_cmd_save},                                                \
	    {"save!", "FILE", "save, replacing the file at FILE", CMD_SESSION, \
	     session_cmd_save},                                                \
	    {"branch", "FILE [--force]",                                       \
	     "write a copy; play goes on in the copy", CMD_SESSION,            \
	     session_cmd_branch},                                              \
	    {"branch!", "FILE", "branch, replacing the file at FILE",          \
	     CMD_SESSION, session_cmd_branch},                                 \
	    {"reveal", "",                                                     \
	     "show a committed game's seed in its file (both players agree)", \
	     CMD_SESSION, session_cmd_reveal},                                 \
	{                                                                      \
		"undo", "[N|agree|refuse]",                                    \
			"take back the last N commands (hotseat: once agreed " \
			"R9)",                                                 \
			CMD_SESSION, session_cmd_undo                          \
	}

#endif
