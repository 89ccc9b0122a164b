/* tutorial.c — the lesson box of `maniple --tutorial` (tutorial.h). */
#include <curses.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "maniple/gamefile.h"
#include "maniple/hex.h"
#include "maniple/session.h"

#include "seam.h"
#include "tutorial.h"
#include "view.h"

/* ---- how to give a command with the keys in use ---- */

/* The first key of mode m whose help holds what ("(move", "(halt"). */
static const char *mode_key_for(const struct tui_keymap *km, enum tui_keymode m,
				const char *what)
{
	size_t n;
	const struct tui_mode_binding *b = tui_mode_bindings(km, m, &n);
	for (size_t i = 0; b && i < n; i++)
		if (b[i].help && strstr(b[i].help, what))
			return b[i].key_name;
	return NULL;
}

/* The hex of a unit or leader on the map named id, or HEX_NONE (the
 * game as it is now: the view's map view-model may be a command behind). */
static struct hex piece_hex(const struct tui_view *v, const char *id)
{
	struct map_view *mv = v ? tui_map_view(v->s) : NULL;
	struct hex h = HEX_NONE;
	for (int i = 0; mv && i < mv->npieces; i++)
		if (!strcasecmp(mv->pieces[i].id, id)) {
			h = mv->pieces[i].hex[0];
			break;
		}
	mapview_free(mv);
	return h;
}

/* "g2415 (the cursor to ha1)" into buf, or "the cursor on ha1". */
static void cursor_to(const struct tui_view *v, const char *id, struct hex h,
		      char *buf, size_t n)
{
	const char *g = tui_cmd_key(v ? &v->keys : NULL, TC_GOTO);
	char num[8] = "";
	if (!hex_is_none(h))
		hex_format(h, num, sizeof num);
	(void)v;
	if (g && num[0])
		snprintf(buf, n, "%s%s puts the cursor on %s", g, num, id);
	else
		snprintf(buf, n, "put the cursor on %s", id);
}

static size_t add(char *buf, size_t n, size_t len, const char *fmt,
		  const char *a, const char *b, const char *c)
{
	if (len >= n)
		return len;
	int w = snprintf(buf + len, n - len, fmt, a ? a : "?", b ? b : "?",
			 c ? c : "?");
	return w < 0 ? len : len + (size_t)w;
}

void tutorial_how(const struct tui_view *v, const char *expect, char *buf,
		  size_t n)
{
	const struct tui_keymap *km = v ? &v->keys : NULL;
	char want[LESSON_CMD_MAX];
	snprintf(want, sizeof want, "%s", expect ? expect : "");
	want[strcspn(want, "|")] = '\0';
	struct cmd_tokens t;
	char err[64];
	buf[0] = '\0';
	if (!n || cmd_tokenize(want, &t, err, sizeof err) != 0 || !t.argc)
		return;
	const char *w0 = t.argv[0], *w1 = t.argc > 1 ? t.argv[1] : "";
	char where[96], where2[96];
	size_t len = 0;
	int keyed = -1; /* the prompt box's answer it is */
	for (int i = 0; v && v->prompt.shown && i < v->prompt.nkeys; i++)
		if (lesson_matches(want, v->prompt.ask.ans[i].line)) {
			keyed = i;
			break;
		}
	if (keyed >= 0) {
		size_t nb;
		const struct tui_mode_binding *b =
			tui_mode_bindings(km, KM_PROMPT, &nb);
		const char *key = NULL;
		for (size_t i = 0, k = 0; i < nb && !key; i++)
			if (b[i].cmd == PR_ANSWER && (int)k++ == keyed)
				key = b[i].key_name;
		len = add(buf, n, len, "%s in the prompt box gives %s", key,
			  want, NULL);
	} else if (!strcmp(w0, "line")) {
		len = add(buf, n, len,
			  "%s lists the Line Commands, Enter gives the one "
			  "selected (%s)",
			  tui_cmd_key(km, TC_LINE_COMMAND), want, NULL);
	} else if (!strcmp(w0, "pick") && t.argc == 2) {
		cursor_to(v, w1, piece_hex(v, w1), where, sizeof where);
		len = add(buf, n, len, "%s, then %s picks it", where,
			  mode_key_for(km, KM_LINECMD, "(pick"), NULL);
	} else if (!strcmp(w0, "order") && t.argc == 2) {
		cursor_to(v, w1, piece_hex(v, w1), where, sizeof where);
		len = add(buf, n, len, "%s, then %s gives it an order", where,
			  tui_cmd_key(km, TC_ORDER), NULL);
	} else if (!strcmp(w0, "move") && t.argc == 2) {
		struct hex h;
		const char *go = tui_cmd_key(km, TC_GOTO);
		if (hex_parse(w1, &h) && go)
			len = add(buf, n, len, "%s%s, then %s steps into it",
				  go, w1, mode_key_for(km, KM_ORDER, "(move"));
	} else if (!strcmp(w0, "fire") && t.argc == 2) {
		len = add(buf, n, len,
			  "%s opens fire targeting, %s fires at the target "
			  "under the cursor (%s)",
			  mode_key_for(km, KM_ORDER, "fire targeting"),
			  mode_key_for(km, KM_ORDER, "(fire HEX)"), w1);
	} else if (!strcmp(w0, "halt")) {
		len = add(buf, n, len, "%s ends the move",
			  mode_key_for(km, KM_ORDER, "(halt"), NULL, NULL);
	} else if (!strcmp(w0, "orders") && !strcmp(w1, "done")) {
		len = add(buf, n, len, "%s ends the leader's orders",
			  tui_cmd_key(km, TC_ORDERS_DONE), NULL, NULL);
	} else if (!strcmp(w0, "designate") && !strcmp(w1, "done")) {
		len = add(buf, n, len, "%s ends the designation",
			  tui_mode_cmd_key(km, KM_SHOCK, SU_DONE), NULL, NULL);
	} else if (!strcmp(w0, "designate") && t.argc == 3) {
		const char *k = tui_mode_cmd_key(km, KM_SHOCK, SU_GATHER);
		cursor_to(v, w1, piece_hex(v, w1), where, sizeof where);
		cursor_to(v, t.argv[2], piece_hex(v, t.argv[2]), where2,
			  sizeof where2);
		len = add(buf, n, len, "%s and %s, ", where, k, NULL);
		len = add(buf, n, len, "then %s and %s", where2, k, NULL);
	}
	if (!len) {
		len = add(buf, n, len,
			  "%s lists the legal actions: select %s, Enter does "
			  "it",
			  tui_cmd_key(km, TC_LEGAL), want, NULL);
	}
	add(buf, n, len, "; or type %s%s", tui_cmd_key(km, TC_COMMAND), want,
	    NULL);
}

/* ---- on the view ---- */

static void view_run(void *ctx, const char *line, struct cmd_result *r)
{
	struct tui_view *v = ctx;
	tui_exec(v, line);
	/* tui_exec keeps its result: a refusal shows on the status line */
	if (!strncmp(v->message, "refused", 7) ||
	    !strncmp(v->message, "malformed", 9))
		cmd_refuse(r, NULL, "%s", v->message);
}

void tutorial_title(const struct tui_view *v, char *buf, size_t n)
{
	const struct tui_tutorial *t = &v->tut;
	const struct lesson *l = t->run.lesson;
	const struct lesson_step *st = lesson_current(&t->run);
	if (!l)
		snprintf(buf, n, "No lesson");
	else if (t->run.stopped)
		snprintf(buf, n, "Lesson stopped");
	else if (!st)
		snprintf(buf, n, "Lesson over: %s", l->title);
	else
		snprintf(buf, n, "Step %d of %d (%s)", t->run.step + 1,
			 l->nsteps, st->rule);
}

/* The progress of the lesson played, written at once (lessons.h); a
 * file that cannot be written is said, and play goes on. */
static void keep_progress(struct tui_view *v)
{
	struct tui_tutorial *t = &v->tut;
	if (!t->set || t->current < 0 || t->run.stopped)
		return;
	const struct lesson *l = t->set->l[t->current];
	lesson_progress_mark(&t->set->progress, l->name, t->run.step,
			     t->run.over && t->run.step >= l->nsteps);
	char err[LESSONS_PATH_MAX + 128];
	if (t->set->progress_path[0] &&
	    lesson_progress_save(t->set->progress_path, &t->set->progress,
				 err, sizeof err) != 0)
		tui_say(v, "progress not kept: %s", err);
}

/* The lesson l begins on the view's game (a new game of its battle). */
static void begin(struct tui_view *v, int k)
{
	struct tui_tutorial *t = &v->tut;
	t->current = k;
	t->menu = false;
	t->how = false;
	lesson_begin(&t->run, t->set->l[k], v->s, view_run, v);
	/* the outcomes are told from each command's events (teach.h) */
	t->run.texts = teachui_texts(v);
	keep_progress(v);
	v->dirty |= DIRTY_ALL;
}

void tutorial_start(struct tui_view *v, struct lesson_set *set)
{
	struct tui_tutorial *t = &v->tut;
	memset(t, 0, sizeof *t);
	t->current = -1;
	if (!set || set->n <= 0 || v->replay)
		return;
	t->set = set;
	if (set->dormant)
		return; /* the player's game: :lessons opens the menu */
	t->on = true;
	if (set->first >= 0 && set->first < set->n) {
		begin(v, set->first);
	} else {
		t->menu = true;
		t->sel = lesson_set_next(set);
	}
	if (set->progress_note[0])
		tui_say(v, "%s", set->progress_note);
	v->dirty |= DIRTY_ALL;
}

bool tutorial_play(struct tui_view *v, int k)
{
	struct tui_tutorial *t = &v->tut;
	if (!t->set || k < 0 || k >= t->set->n)
		return false;
	const struct lesson *l = t->set->l[k];
	struct session *s = v->s;
	char err[INI_ERR_MAX + 300], path[LESSONS_PATH_MAX + 80];
	snprintf(path, sizeof path, "%s/%s.game", t->set->dir, l->battle);
	/* the last lesson's game file is let go as it is; the lesson's
	 * game is written afresh, never offered for resuming */
	if (lesson_set_dir(t->set, err, sizeof err) != 0) {
		tui_say(v, "lesson %s cannot start: %s", l->name, err);
		return false;
	}
	gamefile_close(&s->file);
	if (session_new(s, l->battle, l->kind, l->seed, err, sizeof err) !=
		    0 ||
	    session_save(s, path, true, true, err, sizeof err) != 0) {
		tui_game_moved(v);
		tui_say(v, "lesson %s cannot start: %s", l->name, err);
		return false;
	}
	tui_game_moved(v);
	begin(v, k);
	return true;
}

bool tutorial_command(struct tui_view *v, const char *line)
{
	char w[2][16];
	int n = sscanf(line, "%15s %15s", w[0], w[1]);
	if (n < 1 || strcmp(w[0], "lessons"))
		return false;
	struct tui_tutorial *t = &v->tut;
	if (!t->set) {
		tui_say(v, "lessons: no lessons here (%s)",
			v->replay ? "a replay is read only"
				  : "scenarios/tutorial/lessons.ini could "
				    "not be read");
		return true;
	}
	if (t->set->progress_note[0] && !t->on)
		tui_say(v, "%s", t->set->progress_note);
	t->on = true;
	t->menu = true;
	t->sel = t->current >= 0 ? t->current : lesson_set_next(t->set);
	v->dirty |= DIRTY_ALL;
	return true;
}

void tutorial_after_command(struct tui_view *v, const char *line,
			    const struct cmd_result *r)
{
	struct tui_tutorial *t = &v->tut;
	if (!t->on || t->run.busy)
		return;
	int undone = t->run.undone, step = t->run.step;
	enum lesson_verdict verdict =
		lesson_after_command(&t->run, v->s, line, r, view_run, v);
	if (verdict == LV_IGNORED)
		return;
	if (verdict == LV_RIGHT || verdict == LV_OVER || verdict == LV_REWOUND)
		keep_progress(v);
	t->how = verdict == LV_WRONG; /* show how, after a mistake */
	/* the lesson's own commands ran inside this one: the cells the
	 * player's command changed are no longer known, draw it all */
	if (t->run.undone != undone || t->run.step != step ||
	    verdict == LV_REWOUND)
		v->dirty |= DIRTY_ALL;
	prompt_touch_map(v);
}

/* The lesson box's command of key ch (keys.h: KM_LESSON), or -1. */
static int lesson_cmd(const struct tui_view *v, int ch)
{
	const struct tui_mode_binding *b =
		tui_mode_binding_for(&v->keys, KM_LESSON, ch);
	return b ? b->cmd : -1;
}

/* The lesson menu's keys: every key is its own while it is open. */
static bool menu_key(struct tui_view *v, int ch)
{
	struct tui_tutorial *t = &v->tut;
	int n = t->set->n;
	if (ch == KEY_UP || ch == 'k') {
		t->sel = (t->sel + n - 1) % n;
	} else if (ch == KEY_DOWN || ch == 'j') {
		t->sel = (t->sel + 1) % n;
	} else if (ch >= '1' && ch <= '9' && ch - '1' < n) {
		t->sel = ch - '1';
		tutorial_play(v, t->sel);
	} else if (ch == '\n' || ch == '\r' || ch == KEY_ENTER) {
		tutorial_play(v, t->sel);
	} else if (ch == 27 || lesson_cmd(v, ch) == LE_MENU) {
		if (t->current >= 0) {
			t->menu = false;
		} else if (t->set->dormant) {
			t->menu = t->on = false; /* back to the player's game */
		} else {
			tui_say(v, "choose a lesson (Enter), or q to quit");
		}
	} else if (ch == 'q') {
		v->quit = true;
	} else if (ch != KEY_RESIZE) {
		tui_say(v, "lessons: Up/Down and Enter or 1-%d start one, "
			   "Esc closes, q quits",
			n < 9 ? n : 9);
	}
	tui_touch_all(v);
	v->dirty |= DIRTY_ALL;
	return true;
}

bool tutorial_key(struct tui_view *v, int ch)
{
	struct tui_tutorial *t = &v->tut;
	if (!t->on || v->cl.open || v->list_open)
		return false;
	if (t->menu && t->set)
		return menu_key(v, ch);
	int cmd = lesson_cmd(v, ch);
	if (cmd == LE_MENU && t->set) {
		t->menu = true;
		t->sel = t->current >= 0 ? t->current : lesson_set_next(t->set);
		tui_touch_all(v);
		v->dirty |= DIRTY_ALL;
		return true;
	}
	if (cmd != LE_HOW)
		return false;
	if (!lesson_current(&t->run))
		t->on = false; /* the lesson is over: the box goes */
	else
		t->how = !t->how;
	if (v->wmap)
		touchwin(v->wmap);
	v->dirty |= DIRTY_MAP;
	return true;
}

/* Folds text into lines of at most w columns (at blanks where it can);
 * returns the count, at most max. */
static int fold(const char *text, int w, char lines[][256], int max)
{
	int k = 0;
	if (w < 8)
		w = 8;
	if (w > 255)
		w = 255;
	while (*text && k < max) {
		while (*text == ' ')
			text++;
		int len = (int)strlen(text);
		int take = len;
		if (len > w) {
			take = w;
			while (take > 0 && text[take] != ' ')
				take--;
			if (take == 0)
				take = w;
		}
		snprintf(lines[k++], 256, "%.*s", take, text);
		text += take;
	}
	return k;
}

#define BOX_LINES 16

/* The lesson menu, in the middle of the map: a line per lesson with its
 * progress, the one selected in reverse. */
static void draw_menu(struct tui_view *v)
{
	struct tui_tutorial *t = &v->tut;
	const struct tui_layout *l = &v->lay;
	const struct lesson_set *set = t->set;
	int wd = l->map_w < 76 ? l->map_w : 76;
	if (wd < 30 || l->map_h < 6)
		return;
	char lines[LESSONS_MAX + 8][256];
	int nl = 0, first_lesson;
	if (set->progress_note[0])
		nl += fold(set->progress_note, wd - 4, lines + nl, 3);
	first_lesson = nl;
	for (int k = 0; k < set->n; k++)
		lesson_set_line(set, k, lines[nl++], sizeof lines[0]);
	snprintf(lines[nl++], sizeof lines[0], "%s", "");
	snprintf(lines[nl++], sizeof lines[0],
		 "Up/Down, Enter or 1-%d: start; %s", set->n < 9 ? set->n : 9,
		 t->current >= 0	 ? "Esc: back to the lesson"
		 : t->set->dormant ? "Esc: back to the game"
				   : "q: quit");
	int h = nl + 2;
	if (h > l->map_h)
		h = l->map_h;
	int y = l->map_y + (l->map_h - h) / 2;
	int x = l->map_x + (l->map_w - wd) / 2;
	WINDOW *w = newwin(h, wd, y, x);
	if (!w)
		return;
	werase(w);
	wborder(w, '|', '|', '-', '-', '+', '+', '+', '+');
	wattrset(w, A_BOLD | A_REVERSE);
	mvwaddnstr(w, 0, 2, " Lessons (maniple --tutorial) ", wd - 4);
	for (int i = 0; i < nl && i + 1 < h - 1; i++) {
		attr_t a = A_NORMAL;
		if (i < first_lesson)
			a = A_BOLD;
		else if (i - first_lesson == t->sel && i - first_lesson < set->n)
			a = A_REVERSE;
		wattrset(w, a);
		mvwaddnstr(w, 1 + i, 2, lines[i], wd - 4);
	}
	wattrset(w, A_NORMAL);
	wnoutrefresh(w);
	delwin(w);
}

void tutorial_draw(struct tui_view *v)
{
	struct tui_tutorial *t = &v->tut;
	if (!t->on || !v->wmap || v->lay.too_small || v->mode != MODE_MAP ||
	    v->shockui.cv.open)
		return;
	if (t->menu && t->set) {
		draw_menu(v);
		return;
	}
	const struct lesson_step *st = lesson_current(&t->run);
	const struct tui_layout *l = &v->lay;
	int wd = l->map_w;
	int tw = wd - 4;
	char lines[BOX_LINES][256];
	attr_t attrs[BOX_LINES];
	int nl = 0;
	int nnote = 0;
	if (t->run.note[0]) {
		nnote = fold(t->run.note, tw, lines + nl, BOX_LINES - nl);
		for (int i = 0; i < nnote; i++)
			attrs[nl + i] = A_BOLD;
		nl += nnote;
	}
	if (st) {
		int k = fold(st->say, tw, lines + nl, BOX_LINES - nl);
		for (int i = 0; i < k; i++)
			attrs[nl + i] = A_NORMAL;
		nl += k;
		if (t->how && nl < BOX_LINES) {
			char how[512], text[560];
			tutorial_how(v, st->expect, how, sizeof how);
			snprintf(text, sizeof text, "How: %s", how);
			k = fold(text, tw, lines + nl, BOX_LINES - nl);
			for (int i = 0; i < k; i++)
				attrs[nl + i] = A_NORMAL;
			nl += k;
		}
	}
	/* short of room beside a prompt box: the step's own text first,
	 * the note about the last step goes */
	int room = v->prompt.shown ? l->map_h / 3 : l->map_h / 2;
	if (nl + 2 > room && nnote > 0 && st) {
		memmove(lines, lines + nnote,
			sizeof lines[0] * (size_t)(nl - nnote));
		memmove(attrs, attrs + nnote,
			sizeof attrs[0] * (size_t)(nl - nnote));
		nl -= nnote;
	}
	int h = nl + 2;
	if (h > l->map_h / 2 + 2)
		h = l->map_h / 2 + 2;
	if (h < 3 || wd < 30)
		return;
	/* the top of the map; the bottom when the legal list is open (it
	 * stands at the top), or when the cursor's hex is under the box and
	 * no prompt box holds the bottom */
	int y = l->map_y, cx, cy;
	viewport_cell(&v->vp, v->cursor, &cx, &cy);
	if (v->list_open || (cy < h && !v->prompt.shown))
		y = l->map_y + l->map_h - h;
	if (t->drawn && (t->y != y || t->h != h)) {
		/* the box moved: what it covered shows again, under the
		 * other boxes as they were */
		touchwin(v->wmap);
		wnoutrefresh(v->wmap);
		if (v->wlist) {
			touchwin(v->wlist);
			wnoutrefresh(v->wlist);
		}
		prompt_draw(v);
	}
	WINDOW *w = newwin(h, wd, y, l->map_x);
	if (!w)
		return;
	werase(w);
	wborder(w, '|', '|', '-', '-', '+', '+', '+', '+');
	char title[160];
	tutorial_title(v, title, sizeof title);
	char head[200];
	snprintf(head, sizeof head, " %s ", title);
	wattrset(w, A_BOLD | A_REVERSE);
	mvwaddnstr(w, 0, 2, head, wd - 4);
	wattrset(w, A_NORMAL);
	for (int i = 0; i < nl && i + 1 < h - 1; i++) {
		attr_t a = attrs[i];
		if (t->run.note_wrong && a == A_BOLD && v->pal.ncolours)
			a |= (attr_t)COLOR_PAIR(v->pal.bad);
		wattrset(w, a);
		mvwaddnstr(w, 1 + i, 2, lines[i], tw);
	}
	{
		/* the keys in use (a settings file may change them) */
		const char *hk = tui_mode_cmd_key(&v->keys, KM_LESSON, LE_HOW);
		const char *ok = tui_mode_cmd_key(&v->keys, KM_LESSON, LE_MENU);
		char foot[96] = " ";
		size_t fl = 1;
		if (hk)
			fl += (size_t)snprintf(foot + fl, sizeof foot - fl,
					       "%s: %s", hk,
					       !st	? "close"
					       : t->how ? "hide how"
							: "how, with the keys");
		if (ok && t->set && fl < sizeof foot)
			fl += (size_t)snprintf(foot + fl, sizeof foot - fl,
					       "%s%s: lessons", hk ? ", " : "",
					       ok);
		if (fl < sizeof foot)
			snprintf(foot + fl, sizeof foot - fl, " ");
		wattrset(w, A_DIM);
		int fx = wd - 2 - (int)strlen(foot);
		mvwaddnstr(w, h - 1, fx > 2 ? fx : 2, foot, wd - 4);
	}
	wattrset(w, A_NORMAL);
	wnoutrefresh(w);
	delwin(w);
	t->drawn = true;
	t->y = y;
	t->h = h;
}
