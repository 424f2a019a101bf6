// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of the mode the options decide (rr_mode_of, through
 * rr_parse_options as main calls it): the first that applies of
 * --listen, --list, --matrix of records, --sa --trace --all-pairs, --sa,
 * the CM; and each mode's own checks (mode_checks.c) on a command line
 * it takes and one it refuses, with the words that name why.  How a
 * refusal is said (and its exit code) is the host suite's (tests/host).
 */
#include <string.h>

#include "input/mode_checks.h"
#include "input/options.h"
#include "../tap.h"

#define MODE_IS(want, ...) do {						\
	char *argv[] = { "rdma-route", __VA_ARGS__, NULL };		\
	struct rr_opts o;						\
									\
	memset(&o, 0, sizeof(o));					\
	rr_parse_options((int)(sizeof(argv) / sizeof(argv[0])) - 1,	\
			 argv, &o);					\
	is_int(o.mode, want, #__VA_ARGS__);				\
	is_int(rr_mode_of(&o), o.mode, "decided once: " #__VA_ARGS__);	\
} while (0)

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

	CHECK_IS(rr_check_sa, NULL, "--sa", "3");
	CHECK_IS(rr_check_sa, "--count does not apply to --sa", "--sa", "--count", "2", "3");
	CHECK_IS(rr_check_sa, "-I does not apply", "--sa", "-I", "eth0", "3");
	CHECK_IS(rr_check_routes, NULL, "--sa", "--trace", "--all-pairs");
	/* --expect takes the routes' counts there (checked when parsed). */
	CHECK_IS(rr_check_routes, NULL, "--sa", "--trace", "--all-pairs",
		 "--expect", "credit_loops = 0");
	CHECK_IS(rr_check_routes, "--max-ms does not apply to --sa --trace --all-pairs",
		 "--sa", "--trace", "--all-pairs", "--max-ms", "5");
	CHECK_IS(rr_check_routes, "not --all-paths", "--sa", "--trace", "--all-pairs", "--all-paths");
	CHECK_IS(rr_check_sa, NULL, "--sa", "--explain", "3");
	CHECK_IS(rr_check_routes, "--explain does not apply to --sa --trace --all-pairs",
		 "--sa", "--trace", "--all-pairs", "--explain");
	CHECK_IS(rr_check_matrix_records, NULL, "--matrix", "/dev/null");
	CHECK_IS(rr_check_matrix_records, "not -f", "--matrix", "-f", "/dev/null", "/dev/null");
	CHECK_IS(rr_check_matrix_records, "did you mean --matrix=rate?", "--matrix", "rate");
	CHECK_IS(rr_check_listen, NULL, "--listen");
	CHECK_IS(rr_check_listen, "not --prom", "--listen", "--prom");
	CHECK_IS(rr_check_listen, "one ADDR at most", "--listen", "192.168.77.1", "192.168.77.2");
	CHECK_IS(rr_check_list, NULL, "--list");
	CHECK_IS(rr_check_list, "takes no DESTINATION", "--list", "192.168.77.1");
	CHECK_IS(rr_check_list, "--max-ms does not apply to --list", "--list", "--max-ms", "resolve_addr=5");
	return tap_done();
}
