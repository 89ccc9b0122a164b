/* tui.h — the ncursesw view.  It reads the game and changes it only by
 * issuing commands of the command language. */
#ifndef MANIPLE_TUI_H
#define MANIPLE_TUI_H

#include <stdbool.h>
#include <stddef.h>

struct session;
struct tui_config;
struct resume_offer;
struct lesson_set;

struct cmd_result;

/* A live game (live.h): the view shows the replica of a game a server
 * plays; what the view would run on the session goes to the server. */
struct tui_live {
	void *user;
	/* runs a line that does more than look, through the server: r gets
	 * what the replica made of it, or why the server refused it */
	void (*exec)(void *user, const char *line, struct cmd_result *r);
	/* takes what the server sent (a few times a second): true when
	 * the game changed */
	bool (*poll)(void *user);
	/* who owes the pending decision, in words, into buf: true when it
	 * is this client's seat */
	bool (*owe)(void *user, char *buf, size_t n);
	/* false once the server is gone (why into buf) */
	bool (*alive)(void *user, char *buf, size_t n);
};

struct tui_options {
	bool force_ascii;	/* ASCII even in a UTF-8 locale */
	int colours;		/* -1 detect, 0 none, 8, 256 (NO_COLOR forces 0) */
	/* the player's keys and colours (src/tui/config.h), or NULL */
	const struct tui_config *config;
	/* a new game: ask solitaire study or hotseat before the map */
	bool ask_kind;
	/* --teach: teach mode on from the start (src/tui/teachui.h); the
	 * data directory its texts are read from (rules/RULESET/teach.ini),
	 * or NULL */
	bool teach;
	const char *datadir;
	/* an unfinished game to offer before the map (src/tui/resume.h),
	 * or NULL; the view writes the answer into it */
	struct resume_offer *resume;
	/* --tutorial: the lessons, their progress and the lesson to start
	 * (src/tui/lessons.h), or NULL; the view keeps the progress in it */
	struct lesson_set *lessons;
	/* --pace: the milliseconds the view waits before each command the
	 * computer plays (seats.h), 0 none; -1 its default (more when the
	 * computer plays both sides) */
	int pace_ms;
	/* a live game's client (maniple host, join), or NULL */
	const struct tui_live *live;
};

/* Runs the interactive view on the session's game until the player
 * quits; the view plays it by handing command lines to session_exec (the
 * `:` line, the legal actions' list), which also keeps the game file.
 * Returns the process exit status (0 normally, 2 when the terminal cannot
 * be used or the session has no game with a map). */
int tui_run(struct session *s, const struct tui_options *opt);

#endif
