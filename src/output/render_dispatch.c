// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The one place the format chooses a renderer: the record renderers
 * (text, JSON, JSON Lines) or the Prometheus ones, a table each.
 */
#include "output/render.h"
#include "output/render_chain.h"
#include "output/render_matrix.h"
#include "output/render_ports.h"
#include "output/render_prom.h"
#include "output/render_records.h"
#include "output/render_routes.h"
#include "output/render_routes_prom.h"

struct renderer {
	void (*result)(struct printer *p, const struct rr_result *r,
		       bool brief);
	void (*statistics)(struct printer *p, const struct rr_dest_stats *d);
	void (*summary)(struct printer *p, const struct rr_tally *t,
			size_t destinations, size_t input_errors,
			const char *host);
	void (*ports)(struct printer *p, const struct rr_port *ports, int n);
	void (*cm_defaults)(struct printer *p,
			    const struct rr_port_cm_defaults *ports, int n);
	void (*matrix)(struct printer *p, const struct rr_matrix_view *v);
	void (*routes)(struct printer *p, const struct rr_routes_view *v);
	void (*route)(struct printer *p, const struct rr_routes_view *v,
		      const struct rr_route *r, size_t src, size_t dst);
};

/* Prometheus has no record of a pair: its families count them. */
static void no_route(struct printer *p, const struct rr_routes_view *v,
		     const struct rr_route *r, size_t src, size_t dst)
{
}

static const struct renderer records = {
	.result = rr_record_result,
	.statistics = rr_record_statistics,
	.summary = rr_record_summary,
	.ports = rr_record_ports,
	.cm_defaults = rr_record_cm_defaults,
	.matrix = rr_record_matrix,
	.routes = rr_record_routes,
	.route = rr_record_route,
};

static const struct renderer prometheus = {
	.result = rr_prom_result,
	.statistics = rr_prom_statistics,
	.summary = rr_prom_summary,
	.ports = rr_prom_ports,
	.cm_defaults = rr_prom_cm_defaults,
	.matrix = rr_prom_matrix,
	.routes = rr_prom_routes,
	.route = no_route,
};

static const struct renderer *of(const struct printer *p)
{
	return pr_format(p) == RR_FORMAT_PROM ? &prometheus : &records;
}

void rr_render_result(struct printer *p, const struct rr_result *r,
		      bool brief)
{
	of(p)->result(p, r, brief);
}

void rr_render_statistics(struct printer *p, const struct rr_dest_stats *d)
{
	of(p)->statistics(p, d);
}

void rr_render_summary(struct printer *p, const struct rr_tally *t,
		       size_t destinations, size_t input_errors,
		       const char *host)
{
	of(p)->summary(p, t, destinations, input_errors, host);
}

void rr_render_ports(struct printer *p, const struct rr_port *ports, int n)
{
	of(p)->ports(p, ports, n);
}

void rr_render_cm_defaults(struct printer *p,
			   const struct rr_port_cm_defaults *ports, int n)
{
	of(p)->cm_defaults(p, ports, n);
}

void rr_render_matrix(struct printer *p, const struct rr_matrix_view *v)
{
	of(p)->matrix(p, v);
}

void rr_render_routes(struct printer *p, const struct rr_routes_view *v)
{
	of(p)->routes(p, v);
}

void rr_render_route(struct printer *p, const struct rr_routes_view *v,
		     const struct rr_route *r, size_t src, size_t dst)
{
	of(p)->route(p, v, r, src, dst);
}
