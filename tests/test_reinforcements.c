/* Reinforcements (SPQR 2.6 names them and the Game Turn Track that times
 * them; the arrival procedure is ours, src/gboh/reinforcements.c): the
 * fixture tests/fixtures/battle-reinf.ini, and the Trebia, where Mago's
 * ambush comes on at the start of turn 4 in a game played through the
 * command language, and a save and replay keeps it. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "maniple/battle.h"
#include "maniple/movement.h"
#include "maniple/orders.h"
#include "maniple/reactions.h"
#include "maniple/reinforcements.h"
#include "fixture.h"
#include "session_play.h"
#include "spqr_tables.h"
#include "changed_tables.h"

/* "reinf": the fixture; "trebia": the shipped battle. */
static struct battle *loader(void *user, const char *name,
			     struct ini_error *err)
{
	(void)user;
	if (strcmp(name, "reinf") == 0)
		return fx_battle_file("tests/fixtures/battle-reinf.ini", err);
	if (strcmp(name, "trebia") == 0)
		return fx_battle_file("scenarios/trebia.ini", err);
	memset(err, 0, sizeof *err);
	snprintf(err->msg, sizeof err->msg, "no battle %s", name);
	return NULL;
}

static struct session *open_game(const char *line)
{
	struct session *s = calloc(1, sizeof *s);
	cr_assert_not_null(s);
	session_init(s, loader, spqr_tables_loader, NULL, 1);
	s->checkpoint_every = 1; /* the game changed by hand too */
	ok(s, line);
	return s;
}

static struct leader *L(struct session *s, const char *id)
{
	struct leader *l = game_leader(s->game, id);
	cr_assert_not_null(l, "no leader %s", id);
	return l;
}

/* An event line holding all of a, b (and c when given). */
static bool has_line(const struct out *o, const char *a, const char *b,
		     const char *c)
{
	for (const char *p = o->ev; *p;) {
		const char *e = strchr(p, '\n');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		char buf[1024];
		snprintf(buf, sizeof buf, "%.*s", (int)n, p);
		if (strstr(buf, a) && strstr(buf, b) && (!c || strstr(buf, c)))
			return true;
		p += n + (e ? 1 : 0);
	}
	return false;
}

static int count_of(const struct out *o, const char *text)
{
	int n = 0;
	for (const char *p = o->ev; (p = strstr(p, text)); p++)
		n++;
	return n;
}

/* 2.6: the loader reads every key of a [reinforcement] section. */
Test(reinforcements, fixture_loads_2_6)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/tests/fixtures/battle-reinf.ini",
		 fx_srcdir());
	struct ini_error err = {0};
	struct battle *b = battle_load(path, &err);
	cr_assert_not_null(b, "%d: %s", err.line, err.msg);
	cr_assert_eq(b->nreinf, 6);
	cr_expect_str_eq(b->reinf[0].unit, "rc1");
	cr_expect_eq(b->reinf[0].turn, 2);
	cr_expect_str_eq(b->reinf[0].edge, "south");
	cr_expect(hex_eq(b->reinf[0].hex, H(2806)));
	cr_expect_eq(b->reinf[0].facing, FACE_NW);
	cr_expect_str_eq(b->reinf[2].unit, "legate");
	cr_expect(hex_is_none(b->reinf[2].hex), "no hex given");
	cr_expect_eq(b->reinf[2].facing, -1, "no facing given");
	battle_free(b);
	(void)place; /* session_play.h helpers this file does not need */
	(void)UI;
}

/* 2.6: nothing arrives before its turn; at the start of turn 2, before
 * the first activation, the turn's reinforcements come on their edges. */
Test(reinforcements, arrive_at_the_start_of_their_turn_2_6)
{
	struct session *s = open_game("new reinf sandbox 1");
	struct out o = ok(s, "continue");
	cr_expect(has(&o, "turn_start turn=1 "));
	cr_expect(!has(&o, "reinforcement_arrives"), "%s", o.ev);
	cr_expect(!U(s, "rc1")->on_map);
	cr_expect(!L(s, "legate")->on_map);
	cr_expect_eq(reinf_due(s->game, "rc1"), 2);
	cr_expect_eq(reinf_due(s->game, "ha1"), 0, "not a reinforcement");

	ok(s, "setup turn 2");
	o = ok(s, "continue");
	cr_expect(has(&o, "turn_start turn=2 "));
	/* rc1 in the hex it asked for, facing as given */
	cr_expect(has(&o, "reinforcement_arrives unit=rc1 side=0 hex=2806 "
			  "facing=NW edge=south due=2 turn=2 rule=2.6"),
		  "%s", o.ev);
	/* rc2 asked for the same hex: the nearest free one of the edge,
	 * 2706 (distance 1, the lower column) */
	cr_expect(has(&o, "reinforcement_arrives unit=rc2 side=0 hex=2706 "
			  "facing=NW edge=south asked=2806 due=2 turn=2 "
			  "rule=2.6"),
		  "%s", o.ev);
	/* the legate, given no hex, comes with rc1 */
	cr_expect(has(&o, "reinforcement_arrives leader=legate side=0 "
			  "hex=2806 edge=south due=2 turn=2 rule=2.6"),
		  "%s", o.ev);
	/* lc1, given no hex: the middle of the east edge, facing W */
	cr_expect(has(&o, "reinforcement_arrives unit=lc1 side=1 hex=3003 "
			  "facing=W edge=pass due=2 turn=2 rule=2.6"),
		  "%s", o.ev);
	cr_expect(!has(&o, "unit=ph1"), "ph1 is due on turn 3");
	/* before the activation decision of the turn */
	const char *arr = strstr(o.ev, "reinforcement_arrives");
	const char *dec = strstr(o.ev, "decision ");
	cr_expect(arr && dec && arr < dec, "%s", o.ev);
	cr_expect(U(s, "rc1")->on_map);
	cr_expect(hex_eq(U(s, "rc2")->at.hex[0], H(2706)));
	cr_expect(!U(s, "rc2")->moved_turn, "arriving is not moving");
	cr_expect(L(s, "legate")->on_map);
	cr_expect_eq(reinf_due(s->game, "rc1"), 0);

	ok(s, "setup turn 3");
	o = ok(s, "continue");
	cr_expect(!has(&o, "unit=rc1"), "rc1 arrives once: %s", o.ev);
	/* ph1 (no hex): two hexes of row 1 about the middle, 2501 */
	cr_expect(has(&o, "reinforcement_arrives unit=ph1 side=1 hex=2501 "),
		  "%s", o.ev);
	struct unit *ph = U(s, "ph1");
	cr_expect(ph->on_map);
	cr_expect_eq(ph->at.hex[0].row, 1);
	cr_expect_eq(ph->at.hex[1].row, 1);
	cr_expect_null(footprint_check(&ph->at), "a legal phalanx footprint");
	cr_expect(ph->at.facing == FACE_SE || ph->at.facing == FACE_SW,
		  "faces into the map: %d", ph->at.facing);
	/* Bomilcar in his own hex */
	cr_expect(has(&o, "reinforcement_arrives leader=bomilcar side=1 "
			  "hex=2301 edge=north due=3 turn=3 rule=2.6"),
		  "%s", o.ev);
	close_game(s);
}

/* 6.4: how many hexes an arriving unit takes is the traits data's: with
 * PH's phalanx trait taken out of unit_types.ini, ph1 comes on at one
 * hex of the north edge. */
Test(reinforcements, two_hex_arrival_follows_unit_types_ini_6_4)
{
	struct session *s = open_game("new reinf sandbox 1");
	change_tables(s->game, "unit_types",
		      "traits = infantry phalanx heavy_foot",
		      "traits = infantry heavy_foot");
	ok(s, "setup turn 3");
	struct out o = ok(s, "continue");
	cr_expect(has(&o, "reinforcement_arrives unit=ph1 side=1 "), "%s",
		  o.ev);
	struct unit *ph = U(s, "ph1");
	cr_expect(ph->on_map);
	cr_expect_eq(ph->at.hex[0].row, 1);
	cr_expect(hex_is_none(ph->at.hex[1]), "one hex");
	cr_expect(!unit_is_two_hex(ph));
	close_game(s);
}

/* 2.6 (our ruling): an edge with no hex a unit may take delays it; it
 * comes at the start of the next turn the edge is open. */
Test(reinforcements, a_closed_edge_delays_them_2_6)
{
	struct session *s = open_game("new reinf sandbox 1");
	/* 7.21: slingers with missiles have a Front and Flank ZOC; at 3002
	 * and 3005 facing E they cover or hold all six hexes of the edge */
	ok(s, "setup unit sk1 3002 E");
	ok(s, "setup unit sk2 3005 E");
	ok(s, "setup turn 2");
	struct out o = ok(s, "continue");
	cr_expect(has(&o, "reinforcement_delayed unit=lc1 side=1 edge=pass "
			  "due=2 turn=2 why=no_free_hex rule=2.6"),
		  "%s", o.ev);
	cr_expect(!U(s, "lc1")->on_map);
	o = ok(s, "show reinforcements");
	cr_expect(has(&o, "reinforcement unit=lc1 side=1 turn=2 edge=pass "
			  "hex=- status=delayed rule=2.6"),
		  "%s", o.ev);
	cr_expect(has(&o, "reinforcement unit=rc1 side=0 turn=2 edge=south "
			  "hex=2806 status=arrived rule=2.6"),
		  "%s", o.ev);
	cr_expect(has(&o, "reinforcement unit=ph1 side=1 turn=3 edge=north "
			  "hex=- status=due rule=2.6"),
		  "%s", o.ev);
	cr_expect(has(&o, "reinforcements listed=6 waiting=3 turn=2"), "%s",
		  o.ev);
	ok(s, "setup eliminate rc2");
	o = ok(s, "show reinforcements");
	cr_expect(has(&o, "reinforcement unit=rc2 side=0 turn=2 edge=south "
			  "hex=2806 status=gone rule=2.6"),
		  "%s", o.ev);
	/* one slinger goes: the next turn lc1 comes, late */
	ok(s, "setup remove sk2");
	ok(s, "setup turn 3");
	o = ok(s, "continue");
	cr_expect(has_line(&o, "reinforcement_arrives unit=lc1 ",
			   "due=2 turn=3 rule=2.6", NULL),
		  "%s", o.ev);
	/* 3004, 3005 or 3006: out of sk1's reach */
	struct unit *lc = U(s, "lc1");
	cr_expect(lc->on_map);
	cr_expect_eq(lc->at.hex[0].col, 30);
	cr_expect_geq(lc->at.hex[0].row, 4);
	close_game(s);
}

/* 2.6, 7.21: a reinforcement still off the map exerts no ZOC, takes no
 * orders and its leader cannot be activated: the refusals name 2.6. */
Test(reinforcements, off_the_map_they_do_nothing_2_6)
{
	struct session *s = open_game("new reinf sandbox 1");
	ok(s, "continue");
	/* a stale hex on the counter changes nothing while it waits */
	struct unit *lc = U(s, "lc1");
	game_unit_place(s->game, lc,
			(struct footprint){{H(3003), HEX_NONE}, FACE_W, false, false});
	cr_expect(!zoc_enemy_in(s->game, 0, H(2903)), "no ZOC off the map");
	cr_expect(!zoc_enemy_in(s->game, 0, H(2902)));
	game_unit_place(s->game, lc,
			(struct footprint){{HEX_NONE, HEX_NONE}, FACE_NE, false, false});

	struct out o = run(s, "activate legate");
	cr_expect_eq(o.st, CMD_REFUSED);
	cr_expect_str_eq(o.rule, "2.6");
	cr_expect(strstr(o.reason, "reinforcement") &&
			  strstr(o.reason, "turn 2"),
		  "%s", o.reason);

	phase(s, "consul");
	o = run(s, "order rc1 move");
	cr_expect_eq(o.st, CMD_REFUSED);
	cr_expect_str_eq(o.rule, "2.6", "%s", o.reason);
	cr_expect(strstr(o.reason, "due on turn 2"), "%s", o.reason);
	/* a line of reinforcements only */
	o = run(s, "line horse");
	cr_expect_eq(o.st, CMD_REFUSED);
	cr_expect_str_eq(o.rule, "2.6", "%s", o.reason);
	cr_expect(strstr(o.reason, "the first due on turn 2"), "%s", o.reason);
	/* a unit on the map is ordered as ever */
	o = run(s, "order ha1 move");
	cr_expect_eq(o.st, CMD_OK, "%s (%s)", o.reason, o.rule);
	close_game(s);
}

/* 2.6: the game file holds no arrival of its own: replaying the commands
 * brings the reinforcements on again, digest for digest. */
Test(reinforcements, a_saved_game_replays_them_2_6)
{
	char path[] = "/tmp/maniple-reinf-XXXXXX";
	int fd = mkstemp(path);
	cr_assert_geq(fd, 0);
	close(fd);
	struct session *s = open_game("new reinf sandbox 5");
	char err[256];
	cr_assert_eq(session_save(s, path, true, true, err, sizeof err), 0, "%s",
		     err);
	ok(s, "continue");
	ok(s, "setup turn 2");
	ok(s, "continue");
	ok(s, "setup turn 3");
	ok(s, "continue");
	cr_assert(U(s, "ph1")->on_map);

	struct session t;
	session_init(&t, loader, spqr_tables_loader, NULL, 1);
	t.checkpoint_every = 1; /* the game changed by hand too */
	struct ini_error ie;
	cr_assert(session_load(&t, path, &ie), "%d: %s", ie.line, ie.msg);
	cr_expect_eq(game_digest(t.game), game_digest(s->game));
	const char *ids[] = {"rc1", "rc2", "lc1", "ph1"};
	for (int i = 0; i < 4; i++) {
		struct unit *a = game_unit(s->game, ids[i]);
		struct unit *b = game_unit(t.game, ids[i]);
		cr_expect(b->on_map, "%s", ids[i]);
		cr_expect(hex_eq(a->at.hex[0], b->at.hex[0]), "%s", ids[i]);
		cr_expect(hex_eq(a->at.hex[1], b->at.hex[1]), "%s", ids[i]);
		cr_expect_eq(a->at.facing, b->at.facing, "%s", ids[i]);
	}
	cr_expect(game_leader(t.game, "legate")->on_map);
	session_free(&t);
	close_game(s);
	unlink(path);
}

/* ---- the Trebia: Mago's ambush ---- */

/* Plays the sequence on by declining everything: each activation is
 * passed (5.15), the elite offer and momentum declined, until the game
 * turn `until` has begun.  Returns the events of the command that began
 * it. */
static struct out pass_until(struct session *s, int until)
{
	struct out last;
	memset(&last, 0, sizeof last);
	for (int guard = 0; guard < 2000; guard++) {
		if (s->game->turn >= until &&
		    s->game->seq.started_turn == s->game->turn)
			return last;
		struct decision_answer a[256];
		int n = seq_legal(s->game, a, 256);
		const char *pick = NULL;
		static const char *const prefer[] = {"pass", "no elite",
						     "no momentum", "no trump",
						     "continue"};
		for (size_t p = 0; p < sizeof prefer / sizeof *prefer && !pick;
		     p++)
			for (int i = 0; i < n && !pick; i++)
				if (strncmp(a[i].line, prefer[p],
					    strlen(prefer[p])) == 0)
					pick = a[i].line;
		if (!pick) {
			struct out o = run(s, "continue");
			cr_assert_eq(o.st, CMD_OK, "stuck at turn %d: %s",
				     s->game->turn, o.reason);
			last = o;
			continue;
		}
		char line[128];
		snprintf(line, sizeof line, "%s", pick);
		last = ok(s, line);
	}
	cr_assert_fail("turn %d never began", until);
	return last;
}

/* 2.6 (scenarios/trebia.ini): Mago and his 2,000 are off the map for
 * three turns and come on at the start of turn 4 by the south edge, at
 * the hexes the battle file gives, Mago with his horse. */
Test(reinforcements, trebia_mago_arrives_on_turn_4_2_6)
{
	char path[] = "/tmp/maniple-trebia-XXXXXX";
	int fd = mkstemp(path);
	cr_assert_geq(fd, 0);
	close(fd);
	struct session *s = open_game("new trebia solo 7");
	char err[256];
	cr_assert_eq(session_save(s, path, true, true, err, sizeof err), 0, "%s",
		     err);
	struct out o = run(s, "show reinforcements");
	cr_expect(has(&o, "reinforcements listed=5 waiting=5 turn=1"), "%s",
		  o.ev);
	cr_expect(has(&o, "reinforcement leader=mago side=1 turn=4 "
			  "edge=ambush hex=- status=due rule=2.6"),
		  "%s", o.ev);

	pass_until(s, 3);
	cr_expect_eq(s->game->turn, 3);
	cr_expect(!L(s, "mago")->on_map, "Mago waits through turn 3");
	cr_expect(!U(s, "mago_hc1")->on_map);
	/* turn 3 opens with Hannibal's elite offer (5.51): Mago may not
	 * take it, nor be activated after it */
	o = run(s, "elite mago");
	cr_expect_eq(o.st, CMD_REFUSED);
	cr_expect_str_eq(o.rule, "2.6", "%s", o.reason);
	ok(s, "no elite");
	o = run(s, "activate mago");
	cr_expect_eq(o.st, CMD_REFUSED);
	cr_expect_str_eq(o.rule, "2.6", "%s", o.reason);

	o = pass_until(s, 4);
	cr_assert_eq(s->game->turn, 4);
	cr_expect(has(&o, "turn_start turn=4 "), "%s", o.ev);
	cr_expect(has(&o, "reinforcement_arrives unit=mago_hc1 side=1 "
			  "hex=3340 facing=NE edge=ambush due=4 turn=4 "
			  "rule=2.6"),
		  "%s", o.ev);
	cr_expect(has(&o, "reinforcement_arrives unit=mago_hc2 side=1 "
			  "hex=3440 facing=NE "),
		  "%s", o.ev);
	cr_expect(has(&o, "reinforcement_arrives unit=mago_ft1 side=1 "
			  "hex=3240 facing=NE "),
		  "%s", o.ev);
	cr_expect(has(&o, "reinforcement_arrives unit=mago_ft2 side=1 "
			  "hex=3540 facing=NE "),
		  "%s", o.ev);
	/* Mago comes with the first of his units in the file: his horse */
	cr_expect(has(&o, "reinforcement_arrives leader=mago side=1 hex=3340 "
			  "edge=ambush due=4 turn=4 rule=2.6"),
		  "%s", o.ev);
	cr_expect_eq(count_of(&o, "reinforcement_arrives"), 5);
	cr_expect(L(s, "mago")->on_map);
	o = run(s, "show reinforcements");
	cr_expect(has(&o, "reinforcements listed=5 waiting=0 turn=4"), "%s",
		  o.ev);

	/* the game file replays to the same position */
	struct session t;
	session_init(&t, loader, spqr_tables_loader, NULL, 1);
	t.checkpoint_every = 1; /* the game changed by hand too */
	struct ini_error ie;
	cr_assert(session_load(&t, path, &ie), "%d: %s", ie.line, ie.msg);
	cr_expect_eq(t.game->turn, 4);
	cr_expect_eq(game_digest(t.game), game_digest(s->game));
	cr_expect(hex_eq(game_unit(t.game, "mago_ft2")->at.hex[0], H(3540)));
	cr_expect(hex_eq(game_leader(t.game, "mago")->hex, H(3340)));
	session_free(&t);
	close_game(s);
	unlink(path);
}
