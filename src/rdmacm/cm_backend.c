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

#include "base/clock.h"
#include "base/sockaddr.h"
#include "backends/backend_ops.h"
#include "rdmacm/cm_collect.h"
#include "rdmacm/cm_data.h"
#include "rdmacm/cm_evidence.h"
#include "rdmacm/cm_gather.h"
#include "rdmacm/cm_listener.h"
#include "model/probe/decide_connect.h"
#include "model/probe/decode.h"
#include "host/rdma_libs.h"
#include "host/udp_probe.h"

#define RDMA_CM_DEV "/dev/infiniband/rdma_cm"

/*
 * The rdma_cm backend: the steps the step table gives it, for every
 * destination, asynchronously on one event channel.
 */

enum probe_state {
	PROBE_IDLE,
	PROBE_CREATED,		/* id made (and bound), its first wait next */
	PROBE_WAITING,		/* for the event that ends probe->waiting */
	PROBE_HELD,		/* up, its disconnect held (hold_disconnect()) */
	PROBE_DONE,
};

#define MAX_KNOWN_PORTS 16
/*
 * Probes gathering evidence at once, each with up to RR_IP_EV_FDS
 * descriptors: beyond them a request's failure goes without (and says so).
 */
#define MAX_GATHERING 64

struct rr_cm;

struct probe {
	struct rr_result *r;
	struct rr_cm *cm;
	struct rdma_cm_id *id;
	enum probe_state state;
	enum rr_step waiting;		/* PROBE_WAITING: in this step */
	const char *call;		/* the call of the step, as it failed */
	/* --connect: what a connection needs, made by the create qp step. */
	struct ibv_pd *pd;
	struct ibv_cq *cq;
	struct ibv_qp *qp;
	struct rr_cm_data data;		/* --data: the messages' buffer */
	/*
	 * RoCE: a connection request still unanswered after a while has its
	 * evidence gathered (gather_at_deadline: deadline is when,
	 * step_deadline the step's own): the peer asked now, at the IP level,
	 * by its RDMA CM and its witness, which tells the causes apart if
	 * the request fails (rdmacm/cm_gather.h).
	 */
	struct rr_cm_gather *gather;	/* NULL: none under way */
	bool gather_at_deadline;
	/*
	 * --data: its transfer waits for the one in flight (data_queued),
	 * since when, and how many had started before it asked.
	 */
	bool data_queued;
	struct timespec queued_at;
	unsigned long data_ticket;
	/* --data: an echo late by then has the peer poked (cm_data.h). */
	bool poke_at_deadline;
	struct timespec step_deadline;
	struct timespec deadline;
	/* PROBE_HELD: since when, and the step its disconnect comes after. */
	struct timespec held_at;
	enum rr_step held_after;
	/*
	 * Its RTU sent and its DREQ not yet: the connection is up.  A probe
	 * that fails so disconnects before it ends (closing: close_failed()).
	 */
	bool connected, closing;
	struct probe *next_done;	/* on cm->done, to clean up */
};

struct rr_cm {
	const struct rr_backend_params *p;
	struct timespec t0;		/* start_offset_ms counts from here */
	struct rdma_event_channel *channel;
	/*
	 * --data: one probe's transfer at a time (data_owner), the others
	 * waiting in order in a ring of --parallel: probes of one run never
	 * crowd the wire for each other, so a message lost is the path's
	 * doing, not theirs.  data_started counts the transfers started.
	 */
	struct probe *data_owner;
	struct probe **data_wait;
	unsigned int data_head, data_len;
	unsigned long data_started;
	/* The evidence's requests, on a channel of their own (made at need). */
	struct rdma_event_channel *ev_channel;
	unsigned int gathering;		/* probes with evidence under way */
	int wake_fd;			/* cm_wake_on(); -1 none */
	/*
	 * The poll set: channel, wake_fd, ev_channel, each transfer's CQ
	 * channel and each gathering's sockets.
	 */
	struct pollfd *pfd;
	struct probe **pfd_probe;
	struct probe **inflight;	/* at most p->parallel */
	unsigned int num_inflight;
	/* Finished, their routes not read nor the caller told yet. */
	struct probe *done, **done_tail;
	/* Ids of results handed over, to destroy (destroy_finished()). */
	struct rdma_cm_id **graves;
	unsigned int num_graves;
	/* Link layers of the ports seen so far. */
	struct known_port {
		struct ibv_context *verbs;
		uint8_t port;
		enum rr_link_layer ll;
		double rate_gbps;
	} known[MAX_KNOWN_PORTS];
	unsigned int num_known;
	unsigned int finished;		/* since the in-flight list was compacted */
	struct timespec earliest;	/* the nearest deadline in flight */
	/*
	 * A pool of CAP probes: free ones on a stack, added ones waiting
	 * their start in a ring, in start order.  A probe goes back to the
	 * pool once its result is handed over: memory is what is in flight.
	 */
	struct probe *pool;
	struct probe **free_probes;
	unsigned int num_free, cap;
	struct probe **pending;
	unsigned int pending_head, num_pending;
	bool no_more;			/* the caller has nothing more to add */
	/* A failure of the set-up: every result fails with it. */
	const char *setup_call;
	int setup_err;
	enum rr_cause setup_cause;	/* RR_CAUSE_NONE: from call and err */
	const char *setup_detail;
};

/* Events read in one go, each stamped when read, before any is handled. */
#define EVENT_BATCH 64

struct cm_event {
	struct probe *pr;
	const struct rdma_cm_id *id;	/* to compare only: it may be gone */
	enum rdma_cm_event_type type;
	int status;
	unsigned int private_len;	/* a reject's private data */
	/* A REP's: what an rdma-route --listen says of itself. */
	uint8_t private_data[RR_PEER_REP_LEN];
	struct timespec at;
};

/*
 * The tool's own deadline for one step: the kernel's timeout plus a grace,
 * so that a kernel that never answers cannot hang us.
 */
static unsigned int step_deadline_ms(unsigned int timeout_ms)
{
	unsigned int grace = timeout_ms / 2;

	return timeout_ms + (grace > 1000 ? grace : 1000);
}

/* MS after FROM, the start of the step waited for. */
static void set_deadline(struct probe *pr, const struct timespec *from,
			 unsigned int ms)
{
	pr->deadline = rr_ts_add_ms(*from, ms);
}

/*
 * Ends a probe.  Reading its route, destroying its id and telling the
 * caller wait for flush_done(): none may delay other probes' events.
 */
static void release_data(struct rr_cm *cm, struct probe *pr);

/*
 * A probe that failed with its connection up (its transfer did): its
 * DREQ goes now, and it ends at the DREP or after a disconnect's wait,
 * its failure as it was, so that the peer lets go of what it keeps for
 * the connection (a listener's echo buffer and slot) before this probe's
 * place is taken by the next.  Left to the id's destruction, the DREQ
 * waited for other probes' ends (destroy_finished()), and a loop of
 * failing probes filled the listener it tested.  False: nothing to wait
 * for, the probe ends now.
 */
static bool close_failed(struct probe *pr)
{
	struct timespec now;

	if (!pr->connected)
		return false;
	pr->connected = false;
	if (rr_dl.rdma_disconnect(pr->id))
		return false;
	pr->closing = true;
	pr->state = PROBE_WAITING;
	pr->waiting = RR_STEP_DISCONNECT;
	pr->gather_at_deadline = false;
	pr->poke_at_deadline = false;
	now = rr_now();
	set_deadline(pr, &now, rr_disconnect_wait_ms(pr->cm->p->timeout_ms));
	return true;
}

static void probe_finish(struct probe *pr)
{
	struct rr_cm *cm = pr->cm;

	release_data(cm, pr);
	if (!pr->r->out.ok && close_failed(pr))
		return;
	pr->closing = false;
	pr->state = PROBE_DONE;
	cm->finished++;
	pr->next_done = NULL;
	*cm->done_tail = pr;
	cm->done_tail = &pr->next_done;
}


static void probe_fail_call(struct probe *pr, enum rr_step step,
			    const char *call, int err)
{
	rr_fail_call(&pr->r->out, step, call, err, 0);
	probe_finish(pr);
}

/* A port's link layer and rate, asked of the device once per run. */
static const struct known_port *port_of(struct rr_cm *cm,
					struct ibv_context *verbs, uint8_t port)
{
	struct ibv_port_attr attr;
	struct known_port *k;
	unsigned int i;

	for (i = 0; i < cm->num_known; i++)
		if (cm->known[i].verbs == verbs && cm->known[i].port == port)
			return &cm->known[i];
	if (cm->num_known == MAX_KNOWN_PORTS)
		cm->num_known = 0;	/* a rare host: start over */
	k = &cm->known[cm->num_known++];
	memset(k, 0, sizeof(*k));
	k->verbs = verbs;
	k->port = port;
	if (!rr_dl_query_port(verbs, port, &attr)) {
		k->ll = attr.link_layer == IBV_LINK_LAYER_ETHERNET ?
				RR_LL_ETHERNET : RR_LL_INFINIBAND;
		k->rate_gbps = rr_port_rate_gbps(attr.active_speed,
						 attr.active_width);
	}
	if (verbs->device->transport_type == IBV_TRANSPORT_IWARP)
		k->ll = RR_LL_IWARP;
	return k;
}

/* The port spaces' numbers, as base/port_space.c has them. */
_Static_assert(RDMA_PS_TCP == 0x0106 && RDMA_PS_UDP == 0x0111 &&
	       RDMA_PS_IB == 0x013f, "rdma_cma.h's RDMA_PS_* moved");

/*
 * What the id learned, read before it goes: the port the CM bound it to
 * (with its RoCE defaults and GID table) and, resolved, the route.
 */
static void collect(struct rr_cm *cm, struct rr_result *r,
		    struct rdma_cm_id *id)
{
	const struct known_port *k;
	struct rr_cm_port port = { 0 };
	struct rr_cm_asked asked = {
		.tos = cm->p->tos,
		.port_space = rr_ps_key(cm->p->ps),
	};

	if (!id->verbs)
		return;
	k = port_of(cm, id->verbs, id->port_num);
	port.device = rr_dl.ibv_get_device_name(id->verbs->device);
	port.port = id->port_num;
	port.ll = k->ll;
	port.rate_gbps = k->rate_gbps;
	if (k->ll == RR_LL_ETHERNET)
		port.defaults = rr_host_cm_defaults(cm->p->host, port.device,
						    port.port);
	rr_cm_collect_port(r, &port, &asked);
	if (!rr_result_routed(r))
		return;
	if (k->ll == RR_LL_ETHERNET || k->ll == RR_LL_INFINIBAND)
		port.gids = rr_gid_table_via(rr_host_gids(cm->p->host),
					     id->verbs, port.device, port.port,
					     &port.num_gids);
	rr_cm_collect_route(r, &id->route, &port);
}

static bool event_waiting(struct rr_cm *cm)
{
	struct pollfd pfd = { .fd = cm->channel->fd, .events = POLLIN };

	return poll(&pfd, 1, 0) > 0;
}

/* PR's result handed over on DONE; PR back in the pool. */
static void hand_over(struct rr_cm *cm, struct probe *pr,
		      struct rr_queue *done)
{
	pr->r->out.complete = true;
	rr_queue_push(done, pr->r);
	pr->r = NULL;
	cm->free_probes[cm->num_free++] = pr;
}

/* Evidence under way let go unread: the request was answered after all. */
static void drop_gather(struct probe *pr)
{
	struct timespec now = rr_now();
	struct rr_peer_facts *peer;

	if (!pr->gather)
		return;
	rr_cm_gather_end(pr->gather, &now, &peer);
	free(peer);
	pr->gather = NULL;
	pr->cm->gathering--;
	memset(&pr->r->out.evidence, 0, sizeof(pr->r->out.evidence));
}

/* What --connect made for PR, let go before its id. */
static void release_qp(struct probe *pr)
{
	if (pr->r)
		drop_gather(pr);
	if (pr->qp)
		rr_dl.ibv_destroy_qp(pr->qp);
	if (pr->cq)
		rr_dl.ibv_destroy_cq(pr->cq);
	rr_cm_data_close(&pr->data);
	if (pr->pd)
		rr_dl.ibv_dealloc_pd(pr->pd);
	pr->qp = NULL;
	pr->cq = NULL;
	pr->pd = NULL;
}

/* ID's result is read: the id waits for destroy_finished(). */
static void bury(struct rr_cm *cm, struct rdma_cm_id *id)
{
	if (cm->num_graves == cm->cap)
		rr_dl.rdma_destroy_id(cm->graves[--cm->num_graves]);
	cm->graves[cm->num_graves++] = id;
}

/*
 * Destroys the ids of finished probes once nothing is in flight, or,
 * between events, when as many wait as may be in flight: the kernel holds
 * at most twice --parallel ids.  rdma_destroy_id() is a system call like
 * the others, and made while probes resolve it delayed them (cmtime, too,
 * destroys its ids after its timed phases).
 */
static void destroy_finished(struct rr_cm *cm)
{
	while (cm->num_graves &&
	       (!cm->num_inflight ||
		(cm->num_graves >= cm->p->parallel && !event_waiting(cm))))
		rr_dl.rdma_destroy_id(cm->graves[--cm->num_graves]);
}

/* The datagram's answer, as the udp_4791 field has always said it. */
static enum rr_udp_answer udp_of(const struct rr_evidence *e)
{
	switch (e->answer) {
	case RR_EVA_REFUSED:
		return RR_UDP_PORT_UNREACHABLE;
	case RR_EVA_UNREACHABLE:
		return RR_UDP_HOST_UNREACHABLE;
	case RR_EVA_NO_ANSWER:
		return RR_UDP_NO_ANSWER;
	case RR_EVA_NOT_ASKED:
		return RR_UDP_NOT_SENT;
	default:
		return RR_UDP_OTHER_ERROR;
	}
}

/*
 * A connection request that got no answer: its evidence closed at the
 * failure (what is pending has no answer), the peer's facts kept, the
 * cause decided from them (explain decides again, knowing this side's
 * VLAN).  Evidence of a request answered after all is let go.
 */
static void end_gather(struct probe *pr)
{
	struct rr_result *r = pr->r;
	struct timespec now = rr_now();
	struct rr_peer_facts *peer;

	if (!pr->gather)
		return;
	if (r->out.ok || !rr_fail_unanswered(&r->out.fail)) {
		drop_gather(pr);
		return;
	}
	rr_cm_gather_end(pr->gather, &now, &peer);
	pr->gather = NULL;
	pr->cm->gathering--;
	free(r->out.peer);
	r->out.peer = peer;
	r->out.udp_4791 = udp_of(&r->out.evidence.ev[RR_EV_UDP]);
	rr_decide_connect(r, RR_VLAN_UNKNOWN);
}

/*
 * Finished probes: route read, the result handed over on DONE, the id
 * left for destroy_finished().  Unless ALL, it stops as soon as an event
 * waits: the work would delay that event's stamp.
 */
static void flush_done(struct rr_cm *cm, bool all, struct rr_queue *done)
{
	struct probe *pr;

	while ((pr = cm->done) && (all || !event_waiting(cm))) {
		cm->done = pr->next_done;
		if (pr->id) {
			collect(cm, pr->r, pr->id);
			end_gather(pr);
			release_qp(pr);
			bury(cm, pr->id);
			pr->id = NULL;
		}
		hand_over(cm, pr, done);
	}
	if (!cm->done)
		cm->done_tail = &cm->done;
}

/* Create id, set options, bind: the probe's synchronous start. */
static void probe_create(struct rr_cm *cm, struct probe *pr)
{
	const struct rr_backend_params *p = cm->p;
	struct rr_result *r = pr->r;
	struct timespec now = rr_now();
	uint8_t tos;

	/* Steps that meet share one clock read (see rr_step_begin_at). */
	rr_step_begin_at(&r->out, RR_STEP_TOTAL, &now);
	r->out.timeout_ms = p->timeout_ms;
	r->out.start_ms = rr_ts_ms(&now, &cm->t0);
	r->out.have_start = true;
	rr_step_begin_at(&r->out, RR_STEP_CREATE_ID, &now);
	if (rr_dl.rdma_create_id(cm->channel, &pr->id, pr,
				 (enum rdma_port_space)rr_ps_number(p->ps))) {
		pr->id = NULL;
		probe_fail_call(pr, RR_STEP_CREATE_ID, "rdma_create_id", errno);
		return;
	}
	if (p->tos >= 0) {
		tos = (uint8_t)p->tos;
		if (rr_dl.rdma_set_option(pr->id, RDMA_OPTION_ID,
					  RDMA_OPTION_ID_TOS, &tos,
					  sizeof(tos))) {
			probe_fail_call(pr, RR_STEP_CREATE_ID, "rdma_set_option",
					errno);
			return;
		}
	}
	now = rr_now();
	rr_step_end_at(&r->out, RR_STEP_CREATE_ID, &now);

	if (p->src) {
		rr_step_begin_at(&r->out, RR_STEP_BIND_ADDR, &now);
		if (rr_dl.rdma_bind_addr(pr->id, (struct sockaddr *)p->src)) {
			probe_fail_call(pr, RR_STEP_BIND_ADDR, "rdma_bind_addr",
					errno);
			return;
		}
		rr_step_end(&r->out, RR_STEP_BIND_ADDR);
	}
	pr->state = PROBE_CREATED;
}

/* The step table's events are librdmacm's (base/steps.h). */
_Static_assert((int)RR_CM_EV_ADDR_RESOLVED == (int)RDMA_CM_EVENT_ADDR_RESOLVED &&
	       (int)RR_CM_EV_ROUTE_RESOLVED == (int)RDMA_CM_EVENT_ROUTE_RESOLVED &&
	       (int)RR_CM_EV_CONNECT_RESPONSE == (int)RDMA_CM_EVENT_CONNECT_RESPONSE &&
	       (int)RR_CM_EV_ESTABLISHED == (int)RDMA_CM_EVENT_ESTABLISHED &&
	       (int)RR_CM_EV_DISCONNECTED == (int)RDMA_CM_EVENT_DISCONNECTED,
	       "base/steps.h's rdma_cm event numbers moved");

/* Resolve route begins: a resolve addr that came late is flagged. */
static void before_route(struct rr_cm *cm, struct rr_result *r)
{
	double ms = rr_step_ms(&r->out, RR_STEP_RESOLVE_ADDR);

	/*
	 * On an uncached neighbour the kernel reports success only when the
	 * timeout expires (see the man page): flag a success that late.
	 */
	if (ms >= 0.98 * cm->p->timeout_ms)
		r->out.late_success = true;
}

/* The destination, with --connect's port: the id keeps it from here. */
static int resolve_addr(struct rr_cm *cm, struct probe *pr)
{
	struct sockaddr_storage dst = pr->r->probe.dst;

	if (cm->p->connect_port && dst.ss_family == AF_INET)
		((struct sockaddr_in *)&dst)->sin_port = htons(cm->p->connect_port);
	else if (cm->p->connect_port && dst.ss_family == AF_INET6)
		((struct sockaddr_in6 *)&dst)->sin6_port = htons(cm->p->connect_port);
	return rr_dl.rdma_resolve_addr(pr->id, NULL, (struct sockaddr *)&dst,
				       (int)cm->p->timeout_ms);
}

/*
 * QP to STATE, with what the CM says of the connection, and RNR_RETRY
 * (RTS; -1: as the CM says); 0 or -1.
 */
static int qp_to(struct probe *pr, enum ibv_qp_state state, int rnr_retry)
{
	struct ibv_qp_attr attr = { .qp_state = state };
	int mask = 0;

	pr->call = "rdma_init_qp_attr";
	if (rr_dl.rdma_init_qp_attr(pr->id, &attr, &mask))
		return -1;
	if (rnr_retry >= 0 && (mask & IBV_QP_RNR_RETRY))
		attr.rnr_retry = (uint8_t)rnr_retry;
	pr->call = "ibv_modify_qp";
	errno = rr_dl.ibv_modify_qp(pr->qp, &attr, mask);
	return errno ? -1 : 0;
}

/*
 * --data: the messages' sizes, now that the path MTU is known, and a
 * buffer for the largest, registered; a completion channel for the CQ.
 */
static int open_data(struct probe *pr)
{
	struct rr_transfer *t = &pr->r->out.transfer;
	const struct rr_cm *cm = pr->cm;
	uint32_t mtu = 0;

	if (pr->id->route.num_paths > 0 && pr->id->route.path_rec)
		mtu = rr_mtu_bytes(pr->id->route.path_rec->mtu);
	rr_transfer_plan(t, cm->p->data, mtu);
	return rr_cm_data_open(&pr->data, pr->id->verbs, pr->pd,
			       rr_transfer_max(t), &pr->call);
}

/*
 * A protection domain, a completion queue and an RC QP on the id's
 * device, in INIT.  The QP stays the probe's, not the id's: then the CM
 * reports the REP (CONNECT_RESPONSE) rather than answering it itself,
 * and connect and establish are timed apart.
 */
static int create_qp(struct rr_cm *cm, struct probe *pr)
{
	struct ibv_qp_init_attr attr = {
		.cap = { .max_send_wr = 2, .max_recv_wr = 1,
			 .max_send_sge = 1, .max_recv_sge = 1 },
		.qp_type = IBV_QPT_RC,
	};

	pr->call = "ibv_alloc_pd";
	pr->pd = rr_dl.ibv_alloc_pd(pr->id->verbs);
	if (!pr->pd)
		return -1;
	if (cm->p->data && open_data(pr))
		return -1;
	pr->call = "ibv_create_cq";
	pr->cq = rr_dl.ibv_create_cq(pr->id->verbs, 4, NULL,
				     pr->data.channel, 0);
	if (!pr->cq)
		return -1;
	attr.send_cq = attr.recv_cq = pr->cq;
	pr->call = "ibv_create_qp";
	pr->qp = rr_dl.ibv_create_qp(pr->pd, &attr);
	if (!pr->qp)
		return -1;
	return qp_to(pr, IBV_QPS_INIT, -1);
}

/*
 * How long the listener should keep a probe's connection: its transfer
 * may wait for others' first, until the step's deadline, then disconnect.
 */
static uint32_t data_hold_ms(const struct rr_cm *cm)
{
	return step_deadline_ms(cm->p->timeout_ms) +
	       rr_disconnect_wait_ms(cm->p->timeout_ms) + 1000;
}

/*
 * REQ out: an RC connection, or a SIDR request (--ps udp).  With --data
 * it asks the listener to echo (private data) and gives the QP an ACK
 * timeout by which RC gives up on a lost packet within the deadline.
 */
static int connect_id(struct rr_cm *cm, struct probe *pr)
{
	uint8_t req[RR_DATA_REQ_LEN], ack_timeout;
	struct rdma_conn_param param = {
		.responder_resources = 1,
		.initiator_depth = 1,
		.retry_count = 7,
		.rnr_retry_count = 7,
		.qp_num = pr->qp ? pr->qp->qp_num : 0,
	};

	if (cm->p->data) {
		/* rxe retries for ever at 7, as the spec says of RNR only. */
		param.retry_count = 6;
		/*
		 * From the step's deadline, not --timeout: a small --timeout
		 * (50 ms) gave an ACK timeout of a millisecond, which a busy
		 * wire outlasts eight times over without losing a packet.
		 */
		ack_timeout = rr_data_ack_timeout(step_deadline_ms(cm->p->timeout_ms));
		pr->call = "rdma_set_option";
		if (rr_dl.rdma_set_option(pr->id, RDMA_OPTION_ID,
					  RDMA_OPTION_ID_ACK_TIMEOUT,
					  &ack_timeout, sizeof(ack_timeout)))
			return -1;
		rr_data_req_make(req, rr_transfer_max(&pr->r->out.transfer),
				 data_hold_ms(cm));
		param.private_data = req;
		param.private_data_len = sizeof(req);
	}
	pr->call = "rdma_connect";
	return rr_dl.rdma_connect(pr->id, &param);
}

/*
 * The next message of --data out: the first after those that came back.
 * If its echo is late by the time a connection request would send its
 * UDP datagram, the peer is poked (once a probe); the step's own
 * deadline stays in step_deadline.
 */
static int send_message(struct probe *pr, bool arm)
{
	const struct rr_transfer *t = &pr->r->out.transfer;

	return rr_cm_data_send(&pr->data, pr->qp, pr->cq, t->size[t->passed],
			       arm, &pr->call);
}

/* After send_message(), with the step's deadline set: when to poke. */
static void arm_poke(struct probe *pr)
{
	struct timespec at;

	if (pr->data.poked)
		return;
	if (!pr->poke_at_deadline)
		pr->step_deadline = pr->deadline;
	at = rr_ts_add_ms(pr->data.start,
			  rr_udp_probe_after_ms(pr->cm->p->timeout_ms));
	pr->deadline = rr_ts_before(&at, &pr->step_deadline) ?
			       at : pr->step_deadline;
	pr->poke_at_deadline = true;
}

/* The echo is late: the peer poked if the message was acknowledged. */
static void poke(struct probe *pr)
{
	const char *call;

	pr->poke_at_deadline = false;
	pr->deadline = pr->step_deadline;
	if (pr->data.sent && !pr->data.echoed)
		rr_cm_data_poke(&pr->data, pr->qp, &call);
}

/*
 * REP in: the QP to RTR and RTS, then the RTU out.  With --data, a peer
 * that posts no receive (not an rdma-route --listen) is retried once
 * only: its RNR NAKs end the message well within the deadline (the REP's
 * count is the peer's to choose, 7 often: for ever).
 */
static int establish(struct rr_cm *cm, struct probe *pr)
{
	if (qp_to(pr, IBV_QPS_RTR, -1) ||
	    qp_to(pr, IBV_QPS_RTS, cm->p->data ? 1 : -1))
		return -1;
	pr->call = "rdma_establish";
	return rr_dl.rdma_establish(pr->id);
}

/* What the peer's REP said, for a failure's verdict. */
static void peer_into_transfer(struct rr_result *r)
{
	const struct rr_peer_facts *f = r->out.peer;
	struct rr_transfer *t = &r->out.transfer;

	if (!f)
		return;
	t->peer_echo_max = f->echo_max;
	t->peer_active_mtu = f->active_mtu;
	t->peer_netdev_mtu = f->netdev_mtu;
	snprintf(t->peer_netdev, sizeof(t->peer_netdev), "%s", f->gid.netdev);
}

/* PR's transfer goes now: it holds the run's data until it ends. */
static int own_data(struct rr_cm *cm, struct probe *pr)
{
	cm->data_owner = pr;
	cm->data_started++;
	return send_message(pr, true);
}

/*
 * The transfer step begins: its first message goes, or, while another
 * probe's transfer is in flight, it waits its turn (the step's clock runs:
 * its deadline bounds the wait too).
 */
static int begin_transfer(struct rr_cm *cm, struct probe *pr)
{
	peer_into_transfer(pr->r);
	if (!cm->data_owner || cm->data_owner == pr)
		return own_data(cm, pr);
	pr->data_queued = true;
	pr->queued_at = rr_now();
	pr->data_ticket = cm->data_started;
	cm->data_wait[(cm->data_head + cm->data_len++) % cm->p->parallel] = pr;
	return 0;
}

/* What its wait cost a transfer that waited: for its verdict. */
static void note_wait(struct rr_cm *cm, struct probe *pr,
		      const struct timespec *now)
{
	struct rr_transfer *t = &pr->r->out.transfer;
	int64_t ns = rr_ts_ns(now) - rr_ts_ns(&pr->queued_at);

	t->waited_ms = (double)ns / 1e6;
	t->behind = (unsigned int)(cm->data_started - pr->data_ticket + 1);
	/* Not the probe's own time: left out of its total. */
	pr->r->out.steps[RR_STEP_TOTAL].held_ns += ns;
}

/* PR out of the waiting ring, if it is in it. */
static void unqueue(struct rr_cm *cm, struct probe *pr)
{
	unsigned int i, j = 0, n = cm->p->parallel;
	struct probe *q;

	if (!pr->data_queued)
		return;
	pr->data_queued = false;
	for (i = 0; i < cm->data_len; i++) {
		q = cm->data_wait[(cm->data_head + i) % n];
		if (q != pr)
			cm->data_wait[(cm->data_head + j++) % n] = q;
	}
	cm->data_len = j;
}

/* PR's transfer over (or PR gone): the next may go (start_next_data). */
static void release_data(struct rr_cm *cm, struct probe *pr)
{
	if (pr->data_queued) {
		struct timespec now = rr_now();

		note_wait(cm, pr, &now);
		unqueue(cm, pr);
	}
	if (cm->data_owner == pr)
		cm->data_owner = NULL;
}

static void arm_poke(struct probe *pr);

/* The run's data free: the transfer that waited longest goes. */
static void start_next_data(struct rr_cm *cm)
{
	struct timespec now;
	struct probe *pr;

	while (!cm->data_owner && cm->data_len) {
		pr = cm->data_wait[cm->data_head];
		cm->data_head = (cm->data_head + 1) % cm->p->parallel;
		cm->data_len--;
		pr->data_queued = false;
		now = rr_now();
		note_wait(cm, pr, &now);
		if (own_data(cm, pr)) {
			probe_fail_call(pr, RR_STEP_TRANSFER, pr->call, errno);
			continue;
		}
		arm_poke(pr);
	}
}

/*
 * The call (or calls) that start STEP; 0, or -1 with errno and the call
 * that failed in pr->call.  A new step is one case here.
 */
static int issue(struct rr_cm *cm, struct probe *pr, enum rr_step step)
{
	pr->call = rr_step_info(step)->call;
	switch (step) {
	case RR_STEP_RESOLVE_ADDR:
		return resolve_addr(cm, pr);
	case RR_STEP_RESOLVE_ROUTE:
		before_route(cm, pr->r);
		return rr_dl.rdma_resolve_route(pr->id, (int)cm->p->timeout_ms);
	case RR_STEP_CREATE_QP:
		return create_qp(cm, pr);
	case RR_STEP_CONNECT:
		pr->r->out.connect_port = (uint16_t)cm->p->connect_port;
		return connect_id(cm, pr);
	case RR_STEP_ESTABLISH:
		if (establish(cm, pr))
			return -1;
		pr->connected = true;
		return 0;
	case RR_STEP_TRANSFER:
		return begin_transfer(cm, pr);
	case RR_STEP_DISCONNECT:
		pr->connected = false;
		return rr_dl.rdma_disconnect(pr->id);
	default:
		errno = ENOSYS;
		return -1;
	}
}

/*
 * Whether this run's probes take STEP after the id is made (create id
 * and bind addr are probe_create()'s).  A datagram connect (--ps udp) is
 * SIDR: no QP of ours, no RTU, nothing to disconnect.
 */
static bool takes(const struct rr_cm *cm, enum rr_step step)
{
	if (step == RR_STEP_CREATE_ID || step == RR_STEP_BIND_ADDR)
		return false;
	if (cm->p->ps == RR_PS_UDP)
		return step != RR_STEP_CREATE_QP && step != RR_STEP_ESTABLISH &&
		       step != RR_STEP_TRANSFER && step != RR_STEP_DISCONNECT;
	return true;
}

static enum rr_step next_step(const struct rr_cm *cm, enum rr_step after)
{
	unsigned int by = RR_BY(RR_BY_CM);

	if (cm->p->connect_port)
		by |= RR_BY(RR_BY_CONNECT);
	if (cm->p->connect_port && cm->p->data)
		by |= RR_BY(RR_BY_DATA);
	do
		after = rr_step_next(after, by);
	while (after < RR_STEP_COUNT && !takes(cm, after));
	return after;
}

/* The event that ends STEP: SIDR's REP comes as ESTABLISHED. */
static enum rr_cm_event awaited(const struct rr_cm *cm, enum rr_step step)
{
	if (step == RR_STEP_CONNECT && cm->p->ps == RR_PS_UDP)
		return RR_CM_EV_ESTABLISHED;
	return rr_step_info(step)->ends_on;
}

/* Whether PR's id is bound to an Ethernet port: RoCE. */
static bool on_ethernet(struct rr_cm *cm, struct probe *pr)
{
	return pr->id && pr->id->verbs &&
	       port_of(cm, pr->id->verbs, pr->id->port_num)->ll == RR_LL_ETHERNET;
}

/* The channel of the evidence's requests, made at its first need. */
static struct rdma_event_channel *ev_channel(struct rr_cm *cm)
{
	int flags;

	if (cm->ev_channel)
		return cm->ev_channel;
	cm->ev_channel = rr_dl.rdma_create_event_channel();
	if (!cm->ev_channel)
		return NULL;
	flags = fcntl(cm->ev_channel->fd, F_GETFL);
	if (flags < 0 || fcntl(cm->ev_channel->fd, F_SETFL, flags | O_NONBLOCK)) {
		rr_dl.rdma_destroy_event_channel(cm->ev_channel);
		cm->ev_channel = NULL;
	}
	return cm->ev_channel;
}

/* The ToS the request went out with: --tos, or the port's default. */
static int used_tos(struct rr_cm *cm, struct probe *pr)
{
	const struct rr_cm_defaults *d;

	if (cm->p->tos >= 0)
		return cm->p->tos;
	if (!pr->id->verbs)
		return 0;
	d = rr_host_cm_defaults(cm->p->host,
				rr_dl.ibv_get_device_name(pr->id->verbs->device),
				pr->id->port_num);
	return d ? d->tos : 0;
}

/*
 * The connection request has had no answer for a while: its evidence is
 * gathered from now until the step's own deadline, from the id's source.
 * Past MAX_GATHERING at once, or without memory, the failure goes
 * without it.
 */
static void start_gather(struct rr_cm *cm, struct probe *pr)
{
	struct sockaddr_storage src = { 0 };
	const struct sockaddr *s = rdma_get_local_addr(pr->id);
	struct rr_gather_params gp;
	struct timespec now = rr_now();

	pr->gather_at_deadline = false;
	pr->deadline = pr->step_deadline;
	if (cm->gathering >= MAX_GATHERING || !ev_channel(cm))
		return;
	if (s && (s->sa_family == AF_INET || s->sa_family == AF_INET6))
		memcpy(&src, s, s->sa_family == AF_INET6 ?
		       sizeof(struct sockaddr_in6) : sizeof(struct sockaddr_in));
	gp = (struct rr_gather_params){
		.host = cm->p->host,
		.channel = cm->ev_channel,
		.dst = &pr->r->probe.dst,
		.src = src.ss_family ? &src : NULL,
		.port = (uint16_t)cm->p->connect_port,
		.tos = cm->p->tos,
		.used_tos = used_tos(cm, pr),
		.timeout_ms = cm->p->timeout_ms,
		.start = now,
		.deadline = pr->step_deadline,
		.set = &pr->r->out.evidence,
	};
	pr->gather = rr_cm_gather_start(&gp);
	if (pr->gather)
		cm->gathering++;
}

/*
 * Whether a probe in flight, other than PR, is still short of its
 * disconnect (connecting, or transferring with --data).
 */
static bool others_busy(const struct rr_cm *cm, const struct probe *pr)
{
	const struct probe *o;
	unsigned int i;

	for (i = 0; i < cm->num_inflight; i++) {
		o = cm->inflight[i];
		if (o != pr && (o->state == PROBE_CREATED ||
				(o->state == PROBE_WAITING &&
				 o->waiting != RR_STEP_DISCONNECT)))
			return true;
	}
	return false;
}

/* A probe that is due waits for a place in flight. */
static bool window_wanted(const struct rr_cm *cm)
{
	return cm->num_pending && cm->num_inflight >= cm->p->parallel;
}

/*
 * A probe is up: its disconnect waits while others connect.  The DREQ,
 * the DREP, the peer's handling of them and ours (the event, the QP's
 * teardown) would take the CPU of both hosts from the connections still
 * being made (one vCPU each in the two-host lab: 256 connections took
 * a third longer); cmtime, too, disconnects after its connect phase.
 * Not when a probe due needs the place: a window (--parallel) smaller
 * than the run slides as before.  The wait is no step's and left out of
 * the total (held_ns); release_held() ends it.
 */
static bool hold_disconnect(struct rr_cm *cm, struct probe *pr,
			    enum rr_step after)
{
	if (!others_busy(cm, pr) || window_wanted(cm))
		return false;
	pr->state = PROBE_HELD;
	pr->held_after = after;
	pr->held_at = rr_now();
	/* No deadline of its own: the others' bound the wait. */
	pr->deadline = rr_ts_add_ms(pr->held_at, 24 * 3600 * 1000);
	return true;
}

static void advance(struct rr_cm *cm, struct probe *pr, enum rr_step after,
		    const struct timespec *at);

/* None connects any more (or the window wants room): the held go on. */
static void release_held(struct rr_cm *cm)
{
	struct timespec now;
	struct probe *pr;
	unsigned int i;
	bool any = false;

	for (i = 0; i < cm->num_inflight && !any; i++)
		any = cm->inflight[i]->state == PROBE_HELD;
	if (!any || (others_busy(cm, NULL) && !window_wanted(cm)))
		return;
	now = rr_now();
	for (i = 0; i < cm->num_inflight; i++) {
		pr = cm->inflight[i];
		if (pr->state != PROBE_HELD)
			continue;
		pr->r->out.steps[RR_STEP_TOTAL].held_ns +=
			rr_ts_ns(&now) - rr_ts_ns(&pr->held_at);
		advance(cm, pr, pr->held_after, NULL);
	}
}

/*
 * The probe's steps after AFTER, in the table's order: each that ends
 * with its call is done here, up to one that waits for an event.  After
 * the last, the probe succeeded, at AT (NULL: now).
 */
static void advance(struct rr_cm *cm, struct probe *pr, enum rr_step after,
		    const struct timespec *at)
{
	struct rr_result *r = pr->r;
	enum rr_step step;

	while ((step = next_step(cm, after)) < RR_STEP_COUNT) {
		if (step == RR_STEP_DISCONNECT && pr->state != PROBE_HELD &&
		    hold_disconnect(cm, pr, after))
			return;
		rr_step_begin(&r->out, step);
		if (issue(cm, pr, step)) {
			probe_fail_call(pr, step, pr->call, errno);
			return;
		}
		if (awaited(cm, step) != RR_CM_EV_NONE ||
		    step == RR_STEP_TRANSFER) {
			pr->state = PROBE_WAITING;
			pr->waiting = step;
			/* A connect answered in time gathers no evidence. */
			pr->gather_at_deadline = false;
			pr->poke_at_deadline = false;
			set_deadline(pr, &r->out.steps[step].start,
				     step == RR_STEP_DISCONNECT ?
				     rr_disconnect_wait_ms(cm->p->timeout_ms) :
				     step_deadline_ms(cm->p->timeout_ms));
			if (step == RR_STEP_CONNECT && on_ethernet(cm, pr)) {
				pr->step_deadline = pr->deadline;
				pr->gather_at_deadline = true;
				set_deadline(pr, &r->out.steps[step].start,
					     rr_udp_probe_after_ms(cm->p->timeout_ms));
			}
			if (step == RR_STEP_TRANSFER && !pr->data_queued)
				arm_poke(pr);
			return;
		}
		rr_step_end(&r->out, step);
		after = step;
		at = NULL;
	}
	if (at)
		rr_step_end_at(&r->out, RR_STEP_TOTAL, at);
	else
		rr_step_end(&r->out, RR_STEP_TOTAL);
	r->out.ok = true;
	probe_finish(pr);
}

static const char *waiting_call(const struct probe *pr)
{
	return rr_step_info(pr->waiting)->call;
}

/* Where nothing listens, said with the failure: the address and port. */
static void name_no_listener(struct rr_result *r)
{
	char addr[128];

	snprintf(r->out.fail.where, sizeof(r->out.fail.where),
		 "nothing listens on %s port %u",
		 rr_sockaddr_str(&r->probe.dst, addr, sizeof(addr)),
		 r->out.connect_port);
}

/*
 * What the peer says of itself in its REP, if it is an rdma-route
 * --listen (its facts' first line); anything else is left unread.
 */
static void read_rep(struct rr_result *r, const struct cm_event *e)
{
	struct rr_peer_facts *f;
	char why[96];

	if (e->private_len < strlen(RR_PEER_MAGIC) ||
	    memcmp(e->private_data, RR_PEER_MAGIC, strlen(RR_PEER_MAGIC)))
		return;
	f = malloc(sizeof(*f));
	if (!f)
		return;
	if (!rr_peer_facts_parse((const char *)e->private_data, e->private_len,
				 f, why, sizeof(why))) {
		free(f);
		return;
	}
	free(r->out.peer);
	r->out.peer = f;
}

/*
 * A consumer reject from an rdma-route --listen at its echo bound: its
 * private data says so, with the bytes in use and the bound.
 */
static void read_busy(struct rr_result *r, const struct cm_event *e)
{
	size_t tag = strlen(RR_LISTEN_BUSY_TAG);
	unsigned long long used, budget;
	char text[64];

	if (e->status != 28 || e->private_len <= tag ||
	    memcmp(e->private_data, RR_LISTEN_BUSY_TAG, tag))
		return;
	memcpy(text, e->private_data,
	       e->private_len < sizeof(text) ? e->private_len : sizeof(text) - 1);
	text[e->private_len < sizeof(text) ? e->private_len : sizeof(text) - 1] = '\0';
	r->out.fail.cause = RR_CAUSE_LISTENER_BUSY;
	if (sscanf(text + tag, " %llu %llu", &used, &budget) == 2)
		snprintf(r->out.fail.where, sizeof(r->out.fail.where),
			 "the listener's echo buffers hold %llu MiB of its %llu MiB",
			 used >> 20, budget >> 20);
}

/*
 * One event for one probe, read (and acked) at E->at: the one its step
 * waits for moves it on; any other fails it.
 */
static void handle_event(struct rr_cm *cm, const struct cm_event *e)
{
	struct probe *pr = e->pr;
	struct rr_result *r = pr->r;

	/* A failed probe's disconnect (close_failed()): any event ends it. */
	if (pr->closing) {
		probe_finish(pr);
		return;
	}
	if ((int)e->type != (int)awaited(cm, pr->waiting) || e->status) {
		rr_fail_event(&r->out, pr->waiting, waiting_call(pr), e->type,
			      e->status, &e->at);
		/* The peer's DREQ: our DREP now; nothing more will come. */
		if (e->type == RDMA_CM_EVENT_DISCONNECTED && pr->connected) {
			pr->connected = false;
			rr_dl.rdma_disconnect(pr->id);
		}
		if (e->type == RDMA_CM_EVENT_REJECTED) {
			r->out.fail.private_len = e->private_len;
			read_busy(r, e);
		}
		if (r->out.fail.cause == RR_CAUSE_NO_LISTENER)
			name_no_listener(r);
		if (pr->waiting == RR_STEP_TRANSFER) {
			r->out.transfer.sent = pr->data.sent;
			rr_transfer_where(&r->out.transfer, r->out.fail.where,
					  sizeof(r->out.fail.where));
		}
		probe_finish(pr);
		return;
	}
	/* Answered after all: the evidence under way is not needed. */
	if (pr->waiting == RR_STEP_CONNECT) {
		drop_gather(pr);
		read_rep(r, e);
	}
	rr_step_end_at(&r->out, pr->waiting, &e->at);
	advance(cm, pr, pr->waiting, &e->at);
}

/*
 * A message of --data failed (its work completion; none by the deadline:
 * WC_STATUS -1): the cause from what came back before it.
 */
static void fail_transfer(struct probe *pr, int wc_status)
{
	struct rr_result *r = pr->r;
	struct rr_transfer *t = &r->out.transfer;

	release_data(pr->cm, pr);
	t->wc_status = wc_status;
	t->sent = pr->data.sent;
	t->echo_len = pr->data.echo_len;
	t->differs_at = pr->data.differs_at;
	r->out.fail.cause = rr_transfer_cause(t);
	rr_transfer_where(t, r->out.fail.where, sizeof(r->out.fail.where));
	probe_finish(pr);
}

/*
 * All the messages came back: the step's time is the median of their
 * round trips, each from its post to its echo (not the time spent on
 * all of them one after the other).
 */
static void transfer_done(struct rr_cm *cm, struct probe *pr,
			  const struct timespec *at)
{
	struct rr_outcome *o = &pr->r->out;
	struct timespec end;

	end = rr_ns_ts(rr_ts_ns(&o->steps[RR_STEP_TRANSFER].start) +
		       (int64_t)(rr_transfer_median_ms(&o->transfer) * 1e6));
	rr_step_end_at(o, RR_STEP_TRANSFER, &end);
	release_data(cm, pr);
	advance(cm, pr, RR_STEP_TRANSFER, at);
}

/*
 * A probe's transfer alone in flight waits for its echo without
 * sleeping, for a while: the next message goes out as soon as the echo
 * is in, as ib_send_lat's does.  Not past the probe's deadline (a poke
 * or the step's end is due there), nor while another probe could start.
 */
static int64_t spin_until(const struct rr_cm *cm, const struct probe *pr)
{
	int64_t until = rr_ts_ns(&pr->data.start) + RR_DATA_SPIN_NS;
	int64_t deadline = rr_ts_ns(&pr->deadline);

	if (cm->num_inflight != 1 || (cm->num_pending && cm->p->parallel > 1))
		return 0;
	return until < deadline ? until : deadline;
}

/*
 * PR's CQ has news, read at AT: the next message, the end, or a failure;
 * then, alone in flight, the next echo spun for.
 */
static void read_completions(struct rr_cm *cm, struct probe *pr,
			     const struct timespec *at)
{
	struct rr_transfer *t = &pr->r->out.transfer;
	enum rr_cm_data_state state;
	struct timespec seen = *at;
	int wc_status;

	state = rr_cm_data_read(&pr->data, pr->cq, &wc_status);
	for (;;) {
		switch (state) {
		case RR_DATA_WAITING:
			return;
		case RR_DATA_FAILED:
			rr_fail_cause(&pr->r->out, RR_STEP_TRANSFER,
				      "ibv_poll_cq", 0,
				      RR_CAUSE_TRANSFER_FAILED, NULL);
			fail_transfer(pr, wc_status);
			return;
		case RR_DATA_BACK:
			t->rtt_ms[t->passed++] = rr_ts_ms(&seen,
							  &pr->data.start);
			break;
		}
		if (t->passed == t->num) {
			transfer_done(cm, pr, &seen);
			return;
		}
		if (send_message(pr, false)) {
			probe_fail_call(pr, RR_STEP_TRANSFER, pr->call, errno);
			return;
		}
		arm_poke(pr);
		state = rr_cm_data_spin(&pr->data, pr->cq, &wc_status,
					spin_until(cm, pr), &seen);
	}
}

/*
 * The CM's channel, the wake fd, the evidence's channel (or nothing), each
 * transfer's completion channel; then each gathering's sockets (their
 * probe in pfd_probe too).  *TRANSFERS: where the gatherings' begin.
 */
#define FIXED_FDS 3

static nfds_t poll_set(struct rr_cm *cm, nfds_t *transfers)
{
	struct probe *pr;
	unsigned int i;
	nfds_t n = FIXED_FDS;
	int k, m;

	cm->pfd[0] = (struct pollfd){ .fd = cm->channel->fd, .events = POLLIN };
	cm->pfd[1] = (struct pollfd){ .fd = cm->wake_fd, .events = POLLIN };
	cm->pfd[2] = (struct pollfd){ .fd = cm->ev_channel ? cm->ev_channel->fd : -1,
				      .events = POLLIN };
	for (i = 0; i < cm->num_inflight; i++) {
		pr = cm->inflight[i];
		if (pr->state != PROBE_WAITING || pr->waiting != RR_STEP_TRANSFER)
			continue;
		cm->pfd_probe[n] = pr;
		cm->pfd[n++] = (struct pollfd){ .fd = pr->data.channel->fd,
						 .events = POLLIN };
	}
	*transfers = n;
	for (i = 0; i < cm->num_inflight; i++) {
		pr = cm->inflight[i];
		if (!pr->gather)
			continue;
		m = rr_cm_gather_pollfds(pr->gather, &cm->pfd[n]);
		for (k = 0; k < m; k++)
			cm->pfd_probe[n + (nfds_t)k] = pr;
		n += (nfds_t)m;
	}
	return n;
}

/* The transfers whose channel poll() found readable, at AT. */
static void read_transfers(struct rr_cm *cm, nfds_t n,
			   const struct timespec *at)
{
	struct probe *pr;
	nfds_t i;

	for (i = FIXED_FDS; i < n; i++) {
		pr = cm->pfd_probe[i];
		if (cm->pfd[i].revents && pr->state == PROBE_WAITING &&
		    pr->waiting == RR_STEP_TRANSFER)
			read_completions(cm, pr, at);
	}
}

/* The evidence's requests: each event to its request, as it is read. */
static void drain_evidence(struct rr_cm *cm, const struct timespec *at)
{
	struct rdma_cm_event *ev;
	enum rdma_cm_event_type type;
	struct rdma_cm_id *id;
	int status;

	while (!rr_dl.rdma_get_cm_event(cm->ev_channel, &ev)) {
		id = ev->id;
		type = ev->event;
		status = ev->status;
		rr_dl.rdma_ack_cm_event(ev);
		rr_cm_ev_event(id, type, status, at);
	}
}

/* Each gathering probe turned: what came read, what is due sent. */
static void turn_gathers(struct rr_cm *cm, const struct timespec *now)
{
	unsigned int i;

	for (i = 0; i < cm->num_inflight; i++)
		if (cm->inflight[i]->gather &&
		    cm->inflight[i]->state == PROBE_WAITING)
			rr_cm_gather_turn(cm->inflight[i]->gather, now);
}

/* The REP's private data, kept past the event's ack. */
static void keep_private(struct cm_event *e, const struct rdma_cm_event *ev)
{
	unsigned int n = ev->param.conn.private_data_len;

	if (n > sizeof(e->private_data))
		n = sizeof(e->private_data);
	e->private_len = ev->param.conn.private_data ? n : 0;
	if (e->private_len)
		memcpy(e->private_data, ev->param.conn.private_data, n);
}

/*
 * Reads what is queued, a batch at a time, then handles the batch.  An
 * event of an id that is no longer its probe's is dropped: the probe gave
 * up on it (deadline), and its slot went to another result since.
 */
static void drain_events(struct rr_cm *cm)
{
	struct cm_event batch[EVENT_BATCH];
	struct rdma_cm_event *ev;
	int i, n;

	do {
		for (n = 0; n < EVENT_BATCH &&
			    !rr_dl.rdma_get_cm_event(cm->channel, &ev); n++) {
			batch[n].pr = ev->id->context;
			batch[n].id = ev->id;
			batch[n].type = ev->event;
			batch[n].status = ev->status;
			batch[n].private_len = ev->param.conn.private_data_len;
			if (ev->event == RDMA_CM_EVENT_CONNECT_RESPONSE ||
			    ev->event == RDMA_CM_EVENT_REJECTED)
				keep_private(&batch[n], ev);
			batch[n].at = rr_now();
			/* Ack at once: rdma_destroy_id waits for the acks. */
			rr_dl.rdma_ack_cm_event(ev);
		}
		for (i = 0; i < n; i++)
			if (batch[i].pr->id == batch[i].id &&
			    batch[i].pr->state == PROBE_WAITING)
				handle_event(cm, &batch[i]);
	} while (n == EVENT_BATCH);
}

static void expire_probes(struct rr_cm *cm, const struct timespec *now)
{
	unsigned int i;
	struct probe *pr;

	if (rr_ms_until(now, &cm->earliest) > 0)
		return;		/* nothing can have expired yet */
	for (i = 0; i < cm->num_inflight; i++) {
		pr = cm->inflight[i];
		if (pr->state == PROBE_DONE || pr->state == PROBE_HELD ||
		    rr_ms_until(now, &pr->deadline) > 0)
			continue;
		if (pr->gather_at_deadline) {
			start_gather(cm, pr);
			continue;
		}
		if (pr->poke_at_deadline) {
			poke(pr);
			continue;
		}
		/* A failed probe's DREP not come: it ends as it failed. */
		if (pr->closing) {
			probe_finish(pr);
			continue;
		}
		if (pr->waiting == RR_STEP_DISCONNECT) {
			/* Up, then not confirmed: a success that says so. */
			pr->r->out.disconnect_unconfirmed = true;
			rr_step_end_at(&pr->r->out, RR_STEP_DISCONNECT, now);
			advance(cm, pr, RR_STEP_DISCONNECT, now);
			continue;
		}
		rr_fail_deadline(&pr->r->out, pr->waiting, waiting_call(pr),
				 step_deadline_ms(cm->p->timeout_ms));
		if (pr->waiting == RR_STEP_TRANSFER) {
			fail_transfer(pr, -1);
			continue;
		}
		probe_finish(pr);
	}
}

/* Drops finished probes from the in-flight list, keeping order. */
static void compact_inflight(struct rr_cm *cm)
{
	unsigned int i, j = 0;

	if (!cm->finished)
		return;
	cm->finished = 0;
	for (i = 0; i < cm->num_inflight; i++)
		if (cm->inflight[i]->state != PROBE_DONE)
			cm->inflight[j++] = cm->inflight[i];
	cm->num_inflight = j;
}

/*
 * Until the next deadline, or the next scheduled start (START); notes the
 * nearest deadline for expire_probes().
 */
static int next_timeout_ms(struct rr_cm *cm, const struct timespec *start)
{
	const struct timespec *d;
	struct timespec now, due;
	long best, ms;
	unsigned int i;

	now = rr_now();
	best = start ? rr_ms_until(&now, start) : -1;
	if (best < 0 && start)
		best = 0;
	cm->earliest = rr_ts_add_ms(now, 24 * 3600 * 1000);
	for (i = 0; i < cm->num_inflight; i++) {
		d = &cm->inflight[i]->deadline;
		if (cm->inflight[i]->gather) {
			due = rr_cm_gather_due(cm->inflight[i]->gather);
			if (rr_ts_before(&due, d))
				d = &due;
		}
		if (rr_ms_until(d, &cm->earliest) > 0)
			cm->earliest = *d;
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

/* The oldest probe waiting for its start, NULL when none waits. */
static struct probe *pending_head(struct rr_cm *cm)
{
	return cm->num_pending ? cm->pending[cm->pending_head] : NULL;
}

static void pending_pop(struct rr_cm *cm)
{
	cm->pending_head = (cm->pending_head + 1) % cm->cap;
	cm->num_pending--;
}

/* One result fails as the set-up did. */
static void fail_from_setup(const struct rr_cm *cm, struct rr_result *r)
{
	if (cm->setup_cause != RR_CAUSE_NONE)
		rr_fail_cause(&r->out, RR_STEP_CREATE_ID, cm->setup_call,
			      cm->setup_err, cm->setup_cause,
			      cm->setup_detail);
	else
		rr_fail_call(&r->out, RR_STEP_CREATE_ID, cm->setup_call,
			     cm->setup_err, 0);
}

/* The set-up failed: every result fails at create id, with the reason. */
/*
 * The host cannot do RDMA CM: each probe fails, at its start time, so that
 * --interval holds (a --count 0 run does not spin).  True when the next
 * one is not due yet; it waits for it (a signal ends the wait).
 */
static bool fail_due(struct rr_cm *cm, struct rr_queue *done)
{
	struct timespec now = rr_now();
	bool handed = false;
	struct probe *pr;
	struct rr_result *r;
	long ms;

	while ((pr = pending_head(cm))) {
		ms = rr_ms_until(&now, &pr->deadline);
		if (ms > 0) {
			if (!handed)
				poll(NULL, 0, (int)(ms < 60000 ? ms : 60000));
			return true;
		}
		handed = true;
		pending_pop(cm);
		r = pr->r;
		if (r->probe.have_dst && r->out.fail.kind == RR_FAIL_NONE) {
			rr_step_begin(&r->out, RR_STEP_TOTAL);
			rr_step_begin(&r->out, RR_STEP_CREATE_ID);
			fail_from_setup(cm, r);
		}
		hand_over(cm, pr, done);
	}
	return false;
}

/*
 * Starts what may start now: room in flight, and its time has come.  The
 * ids are all made first, then their resolutions issued back to back, as
 * cmtime does: creating the next id does not delay this one's answer.
 */
static void start_due(struct rr_cm *cm)
{
	unsigned int first = cm->num_inflight, i;
	struct timespec now;
	struct probe *pr;

	if (!pending_head(cm))
		return;
	now = rr_now();
	while (cm->num_inflight < cm->p->parallel &&
	       (pr = pending_head(cm))) {
		if (rr_ms_until(&now, &pr->deadline) > 0)
			break;		/* not yet: deadline holds its start */
		pending_pop(cm);
		if (!pr->r->probe.have_dst || pr->r->out.fail.kind != RR_FAIL_NONE) {
			probe_finish(pr);	/* failed before us (lookup) */
			continue;
		}
		probe_create(cm, pr);
		if (pr->state != PROBE_DONE)
			cm->inflight[cm->num_inflight++] = pr;
	}
	for (i = first; i < cm->num_inflight; i++)
		advance(cm, cm->inflight[i], RR_STEP_BIND_ADDR, NULL);
}

static void cm_add(void *be, struct rr_result *r)
{
	struct rr_cm *cm = be;
	struct probe *pr;

	if (!cm->num_free)
		abort();	/* backend.c keeps to the window */
	pr = cm->free_probes[--cm->num_free];
	memset(pr, 0, sizeof(*pr));
	pr->r = r;
	pr->cm = cm;
	/* Until a probe starts, its deadline is the time it may start. */
	pr->deadline = rr_ts_add_ms(cm->t0, r->probe.start_offset_ms);
	cm->pending[(cm->pending_head + cm->num_pending++) % cm->cap] = pr;
}

static void cm_no_more(void *be)
{
	struct rr_cm *cm = be;

	cm->no_more = true;
}

static void cm_wake_on(void *be, int fd)
{
	struct rr_cm *cm = be;

	cm->wake_fd = fd;
}

static bool cm_turn(void *be, struct rr_queue *done)
{
	struct rr_cm *cm = be;
	const struct timespec *start;
	struct probe *head;
	struct timespec now;
	int timeout, ready;
	nfds_t n, transfers;

	if (cm->setup_call)
		return fail_due(cm, done) || !cm->no_more;
	start_due(cm);
	if (!cm->num_inflight) {
		flush_done(cm, true, done);
		destroy_finished(cm);
		/* All handed over: the caller adds more, or that was all. */
		if (!cm->num_pending)
			return !cm->no_more;
	}
	/* Wake for the next start only if there is room for it. */
	head = pending_head(cm);
	start = head && cm->num_inflight < cm->p->parallel ?
			&head->deadline : NULL;
	timeout = next_timeout_ms(cm, start);
	n = poll_set(cm, &transfers);
	ready = poll(cm->pfd, n, timeout);
	now = rr_now();
	if (ready > 0 && transfers > FIXED_FDS)
		read_transfers(cm, transfers, &now);
	if (ready > 0 && cm->pfd[0].revents)
		drain_events(cm);
	if (ready > 0 && cm->pfd[2].revents)
		drain_evidence(cm, &now);
	if (cm->gathering)
		turn_gathers(cm, &now);
	now = rr_now();
	expire_probes(cm, &now);
	start_next_data(cm);
	release_held(cm);
	compact_inflight(cm);
	flush_done(cm, false, done);
	destroy_finished(cm);
	return true;
}

static bool cm_busy(void *be)
{
	struct rr_cm *cm = be;

	return cm->channel && !cm->setup_call && event_waiting(cm);
}

/* The host cannot do RDMA CM: each result added will fail with this. */
static void setup_failed(struct rr_cm *cm, const char *call, int err)
{
	cm->setup_call = call;
	cm->setup_err = err;
}

/* The poll set's room: its fixed descriptors, transfers, gatherings. */
static size_t poll_room(const struct rr_cm *cm)
{
	return FIXED_FDS + cm->p->parallel +
	       (size_t)MAX_GATHERING * RR_IP_EV_FDS;
}

/* False: out of memory.  A host without RDMA CM is no failure here. */
static bool setup(struct rr_cm *cm)
{
	unsigned int i;
	int flags;

	cm->pool = calloc(cm->cap, sizeof(*cm->pool));
	cm->free_probes = calloc(cm->cap, sizeof(*cm->free_probes));
	cm->pending = calloc(cm->cap, sizeof(*cm->pending));
	cm->inflight = calloc(cm->p->parallel, sizeof(*cm->inflight));
	cm->graves = calloc(cm->cap, sizeof(*cm->graves));
	cm->data_wait = calloc(cm->p->parallel, sizeof(*cm->data_wait));
	cm->pfd = calloc(poll_room(cm), sizeof(*cm->pfd));
	cm->pfd_probe = calloc(poll_room(cm), sizeof(*cm->pfd_probe));
	if (!cm->pool || !cm->free_probes || !cm->pending ||
	    !cm->inflight || !cm->graves || !cm->pfd || !cm->pfd_probe ||
	    !cm->data_wait)
		return false;
	for (i = 0; i < cm->cap; i++)
		cm->free_probes[cm->num_free++] = &cm->pool[cm->cap - 1 - i];
	cm->done_tail = &cm->done;
	cm->t0 = rr_now();	/* again below, once the channel is there */

	if (!rr_dl_load(RR_DL_CM) || !rr_dl_load(RR_DL_VERBS)) {
		setup_failed(cm, "dlopen", ELIBACC);
		cm->setup_cause = RR_CAUSE_NO_RDMA_LIBRARY;
		cm->setup_detail = rr_dl_error(rr_dl_load(RR_DL_CM) ?
						RR_DL_VERBS : RR_DL_CM);
		return true;
	}
	cm->channel = rr_dl.rdma_create_event_channel();
	if (!cm->channel) {
		setup_failed(cm, "rdma_create_event_channel",
			     channel_errno(errno));
		return true;
	}
	flags = fcntl(cm->channel->fd, F_GETFL);
	if (flags < 0 || fcntl(cm->channel->fd, F_SETFL, flags | O_NONBLOCK))
		setup_failed(cm, "fcntl", errno);
	/*
	 * The schedule (--interval) starts once the channel is there: the
	 * first channel loads every libibverbs provider, a second and more
	 * in the lab's emulated CPU, and probes due meanwhile went together.
	 */
	cm->t0 = rr_now();
	return true;
}

static void cm_end(void *be);

static void *cm_start(const struct rr_backend_params *params)
{
	struct rr_cm *cm = calloc(1, sizeof(*cm));

	if (!cm)
		return NULL;
	cm->p = params;
	cm->wake_fd = -1;
	cm->cap = params->window;
	if (!setup(cm)) {
		cm_end(cm);
		return NULL;
	}
	return cm;
}

static void cm_end(void *be)
{
	struct rr_cm *cm = be;
	struct probe *pr;
	unsigned int i;

	if (!cm)
		return;
	/* Stopped early: what is still in flight goes, unreported. */
	for (i = 0; i < cm->num_inflight; i++) {
		release_qp(cm->inflight[i]);
		if (cm->inflight[i]->id)
			rr_dl.rdma_destroy_id(cm->inflight[i]->id);
	}
	for (pr = cm->done; pr; pr = pr->next_done) {
		release_qp(pr);
		if (pr->id)
			rr_dl.rdma_destroy_id(pr->id);
	}
	while (cm->num_graves)
		rr_dl.rdma_destroy_id(cm->graves[--cm->num_graves]);
	free(cm->graves);
	free(cm->data_wait);
	free(cm->pfd);
	free(cm->pfd_probe);
	free(cm->inflight);
	free(cm->pending);
	free(cm->free_probes);
	free(cm->pool);
	if (cm->channel)
		rr_dl.rdma_destroy_event_channel(cm->channel);
	if (cm->ev_channel)
		rr_dl.rdma_destroy_event_channel(cm->ev_channel);
	free(cm);
}

const struct rr_backend_ops rr_cm_ops = {
	.start = cm_start,
	.add = cm_add,
	.no_more = cm_no_more,
	.turn = cm_turn,
	.wake_on = cm_wake_on,
	.busy = cm_busy,
	.end = cm_end,
};
