// SPDX-License-Identifier: GPL-2.0-or-later
#include <arpa/inet.h>
#include <net/if.h>
#include <stdio.h>
#include <string.h>

#include "base/sockaddr.h"

bool rr_ipv6_str(const unsigned char a[16], char *buf, size_t len)
{
	char tmp[INET6_ADDRSTRLEN];

	if (!inet_ntop(AF_INET6, a, tmp, sizeof(tmp)) || strlen(tmp) >= len)
		return false;
	strcpy(buf, tmp);
	return true;
}

/*
 * a.b.c.d as inet_ntop() writes it, without stdio: a failure's
 * explanation names its addresses several times, a batch thousands.
 */
static void ipv4_str(const unsigned char b[4], char *buf, size_t len)
{
	char text[16], *t = text;
	size_t n;
	int i;

	for (i = 0; i < 4; i++) {
		if (b[i] >= 100)
			*t++ = (char)('0' + b[i] / 100);
		if (b[i] >= 10)
			*t++ = (char)('0' + b[i] / 10 % 10);
		*t++ = (char)('0' + b[i] % 10);
		*t++ = '.';
	}
	n = (size_t)(t - text) - 1;	/* the last '.' */
	if (!len)
		return;
	if (n >= len)
		n = len - 1;
	memcpy(buf, text, n);
	buf[n] = '\0';
}

const char *rr_sockaddr_str(const struct sockaddr_storage *ss, char *buf,
			    size_t len)
{
	const struct sockaddr_in6 *s6 = (const void *)ss;
	const struct sockaddr_in *s4 = (const void *)ss;
	char ifname[IF_NAMESIZE];
	char addr[INET6_ADDRSTRLEN];

	if (ss->ss_family == AF_INET) {
		ipv4_str((const unsigned char *)&s4->sin_addr, buf, len);
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

socklen_t rr_sockaddr_len(const struct sockaddr_storage *ss)
{
	return ss->ss_family == AF_INET6 ? sizeof(struct sockaddr_in6) :
					   sizeof(struct sockaddr_in);
}

void rr_sockaddr_set_port(struct sockaddr_storage *ss, uint16_t port)
{
	if (ss->ss_family == AF_INET6)
		((struct sockaddr_in6 *)ss)->sin6_port = htons(port);
	else if (ss->ss_family == AF_INET)
		((struct sockaddr_in *)ss)->sin_port = htons(port);
}
