// SPDX-License-Identifier: GPL-2.0-or-later
/* Records read back (--matrix): results, prefixes, and what is none. */
#include <stdlib.h>
#include <string.h>

#include "input/record_reader.h"
#include "model/probe/decode.h"
#include "../tap.h"

static enum rr_record_kind parse(const char *line, struct rr_record *rec,
				 char *why)
{
	return rr_record_parse(line, strlen(line), rec, why, 256);
}

int main(void)
{
	struct rr_record *rec = calloc(1, sizeof(*rec));
	char why[256];

	ok(rr_record_reader_ready(why, sizeof(why)), "json-c loads");
	is_int(parse("ns3: {\"record\":\"results\",\"destination\":\"192.168.80.1\","
		     "\"host\":\"lab\",\"status\":\"resolved\",\"source\":\"192.168.80.3\","
		     "\"device\":\"rxe_ns3\",\"port\":1,\"link_layer\":\"Ethernet\",\"port_rate\":10,"
		     "\"time_ms\":{\"resolve_addr\":1.5,\"total\":2.25},"
		     "\"paths\":[{\"dgid\":\"::ffff:192.168.80.1\",\"mtu\":512,\"mtu_raw\":2,"
		     "\"rate\":10,\"rate_raw\":0,\"pkey\":\"0xffff\",\"sl\":3,"
		     "\"hop_limit\":64,\"reversible\":true,\"flow_label\":\"0x12345\","
		     "\"packet_life_time_raw\":18}]}", rec, why),
	       RR_RECORD_RESULT, "a prefixed result");
	is_str(rec->host, "ns3", "the prefix is the host, not the record's");
	is_str(rec->r.probe.target, "192.168.80.1", "destination");
	is_str(rec->source, "192.168.80.3", "source");
	ok(rec->r.out.ok && rec->r.out.num_paths == 1, "resolved, one path");
	is_int(rr_mtu_bytes(rec->r.out.paths[0].mtu), 512, "the MTU, from its raw value");
	is_int(rec->r.out.paths[0].pkey, 0xffff, "P_Key");
	is_int(rec->r.out.paths[0].sl, 3, "SL");
	is_int(rec->r.out.paths[0].flow_label, 0x12345, "flow label");
	ok(rec->r.out.paths[0].reversible, "reversible");
	is_int(rec->r.out.paths[0].dgid[15], 1, "DGID");
	ok(rec->r.out.used.port_rate_gbps == 10, "the port's rate (RoCE rate 0)");
	ok(rr_step_ms(&rec->r.out, RR_STEP_TOTAL) == 2.25, "time_ms.total");
	ok(rec->r.out.link_layer == RR_LL_ETHERNET, "link layer");

	is_int(parse("{\"record\":\"results\",\"destination\":\"Hca2\",\"from\":\"Hca1\","
		     "\"host\":\"h\",\"status\":\"failed\",\"error\":{\"cause\":\"no_path\"}}",
		     rec, why), RR_RECORD_RESULT, "a failed result, no prefix");
	is_str(rec->host, "h", "the record's host");
	is_str(rec->r.probe.from, "Hca1", "from");
	ok(!rec->r.out.ok && rec->r.out.fail.cause == RR_CAUSE_NO_PATH, "its cause");
	is_int(parse("{\"record\":\"results\",\"destination\":\"x\",\"status\":\"failed\","
		     "\"error\":{\"cause\":\"from_the_future\"}}", rec, why),
	       RR_RECORD_RESULT, "an unknown cause");
	ok(rec->r.out.fail.cause == RR_CAUSE_UNKNOWN, "is unknown");

	is_int(parse("{\"record\":\"summary\",\"probes\":3}", rec, why),
	       RR_RECORD_OTHER, "a summary is no pair");
	is_int(parse("h1: {\"record\":\"statistics\"}", rec, why),
	       RR_RECORD_OTHER, "nor statistics");
	is_int(parse("not json", rec, why), RR_RECORD_BAD, "text");
	ok(!strncmp(why, "not a JSON object", 17), "said: %s", why);
	is_int(parse("{\"results\":[]}", rec, why), RR_RECORD_BAD, "a --json document");
	ok(strstr(why, "no \"record\" member") != NULL, "said: %s", why);
	is_int(parse("{\"record\":\"results\"}", rec, why), RR_RECORD_BAD,
	       "a result with no destination");
	is_int(parse("[1,2]", rec, why), RR_RECORD_BAD, "an array");
	is_int(parse("{\"record\":\"summary\"} {\"record\":\"summary\"}", rec, why),
	       RR_RECORD_BAD, "two objects on a line");
	is_str(why, "text after the JSON object", "said");
	is_int(parse("{\"record\":\"results\",", rec, why), RR_RECORD_BAD, "a cut line");
	is_str(why, "not a JSON object: the line ends inside it", "said");
	is_int(parse("42", rec, why), RR_RECORD_BAD, "a number at the line's end");
	is_str(why, "not a JSON object: a number", "said so, not that the line ends inside it");
	is_int(parse("null", rec, why), RR_RECORD_BAD, "null");
	is_str(why, "not a JSON object: null", "said");
	is_int(parse("\"x\"", rec, why), RR_RECORD_BAD, "a string");
	is_str(why, "not a JSON object: a string", "said");
	is_int(parse("{\"record\":\"summary\"}  ", rec, why), RR_RECORD_OTHER,
	       "blanks after it are fine");
	is_int(parse("h1: ", rec, why), RR_RECORD_BAD, "a prefix alone");
	is_int(parse(": {\"record\":\"results\",\"destination\":\"10.0.0.2\","
		     "\"host\":\"a0\",\"status\":\"resolved\"}", rec, why),
	       RR_RECORD_BAD, "an empty prefix is none: the line is no JSON");
	free(rec);
	return tap_done();
}
