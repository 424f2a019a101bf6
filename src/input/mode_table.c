// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The modes' table, input side, and each mode's own checks.  A new mode
 * is a name in enum rr_mode, a row here, a row in src/app/modes.c and
 * the option that selects it (options_modes.c); HACKING.md counts the
 * files.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "base/escape.h"
#include "base/why.h"
#include "input/mode_table.h"
#include "model/probe/fields.h"

/* Each mode's own checks: what it cannot take, named. */

/*
 * --expect and --max-ms are checked on each result: a mode that makes
 * none (WHAT says what it makes instead) would hold them true unread.
 */
static bool no_checks(const struct rr_opts *opts, char *why, size_t len,
		      const char *mode, const char *what)
{
	if (opts->num_expect)
		return rr_why(why, len, "--expect does not apply to %s: %s, not results to check",
			      mode, what);
	if (opts->num_max_ms)
		return rr_why(why, len, "--max-ms does not apply to %s: %s, not results to check",
			      mode, what);
	return true;
}

/* --sa's (and --sa --trace --all-pairs'): the CM's options, refused. */
static bool rr_check_sa(const struct rr_opts *opts, char *why, size_t len)
{
	if (opts->interface)
		return rr_why(why, len, "-I does not apply to --sa (-C and -P name the port)");
	if (opts->src)
		return rr_why(why, len, "--src does not apply to --sa");
	if (opts->connect_port)
		return rr_why(why, len, "--connect connects through the RDMA CM: not with --sa");
	if (opts->count != 1)
		return rr_why(why, len, "--count does not apply to --sa");
	if (opts->all_addresses)
		return rr_why(why, len, "--all-addresses does not apply to --sa");
	return true;
}

/* Every route from the forwarding tables: no PathRecord asked. */
static bool rr_check_routes(const struct rr_opts *opts, char *why, size_t len)
{
	if (opts->matrix)
		return rr_why(why, len, "--trace --all-pairs reports routes and links, not a --matrix");
	if (opts->all_paths)
		return rr_why(why, len, "--trace --all-pairs follows the forwarding tables, not --all-paths");
	if (opts->sl >= 0 || opts->pkey >= 0)
		return rr_why(why, len, "--trace --all-pairs follows the forwarding tables: no --sl or --pkey");
	if (opts->explain)
		return rr_why(why, len, "--explain does not apply to --sa --trace --all-pairs: its report names each failure's place and cause");
	if (opts->per_pair && opts->format != RR_FORMAT_JSONL)
		return rr_why(why, len, "--per-pair writes a JSON Lines record per route of --sa --trace --all-pairs: with those and --jsonl");
	/* --expect takes the summary's counts there (fabric_counts.h). */
	if (opts->num_max_ms)
		return rr_why(why, len, "--max-ms does not apply to --sa --trace --all-pairs: it times no step (--expect takes its counts)");
	return rr_check_sa(opts, why, len);
}

/*
 * --matrix of records: the arguments are files of JSON Lines.  --matrix
 * FIELD, with a blank: FIELD is read as a records file; when no such file
 * exists and FIELD is a field, that is what was meant.
 */
static bool rr_check_matrix_records(const struct rr_opts *opts, char *why,
			     size_t len)
{
	const char *first = opts->num_targets ? opts->targets[0] : NULL;
	enum rr_fscope scope;
	char buf[256];
	bool raw;

	if (!opts->matrix_field_given && first && access(first, F_OK) &&
	    rr_field_find(first, &scope, &raw))
		return rr_why(why, len, "--matrix reads records from the file '%s', which does not exist: did you mean --matrix=%s?",
			      rr_shown(first, buf, sizeof(buf)),
			      rr_shown(first, buf, sizeof(buf)));
	if (opts->num_files)
		return rr_why(why, len, "--matrix reads its records from the files given as arguments, not -f");
	return true;
}

/* --listen answers; it probes nothing. */
static bool rr_check_listen(const struct rr_opts *opts, char *why, size_t len)
{
	if (opts->num_targets > 1)
		return rr_why(why, len, "--listen takes one ADDR at most, the address to listen on");
	if (opts->sa || opts->connect_port || opts->num_files ||
	    opts->matrix)
		return rr_why(why, len, "--listen answers --connect probes: not with --sa, --connect, -f or --matrix");
	if (opts->format == RR_FORMAT_PROM)
		return rr_why(why, len, "--listen writes a record per connection: text, --json or --jsonl, not --prom");
	if (opts->num_expect || opts->num_max_ms || opts->explain)
		return rr_why(why, len, "--listen takes no --expect, --max-ms or --explain");
	if (opts->no_witness && opts->witness_allow.n)
		return rr_why(why, len, "--no-witness tells nobody: not with --witness-allow");
	return true;
}

static bool rr_check_list(const struct rr_opts *opts, char *why, size_t len)
{
	if (opts->num_targets || opts->num_files || opts->sa)
		return rr_why(why, len, "--list takes no DESTINATION, -f or --sa");
	return no_checks(opts, why, len, "--list", "it lists ports");
}

static bool rr_check_cm_defaults(const struct rr_opts *opts, char *why, size_t len)
{
	if (opts->num_targets || opts->num_files || opts->sa || opts->matrix)
		return rr_why(why, len, "--cm-defaults takes no DESTINATION, -f, --sa or --matrix");
	return no_checks(opts, why, len, "--cm-defaults", "it shows each port's defaults");
}

#define OPT(field, kind) offsetof(struct rr_opts, field), kind

static bool always(const struct rr_opts *o)
{
	return true;
}

static bool cm_bare(const struct rr_opts *o)
{
	return o->num_files;
}

static bool sa_selects(const struct rr_opts *o)
{
	return o->sa;
}

static bool sa_bare(const struct rr_opts *o)
{
	return o->num_files || o->all_pairs;
}

static bool routes_selects(const struct rr_opts *o)
{
	return o->sa && o->trace && o->all_pairs;
}

static bool records_selects(const struct rr_opts *o)
{
	return o->matrix && !o->sa;
}

static bool list_selects(const struct rr_opts *o)
{
	return o->list;
}

static bool cm_defaults_selects(const struct rr_opts *o)
{
	return o->cm_defaults;
}

static bool listen_selects(const struct rr_opts *o)
{
	return o->listen_port;
}

static const struct rr_own_option routes_own[] = {
	{ { "--per-pair", OPT(per_pair, RR_OPT_FLAG) },
	  "--per-pair writes a JSON Lines record per route of --sa --trace --all-pairs: with those and --jsonl" },
	{ { "--dot", OPT(dot, RR_OPT_TEXT) },
	  "--dot draws the routes of --sa --trace --all-pairs" },
	{ { "--sl-from-sa", OPT(sl_from_sa, RR_OPT_FLAG) },
	  "--sl-from-sa asks the SL of each pair of --sa --trace --all-pairs" },
	{ { "--severity", OPT(severity_given, RR_OPT_FLAG) },
	  "--severity weighs the findings of --sa --trace --all-pairs" },
	{ { "--compare", OPT(compare, RR_OPT_TEXT) },
	  "--compare compares the routes of --sa --trace --all-pairs with an earlier run's" },
	{ { "--probe-links", OPT(probe_links, RR_OPT_NONZERO) },
	  "--probe-links probes the cables of --sa --trace --all-pairs" },
	{ { NULL, 0, RR_OPT_FLAG }, NULL }
};

/* A mode that is a run of its own: its option beside another's, refused. */
static const struct rr_own_option list_own[] = {
	{ { "--list", OPT(list, RR_OPT_FLAG) },
	  "--list lists the RDMA ports and does nothing else" },
	{ { NULL, 0, RR_OPT_FLAG }, NULL }
};

static const struct rr_own_option cm_defaults_own[] = {
	{ { "--cm-defaults", OPT(cm_defaults, RR_OPT_FLAG) },
	  "--cm-defaults shows each port's RDMA CM defaults and does nothing else" },
	{ { NULL, 0, RR_OPT_FLAG }, NULL }
};

static const struct rr_own_option listen_own[] = {
	{ { "--reject", OPT(reject, RR_OPT_FLAG) },
	  "--reject answers requests: with --listen only" },
	{ { "--witness-allow", OPT(witness_allow.n, RR_OPT_NONZERO) },
	  "--witness-allow names who --listen's witness tells: with --listen only" },
	{ { "--no-witness", OPT(no_witness, RR_OPT_FLAG) },
	  "--no-witness turns --listen's witness off: with --listen only" },
	{ { NULL, 0, RR_OPT_FLAG }, NULL }
};

static const struct rr_mode_rule rows[RR_NUM_MODES] = {
	[RR_MODE_CM] = {
		.usage = "DESTINATION...\n-f FILE [DESTINATION...]",
		.runs_bare = cm_bare,
	},
	[RR_MODE_SA] = {
		.usage = "--sa DESTINATION...\n--sa --all-pairs [PORT...]",
		.selects = sa_selects, .runs_bare = sa_bare,
		.check = rr_check_sa,
	},
	[RR_MODE_ROUTES] = {
		.usage = "--sa --trace --all-pairs [PORT...]",
		.selects = routes_selects, .runs_bare = always,
		.own = routes_own, .check = rr_check_routes,
		.expect_counts = true,
	},
	[RR_MODE_MATRIX_RECORDS] = {
		.usage = "--matrix[=FIELD] [RECORDS...]",
		.selects = records_selects, .runs_bare = always,
		.check = rr_check_matrix_records, .args_are_files = true,
	},
	[RR_MODE_LIST] = {
		.usage = "--list",
		.selects = list_selects, .runs_bare = always,
		.own = list_own, .check = rr_check_list,
	},
	[RR_MODE_CM_DEFAULTS] = {
		.usage = "--cm-defaults",
		.selects = cm_defaults_selects, .runs_bare = always,
		.own = cm_defaults_own, .check = rr_check_cm_defaults,
	},
	[RR_MODE_LISTEN] = {
		.usage = "--listen[=PORT] [ADDR]",
		.selects = listen_selects, .runs_bare = always,
		.own = listen_own, .check = rr_check_listen,
	},
};

const struct rr_mode_rule *rr_mode_rule(enum rr_mode mode)
{
	return mode < RR_NUM_MODES ? &rows[mode] : NULL;
}

enum rr_mode rr_mode_of(const struct rr_opts *opts)
{
	int m;

	for (m = RR_NUM_MODES - 1; m > RR_MODE_CM; m--)
		if (rows[m].selects && rows[m].selects(opts))
			return (enum rr_mode)m;
	return RR_MODE_CM;
}

/* An option of another mode's own, given: its refusal into WHY. */
static bool no_other_own(const struct rr_opts *opts, char *why, size_t len)
{
	const struct rr_own_option *own;
	int m;

	for (m = 0; m < RR_NUM_MODES; m++) {
		if ((enum rr_mode)m == opts->mode || !rows[m].own)
			continue;
		for (own = rows[m].own; own->opt.name; own++) {
			if (!rr_opt_given(opts, &own->opt))
				continue;
			snprintf(why, len, "%s", own->refusal);
			return false;
		}
	}
	return true;
}

bool rr_mode_takes(const struct rr_opts *opts, char *why, size_t len)
{
	const struct rr_mode_rule *row = rr_mode_rule(opts->mode);

	if (!row || !no_other_own(opts, why, len))
		return false;
	return !row->check || row->check(opts, why, len);
}

void rr_mode_usage(char *buf, size_t len)
{
	size_t used = 0;
	int m, n;

	buf[0] = '\0';
	for (m = 0; m < RR_NUM_MODES && used < len; m++) {
		n = snprintf(buf + used, len - used, "%s%s", m ? "\n" : "",
			     rows[m].usage);
		if (n < 0)
			return;
		used += (size_t)n;
	}
}
