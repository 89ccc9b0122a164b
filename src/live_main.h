/* live_main.h — maniple host, join and games (live_main.c). */
#ifndef MANIPLE_LIVE_MAIN_H
#define MANIPLE_LIVE_MAIN_H

#include <stdbool.h>
#include <stddef.h>

#include "maniple/session.h"

struct tui_live;

/* What the program gives the live commands: its loaders, the rules'
 * directory, and the view to run a client's replica in. */
struct live_program {
	battle_loader load_battle;
	tables_loader load_tables;
	void *user;
	const char *rules_dir;
	/* the directory of the game files, made when missing: 0 or -1 */
	int (*state_dir)(char *dir, size_t n);
	int (*view)(struct session *s, const struct tui_live *live,
		    void *user);
};

/* Whether argv[1] is a live command (host, join, games). */
bool live_command(const char *word);
/* Runs `maniple host|join|games ...` (argv[0] the command's word):
 * the exit status. */
int live_main(int argc, char **argv, const struct live_program *lp);

#endif
