/* tests/writes_preload.c — an LD_PRELOAD module for tui_writes_e2e.sh:
 * counts the write() calls a program makes to its terminal (fd 1)
 * between two reads of keys from fd 0 that returned bytes, and appends
 * one line a key to $MANIPLE_TEST_WRITES at each such read and at exit:
 *   BYTES_READ WRITES BYTES_WRITTEN
 * for the key read before (the first line is the first screen's).  No
 * timing: each read of keys closes the count of the one before. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct counts {
	long key_bytes, writes, written;
};

static struct counts now; /* the test module's own state, one process */

static ssize_t (*real_write)(int, const void *, size_t);
static ssize_t (*real_read)(int, void *, size_t);

static void report(void)
{
	const char *path = getenv("MANIPLE_TEST_WRITES");
	if (!path)
		return;
	int fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
	if (fd < 0)
		return;
	char line[96];
	int n = snprintf(line, sizeof line, "%ld %ld %ld\n", now.key_bytes,
			 now.writes, now.written);
	if (n > 0 && real_write)
		real_write(fd, line, (size_t)n);
	close(fd);
}

ssize_t write(int fd, const void *buf, size_t n)
{
	if (!real_write)
		real_write = (ssize_t(*)(int, const void *, size_t))dlsym(
			RTLD_NEXT, "write");
	ssize_t r = real_write(fd, buf, n);
	if (fd == 1 && r > 0) {
		now.writes++;
		now.written += r;
	}
	return r;
}

ssize_t read(int fd, void *buf, size_t n)
{
	if (!real_read)
		real_read = (ssize_t(*)(int, void *, size_t))dlsym(RTLD_NEXT,
								   "read");
	ssize_t r = real_read(fd, buf, n);
	if (fd == 0 && r > 0) {
		report();
		now = (struct counts){r, 0, 0};
	}
	return r;
}

__attribute__((destructor)) static void at_exit(void)
{
	report();
}
