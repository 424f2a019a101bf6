// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of src/output/json_text.c: every string comes out as json-c
 * prints it (the writers it replaced), after the same UTF-8 repair.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <json-c/json.h>

#include "base/escape.h"
#include "output/json_text.h"
#include "../tap.h"

/* S through rr_json_put_str(), into BUF. */
static const char *ours(const char *s, char *buf, size_t len)
{
	FILE *f = fmemopen(buf, len, "w");

	rr_json_put_str(f, s);
	fclose(f);
	return buf;
}

/* S as the json-c writers printed it, into BUF. */
static const char *json_c(const char *s, char *buf, size_t len)
{
	bool failed;
	char *fixed = rr_utf8_fix(s, &failed);
	struct json_object *o = json_object_new_string(fixed ? fixed : s);

	snprintf(buf, len, "%s", json_object_to_json_string_ext(o,
		 JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE));
	json_object_put(o);
	free(fixed);
	return buf;
}

static bool same(const char *s)
{
	char a[512], b[512];

	return !strcmp(ours(s, a, sizeof(a)), json_c(s, b, sizeof(b)));
}

int main(void)
{
	static const char *const strings[] = {
		"", "192.168.77.2", "rxe0/1 \"quoted\" back\\slash a/b",
		"tab\there\nnew line\r\f\b", "\x1b[31mred\x1b[0m",
		"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80",	/* é € 😀 */
		"bad \xff\xfe and cut \xe2\x82", "\xc2\x85 NEL, \x7f DEL",
	};
	char one[2] = { 0 }, buf[64];
	int c, differ = 0;
	size_t i;

	for (c = 1; c < 256; c++) {
		one[0] = (char)c;
		if (!same(one)) {
			differ++;
			printf("# byte 0x%02x: ours %s\n", c, ours(one, buf, sizeof(buf)));
		}
	}
	ok(!differ, "each byte 0x01-0xff alone as json-c prints it (%d differ)", differ);
	for (i = 0; i < sizeof(strings) / sizeof(strings[0]); i++)
		ok(same(strings[i]), "as json-c: %s", json_c(strings[i], buf, sizeof(buf)));
	is_str(ours("a\x01z", buf, sizeof(buf)), "\"a\\u0001z\"", "a control byte as \\u00xx");
	is_str(ours("\xff", buf, sizeof(buf)), "\"\\\\xff\"", "a byte that is not UTF-8 as the text \\xff");
	return tap_done();
}
