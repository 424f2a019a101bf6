// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What an rdma_cm id learned into a result, as cm_backend.c hands it
 * over: rr_cm_collect_port() (a device name of any bytes, any link layer,
 * --tos or none, configfs defaults or none), rr_cm_collect_route() (any
 * number of PathRecords of any bytes, a GID table of any entries), then
 * an event of any type and status with its private data's length
 * (rr_fail_event(), as a REJECTED or any unexpected event fails a step),
 * and the result rendered in JSON and text.  Checks, against the rules
 * cm_collect.h and result.h state:
 * - the device is the name cut to fit, the port and rates as given; the
 *   ToS is --tos, else configfs's on RoCE, else 0, with its source;
 * - each PathRecord's fields are the wire's (network byte order), the
 *   number of paths the route's when it has records, else none;
 * - the source GID's entry is the first of the table holding the first
 *   path's sgid with the wanted type (IB on InfiniBand, the default mode
 *   on RoCE), else the first holding it; RoCE's GID type is its type, or
 *   v2 for a v4-mapped GID no entry holds;
 * - the event, its status and the private data's length are kept; the
 *   error is a positive errno (a negative status's) or 0 for a reject
 *   reason;
 * - the JSON document parses (strict, UTF-8) with one result in it.
 */
#include <arpa/inet.h>
#include <json-c/json.h>
#include <limits.h>

#include "rdmacm/cm_collect.h"
#include "model/probe/cause.h"
#include "model/probe/decode.h"
#include "output/printer.h"
#include "output/render.h"
#include "fuzz.h"

static void bytes(struct fuzz_in *in, void *out, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		((uint8_t *)out)[i] = fuzz_byte(in);
}

static uint32_t u32(struct fuzz_in *in)
{
	uint32_t v;

	bytes(in, &v, sizeof(v));
	return v;
}

static uint16_t be16(const void *p)
{
	const uint8_t *b = p;

	return (uint16_t)(b[0] << 8 | b[1]);
}

static uint32_t be32(const void *p)
{
	const uint8_t *b = p;

	return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 |
	       (uint32_t)b[2] << 8 | b[3];
}

static void check_path(const struct rr_path *o, const struct ibv_sa_path_rec *i)
{
	fuzz_check(!memcmp(o->dgid, i->dgid.raw, 16));
	fuzz_check(!memcmp(o->sgid, i->sgid.raw, 16));
	fuzz_check(o->dlid == be16(&i->dlid) && o->slid == be16(&i->slid));
	fuzz_check(o->flow_label == be32(&i->flow_label));
	fuzz_check(o->pkey == be16(&i->pkey));
	fuzz_check(o->raw_traffic == !!i->raw_traffic);
	fuzz_check(o->reversible == !!i->reversible);
	fuzz_check(o->hop_limit == i->hop_limit &&
		   o->traffic_class == i->traffic_class &&
		   o->numb_path == i->numb_path && o->sl == i->sl &&
		   o->mtu_selector == i->mtu_selector && o->mtu == i->mtu &&
		   o->rate_selector == i->rate_selector && o->rate == i->rate &&
		   o->packet_life_time_selector ==
			   i->packet_life_time_selector &&
		   o->packet_life_time == i->packet_life_time &&
		   o->preference == i->preference);
}

/* The entry the rule picks for SGID, or NULL. */
static const struct rr_gid_entry *model_entry(const struct rr_gid_entry *t,
					      size_t n, const uint8_t *sgid,
					      enum rr_gid_type want)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!memcmp(t[i].gid, sgid, 16) && t[i].type == want)
			return &t[i];
	for (i = 0; i < n; i++)
		if (!memcmp(t[i].gid, sgid, 16))
			return &t[i];
	return NULL;
}

static void check_json(const char *buf, size_t len)
{
	struct json_tokener *tok = json_tokener_new();
	struct json_object *doc, *list;

	json_tokener_set_flags(tok, JSON_TOKENER_STRICT |
				    JSON_TOKENER_VALIDATE_UTF8);
	doc = json_tokener_parse_ex(tok, buf, (int)len);
	fuzz_check(doc && json_tokener_get_error(tok) == json_tokener_success);
	fuzz_check(json_object_object_get_ex(doc, "results", &list) &&
		   json_object_is_type(list, json_type_array) &&
		   json_object_array_length(list) == 1);
	json_object_put(doc);
	json_tokener_free(tok);
}

static void render(const struct rr_result *r, enum rr_format format,
		   bool json)
{
	char *buf = NULL, *ebuf = NULL;
	size_t len = 0, elen = 0;
	FILE *out = open_memstream(&buf, &len);
	FILE *err = open_memstream(&ebuf, &elen);
	struct printer *p;

	if (!out || !err)
		abort();
	p = pr_new(format, out, err);
	if (!p)
		abort();
	rr_render_begin(p, 2000, 1, 200);
	rr_render_result(p, r, false);
	pr_finish(p);
	fclose(out);
	fclose(err);
	if (json)
		check_json(buf, len);
	free(buf);
	free(ebuf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_in in = { data, size, 0 };
	struct rr_cm_defaults defaults;
	struct rr_gid_entry gids[8];
	struct rr_cm_port port;
	struct rr_cm_asked asked;
	struct ibv_sa_path_rec *recs = NULL;
	struct rdma_route route;
	const struct rr_gid_entry *want_e;
	enum rr_gid_type want_type;
	struct rr_result r;
	uint8_t flags = fuzz_byte(&in), more = fuzz_byte(&in);
	char device[80];
	int i, num_paths, num_recs, event, status, want_err;
	unsigned int private_len;
	size_t n_gids = fuzz_byte(&in) % 9;
	struct timespec at = { 1, 2 };

	memset(&r, 0, sizeof(r));
	r.probe.target = "fuzz";
	r.probe.kind = RR_PROBE_ADDRESS;
	bytes(&in, device, sizeof(device) - 1);
	device[sizeof(device) - 1 - fuzz_byte(&in) % sizeof(device)] = '\0';
	device[sizeof(device) - 1] = '\0';

	memset(&defaults, 0, sizeof(defaults));
	defaults.configfs = flags & 4;
	defaults.tos = (int8_t)fuzz_byte(&in);
	defaults.roce_mode = (enum rr_gid_type)(fuzz_byte(&in) % 4);
	memset(&port, 0, sizeof(port));
	port.device = device;
	port.port = fuzz_byte(&in);
	port.ll = (enum rr_link_layer)(flags & 3);
	port.rate_gbps = (double)fuzz_byte(&in) * 2.5;
	port.defaults = flags & 8 ? &defaults : NULL;
	memset(gids, 0, sizeof(gids));
	for (i = 0; i < (int)n_gids; i++) {
		gids[i].index = fuzz_byte(&in);
		gids[i].type = (enum rr_gid_type)(fuzz_byte(&in) % 4);
		/* Few distinct GIDs, so that entries share them. */
		memset(gids[i].gid, 0, 16);
		gids[i].gid[0] = fuzz_byte(&in) % 3;
		gids[i].gid[15] = fuzz_byte(&in) % 2;
		if (fuzz_byte(&in) & 1) {
			gids[i].gid[10] = 0xff;
			gids[i].gid[11] = 0xff;
		}
		gids[i].vlan = -1;
	}
	port.gids = n_gids ? gids : NULL;
	port.num_gids = n_gids;
	asked.tos = flags & 16 ? fuzz_byte(&in) : -1;
	asked.port_space = flags & 32 ? "udp" : "tcp";

	rr_cm_collect_port(&r, &port, &asked);
	fuzz_check(strlen(r.out.device) ==
		   (strlen(device) < sizeof(r.out.device) ? strlen(device) :
		    sizeof(r.out.device) - 1));
	fuzz_check(!strncmp(r.out.device, device, strlen(r.out.device)));
	fuzz_check(r.out.port == port.port && r.out.link_layer == port.ll);
	fuzz_check(r.out.used.port_space == asked.port_space);
	fuzz_check(r.out.used.port_rate_gbps == port.rate_gbps);
	if (asked.tos >= 0)
		fuzz_check(r.out.used.tos == asked.tos &&
			   r.out.used.tos_from == RR_TOS_OPTION);
	else if (port.ll == RR_LL_ETHERNET && port.defaults &&
		 defaults.configfs)
		fuzz_check(r.out.used.tos == defaults.tos &&
			   r.out.used.tos_from == RR_TOS_CONFIGFS);
	else
		fuzz_check(r.out.used.tos == 0 &&
			   r.out.used.tos_from == RR_TOS_DEFAULT);

	/* Paths: the count said and the records given may disagree. */
	memset(&route, 0, sizeof(route));
	num_paths = (int8_t)fuzz_byte(&in) % 6;
	num_recs = num_paths > 0 && !(more & 1) ? num_paths : 0;
	route.num_paths = num_paths;
	if (num_recs) {
		recs = fuzz_alloc((size_t)num_recs * sizeof(*recs));
		for (i = 0; i < num_recs; i++) {
			bytes(&in, &recs[i], sizeof(recs[i]));
			if (i == 0 && (more & 2) && n_gids)
				memcpy(recs[0].sgid.raw,
				       gids[fuzz_byte(&in) % n_gids].gid, 16);
		}
	}
	route.path_rec = recs;
	bytes(&in, &route.addr.src_storage, sizeof(route.addr.src_storage));
	route.addr.src_storage.ss_family = more & 4 ? AF_INET6 : AF_INET;
	rr_cm_collect_route(&r, &route, &port);
	fuzz_check(r.out.have_src);
	fuzz_check(!memcmp(&r.out.src, &route.addr.src_storage,
			   sizeof(r.out.src)));
	fuzz_check(r.out.num_paths == num_recs);
	for (i = 0; i < r.out.num_paths; i++)
		check_path(&r.out.paths[i], &recs[i]);
	want_type = port.ll == RR_LL_INFINIBAND ? RR_GID_IB : RR_GID_UNKNOWN;
	want_e = NULL;
	if (num_recs && (port.ll == RR_LL_INFINIBAND ||
			 port.ll == RR_LL_ETHERNET))
		want_e = model_entry(gids, n_gids, recs[0].sgid.raw,
				     port.ll == RR_LL_INFINIBAND ? RR_GID_IB :
				     r.out.used.roce_mode);
	if (want_e && port.ll == RR_LL_ETHERNET)
		want_type = want_e->type;
	else if (!want_e && num_recs && port.ll == RR_LL_ETHERNET &&
		 rr_gid_is_v4mapped(recs[0].sgid.raw))
		want_type = RR_GID_ROCE_V2;
	fuzz_check(r.out.gid_type == want_type);
	fuzz_check(r.out.used.have_sgid_index == !!want_e);
	fuzz_check(!want_e || r.out.used.sgid_index == want_e->index);

	/* An event that fails the step, as handle_event() takes it. */
	event = (int8_t)fuzz_byte(&in);
	status = (int)u32(&in);
	private_len = fuzz_byte(&in);
	rr_step_begin(&r.out, RR_STEP_RESOLVE_ROUTE);
	rr_fail_event(&r.out, RR_STEP_RESOLVE_ROUTE, "rdma_resolve_route",
		      event, status, &at);
	if (event == RDMA_CM_EVENT_REJECTED)
		r.out.fail.private_len = private_len;
	want_err = status < 0 ? (status == INT_MIN ? INT_MAX : -status) :
		   rr_event_status_is_reason(event) ? 0 : status;
	fuzz_check(r.out.fail.event == event && r.out.fail.status == status);
	fuzz_check(r.out.fail.err == want_err && r.out.fail.err >= 0);
	fuzz_check(r.out.fail.step == RR_STEP_RESOLVE_ROUTE);

	render(&r, RR_FORMAT_JSON, true);
	render(&r, RR_FORMAT_TEXT, false);
	rr_result_release(&r);
	free(recs);
	return 0;
}
