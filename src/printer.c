// SPDX-License-Identifier: GPL-2.0-or-later
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>

#include "printer.h"

#define MAX_DEPTH 16
#define LABEL_WIDTH 30

struct printer {
	enum rr_format format;
	FILE *out;
	int depth;			/* nesting level */
	/* text: did this level print a heading (and so indent)? */
	bool indents[MAX_DEPTH];
	int indent;			/* text: current indent, in levels */
	bool printed_top;		/* text: a top-level block was printed */
	/* json: the open containers, root first */
	struct json_object *stack[MAX_DEPTH];
	struct json_object *root;
};

struct printer *pr_new(enum rr_format format, FILE *out)
{
	struct printer *p = calloc(1, sizeof(*p));

	if (!p)
		return NULL;
	p->format = format;
	p->out = out;
	return p;
}

void pr_set_stream(struct printer *p, FILE *out)
{
	p->out = out;
}

int pr_finish(struct printer *p)
{
	int rc = 0;

	if (p->format == RR_FORMAT_JSON && p->root) {
		const char *s = json_object_to_json_string_ext(p->root,
				JSON_C_TO_STRING_PRETTY |
				JSON_C_TO_STRING_SPACED |
				JSON_C_TO_STRING_NOSLASHESCAPE);

		if (fprintf(p->out, "%s\n", s) < 0)
			rc = -1;
		json_object_put(p->root);
	}
	if (fflush(p->out))
		rc = -1;
	free(p);
	return rc;
}

/* JSON: attach VAL to the innermost container under KEY. */
static void json_add(struct printer *p, const char *key, struct json_object *val)
{
	struct json_object *top;

	if (p->depth == 0) {
		/* A bare value at the root: keep it as the document. */
		json_object_put(p->root);
		p->root = val;
		return;
	}
	top = p->stack[p->depth - 1];
	if (json_object_is_type(top, json_type_array))
		json_object_array_add(top, val);
	else
		json_object_object_add(top, key, val);
}

static void text_label(struct printer *p, const char *key)
{
	char label[64];
	size_t i;

	snprintf(label, sizeof(label), "%s", key);
	for (i = 0; label[i]; i++)
		if (label[i] == '_')
			label[i] = ' ';
	fprintf(p->out, "%*s%-*s ", p->indent * 2, "",
		LABEL_WIDTH - p->indent * 2, label);
}

static void push(struct printer *p, struct json_object *container,
		 const char *key, bool indents)
{
	if (p->depth >= MAX_DEPTH)
		abort();	/* a renderer bug, not an input error */
	if (p->format == RR_FORMAT_JSON) {
		json_add(p, key, container);
		p->stack[p->depth] = container;
	}
	p->indents[p->depth] = indents;
	p->indent += indents;
	p->depth++;
}

static void pop(struct printer *p)
{
	p->depth--;
	p->indent -= p->indents[p->depth];
}

void pr_obj_begin(struct printer *p, const char *key, const char *title)
{
	if (p->format == RR_FORMAT_JSON) {
		push(p, json_object_new_object(), key, false);
		return;
	}
	if (title) {
		if (p->indent == 0 && p->printed_top)
			fputc('\n', p->out);
		if (p->indent == 0)
			p->printed_top = true;
		fprintf(p->out, "%*s%s\n", p->indent * 2, "", title);
	}
	push(p, NULL, key, title != NULL);
}

void pr_obj_end(struct printer *p)
{
	pop(p);
}

void pr_arr_begin(struct printer *p, const char *key)
{
	push(p, p->format == RR_FORMAT_JSON ? json_object_new_array() : NULL,
	     key, false);
}

void pr_arr_end(struct printer *p)
{
	pop(p);
}

void pr_str(struct printer *p, const char *key, const char *val)
{
	if (p->format == RR_FORMAT_JSON) {
		json_add(p, key, val ? json_object_new_string(val) : NULL);
		return;
	}
	text_label(p, key);
	fprintf(p->out, "%s\n", val ? val : "-");
}

void pr_int(struct printer *p, const char *key, long long val)
{
	if (p->format == RR_FORMAT_JSON) {
		json_add(p, key, json_object_new_int64(val));
		return;
	}
	text_label(p, key);
	fprintf(p->out, "%lld\n", val);
}

void pr_bool(struct printer *p, const char *key, bool val)
{
	if (p->format == RR_FORMAT_JSON) {
		json_add(p, key, json_object_new_boolean(val));
		return;
	}
	text_label(p, key);
	fprintf(p->out, "%s\n", val ? "yes" : "no");
}

void pr_hex(struct printer *p, const char *key, unsigned long long val,
	    int width)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "0x%0*llx", width, val);
	pr_str(p, key, buf);
}

void pr_ms(struct printer *p, const char *key, double ms)
{
	char text[32];

	if (p->format == RR_FORMAT_JSON) {
		/* Microsecond precision, printed as exactly that. */
		snprintf(text, sizeof(text), "%.3f", ms);
		json_add(p, key, json_object_new_double_s(strtod(text, NULL),
							  text));
		return;
	}
	text_label(p, key);
	fprintf(p->out, "%.3f ms\n", ms);
}

static void raw_key(char *buf, size_t len, const char *key)
{
	snprintf(buf, len, "%s_raw", key);
}

void pr_decoded_num(struct printer *p, const char *key, long long raw,
		    double val, bool known, const char *text)
{
	char rkey[64];

	if (p->format == RR_FORMAT_JSON) {
		raw_key(rkey, sizeof(rkey), key);
		if (!known)
			json_add(p, key, NULL);
		else if (val == floor(val) && fabs(val) < 9e15)
			json_add(p, key, json_object_new_int64((long long)val));
		else
			json_add(p, key, json_object_new_double(val));
		json_add(p, rkey, json_object_new_int64(raw));
		return;
	}
	text_label(p, key);
	fprintf(p->out, "%s (raw %lld)\n", text, raw);
}

void pr_decoded_str(struct printer *p, const char *key, long long raw,
		    const char *val)
{
	char rkey[64];

	if (p->format == RR_FORMAT_JSON) {
		raw_key(rkey, sizeof(rkey), key);
		json_add(p, key, json_object_new_string(val));
		json_add(p, rkey, json_object_new_int64(raw));
		return;
	}
	text_label(p, key);
	fprintf(p->out, "%s (raw %lld)\n", val, raw);
}
