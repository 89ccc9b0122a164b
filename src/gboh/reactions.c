/* reactions.c — the window of reactions between the steps of a move
 * (reactions.h). */
#include "maniple/reactions.h"

#include <string.h>

static const char *const kind_names[RK_COUNT] = {
	"none", "shock_mark", "withdraw", "face", "reverse", "leader_withdraw",
};

void reaction_state_init(struct reaction_state *s)
{
	memset(s, 0, sizeof *s);
	s->trigger = s->taken = -1;
}

/* 7.15, 7.16: once per Orders Phase */
void reactions_phase_begin(struct game *g)
{
	reaction_state_init(&g->react);
}

void reaction_state_text(const struct game *g, FILE *f)
{
	const struct reaction_state *s = &g->react;
	fprintf(f, "reactions trigger=%s taken=%d offers=%d",
		s->trigger >= 0 ? g->units[s->trigger].id : "-", s->taken,
		s->noffers);
	for (int i = 0; i < s->noffers; i++) {
		const struct reaction_offer *o = &s->offers[i];
		fprintf(f, " %s:%s:%d:%d:%d:%d", kind_names[o->kind],
			o->unit >= 0	 ? g->units[o->unit].id
			: o->leader >= 0 ? g->leaders[o->leader].id
					 : "-",
			o->side, o->state, o->mp, o->used);
	}
	fputc('\n', f);
}

bool reactions_pending(const struct game *g)
{
	const struct reaction_state *s = &g->react;
	for (int i = 0; i < s->noffers; i++)
		if (s->offers[i].state != RO_DONE)
			return true;
	return false;
}

int reaction_offer_add(struct game *g, const struct reaction_offer *o)
{
	struct reaction_state *s = &g->react;
	if (s->noffers >= REACTION_OFFERS_MAX)
		return -1;
	s->offers[s->noffers] = *o;
	return s->noffers++;
}

void reaction_offer_done(struct game *g, int i)
{
	struct reaction_state *s = &g->react;
	if (i < 0 || i >= s->noffers)
		return;
	s->offers[i].state = RO_DONE;
	if (s->taken == i)
		s->taken = -1;
	if (!reactions_pending(g)) {
		s->noffers = 0;
		s->trigger = -1;
	}
}
