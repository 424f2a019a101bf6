/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * One run of rdma-route, shared by main.c and the parts of its loop:
 * what to probe (run_input.c), the backends driven (run_resolve.c), and
 * what finished annotated and printed (run_output.c).
 */
#ifndef RR_APP_RUN_H
#define RR_APP_RUN_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/socket.h>

#include "app/output_file.h"
#include "app/progress.h"
#include "app/run_cm.h"
#include "app/run_matrix.h"
#include "app/run_routes.h"
#include "app/run_sa.h"
#include "backends/backend.h"
#include "host/host.h"
#include "input/options.h"
#include "input/target_file.h"
#include "model/probe/dest_stats.h"
#include "model/probe/expect.h"
#include "model/probe/queue.h"
#include "model/probe/result.h"
#include "model/probe/tally.h"
#include "output/printer.h"

/* The window's ring of entries, in start (= print) order. */
struct entry_ring {
	struct entry **items;
	size_t head, len, cap;
};

/* What to probe: the command line's destinations and -f files. */
struct run_input {
	/* One template per destination, in input order. */
	struct rr_result *dests;
	char **owned;			/* destination strings from files */
	size_t num_dests, cap, num_owned, cap_owned;
	size_t next_dest;		/* streamed: the next of the chunk */
	const char *file;		/* the -f file being read */
	size_t input_errors;
	FILE **files;			/* every -f file, opened first */
	int next_file;
	struct rr_target_reader reader;
	bool reading;			/* reader holds files[next_file - 1] */
	bool input_waiting;		/* streamed: no line ready to read yet */
	bool input_done, input_failed;
};

/* What is in flight: the probes made, between their start and print. */
struct run_window {
	/* One probe per destination (count 1, kept), in input order. */
	struct rr_result *probes;
	size_t num_probes;
	size_t next_probe;		/* the next to add to the backend */
	/*
	 * A streamed run (one probe per destination, a printer that
	 * streams) reads its files as it goes and keeps only a window of
	 * results: those between the oldest not yet printed and the newest
	 * started.  The input's DESTS then holds the chunk being added.
	 */
	bool streaming;
	/*
	 * --count other than 1 (0: until stopped): probes made in rounds,
	 * each round every destination once, printed as they are made, each
	 * counted into its destination's statistics and let go.  The ring
	 * holds them between start and print, as a streamed run's.
	 */
	bool repeat;
	unsigned long long next_round;
	struct entry_ring ring;
};

/* What was printed, and what is printed at the end. */
struct run_output {
	struct printer *p;
	size_t next_emit;		/* kept probes: the next to print */
	struct rr_tally tally;		/* of every result printed */
	struct rr_failed_names failed;	/* the destinations that failed */
	struct rr_dest_stats *stats;	/* --count: per destination */
	struct rr_progress progress;	/* the live line of a long run */
	bool nothing_printed;		/* -o's file is not put in place */
};

struct run {
	struct rr_opts opts;
	char host_label[RR_MAX_HOST_LABEL + 1];	/* what records say made them */
	/* What the run was told, as its Prometheus labels write it. */
	struct {
		char tos[16], ca_port[16], sl[16], pkey[16];
	} told;
	struct rr_expect *expects;	/* --expect, then --max-ms */
	int num_expects;
	struct rr_host *host;		/* read at the first need */
	/* What every probing mode has. */
	struct run_input in;
	struct run_window window;
	struct run_output out;
	/* The side files (--svg, --dot): written beside them, renamed in. */
	struct rr_output_file side[RR_NUM_SIDES];
	/* Each mode's own, valid where it runs (opts.mode). */
	struct run_cm cm;		/* the RDMA CM */
	struct run_sa sa;		/* --sa, --sa --trace --all-pairs */
	struct run_matrix matrix;	/* --matrix, of --sa or of records */
	struct run_routes routes;	/* --sa --trace --all-pairs */
};

/* run_setup.c: a run set up before its mode runs, and let go after. */

/* --host-label, or this host's name as uname -n says it. */
void rr_run_set_host(struct run *run);
/*
 * A probing run's set-up: the host's facts, --expect, --src, --from, the
 * node names, the command line's destinations, the printer and its
 * labels, the progress line.  Returns an exit code: RR_EXIT_OK to go on.
 */
int rr_run_prepare(struct run *run, FILE *out);
/*
 * Everything the run took, let go (any part of it may be unset): what
 * every probing mode has, then the mode's own (its row's release).
 */
void rr_run_release(struct run *run);
/* The --sa modes' own: the fabric, the node names, the pairs, the matrix. */
void rr_run_release_sa(struct run *run);
/* --matrix of records' own: the matrix. */
void rr_run_release_matrix(struct run *run);

/* side_files.c: --svg and --dot, beside the output. */

/*
 * Every side file given, opened beside its target before any work: a
 * folder or a FIFO is refused first.  An exit code (2: refused, said).
 */
int rr_run_open_sides(struct run *run);
/*
 * SIDE's file written by WRITE (WHAT, its content) and renamed into
 * place; not given, nothing.  An exit code (1: said).
 */
int rr_run_write_side(struct run *run, enum rr_side side,
		      bool (*write)(FILE *f, const void *what),
		      const void *what);
/* The side files not written, let go: their targets keep what they held. */
void rr_run_abandon_sides(struct run *run);

/*
 * --sa --all-pairs, streamed: the next chunk of pairs into the input's
 * DESTS; false after the last.
 */
bool rr_run_next_pairs(struct run *run);
/*
 * A streamed --all-pairs run: its pairs made, resolved and printed a
 * chunk at a time.  Returns the exit code.
 */
int rr_run_streamed_pairs(struct run *run);

/*
 * A result of a streamed run, with the text it was given as; of a
 * repeated run, with its destination (whose text it points to).
 */
struct entry {
	struct rr_result r;
	size_t dest;
	char target[];
};

/* Destinations read from a file before they are added: one chunk. */
#define STREAM_CHUNK 256

/* The window's Ith entry, from the oldest. */
static inline struct entry **win_at(struct entry_ring *w, size_t i)
{
	return &w->items[(w->head + i) % w->cap];
}

/* run_input.c: what to probe, from the command line and -f files. */

/* Command-line destinations: a bad one stops everything (exit 2). */
bool rr_run_add_arg_dests(struct run *run);

/* Opens every -f file before anything is probed: a typo fails at once. */
bool rr_run_open_files(struct run *run);

/* The -f files closed, what is being read of them let go. */
void rr_run_close_files(struct run *run);

/* Every -f file read to its end, for a run that is not streamed. */
bool rr_run_add_all_file_dests(struct run *run);

/* --expect and --max-ms, parsed; false (said) on a bad one. */
bool rr_run_parse_expectations(struct run *run);

/* --src takes a numeric address only: binding must not wait on DNS. */
bool rr_run_parse_src(struct run *run);
/* A value the user gave that cannot be used, said: WHAT, its TEXT, WHY; false. */
bool rr_run_refuse(const char *what, const char *text, const char *why);

/* --from: a LID, GID, port GUID or name, as a destination of --sa is. */
bool rr_run_parse_from(struct run *run);

/* COPY (malloc'ed) lives as long as the run; false (not kept): ENOMEM. */
bool rr_run_keep_owned(struct run *run, char *copy);

/* run_fabric.c: names in the fabric, --all-pairs' pairs. */

/* --node-name-map read; false (said) when it cannot be. */
bool rr_run_load_node_names(struct run *run);

/*
 * --sa: node names looked up in the fabric (discovered once, when a name
 * needs it), --from's too; with --all-pairs, the destinations become every
 * ordered pair of them (of every CA port when none was given).  Returns
 * an exit code: RR_EXIT_OK to go on.
 */
int rr_run_fabric(struct run *run);

/*
 * Host names to addresses; with -A a name with several becomes as many
 * destinations, one per address, in the resolver's order.  Returns an
 * exit code: RR_EXIT_OK to go on.
 */
int rr_run_lookup_names(struct run *run);

/*
 * The next chunk of destinations, names looked up; false at the end, or
 * (input_waiting) while a streamed run's files have no line ready.
 */
bool rr_run_next_chunk(struct run *run);
/* The -f file being read, to poll beside the backend's; -1 none. */
int rr_run_input_fd(const struct run *run);

/* run_resolve.c: the backends driven, probe by probe. */

/*
 * A probe for every destination (a run of one probe each that keeps
 * them: --sa, Prometheus).  Returns an exit code: RR_EXIT_OK to go on.
 */
int rr_run_make_probes(struct run *run);

/* Resolves every probe with the backend of the run; false on ENOMEM. */
bool rr_run_resolve(struct run *run);

/* What is left in the window let go (a run that stopped early). */
void rr_run_release_window(struct entry_ring *w);

/*
 * One probe per destination, printed as it comes: the files are read,
 * and names looked up, a chunk at a time.  Returns the exit code.
 */
int rr_run_streamed(struct run *run);

/*
 * --count other than 1: probes in rounds through the window, each
 * destination's statistics kept as they go.  Returns the exit code.
 */
int rr_run_repeated(struct run *run);

/* run_matrix.c: --matrix. */

/* R (from HOST, with SOURCE, its source address, or NULL) as a pair. */
bool rr_run_matrix_add(struct run *run, const struct rr_result *r,
		       const char *host, const char *source);

/* The matrix and its findings printed; returns the exit code. */
int rr_run_matrix_finish(struct run *run);

/*
 * --matrix without --sa: the JSON Lines files given (stdin without one)
 * read into the matrix, then printed.  Returns the exit code.
 */
int rr_run_matrix_records(struct run *run);

/* run_routes.c: --sa --trace --all-pairs. */

/*
 * Every route between the ports given (every CA port without one) from
 * the forwarding tables, read once; the report printed.  Returns the
 * exit code.
 */
int rr_run_routes(struct run *run);

/* run_output.c: finished probes annotated, printed, counted. */

/*
 * After a stop: the finished probes not printed yet, those given up or
 * never started left out.
 */
void rr_run_emit_interrupted(struct run *run);

/* After a stop: the window's finished results printed, all let go. */
void rr_run_emit_streamed_interrupted(struct run *run);

/*
 * SIGQUIT: each destination's statistics so far and the summary, a line
 * each on stderr, whatever the run's format; the run goes on (ping's).
 */
void rr_run_interim(struct run *run);

/*
 * Between turns of a backend's event loop: what finished is annotated,
 * then printed in input order, a step at a time while no answer for B (if
 * any) waits, so that our work delays no event's time stamp by more than
 * one result's.  A printer that does not stream (Prometheus) writes at the
 * end anyway: then everything waits for the LAST drain, but for a
 * repeated run's probes, which are let go as they are counted.
 */
void rr_run_drain(struct run *run, struct rr_queue *q, struct rr_backend *b,
		  bool last);

/*
 * The summary, when there is more than one result, a bad line, or a
 * format that always has one; then the exit code.
 */
int rr_run_finish_run(struct run *run, size_t destinations);

#endif
