/* shock_advance.h — the `advance` command: the attacker's choices in an
 * advance after combat (8.5) and after a pre-shock rout (8.43).  The step
 * functions themselves (shock_step_advance, shock_advance_after_charge,
 * shock_advance_cost, shock_advance_legal) are declared in shock.h.
 *
 *   advance UNIT HEX        8.54: which unit (or stack: name either unit)
 *                           advances, into which vacated hex
 *   advance UNIT HEX,HEX    8.53: a phalanx names the hexes both halves
 *                           end in (a pivot keeps one half in place)
 *   advance face FACING     8.52: the advanced unit turns one vertex; a
 *                           phalanx that advanced whole wheels (8.53, 6.44)
 *   advance keep            keeps the facing: no turn or wheel (the older
 *                           spelling `advance stay` is still accepted)
 *
 * The advance itself is never optional (8.51): the command is asked only
 * when the rules leave a choice.  Every refusal names its rule and
 * changes nothing. */
#ifndef MANIPLE_SHOCK_ADVANCE_H
#define MANIPLE_SHOCK_ADVANCE_H

#include "maniple/cmd.h"
#include "maniple/game.h"

/* The rule of `advance ARGS...` (argv[0] is "advance"). */
void shock_advance_command(struct game *g, int argc, char **argv,
			   struct cmd_result *r);

void cmd_advance(void *ctx, int argc, char **argv, struct cmd_result *r);

#define SHOCK_ADVANCE_COMMAND_DEFS                                            \
	{"advance", "UNIT HEX[,HEX] | face FACING | keep",                    \
	 "advance after combat: unit, vacated hex, turn (8.5, 8.43)",         \
	 CMD_CHANGES, cmd_advance}

#endif
