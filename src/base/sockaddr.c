// SPDX-License-Identifier: GPL-2.0-or-later
#include <arpa/inet.h>
#include <net/if.h>
#include <stdio.h>
#include <string.h>

#include "base/sockaddr.h"

/*
 * Dotted quad, as inet_ntop() writes it but without its sprintf(): every
 * failure's record and chain show a few addresses, and this was most of
 * their formatting cost.
 */
static void ipv4_str(const struct in_addr *in, char *buf, size_t len)
{
	const unsigned char *b = (const unsigned char *)&in->s_addr;
	char tmp[INET_ADDRSTRLEN], *o = tmp;
	size_t n;
	int i;

	for (i = 0; i < 4; i++) {
		if (i)
			*o++ = '.';
		if (b[i] >= 100)
			*o++ = (char)('0' + b[i] / 100);
		if (b[i] >= 10)
			*o++ = (char)('0' + b[i] / 10 % 10);
		*o++ = (char)('0' + b[i] % 10);
	}
	n = (size_t)(o - tmp);
	if (!len)
		return;
	if (n >= len)
		n = len - 1;
	memcpy(buf, tmp, n);
	buf[n] = '\0';
}

/* The longest run of two or more zero groups, the first of equals. */
static void zero_run(const unsigned int w[8], int *base, int *len)
{
	int i = 0, run;

	*base = -1;
	*len = 0;
	while (i < 8) {
		for (run = 0; i + run < 8 && !w[i + run]; run++)
			;
		if (run > *len) {
			*base = i;
			*len = run;
		}
		i += run ? run : 1;
	}
	if (*len < 2)
		*base = -1;
}

static char *put_hex_group(char *o, unsigned int w)
{
	static const char hex[] = "0123456789abcdef";
	int shift = 12;

	while (shift && !(w >> shift))
		shift -= 4;
	for (; shift >= 0; shift -= 4)
		*o++ = hex[(w >> shift) & 0xf];
	return o;
}

/*
 * IPv6 text as inet_ntop() writes it: lowercase groups, the longest run
 * of zero groups as "::", and "::a.b.c.d" or "::ffff:a.b.c.d" for an IPv4
 * address inside.  Without its sprintf() per group: a result shows up to
 * four such addresses (destination, source, both GIDs).
 */
bool rr_ipv6_str(const unsigned char a[16], char *buf, size_t len)
{
	char tmp[INET6_ADDRSTRLEN], *o = tmp;
	unsigned int w[8];
	int i, base, run;
	size_t n;

	for (i = 0; i < 8; i++)
		w[i] = (unsigned int)a[2 * i] << 8 | a[2 * i + 1];
	zero_run(w, &base, &run);
	for (i = 0; i < 8; i++) {
		if (base >= 0 && i >= base && i < base + run) {
			if (i == base)
				*o++ = ':';
			continue;
		}
		if (i)
			*o++ = ':';
		if (i == 6 && base == 0 &&
		    (run == 6 || (run == 5 && w[5] == 0xffff))) {
			ipv4_str((const struct in_addr *)(a + 12), o,
				 INET_ADDRSTRLEN);
			o += strlen(o);
			break;
		}
		o = put_hex_group(o, w[i]);
	}
	if (base >= 0 && base + run == 8)
		*o++ = ':';
	n = (size_t)(o - tmp);
	if (n >= len)
		return false;
	memcpy(buf, tmp, n);
	buf[n] = '\0';
	return true;
}

const char *rr_sockaddr_str(const struct sockaddr_storage *ss, char *buf,
			    size_t len)
{
	const struct sockaddr_in6 *s6 = (const void *)ss;
	const struct sockaddr_in *s4 = (const void *)ss;
	char ifname[IF_NAMESIZE];
	char addr[INET6_ADDRSTRLEN];

	if (ss->ss_family == AF_INET) {
		ipv4_str(&s4->sin_addr, buf, len);
	} else if (ss->ss_family == AF_INET6) {
		rr_ipv6_str(s6->sin6_addr.s6_addr, addr, sizeof(addr));
		if (s6->sin6_scope_id && if_indextoname(s6->sin6_scope_id, ifname))
			snprintf(buf, len, "%s%%%s", addr, ifname);
		else if (s6->sin6_scope_id)
			snprintf(buf, len, "%s%%%u", addr, s6->sin6_scope_id);
		else
			snprintf(buf, len, "%s", addr);
	} else {
		snprintf(buf, len, "-");
	}
	return buf;
}

const void *rr_sockaddr_bytes(const struct sockaddr_storage *ss, size_t *len)
{
	if (ss->ss_family == AF_INET) {
		*len = 4;
		return &((const struct sockaddr_in *)ss)->sin_addr;
	}
	if (ss->ss_family == AF_INET6) {
		*len = 16;
		return &((const struct sockaddr_in6 *)ss)->sin6_addr;
	}
	return NULL;
}
