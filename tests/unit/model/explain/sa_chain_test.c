// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of src/model/explain/sa_chain.c: the chain of an SA query from what
 * its result holds, each link ok, broken with its reason, or unknown past
 * a broken one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/explain/sa_chain.h"
#include "../../tap.h"

/* A result from ibsim0 port 1, ACTIVE at LID 2, its SM at LID 1. */
static void base(struct rr_result *r, struct rr_path *path, struct rr_hop *hops)
{
	memset(r, 0, sizeof(*r));
	snprintf(r->out.device, sizeof(r->out.device), "ibsim0");
	r->out.port = 1;
	r->out.sa_local = (struct rr_sa_local){ .known = true, .state = 4,
		.lid = 2, .sm_lid = 1, .sm_found = true };
	memset(path, 0, sizeof(*path));
	path->slid = 2;
	path->dlid = 5;
	path->sl = 3;
	path->mtu = 4;		/* 2048 */
	path->rate = 3;		/* 10 Gb/s */
	r->out.paths = path;
	r->out.num_paths = 1;
	memset(hops, 0, 2 * sizeof(*hops));
	snprintf(hops[1].name, sizeof(hops[1].name), "Hca2");
	hops[1].lid = 5;
	r->out.hops = hops;
	r->out.num_hops = 2;
	r->out.ok = true;
}

static void fail(struct rr_result *r, enum rr_step step, enum rr_cause cause,
		 const char *detail)
{
	r->out.ok = false;
	r->out.fail.kind = RR_FAIL_CALL;
	r->out.fail.step = step;
	r->out.fail.cause = cause;
	r->out.fail.detail = detail;
}

static const char *state(const struct rr_sa_chain *c, enum rr_sa_link l)
{
	return rr_link_state_key(c->verdict[l].state);
}

int main(void)
{
	struct rr_sa_chain c;
	struct rr_result r;
	struct rr_path path;
	struct rr_hop hops[2];

	base(&r, &path, hops);
	rr_sa_chain_judge(&c, &r, true);
	ok(rr_sa_chain_first_broken(&c) == RR_SA_LINK_COUNT, "all ok: none broken");
	is_str(c.verdict[RR_SA_LINK_PORT].reason, "ibsim0 port 1 is ACTIVE, LID 2", "port");
	is_str(c.verdict[RR_SA_LINK_SM].reason, "the SM at LID 1 (as the port last heard it)", "sm");
	is_str(c.verdict[RR_SA_LINK_PATH].reason,
	       "1 path from the SA: LID 2 to LID 5, SL 3, MTU 2048, 10 Gb/s", "path");
	is_str(c.verdict[RR_SA_LINK_WALK].reason,
	       "the switches' tables lead to Hca2 (LID 5), 2 nodes", "walk");
	rr_sa_chain_judge(&c, &r, false);
	ok(!c.walk && c.verdict[RR_SA_LINK_WALK].state == RR_LS_UNKNOWN,
	   "no --trace: no walk");

	base(&r, &path, hops);
	r.out.sa_local.sm_asked = true;
	rr_sa_chain_judge(&c, &r, false);
	is_str(c.verdict[RR_SA_LINK_SM].reason, "the SM at LID 1 (asked by PortInfo)",
	       "the SM asked");

	/* The port could not be opened: the rest not reached. */
	base(&r, &path, hops);
	r.out.sa_local.known = false;
	r.out.sa_local.sm_found = false;
	r.out.num_paths = 0;
	r.out.num_hops = 0;
	fail(&r, RR_STEP_OPEN_PORT, RR_CAUSE_NO_UMAD, "no InfiniBand CA with a usable port");
	rr_sa_chain_judge(&c, &r, true);
	is_str(state(&c, RR_SA_LINK_PORT), "broken", "open port failed: port broken");
	is_str(c.verdict[RR_SA_LINK_PORT].reason,
	       "no InfiniBand CA with a usable port (no_umad)", "its detail and cause");
	is_str(state(&c, RR_SA_LINK_SM), "unknown", "sm unknown");
	is_str(c.verdict[RR_SA_LINK_SM].reason, "not reached: port is broken", "said so");
	is_str(state(&c, RR_SA_LINK_PATH), "unknown", "path unknown");
	is_str(state(&c, RR_SA_LINK_WALK), "unknown", "walk unknown");

	/* A port INIT: broken, with what it means. */
	base(&r, &path, hops);
	r.out.sa_local.state = 2;
	r.out.sa_local.sm_found = false;
	fail(&r, RR_STEP_FIND_SM, RR_CAUSE_NO_SM, NULL);
	rr_sa_chain_judge(&c, &r, false);
	ok(strstr(c.verdict[RR_SA_LINK_PORT].reason,
		  "is INIT, LID 2, SM LID 1: the link is up, no subnet manager has activated the port") != NULL,
	   "INIT: no SM activated it");
	is_str(state(&c, RR_SA_LINK_SM), "broken", "find sm failed: sm broken");
	ok(rr_sa_chain_first_broken(&c) == RR_SA_LINK_PORT, "the port first");

	/* The SA's answer: dest_unknown at the query. */
	base(&r, &path, hops);
	r.out.num_paths = 0;
	fail(&r, RR_STEP_SA_QUERY, RR_CAUSE_DEST_UNKNOWN, "MAD status 0x0300: ERR_NO_RECORDS");
	rr_sa_chain_judge(&c, &r, false);
	is_str(c.verdict[RR_SA_LINK_PATH].reason,
	       "MAD status 0x0300: ERR_NO_RECORDS (dest_unknown)", "path broken by the SA");
	ok(rr_sa_chain_first_broken(&c) == RR_SA_LINK_PATH, "the path first");

	/* No answer to the query: the SM asked is silent now, not "ok". */
	base(&r, &path, hops);
	r.out.num_paths = 0;
	fail(&r, RR_STEP_SA_QUERY, RR_CAUSE_SA_TIMEOUT, NULL);
	rr_sa_chain_judge(&c, &r, false);
	is_str(state(&c, RR_SA_LINK_SM), "broken", "sa_timeout: sm broken");
	is_str(c.verdict[RR_SA_LINK_SM].reason,
	       "the SM at LID 1 (as the port last heard it) did not answer the query now (sa_timeout)",
	       "what was asked now");
	is_str(state(&c, RR_SA_LINK_PATH), "unknown", "path unknown, not the same words again");
	ok(rr_sa_chain_first_broken(&c) == RR_SA_LINK_SM, "the SM first");

	/* A trace's failure over the SA's, kept beside it. */
	base(&r, &path, hops);
	r.out.num_paths = 0;
	fail(&r, RR_STEP_TRACE, RR_CAUSE_ROUTE_DEAD_END, NULL);
	snprintf(r.out.fail.where, sizeof(r.out.fail.where), "Switch1 has no route for LID 5");
	r.out.sa_cause = RR_CAUSE_DEST_UNKNOWN;
	r.out.sa_detail = "MAD status 0x0300: ERR_NO_RECORDS";
	rr_sa_chain_judge(&c, &r, true);
	is_str(state(&c, RR_SA_LINK_PATH), "broken", "the SA's failure: path broken");
	ok(strstr(c.verdict[RR_SA_LINK_PATH].reason, "ERR_NO_RECORDS (dest_unknown)") != NULL,
	   "with its words");
	is_str(c.verdict[RR_SA_LINK_WALK].reason, "Switch1 has no route for LID 5 (route_dead_end)",
	       "walk broken where it died");

	/* Attached once, freed with the result. */
	base(&r, &path, hops);
	ok(rr_sa_chain_attach(&r, true) && r.notes.sa_chain, "attached");
	ok(rr_sa_chain_attach(&r, true), "again: kept");
	free(r.notes.sa_chain);
	return tap_done();
}
