// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The backends driven: every probe kept (--sa, Prometheus), or a
 * window of them streamed (one probe each, or --count in rounds).
 */
#include <poll.h>
#include <stdlib.h>
#include <string.h>

#include "app/run.h"
#include "app/signals.h"
#include "backends/backend.h"

/*
 * A probe for every destination (a run of one probe each that keeps
 * them: --sa, Prometheus).  Returns an exit code: RR_EXIT_OK to go on.
 */
int rr_run_make_probes(struct run *run)
{
	run->window.probes = calloc(run->in.num_dests, sizeof(*run->window.probes));
	if (!run->window.probes) {
		fprintf(stderr, "rdma-route: cannot allocate memory for %zu probes\n",
			run->in.num_dests);
		return RR_EXIT_FAILED;
	}
	memcpy(run->window.probes, run->in.dests, run->in.num_dests * sizeof(*run->window.probes));
	run->window.num_probes = run->in.num_dests;
	return RR_EXIT_OK;
}

/* The run's backend, as the options name it. */
static void backend_params(struct run *run, struct rr_backend_params *params)
{
	bool sa = run->opts.sa;

	*params = (struct rr_backend_params){
		.kind = sa ? RR_BACKEND_SA : RR_BACKEND_CM,
		.timeout_ms = run->opts.timeout_ms,
		.parallel = run->opts.parallel ? run->opts.parallel :
			    sa ? RR_SA_DEFAULT_PARALLEL : RR_DEFAULT_PARALLEL,
		.tos = run->opts.tos,
		.ps = run->opts.ps,
		.src = run->opts.src ? &run->cm.src : NULL,
		.host = run->host,
		.ca = run->opts.ca,
		.port = run->opts.ca_port,
		.sl = run->opts.sl,
		.pkey = run->opts.pkey,
		.all_paths = run->opts.all_paths,
		.trace = run->opts.trace,
		.names = &run->sa.names,
		.connect_port = run->opts.connect_port,
		.data = run->opts.data ? &run->opts.data_plan : NULL,
	};
}

/* A run that keeps its probes: the next one, NULL after the last. */
static struct rr_result *next_kept(struct run *run)
{
	return run->window.next_probe < run->window.num_probes ?
		       &run->window.probes[run->window.next_probe++] : NULL;
}

/*
 * A repeated run's next probe: the next destination of this round, or
 * the first of the next; NULL after the last round (--count 0: never).
 */
static struct entry *next_round_probe(struct run *run)
{
	unsigned long long round = run->window.next_round;
	struct entry *e;

	if (!run->in.num_dests || (run->opts.count && round == run->opts.count))
		return NULL;
	e = malloc(sizeof(*e) + 1);
	if (!e)
		return NULL;
	e->r = run->in.dests[run->in.next_dest];	/* its target outlives it */
	e->dest = run->in.next_dest;
	e->target[0] = '\0';
	e->r.probe.seq = round + 1;
	/* At most 2^32 rounds of at most 3600000 ms: no overflow. */
	e->r.probe.start_offset_ms = round * run->opts.interval_ms;
	if (++run->in.next_dest == run->in.num_dests) {
		run->in.next_dest = 0;
		run->window.next_round++;
	}
	return e;
}

/*
 * A streamed run: the next destination as a result of its own, kept in
 * the window until printed; NULL at the end, or when the window is full.
 */
static struct rr_result *next_streamed(struct run *run)
{
	struct entry_ring *w = &run->window.ring;
	const struct rr_result *t;
	struct entry *e;
	size_t len;

	if (w->len == w->cap)
		return NULL;
	if (run->window.repeat) {
		e = next_round_probe(run);
	} else {
		if (run->in.next_dest == run->in.num_dests &&
		    !(run->sa.pair_ports ? rr_run_next_pairs(run) :
					   rr_run_next_chunk(run)))
			return NULL;
		t = &run->in.dests[run->in.next_dest++];
		len = strlen(t->probe.target);
		e = malloc(sizeof(*e) + len + 1);
		if (e) {
			e->r = *t;
			memcpy(e->target, t->probe.target, len + 1);
			e->r.probe.target = e->target;
		}
	}
	if (!e)
		return NULL;
	*win_at(w, w->len++) = e;
	return &e->r;
}

/* Blocks until the -f file being read has more (or a signal comes). */
static void wait_for_input(struct run *run)
{
	struct pollfd pfd = { .fd = rr_run_input_fd(run), .events = POLLIN };

	if (pfd.fd >= 0)
		poll(&pfd, 1, -1);
	run->in.input_waiting = false;
}

/*
 * The one drive loop: results added from NEXT while the backend has room,
 * turns until all are handed back, finished ones printed between turns.
 * A streamed run whose -f pipe has no line yet waits for it when nothing
 * else is in flight.  False on ENOMEM, before anything was probed.
 */
static bool drive(struct run *run, struct rr_queue *q,
		  struct rr_result *(*next)(struct run *run))
{
	struct rr_backend_params params;
	struct rr_backend *b;
	struct rr_result *r;
	bool more = true;

	backend_params(run, &params);
	b = rr_backend_start(&params);
	if (!b)
		return false;
	while (!rr_stop_requested()) {
		while (more && rr_backend_room(b)) {
			r = next(run);
			if (!r) {
				/* A slow pipe or a full window: more later. */
				more = run->in.input_waiting ||
				       (run->window.ring.cap && run->window.ring.len == run->window.ring.cap);
				break;
			}
			rr_backend_add(b, r);
		}
		if (!more)
			rr_backend_no_more(b);
		/* Nothing in flight: only the input can bring more. */
		if (more && run->in.input_waiting && !run->window.ring.len) {
			wait_for_input(run);
			if (rr_interim_requested())
				rr_run_interim(run);
			continue;
		}
		rr_backend_wake_on(b, run->in.input_waiting ? rr_run_input_fd(run) : -1);
		if (!rr_backend_turn(b, q))
			break;
		/* Answers first: printing waits while the kernel has more. */
		rr_run_drain(run, q, b, false);
		if (rr_interim_requested())
			rr_run_interim(run);
	}
	rr_backend_end(b);
	rr_run_drain(run, q, NULL, true);
	return true;
}

/* Resolves every kept probe with the backend of the run; false on ENOMEM. */
bool rr_run_resolve(struct run *run)
{
	struct rr_queue q;
	bool ok;

	if (!rr_queue_init(&q, run->window.num_probes))
		return false;
	ok = drive(run, &q, next_kept);
	rr_queue_release(&q);
	if (ok && rr_stop_requested())
		rr_run_emit_interrupted(run);
	return ok;
}

/* A window of probes streamed through the backend; false on ENOMEM. */
static bool resolve_stream(struct run *run)
{
	struct entry_ring *w = &run->window.ring;
	struct rr_queue q;
	bool ok;

	w->cap = 4 * (size_t)(run->opts.parallel ? run->opts.parallel :
				  RR_DEFAULT_PARALLEL) + 256;
	w->items = calloc(w->cap, sizeof(*w->items));
	if (!w->items || !rr_queue_init(&q, w->cap))
		return false;
	ok = drive(run, &q, next_streamed);
	if (ok)
		rr_run_emit_streamed_interrupted(run);
	rr_queue_release(&q);
	return ok;
}

void rr_run_release_window(struct entry_ring *w)
{
	struct entry *e;

	while (w->len) {
		e = *win_at(w, --w->len);
		rr_result_release(&e->r);
		free(e);
	}
	free(w->items);
}

/*
 * One probe per destination, printed as it comes: the files are read,
 * and names looked up, a chunk at a time.  Returns the exit code.
 */
int rr_run_streamed(struct run *run)
{
	int code;

	if (!rr_run_open_files(run))
		return RR_EXIT_USAGE;
	/* The command line's destinations are the first chunk. */
	if (run->in.num_dests) {
		code = rr_run_lookup_names(run);
		if (code != RR_EXIT_OK)
			return code;
	}
	if (!resolve_stream(run)) {
		perror("rdma-route");
		return RR_EXIT_FAILED;
	}
	if (!run->out.tally.probes && !run->in.input_errors && !run->in.input_failed &&
	    !rr_stop_requested()) {
		fprintf(stderr, "rdma-route: no destination in the -f files\n");
		return RR_EXIT_USAGE;
	}
	return rr_run_finish_run(run, run->out.tally.probes);
}

int rr_run_streamed_pairs(struct run *run)
{
	size_t n = run->sa.num_pair_ports;

	if (!resolve_stream(run)) {
		perror("rdma-route");
		return RR_EXIT_FAILED;
	}
	return rr_run_finish_run(run, n * (n - 1));
}

/*
 * --count other than 1: probes in rounds through the window, each
 * destination's statistics kept as they go.  Returns the exit code.
 */
int rr_run_repeated(struct run *run)
{
	run->out.stats = calloc(run->in.num_dests, sizeof(*run->out.stats));
	if (!run->out.stats) {
		fprintf(stderr, "rdma-route: cannot allocate memory for %zu destinations\n",
			run->in.num_dests);
		return RR_EXIT_FAILED;
	}
	if (!resolve_stream(run)) {
		perror("rdma-route");
		return RR_EXIT_FAILED;
	}
	return rr_run_finish_run(run, run->in.num_dests);
}
