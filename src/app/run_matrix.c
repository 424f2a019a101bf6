// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --matrix: every pair in one grid, with its findings.  The pairs come
 * from this run's --sa results, or from JSON Lines records of many hosts
 * (files, or stdin), each judged by --expect as a fresh result is.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/stat.h>

#include "app/output_file.h"
#include "app/run.h"
#include "app/signals.h"
#include "base/escape.h"
#include "input/line_reader.h"
#include "input/record_reader.h"
#include "model/probe/check.h"
#include "model/probe/fields.h"
#include "output/render.h"
#include "output/render_matrix.h"
#include "output/render_matrix_svg.h"

/* The longest record line taken: a result with its chain is a few KiB. */
#define RECORD_LINE_MAX (1024 * 1024)

bool rr_run_matrix_add(struct run *run, const struct rr_result *r,
		       const char *host, const char *source)
{
	struct rr_matrix_cell c;
	const char *from = r->probe.from ? r->probe.from : host;
	char expect[400];

	rr_matrix_cell_of(run->opts.matrix, r, &c, expect, sizeof(expect));
	return rr_matrix_add(&run->matrix.m, from, r->probe.target, source, &c);
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
		rr_tally_add(&run->out.tally, &rec->r);
		ok = rr_run_matrix_add(run, &rec->r, rec->host, rec->source);
		free(rec->r.notes.expect_failures);
		break;
	case RR_RECORD_BAD:
		rr_render_input_error(run->out.p, file, num, "record", line, len, why);
		run->in.input_errors++;
		break;
	default:
		break;	/* a summary, statistics: the matrix has its own */
	}
	free(rec);
	return ok;
}

/*
 * A line past this many bytes without a break: the file is not JSON Lines
 * (/dev/zero, a binary), and reading it stops.
 */
#define RECORD_GIVE_UP (16 * RECORD_LINE_MAX)

static bool blank(const char *line, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (!isspace((unsigned char)line[i]))
			return false;
	return true;
}

static void bad_line(struct run *run, const char *file, unsigned long num,
		     const char *line, size_t len, const char *why)
{
	rr_render_input_error(run->out.p, file, num, "record", line,
			      len > 64 ? 64 : len, why);
	run->in.input_errors++;
}

/*
 * FILE's records into the matrix, in bounded memory.  False when it could
 * not be read to its end: said, with the reason (WHY).
 */
static bool read_records(struct run *run, FILE *f, const char *file,
			 char *why, size_t why_len)
{
	struct rr_line_reader rd;
	enum rr_line_status st;
	size_t len;
	bool ok = true;

	if (!rr_line_reader_init(&rd, f, RECORD_LINE_MAX, RECORD_GIVE_UP)) {
		snprintf(why, why_len, "%s", strerror(ENOMEM));
		return false;
	}
	rd.stop_fd = rr_signals_stop_fd();
	while (ok && (st = rr_line_next(&rd, &len)) != RR_LINE_EOF) {
		if (st == RR_LINE_ERROR || st == RR_LINE_NOT_TEXT ||
		    st == RR_LINE_STOPPED)
			break;
		if (st == RR_LINE_LONG)
			bad_line(run, file, rd.num, rd.line, len, "line longer than 1 MiB");
		else if (memchr(rd.line, '\0', len))
			bad_line(run, file, rd.num, rd.line, len, "NUL byte in the line");
		else if (!blank(rd.line, len))	/* skipped, as an empty one */
			ok = take_line(run, file, rd.num, rd.line, len);
	}
	if (!ok)
		snprintf(why, why_len, "%s", strerror(ENOMEM));
	else if (st == RR_LINE_ERROR)
		snprintf(why, why_len, "line %lu: %s", rd.num + 1, strerror(errno));
	else if (st == RR_LINE_STOPPED)
		snprintf(why, why_len, "stopped by signal %d, at line %lu",
			 rr_stop_signal(), rd.num + 1);
	else if (st == RR_LINE_NOT_TEXT)
		snprintf(why, why_len, "line %lu: no line break within %d MiB: not JSON Lines",
			 rd.num + 1, RECORD_GIVE_UP >> 20);
	rr_line_reader_free(&rd);
	return ok && st == RR_LINE_EOF;
}

/* NAME opened for reading records: a folder is refused by name. */
static FILE *open_records(const char *name, char *why, size_t why_len)
{
	struct stat st;
	FILE *f = strcmp(name, "-") ? fopen(name, "r") : stdin;

	if (!f) {
		snprintf(why, why_len, "%s", strerror(errno));
		return NULL;
	}
	if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
		snprintf(why, why_len, "is a folder: name a file of JSON Lines records");
		if (f != stdin)
			fclose(f);
		return NULL;
	}
	return f;
}

/* Every records file (stdin without one) read into the matrix. */
static int read_all(struct run *run)
{
	char why[256], buf[256];
	const char *name;
	FILE *f;
	int i, n = run->opts.num_targets;
	bool read;

	if (!rr_record_reader_ready(why, sizeof(why))) {
		fprintf(stderr, "rdma-route: --matrix: cannot load json-c: %s\n", why);
		return RR_EXIT_FAILED;
	}
	for (i = 0; i < (n ? n : 1); i++) {
		name = n ? run->opts.targets[i] : "-";
		f = open_records(name, why, sizeof(why));
		if (f) {
			read = read_records(run, f, strcmp(name, "-") ? name : "(stdin)",
					    why, sizeof(why));
			if (f != stdin)
				fclose(f);
			if (read)
				continue;
		}
		fprintf(stderr, "rdma-route: --matrix: '%s': %s\n",
			rr_shown(strcmp(name, "-") ? name : "(stdin)", buf, sizeof(buf)),
			why);
		return RR_EXIT_USAGE;
	}
	return RR_EXIT_OK;
}

/*
 * The width of the grid: $COLUMNS when set (shells keep it but seldom
 * export it), else the terminal's own when the grid goes to one, else 80.
 */
static unsigned int columns(const struct run *run)
{
	const char *c = getenv("COLUMNS");
	struct winsize ws;
	long n = c ? strtol(c, NULL, 10) : 0;

	if (n >= 20 && n <= 10000)
		return (unsigned int)n;
	if (!run->opts.output && isatty(STDOUT_FILENO) &&
	    !ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) &&
	    ws.ws_col >= 20 && ws.ws_col <= 10000)
		return ws.ws_col;
	return 80;
}

/* The picture drawn: whole, true. */
static bool draw_svg(FILE *f, const void *view)
{
	return rr_render_matrix_svg(f, view);
}

/* The exit code that says more: 3 over 2 over 1 over 4 over 0. */
static int worse(int a, int b)
{
	static const int rank[] = { [RR_EXIT_OK] = 0, [RR_EXIT_EXPECT] = 1,
				    [RR_EXIT_FAILED] = 2, [RR_EXIT_USAGE] = 3,
				    [RR_EXIT_NO_RDMA] = 4 };

	return rank[b] > rank[a] ? b : a;
}

/* The matrix's exit code, as a batch's (the picture's left out). */
static int matrix_code(const struct run *run, bool checks)
{
	/* As a batch: 3 over 2 over 1 over 4; a pair not the same both
	 * ways fails a check, as an --expect does. */
	/* Records came from other hosts: only this run's own SA says 3. */
	if (run->opts.sa && run->out.tally.host_level && !run->out.tally.resolved)
		return RR_EXIT_NO_RDMA;
	if (run->in.input_errors || run->in.input_failed)
		return RR_EXIT_USAGE;
	if (run->out.tally.failed)
		return RR_EXIT_FAILED;
	return checks ? RR_EXIT_EXPECT : RR_EXIT_OK;
}

int rr_run_matrix_finish(struct run *run)
{
	struct rr_matrix_view v = {
		.m = &run->matrix.m,
		.field = run->opts.matrix,
		.width = columns(run),
		.grid_max = run->opts.matrix_grid,
		.input_errors = run->in.input_errors,
	};
	struct rr_finding *found = NULL;
	bool checks = false;
	size_t i;
	int code;

	if (!rr_matrix_finish(&run->matrix.m) ||
	    !rr_matrix_findings(&run->matrix.m, &found, &v.num_findings)) {
		perror("rdma-route");
		return RR_EXIT_FAILED;
	}
	v.findings = found;
	rr_render_matrix(run->out.p, &v);
	code = rr_run_write_side(run, RR_SIDE_SVG, draw_svg, &v);
	for (i = 0; i < v.num_findings; i++)
		checks |= found[i].kind == RR_FIND_ASYMMETRIC ||
			  found[i].kind == RR_FIND_EXPECT;
	free(found);
	return worse(matrix_code(run, checks), code);
}

int rr_run_matrix_records(struct run *run)
{
	int code = read_all(run);

	if (code != RR_EXIT_OK) {
		/* No matrix: -o's and --svg's files keep what they held. */
		run->out.nothing_printed = true;
		return code;
	}
	/* A fleet run that collected nothing is no healthy fabric. */
	if (!run->out.tally.probes && !run->in.input_errors) {
		fprintf(stderr, "rdma-route: --matrix: no records: %s held no result\n",
			run->opts.num_targets ? "the files" : "standard input");
		rr_run_matrix_finish(run);
		return RR_EXIT_NO_RDMA;
	}
	return rr_run_matrix_finish(run);
}
