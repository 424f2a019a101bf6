// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * An SA answer MAD as received (the input, any length) through
 * rr_sa_answer_decode() and each record through rr_sa_pr_decode(), as
 * sa_backend.c takes an answer.  Checks:
 * - an answer shorter than the MAD status is refused, any other taken
 *   with the status at bytes 4-5;
 * - the records reported fit in the answer: RR_SA_HDR_SIZE + num *
 *   record_size <= len, and they are all the whole records there are;
 *   record_size is the AttributeOffset's (bytes 44-45, 8-byte words) or a
 *   PathRecord's, whichever is larger, and rr_sa_record_count() agrees;
 *   but never more than an active RMPP header's PayloadLength (bytes
 *   32-35, less the SA header's 20) holds, which the answer says;
 * - each record decodes to the fields at the offsets of IBA 15.2.5.16,
 *   within their widths, and rr_sa_pr_set_pkey() writes the P_Key back to
 *   the same bytes;
 * - rr_sa_status_str() names the status it was given when it knows it.
 * ASan sees any read past the answer: the input is exactly LEN bytes.
 */
#include <ctype.h>

#include "mad/sa_decode.h"
#include "fuzz.h"

static unsigned int be16(const uint8_t *p)
{
	return (unsigned int)p[0] << 8 | p[1];
}

static uint32_t be32(const uint8_t *p)
{
	return (uint32_t)be16(p) << 16 | be16(p + 2);
}

static void check_record(const uint8_t *rec)
{
	uint8_t copy[RR_SA_PR_SIZE];
	struct rr_path pr;
	uint32_t flow_hop = be32(rec + 44);

	rr_sa_pr_decode(rec, &pr);
	fuzz_check(!memcmp(pr.dgid, rec + 8, 16));
	fuzz_check(!memcmp(pr.sgid, rec + 24, 16));
	fuzz_check(pr.dlid == be16(rec + 40));
	fuzz_check(pr.slid == be16(rec + 42));
	fuzz_check(pr.raw_traffic == flow_hop >> 31);
	fuzz_check(pr.flow_label == ((flow_hop >> 8) & 0xfffff));
	fuzz_check(pr.hop_limit == (flow_hop & 0xff));
	fuzz_check(pr.traffic_class == rec[48]);
	fuzz_check(pr.reversible == rec[49] >> 7);
	fuzz_check(pr.numb_path == (rec[49] & 0x7f));
	fuzz_check(pr.pkey == be16(rec + 50));
	fuzz_check(pr.sl == (rec[53] & 0xf));
	fuzz_check(pr.mtu_selector == rec[54] >> 6 && pr.mtu == (rec[54] & 0x3f));
	fuzz_check(pr.rate_selector == rec[55] >> 6 && pr.rate == (rec[55] & 0x3f));
	fuzz_check(pr.packet_life_time_selector == rec[56] >> 6 &&
		   pr.packet_life_time == (rec[56] & 0x3f));
	fuzz_check(pr.preference == rec[57]);
	fuzz_check(rr_sa_pr_is_void(rec) == (!pr.dlid || !pr.slid));

	memcpy(copy, rec, sizeof(copy));
	rr_sa_pr_set_pkey(copy, pr.pkey);
	fuzz_check(!memcmp(copy, rec, sizeof(copy)));
}

static void check_status(uint16_t status)
{
	const char *s = rr_sa_status_str(status);
	char want[32];
	size_t i;

	fuzz_check(s && !strncmp(s, "MAD status", 10));
	for (i = 0; s[i]; i++)
		fuzz_check(isprint((unsigned char)s[i]));
	fuzz_check(rr_sa_status_code(status) == (unsigned int)status >> 8);
	/* "MAD status 0x0300: ..." is about 0x0300 and nothing else. */
	if (!strncmp(s, "MAD status 0x", 13)) {
		snprintf(want, sizeof(want), "MAD status 0x%04x: ", status);
		fuzz_check(!strncmp(s, want, strlen(want)));
	}
}

/* The records an active RMPP header says the answer holds; -1: none. */
static int rmpp_said(const uint8_t *mad, size_t len, unsigned int size)
{
	uint32_t payload;

	if (len < RR_SA_HDR_SIZE || !(mad[26] & 1))
		return -1;
	payload = be32(mad + 32);
	return payload > 20 ? (int)((payload - 20) / size) : -1;
}

int LLVMFuzzerTestOneInput(const uint8_t *mad, size_t len)
{
	struct rr_sa_answer ans;
	unsigned int attr_offset, size;
	int i, whole, said;

	if (!rr_sa_answer_decode(mad, len, &ans)) {
		fuzz_check(len < 6);
		return 0;
	}
	fuzz_check(len >= 6);
	fuzz_check(ans.status == be16(mad + 4));
	check_status(ans.status);

	attr_offset = len >= RR_SA_HDR_SIZE ? be16(mad + 44) : 0;
	size = attr_offset * 8 > RR_SA_PR_SIZE ? attr_offset * 8 : RR_SA_PR_SIZE;
	fuzz_check(ans.num >= 0);
	whole = rr_sa_record_count((int)len, attr_offset);
	said = rmpp_said(mad, len, size);
	fuzz_check(ans.expected == said);
	fuzz_check(ans.num == (said >= 0 && said < whole ? said : whole));
	if (ans.num) {
		fuzz_check(ans.record_size == size);
		fuzz_check(ans.records == mad + RR_SA_HDR_SIZE);
		/* The bound sa_backend.c relies on when it copies records. */
		fuzz_check(RR_SA_HDR_SIZE + (size_t)ans.num * ans.record_size <=
			   len);
	}
	/* Whole records all taken (but past what the header says): one
	 * more would not fit. */
	fuzz_check(len < RR_SA_HDR_SIZE || ans.num == said ||
		   RR_SA_HDR_SIZE + ((size_t)ans.num + 1) * size > len);

	/* Inside the answer by the bound above: ASan would say otherwise. */
	for (i = 0; i < ans.num; i++)
		check_record(ans.records + (size_t)i * ans.record_size);
	return 0;
}
