/* shockui.c — the Shock Combat segment on the map view (see shockui.h).
 *
 * Step by step in a terminal (8.4): the rules run each step of the
 * resolution across every combat before the next step begins (all the
 * pre-shock checks, then all the leader casualties, the clashes, the
 * resolutions, the collapses, the advances).  Interleaving those steps on
 * one screen would scatter each combat over many places, so the view
 * keeps one card per combat, holding every step that combat has gone
 * through so far, each under its step's title in 8.4's order, and shows
 * the cards in the order 8.4 takes the combats (designation order, a
 * pursuit's follow-up after them).  After a command the viewer opens by
 * itself on the first combat the command moved on, and each card waits
 * for Space before the next one; Space on the last card closes the
 * viewer.  When the resolution stops for a decision, the card of the
 * combat concerned ends with the decision it waits for (and after the
 * answer the viewer opens again where the resolution went on). */
#include "shockui.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "seam.h"
#include "view.h"

/* ------------------------------------------------------------ pure */

bool shockui_designating(const struct session *s)
{
	struct shock_view sv;
	tui_shock_view(s, &sv);
	return sv.designating;
}

bool shockui_key_line(const struct tui_view *v, int width, char *buf,
		      size_t n)
{
	if (!tui_has_game(v->s) || !shockui_designating(v->s))
		return false;
	const struct tui_keymap *km = &v->keys;
	char part[5][48];
	struct tui_hint_part p[7];
	int np = 0;
	p[np++] = (struct tui_hint_part){"SHOCK", 0};
	/* the designation's keys, then the map's way to the list and to
	 * the units */
	const struct {
		const char *key, *what;
		int rank;
	} k[] = {
		{tui_mode_cmd_key(km, KM_SHOCK, SU_GATHER), "gather", 0},
		{tui_mode_cmd_key(km, KM_SHOCK, SU_DONE), "done", 0},
		{tui_mode_cmd_key(km, KM_SHOCK, SU_DROP), "drop", 1},
		{tui_cmd_key(km, TC_LEGAL), "legal", 1},
		{tui_cmd_key(km, TC_NEXT_ACTOR), "next unit", 2},
	};
	for (size_t i = 0; i < sizeof k / sizeof k[0]; i++)
		if (k[i].key) {
			snprintf(part[i], sizeof part[i], "%s %s", k[i].key,
				 k[i].what);
			p[np++] = (struct tui_hint_part){part[i], k[i].rank};
		}
	char help[24];
	const char *h = tui_cmd_key(km, TC_HELP);
	if (h) {
		snprintf(help, sizeof help, "%s keys", h);
		p[np++] = (struct tui_hint_part){help, 0};
	}
	tui_fit_hints(p, np, width, buf, n);
	return true;
}

bool shockui_game_over(const struct session *s)
{
	struct shock_view sv;
	tui_shock_view(s, &sv);
	return sv.over;
}

int shockui_marks(const struct session *s, struct shock_mark *out, int max)
{
	struct shock_view sv;
	tui_shock_view(s, &sv);
	int n = 0;
	for (int i = 0; i < sv.nmarks && n < max; i++)
		out[n++] = sv.mark[i];
	return n;
}

/* ------------------------------------------------------- the marks */

/* Whether id is among the n ids of list. */
static bool listed(const char (*list)[MODE_ID_MAX], int n, const char *id)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(list[i], id))
			return true;
	return false;
}

static bool is_gathered(const struct shockui *su, const char *id)
{
	return listed(su->gathered, su->ngathered, id);
}

/* Takes this module's marks (HL_MUST, HL_MAY) off the map, leaving the
 * other modules' highlights alone. */
static void drop_marks(struct tui_view *v)
{
	int k = 0;
	for (int i = 0; i < v->nhl; i++) {
		if (v->hl[i].kind == HL_MUST || v->hl[i].kind == HL_MAY ||
		    (v->hl[i].kind == HL_TARGET && v->hl[i].mark == L'*')) {
			tui_add_redraw(v, v->hl[i].hex);
			continue;
		}
		v->hl[k++] = v->hl[i];
	}
	v->nhl = k;
}

static void mark_unit(struct tui_view *v, const struct shock_mark *m,
		      enum tui_hl_kind kind, wchar_t mark)
{
	for (int k = 0; k < 2; k++)
		if (!hex_is_none(m->hex[k]))
			tui_hl_add(v, m->hex[k], kind, mark);
}

/* The marks and the gathered attackers follow the game: outside the
 * designation there are none. */
static void refresh_marks(struct tui_view *v)
{
	struct shockui *su = &v->shockui;
	drop_marks(v);
	struct shock_view sv;
	tui_shock_view(v->s, &sv);
	if (!sv.designating) {
		su->ngathered = su->ndefenders = 0;
		return;
	}
	const struct shock_mark *m = sv.mark;
	int n = sv.nmarks;
	/* a gathered unit that can no longer attack (it is in a combat
	 * now) leaves the gathering */
	int k = 0;
	for (int i = 0; i < su->ngathered; i++) {
		bool still = false;
		for (int j = 0; j < n; j++)
			still |= !strcmp(m[j].id, su->gathered[i]);
		if (still && k != i)
			memcpy(su->gathered[k], su->gathered[i], MODE_ID_MAX);
		k += still;
	}
	su->ngathered = k;
	if (k == 0)
		su->ndefenders = 0; /* their attackers went into a combat */
	/* the gathered defenders: `*` on their hexes */
	for (int i = 0; i < su->ndefenders; i++) {
		struct shock_piece p;
		if (!tui_shock_piece(v->s, su->defenders[i], &p))
			continue;
		for (int h = 0; h < 2; h++)
			if (!hex_is_none(p.hex[h]))
				tui_hl_add(v, p.hex[h], HL_TARGET, L'*');
	}
	for (int j = 0; j < n; j++) {
		wchar_t mark = is_gathered(su, m[j].id) ? L'+'
			       : m[j].must		 ? L'!'
							 : L'?';
		mark_unit(v, &m[j], m[j].must ? HL_MUST : HL_MAY, mark);
	}
}

/* -------------------------------------------------------- the deck */

static void deck_load(struct shockui *su, const struct session *s)
{
	struct shock_view sv;
	tui_shock_view(s, &sv);
	su->deck_shock = sv.ncards;
	su->deck_end = sv.over;
}

static int deck_count(const struct shockui *su)
{
	return su->deck_shock + (su->deck_end ? 1 : 0);
}

/* The end card's last lines against the computer (aiplay.h): who the
 * computer played, and whether undo was used, which shows the dice to
 * come, or the game was fair (--no-undo: session.h). */
static void end_who_played(struct tui_view *v, struct card *c)
{
	const struct ai_seats *st = &v->ai.seats;
	bool fair = session_fair(v->s);
	if (!ai_seats_any(st) && !fair)
		return;
	for (int side = 0; side < 2; side++)
		if (st->level[side])
			card_add(c, NULL, "%s: the computer (%s)",
				 v->mv ? v->mv->side_name[side] : "?",
				 ai_level_name(st->level[side]));
	int undos = session_undos(v->s);
	if (fair)
		card_add(c, NULL, "A fair game: no undo (--no-undo)");
	else if (undos > 0)
		card_add(c, NULL, "Undo used %d time%s: dice seen ahead",
			 undos, undos == 1 ? "" : "s");
	else
		card_add(c, NULL, "No undo used");
}

/* Card `at` of the deck into the viewer, at the viewer's width. */
static void build_card(struct tui_view *v, int at)
{
	struct shockui *su = &v->shockui;
	struct cardview *cv = &su->cv;
	const struct session *s = v->s;
	card_init(&cv->card, cardview_card_width(v->lay.map_w));
	cv->count = deck_count(su);
	cv->index = at;
	struct shock_view sv;
	tui_shock_view(s, &sv);
	if (at < su->deck_shock) {
		int fresh = 0;
		tui_card(s, MODE_CARD_SHOCK, at, su->fresh_since, &cv->card,
			 &fresh);
		/* the lines the last command added, with the closing line
		 * under them (the whole card when it fits) */
		if (fresh > 0 && su->fresh_since != SIZE_MAX)
			cv->top = cv->card.n - 1 - fresh;
		bool waits = sv.ask_combat >= 0 && sv.ask_combat == at;
		snprintf(cv->title, sizeof cv->title,
			 "Shock combat %d of %d (8.4)%s", at + 1, su->deck_shock,
			 waits ? ": waits for a decision" : "");
	} else {
		tui_card(s, MODE_CARD_END, 0, 0, &cv->card, NULL);
		end_who_played(v, &cv->card);
		snprintf(cv->title, sizeof cv->title,
			 "End of the battle (11.1, 11.2)");
	}
	cardview_clamp(cv);
	cv->dirty = true;
}

static bool open_deck(struct tui_view *v, int at, size_t since);

bool shockui_open_cards(struct tui_view *v, int at)
{
	return open_deck(v, at, SIZE_MAX);
}

/* The deck open at card `at` (-1: where V opens it); its cards show
 * first what the events from `since` on added to them. */
static bool open_deck(struct tui_view *v, int at, size_t since)
{
	struct shockui *su = &v->shockui;
	const struct session *s = v->s;
	if (!tui_has_game(s))
		return false;
	deck_load(su, s);
	int n = deck_count(su);
	if (n == 0) {
		tui_say(v, "no Shock segment yet, and the battle goes on: no "
			   "cards to show (8.4)");
		return false;
	}
	if (at < 0) {
		struct shock_view sv;
		tui_shock_view(s, &sv);
		if (su->deck_end)
			at = n - 1;
		else if (sv.segment && sv.ask_combat >= 0 &&
			 sv.ask_combat < su->deck_shock)
			at = sv.ask_combat;
		else
			at = 0;
	}
	if (at >= n)
		at = n - 1;
	su->cv.open = true;
	su->cv.top = 0;
	su->fresh_since = since;
	build_card(v, at);
	return true;
}

void shockui_close_cards(struct tui_view *v)
{
	struct cardview *cv = &v->shockui.cv;
	if (!cv->open)
		return;
	cv->open = false;
	cardview_unplace(cv);
	tui_touch_all(v); /* what the viewer covered */
}

/* ------------------------------------------------------- following */

/* A game the module has not seen (the first, or one `new` or `load`
 * brought): nothing of it opens by itself, except the end card of a
 * battle already over.  True when it was new. */
static bool sync(struct tui_view *v)
{
	struct shockui *su = &v->shockui;
	struct shock_view sv;
	tui_shock_view(v->s, &sv);
	/* a game's events only grow: fewer is another game (a `new` or
	 * `load` may reuse the same memory) */
	if (su->game == tui_game_id(v->s) &&
	    (!tui_has_game(v->s) || sv.events >= su->seen))
		return false;
	su->game = tui_game_id(v->s);
	su->ngathered = 0;
	su->panel_drawn = false;
	if (su->cv.open) {
		su->cv.open = false;
		cardview_unplace(&su->cv);
	}
	if (!tui_has_game(v->s))
		return true;
	su->seen = sv.events;
	su->over_seen = sv.over;
	if (su->over_seen)
		shockui_open_cards(v, -1);
	refresh_marks(v);
	return true;
}

void shockui_after_command(struct tui_view *v)
{
	struct shockui *su = &v->shockui;
	if (!tui_has_game(v->s) || sync(v))
		return;
	const struct session *s = v->s;
	struct shock_view sv;
	tui_shock_view(s, &sv);
	size_t since = su->seen;
	su->seen = sv.events;
	bool newly_over = sv.over && !su->over_seen;
	su->over_seen = sv.over;
	refresh_marks(v);
	int first = -1;
	if (since < sv.events) {
		card_init(&su->scratch, CARD_PANEL_WIDTH);
		first = tui_card_touched(s, since, &su->scratch);
	}
	/* a decision inside the resolution asked by the events from since
	 * on (a clash pick, hits, an advance, a pursuit, a Pass-Thru ...),
	 * even when it added no line to any card */
	if (first < 0 && since < sv.events)
		first = tui_shock_asked(s, since);
	if (first >= 0)
		open_deck(v, first, since);
	else if (newly_over)
		shockui_open_cards(v, -1);
	else if (su->cv.open) {
		deck_load(su, s); /* the game moved under the open viewer */
		int n = deck_count(su);
		if (n == 0)
			shockui_close_cards(v);
		else
			build_card(v, su->cv.index < n ? su->cv.index : n - 1);
	}
}

/* -------------------------------------------------------- the keys */

/* ids, "," between them, into buf */
static void ids_text(const char (*ids)[MODE_ID_MAX], int n, char *buf,
		     size_t size)
{
	size_t at = 0;
	buf[0] = '\0';
	for (int i = 0; i < n && at < size; i++)
		at += (size_t)snprintf(buf + at, size - at, "%s%s",
				       i ? "," : "", ids[i]);
}

static void gathered_text(const struct tui_view *v, char *buf, size_t n)
{
	ids_text(v->shockui.gathered, v->shockui.ngathered, buf, n);
}

static void drop_gathered(struct shockui *su, const char *id)
{
	for (int i = 0; i < su->ngathered; i++)
		if (!strcmp(su->gathered[i], id)) {
			memmove(&su->gathered[i], &su->gathered[i + 1],
				sizeof su->gathered[0] *
					(size_t)(su->ngathered - i - 1));
			su->ngathered--;
			return;
		}
}

/* 8.42: `t` on one of your units already in a combat takes that combat
 * back (`designate cancel N`) and gathers the unit again with the
 * enemies it attacked, so that more attackers or defenders can be added
 * and the combat designated anew: no designation is a dead end. */
static void take_back(struct tui_view *v, const struct shock_piece *u)
{
	struct shockui *su = &v->shockui;
	int combat = u->attacks;
	char defs[MODE_ZOC_MAX][MODE_ID_MAX];
	int nd = 0;
	for (int k = 0; k < u->nzoc; k++) {
		struct shock_piece e;
		if (tui_shock_piece(v->s, u->zoc[k], &e) && e.defends == combat)
			memcpy(defs[nd++], e.id, MODE_ID_MAX);
	}
	char line[64];
	snprintf(line, sizeof line, "designate cancel %d", combat);
	tui_exec(v, line);
	struct shock_piece now;
	if (!tui_shock_piece(v->s, u->id, &now) || now.attacks >= 0)
		return; /* refused: the status line says why */
	su->ngathered = su->ndefenders = 0;
	if (now.markable)
		memcpy(su->gathered[su->ngathered++], now.id, MODE_ID_MAX);
	for (int k = 0; k < nd && su->ndefenders < MODE_COMBAT_UNITS_MAX; k++)
		memcpy(su->defenders[su->ndefenders++], defs[k], MODE_ID_MAX);
	refresh_marks(v);
	char d[CMD_LINE_MAX / 2];
	ids_text(su->defenders, su->ndefenders, d, sizeof d);
	tui_say(v, "t: combat %d taken back: %s gathered against %s; t on "
		   "more enemies or attackers, t on a defender designates "
		   "(8.42)",
		combat + 1, now.id, d[0] ? d : "-");
}

/* `t` on one of the attacker's units: gathers the first unit of the hex
 * that may shock and is not gathered yet; when all are, drops them. */
static void gather_own(struct tui_view *v, const struct shock_view *sv,
		       const struct shock_piece *at, int n)
{
	struct shockui *su = &v->shockui;
	for (int k = 0; k < n; k++) {
		if (at[k].side != sv->side || is_gathered(su, at[k].id) ||
		    !at[k].markable)
			continue;
		if (su->ngathered >= sv->att_max) {
			tui_say(v, "t: %d attackers at most in one combat",
				sv->att_max);
			return;
		}
		memcpy(su->gathered[su->ngathered++], at[k].id, MODE_ID_MAX);
		refresh_marks(v);
		return;
	}
	bool dropped = false;
	for (int k = 0; k < n; k++)
		if (is_gathered(su, at[k].id)) {
			drop_gathered(su, at[k].id);
			dropped = true;
		}
	if (dropped) {
		refresh_marks(v);
		tui_say(v, "t: %s no longer gathered", at[0].id);
		return;
	}
	if (at[0].attacks >= 0) {
		take_back(v, &at[0]);
		return;
	}
	/* why the unit cannot attack: the engine's reason */
	if (!at[0].can_shock)
		tui_say(v, "t: %s cannot shock (rule %s): %s", at[0].id,
			at[0].rule, at[0].why);
	else
		tui_say(v, "t: %s has no enemy in its ZOC to attack (rule 8.42)",
			at[0].id);
}

/* 8.42: one of your units in a combat has the enemy e in its ZOC (the
 * hexes around e's): its id into who and its combat, or -1. */
static int attacker_near(const struct tui_view *v, const struct shock_view *sv,
			 const struct shock_piece *e, char *who)
{
	for (int h = 0; h < 2; h++)
		for (int d = 0; d < HEXSIDE_COUNT && !hex_is_none(e->hex[h]);
		     d++) {
			char ids[TUI_PIECES_MAX][MODE_ID_MAX];
			struct hex nb = hex_neighbour(e->hex[h], (enum hexside)d);
			int n = tui_pieces_at(v->s, nb, ids, TUI_PIECES_MAX);
			for (int i = 0; i < n; i++) {
				struct shock_piece u;
				if (!tui_shock_piece(v->s, ids[i], &u) ||
				    u.side != sv->side || u.attacks < 0)
					continue;
				for (int k = 0; k < u.nzoc; k++)
					if (!strcmp(u.zoc[k], e->id)) {
						memcpy(who, u.id, MODE_ID_MAX);
						return u.attacks;
					}
			}
		}
	return -1;
}

/* 8.42: the enemies in a gathered attacker's ZOC that no combat attacks
 * yet and are not gathered as defenders: each attacker must attack them
 * all.  The first such attacker and its list into who and owed; returns
 * how many. */
static int still_owed(const struct tui_view *v, char *who, char *owed,
		      size_t n)
{
	const struct shockui *su = &v->shockui;
	for (int i = 0; i < su->ngathered; i++) {
		struct shock_piece a;
		if (!tui_shock_piece(v->s, su->gathered[i], &a))
			continue;
		char left[MODE_ZOC_MAX][MODE_ID_MAX];
		int k = 0;
		for (int z = 0; z < a.nzoc; z++)
			if (!a.zoc_defended[z] &&
			    !listed(su->defenders, su->ndefenders, a.zoc[z]))
				memcpy(left[k++], a.zoc[z], MODE_ID_MAX);
		if (k) {
			memcpy(who, a.id, MODE_ID_MAX);
			ids_text(left, k, owed, n);
			return k;
		}
	}
	return 0;
}

/* `designate ATT,... DEF,...` of the gathered units.  The after-command
 * hook drops the attackers that went into the combat; a refusal keeps
 * them gathered. */
static void designate_gathered(struct tui_view *v)
{
	struct shockui *su = &v->shockui;
	char att[CMD_LINE_MAX / 2], def[CMD_LINE_MAX / 4];
	gathered_text(v, att, sizeof att);
	ids_text(su->defenders, su->ndefenders, def, sizeof def);
	char line[CMD_LINE_MAX + 1];
	snprintf(line, sizeof line, "designate %s %s", att, def);
	tui_exec(v, line);
}

/* `t` on an enemy: its hex's enemy combat units join the gathered
 * defenders.  When every enemy in the gathered attackers' ZOC is then
 * attacked or gathered (8.42: an attacker attacks them all), the combat
 * is designated at once; else the status line names the ones still
 * owed.  `t` again on a gathered defender designates with the defenders
 * gathered so far (the others left to another combat). */
static void designate_enemy(struct tui_view *v, const struct shock_view *sv,
			    const struct shock_piece *at, int n)
{
	struct shockui *su = &v->shockui;
	int first = -1;
	bool all_in = true;
	for (int k = 0; k < n; k++)
		if (at[k].side != sv->side && at[k].in_play) {
			if (first < 0)
				first = k;
			all_in &= listed(su->defenders, su->ndefenders,
					 at[k].id);
		}
	if (first < 0) {
		tui_say(v, "t: no enemy combat unit here");
		return;
	}
	if (su->ngathered == 0) {
		char who[MODE_ID_MAX];
		int c = attacker_near(v, sv, &at[first], who);
		if (c >= 0)
			tui_say(v, "t: %s is in the ZOC of %s, which attacks "
				   "in combat %d: t on %s takes it back to "
				   "add %s (8.42)",
				at[first].id, who, c + 1, who, at[first].id);
		else
			tui_say(v, "t: gather your attackers first (t on "
				   "your units marked ! or ?), then t on the "
				   "enemy (8.42)");
		return;
	}
	if (all_in) {
		designate_gathered(v);
		return;
	}
	for (int k = 0; k < n; k++)
		if (at[k].side != sv->side && at[k].in_play &&
		    !listed(su->defenders, su->ndefenders, at[k].id) &&
		    su->ndefenders < MODE_COMBAT_UNITS_MAX)
			memcpy(su->defenders[su->ndefenders++], at[k].id,
			       MODE_ID_MAX);
	char who[MODE_ID_MAX], owed[CMD_LINE_MAX / 2];
	if (!still_owed(v, who, owed, sizeof owed)) {
		designate_gathered(v);
		return;
	}
	refresh_marks(v);
	tui_say(v, "t: %s must attack %s too (8.42): t on it; t again on a "
		   "defender designates without",
		who, owed);
}

/* The units on the cursor's hex as the designation sees them (at most
 * max); returns the count. */
static int pieces_here(const struct tui_view *v, struct shock_piece *out,
		       int max)
{
	char ids[TUI_PIECES_MAX][MODE_ID_MAX];
	int n = tui_pieces_at(v->s, v->cursor, ids, TUI_PIECES_MAX);
	int k = 0;
	for (int i = 0; i < n && k < max; i++)
		if (tui_shock_piece(v->s, ids[i], &out[k]) && out[k].in_play)
			k++;
	return k;
}

static void key_gather(struct tui_view *v)
{
	struct shock_view sv;
	tui_shock_view(v->s, &sv);
	if (!sv.designating) {
		tui_say(v, "t: the Shock designation is not under way (8.41)");
		return;
	}
	struct shock_piece at[4];
	int n = pieces_here(v, at, 4);
	if (n <= 0) {
		tui_say(v, "t: no unit here: t on a unit marked ! or ? gathers "
			   "it (8.42)");
		return;
	}
	if (at[0].side == sv.side)
		gather_own(v, &sv, at, n);
	else
		designate_enemy(v, &sv, at, n);
}

void shockui_cycle_panel(struct tui_view *v)
{
	struct shockui *su = &v->shockui;
	su->panel = (su->panel + 1) % SUP_COUNT;
	su->panel_drawn = false;
	v->dirty |= DIRTY_PANEL;
	static const char *const names[SUP_COUNT] = {
		"hex and unit", "leaders (5.1)", "sequence of play (3.0)"};
	if (!v->lay.panel_shown && !v->lay.too_small)
		tui_say(v, "panel: %s (the log covers it: e hides the log)",
			names[su->panel]);
	else
		tui_say(v, "panel: %s (P: next)", names[su->panel]);
}

static bool card_key(struct tui_view *v, int ch)
{
	struct shockui *su = &v->shockui;
	struct cardview *cv = &su->cv;
	const struct tui_mode_binding *b =
		tui_mode_binding_for(&v->keys, KM_CARD, ch);
	if (!b) {
		/* any other key closes the cards and goes on to the map (a
		 * digit answers the prompt under them) */
		shockui_close_cards(v);
		return false;
	}
	switch ((enum tui_card_cmd)b->cmd) {
	case CV_NEXT:
		if (cv->index + 1 < deck_count(su)) {
			cv->top = 0;
			build_card(v, cv->index + 1);
		} else {
			shockui_close_cards(v);
		}
		break;
	case CV_PREV:
		if (cv->index > 0) {
			cv->top = 0;
			build_card(v, cv->index - 1);
		} else {
			tui_say(v, "the first card");
		}
		break;
	case CV_UP:
	case CV_DOWN:
	case CV_PAGE_UP:
	case CV_PAGE_DOWN:
		if (cardview_scroll(cv, (enum tui_card_cmd)b->cmd))
			cv->dirty = true;
		break;
	case CV_CLOSE:
		shockui_close_cards(v);
		break;
	case CV_HELP:
		return false; /* the map's help, over the open viewer */
	case CV_COUNT:
		break;
	}
	return true;
}

/* The prompt module's full-screen question (who plays which side) or the
 * hotseat hand-over (RULINGS R9) stands over everything: its keys are its
 * own, and the viewer waits under it. */
static bool covered(const struct tui_view *v)
{
	return v->prompt.ask_kind || v->prompt.handover;
}

bool shockui_key(struct tui_view *v, int ch)
{
	struct shockui *su = &v->shockui;
	if (!tui_has_game(v->s) || covered(v))
		return false;
	sync(v);
	if (su->cv.open)
		return card_key(v, ch);
	/* outside the designation a key the player gave a map command
	 * (config.c) is the map's; else t and T say why they do nothing */
	const struct tui_mode_binding *b =
		tui_mode_binding_for(&v->keys, KM_SHOCK, ch);
	if (b && !shockui_designating(v->s) && tui_binding_for(&v->keys, ch))
		b = NULL;
	if (!b)
		return false;
	switch ((enum tui_shock_cmd)b->cmd) {
	case SU_GATHER:
		key_gather(v);
		return true;
	case SU_DONE:
		if (!shockui_designating(v->s)) {
			tui_say(v, "T: the Shock designation is not under way "
				   "(8.41)");
			return true;
		}
		tui_exec(v, "designate done");
		return true;
	case SU_DROP:
		if (su->ngathered == 0 && su->ndefenders == 0)
			return false; /* Esc means something else here */
		su->ngathered = su->ndefenders = 0;
		refresh_marks(v);
		tui_say(v, "attackers dropped");
		return true;
	case SU_LEGAL:
		return false; /* the map's own Enter */
	case SU_COUNT:
		break;
	}
	return false;
}

/* ------------------------------------------------------ the screen */

/* The rows the prompt box (prompt.h) may take at the bottom of the map
 * while it is up, so that the viewer leaves it in sight: its borders,
 * the line about the offer, at most five rows of answers, "more". */
static int prompt_room(const struct tui_view *v)
{
	const struct tui_prompt *p = &v->prompt;
	if (!p->shown || v->list_open)
		return 0;
	int rows = p->nkeys < 5 ? p->nkeys : 5;
	return 2 + (p->ask.detail[0] ? 1 : 0) + rows +
	       (p->ask.n > p->nkeys ? 1 : 0);
}

void shockui_render(struct tui_view *v)
{
	struct shockui *su = &v->shockui;
	if (!tui_has_game(v->s))
		return;
	sync(v);
	if (su->ngathered > 0 && shockui_designating(v->s) && !v->message[0]) {
		char att[CMD_LINE_MAX / 2], def[CMD_LINE_MAX / 2];
		gathered_text(v, att, sizeof att);
		ids_text(su->defenders, su->ndefenders, def, sizeof def);
		if (def[0])
			snprintf(v->message, sizeof v->message,
				 "attackers: %.60s against %.60s - t on more "
				 "enemies, t on a defender designates, Esc "
				 "drops (8.42)",
				 att, def);
		else
			snprintf(v->message, sizeof v->message,
				 "attackers: %.120s - t on an enemy designates, "
				 "Esc drops (8.42)",
				 att);
		v->dirty |= DIRTY_STATUS;
	}
	struct cardview *cv = &su->cv;
	if (!cv->open || v->lay.too_small || covered(v))
		return;
	const struct tui_layout *l = &v->lay;
	int area_h = l->map_h - prompt_room(v);
	if (area_h < 10)
		area_h = l->map_h;
	if (!cardview_placed_for(cv, l->map_y, l->map_x, area_h, l->map_w)) {
		int top = cv->top;
		bool had = cv->win != NULL;
		if (!cardview_place(cv, l->map_y, l->map_x, area_h, l->map_w))
			return;
		if (had && v->wmap) {
			/* a smaller window: the map it left shows again */
			touchwin(v->wmap);
			wnoutrefresh(v->wmap);
		}
		build_card(v, cv->index); /* at the new width */
		cv->top = top;
		cardview_clamp(cv);
	}
	if (cv->dirty)
		cardview_draw(cv);
	/* the map or the list under it was drawn again: the viewer lies
	 * over them */
	if (cv->dirty || (v->dirty & (DIRTY_MAP | DIRTY_LIST)) ||
	    v->nredraw_cells) {
		touchwin(cv->win);
		wnoutrefresh(cv->win);
	}
	cv->dirty = false;
}

/* ------------------------------------------------------- the panel */

static void append_card(char *buf, size_t n, const struct card *c)
{
	size_t at = strlen(buf);
	for (int i = 0; i < c->n && at < n; i++)
		at += (size_t)snprintf(buf + at, n - at, "%s\n", c->line[i]);
}

/* The panel's text for the leaders or the sequence view. */
static void panel_text(struct tui_view *v, char *buf, size_t n)
{
	struct shockui *su = &v->shockui;
	struct card *c = &su->scratch;
	card_init(c, CARD_WIDTH_MAX);
	c->no_rules = true; /* too narrow for them: the title cites them */
	buf[0] = '\0';
	if (su->panel == SUP_LEADERS) {
		snprintf(buf, n, "Leaders (5.1)  P next\n");
		for (int s = 0; s < 2; s++) {
			size_t at = strlen(buf);
			if (s == 1 && at + 1 < n)
				memcpy(buf + at, "\n", 2); /* a blank line */
			tui_card(v->s, MODE_CARD_LEADERS, s, 0, c, NULL);
			append_card(buf, n, c);
		}
	} else {
		snprintf(buf, n, "Sequence (3.0)  P next\n");
		tui_card(v->s, MODE_CARD_SEQUENCE, 0, 0, c, NULL);
		append_card(buf, n, c);
	}
}

/* Bytes of s that fill at most cols columns, cut after a space when one
 * lies in the second half. */
static size_t wrap_at(const char *s, size_t len, int cols)
{
	size_t i = 0;
	int k = 0;
	size_t space = 0;
	while (i < len) {
		if (((unsigned char)s[i] & 0xC0) != 0x80) {
			if (k == cols)
				break;
			k++;
		}
		if (s[i] == ' ' && k > cols / 2)
			space = i + 1;
		i++;
	}
	if (i < len && space)
		return space;
	return i;
}

bool shockui_draw_panel(struct tui_view *v, WINDOW *w, int h, int width)
{
	struct shockui *su = &v->shockui;
	if (su->panel == SUP_HEX || !tui_has_game(v->s)) {
		su->panel_drawn = false;
		return false;
	}
	char *text = su->scratch_text;
	panel_text(v, text, SHOCKUI_PANEL_TEXT);
	/* a cursor step changes neither view: nothing to draw again */
	if (su->panel_drawn && !(v->dirty & DIRTY_MAP) &&
	    su->drawn_top == v->panel_top &&
	    strcmp(text, su->panel_text) == 0)
		return true;
	memcpy(su->panel_text, text, SHOCKUI_PANEL_TEXT);
	su->panel_drawn = true;
	werase(w);
	for (int y = 0; y < h; y++) {
		cchar_t cc;
		wchar_t s[2] = {v->gl.border, L'\0'};
		if (setcchar(&cc, s, A_NORMAL, v->pal.dim, NULL) == OK)
			mvwadd_wch(w, y, 0, &cc);
	}
	/* the text folded into rows, then the rows from v->panel_top */
	struct {
		const char *p;
		int len, indent;
		bool head;
	} row[SHOCKUI_PANEL_ROWS];
	int n = 0;
	const char *p = text;
	bool head = true; /* the title, and a line after a blank one */
	while (*p && n < SHOCKUI_PANEL_ROWS) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		const char *next = nl ? nl + 1 : p + len;
		bool blank = len == 0;
		int indent = 0;
		do {
			size_t cut = wrap_at(p, len, width - indent);
			row[n].p = p;
			row[n].len = (int)cut;
			row[n].indent = indent;
			row[n++].head = head;
			p += cut;
			len -= cut;
			indent = 2;
		} while (len > 0 && n < SHOCKUI_PANEL_ROWS);
		head = blank;
		p = next;
	}
	char more[40];
	int rows = tui_panel_window(v, n, h, more, sizeof more);
	for (int y = 0; y < rows && v->panel_top + y < n; y++) {
		int i = v->panel_top + y;
		wattrset(w, row[i].head ? A_BOLD : A_NORMAL);
		mvwaddnstr(w, y, 2 + row[i].indent, row[i].p, row[i].len);
	}
	wattrset(w, A_NORMAL);
	if (more[0])
		mvwaddnstr(w, h - 1, 2, more, width);
	su->drawn_top = v->panel_top;
	return true;
}
