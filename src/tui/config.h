/* config.h — the player's settings for the map view: key bindings and
 * colours, read from an INI file under the XDG config directory.
 *
 *     [file]              optional; when present kind = config, version = 1
 *     kind = config
 *     [keys]              command = key...   (as the `?` help names them)
 *     quit = x
 *     cursor east = l Right
 *     overlay hexnum = none
 *     line.complete = Tab  a mode's key: PREFIX.COMMAND (line, list)
 *     [colours]           role = colour name, default, or 0-255
 *     side1 = purple
 *     woods = 28
 *
 * Every bad entry is reported as "file:line: reason" and leaves that
 * setting at its default; the rest of the file still counts.  No curses
 * calls here except tui_config_recolour. */
#ifndef MANIPLE_TUI_CONFIG_H
#define MANIPLE_TUI_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "maniple/ini.h"

#include "glyphs.h"
#include "keys.h"

#define TUI_CONFIG_PATH_MAX	1024
#define TUI_CONFIG_ERRORS_MAX	32
#define TUI_CONFIG_KEYS_PER_CMD 4
#define TUI_CONFIG_BINDINGS_MAX (TC_COUNT * TUI_CONFIG_KEYS_PER_CMD + 64)
#define TUI_KEY_NAME_MAX	12

/* What a [colours] entry colours.  The terrain roles colour the terrain
 * glyphs (enum tui_terrain order), the feature roles the hexside marks (enum
 * tui_feature order), level1-level3 the background that shades a hex by its
 * elevation, side1 and side2 the counters (background) and leaders
 * (foreground) of the battle's first and second side; good, warn and bad
 * are the cohesion marks and refusals, dim the hex numbers and borders. */
enum tui_colour_role {
	TCR_TERRAIN,				   /* + enum tui_terrain */
	TCR_FEATURE = TCR_TERRAIN + TT_COUNT, /* + enum tui_feature */
	TCR_LEVEL1 = TCR_FEATURE + TF_COUNT,
	TCR_LEVEL2,
	TCR_LEVEL3,
	TCR_SIDE1,
	TCR_SIDE2,
	TCR_GOOD,
	TCR_WARN,
	TCR_BAD,
	TCR_DIM,
	TCR_COUNT
};

enum tui_colour_kind {
	TCK_UNSET,   /* keep the view's own colour */
	TCK_DEFAULT, /* the terminal's default colour */
	TCK_NAME,    /* a name glyphs.c knows: red, blue, ... */
	TCK_NUMBER   /* a colour number, 0-255 */
};

struct tui_colour_spec {
	enum tui_colour_kind kind;
	short number;
	char name[16];
	int line;
};

/* One [keys] entry: the command and the keys it gets (none: no key). */
struct tui_key_entry {
	enum tui_cmd cmd;
	int nkeys;
	int keys[TUI_CONFIG_KEYS_PER_CMD];
	char names[TUI_CONFIG_KEYS_PER_CMD][TUI_KEY_NAME_MAX];
	int line;
	bool dropped; /* refused after reading (a conflict) */
};

/* One [keys] entry for a mode's table ("line.complete = Tab",
 * "list.run = Enter Space"): the mode, its command (enum tui_line_cmd,
 * tui_list_cmd), the keys. */
#define TUI_CONFIG_MODE_ENTRIES 48
#define TUI_CONFIG_MODE_BINDINGS_MAX 48
struct tui_mode_key_entry {
	enum tui_keymode mode;
	int cmd;
	int nkeys;
	int keys[TUI_CONFIG_KEYS_PER_CMD];
	char names[TUI_CONFIG_KEYS_PER_CMD][TUI_KEY_NAME_MAX];
	int line;
	bool dropped;
};

struct tui_config {
	char path[TUI_CONFIG_PATH_MAX]; /* the file read, "" for none */
	/* [keys], in file order */
	struct tui_key_entry entries[TC_COUNT];
	int nentries;
	/* the map view's binding table with the entries applied */
	struct tui_binding bindings[TUI_CONFIG_BINDINGS_MAX];
	char key_names[TUI_CONFIG_BINDINGS_MAX][TUI_KEY_NAME_MAX];
	size_t nbindings;
	/* [keys] entries for the modes' tables, in file order, and the
	 * tables with them applied (changed: the mode has an entry left) */
	struct tui_mode_key_entry mentries[TUI_CONFIG_MODE_ENTRIES];
	int nmentries;
	struct tui_mode_binding mbindings[KM_COUNT][TUI_CONFIG_MODE_BINDINGS_MAX];
	char mkey_names[KM_COUNT][TUI_CONFIG_MODE_BINDINGS_MAX]
		       [TUI_KEY_NAME_MAX];
	size_t nmbindings[KM_COUNT];
	bool mchanged[KM_COUNT];
	/* [colours] */
	struct tui_colour_spec colour[TCR_COUNT];
	/* [club]: the live games' host (maniple host, join, games; 0 or ""
	 * where the file says nothing): the notify command, a server's life
	 * after its last client (s), a seated client's longest silence (s),
	 * the unfinished games a user may host at once, the days after
	 * which an untouched game (finished or abandoned) is cleaned */
	struct tui_club {
		char notify[400];
		int idle, seat_idle, games_per_user, clean_days;
	} club;
	/* "file:line: reason" for every refusal, ordered by line */
	struct ini_error errors[TUI_CONFIG_ERRORS_MAX];
	int nerrors;
	int more_errors; /* refusals past TUI_CONFIG_ERRORS_MAX */
};

/* No file: every default. */
void tui_config_init(struct tui_config *c);

/* Where the settings are: explicit (--config) when not NULL, else
 * $MANIPLE_CONFIG, else $XDG_CONFIG_HOME/maniple/maniple.ini (an absolute
 * XDG_CONFIG_HOME only, as the XDG spec says), else
 * $HOME/.config/maniple/maniple.ini.  *named is set when the path was asked
 * for (option or environment), so a missing file is an error.  False when
 * there is no place at all (no HOME) or the path does not fit. */
bool tui_config_locate(const char *explicit_path, char *out, size_t n,
		       bool *named);

/* Reads a file (or text) into c, which tui_config_init prepared.  True
 * when there was nothing to refuse; otherwise c->errors says what, and each
 * refused entry keeps its default. */
bool tui_config_read_file(struct tui_config *c, const char *path);
bool tui_config_read_text(struct tui_config *c, const char *name,
			  const char *text);

/* At start-up: c gets the file tui_config_locate finds (nothing when
 * there is none at the default place), its refusals printed on err.  True
 * when nothing was refused; c always holds usable settings. */
bool tui_config_load(struct tui_config *c, const char *explicit_path,
		     FILE *err);
/* --check-config: checks the file tui_config_locate finds; returns the
 * exit status (0 clean or no file at the default place, 2 refusals, a
 * missing named file, or no place). */
int tui_config_check_located(const char *explicit_path, FILE *out, FILE *err);

/* Prints the refusals, one "file:line: reason" a line. */
void tui_config_print_errors(const struct tui_config *c, FILE *f);

/* --check for a config file: reads it, prints "PATH: ok" on out or the
 * refusals on err; true when it is clean. */
bool tui_config_check(const char *path, FILE *out, FILE *err);

/* The key tables of c (NULL: the built-in ones) into km, for the view
 * (view.h): the help, the key line and every key then follow them.  km
 * points into c, which must outlive it. */
void tui_config_keymap(const struct tui_config *c, struct tui_keymap *km);

/* A key as the help names it ("h", "Up", "^L", "C-l", "F1", "Space", ...)
 * as a curses key code; canon gets the name the help shows.  False for a
 * name that is no key, and for Esc (kept for cancelling). */
bool tui_key_parse(const char *name, int *key, char *canon, size_t n);

/* A role's name in the file ("woods", "side1", ...). */
const char *tui_colour_role_name(enum tui_colour_role r);

/* The colour c sets for a role on a terminal with ncolours (8 or 256):
 * false when the file leaves it alone (or gives a number the terminal does
 * not have).  *light says whether black text reads better on it. */
bool tui_config_colour(const struct tui_config *c, enum tui_colour_role r,
		       int ncolours, short *colour, bool *light);

/* Colours an initialised curses colour pair for a role: the foreground, or
 * the background when background is true; a side's counter pair also gets
 * black or white text to suit.  Nothing when the role is not set. */
void tui_config_recolour(const struct tui_config *c, enum tui_colour_role r,
			 short pair, bool background, int ncolours);

#endif
