// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests of src/sa_decode.c: DEST forms, wire PathRecord, MAD status. */
#include "mad/sa_decode.h"
#include "../tap.h"

static void test_dest_lid(void)
{
	struct rr_sa_dest d;
	char why[160];

	ok(rr_sa_parse_dest("12", &d, why, sizeof(why)) && d.kind == RR_SA_LID &&
	   d.lid == 12, "12 is LID 12");
	ok(rr_sa_parse_dest("0xc", &d, why, sizeof(why)) && d.kind == RR_SA_LID &&
	   d.lid == 12, "0xc is LID 12");
	ok(rr_sa_parse_dest("0X00C", &d, why, sizeof(why)) &&
	   d.kind == RR_SA_LID && d.lid == 12, "0X00C is LID 12");
	ok(rr_sa_parse_dest("0xbfff", &d, why, sizeof(why)) &&
	   d.kind == RR_SA_LID && d.lid == 0xbfff, "0xbfff is the last LID");
	ok(rr_sa_parse_dest("49151", &d, why, sizeof(why)) && d.lid == 49151,
	   "49151 is the last decimal LID");
	ok(!rr_sa_parse_dest("49152", &d, why, sizeof(why)),
	   "49152 is multicast, refused");
	ok(!rr_sa_parse_dest("0xc000", &d, why, sizeof(why)),
	   "0xc000 is multicast, refused");
	ok(!rr_sa_parse_dest("0", &d, why, sizeof(why)), "LID 0 refused");
	ok(!rr_sa_parse_dest("0x0", &d, why, sizeof(why)), "LID 0x0 refused");
	ok(!rr_sa_parse_dest("99999999999999999999999", &d, why, sizeof(why)),
	   "a huge decimal is refused, not wrapped");
	ok(!rr_sa_parse_dest("-3", &d, why, sizeof(why)), "-3 refused");
	ok(!rr_sa_parse_dest("12a", &d, why, sizeof(why)), "12a refused");
	ok(rr_sa_parse_dest("Hca1", &d, why, sizeof(why)) && d.kind == RR_SA_NAME,
	   "a name: starts with a letter");
	ok(rr_sa_parse_dest("node01 mlx5_0/1", &d, why, sizeof(why)) &&
	   d.kind == RR_SA_NAME, "a name with a blank and a port");
	ok(!rr_sa_parse_dest("_x", &d, why, sizeof(why)), "_x refused");
	ok(!rr_sa_parse_dest("a:b", &d, why, sizeof(why)), "a ':' is a GID's");
	ok(!rr_sa_parse_dest("", &d, why, sizeof(why)), "empty refused");
	ok(!rr_sa_parse_dest("0x", &d, why, sizeof(why)), "bare 0x refused");
	ok(why[0] != '\0', "a refusal says why");
}

static void test_dest_guid(void)
{
	struct rr_sa_dest d;
	char why[160];

	ok(rr_sa_parse_dest("0x00010", &d, why, sizeof(why)) &&
	   d.kind == RR_SA_GUID && d.guid == 0x10,
	   "five hex digits make a GUID whatever the value");
	ok(rr_sa_parse_dest("0x0002c90300a1b2c3", &d, why, sizeof(why)) &&
	   d.kind == RR_SA_GUID && d.guid == 0x0002c90300a1b2c3ULL,
	   "a 16-digit port GUID");
	ok(rr_sa_parse_dest("0xFFFFFFFFFFFFFFFF", &d, why, sizeof(why)) &&
	   d.guid == UINT64_MAX, "all ones, upper case");
	ok(!rr_sa_parse_dest("0x10000000000000000", &d, why, sizeof(why)),
	   "17 hex digits refused");
	ok(!rr_sa_parse_dest("0x0000000000", &d, why, sizeof(why)),
	   "GUID 0 refused");
	ok(!rr_sa_parse_dest("0x00002c9g03", &d, why, sizeof(why)),
	   "a non-hex digit refused");
}

static void test_dest_gid(void)
{
	static const uint8_t want[16] = { 0xfe, 0x80, [12] = 0, 0x10, 0, 0x03 };
	struct rr_sa_dest d;
	char why[160];

	ok(rr_sa_parse_dest("fe80::10:3", &d, why, sizeof(why)) &&
	   d.kind == RR_SA_GID && !memcmp(d.gid, want, 16), "fe80::10:3");
	ok(!rr_sa_parse_dest("fe80::10::3", &d, why, sizeof(why)),
	   "a malformed GID refused");
	ok(!rr_sa_parse_dest("fe80:", &d, why, sizeof(why)),
	   "a truncated GID refused");
}

/* A wire PathRecord with every field distinct, as the SA sends it. */
static void make_record(uint8_t *rec)
{
	int i;

	memset(rec, 0, RR_SA_PR_SIZE);
	rec[8] = 0xfe;				/* DGID fe80::10:3 */
	rec[9] = 0x80;
	rec[21] = 0x10;
	rec[23] = 0x03;
	for (i = 0; i < 16; i++)		/* SGID 0x20..0x2f */
		rec[24 + i] = (uint8_t)(0x20 + i);
	rec[40] = 0x12;				/* DLID 0x1234 */
	rec[41] = 0x34;
	rec[42] = 0x00;				/* SLID 7 */
	rec[43] = 0x07;
	/* raw 1, reserved 0, flow label 0xabcde, hop limit 0x40 */
	rec[44] = 0x8a;
	rec[45] = 0xbc;
	rec[46] = 0xde;
	rec[47] = 0x40;
	rec[48] = 0x05;				/* traffic class */
	rec[49] = 0x80 | 0x03;			/* reversible, numb_path 3 */
	rec[50] = 0x7f;				/* P_Key 0x7fff */
	rec[51] = 0xff;
	rec[52] = 0x12;				/* qos class 0x123, SL 0xa */
	rec[53] = 0x3a;
	rec[54] = 0x84;				/* exactly 2048 */
	rec[55] = 0xc7;				/* largest available, 40 Gb/s */
	rec[56] = 0x52;				/* less than, 18 */
	rec[57] = 0x09;				/* preference */
}

static void test_pr_decode(void)
{
	uint8_t rec[RR_SA_PR_SIZE];
	struct rr_path p;

	make_record(rec);
	rr_sa_pr_decode(rec, &p);
	ok(p.dgid[0] == 0xfe && p.dgid[1] == 0x80 && p.dgid[13] == 0x10 &&
	   p.dgid[15] == 0x03, "DGID bytes");
	ok(p.sgid[0] == 0x20 && p.sgid[15] == 0x2f, "SGID bytes");
	is_int(p.dlid, 0x1234, "DLID");
	is_int(p.slid, 7, "SLID");
	ok(p.raw_traffic, "raw traffic is bit 31 of the flow word");
	is_int(p.flow_label, 0xabcde, "flow label");
	is_int(p.hop_limit, 0x40, "hop limit");
	is_int(p.traffic_class, 5, "traffic class");
	ok(p.reversible, "reversible");
	is_int(p.numb_path, 3, "numb_path");
	is_int(p.pkey, 0x7fff, "P_Key");
	is_int(p.sl, 0xa, "SL without the QoS class");
	is_int(p.mtu_selector, 2, "MTU selector");
	is_int(p.mtu, 4, "MTU");
	is_int(p.rate_selector, 3, "rate selector");
	is_int(p.rate, 7, "rate");
	is_int(p.packet_life_time_selector, 1, "packet life selector");
	is_int(p.packet_life_time, 18, "packet life");
	is_int(p.preference, 9, "preference");

	memset(rec, 0, sizeof(rec));
	rec[49] = 0x7f;
	rec[44] = 0x70;		/* the reserved bits alone */
	rr_sa_pr_decode(rec, &p);
	ok(!p.reversible && p.numb_path == 127, "numb_path alone");
	ok(!p.raw_traffic && p.flow_label == 0, "reserved bits ignored");
}

static void test_pr_pkey(void)
{
	uint8_t rec[RR_SA_PR_SIZE] = { 0 };
	struct rr_path p;

	rr_sa_pr_set_pkey(rec, 0x8001);
	rr_sa_pr_decode(rec, &p);
	is_int(p.pkey, 0x8001, "set_pkey round trip");
	is_int(rec[50], 0x80, "P_Key is big-endian at byte 50");
}

static void test_record_count(void)
{
	is_int(rr_sa_record_count(56, 8), 0, "an empty table");
	is_int(rr_sa_record_count(0, 0), 0, "nothing received");
	is_int(rr_sa_record_count(56 + 64, 8), 1, "one record");
	is_int(rr_sa_record_count(256, 8), 3, "a full MAD holds 3 records");
	is_int(rr_sa_record_count(256, 0), 3, "AttributeOffset 0 (a Get)");
	is_int(rr_sa_record_count(56 + 10 * 64, 8), 10,
	       "a reassembled answer");
	is_int(rr_sa_record_count(56 + 100, 8), 1, "a partial record is not one");
}

/* An SA answer of LEN bytes: AttributeOffset 8, RMPP PAYLOAD (0: none). */
static void make_answer(uint8_t *mad, size_t len, uint32_t payload)
{
	size_t i;

	memset(mad, 0, len);
	mad[44] = 0;				/* AttributeOffset 8 words */
	mad[45] = 8;
	if (payload) {
		mad[26] = 0x01;			/* RMPP active */
		mad[32] = (uint8_t)(payload >> 24);
		mad[33] = (uint8_t)(payload >> 16);
		mad[34] = (uint8_t)(payload >> 8);
		mad[35] = (uint8_t)payload;
	}
	for (i = 56; i + RR_SA_PR_SIZE <= len; i += RR_SA_PR_SIZE)
		make_record(mad + i);
}

static void test_answer_rmpp(void)
{
	uint8_t mad[56 + 10 * 64];
	struct rr_sa_answer ans;

	make_answer(mad, 256, 0);
	ok(rr_sa_answer_decode(mad, 256, &ans) && ans.num == 3 &&
	   ans.expected == -1, "no RMPP: 3 records by length, none said");
	/* A first segment of 12 records: 20 bytes of SA header + 12 x 64. */
	make_answer(mad, 256, 20 + 12 * 64);
	ok(rr_sa_answer_decode(mad, 256, &ans) && ans.num == 3 &&
	   ans.expected == 12, "a segment of 12: 3 here, 12 said");
	/* Reassembled, 2 records and padding: the header's 2, not 9. */
	make_answer(mad, sizeof(mad), 20 + 2 * 64);
	ok(rr_sa_answer_decode(mad, sizeof(mad), &ans) && ans.num == 2 &&
	   ans.expected == 2, "reassembled: the payload's 2 records, not the padding");
	make_record(mad + 56);
	ok(!rr_sa_pr_is_void(mad + 56), "a record with LIDs is a path");
	mad[56 + 40] = mad[56 + 41] = 0;
	ok(rr_sa_pr_is_void(mad + 56), "DLID 0: no path");
	make_record(mad + 56);
	mad[56 + 42] = mad[56 + 43] = 0;
	ok(rr_sa_pr_is_void(mad + 56), "SLID 0: no path");
}

static void test_query(void)
{
	uint8_t rec[RR_SA_PR_SIZE] = { 0 };
	struct rr_path path;

	/* rdma_cm's TCP port space, 0x0106, as its ServiceID: 0x01060000. */
	ok(rr_sa_service_id(0x0106) == 0x01060000ULL, "TCP's ServiceID");
	ok(rr_sa_service_id(0x013f) == 0x013f0000ULL, "IB's ServiceID");
	rr_sa_pr_set_query(rec, 0x0123456789abcdefULL, 1);
	ok(rec[0] == 0x01 && rec[7] == 0xef, "the ServiceID, big-endian");
	rr_sa_pr_decode(rec, &path);
	ok(path.reversible && path.numb_path == 1, "reversible, one path");
	rr_sa_pr_set_query(rec, 0, RR_SA_MAX_NUMB_PATH);
	rr_sa_pr_decode(rec, &path);
	ok(path.reversible && path.numb_path == 127, "reversible, 127 paths");
}

static void test_status(void)
{
	is_str(rr_sa_status_str(0x0200), "MAD status 0x0200: ERR_REQ_INVALID",
	       "ERR_REQ_INVALID");
	is_str(rr_sa_status_str(0x0300), "MAD status 0x0300: ERR_NO_RECORDS",
	       "ERR_NO_RECORDS");
	is_str(rr_sa_status_str(0x0100), "MAD status 0x0100: ERR_NO_RESOURCES",
	       "ERR_NO_RESOURCES");
	is_str(rr_sa_status_str(0x0400),
	       "MAD status 0x0400: ERR_TOO_MANY_RECORDS", "ERR_TOO_MANY_RECORDS");
	is_str(rr_sa_status_str(0x0500),
	       "MAD status 0x0500: ERR_REQ_INVALID_GID", "ERR_REQ_INVALID_GID");
	is_str(rr_sa_status_str(0x0600),
	       "MAD status 0x0600: ERR_REQ_INSUFFICIENT_COMPONENTS",
	       "ERR_REQ_INSUFFICIENT_COMPONENTS");
	is_str(rr_sa_status_str(0x0700), "MAD status 0x0700: ERR_REQ_DENIED",
	       "ERR_REQ_DENIED");
	is_str(rr_sa_status_str(0x0001), "MAD status 0x0001: busy", "busy");
	is_str(rr_sa_status_str(0x0002), "MAD status 0x0002: redirect required",
	       "redirect");
	is_str(rr_sa_status_str(0x0004),
	       "MAD status 0x0004: bad base or class version", "bad version");
	is_str(rr_sa_status_str(0x0008),
	       "MAD status 0x0008: method not supported", "method");
	is_str(rr_sa_status_str(0x000c),
	       "MAD status 0x000c: method/attribute combination not supported",
	       "method/attribute");
	is_str(rr_sa_status_str(0x001c),
	       "MAD status 0x001c: invalid value in an attribute or modifier field",
	       "invalid field");
	is_str(rr_sa_status_str(0x0800),
	       "MAD status: not a defined SA status (bits 8-15)",
	       "SA code 8 is undefined");
	is_str(rr_sa_status_str(0x0010),
	       "MAD status: not a defined common status (bits 0-4)",
	       "common code 4 is reserved");
	is_str(rr_sa_status_str(0x0301),
	       "MAD status: not a defined SA status (bits 8-15)",
	       "an SA code with busy set is not ERR_NO_RECORDS");
	is_int(rr_sa_status_code(0x0300), RR_SA_ERR_NO_RECORDS, "code of 0x0300");
	is_int(rr_sa_status_code(0x001c), 0, "code of a common status");
}

static void qos_class(void)
{
	uint8_t rec[RR_SA_PR_SIZE] = { 0 };
	struct rr_path p;

	rec[52] = 0x00;
	rec[53] = 0x0a;		/* SL 10 */
	rr_sa_pr_set_qos_class(rec, 0x5);
	is_int(rec[52] << 8 | rec[53], 0x005a, "QoS class 5 beside SL 10");
	rr_sa_pr_set_qos_class(rec, 0xfff);
	is_int(rec[52] << 8 | rec[53], 0xfffa, "twelve bits, the SL kept");
	rr_sa_pr_set_qos_class(rec, 0x1234);
	is_int(rec[52] << 8 | rec[53], 0x234a, "no more than twelve");
	rr_sa_pr_decode(rec, &p);
	is_int(p.sl, 10, "the SL still decodes");
}

static void busy_backoff(void)
{
	is_int(rr_sa_busy_backoff_ms(0x0001, 0, 2000), 8, "busy: 8 ms first");
	is_int(rr_sa_busy_backoff_ms(0x0001, 1, 2000), 16, "then 16");
	is_int(rr_sa_busy_backoff_ms(0x0001, 3, 2000), 64, "the fourth: 64");
	is_int(rr_sa_busy_backoff_ms(0x0001, RR_SA_BUSY_RETRIES, 2000), -1,
	       "no fifth retry");
	is_int(rr_sa_busy_backoff_ms(0x0001, 2, 32), -1,
	       "a wait that would end past the deadline: none");
	is_int(rr_sa_busy_backoff_ms(0x0001, 2, 33), 32, "one that ends before it");
	is_int(rr_sa_busy_backoff_ms(0x0000, 0, 2000), -1, "success is no busy");
	is_int(rr_sa_busy_backoff_ms(0x0300, 0, 2000), -1, "ERR_NO_RECORDS is an answer");
	is_int(rr_sa_busy_backoff_ms(0x0301, 0, 2000), -1, "busy with a class code: an answer");
	is_int(rr_sa_busy_backoff_ms(0x0003, 0, 2000), -1, "busy and redirect: an answer");
}


int main(void)
{
	busy_backoff();
	qos_class();
	test_dest_lid();
	test_dest_guid();
	test_dest_gid();
	test_pr_decode();
	test_pr_pkey();
	test_record_count();
	test_answer_rmpp();
	test_query();
	test_status();
	return tap_done();
}
