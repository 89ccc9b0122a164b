/* gboh_mapview.h — these rules' map view-model (mapview.h), the bodies
 * of the ruleset's map_view, map_view_pieces, map_overlay and
 * map_describe (src/gboh/mapview.c). */
#ifndef MANIPLE_GBOH_MAPVIEW_H
#define MANIPLE_GBOH_MAPVIEW_H

#include "maniple/mapview.h"
#include "maniple/units.h"

struct game;

/* The board and the pieces of g; NULL without a map or memory. */
struct map_view *gboh_map_view(const struct game *g);
/* The pieces of g into mv (the board stays). */
void gboh_map_view_pieces(const struct game *g, struct map_view *mv);
/* An overlay (mapview.h) of g; returns its count. */
int gboh_map_overlay(const struct game *g, enum mv_overlay_kind kind,
		     const char *who, struct mv_overlay *out);
/* The unit or leader with that id in words (2.2, 4.1). */
void gboh_map_describe(const struct game *g, const char *id,
		       struct mv_text *out);
/* 2.1: a unit type's letter on the map: upper case heavy, lower case
 * light. */
char gboh_type_glyph(enum unit_type t);
/* The mark of leader k (index into g->leaders): a letter of his id or
 * name, or a digit, that no leader before him has (either side, either
 * case), so no two leaders share one. */
char gboh_leader_mark(const struct game *g, int k);

#endif
