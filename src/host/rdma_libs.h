/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * librdmacm, libibverbs and libmnl, loaded at their first need rather than
 * linked: a --sa run never calls them, and linked in, their loading and
 * relocations were most of what it spent beyond saquery (callgrind).  A
 * resolution loads librdmacm and libibverbs; a failure's explanation and
 * --list add libmnl, for their netlink requests.
 *
 * Each function is called through rr_dl, under its own name:
 * rr_dl.rdma_create_id(...).  Symbols are looked up in the global scope,
 * so that a preloaded library (the lab's fault shim) still comes first,
 * as it would for a linked program.
 */
#ifndef RR_RDMA_LIBS_H
#define RR_RDMA_LIBS_H

#include <stdbool.h>
#include <infiniband/verbs.h>
#include <libmnl/libmnl.h>
#include <rdma/rdma_cma.h>

enum rr_dl_group {
	RR_DL_CM,	/* librdmacm */
	RR_DL_VERBS,	/* libibverbs */
	RR_DL_MNL,	/* libmnl */
	RR_DL_NUM_GROUPS
};

#define RR_DL_CM_SYMBOLS(X)                                                   \
	X(rdma_create_event_channel) X(rdma_destroy_event_channel)           \
	X(rdma_create_id) X(rdma_destroy_id) X(rdma_set_option)              \
	X(rdma_bind_addr) X(rdma_resolve_addr) X(rdma_resolve_route)         \
	X(rdma_get_cm_event) X(rdma_ack_cm_event)                           \
	X(rdma_connect) X(rdma_init_qp_attr) X(rdma_establish)               \
	X(rdma_disconnect) X(rdma_listen) X(rdma_accept) X(rdma_reject)    \
	X(rdma_create_qp) X(rdma_destroy_qp)                                 \
	X(rdma_get_devices) X(rdma_free_devices)

/*
 * ibv_query_port and ibv_query_gid_table are macros over inline functions
 * in verbs.h: rr_dl_query_port() and rr_dl_query_gid_table() do what those
 * do, with the library functions below.
 */
#define RR_DL_VERBS_SYMBOLS(X)                                                \
	X(ibv_get_device_list) X(ibv_free_device_list)                       \
	X(ibv_get_device_name) X(ibv_open_device) X(ibv_close_device)        \
	X(ibv_query_device) X(ibv_query_port) X(_ibv_query_gid_table)      \
	X(ibv_alloc_pd) X(ibv_dealloc_pd) X(ibv_create_cq) X(ibv_destroy_cq) \
	X(ibv_create_qp) X(ibv_destroy_qp) X(ibv_modify_qp)                 \
	X(ibv_create_comp_channel) X(ibv_destroy_comp_channel)             \
	X(ibv_reg_mr) X(ibv_dereg_mr) X(ibv_get_cq_event) X(ibv_ack_cq_events)

#define RR_DL_MNL_SYMBOLS(X)                                                  \
	X(mnl_socket_open2) X(mnl_socket_bind) X(mnl_socket_close)           \
	X(mnl_socket_get_fd) X(mnl_socket_sendto)                            \
	X(mnl_socket_setsockopt)                                             \
	X(mnl_nlmsg_put_header) X(mnl_nlmsg_put_extra_header)                \
	X(mnl_nlmsg_ok) X(mnl_nlmsg_next) X(mnl_nlmsg_get_payload)           \
	X(mnl_attr_put) X(mnl_attr_put_u32) X(mnl_attr_put_strz)            \
	X(mnl_attr_parse) X(mnl_attr_parse_nested) X(mnl_attr_parse_payload) \
	X(mnl_attr_get_type) X(mnl_attr_get_payload)                         \
	X(mnl_attr_get_payload_len)

#define RR_DL_MEMBER(name) __typeof__(name) *name;

/* Every function, with the headers' own type; NULL until its group loads. */
struct rr_dl {
	RR_DL_CM_SYMBOLS(RR_DL_MEMBER)
	RR_DL_VERBS_SYMBOLS(RR_DL_MEMBER)
	RR_DL_MNL_SYMBOLS(RR_DL_MEMBER)
};

extern struct rr_dl rr_dl;

/*
 * Loads GROUP's libraries and functions, once: true when they are there.
 * False, with errno ELIBACC, when one is missing; a group that failed is
 * not tried again, and rr_dl_error() says what the loader missed (static
 * text, kept for the run).
 */
bool rr_dl_load(enum rr_dl_group group);
const char *rr_dl_error(enum rr_dl_group group);

/* verbs.h's ibv_query_port() and ibv_query_gid_table(), on rr_dl. */
int rr_dl_query_port(struct ibv_context *ctx, uint8_t port,
		     struct ibv_port_attr *attr);
ssize_t rr_dl_query_gid_table(struct ibv_context *ctx,
			      struct ibv_gid_entry *entries, size_t max,
			      uint32_t flags);

#endif
