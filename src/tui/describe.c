/* describe.c — the words of the map view (see describe.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/pending.h"
#include "maniple/sequence.h"

#include "describe.h"

const struct map_hex *tui_map_hex(const struct map *m, struct hex h)
{
	if (!m || !m->hexes || h.col < m->col_min || h.col > m->col_max ||
	    h.row < m->row_min || h.row > m->row_max)
		return NULL;
	/* column-major, as map.h says */
	return &m->hexes[(h.col - m->col_min) * m->nrows + (h.row - m->row_min)];
}

const char *tui_terrain_name(int terrain)
{
	static const char *const names[TERRAIN_COUNT] = {
		"clear", "woods", "broken", "marsh", "impassable"};
	return terrain >= 0 && terrain < TERRAIN_COUNT ? names[terrain] : "?";
}

int tui_units_at(const struct game *g, struct hex h, const struct unit **out,
		 int max)
{
	int n = 0;
	for (int i = 0; i < g->nunits && n < max; i++) {
		const struct unit *u = &g->units[i];
		if (u->on_map && !u->eliminated && !u->off_map &&
		    footprint_occupies(&u->at, h))
			out[n++] = u;
	}
	return n;
}

int tui_leaders_at(const struct game *g, struct hex h,
		   const struct leader **out, int max)
{
	int n = 0;
	for (int i = 0; i < g->nleaders && n < max; i++) {
		const struct leader *l = &g->leaders[i];
		if (l->on_map && !l->killed && l->available && hex_eq(l->hex, h))
			out[n++] = l;
	}
	return n;
}

static void add_word(char *buf, size_t n, const char *w)
{
	size_t len = strlen(buf);
	snprintf(buf + len, n - len, "%s%s", len ? " " : "", w);
}

void tui_unit_markers(const struct unit *u, char *buf, size_t n)
{
	if (!n)
		return;
	buf[0] = '\0';
	if (u->routed)
		add_word(buf, n, "routed");
	if (u->at.in_column)
		add_word(buf, n, "in-column");
	if (u->depleted)
		add_word(buf, n, "depleted");
	if (u->missile != MC_NONE && u->supply == SUPPLY_LOW)
		add_word(buf, n, "missile-low");
	if (u->missile != MC_NONE && u->supply == SUPPLY_NO)
		add_word(buf, n, "missile-no");
	if (u->shock_must)
		add_word(buf, n, "shock-must-check");
	if (u->shock_no)
		add_word(buf, n, "shock-no-check");
	if (u->engaged)
		add_word(buf, n, "engaged");
	if (u->pursuit)
		add_word(buf, n, "pursuit");
	if (u->moved_turn || u->moved_phase)
		add_word(buf, n, "moved");
	if (u->double_depth)
		add_word(buf, n, "double-depth");
	if (u->scorpio_fire)
		add_word(buf, n, "fire-mode");
}

int tui_unit_marker_codes(const struct unit *u, char *buf, size_t n)
{
	const struct {
		bool on;
		char code;
	} m[] = {
		{u->routed, 'R'},
		{u->at.in_column, 'C'},
		{u->depleted, 'D'},
		{u->missile != MC_NONE && u->supply == SUPPLY_LOW, 'L'},
		{u->missile != MC_NONE && u->supply == SUPPLY_NO, 'N'},
		{u->shock_must, 'S'},
		{u->shock_no, 's'},
		{u->engaged, 'E'},
		{u->pursuit, 'P'},
		{u->moved_turn || u->moved_phase, 'M'},
	};
	int k = 0;
	if (!n)
		return 0;
	for (size_t i = 0; i < sizeof m / sizeof m[0] && (size_t)k + 1 < n; i++)
		if (m[i].on)
			buf[k++] = m[i].code;
	buf[k] = '\0';
	return k;
}

__attribute__((format(printf, 3, 4))) static void
line(struct panel_text *p, int width, const char *fmt, ...)
{
	if (p->n >= PANEL_LINES_MAX)
		return;
	if (width >= PANEL_LINE_MAX)
		width = PANEL_LINE_MAX - 1;
	if (width < 1)
		width = 1;
	char buf[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	size_t len = strlen(buf);
	if (len > (size_t)width)
		len = (size_t)width;
	memcpy(p->line[p->n], buf, len);
	p->line[p->n++][len] = '\0';
}

/* Words of a list on as many lines as they need, the first after lead. */
static void wrapped(struct panel_text *p, int width, const char *lead,
		    const char *words)
{
	char cur[PANEL_LINE_MAX];
	snprintf(cur, sizeof cur, "%s", lead);
	const char *w = words;
	while (*w) {
		while (*w == ' ')
			w++;
		size_t len = strcspn(w, " ");
		if (!len)
			break;
		size_t cl = strlen(cur);
		if (cl > 0 && cl + 1 + len > (size_t)width) {
			line(p, width, "%s", cur);
			snprintf(cur, sizeof cur, " ");
			cl = 1;
		}
		snprintf(cur + cl, sizeof cur - cl, "%s%.*s",
			 cl && cur[cl - 1] != ' ' ? " " : "", (int)len, w);
		w += len;
	}
	if (strlen(cur) > strlen(" "))
		line(p, width, "%s", cur);
}

static const char *side_id(const struct game *g, int side)
{
	if (side < 0 || side > 1 || !g->battle)
		return "?";
	return g->battle->sides[side].id;
}

static void missile_text(char *buf, size_t n, const char *what,
			 enum missile_class mc, enum missile_supply s)
{
	snprintf(buf, n, "%s %s %s", what, missile_class_name(mc),
		 missile_supply_name(s));
}

/* 2.2: everything the counter shows and every marker on it. */
static void describe_unit(const struct game *g, const struct unit *u,
			  int width, struct panel_text *p)
{
	char buf[128], a[8], b[8];
	line(p, width, "%s (%s)", u->id, side_id(g, u->side));
	wrapped(p, width, " ", u->name);
	line(p, width, " %s%s%s size %d TQ %d", unit_type_name(u->type),
	     u->cls[0] ? "/" : "", u->cls, u->size, u->tq);
	if (u->ma_ext)
		line(p, width, " hits %d  MA %d/%d", u->hits, u->ma, u->ma_ext);
	else
		line(p, width, " hits %d  MA %d", u->hits, u->ma);
	if (u->missile != MC_NONE) {
		missile_text(buf, sizeof buf, " missile", u->missile, u->supply);
		line(p, width, "%s", buf);
	} else {
		line(p, width, " missile none");
	}
	if (u->elephant != ELEPHANT_NONE) {
		line(p, width, " elephant %s", elephant_kind_name(u->elephant));
		if (u->tower != MC_NONE) {
			missile_text(buf, sizeof buf, " tower", u->tower,
				     u->tower_supply);
			line(p, width, "%s", buf);
		}
		if (u->screen != MC_NONE) {
			missile_text(buf, sizeof buf, " screen", u->screen,
				     u->screen_supply);
			line(p, width, "%s", buf);
		}
		if (u->leader_elephant[0])
			line(p, width, " carries %s", u->leader_elephant);
	}
	if (u->legion)
		line(p, width, " %s %d", u->ala ? "ala" : "legion", u->legion);
	if (footprint_two_hex(&u->at)) {
		hex_format(u->at.hex[0], a, sizeof a);
		hex_format(u->at.hex[1], b, sizeof b);
		line(p, width, " hexes %s/%s", a, b);
	}
	if (u->at.in_column)
		line(p, width, " in column heading %s",
		     hexside_name((enum hexside)u->at.facing));
	else
		line(p, width, " facing %s", facing_name((enum facing)u->at.facing));
	tui_unit_markers(u, buf, sizeof buf);
	wrapped(p, width, " markers:", buf[0] ? buf : "none");
}

/* 4.1: a leader's ratings; 5.1 his activation state. */
static void describe_leader(const struct game *g, const struct leader *l,
			    int width, struct panel_text *p)
{
	bool active = g->active_leader >= 0 && g->active_leader < g->nleaders &&
		      &g->leaders[g->active_leader] == l;
	line(p, width, "%s (%s)", l->id, side_id(g, l->side));
	wrapped(p, width, " ", l->name);
	line(p, width, " %s%s%s", leader_kind_name(l->kind), l->overall ? " overall" : "",
	     l->elite ? " elite" : "");
	line(p, width, " Init %d Range %d", l->initiative, l->command_range);
	line(p, width, " Line %d Strat %d Char %d", l->line_command,
	     l->strategy, l->charisma);
	if (l->restriction[0])
		line(p, width, " orders only %s", l->restriction);
	line(p, width, " %s%s", leader_state_name(l->state),
	     active ? ", the active leader" : "");
	line(p, width, " activations %d wounds %d", l->activations, l->wounds);
}

static void describe_hexsides(const struct map *m, struct hex h, int width,
			      struct panel_text *p)
{
	static const struct {
		unsigned bit;
		const char *name;
	} f[] = {{HSF_STREAM, "stream"}, {HSF_RIVER, "river"},
		 {HSF_RAMPART, "rampart"}, {HSF_ROMAN_ROAD, "road"},
		 {HSF_DIRT_ROAD, "track"}};
	const struct map_hex *mh = tui_map_hex(m, h);
	char buf[256] = "";
	for (size_t k = 0; k < sizeof f / sizeof f[0]; k++) {
		char sides[64] = "";
		for (int d = 0; d < HEXSIDE_COUNT; d++)
			if (mh->side[d] & f[k].bit) {
				size_t len = strlen(sides);
				snprintf(sides + len, sizeof sides - len, "%s%s",
					 len ? "," : "",
					 hexside_name((enum hexside)d));
			}
		if (sides[0]) {
			size_t len = strlen(buf);
			snprintf(buf + len, sizeof buf - len, "%s%s:%s",
				 len ? " " : "", f[k].name, sides);
		}
	}
	if (buf[0])
		wrapped(p, width, "", buf);
	if (mh->rampart_inside)
		line(p, width, "inside a camp");
}

void panel_describe(const struct game *g, struct hex h, int width,
		    struct panel_text *out)
{
	char num[8];
	const struct map *m = g->battle ? g->battle->map : NULL;
	const struct map_hex *mh = tui_map_hex(m, h);
	out->n = 0;
	hex_format(h, num, sizeof num);
	if (!mh) {
		line(out, width, "Hex %s: off the map", num);
		return;
	}
	line(out, width, "Hex %s %s lvl %d", num, tui_terrain_name(mh->terrain),
	     mh->elevation);
	describe_hexsides(m, h, width, out);

	const struct unit *u[TUI_PIECES_MAX];
	const struct leader *l[TUI_PIECES_MAX];
	int nu = tui_units_at(g, h, u, TUI_PIECES_MAX);
	int nl = tui_leaders_at(g, h, l, TUI_PIECES_MAX);
	if (!nu && !nl)
		line(out, width, "no units");
	for (int i = 0; i < nu; i++) {
		line(out, width, "%s", "");
		describe_unit(g, u[i], width, out);
	}
	for (int i = 0; i < nl; i++) {
		line(out, width, "%s", "");
		describe_leader(g, l[i], width, out);
	}
}

static const char *phase_label(enum phase p)
{
	static const char *const names[PHASE_COUNT] = {
		"A Leader Activation", "B1 Movement & Missile",
		"B2 Shock",	       "C Momentum",
		"D Rout & Reload",     "E Withdrawal",
		"battle over"};
	return (int)p >= 0 && p < PHASE_COUNT ? names[p] : "?";
}

static bool add_hex(struct hex h, struct hex *out, int *n, int max)
{
	if (hex_is_none(h))
		return true;
	for (int i = 0; i < *n; i++)
		if (hex_eq(out[i], h))
			return true;
	if (*n >= max)
		return false;
	out[(*n)++] = h;
	return true;
}

int tui_changed_hexes(const struct game *g, const struct unit *before,
		      int nb, const struct leader *lbefore, int nlb,
		      struct hex *out, int max)
{
	int n = 0;
	bool fits = true;
	int nu = g->nunits > nb ? g->nunits : nb;
	for (int i = 0; i < nu; i++) {
		const struct unit *a = &before[i], *b = &g->units[i];
		if (i < nb && i < g->nunits && !memcmp(a, b, sizeof *a))
			continue;
		for (int k = 0; k < 2; k++) {
			if (i < nb)
				fits = fits && add_hex(a->at.hex[k], out, &n, max);
			if (i < g->nunits)
				fits = fits && add_hex(b->at.hex[k], out, &n, max);
		}
	}
	int nl = g->nleaders > nlb ? g->nleaders : nlb;
	for (int i = 0; i < nl; i++) {
		const struct leader *a = &lbefore[i], *b = &g->leaders[i];
		if (i < nlb && i < g->nleaders && !memcmp(a, b, sizeof *a))
			continue;
		if (i < nlb)
			fits = fits && add_hex(a->hex, out, &n, max);
		if (i < g->nleaders)
			fits = fits && add_hex(b->hex, out, &n, max);
	}
	return fits ? n : -1;
}

static const char *side_name(const struct game *g, int side)
{
	const struct battle *b = g->battle;
	if (side < 0 || side > 1)
		return "either side";
	if (b && b->sides[side].name[0])
		return b->sides[side].name;
	return side ? "side 1" : "side 0";
}

void pending_describe(const struct game *g, char *buf, size_t n)
{
	enum seq_step st = seq_step_now(g);
	if (st == SEQ_NONE) {
		snprintf(buf, n, "no decision yet: continue goes on (3.0)");
		return;
	}
	if (st == SEQ_OVER) {
		int res = g->seq.result;
		if (res == RESULT_SIDE0 || res == RESULT_SIDE1)
			snprintf(buf, n, "battle over: %s wins (11.2)",
				 side_name(g, res == RESULT_SIDE0 ? 0 : 1));
		else if (res == RESULT_DRAW)
			snprintf(buf, n, "battle over: a draw (11.2)");
		else
			snprintf(buf, n, "battle over (11.2)");
		return;
	}
	/* the step in words, with the leader it concerns */
	static const char *const words[SEQ_STEP_COUNT] = {
		[SEQ_ELITE] = "elite initiative",
		[SEQ_ACTIVATE] = "activation",
		[SEQ_TRUMP_REPLY] = "trump reply",
		[SEQ_ORDERS] = "orders",
		[SEQ_MOMENTUM] = "momentum",
		[SEQ_REACTIVATE] = "re-activation",
		[SEQ_ROUT] = "rout move",
		[SEQ_REACTION] = "reaction",
		[SEQ_SHOCK] = "shock",
		[SEQ_ELEPHANT] = "elephant leaders",
	};
	const char *what = (unsigned)st < SEQ_STEP_COUNT && words[st]
				   ? words[st]
				   : seq_step_name(st);
	char who[80] = "";
	int a = g->active_leader;
	if ((st == SEQ_ORDERS || st == SEQ_MOMENTUM) && a >= 0 &&
	    a < g->nleaders)
		snprintf(who, sizeof who, " (%s)", g->leaders[a].name);
	else if (st == SEQ_TRUMP_REPLY && g->seq.trumped >= 0 &&
		 g->seq.trumped < g->nleaders)
		snprintf(who, sizeof who, " (against %s)",
			 g->leaders[g->seq.trumped].name);
	struct decision_answer *acts = calloc(256, sizeof *acts);
	struct decision d;
	decision_init(&d, acts, acts ? 256 : 0);
	if (acts)
		gboh_decision(g, &d);
	else
		d.side = seq_decision_side(g); /* the count unknown: 0 */
	free(acts);
	snprintf(buf, n, "%s: %s%s - %d legal action%s", side_name(g, d.side),
		 what, who, d.n, d.n == 1 ? "" : "s");
}

void status_describe(const struct game *g, char *buf, size_t n)
{
	const struct battle *b = g->battle;
	char turn[32], pending[160];
	if (b && b->turn_limit > 0)
		snprintf(turn, sizeof turn, "Turn %d/%d", g->turn, b->turn_limit);
	else
		snprintf(turn, sizeof turn, "Turn %d", g->turn);
	pending_describe(g, pending, sizeof pending);
	snprintf(buf, n, "%s | %s %s | %s", pending, turn,
		 phase_label(g->phase), b ? b->name : "?");
}
