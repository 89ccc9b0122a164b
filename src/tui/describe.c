/* describe.c — the words of the map view (see describe.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "describe.h"
#include "seam.h"

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
static void describe_piece(const struct session *s, const char *id, int width,
			   struct mv_text *t, struct panel_text *p)
{
	tui_describe_piece(s, id, t);
	for (int i = 0; i < t->n; i++)
		if (t->line[i].wrap)
			wrapped(p, width, t->line[i].lead, t->line[i].text);
		else
			line(p, width, "%s", t->line[i].text);
}

void panel_describe_ground(const struct map_view *mv, struct hex h,
			   const char *lead, int width, struct panel_text *out)
{
	const struct mv_hex *x = mv ? mapview_hex(mv, h) : NULL;
	if (!x)
		return;
	/* wrapped, so that a narrow panel keeps the level of a long name
	 * ("Hex 2014 major river" then " lvl 1") */
	char words[PANEL_LINE_MAX];
	snprintf(words, sizeof words, "%s lvl %d",
		 x->terrain < mv->nterrain ? mv->terrain[x->terrain].word : "?",
		 x->level);
	wrapped(out, width, lead, words);
	describe_hexsides(mv, x, width, out);
}

void panel_describe_hex(const struct map_view *mv, struct hex h, int width,
			struct panel_text *out)
{
	char lead[16] = "Hex ";
	hex_format(h, lead + 4, sizeof lead - 4);
	if (!mv || !mapview_hex(mv, h))
		line(out, width, "%s: off the map", lead);
	else
		panel_describe_ground(mv, h, lead, width, out);
}

void panel_describe_piece(const struct session *s, const char *id, int width,
			  struct mv_text *scratch, struct panel_text *out)
{
	describe_piece(s, id, width, scratch, out);
}

/* A piece in a line: "+sl1 1/5 skirmishers", "+tribune leader"; in a
 * narrow panel the class goes on under it ("+c_lc1 0/5 M light" then
 * " cavalry"), so that every piece of a stack shows whole. */
static void brief_piece(const struct mv_piece *p, int width,
			struct panel_text *out)
{
	char codes[12], lead[PANEL_LINE_MAX];
	if (p->gauge == MV_GAUGE_NONE) {
		snprintf(lead, sizeof lead, "+%s", p->id);
	} else {
		int nc = mapview_marker_codes(p, codes, sizeof codes);
		snprintf(lead, sizeof lead, "+%s %d/%d%s%s", p->id, p->value,
			 p->max, nc ? " " : "", codes);
	}
	wrapped(out, width, lead, p->class_name ? p->class_name : "");
}

int panel_stack_lines(const struct map_view *mv, struct hex h,
		      const char *except, int width, struct panel_text *out)
{
	int n0 = out->n;
	int u[TUI_PIECES_MAX], l[TUI_PIECES_MAX];
	int nu = mv ? mapview_pieces_at(mv, h, false, u, TUI_PIECES_MAX) : 0;
	int nl = mv ? mapview_pieces_at(mv, h, true, l, TUI_PIECES_MAX) : 0;
	for (int i = 0; i < nu + nl; i++) {
		const struct mv_piece *p = &mv->pieces[i < nu ? u[i] : l[i - nu]];
		if (!except || strcmp(p->id, except))
			brief_piece(p, width, out);
	}
	return out->n - n0;
}

void panel_describe_view(const struct map_view *mv, const struct session *s,
			 struct hex h, int width,
			 struct mv_text *scratch, struct panel_text *out)
{
	out->n = 0;
	panel_describe_hex(mv, h, width, out);
	if (!mv || !mapview_hex(mv, h))
		return;
	int u[TUI_PIECES_MAX], l[TUI_PIECES_MAX];
	int nu = mapview_pieces_at(mv, h, false, u, TUI_PIECES_MAX);
	int nl = mapview_pieces_at(mv, h, true, l, TUI_PIECES_MAX);
	if (!nu && !nl)
		line(out, width, "no units");
	/* a stack: each of its pieces in a line first, so that all are
	 * named though the panel's rows end before the last one's lines */
	if (nu + nl > 1)
		panel_stack_lines(mv, h, NULL, width, out);
	for (int i = 0; i < nu; i++) {
		line(out, width, "%s", "");
		describe_piece(s, mv->pieces[u[i]].id, width, scratch, out);
	}
	for (int i = 0; i < nl; i++) {
		line(out, width, "%s", "");
		describe_piece(s, mv->pieces[l[i]].id, width, scratch, out);
	}
}

void panel_describe(const struct session *s, struct hex h, int width,
		    struct panel_text *out)
{
	struct map_view *mv = tui_map_view(s);
	struct mv_text *t = malloc(sizeof *t);
	if (mv && t)
		panel_describe_view(mv, s, h, width, t, out);
	else
		out->n = 0;
	free(t);
	mapview_free(mv);
}

void pending_describe(const struct session *s, char *buf, size_t n)
{
	struct play_view pv;
	tui_play_view(s, &pv, true);
	snprintf(buf, n, "%s", pv.pending);
}

void status_describe(const struct session *s, char *buf, size_t n)
{
	struct play_view pv;
	tui_play_view(s, &pv, true);
	char turn[32];
	if (pv.turn_limit > 0)
		snprintf(turn, sizeof turn, "Turn %d/%d", pv.turn,
			 pv.turn_limit);
	else
		snprintf(turn, sizeof turn, "Turn %d", pv.turn);
	snprintf(buf, n, "%s | %s %s | %s", pv.pending, turn, pv.phase,
		 pv.battle);
}
