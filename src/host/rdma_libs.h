/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * librdmacm, libibverbs and libnl, loaded at their first need rather than
 * linked: a --sa run never calls them, and linked in, their loading and
 * relocations were most of what it spent beyond saquery (callgrind).  A
 * resolution loads librdmacm and libibverbs (libnl comes along as their
 * dependency); a failure's explanation and --list add libnl's symbols.
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
#include <netlink/netlink.h>
#include <netlink/route/addr.h>
#include <netlink/route/link.h>
#include <netlink/route/link/vlan.h>
#include <netlink/route/neighbour.h>
#include <rdma/rdma_cma.h>

enum rr_dl_group {
	RR_DL_CM,	/* librdmacm */
	RR_DL_VERBS,	/* libibverbs */
	RR_DL_NL,	/* libnl-3 and libnl-route-3 */
	RR_DL_NUM_GROUPS
};

#define RR_DL_CM_SYMBOLS(X)                                                   \
	X(rdma_create_event_channel) X(rdma_destroy_event_channel)           \
	X(rdma_create_id) X(rdma_destroy_id) X(rdma_set_option)              \
	X(rdma_bind_addr) X(rdma_resolve_addr) X(rdma_resolve_route)         \
	X(rdma_get_cm_event) X(rdma_ack_cm_event)                           \
	X(rdma_connect) X(rdma_init_qp_attr) X(rdma_establish)               \
	X(rdma_disconnect) X(rdma_listen) X(rdma_accept) X(rdma_reject)    \
	X(rdma_create_qp) X(rdma_destroy_qp)

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
	X(ibv_create_qp) X(ibv_destroy_qp) X(ibv_modify_qp)

#define RR_DL_NL_SYMBOLS(X)                                                   \
	X(nl_addr2str) X(nl_addr_build) X(nl_addr_clone)                     \
	X(nl_addr_cmp_prefix) X(nl_addr_get_binary_addr)                     \
	X(nl_addr_get_family) X(nl_addr_get_len) X(nl_addr_get_prefixlen)   \
	X(nl_addr_put) X(nl_addr_set_prefixlen)                              \
	X(nl_cache_get_first) X(nl_cache_get_next) X(nl_cache_refill)       \
	X(nl_cache_mngr_add) X(nl_cache_mngr_alloc)                          \
	X(nl_cache_mngr_data_ready) X(nl_cache_mngr_free)                    \
	X(nl_cache_mngr_get_fd)                                              \
	X(nl_connect) X(nl_geterror)                                         \
	X(nl_socket_alloc) X(nl_socket_free) X(nl_socket_set_buffer_size)   \
	X(rtnl_addr_get_ifindex) X(rtnl_addr_get_local)                      \
	X(rtnl_addr_get_prefixlen)                                           \
	X(rtnl_link_get) X(rtnl_link_get_addr) X(rtnl_link_get_by_name)      \
	X(rtnl_link_get_flags) X(rtnl_link_get_mtu) X(rtnl_link_get_name)    \
	X(rtnl_link_is_vlan) X(rtnl_link_name2i) X(rtnl_link_put)            \
	X(rtnl_link_vlan_get_id)                                             \
	X(rtnl_neigh_get_dst) X(rtnl_neigh_get_ifindex)                      \
	X(rtnl_neigh_get_lladdr) X(rtnl_neigh_get_state)                     \
	X(rtnl_neigh_state2str) X(rtnl_neigh_alloc) X(rtnl_neigh_put)        \
	X(rtnl_neigh_set_ifindex) X(rtnl_neigh_set_dst) X(nl_cache_search)

#define RR_DL_MEMBER(name) __typeof__(name) *name;

/* Every function, with the headers' own type; NULL until its group loads. */
struct rr_dl {
	RR_DL_CM_SYMBOLS(RR_DL_MEMBER)
	RR_DL_VERBS_SYMBOLS(RR_DL_MEMBER)
	RR_DL_NL_SYMBOLS(RR_DL_MEMBER)
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
