// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "mad/fabric_path_sl.h"
#include "mad/mad_window.h"
#include "mad/sa_decode.h"

struct path_sl_reader {
	const struct rr_sa_lib *ib;
	const struct rr_fabric_tables_params *p;
	const struct rr_endpoint *eps;
	struct rr_pair_sls *out;
	struct rr_mad_window *win;
	ib_portid_t sa;
	size_t next;		/* the next pair: src * n + dst */
};

/* The next pair's PathRecord query out; a pair that cannot go out is lost. */
static void send_next(struct path_sl_reader *r)
{
	uint8_t req[IB_SA_DATA_SIZE];
	size_t n = r->out->n, src, dst;
	ib_rpc_t rpc;

	while (r->next < n * n) {
		src = r->next / n;
		dst = r->next++ % n;
		if (src == dst || !rr_pair_sls_wanted(r->out, src * n + dst))
			continue;
		memset(req, 0, sizeof(req));
		r->ib->mad_set_field(req, 0, IB_SA_PR_SLID_F, r->eps[src].lid);
		r->ib->mad_set_field(req, 0, IB_SA_PR_DLID_F, r->eps[dst].lid);
		/* As a connection asks: reversible, one path, ServiceID 0. */
		rr_sa_pr_set_query(req, 0, 1);
		memset(&rpc, 0, sizeof(rpc));
		rpc.mgtclass = IB_SA_CLASS;
		rpc.method = IB_MAD_METHOD_GET;
		rpc.attr.id = IB_SA_ATTR_PATHRECORD;
		rpc.mask = RR_PR_COMP_SLID | RR_PR_COMP_DLID |
			   RR_PR_COMP_REVERSIBLE | RR_PR_COMP_NUMBPATH;
		rpc.timeout = (int)r->p->timeout_ms;
		rpc.datasz = IB_SA_DATA_SIZE;
		rpc.dataoffs = IB_SA_DATA_OFFS;
		r->out->asked++;
		if (rr_mad_send(r->win, RR_MAD_SA, src * n + dst, &rpc, &r->sa,
				req, rr_mad_now_ms() + r->p->timeout_ms)) {
			r->out->lost++;
			continue;
		}
		return;
	}
}

static void receive(struct path_sl_reader *r)
{
	size_t n = r->out->n;
	struct rr_sa_answer ans;
	struct rr_mad_reply rep;

	rr_mad_next(r->win, RR_MAD_SA, rr_mad_now_ms() + r->p->timeout_ms,
		    &rep);
	if (rep.event == RR_MAD_NONE || rep.cookie >= n * n)
		return;
	if (rep.event != RR_MAD_ANSWER ||
	    !rr_sa_answer_decode(rep.mad, rep.len, &ans) || ans.status ||
	    ans.num < 1) {
		r->out->lost++;
		return;
	}
	rr_pair_sls_set(r->out, rep.cookie / n, rep.cookie % n,
			r->ib->mad_get_field((void *)ans.records, 0,
					     IB_SA_PR_SL_F));
}

static bool fill(const struct rr_sa_lib *ib,
		 const struct rr_fabric_tables_params *p,
		 struct path_sl_reader *r, char *why, size_t why_len)
{
	int classes[] = { IB_SA_CLASS };
	struct ibmad_port *mad;
	size_t pairs;

	r->sa.lid = (int)rr_sa_lib_sm_lid(ib, p->ca, p->port);
	if (!r->sa.lid) {
		snprintf(why, why_len, "the port knows no SM (its SMLID is 0)");
		return false;
	}
	r->sa.qp = 1;
	r->sa.qkey = IB_DEFAULT_QP1_QKEY;
	mad = ib->mad_rpc_open_port((char *)p->ca, p->port, classes, 1);
	if (!mad) {
		snprintf(why, why_len, "mad_rpc_open_port(): %s",
			 strerror(errno ? errno : EIO));
		return false;
	}
	r->win = rr_mad_window_new(ib, mad, IB_MAD_SIZE);
	if (!r->win) {
		snprintf(why, why_len, "%s", strerror(ENOMEM));
		ib->mad_rpc_close_port(mad);
		return false;
	}
	pairs = r->out->want ? r->out->wanted :
		r->out->n * (r->out->n ? r->out->n - 1 : 0);
	rr_mad_bound_phase(p->bound, pairs,
			   rr_mad_phase_ms(pairs, 1, p->timeout_ms));
	for (;;) {
		while (rr_mad_in_flight(r->win, RR_MAD_SA) < p->window &&
		       r->next < r->out->n * r->out->n &&
		       !rr_mad_bound_over(p->bound))
			send_next(r);
		if (!rr_mad_in_flight(r->win, RR_MAD_SA))
			break;
		receive(r);
	}
	/* The pairs not asked before the phase was cut stay on SL 0. */
	if (p->bound)
		p->bound->done = r->out->asked;
	rr_mad_window_free(r->win);
	ib->mad_rpc_close_port(mad);
	return true;
}

bool rr_fabric_path_sl_read(const struct rr_fabric_tables_params *p,
			    const struct rr_endpoint *eps,
			    struct rr_pair_sls *out, bool *no_library,
			    char *why, size_t why_len)
{
	struct path_sl_reader r = { .p = p, .eps = eps, .out = out };
	struct rr_sa_lib ib;
	bool ok;

	*no_library = !rr_sa_lib_open(&ib, why, why_len);
	if (*no_library)
		return false;
	r.ib = &ib;
	ok = fill(&ib, p, &r, why, why_len);
	rr_sa_lib_close(&ib);
	return ok;
}
