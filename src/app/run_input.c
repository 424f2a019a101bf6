// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What to probe: destinations from the command line and -f files (a
 * chunk at a time when streamed), host names looked up, --src and the
 * assertions parsed.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "app/run.h"
#include "base/escape.h"
#include "app/signals.h"
#include "mad/sa_decode.h"
#include "base/numbers.h"
#include "host/iface_addr.h"
#include "input/mode_table.h"
#include "model/fabric/count_expect.h"
#include "input/targets.h"
#include "output/render.h"

/* A value the user gave that cannot be used: WHAT it was, TEXT, WHY; false. */
bool rr_run_refuse(const char *what, const char *text, const char *why)
{
	char buf[256];

	fprintf(stderr, "rdma-route: invalid %s '%s': %s\n", what,
		rr_shown(text, buf, sizeof(buf)), why);
	return false;
}

static bool grow(struct run *run)
{
	size_t cap = run->in.cap ? 2 * run->in.cap : 64;
	struct rr_result *d = reallocarray(run->in.dests, cap, sizeof(*d));

	if (!d)
		return false;
	run->in.dests = d;
	run->in.cap = cap;
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
		if (kind == RR_TARGET_ADDRESS && run->opts.family &&
		    probe.dst.ss_family != run->opts.family) {
			snprintf(why, why_len, "an IPv%c address, with -%c",
				 run->opts.family == AF_INET ? '6' : '4',
				 run->opts.family == AF_INET ? '4' : '6');
			return false;
		}
		probe.kind = kind == RR_TARGET_NAME ? RR_PROBE_NAME :
						      RR_PROBE_ADDRESS;
		probe.have_dst = kind == RR_TARGET_ADDRESS;
	}
	if (run->in.num_dests == RR_MAX_PROBES) {
		snprintf(why, why_len, "more than %d destinations", RR_MAX_PROBES);
		return false;
	}
	if (run->in.num_dests == run->in.cap && !grow(run)) {
		snprintf(why, why_len, "%s", strerror(ENOMEM));
		return false;
	}
	if (run->opts.src) {
		probe.src = run->cm.src;
		probe.have_src = true;
	}
	probe.from = run->opts.from;
	probe.sa_from = run->sa.from;
	probe.have_sa_from = run->opts.from != NULL;
	run->in.dests[run->in.num_dests++] = (struct rr_result){ .probe = probe };
	return true;
}

/* Command-line destinations: a bad one stops everything (exit 2). */
bool rr_run_add_arg_dests(struct run *run)
{
	char why[160];
	int i;

	for (i = 0; i < run->opts.num_targets; i++) {
		if (!add_dest(run, run->opts.targets[i], why, sizeof(why))) {
			return rr_run_refuse("destination", run->opts.targets[i], why);
		}
	}
	return true;
}

bool rr_run_keep_owned(struct run *run, char *copy)
{
	size_t cap = run->in.cap_owned ? 2 * run->in.cap_owned : 64;
	char **owned;

	if (run->in.num_owned == run->in.cap_owned) {
		owned = reallocarray(run->in.owned, cap, sizeof(*owned));
		if (!owned)
			return false;
		run->in.owned = owned;
		run->in.cap_owned = cap;
	}
	run->in.owned[run->in.num_owned++] = copy;
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
		rr_progress_clear(&run->out.progress);
		rr_render_input_error(run->out.p, run->in.file, line, "destination", text, len, problem);
		run->in.input_errors++;
		return 0;
	}
	copy = strndup(text, len);
	if (!copy || !rr_run_keep_owned(run, copy)) {
		free(copy);
		errno = ENOMEM;
		return -1;
	}
	if (!add_dest(run, copy, why, sizeof(why))) {
		rr_progress_clear(&run->out.progress);
		rr_render_input_error(run->out.p, run->in.file, line, "destination", text, len, why);
		run->in.input_errors++;
		/* Refused: let go now, or a file of bad lines grows the run. */
		free(run->in.owned[--run->in.num_owned]);
		if (run->in.num_dests == RR_MAX_PROBES) {
			errno = E2BIG;
			return -1;
		}
	}
	/* Streamed: a chunk at a time, the rest read when its turn comes. */
	return run->window.streaming && run->in.num_dests >= STREAM_CHUNK;
}

/* Opens every -f file before anything is probed: a typo fails at once. */
bool rr_run_open_files(struct run *run)
{
	const char *name;
	char buf[256];
	int i;

	run->in.files = calloc((size_t)run->opts.num_files + 1, sizeof(*run->in.files));
	if (!run->in.files)
		return false;
	for (i = 0; i < run->opts.num_files; i++) {
		name = run->opts.files[i];
		run->in.files[i] = strcmp(name, "-") ? fopen(name, "re") : stdin;
		if (!run->in.files[i]) {
			fprintf(stderr, "rdma-route: cannot read '%s': %s\n",
				rr_shown(name, buf, sizeof(buf)), strerror(errno));
			return false;
		}
	}
	return true;
}

void rr_run_close_files(struct run *run)
{
	int i;

	if (run->in.reading)
		rr_target_reader_release(&run->in.reader);
	run->in.reading = false;
	for (i = 0; run->in.files && i < run->opts.num_files; i++)
		if (run->in.files[i] && run->in.files[i] != stdin)
			fclose(run->in.files[i]);
	free(run->in.files);
	run->in.files = NULL;
}

/* Forgets the chunk added: its destinations' texts live in their entries. */
static void release_chunk(struct run *run)
{
	size_t i;

	for (i = 0; i < run->in.num_owned; i++)
		free(run->in.owned[i]);
	run->in.num_owned = 0;
	run->in.num_dests = 0;
	run->in.next_dest = 0;
}

/*
 * Reads on in the -f files until a chunk is full (a streamed run) or they
 * end; INPUT_FAILED when one could not be read to its end.
 */
static void read_some(struct run *run)
{
	enum rr_read_status st;
	char buf[256];

	if (!run->in.reading) {
		if (run->in.next_file == run->opts.num_files) {
			run->in.input_done = true;
			return;
		}
		run->in.file = run->opts.files[run->in.next_file];
		/* Streamed, a file is read as it has lines: never waited on. */
		if (!rr_target_reader_init(&run->in.reader,
					   run->in.files[run->in.next_file++],
					   run->window.streaming)) {
			errno = ENOMEM;
			st = RR_READ_ERROR;
			goto failed;
		}
		run->in.reading = true;
	}
	st = rr_read_target_lines(&run->in.reader, file_line, run);
	run->in.input_waiting = st == RR_READ_WAIT;
	if (st == RR_READ_PAUSED || st == RR_READ_WAIT)
		return;
	rr_target_reader_release(&run->in.reader);
	run->in.reading = false;
	if (st == RR_READ_OK)
		return;
failed:
	/* A signal cut the read short: the run ends, no file is to blame. */
	if (st == RR_READ_ERROR && rr_stop_requested()) {
		run->in.input_done = true;
		return;
	}
	if (st == RR_READ_ERROR || st == RR_READ_STOPPED)
		fprintf(stderr, "rdma-route: reading '%s' stopped: %s\n",
			rr_shown(run->in.file, buf, sizeof(buf)),
			errno == E2BIG ? "too many destinations" : strerror(errno));
	run->in.input_failed = true;
	run->in.input_done = true;
}

/* Every -f file read to its end, for a run that is not streamed. */
bool rr_run_add_all_file_dests(struct run *run)
{
	if (!rr_run_open_files(run))
		return false;
	while (!run->in.input_done)
		read_some(run);
	return !run->in.input_failed;
}

bool rr_run_parse_expectations(struct run *run)
{
	const struct rr_opts *o = &run->opts;
	char why[1024];
	int i;

	if (!o->num_expect && !o->num_max_ms)
		return true;
	run->expects = calloc((size_t)(o->num_expect + o->num_max_ms),
			      sizeof(*run->expects));
	if (!run->expects) {
		perror("rdma-route");
		return false;
	}
	for (i = 0; i < o->num_expect; i++) {
		if (!(rr_mode_rule(o->mode)->expect_counts ?
		      rr_expect_parse_count : rr_expect_parse)(o->expect[i],
				       &run->expects[run->num_expects++],
				       why, sizeof(why))) {
			return rr_run_refuse("--expect", o->expect[i], why);
		}
	}
	for (i = 0; i < o->num_max_ms; i++) {
		if (!rr_expect_parse_max_ms(o->max_ms[i],
					    &run->expects[run->num_expects++],
					    why, sizeof(why))) {
			return rr_run_refuse("--max-ms", o->max_ms[i], why);
		}
	}
	return true;
}

/*
 * -I: an address, as -b takes it, or an interface whose address is bound
 * (ping's -I); it then stands as the run's --src.
 */
static bool parse_interface(struct run *run)
{
	const char *text = run->opts.interface;
	char why[160];

	if (rr_target_parse(text, &run->cm.src, why, sizeof(why)) ==
	    RR_TARGET_ADDRESS ||
	    rr_iface_addr(text, run->opts.family, &run->cm.src, why, sizeof(why))) {
		run->opts.src = text;
		return true;
	}
	return rr_run_refuse("-I", text, why);
}

/* -b (--src) takes a numeric address only: binding must not wait on DNS. */
bool rr_run_parse_src(struct run *run)
{
	const char *text = run->opts.src;
	char why[160];

	if (run->opts.interface)
		return parse_interface(run);
	if (!text)
		return true;
	switch (rr_target_parse(text, &run->cm.src, why, sizeof(why))) {
	case RR_TARGET_ADDRESS:
		return true;
	case RR_TARGET_NAME:
		snprintf(why, sizeof(why), "want a numeric IPv4 or IPv6 address");
		break;
	default:
		break;
	}
	return rr_run_refuse("--src", text, why);
}

bool rr_run_parse_from(struct run *run)
{
	const char *text = run->opts.from;
	char why[160];

	if (!text || rr_sa_parse_dest(text, &run->sa.from, why, sizeof(why)))
		return true;
	return rr_run_refuse("--from", text, why);
}

/*
 * Host names to addresses; with -A a name with several becomes as many
 * destinations, one per address, in the resolver's order.  Returns an
 * exit code: RR_EXIT_OK to go on.
 */
int rr_run_lookup_names(struct run *run)
{
	struct rr_name_addrs *found;
	struct rr_result *d, *r;
	size_t i, k, n = 0, at = 0;
	int code = RR_EXIT_FAILED;

	found = calloc(run->in.num_dests, sizeof(*found));
	if (!found)
		goto nomem;
	rr_lookup_names(run->in.dests, found, run->in.num_dests,
			run->opts.timeout_ms, run->opts.family);
	for (i = 0; i < run->in.num_dests; i++)
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
	for (i = 0; i < run->in.num_dests; i++) {
		if (!run->opts.all_addresses || found[i].n < 2) {
			d[at] = run->in.dests[i];
			d[at++].probe.name_skipped =
				found[i].n ? (unsigned int)found[i].n - 1 : 0;
			continue;
		}
		for (k = 0; k < found[i].n; k++) {
			r = &d[at++];
			*r = run->in.dests[i];
			r->probe.dst = found[i].addrs[k];
		}
	}
	free(run->in.dests);
	run->in.dests = d;
	run->in.cap = n;
	rr_name_addrs_release(found, run->in.num_dests);
	run->in.num_dests = n;
	return RR_EXIT_OK;
out:
	rr_name_addrs_release(found, run->in.num_dests);
	if (code != RR_EXIT_FAILED)
		return code;
nomem:
	fprintf(stderr, "rdma-route: cannot allocate memory for %zu destinations\n",
		run->in.num_dests);
	return RR_EXIT_FAILED;
}

int rr_run_input_fd(const struct run *run)
{
	return run->in.reading ? run->in.reader.fd : -1;
}

/*
 * The next chunk of destinations, names looked up; false at the end, or
 * (INPUT_WAITING) while the files have no line ready.
 */
bool rr_run_next_chunk(struct run *run)
{
	release_chunk(run);
	run->in.input_waiting = false;
	while (!run->in.num_dests && !run->in.input_done && !run->in.input_waiting)
		read_some(run);
	if (!run->in.num_dests)
		return false;
	if (rr_run_lookup_names(run) != RR_EXIT_OK) {
		run->in.input_failed = true;
		run->in.input_done = true;
		return false;
	}
	return true;
}
