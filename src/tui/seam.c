/* seam.c — the view's way to the rules (seam.h). */
#include "seam.h"

#include <stdio.h>
#include <string.h>

#include "maniple/ini.h"

const struct ruleset *tui_rules(const struct session *s)
{
	return s && s->game ? session_ruleset(s) : NULL;
}

bool tui_has_game(const struct session *s)
{
	return s && s->game;
}

const void *tui_game_id(const struct session *s)
{
	return s ? (const void *)s->game : NULL;
}

void tui_play_view(const struct session *s, struct play_view *pv, bool words)
{
	const struct ruleset *rs = tui_rules(s);
	if (rs && rs->play_view) {
		rs->play_view(s->game, pv, words);
		return;
	}
	memset(pv, 0, sizeof *pv);
	pv->side = -1;
	pv->active_hex = HEX_NONE;
	snprintf(pv->battle, sizeof pv->battle, "?");
}

struct map_view *tui_map_view(const struct session *s)
{
	const struct ruleset *rs = tui_rules(s);
	return rs && rs->map_view ? rs->map_view(s->game) : NULL;
}

const char *tui_battle_id(const struct session *s)
{
	const struct ruleset *rs = tui_rules(s);
	return rs && rs->battle_id ? rs->battle_id(s->game) : NULL;
}

int tui_turn(const struct session *s)
{
	const struct ruleset *rs = tui_rules(s);
	return rs && rs->turn ? rs->turn(s->game) : 0;
}

uint64_t tui_file_digest(const struct session *s, int version)
{
	const struct ruleset *rs = tui_rules(s);
	if (!rs)
		return 0;
	if (version >= GAMEFILE_COMMITTED) /* without the seed */
		return session_seedless_digest((struct session *)s);
	return version >= 2 ? rs->state_digest(s->game)
			    : rs->text_digest(s->game);
}

void tui_set_session(struct session *s)
{
	const struct ruleset *rs = tui_rules(s);
	if (rs && rs->set_session)
		rs->set_session(s->game, s);
}

const struct cmd_table *tui_commands(const struct session *s)
{
	const struct ruleset *rs = session_ruleset(s);
	return rs && rs->commands ? rs->commands() : NULL;
}

void tui_map_view_pieces(const struct session *s, struct map_view *mv)
{
	const struct ruleset *rs = tui_rules(s);
	if (rs && rs->map_view_pieces)
		rs->map_view_pieces(s->game, mv);
}

int tui_map_overlay(const struct session *s, enum mv_overlay_kind kind,
		    const char *who, struct mv_overlay *out)
{
	const struct ruleset *rs = tui_rules(s);
	if (rs && rs->map_overlay)
		return rs->map_overlay(s->game, kind, who, out);
	out->n = 0;
	return 0;
}

void tui_describe_piece(const struct session *s, const char *id,
			struct mv_text *t)
{
	const struct ruleset *rs = tui_rules(s);
	mv_text_clear(t);
	if (rs && rs->map_describe)
		rs->map_describe(s->game, id, t);
}

int tui_decision(const struct session *s, struct decision *d)
{
	const struct ruleset *rs = tui_rules(s);
	if (!rs || !rs->decide)
		return 0;
	rs->decide(s->game, d);
	return d->n;
}

bool tui_decision_is_answer(const struct session *s)
{
	const struct ruleset *rs = tui_rules(s);
	return rs && rs->decision_is_answer && rs->decision_is_answer(s->game);
}

void tui_order_view(const struct session *s, struct order_view *ov, bool steps)
{
	const struct ruleset *rs = tui_rules(s);
	if (rs && rs->order_view) {
		rs->order_view(s->game, ov, steps);
		return;
	}
	memset(ov, 0, sizeof *ov);
	ov->mover_hex[0] = ov->mover_hex[1] = HEX_NONE;
}

bool tui_step_preview(const struct session *s, struct hex a, struct hex b,
		      struct step_preview *out)
{
	const struct ruleset *rs = tui_rules(s);
	if (rs && rs->step_preview)
		return rs->step_preview(s->game, a, b, out);
	memset(out, 0, sizeof *out);
	return false;
}

int tui_pieces_at(const struct session *s, struct hex h,
		  char (*ids)[MODE_ID_MAX], int max)
{
	const struct ruleset *rs = tui_rules(s);
	return rs && rs->pieces_at ? rs->pieces_at(s->game, h, ids, max) : 0;
}

void tui_shock_view(const struct session *s, struct shock_view *sv)
{
	const struct ruleset *rs = tui_rules(s);
	if (rs && rs->shock_view) {
		rs->shock_view(s->game, sv);
		return;
	}
	memset(sv, 0, sizeof *sv);
	sv->side = sv->ask_combat = -1;
}

bool tui_shock_piece(const struct session *s, const char *id,
		     struct shock_piece *p)
{
	const struct ruleset *rs = tui_rules(s);
	if (rs && rs->shock_piece)
		return rs->shock_piece(s->game, id, p);
	memset(p, 0, sizeof *p);
	return false;
}

int tui_shock_asked(const struct session *s, size_t since)
{
	const struct ruleset *rs = tui_rules(s);
	return rs && rs->shock_asked ? rs->shock_asked(s->game, since) : -1;
}

int tui_card(const struct session *s, enum mode_card kind, int n, size_t since,
	     struct card *c, int *fresh)
{
	const struct ruleset *rs = tui_rules(s);
	return rs && rs->card ? rs->card(s->game, kind, n, since, c, fresh) : -1;
}

int tui_card_touched(const struct session *s, size_t since, struct card *scratch)
{
	const struct ruleset *rs = tui_rules(s);
	return rs && rs->card_touched ? rs->card_touched(s->game, since, scratch)
				      : -1;
}

/* ---- the narration ---- */

/* The ruleset whose narration s uses (NULL when it has none: then also
 * without a session), which tells of s->game. */
static const struct ruleset *narrator(const struct session *s)
{
	const struct ruleset *rs = session_ruleset(s);
	return rs && rs->teach_load ? rs : NULL;
}

static void no_narration(const struct session *s, const char *dir,
			 struct ini_error *err)
{
	const struct ruleset *rs = session_ruleset(s);
	memset(err, 0, sizeof *err);
	snprintf(err->file, sizeof err->file, "%s", dir);
	snprintf(err->msg, sizeof err->msg, "the ruleset %s tells nothing",
		 rs ? rs->name : "(none)");
}

int tui_teach_terms(const struct session *s, const struct teach_texts *t,
		    const char *text, char (*names)[TEACH_TERM_MAX], int max)
{
	const struct ruleset *rs = narrator(s);
	return rs && t && rs->teach_terms ? rs->teach_terms(t, text, names, max)
					  : 0;
}

struct teach_texts *tui_teach_load(const struct session *s, const char *dir,
				   struct ini_error *err)
{
	const struct ruleset *rs = narrator(s);
	if (rs)
		return rs->teach_load(dir, err);
	no_narration(s, dir, err);
	return NULL;
}

void tui_teach_free(const struct session *s, struct teach_texts *t)
{
	const struct ruleset *rs = narrator(s);
	if (rs && t)
		rs->teach_free(t);
}

size_t tui_teach_events(const struct session *s, const struct teach_texts *t,
			const struct event_log *log, size_t from,
			struct teach_list *out)
{
	const struct ruleset *rs = narrator(s);
	return rs && t ? rs->teach_events(t, s->game, log, from, out) : 0;
}

bool tui_teach_decision(const struct session *s, const struct teach_texts *t,
			struct teach_line *out)
{
	const struct ruleset *rs = narrator(s);
	return rs && t && rs->teach_decision(t, s->game, out);
}

bool tui_teach_event_line(const struct session *s,
			  const struct teach_texts *t, const struct event *e,
			  struct teach_line *out)
{
	const struct ruleset *rs = narrator(s);
	return rs && t && rs->teach_event_line(t, s->game, e, out);
}

void tui_name_value(const struct session *s, const char *key, const char *v,
		    char *out, size_t n)
{
	const struct ruleset *rs = narrator(s);
	if (rs && rs->name_value)
		rs->name_value(s->game, key, v, out, n);
	else if (n)
		snprintf(out, n, "%s", v);
}

struct evtext *tui_sentences_load(const struct session *s, const char *dir,
				  struct ini_error *err)
{
	const struct ruleset *rs = narrator(s);
	if (rs && rs->sentences_load)
		return rs->sentences_load(dir, err);
	no_narration(s, dir, err);
	return NULL;
}

int tui_summary_result(const struct session *s, const struct evtext *t,
		       const struct cmd_result *r, char *out, size_t n)
{
	const struct ruleset *rs = narrator(s);
	return rs && rs->summary_result && t
		       ? rs->summary_result(t, s->game, r, out, n)
		       : 0;
}

bool tui_summary_event(const struct session *s, const struct evtext *t,
		       const struct event_log *log, size_t i, char *out,
		       size_t n)
{
	const struct ruleset *rs = narrator(s);
	return rs && rs->summary_event && t &&
	       rs->summary_event(t, s->game, log, i, out, n);
}
