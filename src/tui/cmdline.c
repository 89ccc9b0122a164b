/* cmdline.c — the `:` command line's editor, history and completion (see
 * cmdline.h). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmdline.h"
#include "seam.h"

/* ---- editing ---- */

void cmdline_open(struct tui_cmdline *c)
{
	cmdline_open_with(c, "");
}

void cmdline_open_with(struct tui_cmdline *c, const char *text)
{
	c->open = true;
	snprintf(c->buf, sizeof c->buf, "%s", text);
	c->len = c->pos = (int)strlen(c->buf);
	c->hist_at = c->nhist;
	c->draft[0] = '\0';
	c->cycling = false;
}

void cmdline_close(struct tui_cmdline *c)
{
	c->open = false;
	c->cycling = false;
}

void cmdline_reset_cycle(struct tui_cmdline *c)
{
	c->cycling = false;
}

bool cmdline_insert(struct tui_cmdline *c, char ch)
{
	if (c->len >= CMD_LINE_MAX || ch == '\0')
		return false;
	memmove(c->buf + c->pos + 1, c->buf + c->pos,
		(size_t)(c->len - c->pos) + 1);
	c->buf[c->pos++] = ch;
	c->len++;
	return true;
}

bool cmdline_backspace(struct tui_cmdline *c)
{
	if (c->pos == 0)
		return false;
	memmove(c->buf + c->pos - 1, c->buf + c->pos,
		(size_t)(c->len - c->pos) + 1);
	c->pos--;
	c->len--;
	return true;
}

bool cmdline_delete(struct tui_cmdline *c)
{
	if (c->pos >= c->len)
		return false;
	c->pos++;
	return cmdline_backspace(c);
}

bool cmdline_left(struct tui_cmdline *c)
{
	if (c->pos == 0)
		return false;
	c->pos--;
	return true;
}

bool cmdline_right(struct tui_cmdline *c)
{
	if (c->pos >= c->len)
		return false;
	c->pos++;
	return true;
}

void cmdline_home(struct tui_cmdline *c)
{
	c->pos = 0;
}

void cmdline_end(struct tui_cmdline *c)
{
	c->pos = c->len;
}

/* Removes [from, c->pos) */
static bool cut(struct tui_cmdline *c, int from)
{
	if (from >= c->pos)
		return false;
	memmove(c->buf + from, c->buf + c->pos, (size_t)(c->len - c->pos) + 1);
	c->len -= c->pos - from;
	c->pos = from;
	return true;
}

bool cmdline_kill_before(struct tui_cmdline *c)
{
	return cut(c, 0);
}

bool cmdline_kill_word(struct tui_cmdline *c)
{
	int i = c->pos;
	while (i > 0 && c->buf[i - 1] == ' ')
		i--;
	while (i > 0 && c->buf[i - 1] != ' ')
		i--;
	return cut(c, i);
}

static void set_text(struct tui_cmdline *c, const char *text)
{
	snprintf(c->buf, sizeof c->buf, "%s", text);
	c->len = c->pos = (int)strlen(c->buf);
}

bool cmdline_history(struct tui_cmdline *c, int step)
{
	int to = c->hist_at + step;
	if (to < 0 || to > c->nhist || to == c->hist_at)
		return false;
	if (c->hist_at == c->nhist) /* leaving the typed line: keep it */
		snprintf(c->draft, sizeof c->draft, "%s", c->buf);
	c->hist_at = to;
	set_text(c, to == c->nhist ? c->draft : c->hist[to]);
	return true;
}

const char *cmdline_commit(struct tui_cmdline *c)
{
	bool blank = true;
	for (int i = 0; i < c->len; i++)
		if (c->buf[i] != ' ' && c->buf[i] != '\t')
			blank = false;
	if (!blank &&
	    (c->nhist == 0 || strcmp(c->hist[c->nhist - 1], c->buf))) {
		if (c->nhist == TUI_HISTORY_MAX) {
			memmove(c->hist[0], c->hist[1],
				sizeof c->hist[0] * (TUI_HISTORY_MAX - 1));
			c->nhist--;
		}
		snprintf(c->hist[c->nhist++], sizeof c->hist[0], "%s", c->buf);
	}
	cmdline_close(c);
	return c->buf;
}

/* ---- completion ---- */

#define WORDS_MAX 16

/* Splits text (n bytes) at blanks into at most max words of
 * TUI_WORD_MAX; returns the count. */
static int split(const char *text, size_t n, char w[][TUI_WORD_MAX], int max)
{
	int k = 0;
	size_t i = 0;
	while (i < n && k < max) {
		while (i < n && (text[i] == ' ' || text[i] == '\t'))
			i++;
		if (i >= n)
			break;
		size_t s = i;
		while (i < n && text[i] != ' ' && text[i] != '\t')
			i++;
		size_t len =
			i - s < TUI_WORD_MAX - 1 ? i - s : TUI_WORD_MAX - 1;
		memcpy(w[k], text + s, len);
		w[k][len] = '\0';
		k++;
	}
	return k;
}

static void add(struct tui_completion *o, const char *word, const char *prefix)
{
	if (!word[0] || strncmp(word, prefix, strlen(prefix)) != 0)
		return;
	for (int i = 0; i < o->n; i++)
		if (!strcmp(o->cand[i], word))
			return;
	if (o->n >= TUI_CAND_MAX) {
		o->more = true;
		return;
	}
	snprintf(o->cand[o->n++], TUI_WORD_MAX, "%s", word);
}

/* What the candidates come from: the session, and its game's map
 * view-model (the board and the pieces), made the first time a word
 * needs it. */
struct comp_ctx {
	const struct session *s;
	struct map_view *mv;
	bool made;
};

static const struct map_view *board(struct comp_ctx *x)
{
	if (!x->made) {
		x->made = true;
		x->mv = tui_map_view(x->s);
	}
	return x->mv;
}

/* The words of the legal actions whose first k words are w[0..k). */
static void add_legal(struct tui_completion *o, const struct session *s,
		      char w[][TUI_WORD_MAX], int k, const char *prefix)
{
	struct decision_answer *a = calloc(256, sizeof *a);
	if (!a)
		return;
	struct decision d;
	decision_init(&d, a, 256);
	int n = tui_decision(s, &d);
	for (int i = 0; i < n; i++) {
		char aw[WORDS_MAX][TUI_WORD_MAX];
		int na = split(a[i].line, strlen(a[i].line), aw, WORDS_MAX);
		if (na <= k)
			continue;
		bool same = true;
		for (int j = 0; j < k && same; j++)
			same = !strcmp(aw[j], w[j]);
		if (same)
			add(o, aw[k], prefix);
	}
	free(a);
}

/* The pieces on the map: units, leaders, or both. */
static void add_pieces(struct tui_completion *o, struct comp_ctx *x,
		       bool units, bool leaders, const char *prefix)
{
	const struct map_view *mv = board(x);
	for (int i = 0; mv && i < mv->npieces; i++)
		if (mv->pieces[i].leader ? leaders : units)
			add(o, mv->pieces[i].id, prefix);
}

/* The cursor's hex first, then (once a digit is typed) every hex of the
 * map with that beginning. */
static void add_hexes(struct tui_completion *o, struct comp_ctx *x,
		      struct hex cursor, const char *prefix)
{
	const struct map_view *m = board(x);
	char num[8];
	if (!m)
		return;
	if (cursor.col >= m->col_min && cursor.col <= m->col_max &&
	    cursor.row >= m->row_min && cursor.row <= m->row_max) {
		hex_format(cursor, num, sizeof num);
		add(o, num, prefix);
	}
	if (!prefix[0])
		return;
	for (int c = m->col_min; c <= m->col_max; c++)
		for (int r = m->row_min; r <= m->row_max; r++) {
			hex_format((struct hex){c, r}, num, sizeof num);
			add(o, num, prefix);
		}
}

static void add_words(struct tui_completion *o, const char *const *words,
		      const char *prefix)
{
	for (int i = 0; words[i]; i++)
		add(o, words[i], prefix);
}

static bool is_literal(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (!islower((unsigned char)*s) && *s != '-')
			return false;
	return true;
}

/* One alternative of a synopsis word ("UNIT", "HEX", "with", "FACING"). */
static void add_kind(struct tui_completion *o, const struct cmd_table *t,
		     struct comp_ctx *x, struct hex cursor, const char *kind,
		     const char *prefix)
{
	static const char *const facings[] = {"NE", "E",  "SE", "SW",
					      "W",  "NW", NULL};
	static const char *const sides[] = {"N",   "ENE", "ESE", "S",
					    "WSW", "WNW", NULL};
	char k[TUI_WORD_MAX];
	snprintf(k, sizeof k, "%s", kind);
	char *eq = strchr(k, '='); /* UNIT=N: the unit */
	if (eq)
		*eq = '\0';
	if (is_literal(k)) {
		add(o, k, prefix);
	} else if (!strcmp(k, "COMMAND")) {
		for (int i = 0; i < t->n; i++) {
			char w[2][TUI_WORD_MAX];
			if (split(t->defs[i].name, strlen(t->defs[i].name), w,
				  1))
				add(o, w[0], prefix);
		}
	} else if (!tui_has_game(x->s)) {
		return;
	} else if (!strcmp(k, "UNIT") || !strcmp(k, "ATT") ||
		   !strcmp(k, "DEF")) {
		add_pieces(o, x, true, false, prefix);
	} else if (!strcmp(k, "LEADER") || !strcmp(k, "INSTEAD-OF")) {
		add_pieces(o, x, false, true, prefix);
	} else if (!strcmp(k, "ID")) {
		add_pieces(o, x, true, false, prefix);
		add_pieces(o, x, false, true, prefix);
	} else if (!strcmp(k, "HEX") || !strcmp(k, "CCRR")) {
		add_hexes(o, x, cursor, prefix);
	} else if (!strcmp(k, "FACING")) {
		add_words(o, facings, prefix);
	} else if (!strcmp(k, "SIDE")) {
		add_words(o, sides, prefix);
	}
}

/* Every alternative of synopsis word s: "[UNIT|LEADER]" "HEX[,HEX]"
 * "[with|fire|...]" "ID|none". */
static void add_synopsis_word(struct tui_completion *o,
			      const struct cmd_table *t, struct comp_ctx *x,
			      struct hex cursor, const char *s,
			      const char *prefix)
{
	char buf[TUI_WORD_MAX * 2];
	size_t j = 0;
	for (size_t i = 0; s[i] && j + 1 < sizeof buf; i++) {
		char ch = s[i];
		if (ch == '[' || ch == ']' || ch == '.')
			continue;
		buf[j++] = ch == ',' ? '|' : ch;
	}
	buf[j] = '\0';
	char *save = NULL;
	for (char *a = strtok_r(buf, "|", &save); a;
	     a = strtok_r(NULL, "|", &save))
		add_kind(o, t, x, cursor, a, prefix);
}

/* The argument kinds at position argi of a synopsis such as
 * "HEX[,HEX] | with LEADER | stay" or "LEADER UNIT HEX [UNIT HEX]...". */
static void add_synopsis(struct tui_completion *o, const struct cmd_table *t,
			 struct comp_ctx *x, struct hex cursor,
			 const char *args, int argi, const char *prefix)
{
	char alt[CMD_LINE_MAX];
	const char *p = args;
	while (p && *p) {
		const char *bar = strstr(p, " | ");
		size_t len = bar ? (size_t)(bar - p) : strlen(p);
		if (len >= sizeof alt)
			len = sizeof alt - 1;
		memcpy(alt, p, len);
		alt[len] = '\0';
		p = bar ? bar + 3 : NULL;
		char w[WORDS_MAX][TUI_WORD_MAX];
		int n = split(alt, len, w, WORDS_MAX);
		if (n == 0)
			continue;
		int at = argi;
		if (at >= n) {
			/* "[UNIT HEX]...": the last bracketed group repeats */
			if (!strstr(w[n - 1], "..."))
				continue;
			int from = n - 1;
			while (from > 0 && w[from][0] != '[')
				from--;
			at = from + (at - from) % (n - from);
		}
		add_synopsis_word(o, t, x, cursor, w[at], prefix);
	}
}

void tui_complete(const struct cmd_table *t, const struct session *s,
		  struct hex cursor, const char *line, int pos,
		  struct tui_completion *out)
{
	memset(out, 0, sizeof *out);
	int len = (int)strlen(line);
	if (pos > len)
		pos = len;
	if (pos < 0)
		pos = 0;
	int ws = pos;
	while (ws > 0 && line[ws - 1] != ' ' && line[ws - 1] != '\t')
		ws--;
	/* in a comma list only the part after the last comma */
	int ps = ws;
	for (int i = ws; i < pos; i++)
		if (line[i] == ',')
			ps = i + 1;
	out->word_start = ps;
	char prefix[TUI_WORD_MAX];
	int plen = pos - ps < TUI_WORD_MAX - 1 ? pos - ps : TUI_WORD_MAX - 1;
	memcpy(prefix, line + ps, (size_t)plen);
	prefix[plen] = '\0';

	char w[WORDS_MAX][TUI_WORD_MAX];
	int k = split(line, (size_t)ws, w, WORDS_MAX);
	if (tui_has_game(s) && ps == ws) /* the legal actions' words first */
		add_legal(out, s, w, k, prefix);
	if (k == 0) {
		for (int i = 0; i < t->n; i++) {
			char nw[2][TUI_WORD_MAX];
			if (split(t->defs[i].name, strlen(t->defs[i].name), nw,
				  1))
				add(out, nw[0], prefix);
		}
		add(out, "quit", prefix); /* the view's own :quit */
		add(out, "teach", prefix); /* :teach on|off (teachui.h) */
		return;
	}
	/* a two-word name: its second word */
	if (k == 1)
		for (int i = 0; i < t->n; i++) {
			char nw[2][TUI_WORD_MAX];
			const char *name = t->defs[i].name;
			if (split(name, strlen(name), nw, 2) == 2 &&
			    !strcmp(nw[0], w[0]))
				add(out, nw[1], prefix);
		}
	const struct cmd_def *d = NULL;
	int argi = 0;
	if (k >= 2) {
		char two[2 * TUI_WORD_MAX + 2];
		snprintf(two, sizeof two, "%s %s", w[0], w[1]);
		d = cmd_find(t, two);
		argi = k - 2;
	}
	if (!d) {
		d = cmd_find(t, w[0]);
		argi = k - 1;
	}
	if (d && d->args) {
		struct comp_ctx x = {.s = s};
		add_synopsis(out, t, &x, cursor, d->args, argi, prefix);
		mapview_free(x.mv);
	}
}

static void replace_word(struct tui_cmdline *c, int from, const char *word,
			 bool blank_after)
{
	const char *tail = c->buf + c->pos;
	bool blank = blank_after && tail[0] != ' ';
	size_t wl = strlen(word), tl = strlen(tail);
	size_t total = (size_t)from + wl + (blank ? 1 : 0) + tl;
	if (total > CMD_LINE_MAX)
		return;
	char out[CMD_LINE_MAX + 1];
	memcpy(out, c->buf, (size_t)from);
	memcpy(out + from, word, wl);
	size_t at = (size_t)from + wl;
	if (blank)
		out[at++] = ' ';
	memcpy(out + at, tail, tl + 1);
	memcpy(c->buf, out, total + 1);
	c->len = (int)total;
	c->pos = (int)at;
}

int cmdline_complete(struct tui_cmdline *c, const struct cmd_table *t,
		     const struct session *s, struct hex cursor)
{
	struct tui_completion *o = &c->comp;
	if (c->cycling && o->n > 0) {
		c->cycle_at = (c->cycle_at + 1) % o->n;
		replace_word(c, o->word_start, o->cand[c->cycle_at], false);
		return o->n;
	}
	tui_complete(t, s, cursor, c->buf, c->pos, o);
	if (o->n == 0)
		return 0;
	if (o->n == 1) {
		replace_word(c, o->word_start, o->cand[0], true);
		return 1;
	}
	/* the longest beginning they share */
	size_t common = strlen(o->cand[0]);
	for (int i = 1; i < o->n; i++) {
		size_t j = 0;
		while (j < common && o->cand[i][j] == o->cand[0][j])
			j++;
		common = j;
	}
	size_t typed = (size_t)(c->pos - o->word_start);
	if (common > typed) {
		char word[TUI_WORD_MAX];
		snprintf(word, sizeof word, "%.*s", (int)common, o->cand[0]);
		replace_word(c, o->word_start, word, false);
		return o->n;
	}
	c->cycling = true;
	c->cycle_at = 0;
	replace_word(c, o->word_start, o->cand[0], false);
	return o->n;
}
