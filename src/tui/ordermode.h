/* ordermode.h — the map view's Order mode (an open move, 6.1-6.2, 5.22)
 * and Line mode (an open Line Command, 4.3, 5.23).  Both are read from
 * the rules' view-model of the modes (modeview.h, through seam.h), never
 * kept apart from the game: a move is open, or a Line Command is.  Every
 * key issues a command of the language through tui_exec or only changes
 * the view; the keys are in this module's own binding tables (KM_ORDER,
 * KM_LINECMD in keys.h), which the `?` help lists. */
#ifndef MANIPLE_TUI_ORDERMODE_H
#define MANIPLE_TUI_ORDERMODE_H

#include <stdbool.h>
#include <stddef.h>

#include "maniple/decision.h"
#include "maniple/hex.h"

#include "describe.h"
#include "keys.h"

struct session;
struct tui_view;

enum tui_order_mode {
	OM_NONE,  /* neither: the map's keys only */
	OM_ORDER, /* a move is open (6.11) */
	OM_LINE,  /* a Line Command is open and no move (4.31) */
};

#define TUI_ORDER_LEGAL_MAX 256
#define TUI_TARGETS_MAX	    32

/* One target of fire targeting: a legal fire line, its hex, and the
 * number it needs (8.15; extended: a natural number, 8.16). */
struct tui_target {
	struct hex hex;
	int needed;
	bool extended;
	char line[DECISION_LINE_MAX];
};

/* The modes' state in struct tui_view (v->om). */
struct tui_order {
	bool targeting; /* `f`: fire targeting is on */
	bool marked;	/* the highlights up are these modes' */
	int ntargets, target_sel;
	struct tui_target target[TUI_TARGETS_MAX];
	/* the legal list opened by a chooser key shows only the lines that
	 * start with the words of `filter` and, when `filter_word` is set,
	 * hold that word too */
	char filter[DECISION_LINE_MAX];
	char filter_word[24];
	/* scratch for the legal actions */
	struct decision_answer legal[TUI_ORDER_LEGAL_MAX];
	int nlegal;
	struct panel_text scratch; /* the panel with the mover's block */
	struct panel_text desc;	   /* scratch: the mover's own lines */
	/* the mover the cursor last went to: a new move (from the legal
	 * list, the `:` line or a key) brings the cursor and the view to
	 * its unit */
	char followed[24];
};

/* What a key or a map command came to. */
enum tui_order_result {
	TUI_ORDER_NOT_MINE, /* the map's table decides */
	TUI_ORDER_DONE,	    /* taken */
	TUI_ORDER_LIST,	    /* taken: open the legal list (filtered) */
};

/* The mode now, from the game. */
enum tui_order_mode tui_order_mode_now(const struct session *s);


/* After each command (and at start): the highlights for the mode now
 * (HL_DEST with the MP cost of each legal step, HL_LINE on the units a
 * Line Command may still move); fire targeting ends. */
void tui_order_refresh(struct tui_view *v);
/* A key on the map, before the map's own table. */
enum tui_order_result tui_order_key(struct tui_view *v, int ch);
/* The map table's order keys (i, L, D: TC_ORDER, TC_LINE_COMMAND,
 * TC_ORDERS_DONE). */
enum tui_order_result tui_order_command(struct tui_view *v, enum tui_cmd c);
/* The legal list (v->legal, v->nlegal) narrowed by the filter a chooser
 * key set; the list's code calls it after loading. */
void tui_order_filter_legal(struct tui_view *v);
/* The legal list closed: the filter is off. */
void tui_order_list_closed(struct tui_view *v);
/* The second status line in these modes ("ORDER ve1  m step ...", with
 * "(4 MP)" after the mover when the side panel does not show its MP
 * left), fitted to the screen's width: the keys that matter least are
 * left out first (tui_fit_hints); false (buf untouched) in neither. */
bool tui_order_key_line(const struct tui_view *v, char *buf, size_t n);

/* The side panel's text in Order mode: the mover's block on top (its
 * name and MP left; on its own hex then its lines, its hex and the
 * pieces stacked with it, a line each, in the same rows at every step),
 * and on another hex the preview of the step there, then that hex (the
 * panel as given); while targeting, the target under the cursor on top
 * of the hex. */
void tui_order_panel(struct tui_view *v, int width, struct panel_text *panel);

/* Words, no curses (tested): the preview of the step into h of the open
 * move, in lines for the panel: "to 2616: 1 MP, 0 hits", "MP left
 * after: 4 (6.21)", or "no step to 2517 (rule 6.32): ...".  Returns the
 * lines written. */
int tui_order_preview_lines(const struct session *s, struct hex h, int width,
			    struct panel_text *out);
/* The legal fire lines now that name a target (`fire HEX`, `fire UNIT
 * HEX`, and `order ID fire HEX` for the unit or leader `id`, NULL none),
 * with the number each needs; returns the count. */
int tui_order_fire_targets(const struct session *s, const char *id,
			   struct tui_target *out, int max);
/* The legal `move` lines now, as destinations with their MP cost
 * (orders_step_preview); returns the count. */
int tui_order_destinations(const struct session *s, struct hex *out, int *cost,
			   int max);

#endif
