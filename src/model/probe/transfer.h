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
#define RR_DATA_MTU 0			/* a planned size: the path MTU's */
#define RR_DATA_SIZES_LEN 96		/* "1048576," eight times, and more */

/* The sizes asked for (--data=SIZES), RR_DATA_MTU for "mtu". */
struct rr_data_plan {
	unsigned int num;
	uint32_t size[RR_DATA_MAX_MESSAGES];
};

/* --data alone: 64 bytes, one packet at the path MTU, 64 KiB. */
void rr_data_plan_default(struct rr_data_plan *plan);
/*
 * TEXT, sizes separated by commas ("64,mtu,64K"; K and M are 1024 and
 * 1024^2), into PLAN; false with what is wrong in WHY.
 */
bool rr_data_plan_parse(const char *text, struct rr_data_plan *plan,
			char *why, size_t why_len);

/* A wc_status of ours: the message came back, but not the same. */
#define RR_WC_ECHO_DIFFERS 1000

/* What the messages of one probe did. */
struct rr_transfer {
	unsigned int num;		/* messages: the plan's sizes, known */
	uint32_t size[RR_DATA_MAX_MESSAGES];	/* ascending */
	double rtt_ms[RR_DATA_MAX_MESSAGES];
	unsigned int passed;		/* the first ones came back */
	int wc_status;			/* the failed message's; -1 none */
	bool sent;			/* the failed one was acknowledged */
	uint32_t path_mtu;		/* bytes; 0 unknown */
	/* Filled by the explanation: the route's interface here. */
	char netdev[16];
	unsigned int netdev_mtu;	/* 0 unknown */
	/*
	 * What the peer's REP said (model/probe/peer_facts.h): the largest message
	 * it echoes (0: it did not say it echoes), its port's active MTU
	 * and its netdev's (0 unknown).
	 */
	uint32_t peer_echo_max;
	unsigned int peer_active_mtu, peer_netdev_mtu;
	char peer_netdev[16];
	/*
	 * Its messages waited for the data of other probes first (probes send
	 * their data one at a time): for how long, behind how many.
	 */
	double waited_ms;
	unsigned int behind;
	/* RR_WC_ECHO_DIFFERS: the echo's length, its first byte that differs. */
	uint32_t echo_len;
	int64_t differs_at;		/* -1: only the lengths differ */
};

/*
 * T's messages from PLAN: "mtu" is PATH_MTU's payload (bytes; 0 unknown:
 * 1024), the sizes in ascending order (a size given twice goes twice);
 * nothing passed yet.
 */
void rr_transfer_plan(struct rr_transfer *t, const struct rr_data_plan *plan,
		      uint32_t path_mtu);
/* The largest message, 0 when none is planned. */
uint32_t rr_transfer_max(const struct rr_transfer *t);
/* The round trip of the messages that came back: their median; -1 none. */
double rr_transfer_median_ms(const struct rr_transfer *t);
/* "64,1024,65536": T's sizes into BUF. */
const char *rr_transfer_sizes_str(const struct rr_transfer *t, char *buf,
				  size_t len);
/* The largest message that came back, 0 when none did. */
uint32_t rr_transfer_largest_passed(const struct rr_transfer *t);
/*
 * The message after T->passed failed with work completion T->wc_status
 * (-1: none came by the deadline; then T->sent says whether the send
 * completed): the cause.  An MTU black hole only when a message of one
 * packet, larger than those that came back on the same connection, was
 * never acknowledged; or, acknowledged, when the peer's own active MTU
 * is below its packet (its echo cannot come back).  The deadline with
 * the peer saying it echoes, or after waiting behind other probes' data,
 * is a transfer too slow for it, not a peer that does not echo; the echo
 * of one packet missing, from such a peer, is lost.  An echo that
 * differs is corrupted only from a peer that said it echoes.
 */
enum rr_cause rr_transfer_cause(const struct rr_transfer *t);
/* The message after T->passed: its size, 0 when none failed. */
uint32_t rr_transfer_failed_size(const struct rr_transfer *t);
/* The failure's detail, for failure.where: sizes, path MTU, interface. */
void rr_transfer_where(const struct rr_transfer *t, char *buf, size_t len);
/*
 * The QP's ACK timeout (its exponent, as RDMA_OPTION_ID_ACK_TIMEOUT
 * takes it) for a step of TIMEOUT_MS: RC's 8 tries of a packet never
 * acknowledged end within a quarter of it (a device may wait up to four
 * times the timeout the spec names: then within all of it).
 */
uint8_t rr_data_ack_timeout(unsigned int timeout_ms);
/* "retry_exc_err" for IBV_WC_RETRY_EXC_ERR...; NULL for an unknown one. */
const char *rr_wc_status_key(int status);
/* The status of KEY; -1 for none. */
int rr_wc_status_from_key(const char *key);

#endif
