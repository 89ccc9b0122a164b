/* The Extended Shock Example of SPQR 8.4 (Bagradas Plains) played end to
 * end through a sandbox session with the book's forced dice, checking
 * every number the text gives.  The fixture (tests/fixtures/
 * shock-example.ini, shared EXAMPLES.md top section): Carthage on the east
 * facing W — Phalanx A 2605/2606 (Front 2504-2506), Phalanx B 2607/2608
 * (Front 2506-2508), Celt C 2611 (Front 2510 2511); Rome facing E —
 * Velites T 2504, Cohort U 2505 (with the Roman leader), Cohort V 2506,
 * Triarii W 2507, Velites X 2508, Triarii Y 2510, Velites Z 2511; Rome's
 * retreat edge is west.
 *
 * Dice in the order of ARCHITECTURE.md / RULINGS R13: charge 6 (A),
 * 5 7 8 (T U V), 7 (B), 9 0 (W X); leader casualty 0 then 5; shock 6, 2,
 * 6; collapse 5 (C).
 *
 * The play waits at each of the players' decisions; where the engine may
 * leave a choice to a player that the example does not make (which hex a
 * rout move enters, 10.22) the test answers with the first hex `legal`
 * offers, and checks only what the example states (two hexes toward the
 * Roman edge). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/battle.h"
#include "maniple/cmd.h"
#include "maniple/event.h"
#include "maniple/game.h"
#include "maniple/hex.h"
#include "maniple/rout.h"
#include "maniple/sequence.h"
#include "maniple/shock.h"
#include "maniple/shock_calc.h"
#include "fixture.h"
#include "spqr_tables.h"

static struct hex H(int n)
{
	return (struct hex){n / 100, n % 100};
}

/* One command's outcome and its events, one a line. */
struct out {
	enum cmd_status st;
	char rule[16];
	char reason[256];
	char ev[16384];
};

static struct out run(struct session *s, const char *line)
{
	struct out o;
	memset(&o, 0, sizeof o);
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(s, line, &r);
	o.st = r.status;
	snprintf(o.rule, sizeof o.rule, "%s", r.rule);
	snprintf(o.reason, sizeof o.reason, "%s", r.reason);
	size_t len = 0;
	for (size_t i = 0; i < r.out.n && len < sizeof o.ev - 1; i++) {
		char buf[512];
		event_log_format(&r.out, i, buf, sizeof buf);
		len += (size_t)snprintf(o.ev + len, sizeof o.ev - len, "%s\n",
					buf);
	}
	cmd_result_free(&r);
	return o;
}

static bool has(const struct out *o, const char *text)
{
	return strstr(o->ev, text) != NULL;
}

/* Some event line holds both texts. */
static bool has_line(const struct out *o, const char *a, const char *b)
{
	for (const char *p = o->ev; *p;) {
		const char *e = strchr(p, '\n');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		char line[1024];
		snprintf(line, sizeof line, "%.*s", (int)n, p);
		if (strstr(line, a) && strstr(line, b))
			return true;
		p += n + (e ? 1 : 0);
	}
	return false;
}

static struct out ok(struct session *s, const char *line)
{
	struct out o = run(s, line);
	cr_assert_eq(o.st, CMD_OK, "%s: refused %s (%s)\n%s", line, o.reason,
		     o.rule, o.ev);
	return o;
}

static struct unit *U(struct session *s, const char *id)
{
	struct unit *u = game_unit(s->game, id);
	cr_assert_not_null(u, "no unit %s", id);
	return u;
}

static int UI(struct session *s, const char *id)
{
	return (int)(U(s, id) - s->game->units);
}

static void close_game(struct session *s)
{
	session_free(s);
	free(s);
}

/* The position at the start of the Shock segment (EXAMPLES.md): hits
 * from earlier fighting, A and B moved this phase with Shock Must Check
 * (7.31), Bostar active; `continue` opens the segment (3.0 B.2). */
static struct session *open_example(void)
{
	struct session *s = calloc(1, sizeof *s);
	cr_assert_not_null(s);
	session_init(s, fx_example_loader, spqr_tables_loader, NULL, 1);
	for (const char *const *l = fx_shock_example_setup(); *l; l++)
		ok(s, *l);
	return s;
}

/* Answers every pending rout-move choice (10.22) with the first hex the
 * program offers; the example only says "2 hexes toward the Roman
 * retreat edge". */
static void append(struct out *dst, const struct out *src)
{
	size_t len = strlen(dst->ev);
	snprintf(dst->ev + len, sizeof dst->ev - len, "%s", src->ev);
}

static void answer_routs(struct session *s, struct out *log)
{
	for (int guard = 0; guard < 16 && seq_step_now(s->game) == SEQ_ROUT;
	     guard++) {
		struct out o = ok(s, "legal");
		const char *p = strstr(o.ev, "command=rout_");
		cr_assert_not_null(p, "a rout choice without a legal answer:\n%s",
				   o.ev);
		char line[64] = "rout ";
		size_t n = strlen(line);
		for (p += strlen("command=rout_");
		     *p && *p != ' ' && *p != '\n' && n < sizeof line - 1; p++)
			line[n++] = *p == '_' ? ' ' : *p;
		line[n] = '\0';
		struct out a = ok(s, line);
		if (log)
			append(log, &a);
	}
}

/* The shock decision owed now: ask, side and combat. */
static void expect_ask(struct session *s, int ask, int side, int combat)
{
	struct game *g = s->game;
	cr_assert_eq(seq_step_now(g), SEQ_SHOCK,
		     "want a shock decision (%s), step is %d",
		     shock_ask_name(ask), (int)seq_step_now(g));
	cr_assert_eq(g->shock.ask, ask, "ask %s, want %s",
		     shock_ask_name(g->shock.ask), shock_ask_name(ask));
	cr_assert_eq(g->shock.ask_side, side);
	if (combat >= 0)
		cr_assert_eq(g->shock.ask_combat, combat, "combat %d, want %d",
			     g->shock.ask_combat, combat);
}

static bool at(struct session *s, const char *id, int hex)
{
	struct unit *u = U(s, id);
	return u->on_map && hex_eq(u->at.hex[0], H(hex));
}

static int hexdist(struct session *s, const char *id, int hex)
{
	return hex_distance(U(s, id)->at.hex[0], H(hex));
}

/* A unit's slot in combat ci (attacker or defender) or -1. */
static int slot_of(struct session *s, int ci, const char *id)
{
	int slot = -1;
	if (shock_combat_role(s->game, ci, UI(s, id), &slot) < 0)
		return -1;
	return slot;
}

/* ---- 1. designation (8.41, 8.42) ---- */

static void designate(struct session *s)
{
	expect_ask(s, SHA_DESIGNATE, 1, -1);
	ok(s, "designate ph_a ve_t,co_u,co_v");
	ok(s, "designate ph_b tr_w,ve_x");
	ok(s, "designate celt_c tr_y,ve_z");
}

Test(shock_example, designation_8_41_8_42)
{
	struct session *s = open_example();
	struct game *g = s->game;
	designate(s);
	cr_assert_eq(g->shock.ncombats, 3);
	const struct shock_combat *a = &g->shock.c[0], *b = &g->shock.c[1],
				  *c = &g->shock.c[2];
	/* A and B carry Shock Must Check (heavy, moved: 7.31) */
	cr_expect(a->must_check && a->att_moved);
	cr_expect(b->must_check && b->att_moved);
	/* C did not move: Shock No Check through Bostar's range (8.41) */
	cr_expect(!c->must_check && !c->att_moved);
	cr_expect(U(s, "celt_c")->shock_no);
	cr_expect(!U(s, "celt_c")->shock_must);
	cr_expect_eq(a->natt, 1);
	cr_expect_eq(a->ndef, 3);
	cr_expect_eq(b->ndef, 2);
	cr_expect_eq(c->ndef, 2);
	cr_expect_eq(a->def[0], UI(s, "ve_t"));
	cr_expect_eq(a->def[1], UI(s, "co_u"));
	cr_expect_eq(a->def[2], UI(s, "co_v"));
	cr_expect_eq(b->def[0], UI(s, "tr_w"));
	cr_expect_eq(b->def[1], UI(s, "ve_x"));
	cr_expect_eq(c->def[0], UI(s, "tr_y"));
	cr_expect_eq(c->def[1], UI(s, "ve_z"));
	/* 8.42: V is attacked once (by A): B may not take it too */
	struct out o = run(s, "designate ph_b co_v");
	cr_expect_eq(o.st, CMD_REFUSED, "V attacked twice (8.42)");
	ok(s, "designate done");
	close_game(s);
}

/* ---- 2. the charge (8.43) and 3. leader casualties (8.44, 4.73) ---- */

/* The charge and the leader casualties; their events go to *log. */
static void charge_log(struct session *s, struct out *log)
{
	designate(s);
	ok(s, "roll 6 5 7 8 7 9 0 0 5");
	*log = ok(s, "designate done");
	answer_routs(s, log);
}

static void charge(struct session *s)
{
	struct out *log = malloc(sizeof *log);
	cr_assert_not_null(log);
	charge_log(s, log);
	free(log);
}

Test(shock_example, charge_8_43)
{
	struct session *s = open_example();
	struct out *log = malloc(sizeof *log);
	cr_assert_not_null(log);
	charge_log(s, log);
	/* A 6, B 7 against TQ 7: no hits */
	cr_expect_eq(U(s, "ph_a")->hits, 0);
	cr_expect_eq(U(s, "ph_b")->hits, 0);
	/* T 5 against 5: 0; U 7 against 6: 1; V 8 against 6: 2 */
	cr_expect_eq(U(s, "ve_t")->hits, 0);
	cr_expect_eq(U(s, "co_u")->hits, 1);
	cr_expect_eq(U(s, "co_v")->hits, 2);
	/* W 9 against 6: 3 more, 6 = TQ: routs 2 hexes toward Rome's edge
	 * (west); X 0: none.  A routed unit's hit markers come off (10.22),
	 * so the 6 is read from the charge's event. */
	struct unit *w = U(s, "tr_w");
	cr_expect(has(log, "cohesion_hit unit=tr_w hits=3 total=6 tq=6"),
		  "%s", log->ev);
	cr_expect(w->routed, "W routs at its TQ (8.43)");
	cr_expect_eq(w->hits, 0, "10.22: hit markers off");
	cr_expect(w->on_map);
	cr_expect_eq(hexdist(s, "tr_w", 2507), 2, "W's rout move: 2 hexes");
	cr_expect_eq(w->at.hex[0].col, 23, "W routs west, toward Rome's edge");
	cr_expect_eq(U(s, "ve_x")->hits, 0);
	cr_expect(!U(s, "ve_x")->routed);
	/* B does not advance into W's hex: V and X are still in its ZOC */
	cr_expect(at(s, "ph_b", 2607));
	cr_expect(hex_eq(U(s, "ph_b")->at.hex[1], H(2608)));
	cr_expect(!s->game->shock.c[1].advanced_precharge);
	/* W is gone from B's combat; X stands */
	cr_expect(s->game->shock.c[1].def_gone[0]);
	cr_expect(!s->game->shock.c[1].def_gone[1]);
	cr_expect(!s->game->shock.c[1].off);
	/* C's combat: no pre-shock checks (Shock No Check): no hits */
	cr_expect_eq(U(s, "celt_c")->hits, 2);
	cr_expect_eq(U(s, "tr_y")->hits, 0);
	cr_expect_eq(U(s, "ve_z")->hits, 4);
	free(log);
	close_game(s);
}

Test(shock_example, leader_casualty_8_44_4_73)
{
	struct session *s = open_example();
	struct out *log = malloc(sizeof *log);
	cr_assert_not_null(log);
	charge_log(s, log);
	/* the Roman leader, with U: 0 is a casualty; 5 on the Leader
	 * Casualty table: Finished, not killed */
	struct leader *l = game_leader(s->game, "legate");
	cr_assert_not_null(l);
	cr_expect_eq(l->state, LS_FINISHED, "the leader is Finished (4.73)");
	cr_expect(!l->killed);
	cr_expect_eq(l->wounds, 0);
	cr_expect(!s->game->shock.c[0].leader_killed[1]);
	/* the rolls and the result are events (8.44) */
	cr_expect(has_line(log, "leader_casualty", "die=0"), "%s",
		  log->ev);
	cr_expect(has_line(log, "legate", "finished"),
		  "no event says the leader is Finished (4.73):\n%s",
		  log->ev);
	/* every forced die used so far: the nine of the charge and 8.44 */
	cr_expect_eq(s->game->dice.nforced, 0, "dice left unused");
	free(log);
	close_game(s);
}

/* ---- 4. the clash (8.45) ---- */

static void clash(struct session *s)
{
	charge(s);
	/* A's combat: Rome chooses between LI and LG */
	expect_ask(s, SHA_CLASH_DEFENDER, 0, 0);
	ok(s, "clash co_u");
	/* B against X alone: no choice; C's: Rome chooses HI or LI */
	expect_ask(s, SHA_CLASH_DEFENDER, 0, 2);
	/* the last pick runs the resolution (8.46) and, after Carthage's
	 * allocation, the collapse (8.47): their dice first */
	ok(s, "roll 6 2 6 5");
	ok(s, "clash tr_y");
}

Test(shock_example, clash_8_45)
{
	struct session *s = open_example();
	charge(s);
	expect_ask(s, SHA_CLASH_DEFENDER, 0, 0);
	/* a refused pick changes nothing: T is not a unit of combat 1 */
	struct out o = run(s, "clash tr_y");
	cr_expect_eq(o.st, CMD_REFUSED);
	expect_ask(s, SHA_CLASH_DEFENDER, 0, 0);
	ok(s, "clash co_u");
	expect_ask(s, SHA_CLASH_DEFENDER, 0, 2);
	const struct shock_combat *a = &s->game->shock.c[0],
				  *b = &s->game->shock.c[1];
	cr_expect_eq(a->clash_att, 0);
	cr_expect_eq(a->clash_def, slot_of(s, 0, "co_u"));
	cr_expect_eq(b->clash_att, 0);
	cr_expect_eq(b->clash_def, slot_of(s, 1, "ve_x"));
	cr_expect_eq(a->side, ZONE_FRONT);
	cr_expect_eq(b->side, ZONE_FRONT);
	ok(s, "clash tr_y");
	const struct shock_combat *c = &s->game->shock.c[2];
	cr_expect_eq(c->clash_def, slot_of(s, 2, "tr_y"));
	cr_expect_eq(c->side, ZONE_FRONT);
	close_game(s);
}

/* ---- 5-7. size, superiority, results (8.46, 10.13) ---- */

static void resolve_a(struct session *s)
{
	clash(s);
	/* the roll of 6 in A's combat happened; Carthage allocates V's
	 * hits (10.13 phalanx exception) */
	expect_ask(s, SHA_HITS, 1, 0);
}

Test(shock_example, phalanx_a_7_column_2_2_8_46)
{
	struct session *s = open_example();
	resolve_a(s);
	const struct shock_combat *a = &s->game->shock.c[0];
	cr_expect(a->resolved);
	/* LG chosen: column 7; 10 against 4+3+3 is 1:1, no shift */
	cr_expect_eq(a->column, 7);
	cr_expect_eq(a->superiority, SUP_NONE);
	cr_expect(!a->position);
	/* the 6 on column 7: 2(2) */
	cr_expect_eq(a->att_hits, 2);
	cr_expect_eq(a->def_hits, 2);
	cr_expect_eq(U(s, "ph_a")->hits, 2);
	/* 10.13: Carthage may put the 2 unevenly: all on V */
	struct out o = run(s, "hits co_v=1");
	cr_expect_eq(o.st, CMD_REFUSED, "the allocation must sum to 2");
	ok(s, "hits co_v=2");
	cr_expect_eq(U(s, "co_v")->hits, 4);
	cr_expect_eq(U(s, "co_u")->hits, 1);
	cr_expect_eq(U(s, "ve_t")->hits, 0);
	close_game(s);
}

static void resolve_all(struct session *s)
{
	resolve_a(s);
	ok(s, "hits co_v=2");
	answer_routs(s, NULL);
}

Test(shock_example, phalanx_b_13_column_attack_superior_8_46)
{
	struct session *s = open_example();
	resolve_all(s);
	const struct shock_combat *b = &s->game->shock.c[1];
	cr_expect(b->resolved);
	/* PH against LI from the front: 10; 10 against 3 after a move
	 * rounds up to 4:1: 3 shifts right: 13 */
	cr_expect_eq(b->column, 13);
	/* PH against LI: Attack Superior, weapon system (not position) */
	cr_expect_eq(b->superiority, SUP_AS);
	cr_expect(!b->position);
	/* the 2 on column 13: 2(3), AS doubles: 6 */
	cr_expect_eq(b->att_hits, 2);
	cr_expect_eq(b->def_hits, 6);
	cr_expect_eq(U(s, "ph_b")->hits, 2);
	/* X took 6 (it routs in the collapse and its markers come off) */
	cr_expect_eq(b->def_took[slot_of(s, 1, "ve_x")], 6);
	close_game(s);
}

Test(shock_example, celt_c_6_column_8_46_10_13)
{
	struct session *s = open_example();
	resolve_all(s);
	const struct shock_combat *c = &s->game->shock.c[2];
	cr_expect(c->resolved);
	/* MI against HI: 6; 5 against 2+3 is 1:1 */
	cr_expect_eq(c->column, 6);
	cr_expect_eq(c->superiority, SUP_NONE);
	/* the 6 on column 6: 2(2); 10.13 evenly: Y 1, Z 1 */
	cr_expect_eq(c->att_hits, 2);
	cr_expect_eq(c->def_hits, 2);
	cr_expect_eq(c->def_took[0], 1);
	cr_expect_eq(c->def_took[1], 1);
	cr_expect_eq(c->att_took[0], 2);
	cr_expect_eq(U(s, "tr_y")->hits, 1);
	/* Z: 4 + 1 = 5, its TQ: it routs in the collapse (below) */
	close_game(s);
}

/* ---- 8. the collapse (8.47 [1] [2]) ---- */

Test(shock_example, collapse_8_47)
{
	struct session *s = open_example();
	resolve_all(s);
	/* [1] X (6 against TQ 5) and Z (5 against 5) rout 2 hexes west */
	struct unit *x = U(s, "ve_x"), *z = U(s, "ve_z");
	cr_expect(x->routed, "X routs (8.47 [1])");
	cr_expect(z->routed, "Z routs (8.47 [1])");
	cr_expect_eq(hexdist(s, "ve_x", 2508), 2);
	cr_expect_eq(hexdist(s, "ve_z", 2511), 2);
	cr_expect_eq(x->at.hex[0].col, 23);
	cr_expect_eq(z->at.hex[0].col, 23);
	/* the others stay: V has 4 of 6, B 2 of 7 */
	cr_expect(!U(s, "co_v")->routed);
	cr_expect(!U(s, "ph_b")->routed);
	cr_expect(!U(s, "tr_y")->routed);
	/* [2] C at TQ-1 (4) in Y's ZOC rolls 5: passes, drops to 3 */
	cr_expect(!U(s, "celt_c")->routed);
	cr_expect_eq(U(s, "celt_c")->hits, 3);
	cr_expect(!s->game->shock.c[2].collapse_check_rout);
	/* every forced die used: 9 + 4 */
	cr_expect_eq(s->game->dice.nforced, 0, "dice left unused");
	close_game(s);
}

/* ---- 9. the advance (8.5) ---- */

/* After the collapse the advance step begins with A's combat: no
 * defender left it, so A stays; the Roman leader stacked with U is next
 * to A and may withdraw (4.72 after shock).  Rome declines: the example
 * leaves him where he is. */
static void decline_leader_withdrawal(struct session *s)
{
	cr_assert_eq(seq_step_now(s->game), SEQ_REACTION,
		     "want the 4.72 offer to the Roman leader");
	ok(s, "no reaction");
}

/* The same, going on with `continue` when the engine stops after the
 * declined offer (checked on its own in
 * declined_withdrawal_goes_on_with_the_segment), so that the numbers
 * after it are still checked. */
static void to_the_advance(struct session *s)
{
	resolve_all(s);
	decline_leader_withdrawal(s);
	if (seq_step_now(s->game) == SEQ_NONE && shock_under_way(s->game))
		ok(s, "continue");
}

Test(shock_example, declined_withdrawal_goes_on_with_the_segment_4_72)
{
	struct session *s = open_example();
	resolve_all(s);
	decline_leader_withdrawal(s);
	/* nothing is owed but the advance's next choice (C's turn, 8.52):
	 * the segment must carry on by itself */
	expect_ask(s, SHA_ADVANCE, 1, 2);
	close_game(s);
}

Test(shock_example, advance_8_5)
{
	struct session *s = open_example();
	to_the_advance(s);
	/* B must advance (8.51) with both halves (8.53) into the hexes W and
	 * X left; it is the only way forward */
	struct unit *b = U(s, "ph_b");
	cr_expect(hex_eq(b->at.hex[0], H(2507)) || hex_eq(b->at.hex[1], H(2507)),
		  "B advances into W's hex");
	cr_expect(hex_eq(b->at.hex[0], H(2508)) || hex_eq(b->at.hex[1], H(2508)),
		  "B advances into X's hex");
	cr_expect_eq(b->at.facing, FACE_W);
	cr_expect(s->game->shock.c[1].att_advanced[0]);
	/* 8.51: a clear, level advance costs no hits */
	cr_expect_eq(b->hits, 2);
	/* A's defenders all stood: A stays */
	cr_expect(at(s, "ph_a", 2605));
	cr_expect_eq(U(s, "ph_a")->hits, 2);
	/* C must advance into Z's hex, then may turn one vertex (8.52) */
	expect_ask(s, SHA_ADVANCE, 1, 2);
	if (!at(s, "celt_c", 2511))
		ok(s, "advance celt_c 2511");
	cr_expect(at(s, "celt_c", 2511), "C advances into Z's hex");
	cr_expect(s->game->shock.c[2].att_advanced[0]);
	struct out o = run(s, "advance face SE");
	cr_expect_eq(o.st, CMD_REFUSED, "W to SE is two vertices (8.52)");
	o = run(s, "advance face NE");
	cr_expect_eq(o.st, CMD_REFUSED, "W to NE is two vertices (8.52)");
	ok(s, "advance face NW");
	cr_expect_eq(U(s, "celt_c")->at.facing, FACE_NW);
	/* Y now stands on C's front, C on Y's flank */
	cr_expect_eq(footprint_zone(&U(s, "celt_c")->at, H(2510)), ZONE_FRONT);
	cr_expect_eq(footprint_zone(&U(s, "tr_y")->at, H(2511)), ZONE_FLANK);
	/* the segment is over: on to the Momentum phase (3.0) */
	cr_expect(!shock_under_way(s->game));
	cr_expect_eq(s->game->phase, PHASE_MOMENTUM);
	close_game(s);
}

/* The whole example in one play: the final position and markers. */
Test(shock_example, end_to_end_final_position)
{
	struct session *s = open_example();
	to_the_advance(s);
	ok(s, "advance face NW");
	cr_assert_eq(s->game->phase, PHASE_MOMENTUM);
	static const struct {
		const char *id;
		int hits;
		bool routed;
		int hex;
	} want[] = {
		/* routed units have no hit markers (10.22) */
		{"ph_a", 2, false, 2605},  {"ph_b", 2, false, 2507},
		{"celt_c", 3, false, 2511}, {"ve_t", 0, false, 2504},
		{"co_u", 1, false, 2505},  {"co_v", 4, false, 2506},
		{"tr_w", 0, true, 0},	   {"ve_x", 0, true, 0},
		{"tr_y", 1, false, 2510},  {"ve_z", 0, true, 0},
	};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		struct unit *u = U(s, want[i].id);
		cr_expect_eq(u->hits, want[i].hits, "%s hits %d, want %d",
			     want[i].id, u->hits, want[i].hits);
		cr_expect_eq(u->routed, want[i].routed, "%s routed %d",
			     want[i].id, (int)u->routed);
		if (want[i].hex)
			cr_expect(at(s, want[i].id, want[i].hex) ||
					  hex_eq(u->at.hex[1], H(want[i].hex)),
				  "%s not in %d", want[i].id, want[i].hex);
		/* 8.4: the segment's Shock markers are gone */
		cr_expect(!u->shock_must && !u->shock_no,
			  "%s keeps a Shock marker after the segment",
			  want[i].id);
	}
	/* the routers went 2 hexes west (8.43, 8.47 [1]) */
	cr_expect_eq(hexdist(s, "tr_w", 2507), 2);
	cr_expect_eq(hexdist(s, "ve_x", 2508), 2);
	cr_expect_eq(hexdist(s, "ve_z", 2511), 2);
	cr_expect_eq(U(s, "celt_c")->at.facing, FACE_NW);
	cr_expect_eq(game_leader(s->game, "legate")->state, LS_FINISHED);
	/* 8.17 bullet 4: T's javelins are spent by the shock */
	cr_expect_eq(U(s, "ve_t")->supply, SUPPLY_NO);
	cr_expect_eq(s->game->dice.nforced, 0);
	close_game(s);
}
