/* teachui.c — teach mode on the map view (teachui.h).  The narration
 * itself comes from the teach module (maniple/teach.h); this file queues
 * it after each command, shows it a page at a time and holds the game
 * until the player has read it. */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/ruleset.h"

#include "resume.h"
#include "seam.h"
#include "teachui.h"
#include "view.h"

/* ---- the queue ---- */

/* The lines to tell: the events' lines, then the decision's. */
static size_t total(const struct teachui *t)
{
	return t->queue.n + (t->decision_at != TEACHUI_NONE ? 1 : 0);
}

static const struct teach_line *line_at(const struct teachui *t, size_t i)
{
	if (i < t->queue.n)
		return &t->queue.v[i];
	if (t->decision_at != TEACHUI_NONE && i == t->queue.n)
		return &t->decision;
	return NULL;
}

/* ---- the pages: a step's lines told together ---- */

/* The box's width: the screen's, at most 80 columns (it lies over the
 * map and the panel while it is up); inside its border; and the rows a
 * page may fill: the map's height inside the box's border (before the
 * first layout, an 80x24 screen's: 22 rows of map). */
static int box_width(const struct tui_view *v)
{
	int w = v->lay.w > 0 ? v->lay.w : 80;
	return w < 80 ? w : 80;
}

static int inner_width(const struct tui_view *v)
{
	return box_width(v) - 4;
}

static int page_rows(const struct tui_view *v)
{
	int h = (v->lay.map_h > 0 ? v->lay.map_h : 22) - 2;
	return h < 4 ? 4 : h;
}

static int line_rows(const struct tui_view *v, const struct teach_line *l)
{
	int w = inner_width(v);
	int r = w >= 16 ? tui_log_rows(l->text, w) : 1;
	return r < 1 ? 1 : r;
}

/* The end of the group (teach_line.h) that line i is in, from i on,
 * and the rows it takes. */
static size_t group_end(const struct tui_view *v, size_t i, int *rows)
{
	const struct teachui *t = &v->teach;
	int group = t->queue.v[i].group;
	size_t end = i;
	*rows = 0;
	do
		*rows += line_rows(v, &t->queue.v[end++]);
	while (group && end < t->queue.n && t->queue.v[end].group == group);
	return end;
}

/* The first line after the page that begins at line i: the lines of
 * its group (teach_line.h), as many as fit the page, then each whole
 * group after it that still fits; a line of no group, and the
 * decision's, alone. */
static size_t page_end(const struct tui_view *v, size_t i)
{
	const struct teachui *t = &v->teach;
	if (i >= t->queue.n)
		return i + 1;
	if (!t->queue.v[i].group)
		return i + 1;
	int max = page_rows(v), group = t->queue.v[i].group;
	int rows = line_rows(v, &t->queue.v[i]);
	size_t end = i + 1;
	while (end < t->queue.n && t->queue.v[end].group == group) {
		int r = line_rows(v, &t->queue.v[end]);
		if (rows + r > max)
			return end; /* a group longer than a page */
		rows += r;
		end++;
	}
	/* the groups after it: whole while they fit; one longer than a
	 * page is split anyway, so it fills this page first */
	while (end < t->queue.n && t->queue.v[end].group) {
		int r;
		size_t next = group_end(v, end, &r);
		if (rows + r <= max) {
			rows += r;
			end = next;
			continue;
		}
		if (r <= max)
			break; /* whole on the next page */
		while (end < next) {
			int x = line_rows(v, &t->queue.v[end]);
			if (rows + x > max)
				break;
			rows += x;
			end++;
		}
		break;
	}
	return end;
}

/* The pages before line at, and from it to the end. */
static size_t pages_between(const struct tui_view *v, size_t from, size_t to)
{
	size_t n = 0;
	for (size_t i = from; i < to; n++) {
		i = page_end(v, i);
		if (i > to)
			i = to; /* at stands inside a page (a resize) */
	}
	return n;
}

/* Everything told: the queue is emptied and the map comes back. */
static void finish(struct tui_view *v)
{
	struct teachui *t = &v->teach;
	teach_list_clear(&t->queue);
	t->decision_at = TEACHUI_NONE;
	t->at = 0;
	tui_touch_all(v);
}

/* Which decision is pending: its words, rule, and where the game is (a
 * decision is told again only when it differs). */
static unsigned long long decision_identity(const struct session *s,
					    const struct teach_line *l)
{
	struct play_view pv;
	tui_play_view(s, &pv, false);
	int where[2] = {pv.turn, pv.side};
	unsigned long long h = 14695981039346656037ULL;
	h = prompt_fnv(h, l->text, strnlen(l->text, sizeof l->text));
	h = prompt_fnv(h, "|", 1);
	h = prompt_fnv(h, l->rule, strnlen(l->rule, sizeof l->rule));
	h = prompt_fnv(h, where, sizeof where);
	h = prompt_fnv(h, pv.phase, strlen(pv.phase) + 1);
	h = prompt_fnv(h, pv.step, strlen(pv.step) + 1);
	h = prompt_fnv(h, pv.active, strlen(pv.active) + 1);
	return h ? h : 1;
}

/* The pending decision's narration after the events' lines, when it is
 * not the one told last (always, when force). */
static void queue_decision(struct tui_view *v, bool force)
{
	struct teachui *t = &v->teach;
	if (!tui_has_game(v->s) || !t->texts)
		return;
	struct teach_line l;
	memset(&l, 0, sizeof l);
	if (!tui_teach_decision(v->s, t->texts, &l)) {
		t->decision_id = 0;
		return;
	}
	l.text[sizeof l.text - 1] = '\0';
	l.rule[sizeof l.rule - 1] = '\0';
	unsigned long long id = decision_identity(v->s, &l);
	if (!force && id == t->decision_id)
		return;
	t->decision_id = id;
	t->decision = l;
	t->decision_at = t->queue.n;
}

/* A decision line not yet read goes: newer lines come before the
 * decision pending now. */
static void drop_decision(struct teachui *t)
{
	if (t->decision_at == TEACHUI_NONE)
		return;
	if (t->at > t->queue.n)
		t->at = t->queue.n;
	t->decision_at = TEACHUI_NONE;
	t->decision_id = 0; /* never read: it may be told again */
}

/* ---- switching it ---- */

void teachui_start(struct tui_view *v, bool on, const char *datadir)
{
	struct teachui *t = &v->teach;
	teach_list_init(&t->queue);
	t->decision_at = TEACHUI_NONE;
	snprintf(t->datadir, sizeof t->datadir, "%s", datadir ? datadir : "");
	if (on)
		teachui_set(v, true);
}

void teachui_free(struct tui_view *v)
{
	struct teachui *t = &v->teach;
	teach_list_free(&t->queue);
	tui_teach_free(v->s, t->texts);
	t->texts = NULL;
	t->on = false;
	t->decision_at = TEACHUI_NONE;
	t->at = 0;
}

/* The ruleset's texts: DATADIR/rules/RULESET/teach.ini. */
static bool load_texts(struct tui_view *v)
{
	struct teachui *t = &v->teach;
	if (t->texts)
		return true;
	if (!t->datadir[0]) {
		tui_say(v, "teach mode: no data directory to read teach.ini "
			   "from");
		return false;
	}
	/* the game's ruleset, else the session's default (session.h) */
	const struct ruleset *rs = session_ruleset(v->s);
	if (!rs) {
		tui_say(v, "teach mode stays off: no ruleset to teach");
		return false;
	}
	const char *ruleset = rs->name;
	char dir[TEACHUI_DIR_MAX + 64];
	snprintf(dir, sizeof dir, "%s/rules/%s", t->datadir, ruleset);
	struct ini_error err;
	memset(&err, 0, sizeof err);
	t->texts = tui_teach_load(v->s, dir, &err);
	if (!t->texts) {
		char buf[INI_ERR_MAX + 300];
		ini_error_format(&err, buf, sizeof buf);
		tui_say(v, "teach mode stays off: %.200s", buf);
		return false;
	}
	return true;
}

const struct teach_texts *teachui_texts(struct tui_view *v)
{
	return load_texts(v) ? v->teach.texts : NULL;
}

/* 2.0: a game nobody has played yet is told from its beginning: the
 * event the `new` command gives (main.c starts the game without it). */
static void tell_opening(struct tui_view *v)
{
	struct teachui *t = &v->teach;
	const struct session *s = v->s;
	const char *battle = tui_battle_id(s);
	if (!battle || s->journal.n != 0)
		return;
	struct play_view pv;
	tui_play_view(s, &pv, false);
	struct event e;
	event_init(&e, "new");
	event_add(&e, "battle", "%s", battle);
	event_add(&e, "kind", "%s", game_kind_name((enum game_kind)pv.kind));
	event_add(&e, "seed", "%llu", (unsigned long long)s->journal.h.seed);
	struct event_log log;
	event_log_init(&log);
	if (event_log_push(&log, &e) == 0)
		tui_teach_events(s, t->texts, &log, 0, &t->queue);
	event_log_free(&log);
}

bool teachui_set(struct tui_view *v, bool on)
{
	struct teachui *t = &v->teach;
	if (!on) {
		bool was = t->on;
		t->on = false;
		t->decision_id = 0;
		finish(v);
		tui_say(v, "%s", was ? "teach mode off" : "teach mode is off");
		return false;
	}
	if (v->replay) {
		tui_say(v, "teach mode: not in a replay (it tells the steps "
			   "of a game being played)");
		return t->on;
	}
	if (t->on) {
		tui_say(v, "teach mode is on already (:teach off ends it)");
		return true;
	}
	if (!load_texts(v))
		return false;
	t->on = true;
	finish(v);
	tell_opening(v);
	queue_decision(v, true); /* where the game stands now */
	const char *k = tui_cmd_key(&v->keys, TC_TEACH);
	tui_say(v, "teach mode on: the game waits for each step told (%s%s"
		   ":teach off ends it)",
		k ? k : "", k ? " or " : "");
	return true;
}

bool teachui_command(struct tui_view *v, const char *line)
{
	char w[3][16];
	int n = sscanf(line, "%15s %15s %15s", w[0], w[1], w[2]);
	if (n < 1 || strcmp(w[0], "teach"))
		return false;
	if (n == 1) {
		tui_say(v, "teach mode is %s (:teach on, :teach off)",
			v->teach.on ? "on" : "off");
	} else if (n == 2 && !strcmp(w[1], "on")) {
		teachui_set(v, true);
	} else if (n == 2 && !strcmp(w[1], "off")) {
		teachui_set(v, false);
	} else {
		tui_say(v, "teach: on or off (:teach on, :teach off)");
	}
	return true;
}

void teachui_after_command(struct tui_view *v, const struct cmd_result *r,
			   bool looks)
{
	struct teachui *t = &v->teach;
	if (!t->on || !t->texts || !r || looks || r->status != CMD_OK ||
	    v->replay || !tui_has_game(v->s))
		return;
	drop_decision(t);
	/* a new game: what was left of the old one's narration goes */
	if (r->out.n > 0 && !strcmp(event_log_kind(&r->out, 0), "new")) {
		teach_list_clear(&t->queue);
		t->at = 0;
	}
	tui_teach_events(v->s, t->texts, &r->out, 0, &t->queue);
	queue_decision(v, false);
	if (t->at >= total(t))
		finish(v); /* nothing to tell */
	else
		prompt_touch_map(v);
}

/* ---- the box ---- */

bool teachui_up(const struct tui_view *v)
{
	const struct teachui *t = &v->teach;
	/* the screens about who plays, and the offer to resume, first */
	return t->on && t->at < total(t) && !v->replay &&
	       !v->prompt.ask_kind && !v->prompt.handover &&
	       !resume_asking(v);
}

const struct teach_line *teachui_current(const struct tui_view *v,
					 size_t *k, size_t *n)
{
	const struct teachui *t = &v->teach;
	if (!teachui_up(v))
		return NULL;
	size_t before = pages_between(v, 0, t->at);
	if (k)
		*k = before + 1;
	if (n)
		*n = before + pages_between(v, t->at, total(t));
	return line_at(t, t->at);
}

size_t teachui_page_lines(const struct tui_view *v)
{
	const struct teachui *t = &v->teach;
	if (!teachui_up(v))
		return 0;
	size_t end = page_end(v, t->at);
	return (end < total(t) ? end : total(t)) - t->at;
}

bool teachui_at_decision(const struct tui_view *v)
{
	const struct teachui *t = &v->teach;
	return teachui_up(v) && t->decision_at != TEACHUI_NONE &&
	       t->at == t->queue.n;
}

static void keys_hint(const struct tui_view *v, char *buf, size_t n)
{
	const char *next = tui_mode_cmd_key(&v->keys, KM_TEACH, TE_NEXT);
	const char *skip = tui_mode_cmd_key(&v->keys, KM_TEACH, TE_SKIP);
	const char *quit = tui_mode_cmd_key(&v->keys, KM_TEACH, TE_QUIT);
	const char *terms = tui_mode_cmd_key(&v->keys, KM_TEACH, TE_TERMS);
	snprintf(buf, n, "%s next  %s skip  %s terms  %s quit",
		 next ? next : "Space", skip ? skip : "Esc",
		 terms ? terms : "g", quit ? quit : "q");
}

/* The glossary key: the terms the page up now uses, explained in the
 * reading pane by `rule TERM, TERM...` (a looking command: the game and
 * the box wait); a line without one opens the `:` line on `rule ` for
 * the player to name one. */
static void explain_terms(struct tui_view *v)
{
	struct teachui *t = &v->teach;
	/* the page's lines, one text */
	size_t nl = teachui_page_lines(v);
	char *text = calloc(nl ? nl : 1, TEACH_TEXT_MAX + 1);
	for (size_t i = 0; text && i < nl; i++) {
		strcat(text, line_at(t, t->at + i)->text);
		strcat(text, "\n");
	}
	char names[TEACH_TERMS_MAX][TEACH_TERM_MAX];
	int n = text ? tui_teach_terms(v->s, t->texts, text, names,
				       TEACH_TERMS_MAX)
		     : 0;
	free(text);
	if (n == 0) {
		cmdline_open_with(&v->cl, "rule ");
		v->completions[0] = '\0';
		tui_say(v, "no term of the glossary in this line: name one "
			   "(rule alone lists them)");
		return;
	}
	char line[TEACH_TERMS_MAX * (TEACH_TERM_MAX + 2) + 8] = "rule";
	for (int i = 0; i < n; i++) {
		size_t len = strlen(line);
		snprintf(line + len, sizeof line - len, "%s %s", i ? "," : "",
			 names[i]);
	}
	tui_exec(v, line);
}

bool teachui_key(struct tui_view *v, int ch)
{
	struct teachui *t = &v->teach;
	if (!teachui_up(v))
		return false;
	const struct tui_mode_binding *b =
		tui_mode_binding_for(&v->keys, KM_TEACH, ch);
	const struct tui_binding *mb = tui_binding_for(&v->keys, ch);
	if (!b) {
		if (mb && mb->cmd == TC_QUIT) {
			v->quit = true; /* the game file holds every command */
		} else if (mb && mb->cmd == TC_TEACH) {
			teachui_set(v, false); /* enough: teach mode ends */
		} else {
			char keys[96];
			keys_hint(v, keys, sizeof keys);
			tui_say(v, "the game waits for the narration: %s", keys);
		}
		return true;
	}
	switch ((enum tui_teach_cmd)b->cmd) {
	case TE_NEXT:
		t->at = page_end(v, t->at); /* the next page */
		if (t->at >= total(t))
			finish(v);
		else
			prompt_touch_map(v);
		break;
	case TE_SKIP:
		/* the events' lines left; the decision's line is its own */
		if (t->decision_at != TEACHUI_NONE && t->at < t->queue.n) {
			t->at = t->queue.n;
			prompt_touch_map(v);
		} else {
			finish(v);
		}
		break;
	case TE_TERMS:
		explain_terms(v);
		return true;
	case TE_HELP:
		v->mode = MODE_HELP;
		v->help_top = 0;
		break;
	case TE_QUIT:
		v->quit = true;
		break;
	case TE_COUNT:
		break;
	}
	if (teachui_up(v) && v->mode != MODE_HELP) {
		char keys[96];
		keys_hint(v, keys,
			  sizeof keys); /* the key line: the box's keys */
		tui_say(v, "teach: %s", keys);
	}
	return true;
}

/* Adds each rule of list ("8.46,10.13") to rules when it is not there. */
static void add_rules(char *rules, size_t n, const char *list)
{
	char buf[TEACH_RULE_MAX];
	snprintf(buf, sizeof buf, "%s", list);
	char *save = NULL;
	for (char *r = strtok_r(buf, ",", &save); r;
	     r = strtok_r(NULL, ",", &save)) {
		bool have = false;
		size_t len = strlen(r);
		for (const char *p = rules; (p = strstr(p, r)) && !have;
		     p += len)
			have = (p == rules || p[-1] == ',') &&
			       (p[len] == ',' || p[len] == '\0');
		size_t at = strlen(rules);
		if (!have && at + len + 2 < n)
			snprintf(rules + at, n - at, "%s%s", at ? "," : "", r);
	}
}

bool teachui_draw(struct tui_view *v)
{
	struct teachui *t = &v->teach;
	size_t k, n;
	const struct teach_line *l = teachui_current(v, &k, &n);
	t->drawn = false;
	if (!l || !v->wmap || v->lay.too_small || v->mode == MODE_HELP)
		return false;
	const struct tui_layout *lay = &v->lay;
	int wd = box_width(v);
	int inner = inner_width(v);
	if (inner < 16)
		return false;
	/* the page: its lines, each from a row of its own */
	size_t nl = teachui_page_lines(v);
	int rows = 0;
	char rules[TEACH_RULE_MAX * 4] = "";
	for (size_t i = 0; i < nl; i++) {
		const struct teach_line *x = line_at(t, t->at + i);
		rows += line_rows(v, x);
		add_rules(rules, sizeof rules, x->rule);
	}
	int h = rows + 2;
	if (h > lay->map_h)
		h = lay->map_h;
	if (h < 3)
		return false;
	WINDOW *w = newwin(h, wd, lay->map_y + lay->map_h - h, lay->map_x);
	if (!w)
		return false;
	werase(w);
	wborder(w, '|', '|', '-', '-', '+', '+', '+', '+');
	char title[TEACH_RULE_MAX * 4 + 64];
	bool decision = teachui_at_decision(v);
	snprintf(title, sizeof title, " Teach%s%s%s - %s%zu of %zu ",
		 rules[0] ? " (rule " : "", rules, rules[0] ? ")" : "",
		 decision ? "now: step " : "step ", k, n);
	wattrset(w, A_BOLD);
	mvwaddnstr(w, 0, 2, title, wd - 4);
	wattrset(w, A_NORMAL);
	int row = 1;
	for (size_t i = 0; i < nl && row < h - 1; i++) {
		const struct teach_line *x = line_at(t, t->at + i);
		for (int r = 0; r < line_rows(v, x) && row < h - 1; r++) {
			int st, len;
			if (tui_log_row(x->text, inner, r, &st, &len))
				mvwaddnstr(w, row, 2, x->text + st, len);
			row++;
		}
	}
	char keys[96], foot[112];
	keys_hint(v, keys, sizeof keys);
	snprintf(foot, sizeof foot, " %s ", keys);
	int fl = (int)strlen(foot);
	wattrset(w, A_DIM);
	mvwaddnstr(w, h - 1, wd - 2 - fl > 2 ? wd - 2 - fl : 2, foot, wd - 4);
	wattrset(w, A_NORMAL);
	wnoutrefresh(w);
	delwin(w);
	t->drawn = true;
	return true;
}
