/* The command language: tokenizer, dispatch, refusals (setup outside a
 * sandbox, forced dice in hotseat R9, malformed arguments), setup
 * commands. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/cmd.h"
#include "maniple/game.h"
#include "hand_battle.h"

Test(cmd, tokenizer_splits_words_quotes_and_comments)
{
	struct cmd_tokens t;
	char err[128];
	cr_assert_eq(cmd_tokenize("  setup  hits\th1 3 # a comment", &t, err,
				  sizeof err),
		     0);
	cr_assert_eq(t.argc, 4);
	cr_expect_str_eq(t.argv[0], "setup");
	cr_expect_str_eq(t.argv[3], "3");
	cr_expect_null(t.argv[4]);
	cr_assert_eq(cmd_tokenize("save \"my game\" 'a b'x a#b", &t, err,
				  sizeof err),
		     0);
	cr_assert_eq(t.argc, 4);
	cr_expect_str_eq(t.argv[1], "my game");
	cr_expect_str_eq(t.argv[2], "a bx");
	cr_expect_str_eq(t.argv[3], "a#b");
	cr_assert_eq(cmd_tokenize("x \"a\\\"b\"", &t, err, sizeof err), 0);
	cr_expect_str_eq(t.argv[1], "a\"b");
	cr_assert_eq(cmd_tokenize("# only a comment", &t, err, sizeof err), 0);
	cr_expect_eq(t.argc, 0);
	cr_assert_eq(cmd_tokenize("", &t, err, sizeof err), 0);
	cr_expect_eq(t.argc, 0);
}

Test(cmd, tokenizer_refuses_bad_lines)
{
	struct cmd_tokens t;
	char err[128];
	cr_expect_eq(cmd_tokenize("save \"open", &t, err, sizeof err), -1);
	cr_expect_not_null(strstr(err, "unterminated"));
	char many[400] = "";
	for (int i = 0; i < 60; i++)
		strcat(many, "w ");
	cr_expect_eq(cmd_tokenize(many, &t, err, sizeof err), -1);
	char *longline = malloc(3000);
	memset(longline, 'a', 2999);
	longline[2999] = '\0';
	cr_expect_eq(cmd_tokenize(longline, &t, err, sizeof err), -1);
	free(longline);
}

Test(cmd, canonical_form_quotes_what_needs_it)
{
	struct cmd_call call;
	struct cmd_result r;
	cmd_result_init(&r);
	cr_assert(cmd_lookup(gboh_commands(), "save  'my game'  # x", &call,
			     &r));
	char buf[128];
	cmd_canonical(&call, buf, sizeof buf);
	cr_expect_str_eq(buf, "save \"my game\"");
	struct cmd_tokens t;
	char err[64];
	cr_assert_eq(cmd_tokenize(buf, &t, err, sizeof err), 0);
	cr_expect_str_eq(t.argv[1], "my game");
	cmd_result_free(&r);
}

Test(cmd, dispatch_finds_one_and_two_word_commands)
{
	struct cmd_call call;
	struct cmd_result r;
	cmd_result_init(&r);
	cr_assert(cmd_lookup(gboh_commands(), "setup hits h1 2", &call, &r));
	cr_expect_str_eq(call.def->name, "setup hits");
	cr_expect_eq(call.argc, 3);
	cr_expect_str_eq(call.argv[0], "hits");
	cr_expect_eq(call.def->effect, CMD_CHANGES);
	cr_assert(cmd_lookup(gboh_commands(), "show state", &call, &r));
	cr_expect_eq(call.def->effect, CMD_LOOKS);
	cr_assert(cmd_lookup(gboh_commands(), "   ", &call, &r));
	cr_expect_null(call.def);
	cr_expect_not(cmd_lookup(gboh_commands(), "fly away", &call, &r));
	cr_expect_eq(r.status, CMD_MALFORMED);
	cmd_result_reset(&r);
	cr_expect_not(cmd_lookup(gboh_commands(), "setup fly", &call, &r));
	cr_expect_str_eq(r.reason, "unknown command setup fly");
	cmd_result_free(&r);
}

Test(cmd, every_command_says_whether_it_changes_the_game)
{
	const struct cmd_table *t = gboh_commands();
	for (int i = 0; i < t->n; i++) {
		const struct cmd_def *d = &t->defs[i];
		cr_expect(strlen(d->help) < EVENT_VAL_MAX, "%s", d->name);
		cr_expect(strlen(d->args) < EVENT_VAL_MAX, "%s", d->name);
		if (strncmp(d->name, "setup ", 6) == 0 ||
		    strcmp(d->name, "roll") == 0)
			cr_expect_eq(d->effect, CMD_CHANGES, "%s", d->name);
		if (strncmp(d->name, "show ", 5) == 0 ||
		    strcmp(d->name, "help") == 0)
			cr_expect_eq(d->effect, CMD_LOOKS, "%s", d->name);
	}
}

/* One valid line for every setup command against the hand battle. */
static const char *const setup_lines[] = {
	"setup unit h1 0505 NE",
	"setup unit h1 0505 N column",
	"setup leader consul 0707",
	"setup remove s1",
	"setup eliminate s1",
	"setup hits h1 3",
	"setup marker h1 moved_turn on",
	"setup marker h1 moved_phase on",
	"setup marker h1 shock_must on",
	"setup marker h1 shock_no on",
	"setup marker h1 column on N",
	"setup marker p1 double_depth on",
	"setup marker h1 routed on",
	"setup marker h1 depleted on",
	"setup marker h1 engaged on",
	"setup marker h1 pursuit on",
	"setup marker h1 off_map on",
	"setup supply s1 low",
	"setup leader-state consul active",
	"setup leader-state consul wounded",
	"setup wounds consul 2",
	"setup activations consul 1",
	"setup turn 3",
	"setup phase shock",
	"setup active tribune",
};
#define NSETUP (int)(sizeof setup_lines / sizeof setup_lines[0])

Test(cmd, every_setup_command_works_in_a_sandbox)
{
	for (int i = 0; i < NSETUP; i++) {
		struct session s;
		start(&s, "sandbox");
		uint64_t d = game_digest(s.game);
		cr_expect_eq(run(&s, setup_lines[i]), CMD_OK, "%s",
			     setup_lines[i]);
		cr_expect_neq(game_digest(s.game), d, "%s", setup_lines[i]);
		session_free(&s);
	}
}

Test(cmd, every_setup_command_is_refused_outside_a_sandbox)
{
	const char *kinds[] = {"solo", "hotseat"};
	for (int k = 0; k < 2; k++)
		for (int i = 0; i < NSETUP; i++) {
			struct session s;
			start(&s, kinds[k]);
			uint64_t d = game_digest(s.game);
			struct cmd_result r;
			cmd_result_init(&r);
			session_exec(&s, setup_lines[i], &r);
			cr_expect_eq(r.status, CMD_REFUSED, "%s %s", kinds[k],
				     setup_lines[i]);
			cr_expect_not_null(strstr(r.reason, "sandbox"));
			cr_expect_eq(game_digest(s.game), d);
			cr_expect_eq(s.journal.n, 0);
			cmd_result_free(&r);
			session_free(&s);
		}
}

/* R9: forced dice are refused in a hotseat game. */
Test(cmd, roll_is_refused_in_hotseat_R9)
{
	struct session s;
	start(&s, "hotseat");
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(&s, "roll 6 2 9", &r);
	cr_expect_eq(r.status, CMD_REFUSED);
	cr_expect_str_eq(r.rule, "R9");
	cr_expect_eq(s.game->dice.nforced, 0);
	struct event e;
	cmd_refusal_event(&r, &e);
	cr_expect_str_eq(event_get(&e, "rule"), "R9");
	cr_expect_str_eq(e.kind, "refused");
	cmd_result_free(&r);
	session_free(&s);
}

Test(cmd, roll_queues_forced_dice_in_solo_and_sandbox)
{
	const char *kinds[] = {"solo", "sandbox"};
	for (int k = 0; k < 2; k++) {
		struct session s;
		start(&s, kinds[k]);
		cr_expect_eq(run(&s, "roll 6 2 9"), CMD_OK);
		cr_expect_eq(s.game->dice.nforced, 3);
		bool forced;
		cr_expect_eq(dice_d10(&s.game->dice, &forced), 6);
		cr_expect(forced);
		cr_expect_str_eq(s.journal.lines[0], "roll 6 2 9");
		session_free(&s);
	}
}

Test(cmd, malformed_arguments_are_malformed_and_change_nothing)
{
	const char *bad[] = {
		"roll",
		"roll 10",
		"roll -1",
		"roll x",
		"setup hits h1",
		"setup hits h1 x",
		"setup hits h1 100",
		"setup unit h1 55 NE",
		"setup unit h1 0505 north",
		"setup unit h1 0505 NE sideways",
		"setup marker h1 sleepy on",
		"setup marker h1 routed maybe",
		"setup marker h1 column on",
		"setup supply s1 plenty",
		"setup leader-state consul asleep",
		"setup turn 0",
		"setup phase lunch",
		"setup leader consul 07",
		"show",
		"show hex 7",
		"new",
		"new hand solo 12 extra",
		"new hand fast",
		"help a b c",
		"flee",
		"save \"unterminated",
	};
	struct session s;
	start(&s, "sandbox");
	uint64_t d = game_digest(s.game);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		cr_expect_eq(run(&s, bad[i]), CMD_MALFORMED, "%s", bad[i]);
	cr_expect_eq(game_digest(s.game), d);
	cr_expect_eq(s.journal.n, 0);
	session_free(&s);
}

Test(cmd, refusals_name_their_reason_and_rule)
{
	struct session s;
	start(&s, "sandbox");
	struct cmd_result r;
	cmd_result_init(&r);
	uint64_t d = game_digest(s.game);
	session_exec(&s, "setup unit p1 0505 W", &r); /* one hex: 6.4 */
	cr_expect_eq(r.status, CMD_REFUSED);
	cr_expect_str_eq(r.rule, "6.4");
	session_exec(&s, "setup unit h1 0505,0506 E", &r);
	cr_expect_str_eq(r.rule, "6.4");
	session_exec(&s, "setup unit h1 1111 E", &r);
	cr_expect_not_null(strstr(r.reason, "not on the map"));
	session_exec(&s, "setup marker h1 double_depth on", &r);
	cr_expect_str_eq(r.rule, "9.5");
	session_exec(&s, "setup supply h1 low", &r);
	cr_expect_str_eq(r.rule, "8.17");
	session_exec(&s, "setup hits nobody 1", &r);
	cr_expect_eq(r.status, CMD_REFUSED);
	session_exec(&s, "new nowhere", &r);
	cr_expect_eq(r.status, CMD_REFUSED);
	cr_expect_str_eq(s.game->battle->id, "hand"); /* the game goes on */
	cr_expect_eq(game_digest(s.game), d);
	cmd_result_free(&r);
	session_free(&s);
}

Test(cmd, commands_before_a_game_are_refused)
{
	struct session s;
	session_init(&s, hand_battle, spqr_tables_loader, NULL, 1);
	cr_expect_eq(run(&s, "show units"), CMD_REFUSED);
	cr_expect_eq(run(&s, "roll 3"), CMD_REFUSED);
	cr_expect_eq(run(&s, "setup turn 2"), CMD_REFUSED);
	cr_expect_eq(run(&s, "help"), CMD_OK);
	session_free(&s);
}

/* 11.1: eliminating adds the rout points to the side's total. */
Test(cmd, eliminate_adds_rout_points_11_1)
{
	struct session s;
	start(&s, "sandbox");
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(&s, "setup eliminate p1", &r);
	cr_assert_eq(r.status, CMD_OK);
	cr_expect_eq(s.game->rout_points[1], 14);
	cr_assert_eq(r.out.n, 1);
	cr_expect_str_eq(event_log_kind(&r.out, 0), "eliminated");
	cr_expect_str_eq(event_log_get(&r.out, 0, "rp"), "14");
	cr_expect_str_eq(event_log_get(&r.out, 0, "rule"), "11.1");
	session_exec(&s, "setup eliminate consul", &r);
	cr_expect_eq(s.game->rout_points[0], 20);
	session_exec(&s, "setup eliminate tribune", &r);
	cr_expect_eq(s.game->rout_points[0], 23);
	session_exec(&s, "setup eliminate p1", &r);
	cr_expect_eq(r.status, CMD_REFUSED);
	cr_expect_eq(s.game->rout_points[1], 14);
	cmd_result_free(&r);
	session_free(&s);
}

Test(cmd, setup_places_and_stacks_units)
{
	struct session s;
	start(&s, "sandbox");
	cr_assert_eq(run(&s, "setup unit s1 0303 NE"), CMD_OK);
	const struct unit *u[4];
	cr_assert_eq(game_units_at(s.game, (struct hex){3, 3}, u, 4), 2);
	cr_expect_str_eq(u[0]->id, "s1"); /* placed last: on top */
	cr_assert_eq(run(&s, "setup unit p1 0405,0406 E"), CMD_OK);
	cr_expect_eq(game_unit(s.game, "p1")->at.facing, FACE_E);
	cr_assert_eq(run(&s, "setup marker h1 column on S"), CMD_OK);
	cr_expect(game_unit(s.game, "h1")->at.in_column);
	cr_expect_eq(game_unit(s.game, "h1")->at.facing, SIDE_S);
	cr_assert_eq(run(&s, "setup active consul"), CMD_OK);
	cr_expect_eq(s.game->active_leader, 0);
	cr_assert_eq(run(&s, "setup phase rout_reload"), CMD_OK);
	cr_expect_eq(s.game->phase, PHASE_ROUT_RELOAD);
	cr_assert_eq(run(&s, "setup leader-state tribune bypassed"), CMD_OK);
	cr_expect_eq(game_leader(s.game, "tribune")->state, LS_BYPASSED);
	session_free(&s);
}

Test(cmd, show_commands_look_and_change_nothing)
{
	struct session s;
	start(&s, "sandbox");
	uint64_t d = game_digest(s.game);
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(&s, "show hex 0605", &r);
	cr_assert_eq(r.status, CMD_OK);
	cr_assert_eq(r.out.n, 2);
	cr_expect_str_eq(event_log_get(&r.out, 1, "hex"), "0605,0606");
	session_exec(&s, "show state", &r);
	cr_assert_not_null(r.text);
	cr_expect_eq(strncmp(r.text, "state version=1", 15), 0);
	session_exec(&s, "show units", &r);
	cr_expect_eq(r.out.n, 3);
	session_exec(&s, "show leader consul", &r);
	cr_expect_str_eq(event_log_get(&r.out, 0, "rp"), "20");
	session_exec(&s, "help setup", &r);
	cr_expect_gt(r.out.n, 10);
	session_exec(&s, "help show hex", &r);
	cr_expect_eq(r.out.n, 1);
	cr_expect_eq(game_digest(s.game), d);
	cr_expect_eq(s.journal.n, 0);
	cmd_result_free(&r);
	session_free(&s);
}
