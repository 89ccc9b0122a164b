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

/* The table and its length. */
const struct tui_binding *tui_bindings(size_t *n);
/* The binding of a key, or NULL. */
const struct tui_binding *tui_binding_for(int key);
/* The key line of the status bar: "k/u/n/j/b/y move  g goto ..." built
 * from the hints in the table, cut to fit n bytes.  Returns buf. */
char *tui_key_line(char *buf, size_t n);

#endif
