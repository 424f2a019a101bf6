// SPDX-License-Identifier: GPL-2.0-or-later
#include <arpa/inet.h>
#include <errno.h>
#include <net/if.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "targets.h"

/* Digits and dots only, or a colon: the user meant an address. */
static bool looks_numeric(const char *text)
{
	if (strchr(text, ':'))
		return true;
	return strspn(text, "0123456789.") == strlen(text);
}

static bool valid_host_name(const char *text)
{
	size_t len = strlen(text);

	if (len == 0 || len > 253 || text[0] == '-' || text[0] == '.')
		return false;
	return strspn(text, "abcdefghijklmnopqrstuvwxyz"
			    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_") == len;
}

enum rr_target_kind rr_target_parse(const char *text,
				    struct sockaddr_storage *ss,
				    char *why, size_t why_len)
{
	struct addrinfo hints = { .ai_flags = AI_NUMERICHOST,
				  .ai_socktype = SOCK_STREAM };
	struct addrinfo *ai;
	const char *pct;
	int rc;

	if (!looks_numeric(text)) {
		if (valid_host_name(text))
			return RR_TARGET_NAME;
		snprintf(why, why_len, "not an IPv4/IPv6 address or host name");
		return RR_TARGET_INVALID;
	}

	rc = getaddrinfo(text, NULL, &hints, &ai);
	if (rc) {
		pct = strchr(text, '%');
		if (pct && !if_nametoindex(pct + 1))
			snprintf(why, why_len, "no interface named '%s'", pct + 1);
		else
			snprintf(why, why_len, "not a valid IPv4 or IPv6 address");
		return RR_TARGET_INVALID;
	}
	memset(ss, 0, sizeof(*ss));
	memcpy(ss, ai->ai_addr, ai->ai_addrlen);
	freeaddrinfo(ai);
	return RR_TARGET_ADDRESS;
}

const char *rr_sockaddr_str(const struct sockaddr_storage *ss, char *buf,
			    size_t len)
{
	const struct sockaddr_in6 *s6 = (const void *)ss;
	const struct sockaddr_in *s4 = (const void *)ss;
	char ifname[IF_NAMESIZE];
	char addr[INET6_ADDRSTRLEN];

	if (ss->ss_family == AF_INET) {
		inet_ntop(AF_INET, &s4->sin_addr, addr, sizeof(addr));
		snprintf(buf, len, "%s", addr);
	} else if (ss->ss_family == AF_INET6) {
		inet_ntop(AF_INET6, &s6->sin6_addr, addr, sizeof(addr));
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

static void lookup_done(struct rr_result *r, struct gaicb *cb, int rc)
{
	if (rc == 0 && cb->ar_result) {
		memcpy(&r->dst, cb->ar_result->ai_addr, cb->ar_result->ai_addrlen);
		r->have_dst = true;
		rr_step_end(r, RR_STEP_LOOKUP);
	} else if (rc == EAI_SYSTEM) {
		rr_fail_call(r, RR_STEP_LOOKUP, "getaddrinfo_a", errno, rc);
	} else {
		/* The resolver's reason goes in status; errno has none. */
		rr_fail_call(r, RR_STEP_LOOKUP, "getaddrinfo_a", 0, rc);
	}
	if (cb->ar_result)
		freeaddrinfo(cb->ar_result);
	cb->ar_result = NULL;
}

void rr_lookup_names(struct rr_result *results, const bool *names, int n,
		     unsigned int timeout_ms)
{
	struct addrinfo hints = { .ai_socktype = SOCK_STREAM };
	/* Requests a resolver thread still holds; kept reachable until exit. */
	static struct gaicb *abandoned;
	struct gaicb *cbs, **list;
	struct timespec deadline, now, left;
	int i, count = 0, pending;

	cbs = calloc((size_t)n, sizeof(*cbs));
	list = calloc((size_t)n, sizeof(*list));
	if (!cbs || !list)
		goto out;

	for (i = 0; i < n; i++) {
		if (!names[i])
			continue;
		cbs[i].ar_name = results[i].target;
		cbs[i].ar_request = &hints;
		list[count++] = &cbs[i];
		rr_step_begin(&results[i], RR_STEP_LOOKUP);
	}
	if (!count)
		goto out;
	if (getaddrinfo_a(GAI_NOWAIT, list, count, NULL)) {
		for (i = 0; i < n; i++)
			if (names[i])
				rr_fail_call(&results[i], RR_STEP_LOOKUP,
					     "getaddrinfo_a", 0, EAI_AGAIN);
		goto out;
	}

	clock_gettime(CLOCK_MONOTONIC, &deadline);
	deadline.tv_sec += timeout_ms / 1000;
	deadline.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
	if (deadline.tv_nsec >= 1000000000L) {
		deadline.tv_sec++;
		deadline.tv_nsec -= 1000000000L;
	}

	for (;;) {
		pending = 0;
		for (i = 0; i < n; i++) {
			int rc;

			if (!names[i] || results[i].have_dst ||
			    results[i].steps[RR_STEP_LOOKUP].ended)
				continue;
			rc = gai_error(&cbs[i]);
			if (rc == EAI_INPROGRESS)
				pending++;
			else
				lookup_done(&results[i], &cbs[i], rc);
		}
		if (!pending)
			break;
		clock_gettime(CLOCK_MONOTONIC, &now);
		left.tv_sec = deadline.tv_sec - now.tv_sec;
		left.tv_nsec = deadline.tv_nsec - now.tv_nsec;
		if (left.tv_nsec < 0) {
			left.tv_sec--;
			left.tv_nsec += 1000000000L;
		}
		if (left.tv_sec < 0)
			break;
		/* Wait for any one; list entries that finished are skipped. */
		gai_suspend((const struct gaicb *const *)list, count, &left);
	}

	/* Whatever is still pending missed the deadline. */
	for (i = 0; i < n; i++) {
		if (!names[i] || results[i].steps[RR_STEP_LOOKUP].ended)
			continue;
		/* One still running in a resolver thread must outlive us. */
		if (gai_cancel(&cbs[i]) != EAI_CANCELED)
			abandoned = cbs;
		rr_fail_deadline(&results[i], RR_STEP_LOOKUP, "getaddrinfo_a");
	}
out:
	free(list);
	if (cbs != abandoned)
		free(cbs);
}
