/* harass.c — Harassment and Dispersal (SPQR 8.31-8.34, 9.22, 9.31,
 * 9.15): who may, range, path and LOS, and the simultaneous exchange of
 * volleys (harass.h).  The volleys are resolved by missile_fire
 * (missile.h): FIRE_HD for the harassing unit, FIRE_ENTRY for the enemy
 * units firing back, both at a range of one hex (8.33).
 *
 * The order declares the H&D; the target's side answers an RK_HD offer
 * of the reactions window (react face, react fire, no reaction), then
 * every volley is thrown together.
 *
 * Dice order of one H&D: the target's 7.15 facing die (when it turns, at
 * `react face`), then the harassing unit's volley, then each entry
 * volley in the order the units were named, each volley as missile_fire
 * rolls it (at `no reaction`). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/harass.h"
#include "maniple/los.h"
#include "maniple/map.h"
#include "maniple/missile.h"
#include "maniple/movement.h"
#include "maniple/orders.h"
#include "maniple/reaction_fire.h"
#include "maniple/reactions.h"
#include "maniple/rout.h"
#include "maniple/stacking.h"

static bool deny(struct harass_check *c, const char *rule, const char *fmt,
		 ...)
{
	c->why[0] = '\0';
	if (!c->quiet) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(c->why, sizeof c->why, fmt, ap);
		va_end(ap);
	}
	c->reason = c->why;
	c->rule = rule;
	return false;
}

/* 8.31, 9.22, 9.31: the kinds of unit that may use H&D, and on whom */
/* harass_may_use; quiet: no reason is worded (a legal list) */
static bool may_use(const struct game *g, int firer, int target,
		    struct harass_check *out, bool quiet)
{
	memset(out, 0, sizeof *out);
	out->quiet = quiet;
	out->firer = firer;
	out->target = target;
	if (firer < 0 || firer >= g->nunits || target < 0 ||
	    target >= g->nunits)
		return deny(out, "8.31", "no such unit");
	const struct unit *f = &g->units[firer], *t = &g->units[target];
	if (!game_unit_in_play(f) || !game_unit_in_play(t))
		return deny(out, "8.31", "%s or %s is not in play", f->id,
			    t->id);
	if (f->side == t->side)
		return deny(out, "8.31", "%s is not an enemy of %s", t->id,
			    f->id);
	if (f->routed)
		return deny(out, "10.27", "%s is routed", f->id);
	/* 6.75: In Column, no missile fire, so no H&D (the soak, drill
	 * seed 35: a listed H&D whose volley could not be thrown) */
	if (f->at.in_column)
		return deny(out, "6.75", "%s is In Column: no missile fire",
			    f->id);
	bool lc = unit_has(g, f, TRAIT_LIGHT_CAVALRY);
	if (f->missile == MC_NONE ||
	    (!lc && !unit_has(g, f, TRAIT_HARASS_FOOT)))
		return deny(out, "8.31",
			    "only missile-armed SK, LI and LC use H&D: %s is "
			    "%s",
			    f->id, unit_type_name(f->type));
	if (!lc && f->missile == MC_A)
		return deny(out, "9.22",
			    "infantry archers (SK and LI, class A) may not "
			    "use H&D (8.31)");
	if (lc && unit_has(g, t, TRAIT_SKIRMISHER) &&
	    tables_variant(g->tables, RV_HD_LC_SKIRMISHERS) ==
		    HD_LC_NOT_SKIRMISHERS)
		return deny(out, "9.31",
			    "light cavalry may not use H&D against "
			    "skirmishers (8.31)");
	if (lc && !(t->ma < f->ma))
		return deny(out, "8.31",
			    "light cavalry uses H&D only against a lower MA: "
			    "%s MA %d, %s MA %d",
			    t->id, t->ma, f->id, f->ma);
	if (!lc && t->ma > f->ma)
		return deny(out, "8.31",
			    "SK and LI use H&D only against the same or a "
			    "lower MA: %s MA %d, %s MA %d",
			    t->id, t->ma, f->id, f->ma);
	if (f->supply == SUPPLY_NO)
		return deny(out, "8.17", "%s has no missiles left (Missile No)",
			    f->id);
	out->limit = lc ? 4 : 2;
	return true;
}

bool harass_may_use(const struct game *g, int firer, int target,
		    struct harass_check *out)
{
	return may_use(g, firer, target, out, false);
}

/* 8.32: whether a hex may be part of an H&D path (clear of combat units,
 * impassable and Rough hexes; enemy ZOC only next to the target) */
static bool path_hex_ok(const struct game *g, const struct unit *f,
			const struct unit *t, struct hex h,
			struct harass_check *c)
{
	char hx[8];
	hex_format(h, hx, sizeof hx);
	const struct map *m = g->battle->map;
	const struct map_hex *mh = map_at(m, h);
	if (!mh)
		return deny(c, "8.32", "%s is off the map", hx);
	if (map_impassable(m, h))
		return deny(c, "8.32", "the path may not cross impassable %s",
			    hx);
	if (terrain_is_rough((enum terrain)mh->terrain))
		return deny(c, "8.32", "the path may not cross Rough %s", hx);
	const struct unit *us[4];
	if (game_units_at(g, h, us, 4) > 0)
		return deny(c, "8.32", "the path must be clear of combat "
				       "units: %s in %s",
			    us[0]->id, hx);
	if (footprint_occupies(&f->at, h) || footprint_occupies(&t->at, h))
		return deny(c, "8.32", "the path may not pass %s", hx);
	if (zoc_enemy_in(g, f->side, h) && footprint_distance(&t->at, h) != 1)
		return deny(c, "8.32",
			    "the path may cross enemy ZOC only next to the "
			    "target: %s",
			    hx);
	return true;
}

/* 8.32: whether the path keeps SPQR's limits (a Front hex first, the
 * firer's LOS, no river, one level a step); GBA 9.32, 9.41 have none */
static bool path_spqr_limits(const struct game *g)
{
	return tables_variant(g->tables, RV_HD_PATH) ==
	       HD_PATH_FRONT_LOS_LEVELS;
}

/* 8.32: the step from a to b: adjacent, no river, at most one level */
static bool path_step_ok(const struct game *g, struct hex a, struct hex b,
			 struct harass_check *c)
{
	char ha[8], hb[8];
	hex_format(a, ha, sizeof ha);
	hex_format(b, hb, sizeof hb);
	int d = hex_direction_to(a, b);
	if (d < 0)
		return deny(c, "8.32", "the path from %s to %s is not a step "
				       "to a neighbouring hex",
			    ha, hb);
	if (!path_spqr_limits(g))
		return true;
	const struct map *m = g->battle->map;
	if (map_hexside(m, a, (enum hexside)d) & HSF_RIVER)
		return deny(c, "8.32", "the path may not cross the river "
				       "between %s and %s",
			    ha, hb);
	const struct map_hex *ma = map_at(m, a), *mb = map_at(m, b);
	if (ma && mb && abs(ma->elevation - mb->elevation) > 1)
		return deny(c, "8.32",
			    "the path may not climb or drop more than one "
			    "level between %s and %s",
			    ha, hb);
	return true;
}

/* 8.13: h lies in u's arc of fire: its Front or Flank hexes (GBA 8.13:
 * the Flank ones for skirmishers only) */
static bool in_arc(const struct game *g, const struct unit *u, struct hex h)
{
	enum hex_zone z = footprint_zone(&u->at, h);
	return z == ZONE_FRONT ||
	       (z == ZONE_FLANK &&
		(tables_variant(g->tables, RV_FIRE_ARC) == ARC_FRONT_OR_FLANK ||
		 unit_has(g, u, TRAIT_SKIRMISHER)));
}

static bool may_fire_back(const struct unit *u)
{
	return game_unit_in_play(u) && !u->routed && u->missile != MC_NONE &&
	       u->supply != SUPPLY_NO;
}

/* 8.33: the enemy units that may use Entry Reaction Fire against this
 * H&D: the target when the last path hex is in its arc of fire, others
 * when a path hex next to them is */
static void collect_reactors(const struct game *g, struct harass_check *c)
{
	const struct unit *f = &g->units[c->firer];
	const struct unit *t = &g->units[c->target];
	c->nreactors = 0;
	if (may_fire_back(t) && c->npath > 0 &&
	    in_arc(g, t, c->path[c->npath - 1]))
		c->reactors[c->nreactors++] = c->target;
	/* GBA 9.32, 9.41: only the target fires back */
	if (tables_variant(g->tables, RV_HD_FIRE_BACK) == HD_BACK_TARGET_ONLY)
		return;
	for (int i = 0; i < g->nunits && c->nreactors < HARASS_REACTORS_MAX;
	     i++) {
		const struct unit *u = &g->units[i];
		if (i == c->target || u->side == f->side || !may_fire_back(u))
			continue;
		for (int k = 0; k < c->npath; k++)
			if (in_arc(g, u, c->path[k])) {
				c->reactors[c->nreactors++] = i;
				break;
			}
	}
}

/* 8.32, 8.34: checks the path hexes (npath of them) */
static bool path_ok(const struct game *g, struct harass_check *c,
		    const struct hex *path, int npath)
{
	const struct unit *f = &g->units[c->firer];
	const struct unit *t = &g->units[c->target];
	if (npath < 1 || npath > c->limit - 1)
		return deny(c, "8.32",
			    "the path runs through 1 to %d hexes to the "
			    "target",
			    c->limit - 1);
	if (path_spqr_limits(g) && footprint_zone(&f->at, path[0]) != ZONE_FRONT)
		return deny(c, "8.32",
			    "the path leaves through a Front hex of %s only",
			    f->id);
	struct hex from = f->at.hex[0];
	if (footprint_two_hex(&f->at) &&
	    hex_distance(f->at.hex[1], path[0]) == 1 &&
	    hex_distance(from, path[0]) != 1)
		from = f->at.hex[1];
	if (footprint_distance(&f->at, path[0]) != 1)
		return deny(c, "8.32", "the path starts next to %s", f->id);
	for (int k = 0; k < npath; k++) {
		if (!path_step_ok(g, k ? path[k - 1] : from, path[k], c) ||
		    !path_hex_ok(g, f, t, path[k], c))
			return false;
	}
	struct hex last = path[npath - 1];
	if (footprint_distance(&t->at, last) != 1)
		return deny(c, "8.32", "the path must end next to %s", t->id);
	struct hex th = footprint_two_hex(&t->at) &&
				    hex_distance(t->at.hex[1], last) == 1
			    ? t->at.hex[1]
			    : t->at.hex[0];
	if (!path_step_ok(g, last, th, c))
		return false;
	c->elephant_hits = 0;
	if (unit_has(g, t, TRAIT_ELEPHANT) && unit_has(g, f, TRAIT_LIGHT_CAVALRY)) {
		/* 8.34, 9.15: never through an elephant's Front */
		if (footprint_zone(&t->at, last) == ZONE_FRONT)
			return deny(c, "8.34",
				    "cavalry may not attack an elephant "
				    "through its Front (9.15)");
		c->elephant_hits = 2;
	}
	c->npath = npath;
	memcpy(c->path, path, (size_t)npath * sizeof *path);
	collect_reactors(g, c);
	return true;
}

/* 8.32: finds a path with the fewest enemy units able to fire back;
 * the first found among equals (hexsides in N..WNW order) */
static void search(const struct game *g, struct harass_check *c,
		   struct hex *cur, int depth, struct harass_check *best,
		   bool *found)
{
	/* the paths tried: only the one kept matters, so no refusal of
	 * another is put in words */
	const struct unit *f = &g->units[c->firer];
	const struct unit *tg = &g->units[c->target];
	/* a path ends next to the target (path_ok): only such a one is
	 * tried */
	if (depth > 0 && depth <= HARASS_PATH_MAX &&
	    footprint_distance(&tg->at, cur[depth - 1]) == 1) {
		struct harass_check t = *c;
		t.quiet = true;
		if (path_ok(g, &t, cur, depth) &&
		    (!*found || t.nreactors < best->nreactors)) {
			*best = t;
			best->quiet = c->quiet;
			*found = true;
		}
	}
	if (depth >= c->limit - 1 || depth >= HARASS_PATH_MAX)
		return;
	for (int d = 0; d < 8; d++) {
		struct hex n;
		if (depth > 0 && d >= HEXSIDE_COUNT)
			break;
		if (depth == 0) {
			/* first hex: a Front hex of the firer (GBA 9.32,
			 * 9.41: any hex next to it) */
			struct hex fr[24];
			int nf = footprint_zone_hexes(&f->at, ZONE_FRONT, fr);
			if (!path_spqr_limits(g)) {
				nf += footprint_zone_hexes(&f->at, ZONE_FLANK,
							   fr + nf);
				nf += footprint_zone_hexes(&f->at, ZONE_REAR,
							   fr + nf);
			}
			if (d >= nf)
				break;
			n = fr[d];
		} else {
			n = hex_neighbour(cur[depth - 1], (enum hexside)d);
		}
		bool again = false;
		for (int k = 0; k < depth; k++)
			again |= hex_eq(cur[k], n);
		/* a step changes the distance by one at most: from n, the
		 * hexes left to the path (limit - 1 in all) must bring it
		 * next to the target, else nothing below n can be a path */
		if (footprint_distance(&tg->at, n) - 1 > c->limit - 2 - depth)
			continue;
		struct harass_check s = *c;
		s.quiet = true;
		if (again || !path_hex_ok(g, f, &g->units[c->target], n, &s))
			continue;
		cur[depth] = n;
		search(g, c, cur, depth + 1, best, found);
	}
}

/* 8.32: range, ZOC, LOS and path; in_zoc: whether the firer stands in an
 * enemy ZOC when the caller knows, else -1; quiet: no reason in words */
static bool check_harass(const struct game *g, int firer, int target,
			 const struct hex *path, int npath,
			 struct harass_check *out, int in_zoc, bool quiet)
{
	if (!may_use(g, firer, target, out, quiet))
		return false;
	const struct unit *f = &g->units[firer], *t = &g->units[target];
	if (in_zoc < 0 ? unit_in_enemy_zoc(g, f) : in_zoc > 0)
		return deny(out, "8.32", "%s is in an enemy ZOC", f->id);
	int dist = footprint_distance(&t->at, f->at.hex[0]);
	if (footprint_two_hex(&f->at)) {
		int d1 = footprint_distance(&t->at, f->at.hex[1]);
		if (d1 < dist)
			dist = d1;
	}
	out->distance = dist;
	if (dist < 2)
		return deny(out, "8.32", "%s may not use H&D from next to %s",
			    f->id, t->id);
	if (dist > out->limit)
		return deny(out, "8.32",
			    "%s must be within %d hexes of %s for H&D: it is "
			    "%d away",
			    f->id, out->limit, t->id, dist);
	struct los_why lw;
	bool seen = !path_spqr_limits(g) || /* GBA 9.32: no LOS clause */
		    los_missile(g, f, t->at.hex[0], &lw);
	if (!seen && footprint_two_hex(&t->at))
		seen = los_missile(g, f, t->at.hex[1], NULL);
	if (!seen)
		return deny(out, "8.32", "%s has no line of sight to %s: %s",
			    f->id, t->id, lw.reason);
	if (npath > HARASS_PATH_MAX)
		return deny(out, "8.32", "the path runs through at most %d "
					 "hexes",
			    out->limit - 1);
	if (npath > 0)
		return path_ok(g, out, path, npath);
	struct hex cur[HARASS_PATH_MAX];
	struct harass_check best;
	bool found = false;
	search(g, out, cur, 0, &best, &found);
	if (!found)
		return deny(out, "8.32",
			    "%s has no clear path through its Front to %s",
			    f->id, t->id);
	*out = best;
	return true;
}

bool harass_check(const struct game *g, int firer, int target,
		  const struct hex *path, int npath, struct harass_check *out)
{
	return check_harass(g, firer, target, path, npath, out, -1, false);
}

/* 8.33: the declaration: who, whom, the path and who may fire back */
static void emit_declared(struct game *g, const struct harass_check *c)
{
	struct event e;
	event_init(&e, "hd");
	event_add(&e, "unit", "%s", g->units[c->firer].id);
	event_add(&e, "target", "%s", g->units[c->target].id);
	event_add(&e, "distance", "%d", c->distance);
	char buf[64] = "";
	size_t n = 0;
	for (int k = 0; k < c->npath && n < sizeof buf - 6; k++) {
		char h[8];
		hex_format(c->path[k], h, sizeof h);
		n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s",
				      k ? "," : "", h);
	}
	event_add(&e, "path", "%s", buf);
	buf[0] = 0;
	n = 0;
	for (int k = 0; k < c->nreactors && n < sizeof buf - 10; k++)
		n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s",
				      k ? "," : "", g->units[c->reactors[k]].id);
	event_add(&e, "may_fire_back", "%s", n ? buf : "-");
	event_add(&e, "range", "1");
	event_add(&e, "rule", "8.33");
	game_emit(g, &e);
}

/* 7.15, 7.16 (as 8.33 allows): why the target may not make a reaction
 * facing change now (NULL: it may) */
static const char *face_bar(const struct game *g, const struct harass_check *c,
			    const char **rule)
{
	const struct unit *t = &g->units[c->target];
	*rule = "7.15";
	if (unit_is_two_hex(t)) {
		*rule = "7.16";
		return "a phalanx does not make a reaction facing change "
		       "(7.15); its reverse face (7.16) is for an enemy in its "
		       "Rear";
	}
	if (t->at.in_column)
		return "a unit In Column makes no reaction facing change";
	if (t->routed || !game_unit_in_play(t))
		return "the target is routed or out of play";
	if (g->react.faced[c->target])
		return "the target has made its reaction facing change this "
		       "Orders Phase";
	/* 6.67: its stack mate turns with it (target_faces) */
	const struct unit *m = stacking_mate(g, t);
	if (m && (m->at.in_column || m->routed ||
		  g->react.faced[m - g->units]))
		return "the unit stacked with the target may not turn with it";
	if (unit_in_enemy_zoc(g, t))
		return "the target is already in the ZOC of another enemy unit";
	return NULL;
}

/* 7.15 (as 8.33 allows): the target turns one vertex before the fire */
static bool target_faces(struct game *g, const struct harass_check *c,
			 int face, struct cmd_result *r)
{
	struct unit *t = &g->units[c->target];
	const struct unit *f = &g->units[c->firer];
	const char *rule, *why = face_bar(g, c, &rule);
	if (why) {
		cmd_refuse(r, rule, "%s: %s", t->id, why);
		return false;
	}
	if (facing_vertices((enum facing)t->at.facing, (enum facing)face) !=
	    1) {
		cmd_refuse(r, "7.15",
			   "a reaction facing change is one vertex: %s faces "
			   "%s",
			   t->id, facing_name((enum facing)t->at.facing));
		return false;
	}
	/* 6.67: a stack keeps one facing, so the unit stacked with the
	 * target turns with it, as a 7.15 offer to a stack does (found by
	 * the soak, drill seed 4265) */
	struct unit *st[2] = {t, (struct unit *)stacking_mate(g, t)};
	int n = st[1] ? 2 : 1;
	for (int k = 0; k < n; k++) {
		int from = st[k]->at.facing;
		st[k]->at.facing = face;
		g->react.faced[st[k] - g->units] = true;
		struct event e;
		event_init(&e, "reaction_facing");
		event_add(&e, "unit", "%s", st[k]->id);
		event_add(&e, "from", "%s", facing_name((enum facing)from));
		event_add(&e, "to", "%s", facing_name((enum facing)face));
		event_add(&e, "mover", "%s", f->id);
		event_add(&e, "rule", "8.33,7.15");
		game_emit(g, &e);
	}
	for (int k = 0; k < n; k++)
		reaction_facing_check(g, st[k], f, "7.15");
	return true;
}

/* 8.33: a one-hex footprint standing in h, facing as before */
static struct footprint at_hex(struct footprint fp, struct hex h)
{
	struct footprint n = fp;
	n.hex[0] = h;
	n.hex[1] = HEX_NONE;
	n.in_column = false;
	if (fp.in_column)
		n.facing = FACE_NE;
	return n;
}

/* 8.33 (a ruling): the harassing unit throws its volley from the last
 * hex of its path facing the target (a vertex whose Front holds it): the
 * path may have turned away from the facing it began with, and the move
 * that brings it there is not played (the soak, drill seed 35: a listed
 * H&D whose volley found the target behind the thrower) */
static struct footprint thrower_at(struct footprint home, struct hex last,
				   struct hex th)
{
	struct footprint n = at_hex(home, last);
	if (footprint_zone(&n, th) == ZONE_FRONT)
		return n;
	for (int f = 0; f < FACING_COUNT; f++) {
		n.facing = f;
		if (footprint_zone(&n, th) == ZONE_FRONT)
			return n;
	}
	return at_hex(home, last);
}

/* 8.33: a volley of the exchange that can no longer be thrown: its
 * thrower was routed or eliminated by another volley of it */
static void lost_volley(struct game *g, const struct unit *u)
{
	struct event e;
	event_init(&e, "hd_volley_lost");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "why", "%s", u->routed ? "routed" : "out_of_play");
	event_add(&e, "rule", "8.33");
	game_emit(g, &e);
}

static bool volleys(struct game *g, struct harass_check *cp, const int *fire,
		    int nfire, struct cmd_result *r);

/* 8.33, 8.21: why unit u may not fire back at the H&D c now (false: it
 * may).  The volley is checked from the first hex of the path, as it
 * will be thrown (see volleys). */
static bool fire_back_bar(const struct game *cg, const struct harass_check *c,
			  int u, const char **rule, char *why, size_t n)
{
	struct game *g = (struct game *)cg; /* the footprint is put back */
	bool listed = false;
	for (int k = 0; k < c->nreactors; k++)
		listed |= c->reactors[k] == u;
	const char *id = u >= 0 && u < g->nunits ? g->units[u].id : "?";
	if (!listed) {
		*rule = "8.33";
		snprintf(why, n,
			 "%s may not fire back at this H&D: only a missile "
			 "unit with a hex of the path next to it in its arc of "
			 "fire (8.13) may",
			 id);
		return true;
	}
	if (rfire_bits(g, u, c->firer) & RF_ENTRY) {
		*rule = "8.21";
		snprintf(why, n,
			 "%s has used entry fire at %s this Orders Phase", id,
			 g->units[c->firer].id);
		return true;
	}
	struct unit *ru = &g->units[u];
	if (footprint_two_hex(&ru->at)) {
		*rule = "8.33";
		snprintf(why, n,
			 "%s: a two-hex unit does not fire back at an H&D",
			 id);
		return true;
	}
	struct footprint was = ru->at;
	game_unit_place(g, ru, at_hex(was, c->path[0]));
	struct fire_check fc;
	memset(&fc, 0, sizeof fc);
	bool ok = missile_check(g, u, WEAPON_MAIN,
				g->units[c->firer].at.hex[0], FIRE_ENTRY, &fc);
	game_unit_place(g, ru, was);
	if (!ok) {
		*rule = fc.rule ? fc.rule : "8.33";
		snprintf(why, n, "%s may not fire back: %s", id,
			 fc.reason ? fc.reason : "refused");
		return true;
	}
	return false;
}

/* 8.33: every volley of one H&D is simultaneous */
bool harass_fire(struct game *g, const struct harass_check *given, int face,
		 const int *fire, int nfire, struct cmd_result *r)
{
	struct harass_check c = *given;
	if (c.npath < 1 || c.npath > HARASS_PATH_MAX || c.firer < 0 ||
	    c.firer >= g->nunits || c.target < 0 || c.target >= g->nunits ||
	    nfire < 0 || nfire > HARASS_REACTORS_MAX) {
		cmd_refuse(r, "8.32", "no H&D allowed by harass_check");
		return false;
	}
	for (int i = 0; i < nfire; i++)
		if (fire[i] < 0 || fire[i] >= g->nunits) {
			cmd_refuse(r, "8.33", "no such unit to fire back");
			return false;
		}
	for (int i = 0; i < nfire; i++)
		for (int j = 0; j < i; j++)
			if (fire[i] == fire[j]) {
				cmd_refuse(r, "8.21",
					   "%s may fire at only one entering "
					   "unit, once",
					   g->units[fire[i]].id);
				return false;
			}
	emit_declared(g, &c);
	if (face >= 0) {
		if (!target_faces(g, &c, face, r))
			return false;
		collect_reactors(g, &c); /* the arc may have changed */
	}
	return volleys(g, &c, fire, nfire, r);
}

/* 8.33, 8.34: the volleys of a declared H&D (c's reactors as they stand
 * now); fire[0..nfire) are checked, then every volley is thrown */
static bool volleys(struct game *g, struct harass_check *cp, const int *fire,
		    int nfire, struct cmd_result *r)
{
	struct harass_check c = *cp;
	for (int i = 0; i < nfire; i++) {
		const char *rule;
		char why[CMD_REASON_MAX];
		if (fire_back_bar(g, &c, fire[i], &rule, why, sizeof why)) {
			cmd_refuse(r, rule, "%s", why);
			return false;
		}
	}
	struct unit *f = &g->units[c.firer];
	struct unit *t = &g->units[c.target];
	struct hex last = c.path[c.npath - 1];
	struct hex th = footprint_two_hex(&t->at) &&
				hex_distance(t->at.hex[1], last) == 1
			? t->at.hex[1]
			: t->at.hex[0];
	/* 8.34, 9.15: two hits before any missile fire */
	if (c.elephant_hits > 0) {
		cohesion_hits(g, f, c.elephant_hits, "hd_elephant_flank",
			      "8.34,9.15");
		if (f->routed || !game_unit_in_play(f)) {
			/* ruling: a unit routed by them never throws, and
			 * so draws no fire back */
			struct event e;
			event_init(&e, "hd_no_fire");
			event_add(&e, "unit", "%s", f->id);
			event_add(&e, "why", "routed by the hits of 8.34");
			event_add(&e, "rule", "8.34,9.15");
			game_emit(g, &e);
			return true;
		}
	}
	struct hex fh = f->at.hex[0];
	/* 8.33: simultaneous: every volley's check comes from the state
	 * before any of them is fired.  Each volley is at range 1 (8.33):
	 * the harassing unit throws from the last hex of its path, and an
	 * enemy firing back throws at it from the first (clear, next to the
	 * harassing unit's own hex); for the length of that one volley the
	 * thrower stands there, then goes back (8.33: nothing is moved). */
	struct fire_check fc;
	memset(&fc, 0, sizeof fc);
	f->moved_phase = true; /* 8.31: H&D is movement for 8.15 #5 */
	struct footprint home = f->at;
	game_unit_place(g, f, thrower_at(home, last, th));
	bool hd_may = !f->routed && game_unit_in_play(f) &&
		      missile_check(g, c.firer, WEAPON_MAIN, th, FIRE_HD, &fc);
	game_unit_place(g, f, home);
	/* 8.33, 10.22 (a ruling): a target that routed on its own reaction
	 * (7.15's failed check) and rout moved away may be out of reach:
	 * the harassing volley is not thrown, the H&D still ends the move */
	bool gone = !hd_may && !f->routed && game_unit_in_play(f) &&
		    (t->routed || !game_unit_in_play(t));
	if (gone) {
		struct event e;
		event_init(&e, "hd_no_fire");
		event_add(&e, "unit", "%s", f->id);
		event_add(&e, "why", "the target routed out of reach");
		event_add(&e, "rule", "8.33,10.22");
		game_emit(g, &e);
	}
	if (!hd_may && !gone && !f->routed && game_unit_in_play(f)) {
		cmd_refuse(r, fc.rule ? fc.rule : "8.33", "%s may not fire: %s",
			   f->id, fc.reason ? fc.reason : "refused");
		return false;
	}
	for (int i = 0; i < nfire; i++) {
		struct unit *u = &g->units[fire[i]];
		if (footprint_two_hex(&u->at)) {
			cmd_refuse(r, "8.33", "%s: a two-hex unit does not fire "
					      "back at an H&D",
				   u->id);
			return false;
		}
		struct footprint was = u->at;
		game_unit_place(g, u, at_hex(was, c.path[0]));
		bool ok = missile_check(g, fire[i], WEAPON_MAIN, fh, FIRE_ENTRY,
					&fc);
		game_unit_place(g, u, was);
		if (!ok) {
			cmd_refuse(r, fc.rule ? fc.rule : "8.33",
				   "%s may not fire back: %s", u->id,
				   fc.reason ? fc.reason : "refused");
			return false;
		}
	}
	/* Thrown one after another, the volleys stay simultaneous unless a
	 * thrower is routed by an earlier one.  So the harassing volley goes
	 * first unless it could rout a target that fires back while the
	 * volleys back could not rout the harasser; only when each side
	 * could rout the other is a volley lost (doc-parts/harass.md). */
	bool target_back = false;
	for (int i = 0; i < nfire; i++)
		target_back |= fire[i] == c.target;
	/* 8.15: missile.ini's hits, more on an elephant */
	int hd_hits = missile_hits_on(g, f, t);
	bool target_may_rout = target_back &&
			       t->hits + hd_hits >= unit_tq_now(g, t);
	bool firer_may_rout = nfire > 0 && f->hits + nfire >= unit_tq_now(g, f);
	bool back_first = target_may_rout && !firer_may_rout;
	for (int pass = 0; pass < 2; pass++) {
		if ((pass == 0) != back_first) {
			if (gone)
				continue;
			if (!game_unit_in_play(f) || f->routed) {
				lost_volley(g, f);
				continue;
			}
			game_unit_place(g, f, thrower_at(home, last, th));
			missile_fire(g, c.firer, WEAPON_MAIN, th, FIRE_HD, &fc);
			game_unit_place(g, f, home);
			continue;
		}
		for (int i = 0; i < nfire; i++) {
			struct unit *u = &g->units[fire[i]];
			if (!game_unit_in_play(u) || u->routed ||
			    !game_unit_in_play(f)) {
				lost_volley(g, u);
				continue;
			}
			fh = f->at.hex[0];
			struct footprint was = u->at;
			game_unit_place(g, u, at_hex(was, c.path[0]));
			missile_fire(g, fire[i], WEAPON_MAIN, fh, FIRE_ENTRY,
				     &fc);
			game_unit_place(g, u, was);
			/* 8.21 once at this entering unit; 8.23 no return
			 * fire at it after this entry fire */
			rfire_mark(g, fire[i], c.firer, RF_ENTRY, true);
		}
	}
	return true;
}

/* ---- the target's side answers (the RK_HD offer, 8.33) ---- */

_Static_assert(HARASS_PATH_MAX <= (int)(sizeof ((struct reaction_state *)0)
						->hd_path /
					sizeof(struct hex)),
	       "reaction_state.hd_path holds an H&D path");
_Static_assert(HARASS_REACTORS_MAX <= (int)(sizeof ((struct reaction_state *)0)
						    ->hd_fire /
					    sizeof(int)),
	       "reaction_state.hd_fire holds the units firing back");

/* The open RK_HD offer, -1 none. */
static int hd_offer(const struct game *g)
{
	const struct reaction_state *s = &g->react;
	if (!s->hd_open)
		return -1;
	for (int i = 0; i < s->noffers; i++)
		if (s->offers[i].kind == RK_HD && s->offers[i].state == RO_OPEN)
			return i;
	return -1;
}

bool harass_pending(const struct game *g)
{
	return hd_offer(g) >= 0;
}

/* 8.33: the declared H&D as harass_check found it, with the units that
 * may fire back as things stand now (the target may have turned) */
static void hd_rebuild(const struct game *g, struct harass_check *c)
{
	const struct reaction_state *s = &g->react;
	memset(c, 0, sizeof *c);
	c->firer = s->hd_firer;
	c->target = s->hd_target;
	c->distance = s->hd_distance;
	c->limit = s->hd_limit;
	c->elephant_hits = s->hd_elephant_hits;
	c->npath = s->hd_npath;
	memcpy(c->path, s->hd_path, (size_t)c->npath * sizeof c->path[0]);
	collect_reactors(g, c);
}

/* 8.33, 7.15: who may turn at the open RK_HD offer */
int harass_face_unit(const struct game *g)
{
	if (hd_offer(g) < 0 || g->react.hd_nfire > 0)
		return -1; /* ruling: the facing comes before firing back */
	struct harass_check c;
	const char *rule;
	hd_rebuild(g, &c);
	return face_bar(g, &c, &rule) ? -1 : c.target;
}

/* 8.33: whether unit u is named to fire back already */
static bool hd_named(const struct game *g, int u)
{
	for (int k = 0; k < g->react.hd_nfire; k++)
		if (g->react.hd_fire[k] == u)
			return true;
	return false;
}

/* 8.33: whether the target's side has a choice left: a facing change or
 * a unit that may still be named to fire back */
static bool hd_choice_left(const struct game *g, const struct harass_check *c)
{
	const char *rule;
	char why[CMD_REASON_MAX];
	if (g->react.hd_nfire == 0 && !face_bar(g, c, &rule))
		return true;
	for (int k = 0; k < c->nreactors; k++)
		if (!hd_named(g, c->reactors[k]) &&
		    !fire_back_bar(g, c, c->reactors[k], &rule, why,
				   sizeof why))
			return true;
	return false;
}

/* 8.33, 8.31: the volleys, then the harassing unit's move is over (its
 * whole MA, without leaving its hex) */
static bool hd_resolve(struct game *g, struct cmd_result *r)
{
	struct reaction_state *s = &g->react;
	struct harass_check c;
	hd_rebuild(g, &c);
	int fire[HARASS_REACTORS_MAX];
	int nfire = s->hd_nfire;
	memcpy(fire, s->hd_fire, sizeof fire);
	s->hd_open = false;
	s->hd_nfire = 0;
	if (!volleys(g, &c, fire, nfire, r))
		return false;
	struct orders_state *o = &g->ord;
	if (o->moving && o->mover_unit == c.firer) {
		o->move.mp_spent = o->move.ma;
		orders_close_move(g);
	}
	return true;
}

/* 8.33: declares the H&D c allowed, then the target's side decides (an
 * RK_HD offer) unless it has no choice */
void harass_declare(struct game *g, const struct harass_check *c,
		    struct cmd_result *r)
{
	struct reaction_state *s = &g->react;
	emit_declared(g, c);
	s->hd_open = true;
	s->hd_firer = c->firer;
	s->hd_target = c->target;
	s->hd_distance = c->distance;
	s->hd_limit = c->limit;
	s->hd_elephant_hits = c->elephant_hits;
	s->hd_npath = c->npath;
	memcpy(s->hd_path, c->path, (size_t)c->npath * sizeof c->path[0]);
	s->hd_nfire = 0;
	struct harass_check now;
	hd_rebuild(g, &now);
	if (hd_choice_left(g, &now)) {
		struct reaction_offer o;
		memset(&o, 0, sizeof o);
		o.kind = RK_HD;
		o.side = g->units[c->target].side;
		o.unit = c->target;
		o.leader = -1;
		o.trigger = c->firer;
		o.state = RO_OPEN;
		if (reaction_offer_add(g, &o) >= 0)
			return;
	}
	hd_resolve(g, r);
}

/* 8.33: the target's side answers the offer: `react face`, `react fire`
 * and `no reaction` come here.  Returns the offer, -1 after refusing. */
static int hd_gate(struct game *g, struct cmd_result *r)
{
	int oi = hd_offer(g);
	if (oi < 0) {
		cmd_refuse(r, "8.33", "no H&D waits for an answer");
		return -1;
	}
	if (rout_pending(g)) {
		cmd_refuse(r, "10.22", "a rout move waits first");
		return -1;
	}
	if (reactions_decision_side(g) != g->react.offers[oi].side) {
		char t[CMD_REASON_MAX];
		reactions_pending_text(g, t, sizeof t);
		cmd_refuse(r, reactions_pending_rule(g), "%s", t);
		return -1;
	}
	return oi;
}

/* 8.33, 7.15: react face TARGET FACING */
void harass_react_face(struct game *g, int unit, int face,
		       struct cmd_result *r)
{
	if (hd_gate(g, r) < 0)
		return;
	struct harass_check c;
	hd_rebuild(g, &c);
	if (unit != c.target) {
		cmd_refuse(r, "8.33",
			   "only the target of the H&D, %s, may turn (7.15)",
			   g->units[c.target].id);
		return;
	}
	if (g->react.hd_nfire > 0) {
		/* ruling: the facing comes before the units firing back
		 * are named, as the arc of fire depends on it */
		cmd_refuse(r, "8.33",
			   "the target turns before any unit is named to "
			   "fire back");
		return;
	}
	target_faces(g, &c, face, r);
}

/* 8.33, 8.21: react fire UNIT: u fires back (the volleys are thrown
 * together when the side goes on) */
void harass_react_fire(struct game *g, int unit, struct cmd_result *r)
{
	if (hd_gate(g, r) < 0)
		return;
	struct harass_check c;
	hd_rebuild(g, &c);
	if (hd_named(g, unit)) {
		cmd_refuse(r, "8.21", "%s fires back once",
			   g->units[unit].id);
		return;
	}
	const char *rule;
	char why[CMD_REASON_MAX];
	if (fire_back_bar(g, &c, unit, &rule, why, sizeof why)) {
		cmd_refuse(r, rule, "%s", why);
		return;
	}
	struct reaction_state *s = &g->react;
	if (s->hd_nfire >= HARASS_REACTORS_MAX) {
		cmd_refuse(r, "8.33", "too many units fire back");
		return;
	}
	s->hd_fire[s->hd_nfire++] = unit;
	struct event e;
	event_init(&e, "hd_fire_back");
	event_add(&e, "unit", "%s", g->units[unit].id);
	event_add(&e, "at", "%s", g->units[c.firer].id);
	event_add(&e, "range", "1");
	event_add(&e, "rule", "8.33,8.21");
	game_emit(g, &e);
}

/* 8.33: no reaction: the side goes on; offer i is done and the volleys
 * are thrown */
void harass_go_on(struct game *g, int i, struct cmd_result *r)
{
	struct event e;
	event_init(&e, "hd_answered");
	event_add(&e, "unit", "%s", g->units[g->react.hd_target].id);
	event_add(&e, "fire_back", "%d", g->react.hd_nfire);
	event_add(&e, "rule", "8.33");
	game_emit(g, &e);
	reaction_offer_done(g, i);
	hd_resolve(g, r);
}

/* 8.33, 8.15: unit u's volley back at the harassing unit as hd_resolve
 * would throw it (from the first hex of the path, at the harassing
 * unit's own hex), on a copy: what it needs into fc and its odds into
 * od; false when it may not fire */
static bool fire_back_odds(const struct game *g, const struct harass_check *c,
			   int u, struct fire_check *fc, struct odds *od)
{
	if (c->npath < 1)
		return false;
	struct game *cp = game_copy_for_search(g, 1);
	if (!cp)
		return false;
	struct unit *back = &cp->units[u];
	game_unit_place(cp, back, at_hex(back->at, c->path[0]));
	memset(fc, 0, sizeof *fc);
	bool ok = missile_check(cp, u, WEAPON_MAIN,
				cp->units[c->firer].at.hex[0], FIRE_ENTRY, fc);
	if (ok)
		missile_check_odds(cp, u, fc, od);
	event_log_free(&cp->events);
	free(cp);
	return ok;
}

/* 8.33: the answers legal now */
int harass_legal(const struct game *g, struct decision_answer *out, int max)
{
	int oi = hd_offer(g), n = 0;
	if (oi < 0)
		return 0;
	int side = g->react.offers[oi].side;
	struct harass_check c;
	hd_rebuild(g, &c);
	const char *rule;
	char why[CMD_REASON_MAX];
	const struct unit *t = &g->units[c.target];
	if (g->react.hd_nfire == 0 && !face_bar(g, &c, &rule))
		for (int d = 1; d <= 5 && n < max; d += 4) {
			decision_add(
				out, max, &n, side, "7.15", "react face %s %s",
				t->id,
				facing_name((enum facing)((t->at.facing + d) %
							  FACING_COUNT)));
		}
	for (int k = 0; k < c.nreactors && n < max; k++) {
		int u = c.reactors[k];
		if (hd_named(g, u) ||
		    fire_back_bar(g, &c, u, &rule, why, sizeof why))
			continue;
		struct fire_check fc;
		struct odds od; /* 8.15, 8.16: its chance to hit */
		if (fire_back_odds(g, &c, u, &fc, &od))
			decision_add(out, max, &n, side, "8.33",
				     "react fire %s # needs %s%d%s: hits %d%%",
				     g->units[u].id,
				     fc.extended ? "natural " : "", fc.needed,
				     fc.extended ? "" : " or less",
				     missile_hit_percent(&od));
		else
			decision_add(out, max, &n, side, "8.33",
				     "react fire %s", g->units[u].id);
	}
	return n;
}

/* 8.31: `PREFIX hd TARGET` for unit ui, which may be ordered now, for
 * each enemy it may harass (orders_legal calls this) */
int harass_legal_order(const struct game *g, int ui, const char *prefix,
		       struct decision_answer *out, int max)
{
	int n = 0;
	if (ui < 0 || ui >= g->nunits || g->units[ui].missile == MC_NONE)
		return 0;
	/* 8.32: the firer's own ZOC question, asked once for every target */
	int in_zoc = unit_in_enemy_zoc(g, &g->units[ui]);
	for (int t = 0; t < g->nunits && n < max; t++) {
		struct harass_check c;
		if (g->units[t].side == g->units[ui].side ||
		    !check_harass(g, ui, t, NULL, 0, &c, in_zoc, true))
			continue;
		decision_add(out, max, &n, g->units[ui].side, "8.31",
			     "%s %s hd %s", prefix, g->units[ui].id,
			     g->units[t].id);
	}
	return n;
}

/* 8.33: the odds of firer's H&D volley at target as it would be thrown
 * (volleys): at a range of one hex from the last hex of its path, a
 * moving attack, on a copy of the game where the firer stands there */
bool harass_odds(const struct game *g, int firer, int target, struct odds *o)
{
	odds_init(o, 0, "8.33");
	struct harass_check c;
	if (!g || !check_harass(g, firer, target, NULL, 0, &c, -1, true) ||
	    c.npath < 1)
		return false;
	struct game *cp = game_copy_for_search(g, 1);
	if (!cp)
		return false;
	struct unit *f = &cp->units[firer];
	const struct unit *t = &cp->units[target];
	struct hex last = c.path[c.npath - 1];
	struct hex th = footprint_two_hex(&t->at) &&
				hex_distance(t->at.hex[1], last) == 1
			? t->at.hex[1]
			: t->at.hex[0];
	f->moved_phase = true; /* 8.31: H&D is movement for 8.15 #5 */
	game_unit_place(cp, f, thrower_at(f->at, last, th));
	struct fire_check fc;
	memset(&fc, 0, sizeof fc);
	bool ok = missile_check(cp, firer, WEAPON_MAIN, th, FIRE_HD, &fc);
	if (ok)
		missile_check_odds(cp, firer, &fc, o);
	event_log_free(&cp->events);
	free(cp);
	return ok;
}

/* ---- the command ---- */

static int find_unit(const struct game *g, const char *id)
{
	for (int i = 0; i < g->nunits; i++)
		if (strcmp(g->units[i].id, id) == 0)
			return i;
	struct hex h;
	if (hex_parse(id, &h)) {
		const struct unit *us[4];
		if (game_units_at(g, h, us, 4) > 0)
			return (int)(us[0] - g->units);
	}
	return -1;
}

/* 8.31: `hd TARGET [via HEX,...]` for the unit whose move order is open;
 * argv[0] is TARGET */
void harass_order(struct game *g, int argc, char **argv, struct cmd_result *r)
{
	if (argc < 1) {
		cmd_malformed(r, "usage: ... hd TARGET [via HEX,...]");
		return;
	}
	if (rout_pending(g) || reactions_pending(g)) {
		cmd_refuse(r, reactions_pending(g) ? reactions_pending_rule(g)
						   : "10.22",
			   "a decision is pending first");
		return;
	}
	struct orders_state *o = &g->ord;
	if (!o->moving || o->mover_unit < 0) {
		cmd_refuse(r, "8.31",
			   "H&D needs a move order: give one to the unit "
			   "first (order UNIT, or pick UNIT in a Line "
			   "Command)");
		return;
	}
	const struct move *m = &o->move;
	if (m->mp_spent > 0 || m->hexes_entered > 0 ||
	    m->vertices_turned > 0 || o->stack_mate >= 0) {
		cmd_refuse(r, "8.31",
			   "H&D takes the unit's whole MA: %s has already "
			   "moved",
			   g->units[o->mover_unit].id);
		return;
	}
	int target = find_unit(g, argv[0]);
	if (target < 0) {
		cmd_refuse(r, NULL, "no unit %s", argv[0]);
		return;
	}
	struct hex path[HARASS_PATH_MAX];
	int npath = 0;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "via") == 0 && i + 1 < argc) {
			const char *p = argv[++i];
			while (*p) {
				char hx[8];
				size_t n = strcspn(p, ",");
				if (npath >= HARASS_PATH_MAX || n >= sizeof hx) {
					cmd_malformed(r, "via HEX,HEX,...: at "
							 "most %d hexes",
						      HARASS_PATH_MAX);
					return;
				}
				memcpy(hx, p, n);
				hx[n] = 0;
				if (!hex_parse(hx, &path[npath])) {
					cmd_malformed(r, "via: %s is not a hex",
						      hx);
					return;
				}
				npath++;
				p += n;
				if (*p == ',')
					p++;
			}
		} else if (strcmp(argv[i], "face") == 0 ||
			   strcmp(argv[i], "fire") == 0) {
			/* 8.33: the target's side decides these */
			cmd_refuse(r, "8.33",
				   "the target's side decides its reaction "
				   "facing and who fires back, after the order: "
				   "react face UNIT FACING, react fire UNIT, no "
				   "reaction");
			return;
		} else {
			cmd_malformed(r, "usage: ... hd TARGET [via HEX,...]");
			return;
		}
	}
	struct harass_check c;
	if (!harass_check(g, o->mover_unit, target, path, npath, &c)) {
		cmd_refuse(r, c.rule, "%s", c.why);
		return;
	}
	harass_declare(g, &c, r);
}
