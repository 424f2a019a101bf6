// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rr_record_parse() (a --matrix line, any bytes a host may have printed)
 * on the input up to its first NUL.  Checks:
 * - a line that is no JSON object, or no object with a "record" member,
 *   is refused with a reason, within any WHY size;
 * - a result has the destination it said, shorter than its buffer, and
 *   at most one path; a resolved one has it, a failed one a known cause
 *   or RR_CAUSE_UNKNOWN;
 * - a "host: " prefix, when taken, is what precedes the line's first
 *   ':', when a blank follows it and the line does not start with '{'.
 */
#include "input/record_reader.h"
#include "fuzz.h"

/* S lies whole in REC's room for strings. */
static bool in_room(const struct rr_record *rec, const char *s)
{
	const char *end = rec->strings + sizeof(rec->strings);

	return s >= rec->strings && s < end && memchr(s, '\0', (size_t)(end - s));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size), why[256], *tiny;
	size_t len = strlen(text), tiny_len = 1 + (size ? data[size - 1] % 16 : 0);
	struct rr_record *rec = fuzz_alloc(sizeof(*rec));
	enum rr_record_kind kind;
	const char *colon;

	memset(why, 0x55, sizeof(why));
	kind = rr_record_parse(text, len, rec, why, sizeof(why));
	fuzz_check(kind == RR_RECORD_RESULT || kind == RR_RECORD_OTHER ||
		   kind == RR_RECORD_BAD);
	if (kind == RR_RECORD_BAD)
		fuzz_check(why[0] && memchr(why, '\0', sizeof(why)));
	if (kind == RR_RECORD_RESULT) {
		/* Strings in the record's room, terminated there. */
		fuzz_check(in_room(rec, rec->r.probe.target));
		fuzz_check(!rec->r.probe.from || in_room(rec, rec->r.probe.from));
		fuzz_check(!rec->r.probe.time || in_room(rec, rec->r.probe.time));
		fuzz_check(!rec->r.probe.host || rec->r.probe.host == rec->host);
		fuzz_check(memchr(rec->r.out.device, '\0', sizeof(rec->r.out.device)));
		fuzz_check(rec->r.out.num_paths >= 0 &&
			   rec->r.out.num_paths <= RR_RECORD_PATHS);
		fuzz_check(!rec->r.out.ok || rec->r.out.paths == rec->paths);
		fuzz_check(rec->r.out.ok || rec->r.out.fail.call);
		fuzz_check(rec->r.out.ok ||
			   (rec->r.out.fail.cause > RR_CAUSE_NONE &&
			    rec->r.out.fail.cause < RR_CAUSE_COUNT));
		colon = strchr(text, ':');
		if (text[0] != '{' && colon && colon[1] == ' ' &&
		    (size_t)(colon - text) < sizeof(rec->host))
			fuzz_check(strlen(rec->host) == (size_t)(colon - text) &&
				   !strncmp(rec->host, text, (size_t)(colon - text)));
	}
	tiny = fuzz_alloc(tiny_len);
	fuzz_check(rr_record_parse(text, len, rec, tiny, tiny_len) == kind);
	fuzz_check(kind != RR_RECORD_BAD || memchr(tiny, '\0', tiny_len));
	free(tiny);
	free(rec);
	free(text);
	return 0;
}
