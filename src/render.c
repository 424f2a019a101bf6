// SPDX-License-Identifier: GPL-2.0-or-later
#include <math.h>
#include <netdb.h>
#include <stdio.h>
#include <string.h>

#include "decode.h"
#include "render.h"
#include "targets.h"

/* librdmacm's event names, without linking it into the renderers. */
static const char *event_name(int event)
{
	static const char *const names[] = {
		"ADDR_RESOLVED", "ADDR_ERROR", "ROUTE_RESOLVED", "ROUTE_ERROR",
		"CONNECT_REQUEST", "CONNECT_RESPONSE", "CONNECT_ERROR",
		"UNREACHABLE", "REJECTED", "ESTABLISHED", "DISCONNECTED",
		"DEVICE_REMOVAL", "MULTICAST_JOIN", "MULTICAST_ERROR",
		"ADDR_CHANGE", "TIMEWAIT_EXIT",
	};

	if (event < 0 || (size_t)event >= sizeof(names) / sizeof(names[0]))
		return "UNKNOWN";
	return names[event];
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

/* What the kernel (or resolver) said, in one line. */
static void said_str(const struct rr_result *r, char *buf, size_t len)
{
	const struct rr_failure *f = &r->fail;
	const char *name = f->err ? strerrorname_np(f->err) : NULL;

	if (f->step == RR_STEP_LOOKUP && f->kind == RR_FAIL_CALL && !f->err)
		snprintf(buf, len, "%s", gai_strerror(f->status));
	else if (f->kind == RR_FAIL_DEADLINE)
		snprintf(buf, len, "no event within the tool's deadline of %u ms",
			 r->deadline_ms);
	else if (f->kind == RR_FAIL_EVENT)
		snprintf(buf, len, "RDMA_CM_EVENT_%s, status %d (%s: %s)",
			 event_name(f->event), f->status,
			 name ? name : "?", strerror(f->err));
	else
		snprintf(buf, len, "%s() failed: %s (%s)", f->call,
			 name ? name : "?", strerror(f->err));
}

static void render_error(struct printer *p, const struct rr_result *r)
{
	const struct rr_failure *f = &r->fail;
	char said[256];
	const char *name;

	said_str(r, said, sizeof(said));
	pr_obj_begin(p, "error", NULL);
	pr_str(p, "step", rr_step_key(f->step));
	pr_str(p, "call", f->call);
	pr_str(p, "failed_by", fail_kind_key(f->kind));
	if (f->kind == RR_FAIL_EVENT) {
		pr_str(p, "event", event_name(f->event));
		pr_int(p, "event_status", f->status);
	}
	if (f->err) {
		name = strerrorname_np(f->err);
		pr_int(p, "errno", f->err);
		pr_str(p, "errno_name", name ? name : "unknown");
	}
	pr_str(p, "kernel_said", said);
	if (f->detail)
		pr_str(p, "detail", f->detail);
	pr_str(p, "cause", rr_cause_key(f->cause));
	pr_str(p, "explanation", rr_cause_summary(f->cause));
	pr_str(p, "hint", rr_cause_hint(f->cause));
	pr_obj_end(p);
}

static void render_timings(struct printer *p, const struct rr_result *r)
{
	int step;

	pr_obj_begin(p, "time_ms", "time");
	for (step = 0; step < RR_STEP_COUNT; step++)
		if (r->steps[step].ended)
			pr_ms(p, rr_step_key(step), rr_step_ms(r, step));
	pr_obj_end(p);
}

static void render_warnings(struct printer *p, const struct rr_result *r)
{
	char msg[256];

	if (!r->late_success)
		return;
	snprintf(msg, sizeof(msg),
		 "resolve addr succeeded only at its timeout (%.0f of %u ms): the kernel's uncached-neighbour race; the neighbour answered but the event waited for the timer",
		 rr_step_ms(r, RR_STEP_RESOLVE_ADDR), r->timeout_ms);
	pr_arr_begin(p, "warnings");
	pr_str(p, "warning", msg);
	pr_arr_end(p);
}

static void render_path(struct printer *p, const struct rr_result *r,
			const struct rr_path *path, int index)
{
	char title[64], gid[64], text[64];
	double gbps = rr_rate_gbps(path->rate);
	unsigned int mtu = rr_mtu_bytes(path->mtu);

	snprintf(title, sizeof(title), "path %d of %d", index + 1, r->num_paths);
	pr_obj_begin(p, NULL, title);
	pr_str(p, "dgid", rr_gid_str(path->dgid, gid, sizeof(gid)));
	pr_str(p, "sgid", rr_gid_str(path->sgid, gid, sizeof(gid)));
	/* On Ethernet these hold MAC bytes, not LIDs: never show them. */
	if (r->link_layer == RR_LL_INFINIBAND) {
		pr_int(p, "dlid", path->dlid);
		pr_int(p, "slid", path->slid);
	}
	pr_bool(p, "raw_traffic", path->raw_traffic);
	pr_hex(p, "flow_label", path->flow_label, 5);
	pr_int(p, "hop_limit", path->hop_limit);
	pr_int(p, "traffic_class", path->traffic_class);
	pr_bool(p, "reversible", path->reversible);
	pr_int(p, "numb_path", path->numb_path);
	pr_hex(p, "pkey", path->pkey, 4);
	pr_str(p, "pkey_membership", rr_pkey_membership(path->pkey));
	pr_int(p, "sl", path->sl);

	if (mtu)
		snprintf(text, sizeof(text), "%u bytes", mtu);
	else
		snprintf(text, sizeof(text), "unknown");
	pr_decoded_num(p, "mtu", path->mtu, mtu, mtu != 0, text);
	pr_decoded_str(p, "mtu_selector", path->mtu_selector,
		       rr_selector_name(path->mtu_selector));

	if (path->rate == 0)
		snprintf(text, sizeof(text), "port current rate");
	else if (gbps > 0)
		snprintf(text, sizeof(text), "%g Gb/s", gbps);
	else
		snprintf(text, sizeof(text), "unknown");
	pr_decoded_num(p, "rate", path->rate, gbps, gbps > 0, text);
	pr_decoded_str(p, "rate_selector", path->rate_selector,
		       rr_selector_name(path->rate_selector));

	pr_decoded_num(p, "packet_life_time", path->packet_life_time,
		       rr_packet_life_us(path->packet_life_time), true,
		       rr_duration_str(rr_packet_life_us(path->packet_life_time),
				       text, sizeof(text)));
	pr_decoded_str(p, "packet_life_time_selector",
		       path->packet_life_time_selector,
		       rr_selector_name(path->packet_life_time_selector));
	pr_int(p, "preference", path->preference);
	pr_obj_end(p);
}

static void headline(const struct rr_result *r, char *buf, size_t len)
{
	char said[256];

	if (r->ok) {
		snprintf(buf, len, "%s: resolved via %s port %u in %.3f ms",
			 r->target, r->device, r->port,
			 rr_step_ms(r, RR_STEP_TOTAL));
		return;
	}
	said_str(r, said, sizeof(said));
	snprintf(buf, len, "%s: failed at %s: %s", r->target,
		 rr_step_name(r->fail.step), said);
}

static void render_result(struct printer *p, const struct rr_result *r)
{
	char title[512], addr[128];
	int i;

	headline(r, title, sizeof(title));
	pr_set_stream(p, r->ok ? stdout : stderr);
	pr_obj_begin(p, NULL, title);
	pr_str(p, "destination", r->target);
	pr_str(p, "status", r->ok ? "resolved" : "failed");
	if (r->have_dst)
		pr_str(p, "address", rr_sockaddr_str(&r->dst, addr, sizeof(addr)));
	if (r->have_src)
		pr_str(p, "source", rr_sockaddr_str(&r->src, addr, sizeof(addr)));
	if (r->device[0]) {
		pr_str(p, "device", r->device);
		pr_int(p, "port", r->port);
		pr_str(p, "link_layer", rr_link_layer_name(r->link_layer));
	}
	if (r->ok)
		pr_str(p, "gid_type", rr_gid_type_name(r->gid_type));
	if (!r->ok)
		render_error(p, r);
	render_warnings(p, r);
	render_timings(p, r);
	if (r->ok) {
		pr_int(p, "num_paths", r->num_paths);
		pr_arr_begin(p, "paths");
		for (i = 0; i < r->num_paths; i++)
			render_path(p, r, &r->paths[i], i);
		pr_arr_end(p);
	}
	pr_obj_end(p);
}

static void render_summary(struct printer *p, const struct rr_result *results,
			   int n)
{
	int counts[RR_CAUSE_COUNT] = { 0 };
	int i, ok = 0;

	for (i = 0; i < n; i++) {
		if (results[i].ok)
			ok++;
		else
			counts[results[i].fail.cause]++;
	}
	pr_set_stream(p, stdout);
	pr_obj_begin(p, "summary", "summary");
	pr_int(p, "destinations", n);
	pr_int(p, "resolved", ok);
	pr_int(p, "failed", n - ok);
	pr_obj_begin(p, "failed_by_cause", n - ok ? "failed by cause" : NULL);
	for (i = 0; i < RR_CAUSE_COUNT; i++)
		if (counts[i])
			pr_int(p, rr_cause_key(i), counts[i]);
	pr_obj_end(p);
	pr_obj_end(p);
}

void rr_render(struct printer *p, const struct rr_result *results, int n,
	       const struct rr_opts *opts)
{
	bool json = opts->format == RR_FORMAT_JSON;
	int i;

	pr_obj_begin(p, NULL, NULL);
	if (json) {
		/* Document context; text shows these in each headline. */
		pr_str(p, "version", PACKAGE_VERSION);
		pr_int(p, "timeout_ms", opts->timeout_ms);
	}
	pr_arr_begin(p, "results");
	for (i = 0; i < n; i++)
		render_result(p, &results[i]);
	pr_arr_end(p);
	/* One destination needs no summary in text; scripts always get one. */
	if (json || n > 1)
		render_summary(p, results, n);
	pr_obj_end(p);
}
