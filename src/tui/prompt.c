/* prompt.c — the prompt box, the solo/hotseat question and the hotseat
 * hand-over (prompt.h).  Everything shown is derived from the game each
 * time (the pending decision, through seam.h), so the view never
 * disagrees with it. */
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "maniple/tui.h"
#include "prompt.h"
#include "seam.h"
#include "view.h"

/* ---- what the game asks (no terminal) ---- */

bool prompt_due(const struct session *s)
{
	return tui_decision_is_answer(s);
}

struct hex prompt_answer_hex(const struct map_view *mv, const char *line)
{
	struct hex found = HEX_NONE;
	if (!mv || !line)
		return found;
	const char *p = line;
	while (*p) {
		while (*p == ' ')
			p++;
		size_t len = strcspn(p, " ");
		if (len == 4) {
			char tok[5];
			struct hex h;
			memcpy(tok, p, 4);
			tok[4] = '\0';
			bool digits = true;
			for (int i = 0; i < 4; i++)
				digits = digits && tok[i] >= '0' && tok[i] <= '9';
			if (digits && hex_parse(tok, &h) && mapview_hex(mv, h))
				found = h;
		}
		p += len;
	}
	return found;
}

const char *prompt_side_word(const struct map_view *mv, int side)
{
	if (side < 0 || side > 1)
		return "either side";
	if (mv && mv->side_name[side][0])
		return mv->side_name[side];
	return side ? "side 1" : "side 0";
}

/* The decision's words, rule and offer (the ruleset's) into a, the title
 * built from them. */
static void name_decision(const struct map_view *mv, const struct decision *d,
			  struct prompt_ask *a)
{
	snprintf(a->what, sizeof a->what, "%s", d->what);
	snprintf(a->rule, sizeof a->rule, "%s", d->rule);
	snprintf(a->detail, sizeof a->detail, "%s", d->detail);
	/* a reaction's pointer to `legal` is the box itself here (what
	 * follows it, the odds, kept) */
	char *see = strstr(a->detail, ": see legal");
	if (see) {
		char rest[sizeof a->detail];
		snprintf(rest, sizeof rest, "%s", see + strlen(": see legal"));
		snprintf(see, sizeof a->detail - (size_t)(see - a->detail),
			 "; hexes numbered on the map%s", rest);
	}
	snprintf(a->title, sizeof a->title, "%s: %s (%s)",
		 prompt_side_word(mv, a->side), a->what, a->rule);
}

unsigned long long prompt_fnv(unsigned long long h, const void *p, size_t n)
{
	const unsigned char *b = p;
	for (size_t i = 0; i < n; i++) {
		h ^= b[i];
		h *= 1099511628211ULL;
	}
	return h;
}

void prompt_build(const struct session *s, struct prompt_ask *a)
{
	a->due = false;
	a->n = a->nown = 0;
	a->nabout = 0;
	a->id = 0;
	a->what[0] = a->rule[0] = a->title[0] = a->detail[0] = '\0';
	struct play_view pv;
	tui_play_view(s, &pv, false);
	snprintf(a->step, sizeof a->step, "%s", pv.step);
	a->side = pv.side;
	/* R9: a hotseat undo request waits for the other side's answer */
	if (tui_has_game(s) && s->undo_asked &&
	    s->journal.n == s->undo_at) {
		a->due = true;
		a->n = a->nown = 2;
		snprintf(a->what, sizeof a->what, "undo");
		snprintf(a->rule, sizeof a->rule, "R9");
		snprintf(a->title, sizeof a->title,
			 "Take back the last %zu command%s? (R9)",
			 s->undo_asked, s->undo_asked == 1 ? "" : "s");
		snprintf(a->detail, sizeof a->detail,
			 "the other side answers");
		int n = 0;
		decision_add(a->ans, PROMPT_ANSWERS_MAX, &n, -1, "R9",
			     "undo agree");
		decision_add(a->ans, PROMPT_ANSWERS_MAX, &n, -1, "R9",
			     "undo refuse");
		a->hex[0] = a->hex[1] = HEX_NONE;
		a->id = 0x9e3779b97f4a7c15ULL ^
			(s->undo_at * 131 + s->undo_asked);
		return;
	}
	if (!prompt_due(s))
		return;
	struct decision d;
	decision_init(&d, a->ans, PROMPT_ANSWERS_MAX);
	int n = tui_decision(s, &d);
	if (n <= 0)
		return; /* nothing to answer with: no box */
	a->n = n;
	a->due = true;
	/* the answers of the side owing the decision first (6.82: the other
	 * side may place its Pre-arranged Withdrawals meanwhile) */
	d.side = a->side;
	a->nown = decision_owner_first(&d);
	if (a->nown == 0)
		a->nown = n; /* nobody in particular owes it */
	struct map_view *mv = tui_map_view(s); /* the hexes on the map */
	name_decision(mv, &d, a);
	a->nabout = d.nabout;
	memcpy(a->about, d.about, sizeof a->about[0] * (size_t)d.nabout);
	unsigned long long h = 14695981039346656037ULL;
	h = prompt_fnv(h, a->step, strlen(a->step) + 1);
	h = prompt_fnv(h, &a->side, sizeof a->side);
	for (int i = 0; i < n; i++) {
		a->hex[i] = prompt_answer_hex(mv, a->ans[i].line);
		h = prompt_fnv(h, a->ans[i].line, strlen(a->ans[i].line) + 1);
	}
	mapview_free(mv);
	a->id = h ? h : 1;
}

int prompt_kind_for_key(int ch)
{
	if (ch == 's' || ch == 'S' || ch == '1')
		return GAME_SOLO;
	if (ch == 'h' || ch == 'H' || ch == '2')
		return GAME_HOTSEAT;
	return -1;
}

bool prompt_handover_due(enum game_kind kind, int last_side, int side)
{
	/* the first decision too (last_side -1): whoever owes it takes the
	 * keyboard before it shows */
	return kind == GAME_HOTSEAT && side >= 0 && last_side != side;
}

/* ---- on the view ---- */

bool prompt_is_enter(const struct tui_view *v, int ch)
{
	const struct tui_mode_binding *b =
		tui_mode_binding_for(&v->keys, KM_PROMPT, ch);
	return (b && b->cmd == PR_LIST) || ch == KEY_ENTER || ch == '\n';
}

void prompt_touch_map(struct tui_view *v)
{
	if (v->wmap)
		touchwin(v->wmap);
	v->dirty |= DIRTY_MAP | DIRTY_STATUS;
}

/* Takes away the highlights the prompt put down (and only those). */
static void unmark(struct tui_view *v)
{
	struct tui_prompt *p = &v->prompt;
	for (int k = 0; k < p->nmarked; k++) {
		for (int i = 0; i < v->nhl; i++) {
			const struct tui_hl *h = &v->hl[i];
			if (!hex_eq(h->hex, p->marked[k]) || h->kind != HL_TARGET ||
			    h->mark < L'1' || h->mark > L'9')
				continue;
			tui_add_redraw(v, h->hex);
			memmove(&v->hl[i], &v->hl[i + 1],
				sizeof v->hl[0] * (size_t)(v->nhl - i - 1));
			v->nhl--;
			break;
		}
	}
	p->nmarked = 0;
}

/* The hexes the keyed answers name, each marked with its answer's digit
 * (the first answer naming a hex keeps it). */
static void mark(struct tui_view *v)
{
	struct tui_prompt *p = &v->prompt;
	for (int i = 0; i < p->nkeys; i++) {
		struct hex h = p->ask.hex[p->first + i];
		bool seen = hex_is_none(h);
		for (int k = 0; k < p->nmarked && !seen; k++)
			seen = hex_eq(p->marked[k], h);
		if (seen)
			continue;
		tui_hl_add(v, h, HL_TARGET, (wchar_t)(L'1' + i));
		p->marked[p->nmarked++] = h;
	}
}

static void box_geometry(const struct tui_view *v, int *y, int *x, int *h,
			 int *w, int *cols);
/* The line about the offer folded at blanks into rows of at most width
 * characters, at most PROMPT_DETAIL_ROWS (the last cut when it does not
 * fit): each row's start and length; returns how many. */
#define PROMPT_DETAIL_ROWS 3
static int detail_rows(const char *s, int width, int *start, int *len)
{
	int n = 0, at = 0, all = (int)strlen(s);
	while (at < all && n < PROMPT_DETAIL_ROWS && width > 0) {
		int l = all - at;
		if (l > width) {
			l = width;
			for (int k = width; k > width / 2; k--)
				if (s[at + k] == ' ') {
					l = k;
					break;
				}
		}
		start[n] = at;
		len[n++] = l;
		at += l;
		while (s[at] == ' ')
			at++;
	}
	return n;
}


/* A new box: when the hexes it marks, or the pieces the decision is
 * about, are off the map window or under the box, the map scrolls (the
 * cursor stays) so they show above it: the box never covers them. */
static void show_marks(struct tui_view *v)
{
	const struct tui_prompt *p = &v->prompt;
	struct hex want[PROMPT_KEYS + DECISION_ABOUT_MAX];
	int nwant = 0;
	for (int k = 0; k < p->ask.nabout; k++)
		want[nwant++] = p->ask.about[k];
	for (int k = 0; k < p->nmarked; k++)
		want[nwant++] = p->marked[k];
	if (!v->wmap || v->mode != MODE_MAP || v->lay.too_small || nwant == 0)
		return;
	int by, bx, bh, bw, cols;
	box_geometry(v, &by, &bx, &bh, &bw, &cols);
	struct tui_viewport above = v->vp;
	above.h = v->vp.h - bh;
	if (above.h < 2 * TUI_ROW_PITCH)
		return;
	bool all = true;
	for (int k = 0; k < nwant; k++)
		all = all && viewport_shows(&above, want[k]);
	if (all)
		return;
	const struct map_view *m = v->mv;
	/* the first answer's hex, and last the pieces it is about */
	for (int k = nwant; k-- > 0;)
		viewport_follow(&above, want[k], m->col_min, m->col_max,
				m->row_min, m->row_max);
	if (!viewport_shows(&above, want[0]))
		return;
	v->vp.col0 = above.col0;
	v->vp.row0 = above.row0;
	v->dirty |= DIRTY_MAP;
}

/* Whether the computer (v->ai's seats, aiplay.h) owes the decision
 * pending: the box is not the person's then.  Read here rather than
 * asked of aiplay.c, which stands above the prompt. */
static bool computer_owes(const struct tui_view *v)
{
	return !v->replay && !v->live &&
	       ai_seats_due(&v->ai.seats, v->s) >= 0;
}

void prompt_update(struct tui_view *v)
{
	struct tui_prompt *p = &v->prompt;
	unsigned long long was_id = p->ask.id;
	bool was_shown = p->shown;
	prompt_build(v->s, &p->ask);
	if (p->hidden && p->ask.id != p->hidden_id)
		p->hidden = false; /* a new decision: the box comes back */
	/* the computer's decision is not the person's to answer */
	p->shown = p->ask.due && !p->hidden && !p->ask_kind &&
		   !computer_owes(v);
	if (v->live) { /* a live game: the box is the owing seat's */
		char owe[200];
		p->shown = p->shown &&
			   v->live->owe(v->live->user, owe, sizeof owe);
	}
	if (p->ask.id != was_id || p->first >= p->ask.nown)
		p->first = 0; /* a new decision: its first answers */
	/* keys for the owing side's answers only, nine at a time (. and ,
	 * page): the other side's (6.82) are in the full list */
	int left = p->ask.nown - p->first;
	p->nkeys = p->shown ? (left < PROMPT_KEYS ? left : PROMPT_KEYS) : 0;
	unmark(v);
	if (p->shown)
		mark(v);
	if (was_shown != p->shown || (p->shown && was_id != p->ask.id)) {
		prompt_touch_map(v);
		if (p->shown)
			show_marks(v);
	}
	/* RULINGS R9: two players at one keyboard hand it over (a live
	 * game's players each have their own) */
	struct play_view pv;
	tui_play_view(v->s, &pv, false);
	int side = pv.side;
	if (tui_has_game(v->s) && !v->live &&
	    prompt_handover_due((enum game_kind)pv.kind, p->last_side, side) &&
	    !p->ask_kind) {
		p->handover = true;
		prompt_touch_map(v);
	}
	if (side >= 0)
		p->last_side = side;
}

void prompt_start(struct tui_view *v, bool ask_kind)
{
	struct tui_prompt *p = &v->prompt;
	p->last_side = -1;
	p->ask_kind = ask_kind;
	prompt_update(v);
}

/* Where the box stands: over the bottom of the map, the map's width (at
 * most 80).  Two columns of answers when more than five and room. */
static void box_geometry(const struct tui_view *v, int *y, int *x, int *h,
			 int *w, int *cols)
{
	const struct tui_prompt *p = &v->prompt;
	const struct tui_layout *l = &v->lay;
	*w = l->map_w < 80 ? l->map_w : 80;
	/* two columns when more than five and each answer fits whole in
	 * one (" N " before it) */
	bool fit = true;
	for (int i = 0; i < p->nkeys; i++)
		fit = fit && (int)strlen(p->ask.ans[p->first + i].line) + 4 <=
				     (*w - 2) / 2;
	*cols = p->nkeys > 5 && fit && (*w - 2) / 2 >= 24 ? 2 : 1;
	int rows = (p->nkeys + *cols - 1) / *cols;
	/* the borders, the line about the offer, the answers, "more" */
	int ds[PROMPT_DETAIL_ROWS], dl[PROMPT_DETAIL_ROWS];
	*h = 2 + detail_rows(p->ask.detail, *w - 4, ds, dl) + rows +
	     (p->ask.n > p->nkeys ? 1 : 0);
	/* folded: an answer wider than the box takes rows more (as
	 * draw_box folds it) */
	int fold = *w - 6 > 8 ? *w - 6 : 8;
	for (int i = 0; *cols == 1 && i < p->nkeys; i++) {
		int len = (int)strlen(p->ask.ans[p->first + i].line);
		*h += len > fold ? (len - 1) / fold : 0;
	}
	if (*h > l->map_h)
		*h = l->map_h;
	*y = l->map_y + l->map_h - *h;
	*x = l->map_x;
}

static void draw_box(struct tui_view *v)
{
	struct tui_prompt *p = &v->prompt;
	int y, x, h, wd, cols;
	box_geometry(v, &y, &x, &h, &wd, &cols);
	if (h < 3 || wd < 20)
		return;
	WINDOW *w = newwin(h, wd, y, x);
	if (!w)
		return;
	werase(w);
	wborder(w, '|', '|', '-', '-', '+', '+', '+', '+');
	attr_t title = A_BOLD;
	if (v->pal.ncolours && p->ask.side >= 0 && p->ask.side <= 1)
		title |= (attr_t)COLOR_PAIR(v->pal.leader[p->ask.side]);
	char line[320];
	snprintf(line, sizeof line, " %s ", p->ask.title);
	wattrset(w, title);
	mvwaddnstr(w, 0, 2, line, wd - 4);
	wattrset(w, A_NORMAL);
	int row = 1;
	int ds[PROMPT_DETAIL_ROWS], dl[PROMPT_DETAIL_ROWS];
	int nd = detail_rows(p->ask.detail, wd - 4, ds, dl);
	wattrset(w, A_DIM);
	for (int k = 0; k < nd && row < h - 1; k++)
		mvwaddnstr(w, row++, 2, p->ask.detail + ds[k], dl[k]);
	wattrset(w, A_NORMAL);
	int colw = (wd - 2) / cols;
	int rows = (p->nkeys + cols - 1) / cols;
	int extra = 0; /* rows taken by answers folded so far */
	for (int i = 0; i < p->nkeys; i++) {
		int r = row + extra + i % rows, c = 1 + (i / rows) * colw;
		if (r >= h - 1)
			continue;
		const struct decision_answer *a = &p->ask.ans[p->first + i];
		int room = colw - 4; /* after " N ", a blank at the end */
		int ll = (int)strlen(a->line), rl = (int)strlen(a->rule);
		if (ll + 1 + rl <= room) /* the rule, when it fits */
			snprintf(line, sizeof line, "%-*s %s", room - rl - 1,
				 a->line, a->rule);
		else
			snprintf(line, sizeof line, "%s", a->line);
		wattrset(w, A_BOLD);
		mvwprintw(w, r, c, " %d ", i + 1);
		wattrset(w, A_NORMAL);
		/* never cut: what does not fit goes on in the next row */
		const char *s = line;
		int fold = colw - 4 > 8 ? colw - 4 : 8;
		for (;;) {
			mvwaddnstr(w, r, c + 3, s, fold);
			if ((int)strlen(s) <= fold || r + 1 >= h - 1)
				break;
			s += fold;
			r++;
			extra++;
		}
	}
	row += rows + extra;
	if (p->ask.n > p->nkeys && row < h - 1) {
		int last = p->first + p->nkeys;
		if (p->ask.nown > PROMPT_KEYS)
			snprintf(line, sizeof line,
				 "answers %d-%d of %d (. more  , back)",
				 p->first + 1, last, p->ask.nown);
		else
			snprintf(line, sizeof line,
				 "... %d more: Enter lists all %d answers",
				 p->ask.n - p->nkeys, p->ask.n);
		wattrset(w, A_DIM);
		mvwaddnstr(w, row, 2, line, wd - 4);
		wattrset(w, A_NORMAL);
	}
	snprintf(line, sizeof line, " 1-%d answer  Enter all  Esc hides ",
		 p->nkeys);
	wattrset(w, A_DIM);
	mvwaddnstr(w, h - 1, wd - 2 - (int)strlen(line) > 2
				     ? wd - 2 - (int)strlen(line)
				     : 2,
		   line, wd - 4);
	wattrset(w, A_NORMAL);
	wnoutrefresh(w);
	delwin(w);
}

void prompt_draw_screen(struct tui_view *v, const char *const *lines, int n)
{
	const struct tui_layout *l = &v->lay;
	int h = l->h - l->status_h;
	if (h < n + 2 || l->w < 20)
		return;
	WINDOW *w = newwin(h, l->w, 0, 0);
	if (!w)
		return;
	werase(w);
	int top = (h - n) / 2, wide = 0;
	for (int i = 1; i < n; i++)
		if ((int)strlen(lines[i]) > wide)
			wide = (int)strlen(lines[i]);
	for (int i = 0; i < n; i++) {
		/* the first line centred, the others under it as a block */
		int len = i == 0 ? (int)strlen(lines[i]) : wide;
		wattrset(w, i == 0 ? A_BOLD : A_NORMAL);
		mvwaddnstr(w, top + i, len < l->w ? (l->w - len) / 2 : 0,
			   lines[i], l->w);
	}
	wattrset(w, A_NORMAL);
	wnoutrefresh(w);
	delwin(w);
}

void prompt_draw(struct tui_view *v)
{
	struct tui_prompt *p = &v->prompt;
	if (p->handover && tui_has_game(v->s)) {
		char who[160];
		snprintf(who, sizeof who,
			 "%s to play - pass the keyboard, press Enter",
			 prompt_side_word(v->mv, p->last_side));
		char what[256];
		pending_describe(v->s, what, sizeof what);
		const char *lines[] = {who, "", what};
		prompt_draw_screen(v, lines, 3);
		return;
	}
	if (p->shown && !v->list_open && v->wmap)
		draw_box(v);
}

bool prompt_key(struct tui_view *v, int ch)
{
	struct tui_prompt *p = &v->prompt;
	const struct tui_binding *mb = tui_binding_for(&v->keys, ch);
	bool quit = mb && mb->cmd == TC_QUIT;
	if (p->handover) {
		if (prompt_is_enter(v, ch)) {
			p->handover = false;
			tui_touch_all(v);
		} else if (quit) {
			v->quit = true;
		} else if (tui_has_game(v->s)) {
			tui_say(v, "%s to play: press Enter first (q quits)",
				prompt_side_word(v->mv, p->last_side));
		}
		return true;
	}
	if (!p->shown || v->list_open)
		return false;
	const struct tui_mode_binding *b =
		tui_mode_binding_for(&v->keys, KM_PROMPT, ch);
	if (!b)
		return false;
	switch ((enum tui_prompt_cmd)b->cmd) {
	case PR_ANSWER: {
		int i = b->key_name[0] - '1';
		if (i < 0 || i >= p->nkeys) {
			tui_say(v, "no answer %d here: Enter lists them all",
				i + 1);
			return true;
		}
		char line[DECISION_LINE_MAX];
		snprintf(line, sizeof line, "%s", p->ask.ans[p->first + i].line);
		tui_exec(v, line);
		return true;
	}
	case PR_MORE:
	case PR_BACK: {
		int to = p->first + (b->cmd == PR_MORE ? PROMPT_KEYS
						       : -PROMPT_KEYS);
		if (to < 0 || to >= p->ask.nown) {
			tui_say(v, "no more answers that way: Enter lists "
				   "them all");
			return true;
		}
		p->first = to;
		int left = p->ask.nown - p->first;
		p->nkeys = left < PROMPT_KEYS ? left : PROMPT_KEYS;
		unmark(v);
		mark(v);
		prompt_touch_map(v);
		return true;
	}
	case PR_HIDE:
		p->hidden = true;
		p->hidden_id = p->ask.id;
		prompt_update(v);
		tui_say(v, "prompt hidden until the decision changes: Enter "
			   "lists the answers");
		return true;
	case PR_LIST:
	case PR_COUNT:
		break;
	}
	return false; /* Enter: the map's legal list */
}
