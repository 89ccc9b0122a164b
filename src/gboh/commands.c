/* commands.c — the GBoH command table: roll, show, help and the sandbox's
 * setup commands, with every module's commands and the session's own
 * (session.h: new, load, save, branch, undo). */
#include <inttypes.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/digest.h"
#include "maniple/gboh_mapview.h"
#include "maniple/evcat.h"
#include "maniple/game.h"
#include "maniple/map.h"
#include "maniple/orders.h"
#include "maniple/phalanx.h"
#include "maniple/prearranged.h"
#include "maniple/reactions.h"
#include "maniple/sequence.h"
#include "maniple/rout.h"
#include "maniple/missile.h"
#include "maniple/withdrawal.h"
#include "maniple/engaged.h"
#include "maniple/shock_designate.h"
#include "maniple/shock_resolve.h"
#include "maniple/shock_advance.h"
#include "maniple/shock.h"
#include "maniple/passthru.h"
#include "maniple/pursuit.h"
#include "maniple/mle.h"
#include "maniple/double_depth.h"
#include "maniple/elcmd.h"
#include "maniple/reinforcements.h"
#include "maniple/scorpio.h"
#include "maniple/tables.h"
#include "maniple/why.h"
#include "maniple/rulebook.h"
#include "maniple/ruleset.h"
#include "maniple/cards.h" /* `show card` (issue 8) */
#include "maniple/pending.h"

static const char *yn(bool b)
{
	return b ? "yes" : "no";
}

/* ---- argument parsing ---- */

static bool arg_int(const char *v, int lo, int hi, int *out)
{
	return ini_int(v, lo, hi, out);
}

static bool arg_onoff(const char *v, bool *out)
{
	if (strcmp(v, "on") == 0 || strcmp(v, "yes") == 0) {
		*out = true;
		return true;
	}
	if (strcmp(v, "off") == 0 || strcmp(v, "no") == 0) {
		*out = false;
		return true;
	}
	return false;
}

/* "2719" or "2719,2819". */
static int arg_hexes(const char *v, struct hex out[2])
{
	char a[16], b[16];
	const char *comma = strchr(v, ',');
	out[1] = HEX_NONE;
	if (!comma) {
		return hex_parse(v, &out[0]) ? 1 : 0;
	}
	size_t n = (size_t)(comma - v);
	if (n >= sizeof a || strlen(comma + 1) >= sizeof b)
		return 0;
	memcpy(a, v, n);
	a[n] = '\0';
	snprintf(b, sizeof b, "%s", comma + 1);
	if (!hex_parse(a, &out[0]) || !hex_parse(b, &out[1]))
		return 0;
	return 2;
}

static void fmt_hex(struct hex h, char *buf, size_t n)
{
	if (hex_is_none(h))
		snprintf(buf, n, "-");
	else
		hex_format(h, buf, n);
}

static void fmt_footprint(const struct footprint *fp, char *buf, size_t n)
{
	char a[16], b[16];
	fmt_hex(fp->hex[0], a, sizeof a);
	if (hex_is_none(fp->hex[1]))
		snprintf(buf, n, "%s", a);
	else {
		fmt_hex(fp->hex[1], b, sizeof b);
		snprintf(buf, n, "%s,%s", a, b);
	}
}

static const char *fmt_facing(const struct footprint *fp)
{
	return fp->in_column ? hexside_name((enum hexside)fp->facing)
			     : facing_name((enum facing)fp->facing);
}

/* ---- common checks ---- */

static struct game *need_game(struct session *s, struct cmd_result *r)
{
	if (!s->game)
		cmd_refuse(r, NULL, "no game: start one with new or load");
	return s->game;
}

static struct game *need_sandbox(struct session *s, struct cmd_result *r)
{
	struct game *g = need_game(s, r);
	if (g && g->kind != GAME_SANDBOX) {
		cmd_refuse(r, NULL, "setup works only in a sandbox game");
		return NULL;
	}
	return g;
}


static struct unit *find_unit(struct game *g, const char *id,
			      struct cmd_result *r)
{
	struct unit *u = game_unit(g, id);
	if (!u)
		cmd_refuse(r, NULL, "no unit %s in this battle", id);
	return u;
}

static struct leader *find_leader(struct game *g, const char *id,
				  struct cmd_result *r)
{
	struct leader *l = game_leader(g, id);
	if (!l)
		cmd_refuse(r, NULL, "no leader %s in this battle", id);
	return l;
}

static bool on_map(const struct game *g, struct hex h)
{
	return g->battle && g->battle->map && map_contains(g->battle->map, h);
}

/* ---- events shown ---- */

static void unit_markers(const struct unit *u, char *buf, size_t n)
{
	struct {
		bool on;
		const char *name;
	} m[] = {
		{u->routed, "routed"},	       {u->depleted, "depleted"},
		{u->at.in_column, "column"},   {u->double_depth, "double_depth"},
		{u->moved_turn, "moved_turn"}, {u->moved_phase, "moved_phase"},
		{u->shock_must, "shock_must"}, {u->shock_no, "shock_no"},
		{u->engaged, "engaged"},       {u->pursuit, "pursuit"},
		{u->scorpio_fire, "scorpio_fire"},
		{u->rallied, "rallied"}, /* 10.28 */
		{u->at.square, "square"}, /* GBA 9.63 */
		{u->charge_formation, "charge_formation"}, /* GBA 9.7 */
	};
	size_t len = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < sizeof m / sizeof m[0]; i++)
		if (m[i].on && len < n) {
			int w = snprintf(buf + len, n - len, "%s%s",
					 len ? "," : "", m[i].name);
			if (w > 0)
				len += (size_t)w;
		}
	if (!buf[0])
		snprintf(buf, n, "-");
}

static const char *unit_status(const struct unit *u)
{
	if (u->eliminated)
		return "eliminated";
	if (u->off_map)
		return "off_map";
	if (!u->on_map)
		return "not_placed";
	return "in_play";
}

static void unit_event(const struct game *g, const struct unit *u, bool full,
		       struct event *e)
{
	char where[32], marks[128];
	event_init(e, "unit");
	event_add(e, "id", "%s", u->id);
	event_add(e, "side", "%d", u->side);
	event_add(e, "type", "%s", unit_type_name(u->type));
	fmt_footprint(&u->at, where, sizeof where);
	event_add(e, "hex", "%s", where);
	event_add(e, "facing", "%s", fmt_facing(&u->at));
	event_add(e, "hits", "%d", u->hits);
	event_add(e, "tq", "%d", u->tq);
	event_add(e, "status", "%s", unit_status(u));
	unit_markers(u, marks, sizeof marks);
	event_add(e, "markers", "%s", marks);
	if (full) {
		event_add(e, "name", "%s", u->name);
		if (u->cls[0])
			event_add(e, "class", "%s", u->cls);
		event_add(e, "size", "%d", u->size);
		event_add(e, "ma", "%d", u->ma);
		event_add(e, "missile", "%s", missile_class_name(u->missile));
		if (u->missile != MC_NONE)
			event_add(e, "supply", "%s",
				  missile_supply_name(u->supply));
		event_add(e, "rp", "%d", unit_rout_points(g, u));
	}
}

static void leader_event(const struct game *g, const struct leader *l,
			 bool full, struct event *e)
{
	char where[16];
	event_init(e, "leader");
	event_add(e, "id", "%s", l->id);
	event_add(e, "side", "%d", l->side);
	fmt_hex(l->on_map ? l->hex : HEX_NONE, where, sizeof where);
	event_add(e, "hex", "%s", where);
	event_add(e, "state", "%s", leader_state_name(l->state));
	event_add(e, "initiative", "%d", l->initiative);
	event_add(e, "range", "%d", l->command_range);
	event_add(e, "line_command", "%d", l->line_command);
	event_add(e, "wounds", "%d", l->wounds);
	event_add(e, "killed", "%s", yn(l->killed));
	if (full) {
		event_add(e, "name", "%s", l->name);
		event_add(e, "kind", "%s", leader_kind_name(l->kind));
		event_add(e, "strategy", "%d", l->strategy);
		event_add(e, "charisma", "%d", l->charisma);
		event_add(e, "activations", "%d", l->activations);
		event_add(e, "rp", "%d", leader_rout_points(g, l));
	}
}

/* ---- looking commands ---- */

static void cmd_show_units(void *ctx, int argc, char **argv,
			   struct cmd_result *r)
{
	(void)argv;
	struct session *s = ctx;
	if (!cmd_want_args(r, argc, 0, 0, "show units"))
		return;
	struct game *g = need_game(s, r);
	if (!g)
		return;
	for (int i = 0; i < g->nunits; i++) {
		struct event e;
		unit_event(g, &g->units[i], false, &e);
		cmd_output(r, &e);
	}
}

static void cmd_show_unit(void *ctx, int argc, char **argv,
			  struct cmd_result *r)
{
	struct session *s = ctx;
	if (!cmd_want_args(r, argc, 1, 1, "show unit ID"))
		return;
	struct game *g = need_game(s, r);
	struct unit *u = g ? find_unit(g, argv[1], r) : NULL;
	if (!u)
		return;
	struct event e;
	unit_event(g, u, true, &e);
	cmd_output(r, &e);
}

static void cmd_show_hex(void *ctx, int argc, char **argv,
			 struct cmd_result *r)
{
	struct session *s = ctx;
	struct hex h;
	if (!cmd_want_args(r, argc, 1, 1, "show hex CCRR"))
		return;
	if (!hex_parse(argv[1], &h)) {
		cmd_malformed(r, "bad hex %s (want CCRR)", argv[1]);
		return;
	}
	struct game *g = need_game(s, r);
	if (!g)
		return;
	if (!on_map(g, h)) {
		cmd_refuse(r, NULL, "hex %s is not on the map", argv[1]);
		return;
	}
	const struct map_hex *mh = map_at(g->battle->map, h);
	struct event e;
	event_init(&e, "hex");
	event_add(&e, "hex", "%s", argv[1]);
	event_add(&e, "terrain", "%s",
		  terrain_name((enum terrain)mh->terrain));
	event_add(&e, "elevation", "%d", mh->elevation);
	cmd_output(r, &e);
	const struct unit *us[8];
	int n = game_units_at(g, h, us, 8);
	for (int i = 0; i < n; i++) {
		unit_event(g, us[i], false, &e);
		cmd_output(r, &e);
	}
	const struct leader *ls[16];
	n = game_leaders_at(g, h, ls, 16);
	for (int i = 0; i < n; i++) {
		leader_event(g, ls[i], false, &e);
		cmd_output(r, &e);
	}
}

static void cmd_show_leaders(void *ctx, int argc, char **argv,
			     struct cmd_result *r)
{
	(void)argv;
	struct session *s = ctx;
	if (!cmd_want_args(r, argc, 0, 0, "show leaders"))
		return;
	struct game *g = need_game(s, r);
	if (!g)
		return;
	for (int i = 0; i < g->nleaders; i++) {
		struct event e;
		leader_event(g, &g->leaders[i], false, &e);
		cmd_output(r, &e);
	}
}

static void cmd_show_leader(void *ctx, int argc, char **argv,
			    struct cmd_result *r)
{
	struct session *s = ctx;
	if (!cmd_want_args(r, argc, 1, 1, "show leader ID"))
		return;
	struct game *g = need_game(s, r);
	struct leader *l = g ? find_leader(g, argv[1], r) : NULL;
	if (!l)
		return;
	struct event e;
	leader_event(g, l, true, &e);
	cmd_output(r, &e);
}

static void cmd_show_state(void *ctx, int argc, char **argv,
			   struct cmd_result *r)
{
	(void)argv;
	struct session *s = ctx;
	if (!cmd_want_args(r, argc, 0, 0, "show state"))
		return;
	struct game *g = need_game(s, r);
	if (!g)
		return;
	char *text = game_state_text(g);
	if (!text) {
		cmd_refuse(r, NULL, "out of memory");
		return;
	}
	struct event e;
	event_init(&e, "digest");
	event_add(&e, "turn", "%d", g->turn);
	event_add(&e, "value", "%016" PRIx64, game_digest(g));
	cmd_output(r, &e);
	free(r->text);
	r->text = text;
}

static void cmd_help_run(void *ctx, int argc, char **argv,
			 struct cmd_result *r)
{
	(void)ctx;
	if (!cmd_want_args(r, argc, 0, 2, "help [COMMAND]"))
		return;
	char name[64];
	if (argc == 3)
		snprintf(name, sizeof name, "%s %s", argv[1], argv[2]);
	else if (argc == 2)
		snprintf(name, sizeof name, "%s", argv[1]);
	const struct cmd_table *t = gboh_commands();
	if (argc == 2 && !cmd_find(t, name)) {
		/* `help setup`: every setup command */
		size_t n = strlen(name);
		bool any = false;
		for (int i = 0; i < t->n; i++)
			if (strncmp(t->defs[i].name, name, n) == 0 &&
			    t->defs[i].name[n] == ' ') {
				cmd_help(t, t->defs[i].name, r);
				any = true;
			}
		if (any)
			return;
	}
	cmd_help(t, argc > 1 ? name : NULL, r);
}

/* ---- dice ---- */

/* R9: forced dice are refused in a hotseat game. */
static void cmd_roll(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	struct session *s = ctx;
	int v[DICE_FORCED_MAX];
	if (argc < 2) {
		cmd_malformed(r, "usage: roll D [D...] (each 0-9)");
		return;
	}
	if (argc - 1 > DICE_FORCED_MAX) {
		cmd_malformed(r, "at most %d forced rolls", DICE_FORCED_MAX);
		return;
	}
	for (int i = 1; i < argc; i++)
		if (!arg_int(argv[i], 0, 9, &v[i - 1])) {
			cmd_malformed(r, "a d10 reads 0-9, not %s", argv[i]);
			return;
		}
	struct game *g = need_game(s, r);
	if (!g)
		return;
	if (g->kind == GAME_HOTSEAT) {
		cmd_refuse(r, "R9", "no forced dice in a hotseat game");
		return;
	}
	if (g->dice.nforced + argc - 1 > DICE_FORCED_MAX) {
		cmd_refuse(r, NULL, "the forced-roll queue holds %d",
			   DICE_FORCED_MAX);
		return;
	}
	char list[DICE_FORCED_MAX * 2 + 1];
	size_t len = 0;
	for (int i = 0; i < argc - 1; i++) {
		dice_force(&g->dice, v[i]);
		if (i)
			list[len++] = ',';
		list[len++] = (char)('0' + v[i]); /* a d10: 0-9, read above */
	}
	list[len] = '\0';
	struct event e;
	event_init(&e, "forced");
	event_add(&e, "rolls", "%s", list);
	event_add(&e, "queued", "%d", g->dice.nforced);
	game_emit(g, &e);
}

/* ---- setup (sandbox only) ---- */

static void emit_set(struct game *g, const char *what, const char *id,
		     const char *key, const char *val)
{
	struct event e;
	event_init(&e, "setup");
	event_add(&e, "what", "%s", what);
	if (id)
		event_add(&e, "id", "%s", id);
	event_add(&e, key, "%s", val);
	game_emit(g, &e);
}

static void setup_unit(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	struct session *s = ctx;
	const char *usage = "setup unit ID HEX[,HEX] FACING [column]";
	if (!cmd_want_args(r, argc, 3, 4, usage))
		return;
	struct hex hx[2];
	int nh = arg_hexes(argv[2], hx);
	if (!nh) {
		cmd_malformed(r, "bad hex %s (want CCRR or CCRR,CCRR)", argv[2]);
		return;
	}
	bool column = argc == 5;
	if (column && strcmp(argv[4], "column") != 0) {
		cmd_malformed(r, "usage: %s", usage);
		return;
	}
	int facing = column ? hexside_parse(argv[3]) : facing_parse(argv[3]);
	if (facing < 0) {
		cmd_malformed(r, "bad facing %s (want %s)", argv[3],
			      column ? "N ENE ESE S WSW WNW"
				     : "NE E SE SW W NW");
		return;
	}
	struct game *g = need_sandbox(s, r);
	struct unit *u = g ? find_unit(g, argv[1], r) : NULL;
	if (!u)
		return;
	for (int i = 0; i < nh; i++)
		if (!on_map(g, hx[i])) {
			char b[16];
			fmt_hex(hx[i], b, sizeof b);
			cmd_refuse(r, NULL, "hex %s is not on the map", b);
			return;
		}
	/* 6.4: a phalanx in two hexes; GBA 6.41: a double-sized type in
	 * one or two */
	bool two = nh == 2;
	if (tables_hex_count_refusal(g->tables, u->type, u->cls, nh)) {
		cmd_refuse(r, "6.4", "%s is a %s unit: give %s", u->id,
			   two ? "one-hex" : "two-hex",
			   two ? "one hex" : "two hexes");
		return;
	}
	struct footprint fp = {{hx[0], hx[1]}, facing, column, false};
	const char *why = footprint_check(&fp);
	if (why) {
		cmd_refuse(r, two ? "6.4" : "7.11", "%s", why);
		return;
	}
	game_unit_place(g, u, fp);
	u->on_map = true;
	u->eliminated = false;
	u->eliminated_blocked = false;
	u->off_map = false;
	game_put_on_top(g, u);
	char where[32];
	fmt_footprint(&fp, where, sizeof where);
	struct event e;
	event_init(&e, "placed");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "hex", "%s", where);
	event_add(&e, "facing", "%s", fmt_facing(&fp));
	event_add(&e, "column", "%s", yn(column));
	game_emit(g, &e);
}

static void setup_leader(void *ctx, int argc, char **argv,
			 struct cmd_result *r)
{
	struct session *s = ctx;
	if (!cmd_want_args(r, argc, 2, 2, "setup leader ID HEX"))
		return;
	struct hex h;
	if (!hex_parse(argv[2], &h)) {
		cmd_malformed(r, "bad hex %s (want CCRR)", argv[2]);
		return;
	}
	struct game *g = need_sandbox(s, r);
	struct leader *l = g ? find_leader(g, argv[1], r) : NULL;
	if (!l)
		return;
	if (!on_map(g, h)) {
		cmd_refuse(r, NULL, "hex %s is not on the map", argv[2]);
		return;
	}
	l->hex = h;
	l->on_map = true;
	l->killed = false;
	l->available = true;
	struct event e;
	event_init(&e, "placed");
	event_add(&e, "leader", "%s", l->id);
	event_add(&e, "hex", "%s", argv[2]);
	game_emit(g, &e);
}

static void setup_remove(void *ctx, int argc, char **argv,
			 struct cmd_result *r)
{
	struct session *s = ctx;
	if (!cmd_want_args(r, argc, 1, 1, "setup remove ID"))
		return;
	struct game *g = need_sandbox(s, r);
	if (!g)
		return;
	struct unit *u = game_unit(g, argv[1]);
	struct leader *l = u ? NULL : game_leader(g, argv[1]);
	if (!u && !l) {
		cmd_refuse(r, NULL, "no unit or leader %s", argv[1]);
		return;
	}
	if (u)
		u->on_map = false;
	else
		l->on_map = false;
	struct event e;
	event_init(&e, "removed");
	event_add(&e, u ? "unit" : "leader", "%s", argv[1]);
	game_emit(g, &e);
}

/* 11.1: eliminating a unit or leader adds its rout points to its side. */
static void setup_eliminate(void *ctx, int argc, char **argv,
			    struct cmd_result *r)
{
	struct session *s = ctx;
	if (!cmd_want_args(r, argc, 1, 1, "setup eliminate ID"))
		return;
	struct game *g = need_sandbox(s, r);
	if (!g)
		return;
	struct unit *u = game_unit(g, argv[1]);
	struct leader *l = u ? NULL : game_leader(g, argv[1]);
	if (!u && !l) {
		cmd_refuse(r, NULL, "no unit or leader %s", argv[1]);
		return;
	}
	int side, rp;
	if (u) {
		if (u->eliminated) {
			cmd_refuse(r, NULL, "%s is already eliminated", u->id);
			return;
		}
		u->eliminated = true;
		u->eliminated_blocked = false;
		u->on_map = false;
		side = u->side;
		rp = unit_rout_points(g, u);
	} else {
		if (l->killed) {
			cmd_refuse(r, NULL, "%s is already killed", l->id);
			return;
		}
		l->killed = true;
		l->on_map = false;
		if (g->active_leader == (int)(l - g->leaders))
			g->active_leader = -1;
		side = l->side;
		rp = leader_rout_points(g, l);
	}
	g->rout_points[side] += rp;
	struct event e;
	event_init(&e, "eliminated");
	event_add(&e, u ? "unit" : "leader", "%s", argv[1]);
	event_add(&e, "side", "%d", side);
	event_add(&e, "rp", "%d", rp);
	event_add(&e, "total", "%d", g->rout_points[side]);
	event_add(&e, "rule", "11.1");
	game_emit(g, &e);
}

/* Reads the arguments of `setup WHAT ID N`, N a count in 0..hi, into *n;
 * false (with the refusal in r) when they are malformed. */
static bool count_args(struct cmd_result *r, int argc, char **argv,
		       const char *what, int hi, int *n)
{
	char usage[64];
	snprintf(usage, sizeof usage, "setup %s ID N", what);
	if (!cmd_want_args(r, argc, 2, 2, usage))
		return false;
	if (!arg_int(argv[2], 0, hi, n)) {
		cmd_malformed(r, "%s must be 0-%d, not %s", what, hi, argv[2]);
		return false;
	}
	return true;
}

static void setup_hits(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	struct session *s = ctx;
	int n;
	if (!count_args(r, argc, argv, "hits", 99, &n))
		return;
	struct game *g = need_sandbox(s, r);
	struct unit *u = g ? find_unit(g, argv[1], r) : NULL;
	if (!u)
		return;
	u->hits = n;
	emit_set(g, "hits", u->id, "hits", argv[2]);
}

static const char *const marker_names[] = {
	"moved_turn", "moved_phase", "shock_must", "shock_no",
	"column",     "double_depth", "routed",	  "depleted",
	"engaged",    "pursuit",     "off_map",	  "scorpio_fire",
	"charge_formation",
};
#define NMARKERS ((int)(sizeof marker_names / sizeof marker_names[0]))

/* Sets marker m (marker_names) of u; "column" (4) is set with its facing
 * by setup_marker itself.  (A unit's markers are one-bit fields.) */
static void marker_set(struct unit *u, int m, bool on)
{
	switch (m) {
	case 0:
		u->moved_turn = on;
		break;
	case 1:
		u->moved_phase = on;
		break;
	case 2:
		u->shock_must = on;
		break;
	case 3:
		u->shock_no = on;
		break;
	case 5:
		u->double_depth = on;
		break;
	case 6:
		u->routed = on;
		break;
	case 7:
		u->depleted = on;
		break;
	case 8:
		u->engaged = on;
		break;
	case 9:
		u->pursuit = on;
		break;
	case 10:
		u->off_map = on;
		break;
	case 11:
		u->scorpio_fire = on;
		break;
	default: /* GBA 9.7 */
		u->charge_formation = on;
		break;
	}
}

static void setup_marker(void *ctx, int argc, char **argv,
			 struct cmd_result *r)
{
	struct session *s = ctx;
	const char *usage = "setup marker ID MARKER on|off [FACING]";
	if (!cmd_want_args(r, argc, 3, 4, usage))
		return;
	int m = -1;
	for (int i = 0; i < NMARKERS; i++)
		if (strcmp(marker_names[i], argv[2]) == 0)
			m = i;
	if (m < 0) {
		cmd_malformed(r, "unknown marker %s (see help setup marker)",
			      argv[2]);
		return;
	}
	bool on;
	if (!arg_onoff(argv[3], &on)) {
		cmd_malformed(r, "want on or off, not %s", argv[3]);
		return;
	}
	bool is_column = m == 4;
	if (is_column != (argc == 5)) {
		cmd_malformed(r, is_column ? "column needs a FACING: a hexside "
					     "(on) or a vertex (off)"
					   : "usage: %s",
			      usage);
		return;
	}
	int facing = -1;
	if (is_column) {
		facing = on ? hexside_parse(argv[4]) : facing_parse(argv[4]);
		if (facing < 0) {
			cmd_malformed(r, "bad facing %s", argv[4]);
			return;
		}
	}
	struct game *g = need_sandbox(s, r);
	struct unit *u = g ? find_unit(g, argv[1], r) : NULL;
	if (!u)
		return;
	if (m == 5 && on && !u->dd_eligible) {
		cmd_refuse(r, "9.5", "%s may not form double depth", u->id);
		return;
	}
	if (m == 11 && on && !unit_has(g, u, TRAIT_SCORPIO)) {
		cmd_refuse(r, "9.8", "%s is not a scorpio", u->id);
		return;
	}
	if (is_column) {
		struct footprint fp = u->at;
		fp.in_column = on;
		fp.facing = facing;
		const char *why =
			hex_is_none(fp.hex[0]) ? NULL : footprint_check(&fp);
		if (why) {
			cmd_refuse(r, "6.73", "%s", why);
			return;
		}
		game_unit_place(g, u, fp);
	} else {
		marker_set(u, m, on);
	}
	emit_set(g, marker_names[m], u->id, "on", yn(on));
}

/* 8.17 missile supply */
static void setup_supply(void *ctx, int argc, char **argv,
			 struct cmd_result *r)
{
	struct session *s = ctx;
	const char *usage = "setup supply ID full|low|no [missile|tower|screen]";
	if (!cmd_want_args(r, argc, 2, 3, usage))
		return;
	int sup = missile_supply_parse(argv[2]);
	if (sup < 0) {
		cmd_malformed(r, "supply is full, low or no, not %s", argv[2]);
		return;
	}
	const char *which = argc == 4 ? argv[3] : "missile";
	if (strcmp(which, "missile") && strcmp(which, "tower") &&
	    strcmp(which, "screen")) {
		cmd_malformed(r, "usage: %s", usage);
		return;
	}
	struct game *g = need_sandbox(s, r);
	struct unit *u = g ? find_unit(g, argv[1], r) : NULL;
	if (!u)
		return;
	enum missile_class mc = which[0] == 'm'	  ? u->missile
				: which[0] == 't' ? u->tower
						  : u->screen;
	if (mc == MC_NONE) {
		cmd_refuse(r, "8.17", "%s has no %s fire to supply", u->id,
			   which);
		return;
	}
	uint8_t *f = which[0] == 'm'   ? &u->supply
		     : which[0] == 't' ? &u->tower_supply
				       : &u->screen_supply;
	*f = (uint8_t)sup;
	emit_set(g, "supply", u->id, which, argv[2]);
}

static void setup_leader_state(void *ctx, int argc, char **argv,
			       struct cmd_result *r)
{
	struct session *s = ctx;
	const char *usage = "setup leader-state ID "
			    "inactive|active|finished|bypassed|wounded";
	if (!cmd_want_args(r, argc, 2, 2, usage))
		return;
	bool wounded = strcmp(argv[2], "wounded") == 0;
	int st = leader_state_parse(argv[2]);
	if (st < 0 && !wounded) {
		cmd_malformed(r, "usage: %s", usage);
		return;
	}
	struct game *g = need_sandbox(s, r);
	struct leader *l = g ? find_leader(g, argv[1], r) : NULL;
	if (!l)
		return;
	if (wounded) {
		if (l->wounds == 0)
			l->wounds = 1;
	} else {
		l->state = (enum leader_state)st;
	}
	emit_set(g, "leader_state", l->id, "state", argv[2]);
}

/* `setup WHAT ID N`: sets the leader's counter at offset field (of
 * struct leader, a byte) to N, 0-9. */
static void setup_leader_count(struct session *s, int argc, char **argv,
			       struct cmd_result *r, const char *what,
			       size_t field)
{
	int n;
	if (!count_args(r, argc, argv, what, 9, &n))
		return;
	struct game *g = need_sandbox(s, r);
	struct leader *l = g ? find_leader(g, argv[1], r) : NULL;
	if (!l)
		return;
	_Static_assert(_Generic(((struct leader *)0)->wounds, int8_t: 1,
				default: 0) &&
			       _Generic(((struct leader *)0)->activations,
					int8_t: 1, default: 0),
		       "leader counters are bytes");
	*(int8_t *)((char *)l + field) = (int8_t)n;
	emit_set(g, what, l->id, what, argv[2]);
}

/* TABLES 6 the wound points a leader has taken */
static void setup_wounds(void *ctx, int argc, char **argv,
			 struct cmd_result *r)
{
	setup_leader_count(ctx, argc, argv, r, "wounds",
			   offsetof(struct leader, wounds));
}

/* 5.14 the phases a leader has been active this turn */
static void setup_activations(void *ctx, int argc, char **argv,
			      struct cmd_result *r)
{
	setup_leader_count(ctx, argc, argv, r, "activations",
			   offsetof(struct leader, activations));
}

static void setup_turn(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	struct session *s = ctx;
	int n;
	if (!cmd_want_args(r, argc, 1, 1, "setup turn N"))
		return;
	if (!arg_int(argv[1], 1, 999, &n)) {
		cmd_malformed(r, "turn must be 1-999, not %s", argv[1]);
		return;
	}
	struct game *g = need_sandbox(s, r);
	if (!g)
		return;
	if (g->battle->turn_limit > 0 && n > g->battle->turn_limit) {
		cmd_refuse(r, "R4", "this battle ends after turn %d",
			   g->battle->turn_limit);
		return;
	}
	g->turn = n;
	emit_set(g, "turn", NULL, "turn", argv[1]);
}

static void setup_phase(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	struct session *s = ctx;
	if (!cmd_want_args(r, argc, 1, 1, "setup phase NAME"))
		return;
	int p = phase_parse(argv[1]);
	if (p < 0) {
		cmd_malformed(r, "unknown phase %s", argv[1]);
		return;
	}
	struct game *g = need_sandbox(s, r);
	if (!g)
		return;
	g->phase = (enum phase)p;
	emit_set(g, "phase", NULL, "phase", argv[1]);
}

static void setup_active(void *ctx, int argc, char **argv,
			 struct cmd_result *r)
{
	struct session *s = ctx;
	if (!cmd_want_args(r, argc, 1, 1, "setup active ID|none"))
		return;
	struct game *g = need_sandbox(s, r);
	if (!g)
		return;
	if (strcmp(argv[1], "none") == 0) {
		g->active_leader = -1;
	} else {
		struct leader *l = find_leader(g, argv[1], r);
		if (!l)
			return;
		g->active_leader = (int)(l - g->leaders);
	}
	emit_set(g, "active", NULL, "leader", argv[1]);
}

static const struct cmd_def gboh_defs[] = {
	SESSION_COMMAND_DEFS, /* the game file's: new, load, save, undo */
	{"roll", "D [D...]", "force the next d10 rolls (0-9; not hotseat R9)",
	 CMD_CHANGES, cmd_roll},
	{"show units", "", "every unit: where, hits, markers", CMD_LOOKS,
	 cmd_show_units},
	{"show unit", "ID", "one unit in full", CMD_LOOKS, cmd_show_unit},
	{"show hex", "CCRR", "a hex: terrain, units (top first), leaders",
	 CMD_LOOKS, cmd_show_hex},
	{"show leaders", "", "every leader", CMD_LOOKS, cmd_show_leaders},
	{"show leader", "ID", "one leader in full", CMD_LOOKS, cmd_show_leader},
	{"show state", "", "the canonical state text and its digest",
	 CMD_LOOKS, cmd_show_state},
	{"help", "[COMMAND]", "list the commands, or one", CMD_LOOKS,
	 cmd_help_run},
	{"setup unit", "ID HEX[,HEX] FACING [column]",
	 "sandbox: place a unit of the roster", CMD_CHANGES, setup_unit},
	{"setup leader", "ID HEX", "sandbox: place a leader", CMD_CHANGES,
	 setup_leader},
	{"setup remove", "ID", "sandbox: take a unit or leader off the map",
	 CMD_CHANGES, setup_remove},
	{"setup eliminate", "ID", "sandbox: eliminate one, adding its RP 11.1",
	 CMD_CHANGES, setup_eliminate},
	{"setup hits", "ID N", "sandbox: set a unit's cohesion hits (10.1)",
	 CMD_CHANGES, setup_hits},
	{"setup marker", "ID MARKER on|off [FACING]",
	 "sandbox: set a unit's marker", CMD_CHANGES, setup_marker},
	{"setup supply", "ID full|low|no [missile|tower|screen]",
	 "sandbox: set missile supply 8.17", CMD_CHANGES, setup_supply},
	{"setup leader-state", "ID inactive|active|finished|bypassed|wounded",
	 "sandbox: set a leader's state", CMD_CHANGES, setup_leader_state},
	{"setup wounds", "ID N", "sandbox: set a leader's wounds",
	 CMD_CHANGES, setup_wounds},
	{"setup activations", "ID N",
	 "sandbox: set a leader's activations 5.14", CMD_CHANGES,
	 setup_activations},
	{"setup turn", "N", "sandbox: set the game turn (3.0)", CMD_CHANGES,
	 setup_turn},
	{"setup phase", "NAME", "sandbox: set the phase of play 3.0",
	 CMD_CHANGES, setup_phase},
	{"setup active", "ID|none", "sandbox: set the active leader (5.1)",
	 CMD_CHANGES, setup_active},
	SEQUENCE_COMMAND_DEFS,
	ORDERS_COMMAND_DEFS,
	PHALANX_COMMAND_DEFS,
	ROUT_COMMAND_DEFS,
	REACTIONS_COMMAND_DEFS,
	PREARRANGED_COMMAND_DEFS,
	WITHDRAWAL_COMMAND_DEFS,
	MISSILE_COMMAND_DEFS,
	SCORPIO_COMMAND_DEFS,
	ENGAGED_COMMAND_DEFS,
	SHOCK_DESIGNATE_COMMAND_DEFS,
	SHOCK_RESOLVE_COMMAND_DEFS,
	SHOCK_ADVANCE_COMMAND_DEFS,
	PURSUIT_COMMAND_DEFS,
	PASSTHRU_COMMAND_DEFS,
	MLE_COMMAND_DEFS,
	DOUBLE_DEPTH_COMMAND_DEFS,
	ELCMD_COMMAND_DEFS,
	REINF_COMMAND_DEFS,
	CARDS_COMMAND_DEFS,
	WHY_COMMAND_DEFS,
	RULEBOOK_COMMAND_DEFS,
};

static const struct cmd_table gboh_table = {
	"gboh", gboh_defs, (int)(sizeof gboh_defs / sizeof gboh_defs[0]),
};

const struct cmd_table *gboh_commands(void)
{
	return &gboh_table;
}
