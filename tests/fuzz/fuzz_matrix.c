// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --matrix of JSON Lines records, whole: the input read as a file by the
 * bounded line reader, each line through rr_record_parse(), each result
 * into the matrix as run_matrix.c puts it, then finished, its findings
 * made and rendered as text, JSON and JSON Lines.  The first byte sets
 * the text grid's limit.  Checks:
 * - the reader keeps at most its cap of a line, says a line past it
 *   LONG, and stops a file with no line break within its give-up;
 * - the matrix has one cell per distinct (host, destination) pair, the
 *   others counted as duplicates, each pair holding its last record;
 * - the JSON document parses whole, each JSON Lines record parses, and
 *   the JSON pairs are the matrix's pairs;
 * - nothing leaks (ASan) and no undefined behaviour (UBSan).
 */
#include <json-c/json.h>

#include "input/line_reader.h"
#include "input/record_reader.h"
#include "model/matrix/matrix.h"
#include "output/render_matrix.h"
#include "output/render_matrix_svg.h"
#include "fuzz.h"

#define LINE_CAP 512
#define GIVE_UP 4096
#define MAX_PAIRS 256

/* The model: every pair seen and its last record's outcome. */
struct pair {
	/* A name is shorter than its line. */
	char from[LINE_CAP], to[LINE_CAP];
	bool ok;
};

static struct pair pairs[MAX_PAIRS];
static size_t num_pairs, num_dups, num_results;

static void model_add(const char *from, const char *to, bool ok)
{
	size_t i;

	for (i = 0; i < num_pairs; i++) {
		if (!strcmp(pairs[i].from, from) && !strcmp(pairs[i].to, to)) {
			pairs[i].ok = ok;
			num_dups++;
			return;
		}
	}
	fuzz_check(num_pairs < MAX_PAIRS);
	snprintf(pairs[num_pairs].from, sizeof(pairs[0].from), "%s", from);
	snprintf(pairs[num_pairs].to, sizeof(pairs[0].to), "%s", to);
	pairs[num_pairs++].ok = ok;
}

/* The fields a cell may show, one chosen by the input's first byte. */
static const char *const cell_fields[] = {
	"mtu", "sl", "pkey", "rate", "hop_limit", "reversible", "device",
	"create_id", "mtu_raw", "packet_life_time", "mtu_selector", "status",
};

/*
 * The cell as --matrix fills it (rr_matrix_cell_of, the real one), with
 * an --expect failure on every third line.
 */
static void add_record(struct rr_matrix *m, struct rr_record *rec,
		       size_t line_len, const char *field)
{
	static struct rr_expect_failure fail = {
		.field = "mtu", .op = ">=", .expected = "4096", .actual = "1024",
	};
	const char *from = rec->host[0] ? rec->host : "-";
	struct rr_matrix_cell c;
	char expect[256];

	if (line_len % 3 == 0) {
		rec->r.notes.expect_failures = &fail;
		rec->r.notes.num_expect_failures = 1;
	}
	rr_matrix_cell_of(field, &rec->r, &c, expect, sizeof(expect));
	fuzz_check(c.ok == rec->r.out.ok);
	fuzz_check(!c.ok || c.value_kind != RR_CELL_ABSENT || !strcmp(c.value, "-"));
	fuzz_check(c.value_kind != RR_CELL_NULL || !strcmp(c.value, "null"));
	fuzz_check(rr_matrix_add(m, from, rec->r.probe.target, rec->source, &c));
	model_add(from, rec->r.probe.target, c.ok);
	num_results++;
}

/* The reader's lines into M, cells of FIELD: how it ended. */
static enum rr_line_status read_all(FILE *f, struct rr_matrix *m,
				    const char *field)
{
	struct rr_record *rec = fuzz_alloc(sizeof(*rec));
	struct rr_line_reader rd;
	enum rr_line_status st;
	char why[128];
	size_t len;

	fuzz_check(rr_line_reader_init(&rd, f, LINE_CAP, GIVE_UP));
	while ((st = rr_line_next(&rd, &len)) == RR_LINE_OK ||
	       st == RR_LINE_LONG) {
		fuzz_check(len <= LINE_CAP && rd.line[len] == '\0');
		if (st == RR_LINE_LONG || memchr(rd.line, '\0', len) ||
		    num_pairs == MAX_PAIRS)
			continue;
		if (rr_record_parse(rd.line, len, rec, why, sizeof(why)) ==
		    RR_RECORD_RESULT)
			add_record(m, rec, len, field);
	}
	rr_line_reader_free(&rd);
	free(rec);
	return st;
}

/* PRINTER's output of V, in a string of *LEN bytes. */
static char *render(enum rr_format format, const struct rr_matrix_view *v,
		    size_t *len)
{
	char *buf = NULL;
	FILE *out = open_memstream(&buf, len);
	struct printer *p;

	fuzz_check(out);
	p = pr_new(format, out, out);
	fuzz_check(p);
	rr_render_matrix(p, v);
	fuzz_check(pr_finish(p) == 0);
	fclose(out);
	return buf;
}

static struct json_object *parse(const char *text, size_t len)
{
	struct json_tokener *tok = json_tokener_new();
	struct json_object *o;

	json_tokener_set_flags(tok, JSON_TOKENER_STRICT |
				    JSON_TOKENER_VALIDATE_UTF8);
	o = json_tokener_parse_ex(tok, text, (int)len);
	fuzz_check(o && json_tokener_get_error(tok) == json_tokener_success);
	json_tokener_free(tok);
	return o;
}

/*
 * --svg: whatever the host names, text an XML parser takes: no control
 * byte but a line break, every '<' closed by a '>' before the next one
 * (names are escaped, never raw markup), one root element.
 */
static void check_svg(const struct rr_matrix_view *v)
{
	char *buf = NULL;
	size_t len = 0, i;
	bool open = false;
	FILE *f = open_memstream(&buf, &len);

	fuzz_check(f);
	fuzz_check(rr_render_matrix_svg(f, v));
	fuzz_check(fclose(f) == 0);
	fuzz_check(len > 12 && !memcmp(buf + len - 7, "</svg>\n", 7));
	for (i = 0; i < len; i++) {
		fuzz_check((unsigned char)buf[i] >= 0x20 || buf[i] == '\n');
		if (buf[i] == '<') {
			fuzz_check(!open);
			open = true;
		} else if (buf[i] == '>') {
			fuzz_check(open);
			open = false;
		}
	}
	fuzz_check(!open);
	fuzz_check(strstr(buf, "<svg") && strstr(buf, "<svg") == strstr(buf, "<s"));
	free(buf);
}

/*
 * Each cell once in its row's list and once in its column's; a row's in
 * the order columns are shown, a column's by row.
 */
static void check_lines(const struct rr_matrix *m)
{
	const uint32_t *idx;
	size_t i, k, n, total = 0;

	for (i = 0; i < m->rows.num; i++) {
		idx = rr_matrix_row(m, i, &n);
		total += n;
		for (k = 0; k < n; k++) {
			fuzz_check(idx[k] < m->num_cells && m->cells[idx[k]].row == i);
			fuzz_check(!k || m->col_rank[m->cells[idx[k - 1]].col] <
					  m->col_rank[m->cells[idx[k]].col]);
		}
	}
	fuzz_check(total == m->num_cells);
	for (i = 0, total = 0; i < m->cols.num; i++) {
		idx = rr_matrix_col(m, i, &n);
		total += n;
		for (k = 0; k < n; k++) {
			fuzz_check(idx[k] < m->num_cells && m->cells[idx[k]].col == i);
			fuzz_check(!k || m->cells[idx[k - 1]].row < m->cells[idx[k]].row);
		}
	}
	fuzz_check(total == m->num_cells);
}

/* A pair's value in JSON is never the string "null": JSON's null is. */
static void check_pair_value(struct json_object *rec, const char *field)
{
	struct json_object *val;

	if (json_object_object_get_ex(rec, field, &val) &&
	    json_object_get_type(val) == json_type_string)
		fuzz_check(strcmp(json_object_get_string(val), "null"));
}

static void check_outputs(const struct rr_matrix_view *v)
{
	struct json_object *doc, *list, *rec, *kind;
	char *text, *p, *nl;
	size_t len, n = 0;

	free(render(RR_FORMAT_TEXT, v, &len));
	text = render(RR_FORMAT_JSON, v, &len);
	doc = parse(text, len);
	fuzz_check(json_object_object_get_ex(doc, "pairs", &list) ==
		   (num_pairs > 0));
	if (num_pairs)
		fuzz_check(json_object_array_length(list) == num_pairs);
	json_object_put(doc);
	free(text);
	text = render(RR_FORMAT_JSONL, v, &len);
	for (p = text; p < text + len; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(text + len - p));
		fuzz_check(nl);
		rec = parse(p, (size_t)(nl - p));
		fuzz_check(json_object_object_get_ex(rec, "record", &kind));
		n += !strcmp(json_object_get_string(kind), "pairs");
		check_pair_value(rec, v->field);
		json_object_put(rec);
	}
	fuzz_check(n == num_pairs);
	free(text);
	check_svg(v);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rr_matrix m = { 0 };
	struct rr_finding *found = NULL;
	struct rr_matrix_view v = { .m = &m, .field = "mtu", .width = 80 };
	const struct rr_matrix_cell *c;
	enum rr_line_status st;
	size_t i, r, col;
	FILE *f;

	if (!size)
		return 0;
	v.grid_max = data[0] % 130;
	v.field = cell_fields[data[0] % (sizeof(cell_fields) / sizeof(cell_fields[0]))];
	num_pairs = num_dups = num_results = 0;
	f = fmemopen((void *)(data + 1), size - 1 ? size - 1 : 1, "r");
	fuzz_check(f);
	st = read_all(f, &m, v.field);
	fclose(f);
	fuzz_check(st == RR_LINE_EOF || st == RR_LINE_NOT_TEXT);
	fuzz_check(m.num_cells == num_pairs && m.duplicates == num_dups);
	fuzz_check(rr_matrix_finish(&m));
	for (i = 0; i < num_pairs; i++) {
		for (r = 0; r < m.rows.num && strcmp(m.rows.names[r], pairs[i].from); r++)
			;
		for (col = 0; col < m.cols.num && strcmp(m.cols.names[col], pairs[i].to); col++)
			;
		fuzz_check(r < m.rows.num && col < m.cols.num);
		c = rr_matrix_at(&m, r, col);
		fuzz_check(c && c->ok == pairs[i].ok);
	}
	check_lines(&m);
	fuzz_check(rr_matrix_findings(&m, &found, &v.num_findings));
	v.findings = found;
	check_outputs(&v);
	free(found);
	rr_matrix_free(&m);
	return 0;
}
