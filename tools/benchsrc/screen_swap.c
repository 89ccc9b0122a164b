/* tools/benchsrc/screen_swap.c — an LD_PRELOAD module for tools/bench
 * that lets it measure what a unit's hex step costs the terminal while
 * the map view has no command to move a unit: the view of the game before
 * the move and the view after it are drawn by two runs of maniple, and
 * ncurses itself is asked how many bytes turn the one screen into the
 * other.
 *   MANIPLE_BENCH_DUMP=FILE     at the first key read (the first screen
 *                               drawn), the screen is written to FILE
 *                               (scr_dump);
 *   MANIPLE_BENCH_RESTORE=FILE  the first key read is not given to the
 *                               view: the screen of FILE is loaded as the
 *                               one to show (scr_restore) and sent
 *                               (doupdate), which writes only the cells
 *                               that differ; keys after that go to the
 *                               view as usual.
 * Both runs have the same battle and terminal, so the colour pairs the
 * view sets up are the same and the dumped cells mean the same. */
#define _GNU_SOURCE
#include <curses.h>
#include <dlfcn.h>
#include <stdlib.h>

static int dumped, swapped;

/* True when this read's key is the one to swap the screen on. */
static int swap_before(void)
{
	const char *dump = getenv("MANIPLE_BENCH_DUMP");
	if (!dumped && dump && *dump)
		scr_dump(dump);
	dumped = 1;
	const char *restore = getenv("MANIPLE_BENCH_RESTORE");
	return !swapped && restore && *restore;
}

static void swap_after(void)
{
	const char *restore = getenv("MANIPLE_BENCH_RESTORE");
	if (scr_restore(restore) == OK)
		doupdate();
}

int wgetch(WINDOW *w)
{
	static int (*real)(WINDOW *);
	if (!real)
		real = (int (*)(WINDOW *))dlsym(RTLD_NEXT, "wgetch");
	if (swap_before()) {
		/* the view may poll (nodelay): only a key swaps */
		int ch = real(w);
		if (ch == ERR)
			return ch;
		swapped = 1;
		swap_after();
	}
	return real(w);
}
