/* The teach mode's narration (teach.h, rules/spqr/teach.ini): the data
 * file's refusals with file:line, the slots filled from events, the odds
 * told before Momentum (5.32, 5.33), Trump (5.41, 5.42) and Elite (5.53)
 * rolls, the activation explained on the drill turn (5.12, 5.21), and
 * every event kind the engine's sources emit having its section. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "fixture.h"
#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/odds.h"
#include "maniple/sequence.h"
#include "maniple/evcat.h"
#include "maniple/teach.h"
#include "spqr_tables.h"

static struct teach_texts *shipped(void)
{
	char dir[1024];
	struct ini_error err;
	snprintf(dir, sizeof dir, "%s/rules/spqr", fx_srcdir());
	struct teach_texts *t = teach_load(dir, &err);
	char buf[1024];
	ini_error_format(&err, buf, sizeof buf);
	cr_assert_not_null(t, "rules/spqr/teach.ini: %s", buf);
	return t;
}

/* Writes text to a fresh directory's teach.ini and sentences (the
 * events' texts, NULL: none) to its sentences.ini and loads them; returns
 * the texts (NULL on refusal, err filled). */
static struct teach_texts *load_texts(const char *text, const char *sentences,
				      struct ini_error *err)
{
	char dir[] = "/tmp/teach_testXXXXXX";
	cr_assert_not_null(mkdtemp(dir));
	char path[256], sen[256];
	snprintf(path, sizeof path, "%s/teach.ini", dir);
	snprintf(sen, sizeof sen, "%s/sentences.ini", dir);
	FILE *f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs(text, f);
	fclose(f);
	f = fopen(sen, "w");
	cr_assert_not_null(f);
	fputs("[file]\nkind = sentences\nversion = 1\n", f);
	if (sentences)
		fputs(sentences, f);
	fclose(f);
	/* the shipped catalog beside it */
	char cat[256], src[1024], cmd[1400];
	snprintf(cat, sizeof cat, "%s/events.ini", dir);
	snprintf(src, sizeof src, "%s/rules/spqr/events.ini", fx_srcdir());
	snprintf(cmd, sizeof cmd, "cp '%s' '%s'", src, cat);
	cr_assert_eq(system(cmd), 0);
	memset(err, 0, sizeof *err);
	struct teach_texts *t = teach_load(dir, err);
	remove(path);
	remove(sen);
	remove(cat);
	rmdir(dir);
	return t;
}

#define HEAD "[file]\nkind = teach\nversion = 1\n"

/* text is refused at line with a reason holding part, in file (teach.ini
 * when sentences is NULL, else sentences.ini holding sentences after its
 * three lines of [file]). */
static void refused_in(const char *text, const char *sentences, int line,
		       const char *part)
{
	struct ini_error err;
	struct teach_texts *t = load_texts(text, sentences, &err);
	cr_expect_null(t, "accepted:\n%s%s", text, sentences ? sentences : "");
	teach_free(t);
	cr_expect_eq(err.line, line, "line %d, want %d (%s)", err.line, line,
		     err.msg);
	cr_expect_not_null(strstr(err.msg, part), "\"%s\" not in \"%s\"", part,
			   err.msg);
	const char *file = sentences ? "sentences.ini" : "teach.ini";
	cr_expect_not_null(strstr(err.file, file), "file %s", err.file);
}

static void refused_at(const char *text, int line, const char *part)
{
	refused_in(text, NULL, line, part);
}

static void sentence_refused_at(const char *sentences, int line,
				const char *part)
{
	refused_in(HEAD, sentences, line, part);
}

Test(teach, shipped_file_loads_and_checks)
{
	struct teach_texts *t = shipped();
	cr_expect(teach_has_section(t, "event.moved"));
	cr_expect(teach_has_section(t, "decision.momentum"));
	teach_free(t);
	char path[1024];
	struct ini_error err;
	snprintf(path, sizeof path, "%s/rules/spqr/teach.ini", fx_srcdir());
	cr_expect(teach_check_file(path, &err));
	cr_expect_null(teach_load("/nonexistent/dir", &err));
}

Test(teach, malformed_files_refused_with_their_line)
{
	refused_at(HEAD "[decision.orders]\nsay = x\ncolour = red\n", 6,
		   "unknown key colour");
	refused_at(HEAD "[decision.orders]\nsay = x\n[decision.orders]\n"
			"say = y\n",
		   6, "duplicate section [decision.orders]");
	refused_at(HEAD "[decision.orders]\nsay = {army} at {colour}\n", 5,
		   "slot {colour}: never a field");
	char longsay[400];
	snprintf(longsay, sizeof longsay,
		 HEAD "[decision.orders]\nsay = %0191d\n", 0);
	refused_at(longsay, 5, "say too long (191 characters");
	/* an event's texts live in sentences.ini now */
	refused_at(HEAD "[event.moved]\nsay = x\n", 4,
		   "an event's sentences live in sentences.ini");
	refused_at(HEAD "[decision.dance]\nsay = x\n", 4,
		   "unknown decision dance");
	refused_at(HEAD "[colours]\nsay = x\n", 4, "unknown section colours");
	refused_at(HEAD "[decision.orders]\nrule = 6.1\n", 4,
		   "needs say = TEXT");
	refused_at(HEAD "[decision.orders]\nsay = x\nrule = six\n", 6,
		   "bad rule six");
	refused_at(HEAD "[decision.orders]\nsay = x\nsay = y\n", 6,
		   "duplicate key say");
	refused_at(HEAD "[decision.orders]\nsay = {army\n", 5,
		   "'{' without '}'");
	refused_at(HEAD "[decision.orders]\nsay = army}\n", 5,
		   "'}' without '{'");
	refused_at(HEAD "[decision.orders]\nsay = {army|}\n", 5, "bad slot");
	refused_at("[file]\nkind = rules\nversion = 1\n", 2,
		   "kind must be teach");
	refused_at("[file]\nkind = teach\nversion = 2\n", 3,
		   "unsupported version 2");
	refused_at("[decision.orders]\nsay = x\n", 1, "no [file] section");
	refused_at(HEAD "[file]\n", 4, "duplicate section [file]");
	refused_at("say = x\n" HEAD, 1, "outside a section");
	/* the events' teach texts, checked in sentences.ini (its line
	 * numbers count its own three [file] lines) */
	sentence_refused_at("[moved]\nteach = {unit} at {colour}\n", 5,
			    "slot {colour}: moved has no field colour");
	/* a slot of another kind: `moved` events never carry `combat` */
	sentence_refused_at("[moved]\nteach = {combat}\n", 5,
			    "slot {combat}");
	sentence_refused_at("[no_such_kind]\nsilent = yes\n", 4,
			    "no kind no_such_kind in the event catalog");
	sentence_refused_at("[moved]\nrule = 6.1\n", 4,
			    "needs say = TEXT, teach = TEXT or silent = yes");
	sentence_refused_at("[moved]\nteach = x\nsilent = yes\n", 4,
			    "[moved] is silent and teaches something");
	sentence_refused_at("[moved]\nsilent = perhaps\n", 5,
			    "silent must be yes or no");
}

Test(teach, slots_filled_from_the_event_and_the_game)
{
	struct session s;
	fx_session(&s, "new drill solo 11");
	struct ini_error err;
	struct teach_texts *t = load_texts(
		HEAD,
		"[moved]\nrule = 6.1\n"
		"teach = {unit|leader} goes {from}-{to} on {terrain}; "
		"{army0} {rp0}/{level0}, {army1} {rp1}/{level1}; {climb}\n"
		"[moved.ve1]\nsilent = yes\n"
		"[trump_offer]\nteach = {against} ({side})\n",
		&err);
	cr_assert_not_null(t, "%s", err.msg);
	struct event e;
	event_init(&e, "moved");
	event_add(&e, "unit", "%s", "ha1");
	event_add(&e, "from", "%s", "2415");
	event_add(&e, "to", "%s", "2515");
	event_add(&e, "terrain", "%s", "broken ground");
	event_add(&e, "rule", "%s", "6.21");
	struct teach_line l;
	cr_assert(teach_event_line(t, s.game, &e, &l));
	/* the unit's id told with its name, '_' back into spaces, the
	 * armies' rout points against their withdrawal levels (11.1),
	 * a field the event lacks as "-", the event's own rule first */
	cr_expect_str_eq(l.text,
			 "Hastati, Legion III (1) (ha1) goes 2415-2515 on "
			 "broken ground; Rome 0/22, Carthage 0/28; -");
	cr_expect_str_eq(l.rule, "6.21");
	/* a leader where the unit would be: {unit|leader} */
	event_init(&e, "moved");
	event_add(&e, "leader", "%s", "tribune");
	cr_assert(teach_event_line(t, s.game, &e, &l));
	cr_expect(strncmp(l.text, "The Tribune goes", 16) == 0, "%s", l.text);
	cr_expect_str_eq(l.rule, "6.1", "the section's rule without one");
	/* KIND.VALUE (a field's value) before KIND */
	event_init(&e, "moved");
	event_add(&e, "unit", "%s", "ve1");
	cr_expect_not(teach_event_line(t, s.game, &e, &l));
	/* side numbers as army names, leader ids as their names (the
	 * text's first letter capitalised) */
	event_init(&e, "trump_offer");
	event_add(&e, "against", "%s", "tribune");
	event_add(&e, "side", "%d", 1);
	cr_assert(teach_event_line(t, s.game, &e, &l));
	cr_expect_str_eq(l.text, "The Tribune (Carthage)");
	/* a kind without a section, and no game at all: nothing breaks */
	event_init(&e, "turn_end");
	cr_expect_not(teach_event_line(t, s.game, &e, &l));
	event_init(&e, "trump_offer");
	cr_expect(teach_event_line(t, NULL, &e, &l));
	cr_expect_str_eq(l.text, "- (-)");
	teach_free(t);
	session_free(&s);
}

/* 5.32: the die (0-9) at or under the Initiative succeeds; 5.33: a 9 is
 * always the Die Roll of Doom.  The book's own figures: a leader rated 7
 * needs 0-7 (8 faces of 10: 80%).  5.41: a trump by a leader rated 5
 * succeeds on 0-5 (60%); 5.42: one rated 6 fails on a 7 (0-6: 70%). */
Test(teach, momentum_and_trump_odds)
{
	cr_expect_eq(teach_momentum_chance(7), 80);
	cr_expect_eq(teach_momentum_chance(3), 40);
	cr_expect_eq(teach_momentum_chance(0), 10);
	cr_expect_eq(teach_momentum_chance(9), 90, "9 is Doom, never success");
	cr_expect_eq(teach_momentum_chance(-1), 0);
	cr_expect_eq(teach_trump_chance(5), 60);
	cr_expect_eq(teach_trump_chance(6), 70);
	cr_expect_eq(teach_trump_chance(9), 100);
	cr_expect_eq(teach_trump_chance(12), 100);
	/* 5.53: die + Initiative, higher wins, a tie gives nobody the EIO:
	 * equal ratings win 45 of the 100 pairs of dice; 6 against 7 wins
	 * when the own die beats the other's by 2 or more: 8+7+...+1 = 36 */
	struct odds o;
	seq_elite_odds_at(5, 5, &o);
	cr_expect_eq(odds_percent(&o, "side0"), 45);
	seq_elite_odds_at(6, 7, &o);
	cr_expect_eq(odds_percent(&o, "side0"), 36);
	cr_expect_eq(odds_percent(&o, "side1"), 55);
}

/* Runs lines on s (each may be refused, as in the scripts). */
static void run(struct session *s, const char *const *lines)
{
	struct cmd_result r;
	cmd_result_init(&r);
	for (int i = 0; lines[i]; i++)
		session_exec(s, lines[i], &r);
	cmd_result_free(&r);
}

static void has(const char *text, const char *part)
{
	cr_expect_not_null(strstr(text, part), "no \"%s\" in:\n%s", part, text);
}

/* The opening of tests/scripts/drill_turn.txt: the Tribune and Mago both
 * rate 3 (5.12's tie, Rome's 6 beating Carthage's 2), the Tribune has 3
 * orders (5.21), and the Consul (4) may trump on 0-4 (5.41). */
Test(teach, activation_explained_on_the_drill_turn)
{
	struct session s;
	fx_session(&s, "new drill solo 11");
	struct teach_texts *t = shipped();
	struct teach_line l;
	char name[48];
	cr_expect_not(teach_decision(t, s.game, &l), "no decision derived");
	run(&s, (const char *const[]){"roll 6 2", "continue", NULL});
	cr_assert(teach_decision_name(s.game, name, sizeof name));
	cr_expect_str_eq(name, "activate_tie");
	cr_assert(teach_decision(t, s.game, &l));
	has(l.text, "Initiative 3");
	has(l.text, "Rome's: the Tribune, with 3 orders");
	has(l.text, "the Consul (Initiative 4: 50%)");
	cr_expect_str_eq(l.rule, "5.12,5.21");
	/* his Orders Phase, then the momentum decision with its odds */
	run(&s, (const char *const[]){"activate tribune", NULL});
	cr_assert(teach_decision(t, s.game, &l));
	has(l.text, "The Tribune gives orders: 3 Individual Orders or 1 Line Command(s), not both");
	run(&s, (const char *const[]){"orders done", NULL});
	cr_assert(teach_decision_name(s.game, name, sizeof name));
	cr_expect_str_eq(name, "momentum");
	cr_assert(teach_decision(t, s.game, &l));
	has(l.text, "a roll of 3 or less (40%)");
	has(l.text, "A 9 (10%) is the Die Roll of Doom");
	has(l.text, "otherwise (50%) he is Finished");
	/* success: Carthage may trump the Momentum Phase (5.42 #2) */
	run(&s, (const char *const[]){"roll 3", "momentum", NULL});
	cr_assert(teach_decision_name(s.game, name, sizeof name));
	cr_expect_str_eq(name, "trump_reply");
	cr_assert(teach_decision(t, s.game, &l));
	has(l.text, "Carthage may answer a Momentum Phase");
	has(l.text, "Hanno (Initiative 4: 50%)");
	/* the events since the game began: skipped bookkeeping aside, each
	 * told with its rule */
	struct teach_list out;
	teach_list_init(&out);
	size_t n = teach_events(t, s.game, &s.game->events, 0, &out);
	cr_expect_eq(n, out.n);
	cr_expect_gt(n, 5);
	bool momentum = false;
	for (size_t i = 0; i < out.n; i++) {
		cr_expect_neq(out.v[i].text[0], '\0');
		if (strstr(out.v[i].text, "Momentum roll for the Tribune: 3 "
					  "against Initiative 3: success"))
			momentum = strcmp(out.v[i].rule, "5.32") == 0;
	}
	cr_expect(momentum, "the momentum roll told, rule 5.32");
	teach_list_clear(&out);
	cr_expect_eq(teach_events(t, s.game, &s.game->events, s.game->events.n,
				  &out),
		     0);
	teach_list_free(&out);
	teach_free(t);
	session_free(&s);
}

static void collect(const char *rule, void *u)
{
	int *n = u;
	(*n)++;
	cr_expect_neq(rule[0], '\0');
	/* a rule of the other book: GBA_8.37 (rule_numbers.h) */
	for (const char *p = rule; *p; p++)
		if (!strncmp(p, "GBA_", 4))
			p += 3;
		else
			cr_expect(strchr("0123456789.,R", *p), "bad rule %s",
				  rule);
}

Test(teach, rules_cited)
{
	struct teach_texts *t = shipped();
	int n = 0;
	teach_rules_cited(t, collect, &n);
	cr_expect_gt(n, 100);
	teach_free(t);
}

/* ---- every event kind the sources emit has a section ---- */

struct kinds {
	char v[1024][EVENT_KIND_MAX];
	int n;
};

static void add_kind(struct kinds *k, const char *s, size_t len)
{
	if (len == 0 || len >= EVENT_KIND_MAX)
		return;
	for (int i = 0; i < k->n; i++)
		if (strlen(k->v[i]) == len && strncmp(k->v[i], s, len) == 0)
			return;
	if (k->n < 1024) {
		memcpy(k->v[k->n], s, len);
		k->v[k->n++][len] = '\0';
	}
}

/* Every "literal" on p's line into k. */
static void literals(struct kinds *k, const char *p)
{
	const char *end = strchr(p, '\n');
	for (;;) {
		const char *q = strchr(p, '"');
		if (!q || (end && q > end))
			return;
		const char *e = strchr(q + 1, '"');
		if (!e || (end && e > end))
			return;
		size_t len = (size_t)(e - q - 1);
		bool word = len > 0;
		for (size_t i = 0; i < len; i++)
			if (!strchr("abcdefghijklmnopqrstuvwxyz0123456789_",
				    q[1 + i]))
				word = false;
		if (word)
			add_kind(k, q + 1, len);
		p = e + 1;
	}
}

/* The kinds of one C file: the literals on each event_init( line, and the
 * literal kinds handed to a helper `NAME(g, const char *kind, ...)` that
 * starts its event with that kind. */
static void scan_file(struct kinds *k, const char *path)
{
	FILE *f = fopen(path, "r");
	cr_assert_not_null(f, "%s", path);
	static char text[1 << 20];
	size_t n = fread(text, 1, sizeof text - 1, f);
	text[n] = '\0';
	fclose(f);
	char helpers[16][64];
	int nh = 0;
	for (const char *p = text; (p = strstr(p, "const char *kind")); p++) {
		/* the function's name: the word before the '(' of its line */
		const char *ls = p;
		while (ls > text && ls[-1] != '\n')
			ls--;
		const char *par = strchr(ls, '(');
		if (!par || par > p || nh == 16 || *ls == '\t' || *ls == ' ')
			continue;
		const char *ws = par;
		while (ws > ls &&
		       (ws[-1] == '_' || (ws[-1] >= 'a' && ws[-1] <= 'z') ||
			(ws[-1] >= '0' && ws[-1] <= '9')))
			ws--;
		snprintf(helpers[nh++], 64, "%.*s(", (int)(par - ws), ws);
	}
	for (const char *p = text; (p = strstr(p, "event_init(")); p++)
		literals(k, p);
	for (int h = 0; h < nh; h++)
		for (const char *p = text; (p = strstr(p, helpers[h])); p++) {
			const char *c = strchr(p, ',');
			const char *nl = strchr(p, '\n');
			const char *q = c ? strchr(c + 3, '"') : NULL;
			/* the second argument only: the kind */
			if (c && (!nl || c < nl) && c[1] == ' ' &&
			    c[2] == '"' && q && (!nl || q < nl))
				add_kind(k, c + 3, (size_t)(q - c - 3));
		}
}

static void scan_dir(struct kinds *k, const char *rel)
{
	char dir[1024];
	snprintf(dir, sizeof dir, "%s/%s", fx_srcdir(), rel);
	DIR *d = opendir(dir);
	cr_assert_not_null(d, "%s", dir);
	struct dirent *de;
	while ((de = readdir(d)) != NULL) {
		size_t len = strlen(de->d_name);
		if (len < 3 || strcmp(de->d_name + len - 2, ".c") != 0)
			continue;
		char path[2048];
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		scan_file(k, path);
	}
	closedir(d);
}

/* The catalog (rules/spqr/events.ini) declares every kind the sources
 * start, and every kind emitted anywhere (every catalog kind) has its
 * sentence in sentences.ini, one that teaches it (teach = TEXT) or one
 * that says it is bookkeeping (silent = yes). */
Test(teach, every_event_kind_has_a_section)
{
	static struct kinds k;
	k.n = 0;
	scan_dir(&k, "src/core");
	scan_dir(&k, "src/cmd");
	scan_dir(&k, "src/gboh");
	cr_assert_gt(k.n, 200, "only %d kinds found", k.n);
	struct teach_texts *t = shipped();
	const struct evcat *cat = teach_catalog(t);
	cr_assert_not_null(cat);
	for (int i = 0; i < k.n; i++)
		cr_expect_geq(evcat_find(cat, k.v[i]), 0,
			      "kind %s missing from rules/spqr/events.ini",
			      k.v[i]);
	int missing = 0;
	for (size_t i = 0; i < evcat_count(cat); i++) {
		const char *kind = evcat_kind(cat, i);
		if (!teach_kind_told(t, kind)) {
			cr_expect_fail("no [%s] with teach = TEXT or silent = "
				       "yes in rules/spqr/sentences.ini",
				       kind);
			missing++;
		}
	}
	cr_expect_eq(missing, 0);
	teach_free(t);
}

Test(teach, refusal_told_in_full)
{
	struct session s;
	fx_session(&s, "new drill solo 11");
	struct teach_texts *t = shipped();
	struct cmd_result r;
	cmd_result_init(&r);
	run(&s, (const char *const[]){"roll 6 2", "continue", NULL});
	session_exec(&s, "activate consul", &r);
	struct teach_line l;
	/* the whole reason, longer than an event's field may hold */
	cr_assert(teach_refusal(t, s.game, &r, &l));
	cr_expect_str_eq(l.text,
			 "Not allowed: consul (Initiative 4) is not the "
			 "lowest-rated leader still to go (3); a trump may "
			 "activate him sooner (5.41).");
	cr_expect_str_eq(l.rule, "5.12");
	session_exec(&s, "show sequence", &r);
	cr_expect_not(teach_refusal(t, s.game, &r, &l));
	cmd_result_free(&r);
	teach_free(t);
	session_free(&s);
}

/* 5.53 at Zama: both Overall Commanders are elite (Scipio 6, Hannibal 7);
 * the {elite} slot tells the roll's chances (36%, 55%, a 9% tie), and the
 * EIO decision (5.51) goes to the side that won the roll. */
Test(teach, elite_roll_odds_at_zama)
{
	struct session s;
	fx_session(&s, "new zama solo 7");
	struct ini_error err;
	struct teach_texts *t = load_texts(
		HEAD "[decision.elite]\nrule = 5.51\nsay = {army}: {oc}\n",
		"[turn_start]\nteach = {elite}\n", &err);
	cr_assert_not_null(t, "%s", err.msg);
	struct event e;
	event_init(&e, "turn_start");
	struct teach_line l;
	cr_assert(teach_event_line(t, s.game, &e, &l));
	cr_expect_str_eq(l.text, "Rome 36%, Carthage 55%, neither 9%");
	run(&s, (const char *const[]){"roll 3 8", "continue", NULL});
	char name[48];
	cr_assert(teach_decision_name(s.game, name, sizeof name));
	cr_expect_str_eq(name, "elite");
	cr_assert(teach_decision(t, s.game, &l));
	cr_expect_str_eq(l.text, "Carthage: Hannibal Barca");
	cr_expect_str_eq(l.rule, "5.51");
	teach_free(t);
	session_free(&s);
}

/* A text longer than a teach_line holds is cut, never inside a UTF-8
 * character: every value is repeated until the line is full. */
Test(teach, long_text_cut_on_a_character)
{
	struct ini_error err;
	struct teach_texts *t = load_texts(
		HEAD,
		"[refused]\nteach = {reason}{reason}{reason}{reason}"
		"{reason}{reason}{reason}{reason}{reason}{reason}"
		"{reason}{reason}{reason}{reason}{reason}{reason}"
		"{reason}{reason}{reason}{reason}\n",
		&err);
	cr_assert_not_null(t, "%s", err.msg);
	for (int shift = 0; shift < 3; shift++) {
		struct cmd_result r;
		cmd_result_init(&r);
		r.status = CMD_REFUSED;
		/* 60 bytes: shift ASCII letters, then "é" (2 bytes) "€"
		 * (3 bytes) repeated */
		char reason[61];
		size_t k = 0;
		for (; k < (size_t)shift; k++)
			reason[k] = 'a';
		while (k + 5 <= 60) {
			memcpy(reason + k, "\xc3\xa9\xe2\x82\xac", 5);
			k += 5;
		}
		reason[k] = '\0';
		snprintf(r.reason, sizeof r.reason, "%s", reason);
		struct teach_line l;
		cr_assert(teach_refusal(t, NULL, &r, &l));
		size_t len = strlen(l.text);
		cr_expect_lt(len, sizeof l.text);
		cr_expect_gt(len, sizeof l.text - 6);
		/* the last character is whole: walk the string by lead bytes */
		size_t i = 0;
		while (i < len) {
			unsigned char c = (unsigned char)l.text[i];
			size_t w = c < 0x80    ? 1
				   : c >= 0xF0 ? 4
				   : c >= 0xE0 ? 3
					       : 2;
			cr_assert_leq(i + w, len,
				      "cut inside a character at %zu", i);
			i += w;
		}
		cmd_result_free(&r);
	}
	teach_free(t);
}

/* Whether s's pending decision's section is want. */
static bool decision_is(const struct session *s, const void *want)
{
	char dec[48];
	return s->game && teach_decision_name(s->game, dec, sizeof dec) &&
	       strcmp(dec, want) == 0;
}

/* Plays tests/scripts/NAME.txt on s until the pending decision's section
 * is want ("shock.designate"); false when the script ends first. */
static bool play_to_decision(struct session *s, const char *name,
			     const char *want)
{
	return fx_play_script_until(s, name, decision_is, want);
}

/* 8.41, 8.42: the Shock segment's first step told when the attacker must
 * designate; 8.45 the clash answered by each side; 6.5 a reaction offered
 * between the steps of a move, with its answers. */
Test(teach, shock_steps_and_reactions_told)
{
	static const struct {
		const char *script, *decision;
		const char *says[3]; /* phrases of the narration */
		const char *rule;    /* its rule, or NULL: not checked */
	} cases[] = {
		{"shock_drill_battle",
		 "shock.designate",
		 {"names which of its units attack which enemy units",
		  "Choices: designate ha1 ar1"},
		 "8.41,8.42"},
		{"drill_turn",
		 "reaction",
		 {"Carthage a chance to react", "withdraw ar1", "no reaction"},
		 NULL},
		{"drill_turn",
		 "rout",
		 {"The routed Velites, Legion III (ve1)",
		  "rout 2513, rout 2512"},
		 "10.22"},
	};
	struct teach_texts *t = shipped();
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct teach_line l;
		struct session s;
		cr_assert(play_to_decision(&s, cases[i].script,
					   cases[i].decision),
			  "%s", cases[i].decision);
		cr_assert(teach_decision(t, s.game, &l));
		for (int k = 0; k < 3 && cases[i].says[k]; k++)
			has(l.text, cases[i].says[k]);
		if (cases[i].rule)
			cr_expect_str_eq(l.rule, cases[i].rule);
		session_free(&s);
	}
	teach_free(t);
}
