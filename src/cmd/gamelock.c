/* gamelock.c — one writer per game file (gamelock.h). */
#include "maniple/gamelock.h"

#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

void gamelock_init(struct gamelock *l)
{
	l->fd = -1;
	l->path[0] = '\0';
}

static int lock_name(const char *game_path, char *out, size_t n)
{
	int w = snprintf(out, n, "%s.lock", game_path);
	return w > 0 && (size_t)w < n ? 0 : -1;
}

/* A word for the lock file: no blanks or control characters. */
static void word(char *out, size_t n, const char *v)
{
	size_t k = 0;
	for (; v && *v && k + 1 < n; v++)
		out[k++] = (unsigned char)*v <= ' ' || *v == 0x7f ? '?' : *v;
	if (k == 0 && n > 1)
		out[k++] = '-';
	out[k] = '\0';
}

static void who_am_i(struct gamelock_holder *h)
{
	memset(h, 0, sizeof *h);
	const struct passwd *pw = getpwuid(getuid());
	const char *user = pw ? pw->pw_name : getenv("USER");
	word(h->user, sizeof h->user, user);
	h->pid = (long)getpid();
	const char *tty = NULL;
	for (int fd = 0; fd <= 2 && !tty; fd++)
		tty = ttyname(fd);
	word(h->terminal, sizeof h->terminal, tty);
	char host[256];
	if (gethostname(host, sizeof host) != 0)
		host[0] = '\0';
	host[sizeof host - 1] = '\0';
	word(h->host, sizeof h->host, host);
	time_t now = time(NULL);
	struct tm tm;
	if (gmtime_r(&now, &tm))
		strftime(h->since, sizeof h->since, "%Y-%m-%dT%H:%M:%SZ", &tm);
	else
		word(h->since, sizeof h->since, NULL);
}

static void read_holder(int fd, struct gamelock_holder *h)
{
	memset(h, 0, sizeof *h);
	char buf[1024];
	ssize_t got = pread(fd, buf, sizeof buf - 1, 0);
	if (got < 0)
		got = 0;
	buf[got] = '\0';
	char *save = NULL;
	for (char *line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *v = strchr(line, ' ');
		if (!v)
			continue;
		*v++ = '\0';
		if (!strcmp(line, "user"))
			word(h->user, sizeof h->user, v);
		else if (!strcmp(line, "pid"))
			h->pid = strtol(v, NULL, 10);
		else if (!strcmp(line, "terminal"))
			word(h->terminal, sizeof h->terminal, v);
		else if (!strcmp(line, "host"))
			word(h->host, sizeof h->host, v);
		else if (!strcmp(line, "since"))
			word(h->since, sizeof h->since, v);
	}
	if (!h->user[0])
		word(h->user, sizeof h->user, "someone");
}

void gamelock_describe(const struct gamelock_holder *h, char *buf, size_t n)
{
	snprintf(buf, n, "%s (pid %ld on %s at %s, since %s)", h->user, h->pid,
		 h->terminal[0] ? h->terminal : "-", h->host[0] ? h->host : "-",
		 h->since[0] ? h->since : "-");
}

int gamelock_take(struct gamelock *l, const char *game_path,
		  struct gamelock_holder *h, char *err, size_t n)
{
	gamelock_init(l);
	char path[GAMELOCK_PATH_MAX];
	if (lock_name(game_path, path, sizeof path) != 0) {
		snprintf(err, n, "%s: path too long", game_path);
		return -1;
	}
	/* a few rounds: a holder may unlink the file between our open and
	 * our flock */
	for (int round = 0; round < 50; round++) {
		int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW,
			      0644);
		if (fd < 0) {
			snprintf(err, n, "%s: %s", path, strerror(errno));
			return -1;
		}
		if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
			int e = errno;
			if (e == EWOULDBLOCK || e == EAGAIN) {
				read_holder(fd, h);
				close(fd);
				return 1;
			}
			close(fd);
			snprintf(err, n, "%s: %s", path, strerror(e));
			return -1;
		}
		struct stat a, b;
		if (fstat(fd, &a) != 0 || stat(path, &b) != 0 ||
		    a.st_dev != b.st_dev || a.st_ino != b.st_ino) {
			close(fd); /* unlinked under us: again */
			continue;
		}
		/* ours (a stale file's old lines are written over) */
		struct gamelock_holder me;
		who_am_i(&me);
		char text[512];
		int w = snprintf(text, sizeof text,
				 "maniple-lock 1\nuser %s\npid %ld\nterminal "
				 "%s\nhost %s\nsince %s\n",
				 me.user, me.pid, me.terminal, me.host,
				 me.since);
		if (ftruncate(fd, 0) != 0 || w < 0 ||
		    pwrite(fd, text, (size_t)w, 0) != (ssize_t)w) {
			int e = errno;
			unlink(path);
			close(fd);
			snprintf(err, n, "%s: %s", path, strerror(e));
			return -1;
		}
		l->fd = fd;
		snprintf(l->path, sizeof l->path, "%s", path);
		return 0;
	}
	snprintf(err, n, "%s: the lock file keeps changing", path);
	return -1;
}

void gamelock_release(struct gamelock *l)
{
	/* a zeroed lock (memset) holds nothing: the path says */
	if (!l->path[0] || l->fd < 0) {
		gamelock_init(l);
		return;
	}
	unlink(l->path);
	close(l->fd);
	gamelock_init(l);
}

int gamelock_holder(const char *game_path, struct gamelock_holder *h)
{
	char path[GAMELOCK_PATH_MAX];
	if (lock_name(game_path, path, sizeof path) != 0)
		return 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	if (fd < 0)
		return 0;
	int held = 0;
	if (flock(fd, LOCK_SH | LOCK_NB) != 0) {
		if (errno == EWOULDBLOCK || errno == EAGAIN) {
			read_holder(fd, h);
			held = 1;
		}
	} else {
		flock(fd, LOCK_UN);
	}
	close(fd);
	return held;
}
