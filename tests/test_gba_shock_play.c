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
