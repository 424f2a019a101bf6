/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Command-line options (argp) into one plain structure. */
#ifndef RR_OPTIONS_H
#define RR_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "base/port_space.h"	/* enum rr_ps: --ps */
#include "base/prefix.h"	/* struct rr_prefix_list: --witness-allow */
#include "model/probe/transfer.h"	/* struct rr_data_plan: --data */
#include "base/output_format.h"
#include "model/fabric/fabric_verdict.h"	/* struct rr_severities: --severity */

/* Exit codes, documented in --help and rdma-route(8). */
enum rr_exit {
	RR_EXIT_OK = 0,
	RR_EXIT_FAILED = 1,
	RR_EXIT_USAGE = 2,
	RR_EXIT_NO_RDMA = 3,
	RR_EXIT_EXPECT = 4,
};

#define RR_DEFAULT_TIMEOUT_MS 2000
#define RR_MAX_HOST_LABEL 255
/* --matrix-grid: the widest text grid by default, and at most. */
#define RR_DEFAULT_MATRIX_GRID 64
#define RR_MAX_MATRIX_GRID 100000
/* --probe-links: probes a cable by default, and at most. */
#define RR_PROBES_A_LINK 20
#define RR_MAX_PROBES_A_LINK 10000
#define RR_DEFAULT_PARALLEL 64
/* SA queries in flight by default: few, as a real SM serves the fabric. */
#define RR_SA_DEFAULT_PARALLEL 8
/* --connect's port, as librdmacm's examples (ucmatose, cmtime) listen. */
#define RR_DEFAULT_CONNECT_PORT 7471
#define RR_DEFAULT_INTERVAL_MS 1000
#define RR_MAX_EXPECT 32
#define RR_MAX_FILES 32
/* Destinations in one run that keeps every result (--prom, --sa). */
#define RR_MAX_PROBES 1000000

/*
 * What a run does, decided once from the options.  Each mode is a row of
 * the input's table (src/input/mode_table.c: how the options select it,
 * its usage line, its checks) and of the run's table (src/app/modes.c:
 * how it runs).  They are in the order --help lists them; the mode is the
 * last one whose selector holds, as a later row is the more particular.
 */
enum rr_mode {
	RR_MODE_CM,		/* the kernel's RDMA CM: resolve, --connect */
	RR_MODE_SA,		/* --sa: PathRecords, --trace of one, --all-pairs */
	RR_MODE_ROUTES,		/* --sa --trace --all-pairs: every route */
	RR_MODE_MATRIX_RECORDS,	/* --matrix of JSON Lines records */
	RR_MODE_LIST,		/* --list: the RDMA ports */
	RR_MODE_CM_DEFAULTS,	/* --cm-defaults: each port's RDMA CM defaults */
	RR_MODE_LISTEN,		/* --listen: answer connect probes */
	RR_NUM_MODES
};

/* The files a run writes beside its output, each named by an option. */
enum rr_side {
	RR_SIDE_SVG,		/* --svg: --matrix's grid as a picture */
	RR_SIDE_DOT,		/* --dot: --trace --all-pairs' graph */
	RR_NUM_SIDES
};

struct rr_opts {
	enum rr_mode mode;	/* decided once the options are read */
	char **targets;		/* argv slice, not owned */
	int num_targets;
	const char *files[RR_MAX_FILES];	/* -f: more targets, "-" stdin */
	int num_files;
	bool all_addresses;	/* -A: every address of a host name */
	unsigned int count;	/* probes per destination */
	unsigned int interval_ms;
	/* --expect and --max-ms, as written; checked by expect.c */
	const char *expect[RR_MAX_EXPECT];
	int num_expect;
	const char *max_ms[RR_MAX_EXPECT];
	int num_max_ms;
	const char *src;	/* -b, --src, or NULL */
	const char *interface;	/* -I: an interface or an address, or NULL */
	int family;		/* -4, -6: AF_INET, AF_INET6; 0 either */
	unsigned int timeout_ms;
	unsigned int parallel;	/* 0: the backend's default */
	int tos;		/* -1: not set */
	enum rr_ps ps;
	bool ps_given;		/* --ps was given: a Prometheus label */
	unsigned int connect_port;	/* --connect: 0 none */
	bool data;			/* --data: messages over it */
	struct rr_data_plan data_plan;
	unsigned int listen_port;	/* --listen: 0 none */
	bool reject;			/* --listen --reject */
	bool no_witness;		/* --listen --no-witness */
	/* --listen --witness-allow: who is told this host's facts */
	struct rr_prefix_list witness_allow;
	bool count_given;		/* --count was given (--listen) */
	enum rr_format format;
	const char *output;	/* -o: FILE, replaced whole at the end */
	const char *host_label;	/* --host-label, NULL: gethostname() */
	bool brief;		/* --brief: a line per result, text only */
	bool verbose;		/* -v: a traced hop's every field, text only */
	bool no_progress;	/* --no-progress: no live line on a tty */
	bool quiet;		/* -q: the summary and statistics only */

	/* --sa: ask the InfiniBand subnet administrator instead */
	bool sa;
	const char *ca;		/* -C, NULL: the first CA */
	int ca_port;		/* -P, 0: the first active port */
	int sl;			/* --sl, -1: any */
	int pkey;		/* --pkey, -1: any */
	bool all_paths;
	const char *from;	/* --from: the path's source, NULL: this port */
	bool all_pairs;		/* every ordered pair of the ports */
	bool trace;		/* --sa: the route hop by hop (SMPs) */
	const char *node_name_map;	/* --node-name-map FILE */
	const char *config;	/* --config: infiniband-diags' defaults */
	bool timeout_given;	/* -t: the config's timeout does not apply */

	/* --matrix: the field each cell shows; NULL: no matrix */
	const char *matrix;
	bool matrix_field_given;	/* --matrix=FIELD, not the default */
	/* --matrix-grid: text shows the grid up to this many destinations */
	unsigned int matrix_grid;
	const char *svg;	/* --svg: the grid as a picture into FILE */
	const char *dot;	/* --dot: --trace --all-pairs' graph into FILE */
	const char *compare;	/* --compare: an earlier run's JSON report */
	bool sl_from_sa;	/* --sl-from-sa: each pair's SL from the SA */
	unsigned int probe_links;	/* --probe-links: probes a cable; 0 none */
	bool per_pair;		/* --per-pair: its JSON Lines record per route */
	struct rr_severities severity;	/* --severity over the defaults */
	bool severity_given;

	bool explain;		/* --explain: the root-cause chain */
	bool list;		/* --list: the RDMA ports, no destination */
	bool cm_defaults;	/* --cm-defaults: each port's, no destination */
};

/*
 * An option as a table names it: its name, where struct rr_opts keeps it,
 * and which value there means that it was given.
 */
struct rr_opt_ref {
	const char *name;	/* "--ca" */
	size_t offset;		/* offsetof(struct rr_opts, ...) */
	enum {
		RR_OPT_FLAG,		/* a bool, true */
		RR_OPT_TEXT,		/* a const char *, not NULL */
		RR_OPT_NONZERO,		/* an unsigned int or int, not 0 */
		RR_OPT_SET,		/* an int, not -1 (its unset value) */
	} kind;
};

/* Returns true if REF's option was given in OPTS. */
bool rr_opt_given(const struct rr_opts *opts, const struct rr_opt_ref *ref);

/*
 * Return the option that names the side file SIDE ("--svg"), and the file
 * OPTS gives it, or NULL when none is given.
 */
const char *rr_side_option(enum rr_side side);
const char *rr_side_path(const struct rr_opts *opts, enum rr_side side);

#endif
