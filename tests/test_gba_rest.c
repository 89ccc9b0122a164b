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
