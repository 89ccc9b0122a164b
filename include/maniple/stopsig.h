/* stopsig.h — SIGHUP, SIGTERM and SIGINT (^C) ask maniple to stop, not
 * to die.
 *
 * The handler only notes which signal came (an async-signal-safe store).
 * The program looks at the note between commands: the command under way
 * is finished (its line appended to the game file and flushed to the
 * disk, its result printed), the game file is closed, the terminal is
 * given back, and maniple exits with STOPSIG_EXIT.
 *
 * Waiting for input is where a note could be missed: a signal that lands
 * after the look and before a blocking read would leave the read waiting.
 * stopsig_wait closes that gap: the signals are blocked, the note is
 * read, and pselect unblocks them and waits in one step, so a stop signal
 * always ends the wait.  stopsig_getline reads lines from a descriptor
 * through that wait (the script mode's standard input).
 *
 * SIGKILL cannot be caught: what it leaves is what the game file's appends
 * guarantee (gamefile.h).
 */
#ifndef MANIPLE_STOPSIG_H
#define MANIPLE_STOPSIG_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* The exit status after a stop asked by SIGHUP, SIGTERM or SIGINT. */
#define STOPSIG_EXIT 3

/* Installs the handlers of SIGHUP, SIGTERM and SIGINT (SA_RESTART: writes and
 * fsync under way are not cut short).  Before the terminal is set up, so
 * that ncurses keeps them.  0, or -1 when sigaction fails. */
int stopsig_install(void);

/* The signal noted (SIGHUP, SIGTERM or SIGINT), or 0. */
int stopsig_caught(void);

/* "SIGHUP", "SIGTERM", "SIGINT", or "signal". */
const char *stopsig_name(int sig);

enum stopsig_wait {
	STOPSIG_READY,	/* fd can be read (data, end of file or an error) */
	STOPSIG_OTHER,	/* another signal ended the wait (SIGWINCH) */
	STOPSIG_STOP,	/* a stop was asked */
};
/* Waits until fd can be read or a signal comes; see above. */
enum stopsig_wait stopsig_wait(int fd);
/* The same for at most ms milliseconds: STOPSIG_OTHER when they pass. */
enum stopsig_wait stopsig_wait_ms(int fd, int ms);

/* Lines from a descriptor, read with read(2) after stopsig_wait. */
struct stopsig_reader {
	int fd;
	bool eof;
	size_t pos, end;
	/* the longest line stopsig_getline gives (0: no limit); a longer
	 * one ends the input with too_long set */
	size_t max;
	bool too_long;
	char buf[4096];
};

void stopsig_reader_init(struct stopsig_reader *rd, int fd);
/* Like getline(3): the next line with its '\n' (the last one may lack
 * it) into *line, grown as needed; its length, or -1 at the end of the
 * input, on a read error, or when a stop was asked (stopsig_caught()).
 * A line begun when the stop came is dropped: it was never run.  A line
 * longer than rd->max bytes (its '\n' not counted) ends the input: -1
 * with rd->too_long set, no more is read. */
ssize_t stopsig_getline(struct stopsig_reader *rd, char **line, size_t *cap);

#endif
