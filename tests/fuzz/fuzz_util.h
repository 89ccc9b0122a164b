/* fuzz_util.h — shared by the libFuzzer harnesses of tests/fuzz/: a
 * scratch directory of the process's own (under $TMPDIR, else /dev/shm,
 * else /tmp) removed at exit, and writing an input to a file there for the
 * loaders that read a path.  Static definitions: one harness each. */
#ifndef MANIPLE_FUZZ_UTIL_H
#define MANIPLE_FUZZ_UTIL_H

#define _GNU_SOURCE
#include <ftw.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h" /* MANIPLE_SRCDIR: the data files the harnesses use */

static char fuzz_dir[512];

static int fuzz_rm_one(const char *p, const struct stat *st, int flag,
		       struct FTW *f)
{
	(void)st;
	(void)flag;
	(void)f;
	remove(p);
	return 0;
}

static void fuzz_cleanup(void)
{
	if (fuzz_dir[0])
		nftw(fuzz_dir, fuzz_rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* Makes the scratch directory (once); exits on failure, since a harness
 * without it cannot run at all. */
static inline const char *fuzz_scratch(void)
{
	if (fuzz_dir[0])
		return fuzz_dir;
	const char *base = getenv("TMPDIR");
	struct stat st;
	if (!base || !*base)
		base = stat("/dev/shm", &st) == 0 && access("/dev/shm", W_OK) == 0
			       ? "/dev/shm"
			       : "/tmp";
	snprintf(fuzz_dir, sizeof fuzz_dir, "%s/maniple-fuzz-XXXXXX", base);
	if (!mkdtemp(fuzz_dir)) {
		perror(fuzz_dir);
		exit(1);
	}
	atexit(fuzz_cleanup);
	return fuzz_dir;
}

/* Writes data to path whole (truncating); false on failure. */
static inline int fuzz_write(const char *path, const uint8_t *data, size_t size)
{
	FILE *f = fopen(path, "wb");
	if (!f)
		return 0;
	int ok = fwrite(data, 1, size, f) == size;
	return fclose(f) == 0 && ok;
}

#endif
