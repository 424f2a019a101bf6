// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --matrix: every pair in one grid, with its findings.  The pairs come
 * from this run's --sa results, or from JSON Lines records of many hosts
 * (files, or stdin), each judged by --expect as a fresh result is.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app/run.h"
#include "base/escape.h"
#include "input/record_reader.h"
#include "model/check.h"
#include "model/fields.h"
#include "output/render.h"
#include "output/render_matrix.h"

/* The longest record line taken: a result with its chain is a few KiB. */
#define RECORD_LINE_MAX (1024 * 1024)

/* R's cell: its outcome, the chosen field's value, its first --expect. */
static void fill_cell(const struct run *run, const struct rr_result *r,
		      struct rr_matrix_cell *c)
{
	const struct rr_expect_failure *e;
	const struct rr_field *f;
	enum rr_fscope scope;
	struct rr_fval v;
	bool raw;

	memset(c, 0, sizeof(*c));
	c->ok = r->out.ok;
	c->cause = r->out.fail.cause;
	c->have_path = r->out.ok && r->out.num_paths > 0;
	if (c->have_path)
		c->path = r->out.paths[0];
	f = rr_field_find(run->opts.matrix, &scope, &raw);
	if (f && c->ok) {
		rr_fval_reset(&v);
		f->get(f, r, scope == RR_FS_PATH && c->have_path ? &r->out.paths[0] : NULL, &v);
		if (v.present)
			rr_fval_str(f, &v, raw, c->value, sizeof(c->value));
		else
			snprintf(c->value, sizeof(c->value), "-");
		c->value_is_num = v.present && !v.null &&
				  (raw || f->type == RR_FT_INT ||
				   f->type == RR_FT_MS || f->type == RR_FT_DECODED ||
				   f->type == RR_FT_NUM);
	}
	if (r->notes.num_expect_failures) {
		e = &r->notes.expect_failures[0];
		snprintf(c->expect, sizeof(c->expect), "%s %s %s does not hold: %s",
			 e->field, e->op, e->expected, e->actual);
	}
}

bool rr_run_matrix_add(struct run *run, const struct rr_result *r,
		       const char *host, const char *source)
{
	struct rr_matrix_cell c;
	const char *from = r->probe.from ? r->probe.from : host;

	fill_cell(run, r, &c);
	return rr_matrix_add(&run->matrix, from, r->probe.target, source, &c);
}

/* One line of a records file: a result into the matrix, else said. */
static bool take_line(struct run *run, const char *file, unsigned long num,
		      const char *line, size_t len)
{
	struct rr_record *rec = malloc(sizeof(*rec));
	char why[256];
	bool ok = true;

	if (!rec)
		return false;
	switch (rr_record_parse(line, len, rec, why, sizeof(why))) {
	case RR_RECORD_RESULT:
		rr_check_result(&rec->r, run->expects, run->num_expects);
		rr_tally_add(&run->tally, &rec->r);
		ok = rr_run_matrix_add(run, &rec->r, rec->host, rec->source);
		free(rec->r.notes.expect_failures);
		break;
	case RR_RECORD_BAD:
		rr_render_input_error(run->p, file, num, "record", line, len, why);
		run->input_errors++;
		break;
	default:
		break;	/* a summary, statistics: the matrix has its own */
	}
	free(rec);
	return ok;
}

static bool read_records(struct run *run, FILE *f, const char *file)
{
	unsigned long num = 0;
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	bool ok = true;

	errno = 0;
	while (ok && (len = getline(&line, &cap, f)) >= 0) {
		num++;
		while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		if (!len)
			continue;
		if (len > RECORD_LINE_MAX || memchr(line, '\0', (size_t)len)) {
			rr_render_input_error(run->p, file, num, "record", line,
					      (size_t)len > 64 ? 64 : (size_t)len,
					      len > RECORD_LINE_MAX ? "line longer than 1 MiB" :
								      "NUL byte in the line");
			run->input_errors++;
			continue;
		}
		ok = take_line(run, file, num, line, (size_t)len);
	}
	if (ferror(f))
		run->input_failed = true;
	free(line);
	return ok;
}

/* Every records file (stdin without one) read into the matrix. */
static int read_all(struct run *run)
{
	char why[256], buf[256];
	const char *name;
	FILE *f;
	int i, n = run->opts.num_targets;

	if (!rr_record_reader_ready(why, sizeof(why))) {
		fprintf(stderr, "rdma-route: --matrix: cannot load json-c: %s\n", why);
		return RR_EXIT_FAILED;
	}
	for (i = 0; i < (n ? n : 1); i++) {
		name = n ? run->opts.targets[i] : "-";
		f = strcmp(name, "-") ? fopen(name, "r") : stdin;
		if (!f) {
			fprintf(stderr, "rdma-route: --matrix: '%s': %s\n",
				rr_shown(name, buf, sizeof(buf)), strerror(errno));
			return RR_EXIT_USAGE;
		}
		if (!read_records(run, f, strcmp(name, "-") ? name : "(stdin)")) {
			perror("rdma-route");
			return RR_EXIT_FAILED;
		}
		if (f != stdin)
			fclose(f);
	}
	return RR_EXIT_OK;
}

/* The terminal's columns: $COLUMNS, else 80. */
static unsigned int columns(void)
{
	const char *c = getenv("COLUMNS");
	long n = c ? strtol(c, NULL, 10) : 0;

	return n >= 20 && n <= 10000 ? (unsigned int)n : 80;
}

int rr_run_matrix_finish(struct run *run)
{
	struct rr_matrix_view v = {
		.m = &run->matrix,
		.field = run->opts.matrix,
		.width = columns(),
		.input_errors = run->input_errors,
	};
	struct rr_finding *found = NULL;
	bool checks = false;
	size_t i;

	if (!rr_matrix_finish(&run->matrix) ||
	    !rr_matrix_findings(&run->matrix, &found, &v.num_findings)) {
		perror("rdma-route");
		return RR_EXIT_FAILED;
	}
	v.findings = found;
	rr_render_matrix(run->p, &v);
	for (i = 0; i < v.num_findings; i++)
		checks |= found[i].kind == RR_FIND_ASYMMETRIC ||
			  found[i].kind == RR_FIND_EXPECT;
	free(found);
	/* As a batch: 3 over 2 over 1 over 4; a pair not the same both
	 * ways fails a check, as an --expect does. */
	/* Records came from other hosts: only this run's own SA says 3. */
	if (run->opts.sa && run->tally.host_level && !run->tally.resolved)
		return RR_EXIT_NO_RDMA;
	if (run->input_errors || run->input_failed)
		return RR_EXIT_USAGE;
	if (run->tally.failed)
		return RR_EXIT_FAILED;
	return checks ? RR_EXIT_EXPECT : RR_EXIT_OK;
}

int rr_run_matrix_records(struct run *run)
{
	int code = read_all(run);

	if (code != RR_EXIT_OK)
		return code;
	return rr_run_matrix_finish(run);
}
