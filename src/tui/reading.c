/* reading.c — the message line's sentences and the reading pane (see
 * reading.h). */
#include "reading.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/ruleset.h"
#include "keys.h"
#include "seam.h"
#include "view.h"

void reading_free(struct tui_reading *r)
{
	evtext_free(r->words);
	r->words = NULL;
	free(r->text);
	r->text = NULL;
	free(r->result);
	r->result = NULL;
	r->tried = false;
	cardview_unplace(&r->cv);
	r->cv.open = false;
}

/* The ruleset's sentences: DATADIR/rules/RULESET/sentences.ini, read at
 * the first need (NULL when they cannot be: the raw events then). */
static const struct evtext *words(struct tui_view *v)
{
	struct tui_reading *r = &v->reading;
	if (r->tried)
		return r->words;
	r->tried = true;
	/* the game's ruleset, else the session's default (session.h) */
	const struct ruleset *rs = session_ruleset(v->s);
	if (!rs || !v->teach.datadir[0])
		return NULL;
	char dir[TEACHUI_DIR_MAX + 64];
	snprintf(dir, sizeof dir, "%s/rules/%s", v->teach.datadir, rs->name);
	struct ini_error err;
	memset(&err, 0, sizeof err);
	r->words = tui_sentences_load(v->s, dir, &err);
	return r->words;
}

void reading_result(struct tui_view *v, const char *line,
		    const struct cmd_result *r, char *out, size_t n)
{
	const struct evtext *t = words(v);
	if (t && tui_summary_result(v->s, t, r, out, n) > 0)
		return;
	if (r->status != CMD_OK) {
		const char *what = r->status == CMD_REFUSED ? "Refused"
							    : "Not understood";
		if (r->rule[0])
			snprintf(out, n, "%s (rule %s): %s", what, r->rule,
				 r->reason);
		else
			snprintf(out, n, "%s: %s", what, r->reason);
	} else {
		/* no event with a sentence (bookkeeping, say = - in
		 * sentences.ini): what was done; the events are in the log */
		snprintf(out, n, "done: %.150s", line);
	}
}

bool reading_result_from(struct tui_view *v, const struct cmd_result *r,
			 size_t from, char *out, size_t n)
{
	const struct evtext *t = words(v);
	if (n)
		out[0] = '\0';
	if (!t || r->status != CMD_OK || from >= r->out.n)
		return false;
	struct cmd_result rest;
	cmd_result_init(&rest);
	bool copied = true;
	for (size_t i = from; i < r->out.n && copied; i++)
		copied = event_log_push_from(&rest.out, &r->out, i) == 0;
	bool said = copied && tui_summary_result(v->s, t, &rest, out, n) > 0;
	cmd_result_free(&rest);
	return said;
}

bool reading_wants(const char *line)
{
	static const char *const words_[] = {"show", "help", "why", "rule",
					     "rules", NULL};
	size_t len = strcspn(line, " \t");
	for (int i = 0; words_[i]; i++)
		if (strlen(words_[i]) == len &&
		    strncmp(line, words_[i], len) == 0)
			return true;
	return false;
}

bool reading_up(const struct tui_view *v)
{
	return v->reading.cv.open;
}

/* text folded at spaces to the card's width, one card line a row. */
static void fold(struct card *c, const char *text)
{
	int w = c->width;
	while (*text) {
		size_t len = strcspn(text, "\n");
		const char *end = text + len;
		/* the part of this line that fits (counting code points) */
		const char *p = text, *cut = NULL;
		int cols = 0;
		while (p < end && cols < w) {
			if (*p == ' ')
				cut = p;
			p++;
			while (p < end && ((unsigned char)*p & 0xC0) == 0x80)
				p++;
			cols++;
		}
		if (p < end && cut && cut > text)
			p = cut;
		card_add(c, NULL, "%.*s", (int)(p - text), text);
		text = p;
		while (*text == ' ')
			text++;
		if (text == end && *text == '\n')
			text++;
	}
}

/* Event i of log in words: its sentence, else "kind: key value, ...". */
static void event_words(struct tui_view *v, const struct event_log *log,
			size_t i, char *out, size_t n)
{
	const struct evtext *t = words(v);
	if (t && tui_summary_event(v->s, t, log, i, out, n))
		return;
	struct event e;
	event_log_at(log, i, &e);
	size_t len = (size_t)snprintf(out, n, "%s:", e.kind);
	for (int f = 0; f < e.nfields && len < n; f++) {
		char val[EVENT_VAL_MAX * 2];
		tui_name_value(v->s, event_key(&e, f), event_val(&e, f), val, sizeof val);
		len += (size_t)snprintf(out + len, n - len, "%s %s %s",
					f ? "," : "", event_key(&e, f), val);
	}
}

/* A growing text of lines. */
static void add_line(char **text, size_t *len, const char *line)
{
	size_t add = strlen(line) + 1;
	char *t = realloc(*text, *len + add + 1);
	if (!t)
		return;
	memcpy(t + *len, line, add - 1);
	t[*len + add - 1] = '\n';
	*len += add;
	t[*len] = '\0';
	*text = t;
}

/* The pane's answer in words: each event, then the command's text. */
static char *answer(struct tui_view *v, const char *line,
		    const struct cmd_result *r)
{
	char *text = NULL;
	size_t len = 0;
	char buf[TUI_LOG_LINE * 4];
	for (size_t i = 0; i < r->out.n; i++) {
		event_words(v, &r->out, i, buf, sizeof buf);
		add_line(&text, &len, buf);
	}
	if (r->status != CMD_OK) {
		reading_result(v, line, r, buf, sizeof buf);
		add_line(&text, &len, buf);
	}
	if (r->text && r->text[0]) {
		if (len)
			add_line(&text, &len, "");
		add_line(&text, &len, r->text);
	}
	if (!len)
		add_line(&text, &len, "(nothing to show)");
	return text;
}

/* Places the pane over the map and the panel (wide) and folds its answer
 * to the width; false when the screen has no room for it. */
static bool place(struct tui_view *v)
{
	struct cardview *cv = &v->reading.cv;
	const struct tui_layout *l = &v->lay;
	if (l->too_small || !cardview_place(cv, l->map_y, 0, l->map_h, l->w))
		return false;
	int top = cv->top;
	card_init(&cv->card, getmaxx(cv->win) - 4);
	cv->card.no_rules = true;
	fold(&cv->card, v->reading.text ? v->reading.text : "");
	if (cv->card.truncated) /* the card's lines are counted */
		snprintf(cv->card.line[cv->card.n - 1],
			 sizeof cv->card.line[0],
			 "... the rest is in the log (e shows it)");
	cv->top = top;
	cardview_clamp(cv);
	cv->dirty = true;
	return true;
}

/* The pane opened from its top on text (malloc'd, the pane's now),
 * under a title saying what it answers. */
static bool open_on(struct tui_view *v, char *text, const char *what,
		    const char *line)
{
	struct tui_reading *rd = &v->reading;
	struct cardview *cv = &rd->cv;
	free(rd->text);
	rd->text = text;
	snprintf(cv->title, sizeof cv->title, "%s:%.120s", what, line);
	cv->index = 0;
	cv->count = 1;
	cv->keys = "q closes  j k a line  Space p a page  ? keys";
	cv->top = 0;
	cv->open = place(v);
	return cv->open;
}

void reading_open(struct tui_view *v, const char *line,
		  const struct cmd_result *r)
{
	open_on(v, answer(v, line, r), "", line);
}

void reading_keep_result(struct tui_view *v, const char *line,
			 const char *text)
{
	struct tui_reading *rd = &v->reading;
	free(rd->result);
	rd->result = text && text[0] ? strdup(text) : NULL;
	snprintf(rd->result_line, sizeof rd->result_line, "%s", line);
}

bool reading_open_result(struct tui_view *v)
{
	struct tui_reading *rd = &v->reading;
	char *text = rd->result ? strdup(rd->result) : NULL;
	return text && open_on(v, text, "the result of ", rd->result_line);
}

void reading_close(struct tui_view *v)
{
	struct cardview *cv = &v->reading.cv;
	if (!cv->open)
		return;
	cv->open = false;
	cardview_unplace(cv);
	tui_touch_all(v); /* what the pane covered */
}

bool reading_key(struct tui_view *v, int ch)
{
	struct cardview *cv = &v->reading.cv;
	if (!cv->open)
		return false;
	const struct tui_mode_binding *b =
		tui_mode_binding_for(&v->keys, KM_READING, ch);
	if (!b) { /* closes the pane and acts on the map */
		reading_close(v);
		return false;
	}
	enum tui_card_cmd c = (enum tui_card_cmd)b->cmd;
	if (c == CV_HELP)
		return false; /* the help, the pane staying open under it */
	if (c == CV_CLOSE || c == CV_NEXT || c == CV_PREV || c == CV_COUNT) {
		reading_close(v);
		return true;
	}
	if (cardview_scroll(cv, c))
		cv->dirty = true;
	return true;
}

void reading_draw(struct tui_view *v)
{
	struct cardview *cv = &v->reading.cv;
	const struct tui_layout *l = &v->lay;
	if (!cv->open || l->too_small)
		return;
	if (!cardview_placed_for(cv, l->map_y, 0, l->map_h, l->w) &&
	    !place(v))
		return;
	if (cv->dirty)
		cardview_draw(cv);
	if (cv->dirty || (v->dirty & (DIRTY_MAP | DIRTY_PANEL | DIRTY_LIST)) ||
	    v->nredraw_cells) {
		touchwin(cv->win);
		wnoutrefresh(cv->win);
	}
	cv->dirty = false;
}
