/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * --sa --trace --all-pairs in Prometheus: the routes counted by how they
 * end and by switches crossed, the fair share, and how many routes leave
 * by each switch port with a cable.
 */
#ifndef RR_RENDER_ROUTES_PROM_H
#define RR_RENDER_ROUTES_PROM_H

#include "output/render_routes.h"

void rr_prom_routes(struct printer *p, const struct rr_routes_view *v);

/*
 * Calls FN with each family the routes can write and its type, for
 * rr_prom_families().
 */
void rr_prom_routes_families(void (*fn)(const char *name, const char *type,
					void *ctx), void *ctx);

#endif
