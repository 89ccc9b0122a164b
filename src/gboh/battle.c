/* battle.c — loading and validating a battle (scenarios/NAME.ini): sides,
 * leaders, units, the Line Command Eligibility chart (4.3), rules in force
 * and reinforcements, and the map it is fought on.  The format is
 * documented in man/maniple.6 (FILES). */
#include "maniple/battle.h"
#include "maniple/rfile.h"
#include "maniple/tables.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REINF_MAX ((int)(sizeof(((struct battle *)0)->reinf) / \
			 sizeof(((struct battle *)0)->reinf[0])))
#define TOKENS_MAX 64

/* ---- the sections and their keys ---- */

enum rec_kind {
	RK_NONE,
	RK_FILE,
	RK_BATTLE,
	RK_RULES,
	RK_SIDE,
	RK_LEADER,
	RK_UNIT,
	RK_LINE,
	RK_REINF,
};

enum { FK_KIND, FK_VERSION, FK_COUNT };
static const char *const file_keys[] = {"kind", "version"};

enum { BK_NAME, BK_YEAR, BK_RULESET, BK_MAP, BK_TURN_LIMIT, BK_NOTE, BK_COUNT };
static const char *const battle_keys[] = {"name", "year", "ruleset",
					  "map", "turn_limit", "note"};

enum {
	RUK_TRIARII,
	RUK_NO_PURSUIT,
	RUK_ENGAGED,
	RUK_ELEPHANT_COMMAND,
	RUK_CHARGE_FORMATION,
	RUK_OPTIONS,
	RUK_COUNT
};
static const char *const rules_keys[] = {"triarii_doctrine", "no_pursuit",
					 "engaged", "elephant_command",
					 "charge_formation", "options"};

enum {
	SK_NAME,
	SK_COLOUR,
	SK_RETREAT_EDGE,
	SK_WITHDRAWAL,
	SK_MACEDONIAN,
	SK_LAW_OF_INERTIA,
	SK_DRIFT_TO_THE_RIGHT,
	SK_COUNT
};
static const char *const side_keys[] = {"name", "colour", "retreat_edge",
					"withdrawal", "macedonian",
					"law_of_inertia", "drift_to_the_right"};

enum {
	LDK_NAME,
	LDK_SIDE,
	LDK_KIND,
	LDK_HEX,
	LDK_INITIATIVE,
	LDK_COMMAND_RANGE,
	LDK_LINE_COMMAND,
	LDK_STRATEGY,
	LDK_CHARISMA,
	LDK_ELITE,
	LDK_OVERALL,
	LDK_RESTRICTION,
	LDK_AVAILABLE,
	LDK_ROUT_POINTS,
	LDK_PERSONAL_COMBAT,
	LDK_LINE_CAPABLE,
	LDK_WING_COMMANDER,
	LDK_TARGET,
	LDK_CONTINGENT_COMMAND,
	LDK_CONTINGENT_COMMANDER,
	LDK_OPTION,
	LDK_ELITE_OPTION,
	LDK_COUNT
};
static const char *const leader_keys[] = {
	"name",	    "side",	    "kind",	    "hex",
	"initiative", "command_range", "line_command", "strategy",
	"charisma",   "elite",	    "overall",	    "restriction",
	"available",  "rout_points", "personal_combat", "line_capable",
	"wing_commander", "target", "contingent_command",
	"contingent_commander", "option", "elite_option",
};

enum {
	UK_NAME,
	UK_SIDE,
	UK_TYPE,
	UK_CLASS,
	UK_SIZE,
	UK_TQ,
	UK_MA,
	UK_MISSILE,
	UK_SUPPLY,
	UK_LEGION,
	UK_ALA,
	UK_HEX,
	UK_FACING,
	UK_IN_COLUMN,
	UK_HITS,
	UK_DEPLETED,
	UK_ROUTED,
	UK_DD_ELIGIBLE,
	UK_ELEPHANT,
	UK_TOWER,
	UK_TOWER_SUPPLY,
	UK_SCREEN,
	UK_SCREEN_SUPPLY,
	UK_RIDER,
	UK_SCORPIO,
	UK_LAW_OF_INERTIA,
	UK_COUNT
};
static const char *const unit_keys[] = {
	"name",	    "side",	     "type",	    "class",
	"size",	    "tq",	     "ma",	    "missile",
	"supply",    "legion",	     "ala",	    "hex",
	"facing",    "in_column",    "hits",	    "depleted",
	"routed",    "double_depth_eligible", "elephant", "tower",
	"tower_supply", "screen",    "screen_supply", "rider",
	"scorpio",  "law_of_inertia",
};

enum { NK_SIDE, NK_UNITS, NK_SPACING, NK_NO_MIXED_CAVALRY, NK_NOTE, NK_COUNT };
static const char *const line_keys[] = {"side", "units", "spacing",
					"no_mixed_cavalry", "note"};

enum { RFK_TURN, RFK_EDGE, RFK_HEX, RFK_FACING, RFK_DOUBLE_SIZED, RFK_COUNT };
static const char *const reinf_keys[] = {"turn", "edge", "hex", "facing",
					 "double_sized"};

#define KEYS_MAX UK_COUNT


static const char *const colours[] = {"black", "red",	  "green", "yellow",
				      "blue",  "magenta", "cyan",  "white"};

/* ---- loading context: what the file said, with line numbers ---- */

struct side_extra {
	int line;
	int kl[SK_COUNT];
};

struct leader_extra {
	int line;
	int kl[LDK_COUNT];
	char side[ID_MAX];
	bool placed;
	char option[32];       /* in play only with this battle option */
	char elite_option[32]; /* Elite Commander with this option (GBA 5.5) */
};

struct unit_extra {
	int line;
	int kl[UK_COUNT];
	char side[ID_MAX];
	char facing[8];
	int nhex;
};

struct line_extra {
	int line;
	int kl[NK_COUNT];
	char side[ID_MAX];
	int member_line[LINE_MEMBERS_MAX];
};

struct reinf_extra {
	int line;
	int kl[RFK_COUNT];
};

struct battle_ctx {
	struct battle *b;
	struct ini_error *err;
	/* the unit types' traits (the ruleset's unit_types.ini), or NULL:
	 * what they decide is not checked (battle_check_traits) */
	const struct spqr_tables *traits;
	enum rec_kind cur;
	int idx;		/* index of the current record */
	int *kl;		/* key lines of the current record */
	int file_line, battle_line, rules_line;
	int file_kl[FK_COUNT], battle_kl[BK_COUNT], rules_kl[RUK_COUNT];
	int nsides;
	struct side_extra sides[2];
	struct leader_extra leaders[BATTLE_LEADERS_MAX];
	struct unit_extra units[BATTLE_UNITS_MAX];
	struct line_extra lines[BATTLE_LINES_MAX];
	struct reinf_extra reinf[32];
};

/* ---- small helpers ---- */

static int find_name(const char *const *names, int n, const char *s)
{
	for (int i = 0; i < n; i++)
		if (strcmp(names[i], s) == 0)
			return i;
	return -1;
}

/* A name of at most max-1 characters: a-z 0-9 _ - */
static bool name_ok(const char *s, size_t max)
{
	size_t n = strlen(s);
	if (n == 0 || n >= max)
		return false;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') ||
		      *s == '_' || *s == '-'))
			return false;
	return true;
}

static bool id_ok(const char *s)
{
	return name_ok(s, ID_MAX);
}

static int set_text(struct battle_ctx *c, char *dst, size_t n, const char *v,
		    const char *key, int line)
{
	if (!*v)
		return ini_fail(c->err, line, "%s is empty", key);
	if (strlen(v) >= n)
		return ini_fail(c->err, line, "%s is longer than %zu characters",
				key, n - 1);
	memcpy(dst, v, strlen(v) + 1);
	return 0;
}

static int set_id(struct battle_ctx *c, char *dst, const char *v,
		  const char *key, int line)
{
	if (!id_ok(v))
		return ini_fail(c->err, line,
				"%s \"%s\" is not an id (1-%d characters of "
				"a-z 0-9 _ -)",
				key, v, ID_MAX - 1);
	memcpy(dst, v, strlen(v) + 1);
	return 0;
}

/* A name (name_ok) of at most n-1 characters into dst */
static int set_name(struct battle_ctx *c, char *dst, size_t n, const char *v,
		    const char *key, int line)
{
	if (!name_ok(v, n))
		return ini_fail(c->err, line,
				"%s \"%s\" is not a name (a-z 0-9 _ -)", key,
				v);
	memcpy(dst, v, strlen(v) + 1);
	return 0;
}

static int set_int(struct battle_ctx *c, int *dst, const char *v, int lo,
		   int hi, const char *key, int line)
{
	if (!ini_int(v, lo, hi, dst))
		return ini_fail(c->err, line, "%s must be a number %d..%d, not \"%s\"",
				key, lo, hi, v);
	return 0;
}

/* A figure kept in a byte or two (battle.h): lo..hi fits. */
static int set_small(struct battle_ctx *c, int8_t *dst, const char *v, int lo,
		     int hi, const char *key, int line)
{
	int n = 0;
	if (set_int(c, &n, v, lo, hi, key, line))
		return 1;
	*dst = (int8_t)n;
	return 0;
}

static int set_bool(struct battle_ctx *c, bool *dst, const char *v,
		    const char *key, int line)
{
	if (!ini_bool(v, dst))
		return ini_fail(c->err, line, "%s must be yes or no, not \"%s\"",
				key, v);
	return 0;
}

/* set_bool into a one-bit field (struct unit's and struct leader's
 * yes/no bit-fields have no address): returns from the caller. */
#define SET_BIT(field)                                                         \
	do {                                                                   \
		bool b_ = (field);                                             \
		int rc_ = set_bool(c, &b_, v, key, line);                      \
		(field) = b_;                                                  \
		return rc_;                                                    \
	} while (0)

static int set_supply(struct battle_ctx *c, uint8_t *dst,
		      const char *v, const char *key, int line)
{
	int s = missile_supply_parse(v);
	if (s < 0)
		return ini_fail(c->err, line,
				"%s must be full, low or no, not \"%s\"", key, v);
	*dst = (uint8_t)s;
	return 0;
}

/* A unit class code (2.22): the ruleset's unit_types.ini lists the codes
 * and their types, so without the tables only its shape
 * (unit_class_code_ok, as a counter prints it) is checked here; the loading
 * again with them (battle_check_traits) checks the rest.  0, or 1 with
 * the reason in c->err. */
static int check_class(struct battle_ctx *c, const char *code,
		       const char *what, int line)
{
	bool ok = unit_class_code_ok(code);
	if (ok && (!c->traits || tables_class_type(c->traits, code) >= 0))
		return 0;
	char known[128];
	tables_class_codes(c->traits, known, sizeof known);
	if (c->traits)
		return ini_fail(c->err, line, "unknown unit class %s\"%s\" (%s)",
				what, code, known);
	return ini_fail(c->err, line,
			"unknown unit class %s\"%s\" (one to three capital "
			"letters, maybe with a * after them)",
			what, code);
}

/* Appends a line of note text: joined by a space, an empty line starts a
 * new paragraph. */
static int append_note(struct battle_ctx *c, char *dst, size_t n,
		       const char *v, int line)
{
	size_t len = strlen(dst);
	const char *sep = "";
	if (!*v)
		sep = "\n";
	else if (len > 0 && dst[len - 1] != '\n')
		sep = " ";
	if (len + strlen(sep) + strlen(v) >= n)
		return ini_fail(c->err, line, "note longer than %zu characters",
				n - 1);
	memcpy(dst + len, sep, strlen(sep));
	memcpy(dst + len + strlen(sep), v, strlen(v) + 1);
	return 0;
}

static int find_side(const struct battle *b, int nsides, const char *id)
{
	for (int i = 0; i < nsides; i++)
		if (strcmp(b->sides[i].id, id) == 0)
			return i;
	return -1;
}

static int find_unit(const struct battle *b, const char *id)
{
	for (int i = 0; i < b->nunits; i++)
		if (strcmp(b->units[i].id, id) == 0)
			return i;
	return -1;
}

static int find_leader(const struct battle *b, const char *id)
{
	for (int i = 0; i < b->nleaders; i++)
		if (strcmp(b->leaders[i].id, id) == 0)
			return i;
	return -1;
}

static int find_line(const struct battle *b, const char *name)
{
	for (int i = 0; i < b->nlines; i++)
		if (strcmp(b->lines[i].name, name) == 0)
			return i;
	return -1;
}

/* ---- section headers ---- */

static int record_line(struct battle_ctx *c, const char *kind, const char *id)
{
	const struct battle *b = c->b;
	int i;
	if ((i = find_unit(b, id)) >= 0)
		return c->units[i].line;
	if ((i = find_leader(b, id)) >= 0)
		return c->leaders[i].line;
	(void)kind;
	return 0;
}

static int check_file_section(struct battle_ctx *c, int line)
{
	if (!c->file_line)
		return ini_fail(c->err, line,
				"a battle file must open with [file] kind = "
				"battle, version = 1");
	if (!c->file_kl[FK_KIND])
		return ini_fail(c->err, c->file_line,
				"[file] lacks kind = battle");
	if (!c->file_kl[FK_VERSION])
		return ini_fail(c->err, c->file_line, "[file] lacks version = 1");
	return 0;
}

static int on_single_section(struct battle_ctx *c, const char *name, int line,
			     int *seen, int *kl, int nkeys, enum rec_kind k)
{
	if (*seen)
		return ini_fail(c->err, line,
				"section [%s] given twice (first at line %d)",
				name, *seen);
	*seen = line;
	c->cur = k;
	c->kl = kl;
	memset(kl, 0, sizeof(int) * (size_t)nkeys);
	return 0;
}

static int on_section(struct battle_ctx *c, const char *name, int line)
{
	struct battle *b = c->b;
	if (strcmp(name, "file") == 0)
		return on_single_section(c, name, line, &c->file_line,
					 c->file_kl, FK_COUNT, RK_FILE);
	if (check_file_section(c, line))
		return 1;
	if (strcmp(name, "battle") == 0)
		return on_single_section(c, name, line, &c->battle_line,
					 c->battle_kl, BK_COUNT, RK_BATTLE);
	if (strcmp(name, "rules") == 0)
		return on_single_section(c, name, line, &c->rules_line,
					 c->rules_kl, RUK_COUNT, RK_RULES);

	const char *sp = strchr(name, ' ');
	if (!sp)
		return ini_fail(c->err, line,
				"unknown section [%s] in a battle file", name);
	size_t plen = (size_t)(sp - name);
	const char *id = sp + 1;
	while (*id == ' ')
		id++;
#define PREFIX(s) (plen == strlen(s) && strncmp(name, s, plen) == 0)
	enum rec_kind k = PREFIX("side")	  ? RK_SIDE
			  : PREFIX("leader")	  ? RK_LEADER
			  : PREFIX("unit")	  ? RK_UNIT
			  : PREFIX("line")	  ? RK_LINE
			  : PREFIX("reinforcement") ? RK_REINF
						  : RK_NONE;
#undef PREFIX
	if (k == RK_NONE)
		return ini_fail(c->err, line,
				"unknown section [%s] in a battle file", name);
	if (!id_ok(id))
		return ini_fail(c->err, line,
				"[%s]: \"%s\" is not an id (1-%d characters "
				"of a-z 0-9 _ -)",
				name, id, ID_MAX - 1);
	c->cur = k;
	switch (k) {
	case RK_SIDE:
		if (find_side(b, c->nsides, id) >= 0)
			return ini_fail(c->err, line, "side %s given twice", id);
		if (c->nsides >= 2)
			return ini_fail(c->err, line,
					"a battle has exactly two sides; [%s] "
					"is a third",
					name);
		c->idx = c->nsides++;
		memcpy(b->sides[c->idx].id, id, strlen(id) + 1);
		c->sides[c->idx].line = line;
		c->kl = c->sides[c->idx].kl;
		return 0;
	case RK_LEADER:
	case RK_UNIT: {
		int first = record_line(c, name, id);
		if (first)
			return ini_fail(c->err, line,
					"id %s already used (line %d); units "
					"and leaders need distinct ids",
					id, first);
		if (k == RK_LEADER) {
			if (b->nleaders >= BATTLE_LEADERS_MAX)
				return ini_fail(c->err, line,
						"more than %d leaders",
						BATTLE_LEADERS_MAX);
			c->idx = b->nleaders++;
			struct leader *l = &b->leaders[c->idx];
			memcpy(l->id, id, strlen(id) + 1);
			l->name = b->leader_text[c->idx].name;
			l->restriction = b->leader_text[c->idx].restriction;
			l->hex = HEX_NONE;
			l->available = true;
			l->kind = LK_GENERAL;
			l->personal_combat = -1; /* GBA 8.41: none */
			c->leaders[c->idx].line = line;
			c->kl = c->leaders[c->idx].kl;
			return 0;
		}
		if (b->nunits >= BATTLE_UNITS_MAX)
			return ini_fail(c->err, line, "more than %d units",
					BATTLE_UNITS_MAX);
		c->idx = b->nunits++;
		struct unit *u = &b->units[c->idx];
		struct unit_text *t = &b->unit_text[c->idx];
		memcpy(t->id, id, strlen(id) + 1);
		u->id = t->id;
		u->name = t->name;
		u->leader_elephant = t->leader_elephant;
		u->at.hex[0] = HEX_NONE;
		u->at.hex[1] = HEX_NONE;
		c->units[c->idx].line = line;
		c->kl = c->units[c->idx].kl;
		return 0;
	}
	case RK_LINE:
		if (find_line(b, id) >= 0)
			return ini_fail(c->err, line, "line %s given twice", id);
		if (b->nlines >= BATTLE_LINES_MAX)
			return ini_fail(c->err, line, "more than %d lines",
					BATTLE_LINES_MAX);
		c->idx = b->nlines++;
		memcpy(b->lines[c->idx].name, id, strlen(id) + 1);
		b->lines[c->idx].spacing = 1;
		c->lines[c->idx].line = line;
		c->kl = c->lines[c->idx].kl;
		return 0;
	default:
		for (int i = 0; i < b->nreinf; i++)
			if (strcmp(b->reinf[i].unit, id) == 0)
				return ini_fail(c->err, line,
						"reinforcement %s given twice",
						id);
		if (b->nreinf >= REINF_MAX)
			return ini_fail(c->err, line,
					"more than %d reinforcements",
					REINF_MAX);
		c->idx = b->nreinf++;
		memcpy(b->reinf[c->idx].unit, id, strlen(id) + 1);
		b->reinf[c->idx].hex = HEX_NONE;
		b->reinf[c->idx].facing = -1;
		c->reinf[c->idx].line = line;
		c->kl = c->reinf[c->idx].kl;
		return 0;
	}
}

/* ---- keys ---- */

static int on_file_key(struct battle_ctx *c, int k, const char *v, int line)
{
	int ver;
	if (k == FK_KIND) {
		if (strcmp(v, "battle") != 0)
			return ini_fail(c->err, line,
					"kind is \"%s\", expected battle", v);
		return 0;
	}
	if (!ini_int(v, 1, 1, &ver))
		return ini_fail(c->err, line,
				"unsupported version \"%s\" (expected 1)", v);
	return 0;
}

static int on_battle_key(struct battle_ctx *c, int k, const char *key,
			 const char *v, int line)
{
	struct battle *b = c->b;
	switch (k) {
	case BK_NAME:
		return set_text(c, b->name, sizeof b->name, v, key, line);
	case BK_YEAR:
		if (set_int(c, &b->year, v, -3000, 2000, key, line))
			return 1;
		if (b->year == 0)
			return ini_fail(c->err, line,
					"year 0 does not exist (negative for BC)");
		return 0;
	case BK_RULESET:
		if (strcmp(v, BATTLE_RULESET) != 0 &&
		    strcmp(v, BATTLE_RULESET_GBA) != 0)
			return ini_fail(c->err, line,
					"unknown ruleset \"%s\" (%s, %s)", v,
					BATTLE_RULESET, BATTLE_RULESET_GBA);
		return set_text(c, b->ruleset, sizeof b->ruleset, v, key, line);
	case BK_MAP:
		return set_text(c, b->map_path, sizeof b->map_path, v, key,
				line);
	case BK_TURN_LIMIT: /* RULINGS R4 */
		return set_int(c, &b->turn_limit, v, 0, 999, key, line);
	default:
		return append_note(c, b->note, sizeof b->note, v, line);
	}
}

static int on_rules_key(struct battle_ctx *c, int k, const char *key,
			const char *v, int line)
{
	struct battle *b = c->b;
	bool *flags[] = {&b->triarii_doctrine, &b->no_pursuit,
			 &b->engaged_rule, &b->elephant_command,
			 &b->charge_formation};
	if (k < RUK_OPTIONS) {
		int rc = set_bool(c, flags[k], v, key, line);
		if (rc || k != RUK_CHARGE_FORMATION || !b->charge_formation ||
		    !c->traits)
			return rc;
		/* GBA 9.72: a ruleset none of whose types may take it has
		 * no Charge Formation to play */
		for (int t = 0; t < UNIT_TYPE_COUNT; t++)
			if (tables_type_has(c->traits, (enum unit_type)t,
					    TRAIT_CHARGE_FORMATION))
				return 0;
		return ini_fail(c->err, line,
				"charge_formation: no unit type of this "
				"ruleset may take Charge Formation (GBA 9.72)");
	}
	char tok[TOKENS_MAX][32];
	int n = ini_split(v, tok, TOKENS_MAX);
	if (n < 0)
		return ini_fail(c->err, line, "options: list too long");
	for (int i = 0; i < n; i++) {
		/* an option's name fills b->options[] (31 characters) */
		if (!name_ok(tok[i], sizeof b->options[0]))
			return ini_fail(c->err, line,
					"option \"%s\" is not a name (a-z 0-9 _ -)",
					tok[i]);
		for (int j = 0; j < b->noptions; j++)
			if (strcmp(b->options[j], tok[i]) == 0)
				return ini_fail(c->err, line,
						"option %s given twice", tok[i]);
		if (b->noptions >= BATTLE_OPTIONS_MAX)
			return ini_fail(c->err, line, "more than %d options",
					BATTLE_OPTIONS_MAX);
		memcpy(b->options[b->noptions++], tok[i], strlen(tok[i]) + 1);
	}
	return 0;
}

static int on_side_key(struct battle_ctx *c, int k, const char *key,
		       const char *v, int line)
{
	struct side *s = &c->b->sides[c->idx];
	switch (k) {
	case SK_NAME:
		return set_text(c, s->name, sizeof s->name, v, key, line);
	case SK_COLOUR:
		if (find_name(colours, 8, v) < 0)
			return ini_fail(c->err, line,
					"unknown colour \"%s\" (black red green "
					"yellow blue magenta cyan white)",
					v);
		return set_text(c, s->colour, sizeof s->colour, v, key, line);
	case SK_RETREAT_EDGE:
		return set_text(c, s->retreat_edge, sizeof s->retreat_edge, v,
				key, line);
	case SK_MACEDONIAN: /* GBA 5.12 and the rules that name the side */
		return set_bool(c, &s->macedonian, v, key, line);
	case SK_LAW_OF_INERTIA: /* GBA 6.14 (optional) */
		return set_bool(c, &s->law_of_inertia, v, key, line);
	case SK_DRIFT_TO_THE_RIGHT: /* GBA 6.5 (optional) */
		return set_bool(c, &s->drift_to_the_right, v, key, line);
	default: /* 11.2 */
		return set_int(c, &s->withdrawal_level, v, 1, 999, key, line);
	}
}

static int parse_hex(struct battle_ctx *c, const char *tok, struct hex *h,
		     int line)
{
	if (!hex_parse(tok, h))
		return ini_fail(c->err, line, "\"%s\" is not a hex (CCRR)", tok);
	return 0;
}

/* 4.35 a Command Restriction: the units a leader may order. */
static int on_restriction(struct battle_ctx *c, struct leader *l,
			  const char *v, int line)
{
	char tok[TOKENS_MAX][32];
	int n = ini_split(v, tok, TOKENS_MAX);
	if (n <= 0)
		return ini_fail(c->err, line,
				"restriction: give type:XX, class:XX, line:NAME "
				"or unit ids");
	char *r = c->b->leader_text[l - c->b->leaders].restriction;
	size_t room = sizeof c->b->leader_text[0].restriction;
	r[0] = '\0';
	for (int i = 0; i < n; i++) {
		size_t len = strlen(r);
		if (len + strlen(tok[i]) + 2 > room)
			return ini_fail(c->err, line,
					"restriction longer than %zu characters",
					room - 1);
		char *d = r + len; /* room checked above */
		if (len)
			*d++ = ' ';
		memcpy(d, tok[i], strlen(tok[i]) + 1);
	}
	return 0;
}

static int on_leader_key(struct battle_ctx *c, int k, const char *key,
			 const char *v, int line)
{
	struct leader *l = &c->b->leaders[c->idx];
	struct leader_extra *x = &c->leaders[c->idx];
	switch (k) {
	case LDK_NAME:
		return set_text(c, c->b->leader_text[c->idx].name,
				sizeof c->b->leader_text[0].name, v, key, line);
	case LDK_SIDE:
		return set_id(c, x->side, v, key, line);
	case LDK_KIND: {
		int kind = leader_kind_parse(v);
		if (kind < 0)
			return ini_fail(c->err, line,
					"unknown leader kind \"%s\" (general "
					"tribune praefect_sociorum "
					"praefect_equitum proconsul replacement "
					"elephant_leader)",
					v);
		l->kind = (enum leader_kind)kind;
		return 0;
	}
	case LDK_HEX:
		x->placed = true;
		return parse_hex(c, v, &l->hex, line);
	case LDK_INITIATIVE:
		return set_small(c, &l->initiative, v, 0, 9, key, line);
	case LDK_COMMAND_RANGE:
		return set_small(c, &l->command_range, v, 0, 20, key, line);
	case LDK_LINE_COMMAND:
		return set_small(c, &l->line_command, v, 0, 9, key, line);
	case LDK_STRATEGY:
		return set_small(c, &l->strategy, v, 0, 9, key, line);
	case LDK_CHARISMA:
		return set_small(c, &l->charisma, v, 0, 9, key, line);
	case LDK_PERSONAL_COMBAT: /* GBA 8.41 */
		return set_small(c, &l->personal_combat, v, 0, 9, key, line);
	case LDK_ELITE:
		SET_BIT(l->elite);
	case LDK_OVERALL:
		SET_BIT(l->overall);
	case LDK_RESTRICTION:
		return on_restriction(c, l, v, line);
	case LDK_ROUT_POINTS: /* GBA 10.42: Alexander's 70 */
		return set_small(c, &l->rout_points, v, 1, 99, key, line);
	case LDK_WING_COMMANDER:
		SET_BIT(l->wing_commander); /* GBA 4.5 */
	case LDK_TARGET:
		SET_BIT(l->target); /* GBA 8.46 */
	case LDK_CONTINGENT_COMMAND: { /* GBA 5.64: Alexander 2, Parmenion 1 */
		int8_t n = 0;
		int rc = set_small(c, &n, v, 0, 3, key, line);
		l->contingent_command = (unsigned)n & 3u;
		return rc;
	}
	case LDK_CONTINGENT_COMMANDER:
		SET_BIT(l->contingent_commander); /* GBA 5.61 */
	case LDK_OPTION: /* a leader of an optional rule, as GBA 5.67's */
		return set_name(c, x->option, sizeof x->option, v, key, line);
	case LDK_ELITE_OPTION: /* GBA 5.5, an optional rule */
		return set_name(c, x->elite_option, sizeof x->elite_option, v,
				key, line);
	case LDK_LINE_CAPABLE: { /* GBA 4.1: "L", one Line Command (5.21) */
		bool capable = false;
		int rc = set_bool(c, &capable, v, key, line);
		l->line_command = capable ? 1 : 0;
		return rc;
	}
	default:
		SET_BIT(l->available);
	}
}

static int on_unit_hex(struct battle_ctx *c, struct unit *u,
		       struct unit_extra *x, const char *v, int line)
{
	char tok[TOKENS_MAX][32];
	int n = ini_split(v, tok, TOKENS_MAX);
	if (n < 1 || n > 2)
		return ini_fail(c->err, line,
				"hex takes one hex, or two for a two-hex unit");
	for (int i = 0; i < n; i++)
		if (parse_hex(c, tok[i], &u->at.hex[i], line))
			return 1;
	x->nhex = n;
	return 0;
}

/* 6.41 a phalanx's movement allowance is given as 4/5. */
static int on_unit_ma(struct battle_ctx *c, struct unit *u, const char *v,
		      int line)
{
	char buf[32];
	if (strlen(v) >= sizeof buf)
		return ini_fail(c->err, line, "ma \"%s\" is not a number", v);
	memcpy(buf, v, strlen(v) + 1);
	char *slash = strchr(buf, '/');
	if (slash)
		*slash = '\0';
	int ma = 0, ma_ext = 0;
	if (!ini_int(buf, 1, 20, &ma) ||
	    (slash && !ini_int(slash + 1, 1, 20, &ma_ext)))
		return ini_fail(c->err, line,
				"ma must be a number 1..20 (a phalanx: 4/5), "
				"not \"%s\"",
				v);
	u->ma = (int8_t)ma;
	u->ma_ext = (int8_t)ma_ext;
	if (slash && u->ma_ext <= u->ma)
		return ini_fail(c->err, line,
				"ma %s: the extended allowance must exceed the "
				"normal one",
				v);
	return 0;
}

static int on_unit_missile(struct battle_ctx *c, uint8_t *dst,
			   const char *v, const char *key, int line)
{
	int m = missile_class_parse(v);
	if (m < 0)
		return ini_fail(c->err, line,
				"unknown missile class \"%s\" (none A S BS J MJ "
				"MA ES B IA)",
				v);
	*dst = (uint8_t)m;
	(void)key;
	return 0;
}

static int on_unit_key(struct battle_ctx *c, int k, const char *key,
		       const char *v, int line)
{
	struct unit *u = &c->b->units[c->idx];
	struct unit_extra *x = &c->units[c->idx];
	switch (k) {
	case UK_NAME:
		return set_text(c, c->b->unit_text[c->idx].name,
				sizeof c->b->unit_text[0].name, v, key, line);
	case UK_SIDE:
		return set_id(c, x->side, v, key, line);
	case UK_TYPE: {
		int t = unit_type_parse(v);
		if (t < 0)
			return ini_fail(c->err, line,
					"unknown unit type \"%s\" (PH HI LG MI "
					"BI LI LP SK HC RC LN LC EL AT CH)",
					v);
		u->type = (enum unit_type)t;
		return 0;
	}
	case UK_CLASS:
		if (check_class(c, v, "", line))
			return 1;
		memcpy(u->cls, v, strlen(v) + 1);
		return 0;
	case UK_SIZE:
		return set_small(c, &u->size, v, 1, 20, key, line);
	case UK_TQ:
		return set_small(c, &u->tq, v, 1, 9, key, line);
	case UK_MA:
		return on_unit_ma(c, u, v, line);
	case UK_MISSILE:
		return on_unit_missile(c, &u->missile, v, key, line);
	case UK_SUPPLY:
		return set_supply(c, &u->supply, v, key, line);
	case UK_LEGION:
	case UK_ALA: {
		int other = k == UK_LEGION ? UK_ALA : UK_LEGION;
		if (x->kl[other])
			return ini_fail(c->err, line,
					"a unit has a legion or an ala, not "
					"both (line %d)",
					x->kl[other]);
		u->ala = k == UK_ALA;
		return set_small(c, &u->legion, v, 1, 99, key, line);
	}
	case UK_HEX:
		return on_unit_hex(c, u, x, v, line);
	case UK_FACING:
		if (strlen(v) >= sizeof x->facing || facing_parse(v) < 0)
			if (hexside_parse(v) < 0)
				return ini_fail(c->err, line,
						"facing \"%s\" is neither a "
						"vertex (NE E SE SW W NW) nor a "
						"hexside (N ENE ESE S WSW WNW)",
						v);
		memcpy(x->facing, v, strlen(v) + 1);
		return 0;
	case UK_IN_COLUMN:
		SET_BIT(u->at.in_column);
	case UK_HITS:
	{
		int8_t hits = 0;
		if (set_small(c, &hits, v, 0, 19, key, line))
			return 1;
		u->hits = hits;
		return 0;
	}
	case UK_DEPLETED:
		SET_BIT(u->depleted);
	case UK_ROUTED:
		SET_BIT(u->routed);
	case UK_DD_ELIGIBLE:
		SET_BIT(u->dd_eligible);
	case UK_ELEPHANT: {
		int e = elephant_kind_parse(v);
		if (e <= ELEPHANT_NONE)
			return ini_fail(c->err, line,
					"elephant must be african or indian, "
					"not \"%s\"",
					v);
		u->elephant = (enum elephant_kind)e;
		return 0;
	}
	case UK_TOWER:
	case UK_SCREEN: {
		uint8_t *dst = k == UK_TOWER ? &u->tower : &u->screen;
		enum missile_class want = k == UK_TOWER ? MC_MJ : MC_ES;
		if (on_unit_missile(c, dst, v, key, line))
			return 1;
		if (*dst != MC_NONE && *dst != want)
			return ini_fail(c->err, line, "%s must be %s or none",
					key, missile_class_name(want));
		return 0;
	}
	case UK_TOWER_SUPPLY:
		return set_supply(c, &u->tower_supply, v, key, line);
	case UK_SCREEN_SUPPLY:
		return set_supply(c, &u->screen_supply, v, key, line);
	case UK_RIDER:
		return set_id(c, c->b->unit_text[c->idx].leader_elephant, v,
			      key, line);
	case UK_LAW_OF_INERTIA: { /* GBA 6.14: no for the hoplites it spares */
		bool binds = true;
		int rc = set_bool(c, &binds, v, key, line);
		c->b->unit_text[c->idx].inertia_exempt = !binds;
		return rc;
	}
	default: /* UK_SCORPIO, 9.8 */
		if (strcmp(v, "fire") == 0 || strcmp(v, "move") == 0) {
			u->scorpio_fire = strcmp(v, "fire") == 0;
			return 0;
		}
		return ini_fail(c->err, line,
				"scorpio must be move or fire, not \"%s\"", v);
	}
}

static int on_line_key(struct battle_ctx *c, int k, const char *key,
		       const char *v, int line)
{
	struct line_def *ld = &c->b->lines[c->idx];
	struct line_extra *x = &c->lines[c->idx];
	switch (k) {
	case NK_SIDE:
		return set_id(c, x->side, v, key, line);
	case NK_UNITS: {
		char tok[TOKENS_MAX][32];
		int n = ini_split(v, tok, TOKENS_MAX);
		if (n <= 0)
			return ini_fail(c->err, line,
					"units: give unit ids, type:XX or "
					"class:XX");
		for (int i = 0; i < n; i++) {
			if (strlen(tok[i]) >= ID_MAX)
				return ini_fail(c->err, line,
						"\"%s\" is too long for a unit id",
						tok[i]);
			if (ld->nmembers >= LINE_MEMBERS_MAX)
				return ini_fail(c->err, line,
						"more than %d members in a line",
						LINE_MEMBERS_MAX);
			x->member_line[ld->nmembers] = line;
			memcpy(ld->members[ld->nmembers++], tok[i],
			       strlen(tok[i]) + 1);
		}
		return 0;
	}
	case NK_SPACING: /* 4.32 */
		return set_int(c, &ld->spacing, v, 1, 3, key, line);
	case NK_NO_MIXED_CAVALRY:
		return set_bool(c, &ld->no_mixed_cavalry, v, key, line);
	default:
		return set_text(c, ld->note, sizeof ld->note, v, key, line);
	}
}

static int on_reinf_key(struct battle_ctx *c, int k, const char *key,
			const char *v, int line)
{
	struct reinforcement *r = &c->b->reinf[c->idx];
	if (k == RFK_TURN)
		return set_int(c, &r->turn, v, 1, 999, key, line);
	if (k == RFK_HEX) /* the entry hex, checked against the edge later */
		return parse_hex(c, v, &r->hex, line);
	if (k == RFK_DOUBLE_SIZED) /* GBA 6.41, checked against the type */
		return set_bool(c, &r->double_sized, v, key, line);
	if (k == RFK_FACING) {
		r->facing = facing_parse(v);
		if (r->facing < 0)
			return ini_fail(c->err, line,
					"facing \"%s\" is not a vertex (NE E "
					"SE SW W NW)",
					v);
		return 0;
	}
	return set_text(c, r->edge, sizeof r->edge, v, key, line);
}

static int battle_handler(void *user, const char *section, const char *key,
			  const char *value, int line)
{
	struct battle_ctx *c = user;
	if (!key)
		return on_section(c, section, line);
	static const struct {
		const char *const *keys;
		int n;
		int repeatable; /* index of the key that accumulates, or -1 */
	} kinds[] = {
		[RK_FILE] = {file_keys, FK_COUNT, -1},
		[RK_BATTLE] = {battle_keys, BK_COUNT, BK_NOTE},
		[RK_RULES] = {rules_keys, RUK_COUNT, RUK_OPTIONS},
		[RK_SIDE] = {side_keys, SK_COUNT, -1},
		[RK_LEADER] = {leader_keys, LDK_COUNT, -1},
		[RK_UNIT] = {unit_keys, UK_COUNT, -1},
		[RK_LINE] = {line_keys, NK_COUNT, NK_UNITS},
		[RK_REINF] = {reinf_keys, RFK_COUNT, -1},
	};
	if (c->cur == RK_NONE)
		return ini_fail(c->err, line,
				"key \"%s\" outside a section; a battle file "
				"must open with [file]",
				key);
	int k = find_name(kinds[c->cur].keys, kinds[c->cur].n, key);
	if (k < 0)
		return ini_fail(c->err, line, "unknown key \"%s\" in [%s]", key,
				section);
	if (c->kl[k] && k != kinds[c->cur].repeatable)
		return ini_fail(c->err, line, "%s given twice (first at line %d)",
				key, c->kl[k]);
	if (!c->kl[k])
		c->kl[k] = line;
	switch (c->cur) {
	case RK_FILE:
		return on_file_key(c, k, value, line);
	case RK_BATTLE:
		return on_battle_key(c, k, key, value, line);
	case RK_RULES:
		return on_rules_key(c, k, key, value, line);
	case RK_SIDE:
		return on_side_key(c, k, key, value, line);
	case RK_LEADER:
		return on_leader_key(c, k, key, value, line);
	case RK_UNIT:
		return on_unit_key(c, k, key, value, line);
	case RK_LINE:
		return on_line_key(c, k, key, value, line);
	default:
		return on_reinf_key(c, k, key, value, line);
	}
}

/* ---- checks across records, once the whole file is read ---- */

static int require(struct battle_ctx *c, const int *kl, const int *keys,
		   int n, const char *const *names, int line, const char *what)
{
	for (int i = 0; i < n; i++)
		if (!kl[keys[i]])
			return ini_fail(c->err, line, "%s lacks the required key %s",
					what, names[keys[i]]);
	return 0;
}

/* The map path is relative to the battle file's directory's parent. */
static int load_map(struct battle_ctx *c, const char *path)
{
	struct battle *b = c->b;
	char full[1024];
	if (b->map_path[0] == '/') {
		snprintf(full, sizeof full, "%s", b->map_path);
	} else {
		const char *slash = strrchr(path, '/');
		int dlen = slash ? (int)(slash - path) : 1;
		snprintf(full, sizeof full, "%.*s/../%s", dlen,
			 slash ? path : ".", b->map_path);
	}
	char why[128];
	FILE *fp = rfile_open(full, INI_SIZE_MAX, why, sizeof why);
	if (!fp)
		return ini_fail(c->err, c->battle_kl[BK_MAP],
				"cannot open the map %s (as %s): %s",
				b->map_path, full, why);
	fclose(fp);
	struct ini_error merr = {0};
	b->map = map_load(full, &merr);
	if (!b->map) {
		/* the map's own file and line */
		*c->err = merr;
		return 1;
	}
	return 0;
}

static int check_sides(struct battle_ctx *c)
{
	struct battle *b = c->b;
	static const int req[] = {SK_NAME, SK_COLOUR, SK_RETREAT_EDGE,
				  SK_WITHDRAWAL};
	if (c->nsides != 2)
		return ini_fail(c->err, c->nsides ? c->sides[0].line : 0,
				"a battle needs two [side ID] sections");
	for (int s = 0; s < 2; s++) {
		char what[48];
		snprintf(what, sizeof what, "[side %s]", b->sides[s].id);
		if (require(c, c->sides[s].kl, req, 4, side_keys,
			    c->sides[s].line, what))
			return 1;
		if (!map_find_edge(b->map, b->sides[s].retreat_edge))
			return ini_fail(c->err, c->sides[s].kl[SK_RETREAT_EDGE],
					"retreat edge \"%s\" is not a named edge "
					"of the map %s",
					b->sides[s].retreat_edge, b->map_path);
	}
	return 0;
}

static int side_of(struct battle_ctx *c, const char *id, int line,
		   int keyline)
{
	if (!keyline)
		return -ini_fail(c->err, line, "the required key side is missing");
	int s = find_side(c->b, c->nsides, id);
	if (s < 0)
		return -ini_fail(c->err, keyline, "unknown side \"%s\"", id);
	return s;
}

/* A hex for a unit or a leader: on the map and passable (6.24). */
static int check_place(struct battle_ctx *c, struct hex h, const char *who,
		       int line)
{
	char buf[16];
	hex_format(h, buf, sizeof buf);
	if (!map_contains(c->b->map, h))
		return ini_fail(c->err, line, "%s: hex %s is off the map", who,
				buf);
	if (map_impassable(c->b->map, h))
		return ini_fail(c->err, line, "%s: hex %s is impassable (6.24)",
				who, buf);
	return 0;
}

static int reinf_of(const struct battle *b, const char *id)
{
	for (int i = 0; i < b->nreinf; i++)
		if (strcmp(b->reinf[i].unit, id) == 0)
			return i;
	return -1;
}

/* A leader of an optional rule (`option`): out of play, as a leader
 * with available = no, unless the battle plays it; an Elite Commander
 * by an option (`elite_option`, GBA 5.5) only when it does. */
static int check_leader_options(struct battle_ctx *c, struct leader *l,
				struct leader_extra *x)
{
	if (x->elite_option[0] && x->kl[LDK_ELITE])
		return ini_fail(c->err, x->kl[LDK_ELITE_OPTION],
				"leader %s: give elite or elite_option, not "
				"both",
				l->id);
	if (x->elite_option[0])
		l->elite = battle_plays_option(c->b, x->elite_option);
	if (!x->option[0])
		return 0;
	if (l->overall)
		return ini_fail(c->err, x->kl[LDK_OPTION],
				"leader %s: an overall commander is in every "
				"game, not only with option %s",
				l->id, x->option);
	if (!x->placed)
		return ini_fail(c->err, x->kl[LDK_OPTION],
				"leader %s: a leader of option %s needs a hex",
				l->id, x->option);
	if (x->kl[LDK_AVAILABLE])
		return ini_fail(c->err, x->kl[LDK_AVAILABLE],
				"leader %s: a leader of option %s is available "
				"as the option says",
				l->id, x->option);
	l->available = battle_plays_option(c->b, x->option);
	return 0;
}

static int check_leaders(struct battle_ctx *c)
{
	struct battle *b = c->b;
	static const int req[] = {LDK_NAME, LDK_SIDE, LDK_INITIATIVE,
				  LDK_COMMAND_RANGE};
	static const int req_c[] = {LDK_NAME, LDK_SIDE, LDK_COMMAND_RANGE};
	int overall[2] = {-1, -1};
	for (int i = 0; i < b->nleaders; i++) {
		struct leader *l = &b->leaders[i];
		struct leader_extra *x = &c->leaders[i];
		char what[48];
		snprintf(what, sizeof what, "leader %s", l->id);
		/* GBA 5.61: a contingent commander has "C" for an Initiative
		 * and a Command Restriction naming his contingent (5.65) */
		if (l->contingent_commander) {
			if (x->kl[LDK_INITIATIVE])
				return ini_fail(c->err, x->kl[LDK_INITIATIVE],
						"leader %s is a contingent "
						"commander: he has no "
						"initiative (GBA 5.61)",
						l->id);
			if (!x->kl[LDK_RESTRICTION])
				return ini_fail(c->err, x->line,
						"leader %s is a contingent "
						"commander: give the "
						"restriction naming his "
						"contingent (GBA 5.65)",
						l->id);
		}
		if (require(c, x->kl, l->contingent_commander ? req_c : req,
			    l->contingent_commander ? 3 : 4, leader_keys,
			    x->line, what))
			return 1;
		int s = side_of(c, x->side, x->line, x->kl[LDK_SIDE]);
		if (s < 0)
			return 1;
		l->side = s;
		if (check_leader_options(c, l, x))
			return 1;
		if (x->placed) {
			if (check_place(c, l->hex, what, x->kl[LDK_HEX]))
				return 1;
			l->on_map = l->available || !x->option[0];
		} else if (l->available && reinf_of(b, l->id) < 0) {
			return ini_fail(c->err, x->line,
					"leader %s has no hex (give hex, "
					"available = no or a [reinforcement %s])",
					l->id, l->id);
		}
		if (l->overall) { /* 4.4 one Overall Commander a side */
			if (overall[s] >= 0)
				return ini_fail(c->err, x->kl[LDK_OVERALL],
						"side %s already has an overall "
						"commander, %s",
						b->sides[s].id,
						b->leaders[overall[s]].id);
			overall[s] = i;
		}
	}
	return 0;
}

/* Whether u's type has trait t in the traits data: 1 or 0, or -1 when
 * the battle is read without them (what t decides is checked later). */
static int trait(const struct battle_ctx *c, const struct unit *u,
		 enum unit_trait t)
{
	return c->traits ? tables_type_has(c->traits, u->type, t) : -1;
}

/* 6.61, 6.63, 4.85, 9.83: may units a and b share a hex at setup? */
static const char *stacking_forbids(const struct battle_ctx *c,
				    const struct unit *a, const struct unit *b)
{
	if (a->side != b->side)
		return "units of both sides in one hex (6.62)";
	if (!c->traits)
		return NULL; /* the rest turns on the types' traits */
	if (trait(c, a, TRAIT_SCORPIO) == 1 || trait(c, b, TRAIT_SCORPIO) == 1)
		return "a scorpio may not share its hex (9.83, 6.61)";
	bool a_le = a->leader_elephant[0] != '\0';
	bool b_le = b->leader_elephant[0] != '\0';
	if (a_le || b_le) {
		const struct unit *other = a_le ? b : a;
		if (trait(c, other, TRAIT_CAVALRY) == 1)
			return "a leader elephant may not stack with cavalry "
			       "(4.85)";
		return NULL;
	}
	static const char *const roman[] = {"HA", "PR", "CO", "TR"};
	if (find_name(roman, 4, a->cls) >= 0 && find_name(roman, 4, b->cls) >= 0)
		return NULL;
	return "only Roman HA/PR/CO/TR infantry may stack (6.61, 6.63)";
}

static int check_stacking(struct battle_ctx *c, int ui)
{
	struct battle *b = c->b;
	struct unit *u = &b->units[ui];
	int line = c->units[ui].kl[UK_HEX];
	bool u_le = u->leader_elephant[0] != '\0';
	for (int h = 0; h < (footprint_two_hex(&u->at) ? 2 : 1); h++) {
		struct hex at = u->at.hex[h];
		char buf[16];
		hex_format(at, buf, sizeof buf);
		int counted = u_le ? 0 : 1; /* 6.61 leader elephants do not count */
		for (int j = 0; j < ui; j++) {
			const struct unit *o = &b->units[j];
			if (!o->on_map || !footprint_occupies(&o->at, at))
				continue;
			const char *why = stacking_forbids(c, o, u);
			if (why)
				return ini_fail(c->err, line,
						"unit %s may not share hex %s "
						"with %s: %s",
						u->id, buf, o->id, why);
			if (o->leader_elephant[0] == '\0')
				counted++;
		}
		if (counted > 2)
			return ini_fail(c->err, line,
					"unit %s makes more than two units in "
					"hex %s (6.61)",
					u->id, buf);
	}
	return 0;
}

/* The record's own checks: a unit as the counter and the rules allow. */
static int check_unit_fields(struct battle_ctx *c, int ui)
{
	struct unit *u = &c->b->units[ui];
	struct unit_extra *x = &c->units[ui];
	int *kl = x->kl;
	int ct = tables_class_type(c->traits, u->cls);
	if (kl[UK_CLASS] && c->traits && ct != (int)u->type)
		return ini_fail(c->err, kl[UK_CLASS],
				"class %s belongs to type %s, not %s (2.22)",
				u->cls, unit_type_name((enum unit_type)ct),
				unit_type_name(u->type));
	if (u->ma_ext && trait(c, u, TRAIT_PHALANX) == 0)
		return ini_fail(c->err, kl[UK_MA],
				"only a phalanx has a 4/5 movement allowance "
				"(6.41)");
	if (u->missile == MC_B && trait(c, u, TRAIT_SCORPIO) == 0)
		return ini_fail(c->err, kl[UK_MISSILE],
				"missile B (bolt) is for a scorpio only");
	if (u->missile == MC_ES)
		return ini_fail(c->err, kl[UK_MISSILE],
				"ES is an elephant's screen: use screen = ES");
	static const int el_keys[] = {UK_ELEPHANT, UK_TOWER, UK_TOWER_SUPPLY,
				      UK_SCREEN, UK_SCREEN_SUPPLY, UK_RIDER};
	for (int i = 0; i < 6 && trait(c, u, TRAIT_ELEPHANT) == 0; i++)
		if (kl[el_keys[i]])
			return ini_fail(c->err, kl[el_keys[i]],
					"%s is for elephants (type EL) only",
					unit_keys[el_keys[i]]);
	/* 9.19: the kind matters only where the rules tell African from
	 * Indian (8.43's African +1); GBA's rules never do, so a GBA
	 * elephant may leave it out */
	if (trait(c, u, TRAIT_ELEPHANT) == 1 && !kl[UK_ELEPHANT] &&
	    tables_variant(c->traits, RV_CHARGE_ELEPHANT) ==
		    CHARGE_ELEPHANT_BETTER)
		return ini_fail(c->err, x->line,
				"elephant %s lacks elephant = african|indian "
				"(9.1)",
				u->id);
	if (kl[UK_SCORPIO] && trait(c, u, TRAIT_SCORPIO) == 0)
		return ini_fail(c->err, kl[UK_SCORPIO],
				"scorpio is for artillery (type AT) only");
	if (kl[UK_DD_ELIGIBLE] && trait(c, u, TRAIT_PHALANX) == 0)
		return ini_fail(c->err, kl[UK_DD_ELIGIBLE],
				"only a phalanx may form double depth (9.51)");
	return 0;
}

/* Where a unit stands: its hexes, facing and footprint (HEX.md). */
static int check_unit_place(struct battle_ctx *c, int ui)
{
	struct battle *b = c->b;
	struct unit *u = &b->units[ui];
	struct unit_extra *x = &c->units[ui];
	char what[48];
	snprintf(what, sizeof what, "unit %s", u->id);
	if (!x->kl[UK_HEX]) {
		if (reinf_of(b, u->id) < 0)
			return ini_fail(c->err, x->line,
					"unit %s has no hex (give hex or a "
					"[reinforcement %s])",
					u->id, u->id);
		return 0;
	}
	if (reinf_of(b, u->id) >= 0)
		return ini_fail(c->err, x->kl[UK_HEX],
				"unit %s is a reinforcement and cannot also "
				"start on the map",
				u->id);
	/* 6.4: a phalanx's type takes two hexes; GBA 6.41: a double-sized
	 * type (hoplites, Cardaces) one or two */
	const char *hexes_why =
		tables_hex_count_refusal(c->traits, u->type, u->cls, x->nhex);
	if (hexes_why)
		return ini_fail(c->err, x->kl[UK_HEX], "%s (2.21)", hexes_why);
	if (x->kl[UK_FACING]) {
		int f = u->at.in_column ? hexside_parse(x->facing)
					: facing_parse(x->facing);
		if (f < 0)
			return ini_fail(c->err, x->kl[UK_FACING],
					u->at.in_column
						? "facing %s: a unit In Column "
						  "faces a hexside (N ENE ESE "
						  "S WSW WNW, 6.73)"
						: "facing %s: a unit faces a "
						  "vertex (NE E SE SW W NW, "
						  "7.11)",
					x->facing);
		u->at.facing = f;
	} else if (trait(c, u, TRAIT_SCORPIO) == 0) {
		/* 9.84 a scorpio has no facing */
		return ini_fail(c->err, x->line, "unit %s lacks facing", u->id);
	}
	for (int h = 0; h < x->nhex; h++)
		if (check_place(c, u->at.hex[h], what, x->kl[UK_HEX]))
			return 1;
	const char *why = footprint_check(&u->at);
	if (why)
		return ini_fail(c->err, x->kl[x->kl[UK_FACING] ? UK_FACING : UK_HEX],
				"unit %s: %s", u->id, why);
	u->on_map = true;
	return check_stacking(c, ui);
}

/* 4.8: the leader riding a leader elephant starts in its hex. */
static int check_rider(struct battle_ctx *c, int ui)
{
	struct battle *b = c->b;
	struct unit *u = &b->units[ui];
	int line = c->units[ui].kl[UK_RIDER];
	if (!line)
		return 0;
	int li = find_leader(b, u->leader_elephant);
	if (li < 0)
		return ini_fail(c->err, line, "rider %s is not a leader",
				u->leader_elephant);
	const struct leader *l = &b->leaders[li];
	if (l->side != u->side)
		return ini_fail(c->err, line, "rider %s is on the other side",
				l->id);
	for (int j = 0; j < ui; j++)
		if (strcmp(b->units[j].leader_elephant, l->id) == 0)
			return ini_fail(c->err, line,
					"leader %s already rides %s", l->id,
					b->units[j].id);
	if (u->on_map != l->on_map ||
	    (u->on_map && !hex_eq(u->at.hex[0], l->hex)))
		return ini_fail(c->err, line,
				"rider %s must start in the elephant's hex (4.8)",
				l->id);
	/* 4.81: an elephant counter of Size 1; 4.83: without a screen */
	if (trait(c, u, TRAIT_ELEPHANT) == 0 || u->size != 1)
		return ini_fail(c->err, line,
				"a leader elephant is an EL unit of size 1 "
				"(4.81)");
	if (u->screen != MC_NONE)
		return ini_fail(c->err, line,
				"a leader elephant has no screen (4.83)");
	return 0;
}

static int check_units(struct battle_ctx *c)
{
	struct battle *b = c->b;
	static const int req[] = {UK_NAME, UK_SIDE, UK_TYPE, UK_SIZE, UK_TQ,
				  UK_MA};
	for (int i = 0; i < b->nunits; i++) {
		struct unit *u = &b->units[i];
		struct unit_extra *x = &c->units[i];
		char what[48];
		snprintf(what, sizeof what, "unit %s", u->id);
		if (require(c, x->kl, req, 6, unit_keys, x->line, what))
			return 1;
		int s = side_of(c, x->side, x->line, x->kl[UK_SIDE]);
		if (s < 0)
			return 1;
		u->side = s;
		if (check_unit_fields(c, i) || check_unit_place(c, i) ||
		    check_rider(c, i))
			return 1;
	}
	return 0;
}

/* A selector: type:XX or class:XX; returns 1 on a bad one, -1 when tok is
 * not a selector. */
static int check_selector(struct battle_ctx *c, const char *tok, int line)
{
	if (strncmp(tok, "type:", 5) == 0) {
		if (unit_type_parse(tok + 5) < 0)
			return ini_fail(c->err, line, "unknown unit type in %s",
					tok);
		return 0;
	}
	if (strncmp(tok, "class:", 6) == 0)
		return check_class(c, tok + 6, "in a selector ", line);
	return -1;
}

/* 4.3 the Line Command Eligibility chart. */
static int check_lines(struct battle_ctx *c)
{
	struct battle *b = c->b;
	for (int i = 0; i < b->nlines; i++) {
		struct line_def *ld = &b->lines[i];
		struct line_extra *x = &c->lines[i];
		int s = side_of(c, x->side, x->line, x->kl[NK_SIDE]);
		if (s < 0)
			return 1;
		ld->side = s;
		if (ld->nmembers == 0)
			return ini_fail(c->err, x->line, "line %s lists no units",
					ld->name);
		for (int m = 0; m < ld->nmembers; m++) {
			const char *tok = ld->members[m];
			int r = check_selector(c, tok, x->member_line[m]);
			if (r > 0)
				return 1;
			if (r == 0)
				continue;
			int ui = find_unit(b, tok);
			if (ui < 0)
				return ini_fail(c->err, x->member_line[m],
						"line %s names an unknown unit %s",
						ld->name, tok);
			if (b->units[ui].side != s)
				return ini_fail(c->err, x->member_line[m],
						"line %s: unit %s is on the "
						"other side",
						ld->name, tok);
		}
	}
	return 0;
}

/* 4.35 restrictions name types, classes, lines or units. */
static int check_restrictions(struct battle_ctx *c)
{
	struct battle *b = c->b;
	for (int i = 0; i < b->nleaders; i++) {
		const struct leader *l = &b->leaders[i];
		int line = c->leaders[i].kl[LDK_RESTRICTION];
		char tok[TOKENS_MAX][32];
		int n = line ? ini_split(l->restriction, tok, TOKENS_MAX) : 0;
		for (int t = 0; t < n; t++) {
			int r = check_selector(c, tok[t], line);
			if (r > 0)
				return 1;
			if (r == 0)
				continue;
			if (strncmp(tok[t], "line:", 5) == 0) {
				if (find_line(b, tok[t] + 5) < 0)
					return ini_fail(c->err, line,
							"restriction names an "
							"unknown line %s",
							tok[t] + 5);
			} else if (find_unit(b, tok[t]) < 0) {
				return ini_fail(c->err, line,
						"restriction names an unknown "
						"unit %s",
						tok[t]);
			}
		}
	}
	return 0;
}

static int check_reinforcements(struct battle_ctx *c)
{
	struct battle *b = c->b;
	for (int i = 0; i < b->nreinf; i++) {
		struct reinforcement *r = &b->reinf[i];
		struct reinf_extra *x = &c->reinf[i];
		static const int req[] = {RFK_TURN, RFK_EDGE};
		char what[48];
		snprintf(what, sizeof what, "reinforcement %s", r->unit);
		if (require(c, x->kl, req, 2, reinf_keys, x->line, what))
			return 1;
		int li = find_leader(b, r->unit);
		int ui = find_unit(b, r->unit);
		if (ui < 0 && li < 0)
			return ini_fail(c->err, x->line,
					"reinforcement %s is not a unit or "
					"leader of this battle",
					r->unit);
		/* GBA 6.41: only a double-sized type arrives on two hexes */
		if (r->double_sized &&
		    (ui < 0 ||
		     (c->traits &&
		      tables_hex_count_refusal(c->traits, b->units[ui].type,
					       b->units[ui].cls, 2))))
			return ini_fail(c->err, x->kl[RFK_DOUBLE_SIZED],
					"reinforcement %s: only a hoplite or "
					"Cardaces unit is double-sized (GBA "
					"6.41)",
					r->unit);
		if (li >= 0 && c->leaders[li].placed)
			return ini_fail(c->err, x->line,
					"leader %s is a reinforcement and cannot "
					"also start on the map",
					r->unit);
		const struct retreat_edge *e = map_find_edge(b->map, r->edge);
		if (!e)
			return ini_fail(c->err, x->kl[RFK_EDGE],
					"edge \"%s\" is not a named edge of the "
					"map",
					r->edge);
		if (li >= 0 && !b->leaders[li].available)
			return ini_fail(c->err, x->line,
					"leader %s is a replacement (available "
					"= no) and cannot also be a "
					"reinforcement",
					r->unit);
		/* 2.6, R4: a reinforcement due after the last turn would
		 * never come */
		if (b->turn_limit > 0 && r->turn > b->turn_limit)
			return ini_fail(c->err, x->kl[RFK_TURN],
					"reinforcement %s is due on turn %d, "
					"after the battle's last turn, %d (R4)",
					r->unit, r->turn, b->turn_limit);
		if (!hex_is_none(r->hex)) {
			char buf[16];
			hex_format(r->hex, buf, sizeof buf);
			if (!map_contains(b->map, r->hex))
				return ini_fail(c->err, x->kl[RFK_HEX],
						"reinforcement %s: hex %s is "
						"off the map",
						r->unit, buf);
			if (map_distance_to_edge(b->map, r->hex, e->edge) != 0)
				return ini_fail(c->err, x->kl[RFK_HEX],
						"reinforcement %s: hex %s is "
						"not on the %s edge (%s)",
						r->unit, buf, map_edge_name(e->edge),
						r->edge);
		}
	}
	return 0;
}

static int check_battle(struct battle_ctx *c, const char *path)
{
	static const int req[] = {BK_NAME, BK_YEAR, BK_MAP};
	if (check_file_section(c, 0))
		return 1;
	if (!c->battle_line)
		return ini_fail(c->err, 0, "no [battle] section");
	if (require(c, c->battle_kl, req, 3, battle_keys, c->battle_line,
		    "[battle]"))
		return 1;
	return load_map(c, path) || check_sides(c) || check_leaders(c) ||
	       check_units(c) || check_lines(c) || check_restrictions(c) ||
	       check_reinforcements(c);
}

bool battle_plays_option(const struct battle *b, const char *name)
{
	if (b == NULL || name == NULL)
		return false;
	for (int i = 0; i < b->noptions && i < BATTLE_OPTIONS_MAX; i++)
		if (strcmp(b->options[i], name) == 0)
			return true;
	return false;
}

void battle_free(struct battle *b)
{
	if (!b)
		return;
	map_free(b->map);
	free(b);
}

static struct battle *load(const char *path, const struct spqr_tables *traits,
			   struct ini_error *err)
{
	struct battle *b = calloc(1, sizeof *b);
	struct battle_ctx *c = calloc(1, sizeof *c);
	if (!b || !c) {
		free(b);
		free(c);
		snprintf(err->file, sizeof err->file, "%s", path);
		err->line = 0;
		snprintf(err->msg, sizeof err->msg, "out of memory");
		return NULL;
	}
	c->b = b;
	c->err = err;
	c->traits = traits;
	snprintf(b->path, sizeof b->path, "%s", path);
	snprintf(b->ruleset, sizeof b->ruleset, "%s", BATTLE_RULESET);
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	size_t stem = strcspn(base, ".");
	snprintf(b->id, sizeof b->id, "%.*s", (int)stem, base);

	bool ok = ini_read_file(path, battle_handler, c, err);
	if (ok && check_battle(c, path)) {
		/* a map error keeps the map's file name */
		if (strcmp(err->file, "") == 0)
			snprintf(err->file, sizeof err->file, "%s", path);
		ok = false;
	}
	free(c);
	if (!ok) {
		battle_free(b);
		return NULL;
	}
	return b;
}

void unit_bind_words(struct unit *u, struct unit_text *t)
{
	if (!u->id)
		u->id = t->id;
	if (!u->name)
		u->name = t->name;
	if (!u->leader_elephant)
		u->leader_elephant = t->leader_elephant;
}

void leader_bind_words(struct leader *l, struct leader_text *t)
{
	if (!l->name)
		l->name = t->name;
	if (!l->restriction)
		l->restriction = t->restriction;
}

void battle_bind_words(struct battle *b)
{
	for (int i = 0; i < b->nunits && i < BATTLE_UNITS_MAX; i++)
		unit_bind_words(&b->units[i], &b->unit_text[i]);
	for (int i = 0; i < b->nleaders && i < BATTLE_LEADERS_MAX; i++)
		leader_bind_words(&b->leaders[i], &b->leader_text[i]);
}

struct battle *battle_load(const char *path, struct ini_error *err)
{
	return load(path, NULL, err);
}

int battle_check_traits(const struct battle *b, const struct spqr_tables *t,
			struct ini_error *err)
{
	if (!b || !b->path[0] || !t)
		return 0; /* a battle built in memory: no file to check */
	struct battle *checked = load(b->path, t, err);
	bool ok = checked != NULL;
	battle_free(checked);
	return ok ? 0 : -1;
}

bool battle_path(const char *datadir, const char *name, char *out, int n)
{
	if (!datadir || !name || !out || n <= 0 || !*name ||
	    strchr(name, '/') || strstr(name, ".."))
		return false;
	int w = snprintf(out, (size_t)n, "%s/scenarios/%s.ini", datadir, name);
	return w > 0 && w < n;
}
