/* commands.c — the GBoH command table and sessions: new, roll, show, save,
 * branch, load, help and the sandbox's setup commands; journaling into the
 * game file and replaying it. */
#include <errno.h>
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

#define ERR_MAX 512

static const char *yn(bool b)
{
	return b ? "yes" : "no";
}

/* ---- argument parsing ---- */

static bool arg_int(const char *v, int lo, int hi, int *out)
{
	return ini_int(v, lo, hi, out);
}

static bool arg_u64(const char *v, uint64_t *out)
{
	if (!v || *v < '0' || *v > '9')
		return false;
	char *end;
	errno = 0;
	unsigned long long x = strtoull(v, &end, 10);
	if (*end || errno) /* out of range: refused, never clamped */
		return false;
	*out = (uint64_t)x;
	return true;
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

static bool want_args(struct cmd_result *r, int argc, int lo, int hi,
		      const char *usage)
{
	if (argc - 1 < lo || argc - 1 > hi) {
		cmd_malformed(r, "usage: %s", usage);
		return false;
	}
	return true;
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
	if (!want_args(r, argc, 0, 0, "show units"))
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
	if (!want_args(r, argc, 1, 1, "show unit ID"))
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
	if (!want_args(r, argc, 1, 1, "show hex CCRR"))
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
	if (!want_args(r, argc, 0, 0, "show leaders"))
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
	if (!want_args(r, argc, 1, 1, "show leader ID"))
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
	if (!want_args(r, argc, 0, 0, "show state"))
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
	if (!want_args(r, argc, 0, 2, "help [COMMAND]"))
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
		len += (size_t)snprintf(list + len, sizeof list - len, "%s%d",
					i ? "," : "", v[i]);
	}
	struct event e;
	event_init(&e, "forced");
	event_add(&e, "rolls", "%s", list);
	event_add(&e, "queued", "%d", g->dice.nforced);
	game_emit(g, &e);
}

/* ---- session commands ---- */

static void cmd_new(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	struct session *s = ctx;
	if (!want_args(r, argc, 1, 3, "new BATTLE [solo|hotseat|sandbox] [SEED]"))
		return;
	enum game_kind kind = GAME_SOLO;
	uint64_t seed = s->default_seed;
	for (int i = 2; i < argc; i++) {
		int k = game_kind_parse(argv[i]);
		if (k >= 0 && i == 2)
			kind = (enum game_kind)k;
		else if (!arg_u64(argv[i], &seed)) {
			if (argv[i][strspn(argv[i], "0123456789")] == '\0')
				cmd_malformed(r,
					      "seed %s is out of range (0 to "
					      "%" PRIu64 ")",
					      argv[i], UINT64_MAX);
			else
				cmd_malformed(r,
					      "%s is neither a game kind nor "
					      "a seed",
					      argv[i]);
			return;
		}
	}
	char err[ERR_MAX];
	if (session_new(s, argv[1], kind, seed, err, sizeof err) != 0) {
		cmd_refuse(r, NULL, "%s", err);
		return;
	}
	struct event e;
	event_init(&e, "new");
	event_add(&e, "battle", "%s", s->game->battle->id);
	event_add(&e, "kind", "%s", game_kind_name(kind));
	event_add(&e, "seed", "%" PRIu64, seed);
	if (s->file.f) /* as --new: where the game goes, the old one kept */
		event_add(&e, "file", "%s", s->file.path);
	if (s->new_kept[0])
		event_add(&e, "kept", "%s", s->new_kept);
	cmd_output(r, &e);
}

/* save FILE, branch FILE; save! and branch! (or --force) replace an
 * existing regular file. */
static void cmd_save_or_branch(void *ctx, int argc, char **argv,
			       struct cmd_result *r, bool branch)
{
	struct session *s = ctx;
	bool force = argv[0][strlen(argv[0]) - 1] == '!';
	const char *file = NULL;
	int words = 0;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--force") == 0)
			force = true;
		else {
			file = argv[i];
			words++;
		}
	}
	if (words != 1) {
		cmd_malformed(r, "usage: %s",
			      branch ? "branch[!] FILE [--force]"
				     : "save[!] FILE [--force]");
		return;
	}
	if (!need_game(s, r))
		return;
	char err[ERR_MAX];
	if (session_save(s, file, branch, force, err, sizeof err) != 0) {
		cmd_refuse(r, NULL, "%s", err);
		return;
	}
	struct event e;
	event_init(&e, branch ? "branched" : "saved");
	event_add(&e, "file", "%s", file);
	event_add(&e, "lines", "%zu", s->journal.n);
	cmd_output(r, &e);
}

static void cmd_save(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	cmd_save_or_branch(ctx, argc, argv, r, false);
}

static void cmd_branch(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	cmd_save_or_branch(ctx, argc, argv, r, true);
}

static void cmd_load(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	struct session *s = ctx;
	if (!want_args(r, argc, 1, 1, "load FILE"))
		return;
	struct ini_error err;
	if (!session_load(s, argv[1], &err)) {
		char buf[ERR_MAX + 300];
		ini_error_format(&err, buf, sizeof buf);
		cmd_refuse(r, NULL, "%s", buf);
		return;
	}
	struct event e;
	event_init(&e, "loaded");
	event_add(&e, "file", "%s", argv[1]);
	event_add(&e, "battle", "%s", s->game->battle->id);
	event_add(&e, "kind", "%s", game_kind_name(s->game->kind));
	event_add(&e, "turn", "%d", s->game->turn);
	event_add(&e, "lines", "%zu", s->journal.n);
	if (s->torn_line) /* gamefile.h: a torn last line dropped */
		event_add(&e, "torn_line", "%d", s->torn_line);
	cmd_output(r, &e);
}

/* ---- undo (issue 9): the game replayed less its last commands; in a
 * hotseat game only once the other side agrees (R9) ---- */

static void undo_now(struct session *s, size_t n, struct cmd_result *r)
{
	char err[ERR_MAX + 300];
	int rc = session_undo(s, n, err, sizeof err);
	if (rc < 0) {
		cmd_refuse(r, NULL, "%s", err);
		return;
	}
	struct event e;
	event_init(&e, "undone");
	event_add(&e, "commands", "%zu", n);
	event_add(&e, "turn", "%d", s->game->turn);
	event_add(&e, "lines", "%zu", s->journal.n);
	if (rc > 0)
		event_add(&e, "warning", "%s", err);
	cmd_output(r, &e);
}

static void cmd_undo(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	struct session *s = ctx;
	if (!want_args(r, argc, 0, 1, "undo [N|agree|refuse]"))
		return;
	if (!need_game(s, r))
		return;
	const char *a = argc > 1 ? argv[1] : "1";
	bool agree = strcmp(a, "agree") == 0;
	if (agree || strcmp(a, "refuse") == 0) {
		if (!s->undo_asked) {
			cmd_refuse(r, "R9", "no undo request to answer");
			return;
		}
		size_t n = s->undo_asked;
		bool moved = s->journal.n != s->undo_at;
		s->undo_asked = 0;
		if (!agree) {
			struct event e;
			event_init(&e, "undo_refused");
			event_add(&e, "commands", "%zu", n);
			cmd_output(r, &e);
			return;
		}
		if (moved) {
			cmd_refuse(r, "R9",
				   "the game went on after the undo request; "
				   "ask again");
			return;
		}
		undo_now(s, n, r);
		return;
	}
	int n;
	if (!arg_int(a, 1, INT_MAX, &n)) {
		cmd_malformed(r, "undo: N (1 or more), agree or refuse, not %s",
			      a);
		return;
	}
	size_t have = session_commands(s);
	if ((size_t)n > have) {
		cmd_refuse(r, NULL, "only %zu command%s to undo", have,
			   have == 1 ? "" : "s");
		return;
	}
	if (s->game->kind == GAME_HOTSEAT) {
		/* R9: the request waits for the other side's answer */
		s->undo_asked = (size_t)n;
		s->undo_at = s->journal.n;
		struct event e;
		event_init(&e, "undo_asked");
		event_add(&e, "commands", "%d", n);
		event_add(&e, "answer", "agree|refuse");
		cmd_output(r, &e);
		return;
	}
	undo_now(s, (size_t)n, r);
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
	if (!want_args(r, argc, 3, 4, usage))
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
	bool two = unit_has(g, u, TRAIT_PHALANX);
	if (two != (nh == 2)) {
		cmd_refuse(r, "6.4", "%s is a %s unit: give %s", u->id,
			   two ? "two-hex" : "one-hex",
			   two ? "two hexes" : "one hex");
		return;
	}
	struct footprint fp = {{hx[0], hx[1]}, facing, column};
	const char *why = footprint_check(&fp);
	if (why) {
		cmd_refuse(r, two ? "6.4" : "7.11", "%s", why);
		return;
	}
	u->at = fp;
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
	if (!want_args(r, argc, 2, 2, "setup leader ID HEX"))
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
	if (!want_args(r, argc, 1, 1, "setup remove ID"))
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
	if (!want_args(r, argc, 1, 1, "setup eliminate ID"))
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
	if (!want_args(r, argc, 2, 2, usage))
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
};
#define NMARKERS ((int)(sizeof marker_names / sizeof marker_names[0]))

static bool *marker_field(struct unit *u, int m)
{
	switch (m) {
	case 0:
		return &u->moved_turn;
	case 1:
		return &u->moved_phase;
	case 2:
		return &u->shock_must;
	case 3:
		return &u->shock_no;
	case 4:
		return &u->at.in_column;
	case 5:
		return &u->double_depth;
	case 6:
		return &u->routed;
	case 7:
		return &u->depleted;
	case 8:
		return &u->engaged;
	case 9:
		return &u->pursuit;
	case 10:
		return &u->off_map;
	default:
		return &u->scorpio_fire;
	}
}

static void setup_marker(void *ctx, int argc, char **argv,
			 struct cmd_result *r)
{
	struct session *s = ctx;
	const char *usage = "setup marker ID MARKER on|off [FACING]";
	if (!want_args(r, argc, 3, 4, usage))
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
		u->at = fp;
	} else {
		*marker_field(u, m) = on;
	}
	emit_set(g, marker_names[m], u->id, "on", yn(on));
}

/* 8.17 missile supply */
static void setup_supply(void *ctx, int argc, char **argv,
			 struct cmd_result *r)
{
	struct session *s = ctx;
	const char *usage = "setup supply ID full|low|no [missile|tower|screen]";
	if (!want_args(r, argc, 2, 3, usage))
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
	enum missile_supply *f = which[0] == 'm'   ? &u->supply
				 : which[0] == 't' ? &u->tower_supply
						   : &u->screen_supply;
	*f = (enum missile_supply)sup;
	emit_set(g, "supply", u->id, which, argv[2]);
}

static void setup_leader_state(void *ctx, int argc, char **argv,
			       struct cmd_result *r)
{
	struct session *s = ctx;
	const char *usage = "setup leader-state ID "
			    "inactive|active|finished|bypassed|wounded";
	if (!want_args(r, argc, 2, 2, usage))
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

/* `setup WHAT ID N`: sets the leader's int counter at offset field (of
 * struct leader) to N, 0-9. */
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
	_Static_assert(_Generic(((struct leader *)0)->wounds, int: 1,
				default: 0) &&
			       _Generic(((struct leader *)0)->activations,
					int: 1, default: 0),
		       "leader counters are int");
	*(int *)((char *)l + field) = n;
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
	if (!want_args(r, argc, 1, 1, "setup turn N"))
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
	if (!want_args(r, argc, 1, 1, "setup phase NAME"))
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
	if (!want_args(r, argc, 1, 1, "setup active ID|none"))
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
	{"new", "BATTLE [solo|hotseat|sandbox] [SEED]",
	 "start a new game of a battle", CMD_SESSION, cmd_new},
	{"load", "FILE", "load a game file; play goes on in it", CMD_SESSION,
	 cmd_load},
	{"save", "FILE [--force]",
	 "write a copy; play goes on in the current file", CMD_SESSION,
	 cmd_save},
	{"save!", "FILE", "save, replacing the file at FILE", CMD_SESSION,
	 cmd_save},
	{"branch", "FILE [--force]", "write a copy; play goes on in the copy",
	 CMD_SESSION, cmd_branch},
	{"branch!", "FILE", "branch, replacing the file at FILE", CMD_SESSION,
	 cmd_branch},
	{"undo", "[N|agree|refuse]",
	 "take back the last N commands (hotseat: once agreed R9)",
	 CMD_SESSION, cmd_undo},
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
	{"setup hits", "ID N", "sandbox: set a unit's cohesion hits",
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
	{"setup turn", "N", "sandbox: set the game turn", CMD_CHANGES,
	 setup_turn},
	{"setup phase", "NAME", "sandbox: set the phase of play 3.0",
	 CMD_CHANGES, setup_phase},
	{"setup active", "ID|none", "sandbox: set the active leader",
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

/* These rules as a ruleset (ruleset.h): the name a battle file's
 * `ruleset =` and a game file's header give, the command table, and the
 * rules' tables read from rules/NAME/. */
static int spqr_load_tables(struct game *g, const char *dir,
			    struct ini_error *err)
{
	g->tables = tables_load(dir, err);
	return g->tables ? 0 : -1;
}

const struct ruleset ruleset_spqr = {
	.name = BATTLE_RULESET,
	.commands = gboh_commands,
	.load_tables = spqr_load_tables,
	.map_view = gboh_map_view,
	.map_view_pieces = gboh_map_view_pieces,
	.map_overlay = gboh_map_overlay,
	.map_describe = gboh_map_describe,
	.decide = gboh_decision,
	.decision_is_answer = gboh_decision_is_answer,
	.order_view = spqr_order_view,
	.step_preview = spqr_step_preview,
	.pieces_at = spqr_pieces_at,
	.shock_view = spqr_shock_view,
	.shock_piece = spqr_shock_piece,
	.shock_asked = spqr_shock_asked,
	.card = spqr_card,
	.card_touched = spqr_card_touched,
};

/* ---- sessions ---- */

static const struct ruleset *const own_rulesets[] = {&ruleset_spqr, NULL};

const struct ruleset *const *session_rulesets(const struct session *s)
{
	return s && s->rulesets ? s->rulesets : own_rulesets;
}

void session_init(struct session *s, battle_loader lb, tables_loader lt,
		  void *user, uint64_t default_seed)
{
	memset(s, 0, sizeof *s);
	s->load_battle = lb;
	s->load_tables = lt;
	s->loader_user = user;
	s->default_seed = default_seed;
}

void session_free(struct session *s)
{
	game_free(s->game);
	s->game = NULL;
	free(s->snap); /* a plain copy: owns nothing */
	s->snap = NULL;
	journal_free(&s->journal);
	gamefile_close(&s->file);
	rulebook_free(s->rulebook);
	s->rulebook = NULL;
}

/* A game, started fresh from a header's battle, kind and seed. */
static struct game *start_game(struct session *s, const char *battle,
			       enum game_kind kind, uint64_t seed,
			       struct ini_error *err)
{
	memset(err, 0, sizeof *err);
	if (!s->load_battle) {
		snprintf(err->msg, sizeof err->msg, "no battles to load");
		return NULL;
	}
	struct battle *b = s->load_battle(s->loader_user, battle, err);
	if (!b)
		return NULL;
	struct game *g = game_new(b, kind, seed);
	if (!g) {
		battle_free(b);
		snprintf(err->msg, sizeof err->msg, "out of memory");
		return NULL;
	}
	/* every game has its rules tables (rout points 11.1, the charts) */
	if (!s->load_tables) {
		game_free(g);
		snprintf(err->msg, sizeof err->msg, "no rules tables to load");
		return NULL;
	}
	if (s->load_tables(s->loader_user, g, err) != 0) {
		game_free(g);
		return NULL;
	}
	if (!g->tables) {
		game_free(g);
		memset(err, 0, sizeof *err);
		snprintf(err->msg, sizeof err->msg, "no rules tables loaded");
		return NULL;
	}
	return g;
}

/* The digest a game file's digest lines hold: format 1 the state text's
 * (game_digest), format 2 the binary state's (digest.h). */
static uint64_t file_digest(const struct session *s, const struct game *g)
{
	return s->journal.h.version >= 2 ? game_state_digest(g)
					 : game_digest(g);
}

/* Claims the game file at path for s (gamefile_claim); when s holds that
 * file itself, its lock passes to nf (*moved set, so a failure can give
 * it back). */
static int claim_for(struct session *s, struct gamefile *nf, const char *path,
		     bool *moved, char *err, size_t errn)
{
	*moved = false;
	char real[sizeof nf->path];
	if (s->file.f && s->file.lock.path[0] &&
	    gamefile_resolve(path, real, sizeof real, err, errn) == 0 &&
	    strcmp(real, s->file.path) == 0) {
		memset(nf, 0, sizeof *nf);
		snprintf(nf->path, sizeof nf->path, "%s", real);
		nf->lock = s->file.lock;
		gamelock_init(&s->file.lock);
		*moved = true;
		return 0;
	}
	return gamefile_claim(nf, path, err, errn);
}

/* Undoes claim_for after a failure. */
static void unclaim(struct session *s, struct gamefile *nf, bool moved)
{
	if (nf->f)
		fclose(nf->f);
	nf->f = NULL;
	if (moved)
		s->file.lock = nf->lock;
	else
		gamelock_release(&nf->lock);
	gamelock_init(&nf->lock);
}

int session_new(struct session *s, const char *battle, enum game_kind kind,
		uint64_t seed, char *err, size_t errn)
{
	s->new_kept[0] = '\0';
	struct ini_error ie;
	struct game *g = start_game(s, battle, kind, seed, &ie);
	if (!g) {
		if (ie.file[0])
			ini_error_format(&ie, err, errn);
		else
			snprintf(err, errn, "%s", ie.msg);
		return -1;
	}
	struct gamefile_header h = {.version = GAMEFILE_VERSION, .seed = seed};
	const struct ruleset *rs = ruleset_find(session_rulesets(s),
						g->battle->ruleset);
	snprintf(h.ruleset, sizeof h.ruleset, "%s",
		 rs ? rs->name : g->battle->ruleset);
	snprintf(h.battle, sizeof h.battle, "%s", battle);
	snprintf(h.kind, sizeof h.kind, "%s", game_kind_name(kind));
	struct journal j;
	journal_init(&j, &h);
	if (s->file.f) {
		/* as --new: the same battle's file, else BATTLE.game beside
		 * it; an old game there kept under its dated name */
		char path[sizeof s->file.path + 80];
		const char *slash = strrchr(s->file.path, '/');
		int dlen = slash ? (int)(slash - s->file.path) + 1 : 0;
		if (s->game && s->game->battle &&
		    strcmp(s->game->battle->id, g->battle->id) == 0)
			snprintf(path, sizeof path, "%s", s->file.path);
		else
			snprintf(path, sizeof path, "%.*s%s.game", dlen,
				 s->file.path, g->battle->id);
		struct gamefile nf;
		bool moved;
		int rc = claim_for(s, &nf, path, &moved, err, errn);
		if (rc == 0 &&
		    (gamefile_keep_old(nf.path, s->new_kept,
				       sizeof s->new_kept, err, errn) != 0 ||
		     gamefile_write(nf.path, &j, true, err, errn) != 0 ||
		     gamefile_attach(&nf, err, errn) != 0)) {
			unclaim(s, &nf, moved);
			rc = -1;
		}
		if (rc != 0) {
			game_free(g);
			journal_free(&j);
			return -1;
		}
		gamefile_close(&s->file);
		s->file = nf;
	}
	game_free(s->game);
	journal_free(&s->journal);
	s->game = g;
	g->session = s;
	s->journal = j;
	return 0;
}

int session_save(struct session *s, const char *path, bool branch,
		 bool replace, char *err, size_t errn)
{
	if (!s->game) {
		snprintf(err, errn, "no game");
		return -1;
	}
	char real[512];
	if (gamefile_resolve(path, real, sizeof real, err, errn) != 0)
		return -1;
	if (s->file.f && strcmp(real, s->file.path) == 0) {
		snprintf(err, errn, "%s: this is the game's own file", path);
		return -1;
	}
	struct gamelock_holder who;
	if (!branch && gamelock_holder(real, &who)) {
		char w[300];
		gamelock_describe(&who, w, sizeof w);
		snprintf(err, errn, "%s: the game is being played by %s", path,
			 w);
		return -1;
	}
	if (!branch)
		return gamefile_write(path, &s->journal, replace, err, errn);
	struct gamefile nf;
	if (gamefile_claim(&nf, path, err, errn) != 0)
		return -1;
	if (gamefile_write(nf.path, &s->journal, replace, err, errn) != 0 ||
	    gamefile_attach(&nf, err, errn) != 0) {
		gamefile_close(&nf);
		return -1;
	}
	gamefile_close(&s->file);
	s->file = nf;
	return 0;
}

int session_note(struct session *s, const char *text, char *err,
		 size_t errn)
{
	if (!s->game) {
		snprintf(err, errn, "no game");
		return -1;
	}
	if (strchr(text, '\n') || strchr(text, '\t') ||
	    strlen(text) > CMD_LINE_MAX) {
		snprintf(err, errn, "a note is one line of at most %d bytes "
				    "without tabs",
			 CMD_LINE_MAX);
		return -1;
	}
	char line[CMD_LINE_MAX + 8];
	snprintf(line, sizeof line, "note %s", text);
	size_t j0 = s->journal.n;
	if (journal_add(&s->journal, line) != 0) {
		snprintf(err, errn, "out of memory");
		return -1;
	}
	if (s->file.f &&
	    gamefile_append_journal(&s->file, &s->journal, j0, err, errn) != 0) {
		journal_drop_last(&s->journal);
		return -1;
	}
	return 0;
}

/* Whether a command ended a game turn: the rules emitted turn_end, or the
 * turn number changed (setup turn). */
static bool turn_ended(const struct game *g, size_t from, int turn_before)
{
	if (g->turn != turn_before)
		return true;
	for (size_t i = from; i < g->events.n; i++)
		if (strcmp(event_log_kind(&g->events, i), "turn_end") == 0)
			return true;
	return false;
}

static void restore(struct game *g, const struct game *snap, size_t n0)
{
	game_copy_state(g, snap); /* the event log stays g's own */
	event_log_truncate(&g->events, n0);
}

/* The rollback copy back into the session for the next command. */
static void session_give_back(struct session *s, struct game *snap)
{
	if (s->snap == NULL)
		s->snap = snap;
	else
		free(snap);
}

/* A checking build: what a looking or session command shows fits the
 * ruleset's event catalog too (game_emit checks the game's own). */
static void check_shown(const struct session *s, const struct cmd_result *r)
{
#ifndef NDEBUG
	const struct evcat *cat = s->game ? tables_events(s->game->tables)
					  : NULL;
	for (size_t i = 0; cat && i < r->out.n; i++) {
		struct event e;
		event_log_at(&r->out, i, &e);
		char why[160];
		if (!evcat_check(cat, &e, why, sizeof why)) {
			fprintf(stderr, "maniple: %s (shown)\n", why);
			abort();
		}
	}
#else
	(void)s;
	(void)r;
#endif
}

void session_exec(struct session *s, const char *line, struct cmd_result *r)
{
	cmd_result_reset(r);
	struct cmd_call call;
	if (!cmd_lookup(gboh_commands(), line, &call, r) || !call.def)
		return;
	const struct cmd_def *d = call.def;
	if (s->replaying && d->effect != CMD_CHANGES) {
		cmd_malformed(r, "%s does not belong in a game file", d->name);
		return;
	}
	if (d->effect != CMD_CHANGES || !s->game) {
		d->run(s, call.argc, call.argv, r);
		check_shown(s, r);
		return;
	}
	struct game *g = s->game;
	/* the session's rollback copy, taken out of it while the command
	 * runs (session_give_back puts it back) */
	struct game *snap = s->snap ? s->snap : malloc(sizeof *snap);
	s->snap = NULL;
	if (!snap) {
		cmd_refuse(r, NULL, "out of memory");
		return;
	}
	game_copy_state(snap, g);
	size_t n0 = g->events.n;
	int turn0 = g->turn;
	d->run(s, call.argc, call.argv, r);
	if (r->status != CMD_OK) {
		restore(g, snap, n0);
		session_give_back(s, snap);
		why_note_refusal(s, line, r);
		return;
	}
	/* 9.14, 6.51, 4.72: a rampage stopped for withdrawals goes on once
	 * they are answered; then what it held up (outside Shock: below) */
	if (rampage_after_command(g) && !rout_pending(g) &&
	    !reactions_pending(g) &&
	    !(g->phase == PHASE_SHOCK && shock_under_way(g)))
		seq_resume(g);
	/* 8.4, 8.55, 4.72: a reaction window that closed inside the Shock
	 * segment (the answers do not resume it themselves): it goes on */
	if (g->phase == PHASE_SHOCK && shock_under_way(g) &&
	    seq_step_now(g) == SEQ_NONE)
		seq_resume(g);
	char text[CMD_LINE_MAX * 2 + 8];
	cmd_canonical(&call, text, sizeof text);
	char err[ERR_MAX];
	bool ended = turn_ended(g, n0, turn0);
	/* the digest only where a turn ended and a file line is written: the
	 * replay compares it in load_body, so it is not computed here */
	char dline[64] = "";
	if (ended && !s->replaying)
		gamefile_digest_line(g->turn, file_digest(s, g), dline,
				     sizeof dline);
	if (!s->replaying) {
		size_t j0 = s->journal.n;
		bool ok = journal_add(&s->journal, text) == 0 &&
			  (!ended || journal_add(&s->journal, dline) == 0);
		/* a turn's end and its digest in one append: both or none
		 * stay (a failed append is cut back off, gamefile.h) */
		if (ok && s->file.f)
			ok = gamefile_append_journal(&s->file, &s->journal, j0,
						     err, sizeof err) == 0;
		else if (!ok)
			snprintf(err, sizeof err, "out of memory");
		if (!ok) {
			while (s->journal.n > j0)
				journal_drop_last(&s->journal);
			restore(g, snap, n0);
			session_give_back(s, snap);
			cmd_refuse(r, NULL, "game file not written: %s", err);
			return;
		}
	} else {
		if (journal_add(&s->journal, text) != 0) {
			restore(g, snap, n0);
			session_give_back(s, snap);
			cmd_refuse(r, NULL, "out of memory");
			return;
		}
		s->digest_due = ended;
		s->digest_turn = g->turn;
	}
	session_give_back(s, snap);
	for (size_t i = n0; i < g->events.n; i++)
		event_log_push_from(&r->out, &g->events, i);
}

/* ---- loading ---- */

struct load_ctx {
	struct session *s;
};

static int load_header(void *user, const struct gamefile_header *h,
		       struct ini_error *err)
{
	struct load_ctx *lc = user;
	struct session *s = lc->s;
	int kind = game_kind_parse(h->kind);
	if (kind < 0) {
		snprintf(err->msg, sizeof err->msg,
			 "unknown game kind %s (solo, hotseat, sandbox)",
			 h->kind);
		return 1;
	}
	/* the header's ruleset, looked up among the program's */
	if (!ruleset_lookup(session_rulesets(s), h->ruleset, err->msg,
			    sizeof err->msg))
		return 1;
	struct ini_error be;
	struct game *g = start_game(s, h->battle, (enum game_kind)kind,
				    h->seed, &be);
	if (!g) {
		char buf[INI_ERR_MAX];
		if (be.file[0])
			ini_error_format(&be, buf, sizeof buf);
		else
			snprintf(buf, sizeof buf, "%s", be.msg);
		int n = snprintf(err->msg, sizeof err->msg, "battle %s: ",
				 h->battle);
		if (n > 0 && (size_t)n < sizeof err->msg)
			snprintf(err->msg + n, sizeof err->msg - (size_t)n,
				 "%.*s", (int)(sizeof err->msg - (size_t)n - 1),
				 buf);
		return 1;
	}
	s->game = g;
	g->session = s;
	journal_init(&s->journal, h);
	return 0;
}

static int load_body(void *user, const struct gamefile_line *l,
		     struct ini_error *err)
{
	struct load_ctx *lc = user;
	struct session *s = lc->s;
	if (l->is_digest) {
		if (!s->digest_due) {
			snprintf(err->msg, sizeof err->msg,
				 "digest line where no game turn ended");
			return 1;
		}
		uint64_t d = file_digest(s, s->game);
		if (l->turn != s->digest_turn || l->digest != d) {
			snprintf(err->msg, sizeof err->msg,
				 "digest mismatch: the file says turn %d "
				 "%016" PRIx64 ", the replay gives turn %d "
				 "%016" PRIx64,
				 l->turn, l->digest, s->digest_turn, d);
			return 1;
		}
		s->digest_due = false;
		return journal_add(&s->journal, l->text) == 0 ? 0 : 1;
	}
	if (s->digest_due) {
		snprintf(err->msg, sizeof err->msg,
			 "no digest line after game turn %d ended",
			 s->digest_turn);
		return 1;
	}
	if (l->is_note) /* an annotation: kept, not replayed */
		return journal_add(&s->journal, l->text) == 0 ? 0 : 1;
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(s, l->text, &r);
	int rc = 0;
	if (r.status != CMD_OK) {
		snprintf(err->msg, sizeof err->msg, "%s: %s",
			 r.status == CMD_MALFORMED ? "malformed command"
						   : "command refused",
			 r.reason);
		rc = 1;
	}
	cmd_result_free(&r);
	return rc;
}

/* A game file's failure (gamefile.h: "PATH: reason") into err, whose
 * file is PATH already: the reason only, so the path is said once. */
static void file_failure(struct ini_error *err, const char *e2)
{
	size_t n = strlen(err->file);
	if (n && strncmp(e2, err->file, n) == 0 &&
	    strncmp(e2 + n, ": ", 2) == 0)
		e2 += n + 2;
	err->line = 0;
	snprintf(err->msg, sizeof err->msg, "%s", e2);
}

bool session_load(struct session *s, const char *path, struct ini_error *err)
{
	struct session tmp;
	session_init(&tmp, s->load_battle, s->load_tables, s->loader_user,
		     s->default_seed);
	tmp.rulesets = s->rulesets;
	tmp.replaying = true;
	struct load_ctx lc = {&tmp};
	long torn_at = -1;
	char e2[ERR_MAX];
	memset(err, 0, sizeof *err);
	snprintf(err->file, sizeof err->file, "%s", path);
	/* one writer (gamelock.h): the lock first, then the replay */
	bool moved = false;
	bool ok = claim_for(s, &tmp.file, path, &moved, e2, sizeof e2) == 0;
	if (!ok)
		file_failure(err, e2);
	if (ok)
		ok = gamefile_read_torn(tmp.file.path, load_header, load_body,
					&lc, err, &torn_at);
	if (ok)
		snprintf(err->file, sizeof err->file, "%s", path);
	if (ok && !tmp.game) {
		ok = false;
		err->line = 1;
		snprintf(err->msg, sizeof err->msg, "no game in the file");
	}
	if (ok && gamefile_attach(&tmp.file, e2, sizeof e2) != 0) {
		ok = false;
		file_failure(err, e2);
	}
	/* A last line without its end: an append a crash cut short, never
	 * shown (gamefile.h); dropped before play goes on in the file. */
	if (ok && torn_at >= 0) {
		tmp.torn_line = gamefile_header_lines(tmp.journal.h.version) +
				(int)tmp.journal.n + 1;
		if (gamefile_cut(&tmp.file, torn_at, e2, sizeof e2) != 0) {
			ok = false;
			file_failure(err, e2);
		}
	}
	/* A file cut right after a turn-ending command lacks its digest (a
	 * crash between the two appends): accepted, and the digest written
	 * now. */
	if (ok && tmp.digest_due) {
		char dline[64];
		gamefile_digest_line(tmp.digest_turn,
				     file_digest(&tmp, tmp.game), dline,
				     sizeof dline);
		if (journal_add(&tmp.journal, dline) != 0 ||
		    gamefile_append_journal(&tmp.file, &tmp.journal,
					    tmp.journal.n - 1, e2,
					    sizeof e2) != 0) {
			ok = false;
			file_failure(err, e2);
		}
	}
	if (!ok) {
		if (err->file[0] && strcmp(err->file, tmp.file.path) == 0)
			snprintf(err->file, sizeof err->file, "%s", path);
		unclaim(s, &tmp.file, moved);
		session_free(&tmp);
		return false;
	}
	tmp.replaying = false;
	tmp.digest_due = false;
	session_free(s);
	*s = tmp;
	s->game->session = s;
	return true;
}

/* ---- undo ---- */

static bool is_digest_line(const char *t)
{
	return strncmp(t, "digest ", 7) == 0;
}

size_t session_commands(const struct session *s)
{
	size_t n = 0;
	for (size_t i = 0; i < s->journal.n; i++)
		if (gamefile_is_command(s->journal.lines[i]))
			n++;
	return n;
}

int session_undo(struct session *s, size_t n, char *err, size_t errn)
{
	if (!s->game) {
		snprintf(err, errn, "no game");
		return -1;
	}
	size_t have = session_commands(s);
	if (n > have) {
		snprintf(err, errn, "only %zu command%s to undo", have,
			 have == 1 ? "" : "s");
		return -1;
	}
	size_t keep = have - n;
	struct session tmp;
	session_init(&tmp, s->load_battle, s->load_tables, s->loader_user,
		     s->default_seed);
	tmp.rulesets = s->rulesets;
	tmp.replaying = true;
	struct load_ctx lc = {&tmp};
	struct ini_error ie;
	memset(&ie, 0, sizeof ie);
	bool ok = load_header(&lc, &s->journal.h, &ie) == 0;
	/* the kept commands, each with the digest line after it; a digest
	 * after an undone command (its turn no longer ended) goes too */
	size_t cmds = 0;
	for (size_t i = 0; ok && i < s->journal.n; i++) {
		const char *t = s->journal.lines[i];
		struct gamefile_line l = {
			.lineno = gamefile_header_lines(s->journal.h.version) +
				  1 + (int)i,
			.text = t,
			.is_note = strncmp(t, "note ", 5) == 0,
		};
		if (is_digest_line(t)) {
			l.is_digest = true;
			if (sscanf(t, "digest %d %" SCNx64, &l.turn,
				   &l.digest) != 2) {
				snprintf(ie.msg, sizeof ie.msg,
					 "bad digest line");
				ok = false;
				break;
			}
		} else if (cmds++ == keep) {
			break;
		}
		ok = load_body(&lc, &l, &ie) == 0;
	}
	/* notes just before the first command undone explain it: they go
	 * with it */
	while (ok && tmp.journal.n > 0 &&
	       strncmp(tmp.journal.lines[tmp.journal.n - 1], "note ", 5) == 0)
		journal_drop_last(&tmp.journal);
	if (ok && tmp.digest_due) {
		char dline[64];
		gamefile_digest_line(tmp.digest_turn,
				     file_digest(&tmp, tmp.game), dline,
				     sizeof dline);
		ok = journal_add(&tmp.journal, dline) == 0;
		if (!ok)
			snprintf(ie.msg, sizeof ie.msg, "out of memory");
	}
	if (!ok) {
		snprintf(err, errn, "undo replay failed: %s", ie.msg);
		session_free(&tmp);
		return -1;
	}
	tmp.replaying = false;
	tmp.digest_due = false;
	int rc = 0;
	if (s->file.f) {
		/* the shortened journal replaces the file atomically, so a
		 * crash now never brings the undone commands back */
		char path[sizeof s->file.path];
		snprintf(path, sizeof path, "%s", s->file.path);
		if (gamefile_write(path, &tmp.journal, true, err, errn) != 0) {
			session_free(&tmp);
			return -1;
		}
		/* the same file, under the same lock, opened again */
		tmp.file = s->file;
		memset(&s->file, 0, sizeof s->file);
		gamelock_init(&s->file.lock);
		char e2[ERR_MAX];
		if (gamefile_attach(&tmp.file, e2, sizeof e2) != 0) {
			snprintf(err, errn,
				 "%s rewritten but not reopened (%s): play "
				 "goes on without a game file",
				 path, e2);
			gamefile_close(&tmp.file);
			rc = 1;
		}
	}
	session_free(s);
	*s = tmp;
	s->game->session = s;
	return rc;
}
