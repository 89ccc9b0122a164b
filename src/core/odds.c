/* odds.c — the exact odds of a step one die decides (odds.h). */
#include "maniple/odds.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void odds_init(struct odds *o, int faces, const char *rule)
{
	memset(o, 0, sizeof *o);
	o->faces = faces > 0 && faces <= ODDS_FACES_MAX ? faces : 0;
	o->rolls = o->faces;
	snprintf(o->rule, sizeof o->rule, "%s", rule ? rule : "");
	for (int i = 0; i < ODDS_FACES_MAX; i++)
		o->face[i] = -1;
}

void odds_init_pair(struct odds *o, int faces, const char *rule)
{
	odds_init(o, faces, rule);
	o->rolls = o->faces * o->faces;
}

/* The outcome called name counted once more (added when new). */
static int count_outcome(struct odds *o, int value, const char *name)
{
	int k = odds_find(o, name);
	if (k < 0) {
		if (o->n == ODDS_OUTCOMES_MAX)
			return -1;
		k = o->n++;
		snprintf(o->out[k].name, sizeof o->out[k].name, "%s", name);
		o->out[k].value = value;
	}
	o->out[k].faces++;
	return k;
}

bool odds_pair(struct odds *o, int a, int b, int value, const char *fmt, ...)
{
	if (o->rolls == o->faces || a < 0 || a >= o->faces || b < 0 ||
	    b >= o->faces)
		return false;
	char name[ODDS_NAME_MAX];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(name, sizeof name, fmt, ap);
	va_end(ap);
	return count_outcome(o, value, name) >= 0;
}

bool odds_face(struct odds *o, int die, int value, const char *fmt, ...)
{
	if (o->rolls != o->faces || die < 0 || die >= o->faces ||
	    o->face[die] >= 0)
		return false;
	char name[ODDS_NAME_MAX];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(name, sizeof name, fmt, ap);
	va_end(ap);
	/* never full: at most one outcome a face */
	o->face[die] = (signed char)count_outcome(o, value, name);
	return true;
}

int odds_find(const struct odds *o, const char *name)
{
	for (int k = 0; k < o->n; k++)
		if (strcmp(o->out[k].name, name) == 0)
			return k;
	return -1;
}

int odds_faces(const struct odds *o, const char *name)
{
	int k = odds_find(o, name);
	return k < 0 ? 0 : o->out[k].faces;
}

double odds_chance(const struct odds *o, const char *name)
{
	return o->rolls ? (double)odds_faces(o, name) / o->rolls : 0.0;
}

int odds_percent(const struct odds *o, const char *name)
{
	if (!o->rolls)
		return 0;
	return (odds_faces(o, name) * 200 + o->rolls) / (2 * o->rolls);
}

bool odds_complete(const struct odds *o)
{
	if (!o->faces)
		return false;
	if (o->rolls != o->faces) {
		int n = 0;
		for (int k = 0; k < o->n; k++)
			n += o->out[k].faces;
		return n == o->rolls;
	}
	for (int d = 0; d < o->faces; d++)
		if (o->face[d] < 0)
			return false;
	return true;
}

double odds_value_at_least(const struct odds *o, int v)
{
	int n = 0;
	for (int k = 0; k < o->n; k++)
		if (o->out[k].value >= v)
			n += o->out[k].faces;
	return o->rolls ? (double)n / o->rolls : 0.0;
}

size_t odds_list(const struct odds *o, char *out, size_t n)
{
	size_t len = 0;
	if (!n)
		return 0;
	out[0] = '\0';
	for (int j = 0; j < o->n && len + 1 < n; j++) {
		int w = snprintf(out + len, n - len, "%s%s %d%%", j ? ", " : "",
				 o->out[j].name, odds_percent(o, o->out[j].name));
		if (w < 0)
			break;
		len += (size_t)w;
	}
	return len < n ? len : n - 1;
}
