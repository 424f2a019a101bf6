// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rdma-route: options -> targets -> resolution core -> results ->
 * renderers -> exit code, in that order (src/app/run.h has the run).
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app/list.h"
#include "app/listen.h"
#include "input/ibdiag_conf.h"
#include "app/output_file.h"
#include "app/run.h"
#include "base/escape.h"
#include "app/signals.h"
#include "base/clock.h"
#include "output/prom_samples.h"
#include "output/render.h"

static void release(struct run *run)
{
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
	for (i = 0; i < run->in.num_pair_owned; i++)
		free(run->in.pair_owned[i]);
	free(run->in.pair_owned);
	free(run->in.pair_ports);
	free(run->in.dests);
	rr_run_release_window(&run->window.ring);
	rr_run_close_files(run);
	rr_host_free(run->host);
	rr_fabric_free(&run->in.fabric);
	rr_matrix_free(&run->out.matrix);
	rr_node_names_free(&run->names);
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

/*
 * -o: the file renamed into place when the run printed (PRINTED), else
 * let go, as nothing was written; CODE, or 1 when the file failed.
 */
static int finish_output(struct rr_output_file *o, const char *shown,
			 int code, bool printed)
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
	/* As the user named it: O is released, its path with it. */
	fprintf(stderr, "rdma-route: writing '%s': %s\n",
		rr_shown(shown, buf, sizeof(buf)), strerror(errno));
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
	if (run.opts.sa &&
	    !rr_ibdiag_conf_apply(&run.opts, run.opts.config, why, sizeof(why))) {
		fprintf(stderr, "rdma-route: %s '%s': %s\n",
			run.opts.config ? "--config" : "reading",
			rr_shown(run.opts.config ? run.opts.config : RR_IBDIAG_CONF,
				 buf, sizeof(buf)), why);
		return RR_EXIT_USAGE;
	}
	rr_signals_install();
	rr_clock_anchor();
	set_host(&run);
	if (run.opts.output) {
		out = rr_output_open(&output, run.opts.output, why, sizeof(why));
		if (!out) {
			fprintf(stderr, "rdma-route: -o '%s': %s\n",
				rr_shown(run.opts.output, buf, sizeof(buf)), why);
			return RR_EXIT_USAGE;
		}
	}
	/* --svg too is refused before any work (with --sa, any probe). */
	if (rr_run_matrix_open_svg(&run) != RR_EXIT_OK ||
	    rr_run_routes_open_dot(&run) != RR_EXIT_OK) {
		rr_output_abandon(&run.out.svg);
		return finish_output(&output, run.opts.output, RR_EXIT_USAGE,
				     false);
	}
	if (run.opts.listen_port) {
		code = rr_listen_run(&run.opts, out, run.opts.host_label ?
				     run.host_label : NULL);
		return finish_output(&output, run.opts.output, code, true);
	}
	if (run.opts.list) {
		code = rr_list_run(run.opts.format, out, run.opts.host_label ?
				   run.host_label : NULL);
		return finish_output(&output, run.opts.output, code, true);
	}
	run.host = rr_host_new();
	if (!run.host) {
		perror("rdma-route");
		code = RR_EXIT_FAILED;
		goto out;
	}
	if (!rr_run_parse_expectations(&run) || !rr_run_parse_src(&run) ||
	    !rr_run_parse_from(&run) || !rr_run_load_node_names(&run) ||
	    /* --matrix of records: the arguments are files. */
	    !((run.opts.matrix && !run.opts.sa) || rr_run_add_arg_dests(&run)))
		goto out;

	run.out.p = pr_new(run.opts.format, out, stderr);
	if (!run.out.p) {
		perror("rdma-route");
		code = RR_EXIT_FAILED;
		goto out;
	}
	pr_set_brief(run.out.p, run.opts.brief);
	told_labels(&run);
	rr_progress_start(&run.out.progress, stderr, want_progress(&run.opts));
	rr_render_begin(run.out.p, run.opts.timeout_ms, run.opts.count,
			run.opts.interval_ms);
	if (run.opts.matrix && !run.opts.sa) {
		code = rr_run_matrix_records(&run);
		goto finish;
	}
	run.window.repeat = run.opts.count != 1;
	/*
	 * Streamed: a run of the CM, reading its files as it goes; and
	 * --sa --all-pairs, making its pairs as it goes (after the ports).
	 */
	run.window.streaming = (!run.opts.sa || run.opts.all_pairs) &&
			       !run.window.repeat && pr_streams(run.out.p);
	if (run.window.streaming && !run.opts.sa) {
		code = rr_run_streamed(&run);
		goto finish;
	}
	if (!rr_run_add_all_file_dests(&run))
		goto finish;
	if (!run.in.num_dests && !run.in.input_errors && !run.opts.all_pairs) {
		fprintf(stderr, "rdma-route: no destination in the -f files\n");
		goto finish;
	}
	/* Every route from the forwarding tables: no pairs to make. */
	if (run.opts.sa && run.opts.trace && run.opts.all_pairs) {
		code = rr_run_routes(&run);
		goto finish;
	}
	code = rr_run_fabric(&run);
	if (code != RR_EXIT_OK)
		goto finish;
	if (run.window.streaming) {
		code = rr_run_streamed_pairs(&run);
		goto finish;
	}

	if (!run.opts.sa) {
		code = rr_run_lookup_names(&run);
		if (code != RR_EXIT_OK)
			goto finish;
	}
	if (run.window.repeat) {
		code = rr_run_repeated(&run);
		goto finish;
	}
	code = rr_run_make_probes(&run);
	if (code != RR_EXIT_OK)
		goto finish;
	if (!rr_run_resolve(&run)) {
		perror("rdma-route");
		code = RR_EXIT_FAILED;
		goto finish;
	}

	code = rr_run_finish_run(&run, run.in.num_dests);
finish:
	/* A write error (1) outranks a failed check (4), as everywhere. */
	if (!output_ok(run.out.p) &&
	    (code == RR_EXIT_OK || code == RR_EXIT_EXPECT))
		code = RR_EXIT_FAILED;
	code = finish_output(&output, run.opts.output, code,
			     !run.out.nothing_printed);
	/*
	 * Stopped by a signal: said by the status, as a shell would say it;
	 * but SIGINT is how --count 0 ends, and its status is its results'
	 * (ping's rule).
	 */
	if (rr_stop_requested() &&
	    !(rr_stop_signal() == SIGINT && run.opts.count == 0))
		code = 128 + rr_stop_signal();
	rr_output_abandon(&run.out.svg);	/* unless the matrix wrote it */
	rr_output_abandon(&run.out.dot);
	release(&run);
	return code;
out:
	code = finish_output(&output, run.opts.output, code, false);
	rr_output_abandon(&run.out.svg);
	rr_output_abandon(&run.out.dot);
	release(&run);
	return code;
}
