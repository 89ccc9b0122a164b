/* ruleset.h — the ruleset seam, its first brick: what names a ruleset and
 * what the program asks of it today.
 *
 * A ruleset (the rules of one game, its own folder under src/ and its data
 * under rules/NAME/) provides one constant `struct ruleset`; the program
 * hands the rulesets it was built with to whoever must choose one, as a
 * NULL-terminated array of pointers (the first is the default: a battle
 * file without `ruleset =`).  The game file's `ruleset` header and a
 * battle's ruleset are looked up by name here, so that nothing outside a
 * ruleset's folder names it.  Nothing here knows any ruleset.
 *
 * The map a view draws comes through it too: the map view-model
 * (mapview.h) and its overlays and descriptions.
 *
 * Still to come behind this seam: the session (journal, undo, branch,
 * replay, digests) moving into src/cmd, the pending decision, and the
 * view-model of the view's modes. */
#ifndef MANIPLE_RULESET_H
#define MANIPLE_RULESET_H

#include <stddef.h>

#include "maniple/mapview.h"

struct cmd_table;
struct game;
struct ini_error;

struct ruleset {
	const char *name;	/* as in a game file's `ruleset` header and
				 * the data directory rules/NAME/ */
	/* the command table a session of this ruleset runs */
	const struct cmd_table *(*commands)(void);
	/* reads the rules' tables from DIR (rules/NAME under the data
	 * directory) into g->tables: 0, or -1 with err filled */
	int (*load_tables)(struct game *g, const char *dir,
			   struct ini_error *err);
	/* the map view-model (mapview.h): g's board and pieces, a new view
	 * the caller frees with mapview_free (NULL without a map or
	 * memory) */
	struct map_view *(*map_view)(const struct game *g);
	/* g's pieces now into a view of the same board */
	void (*map_view_pieces)(const struct game *g, struct map_view *mv);
	/* an overlay of g computed now (mapview.h); returns its count */
	int (*map_overlay)(const struct game *g, enum mv_overlay_kind kind,
			   const char *who, struct mv_overlay *out);
	/* the piece with that id in words, for a view's hex description */
	void (*map_describe)(const struct game *g, const char *id,
			     struct mv_text *out);
};

/* The ruleset named NAME among KNOWN (NULL-terminated); NAME NULL or ""
 * gives the first, the default.  NULL when none has that name. */
const struct ruleset *ruleset_find(const struct ruleset *const *known,
				   const char *name);

/* As ruleset_find; when none has that name, NULL and the reason,
 * "unknown ruleset NAME (known: A, B)", in why. */
const struct ruleset *ruleset_lookup(const struct ruleset *const *known,
				     const char *name, char *why, size_t n);

/* KNOWN's names, ", " between them, into buf (for "unknown ruleset X
 * (known: ...)").  Returns buf. */
char *ruleset_names(const struct ruleset *const *known, char *buf, size_t n);

#endif
