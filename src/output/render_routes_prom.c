// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdio.h>

#include "output/prom_samples.h"
#include "output/render_prom.h"
#include "output/render_routes_prom.h"

static const struct pr_metric m_pairs = { "rdma_route_fabric_routes", "gauge",
	"routes of --sa --trace --all-pairs by how they end: arrived, or a cause" };
static const struct pr_metric m_crossed = { "rdma_route_fabric_routes_switches_crossed",
	"gauge", "routes that arrive by the switches they cross" };
static const struct pr_metric m_fair = { "rdma_route_fabric_fair_share_routes",
	"gauge", "routes over links between switches, per such link" };
static const struct pr_metric m_expect = { "rdma_route_fabric_expect_failures",
	"gauge", "how many of --expect on the routes' counts did not hold" };
static const struct pr_metric m_faults = { "rdma_route_fabric_faults", "gauge",
	"findings of --sa --trace --all-pairs whose severity is fault (exit 1)" };
static const struct pr_metric m_warnings = { "rdma_route_fabric_warnings", "gauge",
	"findings of --sa --trace --all-pairs whose severity is warning" };
static const struct pr_metric m_link = { "rdma_route_link_routes", "gauge",
	"routes that leave by this switch port (--sa --trace --all-pairs)" };

static const struct pr_metric *const families[] = {
	&m_pairs, &m_crossed, &m_fair, &m_expect, &m_faults, &m_warnings,
	&m_link,
};

/* The counts of fabric_counts.h that have a gauge, when counted. */
static void count_samples(struct printer *p, const struct rr_routes_view *v)
{
	const struct rr_fabric_count_def *d;
	struct pr_metric m;
	int i;

	for (i = 0; i < RR_FC_NUM; i++) {
		d = &rr_fabric_count_defs[i];
		if (!d->prom || !v->counts.known[i])
			continue;
		m = (struct pr_metric){ d->prom, "gauge", d->help };
		pr_sample(p, &m, NULL, NULL, 0, (double)v->counts.v[i]);
	}
}

static void by_end(struct printer *p, const char *end, uint64_t n)
{
	struct pr_label l = { "end", end };

	pr_sample(p, &m_pairs, NULL, &l, 1, (double)n);
}

static void link_sample(struct printer *p, const struct rr_routes_view *v,
			size_t i)
{
	const struct rr_gport *gp = &v->g->ports[i];
	char guid[24], port[8], peer_port[8];
	struct pr_label ls[5];
	unsigned int k;
	size_t node;

	rr_graph_port_at(v->g, i, &node, &k);
	snprintf(guid, sizeof(guid), "0x%016llx",
		 (unsigned long long)v->g->nodes[node].guid);
	snprintf(port, sizeof(port), "%u", k);
	snprintf(peer_port, sizeof(peer_port), "%u", gp->peer_port);
	ls[0] = (struct pr_label){ "node", rr_graph_name(v->g, v->names, node) };
	ls[1] = (struct pr_label){ "node_guid", guid };
	ls[2] = (struct pr_label){ "port", port };
	ls[3] = (struct pr_label){ "peer", rr_graph_name(v->g, v->names, gp->peer) };
	ls[4] = (struct pr_label){ "peer_port", peer_port };
	pr_sample(p, &m_link, NULL, ls, 5, (double)v->s->loads[i]);
}

void rr_prom_routes(struct printer *p, const struct rr_routes_view *v)
{
	const struct rr_routes *s = v->s;
	size_t num_links;
	double fair = rr_routes_fair_share(s, v->g, &num_links);
	struct pr_label l;
	char key[16];
	unsigned int k;
	size_t i, node;

	by_end(p, "arrived", s->arrived);
	by_end(p, "route_dead_end", s->dead_ends);
	by_end(p, "route_link_down", s->links_down);
	by_end(p, "route_loop", s->loops);
	by_end(p, "route_bad_port", s->bad_ports);
	by_end(p, "smp_timeout", s->unread);
	for (k = 0; k <= s->max_crossed; k++) {
		if (!s->crossed[k])
			continue;
		snprintf(key, sizeof(key), "%u", k);
		l = (struct pr_label){ "switches", key };
		pr_sample(p, &m_crossed, NULL, &l, 1, (double)s->crossed[k]);
	}
	pr_sample(p, &m_fair, NULL, NULL, 0, fair);
	count_samples(p, v);
	pr_sample(p, &m_expect, NULL, NULL, 0, (double)v->num_expect_failed);
	pr_sample(p, &m_faults, NULL, NULL, 0, (double)v->verdict.faults);
	pr_sample(p, &m_warnings, NULL, NULL, 0, (double)v->verdict.warnings);
	for (i = 0; i < v->g->num_ports; i++) {
		rr_graph_port_at(v->g, i, &node, &k);
		if (v->g->nodes[node].type == RR_NODE_SWITCH &&
		    v->g->ports[i].peer != RR_NO_NODE)
			link_sample(p, v, i);
	}
	rr_prom_run_info(p);
}

void rr_prom_routes_families(void (*fn)(const char *name, const char *type,
					void *ctx), void *ctx)
{
	size_t i;

	for (i = 0; i < sizeof(families) / sizeof(families[0]); i++)
		fn(families[i]->name, families[i]->type, ctx);
	for (i = 0; i < RR_FC_NUM; i++)
		if (rr_fabric_count_defs[i].prom)
			fn(rr_fabric_count_defs[i].prom, "gauge", ctx);
}
