/* textbuf.c — a text grown by printf-style appends (textbuf.h). */
#include "maniple/textbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

/* Appends fmt's text, then '\n' when newline is set. */
static void append(struct textbuf *t, bool newline, const char *fmt, va_list ap)
{
	if (t->failed)
		return;
	va_list again;
	va_copy(again, ap);
	int k = vsnprintf(NULL, 0, fmt, ap);
	if (k < 0) {
		va_end(again);
		t->failed = true;
		return;
	}
	size_t need = t->n + (size_t)k + (newline ? 2 : 1);
	if (need > t->cap) {
		size_t cap = need * 2;
		char *s = realloc(t->s, cap);
		if (!s) {
			va_end(again);
			t->failed = true;
			return;
		}
		t->s = s;
		t->cap = cap;
	}
	vsnprintf(t->s + t->n, t->cap - t->n, fmt, again);
	va_end(again);
	t->n += (size_t)k;
	if (newline) {
		t->s[t->n++] = '\n';
		t->s[t->n] = '\0';
	}
}

void textbuf_put(struct textbuf *t, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	append(t, false, fmt, ap);
	va_end(ap);
}

void textbuf_line(struct textbuf *t, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	append(t, true, fmt, ap);
	va_end(ap);
}
