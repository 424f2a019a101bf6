// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rdma-route: options -> targets -> resolution core -> results ->
 * renderers -> exit code, in that order.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cm_backend.h"
#include "expect.h"
#include "explain.h"
#include "list.h"
#include "options.h"
#include "printer.h"
#include "render.h"
#include "result.h"
#include "sa_backend.h"
#include "target_file.h"
#include "targets.h"

struct run {
	struct rr_opts opts;
	struct rr_expect expects[2 * RR_MAX_EXPECT];
	int num_expects;
	struct sockaddr_storage src;
	struct printer *p;
	struct rr_explainer *ex;	/* opened at the first need */

	/* One template per destination, in input order. */
	struct rr_result *dests;
	bool *names;			/* dests[i] is a host name */
	struct rr_sa_dest *sa_dests;	/* with --sa */
	char **owned;			/* destination strings from the file */
	int num_dests, cap, num_owned;
	int input_errors;

	/* Every probe, destination-major; printed in this order. */
	struct rr_result *probes;
	int num_probes;
	int next_emit;
};

static bool grow(struct run *run)
{
	int cap = run->cap ? 2 * run->cap : 64;
	struct rr_result *d = realloc(run->dests, (size_t)cap * sizeof(*d));
	bool *n;
	struct rr_sa_dest *sa;

	if (!d)
		return false;
	run->dests = d;
	n = realloc(run->names, (size_t)cap * sizeof(*n));
	if (!n)
		return false;
	run->names = n;
	sa = realloc(run->sa_dests, (size_t)cap * sizeof(*sa));
	if (!sa)
		return false;
	run->sa_dests = sa;
	run->cap = cap;
	return true;
}

/* Adds TEXT as a destination; false with a reason in WHY if it is none. */
static bool add_dest(struct run *run, const char *text, char *why,
		     size_t why_len)
{
	struct rr_result *r;
	enum rr_target_kind kind = RR_TARGET_ADDRESS;
	struct rr_sa_dest sa;
	struct sockaddr_storage dst;

	if (run->opts.sa) {
		if (!rr_sa_parse_dest(text, &sa, why, why_len))
			return false;
	} else {
		kind = rr_target_parse(text, &dst, why, why_len);
		if (kind == RR_TARGET_INVALID)
			return false;
	}
	if (run->num_dests == run->cap && !grow(run)) {
		snprintf(why, why_len, "%s", strerror(ENOMEM));
		return false;
	}
	r = &run->dests[run->num_dests];
	memset(r, 0, sizeof(*r));
	r->target = text;
	r->timeout_ms = run->opts.timeout_ms;
	r->deadline_ms = rr_cm_step_deadline_ms(run->opts.timeout_ms);
	run->names[run->num_dests] = kind == RR_TARGET_NAME;
	run->sa_dests[run->num_dests] = sa;
	if (kind == RR_TARGET_ADDRESS && !run->opts.sa) {
		r->dst = dst;
		r->have_dst = true;
	}
	run->num_dests++;
	return true;
}

/* Command-line destinations: a bad one stops everything (exit 2). */
static bool add_arg_dests(struct run *run)
{
	char why[160];
	int i;

	for (i = 0; i < run->opts.num_targets; i++) {
		if (!add_dest(run, run->opts.targets[i], why, sizeof(why))) {
			fprintf(stderr, "rdma-route: invalid destination '%s': %s\n",
				run->opts.targets[i], why);
			return false;
		}
	}
	return true;
}

/* A file's bad line is reported and skipped; the rest goes on. */
static void file_line(void *ctx, const char *text, unsigned int line)
{
	struct run *run = ctx;
	char why[160], *copy, **owned;

	copy = strdup(text);
	owned = realloc(run->owned, (size_t)(run->num_owned + 1) * sizeof(*owned));
	if (!copy || !owned) {
		free(copy);
		if (owned)
			run->owned = owned;
		rr_render_input_error(run->p, run->opts.file, line, text,
				      strerror(ENOMEM));
		run->input_errors++;
		return;
	}
	run->owned = owned;
	run->owned[run->num_owned++] = copy;
	if (!add_dest(run, copy, why, sizeof(why))) {
		rr_render_input_error(run->p, run->opts.file, line, text, why);
		run->input_errors++;
	}
}

static bool add_file_dests(struct run *run)
{
	const char *name = run->opts.file;
	FILE *f = strcmp(name, "-") ? fopen(name, "re") : stdin;
	int rc;

	if (!f) {
		fprintf(stderr, "rdma-route: cannot read '%s': %s\n", name,
			strerror(errno));
		return false;
	}
	rc = rr_read_target_file(f, file_line, run);
	if (rc)
		fprintf(stderr, "rdma-route: reading '%s': %s\n", name,
			strerror(errno));
	if (f != stdin)
		fclose(f);
	return rc == 0;
}

static bool parse_expectations(struct run *run)
{
	const struct rr_opts *o = &run->opts;
	char why[160];
	int i;

	for (i = 0; i < o->num_expect; i++) {
		if (!rr_expect_parse(o->expect[i], &run->expects[run->num_expects++],
				     why, sizeof(why))) {
			fprintf(stderr, "rdma-route: invalid --expect '%s': %s\n",
				o->expect[i], why);
			return false;
		}
	}
	for (i = 0; i < o->num_max_ms; i++) {
		if (!rr_expect_parse_max_ms(o->max_ms[i],
					    &run->expects[run->num_expects++],
					    why, sizeof(why))) {
			fprintf(stderr, "rdma-route: invalid --max-ms '%s': %s\n",
				o->max_ms[i], why);
			return false;
		}
	}
	return true;
}

/* --src takes a numeric address only: binding must not wait on DNS. */
static bool parse_src(struct run *run)
{
	const char *text = run->opts.src;
	char why[128];

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
	fprintf(stderr, "rdma-route: invalid --src '%s': %s\n", text, why);
	return false;
}

/* Every probe of every destination, destination-major, and its schedule. */
static bool make_probes(struct run *run)
{
	unsigned int count = run->opts.count, s;
	struct rr_result *r;
	int d;

	run->num_probes = run->num_dests * (int)count;
	run->probes = calloc((size_t)run->num_probes, sizeof(*run->probes));
	if (!run->probes)
		return false;
	for (d = 0; d < run->num_dests; d++) {
		for (s = 0; s < count; s++) {
			r = &run->probes[d * (int)count + (int)s];
			*r = run->dests[d];
			r->seq = count > 1 ? s + 1 : 0;
			r->start_offset_ms = s * run->opts.interval_ms;
		}
	}
	return true;
}

/* The root-cause chain: every link with --explain, else a failure's. */
static void explain(struct run *run, struct rr_result *r)
{
	if (run->opts.sa || (r->ok && !run->opts.explain))
		return;
	if (!run->ex)
		run->ex = rr_explainer_new();
	rr_explain(run->ex, r, run->opts.explain);
}

/* Prints finished probes in input order, as soon as their turn comes. */
static void emit_ready(struct run *run)
{
	unsigned int count = run->opts.count;
	struct rr_result *r;

	while (run->next_emit < run->num_probes &&
	       run->probes[run->next_emit].done) {
		r = &run->probes[run->next_emit++];
		explain(run, r);
		rr_check_result(r, run->expects, run->num_expects);
		rr_render_result(run->p, r, count > 1);
		if (count > 1 && r->seq == count)
			rr_render_statistics(run->p, r - (count - 1), count);
	}
}

/*
 * Streamed formats print each result as its turn comes; the JSON document
 * is written at the end anyway, so it waits and keeps the loop light.
 */
static void on_done(void *ctx, struct rr_result *r)
{
	struct run *run = ctx;

	if (run->opts.format != RR_FORMAT_JSON)
		emit_ready(run);
}

static void resolve_cm(struct run *run)
{
	struct rr_cm_params params = {
		.src = run->opts.src ? &run->src : NULL,
		.timeout_ms = run->opts.timeout_ms,
		.parallel = run->opts.parallel,
		.tos = run->opts.tos,
		.ps = run->opts.ps,
		.on_done = on_done,
		.ctx = run,
	};
	struct rr_result **order;
	unsigned int count = run->opts.count, s;
	int d, i = 0;

	/* Start order is probe-major, so that start times never go back. */
	order = calloc((size_t)run->num_probes, sizeof(*order));
	if (!order) {
		perror("rdma-route");
		return;
	}
	for (s = 0; s < count; s++)
		for (d = 0; d < run->num_dests; d++)
			order[i++] = &run->probes[d * (int)count + (int)s];
	rr_cm_resolve(order, run->num_probes, &params);
	free(order);
	emit_ready(run);
}

static void resolve_sa(struct run *run)
{
	struct rr_sa_params params = {
		.ca = run->opts.ca,
		.port = run->opts.ca_port,
		.timeout_ms = run->opts.timeout_ms,
		.sl = run->opts.sl,
		.pkey = run->opts.pkey,
		.all_paths = run->opts.all_paths,
	};
	int i;

	rr_sa_resolve(run->probes, run->sa_dests, run->num_probes, &params);
	for (i = 0; i < run->num_probes; i++)
		run->probes[i].done = true;
	emit_ready(run);
}

/* 3 (no RDMA at all) over 2 (bad input) over 1 (unresolved) over 4. */
static int exit_code(const struct run *run)
{
	bool failed = false, expect = false;
	int i;

	for (i = 0; i < run->num_probes; i++) {
		const struct rr_result *r = &run->probes[i];

		if (!r->ok && rr_cause_is_host_level(r->fail.cause))
			return RR_EXIT_NO_RDMA;
		failed |= !r->ok;
		expect |= r->num_expect_failures > 0;
	}
	if (run->input_errors)
		return RR_EXIT_USAGE;
	if (failed)
		return RR_EXIT_FAILED;
	return expect ? RR_EXIT_EXPECT : RR_EXIT_OK;
}

static void release(struct run *run)
{
	int i;

	for (i = 0; run->probes && i < run->num_probes; i++)
		rr_result_release(&run->probes[i]);
	free(run->probes);
	for (i = 0; i < run->num_owned; i++)
		free(run->owned[i]);
	free(run->owned);
	free(run->dests);
	free(run->names);
	free(run->sa_dests);
	rr_explainer_free(run->ex);
}

int main(int argc, char **argv)
{
	struct run run = { 0 };
	int code = RR_EXIT_USAGE;

	rr_parse_options(argc, argv, &run.opts);
	if (run.opts.list)
		return rr_list_run(run.opts.format);
	if (!parse_expectations(&run) || !parse_src(&run) ||
	    !add_arg_dests(&run))
		goto out;

	run.p = pr_new(run.opts.format, stdout);
	if (!run.p) {
		perror("rdma-route");
		code = RR_EXIT_FAILED;
		goto out;
	}
	rr_render_begin(run.p, &run.opts);
	if (run.opts.file && !add_file_dests(&run))
		goto finish;
	if (!run.num_dests && !run.input_errors) {
		fprintf(stderr, "rdma-route: no destination in '%s'\n",
			run.opts.file);
		goto finish;
	}

	if (!run.opts.sa)
		rr_lookup_names(run.dests, run.names, run.num_dests,
				run.opts.timeout_ms);
	if (!make_probes(&run)) {
		perror("rdma-route");
		code = RR_EXIT_FAILED;
		goto finish;
	}
	if (run.opts.sa)
		resolve_sa(&run);
	else
		resolve_cm(&run);

	if (run.num_dests > 1 || run.opts.count > 1 || run.input_errors ||
	    run.opts.format != RR_FORMAT_TEXT)
		rr_render_summary(run.p, run.probes, run.num_probes,
				  run.num_dests, run.input_errors);
	code = exit_code(&run);
finish:
	if (pr_finish(run.p)) {
		perror("rdma-route: writing the output");
		if (code == RR_EXIT_OK)
			code = RR_EXIT_FAILED;
	}
out:
	release(&run);
	return code;
}
