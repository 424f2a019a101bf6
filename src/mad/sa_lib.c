// SPDX-License-Identifier: GPL-2.0-or-later
#include <dlfcn.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
#include <stdio.h>
#include <string.h>

#include "mad/sa_lib.h"

/* The sonames configure read from the libraries the headers came with. */
#ifndef RR_IBUMAD_SONAME
#define RR_IBUMAD_SONAME "libibumad.so.3"
#endif
#ifndef RR_IBMAD_SONAME
#define RR_IBMAD_SONAME "libibmad.so.5"
#endif

/* Each member of struct rr_sa_lib, found by its own name. */
#define FIND(so, name)                                                        \
	do {                                                                  \
		*(void **)&lib->name = dlsym(lib->so, #name);                 \
		if (!lib->name)                                               \
			goto missing;                                         \
	} while (0)

static bool find_all(struct rr_sa_lib *lib)
{
	FIND(umad_so, umad_init);
	FIND(umad_so, umad_get_port);
	FIND(umad_so, umad_get_cas_names);
	FIND(umad_so, umad_release_port);
	FIND(umad_so, umad_get_mad);
	FIND(umad_so, umad_size);
	FIND(umad_so, umad_send);
	FIND(umad_so, umad_recv);
	FIND(umad_so, umad_status);
	FIND(mad_so, mad_rpc_open_port);
	FIND(mad_so, mad_rpc_close_port);
	FIND(mad_so, mad_rpc_set_timeout);
	FIND(mad_so, mad_rpc_set_retries);
	FIND(mad_so, mad_rpc_portid);
	FIND(mad_so, mad_rpc_class_agent);
	FIND(mad_so, mad_build_pkt);
	FIND(mad_so, mad_encode_field);
	FIND(mad_so, mad_set_field);
	FIND(mad_so, mad_set_field64);
	FIND(mad_so, mad_get_field64);
	FIND(mad_so, ib_resolve_self_via);
	FIND(mad_so, ib_resolve_smlid_via);
	FIND(mad_so, mad_get_field);
	FIND(mad_so, mad_decode_field);
	FIND(mad_so, smp_query_via);
	return true;
missing:
	return false;
}

bool rr_sa_lib_open(struct rr_sa_lib *lib, char *why, size_t len)
{
	const char *err;

	memset(lib, 0, sizeof(*lib));
	lib->umad_so = dlopen(RR_IBUMAD_SONAME, RTLD_NOW | RTLD_LOCAL);
	if (!lib->umad_so)
		goto fail;
	lib->mad_so = dlopen(RR_IBMAD_SONAME, RTLD_NOW | RTLD_LOCAL);
	if (!lib->mad_so || !find_all(lib))
		goto fail;
	return true;
fail:
	err = dlerror();
	snprintf(why, len, "%s", err ? err : "cannot load " RR_IBMAD_SONAME);
	rr_sa_lib_close(lib);
	return false;
}

void rr_sa_lib_close(struct rr_sa_lib *lib)
{
	if (lib->mad_so)
		dlclose(lib->mad_so);
	if (lib->umad_so)
		dlclose(lib->umad_so);
	memset(lib, 0, sizeof(*lib));
}

unsigned int rr_sa_lib_sm_lid(const struct rr_sa_lib *lib, const char *ca,
			      int port)
{
	umad_port_t up;
	unsigned int lid;

	if (lib->umad_init() < 0 || lib->umad_get_port(ca, port, &up) < 0)
		return 0;
	lid = up.sm_lid;
	lib->umad_release_port(&up);
	return lid;
}

int rr_mad_mute_stderr(void)
{
	int saved, null;

	if (getenv("LIBIBMAD_DEBUG_LEVEL"))
		return -1;
	fflush(stderr);
	saved = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3);
	if (saved < 0)
		return -1;
	null = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (null < 0)
		goto err;
	if (dup2(null, STDERR_FILENO) < 0) {
		close(null);
		goto err;
	}
	close(null);
	return saved;
err:
	close(saved);
	return -1;
}

void rr_mad_unmute_stderr(int saved)
{
	if (saved < 0)
		return;
	fflush(stderr);
	dup2(saved, STDERR_FILENO);
	close(saved);
}
