/* card.c — a card's lines of text (card.h). */
#include "maniple/card.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void card_init(struct card *c, int width)
{
	if (width < CARD_WIDTH_MIN)
		width = CARD_WIDTH_MIN;
	if (width > CARD_WIDTH_MAX)
		width = CARD_WIDTH_MAX;
	c->width = width;
	c->n = 0;
	c->truncated = false;
	c->no_rules = false;
	c->line[0][0] = '\0';
}

static bool utf8_cont(unsigned char ch)
{
	return (ch & 0xC0) == 0x80;
}

/* Columns of s: one per UTF-8 code point (continuation bytes are not
 * counted). */
static int columns(const char *s)
{
	int n = 0;
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if (!utf8_cont(*p))
			n++;
	return n;
}

/* Copies at most cols columns of src into dst (room: cols * 4 + 1
 * bytes at least), never splitting a character; when src is longer, the
 * last column kept is replaced by '~'.  Returns the columns written. */
static int fit(char *dst, const char *src, int cols)
{
	if (cols <= 0) {
		dst[0] = '\0';
		return 0;
	}
	int have = columns(src);
	int keep = have <= cols ? have : cols - 1;
	const unsigned char *p = (const unsigned char *)src;
	size_t len = 0;
	int col = 0;
	while (*p) {
		if (!utf8_cont(*p)) {
			if (col == keep)
				break;
			col++;
		}
		dst[len++] = (char)*p++;
	}
	/* a truncated multi-byte character never ends dst: the loop stops
	 * only at the start of one */
	if (have > cols) {
		dst[len++] = '~';
		col++;
	}
	dst[len] = '\0';
	return col;
}

void card_add(struct card *c, const char *rule, const char *fmt, ...)
{
	if (c->n >= CARD_LINES) {
		c->truncated = true;
		return;
	}
	char text[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	char rl[CARD_WIDTH_MAX * 4 + 1];
	int rcols = 0;
	if (rule && *rule && !c->no_rules)
		rcols = fit(rl, rule, c->width / 3);
	int room = rcols ? c->width - rcols - 1 : c->width;
	char *out = c->line[c->n++];
	int col = fit(out, text, room);
	if (rcols) {
		size_t len = strlen(out);
		for (; col < room + 1; col++)
			out[len++] = ' ';
		memcpy(out + len, rl, strlen(rl) + 1);
	}
}

size_t card_text(const struct card *c, char *buf, size_t n)
{
	size_t len = 0, kept = 0;
	bool full = n == 0;
	for (int i = 0; i < c->n; i++) {
		size_t l = strlen(c->line[i]);
		if (!full && len + l + 1 < n) {
			memcpy(buf + len, c->line[i], l);
			buf[len + l] = '\n';
			kept = len + l + 1;
		} else {
			full = true;
		}
		len += l + 1;
	}
	if (n)
		buf[kept] = '\0';
	return len;
}
