// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mad/fabric_disc.h"
#include "mad/fabric_tables.h"
#include "mad/mad_window.h"
#include "mad/sa_lib.h"
#include "base/clock.h"

/* Entries of a LinearForwardingTable block (IBA 14.2.5.10). */
#define LFT_BLOCK 64

/* A block to read: switch NODE's BLOCK. */
struct job {
	uint32_t node;
	uint32_t block;
};

struct reader {
	const struct rr_sa_lib *ib;
	struct ibmad_port *mad;
	struct rr_graph *g;
	const ib_portid_t *paths;
	const struct rr_fabric_tables_params *p;
	struct rr_graph_read *info;
	uint8_t **tables;	/* by node: the table being read */
	bool *failed;		/* by node: a block did not come back */
	struct job *jobs;	/* a block's SMP carries its job's index */
	size_t num_jobs, next_job;
	struct rr_mad_window *win;
};

/* Each switch's table made, every entry unset, and its blocks to read. */
static bool plan(struct reader *r)
{
	struct rr_graph *g = r->g;
	uint32_t len, b, blocks;
	size_t i, total = 0;

	for (i = 0; i < g->num_nodes; i++)
		if (g->nodes[i].type == RR_NODE_SWITCH)
			total += (g->nodes[i].lft_len + LFT_BLOCK - 1) / LFT_BLOCK;
	r->jobs = malloc((total ? total : 1) * sizeof(*r->jobs));
	if (!r->jobs)
		return false;
	for (i = 0; i < g->num_nodes; i++) {
		if (g->nodes[i].type != RR_NODE_SWITCH)
			continue;
		r->info->switches++;
		len = g->nodes[i].lft_len;
		if (!len || len > RR_MAX_UNICAST_LID + 1)
			len = RR_MAX_UNICAST_LID + 1;
		blocks = (len + LFT_BLOCK - 1) / LFT_BLOCK;
		g->nodes[i].lft_len = blocks * LFT_BLOCK;
		r->tables[i] = malloc((size_t)blocks * LFT_BLOCK);
		if (!r->tables[i])
			return false;
		memset(r->tables[i], RR_LFT_UNSET, (size_t)blocks * LFT_BLOCK);
		for (b = 0; b < blocks && r->num_jobs < total; b++)
			r->jobs[r->num_jobs++] = (struct job){ (uint32_t)i, b };
	}
	return true;
}

/* The next block of a switch whose table is still whole, sent. */
static void send_next(struct reader *r)
{
	ib_portid_t to;
	ib_rpc_t rpc;
	size_t i;

	while (r->next_job < r->num_jobs) {
		i = r->next_job++;
		if (r->failed[r->jobs[i].node])
			continue;	/* its table is lost already */
		memset(&rpc, 0, sizeof(rpc));
		rpc.mgtclass = IB_SMI_DIRECT_CLASS;
		rpc.method = IB_MAD_METHOD_GET;
		rpc.attr.id = IB_ATTR_LINEARFORWTBL;
		rpc.attr.mod = r->jobs[i].block;
		rpc.datasz = IB_SMP_DATA_SIZE;
		rpc.dataoffs = IB_SMP_DATA_OFFS;
		to = r->paths[r->jobs[i].node];
		r->info->blocks++;
		if (rr_mad_send(r->win, RR_MAD_TABLES, i, &rpc, &to, NULL,
				rr_mad_now_ms() + r->p->timeout_ms)) {
			r->info->blocks_lost++;
			r->failed[r->jobs[i].node] = true;
			continue;
		}
		return;
	}
}

/* One block's answer, error or timeout, into its switch's table. */
static void receive(struct reader *r)
{
	struct rr_mad_reply rep;
	const struct job *j;

	rr_mad_next(r->win, RR_MAD_TABLES,
		    rr_mad_now_ms() + r->p->timeout_ms, &rep);
	if (rep.event == RR_MAD_NONE || rep.cookie >= r->num_jobs)
		return;
	j = &r->jobs[rep.cookie];
	if (rep.event != RR_MAD_ANSWER || rep.status ||
	    rep.len < IB_SMP_DATA_OFFS + LFT_BLOCK) {
		r->info->blocks_lost++;
		r->failed[j->node] = true;
		return;
	}
	memcpy(r->tables[j->node] + (size_t)j->block * LFT_BLOCK,
	       rep.mad + IB_SMP_DATA_OFFS, LFT_BLOCK);
}

/*
 * Every block read (or given up; those not asked when the phase was cut
 * lose their table), then each table into the graph.
 */
static void read_all(struct reader *r)
{
	struct rr_mad_bound *b = r->p->bound;
	size_t i;

	rr_mad_bound_phase(b, r->num_jobs,
			   rr_mad_phase_ms(r->num_jobs, 1, r->p->timeout_ms));
	for (;;) {
		while (rr_mad_in_flight(r->win, RR_MAD_TABLES) < r->p->window &&
		       r->next_job < r->num_jobs && !rr_mad_bound_over(b))
			send_next(r);
		if (!rr_mad_in_flight(r->win, RR_MAD_TABLES))
			break;
		receive(r);
	}
	if (b)
		b->done = r->next_job;
	for (i = r->next_job; i < r->num_jobs; i++)
		r->failed[r->jobs[i].node] = true;
	for (i = 0; i < r->g->num_nodes; i++) {
		if (r->g->nodes[i].type != RR_NODE_SWITCH)
			continue;
		if (r->failed[i]) {
			free(r->tables[i]);
			rr_graph_set_lft(r->g, i, NULL, 0, false);
			r->info->tables_unread++;
		} else {
			rr_graph_set_lft(r->g, i, r->tables[i],
					 r->g->nodes[i].lft_len, true);
		}
		r->tables[i] = NULL;
	}
}

static bool read_tables(struct reader *r, char *why, size_t why_len)
{
	const struct rr_sa_lib *ib = r->ib;
	int classes[] = { IB_SMI_CLASS, IB_SMI_DIRECT_CLASS };
	size_t n = r->g->num_nodes ? r->g->num_nodes : 1, i;
	bool ok = false;

	r->mad = ib->mad_rpc_open_port((char *)r->p->ca, r->p->port, classes, 2);
	if (!r->mad) {
		snprintf(why, why_len, "mad_rpc_open_port(): %s",
			 strerror(errno ? errno : EIO));
		return false;
	}
	r->tables = calloc(n, sizeof(*r->tables));
	r->failed = calloc(n, sizeof(*r->failed));
	r->win = rr_mad_window_new(ib, r->mad, IB_MAD_SIZE);
	if (r->tables && r->failed && r->win && plan(r)) {
		read_all(r);
		ok = true;
	} else {
		snprintf(why, why_len, "%s", strerror(ENOMEM));
	}
	for (i = 0; r->tables && i < r->g->num_nodes; i++)
		free(r->tables[i]);
	free(r->tables);
	free(r->failed);
	free(r->jobs);
	rr_mad_window_free(r->win);
	ib->mad_rpc_close_port(r->mad);
	return ok;
}

bool rr_fabric_tables_fill(const struct rr_sa_lib *ib,
			   const struct rr_fabric_tables_params *p,
			   struct rr_graph *g, const ib_portid_t *paths,
			   struct rr_graph_read *info, char *why,
			   size_t why_len)
{
	struct reader r = {
		.ib = ib, .g = g, .paths = paths, .p = p, .info = info,
	};

	return read_tables(&r, why, why_len);
}

bool rr_fabric_tables_read(const struct rr_fabric_tables_params *p,
			   struct rr_graph *g,
			   struct rr_graph_read *info,
			   bool *no_library, char *why, size_t why_len)
{
	struct rr_fabric_disc_params dp = {
		.ca = p->ca, .port = p->port, .timeout_ms = p->timeout_ms,
		.max_smps = p->window, .retries = p->retries,
		.bound = p->bound,
	};
	struct timespec t0 = rr_now(), t1;
	struct rr_sa_lib ib;
	ib_portid_t *paths;
	bool ok;

	memset(info, 0, sizeof(*info));
	memset(g, 0, sizeof(*g));
	*no_library = !rr_sa_lib_open(&ib, why, why_len);
	if (*no_library)
		return false;
	if (!rr_fabric_discover_graph(&dp, &ib, g, &paths, no_library, why,
				      why_len)) {
		rr_sa_lib_close(&ib);
		return false;
	}
	t1 = rr_now();
	info->discover_ms = rr_ts_ms(&t1, &t0);
	ok = rr_fabric_tables_fill(&ib, p, g, paths, info, why, why_len);
	t0 = rr_now();
	info->tables_ms = rr_ts_ms(&t0, &t1);
	free(paths);
	rr_sa_lib_close(&ib);
	if (!ok)
		rr_graph_free(g);
	return ok;
}
