// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of the mode the options decide (rr_mode_of, through
 * rr_parse_options as main calls it): the last row of the table whose
 * selector holds (--listen, --cm-defaults, --list, --matrix of records,
 * --sa --trace --all-pairs, --sa, else the CM); what each mode takes
 * (rr_mode_takes: another mode's own options, then the mode's checks) on
 * a command line it takes and one it refuses, with the words that name
 * why; and the table itself, every mode a row a command line reaches.  How a
 * refusal is said (and its exit code) is the host suite's (tests/host).
 */
#include <string.h>

#include "input/command_line.h"
#include "input/mode_table.h"
#include "input/options.h"
#include "../tap.h"

/* The modes some command line below reached. */
static bool reached[RR_NUM_MODES];

#define MODE_IS(want, ...) do {						\
	char *argv[] = { "rdma-route", __VA_ARGS__, NULL };		\
	struct rr_opts o;						\
									\
	memset(&o, 0, sizeof(o));					\
	rr_parse_options((int)(sizeof(argv) / sizeof(argv[0])) - 1,	\
			 argv, &o);					\
	is_int(o.mode, want, #__VA_ARGS__);				\
	is_int(rr_mode_of(&o), o.mode, "decided once: " #__VA_ARGS__);	\
	if (o.mode < RR_NUM_MODES)					\
		reached[o.mode] = true;					\
} while (0)

/* The whole of the input's checks (rr_mode_takes), as main calls them. */
#define TAKES(want, ...) CHECK_IS(rr_mode_takes, want, __VA_ARGS__)

/* CHECK's verdict on the command line: takes it (WANT NULL) or refuses with WANT in its words. */
#define CHECK_IS(check, want, ...) do {					\
	char *argv[] = { "rdma-route", __VA_ARGS__, NULL };		\
	const char *w_ = (want);					\
	struct rr_opts o;						\
	char why[256] = "";						\
	bool ok_;							\
									\
	memset(&o, 0, sizeof(o));					\
	rr_parse_options((int)(sizeof(argv) / sizeof(argv[0])) - 1,	\
			 argv, &o);					\
	ok_ = check(&o, why, sizeof(why));				\
	ok(w_ ? !ok_ && strstr(why, w_) : ok_,				\
	   #check " " #__VA_ARGS__ ": %s", ok_ ? "taken" : why);	\
} while (0)

int main(void)
{
	MODE_IS(RR_MODE_CM, "192.168.77.2");
	MODE_IS(RR_MODE_CM, "--connect", "--data", "192.168.77.2");
	MODE_IS(RR_MODE_CM, "--count", "3", "-f", "/dev/null");
	MODE_IS(RR_MODE_SA, "--sa", "3");
	MODE_IS(RR_MODE_SA, "--sa", "--trace", "3");
	MODE_IS(RR_MODE_SA, "--sa", "--all-pairs");
	MODE_IS(RR_MODE_SA, "--sa", "--all-pairs", "--matrix=rate");
	MODE_IS(RR_MODE_ROUTES, "--sa", "--trace", "--all-pairs");
	MODE_IS(RR_MODE_ROUTES, "--sa", "--trace", "--all-pairs", "--jsonl", "--per-pair");
	MODE_IS(RR_MODE_MATRIX_RECORDS, "--matrix", "/dev/null");
	MODE_IS(RR_MODE_MATRIX_RECORDS, "--matrix=sl", "--expect", "mtu >= 1024");
	MODE_IS(RR_MODE_LISTEN, "--listen");
	MODE_IS(RR_MODE_LISTEN, "--listen=7999", "--reject", "--count", "1", "192.168.77.1");
	MODE_IS(RR_MODE_LIST, "--list");
	MODE_IS(RR_MODE_LIST, "--list", "--json");

	TAKES(NULL, "--sa", "3");
	TAKES("--count does not apply to --sa", "--sa", "--count", "2", "3");
	TAKES("-I does not apply", "--sa", "-I", "eth0", "3");
	TAKES(NULL, "--sa", "--trace", "--all-pairs");
	/* --expect takes the routes' counts there (checked when parsed). */
	TAKES(NULL, "--sa", "--trace", "--all-pairs",
		 "--expect", "credit_loops = 0");
	TAKES("--max-ms does not apply to --sa --trace --all-pairs",
		 "--sa", "--trace", "--all-pairs", "--max-ms", "5");
	TAKES("not --all-paths", "--sa", "--trace", "--all-pairs", "--all-paths");
	TAKES(NULL, "--sa", "--explain", "3");
	TAKES("--explain does not apply to --sa --trace --all-pairs",
		 "--sa", "--trace", "--all-pairs", "--explain");
	TAKES(NULL, "--matrix", "/dev/null");
	TAKES("not -f", "--matrix", "-f", "/dev/null", "/dev/null");
	TAKES("did you mean --matrix=rate?", "--matrix", "rate");
	TAKES(NULL, "--listen");
	TAKES("not --prom", "--listen", "--prom");
	TAKES("one ADDR at most", "--listen", "192.168.77.1", "192.168.77.2");
	TAKES(NULL, "--list");
	TAKES("takes no DESTINATION", "--list", "192.168.77.1");
	TAKES("--max-ms does not apply to --list", "--list", "--max-ms", "resolve_addr=5");
	MODE_IS(RR_MODE_CM_DEFAULTS, "--cm-defaults");
	MODE_IS(RR_MODE_CM_DEFAULTS, "--cm-defaults", "--prom", "--host-label", "h1");
	/* --listen is the most particular: its check then names the rest. */
	MODE_IS(RR_MODE_LISTEN, "--listen", "--cm-defaults");
	MODE_IS(RR_MODE_CM_DEFAULTS, "--list", "--cm-defaults");
	TAKES(NULL, "--cm-defaults", "--json");
	TAKES("takes no DESTINATION", "--cm-defaults", "192.168.77.1");
	TAKES("--expect does not apply to --cm-defaults",
		 "--cm-defaults", "--expect", "mtu >= 1024");

	/* Another mode's own option, refused with that mode's words. */
	TAKES(NULL, "--sa", "--trace", "--all-pairs", "--dot", "/dev/null");
	TAKES("--dot draws the routes of --sa --trace --all-pairs", "--sa", "--dot", "/dev/null", "3");
	TAKES("--compare compares the routes", "--sa", "--compare", "/dev/null", "3");
	TAKES("--reject answers requests: with --listen only", "--reject", "192.168.77.1");
	TAKES(NULL, "--listen", "--reject");
	TAKES("--list lists the RDMA ports and does nothing else", "--list", "--cm-defaults");
	TAKES("--cm-defaults shows each port's RDMA CM defaults", "--listen", "--cm-defaults");
	TAKES("--per-pair writes a JSON Lines record per route", "--sa", "--trace", "--all-pairs", "--per-pair");
	TAKES(NULL, "--sa", "--trace", "--all-pairs", "--per-pair", "--jsonl");
	/* Then the mode's own check. */
	TAKES("--count does not apply to --sa", "--sa", "--count", "2", "3");

	/* The table: every mode has its row, and a command line reaches it. */
	for (int m = 0; m < RR_NUM_MODES; m++) {
		const struct rr_mode_rule *row = rr_mode_rule((enum rr_mode)m);

		ok(row && row->usage && row->usage[0], "mode %d: a usage line", m);
		ok(row && (row->selects || m == RR_MODE_CM),
		   "mode %d: a selector (only the CM, the default, has none)", m);
		ok(reached[m], "mode %d: some command line selects it", m);
	}
	ok(!rr_mode_rule(RR_NUM_MODES), "no row past the last mode");
	return tap_done();
}
