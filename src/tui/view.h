/* view.h — the map view's state (struct tui_view), shared by tui.c and
 * the modules that add modes, prompts and overlays to it.  The view never
 * changes the game itself: every module hands command lines to
 * tui_exec(), which runs them through the session. */
#ifndef MANIPLE_TUI_VIEW_H
#define MANIPLE_TUI_VIEW_H

#include <curses.h>
#include <stdbool.h>

#include "maniple/mapview.h"
#include "maniple/ruleset.h"
#include "maniple/session.h"

#include "aiplay.h"
#include "cmdline.h"
#include "config.h"
#include "describe.h"
#include "glyphs.h"
#include "keys.h"
#include "layout.h"
#include "logview.h"
#include "ordermode.h"
#include "prompt.h"
#include "shockui.h"
#include "teachui.h"
#include "reading.h"
#include "tutorial.h"

enum tui_mode { MODE_MAP, MODE_OVERVIEW, MODE_HELP };

enum {
	DIRTY_MAP = 1 << 0,	/* the whole map window */
	DIRTY_PANEL = 1 << 1,
	DIRTY_STATUS = 1 << 2,
	DIRTY_LOG = 1 << 3,
	DIRTY_LIST = 1 << 4,
	DIRTY_ALL = DIRTY_MAP | DIRTY_PANEL | DIRTY_STATUS | DIRTY_LOG |
		    DIRTY_LIST,
};

#define REDRAW_CELLS_MAX 64 /* more changed cells: redraw the whole map */
#define LEGAL_MAX 256

#define LEVELS 4 /* elevation shades: 0, 1, 2, 3 and more */

/* Highlighted hexes: what a mode or prompt marks on the map (legal
 * destinations, targets, the commanded line, shock marks, a prompt's
 * choices).  A highlighted cell shows its mark in the bottom right corner
 * and its bottom row underlined, in the kind's colour when there is
 * colour, so the marks read without colour too. */
enum tui_hl_kind {
	HL_DEST,	/* a hex the unit may step into */
	HL_TARGET,	/* a fire target, or a hex to answer a prompt with */
	HL_LINE,	/* a unit of the commanded line, a may-act unit */
	HL_MUST,	/* must do something (must shock) */
	HL_MAY,		/* may do something (may shock) */
	HL_KIND_COUNT
};

#define TUI_HL_MAX 128

struct tui_hl {
	struct hex hex;
	enum tui_hl_kind kind;
	wchar_t mark;		/* drawn in the corner; 0: the kind's own */
};

struct tui_palette {
	int ncolours;		/* 0, 8 or 256 */
	short terrain[TT_COUNT][LEVELS];
	short feature[TF_COUNT][LEVELS]; /* water blue, roads brown */
	short counter[2], leader[2];
	short good, warn, bad, dim;
	short plain; /* the terminal's own colours, every window's ground */
	short hl[HL_KIND_COUNT];	/* the highlight kinds' colours */
};

struct cellch {
	wchar_t ch;
	attr_t attr;
	short pair;
};

/* A message: a shock's whole result in sentences fits */
#define TUI_MESSAGE_MAX 4096

struct tui_view {
	/* the game is played through it, and seen only through the seam
	 * (seam.h) */
	struct session *s;
	const void *game;	/* the game as last seen (seam.h: tui_game_id) */
	/* what the map shows, from the game's ruleset (mapview.h): the
	 * board, and the pieces taken again after every command */
	struct map_view *mv;
	struct map_view *mv_before; /* its pieces before a command */
	unsigned char tslot[MV_CLASSES_MAX];	/* terrain class: its glyph */
	enum tui_feature fslot[MV_CLASSES_MAX]; /* feature: its glyph */
	struct mv_text ptext;	/* scratch for a piece's description */
	/* the map overlay shown (r, Z): none, the active leader's command
	 * range, or side ovl_zoc's ZOC; taken again after every command */
	bool ovl_on;
	enum mv_overlay_kind ovl_kind;
	int ovl_zoc;
	struct mv_overlay *ovl;
	bool legend;		/* MODE_HELP shows the map legend */
	bool detail_chosen;	/* + chose the map's detail, else by size */
	enum tui_detail detail;	/* the detail + chose */
	struct tui_legend *leg;	/* its lines, made when it opens */
	struct tui_glyphs gl;
	struct tui_palette pal;
	struct tui_layout lay;
	struct tui_viewport vp;
	WINDOW *wmap, *wpanel, *wstatus, *whelp, *wlog, *wlist;
	enum tui_mode mode;
	struct hex cursor;
	char unit_focus[MV_ID_MAX]; /* the last unit jumped to, "" */
	bool ovl_stack, ovl_cohesion, ovl_hexnum;
	bool goto_active;
	char goto_buf[5];
	int goto_len;
	int help_top;
	/* the message line: a result says all of it (reading.h), the
	 * status bar shows what its rows hold */
	char message[TUI_MESSAGE_MAX];
	/* the message tells a refusal or a lost link: a live game's "waiting
	 * for" line does not replace it until who owes changes */
	bool message_kept;
	unsigned dirty;
	struct hex redraw_cells[REDRAW_CELLS_MAX];
	int nredraw_cells;
	bool quit;
	bool typed;		/* tui_exec runs a line typed or listed */
	struct panel_text panel; /* scratch for the side panel */
	int panel_top;		/* the side panel's first line shown ({ }) */
	char status[512];	/* the status line, redone after each command */
	char status_seen[512];	/* the status line last shown on its row */
	struct tui_cmdline cl;	/* the `:` line */
	char completions[256];	/* Tab's candidates, shown while typing */
	struct tui_log log;	/* the event log panel's lines */
	int log_want;		/* -1 where there is room, 0 hidden, 1 shown */
	bool list_open;		/* the legal actions' list */
	struct decision_answer legal[LEGAL_MAX];
	int nlegal, list_sel, list_top;
	int colours;		/* tui_options.colours */
	const struct tui_config *config; /* tui_options.config */
	struct tui_keymap keys;		 /* the key tables in use (keys.h) */
	struct tui_hl hl[TUI_HL_MAX]; /* tui_hl_add */
	int nhl;
	struct tui_order om;	/* Order and Line modes (ordermode.h) */
	struct tui_prompt prompt; /* the prompt box, who plays (prompt.h) */
	struct shockui shockui;	/* shock designation, cards, panels (shockui.h) */
	struct replay *replay;	/* --replay: the file stepped through, else NULL */
	/* a live game's client (tui.h), else NULL; whether its seat owed
	 * the pending decision when last looked at */
	const struct tui_live *live;
	bool live_owed;
	struct tui_reading reading; /* results in words, the pane (reading.h) */
	struct teachui teach;	/* teach mode's narration box (teachui.h) */
	struct resume_offer *resume; /* the offer to resume (resume.h), or NULL */
	struct tui_tutorial tut; /* --tutorial: the lesson box (tutorial.h) */
	struct tui_aiplay ai;	/* the computer's sides (aiplay.h) */
	/* the main loop's operations (below), tui_main_ops */
	const struct tui_view_ops *ops;
};

/* ---- what the view offers the modules (viewops.c) ----
 * The modules call these and never the main loop (tui.c) by name: the
 * ones that go back up to it (running a command, moving the cursor, the
 * game moved, the legal list) go through v->ops, which tui.c fills
 * (tui_main_ops), so that the view's files call each other in no loop
 * larger than a few (../shared/tools/cycles). */
struct tui_view_ops {
	void (*render)(struct tui_view *v);
	void (*exec)(struct tui_view *v, const char *line);
	void (*set_cursor)(struct tui_view *v, struct hex h);
	void (*game_moved)(struct tui_view *v);
	void (*load_legal)(struct tui_view *v);
};
/* tui.c's, for every view (and the tests' views) */
extern const struct tui_view_ops tui_main_ops;

/* Draws what changed, now (between keys: the computer thinking). */
void tui_render(struct tui_view *v);
/* Runs one command line through the session, exactly as the `:` line
 * does: the game file gets it, the log shows it and its events, the
 * status line its outcome, the changed cells are redrawn. */
void tui_exec(struct tui_view *v, const char *line);
/* The cursor to h (the viewport follows); "edge of the map" off it. */
void tui_set_cursor(struct tui_view *v, struct hex h);
/* A cell to draw again at the next render. */
void tui_add_redraw(struct tui_view *v, struct hex h);
/* The legal actions now, into v->legal / v->nlegal. */
void tui_load_legal(struct tui_view *v);
/* A one-line message on the status bar until the next key. */
void tui_say(struct tui_view *v, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Highlights: clear them all (their cells are redrawn), or add one. */
void tui_hl_clear(struct tui_view *v);
void tui_hl_add(struct tui_view *v, struct hex h, enum tui_hl_kind kind,
		wchar_t mark);
/* The highlight on h, or NULL. */
const struct tui_hl *tui_hl_at(const struct tui_view *v, struct hex h);
/* Frees the map view-model the view took from the ruleset (whoever
 * frees a view made without tui_run, such as a test, calls this first). */
void tui_view_free_map(struct tui_view *v);
/* Every window to be drawn again (after an overlay closes). */
void tui_touch_all(struct tui_view *v);
/* The side panel's lines shown from v->panel_top (kept within the n lines
 * the h rows can show): returns how many of the h rows go to lines, the
 * last row then tells what more there is and its keys into more (""
 * when every line shows). */
int tui_panel_window(struct tui_view *v, int n, int h, char *more,
		     size_t len);
/* After the replay (replay.h) moved the session's game: the view takes
 * the game as it is now and redraws it all. */
void tui_game_moved(struct tui_view *v);

#endif
