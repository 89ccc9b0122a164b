/* volley_field.h — the "volley" test battle of the missile tests: a
 * 30x20 clear field, two Overall Commanders and a subordinate, a missile
 * unit of every class, their targets, two fire lines, the units of 8.4's
 * Beneventum example; a session to play it through commands, and the
 * helpers that place units and leaders, force dice, open an Orders Phase
 * and read the events.  Included by one test file each (static
 * definitions).  A file that defines VOLLEY_RULESET ("gba") before the
 * include plays the field under that ruleset, with its Indian archers
 * "ia" (GBA 8.61) and an oxybeles "ox" (GBA 9.5). */
#ifndef MANIPLE_TEST_VOLLEY_FIELD_H
#define MANIPLE_TEST_VOLLEY_FIELD_H

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/map.h"
#include "maniple/sequence.h"
#include "session_play.h"
#include "spqr_tables.h"
#include "fixture.h"

struct usp {
	const char *id;
	int side;
	enum unit_type t;
	const char *cls;
	enum missile_class mc;
	int tq, ma;
};

static const struct usp units[] = {
	{"bs", 0, UT_SK, "BS", MC_BS, 4, 6},  /* Balearic slingers */
	{"ar", 0, UT_SK, "A", MC_A, 4, 6},    /* foot archers */
	{"li", 0, UT_LI, "A", MC_A, 5, 6},    /* LI archers (8.11 Exc.) */
	{"ve", 0, UT_LI, "VE", MC_J, 5, 6},   /* foot javelins */
	{"ha", 0, UT_LG, "HA", MC_J, 6, 5},   /* legion infantry */
	{"ma", 0, UT_LC, "", MC_MA, 6, 9},    /* mounted archers */
	{"el0", 0, UT_EL, "", MC_NONE, 5, 5}, /* tower and screen */
	{"cav", 1, UT_HC, "", MC_NONE, 7, 8},
	{"hi", 1, UT_HI, "HO", MC_NONE, 7, 5},
	{"ph", 1, UT_PH, "", MC_NONE, 7, 5},
	{"sk", 1, UT_SK, "S", MC_S, 4, 6},
	{"el1", 1, UT_EL, "", MC_NONE, 5, 5},
	{"bi", 1, UT_BI, "", MC_NONE, 6, 5},
	{"bi2", 1, UT_BI, "", MC_NONE, 6, 5},
	/* the Beneventum example (8.4's introduction) */
	{"crete_a", 1, UT_SK, "A", MC_A, 5, 7},
	{"epirus_c", 1, UT_SK, "S", MC_S, 5, 7},
	{"thrace_b", 1, UT_LP, "", MC_J, 6, 6},
	{"w", 0, UT_LG, "HA", MC_J, 6, 5},
	{"x", 0, UT_LG, "HA", MC_J, 6, 5},
	{"y", 0, UT_LG, "HA", MC_J, 6, 5},
	{"z", 0, UT_LG, "HA", MC_J, 6, 5},
#ifdef VOLLEY_RULESET
	{"ia", 0, UT_LI, "", MC_IA, 5, 6}, /* Indian archers (GBA 8.61) */
	{"ox", 0, UT_AT, "", MC_B, 5, 3},  /* an oxybeles (GBA 9.5) */
	{"ch", 1, UT_CH, "", MC_NONE, 5, 8},   /* chariots (GBA 9.2) */
	{"cat", 1, UT_HC, "CAT", MC_NONE, 7, 7}, /* cataphracts (GBA 9.42) */
#endif
	{NULL, 0, 0, NULL, MC_NONE, 0, 0},
};

static struct battle *loader(void *user, const char *name,
			     struct ini_error *err)
{
	(void)user;
	if (strcmp(name, "volley") != 0) {
		memset(err, 0, sizeof *err);
		snprintf(err->msg, sizeof err->msg, "no battle %s", name);
		return NULL;
	}
	struct battle *b =
		fx_empty_battle("volley", "Volley", 30, 20, "rome", "carthage");
#ifdef VOLLEY_RULESET /* the same field under another ruleset's rules */
	snprintf(b->ruleset, sizeof b->ruleset, "%s", VOLLEY_RULESET);
#endif
	const struct {
		const char *id;
		int side, init;
		bool oc;
		int hex;
	} ls[] = {{"consul", 0, 5, true, 1601},
		  {"hannibal", 1, 7, true, 2801},
		  {"gisgo", 1, 4, false, 2901}};
	for (size_t k = 0; k < 3; k++) {
		struct leader *l = &b->leaders[b->nleaders++];
		snprintf(l->id, sizeof l->id, "%s", ls[k].id);
		l->side = ls[k].side;
		l->kind = LK_GENERAL;
		l->initiative = ls[k].init;
		l->command_range = 20;
		l->line_command = 1;
		l->strategy = 3;
		l->overall = ls[k].oc;
		l->hex = H(ls[k].hex);
		l->on_map = true;
		l->available = true;
	}
	/* a line of skirmishers (4.3, 5.23) */
	struct line_def *ld = &b->lines[b->nlines++];
	snprintf(ld->name, sizeof ld->name, "skirmishers");
	ld->side = 0;
	ld->nmembers = 2;
	snprintf(ld->members[0], sizeof ld->members[0], "bs");
	snprintf(ld->members[1], sizeof ld->members[1], "ar");
	ld->spacing = 1;
	/* a second line, of javelins, for two Line Commands to fire */
	ld = &b->lines[b->nlines++];
	snprintf(ld->name, sizeof ld->name, "javelins");
	ld->side = 0;
	ld->nmembers = 2;
	snprintf(ld->members[0], sizeof ld->members[0], "ve");
	snprintf(ld->members[1], sizeof ld->members[1], "ha");
	ld->spacing = 1;
	for (const struct usp *s = units; s->id; s++) {
		struct unit *u = &b->units[b->nunits++];
		snprintf(b->unit_text[u - b->units].id, ID_MAX, "%s", s->id);
		snprintf(u->cls, sizeof u->cls, "%s", s->cls);
		u->side = s->side;
		u->type = s->t;
		u->missile = s->mc;
		u->size = 3;
		u->tq = s->tq;
		u->ma = s->ma;
		u->legion = s->t == UT_LG ? 1 : 0;
		if (s->t == UT_EL) { /* 9.12, 9.13 */
			u->tower = MC_MJ;
			u->screen = MC_ES;
		}
		u->at.hex[0] = u->at.hex[1] = HEX_NONE;
		u->on_map = false;
	}
	return b;
}

static struct session *open_game(void)
{
	struct session *s = calloc(1, sizeof *s);
	cr_assert_not_null(s);
	session_init(s, loader, spqr_tables_loader, NULL, 1);
	s->checkpoint_every = 1; /* the game changed by hand too */
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(s, "new volley sandbox 42", &r);
	cr_assert_eq(r.status, CMD_OK, "%s", r.reason);
	cmd_result_free(&r);
	return s;
}

static void put_leader(struct session *s, const char *id, int hex)
{
	struct leader *l = game_leader(s->game, id);
	cr_assert_not_null(l);
	l->hex = H(hex);
	l->on_map = true;
}

/* The command is refused naming rule, and changes nothing. */
#define REFUSED(s, line, want)                                                 \
	do {                                                                   \
		char *before_ = game_state_text((s)->game);                    \
		struct out o_ = run(s, line);                                  \
		char *after_ = game_state_text((s)->game);                     \
		cr_assert_eq(o_.st, CMD_REFUSED, "%s: not refused", line);     \
		cr_assert_str_eq(o_.rule, want, "%s: rule %s (%s)", line,      \
				 o_.rule, o_.reason);                          \
		cr_assert_str_eq(before_, after_, "%s changed the game",       \
				 line);                                        \
		free(before_);                                                 \
		free(after_);                                                  \
	} while (0)

static void force(struct session *s, int die)
{
	cr_assert(dice_force(&s->game->dice, die));
}

/* The events emitted since index `from`, one per line. */
static void events_since(struct session *s, size_t from, char *buf,
			 size_t n)
{
	size_t len = 0;
	buf[0] = '\0';
	for (size_t i = from; i < s->game->events.n && len < n - 1; i++) {
		char line[512];
		event_log_format(&s->game->events, i, line, sizeof line);
		len += (size_t)snprintf(buf + len, n - len, "%s\n", line);
	}
}

static bool legal_has(struct session *s, const char *line)
{
	struct decision_answer a[256];
	int n = seq_legal(s->game, a, 256);
	for (int i = 0; i < n; i++)
		if (strcmp(a[i].line, line) == 0)
			return true;
	return false;
}

static struct session *beneventum(void)
{
	struct session *s = open_game();
	place(s, "crete_a", 1015, FACE_NE);
	place(s, "epirus_c", 1014, FACE_NE);
	place(s, "thrace_b", 1215, FACE_NE);
	place(s, "w", 1314, FACE_SW);
	place(s, "x", 1315, FACE_SW);
	place(s, "y", 1012, FACE_SW);
	place(s, "z", 1111, FACE_SW);
	put_leader(s, "hannibal", 1216);
	return s;
}

#endif
