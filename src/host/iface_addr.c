// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <ifaddrs.h>
#include <stdio.h>
#include <string.h>
#include <net/if.h>
#include <netinet/in.h>

#include "host/iface_addr.h"

/* How good A is as NAME's source of FAMILY: 0 not at all, 3 best. */
static int rank(const struct ifaddrs *a, const char *name, int family)
{
	const struct sockaddr_in6 *s6;

	if (!a->ifa_addr || strcmp(a->ifa_name, name))
		return 0;
	if (a->ifa_addr->sa_family == AF_INET)
		return family == AF_INET6 ? 0 : 3;
	if (a->ifa_addr->sa_family != AF_INET6 || family == AF_INET)
		return 0;
	s6 = (const struct sockaddr_in6 *)a->ifa_addr;
	return IN6_IS_ADDR_LINKLOCAL(&s6->sin6_addr) ? 1 : 2;
}

bool rr_iface_addr(const char *name, int family, struct sockaddr_storage *out,
		   char *why, size_t why_len)
{
	struct ifaddrs *all, *a, *best = NULL;
	int r, best_rank = 0;

	if (!if_nametoindex(name)) {
		snprintf(why, why_len, "no interface of that name, nor an address");
		return false;
	}
	if (getifaddrs(&all)) {
		snprintf(why, why_len, "getifaddrs: %s", strerror(errno));
		return false;
	}
	for (a = all; a; a = a->ifa_next) {
		r = rank(a, name, family);
		if (r > best_rank) {
			best = a;
			best_rank = r;
		}
	}
	if (best) {
		memset(out, 0, sizeof(*out));
		memcpy(out, best->ifa_addr, best->ifa_addr->sa_family == AF_INET ?
		       sizeof(struct sockaddr_in) : sizeof(struct sockaddr_in6));
	} else {
		snprintf(why, why_len, "the interface has no %saddress",
			 family == AF_INET ? "IPv4 " :
			 family == AF_INET6 ? "IPv6 " : "IP ");
	}
	freeifaddrs(all);
	return best != NULL;
}
