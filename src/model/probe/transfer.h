/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * --connect --data: the messages sent over an established connection
 * and echoed by the peer (rdma-route --listen), what came back, and what
 * a failure of theirs means.  Pure functions: no I/O.
 */
#ifndef RR_TRANSFER_H
#define RR_TRANSFER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/probe/cause.h"

#define RR_DATA_MAX_MESSAGES 8
#define RR_DATA_MAX_BYTES (1U << 20)	/* 1 MiB: the largest message */
#define RR_DATA_MTU 0			/* a planned size: the path MTU */
#define RR_DATA_SIZES_LEN 96		/* "1048576," eight times, and more */

/* The sizes asked for (--data=SIZES), RR_DATA_MTU for "mtu". */
struct rr_data_plan {
	unsigned int num;
	uint32_t size[RR_DATA_MAX_MESSAGES];
};

/*
 * Sets PLAN to what --data alone asks for: 64 bytes, one packet at the
 * path MTU, and 64 KiB.
 */
void rr_data_plan_default(struct rr_data_plan *plan);
/*
 * Parses TEXT, sizes separated by commas ("64,mtu,64K"; K and M are 1024
 * and 1024^2), into PLAN.  Returns false with what is wrong in WHY.
 */
bool rr_data_plan_parse(const char *text, struct rr_data_plan *plan,
			char *why, size_t why_len);

/* A wc_status of our own: the message came back, but changed. */
#define RR_WC_ECHO_DIFFERS 1000

/* What the messages of one probe did. */
struct rr_transfer {
	unsigned int num;		/* messages: the plan's sizes, known */
	uint32_t size[RR_DATA_MAX_MESSAGES];	/* ascending */
	double rtt_ms[RR_DATA_MAX_MESSAGES];
	unsigned int passed;		/* the first this many came back */
	int wc_status;			/* the failed message's; -1 none */
	bool sent;			/* the failed one was acknowledged */
	uint32_t path_mtu;		/* bytes; 0 unknown */
	/* Filled by the explanation: the route's interface here. */
	char netdev[16];
	unsigned int netdev_mtu;	/* 0 unknown */
	/*
	 * What the peer's REP said (model/probe/peer_facts.h): the largest
	 * message it echoes (0: it did not say it echoes), its port's active
	 * MTU and its netdev's MTU (0 unknown).
	 */
	uint32_t peer_echo_max;
	unsigned int peer_active_mtu, peer_netdev_mtu;
	char peer_netdev[16];
	/*
	 * How long its messages waited for the data of other probes first,
	 * and behind how many (probes send their data one at a time).
	 */
	double waited_ms;
	unsigned int behind;
	/* RR_WC_ECHO_DIFFERS: the echo's length, its first differing byte. */
	uint32_t echo_len;
	int64_t differs_at;		/* -1: only the lengths differ */
};

/*
 * Sets up T's messages from PLAN, with nothing passed yet.  A size of
 * "mtu" becomes PATH_MTU bytes (1024 when PATH_MTU is 0, unknown).  The
 * sizes are sorted in ascending order; a size given twice is sent twice.
 */
void rr_transfer_plan(struct rr_transfer *t, const struct rr_data_plan *plan,
		      uint32_t path_mtu);
/* Returns the largest message's size, 0 when none is planned. */
uint32_t rr_transfer_max(const struct rr_transfer *t);
/*
 * Returns the median round trip of the messages that came back, in
 * milliseconds; -1 when none did.
 */
double rr_transfer_median_ms(const struct rr_transfer *t);
/* Writes T's sizes into BUF (LEN bytes) as "64,1024,65536"; returns BUF. */
const char *rr_transfer_sizes_str(const struct rr_transfer *t, char *buf,
				  size_t len);
/* Returns the size of the largest message that came back, 0 if none did. */
uint32_t rr_transfer_largest_passed(const struct rr_transfer *t);
/*
 * Returns the cause of a failed transfer: the message after T->passed
 * failed with the work completion T->wc_status, or with -1 when none came
 * by the deadline (T->sent then says whether the send completed).  It is
 * an MTU black hole only when a message of one packet, larger than those
 * that came back on the same connection, was never acknowledged, or was
 * acknowledged but the peer's own active MTU is below its packet (so its
 * echo cannot come back).  The deadline, when the peer says it echoes or
 * after waiting behind other probes' data, means a transfer too slow for
 * it, not a peer that does not echo; from such a peer, a missing echo of
 * one packet is lost.  An echo that differs is corrupted only from a peer
 * that said it echoes.
 */
enum rr_cause rr_transfer_cause(const struct rr_transfer *t);
/* Returns the size of the message after T->passed, 0 when none failed. */
uint32_t rr_transfer_failed_size(const struct rr_transfer *t);
/*
 * Writes the failure's detail into BUF (LEN bytes), for failure.where:
 * the sizes, the path MTU and the interface.
 */
void rr_transfer_where(const struct rr_transfer *t, char *buf, size_t len);
/*
 * Returns the QP's ACK timeout for a step of TIMEOUT_MS, as the exponent
 * RDMA_OPTION_ID_ACK_TIMEOUT takes.  It is chosen so that RC's 8 tries of
 * a packet never acknowledged end within a quarter of the step (a device
 * may wait up to four times the timeout the spec names, and then they
 * still end within the whole step).
 */
uint8_t rr_data_ack_timeout(unsigned int timeout_ms);
/*
 * Returns STATUS's key, e.g. "retry_exc_err" for IBV_WC_RETRY_EXC_ERR, or
 * NULL for an unknown status.
 */
const char *rr_wc_status_key(int status);
/* Returns the status whose key is KEY, or -1 when none has it. */
int rr_wc_status_from_key(const char *key);

#endif
