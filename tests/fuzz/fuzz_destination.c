// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rr_target_parse() on any text (the input up to its first NUL).  Checks:
 * - digits and dots are an address exactly when inet_pton(AF_INET) takes
 *   them, and the same address: never inet_aton's reading;
 * - text with a ':' is an address exactly when inet_pton(AF_INET6) takes
 *   what is before the '%' and the scope names an interface that exists;
 * - a name is a host name by the rules targets.h states (letters, digits,
 *   '-', '_', labels of 1-63, 253 in all) that the resolver would not read
 *   as an IPv4 address, and every such text is a name;
 * - a refusal says why, within a WHY of any size;
 * - an address shown by rr_sockaddr_str() parses back to itself.
 */
#include <arpa/inet.h>
#include <net/if.h>
#include <netinet/in.h>

#include "base/sockaddr.h"
#include "input/targets.h"
#include "fuzz.h"

#define DIGITS "0123456789"
#define NAME_CHARS "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ" \
		   DIGITS ".-_"

static bool only_of(const char *s, const char *set)
{
	return strspn(s, set) == strlen(s);
}

/* Labels split at dots; one trailing dot (a rooted name) is allowed. */
static bool ref_host_name(const char *s)
{
	size_t len = strlen(s), start = 0, i;

	if (!len || len > 253 || s[0] == '-' || !only_of(s, NAME_CHARS))
		return false;
	for (i = 0; i <= len; i++) {
		if (s[i] != '.' && s[i] != '\0')
			continue;
		if (i == start && !(i == len && len > 1 && s[i - 1] == '.'))
			return false;	/* an empty label */
		if (i - start > 63)
			return false;
		start = i + 1;
	}
	return true;
}

/* What parse_scope() should accept: an interface index or name. */
static bool ref_scope(const char *scope)
{
	char name[IF_NAMESIZE];
	unsigned long long v = 0;
	const char *c;

	if (!*scope)
		return false;
	if (only_of(scope, DIGITS)) {
		for (c = scope; *c && v <= UINT32_MAX; c++)
			v = v * 10 + (unsigned int)(*c - '0');
		if (v >= 1 && v <= UINT32_MAX)
			return if_indextoname((unsigned int)v, name) != NULL;
	}
	return if_nametoindex(scope) != 0;
}

static void check_ipv6(const char *text, enum rr_target_kind kind,
		       const struct sockaddr_storage *ss)
{
	const struct sockaddr_in6 *s6 = (const void *)ss;
	const char *pct = strchr(text, '%');
	size_t len = pct ? (size_t)(pct - text) : strlen(text);
	char *addr = fuzz_alloc(len + 1);
	char name[IF_NAMESIZE];
	struct in6_addr want;
	bool ok;

	memcpy(addr, text, len);
	addr[len] = '\0';
	ok = inet_pton(AF_INET6, addr, &want) == 1 && (!pct || ref_scope(pct + 1));
	free(addr);
	fuzz_check(ok == (kind == RR_TARGET_ADDRESS));
	if (!ok)
		return;
	fuzz_check(s6->sin6_family == AF_INET6);
	fuzz_check(!memcmp(&s6->sin6_addr, &want, sizeof(want)));
	fuzz_check(!pct || if_indextoname(s6->sin6_scope_id, name));
	fuzz_check(pct || !s6->sin6_scope_id);
}

static void check_ipv4(const char *text, enum rr_target_kind kind,
		       const struct sockaddr_storage *ss)
{
	const struct sockaddr_in *s4 = (const void *)ss;
	struct in_addr want;
	bool ok = inet_pton(AF_INET, text, &want) == 1;

	fuzz_check(ok == (kind == RR_TARGET_ADDRESS));
	if (!ok)
		return;
	fuzz_check(s4->sin_family == AF_INET);
	fuzz_check(s4->sin_addr.s_addr == want.s_addr);
}

static void check_other(const char *text, enum rr_target_kind kind)
{
	struct in_addr aton;
	bool name = ref_host_name(text) && !inet_aton(text, &aton);

	fuzz_check(kind != RR_TARGET_ADDRESS);
	fuzz_check(name == (kind == RR_TARGET_NAME));
}

/* An address as rdma-route shows it parses back to the same address. */
static void check_shown(const struct sockaddr_storage *ss)
{
	struct sockaddr_storage again;
	char *shown = fuzz_alloc(64), why[256];

	rr_sockaddr_str(ss, shown, 64);
	fuzz_check(memchr(shown, '\0', 64));
	fuzz_check(rr_target_parse(shown, &again, why, sizeof(why)) ==
		   RR_TARGET_ADDRESS);
	fuzz_check(again.ss_family == ss->ss_family);
	if (ss->ss_family == AF_INET) {
		fuzz_check(!memcmp(&((struct sockaddr_in *)&again)->sin_addr,
				   &((const struct sockaddr_in *)ss)->sin_addr,
				   sizeof(struct in_addr)));
	} else {
		const struct sockaddr_in6 *a = (const void *)&again;
		const struct sockaddr_in6 *b = (const void *)ss;

		fuzz_check(!memcmp(&a->sin6_addr, &b->sin6_addr,
				   sizeof(struct in6_addr)));
		fuzz_check(a->sin6_scope_id == b->sin6_scope_id);
	}
	free(shown);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size), *why, big_why[512];
	/* A small WHY too, of a size the input picks: no overflow, cut. */
	size_t why_len = 1 + (size ? data[size - 1] % 24 : 0);
	struct sockaddr_storage ss, ss2;
	enum rr_target_kind kind;

	memset(big_why, 0x55, sizeof(big_why));
	kind = rr_target_parse(text, &ss, big_why, sizeof(big_why));
	fuzz_check(kind == RR_TARGET_INVALID || kind == RR_TARGET_ADDRESS ||
		   kind == RR_TARGET_NAME);
	if (kind == RR_TARGET_INVALID)
		fuzz_check(memchr(big_why, '\0', sizeof(big_why)) &&
			   big_why[0] != '\0');

	if (strchr(text, ':'))
		check_ipv6(text, kind, &ss);
	else if (only_of(text, DIGITS "."))
		check_ipv4(text, kind, &ss);
	else
		check_other(text, kind);
	if (kind == RR_TARGET_ADDRESS)
		check_shown(&ss);

	why = fuzz_alloc(why_len);
	fuzz_check(rr_target_parse(text, &ss2, why, why_len) == kind);
	fuzz_check(kind != RR_TARGET_INVALID || memchr(why, '\0', why_len));
	free(why);
	free(text);
	return 0;
}
