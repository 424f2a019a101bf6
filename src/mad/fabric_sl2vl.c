// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "mad/fabric_sl2vl.h"
#include "mad/mad_window.h"

struct sl2vl_reader {
	const struct rr_sa_lib *ib;
	const struct rr_fabric_tables_params *p;
	const struct rr_graph *g;
	struct rr_sl2vl *m;
	struct rr_mad_window *win;
	size_t next;
};

/* The next wanted entry's SMP out; a node without a LID loses it. */
static void send_next(struct sl2vl_reader *r)
{
	const struct rr_sl2vl_entry *e;
	ib_portid_t to;
	ib_rpc_t rpc;
	size_t i;

	while (r->next < r->m->n) {
		i = r->next++;
		e = &r->m->e[i];
		memset(&to, 0, sizeof(to));
		/* Every port of a switch has the switch's LID. */
		to.lid = r->g->ports[r->g->nodes[e->node].first_port].lid;
		memset(&rpc, 0, sizeof(rpc));
		rpc.mgtclass = IB_SMI_CLASS;
		rpc.method = IB_MAD_METHOD_GET;
		rpc.attr.id = IB_ATTR_SLVL_TABLE;
		rpc.attr.mod = (unsigned int)e->in << 8 | e->out;
		rpc.datasz = IB_SMP_DATA_SIZE;
		rpc.dataoffs = IB_SMP_DATA_OFFS;
		if (!to.lid || rr_mad_send(r->win, RR_MAD_TABLES, i, &rpc, &to,
					   NULL, rr_mad_now_ms() + r->p->timeout_ms)) {
			rr_sl2vl_lost(r->m, i);
			continue;
		}
		return;
	}
}

static void receive(struct sl2vl_reader *r)
{
	struct rr_mad_reply rep;

	rr_mad_next(r->win, RR_MAD_TABLES, rr_mad_now_ms() + r->p->timeout_ms,
		    &rep);
	if (rep.event == RR_MAD_NONE || rep.cookie >= r->m->n)
		return;
	if (rep.event != RR_MAD_ANSWER || rep.status ||
	    rep.len < IB_SMP_DATA_OFFS + RR_SL2VL_LEN) {
		rr_sl2vl_lost(r->m, rep.cookie);
		return;
	}
	rr_sl2vl_set(r->m, rep.cookie, rep.mad + IB_SMP_DATA_OFFS);
}

bool rr_fabric_sl2vl_fill(const struct rr_sa_lib *ib,
			  const struct rr_fabric_tables_params *p,
			  const struct rr_graph *g, struct rr_sl2vl *m,
			  char *why, size_t why_len)
{
	int classes[] = { IB_SMI_CLASS, IB_SMI_DIRECT_CLASS };
	struct sl2vl_reader r = { .ib = ib, .p = p, .g = g, .m = m };
	struct ibmad_port *mad;

	mad = ib->mad_rpc_open_port((char *)p->ca, p->port, classes, 2);
	if (!mad) {
		snprintf(why, why_len, "mad_rpc_open_port(): %s",
			 strerror(errno ? errno : EIO));
		return false;
	}
	r.win = rr_mad_window_new(ib, mad, IB_MAD_SIZE);
	if (!r.win) {
		snprintf(why, why_len, "%s", strerror(ENOMEM));
		ib->mad_rpc_close_port(mad);
		return false;
	}
	rr_mad_bound_phase(p->bound, m->n, rr_mad_phase_ms(m->n, 1, p->timeout_ms));
	for (;;) {
		while (rr_mad_in_flight(r.win, RR_MAD_TABLES) < p->window &&
		       r.next < m->n && !rr_mad_bound_over(p->bound))
			send_next(&r);
		if (!rr_mad_in_flight(r.win, RR_MAD_TABLES))
			break;
		receive(&r);
	}
	if (p->bound)
		p->bound->done = r.next;
	/* Not asked before the phase was cut: VL 0 assumed, as a lost one. */
	for (; r.next < m->n; r.next++)
		rr_sl2vl_lost(m, r.next);
	rr_mad_window_free(r.win);
	ib->mad_rpc_close_port(mad);
	return true;
}

bool rr_fabric_sl2vl_read(const struct rr_fabric_tables_params *p,
			  const struct rr_graph *g, struct rr_sl2vl *m,
			  bool *no_library, char *why, size_t why_len)
{
	struct rr_sa_lib ib;
	bool ok;

	*no_library = !rr_sa_lib_open(&ib, why, why_len);
	if (*no_library)
		return false;
	ok = rr_fabric_sl2vl_fill(&ib, p, g, m, why, why_len);
	rr_sa_lib_close(&ib);
	return ok;
}
