/* cards.c — the text of the play screens' cards and panels (cards.h):
 * pure functions of a game, no curses, no allocation. */
#include "maniple/cards.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/battle.h"
#include "maniple/event.h"
#include "maniple/gba_breakthrough.h"
#include "maniple/sequence.h"
#include "maniple/shock.h"
#include "maniple/shock_state.h"
#include "maniple/units.h"

/* ------------------------------------------------------------ helpers */

static const char *side_name(const struct game *g, int s)
{
	if (s < 0 || s > 1)
		return "-";
	if (g->battle && g->battle->sides[s].name[0])
		return g->battle->sides[s].name;
	if (g->battle && g->battle->sides[s].id[0])
		return g->battle->sides[s].id;
	return s == 0 ? "side 0" : "side 1";
}

static const struct unit *unit_by_id(const struct game *g, const char *id)
{
	for (int i = 0; i < g->nunits; i++)
		if (strcmp(g->units[i].id, id) == 0)
			return &g->units[i];
	return NULL;
}

static const char *get(const struct event *e, const char *key)
{
	const char *v = event_get(e, key);
	return v ? v : "";
}

static int geti(const struct event *e, const char *key)
{
	return atoi(get(e, key));
}

static bool is(const struct event *e, const char *name)
{
	return strcmp(e->kind, name) == 0;
}

/* "a,b" with an id list's commas shown as spaces; '_' as spaces too. */
static void words(char *dst, size_t n, const char *src)
{
	size_t i = 0;
	for (; src[i] && i + 1 < n; i++)
		dst[i] = src[i] == '_' ? ' ' : src[i];
	dst[i] = '\0';
}

/* ------------------------------------------------------------ shock */

/* The units of one combat by id, rebuilt from the segment's events (the
 * state is cleared when the segment ends, 8.4). */
struct roster {
	int natt, ndef;
	char att[SHOCK_UNITS_MAX][ID_MAX];
	char def[SHOCK_UNITS_MAX][ID_MAX];
	bool must_check, followup;
	int parent, pursuer_known;
};

static int split_ids(const char *list, char out[][ID_MAX], int max)
{
	int n = 0;
	const char *p = list;
	while (*p && n < max) {
		const char *e = strchr(p, ',');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		if (len > 0 && len < ID_MAX) {
			memcpy(out[n], p, len);
			out[n][len] = '\0';
			n++;
		}
		if (!e)
			break;
		p = e + 1;
	}
	return n;
}

/* The index in g->events where the current (or last) Shock segment
 * begins, or -1 when none has begun. */
static long segment_start(const struct game *g)
{
	for (size_t i = g->events.n; i-- > 0;) {
		struct event e_at;
		event_log_at(&g->events, i, &e_at);
		const struct event *e = &e_at;
		if (is(e, "shock_step") &&
		    strcmp(get(e, "step"), "designate") == 0)
			return (long)i;
	}
	return -1;
}

/* Rebuilds the combats' rosters; returns their number. */
static int rebuild(const struct game *g, long from, struct roster *ro, int max)
{
	int n = 0;
	for (size_t i = (size_t)from; i < g->events.n; i++) {
		struct event e_at;
		event_log_at(&g->events, i, &e_at);
		const struct event *e = &e_at;
		int ci = event_get(e, "combat") ? geti(e, "combat") : -1;
		if (is(e, "shock_designated") && ci >= 0 && ci < max) {
			struct roster *r = &ro[ci];
			if (ci >= n) {
				memset(r, 0, sizeof *r);
				r->parent = -1;
				n = ci + 1;
			}
			r->natt = split_ids(get(e, "att"), r->att,
					    SHOCK_UNITS_MAX);
			r->ndef = split_ids(get(e, "def"), r->def,
					    SHOCK_UNITS_MAX);
			r->must_check = geti(e, "must_check") != 0;
		} else if (is(e, "shock_cancelled") && ci >= 0 && ci < n) {
			memmove(&ro[ci], &ro[ci + 1],
				(size_t)(n - ci - 1) * sizeof ro[0]);
			n--;
		} else if (is(e, "pursuit_shock") && ci >= 0 && ci < max) {
			struct roster *r = &ro[ci];
			memset(r, 0, sizeof *r);
			if (ci >= n)
				n = ci + 1;
			r->natt = split_ids(get(e, "unit"), r->att, 1);
			r->ndef = split_ids(get(e, "defenders"), r->def,
					    SHOCK_UNITS_MAX);
			r->followup = true;
			r->must_check = true; /* 8.62: a follow-up charges */
			r->parent = geti(e, "parent");
		}
	}
	/* while the segment is under way its state is the authority */
	if (g->shock.step != SHS_NONE) {
		for (int ci = 0; ci < g->shock.ncombats && ci < max; ci++) {
			const struct shock_combat *c = &g->shock.c[ci];
			struct roster *r = &ro[ci];
			if (ci >= n) {
				memset(r, 0, sizeof *r);
				r->parent = -1;
			}
			r->natt = c->natt < SHOCK_UNITS_MAX ? c->natt
							    : SHOCK_UNITS_MAX;
			r->ndef = c->ndef < SHOCK_UNITS_MAX ? c->ndef
							    : SHOCK_UNITS_MAX;
			for (int k = 0; k < r->natt; k++)
				snprintf(r->att[k], ID_MAX, "%s",
					 g->units[c->att[k]].id);
			for (int k = 0; k < r->ndef; k++)
				snprintf(r->def[k], ID_MAX, "%s",
					 g->units[c->def[k]].id);
			r->must_check = c->must_check;
			r->followup = c->pursuit;
			r->parent = c->parent;
		}
		n = g->shock.ncombats < max ? g->shock.ncombats : max;
	}
	return n;
}

/* The names of the ids the card follows: the combat's units and the
 * leaders met in its leader casualty checks (8.44). */
struct follow {
	int n;
	char id[2 * SHOCK_UNITS_MAX + 8][ID_MAX];
};

static bool follows(const struct follow *f, const char *id)
{
	if (!id || !*id)
		return false;
	for (int i = 0; i < f->n; i++)
		if (strcmp(f->id[i], id) == 0)
			return true;
	return false;
}

static void follow_add(struct follow *f, const char *id)
{
	if (!id || !*id || follows(f, id) ||
	    f->n >= (int)(sizeof f->id / sizeof f->id[0]))
		return;
	snprintf(f->id[f->n++], ID_MAX, "%s", id);
}

/* Events the card never shows: the bookkeeping around the steps (the
 * dice are shown with the checks that use them). */
static bool quiet(const struct event *e)
{
	static const char *const kinds[] = {
		"roll",
		"decision",
		"legal",
		"shock_ask",
		"shock_step",
		"moved",
		"routed_marker",
		"hit_markers_removed",
		"rout_choice",
		"forced",
		"shock_designated",
		"shock_combat",
		"shock_designation",
		"shock_designation_done",
		"shock_marker",
		"reaction_offer",
		"reactions_done",
		"shock",
		"shock_may",
		"shock_unattacked",
		NULL,
	};
	for (int i = 0; kinds[i]; i++)
		if (is(e, kinds[i]))
			return true;
	return false;
}

/* Whether event e belongs to combat ci's card.  An event naming no
 * combat goes by the units it names; while a pursuit's follow-up batch
 * runs (8.62: its steps say followup=1) such an event is the follow-up
 * combat's (fu), except the pursuer's own pursuit events, which stay
 * with the combat it pursues from (parent).  ro_ci: ci's roster. */
static bool concerns(const struct event *e, int ci, const struct roster *ro_ci,
		     int fu, int fu_parent, struct follow *f)
{
	const char *c = event_get(e, "combat");
	const char *parent = event_get(e, "parent");
	if (parent && atoi(parent) == ci && is(e, "pursuit_shock"))
		return true;
	if (c)
		return atoi(c) == ci;
	int owner = -1; /* -1: any combat of the units named */
	if (strncmp(e->kind, "pursuit", 7) == 0)
		owner = fu >= 0 ? fu_parent : -1;
	else if (fu >= 0)
		owner = fu;
	if (owner >= 0 && owner != ci)
		return false;
	if (owner < 0 && ro_ci->followup)
		return false; /* a follow-up's events come only in its batch */
	if (is(e, "leader_hit") && follows(f, get(e, "with"))) {
		follow_add(f, get(e, "leader"));
		return true;
	}
	static const char *const keys[] = {
		"unit", "leader", "caused_by", "with", "by", "elephant", NULL};
	for (int i = 0; keys[i]; i++)
		if (follows(f, event_get(e, keys[i])))
			return true;
	return false;
}

static const char *step_title(const char *step)
{
	static const struct {
		const char *step, *title;
	} t[] = {
		{"designate", "Designation"},
		{"charge", "Pre-shock checks"},
		{"leaders", "Leader casualties"},
		{"clash", "Clash"},
		{"resolve", "Resolution"},
		{"collapse", "Collapse"},
		{"advance", "Advance and pursuit"},
		{"engaged", "Engaged"},
		{"end", "End of the segment"},
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
		if (strcmp(t[i].step, step) == 0)
			return t[i].title;
	return step;
}

/* "4-1" as "4:1". */
static void ratio(char *dst, size_t n, const char *src)
{
	snprintf(dst, n, "%s", src);
	char *d = strchr(dst, '-');
	if (d && d != dst)
		*d = ':';
}

/* One line (or two) for event e. */
/* Who an event names: its leader, unit or side field. */
static const char *side_name_of(const struct event *e)
{
	const char *v = event_get(e, "leader");
	if (!v)
		v = event_get(e, "unit");
	if (!v)
		v = event_get(e, "side");
	return v ? v : "-";
}

static void shock_line(const struct event *e, struct card *c)
{
	const char *rule = get(e, "rule");
	char a[EVENT_VAL_MAX];
	if (is(e, "tq_check")) {
		int hits = geti(e, "hits");
		card_add(c, rule, "%s TQ check %s vs %s: %d hit%s%s",
			 get(e, "unit"), get(e, "dr"), get(e, "tq"), hits,
			 hits == 1 ? "" : "s",
			 strcmp(get(e, "routed"), "yes") == 0 ? ", routs" : "");
	} else if (is(e, "no_charge_check")) {
		words(a, sizeof a, get(e, "why"));
		card_add(c, rule, "%s no check: %s", get(e, "unit"), a);
	} else if (is(e, "charge_modifier")) {
		words(a, sizeof a, get(e, "name"));
		card_add(c, rule, "%s DRM %s %s", get(e, "unit"), get(e, "drm"),
			 a);
	} else if (is(e, "phalanx_stand_or_rout")) {
		card_add(c, rule, "%s %s over TQ %s by %s: %s", get(e, "unit"),
			 get(e, "dr"), get(e, "tq"), get(e, "over"),
			 get(e, "result"));
	} else if (is(e, "cohesion_hit")) {
		const char *total = get(e, "total");
		const char *hit = geti(e, "hits") == 1 ? "hit" : "hits";
		if (*total >= '0' && *total <= '9')
			card_add(c, rule, "%s +%s %s: %s of TQ %s",
				 get(e, "unit"), get(e, "hits"), hit, total,
				 get(e, "tq"));
		else
			card_add(c, rule, "%s +%s %s: %s", get(e, "unit"),
				 get(e, "hits"), hit, total);
	} else if (is(e, "rout")) {
		card_add(c, rule, "%s ROUTS: %s hits, TQ %s (%s)",
			 get(e, "unit"), get(e, "hits"), get(e, "tq"),
			 get(e, "cause"));
	} else if (is(e, "rout_move")) {
		card_add(c, rule, "%s routs %s>%s", get(e, "unit"),
			 get(e, "from"), get(e, "to"));
	} else if (is(e, "rout_through")) {
		int hits = geti(e, "hits");
		card_add(c, rule, "%s routs through %s: %d hit%s",
			 get(e, "unit"), get(e, "through"), hits,
			 hits == 1 ? "" : "s");
	} else if (is(e, "rout_end")) {
		card_add(c, rule, "%s rout move ends in %s", get(e, "unit"),
			 get(e, "hex"));
	} else if (is(e, "eliminated")) {
		card_add(c, rule, "%s ELIMINATED", get(e, "unit"));
	} else if (is(e, "leader_hit")) {
		card_add(c, rule, "%s (%s) rolls %s: %s", get(e, "leader"),
			 get(e, "with"), get(e, "die"),
			 strcmp(get(e, "casualty"), "yes") == 0 ? "casualty"
								: "unhurt");
	} else if (is(e, "leader_casualty")) {
		words(a, sizeof a, get(e, "result"));
		card_add(c, rule, "%s casualty roll %s: %s", get(e, "leader"),
			 get(e, "die"), a);
	} else if (is(e, "combat_off")) {
		card_add(c, rule, "Not fought on: %s att, %s def stand",
			 get(e, "attackers"), get(e, "defenders"));
	} else if (is(e, "shock_not_fought")) {
		words(a, sizeof a, get(e, "why"));
		card_add(c, rule, "Not fought: %s", a);
	} else if (is(e, "clash_pick")) {
		card_add(c, rule, "%s picks %s %s: col %s%s",
			 strcmp(get(e, "for"), "defender") == 0 ? "Def" : "Att",
			 get(e, "unit"), get(e, "type"), get(e, "column"),
			 strcmp(get(e, "by"), "automatic") == 0 ? " (only)"
								: "");
	} else if (is(e, "clash")) {
		card_add(c, rule, "Clash column %s: %s v %s %s",
			 get(e, "column"), get(e, "attacker_type"),
			 get(e, "defender_type"), get(e, "side"));
	} else if (is(e, "superiority")) {
		words(a, sizeof a, get(e, "why"));
		card_add(c, rule, "Superiority: %s (%s)", get(e, "result"), a);
	} else if (is(e, "size_ratio")) {
		ratio(a, sizeof a, get(e, "ratio"));
		card_add(c, rule, "Size %s v %s%s: %s, shift %s",
			 get(e, "attacker_size"), get(e, "defender_size"),
			 strcmp(get(e, "moved"), "yes") == 0 ? " moved" : "", a,
			 get(e, "shift"));
	} else if (is(e, "shock_shift")) {
		words(a, sizeof a, get(e, "what"));
		card_add(c, rule, "Shift %s: %s", a, get(e, "shift"));
	} else if (is(e, "shock_roll")) {
		const char *al = event_get(e, "attacker_leader");
		const char *dl = event_get(e, "defender_leader");
		card_add(c, "8.46", "Charisma %+d (att %s, def %s)",
			 geti(e, "charisma"), al ? al : "-", dl ? dl : "-");
		if (geti(e, "killed"))
			card_add(c, "8.44", "Killed leader %+d",
				 geti(e, "killed"));
		card_add(c, "8.46", "Die %s, modified %s", get(e, "roll"),
			 get(e, "modified"));
	} else if (is(e, "shock_result")) {
		card_add(c, "8.74", "CRT column %s: %s", get(e, "column"),
			 get(e, "crt"));
		card_add(c, "8.46", "Hits att %s, def %s (%s)",
			 get(e, "attacker_hits"), get(e, "defender_hits"),
			 get(e, "superiority"));
	} else if (is(e, "shock_hits")) {
		const char *why = event_get(e, "why");
		card_add(c, rule, "%s takes %s of %s%s", get(e, "unit"),
			 get(e, "hits"), get(e, "of"), why ? " (chosen)" : "");
	} else if (is(e, "breakthrough")) {
		/* GBA 8.37, the Push of Shields: its hits (the next line)
		 * follow */
		card_add(c, rule, "Push: %s %s hits >= %dx %s's %s",
			 get(e, "unit"), get(e, "unit_hits"),
			 GBA_BREAKTHROUGH_RATIO, get(e, "than"),
			 get(e, "than_hits"));
	} else if (is(e, "all_rout")) {
		card_add(c, rule, "All routed: the %s routs (%s)",
			 get(e, "routs"), get(e, "by"));
	} else if (is(e, "collapse_check")) {
		card_add(c, rule, "%s collapse %s vs TQ %s: %s", get(e, "unit"),
			 get(e, "dr"), get(e, "tq"), get(e, "result"));
	} else if (is(e, "hit_removed")) {
		card_add(c, rule, "%s loses one hit", get(e, "unit"));
	} else if (is(e, "advance")) {
		card_add(c, rule, "%s advances %s>%s", get(e, "unit"),
			 get(e, "from"), get(e, "to"));
	} else if (is(e, "advance_stay")) {
		card_add(c, rule, "%s keeps its facing", get(e, "unit"));
	} else if (is(e, "facing_changed")) {
		card_add(c, rule, "%s turns %s>%s", get(e, "unit"),
			 get(e, "from"), get(e, "to"));
	} else if (is(e, "pursuer")) {
		card_add(c, rule, "%s pursues", get(e, "unit"));
	} else if (is(e, "pursuit_check")) {
		words(a, sizeof a, get(e, "result"));
		card_add(c, rule, "%s pursuit %s vs TQ %s: %s", get(e, "unit"),
			 get(e, "dr"), get(e, "tq"), a);
	} else if (is(e, "pursuit_finished")) {
		card_add(c, rule, "%s: Pursuit/Finished", get(e, "unit"));
	} else if (is(e, "pursuit_stop")) {
		words(a, sizeof a, get(e, "why"));
		card_add(c, rule, "%s stops: %s", get(e, "unit"), a);
	} else if (is(e, "pursuit_onward")) {
		card_add(c, rule, "%s goes on %s MP %s", get(e, "unit"),
			 get(e, "mp"), get(e, "way"));
	} else if (is(e, "pursuit_move")) {
		card_add(c, rule, "%s pursues to %s", get(e, "unit"),
			 get(e, "to"));
	} else if (is(e, "pursuit_shock")) {
		card_add(c, rule, "%s shocks %s: combat %d", get(e, "unit"),
			 get(e, "defenders"), geti(e, "combat") + 1);
	} else if (is(e, "pursuit_none")) {
		words(a, sizeof a, get(e, "why"));
		card_add(c, rule, "No pursuit: %s", a);
	} else if (is(e, "pursuit_off_map")) {
		card_add(c, rule, "%s pursues off the map at %s",
			 get(e, "unit"), get(e, "exit"));
	} else if (is(e, "leader_withdrawal_offered")) {
		card_add(c, rule, "%s may withdraw from %s", get(e, "leader"),
			 get(e, "by"));
	} else if (is(e, "reaction_declined")) {
		words(a, sizeof a, get(e, "kind"));
		card_add(c, rule, "%s declines: %s", side_name_of(e), a);
	} else if (is(e, "leader_withdrawal_done")) {
		card_add(c, rule, "%s withdrew %s hexes", get(e, "leader"),
			 get(e, "hexes"));
	} else if (is(e, "missile_no")) {
		card_add(c, rule, "%s: no missiles while routed",
			 get(e, "unit"));
	} else if (is(e, "missile_supply")) {
		card_add(c, rule, "%s missile supply %s>%s", get(e, "unit"),
			 get(e, "was"), get(e, "now"));
	} else if (is(e, "rampage_roll")) {
		words(a, sizeof a, get(e, "result"));
		card_add(c, rule, "%s rampage roll %s: %s", get(e, "unit"),
			 get(e, "dr"), a);
	} else if (is(e, "rampage_moved")) {
		card_add(c, rule, "%s rampages %s>%s", get(e, "unit"),
			 get(e, "from"), get(e, "to"));
	} else if (is(e, "rampage_contact")) {
		card_add(c, rule, "%s tramples %s: %s hits", get(e, "unit"),
			 get(e, "target"), get(e, "hits"));
	} else if (is(e, "rampage_trampled")) {
		card_add(c, rule, "%s trampled by %s", get(e, "leader"),
			 get(e, "by"));
	} else if (is(e, "rampage_waits")) {
		card_add(c, rule, "%s rampage waits at %s", get(e, "unit"),
			 get(e, "hex"));
	} else if (is(e, "rampage_end")) {
		words(a, sizeof a, get(e, "reason"));
		card_add(c, rule, "%s rampage ends: %s", get(e, "unit"), a);
	} else if (is(e, "passthru_offered")) {
		card_add(c, rule, "%s may let %s through", get(e, "unit"),
			 get(e, "elephant"));
	} else if (is(e, "passthru_choice")) {
		card_add(c, rule, "%s %s", get(e, "unit"),
			 strcmp(get(e, "choice"), "yes") == 0
				 ? "lets the elephant through"
				 : "stands");
	} else if (is(e, "passthru_hits")) {
		card_add(c, rule, "Pass-thru hits: EL %s, inf %s",
			 get(e, "elephant"), get(e, "infantry"));
	} else if (is(e, "passthru_place_owed")) {
		card_add(c, rule, "%s to be placed: %s", get(e, "elephant"),
			 get(e, "rear"));
	} else if (is(e, "passthru")) {
		card_add(c, rule, "%s passes through %s>%s", get(e, "elephant"),
			 get(e, "from"), get(e, "to"));
	} else if (is(e, "engaged_stays") || is(e, "engaged_stands")) {
		card_add(c, rule, "%s stays Engaged", get(e, "unit"));
	} else if (is(e, "engaged_retreat")) {
		card_add(c, rule, "%s disengages %s>%s", get(e, "unit"),
			 get(e, "from"), get(e, "to"));
	} else if (is(e, "rampage")) {
		const char *by = event_get(e, "caused_by");
		card_add(c, rule, "%s RAMPAGES (%s%s%s)", get(e, "unit"),
			 get(e, "cause"), by ? " by " : "", by ? by : "");
	} else {
		/* any other event of the combat, as its kind and fields */
		size_t len = 0;
		words(a, sizeof a, e->kind);
		len = strlen(a);
		char text[512];
		snprintf(text, sizeof text, "%s", a);
		for (int i = 0; i < e->nfields; i++) {
			if (strcmp(event_key(e, i), "rule") == 0 ||
			    strcmp(event_key(e, i), "combat") == 0)
				continue;
			len += (size_t)snprintf(
				text + len,
				len < sizeof text ? sizeof text - len : 0,
				" %s=%s", event_key(e, i), event_val(e, i));
			if (len >= sizeof text)
				break;
		}
		card_add(c, rule, "%s", text);
	}
}

static const char *ask_rule(int ask)
{
	switch (ask) {
	case SHA_DESIGNATE:
		return "8.42";
	case SHA_ENGAGED:
		return "10.42";
	case SHA_CLASH_DEFENDER:
	case SHA_CLASH_ATTACKER:
		return "8.45";
	case SHA_HITS:
		return "10.13";
	case SHA_ADVANCE:
		return "8.5";
	case SHA_PURSUIT:
		return "8.61";
	case SHA_PASSTHRU:
	case SHA_PASSTHRU_PLACE:
		return "9.11";
	default:
		return "8.4";
	}
}

static void unit_line(const struct game *g, struct card *c, char role,
		      const char *id)
{
	const struct unit *u = unit_by_id(g, id);
	if (!u) {
		card_add(c, "8.42", "%c %s", role, id);
		return;
	}
	card_add(c, "8.42", "%c %s %s size %d TQ %d", role, u->id,
		 unit_type_name(u->type), u->size, u->tq);
}

/* card_shock's work; *fresh (when not NULL) counts the lines that came
 * from the events at index `since` and after. */
static int shock_card(const struct game *g, int combat, struct card *c,
		      size_t since, int *fresh)
{
	if (fresh)
		*fresh = 0;
	c->n = 0;
	c->truncated = false;
	long from = segment_start(g);
	if (from < 0 && g->shock.step != SHS_NONE)
		from = 0; /* a segment set up by hand: its state and all events
			   */
	if (from < 0) {
		card_add(c, "8.4", "No Shock segment yet");
		return -1;
	}
	static const int max = SHOCK_COMBATS_MAX;
	struct roster ro[SHOCK_COMBATS_MAX];
	int n = rebuild(g, from, ro, max);
	if (combat < 0 || combat >= n) {
		card_add(c, "8.42", "No combat %d (%d designated)", combat, n);
		return -1;
	}
	const struct roster *r = &ro[combat];
	bool now = g->shock.step != SHS_NONE;
	/* numbered from 1 on a card, as the viewer's title and the
	 * prompt number them (the commands' N counts from 0) */
	card_add(c, "8.42", "Combat %d%s%s", combat + 1,
		 r->followup ? ", follow-up" : "", now ? "" : ", segment over");
	if (r->followup && r->parent >= 0)
		card_add(c, "8.62", "Follows up combat %d", r->parent + 1);
	struct follow f = {0};
	for (int k = 0; k < r->natt; k++) {
		unit_line(g, c, 'A', r->att[k]);
		follow_add(&f, r->att[k]);
	}
	for (int k = 0; k < r->ndef; k++) {
		unit_line(g, c, 'D', r->def[k]);
		follow_add(&f, r->def[k]);
	}
	if (!r->followup) /* 8.62: the follow-up's checks are its own */
		card_add(c, "8.43", "Pre-shock TQ checks: %s",
			 r->must_check ? "yes" : "no");
	const char *step = NULL, *step_rule = NULL;
	bool titled = false;
	int fu = -1, fu_parent = -1; /* the follow-up batch running (8.62) */
	for (size_t i = (size_t)from; i < g->events.n; i++) {
		struct event e_at;
		event_log_at(&g->events, i, &e_at);
		const struct event *e = &e_at;
		if (is(e, "pursuit_shock")) {
			int k = geti(e, "combat");
			if (k >= 0 && k < n) {
				fu = k;
				fu_parent = geti(e, "parent");
			}
		}
		if (is(e, "shock_step")) {
			if (!event_get(e, "followup"))
				fu = -1;
			else if (fu >= 0 && fu != combat)
				continue; /* the outer combat stays at 8.6 */
			/* the log's own copies: e is gone next time round */
			step = event_log_get(&g->events, i, "step");
			step_rule = event_log_get(&g->events, i, "rule");
			titled = false;
			continue;
		}
		if (is(e, "shock_over"))
			break;
		if (quiet(e) || !concerns(e, combat, r, fu, fu_parent, &f))
			continue;
		int before = c->n;
		if (step && !titled) {
			card_add(c, step_rule, "-- %s --", step_title(step));
			titled = true;
		}
		shock_line(e, c);
		if (fresh && i >= since)
			*fresh += c->n - before;
	}
	if (now && g->shock.ask != SHA_NONE && g->shock.ask_combat == combat)
		card_add(c, ask_rule(g->shock.ask), "Waits: %s, %s",
			 shock_ask_name(g->shock.ask),
			 side_name(g, g->shock.ask_side));
	else if (now)
		card_add(c, "8.4", "Segment at: %s",
			 shock_step_name(g->shock.step));
	return c->n;
}

int card_shock(const struct game *g, int combat, struct card *c)
{
	return shock_card(g, combat, c, 0, NULL);
}

int card_shock_fresh(const struct game *g, int combat, struct card *c,
		     size_t since, int *fresh)
{
	return shock_card(g, combat, c, since, fresh);
}

int card_shock_count(const struct game *g)
{
	long from = segment_start(g);
	if (from < 0 && g->shock.step != SHS_NONE)
		from = 0; /* as card_shock takes a segment set up by hand */
	if (from < 0)
		return 0;
	struct roster ro[SHOCK_COMBATS_MAX];
	return rebuild(g, from, ro, SHOCK_COMBATS_MAX);
}

int card_shock_first_touched(const struct game *g, size_t since,
			     struct card *scratch)
{
	int n = card_shock_count(g);
	int width = scratch->width;
	for (int ci = 0; ci < n; ci++) {
		int fresh = 0;
		card_init(scratch, width);
		if (shock_card(g, ci, scratch, since, &fresh) >= 0 && fresh > 0)
			return ci;
	}
	return -1;
}

/* ------------------------------------------------------------ leaders */

static const char *leader_rule(const struct leader *l)
{
	if (l->killed)
		return "4.73";
	switch (l->state) {
	case LS_ACTIVE:
		return "5.2";
	case LS_FINISHED:
		return "5.15";
	case LS_BYPASSED:
		return "5.44";
	default:
		return "5.11";
	}
}

int card_leaders(const struct game *g, int side, struct card *c)
{
	c->n = 0;
	c->truncated = false;
	if (side < 0 || side > 1) {
		card_add(c, "", "No side %d (0 or 1)", side);
		return -1;
	}
	card_add(c, "5.1", "%s leaders, turn %d", side_name(g, side), g->turn);
	for (int i = 0; i < g->nleaders; i++) {
		const struct leader *l = &g->leaders[i];
		if (l->side != side)
			continue;
		unsigned fl = g->seq.leader_flags[i];
		const char *st;
		if (l->killed)
			st = "killed";
		else if (!l->available)
			st = "not yet in play";
		else if (!l->on_map)
			st = "off map";
		else if (l->state == LS_ACTIVE)
			st = "ACTIVE";
		else if (l->state == LS_BYPASSED)
			st = "bypassed";
		else if (l->state == LS_FINISHED)
			st = "finished"; /* by activation, pass or 4.73 */
		else
			st = (fl & SEQ_LF_ACTIVATED) ? "inactive again"
						     : "not yet";
		card_add(c, leader_rule(l), "%s%s I%d R%d LC%d %s",
			 l->overall ? "*" : "", l->id,
			 leader_initiative_now(g, l),
			 leader_command_range_now(g, l), l->line_command, st);
		if (g->active_leader == i && seq_step_now(g) == SEQ_ORDERS)
			card_add(c, "5.21", "  orders left %d, given %d",
				 g->seq.orders_left, g->seq.orders_given);
		if (l->activations > 1)
			card_add(c, "5.14", "  %d Orders Phases this turn",
				 l->activations);
		if (l->wounds > 0 && !l->killed)
			card_add(c, "4.73", "  wounded (%d)", l->wounds);
		if (fl & SEQ_LF_NO_MOMENTUM)
			card_add(c, "5.31", "  no momentum this turn");
	}
	return c->n;
}

/* ------------------------------------------------------------ sequence */

static const char *step_rule(enum seq_step s)
{
	switch (s) {
	case SEQ_ELITE:
		return "5.51";
	case SEQ_ACTIVATE:
		return "5.12";
	case SEQ_TRUMP_REPLY:
		return "5.42";
	case SEQ_ORDERS:
		return "5.2";
	case SEQ_MOMENTUM:
		return "5.31";
	case SEQ_REACTIVATE:
		return "5.33";
	case SEQ_OVER:
		return "11.2";
	case SEQ_ROUT:
		return "10.22";
	case SEQ_REACTION:
		return "6.5";
	case SEQ_SHOCK:
		return "8.4";
	case SEQ_ELEPHANT:
		return "4.91";
	default:
		return "3.0";
	}
}

int card_sequence(const struct game *g, struct card *c)
{
	c->n = 0;
	c->truncated = false;
	const struct sequence_state *q = &g->seq;
	int limit = g->battle ? g->battle->turn_limit : 0;
	if (limit > 0)
		card_add(c, "3.0", "Turn %d of %d", g->turn, limit);
	else
		card_add(c, "3.0", "Turn %d", g->turn);
	card_add(c, "3.0", "Phase: %s%s", phase_name(g->phase),
		 q->momentum_phase && g->phase != PHASE_OVER ? " (momentum)"
							     : "");
	enum seq_step st = seq_step_now(g);
	card_add(c, step_rule(st), "Step: %s", seq_step_name(st));
	int side = seq_decision_side(g);
	if (side >= 0)
		card_add(c, step_rule(st), "Decides: %s", side_name(g, side));
	else if (st != SEQ_OVER)
		card_add(c, "3.0", "Decides: nobody (continue)");
	if (g->active_leader >= 0 && g->active_leader < g->nleaders) {
		const struct leader *l = &g->leaders[g->active_leader];
		card_add(c, "5.1", "Active: %s (%s)", l->id,
			 side_name(g, l->side));
	} else {
		card_add(c, "5.1", "Active: none");
	}
	if (st == SEQ_ORDERS)
		card_add(c, "5.21", "Orders left %d, given %d", q->orders_left,
			 q->orders_given);
	if (st == SEQ_TRUMP_REPLY && q->trumped >= 0 &&
	    q->trumped < g->nleaders)
		card_add(c, "5.42", "May trump: %s", g->leaders[q->trumped].id);
	/* the fields below mean something only at their own steps (a game
	 * whose sequence is not derived yet holds zeros in them) */
	bool act = g->active_leader >= 0 && g->active_leader < g->nleaders;
	if (st == SEQ_ORDERS && q->trumper >= 0 &&
	    q->trumper == g->active_leader)
		card_add(c, "5.45", "By a trump: %s",
			 g->leaders[q->trumper].id);
	if ((st == SEQ_MOMENTUM || st == SEQ_ORDERS) && act &&
	    (g->seq.leader_flags[g->active_leader] & SEQ_LF_NO_MOMENTUM))
		card_add(c, "5.31", "No momentum for %s",
			 g->leaders[g->active_leader].id);
	card_add(c, "5.43", "Trump tried: %s %s, %s %s", side_name(g, 0),
		 q->trump_tried[0] ? "yes" : "no", side_name(g, 1),
		 q->trump_tried[1] ? "yes" : "no");
	if (st == SEQ_ELITE && q->elite_side >= 0)
		card_add(c, "5.51", "Elite choice: %s",
			 side_name(g, q->elite_side));
	if (st == SEQ_ORDERS && q->eio_leader >= 0 &&
	    q->eio_leader == g->active_leader)
		card_add(c, "5.52", "Elite Orders Phase: %s",
			 g->leaders[q->eio_leader].id);
	if (q->doom)
		card_add(c, "5.33", "Die Roll of Doom: no more activations");
	if (g->shock.step != SHS_NONE) {
		card_add(c, "8.4", "Shock: %s, %d combat%s",
			 shock_step_name(g->shock.step), g->shock.ncombats,
			 g->shock.ncombats == 1 ? "" : "s");
		if (g->shock.ask != SHA_NONE)
			card_add(c, ask_rule(g->shock.ask),
				 "Shock waits: %s (%s)",
				 shock_ask_name(g->shock.ask),
				 side_name(g, g->shock.ask_side));
	}
	card_add(c, "11.1", "RP %s %d, %s %d", side_name(g, 0),
		 g->rout_points[0], side_name(g, 1), g->rout_points[1]);
	return c->n;
}

/* ------------------------------------------------------------ end */

int card_end(const struct game *g, struct card *c)
{
	c->n = 0;
	c->truncated = false;
	bool over = g->phase == PHASE_OVER || g->seq.result != RESULT_NONE;
	/* the last game_over event says why (11.2 or R4) */
	struct event why_at, limit_at;
	const struct event *why = NULL, *limit = NULL;
	for (size_t i = g->events.n; i-- > 0;) {
		if (!why && event_log_is(&g->events, i, "game_over")) {
			event_log_at(&g->events, i, &why_at);
			why = &why_at;
		}
		if (!limit && event_log_is(&g->events, i, "turn_limit")) {
			event_log_at(&g->events, i, &limit_at);
			limit = &limit_at;
		}
		if (why && limit)
			break;
	}
	const char *rule = why ? get(why, "rule") : "11.2";
	if (!over)
		card_add(c, "11.2", "The battle goes on");
	else if (g->seq.result == RESULT_DRAW)
		card_add(c, rule, "The battle is a DRAW");
	else if (g->seq.result == RESULT_SIDE0 || g->seq.result == RESULT_SIDE1)
		card_add(c, rule, "%s WINS",
			 side_name(g, g->seq.result == RESULT_SIDE0 ? 0 : 1));
	else
		card_add(c, rule, "The battle is over");
	card_add(c, "3.0", "Turn %d%s", g->turn, over ? ", the last" : "");
	for (int s = 0; s < 2; s++) {
		int level =
			g->battle ? g->battle->sides[s].withdrawal_level : 0;
		if (level < 1)
			level = 1; /* as the Withdrawal Phase counts it */
		bool out = g->rout_points[s] >= level;
		card_add(c, "11.1", "%s: %d of %d rout points", side_name(g, s),
			 g->rout_points[s], level);
		card_add(c, "11.2", "  %s",
			 out ? "WITHDRAWS" : "holds the field");
	}
	if (why) {
		const char *w = get(why, "why");
		if (strcmp(w, "withdrawal") == 0)
			card_add(c, "11.2", "By withdrawal");
		else if (strcmp(w, "both_withdraw") == 0)
			card_add(c, "11.2",
				 "Both withdraw: fewer RP over wins");
		else if (strcmp(w, "turn_limit") == 0)
			card_add(c, "R4", "Turn limit: the smaller share wins");
		else if (strcmp(w, "target_killed") == 0)
			card_add(c, rule, "The king is killed");
		else if (*w)
			card_add(c, rule, "Ended by %s", w);
	}
	if (why && limit && strcmp(get(why, "why"), "turn_limit") == 0)
		card_add(c, "R4", "Shares: %s %s, %s %s", side_name(g, 0),
			 get(limit, "side0"), side_name(g, 1),
			 get(limit, "side1"));
	return c->n;
}

/* ------------------------------------------------------------ command */

static bool parse_int(const char *s, int lo, int hi, int *out)
{
	if (!s || !*s)
		return false;
	char *end = NULL;
	long v = strtol(s, &end, 10);
	if (!end || *end || v < lo || v > hi)
		return false;
	*out = (int)v;
	return true;
}

void cmd_show_card(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	static const char *const usage =
		"show card shock N | leaders SIDE | sequence | end [WIDTH]";
	struct session *s = ctx;
	if (argc < 2) {
		cmd_malformed(r, "%s", usage);
		return;
	}
	if (!s || !s->game) {
		cmd_refuse(r, NULL, "no game: start one with new or load");
		return;
	}
	const struct game *g = s->game;
	const char *what = argv[1];
	int nargs = strcmp(what, "shock") == 0 || strcmp(what, "leaders") == 0
			    ? 1
			    : 0;
	if (strcmp(what, "shock") != 0 && strcmp(what, "leaders") != 0 &&
	    strcmp(what, "sequence") != 0 && strcmp(what, "end") != 0) {
		cmd_malformed(r, "%s", usage);
		return;
	}
	if (argc < 2 + nargs || argc > 3 + nargs) {
		cmd_malformed(r, "%s", usage);
		return;
	}
	int width = CARD_PANEL_WIDTH;
	if (argc == 3 + nargs && !parse_int(argv[2 + nargs], CARD_WIDTH_MIN,
					    CARD_WIDTH_MAX, &width)) {
		cmd_malformed(r, "WIDTH is %d to %d columns", CARD_WIDTH_MIN,
			      CARD_WIDTH_MAX);
		return;
	}
	struct card *c = malloc(sizeof *c);
	if (!c) {
		cmd_refuse(r, NULL, "out of memory");
		return;
	}
	card_init(c, width);
	int n = 0, arg = -1;
	if (strcmp(what, "shock") == 0) {
		if (!parse_int(argv[2], 0, 1000000, &arg)) {
			free(c);
			cmd_malformed(r, "show card shock N: N is a combat "
					 "number (show shock)");
			return;
		}
		n = card_shock(g, arg, c);
		if (n < 0) {
			free(c);
			if (segment_start(g) < 0)
				cmd_refuse(r, "8.4",
					   "no Shock segment has begun");
			else
				cmd_refuse(r, "8.42",
					   "no combat %d in the Shock segment "
					   "(show shock)",
					   arg);
			return;
		}
	} else if (strcmp(what, "leaders") == 0) {
		if (!parse_int(argv[2], 0, 1, &arg)) {
			arg = -1;
			for (int k = 0; k < 2 && g->battle; k++)
				if (strcmp(g->battle->sides[k].id, argv[2]) ==
				    0)
					arg = k;
		}
		if (arg < 0) {
			free(c);
			cmd_refuse(r, NULL, "no side %s: 0, 1 or a side's id",
				   argv[2]);
			return;
		}
		n = card_leaders(g, arg, c);
	} else if (strcmp(what, "sequence") == 0) {
		n = card_sequence(g, c);
	} else {
		n = card_end(g, c);
	}
	struct event e;
	event_init(&e, "card");
	event_add(&e, "kind", "%s", what);
	if (arg >= 0)
		event_add(&e, "of", "%d", arg);
	event_add(&e, "lines", "%d", n);
	event_add(&e, "width", "%d", c->width);
	cmd_output(r, &e);
	size_t need = card_text(c, NULL, 0);
	char *text = malloc(need + 1);
	if (text) {
		card_text(c, text, need + 1);
		free(r->text);
		r->text = text;
	}
	free(c);
}
