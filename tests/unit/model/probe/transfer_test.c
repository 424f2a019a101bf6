// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of src/model/probe/transfer.c (--data): the sizes as the user
 * writes them, the messages a plan makes for a path MTU, their median,
 * the cause a failed message gives and the words of its detail.  The
 * messages themselves cross a wire in the two-host lab
 * (tests/lab/two-hosts/data.bats).
 */
#include <stdio.h>
#include <string.h>
#include <infiniband/verbs.h>

#include "model/probe/transfer.h"
#include "../../tap.h"

static void parse_ok(const char *text, const char *want_sizes,
		     uint32_t path_mtu)
{
	struct rr_data_plan plan;
	struct rr_transfer t;
	char why[128] = "", got[RR_DATA_SIZES_LEN];

	ok(rr_data_plan_parse(text, &plan, why, sizeof(why)),
	   "'%s' is sizes (%s)", text, why);
	rr_transfer_plan(&t, &plan, path_mtu);
	is_str(rr_transfer_sizes_str(&t, got, sizeof(got)), want_sizes, text);
}

static void parse_bad(const char *text, const char *want_why)
{
	struct rr_data_plan plan;
	char why[128] = "";

	ok(!rr_data_plan_parse(text, &plan, why, sizeof(why)),
	   "'%s' is refused", text);
	is_str(why, want_why, text);
}

static void sizes(void)
{
	struct rr_data_plan plan;
	struct rr_transfer t;
	char got[RR_DATA_SIZES_LEN];

	rr_data_plan_default(&plan);
	rr_transfer_plan(&t, &plan, 1024);
	is_str(rr_transfer_sizes_str(&t, got, sizeof(got)), "64,1024,65536",
	       "the default on a path MTU of 1024");
	rr_transfer_plan(&t, &plan, 4096);
	is_str(rr_transfer_sizes_str(&t, got, sizeof(got)), "64,4096,65536",
	       "the default on 4096");
	rr_transfer_plan(&t, &plan, 0);
	is_str(rr_transfer_sizes_str(&t, got, sizeof(got)), "64,1024,65536",
	       "an unknown path MTU is taken as 1024");
	is_int(t.wc_status, -1, "nothing failed yet");
	is_int(rr_transfer_max(&t), 65536, "the largest, for the buffer");

	parse_ok("64", "64", 1024);
	parse_ok("1M,1,mtu,1", "1,1,1024,1048576", 1024);
	parse_ok("4k,2K,mtu", "1024,2048,4096", 1024);
	parse_ok("mtu,1024", "1024,1024", 1024);
	parse_ok("64,64,64,64,64,64,64,64", "64,64,64,64,64,64,64,64", 1024);
	parse_ok("1,2,3,4,5,6,7,8", "1,2,3,4,5,6,7,8", 1024);
	parse_ok("00000000000000001", "1", 1024);
	parse_ok("0000000000000000000064K,007", "7,65536", 1024);
	parse_bad("64,\x1b[31m", "'\\x1b[31m' is no size: want bytes from 1 to 1M (K and M suffixes) or mtu");
	parse_bad("00000", "'00000' is no size: want bytes from 1 to 1M (K and M suffixes) or mtu");
	parse_bad("", "'' is no size: want bytes from 1 to 1M (K and M suffixes) or mtu");
	parse_bad("0", "'0' is no size: want bytes from 1 to 1M (K and M suffixes) or mtu");
	parse_bad("64,,5", "'' is no size: want bytes from 1 to 1M (K and M suffixes) or mtu");
	parse_bad("1025K", "'1025K' is no size: want bytes from 1 to 1M (K and M suffixes) or mtu");
	parse_bad("2M", "'2M' is no size: want bytes from 1 to 1M (K and M suffixes) or mtu");
	parse_bad("1048577", "'1048577' is no size: want bytes from 1 to 1M (K and M suffixes) or mtu");
	parse_bad("-1", "'-1' is no size: want bytes from 1 to 1M (K and M suffixes) or mtu");
	parse_bad("K", "'K' is no size: want bytes from 1 to 1M (K and M suffixes) or mtu");
	parse_bad("MTU", "'MTU' is no size: want bytes from 1 to 1M (K and M suffixes) or mtu");
	parse_bad("1,2,3,4,5,6,7,8,9", "at most 8 sizes");
	parse_bad("99999999999999999999", "'99999999999999999999' is no size: want bytes from 1 to 1M (K and M suffixes) or mtu");
}

static void median(void)
{
	struct rr_transfer t = { .num = 3 };

	ok(rr_transfer_median_ms(&t) < 0, "no median when nothing came back");
	t.passed = 1;
	t.rtt_ms[0] = 5.0;
	ok(rr_transfer_median_ms(&t) == 5.0, "one message: its time");
	t.passed = 3;
	t.rtt_ms[1] = 0.5;
	t.rtt_ms[2] = 2.0;
	ok(rr_transfer_median_ms(&t) == 2.0, "three: the middle one");
	t.num = 4;
	t.passed = 4;
	t.rtt_ms[3] = 3.0;
	ok(rr_transfer_median_ms(&t) == 2.5, "four: the mean of the middle two");
}

/* A transfer of 64, 1024, 65536 on a path MTU of 1024. */
static struct rr_transfer three(unsigned int passed, int wc, bool sent)
{
	struct rr_data_plan plan;
	struct rr_transfer t;

	rr_data_plan_default(&plan);
	rr_transfer_plan(&t, &plan, 1024);
	t.passed = passed;
	t.wc_status = wc;
	t.sent = sent;
	return t;
}

static void causes(void)
{
	struct rr_transfer t;
	char where[256];

	t = three(1, IBV_WC_RETRY_EXC_ERR, false);
	is_str(rr_cause_key(rr_transfer_cause(&t)), "mtu_black_hole",
	       "64 came back, 1024 never acknowledged");
	rr_transfer_where(&t, where, sizeof(where));
	is_str(where, "messages up to 64 bytes came back, one of 1024 did not (path MTU 1024)",
	       "its detail");
	snprintf(t.netdev, sizeof(t.netdev), "eth0");
	t.netdev_mtu = 1500;
	rr_transfer_where(&t, where, sizeof(where));
	is_str(where, "messages up to 64 bytes came back, one of 1024 did not (path MTU 1024, eth0 MTU 1500 here)",
	       "with the interface's MTU");
	is_int(rr_transfer_largest_passed(&t), 64, "the largest that passed");

	t = three(2, IBV_WC_RETRY_EXC_ERR, false);
	is_str(rr_cause_key(rr_transfer_cause(&t)), "data_no_ack",
	       "1024 passed, 64K lost: no larger packet, no black hole");
	t = three(0, IBV_WC_RETRY_EXC_ERR, false);
	is_str(rr_cause_key(rr_transfer_cause(&t)), "data_no_ack",
	       "nothing came back at all: no black hole either");
	rr_transfer_where(&t, where, sizeof(where));
	is_str(where, "the first message, of 64 bytes, did not come back (path MTU 1024)",
	       "its detail");
	t = three(1, IBV_WC_RETRY_EXC_ERR, true);
	is_str(rr_cause_key(rr_transfer_cause(&t)), "data_no_ack",
	       "acknowledged, then the poke was not: silent, not a black hole");
	rr_transfer_where(&t, where, sizeof(where));
	is_str(where, "messages up to 64 bytes came back, one of 1024 did not: acknowledged, then the peer went silent (a message of 0 bytes to ask was not acknowledged) (path MTU 1024)",
	       "its detail");
	t = three(0, -1, true);
	is_str(rr_cause_key(rr_transfer_cause(&t)), "no_echo",
	       "acknowledged, no echo by the deadline");
	rr_transfer_where(&t, where, sizeof(where));
	is_str(where, "the first message, of 64 bytes, did not come back: acknowledged, its echo never came (path MTU 1024)",
	       "its detail");
	t = three(0, -1, false);
	is_str(rr_cause_key(rr_transfer_cause(&t)), "data_no_ack",
	       "not even acknowledged by the deadline");
	t = three(0, IBV_WC_RNR_RETRY_EXC_ERR, false);
	is_str(rr_cause_key(rr_transfer_cause(&t)), "no_echo",
	       "no receive posted at the peer");
	t = three(0, IBV_WC_REM_INV_REQ_ERR, false);
	is_str(rr_cause_key(rr_transfer_cause(&t)), "no_echo",
	       "the peer's receive refused it");
	t = three(0, RR_WC_ECHO_DIFFERS, true);
	t.echo_len = 100;
	t.differs_at = 0;
	is_str(rr_cause_key(rr_transfer_cause(&t)), "no_echo",
	       "something else came back from a peer that did not say it echoes (ucmatose's own message)");
	t.echo_len = 64;
	t.differs_at = 17;
	t.peer_echo_max = 1048576;
	is_str(rr_cause_key(rr_transfer_cause(&t)), "echo_corrupted",
	       "an echo that differs, from a peer that echoes");
	rr_transfer_where(&t, where, sizeof(where));
	is_str(where, "the first message, of 64 bytes, did not come back: its echo came back 64 bytes long, different from byte 17 on (path MTU 1024)",
	       "its length and where it differs");
	t.echo_len = 63;
	t.differs_at = -1;
	rr_transfer_where(&t, where, sizeof(where));
	is_str(where, "the first message, of 64 bytes, did not come back: its echo came back 63 bytes long (path MTU 1024)",
	       "a shorter echo, the same bytes");
	t = three(0, IBV_WC_LOC_LEN_ERR, false);
	is_str(rr_cause_key(rr_transfer_cause(&t)), "transfer_failed",
	       "any other status");
}

/* The verdicts that must hold under load and with what the peer said. */
static void under_load(void)
{
	struct rr_data_plan plan;
	struct rr_transfer t;
	char where[512], why[64];

	/* 64 passed, 1 MiB never acknowledged: many packets, no proof. */
	ok(rr_data_plan_parse("64,1M", &plan, why, sizeof(why)), "64,1M");
	rr_transfer_plan(&t, &plan, 1024);
	t.passed = 1;
	t.wc_status = IBV_WC_RETRY_EXC_ERR;
	is_str(rr_cause_key(rr_transfer_cause(&t)), "data_no_ack",
	       "1 MiB lost after 64: not a black hole (one of its packets may have been lost)");
	/* The deadline, having waited behind three probes' data. */
	t = three(1, -1, false);
	t.behind = 3;
	t.waited_ms = 2400;
	is_str(rr_cause_key(rr_transfer_cause(&t)), "transfer_too_slow",
	       "the deadline after waiting its turn");
	rr_transfer_where(&t, where, sizeof(where));
	is_str(where, "messages up to 64 bytes came back, one of 1024 did not; it waited 2400 ms for the data of 3 probes before it (probes send their data one at a time) (path MTU 1024)",
	       "its wait said");
	/* One packet acknowledged by a peer that echoes: its echo lost. */
	t = three(1, -1, true);
	t.peer_echo_max = 65536;
	is_str(rr_cause_key(rr_transfer_cause(&t)), "echo_lost",
	       "the echo of one packet lost, not no_echo");
	rr_transfer_where(&t, where, sizeof(where));
	is_str(where, "messages up to 64 bytes came back, one of 1024 did not: acknowledged by a peer whose REP says it echoes up to 65536 bytes, and no echo came (path MTU 1024)",
	       "lost, said");
	/* Acknowledged, late, and the peer said it echoes: too slow, not no_echo. */
	t = three(2, -1, true);
	t.peer_echo_max = 65536;
	is_str(rr_cause_key(rr_transfer_cause(&t)), "transfer_too_slow",
	       "a late echo of a peer that echoes");
	rr_transfer_where(&t, where, sizeof(where));
	is_str(where, "messages up to 1024 bytes came back, one of 65536 did not: acknowledged, its echo (the peer's REP says it echoes up to 65536 bytes) still on its way at the deadline (path MTU 1024)",
	       "still on its way");
	t.peer_echo_max = 0;
	is_str(rr_cause_key(rr_transfer_cause(&t)), "no_echo",
	       "a peer that did not say it echoes");
	/* The peer's active MTU 512: its echo of 1024 cannot come back. */
	t = three(1, -1, true);
	t.peer_echo_max = 65536;
	t.peer_active_mtu = 512;
	t.peer_netdev_mtu = 1000;
	snprintf(t.peer_netdev, sizeof(t.peer_netdev), "eth0");
	is_str(rr_cause_key(rr_transfer_cause(&t)), "mtu_black_hole",
	       "acknowledged, the peer's MTU short: a black hole the way back");
	rr_transfer_where(&t, where, sizeof(where));
	is_str(where, "messages up to 64 bytes came back, one of 1024 did not: acknowledged, but the peer's REP says its active MTU is 512 (its eth0 MTU 1000), below its packet of 1024: its echo cannot come back (path MTU 1024)",
	       "the side whose MTU is short named");
	t.wc_status = IBV_WC_RETRY_EXC_ERR;
	is_str(rr_cause_key(rr_transfer_cause(&t)), "mtu_black_hole",
	       "its poke unanswered (its QP in error): the same");
	t.peer_active_mtu = 1024;
	is_str(rr_cause_key(rr_transfer_cause(&t)), "data_no_ack",
	       "the peer's MTU enough: it went silent");
}

static void wc_keys(void)
{
	int s;

	is_str(rr_wc_status_key(IBV_WC_RETRY_EXC_ERR), "retry_exc_err", "12");
	is_str(rr_wc_status_key(RR_WC_ECHO_DIFFERS), "echo_differs", "ours");
	ok(!rr_wc_status_key(-1) && !rr_wc_status_key(999), "none out of range");
	for (s = 0; s <= IBV_WC_GENERAL_ERR; s++)
		if (rr_wc_status_from_key(rr_wc_status_key(s)) != s)
			break;
	is_int(s, IBV_WC_GENERAL_ERR + 1, "every key reads back as its status");
	is_int(rr_wc_status_from_key("echo_differs"), RR_WC_ECHO_DIFFERS, "ours back");
	is_int(rr_wc_status_from_key("nonsense"), -1, "none for an unknown key");
}

/* 8 tries of 4.096 us << t in a quarter of the step, the largest t. */
static void ack_timeout(void)
{
	unsigned int ms[] = { 1, 100, 1000, 2000, 8000, 3600000 };
	unsigned long long q;
	unsigned int i;
	uint8_t t;

	is_int(rr_data_ack_timeout(2000), 13, "2000 ms: 33.6 ms a try");
	for (i = 0; i < sizeof(ms) / sizeof(ms[0]); i++) {
		t = rr_data_ack_timeout(ms[i]);
		q = (unsigned long long)ms[i] * 1000000 / 4;
		ok(t >= 1 && t <= 30, "%u ms: %u within 1 to 30", ms[i], t);
		ok(t == 1 || 8ULL * (4096ULL << t) <= q,
		   "%u ms: 8 tries of %u fit a quarter", ms[i], t);
		ok(t == 30 || 8ULL * (4096ULL << (t + 1)) > q,
		   "%u ms: %u is the largest that does", ms[i], t);
	}
}

int main(void)
{
	sizes();
	median();
	causes();
	under_load();
	wc_keys();
	ack_timeout();
	return tap_done();
}
