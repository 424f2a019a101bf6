// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests of src/base/sockaddr.c: addresses as text. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>

#include "base/sockaddr.h"
#include "../tap.h"

static const char *v4(const char *text, char *buf, size_t len)
{
	struct sockaddr_storage ss = { 0 };
	struct sockaddr_in *s4 = (struct sockaddr_in *)&ss;

	s4->sin_family = AF_INET;
	inet_pton(AF_INET, text, &s4->sin_addr);
	return rr_sockaddr_str(&ss, buf, len);
}

/* The bytes of an address: where its family keeps them, and how many. */
static void bytes(void)
{
	struct sockaddr_storage ss = { 0 };
	struct sockaddr_in *s4 = (void *)&ss;
	struct sockaddr_in6 *s6 = (void *)&ss;
	const unsigned char *b;
	size_t len = 0;

	s4->sin_family = AF_INET;
	inet_pton(AF_INET, "192.168.77.2", &s4->sin_addr);
	b = rr_sockaddr_bytes(&ss, &len);
	ok(b && len == 4 && b[0] == 192 && b[3] == 2, "IPv4: 4 bytes, in order");
	s6->sin6_family = AF_INET6;
	inet_pton(AF_INET6, "fe80::1", &s6->sin6_addr);
	b = rr_sockaddr_bytes(&ss, &len);
	ok(b && len == 16 && b[0] == 0xfe && b[1] == 0x80 && b[15] == 1,
	   "IPv6: 16 bytes, in order");
	ss.ss_family = AF_UNIX;
	ok(!rr_sockaddr_bytes(&ss, &len), "another family: none");
}

/* A's text, ours and inet_ntop()'s: true when alike. */
static bool as_inet_ntop(const unsigned char a[16])
{
	char ours[INET6_ADDRSTRLEN], want[INET6_ADDRSTRLEN];

	inet_ntop(AF_INET6, a, want, sizeof(want));
	if (rr_ipv6_str(a, ours, sizeof(ours)) && !strcmp(ours, want))
		return true;
	printf("# ours %s, inet_ntop %s\n", ours, want);
	return false;
}

/*
 * Groups drawn so that runs of zeros of every length and place, 0xffff
 * before an IPv4 tail, and groups of 1 to 4 digits all come up often.
 */
static unsigned int random_group(unsigned int *seed)
{
	switch (rand_r(seed) % 6) {
	case 0:
	case 1:
	case 2:
		return 0;
	case 3:
		return 0xffff;
	case 4:
		return (unsigned int)rand_r(seed) % 0x100;
	default:
		return (unsigned int)rand_r(seed) & 0xffff;
	}
}

/* IPv6 text: chosen addresses, then a million drawn ones, as inet_ntop. */
static void ipv6_text(void)
{
	static const char *const chosen[] = {
		"::", "::1", "1::", "fe80::1", "fe80::7cf0:e6ff:fe5c:1d2a",
		"::ffff:192.168.77.1", "::192.168.77.1", "::ffff:0.0.0.0",
		"1:0:0:1:0:0:0:1", "1:0:0:1:1:0:0:1", "0:1:0:0:0:1:0:0",
		"fd00:77::100", "2001:db8:0:0:1:0:0:1", "::ffff:1:0:0",
		"::1.2.0.0", "0:0:0:0:0:1:1.2.3.4", "ffff::ffff:1.2.3.4",
	};
	unsigned char a[16];
	unsigned int seed = 7, w;
	int i, k, differ = 0;
	char buf[INET6_ADDRSTRLEN], small[8] = "x";

	for (i = 0; i < (int)(sizeof(chosen) / sizeof(chosen[0])); i++) {
		inet_pton(AF_INET6, chosen[i], a);
		ok(as_inet_ntop(a), "%s as inet_ntop writes it", chosen[i]);
	}
	for (i = 0; i < 1000000; i++) {
		for (k = 0; k < 8; k++) {
			w = random_group(&seed);
			a[2 * k] = (unsigned char)(w >> 8);
			a[2 * k + 1] = (unsigned char)w;
		}
		if (!as_inet_ntop(a) && ++differ > 5)
			break;
	}
	ok(!differ, "a million drawn addresses as inet_ntop writes them");
	inet_pton(AF_INET6, "fe80::1", a);
	ok(!rr_ipv6_str(a, small, 7) && !strcmp(small, "x"),
	   "too small a buffer: false, left alone");
	ok(rr_ipv6_str(a, buf, 8) && !strcmp(buf, "fe80::1"),
	   "a buffer of just the length: fits");
}

int main(void)
{
	bytes();
	ipv6_text();
	static const char *const quads[] = {
		"0.0.0.0", "255.255.255.255", "192.168.77.2", "10.0.100.9",
		"1.20.100.199", "100.10.1.0",
	};
	struct sockaddr_storage ss = { 0 };
	struct sockaddr_in6 *s6 = (struct sockaddr_in6 *)&ss;
	char buf[64], small[8];
	size_t i;

	/* Each as inet_ntop() writes it. */
	for (i = 0; i < sizeof(quads) / sizeof(quads[0]); i++)
		is_str(v4(quads[i], buf, sizeof(buf)), quads[i], quads[i]);

	is_str(v4("192.168.77.2", small, sizeof(small)), "192.168",
	       "a short buffer: cut, terminated");
	small[0] = 'x';
	v4("1.2.3.4", small, 0);
	ok(small[0] == 'x', "a buffer of 0 bytes is left alone");

	s6->sin6_family = AF_INET6;
	inet_pton(AF_INET6, "fe80::1", &s6->sin6_addr);
	s6->sin6_scope_id = 4000000;	/* no such interface */
	is_str(rr_sockaddr_str(&ss, buf, sizeof(buf)), "fe80::1%4000000",
	       "IPv6 with an unknown scope: its number");

	ss.ss_family = AF_UNIX;
	is_str(rr_sockaddr_str(&ss, buf, sizeof(buf)), "-", "no IP address: -");
	return tap_done();
}
