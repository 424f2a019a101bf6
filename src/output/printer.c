// SPDX-License-Identifier: GPL-2.0-or-later
/* The front of the printing layer: turns field calls into pr_values. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/num_text.h"
#include "output/printer_impl.h"

struct printer *pr_new(enum rr_format format, FILE *out, FILE *err)
{
	static const struct pr_writer *const writers[] = {
		[RR_FORMAT_TEXT] = &pr_text_writer,
		[RR_FORMAT_JSON] = &pr_json_writer,
		[RR_FORMAT_JSONL] = &pr_jsonl_writer,
		[RR_FORMAT_PROM] = &pr_prom_writer,
	};
	struct printer *p = calloc(1, sizeof(*p));

	if (!p)
		return NULL;
	p->w = writers[format];
	p->format = format;
	p->out = p->main = out;
	p->err = err;
	return p;
}

int pr_finish(struct printer *p)
{
	int rc = p->w->finish(p);

	if (p->main && fflush(p->main))
		rc = -1;
	if (p->err && fflush(p->err))
		rc = -1;
	free(p);
	return rc;
}

bool pr_streams(const struct printer *p)
{
	return p->w->streams;
}

void pr_set_brief(struct printer *p, bool brief)
{
	p->brief = brief;
}

bool pr_brief(const struct printer *p)
{
	return p->brief;
}

void pr_set_verbose(struct printer *p, bool verbose)
{
	p->verbose = verbose;
}

bool pr_verbose(const struct printer *p)
{
	return p->verbose;
}

bool pr_titled(const struct printer *p)
{
	return p->format == RR_FORMAT_TEXT;
}

bool pr_is_json(const struct printer *p)
{
	return p->format == RR_FORMAT_JSON || p->format == RR_FORMAT_JSONL;
}

void pr_use_err(struct printer *p, bool err)
{
	if (p->format != RR_FORMAT_TEXT)
		return;
	/* Held records go first: a terminal shows both in their order. */
	if (p->hold && p->out != (err ? p->err : p->main))
		fflush(p->out);
	p->out = err ? p->err : p->main;
}

void pr_hold(struct printer *p)
{
	p->hold = true;
}

void pr_release(struct printer *p)
{
	p->hold = false;
	if (p->main)
		fflush(p->main);
	if (p->err)
		fflush(p->err);
}

enum rr_format pr_format(const struct printer *p)
{
	return p->format;
}

void pr_doc_str(struct printer *p, const char *key, const char *val)
{
	struct pr_value v = { .type = PV_STR, .s = val };

	if (p->w->doc)
		p->w->doc(p, key, &v);
}

void pr_doc_int(struct printer *p, const char *key, long long val)
{
	struct pr_value v = { .type = PV_INT, .i = val };

	if (p->w->doc)
		p->w->doc(p, key, &v);
}

static void push(struct printer *p, enum pr_frame_kind kind, const char *key,
		 const char *label, const char *title, bool brief)
{
	struct pr_frame *f;

	if (p->depth >= PR_MAX_DEPTH)
		abort();	/* a renderer bug, not an input error */
	f = &p->stack[p->depth++];
	*f = (struct pr_frame){ .kind = kind, .key = key, .label = label };
	p->w->begin(p, f, title, brief);
}

static void pop(struct printer *p)
{
	struct pr_frame *f = &p->stack[p->depth - 1];

	p->w->end(p, f);
	p->depth--;
	if (p->depth)
		p->stack[p->depth - 1].count++;
}

void pr_record_begin(struct printer *p, const char *key, const char *title,
		     bool brief)
{
	push(p, PR_RECORD, key, NULL, title, brief);
}

void pr_single_begin(struct printer *p, const char *key, const char *title,
		     bool brief)
{
	push(p, PR_SINGLE, key, NULL, title, brief);
}

void pr_record_end(struct printer *p)
{
	pop(p);
}

void pr_obj_begin(struct printer *p, const char *key, const char *title)
{
	push(p, PR_OBJ, key, NULL, title, false);
}

void pr_map_begin(struct printer *p, const char *key, const char *title,
		  const char *label)
{
	push(p, PR_MAP, key, label, title, false);
}

void pr_obj_end(struct printer *p)
{
	pop(p);
}

void pr_arr_begin(struct printer *p, const char *key)
{
	push(p, PR_ARR, key, NULL, NULL, false);
}

void pr_arr_end(struct printer *p)
{
	pop(p);
}

static void field(struct printer *p, const char *key, const struct pr_value *v)
{
	struct pr_frame *f = pr_top(p);

	p->w->field(p, key, v);
	if (f)
		f->count++;
}

void pr_str(struct printer *p, const char *key, const char *val)
{
	struct pr_value v = { .type = val ? PV_STR : PV_NULL, .s = val };

	field(p, key, &v);
}

void pr_int(struct printer *p, const char *key, long long val)
{
	struct pr_value v = { .type = PV_INT, .i = val };

	field(p, key, &v);
}

void pr_uint(struct printer *p, const char *key, unsigned long long val)
{
	char num[RR_INT_TEXT];
	/* Its exact digits: a number in JSON, the same digits in text. */
	struct pr_value v = { .type = PV_NUM, .num_text = num, .d = (double)val };

	snprintf(num, sizeof(num), "%llu", val);
	field(p, key, &v);
}

void pr_bool(struct printer *p, const char *key, bool val)
{
	struct pr_value v = { .type = PV_BOOL, .i = val };

	field(p, key, &v);
}

void pr_hex(struct printer *p, const char *key, unsigned long long val,
	    int width)
{
	static const char hex[] = "0123456789abcdef";
	char buf[24], *o = buf + sizeof(buf);
	int n = 0;

	if (width > 16)
		width = 16;
	*--o = '\0';
	do {
		*--o = hex[val & 0xf];
		val >>= 4;
		n++;
	} while (val || n < width);
	*--o = 'x';
	*--o = '0';
	pr_str(p, key, o);
}

void pr_ms(struct printer *p, const char *key, double ms)
{
	char num[40], text[48];
	struct pr_value v = { .type = PV_NUM, .num_text = num, .text = text,
			      .ms = true };
	size_t n = rr_fixed_text(ms, 3, num, &v.d);

	memcpy(text, num, n);
	memcpy(text + n, " ms", sizeof(" ms"));
	field(p, key, &v);
}

void pr_stats(struct printer *p, const char *key, const struct rr_stats *s)
{
	p->w->stats(p, key, s);
	if (pr_top(p))
		pr_top(p)->count++;
}

void pr_decoded_num(struct printer *p, const char *key, long long raw,
		    double val, bool known, const char *text)
{
	struct pr_value v = {
		.type = known ? PV_NUM : PV_NULL, .d = val, .text = text,
		.has_raw = true, .raw = raw,
	};
	char num[40];

	/* Whole numbers stay integers in JSON: 1024, not 1024.0. */
	if (known && val == floor(val) && fabs(val) < 9e15 && !signbit(val))
		rr_int_str((long long)val, num);
	else
		rr_num_text(val, num);
	v.num_text = num;
	field(p, key, &v);
}

void pr_num(struct printer *p, const char *key, double val,
	    const char *text)
{
	struct pr_value v = { .type = PV_NUM, .d = val, .text = text };
	char num[40];

	rr_num_text(val, num);
	v.num_text = num;
	field(p, key, &v);
}

void pr_decoded_str(struct printer *p, const char *key, long long raw,
		    const char *val)
{
	struct pr_value v = {
		.type = PV_STR, .s = val, .has_raw = true, .raw = raw,
	};

	field(p, key, &v);
}

void pr_run_label(struct printer *p, const char *name, const char *value)
{
	if (p->num_run_labels == PR_MAX_RUN_LABELS)
		abort();	/* a caller bug */
	p->run_labels[p->num_run_labels++] = (struct pr_label){ name, value };
}
