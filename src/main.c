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

#include "input/ibdiag_conf.h"
#include "app/modes.h"
#include "input/command_line.h"
#include "input/mode_table.h"
#include "app/output_file.h"
#include "app/run.h"
#include "base/escape.h"
#include "app/signals.h"
#include "base/clock.h"
#include "mad/mad_bound.h"

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

/*
 * The end of every run: -o's file, the side files, what it took.  A
 * library call left running (mad/mad_bound.h: a discovery cut by a stop
 * or its bound) ends the process here, its streams flushed, by _exit():
 * the libraries' exit handlers (umad2sim's) would free what that call
 * still uses under it.
 */
static int finish(struct run *run, struct rr_output_file *output, int code,
		  bool printed)
{
	code = finish_output(output, run->opts.output, code, printed);
	rr_run_abandon_sides(run);	/* those the mode did not write */
	rr_run_release(run);
	if (rr_mad_left_running()) {
		check_stdout_at_exit();
		fflush(NULL);
		_exit(code);
	}
	return code;
}

/*
 * What the run printed, checked: a write error (1) outranks a failed
 * check (4), as everywhere.  Stopped by a signal: said by the status, as
 * a shell would say it; but SIGINT is how --count 0 ends, and its status
 * is its results' (ping's rule), 1 when none finished (ping's too:
 * nothing came back).
 */
static int printed_code(struct run *run, int code)
{
	if (!output_ok(run->out.p) &&
	    (code == RR_EXIT_OK || code == RR_EXIT_EXPECT))
		code = RR_EXIT_FAILED;
	if (!rr_stop_requested())
		return code;
	if (rr_stop_signal() != SIGINT || run->opts.count != 0)
		return 128 + rr_stop_signal();
	if (!run->out.tally.probes && code == RR_EXIT_OK)
		return RR_EXIT_FAILED;
	return code;
}

int main(int argc, char **argv)
{
	struct rr_output_file output = { 0 };
	const struct rr_mode_run *mode;
	struct run run = { 0 };
	char why[256], buf[256];
	FILE *out = stdout;
	int code;

	if (!guard_std_fds())
		return RR_EXIT_USAGE;
	/*
	 * Failures are printed on stderr: a line at a time, not a write per
	 * piece (a slow stderr, a file on 9p, stalled whole batches).
	 */
	setvbuf(stderr, NULL, _IOLBF, BUFSIZ);
	atexit(check_stdout_at_exit);
	rr_parse_options(argc, argv, &run.opts);
	mode = rr_mode_run(run.opts.mode);
	if (!rr_mode_takes(&run.opts, why, sizeof(why)))
		rr_options_refuse(why);
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
	rr_run_set_host(&run);
	if (run.opts.output) {
		out = rr_output_open(&output, run.opts.output, why, sizeof(why));
		if (!out) {
			fprintf(stderr, "rdma-route: -o '%s': %s\n",
				rr_shown(run.opts.output, buf, sizeof(buf)), why);
			return RR_EXIT_USAGE;
		}
	}
	/* The side files too are refused before any work. */
	if (rr_run_open_sides(&run) != RR_EXIT_OK)
		return finish(&run, &output, RR_EXIT_USAGE, false);
	if (!mode->prepare)
		return finish(&run, &output, mode->run(&run, out), true);
	code = mode->prepare(&run, out);
	if (code != RR_EXIT_OK)
		return finish(&run, &output, code, false);
	code = printed_code(&run, mode->run(&run, out));
	return finish(&run, &output, code, !run.out.nothing_printed);
}
