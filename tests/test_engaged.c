/* The optional Engaged rule (SPQR 10.4): the markers after a shock combat
 * (8.47 [3] last paragraph), what an Engaged unit may not do (10.41), the
 * retreat before designation (10.42, `disengage`), the Shock No Check the
 * designation owes it (10.41 bullet 3, 7.33 PLAY NOTE), the 10.43 check,
 * and the battle option that switches it on.  A hand-built 20x20 clear
 * field; combats are built in g->shock directly (shock_add_combat) and
 * the Engaged step run on them, as the steps before it are other
 * engineers'.  Geometry (odd-q, HEX.md): a unit at 1010 facing E has
 * 1109 and 1110 in front; one at 1109 facing W has 1010 and 1009. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "logged.h"
#include "maniple/engaged.h"
#include "maniple/missile.h"
#include "maniple/movement.h"
#include "maniple/orders.h"
#include "maniple/reactions.h"
#include "maniple/shock.h"
#include "session_play.h"
#include "spqr_tables.h"

struct ufix {
	const char *id;
	int side;
	enum unit_type t;
	const char *cls;
	enum missile_class mc;
	int tq, ma;
};

static const struct ufix fix[] = {
	{"r_ha", 0, UT_LG, "HA", MC_NONE, 6, 5},
	{"r_ha2", 0, UT_LG, "HA", MC_NONE, 6, 5},
	{"r_lc", 0, UT_LC, "", MC_NONE, 6, 9},
	{"r_sk", 0, UT_SK, "S", MC_S, 4, 6},
	{"r_ar", 0, UT_SK, "A", MC_A, 4, 6},
	{"r_ar2", 0, UT_SK, "A", MC_A, 4, 6},
	{"r_ph", 0, UT_PH, "", MC_NONE, 7, 5},
	{"r_li", 0, UT_LI, "VE", MC_J, 5, 6},
	{"c_hi", 1, UT_HI, "HO", MC_NONE, 7, 5},
	{"c_hi2", 1, UT_HI, "HO", MC_NONE, 7, 5},
	{"c_bi", 1, UT_BI, "", MC_NONE, 6, 5},
	{"c_lc", 1, UT_LC, "", MC_NONE, 6, 9},
	{"c_hc", 1, UT_HC, "", MC_NONE, 7, 8},
	{NULL, 0, 0, NULL, MC_NONE, 0, 0},
};

/* "field": the rule on; "field_off": the same battle without it. */
static struct battle *loader(void *user, const char *name,
			     struct ini_error *err)
{
	(void)user;
	bool on = strcmp(name, "field") == 0;
	if (!on && strcmp(name, "field_off") != 0) {
		memset(err, 0, sizeof *err);
		snprintf(err->msg, sizeof err->msg, "no battle %s", name);
		return NULL;
	}
	struct battle *b = calloc(1, sizeof *b);
	struct map *m = calloc(1, sizeof *m);
	m->col_min = m->row_min = 1;
	m->col_max = m->row_max = 20;
	m->ncols = m->nrows = 20;
	m->hexes = calloc(400, sizeof *m->hexes);
	b->map = m;
	snprintf(b->id, sizeof b->id, "%s", name);
	snprintf(b->name, sizeof b->name, "Field");
	snprintf(b->ruleset, sizeof b->ruleset, "spqr");
	snprintf(b->sides[0].id, sizeof b->sides[0].id, "rome");
	snprintf(b->sides[1].id, sizeof b->sides[1].id, "carthage");
	b->sides[0].withdrawal_level = b->sides[1].withdrawal_level = 99;
	b->engaged_rule = on; /* 10.4 optional */
	const struct {
		const char *id;
		int side, hex;
	} ls[] = {{"consul", 0, 1505}, {"hannibal", 1, 1518}};
	for (size_t k = 0; k < 2; k++) {
		struct leader *l = &b->leaders[b->nleaders++];
		snprintf(l->id, sizeof l->id, "%s", ls[k].id);
		l->side = ls[k].side;
		l->kind = LK_GENERAL;
		l->initiative = 5;
		l->command_range = 20;
		l->line_command = 1;
		l->strategy = 3;
		l->overall = true;
		l->hex = H(ls[k].hex);
		l->on_map = true;
		l->available = true;
	}
	for (const struct ufix *f = fix; f->id; f++) {
		struct unit *u = &b->units[b->nunits++];
		snprintf(b->unit_text[u - b->units].id, ID_MAX, "%s", f->id);
		snprintf(b->unit_text[u - b->units].name, NAME_MAX_,
			 "Unit %s", f->id);
		snprintf(u->cls, sizeof u->cls, "%s", f->cls);
		u->side = f->side;
		u->type = f->t;
		u->missile = f->mc;
		u->size = 3;
		u->tq = f->tq;
		u->ma = f->ma;
		u->legion = f->t == UT_LG ? 1 : 0;
		u->dd_eligible = f->t == UT_PH;
		u->at.hex[0] = u->at.hex[1] = HEX_NONE;
		u->on_map = false;
	}
	return b;
}

static struct session *open_battle(const char *name)
{
	struct session *s = calloc(1, sizeof *s);
	cr_assert_not_null(s);
	session_init(s, loader, spqr_tables_loader, NULL, 1);
	s->checkpoint_every = 1; /* the game changed by hand too */
	char line[64];
	snprintf(line, sizeof line, "new %s sandbox 42", name);
	ok(s, line);
	return s;
}

static struct session *open_game(void)
{
	return open_battle("field");
}

/* `setup unit ID HEX FACING`, and the Engaged marker when engaged. */
static void put(struct session *s, const char *id, const char *hex,
		const char *facing, bool engaged)
{
	char line[96];
	snprintf(line, sizeof line, "setup unit %s %s %s", id, hex, facing);
	ok(s, line);
	if (engaged) {
		snprintf(line, sizeof line, "setup marker %s engaged on", id);
		ok(s, line);
	}
}

/* Rome's consul in his Orders Phase's Shock segment, at designation. */
static void shock_segment(struct session *s)
{
	struct game *g = s->game;
	struct leader *l = game_leader(g, "consul");
	g->seq.started_turn = g->turn;
	g->phase = PHASE_SHOCK;
	g->seq.step = SEQ_ORDERS;
	g->active_leader = (int)(l - g->leaders);
	l->state = LS_ACTIVE;
	shock_segment_begin(g);
	cr_assert_eq(g->shock.step, SHS_DESIGNATE);
}

/* A combat of the segment: attackers and defenders by id (NULL-ended). */
static int combat(struct session *s, const char *const *att,
		  const char *const *def)
{
	struct game *g = s->game;
	int ci = shock_add_combat(g);
	cr_assert_geq(ci, 0);
	struct shock_combat *c = &g->shock.c[ci];
	for (int k = 0; att[k]; k++) {
		c->att[c->natt] = UI(s, att[k]);
		c->att_at[c->natt++] = U(s, att[k])->at;
	}
	for (int k = 0; def[k]; k++) {
		c->def[c->ndef] = UI(s, def[k]);
		c->def_at[c->ndef++] = U(s, def[k])->at;
	}
	g->shock.batch_begin = 0;
	g->shock.batch_end = g->shock.ncombats;
	g->shock.step = SHS_ENGAGED;
	return ci;
}

/* The last event of kind about unit id, or NULL. */
static const struct event *last_about(struct session *s, const char *kind,
				      const char *id)
{
	const struct event_log *l = &s->game->events;
	for (size_t i = l->n; i-- > 0;) {
		const char *u = event_log_get(l, i, "unit");
		if (strcmp(event_log_kind(l, i), kind) == 0 && u && strcmp(u, id) == 0)
			return logged_event(l, i);
	}
	return NULL;
}

static const char *field_of(const struct event *e, const char *key)
{
	const char *v = e ? event_get(e, key) : NULL;
	return v ? v : "";
}

static bool legal_has(struct session *s, const char *line)
{
	struct decision_answer a[256];
	int n = seq_legal(s->game, a, 256);
	for (int i = 0; i < n; i++)
		if (strcmp(a[i].line, line) == 0)
			return true;
	return false;
}

/* Refused naming rule, and nothing changed. */
static void refused(struct session *s, const char *line, const char *rule)
{
	char *before = game_state_text(s->game);
	struct out o = run(s, line);
	char *after = game_state_text(s->game);
	cr_expect_eq(o.st, CMD_REFUSED, "%s was not refused", line);
	cr_expect_str_eq(o.rule, rule, "%s: rule %s (%s)", line, o.rule,
			 o.reason);
	cr_expect_str_eq(before, after, "%s changed the game", line);
	free(before);
	free(after);
}

/* ------------------------------------------------- the battle option */

/* 10.4 is optional: a battle without it has no Engaged rule, and a marker
 * set by hand means nothing to the rules (10.41). */
Test(engaged, option_off_marker_has_no_effect_10_4)
{
	struct session *s = open_battle("field_off");
	cr_expect_not(engaged_rule_on(s->game));
	put(s, "r_ar", "1010", "E", true);
	put(s, "c_hi", "1109", "W", true);
	cr_expect_not(unit_engaged(s->game, U(s, "r_ar")));
	struct fire_check fc;
	cr_expect(missile_check(s->game, UI(s, "r_ar"), WEAPON_MAIN, H(1109),
				FIRE_OFFENSIVE, &fc),
		  "without 10.4 the marker does not stop fire: %s (%s)",
		  fc.reason, fc.rule);
	shock_segment(s);
	cr_expect(engaged_before_designation(s->game));
	cr_expect_not(engaged_must_shock(s->game, UI(s, "r_ar")));
	close_game(s);
	s = open_game();
	cr_expect(engaged_rule_on(s->game), "the field battle has it on");
	close_game(s);
}

/* The scenario's [rules] `engaged = yes|no` switches 10.4 on; another
 * value is refused naming the file and line (maniple --check). */
Test(engaged, scenario_option_checked_with_file_line_10_4)
{
	const char *src = getenv("MANIPLE_SRCDIR");
	char path[4096], dir[] = "/tmp/maniple-engaged-XXXXXX";
	cr_assert_not_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/scenarios/drill.ini",
		 src && *src ? src : MANIPLE_SRCDIR);
	FILE *in = fopen(path, "r");
	cr_assert_not_null(in);
	char bad[4200];
	snprintf(bad, sizeof bad, "%s/bad.ini", dir);
	FILE *out = fopen(bad, "w");
	cr_assert_not_null(out);
	char line[1024];
	int n = 0, at = 0;
	while (fgets(line, sizeof line, in)) {
		n++;
		if (strncmp(line, "engaged =", 9) == 0) {
			fputs("engaged = sometimes\n", out);
			at = n;
		} else {
			fputs(line, out);
		}
	}
	fclose(in);
	fclose(out);
	cr_assert_gt(at, 0, "drill.ini has an engaged line");
	struct ini_error err;
	memset(&err, 0, sizeof err);
	struct battle *b = battle_load(bad, &err);
	cr_expect_null(b);
	cr_expect_eq(err.line, at, "the line of the bad value");
	cr_expect_not_null(strstr(err.msg, "engaged"), "%s", err.msg);
	if (b)
		battle_free(b);
	unlink(bad);
	rmdir(dir);
}

/* ------------------------------------- 8.47 [3] last paragraph (step) */

/* Both sides have units that stayed in their hexes: each gets the
 * marker. */
Test(engaged, both_sides_stayed_get_markers_8_47)
{
	struct session *s = open_game();
	put(s, "r_ha", "1010", "E", false);
	put(s, "c_hi", "1109", "W", false);
	shock_segment(s);
	combat(s, (const char *[]){"r_ha", NULL},
	       (const char *[]){"c_hi", NULL});
	cr_expect(shock_step_engaged(s->game));
	cr_expect(U(s, "r_ha")->engaged);
	cr_expect(U(s, "c_hi")->engaged);
	const struct event *e = last_about(s, "engaged_on", "r_ha");
	cr_assert_not_null(e);
	cr_expect_str_eq(field_of(e, "rule"), "8.47,10.41");
	char *st = game_state_text(s->game);
	cr_expect_not_null(strstr(st, "engaged=yes"),
			   "the state text shows it");
	free(st);
	close_game(s);
}

/* With the rule off, the driver skips the step: no markers. */
Test(engaged, rule_off_places_no_markers_10_4)
{
	struct session *s = open_battle("field_off");
	put(s, "r_ha", "1010", "E", false);
	put(s, "c_hi", "1109", "W", false);
	shock_segment(s);
	combat(s, (const char *[]){"r_ha", NULL},
	       (const char *[]){"c_hi", NULL});
	cr_expect(shock_step_engaged(s->game));
	cr_expect_not(U(s, "r_ha")->engaged);
	cr_expect_not(U(s, "c_hi")->engaged);
	close_game(s);
}

/* A defender routed, the attacker facing it advanced: both lose the
 * marker; the other pair stayed and is Engaged. */
Test(engaged, rout_and_advance_remove_markers_8_47)
{
	struct session *s = open_game();
	put(s, "r_ha", "1010", "E", true);
	put(s, "r_ha2", "1011", "E", true);
	put(s, "c_hi", "1109", "W", true);
	put(s, "c_hi2", "1110", "W", false);
	shock_segment(s);
	int ci = combat(s, (const char *[]){"r_ha", "r_ha2", NULL},
			(const char *[]){"c_hi", "c_hi2", NULL});
	struct shock_combat *c = &s->game->shock.c[ci];
	U(s, "c_hi")->routed = true; /* it routed (10.2) */
	c->def_gone[0] = true;
	c->att_advanced[0] = true; /* 8.5 */
	cr_expect(shock_step_engaged(s->game));
	cr_expect_not(U(s, "c_hi")->engaged, "it rout moved");
	cr_expect_not(U(s, "r_ha")->engaged, "it advanced");
	cr_expect_str_eq(field_of(last_about(s, "engaged_off", "r_ha"), "why"),
			 "advanced");
	cr_expect(U(s, "r_ha2")->engaged, "it stayed, an enemy stayed");
	cr_expect(U(s, "c_hi2")->engaged, "it stayed, an attacker stayed");
	close_game(s);
}

/* Every defender routed or was eliminated: the attackers' markers come
 * off even though they stayed in place. */
Test(engaged, all_defenders_gone_frees_attackers_8_47)
{
	struct session *s = open_game();
	put(s, "r_ha", "1010", "E", true);
	put(s, "r_ha2", "1011", "E", true);
	put(s, "c_hi", "1109", "W", true);
	put(s, "c_hi2", "1110", "W", true);
	shock_segment(s);
	int ci = combat(s, (const char *[]){"r_ha", "r_ha2", NULL},
			(const char *[]){"c_hi", "c_hi2", NULL});
	struct shock_combat *c = &s->game->shock.c[ci];
	U(s, "c_hi")->routed = true;
	c->def_gone[0] = true;
	ok(s, "setup eliminate c_hi2");
	c->def_gone[1] = true;
	cr_expect(shock_step_engaged(s->game));
	cr_expect_not(U(s, "r_ha")->engaged);
	cr_expect_not(U(s, "r_ha2")->engaged);
	cr_expect_str_eq(field_of(last_about(s, "engaged_off", "r_ha2"), "why"),
			 "defenders_all_left");
	close_game(s);
}

/* Every attacker advanced: the defender that stayed loses its marker. */
Test(engaged, all_attackers_advanced_frees_defenders_8_47)
{
	struct session *s = open_game();
	put(s, "r_ha", "1010", "E", true);
	put(s, "c_hi", "1109", "W", true);
	put(s, "c_hi2", "1110", "W", true);
	shock_segment(s);
	int ci = combat(s, (const char *[]){"r_ha", NULL},
			(const char *[]){"c_hi", "c_hi2", NULL});
	struct shock_combat *c = &s->game->shock.c[ci];
	U(s, "c_hi")->routed = true;
	c->def_gone[0] = true;
	c->att_advanced[0] = true;
	cr_expect(shock_step_engaged(s->game));
	cr_expect_not(U(s, "r_ha")->engaged);
	cr_expect_not(U(s, "c_hi2")->engaged);
	cr_expect_str_eq(field_of(last_about(s, "engaged_off", "c_hi2"), "why"),
			 "attackers_all_left");
	close_game(s);
}

/* 8.53: a phalanx that only pivoted keeps (or gets) its marker. */
Test(engaged, pivoted_phalanx_keeps_marker_8_47_8_53)
{
	struct session *s = open_game();
	put(s, "r_ph", "1010,1011", "E", true);
	put(s, "c_hi", "1110", "W", true);
	shock_segment(s);
	int ci = combat(s, (const char *[]){"r_ph", NULL},
			(const char *[]){"c_hi", NULL});
	struct shock_combat *c = &s->game->shock.c[ci];
	c->att_advanced[0] = true;
	c->att_pivoted[0] = true;
	cr_expect(shock_step_engaged(s->game));
	cr_expect(U(s, "r_ph")->engaged, "a pivot is not an advance here");
	cr_expect(U(s, "c_hi")->engaged);
	/* the same phalanx advancing for real loses it */
	c->att_pivoted[0] = false;
	cr_expect(shock_step_engaged(s->game));
	cr_expect_not(U(s, "r_ph")->engaged);
	cr_expect_not(U(s, "c_hi")->engaged, "no attacker stayed");
	close_game(s);
}

/* A later combat of the segment (a pursuit's follow-up, 8.62) decides
 * for a unit in both: combats are taken in the order fought. */
Test(engaged, followup_combat_counts_8_62_8_47)
{
	struct session *s = open_game();
	put(s, "r_lc", "1010", "E", false);
	put(s, "c_hi", "1109", "W", false);
	put(s, "c_hi2", "1110", "W", false);
	shock_segment(s);
	int ci = combat(s, (const char *[]){"r_lc", NULL},
			(const char *[]){"c_hi", NULL});
	U(s, "c_hi")->routed = true;
	s->game->shock.c[ci].def_gone[0] = true;
	int f = combat(s, (const char *[]){"r_lc", NULL},
		       (const char *[]){"c_hi2", NULL});
	s->game->shock.c[f].pursuit = true;
	s->game->shock.c[f].parent = ci;
	s->game->shock.batch_end = 1; /* the outer batch: the first only */
	cr_expect(shock_step_engaged(s->game));
	cr_expect(U(s, "r_lc")->engaged, "the follow-up left both in place");
	cr_expect(U(s, "c_hi2")->engaged);
	close_game(s);
}

/* ---------------------------------------------------------- 10.43 */

/* A marker with no Engaged enemy about comes off; a chain comes off
 * whole when its last enemy routs. */
Test(engaged, sweep_removes_lonely_markers_10_43)
{
	struct session *s = open_game();
	put(s, "r_ha", "1010", "E", true);
	put(s, "c_hi", "1109", "W", true);
	put(s, "r_ha2", "0505", "E", true); /* no enemy near */
	put(s, "c_bi", "1510", "W", false);
	put(s, "r_li", "1410", "E", true); /* an enemy, not Engaged */
	cr_expect_eq(engaged_sweep(s->game), 2);
	cr_expect_not(U(s, "r_ha2")->engaged);
	cr_expect_not(U(s, "r_li")->engaged, "c_bi is not Engaged");
	cr_expect(U(s, "r_ha")->engaged);
	cr_expect(U(s, "c_hi")->engaged);
	const struct event *e = last_about(s, "engaged_off", "r_li");
	cr_expect_str_eq(field_of(e, "rule"), "10.43");
	cr_expect_str_eq(field_of(e, "why"), "no_engaged_enemy_in_zoc");
	U(s, "c_hi")->routed = true;
	cr_expect_eq(engaged_sweep(s->game), 2);
	cr_expect_not(U(s, "c_hi")->engaged, "a routed unit");
	cr_expect_not(U(s, "r_ha")->engaged, "its only Engaged enemy left");
	close_game(s);
}

/* 10.43 asks both ways: in an Engaged enemy's ZOC is enough, even with
 * no enemy in one's own ZOC. */
Test(engaged, one_way_zoc_holds_both_10_43)
{
	struct session *s = open_game();
	put(s, "r_ha", "1010", "E", true);
	put(s, "c_hi", "1109", "E", true); /* faces away from r_ha */
	cr_expect(engaged_with(s->game, U(s, "r_ha"), U(s, "c_hi")));
	cr_expect_eq(engaged_sweep(s->game), 0);
	cr_expect(U(s, "r_ha")->engaged);
	cr_expect(U(s, "c_hi")->engaged, "it is in r_ha's ZOC");
	close_game(s);
}

/* The check runs when the Shock segment begins (before 10.42). */
Test(engaged, sweep_at_segment_start_10_43)
{
	struct session *s = open_game();
	place(s, "r_ha", 505, FACE_E); /* far from any enemy */
	ok(s, "setup marker r_ha engaged on");
	put(s, "c_hi", "1109", "W", false);
	shock_segment(s);
	cr_expect(engaged_before_designation(s->game));
	cr_expect_not(U(s, "r_ha")->engaged);
	close_game(s);
}

/* ------------------------------------------- 10.41 at designation */

/* Bullet 3 and 7.33's PLAY NOTE: an Engaged, shock-capable unit in the
 * active leader's Command Range must be given Shock No Check; not out of
 * range, not the other side's, not a unit that never shocks. */
Test(engaged, must_shock_in_range_10_41)
{
	struct session *s = open_game();
	put(s, "r_ha", "1010", "E", true);
	put(s, "c_hi", "1109", "W", true);
	put(s, "r_ar", "1111", "NE", true);
	put(s, "c_hi2", "1211", "W", true);
	shock_segment(s);
	struct game *g = s->game;
	cr_expect(engaged_must_shock(g, UI(s, "r_ha")));
	cr_expect_not(engaged_must_shock(g, UI(s, "c_hi")), "the defender");
	cr_expect_not(engaged_must_shock(g, UI(s, "r_ar")),
		      "7.33: archers never shock");
	cr_expect_not(engaged_must_shock(g, UI(s, "r_ha2")), "not Engaged");
	game_leader(g, "consul")->command_range = 2;
	cr_expect_not(engaged_must_shock(g, UI(s, "r_ha")),
		      "out of the active leader's Command Range");
	close_game(s);
}

/* ------------------------------------------------------------ 10.42 */

/* Light cavalry (MA 9) Engaged with heavy infantry (MA 5) is asked; the
 * legal answers are the hexes of bullets 1-3 and standing. */
Test(engaged, light_cavalry_may_retreat_10_42)
{
	struct session *s = open_game();
	put(s, "r_lc", "1010", "E", true);
	put(s, "c_hi", "1109", "W", true);
	put(s, "c_bi", "0809", "E", false); /* its ZOC: 0908, 0909 */
	shock_segment(s);
	struct game *g = s->game;
	cr_expect_not(engaged_before_designation(g), "the question waits");
	cr_expect_eq(g->shock.ask, SHA_ENGAGED);
	cr_expect_eq(g->shock.ask_unit, UI(s, "r_lc"));
	cr_expect_eq(seq_step_now(g), SEQ_SHOCK);
	cr_expect(legal_has(s, "disengage r_lc 1011"));
	cr_expect(legal_has(s, "disengage r_lc 0910"));
	cr_expect(legal_has(s, "disengage r_lc stand"));
	cr_expect_not(legal_has(s, "disengage r_lc 0909"), "enemy ZOC");
	cr_expect_not(legal_has(s, "disengage r_lc 1009"),
		      "adjacent to the unit it is Engaged with");
	refused(s, "disengage r_lc 0909", "10.42");
	refused(s, "disengage r_lc 1009", "10.42");
	refused(s, "disengage r_lc 1110", "10.42");
	refused(s, "disengage r_lc 1109", "10.42"); /* not vacant */
	refused(s, "disengage r_lc 1212", "10.42"); /* not one hex */
	refused(s, "disengage c_hi 1011", "10.42");
	struct out o = ok(s, "disengage r_lc 1011");
	cr_expect(has(&o, "engaged_retreat unit=r_lc from=1010 to=1011"), "%s",
		  o.ev);
	struct unit *u = U(s, "r_lc");
	cr_expect(hex_eq(u->at.hex[0], H(1011)));
	cr_expect_eq(u->at.facing, FACE_E, "it keeps its facing");
	cr_expect_not(u->engaged, "10.43: no Engaged enemy about now");
	cr_expect_not(U(s, "c_hi")->engaged, "10.43 for its enemy too");
	if (shock_under_way(g)) /* the segment may be over already */
		cr_expect_not(engaged_must_shock(g, UI(s, "r_lc")));
	close_game(s);
}

/* Standing instead: the unit keeps its marker and owes Shock No Check. */
Test(engaged, stand_then_shock_no_10_42_10_41)
{
	struct session *s = open_game();
	put(s, "r_lc", "1010", "E", true);
	put(s, "c_hi", "1109", "W", true);
	shock_segment(s);
	struct game *g = s->game;
	cr_expect_not(engaged_before_designation(g));
	struct out o = ok(s, "disengage r_lc stand");
	cr_expect(has(&o, "engaged_stands unit=r_lc"), "%s", o.ev);
	cr_expect(U(s, "r_lc")->engaged);
	cr_expect(hex_eq(U(s, "r_lc")->at.hex[0], H(1010)));
	if (shock_under_way(g)) { /* the segment may be over already */
		cr_expect_eq(g->shock.engaged_answer[UI(s, "r_lc")],
			     ENGAGED_STOOD);
		cr_expect(engaged_must_shock(g, UI(s, "r_lc")));
	}
	refused(s, "disengage r_lc stand", "10.42"); /* not asked now */
	close_game(s);
}

/* Not lower MA: light cavalry Engaged with light cavalry (9 vs 9) is not
 * asked and must shock; heavy infantry never is asked. */
Test(engaged, no_retreat_without_lower_ma_10_42)
{
	struct session *s = open_game();
	put(s, "r_lc", "1010", "E", true);
	put(s, "c_lc", "1109", "W", true);
	put(s, "r_ha", "1013", "E", true);
	put(s, "c_hi", "1112", "W", true);
	shock_segment(s);
	struct game *g = s->game;
	cr_expect(engaged_before_designation(g));
	cr_expect_eq(g->shock.ask, SHA_NONE);
	cr_expect(engaged_must_shock(g, UI(s, "r_lc")));
	cr_expect(engaged_must_shock(g, UI(s, "r_ha")));
	close_game(s);
}

/* A unit that cannot shock (slingers, 7.33) must retreat when it can:
 * standing is refused and not listed. */
Test(engaged, non_shock_unit_must_retreat_10_42)
{
	struct session *s = open_game();
	put(s, "r_sk", "1010", "E", true);
	put(s, "c_hi", "1109", "W", true);
	shock_segment(s);
	struct game *g = s->game;
	cr_expect_not(engaged_before_designation(g));
	cr_expect_eq(g->shock.ask_unit, UI(s, "r_sk"));
	cr_expect_not(legal_has(s, "disengage r_sk stand"));
	refused(s, "disengage r_sk stand", "10.42");
	ok(s, "disengage r_sk 0910");
	cr_expect(hex_eq(U(s, "r_sk")->at.hex[0], H(910)));
	close_game(s);
}

/* Nowhere to go: the slingers stay Engaged (an event says so); light
 * cavalry, shock capable, is not asked and must shock. */
Test(engaged, no_hex_no_question_10_42)
{
	struct session *s = open_game();
	/* 0101 in the corner: its only free neighbours are 0202 (next to
	 * the enemy) and 0102 (a friend there) */
	put(s, "r_sk", "0101", "E", true);
	put(s, "c_hi", "0201", "W", true);
	put(s, "r_ha", "0102", "NE", false);
	shock_segment(s);
	struct game *g = s->game;
	struct hex hs[6];
	cr_expect_eq(engaged_retreat_hexes(g, U(s, "r_sk"), hs), 0);
	cr_expect(engaged_before_designation(g));
	const struct event *e = last_about(s, "engaged_stays", "r_sk");
	cr_assert_not_null(e);
	cr_expect_str_eq(field_of(e, "rule"), "10.42");
	cr_expect(U(s, "r_sk")->engaged);
	close_game(s);
	s = open_game();
	put(s, "r_lc", "0101", "E", true);
	put(s, "c_hi", "0201", "W", true);
	put(s, "r_ha", "0102", "NE", false);
	shock_segment(s);
	cr_expect(engaged_before_designation(s->game));
	cr_expect_eq(s->game->shock.ask, SHA_NONE);
	cr_expect(engaged_must_shock(s->game, UI(s, "r_lc")));
	close_game(s);
}

/* Out of the active leader's range: no question, no Shock No. */
Test(engaged, out_of_range_not_asked_10_42)
{
	struct session *s = open_game();
	put(s, "r_lc", "1010", "E", true);
	put(s, "c_hi", "1109", "W", true);
	game_leader(s->game, "consul")->command_range = 1;
	shock_segment(s);
	cr_expect(engaged_before_designation(s->game));
	cr_expect_eq(s->game->shock.ask, SHA_NONE);
	cr_expect_not(engaged_must_shock(s->game, UI(s, "r_lc")));
	close_game(s);
}

/* `disengage` when no question is owed. */
Test(engaged, disengage_refused_when_not_asked_10_42)
{
	struct session *s = open_game();
	put(s, "r_lc", "1010", "E", true);
	put(s, "c_hi", "1109", "W", true);
	refused(s, "disengage r_lc 1011", "10.42");
	struct out o = run(s, "disengage r_lc");
	cr_expect_eq(o.st, CMD_MALFORMED);
	close_game(s);
}

/* ------------------------------------------------- 10.41 elsewhere */

/* Bullet 1: no order moves or turns an Engaged unit. */
Test(engaged, no_voluntary_move_10_41)
{
	struct session *s = open_game();
	put(s, "r_ha", "1010", "E", true);
	put(s, "c_hi", "1109", "W", true);
	put(s, "r_ha2", "0505", "E", false);
	phase(s, "consul");
	refused(s, "order r_ha", "10.41");
	cr_expect_not(legal_has(s, "order r_ha"));
	struct move m;
	cr_expect_not(move_begin(s->game, U(s, "r_ha"), &m));
	cr_expect_str_eq(m.rule, "10.41");
	ok(s, "order r_ha2");
	close_game(s);
}

/* Bullet 2: an Engaged unit neither fires nor is fired at, by order or in
 * reaction. */
Test(engaged, no_missile_fire_by_or_at_10_41)
{
	struct session *s = open_game();
	put(s, "r_ar", "1010", "E", true);
	put(s, "c_hi", "1109", "W", true);
	put(s, "r_ar2", "1012", "E", false);
	put(s, "c_bi", "1213", "W", false);
	struct game *g = s->game;
	struct fire_check fc;
	cr_expect_not(missile_check(g, UI(s, "r_ar"), WEAPON_MAIN, H(1109),
				    FIRE_OFFENSIVE, &fc));
	cr_expect_str_eq(fc.rule, "10.41");
	cr_expect_not(missile_check(g, UI(s, "r_ar"), WEAPON_MAIN, H(1109),
				    FIRE_ENTRY, &fc));
	cr_expect_str_eq(fc.rule, "10.41");
	cr_expect_not(missile_check(g, UI(s, "r_ar2"), WEAPON_MAIN, H(1109),
				    FIRE_OFFENSIVE, &fc),
		      "the target is Engaged");
	cr_expect_str_eq(fc.rule, "10.41");
	cr_expect(missile_check(g, UI(s, "r_ar2"), WEAPON_MAIN, H(1213),
				FIRE_OFFENSIVE, &fc),
		  "%s (%s)", fc.reason, fc.rule);
	phase(s, "consul");
	refused(s, "order r_ar fire 1109", "10.41");
	close_game(s);
}

/* Bullet 1: no Orderly Withdrawal (6.51) and no facing reaction (7.15)
 * for an Engaged unit.  c_lc holds r_ha in its ZOC (r_ha faces away), so
 * c_lc is in no enemy ZOC: nothing but 10.41 keeps it from withdrawing
 * or turning as r_ha2 comes near, then adjacent. */
Test(engaged, no_reaction_facing_10_41)
{
	for (int engaged = 0; engaged < 2; engaged++) {
		struct session *s = open_game();
		put(s, "c_lc", "1010", "E", engaged);
		put(s, "r_ha", "1109", "E", engaged);
		put(s, "r_ha2", "0811", "NE", false);
		phase(s, "consul");
		struct out o = ok(s, "order r_ha2");
		/* 6.51: the Orderly Withdrawal offer, none when Engaged */
		bool withdraw = has(&o, "withdrawal_offered unit=c_lc");
		cr_expect_eq(withdraw, !engaged, "10.41 and 6.51: %s", o.ev);
		if (withdraw)
			ok(s, "no reaction");
		o = ok(s, "move 0910");
		bool offered = has(&o, "reaction_offer kind=face unit=c_lc");
		if (engaged)
			cr_expect_not(offered, "10.41: %s", o.ev);
		else
			cr_expect(offered, "7.15 without the marker: %s", o.ev);
		close_game(s);
	}
}

/* ------------------------------------------------- the whole segment */

/* Through the sequence of play: the consul's Orders Phase ends; the
 * Shock segment asks the Engaged light cavalry first (10.42), which
 * stands; designation must then include it (10.41 bullet 3, refused
 * otherwise) and the hastati attack by Command Range (7.33).  The light
 * cavalry is shattered (a 5 on column 4 under DS: 9 hits) and routs (off
 * this field: eliminated), so its enemy's marker comes off; the other
 * pair stayed in place, so both become Engaged (8.47 [3]). */
Test(engaged, whole_segment_8_47_10_41_10_42)
{
	struct session *s = open_game();
	put(s, "r_lc", "1010", "E", true);
	put(s, "c_hi", "1109", "W", true);
	put(s, "r_ha", "1013", "E", false);
	put(s, "c_bi", "1112", "W", false);
	phase(s, "consul");
	struct out o = ok(s, "orders done");
	cr_assert(has(&o, "shock_ask ask=disengage side=0 unit=r_lc"), "%s",
		  o.ev);
	cr_expect(legal_has(s, "disengage r_lc stand"));
	o = ok(s, "disengage r_lc stand");
	cr_expect(has(&o, "engaged_stands unit=r_lc"), "%s", o.ev);
	refused(s, "designate done", "10.41");
	ok(s, "designate r_lc c_hi");
	ok(s, "designate r_ha c_bi");
	ok(s, "roll 5 5");
	o = ok(s, "designate done");
	cr_expect(has(&o, "shock_step step=engaged combats=2 rule=10.4"), "%s",
		  o.ev);
	cr_expect(has(&o, "engaged_off unit=c_hi why=attackers_all_left "
			  "rule=8.47"),
		  "%s", o.ev);
	cr_expect(has(&o, "engaged_on unit=r_ha why=both_sides_stayed "
			  "rule=8.47,10.41"),
		  "%s", o.ev);
	cr_expect_not(game_unit_in_play(U(s, "r_lc")));
	cr_expect_not(U(s, "r_lc")->engaged);
	cr_expect_not(U(s, "c_hi")->engaged);
	cr_expect(U(s, "r_ha")->engaged);
	cr_expect(U(s, "c_bi")->engaged);
	close_game(s);
}

/* 10.43 "at any time": a marker whose Engaged enemy has gone binds
 * nothing even before the check removes it, and the check runs when an
 * Orders Phase begins. */
Test(engaged, stale_marker_binds_nothing_10_43)
{
	struct session *s = open_game();
	put(s, "r_ar", "1010", "E", true);
	put(s, "c_hi", "1109", "W", true);
	cr_expect(unit_engaged(s->game, U(s, "r_ar")));
	U(s, "c_hi")->routed = true; /* routed by some other rule */
	cr_expect(U(s, "r_ar")->engaged, "the marker is still on");
	cr_expect_not(unit_engaged(s->game, U(s, "r_ar")));
	struct fire_check fc;
	missile_check(s->game, UI(s, "r_ar"), WEAPON_MAIN, H(1109),
		      FIRE_OFFENSIVE, &fc);
	cr_expect_str_neq(fc.rule, "10.41", "no 10.41 refusal");
	size_t from = s->game->events.n;
	phase(s, "consul");
	cr_expect_not(U(s, "r_ar")->engaged);
	cr_expect_not(U(s, "c_hi")->engaged);
	bool said = false;
	for (size_t i = from; i < s->game->events.n; i++)
		if (strcmp(event_log_kind(&s->game->events, i), "engaged_off") == 0)
			said = true;
	cr_expect(said, "engaged_off at the Orders Phase's start");
	close_game(s);
}
