/* teachui.c — teach mode on the map view (teachui.h).  The narration
 * itself comes from the teach module (maniple/teach.h); this file queues
 * it after each command, shows it one line at a time and holds the game
 * until the player has read it. */
#include <curses.h>
#include <stdio.h>
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
	const char *k = tui_cmd_key(TC_TEACH);
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
	if (k)
		*k = t->at + 1;
	if (n)
		*n = total(t);
	return line_at(t, t->at);
}

bool teachui_at_decision(const struct tui_view *v)
{
	const struct teachui *t = &v->teach;
	return teachui_up(v) && t->decision_at != TEACHUI_NONE &&
	       t->at == t->queue.n;
}

static void keys_hint(char *buf, size_t n)
{
	const char *next = tui_mode_cmd_key(KM_TEACH, TE_NEXT);
	const char *skip = tui_mode_cmd_key(KM_TEACH, TE_SKIP);
	const char *quit = tui_mode_cmd_key(KM_TEACH, TE_QUIT);
	const char *terms = tui_mode_cmd_key(KM_TEACH, TE_TERMS);
	snprintf(buf, n, "%s next  %s skip  %s terms  %s quit",
		 next ? next : "Space", skip ? skip : "Esc",
		 terms ? terms : "g", quit ? quit : "q");
}

/* The glossary key: the terms the line up now uses, explained in the
 * reading pane by `rule TERM, TERM...` (a looking command: the game and
 * the box wait); a line without one opens the `:` line on `rule ` for
 * the player to name one. */
static void explain_terms(struct tui_view *v)
{
	struct teachui *t = &v->teach;
	const struct teach_line *l = line_at(t, t->at);
	char names[TEACH_TERMS_MAX][TEACH_TERM_MAX];
	int n = l ? tui_teach_terms(v->s, t->texts, l->text, names,
				    TEACH_TERMS_MAX)
		  : 0;
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
	const struct tui_mode_binding *b = tui_mode_binding_for(KM_TEACH, ch);
	const struct tui_binding *mb = tui_binding_for(ch);
	if (!b) {
		if (mb && mb->cmd == TC_QUIT) {
			v->quit = true; /* the game file holds every command */
		} else if (mb && mb->cmd == TC_TEACH) {
			teachui_set(v, false); /* enough: teach mode ends */
		} else {
			char keys[96];
			keys_hint(keys, sizeof keys);
			tui_say(v, "the game waits for the narration: %s", keys);
		}
		return true;
	}
	switch ((enum tui_teach_cmd)b->cmd) {
	case TE_NEXT:
		t->at++;
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
		keys_hint(keys, sizeof keys); /* the key line: the box's keys */
		tui_say(v, "teach: %s", keys);
	}
	return true;
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
	int wd = lay->map_w < 80 ? lay->map_w : 80;
	int inner = wd - 4;
	if (inner < 16)
		return false;
	int rows = tui_log_rows(l->text, inner);
	if (rows < 1)
		rows = 1;
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
	char title[160];
	bool decision = teachui_at_decision(v);
	snprintf(title, sizeof title, " Teach%s%s%s - %s%zu of %zu ",
		 l->rule[0] ? " (rule " : "", l->rule, l->rule[0] ? ")" : "",
		 decision ? "now: step " : "step ", k, n);
	wattrset(w, A_BOLD);
	mvwaddnstr(w, 0, 2, title, wd - 4);
	wattrset(w, A_NORMAL);
	for (int r = 0; r < rows && r + 1 < h - 1; r++) {
		int st, len;
		if (tui_log_row(l->text, inner, r, &st, &len))
			mvwaddnstr(w, 1 + r, 2, l->text + st, len);
	}
	char keys[96], foot[112];
	keys_hint(keys, sizeof keys);
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
