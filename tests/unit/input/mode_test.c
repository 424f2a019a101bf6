// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of the mode the options decide (rr_mode_of, through
 * rr_parse_options as main calls it): the first that applies of
 * --listen, --list, --matrix of records, --sa --trace --all-pairs, --sa,
 * the CM.  What each mode refuses is the host suite's (tests/host).
 */
#include <string.h>

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
	return tap_done();
}
