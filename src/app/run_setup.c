// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A probing run set up before its mode runs (what it was told read, the
 * printer made, its labels), and everything a run took let go after.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "app/modes.h"
#include "app/run.h"
#include "input/mode_table.h"
#include "output/render.h"

void rr_run_set_host(struct run *run)
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
 * command: what the run was told (never what the kernel chose, which may
 * change), and only what was told: a label no series differs by is noise
 * on every sample.  The host only when --host-label asks for it: in a
 * textfile the scrape's instance already says it.
 */
static void told_labels(struct run *run)
{
	struct rr_opts *o = &run->opts;

	pr_run_label(run->out.p, "host", o->host_label ? run->host_label : NULL);
	/* --sa: its ServiceID */
	pr_run_label(run->out.p, "ps", o->ps_given ? rr_ps_key(o->ps) : NULL);
	if (!o->sa)
		pr_run_label(run->out.p, "source", o->src);
	if (o->tos >= 0)	/* --sa: the QoS class */
		snprintf(run->told.tos, sizeof(run->told.tos), "%d", o->tos);
	pr_run_label(run->out.p, "tos", o->tos >= 0 ? run->told.tos : NULL);
	if (!o->sa)
		return;
	pr_run_label(run->out.p, "ca", o->ca);
	if (o->ca_port)
		snprintf(run->told.ca_port, sizeof(run->told.ca_port), "%d",
			 o->ca_port);
	pr_run_label(run->out.p, "ca_port", o->ca_port ? run->told.ca_port : NULL);
	if (o->sl >= 0)
		snprintf(run->told.sl, sizeof(run->told.sl), "%d", o->sl);
	pr_run_label(run->out.p, "sl", o->sl >= 0 ? run->told.sl : NULL);
	if (o->pkey >= 0)
		snprintf(run->told.pkey, sizeof(run->told.pkey), "0x%04x", o->pkey);
	pr_run_label(run->out.p, "pkey", o->pkey >= 0 ? run->told.pkey : NULL);
}

/*
 * The live line: for the runs one waits on (files, --count, all pairs),
 * on a terminal, and only where results do not stream to the same one
 * (there they are the sign of life).
 */
static bool want_progress(const struct rr_opts *o)
{
	bool long_run = o->num_files || o->count != 1 || o->all_pairs;
	bool results_on_tty = isatty(STDOUT_FILENO) && !o->output &&
			      !o->quiet && o->format == RR_FORMAT_TEXT &&
			      !o->matrix;

	return !o->no_progress && long_run && isatty(STDERR_FILENO) &&
	       !results_on_tty;
}

int rr_run_prepare(struct run *run, FILE *out)
{
	run->host = rr_host_new();
	if (!run->host) {
		perror("rdma-route");
		return RR_EXIT_FAILED;
	}
	if (!rr_run_parse_expectations(run) || !rr_run_parse_src(run) ||
	    !rr_run_parse_from(run) || !rr_run_load_node_names(run) ||
	    !(rr_mode_rule(run->opts.mode)->args_are_files ||
	      rr_run_add_arg_dests(run)))
		return RR_EXIT_USAGE;
	run->out.p = pr_new(run->opts.format, out, stderr);
	if (!run->out.p) {
		perror("rdma-route");
		return RR_EXIT_FAILED;
	}
	pr_set_brief(run->out.p, run->opts.brief);
	pr_set_verbose(run->out.p, run->opts.verbose);
	told_labels(run);
	rr_progress_start(&run->out.progress, stderr, want_progress(&run->opts));
	rr_render_begin(run->out.p, run->opts.timeout_ms, run->opts.count,
			run->opts.interval_ms);
	return RR_EXIT_OK;
}

void rr_run_release_sa(struct run *run)
{
	size_t i;

	for (i = 0; i < run->sa.num_pair_owned; i++)
		free(run->sa.pair_owned[i]);
	free(run->sa.pair_owned);
	free(run->sa.pair_ports);
	rr_fabric_free(&run->sa.fabric);
	rr_node_names_free(&run->sa.names);
	rr_run_release_matrix(run);	/* --sa --matrix */
}

void rr_run_release_matrix(struct run *run)
{
	rr_matrix_free(&run->matrix.m);
}

void rr_run_release(struct run *run)
{
	const struct rr_mode_run *mode = rr_mode_run(run->opts.mode);
	size_t i;

	for (i = 0; run->out.stats && i < run->in.num_dests; i++)
		rr_dest_stats_release(&run->out.stats[i]);
	free(run->out.stats);

	for (i = 0; run->window.probes && i < run->window.num_probes; i++)
		rr_result_release(&run->window.probes[i]);
	free(run->window.probes);
	for (i = 0; i < run->in.num_owned; i++)
		free(run->in.owned[i]);
	free(run->in.owned);
	free(run->in.dests);
	rr_run_release_window(&run->window.ring);
	rr_run_close_files(run);
	rr_host_free(run->host);
	free(run->expects);
	if (mode && mode->release)
		mode->release(run);
}
