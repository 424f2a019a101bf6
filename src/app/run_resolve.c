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
#include "backends/sa_backend.h"

/*
 * A probe for every destination (a run of one probe each that keeps
 * them: --sa, Prometheus).  Returns an exit code: RR_EXIT_OK to go on.
 */
int rr_run_make_probes(struct run *run)
{
	run->probes = calloc(run->num_dests, sizeof(*run->probes));
	if (!run->probes) {
		fprintf(stderr, "rdma-route: cannot allocate memory for %zu probes\n",
			run->num_dests);
		return RR_EXIT_FAILED;
	}
	memcpy(run->probes, run->dests, run->num_dests * sizeof(*run->probes));
	run->num_probes = run->num_dests;
	return RR_EXIT_OK;
}

static void cm_params(struct run *run, struct rr_cm_params *params)
{
	*params = (struct rr_cm_params){
		.src = run->opts.src ? &run->src : NULL,
		.timeout_ms = run->opts.timeout_ms,
		.parallel = run->opts.parallel ? run->opts.parallel :
						 RR_DEFAULT_PARALLEL,
		.tos = run->opts.tos,
		.ps = run->opts.ps,
		.host = run->host,
	};
}

/* False on ENOMEM, before anything was probed. */
static bool resolve_cm(struct run *run, struct rr_queue *q)
{
	struct rr_cm_params params;
	struct rr_cm *cm;
	size_t d = 0;

	cm_params(run, &params);
	cm = rr_cm_start(&params);
	if (!cm)
		return false;
	while (!rr_stop_requested()) {
		while (d < run->num_probes && rr_cm_room(cm))
			rr_cm_add(cm, &run->probes[d++]);
		if (d == run->num_probes)
			rr_cm_no_more(cm);
		if (!rr_cm_turn(cm, q))
			break;
		/* Events first: printing waits while the kernel has more. */
		rr_run_drain(run, q, cm, false);
		if (rr_interim_requested())
			rr_run_interim(run);
	}
	rr_cm_end(cm);
	rr_run_drain(run, q, NULL, true);
	if (rr_stop_requested())
		rr_run_emit_interrupted(run);
	return true;
}

static bool resolve_sa(struct run *run, struct rr_queue *q)
{
	struct rr_sa_params params = {
		.ca = run->opts.ca,
		.port = run->opts.ca_port,
		.timeout_ms = run->opts.timeout_ms,
		.sl = run->opts.sl,
		.pkey = run->opts.pkey,
		.tos = run->opts.tos,
		.all_paths = run->opts.all_paths,
		.parallel = run->opts.parallel ? run->opts.parallel :
						 RR_SA_DEFAULT_PARALLEL,
		.ps = run->opts.ps,
	};
	struct rr_sa *sa;

	sa = rr_sa_start(run->probes, run->num_probes, &params);
	if (!sa)
		return false;
	while (!rr_stop_requested() && rr_sa_turn(sa, q)) {
		rr_run_drain(run, q, NULL, false);
		if (rr_interim_requested())
			rr_run_interim(run);
	}
	rr_sa_end(sa);
	rr_run_drain(run, q, NULL, true);
	if (rr_stop_requested())
		rr_run_emit_interrupted(run);
	return true;
}

/* Resolves every probe with the backend of the run; false on ENOMEM. */
bool rr_run_resolve(struct run *run)
{
	struct rr_queue q;
	bool ok;

	if (!rr_queue_init(&q, run->num_probes))
		return false;
	ok = run->opts.sa ? resolve_sa(run, &q) : resolve_cm(run, &q);
	rr_queue_release(&q);
	return ok;
}

/*
 * A repeated run's next probe: the next destination of this round, or
 * the first of the next; NULL after the last round (--count 0: never).
 */
static struct entry *next_round_probe(struct run *run)
{
	unsigned long long round = run->next_round;
	struct entry *e;

	if (!run->num_dests || (run->opts.count && round == run->opts.count))
		return NULL;
	e = malloc(sizeof(*e) + 1);
	if (!e)
		return NULL;
	e->r = run->dests[run->next_dest];	/* its target outlives it */
	e->dest = run->next_dest;
	e->target[0] = '\0';
	e->r.probe.seq = round + 1;
	/* At most 2^32 rounds of at most 3600000 ms: no overflow. */
	e->r.probe.start_offset_ms = round * run->opts.interval_ms;
	if (++run->next_dest == run->num_dests) {
		run->next_dest = 0;
		run->next_round++;
	}
	return e;
}

/* The next destination as a result of its own; NULL at the end. */
static struct entry *next_entry(struct run *run)
{
	const struct rr_result *t;
	struct entry *e;
	size_t len;

	if (run->repeat)
		return next_round_probe(run);
	if (run->next_dest == run->num_dests && !rr_run_next_chunk(run))
		return NULL;
	t = &run->dests[run->next_dest++];
	len = strlen(t->probe.target);
	e = malloc(sizeof(*e) + len + 1);
	if (!e)
		return NULL;
	e->r = *t;
	memcpy(e->target, t->probe.target, len + 1);
	e->r.probe.target = e->target;
	return e;
}

/* Blocks until the -f file being read has more (or a signal comes). */
static void wait_for_input(struct run *run)
{
	struct pollfd pfd = { .fd = rr_run_input_fd(run), .events = POLLIN };

	if (pfd.fd >= 0)
		poll(&pfd, 1, -1);
	run->input_waiting = false;
}

/*
 * The streamed run's loop: destinations added while the backend and the
 * window have room, finished ones printed between turns.  False on ENOMEM.
 */
static bool resolve_stream(struct run *run, struct rr_cm_params *params)
{
	struct window *w = &run->win;
	struct rr_queue q;
	struct rr_cm *cm;
	struct entry *e;
	bool ok = false, more = true;

	w->cap = 4 * (size_t)params->parallel + 256;
	w->items = calloc(w->cap, sizeof(*w->items));
	if (!w->items || !rr_queue_init(&q, w->cap))
		return false;
	cm = rr_cm_start(params);
	if (!cm)
		goto out;
	while (!rr_stop_requested()) {
		while (more && w->len < w->cap && rr_cm_room(cm)) {
			e = next_entry(run);
			if (!e) {
				/* A slow pipe: what is in flight goes on. */
				more = run->input_waiting;
				break;
			}
			*win_at(w, w->len++) = e;
			rr_cm_add(cm, &e->r);
		}
		if (!more)
			rr_cm_no_more(cm);
		/* Nothing in flight: only the input can bring more. */
		if (more && run->input_waiting && !w->len) {
			wait_for_input(run);
			if (rr_interim_requested())
				rr_run_interim(run);
			continue;
		}
		rr_cm_wake_on(cm, run->input_waiting ? rr_run_input_fd(run) : -1);
		if (!rr_cm_turn(cm, &q))
			break;
		rr_run_drain(run, &q, cm, false);
		if (rr_interim_requested())
			rr_run_interim(run);
	}
	rr_cm_end(cm);
	rr_run_drain(run, &q, NULL, true);
	rr_run_emit_streamed_interrupted(run);
	ok = true;
out:
	rr_queue_release(&q);
	return ok;
}

void rr_run_release_window(struct window *w)
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
	struct rr_cm_params params;
	int code;

	if (!rr_run_open_files(run))
		return RR_EXIT_USAGE;
	/* The command line's destinations are the first chunk. */
	if (run->num_dests) {
		code = rr_run_lookup_names(run);
		if (code != RR_EXIT_OK)
			return code;
	}
	cm_params(run, &params);
	if (!resolve_stream(run, &params)) {
		perror("rdma-route");
		return RR_EXIT_FAILED;
	}
	if (!run->tally.probes && !run->input_errors && !run->input_failed &&
	    !rr_stop_requested()) {
		fprintf(stderr, "rdma-route: no destination in the -f files\n");
		return RR_EXIT_USAGE;
	}
	return rr_run_finish_run(run, run->tally.probes);
}

/*
 * --count other than 1: probes in rounds through the window, each
 * destination's statistics kept as they go.  Returns the exit code.
 */
int rr_run_repeated(struct run *run)
{
	struct rr_cm_params params;

	run->stats = calloc(run->num_dests, sizeof(*run->stats));
	if (!run->stats) {
		fprintf(stderr, "rdma-route: cannot allocate memory for %zu destinations\n",
			run->num_dests);
		return RR_EXIT_FAILED;
	}
	cm_params(run, &params);
	if (!resolve_stream(run, &params)) {
		perror("rdma-route");
		return RR_EXIT_FAILED;
	}
	return rr_run_finish_run(run, run->num_dests);
}
