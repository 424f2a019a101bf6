// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The modes' runs, each the order of its parts: what it reads, what it
 * probes, how it prints (the parts are in run_*.c).
 */
#include <stdio.h>

#include "app/list.h"
#include "app/listen.h"
#include "app/modes.h"

static const char *host_label(const struct run *run)
{
	return run->opts.host_label ? run->host_label : NULL;
}

static int run_listen(struct run *run, FILE *out)
{
	return rr_listen_run(&run->opts, out, host_label(run));
}

static int run_list(struct run *run, FILE *out)
{
	return rr_list_run(&run->opts, out, host_label(run));
}

static int run_cm_defaults(struct run *run, FILE *out)
{
	return rr_list_cm_defaults(&run->opts, out, host_label(run));
}

static int run_matrix_records(struct run *run, FILE *out)
{
	return rr_run_matrix_records(run);
}

/*
 * --count other than 1 repeats; one probe a destination to a printer that
 * streams is streamed: a run of the CM reading its files as it goes,
 * --sa --all-pairs making its pairs as it goes (after the ports).
 */
static void set_window(struct run *run)
{
	run->window.repeat = run->opts.count != 1;
	run->window.streaming = (!run->opts.sa || run->opts.all_pairs) &&
				!run->window.repeat && pr_streams(run->out.p);
}

/* Every -f file read whole; false (said) when nothing is left to probe. */
static bool take_file_dests(struct run *run)
{
	if (!rr_run_add_all_file_dests(run))
		return false;
	if (run->in.num_dests || run->in.input_errors || run->opts.all_pairs)
		return true;
	fprintf(stderr, "rdma-route: no destination in the -f files\n");
	return false;
}

/* The destinations probed: in rounds (--count), or each once and kept. */
static int probe_all(struct run *run)
{
	int code;

	if (run->window.repeat)
		return rr_run_repeated(run);
	code = rr_run_make_probes(run);
	if (code != RR_EXIT_OK)
		return code;
	if (!rr_run_resolve(run)) {
		perror("rdma-route");
		return RR_EXIT_FAILED;
	}
	return rr_run_finish_run(run, run->in.num_dests);
}

static int run_cm(struct run *run, FILE *out)
{
	int code;

	set_window(run);
	if (run->window.streaming)
		return rr_run_streamed(run);
	if (!take_file_dests(run))
		return RR_EXIT_USAGE;
	code = rr_run_lookup_names(run);
	return code != RR_EXIT_OK ? code : probe_all(run);
}

static int run_sa(struct run *run, FILE *out)
{
	int code;

	set_window(run);
	if (!take_file_dests(run))
		return RR_EXIT_USAGE;
	code = rr_run_fabric(run);
	if (code != RR_EXIT_OK)
		return code;
	if (run->window.streaming)
		return rr_run_streamed_pairs(run);
	return probe_all(run);
}

/* Every route from the forwarding tables: no pairs to make. */
static int run_routes(struct run *run, FILE *out)
{
	set_window(run);
	if (!take_file_dests(run))
		return RR_EXIT_USAGE;
	return rr_run_routes(run);
}

static const struct rr_mode_run rows[RR_NUM_MODES] = {
	[RR_MODE_CM] = { rr_run_prepare, run_cm, NULL },
	[RR_MODE_SA] = { rr_run_prepare, run_sa, rr_run_release_sa },
	[RR_MODE_ROUTES] = { rr_run_prepare, run_routes, rr_run_release_sa },
	[RR_MODE_MATRIX_RECORDS] = { rr_run_prepare, run_matrix_records,
				     rr_run_release_matrix },
	[RR_MODE_LIST] = { NULL, run_list, NULL },
	[RR_MODE_CM_DEFAULTS] = { NULL, run_cm_defaults, NULL },
	[RR_MODE_LISTEN] = { NULL, run_listen, NULL },
};

const struct rr_mode_run *rr_mode_run(enum rr_mode mode)
{
	return mode < RR_NUM_MODES ? &rows[mode] : NULL;
}
