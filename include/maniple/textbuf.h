/* textbuf.h — a text grown by printf-style appends.
 *
 * A command that answers with several lines (rule, why) builds them in a
 * textbuf and hands s over as the result's text.  Start from {0}; once an
 * append fails (out of memory, a bad format) the text is marked failed,
 * later appends do nothing, and the caller frees s and says so. */
#ifndef MANIPLE_TEXTBUF_H
#define MANIPLE_TEXTBUF_H

#include <stdbool.h>
#include <stddef.h>

struct textbuf {
	char *s; /* NUL-terminated once anything was appended; else NULL */
	size_t n, cap; /* length of s, and the room allocated */
	bool failed;
};

/* Appends the formatted text as it is. */
void textbuf_put(struct textbuf *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Appends the formatted text and a '\n'. */
void textbuf_line(struct textbuf *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
