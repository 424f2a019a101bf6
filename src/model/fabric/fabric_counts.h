/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The counts that judge a fabric's routes (--sa --trace --all-pairs):
 * one table behind the report's summary, the names --expect takes in
 * that mode and their Prometheus gauges.  Pure.
 */
#ifndef RR_FABRIC_COUNTS_H
#define RR_FABRIC_COUNTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/fabric/fabric_routes.h"
#include "model/fabric/fabric_stop.h"
#include "model/fabric/fabric_unseen.h"
#include "model/fabric/route_topology.h"
#include "model/fabric/route_compare.h"

/* In the summary's order: three runs of counts, the others in between. */
enum rr_fabric_count {
	RR_FC_PORTS,
	RR_FC_PAIRS,
	RR_FC_ARRIVED,
	RR_FC_FAILED,
	RR_FC_DEAD_ENDS,
	RR_FC_LINKS_DOWN,
	RR_FC_LOOPS,
	RR_FC_BAD_PORTS,
	RR_FC_TABLES_UNREAD,
	RR_FC_LIDS_UNSEEN,
	RR_FC_MAPPED_UNSEEN,
	RR_FC_SM_SILENT,
	RR_FC_STOPPED,
	RR_FC_CREDIT_LOOPS,		/* the second run */
	RR_FC_CHANNEL_DEPENDENCIES,
	RR_FC_LONGER_THAN_FEWEST,	/* the third */
	RR_FC_MOST_EXTRA_SWITCHES,
	RR_FC_ASYMMETRIC_PAIRS,
	RR_FC_PAIRS_UNCONNECTED,
	RR_FC_LINKS_DEGRADED,
	RR_FC_LINKS_LOST,
	RR_FC_LINKS_PROBED,		/* --probe-links */
	RR_FC_SUSPECT_LINKS,
	RR_FC_LINKS_BETWEEN_SWITCHES,
	RR_FC_LOAD_MIN,
	RR_FC_LOAD_MAX,
	RR_FC_LINKS_HOT,
	RR_FC_ROUTES_COMPARED,		/* --compare */
	RR_FC_ROUTES_MOVED,
	RR_FC_PORTS_GONE,
	RR_FC_PORTS_UNREACHABLE,
	RR_FC_PORTS_NEW,
	RR_FC_LINKS_GONE,
	RR_FC_LINKS_UNREACHABLE,
	RR_FC_LINKS_NEW,
	RR_FC_CREDIT_LOOPS_NEW,
	RR_FC_CREDIT_LOOPS_VANISHED,
	RR_FC_NUM
};

struct rr_fabric_count_def {
	const char *name;	/* the summary's JSON key, --expect's FIELD */
	const char *prom;	/* its gauge, or NULL */
	const char *help;	/* the gauge's HELP */
};

extern const struct rr_fabric_count_def rr_fabric_count_defs[RR_FC_NUM];

struct rr_fabric_counts {
	uint64_t v[RR_FC_NUM];
	bool known[RR_FC_NUM];	/* false: not counted this run */
};

/* What a run of --sa --trace --all-pairs found. */
struct rr_fabric_found {
	const struct rr_routes *s;
	size_t ports;
	bool loops_checked;
	size_t credit_loops, channel_dependencies;
	const struct rr_route_topology *topo;	/* NULL: not compared */
	int64_t asymmetric;			/* -1: not compared */
	size_t links_degraded, links_between_switches;
	size_t links_lost;
	bool lost_checked;			/* the counters were asked */
	bool probed;				/* --probe-links ran */
	size_t links_probed, suspect_links;
	size_t spread_links;			/* 0: no load_min, load_max */
	uint64_t load_min, load_max;
	size_t links_hot;
	const struct rr_compare *cmp;		/* NULL: no --compare */
	bool sm_asked, sm_answered;		/* the SM the port knows */
	/*
	 * The LIDs the tables route that no port seen holds (NULL: the
	 * tables were not read), and what the SA said of them.
	 */
	const struct rr_unseen *unseen;
	bool map_given;		/* --node-name-map was given, and */
	size_t mapped_unseen;	/* how many of its nodes were not seen */
	const struct rr_fabric_stops *stops;	/* NULL: not counted */
};

/* Fills the counts C from what the run found, F. */
void rr_fabric_counts_fill(struct rr_fabric_counts *c,
			   const struct rr_fabric_found *f);
/* Returns the count named NAME, or -1 when none is. */
int rr_fabric_count_find(const char *name);
/*
 * Writes the counts' names, "ports, pairs, arrived, ...", into BUF (LEN
 * bytes): what --expect takes in that mode.
 */
void rr_fabric_count_names(char *buf, size_t len);

#endif
