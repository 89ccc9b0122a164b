/* gamelock.h — one writer per game file.
 *
 * A game file is written by one maniple at a time.  A lock on the game
 * file itself would not do: `undo` and every rewrite rename a new file
 * into place, and the lock would stay on the old one; and neither fcntl
 * nor flock can say who holds a lock.  So the lock is a file beside the
 * game, NAME.game.lock (NAME.game the game file's real path: a symbolic
 * link is resolved first), holding who took it:
 *
 *     maniple-lock 1
 *     user alice
 *     pid 4242
 *     terminal /dev/pts/3
 *     host hollin
 *     since 2026-11-28T14:02:11Z
 *
 * and itself held with flock(2) for as long as the game is open.  The
 * kernel lets go of a flock when its process ends however it ends, so a
 * lock file left behind by a crashed holder is found stale (the flock is
 * free) and taken over.  The holder unlinks the lock file before it lets
 * go; a taker checks that the file it locked is still the one at the
 * name, so two takers racing an unlink never both win.
 *
 * The lock keeps out other processes.  A second session of the same
 * process (a check that reloads the game it plays) goes on under the
 * first one's lock (gamefile_claim).
 */
#ifndef MANIPLE_GAMELOCK_H
#define MANIPLE_GAMELOCK_H

#include <stdbool.h>
#include <stddef.h>

#define GAMELOCK_PATH_MAX 600

struct gamelock {
	int fd;
	char path[GAMELOCK_PATH_MAX];	/* the lock file's; "": none held
					 * (so a zeroed lock holds none) */
};

/* Who holds a game (the lock file's lines). */
struct gamelock_holder {
	char user[64];
	long pid;
	char terminal[64];
	char host[64];
	char since[32];
};

/* A lock that holds nothing. */
void gamelock_init(struct gamelock *l);
/* Takes the lock of the game file at game_path (its real path; see
 * gamefile_resolve).  0 taken (a stale lock file is taken over); 1 held
 * by another maniple, *h says who; -1 with err when the lock file cannot
 * be made. */
int gamelock_take(struct gamelock *l, const char *game_path,
		  struct gamelock_holder *h, char *err, size_t n);
/* Lets go (unlinks the lock file first).  Nothing when none is held. */
void gamelock_release(struct gamelock *l);
/* Whether another maniple holds the game at game_path: 1 (h filled), 0
 * not (no lock file, or a stale one). */
int gamelock_holder(const char *game_path, struct gamelock_holder *h);
/* "alice (pid 4242 on /dev/pts/3 at hollin, since 2026-11-28T14:02:11Z)"
 * into buf. */
void gamelock_describe(const struct gamelock_holder *h, char *buf, size_t n);

#endif
