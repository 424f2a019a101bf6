// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of src/host/witness_limits.c, on a clock of the test's own:
 * one source holds 4 clients at most and gets 5 answers a second, all
 * together 16 and 20; a flood from one source leaves the others room;
 * a second later the source may ask again; a source's places come back
 * as its clients go; the sources kept stay within the table however
 * many come and go.
 */
#include <arpa/inet.h>
#include <string.h>
#include <netinet/in.h>

#include "host/witness_limits.h"
#include "../tap.h"

static struct sockaddr_storage src4(unsigned int n)
{
	struct sockaddr_storage ss;
	struct sockaddr_in *in = (void *)&ss;

	memset(&ss, 0, sizeof(ss));
	in->sin_family = AF_INET;
	in->sin_addr.s_addr = htonl(0xc0a85a00 + n);	/* 192.168.90.n */
	return ss;
}

static struct timespec at_ms(long ms)
{
	return (struct timespec){ .tv_sec = 100 + ms / 1000,
				  .tv_nsec = (ms % 1000) * 1000000L };
}

static void clients(void)
{
	struct rr_witness_limits l = { 0 };
	struct sockaddr_storage a = src4(1), b;
	struct timespec now = at_ms(0);
	int i, taken = 0;

	for (i = 0; i < 10; i++)
		taken += rr_wl_take(&l, &a, &now) == RR_WL_OK;
	is_int(taken, RR_WITNESS_SOURCE_CLIENTS, "one source holds 4 clients, no more");
	is_int(rr_wl_take(&l, &a, &now), RR_WL_CLIENTS, "its 5th: busy, clients");
	/* The others have the rest: 12, from three more sources. */
	for (i = 2, taken = 0; i <= 5; i++) {
		b = src4((unsigned int)i);
		while (rr_wl_take(&l, &b, &now) == RR_WL_OK)
			taken++;
	}
	is_int(taken, RR_WITNESS_MAX_CLIENTS - RR_WITNESS_SOURCE_CLIENTS,
	       "the other sources take the 12 left");
	b = src4(9);
	is_int(rr_wl_take(&l, &b, &now), RR_WL_CLIENTS, "all 16 held: a new source is busy too");
	rr_wl_release(&l, &a);
	is_int(rr_wl_take(&l, &b, &now), RR_WL_OK, "one of the first source's gone: its place to another");
	is_int(rr_wl_take(&l, &a, &now), RR_WL_CLIENTS, "and the first source may not take it back");
	/* Releasing what was never taken changes nothing. */
	b = src4(200);
	rr_wl_release(&l, &b);
	is_int(l.clients, RR_WITNESS_MAX_CLIENTS, "a release of a stranger's: nothing");
}

static void rate(void)
{
	struct rr_witness_limits l = { 0 };
	struct sockaddr_storage a = src4(1), b = src4(2);
	struct timespec now;
	int i, n = 0, others = 0;

	/* A flood from a: 100 questions in 900 ms. */
	for (i = 0; i < 100; i++) {
		now = at_ms(i * 9);
		n += rr_wl_answer(&l, &a, &now) == RR_WL_OK;
		/* b asks 4 times meanwhile. */
		if (i % 25 == 0)
			others += rr_wl_answer(&l, &b, &now) == RR_WL_OK;
	}
	is_int(n, RR_WITNESS_SOURCE_RATE, "a flood from one source: 5 answers in its second");
	is_int(others, 4, "another source's 4 questions meanwhile: all answered");
	now = at_ms(1000);
	is_int(rr_wl_answer(&l, &a, &now), RR_WL_OK, "a second after its first answer: a again");
	now = at_ms(1001);
	for (i = 0, n = 0; i < 10; i++)
		n += rr_wl_answer(&l, &a, &now) == RR_WL_OK;
	is_int(n, RR_WITNESS_SOURCE_RATE - 1, "its new second: 5 in all");
}

static void total(void)
{
	struct rr_witness_limits l = { 0 };
	struct sockaddr_storage s;
	struct timespec now = at_ms(0);
	int i, n = 0;

	/* 40 sources, 2 questions each, within the same 100 ms. */
	for (i = 0; i < 80; i++) {
		s = src4((unsigned int)(i % 40) + 1);
		now = at_ms(i);
		n += rr_wl_answer(&l, &s, &now) == RR_WL_OK;
	}
	is_int(n, RR_WITNESS_RATE, "many sources: 20 answers a second in all");
	s = src4(77);
	now = at_ms(999);
	is_int(rr_wl_answer(&l, &s, &now), RR_WL_RATE, "a new source within that second: busy, rate");
	now = at_ms(1000);
	is_int(rr_wl_answer(&l, &s, &now), RR_WL_OK, "the next second: answered");
	is_str(rr_wl_word(RR_WL_RATE), "rate", "the word of the rate");
	is_str(rr_wl_word(RR_WL_CLIENTS), "clients", "the word of the clients");
}

/*
 * Sources come and go, many more than the table holds: each that may
 * have its answer gets it, as the table gives back those a second past.
 */
static void table(void)
{
	struct rr_witness_limits l = { 0 };
	struct sockaddr_storage s;
	struct timespec now;
	int i, refused = 0, answered = 0;

	for (i = 0; i < 5000; i++) {
		s = src4((unsigned int)i % 250 + 1);
		now = at_ms(i * 10);
		if (rr_wl_take(&l, &s, &now) != RR_WL_OK) {
			refused++;
			continue;
		}
		answered += rr_wl_answer(&l, &s, &now) == RR_WL_OK;
		rr_wl_release(&l, &s);
	}
	/* 100 a second asked, 20 a second answered, never a table full. */
	is_int(refused, 0, "5000 clients of 250 sources, one at a time: none busy for room");
	ok(answered >= 980 && answered <= 1020, "20 a second answered over 50 s: %d", answered);
	is_int(l.clients, 0, "every place given back");
}

static void ipv6(void)
{
	struct rr_witness_limits l = { 0 };
	struct sockaddr_storage a, m;
	struct sockaddr_in6 *in6 = (void *)&a, *mapped = (void *)&m;
	struct sockaddr_storage v4 = src4(5);
	struct timespec now = at_ms(0);
	int i;

	memset(&a, 0, sizeof(a));
	in6->sin6_family = AF_INET6;
	inet_pton(AF_INET6, "fd00:90::2", &in6->sin6_addr);
	memset(&m, 0, sizeof(m));
	mapped->sin6_family = AF_INET6;
	inet_pton(AF_INET6, "::ffff:192.168.90.5", &mapped->sin6_addr);
	for (i = 0; i < RR_WITNESS_SOURCE_CLIENTS; i++)
		rr_wl_take(&l, &a, &now);
	is_int(rr_wl_take(&l, &a, &now), RR_WL_CLIENTS, "an IPv6 source: its 4 at most too");
	for (i = 0; i < 2; i++)
		rr_wl_take(&l, &v4, &now);
	for (i = 0; i < 2; i++)
		rr_wl_take(&l, &m, &now);
	is_int(rr_wl_take(&l, &v4, &now), RR_WL_CLIENTS,
	       "an IPv4 address and its IPv4-mapped IPv6 form: one source");
}

int main(void)
{
	clients();
	rate();
	total();
	table();
	ipv6();
	return tap_done();
}
