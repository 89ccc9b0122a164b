/* mapview.c — these rules' map view-model (mapview.h): the board, the
 * pieces and their markers, the overlays a view may ask for (4.21
 * Command Range, 7.2 zones of control, a move's steps and their cost), and
 * each piece in words.  The view draws only what this file hands it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/battle.h"
#include "maniple/command.h"
#include "maniple/game.h"
#include "maniple/gba_charge.h"
#include "maniple/mapview.h"
#include "maniple/movement.h"
#include "maniple/orders.h"
#include "maniple/pending.h"
#include "maniple/units.h"

#include "maniple/gboh_mapview.h"
#include "maniple/sequence.h"

/* 6.23: a hex's majority terrain, in enum terrain's order */
static const struct mv_class terrain_classes[TERRAIN_COUNT] = {
	[TERRAIN_CLEAR] = {"clear", "clear", 0},
	[TERRAIN_WOODS] = {"woods", "woods", 1},
	[TERRAIN_BROKEN] = {"broken", "broken", 2},
	[TERRAIN_MARSH] = {"marsh", "marsh", 3},
	[TERRAIN_IMPASSABLE] = {"impassable", "impassable", 4},
	[TERRAIN_MAJOR_RIVER] = {"major river", "major river", 5},
	[TERRAIN_ROCKY_RIVER_BED] = {"rocky river bed", "rocky river bed", 6},
};

/* 6.24, 6.27: the hexside features, the one a player must see first
 * first; the description names them stream, river, rampart, road,
 * track */
enum {
	F_RIVER,
	F_STREAM,
	F_RAMPART,
	F_ROMAN_ROAD,
	F_DIRT_ROAD,
	F_WALL,
	F_MINOR_RIVER,
	F_STEEP_BANK,
	F_COUNT
};
/* GBA 6.26, 6.29: a minor river is drawn as a river and told apart in
 * words; a gate is a road through a wall */
static const struct mv_class feature_classes[F_COUNT] = {
	[F_RIVER] = {"river", "river", 1},
	[F_STREAM] = {"stream", "stream", 0},
	[F_RAMPART] = {"camp rampart", "rampart", 2},
	[F_ROMAN_ROAD] = {"Roman road", "road", 3},
	[F_DIRT_ROAD] = {"dirt road", "track", 4},
	[F_WALL] = {"city wall", "wall", 5},
	[F_MINOR_RIVER] = {"river", "minor river", 6},
	[F_STEEP_BANK] = {"steep bank", "steep bank", 7},
};
static const unsigned feature_bit[F_COUNT] = {
	[F_RIVER] = HSF_RIVER,
	[F_STREAM] = HSF_STREAM,
	[F_RAMPART] = HSF_RAMPART,
	[F_ROMAN_ROAD] = HSF_ROMAN_ROAD,
	[F_DIRT_ROAD] = HSF_DIRT_ROAD,
	[F_WALL] = HSF_WALL,
	[F_MINOR_RIVER] = HSF_MINOR_RIVER,
	[F_STEEP_BANK] = HSF_STEEP_BANK,
};

/* 2.1: one letter per unit type, upper case heavy, lower case light */
char gboh_type_glyph(enum unit_type t)
{
	static const char g[UNIT_TYPE_COUNT] = {
		[UT_PH] = 'P', [UT_HI] = 'H', [UT_LG] = 'L', [UT_MI] = 'M',
		[UT_BI] = 'B', [UT_LI] = 'i', [UT_LP] = 'p', [UT_SK] = 's',
		[UT_HC] = 'C', [UT_RC] = 'R', [UT_LN] = 'N', [UT_LC] = 'c',
		[UT_EL] = 'E', [UT_AT] = 'A', [UT_CH] = 'W'};
	return (int)t >= 0 && t < UNIT_TYPE_COUNT ? g[t] : '?';
}

/* 2.1: the unit types in words, for a legend */
static const char *type_words(enum unit_type t)
{
	static const char *const w[UNIT_TYPE_COUNT] = {
		[UT_PH] = "phalanx",	      [UT_HI] = "heavy infantry",
		[UT_LG] = "legion",	      [UT_MI] = "medium infantry",
		[UT_BI] = "barbarian infantry", [UT_LI] = "light infantry",
		[UT_LP] = "peltasts",	      [UT_SK] = "skirmishers",
		[UT_HC] = "heavy cavalry",    [UT_RC] = "Roman cavalry",
		[UT_LN] = "lancers",	      [UT_LC] = "light cavalry",
		[UT_EL] = "elephants",	      [UT_AT] = "artillery",
		[UT_CH] = "chariots"};
	return (int)t >= 0 && t < UNIT_TYPE_COUNT && w[t] ? w[t] : "unit";
}

static bool mark_taken(const char *taken, char c)
{
	for (const char *p = taken; *p; p++)
		if ((*p | 0x20) == (c | 0x20))
			return true;
	return false;
}

static bool mark_ok(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9');
}

char gboh_leader_mark(const struct game *g, int k)
{
	/* the first letter of his id that no leader before him took (of
	 * either side, letters alike in either case), then of his name,
	 * then a digit: no two leaders share a mark */
	char taken[BATTLE_LEADERS_MAX + 1] = "";
	char c = '?';
	for (int i = 0; i <= k && i < g->nleaders; i++) {
		const struct leader *l = &g->leaders[i];
		const char *src[2] = {l->id, l->name};
		c = '?';
		for (int s = 0; s < 2 && c == '?'; s++)
			for (const char *p = src[s]; *p && c == '?'; p++)
				if (mark_ok(*p) && !mark_taken(taken, *p))
					c = *p;
		for (char d = '1'; d <= '9' && c == '?'; d++)
			if (!mark_taken(taken, d))
				c = d;
		size_t len = strlen(taken);
		taken[len] = c;
		taken[len + 1] = '\0';
	}
	return c;
}

/* 2.2: the markers a counter can carry, most important first */
static void unit_markers(const struct unit *u, struct mv_piece *p)
{
	const struct {
		bool on;
		char code;
		const char *name;
	} m[] = {
		{u->routed, 'R', "routed"},
		{u->at.in_column, 'C', "in-column"},
		{u->depleted, 'D', "depleted"},
		{u->missile != MC_NONE && u->supply == SUPPLY_LOW, 'L',
		 "missile-low"},
		{u->missile != MC_NONE && u->supply == SUPPLY_NO, 'N',
		 "missile-no"},
		{u->shock_must, 'S', "shock-must-check"},
		{u->shock_no, 's', "shock-no-check"},
		{u->engaged, 'E', "engaged"},
		{u->pursuit, 'P', "pursuit"},
		{u->moved_turn || u->moved_phase, 'M', "moved"},
		{u->rallied, 'r', "rallied"}, /* 10.28: no orders this turn */
		{u->at.square, 'Q', "square"}, /* GBA 9.63 */
		{u->double_depth, 0, "double-depth"},
		{u->charge_formation, 'F', "charge-formation"}, /* GBA 9.7 */
		{u->scorpio_fire, 0, "fire-mode"},
	};
	for (size_t i = 0; i < sizeof m / sizeof m[0]; i++)
		if (m[i].on)
			mapview_add_marker(p, m[i].code, m[i].name);
}

static void fill_pieces(const struct game *g, struct map_view *mv)
{
	mv->npieces = 0;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (!u->on_map || u->eliminated || u->off_map)
			continue;
		struct mv_piece *p = mapview_add_piece(mv);
		if (!p)
			return;
		snprintf(p->id, sizeof p->id, "%s", u->id);
		p->side = u->side ? 1 : 0;
		p->routed = u->routed;
		p->glyph = gboh_type_glyph(u->type);
		p->class_name = type_words(u->type);
		/* 7.11 a vertex; 6.73 In Column a hexside */
		p->face = u->at.in_column ? MV_FACE_SIDE : MV_FACE_VERTEX;
		p->facing = u->at.facing;
		p->hex[0] = u->at.hex[0];
		p->hex[1] = footprint_two_hex(&u->at) ? u->at.hex[1] : HEX_NONE;
		/* 10.1: hits against TQ */
		p->gauge = MV_GAUGE_HITS;
		p->value = u->hits;
		p->max = u->tq;
		unit_markers(u, p);
	}
	for (int i = 0; i < g->nleaders; i++) {
		const struct leader *l = &g->leaders[i];
		if (!l->on_map || l->killed || !l->available)
			continue;
		struct mv_piece *p = mapview_add_piece(mv);
		if (!p)
			return;
		snprintf(p->id, sizeof p->id, "%s", l->id);
		p->leader = true;
		p->active = g->active_leader == i;
		p->side = l->side ? 1 : 0;
		p->glyph = '*';
		p->class_name = "leader";
		p->mark = gboh_leader_mark(g, i);
		p->face = MV_FACE_NONE;
		p->hex[0] = l->hex;
	}
}

struct map_view *gboh_map_view(const struct game *g)
{
	const struct battle *b = g ? g->battle : NULL;
	const struct map *m = b ? b->map : NULL;
	if (!m)
		return NULL;
	struct map_view *mv =
		mapview_new(m->col_min, m->row_min, m->ncols, m->nrows);
	if (!mv)
		return NULL;
	mv->layout = HEX_FLAT_ODD_Q;
	mv->terrain = terrain_classes;
	mv->nterrain = TERRAIN_COUNT;
	mv->features = feature_classes;
	mv->nfeatures = F_COUNT;
	mv->base_level = m->base_level;
	for (int c = m->col_min; c <= m->col_max; c++)
		for (int r = m->row_min; r <= m->row_max; r++) {
			struct hex h = {c, r};
			const struct map_hex *mh = map_at(m, h);
			struct mv_hex *x = mapview_hex_mut(mv, h);
			if (!mh || !x)
				continue;
			x->on_map = true;
			x->terrain = mh->terrain < TERRAIN_COUNT ? mh->terrain
								: TERRAIN_CLEAR;
			x->level = mh->elevation;
			for (int d = 0; d < HEXSIDE_COUNT; d++)
				for (int f = 0; f < F_COUNT; f++)
					if (mh->side[d] & feature_bit[f])
						x->side[d] |= (uint16_t)(1u << f);
			x->note = mh->rampart_inside ? "inside a camp" : NULL;
		}
	for (int s = 0; s < 2; s++) {
		snprintf(mv->side_id[s], sizeof mv->side_id[s], "%s",
			 b->sides[s].id);
		snprintf(mv->side_name[s], sizeof mv->side_name[s], "%s",
			 b->sides[s].name);
		snprintf(mv->side_colour[s], sizeof mv->side_colour[s], "%s",
			 b->sides[s].colour);
	}
	fill_pieces(g, mv);
	return mv;
}

void gboh_map_view_pieces(const struct game *g, struct map_view *mv)
{
	if (g && mv)
		fill_pieces(g, mv);
}

/* ---- overlays ---- */

static int side_by_id(const struct game *g, const char *who)
{
	for (int s = 0; g->battle && s < 2; s++)
		if (!strcmp(g->battle->sides[s].id, who))
			return s;
	return -1;
}

/* 4.21: every map hex the leader's Command Range reaches, with the
 * length of the path */
static void command_range_overlay(const struct game *g, const char *who,
				  struct mv_overlay *o)
{
	const struct leader *l = NULL;
	for (int i = 0; i < g->nleaders; i++)
		if (who[0] ? !strcmp(g->leaders[i].id, who)
			   : i == g->active_leader)
			l = &g->leaders[i];
	if (!l || !l->on_map || l->killed || !l->available)
		return;
	const struct map *m = g->battle->map;
	/* R7: after his wounds when the tables are loaded */
	int range = g->tables ? leader_command_range_now(g, l)
			       : l->command_range;
	for (int c = m->col_min; c <= m->col_max; c++)
		for (int r = m->row_min; r <= m->row_max; r++) {
			struct hex h = {c, r};
			if (hex_distance(l->hex, h) > range)
				continue;
			int n = command_path_length(g, NULL, l, h, range);
			if (n >= 0)
				mv_overlay_add(o, h, n);
		}
}

/* 7.21-7.25: every map hex a unit of the side exerts a ZOC into */
static void zoc_overlay(const struct game *g, const char *who,
			struct mv_overlay *o)
{
	int side = side_by_id(g, who);
	const struct map *m = g->battle->map;
	if (side < 0)
		return;
	for (int c = m->col_min; c <= m->col_max; c++)
		for (int r = m->row_min; r <= m->row_max; r++) {
			struct hex h = {c, r};
			if (zoc_control(g, h) & (1u << side))
				mv_overlay_add(o, h, 1);
		}
}

/* 6.21: the steps the open move may take now, with their MP */
static void steps_overlay(const struct game *g, const char *who,
			  struct mv_overlay *o)
{
	const struct orders_state *os = &g->ord;
	if (!os->moving)
		return;
	const char *mover = os->mover_unit >= 0 && os->mover_unit < g->nunits
				    ? g->units[os->mover_unit].id
			    : os->mover_leader >= 0 &&
					    os->mover_leader < g->nleaders
				    ? g->leaders[os->mover_leader].id
				    : "";
	if (who[0] && strcmp(who, mover))
		return;
	struct decision_answer *acts = calloc(256, sizeof *acts);
	if (!acts)
		return;
	struct decision d;
	decision_init(&d, acts, 256);
	gboh_decision(g, &d);
	for (int i = 0; i < d.n; i++) {
		struct hex a, b;
		struct move_preview p;
		if (!orders_move_line_hexes(acts[i].line, &a, &b) ||
		    mv_overlay_at(o, a))
			continue;
		/* a phalanx's step names two hexes (6.43): told on the
		 * first */
		mv_overlay_add(o, a, orders_step_preview(g, a, b, &p) ? p.mp : -1);
	}
	free(acts);
}

int gboh_map_overlay(const struct game *g, enum mv_overlay_kind kind,
		     const char *who, struct mv_overlay *out)
{
	out->kind = kind;
	out->n = 0;
	snprintf(out->who, sizeof out->who, "%s", who ? who : "");
	if (!g || !g->battle || !g->battle->map)
		return 0;
	switch (kind) {
	case MV_OVL_COMMAND_RANGE:
		command_range_overlay(g, out->who, out);
		break;
	case MV_OVL_ZOC:
		zoc_overlay(g, out->who, out);
		break;
	case MV_OVL_STEPS:
		steps_overlay(g, out->who, out);
		break;
	default:
		break;
	}
	return out->n;
}

/* ---- a piece in words ---- */

static const char *side_id(const struct game *g, int side)
{
	if (side < 0 || side > 1 || !g->battle)
		return "?";
	return g->battle->sides[side].id;
}

static void missile_text(char *buf, size_t n, const char *what,
			 enum missile_class mc, enum missile_supply s)
{
	snprintf(buf, n, "%s %s %s", what, missile_class_name(mc),
		 missile_supply_name(s));
}

/* 2.2: everything the counter shows and every marker on it. */
static void describe_unit(const struct game *g, const struct unit *u,
			  struct mv_text *t)
{
	char buf[MV_TEXT_LINE], a[8], b[8];
	mv_text_line(t, "%s (%s)", u->id, side_id(g, u->side));
	mv_text_wrap(t, " ", u->name);
	mv_text_line(t, " %s%s%s size %d TQ %d", unit_type_name(u->type),
		     u->cls[0] ? "/" : "", u->cls, u->size, u->tq);
	if (u->ma_ext)
		mv_text_line(t, " hits %d  MA %d/%d", u->hits, u->ma, u->ma_ext);
	else
		mv_text_line(t, " hits %d  MA %d", u->hits, u->ma);
	if (u->missile != MC_NONE) {
		missile_text(buf, sizeof buf, " missile", u->missile, u->supply);
		mv_text_line(t, "%s", buf);
	} else {
		mv_text_line(t, " missile none");
	}
	if (u->elephant != ELEPHANT_NONE) {
		mv_text_line(t, " elephant %s", elephant_kind_name(u->elephant));
		if (u->tower != MC_NONE) {
			missile_text(buf, sizeof buf, " tower", u->tower,
				     u->tower_supply);
			mv_text_line(t, "%s", buf);
		}
		if (u->screen != MC_NONE) {
			missile_text(buf, sizeof buf, " screen", u->screen,
				     u->screen_supply);
			mv_text_line(t, "%s", buf);
		}
		if (u->leader_elephant[0])
			mv_text_line(t, " carries %s", u->leader_elephant);
	}
	if (u->legion)
		mv_text_line(t, " %s %d", u->ala ? "ala" : "legion", u->legion);
	if (footprint_two_hex(&u->at)) {
		hex_format(u->at.hex[0], a, sizeof a);
		hex_format(u->at.hex[1], b, sizeof b);
		mv_text_line(t, " hexes %s/%s", a, b);
	}
	if (u->at.in_column)
		mv_text_line(t, " in column heading %s",
			     hexside_name((enum hexside)u->at.facing));
	else
		mv_text_line(t, " facing %s",
			     facing_name((enum facing)u->at.facing));
	struct mv_piece p = {.nmarkers = 0};
	unit_markers(u, &p);
	mapview_marker_names(&p, buf, sizeof buf);
	mv_text_wrap(t, " markers:", buf[0] ? buf : "none");
	if (gba_charge_restricted(g, u)) { /* GBA 9.74 */
		snprintf(buf, sizeof buf, "in Charge Formation: %s",
			 gba_charge_limits_text());
		mv_text_wrap(t, " ", buf);
	}
}

/* 4.1: a leader's ratings; 5.1 his activation state. */
static void describe_leader(const struct game *g, const struct leader *l,
			    struct mv_text *t)
{
	bool active = g->active_leader >= 0 && g->active_leader < g->nleaders &&
		      &g->leaders[g->active_leader] == l;
	mv_text_line(t, "%s (%s)", l->id, side_id(g, l->side));
	mv_text_wrap(t, " ", l->name);
	mv_text_line(t, " %s%s%s", leader_kind_name(l->kind),
		     l->overall ? " overall" : "", l->elite ? " elite" : "");
	mv_text_line(t, " Init %d Range %d", l->initiative, l->command_range);
	mv_text_line(t, " Line %d Strat %d Char %d", l->line_command,
		     l->strategy, l->charisma);
	if (l->restriction[0])
		mv_text_line(t, " orders only %s", l->restriction);
	mv_text_line(t, " %s%s", leader_state_name(l->state),
		     active ? ", the active leader" : "");
	mv_text_line(t, " activations %d wounds %d", l->activations, l->wounds);
}

void gboh_map_describe(const struct game *g, const char *id,
		       struct mv_text *out)
{
	mv_text_clear(out);
	for (int i = 0; g && id && i < g->nunits; i++)
		if (!strcmp(g->units[i].id, id)) {
			describe_unit(g, &g->units[i], out);
			return;
		}
	for (int i = 0; g && id && i < g->nleaders; i++)
		if (!strcmp(g->leaders[i].id, id)) {
			describe_leader(g, &g->leaders[i], out);
			return;
		}
}
