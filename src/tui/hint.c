/* hint.c — the view's `:hint` (hint.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/ai.h"
#include "maniple/decision.h"
#include "maniple/ruleset.h"
#include "maniple/session.h"

#include "hint.h"
#include "logview.h"
#include "view.h"

/* the room for the answers of the decision looked at */
#define HINT_ANSWERS_MAX 4096

void hint_text(const struct session *s, char *text, size_t n)
{
	const struct ruleset *rs = session_ruleset(s);
	if (!s->game || !rs) {
		snprintf(text, n, "hint: no game");
		return;
	}
	struct decision_answer *room = calloc(HINT_ANSWERS_MAX, sizeof *room);
	/* seeded by the position, so the same position gives the same
	 * hint */
	struct ai_player *p =
		room ? ai_player_new(ai_level_default(), rs,
				     rs->state_digest(s->game))
		     : NULL;
	if (!p) {
		free(room);
		snprintf(text, n, "hint: out of memory");
		return;
	}
	struct decision d;
	decision_init(&d, room, HINT_ANSWERS_MAX);
	rs->decide(s->game, &d);
	int side = ai_decision_side(&d);
	struct ai_move m;
	if (d.n == 0)
		snprintf(text, n, "hint: nothing to decide now");
	else if (ai_choose(p, s->game, side, &m) != 0)
		snprintf(text, n, "hint: %s", m.plan);
	else
		snprintf(text, n, "hint: %s  (%s)", m.line, m.plan);
	ai_player_free(p);
	free(room);
}

bool hint_command(struct tui_view *v, const char *line)
{
	if (strcmp(line, "hint") != 0)
		return false;
	char text[HINT_TEXT_MAX];
	hint_text(v->s, text, sizeof text);
	tui_log_push(&v->log, text);
	tui_say(v, "%s", text);
	return true;
}
