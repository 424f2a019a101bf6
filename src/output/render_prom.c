// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Prometheus metrics, following its naming conventions: base units in
 * names (seconds, bytes), _info for facts that are labels only, no
 * reserved suffix on a gauge.  A label never holds free text nor a value
 * that changes from probe to probe: two runs against the same
 * destinations give the same series.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "base/sockaddr.h"
#include "base/util.h"
#include "model/probe/cause.h"
#include "model/probe/decode.h"
#include "model/probe/fields.h"
#include "output/prom_samples.h"
#include "output/render_prom.h"

#define PREFIX "rdma_route_"
#define MAX_LABELS 24

struct labels {
	struct pr_label l[MAX_LABELS];
	size_t n;
	char buf[2][128];	/* address, occurrence */
};

static void add(struct labels *ls, const char *name, const char *value)
{
	if (ls->n == MAX_LABELS)
		abort();	/* a table bug: more labels than any series has */
	ls->l[ls->n++] = (struct pr_label){ name, value };
}

/* The families that are not a field of a result. */
static const struct pr_metric m_success = {
	PREFIX "probe_success", "gauge",
	"1 when the destination resolved, else 0 (with --count: its last probe)"
};
static const struct pr_metric m_failure = {
	PREFIX "failure_info", "gauge",
	"1 for a destination that failed: the step, call, errno and cause"
};
static const struct pr_metric m_expect = {
	PREFIX "expect_failures", "gauge",
	"--expect and --max-ms conditions the destination did not meet"
};
static const struct pr_metric m_probes = {
	PREFIX "probes", "gauge", "probes of the destination (1, or --count's)"
};
static const struct pr_metric m_probes_failed = {
	PREFIX "probes_failed", "gauge",
	"probes of the destination that failed: over probes, what alerts read"
};
static const struct pr_metric m_latency = {
	PREFIX "step_latency_seconds", "summary",
	"each step's time over the probes that resolved (--count), nearest-rank quantiles"
};
static const struct pr_metric m_run[] = {
	{ PREFIX "run_destinations", "gauge", "destinations of the run" },
	{ PREFIX "run_probes", "gauge", "probes of the run" },
	{ PREFIX "run_probes_resolved", "gauge", "probes that resolved" },
	{ PREFIX "run_probes_failed", "gauge", "probes that failed" },
	{ PREFIX "run_expect_failures", "gauge",
	  "results with an --expect or --max-ms that failed" },
	{ PREFIX "run_input_errors", "gauge",
	  "lines of -f files that hold no destination" },
	{ PREFIX "run_duration_seconds", "gauge",
	  "from the first probe's start to the last one's end" },
};
enum { RUN_DESTINATIONS, RUN_PROBES, RUN_RESOLVED, RUN_FAILED, RUN_EXPECT,
       RUN_INPUT_ERRORS, RUN_DURATION };
static const struct pr_metric m_run_failures = {
	PREFIX "run_failures", "gauge", "probes that failed, by cause"
};
static const struct pr_metric m_run_timestamp = {
	PREFIX "run_timestamp_seconds", "gauge",
	"when the run started (its first probe), in seconds since the epoch"
};
static const struct pr_metric m_build = {
	PREFIX "build_info", "gauge", "1, with the version of rdma-route"
};
static const struct pr_metric m_port[] = {
	{ PREFIX "port_info", "gauge",
	  "1 for each RDMA port: its link layer and network device" },
	{ PREFIX "port_up", "gauge", "1 when the port is ACTIVE, else 0" },
	{ PREFIX "port_state", "gauge",
	  "the port's state, as ibv_port_state numbers it (4 ACTIVE)" },
	{ PREFIX "port_physical_state", "gauge",
	  "the port's physical state, as IBTA numbers it (5 LinkUp)" },
	{ PREFIX "port_active_mtu_bytes", "gauge", "the port's active MTU" },
	{ PREFIX "port_max_mtu_bytes", "gauge", "the port's largest MTU" },
	{ PREFIX "port_rate_bytes_per_second", "gauge",
	  "the port's data rate" },
	{ PREFIX "port_lid", "gauge", "the port's LID (InfiniBand)" },
	{ PREFIX "port_sm_lid", "gauge",
	  "the LID of the port's subnet manager (InfiniBand)" },
	{ PREFIX "port_pkeys", "gauge", "valid entries of the P_Key table" },
	{ PREFIX "port_gid_slots", "gauge", "entries of the GID table" },
	{ PREFIX "port_gids", "gauge", "valid GIDs of the port, by type" },
};
enum { PORT_INFO, PORT_UP, PORT_STATE, PORT_PHYS, PORT_ACTIVE_MTU,
       PORT_MAX_MTU, PORT_RATE, PORT_LID, PORT_SM_LID, PORT_PKEYS,
       PORT_GID_SLOTS, PORT_GIDS };

/* A field's scope: the prefix of its gauges, its _info series. */
static const struct {
	enum rr_fscope scope;
	const char *prefix;
	const char *info;
	const char *help;
} scopes[] = {
	{ RR_FS_RESULT, PREFIX, PREFIX "info", "the result's" },
	{ RR_FS_TIME, PREFIX, NULL, "the step's time (time_ms), by step:" },
	{ RR_FS_PATH, PREFIX "path_", PREFIX "path_info", "each PathRecord's" },
	{ RR_FS_ERROR, PREFIX, PREFIX "failure_info", "the failure's" },
};

static void sample(struct printer *p, const struct pr_metric *m,
		   const struct labels *ls, double value)
{
	pr_sample(p, m, NULL, ls->l, ls->n, value);
}

/*
 * The labels that tell a destination from the others: the path's source
 * with --sa --from or --all-pairs, its name, the address with -A (a
 * name's addresses each probed), and an occurrence when it was given
 * before.
 */
static void identity(struct printer *p, const struct rr_result *r,
		     struct labels *ls)
{
	char id[512];
	unsigned long n;
	bool each = r->probe.name_addresses > 1 && !r->probe.name_skipped &&
		    r->probe.have_dst;

	memset(ls, 0, sizeof(*ls));
	if (r->probe.from)
		add(ls, "from", r->probe.from);
	add(ls, "destination", r->probe.target);
	if (each)
		add(ls, "address", rr_sockaddr_str(&r->probe.dst, ls->buf[0],
						   sizeof(ls->buf[0])));
	snprintf(id, sizeof(id), "%s\n%s\n%s", r->probe.from ? r->probe.from : "",
		 r->probe.target, each ? ls->buf[0] : "");
	n = pr_occurrence(p, id);
	if (n > 1) {
		snprintf(ls->buf[1], sizeof(ls->buf[1]), "%lu", n);
		add(ls, "occurrence", ls->buf[1]);
	}
}

/* A gauge's value in its metric's unit; NaN when a raw value means none. */
static double gauge_value(const struct rr_field *f, const struct rr_fval *v)
{
	double scale = f->scale ? f->scale : 1;

	switch (f->type) {
	case RR_FT_MS:
	case RR_FT_NUM:
		return v->d * scale;
	case RR_FT_DECODED:
		return v->null ? NAN : v->d * scale;
	default:
		return (double)v->i * scale;
	}
}

static void field_gauge(struct printer *p, size_t s, const struct rr_field *f,
			const struct rr_fval *v, struct labels *ls)
{
	char name[128], help[256];
	struct pr_metric m = { name, "gauge", help };
	size_t n = ls->n;

	snprintf(name, sizeof(name), "%s%s", scopes[s].prefix, f->metric);
	if (scopes[s].scope == RR_FS_TIME) {
		snprintf(help, sizeof(help), "%s %s", scopes[s].help,
			 "see rdma-route(8) STEPS");
		add(ls, "step", f->key);
	} else {
		snprintf(help, sizeof(help), "%s %s, see rdma-route(8) JSON",
			 scopes[s].help, f->key);
	}
	/* The decoded value only: its raw code is JSON's detail. */
	sample(p, &m, ls, gauge_value(f, v));
	ls->n = n;
}

/*
 * The fields of scope S that R (and PATH) has: gauges, and the strings
 * as labels of the scope's _info series.
 */
static void field_metrics(struct printer *p, size_t s,
			  const struct rr_result *r, const struct rr_path *path,
			  struct labels *ls)
{
	struct rr_field_table t = rr_fields(scopes[s].scope);
	struct rr_fval *v = calloc(t.n, sizeof(*v));
	struct labels info = *ls;
	const struct rr_field *f;
	struct pr_metric m;
	char help[128];
	size_t i;

	if (!v)
		abort();	/* a few kilobytes */
	for (i = 0; i < t.n; i++) {
		f = &t.fields[i];
		if (f->prom == RR_PROM_NONE)
			continue;
		rr_fval_reset(&v[i]);
		rr_field_get(f, r, path, &v[i]);
		if (!v[i].present)
			continue;
		if (f->prom == RR_PROM_GAUGE) {
			field_gauge(p, s, f, &v[i], ls);
			continue;
		}
		/* What the run was told (-b, --tos) is its label already. */
		if (pr_run_label_set(p, f->key))
			continue;
		add(&info, f->key, f->type == RR_FT_STR ? v[i].s :
			rr_fval_str(f, &v[i], false, v[i].text,
				    sizeof(v[i].text)));
	}
	if (info.n > ls->n) {
		snprintf(help, sizeof(help), "1, with %s strings as labels",
			 scopes[s].help);
		m = (struct pr_metric){ scopes[s].info, "gauge", help };
		/* The failure's is m_failure, with its own help. */
		sample(p, scopes[s].scope == RR_FS_ERROR ? &m_failure : &m,
		       &info, 1);
	}
	free(v);
}

static size_t scope_index(enum rr_fscope scope)
{
	size_t s;

	for (s = 0; s < ARRAY_SIZE(scopes); s++)
		if (scopes[s].scope == scope)
			break;
	return s;
}

/* One probe's metrics, under the destination's labels LS. */
static void probe_metrics(struct printer *p, const struct rr_result *r,
			  struct labels *ls)
{
	char index[16];
	size_t n = ls->n;
	int i;

	sample(p, &m_success, ls, r->out.ok);
	field_metrics(p, scope_index(RR_FS_RESULT), r, NULL, ls);
	field_metrics(p, scope_index(RR_FS_TIME), r, NULL, ls);
	if (!r->out.ok)
		field_metrics(p, scope_index(RR_FS_ERROR), r, NULL, ls);
	sample(p, &m_expect, ls, r->notes.num_expect_failures);
	for (i = 0; r->out.ok && i < r->out.num_paths; i++) {
		snprintf(index, sizeof(index), "%d", i);
		add(ls, "path", index);
		field_metrics(p, scope_index(RR_FS_PATH), r, &r->out.paths[i],
			      ls);
		ls->n = n;
	}
}

void rr_prom_result(struct printer *p, const struct rr_result *r, bool brief)
{
	struct labels ls;

	if (r->probe.seq)
		return;		/* its destination's statistics say it */
	identity(p, r, &ls);
	probe_metrics(p, r, &ls);
	/* As --count's: one alert rule reads both. */
	sample(p, &m_probes, &ls, 1);
	sample(p, &m_probes_failed, &ls, !r->out.ok);
}

/* The summary of STEP's times over the probes of D that resolved. */
static void latency(struct printer *p, const struct rr_dest_stats *d,
		    int step, struct labels *ls)
{
	static const char *const q[] = { "0.5", "0.9", "0.99" };
	struct rr_stats st;
	char sum[96], cnt[96];
	size_t base = ls->n;
	double qv[3];
	int k;

	if (!rr_dest_stats_step(d, step, &st))
		return;
	add(ls, "step", rr_step_key(step));
	qv[0] = st.p50;
	qv[1] = st.p90;
	qv[2] = st.p99;
	for (k = 0; k < 3; k++) {
		add(ls, "quantile", q[k]);
		sample(p, &m_latency, ls, qv[k] / 1e3);
		ls->n--;
	}
	snprintf(sum, sizeof(sum), "%s_sum", m_latency.name);
	snprintf(cnt, sizeof(cnt), "%s_count", m_latency.name);
	pr_sample(p, &m_latency, sum, ls->l, ls->n, st.avg * (double)st.n / 1e3);
	pr_sample(p, &m_latency, cnt, ls->l, ls->n, (double)st.n);
	ls->n = base;
}

void rr_prom_statistics(struct printer *p, const struct rr_dest_stats *d)
{
	struct labels ls;
	int step;

	identity(p, &d->last, &ls);
	probe_metrics(p, &d->last, &ls);
	sample(p, &m_probes, &ls, (double)d->tally.probes);
	sample(p, &m_probes_failed, &ls, (double)d->tally.failed);
	for (step = 0; step < RR_STEP_COUNT; step++)
		latency(p, d, step, &ls);
}

/*
 * The run's start on the wall clock: MONO (its first probe's start), or
 * now; none before the clock's anchor (a unit test's printer).
 */
static void run_timestamp(struct printer *p, const struct timespec *mono)
{
	struct labels none = { .n = 0 };
	struct timespec now = rr_now();
	int64_t ns;

	if (rr_wall_ns(mono ? mono : &now, &ns))
		sample(p, &m_run_timestamp, &none, (double)ns / 1e9);
}

static void build_info(struct printer *p)
{
	struct labels ls = { .n = 0 };

	add(&ls, "version", PACKAGE_VERSION);
	sample(p, &m_build, &ls, 1);
}

void rr_prom_run_info(struct printer *p)
{
	run_timestamp(p, NULL);
	build_info(p);
}

void rr_prom_summary(struct printer *p, const struct rr_tally *t,
		     size_t destinations, size_t input_errors, const char *host)
{
	const double v[] = {
		[RUN_DESTINATIONS] = (double)destinations,
		[RUN_PROBES] = (double)t->probes,
		[RUN_RESOLVED] = (double)t->resolved,
		[RUN_FAILED] = (double)t->failed,
		[RUN_EXPECT] = (double)t->expect_failed,
		[RUN_INPUT_ERRORS] = (double)input_errors,
		[RUN_DURATION] = rr_tally_elapsed_ms(t) / 1e3,
	};
	struct labels ls = { .n = 0 };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(m_run); i++)
		sample(p, &m_run[i], &ls, v[i]);
	/* Every cause, 0 or not: the same series every run. */
	for (i = RR_CAUSE_NONE + 1; i < RR_CAUSE_COUNT; i++) {
		add(&ls, "cause", rr_cause_key(i));
		sample(p, &m_run_failures, &ls, (double)t->by_cause[i]);
		ls.n = 0;
	}
	run_timestamp(p, t->have_span ? &t->first_start : NULL);
	build_info(p);
}

static void port_metrics(struct printer *p, const struct rr_port_facts *pf)
{
	static const char *const gid_types[] = { "ib", "roce_v1", "roce_v2" };
	const unsigned int gids[] = { pf->gids_ib, pf->gids_roce_v1,
				      pf->gids_roce_v2 };
	struct labels ls = { .n = 0 }, info;
	char port[16];
	size_t i;

	snprintf(port, sizeof(port), "%u", pf->port);
	add(&ls, "device", pf->device);
	add(&ls, "port", port);
	info = ls;
	add(&info, "link_layer", rr_link_layer_name(pf->link_layer));
	add(&info, "netdev", pf->netdev[0] ? pf->netdev : NULL);
	sample(p, &m_port[PORT_INFO], &info, 1);
	sample(p, &m_port[PORT_UP], &ls, pf->state == 4);
	sample(p, &m_port[PORT_STATE], &ls, pf->state);
	sample(p, &m_port[PORT_PHYS], &ls, pf->phys_state);
	sample(p, &m_port[PORT_ACTIVE_MTU], &ls, pf->active_mtu);
	sample(p, &m_port[PORT_MAX_MTU], &ls, pf->max_mtu);
	sample(p, &m_port[PORT_RATE], &ls, pf->rate_gbps * 1e9 / 8);
	if (pf->link_layer == RR_LL_INFINIBAND) {
		sample(p, &m_port[PORT_LID], &ls, pf->lid);
		sample(p, &m_port[PORT_SM_LID], &ls, pf->sm_lid);
	}
	if (pf->pkeys_read)
		sample(p, &m_port[PORT_PKEYS], &ls, pf->pkeys);
	sample(p, &m_port[PORT_GID_SLOTS], &ls, pf->gid_slots);
	for (i = 0; i < ARRAY_SIZE(gid_types); i++) {
		add(&ls, "type", gid_types[i]);
		sample(p, &m_port[PORT_GIDS], &ls, gids[i]);
		ls.n--;
	}
}

void rr_prom_ports(struct printer *p, const struct rr_port *ports, int n)
{
	int i;

	for (i = 0; i < n; i++)
		port_metrics(p, &ports[i].facts);
	rr_prom_run_info(p);
}

/* FN for NAME unless it came before (the time fields share one). */
static void once(const char *name, const char *type,
		 void (*fn)(const char *, const char *, void *), void *ctx,
		 char (*done)[128], size_t *n)
{
	size_t i;

	for (i = 0; i < *n; i++)
		if (!strcmp(done[i], name))
			return;
	snprintf(done[(*n)++], sizeof(done[0]), "%s", name);
	fn(name, type, ctx);
}

void rr_prom_families(void (*fn)(const char *name, const char *type,
				 void *ctx), void *ctx)
{
	const struct pr_metric *fixed[] = {
		&m_success, &m_failure, &m_expect, &m_probes, &m_probes_failed,
		&m_latency,
		&m_run_failures, &m_run_timestamp, &m_build,
	};
	char done[128][128];
	char name[128];
	struct rr_field_table t;
	size_t s, i, n = 0;

	for (i = 0; i < ARRAY_SIZE(fixed); i++)
		once(fixed[i]->name, fixed[i]->type, fn, ctx, done, &n);
	for (i = 0; i < ARRAY_SIZE(m_run); i++)
		once(m_run[i].name, m_run[i].type, fn, ctx, done, &n);
	for (i = 0; i < ARRAY_SIZE(m_port); i++)
		once(m_port[i].name, m_port[i].type, fn, ctx, done, &n);
	for (s = 0; s < ARRAY_SIZE(scopes); s++) {
		t = rr_fields(scopes[s].scope);
		if (scopes[s].info && scopes[s].scope != RR_FS_ERROR)
			once(scopes[s].info, "gauge", fn, ctx, done, &n);
		for (i = 0; i < t.n; i++) {
			if (t.fields[i].prom != RR_PROM_GAUGE)
				continue;
			snprintf(name, sizeof(name), "%s%s", scopes[s].prefix,
				 t.fields[i].metric);
			once(name, "gauge", fn, ctx, done, &n);
		}
	}
}

void rr_prom_matrix(struct printer *p, const struct rr_matrix_view *v)
{
	static const struct pr_metric ok = { "rdma_route_pair_success", "gauge",
		"1 when the pair resolved, else 0 (--matrix)" };
	static const struct pr_metric mtu = { "rdma_route_pair_path_mtu_bytes",
		"gauge", "the pair's path MTU in bytes (--matrix)" };
	static const struct pr_metric found = { "rdma_route_matrix_findings",
		"gauge", "findings of --matrix by kind, see rdma-route(8) MATRIX" };
	const struct rr_matrix *m = v->m;
	const struct rr_matrix_cell *c;
	const uint32_t *idx;
	struct pr_label ls[2];
	long long raw;
	size_t i, j, n, count[RR_FIND_COUNT] = { 0 };
	int k;

	for (i = 0; i < m->rows.num; i++) {
		idx = rr_matrix_row(m, i, &n);
		for (j = 0; j < n; j++) {
			c = &m->cells[idx[j]];
			ls[0] = (struct pr_label){ "from", m->rows.names[i] };
			ls[1] = (struct pr_label){ "destination",
						   m->cols.names[c->col] };
			pr_sample(p, &ok, NULL, ls, 2, c->ok);
			if (rr_matrix_sym_value(c, rr_matrix_sym_index("mtu"), &raw) &&
			    rr_mtu_bytes((uint8_t)raw))
				pr_sample(p, &mtu, NULL, ls, 2,
					  rr_mtu_bytes((uint8_t)raw));
		}
	}
	for (i = 0; i < v->num_findings; i++)
		count[v->findings[i].kind]++;
	for (k = 0; k < RR_FIND_COUNT; k++) {
		ls[0] = (struct pr_label){ "kind", rr_finding_key(k) };
		pr_sample(p, &found, NULL, ls, 1, (double)count[k]);
	}
}
