// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The field table against what documents it: every field a result shows
 * is in rdma-route(8)'s JSON section, the ASSERTIONS lists are exactly the
 * fields --expect takes (numbers, strings, booleans), and so is the bash
 * completion's list.  A field added to the table and not to them, or
 * named there and not in the table, fails here.
 */
#include <ctype.h>
#include <stdlib.h>

#include "model/probe/expect.h"
#include "model/fabric/fabric_counts.h"
#include "model/probe/fields.h"
#include "output/render_ports.h"
#include "output/render_prom.h"
#include "output/render_routes_prom.h"
#include "../../tap.h"

#ifndef RR_SRCDIR
#error "RR_SRCDIR: the source tree"
#endif

/* Bold names in a section; more stop the test, never drop one unseen. */
#define MAX_NAMES 512

struct names {
	char name[MAX_NAMES][48];
	int n;
};

static void add(struct names *s, const char *name, size_t len)
{
	int i;

	if (!len || len >= sizeof(s->name[0]))
		return;
	for (i = 0; i < s->n; i++)
		if (strlen(s->name[i]) == len && !strncmp(s->name[i], name, len))
			return;
	if (s->n == MAX_NAMES) {
		printf("Bail out! more than %d bold names: raise MAX_NAMES\n", MAX_NAMES);
		exit(1);
	}
	memcpy(s->name[s->n], name, len);
	s->name[s->n++][len] = '\0';
}

static bool has(const struct names *s, const char *name)
{
	int i;

	for (i = 0; i < s->n; i++)
		if (!strcmp(s->name[i], name))
			return true;
	return false;
}

static char *slurp(const char *rel)
{
	char path[512], *buf = NULL;
	size_t len = 0, cap = 0, n;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", RR_SRCDIR, rel);
	f = fopen(path, "r");
	if (!f)
		return NULL;
	do {
		if (len + 1 >= cap) {
			cap = cap ? 2 * cap : 65536;
			buf = realloc(buf, cap);
		}
		n = fread(buf + len, 1, cap - len - 1, f);
		len += n;
	} while (n);
	buf[len] = '\0';
	fclose(f);
	return buf;
}

static size_t ident_len(const char *s)
{
	size_t n = 0;

	/* A field's key: lower case and '_', digits after the first (vl15_dropped). */
	while (islower((unsigned char)s[n]) || s[n] == '_' ||
	       (n && isdigit((unsigned char)s[n])))
		n++;
	return n;
}

/* A bold name ends with the font change or its line (.B a\fR, \fBb). */
static bool bold_end(const char *s)
{
	return !strncmp(s, "\\fR", 3) || *s == '\n';
}

/* Names set in bold (\fBname\fR, or a .B line) from FROM up to TO. */
static void bold_names(const char *from, const char *to, struct names *out)
{
	const char *p;

	for (p = from; p < to; p++) {
		if (!strncmp(p, "\\fB", 3) && bold_end(p + 3 + ident_len(p + 3)))
			add(out, p + 3, ident_len(p + 3));
		else if ((p == from || p[-1] == '\n') && !strncmp(p, ".B ", 3))
			add(out, p + 3, ident_len(p + 3));
	}
}

/* The text of section .SH NAME up to the next .SH. */
static const char *section(const char *man, const char *name,
			   const char **end)
{
	char head[64];
	const char *s;

	snprintf(head, sizeof(head), "\n.SH %s\n", name);
	s = strstr(man, head);
	if (!s)
		return NULL;
	s += strlen(head);
	*end = strstr(s, "\n.SH ");
	if (!*end)
		*end = s + strlen(s);
	return s;
}

/* The paragraph of ASSERTIONS headed ".B WHAT", up to the next macro. */
static void assertion_list(const char *man, const char *what,
			   struct names *out)
{
	const char *s, *end, *p, *stop;
	char head[64];

	s = section(man, "ASSERTIONS", &end);
	snprintf(head, sizeof(head), "\n.B %s\n", what);
	p = s ? strstr(s, head) : NULL;
	if (!p || p > end)
		return;
	p += strlen(head);
	stop = strstr(p, "\n.");
	bold_names(p, stop ? stop : end, out);
}

enum kind { K_NUMBER, K_STRING, K_BOOL };

static enum kind kind_of(const struct rr_field *f, bool raw)
{
	if (raw)
		return K_NUMBER;
	if (f->type == RR_FT_STR || f->type == RR_FT_ENUM)
		return K_STRING;
	return f->type == RR_FT_BOOL ? K_BOOL : K_NUMBER;
}

/* Every name --expect takes, by the kind of its values. */
static void expectable(struct names kinds[3], struct names *all)
{
	static const enum rr_fscope scopes[] = { RR_FS_RESULT, RR_FS_TIME,
						 RR_FS_PATH, RR_FS_HOP };
	struct rr_field_table t;
	char raw[64];
	size_t i, k;

	for (k = 0; k < sizeof(scopes) / sizeof(scopes[0]); k++) {
		t = rr_fields(scopes[k]);
		for (i = 0; i < t.n; i++) {
			add(&kinds[kind_of(&t.fields[i], false)], t.fields[i].key,
			    strlen(t.fields[i].key));
			add(all, t.fields[i].key, strlen(t.fields[i].key));
			if (t.fields[i].type != RR_FT_DECODED &&
			    t.fields[i].type != RR_FT_ENUM)
				continue;
			snprintf(raw, sizeof(raw), "%s_raw", t.fields[i].key);
			add(&kinds[K_NUMBER], raw, strlen(raw));
			add(all, raw, strlen(raw));
		}
	}
}

static void same_names(const struct names *want, const struct names *got,
		       const char *what)
{
	int i, missing = 0, extra = 0;

	for (i = 0; i < want->n; i++)
		if (!has(got, want->name[i])) {
			printf("# %s lacks %s\n", what, want->name[i]);
			missing++;
		}
	for (i = 0; i < got->n; i++)
		if (!has(want, got->name[i])) {
			printf("# %s names %s, no such field\n", what, got->name[i]);
			extra++;
		}
	ok(!missing && !extra && want->n > 0, "%s: the table's %d names exactly",
	   what, want->n);
}

static void man_page(const char *man)
{
	static const char *const heads[] = { "Numbers", "Strings", "Booleans" };
	static const enum rr_fscope scopes[] = { RR_FS_RESULT, RR_FS_TIME,
						 RR_FS_PATH, RR_FS_ERROR,
						 RR_FS_HOP };
	struct names kinds[3] = { 0 }, all = { 0 }, listed, json = { 0 };
	const char *s, *end;
	struct rr_field_table t;
	struct rr_expect e;
	char why[256], text[128];
	size_t i, k;
	int missing = 0;

	expectable(kinds, &all);
	for (k = 0; k < 3; k++) {
		memset(&listed, 0, sizeof(listed));
		assertion_list(man, heads[k], &listed);
		snprintf(text, sizeof(text), "rdma-route(8) ASSERTIONS %s", heads[k]);
		same_names(&kinds[k], &listed, text);
	}
	s = section(man, "JSON", &end);
	ok(s != NULL, "rdma-route(8) has a JSON section");
	if (s)
		bold_names(s, end, &json);
	for (k = 0; k < sizeof(scopes) / sizeof(scopes[0]); k++) {
		t = rr_fields(scopes[k]);
		for (i = 0; i < t.n; i++)
			if (!has(&json, t.fields[i].key)) {
				printf("# JSON section lacks %s\n", t.fields[i].key);
				missing++;
			}
	}
	ok(!missing, "rdma-route(8) JSON describes every field of the table");
	/* What the page lists, --expect takes, with a value of its kind. */
	missing = 0;
	for (i = 0; i < (size_t)all.n; i++) {
		snprintf(text, sizeof(text), "%s %s", all.name[i],
			 has(&kinds[K_BOOL], all.name[i]) ? "= true" :
			 has(&kinds[K_STRING], all.name[i]) ? "= x" : ">= 0");
		if (!rr_expect_parse(text, &e, why, sizeof(why))) {
			printf("# --expect '%s': %s\n", text, why);
			missing++;
		}
	}
	ok(!missing, "--expect takes each of the %d names", all.n);
}

/* The names of the completion's list that starts with VAR (local x="). */
static bool completion_list(const char *comp, const char *var,
			    struct names *listed)
{
	const char *s = comp ? strstr(comp, var) : NULL;
	const char *end;

	if (!s)
		return false;
	s += strlen(var);
	end = strchr(s, '"');
	for (; s < end; s++)
		if (ident_len(s) && (s[-1] == '"' || isspace((unsigned char)s[-1]))) {
			add(listed, s, ident_len(s));
			s += ident_len(s) - 1;
		}
	return true;
}

static void completion(const char *comp)
{
	struct names kinds[3] = { 0 }, all = { 0 }, listed = { 0 };
	bool found = completion_list(comp, "local fields=\"", &listed);

	expectable(kinds, &all);
	ok(found, "the completion has its list of --expect fields");
	if (!found)
		return;
	same_names(&all, &listed, "completions/rdma-route --expect");
}

/* Its list of --sa --trace --all-pairs' counts: the count table's names. */
static void completion_counts(const char *comp)
{
	struct names table = { 0 }, listed = { 0 };
	bool found = completion_list(comp, "local counts=\"", &listed);
	int i;

	for (i = 0; i < RR_FC_NUM; i++)
		add(&table, rr_fabric_count_defs[i].name,
		    strlen(rr_fabric_count_defs[i].name));
	ok(found, "the completion has its list of the routes' counts");
	if (!found)
		return;
	same_names(&table, &listed, "completions/rdma-route's counts");
}

static void add_family(const char *name, const char *type, void *ctx)
{
	add(ctx, name, strlen(name));
}

/*
 * A section of rdma-route(8) names every family FAMILIES gives, and no
 * other: each rdma_route_ word of the section against the renderer's list.
 */
static void families_in(const char *man, const char *section_name,
			void (*families_of)(void (*)(const char *, const char *,
						      void *), void *))
{
	struct names families = { 0 }, listed = { 0 };
	const char *s, *end, *p;
	char what[64];

	families_of(add_family, &families);
	s = section(man, section_name, &end);
	ok(s != NULL, "rdma-route(8) has a %s section", section_name);
	if (!s)
		return;
	for (p = s; p < end; p++)
		if (!strncmp(p, "rdma_route_", 11) &&
		    (p == s || !isalnum((unsigned char)p[-1]) ||
		     (p - s >= 3 && !strncmp(p - 3, "\\fB", 3)))) {
			add(&listed, p, ident_len(p));
			p += ident_len(p);
		}
	snprintf(what, sizeof(what), "rdma-route(8) %s", section_name);
	same_names(&families, &listed, what);
}

/* What PROMETHEUS lists: the results' families and --cm-defaults'. */
static void section_families(void (*fn)(const char *, const char *, void *),
			     void *ctx)
{
	rr_prom_families(fn, ctx);
	rr_prom_cm_defaults_families(fn, ctx);
}

static void prometheus(const char *man)
{
	families_in(man, "PROMETHEUS", section_families);
	families_in(man, "ROUTES", rr_prom_routes_families);
}

/* rdma-route(8) STEPS describes every step of the table, by its label. */
static void steps_in_man(const char *man)
{
	const char *sec = strstr(man, "\n.SH STEPS\n"), *end;
	char *text;
	int step, missing = 0;

	ok(sec != NULL, "rdma-route(8) has a STEPS section");
	if (!sec)
		return;
	end = strstr(sec + 1, "\n.SH ");
	text = strndup(sec, end ? (size_t)(end - sec) : strlen(sec));
	for (step = 0; text && step < RR_STEP_COUNT; step++)
		if (!strstr(text, rr_step_name(step))) {
			printf("# STEPS lacks %s\n", rr_step_name(step));
			missing++;
		}
	ok(text && !missing, "rdma-route(8) STEPS names each of the %d steps",
	   RR_STEP_COUNT);
	free(text);
}

/* time_ms is the step table, row for row. */
static void step_fields(void)
{
	struct rr_field_table t = rr_fields(RR_FS_TIME);
	int step, same = 0;

	for (step = 0; step < RR_STEP_COUNT && (size_t)step < t.n; step++)
		same += !strcmp(t.fields[step].key, rr_step_key(step)) &&
			t.fields[step].step == (enum rr_step)step;
	is_int(t.n, RR_STEP_COUNT, "a time field per step");
	is_int(same, RR_STEP_COUNT, "each the step of its row");
}

int main(void)
{
	char *man = slurp("man/rdma-route.8");
	char *comp = slurp("completions/rdma-route");

	ok(man && comp, "the man page and the completion read");
	if (man) {
		man_page(man);
		prometheus(man);
		steps_in_man(man);
	}
	completion(comp);
	completion_counts(comp);
	step_fields();
	free(man);
	free(comp);
	return tap_done();
}
