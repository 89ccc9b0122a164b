/* tui_fixture.h — for the map view's tests, with fixture.h: a view on a
 * session that never opens a terminal, and the refusals a settings file
 * got (src/tui/config.h) as "file:line: reason".  Static inline
 * definitions. */
#ifndef TESTS_TUI_FIXTURE_H
#define TESTS_TUI_FIXTURE_H

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "../src/tui/config.h"
#include "../src/tui/reading.h"
#include "../src/tui/seam.h"
#include "../src/tui/view.h"
#include "fixture.h"

/* A new view on s's game, its log empty and no window made; the caller
 * sets the rest (the layout, the prompt) and frees it. */
static inline struct tui_view *fx_view(struct session *s)
{
	struct tui_view *v = calloc(1, sizeof *v);
	cr_assert_not_null(v);
	v->s = s;
	v->ops = &tui_main_ops;
	v->game = tui_game_id(s);
	tui_log_init(&v->log);
	return v;
}

/* Frees a view fx_view made, with the map view-model it took and the
 * reading pane's text (as the view's own loop does when it ends). */
static inline void fx_view_free(struct tui_view *v)
{
	if (v) {
		reading_free(&v->reading);
		tui_view_free_map(v);
	}
	free(v);
}

/* The i-th refusal of c as "file:line: reason" (a static buffer). */
static inline const char *fx_refusal(const struct tui_config *c, int i)
{
	static char buf[INI_ERR_MAX + 300];
	cr_assert_lt(i, c->nerrors, "only %d refusals", c->nerrors);
	ini_error_format(&c->errors[i], buf, sizeof buf);
	return buf;
}

/* The i-th refusal of c is at line and its reason holds words. */
static inline void fx_expect_refusal(const struct tui_config *c, int i,
				     int line, const char *words)
{
	cr_assert_lt(i, c->nerrors, "only %d refusals", c->nerrors);
	cr_expect_eq(c->errors[i].line, line, "refusal %d at line %d: %s", i,
		     c->errors[i].line, fx_refusal(c, i));
	cr_expect(strstr(c->errors[i].msg, words) != NULL,
		  "refusal %d lacks \"%s\": %s", i, words, fx_refusal(c, i));
}

#endif
