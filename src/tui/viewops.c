/* viewops.c — what the view offers its modules (view.h): the
 * highlights, the cells to draw again, the status message, touching
 * every window; and the calls back up to the main loop through the
 * view's operations (v->ops, tui_main_ops in tui.c). */
#include <stdarg.h>
#include <stdio.h>

#include "view.h"

int tui_panel_window(struct tui_view *v, int n, int h, char *more,
		     size_t len)
{
	more[0] = '\0';
	if (n <= h || h < 2) {
		v->panel_top = 0;
		return h;
	}
	int rows = h - 1; /* the last row says what is out of sight */
	if (v->panel_top > n - rows)
		v->panel_top = n - rows;
	if (v->panel_top < 0)
		v->panel_top = 0;
	bool above = v->panel_top > 0, below = v->panel_top + rows < n;
	snprintf(more, len, "%s", above && below ? "... { back  } more"
				  : below	 ? "... (more: })"
						 : "... (back: {)");
	return rows;
}

void tui_render(struct tui_view *v)
{
	if (v->ops->render)
		v->ops->render(v);
}

void tui_exec(struct tui_view *v, const char *line)
{
	v->ops->exec(v, line);
}

void tui_set_cursor(struct tui_view *v, struct hex h)
{
	v->ops->set_cursor(v, h);
}

void tui_game_moved(struct tui_view *v)
{
	v->ops->game_moved(v);
}

void tui_load_legal(struct tui_view *v)
{
	v->ops->load_legal(v);
}

void tui_add_redraw(struct tui_view *v, struct hex h)
{
	if (hex_is_none(h) || (v->dirty & DIRTY_MAP))
		return;
	for (int i = 0; i < v->nredraw_cells; i++)
		if (hex_eq(v->redraw_cells[i], h))
			return;
	if (v->nredraw_cells == REDRAW_CELLS_MAX) {
		v->dirty |= DIRTY_MAP;
		return;
	}
	v->redraw_cells[v->nredraw_cells++] = h;
}

void tui_say(struct tui_view *v, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(v->message, sizeof v->message, fmt, ap);
	va_end(ap);
	v->dirty |= DIRTY_STATUS;
}

void tui_hl_clear(struct tui_view *v)
{
	for (int i = 0; i < v->nhl; i++)
		tui_add_redraw(v, v->hl[i].hex);
	v->nhl = 0;
}

void tui_hl_add(struct tui_view *v, struct hex h, enum tui_hl_kind kind,
		wchar_t mark)
{
	for (int i = 0; i < v->nhl; i++)
		if (hex_eq(v->hl[i].hex, h)) {
			v->hl[i].kind = kind;
			v->hl[i].mark = mark;
			tui_add_redraw(v, h);
			return;
		}
	if (v->nhl == TUI_HL_MAX || (unsigned)kind >= HL_KIND_COUNT)
		return;
	v->hl[v->nhl++] = (struct tui_hl){h, kind, mark};
	tui_add_redraw(v, h);
}

const struct tui_hl *tui_hl_at(const struct tui_view *v, struct hex h)
{
	for (int i = 0; i < v->nhl; i++)
		if (hex_eq(v->hl[i].hex, h))
			return &v->hl[i];
	return NULL;
}

void tui_touch_all(struct tui_view *v)
{
	WINDOW *ws[] = {v->wmap, v->wpanel, v->wstatus, v->wlog, v->wlist};
	for (size_t i = 0; i < sizeof ws / sizeof ws[0]; i++)
		if (ws[i])
			touchwin(ws[i]);
	v->dirty |= DIRTY_ALL;
}
