/* spqr.c — these rules as a ruleset (ruleset.h): what the session asks of
 * them, and a session of these rules (game.h: session_init). */
#include <stdlib.h>
#include <string.h>

#include "maniple/cmd.h"
#include "maniple/decision.h"
#include "maniple/digest.h"
#include "maniple/game.h"
#include "maniple/gboh_mapview.h"
#include "maniple/pending.h"
#include "maniple/rampage.h"
#include "maniple/reactions.h"
#include "maniple/rout.h"
#include "maniple/sequence.h"
#include "maniple/summary.h"
#include "maniple/greedy.h"
#include "maniple/teach.h"
#include "maniple/shock.h"
#include "maniple/tables.h"

/* the rules' tables read from rules/NAME/ */
static int spqr_load_tables(struct game *g, const char *dir,
			    struct ini_error *err)
{
	g->tables = tables_load(dir, err);
	/* the battle's units against their types' traits, now that the
	 * tables hold them */
	return g->tables ? battle_check_traits(g->battle, g->tables, err) : -1;
}

static struct game *spqr_new_game(struct battle *b, enum game_kind kind,
				  uint64_t seed)
{
	struct game *g = game_new(b, kind, seed);
	if (!g)
		battle_free(b);
	return g;
}

/* every game has its rules tables (rout points 11.1, the charts) */
static const char *spqr_unready(const struct game *g)
{
	return g->tables ? NULL : "rules tables";
}

static const char *spqr_battle_id(const struct game *g)
{
	return g->battle->id;
}

static const char *spqr_battle_ruleset(const struct game *g)
{
	return g->battle->ruleset;
}

static int spqr_turn(const struct game *g)
{
	return g->turn;
}

static struct event_log *spqr_events(struct game *g)
{
	return &g->events;
}

static void spqr_set_session(struct game *g, struct session *s)
{
	g->session = s;
}

static const struct evcat *spqr_catalog(const struct game *g)
{
	return tables_events(g->tables);
}

/* Whether a command ended a game turn: the rules emitted turn_end (3.0,
 * game_turn_end), or the turn number changed (setup turn). */
static bool turn_ended(const struct game *g, size_t from, int turn_before)
{
	if (g->turn != turn_before)
		return true;
	for (size_t i = from; i < g->events.n; i++) {
		const char *k = event_log_kind(&g->events, i);
		if (k[0] == 't' && strcmp(k, "turn_end") == 0)
			return true;
	}
	return false;
}

static bool spqr_after_command(struct game *g, size_t events_before,
			       int turn_before)
{
	/* 9.14, 6.51, 4.72: a rampage stopped for withdrawals goes on once
	 * they are answered; then what it held up (outside Shock: below) */
	if (rampage_after_command(g) && !rout_pending(g) &&
	    !reactions_pending(g) &&
	    !(g->phase == PHASE_SHOCK && shock_under_way(g)))
		seq_resume(g);
	/* 8.4, 8.55, 4.72: a reaction window that closed inside the Shock
	 * segment (the answers do not resume it themselves): it goes on */
	if (g->phase == PHASE_SHOCK && shock_under_way(g) &&
	    seq_step_now(g) == SEQ_NONE)
		seq_resume(g);
	return turn_ended(g, events_before, turn_before);
}

/* a refusal in the book of the game (rule_numbers.h) */
static void spqr_cite_refusal(const struct game *g, struct cmd_result *r)
{
	game_cite(g, r->rule, sizeof r->rule);
	game_cite_text(g, r->reason, sizeof r->reason);
}

static void spqr_free_copy(struct game *c)
{
	free(c); /* game_copy_for_search: shares the battle, owns nothing */
}

/* The session's checkpoint (ruleset.h: mark): a copy of the state's parts
 * in use (game_copy_state: the struct less its event log and the unused
 * tails of its unit, leader, reaction-fire and Shock combat tables), the
 * dice with it (their PRNG, forced rolls and count), so that the journal's
 * commands run again from it roll what they rolled the first time.  One
 * allocation serves every checkpoint.  The rules change the state in
 * place in many files, with no log of what they change, so the session
 * takes back a command by running the others again from a checkpoint
 * rather than by undoing what the command touched. */
struct spqr_record {
	size_t bytes;	/* what the last mark copied */
	struct game snap;
};

static int spqr_mark(struct game *g, void **rec)
{
	struct spqr_record *r = *rec ? *rec : malloc(sizeof *r);
	if (!r)
		return -1;
	*rec = r;
	game_copy_state(&r->snap, g);
	r->bytes = game_state_bytes(g);
	return 0;
}

static void spqr_rollback(struct game *g, void *rec)
{
	struct spqr_record *r = rec;
	game_copy_state(g, &r->snap); /* the event log stays g's own */
}

static void spqr_free_record(void *rec)
{
	free(rec); /* a plain copy: owns nothing */
}

static size_t spqr_record_bytes(const void *rec)
{
	const struct spqr_record *r = rec;
	return r ? r->bytes : 0;
}

static struct dice *spqr_dice(struct game *g)
{
	return &g->dice;
}

/* What both GBoH rulesets run: the same modules, each game reading its
 * own ruleset's data (rules/spqr, rules/gba with rules/spqr under it),
 * which differs where the books do (tables.h: constants, variants). */
#define GBOH_RULESET_OPS \
	.commands = gboh_commands, \
	.load_tables = spqr_load_tables, \
	.new_game = spqr_new_game, \
	.free_game = game_free, \
	.unready = spqr_unready, \
	.battle_id = spqr_battle_id, \
	.battle_ruleset = spqr_battle_ruleset, \
	.turn = spqr_turn, \
	.events = spqr_events, \
	.set_session = spqr_set_session, \
	.catalog = spqr_catalog, \
	.text_digest = game_digest, \
	.state_digest = game_state_digest, \
	.map_view = gboh_map_view, \
	.map_view_pieces = gboh_map_view_pieces, \
	.map_overlay = gboh_map_overlay, \
	.map_describe = gboh_map_describe, \
	.decide = gboh_decision, \
	.decision_is_answer = gboh_decision_is_answer, \
	.play_view = spqr_play_view, \
	.order_view = spqr_order_view, \
	.step_preview = spqr_step_preview, \
	.pieces_at = spqr_pieces_at, \
	.shock_view = spqr_shock_view, \
	.shock_piece = spqr_shock_piece, \
	.shock_asked = spqr_shock_asked, \
	.card = spqr_card, \
	.card_touched = spqr_card_touched, \
	.teach_load = teach_load, \
	.teach_free = teach_free, \
	.teach_events = teach_events, \
	.teach_decision = teach_decision, \
	.teach_event_line = teach_event_line, \
	.teach_terms = teach_terms, \
	.name_value = teach_value, \
	.sentences_load = summary_load, \
	.summary_result = summary_result, \
	.summary_event = summary_event, \
	.after_command = spqr_after_command, \
	.copy_for_search = game_copy_for_search, \
	.free_copy = spqr_free_copy, \
	.dice = spqr_dice, \
	.mark = spqr_mark, \
	.rollback = spqr_rollback, \
	.free_record = spqr_free_record, \
	.record_bytes = spqr_record_bytes, \
	.greedy_new = gboh_greedy_new, \
	.greedy_free = gboh_greedy_free, \
	.greedy_see = gboh_greedy_see, \
	.greedy_play = gboh_greedy_play, \
	.greedy_plan_name = gboh_greedy_plan_name, \
	.greedy_plan = gboh_greedy_plan, \
	.greedy_plan_set = gboh_greedy_plan_set, \
	.evaluate = gboh_evaluate, \
	.at_rest = gboh_at_rest, \
	.pieces = gboh_pieces, \
	.cite_refusal = spqr_cite_refusal,

const struct ruleset ruleset_spqr = {
	.name = BATTLE_RULESET,
	GBOH_RULESET_OPS
};

/* The Great Battles of Alexander (rules/gba) */
const struct ruleset ruleset_gba = {
	.name = BATTLE_RULESET_GBA,
	GBOH_RULESET_OPS
};

static const struct ruleset *const own_rulesets[] = {&ruleset_spqr,
							    &ruleset_gba, NULL};

const struct ruleset *const *gboh_rulesets(void)
{
	return own_rulesets;
}

void session_init(struct session *s, battle_loader lb, tables_loader lt,
		  void *user, uint64_t default_seed)
{
	session_setup(s, own_rulesets, lb, lt, user, default_seed);
}
