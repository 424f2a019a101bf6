// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "mad/fabric_counters.h"
#include "mad/mad_batch.h"
#include "model/fabric/fabric_routes.h"

/*
 * PORTS' counters, a window's worth at a time, into DOWNED, until P's
 * bound or a stop.
 */
static void ask(const struct rr_sa_lib *ib, struct rr_mad_window *win,
		const struct rr_fabric_tables_params *p,
		const struct rr_graph *g, const size_t *ports, size_t n,
		uint64_t *downed, struct rr_mad_q *qs)
{
	size_t at, k, chunk = p->window ? p->window : 1, node;
	struct timespec deadline;
	unsigned int port;
	uint32_t v;

	rr_mad_bound_phase(p->bound, n, rr_mad_phase_ms(n, 1, p->timeout_ms));
	for (at = 0; at < n; at += chunk) {
		if (rr_mad_bound_over(p->bound))
			break;
		if (chunk > n - at)
			chunk = n - at;
		for (k = 0; k < chunk; k++) {
			rr_graph_port_at(g, ports[at + k], &node, &port);
			/* Every port of a switch has the switch's LID. */
			rr_mad_q_counters(&qs[k], ib,
					  rr_graph_port(g, node, 0)->lid, port);
		}
		deadline = rr_ts_add_ms(rr_now(), p->timeout_ms);
		rr_mad_batch(win, ib, qs, (int)chunk, p->timeout_ms, &deadline);
		for (k = 0; k < chunk; k++) {
			v = 0;
			if (qs[k].ok)
				ib->mad_decode_field(qs[k].data,
						     IB_PC_LINK_DOWNED_F, &v);
			downed[at + k] = qs[k].ok ? v : RR_DOWNED_UNREAD;
		}
	}
	if (p->bound)
		p->bound->done = at < n ? at : n;
	/* Not asked before the phase was cut: unknown. */
	for (; at < n; at++)
		downed[at] = RR_DOWNED_UNREAD;
}

static bool fill(const struct rr_sa_lib *ib,
		 const struct rr_fabric_tables_params *p,
		 const struct rr_graph *g, const size_t *ports, size_t n,
		 uint64_t *downed, char *why, size_t why_len)
{
	int classes[] = { IB_PERFORMANCE_CLASS };
	struct rr_mad_window *win = NULL;
	struct ibmad_port *mad = NULL;
	struct rr_mad_q *qs;
	bool ok = false;

	qs = calloc(p->window ? p->window : 1, sizeof(*qs));
	if (!qs) {
		snprintf(why, why_len, "%s", strerror(ENOMEM));
		goto out;
	}
	mad = ib->mad_rpc_open_port((char *)p->ca, p->port, classes, 1);
	if (!mad) {
		snprintf(why, why_len, "mad_rpc_open_port(): %s",
			 strerror(errno ? errno : EIO));
		goto out;
	}
	win = rr_mad_window_new(ib, mad, IB_MAD_SIZE);
	if (!win) {
		snprintf(why, why_len, "%s", strerror(ENOMEM));
		goto out;
	}
	ask(ib, win, p, g, ports, n, downed, qs);
	ok = true;
out:
	if (win)
		rr_mad_window_free(win);
	if (mad)
		ib->mad_rpc_close_port(mad);
	free(qs);
	return ok;
}

bool rr_fabric_link_downed_read(const struct rr_fabric_tables_params *p,
				const struct rr_graph *g, const size_t *ports,
				size_t n, uint64_t *downed, bool *no_library,
				char *why, size_t why_len)
{
	struct rr_sa_lib ib;
	bool ok;

	*no_library = false;
	if (!n)
		return true;
	*no_library = !rr_sa_lib_open(&ib, why, why_len);
	if (*no_library)
		return false;
	ok = fill(&ib, p, g, ports, n, downed, why, why_len);
	rr_sa_lib_close(&ib);
	return ok;
}
