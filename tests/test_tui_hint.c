/* test_tui_hint.c — the view's `:hint` (src/tui/hint.c) without a
 * terminal: it says what the `normal` level would play now for the side
 * that owes the decision and why, the line being one the game accepts;
 * the game, its dice and its file are left as they were. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "maniple/cmd.h"
#include "maniple/digest.h"
#include "maniple/game.h"

#include "fixture.h"

#include "../src/tui/hint.h"
#include "../src/tui/view.h"
#include "tui_fixture.h"

static struct session S;
static struct tui_view *V;

static void drill(void)
{
	session_init(&S, fx_loader, spqr_tables_loader, NULL, 1);
	fx_ok(&S, "new drill solo 7");
	V = fx_view(&S);
	V->lay.too_small = true;
	V->log_want = 0;
}

static void stop(void)
{
	fx_view_free(V);
	V = NULL;
	session_free(&S);
}

/* The line a hint message names: "hint: LINE  (PLAN)". */
static void hinted_line(char *out, size_t n)
{
	const char *m = V->message;
	cr_assert(strncmp(m, "hint: ", 6) == 0, "%s", m);
	const char *end = strstr(m, "  (");
	cr_assert_not_null(end, "%s", m);
	size_t k = (size_t)(end - (m + 6));
	cr_assert_lt(k, n);
	memcpy(out, m + 6, k);
	out[k] = '\0';
}

Test(tui_hint, says_a_line_the_game_accepts_and_changes_nothing,
     .init = drill, .fini = stop, .timeout = 120)
{
	const char *steps[] = {"continue", NULL};
	for (int i = 0; steps[i]; i++)
		fx_ok(&S, steps[i]);
	for (int k = 0; k < 12; k++) {
		uint64_t before = game_state_digest(S.game);
		size_t lines = session_commands(&S);
		tui_exec(V, "hint");
		cr_assert_eq(game_state_digest(S.game), before,
			     "a hint changes nothing");
		cr_assert_eq(session_commands(&S), lines,
			     "a hint is not journaled");
		cr_assert(strstr(V->message, "normal: "), "%s", V->message);
		char line[256];
		hinted_line(line, sizeof line);
		/* the same position, the same hint */
		char again[sizeof V->message];
		snprintf(again, sizeof again, "%s", V->message);
		tui_exec(V, "hint");
		cr_assert_str_eq(V->message, again);
		fx_ok(&S, line);
	}
}

Test(tui_hint, the_hint_is_in_the_log, .init = drill, .fini = stop)
{
	tui_exec(V, "hint");
	bool found = false;
	for (long i = V->log.base; i < V->log.base + V->log.n; i++)
		found |= strncmp(tui_log_line(&V->log, i), "hint: ", 6) == 0;
	cr_assert(found);
}
