// SPDX-License-Identifier: GPL-2.0-or-later
#include <arpa/inet.h>
#include <limits.h>
#include <math.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/ib_port.h"
#include "base/clock.h"
#include "base/num_text.h"
#include "base/util.h"
#include "model/probe/cause.h"
#include "model/probe/result.h"
#include "model/probe/decode.h"
#include "model/probe/failure_text.h"
#include "model/probe/fields.h"
#include "model/probe/field_member.h"
#include "base/sockaddr.h"

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

/* A selector's code (its member) and its name. */
static void get_selector(const struct rr_field *f, const struct rr_result *r,
			 const struct rr_path *p, struct rr_fval *v)
{
	rr_member_get(f, r, p, v);
	v->s = rr_selector_name((int)v->i);
}

/* The result's own fields. */

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

/* Several results of one name (-A) differ by their address. */
static void get_address(const struct rr_field *f, const struct rr_result *r,
			const struct rr_path *p, struct rr_fval *v)
{
	str(v, r->probe.have_dst, rr_sockaddr_str(&r->probe.dst, v->buf, sizeof(v->buf)));
}

static void get_source(const struct rr_field *f, const struct rr_result *r,
		       const struct rr_path *p, struct rr_fval *v)
{
	str(v, r->out.have_src, rr_sockaddr_str(&r->out.src, v->buf, sizeof(v->buf)));
}

/* --connect: whether the peer confirmed the disconnect (its DREP came). */
static void get_disconnect_confirmed(const struct rr_field *f,
				     const struct rr_result *r,
				     const struct rr_path *p, struct rr_fval *v)
{
	num(v, r->out.ok && r->out.steps[RR_STEP_DISCONNECT].ended,
	    !r->out.disconnect_unconfirmed);
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

static void get_gid_type(const struct rr_field *f, const struct rr_result *r,
			 const struct rr_path *p, struct rr_fval *v)
{
	str(v, rr_result_routed(r), rr_gid_type_name(r->out.gid_type));
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

static void get_tos(const struct rr_field *f, const struct rr_result *r,
		    const struct rr_path *p, struct rr_fval *v)
{
	num(v, r->out.used.tos_from != RR_TOS_UNKNOWN, r->out.used.tos);
}

/*
 * The names of the codes a member holds, as the named columns (R_NAMED,
 * H_NAMED) take them: of an int.
 */
#define NAMES(fn, type) \
	static const char *fn##_of(int code) { return fn((type)code); }
NAMES(rr_link_layer_name, enum rr_link_layer)
NAMES(rr_gid_type_name, enum rr_gid_type)
NAMES(rr_tos_from_key, enum rr_tos_from)
NAMES(rr_udp_answer_key, enum rr_udp_answer)
NAMES(rr_step_key, enum rr_step)
NAMES(rr_fail_kind_key, enum rr_fail_kind)
NAMES(rr_cause_key, enum rr_cause)
NAMES(rr_node_type_name, enum rr_node_type)
NAMES(rr_link_width_name, unsigned int)
NAMES(rr_link_speed_name, unsigned int)
#undef NAMES

static const char *name_known_to_of(int code)
{
	static const char *const keys[] = {
		[RR_NAME_MAP_SA] = "node_name_map+sa",
		[RR_NAME_SA] = "sa",
		[RR_NAME_MAP] = "node_name_map",
	};

	return code >= 0 && code < (int)ARRAY_SIZE(keys) ? keys[code] : NULL;
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

static bool set_address(const struct rr_field *f, struct rr_result *r,
			struct rr_path *p, const struct rr_fval *v,
			struct rr_fstore *st)
{
	r->probe.have_dst = parse_addr(v->s, &r->probe.dst);
	return r->probe.have_dst;
}

static bool set_source(const struct rr_field *f, struct rr_result *r,
		       struct rr_path *p, const struct rr_fval *v,
		       struct rr_fstore *st)
{
	r->out.have_src = parse_addr(v->s, &r->out.src);
	return r->out.have_src;
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

static bool set_wc_status(const struct rr_field *f, struct rr_result *r,
			  struct rr_path *p, const struct rr_fval *v,
			  struct rr_fstore *st)
{
	r->out.transfer.wc_status = rr_wc_status_from_key(v->s);
	return r->out.transfer.wc_status >= 0;
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
	{ "destination", RR_FT_STR, R_TEXT(probe.target) },
	{ "seq", RR_FT_INT, R_NUM(probe.seq, RR_HAS_NONZERO, LLONG_MAX) },
	{ "host", RR_FT_STR, R_TEXT(probe.host), .json_only = true },
	{ "time", RR_FT_STR, .get = get_time, R_TEXT_SET(probe.time), .json_only = true },
	{ "status", RR_FT_STR, .get = get_status },
	{ "from", RR_FT_STR, R_TEXT(probe.from) },
	{ "start_ms", RR_FT_MS, R_MS_IF(out.start_ms, out.have_start, 1e15) },
	{ "address", RR_FT_STR, .get = get_address, .set = set_address },
	{ "name_addresses", RR_FT_INT, R_NUM(probe.name_addresses, RR_HAS_NONZERO, UINT_MAX) },
	/* --sa by name: who knew a name the fabric seen from here does not have. */
	{ "name_known_to", RR_FT_STR, R_NAMED(probe.name_known_to, name_known_to_of, RR_NAME_MAP_SA, RR_NAME_MAP) },
	{ "source", RR_FT_STR, .get = get_source, .set = set_source, .prom = RR_PROM_INFO },
	{ "device", RR_FT_STR, R_CHARS(out.device), .prom = RR_PROM_INFO },
	{ "port", RR_FT_INT, R_NUM(out.port, RR_HAS_NONZERO, UINT8_MAX), .prom = RR_PROM_INFO },
	{ "link_layer", RR_FT_STR, R_NAMED_BESIDE(out.link_layer, out.device, rr_link_layer_name_of, RR_LL_IWARP), .prom = RR_PROM_INFO },
	{ "gid_type", RR_FT_STR, .get = get_gid_type, .set = rr_member_set,
	  RR_NAMED_MEMBER(RR_IN_RESULT, struct rr_result, out.gid_type, RR_HAS_ALWAYS, 0,
			  rr_gid_type_name_of, 0, RR_GID_ROCE_V2), .prom = RR_PROM_INFO },
	{ "sgid_index", RR_FT_INT, R_NUM_IF(out.used.sgid_index, out.used.have_sgid_index, UINT_MAX), .prom = RR_PROM_INFO },
	{ "port_rate", RR_FT_NUM, .get = get_port_rate, .set = set_port_rate, .prom = RR_PROM_GAUGE, .metric = "link_rate_bytes_per_second", .scale = 1e9 / 8 },
	{ "port_space", RR_FT_STR, R_TEXT(out.used.port_space), .prom = RR_PROM_INFO },
	{ "connect_port", RR_FT_INT, R_NUM(out.connect_port, RR_HAS_NONZERO, UINT16_MAX) },
	{ "disconnect_confirmed", RR_FT_BOOL, .get = get_disconnect_confirmed, .set = set_disconnect_confirmed },
	/* --connect on RoCE v2, a request with no answer: the UDP datagram's. */
	{ "udp_4791", RR_FT_STR, R_NAMED(out.udp_4791, rr_udp_answer_key_of, RR_UDP_NO_ANSWER, RR_UDP_OTHER_ERROR) },
	{ "data_sizes", RR_FT_STR, .get = get_data_sizes, .set = set_data_sizes },
	{ "data_passed", RR_FT_INT, R_NUM_SET(out.transfer.passed, RR_DATA_MAX_MESSAGES), .get = get_data_passed },
	{ "data_largest_passed", RR_FT_INT, .get = get_data_largest_passed },
	{ "wc_status", RR_FT_STR, .get = get_wc_status, .set = set_wc_status },
	{ "netdev_mtu", RR_FT_INT, R_NUM_SET(out.transfer.netdev_mtu, 1U << 20), .get = get_netdev_mtu },
	{ "tos", RR_FT_INT, R_NUM_SET(out.used.tos, 255), .get = get_tos, .prom = RR_PROM_INFO },
	{ "tos_from", RR_FT_STR, R_NAMED(out.used.tos_from, rr_tos_from_key_of, RR_TOS_OPTION, RR_TOS_DEFAULT), .prom = RR_PROM_INFO },
	/* RoCE: the GID type the CM picks unless told, and who set it. */
	{ "default_roce_mode", RR_FT_STR, R_NAMED(out.used.roce_mode, rr_gid_type_name_of, RR_GID_IB, RR_GID_ROCE_V2), .prom = RR_PROM_INFO },
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

/* Either of the SA's own fields read back says the path is the SA's. */
static bool set_service_id(const struct rr_field *f, struct rr_result *r,
			   struct rr_path *p, const struct rr_fval *v,
			   struct rr_fstore *st)
{
	p->service_id = (uint64_t)v->i;
	p->have_sa_fields = true;
	return true;
}

static const struct rr_field path_fields[] = {
	{ "service_id", RR_FT_HEX, 16, .get = rr_member_get, .set = set_service_id,
	  RR_MEMBER(RR_MEM_UINT, RR_IN_PATH, struct rr_path, service_id, RR_HAS_FLAG,
		 offsetof(struct rr_path, have_sa_fields), 0) },
	{ "dgid", RR_FT_STR, .get = get_dgid, .set = set_dgid, .prom = RR_PROM_INFO },
	{ "sgid", RR_FT_STR, .get = get_sgid, .set = set_sgid, .prom = RR_PROM_INFO },
	{ "dlid", RR_FT_INT, P_NUM_SET(dlid, UINT16_MAX), .get = get_dlid, .prom = RR_PROM_INFO },
	{ "slid", RR_FT_INT, P_NUM_SET(slid, UINT16_MAX), .get = get_slid, .prom = RR_PROM_INFO },
	{ "raw_traffic", RR_FT_BOOL, P_NUM(raw_traffic, 1) },
	{ "flow_label", RR_FT_HEX, 5, P_NUM(flow_label, UINT32_MAX) },
	{ "hop_limit", RR_FT_INT, P_NUM(hop_limit, UINT8_MAX), .both_ways = true, .prom = RR_PROM_INFO },
	{ "traffic_class", RR_FT_INT, P_NUM(traffic_class, UINT8_MAX), .prom = RR_PROM_INFO },
	{ "reversible", RR_FT_BOOL, P_NUM(reversible, 1), .both_ways = true, .prom = RR_PROM_INFO },
	{ "numb_path", RR_FT_INT, P_NUM(numb_path, UINT8_MAX) },
	{ "pkey", RR_FT_HEX, 4, P_NUM(pkey, UINT16_MAX), .both_ways = true, .prom = RR_PROM_INFO },
	{ "pkey_membership", RR_FT_STR, .get = get_pkey_membership, .follows = "pkey", .prom = RR_PROM_INFO },
	{ "qos_class", RR_FT_INT, P_NUM_IF(qos_class, have_sa_fields, 0xfff) },
	{ "sl", RR_FT_INT, P_NUM(sl, 15), .both_ways = true, .prom = RR_PROM_INFO },
	{ "mtu", RR_FT_DECODED, P_NUM_SET(mtu, 63), .get = get_mtu, .both_ways = true, .prom = RR_PROM_GAUGE, .metric = "mtu_bytes" },
	{ "mtu_selector", RR_FT_ENUM, P_NUM_SET(mtu_selector, 3), .get = get_selector },
	{ "rate", RR_FT_DECODED, P_NUM_SET(rate, 63), .get = get_rate, .both_ways = true, .prom = RR_PROM_GAUGE, .metric = "rate_bytes_per_second", .scale = 1e9 / 8 },
	{ "rate_selector", RR_FT_ENUM, P_NUM_SET(rate_selector, 3), .get = get_selector },
	{ "packet_life_time", RR_FT_DECODED, P_NUM_SET(packet_life_time, 63), .get = get_packet_life_time, .prom = RR_PROM_GAUGE, .metric = "packet_life_time_seconds", .scale = 1e-6 },
	{ "packet_life_time_selector", RR_FT_ENUM,
	  P_NUM_SET(packet_life_time_selector, 3), .get = get_selector },
	{ "preference", RR_FT_INT, P_NUM(preference, UINT8_MAX) },
};

/* A failure's fields (the error object). */

static void get_event(const struct rr_field *f, const struct rr_result *r,
		      const struct rr_path *p, struct rr_fval *v)
{
	str(v, r->out.fail.kind == RR_FAIL_EVENT, rr_event_name(r->out.fail.event));
}

static void get_event_status(const struct rr_field *f,
			     const struct rr_result *r,
			     const struct rr_path *p, struct rr_fval *v)
{
	num(v, r->out.fail.kind == RR_FAIL_EVENT, r->out.fail.status);
}

/*
 * REJECTED: the peer's reason in words; an unsuccessful SIDR REP: its
 * status.  The number is event_status.
 */
static void get_reject_reason(const struct rr_field *f,
			      const struct rr_result *r, const struct rr_path *p,
			      struct rr_fval *v)
{
	const char *why = rr_peer_reason(&r->out.fail);

	str(v, why, why);
}

static void get_private_len(const struct rr_field *f,
			    const struct rr_result *r, const struct rr_path *p,
			    struct rr_fval *v)
{
	num(v, rr_failure_consumer_reject(&r->out.fail), r->out.fail.private_len);
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

static bool set_event(const struct rr_field *f, struct rr_result *r,
		      struct rr_path *p, const struct rr_fval *v,
		      struct rr_fstore *st)
{
	return rr_event_from_name(v->s, &r->out.fail.event);
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

/* cause and sa_cause: their member, by its key. */
static bool set_cause(const struct rr_field *f, struct rr_result *r,
		      struct rr_path *p, const struct rr_fval *v,
		      struct rr_fstore *st)
{
	/*
	 * A key this build does not know (a newer rdma-route's, in a fleet
	 * of mixed versions) is a cause it cannot judge by: unknown.
	 */
	*(enum rr_cause *)((char *)r + f->mem.off) = rr_cause_from_key(v->s);
	return true;
}

static void get_sa_detail(const struct rr_field *f, const struct rr_result *r,
			  const struct rr_path *p, struct rr_fval *v)
{
	str(v, r->out.sa_cause != RR_CAUSE_NONE && r->out.sa_detail,
	    r->out.sa_detail);
}

static const struct rr_field error_fields[] = {
	{ "step", RR_FT_STR, R_NAMED(out.fail.step, rr_step_key_of, 0, RR_STEP_COUNT - 1), .prom = RR_PROM_INFO },
	{ "call", RR_FT_STR, R_TEXT(out.fail.call), .prom = RR_PROM_INFO },
	{ "failed_by", RR_FT_STR, .get = rr_member_get, .set = rr_member_set,
	  RR_NAMED_MEMBER(RR_IN_RESULT, struct rr_result, out.fail.kind, RR_HAS_ALWAYS, 0,
			  rr_fail_kind_key_of, RR_FAIL_CALL, RR_FAIL_DEADLINE), .prom = RR_PROM_INFO },
	{ "event", RR_FT_STR, .get = get_event, .set = set_event, .prom = RR_PROM_INFO },
	{ "event_status", RR_FT_INT, .get = get_event_status, .set = set_event_status },
	{ "reject_reason", RR_FT_STR, .get = get_reject_reason },
	{ "private_data_len", RR_FT_INT, R_NUM_SET(out.fail.private_len, 255), .get = get_private_len },
	{ "errno", RR_FT_INT, R_NUM(out.fail.err, RR_HAS_NONZERO, 4095) },
	{ "errno_name", RR_FT_STR, .get = get_errno_name, .prom = RR_PROM_INFO },
	{ "kernel_said", RR_FT_STR, .get = get_kernel_said },
	{ "deadline_ms", RR_FT_INT, R_NUM_SET(out.fail.deadline_ms, UINT_MAX), .get = get_deadline_ms },
	{ "detail", RR_FT_STR, R_TEXT_SET(out.fail.detail), .get = get_detail },
	{ "cause", RR_FT_STR, R_NAMED_GET(out.fail.cause, rr_cause_key_of, RR_HAS_ALWAYS), .set = set_cause, .prom = RR_PROM_INFO },
	{ "explanation", RR_FT_STR, .get = get_explanation },
	{ "hint", RR_FT_STR, .get = get_hint },
	/* --sa --trace: the SA's failure beside the walk's. */
	{ "sa_cause", RR_FT_STR, R_NAMED_GET(out.sa_cause, rr_cause_key_of, RR_HAS_NONZERO), .set = set_cause },
	{ "sa_detail", RR_FT_STR, R_TEXT_SET(out.sa_detail), .get = get_sa_detail },
};

/* Each hop of a traced route (--sa --trace), and the link it leaves by. */

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

static void get_hop_errors_named(const struct rr_field *f,
				 const struct rr_hop *h, struct rr_fval *v)
{
	str(v, rr_hop_errors(h) > 0,
	    rr_hop_errors_text(h, v->buf, sizeof(v->buf)));
}

#define HOP_COUNTER(key, field, error) \
	{ #key, RR_FT_INT, .counter = RR_HC_##key, .text_unless_zero = true, \
	  H_NUM_IF(counters[RR_HC_##key], have_counters) },

static const struct rr_field hop_fields[] = {
	{ "name", RR_FT_STR, H_CHARS(name) },
	{ "guid", RR_FT_HEX, 16, H_NUM(guid, RR_HAS_ALWAYS) },
	{ "type", RR_FT_STR, H_NAMED(type, rr_node_type_name_of) },
	{ "lid", RR_FT_INT, H_NUM(lid, RR_HAS_NONZERO) },
	{ "in_port", RR_FT_INT, H_NUM(in_port, RR_HAS_ALWAYS) },
	{ "out_port", RR_FT_INT, H_NUM(out_port, RR_HAS_ALWAYS) },
	{ "state", RR_FT_STR, H_NAMED_IF(state, have_link, rr_port_state_name) },
	{ "phys_state", RR_FT_STR, H_NAMED_IF(phys_state, have_link, rr_phys_state_name) },
	{ "width", RR_FT_STR, H_NAMED_IF(width, have_link, rr_link_width_name_of) },
	{ "speed", RR_FT_STR, H_NAMED_IF(speed, have_link, rr_link_speed_name_of) },
	{ "rate", RR_FT_NUM, .get_hop = get_hop_rate },
	{ "mtu", RR_FT_INT, .get_hop = get_hop_mtu },
	{ "bottleneck", RR_FT_BOOL, H_NUM_IF(bottleneck, have_link) },
	{ "below_ends", RR_FT_BOOL, H_NUM_IF(below_ends, have_link) },
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

/* A bit of a path's missing for each path field: no 33rd without room. */
_Static_assert(ARRAY_SIZE(path_fields) <=
	       sizeof(((struct rr_path *)0)->missing) * CHAR_BIT,
	       "struct rr_path's missing has a bit for each path field");

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
