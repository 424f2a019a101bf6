// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rdma-route: options -> targets -> resolution core -> results ->
 * renderer -> exit code, in that order.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cm_backend.h"
#include "options.h"
#include "printer.h"
#include "render.h"
#include "result.h"
#include "targets.h"

/* Parses every destination; false (after saying which) on bad input. */
static bool parse_targets(const struct rr_opts *opts, struct rr_result *results,
			  bool *names)
{
	char why[128];
	int i;

	for (i = 0; i < opts->num_targets; i++) {
		struct rr_result *r = &results[i];

		r->target = opts->targets[i];
		r->timeout_ms = opts->timeout_ms;
		r->deadline_ms = rr_cm_step_deadline_ms(opts->timeout_ms);
		switch (rr_target_parse(r->target, &r->dst, why, sizeof(why))) {
		case RR_TARGET_ADDRESS:
			r->have_dst = true;
			break;
		case RR_TARGET_NAME:
			names[i] = true;
			break;
		default:
			fprintf(stderr, "rdma-route: invalid destination '%s': %s\n",
				r->target, why);
			return false;
		}
	}
	return true;
}

/* --src takes a numeric address only: binding must not wait on DNS. */
static bool parse_src(const char *text, struct sockaddr_storage *src)
{
	char why[128];

	switch (rr_target_parse(text, src, why, sizeof(why))) {
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

static int exit_code(const struct rr_result *results, int n)
{
	int i, code = RR_EXIT_OK;

	for (i = 0; i < n; i++) {
		if (results[i].ok)
			continue;
		if (rr_cause_is_host_level(results[i].fail.cause))
			return RR_EXIT_NO_RDMA;
		code = RR_EXIT_FAILED;
	}
	return code;
}

int main(int argc, char **argv)
{
	struct sockaddr_storage src;
	struct rr_cm_params params;
	struct rr_result *results = NULL;
	struct printer *p;
	struct rr_opts opts;
	bool *names = NULL;
	int i, n, code = RR_EXIT_USAGE;

	rr_parse_options(argc, argv, &opts);
	n = opts.num_targets;

	if (opts.src && !parse_src(opts.src, &src))
		return RR_EXIT_USAGE;

	results = calloc((size_t)n, sizeof(*results));
	names = calloc((size_t)n, sizeof(*names));
	if (!results || !names) {
		perror("rdma-route");
		code = RR_EXIT_FAILED;
		goto out;
	}
	if (!parse_targets(&opts, results, names))
		goto out;

	rr_lookup_names(results, names, n, opts.timeout_ms);

	params = (struct rr_cm_params){
		.src = opts.src ? &src : NULL,
		.timeout_ms = opts.timeout_ms,
		.parallel = opts.parallel,
		.tos = opts.tos,
		.ps = opts.ps,
	};
	rr_cm_resolve(results, n, &params);

	code = exit_code(results, n);
	p = pr_new(opts.format, stdout);
	if (!p) {
		perror("rdma-route");
		goto out;
	}
	rr_render(p, results, n, &opts);
	if (pr_finish(p)) {
		perror("rdma-route: writing the output");
		code = RR_EXIT_FAILED;
	}
out:
	for (i = 0; results && i < n; i++)
		rr_result_release(&results[i]);
	free(names);
	free(results);
	return code;
}
