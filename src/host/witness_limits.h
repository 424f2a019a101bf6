/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the witness of rdma-route --listen lets a stranger take, counted
 * per source address and in total: clients held at once (each until it
 * has asked, a second at most) and answers a second.  One source takes a
 * quarter of each at most, so that a flood from one host leaves the
 * others room.  Pure: the caller gives the time.
 */
#ifndef RR_WITNESS_LIMITS_H
#define RR_WITNESS_LIMITS_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>
#include <sys/socket.h>

#define RR_WITNESS_MAX_CLIENTS 16
#define RR_WITNESS_SOURCE_CLIENTS 4
#define RR_WITNESS_RATE 20
#define RR_WITNESS_SOURCE_RATE 5
/*
 * Sources kept: every one that holds a client and every one answered in
 * the last second.  The total rate bounds the second kind (at most twice
 * RR_WITNESS_RATE over a second straddling two windows), so 16 + 40 fit.
 */
#define RR_WITNESS_SOURCES 64

/* Whether a source may have what it asks, and if not, why. */
enum rr_wl {
	RR_WL_OK,
	RR_WL_CLIENTS,		/* its clients, or everyone's, at the bound */
	RR_WL_RATE,		/* its answers this second, or everyone's */
};

/* Answers within a one-second window, from its first. */
struct rr_wl_window {
	struct timespec start;
	unsigned int n;
};

struct rr_wl_source {
	sa_family_t family;		/* 0: free */
	uint8_t addr[16];
	unsigned int clients;
	struct rr_wl_window rate;
};

struct rr_witness_limits {
	unsigned int clients;
	struct rr_wl_window rate;
	struct rr_wl_source s[RR_WITNESS_SOURCES];
};

/*
 * A client of FROM's arrives at NOW: RR_WL_OK takes it a place (give it
 * back with rr_wl_release), else why it may not have one.
 */
enum rr_wl rr_wl_take(struct rr_witness_limits *l,
		      const struct sockaddr_storage *from,
		      const struct timespec *now);
/* A client of FROM's that rr_wl_take let in has gone. */
void rr_wl_release(struct rr_witness_limits *l,
		   const struct sockaddr_storage *from);
/*
 * A client of FROM's asked at NOW: RR_WL_OK counts its answer in FROM's
 * second and in everyone's, else RR_WL_RATE.
 */
enum rr_wl rr_wl_answer(struct rr_witness_limits *l,
			const struct sockaddr_storage *from,
			const struct timespec *now);
/* The word a refusal of WHY says after "busy": "clients", "rate". */
const char *rr_wl_word(enum rr_wl why);

#endif
