/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libibumad and libibmad, loaded by the SA backend when --sa opens a port.
 * Every other run starts without them: linked in, their relocations were
 * a fifth of the user-space instructions of a single rdma_cm resolution
 * (callgrind), and every later symbol look-up walked them too.
 */
#ifndef RR_SA_LIB_H
#define RR_SA_LIB_H

#include <stdbool.h>
#include <stddef.h>
#include <infiniband/mad.h>
#include <infiniband/umad.h>

/* The functions the SA backend calls, with the headers' own types. */
struct rr_sa_lib {
	void *umad_so, *mad_so;
	__typeof__(umad_init) *umad_init;
	__typeof__(umad_get_port) *umad_get_port;
	__typeof__(umad_get_cas_names) *umad_get_cas_names;
	__typeof__(umad_release_port) *umad_release_port;
	__typeof__(umad_get_mad) *umad_get_mad;
	__typeof__(umad_size) *umad_size;
	__typeof__(umad_send) *umad_send;
	__typeof__(umad_recv) *umad_recv;
	__typeof__(umad_status) *umad_status;
	__typeof__(mad_rpc_open_port) *mad_rpc_open_port;
	__typeof__(mad_rpc_close_port) *mad_rpc_close_port;
	__typeof__(mad_rpc_set_timeout) *mad_rpc_set_timeout;
	__typeof__(mad_rpc_set_retries) *mad_rpc_set_retries;
	__typeof__(mad_rpc_portid) *mad_rpc_portid;
	__typeof__(mad_rpc_class_agent) *mad_rpc_class_agent;
	__typeof__(mad_build_pkt) *mad_build_pkt;
	__typeof__(mad_encode_field) *mad_encode_field;
	__typeof__(mad_set_field) *mad_set_field;
	__typeof__(mad_set_field64) *mad_set_field64;
	__typeof__(mad_get_field64) *mad_get_field64;
	__typeof__(ib_resolve_self_via) *ib_resolve_self_via;
	__typeof__(ib_resolve_smlid_via) *ib_resolve_smlid_via;
	__typeof__(mad_get_field) *mad_get_field;
	__typeof__(mad_decode_field) *mad_decode_field;
	__typeof__(smp_query_via) *smp_query_via;
};

/*
 * Loads both libraries into LIB.  Returns false, with the loader's
 * message in WHY (LEN bytes), when one of them or one of its functions is
 * missing; nothing stays loaded then.
 */
bool rr_sa_lib_open(struct rr_sa_lib *lib, char *why, size_t len);
/* Unloads the libraries that LIB holds and clears LIB. */
void rr_sa_lib_close(struct rr_sa_lib *lib);

/*
 * Returns the SM's LID as port CA/PORT last heard it (its SMLID); 0 when
 * it knows none or the port cannot be read.
 */
unsigned int rr_sa_lib_sm_lid(const struct rr_sa_lib *lib, const char *ca,
			      int port);

/*
 * Sends stderr to /dev/null.  libibmad and libibnetdisc warn on stderr
 * (IBWARN) when a call fails, but the result already says why, and stderr
 * belongs to the renderer: JSON mode keeps it empty.  When
 * LIBIBMAD_DEBUG_LEVEL, libibmad's own debug switch, is set, the warnings
 * are kept.  Returns the saved descriptor, or -1 when nothing was muted.
 */
int rr_mad_mute_stderr(void);
/* Restores stderr from SAVED, rr_mad_mute_stderr()'s result (-1: none). */
void rr_mad_unmute_stderr(int saved);

#endif
