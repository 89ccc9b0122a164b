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

/* Whether argv asks for a study (--study or --study-merge anywhere). */
bool study_asked(int argc, char **argv);

/* Runs `maniple --study ...` or `maniple --study-merge FILE...` (argv as
 * main got it), loading battles and tables with lb and lt (user their
 * argument) and `rule N` texts from rules_dir.  The exit status: 0, 1
 * when a game could not be played to its end, 2 on bad input. */
int study_main(int argc, char **argv, battle_loader lb, tables_loader lt,
	       void *user, const char *rules_dir);

#endif
