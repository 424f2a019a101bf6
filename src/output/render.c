// SPDX-License-Identifier: GPL-2.0-or-later
#include <math.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "base/ib_port.h"
#include "model/probe/decide_connect.h"
#include "model/probe/decode.h"
#include "base/escape.h"
#include "base/num_text.h"
#include "model/probe/failure_text.h"
#include "model/probe/fields.h"
#include "output/render.h"
#include "output/render_chain.h"
#include "output/render_evidence.h"
#include "output/render_records.h"
#include "base/stats.h"
#include "base/sockaddr.h"

/* A field's value to the printer, as its type says. */
static void put(struct printer *p, const struct rr_field *f,
		const struct rr_fval *v)
{
	switch (f->type) {
	case RR_FT_STR:
		pr_str(p, f->key, v->s);
		break;
	case RR_FT_INT:
		pr_int(p, f->key, v->i);
		break;
	case RR_FT_BOOL:
		pr_bool(p, f->key, v->i);
		break;
	case RR_FT_HEX:
		pr_hex(p, f->key, (unsigned long long)v->i, f->width);
		break;
	case RR_FT_MS:
		pr_ms(p, f->key, v->d);
		break;
	case RR_FT_DECODED:
		pr_decoded_num(p, f->key, v->i, v->d, !v->null, v->text);
		break;
	case RR_FT_ENUM:
		pr_decoded_str(p, f->key, v->i, v->s);
		break;
	case RR_FT_NUM:
		pr_num(p, f->key, v->d, v->text);
		break;
	}
}

/* The fields of SCOPE that R (and PATH) has: its TAIL ones or the others. */
static void put_fields(struct printer *p, enum rr_fscope scope,
		       const struct rr_result *r, const struct rr_path *path,
		       bool tail)
{
	struct rr_field_table t = rr_fields(scope);
	struct rr_fval v;
	size_t i;

	for (i = 0; i < t.n; i++) {
		if (t.fields[i].tail != tail ||
		    (t.fields[i].json_only && !pr_is_json(p)))
			continue;
		rr_fval_reset(&v);
		rr_field_get(&t.fields[i], r, path, &v);
		if (v.present)
			put(p, &t.fields[i], &v);
	}
}

static void render_warnings(struct printer *p, const struct rr_result *r)
{
	char msg[512], addr[128], peer_mtu[256];

	bool mtu = rr_peer_mtu_short(r, peer_mtu, sizeof(peer_mtu));

	if (!r->out.late_success && !r->probe.name_skipped &&
	    !r->out.sa_records_said && !r->out.sa_records_void &&
	    !r->out.sa_busy_retries && !r->out.disconnect_unconfirmed && !mtu)
		return;
	pr_arr_begin(p, "warnings");
	if (mtu)
		pr_str(p, "warning", peer_mtu);
	if (r->probe.name_skipped) {
		snprintf(msg, sizeof(msg),
			 "%s has %u addresses; only the first, %s, was probed (-A probes each)",
			 r->probe.target, r->probe.name_addresses,
			 rr_sockaddr_str(&r->probe.dst, addr, sizeof(addr)));
		pr_str(p, "warning", msg);
	}
	if (r->out.sa_records_said || r->out.sa_records_void) {
		snprintf(msg, sizeof(msg),
			 "%d of %u records received: the SA's answer came cut short (an RMPP answer of several segments not reassembled)%s",
			 r->out.num_paths,
			 r->out.sa_records_said ? r->out.sa_records_said :
				(unsigned int)r->out.num_paths + r->out.sa_records_void,
			 r->out.sa_records_void ? "; what was left of a record is not shown" : "");
		pr_str(p, "warning", msg);
	}
	if (r->out.sa_busy_retries) {
		snprintf(msg, sizeof(msg),
			 "the SA answered busy %u time%s: asked again after a back-off (8 ms, doubled each time, within the timeout)",
			 r->out.sa_busy_retries,
			 r->out.sa_busy_retries == 1 ? "" : "s");
		pr_str(p, "warning", msg);
	}
	if (r->out.disconnect_unconfirmed) {
		snprintf(msg, sizeof(msg),
			 "the peer did not confirm the disconnect: no DREP within %u ms (its application has not disconnected yet); the connection came up",
			 rr_disconnect_wait_ms(r->out.timeout_ms));
		pr_str(p, "warning", msg);
	}
	if (r->out.late_success) {
		snprintf(msg, sizeof(msg),
			 "resolve addr succeeded only at its timeout (%.0f of %u ms): the kernel's uncached-neighbour race; the neighbour answered but the event waited for the timer",
			 rr_step_ms(&r->out, RR_STEP_RESOLVE_ADDR), r->out.timeout_ms);
		pr_str(p, "warning", msg);
	}
	pr_arr_end(p);
}

void rr_render_expect_failed(struct printer *p,
			     const struct rr_expect_failure *xs, int n)
{
	const struct rr_expect_failure *x;
	char title[400];
	int i;

	if (!n)
		return;
	pr_arr_begin(p, "expect_failed");
	for (i = 0; i < n; i++) {
		x = &xs[i];
		snprintf(title, sizeof(title), "expectation failed: %s %s %s, actual %s",
			 x->field, x->op, x->expected, x->actual);
		pr_obj_begin(p, NULL, title);
		pr_str(p, "field", x->field);
		pr_str(p, "op", x->op);
		pr_str(p, "expected", x->expected);
		pr_str(p, "actual", x->actual);
		pr_obj_end(p);
	}
	pr_arr_end(p);
}

static void render_path(struct printer *p, const struct rr_result *r,
			const struct rr_path *path, int index)
{
	char title[64], *shown = NULL;

	if (pr_titled(p)) {
		snprintf(title, sizeof(title), "path %d of %d", index + 1,
			 r->out.num_paths);
		shown = title;
	}
	pr_obj_begin(p, NULL, shown);
	put_fields(p, RR_FS_PATH, r, path, false);
	pr_obj_end(p);
}

/*
 * Text without -v: a hop a line, as ibtracert's, "hop 3 of 5: Switch2,
 * in 2 out 3, LID 3, 1x SDR 2.5 Gb/s MTU 2048, bottleneck".
 */
static void hop_line(const struct rr_result *r, int i, char *buf, size_t len)
{
	const struct rr_hop *h = &r->out.hops[i];
	char errs[128];
	size_t used;

	used = (size_t)snprintf(buf, len, "hop %d of %d: %s", i + 1,
				r->out.num_hops,
				h->name[0] ? h->name : rr_node_type_name(h->type));
	if (h->in_port && used < len)
		used += (size_t)snprintf(buf + used, len - used, ", in %u",
					 h->in_port);
	if (h->out_port && used < len)
		used += (size_t)snprintf(buf + used, len - used, "%s out %u",
					 h->in_port ? "" : ",", h->out_port);
	if (used < len)
		used += (size_t)snprintf(buf + used, len - used, ", LID %u",
					 h->lid);
	if (h->have_link && used < len)
		used += (size_t)snprintf(buf + used, len - used,
					 ", %s %s %g Gb/s MTU %u%s%s",
					 rr_link_width_name(h->width),
					 rr_link_speed_name(h->speed),
					 h->rate_gbps, h->mtu,
					 rr_port_state_active(h->state) ? "" : ", ",
					 rr_port_state_active(h->state) ? "" :
					 rr_port_state_name(h->state));
	if (h->bottleneck && used < len)
		used += (size_t)snprintf(buf + used, len - used, ", bottleneck");
	if (rr_hop_errors(h) && used < len)
		snprintf(buf + used, len - used, " [%s]",
			 rr_hop_errors_text(h, errs, sizeof(errs)));
}

/* One node of a traced route, its fields from the hop table. */
static void render_hop(struct printer *p, const struct rr_result *r, int i)
{
	const struct rr_hop *h = &r->out.hops[i];
	struct rr_field_table t = rr_fields(RR_FS_HOP);
	char title[320], *shown = NULL;
	struct rr_fval v;
	size_t k;

	if (pr_titled(p) && !pr_verbose(p)) {
		hop_line(r, i, title, sizeof(title));
		pr_obj_begin(p, NULL, title);
		pr_obj_end(p);
		return;
	}
	if (pr_titled(p)) {
		snprintf(title, sizeof(title), "hop %d of %d: %s", i + 1,
			 r->out.num_hops,
			 h->name[0] ? h->name : rr_node_type_name(h->type));
		shown = title;
	}
	pr_obj_begin(p, NULL, shown);
	for (k = 0; k < t.n; k++) {
		rr_fval_reset(&v);
		t.fields[k].get_hop(&t.fields[k], h, &v);
		if (v.present && !(t.fields[k].text_unless_zero && !v.i &&
				   !pr_is_json(p)))
			put(p, &t.fields[k], &v);
	}
	pr_obj_end(p);
}

/*
 * "192.168.77.2", "192.168.77.2: seq 3", or with --sa --from and
 * --all-pairs "Hca1 -> Hca2": the start of every heading.
 */
static void who(const struct rr_result *r, char *buf, size_t len)
{
	if (r->probe.seq)
		snprintf(buf, len, "%s: seq %llu", r->probe.target, r->probe.seq);
	else if (r->probe.from)
		snprintf(buf, len, "%s -> %s", r->probe.from, r->probe.target);
	else
		snprintf(buf, len, "%s", r->probe.target);
}

/* The full block's heading. */
static void headline(const struct rr_result *r, char *buf, size_t len)
{
	char said[256], name[300], ms[40];

	who(r, name, sizeof(name));
	if (r->out.ok) {
		rr_fixed_text(rr_step_ms(&r->out, RR_STEP_TOTAL), 3, ms, NULL);
		snprintf(buf, len, "%s: %s via %s port %u in %s ms",
			 name, rr_result_status(r), r->out.device,
			 r->out.port, ms);
		return;
	}
	snprintf(buf, len, "%s: failed at %s: %s", name,
		 rr_step_name(r->out.fail.step), rr_failure_said(r, said, sizeof(said)));
}

/* One line per probe, as ping prints one per reply. */
static void probe_line(const struct rr_result *r, char *buf, size_t len)
{
	char name[300], said[256], ms[40];
	const char *detail;
	size_t used;
	int step, i;

	who(r, name, sizeof(name));
	if (!r->out.ok) {
		/* The detail's words too: "no event" alone says little. */
		rr_failure_said(r, said, sizeof(said));
		detail = r->out.fail.where[0] && !strstr(said, r->out.fail.where) ?
				 r->out.fail.where : NULL;
		snprintf(buf, len, "%s: failed at %s: %s%s%.400s [%s]", name,
			 rr_step_name(r->out.fail.step), said,
			 detail ? ": " : "", detail ? detail : "",
			 rr_cause_key(r->out.fail.cause));
		return;
	}
	used = (size_t)snprintf(buf, len, "%s: %s port %u", name, r->out.device,
				r->out.port);
	for (step = 0; step < RR_STEP_COUNT && used < len; step++)
		if (r->out.steps[step].ended && step != RR_STEP_CREATE_ID) {
			rr_fixed_text(rr_step_ms(&r->out, step), 3, ms, NULL);
			used += (size_t)snprintf(buf + used, len - used,
						 ", %s %s ms",
						 rr_step_name(step), ms);
		}
	/* --sa --trace: the route on the line too, node by node. */
	for (i = 0; i < r->out.num_hops && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s",
					 i ? " > " : ", route ",
					 r->out.hops[i].name[0] ? r->out.hops[i].name :
					 rr_node_type_name(r->out.hops[i].type));
	for (i = 0; i < r->notes.num_expect_failures && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used,
					 " [expect %s %s %s: %s]",
					 r->notes.expect_failures[i].field,
					 r->notes.expect_failures[i].op,
					 r->notes.expect_failures[i].expected,
					 r->notes.expect_failures[i].actual);
	if (r->out.late_success && used < len)
		used += (size_t)snprintf(buf + used, len - used,
					 " [late: at the timeout]");
	if (r->out.disconnect_unconfirmed && used < len)
		snprintf(buf + used, len - used, " [disconnect not confirmed]");
}

void rr_record_result(struct printer *p, const struct rr_result *r,
		      bool brief)
{
	char title[1024], *shown = NULL;
	int i;

	brief = brief || pr_brief(p);
	/* A heading costs printf of every step's time: text alone shows it. */
	if (pr_titled(p)) {
		if (brief)
			probe_line(r, title, sizeof(title));
		else
			headline(r, title, sizeof(title));
		shown = title;
	}
	pr_use_err(p, false);	/* failures too: grep and > see them all */
	pr_record_begin(p, "results", shown, brief);
	put_fields(p, RR_FS_RESULT, r, NULL, false);
	if (!r->out.ok) {
		pr_obj_begin(p, "error", NULL);
		put_fields(p, RR_FS_ERROR, r, NULL, false);
		rr_render_decision(p, &r->out.fail);
		pr_obj_end(p);
	}
	rr_render_chain(p, r);
	rr_render_evidence(p, r);
	render_warnings(p, r);
	rr_render_expect_failed(p, r->notes.expect_failures,
				r->notes.num_expect_failures);
	pr_map_begin(p, "time_ms", "time", "step");
	put_fields(p, RR_FS_TIME, r, NULL, false);
	pr_obj_end(p);
	put_fields(p, RR_FS_RESULT, r, NULL, true);
	if (rr_result_routed(r)) {
		pr_arr_begin(p, "paths");
		for (i = 0; i < r->out.num_paths; i++)
			render_path(p, r, &r->out.paths[i], i);
		pr_arr_end(p);
	}
	if (r->out.num_hops) {
		pr_arr_begin(p, "hops");
		for (i = 0; i < r->out.num_hops; i++)
			render_hop(p, r, i);
		pr_arr_end(p);
	}
	pr_record_end(p);
}

/* Failures counted by cause, as a map (only causes that occurred). */
static void render_causes(struct printer *p, const struct rr_tally *t)
{
	size_t i;

	pr_map_begin(p, "failed_by_cause", t->failed ? "failed by cause" : NULL,
		     "cause");
	for (i = 0; i < RR_CAUSE_COUNT; i++)
		if (t->by_cause[i])
			pr_int(p, rr_cause_key(i), (long long)t->by_cause[i]);
	pr_obj_end(p);
}

/* "N%": the share of PROBES that FAILED, as ping says its loss. */
static void percent(size_t failed, size_t probes, char *buf, size_t len)
{
	snprintf(buf, len, "%.0f%%", probes ? 100.0 * (double)failed /
						(double)probes : 0.0);
}

/*
 * In brief, the statistics line ends with the total step's, as ping's
 * rtt line: written over the " ---" at BUF, which it puts back.
 */
static void brief_total(const struct rr_dest_stats *d, char *buf, size_t len)
{
	char t[4][40];
	struct rr_stats s;

	if (!rr_dest_stats_step(d, RR_STEP_TOTAL, &s))
		return;
	rr_fixed_text(s.min, 3, t[0], NULL);
	rr_fixed_text(s.avg, 3, t[1], NULL);
	rr_fixed_text(s.max, 3, t[2], NULL);
	rr_fixed_text(s.mdev, 3, t[3], NULL);
	snprintf(buf, len, ", total min/avg/max/mdev %s/%s/%s/%s ms ---",
		 t[0], t[1], t[2], t[3]);
}

void rr_record_statistics(struct printer *p, const struct rr_dest_stats *d)
{
	const struct rr_tally *t = &d->tally;
	const char *target = d->last.probe.target;
	struct rr_stats s;
	char title[512], pct[16];
	size_t n;
	int step;

	percent(t->failed, t->probes, pct, sizeof(pct));
	n = (size_t)snprintf(title, sizeof(title),
			     "--- %s statistics: %zu probes, %zu %s, %zu failed (%s) ---",
			     target, t->probes, t->resolved, rr_tally_ok_word(t),
			     t->failed, pct);
	if (pr_brief(p) && n < sizeof(title))
		brief_total(d, title + n - 4, sizeof(title) - n + 4);
	pr_use_err(p, false);
	pr_record_begin(p, "statistics", title, pr_brief(p));
	pr_str(p, "destination", target);
	pr_int(p, "probes", (long long)t->probes);
	pr_int(p, rr_tally_ok_word(t), (long long)t->resolved);
	pr_int(p, "failed", (long long)t->failed);
	render_causes(p, t);
	/* Times of the probes that resolved, as ping's rtt of its replies. */
	pr_map_begin(p, "time_ms", t->resolved ? "time" : NULL, "step");
	for (step = 0; step < RR_STEP_COUNT; step++)
		if (rr_dest_stats_step(d, step, &s))
			pr_stats(p, rr_step_key(step), &s);
	pr_obj_end(p);
	pr_record_end(p);
}

void rr_render_input_error(struct printer *p, const char *file,
			   unsigned long line, const char *what,
			   const char *text, size_t len, const char *why)
{
	char title[1024], name[256], shown[256];

	/* The line as it can be shown: it may hold anything. */
	rr_escape(text, len, shown, sizeof(shown));
	rr_escape(file, strlen(file), name, sizeof(name));
	snprintf(title, sizeof(title), "%s:%lu: invalid %s '%s': %s",
		 name, line, what, shown, why);
	pr_use_err(p, true);
	pr_record_begin(p, "input_errors", title, true);
	pr_str(p, "file", name);
	pr_int(p, "line", (long long)line);
	pr_str(p, "text", shown);
	pr_str(p, "reason", why);
	pr_record_end(p);
}

void rr_render_begin(struct printer *p, unsigned int timeout_ms,
		     unsigned int count, unsigned int interval_ms)
{
	pr_doc_str(p, "version", PACKAGE_VERSION);
	pr_doc_int(p, "timeout_ms", timeout_ms);
	if (count != 1) {	/* 0: until stopped */
		pr_doc_int(p, "count", count);
		pr_doc_int(p, "interval_ms", interval_ms);
	}
	/* Lists present even when empty, so scripts need no special case. */
	pr_arr_begin(p, "results");
	pr_arr_end(p);
}

/* Room for RR_FAILED_NAMED names, their commas and "and N more". */
#define RR_SUMMARY_NAMES_MAX (RR_FAILED_NAMED * (RR_FAILED_NAME_MAX + 2) + 32)

/* The failed destinations the run named, as a list; "" when none. */
static void failed_names(const struct rr_tally *t, char *buf, size_t len)
{
	buf[0] = '\0';
	if (t->failed_names)
		rr_failed_names_text(t->failed_names, buf, len);
}

/*
 * The summary's headline; in brief, the whole summary on one line, with
 * the input errors when there were any (a -q run shows nothing else).
 */
static void summary_title(const struct rr_tally *t, size_t destinations,
			  size_t input_errors, char *buf, size_t len, bool brief)
{
	char pct[16], ms[40], bad[48] = "", names[RR_SUMMARY_NAMES_MAX];

	if (!brief) {
		snprintf(buf, len, "summary");
		return;
	}
	percent(t->failed, t->probes, pct, sizeof(pct));
	rr_fixed_text(rr_tally_elapsed_ms(t), 3, ms, NULL);
	if (input_errors)
		snprintf(bad, sizeof(bad), ", %zu input error%s", input_errors,
			 input_errors == 1 ? "" : "s");
	failed_names(t, names, sizeof(names));
	snprintf(buf, len,
		 "summary: %zu destination%s, %zu probe%s, %zu %s, %zu failed (%s)%s, elapsed %s ms%s%s",
		 destinations, destinations == 1 ? "" : "s", t->probes,
		 t->probes == 1 ? "" : "s", t->resolved, rr_tally_ok_word(t),
		 t->failed, pct, bad, ms, names[0] ? "; failed: " : "", names);
}

void rr_record_summary(struct printer *p, const struct rr_tally *t,
		       size_t destinations, size_t input_errors,
		       const char *host)
{
	char when[40], title[RR_SUMMARY_NAMES_MAX + 256];
	char names[RR_SUMMARY_NAMES_MAX];
	int64_t ns;

	pr_use_err(p, false);
	summary_title(t, destinations, input_errors, title, sizeof(title),
		      pr_brief(p));
	pr_single_begin(p, "summary", title, pr_brief(p));
	/* As each result says them (fields.c): JSON only. */
	if (host && pr_is_json(p))
		pr_str(p, "host", host);
	if (t->have_span && pr_is_json(p) && rr_wall_ns(&t->first_start, &ns)) {
		rr_rfc3339(ns, when, sizeof(when));
		pr_str(p, "time", when);
	}
	pr_int(p, "destinations", (long long)destinations);
	pr_int(p, "probes", (long long)t->probes);
	pr_int(p, rr_tally_ok_word(t), (long long)t->resolved);
	pr_int(p, "failed", (long long)t->failed);
	render_causes(p, t);
	pr_int(p, "expect_failed", (long long)t->expect_failed);
	pr_int(p, "input_errors", (long long)input_errors);
	/* From the first probe's start to the last one's end. */
	pr_ms(p, "elapsed_ms", rr_tally_elapsed_ms(t));
	/* Text names them; JSON has every result to read them from. */
	failed_names(t, names, sizeof(names));
	if (names[0] && !pr_is_json(p))
		pr_str(p, "failed_destinations", names);
	pr_record_end(p);
}
