/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * An ICMP (or ICMPv6) echo to one address and its reply, as ping sends
 * it: through an unprivileged ping socket where net.ipv4.ping_group_range
 * allows one, else a raw socket (CAP_NET_RAW); EPERM or EACCES when
 * neither may be opened.
 */
#ifndef RR_ECHO_PROBE_H
#define RR_ECHO_PROBE_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/socket.h>

/* What came back for the echoes sent so far. */
enum rr_echo_answer {
	RR_ECHO_NONE,		/* nothing yet */
	RR_ECHO_REPLY,		/* an echo reply */
	RR_ECHO_UNREACHABLE,	/* destination unreachable (code in *code) */
};

struct rr_echo_probe {
	int fd;
	bool raw;
	int family;
	uint16_t id, seq;
	struct sockaddr_storage dst;
};

/* Opens the socket to DST from SRC (may be NULL); 0, or -1 with errno. */
int rr_echo_probe_open(struct rr_echo_probe *p,
		       const struct sockaddr_storage *dst,
		       const struct sockaddr_storage *src);
/* The next echo request out. */
int rr_echo_probe_send(struct rr_echo_probe *p);
/* Replies and errors read without waiting; CODE: an unreachable's. */
enum rr_echo_answer rr_echo_probe_read(struct rr_echo_probe *p, int *code);
void rr_echo_probe_close(struct rr_echo_probe *p);

#endif
