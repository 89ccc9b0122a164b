/* lesson.h — the tutorial's lessons (`maniple --tutorial`): a lesson file
 * (scenarios/tutorial/drill.ini, [file] kind = tutorial) and the engine
 * that walks a session through its steps.
 *
 * A lesson names a battle, a seed and the kind of its game (solo, or
 * sandbox when its autos place the pieces with `setup`); each step tells the player what to
 * do (say, rule), may queue forced dice and play commands itself first
 * (dice, auto: the other side's answers), and names the command it
 * expects (expect: words, `*` for any one word, `|` between
 * alternatives) and an event that command must bring (event: a kind and
 * key=value pairs).  After each command the player gives, the engine
 * judges it: a looking or refused command changes nothing and is let
 * be; the expected one moves the lesson on (the next step's autos and
 * dice are played); any other game-changing command is taken back with
 * `undo`, so the game never leaves the lesson's line.
 *
 * No terminal here: the view (tutorial.h) and the tests drive it through
 * a runner that executes command lines. */
#ifndef MANIPLE_TUI_LESSON_H
#define MANIPLE_TUI_LESSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "maniple/cmd.h"
#include "maniple/ini.h"
#include "maniple/session.h"
#include "maniple/teach_line.h"

struct teach_texts; /* the ruleset's (ruleset.h: teach_load) */

#define LESSON_STEPS_MAX 64
#define LESSON_AUTOS_MAX 16
#define LESSON_SAY_MAX	 1024
#define LESSON_DONE_MAX	 512
#define LESSON_CMD_MAX	 160

struct lesson_step {
	char say[LESSON_SAY_MAX];
	char rule[48];
	char expect[LESSON_CMD_MAX];
	char dice[LESSON_CMD_MAX]; /* "6 2" for `roll 6 2`, or "" */
	char autos[LESSON_AUTOS_MAX][LESSON_CMD_MAX];
	int nautos;
	char event[LESSON_CMD_MAX]; /* "kind k=v ...", or "" */
	/* the kinds of event whose teach sentences tell what the command
	 * did ("rout_move rout_end"); "": the kind of event */
	char tell[LESSON_CMD_MAX];
	char done[LESSON_DONE_MAX]; /* what to look at next, no outcome */
	int line; /* of its [step.N] header */
};

struct lesson {
	char file[256];
	char name[32]; /* the file's name less .ini: "drill" */
	char title[128];
	char battle[64];
	uint64_t seed;
	/* the new game's kind: solo, or sandbox for a lesson whose autos
	 * set up its position with the setup commands */
	enum game_kind kind;
	int nsteps;
	struct lesson_step step[LESSON_STEPS_MAX];
};

/* Reads and checks a lesson file; false with err (file:line: reason) on
 * any fault: no [file] kind = tutorial, an unknown section or key, a
 * step number out of order or missing, a step without say or expect, an
 * expect or auto that names no command of the language (commands: the
 * table of the ruleset the lesson plays), dice that are
 * not digits 0-9, a missing battle. */
bool lesson_load(const char *path, const struct cmd_table *commands,
		 struct lesson *l, struct ini_error *err);

/* Whether the command line matches the pattern (expect's language):
 * alternatives split on '|', each a list of words compared without
 * case, '*' standing for any one word. */
bool lesson_matches(const char *pattern, const char *line);

/* Whether the events hold one matching want ("kind k=v k=v"). */
bool lesson_event_in(const char *want, const struct event_log *out);

/* Runs a command line for the engine: through the view (so the log shows
 * it) or straight on the session (tests); r receives its result. */
typedef void (*lesson_runner)(void *ctx, const char *line,
			      struct cmd_result *r);

enum lesson_verdict {
	LV_IGNORED, /* looked, refused, or the lesson's own command */
	LV_RIGHT,   /* the expected command: on to the next step */
	LV_WRONG,   /* another command: taken back with undo */
	LV_REWOUND, /* the player's own undo: back to a step's start */
	LV_OVER,    /* the lesson ended (the last step done, or the game
		     * was replaced by new or load) */
};

struct lesson_run {
	const struct lesson *lesson;
	int step; /* the step waited for; nsteps: the end */
	bool over;
	bool stopped;	   /* another game came (new, load): no more */
	bool busy;	   /* the engine's own commands are running */
	bool event_seen;   /* the last right command brought its event */
	bool setup_failed; /* an auto or the dice were refused */
	/* the teach sentences (teach.h) the note tells a command's outcome
	 * with, from its own events; NULL: the note is the step's done */
	const struct teach_texts *texts;
	/* the journal's length before step k's autos and dice, and after */
	size_t before[LESSON_STEPS_MAX + 1];
	size_t after[LESSON_STEPS_MAX + 1];
	char note[LESSON_DONE_MAX + 1536]; /* the feedback */
	bool note_wrong; /* the note says a command was taken back */
	int undone;	 /* commands taken back so far */
};

/* Starts the lesson on s's game, which must be new: step 1's autos and
 * dice are played through run. */
void lesson_begin(struct lesson_run *t, const struct lesson *l,
		  struct session *s, lesson_runner run, void *ctx);

/* Judges a command the player gave (line as given, r its result, already
 * applied to s) and acts on it: the next step's autos and dice, or an
 * undo.  The note says what happened: after the expected command, the
 * teach sentences of its events of the step's tell kinds (never a text
 * written ahead of the roll), then the step's done. */
enum lesson_verdict lesson_after_command(struct lesson_run *t,
					 struct session *s, const char *line,
					 const struct cmd_result *r,
					 lesson_runner run, void *ctx);

/* What step st's command did, told from out, its events: the teach
 * sentence (tx, of s's game, seam.h) of each event of the step's tell kinds (else of its
 * event's kind), with its rule, into buf ("" when none). */
void lesson_told(const struct lesson_step *st, const struct teach_texts *tx,
		 const struct session *s, const struct event_log *out,
		 char *buf, size_t n);

/* The step waited for, or NULL at the end. */
const struct lesson_step *lesson_current(const struct lesson_run *t);

#endif
