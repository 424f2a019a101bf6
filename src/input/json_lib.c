// SPDX-License-Identifier: GPL-2.0-or-later
#include <dlfcn.h>
#include <stdio.h>

#include "input/json_lib.h"

#ifndef RR_JSONC_SONAME
#define RR_JSONC_SONAME "libjson-c.so.5"
#endif

struct rr_jsonc rr_jc;

#define FIND(member, name)                                                    \
	do {                                                                  \
		*(void **)&rr_jc.member = dlsym(rr_jc.so, #name);             \
		if (!rr_jc.member)                                            \
			goto missing;                                         \
	} while (0)

bool rr_jsonc_ready(char *why, size_t why_len)
{
	const char *err;

	if (!rr_jc.tried) {
		rr_jc.tried = true;
		rr_jc.so = dlopen(RR_JSONC_SONAME, RTLD_NOW | RTLD_LOCAL);
		if (!rr_jc.so)
			goto missing;
		FIND(tok_new, json_tokener_new);
		FIND(tok_new_ex, json_tokener_new_ex);
		FIND(tok_free, json_tokener_free);
		FIND(tok_reset, json_tokener_reset);
		FIND(parse_ex, json_tokener_parse_ex);
		FIND(get_error, json_tokener_get_error);
		FIND(parse_end, json_tokener_get_parse_end);
		FIND(error_desc, json_tokener_error_desc);
		FIND(get_ex, json_object_object_get_ex);
		FIND(type, json_object_get_type);
		FIND(string, json_object_get_string);
		FIND(string_len, json_object_get_string_len);
		FIND(dbl, json_object_get_double);
		FIND(boolean, json_object_get_boolean);
		FIND(length, json_object_array_length);
		FIND(idx, json_object_array_get_idx);
		FIND(put, json_object_put);
	}
	goto done;
missing:
	err = dlerror();
	snprintf(rr_jc.why, sizeof(rr_jc.why), "%s",
		 err ? err : "cannot load " RR_JSONC_SONAME);
	if (rr_jc.so)
		dlclose(rr_jc.so);
	rr_jc.so = NULL;
done:
	if (!rr_jc.so)
		snprintf(why, why_len, "%s", rr_jc.why);
	return rr_jc.so != NULL;
}
