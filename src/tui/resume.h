/* resume.h — the offer to resume an unfinished game (issue 9).
 *
 * `maniple` without a battle looks in the state directory for the game
 * file written last that holds an unfinished game (one command at least,
 * the battle not over: 11.2, R4); `maniple BATTLE` looks at BATTLE.game
 * only.  The view then asks, before the map, whether to resume it or
 * start a new game instead; `--resume` answers yes without asking.
 *
 * A new game never overwrites a game file holding a command: the file is
 * first renamed BATTLE-YYYYMMDD-HHMMSS.game (its last-written time, local;
 * -2, -3... when taken), and so stays in the state directory where the
 * scan finds it again.
 *
 * The functions before "on the view" need no terminal (tests call them
 * directly); the rest work on the view. */
#ifndef MANIPLE_TUI_RESUME_H
#define MANIPLE_TUI_RESUME_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "maniple/session.h"

#include "keys.h"

#define RESUME_PATH_MAX 600
#define RESUME_LINE_MAX 256

enum resume_answer {
	RESUME_PENDING, /* the question is up */
	RESUME_YES,	/* play on in the file offered */
	RESUME_NEW,	/* start a new game of `other` instead */
	RESUME_QUIT,	/* q: nothing changed */
};

struct resume_offer {
	char path[RESUME_PATH_MAX]; /* the game file offered */
	char battle[64];	    /* its battle's id */
	char title[128];	    /* its battle's name */
	int turn, turn_limit;	    /* turn limit 0: none */
	char when[32];		    /* last written: "2026-11-26 09:40" */
	char other[64];		    /* the battle a new game would be */
	enum resume_answer answer;
	char note[RESUME_PATH_MAX + 160]; /* said when the map opens, or "" */
	/* another maniple plays the game (gamelock.h): who, or ""; the
	 * question is then whether to watch it, read only */
	char held[300];
	/* the newest game file the scan passed over because it did not
	 * load: "passed over FILE:LINE: reason", or "" */
	char skipped[RESUME_PATH_MAX + 160];
	/* --no-undo: the game is made fair if it is resumed (session.h:
	 * session_make_fair) */
	bool make_fair;
};

/* Whether the session's game is one to offer: loaded, one command at
 * least, not over. */
bool resume_unfinished(const struct session *s);

/* Fills o's description of the game in s, written at mtime (path, battle,
 * title, turn, limit, when); other, answer and note are left as they are. */
void resume_describe(const struct session *s, const char *path, time_t mtime,
		     struct resume_offer *o);

/* Scans dir for *.game files, the last written first, and loads each
 * into s (a session just initialised, with no game) until one holds an
 * unfinished game: 1 with s holding it (play goes on in its file) and o
 * described; 0 when none does (s has no game).  A file that does not
 * load (damaged, or another maniple plays it) is passed over, never
 * changed, and the newest such one said in o->skipped. */
int resume_find_last(const char *dir, struct session *s,
		     struct resume_offer *o);

/* (Counting a file's commands and moving an old game aside: gamefile.h,
 * gamefile_commands, gamefile_aside_name, gamefile_keep_old.) */

/* The question's lines (the first is the question), up to max lines of
 * RESUME_LINE_MAX bytes each; returns how many. */
int resume_question(const struct tui_keymap *km, const struct resume_offer *o,
		    char (*lines)[RESUME_LINE_MAX], int max);

/* The answer a key gives: '1' yes, '2' new, the map's quit key quit,
 * anything else RESUME_PENDING. */
enum resume_answer resume_answer_for_key(const struct tui_keymap *km, int ch);

/* The default file for `branch` (the C key): beside the game's file (in
 * the directory where maniple runs when it has none), named
 * BATTLE-branch-N.game with the first N from 1 that no file has.  0, or -1
 * when no game or the name does not fit. */
int resume_branch_name(const struct session *s, char *out, size_t n);

/* ---- on the view (view.h) ---- */

struct tui_view;

/* At the start of the view: o (or NULL) is the offer; a pending one puts
 * the question up, an answered one's note goes on the status line. */
void resume_start(struct tui_view *v, struct resume_offer *o);
/* A key while the question is up (all keys are taken then): 1 resumes
 * and shows the map, 2 ends the view with RESUME_NEW (main.c starts the
 * new game), q quits.  False when the question is not up. */
bool resume_key(struct tui_view *v, int ch);
/* Draws the question over the whole screen when it is up (render). */
void resume_draw(struct tui_view *v);
/* Whether the question is up. */
bool resume_asking(const struct tui_view *v);
/* The branch key: opens the `:` line holding "branch " and the default
 * name (resume_branch_name), to change or run with Enter. */
void resume_branch_line(struct tui_view *v);

#endif
