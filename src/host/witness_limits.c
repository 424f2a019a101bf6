// SPDX-License-Identifier: GPL-2.0-or-later
#include <string.h>
#include <netinet/in.h>

#include "base/clock.h"
#include "host/witness_limits.h"

#define WINDOW_MS 1000

/* FROM's address as a source: an IPv4-mapped IPv6 one as IPv4. */
static bool key_of(const struct sockaddr_storage *from, sa_family_t *family,
		   uint8_t addr[16])
{
	static const uint8_t mapped[12] = { [10] = 0xff, [11] = 0xff };
	const uint8_t *a;

	memset(addr, 0, 16);
	if (from->ss_family == AF_INET) {
		*family = AF_INET;
		memcpy(addr, &((const struct sockaddr_in *)from)->sin_addr, 4);
		return true;
	}
	if (from->ss_family != AF_INET6)
		return false;
	a = ((const struct sockaddr_in6 *)from)->sin6_addr.s6_addr;
	if (!memcmp(a, mapped, sizeof(mapped))) {
		*family = AF_INET;
		memcpy(addr, a + 12, 4);
	} else {
		*family = AF_INET6;
		memcpy(addr, a, 16);
	}
	return true;
}

/* W's answers at NOW: a window over is a new one, empty. */
static unsigned int in_window(struct rr_wl_window *w, const struct timespec *now)
{
	if (w->n && rr_ts_ms(now, &w->start) >= WINDOW_MS)
		w->n = 0;
	return w->n;
}

static void count(struct rr_wl_window *w, const struct timespec *now)
{
	if (!w->n)
		w->start = *now;
	w->n++;
}

/* S still counts: it holds a client, or was answered within its second. */
static bool live(struct rr_wl_source *s, const struct timespec *now)
{
	return s->family && (s->clients || in_window(&s->rate, now));
}

/* FROM's entry, a free one made its own when CREATE, or NULL. */
static struct rr_wl_source *source(struct rr_witness_limits *l,
				   const struct sockaddr_storage *from,
				   const struct timespec *now, bool create)
{
	struct rr_wl_source *free_one = NULL, *s;
	sa_family_t family;
	uint8_t addr[16];
	int i;

	if (!key_of(from, &family, addr))
		return NULL;
	for (i = 0; i < RR_WITNESS_SOURCES; i++) {
		s = &l->s[i];
		if (s->family == family && !memcmp(s->addr, addr, 16))
			return s;
		if (create && !free_one && !live(s, now))
			free_one = s;
	}
	if (!free_one)
		return NULL;
	memset(free_one, 0, sizeof(*free_one));
	free_one->family = family;
	memcpy(free_one->addr, addr, 16);
	return free_one;
}

enum rr_wl rr_wl_take(struct rr_witness_limits *l,
		      const struct sockaddr_storage *from,
		      const struct timespec *now)
{
	struct rr_wl_source *s;

	if (l->clients >= RR_WITNESS_MAX_CLIENTS)
		return RR_WL_CLIENTS;
	s = source(l, from, now, true);
	if (!s || s->clients >= RR_WITNESS_SOURCE_CLIENTS)
		return RR_WL_CLIENTS;
	s->clients++;
	l->clients++;
	return RR_WL_OK;
}

void rr_wl_release(struct rr_witness_limits *l,
		   const struct sockaddr_storage *from)
{
	struct timespec now = { 0 };
	struct rr_wl_source *s = source(l, from, &now, false);

	if (!s || !s->clients || !l->clients)
		return;
	s->clients--;
	l->clients--;
}

enum rr_wl rr_wl_answer(struct rr_witness_limits *l,
			const struct sockaddr_storage *from,
			const struct timespec *now)
{
	struct rr_wl_source *s = source(l, from, now, true);

	if (!s || in_window(&s->rate, now) >= RR_WITNESS_SOURCE_RATE ||
	    in_window(&l->rate, now) >= RR_WITNESS_RATE)
		return RR_WL_RATE;
	count(&s->rate, now);
	count(&l->rate, now);
	return RR_WL_OK;
}

const char *rr_wl_word(enum rr_wl why)
{
	return why == RR_WL_RATE ? "rate" : "clients";
}
