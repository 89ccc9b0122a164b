/* layout.c — screen geometry of the map view (see layout.h). */
#include "layout.h"

void tui_layout_compute(struct tui_layout *l, int w, int h)
{
	tui_layout_compute_log(l, w, h, -1);
}

void tui_layout_compute_log(struct tui_layout *l, int w, int h, int want_log)
{
	*l = (struct tui_layout){.w = w, .h = h};
	l->too_small = w < TUI_MIN_W || h < TUI_MIN_H;
	if (l->too_small)
		return;
	bool wide = w >= TUI_BOTH_W, tall = h >= TUI_BOTH_H;
	l->status_h = TUI_STATUS_H;
	l->status_y = h - TUI_STATUS_H;
	l->panel_w = TUI_PANEL_W;
	l->panel_x = w - TUI_PANEL_W;
	l->panel_y = 0;
	l->panel_h = h - TUI_STATUS_H;
	l->panel_shown = true;
	l->log_shown = want_log > 0 || (want_log < 0 && (wide || tall));
	if (l->log_shown && wide) {
		/* map | panel | log */
		int lw = (w - TUI_PANEL_W) / 3;
		lw = lw < TUI_LOG_W_MIN ? TUI_LOG_W_MIN
		     : lw > TUI_LOG_W_MAX ? TUI_LOG_W_MAX
					  : lw;
		l->log_w = lw;
		l->log_x = w - lw;
		l->log_y = 0;
		l->log_h = h - TUI_STATUS_H;
		l->panel_x = w - lw - TUI_PANEL_W;
	} else if (l->log_shown && tall) {
		/* the panel above, the log below, in one column */
		l->panel_h = (h - TUI_STATUS_H) / 2;
		l->log_x = l->panel_x;
		l->log_y = l->panel_h;
		l->log_w = TUI_PANEL_W;
		l->log_h = h - TUI_STATUS_H - l->panel_h;
	} else if (l->log_shown) {
		/* in the panel's place */
		l->panel_shown = false;
		l->log_x = l->panel_x;
		l->log_y = 0;
		l->log_w = TUI_PANEL_W;
		l->log_h = h - TUI_STATUS_H;
	}
	l->map_x = 0;
	l->map_y = 0;
	l->map_w = l->panel_x;
	l->map_h = h - TUI_STATUS_H;
}

static bool outlined(const struct tui_viewport *v)
{
	return v->detail == TUI_OUTLINED;
}

int viewport_cell_w(const struct tui_viewport *v)
{
	return outlined(v) ? TUI_OUT_CELL_W : TUI_COL_PITCH;
}

int viewport_cell_h(const struct tui_viewport *v)
{
	return outlined(v) ? TUI_OUT_CELL_H : TUI_ROW_PITCH;
}

void viewport_cell(const struct tui_viewport *v, struct hex h, int *x, int *y)
{
	if (outlined(v)) {
		*x = (h.col - v->col0) * TUI_OUT_COL_PITCH;
		*y = (h.row - v->row0) * TUI_OUT_ROW_PITCH +
		     (h.col & 1) * (TUI_OUT_ROW_PITCH / 2);
		return;
	}
	*x = (h.col - v->col0) * TUI_COL_PITCH;
	*y = (h.row - v->row0) * TUI_ROW_PITCH + (h.col & 1);
}

void viewport_glyph(const struct tui_viewport *v, struct hex h, int *x,
		    int *y)
{
	viewport_cell(v, h, x, y);
	if (outlined(v)) {
		*x += 3;
		*y += 1;
	} else {
		*x += 1;
	}
}

bool viewport_shows(const struct tui_viewport *v, struct hex h)
{
	int x, y;
	viewport_cell(v, h, &x, &y);
	return x >= 0 && y >= 0 && x + viewport_cell_w(v) <= v->w &&
	       y + viewport_cell_h(v) <= v->h;
}

bool viewport_touches(const struct tui_viewport *v, struct hex h)
{
	int x, y;
	viewport_cell(v, h, &x, &y);
	return x + viewport_cell_w(v) > 0 && y + viewport_cell_h(v) > 0 &&
	       x < v->w && y < v->h;
}

int viewport_cols(const struct tui_viewport *v)
{
	/* outlined: neighbours share two columns of their outlines */
	int n = outlined(v) ? (v->w - (TUI_OUT_CELL_W - TUI_OUT_COL_PITCH)) /
				      TUI_OUT_COL_PITCH
			    : v->w / TUI_COL_PITCH;
	return n > 0 ? n : 0;
}

int viewport_rows(const struct tui_viewport *v)
{
	/* the lower (odd) columns need one line more (outlined: two, and
	 * the bottom outline one) */
	int n = outlined(v) ? (v->h - TUI_OUT_ROW_PITCH / 2 -
			       (TUI_OUT_CELL_H - TUI_OUT_ROW_PITCH)) /
				      TUI_OUT_ROW_PITCH
			    : (v->h - 1) / TUI_ROW_PITCH;
	return n > 0 ? n : 0;
}

enum tui_detail viewport_detail_for(int w, int h)
{
	struct tui_viewport o = {.w = w, .h = h, .detail = TUI_OUTLINED};
	return viewport_cols(&o) >= TUI_MIN_COLS &&
			       viewport_rows(&o) >= TUI_MIN_ROWS
		       ? TUI_OUTLINED
		       : TUI_COMPACT;
}

static int clamp(int v, int lo, int hi)
{
	if (hi < lo)
		hi = lo;
	return v < lo ? lo : v > hi ? hi : v;
}

/* Keeps p inside [o + margin, o + span - 1 - margin] by moving o, then
 * keeps the window inside [lo, hi]. */
static int follow_axis(int o, int p, int span, int lo, int hi)
{
	if (span <= 0)
		return clamp(p, lo, hi);
	int margin = span >= 5 ? 1 : 0;
	if (p < o + margin)
		o = p - margin;
	if (p > o + span - 1 - margin)
		o = p - span + 1 + margin;
	return clamp(o, lo, hi - span + 1);
}

bool viewport_follow(struct tui_viewport *v, struct hex h, int col_min,
		     int col_max, int row_min, int row_max)
{
	int c0 = follow_axis(v->col0, h.col, viewport_cols(v), col_min, col_max);
	int r0 = follow_axis(v->row0, h.row, viewport_rows(v), row_min, row_max);
	bool moved = c0 != v->col0 || r0 != v->row0;
	v->col0 = c0;
	v->row0 = r0;
	return moved;
}

void overview_scale(int ncols, int nrows, int w, int h, int *cols_per_char,
		    int *rows_per_line)
{
	if (w < 1)
		w = 1;
	if (h < 1)
		h = 1;
	*cols_per_char = ncols > w ? (ncols + w - 1) / w : 1;
	*rows_per_line = nrows > h ? (nrows + h - 1) / h : 1;
}

enum hexside layout_east_side(struct hex h)
{
	return h.col & 1 ? SIDE_ENE : SIDE_ESE;
}

enum hexside layout_west_side(struct hex h)
{
	return h.col & 1 ? SIDE_WNW : SIDE_WSW;
}
