// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests of src/base/sockaddr.c: addresses as text. */
#include <arpa/inet.h>
#include <netinet/in.h>

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

int main(void)
{
	bytes();
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
