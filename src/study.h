/* study.h — maniple --study and --study-merge: many computer-played games
 * of one battle, summed up in a table (src/study.c). */
#ifndef MANIPLE_STUDY_H
#define MANIPLE_STUDY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "maniple/game.h"

struct decision;

/* The computer's levels, by name (NULL: no such level); a level answers
 * the decision d that side owes in g with a command line (false: it has
 * none), drawing any chance from *rng. */
struct study_level;
const struct study_level *study_level_find(const char *name);
const char *study_level_name(const struct study_level *lv);
bool study_level_choose(const struct study_level *lv, const struct game *g,
			const struct decision *d, int side, uint64_t *rng,
			char *line, size_t n);
/* The levels' names, ", " between them. */
void study_level_names(char *out, size_t n);
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
