/* teach_line.c — lists of narration lines (teach_line.h). */
#include "maniple/teach_line.h"

#include <stdlib.h>

void teach_list_init(struct teach_list *l)
{
	l->v = NULL;
	l->n = l->cap = 0;
}

void teach_list_free(struct teach_list *l)
{
	free(l->v);
	teach_list_init(l);
}

void teach_list_clear(struct teach_list *l)
{
	l->n = 0;
}
