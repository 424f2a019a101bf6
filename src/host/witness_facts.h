/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the witness of rdma-route --listen says of this host, read fresh
 * at each question (a device may have gone since the last): every RDMA
 * port with its state, the GID entry that holds the address asked (its
 * device, port, index, type, netdev and VLAN), that netdev's MTU and the
 * port's active MTU, and the port's receive counters (the RDMA CM's
 * requests, the device's packets).  Read-only.
 */
#ifndef RR_WITNESS_FACTS_H
#define RR_WITNESS_FACTS_H

#include <sys/socket.h>

#include "model/probe/peer_facts.h"

/* ADDR's facts added to F (its other members are the caller's). */
void rr_witness_facts(const struct sockaddr_storage *addr,
		      struct rr_peer_facts *f);
/*
 * What a REP says, read of the one port a connection came to (VERBS,
 * PORT), not of every port: the GID entry of ADDR there, its netdev's
 * MTU and VLAN, the port's active MTU.  Cheap enough for every accept
 * (a host may have hundreds of GIDs on other ports).
 */
struct ibv_context;
void rr_witness_rep_facts(const struct sockaddr_storage *addr,
			  struct ibv_context *verbs, uint8_t port,
			  struct rr_peer_facts *f);

#endif
