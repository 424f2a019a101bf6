/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A socket address for people: "192.168.77.2", "fe80::1%veth0". */
#ifndef RR_SOCKADDR_H
#define RR_SOCKADDR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

/* The address as text with its scope, e.g. "fe80::1%veth0"; buf >= 64. */
const char *rr_sockaddr_str(const struct sockaddr_storage *ss, char *buf,
			    size_t len);

/*
 * The 16 bytes A as inet_ntop(AF_INET6) writes them, into BUF of LEN
 * (46 is always enough); false, BUF untouched, when they do not fit.
 */
bool rr_ipv6_str(const unsigned char a[16], char *buf, size_t len);

/* The length of SS's family's address (IPv6's, or IPv4's). */
socklen_t rr_sockaddr_len(const struct sockaddr_storage *ss);
/* SS's port set to PORT (host order), IPv4 or IPv6. */
void rr_sockaddr_set_port(struct sockaddr_storage *ss, uint16_t port);
/* The address's bytes and their number (4 or 16); NULL for another family. */
const void *rr_sockaddr_bytes(const struct sockaddr_storage *ss, size_t *len);

#endif
