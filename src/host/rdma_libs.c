// SPDX-License-Identifier: GPL-2.0-or-later
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "host/rdma_libs.h"

/* The sonames configure read from the libraries the headers came with. */
#ifndef RR_RDMACM_SONAME
#define RR_RDMACM_SONAME "librdmacm.so.1"
#endif
#ifndef RR_IBVERBS_SONAME
#define RR_IBVERBS_SONAME "libibverbs.so.1"
#endif
#ifndef RR_MNL_SONAME
#define RR_MNL_SONAME "libmnl.so.0"
#endif

struct rr_dl rr_dl;

enum state { NOT_TRIED, LOADED, MISSING };

static enum state state[RR_DL_NUM_GROUPS];

/* Static: a failure's detail points here for the rest of the run. */
static char load_error[RR_DL_NUM_GROUPS][256];
static enum rr_dl_group loading;

static bool missing(const char *what)
{
	const char *err = dlerror();

	snprintf(load_error[loading], sizeof(load_error[loading]), "%s",
		 err ? err : what);
	return false;
}

/*
 * Kept open for the run: ids and devices live until its very end.  Lazy,
 * as a program linked with them binds them: RTLD_NOW bound every call
 * the libraries make among themselves, which a run mostly never makes (a
 * tenth of the instructions of a one-destination run, with libnl).  What
 * rdma-route calls is looked up below, at load, all the same.
 */
static bool open_so(const char *soname)
{
	if (!dlopen(soname, RTLD_LAZY | RTLD_GLOBAL))
		return missing(soname);
	return true;
}

#define FIND(name)                                                            \
	do {                                                                  \
		*(void **)&rr_dl.name = dlsym(RTLD_DEFAULT, #name);           \
		if (!rr_dl.name)                                              \
			return missing(#name);                                \
	} while (0);

static bool load_cm(void)
{
	if (!open_so(RR_RDMACM_SONAME))
		return false;
	RR_DL_CM_SYMBOLS(FIND)
	return true;
}

static bool load_verbs(void)
{
	if (!open_so(RR_IBVERBS_SONAME))
		return false;
	RR_DL_VERBS_SYMBOLS(FIND)
	return true;
}

static bool load_mnl(void)
{
	if (!open_so(RR_MNL_SONAME))
		return false;
	RR_DL_MNL_SYMBOLS(FIND)
	return true;
}

bool rr_dl_load(enum rr_dl_group group)
{
	static bool (*const load[RR_DL_NUM_GROUPS])(void) = {
		[RR_DL_CM] = load_cm,
		[RR_DL_VERBS] = load_verbs,
		[RR_DL_MNL] = load_mnl,
	};

	if (state[group] == NOT_TRIED) {
		loading = group;
		state[group] = load[group]() ? LOADED : MISSING;
	}
	if (state[group] == LOADED)
		return true;
	errno = ELIBACC;
	return false;
}

const char *rr_dl_error(enum rr_dl_group group)
{
	return load_error[group];
}

int rr_dl_query_port(struct ibv_context *ctx, uint8_t port,
		     struct ibv_port_attr *attr)
{
	struct verbs_context *vctx = verbs_get_ctx_op(ctx, query_port);

	/* A provider without the extended call fills the old layout. */
	if (!vctx) {
		memset(attr, 0, sizeof(*attr));
		/* In parentheses: verbs.h makes the name a macro. */
		return (*rr_dl.ibv_query_port)(ctx, port,
				(struct _compat_ibv_port_attr *)attr);
	}
	return vctx->query_port(ctx, port, attr, sizeof(*attr));
}

ssize_t rr_dl_query_gid_table(struct ibv_context *ctx,
			      struct ibv_gid_entry *entries, size_t max,
			      uint32_t flags)
{
	return rr_dl._ibv_query_gid_table(ctx, entries, max, flags,
					  sizeof(*entries));
}
