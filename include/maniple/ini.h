/* ini.h — INI reading with line numbers.
 *
 * Debian's inih is built without line numbers for the handler and with a
 * 200-byte line limit, so files are read through ini_parse_stream with a
 * reader that counts lines.  The handler receives the number of the line
 * that holds the key.  Errors are reported as "file:line: reason".
 */
#ifndef MANIPLE_INI_H
#define MANIPLE_INI_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>
#include <stdio.h>

#define INI_LINE_MAX 200 /* longest line Debian's inih accepts */
#define INI_ERR_MAX 512
/* Limits on every INI file read (data and settings): a file must be a
 * regular file (rfile.h) of at most INI_SIZE_MAX bytes and INI_LINES_MAX
 * lines; the largest data file has under 3000. */
#define INI_SIZE_MAX (4LL * 1024 * 1024)
#define INI_LINES_MAX 100000

struct ini_error {
	char file[256];
	int line;
	char msg[INI_ERR_MAX];
};

/* Called for every key (with its line) and, with key and value NULL, for
 * every section header.  Return 0 to go on; non-zero stops the parse (the
 * handler has filled the
 * error with ini_fail()). */
typedef int (*ini_line_handler)(void *user, const char *section,
				const char *key, const char *value, int line);

/* Parses a file.  Returns true when the whole file was read and every call
 * of the handler succeeded.  On failure err holds file, line and reason
 * (syntax errors, over-long lines, a file past the limits above, one that
 * is not a regular file and an unreadable file included). */
bool ini_read_file(const char *path, ini_line_handler h, void *user,
		   struct ini_error *err);
/* The same over text in memory; name is used in messages. */
bool ini_read_text(const char *name, const char *text, ini_line_handler h,
		   void *user, struct ini_error *err);

/* Records a failure at a line; returns 1 so a handler can `return
 * ini_fail(...)`. */
int ini_fail(struct ini_error *err, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* The `[file]` section a data file starts with: `kind = KIND` and
 * `version = 1`.  A handler hands every section header to
 * ini_file_section and, while `in_file`, every key to ini_file_key; after
 * the read, ini_file_done says whether both keys were seen. */
struct ini_file_header {
	const char *kind; /* the kind this reader accepts */
	bool in_file, file_seen, kind_ok, version_ok;
	int file_line;
};
/* -1: a section other than [file] (in_file now false); 0: [file]
 * opened; 1: [file] a second time, err filled. */
int ini_file_section(struct ini_file_header *h, const char *section,
		     int line, struct ini_error *err);
/* A key of [file]: 0, or 1 with err filled. */
int ini_file_key(struct ini_file_header *h, const char *key,
		 const char *value, int line, struct ini_error *err);
/* After the read: true, or false with err filled (at the [file] line, or
 * line 1 when there was none). */
bool ini_file_done(const struct ini_file_header *h, struct ini_error *err);
/* "file:line: reason" into buf. */
void ini_error_format(const struct ini_error *err, char *buf, size_t n);

/* Value helpers: strict parses, false on any trailing text or range error. */
bool ini_int(const char *v, int lo, int hi, int *out);
/* A whole decimal number from 0 to UINT64_MAX, digits only (no sign, no
 * space): a seed, a count. */
bool ini_u64(const char *v, uint64_t *out);
bool ini_bool(const char *v, bool *out); /* yes/no, true/false, 1/0 */
/* Splits v on white space and commas into at most max tokens of at most
 * tokmax bytes each; returns the count, or -1 when there are too many or
 * one is too long. */
int ini_split(const char *v, char (*tokens)[32], int max);

#endif

#ifndef MANIPLE_INI_KIND
#define MANIPLE_INI_KIND
/* Every maniple data file opens with a [file] section:
 *     [file]
 *     kind = map | battle | rules
 *     version = 1
 * ini_file_kind reads it and copies the kind into out (n bytes); false with
 * err filled when the file cannot be read or has no [file] kind. */
bool ini_file_kind(const char *path, char *out, size_t n,
		   struct ini_error *err);
#endif
