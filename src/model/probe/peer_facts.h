/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the far end says of itself: rdma-route --listen answers a query
 * on its witness channel (TCP on its listen port) and puts the same
 * facts, fewer of them, in the private data of its REP.  The text both
 * carry is written and read here, pure and bounded: "key value" lines
 * after a first line "rdma-route-witness 1", up to a line "end".
 * Nothing in it is secret: port states, MTUs, which GID holds the
 * address asked, a few receive counters; still, the listener tells them
 * only to the sources its admin allows (--witness-allow): a REP to
 * another says its echo and "withheld", its witness a refusal.
 */
#ifndef RR_PEER_FACTS_H
#define RR_PEER_FACTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

#include "model/probe/result.h"	/* enum rr_gid_type */

#define RR_PEER_MAGIC "rdma-route-witness 1"
#define RR_PEER_MAX_PORTS 8
#define RR_PEER_NAME_LEN 64
/* The most the REP's private data holds (IB CM REP: 196 bytes). */
#define RR_PEER_REP_LEN 196
/* The most the witness's answer holds. */
#define RR_PEER_TEXT_MAX 4096

/* One RDMA port of the peer, as it lists them. */
struct rr_peer_port {
	char device[RR_PEER_NAME_LEN];
	uint8_t port;
	int state;			/* enum ibv_port_state; 0 unknown */
	char netdev[16];		/* "" none */
	unsigned int active_mtu;	/* bytes; 0 unknown */
};

/* The GID entry of the peer that holds the address asked. */
struct rr_peer_gid {
	char device[RR_PEER_NAME_LEN];
	uint8_t port;
	unsigned int index;
	enum rr_gid_type type;
	char netdev[16];
	int vlan;			/* -1: none */
};

struct rr_peer_facts {
	bool known;			/* something was heard */
	bool from_witness;		/* the whole list, else the REP's */
	/* It kept its facts to itself (a REP to a source not allowed). */
	bool withheld;
	char host[RR_PEER_NAME_LEN];
	char version[24];
	char address[64];		/* the address it was asked on */
	/*
	 * Its RDMA CM listens on listen_port; if not, listen_error says why,
	 * as errno names it.
	 */
	bool listening;
	uint16_t listen_port;
	char listen_error[24];
	uint32_t echo_max;		/* echoes messages up to this; 0: no */
	bool have_gid;			/* one of its GIDs holds the address */
	struct rr_peer_gid gid;
	unsigned int netdev_mtu;	/* the GID's netdev's; 0 unknown */
	unsigned int active_mtu;	/* its port's; 0 unknown */
	int port_state;			/* its port's; 0 unknown */
	bool have_counters;		/* of the GID's port */
	uint64_t cm_rx_req;
	bool have_pkts;
	uint64_t rcvd_pkts;
	unsigned int num_ports;
	struct rr_peer_port ports[RR_PEER_MAX_PORTS];
};

/*
 * Writes F as text into BUF (LEN bytes, of which at most RR_PEER_TEXT_MAX
 * are used), ending with "end\n".  With BRIEF, writes only what a REP
 * carries (echo, the GID, the MTUs; when F is withheld, the echo and
 * "withheld" alone).  Returns the length written, or 0 when LEN is too
 * short.
 */
size_t rr_peer_facts_write(const struct rr_peer_facts *f, bool brief,
			   char *buf, size_t len);
/*
 * Parses TEXT (LEN bytes, not NUL-terminated) into *F, ignoring what
 * follows "end".  Returns false with what is wrong in WHY (no magic line,
 * a bad value, no "end").  Unknown keys are skipped, as a newer listener
 * may say more.
 */
bool rr_peer_facts_parse(const char *text, size_t len,
			 struct rr_peer_facts *f, char *why, size_t why_len);
/*
 * A witness that answers nothing says why, a line after the first, and
 * closes: "busy" and a word ("clients": too many at once, "rate": too
 * many questions a second), or "denied" (the source is not allowed).
 */
enum rr_peer_refusal {
	RR_PEER_NOT_REFUSED,
	RR_PEER_BUSY,
	RR_PEER_DENIED,
};

/*
 * Writes the refusal R (with WORD after "busy"; NULL: none) into BUF (LEN
 * bytes); returns the length written, 0 when it does not fit.
 */
size_t rr_peer_refusal_write(enum rr_peer_refusal r, const char *word,
			     char *buf, size_t len);
/*
 * Returns whether TEXT (LEN bytes) is a refusal, its first two lines
 * whole: which one, with the word after "busy" in WORD (WORD_LEN bytes,
 * "" for none, printable).  RR_PEER_NOT_REFUSED for anything else.
 */
enum rr_peer_refusal rr_peer_refusal_parse(const char *text, size_t len,
					   char *word, size_t word_len);

/* Returns TYPE as the text writes a GID type ("RoCEv2"); NULL if unknown. */
const char *rr_peer_gid_type_token(enum rr_gid_type type);

#endif
