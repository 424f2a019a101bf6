// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of src/output/printer.c's one-write members: hex as
 * "0x%0*llx", decoded numbers with their raw twins (the numbers' own text
 * is tests/unit/base/num_text_test.c's).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output/printer.h"
#include "../tap.h"

/*
 * A record through JSON Lines: hex as "0x%0*llx", decoded numbers with
 * their raw twins, each member as json-c would write it.
 */
static void record_text(void)
{
	static const struct {
		unsigned long long val;
		int width;
	} hex[] = { { 0xffff, 4 }, { 0x7fff, 4 }, { 0, 4 }, { 0x12, 4 },
		    { 0xabc, 2 }, { 0xfe80000000000000ull, 16 }, { 5, 1 } };
	char *text = NULL, want[64], key[8];
	size_t len = 0, i;
	FILE *out = open_memstream(&text, &len);
	struct printer *p = pr_new(RR_FORMAT_JSONL, out, out);
	int bad = 0;

	pr_record_begin(p, "results", NULL, false);
	for (i = 0; i < sizeof(hex) / sizeof(hex[0]); i++) {
		snprintf(key, sizeof(key), "h%zu", i);
		pr_hex(p, key, hex[i].val, hex[i].width);
	}
	pr_decoded_num(p, "rate", 7, 2.5, true, "2.5 Gb/s");
	pr_decoded_num(p, "mtu", 3, 1024, true, "1024");
	pr_decoded_num(p, "life", 99, 0, false, "unknown");
	pr_str(p, "said", "tab\there");
	pr_record_end(p);
	pr_finish(p);
	fclose(out);
	for (i = 0; i < sizeof(hex) / sizeof(hex[0]); i++) {
		snprintf(want, sizeof(want), "\"h%zu\":\"0x%0*llx\"", i,
			 hex[i].width, hex[i].val);
		if (!strstr(text, want) && ++bad)
			printf("# no %s in %s\n", want, text);
	}
	ok(!bad, "hex identifiers as \"0x%%0*llx\" writes them");
	ok(strstr(text, "\"rate\":2.5,\"rate_raw\":7,\"mtu\":1024,"
			"\"mtu_raw\":3,\"life\":null,\"life_raw\":99,"
			"\"said\":\"tab\\there\"}\n") != NULL,
	   "decoded numbers, their raw twins, an escaped string: %s", text);
	free(text);
}

/*
 * A JSON document of many members at its top, each a list of records, as
 * --sa --trace --all-pairs writes one: every member whole (the members'
 * buffers once moved when their array grew past eight).
 */
static void many_members(void)
{
	char *text = NULL, key[16], want[64];
	size_t len = 0, i;
	FILE *out = open_memstream(&text, &len);
	struct printer *p = pr_new(RR_FORMAT_JSON, out, out);
	int bad = 0;

	pr_str(p, "version", "0.1.0");
	for (i = 0; i < 20; i++) {
		snprintf(key, sizeof(key), "list%zu", i);
		pr_record_begin(p, key, NULL, false);
		pr_int(p, "n", (long long)i);
		pr_record_end(p);
	}
	pr_finish(p);
	fclose(out);
	ok(text && strstr(text, "\"version\": \"0.1.0\"") != NULL,
	   "the first member whole after nineteen more");
	for (i = 0; text && i < 20; i++) {
		snprintf(want, sizeof(want), "\"n\": %zu", i);
		if (!strstr(text, want) && ++bad)
			printf("# no %s\n", want);
	}
	ok(text && !bad, "each of twenty lists holds its record");
	free(text);
}

/*
 * Unsigned counts of all 64 bits (a counter a peer reports): their own
 * digits in text, JSON and JSON Lines, never a negative number.
 */
static void unsigned_counts(void)
{
	static const enum rr_format formats[] = {
		RR_FORMAT_TEXT, RR_FORMAT_JSON, RR_FORMAT_JSONL,
	};
	static const char *const names[] = { "text", "JSON", "JSON Lines" };
	static const char *const want[][3] = {
		{ "  zero                         0\n",
		  "  past                         9223372036854775808\n",
		  "  top                          18446744073709551615\n" },
		{ "\"zero\": 0", "\"past\": 9223372036854775808",
		  "\"top\": 18446744073709551615" },
		{ "\"zero\":0", "\"past\":9223372036854775808",
		  "\"top\":18446744073709551615" },
	};
	size_t f, k;

	for (f = 0; f < sizeof(formats) / sizeof(*formats); f++) {
		char *text = NULL;
		size_t len = 0;
		FILE *out = open_memstream(&text, &len);
		struct printer *p = pr_new(formats[f], out, out);
		bool all = true;

		pr_record_begin(p, "results", "a record", false);
		pr_uint(p, "zero", 0);
		pr_uint(p, "past", 9223372036854775808ULL);
		pr_uint(p, "top", 18446744073709551615ULL);
		pr_record_end(p);
		pr_finish(p);
		fclose(out);
		for (k = 0; k < 3; k++)
			all = all && text && strstr(text, want[f][k]);
		ok(all && !strstr(text, "-1"), "%s: 0, 2^63 and 2^64 - 1 as themselves",
		   names[f]);
		if (!all)
			printf("# got %s\n", text ? text : "(nothing)");
		free(text);
	}
}

int main(void)
{
	record_text();
	many_members();
	unsigned_counts();
	return tap_done();
}
