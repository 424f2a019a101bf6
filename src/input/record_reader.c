// SPDX-License-Identifier: GPL-2.0-or-later
#include <arpa/inet.h>
#include <ctype.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>

#include "base/numbers.h"
#include "model/probe/cause.h"
#include "model/probe/decode.h"
#include "model/probe/fields.h"
#include "base/sockaddr.h"
#include "input/json_lib.h"
#include "input/record_reader.h"

bool rr_record_reader_ready(char *why, size_t why_len)
{
	return rr_jsonc_ready(why, why_len);
}

/* OBJ's member KEY of TYPE, or NULL. */
static json_object *member(json_object *obj, const char *key, json_type type)
{
	json_object *v;

	if (!obj || !rr_jc.get_ex(obj, key, &v) || !v || rr_jc.type(v) != type)
		return NULL;
	return v;
}

/* OBJ's member KEY of any type but null, or NULL. */
static json_object *any_member(json_object *obj, const char *key)
{
	json_object *v;

	if (!obj || !rr_jc.get_ex(obj, key, &v) || !v ||
	    rr_jc.type(v) == json_type_null)
		return NULL;
	return v;
}

static bool is_number(json_object *m)
{
	return rr_jc.type(m) == json_type_int || rr_jc.type(m) == json_type_double;
}

/* A member's value, how it went. */
enum member_read {
	MEMBER_ABSENT,	/* not there, or null where null means nothing */
	MEMBER_VALUE,
	MEMBER_BAD,	/* the wrong type: WHY says */
};

/* Where a field sits in a record, for a message: "paths[0].sl". */
struct place {
	const char *scope;	/* "", "time_ms.", "error.", "paths[N]." */
	char *why;
	size_t why_len;
};

static enum member_read bad(const struct place *at, const char *key,
			    const char *want)
{
	snprintf(at->why, at->why_len, "\"%s%s\": want %s", at->scope, key, want);
	return MEMBER_BAD;
}

/* A whole number of M (an integer, or a double with nothing after the point). */
static bool whole(json_object *m, double *d)
{
	if (!is_number(m))
		return false;
	*d = rr_jc.dbl(m);
	return *d >= -9e15 && *d <= 9e15 && *d == (double)(long long)*d;
}

/*
 * A decoded field (or a named enum) comes as KEY and KEY_raw: either is
 * enough, and when both are there they must agree (the raw code gives
 * the value printed beside it).
 */
static enum member_read coded_value(const struct rr_field *f, json_object *obj,
				    const struct rr_result *r,
				    const struct place *at, struct rr_fval *v)
{
	json_object *raw, *dec;
	struct rr_fval want;
	char key[64];
	double d;

	snprintf(key, sizeof(key), "%s_raw", f->key);
	raw = any_member(obj, key);
	if (raw && (!whole(raw, &d) || d < 0 || d > 255))
		return bad(at, key, "a whole number from 0 to 255");
	if (!rr_jc.get_ex(obj, f->key, &dec))
		dec = NULL;
	/* A name of null names nothing; a quantity of null is a code's. */
	if (!raw && (!dec || (f->type == RR_FT_ENUM &&
			      rr_jc.type(dec) == json_type_null)))
		return MEMBER_ABSENT;
	rr_fval_reset(&want);
	if (dec && f->type == RR_FT_ENUM) {
		if (rr_jc.type(dec) != json_type_string)
			return bad(at, f->key, "a string");
		want.s = rr_jc.string(dec);
	} else if (dec && rr_jc.type(dec) == json_type_null) {
		want.null = true;
	} else if (dec) {
		if (!is_number(dec))
			return bad(at, f->key, "a number or null");
		want.d = rr_jc.dbl(dec);
	}
	v->present = true;
	if (raw) {
		v->i = (long long)d;
		if (dec && !rr_field_code_gives(f, r, v->i, &want)) {
			snprintf(at->why, at->why_len,
				 "\"%s%s\": %s disagrees with \"%s%s\": %lld",
				 at->scope, f->key, rr_jc.string(dec), at->scope,
				 key, v->i);
			return MEMBER_BAD;
		}
		return MEMBER_VALUE;
	}
	if (!rr_field_encode(f, r, &want, &v->i)) {
		snprintf(at->why, at->why_len, "\"%s%s\": %s is no value of it",
			 at->scope, f->key, rr_jc.string(dec));
		return MEMBER_BAD;
	}
	return MEMBER_VALUE;
}

/*
 * OBJ's member for field F, as the field's type has it in JSON, into V.
 * JSON null is no value.  A member of another type than the field's is
 * refused, never read as 0.
 */
static enum member_read json_value(const struct rr_field *f, json_object *obj,
				   const struct rr_result *r,
				   const struct place *at, struct rr_fval *v)
{
	unsigned long long n;
	json_object *m;
	double d;

	rr_fval_reset(v);
	if (f->type == RR_FT_DECODED || f->type == RR_FT_ENUM)
		return coded_value(f, obj, r, at, v);
	m = any_member(obj, f->key);
	if (!m)
		return MEMBER_ABSENT;
	switch (f->type) {
	case RR_FT_STR:
		if (rr_jc.type(m) != json_type_string)
			return bad(at, f->key, "a string");
		v->s = rr_jc.string(m);
		break;
	case RR_FT_BOOL:
		if (rr_jc.type(m) != json_type_boolean)
			return bad(at, f->key, "true or false");
		v->i = rr_jc.boolean(m);
		break;
	case RR_FT_HEX:
		/* Up to 64 bits (a service ID), as the field's bits. */
		if (rr_jc.type(m) != json_type_string ||
		    !rr_parse_uint(rr_jc.string(m), 0, ULLONG_MAX, &n))
			return bad(at, f->key, "a hexadecimal string such as \"0xffff\"");
		v->i = (long long)n;
		break;
	case RR_FT_MS:
	case RR_FT_NUM:
		if (!is_number(m))
			return bad(at, f->key, "a number");
		v->d = rr_jc.dbl(m);
		break;
	default:	/* RR_FT_INT */
		if (!whole(m, &d))
			return bad(at, f->key, "a whole number");
		v->i = (long long)d;
		break;
	}
	v->present = true;
	return MEMBER_VALUE;
}

/* Each field of SCOPE that OBJ has, set in R (and PATH); false: refused. */
static bool read_scope(json_object *obj, enum rr_fscope scope,
		       struct rr_result *r, struct rr_path *path,
		       struct rr_fstore *store, const struct place *at)
{
	struct rr_field_table t = rr_fields(scope);
	const struct rr_field *f;
	enum member_read got;
	struct rr_fval v;
	char shown[64];
	size_t i;

	for (i = 0; obj && i < t.n; i++) {
		f = &t.fields[i];
		if (!f->set)
			continue;
		got = json_value(f, obj, r, at, &v);
		if (got == MEMBER_BAD)
			return false;
		if (got == MEMBER_ABSENT || rr_field_set(f, r, path, &v, store))
			continue;
		/* Out of range, or a name it does not know: said with it. */
		snprintf(at->why, at->why_len, "\"%s%s\": %s is %s", at->scope,
			 f->key, f->type == RR_FT_STR ? v.s :
			 rr_fval_str(f, &v, f->type == RR_FT_DECODED ||
				     f->type == RR_FT_ENUM, shown, sizeof(shown)),
			 f->type == RR_FT_STR ? "not a value it takes" :
						"out of its range");
		return false;
	}
	return true;
}

/* The status a record says, against its error: they must agree. */
static bool status_agrees(json_object *o, json_object *err, char *why,
			  size_t why_len)
{
	json_object *st = any_member(o, "status");
	const char *s;

	if (!st)
		return true;
	if (rr_jc.type(st) != json_type_string) {
		snprintf(why, why_len, "\"status\": want a string");
		return false;
	}
	s = rr_jc.string(st);
	if (!strcmp(s, "failed") && !err) {
		snprintf(why, why_len, "\"status\" is \"failed\" but the result has no \"error\" object");
		return false;
	}
	if ((!strcmp(s, "resolved") || !strcmp(s, "connected")) && err) {
		snprintf(why, why_len, "\"status\" is \"%s\" but the result has an \"error\"", s);
		return false;
	}
	if (strcmp(s, "failed") && strcmp(s, "resolved") && strcmp(s, "connected")) {
		snprintf(why, why_len, "\"status\": \"%.64s\" is none of resolved, connected, failed", s);
		return false;
	}
	return true;
}

/* O's paths into REC; false: one refused (WHY says). */
static bool read_paths(json_object *o, struct rr_record *rec,
		       struct rr_fstore *store, char *why, size_t why_len)
{
	json_object *paths = any_member(o, "paths"), *p;
	struct rr_result *r = &rec->r;
	char scope[32];
	struct place at = { scope, why, why_len };
	size_t i, n;

	if (paths && rr_jc.type(paths) != json_type_array) {
		snprintf(why, why_len, "\"paths\": want an array");
		return false;
	}
	n = paths ? rr_jc.length(paths) : 0;
	for (i = 0; i < n && i < RR_RECORD_PATHS; i++) {
		p = rr_jc.idx(paths, i);
		snprintf(scope, sizeof(scope), "paths[%zu].", i);
		if (!p || rr_jc.type(p) != json_type_object) {
			snprintf(why, why_len, "\"paths[%zu]\": want an object", i);
			return false;
		}
		rr_field_path_empty(&rec->paths[i]);
		if (!read_scope(p, RR_FS_PATH, r, &rec->paths[i], store, &at))
			return false;
	}
	r->out.paths = rec->paths;
	r->out.num_paths = (int)i;
	return true;
}

/* O, a result, into REC; false: a member refused (WHY says). */
static bool read_result(json_object *o, struct rr_record *rec, char *why,
			size_t why_len)
{
	struct rr_fstore store = { rec->strings, sizeof(rec->strings), 0 };
	struct place top = { "", why, why_len }, time = { "time_ms.", why, why_len },
		     error = { "error.", why, why_len };
	json_object *err = any_member(o, "error"), *t = any_member(o, "time_ms");
	struct rr_result *r = &rec->r;

	if (err && rr_jc.type(err) != json_type_object) {
		snprintf(why, why_len, "\"error\": want an object");
		return false;
	}
	if (t && rr_jc.type(t) != json_type_object) {
		snprintf(why, why_len, "\"time_ms\": want an object");
		return false;
	}
	if (!status_agrees(o, err, why, why_len))
		return false;
	r->out.complete = true;
	/* A failure's own defaults, before what the error says. */
	r->out.fail.event = -1;
	r->out.fail.call = "";
	if (!read_scope(o, RR_FS_RESULT, r, NULL, &store, &top) ||
	    !read_scope(t, RR_FS_TIME, r, NULL, &store, &time))
		return false;
	/* status follows from the error, as when it was printed. */
	r->out.ok = !err;
	if (err) {
		r->out.fail.kind = RR_FAIL_CALL;
		r->out.fail.cause = RR_CAUSE_UNKNOWN;
		return read_scope(err, RR_FS_ERROR, r, NULL, &store, &error);
	}
	if (!read_paths(o, rec, &store, why, why_len))
		return false;
	if (r->out.have_src)
		rr_sockaddr_str(&r->out.src, rec->source, sizeof(rec->source));
	return true;
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
	struct json_tokener *tok = rr_jc.tok_new();
	json_object *o = NULL;
	enum json_tokener_error err;
	bool fed_end;
	size_t end;

	if (!tok || len > INT32_MAX) {
		snprintf(why, why_len, "out of memory");
		goto out;
	}
	o = rr_jc.parse_ex(tok, text, (int)len);
	/* The line's end ends a number or a word it ends with ("42"). */
	fed_end = !o && rr_jc.get_error(tok) == json_tokener_continue;
	if (fed_end)
		o = rr_jc.parse_ex(tok, "", 1);
	if (!o) {
		err = rr_jc.get_error(tok);
		snprintf(why, why_len, "not a JSON object: %s",
			 err == json_tokener_success ? "null" :
			 err == json_tokener_continue || err == json_tokener_error_parse_eof ?
				"the line ends inside it" : rr_jc.error_desc(err));
		goto out;
	}
	for (end = fed_end ? len : rr_jc.parse_end(tok); end < len; end++) {
		if (!isspace((unsigned char)text[end])) {
			snprintf(why, why_len, "text after the JSON object");
			rr_jc.put(o);
			o = NULL;
			break;
		}
	}
out:
	if (tok)
		rr_jc.tok_free(tok);
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
	if (rr_jc.type(o) != json_type_object) {
		snprintf(why, why_len, "not a JSON object: %s",
			 rr_jc.type(o) == json_type_array ? "an array" :
			 rr_jc.type(o) == json_type_string ? "a string" :
			 rr_jc.type(o) == json_type_boolean ? "a boolean" : "a number");
		goto out;
	}
	rk = member(o, "record", json_type_string);
	if (!rk) {
		snprintf(why, why_len, "no \"record\" member: not a JSON Lines record of rdma-route (--jsonl)");
		goto out;
	}
	kind = RR_RECORD_OTHER;
	if (strcmp(rr_jc.string(rk), "results"))
		goto out;
	kind = RR_RECORD_BAD;
	if (!member(o, "destination", json_type_string)) {
		snprintf(why, why_len, "a result with no \"destination\"");
		goto out;
	}
	if (!read_result(o, rec, why, why_len))
		goto out;
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
		rr_jc.put(o);
	return kind;
}
