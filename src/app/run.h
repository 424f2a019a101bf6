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
	size_t next_dest;		/* streamed: next one in the chunk */
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
	 * --count other than 1 (0: until stopped): probes are made in
	 * rounds, each round every destination once; they are printed as
	 * they are made, each counted into its destination's statistics and
	 * let go.  The ring holds them between start and print, as it does
	 * in a streamed run.
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
	/* The host that the records name as the one that made them. */
	char host_label[RR_MAX_HOST_LABEL + 1];
	/* What the run was told, as its Prometheus labels write it. */
	struct {
		char tos[16], ca_port[16], sl[16], pkey[16];
	} told;
	struct rr_expect *expects;	/* --expect, then --max-ms */
	int num_expects;
	struct rr_host *host;		/* read when first needed */
	/* What every probing mode has. */
	struct run_input in;
	struct run_window window;
	struct run_output out;
	/*
	 * The side files (--svg, --dot), each written beside its target and
	 * then renamed into place.
	 */
	struct rr_output_file side[RR_NUM_SIDES];
	/* Each mode's own state, valid only where it runs (opts.mode). */
	struct run_cm cm;		/* the RDMA CM */
	struct run_sa sa;		/* --sa, --sa --trace --all-pairs */
	struct run_matrix matrix;	/* --matrix, of --sa or of records */
	struct run_routes routes;	/* --sa --trace --all-pairs */
};

/* run_setup.c: sets a run up before its mode runs, and lets it go after. */

/*
 * Sets the run's host label: --host-label, or this host's name as
 * uname -n says it.
 */
void rr_run_set_host(struct run *run);
/*
 * Sets up a probing run: the host's facts, --expect, --src, --from, the
 * node names, the command line's destinations, the printer and its
 * labels, and the progress line.  Returns an exit code: RR_EXIT_OK to go
 * on.
 */
int rr_run_prepare(struct run *run, FILE *out);
/*
 * Lets go of everything the run took (any part of it may be unset): what
 * every probing mode has, then the mode's own (its row's release).
 */
void rr_run_release(struct run *run);
/*
 * Lets go of what only the --sa modes have: the fabric, the node names,
 * the pairs and the matrix.
 */
void rr_run_release_sa(struct run *run);
/* Lets go of what only --matrix of records has: the matrix. */
void rr_run_release_matrix(struct run *run);

/* side_files.c: --svg and --dot, beside the output. */

/*
 * Opens every side file given beside its target, before any work, so
 * that a folder or a FIFO is refused first.  Returns an exit code: 2 when
 * one is refused, after saying why.
 */
int rr_run_open_sides(struct run *run);
/*
 * Writes SIDE's file with WRITE (WHAT is its content) and renames it into
 * place; does nothing when that file was not given.  Returns an exit
 * code: 1 when it failed, after saying why.
 */
int rr_run_write_side(struct run *run, enum rr_side side,
		      bool (*write)(FILE *f, const void *what),
		      const void *what);
/* Lets go of the side files not written; their targets keep what they held. */
void rr_run_abandon_sides(struct run *run);

/*
 * --sa --all-pairs, streamed: puts the next chunk of pairs into the
 * input's DESTS.  Returns false after the last chunk.
 */
bool rr_run_next_pairs(struct run *run);
/*
 * Runs a streamed --all-pairs run, whose pairs are made, resolved and
 * printed a chunk at a time.  Returns the exit code.
 */
int rr_run_streamed_pairs(struct run *run);

/*
 * A result in the window.  In a streamed run it keeps in TARGET the text
 * it was given as; in a repeated run it keeps its destination's index in
 * DEST, and points to that destination's text.
 */
struct entry {
	struct rr_result r;
	size_t dest;
	char target[];
};

/* One chunk: the destinations read from a file before they are added. */
#define STREAM_CHUNK 256

/* Returns the window's Ith entry, counting from the oldest. */
static inline struct entry **win_at(struct entry_ring *w, size_t i)
{
	return &w->items[(w->head + i) % w->cap];
}

/* run_input.c: what to probe, from the command line and -f files. */

/*
 * Adds the command line's destinations.  Returns false, after saying why,
 * on a bad one, which stops everything (exit 2).
 */
bool rr_run_add_arg_dests(struct run *run);

/* Opens every -f file before anything is probed, so a typo fails at once. */
bool rr_run_open_files(struct run *run);

/* Closes the -f files and lets go of what is being read of them. */
void rr_run_close_files(struct run *run);

/* Reads every -f file to its end, for a run that is not streamed. */
bool rr_run_add_all_file_dests(struct run *run);

/*
 * Parses --expect and --max-ms.  Returns false, after saying why, on a
 * bad one.
 */
bool rr_run_parse_expectations(struct run *run);

/*
 * Parses --src, which takes a numeric address only: binding must not wait
 * on DNS.  Returns false, after saying why, on a bad one.
 */
bool rr_run_parse_src(struct run *run);
/*
 * Says on stderr that TEXT, the value the user gave for WHAT, cannot be
 * used, and WHY.  Returns false.
 */
bool rr_run_refuse(const char *what, const char *text, const char *why);

/*
 * Parses --from: a LID, GID, port GUID or name, as a --sa destination is.
 * Returns false, after saying why, on a bad one.
 */
bool rr_run_parse_from(struct run *run);

/*
 * Hands COPY (malloc'ed) to the run, which keeps it as long as the run
 * lasts and then frees it.  Returns false on ENOMEM; COPY is then not
 * kept, and the caller still owns it.
 */
bool rr_run_keep_owned(struct run *run, char *copy);

/* run_fabric.c: names in the fabric, --all-pairs' pairs. */

/* Reads --node-name-map; returns false, after saying why, if it cannot. */
bool rr_run_load_node_names(struct run *run);

/*
 * --sa: looks node names up in the fabric (discovered once, when a name
 * needs it), --from's too.  With --all-pairs, the destinations become
 * every ordered pair of them (of every CA port when none was given).
 * Returns an exit code: RR_EXIT_OK to go on.
 */
int rr_run_fabric(struct run *run);

/*
 * Looks host names up.  With -A, a name with several addresses becomes as
 * many destinations, one per address, in the resolver's order.  Returns
 * an exit code: RR_EXIT_OK to go on.
 */
int rr_run_lookup_names(struct run *run);

/*
 * Reads the next chunk of destinations and looks their names up.
 * Returns false at the end, or (with input_waiting set) while a streamed
 * run's files have no line ready.
 */
bool rr_run_next_chunk(struct run *run);
/*
 * Returns the descriptor of the -f file being read, to poll beside the
 * backend's; -1 when none is.
 */
int rr_run_input_fd(const struct run *run);

/* run_resolve.c: the backends driven, probe by probe. */

/*
 * Makes a probe for every destination, for a run of one probe each that
 * keeps them (--sa, Prometheus).  Returns an exit code: RR_EXIT_OK to go
 * on.
 */
int rr_run_make_probes(struct run *run);

/* Resolves every probe with the run's backend; returns false on ENOMEM. */
bool rr_run_resolve(struct run *run);

/* Lets go of what is left in the window W (a run that stopped early). */
void rr_run_release_window(struct entry_ring *w);

/*
 * Runs one probe per destination and prints each as it comes; the files
 * are read, and names looked up, a chunk at a time.  Returns the exit
 * code.
 */
int rr_run_streamed(struct run *run);

/*
 * --count other than 1: runs the probes in rounds through the window and
 * keeps each destination's statistics as they go.  Returns the exit code.
 */
int rr_run_repeated(struct run *run);

/* run_matrix.c: --matrix. */

/*
 * Adds result R to the matrix as a pair, from HOST, with SOURCE as its
 * source address (or NULL).  Returns false as rr_matrix_add() does.
 */
bool rr_run_matrix_add(struct run *run, const struct rr_result *r,
		       const char *host, const char *source);

/* Prints the matrix and its findings; returns the exit code. */
int rr_run_matrix_finish(struct run *run);

/*
 * --matrix without --sa: reads the JSON Lines files given (stdin when
 * none is) into the matrix, then prints it.  Returns the exit code.
 */
int rr_run_matrix_records(struct run *run);

/* run_routes.c: --sa --trace --all-pairs. */

/*
 * Finds every route between the ports given (every CA port when none is)
 * from the forwarding tables, read once, and prints the report.  Returns
 * the exit code.
 */
int rr_run_routes(struct run *run);

/* run_output.c: finished probes are annotated, printed and counted. */

/*
 * After a stop: prints the finished probes not printed yet, leaving out
 * those given up or never started.
 */
void rr_run_emit_interrupted(struct run *run);

/* After a stop: prints the window's finished results and lets go of all. */
void rr_run_emit_streamed_interrupted(struct run *run);

/*
 * On SIGQUIT: prints each destination's statistics so far and the
 * summary, a line each, on stderr whatever the run's format; the run goes
 * on, as ping's does.
 */
void rr_run_interim(struct run *run);

/*
 * Between turns of a backend's event loop: annotates what finished, then
 * prints it in input order, a step at a time while no answer for B (if
 * any) waits, so that our work delays no event's time stamp by more than
 * one result's.  A printer that does not stream (Prometheus) writes at the
 * end anyway, so everything waits for the LAST drain, except a repeated
 * run's probes, which are let go as they are counted.
 */
void rr_run_drain(struct run *run, struct rr_queue *q, struct rr_backend *b,
		  bool last);

/*
 * Prints the summary when there is more than one result, a bad line, or
 * a format that always has one.  Returns the exit code.
 */
int rr_run_finish_run(struct run *run, size_t destinations);

#endif
