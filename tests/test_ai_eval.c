/* test_ai_eval.c — how the search weighs a position (ruleset evaluate,
 * ai_eval.c): two sandbox positions on the drill map that differ in one
 * fault of the array alone, the one with it valued the worse for the side
 * that has it (the evaluation without the fault's term values both the
 * same). */
#include <criterion/criterion.h>

#include "maniple/ruleset.h"
#include "maniple/session.h"

#include "fixture.h"

/* the drill's units but the hastati and the hoplites */
static const char *const bare[] = {
	"new drill sandbox 1", "setup remove pr1", "setup remove pr2",
	"setup remove ve1",    "setup remove sl1", "setup remove rc1",
	"setup remove lc1",    "setup remove ph1", "setup remove mi1",
	"setup remove hi2",    "setup remove ar1", "setup remove li1",
	"setup remove hc1",    "setup remove lc2", NULL};

/* How the sandbox bare, then lines (NULL-terminated), stands for Rome. */
static double rome_value(const char *const *lines)
{
	struct session s;
	session_init(&s, fx_loader, spqr_tables_loader, NULL, 1);
	fx_run(&s, bare);
	fx_run(&s, lines);
	double v = session_ruleset(&s)->evaluate(s.game, 0);
	session_free(&s);
	return v;
}

/* 4.21: the hastati out of both Roman leaders' Command Range (the Consul
 * 5 hexes, the Tribune 4) are worse off than within it. */
Test(ai_eval, unit_out_of_command_range_is_worse)
{
	const char *const away[] = {"setup remove ha2",
				    "setup leader consul 2010",
				    "setup leader tribune 2011", NULL};
	const char *const near[] = {"setup remove ha2", NULL};
	double a = rome_value(away), n = rome_value(near);
	cr_expect(a < n, "away %f, near %f", a, n);
}
