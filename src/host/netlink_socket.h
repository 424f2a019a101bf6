/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Netlink through libmnl, for rtnetlink and RDMA netlink alike: a request
 * and its answer, bounded in time, and the attributes of a message by
 * type.  Every request asks for one thing (a route, a link, a neighbour)
 * or dumps a table that stays small (addresses, rules, routes on a
 * refusal): nothing here grows with the neighbour table.
 */
#ifndef RR_NETLINK_SOCKET_H
#define RR_NETLINK_SOCKET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <libmnl/libmnl.h>

struct rr_nlsock {
	struct mnl_socket *sk;
	unsigned int seq;
	char *buf;		/* RR_NL_BUF bytes */
};

/* A dump's parts are at most 32 KiB: a larger buffer never cuts one. */
#define RR_NL_BUF (64 * 1024)
/* Room for any request made here. */
#define RR_NL_REQ 512

/*
 * A socket on BUS (NETLINK_ROUTE, NETLINK_RDMA): 0, or a negative errno,
 * -ELIBACC when libmnl cannot be loaded (rr_dl_error(RR_DL_MNL) says why).
 */
int rr_nlsock_open(struct rr_nlsock *s, int bus);
void rr_nlsock_close(struct rr_nlsock *s);

/*
 * A request of TYPE at the start of REQ (RR_NL_REQ bytes), FLAGS besides
 * NLM_F_REQUEST, with a zeroed fixed header of HDR_LEN bytes after it
 * (*HDR, when not NULL, points there).
 */
struct nlmsghdr *rr_nl_request(void *req, uint16_t type, uint16_t flags,
			       size_t hdr_len, void **hdr);

/*
 * Sends REQ and hands each message of its answer to CB, as libmnl's
 * callbacks (MNL_CB_OK: more; MNL_CB_STOP: the answer is whole, as after
 * the one message of a request that is no dump).  Messages of another
 * request (one given up on) are skipped.  0 once the kernel answered,
 * with its error in *ERR (positive; 0 for none); a negative errno when
 * no whole answer came: -ETIMEDOUT past WAIT_MS, -EBADMSG for an error
 * message cut short.
 */
int rr_nlsock_ask(struct rr_nlsock *s, struct nlmsghdr *req, int wait_ms,
		  mnl_cb_t cb, void *data, int *err);

enum rr_nl_end {
	RR_NL_MORE,	/* the answer goes on in the next read */
	RR_NL_DONE,	/* NLMSG_DONE, or CB said MNL_CB_STOP */
	RR_NL_ERROR,	/* the kernel's error, in *ERR (positive) */
	RR_NL_BAD,	/* an error message cut short */
};

/*
 * The messages of request SEQ among those read into BUF, as
 * rr_nlsock_ask() takes them: a pure function, for the parsers' tests.
 * An ACK (an error message saying 0) is passed over.
 */
enum rr_nl_end rr_nl_answer(const void *buf, size_t len, unsigned int seq,
			    mnl_cb_t cb, void *data, int *err);

/* A message's attributes by type; types past the table are not kept. */
#define RR_NL_ATTRS 128
struct rr_nl_attrs {
	const struct nlattr *at[RR_NL_ATTRS];
};

/* NLH's attributes after its fixed header of OFFSET bytes; the last of a type wins. */
void rr_nl_attrs(const struct nlmsghdr *nlh, size_t offset,
		 struct rr_nl_attrs *t);
/* The attributes nested in NEST, or in LEN bytes at PAYLOAD. */
void rr_nl_nested(const struct nlattr *nest, struct rr_nl_attrs *t);
void rr_nl_payload_attrs(const void *payload, size_t len,
			 struct rr_nl_attrs *t);

/* A's payload when it is LEN bytes long: else NULL (also for no A). */
const void *rr_nl_exact(const struct nlattr *a, size_t len);
/* A's 32-bit value: false when A is absent or shorter. */
bool rr_nl_u32(const struct nlattr *a, uint32_t *v);
/* A's text into NAME, cut to LEN - 1 bytes; "" for no A. */
void rr_nl_str(const struct nlattr *a, char *name, size_t len);

#endif
