// SPDX-License-Identifier: GPL-2.0-or-later
#include <string.h>

#include "model/probe/field_member.h"

/* The store a result read back keeps its strings in. */
const char *rr_fstore_put(struct rr_fstore *store, const char *s)
{
	size_t n = strlen(s) + 1;
	char *at;

	if (n > store->len - store->used)
		return NULL;
	at = store->buf + store->used;
	memcpy(at, s, n);
	store->used += n;
	return at;
}

static const char *member_at(const void *base, unsigned int off)
{
	return (const char *)base + off;
}

static unsigned long long load_uint(const char *at, unsigned int size)
{
	switch (size) {
	case 1:
		return *(const uint8_t *)at;
	case 2:
		return *(const uint16_t *)at;
	case 4:
		return *(const uint32_t *)at;
	default:
		return *(const uint64_t *)at;
	}
}

static void store_uint(char *at, unsigned int size, unsigned long long x)
{
	switch (size) {
	case 1:
		*(uint8_t *)at = (uint8_t)x;
		break;
	case 2:
		*(uint16_t *)at = (uint16_t)x;
		break;
	case 4:
		*(uint32_t *)at = (uint32_t)x;
		break;
	default:
		*(uint64_t *)at = x;
	}
}

/* Whether the member of M in BASE is there, NONZERO saying if it is set. */
static bool member_present(const struct rr_member *m, const void *base,
			   bool nonzero)
{
	switch (m->has) {
	case RR_HAS_ALWAYS:
		return true;
	case RR_HAS_NONZERO:
		return nonzero;
	case RR_HAS_FLAG:
		return *(const bool *)member_at(base, m->flag);
	default:
		return member_at(base, m->flag)[0] != '\0';
	}
}

/* The member of F in BASE into V, there as its row says. */
static void member_get(const struct rr_field *f, const void *base,
		       struct rr_fval *v)
{
	const struct rr_member *m = &f->mem;
	const char *at = member_at(base, m->off);
	bool nonzero;

	switch (m->kind) {
	case RR_MEM_UINT:
	case RR_MEM_NAMED:
		v->i = (long long)load_uint(at, m->size);
		nonzero = v->i != 0;
		if (m->kind == RR_MEM_NAMED)
			v->s = m->name((int)v->i);
		break;
	case RR_MEM_MS:
		v->d = *(const double *)at;
		nonzero = v->d != 0;
		break;
	case RR_MEM_TEXT:
		v->s = *(const char *const *)at;
		nonzero = v->s != NULL;
		break;
	default:
		v->s = at;
		nonzero = at[0] != '\0';
	}
	v->present = member_present(m, base, nonzero);
}

void rr_member_get(const struct rr_field *f, const struct rr_result *r,
		   const struct rr_path *path, struct rr_fval *v)
{
	member_get(f, f->mem.base == RR_IN_PATH ? (const void *)path : r, v);
}

void rr_member_get_hop(const struct rr_field *f, const struct rr_hop *h,
		       struct rr_fval *v)
{
	member_get(f, h, v);
}

/* The code of M whose name is S, or -1 when none has it. */
static long long code_named(const struct rr_member *m, const char *s)
{
	const char *name;
	int code;

	for (code = m->min; code <= (int)m->max; code++) {
		name = m->name(code);
		if (name && !strcmp(s, name))
			return code;
	}
	return -1;
}

bool rr_member_set(const struct rr_field *f, struct rr_result *r,
		   struct rr_path *path, const struct rr_fval *v,
		   struct rr_fstore *store)
{
	const struct rr_member *m = &f->mem;
	char *base = m->base == RR_IN_PATH ? (char *)path : (char *)r;
	char *at = base + m->off;
	long long code;

	switch (m->kind) {
	case RR_MEM_UINT:
		if (v->i < 0 || (double)v->i > m->max)
			return false;
		store_uint(at, m->size, (unsigned long long)v->i);
		break;
	case RR_MEM_NAMED:
		code = code_named(m, v->s);
		if (code < 0)
			return false;
		store_uint(at, m->size, (unsigned long long)code);
		break;
	case RR_MEM_MS:
		if (!(v->d >= 0 && v->d < m->max))	/* NaN too */
			return false;
		*(double *)at = v->d;
		break;
	case RR_MEM_TEXT:
		*(const char **)at = rr_fstore_put(store, v->s);
		break;
	default:
		if (strlen(v->s) >= m->size)
			return false;
		memcpy(at, v->s, strlen(v->s) + 1);
	}
	if (m->has == RR_HAS_FLAG)
		*(bool *)(base + m->flag) = true;
	return true;
}
