// SPDX-License-Identifier: GPL-2.0-or-later
#include <arpa/inet.h>
#include <ctype.h>
#include <limits.h>
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>

#include "base/numbers.h"
#include "model/cause.h"
#include "model/decode.h"
#include "model/fields.h"
#include "base/sockaddr.h"
#include "input/record_reader.h"

#ifndef RR_JSONC_SONAME
#define RR_JSONC_SONAME "libjson-c.so.5"
#endif

/* json-c, loaded at the first record: no other run needs it. */
static struct {
	void *so;
	bool tried;
	char why[256];
	__typeof__(json_tokener_new) *tok_new;
	__typeof__(json_tokener_free) *tok_free;
	__typeof__(json_tokener_parse_ex) *parse_ex;
	__typeof__(json_tokener_get_error) *get_error;
	__typeof__(json_tokener_get_parse_end) *parse_end;
	__typeof__(json_tokener_error_desc) *error_desc;
	__typeof__(json_object_object_get_ex) *get_ex;
	__typeof__(json_object_get_type) *type;
	__typeof__(json_object_get_string) *string;
	__typeof__(json_object_get_double) *dbl;
	__typeof__(json_object_get_boolean) *boolean;
	__typeof__(json_object_array_length) *length;
	__typeof__(json_object_array_get_idx) *idx;
	__typeof__(json_object_put) *put;
} jc;

#define FIND(member, name)                                                    \
	do {                                                                  \
		*(void **)&jc.member = dlsym(jc.so, #name);                   \
		if (!jc.member)                                               \
			goto missing;                                         \
	} while (0)

bool rr_record_reader_ready(char *why, size_t why_len)
{
	const char *err;

	if (!jc.tried) {
		jc.tried = true;
		jc.so = dlopen(RR_JSONC_SONAME, RTLD_NOW | RTLD_LOCAL);
		if (!jc.so)
			goto missing;
		FIND(tok_new, json_tokener_new);
		FIND(tok_free, json_tokener_free);
		FIND(parse_ex, json_tokener_parse_ex);
		FIND(get_error, json_tokener_get_error);
		FIND(parse_end, json_tokener_get_parse_end);
		FIND(error_desc, json_tokener_error_desc);
		FIND(get_ex, json_object_object_get_ex);
		FIND(type, json_object_get_type);
		FIND(string, json_object_get_string);
		FIND(dbl, json_object_get_double);
		FIND(boolean, json_object_get_boolean);
		FIND(length, json_object_array_length);
		FIND(idx, json_object_array_get_idx);
		FIND(put, json_object_put);
	}
	goto done;
missing:
	err = dlerror();
	snprintf(jc.why, sizeof(jc.why), "%s", err ? err : "cannot load " RR_JSONC_SONAME);
	if (jc.so)
		dlclose(jc.so);
	jc.so = NULL;
done:
	if (!jc.so)
		snprintf(why, why_len, "%s", jc.why);
	return jc.so != NULL;
}

/* OBJ's member KEY of TYPE, or NULL. */
static json_object *member(json_object *obj, const char *key, json_type type)
{
	json_object *v;

	if (!obj || !jc.get_ex(obj, key, &v) || !v || jc.type(v) != type)
		return NULL;
	return v;
}

/* A number member, integers and doubles alike; false when none. */
static bool number(json_object *obj, const char *key, double *d)
{
	json_object *v = member(obj, key, json_type_int);

	if (!v)
		v = member(obj, key, json_type_double);
	if (v)
		*d = jc.dbl(v);
	return v != NULL;
}

/*
 * OBJ's member for field F, as the field's type has it in JSON, into V;
 * false when it has none.  A decoded field comes back by its raw value
 * (KEY_raw): its quantity and text follow from it.
 */
static bool json_value(const struct rr_field *f, json_object *obj,
		       struct rr_fval *v)
{
	unsigned long long n;
	json_object *m;
	char key[64];
	double d;

	rr_fval_reset(v);
	switch (f->type) {
	case RR_FT_STR:
		m = member(obj, f->key, json_type_string);
		if (!m)
			return false;
		v->s = jc.string(m);
		break;
	case RR_FT_BOOL:
		m = member(obj, f->key, json_type_boolean);
		if (!m)
			return false;
		v->i = jc.boolean(m);
		break;
	case RR_FT_HEX:
		m = member(obj, f->key, json_type_string);
		/* Up to 64 bits (a service ID), as the field's bits. */
		if (!m || !rr_parse_uint(jc.string(m), 0, ULLONG_MAX, &n))
			return false;
		v->i = (long long)n;
		break;
	case RR_FT_MS:
	case RR_FT_NUM:
		if (!number(obj, f->key, &v->d))
			return false;
		break;
	case RR_FT_DECODED:
	case RR_FT_ENUM:
		snprintf(key, sizeof(key), "%s_raw", f->key);
		if (!number(obj, key, &d) || !(d >= 0 && d <= 255))
			return false;
		v->i = (long long)d;
		break;
	default:	/* RR_FT_INT */
		if (!number(obj, f->key, &d) || !(d >= -9e15 && d <= 9e15))
			return false;
		v->i = (long long)d;
		break;
	}
	v->present = true;
	return true;
}

/* Each field of SCOPE that OBJ has, set in R (and PATH). */
static void read_scope(json_object *obj, enum rr_fscope scope,
		       struct rr_result *r, struct rr_path *path,
		       struct rr_fstore *store)
{
	struct rr_field_table t = rr_fields(scope);
	struct rr_fval v;
	size_t i;

	for (i = 0; obj && i < t.n; i++)
		if (t.fields[i].set && json_value(&t.fields[i], obj, &v))
			t.fields[i].set(&t.fields[i], r, path, &v, store);
}

static void read_result(json_object *o, struct rr_record *rec)
{
	struct rr_fstore store = { rec->strings, sizeof(rec->strings), 0 };
	json_object *paths = member(o, "paths", json_type_array);
	json_object *err = member(o, "error", json_type_object);
	struct rr_result *r = &rec->r;
	size_t i, n = paths ? jc.length(paths) : 0;

	r->out.complete = true;
	/* A failure's own defaults, before what the error says. */
	r->out.fail.event = -1;
	r->out.fail.call = "";
	read_scope(o, RR_FS_RESULT, r, NULL, &store);
	read_scope(member(o, "time_ms", json_type_object), RR_FS_TIME, r,
		   NULL, &store);
	/* status follows from the error, as when it was printed. */
	r->out.ok = !err;
	if (err) {
		r->out.fail.kind = RR_FAIL_CALL;
		r->out.fail.cause = RR_CAUSE_UNKNOWN;
		read_scope(err, RR_FS_ERROR, r, NULL, &store);
		return;
	}
	for (i = 0; i < n && i < RR_RECORD_PATHS; i++)
		read_scope(jc.idx(paths, i), RR_FS_PATH, r, &rec->paths[i],
			   &store);
	r->out.paths = rec->paths;
	r->out.num_paths = (int)i;
	if (r->out.have_src)
		rr_sockaddr_str(&r->out.src, rec->source, sizeof(rec->source));
}

/*
 * "host: {...}": the prefix ClusterShell and pdsh add, into HOST; *SKIP
 * its length, 0 when the line has none.
 */
static void split_prefix(const char *line, size_t len, char *host,
			 size_t host_len, size_t *skip)
{
	const char *colon;

	*skip = 0;
	host[0] = '\0';
	if (!len || line[0] == '{')
		return;
	colon = memchr(line, ':', len);
	/* A host's name before it: ": {" is no prefix (nor JSON). */
	if (!colon || colon == line || colon + 1 == line + len ||
	    colon[1] != ' ')
		return;
	snprintf(host, host_len, "%.*s", (int)(colon - line), line);
	*skip = (size_t)(colon + 2 - line);
}

/*
 * The one JSON value of TEXT (LEN bytes), nothing but blanks after it;
 * NULL with the reason in WHY.
 */
static json_object *parse_json(const char *text, size_t len, char *why,
			       size_t why_len)
{
	struct json_tokener *tok = jc.tok_new();
	json_object *o = NULL;
	size_t end;

	if (!tok || len > INT32_MAX) {
		snprintf(why, why_len, "out of memory");
		goto out;
	}
	o = jc.parse_ex(tok, text, (int)len);
	if (!o) {
		snprintf(why, why_len, "not a JSON object: %s",
			 jc.get_error(tok) == json_tokener_continue ?
				"the line ends inside it" :
				jc.error_desc(jc.get_error(tok)));
		goto out;
	}
	for (end = jc.parse_end(tok); end < len; end++) {
		if (!isspace((unsigned char)text[end])) {
			snprintf(why, why_len, "text after the JSON object");
			jc.put(o);
			o = NULL;
			break;
		}
	}
out:
	if (tok)
		jc.tok_free(tok);
	return o;
}

enum rr_record_kind rr_record_parse(const char *line, size_t len,
				    struct rr_record *rec, char *why,
				    size_t why_len)
{
	enum rr_record_kind kind = RR_RECORD_BAD;
	json_object *o, *rk;
	char prefix[256];
	size_t skip;

	memset(rec, 0, sizeof(*rec));
	if (!rr_record_reader_ready(why, why_len))
		return RR_RECORD_BAD;
	split_prefix(line, len, prefix, sizeof(prefix), &skip);
	o = parse_json(line + skip, len - skip, why, why_len);
	if (!o)
		return RR_RECORD_BAD;
	if (jc.type(o) != json_type_object) {
		snprintf(why, why_len, "not a JSON object");
		goto out;
	}
	rk = member(o, "record", json_type_string);
	if (!rk) {
		snprintf(why, why_len, "no \"record\" member: not a JSON Lines record of rdma-route (--jsonl)");
		goto out;
	}
	kind = RR_RECORD_OTHER;
	if (strcmp(jc.string(rk), "results"))
		goto out;
	kind = RR_RECORD_BAD;
	if (!member(o, "destination", json_type_string)) {
		snprintf(why, why_len, "a result with no \"destination\"");
		goto out;
	}
	read_result(o, rec);
	if (!rec->r.probe.target) {
		snprintf(why, why_len, "a result too large to read back");
		goto out;
	}
	/* The line's prefix names the host that printed it, if it has one. */
	snprintf(rec->host, sizeof(rec->host), "%s",
		 prefix[0] ? prefix : rec->r.probe.host ? rec->r.probe.host : "");
	rec->r.probe.host = rec->host[0] ? rec->host : NULL;
	kind = RR_RECORD_RESULT;
out:
	if (o)
		jc.put(o);
	return kind;
}
