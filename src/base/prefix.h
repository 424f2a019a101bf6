/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Networks as CIDR prefixes, IPv4 and IPv6 ("192.168.90.0/24",
 * "fd00:90::/64", an address alone for one host), a bounded list of
 * them, and whether an address is in one: --witness-allow.  Pure.
 */
#ifndef RR_PREFIX_H
#define RR_PREFIX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

/* Prefixes one list holds at most. */
#define RR_MAX_PREFIXES 32
/* "ffff:...:ffff/128" with room to spare. */
#define RR_PREFIX_TEXT 48

struct rr_prefix {
	sa_family_t family;		/* AF_INET or AF_INET6 */
	uint8_t addr[16];		/* the network, host bits 0 */
	unsigned int len;		/* bits: 0-32, 0-128 */
};

struct rr_prefix_list {
	unsigned int n;
	struct rr_prefix p[RR_MAX_PREFIXES];
};

/*
 * Adds TEXT's prefixes to L: PREFIX[,PREFIX...], each ADDR or ADDR/LEN.
 * Returns false, with L as it was and, in WHY, the prefix refused and
 * why (not an address, a length past the family's bits, host bits set,
 * too many), when one is bad.
 */
bool rr_prefix_list_add(struct rr_prefix_list *l, const char *text,
			char *why, size_t why_len);
/*
 * Returns true if SS's address is in one of L's prefixes (an IPv4-mapped
 * IPv6 address as the IPv4 address it maps).
 */
bool rr_prefix_list_has(const struct rr_prefix_list *l,
			const struct sockaddr_storage *ss);
/* Writes P as text, "192.168.90.0/24", into BUF (LEN bytes); returns BUF. */
const char *rr_prefix_str(const struct rr_prefix *p, char *buf, size_t len);

#endif
