// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The decision table of an unanswered connection request.  Each piece
 * of evidence is first reduced to a column's value (the neighbour
 * answered, the host answers IP, its RDMA CM answered another service
 * ID...); a row names the values it needs, "any" for the others.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/sockaddr.h"
#include "base/util.h"
#include "model/probe/decide_connect.h"
#include "model/probe/decode.h"
#include "model/probe/peer_facts.h"

/* The columns, each a small set of values. */
enum col {
	COL_NEIGH,	/* the neighbour asked again now */
	COL_IP,		/* the host answers IP: ping, or TCP at all */
	COL_CM,		/* a CM REQ to another service ID */
	COL_CM0,	/* the same with ToS 0 */
	COL_UDP,	/* the UDP datagram to 4791 */
	COL_FACTS,	/* what the witness said */
	COL_COUNT
};

/* Values: a bit each, so that a row may accept several. */
enum {
	V_ANSWERED = 1 << 0,	/* NEIGH, CM, CM0: came back */
	V_SILENT = 1 << 1,	/* NEIGH, IP, CM, CM0: nothing came back */
	V_UNKNOWN = 1 << 2,	/* not asked, not allowed, or failed */
	V_GATEWAY = 1 << 3,	/* NEIGH: the neighbour is a gateway */
	V_UP = 1 << 4,		/* IP: the host answered */
	V_PORT_UNREACH = 1 << 5,	/* UDP */
	V_OTHER = 1 << 6,	/* UDP: anything else */
	/* FACTS */
	V_NO_FACTS = 1 << 7,
	V_NO_GID = 1 << 8,
	V_VLAN_DIFFERS = 1 << 9,
	V_REQS_ARRIVED = 1 << 10,
	V_NONE_ARRIVED = 1 << 11,
	V_FACTS_OTHER = 1 << 12,
};

#define ANY 0

struct row {
	enum rr_cause cause;
	unsigned int want[COL_COUNT];	/* the values allowed; ANY: all */
	enum rr_cause could_be[RR_MAX_COULD_BE];	/* undecided: what remains */
};

/*
 * First match wins.  The order matters: an answer of the peer's RDMA CM
 * outweighs everything, a filter on the way is judged before what its
 * absence would mean.
 */
static const struct row rows[] = {
	{ .cause = RR_CAUSE_LISTENER_STUCK, .want = { [COL_CM] = V_ANSWERED } },
	{ .cause = RR_CAUSE_DSCP_DROPPED,
	  .want = { [COL_CM] = V_SILENT, [COL_CM0] = V_ANSWERED } },
	{ .cause = RR_CAUSE_NO_ROCE_ENDPOINT, .want = { [COL_UDP] = V_PORT_UNREACH } },
	{ .cause = RR_CAUSE_PEER_NO_RDMA_DEVICE, .want = { [COL_FACTS] = V_NO_GID } },
	{ .cause = RR_CAUSE_VLAN_MISMATCH, .want = { [COL_FACTS] = V_VLAN_DIFFERS } },
	{ .cause = RR_CAUSE_PEER_CM_SILENT,
	  .want = { [COL_CM] = V_SILENT, [COL_FACTS] = V_REQS_ARRIVED } },
	{ .cause = RR_CAUSE_ROCE_FILTERED,
	  .want = { [COL_CM] = V_SILENT, [COL_FACTS] = V_NONE_ARRIVED } },
	{ .cause = RR_CAUSE_PEER_DOWN,
	  .want = { [COL_NEIGH] = V_SILENT, [COL_IP] = V_SILENT } },
	{ .cause = RR_CAUSE_VLAN_MISMATCH,
	  .want = { [COL_NEIGH] = V_ANSWERED, [COL_IP] = V_SILENT } },
	{ .cause = RR_CAUSE_PEER_UNREACHABLE,
	  .want = { [COL_NEIGH] = V_UNKNOWN | V_GATEWAY, [COL_IP] = V_SILENT },
	  .could_be = { RR_CAUSE_PEER_DOWN, RR_CAUSE_VLAN_MISMATCH } },
	{ .cause = RR_CAUSE_ROCE_UNANSWERED,
	  .want = { [COL_IP] = V_UP, [COL_CM] = V_SILENT | V_UNKNOWN },
	  .could_be = { RR_CAUSE_ROCE_FILTERED, RR_CAUSE_PEER_NO_RDMA_DEVICE,
			RR_CAUSE_PEER_CM_SILENT } },
};

/* The evidence each column is read from: a bit per enum rr_ev_kind. */
#define EV(k) (1U << (k))
static const unsigned int col_evidence[COL_COUNT] = {
	[COL_NEIGH] = EV(RR_EV_NEIGHBOUR),
	[COL_IP] = EV(RR_EV_ICMP) | EV(RR_EV_WITNESS),
	[COL_CM] = EV(RR_EV_CM_OTHER),
	[COL_CM0] = EV(RR_EV_CM_TOS0),
	[COL_UDP] = EV(RR_EV_UDP),
	[COL_FACTS] = EV(RR_EV_WITNESS),
};

static const char *const col_names[COL_COUNT] = {
	[COL_NEIGH] = "neighbour",
	[COL_IP] = "ip",
	[COL_CM] = "cm_other_service",
	[COL_CM0] = "cm_tos_0",
	[COL_UDP] = "udp_4791",
	[COL_FACTS] = "witness",
};

static const char *const value_names[] = {
	"answered", "no_answer", "unknown", "gateway", "up", "port_unreachable",
	"other", "no_facts", "no_gid", "vlan_differs", "requests_arrived",
	"none_arrived", "other_facts",
};

static enum rr_ev_answer ans(const struct rr_evidence_set *s,
			     enum rr_ev_kind k)
{
	return s->ev[k].answer;
}

/* Came back: an RDMA CM's REJ or REP, an ARP or ND answer. */
static unsigned int answered_or_not(enum rr_ev_answer a)
{
	if (a == RR_EVA_ANSWERED)
		return V_ANSWERED;
	if (a == RR_EVA_NO_ANSWER)
		return V_SILENT;
	return V_UNKNOWN;
}

static unsigned int col_neigh(const struct rr_evidence_set *s)
{
	if (s->via_gateway)
		return V_GATEWAY;
	return answered_or_not(ans(s, RR_EV_NEIGHBOUR));
}

/*
 * TCP got an answer of the host's: a RST, a connection accepted (silent),
 * the witness's words whether facts or not (busy, denied, cut short).
 * Only facts fill the witness's column (col_facts); these say the host
 * is up, nothing more.
 */
static bool tcp_up(enum rr_ev_answer tcp)
{
	return tcp == RR_EVA_ANSWERED || tcp == RR_EVA_REFUSED ||
	       tcp == RR_EVA_SILENT || tcp == RR_EVA_BUSY ||
	       tcp == RR_EVA_DENIED || tcp == RR_EVA_INCOMPLETE;
}

/*
 * The host answers IP if a ping came back or TCP got any answer of its
 * (a RST too); silent if what was asked got nothing at all.
 */
static unsigned int col_ip(const struct rr_evidence_set *s)
{
	enum rr_ev_answer icmp = ans(s, RR_EV_ICMP), tcp = ans(s, RR_EV_WITNESS);

	if (icmp == RR_EVA_ANSWERED || tcp_up(tcp))
		return V_UP;
	if ((icmp == RR_EVA_NO_ANSWER || icmp == RR_EVA_UNREACHABLE) &&
	    (tcp == RR_EVA_NO_ANSWER || tcp == RR_EVA_UNREACHABLE ||
	     !rr_ev_asked(s, RR_EV_WITNESS)))
		return V_SILENT;
	if (!rr_ev_asked(s, RR_EV_ICMP) || icmp == RR_EVA_NOT_ALLOWED ||
	    icmp == RR_EVA_ERROR)
		return tcp == RR_EVA_NO_ANSWER ? V_SILENT : V_UNKNOWN;
	return V_UNKNOWN;
}

static unsigned int col_udp(const struct rr_evidence_set *s)
{
	return ans(s, RR_EV_UDP) == RR_EVA_REFUSED ? V_PORT_UNREACH : V_OTHER;
}

/* The peer's GID for the address on a VLAN this side is not, or none. */
static bool vlan_differs(const struct rr_peer_facts *f, int my_vlan)
{
	if (my_vlan == RR_VLAN_UNKNOWN || !f->have_gid)
		return false;
	return f->gid.vlan != my_vlan;
}

static unsigned int col_facts(const struct rr_result *r, int my_vlan)
{
	const struct rr_peer_facts *f = r->out.peer;
	const struct rr_ev_counters *c = &r->out.evidence.counters;

	if (!f || !f->known || !f->from_witness)
		return V_NO_FACTS;
	if (!f->have_gid)
		return V_NO_GID;
	if (vlan_differs(f, my_vlan))
		return V_VLAN_DIFFERS;
	if (!c->have)
		return V_FACTS_OTHER;
	if (c->cm_req_after > c->cm_req_before)
		return V_REQS_ARRIVED;
	if (!c->have_pkts || c->pkts_after == c->pkts_before)
		return V_NONE_ARRIVED;
	return V_FACTS_OTHER;
}

static void columns(const struct rr_result *r, int my_vlan,
		    unsigned int v[COL_COUNT])
{
	const struct rr_evidence_set *s = &r->out.evidence;

	v[COL_NEIGH] = col_neigh(s);
	v[COL_IP] = col_ip(s);
	v[COL_CM] = answered_or_not(ans(s, RR_EV_CM_OTHER));
	v[COL_CM0] = answered_or_not(ans(s, RR_EV_CM_TOS0));
	v[COL_UDP] = col_udp(s);
	v[COL_FACTS] = col_facts(r, my_vlan);
}

static bool row_holds(const struct row *row, const unsigned int v[COL_COUNT])
{
	int c;

	for (c = 0; c < COL_COUNT; c++)
		if (row->want[c] != ANY && !(row->want[c] & v[c]))
			return false;
	return true;
}

/* The evidence a row rests on: its columns' that were asked. */
static unsigned int decided_by(const struct row *row,
			       const struct rr_evidence_set *s)
{
	unsigned int bits = 0, k;
	int c;

	for (c = 0; c < COL_COUNT; c++)
		if (row->want[c] != ANY)
			bits |= col_evidence[c];
	for (k = 0; k < RR_EV_COUNT; k++)
		if (!rr_ev_asked(s, k))
			bits &= ~EV(k);
	return bits;
}

/* Appends to BUF as printf's, "; " between parts. */
static void part(char *buf, size_t len, const char *fmt, ...)
{
	size_t used = strlen(buf);
	va_list ap;

	if (used && used + 2 < len) {
		memcpy(buf + used, "; ", 3);
		used += 2;
	}
	if (used >= len)
		return;
	va_start(ap, fmt);
	vsnprintf(buf + used, len - used, fmt, ap);
	va_end(ap);
}

/* "on VLAN 42", or "on no VLAN" (-1). */
static const char *vlan_words(int vlan, char *buf, size_t len)
{
	if (vlan < 0)
		snprintf(buf, len, "on no VLAN");
	else
		snprintf(buf, len, "on VLAN %d", vlan);
	return buf;
}

/*
 * The peer's own word a row rests on (the witness's column, FACTS), said
 * as its word: "b's witness says ...".  Nothing of it is measured here.
 */
static void claim(const struct rr_result *r, unsigned int facts, int my_vlan,
		  char *buf, size_t len)
{
	const struct rr_peer_facts *f = r->out.peer;
	const struct rr_ev_counters *c = &r->out.evidence.counters;
	const struct rr_peer_gid *g = &f->gid;
	char who[RR_PEER_NAME_LEN + 16], there[24], here[24];

	if (f->host[0])
		snprintf(who, sizeof(who), "%s's witness", f->host);
	else
		snprintf(who, sizeof(who), "the peer's witness");
	if (facts == V_NO_GID)
		snprintf(buf, len, "%s says no GID of its RDMA ports holds the address",
			 who);
	else if (facts == V_VLAN_DIFFERS)
		snprintf(buf, len, "%s says the GID that holds the address (%s port %u, %s) is %s; this side's interface is %s",
			 who, g->device, g->port,
			 g->netdev[0] ? g->netdev : "no netdev",
			 vlan_words(g->vlan, there, sizeof(there)),
			 vlan_words(my_vlan, here, sizeof(here)));
	else if (facts == V_REQS_ARRIVED)
		snprintf(buf, len, "%s says its RDMA CM's request counter went from %llu to %llu while the requests were sent",
			 who, (unsigned long long)c->cm_req_before,
			 (unsigned long long)c->cm_req_after);
	else if (c->have_pkts)
		snprintf(buf, len, "%s says neither its RDMA CM's request counter (%llu) nor its RoCE packet counter (%llu) moved while the requests were sent",
			 who, (unsigned long long)c->cm_req_after,
			 (unsigned long long)c->pkts_after);
	else
		snprintf(buf, len, "%s says its RDMA CM's request counter (%llu) did not move while the requests were sent (it counts no RoCE packets)",
			 who, (unsigned long long)c->cm_req_after);
}

/*
 * "KIND: ANSWER (SAID)" of each piece the row rests on, in list order;
 * the witness's facts, when the row rests on them, as CLAIM says them.
 */
static void detail(const struct rr_result *r, unsigned int bits,
		   const char *claim_said, char *buf, size_t len)
{
	const struct rr_evidence *e;
	unsigned int k;

	buf[0] = '\0';
	if (claim_said) {
		part(buf, len, "%s", claim_said);
		bits &= ~EV(RR_EV_WITNESS);
	}
	for (k = 0; k < RR_EV_COUNT; k++) {
		if (!(bits & EV(k)))
			continue;
		e = &r->out.evidence.ev[k];
		if (e->said[0])
			part(buf, len, "%s: %s", rr_ev_kind_key(k), e->said);
		else
			part(buf, len, "%s: %s", rr_ev_kind_key(k),
			     rr_ev_answer_key(e->answer));
	}
}

/*
 * The request got no answer: by the deadline, or the kernel's own retries
 * ran out (UNREACHABLE, ETIMEDOUT); whatever was decided of it before.
 */
bool rr_fail_unanswered(const struct rr_failure *f)
{
	struct rr_cause_input in = {
		.step = f->step, .kind = f->kind, .err = f->err,
		.event = f->event, .status = f->status,
	};

	return f->step == RR_STEP_CONNECT &&
	       rr_classify(&in) == RR_CAUSE_CONNECT_TIMEOUT;
}

bool rr_decide_connect(struct rr_result *r, int my_vlan)
{
	struct rr_failure *f = &r->out.fail;
	unsigned int v[COL_COUNT], i, n;
	const struct row *row = NULL;
	char said[sizeof(f->where)];

	if (r->out.ok || f->step != RR_STEP_CONNECT ||
	    !r->out.evidence.gathered || !rr_fail_unanswered(f))
		return false;
	columns(r, my_vlan, v);
	for (i = 0; i < ARRAY_SIZE(rows) && !row; i++)
		if (row_holds(&rows[i], v))
			row = &rows[i];
	if (!row)
		return false;
	f->cause = row->cause;
	f->decided_by = decided_by(row, &r->out.evidence);
	for (n = 0; n < RR_MAX_COULD_BE && row->could_be[n] != RR_CAUSE_NONE; n++)
		f->could_be[n] = row->could_be[n];
	f->num_could_be = n;
	if (row->want[COL_FACTS] != ANY)
		claim(r, v[COL_FACTS], my_vlan, said, sizeof(said));
	detail(r, f->decided_by, row->want[COL_FACTS] != ANY ? said : NULL,
	       f->where, sizeof(f->where));
	return true;
}

/* "V1|V2" of a column's wanted set. */
static void values_text(unsigned int want, char *buf, size_t len)
{
	size_t used = 0, i;

	buf[0] = '\0';
	for (i = 0; i < ARRAY_SIZE(value_names) && used < len; i++)
		if (want & (1U << i))
			used += (size_t)snprintf(buf + used, len - used, "%s%s",
						 used ? "|" : "", value_names[i]);
}

bool rr_decide_row_text(unsigned int i, char *buf, size_t len)
{
	const struct row *row;
	char values[96];
	size_t used;
	int c;
	unsigned int n;

	if (i >= ARRAY_SIZE(rows))
		return false;
	row = &rows[i];
	used = (size_t)snprintf(buf, len, "%s:", rr_cause_key(row->cause));
	for (c = 0; c < COL_COUNT && used < len; c++) {
		if (row->want[c] == ANY)
			continue;
		values_text(row->want[c], values, sizeof(values));
		used += (size_t)snprintf(buf + used, len - used, " %s=%s",
					 col_names[c], values);
	}
	for (n = 0; n < RR_MAX_COULD_BE && row->could_be[n] && used < len; n++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s",
					 n ? "," : " could_be=",
					 rr_cause_key(row->could_be[n]));
	return true;
}

bool rr_peer_mtu_short(const struct rr_result *r, char *buf, size_t len)
{
	const struct rr_peer_facts *f = r->out.peer;
	unsigned int path;

	if (!r->out.ok || !f || !f->active_mtu || !r->out.num_paths)
		return false;
	path = rr_mtu_bytes(r->out.paths[0].mtu);
	if (!path || f->active_mtu >= path)
		return false;
	/* Its REP's word, said as such. */
	if (f->netdev_mtu && f->gid.netdev[0])
		snprintf(buf, len, "the peer's REP says its active MTU is %u (its %s MTU %u), below the path MTU %u: what it sends back in packets of more than %u bytes is lost (with --data: mtu_black_hole)",
			 f->active_mtu, f->gid.netdev, f->netdev_mtu, path,
			 f->active_mtu);
	else
		snprintf(buf, len, "the peer's REP says its active MTU is %u, below the path MTU %u: what it sends back in packets of more than %u bytes is lost (with --data: mtu_black_hole)",
			 f->active_mtu, path, f->active_mtu);
	return true;
}
