/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Destinations as the user wrote them, to socket addresses. */
#ifndef RR_TARGETS_H
#define RR_TARGETS_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/socket.h>

#include "model/probe/result.h"

enum rr_target_kind {
	RR_TARGET_INVALID,
	RR_TARGET_ADDRESS,	/* numeric, parsed into the sockaddr */
	RR_TARGET_NAME,		/* a host name, to look up */
};

/*
 * Classifies and, for numeric addresses, parses TEXT.  On RR_TARGET_INVALID
 * a reason is written to WHY.
 */
enum rr_target_kind rr_target_parse(const char *text,
				    struct sockaddr_storage *ss,
				    char *why, size_t why_len);

/* The addresses a host name resolved to, each once, in the resolver's order. */
struct rr_name_addrs {
	struct sockaddr_storage *addrs;
	size_t n;
};

/*
 * Looks up every result's host name at once (getaddrinfo_a) and waits at
 * most TIMEOUT_MS; a name that fails or is not answered in time becomes a
 * failure of the lookup step.  Each result whose probe is a host name
 * gets its addresses in FOUND[i], the first as its probe's dst.  FAMILY
 * (AF_INET, AF_INET6; 0 either) restricts them, as -4 and -6 say.
 */
void rr_lookup_names(struct rr_result *results, struct rr_name_addrs *found,
		     size_t n, unsigned int timeout_ms, int family);
void rr_name_addrs_release(struct rr_name_addrs *found, size_t n);


#endif
