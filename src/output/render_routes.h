/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * --sa --trace --all-pairs printed: the fabric read (nodes, tables, what
 * it cost), the routes counted (pairs, failures by cause, switches
 * crossed, the fair share of a link between switches), the failures
 * grouped by their place, the credit loops (each a cycle of channel
 * dependencies, named by its links and two routes that close it), the
 * hottest links; JSON and JSON Lines also
 * every link with its load, and JSON Lines (--per-pair) a record per pair
 * first.
 * Prometheus: the counts and each link's routes.  --dot: the topology
 * with its loads, for graphviz.
 */
#ifndef RR_RENDER_ROUTES_H
#define RR_RENDER_ROUTES_H

#include <stdio.h>

#include "model/fabric/credit_loops.h"
#include "model/fabric/fabric_counts.h"
#include "model/fabric/fabric_routes.h"
#include "model/fabric/fabric_sm.h"
#include "model/fabric/fabric_verdict.h"
#include "model/fabric/sl2vl.h"
#include "model/fabric/pair_sls.h"
#include "model/probe/result.h"
#include "model/fabric/link_health.h"
#include "model/fabric/cable_tree.h"
#include "model/fabric/lid_blame.h"
#include "model/fabric/pairs_across.h"
#include "model/fabric/link_blame.h"
#include "model/fabric/route_topology.h"
#include "model/fabric/route_compare.h"
#include "output/printer.h"

struct rr_routes_view {
	const struct rr_graph *g;
	const struct rr_node_names *names;
	const struct rr_endpoint *eps;
	size_t num_eps;
	const struct rr_routes *s;
	const struct rr_graph_read *read;
	double walk_ms;
	bool quiet;		/* -q: the failures and the summary only */
	bool brief;		/* --brief: only the summary's first line */
	/* The routes' channel dependencies and their credit loops. */
	const struct rr_cdg *cdg;
	const struct rr_credit_loop *loops;
	size_t num_loops;
	double loops_ms;	/* time to find them, after the walk */
	/* The VLs: the SLtoVL tables the routes use, read after the walk. */
	const struct rr_sl2vl *sl2vl;
	const struct rr_pair_sls *sls;	/* --sl-from-sa, else NULL */
	double vl_ms;
	/* The routes against the fewest switches the cables allow. */
	const struct rr_route_topology *topo;
	int64_t asymmetric;	/* -1: not compared */
	struct rr_load_spread spread;
	/* The cables that carry less than they should. */
	const struct rr_degraded_link *degraded;
	size_t num_degraded;
	/* Switch ports with no link whose counters say they had one. */
	const struct rr_lost_link *lost;
	size_t num_lost;
	size_t unlinked_asked, unlinked_unread;	/* their counters asked */
	bool lost_checked;			/* false: not asked at all */
	/*
	 * --probe-links: PROBES a cable (0: not asked), the NUM_CABLES
	 * cables probed, what each one's probes and ends showed, and the
	 * suspects, the one to check first first; probe_why says why none
	 * was probed when the probing could not run.
	 */
	unsigned int probes;
	const struct rr_probe_cable *cables;
	const struct rr_link_evidence *link_ev;
	const enum rr_link_verdict *link_verdict;	/* each probed cable's */
	size_t num_cables;
	const struct rr_suspect *suspects;
	size_t num_suspects;
	/* Per graph port: the probed cable it is an end of, or SIZE_MAX. */
	const size_t *probe_of_port;
	/* Per suspect: the first pairs whose routes cross it. */
	const struct rr_pairs_across *suspect_pairs;
	/* The LIDs probed (a data VL), and what came back of each. */
	const struct rr_lid_paths *lid_paths;
	const struct rr_lid_evidence *lid_ev;
	double probe_ms;
	unsigned int probe_rounds;	/* whole rounds sent */
	const char *probe_why;
	/* --compare: the earlier run's file and what changed since. */
	const struct rr_compare *cmp;
	const char *compared_with;
	/* The counts that judge them, and the --expect that did not hold. */
	struct rr_fabric_counts counts;
	const struct rr_expect_failure *expect_failed;
	int num_expect_failed;
	/* The SM asked, and the verdict of the counts' findings. */
	const struct rr_fabric_sm *sm;
	/*
	 * The LIDs the tables route that no port seen holds (NULL when none
	 * were counted), and what the SA said of them.
	 */
	const struct rr_unseen *unseen;
	const struct rr_severities *severity;
	struct rr_fabric_verdict verdict;
	/* The phases cut short (a stop, their bound); NULL: none counted. */
	const struct rr_fabric_stops *stops;
};

/* How many of the hottest links the report names. */
#define RR_ROUTES_HOTTEST 10

/*
 * Renders the report, after every pair; the format chooses the renderer
 * (render_dispatch.c).
 */
void rr_render_routes(struct printer *p, const struct rr_routes_view *v);
/*
 * Renders one pair's route, SRC to DST (endpoint indices), for
 * --per-pair, which the options allow with JSON Lines only; Prometheus
 * has no such record.
 */
void rr_render_route(struct printer *p, const struct rr_routes_view *v,
		     const struct rr_route *r, size_t src, size_t dst);

/* How many of the groups of routes that moved the report names. */
#define RR_COMPARE_GROUPS 20

/*
 * Writes the name of endpoint EP's CA port into BUF (LEN bytes): its
 * node's name, with "/PORT" added when the node has several ports.
 */
void rr_routes_port_name(const struct rr_routes_view *v, size_t ep, char *buf,
			 size_t len);
/*
 * Writes graph port I as its link, "S1 port 3 -> S3 port 1", into BUF
 * (LEN bytes).
 */
void rr_routes_link_name(const struct rr_routes_view *v, size_t i, char *buf,
			 size_t len);
/*
 * Writes credit loop L in words into BUF (LEN bytes): its VL, its
 * cycle's links and the two routes.
 */
void rr_routes_loop_title(const struct rr_routes_view *v,
			  const struct rr_credit_loop *l, char *buf, size_t len);

/* The record renderers behind the above (text, JSON, JSON Lines). */
void rr_record_routes(struct printer *p, const struct rr_routes_view *v);
void rr_record_route(struct printer *p, const struct rr_routes_view *v,
		     const struct rr_route *r, size_t src, size_t dst);
/* Writes, in JSON, what --compare reads back (the tables, the CA ports). */
void rr_record_routes_saved(struct printer *p, const struct rr_routes_view *v);
/* Writes --probe-links' suspect cables and what was probed. */
void rr_record_routes_probed(struct printer *p, const struct rr_routes_view *v);
/* Writes a probed cable's round trips: their mean and the longest. */
void rr_record_probe_rtt(struct printer *p, const struct rr_link_evidence *e);
/*
 * The LID-routed probes of cable C (--probe-links): the LID whose round
 * trip crosses it, what was sent and answered, one way or both.
 */
void rr_record_probe_lid(struct printer *p, const struct rr_routes_view *v,
			 size_t c);
/* Writes, for --compare, what changed since the earlier run. */
void rr_record_routes_compared(struct printer *p,
			       const struct rr_routes_view *v);
/*
 * Writes the topology with each link's loads into F as a graphviz graph.
 * Returns 0, or -1 on a write error or when memory runs out.
 */
int rr_render_routes_dot(FILE *f, const struct rr_routes_view *v);

#endif
