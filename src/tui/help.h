/* help.h — the `?` help ordered by the mode the player is in, and the
 * next-actor jump of `w` / `W`.  No curses calls here: the functions only
 * read the binding tables (keys.h) and the game, so tests drive them
 * directly. */
#ifndef MANIPLE_TUI_HELP_H
#define MANIPLE_TUI_HELP_H

#include <stdbool.h>
#include <stddef.h>

#include "maniple/decision.h"
#include "maniple/session.h"

#include "glyphs.h"
#include "keys.h"

/* The map's own keys stand for "no mode" where a keymode is asked for. */
#define TUI_HELP_MAP (-1)

/* The help's lines for the current keymode (an enum tui_keymode, or
 * TUI_HELP_MAP): first the current mode's keys under "now: TITLE:", then
 * the map's keys (when they are not the current ones), then every other
 * mode's table (a blank line and its title before each), then a blank
 * line and the map legend of gl.  tui_help_count says how many there
 * are; tui_help_line writes line i ("" for a blank one or an i past the
 * end). */
size_t tui_help_count(const struct tui_keymap *km, int current,
		      const struct tui_glyphs *gl);
void tui_help_line(const struct tui_keymap *km, int current,
		   const struct tui_glyphs *gl, size_t i, char *buf, size_t n);

/* The title line at the top of the help, naming the current mode. */
void tui_help_title(int current, char *buf, size_t n);

/* Whether id names a piece (unit or leader) that a legal action names:
 * some action's words include it. */
bool tui_actor_named(const struct decision_answer *legal, int nlegal,
		     const char *id);

/* `w` (step 1) and `W` (step -1): the next or previous unit or leader on
 * the map, in the map view-model's order (units, then leaders), that a legal action
 * names, or whose move is open, counted from the last piece standing at
 * `from` (the first one for a step back).  True with its hex and id;
 * false when no piece can act now. */
bool tui_next_actor(const struct session *s,
		    const struct decision_answer *legal, int nlegal,
		    struct hex from, int step, struct hex *hex, char *id,
		    size_t idn);

/* Texts that name keys, built from the tables in use so that they stay
 * true under the player's keys: the legal list's footer ("3/9  Enter
 * does it  : edits  Esc closes"), its hint for a key it does not know,
 * and the overview's status line. */
void tui_list_footer(const struct tui_keymap *km, int sel, int count, char *buf,
		     size_t n);
void tui_list_keys_hint(const struct tui_keymap *km, char *buf, size_t n);
void tui_overview_hint(const struct tui_keymap *km, char *buf, size_t n);

#endif
