/* tools/benchsrc/pty.c — the terminal side of tools/bench: runs a command
 * under a pseudo-terminal of a given size and reports, one key=value a
 * line:
 *   first_ms, first_bytes  wall time from fork to the last byte of the
 *                          first burst of output (the burst ends at the
 *                          first silence of --quiet ms), and its size;
 *   key N: bytes           for each key of --keys, sent after the screen
 *                          settled: the bytes written until the next
 *                          silence;
 *   maxrss_kb, cpu_ms,     the child's peak resident set and processor
 *   status                 time (user + system; wait4) and its exit
 *                          status, after --end is sent.
 * --log FILE keeps the bytes read after the first screen (the keys' and
 * the end's).  With --no-pty the command reads /dev/null and writes its
 * standard output to --out FILE (default /dev/null), and only wall_ms,
 * maxrss_kb, cpu_ms and status are printed (a batch program).
 *
 * A figure tool, never a test: nothing here is asserted. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* Reads from fd until it has been silent for quiet ms (or closed, or
 * limit ms passed); returns the bytes read, *last the time of the last
 * byte.  first_wait: ms to wait for the first byte before giving up. */
static FILE *logf; /* --log: the bytes read after the first screen */

static long drain(int fd, int quiet, double first_wait, double *last,
		  int *closed)
{
	char buf[65536];
	long total = 0;
	double start = now_ms();
	for (;;) {
		int wait = total ? quiet : (int)first_wait;
		struct pollfd p = {.fd = fd, .events = POLLIN};
		int r = poll(&p, 1, wait);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		ssize_t n = read(fd, buf, sizeof buf);
		if (n <= 0) {
			*closed = 1;
			break;
		}
		total += n;
		if (logf)
			fwrite(buf, 1, (size_t)n, logf);
		*last = now_ms();
		if (*last - start > 60000)
			break;
	}
	return total;
}

static void usage(void)
{
	fprintf(stderr,
		"usage: bench-pty [--cols N] [--rows N] [--quiet MS] "
		"[--keys KEYS] [--end KEYS] [--log FILE]\n"
		"                 -- COMMAND [ARG]...\n"
		"       bench-pty --no-pty [--out FILE] -- COMMAND "
		"[ARG]...\n");
	exit(2);
}

int main(int argc, char **argv)
{
	int cols = 120, rows = 40, quiet = 300, nopty = 0;
	const char *keys = "", *end = "q", *out = "/dev/null";
	int i = 1;
	for (; i < argc; i++) {
		if (!strcmp(argv[i], "--")) {
			i++;
			break;
		}
		if (!strcmp(argv[i], "--no-pty")) {
			nopty = 1;
			continue;
		}
		if (i + 1 >= argc)
			usage();
		if (!strcmp(argv[i], "--cols"))
			cols = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--rows"))
			rows = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--quiet"))
			quiet = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--keys"))
			keys = argv[++i];
		else if (!strcmp(argv[i], "--end"))
			end = argv[++i];
		else if (!strcmp(argv[i], "--out"))
			out = argv[++i];
		else if (!strcmp(argv[i], "--log")) {
			logf = fopen(argv[++i], "w");
			if (!logf) {
				perror(argv[i]);
				return 2;
			}
		}
		else
			usage();
	}
	if (i >= argc || cols < 20 || rows < 5 || quiet < 10)
		usage();
	char **cmd = argv + i;
	double t0 = now_ms();
	pid_t pid;
	int fd = -1;
	if (nopty) {
		pid = fork();
		if (pid == 0) {
			int nul = open("/dev/null", O_RDONLY);
			int o = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
			if (nul < 0 || o < 0) {
				perror(out);
				_exit(127);
			}
			dup2(nul, 0);
			dup2(o, 1);
			execvp(cmd[0], cmd);
			_exit(127);
		}
	} else {
		struct winsize ws = {.ws_row = (unsigned short)rows,
				     .ws_col = (unsigned short)cols};
		pid = forkpty(&fd, NULL, NULL, &ws);
		if (pid == 0) {
			execvp(cmd[0], cmd);
			_exit(127);
		}
	}
	if (pid < 0) {
		perror("bench-pty: fork");
		return 2;
	}
	if (!nopty) {
		double last = t0;
		int closed = 0;
		FILE *keep = logf;
		logf = NULL;
		long first = drain(fd, quiet, 20000, &last, &closed);
		logf = keep;
		printf("first_ms=%.1f\nfirst_bytes=%ld\n", last - t0, first);
		for (const char *k = keys; *k && !closed; k++) {
			if (write(fd, k, 1) != 1)
				break;
			long n = drain(fd, quiet, quiet, &last, &closed);
			printf("key_%d=%ld\n", (int)(k - keys), n);
		}
		for (const char *k = end; *k && !closed; k++) {
			if (write(fd, k, 1) != 1)
				break;
			drain(fd, quiet, quiet, &last, &closed);
		}
	}
	int st = 0;
	struct rusage ru;
	memset(&ru, 0, sizeof ru);
	for (int tries = 0;; tries++) {
		pid_t w = wait4(pid, &st, nopty ? 0 : WNOHANG, &ru);
		if (w == pid)
			break;
		if (w < 0) {
			perror("bench-pty: wait4");
			return 2;
		}
		if (tries == 50)
			kill(pid, SIGTERM);
		if (tries == 100)
			kill(pid, SIGKILL);
		usleep(20000);
	}
	double t1 = now_ms();
	if (nopty)
		printf("wall_ms=%.1f\n", t1 - t0);
	printf("maxrss_kb=%ld\n", ru.ru_maxrss);
	printf("cpu_ms=%.1f\n",
	       (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 +
		       (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3);
	printf("status=%d\n", WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st));
	if (fd >= 0)
		close(fd);
	return 0;
}
