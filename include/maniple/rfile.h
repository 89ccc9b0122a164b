/* rfile.h — opening a file to read it whole, within limits.
 *
 * Data, settings and game files are read only when they are regular
 * files: the file is opened without blocking (a FIFO's open would wait for
 * a writer for ever), checked with fstat, and only then read.  Its size
 * must stay within the caller's limit, so that a device such as /dev/zero
 * is refused before a byte is read and a huge file before memory goes.
 */
#ifndef MANIPLE_RFILE_H
#define MANIPLE_RFILE_H

#include <stddef.h>
#include <stdio.h>

/* Opens path for reading: a regular file of at most max_size bytes.  The
 * stream reads blocking.  NULL with the reason in err ("not a regular
 * file (a FIFO)", "larger than N bytes (the limit)", strerror). */
FILE *rfile_open(const char *path, long long max_size, char *err, size_t n);

/* What kind of file st_mode is, for messages: "a directory", "a FIFO",
 * "a character device"... */
const char *rfile_kind(unsigned mode);

#endif
