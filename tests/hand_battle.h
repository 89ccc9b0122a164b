/* hand_battle.h — for tests: a small battle built by hand (no data files)
 * and a session on it, shared by the game, command and game-file tests. */
#ifndef TESTS_HAND_BATTLE_H
#define TESTS_HAND_BATTLE_H

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/cmd.h"
#include "maniple/game.h"
#include "spqr_tables.h"

/* A small battle built by hand: a 10x10 clear map (hexes 0101-1010), two
 * sides; Roman hastati h1 (LG, TQ 6) at 0303 facing E, skirmishers s1 (SK)
 * at 0304, a phalanx p1 (PH, TQ 7) at 0605/0606 facing W; a consul
 * (general, Initiative 4) at 0203 and a tribune (Initiative 3) at 0204. */
static inline struct battle *hand_battle(void *user, const char *name,
					 struct ini_error *err)
{
	(void)user;
	if (strcmp(name, "hand") != 0) {
		memset(err, 0, sizeof *err);
		snprintf(err->msg, sizeof err->msg, "no battle %s", name);
		return NULL;
	}
	struct battle *b = calloc(1, sizeof *b);
	struct map *m = calloc(1, sizeof *m);
	m->col_min = m->row_min = 1;
	m->col_max = m->row_max = 10;
	m->ncols = m->nrows = 10;
	m->hexes = calloc(100, sizeof *m->hexes);
	b->map = m;
	snprintf(b->id, sizeof b->id, "hand");
	snprintf(b->name, sizeof b->name, "Hand");
	snprintf(b->ruleset, sizeof b->ruleset, "spqr");
	struct {
		const char *id;
		int side;
		enum unit_type t;
		int tq;
		struct hex h0, h1;
		int facing;
	} us[] = {
		{"h1", 0, UT_LG, 6, {3, 3}, HEX_NONE, FACE_E},
		{"s1", 0, UT_SK, 5, {3, 4}, HEX_NONE, FACE_E},
		{"p1", 1, UT_PH, 7, {6, 5}, {6, 6}, FACE_W},
	};
	for (int i = 0; i < 3; i++) {
		struct unit *u = &b->units[b->nunits++];
		snprintf(b->unit_text[u - b->units].id, ID_MAX, "%s", us[i].id);
		snprintf(b->unit_text[u - b->units].name, NAME_MAX_,
			 "Unit %s", us[i].id);
		u->side = us[i].side;
		u->type = us[i].t;
		u->tq = us[i].tq;
		u->size = 3;
		u->ma = 5;
		u->missile = us[i].t == UT_SK ? MC_S : MC_NONE;
		u->dd_eligible = us[i].t == UT_PH;
		u->at.hex[0] = us[i].h0;
		u->at.hex[1] = us[i].h1;
		u->at.facing = us[i].facing;
		u->on_map = true;
	}
	struct leader *l = &b->leaders[b->nleaders++];
	snprintf(l->id, sizeof l->id, "consul");
	l->kind = LK_GENERAL;
	l->initiative = 4;
	l->hex = (struct hex){2, 3};
	l->on_map = true;
	l->available = true;
	l = &b->leaders[b->nleaders++];
	snprintf(l->id, sizeof l->id, "tribune");
	l->kind = LK_TRIBUNE;
	l->initiative = 3;
	l->hex = (struct hex){2, 4};
	l->on_map = true;
	l->available = true;
	return b;
}

/* Runs a line in a session; returns its status. */
static inline enum cmd_status run(struct session *s, const char *line)
{
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(s, line, &r);
	enum cmd_status st = r.status;
	cmd_result_free(&r);
	return st;
}

/* Starts a game of the hand battle of the given kind with seed 42. */
static inline void start(struct session *s, const char *kind)
{
	session_init(s, hand_battle, spqr_tables_loader, NULL, 1);
	s->checkpoint_every = 1; /* the game changed by hand too */
	s->rules_dir = MANIPLE_SRCDIR "/rules"; /* rule N */
	char line[64];
	snprintf(line, sizeof line, "new hand %s 42", kind);
	cr_assert_eq(run(s, line), CMD_OK, "%s", line);
}

#endif
