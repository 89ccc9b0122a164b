/* battle_end.c — the phases' events and the end of a battle (3.0, 11.2,
 * RULINGS R4, GBA 8.46): the Game Over phase and its `game_over` event,
 * whichever rule ends the battle.  It lies under the sequence of play
 * (sequence.c) so that a rule far below it (a leader's death ending the
 * battle, GBA 8.46) ends the battle without calling up into it. */
#include "maniple/sequence.h"

#include "maniple/event.h"
#include "maniple/game.h"

const char *seq_result_name(enum seq_result r)
{
	switch (r) {
	case RESULT_SIDE0:
		return "side0";
	case RESULT_SIDE1:
		return "side1";
	case RESULT_DRAW:
		return "draw";
	default:
		return "none";
	}
}

/* The battle's side ids for the event (the battle file's, else side0 and
 * side1; "-" for no side). */
static const char *game_side_id(const struct game *g, int s)
{
	if (s < 0 || s > 1)
		return "-";
	return g->battle && g->battle->sides[s].id[0] ? g->battle->sides[s].id
						      : (s ? "side1" : "side0");
}

void seq_emit_phase(struct game *g, enum phase p, const char *rule)
{
	g->phase = p;
	struct event e;
	event_init(&e, "phase");
	event_add(&e, "name", "%s", phase_name(p));
	event_add(&e, "turn", "%d", g->turn);
	event_add(&e, "rule", "%s", rule);
	game_emit(g, &e);
}

void seq_game_over(struct game *g, enum seq_result res, const char *why,
		      const char *rule)
{
	if (g->phase == PHASE_OVER)
		return;
	g->seq.result = res;
	g->seq.step = SEQ_OVER;
	seq_emit_phase(g, PHASE_OVER, rule);
	struct event e;
	event_init(&e, "game_over");
	event_add(&e, "result", "%s", seq_result_name(res));
	event_add(&e, "winner", "%s",
		  res == RESULT_SIDE0	? game_side_id(g, 0)
		  : res == RESULT_SIDE1 ? game_side_id(g, 1)
					: "-");
	event_add(&e, "why", "%s", why);
	event_add(&e, "rule", "%s", rule);
	game_emit(g, &e);
	game_turn_end(g);
}
