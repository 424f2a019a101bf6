// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of what the user types: src/numbers.c, src/escape.c,
 * src/targets.c (address rules) and src/target_file.c (the -f reader).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "base/escape.h"
#include "base/numbers.h"
#include "input/line_reader.h"
#include "input/target_file.h"
#include "input/targets.h"
#include "../tap.h"

static void numbers(void)
{
	unsigned long long v;
	double d;
	size_t z;

	ok(rr_parse_decimal("2000", 1, 3600000, &v) && v == 2000, "2000");
	ok(rr_parse_decimal("010", 1, 100, &v) && v == 10, "010 is ten, not eight");
	ok(!rr_parse_decimal("0x10", 0, 100, &v), "no hex where decimal is asked");
	ok(!rr_parse_decimal(" 5", 0, 100, &v), "no leading space");
	ok(!rr_parse_decimal("5 ", 0, 100, &v), "no trailing space");
	ok(!rr_parse_decimal("+5", 0, 100, &v), "no sign");
	ok(!rr_parse_decimal("-5", 0, 100, &v), "no minus");
	ok(!rr_parse_decimal("", 0, 100, &v), "not empty");
	ok(!rr_parse_decimal("0", 1, 100, &v), "below the range");
	ok(!rr_parse_decimal("101", 1, 100, &v), "above the range");
	ok(!rr_parse_decimal("18446744073709551616", 0, ~0ULL, &v),
	   "2^64 overflows");
	ok(rr_parse_decimal("18446744073709551615", 0, ~0ULL, &v) && v == ~0ULL,
	   "2^64-1 fits");
	ok(rr_parse_uint("0x8001", 1, 0xffff, &v) && v == 0x8001, "0x8001");
	ok(rr_parse_uint("0XfFfF", 1, 0xffff, &v) && v == 0xffff, "0XfFfF");
	ok(!rr_parse_uint("0x", 1, 0xffff, &v), "0x alone");
	ok(!rr_parse_uint("0x10000", 1, 0xffff, &v), "0x10000 too big");
	ok(rr_parse_number("4096", &d) && d == 4096, "4096");
	ok(rr_parse_number("0.001", &d) && d == 0.001, "0.001");
	ok(rr_parse_number("0xff", &d) && d == 255, "0xff");
	ok(!rr_parse_number("nan", &d), "nan");
	ok(!rr_parse_number("inf", &d), "inf");
	ok(!rr_parse_number("1e3", &d), "1e3");
	ok(!rr_parse_number("12.", &d), "12.");
	ok(!rr_parse_number(".5", &d), ".5");
	ok(!rr_parse_number("-1", &d), "-1");
	ok(!rr_parse_number("12345678901234567890", &d), "20 digits");
	ok(rr_mul_size(4295, 1000000, &z) && z == 4295000000u, "4295 x 1e6");
	ok(!rr_mul_size((size_t)-1 / 2 + 1, 2, &z), "SIZE_MAX overflow caught");
}

static void escaping(void)
{
	char out[64];

	is_str(rr_escape("rxe0", 4, out, sizeof(out)), "rxe0", "plain ASCII");
	is_str(rr_escape("a\x1b[31mb", 7, out, sizeof(out)), "a\\x1b[31mb",
	       "an escape sequence");
	is_str(rr_escape("a\0b", 3, out, sizeof(out)), "a\\x00b", "a NUL byte");
	is_str(rr_escape("\xff\xfe", 2, out, sizeof(out)), "\\xff\\xfe",
	       "invalid UTF-8");
	is_str(rr_escape("caf\xc3\xa9", 5, out, sizeof(out)), "caf\xc3\xa9",
	       "valid UTF-8 kept");
	is_str(rr_escape("\xc2\x9b", 2, out, sizeof(out)), "\\xc2\\x9b",
	       "a C1 control (CSI) escaped");
	is_str(rr_escape("\xc0\xaf", 2, out, sizeof(out)), "\\xc0\\xaf",
	       "an overlong form is invalid");
	is_str(rr_escape("\xed\xa0\x80", 3, out, sizeof(out)), "\\xed\\xa0\\x80",
	       "a surrogate is invalid");
	is_str(rr_escape("abcdefghij", 10, out, 8), "abcd...", "cut to fit");
	ok(rr_utf8_valid("caf\xc3\xa9", 5), "valid");
	ok(!rr_utf8_valid("caf\xc3", 4), "truncated sequence");
}

static void addresses(void)
{
	struct sockaddr_storage ss;
	struct sockaddr_in6 *s6 = (void *)&ss;
	char why[160];

	ok(rr_target_parse("192.168.77.2", &ss, why, sizeof(why)) ==
	   RR_TARGET_ADDRESS && ss.ss_family == AF_INET, "dotted quad");
	ok(rr_target_parse("192.168.077.2", &ss, why, sizeof(why)) ==
	   RR_TARGET_INVALID, "a leading zero is not octal, it is invalid");
	is_str(why, "not a valid IPv4 address (want four decimal numbers 0-255, a.b.c.d, no leading zeros)",
	       "its reason");
	ok(rr_target_parse("0127.0.0.1", &ss, why, sizeof(why)) ==
	   RR_TARGET_INVALID, "0127.0.0.1");
	ok(rr_target_parse("1", &ss, why, sizeof(why)) == RR_TARGET_INVALID,
	   "1 is not 0.0.0.1");
	ok(rr_target_parse("127.1", &ss, why, sizeof(why)) == RR_TARGET_INVALID,
	   "127.1 is not 127.0.0.1");
	ok(rr_target_parse("0x7f.1", &ss, why, sizeof(why)) == RR_TARGET_INVALID,
	   "0x7f.1 is no name the resolver would read as 127.0.0.1");
	ok(rr_target_parse("fd00:77::2", &ss, why, sizeof(why)) ==
	   RR_TARGET_ADDRESS && ss.ss_family == AF_INET6, "IPv6");
	ok(rr_target_parse("fe80::1%1", &ss, why, sizeof(why)) ==
	   RR_TARGET_ADDRESS && s6->sin6_scope_id == 1, "scope by index (lo)");
	ok(rr_target_parse("fe80::1%lo", &ss, why, sizeof(why)) ==
	   RR_TARGET_ADDRESS && s6->sin6_scope_id == 1, "scope by name");
	ok(rr_target_parse("fe80::1%999999", &ss, why, sizeof(why)) ==
	   RR_TARGET_INVALID, "no interface with that index");
	is_str(why, "no interface with index 999999", "its reason");
	ok(rr_target_parse("fe80::1%", &ss, why, sizeof(why)) ==
	   RR_TARGET_INVALID, "an empty scope");
	ok(rr_target_parse("fe80::1%nosuchif0", &ss, why, sizeof(why)) ==
	   RR_TARGET_INVALID, "no interface with that name");
	ok(rr_target_parse("node-1.example", &ss, why, sizeof(why)) ==
	   RR_TARGET_NAME, "a host name");
	ok(rr_target_parse("a..b", &ss, why, sizeof(why)) == RR_TARGET_INVALID,
	   "an empty label");
	ok(rr_target_parse("host.", &ss, why, sizeof(why)) == RR_TARGET_NAME,
	   "a rooted name");
}

struct seen {
	char text[8][64];
	char problem[8][96];
	unsigned long line[8];
	int n;
};

static int collect(void *ctx, const char *text, size_t len,
		   unsigned long line, const char *problem)
{
	struct seen *s = ctx;

	if (s->n == 8)
		return 0;
	rr_escape(text, len, s->text[s->n], sizeof(s->text[0]));
	snprintf(s->problem[s->n], sizeof(s->problem[0]), "%s",
		 problem ? problem : "");
	s->line[s->n++] = line;
	return 0;
}

static enum rr_read_status read_buf(const char *buf, size_t len,
				    struct seen *s)
{
	FILE *f = fmemopen((void *)buf, len, "r");
	enum rr_read_status st;

	memset(s, 0, sizeof(*s));
	st = rr_read_target_file(f, collect, s);
	fclose(f);
	return st;
}

static void file_reader(void)
{
	static const char good[] = "# head\n 192.0.2.1 \n\n192.0.2.2 # c\nlast";
	static const char nul[] = "a\0b\n192.0.2.3\n";
	char *big = malloc(2 * RR_LINE_GIVE_UP + 64);
	struct seen s;
	size_t n;

	ok(read_buf(good, sizeof(good) - 1, &s) == RR_READ_OK && s.n == 3,
	   "three destinations, comments and blanks skipped");
	is_str(s.text[0], "192.0.2.1", "white space trimmed");
	is_int(s.line[1], 4, "line numbers count every line");
	is_str(s.text[2], "last", "a last line with no newline");
	ok(read_buf(nul, sizeof(nul) - 1, &s) == RR_READ_OK && s.n == 2,
	   "a NUL line, then the next");
	is_str(s.problem[0], "NUL byte in the line", "NUL is a problem");
	is_str(s.text[0], "a\\x00b", "shown with its NUL");
	is_str(s.text[1], "192.0.2.3", "reading went on");

	memset(big, 'x', RR_LINE_MAX + 1);
	n = RR_LINE_MAX + 1;
	memcpy(big + n, "\n192.0.2.4\n", 11);
	ok(read_buf(big, n + 11, &s) == RR_READ_OK && s.n == 2,
	   "a line of 4097 bytes, then the next");
	is_str(s.problem[0], "line longer than 4096 bytes", "too long");
	is_str(s.text[1], "192.0.2.4", "reading went on");

	memset(big, 'x', RR_LINE_MAX);
	memcpy(big + RR_LINE_MAX, "\n", 1);
	ok(read_buf(big, RR_LINE_MAX + 1, &s) == RR_READ_OK && s.n == 1 &&
	   !s.problem[0][0], "4096 bytes is still a line");

	memset(big, 0, 2 * RR_LINE_GIVE_UP);
	ok(read_buf(big, 2 * RR_LINE_GIVE_UP, &s) == RR_READ_NOT_TEXT &&
	   s.n == 1, "no newline in 1 MiB: reading stops");
	ok(strstr(s.problem[0], "reading stopped") != NULL, "and says so");
	free(big);
}

/*
 * --matrix's line reader on a pipe: lines as they come, a partial last
 * line, and a stop asked while the writer holds the pipe open ends the
 * wait that would otherwise last for ever (the pipe is never closed here).
 */
static void line_reader(void)
{
	static const char text[] = "one\r\ntwo-long-line\nthr";
	struct rr_line_reader rd;
	int in[2], stop[2];
	size_t len = 0;
	FILE *f;

	if (pipe(in) || pipe(stop)) {
		ok(0, "pipes: %s", strerror(errno));
		return;
	}
	f = fdopen(in[0], "r");
	ok(f && rr_line_reader_init(&rd, f, 8, 64), "a reader of 8-byte lines");
	if (!f)
		return;
	rd.stop_fd = stop[0];
	ok(write(in[1], text, sizeof(text) - 1) == sizeof(text) - 1, "written");
	ok(rr_line_next(&rd, &len) == RR_LINE_OK && len == 3 &&
	   !strcmp(rd.line, "one"), "a line, its CR dropped");
	ok(rr_line_next(&rd, &len) == RR_LINE_LONG && len == 8 &&
	   !strcmp(rd.line, "two-long"), "a long line: its first 8 bytes");
	ok(write(stop[1], "", 1) == 1, "the stop asked");
	is_int(rr_line_next(&rd, &len), RR_LINE_STOPPED,
	       "half a line, the writer still there, the stop asked");
	is_int(rd.num, 2, "lines read");
	rr_line_reader_free(&rd);
	fclose(f);
	close(in[1]);
	close(stop[0]);
	close(stop[1]);
}

int main(void)
{
	numbers();
	escaping();
	addresses();
	file_reader();
	line_reader();
	return tap_done();
}
