// SPDX-License-Identifier: GPL-2.0-or-later
#include <stddef.h>
#include <stdio.h>

#include "model/probe/hop.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#define COUNTER_KEY(key, field, error) #key,
static const char *const counter_keys[] = { RR_HOP_COUNTERS(COUNTER_KEY) };
#undef COUNTER_KEY
#define COUNTER_ERROR(key, field, error) error,
static const bool counter_errors[] = { RR_HOP_COUNTERS(COUNTER_ERROR) };
#undef COUNTER_ERROR

const char *rr_hop_counter_key(enum rr_hop_counter c)
{
	return (size_t)c < ARRAY_SIZE(counter_keys) ? counter_keys[c] : "unknown";
}

bool rr_hop_counter_is_error(enum rr_hop_counter c)
{
	return (size_t)c < ARRAY_SIZE(counter_errors) && counter_errors[c];
}

int rr_hop_errors(const struct rr_hop *h)
{
	int c, n = 0;

	for (c = 0; h->have_counters && c < RR_HC_COUNT; c++)
		n += rr_hop_counter_is_error(c) && h->counters[c];
	return n;
}

const char *rr_hop_errors_text(const struct rr_hop *h, char *buf, size_t len)
{
	size_t used = 0;
	int c;

	buf[0] = '\0';
	for (c = 0; h->have_counters && c < RR_HC_COUNT && used < len; c++)
		if (rr_hop_counter_is_error(c) && h->counters[c])
			used += (size_t)snprintf(buf + used, len - used,
						 "%s%s %u", used ? ", " : "",
						 counter_keys[c], h->counters[c]);
	return buf;
}

const char *rr_node_type_name(enum rr_node_type type)
{
	static const char *const names[] = {
		[RR_NODE_CA] = "ca",
		[RR_NODE_SWITCH] = "switch",
		[RR_NODE_ROUTER] = "router",
	};

	return (size_t)type < ARRAY_SIZE(names) && names[type] ? names[type] :
								    "unknown";
}

void rr_hops_judge(struct rr_hop *hops, int n, double rate_gbps,
		   unsigned int mtu)
{
	struct rr_hop *first = NULL, *last = NULL;
	double top_rate = 0, end_rate;
	unsigned int top_mtu = 0, end_mtu;
	bool marked = false;
	int i;

	for (i = 0; i < n; i++) {
		if (!hops[i].have_link)
			continue;
		if (!first)
			first = &hops[i];
		last = &hops[i];
		if (hops[i].rate_gbps > top_rate)
			top_rate = hops[i].rate_gbps;
		if (hops[i].mtu > top_mtu)
			top_mtu = hops[i].mtu;
	}
	if (!first)
		return;
	end_rate = first->rate_gbps < last->rate_gbps ? first->rate_gbps :
							last->rate_gbps;
	end_mtu = first->mtu < last->mtu ? first->mtu : last->mtu;
	for (i = 0; i < n; i++) {
		struct rr_hop *h = &hops[i];

		if (!h->have_link)
			continue;
		h->below_ends = (h->rate_gbps && h->rate_gbps < end_rate) ||
				(h->mtu && h->mtu < end_mtu);
		/* A path as fast and as wide as every link has no bottleneck. */
		if (!marked &&
		    ((rate_gbps && h->rate_gbps == rate_gbps &&
		      rate_gbps < top_rate) ||
		     (mtu && h->mtu == mtu && mtu < top_mtu))) {
			h->bottleneck = true;
			marked = true;
		}
	}
}
