/* command.c — Command Range (4.21), Line composition (4.32, 9.24), Line
 * Command eligibility (4.33, 4.4, 4.56, 4.6) and command restrictions
 * (4.35, 4.52-4.54).  Pure functions: no state is changed. */
#include "maniple/command.h"
#include "maniple/movement.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/los.h"
#include "maniple/map.h"
#include "maniple/sequence.h"
#include "maniple/tables.h"

/* The widest Command Range searched: ranges are single digits. */
#define RANGE_LIMIT_MAX 20
/* Hexes within RANGE_LIMIT_MAX of a hex: 3R(R+1)+1. */
#define RANGE_HEXES_MAX (3 * RANGE_LIMIT_MAX * (RANGE_LIMIT_MAX + 1) + 1)

static void say(char *why, int whyn, const char *fmt, const char *a)
{
	if (why != NULL && whyn > 0)
		snprintf(why, (size_t)whyn, fmt, a != NULL ? a : "");
}

static bool is_velites(const struct unit *u)
{
	return strcmp(u->cls, "VE") == 0;
}

/* ---- ZOC ---- */

/* 7.21-7.25 the ZOC of the movement rules (zoc.c): one ZOC everywhere */
bool command_front_zoc(const struct game *g, struct hex h, int side,
		       void *user)
{
	(void)user;
	if (g == NULL || g->battle == NULL || g->battle->map == NULL)
		return false;
	return zoc_enemy_in(g, side, h);
}

bool command_in_enemy_zoc(const struct game *g, const struct zoc_query *q,
			  struct hex h, int side)
{
	if (q != NULL && q->in_enemy_zoc != NULL)
		return q->in_enemy_zoc(g, h, side, q->user);
	return command_front_zoc(g, h, side, NULL);
}

bool command_unit_in_enemy_zoc(const struct game *g,
			       const struct zoc_query *q, const struct unit *u)
{
	if (u == NULL || !game_unit_in_play(u))
		return false;
	for (int k = 0; k < 2; k++)
		if (!hex_is_none(u->at.hex[k]) &&
		    command_in_enemy_zoc(g, q, u->at.hex[k], u->side))
			return true;
	return false;
}

/* ---- Command Range (4.21) ---- */

/* 4.21: terrain a leader could not cross or enter (6.24, 6.27): the step
 * from `from` across its hexside d into to, its neighbour there. */
static bool leader_may_step(const struct game *g, struct hex from,
			    enum hexside d, struct hex to)
{
	const struct map *m = g->battle->map;
	const struct map_hex *a = map_at(m, from), *b = map_at(m, to);
	if (a == NULL || b == NULL || (unsigned)d >= HEXSIDE_COUNT ||
	    b->terrain == TERRAIN_IMPASSABLE) /* map_impassable */
		return false;
	unsigned side = a->side[d]; /* map_hexside */
	if (side & HSF_RIVER)
		return false;
	if (g->tables != NULL) {
		struct hex_entry e = {
			.type = UT_HC,
			.leader = true,
			.in_column = false,
			.terrain = (enum terrain)b->terrain,
			.hexside = side,
			.from_level = a->elevation,
			.to_level = b->elevation,
		};
		if (tables_hex_entry_cost(g->tables, &e).prohibited)
			return false;
	}
	return true;
}

/* 4.21: enemy units obstruct; so does enemy ZOC, unless a friendly unit
 * stands in the hex. */
static bool command_hex_obstructed(const struct game *g,
				   const struct zoc_query *q, struct hex h,
				   int side)
{
	if (game_hex_has_side(g, h, 1 - side))
		return true;
	return command_in_enemy_zoc(g, q, h, side) &&
	       !game_hex_has_side(g, h, side);
}

/* What a search knows of each hex within its limit, kept by the hex's
 * place relative to the leader (speed: the search used to scan its list
 * of hexes for every neighbour it looked at, to ask every unit nearby
 * whether it stands in each hex, and to ask again about a hex it had
 * found obstructed each time it met it; the answers depend on the hex
 * alone, the game being the same all through the search). */
enum range_mark {
	RANGE_UNKNOWN = 0, /* not asked yet */
	RANGE_MET,	   /* on the search's list (the leader's hex too) */
	RANGE_BLOCKED,	   /* obstructed (4.21) */
	RANGE_FREE	   /* not obstructed; not entered yet (the hexside) */
};

#define RANGE_SIDE (2 * RANGE_LIMIT_MAX + 1)

struct range_cell {
	unsigned char mark;  /* enum range_mark */
	unsigned char here;  /* units in play standing in the hex */
	unsigned char sides; /* bit s: one of side s among them */
};

/* The search's hexes and the units near it: only a unit with a half
 * within limit + 1 hexes of the leader can stand in a hex the search
 * reaches or exert a ZOC into one (a ZOC reaches only the next hexes,
 * 7.21), so they are picked once, and where they stand is written into
 * the cells once. */
struct range_search {
	struct cube centre;
	int limit;
	const struct unit *enemy[BATTLE_UNITS_MAX]; /* of the other side */
	int nenemy;
	struct range_cell cell[RANGE_SIDE * RANGE_SIDE];
};

/* The cell of x, or NULL when x lies beyond the limit. */
static struct range_cell *range_cell(struct range_search *rs, struct hex x)
{
	struct cube c = hex_to_cube(x);
	struct cube o = {c.q - rs->centre.q, c.r - rs->centre.r, 0};
	o.s = -o.q - o.r;
	if (o.q < -rs->limit || o.q > rs->limit || o.r < -rs->limit ||
	    o.r > rs->limit || o.s < -rs->limit || o.s > rs->limit)
		return NULL;
	int side = 2 * rs->limit + 1;
	return &rs->cell[(o.q + rs->limit) * side + (o.r + rs->limit)];
}

static void range_search_init(const struct game *g, struct range_search *rs,
			      const struct leader *l, int limit)
{
	rs->centre = hex_to_cube(l->hex);
	rs->limit = limit;
	rs->nenemy = 0;
	int side = 2 * limit + 1;
	memset(rs->cell, 0, (size_t)side * (size_t)side * sizeof rs->cell[0]);
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		bool near = false;
		for (int k = 0; k < 2 && !near; k++)
			near = !hex_is_none(u->at.hex[k]) &&
			       hex_distance(l->hex, u->at.hex[k]) <= limit + 1;
		if (!near)
			continue;
		if (u->side == 1 - l->side)
			rs->enemy[rs->nenemy++] = u;
		if (!game_unit_in_play(u))
			continue;
		/* footprint_occupies: the second half only of a two-hex
		 * unit, and a unit counted once in a hex */
		for (int k = 0; k < 2; k++) {
			struct hex x = u->at.hex[k];
			if (hex_is_none(x) ||
			    (k == 1 && hex_eq(x, u->at.hex[0])))
				continue;
			struct range_cell *c = range_cell(rs, x);
			if (c == NULL)
				continue;
			if (c->here < UCHAR_MAX)
				c->here++;
			if (u->side == 0 || u->side == 1)
				c->sides |= (unsigned char)(1u << u->side);
		}
	}
}

/* 4.21: enemy units obstruct; so does enemy ZOC, unless a friendly unit
 * stands in the hex (command_hex_obstructed, from the cells; with more
 * than four units in the hex, game_hex_has_side looks at the four on top, so
 * it is asked itself). */
static bool range_hex_obstructed(const struct game *g,
				 const struct zoc_query *q,
				 const struct range_search *rs,
				 const struct range_cell *c, struct hex h,
				 int side)
{
	if (c->here > 4)
		return command_hex_obstructed(g, q, h, side);
	if (side == 0 || side == 1) {
		if (c->sides & (1u << (1 - side)))
			return true;
		if (c->sides & (1u << side))
			return false;
	}
	if (q != NULL && q->in_enemy_zoc != NULL)
		return q->in_enemy_zoc(g, h, side, q->user);
	if (g->battle == NULL || g->battle->map == NULL)
		return false; /* command_front_zoc */
	for (int i = 0; i < rs->nenemy; i++)
		if (zoc_exerted_into(g, rs->enemy[i], h))
			return true;
	return false;
}

/* 4.21 the order path: a breadth-first search bounded by limit, for the
 * first of the nt hexes of to reached (each on the map, within limit of
 * the leader and not the leader's own hex); with none, every hex the
 * search reaches is left marked RANGE_MET in rs */
static int range_search_run(const struct game *g, const struct zoc_query *q,
			    const struct leader *l, const struct hex *to,
			    int nt, int limit, struct range_search *rs)
{
	struct hex seen[RANGE_HEXES_MAX];
	int n = 0, head = 0, depth_end = 1;
	range_search_init(g, rs, l, limit);
	seen[n++] = l->hex;
	range_cell(rs, l->hex)->mark = RANGE_MET;
	for (int depth = 1; depth <= limit && head < n; depth++) {
		int end = depth_end;
		for (; head < end; head++) {
			for (int d = 0; d < HEXSIDE_COUNT; d++) {
				struct hex x = hex_neighbour(seen[head],
							     (enum hexside)d);
				struct range_cell *c = range_cell(rs, x);
				if (c == NULL || c->mark == RANGE_MET ||
				    c->mark == RANGE_BLOCKED ||
				    !leader_may_step(g, seen[head],
						     (enum hexside)d, x))
					continue;
				if (c->mark == RANGE_UNKNOWN) {
					bool blocked = range_hex_obstructed(
						g, q, rs, c, x, l->side);
					c->mark = blocked ? RANGE_BLOCKED
							  : RANGE_FREE;
					if (blocked)
						continue;
				}
				for (int t = 0; t < nt; t++)
					if (hex_eq(x, to[t]))
						return depth;
				if (n < RANGE_HEXES_MAX) {
					seen[n++] = x;
					c->mark = RANGE_MET;
				}
			}
		}
		depth_end = n;
	}
	return -1;
}

static int path_length_to(const struct game *g, const struct zoc_query *q,
			  const struct leader *l, const struct hex *to, int nt,
			  int limit)
{
	struct range_search rs;
	return range_search_run(g, q, l, to, nt, limit, &rs);
}

/* Whether a search from l with limit can reach h at all: -1 when not, 0
 * when h is the leader's own hex, 1 when a search must tell; limit is
 * brought within RANGE_LIMIT_MAX. */
static int path_precheck(const struct game *g, const struct leader *l,
			 struct hex h, int *limit)
{
	if (g == NULL || l == NULL || !l->on_map || l->killed ||
	    g->battle == NULL || g->battle->map == NULL)
		return -1;
	if (*limit > RANGE_LIMIT_MAX)
		*limit = RANGE_LIMIT_MAX;
	if (!map_contains(g->battle->map, h) || *limit < 0)
		return -1;
	if (hex_eq(l->hex, h))
		return 0;
	if (hex_distance(l->hex, h) > *limit)
		return -1;
	return 1;
}

int command_path_length(const struct game *g, const struct zoc_query *q,
			const struct leader *l, struct hex h, int limit)
{
	int pre = path_precheck(g, l, h, &limit);
	if (pre <= 0)
		return pre;
	return path_length_to(g, q, l, &h, 1, limit);
}

/* 4.21 Command Range, R7: after the leader's wounds when the tables
 * (TABLES.md 6) are loaded, else as printed */
static int command_range_now(const struct game *g, const struct leader *l)
{
	return g->tables ? leader_command_range_now(g, l) : l->command_range;
}

bool command_range_reaches(const struct game *g, const struct zoc_query *q,
			   const struct leader *l, struct hex h)
{
	if (l == NULL)
		return false;
	return command_path_length(g, q, l, h, command_range_now(g, l)) >= 0;
}

/* 4.21, HEX.md: a two-hex unit counts from its nearer half (one search
 * for both halves) */
/* 4.21: either half of u within `range` of l by a 4.21 path */
static bool reaches_unit_within(const struct game *g,
				const struct zoc_query *q,
				const struct leader *l, const struct unit *u,
				int range)
{
	if (u == NULL || !game_unit_in_play(u) || l == NULL)
		return false;
	struct hex to[2];
	int nt = 0, limit = 0;
	for (int k = 0; k < 2; k++) {
		if (hex_is_none(u->at.hex[k]))
			continue;
		limit = range;
		int pre = path_precheck(g, l, u->at.hex[k], &limit);
		if (pre == 0)
			return true;
		if (pre > 0)
			to[nt++] = u->at.hex[k];
	}
	return nt > 0 && path_length_to(g, q, l, to, nt, limit) >= 0;
}

bool command_range_reaches_unit(const struct game *g,
				const struct zoc_query *q,
				const struct leader *l, const struct unit *u)
{
	if (l == NULL)
		return false;
	return reaches_unit_within(g, q, l, u, command_range_now(g, l));
}

/* GBA 4.33: half the Command Range, rounded up */
int command_half_range(const struct game *g, const struct leader *l)
{
	if (g == NULL || l == NULL)
		return 0;
	return (command_range_now(g, l) + 1) / 2;
}

bool command_half_range_reaches_unit(const struct game *g,
				     const struct zoc_query *q,
				     const struct leader *l,
				     const struct unit *u)
{
	return l != NULL &&
	       reaches_unit_within(g, q, l, u, command_half_range(g, l));
}

/* The whole Command Range of a leader, searched once (speed: Line
 * composition asks it of every unit of a mixed group, the legal list of
 * every unit of the army). */
struct command_range_field {
	const struct game *g;
	const struct zoc_query *q;
	const struct leader *l;
	bool searched;
	struct range_search rs;
};

/* its search not made yet */
static void range_field_init(struct command_range_field *f,
			     const struct game *g, const struct zoc_query *q,
			     const struct leader *l)
{
	f->g = g;
	f->q = q;
	f->l = l;
	f->searched = false;
}

struct command_range_field *command_range_field_new(const struct game *g,
						    const struct zoc_query *q,
						    const struct leader *l)
{
	struct command_range_field *f = malloc(sizeof *f);
	if (f)
		range_field_init(f, g, q, l);
	return f;
}

void command_range_field_free(struct command_range_field *f)
{
	free(f);
}

/* command_range_reaches_unit, answered from the field (searched the
 * first time it is asked): the prechecks as there, then whether the
 * search marked a hex of the unit */
bool command_range_field_reaches_unit(struct command_range_field *f,
				      const struct unit *u)
{
	const struct game *g = f->g;
	const struct leader *l = f->l;
	if (u == NULL || !game_unit_in_play(u) || l == NULL)
		return false;
	for (int k = 0; k < 2; k++) {
		if (hex_is_none(u->at.hex[k]))
			continue;
		int limit = command_range_now(g, l);
		int pre = path_precheck(g, l, u->at.hex[k], &limit);
		if (pre == 0)
			return true;
		if (pre < 0)
			continue;
		if (!f->searched) {
			range_search_run(g, f->q, l, NULL, 0, limit, &f->rs);
			f->searched = true;
		}
		const struct range_cell *c = range_cell(&f->rs, u->at.hex[k]);
		if (c != NULL && c->mark == RANGE_MET)
			return true;
	}
	return false;
}

/* ---- Restrictions (4.35, 4.52-4.54) ---- */

static const struct line_def *find_line(const struct game *g,
					const char *name, int side)
{
	for (int i = 0; i < g->battle->nlines; i++) {
		const struct line_def *d = &g->battle->lines[i];
		if (d->side == side && strcmp(d->name, name) == 0)
			return d;
	}
	return NULL;
}

/* strcmp(a, b) == 0, written out: the names compared are a few
 * characters, most differing in the first */
static bool same_text(const char *a, const char *b)
{
	while (*a != '\0' && *a == *b) {
		a++;
		b++;
	}
	return *a == *b;
}

/* A restriction or chart selector: type:XX, class:XX or a unit id. */
static bool selector_names(const char *tok, const struct unit *u)
{
	if (tok[0] == 't' && strncmp(tok, "type:", 5) == 0)
		return unit_type_parse(tok + 5) == (int)u->type;
	if (tok[0] == 'c' && strncmp(tok, "class:", 6) == 0)
		return same_text(tok + 6, u->cls);
	return same_text(tok, u->id);
}

/* 4.3 a row of the Line Command Eligibility Chart with its selectors
 * read once, to be matched against many units (speed: every legal list
 * of an Orders Phase matches each row against every unit of the side).
 * It names what line_def_names names. */
enum roster_kind { ROSTER_ID, ROSTER_TYPE, ROSTER_CLASS };

struct roster_selector {
	enum roster_kind kind;
	int type;	  /* ROSTER_TYPE: the unit type, -1 none */
	const char *text; /* ROSTER_ID, ROSTER_CLASS: what is named */
};

struct line_roster {
	const struct line_def *def;
	int n;
	struct roster_selector sel[LINE_MEMBERS_MAX];
};

static void line_roster_init(struct line_roster *r, const struct line_def *def)
{
	r->def = def;
	r->n = 0;
	for (int i = 0; i < def->nmembers && i < LINE_MEMBERS_MAX; i++) {
		const char *tok = def->members[i];
		if (tok[0] == 't' && strncmp(tok, "type:", 5) == 0)
			r->sel[r->n++] = (struct roster_selector){
				ROSTER_TYPE, unit_type_parse(tok + 5), NULL};
		else if (tok[0] == 'c' && strncmp(tok, "class:", 6) == 0)
			r->sel[r->n++] =
				(struct roster_selector){ROSTER_CLASS, -1, tok + 6};
		else
			r->sel[r->n++] =
				(struct roster_selector){ROSTER_ID, -1, tok};
	}
}

static bool line_roster_names(const struct line_roster *r,
			      const struct unit *u)
{
	if (u == NULL || u->side != r->def->side)
		return false;
	for (int i = 0; i < r->n; i++)
		switch (r->sel[i].kind) {
		case ROSTER_TYPE:
			if (r->sel[i].type == (int)u->type)
				return true;
			break;
		case ROSTER_CLASS:
			if (same_text(r->sel[i].text, u->cls))
				return true;
			break;
		case ROSTER_ID:
			if (same_text(r->sel[i].text, u->id))
				return true;
			break;
		}
	return false;
}

/* 4.35 a Command Restriction's words (tok, n of them: the leader's
 * restriction split) naming u */
static bool restriction_words_name(const struct game *g,
				   const struct leader *l,
				   const char (*tok)[32], int n,
				   const struct unit *u)
{
	for (int i = 0; i < n; i++) {
		if (strncmp(tok[i], "line:", 5) == 0) {
			const struct line_def *d =
				find_line(g, tok[i] + 5, l->side);
			if (d != NULL && line_def_names(d, u))
				return true;
		} else if (selector_names(tok[i], u)) {
			return true;
		}
	}
	return false;
}

/* 4.35 a Command Restriction word under the leader's name */
bool leader_restriction_names(const struct game *g, const struct leader *l,
			      const struct unit *u)
{
	char tok[16][32];
	int n = ini_split(l->restriction, tok, 16);
	return restriction_words_name(g, l, (const char(*)[32])tok, n, u);
}

static bool legion_infantry(const struct game *g, const struct unit *u)
{
	return unit_has(g, u, TRAIT_INFANTRY) && u->legion > 0 && !u->ala;
}

static bool ala_infantry(const struct game *g, const struct unit *u)
{
	return unit_has(g, u, TRAIT_INFANTRY) && u->ala;
}

/* 4.35, 4.52, 4.54 whom a leader may order (GBA 4.37: a restriction
 * limits only his Line Commands) */
bool leader_may_order(const struct game *g, const struct leader *l,
		      const struct unit *u)
{
	if (g == NULL || l == NULL || u == NULL || u->side != l->side)
		return false;
	if (l->restriction[0] != '\0')
		return tables_variant(g->tables, RV_RESTRICTION_LIMITS) ==
			       RESTRICTION_LIMITS_LINE_COMMANDS || /* GBA 4.37 */
		       leader_restriction_names(g, l, u);
	switch (l->kind) {
	case LK_TRIBUNE: /* 4.52: legion infantry; all velites */
		return legion_infantry(g, u) || is_velites(u);
	case LK_PRAEFECT_SOCIORUM: /* 4.52: ala infantry; all velites */
		return ala_infantry(g, u) || is_velites(u);
	case LK_PRAEFECT_EQUITUM: /* 4.54: cavalry only */
		return unit_has(g, u, TRAIT_CAVALRY);
	default:
		return true;
	}
}

/* 4.35, 4.53, 4.54 whose Lines a leader may command */
bool leader_may_command_line(const struct game *g, const struct leader *l,
			     const struct line_def *def)
{
	if (g == NULL || l == NULL || def == NULL || def->side != l->side)
		return false;
	char tok[16][32];
	int ntok = l->restriction[0] != '\0'
			   ? ini_split(l->restriction, tok, 16)
			   : 0;
	for (int i = 0; i < ntok; i++)
		if (strncmp(tok[i], "line:", 5) == 0 &&
		    strcmp(tok[i] + 5, def->name) == 0)
			return true;
	struct line_roster r;
	line_roster_init(&r, def);
	int named = 0;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (!line_roster_names(&r, u))
			continue;
		named++;
		bool ok;
		if (l->restriction[0] != '\0')
			ok = restriction_words_name(
				g, l, (const char(*)[32])tok, ntok, u);
		else if (l->kind == LK_TRIBUNE ||
			 l->kind == LK_PRAEFECT_SOCIORUM)
			ok = unit_has(g, u, TRAIT_INFANTRY); /* 4.53 */
		else if (l->kind == LK_PRAEFECT_EQUITUM)
			ok = unit_has(g, u, TRAIT_CAVALRY); /* 4.54 */
		else
			ok = true;
		if (!ok)
			return false;
	}
	return named > 0;
}

/* ---- Line composition (4.32, 9.24) ---- */

/* 4.3 the chart's selectors pick the row's own side only */
bool line_def_names(const struct line_def *def, const struct unit *u)
{
	if (def == NULL || u == NULL || u->side != def->side)
		return false;
	for (int i = 0; i < def->nmembers && i < LINE_MEMBERS_MAX; i++)
		if (selector_names(def->members[i], u))
			return true;
	return false;
}

/* 4.32: the named units that may be in a Line now */
int line_members(const struct game *g, const struct line_def *def, int *out,
		 int max)
{
	int n = 0;
	if (g == NULL || def == NULL)
		return 0;
	struct line_roster r;
	line_roster_init(&r, def);
	for (int i = 0; i < g->nunits && n < max; i++) {
		const struct unit *u = &g->units[i];
		if (line_roster_names(&r, u) && game_unit_in_play(u) &&
		    !u->routed)
			out[n++] = i;
	}
	return n;
}

static struct cube cube_sub(struct cube a, struct cube b)
{
	return (struct cube){a.q - b.q, a.r - b.r, a.s - b.s};
}

static long long cube_dot(struct cube a, struct cube b)
{
	return (long long)a.q * b.q + (long long)a.r * b.r +
	       (long long)a.s * b.s;
}

static struct cube side_vector(int d)
{
	struct hex o = {20, 10};
	return cube_sub(hex_to_cube(hex_neighbour(o, (enum hexside)d)),
			hex_to_cube(o));
}

/* Twice the centre of a unit, in cube coordinates. */
static struct cube centre2(const struct unit *u)
{
	struct cube a = hex_to_cube(u->at.hex[0]);
	struct cube b = hex_is_none(u->at.hex[1]) ? a
						   : hex_to_cube(u->at.hex[1]);
	return (struct cube){a.q + b.q, a.r + b.r, a.s + b.s};
}

#define SEC_FRONT (1u << ZONE_FRONT)
#define SEC_FLANK (1u << ZONE_FLANK)
#define SEC_REAR (1u << ZONE_REAR)

/* 7.11, 6.73: the sectors of a unit's surroundings a vector points into.
 * Cube coordinates are a plane in three dimensions, so the ordinary dot
 * product measures its angles exactly, in integers. */
static unsigned sectors(const struct unit *u, struct cube v)
{
	if (v.q == 0 && v.r == 0 && v.s == 0)
		return SEC_FRONT | SEC_FLANK | SEC_REAR;
	int f = u->at.facing;
	if (f < 0 || f >= 6)
		return 0;
	struct cube fv;
	if (u->at.in_column) {
		fv = side_vector(f);
	} else {
		struct cube a = side_vector(f), b = side_vector((f + 1) % 6);
		fv = (struct cube){a.q + b.q, a.r + b.r, a.s + b.s};
	}
	long long dot = cube_dot(fv, v);
	long long lhs = 4 * dot * dot;
	long long nn = cube_dot(fv, fv) * cube_dot(v, v);
	if (u->at.in_column) { /* front 30, flank to 90, rear beyond */
		if (dot < 0)
			return SEC_REAR;
		if (dot == 0)
			return SEC_FLANK | SEC_REAR;
		if (lhs > 3 * nn)
			return SEC_FRONT;
		return lhs == 3 * nn ? SEC_FRONT | SEC_FLANK : SEC_FLANK;
	}
	/* vertex facing: front 60, flank to 120, rear beyond */
	if (lhs < nn || dot == 0)
		return SEC_FLANK;
	if (lhs == nn)
		return SEC_FLANK | (dot > 0 ? SEC_FRONT : SEC_REAR);
	return dot > 0 ? SEC_FRONT : SEC_REAR;
}

/* 4.32 the orientation of a pair: Flank-to-Flank or Front-to-Rear */
unsigned line_pair_orientation(const struct unit *a, const struct unit *b)
{
	if (a == NULL || b == NULL)
		return 0;
	struct cube ca = centre2(a), cb = centre2(b);
	unsigned ma = sectors(a, cube_sub(cb, ca));
	unsigned mb = sectors(b, cube_sub(ca, cb));
	unsigned o = 0;
	if ((ma & SEC_FLANK) && (mb & SEC_FLANK))
		o |= LINE_FLANK_TO_FLANK;
	if (((ma & SEC_FRONT) && (mb & SEC_REAR)) ||
	    ((ma & SEC_REAR) && (mb & SEC_FRONT)))
		o |= LINE_FRONT_TO_REAR;
	return o;
}

static int unit_distance(const struct unit *a, const struct unit *b)
{
	int d = footprint_distance(&a->at, b->at.hex[0]);
	if (!hex_is_none(b->at.hex[1])) {
		int e = footprint_distance(&a->at, b->at.hex[1]);
		if (e < d)
			d = e;
	}
	return d;
}

/* 4.32: an intervening hex of a spaced Line. */
static bool gap_hex_free(const struct game *g, const struct zoc_query *q,
			 const struct line_def *def, struct hex h)
{
	if (!map_contains(g->battle->map, h))
		return false;
	const struct unit *us[4];
	int n = game_units_at(g, h, us, 4);
	for (int i = 0; i < n; i++) {
		const struct unit *u = us[i];
		if (u->side != def->side)
			return false; /* an enemy unit */
		if (!line_def_names(def, u) && !unit_has(g, u, TRAIT_SKIRMISHER) &&
		    !is_velites(u))
			return false; /* a friend of another line (9.2) */
	}
	return !command_in_enemy_zoc(g, q, h, def->side);
}

/* 9.24: one hex holding only friendly velites or skirmishers. */
static bool velites_bridge(const struct game *g, int side, struct hex h)
{
	const struct unit *us[4];
	int n = game_units_at(g, h, us, 4);
	if (n == 0)
		return false;
	for (int i = 0; i < n; i++)
		if (us[i]->side != side ||
		    (!unit_has(g, us[i], TRAIT_SKIRMISHER) && !is_velites(us[i])))
			return false;
	return true;
}

#define GAP_HEXES_MAX 64

/* 4.32, 9.24 two units close enough to be in one Line */
bool line_pair_linked(const struct game *g, const struct zoc_query *q,
		      const struct line_def *def, const struct unit *a,
		      const struct unit *b)
{
	if (g == NULL || def == NULL || a == NULL || b == NULL ||
	    !game_unit_in_play(a) || !game_unit_in_play(b))
		return false;
	int d = unit_distance(a, b);
	if (d <= 1)
		return true;
	int spacing = def->spacing < 1 ? 1 : def->spacing > 3 ? 3
							    : def->spacing;
	if (spacing == 1) {
		if (d != 2)
			return false;
		/* 9.24: one velites or skirmisher hex between */
		for (int k = 0; k < 2; k++) {
			if (hex_is_none(a->at.hex[k]))
				continue;
			for (int s = 0; s < HEXSIDE_COUNT; s++) {
				struct hex x = hex_neighbour(a->at.hex[k],
							     (enum hexside)s);
				if (footprint_distance(&b->at, x) == 1 &&
				    !footprint_occupies(&a->at, x) &&
				    velites_bridge(g, def->side, x))
					return true;
			}
		}
		return false;
	}
	if (d > spacing)
		return false;
	/* a path of d hexes whose d-1 intervening hexes are all free */
	struct hex seen[GAP_HEXES_MAX];
	int n = 0, head = 0;
	for (int k = 0; k < 2; k++)
		if (!hex_is_none(a->at.hex[k]))
			seen[n++] = a->at.hex[k];
	int start = n;
	for (int depth = 1; depth <= d - 1; depth++) {
		int end = n;
		for (; head < end; head++) {
			for (int s = 0; s < HEXSIDE_COUNT; s++) {
				struct hex x = hex_neighbour(seen[head],
							     (enum hexside)s);
				bool dup = false;
				for (int j = 0; j < n && !dup; j++)
					dup = hex_eq(seen[j], x);
				if (dup || footprint_occupies(&b->at, x) ||
				    footprint_distance(&b->at, x) > d - depth ||
				    !gap_hex_free(g, q, def, x))
					continue;
				if (n < GAP_HEXES_MAX)
					seen[n++] = x;
			}
		}
	}
	for (int j = start; j < n; j++)
		if (footprint_distance(&b->at, seen[j]) == 1)
			return true;
	return false;
}

static int uf_find(int *p, int i)
{
	while (p[i] != i) {
		p[i] = p[p[i]];
		i = p[i];
	}
	return i;
}

/* Groups the units listed in idx (n of them) by their links; writes the
 * groups into out from out->ngroups on.  A group's orientation is what
 * every link inside it shares: each unit keeps the AND of its links' (to
 * the units after it), and the group ANDs its units'. */
static void group_by_links(const struct game *g, const struct zoc_query *q,
			   const struct line_def *def, const int *idx, int n,
			   bool by_range, struct line_groups *out)
{
	int parent[BATTLE_UNITS_MAX];
	unsigned links_and[BATTLE_UNITS_MAX];
	for (int i = 0; i < n; i++) {
		parent[i] = i;
		links_and[i] = LINE_FLANK_TO_FLANK | LINE_FRONT_TO_REAR;
	}
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++) {
			const struct unit *a = &g->units[idx[i]];
			const struct unit *b = &g->units[idx[j]];
			if (!line_pair_linked(g, q, def, a, b))
				continue;
			links_and[i] &= line_pair_orientation(a, b);
			int ri = uf_find(parent, i), rj = uf_find(parent, j);
			if (ri != rj)
				parent[rj] = ri;
		}
	int gid[BATTLE_UNITS_MAX];
	for (int i = 0; i < n; i++)
		gid[i] = -1;
	for (int i = 0; i < n; i++) {
		int r = uf_find(parent, i);
		if (gid[r] < 0) {
			gid[r] = out->ngroups++;
			out->orientation[gid[r]] =
				LINE_FLANK_TO_FLANK | LINE_FRONT_TO_REAR;
			out->by_command_range[gid[r]] = by_range;
			out->count[gid[r]] = 0;
		}
		out->group[idx[i]] = gid[r];
		out->count[gid[r]]++;
		out->orientation[gid[r]] &= links_and[i];
	}
}

static bool infantry_or_elephant(const struct game *g, const struct unit *u)
{
	return unit_has(g, u, TRAIT_INFANTRY) || unit_has(g, u, TRAIT_ELEPHANT);
}

/* GBA 4.33: whether the n members idx are a Cavalry/Chariot Line whose
 * units join by half the leader's Command Range (the variant; a row with
 * any infantry or elephant unit is linked as any Line) */
static bool cavalry_line_by_half_range(const struct game *g, const int *idx,
				       int n)
{
	if (tables_variant(g->tables, RV_CAVALRY_LINE) !=
	    CAVALRY_LINE_HALF_RANGE)
		return false;
	for (int i = 0; i < n; i++)
		if (infantry_or_elephant(g, &g->units[idx[i]]))
			return false;
	return true;
}

/* GBA 4.33: one Line of the members within half l's Command Range
 * (rounded up), adjacent or not, in any orientation; none without l */
static void half_range_line(const struct game *g, const struct zoc_query *q,
			    const struct leader *l, const int *idx, int n,
			    struct line_groups *out)
{
	int m = 0;
	for (int i = 0; i < n && l != NULL; i++) {
		if (!command_half_range_reaches_unit(g, q, l,
						     &g->units[idx[i]]))
			continue;
		out->group[idx[i]] = 0;
		m++;
	}
	if (m == 0)
		return;
	out->ngroups = 1;
	out->orientation[0] = LINE_FLANK_TO_FLANK | LINE_FRONT_TO_REAR;
	out->by_command_range[0] = true;
	out->count[0] = m;
}

/* 4.32 Line composition */
void line_compose(const struct game *g, const struct zoc_query *q,
		  const struct line_def *def, const struct leader *l,
		  struct line_groups *out)
{
	if (out == NULL)
		return;
	out->ngroups = 0;
	for (int i = 0; i < BATTLE_UNITS_MAX; i++)
		out->group[i] = -1;
	if (g == NULL || def == NULL)
		return;
	int idx[BATTLE_UNITS_MAX];
	int n = line_members(g, def, idx, BATTLE_UNITS_MAX);
	if (cavalry_line_by_half_range(g, idx, n)) {
		half_range_line(g, q, l, idx, n, out);
		return;
	}
	struct line_groups first;
	first.ngroups = 0;
	for (int i = 0; i < BATTLE_UNITS_MAX; i++)
		first.group[i] = -1;
	group_by_links(g, q, def, idx, n, false, &first);
	struct command_range_field field;
	range_field_init(&field, g, q, l);
	for (int gi = 0; gi < first.ngroups; gi++) {
		int sub[BATTLE_UNITS_MAX], m = 0;
		bool mixed = first.orientation[gi] == 0;
		if (!mixed) {
			/* linked among themselves as before: the same one
			 * group with the same orientation (speed: its links
			 * are not asked again) */
			int to = out->ngroups++;
			out->orientation[to] = first.orientation[gi];
			out->by_command_range[to] = false;
			out->count[to] = first.count[gi];
			for (int i = 0; i < n; i++)
				if (first.group[idx[i]] == gi)
					out->group[idx[i]] = to;
			continue;
		}
		for (int i = 0; i < n; i++) {
			if (first.group[idx[i]] != gi)
				continue;
			/* 4.32: a mixed Line keeps the units in range */
			if (l == NULL ||
			    !command_range_field_reaches_unit(&field,
							     &g->units[idx[i]]))
				continue;
			sub[m++] = idx[i];
		}
		group_by_links(g, q, def, sub, m, mixed, out);
	}
}

static bool legion_cavalry(const struct game *g, const struct unit *u)
{
	return unit_has(g, u, TRAIT_CAVALRY) && u->legion > 0 && !u->ala;
}

/* 4.32, 4.54 one Line */
bool line_forms_one(const struct game *g, const struct zoc_query *q,
		    const struct line_def *def, const struct leader *l,
		    const int *units, int n, char *why, int whyn)
{
	if (g == NULL || def == NULL || units == NULL || n <= 0) {
		say(why, whyn, "%sno units", NULL);
		return false;
	}
	bool legion = false, ala = false;
	for (int i = 0; i < n; i++) {
		if (units[i] < 0 || units[i] >= g->nunits) {
			say(why, whyn, "%sno such unit", NULL);
			return false;
		}
		const struct unit *u = &g->units[units[i]];
		if (!line_def_names(def, u)) {
			say(why, whyn, "%s is not in this line (4.3)", u->id);
			return false;
		}
		if (!game_unit_in_play(u)) {
			say(why, whyn, "%s is not on the map", u->id);
			return false;
		}
		if (u->routed) {
			say(why, whyn, "%s is routed (4.32)", u->id);
			return false;
		}
		legion |= legion_cavalry(g, u);
		ala |= unit_has(g, u, TRAIT_CAVALRY) && u->ala;
	}
	if (def->no_mixed_cavalry && legion && ala) {
		say(why, whyn,
		    "%slegion and ala cavalry may not share this line (4.54)",
		    NULL);
		return false;
	}
	struct line_groups lg;
	line_compose(g, q, def, l, &lg);
	int g0 = lg.group[units[0]];
	for (int i = 0; i < n; i++) {
		int gi = lg.group[units[i]];
		if (gi < 0 && cavalry_line_by_half_range(g, units, n)) {
			say(why, whyn,
			    "%s is not within half the leader's Command Range "
			    "(GBA 4.33)",
			    g->units[units[i]].id);
			return false;
		}
		if (gi < 0) {
			say(why, whyn,
			    "%s is out of the leader's Command Range and the "
			    "line's orientation is mixed (4.32)",
			    g->units[units[i]].id);
			return false;
		}
		if (gi != g0) {
			say(why, whyn,
			    "%s is not adjacent to the rest of the line, or "
			    "not within its spacing (4.32)",
			    g->units[units[i]].id);
			return false;
		}
	}
	return true;
}

/* ---- Line Command eligibility (4.33) ---- */

bool line_group_is_infantry_or_elephant(const struct game *g,
					const struct line_groups *lg,
					int group)
{
	if (g == NULL || lg == NULL)
		return false;
	for (int i = 0; i < g->nunits; i++)
		if (lg->group[i] == group &&
		    (unit_has(g, &g->units[i], TRAIT_INFANTRY) ||
		     unit_has(g, &g->units[i], TRAIT_ELEPHANT)))
			return true;
	return false;
}

/* 4.33 two hexes and a clear LOS at the start of the Orders Phase */
bool line_command_in_reach(const struct game *g, const struct zoc_query *q,
			   const struct leader *l,
			   const struct line_groups *lg, int group, char *why,
			   int whyn)
{
	if (g == NULL || l == NULL || lg == NULL || !l->on_map || l->killed) {
		say(why, whyn, "%sthe leader is not on the map", NULL);
		return false;
	}
	if (group < 0 || group >= lg->ngroups) {
		say(why, whyn, "%sno such line", NULL);
		return false;
	}
	if (!line_group_is_infantry_or_elephant(g, lg, group))
		return true;
	if (command_in_enemy_zoc(g, q, l->hex, l->side)) {
		say(why, whyn, "%sthe leader is in an enemy ZOC (4.33)", NULL);
		return false;
	}
	bool near = false;
	char block[128] = "";
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (lg->group[i] != group)
			continue;
		for (int k = 0; k < 2; k++) {
			struct hex h = u->at.hex[k];
			if (hex_is_none(h) || hex_distance(l->hex, h) > 2)
				continue;
			near = true;
			struct los_why w;
			if (los_clear(g, l->hex, h, LOS_LINE_COMMAND, &w))
				return true;
			snprintf(block, sizeof block, "%s", w.reason);
		}
	}
	if (!near)
		say(why, whyn,
		    "%sno unit of the line within two hexes of the leader "
		    "(4.33)",
		    NULL);
	else
		say(why, whyn,
		    "no unit of the line within two hexes is in the leader's "
		    "line of sight: %s (4.33, 8.14)",
		    block);
	return false;
}

/* 4.4 the side's Overall Commander */
const struct leader *command_overall_commander(const struct game *g,
						int side)
{
	if (g == NULL)
		return NULL;
	for (int i = 0; i < g->nleaders; i++) {
		const struct leader *l = &g->leaders[i];
		if (l->side == side && l->overall && l->on_map && !l->killed &&
		    l->available)
			return l;
	}
	return NULL;
}

bool battle_has_option(const struct game *g, const char *name)
{
	return g != NULL && battle_plays_option(g->battle, name);
}

static struct lc_authority authority(enum lc_decision d, const char *rule,
				     const char *reason)
{
	struct lc_authority a = {.decision = d, .rule = rule};
	snprintf(a.reason, sizeof a.reason, "%s", reason);
	return a;
}

/* GBA 4.34 #2, 4.53: whether a friendly Wing Commander other than l has
 * l in his Command Range and lends it.  A Persian one (of a side that is
 * not Macedonian) does not (4.53 over 4.34 #2: research notes, ambiguity
 * A6).  Using it does not bar momentum (GBA 5.31 names the OC only:
 * ambiguity A7). */
static bool wing_commander_reaches(const struct game *g,
				   const struct zoc_query *q,
				   const struct leader *l)
{
	for (int i = 0; i < g->nleaders; i++) {
		const struct leader *wc = &g->leaders[i];
		if (wc == l || !wc->wing_commander || wc->side != l->side ||
		    !wc->on_map || wc->killed || !wc->available ||
		    !g->battle->sides[wc->side & 1].macedonian)
			continue;
		if (command_range_reaches(g, q, wc, l->hex))
			return true;
	}
	return false;
}

/* 4.31, GBA 5.21 */
int leader_line_commands(const struct game *g, const struct leader *l)
{
	if (l == NULL)
		return 0;
	if (g != NULL &&
	    tables_variant(g->tables, RV_LINE_COMMANDS) == LINE_COMMANDS_ONE)
		return l->line_command > 0 ? 1 : 0;
	return l->line_command;
}

/* 4.33 #2: the modifier for a unit of the line in an enemy ZOC */
static int line_zoc_drm(const struct game *g, const struct zoc_query *q,
			const struct line_groups *lg, int group)
{
	for (int i = 0; i < g->nunits; i++)
		if (lg->group[i] == group &&
		    command_unit_in_enemy_zoc(g, q, &g->units[i]))
			return game_constant(g, RC_LINE_COMMAND_ZOC_DRM);
	return 0;
}

/* GBA 4.34 #3, 4.35: a subordinate outside his OC's range (or in a
 * Momentum phase after a Line Command by roll) rolls his own Strategy
 * Rating; one without a Strategy Rating gives no Line Command so */
static struct lc_authority own_strategy_roll(const struct game *g,
					     const struct zoc_query *q,
					     const struct leader *l,
					     const struct line_groups *lg,
					     int group, enum lc_phase phase)
{
	if (l->strategy <= 0)
		return authority(LC_REFUSED, "GBA 4.34",
				 phase == LC_MOMENTUM_PHASE
					 ? "a Momentum phase needs a Strategy "
					   "roll, and he has no Strategy Rating"
					 : "outside the Overall Commander's "
					   "Command Range, and he has no "
					   "Strategy Rating to roll");
	struct lc_authority a = authority(
		LC_NEEDS_ROLL, phase == LC_MOMENTUM_PHASE ? "GBA 4.35" : "GBA 4.34",
		phase == LC_MOMENTUM_PHASE
			? "a Momentum phase: roll his own Strategy or less"
			: "outside the Overall Commander's Command Range: roll "
			  "his own Strategy or less");
	a.target = l->strategy;
	a.drm = line_zoc_drm(g, q, lg, group);
	return a;
}

/* 4.33, 4.4 #3, 4.56, 4.6 who may give a Line Command, and when a
 * Strategy roll decides */
struct lc_authority line_command_authority(const struct game *g,
					   const struct zoc_query *q,
					   const struct leader *l,
					   const struct line_groups *lg,
					   int group, enum lc_phase phase,
					   bool issued_in_initial)
{
	if (g == NULL || l == NULL || lg == NULL || !l->on_map || l->killed)
		return authority(LC_REFUSED, "4.33", "no leader on the map");
	if (l->overall)
		return authority(LC_ALLOWED, "4.4 #3",
				 "the Overall Commander commands any Line in "
				 "any Orders Phase");
	const struct side *sd = &g->battle->sides[l->side & 1];
	if (phase == LC_INITIAL_PHASE && l->kind != LK_REPLACEMENT &&
	    strcmp(sd->id, "carthage") == 0 &&
	    battle_has_option(g, "carthaginian_command"))
		return authority(LC_ALLOWED, "4.6",
				 "Carthaginian Command: no range or roll in "
				 "the Initial Orders Phase");
	if (phase == LC_MOMENTUM_PHASE && !issued_in_initial)
		return authority(LC_REFUSED, "4.33",
				 "no Line Command in his Initial Orders Phase, "
				 "so none in a Momentum phase");
	const struct leader *oc = command_overall_commander(g, l->side);
	bool in_range = oc != NULL && command_range_reaches(g, q, oc, l->hex);
	if (phase == LC_INITIAL_PHASE) {
		if (in_range) {
			struct lc_authority a = authority(
				LC_ALLOWED, "4.33 #1",
				"within the Overall Commander's Command Range");
			/* GBA 5.31: proximity was used; on the first turn
			 * (4.33 #3, GBA 4.34 #4) it was not needed */
			a.by_oc_range = g->turn != 1;
			return a;
		}
		if (g->turn == 1)
			return authority(LC_ALLOWED, "4.33 #3",
					 "first game turn: Line Commands are "
					 "automatic");
		if (l->wing_commander && !sd->macedonian)
			return authority(LC_ALLOWED, "GBA 4.53",
					 "a Persian Wing Commander needs no "
					 "roll in his Initial Orders Phase");
		if (wing_commander_reaches(g, q, l))
			return authority(LC_ALLOWED, "GBA 4.34",
					 "within a Wing Commander's Command "
					 "Range");
	}
	if (tables_variant(g->tables, RV_LINE_COMMAND_STRATEGY) ==
	    LC_STRATEGY_OWN)
		return own_strategy_roll(g, q, l, lg, group, phase);
	if (oc == NULL)
		return authority(LC_REFUSED, "4.33 #2",
				 "no Overall Commander to roll against");
	struct lc_authority a = authority(
		LC_NEEDS_ROLL, "4.33 #2",
		phase == LC_MOMENTUM_PHASE
			? "a Momentum phase: roll the Overall Commander's "
			  "Strategy or less"
			: "outside the Overall Commander's Command Range: roll "
			  "his Strategy or less");
	a.target = oc->strategy;
	a.drm = line_zoc_drm(g, q, lg, group);
	if (l->kind == LK_PROCONSUL && !in_range) /* 4.56 */
		a.drm += game_constant(g, RC_LINE_COMMAND_PROCONSUL_DRM);
	return a;
}

/* 4.33 #2 the Strategy roll's question */
bool line_command_needs_strategy_roll(const struct game *g,
				      const struct zoc_query *q,
				      const struct leader *l,
				      const struct line_groups *lg, int group,
				      enum lc_phase phase,
				      bool issued_in_initial)
{
	return line_command_authority(g, q, l, lg, group, phase,
				      issued_in_initial)
		       .decision == LC_NEEDS_ROLL;
}
