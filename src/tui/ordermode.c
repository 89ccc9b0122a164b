/* ordermode.c — Order mode and Line mode of the map view (ordermode.h).
 * What the modes show comes from the rules through the seam (seam.h):
 * the modes' view-model (modeview.h) names the moving piece, its legal
 * steps with their cost and the units a Line Command may still move; the
 * pending decision's answers are the lines the keys choose among, and
 * name the fire targets with the number each needs (the missile module
 * writes it on its lines); a step's preview gives the cost of a step
 * before it is taken, by the same checks `move` makes. */
#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ordermode.h"
#include "seam.h"
#include "view.h"

/* K U N J B Y: the hexside of each (enum hexside order). */
static int side_of_key(int key)
{
	static const char keys[] = "KUNJBY";
	const char *p = key > 0 && key < 128 ? strchr(keys, key) : NULL;
	return p ? (int)(p - keys) : -1;
}

static enum tui_order_mode mode_of(const struct order_view *ov)
{
	return ov->mode == OV_ORDER  ? OM_ORDER
	       : ov->mode == OV_LINE ? OM_LINE
				     : OM_NONE;
}

enum tui_order_mode tui_order_mode_now(const struct session *s)
{
	struct order_view ov;
	tui_order_view(s, &ov, false);
	return mode_of(&ov);
}

/* ---- words of the legal lines ---- */

/* line without its comment (" # needs 3 or less") into buf */
static void strip_comment(const char *line, char *buf, size_t n)
{
	snprintf(buf, n, "%s", line);
	char *c = strchr(buf, '#');
	if (c)
		*c = '\0';
	size_t len = strlen(buf);
	while (len > 0 && buf[len - 1] == ' ')
		buf[--len] = '\0';
}

/* line begins with the words of prefix */
static bool starts_words(const char *line, const char *prefix)
{
	size_t len = strlen(prefix);
	return !strncmp(line, prefix, len) &&
	       (line[len] == '\0' || line[len] == ' ');
}

/* line (before its comment) holds word w */
static bool has_word(const char *line, const char *w)
{
	char buf[DECISION_LINE_MAX];
	strip_comment(line, buf, sizeof buf);
	size_t len = strlen(w);
	for (const char *p = buf; (p = strstr(p, w)) != NULL; p++)
		if ((p == buf || p[-1] == ' ' || p[-1] == ',') &&
		    (p[len] == '\0' || p[len] == ' ' || p[len] == ','))
			return true;
	return false;
}

/* The i-th blank-separated word of line into buf (false: none). */
static bool word_at(const char *line, int i, char *buf, size_t n)
{
	const char *p = line;
	for (;;) {
		while (*p == ' ')
			p++;
		if (!*p || *p == '#')
			return false;
		size_t len = strcspn(p, " ");
		if (i-- == 0) {
			snprintf(buf, n, "%.*s", (int)len, p);
			return true;
		}
		p += len;
	}
}

/* The pending decision's answers (the legal list) into out. */
static int load_legal(struct decision_answer *out, const struct session *s)
{
	struct decision d;
	decision_init(&d, out, TUI_ORDER_LEGAL_MAX);
	return tui_decision(s, &d);
}

/* The mover's hex (HEX_NONE when no move is open), id and MP left. */
static struct hex mover_hex(const struct session *s)
{
	struct order_view ov;
	tui_order_view(s, &ov, false);
	return ov.mode == OV_ORDER ? ov.mover_hex[0] : HEX_NONE;
}

/* ---- destinations and targets ---- */

int tui_order_destinations(const struct session *s, struct hex *out, int *cost,
			   int max)
{
	struct order_view ov;
	tui_order_view(s, &ov, true);
	int n = 0;
	for (int i = 0; i < ov.nsteps && n < max; i++, n++) {
		/* a phalanx's step names two hexes (6.43): marked on the
		 * first */
		out[n] = ov.step[i].a;
		cost[n] = ov.step[i].cost;
	}
	return n;
}

/* "# needs 3 or less" / "# needs natural 0" */
static bool parse_needed(const char *line, int *needed, bool *extended)
{
	const char *c = strstr(line, "# needs ");
	if (!c)
		return false;
	c += 8;
	*extended = !strncmp(c, "natural ", 8);
	if (*extended)
		c += 8;
	char *end;
	long v = strtol(c, &end, 10);
	if (end == c)
		return false;
	*needed = (int)v;
	return true;
}

int tui_order_fire_targets(const struct session *s, const char *id,
			   struct tui_target *out, int max)
{
	struct decision_answer *legal =
		malloc(sizeof *legal * TUI_ORDER_LEGAL_MAX);
	int n = 0;
	if (!legal)
		return 0;
	int nl = load_legal(legal, s);
	char prefix[64] = "";
	if (id)
		snprintf(prefix, sizeof prefix, "order %s fire", id);
	for (int i = 0; i < nl && n < max; i++) {
		const char *line = legal[i].line;
		char w[DECISION_LINE_MAX];
		int at; /* the word holding the hex */
		if (starts_words(line, "fire")) {
			/* fire HEX | fire UNIT HEX */
			if (!word_at(line, 1, w, sizeof w))
				continue;
			struct hex h;
			at = hex_parse(w, &h) ? 1 : 2;
		} else if (prefix[0] && starts_words(line, prefix)) {
			at = 3;
		} else {
			continue;
		}
		struct tui_target t = {0};
		if (!word_at(line, at, w, sizeof w) || !hex_parse(w, &t.hex) ||
		    !parse_needed(line, &t.needed, &t.extended))
			continue;
		strip_comment(line, t.line, sizeof t.line);
		out[n++] = t;
	}
	free(legal);
	return n;
}

/* ---- highlights ---- */

static void set_highlights(struct tui_view *v)
{
	struct tui_order *om = &v->om;
	const struct session *s = v->s;
	enum tui_order_mode mode = tui_order_mode_now(s);
	if (om->targeting) {
		for (int i = 0; i < om->ntargets; i++) {
			const struct tui_target *t = &om->target[i];
			wchar_t mark = t->extended ? L'n'
				       : t->needed >= 0 && t->needed <= 9
					       ? (wchar_t)('0' + t->needed)
					       : L'+';
			if (!tui_hl_at(v, t->hex))
				tui_hl_add(v, t->hex, HL_TARGET, mark);
		}
		return;
	}
	if (mode == OM_ORDER) {
		struct hex h[16];
		int cost[16];
		int n = tui_order_destinations(s, h, cost, 16);
		for (int i = 0; i < n; i++)
			tui_hl_add(v, h[i], HL_DEST,
				   cost[i] >= 0 && cost[i] <= 9
					   ? (wchar_t)('0' + cost[i])
					   : 0);
	}
	if (mode == OM_LINE) {
		/* 4.31: the units (and the leader) a `pick` may still move */
		struct order_view ov;
		tui_order_view(s, &ov, true);
		for (int i = 0; i < ov.npicks; i++)
			tui_hl_add(v, ov.pick[i], HL_LINE, '=');
	}
}

/* The status line (status_describe's, redone after each command) names
 * the mode after the pending decision: "... - 12 legal actions | ORDER
 * ve1 | Turn 1/6 ...".  The MP left are in the panel's mover block (on
 * the key line when the panel does not show): a figure shown in three
 * places was rewritten three times at each step.  In Order mode the
 * count of legal actions is left out: it changes at almost every step
 * (the steps legal from the new hex) and would rewrite the whole line
 * after it; the legal list (Enter) still counts them. */
static void mode_in_status(struct tui_view *v)
{
	char what[64];
	struct order_view ov;
	tui_order_view(v->s, &ov, false);
	switch (mode_of(&ov)) {
	case OM_ORDER:
		snprintf(what, sizeof what, "ORDER %s", ov.mover);
		break;
	case OM_LINE:
		snprintf(what, sizeof what, "LINE COMMAND");
		break;
	default:
		return;
	}
	if (strstr(v->status, what))
		return;
	char *bar = strstr(v->status, " | ");
	size_t at = bar ? (size_t)(bar - v->status) : strlen(v->status);
	char rest[sizeof v->status];
	snprintf(rest, sizeof rest, "%s", v->status + at);
	if (mode_of(&ov) == OM_ORDER) {
		/* "Rome: orders (the Tribune) - 12 legal actions": the
		 * count's " - 12 legal actions" goes */
		char *dash = NULL;
		for (char *d = strstr(v->status, " - "); d && d < v->status + at;
		     d = strstr(d + 1, " - "))
			dash = d;
		int count, used = 0;
		if (dash && sscanf(dash, " - %d legal action%n", &count,
				   &used) == 1 && used > 0)
			at = (size_t)(dash - v->status);
	}
	snprintf(v->status + at, sizeof v->status - at, " | %s%s", what, rest);
	v->dirty |= DIRTY_STATUS;
}

/* 6.11: a move just opened (its mover is not the one followed last):
 * the cursor, and the view with it, go to the unit being ordered. */
static void follow_mover(struct tui_view *v)
{
	struct tui_order *om = &v->om;
	struct order_view ov;
	tui_order_view(v->s, &ov, false);
	if (ov.mode != OV_ORDER) {
		om->followed[0] = '\0';
		return;
	}
	if (!strcmp(om->followed, ov.mover))
		return;
	snprintf(om->followed, sizeof om->followed, "%s", ov.mover);
	if (!hex_is_none(ov.mover_hex[0]) && !hex_eq(v->cursor, ov.mover_hex[0]))
		tui_set_cursor(v, ov.mover_hex[0]);
}

void tui_order_refresh(struct tui_view *v)
{
	struct tui_order *om = &v->om;
	/* other modules' marks (prompts, shock) are left alone unless
	 * these modes are on or put marks up last */
	bool had = om->targeting || om->marked;
	om->targeting = false;
	om->ntargets = 0;
	om->marked = false;
	if (!tui_has_game(v->s))
		return;
	if (had || tui_order_mode_now(v->s) != OM_NONE)
		tui_hl_clear(v);
	int before = v->nhl;
	set_highlights(v);
	om->marked = v->nhl > before;
	mode_in_status(v);
	follow_mover(v);
}

/* ---- the panel and the key line ---- */

static void add_line(struct panel_text *out, int width, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void add_line(struct panel_text *out, int width, const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (width >= PANEL_LINE_MAX)
		width = PANEL_LINE_MAX - 1;
	if (width < 8)
		width = 8;
	/* folded at blanks to the width */
	const char *p = buf;
	bool first = true;
	while (*p && out->n < PANEL_LINES_MAX) {
		int room = first ? width : width - 2;
		int len = (int)strlen(p);
		if (len > room) {
			len = room;
			for (int k = room; k > room / 2; k--)
				if (p[k] == ' ') {
					len = k;
					break;
				}
		}
		snprintf(out->line[out->n++], PANEL_LINE_MAX, "%s%.*s",
			 first ? "" : "  ", len, p);
		p += len;
		while (*p == ' ')
			p++;
		first = false;
	}
}

int tui_order_preview_lines(const struct session *s, struct hex h, int width,
			    struct panel_text *out)
{
	int n0 = out->n;
	struct order_view ov;
	tui_order_view(s, &ov, true);
	if (ov.mode != OV_ORDER)
		return 0;
	const struct order_step *pair =
		ov.two_hex ? order_view_pair_from(&ov, h) : NULL;
	struct hex h2 = pair ? pair->b : HEX_NONE;
	char hs[16], h2s[16] = "";
	hex_format(h, hs, sizeof hs);
	if (!hex_is_none(h2)) {
		hex_format(h2, h2s, sizeof h2s);
		snprintf(hs + strlen(hs), sizeof hs - strlen(hs), ",%s", h2s);
	}
	if (hex_is_none(h2) &&
	    (hex_eq(h, ov.mover_hex[0]) || hex_eq(h, ov.mover_hex[1]))) {
		add_line(out, width, "the mover's hex");
		return out->n - n0;
	}
	struct step_preview p;
	if (tui_step_preview(s, h, h2, &p)) {
		add_line(out, width, "to %s: %d MP, %d hit%s", hs, p.mp, p.hits,
			 p.hits == 1 ? "" : "s");
		add_line(out, width, "MP left after: %d (6.21)", p.mp_left);
		if (p.may_check)
			add_line(out, width,
				 "a wheel in an enemy ZOC: a TQ check may add "
				 "a hit (6.44)");
		if (p.stops)
			add_line(out, width,
				 "enemy ZOC: the move ends there "
				 "(7.23)");
	} else {
		add_line(out, width, "no step to %s (rule %s): %s", hs, p.rule,
			 p.reason);
	}
	return out->n - n0;
}

/* The target lines for the panel while targeting. */
static void target_lines(const struct tui_view *v, struct panel_text *out,
			 int width)
{
	const struct tui_order *om = &v->om;
	add_line(out, width, "FIRE: %d target%s (8.1)", om->ntargets,
		 om->ntargets == 1 ? "" : "s");
	for (int i = 0; i < om->ntargets; i++) {
		const struct tui_target *t = &om->target[i];
		if (!hex_eq(t->hex, v->cursor))
			continue;
		if (t->extended)
			add_line(out, width, "%s: needs a natural %d (8.16)",
				 t->line, t->needed);
		else
			add_line(out, width, "%s: needs %d or less (8.15)",
				 t->line, t->needed);
	}
}

/* Whether the side panel shows the hex panel (with the mover's block in
 * Order mode): shown, and not turned to the leaders or the sequence. */
static bool hex_panel_shown(const struct tui_view *v)
{
	return v->lay.panel_shown && !v->lay.too_small &&
	       v->shockui.panel == SUP_HEX;
}

/* 6.1: the mover's block.  Its head and MP left always; on the mover's
 * own hex (where the cursor is after each step) then the ruleset's lines
 * of it (hits, facing, markers change in place), its hex (terrain,
 * hexsides) and the other pieces stacked with it, a line each: the same
 * rows at every step of the move, the lines whose number may vary from
 * hex to hex last, so that a step rewrites only what it changed. */
static void mover_block(struct tui_view *v, const struct order_view *ov,
			bool own, int width, struct panel_text *out)
{
	struct panel_text *desc = &v->om.desc;
	desc->n = 0;
	panel_describe_piece(v->s, ov->mover, width, &v->ptext, desc);
	add_line(out, width, "ORDER %s", desc->n ? desc->line[0] : ov->mover);
	/* the hex and the MP left side by side: a step changes both, and
	 * they go out as one run of characters */
	char a[8], b[8] = "";
	hex_format(ov->mover_hex[0], a, sizeof a);
	if (!hex_is_none(ov->mover_hex[1]))
		hex_format(ov->mover_hex[1], b, sizeof b);
	if (b[0])
		add_line(out, width, "Hex %s,%s (%d MP)", a, b, ov->mp_left);
	else
		add_line(out, width, "Hex %s (%d MP left)", a, ov->mp_left);
	if (!own)
		return;
	for (int i = 1; i < desc->n && out->n < PANEL_LINES_MAX; i++)
		memcpy(out->line[out->n++], desc->line[i], PANEL_LINE_MAX);
	for (int k = 0; k < 2; k++) {
		struct hex h = ov->mover_hex[k];
		if (hex_is_none(h))
			continue;
		char lead[16] = " terrain";
		if (b[0])
			snprintf(lead, sizeof lead, " %s", k ? b : a);
		panel_describe_ground(v->mv, h, lead, width, out);
		panel_stack_lines(v->mv, h, ov->mover, width, out);
	}
}

void tui_order_panel(struct tui_view *v, int width, struct panel_text *panel)
{
	struct panel_text *mine = &v->om.scratch;
	mine->n = 0;
	if (!tui_has_game(v->s))
		return;
	if (v->om.targeting) {
		target_lines(v, mine, width);
	} else {
		struct order_view ov;
		tui_order_view(v->s, &ov, false);
		if (ov.mode != OV_ORDER)
			return;
		/* on the mover's own hex the block says it all; on another
		 * the step there is previewed, then that hex is described */
		bool own = hex_eq(v->cursor, ov.mover_hex[0]) ||
			   hex_eq(v->cursor, ov.mover_hex[1]);
		mover_block(v, &ov, own, width, mine);
		if (own) {
			*panel = *mine;
			return;
		}
		if (mine->n < PANEL_LINES_MAX)
			mine->line[mine->n++][0] = '\0';
		tui_order_preview_lines(v->s, v->cursor, width, mine);
	}
	if (mine->n < PANEL_LINES_MAX)
		mine->line[mine->n++][0] =
			'\0'; /* a blank line, then the hex */
	for (int i = 0; i < panel->n && mine->n < PANEL_LINES_MAX; i++)
		memcpy(mine->line[mine->n++], panel->line[i], PANEL_LINE_MAX);
	*panel = *mine;
}

bool tui_order_key_line(const struct tui_view *v, char *buf, size_t n)
{
	if (!tui_has_game(v->s))
		return false;
	/* fitted to the screen's width (its last column left blank, as
	 * the map's key line leaves it): the mode, the mover and ? always,
	 * then the keys that make or end a step, then the rest */
	int width = v->lay.w > 1 ? v->lay.w - 1 : (int)n - 1;
	char head[64];
	if (v->om.targeting) {
		snprintf(head, sizeof head, "FIRE %d target%s", v->om.ntargets,
			 v->om.ntargets == 1 ? "" : "s");
		const struct tui_hint_part p[] = {
			{head, 0},	   {"Tab next", 1}, {"Enter fires", 0},
			{"Esc leaves", 0},
		};
		tui_fit_hints(p, (int)(sizeof p / sizeof p[0]), width, buf, n);
		return true;
	}
	struct order_view ov;
	tui_order_view(v->s, &ov, false);
	switch (mode_of(&ov)) {
	case OM_ORDER: {
		/* the MP left are in the panel's mover block when it shows */
		if (hex_panel_shown(v))
			snprintf(head, sizeof head, "ORDER %s", ov.mover);
		else
			snprintf(head, sizeof head, "ORDER %s (%d MP)",
				 ov.mover, ov.mp_left);
		const struct tui_hint_part p[] = {
			{head, 0},	  {"m step", 1},  {"KUNJBY side", 3},
			{"<> turn", 3},	  {"f fire", 2},  {"z form", 4},
			{"x halt", 1},	  {"D done", 2},  {"? keys", 0},
		};
		tui_fit_hints(p, (int)(sizeof p / sizeof p[0]), width, buf, n);
		return true;
	}
	case OM_LINE: {
		const struct tui_hint_part p[] = {
			{"LINE COMMAND", 0}, {"p pick", 1}, {"F fire", 2},
			{"E extend", 3},     {"L lines", 3}, {"D done", 1},
			{"? keys", 0},
		};
		tui_fit_hints(p, (int)(sizeof p / sizeof p[0]), width, buf, n);
		return true;
	}
	case OM_NONE:
		break;
	}
	return false;
}

/* ---- the legal list's filter ---- */

void tui_order_filter_legal(struct tui_view *v)
{
	struct tui_order *om = &v->om;
	if (!om->filter[0])
		return;
	int k = 0;
	for (int i = 0; i < v->nlegal; i++)
		if (starts_words(v->legal[i].line, om->filter) &&
		    (!om->filter_word[0] ||
		     has_word(v->legal[i].line, om->filter_word)))
			v->legal[k++] = v->legal[i];
	v->nlegal = k;
	if (v->list_sel >= v->nlegal)
		v->list_sel = v->nlegal ? v->nlegal - 1 : 0;
}

void tui_order_list_closed(struct tui_view *v)
{
	v->om.filter[0] = '\0';
	v->om.filter_word[0] = '\0';
}

/* How many legal lines the filter keeps; the one (when one) into one. */
static int count_filtered(struct tui_view *v, const char *prefix,
			  const char *word, char *one, size_t n)
{
	struct tui_order *om = &v->om;
	om->nlegal = load_legal(om->legal, v->s);
	int k = 0;
	for (int i = 0; i < om->nlegal; i++)
		if (starts_words(om->legal[i].line, prefix) &&
		    (!word || !word[0] || has_word(om->legal[i].line, word))) {
			if (!k && one)
				strip_comment(om->legal[i].line, one, n);
			k++;
		}
	return k;
}

static enum tui_order_result choose(struct tui_view *v, const char *prefix,
				    const char *word)
{
	snprintf(v->om.filter, sizeof v->om.filter, "%s", prefix);
	snprintf(v->om.filter_word, sizeof v->om.filter_word, "%s",
		 word ? word : "");
	return TUI_ORDER_LIST;
}

/* ---- keys ---- */

static void exec(struct tui_view *v, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void exec(struct tui_view *v, const char *fmt, ...)
{
	char line[DECISION_LINE_MAX + 32];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	tui_exec(v, line);
}

/* The ids of the pieces under the cursor: units first (top first), then
 * leaders; returns the count. */
static int ids_under_cursor(const struct tui_view *v,
			    char (*ids)[MODE_ID_MAX], int max)
{
	return tui_pieces_at(v->s, v->cursor, ids, max);
}

/* `pick` or `order` for the pieces under the cursor: the first piece the
 * legal list names runs its one line, or opens the chooser of its lines;
 * none listed: the command for the top piece, whose refusal says why. */
static enum tui_order_result act_on_pieces(struct tui_view *v,
					   const char *verb,
					   char (*ids)[MODE_ID_MAX], int nid)
{
	for (int i = 0; i < nid; i++) {
		char prefix[64], one[DECISION_LINE_MAX];
		snprintf(prefix, sizeof prefix, "%s %s", verb, ids[i]);
		int k = count_filtered(v, prefix, NULL, one, sizeof one);
		if (k == 1) {
			tui_exec(v, one);
			return TUI_ORDER_DONE;
		}
		if (k > 1)
			return choose(v, prefix, NULL);
	}
	exec(v, "%s %s", verb, ids[0]);
	return TUI_ORDER_DONE;
}


/* A step into h: the legal `move` line naming it first (a phalanx's
 * two hexes, 6.43), else `move CCRR` (its refusal says why not). */
static void step_into(struct tui_view *v, struct hex h)
{
	struct order_view ov;
	tui_order_view(v->s, &ov, true);
	const struct order_step *pair = order_view_pair_from(&ov, h);
	if (pair) {
		char line[DECISION_LINE_MAX];
		snprintf(line, sizeof line, "%s", pair->line);
		tui_exec(v, line);
		return;
	}
	char hs[16];
	hex_format(h, hs, sizeof hs);
	exec(v, "move %s", hs);
}

/* 7.12: one vertex round (6.73: one hexside In Column). */
static void turn(struct tui_view *v, int by)
{
	struct order_view ov;
	tui_order_view(v->s, &ov, false);
	if (ov.mode != OV_ORDER || ov.mover_leader) {
		tui_say(v, "leaders have no facing (6.15)");
		return;
	}
	int f = ((ov.facing + by) % 6 + 6) % 6;
	exec(v, "face %s",
	     ov.in_column ? hexside_name((enum hexside)f)
			  : facing_name((enum facing)f));
}

static void start_targeting(struct tui_view *v, const char *id, bool line_only)
{
	struct tui_order *om = &v->om;
	struct tui_target t[TUI_TARGETS_MAX];
	int n = tui_order_fire_targets(v->s, id, t, TUI_TARGETS_MAX);
	om->ntargets = 0;
	for (int i = 0; i < n; i++) {
		/* 5.23 #2: `F` takes the line's volleys (fire UNIT HEX) */
		char w[DECISION_LINE_MAX];
		struct hex h;
		bool of_line = starts_words(t[i].line, "fire") &&
			       word_at(t[i].line, 1, w, sizeof w) &&
			       !hex_parse(w, &h);
		if (line_only && !of_line)
			continue;
		om->target[om->ntargets++] = t[i];
	}
	if (!om->ntargets) {
		tui_say(v, line_only ? "no unit of a Line Command to fire has "
				       "a target now (5.23 #2; give one with "
				       ":line NAME fire)"
				     : "no target in range and line of sight "
				       "now (8.12, 8.13)");
		return;
	}
	tui_hl_clear(v);
	om->targeting = true;
	om->marked = true;
	om->target_sel = 0;
	set_highlights(v);
	tui_set_cursor(v, om->target[0].hex);
	v->dirty |= DIRTY_STATUS | DIRTY_PANEL;
}

static enum tui_order_result target_key(struct tui_view *v, int cmd)
{
	struct tui_order *om = &v->om;
	switch (cmd) {
	case OK_TARGET_NEXT:
	case OK_TARGET_PREV: {
		int step = cmd == OK_TARGET_NEXT ? 1 : -1;
		om->target_sel = ((om->target_sel + step) % om->ntargets +
				  om->ntargets) %
				 om->ntargets;
		tui_set_cursor(v, om->target[om->target_sel].hex);
		return TUI_ORDER_DONE;
	}
	case OK_TARGET_FIRE: {
		int at = -1;
		if (om->target_sel < om->ntargets &&
		    hex_eq(om->target[om->target_sel].hex, v->cursor))
			at = om->target_sel;
		for (int i = 0; at < 0 && i < om->ntargets; i++)
			if (hex_eq(om->target[i].hex, v->cursor))
				at = i;
		if (at < 0) {
			tui_say(v, "no target under the cursor: Tab goes to "
				   "one, Esc leaves");
			return TUI_ORDER_DONE;
		}
		char line[DECISION_LINE_MAX];
		snprintf(line, sizeof line, "%s", om->target[at].line);
		tui_exec(v, line); /* tui_order_refresh ends the targeting */
		return TUI_ORDER_DONE;
	}
	case OK_TARGET_LEAVE:
		tui_order_refresh(v);
		v->dirty |= DIRTY_STATUS | DIRTY_PANEL;
		return TUI_ORDER_DONE;
	default:
		return TUI_ORDER_NOT_MINE;
	}
}

/* No `line` line is legal: the rules' reason when the leader may give
 * no Line Command at all (5.21 after an Individual Order, 4.33, 4.24
 * ...), the same a typed `line NAME` gets; else none of his lines may
 * take one now. */
static void no_line_command(struct tui_view *v)
{
	struct order_view ov;
	tui_order_view(v->s, &ov, false);
	if (ov.group_refusal[0])
		tui_say(v, "no Line Command now (rule %s): %s", ov.group_rule,
			ov.group_refusal);
	else
		tui_say(v, "no Line Command may be given now (5.23, 4.3)");
}

/* 5.23 #2: `F`: the volleys of a Line Command to fire, when one is
 * given; else the `:` line holding `line NAME fire` to give one (the
 * legal list names the lines, not which of them may fire). */
static void line_fire(struct tui_view *v)
{
	struct tui_target t[TUI_TARGETS_MAX];
	int n = tui_order_fire_targets(v->s, NULL, t, TUI_TARGETS_MAX);
	for (int i = 0; i < n; i++) {
		char w[DECISION_LINE_MAX];
		struct hex h;
		if (word_at(t[i].line, 1, w, sizeof w) && !hex_parse(w, &h)) {
			start_targeting(v, NULL, true);
			return;
		}
	}
	char one[DECISION_LINE_MAX], name[DECISION_LINE_MAX];
	int k = count_filtered(v, "line", NULL, one, sizeof one);
	if (!k) {
		no_line_command(v);
		return;
	}
	char text[DECISION_LINE_MAX + 16] = "line ";
	if (k == 1 && word_at(one, 1, name, sizeof name))
		snprintf(text, sizeof text, "line %s fire", name);
	cmdline_open_with(&v->cl, text);
	/* shown over the line while it is typed (as Tab's candidates are) */
	snprintf(v->completions, sizeof v->completions,
		 "a Line Command to fire (5.23 #2): line NAME fire, Enter "
		 "gives it, Esc cancels");
	v->dirty |= DIRTY_STATUS;
}

static enum tui_order_result line_key(struct tui_view *v, int cmd)
{
	char ids[TUI_PIECES_MAX * 2][MODE_ID_MAX];
	int nid = ids_under_cursor(v, ids, TUI_PIECES_MAX * 2);
	switch (cmd) {
	case OK_PICK: {
		if (!nid) {
			tui_say(v,
				"no unit or leader under the cursor to pick");
			return TUI_ORDER_DONE;
		}
		return act_on_pieces(v, "pick", ids, nid);
	}
	case OK_LINE_FIRE:
		line_fire(v);
		return TUI_ORDER_DONE;
	case OK_EXTEND: {
		char hs[16];
		hex_format(v->cursor, hs, sizeof hs);
		if (count_filtered(v, "extend", hs, NULL, 0))
			return choose(v, "extend", hs);
		if (count_filtered(v, "extend", NULL, NULL, 0))
			return choose(v, "extend", NULL);
		tui_say(v, "no Manipular Line Extension now (9.68)");
		return TUI_ORDER_DONE;
	}
	default:
		return TUI_ORDER_NOT_MINE;
	}
}

static enum tui_order_result order_key(struct tui_view *v, int cmd, int key)
{
	switch (cmd) {
	case OK_STEP:
		step_into(v, v->cursor);
		break;
	case OK_SIDE:
		if (side_of_key(key) < 0)
			return TUI_ORDER_NOT_MINE;
		step_into(v, hex_neighbour(mover_hex(v->s),
					   (enum hexside)side_of_key(key)));
		break;
	case OK_TURN_LEFT:
		turn(v, -1);
		break;
	case OK_TURN_RIGHT:
		turn(v, 1);
		break;
	case OK_FIRE:
		start_targeting(v, NULL, false);
		return TUI_ORDER_DONE;
	case OK_FORM:
		if (count_filtered(v, "form", NULL, NULL, 0))
			return choose(v, "form", NULL);
		tui_say(v, "no formation change now (6.71, 6.75)");
		return TUI_ORDER_DONE;
	case OK_HALT:
		tui_exec(v, "halt");
		return TUI_ORDER_DONE;
	case OK_DEPTH:
		tui_exec(v, "depth");
		return TUI_ORDER_DONE;
	default:
		return TUI_ORDER_NOT_MINE;
	}
	/* after a step or a turn the cursor stays with the mover */
	if (tui_order_mode_now(v->s) == OM_ORDER)
		tui_set_cursor(v, mover_hex(v->s));
	return TUI_ORDER_DONE;
}

enum tui_order_result tui_order_key(struct tui_view *v, int ch)
{
	if (!tui_has_game(v->s))
		return TUI_ORDER_NOT_MINE;
	struct order_view ov;
	tui_order_view(v->s, &ov, false);
	enum tui_order_mode mode = mode_of(&ov);
	const struct tui_mode_binding *b =
		tui_mode_binding_for(&v->keys, KM_ORDER, ch);
	if (v->om.targeting) {
		if (b && b->cmd >= OK_TARGET_NEXT && b->cmd <= OK_TARGET_LEAVE)
			return target_key(v, b->cmd);
		if (ch == 27)
			return target_key(v, OK_TARGET_LEAVE);
	}
	if (mode == OM_ORDER && b && b->cmd < OK_TARGET_NEXT)
		return order_key(v, b->cmd, ch);
	if (mode != OM_NONE && ov.group_open) {
		const struct tui_mode_binding *lb =
			tui_mode_binding_for(&v->keys, KM_LINECMD, ch);
		if (lb)
			return line_key(v, lb->cmd);
	}
	/* 5.23 #2: `F` on the map: a Line Command to fire */
	if (mode == OM_NONE && ov.orders) {
		const struct tui_mode_binding *lb =
			tui_mode_binding_for(&v->keys, KM_LINECMD, ch);
		if (lb && lb->cmd == OK_LINE_FIRE)
			return line_key(v, lb->cmd);
	}
	/* 5.22 #2: `f` on the map: the unit under the cursor ordered to
	 * fire without moving */
	if (mode != OM_ORDER && b && b->cmd == OK_FIRE && ov.orders) {
		char ids[TUI_PIECES_MAX * 2][MODE_ID_MAX];
		int nid = ids_under_cursor(v, ids, TUI_PIECES_MAX * 2);
		for (int i = 0; i < nid; i++) {
			struct tui_target t[1];
			if (tui_order_fire_targets(v->s, ids[i], t, 1)) {
				start_targeting(v, ids[i], false);
				return TUI_ORDER_DONE;
			}
		}
		tui_say(v, "nothing under the cursor may be ordered to fire "
			   "now (5.22 #2, 8.11)");
		return TUI_ORDER_DONE;
	}
	return TUI_ORDER_NOT_MINE;
}

enum tui_order_result tui_order_command(struct tui_view *v, enum tui_cmd c)
{
	if (!tui_has_game(v->s))
		return TUI_ORDER_DONE;
	switch (c) {
	case TC_ORDER: {
		char ids[TUI_PIECES_MAX * 2][MODE_ID_MAX];
		int nid = ids_under_cursor(v, ids, TUI_PIECES_MAX * 2);
		if (!nid) {
			tui_say(v, "no unit or leader under the cursor to "
				   "order");
			return TUI_ORDER_DONE;
		}
		return act_on_pieces(v, "order", ids, nid);
	}
	case TC_LINE_COMMAND:
		if (count_filtered(v, "line", NULL, NULL, 0))
			return choose(v, "line", NULL);
		no_line_command(v);
		return TUI_ORDER_DONE;
	case TC_ORDERS_DONE:
		tui_exec(v, "orders done");
		return TUI_ORDER_DONE;
	case TC_CONTINUE: {
		/* 3.0: the sequence goes on when nobody owes a decision (the
		 * decision's own answer); else say who owes one */
		struct decision_answer *legal = v->om.legal;
		struct decision d;
		decision_init(&d, legal, TUI_ORDER_LEGAL_MAX);
		tui_decision(v->s, &d);
		if (decision_find(&d, "continue") >= 0)
			tui_exec(v, "continue");
		else
			tui_say(v, "Space: the sequence waits for %s (%s): "
				   "nothing to continue",
				d.what[0] ? d.what : "a decision",
				d.rule[0] ? d.rule : "3.0");
		return TUI_ORDER_DONE;
	}
	default:
		return TUI_ORDER_NOT_MINE;
	}
}
