/* rfile.c — opening a file to read it whole, within limits (rfile.h). */
#include "maniple/rfile.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *rfile_kind(unsigned mode)
{
	switch (mode & S_IFMT) {
	case S_IFREG:
		return "a regular file";
	case S_IFDIR:
		return "a directory";
	case S_IFIFO:
		return "a FIFO";
	case S_IFCHR:
		return "a character device";
	case S_IFBLK:
		return "a block device";
	case S_IFSOCK:
		return "a socket";
	default:
		return "not a regular file";
	}
}

FILE *rfile_open(const char *path, long long max_size, char *err, size_t n)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	if (fd < 0) {
		snprintf(err, n, "%s", strerror(errno));
		return NULL;
	}
	struct stat st;
	if (fstat(fd, &st) != 0) {
		snprintf(err, n, "%s", strerror(errno));
		close(fd);
		return NULL;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(err, n, "not a regular file (%s)",
			 rfile_kind((unsigned)st.st_mode));
		close(fd);
		return NULL;
	}
	if ((long long)st.st_size > max_size) {
		snprintf(err, n, "larger than %lld bytes (the limit)",
			 max_size);
		close(fd);
		return NULL;
	}
	int fl = fcntl(fd, F_GETFL);
	if (fl < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) != 0) {
		snprintf(err, n, "%s", strerror(errno));
		close(fd);
		return NULL;
	}
	FILE *f = fdopen(fd, "r");
	if (!f) {
		snprintf(err, n, "%s", strerror(errno));
		close(fd);
	}
	return f;
}
