/* tui.h — the ncursesw view.  It reads the game and changes it only by
 * issuing commands of the command language. */
#ifndef MANIPLE_TUI_H
#define MANIPLE_TUI_H

#include <stdbool.h>

struct game;

struct tui_options {
	bool force_ascii;	/* ASCII even in a UTF-8 locale */
	int colours;		/* -1 detect, 0 none, 8, 256 (NO_COLOR forces 0) */
};

/* Runs the interactive view until the player quits.  Returns the process
 * exit status (0 normally, 2 when the terminal cannot be used). */
int tui_run(struct game *g, const struct tui_options *opt);

#endif
