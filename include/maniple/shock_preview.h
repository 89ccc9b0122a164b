/* shock_preview.h — the consequences of a shock combat before it is
 * fought: the Clash pairing it would take (8.45), the CRT column its
 * roll would be read on and its superiority (8.46 steps 1-3), and the
 * chance of each result of the roll (shock_combat_odds: the same
 * calculation the Shock segment resolves the roll with).
 *
 * Before it, each Pre-Shock TQ check (8.43) the combat brings: the
 * chance each unit passes and the hits it takes when it does not
 * (shock_charge_odds: the Charge step's own modifiers).
 *
 * Worked out on a copy of the game as it stands now (before the
 * pre-shock TQ checks of 8.43 and the leader casualties of 8.44, which
 * may still change it), so nothing here changes the game.  Teach mode
 * and the shock designation's decision tell them; a computer opponent
 * may weigh them. */
#ifndef MANIPLE_SHOCK_PREVIEW_H
#define MANIPLE_SHOCK_PREVIEW_H

#include <stdbool.h>
#include <stddef.h>

#include "maniple/battle.h"
#include "maniple/game.h"
#include "maniple/odds.h"

/* 8.43: a unit's Pre-Shock TQ check (shock_charge_odds), "N hits". */
struct shock_preview_check {
	char unit[ID_MAX];
	int role; /* 0 an attacker, 1 a defender */
	struct odds odds;
};
#define SHOCK_PREVIEW_CHECKS_MAX 16

struct shock_preview {
	char att[ID_MAX], def[ID_MAX]; /* the Clash pairing's units (8.45) */
	int column;		       /* the CRT column after shifts */
	int superiority;	       /* enum superiority: none, AS, DS */
	struct odds odds;	       /* "A(D)": each result's faces */
	/* GBA 8.37: the chance (%) that the Breakthrough's 2 hits fall on
	 * a unit of the attacker's side [0], the defender's [1]
	 * (shock_breakthrough_odds); 0 and 0 where the rule is off */
	int breakthrough[2];
	int nchecks;		       /* the units that check (8.43), */
	struct shock_preview_check check[SHOCK_PREVIEW_CHECKS_MAX]; /* the
		* attackers first, as the Charge step rolls them */
};

/* Combat ci of the segment under way, designated and not yet rolled,
 * with the pairing it has or the one the clash takes when nobody is
 * asked (shock_clash_default).  False when it is no such combat or no
 * attack is possible (9.15). */
bool shock_preview_combat(const struct game *g, int ci,
			  struct shock_preview *p);

/* The combat `designate ATT DEF` would bring now (the designation must
 * be owed; ids as the command takes them), or the one it would join.
 * False when the designation would be refused or no attack is
 * possible. */
bool shock_preview_designation(const struct game *g, const char *att,
			       const char *def, struct shock_preview *p);

/* 8.45: the combat whose Clash pairing is asked now (SHA_CLASH_DEFENDER
 * or SHA_CLASH_ATTACKER) if the owing side names unit (`clash UNIT`),
 * the other side's pick the default one.  False when it is no such
 * answer. */
bool shock_preview_clash(const struct game *g, const char *unit,
			 struct shock_preview *p);

/* p told in a line of our own: "ha1 on ar1 at column 11 with AS: hits
 * attacker(defender) 1(6) 40%, 2(6) 30%, ..." (each result with its
 * chance, in the order of the faces that give them), then the 8.43
 * checks that come first: " (8.43 checks first: ha1 passes 60% else 1-4
 * hits, ar1 passes 100%)", or " (no 8.43 check)".  A failed check's
 * hits are the roll over the TQ, so each count in the span is one face
 * of the die.  Where GBA 8.37 may add its hits, before the checks:
 * "; Breakthrough +2 hits (GBA 8.37): attacker 20%, defender 10%" (a side
 * never hit left out). */
void shock_preview_text(const struct shock_preview *p, char *out, size_t n);

/* While a Shock segment is under way: while a Clash pairing is asked
 * (8.45), each `clash` answer's combat ("clash UNIT puts ..."); each
 * other combat not yet rolled; and during the designation (8.41, 8.42),
 * each one a `designate` answer of the legal list would bring,
 * told by shock_preview_text after "Combat N puts" or "designate ATT
 * DEF puts", parted by "; ", into out; what does not fit is left out, saying how
 * many ("... 2 more: show shock").  Returns how many are told (0, out
 * "": no segment, or nothing to weigh). */
int shock_preview_segment(const struct game *g, char *out, size_t n);
/* Room for one combat told (shock_preview_text). */
#define SHOCK_PREVIEW_ITEM_MAX 1024
/* Room for every combat of a segment (`show shock`). */
#define SHOCK_PREVIEW_TEXT_MAX 16384

/* 9.11: when SHA_PASSTHRU is asked, the odds it changes in words: the
 * infantry's Pre-Shock check (8.43) standing and letting the elephant
 * through (+1, 9.11 #1), both read through shock_charge_odds, and the
 * Pass-Thru check after it (9.11 #4, tq_check_odds; none for a
 * skirmisher) into out; 1 when told, 0 when nothing is asked. */
int passthru_odds_text(const struct game *g, char *out, size_t n);

/* The same, short, for the prompt box's line: the chance the infantry
 * passes its Pre-Shock check standing and letting the elephant through,
 * and of no hit on the Pass-Thru check; 1 when told. */
int passthru_odds_brief(const struct game *g, char *out, size_t n);

#endif
