/* Shock designation (7.33, 8.41) and allocation (8.42), with 5.26's and
 * 5.45's Command Range: on a clear hand-made field (tests/bare_field.h,
 * columns 20-40, rows 00-30, so the rulebook's Cannae hex numbers fit),
 * driving the step and the `designate` command directly. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "bare_field.h"
#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/movement.h"
#include "maniple/shock.h"
#include "maniple/shock_designate.h"

struct fx {
	struct game *g;
	struct session s;
	size_t mark; /* events seen before the latest command */
};

static void fx_open(struct fx *f)
{
	memset(f, 0, sizeof *f);
	session_init(&f->s, NULL, NULL, NULL, 1);
	f->s.checkpoint_every = 1; /* the game changed by hand too */
	f->g = field();
	f->s.game = f->g;
}

static void fx_close(struct fx *f)
{
	session_free(&f->s); /* the game, its battle and the journal */
	f->g = NULL;
}

/* A leader of side `side` at hex with Command Range `range`; made the
 * activated leader. */
static struct leader *chief(struct game *g, const char *id, int side, int hex,
			    int range)
{
	struct leader *l = &g->leaders[g->nleaders++];
	memset(l, 0, sizeof *l);
	game_leader_text(g, l);
	snprintf(l->id, sizeof l->id, "%s", id);
	l->side = side;
	l->kind = LK_GENERAL;
	l->initiative = 5;
	l->command_range = range;
	l->hex = H(hex);
	l->on_map = true;
	l->available = true;
	l->state = LS_ACTIVE;
	g->active_leader = (int)(l - g->leaders);
	return l;
}

static int ix(struct game *g, const char *id)
{
	struct unit *u = game_unit(g, id);
	cr_assert_not_null(u, "no unit %s", id);
	return (int)(u - g->units);
}

/* Starts the Shock segment (3.0 B.2) and runs it to its first decision. */
static void begin(struct fx *f)
{
	f->mark = f->g->events.n;
	shock_segment_begin(f->g);
	shock_run(f->g);
}

static bool saw(struct fx *f, const char *kind, const char *text)
{
	for (size_t i = f->mark; i < f->g->events.n; i++) {
		char buf[512];
		event_log_format(&f->g->events, i, buf, sizeof buf);
		if (strncmp(buf, kind, strlen(kind)) == 0 &&
		    buf[strlen(kind)] == ' ' && strstr(buf, text))
			return true;
	}
	return false;
}

#define SAW(f, k, t) cr_expect(saw(f, k, t), "no event %s ~ %s", k, t)

static struct cmd_result cmd(struct fx *f, const char *line)
{
	struct cmd_result r;
	cmd_result_init(&r);
	f->mark = f->g->events.n;
	session_exec(&f->s, line, &r);
	return r;
}

static void ok(struct fx *f, const char *line)
{
	struct cmd_result r = cmd(f, line);
	cr_expect_eq(r.status, CMD_OK, "%s: refused %s (%s)", line, r.reason,
		     r.rule);
	cmd_result_free(&r);
}

/* line is refused under rule and changes nothing (the state text is the
 * same before and after). */
static void refused(struct fx *f, const char *line, const char *rule)
{
	char *before = game_state_text(f->g);
	struct cmd_result r = cmd(f, line);
	cr_expect_eq(r.status, CMD_REFUSED, "%s: not refused", line);
	cr_expect_str_eq(r.rule, rule, "%s: rule %s (%s)", line, r.rule,
			 r.reason);
	char *after = game_state_text(f->g);
	cr_expect_str_eq(before, after, "%s changed the game", line);
	free(before);
	free(after);
	cmd_result_free(&r);
}

static bool legal_has(struct fx *f, const char *line)
{
	struct decision_answer a[32];
	int n = shock_designate_legal(f->g, a, 32);
	for (int i = 0; i < n; i++)
		if (strcmp(a[i].line, line) == 0)
			return true;
	return false;
}

static bool asking(struct fx *f)
{
	return f->g->shock.step == SHS_DESIGNATE &&
	       f->g->shock.ask == SHA_DESIGNATE;
}

/* ---------------------------------------------------------------- 8.41 */

/* 8.41 with no unit that may or must shock: the step closes at once,
 * nobody is asked. */
Test(shock_designate, empty_segment_closes_at_once_8_41)
{
	struct fx f;
	fx_open(&f);
	chief(f.g, "hanno", 1, 3010, 4);
	put(f.g, "c1", 1, UT_MI, "", 3011, FACE_SE);
	put(f.g, "r1", 0, UT_LG, "HA", 2020, FACE_NW); /* far away */
	begin(&f);
	SAW(&f, "shock_designation", "result=none_may_shock rule=8.41");
	cr_expect(!saw(&f, "shock_ask", "ask=designate"));
	cr_expect_eq(f.g->shock.step, SHS_NONE);
	fx_close(&f);
}

/* 7.33, 8.41: a unit within the activated leader's Command Range, or one
 * given Fire (only) orders, may shock and gets Shock No Check when
 * designated; one with neither may not (7.33).  A unit that fired while
 * moving was not given Fire-only orders. */
Test(shock_designate, shock_no_by_range_or_fire_orders_7_33_8_41)
{
	struct fx f;
	fx_open(&f);
	chief(f.g, "hanno", 1, 3010, 2);
	/* in range: near at 3011 faces SW, r1 in its Front hex 3012 */
	put(f.g, "near", 1, UT_MI, "", 3011, FACE_SW);
	put(f.g, "r1", 0, UT_LG, "HA", 3012, FACE_NE);
	/* out of range (range 2), with and without Fire orders */
	put(f.g, "archer", 1, UT_LP, "", 3020, FACE_SW);
	f.g->units[ix(f.g, "archer")].missile = MC_J;
	put(f.g, "r2", 0, UT_LG, "HA", 3021, FACE_NE);
	put(f.g, "idle", 1, UT_MI, "", 3420, FACE_SW);
	put(f.g, "r3", 0, UT_LG, "HA", 3421, FACE_NE);
	put(f.g, "mover", 1, UT_LP, "", 3620, FACE_SW);
	put(f.g, "r4", 0, UT_LG, "HA", 3621, FACE_NE);
	f.g->fire.fired[ix(f.g, "archer")] = true; /* `order archer fire` */
	f.g->fire.fired[ix(f.g, "mover")] = true;  /* fired while moving */
	f.g->units[ix(f.g, "mover")].moved_phase = true;
	cr_assert(shock_in_zoc(f.g, ix(f.g, "near"), ix(f.g, "r1")));
	begin(&f);
	cr_assert(asking(&f));
	SAW(&f, "shock_designation", "must=- may=near,archer");
	refused(&f, "designate idle r3", "7.33");
	refused(&f, "designate mover r4", "7.33");
	ok(&f, "designate near r1");
	SAW(&f, "shock_marker",
	    "unit=near marker=shock_no_check via=command_range leader=hanno "
	    "rule=8.41");
	ok(&f, "designate archer r2");
	SAW(&f, "shock_marker",
	    "unit=archer marker=shock_no_check "
	    "via=fire_orders rule=8.41");
	cr_expect(f.g->units[ix(f.g, "near")].shock_no);
	cr_expect(f.g->units[ix(f.g, "archer")].shock_no);
	cr_expect(!f.g->units[ix(f.g, "idle")].shock_no);
	cr_expect(!f.g->shock.c[0].must_check && !f.g->shock.c[1].must_check);
	ok(&f, "designate done");
	SAW(&f, "shock_designation_done", "combats=2 rule=8.42");
	cr_expect_eq(f.g->shock.ask, SHA_NONE);
	cr_expect_eq(f.g->shock.sub, 1);
	fx_close(&f);
}

/* 7.33 bullets, 6.75, 8.63: never shock — skirmishers, scorpios, LI
 * archers, LC archers, routed units, units In Column, cavalry back from
 * pursuit — even in the leader's range with an enemy in their ZOC. */
Test(shock_designate, never_shock_exceptions_7_33)
{
	struct fx f;
	fx_open(&f);
	chief(f.g, "hanno", 1, 3010, 8);
	static const struct {
		const char *id, *enemy;
		int hex;
		const char *rule;
	} no[] = {
		{"sk", "e1", 2414, "7.33"},  {"sc", "e2", 2614, "7.33"},
		{"lia", "e3", 2814, "7.33"}, {"lca", "e4", 3014, "7.33"},
		{"rt", "e5", 3214, "7.33"},  {"col", "e6", 3414, "6.75"},
		{"pu", "e7", 3614, "8.63"},
	};
	for (int i = 0; i < 7; i++) {
		put(f.g, no[i].id, 1, UT_MI, "", no[i].hex, FACE_SW);
		put(f.g, no[i].enemy, 0, UT_LG, "HA", no[i].hex + 1, FACE_NE);
	}
	f.g->units[ix(f.g, "sk")].type = UT_SK;
	f.g->units[ix(f.g, "sk")].missile = MC_S;
	f.g->units[ix(f.g, "sc")].type = UT_AT;
	f.g->units[ix(f.g, "lia")].type = UT_LI;
	f.g->units[ix(f.g, "lia")].missile = MC_A;
	f.g->units[ix(f.g, "lca")].type = UT_LC;
	f.g->units[ix(f.g, "lca")].missile = MC_MA;
	f.g->units[ix(f.g, "rt")].routed = true;
	f.g->units[ix(f.g, "col")].at.in_column = true;
	f.g->units[ix(f.g, "col")].at.facing = SIDE_S;
	f.g->units[ix(f.g, "pu")].type = UT_HC;
	f.g->units[ix(f.g, "pu")].pursuit = true;
	/* one that may, so that the step asks */
	put(f.g, "ok1", 1, UT_MI, "", 3011, FACE_SW);
	put(f.g, "e0", 0, UT_LG, "HA", 3012, FACE_NE);
	begin(&f);
	cr_assert(asking(&f));
	SAW(&f, "shock_designation", "must=- may=ok1 ");
	for (int i = 0; i < 7; i++) {
		char line[64];
		snprintf(line, sizeof line, "designate %s %s", no[i].id,
			 no[i].enemy);
		refused(&f, line, no[i].rule);
		cr_expect(!f.g->units[ix(f.g, no[i].id)].shock_no);
	}
	fx_close(&f);
}

/* ---------------------------------------------------------------- 8.42 */

/* 7.31, 8.41, 8.42: a unit with Shock Must Check must be in a combat;
 * each 8.42 restriction is a refusal that changes nothing. */
Test(shock_designate, restrictions_are_refusals_8_42)
{
	struct fx f;
	fx_open(&f);
	chief(f.g, "hanno", 1, 2010, 1); /* nobody in range */
	/* m1 moved and must shock; facing SW its Front hexes are 2515 (S)
	 * and 2415 (WSW), holding r1 and r2 */
	put(f.g, "m1", 1, UT_MI, "", 2514, FACE_SW);
	f.g->units[ix(f.g, "m1")].shock_must = true;
	f.g->units[ix(f.g, "m1")].moved_phase = true;
	put(f.g, "r1", 0, UT_LG, "HA", 2515, FACE_NE);
	put(f.g, "r2", 0, UT_LG, "PR", 2415, FACE_NE);
	put(f.g, "far", 0, UT_LG, "PR", 2820, FACE_NE);
	put(f.g, "m2", 1, UT_MI, "", 2714, FACE_SW);
	f.g->units[ix(f.g, "m2")].shock_must = true;
	put(f.g, "r3", 0, UT_LG, "TR", 2715, FACE_NE);
	cr_assert(shock_in_zoc(f.g, ix(f.g, "m1"), ix(f.g, "r1")));
	cr_assert(shock_in_zoc(f.g, ix(f.g, "m1"), ix(f.g, "r2")));
	begin(&f);
	cr_assert(asking(&f));
	SAW(&f, "shock_designation", "must=m1,m2 may=-");
	cr_expect(legal_has(&f, "designate m1 r1,r2"));
	cr_expect(legal_has(&f, "designate m2 r3"));
	cr_expect(!legal_has(&f, "designate done"));
	/* 8.41: a Shock Must Check unit in no combat */
	refused(&f, "designate done", "8.41");
	/* 8.42 bullet 3: every defender in every attacker's ZOC */
	refused(&f, "designate m1 far", "8.42");
	refused(&f, "designate m1,m2 r1", "8.42");
	/* the wrong sides, unknown units, malformed */
	refused(&f, "designate r1 m1", "8.41");
	refused(&f, "designate m1 nobody", "8.42");
	refused(&f, "designate m1,m1 r1", "8.42");
	ok(&f, "designate m1 r1");
	SAW(&f, "shock_designated",
	    "combat=0 att=m1 def=r1 must_check=1 rule=8.42");
	cr_expect(f.g->shock.c[0].att_moved);
	cr_expect(!f.g->units[ix(f.g, "m1")].shock_no); /* has Must */
	/* 8.42 bullet 1: a unit attacks once */
	refused(&f, "designate m1 r2", "8.42");
	/* 8.42 bullet 2: a defender is attacked once (m2 names r3 with r1,
	 * which combat 0 defends) */
	refused(&f, "designate m2 r3,r1", "8.42");
	put(f.g, "r4", 0, UT_LG, "PR", 2615, FACE_NE);
	cr_assert(shock_in_zoc(f.g, ix(f.g, "m2"), ix(f.g, "r4")));
	ok(&f, "designate m2 r3,r4");
	/* 8.42 first sentence: m1 attacks, so r2 in its ZOC must be
	 * attacked by somebody */
	refused(&f, "designate done", "8.42");
	ok(&f, "designate cancel 0");
	SAW(&f, "shock_cancelled", "combat=0 rule=8.42");
	cr_expect_eq(f.g->shock.ncombats, 1);
	cr_expect(!f.g->shock.attacked[ix(f.g, "m1")]);
	cr_expect(!f.g->shock.defended[ix(f.g, "r1")]);
	/* the slot given up is empty, as the slots past the count are
	 * (digest.c reads them as empty) */
	static const struct shock_combat empty;
	cr_expect_eq(memcmp(&f.g->shock.c[1], &empty, sizeof empty), 0);
	refused(&f, "designate cancel 5", "8.42");
	ok(&f, "designate m1 r1,r2");
	cr_expect(legal_has(&f, "designate done"));
	ok(&f, "designate done");
	cr_expect_eq(f.g->shock.sub, 1);
	refused(&f, "designate done", "8.41"); /* no longer owed */
	fx_close(&f);
}

/* 8.42 EXAMPLE #1 (Cannae): a phalanx in 3722/3822 facing NW has velites
 * in its three front hexes 3622/3721/3821: it must attack all three as
 * one combat.  With a Celtic unit at 3920 whose ZOC holds 3821 and which
 * has a Shock marker, the Celts may take the velites in 3821 and the
 * phalanx attacks only the other two. */
static void cannae1(struct fx *f, bool celt_marker)
{
	fx_open(f);
	chief(f->g, "hasdrubal", 1, 4025, 1); /* nobody in his range */
	struct unit *ph = put(f->g, "ph", 1, UT_PH, "", 3722, FACE_NW);
	game_unit_set_hex(f->g, ph, 1, H(3822));
	ph->shock_must = true;
	ph->moved_phase = true;
	put(f->g, "v1", 0, UT_LI, "VE", 3622, FACE_SE);
	put(f->g, "v2", 0, UT_LI, "VE", 3721, FACE_SE);
	put(f->g, "v3", 0, UT_LI, "VE", 3821, FACE_SE);
	for (int k = 0; k < 3; k++)
		f->g->units[f->g->nunits - 1 - k].missile = MC_J;
	struct unit *celt = put(f->g, "celt", 1, UT_BI, "", 3920, FACE_W);
	celt->shock_must = celt_marker;
	begin(f);
}

Test(shock_designate, cannae_example_1_8_42)
{
	struct fx f;
	cannae1(&f, false);
	cr_assert(asking(&f));
	/* the Celts without a marker and out of range sit it out */
	SAW(&f, "shock_designation", "must=ph may=-");
	refused(&f, "designate celt v3", "7.33");
	cr_expect(legal_has(&f, "designate ph v1,v2,v3"));
	/* all three or nothing */
	ok(&f, "designate ph v1,v2");
	refused(&f, "designate done", "8.42");
	ok(&f, "designate cancel 0");
	ok(&f, "designate ph v1,v2,v3");
	SAW(&f, "shock_designated", "att=ph def=v1,v2,v3 must_check=1");
	ok(&f, "designate done");
	fx_close(&f);

	cannae1(&f, true);
	SAW(&f, "shock_designation", "must=ph,celt");
	ok(&f, "designate celt v3");
	/* the phalanx takes the other two: v3 is attacked by a friend */
	refused(&f, "designate ph v1,v2,v3", "8.42");
	cr_expect(legal_has(&f, "designate ph v1,v2"));
	ok(&f, "designate ph v1,v2");
	ok(&f, "designate done");
	cr_expect_eq(f.g->shock.ncombats, 2);
	cr_expect_eq(f.g->shock.c[1].ndef, 2);
	fx_close(&f);
}

/* 8.42 EXAMPLE #2 (Cannae): Roman cavalry moved to 2419 (Shock Must
 * Check) next to Balearic slingers in 2518; hastati in 2618, in the
 * consul's range, may join the attack or sit it out. */
static void cannae2(struct fx *f)
{
	fx_open(f);
	chief(f->g, "varro", 0, 2718, 2);
	struct unit *rc = put(f->g, "rc", 0, UT_RC, "", 2419, FACE_E);
	rc->shock_must = true;
	rc->moved_phase = true;
	put(f->g, "ha", 0, UT_LG, "HA", 2618, FACE_W);
	struct unit *bs = put(f->g, "bs", 1, UT_SK, "BS", 2518, FACE_NE);
	bs->missile = MC_BS;
	begin(f);
}

Test(shock_designate, cannae_example_2_8_42)
{
	struct fx f;
	cannae2(&f);
	cr_assert(asking(&f));
	SAW(&f, "shock_designation", "leader=varro must=rc may=ha");
	refused(&f, "designate done", "8.41"); /* the cavalry must */
	ok(&f, "designate rc,ha bs");
	SAW(&f, "shock_designated", "att=rc,ha def=bs must_check=1");
	SAW(&f, "shock_marker",
	    "unit=ha marker=shock_no_check "
	    "via=command_range");
	cr_expect(f.g->units[ix(f.g, "ha")].shock_no);
	ok(&f, "designate done");
	fx_close(&f);

	/* or the hastati sit by and watch */
	cannae2(&f);
	ok(&f, "designate rc bs");
	ok(&f, "designate done");
	cr_expect(!f.g->units[ix(f.g, "ha")].shock_no);
	cr_expect(!f.g->shock.attacked[ix(f.g, "ha")]);
	fx_close(&f);

	/* or the hastati join the cavalry's combat afterwards: naming the
	 * same defenders joins it (a defender is attacked once) */
	cannae2(&f);
	ok(&f, "designate rc bs");
	f.g->units[ix(f.g, "ha")].shock_must = true; /* as if it had moved */
	cr_expect(legal_has(&f, "designate ha bs"));
	refused(&f, "designate done", "8.41");
	f.g->units[ix(f.g, "ha")].shock_must = false;
	ok(&f, "designate ha bs");
	SAW(&f, "shock_designated", "combat=0 att=rc,ha def=bs joined=yes");
	cr_expect_eq(f.g->shock.ncombats, 1);
	/* and a cancel takes the hastati's marker back */
	ok(&f, "designate cancel 0");
	cr_expect(!f.g->units[ix(f.g, "ha")].shock_no);
	fx_close(&f);
}

/* 8.42 last bullet: stacked units shock the same hex: naming one unit of
 * a stack brings in its mate when the mate may shock. */
Test(shock_designate, stacked_units_attack_together_8_42)
{
	struct fx f;
	fx_open(&f);
	chief(f.g, "varro", 0, 2718, 3);
	put(f.g, "ha", 0, UT_LG, "HA", 2618, FACE_W);
	struct unit *ve = put(f.g, "ve", 0, UT_LI, "VE", 2618, FACE_W);
	ve->missile = MC_J;
	put(f.g, "c1", 1, UT_MI, "", 2518, FACE_E);
	begin(&f);
	cr_assert(asking(&f));
	ok(&f, "designate ha c1");
	SAW(&f, "shock_designated", "att=ha,ve def=c1");
	cr_expect(f.g->shock.attacked[ix(f.g, "ve")]);
	fx_close(&f);
}

/* ----------------------------------------------------- 5.26 and 5.45 */

/* 5.26 (its Hanno example): Hanno is activated in an enemy ZOC and gives
 * no orders, but his Command Range still designates units for Shock,
 * which get Shock No Check. */
Test(shock_designate, leader_in_enemy_zoc_lends_his_range_5_26)
{
	struct fx f;
	fx_open(&f);
	chief(f.g, "hanno", 1, 3010, 3);
	put(f.g, "rz", 0, UT_LG, "HA", 3009, FACE_SE); /* ZOC on Hanno */
	put(f.g, "c1", 1, UT_MI, "", 3012, FACE_SE);
	put(f.g, "r1", 0, UT_LG, "HA", 3013, FACE_NE);
	cr_assert(zoc_enemy_in(f.g, 1, H(3010)));
	cr_assert(shock_in_zoc(f.g, ix(f.g, "c1"), ix(f.g, "r1")));
	begin(&f);
	cr_assert(asking(&f));
	cr_expect(f.g->shock.range_leaders & 1ULL);
	ok(&f, "designate c1 r1");
	SAW(&f, "shock_marker",
	    "unit=c1 marker=shock_no_check "
	    "via=command_range leader=hanno");
	fx_close(&f);
}

/* 5.45: a leader who trumped and gave no order must use his Command
 * Range to bring on a shock: `designate done` is refused until a
 * combat is designated through it. */
Test(shock_designate, trumper_brings_on_shock_5_45)
{
	struct fx f;
	fx_open(&f);
	struct leader *l = chief(f.g, "maharbal", 1, 3010, 3);
	f.g->seq.started_turn = f.g->turn; /* the sequence is under way */
	f.g->seq.trumper = (int)(l - f.g->leaders);
	f.g->seq.orders_given = 0;
	put(f.g, "c1", 1, UT_HC, "", 3012, FACE_SE);
	put(f.g, "r1", 0, UT_LG, "HA", 3013, FACE_NE);
	cr_expect(shock_designate_range_useful(f.g));
	cr_expect(shock_designate_trumper_owes(f.g));
	begin(&f);
	cr_assert(asking(&f));
	cr_expect(!legal_has(&f, "designate done"));
	cr_expect(legal_has(&f, "designate c1 r1"));
	refused(&f, "designate done", "5.45");
	ok(&f, "designate c1 r1");
	ok(&f, "designate done");
	fx_close(&f);

	/* with an order given he owes nothing */
	fx_open(&f);
	l = chief(f.g, "maharbal", 1, 3010, 3);
	f.g->seq.started_turn = f.g->turn; /* the sequence is under way */
	f.g->seq.trumper = (int)(l - f.g->leaders);
	f.g->seq.orders_given = 1;
	put(f.g, "c1", 1, UT_HC, "", 3012, FACE_SE);
	put(f.g, "r1", 0, UT_LG, "HA", 3013, FACE_NE);
	begin(&f);
	ok(&f, "designate done");
	fx_close(&f);
}

/* 8.4: `show shock` looks and changes nothing. */
Test(shock_designate, show_shock_looks)
{
	struct fx f;
	cannae2(&f);
	ok(&f, "designate rc bs");
	char *before = game_state_text(f.g);
	struct cmd_result r = cmd(&f, "show shock");
	cr_expect_eq(r.status, CMD_OK);
	char buf[512];
	bool combat = false, may = false;
	for (size_t i = 0; i < r.out.n; i++) {
		event_log_format(&r.out, i, buf, sizeof buf);
		combat = combat || strstr(buf, "shock_combat combat=0 att=rc "
					       "def=bs pre_shock_check=yes");
		may = may || strstr(buf, "shock_may unit=ha "
					 "via=command_range must=no");
	}
	cr_expect(combat && may);
	cmd_result_free(&r);
	char *after = game_state_text(f.g);
	cr_expect_str_eq(before, after);
	free(before);
	free(after);
	fx_close(&f);
}
