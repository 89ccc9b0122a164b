/* why.c — `why`: the last roll, result or refusal in plain words.
 *
 * Every roll event names its rule and carries its die and inputs; the
 * events just after it carry the outcome (tq_check, missile_result,
 * shock_roll and shock_result, activated).  `why` finds the newest roll
 * (or a refusal newer than it) and tells those fields as sentences. */
#include "maniple/why.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/session.h"
#include "maniple/textbuf.h"

/* word into buf with '_' shown as a blank; returns buf. */
static const char *blanks(const char *word, char *buf, size_t n)
{
	snprintf(buf, n, "%s", word);
	for (char *p = buf; *p; p++)
		if (*p == '_')
			*p = ' ';
	return buf;
}

/* A field's value with '_' shown as a blank, or "?" when it is missing. */
static const char *val(const struct event *e, const char *key, char *buf,
		       size_t n)
{
	const char *v = event_get(e, key);
	return v ? blanks(v, buf, n) : "?";
}

/* `why`'s answer: the event out and the text t (taken), or a refusal
 * when t ran out of memory. */
static void answer(struct cmd_result *r, struct textbuf *t,
		   const struct event *out)
{
	if (t->failed) {
		free(t->s);
		cmd_refuse(r, NULL, "out of memory");
		return;
	}
	cmd_output(r, out);
	free(r->text);
	r->text = t->s;
}

/* Up to eight values live at once (one sentence's worth). */
struct vals {
	char b[8][EVENT_VAL_MAX];
	int i;
};

static const char *vget(struct vals *v, const struct event *e,
			const char *key)
{
	char *buf = v->b[v->i++ % 8];
	return val(e, key, buf, sizeof v->b[0]);
}

#define V(e, key) vget(&vb, (e), (key))

static bool is_for(const struct event *e, const char *what)
{
	const char *f = event_get(e, "for");
	return f && strcmp(f, what) == 0;
}

/* The first event of kind k after index i (up to the next roll), decoded
 * into *out, or NULL. */
static const struct event *after(const struct event_log *log, size_t i,
				 const char *k, struct event *out)
{
	for (size_t j = i + 1; j < log->n; j++) {
		if (event_log_is(log, j, "roll"))
			break;
		if (event_log_is(log, j, k)) {
			event_log_at(log, j, out);
			return out;
		}
	}
	return NULL;
}

static void tell_die(struct textbuf *t, const struct event *e)
{
	struct vals vb = {.i = 0};
	const char *forced = event_get(e, "forced");
	textbuf_line(t, "The die: %s%s.", V(e, "die"),
		     forced && strcmp(forced, "yes") == 0
			     ? " (forced with roll)"
			     : "");
}

/* 8.15: each modifier of the volley f (at index fi), from the
 * missile_modifier events just before it, with its rule. */
static void tell_missile_modifiers(struct textbuf *t,
				   const struct event_log *log, size_t fi,
				   const struct event *f)
{
	struct vals vb = {.i = 0};
	size_t first = fi;
	while (first > 0 && event_log_is(log, first - 1, "missile_modifier"))
		first--;
	if (first == fi) {
		textbuf_line(t, "No modifier applies to this volley (8.15).");
		return;
	}
	textbuf_put(t, "Each modifier:");
	for (size_t j = first; j < fi; j++) {
		struct event m;
		event_log_at(log, j, &m);
		vb.i = 0;
		textbuf_put(t, "%s %s %s (rule %s)", j > first ? "," : "",
			    V(&m, "name"), V(&m, "drm"), V(&m, "rule"));
	}
	vb.i = 0;
	textbuf_put(t, "; %s in all.\n", V(f, "drm"));
}

static void tell_roll(struct textbuf *t, const struct event_log *log, size_t i)
{
	struct event e_at, x_at, f_at, sr_at;
	event_log_at(log, i, &e_at);
	const struct event *e = &e_at;
	struct vals vb = {.i = 0};
	const struct event *x;
	if (is_for(e, "activation_tie")) {
		textbuf_line(
			t,
			"Activation roll (rule %s): the lowest-rated leaders "
			"still to go on both sides share Initiative %s, so "
			"each side rolls a die and the higher die goes first.",
			V(e, "rule"), V(e, "initiative"));
		textbuf_line(t, "This die was %s's (side %s).", V(e, "army"),
			     V(e, "side"));
		tell_die(t, e);
		if (event_get(e, "result"))
			textbuf_line(t, "Outcome: %s.", V(e, "result"));
		else
			textbuf_line(t, "The other side's die comes next.");
	} else if (is_for(e, "momentum") || is_for(e, "trump") ||
		   is_for(e, "momentum_trump")) {
		const char *what =
			is_for(e, "momentum") ? "Momentum roll"
			: is_for(e, "trump")  ? "Trump roll"
					      : "Trump of a Momentum phase";
		textbuf_line(
			t,
			"%s (rule %s): %s, Initiative %s, needs a die of his "
			"Initiative or less.",
			what, V(e, "rule"), V(e, "leader"), V(e, "initiative"));
		if (event_get(e, "against"))
			textbuf_line(t, "He tries to go before %s.",
				     V(e, "against"));
		tell_die(t, e);
		textbuf_line(t, "Outcome: %s.", V(e, "result"));
		if (is_for(e, "momentum"))
			textbuf_line(
				t,
				"Success gives the same leader another Orders "
				"Phase; the other side may then try to trump "
				"it (5.42).");
	} else if (is_for(e, "missile_fire")) {
		const struct event *f = NULL;
		size_t fi = 0;
		for (size_t j = i; j-- > 0;)
			if (event_log_is(log, j, "missile_fire")) {
				event_log_at(log, j, &f_at);
				f = &f_at;
				fi = j;
				break;
			}
		x = after(log, i, "missile_result", &x_at);
		textbuf_line(t,
			     "Missile fire (rule %s), looked up on the Missile "
			     "Range and Results Chart.",
			     x ? V(x, "rule") : V(e, "rule"));
		if (f)
			textbuf_line(
				t,
				"%s (missile class %s, %s fire) at %s in %s, "
				"range %s: strength %s, modifiers %s.",
				V(f, "firer"), V(f, "class"), V(f, "kind"),
				V(f, "target"), V(f, "at"), V(f, "range"),
				V(f, "strength"), V(f, "drm"));
		if (f)
			tell_missile_modifiers(t, log, fi, f);
		tell_die(t, e);
		if (x)
			textbuf_line(
				t,
				"Die plus modifiers: %s against strength %s "
				"(a die of %s or less hits): %s, %s cohesion "
				"hit(s).",
				V(x, "dr"), V(x, "strength"), V(x, "needs"),
				V(x, "result"), V(x, "hits"));
	} else if (is_for(e, "pre_shock_check") || is_for(e, "tq_check") ||
		   is_for(e, "reaction_check") || is_for(e, "rally") ||
		   is_for(e, "collapse_check")) {
		textbuf_line(
			t, "Troop Quality check for %s (rule %s, reason: %s).",
			V(e, "unit"), V(e, "rule"),
			event_get(e, "why") ? V(e, "why") : V(e, "for"));
		tell_die(t, e);
		if (event_get(e, "drm"))
			textbuf_line(t, "Modifier: %s.", V(e, "drm"));
		x = after(log, i, "tq_check", &x_at);
		if (x) {
			textbuf_line(
				t,
				"Modified roll %s against TQ %s: a roll above "
				"the TQ fails the check.",
				V(x, "dr"), V(x, "tq"));
			textbuf_line(t,
				     "Cohesion hits from it: %s; routed: %s.",
				     V(x, "hits"), V(x, "routed"));
		}
	} else if (is_for(e, "shock")) {
		const struct event *sr = after(log, i, "shock_roll", &sr_at);
		x = after(log, i, "shock_result", &x_at);
		textbuf_line(
			t,
			"Shock combat %s (rule %s), looked up on the Shock "
			"Combat Results Table.",
			V(e, "combat"), x ? V(x, "rule") : V(e, "rule"));
		tell_die(t, e);
		if (sr)
			textbuf_line(
				t,
				"Charisma modifier %s, killed-leader modifier "
				"%s: modified roll %s.",
				V(sr, "charisma"), V(sr, "killed"),
				V(sr, "modified"));
		if (x) {
			textbuf_line(
				t,
				"Column %s gives %s (attacker hits, defender "
				"hits in brackets); superiority: %s.",
				V(x, "column"), V(x, "crt"),
				V(x, "superiority"));
			textbuf_line(t,
				     "Final: attacker %s, defender %s cohesion "
				     "hits.",
				     V(x, "attacker_hits"),
				     V(x, "defender_hits"));
		}
		textbuf_line(
			t,
			"The whole combat, its column shifts and modifiers: "
			"show card shock %s",
			V(e, "combat"));
	} else {
		textbuf_line(t, "Roll for %s (rule %s).", V(e, "for"),
			     V(e, "rule"));
		tell_die(t, e);
	}
	/* the hits it caused, up to the next roll (10.0: a unit's total
	 * against its TQ) */
	for (size_t j = i + 1; j < log->n; j++) {
		if (event_log_is(log, j, "roll"))
			break;
		if (event_log_is(log, j, "cohesion_hit")) {
			struct event h;
			event_log_at(log, j, &h);
			textbuf_line(
				t, "%s now has %s cohesion hit(s) (TQ %s).",
				V(&h, "unit"), V(&h, "total"), V(&h, "tq"));
		}
	}
	/* the roll as the game recorded it, in one sentence */
	textbuf_put(t, "As the game recorded the roll:");
	for (int k = 0; k < e->nfields; k++) {
		vb.i = 0;
		textbuf_put(t, "%s %s %s", k ? "," : "", event_key(e, k),
			    V(e, event_key(e, k)));
	}
	textbuf_put(t, ".\n");
}

/* The newest roll: its outcome events follow it. */
static bool find_last(const struct event_log *log, size_t *at)
{
	for (size_t j = log->n; j-- > 0;)
		if (event_log_is(log, j, "roll")) {
			*at = j;
			return true;
		}
	return false;
}

/* argv[1..argc-1] joined back into one command line (a word holding a
 * blank quoted again); false when it does not fit. */
static bool join_line(int argc, char **argv, char *line, size_t n)
{
	size_t k = 0;
	line[0] = '\0';
	for (int i = 1; i < argc; i++) {
		bool quote = strpbrk(argv[i], " \t") != NULL;
		int w = snprintf(line + k, n - k, "%s%s%s%s", i > 1 ? " " : "",
				 quote ? "\"" : "", argv[i], quote ? "\"" : "");
		if (w < 0 || (size_t)w >= n - k)
			return false;
		k += (size_t)w;
	}
	return true;
}

/* `why COMMAND ARGS...`: the command tried on a search copy of the game
 * (game_copy_for_search: no session, no history, dice of its own, so
 * nothing of the game, its file or its dice is touched), and told in a
 * sentence: refused with its reason and rule, or allowed with what it
 * starts (the copy's first events, the first rule they cite). */
static void why_command(struct session *s, int argc, char **argv,
			struct cmd_result *r)
{
	char line[CMD_LINE_MAX + 1];
	if (!join_line(argc, argv, line, sizeof line)) {
		cmd_malformed(r, "usage: why [COMMAND ARGS...]: line too long");
		return;
	}
	struct cmd_call call;
	struct cmd_result tr;
	cmd_result_init(&tr);
	if (!cmd_lookup(s->ruleset->commands(), line, &call, &tr) ||
	    !call.def) {
		cmd_refuse(r, NULL,
			   "%s is no command (help lists them): why COMMAND "
			   "tells why a game command is refused now or what it "
			   "would start",
			   argv[1]);
		cmd_result_free(&tr);
		return;
	}
	struct event out;
	event_init(&out, "why");
	struct textbuf t = {0};
	const struct cmd_def *d = call.def;
	if (d->effect != CMD_CHANGES) {
		event_add(&out, "about", "%s",
			  d->effect == CMD_LOOKS ? "command_looks"
						 : "command_session");
		textbuf_line(&t,
			     d->effect == CMD_LOOKS
				     ? "%s only looks: it changes nothing in "
				       "the game and may be given at any time."
				     : "%s is a session command (it starts, "
				       "loads or copies a game), not a move: "
				       "no rule of the game refuses it.",
			     d->name);
	} else {
		struct game *cp = game_copy_for_search(s->game, 1);
		if (!cp) {
			cmd_result_free(&tr);
			cmd_refuse(r, NULL, "out of memory");
			return;
		}
		struct session cs;
		memset(&cs, 0, sizeof cs);
		cs.game = cp;
		cs.ruleset = s->ruleset;
		unsigned long rolls = cp->dice.rolls;
		d->run(&cs, call.argc, call.argv, &tr);
		const struct event_log *log = &cp->events;
		if (tr.status == CMD_REFUSED && s->ruleset->cite_refusal)
			s->ruleset->cite_refusal(cp, &tr);
		if (tr.status != CMD_OK) {
			bool bad = tr.status == CMD_MALFORMED;
			event_add(&out, "about", "%s",
				  bad ? "command_malformed"
				      : "command_refused");
			if (tr.rule[0])
				event_add(&out, "rule", "%s", tr.rule);
			if (bad)
				textbuf_line(&t, "%s is not well formed: %s.",
					     line, tr.reason);
			else if (tr.rule[0])
				textbuf_line(&t,
					     "%s is refused now (rule %s): "
					     "%s.",
					     line, tr.rule, tr.reason);
			else
				textbuf_line(&t, "%s is refused now: %s.",
					     line, tr.reason);
		} else {
			const char *rule = NULL;
			for (size_t i = 0; !rule && i < log->n; i++)
				rule = event_log_get(log, i, "rule");
			event_add(&out, "about", "command_allowed");
			if (rule)
				event_add(&out, "rule", "%s", rule);
			textbuf_put(&t, "%s is allowed now", line);
			if (rule)
				textbuf_put(&t, " (rule %s)", rule);
			/* what it starts: its first event with its fields,
			 * then the kinds of the next few */
			size_t shown = 0;
			for (size_t i = 0; i < log->n && shown < 4; i++) {
				const char *k = event_log_kind(log, i);
				if (i > 0 &&
				    strcmp(k, event_log_kind(log, i - 1)) == 0)
					continue;
				struct event e;
				event_log_at(log, i, &e);
				struct vals vb = {.i = 0};
				char kb[EVENT_VAL_MAX];
				textbuf_put(&t, "%s%s",
					    shown ? ", then " : ": it starts ",
					    blanks(k, kb, sizeof kb));
				int told = 0;
				for (int f = 0; !shown && f < e.nfields; f++) {
					const char *key = event_key(&e, f);
					if (strcmp(key, "rule") == 0)
						continue;
					char kw[EVENT_VAL_MAX];
					vb.i = 0;
					textbuf_put(&t, "%s%s %s",
						    told++ ? ", " : " (",
						    blanks(key, kw, sizeof kw),
						    V(&e, key));
				}
				if (told)
					textbuf_put(&t, ")");
				shown++;
			}
			textbuf_put(&t, ".\n");
			if (cp->dice.rolls != rolls)
				textbuf_line(&t,
					     "It rolls a die: how that falls "
					     "is not told beforehand.");
		}
		event_log_free(&cp->events);
		free(cp);
	}
	cmd_result_free(&tr);
	answer(r, &t, &out);
}

void cmd_why(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	struct session *s = ctx;
	if (!s->game) {
		cmd_refuse(r, NULL, "no game: start one with new or load");
		return;
	}
	if (argc > 1) {
		why_command(s, argc, argv, r);
		return;
	}
	const struct event_log *log = &s->game->events;
	struct textbuf t = {0};
	struct event out;
	event_init(&out, "why");
	size_t at = 0;
	int pside = -1;
	char plevel[32], plan[CMD_LINE_MAX + 1] = "";
	if (s->why_refused && s->why_events == log->n &&
	    s->why_journal == s->journal.n) {
		event_add(&out, "about", "refused");
		event_add(&out, "rule", "%s", s->why_rule[0] ? s->why_rule
							      : "-");
		textbuf_line(&t, "Refused: %s", s->why_line);
		textbuf_line(&t, "Why: %s.", s->why_reason);
		if (s->why_rule[0])
			textbuf_line(&t, "Rule: %s.", s->why_rule);
		textbuf_line(&t, "A refused command changes nothing.");
	} else if (session_last_plan(s, &pside, plevel, sizeof plevel, plan,
				     sizeof plan) ||
		   find_last(log, &at)) {
		/* the computer's last command: its plan first (seats.h) */
		bool planned = plan[0] != '\0';
		bool rolled = find_last(log, &at);
		const char *f = rolled ? event_log_get(log, at, "for") : NULL;
		const char *rule = rolled ? event_log_get(log, at, "rule")
					  : NULL;
		event_add(&out, "about", "%s",
			  f ? f : rolled ? "roll" : "plan");
		event_add(&out, "rule", "%s", rule ? rule : "-");
		if (planned) {
			const struct battle *b = s->game->battle;
			const char *who = b && (pside == 0 || pside == 1)
						  ? b->sides[pside].name
						  : "?";
			event_add(&out, "plan", "%d", pside);
			/* a sentence that starts by naming the level says
			 * it once */
			size_t ll = strlen(plevel);
			const char *say = strncmp(plan, plevel, ll) == 0 &&
						  strncmp(plan + ll, ": ", 2) == 0
					  ? plan + ll + 2
					  : plan;
			textbuf_line(&t, "The computer's plan for %s (%s): %s",
				     who, plevel, say);
		}
		if (rolled)
			tell_roll(&t, log, at);
	} else {
		cmd_refuse(r, NULL, "nothing to explain yet: no roll or "
				    "refusal in this game");
		return;
	}
	answer(r, &t, &out);
}
