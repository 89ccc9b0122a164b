/* study.h — maniple --study and --study-merge: many computer-played games
 * of one battle, summed up in a table (src/study.c). */
#ifndef MANIPLE_STUDY_H
#define MANIPLE_STUDY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "maniple/game.h"

struct decision;

/* The side that answers d: its owing side, else its first answer's; -1
 * when either may. */
int study_asked_side(const struct decision *d);

struct ai_level;
struct battle;

/* `--ai SIDE[=LEVEL]` (SIDE a side's id or name, or 1 or 2 in the battle
 * file's order; LEVEL ai.h's, normal when left out unless level_needed)
 * for battle b: level[SIDE] set.  0, or 2 with the reason on standard
 * error (an unknown side or level, a side given twice). */
int study_ai_arg(const struct battle *b, const char *arg, bool level_needed,
		 const struct ai_level *level[2]);

/* Whether argv asks for a study (--study or --study-merge anywhere). */
bool study_asked(int argc, char **argv);

/* Runs `maniple --study ...` or `maniple --study-merge FILE...` (argv as
 * main got it), loading battles and tables with lb and lt (user their
 * argument) and `rule N` texts from rules_dir.  The exit status: 0, 1
 * when a game could not be played to its end, 2 on bad input. */
int study_main(int argc, char **argv, battle_loader lb, tables_loader lt,
	       void *user, const char *rules_dir);

#endif
