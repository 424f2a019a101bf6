/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Command-line options (argp) into one plain structure. */
#ifndef RR_OPTIONS_H
#define RR_OPTIONS_H

#include <stdbool.h>

#include "base/port_space.h"	/* enum rr_ps: --ps */
#include "model/transfer.h"	/* struct rr_data_plan: --data */
#include "base/output_format.h"
#include "model/fabric_verdict.h"	/* struct rr_severities: --severity */

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
#define RR_DEFAULT_PARALLEL 64
/* SA queries in flight: few, a real SM serves the whole fabric. */
#define RR_SA_DEFAULT_PARALLEL 8
/* --connect's port, as librdmacm's examples (ucmatose, cmtime) listen. */
#define RR_DEFAULT_CONNECT_PORT 7471
#define RR_DEFAULT_INTERVAL_MS 1000
#define RR_MAX_EXPECT 32
#define RR_MAX_FILES 32
/* Destinations in one run that keeps every result (--prom, --sa). */
#define RR_MAX_PROBES 1000000

/*
 * What a run does, decided once from the options (rr_mode_of): each mode
 * is a row of src/app/modes.c, its option checks (mode_checks.c) and its
 * run.  A new mode is a name here, its line in rr_mode_of and a row there.
 */
enum rr_mode {
	RR_MODE_CM,		/* the kernel's RDMA CM: resolve, --connect */
	RR_MODE_SA,		/* --sa: PathRecords, --trace of one, --all-pairs */
	RR_MODE_ROUTES,		/* --sa --trace --all-pairs: every route */
	RR_MODE_MATRIX_RECORDS,	/* --matrix of JSON Lines records */
	RR_MODE_LISTEN,		/* --listen: answer connect probes */
	RR_MODE_LIST,		/* --list: the RDMA ports */
	RR_NUM_MODES
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
	bool per_pair;		/* --per-pair: its JSON Lines record per route */
	struct rr_severities severity;	/* --severity over the defaults */
	bool severity_given;

	bool explain;		/* --explain: the root-cause chain */
	bool list;		/* --list: the RDMA ports, no destination */
};

/* Parses argv; on a usage error prints it and exits with RR_EXIT_USAGE. */
void rr_parse_options(int argc, char **argv, struct rr_opts *opts);

/* A usage error found after the parse (WHY), said as the parse says one: exits. */
__attribute__((noreturn)) void rr_options_refuse(const char *why);

/*
 * The mode the options ask for, the first that applies: --listen, --list,
 * --matrix of records, --sa --trace --all-pairs, --sa, else the CM.
 */
enum rr_mode rr_mode_of(const struct rr_opts *opts);

#endif
