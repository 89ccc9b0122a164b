/* game.c — the state of one game: units and leaders in play, the turn and
 * phase, rout points, the dice; look-ups; the canonical state text and its
 * digest.
 *
 * The canonical text (what `show state` prints; its FNV-1a is the digest in
 * game files) is, line by line:
 *
 *   state version=1 battle=ID kind=KIND
 *   turn N
 *   phase NAME
 *   active_leader ID|-
 *   rout_points SIDE0 SIDE1
 *   dice seed=N rolls=N state=HEX inc=HEX forced=D,D,...|-
 *   unit id=... (one line per unit, in the battle's order, every field)
 *   leader id=... (one line per leader, in the battle's order)
 *
 * Fields are key=value, values without blanks (a blank in a name becomes
 * '_'), booleans yes/no, hexes CCRR or '-'.  Changing the layout changes
 * every digest, so it is part of the game file format version.
 */
#include "maniple/game.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/hooks.h"
#include "maniple/missile.h"
#include "maniple/evcat.h"
#include "maniple/tables.h"
#include "maniple/rule_numbers.h"

static const char *const phase_names[PHASE_COUNT] = {
	"activation", "movement", "shock", "momentum",
	"rout_reload", "withdrawal", "over",
};

const char *phase_name(enum phase p)
{
	return (unsigned)p < PHASE_COUNT ? phase_names[p] : "?";
}

int phase_parse(const char *text)
{
	for (int i = 0; text && i < PHASE_COUNT; i++)
		if (strcmp(phase_names[i], text) == 0)
			return i;
	return -1;
}

void game_free(struct game *g)
{
	if (!g)
		return;
	if (g->tables)
		tables_free(g->tables);
	if (g->battle)
		battle_free(g->battle);
	event_log_free(&g->events);
	free(g);
}

/* The byte ranges of a game's state that game_copy_state copies: the
 * struct less its event log and the unused tails of four tables. */
struct span {
	size_t from, to;
};

#define TAIL(member, count)                                                   \
	{offsetof(struct game, member),                                       \
	 sizeof(((struct game *)0)->member[0]), BOUNDED(count, member),        \
	 offsetof(struct game, member) + sizeof(((struct game *)0)->member)}
#define BOUNDED(count, member)                                                \
	((count) < 0 ? 0                                                      \
	 : (size_t)(count) > sizeof(((struct game *)0)->member) /             \
				     sizeof(((struct game *)0)->member[0])    \
		 ? sizeof(((struct game *)0)->member) /                       \
			   sizeof(((struct game *)0)->member[0])              \
		 : (size_t)(count))

_Static_assert(offsetof(struct game, units) <
			       offsetof(struct game, leaders) &&
		       offsetof(struct game, leaders) <
			       offsetof(struct game, events) &&
		       offsetof(struct game, events) <
			       offsetof(struct game, react.rfire) &&
		       offsetof(struct game, react.rfire) <
			       offsetof(struct game, shock.c),
	       "game_spans lists the skipped parts in struct order");

static int game_spans(const struct game *g, struct span out[6])
{
	struct {
		size_t at, size, used, end;
	} skip[] = {
		TAIL(units, g->nunits),
		TAIL(leaders, g->nleaders),
		{offsetof(struct game, events), 0, 0,
		 offsetof(struct game, events) + sizeof g->events},
		TAIL(react.rfire, g->react.nrfire),
		TAIL(shock.c, g->shock.ncombats),
	};
	int n = 0;
	size_t at = 0;
	for (size_t k = 0; k < sizeof skip / sizeof skip[0]; k++) {
		out[n++] = (struct span){at, skip[k].at + skip[k].size *
							       skip[k].used};
		at = skip[k].end;
	}
	out[n++] = (struct span){at, sizeof *g};
	return n;
}

void game_copy_state(struct game *dst, const struct game *src)
{
	struct span sp[6];
	int n = game_spans(src, sp);
	for (int k = 0; k < n; k++)
		memcpy((char *)dst + sp[k].from, (const char *)src + sp[k].from,
		       sp[k].to - sp[k].from);
}

size_t game_state_bytes(const struct game *g)
{
	struct span sp[6];
	int n = game_spans(g, sp);
	size_t bytes = 0;
	for (int k = 0; k < n; k++)
		bytes += sp[k].to - sp[k].from;
	return bytes;
}

bool game_state_same(const struct game *a, const struct game *b)
{
	struct span sa[6], sb[6];
	int n = game_spans(a, sa);
	game_spans(b, sb);
	for (int k = 0; k < n; k++)
		if (sa[k].to != sb[k].to ||
		    memcmp((const char *)a + sa[k].from,
			   (const char *)b + sa[k].from,
			   sa[k].to - sa[k].from) != 0)
			return false;
	return true;
}

struct game *game_copy_for_search(const struct game *g, uint64_t seed)
{
	struct game *c = malloc(sizeof *c);
	if (!c)
		return NULL;
	*c = *g; /* a plain value copy: sizeof (struct game) bytes */
	c->session = NULL;
	event_log_init(&c->events);
	dice_reseed(&c->dice, seed);
	return c;
}

void game_copy_take_dice_for_test(struct game *c, const struct game *g)
{
	c->dice = g->dice;
}

struct unit *game_unit(struct game *g, const char *id)
{
	for (int i = 0; id && i < g->nunits; i++)
		if (strcmp(g->units[i].id, id) == 0)
			return &g->units[i];
	return NULL;
}

struct leader *game_leader(struct game *g, const char *id)
{
	for (int i = 0; id && i < g->nleaders; i++)
		if (strcmp(g->leaders[i].id, id) == 0)
			return &g->leaders[i];
	return NULL;
}

struct unit_text *game_unit_text(struct game *g, struct unit *u)
{
	struct unit_text *t = &g->battle->unit_text[u - g->units];
	unit_bind_words(u, t);
	return t;
}

struct leader_text *game_leader_text(struct game *g, struct leader *l)
{
	struct leader_text *t = &g->battle->leader_text[l - g->leaders];
	leader_bind_words(l, t);
	return t;
}

/* ---- the units by hex (struct unit_index) ---- */

static unsigned hex_bucket(struct hex h)
{
	return ((unsigned)h.col * 31u + (unsigned)h.row) % GAME_HEX_BUCKETS;
}

static void index_unfile(struct unit_index *x, int node)
{
	if (!bits_has(x->filed, node))
		return;
	uint16_t *link = &x->head[x->bucket[node]];
	while (*link && *link != node + 1)
		link = &x->next[*link - 1];
	if (*link)
		*link = x->next[node];
	x->next[node] = 0;
	x->bucket[node] = 0;
	bits_put(x->filed, node, false);
}

static void index_file(struct unit_index *x, int node, struct hex h)
{
	if (hex_is_none(h))
		return;
	unsigned b = hex_bucket(h);
	uint16_t *link = &x->head[b];
	while (*link && *link < node + 1) /* ascending: one order per state */
		link = &x->next[*link - 1];
	x->next[node] = *link;
	*link = (uint16_t)(node + 1);
	x->bucket[node] = (uint8_t)b;
	bits_put(x->filed, node, true);
}

void game_unit_place(struct game *g, struct unit *u, struct footprint fp)
{
	ptrdiff_t i = u - g->units;
	if (i < 0 || i >= BATTLE_UNITS_MAX) {
		u->at = fp;
		return;
	}
	for (int k = 0; k < 2; k++)
		index_unfile(&g->at_index, (int)i * 2 + k);
	u->at = fp;
	for (int k = 0; k < 2; k++)
		index_file(&g->at_index, (int)i * 2 + k, fp.hex[k]);
}

void game_unit_set_hex(struct game *g, struct unit *u, int k, struct hex h)
{
	struct footprint fp = u->at;
	fp.hex[k & 1] = h;
	game_unit_place(g, u, fp);
}

void game_index_units(struct game *g)
{
	memset(&g->at_index, 0, sizeof g->at_index);
	for (int i = 0; i < g->nunits && i < BATTLE_UNITS_MAX; i++)
		for (int k = 0; k < 2; k++)
			index_file(&g->at_index, i * 2 + k,
				   g->units[i].at.hex[k]);
}

/* A checking build: every unit's hexes are filed where they are, so a
 * position changed without game_unit_place is found at the next look-up
 * rather than answered wrongly. */
static void index_check(const struct game *g)
{
#ifndef NDEBUG
	const struct unit_index *x = &g->at_index;
	for (int i = 0; i < g->nunits && i < BATTLE_UNITS_MAX; i++) {
		const struct unit *u = &g->units[i];
		bool filed[2] = {bits_has(x->filed, i * 2),
				 bits_has(x->filed, i * 2 + 1)};
		for (int k = 0; k < 2; k++) {
			struct hex h = u->at.hex[k];
			bool ok;
			if (hex_is_none(h)) {
				ok = !filed[k];
			} else {
				unsigned b = hex_bucket(h);
				ok = (filed[k] && x->bucket[i * 2 + k] == b) ||
				     (filed[!k] && x->bucket[i * 2 + !k] == b);
			}
			if (!ok) {
				char where[8];
				hex_format(h, where, sizeof where);
				fprintf(stderr,
					"maniple: unit %s stands in %s but is "
					"not filed there (its hexes changed "
					"without game_unit_place)\n",
					u->id, where);
				abort();
			}
		}
	}
#else
	(void)g;
#endif
}

int game_units_filed_at(const struct game *g, struct hex h, int *idx,
			int max)
{
	int n = 0;
	if (hex_is_none(h))
		return 0;
	index_check(g);
	const struct unit_index *x = &g->at_index;
	for (unsigned node = x->head[hex_bucket(h)]; node && n < max;
	     node = x->next[node - 1]) {
		int i = (int)(node - 1) / 2;
		if (i >= g->nunits)
			continue; /* a slot no longer in use */
		const struct hex *fh = g->units[i].at.hex;
		if ((hex_eq(fh[0], h) || hex_eq(fh[1], h)) &&
		    (n == 0 || idx[n - 1] != i))
			idx[n++] = i;
	}
	return n;
}

int game_units_at(const struct game *g, struct hex h, const struct unit **out,
		  int max)
{
	int idx[BATTLE_UNITS_MAX];
	int n = 0, m = game_units_filed_at(g, h, idx, BATTLE_UNITS_MAX);
	for (int k = 0; k < m; k++)
		if (game_unit_in_play(&g->units[idx[k]]))
			idx[n++] = idx[k];
	/* top of the stack first: the highest stack number */
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 &&
				g->stack_seq[idx[j]] > g->stack_seq[idx[j - 1]];
		     j--) {
			int t = idx[j];
			idx[j] = idx[j - 1];
			idx[j - 1] = t;
		}
	int k = 0;
	for (; k < n && k < max; k++)
		out[k] = &g->units[idx[k]];
	return k;
}

bool game_hex_has_side(const struct game *g, struct hex h, int side)
{
	const struct unit *us[4];
	int n = game_units_at(g, h, us, 4);
	for (int i = 0; i < n; i++)
		if (us[i]->side == side)
			return true;
	return false;
}

int game_leaders_at(const struct game *g, struct hex h,
		    const struct leader **out, int max)
{
	int n = 0;
	for (int i = 0; i < g->nleaders && n < max; i++) {
		const struct leader *l = &g->leaders[i];
		if (l->on_map && !l->killed && hex_eq(l->hex, h))
			out[n++] = l;
	}
	return n;
}

void game_put_on_top(struct game *g, struct unit *u)
{
	ptrdiff_t i = u - g->units;
	if (i < 0 || i >= g->nunits)
		return;
	g->stack_seq[i] = g->next_stack_seq++;
}

void game_cite_failed(const char *what, const char *bad)
{
#ifndef NDEBUG
	/* a checking build: the code cited a rule the book of the game
	 * does not have (rule_numbers.h) */
	fprintf(stderr,
		"maniple: %s cites %s, which has no number in the book of "
		"this game (rules/gba/rule_numbers.ini)\n",
		what, bad);
	/* it goes on: while GBA is being built a GBA game still reaches
	 * SPQR rules GBA lacks (those not yet replaced by GBA's own); the
	 * soak counts each such line as a break of class `uncited`
	 * (tools/soak), which tools/check shows for the GBA drill without
	 * failing */
#else
	(void)what;
	(void)bad;
#endif
}

/* e, or *c: e with its rule= in the book of g's game (rule_numbers.h) */
static const struct event *cite_event(const struct game *g,
				      const struct event *e, struct event *c)
{
	const struct rule_numbers *m = tables_rule_numbers(g->tables);
	const char *rule = event_get(e, "rule");
	if (!rule || (!m->present && !strstr(rule, "GBA")))
		return e;
	char out[EVENT_VAL_MAX], bad[EVENT_VAL_MAX];
	if (!rule_cite(m, rule, out, sizeof out, bad, sizeof bad)) {
		char buf[1400];
		event_format(e, buf, sizeof buf);
		game_cite_failed(buf, bad);
	}
	if (strcmp(out, rule) == 0)
		return e;
	event_init(c, e->kind);
	c->kind_src = e->kind_src;
	for (int i = 0; i < e->nfields; i++) {
		const char *k = event_key(e, i);
		event_add(c, k, "%s", strcmp(k, "rule") ? event_val(e, i) : out);
	}
	return c;
}

void game_cite(const struct game *g, char *rule, size_t n)
{
	const struct rule_numbers *m = tables_rule_numbers(g->tables);
	if (!rule[0] || (!m->present && !strstr(rule, "GBA")))
		return;
	char out[EVENT_VAL_MAX], bad[EVENT_VAL_MAX];
	if (!rule_cite(m, rule, out, sizeof out, bad, sizeof bad))
		game_cite_failed(rule, bad);
	snprintf(rule, n, "%s", out);
}

void game_cite_text(const struct game *g, char *text, size_t n)
{
	const struct rule_numbers *m = tables_rule_numbers(g->tables);
	if (!m->present || !text[0])
		return;
	char out[1024];
	rule_cite_text(m, text, out, sizeof out);
	snprintf(text, n, "%s", out);
}

void game_emit(struct game *g, const struct event *e)
{
	struct event cited;
	e = cite_event(g, e, &cited);
#ifndef NDEBUG
	/* a checking build: every event fits the ruleset's catalog */
	const struct evcat *cat = tables_events(g->tables);
	char why[160];
	if (cat && !evcat_check(cat, e, why, sizeof why)) {
		char buf[1400];
		event_format(e, buf, sizeof buf);
		fprintf(stderr, "maniple: %s: %s\n", why, buf);
		abort();
	}
#endif
	if (!g->events.cat) /* kinds kept as catalog indexes */
		event_log_set_catalog(&g->events, tables_events(g->tables));
	event_log_push(&g->events, e);
}

void game_roll_begin(struct event *e, const char *what)
{
	event_init(e, "roll");
	event_add(e, "for", "%s", what);
}

int game_roll_die(struct game *g, struct event *e)
{
	bool forced = false;
	int die = dice_d10(&g->dice, &forced);
	event_add(e, "die", "%d", die);
	if (forced)
		event_add(e, "forced", "yes");
	return die;
}

void game_turn_end(struct game *g)
{
	struct event e;
	event_init(&e, "turn_end");
	event_add(&e, "turn", "%d", g->turn);
	event_add(&e, "rule", "3.0");
	game_emit(g, &e);
}

bool unit_has(const struct game *g, const struct unit *u, enum unit_trait t)
{
	return g && u && tables_unit_has(g->tables, u->type, u->cls, t);
}

int game_constant(const struct game *g, enum rule_constant c)
{
	return tables_constant(g ? g->tables : NULL, c);
}

/* 6.4: the hexes a unit stands on; how many its type takes is the traits
 * data's (a phalanx: unit_types.ini), asked where a unit is put on the
 * map (the battle file, a reinforcement's entry, the sandbox's place) */
bool unit_is_two_hex(const struct unit *u)
{
	return footprint_two_hex(&u->at);
}

/* 11.1, GBA 10.42 rout points of a unit, from rout_points.ini: a
 * phalanx, or a double-sized unit on its two hexes (GBA 6.41), counts as
 * two-hex */
int unit_rout_points(const struct game *g, const struct unit *u)
{
	if (!g->tables)
		return 0;
	return tables_unit_rout_points(g->tables, u->type, u->cls, u->tq,
				       unit_has(g, u, TRAIT_PHALANX) ||
					       unit_is_two_hex(u),
				       u->leader_elephant[0] != '\0');
}

/* 11.1 rout points of a leader, from rout_points.ini (RULINGS R7), or
 * his battle's figure (GBA 10.42: Alexander's 70) */
int leader_rout_points(const struct game *g, const struct leader *l)
{
	if (!g->tables)
		return 0;
	if (l->rout_points > 0)
		return l->rout_points;
	return tables_leader_rout_points(g->tables, l->kind, l->initiative);
}

static const char *yn(bool b)
{
	return b ? "yes" : "no";
}

static void put_word(FILE *f, const char *key, const char *v)
{
	fprintf(f, " %s=", key);
	if (!*v)
		fputc('-', f);
	for (const char *p = v; *p; p++)
		fputc(*p == ' ' || *p == '\t' || *p == '\n' ? '_' : *p, f);
}

static void put_hex(FILE *f, const char *key, struct hex h)
{
	char buf[16];
	if (hex_is_none(h))
		snprintf(buf, sizeof buf, "-");
	else
		hex_format(h, buf, sizeof buf);
	fprintf(f, " %s=%s", key, buf);
}

static void state_unit(FILE *f, const struct game *g, int i)
{
	const struct unit *u = &g->units[i];
	fprintf(f, "unit");
	put_word(f, "id", u->id);
	put_word(f, "name", u->name);
	fprintf(f, " side=%d type=%s", u->side, unit_type_name(u->type));
	put_word(f, "class", u->cls);
	fprintf(f, " size=%d tq=%d ma=%d ma_ext=%d", u->size, u->tq, u->ma,
		u->ma_ext);
	fprintf(f, " missile=%s supply=%s", missile_class_name(u->missile),
		missile_supply_name(u->supply));
	fprintf(f, " elephant=%s tower=%s tower_supply=%s screen=%s "
		   "screen_supply=%s",
		elephant_kind_name(u->elephant), missile_class_name(u->tower),
		missile_supply_name(u->tower_supply),
		missile_class_name(u->screen),
		missile_supply_name(u->screen_supply));
	fprintf(f, " legion=%d ala=%s dd_eligible=%s", u->legion, yn(u->ala),
		yn(u->dd_eligible));
	put_word(f, "leader_elephant", u->leader_elephant);
	put_hex(f, "hex", u->at.hex[0]);
	put_hex(f, "hex2", u->at.hex[1]);
	fprintf(f, " column=%s facing=%s", yn(u->at.in_column),
		u->at.in_column ? hexside_name((enum hexside)u->at.facing)
				: facing_name((enum facing)u->at.facing));
	fprintf(f, " column_name_left=%s", yn(u->column_name_left));
	if (u->at.square) /* GBA 9.63 (only when set: older texts stay) */
		fprintf(f, " square=yes");
	fprintf(f, " stack=%u on_map=%s hits=%d", g->stack_seq[i],
		yn(u->on_map), u->hits);
	fprintf(f, " depleted=%s routed=%s eliminated=%s off_map=%s",
		yn(u->depleted), yn(u->routed), yn(u->eliminated),
		yn(u->off_map));
	if (u->off_map) /* 8.64: the hex it left by */
		fprintf(f, " exit=%04d", hex_number(u->pursuit_exit));
	fprintf(f, " scorpio_fire=%s double_depth=%s moved_turn=%s "
		   "moved_phase=%s",
		yn(u->scorpio_fire), yn(u->double_depth), yn(u->moved_turn),
		yn(u->moved_phase));
	if (u->scorpio_active || u->scorpio_reaction || u->scorpio_switched ||
	    u->scorpio_fired) /* 9.82, 9.85, 9.86 markers, when any */
		fprintf(f, " scorpio_active=%d scorpio_reaction=%d "
			   "scorpio_switched=%s scorpio_fired=%s",
			u->scorpio_active, u->scorpio_reaction,
			yn(u->scorpio_switched), yn(u->scorpio_fired));
	fprintf(f, " shock_must=%s shock_no=%s engaged=%s pursuit=%s",
		yn(u->shock_must), yn(u->shock_no), yn(u->engaged),
		yn(u->pursuit));
	if (u->charge_formation) /* GBA 9.7, when in it */
		fprintf(f, " charge_formation=yes");
	fprintf(f, "\n");
}

static void state_leader(FILE *f, const struct leader *l)
{
	fprintf(f, "leader");
	put_word(f, "id", l->id);
	put_word(f, "name", l->name);
	fprintf(f, " side=%d kind=%s", l->side, leader_kind_name(l->kind));
	fprintf(f, " initiative=%d command_range=%d line_command=%d "
		   "strategy=%d charisma=%d",
		l->initiative, l->command_range, l->line_command, l->strategy,
		l->charisma);
	if (l->rout_points)
		fprintf(f, " rout_points=%d", l->rout_points);
	fprintf(f, " elite=%s overall=%s", yn(l->elite), yn(l->overall));
	put_word(f, "restriction", l->restriction);
	fprintf(f, " available=%s", yn(l->available));
	put_hex(f, "hex", l->hex);
	fprintf(f, " on_map=%s state=%s wounds=%d activations=%d killed=%s\n",
		yn(l->on_map), leader_state_name(l->state), l->wounds,
		l->activations, yn(l->killed));
}

char *game_state_text(const struct game *g)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		return NULL;
	fprintf(f, "state version=1");
	put_word(f, "battle", g->battle ? g->battle->id : "");
	fprintf(f, " kind=%s\n", game_kind_name(g->kind));
	fprintf(f, "turn %d\n", g->turn);
	fprintf(f, "phase %s\n", phase_name(g->phase));
	if (g->active_leader >= 0 && g->active_leader < g->nleaders)
		fprintf(f, "active_leader %s\n",
			g->leaders[g->active_leader].id);
	else
		fprintf(f, "active_leader -\n");
	fprintf(f, "rout_points %d %d\n", g->rout_points[0],
		g->rout_points[1]);
	fprintf(f,
		"dice seed=%" PRIu64 " rolls=%lu state=%016" PRIx64
		" inc=%016" PRIx64 " forced=",
		g->dice.seed, g->dice.rolls, g->dice.rng.state,
		g->dice.rng.inc);
	if (g->dice.nforced == 0)
		fputc('-', f);
	for (int i = 0; i < g->dice.nforced; i++)
		fprintf(f, "%s%d", i ? "," : "", g->dice.forced[i]);
	fputc('\n', f);
	for (int i = 0; i < g->nunits; i++)
		state_unit(f, g, i);
	for (int i = 0; i < g->nleaders; i++)
		state_leader(f, &g->leaders[i]);
	g->hooks->state_text(g, f); /* each module's state (rules.c) */
	if (fclose(f) != 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* FNV-1a, 64-bit. */
static uint64_t fnv1a(const char *s)
{
	uint64_t h = UINT64_C(14695981039346656037);
	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= UINT64_C(1099511628211);
	}
	return h;
}

uint64_t game_digest(const struct game *g)
{
	char *text = game_state_text(g);
	if (!text)
		return 0;
	uint64_t h = fnv1a(text);
	free(text);
	return h;
}
