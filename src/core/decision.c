/* decision.c — the pending decision as data (decision.h). */
#include "maniple/decision.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void decision_init(struct decision *d, struct decision_answer *room, int max)
{
	memset(d, 0, sizeof *d);
	d->side = -1;
	d->ans = room;
	d->max = room && max > 0 ? max : 0;
}

bool decision_add(struct decision_answer *out, int max, int *n, int side,
		  const char *rule, const char *fmt, ...)
{
	if (*n >= max)
		return false;
	struct decision_answer *a = &out[(*n)++];
	a->side = side;
	snprintf(a->rule, sizeof a->rule, "%s", rule ? rule : "");
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(a->line, sizeof a->line, fmt, ap);
	va_end(ap);
	return true;
}

void decision_about(struct decision *d, struct hex h)
{
	if (hex_is_none(h) || d->nabout >= DECISION_ABOUT_MAX)
		return;
	for (int i = 0; i < d->nabout; i++)
		if (hex_eq(d->about[i], h))
			return;
	d->about[d->nabout++] = h;
}

int decision_find(const struct decision *d, const char *line)
{
	for (int i = 0; i < d->n; i++)
		if (strcmp(d->ans[i].line, line) == 0)
			return i;
	return -1;
}

bool decision_answer_for(const struct decision_answer *a, int side)
{
	return a->side < 0 || a->side == side;
}

int decision_owner_first(struct decision *d)
{
	int k = 0;
	for (int i = 0; i < d->n; i++) {
		if (!decision_answer_for(&d->ans[i], d->side))
			continue;
		if (i > k) {
			struct decision_answer t = d->ans[i];
			memmove(&d->ans[k + 1], &d->ans[k],
				sizeof d->ans[0] * (size_t)(i - k));
			d->ans[k] = t;
		}
		k++;
	}
	return k;
}
