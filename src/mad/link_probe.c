// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "mad/link_probe.h"
#include "mad/mad_batch.h"
#include "model/fabric/fabric_routes.h"

/* Each counter of rr_link_counter, as libibmad names its field. */
static const int counter_fields[RR_LINK_COUNTERS] = {
	[RR_LC_SYMBOL_ERRORS] = IB_PC_ERR_SYM_F,
	[RR_LC_LINK_ERROR_RECOVERY] = IB_PC_LINK_RECOVERS_F,
	[RR_LC_LINK_DOWNED] = IB_PC_LINK_DOWNED_F,
	[RR_LC_RCV_ERRORS] = IB_PC_ERR_RCV_F,
	[RR_LC_RCV_REMOTE_PHYSICAL_ERRORS] = IB_PC_ERR_PHYSRCV_F,
	[RR_LC_XMIT_DISCARDS] = IB_PC_XMT_DISCARDS_F,
	[RR_LC_LOCAL_LINK_INTEGRITY_ERRORS] = IB_PC_ERR_LOCALINTEG_F,
	[RR_LC_EXCESSIVE_BUFFER_OVERRUN_ERRORS] = IB_PC_ERR_EXCESS_OVR_F,
	[RR_LC_XMIT_WAIT] = IB_PC_XMT_WAIT_F,
};

/* One end's counters, as read. */
struct counters {
	uint64_t v[RR_LINK_COUNTERS];
};

struct prober {
	const struct rr_sa_lib *ib;
	struct rr_mad_window *win;
	const struct rr_fabric_tables_params *p;
	const struct rr_graph *g;
	const struct rr_lid_paths *lp;
	struct rr_mad_bound *b;		/* the run's stop, each phase's bound */
	const struct rr_link_probe_watch *watch;
	struct rr_link_probe_done *done;
	struct rr_mad_q *qs;
	size_t window;
	unsigned long long sent, lost, total;
};

/* The PMA query of graph port I's counters: to its node's LID. */
static void counters_of(const struct prober *pr, size_t i, struct rr_mad_q *q)
{
	const struct rr_graph *g = pr->g;
	size_t node;
	unsigned int port;

	rr_graph_port_at(g, i, &node, &port);
	/* Every port of a switch answers at the switch's LID. */
	rr_mad_q_counters(q, pr->ib, g->nodes[node].type == RR_NODE_SWITCH ?
			  rr_graph_port(g, node, 0)->lid : g->ports[i].lid,
			  port);
}

static void counters_in(const struct prober *pr, const struct rr_mad_q *q,
			struct counters *c)
{
	uint32_t v;
	size_t k;

	for (k = 0; k < RR_LINK_COUNTERS; k++) {
		v = 0;
		pr->ib->mad_decode_field((uint8_t *)q->data, counter_fields[k], &v);
		c->v[k] = v;
	}
}

/*
 * The counters of the N graph PORTS not yet READ, a window at a time,
 * while the phase is not over.
 */
static void ask_counters(const struct prober *pr, const size_t *ports,
			 size_t n, struct counters *vals, bool *read)
{
	size_t at = 0, k, chunk, idx[RR_FABRIC_MAX_WINDOW];
	struct timespec deadline;

	while (at < n && !rr_mad_bound_over(pr->b)) {
		/* A far end the discovery did not find has no LID to ask. */
		for (chunk = 0; at < n && chunk < pr->window; at++)
			if (!read[at] && ports[at] != SIZE_MAX)
				idx[chunk++] = at;
		if (!chunk)
			break;
		for (k = 0; k < chunk; k++)
			counters_of(pr, ports[idx[k]], &pr->qs[k]);
		deadline = rr_ts_add_ms(rr_now(), pr->p->timeout_ms);
		rr_mad_batch(pr->win, pr->ib, pr->qs, (int)chunk,
			     pr->p->timeout_ms, &deadline);
		for (k = 0; k < chunk; k++) {
			read[idx[k]] = pr->qs[k].ok;
			if (pr->qs[k].ok)
				counters_in(pr, &pr->qs[k], &vals[idx[k]]);
		}
	}
}

/*
 * The counters of the N graph PORTS into VALS, each asked again
 * while it does not answer (its way may cross the lossy cable), a phase
 * of its own (PHASE: before or after); READ false for a port that never
 * did.
 */
static void read_counters(const struct prober *pr, const size_t *ports,
			  size_t n, struct counters *vals, bool *read,
			  enum rr_link_probe_phase phase)
{
	size_t i;
	int tries;

	memset(read, 0, n * sizeof(*read));
	rr_mad_bound_phase(pr->b, n, rr_mad_phase_ms(n, RR_LINK_PROBE_COUNTER_TRIES,
						    pr->p->timeout_ms));
	for (tries = 0; tries < RR_LINK_PROBE_COUNTER_TRIES; tries++)
		ask_counters(pr, ports, n, vals, read);
	for (i = 0; i < n; i++)
		pr->b->done += read[i];
	pr->done->phase[phase] = *pr->b;
	pr->done->ran[phase] = true;
}

/* The directed route of cable C, through it. */
static void route_of(const struct rr_probe_cable *c, ib_portid_t *to)
{
	memset(to, 0, sizeof(*to));
	to->drpath.cnt = (int)c->hops;
	memcpy(to->drpath.p + 1, c->route, c->hops);
}

/* A probe Q: sent, and answered in RTT or lost; false when lost. */
static bool count(struct prober *pr, const struct rr_mad_q *q,
		  unsigned int *sent, unsigned int *answered, double *rtt_sum,
		  double *rtt_max)
{
	(*sent)++;
	if (!q->ok) {
		pr->lost++;
		return false;
	}
	(*answered)++;
	*rtt_sum += q->rtt_ms;
	if (q->rtt_ms > *rtt_max)
		*rtt_max = q->rtt_ms;
	return true;
}

/* The N queries of QS sent at once, each bounded by the timeout. */
static void send_window(struct prober *pr, size_t n)
{
	struct timespec deadline = rr_ts_add_ms(rr_now(), pr->p->timeout_ms);

	rr_mad_batch(pr->win, pr->ib, pr->qs, (int)n, pr->p->timeout_ms,
		     &deadline);
	pr->sent += n;
	if (pr->watch)
		pr->watch->seen(pr->watch->ctx, pr->sent, pr->lost, pr->total);
}

/* One probe of each of the N cables by directed route, into EV. */
static bool dr_round(struct prober *pr, const struct rr_probe_cable *c,
		     size_t n, struct rr_link_evidence *ev)
{
	struct rr_link_evidence *e;
	size_t at, k, chunk;
	ib_portid_t to;

	for (at = 0; at < n; at += chunk) {
		if (rr_mad_bound_over(pr->b))
			return false;
		chunk = n - at < pr->window ? n - at : pr->window;
		for (k = 0; k < chunk; k++) {
			route_of(&c[at + k], &to);
			rr_mad_q_smp(&pr->qs[k], &to, IB_ATTR_NODE_INFO, 0);
		}
		send_window(pr, chunk);
		for (k = 0; k < chunk; k++) {
			e = &ev[at + k];
			count(pr, &pr->qs[k], &e->sent, &e->answered,
			      &e->rtt_sum_ms, &e->rtt_max_ms);
		}
	}
	return true;
}

/*
 * One probe of each LID target, a PMA query on a data VL (its counters,
 * read for nothing else), into LEV.
 */
static bool lid_round(struct prober *pr, struct rr_lid_evidence *lev)
{
	const struct rr_lid_target *t = pr->lp->targets;
	size_t n = pr->lp->num_targets, at, k, chunk;
	struct rr_lid_evidence *e;

	for (at = 0; at < n; at += chunk) {
		if (rr_mad_bound_over(pr->b))
			return false;
		chunk = n - at < pr->window ? n - at : pr->window;
		for (k = 0; k < chunk; k++)
			rr_mad_q_counters(&pr->qs[k], pr->ib, t[at + k].lid,
					  t[at + k].port);
		send_window(pr, chunk);
		for (k = 0; k < chunk; k++) {
			e = &lev[at + k];
			count(pr, &pr->qs[k], &e->sent, &e->answered,
			      &e->rtt_sum_ms, &e->rtt_max_ms);
		}
	}
	return true;
}

/*
 * ROUNDS probes of each of the N cables and of each LID target, round by
 * round, a window at a time, into EV and LEV: a phase bounded as ROUNDS
 * tries of every probe (twice --timeout a round, one for each lane).
 */
static void probe(struct prober *pr, const struct rr_probe_cable *c,
		  size_t n, unsigned int rounds, struct rr_link_evidence *ev,
		  struct rr_lid_evidence *lev)
{
	uint64_t mads = (uint64_t)rounds * (n + pr->lp->num_targets);
	unsigned int r;

	rr_mad_bound_phase(pr->b, rounds,
			   rr_mad_phase_ms(mads, rounds, pr->p->timeout_ms));
	for (r = 0; r < rounds; r++) {
		if (!dr_round(pr, c, n, ev) || !lid_round(pr, lev))
			break;
		pr->b->done = r + 1;
	}
	pr->done->rounds = (unsigned int)pr->b->done;
	pr->done->phase[RR_LP_PROBES] = *pr->b;
	pr->done->ran[RR_LP_PROBES] = true;
}

/* The rise of each counter of an end read twice; false: unknown. */
static bool rise(const struct counters *before, const struct counters *after,
		 uint64_t *out, uint64_t *errors)
{
	size_t k;

	*errors = 0;
	/* A counter that went down was cleared meanwhile: unknown. */
	for (k = 0; k < RR_LINK_COUNTERS; k++)
		if (after->v[k] < before->v[k])
			return false;
	for (k = 0; k < RR_LINK_COUNTERS; k++) {
		out[k] = after->v[k] - before->v[k];
		if (rr_link_counter_is_error((enum rr_link_counter)k))
			*errors += out[k];
	}
	return true;
}

/* Both ends of every cable: their counters before, then after. */
static bool probe_and_read(struct prober *pr, const struct rr_probe_cable *c,
			   size_t n, unsigned int probes,
			   struct rr_link_evidence *ev,
			   struct rr_lid_evidence *lev)
{
	size_t *ports = malloc(2 * n * sizeof(*ports)), i;
	struct counters *before = calloc(2 * n, sizeof(*before));
	struct counters *after = calloc(2 * n, sizeof(*after));
	bool *read_before = malloc(2 * n * sizeof(*read_before));
	bool *read_after = malloc(2 * n * sizeof(*read_after)), ok = false;
	struct rr_link_evidence *e;

	if (!ports || !before || !after || !read_before || !read_after)
		goto out;
	for (i = 0; i < n; i++) {
		ports[2 * i] = c[i].near_port;
		ports[2 * i + 1] = c[i].far_port;
		ev[i] = (struct rr_link_evidence){
			.near_port = c[i].near_port, .far_port = c[i].far_port,
			.parent = c[i].parent,
		};
	}
	for (i = 0; i < pr->lp->num_targets; i++)
		lev[i] = (struct rr_lid_evidence){ 0 };
	memset(read_after, 0, 2 * n * sizeof(*read_after));
	/* After a stop, no MAD more: what was not read is unknown. */
	read_counters(pr, ports, 2 * n, before, read_before, RR_LP_BEFORE);
	pr->total = (unsigned long long)(n + pr->lp->num_targets) * probes;
	if (pr->b->cut != RR_MAD_CUT_STOP)
		probe(pr, c, n, probes, ev, lev);
	if (pr->b->cut != RR_MAD_CUT_STOP)
		read_counters(pr, ports, 2 * n, after, read_after, RR_LP_AFTER);
	for (i = 0; i < n; i++) {
		e = &ev[i];
		e->near_read = read_before[2 * i] && read_after[2 * i] &&
			       rise(&before[2 * i], &after[2 * i],
				    e->near_rise, &e->near_errors);
		e->far_read = read_before[2 * i + 1] && read_after[2 * i + 1] &&
			      rise(&before[2 * i + 1], &after[2 * i + 1],
				   e->far_rise, &e->far_errors);
	}
	ok = true;
out:
	free(ports);
	free(before);
	free(after);
	free(read_before);
	free(read_after);
	return ok;
}

static bool open_and_run(struct prober *pr, const struct rr_probe_cable *c,
			 size_t n, unsigned int probes,
			 struct rr_link_evidence *ev, struct rr_lid_evidence *lev,
			 char *why, size_t why_len)
{
	int classes[] = { IB_SMI_CLASS, IB_SMI_DIRECT_CLASS,
			  IB_PERFORMANCE_CLASS };
	struct ibmad_port *mad;
	bool ok = false;

	pr->qs = calloc(pr->window, sizeof(*pr->qs));
	mad = pr->ib->mad_rpc_open_port((char *)pr->p->ca, pr->p->port,
					classes, 3);
	if (!mad) {
		snprintf(why, why_len, "mad_rpc_open_port(): %s",
			 strerror(errno ? errno : EIO));
		goto out;
	}
	pr->win = rr_mad_window_new(pr->ib, mad, IB_MAD_SIZE);
	if (pr->qs && pr->win)
		ok = probe_and_read(pr, c, n, probes, ev, lev);
	if (!ok)
		snprintf(why, why_len, "%s", strerror(ENOMEM));
	if (pr->win)
		rr_mad_window_free(pr->win);
	pr->ib->mad_rpc_close_port(mad);
out:
	free(pr->qs);
	return ok;
}

bool rr_links_probe(const struct rr_fabric_tables_params *p,
		    const struct rr_graph *g,
		    const struct rr_probe_cable *cables, size_t n,
		    const struct rr_lid_paths *lp, unsigned int probes,
		    const struct rr_link_probe_watch *watch,
		    struct rr_link_evidence *ev, struct rr_lid_evidence *lev,
		    struct rr_link_probe_done *done, bool *no_library,
		    char *why, size_t why_len)
{
	struct rr_mad_bound unbounded;
	struct prober pr = {
		.p = p, .g = g, .lp = lp, .b = p->bound, .watch = watch,
		.done = done,
		.window = !p->window ? 1 : p->window > RR_FABRIC_MAX_WINDOW ?
			  RR_FABRIC_MAX_WINDOW : p->window,
	};
	struct rr_sa_lib ib;
	bool ok;

	memset(done, 0, sizeof(*done));
	if (!pr.b) {
		rr_mad_bound_init(&unbounded, -1);
		pr.b = &unbounded;
	}
	*no_library = false;
	if (!n)
		return true;
	*no_library = !rr_sa_lib_open(&ib, why, why_len);
	if (*no_library)
		return false;
	pr.ib = &ib;
	ok = open_and_run(&pr, cables, n, probes, ev, lev, why, why_len);
	rr_sa_lib_close(&ib);
	return ok;
}
