// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --sa's names and pairs: a node's name (--node-name-map, or its node
 * description) stands wherever a LID, GID or GUID does, found in the
 * fabric discovered once; --all-pairs turns the ports given (or every CA
 * port discovered) into every ordered pair, each a query from one to the
 * other.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/run.h"
#include "app/signals.h"
#include "mad/fabric_disc.h"
#include "mad/sa_node_record.h"
#include "base/escape.h"
#include "input/node_name_map.h"

bool rr_run_load_node_names(struct run *run)
{
	const char *file = run->opts.node_name_map;
	char why[192], buf[256];

	if (!file || rr_node_names_load(file, &run->sa.names, why, sizeof(why)))
		return true;
	fprintf(stderr, "rdma-route: --node-name-map '%s': %s\n",
		rr_shown(file, buf, sizeof(buf)), why);
	return false;
}

/*
 * The fabric discovered, the first time a name needs it: within its bound
 * (mad_bound.h), until a stop.
 */
static bool discover(struct run *run)
{
	struct rr_mad_bound bound;
	struct rr_fabric_disc_params p = {
		.ca = run->opts.ca,
		.port = run->opts.ca_port,
		.timeout_ms = run->opts.timeout_ms,
		.bound = &bound,
	};

	rr_mad_bound_init(&bound, rr_signals_stop_fd());

	if (!run->sa.fabric_tried)
		run->sa.fabric_ok = rr_fabric_discover(&p, &run->sa.fabric,
						    &run->sa.fabric_no_library,
						    run->sa.fabric_why,
						    sizeof(run->sa.fabric_why));
	run->sa.fabric_tried = true;
	return run->sa.fabric_ok;
}

/* The LID of the port NAME stands for; the cause when none. */
static enum rr_cause find_lid(struct run *run, const char *name, uint16_t *lid)
{
	size_t i;

	if (!discover(run))
		return RR_CAUSE_DISCOVERY_FAILED;
	switch (rr_fabric_find(&run->sa.fabric, &run->sa.names, name, &i)) {
	case RR_FABRIC_FOUND:
		*lid = run->sa.fabric.ports[i].lid;
		return RR_CAUSE_NONE;
	case RR_FABRIC_AMBIGUOUS:
		return RR_CAUSE_NODE_AMBIGUOUS;
	default:
		return RR_CAUSE_NODE_UNKNOWN;
	}
}

/* What went wrong with a name, said where the kernel's words would be. */
static const char *name_problem(const struct run *run, enum rr_cause cause,
				bool source)
{
	switch (cause) {
	case RR_CAUSE_DISCOVERY_FAILED:
		return run->sa.fabric_why;
	case RR_CAUSE_NODE_AMBIGUOUS:
		return source ? "several nodes have the name of the path's source (from)" :
				"several nodes have this name";
	case RR_CAUSE_NODE_UNREACHABLE:
		return "in the node-name map, not in the fabric seen from here, no LID from the SA";
	default:
		return source ? "no CA port has the name of the path's source (from)" :
				"no CA port has this name (node-name map, node descriptions, SA NodeRecords)";
	}
}

/*
 * A name the fabric seen from here does not have, known to the node-name
 * map or to the SM: its LID from the SA's NodeRecord (by the map's GUID,
 * else by the description), so that the route is walked to where it ends
 * now, as its LID would be.  NODE_UNKNOWN when neither knows it;
 * NODE_UNREACHABLE when the map knows it and the SA gives no LID.
 */
static enum rr_cause find_beyond(struct run *run, struct rr_result *r,
				 uint16_t *lid, const char **detail)
{
	struct rr_fabric_tables_params p = {
		.ca = run->opts.ca,
		.port = run->opts.ca_port,
		.timeout_ms = run->opts.timeout_ms,
	};
	struct rr_node_record_query q = { .desc = r->probe.target };
	enum rr_fabric_match m;
	unsigned long port;
	uint64_t guid = 0;
	char why[128];

	m = rr_node_names_find_name(&run->sa.names, r->probe.target, &guid,
				    &port);
	if (m == RR_FABRIC_AMBIGUOUS)
		return RR_CAUSE_NODE_AMBIGUOUS;
	if (m == RR_FABRIC_FOUND) {
		q.node_guid = guid;
		q.port = (int)port;
	}
	switch (rr_sa_node_record_ask(&p, &q, lid, &guid, why, sizeof(why))) {
	case RR_NR_FOUND:
		r->probe.name_known_to = q.node_guid ? RR_NAME_MAP_SA : RR_NAME_SA;
		return RR_CAUSE_NONE;
	case RR_NR_SILENT:
		if (!q.node_guid)
			*detail = "not in the fabric seen from here nor in the node-name map, and the SA did not answer: a node cut off and a misspelt name look alike from here";
		break;
	default:
		break;
	}
	if (!q.node_guid)
		return RR_CAUSE_NODE_UNKNOWN;
	r->probe.name_known_to = RR_NAME_MAP;
	return RR_CAUSE_NODE_UNREACHABLE;
}

/* A destination's name to its LID, or its result fails at the look-up. */
static void look_up(struct run *run, struct rr_result *r)
{
	const char *detail = NULL;
	enum rr_cause cause;
	uint16_t lid;

	if (r->probe.sa.kind != RR_SA_NAME || r->out.fail.kind != RR_FAIL_NONE)
		return;
	cause = find_lid(run, r->probe.target, &lid);
	if (cause == RR_CAUSE_NODE_UNKNOWN)
		cause = find_beyond(run, r, &lid, &detail);
	if (cause == RR_CAUSE_NONE) {
		r->probe.sa = (struct rr_sa_dest){ .kind = RR_SA_LID, .lid = lid };
		/* Seen in the fabric (or by the SM); the source too, unless
		 * --from says. */
		r->probe.sa_ends_known = !run->opts.from || run->sa.from_known;
		return;
	}
	r->out.timeout_ms = run->opts.timeout_ms;
	rr_fail_cause(&r->out, RR_STEP_LOOKUP,
		      cause == RR_CAUSE_DISCOVERY_FAILED ? "ibnd_discover_fabric" :
							   "node_name",
		      0, cause, detail ? detail : name_problem(run, cause, false));
}

/* The whole run fails for want of the fabric: exit 3 without the library. */
static int no_fabric(struct run *run, const char *what)
{
	char buf[256];

	fprintf(stderr, "rdma-route: %s: cannot discover the fabric: %s\n",
		rr_shown(what, buf, sizeof(buf)), run->sa.fabric_why);
	return run->sa.fabric_no_library ? RR_EXIT_NO_RDMA : RR_EXIT_FAILED;
}

/* --from NAME: one source for every query, so an unknown one stops all. */
static int look_up_from(struct run *run)
{
	enum rr_cause cause;
	size_t i;
	uint16_t lid;

	if (!run->opts.from || run->sa.from.kind != RR_SA_NAME)
		return RR_EXIT_OK;
	cause = find_lid(run, run->opts.from, &lid);
	if (cause == RR_CAUSE_DISCOVERY_FAILED)
		return no_fabric(run, "--from");
	if (cause != RR_CAUSE_NONE) {
		rr_run_refuse("--from", run->opts.from, rr_cause_summary(cause));
		return RR_EXIT_USAGE;
	}
	run->sa.from = (struct rr_sa_dest){ .kind = RR_SA_LID, .lid = lid };
	run->sa.from_known = true;
	for (i = 0; i < run->in.num_dests; i++)
		run->in.dests[i].probe.sa_from = run->sa.from;
	return RR_EXIT_OK;
}

/* Every CA port discovered becomes a destination, named for output. */
static int discovered_ports(struct run *run)
{
	struct rr_result *dests;
	char label[96], *copy;
	size_t i;

	if (!discover(run))
		return no_fabric(run, "--all-pairs");
	dests = calloc(run->sa.fabric.num ? run->sa.fabric.num : 1, sizeof(*dests));
	if (!dests)
		return RR_EXIT_FAILED;
	for (i = 0; i < run->sa.fabric.num; i++) {
		rr_fabric_label(&run->sa.fabric, &run->sa.names, i, label, sizeof(label));
		copy = strdup(label);
		if (!copy || !rr_run_keep_owned(run, copy)) {
			free(copy);
			free(dests);
			return RR_EXIT_FAILED;
		}
		dests[i].probe = (struct rr_probe){
			.target = copy,
			.kind = RR_PROBE_SA,
			.host = run->host_label,
			.sa = { .kind = RR_SA_LID, .lid = run->sa.fabric.ports[i].lid },
			.sa_ends_known = true,
		};
	}
	free(run->in.dests);
	run->in.dests = dests;
	run->in.num_dests = run->in.cap = run->sa.fabric.num;
	return RR_EXIT_OK;
}

/*
 * The pair FROM -> TO: TO's query, from FROM; a port that failed its
 * look-up fails the pair the same way.
 */
static void make_pair(const struct run *run, struct rr_result *pair,
		      const struct rr_result *from, const struct rr_result *to)
{
	*pair = *to;
	pair->probe.from = from->probe.target;
	pair->probe.sa_from = from->probe.sa;
	pair->probe.have_sa_from = true;
	pair->probe.sa_ends_known = from->probe.sa_ends_known &&
				    to->probe.sa_ends_known;
	if (to->out.fail.kind == RR_FAIL_NONE && from->out.fail.kind != RR_FAIL_NONE) {
		pair->out = from->out;
		pair->out.fail.detail = name_problem(run, from->out.fail.cause, true);
	}
}

/*
 * A streamed run keeps the ports, not the pairs: each chunk is made of
 * the pairs that come next (rr_run_next_pairs), so that memory follows
 * the window, not n(n - 1) results.  The ports' texts leave the input's
 * owned strings, which each chunk lets go.
 */
static void keep_ports(struct run *run)
{
	run->sa.pair_ports = run->in.dests;
	run->sa.num_pair_ports = run->in.num_dests;
	run->sa.pair_owned = run->in.owned;
	run->sa.num_pair_owned = run->in.num_owned;
	run->in.owned = NULL;
	run->in.num_owned = run->in.cap_owned = 0;
	run->sa.pair_from = 0;
	run->sa.pair_to = 1;
	run->in.dests = NULL;
	run->in.num_dests = run->in.cap = run->in.next_dest = 0;
}

/* Pairs made a chunk at a time: as many as the -f reader's chunks. */
#define PAIR_CHUNK 1024

bool rr_run_next_pairs(struct run *run)
{
	struct run_input *in = &run->in;
	struct run_sa *sa = &run->sa;
	size_t n = sa->num_pair_ports;

	in->num_dests = in->next_dest = 0;
	if (!in->dests) {
		in->dests = calloc(PAIR_CHUNK, sizeof(*in->dests));
		if (!in->dests)
			return false;
		in->cap = PAIR_CHUNK;
	}
	while (in->num_dests < in->cap && sa->pair_from < n) {
		if (sa->pair_to != sa->pair_from)
			make_pair(run, &in->dests[in->num_dests++],
				  &sa->pair_ports[sa->pair_from],
				  &sa->pair_ports[sa->pair_to]);
		if (++sa->pair_to == n) {
			sa->pair_to = 0;
			sa->pair_from++;
		}
	}
	in->input_done = sa->pair_from >= n;
	return in->num_dests > 0;
}

static int make_pairs(struct run *run, bool discovered)
{
	size_t n = run->in.num_dests, i, j, k = 0;
	struct rr_result *pairs;

	if (n < 2) {
		fprintf(stderr, "rdma-route: --all-pairs: %s %zu port%s, no pair\n",
			discovered ? "the fabric has" : "given", n,
			n == 1 ? "" : "s");
		return discovered ? RR_EXIT_FAILED : RR_EXIT_USAGE;
	}
	if (run->window.streaming) {
		keep_ports(run);
		return RR_EXIT_OK;
	}
	if (n - 1 > RR_MAX_PROBES / n) {
		fprintf(stderr, "rdma-route: --all-pairs: %zu ports make more than %d pairs\n",
			n, RR_MAX_PROBES);
		return RR_EXIT_USAGE;
	}
	pairs = calloc(n * (n - 1), sizeof(*pairs));
	if (!pairs)
		return RR_EXIT_FAILED;
	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++)
			if (i != j)
				make_pair(run, &pairs[k++], &run->in.dests[i],
					  &run->in.dests[j]);
	free(run->in.dests);
	run->in.dests = pairs;
	run->in.num_dests = run->in.cap = k;
	return RR_EXIT_OK;
}

int rr_run_fabric(struct run *run)
{
	bool discovered = false;
	int code;
	size_t i;

	if (!run->opts.sa)
		return RR_EXIT_OK;
	code = look_up_from(run);
	if (code != RR_EXIT_OK)
		return code;
	for (i = 0; i < run->in.num_dests; i++)
		look_up(run, &run->in.dests[i]);
	if (!run->opts.all_pairs)
		return RR_EXIT_OK;
	if (!run->in.num_dests && !run->in.input_errors) {
		code = discovered_ports(run);
		if (code != RR_EXIT_OK)
			return code;
		discovered = true;
	}
	return make_pairs(run, discovered);
}
