/* stopsig.c — SIGHUP, SIGTERM and SIGINT noted by their handler and acted on
 * between commands (stopsig.h). */
#include "maniple/stopsig.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <time.h>
#include <unistd.h>

/* The one piece of mutable file-scope state in the program, and the one
 * exception to "no global mutable state": a signal belongs to the process,
 * not to a game, and its handler receives no argument, so the flag it
 * sets can live nowhere else (a volatile sig_atomic_t, the only kind a
 * handler may write). */
static volatile sig_atomic_t caught;

static void note(int sig)
{
	if (!caught)
		caught = sig;
}

int stopsig_install(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = note;
	sigemptyset(&sa.sa_mask);
	sigaddset(&sa.sa_mask, SIGHUP);
	sigaddset(&sa.sa_mask, SIGTERM);
	sigaddset(&sa.sa_mask, SIGINT);
	sa.sa_flags = SA_RESTART;
	if (sigaction(SIGHUP, &sa, NULL) != 0 ||
	    sigaction(SIGTERM, &sa, NULL) != 0 ||
	    sigaction(SIGINT, &sa, NULL) != 0)
		return -1;
	return 0;
}

int stopsig_caught(void)
{
	return caught;
}

const char *stopsig_name(int sig)
{
	return sig == SIGHUP    ? "SIGHUP"
	       : sig == SIGTERM ? "SIGTERM"
	       : sig == SIGINT	? "SIGINT"
				: "signal";
}

enum stopsig_wait stopsig_wait(int fd)
{
	return stopsig_wait_ms(fd, -1);
}

enum stopsig_wait stopsig_wait_ms(int fd, int ms)
{
	sigset_t block, old;
	sigemptyset(&block);
	sigaddset(&block, SIGHUP);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGINT);
	if (sigprocmask(SIG_BLOCK, &block, &old) != 0)
		return caught ? STOPSIG_STOP : STOPSIG_READY;
	if (caught) {
		sigprocmask(SIG_SETMASK, &old, NULL);
		return STOPSIG_STOP;
	}
	fd_set rfds;
	FD_ZERO(&rfds);
	FD_SET(fd, &rfds);
	/* the two signals are let in only while pselect waits (even when the
	 * caller held them blocked: one pending is taken there) */
	sigset_t during = old;
	sigdelset(&during, SIGHUP);
	sigdelset(&during, SIGTERM);
	sigdelset(&during, SIGINT);
	struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
	int rc = pselect(fd + 1, &rfds, NULL, NULL, ms >= 0 ? &ts : NULL,
			 &during);
	int e = errno;
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (caught)
		return STOPSIG_STOP;
	if ((rc < 0 && e == EINTR) || rc == 0)
		return STOPSIG_OTHER; /* another signal, or the time passed */
	/* readable, or an error the read itself will report */
	return STOPSIG_READY;
}

void stopsig_reader_init(struct stopsig_reader *rd, int fd)
{
	rd->fd = fd;
	rd->eof = false;
	rd->pos = rd->end = 0;
	rd->max = 0;
	rd->too_long = false;
}

static bool grow(char **line, size_t *cap, size_t need)
{
	if (*line && *cap >= need)
		return true;
	size_t n = *cap ? *cap : 128;
	while (n < need)
		n *= 2;
	char *p = realloc(*line, n);
	if (!p)
		return false;
	*line = p;
	*cap = n;
	return true;
}

ssize_t stopsig_getline(struct stopsig_reader *rd, char **line, size_t *cap)
{
	size_t n = 0;
	if (rd->too_long)
		return -1;
	for (;;) {
		if (caught)
			return -1;
		if (rd->pos == rd->end) {
			if (rd->eof)
				break;
			enum stopsig_wait w = stopsig_wait(rd->fd);
			if (w == STOPSIG_STOP)
				return -1;
			if (w == STOPSIG_OTHER)
				continue;
			ssize_t got = read(rd->fd, rd->buf, sizeof rd->buf);
			if (got < 0 && (errno == EINTR || errno == EAGAIN))
				continue;
			if (got <= 0) {
				/* the end, or an error: as getline, no more */
				rd->eof = true;
				break;
			}
			rd->pos = 0;
			rd->end = (size_t)got;
		}
		const char *from = rd->buf + rd->pos;
		const char *nl = memchr(from, '\n', rd->end - rd->pos);
		size_t take = nl ? (size_t)(nl - from) + 1 : rd->end - rd->pos;
		if (rd->max && n + take - (nl ? 1 : 0) > rd->max) {
			rd->too_long = true;
			rd->eof = true;
			return -1;
		}
		if (!grow(line, cap, n + take + 1))
			return -1;
		memcpy(*line + n, from, take);
		n += take;
		rd->pos += take;
		if (nl)
			break;
	}
	if (n == 0)
		return -1;
	(*line)[n] = '\0';
	return (ssize_t)n;
}
