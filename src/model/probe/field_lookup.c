// SPDX-License-Identifier: GPL-2.0-or-later
#include <string.h>

#include "base/util.h"
#include "model/probe/fields.h"

/* A field by its name, for --expect and the record reader. */

/* NAME in TABLE, or NAME = KEY_raw of one of its raw-carrying fields. */
static const struct rr_field *find_in(struct rr_field_table t,
				      const char *name, bool *raw)
{
	size_t i, len;

	for (i = 0; i < t.n; i++) {
		if (!strcmp(name, t.fields[i].key)) {
			*raw = false;
			return &t.fields[i];
		}
		len = strlen(t.fields[i].key);
		if ((t.fields[i].type == RR_FT_DECODED ||
		     t.fields[i].type == RR_FT_ENUM) &&
		    !strncmp(name, t.fields[i].key, len) &&
		    !strcmp(name + len, "_raw")) {
			*raw = true;
			return &t.fields[i];
		}
	}
	return NULL;
}

const struct rr_field *rr_field_find(const char *name, enum rr_fscope *scope,
				     bool *raw)
{
	static const enum rr_fscope order[] = { RR_FS_RESULT, RR_FS_TIME,
						RR_FS_PATH, RR_FS_HOP };
	const struct rr_field *f;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(order); i++) {
		f = find_in(rr_fields(order[i]), name, raw);
		if (f) {
			*scope = order[i];
			return f;
		}
	}
	return NULL;
}
