// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rr_umad_ca_port() and rr_umad_choose() on CAs of any facts (node types,
 * states and physical states of any int, ports present or not, of either
 * link layer) and any asked port, against the rule umad_choice.h states:
 * - a switch: port 0, 1;
 * - a port asked (> 0): unchanged, 1 when it is a present InfiniBand port
 *   ACTIVE, 0 when such a port is not disabled, else -1;
 * - else the first ACTIVE InfiniBand port (1), else the first InfiniBand
 *   one with its link up (0), else the first present one not disabled
 *   (0), else -1 with the port unchanged;
 * - among CAs, the first whose port is ACTIVE, else the first usable; no
 *   choice (nothing changed) when none is.
 * Each CA takes 3 + 4 * RR_UMAD_MAX_PORTS bytes; the first byte is the
 * port asked (as a signed byte).
 */
#include "mad/umad_choice.h"
#include "fuzz.h"

#define CA_BYTES (3 + 4 * RR_UMAD_MAX_PORTS)

/* Small values, mostly: the ones the rule names come often. */
static int fact(uint8_t b)
{
	return b < 0xf0 ? b % 8 : (int)(int8_t)b * 0x1000001;
}

static void ca_of(const uint8_t *d, struct rr_umad_ca_facts *ca)
{
	int i;

	memset(ca, 0, sizeof(*ca));
	ca->node_type = fact(d[0]);
	for (i = 0; i < RR_UMAD_MAX_PORTS; i++) {
		const uint8_t *p = d + 3 + 4 * i;

		ca->ports[i].present = p[0] & 1;
		ca->ports[i].ib = p[0] & 2;
		ca->ports[i].state = fact(p[1]);
		ca->ports[i].phys_state = fact(p[2]);
	}
}

/* The rule, a pass for each clause. */
static int model_port(const struct rr_umad_ca_facts *ca, int *port)
{
	int i;

	if (ca->node_type == 2) {
		*port = 0;
		return 1;
	}
	if (*port > 0) {
		if (*port >= RR_UMAD_MAX_PORTS || !ca->ports[*port].present ||
		    !ca->ports[*port].ib)
			return -1;
		if (ca->ports[*port].state == 4)
			return 1;
		return ca->ports[*port].phys_state == 3 ? -1 : 0;
	}
	for (i = 0; i < RR_UMAD_MAX_PORTS; i++)
		if (ca->ports[i].present && ca->ports[i].ib &&
		    ca->ports[i].state == 4) {
			*port = i;
			return 1;
		}
	for (i = 0; i < RR_UMAD_MAX_PORTS; i++)
		if (ca->ports[i].present && ca->ports[i].ib &&
		    ca->ports[i].phys_state == 5) {
			*port = i;
			return 0;
		}
	for (i = 0; i < RR_UMAD_MAX_PORTS; i++)
		if (ca->ports[i].present && ca->ports[i].phys_state != 3) {
			*port = i;
			return 0;
		}
	return -1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rr_umad_ca_facts *cas;
	int n, i, asked, p, q, got, want, ca, want_ca, want_port, port;
	bool chosen;

	if (!size)
		return 0;
	asked = (int8_t)data[0];
	n = (int)((size - 1) / CA_BYTES);
	if (n > RR_UMAD_MAX_CAS)
		n = RR_UMAD_MAX_CAS;
	cas = fuzz_alloc((size_t)n * sizeof(*cas));
	for (i = 0; i < n; i++)
		ca_of(data + 1 + (size_t)i * CA_BYTES, &cas[i]);

	want_ca = -1;
	want_port = asked;
	for (i = 0; i < n; i++) {
		p = q = asked;
		got = rr_umad_ca_port(&cas[i], &p);
		want = model_port(&cas[i], &q);
		fuzz_check(got == want && p == q);
		fuzz_check(got < 0 || (p >= 0 && p < RR_UMAD_MAX_PORTS));
	}
	/* The choice: the first ACTIVE, else the first usable. */
	for (i = 0; i < n && want_ca < 0; i++) {
		q = asked;
		if (model_port(&cas[i], &q) > 0) {
			want_ca = i;
			want_port = q;
		}
	}
	for (i = 0; i < n && want_ca < 0; i++) {
		q = asked;
		if (model_port(&cas[i], &q) == 0) {
			want_ca = i;
			want_port = q;
		}
	}
	ca = -7;
	port = asked;
	chosen = rr_umad_choose(cas, n, &ca, &port);
	fuzz_check(chosen == (want_ca >= 0));
	if (chosen)
		fuzz_check(ca == want_ca && port == want_port);
	else
		fuzz_check(ca == -7 && port == asked);
	free(cas);
	return 0;
}
