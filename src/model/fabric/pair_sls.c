// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdlib.h>
#include <string.h>

#include "base/numbers.h"
#include "model/fabric/pair_sls.h"

bool rr_pair_sls_init(struct rr_pair_sls *p, size_t n)
{
	size_t cells;

	memset(p, 0, sizeof(*p));
	if (!rr_mul_size(n, n, &cells))
		return false;
	p->sl = calloc(cells ? cells : 1, 1);
	p->n = n;
	return p->sl != NULL;
}

bool rr_pair_sls_want_some(struct rr_pair_sls *p)
{
	/* rr_pair_sls_init checked that n * n does not overflow. */
	size_t cells = p->n * p->n;

	p->want = calloc(cells ? cells : 1, 1);
	return p->want != NULL;
}

void rr_pair_sls_want(struct rr_pair_sls *p, size_t src, size_t dst)
{
	uint8_t *w = &p->want[src * p->n + dst];

	p->wanted += !*w;
	*w = 1;
}

void rr_pair_sls_free(struct rr_pair_sls *p)
{
	free(p->sl);
	free(p->want);
	memset(p, 0, sizeof(*p));
}

void rr_pair_sls_set(struct rr_pair_sls *p, size_t src, size_t dst,
		     unsigned int sl)
{
	p->sl[src * p->n + dst] = (uint8_t)(sl & 15);
	p->used |= (uint16_t)(1U << (sl & 15));
}
