/* aiplay.h — the computer in the map view (maniple --ai, the who-plays
 * question's "against the computer"): when the side that owes the
 * pending decision is the computer's (seats.h, from the game file's
 * header), the view asks it and runs its line as a typed command, after
 * a pause a person can follow (--pace); the status line says it is
 * thinking, with a bar of its rollouts past a moment.  I (keys.h:
 * pause) makes it wait and go on; while it thinks q quits (its decision
 * not played).  After an undo it waits until the person plays a command
 * (or I), so that undo goes back past its commands. */
#ifndef MANIPLE_TUI_AIPLAY_H
#define MANIPLE_TUI_AIPLAY_H

#include <stdbool.h>

#include <stddef.h>

#include "maniple/ai.h"
#include "maniple/gamefile.h"
#include "maniple/seats.h"

/* the pause before each command of the computer by default, in ms: more
 * when it plays both sides (a game to watch) */
#define AIPLAY_PACE_ONE 300
#define AIPLAY_PACE_BOTH 800
/* how long it thinks before the bar shows, in ms */
#define AIPLAY_BAR_AFTER 300

struct tui_view;

/* The view's computer (view.h: v->ai). */
struct tui_aiplay {
	struct ai_seats seats;
	const void *game;   /* the game its seats were read for */
	int pace;	    /* --pace, or -1: the defaults above */
	bool paused;	    /* I, or an undo: it waits */
	/* waiting since an undo, until the journal holds more than
	 * undo_at commands (the person played) */
	bool undo_wait;
	size_t undo_at;
	long long due_at;   /* when it may play next (monotonic ms) */
	bool thinking;	    /* deciding now */
	bool playing;	    /* running its own line (run_line) */
	long long think_from;
	int done, budget;   /* its rollouts so far, of its budget */
	bool quit_asked;    /* q while it thought */
	bool key_held;	    /* a key waits for the loop (not q) */
	char who[64];	    /* the side it thinks for, by name */
	/* the header's players when the seats were read from it */
	char header[2][GAMEFILE_PLAYER_MAX];
};

/* At the start of the view: the seats the game file's header names;
 * pace_ms -1 for the defaults. */
void aiplay_start(struct tui_view *v, int pace_ms);
void aiplay_free(struct tui_view *v);
/* After each command and whenever the game moved: another game (new,
 * load) is played by whom its header says; an undo pauses it. */
void aiplay_follow(struct tui_view *v, const char *line);
/* Who plays now: the computer at level for side (NULL: a person), into
 * the game file's header.  0, or -1 said on the status line. */
int aiplay_set(struct tui_view *v, const struct ai_level *level[2]);
/* Milliseconds before the computer plays its next command (0: now), or
 * -1 when it does not (a person owes the decision, nobody does, it is
 * paused, something the player must read or answer is up). */
int aiplay_wait(const struct tui_view *v);
/* The computer plays its command now (when aiplay_wait said 0). */
void aiplay_step(struct tui_view *v);
/* I (keys.h: pause): the computer waits, or goes on. */
void aiplay_pause(struct tui_view *v);
/* The status line's note into buf: while the computer thinks, "Carthage
 * thinking" and past a moment a bar of its rollouts (true: it stands
 * for the message row); while it waits, a word of that for the top row
 * (false); else "". */
bool aiplay_status(const struct tui_view *v, char *buf, size_t n,
		   int width);

#endif
