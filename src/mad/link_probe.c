// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "mad/link_probe.h"
#include "mad/mad_batch.h"
#include "model/fabric/fabric_routes.h"

/* The PortCounters that say a link is bad, added up. */
static const int error_fields[] = {
	IB_PC_ERR_SYM_F, IB_PC_LINK_RECOVERS_F, IB_PC_LINK_DOWNED_F,
	IB_PC_ERR_RCV_F, IB_PC_ERR_PHYSRCV_F, IB_PC_XMT_DISCARDS_F,
	IB_PC_ERR_LOCALINTEG_F, IB_PC_ERR_EXCESS_OVR_F,
};

struct prober {
	const struct rr_sa_lib *ib;
	struct rr_mad_window *win;
	const struct rr_fabric_tables_params *p;
	const struct rr_graph *g;
	const struct timespec *deadline;
	const struct rr_link_probe_watch *watch;
	struct rr_mad_q *qs;
	size_t window;
	unsigned long long sent, lost, total;
};

static bool past(const struct prober *pr)
{
	struct timespec now = rr_now();

	return rr_ts_ms(&now, pr->deadline) >= 0;
}

/* The PMA query of graph port I's counters: to its node's LID. */
static void counters_of(const struct prober *pr, size_t i, struct rr_mad_q *q)
{
	const struct rr_graph *g = pr->g;
	size_t node;
	unsigned int port;

	rr_graph_port_at(g, i, &node, &port);
	/* Every port of a switch answers at the switch's LID. */
	rr_mad_q_counters(q, pr->ib, g->nodes[node].type == RR_NODE_SWITCH ?
			  rr_graph_port(g, node, 0)->lid : g->ports[i].lid,
			  port);
}

static uint64_t errors_in(const struct prober *pr, const struct rr_mad_q *q)
{
	uint64_t sum = 0;
	uint32_t v;
	size_t k;

	for (k = 0; k < sizeof(error_fields) / sizeof(error_fields[0]); k++) {
		v = 0;
		pr->ib->mad_decode_field((uint8_t *)q->data, error_fields[k], &v);
		sum += v;
	}
	return sum;
}

/* The counters of the N graph PORTS not yet READ, a window at a time. */
static void ask_counters(const struct prober *pr, const size_t *ports,
			 size_t n, uint64_t *sums, bool *read)
{
	size_t at = 0, k, chunk, idx[RR_LINK_PROBE_WINDOW];
	struct timespec deadline;

	while (at < n) {
		/* A far end the discovery did not find has no LID to ask. */
		for (chunk = 0; at < n && chunk < pr->window; at++)
			if (!read[at] && ports[at] != SIZE_MAX)
				idx[chunk++] = at;
		if (!chunk)
			break;
		for (k = 0; k < chunk; k++)
			counters_of(pr, ports[idx[k]], &pr->qs[k]);
		deadline = rr_ts_add_ms(rr_now(), pr->p->timeout_ms);
		rr_mad_batch(pr->win, pr->ib, pr->qs, (int)chunk,
			     pr->p->timeout_ms, &deadline);
		for (k = 0; k < chunk; k++) {
			read[idx[k]] = pr->qs[k].ok;
			sums[idx[k]] = pr->qs[k].ok ? errors_in(pr, &pr->qs[k]) : 0;
		}
	}
}

/*
 * The error counters of the N graph PORTS into SUMS, each asked again
 * while it does not answer (its way may cross the lossy cable); READ
 * false for a port that never did.
 */
static void read_counters(const struct prober *pr, const size_t *ports,
			  size_t n, uint64_t *sums, bool *read)
{
	int tries;

	memset(read, 0, n * sizeof(*read));
	for (tries = 0; tries < RR_LINK_PROBE_COUNTER_TRIES; tries++)
		ask_counters(pr, ports, n, sums, read);
}

/* The directed route of cable C, through it. */
static void route_of(const struct rr_probe_cable *c, ib_portid_t *to)
{
	memset(to, 0, sizeof(*to));
	to->drpath.cnt = (int)c->hops;
	memcpy(to->drpath.p + 1, c->route, c->hops);
}

/* A probe Q of cable E: sent, and answered in RTT or lost. */
static void count(struct prober *pr, const struct rr_mad_q *q,
		  struct rr_link_evidence *e)
{
	e->sent++;
	if (!q->ok) {
		pr->lost++;
		return;
	}
	e->answered++;
	e->rtt_sum_ms += q->rtt_ms;
	if (q->rtt_ms > e->rtt_max_ms)
		e->rtt_max_ms = q->rtt_ms;
}

/* ROUNDS probes of each of the N cables, a window at a time, into EV. */
static void probe(struct prober *pr, const struct rr_probe_cable *c,
		  size_t n, unsigned int rounds, struct rr_link_evidence *ev)
{
	size_t at, k, chunk;
	unsigned int r;
	ib_portid_t to;
	struct timespec deadline;

	for (r = 0; r < rounds; r++) {
		for (at = 0; at < n; at += chunk) {
			if (past(pr))
				return;
			chunk = n - at < pr->window ? n - at : pr->window;
			for (k = 0; k < chunk; k++) {
				route_of(&c[at + k], &to);
				rr_mad_q_smp(&pr->qs[k], &to, IB_ATTR_NODE_INFO, 0);
			}
			deadline = rr_ts_add_ms(rr_now(), pr->p->timeout_ms);
			rr_mad_batch(pr->win, pr->ib, pr->qs, (int)chunk,
				     pr->p->timeout_ms, &deadline);
			for (k = 0; k < chunk; k++)
				count(pr, &pr->qs[k], &ev[at + k]);
			pr->sent += chunk;
			if (pr->watch)
				pr->watch->seen(pr->watch->ctx, pr->sent,
						pr->lost, pr->total);
		}
	}
}

/* Both ends of every cable: their counters before, then after. */
static bool probe_and_read(struct prober *pr, const struct rr_probe_cable *c,
			   size_t n, unsigned int probes,
			   struct rr_link_evidence *ev)
{
	size_t *ports = malloc(2 * n * sizeof(*ports)), i;
	uint64_t *before = malloc(2 * n * sizeof(*before));
	uint64_t *after = malloc(2 * n * sizeof(*after));
	bool *read_before = malloc(2 * n * sizeof(*read_before));
	bool *read_after = malloc(2 * n * sizeof(*read_after)), ok = false;

	if (!ports || !before || !after || !read_before || !read_after)
		goto out;
	for (i = 0; i < n; i++) {
		ports[2 * i] = c[i].near_port;
		ports[2 * i + 1] = c[i].far_port;
		ev[i] = (struct rr_link_evidence){
			.near_port = c[i].near_port, .far_port = c[i].far_port,
			.parent = c[i].parent,
		};
	}
	read_counters(pr, ports, 2 * n, before, read_before);
	pr->total = (unsigned long long)n * probes;
	probe(pr, c, n, probes, ev);
	read_counters(pr, ports, 2 * n, after, read_after);
	for (i = 0; i < 2 * n; i++) {
		/* A counter that went down was cleared meanwhile: unknown. */
		bool read = read_before[i] && read_after[i] && after[i] >= before[i];
		uint64_t rise = read ? after[i] - before[i] : 0;

		if (i % 2) {
			ev[i / 2].far_read = read;
			ev[i / 2].far_errors = rise;
		} else {
			ev[i / 2].near_read = read;
			ev[i / 2].near_errors = rise;
		}
	}
	ok = true;
out:
	free(ports);
	free(before);
	free(after);
	free(read_before);
	free(read_after);
	return ok;
}

static bool open_and_run(struct prober *pr, const struct rr_probe_cable *c,
			 size_t n, unsigned int probes,
			 struct rr_link_evidence *ev, char *why, size_t why_len)
{
	int classes[] = { IB_SMI_CLASS, IB_SMI_DIRECT_CLASS,
			  IB_PERFORMANCE_CLASS };
	struct ibmad_port *mad;
	bool ok = false;

	pr->qs = calloc(pr->window, sizeof(*pr->qs));
	mad = pr->ib->mad_rpc_open_port((char *)pr->p->ca, pr->p->port,
					classes, 3);
	if (!mad) {
		snprintf(why, why_len, "mad_rpc_open_port(): %s",
			 strerror(errno ? errno : EIO));
		goto out;
	}
	pr->win = rr_mad_window_new(pr->ib, mad, IB_MAD_SIZE);
	if (pr->qs && pr->win)
		ok = probe_and_read(pr, c, n, probes, ev);
	if (!ok)
		snprintf(why, why_len, "%s", strerror(ENOMEM));
	if (pr->win)
		rr_mad_window_free(pr->win);
	pr->ib->mad_rpc_close_port(mad);
out:
	free(pr->qs);
	return ok;
}

bool rr_links_probe(const struct rr_fabric_tables_params *p,
		    const struct rr_graph *g,
		    const struct rr_probe_cable *cables, size_t n,
		    unsigned int probes, const struct timespec *deadline,
		    const struct rr_link_probe_watch *watch,
		    struct rr_link_evidence *ev, bool *no_library, char *why,
		    size_t why_len)
{
	struct prober pr = {
		.p = p, .g = g, .deadline = deadline, .watch = watch,
		.window = !p->window ? 1 : p->window > RR_LINK_PROBE_WINDOW ?
			  RR_LINK_PROBE_WINDOW : p->window,
	};
	struct rr_sa_lib ib;
	bool ok;

	*no_library = false;
	if (!n)
		return true;
	*no_library = !rr_sa_lib_open(&ib, why, why_len);
	if (*no_library)
		return false;
	pr.ib = &ib;
	ok = open_and_run(&pr, cables, n, probes, ev, why, why_len);
	rr_sa_lib_close(&ib);
	return ok;
}
