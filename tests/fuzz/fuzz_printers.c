// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The printing layer in its four formats, driven the way the renderers
 * drive it, with strings from the input as values, as titles and as the
 * member keys of maps (interface and cause names are data).  Field keys
 * stay the fixed identifiers renderers use, with their habits: a key once
 * per object, no record label key (destination, device, port, seq) below
 * the record, maps of numbers only.  Each input is printed in every
 * format into memory and read back:
 * - JSON parses whole with json-c's strict tokenizer, is valid UTF-8, and
 *   holds each top-level list with as many records as were printed;
 * - JSON Lines: one line per record, each parsing alone to an object
 *   with the record's kind;
 * - Prometheus: every line is "# HELP name text", "# TYPE name gauge" or
 *   a sample 'name{label="value",...} number' of the family last typed,
 *   with only \\ \" \n escapes, no label twice, each family typed once;
 *   valid UTF-8, no control character;
 * - text: valid UTF-8, no control character but '\n', whole lines.
 *
 * Input: a script, then strings, all separated by NUL bytes.  Each script
 * byte is a call (its low bits) and its options (high bits); keys and
 * numbers come from the bytes after it (see num()).  Strings are used in
 * turn, round and round.
 */
#include <ctype.h>
#include <json-c/json.h>

#include "base/escape.h"
#include "output/printer.h"
#include "output/prom_samples.h"
#include "fuzz.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define MAX_NEST 6		/* frames open at once; PR_MAX_DEPTH is 16 */
#define MAX_RECORDS 64
#define MAX_MAP_KEYS 32

static const struct {
	const char *key;
	bool single;
} records[] = {
	{ "results", false }, { "statistics", false },
	{ "input_errors", false }, { "summary", true },
};

/* Keys of a record's own fields, as render.c uses them. */
static const char *const record_fields[] = {
	"destination", "seq", "status", "start_ms", "address", "device",
	"port", "link_layer", "gid_type", "num_paths", "probes", "resolved",
	"failed", "file", "line", "text", "reason", "elapsed_ms",
};

/* Keys of fields below the record: none of the record's label keys. */
static const char *const nested_fields[] = {
	"step", "call", "cause", "hint", "detail", "errno", "interface",
	"interface_up", "interface_mtu", "mtu", "rate", "flow_label", "pkey",
	"sl", "dgid", "netdev", "state", "kernel_said", "source",
};

static const char *const obj_keys[] = {
	"error", "route", "device_link", "neighbour", "gid",
};

static const struct {
	const char *key, *label;
} map_keys[] = {
	{ "time_ms", "step" }, { "failed_by_cause", "cause" },
	{ "by_netdev", "netdev" },
};

static const char *const arr_keys[] = {
	"paths", "warnings", "candidates", "expect_failed", "rdma_netdevs",
};

enum level_kind { L_OBJ, L_MAP, L_ARR };

/* An open frame, and the keys already used in it. */
struct level {
	enum level_kind kind;
	const char *key;
	unsigned int fields, objs, maps, arrs;	/* bits: table indexes used */
	const char *map_keys[MAX_MAP_KEYS];
	int num_map_keys;
};

struct gen {
	const uint8_t *op;
	size_t n, i;
	char **str;
	size_t num_str, next_str;
	struct printer *p;
	struct level lv[MAX_NEST];
	int depth;
	int count[ARRAY_SIZE(records)];	/* records printed, by kind */
	int num_records;
	bool declared[ARRAY_SIZE(records)];
	unsigned long samples;	/* Prometheus samples handed over */
};

static void body(struct gen *g, bool record);

static uint8_t byte(struct gen *g)
{
	return g->i < g->n ? g->op[g->i++] : 0;
}

/*
 * A number: 7 bits a byte, low first, while the top bit is set; minus one,
 * so that every number, 0 too, is written without a NUL byte.
 */
static uint64_t num(struct gen *g)
{
	uint64_t v = 0;
	uint8_t b;
	int shift;

	for (shift = 0; shift < 64; shift += 7) {
		b = byte(g);
		v |= (uint64_t)(b & 0x7f) << shift;
		if (!(b & 0x80))
			break;
	}
	return v - 1;
}

/* A signed number: zigzag, 0 -1 1 -2 2 ... */
static long long snum(struct gen *g)
{
	uint64_t v = num(g);

	return (long long)(v >> 1) ^ -(long long)(v & 1);
}

static const char *str(struct gen *g)
{
	if (!g->num_str)
		return "";
	return g->str[g->next_str++ % g->num_str];
}

/* A key of TABLE not yet used in this frame (bits USED), or NULL. */
static const char *fresh(struct gen *g, const char *const *table, size_t n,
			 unsigned int *used)
{
	size_t k = byte(g) % n;

	if (*used & (1u << k))
		return NULL;
	*used |= 1u << k;
	return table[k];
}

/* Milliseconds as measured: microsecond steps, some negative. */
static double ms(struct gen *g)
{
	return (double)snum(g) / 1000.0;
}

static void stats(struct gen *g, struct rr_stats *s)
{
	s->n = (size_t)num(g);
	s->min = ms(g);
	s->avg = ms(g);
	s->max = ms(g);
	s->mdev = ms(g);
	s->p50 = ms(g);
	s->p90 = ms(g);
	s->p99 = ms(g);
	s->span = ms(g);
}

/*
 * A Prometheus sample whose label value is any string: escaped, it keeps
 * the exposition valid.  The renderer makes series unique (destination,
 * occurrence); here a counter does.
 */
static void sample(struct gen *g, const char *key)
{
	static const struct pr_metric m = { "rdma_route_fuzz", "gauge",
					    "label values from the fuzzer" };
	char n[24];
	struct pr_label l[2] = { { "n", n }, { key, str(g) } };

	snprintf(n, sizeof(n), "%lu", g->samples++);
	pr_sample(g->p, &m, NULL, l, 2, ms(g));
}

/* One field of type OP (see body()) under KEY. */
static void field(struct gen *g, int op, const char *key, uint8_t b)
{
	struct rr_stats s;
	unsigned long long v;
	long long raw;

	switch (op) {
	case 1:
		pr_str(g->p, key, str(g));
		if (b & 0x20)
			sample(g, key);
		break;
	case 2:
		pr_str(g->p, key, NULL);
		break;
	case 3:
		pr_int(g->p, key, snum(g));
		break;
	case 4:
		pr_bool(g->p, key, b & 0x80);
		break;
	case 5:
		v = num(g);
		pr_hex(g->p, key, v, byte(g) % 17);
		break;
	case 6:
		pr_ms(g->p, key, ms(g));
		break;
	case 7:
		raw = snum(g);
		v = num(g);
		pr_decoded_num(g->p, key, raw, (double)v / 8, b & 0x80,
			       b & 0x40 ? str(g) : NULL);
		break;
	case 8:
		pr_decoded_str(g->p, key, snum(g), str(g));
		break;
	default:
		stats(g, &s);
		pr_stats(g->p, key, &s);
		break;
	}
}

static struct level *push(struct gen *g, enum level_kind kind,
			  const char *key)
{
	struct level *l = &g->lv[g->depth++];

	memset(l, 0, sizeof(*l));
	l->kind = kind;
	l->key = key;
	return l;
}

/* A map: members named by data, numbers only (steps, causes). */
static void map(struct gen *g)
{
	struct level *l = push(g, L_MAP, NULL);
	struct rr_stats s;
	const char *key;
	uint8_t b;
	int i;

	while ((b = byte(g)) % 4) {
		key = str(g);
		/*
		 * Escaping shows a byte 0xff as the text \xff: keys with a
		 * backslash could be told apart only by their raw bytes.
		 */
		if (strchr(key, '\\'))
			continue;
		for (i = 0; i < l->num_map_keys; i++)
			if (!strcmp(key, l->map_keys[i]))
				break;
		if (i < l->num_map_keys || l->num_map_keys == MAX_MAP_KEYS)
			continue;
		l->map_keys[l->num_map_keys++] = key;
		if (b % 4 == 1) {
			pr_int(g->p, key, snum(g));
		} else if (b % 4 == 2) {
			pr_ms(g->p, key, ms(g));
		} else {
			stats(g, &s);
			pr_stats(g->p, key, &s);
		}
	}
	pr_obj_end(g->p);
	g->depth--;
}

static bool open_array(const struct gen *g, const char *key)
{
	int i;

	for (i = 0; i < g->depth; i++)
		if (g->lv[i].kind == L_ARR && !strcmp(g->lv[i].key, key))
			return true;
	return false;
}

/* A list: warnings (strings) or objects with a title each. */
static void array(struct gen *g, const char *key)
{
	uint8_t b;

	push(g, L_ARR, key);
	while ((b = byte(g)) % 4) {
		if (b % 4 == 1) {
			pr_str(g->p, "warning", str(g));
		} else if (g->depth < MAX_NEST) {
			pr_obj_begin(g->p, NULL, b & 0x80 ? NULL : str(g));
			push(g, L_OBJ, NULL);
			body(g, false);
			pr_obj_end(g->p);
			g->depth--;
		}
	}
	pr_arr_end(g->p);
	g->depth--;
}

/* A container of kind OP (see body()) in the frame L. */
static void container(struct gen *g, struct level *l, int op, uint8_t b)
{
	const char *title = b & 0x80 ? NULL : str(g);
	const char *key;
	size_t k;

	if (g->depth >= MAX_NEST)
		return;
	if (op <= 11) {
		key = fresh(g, obj_keys, ARRAY_SIZE(obj_keys), &l->objs);
		if (!key)
			return;
		pr_obj_begin(g->p, key, title);
		push(g, L_OBJ, key);
		body(g, false);
		pr_obj_end(g->p);
		g->depth--;
	} else if (op == 12) {
		k = byte(g) % ARRAY_SIZE(map_keys);
		if (l->maps & (1u << k))
			return;
		l->maps |= 1u << k;
		pr_map_begin(g->p, map_keys[k].key, title, map_keys[k].label);
		map(g);
	} else {
		key = fresh(g, arr_keys, ARRAY_SIZE(arr_keys), &l->arrs);
		if (!key || open_array(g, key))
			return;
		pr_arr_begin(g->p, key);
		array(g, key);
	}
}

/*
 * The members of the object on top: 0 ends it, 1-9 a field (see field()),
 * 10-13 a container, 14-15 a string field (the most common).
 */
static void body(struct gen *g, bool record)
{
	struct level *l = &g->lv[g->depth - 1];
	const char *key;
	uint8_t b;
	int op;

	while ((op = (b = byte(g)) % 16)) {
		if (op >= 10 && op <= 13) {
			container(g, l, op, b);
			continue;
		}
		if (record)
			key = fresh(g, record_fields, ARRAY_SIZE(record_fields),
				    &l->fields);
		else
			key = fresh(g, nested_fields, ARRAY_SIZE(nested_fields),
				    &l->fields);
		if (key)
			field(g, op >= 14 ? 1 : op, key, b);
	}
}

static void record(struct gen *g, uint8_t b)
{
	size_t k = (b >> 3) % ARRAY_SIZE(records);
	const char *title;

	/* As main.c: one summary, at the end of the run. */
	if (records[k].single && g->count[k])
		return;
	title = b & 0x80 ? NULL : str(g);
	if (records[k].single)
		pr_single_begin(g->p, records[k].key, title, false);
	else
		pr_record_begin(g->p, records[k].key, title, b & 0x40);
	push(g, L_OBJ, records[k].key);
	body(g, true);
	pr_record_end(g->p);
	g->depth--;
	g->count[k]++;
	g->num_records++;
}

/* The document: its own members, declared lists, then records. */
static void document(struct gen *g)
{
	size_t k;
	uint8_t b;

	while (g->i < g->n && g->num_records < MAX_RECORDS) {
		b = byte(g);
		switch (b % 6) {
		case 0:
			pr_doc_str(g->p, "version", str(g));
			break;
		case 1:
			pr_doc_int(g->p, b & 0x80 ? "timeout_ms" : "count",
				   snum(g));
			break;
		case 2:
			/* As render.c: a list present even when empty. */
			k = (b >> 3) % ARRAY_SIZE(records);
			if (g->num_records || records[k].single)
				break;
			pr_arr_begin(g->p, records[k].key);
			pr_arr_end(g->p);
			g->declared[k] = true;
			break;
		default:
			record(g, b);
			break;
		}
	}
}

static void check_json_doc(const struct gen *g, const char *buf, size_t len)
{
	struct json_tokener *tok = json_tokener_new();
	struct json_object *doc, *list;
	const char *text;
	size_t k;

	fuzz_check(len && buf[len - 1] == '\n');
	fuzz_check(rr_utf8_valid(buf, len));
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT |
				    JSON_TOKENER_VALIDATE_UTF8);
	doc = json_tokener_parse_ex(tok, buf, (int)len - 1);
	fuzz_check(doc && json_tokener_get_error(tok) == json_tokener_success);
	fuzz_check(json_tokener_get_parse_end(tok) == len - 1);
	fuzz_check(json_object_is_type(doc, json_type_object));
	/* Byte for byte what json-c prints of the same document. */
	text = json_object_to_json_string_ext(doc, JSON_C_TO_STRING_PRETTY |
					      JSON_C_TO_STRING_SPACED |
					      JSON_C_TO_STRING_NOSLASHESCAPE);
	fuzz_check(strlen(text) == len - 1 && !memcmp(text, buf, len - 1));
	for (k = 0; k < ARRAY_SIZE(records); k++) {
		if (!g->count[k] && !g->declared[k]) {
			fuzz_check(!json_object_object_get_ex(doc, records[k].key,
							      NULL));
			continue;
		}
		fuzz_check(json_object_object_get_ex(doc, records[k].key, &list));
		if (records[k].single)
			fuzz_check(json_object_is_type(list, json_type_object));
		else
			fuzz_check(json_object_is_type(list, json_type_array) &&
				   json_object_array_length(list) ==
				   (size_t)g->count[k]);
	}
	json_object_put(doc);
	json_tokener_free(tok);
}

/* One JSON Lines record, LEN bytes without its newline. */
static void check_json_line(const char *line, size_t len)
{
	struct json_tokener *tok = json_tokener_new();
	struct json_object *rec, *kind;
	const char *s;
	size_t k;

	fuzz_check(len > 0 && rr_utf8_valid(line, len));
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT |
				    JSON_TOKENER_VALIDATE_UTF8);
	rec = json_tokener_parse_ex(tok, line, (int)len);
	fuzz_check(rec && json_tokener_get_error(tok) == json_tokener_success);
	fuzz_check(json_tokener_get_parse_end(tok) == len);
	fuzz_check(json_object_is_type(rec, json_type_object));
	/* Byte for byte what json-c prints of the same record. */
	s = json_object_to_json_string_ext(rec, JSON_C_TO_STRING_PLAIN |
					   JSON_C_TO_STRING_NOSLASHESCAPE);
	fuzz_check(strlen(s) == len && !memcmp(s, line, len));
	fuzz_check(json_object_object_get_ex(rec, "record", &kind));
	s = json_object_get_string(kind);
	for (k = 0; k < ARRAY_SIZE(records); k++)
		if (!strcmp(s, records[k].key))
			break;
	fuzz_check(k < ARRAY_SIZE(records));
	json_object_put(rec);
	json_tokener_free(tok);
}

static void check_json_lines(const struct gen *g, const char *buf, size_t len)
{
	const char *p = buf, *nl;
	int lines = 0;

	fuzz_check(!len || buf[len - 1] == '\n');
	while (p < buf + len) {
		nl = memchr(p, '\n', (size_t)(buf + len - p));
		check_json_line(p, (size_t)(nl - p));
		lines++;
		p = nl + 1;
	}
	fuzz_check(lines == g->num_records);
}

static void check_text(const char *buf, size_t len)
{
	fuzz_check(!len || buf[len - 1] == '\n');
	fuzz_check(rr_utf8_valid(buf, len));
	fuzz_check(ref_clean_text(buf, len, "\n"));
}

/* Strings seen: HELP and TYPE names, label names, series. */
struct names {
	char **v;
	size_t n;
};

static void push_name(struct names *s, const char *name, size_t len)
{
	s->v = realloc(s->v, (s->n + 1) * sizeof(*s->v));
	if (!s->v)
		abort();
	s->v[s->n] = strndup(name, len);
	if (!s->v[s->n++])
		abort();
}

/* Adds NAME unless it is there already; false then. */
static bool add_name(struct names *s, const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (strlen(s->v[i]) == len && !memcmp(s->v[i], name, len))
			return false;
	push_name(s, name, len);
	return true;
}

static void free_names(struct names *s)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		free(s->v[i]);
	free(s->v);
	s->v = NULL;
	s->n = 0;
}

static int by_string(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A metric name ([a-zA-Z_:][a-zA-Z0-9_:]*) or label name (no ':'). */
static size_t prom_name(const char *s, bool label)
{
	size_t n = 0;

	while (isalpha((unsigned char)s[n]) || s[n] == '_' ||
	       (!label && s[n] == ':') || (n && isdigit((unsigned char)s[n])))
		n++;
	return n;
}

/* The sample value: a float as %g writes it; non-finite never comes in. */
static bool prom_number(const char *s)
{
	size_t n = 0;

	if (s[n] == '-')
		n++;
	if (!isdigit((unsigned char)s[n]))
		return false;
	n += strspn(s + n, "0123456789");
	if (s[n] == '.' && isdigit((unsigned char)s[n + 1]))
		n += 1 + strspn(s + n + 1, "0123456789");
	if (s[n] == 'e') {
		n++;
		if (s[n] == '+' || s[n] == '-')
			n++;
		if (!isdigit((unsigned char)s[n]))
			return false;
		n += strspn(s + n, "0123456789");
	}
	return s[n] == '\0';
}

/*
 * '{' label="value",... '}' at S: its length, 0 when malformed.  PAIRS
 * gets each label="value" as written.
 */
static size_t prom_labels(const char *s, struct names *pairs)
{
	struct names seen = { 0 };
	size_t i = 1, n, start;

	for (;;) {
		start = i;
		n = prom_name(s + i, true);
		if (!n || !strncmp(s + i, "__", 2) ||
		    !add_name(&seen, s + i, n))
			break;
		i += n;
		if (s[i++] != '=' || s[i++] != '"')
			break;
		while (s[i] && s[i] != '"') {
			if (s[i] == '\\' && !strchr("\\\"n", s[++i]))
				break;
			i++;
		}
		if (s[i++] != '"')
			break;
		push_name(pairs, s + start, i - start);
		if (s[i] == '}') {
			free_names(&seen);
			return i + 1;
		}
		if (s[i++] != ',')
			break;
	}
	free_names(&seen);
	return 0;
}

/* NAME and its label pairs in order: the series, however labels were ordered. */
static void add_series(struct names *series, const char *name, size_t len,
		       struct names *pairs)
{
	size_t i, size = len + 3;
	char *key;

	if (pairs->n > 1)
		qsort(pairs->v, pairs->n, sizeof(*pairs->v), by_string);
	for (i = 0; i < pairs->n; i++)
		size += strlen(pairs->v[i]) + 1;
	key = fuzz_alloc(size);
	memcpy(key, name, len);
	key[len] = '\0';
	strcat(key, "{");
	for (i = 0; i < pairs->n; i++) {
		strcat(key, pairs->v[i]);
		strcat(key, ",");
	}
	strcat(key, "}");
	push_name(series, key, strlen(key));
	free(key);
}

struct prom {
	struct names help, type, series;
	const char *family;	/* of the last TYPE line */
};

/* One line of exposition, NUL-terminated without its newline. */
static void check_prom_line(char *line, struct prom *st)
{
	struct names pairs = { 0 };
	size_t n, l;
	char *s;

	fuzz_check(*line);
	fuzz_check(rr_utf8_valid(line, strlen(line)));
	fuzz_check(ref_clean_text(line, strlen(line), ""));
	if (!strncmp(line, "# HELP ", 7)) {
		n = prom_name(line + 7, false);
		fuzz_check(n && line[7 + n] == ' ');
		fuzz_check(add_name(&st->help, line + 7, n));
		for (s = line + 8 + n; *s; s++)
			if (*s == '\\')
				fuzz_check(*++s == '\\' || *s == 'n');
		return;
	}
	if (!strncmp(line, "# TYPE ", 7)) {
		n = prom_name(line + 7, false);
		fuzz_check(n && !strcmp(line + 7 + n, " gauge"));
		fuzz_check(add_name(&st->type, line + 7, n));
		st->family = st->type.v[st->type.n - 1];
		return;
	}
	n = prom_name(line, false);
	fuzz_check(n && st->family && strlen(st->family) == n &&
		   !memcmp(line, st->family, n));
	l = 0;
	if (line[n] == '{')
		fuzz_check((l = prom_labels(line + n, &pairs)));
	fuzz_check(line[n + l] == ' ' && prom_number(line + n + l + 1));
	add_series(&st->series, line, n, &pairs);
	free_names(&pairs);
}

/*
 * The exposition format: "Each line must have a unique combination of a
 * metric name and labels. Otherwise, the ingestion behavior is undefined."
 */
static void check_prom_series(struct names *series)
{
	size_t i;

	if (series->n > 1)
		qsort(series->v, series->n, sizeof(*series->v), by_string);
	for (i = 1; i < series->n; i++)
		if (!strcmp(series->v[i - 1], series->v[i])) {
			fprintf(stderr, "series twice: %s\n", series->v[i]);
			fuzz_check(!"a series (name and labels) printed twice");
		}
}

static void check_prom(char *buf, size_t len)
{
	struct prom st = { 0 };
	char *p = buf, *nl;

	fuzz_check(!len || buf[len - 1] == '\n');
	fuzz_check(!memchr(buf, '\0', len));
	while (p < buf + len) {
		nl = memchr(p, '\n', (size_t)(buf + len - p));
		*nl = '\0';
		check_prom_line(p, &st);
		p = nl + 1;
	}
	check_prom_series(&st.series);
	free_names(&st.help);
	free_names(&st.type);
	free_names(&st.series);
}

static void print(struct gen *g, enum rr_format format)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	if (!out)
		abort();
	g->p = pr_new(format, out, out);
	if (!g->p)
		abort();
	document(g);
	fuzz_check(pr_finish(g->p) == 0);
	fuzz_check(fclose(out) == 0);
	switch (format) {
	case RR_FORMAT_TEXT:
		check_text(buf, len);
		break;
	case RR_FORMAT_JSON:
		check_json_doc(g, buf, len);
		break;
	case RR_FORMAT_JSONL:
		check_json_lines(g, buf, len);
		break;
	case RR_FORMAT_PROM:
		check_prom(buf, len);
		break;
	}
	free(buf);
}

/* The script, and the strings after it, each a string of its own. */
static void split(const uint8_t *data, size_t size, struct gen *g)
{
	size_t i, start;

	g->op = data;
	g->n = strnlen((const char *)data, size);
	g->str = fuzz_alloc(size * sizeof(*g->str));
	for (start = g->n + 1, i = start; i <= size && start <= size; i++) {
		if (i < size && data[i])
			continue;
		g->str[g->num_str++] = fuzz_text(data + start, i - start);
		start = i + 1;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const enum rr_format formats[] = {
		RR_FORMAT_TEXT, RR_FORMAT_JSON, RR_FORMAT_JSONL, RR_FORMAT_PROM,
	};
	struct gen g = { 0 };
	size_t f, i;

	split(data, size, &g);
	for (f = 0; f < ARRAY_SIZE(formats); f++) {
		/* The same calls in every format. */
		memset(g.count, 0, sizeof(g.count));
		memset(g.declared, 0, sizeof(g.declared));
		g.i = g.next_str = 0;
		g.num_records = g.depth = 0;
		print(&g, formats[f]);
	}
	for (i = 0; i < g.num_str; i++)
		free(g.str[i]);
	free(g.str);
	return 0;
}
