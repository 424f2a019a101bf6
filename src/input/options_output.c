// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What is printed and where: the formats, the text's detail, -o, the
 * matrix and the side files, the routes' report.
 */
#include <string.h>

#include "base/escape.h"
#include "base/numbers.h"
#include "base/util.h"
#include "input/option_groups.h"
#include "input/options.h"
#include "model/probe/fields.h"

enum {
	OPT_JSONL = 0x300,
	OPT_PROM,
	OPT_BRIEF,
	OPT_NO_PROGRESS,
	OPT_MATRIX,
	OPT_MATRIX_GRID,
	OPT_SVG,
	OPT_DOT,
	OPT_COMPARE,
	OPT_SL_FROM_SA,
	OPT_SEVERITY,
	OPT_PER_PAIR,
	OPT_HOST_LABEL,
	OPT_PROBE_LINKS,
};

static const struct argp_option rows[] = {
	{ NULL, 0, NULL, 0, "Output:", 2 },
	{ "json", 'j', NULL, 0, "Print one JSON document", 2 },
	{ "quiet", 'q', NULL, 0,
	  "Text: the summary (and --count's statistics) only, as ping -q", 2 },
	{ "brief", OPT_BRIEF, NULL, 0,
	  "Text: a line per result (per probe with --count), per statistics "
	  "and for the summary", 2 },
	{ "verbose", 'v', NULL, 0,
	  "Text: every field of each hop of --sa --trace, not a line a hop", 2 },
	{ "no-progress", OPT_NO_PROGRESS, NULL, 0,
	  "No live progress line on a terminal (-f, --count, --all-pairs, "
	  "--probe-links)", 2 },
	{ "jsonl", OPT_JSONL, NULL, 0,
	  "Print one JSON object per line, as each result is ready", 2 },
	{ "prom", OPT_PROM, NULL, 0,
	  "Print Prometheus text exposition (node_exporter textfile)", 2 },
	{ "matrix", OPT_MATRIX, "FIELD", OPTION_ARG_OPTIONAL,
	  "One matrix of every pair and its findings, each cell FIELD (default "
	  "mtu): of --sa's results, else of the JSON Lines RECORDS files (default "
	  "stdin) of many hosts, 'host: ' prefixes taken", 2 },
	{ "matrix-grid", OPT_MATRIX_GRID, "N", 0,
	  "--matrix text: the grid only for at most N destinations (default "
	  "64; 0: never), the findings grouped by source past that", 2 },
	{ "svg", OPT_SVG, "FILE", 0,
	  "--matrix: the grid also as an SVG heat map into FILE (replaced "
	  "whole, as -o's)", 2 },
	{ "dot", OPT_DOT, "FILE", 0,
	  "--trace --all-pairs: the topology with each link's routes as a "
	  "graphviz graph into FILE (replaced whole, as -o's)", 2 },
	{ "compare", OPT_COMPARE, "FILE", 0,
	  "--trace --all-pairs: what changed since the run whose --json "
	  "report is FILE (routes moved, links gone or new, loads, credit "
	  "loops)", 2 },
	{ "sl-from-sa", OPT_SL_FROM_SA, NULL, 0,
	  "--trace --all-pairs: where there are credit loops on one VL, every "
	  "pair's SL from the SA's PathRecord (else only the SLs of the pairs "
	  "whose routes close them)", 2 },
	{ "severity", OPT_SEVERITY, "FINDING=LEVEL", 0,
	  "--trace --all-pairs: a finding's severity (LEVEL fault: exit 1, "
	  "warning: reported, exit 0, none); a list with commas, repeatable "
	  "(the findings and their defaults: rdma-route(8), VERDICT)", 2 },
	{ "probe-links", OPT_PROBE_LINKS, "N", OPTION_ARG_OPTIONAL,
	  "--trace --all-pairs: N small MADs (default 20) by directed route "
	  "through each cable, and its ends' error counters before and "
	  "after: the cables to check first, with their evidence", 2 },
	{ "per-pair", OPT_PER_PAIR, NULL, 0,
	  "--trace --all-pairs --jsonl: a record per pair (its route) before "
	  "the report", 2 },
	{ "host-label", OPT_HOST_LABEL, "NAME", 0,
	  "The host name JSON records carry (default: this host's); given, "
	  "Prometheus' host label too", 2 },
	{ "output", 'o', "FILE", 0,
	  "Write what goes to standard output into FILE, replaced whole when "
	  "the run ends (written beside it, then renamed)", 2 },
	{ NULL, 0, NULL, 0, NULL, 0 }
};

/*
 * A control character: C0, DEL, or C1 as UTF-8 writes it (0xc2 0x80-0x9f);
 * a label goes into every record, Prometheus label and line of text.
 */
static bool has_control(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	for (; *p; p++)
		if (*p < 0x20 || *p == 0x7f ||
		    (*p == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f))
			return true;
	return false;
}

/* --matrix[=FIELD]: a field of a result or of a path, mtu by default. */
static void matrix(struct rr_opts *opts, struct argp_state *state,
		   const char *arg)
{
	enum rr_fscope scope;
	char buf[128];
	bool raw;

	opts->matrix = arg ? arg : "mtu";
	opts->matrix_field_given = arg != NULL;
	if (!rr_field_find(opts->matrix, &scope, &raw) || scope == RR_FS_HOP)
		argp_error(state, "invalid --matrix '%s': want a field of a result or path (mtu, rate, sl, pkey...; see rdma-route(8) JSON)",
			   rr_shown(opts->matrix, buf, sizeof(buf)));
}

/* --severity FINDING=LEVEL[,...] over the defaults (and earlier ones). */
static void severity(struct argp_state *state, struct rr_opts *opts,
		     const char *arg)
{
	char why[160], buf[128];

	if (!rr_severities_parse(&opts->severity, arg, why, sizeof(why)))
		argp_error(state, "invalid --severity '%s': %s",
			   rr_shown(arg, buf, sizeof(buf)), why);
	opts->severity_given = true;
}

static void check(const struct rr_opts *opts, struct argp_state *state)
{
	if (opts->quiet && opts->format != RR_FORMAT_TEXT)
		argp_error(state, "--quiet is for text output, not --json, --jsonl or --prom");
	if (opts->brief && opts->format != RR_FORMAT_TEXT)
		argp_error(state, "--brief is for text output, not --json, --jsonl or --prom");
	if (opts->verbose && opts->format != RR_FORMAT_TEXT)
		argp_error(state, "--verbose is for text output, not --json, --jsonl or --prom (they hold every field)");
	if (opts->matrix && (opts->count != 1 || opts->explain || opts->list))
		argp_error(state, "--matrix takes no --count, --explain or --list");
	if (opts->svg && !opts->matrix)
		argp_error(state, "--svg needs --matrix");
}

/* The format and how much of it. */
static bool parse_format(int key, struct rr_opts *opts)
{
	switch (key) {
	case 'j':
		opts->format = RR_FORMAT_JSON;
		return true;
	case OPT_JSONL:
		opts->format = RR_FORMAT_JSONL;
		return true;
	case OPT_PROM:
		opts->format = RR_FORMAT_PROM;
		return true;
	case 'q':
		opts->quiet = true;
		opts->brief = true;	/* its summary and statistics: a line */
		return true;
	}
	return false;
}

/* The matrix and the routes' report. */
static bool parse_reports(int key, char *arg, struct argp_state *state,
			  struct rr_opts *opts)
{
	unsigned long long v;
	char buf[128];

	switch (key) {
	case OPT_MATRIX:
		matrix(opts, state, arg);
		return true;
	case OPT_MATRIX_GRID:
		if (!rr_parse_uint(arg, 0, RR_MAX_MATRIX_GRID, &v))
			argp_error(state, "invalid --matrix-grid '%s': want 0 to %d destinations",
				   rr_shown(arg, buf, sizeof(buf)), RR_MAX_MATRIX_GRID);
		opts->matrix_grid = (unsigned int)v;
		return true;
	case OPT_COMPARE:
		opts->compare = rr_option_file(state, "compare", arg);
		return true;
	case OPT_SEVERITY:
		severity(state, opts, arg);
		return true;
	case OPT_PROBE_LINKS:
		if (arg && !rr_parse_uint(arg, 1, RR_MAX_PROBES_A_LINK, &v))
			argp_error(state, "invalid --probe-links '%s': want 1 to %d probes a cable",
				   rr_shown(arg, buf, sizeof(buf)), RR_MAX_PROBES_A_LINK);
		opts->probe_links = arg ? (unsigned int)v : RR_PROBES_A_LINK;
		return true;
	}
	return false;
}

/* Where it goes, and what names it. */
static bool parse_where(int key, char *arg, struct argp_state *state,
			struct rr_opts *opts)
{
	char buf[128];

	switch (key) {
	case 'o':
		opts->output = rr_option_file(state, "output", arg);
		return true;
	case OPT_SVG:
		opts->svg = rr_option_file(state, "svg", arg);
		return true;
	case OPT_DOT:
		opts->dot = rr_option_file(state, "dot", arg);
		return true;
	case OPT_HOST_LABEL:
		if (!arg[0] || strlen(arg) > RR_MAX_HOST_LABEL ||
		    has_control(arg))
			argp_error(state, "invalid --host-label '%s': want a name of 1 to %d characters, no control characters",
				   rr_shown(arg, buf, sizeof(buf)), RR_MAX_HOST_LABEL);
		opts->host_label = arg;
		return true;
	}
	return false;
}

static const struct rr_flag_option flags[] = {
	RR_FLAG(OPT_BRIEF, brief),
	RR_FLAG('v', verbose),
	RR_FLAG(OPT_NO_PROGRESS, no_progress),
	RR_FLAG(OPT_SL_FROM_SA, sl_from_sa),
	RR_FLAG(OPT_PER_PAIR, per_pair),
};

static error_t parse(int key, char *arg, struct argp_state *state)
{
	struct rr_opts *opts = state->input;

	if (key == ARGP_KEY_END) {
		check(opts, state);
		return 0;
	}
	if (rr_option_flag(flags, ARRAY_SIZE(flags), key, opts) ||
	    parse_format(key, opts) || parse_reports(key, arg, state, opts) ||
	    parse_where(key, arg, state, opts))
		return 0;
	return ARGP_ERR_UNKNOWN;
}

const struct argp rr_output_options = { rows, parse, NULL, NULL, NULL, NULL,
					NULL };
