/* harass.h — Harassment and Dispersal (SPQR 8.3; 9.22, 9.31 who may;
 * 8.34 with 9.15 against elephants).
 *
 * A missile unit with a move order closes on a target, throws and comes
 * back without leaving its hex (8.33).  harass_check says whether it may
 * and what it would need: who (8.31, 9.22, 9.31), how far (8.32: light
 * cavalry within 4 hexes, infantry within 2, never adjacent), from where
 * (not in an enemy ZOC), the line of sight from where it stands (los.h,
 * strict: a line down a hexside between a blocking and a clear hex is
 * blocked), and the path: a chain of hexes leaving through one of its
 * Front hexes and ending next to the target, clear of combat units, of
 * impassable and Rough hexes and of climbs of more than one level, and
 * out of enemy ZOC except in hexes next to the target; a Stream may be
 * crossed.  Against an elephant, light cavalry may not end its path in
 * the elephant's Front (8.34, 9.15); ending it in a Flank or Rear hex
 * costs 2 cohesion hits before any fire.
 *
 * The enemy units that may fire back (8.33): the target, when the last
 * hex of the path is in its Front or Flank (8.13), and any other enemy
 * missile unit next to a hex of the path that lies in its Front or
 * Flank.  All the volleys of one H&D are simultaneous: harass_fire
 * resolves every one of them from the state before any was fired.
 *
 * Rulings (doc-parts/harass.md): the path counts at most as many hexes
 * as the 8.32 limit allows (the target's distance from the firer never
 * more than 4 or 2 hexes, the path at most that limit less one hexes);
 * the path is the player's or, when not given, the one found first with
 * the fewest enemy units able to fire back. */
#ifndef MANIPLE_HARASS_H
#define MANIPLE_HARASS_H

#include <stdbool.h>

#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/odds.h"
#include "maniple/hex.h"
#include "maniple/sequence.h"

#define HARASS_PATH_MAX 3   /* 8.32: light cavalry's 4 hexes less one */
#define HARASS_REACTORS_MAX 8

struct harass_check {
	int firer, target;	/* unit indexes */
	int distance;		/* hexes from the firer to the target */
	int limit;		/* 8.32: 4 light cavalry, 2 infantry */
	int npath;
	struct hex path[HARASS_PATH_MAX]; /* first: a Front hex of the firer;
					   * last: next to the target */
	int elephant_hits;	/* 8.34, 9.15: 2 through a Flank or Rear */
	/* 8.33: the enemy units that may use Entry Reaction Fire */
	int nreactors;
	int reactors[HARASS_REACTORS_MAX];
	const char *reason;	/* NULL: may use H&D */
	const char *rule;
	char why[160];		/* the reason in words, with hexes */
	/* only whether, not why (a path tried and dropped, a legal list):
	 * a refusal leaves why empty */
	bool quiet;
};

/* 8.31, 9.22, 9.31: whether unit `firer` is of a kind that may use H&D
 * against unit `target` at all (missile class, type, Movement
 * Allowances).  Sets out->reason/rule/why when not. */
bool harass_may_use(const struct game *g, int firer, int target,
		    struct harass_check *out);

/* 8.31-8.34: whether `firer` may use H&D against `target` now along the
 * given path (npath hexes; npath 0: find one).  Changes nothing. */
bool harass_check(const struct game *g, int firer, int target,
		  const struct hex *path, int npath, struct harass_check *out);

/* 8.33: resolves an H&D that harass_check allowed: the 8.34 elephant
 * hits on the firer, the target's reaction facing (7.15/7.16) when
 * face >= 0 (an enum facing, one vertex), then the simultaneous volleys:
 * the firer's (FIRE_HD, at range 1, moving) and each reactor's listed in
 * fire[0..nfire) (FIRE_ENTRY, at range 1).  Emits `hd` events carrying
 * the rule.  False with r refused (nothing changed, by the session's
 * snapshot) when a choice is not allowed. */
bool harass_fire(struct game *g, const struct harass_check *c, int face,
		 const int *fire, int nfire, struct cmd_result *r);

/* 8.31: `order UNIT hd TARGET [via HEX,...]` (an Individual Order to
 * move, used for H&D) and `pick UNIT hd ...` (a unit of a Line Command):
 * cmd_orders.c gives the order, then calls this with argv[0] = TARGET for
 * the unit whose move is now open.  H&D takes the whole MA (8.31), so
 * nothing of the move may be spent yet.  The words `face` and `fire` are
 * refused naming 8.33: those are the target side's decisions, made after
 * the order (harass_declare). */
void harass_order(struct game *g, int argc, char **argv,
		  struct cmd_result *r);

/* ---- The target's side decides (8.33): the RK_HD offer ---- */

/* 8.33: the odds of firer's H&D volley at target, as it would be
 * thrown now (range 1 from its path's last hex, a moving attack, the
 * volley's own outcome of each face: missile_odds' "miss", "hit N");
 * false, o empty, when firer may not harass target. */
bool harass_odds(const struct game *g, int firer, int target, struct odds *o);

/* 8.33: declares the H&D c allowed (an `hd` event), then opens an RK_HD
 * offer in the reactions window for the target's side, the H&D stored
 * in g->react.hd_*: `react face TARGET FACING` (7.15, before any unit is
 * named to fire back), `react fire UNIT` for each unit firing back (8.21
 * entry fire at range 1), then `no reaction` throws every volley at once
 * (harass_go_on) and ends the harassing unit's move.  When the side has
 * no choice at all the volleys are thrown at once. */
void harass_declare(struct game *g, const struct harass_check *c,
		    struct cmd_result *r);
/* An RK_HD offer is open (react face / react fire come here). */
bool harass_pending(const struct game *g);
/* 8.33, 7.15: the target of the open RK_HD offer when it may still make
 * its reaction facing change (`react face`), else -1. */
int harass_face_unit(const struct game *g);
void harass_react_face(struct game *g, int unit, int face,
		       struct cmd_result *r);
void harass_react_fire(struct game *g, int unit, struct cmd_result *r);
/* `no reaction` on the RK_HD offer i: the volleys are thrown. */
void harass_go_on(struct game *g, int i, struct cmd_result *r);
/* The `react face` / `react fire` lines legal for the open RK_HD offer. */
int harass_legal(const struct game *g, struct decision_answer *out, int max);
/* 8.31: `PREFIX UNIT hd TARGET` lines (PREFIX "order" or "pick") for unit
 * ui, which may be ordered now; for orders_legal. */
int harass_legal_order(const struct game *g, int ui, const char *prefix,
		       struct decision_answer *out, int max);

#endif
