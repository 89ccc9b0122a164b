/* GBA shock combat played through the command language (issue 25): a
 * GBA game (scenarios/gba_drill.ini, sandbox) set up by `setup` lines
 * and taken through the Shock segment with forced dice, asserting the
 * rules The Great Battles of Alexander shares with SPQR (8.3-8.5) as a
 * GBA game plays them.  Rule numbers cited as "GBA N.NN" are GBA's; the
 * events of a GBA game carry them. */
#include <criterion/criterion.h>
#include <string.h>

#include "fixture.h"
#include "maniple/game.h"
#include "maniple/gboh_mapview.h"
#include "maniple/mapview.h"
#include "maniple/movement.h"
#include "maniple/phalanx.h"
#include "maniple/reactions.h"
#include "maniple/sequence.h"
#include "maniple/shock.h"

/* The events the game emitted from `from`, one formatted line each. */
static char *events_since(const struct game *g, size_t from)
{
	size_t cap = 1 << 16, len = 0;
	char *t = calloc(1, cap);
	cr_assert_not_null(t);
	for (size_t i = from; i < g->events.n; i++) {
		char line[512];
		event_log_format(&g->events, i, line, sizeof line);
		size_t n = strlen(line);
		if (len + n + 2 > cap)
			break;
		memcpy(t + len, line, n);
		len += n;
		t[len++] = '\n';
	}
	return t;
}

static void expect_event(const struct game *g, size_t from,
			 const char *text, const char *rule)
{
	char *ev = events_since(g, from);
	cr_expect_not_null(strstr(ev, text), "%s: no \"%s\" in\n%s", rule,
			   text, ev);
	free(ev);
}

static const struct unit *U(const struct session *s, const char *id)
{
	const struct unit *u = game_unit(s->game, id);
	cr_assert_not_null(u, "%s", id);
	return u;
}

static bool at(const struct unit *u, int hex)
{
	return u->at.hex[0].col == hex / 100 && u->at.hex[0].row == hex % 100;
}

/* The King's hypaspists hy1 (HI, TQ 7) moved next to the Persian
 * hoplites hi1 (HI, TQ 6, 2915 facing W) at 2815 facing E, under Shock
 * Must Check; the King active; into the Shock segment. */
static void hypaspists_with(struct session *s, const char *extra)
{
	fx_session(s, "new gba_drill sandbox 7");
	const char *setup[] = {"setup remove ar2",
			       "setup remove ar1",
			       "setup unit hy1 2815 E",
			       extra,
			       "setup phase shock",
			       "setup active king",
			       "setup leader-state king active",
			       "setup marker hy1 moved_phase on",
			       "setup marker hy1 shock_must on",
			       "continue",
			       NULL};
	fx_run(s, setup);
	cr_assert_eq(s->game->shock.step, SHS_DESIGNATE);
}

static void hypaspists(struct session *s)
{
	hypaspists_with(s, "setup unit ca1 2916 W");
}

/* GBA 8.3, GBA 8.31, GBA 8.32, GBA 8.6: the segment comes at the end of the leader's
 * Orders Phase with its designation (8.31), the attacker naming each
 * combat (8.32); the steps run in the book's order, each named by GBA's
 * rule; the Clash (8.35, 8.63: hoplites on hoplites frontally, column
 * 7), the Superiority chart (8.62: none between them), the CRT (8.64:
 * column 7, a 3, 2(2)) and the collapse (8.38) follow, as a GBA game
 * numbers them. */
Test(gba_shock_play, a_shock_combat_step_by_step_gba_8_3)
{
	struct session s;
	hypaspists(&s);
	struct game *g = s.game;
	expect_event(g, 0,
		     "shock_designation side=0 leader=king must=hy1 may=- "
		     "rule=8.31",
		     "GBA 8.31");
	fx_ok(&s, "designate hy1 hi1");
	fx_ok(&s, "roll 0 9 3 8");
	size_t from = g->events.n;
	fx_ok(&s, "designate done");
	expect_event(g, from, "shock_designation_done combats=1 rule=8.32",
		     "GBA 8.32");
	expect_event(g, from, "shock_step step=charge combats=1 rule=8.33",
		     "GBA 8.33");
	expect_event(g, from,
		     "tq_check unit=hi1 dr=9 tq=6 routed=no hits=3 "
		     "why=pre_shock_check rule=8.33",
		     "GBA 8.33");
	expect_event(g, from, "shock_step step=leaders combats=1 rule=8.34",
		     "GBA 8.34");
	expect_event(g, from, "shock_step step=clash combats=1 rule=8.35",
		     "GBA 8.35");
	expect_event(g, from,
		     "clash combat=0 attacker=hy1 attacker_type=HI "
		     "defender=hi1 defender_type=HI side=front column=7 "
		     "rule=8.35",
		     "GBA 8.35, GBA 8.63");
	expect_event(g, from,
		     "superiority combat=0 result=none why=weapon_system",
		     "GBA 8.62");
	expect_event(g, from,
		     "shock_result combat=0 column=7 crt=2(2) "
		     "superiority=none attacker_hits=2 defender_hits=2 "
		     "final=2(2) rule=8.36,8.64",
		     "GBA 8.64");
	cr_expect_eq(U(&s, "hy1")->hits, 2, "GBA 8.64: 2 for the attacker");
	cr_expect_eq(U(&s, "hi1")->hits, 5, "GBA 8.33 3, GBA 8.64 2");
	expect_event(g, from,
		     "collapse_check unit=hi1 dr=8 tq=6 result=rout "
		     "rule=8.38",
		     "GBA 8.38: TQ - 1 in an enemy ZOC, 8 > 6");
	cr_expect(U(&s, "hi1")->routed, "GBA 8.38");
	session_free(&s);
}

/* GBA 8.32: an attacker must attack every enemy in its ZOC that no
 * other friendly unit attacks (the Cardaces ca1 put at 2914, in hy1's
 * ZOC beside hi1), and attacks once a segment; one combat takes both. */
Test(gba_shock_play, attack_every_enemy_in_the_zoc_gba_8_32)
{
	struct session s;
	hypaspists_with(&s, "setup unit ca1 2914 W");
	fx_ok(&s, "designate hy1 hi1");
	fx_refused(&s, "designate done", "8.32");
	fx_refused(&s, "designate hy1 ca1", "8.32");
	fx_ok(&s, "designate cancel 0");
	fx_ok(&s, "designate hy1 hi1,ca1");
	size_t from = s.game->events.n;
	fx_ok(&s, "designate done");
	expect_event(s.game, from, "shock_designation_done combats=1",
		     "GBA 8.32");
	session_free(&s);
}

/* GBA 8.5, GBA 8.51, GBA 8.52: the defender routed in the collapse, the attacker
 * must advance into its hex (no keeping its place), where it may turn
 * one vertex and no more. */
Test(gba_shock_play, the_attacker_advances_and_may_turn_gba_8_51_8_52)
{
	struct session s;
	hypaspists(&s);
	struct game *g = s.game;
	fx_ok(&s, "designate hy1 hi1");
	fx_ok(&s, "roll 0 9 3 8");
	fx_ok(&s, "designate done");
	cr_assert_eq(seq_step_now(g), SEQ_ROUT, "hi1's rout move");
	size_t from = g->events.n;
	fx_ok(&s, "rout 3015");
	expect_event(g, from,
		     "advance unit=hy1 from=2815 to=2915 maneuver=advance "
		     "combat=0 rule=8.51",
		     "GBA 8.51");
	cr_expect(at(U(&s, "hy1"), 2915), "GBA 8.51: into the vacated hex");
	cr_assert_eq(g->shock.ask, SHA_ADVANCE);
	fx_refused(&s, "advance face W", "8.52");
	fx_ok(&s, "advance face SE");
	cr_expect_eq(U(&s, "hy1")->at.facing, FACE_SE, "GBA 8.52");
	session_free(&s);
}

/* ------------------------------------------------------- GBA 9.63-9.64 */

/* Whether the legal list now holds line. */
static bool legal(const struct session *s, const char *line)
{
	struct decision_answer a[256];
	int n = seq_legal(s->game, a, 256);
	for (int i = 0; i < n; i++)
		if (!strcmp(a[i].line, line))
			return true;
	return false;
}

/* The drill without its archers, the `setup` lines run, ph1 put in
 * square or out of it. */
static void drill_square(struct session *s, const char *const *setup,
			 bool square)
{
	fx_session(s, "new gba_drill sandbox 7");
	fx_ok(s, "setup remove ar2");
	fx_ok(s, "setup remove ar1");
	fx_run(s, setup);
	struct unit *p = game_unit(s->game, "ph1");
	struct footprint fp = p->at;
	fp.square = square;
	game_unit_place(s->game, p, fp);
}

/* The King's phalanx ph1 (size 8, MA 5) in 2415-2416 facing E, the
 * Persians away but for `extra`; in square when `square`; the King
 * active in an Orders Phase. */
static void king_orders(struct session *s, const char *extra, bool square)
{
	const char *setup[] = {extra,
			       "setup leader-state king active",
			       "setup active king",
			       "setup phase movement",
			       "continue",
			       NULL};
	drill_square(s, setup, square);
}

/* GBA 9.63: a Macedonian phalanx forms square for all its MP, as its
 * move's only act; GBA 9.64: then its MA is 1 and every hex around it is
 * its front; the map marks it Q.  Leaving takes all its MP too (R163).
 * Each refusal changes nothing. */
Test(gba_shock_play, phalanx_forms_and_leaves_square_gba_9_63_9_64)
{
	struct session s;
	king_orders(&s, "setup unit hi1 2915 W", false);
	fx_ok(&s, "order ph1");
	const struct unit *ph = U(&s, "ph1");
	struct footprint behind = {{{23, 15}, HEX_NONE}, 0, false, false};
	cr_assert_eq(footprint_approach(&ph->at, &behind), ZONE_REAR);
	cr_assert(legal(&s, "form square"), "GBA 9.63: in the legal list");
	fx_refused(&s, "form normal", "6.61"); /* Column's (SPQR 6.71) */
	size_t from = s.game->events.n;
	fx_ok(&s, "form square");
	expect_event(s.game, from, "square_formed unit=ph1 hex=2415 mp=5",
		     "GBA 9.63: all of MA 5");
	expect_event(s.game, from, "move_end unit=ph1 at=2415 spent=5",
		     "GBA 9.63: the move ends");
	cr_expect(ph->at.square);
	cr_expect_eq(unit_move_ma(s.game, ph), 1, "GBA 9.64: MA 1");
	for (int h = 0; h < 2; h++)
		for (int d = 0; d < HEXSIDE_COUNT; d++) {
			struct footprint n = {
				{hex_neighbour(ph->at.hex[h], (enum hexside)d),
				 HEX_NONE},
				0, false, false};
			if (!footprint_occupies(&ph->at, n.hex[0]))
				cr_expect_eq(footprint_approach(&ph->at, &n),
					     ZONE_FRONT, "GBA 9.64: %d %d", h,
					     d);
		}
	struct map_view *mv = gboh_map_view(s.game);
	char codes[16];
	mapview_marker_codes(mapview_piece(mv, "ph1"), codes, sizeof codes);
	cr_expect_not_null(strchr(codes, 'Q'), "the map marks it: %s", codes);
	mapview_free(mv);
	session_free(&s);

	/* in square when ordered: MA 1, and leaving takes it (R163) */
	king_orders(&s, "setup unit hi1 2915 W", true);
	fx_ok(&s, "order ph1");
	cr_assert(legal(&s, "form normal"), "R163: in the legal list");
	cr_expect_not(legal(&s, "form square"));
	fx_refused(&s, "form square", "9.63");
	from = s.game->events.n;
	fx_ok(&s, "form normal");
	expect_event(s.game, from, "square_left unit=ph1 hex=2415 mp=1",
		     "R163");
	cr_expect_not(U(&s, "ph1")->at.square);
	cr_expect_eq(footprint_approach(&U(&s, "ph1")->at, &behind),
		     ZONE_REAR, "its facing kept");
	session_free(&s);
}

/* GBA 9.63: not in an enemy ZOC, nor after any other act of the move,
 * nor for the Persians' hoplites of one hex, nor for units that are not
 * a phalanx or heavy foot on two hexes (the hypaspists). */
Test(gba_shock_play, who_may_form_square_gba_9_63)
{
	struct session s;
	king_orders(&s, "setup unit hi1 2515 W", false);
	fx_ok(&s, "order ph1");
	while (reactions_pending(s.game))
		fx_ok(&s, "no reaction");
	cr_assert(unit_in_enemy_zoc(s.game, U(&s, "ph1")));
	cr_expect_not(legal(&s, "form square"));
	fx_refused(&s, "form square", "9.63");
	session_free(&s);

	king_orders(&s, "setup unit hi1 2915 W", false);
	fx_ok(&s, "order hy1");
	fx_refused(&s, "form square", "9.63");
	fx_ok(&s, "order ph1");
	fx_ok(&s, "move 2515,2516");
	cr_expect_not(legal(&s, "form square"));
	fx_refused(&s, "form square", "9.63");
	session_free(&s);
}

/* The text `line` shows (its result's text, else its events). */
static char *shown(struct session *s, const char *line)
{
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(s, line, &r);
	cr_assert_eq(r.status, CMD_OK, "%s: %s", line, r.reason);
	size_t cap = 8192, len = 0;
	char *t = calloc(1, cap);
	cr_assert_not_null(t);
	if (r.text)
		snprintf(t, cap, "%s", r.text);
	len = strlen(t);
	for (size_t i = 0; i < r.out.n && len + 600 < cap; i++) {
		event_log_format(&r.out, i, t + len, cap - len);
		len = strlen(t);
	}
	cmd_result_free(&r);
	return t;
}

/* ph1 in square (or not) under Shock Must Check with the Persian
 * hoplites hi1 in its front at 2515, the hypaspists hy1 behind them, into
 * the King's Shock segment. */
static void square_at_shock(struct session *s, bool square)
{
	const char *setup[] = {"setup unit hi1 2515 W",
			       "setup phase shock",
			       "setup active king",
			       "setup leader-state king active",
			       "setup marker ph1 moved_phase on",
			       "setup marker ph1 shock_must on",
			       "setup unit hy1 2615 W",
			       "setup marker hy1 moved_phase on",
			       "setup marker hy1 shock_must on",
			       NULL};
	drill_square(s, setup, square);
	fx_ok(s, "continue");
	cr_assert_eq(s->game->shock.step, SHS_DESIGNATE);
}

/* GBA 9.63: a unit in square never initiates shock: refused, changing
 * nothing, `why` tells the rule; out of square the same attack is
 * designated. */
Test(gba_shock_play, square_never_attacks_gba_9_63)
{
	struct session s;
	square_at_shock(&s, true);
	fx_refused(&s, "designate ph1 hi1", "9.63");
	char *w = shown(&s, "why");
	cr_expect_not_null(strstr(w, "square"), "%s", w);
	cr_expect_not_null(strstr(w, "9.63"), "%s", w);
	free(w);
	cr_expect_not(legal(&s, "designate ph1 hi1"));
	session_free(&s);
	square_at_shock(&s, false);
	cr_expect(legal(&s, "designate ph1 hi1"));
	fx_ok(&s, "designate ph1 hi1");
	session_free(&s);
}

/* GBA 9.63: a unit in square counts a quarter of its Size (rounded up) in
 * the shock it defends: the Persians' hi1 (size 6) attacks ph1 (size 8,
 * so 2 in square), and the size ratio event says so. */
Test(gba_shock_play, square_size_quartered_gba_9_63)
{
	for (int sq = 0; sq < 2; sq++) {
		struct session s;
		const char *setup[] = {"setup unit hi1 2515 W",
				       "setup phase shock",
				       "setup active satrap",
				       "setup leader-state satrap active",
				       "setup marker hi1 moved_phase on",
				       "setup marker hi1 shock_must on",
				       NULL};
		drill_square(&s, setup, sq);
		fx_ok(&s, "continue");
		fx_ok(&s, "designate hi1 ph1");
		size_t from = s.game->events.n;
		for (int i = 0; i < 40 && s.game->shock.step != SHS_NONE; i++)
			if (s.game->shock.step == SHS_DESIGNATE)
				fx_ok(&s, "designate done");
			else
				fx_ok(&s, "continue");
		expect_event(s.game, from,
			     sq ? "attacker_size=6 defender_size=2"
				: "attacker_size=6 defender_size=8",
			     "GBA 9.63: a quarter, rounded up");
		expect_event(s.game, from, "clash combat=0 attacker=hi1 "
					   "attacker_type=HI defender=ph1",
			     "8.45");
		if (sq)
			expect_event(s.game, from, "side=front",
				     "GBA 9.64: no flank in square");
		session_free(&s);
	}
}

/* GBA 9.63, 9.64: in square ph1 may move next to the enemy, taking no
 * Shock Must Check there; out of square the same step does.  Its MA of 1
 * takes it one hex at most. */
Test(gba_shock_play, square_moves_next_to_the_enemy_gba_9_64)
{
	struct session s0;
	king_orders(&s0, "setup unit hi1 2915 W", true);
	fx_ok(&s0, "order ph1");
	fx_ok(&s0, "move 2515,2516");
	cr_expect_not(legal(&s0, "move 2615,2616"), "GBA 9.64: MA 1");
	fx_refused(&s0, "move 2615,2616", "6.25");
	session_free(&s0);
	for (int sq = 0; sq < 2; sq++) {
		struct session s;
		king_orders(&s, "setup unit hi1 2615 W", sq);
		fx_ok(&s, "order ph1");
		while (reactions_pending(s.game)) /* 6.7: hi1 stays */
			fx_ok(&s, "no reaction");
		fx_ok(&s, "move 2515,2516");
		while (reactions_pending(s.game))
			fx_ok(&s, "no reaction");
		cr_expect(unit_in_enemy_zoc(s.game, U(&s, "ph1")));
		cr_expect_eq(U(&s, "ph1")->shock_must, !sq,
			     "GBA 9.63: no Shock Must Check in square");
		if (sq) {
			fx_ok(&s, "halt");
			cr_expect(U(&s, "ph1")->at.square);
		}
		session_free(&s);
	}
}
