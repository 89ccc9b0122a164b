/* prearranged.h — Pre-arranged Withdrawal, PW (6.81-6.83, 5.15, 5.14).
 *
 * 6.82, RULINGS R12: at the start of a Game Turn, before any leader is
 * activated (and before the Elite Initiative Orders Phase), each side may
 * place a marker under any of its leaders that meets 6.81:
 * `prearrange LEADER pw` (the tactic) or `prearrange LEADER nopw` (the
 * NO PW face, a bluff); `prearrange LEADER none` takes it back while
 * placing is still open.  Either side may place while the activation
 * decision is pending; `legal` lists the forms.  At one keyboard nothing
 * is hidden: the game file and the event log record the face.
 *
 * 6.83: the marker is revealed when its leader is activated (a PW face
 * then lets him give no Move order and no Line Command) or when the line
 * withdraws.  After each step of an enemy infantry unit (and when its
 * move begins) that comes within 2 hexes of a unit of a Line the PW
 * leader meets 6.81 for, the reactions window (reactions.h) holds an
 * RK_PREARRANGED offer for that side: `pw LEADER UNIT HEX [UNIT HEX]...`
 * withdraws every unit of that Line one hex (6.57, 6.52, 6.55), then the
 * leader is Finished (5.15); `no pw` declines.  A side that placed a PW
 * face gives its OC at most two activations this turn (6.81).
 *
 * State lives in g->pw (prearranged_state.h); refusals go through
 * cmd_refuse naming their rule and change nothing. */
#ifndef MANIPLE_PREARRANGED_H
#define MANIPLE_PREARRANGED_H

#include <stdbool.h>
#include <stdio.h>

#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/sequence.h"

void prearranged_state_init(struct prearranged_state *s);
void prearranged_state_text(const struct game *g, FILE *f);

/* 6.81: whether the side's army may use PW at all: its OC elite (5.5)
 * or rated 6+ in Initiative. */
bool pw_army_eligible(const struct game *g, int side);
/* 6.81: whether unit u (index) may belong to a PW Line: infantry, not
 * BI, LI (velites; peltasts read as LI) or SK. */
bool pw_unit_type_eligible(const struct game *g, const struct unit *u);
/* 6.81: the units of a Line of leader li (indices into g->units) that
 * holds unit ui, when that Line meets 6.81 for him now: a Line of the
 * chart (4.32) he may command, every unit of it PW-eligible, and one
 * of its units within 2 hexes of him in a clear Line Command LOS.
 * Returns the count (0: no such Line; why, if not NULL, says why). */
int pw_line_of(const struct game *g, int li, int ui, int *out, int max,
	       char *why, int whyn);
/* 6.81, 6.82: whether leader li may have a marker placed under him now
 * (ignores whether placing is open). */
bool pw_leader_eligible(const struct game *g, int li, char *why, int whyn);
/* 6.82: markers may be placed: the turn's activations have not begun. */
bool pw_placing_open(const struct game *g);
/* 6.82: the marker under leader li this turn (enum pw_marker). */
int pw_marker_of(const struct game *g, int li);

/* ---- hooks for the sequence and the orders ---- */
/* 6.83: sequence.c calls this when leader li is activated: his marker
 * is revealed (a NO PW face is removed). */
void pw_leader_activated(struct game *g, int li);
/* 6.83 bullet 2: orders.c asks whether the active leader may give a
 * Move order or a Line Command; false (why filled) when his PW face is
 * revealed and the line has not withdrawn yet. */
bool pw_may_order_move(const struct game *g, char *why, int whyn);
/* GBA 6.84 ([prearranged] activated = line_stays): orders.c asks whether
 * unit ui may move now; false (why filled) when it is in the PW Line of
 * the active leader (or of a Contingent Commander he activated) whose
 * marker is up and unused. */
bool pw_may_move_unit(const struct game *g, int ui, char *why, int whyn);
/* GBA 6.84: whether a Line Command of the active leader to units[] (the
 * n > 0 units it would take) would move none of them, each held by
 * pw_may_move_unit; false (why filled) then: the command is refused as a
 * whole. */
bool pw_may_command_line(const struct game *g, const int *units, int n,
			 char *why, int whyn);
/* 6.81: whether leader li, the OC of a side that employs PW this turn,
 * has had the two activations he is limited to. */
bool pw_oc_limit_reached(const struct game *g, int li);

/* ---- the reactions window (reactions.h) ---- */
/* 6.83 with 6.51: adds an RK_PREARRANGED offer for each Line a PW
 * marker may withdraw now that enemy infantry unit `mover` has stepped
 * (at_start: begins its move) within 2 hexes of it. */
void pw_collect(struct game *g, int mover, bool at_start);
/* The legal answers to the open PW offers (pw ..., no pw). */
int pw_legal(const struct game *g, struct decision_answer *out, int max);
/* 6.82: the `prearrange` forms open now (for seq_legal). */
int pw_placing_legal(const struct game *g, struct decision_answer *out,
		     int max);

/* The rules of the commands. */
void pw_prearrange(struct game *g, const char *leader, const char *face,
		   struct cmd_result *r);
void pw_withdraw(struct game *g, const char *leader, int nargs,
		 char **args, struct cmd_result *r);
void pw_decline(struct game *g, const char *leader, struct cmd_result *r);

void cmd_pw_prearrange(void *ctx, int argc, char **argv,
		       struct cmd_result *r);
void cmd_pw_withdraw(void *ctx, int argc, char **argv, struct cmd_result *r);
void cmd_pw_decline(void *ctx, int argc, char **argv, struct cmd_result *r);

#define PREARRANGED_COMMAND_DEFS                                              \
	{"prearrange", "LEADER pw|nopw|none",                                 \
	 "place a PW marker before any activation (6.82)",                   \
	 CMD_CHANGES, cmd_pw_prearrange},                                     \
	{"pw", "LEADER UNIT HEX [UNIT HEX]...",                               \
	 "the PW Line withdraws: every unit one hex away (6.83)",             \
	 CMD_CHANGES, cmd_pw_withdraw},                                       \
	{"no pw", "[LEADER]", "decline the Pre-arranged Withdrawal offered "  \
	 "(6.83)", CMD_CHANGES, cmd_pw_decline}

#endif
