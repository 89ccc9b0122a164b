/* test_leader_elephant.c — Leader Elephants (SPQR 4.81-4.85) on the
 * all-clear fixture map with the SPQR tables and forced dice.  The
 * Leader Casualty Table (rules/spqr/leader_casualty.ini): 0-6 finished,
 * 7 and 8 wounded, 9 killed.  10.13's exception is tested with the other
 * sharing rules in test_shock_resolve.c. */
#include <criterion/criterion.h>
#include <string.h>

#include "maniple/game.h"
#include "maniple/leader_elephant.h"
#include "maniple/missile.h"
#include "maniple/movement.h"
#include "maniple/rout.h"
#include "maniple/shock.h"
#include "maniple/shock_advance.h"
#include "maniple/shock_designate.h"
#include "maniple/stacking.h"
#include "move_fixture.h"
#include "maniple/cmd.h"
#include "maniple/map.h"
#include "maniple/orders.h"
#include "maniple/reactions.h"
#include "maniple/sequence.h"
#include "session_play.h"
#include "changed_tables.h"
#include "spqr_tables.h"
#include "fixture.h"

static void force(struct game *g, int die)
{
	cr_assert(dice_force(&g->dice, die));
}

static const char *val(const struct event *e, const char *k)
{
	cr_assert_not_null(e);
	const char *v = event_get(e, k);
	return v ? v : "";
}

static int idx(const struct game *g, const struct unit *u)
{
	return (int)(u - g->units);
}

static int lidx(const struct game *g, const struct leader *l)
{
	return (int)(l - g->leaders);
}

/* Hannibal (side 1) on his elephant in hex h: EL, Size 1, TQ 6, printed
 * MA 5 (the leader's 9 is what counts, 4.81). */
static struct unit *mount(struct game *g, const char *h, enum facing f,
			  struct leader **rider)
{
	struct unit *u = fx_unit(g, "hel", 1, UT_EL, fx_hex(h), f, 5);
	u->size = 1;
	u->leader_elephant = "hannibal";
	struct leader *l = fx_leader(g, "hannibal", 1, fx_hex(h));
	if (rider)
		*rider = l;
	return u;
}

static int rolls_for(const struct game *g, const char *what)
{
	int n = 0;
	for (size_t i = 0; i < g->events.n; i++)
		if (strcmp(event_log_kind(&g->events, i), "roll") == 0) {
			const char *f = event_log_get(&g->events, i, "for");
			if (f && strcmp(f, what) == 0)
				n++;
		}
	return n;
}

/* ------------------------------------------------------------- 4.81 */

/* 4.81, 6.15: MA 9 whatever the counter says, Elephant costs (woods 2
 * MP), and 4.83: no hits from the woods an elephant would take 1 in. */
Test(leader_elephant, leader_movement_ma_9_elephant_costs_4_81)
{
	struct game *g = fx_field();
	struct leader *l;
	struct unit *u = mount(g, "3015", FACE_NE, &l);
	fx_terrain(g, fx_hex("3014"), TERRAIN_WOODS);
	struct move m;
	cr_assert(move_begin(g, u, &m));
	cr_assert_eq(m.ma, leader_ma(g));
	cr_assert_eq(m.ma, 9);
	struct move_cost c =
		move_hex_entry_cost(g, u, fx_hex("3015"), fx_hex("3014"));
	cr_assert_eq(c.mp, 2);
	cr_assert_eq(c.hits, 0, "4.83: no cohesion hits from moving");
	cr_assert(move_apply_step(g, &m, fx_hex("3014")));
	cr_assert(move_apply_step(g, &m, fx_hex("3013")));
	move_end(g, &m);
	cr_assert_eq(u->hits, 0);
	cr_assert_eq(m.mp_spent, 3);
	/* 4.82: the leader rides along */
	cr_assert(hex_eq(l->hex, fx_hex("3013")));
	/* the same elephant without a rider pays its hit in the woods */
	struct unit *plain = fx_unit(g, "el", 1, UT_EL, fx_hex("3115"),
				     FACE_NE, 5);
	c = move_hex_entry_cost(g, plain, fx_hex("3015"), fx_hex("3014"));
	cr_assert_eq(c.hits, 1);
	game_free(g);
}

/* ------------------------------------------------------------- 4.82 */

/* 4.82: the leader does not move off his elephant; it carries him */
Test(leader_elephant, leader_stays_with_his_elephant_4_82)
{
	struct game *g = fx_field();
	struct leader *l;
	struct unit *u = mount(g, "3015", FACE_NE, &l);
	struct move m;
	cr_assert_not(move_begin_leader(g, l, false, &m));
	cr_assert_str_eq(m.rule, "4.82");
	cr_assert_eq(leader_elephant_of(g, lidx(g, l)), idx(g, u));
	cr_assert_eq(leader_elephant_rider(g, u), lidx(g, l));
	/* moved by other means (a withdrawal, a retreat): he goes along */
	game_unit_set_hex(g, u, 0, fx_hex("3017"));
	leader_elephant_carry(g, u);
	cr_assert(hex_eq(l->hex, fx_hex("3017")));
	cr_assert_str_eq(val(fx_event(g, 0, "leader_rides"), "rule"), "4.82");
	game_free(g);
}

/* 4.82: the elephant eliminated, the leader checks for a casualty (4.73:
 * a 0, then the table); die 0 then 3 (finished): he lives and is an
 * ordinary leader from then on */
Test(leader_elephant, elephant_eliminated_leader_lives_4_82)
{
	struct game *g = fx_field();
	struct leader *l;
	struct unit *u = mount(g, "3015", FACE_NE, &l);
	size_t from = g->events.n;
	force(g, 0);
	force(g, 3);
	unit_eliminate(g, u, "10.24");
	cr_assert_str_eq(val(fx_event(g, from, "leader_elephant_lost"),
			     "leader"),
			 "hannibal");
	const struct event *c = fx_event(g, from, "leader_casualty");
	cr_assert_str_eq(val(c, "by"), "4.82");
	cr_assert_str_eq(val(c, "die"), "3");
	cr_assert_not(l->killed);
	cr_assert_str_eq(val(fx_event(g, from, "leader_unhorsed"), "rule"),
			 "4.82");
	cr_assert_eq(leader_elephant_of(g, lidx(g, l)), -1);
	struct move m;
	cr_assert(move_begin_leader(g, l, false, &m), "%s",
		  m.refusal ? m.refusal : "");
	/* 11.1: the leader elephant is worth no rout points */
	cr_assert_str_eq(val(fx_event(g, from, "eliminated"), "rp"), "0");
	game_free(g);
}

/* 4.82: the casualty check kills him (0, then 9 on the table); no grief
 * roll follows, the elephant being gone already.  A 1-9 on the first die:
 * no casualty, no table. */
Test(leader_elephant, elephant_eliminated_leader_killed_4_82)
{
	struct game *g = fx_field();
	struct leader *l;
	struct unit *u = mount(g, "3015", FACE_NE, &l);
	force(g, 0);
	force(g, 9);
	unit_eliminate(g, u, "10.24");
	cr_assert(l->killed);
	cr_assert_null(fx_event(g, 0, "leader_unhorsed"));
	cr_assert_eq(rolls_for(g, "leader_elephant_grief"), 0);
	game_free(g);

	g = fx_field();
	u = mount(g, "3015", FACE_NE, &l);
	force(g, 5);
	unit_eliminate(g, u, "10.24");
	cr_assert_not(l->killed);
	cr_assert_null(fx_event(g, 0, "leader_casualty"));
	cr_assert_str_eq(val(fx_event(g, 0, "leader_hit"), "casualty"), "no");
	cr_assert_not_null(fx_event(g, 0, "leader_unhorsed"));
	game_free(g);
}

/* ------------------------------------------------------------- 4.83 */

/* 4.83: it never attacks: the Shock designation refuses it by 4.83 */
Test(leader_elephant, never_attacks_4_83)
{
	struct game *g = fx_field();
	struct unit *u = mount(g, "3015", FACE_NE, NULL);
	fx_unit(g, "foe", 0, UT_HI, fx_hex("3014"), FACE_SE, 5);
	g->shock.attacker = 1;
	const char *rule = NULL, *why = NULL;
	cr_assert_eq(shock_claim_of(g, idx(g, u), &rule, &why), SC_NONE);
	cr_assert_str_eq(rule, "4.83");
	cr_assert_not(unit_can_shock(g, u));
	game_free(g);
}

/* 4.83: no ZOC: an enemy next to it is not in an enemy ZOC, and no 6.13
 * hit for a second move in the turn */
Test(leader_elephant, no_zoc_no_second_move_hit_4_83)
{
	struct game *g = fx_field();
	struct unit *u = mount(g, "3015", FACE_NE, NULL);
	/* its front away from the elephant, so only the elephant's ZOC
	 * could reach it */
	struct unit *foe = fx_unit(g, "foe", 0, UT_HI, fx_hex("3014"),
				   FACE_NW, 5);
	cr_assert_not(unit_in_enemy_zoc(g, foe));
	u->moved_turn = true; /* moved in an earlier Orders Phase */
	struct move m;
	cr_assert(move_begin(g, u, &m));
	cr_assert(facing_change_apply(g, &m, FACE_SE)); /* 6.32: front */
	cr_assert(move_apply_step(g, &m, fx_hex("3016")));
	cr_assert_eq(m.mp_spent, 1, "free turn, 1 MP into clear");
	move_end(g, &m);
	cr_assert_eq(u->hits, 0);
	game_free(g);
}

/* 4.83, 4.71: in an enemy ZOC it leaves only with its leader, on the
 * OC's orders: the move does not start free to leave */
Test(leader_elephant, leaves_enemy_zoc_with_its_leader_4_83)
{
	struct game *g = fx_field();
	struct unit *u = mount(g, "3015", FACE_NE, NULL);
	fx_unit(g, "foe", 0, UT_HI, fx_hex("3014"), FACE_SE, 5);
	struct move m;
	cr_assert(move_begin(g, u, &m));
	cr_assert(m.began_in_zoc);
	cr_assert_not(m.may_leave_zoc);
	game_free(g);
}

/* ------------------------------------------------------------- 4.84 */

/* 4.84: Hannibal killed in combat (8.44 casualty: 0 then 9 on the
 * table); grief roll 4 (0-6): the elephant is simply removed */
Test(leader_elephant, grief_roll_0_6_removed_4_84)
{
	struct game *g = fx_field();
	struct leader *l;
	struct unit *u = mount(g, "3015", FACE_NE, &l);
	force(g, 9); /* Leader Casualty Table: killed */
	force(g, 4); /* grief */
	leader_casualty_check(g, lidx(g, l), "8.44");
	cr_assert(l->killed);
	const struct event *e = fx_event(g, 0, "leader_elephant_grief");
	cr_assert_str_eq(val(e, "result"), "removed");
	cr_assert_str_eq(val(e, "rule"), "4.84");
	cr_assert(u->eliminated);
	cr_assert_str_eq(val(fx_event(g, 0, "eliminated"), "cause"), "4.84");
	cr_assert_null(fx_event(g, 0, "rampage"));
	game_free(g);
}

/* 4.84: killed by missile fire (8.19), grief roll 8 (7-9): it rampages
 * (9.14), first roll 1 (N), then 9: a leader elephant's mahout rallies
 * it */
Test(leader_elephant, grief_roll_7_9_rampages_4_84)
{
	struct game *g = fx_field();
	struct leader *l;
	struct unit *u = mount(g, "3015", FACE_NE, &l);
	fx_unit(g, "foe", 0, UT_HI, fx_hex("3019"), FACE_NE, 5);
	force(g, 9); /* killed */
	force(g, 8); /* grief: rampage */
	force(g, 1); /* rampage: N */
	force(g, 9); /* second roll 7-9 */
	leader_casualty_check(g, lidx(g, l), "8.19");
	cr_assert(l->killed);
	const struct event *e = fx_event(g, 0, "leader_elephant_grief");
	cr_assert_str_eq(val(e, "result"), "rampage");
	cr_assert_str_eq(val(e, "die"), "8");
	cr_assert_str_eq(val(fx_event(g, 0, "rampage"), "cause"), "4.84");
	cr_assert_str_eq(val(fx_event(g, 0, "rampage_moved"), "to"), "3012");
	cr_assert_eq(rolls_for(g, "leader_elephant_grief"), 1);
	cr_assert_not(u->eliminated);
	game_free(g);
}

/* 4.84: a wound that does not kill makes no grief roll */
Test(leader_elephant, no_grief_roll_when_he_lives_4_84)
{
	struct game *g = fx_field();
	struct leader *l;
	mount(g, "3015", FACE_NE, &l);
	force(g, 7); /* wounded */
	leader_casualty_check(g, lidx(g, l), "8.44");
	cr_assert_not(l->killed);
	cr_assert_eq(rolls_for(g, "leader_elephant_grief"), 0);
	game_free(g);
}

/* ------------------------------------------------------------- 4.85 */

/* 4.85: entering an infantry unit's hex, it takes that unit's facing, at
 * no cost; the stack does not count against 6.61 */
Test(leader_elephant, stacks_and_assumes_facing_4_85)
{
	struct game *g = fx_field();
	struct leader *l;
	struct unit *u = mount(g, "3015", FACE_NE, &l);
	struct unit *hi = fx_unit(g, "hi", 1, UT_HI, fx_hex("3014"), FACE_SW,
				  5);
	struct move m;
	cr_assert(move_begin(g, u, &m));
	cr_assert(move_apply_step(g, &m, fx_hex("3014")));
	move_end(g, &m);
	cr_assert_eq(u->at.facing, FACE_SW);
	const struct event *e = fx_event(g, 0, "facing_assumed");
	cr_assert_str_eq(val(e, "as"), "hi");
	cr_assert_str_eq(val(e, "rule"), "4.85");
	cr_assert_eq(u->hits, 0);
	cr_assert_eq(hi->hits, 0);
	/* the infantry turns: the elephant follows when its move ends */
	struct move m2;
	cr_assert(move_begin(g, hi, &m2));
	cr_assert(facing_change_apply(g, &m2, FACE_SE));
	move_end(g, &m2);
	cr_assert_eq(u->at.facing, FACE_SE);
	game_free(g);
}

/* 4.85, 6.15: alone, it changes facing at no cost */
Test(leader_elephant, free_facing_changes_4_85)
{
	struct game *g = fx_field();
	struct unit *u = mount(g, "3015", FACE_NE, NULL);
	struct move_step s;
	cr_assert(unit_facing_change_cost(g, u, FACE_SW, &s));
	cr_assert_eq(s.vertices, 3);
	cr_assert_eq(s.cost.mp, 0);
	cr_assert_eq(s.cost.hits, 0);
	game_free(g);
}

/* 4.85: never with cavalry */
Test(leader_elephant, not_with_cavalry_4_85)
{
	struct game *g = fx_field();
	struct unit *u = mount(g, "3015", FACE_NE, NULL);
	fx_unit(g, "hc", 1, UT_HC, fx_hex("3014"), FACE_NE, 5);
	struct move m;
	cr_assert(move_begin(g, u, &m));
	struct move_step s;
	cr_assert_not(move_check_step(g, &m, fx_hex("3014"), &s));
	cr_assert_str_eq(s.rule, "4.85");
	game_free(g);
}

/* ------------------------------------------ 4.81, 4.83 through orders */

/* A 20x20 clear field: Hannibal (OC, Initiative 5) on his elephant at
 * 1010 facing E, African infantry at 905, Scipio's army far off. */
static struct battle *loader(void *user, const char *name,
			     struct ini_error *err)
{
	(void)user;
	if (strcmp(name, "hel") != 0) {
		memset(err, 0, sizeof *err);
		snprintf(err->msg, sizeof err->msg, "no battle %s", name);
		return NULL;
	}
	struct battle *b = fx_empty_battle("hel", "Hannibal's elephant", 20, 20,
					   "carthage", "rome");
	const struct {
		const char *id;
		int side, hex, ini;
	} ls[] = {{"hannibal", 0, 1010, 5}, {"scipio", 1, 1820, 5}};
	for (size_t k = 0; k < 2; k++) {
		struct leader *l = &b->leaders[b->nleaders++];
		snprintf(l->id, sizeof l->id, "%s", ls[k].id);
		l->side = ls[k].side;
		l->kind = LK_GENERAL;
		l->initiative = ls[k].ini;
		l->command_range = 8;
		l->line_command = 1;
		l->strategy = 3;
		l->overall = true;
		l->hex = H(ls[k].hex);
		l->on_map = true;
		l->available = true;
	}
	const struct {
		const char *id;
		int side;
		enum unit_type t;
		int size, hex, facing;
	} us[] = {{"hel", 0, UT_EL, 1, 1010, FACE_E},
		  {"hi", 0, UT_HI, 6, 905, FACE_E},
		  {"bi", 1, UT_HI, 6, 1820, FACE_W}};
	for (size_t k = 0; k < 3; k++) {
		struct unit *u = &b->units[b->nunits++];
		snprintf(b->unit_text[u - b->units].id, ID_MAX, "%s", us[k].id);
		u->side = us[k].side;
		u->type = us[k].t;
		u->size = us[k].size;
		u->tq = 6;
		u->ma = 5;
		u->at.hex[0] = H(us[k].hex);
		u->at.hex[1] = HEX_NONE;
		u->at.facing = us[k].facing;
		u->on_map = true;
		if (us[k].t == UT_EL) {
			u->elephant = ELEPHANT_AFRICAN;
			u->leader_elephant = "hannibal";
		}
	}
	return b;
}

static struct session *open_hel(void)
{
	struct session *s = calloc(1, sizeof *s);
	cr_assert_not_null(s);
	session_init(s, loader, spqr_tables_loader, NULL, 1);
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(s, "new hel sandbox 7", &r);
	cr_assert_eq(r.status, CMD_OK, "%s", r.reason);
	cmd_result_free(&r);
	return s;
}

/* 4.81, 4.83, 6.14: ordering Hannibal moves his elephant with his 9 MP,
 * over two moves in the phase; the elephant takes no order of its own */
Test(leader_elephant, moves_by_the_leaders_orders_9_mp_4_81_4_83)
{
	struct session *s = open_hel();
	phase(s, "hannibal");
	struct out o = run(s, "order hel");
	cr_assert_eq(o.st, CMD_REFUSED);
	cr_assert_str_eq(o.rule, "4.83");
	o = ok(s, "order hannibal");
	for (int c = 11; c <= 16; c++) { /* 1011..1016: 6 MP, S */
		char mv[16];
		snprintf(mv, sizeof mv, "move 10%02d", c);
		if (c == 11)
			ok(s, "face SE");
		o = ok(s, mv);
	}
	struct leader *h = game_leader(s->game, "hannibal");
	cr_assert(hex_eq(U(s, "hel")->at.hex[0], H(1016)));
	cr_assert(hex_eq(h->hex, H(1016)));
	ok(s, "halt");
	cr_assert_eq(s->game->ord.leader_mp[(int)(h - s->game->leaders)], 6);
	/* 6.14: again in the same phase, with the 3 MP left */
	ok(s, "order hannibal");
	ok(s, "move 1017");
	ok(s, "move 1018");
	ok(s, "move 1019");
	o = run(s, "move 1020");
	cr_assert_eq(o.st, CMD_REFUSED);
	cr_assert_str_eq(o.rule, "6.14");
	cr_assert(hex_eq(h->hex, H(1019)));
	cr_assert_eq(U(s, "hel")->hits, 0, "4.83: no hits from moving");
	close_game(s);
}

/* 4.85 through orders: infantry ordered into the elephant's hex; when its
 * move ends the elephant faces as it does, at no cost */
Test(leader_elephant, infantry_joins_elephant_takes_its_facing_4_85)
{
	struct session *s = open_hel();
	place(s, "hi", 909, FACE_SE);
	phase(s, "hannibal");
	ok(s, "order hi");
	struct out o = ok(s, "move 1010");
	cr_assert_not(has(&o, "facing_assumed"), "not before the move ends");
	o = ok(s, "halt");
	cr_assert(has(&o, "facing_assumed unit=hel from=E to=SE as=hi"),
		  "%s", o.ev);
	cr_assert_eq(U(s, "hel")->at.facing, FACE_SE);
	cr_assert_not(s->game->ord.ordered[UI(s, "hel")]);
	close_game(s);
}

/* 4.82, 4.72: an enemy comes next to Hannibal on his elephant: he is
 * not offered a withdrawal of his own (the elephant carries him) */
Test(leader_elephant, rider_does_not_withdraw_alone_4_82)
{
	struct session *s = open_hel();
	place(s, "bi", 1013, FACE_NW);
	game_leader(s->game, "scipio")->hex = H(1015);
	phase(s, "scipio");
	ok(s, "order bi");
	ok(s, "move 1012");
	struct out o = ok(s, "move 1011");
	cr_assert(has(&o, "no_leader_withdrawal leader=hannibal "
			  "by=bi why=rides_leader_elephant rule=4.82,4.72"),
		  "%s", o.ev);
	cr_assert_not(has(&o, "leader_withdrawal_offered"), "%s", o.ev);
	struct leader *h = game_leader(s->game, "hannibal");
	cr_assert(h->on_map && !h->killed);
	cr_assert(hex_eq(h->hex, H(1010)));
	close_game(s);
}

/* 4.82 after combat: a unit stacked with the elephant advances (8.51);
 * the leaders in its hex go along, but not Hannibal, who stays on his
 * elephant */
Test(leader_elephant, rider_stays_when_his_mate_advances_4_82)
{
	struct game *g = fx_field();
	g->phase = PHASE_SHOCK;
	shock_state_init(&g->shock);
	g->shock.step = SHS_ADVANCE;
	g->shock.attacker = 1;
	struct leader *h;
	struct unit *el = mount(g, "3110", FACE_W, &h);
	struct unit *a = fx_unit(g, "afr", 1, UT_HI, fx_hex("3110"), FACE_W,
				 5);
	struct leader *m = fx_leader(g, "mago", 1, fx_hex("3110"));
	struct unit *d = fx_unit(g, "ha", 0, UT_LG, fx_hex("3010"), FACE_E,
				 5);
	int ci = shock_add_combat(g);
	struct shock_combat *c = &g->shock.c[ci];
	c->att_at[0] = a->at;
	c->att[c->natt++] = idx(g, a);
	c->def_at[0] = d->at;
	c->def[c->ndef++] = idx(g, d);
	g->shock.batch_begin = 0;
	g->shock.batch_end = g->shock.ncombats;
	g->shock.cursor = 0;
	g->shock.sub = 0;
	c->def_gone[0] = true; /* routed away */
	d->routed = true;
	game_unit_set_hex(g, d, 0, fx_hex("2809"));
	shock_step_advance(g);
	cr_assert(hex_eq(a->at.hex[0], fx_hex("3010")));
	cr_assert(hex_eq(m->hex, fx_hex("3010")), "mago goes along");
	cr_assert(hex_eq(h->hex, fx_hex("3110")), "hannibal stays");
	cr_assert(hex_eq(el->at.hex[0], fx_hex("3110")));
	game_free(g);
}

/* 4.82, 4.23: Hannibal may not go with a unit in his hex, leaving his
 * elephant behind; the unit itself may be ordered */
Test(leader_elephant, rider_does_not_go_with_a_unit_4_82)
{
	struct session *s = open_hel();
	place(s, "hi", 1010, FACE_E);
	phase(s, "hannibal");
	struct out o = run(s, "order hi with");
	cr_assert_eq(o.st, CMD_REFUSED);
	cr_assert_str_eq(o.rule, "4.82");
	ok(s, "order hi");
	ok(s, "move 1110");
	struct leader *h = game_leader(s->game, "hannibal");
	cr_assert(hex_eq(h->hex, H(1010)));
	close_game(s);
}

/* 4.84 from the data: constants.ini [leader_elephant] grief_rampage_from
 * read as 4: a grief roll of 4 rampages. */
Test(leader_elephant, grief_band_read_from_constants_ini_4_84)
{
	struct game *g = fx_field();
	change_tables(g, "constants", "grief_rampage_from = 7",
		      "grief_rampage_from = 4");
	struct leader *l;
	mount(g, "3015", FACE_NE, &l);
	force(g, 9); /* Leader Casualty Table: killed */
	force(g, 4); /* grief */
	leader_casualty_check(g, lidx(g, l), "8.44");
	cr_assert(l->killed);
	const struct event *e = fx_event(g, 0, "leader_elephant_grief");
	cr_assert_str_eq(val(e, "result"), "rampage");
	game_free(g);
}
