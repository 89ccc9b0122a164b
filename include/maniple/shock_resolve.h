/* shock_resolve.h — the commands that answer the decisions of the clash
 * (8.45) and of the distribution of hits (10.13) in the Shock segment
 * (shock.h: shock_step_clash, shock_step_resolve). */
#ifndef MANIPLE_SHOCK_RESOLVE_H
#define MANIPLE_SHOCK_RESOLVE_H

#include <stdbool.h>

#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/odds.h"

/* 8.46, 9.53 bullet 5, 9.11 #2: the odds of shock combat ci's roll, its
 * pairing (8.45) as it stands: for each face, the hits the attacker and
 * the defender take as the CRT gives them after every shift, Charisma
 * and halving, named "A(D)" as the CRT prints them (value D).  The
 * Shock segment resolves each combat's roll through the same
 * calculation.  False, o empty, when there is no such combat or no
 * attack is possible (9.15). */
bool shock_combat_odds(const struct game *g, int ci, struct odds *o);

/* GBA 8.37 in those odds: into pct[0] (pct[1]) the chance, in percent,
 * that a unit of the attacker's (defender's) side takes the Breakthrough's
 * hits after the roll, the CRT's hits shared out as 10.13 shares them
 * (an owner's choice of the extra hits taken in slot order) and compared
 * as gba_breakthrough compares them.  True when either is above 0; false,
 * both 0, when the rule is off ([shock] breakthrough = none) or as
 * shock_combat_odds. */
bool shock_breakthrough_odds(const struct game *g, int ci, int pct[2]);

/* 8.46 step 1, steps 2-3: the CRT column combat ci's roll is read on
 * (after every shift) and its superiority (enum superiority), for its
 * pairing as it stands; false as shock_combat_odds. */
bool shock_combat_terms(const struct game *g, int ci, int *column,
			int *superiority);

/* 8.45: sets combat ci's clash pairing where it is not set yet, without
 * a word, to what the clash takes when nobody is asked: the defending
 * unit shock_clash_pick names, then the attacker's highest column (a
 * preview on a copy of the game: shock_preview.h).  False when no
 * pairing can attack (9.15) or there is no such combat. */
bool shock_clash_default(struct game *g, int ci);

/* 8.45: `clash UNIT`: the defender names the defending unit used for the
 * Clash of Spears and Swords (SHA_CLASH_DEFENDER), then the attacker his
 * attacking unit (SHA_CLASH_ATTACKER). */
void cmd_clash(void *ctx, int argc, char **argv, struct cmd_result *r);
/* 10.13: `hits UNIT[,UNIT]`: the owner names the units that take the
 * extra hits left to his choice (10.13 #4); `hits UNIT=N[,UNIT=N]`: an
 * attacking phalanx shares the defenders' hits as it likes (10.13
 * exception 2). */
void cmd_hits(void *ctx, int argc, char **argv, struct cmd_result *r);

#define SHOCK_RESOLVE_COMMAND_DEFS                                             \
	{"clash", "UNIT",                                                      \
	 "shock: name the unit used for the Clash of Spears chart 8.45",       \
	 CMD_CHANGES, cmd_clash},                                              \
		{"hits", "UNIT[,UNIT] | UNIT=N[,UNIT=N]",                      \
		 "shock: share the hits of a shock combat 10.13",              \
		 CMD_CHANGES, cmd_hits}

#endif
