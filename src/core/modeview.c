/* modeview.c — the modes' view-model (modeview.h). */
#include "maniple/modeview.h"

const struct order_step *order_view_pair_from(const struct order_view *ov,
					      struct hex a)
{
	for (int i = 0; i < ov->nsteps; i++)
		if (hex_eq(ov->step[i].a, a) && !hex_is_none(ov->step[i].b))
			return &ov->step[i];
	return NULL;
}
