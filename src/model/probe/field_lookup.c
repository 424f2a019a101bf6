// SPDX-License-Identifier: GPL-2.0-or-later
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/util.h"
#include "model/probe/fields.h"

/*
 * A field by its name (for --expect and the record reader), a value as
 * JSON writes it, and the store a result read back keeps its strings in.
 */

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

const char *rr_fval_str(const struct rr_field *f, const struct rr_fval *v,
			bool raw, char *buf, size_t len)
{
	if (raw) {
		snprintf(buf, len, "%lld", v->i);
		return buf;
	}
	switch (f->type) {
	case RR_FT_STR:
	case RR_FT_ENUM:
		snprintf(buf, len, "%s", v->s);
		break;
	case RR_FT_INT:
		snprintf(buf, len, "%lld", v->i);
		break;
	case RR_FT_BOOL:
		snprintf(buf, len, "%s", v->i ? "true" : "false");
		break;
	case RR_FT_HEX:
		snprintf(buf, len, "0x%0*llx", f->width, (unsigned long long)v->i);
		break;
	case RR_FT_MS:
		snprintf(buf, len, "%.3f", v->d);
		break;
	case RR_FT_NUM:
		snprintf(buf, len, "%.15g", v->d);
		break;
	case RR_FT_DECODED:
		if (v->null)
			snprintf(buf, len, "null");
		/* Whole numbers stay integers: 1024, not 1024.0. */
		else if (v->d == floor(v->d) && fabs(v->d) < 9e15)
			snprintf(buf, len, "%.0f", v->d);
		else
			snprintf(buf, len, "%.15g", v->d);
		break;
	}
	return buf;
}
