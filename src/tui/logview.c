/* logview.c — the event log's lines, folding and scrolling (see
 * logview.h). */
#include <stdio.h>
#include <string.h>

#include "logview.h"

void tui_log_init(struct tui_log *l)
{
	l->base = 0;
	l->n = 0;
	l->follow = true;
	l->top = 0;
}

long tui_log_push(struct tui_log *l, const char *text)
{
	if (l->n == TUI_LOG_MAX) {
		l->base++;
		l->n--;
		if (!l->follow && l->top < l->base)
			l->top = l->base;
	}
	long k = l->base + l->n;
	snprintf(l->line[k % TUI_LOG_MAX], TUI_LOG_LINE, "%s", text);
	l->n++;
	return k;
}

const char *tui_log_line(const struct tui_log *l, long k)
{
	if (k < l->base || k >= l->base + l->n)
		return NULL;
	return l->line[k % TUI_LOG_MAX];
}

/* Rows after the first are drawn two columns in. */
static int row_width(int w, int i)
{
	int a = i == 0 ? w : w - 2;
	return a < 1 ? 1 : a;
}

bool tui_log_row(const char *text, int w, int i, int *start, int *len)
{
	int pos = 0, n = (int)strlen(text);
	for (int row = 0;; row++) {
		int avail = row_width(w, row);
		int l, next;
		if (n - pos <= avail) {
			l = n - pos;
			next = n;
		} else {
			int b = pos + avail;
			while (b > pos && text[b] != ' ')
				b--;
			if (b > pos) {
				l = b - pos;
				next = b + 1;
			} else {
				l = avail;
				next = pos + avail;
			}
		}
		if (row == i) {
			*start = pos;
			*len = l;
			return true;
		}
		pos = next;
		if (pos >= n)
			return false;
	}
}

int tui_log_rows(const char *text, int w)
{
	int s, l, rows = 1;
	while (tui_log_row(text, w, rows, &s, &l))
		rows++;
	return rows;
}

long tui_log_top(const struct tui_log *l, int w, int h)
{
	if (l->n == 0)
		return l->base;
	if (!l->follow)
		return l->top < l->base ? l->base : l->top;
	long k = l->base + l->n - 1;
	int used = tui_log_rows(tui_log_line(l, k), w);
	while (k > l->base) {
		int r = tui_log_rows(tui_log_line(l, k - 1), w);
		if (used + r > h)
			break;
		used += r;
		k--;
	}
	return k;
}

/* Whether everything from line k on fits in h rows. */
static bool fits_from(const struct tui_log *l, long k, int w, int h)
{
	int used = 0;
	for (long i = k; i < l->base + l->n; i++) {
		used += tui_log_rows(tui_log_line(l, i), w);
		if (used > h)
			return false;
	}
	return true;
}

bool tui_log_more_below(const struct tui_log *l, int w, int h)
{
	if (l->follow)
		return false;
	return !fits_from(l, tui_log_top(l, w, h), w, h);
}

void tui_log_show_from(struct tui_log *l, long k, int w, int h)
{
	if (k < l->base)
		k = l->base;
	if (fits_from(l, k, w, h)) {
		l->follow = true;
		return;
	}
	l->follow = false;
	l->top = k;
}

void tui_log_scroll(struct tui_log *l, int w, int h, int pages)
{
	long k = tui_log_top(l, w, h);
	int step = h > 2 ? h - 1 : 1;
	if (pages < 0) {
		int used = 0;
		while (k > l->base && used < step * -pages) {
			used += tui_log_rows(tui_log_line(l, k - 1), w);
			k--;
		}
		l->follow = false;
		l->top = k;
		if (fits_from(l, k, w, h))
			l->follow = true;
		return;
	}
	int used = 0;
	while (k < l->base + l->n - 1 && used < step * pages) {
		used += tui_log_rows(tui_log_line(l, k), w);
		k++;
	}
	tui_log_show_from(l, k, w, h);
}
