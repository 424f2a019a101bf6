// SPDX-License-Identifier: GPL-2.0-or-later
#include <arpa/inet.h>
#include <errno.h>
#include <stdint.h>
#include <net/if.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "base/escape.h"
#include "base/numbers.h"
#include "input/targets.h"

/* Digits and dots only: the user meant an IPv4 address. */
static bool looks_ipv4(const char *text)
{
	return strspn(text, "0123456789.") == strlen(text);
}

/* Letters, digits, '-' and '_' in labels of 1-63, at most 253 in all. */
static bool valid_host_name(const char *text)
{
	size_t len = strlen(text), label = 0, i;

	if (len == 0 || len > 253 || text[0] == '-' || text[0] == '.')
		return false;
	if (strspn(text, "abcdefghijklmnopqrstuvwxyz"
			 "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_") != len)
		return false;
	for (i = 0; i <= len; i++) {
		if (text[i] != '.' && text[i] != '\0') {
			if (++label > 63)
				return false;
			continue;
		}
		/* An empty label, but for one trailing dot (a rooted name). */
		if (!label && !(text[i] == '\0' && i))
			return false;
		label = 0;
	}
	return true;
}

static enum rr_target_kind invalid(char *why, size_t why_len,
				   const char *reason)
{
	snprintf(why, why_len, "%s", reason);
	return RR_TARGET_INVALID;
}

/* The scope of fe80::1%SCOPE: an interface name or index that exists. */
static bool parse_scope(const char *scope, uint32_t *index, char *why,
			size_t why_len)
{
	char name[IF_NAMESIZE], shown[64];
	unsigned long long v;

	if (!*scope) {
		snprintf(why, why_len, "empty scope after '%%'");
		return false;
	}
	if (rr_parse_decimal(scope, 1, UINT32_MAX, &v)) {
		if (!if_indextoname((unsigned int)v, name)) {
			snprintf(why, why_len, "no interface with index %llu", v);
			return false;
		}
		*index = (uint32_t)v;
		return true;
	}
	*index = if_nametoindex(scope);
	if (!*index) {
		snprintf(why, why_len, "no interface named '%s'",
			 rr_escape(scope, strlen(scope), shown, sizeof(shown)));
		return false;
	}
	return true;
}

static enum rr_target_kind parse_ipv6(const char *text,
				      struct sockaddr_storage *ss, char *why,
				      size_t why_len)
{
	struct sockaddr_in6 *s6 = (struct sockaddr_in6 *)ss;
	const char *pct = strchr(text, '%');
	size_t len = pct ? (size_t)(pct - text) : strlen(text);
	char addr[INET6_ADDRSTRLEN + 1];

	if (len >= sizeof(addr))
		return invalid(why, why_len, "not a valid IPv6 address");
	memcpy(addr, text, len);
	addr[len] = '\0';
	memset(ss, 0, sizeof(*ss));
	if (inet_pton(AF_INET6, addr, &s6->sin6_addr) != 1)
		return invalid(why, why_len, "not a valid IPv6 address");
	s6->sin6_family = AF_INET6;
	if (pct && !parse_scope(pct + 1, &s6->sin6_scope_id, why, why_len))
		return RR_TARGET_INVALID;
	return RR_TARGET_ADDRESS;
}

/*
 * Addresses as inet_pton reads them (IPv4: four decimal numbers 0-255,
 * no leading zeros), never inet_aton's: "192.168.077.2" is not .63.2.
 */
enum rr_target_kind rr_target_parse(const char *text,
				    struct sockaddr_storage *ss,
				    char *why, size_t why_len)
{
	struct sockaddr_in *s4 = (struct sockaddr_in *)ss;
	struct in_addr aton;

	if (strchr(text, ':'))
		return parse_ipv6(text, ss, why, why_len);
	if (looks_ipv4(text)) {
		memset(ss, 0, sizeof(*ss));
		if (inet_pton(AF_INET, text, &s4->sin_addr) != 1)
			return invalid(why, why_len,
				       "not a valid IPv4 address (want four decimal numbers 0-255, a.b.c.d, no leading zeros)");
		s4->sin_family = AF_INET;
		return RR_TARGET_ADDRESS;
	}
	if (!valid_host_name(text))
		return invalid(why, why_len,
			       "not an IPv4/IPv6 address or host name");
	/* The resolver would read "0x7f.1" as 127.0.0.1: not a name. */
	if (inet_aton(text, &aton))
		return invalid(why, why_len,
			       "not a valid IPv4 address (want four decimal numbers 0-255, a.b.c.d, no leading zeros)");
	return RR_TARGET_NAME;
}


static bool same_address(const struct sockaddr_storage *a,
			 const struct addrinfo *ai)
{
	if (a->ss_family != ai->ai_family)
		return false;
	if (a->ss_family == AF_INET)
		return !memcmp(&((const struct sockaddr_in *)a)->sin_addr,
			       &((const struct sockaddr_in *)ai->ai_addr)->sin_addr,
			       sizeof(struct in_addr));
	return !memcmp(&((const struct sockaddr_in6 *)a)->sin6_addr,
		       &((const struct sockaddr_in6 *)ai->ai_addr)->sin6_addr,
		       sizeof(struct in6_addr));
}

/* Every IPv4 and IPv6 address of the answer, each once, in its order. */
static int keep_addresses(struct rr_name_addrs *found,
			  const struct addrinfo *list)
{
	const struct addrinfo *ai;
	size_t n = 0, i;

	for (ai = list; ai; ai = ai->ai_next)
		n++;
	found->addrs = calloc(n, sizeof(*found->addrs));
	if (!found->addrs)
		return EAI_MEMORY;
	found->n = 0;
	for (ai = list; ai; ai = ai->ai_next) {
		if ((ai->ai_family != AF_INET && ai->ai_family != AF_INET6) ||
		    ai->ai_addrlen > sizeof(found->addrs[0]))
			continue;
		for (i = 0; i < found->n; i++)
			if (same_address(&found->addrs[i], ai))
				break;
		if (i == found->n)
			memcpy(&found->addrs[found->n++], ai->ai_addr,
			       ai->ai_addrlen);
	}
	return found->n ? 0 : EAI_NONAME;
}

static void lookup_done(struct rr_result *r, struct rr_name_addrs *found,
			struct gaicb *cb, int rc)
{
	if (rc == 0)
		rc = keep_addresses(found, cb->ar_result);
	if (rc == 0) {
		r->probe.dst = found->addrs[0];
		r->probe.have_dst = true;
		r->probe.name_addresses = (unsigned int)found->n;
		rr_step_end(&r->out, RR_STEP_LOOKUP);
	} else if (rc == EAI_SYSTEM) {
		rr_fail_call(&r->out, RR_STEP_LOOKUP, "getaddrinfo_a", errno, rc);
	} else {
		/* The resolver's reason goes in status; errno has none. */
		rr_fail_call(&r->out, RR_STEP_LOOKUP, "getaddrinfo_a", 0, rc);
	}
	if (cb->ar_result)
		freeaddrinfo(cb->ar_result);
	cb->ar_result = NULL;
}

/* A host name whose look-up has not ended yet. */
static bool looking_up(const struct rr_result *r)
{
	return r->probe.kind == RR_PROBE_NAME &&
	       !r->out.steps[RR_STEP_LOOKUP].ended &&
	       r->out.fail.kind == RR_FAIL_NONE;
}

/* Every name fails with ERR (positive errno) or resolver code STATUS. */
static void fail_names(struct rr_result *results, size_t n, int err,
		       int status)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (results[i].probe.kind != RR_PROBE_NAME)
			continue;
		rr_step_begin(&results[i].out, RR_STEP_LOOKUP);
		rr_fail_call(&results[i].out, RR_STEP_LOOKUP, "getaddrinfo_a",
			     err, status);
	}
}

/* Time left until DEADLINE; false once it has passed. */
static bool time_left(const struct timespec *deadline, struct timespec *left)
{
	struct timespec now = rr_now();

	*left = rr_ns_ts(rr_ts_ns(deadline) - rr_ts_ns(&now));
	return rr_ts_before(&now, deadline);
}

void rr_lookup_names(struct rr_result *results, struct rr_name_addrs *found,
		     size_t n, unsigned int timeout_ms, int family)
{
	struct addrinfo hints = { .ai_socktype = SOCK_STREAM,
				  .ai_family = family };
	/* Requests a resolver thread still holds; kept reachable until exit. */
	static struct gaicb *abandoned;
	struct gaicb *cbs, **list;
	struct timespec deadline, left;
	size_t i, count = 0, pending;
	int rc;

	for (i = 0; i < n; i++)
		count += results[i].probe.kind == RR_PROBE_NAME;
	if (!count)
		return;
	cbs = calloc(n, sizeof(*cbs));
	list = calloc(count, sizeof(*list));
	if (!cbs || !list) {
		fail_names(results, n, ENOMEM, 0);
		goto out;
	}

	for (i = 0, count = 0; i < n; i++) {
		if (results[i].probe.kind != RR_PROBE_NAME)
			continue;
		cbs[i].ar_name = results[i].probe.target;
		cbs[i].ar_request = &hints;
		list[count++] = &cbs[i];
		rr_step_begin(&results[i].out, RR_STEP_LOOKUP);
	}
	if (getaddrinfo_a(GAI_NOWAIT, list, (int)count, NULL)) {
		fail_names(results, n, 0, EAI_AGAIN);
		goto out;
	}

	deadline = rr_ts_add_ms(rr_now(), timeout_ms);
	for (;;) {
		pending = 0;
		for (i = 0; i < n; i++) {
			if (!looking_up(&results[i]))
				continue;
			rc = gai_error(&cbs[i]);
			if (rc == EAI_INPROGRESS)
				pending++;
			else
				lookup_done(&results[i], &found[i], &cbs[i], rc);
		}
		if (!pending || !time_left(&deadline, &left))
			break;
		/* Wait for any one; list entries that finished are skipped. */
		gai_suspend((const struct gaicb *const *)list, (int)count, &left);
	}

	/* Whatever is still pending missed the deadline. */
	for (i = 0; i < n; i++) {
		if (!looking_up(&results[i]))
			continue;
		/* One still running in a resolver thread must outlive us. */
		if (gai_cancel(&cbs[i]) != EAI_CANCELED)
			abandoned = cbs;
		rr_fail_deadline(&results[i].out, RR_STEP_LOOKUP, "getaddrinfo_a",
				 timeout_ms);
	}
out:
	free(list);
	if (cbs != abandoned)
		free(cbs);
}

void rr_name_addrs_release(struct rr_name_addrs *found, size_t n)
{
	size_t i;

	for (i = 0; found && i < n; i++)
		free(found[i].addrs);
	free(found);
}
