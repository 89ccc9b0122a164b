/* why.h — the `why` looking command: the last roll, result or refusal of
 * a game told in plain words (its die, what it was compared with, the
 * modifiers, the table and the rule), from the game's own events and the
 * session's memory of its last refusal. */
#ifndef MANIPLE_WHY_H
#define MANIPLE_WHY_H

#include "maniple/cmd.h"
#include "maniple/game.h"

/* Remembers a refused game-changing command (its line and its result) so
 * that a `why` straight after it explains the refusal.  Called by
 * session_exec after the refusal was rolled back. */
void why_note_refusal(struct session *s, const char *line,
		      const struct cmd_result *r);

/* `why`: one event `why about=KIND rule=R` and the explanation as text.
 * Refused when the game holds nothing to explain. */
void cmd_why(void *ctx, int argc, char **argv, struct cmd_result *r);

#define WHY_COMMAND_DEFS                                                       \
	{                                                                      \
		"why", "", "explain the last roll, result or refusal",         \
			CMD_LOOKS, cmd_why                                     \
	}

#endif
