// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdio.h>
#include <string.h>

#include "model/fabric/fabric_counts.h"

#define GAUGE(n) "rdma_route_fabric_" n

const struct rr_fabric_count_def rr_fabric_count_defs[RR_FC_NUM] = {
	[RR_FC_PORTS] = { "ports", GAUGE("ports"),
		"CA ports whose routes were walked" },
	[RR_FC_PAIRS] = { "pairs", NULL, NULL },
	[RR_FC_ARRIVED] = { "arrived", NULL, NULL },
	[RR_FC_FAILED] = { "failed", NULL, NULL },
	[RR_FC_DEAD_ENDS] = { "dead_ends", NULL, NULL },
	[RR_FC_LINKS_DOWN] = { "links_down", NULL, NULL },
	[RR_FC_LOOPS] = { "loops", NULL, NULL },
	[RR_FC_BAD_PORTS] = { "bad_ports", NULL, NULL },
	[RR_FC_TABLES_UNREAD] = { "tables_unread", NULL, NULL },
	[RR_FC_LIDS_UNSEEN] = { "lids_unseen", GAUGE("lids_unseen"),
		"LIDs the forwarding tables route that no port seen from here holds" },
	[RR_FC_MAPPED_UNSEEN] = { "mapped_unseen", GAUGE("mapped_unseen"),
		"nodes the node-name map names that are not seen from here (--node-name-map)" },
	[RR_FC_SM_SILENT] = { "sm_silent", GAUGE("sm_silent"),
		"1 when the SM the port knows did not answer SMInfo (or the port knows none)" },
	[RR_FC_STOPPED] = { "stopped", GAUGE("stopped"),
		"phases of the run cut short by SIGINT, SIGTERM or their bound (0: the run ended whole)" },
	[RR_FC_CREDIT_LOOPS] = { "credit_loops", GAUGE("credit_loops"),
		"cycles of the routes' channel dependencies (a lossless fabric can deadlock)" },
	[RR_FC_CHANNEL_DEPENDENCIES] = { "channel_dependencies", NULL, NULL },
	[RR_FC_LONGER_THAN_FEWEST] = { "longer_than_fewest",
		GAUGE("routes_longer_than_fewest"),
		"routes that cross more switches than the cables need" },
	[RR_FC_MOST_EXTRA_SWITCHES] = { "most_extra_switches", NULL, NULL },
	[RR_FC_ASYMMETRIC_PAIRS] = { "asymmetric_pairs",
		GAUGE("asymmetric_pairs"),
		"pairs whose two directions take different cables" },
	[RR_FC_PAIRS_UNCONNECTED] = { "pairs_unconnected",
		GAUGE("pairs_unconnected"),
		"pairs of ports that no cables join" },
	[RR_FC_LINKS_DEGRADED] = { "links_degraded", GAUGE("links_degraded"),
		"cables not ACTIVE though up, below what both ends enable, or slower than both ends' other links" },
	[RR_FC_LINKS_LOST] = { "links_lost", GAUGE("links_lost"),
		"switch ports with no link now whose LinkDownedCounter says they had one" },
	[RR_FC_LINKS_PROBED] = { "links_probed", NULL, NULL },
	[RR_FC_SUSPECT_LINKS] = { "suspect_links", GAUGE("suspect_links"),
		"cables whose probes were lost beyond the cable before them, or whose ends' error counters rose while probed (--probe-links)" },
	[RR_FC_LINKS_BETWEEN_SWITCHES] = { "links_between_switches", NULL, NULL },
	[RR_FC_LOAD_MIN] = { "load_min", NULL, NULL },
	[RR_FC_LOAD_MAX] = { "load_max", NULL, NULL },
	[RR_FC_LINKS_HOT] = { "links_hot", GAUGE("links_hot"),
		"links between switches that carry half again their fair share or more" },
	[RR_FC_ROUTES_COMPARED] = { "routes_compared", NULL, NULL },
	[RR_FC_ROUTES_MOVED] = { "routes_moved", GAUGE("routes_moved"),
		"routes that cross other switches or ports than in the run compared with (--compare)" },
	[RR_FC_PORTS_GONE] = { "ports_gone", GAUGE("ports_gone"),
		"CA ports of the run compared with whose cable's other end is seen now, the cable down (--compare)" },
	[RR_FC_PORTS_UNREACHABLE] = { "ports_unreachable",
		GAUGE("ports_unreachable"),
		"CA ports of the run compared with (--compare), else of the SM's view, that are not reachable from this port now" },
	[RR_FC_PORTS_NEW] = { "ports_new", NULL, NULL },
	[RR_FC_LINKS_GONE] = { "links_gone", GAUGE("links_gone"),
		"cables of the run compared with, an end seen now, that are not there now (--compare)" },
	[RR_FC_LINKS_UNREACHABLE] = { "links_unreachable", NULL, NULL },
	[RR_FC_LINKS_NEW] = { "links_new", GAUGE("links_new"),
		"cables there now that the run compared with did not have (--compare)" },
	[RR_FC_CREDIT_LOOPS_NEW] = { "credit_loops_new", GAUGE("credit_loops_new"),
		"credit loops that hold no channel of the run compared with's loops (--compare)" },
	[RR_FC_CREDIT_LOOPS_VANISHED] = { "credit_loops_vanished", NULL, NULL },
};

static void set(struct rr_fabric_counts *c, enum rr_fabric_count i,
		uint64_t v)
{
	c->v[i] = v;
	c->known[i] = true;
}

static void fill_compared(struct rr_fabric_counts *c,
			  const struct rr_compare *cmp)
{
	set(c, RR_FC_ROUTES_COMPARED, cmp->compared);
	set(c, RR_FC_ROUTES_MOVED, cmp->moved);
	set(c, RR_FC_PORTS_GONE, cmp->ports_gone);
	set(c, RR_FC_PORTS_UNREACHABLE, cmp->ports_unreachable);
	set(c, RR_FC_PORTS_NEW, cmp->ports_new);
	set(c, RR_FC_LINKS_GONE, cmp->num_gone);
	set(c, RR_FC_LINKS_UNREACHABLE, cmp->links_unreachable);
	set(c, RR_FC_LINKS_NEW, cmp->num_added);
	set(c, RR_FC_CREDIT_LOOPS_NEW, cmp->num_new);
	set(c, RR_FC_CREDIT_LOOPS_VANISHED, cmp->num_vanished);
}

void rr_fabric_counts_fill(struct rr_fabric_counts *c,
			   const struct rr_fabric_found *f)
{
	const struct rr_routes *s = f->s;

	memset(c, 0, sizeof(*c));
	set(c, RR_FC_PORTS, f->ports);
	set(c, RR_FC_PAIRS, s->pairs);
	set(c, RR_FC_ARRIVED, s->arrived);
	set(c, RR_FC_FAILED, s->pairs - s->arrived);
	set(c, RR_FC_DEAD_ENDS, s->dead_ends);
	set(c, RR_FC_LINKS_DOWN, s->links_down);
	set(c, RR_FC_LOOPS, s->loops);
	set(c, RR_FC_BAD_PORTS, s->bad_ports);
	set(c, RR_FC_TABLES_UNREAD, s->unread);
	if (f->sm_asked)
		set(c, RR_FC_SM_SILENT, !f->sm_answered);
	if (f->stops)
		set(c, RR_FC_STOPPED, f->stops->n);
	if (f->loops_checked) {
		set(c, RR_FC_CREDIT_LOOPS, f->credit_loops);
		set(c, RR_FC_CHANNEL_DEPENDENCIES, f->channel_dependencies);
	}
	if (f->topo) {
		set(c, RR_FC_LONGER_THAN_FEWEST, f->topo->longer);
		set(c, RR_FC_MOST_EXTRA_SWITCHES, f->topo->most_extra);
		set(c, RR_FC_PAIRS_UNCONNECTED, f->topo->unconnected);
	}
	if (f->asymmetric >= 0)
		set(c, RR_FC_ASYMMETRIC_PAIRS, (uint64_t)f->asymmetric);
	set(c, RR_FC_LINKS_DEGRADED, f->links_degraded);
	if (f->lost_checked)
		set(c, RR_FC_LINKS_LOST, f->links_lost);
	if (f->probed) {
		set(c, RR_FC_LINKS_PROBED, f->links_probed);
		set(c, RR_FC_SUSPECT_LINKS, f->suspect_links);
	}
	set(c, RR_FC_LINKS_BETWEEN_SWITCHES, f->links_between_switches);
	if (f->spread_links) {
		set(c, RR_FC_LOAD_MIN, f->load_min);
		set(c, RR_FC_LOAD_MAX, f->load_max);
		set(c, RR_FC_LINKS_HOT, f->links_hot);
	}
	if (f->unseen)
		set(c, RR_FC_LIDS_UNSEEN, f->unseen->n);
	if (f->map_given)
		set(c, RR_FC_MAPPED_UNSEEN, f->mapped_unseen);
	if (f->cmp)
		fill_compared(c, f->cmp);
	else if (f->unseen && f->unseen->asked)
		/* The SM's view is the baseline: CA ports it has, not seen. */
		set(c, RR_FC_PORTS_UNREACHABLE, f->unseen->ca_ports);
}

int rr_fabric_count_find(const char *name)
{
	int i;

	for (i = 0; i < RR_FC_NUM; i++)
		if (!strcmp(rr_fabric_count_defs[i].name, name))
			return i;
	return -1;
}

void rr_fabric_count_names(char *buf, size_t len)
{
	size_t used = 0;
	int i, n;

	if (len)
		buf[0] = '\0';
	for (i = 0; i < RR_FC_NUM && used < len; i++) {
		n = snprintf(buf + used, len - used, "%s%s", i ? ", " : "",
			     rr_fabric_count_defs[i].name);
		if (n < 0)
			return;
		used += (size_t)n;
	}
}
