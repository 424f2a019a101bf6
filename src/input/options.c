// SPDX-License-Identifier: GPL-2.0-or-later
#include <argp.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>

#include "base/escape.h"
#include "base/numbers.h"
#include "input/options.h"
#include "model/fields.h"

const char *argp_program_version = PACKAGE_STRING;
const char *argp_program_bug_address = NULL;

enum {
	OPT_JSON = 0x100,
	OPT_TOS,
	OPT_PS,
	OPT_CONNECT,
	OPT_DATA,
	OPT_LISTEN,
	OPT_REJECT,
	OPT_PARALLEL,
	OPT_SA,
	OPT_SL,
	OPT_PKEY,
	OPT_ALL_PATHS,
	OPT_FROM,
	OPT_ALL_PAIRS,
	OPT_TRACE,
	OPT_NODE_NAME_MAP,
	OPT_CONFIG,
	OPT_MATRIX,
	OPT_MATRIX_GRID,
	OPT_EXPECT,
	OPT_MAX_MS,
	OPT_JSONL,
	OPT_PROM,
	OPT_EXPLAIN,
	OPT_LIST,
	OPT_HOST_LABEL,
	OPT_BRIEF,
	OPT_NO_PROGRESS,
	OPT_SVG,
	OPT_DOT,
	OPT_COMPARE,
	OPT_SL_FROM_SA,
	OPT_PER_PAIR,
	OPT_SEVERITY,
};

static const char doc[] =
	"Show how the RDMA stack resolves each DESTINATION: the device and port "
	"the kernel chose, the PathRecord, the time each step took and, when a "
	"step fails, which one, what the kernel said and its likely cause."
	"\v"
	"DESTINATION is an IPv4 or IPv6 address (fe80::1%eth0 for a scope) or a "
	"host name; with --sa, a LID (12 or 0xc), a GID (fe80::2:c903:a:1b2), "
	"a port GUID (0x0002c903000a01b2) or a node's name (its node description "
	"or its name in --node-name-map; NAME/PORT for one of its ports).\n\n"
	"Exit status:\n"
	"  0  every destination resolved\n"
	"  1  at least one destination did not resolve\n"
	"  2  usage error (bad option or address)\n"
	"  3  this host cannot do RDMA CM at all (no RDMA device, rdma_cm not "
	"available, permission denied)\n"
	"  4  everything resolved but an --expect or --max-ms failed\n"
	"  130, 143  stopped by SIGINT, SIGTERM (what finished is printed)\n"
	"  141       the reader went away (SIGPIPE), quietly\n"
	"  When several apply: 3 first, then 2, then 1, then 4.\n\n"
	"FIELD is a JSON field name of a result, its time_ms or its paths (e.g. "
	"mtu, rate, sl, pkey, hop_limit, numb_path, device, port, gid_type); OP is "
	"one of = != < <= > >=.\n\n"
	"See rdma-route(8) for the output fields and the causes.";

static const char args_doc[] = "DESTINATION...\n-f FILE [DESTINATION...]\n--sa --all-pairs [PORT...]\n--matrix[=FIELD] [RECORDS...]\n--list\n--listen[=PORT] [ADDR]";

static const struct argp_option options[] = {
	{ "timeout", 't', "MS", 0,
	  "Timeout of each step in milliseconds (default 2000)", 0 },
	{ "src", 'b', "ADDR", 0,
	  "Source address to bind before resolving (cmtime's and ucmatose's "
	  "-b)", 0 },
	{ "interface", 'I', "IFACE|ADDR", 0,
	  "Source as ping's -I: an address, or an interface whose address is "
	  "bound (its IPv4 one, or IPv6 with -6)", 0 },
	{ NULL, '4', NULL, 0, "IPv4 only: names looked up as IPv4", 0 },
	{ NULL, '6', NULL, 0, "IPv6 only: names looked up as IPv6", 0 },
	/* Not the source: rdma-core's examples call the server -s. */
	{ NULL, 's', "ADDR", OPTION_HIDDEN, NULL, 0 },
	{ "tos", OPT_TOS, "TOS", 0,
	  "Type of service (0-255, or 0x00-0xff) set with RDMA_OPTION_ID_TOS; "
	  "with --sa, the query's QoS class", 0 },
	{ "ps", OPT_PS, "SPACE", 0,
	  "Port space: tcp (default), udp or ib", 0 },
	{ "connect", OPT_CONNECT, "PORT", OPTION_ARG_OPTIONAL,
	  "After the route, connect to PORT (default 7471) and time create qp, "
	  "connect, establish and disconnect", 0 },
	{ "data", OPT_DATA, "SIZES", OPTION_ARG_OPTIONAL,
	  "With --connect: once established, send messages of SIZES bytes "
	  "(default 64,mtu,64K; K, M, mtu: the path MTU) to rdma-route "
	  "--listen, which echoes them, and time their round trip (transfer)",
	  0 },
	{ "listen", OPT_LISTEN, "PORT", OPTION_ARG_OPTIONAL,
	  "Answer --connect probes on PORT (default 7471) of ADDR (default "
	  "every address), a record per connection, until SIGINT/SIGTERM or "
	  "--count connections", 0 },
	{ "reject", OPT_REJECT, NULL, 0,
	  "With --listen: reject every request (a consumer reject)", 0 },
	{ "parallel", OPT_PARALLEL, "N", 0,
	  "Destinations in flight at once (default 64; with --sa, 8)", 0 },
	{ "file", 'f', "FILE", 0,
	  "Read destinations from FILE, one per line ('-': stdin; # comments); "
	  "may be given more than once", 0 },
	{ "all-addresses", 'A', NULL, 0,
	  "Probe every address a host name resolves to, not only the first", 0 },
	{ "count", 'c', "N", 0,
	  "Probe each destination N times (0: until stopped), a fresh id each "
	  "time", 0 },
	{ "interval", 'i', "MS", 0,
	  "Milliseconds between probes of a destination (default 1000)", 0 },
	{ "expect", OPT_EXPECT, "'FIELD OP VALUE'", 0,
	  "Fail (exit 4) unless FIELD OP VALUE holds, e.g. 'mtu >= 4096'", 0 },
	{ "max-ms", OPT_MAX_MS, "[STEP=]MS", 0,
	  "Fail (exit 4) when STEP (default total) takes longer than MS", 0 },
	{ "explain", OPT_EXPLAIN, NULL, 0,
	  "Show the chain route, device, GID, neighbour, PathRecord, each link judged", 0 },
	{ "list", OPT_LIST, NULL, 0,
	  "List every RDMA device and port (no DESTINATION)", 0 },
	{ NULL, 0, NULL, 0, "InfiniBand subnet administrator (--sa):", 1 },
	{ "sa", OPT_SA, NULL, 0,
	  "Ask the SA for the PathRecord of each DESTINATION (LID, GID or GUID)", 1 },
	{ "ca", 'C', "CA", 0, "Local CA to query from (default: the first)", 1 },
	{ "port", 'P', "PORT", 0, "Local CA port (default: the first active)", 1 },
	{ "sl", OPT_SL, "SL", 0, "Only paths with this service level (0-15)", 1 },
	{ "pkey", OPT_PKEY, "PKEY", 0, "Only paths in this partition (0x0001-0xffff)", 1 },
	{ "all-paths", OPT_ALL_PATHS, NULL, 0,
	  "List every path the SA offers (GetTable), not one", 1 },
	{ "from", OPT_FROM, "SRC", 0,
	  "The path from SRC (a LID, GID, port GUID or name), not from this port", 1 },
	{ "all-pairs", OPT_ALL_PAIRS, NULL, 0,
	  "The path of every ordered pair of the given ports; none given: of "
	  "every CA port of the fabric (discovered)", 1 },
	{ "trace", OPT_TRACE, NULL, 0,
	  "The route hop by hop through the switches (SMPs, as ibtracert), "
	  "each link's state, width, speed, rate and MTU; with --all-pairs, "
	  "every route of the ports from the forwarding tables read once", 1 },
	{ "node-name-map", OPT_NODE_NAME_MAP, "FILE", 0,
	  "Node names from FILE (GUID \"name\" lines, as ibnetdiscover takes)", 1 },
	{ "config", OPT_CONFIG, "FILE", 0,
	  "infiniband-diags' defaults (CA, Port, timeout) from FILE instead of "
	  "/etc/infiniband-diags/ibdiag.conf; options win", 1 },
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
	  "No live progress line on a terminal (-f, --count, --all-pairs)", 2 },
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
 * A decimal number of option KEY in [MIN, MAX], or a usage error that
 * names the option and WANT.
 */
static unsigned long long number(struct argp_state *state, const char *name,
				 const char *arg, unsigned long long min,
				 unsigned long long max, const char *want)
{
	unsigned long long v;
	char buf[128];

	if (!rr_parse_decimal(arg, min, max, &v))
		argp_error(state, "invalid --%s '%s': want %s", name,
			   rr_shown(arg, buf, sizeof(buf)), want);
	return v;
}

/* The --sa options given without --sa, named: not all eight. */
static void check_sa_only(const struct rr_opts *opts, struct argp_state *state)
{
	const char *given[9];
	char list[160] = "";
	size_t n = 0, i, used = 0;

	if (opts->ca)
		given[n++] = "--ca";
	if (opts->ca_port)
		given[n++] = "--port";
	if (opts->sl >= 0)
		given[n++] = "--sl";
	if (opts->pkey >= 0)
		given[n++] = "--pkey";
	if (opts->all_paths)
		given[n++] = "--all-paths";
	if (opts->from)
		given[n++] = "--from";
	if (opts->all_pairs)
		given[n++] = "--all-pairs";
	if (opts->trace)
		given[n++] = "--trace";
	if (opts->node_name_map)
		given[n++] = "--node-name-map";
	if (opts->config)
		given[n++] = "--config";
	if (!n)
		return;
	for (i = 0; i < n; i++)
		used += (size_t)snprintf(list + used, sizeof(list) - used, "%s%s",
					 !i ? "" : i == n - 1 ? " and " : ", ",
					 given[i]);
	argp_error(state, "%s %s for the subnet administrator: add --sa", list,
		   n == 1 ? "asks" : "ask");
}

enum rr_mode rr_mode_of(const struct rr_opts *opts)
{
	if (opts->listen_port)
		return RR_MODE_LISTEN;
	if (opts->list)
		return RR_MODE_LIST;
	if (opts->matrix && !opts->sa)
		return RR_MODE_MATRIX_RECORDS;
	if (opts->sa && opts->trace && opts->all_pairs)
		return RR_MODE_ROUTES;
	return opts->sa ? RR_MODE_SA : RR_MODE_CM;
}

/*
 * The mode named, and the options any mode may take checked; each mode's
 * own checks come after the parse (the modes' table, src/app/modes.c).
 */
static void check_mode(struct rr_opts *opts, struct argp_state *state)
{
	if (!opts->sa)
		check_sa_only(opts, state);
	opts->mode = rr_mode_of(opts);
	if (opts->src && opts->interface)
		argp_error(state, "-b (--src) and -I both name the source: give one");
	if (opts->all_pairs && opts->from)
		argp_error(state, "--all-pairs takes every port as a source: not with --from");
	if (opts->per_pair && !(opts->mode == RR_MODE_ROUTES &&
				opts->format == RR_FORMAT_JSONL))
		argp_error(state, "--per-pair writes a JSON Lines record per route of --sa --trace --all-pairs: with those and --jsonl");
	if (opts->dot && opts->mode != RR_MODE_ROUTES)
		argp_error(state, "--dot draws the routes of --sa --trace --all-pairs");
	if (opts->sl_from_sa && opts->mode != RR_MODE_ROUTES)
		argp_error(state, "--sl-from-sa asks the SL of each pair of --sa --trace --all-pairs");
	if (opts->severity_given && opts->mode != RR_MODE_ROUTES)
		argp_error(state, "--severity weighs the findings of --sa --trace --all-pairs");
	if (opts->compare && opts->mode != RR_MODE_ROUTES)
		argp_error(state, "--compare compares the routes of --sa --trace --all-pairs with an earlier run's");
	if (opts->reject && opts->mode != RR_MODE_LISTEN)
		argp_error(state, "--reject answers requests: with --listen only");
	if (opts->data && !opts->connect_port)
		argp_error(state, "--data sends messages over the connection: with --connect");
	if (opts->data && opts->ps == RR_PS_UDP)
		argp_error(state, "--data needs a connection: --ps udp makes none (SIDR)");
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

/* --data[=SIZES]: the messages' sizes, or the default ones. */
static void parse_data(struct rr_opts *opts, struct argp_state *state,
		       const char *arg)
{
	char buf[128], why[128];

	opts->data = true;
	if (!arg) {
		rr_data_plan_default(&opts->data_plan);
		return;
	}
	if (!rr_data_plan_parse(arg, &opts->data_plan, why, sizeof(why)))
		argp_error(state, "invalid --data '%s': %s",
			   rr_shown(arg, buf, sizeof(buf)), why);
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

static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
	struct rr_opts *opts = state->input;
	enum rr_fscope scope;
	unsigned long long v;
	char buf[128];
	bool raw;

	switch (key) {
	case 't':
		opts->timeout_ms = (unsigned int)number(state, "timeout", arg, 1,
			3600000, "milliseconds, 1 to 3600000 (decimal digits)");
		opts->timeout_given = true;
		break;
	case OPT_CONFIG:
		if (!arg[0])
			argp_error(state, "invalid --config '': want a file name");
		opts->config = arg;
		break;
	case 'b':
		opts->src = arg;
		break;
	case 'I':
		if (!arg[0])
			argp_error(state, "invalid -I '': want an interface or an address");
		opts->interface = arg;
		break;
	case '4':
	case '6':
		if (opts->family && opts->family != (key == '4' ? AF_INET : AF_INET6))
			argp_error(state, "-4 and -6 exclude each other");
		opts->family = key == '4' ? AF_INET : AF_INET6;
		break;
	case 's':
		argp_error(state, "-s is not the source here: bind a source address with -b ADDR (--src), as cmtime and ucmatose do; their -s names the server");
		break;
	case OPT_TOS:
		/* As --pkey: a ToS byte is often written in hex (0x60). */
		if (!rr_parse_uint(arg, 0, 255, &v))
			argp_error(state, "invalid --tos '%s': want 0 to 255 (or 0x00 to 0xff)",
				   rr_shown(arg, buf, sizeof(buf)));
		opts->tos = (int)v;
		break;
	case OPT_PS:
		if (!rr_ps_from_key(arg, &opts->ps))
			argp_error(state, "invalid --ps '%s': want tcp, udp or ib",
				   rr_shown(arg, buf, sizeof(buf)));
		opts->ps_given = true;
		break;
	case OPT_CONNECT:
		opts->connect_port = arg ? (unsigned int)number(state, "connect",
								 arg, 1, 65535,
								 "a port, 1 to 65535") :
				     RR_DEFAULT_CONNECT_PORT;
		break;
	case OPT_DATA:
		parse_data(opts, state, arg);
		break;
	case OPT_LISTEN:
		opts->listen_port = arg ? (unsigned int)number(state, "listen",
								arg, 1, 65535,
								"a port, 1 to 65535") :
				    RR_DEFAULT_CONNECT_PORT;
		break;
	case OPT_REJECT:
		opts->reject = true;
		break;
	case OPT_PARALLEL:
		opts->parallel = (unsigned int)number(state, "parallel", arg, 1,
						      4096, "1 to 4096");
		break;
	case OPT_SA:
		opts->sa = true;
		break;
	case 'C':
		opts->ca = arg;
		break;
	case 'P':
		opts->ca_port = (int)number(state, "port", arg, 1, 254, "1 to 254");
		break;
	case OPT_SL:
		opts->sl = (int)number(state, "sl", arg, 0, 15, "0 to 15");
		break;
	case OPT_PKEY:
		/* P_Keys are written in hex: 0x8001 as well as 32769. */
		if (!rr_parse_uint(arg, 1, 0xffff, &v))
			argp_error(state, "invalid --pkey '%s': want 0x0001 to 0xffff",
				   rr_shown(arg, buf, sizeof(buf)));
		opts->pkey = (int)v;
		break;
	case OPT_FROM:
		opts->from = arg;	/* read as an SA destination, by the run */
		break;
	case OPT_ALL_PATHS:
		opts->all_paths = true;
		break;
	case OPT_ALL_PAIRS:
		opts->all_pairs = true;
		break;
	case OPT_TRACE:
		opts->trace = true;
		break;
	case OPT_NODE_NAME_MAP:
		if (!arg[0])
			argp_error(state, "invalid --node-name-map '': want a file name");
		opts->node_name_map = arg;
		break;
	case ARGP_KEY_INIT:
		/* One program name in every message, however it was called. */
		state->name = "rdma-route";
		break;
	case ARGP_KEY_END:
		check_mode(opts, state);
		break;
	case 'q':
		opts->quiet = true;
		opts->brief = true;	/* its summary and statistics: a line */
		break;
	case OPT_BRIEF:
		opts->brief = true;
		break;
	case 'v':
		opts->verbose = true;
		break;
	case OPT_NO_PROGRESS:
		opts->no_progress = true;
		break;
	case 'j':
		opts->format = RR_FORMAT_JSON;
		break;
	case OPT_JSONL:
		opts->format = RR_FORMAT_JSONL;
		break;
	case OPT_PROM:
		opts->format = RR_FORMAT_PROM;
		break;
	case OPT_EXPLAIN:
		opts->explain = true;
		break;
	case OPT_LIST:
		opts->list = true;
		break;
	case 'f':
		if (opts->num_files == RR_MAX_FILES)
			argp_error(state, "too many -f: at most %d", RR_MAX_FILES);
		opts->files[opts->num_files++] = arg;
		break;
	case 'A':
		opts->all_addresses = true;
		break;
	case OPT_MATRIX:
		opts->matrix = arg ? arg : "mtu";
		opts->matrix_field_given = arg != NULL;
		if (!rr_field_find(opts->matrix, &scope, &raw) ||
		    scope == RR_FS_HOP)
			argp_error(state, "invalid --matrix '%s': want a field of a result or path (mtu, rate, sl, pkey...; see rdma-route(8) JSON)",
				   rr_shown(opts->matrix, buf, sizeof(buf)));
		break;
	case OPT_MATRIX_GRID:
		if (!rr_parse_uint(arg, 0, RR_MAX_MATRIX_GRID, &v))
			argp_error(state, "invalid --matrix-grid '%s': want 0 to %d destinations",
				   rr_shown(arg, buf, sizeof(buf)), RR_MAX_MATRIX_GRID);
		opts->matrix_grid = (unsigned int)v;
		break;
	case OPT_HOST_LABEL:
		if (!arg[0] || strlen(arg) > RR_MAX_HOST_LABEL ||
		    has_control(arg))
			argp_error(state, "invalid --host-label '%s': want a name of 1 to %d characters, no control characters",
				   rr_shown(arg, buf, sizeof(buf)), RR_MAX_HOST_LABEL);
		opts->host_label = arg;
		break;
	case 'o':
		if (!arg[0])
			argp_error(state, "invalid --output '': want a file name");
		opts->output = arg;
		break;
	case OPT_SVG:
		if (!arg[0])
			argp_error(state, "invalid --svg '': want a file name");
		opts->svg = arg;
		break;
	case OPT_PER_PAIR:
		opts->per_pair = true;
		break;
	case OPT_DOT:
		if (!arg[0])
			argp_error(state, "invalid --dot '': want a file name");
		opts->dot = arg;
		break;
	case OPT_SL_FROM_SA:
		opts->sl_from_sa = true;
		break;
	case OPT_SEVERITY:
		severity(state, opts, arg);
		break;
	case OPT_COMPARE:
		if (!arg[0])
			argp_error(state, "invalid --compare '': want a file name");
		opts->compare = arg;
		break;
	case 'c':
		opts->count = (unsigned int)number(state, "count", arg, 0,
			UINT_MAX, "0 (until stopped) to 4294967295");
		opts->count_given = true;
		break;
	case 'i':
		opts->interval_ms = (unsigned int)number(state, "interval", arg, 0,
			3600000, "milliseconds, 0 to 3600000 (decimal digits)");
		break;
	case OPT_EXPECT:
		if (opts->num_expect == RR_MAX_EXPECT)
			argp_error(state, "too many --expect: at most %d", RR_MAX_EXPECT);
		opts->expect[opts->num_expect++] = arg;
		break;
	case OPT_MAX_MS:
		if (opts->num_max_ms == RR_MAX_EXPECT)
			argp_error(state, "too many --max-ms: at most %d", RR_MAX_EXPECT);
		opts->max_ms[opts->num_max_ms++] = arg;
		break;
	case ARGP_KEY_ARGS:
		opts->targets = state->argv + state->next;
		opts->num_targets = state->argc - state->next;
		break;
	case ARGP_KEY_NO_ARGS:
		if (!opts->num_files && !opts->list && !opts->all_pairs &&
		    !opts->listen_port &&
		    !(opts->matrix && !opts->sa))
			argp_error(state, "no DESTINATION given");
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

static const struct argp argp = { options, parse_opt, args_doc, doc,
				  NULL, NULL, NULL };

void rr_parse_options(int argc, char **argv, struct rr_opts *opts)
{
	*opts = (struct rr_opts){
		.timeout_ms = RR_DEFAULT_TIMEOUT_MS,
		.tos = -1,
		.count = 1,
		.interval_ms = RR_DEFAULT_INTERVAL_MS,
		.sl = -1,
		.pkey = -1,
		.ps = RR_PS_TCP,
		.format = RR_FORMAT_TEXT,
		.matrix_grid = RR_DEFAULT_MATRIX_GRID,
	};
	rr_severities_default(&opts->severity);
	/* argp exits with argp_err_exit_status on usage errors. */
	argp_err_exit_status = RR_EXIT_USAGE;
	/*
	 * getopt names the program by argv[0] ("./rdma-route: unrecognized
	 * option"), argp and the run by its name: one name for all.
	 */
	if (argc > 0)
		argv[0] = (char *)"rdma-route";
	argp_parse(&argp, argc, argv, 0, NULL, opts);
}

void rr_options_refuse(const char *why)
{
	/* As argp_error words it: the program, the reason, where help is. */
	fprintf(stderr, "rdma-route: %s\n", why);
	argp_help(&argp, stderr, ARGP_HELP_STD_ERR, (char *)"rdma-route");
	exit(RR_EXIT_USAGE);
}
