/* mapview.c — the map view-model's containers (see mapview.h).  What goes
 * in them is the ruleset's business. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/mapview.h"

struct map_view *mapview_new(int col_min, int row_min, int ncols, int nrows)
{
	if (ncols < 0 || nrows < 0)
		return NULL;
	struct map_view *mv = calloc(1, sizeof *mv);
	if (!mv)
		return NULL;
	mv->col_min = col_min;
	mv->row_min = row_min;
	mv->col_max = col_min + ncols - 1;
	mv->row_max = row_min + nrows - 1;
	mv->ncols = ncols;
	mv->nrows = nrows;
	if (ncols && nrows) {
		mv->hexes = calloc((size_t)ncols * (size_t)nrows,
				   sizeof *mv->hexes);
		if (!mv->hexes) {
			free(mv);
			return NULL;
		}
	}
	return mv;
}

void mapview_free(struct map_view *mv)
{
	if (!mv)
		return;
	free(mv->hexes);
	free(mv);
}

struct mv_hex *mapview_hex_mut(struct map_view *mv, struct hex h)
{
	if (!mv || !mv->hexes || h.col < mv->col_min || h.col > mv->col_max ||
	    h.row < mv->row_min || h.row > mv->row_max)
		return NULL;
	return &mv->hexes[(size_t)(h.col - mv->col_min) * (size_t)mv->nrows +
			  (size_t)(h.row - mv->row_min)];
}

const struct mv_hex *mapview_hex(const struct map_view *mv, struct hex h)
{
	const struct mv_hex *x = mapview_hex_mut((struct map_view *)mv, h);
	return x && x->on_map ? x : NULL;
}

struct mv_piece *mapview_add_piece(struct map_view *mv)
{
	if (mv->npieces >= MV_PIECES_MAX)
		return NULL;
	struct mv_piece *p = &mv->pieces[mv->npieces++];
	memset(p, 0, sizeof *p);
	p->hex[0] = p->hex[1] = HEX_NONE;
	return p;
}

void mapview_add_marker(struct mv_piece *p, char code, const char *name)
{
	if (p->nmarkers >= MV_MARKERS_MAX)
		return;
	p->markers[p->nmarkers].code = code;
	p->markers[p->nmarkers].name = name;
	p->nmarkers++;
}

bool mapview_covers(const struct mv_piece *p, struct hex h)
{
	return (!hex_is_none(p->hex[0]) && hex_eq(p->hex[0], h)) ||
	       (!hex_is_none(p->hex[1]) && hex_eq(p->hex[1], h));
}

int mapview_pieces_at(const struct map_view *mv, struct hex h, bool leaders,
		      int *out, int max)
{
	int n = 0;
	for (int i = 0; i < mv->npieces && n < max; i++)
		if (mv->pieces[i].leader == leaders &&
		    mapview_covers(&mv->pieces[i], h))
			out[n++] = i;
	return n;
}

const struct mv_piece *mapview_piece(const struct map_view *mv,
				     const char *id)
{
	for (int i = 0; id && i < mv->npieces; i++)
		if (!strcmp(mv->pieces[i].id, id))
			return &mv->pieces[i];
	return NULL;
}

int mapview_marker_codes(const struct mv_piece *p, char *buf, size_t n)
{
	int k = 0;
	if (!n)
		return 0;
	for (int i = 0; i < p->nmarkers && (size_t)k + 1 < n; i++)
		if (p->markers[i].code)
			buf[k++] = p->markers[i].code;
	buf[k] = '\0';
	return k;
}

void mapview_marker_names(const struct mv_piece *p, char *buf, size_t n)
{
	if (!n)
		return;
	buf[0] = '\0';
	for (int i = 0; i < p->nmarkers; i++) {
		size_t len = strlen(buf);
		snprintf(buf + len, n - len, "%s%s", len ? " " : "",
			 p->markers[i].name ? p->markers[i].name : "?");
	}
}

bool mapview_hex_list_add(struct hex *out, int *n, int max, struct hex h)
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

static bool same_piece(const struct mv_piece *a, const struct mv_piece *b)
{
	if (strcmp(a->id, b->id) || a->leader != b->leader ||
	    a->active != b->active || a->routed != b->routed ||
	    a->side != b->side || a->glyph != b->glyph || a->mark != b->mark ||
	    a->face != b->face || a->facing != b->facing ||
	    !hex_eq(a->hex[0], b->hex[0]) || !hex_eq(a->hex[1], b->hex[1]) ||
	    a->gauge != b->gauge || a->value != b->value || a->max != b->max ||
	    a->nmarkers != b->nmarkers)
		return false;
	for (int i = 0; i < a->nmarkers; i++)
		if (a->markers[i].code != b->markers[i].code ||
		    a->markers[i].name != b->markers[i].name)
			return false;
	return true;
}

/* The piece of v with p's id and kind, or NULL. */
static const struct mv_piece *same_id(const struct map_view *v,
				      const struct mv_piece *p, int hint)
{
	if (hint < v->npieces && !strcmp(v->pieces[hint].id, p->id) &&
	    v->pieces[hint].leader == p->leader)
		return &v->pieces[hint];
	for (int i = 0; i < v->npieces; i++)
		if (!strcmp(v->pieces[i].id, p->id) &&
		    v->pieces[i].leader == p->leader)
			return &v->pieces[i];
	return NULL;
}

static bool add_piece_hexes(const struct mv_piece *p, struct hex *out, int *n,
			    int max)
{
	bool fits = true;
	for (int k = 0; k < 2; k++)
		fits = fits && mapview_hex_list_add(out, n, max, p->hex[k]);
	return fits;
}

int mapview_changed_hexes(const struct map_view *a, const struct map_view *b,
			  struct hex *out, int max)
{
	int n = 0;
	bool fits = true;
	/* pieces matched by id: one that left the map or came onto it
	 * changes only its own hexes */
	for (int i = 0; i < a->npieces; i++) {
		const struct mv_piece *pa = &a->pieces[i];
		const struct mv_piece *pb = same_id(b, pa, i);
		if (pb && same_piece(pa, pb))
			continue;
		fits = fits && add_piece_hexes(pa, out, &n, max);
		if (pb)
			fits = fits && add_piece_hexes(pb, out, &n, max);
	}
	for (int i = 0; i < b->npieces; i++)
		if (!same_id(a, &b->pieces[i], i))
			fits = fits && add_piece_hexes(&b->pieces[i], out, &n, max);
	return fits ? n : -1;
}

/* Copies the pieces of from into to (the board stays). */
void mapview_copy_pieces(struct map_view *to, const struct map_view *from)
{
	to->npieces = from->npieces;
	memcpy(to->pieces, from->pieces,
	       sizeof from->pieces[0] * (size_t)from->npieces);
}

void mv_overlay_add(struct mv_overlay *o, struct hex h, int value)
{
	if (o->n >= MV_OVERLAY_MAX)
		return;
	o->at[o->n].hex = h;
	o->at[o->n].value = value;
	o->n++;
}

const struct mv_overlay_hex *mv_overlay_at(const struct mv_overlay *o,
					   struct hex h)
{
	for (int i = 0; o && i < o->n; i++)
		if (hex_eq(o->at[i].hex, h))
			return &o->at[i];
	return NULL;
}

void mv_text_clear(struct mv_text *t)
{
	t->n = 0;
}

static struct mv_text_line *text_next(struct mv_text *t)
{
	if (t->n >= MV_TEXT_LINES)
		return NULL;
	struct mv_text_line *l = &t->line[t->n++];
	memset(l, 0, sizeof *l);
	return l;
}

void mv_text_line(struct mv_text *t, const char *fmt, ...)
{
	struct mv_text_line *l = text_next(t);
	if (!l)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(l->text, sizeof l->text, fmt, ap);
	va_end(ap);
}

void mv_text_wrap(struct mv_text *t, const char *lead, const char *words)
{
	struct mv_text_line *l = text_next(t);
	if (!l)
		return;
	l->wrap = true;
	snprintf(l->lead, sizeof l->lead, "%s", lead);
	snprintf(l->text, sizeof l->text, "%s", words);
}

int mapview_height(const struct map_view *mv, const struct mv_hex *mh)
{
	return mh->level - mv->base_level;
}
