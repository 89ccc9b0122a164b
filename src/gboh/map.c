/* map.c — loading and validating a battlefield (maps/NAME.ini); the format
 * is documented in man/maniple.6 (FILES). */
#include "maniple/map.h"

#include <stdlib.h>
#include <string.h>

static const char *const terrain_names[TERRAIN_COUNT] = {
	"clear", "woods", "broken", "marsh", "impassable", "major_river",
	"rocky_river_bed",
};

/* terrain_names, as the refusals list them */
#define TERRAIN_WORDS                                                   \
	"clear woods broken marsh impassable major_river rocky_river_bed"

static const char *const edge_names[EDGE_COUNT] = {
	"north", "east", "south", "west",
};

const char *terrain_name(enum terrain t)
{
	return (unsigned)t < TERRAIN_COUNT ? terrain_names[t] : "?";
}

int terrain_parse(const char *text)
{
	for (int i = 0; text && i < TERRAIN_COUNT; i++)
		if (strcmp(text, terrain_names[i]) == 0)
			return i;
	return -1;
}

const char *map_edge_name(enum map_edge e)
{
	return (unsigned)e < EDGE_COUNT ? edge_names[e] : "?";
}

int map_edge_parse(const char *text)
{
	for (int i = 0; text && i < EDGE_COUNT; i++)
		if (strcmp(text, edge_names[i]) == 0)
			return i;
	return -1;
}

unsigned map_hexside(const struct map *m, struct hex h, enum hexside d)
{
	const struct map_hex *mh = map_at(m, h);
	if (!mh || (unsigned)d >= HEXSIDE_COUNT)
		return 0;
	return mh->side[d];
}

/* 6.24 impassable hexes (and anything off the map). */
bool map_impassable(const struct map *m, struct hex h)
{
	const struct map_hex *mh = map_at(m, h);
	return !mh || mh->terrain == TERRAIN_IMPASSABLE;
}

const struct retreat_edge *map_find_edge(const struct map *m, const char *name)
{
	for (int i = 0; m && name && i < m->nedges; i++)
		if (strcmp(m->edges[i].name, name) == 0)
			return &m->edges[i];
	return NULL;
}

int map_distance_to_edge(const struct map *m, struct hex h, enum map_edge e)
{
	switch (e) {
	case EDGE_NORTH:
		return h.row - m->row_min;
	case EDGE_SOUTH:
		return m->row_max - h.row;
	case EDGE_WEST:
		return h.col - m->col_min;
	case EDGE_EAST:
		return m->col_max - h.col;
	default:
		return -1;
	}
}

void map_free(struct map *m)
{
	if (!m)
		return;
	free(m->hexes);
	free(m);
}

/* ---- loading ---- */

enum map_section {
	MS_NONE,
	MS_FILE,
	MS_MAP,
	MS_TERRAIN,
	MS_ELEVATION,
	MS_HEXSIDES,
	MS_EDGES,
	MS_COUNT
};

static const char *const section_names[MS_COUNT] = {
	"", "file", "map", "terrain", "elevation", "hexsides", "edges",
};

/* [map] keys, a bit each, to refuse a key given twice. */
enum map_key {
	MK_NAME,
	MK_FIRST_COL,
	MK_LAST_COL,
	MK_FIRST_ROW,
	MK_LAST_ROW,
	MK_TERRAIN,
	MK_ELEVATION,
	MK_COMPASS,
	MK_COUNT
};

static const char *const map_keys[MK_COUNT] = {
	"name",	   "first_column", "last_column", "first_row",
	"last_row", "terrain",	    "elevation",   "compass",
};

struct map_ctx {
	struct map *m;
	struct ini_error *err;
	enum map_section cur;
	int section_line[MS_COUNT]; /* 0: not seen */
	unsigned file_keys;	    /* bit 0 kind, bit 1 version */
	int map_key_line[MK_COUNT];
	int def_terrain, def_elevation;
	bool grid_ready;
	int river_line; /* the last line making hexes Major River */
};

#define LIST_MAX 64

static int find_name(const char *const *names, int n, const char *s)
{
	for (int i = 0; i < n; i++)
		if (strcmp(names[i], s) == 0)
			return i;
	return -1;
}

/* The [map] section ends: check it and lay out the grid with its defaults. */
static int make_grid(struct map_ctx *c, int line)
{
	struct map *m = c->m;
	if (c->grid_ready)
		return 0;
	if (!c->section_line[MS_MAP])
		return ini_fail(c->err, line,
				"the [map] section must come before [%s]",
				section_names[c->cur]);
	for (int k = 0; k <= MK_LAST_ROW; k++)
		if (!c->map_key_line[k])
			return ini_fail(c->err, c->section_line[MS_MAP],
					"[map] lacks the required key %s",
					map_keys[k]);
	if (m->col_max < m->col_min)
		return ini_fail(c->err, c->map_key_line[MK_LAST_COL],
				"last_column %d is before first_column %d",
				m->col_max, m->col_min);
	if (m->row_max < m->row_min)
		return ini_fail(c->err, c->map_key_line[MK_LAST_ROW],
				"last_row %d is before first_row %d",
				m->row_max, m->row_min);
	m->ncols = m->col_max - m->col_min + 1;
	m->nrows = m->row_max - m->row_min + 1;
	m->hexes = calloc((size_t)m->ncols * (size_t)m->nrows,
			  sizeof *m->hexes);
	if (!m->hexes)
		return ini_fail(c->err, line, "out of memory");
	for (int i = 0; i < m->ncols * m->nrows; i++) {
		m->hexes[i].terrain = (uint8_t)c->def_terrain;
		m->hexes[i].elevation = (int8_t)c->def_elevation;
	}
	m->base_level = (int8_t)c->def_elevation;
	c->grid_ready = true;
	return 0;
}

static int check_file_section(struct map_ctx *c, int line)
{
	if (!c->section_line[MS_FILE])
		return ini_fail(c->err, line,
				"a map file must open with [file] kind = map, "
				"version = 1");
	if (!(c->file_keys & 1))
		return ini_fail(c->err, c->section_line[MS_FILE],
				"[file] lacks kind = map");
	if (!(c->file_keys & 2))
		return ini_fail(c->err, c->section_line[MS_FILE],
				"[file] lacks version = 1");
	return 0;
}

static int on_section(struct map_ctx *c, const char *name, int line)
{
	int s = find_name(section_names, MS_COUNT, name);
	if (s <= MS_NONE)
		return ini_fail(c->err, line, "unknown section [%s] in a map file",
				name);
	if (c->section_line[s])
		return ini_fail(c->err, line,
				"section [%s] given twice (first at line %d)",
				name, c->section_line[s]);
	if (s != MS_FILE && check_file_section(c, line))
		return 1;
	c->cur = (enum map_section)s;
	c->section_line[s] = line;
	if (s > MS_MAP)
		return make_grid(c, line);
	return 0;
}

static int on_file_key(struct map_ctx *c, const char *key, const char *v,
		       int line)
{
	if (strcmp(key, "kind") == 0) {
		if (strcmp(v, "map") != 0)
			return ini_fail(c->err, line,
					"kind is \"%s\", expected map", v);
		c->file_keys |= 1;
		return 0;
	}
	if (strcmp(key, "version") == 0) {
		int ver;
		if (!ini_int(v, 1, 1, &ver))
			return ini_fail(c->err, line,
					"unsupported version \"%s\" (expected 1)",
					v);
		c->file_keys |= 2;
		return 0;
	}
	return ini_fail(c->err, line, "unknown key \"%s\" in [file]", key);
}

/* 9.14 the map's rampage compass. */
static int parse_compass(struct map_ctx *c, const char *v, int line)
{
	char tok[LIST_MAX][32];
	int n = ini_split(v, tok, LIST_MAX);
	if (n != 6)
		return ini_fail(c->err, line,
				"compass needs six hexside names (for rolls 1..6)");
	for (int i = 0; i < 6; i++) {
		int d = hexside_parse(tok[i]);
		if (d < 0)
			return ini_fail(c->err, line,
					"compass: \"%s\" is not a hexside "
					"(N ENE ESE S WSW WNW)",
					tok[i]);
		c->m->compass[i] = (enum hexside)d;
	}
	return 0;
}

static int on_map_key(struct map_ctx *c, const char *key, const char *v,
		      int line)
{
	struct map *m = c->m;
	int k = find_name(map_keys, MK_COUNT, key);
	if (k < 0)
		return ini_fail(c->err, line, "unknown key \"%s\" in [map]", key);
	if (c->map_key_line[k])
		return ini_fail(c->err, line, "%s given twice (first at line %d)",
				key, c->map_key_line[k]);
	c->map_key_line[k] = line;
	switch (k) {
	case MK_NAME:
		if (!*v || strlen(v) >= sizeof m->name)
			return ini_fail(c->err, line,
					"name must be 1 to %zu characters",
					sizeof m->name - 1);
		snprintf(m->name, sizeof m->name, "%s", v);
		return 0;
	case MK_FIRST_COL:
	case MK_LAST_COL:
	case MK_FIRST_ROW:
	case MK_LAST_ROW: {
		int x;
		if (!ini_int(v, 0, 99, &x))
			return ini_fail(c->err, line,
					"%s must be a number 0..99, not \"%s\"",
					key, v);
		int *dst[] = {&m->col_min, &m->col_max, &m->row_min,
			      &m->row_max};
		*dst[k - MK_FIRST_COL] = x;
		return 0;
	}
	case MK_TERRAIN:
		c->def_terrain = terrain_parse(v);
		if (c->def_terrain == TERRAIN_MAJOR_RIVER)
			c->river_line = line;
		if (c->def_terrain < 0)
			return ini_fail(c->err, line,
					"unknown terrain \"%s\" (" TERRAIN_WORDS
					")",
					v);
		return 0;
	case MK_ELEVATION:
		if (!ini_int(v, 0, 9, &c->def_elevation))
			return ini_fail(c->err, line,
					"elevation must be a level 0..9, not \"%s\"",
					v);
		return 0;
	default:
		return parse_compass(c, v, line);
	}
}

/* Copies a token of ini_split (under 32 bytes). */
static void copy_token(char dst[32], const char *tok)
{
	size_t n = strnlen(tok, 31);
	memcpy(dst, tok, n);
	dst[n] = '\0';
}

/* One item of a hex list: HHHH or a rectangle HHHH-HHHH. */
static int hex_range(struct map_ctx *c, const char *tok, int line,
		     struct hex *a, struct hex *b)
{
	char first[32];
	copy_token(first, tok);
	char *dash = strchr(first, '-');
	if (dash)
		*dash = '\0';
	if (!hex_parse(first, a) || (dash && !hex_parse(dash + 1, b)))
		return ini_fail(c->err, line,
				"\"%s\" is not a hex (CCRR) or a range CCRR-CCRR",
				tok);
	if (!dash)
		*b = *a;
	if (b->col < a->col || b->row < a->row)
		return ini_fail(c->err, line,
				"range %s runs backwards (first hex must be "
				"the top left)",
				tok);
	if (!map_contains(c->m, *a) || !map_contains(c->m, *b))
		return ini_fail(c->err, line,
				"%s is off the map (columns %02d..%02d, rows "
				"%02d..%02d)",
				tok, c->m->col_min, c->m->col_max, c->m->row_min,
				c->m->row_max);
	return 0;
}

/* Applies terrain (elev < 0) or an elevation level to a hex list. */
static int paint(struct map_ctx *c, const char *v, int line, int terrain,
		 int elev)
{
	char tok[LIST_MAX][32];
	int n = ini_split(v, tok, LIST_MAX);
	if (n < 0)
		return ini_fail(c->err, line,
				"list too long (at most %d items a line) or an "
				"item too long",
				LIST_MAX);
	if (n == 0)
		return ini_fail(c->err, line, "empty hex list");
	for (int i = 0; i < n; i++) {
		struct hex a, b;
		if (hex_range(c, tok[i], line, &a, &b))
			return 1;
		for (int col = a.col; col <= b.col; col++)
			for (int row = a.row; row <= b.row; row++) {
				struct map_hex *mh =
					map_at_mut(c->m, (struct hex){col, row});
				if (elev < 0)
					mh->terrain = (uint8_t)terrain;
				else
					mh->elevation = (int8_t)elev;
			}
	}
	return 0;
}

/* Marks a hexside feature on hex h's side d and the matching side of its
 * neighbour when that is on the map. */
static void mark_side(struct map *m, struct hex h, int d, unsigned bit)
{
	struct map_hex *mh = map_at_mut(m, h);
	mh->side[d] |= (uint8_t)bit;
	if (bit == HSF_RAMPART)
		mh->rampart_inside = true;
	struct hex o = hex_neighbour(h, (enum hexside)d);
	struct map_hex *oh = map_at_mut(m, o);
	if (oh)
		oh->side[hexside_opposite((enum hexside)d)] |= (uint8_t)bit;
}

/* HEX/SIDE or HEX:HEX. */
static int parse_hexside(struct map_ctx *c, const char *tok, int line,
			 struct hex *h, int *d)
{
	char buf[32];
	copy_token(buf, tok);
	char *slash = strchr(buf, '/');
	char *colon = strchr(buf, ':');
	char *sep = slash ? slash : colon;
	if (!sep)
		return ini_fail(c->err, line,
				"\"%s\" is not a hexside (HEX/SIDE or HEX:HEX)",
				tok);
	*sep = '\0';
	if (!hex_parse(buf, h))
		return ini_fail(c->err, line, "\"%s\": \"%s\" is not a hex",
				tok, buf);
	if (!map_contains(c->m, *h))
		return ini_fail(c->err, line, "%s: hex %s is off the map", tok,
				buf);
	if (slash) {
		*d = hexside_parse(slash + 1);
		if (*d < 0)
			return ini_fail(c->err, line,
					"\"%s\": \"%s\" is not a hexside "
					"(N ENE ESE S WSW WNW)",
					tok, slash + 1);
		return 0;
	}
	struct hex o;
	if (!hex_parse(colon + 1, &o))
		return ini_fail(c->err, line, "\"%s\": \"%s\" is not a hex",
				tok, colon + 1);
	*d = hex_direction_to(*h, o);
	if (*d < 0)
		return ini_fail(c->err, line,
				"%s: hexes %s and %s are not adjacent", tok, buf,
				colon + 1);
	return 0;
}

/* A road: a chain of adjacent hexes, crossing the hexside between each. */
static int parse_road(struct map_ctx *c, const char *v, int line,
		      unsigned bit)
{
	char tok[LIST_MAX][32];
	int n = ini_split(v, tok, LIST_MAX);
	if (n < 2)
		return ini_fail(c->err, line,
				n < 0 ? "road too long for one line (at most "
					"64 hexes; continue on the next line)"
				      : "a road needs at least two hexes");
	struct hex prev = HEX_NONE;
	for (int i = 0; i < n; i++) {
		struct hex h;
		if (!hex_parse(tok[i], &h))
			return ini_fail(c->err, line, "\"%s\" is not a hex",
					tok[i]);
		if (!map_contains(c->m, h))
			return ini_fail(c->err, line, "road hex %s is off the map",
					tok[i]);
		if (i > 0) {
			int d = hex_direction_to(prev, h);
			if (d < 0)
				return ini_fail(c->err, line,
						"road: %s and %s are not adjacent",
						tok[i - 1], tok[i]);
			mark_side(c->m, prev, d, bit);
		}
		prev = h;
	}
	return 0;
}

/* The name of a hexside's barrier (HSF_BARRIERS), a gate's as a gate. */
static const char *barrier_name(unsigned f)
{
	if (hexside_is_gate(f))
		return "gate";
	return f & HSF_RIVER	   ? "river"
	       : f & HSF_MINOR_RIVER ? "minor_river"
	       : f & HSF_WALL	     ? "wall"
				     : "rampart";
}

static int on_hexsides_key(struct map_ctx *c, const char *key, const char *v,
			   int line)
{
	/* the roads last: they are chains of hexes, not lists of hexsides;
	 * GBA 6.26: a gate is a wall with a (dirt) road through it */
	static const char *const keys[] = {
		"stream",     "river", "rampart", "minor_river", "steep_bank",
		"wall",	      "gate",  "roman_road", "dirt_road"};
	static const unsigned bits[] = {
		HSF_STREAM,	  HSF_RIVER, HSF_RAMPART,
		HSF_MINOR_RIVER, HSF_STEEP_BANK, HSF_WALL,
		HSF_WALL | HSF_DIRT_ROAD, HSF_ROMAN_ROAD, HSF_DIRT_ROAD};
	enum { NKEYS = sizeof keys / sizeof keys[0], FIRST_ROAD = 7 };
	int k = find_name(keys, NKEYS, key);
	if (k < 0)
		return ini_fail(c->err, line,
				"unknown key \"%s\" in [hexsides] (stream river "
				"rampart minor_river steep_bank wall gate "
				"roman_road dirt_road)",
				key);
	if (k >= FIRST_ROAD)
		return parse_road(c, v, line, bits[k]);
	char tok[LIST_MAX][32];
	int n = ini_split(v, tok, LIST_MAX);
	if (n <= 0)
		return ini_fail(c->err, line,
				n < 0 ? "list too long or an item too long"
				      : "empty hexside list");
	for (int i = 0; i < n; i++) {
		struct hex h = HEX_NONE;
		int d = -1;
		if (parse_hexside(c, tok[i], line, &h, &d))
			return 1;
		unsigned had = map_hexside(c->m, h, (enum hexside)d);
		if ((bits[k] & HSF_BARRIERS) && (had & HSF_BARRIERS) &&
		    (had & HSF_BARRIERS) != (bits[k] & HSF_BARRIERS))
			return ini_fail(c->err, line,
					"%s is a %s already: a hexside is at "
					"most one of river, minor_river, wall "
					"(or gate) and rampart",
					tok[i], barrier_name(had));
		mark_side(c->m, h, d, bits[k]);
	}
	return 0;
}

static bool edge_name_ok(const char *s)
{
	size_t n = strlen(s);
	if (n == 0 || n >= sizeof(((struct retreat_edge *)0)->name))
		return false;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') ||
		      *s == '_' || *s == '-'))
			return false;
	return true;
}

static int on_edges_key(struct map_ctx *c, const char *key, const char *v,
			int line)
{
	struct map *m = c->m;
	if (!edge_name_ok(key))
		return ini_fail(c->err, line,
				"edge name \"%s\" must be 1-23 characters of "
				"a-z 0-9 _ -",
				key);
	if (map_find_edge(m, key))
		return ini_fail(c->err, line, "edge \"%s\" named twice", key);
	if (m->nedges >= MAP_EDGES_MAX)
		return ini_fail(c->err, line, "more than %d named edges",
				MAP_EDGES_MAX);
	int e = map_edge_parse(v);
	if (e < 0)
		return ini_fail(c->err, line,
				"edge \"%s\": \"%s\" is not north, east, south "
				"or west",
				key, v);
	struct retreat_edge *re = &m->edges[m->nedges++];
	snprintf(re->name, sizeof re->name, "%s", key);
	re->edge = (enum map_edge)e;
	return 0;
}

static int map_handler(void *user, const char *section, const char *key,
		       const char *value, int line)
{
	struct map_ctx *c = user;
	if (!key)
		return on_section(c, section, line);
	if (c->cur == MS_NONE)
		return ini_fail(c->err, line,
				"key \"%s\" outside a section; a map file must "
				"open with [file]",
				key);
	switch (c->cur) {
	case MS_FILE:
		return on_file_key(c, key, value, line);
	case MS_MAP:
		return on_map_key(c, key, value, line);
	case MS_TERRAIN: {
		int t = terrain_parse(key);
		if (t == TERRAIN_MAJOR_RIVER)
			c->river_line = line;
		if (t < 0)
			return ini_fail(c->err, line,
					"unknown terrain \"%s\" (" TERRAIN_WORDS
					")",
					key);
		return paint(c, value, line, t, -1);
	}
	case MS_ELEVATION: {
		int lv;
		if (strncmp(key, "level", 5) != 0 || !ini_int(key + 5, 0, 9, &lv))
			return ini_fail(c->err, line,
					"unknown key \"%s\" in [elevation] "
					"(level0 .. level9)",
					key);
		return paint(c, value, line, 0, lv);
	}
	case MS_HEXSIDES:
		return on_hexsides_key(c, key, value, line);
	case MS_EDGES:
		return on_edges_key(c, key, value, line);
	default:
		return ini_fail(c->err, line, "key outside a section");
	}
}

/* GBA 6.23's note: every Major River hex is at level 1 */
static int check_rivers(struct map_ctx *c)
{
	const struct map *m = c->m;
	for (int col = m->col_min; col <= m->col_max; col++)
		for (int row = m->row_min; row <= m->row_max; row++) {
			struct hex h = {col, row};
			const struct map_hex *mh = map_at(m, h);
			if (mh->terrain != TERRAIN_MAJOR_RIVER ||
			    mh->elevation == 1)
				continue;
			char hb[16];
			hex_format(h, hb, sizeof hb);
			return ini_fail(c->err, c->river_line,
					"major_river hex %s is at level %d: "
					"every Major River hex is at level 1 "
					"(GBA 6.23)",
					hb, mh->elevation);
		}
	return 0;
}

struct map *map_load(const char *path, struct ini_error *err)
{
	struct map *m = calloc(1, sizeof *m);
	if (!m) {
		snprintf(err->file, sizeof err->file, "%s", path);
		err->line = 0;
		snprintf(err->msg, sizeof err->msg, "out of memory");
		return NULL;
	}
	snprintf(m->path, sizeof m->path, "%s", path);
	for (int i = 0; i < 6; i++)
		m->compass[i] = (enum hexside)i;
	struct map_ctx c = {.m = m, .err = err};
	bool ok = ini_read_file(path, map_handler, &c, err);
	if (ok && check_file_section(&c, 0))
		ok = false;
	if (ok && !c.grid_ready) {
		c.cur = MS_MAP;
		if (!c.section_line[MS_MAP])
			ok = !ini_fail(err, 0, "no [map] section");
		else
			ok = !make_grid(&c, c.section_line[MS_MAP]);
	}
	if (ok && !c.map_key_line[MK_NAME])
		ok = !ini_fail(err, c.section_line[MS_MAP],
			       "[map] lacks the required key name");
	if (ok && c.river_line)
		ok = !check_rivers(&c);
	if (!ok) {
		map_free(m);
		return NULL;
	}
	return m;
}
