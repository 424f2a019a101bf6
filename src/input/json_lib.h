/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * json-c, loaded when a run first reads JSON back (--matrix's records,
 * --compare's earlier run): no other run needs it, so the binary does
 * not link it.  Call its functions through rr_jc once rr_jsonc_ready()
 * has returned true.
 */
#ifndef RR_JSON_LIB_H
#define RR_JSON_LIB_H

#include <stdbool.h>
#include <stddef.h>
#include <json-c/json.h>

struct rr_jsonc {
	void *so;
	bool tried;
	char why[256];
	__typeof__(json_tokener_new) *tok_new;
	__typeof__(json_tokener_new_ex) *tok_new_ex;
	__typeof__(json_tokener_free) *tok_free;
	__typeof__(json_tokener_reset) *tok_reset;
	__typeof__(json_tokener_parse_ex) *parse_ex;
	__typeof__(json_tokener_get_error) *get_error;
	__typeof__(json_tokener_get_parse_end) *parse_end;
	__typeof__(json_tokener_error_desc) *error_desc;
	__typeof__(json_object_object_get_ex) *get_ex;
	__typeof__(json_object_get_type) *type;
	__typeof__(json_object_get_string) *string;
	__typeof__(json_object_get_string_len) *string_len;
	__typeof__(json_object_get_double) *dbl;
	__typeof__(json_object_get_boolean) *boolean;
	__typeof__(json_object_array_length) *length;
	__typeof__(json_object_array_get_idx) *idx;
	__typeof__(json_object_put) *put;
};

extern struct rr_jsonc rr_jc;

/*
 * Loads json-c on the first call.  Returns true if it is loaded;
 * otherwise false, with the loader's message in WHY.
 */
bool rr_jsonc_ready(char *why, size_t why_len);

#endif
