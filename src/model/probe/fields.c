// SPDX-License-Identifier: GPL-2.0-or-later
#include <arpa/inet.h>
#include <limits.h>
#include <math.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <rdma/rdma_cma.h>

#include "base/ib_port.h"
#include "base/clock.h"
#include "base/num_text.h"
#include "base/util.h"
#include "model/probe/cause.h"
#include "model/probe/result.h"
#include "model/probe/decode.h"
#include "model/probe/fields.h"
#include "base/sockaddr.h"

/*
 * librdmacm's event names (rdma_event_str's, without its "RDMA_CM_EVENT_"),
 * without linking it into the renderers: each by its enum's own value.
 */
static const char *event_name(int event)
{
	static const char *const names[] = {
		[RDMA_CM_EVENT_ADDR_RESOLVED] = "ADDR_RESOLVED",
		[RDMA_CM_EVENT_ADDR_ERROR] = "ADDR_ERROR",
		[RDMA_CM_EVENT_ROUTE_RESOLVED] = "ROUTE_RESOLVED",
		[RDMA_CM_EVENT_ROUTE_ERROR] = "ROUTE_ERROR",
		[RDMA_CM_EVENT_CONNECT_REQUEST] = "CONNECT_REQUEST",
		[RDMA_CM_EVENT_CONNECT_RESPONSE] = "CONNECT_RESPONSE",
		[RDMA_CM_EVENT_CONNECT_ERROR] = "CONNECT_ERROR",
		[RDMA_CM_EVENT_UNREACHABLE] = "UNREACHABLE",
		[RDMA_CM_EVENT_REJECTED] = "REJECTED",
		[RDMA_CM_EVENT_ESTABLISHED] = "ESTABLISHED",
		[RDMA_CM_EVENT_DISCONNECTED] = "DISCONNECTED",
		[RDMA_CM_EVENT_DEVICE_REMOVAL] = "DEVICE_REMOVAL",
		[RDMA_CM_EVENT_MULTICAST_JOIN] = "MULTICAST_JOIN",
		[RDMA_CM_EVENT_MULTICAST_ERROR] = "MULTICAST_ERROR",
		[RDMA_CM_EVENT_ADDR_CHANGE] = "ADDR_CHANGE",
		[RDMA_CM_EVENT_TIMEWAIT_EXIT] = "TIMEWAIT_EXIT",
	};

	if (event < 0 || (size_t)event >= ARRAY_SIZE(names) || !names[event])
		return "UNKNOWN";
	return names[event];
}

/* A reject's reason, or an unsuccessful SIDR REP's status, in words. */
static const char *peer_reason(const struct rr_failure *f)
{
	if (f->kind != RR_FAIL_EVENT || f->status <= 0)
		return NULL;
	if (f->event == RDMA_CM_EVENT_REJECTED)
		return rr_reject_reason_str(f->status);
	if (f->event == RDMA_CM_EVENT_UNREACHABLE)
		return rr_sidr_status_str(f->status);
	return NULL;
}

static const char *fail_kind_key(enum rr_fail_kind kind)
{
	switch (kind) {
	case RR_FAIL_CALL:
		return "call";
	case RR_FAIL_EVENT:
		return "event";
	case RR_FAIL_DEADLINE:
		return "deadline";
	default:
		return "none";
	}
}

/*
 * "umad_recv()", but a MAD named with its attribute, "SubnGet(PortInfo)",
 * has its parentheses already.
 */
static const char *call_parens(const char *call)
{
	size_t n = strlen(call);

	return n && call[n - 1] == ')' ? "" : "()";
}

const char *rr_failure_said(const struct rr_result *r, char *buf, size_t len)
{
	const struct rr_failure *f = &r->out.fail;
	const char *name = f->err ? strerrorname_np(f->err) : NULL;

	if (f->step == RR_STEP_LOOKUP && f->kind == RR_FAIL_CALL && !f->err &&
	    f->detail)
		snprintf(buf, len, "%s", f->detail);	/* a node's name (--sa) */
	else if (f->step == RR_STEP_LOOKUP && f->kind == RR_FAIL_CALL && !f->err)
		snprintf(buf, len, "%s", gai_strerror(f->status));
	else if (f->step == RR_STEP_TRANSFER && f->kind == RR_FAIL_CALL &&
		 !f->err)
		snprintf(buf, len, "%s%s: work completion status %s", f->call,
			 call_parens(f->call),
			 rr_wc_status_key(r->out.transfer.wc_status) ?
			 rr_wc_status_key(r->out.transfer.wc_status) : "unknown");
	else if (f->kind == RR_FAIL_CALL && !f->err)
		snprintf(buf, len, "%s%s: %s", f->call, call_parens(f->call),
			 f->where[0] ? f->where : f->detail ? f->detail : "failed");
	else if (f->kind == RR_FAIL_DEADLINE)
		snprintf(buf, len, "no event within the tool's deadline of %u ms",
			 f->deadline_ms);
	else if (f->kind == RR_FAIL_EVENT && rr_event_status_is_reason(f->event) &&
		 f->status > 0)
		snprintf(buf, len, "RDMA_CM_EVENT_%s, %s %d (%s)",
			 event_name(f->event),
			 f->event == RDMA_CM_EVENT_REJECTED ? "reason" : "SIDR status",
			 f->status, peer_reason(f) ? peer_reason(f) : "unknown");
	else if (f->kind == RR_FAIL_EVENT && !f->err)
		/* DEVICE_REMOVAL, ADDR_CHANGE: the event says it all. */
		snprintf(buf, len, "RDMA_CM_EVENT_%s, status %d",
			 event_name(f->event), f->status);
	else if (f->kind == RR_FAIL_EVENT)
		snprintf(buf, len, "RDMA_CM_EVENT_%s, status %d (%s: %s)",
			 event_name(f->event), f->status,
			 name ? name : "?", strerror(f->err));
	else
		snprintf(buf, len, "%s() failed: %s (%s)", f->call,
			 name ? name : "?", strerror(f->err));
	return buf;
}

static void str(struct rr_fval *v, bool present, const char *s)
{
	v->present = present;
	v->s = s;
}

static void num(struct rr_fval *v, bool present, long long i)
{
	v->present = present;
	v->i = i;
}

/* The result's own fields. */

static void get_destination(const struct rr_field *f, const struct rr_result *r,
			    const struct rr_path *p, struct rr_fval *v)
{
	str(v, true, r->probe.target);
}

static void get_seq(const struct rr_field *f, const struct rr_result *r,
		    const struct rr_path *p, struct rr_fval *v)
{
	num(v, r->probe.seq > 0, r->probe.seq);
}

/* Records of many hosts merged: which host made this one (--host-label). */
static void get_host(const struct rr_field *f, const struct rr_result *r,
		     const struct rr_path *p, struct rr_fval *v)
{
	str(v, r->probe.host != NULL, r->probe.host);
}

/* --sa --from: the path's source, as the command line gave it. */
static void get_from(const struct rr_field *f, const struct rr_result *r,
		     const struct rr_path *p, struct rr_fval *v)
{
	str(v, r->probe.from != NULL, r->probe.from);
}

/* When the probe started, on the wall clock: its total step's start. */
static void get_time(const struct rr_field *f, const struct rr_result *r,
		     const struct rr_path *p, struct rr_fval *v)
{
	const struct rr_timing *t = &r->out.steps[RR_STEP_TOTAL];
	int64_t ns;

	if (r->probe.time) {	/* a record read back: as it was written */
		str(v, true, r->probe.time);
		return;
	}
	if (!t->started)
		t = &r->out.steps[RR_STEP_LOOKUP];
	if (!t->started || !rr_wall_ns(&t->start, &ns))
		return;
	rr_rfc3339(ns, v->buf, sizeof(v->buf));
	str(v, true, v->buf);
}

static void get_status(const struct rr_field *f, const struct rr_result *r,
		       const struct rr_path *p, struct rr_fval *v)
{
	str(v, true, rr_result_status(r));
}

/* A timeline of the run: when each probe started. */
static void get_start_ms(const struct rr_field *f, const struct rr_result *r,
			 const struct rr_path *p, struct rr_fval *v)
{
	v->present = r->out.have_start;
	v->d = r->out.start_ms;
}

/* Several results of one name (-A) differ by their address. */
static void get_address(const struct rr_field *f, const struct rr_result *r,
			const struct rr_path *p, struct rr_fval *v)
{
	str(v, r->probe.have_dst, rr_sockaddr_str(&r->probe.dst, v->buf, sizeof(v->buf)));
}

static void get_name_addresses(const struct rr_field *f,
			       const struct rr_result *r,
			       const struct rr_path *p, struct rr_fval *v)
{
	num(v, r->probe.name_addresses > 0, r->probe.name_addresses);
}

static void get_source(const struct rr_field *f, const struct rr_result *r,
		       const struct rr_path *p, struct rr_fval *v)
{
	str(v, r->out.have_src, rr_sockaddr_str(&r->out.src, v->buf, sizeof(v->buf)));
}

static void get_device(const struct rr_field *f, const struct rr_result *r,
		       const struct rr_path *p, struct rr_fval *v)
{
	str(v, r->out.device[0], r->out.device);
}

static void get_port(const struct rr_field *f, const struct rr_result *r,
		     const struct rr_path *p, struct rr_fval *v)
{
	num(v, r->out.device[0], r->out.port);
}

static void get_connect_port(const struct rr_field *f,
			     const struct rr_result *r, const struct rr_path *p,
			     struct rr_fval *v)
{
	num(v, r->out.connect_port, r->out.connect_port);
}

/* --connect: whether the peer confirmed the disconnect (its DREP came). */
static void get_disconnect_confirmed(const struct rr_field *f,
				     const struct rr_result *r,
				     const struct rr_path *p, struct rr_fval *v)
{
	num(v, r->out.ok && r->out.steps[RR_STEP_DISCONNECT].ended,
	    !r->out.disconnect_unconfirmed);
}

/* --connect on RoCE v2, a request with no answer: the UDP datagram's. */
static void get_udp_4791(const struct rr_field *f, const struct rr_result *r,
			 const struct rr_path *p, struct rr_fval *v)
{
	str(v, r->out.udp_4791 != RR_UDP_NOT_SENT,
	    rr_udp_answer_key(r->out.udp_4791));
}

/* --connect --data: the messages' sizes, what came back, how it failed. */
static void get_data_sizes(const struct rr_field *f, const struct rr_result *r,
			   const struct rr_path *p, struct rr_fval *v)
{
	str(v, r->out.transfer.num,
	    rr_transfer_sizes_str(&r->out.transfer, v->buf, sizeof(v->buf)));
}

static void get_data_passed(const struct rr_field *f, const struct rr_result *r,
			    const struct rr_path *p, struct rr_fval *v)
{
	num(v, r->out.transfer.num, r->out.transfer.passed);
}

static void get_data_largest_passed(const struct rr_field *f,
				    const struct rr_result *r,
				    const struct rr_path *p, struct rr_fval *v)
{
	num(v, r->out.transfer.num, rr_transfer_largest_passed(&r->out.transfer));
}

static void get_wc_status(const struct rr_field *f, const struct rr_result *r,
			  const struct rr_path *p, struct rr_fval *v)
{
	const char *key = rr_wc_status_key(r->out.transfer.wc_status);

	str(v, r->out.transfer.num && key, key);
}

static void get_netdev_mtu(const struct rr_field *f, const struct rr_result *r,
			   const struct rr_path *p, struct rr_fval *v)
{
	num(v, r->out.transfer.num && r->out.transfer.netdev_mtu,
	    r->out.transfer.netdev_mtu);
}

static void get_link_layer(const struct rr_field *f, const struct rr_result *r,
			   const struct rr_path *p, struct rr_fval *v)
{
	str(v, r->out.device[0], rr_link_layer_name(r->out.link_layer));
}

static void get_gid_type(const struct rr_field *f, const struct rr_result *r,
			 const struct rr_path *p, struct rr_fval *v)
{
	str(v, rr_result_routed(r), rr_gid_type_name(r->out.gid_type));
}

static void get_sgid_index(const struct rr_field *f, const struct rr_result *r,
			   const struct rr_path *p, struct rr_fval *v)
{
	num(v, r->out.used.have_sgid_index, r->out.used.sgid_index);
}

/* The port's own rate: what "port current rate" in a PathRecord means. */
static void get_port_rate(const struct rr_field *f, const struct rr_result *r,
			  const struct rr_path *p, struct rr_fval *v)
{
	char text[40];

	v->present = r->out.used.port_rate_gbps > 0;
	v->d = r->out.used.port_rate_gbps;
	rr_g_text(v->d, text);
	snprintf(v->text, sizeof(v->text), "%s Gb/s", text);
}

static void get_port_space(const struct rr_field *f, const struct rr_result *r,
			   const struct rr_path *p, struct rr_fval *v)
{
	str(v, r->out.used.port_space, r->out.used.port_space);
}

static void get_tos(const struct rr_field *f, const struct rr_result *r,
		    const struct rr_path *p, struct rr_fval *v)
{
	num(v, r->out.used.tos_from != RR_TOS_UNKNOWN, r->out.used.tos);
}

static const char *const name_known_to_keys[] = {
	[RR_NAME_MAP_SA] = "node_name_map+sa",
	[RR_NAME_SA] = "sa",
	[RR_NAME_MAP] = "node_name_map",
};

/* --sa by name: who knew a name the fabric seen from here does not have. */
static void get_name_known_to(const struct rr_field *f,
			      const struct rr_result *r,
			      const struct rr_path *p, struct rr_fval *v)
{
	str(v, r->probe.name_known_to != RR_NAME_SEEN,
	    name_known_to_keys[r->probe.name_known_to]);
}

static void get_tos_from(const struct rr_field *f, const struct rr_result *r,
			 const struct rr_path *p, struct rr_fval *v)
{
	str(v, r->out.used.tos_from != RR_TOS_UNKNOWN,
	    rr_tos_from_key(r->out.used.tos_from));
}

/* RoCE: the GID type the CM picks unless told, and who set it. */
static void get_default_roce_mode(const struct rr_field *f,
				  const struct rr_result *r,
				  const struct rr_path *p, struct rr_fval *v)
{
	str(v, r->out.used.roce_mode != RR_GID_UNKNOWN,
	    rr_gid_type_name(r->out.used.roce_mode));
}

static void get_roce_defaults(const struct rr_field *f,
			      const struct rr_result *r,
			      const struct rr_path *p, struct rr_fval *v)
{
	str(v, r->out.used.roce_mode != RR_GID_UNKNOWN,
	    r->out.used.roce_mode_configfs ? "configfs" : "kernel");
}

static void get_num_paths(const struct rr_field *f, const struct rr_result *r,
			  const struct rr_path *p, struct rr_fval *v)
{
	num(v, rr_result_routed(r), r->out.num_paths);
}

/* --trace: the error counters not 0 on the route's hops, all told. */
static void get_hop_errors(const struct rr_field *f, const struct rr_result *r,
			   const struct rr_path *p, struct rr_fval *v)
{
	int i, n = 0;
	bool any = false;

	for (i = 0; i < r->out.num_hops; i++) {
		any |= r->out.hops[i].have_counters;
		n += rr_hop_errors(&r->out.hops[i]);
	}
	num(v, any, n);
}

/*
 * The way back, for a result read from a record: each setter takes the
 * value as JSON holds it, checks it is one the field can hold, and
 * stores it where its getter reads it.
 */

const char *rr_fstore_put(struct rr_fstore *store, const char *s)
{
	size_t n = strlen(s) + 1;
	char *at;

	if (n > store->len - store->used)
		return NULL;
	at = store->buf + store->used;
	memcpy(at, s, n);
	store->used += n;
	return at;
}

/* A whole number in 0..MAX: a record may hold anything. */
static bool in(const struct rr_fval *v, long long max)
{
	return v->i >= 0 && v->i <= max;
}

/* A numeric address, with an interface scope when this host has it. */
static bool parse_addr(const char *s, struct sockaddr_storage *ss)
{
	struct addrinfo hints = { .ai_flags = AI_NUMERICHOST }, *ai;
	struct sockaddr_in6 *s6 = (struct sockaddr_in6 *)ss;
	char bare[INET6_ADDRSTRLEN];

	memset(ss, 0, sizeof(*ss));
	if (!getaddrinfo(s, NULL, &hints, &ai)) {
		memcpy(ss, ai->ai_addr, ai->ai_addrlen);
		freeaddrinfo(ai);
		return true;
	}
	/* Another host's scope: the address without it. */
	snprintf(bare, sizeof(bare), "%.*s", (int)strcspn(s, "%"), s);
	s6->sin6_family = AF_INET6;
	return strchr(s, '%') && inet_pton(AF_INET6, bare, &s6->sin6_addr) == 1;
}

static bool set_destination(const struct rr_field *f, struct rr_result *r,
			    struct rr_path *p, const struct rr_fval *v,
			    struct rr_fstore *st)
{
	r->probe.target = rr_fstore_put(st, v->s);
	return true;
}

static bool set_seq(const struct rr_field *f, struct rr_result *r,
		    struct rr_path *p, const struct rr_fval *v,
		    struct rr_fstore *st)
{
	if (!in(v, LLONG_MAX))
		return false;
	r->probe.seq = (unsigned long long)v->i;
	return true;
}

static bool set_host(const struct rr_field *f, struct rr_result *r,
		     struct rr_path *p, const struct rr_fval *v,
		     struct rr_fstore *st)
{
	r->probe.host = rr_fstore_put(st, v->s);
	return true;
}

static bool set_time(const struct rr_field *f, struct rr_result *r,
		     struct rr_path *p, const struct rr_fval *v,
		     struct rr_fstore *st)
{
	r->probe.time = rr_fstore_put(st, v->s);
	return true;
}

static bool set_from(const struct rr_field *f, struct rr_result *r,
		     struct rr_path *p, const struct rr_fval *v,
		     struct rr_fstore *st)
{
	r->probe.from = rr_fstore_put(st, v->s);
	return true;
}

static bool set_start_ms(const struct rr_field *f, struct rr_result *r,
			 struct rr_path *p, const struct rr_fval *v,
			 struct rr_fstore *st)
{
	if (!(v->d >= 0 && v->d < 1e15))	/* NaN too */
		return false;
	r->out.have_start = true;
	r->out.start_ms = v->d;
	return true;
}

static bool set_address(const struct rr_field *f, struct rr_result *r,
			struct rr_path *p, const struct rr_fval *v,
			struct rr_fstore *st)
{
	r->probe.have_dst = parse_addr(v->s, &r->probe.dst);
	return r->probe.have_dst;
}

static bool set_name_addresses(const struct rr_field *f, struct rr_result *r,
			       struct rr_path *p, const struct rr_fval *v,
			       struct rr_fstore *st)
{
	if (!in(v, UINT_MAX))
		return false;
	r->probe.name_addresses = (unsigned int)v->i;
	return true;
}

static bool set_source(const struct rr_field *f, struct rr_result *r,
		       struct rr_path *p, const struct rr_fval *v,
		       struct rr_fstore *st)
{
	r->out.have_src = parse_addr(v->s, &r->out.src);
	return r->out.have_src;
}

static bool set_device(const struct rr_field *f, struct rr_result *r,
		       struct rr_path *p, const struct rr_fval *v,
		       struct rr_fstore *st)
{
	if (strlen(v->s) >= sizeof(r->out.device))
		return false;
	snprintf(r->out.device, sizeof(r->out.device), "%s", v->s);
	return true;
}

static bool set_port(const struct rr_field *f, struct rr_result *r,
		     struct rr_path *p, const struct rr_fval *v,
		     struct rr_fstore *st)
{
	if (!in(v, UINT8_MAX))
		return false;
	r->out.port = (uint8_t)v->i;
	return true;
}

static bool set_connect_port(const struct rr_field *f, struct rr_result *r,
			     struct rr_path *p, const struct rr_fval *v,
			     struct rr_fstore *st)
{
	if (!in(v, UINT16_MAX))
		return false;
	r->out.connect_port = (uint16_t)v->i;
	return true;
}

static bool set_disconnect_confirmed(const struct rr_field *f,
				     struct rr_result *r, struct rr_path *p,
				     const struct rr_fval *v,
				     struct rr_fstore *st)
{
	if (!in(v, 1))
		return false;
	r->out.disconnect_unconfirmed = !v->i;
	return true;
}

static bool set_udp_4791(const struct rr_field *f, struct rr_result *r,
			 struct rr_path *p, const struct rr_fval *v,
			 struct rr_fstore *st)
{
	r->out.udp_4791 = rr_udp_answer_from_key(v->s);
	return r->out.udp_4791 != RR_UDP_NOT_SENT;
}

static bool set_data_sizes(const struct rr_field *f, struct rr_result *r,
			   struct rr_path *p, const struct rr_fval *v,
			   struct rr_fstore *st)
{
	struct rr_data_plan plan;
	char why[96];

	if (!rr_data_plan_parse(v->s, &plan, why, sizeof(why)))
		return false;
	rr_transfer_plan(&r->out.transfer, &plan, 0);
	return r->out.transfer.num == plan.num;
}

static bool set_data_passed(const struct rr_field *f, struct rr_result *r,
			    struct rr_path *p, const struct rr_fval *v,
			    struct rr_fstore *st)
{
	if (!in(v, RR_DATA_MAX_MESSAGES))
		return false;
	r->out.transfer.passed = (unsigned int)v->i;
	return true;
}

static bool set_wc_status(const struct rr_field *f, struct rr_result *r,
			  struct rr_path *p, const struct rr_fval *v,
			  struct rr_fstore *st)
{
	r->out.transfer.wc_status = rr_wc_status_from_key(v->s);
	return r->out.transfer.wc_status >= 0;
}

static bool set_netdev_mtu(const struct rr_field *f, struct rr_result *r,
			   struct rr_path *p, const struct rr_fval *v,
			   struct rr_fstore *st)
{
	if (!in(v, 1U << 20))
		return false;
	r->out.transfer.netdev_mtu = (unsigned int)v->i;
	return true;
}

static bool set_link_layer(const struct rr_field *f, struct rr_result *r,
			   struct rr_path *p, const struct rr_fval *v,
			   struct rr_fstore *st)
{
	int ll;

	for (ll = RR_LL_UNKNOWN; ll <= RR_LL_IWARP; ll++) {
		if (!strcmp(v->s, rr_link_layer_name(ll))) {
			r->out.link_layer = ll;
			return true;
		}
	}
	return false;
}

/* A GID type by its name (gid_type, default_roce_mode); false: none. */
static bool gid_type_named(const char *s, enum rr_gid_type *type)
{
	int t;

	for (t = RR_GID_UNKNOWN; t <= RR_GID_ROCE_V2; t++) {
		if (!strcmp(s, rr_gid_type_name(t))) {
			*type = t;
			return true;
		}
	}
	return false;
}

static bool set_gid_type(const struct rr_field *f, struct rr_result *r,
			 struct rr_path *p, const struct rr_fval *v,
			 struct rr_fstore *st)
{
	return gid_type_named(v->s, &r->out.gid_type);
}

static bool set_sgid_index(const struct rr_field *f, struct rr_result *r,
			   struct rr_path *p, const struct rr_fval *v,
			   struct rr_fstore *st)
{
	if (!in(v, UINT_MAX))
		return false;
	r->out.used.have_sgid_index = true;
	r->out.used.sgid_index = (unsigned int)v->i;
	return true;
}

static bool set_port_rate(const struct rr_field *f, struct rr_result *r,
			  struct rr_path *p, const struct rr_fval *v,
			  struct rr_fstore *st)
{
	if (!(v->d > 0 && v->d < 1e9))	/* NaN too */
		return false;
	r->out.used.port_rate_gbps = v->d;
	return true;
}

static bool set_port_space(const struct rr_field *f, struct rr_result *r,
			   struct rr_path *p, const struct rr_fval *v,
			   struct rr_fstore *st)
{
	r->out.used.port_space = rr_fstore_put(st, v->s);
	return true;
}

static bool set_tos(const struct rr_field *f, struct rr_result *r,
		    struct rr_path *p, const struct rr_fval *v,
		    struct rr_fstore *st)
{
	if (!in(v, 255))
		return false;
	r->out.used.tos = (int)v->i;
	return true;
}

static bool set_name_known_to(const struct rr_field *f, struct rr_result *r,
			      struct rr_path *p, const struct rr_fval *v,
			      struct rr_fstore *st)
{
	int k;

	for (k = RR_NAME_MAP_SA; k <= RR_NAME_MAP; k++) {
		if (!strcmp(v->s, name_known_to_keys[k])) {
			r->probe.name_known_to = k;
			return true;
		}
	}
	return false;
}

static bool set_tos_from(const struct rr_field *f, struct rr_result *r,
			 struct rr_path *p, const struct rr_fval *v,
			 struct rr_fstore *st)
{
	int from;

	for (from = RR_TOS_OPTION; from <= RR_TOS_DEFAULT; from++) {
		if (!strcmp(v->s, rr_tos_from_key(from))) {
			r->out.used.tos_from = from;
			return true;
		}
	}
	return false;
}

static bool set_default_roce_mode(const struct rr_field *f,
				  struct rr_result *r, struct rr_path *p,
				  const struct rr_fval *v,
				  struct rr_fstore *st)
{
	return gid_type_named(v->s, &r->out.used.roce_mode);
}

static bool set_roce_defaults(const struct rr_field *f, struct rr_result *r,
			      struct rr_path *p, const struct rr_fval *v,
			      struct rr_fstore *st)
{
	if (strcmp(v->s, "configfs") && strcmp(v->s, "kernel"))
		return false;
	r->out.used.roce_mode_configfs = !strcmp(v->s, "configfs");
	return true;
}

static const struct rr_field result_fields[] = {
	{ "destination", RR_FT_STR, .get = get_destination, .set = set_destination },
	{ "seq", RR_FT_INT, .get = get_seq, .set = set_seq },
	{ "host", RR_FT_STR, .get = get_host, .set = set_host, .json_only = true },
	{ "time", RR_FT_STR, .get = get_time, .set = set_time, .json_only = true },
	{ "status", RR_FT_STR, .get = get_status },
	{ "from", RR_FT_STR, .get = get_from, .set = set_from },
	{ "start_ms", RR_FT_MS, .get = get_start_ms, .set = set_start_ms },
	{ "address", RR_FT_STR, .get = get_address, .set = set_address },
	{ "name_addresses", RR_FT_INT, .get = get_name_addresses, .set = set_name_addresses },
	{ "name_known_to", RR_FT_STR, .get = get_name_known_to, .set = set_name_known_to },
	{ "source", RR_FT_STR, .get = get_source, .set = set_source, .prom = RR_PROM_INFO },
	{ "device", RR_FT_STR, .get = get_device, .set = set_device, .prom = RR_PROM_INFO },
	{ "port", RR_FT_INT, .get = get_port, .set = set_port, .prom = RR_PROM_INFO },
	{ "link_layer", RR_FT_STR, .get = get_link_layer, .set = set_link_layer, .prom = RR_PROM_INFO },
	{ "gid_type", RR_FT_STR, .get = get_gid_type, .set = set_gid_type, .prom = RR_PROM_INFO },
	{ "sgid_index", RR_FT_INT, .get = get_sgid_index, .set = set_sgid_index, .prom = RR_PROM_INFO },
	{ "port_rate", RR_FT_NUM, .get = get_port_rate, .set = set_port_rate, .prom = RR_PROM_GAUGE, .metric = "link_rate_bytes_per_second", .scale = 1e9 / 8 },
	{ "port_space", RR_FT_STR, .get = get_port_space, .set = set_port_space, .prom = RR_PROM_INFO },
	{ "connect_port", RR_FT_INT, .get = get_connect_port, .set = set_connect_port },
	{ "disconnect_confirmed", RR_FT_BOOL, .get = get_disconnect_confirmed, .set = set_disconnect_confirmed },
	{ "udp_4791", RR_FT_STR, .get = get_udp_4791, .set = set_udp_4791 },
	{ "data_sizes", RR_FT_STR, .get = get_data_sizes, .set = set_data_sizes },
	{ "data_passed", RR_FT_INT, .get = get_data_passed, .set = set_data_passed },
	{ "data_largest_passed", RR_FT_INT, .get = get_data_largest_passed },
	{ "wc_status", RR_FT_STR, .get = get_wc_status, .set = set_wc_status },
	{ "netdev_mtu", RR_FT_INT, .get = get_netdev_mtu, .set = set_netdev_mtu },
	{ "tos", RR_FT_INT, .get = get_tos, .set = set_tos, .prom = RR_PROM_INFO },
	{ "tos_from", RR_FT_STR, .get = get_tos_from, .set = set_tos_from, .prom = RR_PROM_INFO },
	{ "default_roce_mode", RR_FT_STR,
	  .get = get_default_roce_mode, .set = set_default_roce_mode,
	  .prom = RR_PROM_INFO },
	{ "roce_defaults", RR_FT_STR, .get = get_roce_defaults, .set = set_roce_defaults, .prom = RR_PROM_INFO },
	{ "num_paths", RR_FT_INT, .get = get_num_paths, .tail = true, .prom = RR_PROM_GAUGE, .metric = "paths" },
	{ "hop_errors", RR_FT_INT, .get = get_hop_errors, .tail = true, .prom = RR_PROM_GAUGE, .metric = "hop_errors" },
};

/* time_ms: each step that ran. */

static void get_step(const struct rr_field *f, const struct rr_result *r,
		     const struct rr_path *p, struct rr_fval *v)
{
	v->present = r->out.steps[f->step].ended;
	v->d = rr_step_ms(&r->out, f->step);
}

/* Read back: the step as a span from 0 of its milliseconds. */
static bool set_step(const struct rr_field *f, struct rr_result *r,
		     struct rr_path *p, const struct rr_fval *v,
		     struct rr_fstore *st)
{
	struct rr_timing *t = &r->out.steps[f->step];

	if (!(v->d >= 0 && v->d < 1e12))	/* NaN too */
		return false;
	memset(t, 0, sizeof(*t));
	t->started = t->ended = true;
	/* Rounded by hand: the binary links no libm (libraries.bats). */
	t->end = rr_ns_ts((int64_t)(v->d * 1e6 + 0.5));
	return true;
}

/* Prometheus: one gauge, its step a label. */
#define STEP(key, s) { key, RR_FT_MS, .step = s, .get = get_step, \
		       .set = set_step, \
		       .prom = RR_PROM_GAUGE, .metric = "step_duration_seconds", \
		       .scale = 1e-3 }

#define STEP_FIELD(id, key, label, call, ends_on, by) STEP(key, RR_STEP_##id),
static const struct rr_field time_fields[] = {
	RR_STEP_TABLE(STEP_FIELD)
};
#undef STEP_FIELD

/* A PathRecord's fields (each path's). */

static void get_dgid(const struct rr_field *f, const struct rr_result *r,
		     const struct rr_path *p, struct rr_fval *v)
{
	str(v, true, rr_gid_str(p->dgid, v->buf, sizeof(v->buf)));
}

static void get_sgid(const struct rr_field *f, const struct rr_result *r,
		     const struct rr_path *p, struct rr_fval *v)
{
	str(v, true, rr_gid_str(p->sgid, v->buf, sizeof(v->buf)));
}

/* On Ethernet these hold MAC bytes, not LIDs: never shown. */
static void get_dlid(const struct rr_field *f, const struct rr_result *r,
		     const struct rr_path *p, struct rr_fval *v)
{
	num(v, r->out.link_layer == RR_LL_INFINIBAND, p->dlid);
}

static void get_slid(const struct rr_field *f, const struct rr_result *r,
		     const struct rr_path *p, struct rr_fval *v)
{
	num(v, r->out.link_layer == RR_LL_INFINIBAND, p->slid);
}

static void get_pkey_membership(const struct rr_field *f,
				const struct rr_result *r,
				const struct rr_path *p, struct rr_fval *v)
{
	str(v, true, rr_pkey_membership(p->pkey));
}

static void get_mtu(const struct rr_field *f, const struct rr_result *r,
		    const struct rr_path *p, struct rr_fval *v)
{
	unsigned int bytes = rr_mtu_bytes(p->mtu);

	num(v, true, p->mtu);
	v->d = bytes;
	v->null = !bytes;
	if (bytes)
		snprintf(v->text, sizeof(v->text), "%u bytes", bytes);
	else
		snprintf(v->text, sizeof(v->text), "unknown");
}

static void get_rate(const struct rr_field *f, const struct rr_result *r,
		     const struct rr_path *p, struct rr_fval *v)
{
	double gbps = rr_rate_gbps(p->rate);
	char text[40];

	num(v, true, p->rate);
	/* 0, "the port's current rate" (RoCE): that rate, when known. */
	if (p->rate == 0 && r->out.used.port_rate_gbps > 0)
		gbps = r->out.used.port_rate_gbps;
	v->d = gbps;
	v->null = gbps <= 0;
	rr_g_text(gbps, text);
	if (p->rate == 0 && gbps > 0)
		snprintf(v->text, sizeof(v->text), "port current rate, %s Gb/s",
			 text);
	else if (p->rate == 0)
		snprintf(v->text, sizeof(v->text), "port current rate");
	else if (gbps > 0)
		snprintf(v->text, sizeof(v->text), "%s Gb/s", text);
	else
		snprintf(v->text, sizeof(v->text), "unknown");
}

static void get_packet_life_time(const struct rr_field *f,
				 const struct rr_result *r,
				 const struct rr_path *p, struct rr_fval *v)
{
	num(v, true, p->packet_life_time);
	v->d = rr_packet_life_us(p->packet_life_time);
	rr_duration_str(v->d, v->text, sizeof(v->text));
}

static void get_mtu_selector(const struct rr_field *f,
			     const struct rr_result *r,
			     const struct rr_path *p, struct rr_fval *v)
{
	num(v, true, p->mtu_selector);
	v->s = rr_selector_name(p->mtu_selector);
}

static void get_rate_selector(const struct rr_field *f,
			      const struct rr_result *r,
			      const struct rr_path *p, struct rr_fval *v)
{
	num(v, true, p->rate_selector);
	v->s = rr_selector_name(p->rate_selector);
}

static void get_packet_life_time_selector(const struct rr_field *f,
					  const struct rr_result *r,
					  const struct rr_path *p,
					  struct rr_fval *v)
{
	num(v, true, p->packet_life_time_selector);
	v->s = rr_selector_name(p->packet_life_time_selector);
}

static void get_service_id(const struct rr_field *f, const struct rr_result *r,
			   const struct rr_path *p, struct rr_fval *v)
{
	num(v, p->have_sa_fields, (long long)p->service_id);
}

static void get_qos_class(const struct rr_field *f, const struct rr_result *r,
			  const struct rr_path *p, struct rr_fval *v)
{
	num(v, p->have_sa_fields, p->qos_class);
}

static bool set_gid(uint8_t gid[16], const char *s)
{
	return inet_pton(AF_INET6, s, gid) == 1;
}

static bool set_dgid(const struct rr_field *f, struct rr_result *r,
		     struct rr_path *p, const struct rr_fval *v,
		     struct rr_fstore *st)
{
	return set_gid(p->dgid, v->s);
}

static bool set_sgid(const struct rr_field *f, struct rr_result *r,
		     struct rr_path *p, const struct rr_fval *v,
		     struct rr_fstore *st)
{
	return set_gid(p->sgid, v->s);
}

/* A PathRecord's member of at most MAX, from a whole number (or raw). */
#define SET_PATH(member, max)						\
static bool set_##member(const struct rr_field *f, struct rr_result *r,	\
			 struct rr_path *p, const struct rr_fval *v,	\
			 struct rr_fstore *st)				\
{									\
	if (!in(v, max))						\
		return false;						\
	p->member = (__typeof__(p->member))v->i;			\
	return true;							\
}

/* A PathRecord's member shown as the number it is. */
#define GET_PATH(member)						\
static void get_##member(const struct rr_field *f,			\
			 const struct rr_result *r,			\
			 const struct rr_path *p, struct rr_fval *v)	\
{									\
	num(v, true, p->member);					\
}

/* Both: a plain number of the PathRecord is this line and its row. */
#define PATH_NUM(member, max) GET_PATH(member) SET_PATH(member, max)

SET_PATH(dlid, UINT16_MAX)
SET_PATH(slid, UINT16_MAX)
PATH_NUM(raw_traffic, 1)
PATH_NUM(flow_label, UINT32_MAX)
PATH_NUM(hop_limit, UINT8_MAX)
PATH_NUM(traffic_class, UINT8_MAX)
PATH_NUM(reversible, 1)
PATH_NUM(numb_path, UINT8_MAX)
PATH_NUM(pkey, UINT16_MAX)
PATH_NUM(sl, 15)
SET_PATH(mtu, 63)
SET_PATH(mtu_selector, 3)
SET_PATH(rate, 63)
SET_PATH(rate_selector, 3)
SET_PATH(packet_life_time, 63)
SET_PATH(packet_life_time_selector, 3)
PATH_NUM(preference, UINT8_MAX)

/* Either of the SA's own fields read back says the path is the SA's. */
static bool set_service_id(const struct rr_field *f, struct rr_result *r,
			   struct rr_path *p, const struct rr_fval *v,
			   struct rr_fstore *st)
{
	p->service_id = (uint64_t)v->i;
	p->have_sa_fields = true;
	return true;
}

static bool set_qos_class(const struct rr_field *f, struct rr_result *r,
			  struct rr_path *p, const struct rr_fval *v,
			  struct rr_fstore *st)
{
	if (!in(v, 0xfff))
		return false;
	p->qos_class = (uint16_t)v->i;
	p->have_sa_fields = true;
	return true;
}

static const struct rr_field path_fields[] = {
	{ "service_id", RR_FT_HEX, 16, .get = get_service_id, .set = set_service_id },
	{ "dgid", RR_FT_STR, .get = get_dgid, .set = set_dgid, .prom = RR_PROM_INFO },
	{ "sgid", RR_FT_STR, .get = get_sgid, .set = set_sgid, .prom = RR_PROM_INFO },
	{ "dlid", RR_FT_INT, .get = get_dlid, .set = set_dlid, .prom = RR_PROM_INFO },
	{ "slid", RR_FT_INT, .get = get_slid, .set = set_slid, .prom = RR_PROM_INFO },
	{ "raw_traffic", RR_FT_BOOL, .get = get_raw_traffic, .set = set_raw_traffic },
	{ "flow_label", RR_FT_HEX, 5, .get = get_flow_label, .set = set_flow_label },
	{ "hop_limit", RR_FT_INT, .get = get_hop_limit, .set = set_hop_limit, .both_ways = true, .prom = RR_PROM_INFO },
	{ "traffic_class", RR_FT_INT, .get = get_traffic_class, .set = set_traffic_class, .prom = RR_PROM_INFO },
	{ "reversible", RR_FT_BOOL, .get = get_reversible, .set = set_reversible, .both_ways = true, .prom = RR_PROM_INFO },
	{ "numb_path", RR_FT_INT, .get = get_numb_path, .set = set_numb_path },
	{ "pkey", RR_FT_HEX, 4, .get = get_pkey, .set = set_pkey, .both_ways = true, .prom = RR_PROM_INFO },
	{ "pkey_membership", RR_FT_STR, .get = get_pkey_membership, .follows = "pkey", .prom = RR_PROM_INFO },
	{ "qos_class", RR_FT_INT, .get = get_qos_class, .set = set_qos_class },
	{ "sl", RR_FT_INT, .get = get_sl, .set = set_sl, .both_ways = true, .prom = RR_PROM_INFO },
	{ "mtu", RR_FT_DECODED, .get = get_mtu, .set = set_mtu, .both_ways = true, .prom = RR_PROM_GAUGE, .metric = "mtu_bytes" },
	{ "mtu_selector", RR_FT_ENUM, .get = get_mtu_selector, .set = set_mtu_selector },
	{ "rate", RR_FT_DECODED, .get = get_rate, .set = set_rate, .both_ways = true, .prom = RR_PROM_GAUGE, .metric = "rate_bytes_per_second", .scale = 1e9 / 8 },
	{ "rate_selector", RR_FT_ENUM, .get = get_rate_selector, .set = set_rate_selector },
	{ "packet_life_time", RR_FT_DECODED, .get = get_packet_life_time, .set = set_packet_life_time, .prom = RR_PROM_GAUGE, .metric = "packet_life_time_seconds", .scale = 1e-6 },
	{ "packet_life_time_selector", RR_FT_ENUM,
	  .get = get_packet_life_time_selector, .set = set_packet_life_time_selector },
	{ "preference", RR_FT_INT, .get = get_preference, .set = set_preference },
};

/* A failure's fields (the error object). */

static void get_err_step(const struct rr_field *f, const struct rr_result *r,
			 const struct rr_path *p, struct rr_fval *v)
{
	str(v, true, rr_step_key(r->out.fail.step));
}

static void get_err_call(const struct rr_field *f, const struct rr_result *r,
			 const struct rr_path *p, struct rr_fval *v)
{
	str(v, true, r->out.fail.call);
}

static void get_failed_by(const struct rr_field *f, const struct rr_result *r,
			  const struct rr_path *p, struct rr_fval *v)
{
	str(v, true, fail_kind_key(r->out.fail.kind));
}

static void get_event(const struct rr_field *f, const struct rr_result *r,
		      const struct rr_path *p, struct rr_fval *v)
{
	str(v, r->out.fail.kind == RR_FAIL_EVENT, event_name(r->out.fail.event));
}

static void get_event_status(const struct rr_field *f,
			     const struct rr_result *r,
			     const struct rr_path *p, struct rr_fval *v)
{
	num(v, r->out.fail.kind == RR_FAIL_EVENT, r->out.fail.status);
}

static void get_errno(const struct rr_field *f, const struct rr_result *r,
		      const struct rr_path *p, struct rr_fval *v)
{
	num(v, r->out.fail.err, r->out.fail.err);
}

/*
 * REJECTED: the peer's reason in words; an unsuccessful SIDR REP: its
 * status.  The number is event_status.
 */
static void get_reject_reason(const struct rr_field *f,
			      const struct rr_result *r, const struct rr_path *p,
			      struct rr_fval *v)
{
	const char *why = peer_reason(&r->out.fail);

	str(v, why, why);
}

static void get_private_len(const struct rr_field *f,
			    const struct rr_result *r, const struct rr_path *p,
			    struct rr_fval *v)
{
	const struct rr_failure *e = &r->out.fail;

	/* Only a consumer's reject carries data of its own (28). */
	num(v, e->kind == RR_FAIL_EVENT && e->event == RDMA_CM_EVENT_REJECTED &&
	       e->status == 28, e->private_len);
}

static bool set_private_len(const struct rr_field *f, struct rr_result *r,
			    struct rr_path *p, const struct rr_fval *v,
			    struct rr_fstore *st)
{
	/* An IB CM REJ carries at most 148 bytes of private data. */
	if (!in(v, 255))
		return false;
	r->out.fail.private_len = (unsigned int)v->i;
	return true;
}

static void get_errno_name(const struct rr_field *f, const struct rr_result *r,
			   const struct rr_path *p, struct rr_fval *v)
{
	const char *name = r->out.fail.err ? strerrorname_np(r->out.fail.err) : NULL;

	str(v, r->out.fail.err, name ? name : "unknown");
}

static void get_kernel_said(const struct rr_field *f,
			    const struct rr_result *r,
			    const struct rr_path *p, struct rr_fval *v)
{
	str(v, true, rr_failure_said(r, v->buf, sizeof(v->buf)));
}

/* The tool's own deadline the step met (failed_by "deadline"). */
static void get_deadline_ms(const struct rr_field *f, const struct rr_result *r,
			    const struct rr_path *p, struct rr_fval *v)
{
	num(v, r->out.fail.kind == RR_FAIL_DEADLINE, r->out.fail.deadline_ms);
}

static void get_detail(const struct rr_field *f, const struct rr_result *r,
		       const struct rr_path *p, struct rr_fval *v)
{
	const char *d = r->out.fail.where[0] ? r->out.fail.where :
					       r->out.fail.detail;

	str(v, d, d);
}

static void get_cause(const struct rr_field *f, const struct rr_result *r,
		      const struct rr_path *p, struct rr_fval *v)
{
	str(v, true, rr_cause_key(r->out.fail.cause));
}

static void get_explanation(const struct rr_field *f,
			    const struct rr_result *r,
			    const struct rr_path *p, struct rr_fval *v)
{
	str(v, true, rr_cause_summary(r->out.fail.cause));
}

static void get_hint(const struct rr_field *f, const struct rr_result *r,
		     const struct rr_path *p, struct rr_fval *v)
{
	/* A --trace's: with what the SA said of the same destination. */
	if (r->out.fail.step == RR_STEP_TRACE &&
	    r->probe.name_known_to != RR_NAME_SEEN)
		str(v, true, rr_name_beyond_hint());
	else if (r->out.fail.step == RR_STEP_TRACE)
		str(v, true, rr_trace_hint(r->out.fail.cause, r->out.sa_cause,
					   r->out.num_paths > 0));
	else
		str(v, true, rr_cause_hint(r->out.fail.cause));
}

static bool set_err_step(const struct rr_field *f, struct rr_result *r,
			 struct rr_path *p, const struct rr_fval *v,
			 struct rr_fstore *st)
{
	enum rr_step step;

	if (!rr_step_from_key(v->s, &step))
		return false;
	r->out.fail.step = step;
	return true;
}

static bool set_err_call(const struct rr_field *f, struct rr_result *r,
			 struct rr_path *p, const struct rr_fval *v,
			 struct rr_fstore *st)
{
	const char *call = rr_fstore_put(st, v->s);

	if (call)
		r->out.fail.call = call;
	return true;
}

static bool set_failed_by(const struct rr_field *f, struct rr_result *r,
			  struct rr_path *p, const struct rr_fval *v,
			  struct rr_fstore *st)
{
	int kind;

	for (kind = RR_FAIL_CALL; kind <= RR_FAIL_DEADLINE; kind++) {
		if (!strcmp(v->s, fail_kind_key(kind))) {
			r->out.fail.kind = kind;
			return true;
		}
	}
	return false;
}

static bool set_event(const struct rr_field *f, struct rr_result *r,
		      struct rr_path *p, const struct rr_fval *v,
		      struct rr_fstore *st)
{
	int event;

	for (event = 0; event <= RDMA_CM_EVENT_TIMEWAIT_EXIT; event++) {
		if (!strcmp(v->s, event_name(event))) {
			r->out.fail.event = event;
			return true;
		}
	}
	/* What this build knows no name of, it printed so. */
	return !strcmp(v->s, "UNKNOWN");
}

static bool set_event_status(const struct rr_field *f, struct rr_result *r,
			     struct rr_path *p, const struct rr_fval *v,
			     struct rr_fstore *st)
{
	if (v->i < INT_MIN || v->i > INT_MAX)
		return false;
	r->out.fail.status = (int)v->i;
	return true;
}

static bool set_errno(const struct rr_field *f, struct rr_result *r,
		      struct rr_path *p, const struct rr_fval *v,
		      struct rr_fstore *st)
{
	if (!in(v, 4095))
		return false;
	r->out.fail.err = (int)v->i;
	return true;
}

static bool set_deadline_ms(const struct rr_field *f, struct rr_result *r,
			    struct rr_path *p, const struct rr_fval *v,
			    struct rr_fstore *st)
{
	if (!in(v, UINT_MAX))
		return false;
	r->out.fail.deadline_ms = (unsigned int)v->i;
	return true;
}

static bool set_detail(const struct rr_field *f, struct rr_result *r,
		       struct rr_path *p, const struct rr_fval *v,
		       struct rr_fstore *st)
{
	r->out.fail.detail = rr_fstore_put(st, v->s);
	return true;
}

static bool set_cause(const struct rr_field *f, struct rr_result *r,
		      struct rr_path *p, const struct rr_fval *v,
		      struct rr_fstore *st)
{
	enum rr_cause cause = rr_cause_from_key(v->s);

	/*
	 * A key this build does not know (a newer rdma-route's, in a fleet
	 * of mixed versions) is a cause it cannot judge by: unknown.
	 */
	r->out.fail.cause = cause;
	return true;
}

/* --sa --trace: the SA's failure beside the walk's. */
static void get_sa_cause(const struct rr_field *f, const struct rr_result *r,
			 const struct rr_path *p, struct rr_fval *v)
{
	str(v, r->out.sa_cause != RR_CAUSE_NONE, rr_cause_key(r->out.sa_cause));
}

static bool set_sa_cause(const struct rr_field *f, struct rr_result *r,
			 struct rr_path *p, const struct rr_fval *v,
			 struct rr_fstore *st)
{
	r->out.sa_cause = rr_cause_from_key(v->s);
	return true;
}

static void get_sa_detail(const struct rr_field *f, const struct rr_result *r,
			  const struct rr_path *p, struct rr_fval *v)
{
	str(v, r->out.sa_cause != RR_CAUSE_NONE && r->out.sa_detail,
	    r->out.sa_detail);
}

static bool set_sa_detail(const struct rr_field *f, struct rr_result *r,
			  struct rr_path *p, const struct rr_fval *v,
			  struct rr_fstore *st)
{
	r->out.sa_detail = rr_fstore_put(st, v->s);
	return true;
}

static const struct rr_field error_fields[] = {
	{ "step", RR_FT_STR, .get = get_err_step, .set = set_err_step, .prom = RR_PROM_INFO },
	{ "call", RR_FT_STR, .get = get_err_call, .set = set_err_call, .prom = RR_PROM_INFO },
	{ "failed_by", RR_FT_STR, .get = get_failed_by, .set = set_failed_by, .prom = RR_PROM_INFO },
	{ "event", RR_FT_STR, .get = get_event, .set = set_event, .prom = RR_PROM_INFO },
	{ "event_status", RR_FT_INT, .get = get_event_status, .set = set_event_status },
	{ "reject_reason", RR_FT_STR, .get = get_reject_reason },
	{ "private_data_len", RR_FT_INT, .get = get_private_len, .set = set_private_len },
	{ "errno", RR_FT_INT, .get = get_errno, .set = set_errno },
	{ "errno_name", RR_FT_STR, .get = get_errno_name, .prom = RR_PROM_INFO },
	{ "kernel_said", RR_FT_STR, .get = get_kernel_said },
	{ "deadline_ms", RR_FT_INT, .get = get_deadline_ms, .set = set_deadline_ms },
	{ "detail", RR_FT_STR, .get = get_detail, .set = set_detail },
	{ "cause", RR_FT_STR, .get = get_cause, .set = set_cause, .prom = RR_PROM_INFO },
	{ "explanation", RR_FT_STR, .get = get_explanation },
	{ "hint", RR_FT_STR, .get = get_hint },
	{ "sa_cause", RR_FT_STR, .get = get_sa_cause, .set = set_sa_cause },
	{ "sa_detail", RR_FT_STR, .get = get_sa_detail, .set = set_sa_detail },
};

/* Each hop of a traced route (--sa --trace), and the link it leaves by. */

static void get_hop_name(const struct rr_field *f, const struct rr_hop *h,
			 struct rr_fval *v)
{
	str(v, h->name[0], h->name);
}

static void get_hop_guid(const struct rr_field *f, const struct rr_hop *h,
			 struct rr_fval *v)
{
	num(v, true, (long long)h->guid);
}

static void get_hop_type(const struct rr_field *f, const struct rr_hop *h,
			 struct rr_fval *v)
{
	str(v, true, rr_node_type_name(h->type));
}

static void get_hop_lid(const struct rr_field *f, const struct rr_hop *h,
			struct rr_fval *v)
{
	num(v, h->lid, h->lid);
}

static void get_hop_in_port(const struct rr_field *f, const struct rr_hop *h,
			    struct rr_fval *v)
{
	num(v, true, h->in_port);
}

static void get_hop_out_port(const struct rr_field *f, const struct rr_hop *h,
			     struct rr_fval *v)
{
	num(v, true, h->out_port);
}

static void get_hop_state(const struct rr_field *f, const struct rr_hop *h,
			  struct rr_fval *v)
{
	str(v, h->have_link, rr_port_state_name(h->state));
}

static void get_hop_phys_state(const struct rr_field *f,
			       const struct rr_hop *h, struct rr_fval *v)
{
	str(v, h->have_link, rr_phys_state_name(h->phys_state));
}

static void get_hop_width(const struct rr_field *f, const struct rr_hop *h,
			  struct rr_fval *v)
{
	str(v, h->have_link, rr_link_width_name(h->width));
}

static void get_hop_speed(const struct rr_field *f, const struct rr_hop *h,
			  struct rr_fval *v)
{
	str(v, h->have_link, rr_link_speed_name(h->speed));
}

static void get_hop_rate(const struct rr_field *f, const struct rr_hop *h,
			 struct rr_fval *v)
{
	char text[40];

	v->present = h->have_link && h->rate_gbps > 0;
	v->d = h->rate_gbps;
	rr_g_text(v->d, text);
	snprintf(v->text, sizeof(v->text), "%s Gb/s", text);
}

static void get_hop_mtu(const struct rr_field *f, const struct rr_hop *h,
			struct rr_fval *v)
{
	num(v, h->have_link && h->mtu, h->mtu);
}

static void get_hop_bottleneck(const struct rr_field *f,
			       const struct rr_hop *h, struct rr_fval *v)
{
	num(v, h->have_link, h->bottleneck);
}

static void get_hop_below_ends(const struct rr_field *f,
			       const struct rr_hop *h, struct rr_fval *v)
{
	num(v, h->have_link, h->below_ends);
}

static void get_hop_counter(const struct rr_field *f, const struct rr_hop *h,
			    struct rr_fval *v)
{
	num(v, h->have_counters, h->counters[f->counter]);
}

static void get_hop_errors_named(const struct rr_field *f,
				 const struct rr_hop *h, struct rr_fval *v)
{
	str(v, rr_hop_errors(h) > 0,
	    rr_hop_errors_text(h, v->buf, sizeof(v->buf)));
}

#define HOP_COUNTER(key, field, error) \
	{ #key, RR_FT_INT, .counter = RR_HC_##key, .text_unless_zero = true, \
	  .get_hop = get_hop_counter },

static const struct rr_field hop_fields[] = {
	{ "name", RR_FT_STR, .get_hop = get_hop_name },
	{ "guid", RR_FT_HEX, 16, .get_hop = get_hop_guid },
	{ "type", RR_FT_STR, .get_hop = get_hop_type },
	{ "lid", RR_FT_INT, .get_hop = get_hop_lid },
	{ "in_port", RR_FT_INT, .get_hop = get_hop_in_port },
	{ "out_port", RR_FT_INT, .get_hop = get_hop_out_port },
	{ "state", RR_FT_STR, .get_hop = get_hop_state },
	{ "phys_state", RR_FT_STR, .get_hop = get_hop_phys_state },
	{ "width", RR_FT_STR, .get_hop = get_hop_width },
	{ "speed", RR_FT_STR, .get_hop = get_hop_speed },
	{ "rate", RR_FT_NUM, .get_hop = get_hop_rate },
	{ "mtu", RR_FT_INT, .get_hop = get_hop_mtu },
	{ "bottleneck", RR_FT_BOOL, .get_hop = get_hop_bottleneck },
	{ "below_ends", RR_FT_BOOL, .get_hop = get_hop_below_ends },
	{ "errors", RR_FT_STR, .get_hop = get_hop_errors_named },
	RR_HOP_COUNTERS(HOP_COUNTER)
};
#undef HOP_COUNTER

struct rr_field_table rr_fields(enum rr_fscope scope)
{
	switch (scope) {
	case RR_FS_RESULT:
		return (struct rr_field_table){ result_fields,
						ARRAY_SIZE(result_fields) };
	case RR_FS_TIME:
		return (struct rr_field_table){ time_fields,
						ARRAY_SIZE(time_fields) };
	case RR_FS_PATH:
		return (struct rr_field_table){ path_fields,
						ARRAY_SIZE(path_fields) };
	case RR_FS_HOP:
		return (struct rr_field_table){ hop_fields,
						ARRAY_SIZE(hop_fields) };
	default:
		return (struct rr_field_table){ error_fields,
						ARRAY_SIZE(error_fields) };
	}
}

const struct rr_field *rr_field_both_ways(int i)
{
	size_t k;

	for (k = 0; k < ARRAY_SIZE(path_fields); k++)
		if (path_fields[k].both_ways && i-- == 0)
			return &path_fields[k];
	return NULL;
}

/* NAME in TABLE, or NAME = KEY_raw of one of its raw-carrying fields. */
/* F's bit in a path's missing (its row), or 0 when F is no path field. */
static uint32_t path_bit(const struct rr_field *f)
{
	size_t i;

	if (f < path_fields || f >= path_fields + ARRAY_SIZE(path_fields))
		return 0;
	/* A field with no setter is there when the one it follows is. */
	for (i = 0; f->follows && i < ARRAY_SIZE(path_fields); i++)
		if (!strcmp(path_fields[i].key, f->follows))
			f = &path_fields[i];
	return 1U << (f - path_fields);
}

void rr_field_get(const struct rr_field *f, const struct rr_result *r,
		  const struct rr_path *path, struct rr_fval *v)
{
	uint32_t bit = path_bit(f);

	rr_fval_reset(v);
	if (bit && (!path || (path->missing & bit)))
		return;
	f->get(f, r, path, v);
}

void rr_field_path_empty(struct rr_path *path)
{
	memset(path, 0, sizeof(*path));
	path->missing = (uint32_t)((1ULL << ARRAY_SIZE(path_fields)) - 1);
}

bool rr_field_set(const struct rr_field *f, struct rr_result *r,
		  struct rr_path *path, const struct rr_fval *v,
		  struct rr_fstore *store)
{
	uint32_t bit = path_bit(f);

	if (!f->set || (bit && !path) || !f->set(f, r, path, v, store))
		return false;
	if (bit)
		path->missing &= ~bit;
	return true;
}

/* Whether GOT, as JSON writes it, is the value WANT stands for. */
static bool same_value(const struct rr_field *f, const struct rr_fval *got,
		       const struct rr_fval *want)
{
	char text[64];
	double d, big;

	if (f->type == RR_FT_ENUM)
		return got->s && want->s && !strcmp(got->s, want->s);
	if (got->null || want->null)
		return got->null && want->null;
	/* As printed: 1073741.824 read back is that code's, not a near one. */
	rr_fval_str(f, got, false, text, sizeof(text));
	d = strtod(text, NULL);
	big = fabs(d) > fabs(want->d) ? fabs(d) : fabs(want->d);
	return d == want->d || fabs(d - want->d) <= 1e-9 * big;
}

/* Whether code RAW of F gives WANT (R: for what a code means there). */
static bool code_gives(const struct rr_field *f, const struct rr_result *r,
		       long long raw, const struct rr_fval *want)
{
	struct rr_fval in = { .present = true, .i = raw }, got;
	struct rr_path p;

	rr_field_path_empty(&p);
	/* The path setters write the path alone; R is only read. */
	if (!f->set(f, (struct rr_result *)r, &p, &in, NULL))
		return false;
	rr_fval_reset(&got);
	f->get(f, r, &p, &got);
	return same_value(f, &got, want);
}

bool rr_field_code_gives(const struct rr_field *f, const struct rr_result *r,
			 long long raw, const struct rr_fval *v)
{
	if (!path_bit(f) || !f->set ||
	    (f->type != RR_FT_DECODED && f->type != RR_FT_ENUM))
		return false;
	return code_gives(f, r, raw, v);
}

bool rr_field_encode(const struct rr_field *f, const struct rr_result *r,
		     const struct rr_fval *v, long long *raw)
{
	long long code;

	for (code = 0; code <= 255; code++) {
		if (rr_field_code_gives(f, r, code, v)) {
			*raw = code;
			return true;
		}
	}
	return false;
}

static const struct rr_field *find_in(struct rr_field_table t,
				      const char *name, bool *raw)
{
	size_t i, len;

	for (i = 0; i < t.n; i++) {
		if (!strcmp(name, t.fields[i].key)) {
			*raw = false;
			return &t.fields[i];
		}
		len = strlen(t.fields[i].key);
		if ((t.fields[i].type == RR_FT_DECODED ||
		     t.fields[i].type == RR_FT_ENUM) &&
		    !strncmp(name, t.fields[i].key, len) &&
		    !strcmp(name + len, "_raw")) {
			*raw = true;
			return &t.fields[i];
		}
	}
	return NULL;
}

const struct rr_field *rr_field_find(const char *name, enum rr_fscope *scope,
				     bool *raw)
{
	static const enum rr_fscope order[] = { RR_FS_RESULT, RR_FS_TIME,
						RR_FS_PATH, RR_FS_HOP };
	const struct rr_field *f;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(order); i++) {
		f = find_in(rr_fields(order[i]), name, raw);
		if (f) {
			*scope = order[i];
			return f;
		}
	}
	return NULL;
}

const char *rr_fval_str(const struct rr_field *f, const struct rr_fval *v,
			bool raw, char *buf, size_t len)
{
	if (raw) {
		snprintf(buf, len, "%lld", v->i);
		return buf;
	}
	switch (f->type) {
	case RR_FT_STR:
	case RR_FT_ENUM:
		snprintf(buf, len, "%s", v->s);
		break;
	case RR_FT_INT:
		snprintf(buf, len, "%lld", v->i);
		break;
	case RR_FT_BOOL:
		snprintf(buf, len, "%s", v->i ? "true" : "false");
		break;
	case RR_FT_HEX:
		snprintf(buf, len, "0x%0*llx", f->width, (unsigned long long)v->i);
		break;
	case RR_FT_MS:
		snprintf(buf, len, "%.3f", v->d);
		break;
	case RR_FT_NUM:
		snprintf(buf, len, "%.15g", v->d);
		break;
	case RR_FT_DECODED:
		if (v->null)
			snprintf(buf, len, "null");
		/* Whole numbers stay integers: 1024, not 1024.0. */
		else if (v->d == floor(v->d) && fabs(v->d) < 9e15)
			snprintf(buf, len, "%.0f", v->d);
		else
			snprintf(buf, len, "%.15g", v->d);
		break;
	}
	return buf;
}
