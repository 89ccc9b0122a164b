/* hint.h — the view's `:hint`: what the computer opponent's default level
 * (ai.h: normal) would play now for the side that owes the decision, and
 * why, on the status line and in the log.  It only looks: the game and
 * its dice are left as they were. */
#ifndef MANIPLE_TUI_HINT_H
#define MANIPLE_TUI_HINT_H

#include <stdbool.h>

struct tui_view;

/* Whether line is `hint`; if so, the hint is said. */
bool hint_command(struct tui_view *v, const char *line);

#endif
