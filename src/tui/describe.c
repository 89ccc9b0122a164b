/* describe.c — the words of the map view (see describe.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/pending.h"
#include "maniple/ruleset.h"
#include "maniple/sequence.h"

#include "describe.h"
#include "seam.h"

const struct map_hex *tui_map_hex(const struct map *m, struct hex h)
{
	if (!m || !m->hexes || h.col < m->col_min || h.col > m->col_max ||
	    h.row < m->row_min || h.row > m->row_max)
		return NULL;
	/* column-major, as map.h says */
	return &m->hexes[(h.col - m->col_min) * m->nrows + (h.row - m->row_min)];
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

/* The hexside features of x in the view-model's description order,
 * each with the sides it runs along: "stream:N,ENE road:S". */
static void describe_hexsides(const struct map_view *mv,
			      const struct mv_hex *x, int width,
			      struct panel_text *p)
{
	char buf[256] = "";
	for (int rank = 0; rank < mv->nfeatures; rank++)
		for (int k = 0; k < mv->nfeatures && k < MV_CLASSES_MAX; k++) {
			if (mv->features[k].list_rank != rank)
				continue;
			char sides[64] = "";
			for (int d = 0; d < HEXSIDE_COUNT; d++)
				if (x->side[d] & (1u << k)) {
					size_t len = strlen(sides);
					snprintf(sides + len, sizeof sides - len,
						 "%s%s", len ? "," : "",
						 hexside_name((enum hexside)d));
				}
			if (sides[0]) {
				size_t len = strlen(buf);
				snprintf(buf + len, sizeof buf - len, "%s%s:%s",
					 len ? " " : "", mv->features[k].word,
					 sides);
			}
		}
	if (buf[0])
		wrapped(p, width, "", buf);
	if (x->note)
		line(p, width, "%s", x->note);
}

/* A piece's lines from the ruleset, laid out in the panel's width. */
static void describe_piece(const struct ruleset *rs, const struct game *g,
			   const char *id, int width, struct mv_text *t,
			   struct panel_text *p)
{
	mv_text_clear(t);
	if (rs && rs->map_describe)
		rs->map_describe(g, id, t);
	for (int i = 0; i < t->n; i++)
		if (t->line[i].wrap)
			wrapped(p, width, t->line[i].lead, t->line[i].text);
		else
			line(p, width, "%s", t->line[i].text);
}

void panel_describe_view(const struct map_view *mv, const struct ruleset *rs,
			 const struct game *g, struct hex h, int width,
			 struct mv_text *scratch, struct panel_text *out)
{
	char num[8];
	const struct mv_hex *x = mv ? mapview_hex(mv, h) : NULL;
	out->n = 0;
	hex_format(h, num, sizeof num);
	if (!x) {
		line(out, width, "Hex %s: off the map", num);
		return;
	}
	line(out, width, "Hex %s %s lvl %d", num,
	     x->terrain < mv->nterrain ? mv->terrain[x->terrain].word : "?",
	     x->level);
	describe_hexsides(mv, x, width, out);

	int u[TUI_PIECES_MAX], l[TUI_PIECES_MAX];
	int nu = mapview_pieces_at(mv, h, false, u, TUI_PIECES_MAX);
	int nl = mapview_pieces_at(mv, h, true, l, TUI_PIECES_MAX);
	if (!nu && !nl)
		line(out, width, "no units");
	for (int i = 0; i < nu; i++) {
		line(out, width, "%s", "");
		describe_piece(rs, g, mv->pieces[u[i]].id, width, scratch, out);
	}
	for (int i = 0; i < nl; i++) {
		line(out, width, "%s", "");
		describe_piece(rs, g, mv->pieces[l[i]].id, width, scratch, out);
	}
}

void panel_describe(const struct game *g, struct hex h, int width,
		    struct panel_text *out)
{
	const struct ruleset *rs = tui_rules(g);
	struct map_view *mv = rs && rs->map_view ? rs->map_view(g) : NULL;
	struct mv_text *t = malloc(sizeof *t);
	if (mv && t)
		panel_describe_view(mv, rs, g, h, width, t, out);
	else
		out->n = 0;
	free(t);
	mapview_free(mv);
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
