// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdio.h>
#include <string.h>
#include <netinet/in.h>

#include "base/clock.h"
#include "base/num_text.h"
#include "base/sockaddr.h"
#include "output/render_listen.h"

/* "192.168.77.1:7471", "[fe80::1%veth0]:7471". */
static const char *endpoint(const struct sockaddr_storage *ss, char *buf,
			    size_t len)
{
	char addr[80];
	unsigned int port = 0;

	if (ss->ss_family == AF_INET)
		port = ntohs(((const struct sockaddr_in *)ss)->sin_port);
	else if (ss->ss_family == AF_INET6)
		port = ntohs(((const struct sockaddr_in6 *)ss)->sin6_port);
	rr_sockaddr_str(ss, addr, sizeof(addr));
	snprintf(buf, len, ss->ss_family == AF_INET6 ? "[%s]:%u" : "%s:%u",
		 addr, port);
	return buf;
}

/* The heading: "PEER: held on rxe0 port 1, established in 0.512 ms". */
static void title_of(const struct rr_connection *c, char *buf, size_t len)
{
	char peer[100], ms[40];
	int used;

	used = snprintf(buf, len, "%s: %s on %s port %u",
			endpoint(&c->peer, peer, sizeof(peer)),
			rr_conn_end_key(c->end), c->device[0] ? c->device : "?",
			c->port);
	if (c->have_established && used > 0 && (size_t)used < len) {
		rr_fixed_text(rr_ts_ms(&c->established, &c->request), 3, ms, NULL);
		snprintf(buf + used, len - (size_t)used, ", established in %s ms", ms);
	}
}

static void render_error(struct printer *p, const struct rr_connection *c)
{
	const char *name = c->err ? strerrorname_np(c->err) : NULL;

	pr_obj_begin(p, "error", NULL);
	if (c->call) {
		pr_str(p, "call", c->call);
		pr_int(p, "errno", c->err);
		pr_str(p, "errno_name", name ? name : "?");
	}
	if (c->event >= 0) {
		pr_int(p, "event", c->event);
		pr_int(p, "event_status", c->status);
	}
	pr_obj_end(p);
}

void rr_render_listen_begin(struct printer *p)
{
	pr_doc_str(p, "version", PACKAGE_VERSION);
	pr_arr_begin(p, "connections");
	pr_arr_end(p);
}

void rr_render_connection(struct printer *p, const struct rr_connection *c)
{
	char title[256], buf[100];

	title_of(c, title, sizeof(title));
	pr_record_begin(p, "connections", title, pr_brief(p));
	pr_str(p, "peer", endpoint(&c->peer, buf, sizeof(buf)));
	pr_str(p, "local", endpoint(&c->local, buf, sizeof(buf)));
	if (c->device[0]) {
		pr_str(p, "device", c->device);
		pr_int(p, "port", c->port);
	}
	pr_str(p, "status", rr_conn_end_key(c->end));
	if (c->echo)
		pr_int(p, "echoed", (long long)c->echoed);
	if (c->end == RR_CONN_FAILED)
		render_error(p, c);
	/* Our DREQ: its DREP came, or our wait for it ran out. */
	if (c->end == RR_CONN_HELD)
		pr_bool(p, "disconnect_confirmed", !c->disconnect_unconfirmed);
	pr_map_begin(p, "time_ms", "time", "step");
	/* REQ in to RTU in (ESTABLISHED), or to the SIDR REP sent. */
	if (c->have_established)
		pr_ms(p, "establish", rr_ts_ms(&c->established, &c->request));
	if (c->have_established && c->end != RR_CONN_ANSWERED)
		pr_ms(p, "held", rr_ts_ms(&c->ended, &c->established));
	pr_ms(p, "total", rr_ts_ms(&c->ended, &c->request));
	pr_obj_end(p);
	pr_record_end(p);
}

void rr_listen_tally_add(struct rr_listen_tally *t, const struct rr_connection *c)
{
	if ((unsigned int)c->end < RR_CONN_END_COUNT)
		t->by_end[c->end]++;
	t->total++;
}

void rr_render_listen_summary(struct printer *p, const struct rr_listen_tally *t,
			      const char *host)
{
	char title[256];
	size_t used;
	int i;

	used = (size_t)snprintf(title, sizeof(title), "summary: %zu connection%s",
				t->total, t->total == 1 ? "" : "s");
	for (i = 0; i < RR_CONN_END_COUNT && used < sizeof(title); i++)
		if (t->by_end[i])
			used += (size_t)snprintf(title + used, sizeof(title) - used,
						 ", %zu %s", t->by_end[i],
						 rr_conn_end_key(i));
	for (i = 0; t->have_witness && i < RR_WS_COUNT && used < sizeof(title); i++)
		used += (size_t)snprintf(title + used, sizeof(title) - used,
					 "%s%llu %s", i ? ", " : "; witness: ",
					 t->witness[i], rr_witness_said_key(i));
	pr_single_begin(p, "summary", title, pr_brief(p));
	if (host && pr_is_json(p))
		pr_str(p, "host", host);
	pr_int(p, "connections", (long long)t->total);
	pr_map_begin(p, "by_status", NULL, "status");
	for (i = 0; i < RR_CONN_END_COUNT; i++)
		if (t->by_end[i])
			pr_int(p, rr_conn_end_key(i), (long long)t->by_end[i]);
	pr_obj_end(p);
	/* The witness's clients, each kind, 0 too: who asked, in numbers. */
	if (t->have_witness) {
		pr_map_begin(p, "witness", "witness", "said");
		for (i = 0; i < RR_WS_COUNT; i++)
			pr_int(p, rr_witness_said_key(i), (long long)t->witness[i]);
		pr_obj_end(p);
	}
	pr_record_end(p);
}
