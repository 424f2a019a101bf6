// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What a result holds of its peer, rendered (src/output/render_evidence.c
 * through rr_render_result): the peer's claims said as its word in text,
 * and its counters, which a peer may give as any 64-bit number, printed
 * unsigned in text, JSON and JSON Lines.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/explain/chain.h"
#include "model/probe/decide_connect.h"
#include "model/probe/peer_facts.h"
#include "output/printer.h"
#include "output/render.h"
#include "../tap.h"

/*
 * A connection request unanswered, judged from b's witness: its GID on
 * VLAN 42 (this side on none), its counters past INT64_MAX.
 */
static void vlan_claimed(struct rr_result *r, struct rr_peer_facts *f,
			 struct rr_chain *chain)
{
	struct rr_ev_counters *c = &r->out.evidence.counters;

	memset(r, 0, sizeof(*r));
	memset(f, 0, sizeof(*f));
	memset(chain, 0, sizeof(*chain));
	r->probe.target = "192.168.90.2";
	rr_fail_deadline(&r->out, RR_STEP_CONNECT, "rdma_connect", 2000);
	rr_ev_set(&r->out.evidence, RR_EV_ICMP, RR_EVA_ANSWERED, 1.5, "echo reply");
	rr_ev_set(&r->out.evidence, RR_EV_CM_OTHER, RR_EVA_NO_ANSWER, -1, "nothing");
	rr_ev_set(&r->out.evidence, RR_EV_WITNESS, RR_EVA_ANSWERED, 2.5,
		  "b says rxe0 port 1 GID 1 (RoCEv2, eth0.42, VLAN 42) holds the address, it listens");
	f->known = f->from_witness = f->listening = true;
	snprintf(f->host, sizeof(f->host), "b");
	f->have_gid = true;
	snprintf(f->gid.device, sizeof(f->gid.device), "rxe0");
	f->gid.port = 1;
	f->gid.index = 1;
	snprintf(f->gid.netdev, sizeof(f->gid.netdev), "eth0.42");
	f->gid.vlan = 42;
	f->have_counters = f->have_pkts = true;
	f->cm_rx_req = 18446744073709551615ULL;
	f->rcvd_pkts = 9223372036854775808ULL;
	c->have = c->have_pkts = true;
	c->cm_req_before = c->cm_req_after = 18446744073709551614ULL;
	c->pkts_before = c->pkts_after = 9223372036854775809ULL;
	r->out.peer = f;
	chain->full = true;	/* --explain: text shows the evidence */
	r->notes.chain = chain;
}

static char *rendered(enum rr_format format, const struct rr_result *r)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	struct printer *p = pr_new(format, out, out);

	rr_render_begin(p, 2000, 1, 200);
	rr_render_result(p, r, false);
	pr_finish(p);
	fclose(out);
	return text;
}

static bool has(const char *text, const char *want)
{
	if (text && strstr(text, want))
		return true;
	printf("# no '%s'\n", want);
	return false;
}

static void counters_unsigned(const struct rr_result *r)
{
	static const struct {
		enum rr_format format;
		const char *name, *sep;
	} formats[] = {
		{ RR_FORMAT_JSON, "JSON", ": " },
		{ RR_FORMAT_JSONL, "JSON Lines", ":" },
	};
	static const char *const members[][2] = {
		{ "cm_requests_received", "18446744073709551615" },
		{ "packets_received", "9223372036854775808" },
		{ "cm_requests_before", "18446744073709551614" },
		{ "cm_requests_after", "18446744073709551614" },
		{ "packets_before", "9223372036854775809" },
		{ "packets_after", "9223372036854775809" },
	};
	char want[96];
	size_t f, k;

	for (f = 0; f < sizeof(formats) / sizeof(*formats); f++) {
		char *text = rendered(formats[f].format, r);
		bool all = true;

		for (k = 0; k < sizeof(members) / sizeof(*members); k++) {
			snprintf(want, sizeof(want), "\"%s\"%s%s", members[k][0],
				 formats[f].sep, members[k][1]);
			all = has(text, want) && all;
		}
		ok(all, "%s: the peer's counters past INT64_MAX as themselves",
		   formats[f].name);
		free(text);
	}
}

static void text_says_claims(const struct rr_result *r)
{
	char *text = rendered(RR_FORMAT_TEXT, r);

	ok(has(text, "cm requests received       18446744073709551615\n") &&
	   has(text, "packets received           9223372036854775808\n") &&
	   has(text, "cm requests before         18446744073709551614\n"),
	   "text: the counters unsigned");
	ok(has(text, "\n  peer: what b says of itself on its witness (its word, not measured here)\n"),
	   "text: the peer's facts under a heading that says they are its word");
	ok(has(text, "\n  the peer's counters before and after, as its witness says them\n"),
	   "text: its counters too");
	ok(has(text, "detail                       b's witness says the GID that holds the address (rxe0 port 1, eth0.42) is on VLAN 42; this side's interface is on no VLAN\n"),
	   "text: the cause's detail says b's witness says it");
	free(text);
}

int main(void)
{
	static struct rr_result r;
	static struct rr_peer_facts f;
	static struct rr_chain chain;

	vlan_claimed(&r, &f, &chain);
	ok(rr_decide_connect(&r, -1) && r.out.fail.cause == RR_CAUSE_VLAN_MISMATCH,
	   "decided from b's word: vlan_mismatch");
	counters_unsigned(&r);
	text_says_claims(&r);
	return tap_done();
}
