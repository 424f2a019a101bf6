// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * How to probe: the source, the deadline, the port space, --connect and
 * --data, the destinations' files and repeats, what each result must meet.
 */
#include <limits.h>
#include <sys/socket.h>

#include "base/escape.h"
#include "base/numbers.h"
#include "base/util.h"
#include "input/option_groups.h"
#include "input/options.h"

enum {
	OPT_TOS = 0x100,
	OPT_PS,
	OPT_CONNECT,
	OPT_DATA,
	OPT_PARALLEL,
	OPT_EXPECT,
	OPT_MAX_MS,
	OPT_EXPLAIN,
};

static const struct argp_option rows[] = {
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
	{ NULL, 0, NULL, 0, NULL, 0 }
};

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

/* -4 or -6: the other given before is a contradiction. */
static void family(struct rr_opts *opts, struct argp_state *state, int key)
{
	int want = key == '4' ? AF_INET : AF_INET6;

	if (opts->family && opts->family != want)
		argp_error(state, "-4 and -6 exclude each other");
	opts->family = want;
}

/* What these options say of each other, once all are read. */
static void check(const struct rr_opts *opts, struct argp_state *state)
{
	if (opts->src && opts->interface)
		argp_error(state, "-b (--src) and -I both name the source: give one");
	if (opts->data && !opts->connect_port)
		argp_error(state, "--data sends messages over the connection: with --connect");
	if (opts->data && opts->ps == RR_PS_UDP)
		argp_error(state, "--data needs a connection: --ps udp makes none (SIDR)");
}

/* The source and the deadline. */
static bool parse_where(int key, char *arg, struct argp_state *state,
			struct rr_opts *opts)
{
	switch (key) {
	case 't':
		opts->timeout_ms = (unsigned int)rr_option_number(state, "timeout",
			arg, 1, 3600000, "milliseconds, 1 to 3600000 (decimal digits)");
		opts->timeout_given = true;
		return true;
	case 'b':
		opts->src = arg;
		return true;
	case 'I':
		if (!arg[0])
			argp_error(state, "invalid -I '': want an interface or an address");
		opts->interface = arg;
		return true;
	case '4':
	case '6':
		family(opts, state, key);
		return true;
	case 's':
		argp_error(state, "-s is not the source here: bind a source address with -b ADDR (--src), as cmtime and ucmatose do; their -s names the server");
		return true;
	}
	return false;
}

/* How each probe is made. */
static bool parse_how(int key, char *arg, struct argp_state *state,
		      struct rr_opts *opts)
{
	unsigned long long v;
	char buf[128];

	switch (key) {
	case OPT_TOS:
		/* As --pkey: a ToS byte is often written in hex (0x60). */
		if (!rr_parse_uint(arg, 0, 255, &v))
			argp_error(state, "invalid --tos '%s': want 0 to 255 (or 0x00 to 0xff)",
				   rr_shown(arg, buf, sizeof(buf)));
		opts->tos = (int)v;
		return true;
	case OPT_PS:
		if (!rr_ps_from_key(arg, &opts->ps))
			argp_error(state, "invalid --ps '%s': want tcp, udp or ib",
				   rr_shown(arg, buf, sizeof(buf)));
		opts->ps_given = true;
		return true;
	case OPT_CONNECT:
		opts->connect_port = !arg ? RR_DEFAULT_CONNECT_PORT :
			(unsigned int)rr_option_number(state, "connect", arg, 1,
						       65535, "a port, 1 to 65535");
		return true;
	case OPT_DATA:
		parse_data(opts, state, arg);
		return true;
	case OPT_PARALLEL:
		opts->parallel = (unsigned int)rr_option_number(state, "parallel",
						arg, 1, 4096, "1 to 4096");
		return true;
	}
	return false;
}

/* Which destinations, how often, and what their results must meet. */
static bool parse_what(int key, char *arg, struct argp_state *state,
		       struct rr_opts *opts)
{
	switch (key) {
	case 'f':
		if (opts->num_files == RR_MAX_FILES)
			argp_error(state, "too many -f: at most %d", RR_MAX_FILES);
		opts->files[opts->num_files++] = arg;
		return true;
	case 'c':
		opts->count = (unsigned int)rr_option_number(state, "count", arg,
			0, UINT_MAX, "0 (until stopped) to 4294967295");
		opts->count_given = true;
		return true;
	case 'i':
		opts->interval_ms = (unsigned int)rr_option_number(state, "interval",
			arg, 0, 3600000, "milliseconds, 0 to 3600000 (decimal digits)");
		return true;
	case OPT_EXPECT:
		if (opts->num_expect == RR_MAX_EXPECT)
			argp_error(state, "too many --expect: at most %d", RR_MAX_EXPECT);
		opts->expect[opts->num_expect++] = arg;
		return true;
	case OPT_MAX_MS:
		if (opts->num_max_ms == RR_MAX_EXPECT)
			argp_error(state, "too many --max-ms: at most %d", RR_MAX_EXPECT);
		opts->max_ms[opts->num_max_ms++] = arg;
		return true;
	}
	return false;
}

static const struct rr_flag_option flags[] = {
	RR_FLAG('A', all_addresses),
	RR_FLAG(OPT_EXPLAIN, explain),
};

static error_t parse(int key, char *arg, struct argp_state *state)
{
	struct rr_opts *opts = state->input;

	if (key == ARGP_KEY_END) {
		check(opts, state);
		return 0;
	}
	if (rr_option_flag(flags, ARRAY_SIZE(flags), key, opts) ||
	    parse_where(key, arg, state, opts) ||
	    parse_how(key, arg, state, opts) ||
	    parse_what(key, arg, state, opts))
		return 0;
	return ARGP_ERR_UNKNOWN;
}

const struct argp rr_probe_options = { rows, parse, NULL, NULL, NULL, NULL,
				       NULL };
