// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The witness's text (src/model/probe/peer_facts.c), as a REP's private data
 * or a witness's answer brings it from anywhere on the network: any
 * bytes to rr_peer_facts_parse().  Checks:
 * - it never reads past the input (ASan: the input is copied to a buffer
 *   of exactly its size, not NUL-terminated);
 * - a text it takes is known, its strings NUL-terminated within their
 *   arrays and printable without a space, at most RR_PEER_MAX_PORTS
 *   ports, a VLAN of -1 or 0-4095, a GID type it can write back;
 * - what it took, written again (whole and brief), is read back to the
 *   same facts: the writer and the reader agree on every value;
 * - a text it refuses says why;
 * - a witness's refusal (busy, denied) read from the same bytes has a
 *   printable word, and written again is read back the same.
 */
#include "model/probe/peer_facts.h"
#include "fuzz.h"

static void check_name(const char *s, size_t len)
{
	size_t n = strnlen(s, len), i;

	fuzz_check(n < len);
	for (i = 0; i < n; i++)
		fuzz_check((unsigned char)s[i] > 0x20 && (unsigned char)s[i] < 0x7f);
}

static void check_taken(const struct rr_peer_facts *f)
{
	unsigned int i;

	fuzz_check(f->known);
	check_name(f->host, sizeof(f->host));
	check_name(f->version, sizeof(f->version));
	check_name(f->address, sizeof(f->address));
	check_name(f->listen_error, sizeof(f->listen_error));
	fuzz_check(f->num_ports <= RR_PEER_MAX_PORTS);
	for (i = 0; i < f->num_ports; i++) {
		check_name(f->ports[i].device, sizeof(f->ports[i].device));
		check_name(f->ports[i].netdev, sizeof(f->ports[i].netdev));
		fuzz_check(f->ports[i].state >= 0 && f->ports[i].state <= 5);
	}
	fuzz_check(f->gid.vlan >= -1 && f->gid.vlan <= 4095);
	if (f->have_gid) {
		check_name(f->gid.device, sizeof(f->gid.device));
		check_name(f->gid.netdev, sizeof(f->gid.netdev));
		fuzz_check(rr_peer_gid_type_token(f->gid.type) != NULL);
	}
}

/* What BRIEF keeps of F: the rest as the reader leaves it empty. */
static void brief_of(const struct rr_peer_facts *f, struct rr_peer_facts *b)
{
	memset(b, 0, sizeof(*b));
	b->known = true;
	b->echo_max = f->echo_max;
	b->gid.vlan = -1;
	/* Withheld: the echo alone. */
	b->withheld = f->withheld;
	if (f->withheld)
		return;
	b->have_gid = f->have_gid;
	b->gid = f->gid;
	if (!f->have_gid) {
		memset(&b->gid, 0, sizeof(b->gid));
		b->gid.vlan = -1;
	}
	b->netdev_mtu = f->netdev_mtu;
	b->active_mtu = f->active_mtu;
}

static void same(const struct rr_peer_facts *a, const struct rr_peer_facts *b)
{
	unsigned int i;

	fuzz_check(a->echo_max == b->echo_max && a->have_gid == b->have_gid);
	fuzz_check(a->netdev_mtu == b->netdev_mtu && a->active_mtu == b->active_mtu);
	if (a->have_gid)
		fuzz_check(!strcmp(a->gid.device, b->gid.device) &&
			   a->gid.port == b->gid.port && a->gid.index == b->gid.index &&
			   a->gid.type == b->gid.type && a->gid.vlan == b->gid.vlan &&
			   !strcmp(a->gid.netdev, b->gid.netdev));
	fuzz_check(!strcmp(a->host, b->host) && !strcmp(a->version, b->version) &&
		   !strcmp(a->address, b->address));
	fuzz_check(a->listening == b->listening && a->listen_port == b->listen_port &&
		   !strcmp(a->listen_error, b->listen_error));
	fuzz_check(a->port_state == b->port_state);
	fuzz_check(a->have_counters == b->have_counters);
	if (a->have_counters)
		fuzz_check(a->cm_rx_req == b->cm_rx_req && a->have_pkts == b->have_pkts &&
			   (!a->have_pkts || a->rcvd_pkts == b->rcvd_pkts));
	fuzz_check(a->num_ports == b->num_ports);
	for (i = 0; i < a->num_ports; i++)
		fuzz_check(!strcmp(a->ports[i].device, b->ports[i].device) &&
			   a->ports[i].port == b->ports[i].port &&
			   a->ports[i].state == b->ports[i].state &&
			   !strcmp(a->ports[i].netdev, b->ports[i].netdev) &&
			   a->ports[i].active_mtu == b->ports[i].active_mtu);
}

/* A refusal read from IN, written again and read back the same. */
static void refusal(const char *in, size_t size)
{
	char word[RR_PEER_NAME_LEN], again[RR_PEER_NAME_LEN], text[128];
	enum rr_peer_refusal r = rr_peer_refusal_parse(in, size, word, sizeof(word));
	size_t n;

	check_name(word, sizeof(word));
	if (r == RR_PEER_NOT_REFUSED)
		return;
	n = rr_peer_refusal_write(r, word, text, sizeof(text));
	fuzz_check(n > 0);
	fuzz_check(rr_peer_refusal_parse(text, n, again, sizeof(again)) == r);
	fuzz_check(!strcmp(word, again));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct rr_peer_facts f, g, b, h;
	static char text[RR_PEER_TEXT_MAX];
	char *in = fuzz_alloc(size), why[96] = "";
	size_t n;

	memcpy(in, data, size);
	refusal(in, size);
	if (!rr_peer_facts_parse(in, size, &f, why, sizeof(why))) {
		fuzz_check(why[0]);
		free(in);
		return 0;
	}
	free(in);
	check_taken(&f);
	/* A witness's whole answer fits its bound, or is not written. */
	n = rr_peer_facts_write(&f, false, text, sizeof(text));
	if (n) {
		/* What was read was not from a witness: the whole text has no
		 * listen, state or counters lines; it does now. */
		fuzz_check(rr_peer_facts_parse(text, n, &g, why, sizeof(why)));
		if (!f.have_counters) {
			g.have_counters = g.have_pkts = false;
			g.cm_rx_req = g.rcvd_pkts = 0;
		}
		same(&f, &g);
	}
	n = rr_peer_facts_write(&f, true, text, RR_PEER_REP_LEN);
	if (n) {
		fuzz_check(n <= RR_PEER_REP_LEN);
		fuzz_check(rr_peer_facts_parse(text, n, &h, why, sizeof(why)));
		brief_of(&f, &b);
		same(&b, &h);
		fuzz_check(b.withheld == h.withheld);
	}
	return 0;
}
