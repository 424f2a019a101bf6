// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of src/model/probe/peer_facts.c: the witness's text written and
 * read back, the REP's brief form within its 196 bytes, and text that
 * is not a witness's refused with the reason.
 */
#include <string.h>

#include "model/probe/peer_facts.h"
#include "../../tap.h"

static void full(struct rr_peer_facts *f)
{
	memset(f, 0, sizeof(*f));
	f->known = true;
	snprintf(f->host, sizeof(f->host), "rdma-route-lab-b");
	snprintf(f->version, sizeof(f->version), "0.1.0");
	snprintf(f->address, sizeof(f->address), "192.168.90.2");
	f->listening = true;
	f->listen_port = 7471;
	f->echo_max = 1048576;
	f->have_gid = true;
	snprintf(f->gid.device, sizeof(f->gid.device), "rxe0");
	f->gid.port = 1;
	f->gid.index = 1;
	f->gid.type = RR_GID_ROCE_V2;
	snprintf(f->gid.netdev, sizeof(f->gid.netdev), "eth0.10");
	f->gid.vlan = 10;
	f->netdev_mtu = 1500;
	f->active_mtu = 1024;
	f->port_state = 4;
	f->have_counters = true;
	f->cm_rx_req = 12;
	f->have_pkts = true;
	f->rcvd_pkts = 18446744073709551615ULL;
	f->num_ports = 2;
	snprintf(f->ports[0].device, sizeof(f->ports[0].device), "rxe0");
	f->ports[0].port = 1;
	f->ports[0].state = 4;
	snprintf(f->ports[0].netdev, sizeof(f->ports[0].netdev), "eth0");
	f->ports[0].active_mtu = 1024;
	snprintf(f->ports[1].device, sizeof(f->ports[1].device), "mlx5_0");
	f->ports[1].port = 1;
	f->ports[1].state = 1;
	f->ports[1].active_mtu = 4096;
}

static void roundtrip(void)
{
	struct rr_peer_facts f, g;
	char text[RR_PEER_TEXT_MAX], why[96];
	size_t n;

	full(&f);
	n = rr_peer_facts_write(&f, false, text, sizeof(text));
	ok(n > 0 && text[n - 1] == '\n', "the full facts written (%zu bytes)", n);
	ok(!strncmp(text, "rdma-route-witness 1\necho 1048576\ngid rxe0 1 1 RoCEv2 eth0.10 10\nmtu 1500 1024\n", 77),
	   "first the lines a REP carries too");
	ok(rr_peer_facts_parse(text, n, &g, why, sizeof(why)), "read back: %s", why);
	is_str(g.host, "rdma-route-lab-b", "host");
	is_str(g.address, "192.168.90.2", "address");
	ok(g.listening && g.listen_port == 7471 && !g.listen_error[0], "listening on 7471");
	is_int(g.echo_max, 1048576, "echo_max");
	ok(g.have_gid && g.gid.index == 1 && g.gid.type == RR_GID_ROCE_V2 &&
	   g.gid.vlan == 10 && !strcmp(g.gid.netdev, "eth0.10"), "the GID, on VLAN 10");
	ok(g.netdev_mtu == 1500 && g.active_mtu == 1024, "MTUs 1500 and 1024");
	is_int(g.port_state, 4, "port ACTIVE");
	ok(g.have_counters && g.cm_rx_req == 12 && g.have_pkts &&
	   g.rcvd_pkts == 18446744073709551615ULL, "counters, the largest too");
	is_int(g.num_ports, 2, "two ports listed");
	ok(!g.ports[1].netdev[0] && g.ports[1].state == 1 &&
	   g.ports[1].active_mtu == 4096, "a port with no netdev, DOWN");
	ok(g.known, "known");
}

static void brief(void)
{
	struct rr_peer_facts f, g;
	char rep[RR_PEER_REP_LEN], why[96];
	size_t n;

	full(&f);
	/* The longest names a REP may carry: a 63-byte device, 15-byte netdev. */
	memset(f.gid.device, 'd', 63);
	f.gid.device[63] = '\0';
	snprintf(f.gid.netdev, sizeof(f.gid.netdev), "eth0.4094-abcde");
	f.gid.vlan = 4094;
	n = rr_peer_facts_write(&f, true, rep, sizeof(rep));
	ok(n > 0 && n <= RR_PEER_REP_LEN, "the brief form fits a REP (%zu bytes)", n);
	ok(!strstr(rep, "host"), "no host in a REP");
	/* A REP's private data is padded with zeros after it. */
	memset(rep + n, 0, sizeof(rep) - n);
	ok(rr_peer_facts_parse(rep, sizeof(rep), &g, why, sizeof(why)), "a padded REP read: %s", why);
	ok(g.have_gid && g.gid.vlan == 4094 && strlen(g.gid.device) == 63, "its GID read whole");
	ok(!g.host[0] && !g.num_ports, "nothing more than it said");
	is_int(rr_peer_facts_write(&f, true, rep, 40), 0, "too little room: nothing written");
}

/* TEXT refused with WANT in the reason; LABEL names the case. */
static void refused(const char *label, const char *text, const char *want)
{
	struct rr_peer_facts g;
	char why[96] = "";

	ok(!rr_peer_facts_parse(text, strlen(text), &g, why, sizeof(why)) &&
	   strstr(why, want), "%s refused: %s", label, why);
}

static void bad_text(void)
{
	refused("nothing", "", "empty");
	refused("an HTTP answer", "HTTP/1.1 400 Bad Request\r\n\r\n", "not a witness's answer");
	refused("no end line", "rdma-route-witness 1\necho 1\n", "cut short");
	refused("a last line with no newline", "rdma-route-witness 1\necho 1", "has no end");
	refused("a negative echo", "rdma-route-witness 1\necho -1\nend\n", "line 2");
	refused("an echo past 32 bits", "rdma-route-witness 1\necho 4294967296\nend\n", "line 2");
	refused("one MTU of two", "rdma-route-witness 1\nmtu 1500\nend\n", "line 2");
	refused("a GID type unknown", "rdma-route-witness 1\ngid rxe0 1 1 RoCEv3 eth0 -\nend\n", "line 2");
	refused("VLAN 4096", "rdma-route-witness 1\ngid rxe0 1 1 RoCEv2 eth0 4096\nend\n", "line 2");
	refused("a port state unknown", "rdma-route-witness 1\nstate UP\nend\n", "line 2");
	refused("a host name with a space", "rdma-route-witness 1\nhost a b\nend\n", "line 2");
	refused("a host name with an escape", "rdma-route-witness 1\nhost \x1b[31m\nend\n", "line 2");
	refused("two spaces", "rdma-route-witness 1\necho  1\nend\n", "line 2");
	refused("version 2", "rdma-route-witness 2\nend\n", "not a witness's answer");
}

static void lenient(void)
{
	static const char text[] =
		"rdma-route-witness 1\nnewer key 1 2 3\necho 64\nend\ntrailing";
	struct rr_peer_facts g;
	char why[96];

	ok(rr_peer_facts_parse(text, sizeof(text) - 1, &g, why, sizeof(why)) &&
	   g.echo_max == 64, "a newer key skipped, what follows end ignored");
	ok(!g.have_gid && g.gid.vlan == -1, "no gid line: none, no VLAN");
}

/* A REP to a source not allowed: its echo, "withheld", nothing more. */
static void withheld(void)
{
	struct rr_peer_facts f, g;
	char rep[RR_PEER_REP_LEN], why[96];
	size_t n;

	full(&f);
	f.withheld = true;
	n = rr_peer_facts_write(&f, true, rep, sizeof(rep));
	rep[n] = '\0';
	ok(!strcmp(rep, "rdma-route-witness 1\necho 1048576\nwithheld\nend\n"),
	   "a withheld REP: the echo alone (%zu bytes)", n);
	ok(rr_peer_facts_parse(rep, n, &g, why, sizeof(why)) && g.withheld &&
	   g.echo_max == 1048576 && !g.have_gid && !g.active_mtu && !g.netdev_mtu,
	   "read back: withheld, its echo, no GID nor MTU");
	full(&f);
	n = rr_peer_facts_write(&f, true, rep, sizeof(rep));
	ok(rr_peer_facts_parse(rep, n, &g, why, sizeof(why)) && !g.withheld,
	   "an allowed source's REP: not withheld");
	refused("withheld with a value", "rdma-route-witness 1\nwithheld yes\nend\n", "line 2");
}

/* TEXT read as a refusal: WANT, its word WORD. */
static void refusal(const char *text, enum rr_peer_refusal want,
		    const char *word, const char *what)
{
	char got[RR_PEER_NAME_LEN] = "?";

	ok(rr_peer_refusal_parse(text, strlen(text), got, sizeof(got)) == want &&
	   !strcmp(got, word), "%s (word '%s')", what, got);
}

static void refusals(void)
{
	char buf[128];
	size_t n;

	n = rr_peer_refusal_write(RR_PEER_BUSY, "rate", buf, sizeof(buf));
	ok(n && !memcmp(buf, "rdma-route-witness 1\nbusy rate\n", n) &&
	   n == strlen("rdma-route-witness 1\nbusy rate\n"), "busy rate written");
	n = rr_peer_refusal_write(RR_PEER_DENIED, NULL, buf, sizeof(buf));
	ok(n == strlen("rdma-route-witness 1\ndenied\n") &&
	   !memcmp(buf, "rdma-route-witness 1\ndenied\n", n), "denied written");
	is_int(rr_peer_refusal_write(RR_PEER_BUSY, "clients", buf, 20), 0,
	       "too little room: nothing");
	refusal("rdma-route-witness 1\nbusy rate\n", RR_PEER_BUSY, "rate", "busy, rate");
	refusal("rdma-route-witness 1\nbusy\n", RR_PEER_BUSY, "", "busy, no word");
	refusal("rdma-route-witness 1\ndenied\nmore", RR_PEER_DENIED, "", "denied, what follows ignored");
	refusal("rdma-route-witness 1\nbusy rate", RR_PEER_NOT_REFUSED, "", "busy's line not whole yet");
	refusal("rdma-route-witness 1\n", RR_PEER_NOT_REFUSED, "", "the first line alone");
	refusal("rdma-route-witness 1\necho 0\nbusy\n", RR_PEER_NOT_REFUSED, "",
		"busy after an answer's line: not a refusal");
	refusal("rdma-route-witness 1\nbusy a b\n", RR_PEER_NOT_REFUSED, "", "two words");
	refusal("rdma-route-witness 1\nbusy \x1b[2J\n", RR_PEER_NOT_REFUSED, "",
		"a control character");
	refusal("rdma-route-witness 1\ndenied now\n", RR_PEER_NOT_REFUSED, "", "denied with a word");
	refusal("rdma-route-witness 2\nbusy\n", RR_PEER_NOT_REFUSED, "", "another version");
	refusal("busy\n", RR_PEER_NOT_REFUSED, "", "no first line");
	/* An older prober reads a refusal as no answer: cut short. */
	refused("busy, to an older reader", "rdma-route-witness 1\nbusy rate\n", "cut short");
}

int main(void)
{
	roundtrip();
	brief();
	bad_text();
	lenient();
	withheld();
	refusals();
	return tap_done();
}
