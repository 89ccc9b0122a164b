/* The last pieces of GBA sections 5-10 (issue 25), played in GBA games
 * (scenarios/gba_drill.ini, sandbox) set up by `setup` lines with forced
 * dice: GBA 10.12's choice for double-sized attackers, the Rout Points of
 * double-sized units (GBA 10.42), and the other pieces of rules already
 * cited elsewhere.  Rule numbers cited as "GBA N.NN" are GBA's; the events
 * of a GBA game carry them. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "maniple/cards.h"
#include "maniple/game.h"
#include "maniple/rally.h"
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

/* ------------------------------------------------------------ GBA 10.12 */

/* The drill's hoplites hy1 (class HO, double_sized) put at `hy1` facing
 * E, the Persian hoplites hi1 at `hi1` and the Cardaces ca1 at `ca1`
 * facing W; hy1 attacks both, every pre-shock check passes, the
 * defender's clash unit is hi1 and the roll is a 6: 2(2) at column 6. */
static void hoplites_attack_two(struct session *s, const char *hy1,
				const char *hi1, const char *ca1)
{
	char u1[64], u2[64], u3[64];
	snprintf(u1, sizeof u1, "setup unit hy1 %s E", hy1);
	snprintf(u2, sizeof u2, "setup unit hi1 %s W", hi1);
	snprintf(u3, sizeof u3, "setup unit ca1 %s W", ca1);
	fx_session(s, "new gba_drill sandbox 7");
	const char *setup[] = {"setup remove ar2",
			       "setup remove ar1",
			       u1,
			       u2,
			       u3,
			       "setup phase shock",
			       "setup active king",
			       "setup leader-state king active",
			       "setup marker hy1 moved_phase on",
			       "setup marker hy1 shock_must on",
			       "continue",
			       "designate hy1 hi1,ca1",
			       "roll 1 1 1",
			       "designate done",
			       NULL};
	fx_run(s, setup);
	cr_assert_eq(s->game->shock.ask, SHA_CLASH_DEFENDER);
	fx_ok(s, "clash hi1");
	fx_ok(s, "roll 6");
}

/* GBA 10.12 exception: a double-sized hoplite unit (GBA 6.41) attacking
 * two single-hex units shares their hits as its owner likes, unevenly if
 * he wishes: both of the 2 hits on the Cardaces. */
Test(gba_rest, double_sized_attacker_shares_the_hits_gba_10_12)
{
	struct session s;
	hoplites_attack_two(&s, "2815,2816", "2915", "2916");
	struct game *g = s.game;
	cr_assert_eq(g->shock.ask, SHA_HITS);
	cr_expect_eq(g->shock.ask_side, 0, "GBA 10.12: the attacker chooses");
	fx_refused(&s, "hits ca1", "10.12");
	fx_refused(&s, "hits ca1=1", "10.12");
	size_t from = g->events.n;
	fx_ok(&s, "hits ca1=2");
	expect_event(g, from,
		     "shock_hits combat=0 unit=ca1 hits=2 of=2 "
		     "why=double_sized_attacker_choice rule=10.12",
		     "GBA 10.12");
	cr_expect_eq(U(&s, "ca1")->hits, 2, "GBA 10.12: uneven");
	cr_expect_eq(U(&s, "hi1")->hits, 0, "GBA 10.12: uneven");
	session_free(&s);
}

/* GBA 10.12: the same hoplites in one hex are a single unit (GBA 6.41),
 * and with a double-sized defender the exception does not apply either:
 * the 2 hits go one to each defender, nobody chooses. */
Test(gba_rest, no_choice_single_hex_attacker_or_double_sized_defender_gba_10_12)
{
	const char *hy1[] = {"2815", "2815,2816"};
	const char *hi1[] = {"2915", "2915,2914"};
	const char *ca1[] = {"2914", "2916"};
	for (int k = 0; k < 2; k++) {
		struct session s;
		hoplites_attack_two(&s, hy1[k], hi1[k], ca1[k]);
		struct game *g = s.game;
		cr_expect_neq(g->shock.ask, SHA_HITS, "case %d", k);
		cr_expect_eq(U(&s, "hi1")->hits, 1, "GBA 10.12: case %d", k);
		cr_expect_eq(U(&s, "ca1")->hits, 1, "GBA 10.12: case %d", k);
		session_free(&s);
	}
}

/* ------------------------------------------- GBA 10.42, 9.65, 10.27 */

/* The drill in its sandbox, the `setup` lines run. */
static void drill(struct session *s, const char *const *lines)
{
	fx_session(s, "new gba_drill sandbox 7");
	fx_run(s, lines);
}

/* GBA 10.42, ruling R165: a double-sized unit is worth twice its TQ: the
 * hoplites hy1 (TQ 7) 14 on two hexes, 7 on one (a single unit, GBA
 * 6.41); the Cardaces ca1 (TQ 5) 10 on two hexes. */
Test(gba_rest, double_sized_units_worth_twice_their_tq_gba_10_42)
{
	const char *hy1[] = {"setup unit hy1 2417 E", "setup unit hy1 2417,2418 E"};
	for (int k = 0; k < 2; k++) {
		struct session s;
		drill(&s, (const char *const[]){hy1[k], NULL});
		int was = s.game->rout_points[0];
		size_t from = s.game->events.n;
		fx_ok(&s, "setup eliminate hy1");
		cr_expect_eq(s.game->rout_points[0] - was, k ? 14 : 7,
			     "GBA 10.42: %s", hy1[k]);
		expect_event(s.game, from,
			     k ? "eliminated unit=hy1 side=0 rp=14"
			       : "eliminated unit=hy1 side=0 rp=7",
			     "GBA 10.42");
		session_free(&s);
	}
	struct session s;
	drill(&s, (const char *const[]){"setup unit ca1 2916,2917 W", NULL});
	int was = s.game->rout_points[1];
	fx_ok(&s, "setup eliminate ca1");
	cr_expect_eq(s.game->rout_points[1] - was, 10,
		     "GBA 10.42: Cardaces on two hexes");
	session_free(&s);
}

/* GBA 9.65: the Persian hoplites hi1 (TQ 6, 5 hits) on two hexes, hit by
 * hy1 for 2 and 2 more of the Breakthrough (9), roll to stand: 2 + 3
 * over their TQ = 5, not over 6: they stand at 5 hits.  On one hex they
 * rout with no roll (ruling R161). */
Test(gba_rest, double_sized_hoplites_roll_to_stand_gba_9_65)
{
	const char *hi1[] = {"setup unit hi1 2915 W", "setup unit hi1 2915,2914 W"};
	for (int k = 0; k < 2; k++) {
		struct session s;
		drill(&s, (const char *const[]){
				  "setup remove ar2", "setup remove ar1",
				  "setup unit hy1 2815 E", hi1[k],
				  "setup hits hi1 5", "setup phase shock",
				  "setup active king",
				  "setup leader-state king active",
				  "setup marker hy1 moved_phase on",
				  "setup marker hy1 shock_must on", "continue",
				  "designate hy1 hi1", "roll 1 1 6 2", NULL});
		size_t from = s.game->events.n;
		fx_ok(&s, "designate done");
		if (k) {
			expect_event(s.game, from,
				     "phalanx_stand_or_rout unit=hi1 dr=5 "
				     "over=3 attacker=no tq=6 result=stands",
				     "GBA 9.65");
			cr_expect_not(U(&s, "hi1")->routed, "GBA 9.65");
			cr_expect_eq(U(&s, "hi1")->hits, 5, "GBA 9.65: TQ - 1");
		} else {
			char *ev = events_since(s.game, from);
			cr_expect_null(strstr(ev, "phalanx_stand_or_rout"),
				       "R161: %s", ev);
			free(ev);
			cr_expect(U(&s, "hi1")->routed, "GBA 10.13");
		}
		session_free(&s);
	}
}

/* GBA 10.27 exception: routed hoplites on two hexes never rally; on one
 * hex the King may try. */
Test(gba_rest, double_sized_hoplites_never_rally_gba_10_27)
{
	const char *hy1[] = {"setup unit hy1 2417 E", "setup unit hy1 2417,2418 E"};
	for (int k = 0; k < 2; k++) {
		struct session s;
		drill(&s, (const char *const[]){hy1[k], "setup leader king 2417",
						NULL});
		struct game *g = s.game;
		struct unit *u = game_unit(g, "hy1");
		u->routed = true;
		struct rally_why w = {0};
		int li = (int)(game_leader(g, "king") - g->leaders);
		bool ok = rally_check(g, (int)(u - g->units), li, -1, &w);
		if (k) {
			cr_expect_not(ok, "GBA 10.27");
			cr_expect_not_null(strstr(w.text, "never rallies"), "%s",
					   w.text);
		} else {
			cr_expect(ok, "GBA 10.27: %s", w.text);
		}
		session_free(&s);
	}
}

/* -------------------------------------------- GBA 8.37 on the shock card */

/* GBA 8.37: the shock card tells the Breakthrough (the Push of Shields)
 * with its figures, within the side panel's width: hi1 (5 hits) takes 2
 * from hy1's 2(2) for 7, at least 3 times hy1's 2, and then 2 more. */
Test(gba_rest, shock_card_tells_the_breakthrough_gba_8_37)
{
	struct session s;
	drill(&s, (const char *const[]){
			  "setup remove ar2", "setup remove ar1",
			  "setup unit hy1 2815 E", "setup unit hi1 2915 W",
			  "setup hits hi1 5", "setup phase shock",
			  "setup active king", "setup leader-state king active",
			  "setup marker hy1 moved_phase on",
			  "setup marker hy1 shock_must on", "continue",
			  "designate hy1 hi1", "roll 1 1 6 9",
			  "designate done", NULL});
	expect_event(s.game, 0,
		     "breakthrough combat=0 unit=hi1 unit_hits=7 than=hy1 "
		     "than_hits=2 hits=2",
		     "GBA 8.37");
	struct card c;
	card_init(&c, CARD_PANEL_WIDTH);
	cr_assert_gt(card_shock(s.game, 0, &c), 0, "%s", c.line[0]);
	bool found = false;
	for (int i = 0; i + 1 < c.n; i++)
		if (strstr(c.line[i], "Push: hi1 7 hits >= 3x hy1's 2 ") &&
		    strstr(c.line[i], "8.37") &&
		    strstr(c.line[i + 1], "hi1 +2 hits: 9 of TQ 6"))
			found = true;
	if (!found)
		for (int i = 0; i < c.n; i++)
			cr_log_error("%s", c.line[i]);
	cr_expect(found, "GBA 8.37: the Breakthrough's line");
	session_free(&s);
}
