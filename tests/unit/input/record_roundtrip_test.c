// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The field table both ways: every result of the golden JSON Lines
 * files (tests/unit/output/golden) read back by the record reader and
 * printed again gives every field --expect takes as it was, of the
 * result, its time_ms and each of its paths, and its error's: a field
 * that does not come back fails here, by name.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>

#include "input/record_reader.h"
#include "model/probe/fields.h"
#include "output/printer.h"
#include "output/render.h"
#include "../tap.h"

#ifndef RR_GOLDEN_DIR
#error "RR_GOLDEN_DIR: where the golden files are"
#endif

/* What a live run alone can say: the kernel's words, with its deadline. */
static bool not_read_back(enum rr_fscope scope, const char *key)
{
	return scope == RR_FS_ERROR && !strcmp(key, "kernel_said");
}

/* KEY of A and of B, as JSON text; NULL where absent. */
static bool same_member(json_object *a, json_object *b, const char *key,
			const char *where)
{
	json_object *x = NULL, *y = NULL;
	const char *sx, *sy;

	json_object_object_get_ex(a, key, &x);
	json_object_object_get_ex(b, key, &y);
	sx = x ? json_object_to_json_string(x) : NULL;
	sy = y ? json_object_to_json_string(y) : NULL;
	if ((!sx && !sy) || (sx && sy && !strcmp(sx, sy)))
		return true;
	fprintf(stderr, "# %s.%s: was %s, read back %s\n", where, key,
		sx ? sx : "(none)", sy ? sy : "(none)");
	return false;
}

/* Every field of SCOPE (and KEY_raw) alike in A and B; how many differ. */
static int compare_scope(enum rr_fscope scope, json_object *a, json_object *b,
			 const char *where, int *checked)
{
	struct rr_field_table t = rr_fields(scope);
	enum rr_fscope found;
	char raw[64];
	bool is_raw;
	int bad = 0;
	size_t i;

	for (i = 0; i < t.n; i++) {
		const struct rr_field *f = &t.fields[i];

		/* --expect's fields; and the error's, which --matrix reads. */
		if (scope != RR_FS_ERROR && !rr_field_find(f->key, &found, &is_raw))
			continue;
		if (not_read_back(scope, f->key))
			continue;
		bad += !same_member(a, b, f->key, where);
		(*checked)++;
		if (f->type != RR_FT_DECODED && f->type != RR_FT_ENUM)
			continue;
		snprintf(raw, sizeof(raw), "%s_raw", f->key);
		bad += !same_member(a, b, raw, where);
	}
	return bad;
}

static json_object *sub(json_object *o, const char *key)
{
	json_object *v = NULL;

	json_object_object_get_ex(o, key, &v);
	return v;
}

/* RESULT (a golden line) read back and printed again: its JSON object. */
static json_object *read_back(const char *line, struct rr_record *rec)
{
	char *buf = NULL, why[256], *nl;
	size_t len = 0;
	struct printer *p;
	json_object *o = NULL;
	FILE *f;

	if (rr_record_parse(line, strlen(line), rec, why, sizeof(why)) !=
	    RR_RECORD_RESULT) {
		fprintf(stderr, "# not read back: %s\n", why);
		return NULL;
	}
	f = open_memstream(&buf, &len);
	p = pr_new(RR_FORMAT_JSONL, f, stderr);
	rr_render_result(p, &rec->r, rec->r.probe.seq > 0);
	pr_finish(p);
	fclose(f);
	/* The result's line (a repeated probe's record comes alone). */
	for (line = buf; line && *line; line = nl ? nl + 1 : NULL) {
		nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		if (strstr(line, "\"record\":\"results\"")) {
			o = json_tokener_parse(line);
			break;
		}
	}
	free(buf);
	return o;
}

static void round_trip(const char *name)
{
	char path[512], *line = NULL, where[128];
	struct rr_record *rec = calloc(1, sizeof(*rec));
	json_object *a, *b, *pa, *pb;
	int bad, checked, n = 0;
	size_t cap = 0, i;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", RR_GOLDEN_DIR, name);
	f = fopen(path, "r");
	ok(f != NULL, "%s opens", name);
	while (f && getline(&line, &cap, f) > 0) {
		a = json_tokener_parse(line);
		if (!a || strcmp(json_object_get_string(sub(a, "record")), "results")) {
			json_object_put(a);
			continue;
		}
		b = read_back(line, rec);
		bad = checked = 0;
		n++;
		snprintf(where, sizeof(where), "%s:%d", name, n);
		if (!b) {
			ok(0, "%s: read back", where);
			json_object_put(a);
			continue;
		}
		bad += compare_scope(RR_FS_RESULT, a, b, where, &checked);
		bad += compare_scope(RR_FS_TIME, sub(a, "time_ms"),
				     sub(b, "time_ms"), where, &checked);
		bad += compare_scope(RR_FS_ERROR, sub(a, "error"),
				     sub(b, "error"), where, &checked);
		pa = sub(a, "paths");
		pb = sub(b, "paths");
		for (i = 0; pa && i < json_object_array_length(pa); i++)
			bad += compare_scope(RR_FS_PATH,
					     json_object_array_get_idx(pa, i),
					     pb ? json_object_array_get_idx(pb, i) : NULL,
					     where, &checked);
		ok(!bad, "%s (%s): %d fields, all as they were", where,
		   json_object_get_string(sub(a, "destination")), checked);
		json_object_put(a);
		json_object_put(b);
	}
	ok(n > 0, "%s: %d results", name, n);
	if (f)
		fclose(f);
	free(line);
	free(rec);
}

int main(void)
{
	char why[256];

	ok(rr_record_reader_ready(why, sizeof(why)), "json-c loads");
	round_trip("roce.jsonl");
	round_trip("ib.jsonl");
	round_trip("failures.jsonl");
	round_trip("count.jsonl");
	return tap_done();
}
