// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of src/base/prefix.c: --witness-allow's networks read
 * (IPv4, IPv6, a host alone, lists and repeats), each bad one refused
 * by name with the list left as it was, and addresses matched against
 * them, an IPv4-mapped IPv6 address as its IPv4 one.
 */
#include <arpa/inet.h>
#include <string.h>
#include <netinet/in.h>

#include "base/prefix.h"
#include "../tap.h"

static struct sockaddr_storage addr_of(const char *text)
{
	struct sockaddr_storage ss;
	struct sockaddr_in *in = (void *)&ss;
	struct sockaddr_in6 *in6 = (void *)&ss;

	memset(&ss, 0, sizeof(ss));
	if (inet_pton(AF_INET, text, &in->sin_addr) == 1)
		in->sin_family = AF_INET;
	else if (inet_pton(AF_INET6, text, &in6->sin6_addr) == 1)
		in6->sin6_family = AF_INET6;
	return ss;
}

static bool has(const struct rr_prefix_list *l, const char *text)
{
	struct sockaddr_storage ss = addr_of(text);

	return rr_prefix_list_has(l, &ss);
}

static void reads_lists(void)
{
	struct rr_prefix_list l = { 0 };
	char why[160], buf[RR_PREFIX_TEXT];

	ok(rr_prefix_list_add(&l, "192.168.90.0/24,fd00:90::/64", why, sizeof(why)),
	   "an IPv4 and an IPv6 network in one list");
	ok(rr_prefix_list_add(&l, "10.1.2.3", why, sizeof(why)),
	   "a second --witness-allow adds to the first: a host alone");
	is_int(l.n, 3, "three prefixes");
	is_str(rr_prefix_str(&l.p[0], buf, sizeof(buf)), "192.168.90.0/24", "the first as text");
	is_str(rr_prefix_str(&l.p[1], buf, sizeof(buf)), "fd00:90::/64", "the second");
	is_str(rr_prefix_str(&l.p[2], buf, sizeof(buf)), "10.1.2.3/32", "a host is its /32");
	ok(has(&l, "192.168.90.1") && has(&l, "192.168.90.255"), "inside the /24");
	ok(!has(&l, "192.168.91.1") && !has(&l, "192.168.89.255"), "either side of it: out");
	ok(has(&l, "fd00:90::2") && has(&l, "fd00:90::ffff:1"), "inside the /64");
	ok(!has(&l, "fd00:91::2"), "another /64: out");
	ok(has(&l, "10.1.2.3") && !has(&l, "10.1.2.4"), "the host, and its neighbour out");
	ok(has(&l, "::ffff:192.168.90.7"), "an IPv4-mapped IPv6 source: its IPv4 address");
	ok(!has(&l, "::ffff:192.168.91.7"), "mapped, outside: out");
}

static void lengths(void)
{
	struct rr_prefix_list l = { 0 };
	char why[160];

	ok(rr_prefix_list_add(&l, "192.168.90.128/25", why, sizeof(why)) &&
	   has(&l, "192.168.90.200") && !has(&l, "192.168.90.100"),
	   "a /25 splits a byte");
	l.n = 0;
	ok(rr_prefix_list_add(&l, "0.0.0.0/0", why, sizeof(why)) &&
	   has(&l, "203.0.113.9") && !has(&l, "fd00::1"),
	   "0.0.0.0/0: every IPv4 source, no IPv6 one");
	l.n = 0;
	ok(rr_prefix_list_add(&l, "fe80::/10", why, sizeof(why)) &&
	   has(&l, "febf::1") && !has(&l, "fec0::1"), "a /10 in IPv6");
}

/* TEXT refused, its reason naming WANT, the list untouched. */
static void refused(const char *text, const char *want)
{
	struct rr_prefix_list l = { 0 };
	char why[160] = "";

	rr_prefix_list_add(&l, "192.168.90.0/24", why, sizeof(why));
	ok(!rr_prefix_list_add(&l, text, why, sizeof(why)) && strstr(why, want) &&
	   l.n == 1, "refused, the list as it was: %s", why);
}

static void bad_values(void)
{
	struct rr_prefix_list l = { 0 };
	char why[160], list[600];
	int i;

	refused("10.0.0.0/33", "'10.0.0.0/33': the length after '/' is 0 to 32 for IPv4");
	refused("fd00::/129", "0 to 128 for IPv6");
	refused("10.0.0.1/24", "'10.0.0.1/24': bits set past the /24: did you mean 10.0.0.0/24?");
	refused("192.168.90.129/25", "did you mean 192.168.90.128/25?");
	refused("fd00::1/64", "bits set past the /64: did you mean fd00::/64?");
	refused("rdma-host", "'rdma-host': not an IPv4 or IPv6 address");
	refused("10.0.0.0/", "the length after '/'");
	refused("10.0.0.0/+8", "the length after '/'");
	refused("10.0.0.0/08x", "the length after '/'");
	refused("", "an empty prefix");
	refused("10.0.0.0/8,", "an empty prefix");
	refused("10.0.0.0/8,,fd00::/8", "an empty prefix");
	refused("10.0.0.0/8,nope", "'nope'");
	refused("fe80::1%eth0", "not an IPv4 or IPv6 address");
	refused(" 10.0.0.0/8", "not an IPv4 or IPv6 address");
	refused("10.0.0.0/8\n", "the length after '/'");
	refused("1.2.3.4\x1b[2J", "\\x1b");	/* shown escaped */
	/* The bound: 32 prefixes, the 33rd refused, the list as it was. */
	list[0] = '\0';
	for (i = 0; i < RR_MAX_PREFIXES; i++)
		snprintf(list + strlen(list), sizeof(list) - strlen(list), "%s10.%d.0.0/16",
			 i ? "," : "", i);
	ok(rr_prefix_list_add(&l, list, why, sizeof(why)) && l.n == RR_MAX_PREFIXES,
	   "32 prefixes");
	ok(!rr_prefix_list_add(&l, "10.99.0.0/16", why, sizeof(why)) &&
	   strstr(why, "more than 32") && l.n == RR_MAX_PREFIXES,
	   "a 33rd refused: %s", why);
}

int main(void)
{
	struct rr_prefix_list none = { 0 };

	reads_lists();
	lengths();
	bad_values();
	ok(!has(&none, "192.168.90.1"), "an empty list holds nothing (the caller reads it as any)");
	return tap_done();
}
