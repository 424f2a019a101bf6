// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <infiniband/verbs.h>

#include "base/escape.h"
#include "base/numbers.h"
#include "base/util.h"
#include "model/probe/transfer.h"

void rr_data_plan_default(struct rr_data_plan *plan)
{
	/*
	 * A small message first: without one that came back, a full-size
	 * packet lost is no different from a data path that carries nothing.
	 */
	plan->num = 3;
	plan->size[0] = 64;
	plan->size[1] = RR_DATA_MTU;
	plan->size[2] = 64 * 1024;
}

/* One size: digits with an optional K or M, or "mtu". */
static bool parse_size(const char *s, size_t len, uint32_t *out)
{
	unsigned long long v, unit = 1;
	char digits[16];

	if (len == 3 && !strncmp(s, "mtu", 3)) {
		*out = RR_DATA_MTU;
		return true;
	}
	if (len && (s[len - 1] == 'K' || s[len - 1] == 'k')) {
		unit = 1024;
		len--;
	} else if (len && (s[len - 1] == 'M' || s[len - 1] == 'm')) {
		unit = 1024 * 1024;
		len--;
	}
	/* Leading zeros say nothing: 00000000000000001 is 1. */
	while (len > 1 && s[0] == '0') {
		s++;
		len--;
	}
	if (!len || len >= sizeof(digits))
		return false;
	memcpy(digits, s, len);
	digits[len] = '\0';
	if (!rr_parse_decimal(digits, 1, RR_DATA_MAX_BYTES, &v) ||
	    v * unit > RR_DATA_MAX_BYTES)
		return false;
	*out = (uint32_t)(v * unit);
	return true;
}

bool rr_data_plan_parse(const char *text, struct rr_data_plan *plan,
			char *why, size_t why_len)
{
	const char *s = text, *comma;
	char shown[104];
	size_t len;

	plan->num = 0;
	for (;;) {
		comma = strchr(s, ',');
		len = comma ? (size_t)(comma - s) : strlen(s);
		if (plan->num == RR_DATA_MAX_MESSAGES) {
			snprintf(why, why_len, "at most %d sizes",
				 RR_DATA_MAX_MESSAGES);
			return false;
		}
		if (!parse_size(s, len, &plan->size[plan->num])) {
			/* As the option's text is shown: escaped, cut. */
			rr_escape(s, len > 24 ? 24 : len, shown, sizeof(shown));
			snprintf(why, why_len,
				 "'%s' is no size: want bytes from 1 to 1M (K and M suffixes) or mtu",
				 shown);
			return false;
		}
		plan->num++;
		if (!comma)
			return true;
		s = comma + 1;
	}
}

static int by_size(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

void rr_transfer_plan(struct rr_transfer *t, const struct rr_data_plan *plan,
		      uint32_t path_mtu)
{
	uint32_t mtu = path_mtu ? path_mtu : 1024;
	unsigned int i;

	memset(t, 0, sizeof(*t));
	t->wc_status = -1;
	t->path_mtu = path_mtu;
	for (i = 0; i < plan->num && i < RR_DATA_MAX_MESSAGES; i++)
		t->size[i] = plan->size[i] == RR_DATA_MTU ? mtu : plan->size[i];
	t->num = i;
	qsort(t->size, t->num, sizeof(t->size[0]), by_size);
}

uint32_t rr_transfer_max(const struct rr_transfer *t)
{
	return t->num ? t->size[t->num - 1] : 0;
}

double rr_transfer_median_ms(const struct rr_transfer *t)
{
	double v[RR_DATA_MAX_MESSAGES], x;
	unsigned int i, j, n = t->passed;

	if (!n || n > RR_DATA_MAX_MESSAGES)
		return -1.0;
	for (i = 0; i < n; i++) {
		x = t->rtt_ms[i];
		for (j = i; j > 0 && v[j - 1] > x; j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

const char *rr_transfer_sizes_str(const struct rr_transfer *t, char *buf,
				  size_t len)
{
	size_t used = 0;
	unsigned int i;
	int n;

	buf[0] = '\0';
	for (i = 0; i < t->num && used < len; i++) {
		n = snprintf(buf + used, len - used, "%s%u", i ? "," : "",
			     t->size[i]);
		if (n < 0)
			break;
		used += (size_t)n;
	}
	return buf;
}

uint32_t rr_transfer_largest_passed(const struct rr_transfer *t)
{
	return t->passed && t->passed <= t->num ? t->size[t->passed - 1] : 0;
}

/* The largest packet a message of SIZE makes on the path. */
static uint32_t packet(const struct rr_transfer *t, uint32_t size)
{
	uint32_t mtu = t->path_mtu ? t->path_mtu : 1024;

	return size < mtu ? size : mtu;
}

uint32_t rr_transfer_failed_size(const struct rr_transfer *t)
{
	return t->passed < t->num ? t->size[t->passed] : 0;
}

/* The peer's port cannot send a packet of FAILED's size back. */
static bool short_back(const struct rr_transfer *t, uint32_t failed)
{
	return t->peer_active_mtu && packet(t, failed) > t->peer_active_mtu;
}

/*
 * Never acknowledged, smaller ones came back: a black hole only when the
 * message is one packet, larger than any that passed.  A larger message
 * of many packets proves nothing of one: it may have lost one of them.
 */
static bool black_hole_there(const struct rr_transfer *t, uint32_t failed)
{
	uint32_t mtu = t->path_mtu ? t->path_mtu : 1024;

	return t->passed && failed <= mtu &&
	       packet(t, failed) > packet(t, rr_transfer_largest_passed(t));
}

/* Nothing came back by the deadline. */
static enum rr_cause by_deadline(const struct rr_transfer *t, uint32_t failed)
{
	if (t->sent && short_back(t, failed))
		return RR_CAUSE_MTU_BLACK_HOLE;
	/* It waited behind others' data: the deadline came first. */
	if (t->behind)
		return RR_CAUSE_TRANSFER_TOO_SLOW;
	if (!t->sent)
		return RR_CAUSE_DATA_NO_ACK;
	if (t->peer_echo_max < failed)
		return RR_CAUSE_NO_ECHO;
	/*
	 * The peer echoes: a message of many packets may still be on its way
	 * back; the echo of one packet takes a round trip, not a deadline.
	 */
	return failed > (t->path_mtu ? t->path_mtu : 1024) ?
		       RR_CAUSE_TRANSFER_TOO_SLOW : RR_CAUSE_ECHO_LOST;
}

enum rr_cause rr_transfer_cause(const struct rr_transfer *t)
{
	uint32_t failed = rr_transfer_failed_size(t);

	switch (t->wc_status) {
	case -1:
		return by_deadline(t, failed);
	case IBV_WC_RETRY_EXC_ERR:
		/* Acknowledged, then the poke was not: its echo cannot come. */
		if (t->sent)
			return short_back(t, failed) ? RR_CAUSE_MTU_BLACK_HOLE :
						       RR_CAUSE_DATA_NO_ACK;
		if (black_hole_there(t, failed))
			return RR_CAUSE_MTU_BLACK_HOLE;
		return RR_CAUSE_DATA_NO_ACK;
	case RR_WC_ECHO_DIFFERS:
		/* From a peer that never said it echoes: its own message. */
		return t->peer_echo_max >= failed ? RR_CAUSE_ECHO_CORRUPTED :
						    RR_CAUSE_NO_ECHO;
	case IBV_WC_RNR_RETRY_EXC_ERR:
	case IBV_WC_REM_INV_REQ_ERR:
	case IBV_WC_REM_OP_ERR:
	case IBV_WC_REM_ACCESS_ERR:
		return RR_CAUSE_NO_ECHO;
	default:
		return RR_CAUSE_TRANSFER_FAILED;
	}
}

/* Appends to BUF (LEN) as printf's; the new length, LEN when full. */
static size_t add(char *buf, size_t len, size_t n, const char *fmt, ...)
{
	va_list ap;
	int k;

	if (n >= len)
		return len;
	va_start(ap, fmt);
	k = vsnprintf(buf + n, len - n, fmt, ap);
	va_end(ap);
	return k < 0 || (size_t)k >= len - n ? len : n + (size_t)k;
}

/* What became of the failed message, after "did not come back". */
static size_t what_became(const struct rr_transfer *t, uint32_t failed,
			  char *buf, size_t len, size_t n)
{
	if (t->wc_status == RR_WC_ECHO_DIFFERS && t->differs_at >= 0)
		return add(buf, len, n, ": its echo came back %u bytes long, different from byte %lld on",
			   t->echo_len, (long long)t->differs_at);
	if (t->wc_status == RR_WC_ECHO_DIFFERS)
		return add(buf, len, n, ": its echo came back %u bytes long",
			   t->echo_len);
	/* What the peer's REP said is its word: said as such. */
	if (t->sent && short_back(t, failed) && t->peer_netdev[0] &&
	    t->peer_netdev_mtu)
		return add(buf, len, n, ": acknowledged, but the peer's REP says its active MTU is %u (its %s MTU %u), below its packet of %u: its echo cannot come back",
			   t->peer_active_mtu, t->peer_netdev,
			   t->peer_netdev_mtu, packet(t, failed));
	if (t->sent && short_back(t, failed))
		return add(buf, len, n, ": acknowledged, but the peer's REP says its active MTU is %u, below its packet of %u: its echo cannot come back",
			   t->peer_active_mtu, packet(t, failed));
	if (t->sent && t->wc_status == IBV_WC_RETRY_EXC_ERR)
		return add(buf, len, n, ": acknowledged, then the peer went silent (a message of 0 bytes to ask was not acknowledged)");
	if (t->sent && t->peer_echo_max >= failed &&
	    failed > (t->path_mtu ? t->path_mtu : 1024))
		return add(buf, len, n, ": acknowledged, its echo (the peer's REP says it echoes up to %u bytes) still on its way at the deadline",
			   t->peer_echo_max);
	if (t->sent && t->peer_echo_max >= failed)
		return add(buf, len, n, ": acknowledged by a peer whose REP says it echoes up to %u bytes, and no echo came",
			   t->peer_echo_max);
	if (t->sent)
		return add(buf, len, n, ": acknowledged, its echo never came");
	return n;
}

void rr_transfer_where(const struct rr_transfer *t, char *buf, size_t len)
{
	uint32_t failed = rr_transfer_failed_size(t);
	size_t n;

	if (t->passed)
		n = add(buf, len, 0, "messages up to %u bytes came back, one of %u did not",
			rr_transfer_largest_passed(t), failed);
	else
		n = add(buf, len, 0, "the first message, of %u bytes, did not come back",
			failed);
	n = what_became(t, failed, buf, len, n);
	if (t->behind)
		n = add(buf, len, n, "; it waited %.0f ms for the data of %u probe%s before it (probes send their data one at a time)",
			t->waited_ms, t->behind, t->behind == 1 ? "" : "s");
	if (t->path_mtu && t->netdev[0] && t->netdev_mtu)
		add(buf, len, n, " (path MTU %u, %s MTU %u here)", t->path_mtu,
		    t->netdev, t->netdev_mtu);
	else if (t->path_mtu)
		add(buf, len, n, " (path MTU %u)", t->path_mtu);
	else if (t->netdev[0] && t->netdev_mtu)
		add(buf, len, n, " (%s MTU %u here)", t->netdev, t->netdev_mtu);
}

uint8_t rr_data_ack_timeout(unsigned int timeout_ms)
{
	/* 4.096 us << t, 8 tries, in a quarter of the step: in ns. */
	unsigned long long budget = (unsigned long long)timeout_ms * 1000000 / 4;
	uint8_t t = 1;

	while (t < 30 && 8ULL * (4096ULL << (t + 1)) <= budget)
		t++;
	return t;
}

static const char *const wc_keys[] = {
	[IBV_WC_SUCCESS] = "success",
	[IBV_WC_LOC_LEN_ERR] = "loc_len_err",
	[IBV_WC_LOC_QP_OP_ERR] = "loc_qp_op_err",
	[IBV_WC_LOC_EEC_OP_ERR] = "loc_eec_op_err",
	[IBV_WC_LOC_PROT_ERR] = "loc_prot_err",
	[IBV_WC_WR_FLUSH_ERR] = "wr_flush_err",
	[IBV_WC_MW_BIND_ERR] = "mw_bind_err",
	[IBV_WC_BAD_RESP_ERR] = "bad_resp_err",
	[IBV_WC_LOC_ACCESS_ERR] = "loc_access_err",
	[IBV_WC_REM_INV_REQ_ERR] = "rem_inv_req_err",
	[IBV_WC_REM_ACCESS_ERR] = "rem_access_err",
	[IBV_WC_REM_OP_ERR] = "rem_op_err",
	[IBV_WC_RETRY_EXC_ERR] = "retry_exc_err",
	[IBV_WC_RNR_RETRY_EXC_ERR] = "rnr_retry_exc_err",
	[IBV_WC_LOC_RDD_VIOL_ERR] = "loc_rdd_viol_err",
	[IBV_WC_REM_INV_RD_REQ_ERR] = "rem_inv_rd_req_err",
	[IBV_WC_REM_ABORT_ERR] = "rem_abort_err",
	[IBV_WC_INV_EECN_ERR] = "inv_eecn_err",
	[IBV_WC_INV_EEC_STATE_ERR] = "inv_eec_state_err",
	[IBV_WC_FATAL_ERR] = "fatal_err",
	[IBV_WC_RESP_TIMEOUT_ERR] = "resp_timeout_err",
	[IBV_WC_GENERAL_ERR] = "general_err",
};

const char *rr_wc_status_key(int status)
{
	if (status == RR_WC_ECHO_DIFFERS)
		return "echo_differs";
	if (status < 0 || (size_t)status >= ARRAY_SIZE(wc_keys))
		return NULL;
	return wc_keys[status];
}

int rr_wc_status_from_key(const char *key)
{
	unsigned int i;

	if (!strcmp(key, "echo_differs"))
		return RR_WC_ECHO_DIFFERS;
	for (i = 0; i < ARRAY_SIZE(wc_keys); i++)
		if (wc_keys[i] && !strcmp(wc_keys[i], key))
			return (int)i;
	return -1;
}
