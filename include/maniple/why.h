/* why.h — the `why` looking command: the last roll, result or refusal of
 * a game told in plain words (its die, what it was compared with, the
 * modifiers, the table and the rule), from the game's own events and the
 * session's memory of its last refusal. */
#ifndef MANIPLE_WHY_H
#define MANIPLE_WHY_H

#include "maniple/cmd.h"
#include "maniple/game.h"

/* A refused game-changing command is remembered by the session
 * (session.h: why_line, why_reason, why_rule) after its rollback, so that
 * a `why` straight after it explains the refusal. */

/* `why`: one event `why about=KIND rule=R` and the explanation as text.
 * Refused when the game holds nothing to explain.  `why COMMAND ARGS...`
 * tries that command on a search copy of the game (never the game, never
 * its dice) and tells whether it is refused now (about=refused, the
 * refusal's reason and rule) or allowed (about=allowed, what it starts);
 * a looking or session command is told as such, an unknown one refused. */
void cmd_why(void *ctx, int argc, char **argv, struct cmd_result *r);

#define WHY_COMMAND_DEFS                                                       \
	{                                                                      \
		"why", "[COMMAND ARGS...]",                                    \
			"explain the last roll or refusal, or why COMMAND is " \
			"refused now",                                         \
			CMD_LOOKS, cmd_why                                     \
	}

#endif
