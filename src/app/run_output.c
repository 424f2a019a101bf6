// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What finished: annotated (explain, checks), printed in order,
 * counted into the tally and, with --count, its destination's
 * statistics; then the summary and the exit code.
 */
#include <stdlib.h>

#include "app/run.h"
#include "base/escape.h"
#include "explain/explain.h"
#include "model/probe/check.h"
#include "model/explain/sa_chain.h"
#include "output/render.h"

/* A result printed, unless -q asked for the summary alone (ping's -q). */
static void show(struct run *run, const struct rr_result *r, bool repeat)
{
	if (!run->opts.quiet) {
		rr_progress_clear(&run->out.progress);
		rr_render_result(run->out.p, r, repeat);
	}
}

/*
 * What is said of a finished result: its root-cause chain (every link
 * with --explain, else a failure's), then the assertions.
 */
static void annotate(struct run *run, struct rr_result *r)
{
	if (!run->opts.sa && (!r->out.ok || run->opts.explain))
		rr_explain(run->host, r, run->opts.explain);
	/* --sa: its own chain, from what the result holds. */
	if (run->opts.sa && run->opts.explain &&
	    !rr_sa_chain_attach(r, run->opts.trace))
		fprintf(stderr, "rdma-route: no memory for --explain\n");
	rr_check_result(r, run->expects, run->num_expects);
}

/* --matrix: a finished result becomes its pair's cell. */
static void add_to_matrix(struct run *run, const struct rr_result *r)
{
	if (!rr_run_matrix_add(run, r, run->host_label, NULL))
		fprintf(stderr, "rdma-route: no memory for the matrix\n");
}

/*
 * R counted into the run's tally, and its destination among the failed
 * if it failed (a repeated run's: by count_probe, once a destination).
 */
static void count_result(struct run *run, const struct rr_result *r)
{
	run->out.tally.connect = run->opts.connect_port != 0;
	rr_tally_add(&run->out.tally, r);
	if (!r->out.ok && !run->window.repeat)
		rr_failed_names_add(&run->out.failed, r);
}

/* Prints the next probe in input order if it is done; false if not. */
static bool emit_kept(struct run *run)
{
	struct rr_result *r;

	if (run->out.next_emit == run->window.num_probes ||
	    !run->window.probes[run->out.next_emit].out.complete)
		return false;
	r = &run->window.probes[run->out.next_emit++];
	count_result(run, r);
	if (!run->opts.matrix)
		show(run, r, false);
	else
		add_to_matrix(run, r);
	return true;
}

/* Each destination's statistics not printed yet, if it had a probe. */
static void emit_statistics(struct run *run)
{
	struct rr_dest_stats *d;
	size_t i;

	for (i = 0; run->out.stats && i < run->in.num_dests; i++) {
		d = &run->out.stats[i];
		if (d->printed || !d->tally.probes)
			continue;
		rr_progress_clear(&run->out.progress);
		rr_render_statistics(run->out.p, d);
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
	struct rr_dest_stats *d = &run->out.stats[e->dest];
	char buf[256];

	if (!rr_dest_stats_add(d, &e->r))
		fprintf(stderr, "rdma-route: %s: seq %llu: no memory to count it in the statistics\n",
			rr_shown(e->r.probe.target, buf, sizeof(buf)),
			e->r.probe.seq);
	else if (!e->r.out.ok && d->tally.failed == 1)	/* its first failure */
		rr_failed_names_add(&run->out.failed, &e->r);
	d->tally.connect = run->opts.connect_port != 0;
	rr_dest_stats_keep(d, &e->r);
	if (e->r.probe.seq != run->opts.count)
		return;
	rr_progress_clear(&run->out.progress);
	rr_render_statistics(run->out.p, d);
	d->printed = true;
	rr_dest_stats_release(d);
}

/* The window's oldest entry, printed if it finished, then let go. */
static void emit_oldest(struct run *run)
{
	struct entry_ring *w = &run->window.ring;
	struct entry *e = *win_at(w, 0);

	w->head = (w->head + 1) % w->cap;
	w->len--;
	if (e->r.out.complete) {
		count_result(run, &e->r);
		if (run->opts.matrix && !run->window.repeat)
			add_to_matrix(run, &e->r);
		else
			show(run, &e->r, run->window.repeat);
		if (run->window.repeat)
			count_probe(run, e);
	}
	rr_result_release(&e->r);
	free(e);
}

/* A streamed run's oldest result printed and let go if it is done. */
static bool emit_streamed(struct run *run)
{
	struct entry_ring *w = &run->window.ring;

	if (!w->len || !(*win_at(w, 0))->r.out.complete)
		return false;
	emit_oldest(run);
	return true;
}

/*
 * After a stop: the finished probes not printed yet, those given up or
 * never started left out.
 */
void rr_run_emit_interrupted(struct run *run)
{
	size_t i;

	for (i = run->out.next_emit; i < run->window.num_probes; i++) {
		if (!run->window.probes[i].out.complete)
			continue;
		count_result(run, &run->window.probes[i]);
		show(run, &run->window.probes[i], false);
	}
	run->out.next_emit = run->window.num_probes;
}

/* After a stop: the window's finished results printed, all let go. */
void rr_run_emit_streamed_interrupted(struct run *run)
{
	while (run->window.ring.len)
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
	return run->window.ring.items ? emit_streamed(run) : emit_kept(run);
}

/*
 * How far the run is: probes printed (or, for a printer that writes at
 * the end, finished) of all it will make, when that is known: a repeated
 * run's rounds, a streamed run's input read to its end, or the probes
 * kept.
 */
static void progress(struct run *run)
{
	unsigned long long done = run->out.tally.probes, total;
	unsigned long long failed = run->out.tally.failed;
	size_t i;

	if (!rr_progress_due(&run->out.progress))
		return;
	if (!run->window.ring.items) {
		/* Kept: finished ones count, printed or not (Prometheus
		 * prints them all at the end). */
		done = failed = 0;
		for (i = 0; i < run->window.num_probes; i++) {
			done += run->window.probes[i].out.complete;
			failed += run->window.probes[i].out.complete &&
				  !run->window.probes[i].out.ok;
		}
	}
	if (run->window.repeat)
		total = run->opts.count ?
			(unsigned long long)run->opts.count * run->in.num_dests : 0;
	else if (run->window.ring.items)
		total = run->in.input_done ? run->out.tally.probes + run->window.ring.len : 0;
	else
		total = run->window.num_probes;
	rr_progress_draw(&run->out.progress, done, failed, total);
}

/*
 * Between turns of a backend's event loop: what finished is annotated,
 * then printed in input order, a step at a time while no event of CM (if
 * any) waits, so that our work delays no event's time stamp by more than
 * one result's.  A printer that does not stream (Prometheus) writes at the
 * end anyway: then everything waits for the LAST drain, but for a
 * repeated run's probes, which are let go as they are counted.
 */
void rr_run_drain(struct run *run, struct rr_queue *q, struct rr_backend *b,
		  bool last)
{
	if (!last && !pr_streams(run->out.p) && !run->window.repeat) {
		progress(run);
		return;
	}
	/* What is ready now leaves together, before the backend waits. */
	rr_host_new_turn(run->host);
	pr_hold(run->out.p);
	while ((last || !b || !rr_backend_busy(b)) && follow_one(run, q))
		;
	pr_release(run->out.p);
	progress(run);
}

void rr_run_interim(struct run *run)
{
	struct printer *p = pr_new(RR_FORMAT_TEXT, stderr, stderr);
	size_t i;

	if (!p)
		return;
	rr_progress_clear(&run->out.progress);
	pr_set_brief(p, true);
	run->out.tally.failed_names = &run->out.failed;
	run->out.tally.connect = run->opts.connect_port != 0;
	for (i = 0; run->out.stats && i < run->in.num_dests; i++)
		if (run->out.stats[i].tally.probes && !run->out.stats[i].printed)
			rr_render_statistics(p, &run->out.stats[i]);
	rr_render_summary(p, &run->out.tally,
			  run->window.repeat ? run->in.num_dests : run->out.tally.probes,
			  run->in.input_errors, run->host_label);
	pr_finish(p);
}

/*
 * 3 (no RDMA at all) over 2 (bad input, a file not read to its end) over
 * 1 (unresolved) over 4.
 */
static int exit_code(const struct run *run)
{
	if (run->out.tally.host_level)
		return RR_EXIT_NO_RDMA;
	if (run->in.input_errors || run->in.input_failed)
		return RR_EXIT_USAGE;
	if (run->out.tally.failed)
		return RR_EXIT_FAILED;
	return run->out.tally.expect_failed ? RR_EXIT_EXPECT : RR_EXIT_OK;
}

/*
 * The summary, when there is more than one result, a bad line, -q, or a
 * format that always has one; then the exit code.
 */
int rr_run_finish_run(struct run *run, size_t destinations)
{
	rr_progress_clear(&run->out.progress);
	if (run->opts.matrix)
		return rr_run_matrix_finish(run);
	run->out.tally.failed_names = &run->out.failed;
	run->out.tally.connect = run->opts.connect_port != 0;
	/* -q: the summary even of one destination, as ping -q's. */
	if (destinations > 1 || run->window.repeat || run->in.input_errors ||
	    run->opts.format != RR_FORMAT_TEXT || run->opts.quiet)
		rr_render_summary(run->out.p, &run->out.tally, destinations,
				  run->in.input_errors, run->host_label);
	return exit_code(run);
}
