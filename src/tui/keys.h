/* keys.h — the one key binding table of the map view.  Every key names a
 * command; the `?` help and the key line of the status bar are generated
 * from this table. */
#ifndef MANIPLE_TUI_KEYS_H
#define MANIPLE_TUI_KEYS_H

#include <stdbool.h>
#include <stddef.h>

enum tui_cmd {
	/* the six hexside directions, in enum hexside order */
	TC_N,
	TC_ENE,
	TC_ESE,
	TC_S,
	TC_WSW,
	TC_WNW,
	TC_EAST,	/* same row, next column: ESE or ENE by column */
	TC_WEST,
	TC_NEXT_UNIT,
	TC_PREV_UNIT,
	TC_NEXT_ACTOR,	/* w: the next unit or leader that can act (help.h) */
	TC_PREV_ACTOR,
	TC_ACTIVE_LEADER,
	TC_GOTO,
	TC_OVERVIEW,
	TC_OVERLAY_STACK,
	TC_OVERLAY_COHESION,
	TC_OVERLAY_HEXNUM,
	TC_COMMAND,	/* the `:` command line */
	TC_LEGAL,	/* the legal actions' list */
	TC_LOG,		/* show or hide the event log */
	TC_LOG_UP,
	TC_LOG_DOWN,
	TC_HELP,
	TC_REDRAW,
	TC_QUIT,
	TC_ORDER,	/* i, L, D: orders (ordermode.h) */
	TC_LINE_COMMAND,
	TC_ORDERS_DONE,
	TC_CARDS,	/* the shock cards, the end card (shockui.h) */
	TC_PANEL,	/* the side panel's next view (shockui.h) */
	TC_UNDO,	/* R: `undo` (one command back; issue 9) */
	TC_TEACH,	/* M: teach mode on or off (teachui.h) */
	TC_BRANCH,	/* C: the `:` line with `branch FILE` (resume.h) */
	TC_OVERLAY_RANGE, /* r: the active leader's command range (4.21) */
	TC_OVERLAY_ZOC,	/* Z: a side's zones of control (7.2) */
	TC_LEGEND,	/* /: the map legend */
	TC_DETAIL,	/* +: outlined or compact hexes (layout.h) */
	TC_CONTINUE,	/* Space: `continue` when nobody owes a decision */
	TC_PANEL_UP,	/* { }: the side panel's lines before, after */
	TC_PANEL_DOWN,
	TC_RESULT,	/* ^P: the last result whole (reading.h) */
	TC_PAUSE,	/* I: the computer waits or goes on (aiplay.h) */
	TC_COUNT
};

struct tui_binding {
	int key;		/* a curses key code */
	const char *key_name;	/* as the help shows it */
	enum tui_cmd cmd;
	const char *command;	/* the command it issues */
	const char *help;
	const char *hint;	/* group label on the key line, or NULL */
};

/* The keys of the `:` command line and of the legal actions' list: the
 * help lists them after the map's keys, from these tables. */
enum tui_line_cmd {
	LC_RUN,
	LC_CANCEL,
	LC_COMPLETE,
	LC_BACKSPACE,
	LC_DELETE,
	LC_LEFT,
	LC_RIGHT,
	LC_HOME,
	LC_END,
	LC_KILL,
	LC_KILL_WORD,
	LC_PREV,
	LC_NEXT,
	LC_COUNT
};

enum tui_list_cmd {
	PC_UP,
	PC_DOWN,
	PC_PAGE_UP,
	PC_PAGE_DOWN,
	PC_FIRST,
	PC_LAST,
	PC_RUN,
	PC_EDIT,
	PC_CLOSE,
	PC_HELP,	/* ? with the list open: its keys first */
	PC_COUNT
};

/* The keys of a prompt box (prompt.h): a digit gives that answer. */
enum tui_prompt_cmd {
	PR_ANSWER,	/* the key's digit names the answer */
	PR_HIDE,
	PR_LIST,	/* the full legal list, as on the map */
	PR_MORE,	/* . and ,: the box's next or previous nine answers */
	PR_BACK,
	PR_COUNT
};

/* The card viewer's keys (cardview.h) and the Shock keys on the map
 * (shockui.h: designation, the cards, the panel cycle). */
enum tui_card_cmd {
	CV_NEXT,
	CV_PREV,
	CV_UP,
	CV_DOWN,
	CV_PAGE_UP,
	CV_PAGE_DOWN,
	CV_CLOSE,
	CV_HELP,	/* ? the help, the viewer staying open under it */
	CV_COUNT
};

enum tui_shock_cmd {
	SU_GATHER,	/* t: gather an attacker, or designate on an enemy */
	SU_DONE,	/* T: designate done */
	SU_DROP,	/* Esc: drop the gathered attackers */
	SU_LEGAL,	/* Enter: the map's legal list (listed for the help) */
	SU_COUNT
};

/* Order mode's and Line mode's commands (ordermode.h; few: each
 * table's commands are numbered from 0, as the other modes' are). */
enum tui_order_cmd {
	OK_STEP, /* move into the hex under the cursor */
	OK_SIDE, /* across a hexside of the mover: side_of_key */
	OK_TURN_LEFT,
	OK_TURN_RIGHT,
	OK_FIRE,
	OK_FORM,
	OK_HALT,
	OK_DEPTH,
	OK_TARGET_NEXT,
	OK_TARGET_PREV,
	OK_TARGET_FIRE,
	OK_TARGET_LEAVE,
	OK_PICK,
	OK_LINE_FIRE,
	OK_EXTEND,
};

enum tui_keymode { KM_LINE, KM_LIST, KM_PROMPT, KM_CARD, KM_SHOCK,
		   KM_ORDER, KM_LINECMD, /* ordermode.h */
		   KM_REPLAY, /* replay.h: maniple --replay */
		   KM_TEACH, /* teachui.h: the teach box */
		   KM_READING, /* reading.h: the reading pane (its commands
				* are the card viewer's: enum tui_card_cmd) */
		   KM_LESSON, /* tutorial.h: the lesson box */
		   KM_COUNT };

/* The lesson box's keys (tutorial.h), before the map's while the
 * tutorial is on. */
enum tui_lesson_cmd {
	LE_HOW,		/* how to give the step's command with the keys */
	LE_MENU,	/* the lesson menu */
	LE_COUNT
};

/* The teach box's keys (teachui.h). */
enum tui_teach_cmd {
	TE_NEXT,	/* the next line of the narration */
	TE_SKIP,	/* the events' lines left; on the decision's: close */
	TE_HELP,
	TE_QUIT,
	TE_TERMS,	/* the glossary's words in the line, explained */
	TE_COUNT
};

/* The replay's keys (replay.h). */
enum tui_replay_cmd {
	RP_FORWARD,
	RP_BACK,
	RP_TURN,
	RP_FIRST,
	RP_LAST,
	RP_JUMP,	/* Enter after T and a number */
	RP_CANCEL,	/* Esc after T */
	RP_COUNT
};

struct tui_mode_binding {
	int key;
	const char *key_name;
	int cmd;		/* enum tui_line_cmd or tui_list_cmd */
	const char *help;
};

/* The key tables in use: the map's and each mode's, the built-in ones or
 * the player's from the settings file (config.c: tui_config_keymap).  The
 * view owns one (view.h); the tables it points to must outlive it.  Every
 * function below that reads bindings takes it; NULL: the built-in tables. */
struct tui_keymap {
	const struct tui_binding *map;
	size_t nmap;
	const struct tui_mode_binding *mode[KM_COUNT]; /* NULL: built-in */
	size_t nmode[KM_COUNT];
};

/* The built-in tables everywhere. */
void tui_keymap_defaults(struct tui_keymap *km);

/* A mode's table and its length; the binding of a key there or NULL. */
const struct tui_mode_binding *tui_mode_bindings(const struct tui_keymap *km,
						 enum tui_keymode m, size_t *n);
const struct tui_mode_binding *
tui_mode_binding_for(const struct tui_keymap *km, enum tui_keymode m, int key);
/* A mode's title in the help. */
const char *tui_mode_title(enum tui_keymode m);
/* Mode m's built-in table. */
const struct tui_mode_binding *tui_default_mode_bindings(enum tui_keymode m,
							 size_t *n);
/* The settings file's name of a mode ("line", "list", "lesson") and of
 * one of its commands ("complete"): `line.complete = Tab`.  NULL: not
 * rebindable. */
const char *tui_mode_prefix(enum tui_keymode m);
const char *tui_mode_cmd_name(enum tui_keymode m, int cmd);
/* The first key of a command in the table in use ("Enter"), or NULL when
 * it has none: for texts that name keys. */
const char *tui_cmd_key(const struct tui_keymap *km, enum tui_cmd c);
const char *tui_mode_cmd_key(const struct tui_keymap *km, enum tui_keymode m,
			     int cmd);

/* The map's table in use and its length. */
const struct tui_binding *tui_bindings(const struct tui_keymap *km, size_t *n);
/* The built-in table. */
const struct tui_binding *tui_default_bindings(size_t *n);
/* The binding of a key, or NULL. */
const struct tui_binding *tui_binding_for(const struct tui_keymap *km, int key);
/* The key line of the status bar: "k/u/n/j/b/y move  g goto ..." built
 * from the hints in the table, fitted to n - 1 columns (tui_fit_hints:
 * the help's and quit's hints kept, then the table's first).  Returns
 * buf. */
char *tui_key_line(const struct tui_keymap *km, char *buf, size_t n);

/* A part of a key line and how much it may be left out: rank 0 never,
 * the highest rank first. */
struct tui_hint_part {
	const char *text;
	int rank;
};
/* The parts in their order into buf, at most width columns (and n - 1
 * bytes): two spaces between them, or one where that is what lets them
 * all stand; else the parts of the highest rank left out, then the next
 * rank's...; rank 0 alone cut at the width when even it is too long.
 * Returns buf. */
char *tui_fit_hints(const struct tui_hint_part *p, int np, int width,
		    char *buf, size_t n);

/* Teaches ncurses (define_key) the sequences xterm-like terminals send
 * for PgUp, PgDn, Home, End, S-Tab, Insert and Delete where the
 * terminal's description lacks them (TERM=vt100), so that they arrive as
 * those keys and never as Esc and letters.  After newterm. */
void tui_keys_define_missing(void);
/* After an Esc that ncurses matched to no key: when the bytes of a
 * control sequence follow at once (ESC [ parameters final, ESC O x) they
 * are one key the description does not name, read with next (ERR when
 * nothing more is waiting) and dropped whole: returns true.  Otherwise
 * the byte read, if any, goes back with unget and the Esc stands:
 * false. */
bool tui_key_sequence_after_esc(int (*next)(void *), void (*unget)(int, void *),
				void *arg);

#endif
