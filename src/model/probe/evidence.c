// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/util.h"
#include "model/probe/evidence.h"

static const char *const kind_keys[RR_EV_COUNT] = {
	[RR_EV_NEIGHBOUR] = "neighbour",
	[RR_EV_ICMP] = "icmp_echo",
	[RR_EV_WITNESS] = "witness",
	[RR_EV_UDP] = "udp_4791",
	[RR_EV_CM_OTHER] = "cm_other_service",
	[RR_EV_CM_TOS0] = "cm_tos_0",
};

static const char *const kind_words[RR_EV_COUNT] = {
	[RR_EV_NEIGHBOUR] = "ARP or ND asked again now, not the cache",
	[RR_EV_ICMP] = "an ICMP echo",
	[RR_EV_WITNESS] = "TCP to the port asked: rdma-route --listen's witness",
	[RR_EV_UDP] = "a UDP datagram to port 4791",
	[RR_EV_CM_OTHER] = "a CM REQ to a service ID nobody serves",
	[RR_EV_CM_TOS0] = "the same CM REQ with ToS 0",
};

static const char *const answer_keys[RR_EVA_COUNT] = {
	[RR_EVA_NOT_ASKED] = "not_asked",
	[RR_EVA_PENDING] = "pending",
	[RR_EVA_ANSWERED] = "answered",
	[RR_EVA_NO_ANSWER] = "no_answer",
	[RR_EVA_REFUSED] = "refused",
	[RR_EVA_UNREACHABLE] = "unreachable",
	[RR_EVA_SILENT] = "silent",
	[RR_EVA_NOT_ALLOWED] = "not_allowed",
	[RR_EVA_ERROR] = "error",
	[RR_EVA_BUSY] = "busy",
	[RR_EVA_DENIED] = "denied",
	[RR_EVA_INCOMPLETE] = "incomplete",
};

const char *rr_ev_kind_key(enum rr_ev_kind kind)
{
	if ((unsigned int)kind >= RR_EV_COUNT)
		return "unknown";
	return kind_keys[kind];
}

enum rr_ev_kind rr_ev_kind_from_key(const char *key)
{
	unsigned int i;

	for (i = 0; key && i < RR_EV_COUNT; i++)
		if (!strcmp(kind_keys[i], key))
			return i;
	return RR_EV_COUNT;
}

const char *rr_ev_answer_key(enum rr_ev_answer answer)
{
	if ((unsigned int)answer >= RR_EVA_COUNT)
		return "unknown";
	return answer_keys[answer];
}

enum rr_ev_answer rr_ev_answer_from_key(const char *key)
{
	unsigned int i;

	for (i = 0; key && i < RR_EVA_COUNT; i++)
		if (!strcmp(answer_keys[i], key))
			return i;
	return RR_EVA_COUNT;
}

const char *rr_ev_kind_words(enum rr_ev_kind kind)
{
	if ((unsigned int)kind >= RR_EV_COUNT)
		return "unknown";
	return kind_words[kind];
}

void rr_ev_set(struct rr_evidence_set *s, enum rr_ev_kind kind,
	       enum rr_ev_answer answer, double ms, const char *fmt, ...)
{
	struct rr_evidence *e;
	va_list ap;

	if ((unsigned int)kind >= RR_EV_COUNT)
		return;
	e = &s->ev[kind];
	e->answer = answer;
	e->ms = ms;
	e->said[0] = '\0';
	if (fmt) {
		va_start(ap, fmt);
		vsnprintf(e->said, sizeof(e->said), fmt, ap);
		va_end(ap);
	}
	s->gathered = true;
}

bool rr_ev_asked(const struct rr_evidence_set *s, enum rr_ev_kind kind)
{
	return (unsigned int)kind < RR_EV_COUNT &&
	       s->ev[kind].answer != RR_EVA_NOT_ASKED;
}

void rr_ev_close(struct rr_evidence_set *s)
{
	unsigned int i;

	for (i = 0; i < RR_EV_COUNT; i++)
		if (s->ev[i].answer == RR_EVA_PENDING) {
			s->ev[i].answer = RR_EVA_NO_ANSWER;
			s->ev[i].ms = -1;
		}
}
