// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Golden rendering tests: synthetic results (a RoCE v2 success with its
 * --explain chain, an InfiniBand success with LIDs and a real rate, each
 * kind of failure, a --count statistics block, a batch with its summary)
 * rendered as text, JSON, JSON Lines and Prometheus, and compared byte for
 * byte with the files in tests/unit/output/golden/.  RR_GOLDEN_UPDATE=1 writes the
 * files instead (then read the diff before committing it).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <stdlib.h>
#include <rdma/rdma_cma.h>

#include "model/explain/chain.h"
#include "output/printer.h"
#include "output/render.h"
#include "model/probe/result.h"
#include "../tap.h"

#ifndef RR_GOLDEN_DIR
#error "RR_GOLDEN_DIR: where the expected files are"
#endif

/* A clock of our own: every step starts and ends where we say. */
static void step(struct rr_result *r, enum rr_step s, long start_us,
		 long end_us)
{
	r->out.steps[s].start = (struct timespec){ 1000 + start_us / 1000000,
					       (start_us % 1000000) * 1000 };
	r->out.steps[s].end = (struct timespec){ 1000 + end_us / 1000000,
					     (end_us % 1000000) * 1000 };
	r->out.steps[s].started = true;
	r->out.steps[s].ended = end_us >= 0;
}

static void addr(struct sockaddr_storage *ss, const char *text)
{
	struct sockaddr_in *s4 = (struct sockaddr_in *)ss;
	struct sockaddr_in6 *s6 = (struct sockaddr_in6 *)ss;

	memset(ss, 0, sizeof(*ss));
	if (inet_pton(AF_INET, text, &s4->sin_addr) == 1) {
		s4->sin_family = AF_INET;
		return;
	}
	inet_pton(AF_INET6, text, &s6->sin6_addr);
	s6->sin6_family = AF_INET6;
}

static void gid(uint8_t out[16], const char *text)
{
	inet_pton(AF_INET6, text, out);
}

/* The base of every result: destination, address, start. */
static void base(struct rr_result *r, const char *target, const char *dst,
		 long start_us)
{
	memset(r, 0, sizeof(*r));
	r->probe.target = target;
	r->out.timeout_ms = 2000;
	r->out.start_ms = start_us / 1000.0;
	r->out.have_start = true;
	if (dst) {
		addr(&r->probe.dst, dst);
		r->probe.have_dst = true;
	}
}

/* A RoCE v2 success on rxe0 as the lab gives one. */
static void roce_success(struct rr_result *r, const char *target,
			 const char *dst, long t)
{
	struct rr_path *p;

	base(r, target, dst, t);
	addr(&r->out.src, "192.168.77.1");
	r->out.have_src = true;
	snprintf(r->out.device, sizeof(r->out.device), "rxe0");
	r->out.port = 1;
	r->out.link_layer = RR_LL_ETHERNET;
	r->out.gid_type = RR_GID_ROCE_V2;
	r->out.used = (struct rr_used){
		.port_space = "tcp", .tos = 0, .tos_from = RR_TOS_DEFAULT,
		.sgid_index = 1, .have_sgid_index = true,
		.roce_mode = RR_GID_ROCE_V2, .port_rate_gbps = 10,
	};
	step(r, RR_STEP_TOTAL, t, t + 13998);
	step(r, RR_STEP_CREATE_ID, t, t + 86);
	step(r, RR_STEP_RESOLVE_ADDR, t + 100, t + 11788);
	step(r, RR_STEP_RESOLVE_ROUTE, t + 11800, t + 13756);
	r->out.paths = calloc(1, sizeof(*r->out.paths));
	r->out.num_paths = 1;
	p = r->out.paths;
	gid(p->dgid, "::ffff:192.168.77.2");
	gid(p->sgid, "::ffff:192.168.77.1");
	p->dlid = 0xd7da;	/* MAC bytes on Ethernet: never shown */
	p->flow_label = 0x88046a;
	p->hop_limit = 64;
	p->reversible = true;
	p->numb_path = 1;
	p->pkey = 0xffff;
	p->mtu_selector = 2;
	p->mtu = 3;
	p->rate_selector = 2;
	p->packet_life_time_selector = 2;
	p->packet_life_time = 18;
	p->preference = 43;
	r->out.ok = true;
}

/* The whole chain of a working RoCE path, as --explain gathers it. */
static struct rr_chain *roce_chain(const struct rr_result *r)
{
	struct rr_chain *c = calloc(1, sizeof(*c));
	struct rr_port_facts *pf = &c->device.port;

	c->full = true;
	c->route.looked_up = true;
	snprintf(c->route.netdev, sizeof(c->route.netdev), "veth0");
	c->route.netdev_up = true;
	c->route.netdev_mtu = 1500;
	addr(&c->route.src, "192.168.77.1");
	c->route.have_src = true;
	c->device.found = true;
	snprintf(pf->device, sizeof(pf->device), "rxe0");
	pf->port = 1;
	snprintf(pf->netdev, sizeof(pf->netdev), "veth0");
	pf->state = 4;
	pf->phys_state = 5;
	pf->link_layer = RR_LL_ETHERNET;
	pf->active_mtu = 1024;
	pf->max_mtu = 4096;
	snprintf(pf->rate, sizeof(pf->rate), "10 Gb/sec (1X FDR10)");
	pf->rate_gbps = 10;
	c->gid.found = true;
	c->gid.from_path = true;
	c->gid.used.index = 1;
	gid(c->gid.used.gid, "::ffff:192.168.77.1");
	c->gid.used.type = RR_GID_ROCE_V2;
	snprintf(c->gid.used.netdev, sizeof(c->gid.used.netdev), "veth0");
	c->gid.used.vlan = -1;
	c->neigh.looked_up = true;
	c->neigh.found = true;
	addr(&c->neigh.addr, "192.168.77.2");
	snprintf(c->neigh.lladdr, sizeof(c->neigh.lladdr), "da:d7:9a:0d:52:0c");
	c->neigh.nud = 0x02;
	snprintf(c->neigh.nud_name, sizeof(c->neigh.nud_name), "REACHABLE");
	rr_chain_judge(c, r);
	return c;
}

/* An InfiniBand success from the SA: LIDs, SL 3, 100 Gb/s, two paths. */
static void ib_success(struct rr_result *r)
{
	int i;

	base(r, "0x0002c90300000103", NULL, 0);
	r->out.have_start = false;
	snprintf(r->out.device, sizeof(r->out.device), "mlx5_0");
	r->out.port = 1;
	r->out.link_layer = RR_LL_INFINIBAND;
	r->out.gid_type = RR_GID_IB;
	step(r, RR_STEP_TOTAL, 0, 4200);
	step(r, RR_STEP_OPEN_PORT, 0, 3100);
	step(r, RR_STEP_FIND_SM, 3100, 3150);
	step(r, RR_STEP_SA_QUERY, 3200, 4200);
	r->out.paths = calloc(2, sizeof(*r->out.paths));
	r->out.num_paths = 2;
	for (i = 0; i < 2; i++) {
		struct rr_path *p = &r->out.paths[i];

		gid(p->dgid, "fe80::2:c903:0:103");
		gid(p->sgid, "fe80::2:c903:0:101");
		p->dlid = (uint16_t)(5 + i);
		p->slid = 2;
		p->reversible = true;
		p->pkey = 0x8001;
		p->sl = 3;
		p->mtu_selector = 2;
		p->mtu = 5;
		p->rate_selector = 2;
		p->rate = 16;
		p->packet_life_time_selector = 2;
		p->packet_life_time = 16;
		p->have_sa_fields = true;
		p->qos_class = (uint16_t)(5 * (1 - i));
	}
	/* The RDMA IP CM's TCP space, and one of all 64 bits. */
	r->out.paths[0].service_id = 0x0000000001060000ULL;
	r->out.paths[1].service_id = 0xfedcba9876543210ULL;
	r->out.ok = true;
}

static void fail(struct rr_result *r, enum rr_step s, enum rr_fail_kind kind,
		 const char *call, int err, int event, int status,
		 enum rr_cause cause, const char *detail)
{
	r->out.fail = (struct rr_failure){ .step = s, .kind = kind, .call = call,
					   .err = err, .event = event,
					   .status = status, .cause = cause,
					   .detail = detail,
					   .deadline_ms = 3000 };
	r->out.ok = false;
}

/* A silent neighbour, with its root cause. */
static void neigh_timeout(struct rr_result *r, const char *target, long t)
{
	struct rr_chain *c;

	base(r, target, target, t);
	step(r, RR_STEP_TOTAL, t, -1);
	step(r, RR_STEP_CREATE_ID, t, t + 66);
	step(r, RR_STEP_RESOLVE_ADDR, t + 70, t + 521029);
	r->out.steps[RR_STEP_TOTAL].end = r->out.steps[RR_STEP_RESOLVE_ADDR].end;
	r->out.steps[RR_STEP_TOTAL].ended = true;
	fail(r, RR_STEP_RESOLVE_ADDR, RR_FAIL_EVENT, "rdma_resolve_addr",
	     ETIMEDOUT, RDMA_CM_EVENT_ADDR_ERROR, -ETIMEDOUT,
	     RR_CAUSE_NEIGH_TIMEOUT, NULL);
	c = roce_chain(r);
	c->full = false;
	c->gid.from_path = false;
	c->neigh.lladdr[0] = '\0';
	c->neigh.looked_up = true;
	c->neigh.found = true;
	addr(&c->neigh.addr, target);
	c->neigh.nud = 0x01;
	snprintf(c->neigh.nud_name, sizeof(c->neigh.nud_name), "INCOMPLETE");
	rr_chain_judge(c, r);
	r->notes.chain = c;
}

enum { MAX_RESULTS = 12 };

struct golden_case {
	const char *name;
	struct rr_result results[MAX_RESULTS];
	int n;
	int destinations;	/* summary: 0 for none */
	unsigned int count;	/* probes per destination, for statistics */
	bool input_error;
};

static void make_roce(struct golden_case *g)
{
	g->name = "roce";
	roce_success(&g->results[0], "192.168.77.2", "192.168.77.2", 116);
	g->results[0].notes.chain = roce_chain(&g->results[0]);
	g->n = 1;
}

static void make_ib(struct golden_case *g)
{
	g->name = "ib";
	ib_success(&g->results[0]);
	g->n = 1;
}

static void make_failures(struct golden_case *g)
{
	static struct rr_expect_failure mtu = {
		"mtu", ">=", "4096", "1024"
	};
	struct rr_result *r = g->results;

	g->name = "failures";
	/* Created with no RDMA CM on the host. */
	base(&r[0], "192.0.2.1", "192.0.2.1", 100);
	step(&r[0], RR_STEP_TOTAL, 100, 102);
	step(&r[0], RR_STEP_CREATE_ID, 100, -1);
	fail(&r[0], RR_STEP_CREATE_ID, RR_FAIL_CALL, "rdma_create_event_channel",
	     ENODEV, -1, 0, RR_CAUSE_NO_RDMA_CM, NULL);
	neigh_timeout(&r[1], "192.168.77.99", 200);
	/* No event before the tool's deadline. */
	base(&r[2], "192.168.77.5", "192.168.77.5", 300);
	step(&r[2], RR_STEP_TOTAL, 300, 3000300);
	step(&r[2], RR_STEP_CREATE_ID, 300, 350);
	step(&r[2], RR_STEP_RESOLVE_ADDR, 360, 3000300);
	fail(&r[2], RR_STEP_RESOLVE_ADDR, RR_FAIL_DEADLINE, "rdma_resolve_addr",
	     0, -1, 0, RR_CAUSE_NO_EVENT, NULL);
	/* A host name that does not resolve. */
	base(&r[3], "nosuch.example", NULL, 400);
	step(&r[3], RR_STEP_LOOKUP, 0, 1500);
	fail(&r[3], RR_STEP_LOOKUP, RR_FAIL_CALL, "getaddrinfo_a", 0, -1,
	     EAI_NONAME, RR_CAUSE_NAME_UNKNOWN, NULL);
	/* The device went away while the address resolved. */
	base(&r[4], "192.168.78.3", "192.168.78.3", 500);
	snprintf(r[4].out.device, sizeof(r[4].out.device), "rxe2");
	r[4].out.port = 1;
	r[4].out.link_layer = RR_LL_ETHERNET;
	step(&r[4], RR_STEP_TOTAL, 500, 900500);
	step(&r[4], RR_STEP_CREATE_ID, 500, 560);
	step(&r[4], RR_STEP_BIND_ADDR, 560, 700);
	step(&r[4], RR_STEP_RESOLVE_ADDR, 710, 900500);
	fail(&r[4], RR_STEP_RESOLVE_ADDR, RR_FAIL_EVENT, "rdma_resolve_addr",
	     0, RDMA_CM_EVENT_DEVICE_REMOVAL, 0, RR_CAUSE_DEVICE_REMOVED, NULL);
	/* The SA knows no such port: a MAD status in detail. */
	base(&r[5], "999", NULL, 0);
	r[5].out.have_start = false;
	snprintf(r[5].out.device, sizeof(r[5].out.device), "mlx5_0");
	r[5].out.port = 1;
	r[5].out.link_layer = RR_LL_INFINIBAND;
	step(&r[5], RR_STEP_TOTAL, 0, 4000);
	step(&r[5], RR_STEP_OPEN_PORT, 0, 3000);
	step(&r[5], RR_STEP_FIND_SM, 3000, 3100);
	step(&r[5], RR_STEP_SA_QUERY, 3200, 4000);
	fail(&r[5], RR_STEP_SA_QUERY, RR_FAIL_CALL, "umad_recv", 0, -1, 0x0300,
	     RR_CAUSE_DEST_UNKNOWN, "MAD status 0x0300: ERR_NO_RECORDS");
	/* A success at the timeout, from a name with three addresses, and
	 * an assertion that did not hold. */
	roce_success(&r[6], "peers.lab", "192.168.77.11", 600);
	r[6].probe.name_addresses = 3;
	r[6].probe.name_skipped = 2;
	r[6].out.late_success = true;
	step(&r[6], RR_STEP_LOOKUP, 0, 80);
	step(&r[6], RR_STEP_RESOLVE_ADDR, 700, 1960700);
	r[6].notes.expect_failures = malloc(sizeof(mtu));
	memcpy(r[6].notes.expect_failures, &mtu, sizeof(mtu));
	r[6].notes.num_expect_failures = 1;
	g->n = 7;
	g->destinations = 7;
	g->input_error = true;
}

static void make_count(struct golden_case *g)
{
	int i;

	g->name = "count";
	g->count = 3;
	for (i = 0; i < 3; i++) {
		roce_success(&g->results[i], "192.168.77.2", "192.168.77.2",
			     116 + i * 200000);
		g->results[i].probe.seq = (unsigned long long)i + 1;
		step(&g->results[i], RR_STEP_RESOLVE_ROUTE, i * 200000 + 11800,
		     i * 200000 + 11800 + 1000 * (i + 1));
	}
	neigh_timeout(&g->results[3], "192.168.77.99", 400);
	g->results[3].probe.seq = 1;
	neigh_timeout(&g->results[4], "192.168.77.99", 200400);
	g->results[4].probe.seq = 2;
	neigh_timeout(&g->results[5], "192.168.77.99", 400400);
	g->results[5].probe.seq = 3;
	g->n = 6;
	g->destinations = 2;
}

/* A destination's N probes counted as a run counts them, then shown. */
static void statistics(struct printer *p, const struct rr_result *probes,
		       int n)
{
	struct rr_dest_stats d = { 0 };
	bool counted = true;
	int i;

	for (i = 0; i < n; i++)
		counted = rr_dest_stats_add(&d, &probes[i]) && counted;
	ok(counted, "%d probes counted", n);
	/* The last probe, shown, not taken: the case releases it. */
	d.last = probes[n - 1];
	d.have_last = false;
	rr_render_statistics(p, &d);
	rr_dest_stats_release(&d);
}

/* Renders G in FORMAT into OUT (and text failures into ERR). */
static void render(struct golden_case *g, enum rr_format format, FILE *out,
		   FILE *err)
{
	struct printer *p = pr_new(format, out, err);
	int i;

	rr_render_begin(p, 2000, g->count ? g->count : 1, 200);
	for (i = 0; i < g->n; i++) {
		rr_render_result(p, &g->results[i], g->count > 1);
		if (g->count > 1 && g->results[i].probe.seq == g->count)
			statistics(p, &g->results[i] - (g->count - 1), g->count);
	}
	if (g->input_error)
		rr_render_input_error(p, "peers.txt", 9, "destination", "192.168.077.2", 13,
				      "not a valid IPv4 address (want four decimal numbers 0-255, a.b.c.d, no leading zeros)");
	if (g->destinations) {
		struct rr_tally t = { 0 };

		for (i = 0; i < g->n; i++)
			rr_tally_add(&t, &g->results[i]);
		rr_render_summary(p, &t, (size_t)g->destinations,
				  g->input_error, NULL);
	}
	pr_finish(p);
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0, n;

	*len = 0;
	if (!f)
		return NULL;
	do {
		if (*len == cap) {
			cap = cap ? 2 * cap : 4096;
			buf = realloc(buf, cap);
		}
		n = fread(buf + *len, 1, cap - *len, f);
		*len += n;
	} while (n);
	fclose(f);
	return buf;
}

/* GOT against the file NAME (or written to it, when updating). */
static void compare(const char *name, const char *got, size_t len)
{
	char path[512], *want;
	size_t want_len, i;
	bool written;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", RR_GOLDEN_DIR, name);
	if (getenv("RR_GOLDEN_UPDATE")) {
		f = fopen(path, "wb");
		written = f && fwrite(got, 1, len, f) == len;
		written = f && !fclose(f) && written;
		ok(written, "%s written", name);
		return;
	}
	want = slurp(path, &want_len);
	for (i = 0; want && i < len && i < want_len && got[i] == want[i]; i++)
		;
	ok(want && len == want_len && i == len, "%s as %s%s", name, path,
	   want ? "" : " (missing)");
	if (want && (len != want_len || i != len))
		printf("# first difference at byte %zu: got '%.60s', want '%.60s'\n",
		       i, got + i, want + i);
	free(want);
}

static void check_case(struct golden_case *g)
{
	static const struct { enum rr_format f; const char *ext; } formats[] = {
		{ RR_FORMAT_TEXT, "text" }, { RR_FORMAT_JSON, "json" },
		{ RR_FORMAT_JSONL, "jsonl" }, { RR_FORMAT_PROM, "prom" },
	};
	char name[64], *out, *err;
	size_t out_len, err_len, i;
	FILE *fo, *fe;

	for (i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
		fo = open_memstream(&out, &out_len);
		fe = open_memstream(&err, &err_len);
		render(g, formats[i].f, fo, fe);
		fclose(fo);
		fclose(fe);
		snprintf(name, sizeof(name), "%s.%s", g->name, formats[i].ext);
		compare(name, out, out_len);
		if (formats[i].f == RR_FORMAT_TEXT) {
			snprintf(name, sizeof(name), "%s.text.stderr", g->name);
			compare(name, err, err_len);
		} else {
			ok(err_len == 0, "%s: nothing on stderr", name);
		}
		free(out);
		free(err);
	}
	for (i = 0; i < (size_t)g->n; i++)
		rr_result_release(&g->results[i]);
}

int main(void)
{
	void (*makers[])(struct golden_case *) = {
		make_roce, make_ib, make_failures, make_count,
	};
	static struct golden_case g;
	size_t i;

	for (i = 0; i < sizeof(makers) / sizeof(makers[0]); i++) {
		memset(&g, 0, sizeof(g));
		makers[i](&g);
		check_case(&g);
	}
	return tap_done();
}
