/* shock_calc.c — the arithmetic of one shock combat (see shock_calc.h). */
#include "maniple/shock_calc.h"

#include <string.h>

/* 8.45 the Clash of Spears and Swords chart */
int shock_clash_column(const struct spqr_tables *t, enum unit_type attacker,
		       enum unit_type defender, enum hex_zone side)
{
	if (!t)
		return 0;
	return tables_clash_column(t, defender, attacker, side);
}

/* 8.45 attacked through a vertex: the defender's better facing */
enum hex_zone shock_vertex_side(const struct spqr_tables *t,
				enum unit_type attacker,
				enum unit_type defender, enum hex_zone a,
				enum hex_zone b)
{
	int ca = shock_clash_column(t, attacker, defender, a);
	int cb = shock_clash_column(t, attacker, defender, b);
	/* an impossible attack (0) is the best a defender can have */
	return cb < ca ? b : a;
}

/* 8.45 the defender's and the attacker's choice of column */
int shock_clash_choose(const int *columns, int n, enum clash_chooser who)
{
	int best = -1;
	for (int i = 0; columns && i < n; i++) {
		if (columns[i] <= 0)
			continue;
		if (best < 0 ||
		    (who == CHOOSER_DEFENDER ? columns[i] < columns[best]
					     : columns[i] > columns[best]))
			best = i;
	}
	return best;
}

/* 8.45 the attacker's best pairing against one defending unit */
static int best_against(const struct spqr_tables *t,
			const struct clash_pairing *p, int n, int defender)
{
	int best = -1, best_col = 0;
	for (int i = 0; i < n; i++) {
		if (p[i].defender != defender)
			continue;
		int c = shock_clash_column(t, p[i].attacker_type,
					   p[i].defender_type, p[i].side);
		if (c > best_col) {
			best_col = c;
			best = i;
		}
	}
	return best;
}

/* 8.45 the defender designates first, then the attacker */
int shock_clash_pick(const struct spqr_tables *t,
		     const struct clash_pairing *pairings, int n)
{
	int pick = -1, pick_col = 0;
	for (int i = 0; pairings && i < n; i++) {
		int d = pairings[i].defender;
		bool seen = false;
		for (int j = 0; j < i; j++)
			if (pairings[j].defender == d)
				seen = true;
		if (seen)
			continue;
		int b = best_against(t, pairings, n, d);
		if (b < 0)
			continue;
		int c = shock_clash_column(t, pairings[b].attacker_type,
					   pairings[b].defender_type,
					   pairings[b].side);
		if (pick < 0 || c < pick_col) {
			pick = b;
			pick_col = c;
		}
	}
	return pick;
}

/* 8.46 1.A the four cases without Position Superiority (bullet number);
 * GBA 8.36 has no elephant-on-elephant case (variants.ini) */
static int position_denied(const struct spqr_tables *t,
			   const struct superiority_input *in)
{
	bool def_elephant = tables_type_has(t, in->defender, TRAIT_ELEPHANT);
	if (tables_type_has(t, in->defender, TRAIT_SKIRMISHER) &&
	    in->side == ZONE_FLANK)
		return 1;
	if (tables_type_has(t, in->attacker, TRAIT_CAVALRY) && def_elephant)
		return 2;
	if (tables_type_has(t, in->attacker, TRAIT_ELEPHANT) && def_elephant &&
	    tables_variant(t, RV_POSITION_ELEPHANTS) ==
		    POSITION_ELEPHANTS_DENIED)
		return 3;
	if (in->attacker_flank_threatened)
		return 4;
	return 0;
}

/* 8.46 step 1 superiority; 6.75 a unit In Column is attacked with AS */
struct superiority_calc shock_superiority(const struct spqr_tables *t,
					  const struct superiority_input *in)
{
	struct superiority_calc s;
	memset(&s, 0, sizeof s);
	s.result = SUP_NONE;
	if (!t || !in)
		return s;
	s.weapon_chart =
		tables_weapon_superiority(t, in->attacker, in->defender);
	if (in->defender_in_column) {
		s.column_attacked = true;
		s.result = SUP_AS;
		return s;
	}
	if (in->side == ZONE_FLANK || in->side == ZONE_REAR) {
		s.position_denied_by = position_denied(t, in);
		if (!s.position_denied_by) {
			s.position = true;
			s.result = SUP_AS;
			return s;
		}
	}
	s.result = tables_weapon_superiority_now(t, in->attacker, in->defender,
						 in->defender_has_missiles);
	if (s.result == SUP_DSP) /* settled above; never left unsettled */
		s.result = in->defender_has_missiles ? SUP_DS : SUP_NONE;
	/* GBA 9.71 (R181: the chart's AS and DS alike) and GBA 9.75 */
	if (in->charge == CHARGE_SUP_NONE && s.result != SUP_NONE) {
		s.result = SUP_NONE;
		s.charge_rule = "GBA 9.71";
	} else if (in->charge == CHARGE_SUP_AS && s.result != SUP_AS) {
		s.result = SUP_AS;
		s.charge_rule = "GBA 9.75";
	}
	return s;
}

/* 8.46 step 2 the size ratio, rounded for the side with momentum; GBA
 * 8.36 step 2 counts the skirmishers' sizes (variants.ini) */
struct size_ratio shock_size_ratio(const struct spqr_tables *t,
				   const struct size_ratio_input *in)
{
	struct size_ratio r = {.ignored = NULL,
			       .attacker_part = 1,
			       .defender_part = 1,
			       .shift = 0};
	if (!in)
		return r;
	if (in->skirmisher_involved &&
	    tables_variant(t, RV_SIZE_SKIRMISHERS) == SIZE_SKIRMISHERS_IGNORED)
		r.ignored = "skirmisher";
	else if (in->elephant_involved && in->non_elephant_involved)
		r.ignored = "elephant";
	else if (in->chariot_involved && in->non_chariot_involved)
		r.ignored = "chariot"; /* GBA 8.36 */
	if (r.ignored)
		return r;
	int a = in->attacker_size, d = in->defender_size;
	if (a <= 0 || d <= 0)
		return r;
	if (a >= d) {
		/* moved: round up for the attacker; else down */
		r.attacker_part = in->attacker_moved ? (a + d - 1) / d : a / d;
		r.shift = r.attacker_part - 1;
	} else {
		/* moved: round down against the attacker; else up */
		r.defender_part = in->attacker_moved ? d / a : (d + a - 1) / a;
		r.shift = -(r.defender_part - 1);
	}
	return r;
}

/* 9.41 Phalanx Defense against a moving frontal attack (RULINGS R6) */
int shock_phalanx_defense(const struct spqr_tables *t,
			  const struct shock_shift_input *in)
{
	if (!t || !in || !in->defender_phalanx || in->side != ZONE_FRONT ||
	    !in->attacker_moved_adjacent || in->any_attacker_phalanx)
		return 0;
	int flanks = in->covered_flanks;
	if (flanks < 0)
		flanks = 0;
	if (flanks > 2)
		flanks = 2;
	enum crt_shift s =
		tables_type_has(t, in->attacker, TRAIT_HEAVY_INFANTRY)
			? SHIFT_PHALANX_DEFENSE_PER_FLANK_VS_HI
			: SHIFT_PHALANX_DEFENSE_PER_FLANK;
	return flanks * tables_crt_shift(t, s);
}

/* 6.26 terrain shifts on the Shock CRT (TABLES.md §2) */
int shock_terrain_shift(const struct spqr_tables *t,
			const struct shock_shift_input *in)
{
	if (!t || !in)
		return 0;
	int s = 0;
	switch (in->defender_terrain) {
	case TERRAIN_WOODS:
		s += tables_crt_shift(t, SHIFT_DEFENDER_IN_WOODS);
		break;
	case TERRAIN_BROKEN:
		s += tables_crt_shift(t, SHIFT_DEFENDER_IN_BROKEN);
		break;
	case TERRAIN_MARSH:
		s += tables_crt_shift(t, SHIFT_DEFENDER_IN_MARSH);
		break;
	default:
		break;
	}
	if (in->attacker_uphill)
		s += tables_crt_shift(t, SHIFT_ATTACKER_UPHILL);
	if (in->across_stream)
		s += tables_crt_shift(t, SHIFT_ACROSS_STREAM);
	if (in->behind_rampart)
		s += tables_crt_shift(t, SHIFT_DEFENDER_BEHIND_RAMPART);
	return s;
}

/* 8.46 step 3 the unit and terrain shifts: 10.32, 9.41, 6.26 */
struct shock_shifts shock_column_shifts(const struct spqr_tables *t,
					const struct shock_shift_input *in)
{
	struct shock_shifts s;
	memset(&s, 0, sizeof s);
	if (!t || !in)
		return s;
	if (in->attacker_depleted)
		s.depleted_attacker =
			tables_crt_shift(t, SHIFT_DEPLETED_ATTACKER);
	if (in->defender_depleted)
		s.depleted_defender =
			tables_crt_shift(t, SHIFT_DEPLETED_DEFENDER);
	s.phalanx_defense = shock_phalanx_defense(t, in);
	s.terrain = shock_terrain_shift(t, in);
	s.total = s.depleted_attacker + s.depleted_defender +
		  s.phalanx_defense + s.terrain;
	return s;
}

/* 8.46 step 3 Charisma and the killed leader's reverse modifier: his
 * Charisma and constants.ini's extra (SPQR 2, GBA 8.36 none) */
struct leader_drm shock_leader_drm(const struct spqr_tables *t,
				   const struct leader_drm_input *in)
{
	struct leader_drm d = {0, 0, 0};
	if (!in)
		return d;
	int extra = tables_constant(t, RC_KILLED_LEADER_EXTRA_DRM);
	d.charisma = in->attacker_charisma - in->defender_charisma;
	if (in->attacker_leader_killed)
		d.killed -= in->attacker_killed_charisma + extra;
	if (in->defender_leader_killed)
		d.killed += in->defender_killed_charisma + extra;
	d.total = d.charisma + d.killed;
	return d;
}

/* 9.32 light cavalry against heavy foot, unless the defender is Routed;
 * GBA 8.36 step 4 has no such halving (variants.ini) */
bool shock_light_cavalry_halves(const struct spqr_tables *t,
				enum unit_type attacker,
				enum unit_type defender, bool defender_routed)
{
	return tables_variant(t, RV_LIGHT_CAVALRY_HALVING) == LC_HALVING_YES &&
	       tables_type_has(t, attacker, TRAIT_LIGHT_CAVALRY) &&
	       !defender_routed &&
	       tables_type_has(t, defender, TRAIT_HEAVY_FOOT);
}

/* 8.46 step 4: AS x2, DS x3, then 9.23 and 9.32 halvings */
struct shock_hits shock_apply_results(const struct spqr_tables *t,
				      const struct shock_hits_input *in)
{
	struct shock_hits h;
	memset(&h, 0, sizeof h);
	if (!t || !in)
		return h;
	h.attacker_hits = in->attacker_hits;
	h.defender_hits = in->defender_hits;
	if (in->superiority == SUP_AS)
		h.defender_hits *=
			tables_shock_multiplier(t, SM_AS_DEFENDER_HITS);
	else if (in->superiority == SUP_DS)
		h.attacker_hits *=
			tables_shock_multiplier(t, SM_DS_ATTACKER_HITS);
	h.final_attacker_hits = h.attacker_hits;
	h.final_defender_hits = h.defender_hits;
	if (in->defender_skirmisher) { /* 9.23, 8.46 step 4 bullet 3 */
		h.skirmisher_halved = true;
		h.final_attacker_hits /= 2;
		if (h.final_attacker_hits > 1)
			h.final_attacker_hits = 1;
	}
	/* GBA 9.31 #1 (research A24, RULINGS R150): the hits skirmishers
	 * inflict attacking are halved too, with no most; after AS's
	 * doubling the printed figure is left */
	if (in->attacker_skirmisher) {
		h.attacking_skirmisher_halved = true;
		h.final_defender_hits /= 2;
	}
	if (in->light_cavalry_halving) { /* 9.32, 8.46 step 4 bullet 4 */
		h.light_cavalry_halved = true;
		h.final_defender_hits /= 2;
	}
	return h;
}

/* 8.45-8.46 one shock combat from clash to results */
bool shock_calc(const struct spqr_tables *t, const struct shock_input *in,
		struct shock_calc *out)
{
	if (!out)
		return false;
	memset(out, 0, sizeof *out);
	if (!t || !in)
		return false;
	out->attacker = in->attacker;
	out->defender = in->defender;
	out->side = in->side;
	out->roll = in->roll;
	out->base_column =
		shock_clash_column(t, in->attacker, in->defender, in->side);
	if (out->base_column <= 0 || in->roll < 0 || in->roll > 9)
		return false;

	struct superiority_input sup = in->superiority;
	sup.attacker = in->attacker;
	sup.defender = in->defender;
	sup.side = in->side;
	out->superiority = shock_superiority(t, &sup);

	out->size = shock_size_ratio(t, &in->size);

	struct shock_shift_input sh = in->shifts;
	sh.attacker = in->attacker;
	sh.side = in->side;
	sh.defender_phalanx = tables_type_has(t, in->defender, TRAIT_PHALANX);
	out->shifts = shock_column_shifts(t, &sh);

	out->column = out->base_column + out->size.shift + out->shifts.total;
	out->leaders = shock_leader_drm(t, &in->leaders);
	out->modified_roll = in->roll + out->leaders.total;
	out->crt = tables_shock_crt(t, out->column, out->modified_roll);

	struct shock_hits_input hi = {
		.attacker_hits = out->crt.attacker_hits,
		.defender_hits = out->crt.defender_hits,
		.superiority = out->superiority.result,
		.defender_skirmisher = in->defender_skirmisher,
		.attacker_skirmisher = in->attacker_skirmisher,
		.light_cavalry_halving = shock_light_cavalry_halves(
			t, in->attacker, in->defender, in->defender_routed),
	};
	out->hits = shock_apply_results(t, &hi);
	return true;
}
