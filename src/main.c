// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rdma-route: options -> targets -> resolution core -> results ->
 * renderers -> exit code, in that order.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model/check.h"
#include "model/dest_stats.h"
#include "base/clock.h"
#include "base/escape.h"
#include "backends/cm_backend.h"
#include "model/expect.h"
#include "explain/explain.h"
#include "host/host.h"
#include "app/list.h"
#include "app/output_file.h"
#include "app/signals.h"
#include "base/numbers.h"
#include "input/options.h"
#include "output/printer.h"
#include "model/queue.h"
#include "output/render.h"
#include "model/result.h"
#include "backends/sa_backend.h"
#include "input/target_file.h"
#include "input/targets.h"

struct run {
	struct rr_opts opts;
	char host_label[RR_MAX_HOST_LABEL + 1];	/* what records say made them */
	char told[3][16];	/* Prometheus run labels' numbers */
	struct rr_expect expects[2 * RR_MAX_EXPECT];
	int num_expects;
	struct sockaddr_storage src;
	struct printer *p;
	struct rr_host *host;		/* read at the first need */

	/* One template per destination, in input order. */
	struct rr_result *dests;
	char **owned;			/* destination strings from files */
	size_t num_dests, cap, num_owned, cap_owned;
	const char *file;		/* the -f file being read */
	size_t input_errors;

	/* One probe per destination (count 1), in input order. */
	struct rr_result *probes;
	size_t num_probes;
	size_t next_emit;
	struct rr_tally tally;		/* of every result printed */

	/*
	 * A streamed run (one probe per destination, a printer that
	 * streams) reads its files as it goes and keeps only a window of
	 * results: those between the oldest not yet printed and the newest
	 * started.  DESTS then holds the chunk being added, from NEXT_DEST.
	 */
	bool streaming;
	/*
	 * --count other than 1 (0: until stopped): probes made in rounds,
	 * each round every destination once, printed as they are made, each
	 * counted into its destination's statistics and let go.  The window
	 * holds them between start and print, as a streamed run's.
	 */
	bool repeat;
	struct rr_dest_stats *stats;	/* per destination */
	unsigned long long next_round;
	struct window {
		struct entry **items;	/* a ring, in start (= print) order */
		size_t head, len, cap;
	} win;
	size_t next_dest;
	FILE **files;			/* every -f file, opened first */
	int next_file;
	struct rr_target_reader reader;
	bool reading;			/* reader holds files[next_file - 1] */
	bool input_done, input_failed;
};

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

/* TEXT for a message: control characters and bad UTF-8 shown as \xNN. */
static const char *shown(const char *text, char *buf, size_t len)
{
	return rr_escape(text, strlen(text), buf, len);
}

static bool grow(struct run *run)
{
	size_t cap = run->cap ? 2 * run->cap : 64;
	struct rr_result *d = reallocarray(run->dests, cap, sizeof(*d));

	if (!d)
		return false;
	run->dests = d;
	run->cap = cap;
	return true;
}

/* Adds TEXT as a destination; false with a reason in WHY if it is none. */
static bool add_dest(struct run *run, const char *text, char *why,
		     size_t why_len)
{
	struct rr_probe probe = { .target = text, .kind = RR_PROBE_SA,
				  .host = run->host_label };
	enum rr_target_kind kind;

	if (run->opts.sa) {
		if (!rr_sa_parse_dest(text, &probe.sa, why, why_len))
			return false;
	} else {
		kind = rr_target_parse(text, &probe.dst, why, why_len);
		if (kind == RR_TARGET_INVALID)
			return false;
		probe.kind = kind == RR_TARGET_NAME ? RR_PROBE_NAME :
						      RR_PROBE_ADDRESS;
		probe.have_dst = kind == RR_TARGET_ADDRESS;
	}
	if (run->num_dests == RR_MAX_PROBES) {
		snprintf(why, why_len, "more than %d destinations", RR_MAX_PROBES);
		return false;
	}
	if (run->num_dests == run->cap && !grow(run)) {
		snprintf(why, why_len, "%s", strerror(ENOMEM));
		return false;
	}
	if (run->opts.src) {
		probe.src = run->src;
		probe.have_src = true;
	}
	run->dests[run->num_dests++] = (struct rr_result){ .probe = probe };
	return true;
}

/* Command-line destinations: a bad one stops everything (exit 2). */
static bool add_arg_dests(struct run *run)
{
	char why[160], buf[256];
	int i;

	for (i = 0; i < run->opts.num_targets; i++) {
		if (!add_dest(run, run->opts.targets[i], why, sizeof(why))) {
			fprintf(stderr, "rdma-route: invalid destination '%s': %s\n",
				shown(run->opts.targets[i], buf, sizeof(buf)), why);
			return false;
		}
	}
	return true;
}

static bool keep_owned(struct run *run, char *copy)
{
	size_t cap = run->cap_owned ? 2 * run->cap_owned : 64;
	char **owned;

	if (run->num_owned == run->cap_owned) {
		owned = reallocarray(run->owned, cap, sizeof(*owned));
		if (!owned)
			return false;
		run->owned = owned;
		run->cap_owned = cap;
	}
	run->owned[run->num_owned++] = copy;
	return true;
}

/*
 * A file's bad line is reported and skipped; the rest goes on.  Out of
 * memory, or past the limit of destinations, stops the reading.
 */
static int file_line(void *ctx, const char *text, size_t len,
		     unsigned long line, const char *problem)
{
	struct run *run = ctx;
	char why[160], *copy;

	if (problem) {
		rr_render_input_error(run->p, run->file, line, text, len, problem);
		run->input_errors++;
		return 0;
	}
	copy = strndup(text, len);
	if (!copy || !keep_owned(run, copy)) {
		free(copy);
		errno = ENOMEM;
		return -1;
	}
	if (!add_dest(run, copy, why, sizeof(why))) {
		rr_render_input_error(run->p, run->file, line, text, len, why);
		run->input_errors++;
		if (run->num_dests == RR_MAX_PROBES) {
			errno = E2BIG;
			return -1;
		}
	}
	/* Streamed: a chunk at a time, the rest read when its turn comes. */
	return run->streaming && run->num_dests >= STREAM_CHUNK;
}

/* Opens every -f file before anything is probed: a typo fails at once. */
static bool open_files(struct run *run)
{
	const char *name;
	char buf[256];
	int i;

	run->files = calloc((size_t)run->opts.num_files + 1, sizeof(*run->files));
	if (!run->files)
		return false;
	for (i = 0; i < run->opts.num_files; i++) {
		name = run->opts.files[i];
		run->files[i] = strcmp(name, "-") ? fopen(name, "re") : stdin;
		if (!run->files[i]) {
			fprintf(stderr, "rdma-route: cannot read '%s': %s\n",
				shown(name, buf, sizeof(buf)), strerror(errno));
			return false;
		}
	}
	return true;
}

static void close_files(struct run *run)
{
	int i;

	for (i = 0; run->files && i < run->opts.num_files; i++)
		if (run->files[i] && run->files[i] != stdin)
			fclose(run->files[i]);
	free(run->files);
	run->files = NULL;
}

/* Forgets the chunk added: its destinations' texts live in their entries. */
static void release_chunk(struct run *run)
{
	size_t i;

	for (i = 0; i < run->num_owned; i++)
		free(run->owned[i]);
	run->num_owned = 0;
	run->num_dests = 0;
	run->next_dest = 0;
}

/*
 * Reads on in the -f files until a chunk is full (a streamed run) or they
 * end; INPUT_FAILED when one could not be read to its end.
 */
static void read_some(struct run *run)
{
	enum rr_read_status st;
	char buf[256];

	if (!run->reading) {
		if (run->next_file == run->opts.num_files) {
			run->input_done = true;
			return;
		}
		run->file = run->opts.files[run->next_file];
		rr_target_reader_init(&run->reader, run->files[run->next_file++]);
		run->reading = true;
	}
	st = rr_read_target_lines(&run->reader, file_line, run);
	if (st == RR_READ_PAUSED)
		return;
	run->reading = false;
	if (st == RR_READ_OK)
		return;
	/* A signal cut the read short: the run ends, no file is to blame. */
	if (st == RR_READ_ERROR && rr_stop_requested()) {
		run->input_done = true;
		return;
	}
	if (st == RR_READ_ERROR || st == RR_READ_STOPPED)
		fprintf(stderr, "rdma-route: reading '%s' stopped: %s\n",
			shown(run->file, buf, sizeof(buf)),
			errno == E2BIG ? "too many destinations" : strerror(errno));
	run->input_failed = true;
	run->input_done = true;
}

/* Every -f file read to its end, for a run that is not streamed. */
static bool add_all_file_dests(struct run *run)
{
	if (!open_files(run))
		return false;
	while (!run->input_done)
		read_some(run);
	return !run->input_failed;
}

static bool parse_expectations(struct run *run)
{
	const struct rr_opts *o = &run->opts;
	char why[256], buf[256];
	int i;

	for (i = 0; i < o->num_expect; i++) {
		if (!rr_expect_parse(o->expect[i], &run->expects[run->num_expects++],
				     why, sizeof(why))) {
			fprintf(stderr, "rdma-route: invalid --expect '%s': %s\n",
				shown(o->expect[i], buf, sizeof(buf)), why);
			return false;
		}
	}
	for (i = 0; i < o->num_max_ms; i++) {
		if (!rr_expect_parse_max_ms(o->max_ms[i],
					    &run->expects[run->num_expects++],
					    why, sizeof(why))) {
			fprintf(stderr, "rdma-route: invalid --max-ms '%s': %s\n",
				shown(o->max_ms[i], buf, sizeof(buf)), why);
			return false;
		}
	}
	return true;
}

/* --src takes a numeric address only: binding must not wait on DNS. */
static bool parse_src(struct run *run)
{
	const char *text = run->opts.src;
	char why[160], buf[256];

	if (!text)
		return true;
	switch (rr_target_parse(text, &run->src, why, sizeof(why))) {
	case RR_TARGET_ADDRESS:
		return true;
	case RR_TARGET_NAME:
		snprintf(why, sizeof(why), "want a numeric IPv4 or IPv6 address");
		break;
	default:
		break;
	}
	fprintf(stderr, "rdma-route: invalid --src '%s': %s\n",
		shown(text, buf, sizeof(buf)), why);
	return false;
}

/*
 * Host names to addresses; with -A a name with several becomes as many
 * destinations, one per address, in the resolver's order.  Returns an
 * exit code: RR_EXIT_OK to go on.
 */
static int lookup_names(struct run *run)
{
	struct rr_name_addrs *found;
	struct rr_result *d, *r;
	size_t i, k, n = 0, at = 0;
	int code = RR_EXIT_FAILED;

	found = calloc(run->num_dests, sizeof(*found));
	if (!found)
		goto nomem;
	rr_lookup_names(run->dests, found, run->num_dests,
			run->opts.timeout_ms);
	for (i = 0; i < run->num_dests; i++)
		n += found[i].n > 1 && run->opts.all_addresses ? found[i].n : 1;
	if (n > RR_MAX_PROBES) {
		fprintf(stderr, "rdma-route: the names resolve to %zu addresses: at most %d destinations in one run\n",
			n, RR_MAX_PROBES);
		code = RR_EXIT_USAGE;
		goto out;
	}
	d = calloc(n, sizeof(*d));
	if (!d)
		goto out;
	for (i = 0; i < run->num_dests; i++) {
		if (!run->opts.all_addresses || found[i].n < 2) {
			d[at] = run->dests[i];
			d[at++].probe.name_skipped =
				found[i].n ? (unsigned int)found[i].n - 1 : 0;
			continue;
		}
		for (k = 0; k < found[i].n; k++) {
			r = &d[at++];
			*r = run->dests[i];
			r->probe.dst = found[i].addrs[k];
		}
	}
	free(run->dests);
	run->dests = d;
	run->cap = n;
	rr_name_addrs_release(found, run->num_dests);
	run->num_dests = n;
	return RR_EXIT_OK;
out:
	rr_name_addrs_release(found, run->num_dests);
	if (code != RR_EXIT_FAILED)
		return code;
nomem:
	fprintf(stderr, "rdma-route: cannot allocate memory for %zu destinations\n",
		run->num_dests);
	return RR_EXIT_FAILED;
}

/*
 * A probe for every destination (a run of one probe each that keeps
 * them: --sa, Prometheus).  Returns an exit code: RR_EXIT_OK to go on.
 */
static int make_probes(struct run *run)
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

/*
 * What is said of a finished result: its root-cause chain (every link
 * with --explain, else a failure's), then the assertions.
 */
static void annotate(struct run *run, struct rr_result *r)
{
	if (!run->opts.sa && (!r->out.ok || run->opts.explain))
		rr_explain(run->host, r, run->opts.explain);
	rr_check_result(r, run->expects, run->num_expects);
}

/* Prints the next probe in input order if it is done; false if not. */
static bool emit_kept(struct run *run)
{
	struct rr_result *r;

	if (run->next_emit == run->num_probes ||
	    !run->probes[run->next_emit].out.complete)
		return false;
	r = &run->probes[run->next_emit++];
	rr_tally_add(&run->tally, r);
	rr_render_result(run->p, r, false);
	return true;
}

static struct entry **win_at(struct window *w, size_t i)
{
	return &w->items[(w->head + i) % w->cap];
}

/* Each destination's statistics not printed yet, if it had a probe. */
static void emit_statistics(struct run *run)
{
	struct rr_dest_stats *d;
	size_t i;

	for (i = 0; run->stats && i < run->num_dests; i++) {
		d = &run->stats[i];
		if (d->printed || !d->tally.probes)
			continue;
		rr_render_statistics(run->p, d);
		d->printed = true;
		rr_dest_stats_release(d);
	}
}

/*
 * A repeated run's probe, printed: counted into its destination's
 * statistics, kept as its last; after the destination's last probe, its
 * statistics printed and let go.
 */
static void count_probe(struct run *run, struct entry *e)
{
	struct rr_dest_stats *d = &run->stats[e->dest];
	char buf[256];

	if (!rr_dest_stats_add(d, &e->r))
		fprintf(stderr, "rdma-route: %s: seq %llu: no memory to count it in the statistics\n",
			shown(e->r.probe.target, buf, sizeof(buf)),
			e->r.probe.seq);
	rr_dest_stats_keep(d, &e->r);
	if (e->r.probe.seq != run->opts.count)
		return;
	rr_render_statistics(run->p, d);
	d->printed = true;
	rr_dest_stats_release(d);
}

/* The window's oldest entry, printed if it finished, then let go. */
static void emit_oldest(struct run *run)
{
	struct window *w = &run->win;
	struct entry *e = *win_at(w, 0);

	w->head = (w->head + 1) % w->cap;
	w->len--;
	if (e->r.out.complete) {
		rr_tally_add(&run->tally, &e->r);
		rr_render_result(run->p, &e->r, run->repeat);
		if (run->repeat)
			count_probe(run, e);
	}
	rr_result_release(&e->r);
	free(e);
}

/* A streamed run's oldest result printed and let go if it is done. */
static bool emit_streamed(struct run *run)
{
	struct window *w = &run->win;

	if (!w->len || !(*win_at(w, 0))->r.out.complete)
		return false;
	emit_oldest(run);
	return true;
}

/*
 * After a stop: the finished probes not printed yet, those given up or
 * never started left out.
 */
static void emit_interrupted(struct run *run)
{
	size_t i;

	for (i = run->next_emit; i < run->num_probes; i++) {
		if (!run->probes[i].out.complete)
			continue;
		rr_tally_add(&run->tally, &run->probes[i]);
		rr_render_result(run->p, &run->probes[i], false);
	}
	run->next_emit = run->num_probes;
}

/* After a stop: the window's finished results printed, all let go. */
static void emit_streamed_interrupted(struct run *run)
{
	while (run->win.len)
		emit_oldest(run);
	emit_statistics(run);
}

/*
 * One step after the backend: the next finished result annotated, or,
 * when all are, the next in input order printed.  False: nothing to do.
 * (A result is complete when it is queued: none is printed unannotated.)
 */
static bool follow_one(struct run *run, struct rr_queue *q)
{
	struct rr_result *r = rr_queue_pop(q);

	if (r) {
		annotate(run, r);
		return true;
	}
	return run->win.items ? emit_streamed(run) : emit_kept(run);
}

/*
 * Between turns of a backend's event loop: what finished is annotated,
 * then printed in input order, a step at a time while no event of CM (if
 * any) waits, so that our work delays no event's time stamp by more than
 * one result's.  A printer that does not stream (Prometheus) writes at the
 * end anyway: then everything waits for the LAST drain, but for a
 * repeated run's probes, which are let go as they are counted.
 */
static void drain(struct run *run, struct rr_queue *q, struct rr_cm *cm,
		  bool last)
{
	if (!last && !pr_streams(run->p) && !run->repeat)
		return;
	while ((last || !cm || !rr_cm_busy(cm)) && follow_one(run, q))
		;
}

static enum rdma_port_space port_space(enum rr_ps ps)
{
	switch (ps) {
	case RR_PS_UDP:
		return RDMA_PS_UDP;
	case RR_PS_IB:
		return RDMA_PS_IB;
	default:
		return RDMA_PS_TCP;
	}
}

static void cm_params(struct run *run, struct rr_cm_params *params)
{
	*params = (struct rr_cm_params){
		.src = run->opts.src ? &run->src : NULL,
		.timeout_ms = run->opts.timeout_ms,
		.parallel = run->opts.parallel ? run->opts.parallel :
						 RR_DEFAULT_PARALLEL,
		.tos = run->opts.tos,
		.ps = port_space(run->opts.ps),
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
		drain(run, q, cm, false);
	}
	rr_cm_end(cm);
	drain(run, q, NULL, true);
	if (rr_stop_requested())
		emit_interrupted(run);
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
		.all_paths = run->opts.all_paths,
		.parallel = run->opts.parallel ? run->opts.parallel :
						 RR_SA_DEFAULT_PARALLEL,
	};
	struct rr_sa *sa;

	sa = rr_sa_start(run->probes, run->num_probes, &params);
	if (!sa)
		return false;
	while (!rr_stop_requested() && rr_sa_turn(sa, q))
		drain(run, q, NULL, false);
	rr_sa_end(sa);
	drain(run, q, NULL, true);
	if (rr_stop_requested())
		emit_interrupted(run);
	return true;
}

/* Resolves every probe with the backend of the run; false on ENOMEM. */
static bool resolve(struct run *run)
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
 * 3 (no RDMA at all) over 2 (bad input, a file not read to its end) over
 * 1 (unresolved) over 4.
 */
static int exit_code(const struct run *run)
{
	if (run->tally.host_level)
		return RR_EXIT_NO_RDMA;
	if (run->input_errors || run->input_failed)
		return RR_EXIT_USAGE;
	if (run->tally.failed)
		return RR_EXIT_FAILED;
	return run->tally.expect_failed ? RR_EXIT_EXPECT : RR_EXIT_OK;
}

/*
 * The summary, when there is more than one result, a bad line, or a
 * format that always has one; then the exit code.
 */
static int finish_run(struct run *run, size_t destinations)
{
	if (destinations > 1 || run->repeat || run->input_errors ||
	    run->opts.format != RR_FORMAT_TEXT)
		rr_render_summary(run->p, &run->tally, destinations,
				  run->input_errors, run->host_label);
	return exit_code(run);
}

/* The next chunk of destinations, names looked up; false at the end. */
static bool next_chunk(struct run *run)
{
	release_chunk(run);
	while (!run->num_dests && !run->input_done)
		read_some(run);
	if (!run->num_dests)
		return false;
	if (lookup_names(run) != RR_EXIT_OK) {
		run->input_failed = true;
		run->input_done = true;
		return false;
	}
	return true;
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
	if (run->next_dest == run->num_dests && !next_chunk(run))
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
				more = false;
				break;
			}
			*win_at(w, w->len++) = e;
			rr_cm_add(cm, &e->r);
		}
		if (!more)
			rr_cm_no_more(cm);
		if (!rr_cm_turn(cm, &q))
			break;
		drain(run, &q, cm, false);
	}
	rr_cm_end(cm);
	drain(run, &q, NULL, true);
	emit_streamed_interrupted(run);
	ok = true;
out:
	rr_queue_release(&q);
	return ok;
}

static void release_window(struct window *w)
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
static int run_streamed(struct run *run)
{
	struct rr_cm_params params;
	int code;

	if (!open_files(run))
		return RR_EXIT_USAGE;
	/* The command line's destinations are the first chunk. */
	if (run->num_dests) {
		code = lookup_names(run);
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
	return finish_run(run, run->tally.probes);
}

/*
 * --count other than 1: probes in rounds through the window, each
 * destination's statistics kept as they go.  Returns the exit code.
 */
static int run_repeated(struct run *run)
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
	return finish_run(run, run->num_dests);
}

static void release(struct run *run)
{
	size_t i;

	for (i = 0; run->stats && i < run->num_dests; i++)
		rr_dest_stats_release(&run->stats[i]);
	free(run->stats);

	for (i = 0; run->probes && i < run->num_probes; i++)
		rr_result_release(&run->probes[i]);
	free(run->probes);
	for (i = 0; i < run->num_owned; i++)
		free(run->owned[i]);
	free(run->owned);
	free(run->dests);
	release_window(&run->win);
	close_files(run);
	rr_host_free(run->host);
}

/*
 * Descriptors 0-2 open before anything else opens a file: a closed one
 * would be handed to the next socket or device, and output written into
 * it.  /dev/null takes its place; a closed stdout or stderr is refused.
 */
static bool guard_std_fds(void)
{
	bool closed[3] = { false };
	int fd;

	for (fd = 0; fd < 3; fd++) {
		if (fcntl(fd, F_GETFD) >= 0 || errno != EBADF)
			continue;
		closed[fd] = true;
		if (open("/dev/null", fd ? O_WRONLY : O_RDONLY) != fd)
			return false;
	}
	if (closed[1] && !closed[2])
		fprintf(stderr, "rdma-route: standard output is closed: nowhere to print the results\n");
	return !closed[1] && !closed[2];
}

/* Set once main has checked stdout itself; at exit it is checked then. */
static bool stdout_checked;

/*
 * --help and --version print and exit inside argp: a write error there
 * (stdout on a full disk) must still fail the run, as coreutils' do.
 */
static void check_stdout_at_exit(void)
{
	if (stdout_checked)
		return;
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "rdma-route: error writing the standard output\n");
		_exit(RR_EXIT_FAILED);
	}
}

/* Every output stream's write error, said once (stderr may be the one). */
static bool output_ok(struct printer *p)
{
	bool ok = pr_finish(p) == 0;

	stdout_checked = true;
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "rdma-route: error writing the standard output\n");
		ok = false;
	}
	if (fflush(stderr) || ferror(stderr))
		ok = false;
	return ok;
}

/* --host-label, or this host's name as uname -n says it. */
static void set_host(struct run *run)
{
	char *h = run->host_label;

	if (run->opts.host_label)
		snprintf(h, sizeof(run->host_label), "%s", run->opts.host_label);
	else if (gethostname(h, sizeof(run->host_label)))
		snprintf(h, sizeof(run->host_label), "unknown");
	h[sizeof(run->host_label) - 1] = '\0';
}

/*
 * Prometheus: what every sample carries, the same every run of the same
 * command: the host, and what the run was told (never what the kernel
 * chose, which may change).
 */
static void told_labels(struct run *run)
{
	static const char *const ps[] = { [RR_PS_TCP] = "tcp",
					   [RR_PS_UDP] = "udp",
					   [RR_PS_IB] = "ib" };
	struct rr_opts *o = &run->opts;

	pr_run_label(run->p, "host", run->host_label);
	if (!o->sa) {
		pr_run_label(run->p, "source", o->src);
		pr_run_label(run->p, "ps", ps[o->ps]);
		if (o->tos >= 0)
			snprintf(run->told[0], sizeof(run->told[0]), "%d", o->tos);
		pr_run_label(run->p, "tos", o->tos >= 0 ? run->told[0] : NULL);
		return;
	}
	pr_run_label(run->p, "ca", o->ca);
	if (o->ca_port)
		snprintf(run->told[0], sizeof(run->told[0]), "%d", o->ca_port);
	pr_run_label(run->p, "ca_port", o->ca_port ? run->told[0] : NULL);
	if (o->sl >= 0)
		snprintf(run->told[1], sizeof(run->told[1]), "%d", o->sl);
	pr_run_label(run->p, "sl", o->sl >= 0 ? run->told[1] : NULL);
	if (o->pkey >= 0)
		snprintf(run->told[2], sizeof(run->told[2]), "0x%04x", o->pkey);
	pr_run_label(run->p, "pkey", o->pkey >= 0 ? run->told[2] : NULL);
}

/*
 * -o: the file renamed into place when the run printed (PRINTED), else
 * let go, as nothing was written; CODE, or 1 when the file failed.
 */
static int finish_output(struct rr_output_file *o, int code, bool printed)
{
	char buf[256];

	if (!o->tmp)
		return code;
	if (!printed) {
		rr_output_abandon(o);
		return code;
	}
	if (rr_output_commit(o))
		return code;
	fprintf(stderr, "rdma-route: writing '%s': %s\n",
		shown(o->path, buf, sizeof(buf)), strerror(errno));
	return code == RR_EXIT_OK || code == RR_EXIT_EXPECT ? RR_EXIT_FAILED :
							      code;
}

int main(int argc, char **argv)
{
	struct rr_output_file output = { 0 };
	struct run run = { 0 };
	int code = RR_EXIT_USAGE;
	char why[256], buf[256];
	FILE *out = stdout;

	if (!guard_std_fds())
		return RR_EXIT_USAGE;
	/*
	 * Failures are printed on stderr: a line at a time, not a write per
	 * piece (a slow stderr, a file on 9p, stalled whole batches).
	 */
	setvbuf(stderr, NULL, _IOLBF, BUFSIZ);
	atexit(check_stdout_at_exit);
	rr_parse_options(argc, argv, &run.opts);
	rr_signals_install();
	rr_clock_anchor();
	set_host(&run);
	if (run.opts.output) {
		out = rr_output_open(&output, run.opts.output, why, sizeof(why));
		if (!out) {
			fprintf(stderr, "rdma-route: -o '%s': %s\n",
				shown(run.opts.output, buf, sizeof(buf)), why);
			return RR_EXIT_USAGE;
		}
	}
	if (run.opts.list) {
		code = rr_list_run(run.opts.format, out, run.host_label);
		return finish_output(&output, code, true);
	}
	run.host = rr_host_new();
	if (!run.host) {
		perror("rdma-route");
		code = RR_EXIT_FAILED;
		goto out;
	}
	if (!parse_expectations(&run) || !parse_src(&run) ||
	    !add_arg_dests(&run))
		goto out;

	run.p = pr_new(run.opts.format, out, stderr);
	if (!run.p) {
		perror("rdma-route");
		code = RR_EXIT_FAILED;
		goto out;
	}
	pr_set_brief(run.p, run.opts.brief);
	told_labels(&run);
	rr_render_begin(run.p, run.opts.timeout_ms, run.opts.count,
			run.opts.interval_ms);
	run.repeat = run.opts.count != 1;
	run.streaming = !run.opts.sa && !run.repeat && pr_streams(run.p);
	if (run.streaming) {
		code = run_streamed(&run);
		goto finish;
	}
	if (!add_all_file_dests(&run))
		goto finish;
	if (!run.num_dests && !run.input_errors) {
		fprintf(stderr, "rdma-route: no destination in the -f files\n");
		goto finish;
	}

	if (!run.opts.sa) {
		code = lookup_names(&run);
		if (code != RR_EXIT_OK)
			goto finish;
	}
	if (run.repeat) {
		code = run_repeated(&run);
		goto finish;
	}
	code = make_probes(&run);
	if (code != RR_EXIT_OK)
		goto finish;
	if (!resolve(&run)) {
		perror("rdma-route");
		code = RR_EXIT_FAILED;
		goto finish;
	}

	code = finish_run(&run, run.num_dests);
finish:
	if (!output_ok(run.p) && code == RR_EXIT_OK)
		code = RR_EXIT_FAILED;
	code = finish_output(&output, code, true);
	/* Stopped by a signal: said by the status, as a shell would say it. */
	if (rr_stop_requested())
		code = 128 + rr_stop_signal();
	release(&run);
	return code;
out:
	code = finish_output(&output, code, false);
	release(&run);
	return code;
}
