// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdio.h>
#include <stdlib.h>

#include "base/ib_port.h"
#include "model/probe/cause.h"
#include "model/probe/decode.h"
#include "model/explain/sa_chain.h"

/* The failure of R at STEP in words: its cause's and its detail. */
static void failed(struct rr_verdict *v, const struct rr_result *r)
{
	const struct rr_failure *f = &r->out.fail;
	/* A trace's place ("Switch1 has no route for LID 5") says most. */
	const char *d = f->where[0] ? f->where : f->detail;

	if (d)
		rr_verdict_set(v, RR_LS_BROKEN, "%s (%s)", d, rr_cause_key(f->cause));
	else
		rr_verdict_set(v, RR_LS_BROKEN, "%s (%s)", rr_cause_summary(f->cause),
		    rr_cause_key(f->cause));
}

static bool failed_at(const struct rr_result *r, enum rr_step step)
{
	return !r->out.ok && r->out.fail.kind != RR_FAIL_NONE &&
	       r->out.fail.step == step;
}

static void judge_port(struct rr_verdict *v, const struct rr_result *r)
{
	const struct rr_sa_local *l = &r->out.sa_local;

	if (failed_at(r, RR_STEP_OPEN_PORT)) {
		failed(v, r);
		return;
	}
	if (!l->known) {
		rr_verdict_set(v, RR_LS_UNKNOWN, "not opened");
		return;
	}
	if (!rr_port_state_active(l->state)) {
		rr_verdict_set(v, RR_LS_BROKEN, "%s port %u is %s, LID %u, SM LID %u: %s",
		    r->out.device, r->out.port, rr_port_state_name(l->state),
		    l->lid, l->sm_lid,
		    l->state == RR_PORT_INIT || l->state == RR_PORT_ARMED ?
			    "the link is up, no subnet manager has activated the port" :
			    "no link (cable, switch port or the peer)");
		return;
	}
	rr_verdict_set(v, RR_LS_OK, "%s port %u is ACTIVE, LID %u", r->out.device,
	    r->out.port, l->lid);
}

/* The SA query got no answer at all: the SM asked is silent now. */
static bool sm_silent(const struct rr_result *r)
{
	return failed_at(r, RR_STEP_SA_QUERY) &&
	       r->out.fail.cause == RR_CAUSE_SA_TIMEOUT;
}

static void judge_sm(struct rr_verdict *v, const struct rr_result *r)
{
	const struct rr_sa_local *l = &r->out.sa_local;

	if (failed_at(r, RR_STEP_FIND_SM)) {
		failed(v, r);
		return;
	}
	if (!l->sm_found) {
		rr_verdict_set(v, RR_LS_UNKNOWN, "not looked for");
		return;
	}
	/* What was asked now says more than what the port last heard. */
	if (sm_silent(r)) {
		rr_verdict_set(v, RR_LS_BROKEN, "the SM at LID %u (%s) did not answer the query now (%s)",
		    l->sm_lid, l->sm_asked ? "asked by PortInfo" : "as the port last heard it",
		    rr_cause_key(r->out.fail.cause));
		return;
	}
	rr_verdict_set(v, RR_LS_OK, "the SM at LID %u (%s)", l->sm_lid,
	    l->sm_asked ? "asked by PortInfo" : "as the port last heard it");
}

static void judge_path(struct rr_verdict *v, const struct rr_result *r)
{
	const struct rr_path *p;

	if (sm_silent(r)) {	/* the sm link says it */
		rr_verdict_set(v, RR_LS_UNKNOWN, "no PathRecord: the SM did not answer");
		return;
	}
	if (failed_at(r, RR_STEP_SA_QUERY)) {
		failed(v, r);
		return;
	}
	/* A trace's failure stands over the SA's, which is kept beside it. */
	if (r->out.sa_cause != RR_CAUSE_NONE) {
		rr_verdict_set(v, RR_LS_BROKEN, "%s%s%s (%s)", rr_cause_summary(r->out.sa_cause),
		    r->out.sa_detail ? ": " : "",
		    r->out.sa_detail ? r->out.sa_detail : "",
		    rr_cause_key(r->out.sa_cause));
		return;
	}
	if (r->out.num_paths < 1) {
		rr_verdict_set(v, RR_LS_UNKNOWN, "no answer taken");
		return;
	}
	p = &r->out.paths[0];
	rr_verdict_set(v, RR_LS_OK, "%d path%s from the SA: LID %u to LID %u, SL %u, MTU %u, %g Gb/s",
	    r->out.num_paths, r->out.num_paths == 1 ? "" : "s", p->slid,
	    p->dlid, p->sl, rr_mtu_bytes(p->mtu), rr_rate_gbps(p->rate));
}

static void judge_walk(struct rr_verdict *v, const struct rr_result *r)
{
	const struct rr_hop *last;

	if (failed_at(r, RR_STEP_TRACE)) {
		failed(v, r);
		return;
	}
	if (!r->out.num_hops) {
		rr_verdict_set(v, RR_LS_UNKNOWN, "not walked");
		return;
	}
	last = &r->out.hops[r->out.num_hops - 1];
	rr_verdict_set(v, RR_LS_OK, "the switches' tables lead to %s (LID %u), %d nodes",
	    last->name, last->lid, r->out.num_hops);
}

void rr_sa_chain_judge(struct rr_sa_chain *c, const struct rr_result *r,
		       bool trace)
{
	enum rr_sa_link i;

	c->walk = trace;
	judge_port(&c->verdict[RR_SA_LINK_PORT], r);
	judge_sm(&c->verdict[RR_SA_LINK_SM], r);
	judge_path(&c->verdict[RR_SA_LINK_PATH], r);
	if (trace)
		judge_walk(&c->verdict[RR_SA_LINK_WALK], r);
	else
		rr_verdict_set(&c->verdict[RR_SA_LINK_WALK], RR_LS_UNKNOWN, "not asked (--trace)");
	/* Past a broken port or SM, nothing was asked: unknown, said so. */
	for (i = RR_SA_LINK_SM; i <= RR_SA_LINK_PATH; i++)
		if (c->verdict[i - 1].state == RR_LS_BROKEN &&
		    c->verdict[i].state != RR_LS_BROKEN)
			rr_verdict_set(&c->verdict[i], RR_LS_UNKNOWN, "not reached: %s is broken",
			    rr_sa_link_key(i - 1));
}

bool rr_sa_chain_attach(struct rr_result *r, bool trace)
{
	struct rr_sa_chain *c;

	if (r->notes.sa_chain)
		return true;
	c = calloc(1, sizeof(*c));
	if (!c)
		return false;
	rr_sa_chain_judge(c, r, trace);
	r->notes.sa_chain = c;
	return true;
}

const char *rr_sa_link_key(enum rr_sa_link link)
{
	static const char *const keys[RR_SA_LINK_COUNT] = {
		"port", "sm", "path", "walk",
	};

	return link < RR_SA_LINK_COUNT ? keys[link] : "unknown";
}

enum rr_sa_link rr_sa_chain_first_broken(const struct rr_sa_chain *c)
{
	enum rr_sa_link i;

	for (i = 0; i < RR_SA_LINK_COUNT; i++)
		if (c->verdict[i].state == RR_LS_BROKEN)
			return i;
	return RR_SA_LINK_COUNT;
}
