/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A socket address for people: "192.168.77.2", "fe80::1%veth0". */
#ifndef RR_SOCKADDR_H
#define RR_SOCKADDR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

/*
 * Writes the address in SS as text with its scope, e.g. "fe80::1%veth0",
 * into BUF of LEN bytes (at least 64).  Returns BUF.
 */
const char *rr_sockaddr_str(const struct sockaddr_storage *ss, char *buf,
			    size_t len);

/*
 * Writes the 16 bytes at A as inet_ntop(AF_INET6) writes them into BUF of
 * LEN bytes (46 is always enough).  Returns false, leaving BUF untouched,
 * when they do not fit.
 */
bool rr_ipv6_str(const unsigned char a[16], char *buf, size_t len);

/* Returns the size of the address structure of SS's family, IPv6 or IPv4. */
socklen_t rr_sockaddr_len(const struct sockaddr_storage *ss);
/* Sets the port of SS, IPv4 or IPv6, to PORT, given in host byte order. */
void rr_sockaddr_set_port(struct sockaddr_storage *ss, uint16_t port);
/*
 * Returns a pointer to the address bytes in SS and stores their number
 * (4 or 16) in *LEN.  Returns NULL for any other family.
 */
const void *rr_sockaddr_bytes(const struct sockaddr_storage *ss, size_t *len);

#endif
