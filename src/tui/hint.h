/* hint.h — the view's `:hint`: what the computer opponent's default level
 * (ai.h: normal) would play now for the side that owes the decision, and
 * why, on the status line and in the log.  It only looks: the game and
 * its dice are left as they were. */
#ifndef MANIPLE_TUI_HINT_H
#define MANIPLE_TUI_HINT_H

#include <stdbool.h>
#include <stddef.h>

#include "maniple/ai.h"
#include "maniple/decision.h"

struct session;
struct tui_view;

/* The hint for s's game now, "hint: LINE  (PLAN)" (or "hint: " and why
 * there is none), into text: for the view and for --script, which has no
 * screen.  Needs no terminal. */
#define HINT_TEXT_MAX (DECISION_LINE_MAX + AI_PLAN_MAX + 16)
void hint_text(const struct session *s, char *text, size_t n);

/* Whether line is `hint`; if so, the hint is said. */
bool hint_command(struct tui_view *v, const char *line);

#endif
