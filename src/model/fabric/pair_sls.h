/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The SL of each ordered pair of a fabric's CA ports, as the SA's
 * PathRecord gives it (--sl-from-sa): routing engines that break credit
 * loops with SLs (lash, dfsssp, torus-2QoS) give pairs different ones,
 * and the credit loop check takes each route's VL by its own SL.  A pair
 * the SA did not answer for keeps SL 0, counted.  Pure: the asking is
 * the mad layer's (fabric_path_sl.c).
 */
#ifndef RR_PAIR_SLS_H
#define RR_PAIR_SLS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct rr_pair_sls {
	uint8_t *sl;		/* [src * n + dst]: 0-15 */
	size_t n;		/* endpoints */
	size_t asked, lost;	/* PathRecords asked; of them, not answered */
	uint16_t used;		/* the SLs answered, a bit each */
	bool unread;		/* the asking failed as a whole: */
	char why[160];		/* why, and every pair is on SL 0 */
	/*
	 * NULL: every pair is asked (--sl-from-sa).  Else only the pairs
	 * marked ([src * n + dst] is 1) are asked, those whose routes close
	 * the loops found on SL 0; the others keep SL 0.
	 */
	uint8_t *want;
	size_t wanted;		/* pairs marked */
};

/*
 * Sets up P with room for the pairs of N endpoints, every pair on SL 0.
 * Returns false on ENOMEM.
 */
bool rr_pair_sls_init(struct rr_pair_sls *p, size_t n);
void rr_pair_sls_free(struct rr_pair_sls *p);
/*
 * From now on, only marked pairs are asked: makes room for the marks.
 * Returns false on ENOMEM.
 */
bool rr_pair_sls_want_some(struct rr_pair_sls *p);
/* Marks pair SRC, DST to be asked (counted once if marked again). */
void rr_pair_sls_want(struct rr_pair_sls *p, size_t src, size_t dst);
/* Returns true if pair K (src * n + dst) is to be asked. */
static inline bool rr_pair_sls_wanted(const struct rr_pair_sls *p, size_t k)
{
	return !p->want || p->want[k];
}
/* Records that pair SRC, DST was answered with SL (its low 4 bits). */
void rr_pair_sls_set(struct rr_pair_sls *p, size_t src, size_t dst,
		     unsigned int sl);
/* Returns the SL from SRC to DST; 0 when it was not answered. */
static inline unsigned int rr_pair_sl(const struct rr_pair_sls *p, size_t src,
				      size_t dst)
{
	return p && p->sl ? p->sl[src * p->n + dst] : 0;
}

#endif
