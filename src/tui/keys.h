/* keys.h — the one key binding table of the map view.  Every key names a
 * command; the `?` help and the key line of the status bar are generated
 * from this table. */
#ifndef MANIPLE_TUI_KEYS_H
#define MANIPLE_TUI_KEYS_H

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
	PC_COUNT
};

enum tui_keymode { KM_LINE, KM_LIST, KM_COUNT };

struct tui_mode_binding {
	int key;
	const char *key_name;
	int cmd;		/* enum tui_line_cmd or tui_list_cmd */
	const char *help;
};

/* A mode's table and its length; the binding of a key there or NULL. */
const struct tui_mode_binding *tui_mode_bindings(enum tui_keymode m,
						 size_t *n);
const struct tui_mode_binding *tui_mode_binding_for(enum tui_keymode m,
						    int key);
/* A mode's title in the help. */
const char *tui_mode_title(enum tui_keymode m);

/* The table and its length. */
const struct tui_binding *tui_bindings(size_t *n);
/* The player's table (config.c) in place of the defaults, for the help,
 * the key line and tui_binding_for; NULL brings the defaults back.  The
 * table must outlive its use. */
void tui_bindings_override(const struct tui_binding *b, size_t n);
/* The built-in table, whatever the override. */
const struct tui_binding *tui_default_bindings(size_t *n);
/* The binding of a key, or NULL. */
const struct tui_binding *tui_binding_for(int key);
/* The key line of the status bar: "k/u/n/j/b/y move  g goto ..." built
 * from the hints in the table, cut to fit n bytes.  Returns buf. */
char *tui_key_line(char *buf, size_t n);

#endif
