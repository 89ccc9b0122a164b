/* replay.h — stepping through a game file, read only (maniple --replay).
 *
 * The file is read once into memory; a second session, with no file on
 * disk, is built from its header and fed the file's commands one at a
 * time.  Each digest line is compared as it is passed; the first command
 * refused or digest that differs ends the replay there (the divergence),
 * with a message naming the file's line.  Stepping back rebuilds the
 * session from the start.  Nothing here draws: the view shows r->s.
 */
#ifndef MANIPLE_TUI_REPLAY_H
#define MANIPLE_TUI_REPLAY_H

#include <stdbool.h>
#include <stddef.h>

#include "maniple/gamefile.h"
#include "maniple/session.h"

#define REPLAY_MSG_MAX 1200

struct replay_line {
	int lineno; /* in the file */
	char *text;
	bool is_digest;
	bool is_dice; /* format 3: the dice the command before drew */
	int turn;
	uint64_t digest;
	/* a command the computer played: its plan note ("plan ...",
	 * session.h), which goes into the session's journal before it */
	char *plan;
};

struct replay {
	char path[512];
	struct gamefile_header h;
	struct replay_line *lines; /* every body line */
	size_t nlines, cap;
	size_t *cmds; /* indices into lines of the commands */
	int ncmds;
	struct session s;	  /* the game as of step */
	int step;		  /* commands applied, 0..ncmds */
	size_t next;		  /* the next body line to pass */
	bool diverged;		  /* stopped at a divergence: no step further */
	char msg[REPLAY_MSG_MAX]; /* the divergence, or "" */
	/* watching a game another maniple plays (gamelock.h): the file is
	 * followed as it grows, and read again when it is replaced */
	bool watch;
	char holder[300];	/* who plays it */
	unsigned long long ino, dev;
	long long size;
	/* the view's `T` turn entry (replay_key) */
	bool entering;
	char tbuf[4];
	int tlen;
};

/* Reads path and builds step 0.  0, or -1 with the reason (file:line:
 * reason: a bad header, another format version, an unknown battle) in
 * err; r is then freed.  The header's ruleset is looked up among
 * RULESETS (ruleset.h: the program's, NULL-terminated). */
int replay_open(struct replay *r, const char *path,
		const struct ruleset *const *rulesets, battle_loader lb,
		tables_loader lt, void *user, char *err, size_t errn);
void replay_free(struct replay *r);
/* One command forward; out gets its events.  1 stepped, 0 at the end or
 * a divergence (r->msg says which when diverged), -1 out of memory. */
int replay_forward(struct replay *r, struct cmd_result *out);
/* Goes to step k (0..ncmds, clamped), rebuilding from the start when k
 * is behind.  Stops early at a divergence.  0, or -1 out of memory. */
int replay_seek(struct replay *r, int k);
/* Goes to the first step where the game is in turn t (stops at the end
 * or a divergence when t is never reached).  0, or -1. */
int replay_turn(struct replay *r, int t);
/* The game's turn now (0 when no game). */
int replay_game_turn(const struct replay *r);
/* The command step k applies (1..ncmds), or NULL. */
const char *replay_command(const struct replay *r, int k);

/* Watching: whether the file changed since it was read.  Lines added
 * (the game went on): they are taken, the game stays at its step; 1.  The
 * file replaced (undo, a rewrite: another file renamed into place) or
 * changed before its end: read again from the start; 2.  Unchanged, or
 * not readable whole just now (tried again later): 0. */
int replay_follow(struct replay *r);

/* A `:` line in the replay: a looking command (show, legal, help...) is
 * run on the replay's game; any other is refused, "replay is read only". */
void replay_look(struct replay *r, const char *line, struct cmd_result *out);
/* The status line: "REPLAY step k/n, turn t" put before what buf holds. */
void replay_status(const struct replay *r, char *buf, size_t n);

/* ---- the map view's side (tui.c hands keys here) ---- */
struct tui_view;
/* The replay's keys: `.` one command forward, `,` one back, `T` then a
 * turn's number and Enter to that turn's start, Home and End the first
 * and last steps.  Returns whether the key was one of them. */
bool replay_key(struct tui_view *v, int ch);
/* Watching, called about twice a second by the view: follows the file
 * (replay_follow); a view at the last step stays at the last step, each
 * new command shown as `.` would show it.  Whether anything changed. */
bool replay_watch_tick(struct tui_view *v);
/* The map view on the replay's game (src/tui/tui.c): as tui_run, read
 * only.  Returns the process exit status. */
struct tui_options;
int tui_run_replay(struct replay *r, const struct tui_options *opt);

#endif
