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
 * Behind it: the pending decision (decision.h), the view-model of the
 * ruleset's own modes (modeview.h) and the map view-model (mapview.h)
 * with its overlays and descriptions.  Still to come: the session
 * (journal, undo, branch, replay, digests) moving into src/cmd. */
#ifndef MANIPLE_RULESET_H
#define MANIPLE_RULESET_H

#include <stdbool.h>
#include <stddef.h>

#include "maniple/hex.h"
#include "maniple/mapview.h"
#include "maniple/modeview.h"

struct cmd_table;
struct decision;
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
	/* the pending decision (decision.h): fills d, over the room it was
	 * given by decision_init, from g (NULL: left empty) */
	void (*decide)(const struct game *g, struct decision *d);
	/* whether it is an answer asked for rather than free play (the
	 * decision's `answer`, without listing the answers) */
	bool (*decision_is_answer)(const struct game *g);
	/* the view-model of the ruleset's modes (modeview.h): Order mode
	 * now (steps: with the moving piece's steps and the group
	 * command's picks, else only the mode and the mover); what one step into a (b: a two-hex piece's second hex, or
	 * HEX_NONE) would come to; the ids of the pieces on h, the order a
	 * key acting on the hex tries them in (at most max, the count) */
	void (*order_view)(const struct game *g, struct order_view *ov,
			   bool steps);
	bool (*step_preview)(const struct game *g, struct hex a, struct hex b,
			     struct step_preview *out);
	int (*pieces_at)(const struct game *g, struct hex h,
			 char (*ids)[MODE_ID_MAX], int max);
	/* the shock designation now; one piece of it (false: no piece
	 * called id); the combat a decision asked by the events from
	 * `since` on waits at, or -1 */
	void (*shock_view)(const struct game *g, struct shock_view *sv);
	bool (*shock_piece)(const struct game *g, const char *id,
			    struct shock_piece *p);
	int (*shock_asked)(const struct game *g, size_t since);
	/* the cards (card.h): kind with its number (a combat, a side) into
	 * c, *fresh (may be NULL): how many of a combat's lines came from
	 * the events from `since` on; -1 when there is no such card.  And
	 * the first combat the events from `since` on touched, or -1 */
	int (*card)(const struct game *g, enum mode_card kind, int n,
		    size_t since, struct card *c, int *fresh);
	int (*card_touched)(const struct game *g, size_t since,
			    struct card *scratch);
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
