// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <infiniband/verbs.h>

#include "clock.h"
#include "cm_backend.h"
#include "decode.h"
#include "sysfs_gid.h"

#define RDMA_CM_DEV "/dev/infiniband/rdma_cm"

enum probe_state {
	PROBE_IDLE,
	PROBE_CREATED,		/* id made (and bound), resolve addr next */
	PROBE_WAIT_ADDR,
	PROBE_WAIT_ROUTE,
	PROBE_DONE,
};

#define MAX_KNOWN_PORTS 16

struct cm_run;

struct probe {
	struct rr_result *r;
	struct cm_run *run;
	struct rdma_cm_id *id;
	enum probe_state state;
	struct timespec deadline;
	struct probe *next_done;	/* on run->done, to clean up */
};

struct cm_run {
	const struct rr_cm_params *p;
	struct timespec t0;		/* start_offset_ms counts from here */
	struct rdma_event_channel *channel;
	struct probe **inflight;	/* at most p->parallel */
	unsigned int num_inflight;
	/* Finished, their ids not destroyed nor the caller told yet. */
	struct probe *done, **done_tail;
	/* Link layers of the ports seen so far. */
	struct known_port {
		struct ibv_context *verbs;
		uint8_t port;
		enum rr_link_layer ll;
	} known[MAX_KNOWN_PORTS];
	unsigned int num_known;
	unsigned int finished;		/* since the in-flight list was compacted */
	struct timespec earliest;	/* the nearest deadline in flight */
};

/* Events read in one go, each stamped when read, before any is handled. */
#define EVENT_BATCH 64

struct cm_event {
	struct probe *pr;
	enum rdma_cm_event_type type;
	int status;
	struct timespec at;
};

unsigned int rr_cm_step_deadline_ms(unsigned int timeout_ms)
{
	unsigned int grace = timeout_ms / 2;

	return timeout_ms + (grace > 1000 ? grace : 1000);
}

static void set_deadline(struct probe *pr, unsigned int ms)
{
	pr->deadline = rr_ts_add_ms(rr_now(), ms);
}

/*
 * Ends a probe.  Reading its route, destroying its id and telling the
 * caller wait for flush_done(): none may delay other probes' events.
 */
static void probe_finish(struct probe *pr)
{
	struct cm_run *run = pr->run;

	pr->state = PROBE_DONE;
	run->finished++;
	pr->next_done = NULL;
	*run->done_tail = pr;
	run->done_tail = &pr->next_done;
}


static void probe_fail_call(struct probe *pr, enum rr_step step,
			    const char *call, int err)
{
	rr_fail_call(pr->r, step, call, err, 0);
	probe_finish(pr);
}

/* A port's link layer, asked of the device once per run. */
static enum rr_link_layer link_layer(struct cm_run *run,
				    struct ibv_context *verbs, uint8_t port)
{
	struct ibv_port_attr attr;
	struct known_port *k;
	unsigned int i;

	if (verbs->device->transport_type == IBV_TRANSPORT_IWARP)
		return RR_LL_IWARP;
	for (i = 0; i < run->num_known; i++)
		if (run->known[i].verbs == verbs && run->known[i].port == port)
			return run->known[i].ll;
	if (ibv_query_port(verbs, port, &attr))
		return RR_LL_UNKNOWN;
	if (run->num_known == MAX_KNOWN_PORTS)
		run->num_known = 0;	/* a rare host: start over */
	k = &run->known[run->num_known++];
	k->verbs = verbs;
	k->port = port;
	k->ll = attr.link_layer == IBV_LINK_LAYER_ETHERNET ?
			RR_LL_ETHERNET : RR_LL_INFINIBAND;
	return k->ll;
}

/* Device, port and link layer, once the CM has bound the id to them. */
static void collect_device(struct cm_run *run, struct rr_result *r,
			   struct rdma_cm_id *id)
{
	if (!id->verbs)
		return;
	snprintf(r->device, sizeof(r->device), "%s",
		 ibv_get_device_name(id->verbs->device));
	r->port = id->port_num;
	r->link_layer = link_layer(run, id->verbs, id->port_num);
}

static enum rr_gid_type gid_type_of(const struct rr_result *r)
{
	if (r->link_layer == RR_LL_INFINIBAND)
		return RR_GID_IB;
	if (r->link_layer != RR_LL_ETHERNET || !r->num_paths)
		return RR_GID_UNKNOWN;
	/* Only RoCE v2 carries IPv4: an IPv4-mapped GID settles it. */
	if (rr_gid_is_v4mapped(r->paths[0].sgid))
		return RR_GID_ROCE_V2;
	return rr_sysfs_gid_type(r->device, r->port, r->paths[0].sgid);
}

static void copy_path(struct rr_path *out, const struct ibv_sa_path_rec *in)
{
	memcpy(out->dgid, in->dgid.raw, 16);
	memcpy(out->sgid, in->sgid.raw, 16);
	out->dlid = ntohs(in->dlid);
	out->slid = ntohs(in->slid);
	out->raw_traffic = in->raw_traffic;
	out->flow_label = ntohl(in->flow_label);
	out->hop_limit = in->hop_limit;
	out->traffic_class = in->traffic_class;
	out->reversible = in->reversible;
	out->numb_path = in->numb_path;
	out->pkey = ntohs(in->pkey);
	out->sl = in->sl;
	out->mtu_selector = in->mtu_selector;
	out->mtu = in->mtu;
	out->rate_selector = in->rate_selector;
	out->rate = in->rate;
	out->packet_life_time_selector = in->packet_life_time_selector;
	out->packet_life_time = in->packet_life_time;
	out->preference = in->preference;
}

static void collect_route(struct rr_result *r, struct rdma_cm_id *id)
{
	int i, n = id->route.num_paths;

	memcpy(&r->src, &id->route.addr.src_storage, sizeof(r->src));
	r->have_src = true;
	if (n > 0 && id->route.path_rec) {
		r->paths = calloc((size_t)n, sizeof(*r->paths));
		if (r->paths) {
			for (i = 0; i < n; i++)
				copy_path(&r->paths[i], &id->route.path_rec[i]);
			r->num_paths = n;
		}
	}
	r->gid_type = gid_type_of(r);
}

static bool event_waiting(struct cm_run *run)
{
	struct pollfd pfd = { .fd = run->channel->fd, .events = POLLIN };

	return poll(&pfd, 1, 0) > 0;
}

/*
 * Finished probes: route read, id destroyed, the caller told, in that
 * order.  Unless ALL, it stops as soon as an event waits: the work would
 * delay that event's stamp.
 */
static void flush_done(struct cm_run *run, bool all)
{
	const struct rr_cm_params *p = run->p;
	struct probe *pr;

	while ((pr = run->done) && (all || !event_waiting(run))) {
		run->done = pr->next_done;
		if (pr->id) {
			/* What the id learned, read before it goes. */
			collect_device(run, pr->r, pr->id);
			if (pr->r->ok)
				collect_route(pr->r, pr->id);
			rdma_destroy_id(pr->id);
			pr->id = NULL;
		}
		pr->r->done = true;
		if (p->on_done)
			p->on_done(p->ctx, pr->r);
	}
	if (!run->done)
		run->done_tail = &run->done;
}

static void start_route(struct cm_run *run, struct probe *pr)
{
	struct rr_result *r = pr->r;
	double ms = rr_step_ms(r, RR_STEP_RESOLVE_ADDR);

	/*
	 * On an uncached neighbour the kernel reports success only when the
	 * timeout expires (see the man page): flag a success that late.
	 */
	if (ms >= 0.98 * run->p->timeout_ms)
		r->late_success = true;

	rr_step_begin(r, RR_STEP_RESOLVE_ROUTE);
	if (rdma_resolve_route(pr->id, (int)run->p->timeout_ms)) {
		probe_fail_call(pr, RR_STEP_RESOLVE_ROUTE, "rdma_resolve_route",
				errno);
		return;
	}
	pr->state = PROBE_WAIT_ROUTE;
	set_deadline(pr, rr_cm_step_deadline_ms(run->p->timeout_ms));
}

/* Create id, set options, bind: the probe's synchronous start. */
static void probe_create(struct cm_run *run, struct probe *pr)
{
	const struct rr_cm_params *p = run->p;
	struct rr_result *r = pr->r;
	uint8_t tos;

	rr_step_begin(r, RR_STEP_TOTAL);
	r->start_ms = rr_ts_ms(&r->steps[RR_STEP_TOTAL].start, &run->t0);
	r->have_start = true;
	rr_step_begin(r, RR_STEP_CREATE_ID);
	if (rdma_create_id(run->channel, &pr->id, pr, p->ps)) {
		pr->id = NULL;
		probe_fail_call(pr, RR_STEP_CREATE_ID, "rdma_create_id", errno);
		return;
	}
	if (p->tos >= 0) {
		tos = (uint8_t)p->tos;
		if (rdma_set_option(pr->id, RDMA_OPTION_ID, RDMA_OPTION_ID_TOS,
				    &tos, sizeof(tos))) {
			probe_fail_call(pr, RR_STEP_CREATE_ID, "rdma_set_option",
					errno);
			return;
		}
	}
	rr_step_end(r, RR_STEP_CREATE_ID);

	if (p->src) {
		rr_step_begin(r, RR_STEP_BIND_ADDR);
		if (rdma_bind_addr(pr->id, (struct sockaddr *)p->src)) {
			probe_fail_call(pr, RR_STEP_BIND_ADDR, "rdma_bind_addr",
					errno);
			return;
		}
		rr_step_end(r, RR_STEP_BIND_ADDR);
	}
	pr->state = PROBE_CREATED;
}

static void probe_resolve_addr(struct cm_run *run, struct probe *pr)
{
	const struct rr_cm_params *p = run->p;
	struct rr_result *r = pr->r;

	rr_step_begin(r, RR_STEP_RESOLVE_ADDR);
	if (rdma_resolve_addr(pr->id, NULL, (struct sockaddr *)&r->dst,
			      (int)p->timeout_ms)) {
		probe_fail_call(pr, RR_STEP_RESOLVE_ADDR, "rdma_resolve_addr",
				errno);
		return;
	}
	pr->state = PROBE_WAIT_ADDR;
	set_deadline(pr, rr_cm_step_deadline_ms(p->timeout_ms));
}

static enum rr_step waiting_step(const struct probe *pr)
{
	return pr->state == PROBE_WAIT_ADDR ? RR_STEP_RESOLVE_ADDR :
					      RR_STEP_RESOLVE_ROUTE;
}

static const char *waiting_call(const struct probe *pr)
{
	return pr->state == PROBE_WAIT_ADDR ? "rdma_resolve_addr" :
					      "rdma_resolve_route";
}

/* One event for one probe, read (and acked) at E->at. */
static void handle_event(struct cm_run *run, const struct cm_event *e)
{
	struct probe *pr = e->pr;
	struct rr_result *r = pr->r;

	if (pr->state == PROBE_WAIT_ADDR &&
	    e->type == RDMA_CM_EVENT_ADDR_RESOLVED && e->status == 0) {
		rr_step_end_at(r, RR_STEP_RESOLVE_ADDR, &e->at);
		start_route(run, pr);
		return;
	}
	if (pr->state == PROBE_WAIT_ROUTE &&
	    e->type == RDMA_CM_EVENT_ROUTE_RESOLVED && e->status == 0) {
		rr_step_end_at(r, RR_STEP_RESOLVE_ROUTE, &e->at);
		rr_step_end_at(r, RR_STEP_TOTAL, &e->at);
		r->ok = true;
		probe_finish(pr);
		return;
	}
	rr_fail_event(r, waiting_step(pr), waiting_call(pr), e->type,
		      e->status);
	probe_finish(pr);
}

/* Reads what is queued, a batch at a time, then handles the batch. */
static void drain_events(struct cm_run *run)
{
	struct cm_event batch[EVENT_BATCH];
	struct rdma_cm_event *ev;
	int i, n;

	do {
		for (n = 0; n < EVENT_BATCH &&
			    !rdma_get_cm_event(run->channel, &ev); n++) {
			batch[n].pr = ev->id->context;
			batch[n].type = ev->event;
			batch[n].status = ev->status;
			batch[n].at = rr_now();
			/* Ack at once: rdma_destroy_id waits for the acks. */
			rdma_ack_cm_event(ev);
		}
		for (i = 0; i < n; i++)
			if (batch[i].pr->state == PROBE_WAIT_ADDR ||
			    batch[i].pr->state == PROBE_WAIT_ROUTE)
				handle_event(run, &batch[i]);
	} while (n == EVENT_BATCH);
}

static void expire_probes(struct cm_run *run, const struct timespec *now)
{
	unsigned int i;
	struct probe *pr;

	if (rr_ms_until(now, &run->earliest) > 0)
		return;		/* nothing can have expired yet */
	for (i = 0; i < run->num_inflight; i++) {
		pr = run->inflight[i];
		if (pr->state == PROBE_DONE || rr_ms_until(now, &pr->deadline) > 0)
			continue;
		rr_fail_deadline(pr->r, waiting_step(pr), waiting_call(pr));
		probe_finish(pr);
	}
}

/* Drops finished probes from the in-flight list, keeping order. */
static void compact_inflight(struct cm_run *run)
{
	unsigned int i, j = 0;

	if (!run->finished)
		return;
	run->finished = 0;
	for (i = 0; i < run->num_inflight; i++)
		if (run->inflight[i]->state != PROBE_DONE)
			run->inflight[j++] = run->inflight[i];
	run->num_inflight = j;
}

/*
 * Until the next deadline, or the next scheduled start (START); notes the
 * nearest deadline for expire_probes().
 */
static int next_timeout_ms(struct cm_run *run, const struct timespec *start)
{
	const struct timespec *d;
	struct timespec now;
	long best, ms;
	unsigned int i;

	now = rr_now();
	best = start ? rr_ms_until(&now, start) : -1;
	if (best < 0 && start)
		best = 0;
	run->earliest = rr_ts_add_ms(now, 24 * 3600 * 1000);
	for (i = 0; i < run->num_inflight; i++) {
		d = &run->inflight[i]->deadline;
		if (rr_ms_until(d, &run->earliest) > 0)
			run->earliest = *d;
		ms = rr_ms_until(&now, d);
		if (ms < 0)
			ms = 0;
		if (best < 0 || ms < best)
			best = ms;
	}
	/* +1: poll rounds down; wake just after the deadline, not before. */
	return best < 0 ? 0 : (int)best + 1;
}

/*
 * librdmacm reports a device node it may not open as ENOENT; ask the node
 * itself, so that a permission problem is called one.
 */
static int channel_errno(int err)
{
	if (access(RDMA_CM_DEV, F_OK) == 0 && access(RDMA_CM_DEV, R_OK | W_OK))
		return errno;
	return err;
}

static void fail_all(struct rr_result **order, size_t n,
		     const struct rr_cm_params *params, const char *call,
		     int err)
{
	struct rr_result *r;
	size_t i;

	for (i = 0; i < n; i++) {
		r = order[i];
		if (r->have_dst && r->fail.kind == RR_FAIL_NONE) {
			rr_step_begin(r, RR_STEP_TOTAL);
			rr_step_begin(r, RR_STEP_CREATE_ID);
			rr_fail_call(r, RR_STEP_CREATE_ID, call, err, 0);
		}
		r->done = true;
		if (params->on_done)
			params->on_done(params->ctx, r);
	}
}

/* Starts what may start now: room in flight, and its time has come. */
/*
 * Starts what may start now: room in flight, and its time has come.  The
 * ids are all made first, then their resolutions issued back to back, as
 * cmtime does: creating the next id does not delay this one's answer.
 */
static size_t start_due(struct cm_run *run, struct probe *probes,
			size_t next, size_t n)
{
	unsigned int first = run->num_inflight, i;
	struct timespec now;
	struct probe *pr;

	now = rr_now();
	while (run->num_inflight < run->p->parallel && next < n) {
		pr = &probes[next];
		if (rr_ms_until(&now, &pr->deadline) > 0)
			break;		/* not yet: deadline holds its start */
		next++;
		if (!pr->r->have_dst || pr->r->fail.kind != RR_FAIL_NONE) {
			probe_finish(pr);	/* failed before us (lookup) */
			continue;
		}
		probe_create(run, pr);
		if (pr->state != PROBE_DONE)
			run->inflight[run->num_inflight++] = pr;
	}
	for (i = first; i < run->num_inflight; i++)
		probe_resolve_addr(run, run->inflight[i]);
	return next;
}

static void run_loop(struct cm_run *run, struct probe *probes, size_t n)
{
	struct pollfd pfd = { .fd = run->channel->fd, .events = POLLIN };
	const struct timespec *start;
	struct timespec now;
	size_t next = 0;
	int timeout;

	for (;;) {
		next = start_due(run, probes, next, n);
		if (!run->num_inflight && next >= n)
			break;
		/* Wake for the next start only if there is room for it. */
		start = next < n && run->num_inflight < run->p->parallel ?
				&probes[next].deadline : NULL;
		timeout = next_timeout_ms(run, start);
		if (poll(&pfd, 1, timeout) > 0)
			drain_events(run);
		now = rr_now();
		expire_probes(run, &now);
		compact_inflight(run);
		flush_done(run, false);
	}
	flush_done(run, true);
}

void rr_cm_resolve(struct rr_result **order, size_t n,
		   const struct rr_cm_params *params)
{
	struct cm_run run = { .p = params };
	struct probe *probes = NULL;
	size_t i;
	int flags;

	run.channel = rdma_create_event_channel();
	if (!run.channel) {
		fail_all(order, n, params, "rdma_create_event_channel",
			 channel_errno(errno));
		return;
	}
	flags = fcntl(run.channel->fd, F_GETFL);
	if (flags < 0 || fcntl(run.channel->fd, F_SETFL, flags | O_NONBLOCK)) {
		fail_all(order, n, params, "fcntl", errno);
		goto out;
	}
	probes = calloc(n, sizeof(*probes));
	run.inflight = calloc(params->parallel, sizeof(*run.inflight));
	if (!probes || !run.inflight) {
		fail_all(order, n, params, "calloc", ENOMEM);
		goto out;
	}
	/* Until a probe starts, its deadline is the time it may start. */
	run.t0 = rr_now();
	run.done_tail = &run.done;
	for (i = 0; i < n; i++) {
		probes[i].r = order[i];
		probes[i].run = &run;
		probes[i].deadline = rr_ts_add_ms(run.t0, order[i]->start_offset_ms);
	}

	run_loop(&run, probes, n);
	rr_sysfs_gid_forget();
out:
	free(run.inflight);
	free(probes);
	rdma_destroy_event_channel(run.channel);
}
