// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The JSON scanner (src/input/json_scan.c): values skipped and checked,
 * keys, captures and their bound, nesting, and a file read a chunk at a
 * time with values across the chunks' edges.
 */
#include <stdlib.h>
#include <unistd.h>

#include "input/json_scan.h"
#include "../tap.h"

/* TEXT skipped as one value: its error (RR_JS_FINE), its why, the rest. */
static void skip_is(const char *text, enum rr_js_error err, const char *why)
{
	struct rr_json_scan s;
	char name[41];
	size_t i;
	bool ok;

	/* Its name on one line of TAP. */
	for (i = 0; text[i] && i < sizeof(name) - 1; i++)
		name[i] = text[i] < ' ' ? '.' : text[i];
	name[i] = '\0';
	rr_js_init_mem(&s, text, strlen(text));
	ok = rr_js_skip(&s);
	ok(ok == (err == RR_JS_FINE) && s.err == err &&
	   (!why || !strcmp(s.why, why)),
	   "'%s': error %d, want %d ('%s')", name, s.err, err, s.why);
	rr_js_free(&s);
}

static void skips(void)
{
	skip_is("0", RR_JS_FINE, NULL);
	skip_is("-12.5e+3", RR_JS_FINE, NULL);
	skip_is(" true", RR_JS_FINE, NULL);
	skip_is("null", RR_JS_FINE, NULL);
	skip_is("\"a\\\"b\\u00e9\\n\"", RR_JS_FINE, NULL);
	skip_is("{\"a\": [1, {\"b\": {}}, []], \"c\" :\"d\"}", RR_JS_FINE, NULL);
	skip_is("[1,\n\t2 ,3 ]", RR_JS_FINE, NULL);
	/* One value only: what follows is the caller's. */
	skip_is("[1] x", RR_JS_FINE, NULL);
	skip_is("[1, 2", RR_JS_TRUNCATED, NULL);
	skip_is("\"abc", RR_JS_TRUNCATED, NULL);
	skip_is("{\"a\":", RR_JS_TRUNCATED, NULL);
	skip_is("", RR_JS_TRUNCATED, NULL);
	skip_is("[1,]", RR_JS_SYNTAX, "']' at byte 4, where a value was wanted");
	skip_is("[1 2]", RR_JS_SYNTAX, "'2' at byte 4, where ',' or ']' was wanted");
	skip_is("{\"a\" 1}", RR_JS_SYNTAX, "'1' at byte 6, where ':' after a key was wanted");
	skip_is("{a: 1}", RR_JS_SYNTAX, "'a' at byte 2, where a key (a string) was wanted");
	skip_is("tru", RR_JS_TRUNCATED, NULL);
	skip_is("nul!", RR_JS_SYNTAX, "'!' at byte 4, where true, false or null was wanted");
	skip_is("012", RR_JS_SYNTAX, "'1' at byte 2, where no digit after a leading 0 was wanted");
	skip_is("1.", RR_JS_TRUNCATED, NULL);
	skip_is("1.e3", RR_JS_SYNTAX, "'e' at byte 3, where a digit was wanted");
	skip_is("'a'", RR_JS_SYNTAX, "''' at byte 1, where a value was wanted");
	skip_is("\"a\tb\"", RR_JS_SYNTAX,
		"byte 0x09 at byte 3, where a string's character was wanted (control characters escaped)");
	skip_is("\"\\x\"", RR_JS_SYNTAX, NULL);
	skip_is("\"\\u12g4\"", RR_JS_SYNTAX,
		"'g' at byte 6, where four hex digits after \\u were wanted");
	skip_is("/* no */ 1", RR_JS_SYNTAX, "'/' at byte 1, where a value was wanted");
}

/* Nesting to RR_JS_MAX_DEPTH is read; one more is refused. */
static void depth(void)
{
	char text[2 * RR_JS_MAX_DEPTH + 4];
	int i;

	for (i = 0; i < RR_JS_MAX_DEPTH; i++) {
		text[i] = '[';
		text[RR_JS_MAX_DEPTH + i] = ']';
	}
	text[2 * RR_JS_MAX_DEPTH] = '\0';
	skip_is(text, RR_JS_FINE, NULL);
	memmove(text + 1, text, 2 * RR_JS_MAX_DEPTH + 1);
	text[0] = '[';
	strcat(text, "]");
	skip_is(text, RR_JS_DEEP, NULL);
}

/* An object's members by key, the ones not a reader's as "". */
static void keys(void)
{
	const char *text = "{\"tables\": 1, \"t\\u0061b\": 2, \"caf\\u00e9\": 3, "
			   "\"a\\nb\": 4, \"longer than the key\": 5} x";
	const char *want[] = { "tables", "tab", "", "", "" };
	struct rr_json_scan s;
	bool first = true, all = true;
	char key[8];
	size_t n = 0;

	rr_js_init_mem(&s, text, strlen(text));
	ok(rr_js_peek(&s) == '{', "an object");
	rr_js_take(&s);
	while (rr_js_more(&s, '}', &first)) {
		all = all && rr_js_key(&s, key, sizeof(key)) && n < 5 &&
		      !strcmp(key, want[n]) && rr_js_skip(&s);
		n++;
	}
	ok(all && n == 5 && !s.err, "five keys, escapes read, the others \"\" (%zu)", n);
	ok(rr_js_peek(&s) == 'x' && rr_js_offset(&s) == strlen(text) - 1,
	   "then what follows the object, at its offset");
	rr_js_free(&s);
}

static void captures(void)
{
	const char *text = "  {\"a\": [1, 2]}\n{\"b\": \"0123456789\"}";
	struct rr_json_scan s;
	const char *got;
	size_t len;

	rr_js_init_mem(&s, text, strlen(text));
	ok(rr_js_capture(&s, 64, &got, &len) && len == 13 &&
	   !strcmp(got, "{\"a\": [1, 2]}"), "a value's bytes, no blank before it");
	ok(!rr_js_capture(&s, 16, &got, &len) && s.err == RR_JS_LARGE,
	   "one past its bound: too large");
	rr_js_free(&s);
	rr_js_init_mem(&s, text, strlen(text));
	ok(rr_js_capture(&s, 13, &got, &len) && len == 13, "one of exactly its bound");
	rr_js_free(&s);
}

/*
 * A file of a string of 200,000 bytes between two numbers: read in
 * chunks of 64 KiB, every edge inside a value, the offsets counted on.
 */
static void from_file(void)
{
	char path[] = "/tmp/rr-json-scan-XXXXXX";
	struct rr_json_scan s;
	const char *got;
	size_t len, i;
	bool first = true;
	FILE *f;
	int fd;

	fd = mkstemp(path);
	f = fd >= 0 ? fdopen(fd, "w+") : NULL;
	if (!f) {
		ok(0, "a temporary file");
		return;
	}
	fputs("[12345, \"", f);
	for (i = 0; i < 200000; i++)
		fputc('a' + i % 26, f);
	fputs("\", {\"k\": 1}, -1.5]  ", f);
	rewind(f);
	ok(rr_js_init_file(&s, f), "set up");
	ok(rr_js_peek(&s) == '[', "an array");
	rr_js_take(&s);
	ok(rr_js_more(&s, ']', &first) && rr_js_skip(&s), "its number");
	ok(rr_js_more(&s, ']', &first) &&
	   rr_js_capture(&s, 300000, &got, &len) && len == 200002 &&
	   got[1] == 'a' && got[200000] == 'a' + 199999 % 26,
	   "its string captured whole across four chunks");
	ok(rr_js_more(&s, ']', &first) && rr_js_skip(&s) &&
	   rr_js_more(&s, ']', &first) && rr_js_skip(&s), "then an object and a number");
	ok(!rr_js_more(&s, ']', &first) && !s.err, "and its end");
	ok(rr_js_peek(&s) < 0 && !s.err && rr_js_offset(&s) == 200029,
	   "nothing after it but blanks: %llu bytes", rr_js_offset(&s));
	rr_js_free(&s);
	fclose(f);
	unlink(path);
}

int main(void)
{
	skips();
	depth();
	keys();
	captures();
	from_file();
	return tap_done();
}
