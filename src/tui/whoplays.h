/* whoplays.h — the question a new game asks: who plays which side.
 * Its state is the prompt's (prompt.h: ask_kind, ask_step, ask_you),
 * which other overlays read to wait for it. */
#ifndef MANIPLE_TUI_WHOPLAYS_H
#define MANIPLE_TUI_WHOPLAYS_H

#include <stdbool.h>

struct tui_view;

/* Draws the question when it is up (render, before the prompt box);
 * false when it is not. */
bool whoplays_draw(struct tui_view *v);
/* A key while the question is up: true when taken (every key is, while
 * it is up). */
bool whoplays_key(struct tui_view *v, int ch);

#endif
