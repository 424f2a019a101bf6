// SPDX-License-Identifier: GPL-2.0-or-later
#include <arpa/inet.h>
#include <stdio.h>
#include <string.h>
#include <netinet/in.h>

#include "base/escape.h"
#include "base/numbers.h"
#include "base/prefix.h"
#include "base/why.h"

/* An element longer than any prefix's text is refused unread. */
#define ELEMENT_MAX 64

/* Whether the bits of A past LEN are all 0. */
static bool host_bits_clear(const uint8_t *a, unsigned int bytes,
			    unsigned int len)
{
	unsigned int i;

	for (i = len / 8; i < bytes; i++) {
		uint8_t mask = i == len / 8 ? (uint8_t)(0xff >> (len % 8)) : 0xff;

		if (a[i] & mask)
			return false;
	}
	return true;
}

static void clear_host_bits(uint8_t *a, unsigned int bytes, unsigned int len)
{
	unsigned int i;

	for (i = len / 8; i < bytes; i++)
		a[i] &= i == len / 8 ? (uint8_t)~(0xff >> (len % 8)) : 0;
}

/* TEXT (N bytes, no comma) as one prefix into P; false with WHY. */
static bool parse_one(const char *text, size_t n, struct rr_prefix *p,
		      char *why, size_t why_len)
{
	char buf[ELEMENT_MAX + 1], shown[ELEMENT_MAX * 4 + 8], *slash;
	char net[RR_PREFIX_TEXT];
	unsigned long long len;
	unsigned int bits;

	if (!n)
		return rr_why(why, why_len, "an empty prefix (want ADDR or ADDR/LEN, a comma between two)");
	if (n > ELEMENT_MAX)
		return rr_why(why, why_len, "a prefix of %zu characters: not a network", n);
	memcpy(buf, text, n);
	buf[n] = '\0';
	rr_shown(buf, shown, sizeof(shown));
	slash = strchr(buf, '/');
	if (slash)
		*slash = '\0';
	memset(p, 0, sizeof(*p));
	if (inet_pton(AF_INET, buf, p->addr) == 1) {
		p->family = AF_INET;
		bits = 32;
	} else if (inet_pton(AF_INET6, buf, p->addr) == 1) {
		p->family = AF_INET6;
		bits = 128;
	} else {
		return rr_why(why, why_len, "'%s': not an IPv4 or IPv6 address (want ADDR or ADDR/LEN)",
			    shown);
	}
	p->len = bits;
	if (slash) {
		if (!rr_parse_decimal(slash + 1, 0, bits, &len))
			return rr_why(why, why_len, "'%s': the length after '/' is 0 to %u for %s",
				    shown, bits, bits == 32 ? "IPv4" : "IPv6");
		p->len = (unsigned int)len;
	}
	if (!host_bits_clear(p->addr, bits / 8, p->len)) {
		clear_host_bits(p->addr, bits / 8, p->len);
		return rr_why(why, why_len, "'%s': bits set past the /%u: did you mean %s?",
			    shown, p->len, rr_prefix_str(p, net, sizeof(net)));
	}
	return true;
}

bool rr_prefix_list_add(struct rr_prefix_list *l, const char *text,
			char *why, size_t why_len)
{
	struct rr_prefix_list next = *l;
	const char *s = text, *comma;
	size_t n;

	for (;;) {
		comma = strchr(s, ',');
		n = comma ? (size_t)(comma - s) : strlen(s);
		if (next.n == RR_MAX_PREFIXES)
			return rr_why(why, why_len, "more than %d prefixes", RR_MAX_PREFIXES);
		if (!parse_one(s, n, &next.p[next.n], why, why_len))
			return false;
		next.n++;
		if (!comma)
			break;
		s = comma + 1;
	}
	*l = next;
	return true;
}

/* Whether the first LEN bits of A and B are the same. */
static bool same_bits(const uint8_t *a, const uint8_t *b, unsigned int len)
{
	unsigned int whole = len / 8, rest = len % 8;
	uint8_t mask = (uint8_t)(0xff << (8 - rest));

	if (memcmp(a, b, whole))
		return false;
	return !rest || !((a[whole] ^ b[whole]) & mask);
}

bool rr_prefix_list_has(const struct rr_prefix_list *l,
			const struct sockaddr_storage *ss)
{
	static const uint8_t mapped[12] = { [10] = 0xff, [11] = 0xff };
	const uint8_t *a;
	sa_family_t family = ss->ss_family;
	unsigned int i;

	if (family == AF_INET) {
		a = (const uint8_t *)&((const struct sockaddr_in *)ss)->sin_addr;
	} else if (family == AF_INET6) {
		a = ((const struct sockaddr_in6 *)ss)->sin6_addr.s6_addr;
		if (!memcmp(a, mapped, sizeof(mapped))) {
			family = AF_INET;
			a += 12;
		}
	} else {
		return false;
	}
	for (i = 0; i < l->n; i++)
		if (l->p[i].family == family && same_bits(a, l->p[i].addr, l->p[i].len))
			return true;
	return false;
}

const char *rr_prefix_str(const struct rr_prefix *p, char *buf, size_t len)
{
	char addr[INET6_ADDRSTRLEN];

	if (!inet_ntop(p->family, p->addr, addr, sizeof(addr)))
		snprintf(addr, sizeof(addr), "?");
	snprintf(buf, len, "%s/%u", addr, p->len);
	return buf;
}
