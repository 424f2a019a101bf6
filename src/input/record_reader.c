// SPDX-License-Identifier: GPL-2.0-or-later
#include <arpa/inet.h>
#include <ctype.h>
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>

#include "base/numbers.h"
#include "model/cause.h"
#include "model/decode.h"
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

static void copy_str(json_object *obj, const char *key, char *buf, size_t len)
{
	json_object *v = member(obj, key, json_type_string);

	snprintf(buf, len, "%s", v ? jc.string(v) : "");
}

/* A number member, or DEF; integers and doubles alike. */
static double num(json_object *obj, const char *key, double def)
{
	json_object *v = member(obj, key, json_type_int);

	if (!v)
		v = member(obj, key, json_type_double);
	return v ? jc.dbl(v) : def;
}

/*
 * A whole number member in 0..MAX, else 0: a record may hold anything,
 * and a double out of a field's range must not be converted.
 */
static unsigned int whole(json_object *obj, const char *key, unsigned int max)
{
	double d = num(obj, key, 0);

	return d >= 0 && d <= max ? (unsigned int)d : 0;
}

static bool flag(json_object *obj, const char *key)
{
	json_object *v = member(obj, key, json_type_boolean);

	return v && jc.boolean(v);
}

/* "0xffff" and the like; 0 when absent or not a number. */
static unsigned long long hex(json_object *obj, const char *key)
{
	json_object *v = member(obj, key, json_type_string);
	unsigned long long n = 0;

	if (v)
		rr_parse_uint(jc.string(v), 0, ~0ULL, &n);
	return n;
}

static void gid(json_object *obj, const char *key, uint8_t out[16])
{
	json_object *v = member(obj, key, json_type_string);

	if (!v || inet_pton(AF_INET6, jc.string(v), out) != 1)
		memset(out, 0, 16);
}

/* The first path, from its raw members (the decoded ones follow them). */
static void read_path(json_object *p, struct rr_path *out)
{
	memset(out, 0, sizeof(*out));
	gid(p, "dgid", out->dgid);
	gid(p, "sgid", out->sgid);
	out->dlid = (uint16_t)whole(p, "dlid", UINT16_MAX);
	out->slid = (uint16_t)whole(p, "slid", UINT16_MAX);
	out->raw_traffic = flag(p, "raw_traffic");
	out->flow_label = (uint32_t)hex(p, "flow_label");
	out->hop_limit = (uint8_t)whole(p, "hop_limit", UINT8_MAX);
	out->traffic_class = (uint8_t)whole(p, "traffic_class", UINT8_MAX);
	out->reversible = flag(p, "reversible");
	out->numb_path = (uint8_t)whole(p, "numb_path", UINT8_MAX);
	out->pkey = (uint16_t)hex(p, "pkey");
	out->sl = (uint8_t)whole(p, "sl", UINT8_MAX);
	out->mtu_selector = (uint8_t)whole(p, "mtu_selector_raw", UINT8_MAX);
	out->mtu = (uint8_t)whole(p, "mtu_raw", UINT8_MAX);
	out->rate_selector = (uint8_t)whole(p, "rate_selector_raw", UINT8_MAX);
	out->rate = (uint8_t)whole(p, "rate_raw", UINT8_MAX);
	out->packet_life_time_selector =
		(uint8_t)whole(p, "packet_life_time_selector_raw", UINT8_MAX);
	out->packet_life_time = (uint8_t)whole(p, "packet_life_time_raw", UINT8_MAX);
	out->preference = (uint8_t)whole(p, "preference", UINT8_MAX);
}

/* Each step of time_ms as a span from 0, as the field table reads it. */
static void read_times(json_object *t, struct rr_outcome *o)
{
	double ms;
	int s;

	for (s = 0; t && s < RR_STEP_COUNT; s++) {
		ms = num(t, rr_step_key(s), -1);
		if (!(ms >= 0 && ms < 1e12))	/* NaN too */
			continue;
		o->steps[s].started = o->steps[s].ended = true;
		o->steps[s].end.tv_sec = (time_t)(ms / 1000);
		o->steps[s].end.tv_nsec = (long)((ms - 1000.0 * (double)o->steps[s].end.tv_sec) * 1e6);
	}
}

static enum rr_link_layer link_layer(json_object *obj)
{
	json_object *v = member(obj, "link_layer", json_type_string);
	int ll;

	for (ll = RR_LL_UNKNOWN; v && ll <= RR_LL_IWARP; ll++)
		if (!strcmp(jc.string(v), rr_link_layer_name(ll)))
			return ll;
	return RR_LL_UNKNOWN;
}

static void read_result(json_object *o, struct rr_record *rec)
{
	struct rr_result *r = &rec->r;
	json_object *paths = member(o, "paths", json_type_array), *err;

	copy_str(o, "from", rec->from, sizeof(rec->from));
	copy_str(o, "source", rec->source, sizeof(rec->source));
	copy_str(o, "device", r->out.device, sizeof(r->out.device));
	r->probe.target = rec->target;
	r->probe.from = rec->from[0] ? rec->from : NULL;
	r->probe.host = rec->host;
	r->out.complete = true;
	r->out.port = (uint8_t)whole(o, "port", UINT8_MAX);
	r->out.link_layer = link_layer(o);
	r->out.used.port_rate_gbps = num(o, "port_rate", 0);
	if (!(r->out.used.port_rate_gbps >= 0 && r->out.used.port_rate_gbps < 1e9))
		r->out.used.port_rate_gbps = 0;
	read_times(member(o, "time_ms", json_type_object), &r->out);
	err = member(o, "error", json_type_object);
	r->out.ok = !err && paths && jc.length(paths) > 0;
	if (r->out.ok) {
		read_path(jc.idx(paths, 0), &rec->path);
		r->out.paths = &rec->path;
		r->out.num_paths = 1;
		return;
	}
	r->out.fail.kind = RR_FAIL_CALL;
	r->out.fail.call = "";
	r->out.fail.cause = rr_cause_from_key(jc.string(member(err, "cause", json_type_string)));
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
	copy_str(o, "destination", rec->target, sizeof(rec->target));
	if (prefix[0])
		snprintf(rec->host, sizeof(rec->host), "%s", prefix);
	else
		copy_str(o, "host", rec->host, sizeof(rec->host));
	read_result(o, rec);
	kind = RR_RECORD_RESULT;
out:
	if (o)
		jc.put(o);
	return kind;
}
