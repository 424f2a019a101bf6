// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdarg.h>
#include <stdio.h>
#include <unistd.h>

#include "input/mode_checks.h"
#include "base/escape.h"
#include "model/fields.h"

/* The reason into WHY: always false, for a check's return. */
static bool refuse(char *why, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, len, fmt, ap);
	va_end(ap);
	return false;
}

/*
 * --expect and --max-ms are checked on each result: a mode that makes
 * none (WHAT says what it makes instead) would hold them true unread.
 */
static bool no_checks(const struct rr_opts *opts, char *why, size_t len,
		      const char *mode, const char *what)
{
	if (opts->num_expect)
		return refuse(why, len, "--expect does not apply to %s: %s, not results to check",
			      mode, what);
	if (opts->num_max_ms)
		return refuse(why, len, "--max-ms does not apply to %s: %s, not results to check",
			      mode, what);
	return true;
}

/* --sa's (and --sa --trace --all-pairs'): the CM's options, refused. */
bool rr_check_sa(const struct rr_opts *opts, char *why, size_t len)
{
	if (opts->interface)
		return refuse(why, len, "-I does not apply to --sa (-C and -P name the port)");
	if (opts->src)
		return refuse(why, len, "--src does not apply to --sa");
	if (opts->connect_port)
		return refuse(why, len, "--connect connects through the RDMA CM: not with --sa");
	if (opts->count != 1)
		return refuse(why, len, "--count does not apply to --sa");
	if (opts->all_addresses)
		return refuse(why, len, "--all-addresses does not apply to --sa");
	return true;
}

/* Every route from the forwarding tables: no PathRecord asked. */
bool rr_check_routes(const struct rr_opts *opts, char *why, size_t len)
{
	if (opts->matrix)
		return refuse(why, len, "--trace --all-pairs reports routes and links, not a --matrix");
	if (opts->all_paths)
		return refuse(why, len, "--trace --all-pairs follows the forwarding tables, not --all-paths");
	if (opts->sl >= 0 || opts->pkey >= 0)
		return refuse(why, len, "--trace --all-pairs follows the forwarding tables: no --sl or --pkey");
	if (opts->explain)
		return refuse(why, len, "--explain does not apply to --sa --trace --all-pairs: its report names each failure's place and cause");
	/* --expect takes the summary's counts there (fabric_counts.h). */
	if (opts->num_max_ms)
		return refuse(why, len, "--max-ms does not apply to --sa --trace --all-pairs: it times no step (--expect takes its counts)");
	return rr_check_sa(opts, why, len);
}

/*
 * --matrix of records: the arguments are files of JSON Lines.  --matrix
 * FIELD, with a blank: FIELD is read as a records file; when no such file
 * exists and FIELD is a field, that is what was meant.
 */
bool rr_check_matrix_records(const struct rr_opts *opts, char *why,
			     size_t len)
{
	const char *first = opts->num_targets ? opts->targets[0] : NULL;
	enum rr_fscope scope;
	char buf[256];
	bool raw;

	if (!opts->matrix_field_given && first && access(first, F_OK) &&
	    rr_field_find(first, &scope, &raw))
		return refuse(why, len, "--matrix reads records from the file '%s', which does not exist: did you mean --matrix=%s?",
			      rr_shown(first, buf, sizeof(buf)),
			      rr_shown(first, buf, sizeof(buf)));
	if (opts->num_files)
		return refuse(why, len, "--matrix reads its records from the files given as arguments, not -f");
	return true;
}

/* --listen answers; it probes nothing. */
bool rr_check_listen(const struct rr_opts *opts, char *why, size_t len)
{
	if (opts->num_targets > 1)
		return refuse(why, len, "--listen takes one ADDR at most, the address to listen on");
	if (opts->sa || opts->connect_port || opts->num_files || opts->list ||
	    opts->matrix)
		return refuse(why, len, "--listen answers --connect probes: not with --sa, --connect, -f, --list or --matrix");
	if (opts->format == RR_FORMAT_PROM)
		return refuse(why, len, "--listen writes a record per connection: text, --json or --jsonl, not --prom");
	if (opts->num_expect || opts->num_max_ms || opts->explain)
		return refuse(why, len, "--listen takes no --expect, --max-ms or --explain");
	return true;
}

bool rr_check_list(const struct rr_opts *opts, char *why, size_t len)
{
	if (opts->num_targets || opts->num_files || opts->sa)
		return refuse(why, len, "--list takes no DESTINATION, -f or --sa");
	return no_checks(opts, why, len, "--list", "it lists ports");
}
