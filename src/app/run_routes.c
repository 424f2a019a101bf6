// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --sa --trace --all-pairs: the fabric and its forwarding tables read
 * once (the backend), the ports chosen, every ordered pair's route walked
 * in memory and counted (the model), the report printed and --dot drawn.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app/run.h"
#include "app/progress.h"
#include "app/signals.h"
#include "model/probe/check.h"
#include "model/fabric/count_expect.h"
#include "mad/fabric_counters.h"
#include "mad/link_probe.h"
#include "model/fabric/lid_blame.h"
#include "model/fabric/pairs_across.h"
#include "mad/fabric_path_sl.h"
#include "mad/fabric_sl2vl.h"
#include "mad/fabric_sm.h"
#include "mad/sa_node_record.h"
#include "mad/fabric_tables.h"
#include "mad/mad_bound.h"
#include "model/fabric/fabric_stop.h"
#include "base/clock.h"
#include "base/ib_port.h"
#include "base/escape.h"
#include "input/json_lib.h"
#include "input/routes_file.h"
#include "output/render_routes.h"

/* The endpoints as names see them, to find a destination's. */
static bool ports_by_name(const struct rr_graph *g,
			  const struct rr_endpoint *eps, size_t n,
			  struct rr_fabric *f)
{
	const struct rr_gnode *node;
	struct rr_fabric_port fp;
	size_t i;

	for (i = 0; i < n; i++) {
		node = &g->nodes[eps[i].node];
		memset(&fp, 0, sizeof(fp));
		fp.node_guid = node->guid;
		fp.port_guid = rr_graph_port(g, eps[i].node, eps[i].port)->guid;
		fp.lid = eps[i].lid;
		fp.port = eps[i].port;
		memcpy(fp.desc, node->desc, sizeof(fp.desc));
		if (!rr_fabric_add(f, &fp))
			return false;
	}
	return true;
}

/* The endpoint destination D stands for; false when none. */
static bool find_endpoint(const struct run *run, const struct rr_fabric *f,
			  const struct rr_endpoint *eps, size_t n,
			  const struct rr_result *d, size_t *at)
{
	const struct rr_sa_dest *sa = &d->probe.sa;
	uint64_t guid = 0;
	uint16_t lid = 0;
	size_t i;

	switch (sa->kind) {
	case RR_SA_LID:
		lid = sa->lid;
		break;
	case RR_SA_GUID:
		guid = sa->guid;
		break;
	case RR_SA_GID:
		for (i = 8; i < 16; i++)
			guid = guid << 8 | sa->gid[i];
		break;
	case RR_SA_NAME:
		if (rr_fabric_find(f, &run->sa.names, d->probe.target, &i) !=
		    RR_FABRIC_FOUND)
			return false;
		lid = f->ports[i].lid;
		break;
	}
	for (i = 0; i < f->num && guid; i++)
		if (f->ports[i].port_guid == guid)
			lid = f->ports[i].lid;
	for (i = 0; i < n && lid; i++) {
		if (eps[i].lid == lid) {
			*at = i;
			return true;
		}
	}
	return false;
}

/*
 * The ports given, in the order of their LIDs (every one without any):
 * the endpoints kept are moved to the front.  An exit code.
 */
static int choose(struct run *run, const struct rr_graph *g,
		  struct rr_endpoint *eps, size_t *n)
{
	struct rr_fabric f = { 0 };
	bool *chosen;
	size_t i, at, kept = 0;
	char buf[256];
	int code = RR_EXIT_OK;

	if (!run->in.num_dests)
		return RR_EXIT_OK;
	chosen = calloc(*n ? *n : 1, sizeof(*chosen));
	if (!chosen || !ports_by_name(g, eps, *n, &f)) {
		free(chosen);
		rr_fabric_free(&f);
		perror("rdma-route");
		return RR_EXIT_FAILED;
	}
	for (i = 0; i < run->in.num_dests && code == RR_EXIT_OK; i++) {
		if (find_endpoint(run, &f, eps, *n, &run->in.dests[i], &at)) {
			chosen[at] = true;
			continue;
		}
		fprintf(stderr, "rdma-route: --all-pairs: '%s' is no CA port of the fabric\n",
			rr_shown(run->in.dests[i].probe.target, buf, sizeof(buf)));
		code = RR_EXIT_USAGE;
	}
	for (i = 0; i < *n; i++)
		if (chosen[i])
			eps[kept++] = eps[i];
	*n = kept;
	free(chosen);
	rr_fabric_free(&f);
	return code;
}

/*
 * The run's phases: the stop and each MAD phase's bound (the params'
 * bound points here), the phases cut short, the one running.
 */
struct phases {
	struct rr_mad_bound bound;
	struct rr_fabric_stops stops;
	enum rr_fabric_phase at;
};

/*
 * Phase AT begins, with a bound of its own: false after a stop, which is
 * recorded as heard before AT (once): no MAD is sent after a stop.
 */
static bool phase_begin(struct phases *ph, enum rr_fabric_phase at)
{
	ph->at = at;
	rr_mad_bound_init(&ph->bound, ph->bound.stop_fd);
	if (!rr_stop_requested())
		return true;
	rr_fabric_stops_add(&ph->stops, at, rr_stop_signal(), 0, 0, 0);
	return false;
}

/* The phase that ran ended: recorded when its bound or a stop cut it. */
static void phase_end(struct phases *ph)
{
	const struct rr_mad_bound *b = &ph->bound;

	if (b->cut == RR_MAD_CUT_NONE)
		return;
	rr_fabric_stops_add(&ph->stops, ph->at,
			    b->cut == RR_MAD_CUT_STOP ? rr_stop_signal() : 0,
			    b->done, b->planned, b->bound_ms);
}

struct walk_ctx {
	struct printer *p;
	const struct rr_routes_view *v;
	struct rr_cdg *cdg;
	struct rr_route_topology *topo;
	struct rr_compare *cmp;		/* NULL: no --compare */
	const struct rr_pair_sls *sls;	/* NULL: SL 0 for every pair */
	bool per_pair;
	bool no_memory;
};

/*
 * A route's dependencies into the graph of channels: all the walk on the
 * VLs does; a stop asked for, or ENOMEM, ends it.
 */
static bool add_dependencies(const struct rr_route *r, size_t src, size_t dst,
			     void *arg)
{
	struct walk_ctx *c = arg;

	if (c->sls)	/* the route's VLs by its own SL */
		c->cdg->sl = rr_pair_sl(c->sls, src, dst);
	if (!rr_cdg_add(c->cdg, c->v->g, &c->v->eps[src], r, src, dst)) {
		c->no_memory = true;
		return false;
	}
	return !rr_stop_requested();
}

/*
 * Each pair's dependencies into the graph of channels, and its record
 * (--per-pair); a stop asked for, or ENOMEM, ends the walk.
 */
static bool each_route(const struct rr_route *r, size_t src, size_t dst,
		       void *arg)
{
	struct walk_ctx *c = arg;

	if (!add_dependencies(r, src, dst, arg) && c->no_memory)
		return false;
	rr_topology_add(c->topo, c->v->g, r, src, dst);
	if (c->cmp && !rr_compare_route(c->cmp, r, src, dst)) {
		c->no_memory = true;
		return false;
	}
	if (c->per_pair)
		rr_render_route(c->p, c->v, r, src, dst);
	return !rr_stop_requested();
}

/* The credit loops of the dependencies the walk added, timed (added up). */
static bool find_loops(struct rr_routes_view *v, struct rr_credit_loop **loops)
{
	struct timespec t0 = rr_now(), t1;

	if (!rr_cdg_loops(v->cdg, loops, &v->num_loops))
		return false;
	v->loops = *loops;
	t1 = rr_now();
	v->loops_ms += rr_ts_ms(&t1, &t0);
	return true;
}

/* The graph drawn: whole, true. */
static bool draw_dot(FILE *f, const void *view)
{
	return rr_render_routes_dot(f, view) == 0;
}

/*
 * The counts that judge the routes, and the --expect of them that do not
 * hold into FAILED (RR_MAX_EXPECT of them at most, as there are).
 */
static void judge(const struct run *run, struct rr_routes_view *v,
		  struct rr_expect_failure *failed)
{
	struct rr_fabric_found f = {
		.s = v->s, .ports = v->num_eps, .loops_checked = v->cdg,
		.credit_loops = v->num_loops, .topo = v->topo,
		.asymmetric = v->asymmetric,
		.links_degraded = v->num_degraded,
		.links_lost = v->num_lost, .lost_checked = v->lost_checked,
		.probed = v->probes && !v->probe_why,
		.links_probed = v->num_cables, .suspect_links = v->num_suspects,
		.spread_links = v->spread.links,
		.load_min = v->spread.min, .load_max = v->spread.max,
		.sm_asked = v->sm && v->sm->asked,
		.sm_answered = v->sm && rr_fabric_sm_ok(v->sm),
		.unseen = v->unseen,
		.map_given = run->sa.names.num > 0,
		.mapped_unseen = rr_mapped_unseen(&run->sa.names, v->g, NULL, 0),
		.stops = v->stops,
	};
	double fair;

	f.channel_dependencies = v->cdg ? v->cdg->num_edges : 0;
	fair = rr_routes_fair_share(v->s, v->g, &f.links_between_switches);
	f.links_hot = rr_routes_hot_count(v->s, v->g, fair, v->spread.median);
	f.cmp = v->cmp;
	rr_fabric_counts_fill(&v->counts, &f);
	v->expect_failed = failed;
	v->num_expect_failed = rr_check_counts(&v->counts, run->expects,
					       run->num_expects, failed);
	v->severity = &run->opts.severity;
	rr_fabric_judge(&v->counts, v->severity, &v->verdict);
}

struct closing_ctx {
	const struct rr_routes_view *v;
	const struct rr_cdg *cdg;
	const uint32_t *loop_of;
	struct rr_pair_sls *sls;
};

static bool mark_closing(const struct rr_route *r, size_t src, size_t dst,
			 void *arg)
{
	struct closing_ctx *c = arg;

	if (rr_cdg_route_closes(c->cdg, c->v->g, &c->v->eps[src], r,
				c->loop_of))
		rr_pair_sls_want(c->sls, src, dst);
	return !rr_stop_requested();
}

/*
 * The pairs whose routes close the loops of CDG (on SL 0) marked in SLS:
 * only their SLs matter.  False: ENOMEM.
 */
static bool want_closing(const struct rr_routes_view *v,
			 const struct rr_cdg *cdg, struct rr_pair_sls *sls)
{
	struct closing_ctx c = { .v = v, .cdg = cdg, .sls = sls };
	struct rr_routes scratch = { 0 };
	bool ok = false;

	c.loop_of = rr_credit_loops_by_channel(cdg, v->loops, v->num_loops);
	if (!c.loop_of || !rr_pair_sls_want_some(sls) ||
	    !rr_routes_init(&scratch, v->g))
		goto out;
	rr_routes_all_pairs(v->g, v->eps, v->num_eps, &scratch, mark_closing, &c);
	ok = true;
out:
	free((void *)c.loop_of);
	rr_routes_free(&scratch);
	return ok;
}

/*
 * Each pair's SL from the SA's PathRecord into SLS (--sl-from-sa; else
 * only the pairs whose routes close CDG's loops, the others on SL 0), and
 * the SLs in use into M.  A fabric whose SA cannot be asked leaves SL 0
 * for every pair, and SLS says why.  False: ENOMEM.
 */
static bool take_sls(const struct rr_fabric_tables_params *p,
		     const struct rr_routes_view *v, const struct rr_cdg *cdg,
		     bool every_pair, struct rr_sl2vl *m,
		     struct rr_pair_sls *sls, struct phases *ph)
{
	bool no_library, read;

	if (!rr_pair_sls_init(sls, v->num_eps))
		return false;
	if (!every_pair && !want_closing(v, cdg, sls))
		return false;
	if (!phase_begin(ph, RR_PHASE_PATH_SL)) {
		snprintf(sls->why, sizeof(sls->why), "the run was stopped before");
		sls->unread = true;
		return true;
	}
	read = rr_fabric_path_sl_read(p, v->eps, sls, &no_library, sls->why,
				      sizeof(sls->why));
	phase_end(ph);
	if (!read) {
		sls->unread = true;
		return true;
	}
	/* A pair the SA did not answer for stays on SL 0. */
	rr_sl2vl_use_sls(m, (uint16_t)(sls->used | (sls->lost ? 1 : 0)));
	return true;
}

/*
 * The VLs of the loops found on VL 0: the SLtoVL tables of the (node, in,
 * out) by which routes enter their channels read, where the port runs
 * more than VL 0 (and the SLs asked of the SA first, into SLS: every
 * pair's with --sl-from-sa, else those of the pairs whose routes close
 * the loops, the only ones that matter); when one sends an SL in use
 * elsewhere than VL 0, the
 * dependencies walked again on the VLs read, each route on its SL, into
 * CDG, and the loops found again into *LOOPS.  A fabric that cannot be
 * read leaves VL 0, and M says why.  False: ENOMEM.
 */
static bool take_vls(const struct rr_fabric_tables_params *p,
		     struct rr_routes_view *v, struct rr_cdg *cdg,
		     struct rr_sl2vl *m, struct rr_pair_sls *sls,
		     bool every_pair, struct rr_credit_loop **loops,
		     struct phases *ph)
{
	struct rr_routes scratch = { 0 };
	struct rr_cdg on_vls = { 0 };
	struct walk_ctx c = { .v = v, .cdg = &on_vls };
	bool no_library, ok = false, read;

	if (!rr_sl2vl_want_loops(m, cdg, v->g, *loops, v->num_loops))
		return false;
	if (!m->n)
		return true;
	if (!take_sls(p, v, cdg, every_pair, m, sls, ph))
		return false;
	v->sls = sls;
	if (!sls->unread)
		c.sls = sls;
	if (!phase_begin(ph, RR_PHASE_SL2VL)) {
		snprintf(m->why, sizeof(m->why), "the run was stopped before");
		m->unread = true;
		return true;
	}
	read = rr_fabric_sl2vl_read(p, v->g, m, &no_library, m->why,
				    sizeof(m->why));
	phase_end(ph);
	if (!read) {
		m->unread = true;
		return true;
	}
	if (!m->not_vl0)
		return true;
	if (!rr_cdg_init(&on_vls, v->g, m->sl, rr_sl2vl_vl, m) ||
	    !rr_routes_init(&scratch, v->g))
		goto out;
	if (!rr_routes_all_pairs(v->g, v->eps, v->num_eps, &scratch,
				 add_dependencies, &c)) {
		/* Stopped: the loops on VL 0, and said so. */
		ok = !c.no_memory;
		m->unread = ok;
		snprintf(m->why, sizeof(m->why), "stopped before the routes were walked on them");
		goto out;
	}
	rr_cdg_free(cdg);
	*cdg = on_vls;
	on_vls = (struct rr_cdg){ 0 };
	rr_credit_loops_free(*loops, v->num_loops);
	*loops = NULL;
	v->num_loops = 0;
	ok = find_loops(v, loops);
out:
	rr_cdg_free(&on_vls);
	rr_routes_free(&scratch);
	return ok;
}

/* take_vls, its time kept apart from the walk's and the loops'. */
static bool timed_vls(const struct rr_fabric_tables_params *p,
		      struct rr_routes_view *v, struct rr_cdg *cdg,
		      struct rr_sl2vl *m, struct rr_pair_sls *sls,
		      bool every_pair, struct rr_credit_loop **loops,
		      struct phases *ph)
{
	struct timespec t0 = rr_now(), t1;
	double before = v->loops_ms;
	bool ok = take_vls(p, v, cdg, m, sls, every_pair, loops, ph);

	t1 = rr_now();
	v->vl_ms = rr_ts_ms(&t1, &t0) - (v->loops_ms - before);
	return ok;
}

/* --compare: the cables, loads and loops against the earlier run's. */
static bool compared(const struct run *run, struct rr_routes_view *v,
		     struct rr_compare *cmp)
{
	if (!rr_compare_finish(cmp, v->s, v->names, v->loops, v->num_loops))
		return false;
	rr_compare_sort_groups(cmp);
	v->cmp = cmp;
	v->compared_with = run->opts.compare;
	return true;
}

/*
 * The switch ports with no link whose LinkDownedCounter says they had
 * one, into *LOST (V counts them, and the ports asked).  A fabric whose
 * counters cannot be asked leaves none, unchecked.  False: ENOMEM.
 */
static bool take_lost(const struct rr_fabric_tables_params *p,
		      struct rr_routes_view *v, struct rr_lost_link **lost,
		      struct phases *ph)
{
	size_t *ports = NULL, n = 0, i;
	uint64_t *downed = NULL;
	bool no_library, ok = false, read;
	char why[160];

	*lost = NULL;
	if (!rr_links_unlinked(v->g, &ports, &n))
		goto out;
	downed = malloc((n ? n : 1) * sizeof(*downed));
	*lost = malloc((n ? n : 1) * sizeof(**lost));
	if (!downed || !*lost)
		goto out;
	ok = true;
	if (!phase_begin(ph, RR_PHASE_LINKS_LOST))
		goto out;	/* unchecked */
	read = rr_fabric_link_downed_read(p, v->g, ports, n, downed,
					  &no_library, why, sizeof(why));
	phase_end(ph);
	if (!read)
		goto out;	/* unchecked: links_lost left out */
	v->lost_checked = true;
	v->unlinked_asked = n;
	for (i = 0; i < n; i++) {
		if (downed[i] == RR_DOWNED_UNREAD)
			v->unlinked_unread++;
		else if (downed[i])
			(*lost)[v->num_lost++] = (struct rr_lost_link){
				.port = ports[i], .downed = downed[i] };
	}
out:
	v->lost = *lost;
	free(ports);
	free(downed);
	return ok;
}

/* --probe-links' cables, their evidence and verdicts, the suspects. */
struct probed {
	struct rr_probe_cable *cables;
	struct rr_link_evidence *ev;
	enum rr_link_verdict *verdict;
	struct rr_suspect *suspects;
	size_t *of_port;
	struct rr_lid_paths lp;		/* the LIDs probed, a data VL's lane */
	struct rr_lid_evidence *lev;	/* what came back of each */
	struct rr_pairs_across *pairs;	/* per suspect: routes across it */
	char why[200];
};

static void probed_free(struct probed *pb)
{
	free(pb->cables);
	free(pb->ev);
	free(pb->verdict);
	free(pb->suspects);
	free(pb->of_port);
	rr_lid_paths_free(&pb->lp);
	free(pb->lev);
	free(pb->pairs);
}

/*
 * Evidence and verdicts for PB's N cables, and each of G's ports' cable
 * (SIZE_MAX: none).
 */
static bool probed_alloc(struct probed *pb, const struct rr_graph *g,
			 size_t n)
{
	size_t i;

	pb->ev = calloc(n ? n : 1, sizeof(*pb->ev));
	pb->verdict = calloc(n ? n : 1, sizeof(*pb->verdict));
	pb->of_port = malloc((g->num_ports ? g->num_ports : 1) *
			     sizeof(*pb->of_port));
	if (!pb->ev || !pb->verdict || !pb->of_port)
		return false;
	if (!rr_lid_paths(g, pb->cables, n, &pb->lp))
		return false;
	pb->lev = calloc(pb->lp.num_targets ? pb->lp.num_targets : 1,
			 sizeof(*pb->lev));
	if (!pb->lev)
		return false;
	for (i = 0; i < g->num_ports; i++)
		pb->of_port[i] = SIZE_MAX;
	for (i = 0; i < n; i++) {
		pb->of_port[pb->cables[i].near_port] = i;
		if (pb->cables[i].far_port != SIZE_MAX)
			pb->of_port[pb->cables[i].far_port] = i;
	}
	return true;
}

/* The progress line, when due: probes sent of all, lost of them. */
static void probe_seen(void *ctx, unsigned long long sent,
		       unsigned long long lost, unsigned long long total)
{
	struct rr_progress *pg = ctx;

	if (rr_progress_due(pg))
		rr_progress_draw(pg, sent, lost, total);
}

/* Each phase of the probing that was cut, recorded. */
static void probes_cut(struct phases *ph, const struct rr_link_probe_done *d)
{
	static const enum rr_fabric_phase of[RR_LP_PHASES] = {
		[RR_LP_BEFORE] = RR_PHASE_COUNTERS_BEFORE,
		[RR_LP_PROBES] = RR_PHASE_PROBES,
		[RR_LP_AFTER] = RR_PHASE_COUNTERS_AFTER,
	};
	const struct rr_mad_bound *b;
	int k;

	for (k = 0; k < RR_LP_PHASES; k++) {
		b = &d->phase[k];
		if (!d->ran[k] || b->cut == RR_MAD_CUT_NONE)
			continue;
		rr_fabric_stops_add(&ph->stops, of[k],
				    b->cut == RR_MAD_CUT_STOP ? rr_stop_signal() : 0,
				    b->done, b->planned, b->bound_ms);
	}
}

/*
 * --probe-links: every cable the local port reaches probed and its
 * evidence blamed, into V.  When the probing cannot run (the port, the
 * libraries, a stop before it), V says why and counts nothing.  The
 * counters before, the rounds of probes (every cable's next, every LID's
 * next) and the counters after are each a phase of its own bound
 * (mad_bound.h: the rounds twice --timeout each, once for each lane).
 * False: ENOMEM.
 */
static bool take_probes(const struct run *run,
			const struct rr_fabric_tables_params *p,
			struct rr_routes_view *v, struct probed *pb,
			struct phases *ph)
{
	const struct rr_graph *g = v->g;
	struct timespec t0 = rr_now(), t1;
	struct rr_progress pg;
	struct rr_link_probe_watch watch = { probe_seen, &pg };
	struct rr_link_probe_done done;
	bool no_library, probed;
	size_t n;

	v->probes = run->opts.probe_links;
	if (!v->probes)
		return true;
	v->probe_why = pb->why;
	if (!g->have_local) {
		snprintf(pb->why, sizeof(pb->why),
			 "the discovery did not say which port it went out from");
		return true;
	}
	if (!phase_begin(ph, RR_PHASE_COUNTERS_BEFORE)) {
		snprintf(pb->why, sizeof(pb->why),
			 "the run was stopped before the probes");
		return true;
	}
	if (!rr_cable_tree(g, g->local, g->local_port, &pb->cables, &n) ||
	    !probed_alloc(pb, g, n))
		return false;
	/* Nothing else is written meanwhile: a line whenever on a terminal. */
	rr_progress_start(&pg, stderr,
			  !run->opts.no_progress && isatty(STDERR_FILENO));
	probed = rr_links_probe(p, g, pb->cables, n, &pb->lp, v->probes,
				&watch, pb->ev, pb->lev, &done, &no_library,
				pb->why, sizeof(pb->why));
	rr_progress_clear(&pg);
	probes_cut(ph, &done);
	if (!probed)
		return true;
	if (n && !done.rounds && done.ran[RR_LP_BEFORE] &&
	    done.phase[RR_LP_BEFORE].cut == RR_MAD_CUT_STOP) {
		snprintf(pb->why, sizeof(pb->why),
			 "the run was stopped before the probes");
		return true;
	}
	v->probe_rounds = n ? done.rounds : v->probes;
	if (!rr_links_blame(pb->ev, n, pb->verdict, &pb->suspects,
			    &v->num_suspects) ||
	    !rr_links_blame_lid(&pb->lp, pb->lev, pb->ev, pb->verdict,
				&pb->suspects, &v->num_suspects))
		return false;
	v->probe_why = NULL;
	v->cables = pb->cables;
	v->link_ev = pb->ev;
	v->link_verdict = pb->verdict;
	v->num_cables = n;
	v->suspects = pb->suspects;
	v->probe_of_port = pb->of_port;
	v->lid_paths = &pb->lp;
	v->lid_ev = pb->lev;
	t1 = rr_now();
	v->probe_ms = rr_ts_ms(&t1, &t0);
	return true;
}

/*
 * Graph port I's link is down (Sleep, Polling, Disabled) while the tables send LIDs
 * there (switch ports: their LFT's entries), or it is this port's own:
 * a cut cable.  *LIDS gets how many LIDs.
 */
static bool cut_at(const struct rr_routes_view *v, size_t node,
		   unsigned int port, uint32_t *lids)
{
	const struct rr_gnode *n = &v->g->nodes[node];
	const struct rr_gport *gp = rr_graph_port(v->g, node, port);
	uint32_t lid;

	*lids = 0;
	if (!gp || !gp->present || !rr_phys_state_down(gp->phys_state))
		return false;
	for (lid = 1; n->lft && lid < n->lft_len && lid <= RR_MAX_UNICAST_LID; lid++)
		*lids += n->lft[lid] == port;
	return *lids || (v->g->have_local && node == v->g->local &&
			 port == v->g->local_port);
}

/*
 * --probe-links: each cut cable (a port whose link is down while the
 * tables still send LIDs there, or this port's own) put before the
 * suspects: no probe crosses it.  False: ENOMEM.
 */
static bool take_cut(struct rr_routes_view *v, struct probed *pb)
{
	/* EV holds the probed cables, or one entry when there are none. */
	size_t node, first = v->num_cables, n = 0, cap = first ? first : 1;
	struct rr_link_evidence *ev;
	unsigned int port;
	uint32_t lids;

	if (!v->probes || v->probe_why)
		return true;
	for (node = 0; node < v->g->num_nodes; node++) {
		for (port = 1; port <= v->g->nodes[node].num_ports; port++) {
			if (!cut_at(v, node, port, &lids))
				continue;
			if (first + n == cap) {
				cap = 2 * (first + n) + 8;
				ev = realloc(pb->ev, cap * sizeof(*ev));
				if (!ev)
					return false;
				pb->ev = ev;
				v->link_ev = ev;
			}
			pb->ev[first + n++] = (struct rr_link_evidence){
				.near_port = v->g->nodes[node].first_port + port,
				.far_port = SIZE_MAX, .parent = RR_NO_PARENT,
				.lids_routed = lids,
			};
		}
	}
	if (!rr_links_blame_down(first, n, &pb->suspects, &v->num_suspects))
		return false;
	v->suspects = pb->suspects;
	return true;
}

/*
 * --probe-links: for each suspect, the first pairs of the N endpoints EPS
 * whose routes cross its cable.  False: ENOMEM.
 */
static bool take_pairs(struct rr_routes_view *v, struct probed *pb,
		       const struct rr_endpoint *eps, size_t n)
{
	size_t *which, i, k, ends[2];
	bool ok;

	if (!v->num_suspects)
		return true;
	which = malloc((v->g->num_ports ? v->g->num_ports : 1) * sizeof(*which));
	pb->pairs = calloc(v->num_suspects, sizeof(*pb->pairs));
	if (!which || !pb->pairs) {
		free(which);
		return false;
	}
	for (i = 0; i < v->g->num_ports; i++)
		which[i] = SIZE_MAX;
	for (k = 0; k < v->num_suspects; k++) {
		ends[0] = v->link_ev[v->suspects[k].link].near_port;
		ends[1] = v->link_ev[v->suspects[k].link].far_port;
		for (i = 0; i < 2; i++)
			if (ends[i] < v->g->num_ports)
				which[ends[i]] = k;
	}
	ok = rr_pairs_across(v->g, eps, n, which, v->num_suspects, pb->pairs);
	free(which);
	v->suspect_pairs = pb->pairs;
	return ok;
}

/* A report of another fabric (no node GUID in common) is the user's: exit 2. */
static int comparable(const struct run *run, const struct rr_compare *cmp,
		      const struct rr_graph *g)
{
	char buf[256];

	if (cmp->nodes_shared || !cmp->b->g.num_nodes)
		return RR_EXIT_OK;
	fprintf(stderr, "rdma-route: --compare '%s': a report of another fabric: none of its %zu nodes is among the %zu read now (no switch or CA GUID in common)\n",
		rr_shown(run->opts.compare, buf, sizeof(buf)),
		cmp->b->g.num_nodes, g->num_nodes);
	return RR_EXIT_USAGE;
}

/*
 * The LIDs the tables route that no port seen from here holds into U;
 * with a master SM answering, the SA asked what holds each (the first
 * RR_UNSEEN_ASK_MAX).  False, nothing counted, when memory is short.
 */
static bool find_unseen(const struct rr_fabric_tables_params *p,
			const struct rr_graph *g, const struct rr_fabric_sm *sm,
			struct rr_unseen *u)
{
	uint16_t *lids;
	size_t n;
	char why[160];

	memset(u, 0, sizeof(*u));
	if (!rr_graph_lids_unseen(g, &lids, &n))
		return false;
	rr_unseen_init(u, lids, n);
	free(lids);
	if (n && !u->lids)
		return false;
	if (!rr_fabric_sm_ok(sm))
		return true;
	u->asked = !n || rr_sa_node_records_by_lid(p, u->lids,
						    n < RR_UNSEEN_ASK_MAX ? n :
						    RR_UNSEEN_ASK_MAX,
						    why, sizeof(why));
	rr_unseen_count(u);
	return true;
}

/*
 * Every pair's route walked in memory (a phase of its own): a stop ends
 * it, recorded with the pairs walked.  False: ENOMEM.
 */
static bool walk(struct rr_routes_view *v, struct rr_routes *s,
		 struct walk_ctx *c, struct phases *ph)
{
	uint64_t planned = (uint64_t)v->num_eps *
			   (v->num_eps ? v->num_eps - 1 : 0);

	if (!phase_begin(ph, RR_PHASE_WALK))
		return true;	/* stopped before: no pair walked */
	if (rr_routes_all_pairs(v->g, v->eps, v->num_eps, s, each_route, c))
		return true;
	if (c->no_memory || !rr_stop_requested())
		return false;
	rr_fabric_stops_add(&ph->stops, RR_PHASE_WALK, rr_stop_signal(),
			    s->pairs, planned, 0);
	return true;
}

/*
 * A stop heard where no phase recorded it (the SM's two MADs, what is
 * worked out in memory between the phases): the phase the run was in.
 */
static void stop_heard(struct phases *ph)
{
	if (rr_stop_requested())
		rr_fabric_stops_add(&ph->stops, ph->at, rr_stop_signal(),
				    ph->bound.done, ph->bound.planned,
				    ph->bound.bound_ms);
}

static int walk_all(struct run *run, const struct rr_fabric_tables_params *p,
		    struct rr_graph *g, struct rr_graph_read *rd,
		    const struct rr_fabric_sm *sm, const struct rr_unseen *unseen,
		    struct phases *ph)
{
	struct rr_routes_view v = { .g = g, .names = &run->sa.names, .read = rd,
				    .quiet = run->opts.quiet || run->opts.brief,
				    .brief = run->opts.brief && !run->opts.quiet,
				    .sm = sm, .unseen = unseen };
	struct walk_ctx c = { .p = run->out.p, .v = &v,
			      .per_pair = run->opts.per_pair };
	struct rr_credit_loop *loops = NULL;
	struct rr_endpoint *eps = NULL;
	struct rr_routes s = { 0 };
	struct rr_cdg cdg = { 0 };
	struct rr_sl2vl sl2vl = { 0 };
	struct rr_pair_sls sls = { 0 };
	struct rr_route_topology topo = { 0 };
	struct rr_compare cmp = { 0 };
	struct rr_degraded_link *bad = NULL;
	struct rr_lost_link *lost = NULL;
	struct probed probed = { 0 };
	struct rr_expect_failure failed[RR_MAX_EXPECT];
	struct timespec t0, t1;
	size_t n;
	int code;

	/* SL 0 assumed; the walk on VL 0, the VLs read after (take_vls). */
	if (!rr_graph_endpoints(g, &eps, &n) || !rr_routes_init(&s, g) ||
	    !rr_cdg_init(&cdg, g, 0, NULL, NULL) || !rr_sl2vl_init(&sl2vl, 0)) {
		code = RR_EXIT_FAILED;
		perror("rdma-route");
		goto out;
	}
	c.cdg = &cdg;
	v.cdg = &cdg;
	code = choose(run, g, eps, &n);
	if (code != RR_EXIT_OK)
		goto out;
	if (!rr_topology_init(&topo, g, eps, n)) {
		code = RR_EXIT_FAILED;
		perror("rdma-route");
		goto out;
	}
	c.topo = &topo;
	v.topo = &topo;
	if (run->routes.compare) {
		if (!rr_compare_init(&cmp, &run->routes.before, g, eps, n)) {
			code = RR_EXIT_FAILED;
			perror("rdma-route");
			goto out;
		}
		c.cmp = &cmp;
		code = comparable(run, &cmp, g);
		if (code != RR_EXIT_OK)
			goto out;
	}
	if (!rr_links_degraded(g, &bad, &v.num_degraded)) {
		code = RR_EXIT_FAILED;
		perror("rdma-route");
		goto out;
	}
	v.degraded = bad;
	if (!take_lost(p, &v, &lost, ph)) {
		code = RR_EXIT_FAILED;
		perror("rdma-route");
		goto out;
	}
	v.eps = eps;
	v.num_eps = n;
	v.s = &s;
	t0 = rr_now();
	v.sl2vl = &sl2vl;
	v.sls = NULL;	/* set once the SA was asked (take_vls) */
	/* The walk before the probes: a stop while probing keeps it whole. */
	if (!walk(&v, &s, &c, ph) || !find_loops(&v, &loops) ||
	    !timed_vls(p, &v, &cdg, &sl2vl, &sls, run->opts.sl_from_sa,
		       &loops, ph)) {
		perror("rdma-route");
		code = RR_EXIT_FAILED;
		goto out;
	}
	t1 = rr_now();
	v.walk_ms = rr_ts_ms(&t1, &t0) - v.loops_ms - v.vl_ms;
	v.asymmetric = rr_topology_asymmetric(&topo);
	if (!take_probes(run, p, &v, &probed, ph) ||
	    !rr_routes_load_spread(&s, g, &v.spread) ||
	    !take_cut(&v, &probed) || !take_pairs(&v, &probed, eps, n) ||
	    (c.cmp && !compared(run, &v, &cmp))) {
		perror("rdma-route");
		code = RR_EXIT_FAILED;
		goto out;
	}
	stop_heard(ph);
	v.stops = &ph->stops;
	judge(run, &v, failed);
	rr_render_routes(run->out.p, &v);
	code = v.verdict.worst == RR_SEV_FAULT ? RR_EXIT_FAILED :
	       v.num_expect_failed ? RR_EXIT_EXPECT : RR_EXIT_OK;
	if (rr_run_write_side(run, RR_SIDE_DOT, draw_dot, &v) != RR_EXIT_OK)
		code = RR_EXIT_FAILED;
out:
	rr_compare_free(&cmp);
	rr_credit_loops_free(loops, v.num_loops);
	rr_cdg_free(&cdg);
	rr_sl2vl_free(&sl2vl);
	rr_pair_sls_free(&sls);
	rr_topology_free(&topo);
	free(bad);
	free(lost);
	probed_free(&probed);
	rr_routes_free(&s);
	free(eps);
	return code;
}

/* --compare's file read before the fabric: a bad one is the user's, exit 2. */
static int read_before(struct run *run)
{
	char why[512], buf[256];

	if (!run->opts.compare)
		return RR_EXIT_OK;
	if (!rr_jsonc_ready(why, sizeof(why))) {
		fprintf(stderr, "rdma-route: --compare: cannot load json-c: %s\n", why);
		return RR_EXIT_FAILED;
	}
	if (rr_routes_file_read(run->opts.compare, &run->routes.before, why,
				sizeof(why))) {
		run->routes.compare = true;
		return RR_EXIT_OK;
	}
	fprintf(stderr, "rdma-route: --compare '%s': %s\n",
		rr_shown(run->opts.compare, buf, sizeof(buf)), why);
	return RR_EXIT_USAGE;
}

/*
 * The fabric discovered and its tables read (two phases): false, said,
 * when it cannot be read, or the discovery was cut (a stop: exit 130 or
 * 143 once main sees it; its bound: 1).  *CODE gets the exit code.
 */
static bool read_fabric(const struct rr_fabric_tables_params *p,
			struct rr_graph *g, struct rr_graph_read *rd,
			struct phases *ph, int *code)
{
	bool no_library = false, read;
	char why[256];

	*code = RR_EXIT_FAILED;
	read = phase_begin(ph, RR_PHASE_DISCOVERY) &&
	       rr_fabric_tables_read(p, g, rd, &no_library, why, sizeof(why));
	if (!read && rr_stop_requested()) {
		fprintf(stderr, "rdma-route: --trace --all-pairs: stopped before the fabric was discovered: nothing to report\n");
		return false;
	}
	if (!read) {
		fprintf(stderr, "rdma-route: --trace --all-pairs: cannot read the fabric: %s\n",
			why);
		if (no_library)
			*code = RR_EXIT_NO_RDMA;
		return false;
	}
	ph->at = RR_PHASE_TABLES;	/* the discovery ended whole */
	phase_end(ph);
	return true;
}

int rr_run_routes(struct run *run)
{
	struct phases ph = { .at = RR_PHASE_DISCOVERY };
	struct rr_fabric_tables_params p = {
		.ca = run->opts.ca,
		.port = run->opts.ca_port,
		.timeout_ms = run->opts.timeout_ms,
		.window = run->opts.parallel ? run->opts.parallel :
					       RR_SA_DEFAULT_PARALLEL,
		/* Probing links: the fabric behind a lossy one found too. */
		.retries = run->opts.probe_links ? RR_PROBE_DISCOVERY_RETRIES : 0,
		.bound = &ph.bound,
	};
	struct rr_unseen unseen = { 0 };
	struct rr_fabric_sm sm;
	struct rr_graph_read rd;
	struct rr_graph g;
	bool no_library, counted = false;
	int code;

	/* The SMAs, PMAs and ibsim take no more at once (mad_bound.h). */
	if (p.window > RR_FABRIC_MAX_WINDOW)
		p.window = RR_FABRIC_MAX_WINDOW;
	rr_mad_bound_init(&ph.bound, rr_signals_stop_fd());
	code = read_before(run);
	if (code != RR_EXIT_OK)
		return code;
	if (!read_fabric(&p, &g, &rd, &ph, &code))
		goto out;
	/* Read after the fabric: a port that cannot be read has no SM to ask. */
	memset(&sm, 0, sizeof(sm));
	snprintf(sm.why, sizeof(sm.why), "not asked: the run was stopped");
	if (phase_begin(&ph, RR_PHASE_SM))
		rr_fabric_sm_read(&p, &sm, &no_library);
	if (phase_begin(&ph, RR_PHASE_UNSEEN)) {
		counted = find_unseen(&p, &g, &sm, &unseen);
		phase_end(&ph);
	}
	code = walk_all(run, &p, &g, &rd, &sm, counted ? &unseen : NULL, &ph);
	rr_unseen_free(&unseen);
	rr_graph_free(&g);
out:
	rr_routes_before_free(&run->routes.before);
	run->routes.compare = false;
	return code;
}
