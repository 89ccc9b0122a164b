/* stacking.c — friendly units sharing a hex (stacking.h): who counts, how
 * a unit counts on the Stacking Chart, what the voluntary chart says of a
 * unit entering a friend's hex, where a move may end, and 9.63's DRM.
 * The chart's figures are rules/spqr/stacking.ini's (tables.h); the rules
 * around them (the limits, 6.77, 9.52, 9.83, 4.85, 9.61) live here. */
#include "maniple/stacking.h"

#include <stddef.h>
#include <string.h>

#include "maniple/rout.h"

/* 6.63 Roman infantry: legion or ala infantry (2.23) */
bool stacking_roman_infantry(const struct game *g, const struct unit *u)
{
	return u && u->legion != 0 && unit_has(g, u, TRAIT_INFANTRY);
}

/* 6.63 same colour: the same legion/ala number (I Legion and I Ala are
 * one colour) */
bool stacking_same_colour(const struct game *g, const struct unit *a,
			  const struct unit *b)
{
	return stacking_roman_infantry(g, a) && stacking_roman_infantry(g, b) &&
	       a->legion == b->legion;
}

/* 6.63 Basic, Skirmisher, Velites, Roman HA/PR/CO/TR */
enum stacking_class stacking_class_of(const struct game *g,
				      const struct unit *u)
{
	if (g->tables)
		return tables_stacking_class(g->tables, u->type, u->cls,
					     u->legion != 0);
	if (unit_has(g, u, TRAIT_SKIRMISHER))
		return STACK_SKIRMISHER;
	if (stacking_roman_infantry(g, u) && strcmp(u->cls, "VE") == 0)
		return STACK_VELITES;
	if (stacking_roman_infantry(g, u) &&
	    (strcmp(u->cls, "HA") == 0 || strcmp(u->cls, "PR") == 0 ||
	     strcmp(u->cls, "CO") == 0 || strcmp(u->cls, "TR") == 0))
		return STACK_ROMAN_LINE;
	return STACK_OTHER;
}

/* 6.63, 6.69 the chart's stationary columns */
enum stack_relation stacking_relation(const struct game *g,
				      const struct unit *mover,
				      const struct unit *stationary)
{
	if (!stacking_roman_infantry(g, stationary))
		return STACKED_ANYTHING_ELSE;
	if (stacking_same_colour(g, mover, stationary))
		return STACKED_SAME_COLOUR_ROMAN;
	return STACKED_OTHER_ROMAN;
}

/* 6.61, 4.85 leaders and Leader Elephants never count */
bool stacking_counts(const struct unit *u)
{
	return u && game_unit_in_play(u) && u->leader_elephant[0] == '\0';
}

int stacking_units_in(const struct game *g, struct hex h, int side,
		      const struct unit *skip1, const struct unit *skip2,
		      const struct unit **out, int max)
{
	const struct unit *at[8];
	int n = game_units_at(g, h, at, 8), k = 0;
	for (int i = 0; i < n && k < max; i++) {
		const struct unit *o = at[i];
		if (o == skip1 || o == skip2 || o->side != side ||
		    !stacking_counts(o))
			continue;
		out[k++] = o;
	}
	return k;
}

/* 9.51: the other phalanx of u's Double-Depth stack (both hexes shared) */
static const struct unit *double_depth_partner(const struct game *g,
					       const struct unit *u)
{
	const struct unit *o[4];
	int n = stacking_units_in(g, u->at.hex[0], u->side, u, NULL, o, 4);
	for (int i = 0; i < n; i++)
		if (o[i]->double_depth && unit_is_two_hex(o[i]) &&
		    footprint_occupies(&o[i]->at, u->at.hex[1]))
			return o[i];
	return NULL;
}

const struct unit *stacking_mate(const struct game *g, const struct unit *u)
{
	if (stacking_counts(u) && unit_is_two_hex(u) && u->double_depth)
		return double_depth_partner(g, u); /* 9.51 */
	if (!stacking_counts(u) || unit_is_two_hex(u))
		return NULL;
	const struct unit *o[4];
	int n = stacking_units_in(g, u->at.hex[0], u->side, u, NULL, o, 4);
	return n == 1 && !unit_is_two_hex(o[0]) ? o[0] : NULL;
}

/* 6.66 the unit under another */
bool stacking_is_bottom(const struct game *g, const struct unit *u)
{
	if (stacking_counts(u) && unit_is_two_hex(u) && u->double_depth) {
		const struct unit *top[4]; /* 9.51: the back phalanx under */
		return double_depth_partner(g, u) &&
		       game_units_at(g, u->at.hex[0], top, 4) > 0 &&
		       top[0] != u;
	}
	if (!stacking_counts(u) || unit_is_two_hex(u))
		return false;
	const struct unit *o[4];
	int n = stacking_units_in(g, u->at.hex[0], u->side, NULL, NULL, o, 4);
	return n >= 2 && o[0] != u;
}

static bool refuse(struct stacking_entry *out, const char *why,
		   const char *rule)
{
	out->refusal = why;
	out->rule = rule;
	return false;
}

static int figure(const struct game *g, enum stacking_figure f, int dflt)
{
	return g->tables ? tables_stacking_figure(g->tables, f) : dflt;
}

/* 6.61-6.65, 6.69, 6.77, 9.52, 9.83, 4.85, 9.61 entering a friend's hex */
/* GBA 6.94: the types Exception #1 names */
static bool heavy_foot(const struct unit *u)
{
	return u->type == UT_PH || u->type == UT_HI;
}

/* GBA 6.94 Exception #1 (variants.ini [stacking] heavy_foot = barred):
 * a phalanx or heavy infantry unit enters no friend's hex, and only a
 * skirmisher enters one's, unless a routed unit is one of the two. */
static bool heavy_foot_may_pass(const struct game *g, const struct unit *mover,
				struct stacking_entry *out)
{
	if (tables_variant(g->tables, RV_HEAVY_FOOT_PASSING) !=
		    HEAVY_FOOT_BARRED ||
	    mover->routed)
		return true;
	for (int i = 0; i < out->nstationary; i++) {
		const struct unit *s = out->stationary[i];
		if (s->routed)
			continue;
		if (heavy_foot(mover))
			return refuse(out,
				      "a phalanx or heavy infantry unit enters "
				      "no friendly unit's hex",
				      "GBA 6.94");
		if (heavy_foot(s) && !unit_has(g, mover, TRAIT_SKIRMISHER))
			return refuse(out,
				      "only skirmishers enter the hex of a "
				      "phalanx or heavy infantry unit",
				      "GBA 6.94");
	}
	return true;
}

bool stacking_voluntary_entry(const struct game *g, const struct unit *mover,
			      const struct unit *companion, struct hex dest,
			      struct stacking_entry *out)
{
	memset(out, 0, sizeof *out);
	out->may_stop = true;
	out->as = STACK_OTHER;
	out->relation = STACKED_ANYTHING_ELSE;
	if (!mover)
		return refuse(out, "no unit moves", NULL);
	int n = stacking_units_in(g, dest, mover->side, mover, companion,
				  out->stationary, STACK_MAX + 2);
	out->nstationary = n;
	if (n == 0)
		return true; /* 6.65: an empty hex, or leaders only */
	/* 4.85, 6.61 a Leader Elephant does not count; not with cavalry */
	if (mover->leader_elephant[0]) {
		for (int i = 0; i < n; i++)
			if (unit_has(g, out->stationary[i], TRAIT_CAVALRY))
				return refuse(out,
					      "a Leader Elephant may not "
					      "stack with cavalry",
					      "4.85");
		out->nstationary = 0;
		return true;
	}
	if (companion)
		return refuse(out,
			      "a stack moving together enters no hex holding "
			      "another friendly combat unit",
			      "6.64");
	if (mover->at.in_column)
		return refuse(out,
			      "a unit In Column moves through no friendly "
			      "combat unit",
			      "6.77");
	for (int i = 0; i < n; i++) {
		const struct unit *s = out->stationary[i];
		if (s->at.in_column)
			return refuse(out,
				      "no unit moves through a friendly unit "
				      "In Column (only routers do)",
				      "6.77");
		if (s->double_depth)
			return refuse(out,
				      "no unit enters a Double-Depth phalanx's "
				      "hex",
				      "9.52");
		if (unit_has(g, mover, TRAIT_SCORPIO) && unit_has(g, s, TRAIT_SCORPIO) &&
		    figure(g, SF_SCORPIOS_PER_HEX, 1) <= 1)
			return refuse(out, "only one bolt thrower (a scorpio, "
				      "an oxybeles) may be in a hex",
				      "9.83");
	}
	if (!g->tables)
		return refuse(out, "the rules tables are not loaded", NULL);
	if (!heavy_foot_may_pass(g, mover, out))
		return false;
	out->as = stacking_class_of(g, mover);
	/* the worst column any stationary unit calls for */
	enum stack_relation rel = STACKED_SAME_COLOUR_ROMAN;
	bool all_line = true;
	for (int i = 0; i < n; i++) {
		enum stack_relation r =
			stacking_relation(g, mover, out->stationary[i]);
		if (r > rel)
			rel = r;
		if (stacking_class_of(g, out->stationary[i]) !=
		    STACK_ROMAN_LINE)
			all_line = false;
	}
	out->relation = rel;
	struct stacking_rule c = tables_voluntary_stacking(g->tables, out->as,
							   rel);
	/* 6.63 Example 1: passing a stack has its own cells */
	out->mover_hits = n >= 2 ? c.through_stack_mover_hits
				 : c.through_single_mover_hits;
	out->stationary_hits = n >= 2 ? c.through_stack_stationary_hits
				      : c.through_single_stationary_hits;
	int limit = figure(g, SF_UNITS_PER_HEX, STACK_MAX);
	if (n + 1 > limit) {
		out->may_stop = false;
		out->stop_rule = "6.63";
		out->stop_why = "a third unit in a stack counts as Basic: it "
				"may pass through, not stop";
	} else if (!c.may_stop) {
		out->may_stop = false;
		out->stop_rule = "6.69";
		out->stop_why = "the Stacking Chart lets this unit pass "
				"through that hex but not stop in it";
	} else if (out->as != STACK_ROMAN_LINE || !all_line) {
		out->may_stop = false;
		out->stop_rule = "9.61";
		out->stop_why = "only Roman HA/PR/CO/TR infantry stop together";
	}
	return true;
}

static const char *const class_names[STACKING_CLASS_COUNT] = {
	"velites", "roman_line", "skirmisher", "other"};
static const char *const relation_names[STACK_RELATION_COUNT] = {
	"same_colour_roman", "other_roman", "anything_else"};

static int unit_index(const struct game *g, const struct unit *u)
{
	ptrdiff_t i = u - g->units;
	return i >= 0 && i < g->nunits ? (int)i : -1;
}

/* The ids of units idx[0..n-1], a comma list, into ids (EVENT_VAL_MAX) */
static void id_list(const struct game *g, const int *idx, int n, char *ids)
{
	size_t len = 0;
	ids[0] = '\0';
	for (int i = 0; i < n; i++) {
		size_t room = EVENT_VAL_MAX - len;
		int w = snprintf(ids + len, room, "%s%s", i ? "," : "",
				 g->units[idx[i]].id);
		if (w < 0 || (size_t)w >= room)
			break;
		len += (size_t)w;
	}
}

/* 6.63, 6.66, 6.69 the stationary side of an entry */
void stacking_apply_entry(struct game *g, const struct unit *mover,
			  const struct stacking_entry *se)
{
	if (!mover || se->nstationary <= 0 || se->refusal)
		return;
	int idx[STACK_MAX + 2];
	int n = 0;
	for (int i = 0; i < se->nstationary && i < STACK_MAX + 2; i++) {
		int k = unit_index(g, se->stationary[i]);
		if (k >= 0)
			idx[n++] = k;
	}
	char ids[EVENT_VAL_MAX];
	id_list(g, idx, n, ids);
	char hb[16];
	hex_format(mover->at.hex[0], hb, sizeof hb);
	struct event e;
	event_init(&e, "stacking");
	event_add(&e, "unit", "%s", mover->id);
	event_add(&e, "hex", "%s", hb);
	event_add(&e, "with", "%s", ids);
	event_add(&e, "as", "%s", class_names[se->as]);
	event_add(&e, "column", "%s", relation_names[se->relation]);
	event_add(&e, "mover_hits", "%d", se->mover_hits);
	event_add(&e, "stationary_hits", "%d", se->stationary_hits);
	event_add(&e, "may_stop", "%s", se->may_stop ? "yes" : "no");
	event_add(&e, "rule", "%s", se->may_stop ? "6.69" : se->stop_rule);
	game_emit(g, &e);
	/* 6.66 a unit moving in to stack goes on the bottom */
	if (se->may_stop)
		for (int i = n - 1; i >= 0; i--)
			game_put_on_top(g, &g->units[idx[i]]);
	for (int i = 0; i < n && se->stationary_hits > 0; i++)
		cohesion_hits(g, &g->units[idx[i]], se->stationary_hits,
			      "stacking", "6.69");
}

/* 6.63, 6.67, 6.69 where a move may end */
const char *stacking_stop_refusal(const struct game *g,
				  const struct unit *mover,
				  const struct unit *companion,
				  const char **rule)
{
	*rule = NULL;
	if (!stacking_counts(mover) || mover->leader_elephant[0])
		return NULL;
	/* 6.61, 6.69: a two-hex unit is Basic: it passes friends, never
	 * stops with one (9.51's Double-Depth is formed otherwise) */
	if (unit_is_two_hex(mover)) {
		for (int k = 0; k < 2 && !mover->double_depth; k++) {
			const struct unit *o[4];
			if (stacking_units_in(g, mover->at.hex[k], mover->side,
					      mover, companion, o, 4) > 0) {
				*rule = "6.69";
				return "a phalanx may pass through a friend's "
				       "hex but not stop in it";
			}
		}
		return NULL;
	}
	struct stacking_entry se;
	if (!stacking_voluntary_entry(g, mover, companion, mover->at.hex[0],
				      &se)) {
		*rule = se.rule;
		return se.refusal;
	}
	if (se.nstationary == 0)
		return NULL;
	if (!se.may_stop) {
		*rule = se.stop_rule;
		return se.stop_why;
	}
	if (se.stationary[0]->at.facing != mover->at.facing) {
		*rule = "6.67";
		return "a unit stays stacked only facing as the unit it "
		       "stacks with: turn to its facing first";
	}
	return NULL;
}

int stacking_friends_with(const struct game *g, const struct unit *u,
			  const struct unit **out, int max)
{
	int n = 0;
	for (int k = 0; k < 2 && n < max; k++) {
		if (hex_is_none(u->at.hex[k]))
			continue;
		const struct unit *o[STACK_MAX + 2];
		int m = stacking_units_in(g, u->at.hex[k], u->side, u, NULL, o,
					  STACK_MAX + 2);
		for (int i = 0; i < m && n < max; i++) {
			bool seen = false; /* a two-hex friend in both */
			for (int j = 0; j < n; j++)
				seen = seen || out[j] == o[i];
			if (!seen)
				out[n++] = o[i];
		}
	}
	return n;
}

/* GBA 6.92: the indexes of units[0..n-1] still in play, but `not`,
 * into idx (at most STACK_MAX + 2); their count */
static int in_play_indices(const struct game *g,
			   const struct unit *const *units, int n,
			   const struct unit * not, int *idx)
{
	int m = 0;
	for (int i = 0; i < n && m < STACK_MAX + 2; i++) {
		int k = unit_index(g, units[i]);
		if (k >= 0 && units[i] != not &&game_unit_in_play(&g->units[k]))
			idx[m++] = k;
	}
	return m;
}

/* GBA 6.92 the stationary unit's check: the roll over its TQ, at least
 * 1 hit */
static void ended_stacked_check(struct game *g, struct unit *s)
{
	if (!game_unit_in_play(s))
		return;
	if (tq_check(g, s, 0, "ended_stacked", "GBA 6.92") == 0)
		cohesion_hits(g, s, 1, "ended_stacked", "GBA 6.92");
}

/* GBA 6.92: the event of a unit that ended (or went on) in the hex of
 * the m units idx, and what follows (then) */
static void emit_ended_stacked(struct game *g, const struct unit *u,
			       const int *idx, int m, const char *then)
{
	char ids[EVENT_VAL_MAX];
	id_list(g, idx, m, ids);
	struct event e;
	event_init(&e, "ended_stacked");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "with", "%s", ids);
	event_add(&e, "then", "%s", then);
	event_add(&e, "rule", "GBA 6.92");
	game_emit(g, &e);
}

/* GBA 6.92 a move forced to end in a friend's hex */
bool stacking_ended_stacked(struct game *g, int ui,
			    const struct unit *const *stationary, int n,
			    bool routing)
{
	if (n <= 0 || ui < 0 || ui >= g->nunits ||
	    tables_variant(g->tables, RV_ENDED_STACKED) != ENDED_STACKED_ROUTS)
		return false;
	struct unit *u = &g->units[ui];
	if (u->leader_elephant[0])
		return false; /* 4.85: it does not count */
	int idx[STACK_MAX + 2];
	int m = in_play_indices(g, stationary, n, u, idx);
	if (m == 0)
		return false;
	/* Exception: a skirmisher goes on through, 1 hit to each, no roll */
	bool sk = unit_has(g, u, TRAIT_SKIRMISHER);
	emit_ended_stacked(g, u, idx, m,
			   sk ? "one_hit_each" : routing ? "routing" : "rout");
	for (int i = 0; i < m; i++) {
		struct unit *s = &g->units[idx[i]];
		if (sk)
			cohesion_hits(g, s, 1, "ended_stacked", "GBA 6.92");
		else
			ended_stacked_check(g, s);
	}
	if (sk && !routing && !u->routed && game_unit_in_play(u))
		cohesion_hits(g, u, 1, "ended_stacked", "GBA 6.92");
	return !sk && !routing && !u->routed && game_unit_in_play(u);
}

/* GBA 6.92 Exception */
bool stacking_skirmisher_goes_on(const struct game *g, const struct unit *u,
				 struct hex here, struct hex dest)
{
	if (!u || tables_variant(g->tables, RV_ENDED_STACKED) !=
			  ENDED_STACKED_ROUTS ||
	    !unit_has(g, u, TRAIT_SKIRMISHER) || u->routed ||
	    unit_is_two_hex(u))
		return false;
	const struct unit *o[STACK_MAX + 2];
	return stacking_units_in(g, here, u->side, u, NULL, o,
				 STACK_MAX + 2) > 0 &&
	       stacking_units_in(g, dest, u->side, u, NULL, o,
				 STACK_MAX + 2) == 0;
}

/* GBA 6.92 Exception */
void stacking_skirmisher_went_on(struct game *g, const struct unit *u,
				 const struct unit *const *left, int n)
{
	int idx[STACK_MAX + 2];
	int m = in_play_indices(g, left, n, u, idx);
	if (m == 0)
		return;
	emit_ended_stacked(g, u, idx, m, "goes_on");
	for (int i = 0; i < m; i++)
		cohesion_hits(g, &g->units[idx[i]], 1, "ended_stacked",
			      "GBA 6.92");
}

/* 6.68 (R2), GBA 6.92 */
void stacking_unit_routs(struct game *g, const struct unit *u)
{
	if (tables_variant(g->tables, RV_ENDED_STACKED) != ENDED_STACKED_STACK)
		return; /* GBA 6.92: the move's end, not the rout */
	const struct unit *at[4], *mate = NULL;
	int n = game_units_at(g, u->at.hex[0], at, 4);
	for (int i = 0; i < n && !mate; i++)
		if (at[i] != u && at[i]->side == u->side &&
		    game_unit_in_play(at[i]))
			mate = at[i];
	if (!mate)
		return;
	struct event e;
	event_init(&e, "stack_rout_not_played");
	event_add(&e, "unit", "%s", u->id);
	event_add(&e, "with", "%s", mate->id);
	event_add(&e, "rule", "6.68");
	game_emit(g, &e);
}

/* 9.63 mixed colours or classes in a Roman stack */
int stacking_tq_drm(const struct game *g, const struct unit *u)
{
	if (!g || stacking_class_of(g, u) != STACK_ROMAN_LINE || u->routed)
		return 0;
	/* a router passing or stopping (10.25) is not stacked with u */
	const struct unit *o = stacking_mate(g, u);
	if (!o || o->routed || stacking_class_of(g, o) != STACK_ROMAN_LINE)
		return 0;
	if (stacking_same_colour(g, u, o) && strcmp(u->cls, o->cls) == 0)
		return 0;
	return figure(g, SF_MIXED_ROMAN_STACK_TQ_DRM, 1);
}
