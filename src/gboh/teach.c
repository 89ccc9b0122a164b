/* teach.c — the teach mode's narration (teach.h): each event's teach
 * text from rules/<ruleset>/sentences.ini (the event renderer's file,
 * evtext.h: one place for a kind's sentences) and each pending decision's
 * from teach.ini, their {slots} filled from events and from the pending
 * decision, with the odds of the rolls about to be made.
 *
 * teach.ini: a [file] section (kind = teach, version = 1), then
 *     [decision.NAME]       the pending decision told (NAME below)
 * each with `say = TEXT` (slots {key}) and optionally `rule = 5.32`.
 * Nothing here changes the game. */
#include "maniple/teach.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/pending.h"
#include "maniple/evcat.h"
#include "maniple/evtext.h"
#include "maniple/glossary.h"
#include "maniple/harass.h"
#include "maniple/missile.h"
#include "maniple/movement.h"
#include "maniple/orders.h"
#include "maniple/passthru.h"
#include "maniple/pursuit.h"
#include "maniple/rally.h"
#include "maniple/reaction_fire.h"
#include "maniple/reactions.h"
#include "maniple/sequence.h"
#include "maniple/shock.h"
#include "maniple/shock_preview.h"
#include "maniple/withdrawal.h"

#define TEACH_SAY_MAX  190
#define TEACH_NAME_MAX 64


/* The decisions teach_decision tells, with the slots each one fills. */
struct teach_dec {
	const char *name;
	const char *slots;
};
#define DEC_COMMON " army other leader initiative actions turn "
static const struct teach_dec teach_decs[] = {
	{"elite", DEC_COMMON "oc "},
	{"activate", DEC_COMMON "lowest orders lc range trumps "},
	{"activate_tie", DEC_COMMON "lowest orders lc range trumps "},
	{"activate_first", DEC_COMMON "lowest orders lc range trumps "},
	{"trump_reply", DEC_COMMON "against kind trumps "},
	{"orders", DEC_COMMON "orders left given lc range rally lc_odds fire_own "},
	{"orders_individual", DEC_COMMON "orders left given lc range rally fire_own "},
	{"orders_move", DEC_COMMON "left given lc range mover ma spent mp fire_own "},
	{"orders_move_zoc", DEC_COMMON "left given lc range mover ma spent mp fire_own "},
	{"orders_line", DEC_COMMON "left given lc range lines fire_own "},
	{"momentum", DEC_COMMON "chance doom fail "},
	{"momentum_barred", DEC_COMMON},
	{"reactivate", DEC_COMMON},
	{"rout", DEC_COMMON "unit "},
	{"rout_leader", DEC_COMMON "unit "},
	{"reaction", DEC_COMMON "fire_odds face_odds ow_odds "},
	{"reaction_shock", DEC_COMMON},
	{"reaction_leader", DEC_COMMON "rp "},
	{"shock", DEC_COMMON "step ask unit combats pursue_odds passthru_odds "},
	{"elephant", DEC_COMMON},
	{"none", DEC_COMMON},
};
#define NDECS (sizeof teach_decs / sizeof teach_decs[0])

/* Slots every text may use, filled from the game. */
const char teach_game_slots[] =
	" army0 army1 rp0 rp1 level0 level1 turn phase active elite ";
#define game_slots teach_game_slots

struct teach_sec {
	char name[TEACH_NAME_MAX];
	char rule[TEACH_RULE_MAX];
	char say[TEACH_SAY_MAX + 1];
	bool has_say, has_rule;
	int line;
};

struct teach_texts {
	struct teach_sec *v;
	size_t n, cap;
	struct ini_file_header hdr; /* its [file] section */
	char cur[TEACH_NAME_MAX]; /* the section being read */
	struct ini_error *err;
	/* the event catalog (events.ini beside teach.ini) and each kind's
	 * sentences (sentences.ini beside it: the teach key) */
	struct evcat *cat;
	struct evtext *sentences;
	/* the terms explained (glossary.ini beside it, when there is one:
	 * teach_terms) */
	struct glossary *glossary;
};

/* ---- lists ---- */

static bool list_push(struct teach_list *l, const struct teach_line *x)
{
	if (l->n == l->cap) {
		size_t nc = l->cap ? l->cap * 2 : 16;
		struct teach_line *nv = realloc(l->v, nc * sizeof *nv);
		if (!nv)
			return false;
		l->v = nv;
		l->cap = nc;
	}
	l->v[l->n++] = *x;
	return true;
}

/* ---- the tables of kinds and decisions ---- */

static const struct teach_dec *dec_find(const char *name)
{
	for (size_t i = 0; i < NDECS; i++)
		if (strcmp(teach_decs[i].name, name) == 0)
			return &teach_decs[i];
	return NULL;
}

/* Whether word is one of the space-separated words of list (" a b "). */
static bool in_words(const char *list, const char *word, size_t len)
{
	for (const char *p = list; (p = strstr(p, word)) != NULL; p++)
		if (p > list && p[-1] == ' ' && p[len] == ' ')
			return true;
	return false;
}

const struct evcat *teach_catalog(const struct teach_texts *t)
{
	return t ? t->cat : NULL;
}

/* ---- loading ---- */

static struct teach_sec *sec_find(const struct teach_texts *t, const char *name)
{
	for (size_t i = 0; i < t->n; i++)
		if (strcmp(t->v[i].name, name) == 0)
			return &t->v[i];
	return NULL;
}

/* The slots a section may use, or NULL when the name is unknown (why
 * says what is wrong). */
static const char *section_slots(const char *name, char *why, size_t n)
{
	if (strncmp(name, "decision.", 9) == 0) {
		char dec[TEACH_NAME_MAX];
		snprintf(dec, sizeof dec, "%s", name + 9);
		char *dot = strchr(dec, '.');
		/* decision.shock.ASK: one per shock question */
		if (dot && strncmp(dec, "shock.", 6) == 0 && dot[1]) {
			*dot = '\0';
		}
		const struct teach_dec *d = dec_find(dec);
		if (!d) {
			snprintf(why, n, "unknown decision %s", name + 9);
			return NULL;
		}
		return d->slots;
	}
	if (strncmp(name, "event.", 6) == 0)
		snprintf(why, n, "section %s: an event's sentences live in "
				 "sentences.ini ([%s], teach = TEXT)",
			 name, name + 6);
	else
		snprintf(why, n, "unknown section %s (file, decision.NAME)",
			 name);
	return NULL;
}

/* 'say' checked: braces paired, every slot a known key. */
static bool check_say(const char *say, const char *slots, char *why, size_t n)
{
	for (const char *p = say; *p; p++) {
		if (*p == '}') {
			snprintf(why, n, "'}' without '{'");
			return false;
		}
		if (*p != '{')
			continue;
		const char *e = strchr(p + 1, '}');
		if (!e) {
			snprintf(why, n, "'{' without '}'");
			return false;
		}
		/* {a|b}: the first of a and b the event has */
		for (const char *w = p + 1; w < e;) {
			const char *bar = memchr(w, '|', (size_t)(e - w));
			const char *we = bar ? bar : e;
			size_t len = (size_t)(we - w);
			if (len == 0 || len >= EVENT_KEY_MAX) {
				snprintf(why, n, "bad slot {%.*s}",
					 (int)(e - p - 1), p + 1);
				return false;
			}
			for (size_t i = 0; i < len; i++)
				if (!islower((unsigned char)w[i]) &&
				    !isdigit((unsigned char)w[i]) &&
				    w[i] != '_') {
					snprintf(why, n, "bad slot {%.*s}",
						 (int)(e - p - 1), p + 1);
					return false;
				}
			char word[EVENT_KEY_MAX];
			memcpy(word, w, len);
			word[len] = '\0';
			if (!in_words(slots, word, len) &&
			    !in_words(game_slots, word, len)) {
				snprintf(why, n,
					 "slot {%s}: never a field here", word);
				return false;
			}
			w = bar ? bar + 1 : e;
			if (bar && w == e) {
				snprintf(why, n, "bad slot {%.*s}",
					 (int)(e - p - 1), p + 1);
				return false;
			}
		}
		p = e;
	}
	return true;
}

static bool rule_ok(const char *v)
{
	/* "5.32", "6.51,9.21", "R5", "3.0" */
	if (!*v || strlen(v) >= TEACH_RULE_MAX)
		return false;
	for (const char *p = v; *p; p++)
		if (!isdigit((unsigned char)*p) && *p != '.' && *p != ',' &&
		    *p != 'R')
			return false;
	return true;
}

static int on_line(void *user, const char *section, const char *key,
		   const char *value, int line)
{
	struct teach_texts *t = user;
	char why[200];
	if (!key) {
		int r = ini_file_section(&t->hdr, section, line, t->err);
		if (r >= 0)
			return r;
		if (strlen(section) >= TEACH_NAME_MAX)
			return ini_fail(t->err, line, "section name too long");
		if (!section_slots(section, why, sizeof why))
			return ini_fail(t->err, line, "%s", why);
		const struct teach_sec *old = sec_find(t, section);
		if (old)
			return ini_fail(t->err, line,
					"duplicate section [%s] (first at "
					"line %d)",
					section, old->line);
		if (t->n == t->cap) {
			size_t nc = t->cap ? t->cap * 2 : 128;
			struct teach_sec *nv = realloc(t->v, nc * sizeof *nv);
			if (!nv)
				return ini_fail(t->err, line, "out of memory");
			t->v = nv;
			t->cap = nc;
		}
		struct teach_sec *s = &t->v[t->n++];
		memset(s, 0, sizeof *s);
		snprintf(s->name, sizeof s->name, "%s", section);
		s->line = line;
		return 0;
	}
	if (t->hdr.in_file)
		return ini_file_key(&t->hdr, key, value, line, t->err);
	if (t->n == 0 || strcmp(t->v[t->n - 1].name, section) != 0)
		return ini_fail(t->err, line, "key %s outside a section", key);
	struct teach_sec *s = &t->v[t->n - 1];
	if (strcmp(key, "say") == 0) {
		if (s->has_say)
			return ini_fail(t->err, line, "duplicate key say");
		size_t len = strlen(value);
		if (len == 0)
			return ini_fail(t->err, line, "empty say");
		if (len > TEACH_SAY_MAX)
			return ini_fail(t->err, line,
					"say too long (%zu characters, at "
					"most %d)",
					len, TEACH_SAY_MAX);
		const char *slots = section_slots(s->name, why, sizeof why);
		if (!check_say(value, slots, why, sizeof why))
			return ini_fail(t->err, line, "%s", why);
		snprintf(s->say, sizeof s->say, "%s", value);
		s->has_say = true;
	} else if (strcmp(key, "rule") == 0) {
		if (s->has_rule)
			return ini_fail(t->err, line, "duplicate key rule");
		if (!rule_ok(value))
			return ini_fail(t->err, line,
					"bad rule %s (like 5.32 or 6.51,9.21)",
					value);
		snprintf(s->rule, sizeof s->rule, "%s", value);
		s->has_rule = true;
	} else {
		return ini_fail(t->err, line, "unknown key %s (say, rule)",
				key);
	}
	return 0;
}

/* Reads teach.ini at path, the event catalog events.ini of the same
 * directory and, when with_sentences, its sentences.ini. */
/* path read, with the catalog and (with_sentences) the sentences of the
 * ruleset folder ruleset_dir (NULL: path's own folder) */
static struct teach_texts *load_path(const char *ruleset_dir,
				     const char *path, bool with_sentences,
				     struct ini_error *err)
{
	struct teach_texts *t = calloc(1, sizeof *t);
	if (!t) {
		memset(err, 0, sizeof *err);
		snprintf(err->file, sizeof err->file, "%s", path);
		snprintf(err->msg, sizeof err->msg, "out of memory");
		return NULL;
	}
	/* the event catalog and sentences beside it: its folder's own,
	 * else its base's (tables_path) */
	char dir[1024], cat[1024];
	const char *slash = strrchr(path, '/');
	if (ruleset_dir) /* teach.ini may be the base's, the rest its own */
		snprintf(dir, sizeof dir, "%s", ruleset_dir);
	else
		snprintf(dir, sizeof dir, "%.*s",
			 slash ? (int)(slash - path) : 1, slash ? path : ".");
	tables_path(dir, "events.ini", cat, sizeof cat);
	t->cat = evcat_load(cat, err);
	if (!t->cat) {
		free(t);
		return NULL;
	}
	if (with_sentences) {
		/* its own over its base's (tables_sentences) */
		t->sentences = tables_sentences(dir, t->cat, teach_game_slots,
						err);
		if (!t->sentences) {
			teach_free(t);
			return NULL;
		}
	}
	t->err = err;
	t->hdr.kind = "teach";
	bool ok = ini_read_file(path, on_line, t, err);
	if (ok)
		ok = ini_file_done(&t->hdr, err);
	for (size_t i = 0; ok && i < t->n; i++)
		if (!t->v[i].has_say)
			ok = !ini_fail(err, t->v[i].line, "[%s] needs say = TEXT",
				       t->v[i].name);
	if (!ok) {
		teach_free(t);
		return NULL;
	}
	t->err = NULL;
	return t;
}

struct teach_texts *teach_load(const char *dir, struct ini_error *err)
{
	char path[1024];
	tables_path(dir, "teach.ini", path, sizeof path);
	struct teach_texts *t = load_path(dir, path, true, err);
	snprintf(path, sizeof path, "%s/glossary.ini", dir);
	FILE *f = t ? fopen(path, "r") : NULL;
	if (f) { /* a glossary is optional; one that is there must read */
		fclose(f);
		t->glossary = glossary_load(path, err);
		if (!t->glossary) {
			teach_free(t);
			return NULL;
		}
	}
	return t;
}

int teach_terms(const struct teach_texts *t, const char *text,
		char (*names)[TEACH_TERM_MAX], int max)
{
	const struct glossary_term *found[TEACH_TERMS_MAX];
	if (!t || max <= 0)
		return 0;
	int n = glossary_scan(t->glossary, text, found,
			      max < TEACH_TERMS_MAX ? max : TEACH_TERMS_MAX);
	for (int i = 0; i < n; i++)
		snprintf(names[i], TEACH_TERM_MAX, "%s", found[i]->term);
	return n;
}

bool teach_check_file(const char *path, struct ini_error *err)
{
	struct teach_texts *t = load_path(NULL, path, false, err);
	teach_free(t);
	return t != NULL;
}

void teach_free(struct teach_texts *t)
{
	if (!t)
		return;
	evtext_free(t->sentences);
	evcat_free(t->cat);
	glossary_free(t->glossary);
	free(t->v);
	free(t);
}

bool teach_has_section(const struct teach_texts *t, const char *name)
{
	if (t && strncmp(name, "event.", 6) == 0)
		return evtext_has_section(t->sentences, name + 6);
	return t && sec_find(t, name) != NULL;
}

bool teach_kind_told(const struct teach_texts *t, const char *kind)
{
	return t && evtext_told(t->sentences, kind);
}

void teach_rules_cited(const struct teach_texts *t,
		       void (*fn)(const char *rule, void *u), void *u)
{
	if (!t)
		return;
	evtext_rules_cited(t->sentences, fn, u);
	for (size_t i = 0; i < t->n; i++) {
		if (t->v[i].has_rule) /* each rule of a list on its own */
			evtext_each_rule(t->v[i].rule, fn, u);
	}
}

/* ---- filling ---- */

/* A growing text with a hard limit (truncated, never overrun). */
struct sbuf {
	char *s;
	size_t n, max;
};

static void sb_add(struct sbuf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void sb_add(struct sbuf *b, const char *fmt, ...)
{
	if (b->n + 1 >= b->max)
		return;
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(b->s + b->n, b->max - b->n, fmt, ap);
	va_end(ap);
	if (k < 0)
		return;
	b->n += (size_t)k;
	if (b->n >= b->max) {
		/* cut, not inside a UTF-8 sequence: drop a last sequence
		 * whose lead byte says it is longer than what is left */
		size_t n = b->max - 1, j = n;
		while (j > 0 && ((unsigned char)b->s[j - 1] & 0xC0) == 0x80)
			j--;
		if (j > 0 && ((unsigned char)b->s[j - 1] & 0xC0) == 0xC0) {
			unsigned char lead = (unsigned char)b->s[j - 1];
			size_t want = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
			if (n - (j - 1) < want)
				n = j - 1;
		}
		b->n = n;
		b->s[n] = '\0';
	}
}

static const char *side_name(const struct game *g, int side)
{
	if (side < 0 || side > 1 || !g || !g->battle)
		return "?";
	const struct side *s = &g->battle->sides[side];
	return s->name[0] ? s->name : s->id;
}

static const char *leader_name(const struct game *g, int i)
{
	if (!g || i < 0 || i >= g->nleaders)
		return "-";
	return g->leaders[i].name[0] ? g->leaders[i].name : g->leaders[i].id;
}

void teach_value(const struct game *g, const char *key, const char *v,
		 char *out, size_t n)
{
	const char *name = NULL;
	char tmp[EVENT_VAL_MAX + NAME_MAX_ + 8];
	if (g) {
		if (strcmp(key, "side") == 0 &&
		    (strcmp(v, "0") == 0 || strcmp(v, "1") == 0))
			name = side_name(g, v[0] - '0');
		for (int s = 0; !name && g->battle && s < 2; s++)
			if (strcmp(v, g->battle->sides[s].id) == 0)
				name = side_name(g, s);
		for (int i = 0; !name && i < g->nleaders; i++)
			if (strcmp(v, g->leaders[i].id) == 0)
				name = leader_name(g, i);
		for (int i = 0; !name && i < g->nunits; i++)
			if (strcmp(v, g->units[i].id) == 0 &&
			    g->units[i].name[0]) {
				snprintf(tmp, sizeof tmp, "%s (%s)",
					 g->units[i].name, v);
				name = tmp;
			}
	}
	snprintf(out, n, "%s", name ? name : strcmp(v, "-") == 0 ? "none" : v);
	/* a command's usage (`help`): "A | B" are choices, "A, or B" */
	for (char *bar; strcmp(key, "args") == 0 && (bar = strstr(out, "_|_"));)
		if (strlen(out) + 3 < n) {
			memmove(bar + 5, bar + 3, strlen(bar + 3) + 1);
			memcpy(bar, ",_or_", 5);
		} else {
			break;
		}
	for (char *p = out; *p; p++)
		if (*p == '_')
			*p = ' ';
}

/* 5.53: each side's elite Overall Commander on the map, -1 none. */
static int elite_oc(const struct game *g, int side)
{
	for (int i = 0; i < g->nleaders; i++) {
		const struct leader *l = &g->leaders[i];
		if (l->side == side && l->overall && l->elite && l->on_map &&
		    !l->killed)
			return i;
	}
	return -1;
}

/* The {elite} slot: the odds of 5.53's roll when both sides have an
 * elite OC, else who has one. */
static void elite_odds(const struct game *g, char *out, size_t n)
{
	int oc[2] = {elite_oc(g, 0), elite_oc(g, 1)};
	if (oc[0] >= 0 && oc[1] >= 0) {
		int i0 = leader_initiative_now(g, &g->leaders[oc[0]]);
		int i1 = leader_initiative_now(g, &g->leaders[oc[1]]);
		struct odds o;
		seq_elite_odds_at(i0, i1, &o);
		int p0 = odds_percent(&o, "side0");
		int p1 = odds_percent(&o, "side1");
		snprintf(out, n, "%s %d%%, %s %d%%, neither %d%%",
			 side_name(g, 0), p0, side_name(g, 1), p1,
			 odds_percent(&o, "neither"));
	} else if (oc[0] >= 0 || oc[1] >= 0) {
		snprintf(out, n, "only %s has one, no roll",
			 side_name(g, oc[0] >= 0 ? 0 : 1));
	} else {
		snprintf(out, n, "no elite commander on either side");
	}
}

/* The game slots (game_slots): false when key is not one. */
static bool game_slot(const struct game *g, const char *key, char *out,
		      size_t n)
{
	if (!g)
		return false;
	if (strcmp(key, "elite") == 0)
		elite_odds(g, out, n);
	else if (strcmp(key, "army0") == 0 || strcmp(key, "army1") == 0)
		snprintf(out, n, "%s", side_name(g, key[4] - '0'));
	else if (strcmp(key, "rp0") == 0 || strcmp(key, "rp1") == 0)
		snprintf(out, n, "%d", g->rout_points[key[2] - '0']);
	else if (strcmp(key, "level0") == 0 || strcmp(key, "level1") == 0)
		snprintf(out, n, "%d",
			 g->battle ? g->battle->sides[key[5] - '0']
					     .withdrawal_level
				   : 0);
	else if (strcmp(key, "turn") == 0)
		snprintf(out, n, "%d", g->turn);
	else if (strcmp(key, "phase") == 0)
		snprintf(out, n, "%s", phase_name(g->phase));
	else if (strcmp(key, "active") == 0)
		snprintf(out, n, "%s", leader_name(g, g->active_leader));
	else
		return false;
	for (char *p = out; *p; p++)
		if (*p == '_')
			*p = ' ';
	return true;
}

typedef bool (*slot_fn)(const void *src, const struct game *g, const char *key,
			char *out, size_t n);

/* say with its slots filled into out (text capitalised). */
static void fill(const char *say, slot_fn fn, const void *src,
		 const struct game *g, char *out, size_t n)
{
	struct sbuf b = {out, 0, n};
	out[0] = '\0';
	/* the text's own rule numbers in the book of the game
	 * (rule_numbers.h): SPQR's as written */
	char cited[TEACH_TEXT_MAX];
	if (g) {
		snprintf(cited, sizeof cited, "%s", say);
		game_cite_text(g, cited, sizeof cited);
		say = cited;
	}
	for (const char *p = say; *p; p++) {
		const char *e = *p == '{' ? strchr(p, '}') : NULL;
		if (!e) {
			sb_add(&b, "%c", *p);
			continue;
		}
		char val[TEACH_TEXT_MAX];
		bool found = false;
		for (const char *w = p + 1; w < e && !found;) {
			const char *bar = memchr(w, '|', (size_t)(e - w));
			const char *we = bar ? bar : e;
			char key[EVENT_KEY_MAX] = "";
			size_t len = (size_t)(we - w);
			if (len < sizeof key) {
				memcpy(key, w, len);
				key[len] = '\0';
			}
			found = fn(src, g, key, val, sizeof val) ||
				game_slot(g, key, val, sizeof val);
			/* so are a slot's (a shock's odds in words), but
			 * a rule or a refusal's reason, cited already */
			if (found && g && strcmp(key, "rule") != 0 &&
			    strcmp(key, "reason") != 0)
				game_cite_text(g, val, sizeof val);
			w = bar ? bar + 1 : e;
		}
		sb_add(&b, "%s", found ? val : "-");
		p = e;
	}
	if (islower((unsigned char)out[0]))
		out[0] = (char)toupper((unsigned char)out[0]);
}

/* A combat's number as a player counts them (the events count from 0),
 * or 0 when v is not a number. */
static int combat_number(const char *v)
{
	if (!*v || strlen(v) > 4)
		return 0;
	for (const char *p = v; *p; p++)
		if (!isdigit((unsigned char)*p))
			return 0;
	return atoi(v) + 1;
}

static bool event_slot(const void *src, const struct game *g, const char *key,
		       char *out, size_t n)
{
	const char *v = event_get(src, key);
	if (!v)
		return false;
	if (strcmp(key, "rule") == 0)
		snprintf(out, n, "%s", v);
	else if (strcmp(key, "combat") == 0 && combat_number(v) > 0)
		snprintf(out, n, "%d", combat_number(v)); /* counted from 1 */
	else
		teach_value(g, key, v, out, n);
	return true;
}

bool teach_event_line(const struct teach_texts *t, const struct game *g,
		      const struct event *e, struct teach_line *out)
{
	if (!t || !e)
		return false;
	const char *rule;
	bool own;
	const char *say = evtext_teach(t->sentences, e, &rule, &own);
	if (!say)
		return false;
	fill(say, event_slot, e, g, out->text, sizeof out->text);
	out->group = 0;
	/* the event's own rule, unless a section written for this value
	 * (KIND.VALUE) cites its own */
	const char *r = event_get(e, "rule");
	bool its_own = !own && r && *r && strcmp(r, "-") != 0;
	snprintf(out->rule, sizeof out->rule, "%s", its_own ? r : rule);
	/* the section's rule in the book of the game (the event's is, as
	 * game_emit wrote it: rule_numbers.h) */
	if (!its_own && g)
		game_cite(g, out->rule, sizeof out->rule);
	return true;
}

/* 8.43: the combats of a Shock batch the charge ended ("nobody is left
 * to fight it", combat_off) have no clash, struggle or collapse to tell:
 * once every combat of the batch is off, those steps' headers go
 * untold.  Read in order over a command's events. */
struct teach_stream {
	int combats; /* the batch's combats, from its last shock_step */
	int off;     /* combat_off events since the batch's charge */
};

static bool stream_untold(struct teach_stream *st, const struct event *e)
{
	if (strcmp(e->kind, "combat_off") == 0) {
		st->off++;
		return false;
	}
	if (strcmp(e->kind, "shock_step") != 0)
		return false;
	const char *step = event_get(e, "step");
	const char *n = event_get(e, "combats");
	if (!step)
		return false;
	if (strcmp(step, "designate") == 0 || strcmp(step, "charge") == 0) {
		st->combats = n ? atoi(n) : 0;
		st->off = 0;
		return false;
	}
	bool later = strcmp(step, "leaders") == 0 ||
		     strcmp(step, "clash") == 0 ||
		     strcmp(step, "resolve") == 0 ||
		     strcmp(step, "collapse") == 0;
	return later && st->combats > 0 && st->off >= st->combats;
}

/* The group of the lines told of a Shock segment (teach_line.h): each
 * step of the segment (8.41-8.47, from its shock_step event; the close
 * of the designation, 8.42) is a group, and in the Hand-to-Hand step
 * (8.46) each combat's own events (those naming the combat) begin a
 * group of their own, the events that name none after them staying with
 * it (the hits of that combat).  The segment's end (a new phase or
 * turn) ends the grouping. */
struct teach_grouping {
	int next;	      /* the next group number */
	int now;	      /* the group of the events now; 0: none */
	bool by_combat;	      /* the step tells combat by combat (8.46) */
	char combat[EVENT_VAL_MAX]; /* the combat the group is about, "" */
};

static void group_event(struct teach_grouping *gr, const struct event *e)
{
	if (!strcmp(e->kind, "shock_step") ||
	    !strcmp(e->kind, "shock_designation_done")) {
		const char *step = event_get(e, "step");
		gr->now = gr->next++;
		gr->by_combat = step && !strcmp(step, "resolve");
		gr->combat[0] = '\0';
		return;
	}
	if (!strcmp(e->kind, "phase") || !strcmp(e->kind, "turn")) {
		/* the Shock phase (8.4) begins its segment's first group */
		const char *name = event_get(e, "name");
		gr->now = name && !strcmp(name, "shock") ? gr->next++ : 0;
		gr->by_combat = false;
		gr->combat[0] = '\0';
		return;
	}
	const char *c = event_get(e, "combat");
	if (!gr->now || !gr->by_combat || !c)
		return;
	if (gr->combat[0] && strcmp(gr->combat, c) != 0)
		gr->now = gr->next++;
	snprintf(gr->combat, sizeof gr->combat, "%s", c);
}

/* The lines a command tells before its first step or phase event may
 * go on with a step of the Shock segment an earlier command began (its
 * answer was asked in the middle of the step: a Pass-Thru, a clash pick,
 * the hits to share): they then share a group, combat by combat in the
 * Hand-to-Hand step (8.46), as the step's own lines do, instead of a
 * page each.  The event that ends them tells: a later step of the
 * segment (the one before it is theirs), the designation's close or the
 * segment's end; with none, the segment still under way after the
 * command. */
static void group_lead(struct teach_grouping *gr, const struct game *g,
		       const struct event_log *log, size_t from)
{
	for (size_t i = from; i < log->n; i++) {
		struct event e;
		event_log_at(log, i, &e);
		const char *step = event_get(&e, "step");
		if (!strcmp(e.kind, "shock_step")) {
			if (step && !strcmp(step, "designate"))
				return; /* a segment begins: none before it */
			gr->now = gr->next++;
			gr->by_combat = step && !strcmp(step, "collapse");
			return;
		}
		if (!strcmp(e.kind, "shock_designation_done") ||
		    !strcmp(e.kind, "shock_over")) {
			gr->now = gr->next++;
			return;
		}
		if (!strcmp(e.kind, "phase") || !strcmp(e.kind, "turn"))
			return;
	}
	if (g && g->phase == PHASE_SHOCK && g->shock.step != SHS_NONE) {
		gr->now = gr->next++;
		gr->by_combat = g->shock.step == SHS_RESOLVE;
	}
}

size_t teach_events(const struct teach_texts *t, const struct game *g,
		    const struct event_log *log, size_t from,
		    struct teach_list *out)
{
	size_t added = 0;
	if (!t || !log || !out)
		return 0;
	struct teach_stream st = {0, 0};
	/* group numbers new to out */
	struct teach_grouping gr = {1, 0, false, ""};
	for (size_t k = 0; k < out->n; k++)
		if (out->v[k].group >= gr.next)
			gr.next = out->v[k].group + 1;
	group_lead(&gr, g, log, from);
	for (size_t i = from; i < log->n; i++) {
		struct teach_line l;
		struct event e;
		event_log_at(log, i, &e);
		group_event(&gr, &e);
		if (stream_untold(&st, &e) || !teach_event_line(t, g, &e, &l))
			continue;
		l.group = gr.now;
		if (list_push(out, &l))
			added++;
	}
	return added;
}

/* ---- the odds (d10 reads 0-9, one face in ten each) ---- */

/* The chances are the rolls' own odds (seq_momentum_odds_at,
 * seq_trump_odds_at): the same face-by-face outcome the sequence uses. */
int teach_momentum_chance(int initiative)
{
	struct odds o;
	seq_momentum_odds_at(initiative, &o);
	return odds_percent(&o, "success");
}

int teach_trump_chance(int initiative)
{
	struct odds o;
	seq_trump_odds_at(initiative, &o);
	return odds_percent(&o, "success");
}

/* ---- the pending decision ---- */

struct dec_ctx {
	const struct game *g;
	int side;
	const char *army, *other;
	int leader; /* the leader the decision is about, -1 none */
	char actions[TEACH_TEXT_MAX];
	char leaders[TEACH_TEXT_MAX]; /* activate: the lowest ones */
	char trumps[TEACH_TEXT_MAX];  /* who may trump, with the odds */
	int lowest;
	int unit; /* rout, shock: the unit asked about, -1 */
};

/* A slot of odds told by text(g, ...) after lead, with a full stop;
 * "" when it tells none (the text reads on without it). */
static void odds_slot(const struct game *g, const char *lead,
		      int (*text)(const struct game *, char *, size_t),
		      char *out, size_t n)
{
	size_t ll = strlen(lead);
	out[0] = '\0';
	if (n <= ll + 2 || text(g, out + ll, n - ll - 1) <= 0) {
		out[0] = '\0';
		return;
	}
	memcpy(out, lead, ll);
	strcat(out, ".");
}

/* fn on each answer of the decision now its owing side may give, until
 * max of them have told something (then "; ..."); how many told. */
static int each_answer(const struct game *g, int max,
		       bool (*fn)(const struct game *g, const char *line,
				  struct sbuf *b, int told),
		       struct sbuf *b)
{
	struct decision_answer *a = calloc(256, sizeof *a);
	if (!a)
		return 0;
	struct decision d;
	decision_init(&d, a, 256);
	gboh_decision(g, &d);
	int told = 0;
	for (int i = 0; i < d.n; i++) {
		if (told == max) {
			sb_add(b, "; ...");
			break;
		}
		if (decision_answer_for(&a[i], d.side) && fn(g, a[i].line, b, told))
			told++;
	}
	free(a);
	return told;
}

/* 8.15: a fire answer ("fire 2915 # needs 3 or less: hits 40%", "order
 * ve1 fire 2915 # ...") told as "fire 2915 (needs 3 or less: hits 40%)" */
static bool own_fire_item(const struct game *g, const char *line,
			  struct sbuf *b, int told)
{
	(void)g;
	const char *c = strstr(line, " # needs ");
	if (!c || (strncmp(line, "fire ", 5) != 0 &&
		   (strncmp(line, "order ", 6) != 0 || !strstr(line, " fire "))))
		return false;
	sb_add(b, "%s%.*s (%s)", told ? "; " : "", (int)(c - line), line,
	       c + 3);
	return true;
}


/* 8.33: an H&D answer ("order ve1 hd ce3") with its volley's chance */
static bool hd_item(const struct game *g, const char *line, struct sbuf *b,
		    int told)
{
	char f[DECISION_LINE_MAX], t[DECISION_LINE_MAX];
	if (sscanf(line, "order %127s hd %127s", f, t) != 2)
		return false;
	int fi = -1, ti = -1;
	for (int i = 0; i < g->nunits; i++) {
		if (strcmp(g->units[i].id, f) == 0)
			fi = i;
		if (strcmp(g->units[i].id, t) == 0)
			ti = i;
	}
	struct odds o;
	if (fi < 0 || ti < 0 || !harass_odds(g, fi, ti, &o))
		return false;
	sb_add(b, "%s%s (hits %d%%)", told ? "; " : "", line,
	       missile_hit_percent(&o));
	return true;
}

static bool fire_item(const struct game *g, const char *line, struct sbuf *b,
		      int told)
{
	return own_fire_item(g, line, b, told) || hd_item(g, line, b, told);
}

static int own_fire_text(const struct game *g, char *out, size_t n)
{
	struct sbuf b = {out, 0, n};
	out[0] = '\0';
	return each_answer(g, 5, fire_item, &b);
}

static bool dec_slot(const void *src, const struct game *g, const char *key,
		     char *out, size_t n)
{
	const struct dec_ctx *c = src;
	const struct leader *l = c->leader >= 0 && c->leader < g->nleaders
					 ? &g->leaders[c->leader]
					 : NULL;
	int ini = l ? leader_initiative_now(g, l) : 0;
	if (strcmp(key, "army") == 0)
		snprintf(out, n, "%s", c->army);
	else if (strcmp(key, "other") == 0)
		snprintf(out, n, "%s", c->other);
	else if (strcmp(key, "leader") == 0)
		snprintf(out, n, "%s",
			 c->leaders[0] ? c->leaders
				       : leader_name(g, c->leader));
	else if (strcmp(key, "initiative") == 0)
		snprintf(out, n, "%d", ini);
	else if (strcmp(key, "actions") == 0)
		snprintf(out, n, "%s", c->actions);
	else if (strcmp(key, "lowest") == 0)
		snprintf(out, n, "%d", c->lowest);
	else if (strcmp(key, "orders") == 0)
		snprintf(out, n, "%d", ini); /* 5.21 */
	else if (strcmp(key, "lc") == 0)
		snprintf(out, n, "%d", l ? l->line_command : 0);
	else if (strcmp(key, "range") == 0)
		snprintf(out, n, "%d", l ? leader_command_range_now(g, l) : 0);
	else if (strcmp(key, "trumps") == 0)
		snprintf(out, n, "%s", c->trumps[0] ? c->trumps : "nobody");
	else if (strcmp(key, "against") == 0)
		snprintf(out, n, "%s", leader_name(g, g->seq.trumped));
	else if (strcmp(key, "kind") == 0)
		snprintf(out, n, "%s",
			 g->seq.trump_kind == TRUMP_MOMENTUM
				 ? "a Momentum Phase (5.42 #2)"
				 : "a trump (5.42 #1)");
	else if (strcmp(key, "left") == 0)
		snprintf(out, n, "%d", g->seq.orders_left);
	else if (strcmp(key, "given") == 0)
		snprintf(out, n, "%d", g->seq.orders_given);
	else if (strcmp(key, "chance") == 0)
		snprintf(out, n, "%d", teach_momentum_chance(ini));
	else if (strcmp(key, "doom") == 0 || strcmp(key, "fail") == 0) {
		struct odds o; /* 5.32, 5.33 */
		seq_momentum_odds_at(ini, &o);
		snprintf(out, n, "%d",
			 odds_percent(&o, key[0] == 'd' ? "doom" : "failure"));
	} else if (strcmp(key, "mover") == 0)
		teach_value(g, key,
			   g->ord.move.unit >= 0 && g->ord.move.unit < g->nunits
				   ? g->units[g->ord.move.unit].id
				   : leader_name(g, g->ord.move.leader),
			   out, n);
	else if (strcmp(key, "ma") == 0)
		snprintf(out, n, "%d", g->ord.move.ma);
	else if (strcmp(key, "spent") == 0)
		snprintf(out, n, "%d", g->ord.move.mp_spent);
	else if (strcmp(key, "mp") == 0)
		snprintf(out, n, "%d", g->ord.move.ma - g->ord.move.mp_spent);
	else if (strcmp(key, "rp") == 0) /* 11.1: what his loss costs */
		snprintf(out, n, "%d",
			 l ? leader_rout_points(g, l) : 0);
	else if (strcmp(key, "lines") == 0)
		snprintf(out, n, "%d", g->ord.lc_given);
	else if (strcmp(key, "oc") == 0)
		snprintf(out, n, "%s", leader_name(g, c->leader));
	else if (strcmp(key, "step") == 0)
		snprintf(out, n, "%s", shock_step_name(g->shock.step));
	else if (strcmp(key, "ask") == 0)
		snprintf(out, n, "%s", shock_ask_name(g->shock.ask));
	else if (strcmp(key, "unit") == 0 && c->unit >= 0 &&
		 c->unit < g->nunits)
		teach_value(g, key, g->units[c->unit].id, out, n);
	else if (strcmp(key, "unit") == 0)
		snprintf(out, n, "-");
	else if (strcmp(key, "fire_odds") == 0) {
		/* 8.2, 8.15: each reaction volley with its odds */
		odds_slot(g, " Each volley's odds (8.15): ", rfire_odds_text,
			  out, n);
		return true; /* ids kept, as {actions} */
	} else if (strcmp(key, "ow_odds") == 0) {
		/* 6.52, 6.53: what each withdrawal costs, as the die falls */
		odds_slot(g, " A withdrawal's cost (6.52), before its hexes' "
			     "own: ",
			  withdrawal_odds_text, out, n);
		return true;
	} else if (strcmp(key, "lc_odds") == 0) {
		/* 4.33 #2: the Line Commands a Strategy roll decides */
		odds_slot(g, " These Line Commands need the Overall "
			     "Commander's Strategy roll (4.33 #2): ",
			  orders_line_odds_text, out, n);
		return true;
	} else if (strcmp(key, "pursue_odds") == 0) {
		/* 8.62: each cavalry's check */
		odds_slot(g, " The one picked checks (8.62): ",
			  pursuit_odds_text, out, n);
		return true;
	} else if (strcmp(key, "passthru_odds") == 0) {
		odds_slot(g, " ", passthru_odds_text, out, n); /* 9.11 */
		if (out[0]) /* its text ends its own sentences */
			out[strlen(out) - 1] = '\0';
		return true;
	} else if (strcmp(key, "fire_own") == 0) {
		/* 8.15, 8.16, 8.33: each volley and H&D the list offers,
		 * with its chance to hit */
		odds_slot(g, " Fire (8.15, 8.33): ", own_fire_text, out, n);
		return true;
	} else if (strcmp(key, "face_odds") == 0) {
		/* 7.15, 7.16: each turn's check with its odds */
		odds_slot(g, " A turn's check (7.15), as the roll falls: ",
			  reactions_facing_odds_text, out, n);
		return true;
	} else if (strcmp(key, "rally") == 0) {
		/* 10.28: each rally he may order, with its odds (rally_odds);
		 * "" when none (the text reads on without it) */
		struct sbuf b = {out, 0, n};
		out[0] = '\0';
		for (int u = 0; c->leader >= 0 && u < g->nunits; u++) {
			struct odds o;
			if (!rally_odds(g, u, c->leader, &o))
				continue;
			char who[EVENT_VAL_MAX + NAME_MAX_ + 8];
			teach_value(g, "unit", g->units[u].id, who, sizeof who);
			sb_add(&b, "%s %s: rallied %d%%, rout move %d%%, "
				   "eliminated %d%%",
			       b.n ? ";" : " He may order a rally (10.28):", who,
			       odds_percent(&o, "rallied"),
			       odds_percent(&o, "rout_move"),
			       odds_percent(&o, "eliminated"));
		}
		if (b.n)
			sb_add(&b, ".");
		return true;
	} else if (strcmp(key, "combats") == 0) {
		/* 8.45, 8.46: what each combat would give, as the board
		 * stands (shock_preview.h); "none yet" when none */
		if (shock_preview_segment(g, out, n) == 0)
			snprintf(out, n, "none yet");
		return true; /* ids and the "-" of none are kept */
	} else
		return false;
	/* the commands of {actions} keep their ids (a3_ve1) */
	for (char *p = out; strcmp(key, "actions") != 0 && *p; p++)
		if (*p == '_')
			*p = ' ';
	return true;
}

static int leader_index(const struct game *g, const char *id)
{
	for (int i = 0; i < g->nleaders; i++)
		if (strcmp(g->leaders[i].id, id) == 0)
			return i;
	return -1;
}

/* The legal actions into c: the list, the leaders `activate` names and
 * who may trump with his odds. */
static void read_legal(const struct game *g, struct dec_ctx *c)
{
	struct decision_answer a[64];
	struct decision d;
	decision_init(&d, a, 64);
	gboh_decision(g, &d);
	int n = d.n;
	struct sbuf acts = {c->actions, 0, sizeof c->actions};
	struct sbuf lead = {c->leaders, 0, sizeof c->leaders};
	struct sbuf tr = {c->trumps, 0, sizeof c->trumps};
	c->actions[0] = c->leaders[0] = c->trumps[0] = '\0';
	int shown = 0, first = -1;
	for (int i = 0; i < n; i++) {
		/* what the side owing the decision may do */
		if (!decision_answer_for(&a[i], c->side))
			continue;
		if (shown < 8)
			sb_add(&acts, "%s%s", shown ? ", " : "", a[i].line);
		else if (shown == 8)
			sb_add(&acts, ", ...");
		shown++;
		char w[DECISION_LINE_MAX];
		snprintf(w, sizeof w, "%s", a[i].line);
		char *sp = strchr(w, ' ');
		if (!sp)
			continue;
		*sp = '\0';
		char *arg = sp + 1;
		char *sp2 = strchr(arg, ' ');
		if (sp2)
			*sp2 = '\0';
		int li = leader_index(g, arg);
		if (li < 0)
			continue;
		if (strcmp(w, "activate") == 0 && g->seq.step == SEQ_ACTIVATE) {
			sb_add(&lead, "%s%s", lead.n ? " or " : "",
			       leader_name(g, li));
			if (first < 0)
				first = li;
		} else if (strcmp(w, "trump") == 0 &&
			   !strstr(tr.s, leader_name(g, li))) {
			int ini = leader_initiative_now(g, &g->leaders[li]);
			sb_add(&tr, "%s%s (Initiative %d: %d%%)",
			       tr.n ? ", " : "", leader_name(g, li), ini,
			       teach_trump_chance(ini));
		}
	}
	if (first >= 0)
		c->leader = first;
	if (!c->actions[0])
		snprintf(c->actions, sizeof c->actions, "continue");
}

/* 4.72: the leader of side's open withdrawal offer who would be
 * eliminated by no reaction (no friendly combat unit in his hex), or
 * -1. */
static int lone_leader_offer(const struct game *g, int side)
{
	for (int i = 0; i < g->react.noffers; i++) {
		const struct reaction_offer *o = &g->react.offers[i];
		if (o->kind == RK_LEADER_WITHDRAW && o->side == side &&
		    o->state == RO_OPEN && o->leader >= 0 &&
		    o->leader < g->nleaders &&
		    !leader_stacked(g, &g->leaders[o->leader]))
			return o->leader;
	}
	return -1;
}

/* 7.23: the mover stands in an enemy ZOC and no step is offered: it
 * must stop there (the list a[0..n) holds the legal answers). */
static bool move_stopped_by_zoc(const struct game *g,
				const struct decision_answer *a, int n)
{
	int u = g->ord.move.unit;
	if (u < 0 || u >= g->nunits || !unit_in_enemy_zoc(g, &g->units[u]))
		return false;
	for (int k = 0; k < n; k++)
		if (strncmp(a[k].line, "move ", 5) == 0)
			return false;
	return true;
}

/* The teach section of the pending decision: its kind (pending.h), told
 * apart further where the texts differ. */
bool teach_decision_name(const struct game *g, char *name, size_t n)
{
	if (!g || seq_decision_side(g) < 0)
		return false;
	struct decision_answer *a = calloc(64, sizeof *a);
	struct decision dec;
	decision_init(&dec, a, a ? 64 : 0);
	if (a)
		gboh_decision(g, &dec);
	else
		snprintf(dec.kind, sizeof dec.kind, "%s",
			 seq_step_name(seq_step_now(g)));
	const char *d = dec.kind;
	switch (seq_step_now(g)) {
	case SEQ_ACTIVATE: {
		/* the leaders `activate` may name now (5.12's lowest, or
		 * 5.26's set-aside leader out of the ZOC) */
		int low = -1;
		bool first = false, other = false;
		for (int k = 0; k < dec.n; k++) {
			if (strncmp(a[k].line, "activate ", 9) != 0)
				continue;
			int i = leader_index(g, a[k].line + 9);
			if (i < 0)
				continue;
			low = leader_initiative_now(g, &g->leaders[i]);
			if (g->seq.leader_flags[i] & SEQ_LF_ZOC_PASSED)
				first = true;
		}
		/* 5.12: the other army has a leader still to go at the same
		 * rating: the tie roll set the order */
		for (int i = 0; i < g->nleaders && low >= 0; i++) {
			const struct leader *l = &g->leaders[i];
			if (l->side != dec.side && l->on_map && !l->killed &&
			    (l->state == LS_INACTIVE ||
			     l->state == LS_BYPASSED) &&
			    !(g->seq.leader_flags[i] & SEQ_LF_ACTIVATED) &&
			    leader_initiative_now(g, l) == low)
				other = true;
		}
		d = first				    ? "activate_first"
		    : other && g->seq.tie_initiative == low ? "activate_tie"
							    : "activate";
		break;
	}
	case SEQ_ORDERS:
		/* a move under way (6.11; 7.23 stopped in an enemy ZOC), a
		 * Line Command given (5.21, 5.23), Individual Orders begun
		 * (5.21: no Line Command now), or orders to give */
		if (g->ord.moving && !g->ord.move.ended)
			d = move_stopped_by_zoc(g, a, dec.n) ? "orders_move_zoc"
							      : "orders_move";
		else if (g->ord.lc_given > 0)
			d = "orders_line";
		else if (g->seq.orders_given > 0)
			d = "orders_individual";
		else
			d = "orders";
		break;
	case SEQ_REACTION:
		/* 7.31, 7.32: the mover's own Shock marker, not a reaction;
		 * 4.72: a lone leader who stays is eliminated */
		for (int k = 0; k < dec.n; k++)
			if (decision_answer_for(&a[k], dec.side) &&
			    strncmp(a[k].line, "shock mark ", 11) == 0)
				d = "reaction_shock";
		if (lone_leader_offer(g, dec.side) >= 0)
			d = "reaction_leader";
		break;
	case SEQ_SHOCK:
		/* 8.52, 8.53: after the advance only the facing is asked */
		for (int k = 0; k < dec.n; k++)
			if (strcmp(a[k].line, "advance keep") == 0)
				d = "shock.advance_facing";
		break;
	case SEQ_MOMENTUM:
		d = decision_find(&dec, "momentum") >= 0 ? "momentum"
							 : "momentum_barred";
		break;
	case SEQ_ROUT:
		/* 10.26: whether a stacked leader goes along, not a hex */
		if (g->rout.ask == ROUT_ASK_LEADER)
			d = "rout_leader";
		break;
	default:
		break;
	}
	snprintf(name, n, "%s", d);
	free(a);
	return true;
}

bool teach_decision(const struct teach_texts *t, const struct game *g,
		    struct teach_line *out)
{
	char dname[48];
	if (!t || !g || !out || !teach_decision_name(g, dname, sizeof dname))
		return false;
	struct dec_ctx *c = calloc(1, sizeof *c);
	if (!c)
		return false;
	c->g = g;
	c->side = seq_decision_side(g);
	c->army = side_name(g, c->side);
	c->other = side_name(g, 1 - c->side);
	c->leader = g->active_leader;
	c->unit = -1;
	enum seq_step st = seq_step_now(g);
	read_legal(g, c);
	if (st == SEQ_ACTIVATE && c->leader >= 0)
		c->lowest = leader_initiative_now(g, &g->leaders[c->leader]);
	if (st == SEQ_TRUMP_REPLY)
		c->leader = g->seq.trumped;
	if (st == SEQ_ELITE) {
		c->leader = -1;
		for (int i = 0; i < g->nleaders; i++)
			if (g->leaders[i].side == c->side &&
			    g->leaders[i].overall && g->leaders[i].elite)
				c->leader = i;
	}
	if (st == SEQ_REACTION && lone_leader_offer(g, c->side) >= 0)
		c->leader = lone_leader_offer(g, c->side); /* 4.72 */
	if (st == SEQ_ROUT) {
		c->unit = g->rout.unit;
		if (g->rout.ask == ROUT_ASK_LEADER)
			c->leader = g->rout.leader; /* 10.26 */
	}
	if (st == SEQ_SHOCK)
		c->unit = g->shock.ask_unit;
	if (st != SEQ_ACTIVATE)
		c->leaders[0] = '\0';
	char secname[TEACH_NAME_MAX];
	snprintf(secname, sizeof secname, "decision.%s", dname);
	const struct teach_sec *s = sec_find(t, secname);
	if (!s && strncmp(dname, "shock.", 6) == 0)
		s = sec_find(t, "decision.shock");
	if (!s)
		s = sec_find(t, "decision.none");
	bool ok = s && s->has_say;
	if (ok) {
		fill(s->say, dec_slot, c, g, out->text, sizeof out->text);
		snprintf(out->rule, sizeof out->rule, "%s", s->rule);
		game_cite(g, out->rule, sizeof out->rule); /* rule_numbers.h */
		out->group = 0;
	}
	free(c);
	return ok;
}

/* ---- maniple --script FILE --teach ---- */

static void print_line(FILE *f, const char *tag, const struct teach_line *l)
{
	if (l->rule[0])
		fprintf(f, "# teach%s [%s] %s\n", tag, l->rule, l->text);
	else
		fprintf(f, "# teach%s %s\n", tag, l->text);
}

static bool refusal_slot(const void *src, const struct game *g, const char *key,
			 char *out, size_t n)
{
	const struct cmd_result *r = src;
	(void)g;
	if (strcmp(key, "reason") == 0)
		snprintf(out, n, "%s", r->reason);
	else if (strcmp(key, "rule") == 0 && r->rule[0])
		snprintf(out, n, "%s", r->rule);
	else
		return false;
	return true;
}

bool teach_refusal(const struct teach_texts *t, const struct game *g,
		   const struct cmd_result *r, struct teach_line *out)
{
	if (!t || !r || r->status == CMD_OK)
		return false;
	struct event e;
	event_init(&e, r->status == CMD_MALFORMED ? "malformed" : "refused");
	const char *rule;
	const char *say = evtext_teach(t->sentences, &e, &rule, NULL);
	if (!say)
		return false;
	fill(say, refusal_slot, r, g, out->text, sizeof out->text);
	snprintf(out->rule, sizeof out->rule, "%s",
		 r->rule[0] ? r->rule : rule);
	if (!r->rule[0] && g) /* the refusal's is cited already */
		game_cite(g, out->rule, sizeof out->rule);
	out->group = 0;
	return true;
}

size_t teach_script_step(const struct teach_texts *t, const struct game *g,
			 const struct cmd_result *r, char *last, size_t lastn,
			 FILE *f)
{
	size_t lines = 0;
	if (!t || !f)
		return 0;
	struct teach_list told;
	teach_list_init(&told);
	if (r)
		teach_events(t, g, &r->out, 0, &told);
	for (size_t i = 0; i < told.n; i++)
		print_line(f, "", &told.v[i]);
	lines += told.n;
	teach_list_free(&told);
	struct teach_line rl;
	if (teach_refusal(t, g, r, &rl)) {
		print_line(f, "", &rl);
		lines++;
	}
	struct teach_line d;
	if (!teach_decision(t, g, &d)) {
		if (last && lastn)
			last[0] = '\0';
		return lines;
	}
	if (last && lastn && strncmp(last, d.text, lastn - 1) == 0 &&
	    strlen(d.text) < lastn)
		return lines;
	print_line(f, " next", &d);
	if (last && lastn)
		snprintf(last, lastn, "%s", d.text);
	return lines + 1;
}
