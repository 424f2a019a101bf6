// SPDX-License-Identifier: GPL-2.0-or-later
#include <arpa/inet.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "base/util.h"
#include "mad/sa_decode.h"

/* Unicast LIDs; 0xc000 and up are multicast, 0 is "none". */
#define LID_UNICAST_MAX 0xbfff

static int hex_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = (char)tolower((unsigned char)c);
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

static bool set_lid(unsigned long value, struct rr_sa_dest *d, char *why,
		    size_t why_len)
{
	if (value == 0 || value > LID_UNICAST_MAX) {
		snprintf(why, why_len,
			 "a LID must be a unicast LID, 1 to 49151 (0xbfff); a port GUID needs 0x and 5 to 16 hex digits");
		return false;
	}
	d->kind = RR_SA_LID;
	d->lid = (uint16_t)value;
	return true;
}

/* After "0x": up to 4 digits is a LID, 5 to 16 a port GUID. */
static bool parse_hex(const char *digits, struct rr_sa_dest *d, char *why,
		      size_t why_len)
{
	size_t i, n = strlen(digits);
	uint64_t value = 0;
	int v;

	if (n == 0 || n > 16) {
		snprintf(why, why_len,
			 "want 0x with 1 to 4 hex digits (a LID) or 5 to 16 (a port GUID)");
		return false;
	}
	for (i = 0; i < n; i++) {
		v = hex_value(digits[i]);
		if (v < 0) {
			snprintf(why, why_len, "'%c' is not a hex digit",
				 digits[i]);
			return false;
		}
		value = value << 4 | (uint64_t)v;
	}
	if (n <= 4)
		return set_lid((unsigned long)value, d, why, why_len);
	if (!value) {
		snprintf(why, why_len, "port GUID 0 names no port");
		return false;
	}
	d->kind = RR_SA_GUID;
	d->guid = value;
	return true;
}

static bool parse_decimal(const char *text, struct rr_sa_dest *d, char *why,
			  size_t why_len)
{
	unsigned long value = 0;
	const char *c;

	for (c = text; *c; c++) {
		if (!isdigit((unsigned char)*c)) {
			snprintf(why, why_len,
				 "want a LID (decimal or 0x hex), a GID (fe80::...), a port GUID (0x and 5 to 16 hex digits) or a node name (starting with a letter)");
			return false;
		}
		/* Stop early: anything this long is out of range anyway. */
		if (value > LID_UNICAST_MAX)
			break;
		value = value * 10 + (unsigned long)(*c - '0');
	}
	return set_lid(value, d, why, why_len);
}

bool rr_sa_parse_dest(const char *text, struct rr_sa_dest *d, char *why,
		      size_t why_len)
{
	memset(d, 0, sizeof(*d));
	if (!text || !*text) {
		snprintf(why, why_len, "empty destination");
		return false;
	}
	if (strchr(text, ':')) {
		if (inet_pton(AF_INET6, text, d->gid) != 1) {
			snprintf(why, why_len,
				 "not a GID: want IPv6 notation, e.g. fe80::2:c903:0:1");
			return false;
		}
		d->kind = RR_SA_GID;
		return true;
	}
	if (text[0] == '0' && (text[1] == 'x' || text[1] == 'X'))
		return parse_hex(text + 2, d, why, why_len);
	/* Numbers start with a digit; a name with a letter (Hca1, node01). */
	if (isalpha((unsigned char)text[0])) {
		d->kind = RR_SA_NAME;
		return true;
	}
	return parse_decimal(text, d, why, why_len);
}

static uint16_t be16_at(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

static uint32_t be32_at(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

/* Byte offsets in the wire PathRecord (struct ibv_path_record). */
enum {
	PR_SERVICE_ID = 0,
	PR_DGID = 8,
	PR_SGID = 24,
	PR_DLID = 40,
	PR_SLID = 42,
	PR_FLOW_HOP = 44,	/* raw 31, reserved 30:28, flow 27:8, hop 7:0 */
	PR_TCLASS = 48,
	PR_REV_NUMB = 49,	/* reversible 7, numb_path 6:0 */
	PR_PKEY = 50,
	PR_QOS_SL = 52,		/* qos class 15:4, sl 3:0 */
	PR_MTU = 54,		/* selector 7:6, value 5:0, as rate and life */
	PR_RATE = 55,
	PR_LIFE = 56,
	PR_PREFERENCE = 57,
};

void rr_sa_pr_decode(const uint8_t *rec, struct rr_path *out)
{
	uint32_t flow_hop = be32_at(rec + PR_FLOW_HOP);

	memset(out, 0, sizeof(*out));
	out->have_sa_fields = true;
	out->service_id = (uint64_t)be32_at(rec + PR_SERVICE_ID) << 32 |
			  be32_at(rec + PR_SERVICE_ID + 4);
	out->qos_class = be16_at(rec + PR_QOS_SL) >> 4;
	memcpy(out->dgid, rec + PR_DGID, 16);
	memcpy(out->sgid, rec + PR_SGID, 16);
	out->dlid = be16_at(rec + PR_DLID);
	out->slid = be16_at(rec + PR_SLID);
	out->raw_traffic = flow_hop >> 31;
	out->flow_label = (flow_hop >> 8) & 0xfffff;
	out->hop_limit = flow_hop & 0xff;
	out->traffic_class = rec[PR_TCLASS];
	out->reversible = rec[PR_REV_NUMB] >> 7;
	out->numb_path = rec[PR_REV_NUMB] & 0x7f;
	out->pkey = be16_at(rec + PR_PKEY);
	out->sl = be16_at(rec + PR_QOS_SL) & 0xf;
	out->mtu_selector = rec[PR_MTU] >> 6;
	out->mtu = rec[PR_MTU] & 0x3f;
	out->rate_selector = rec[PR_RATE] >> 6;
	out->rate = rec[PR_RATE] & 0x3f;
	out->packet_life_time_selector = rec[PR_LIFE] >> 6;
	out->packet_life_time = rec[PR_LIFE] & 0x3f;
	out->preference = rec[PR_PREFERENCE];
}

void rr_sa_pr_set_query(uint8_t *rec, uint64_t service_id,
			unsigned int numb_path)
{
	int i;

	for (i = 0; i < 8; i++)
		rec[i] = (uint8_t)(service_id >> (56 - 8 * i));
	rec[PR_REV_NUMB] = (uint8_t)(0x80 | (numb_path & 0x7f));
}

uint64_t rr_sa_service_id(unsigned int ps)
{
	/* As rdma_get_service_id(), for port 0: no port is known here. */
	return (uint64_t)ps << 16;
}

void rr_sa_pr_set_pkey(uint8_t *rec, uint16_t pkey)
{
	rec[PR_PKEY] = (uint8_t)(pkey >> 8);
	rec[PR_PKEY + 1] = (uint8_t)pkey;
}

void rr_sa_pr_set_qos_class(uint8_t *rec, uint16_t qos_class)
{
	uint16_t word = (uint16_t)((qos_class & 0xfff) << 4 | (rec[PR_QOS_SL + 1] & 0xf));

	rec[PR_QOS_SL] = (uint8_t)(word >> 8);
	rec[PR_QOS_SL + 1] = (uint8_t)word;
}

/* The common MAD header's Status, and the SA header's AttributeOffset. */
#define MAD_STATUS_OFFSET	4
#define SA_ATTR_OFFSET_OFFSET	44
/* The RMPP header: flags (bit 0: active), and the first DATA segment's
 * PayloadLength, the whole answer's bytes from the SA header on. */
#define RMPP_FLAGS_OFFSET	26
#define RMPP_DATA2_OFFSET	32
#define SA_HEADER_BYTES		20	/* of the payload, before the records */

bool rr_sa_pr_is_void(const uint8_t *rec)
{
	return !be16_at(rec + PR_DLID) || !be16_at(rec + PR_SLID);
}

/* Records the RMPP header says the answer holds, or -1 when it says not. */
static int rmpp_records(const uint8_t *mad, unsigned int recsz)
{
	uint32_t payload;

	if (!(mad[RMPP_FLAGS_OFFSET] & 1))
		return -1;
	payload = be32_at(mad + RMPP_DATA2_OFFSET);
	if (payload <= SA_HEADER_BYTES)
		return -1;
	return (int)((payload - SA_HEADER_BYTES) / recsz);
}

bool rr_sa_answer_decode(const uint8_t *mad, size_t len,
			 struct rr_sa_answer *ans)
{
	unsigned int attr_offset = 0;

	memset(ans, 0, sizeof(*ans));
	if (len < MAD_STATUS_OFFSET + 2)
		return false;
	ans->status = be16_at(mad + MAD_STATUS_OFFSET);
	if (len >= RR_SA_HDR_SIZE)
		attr_offset = be16_at(mad + SA_ATTR_OFFSET_OFFSET);
	ans->num = rr_sa_record_count(len > INT32_MAX ? INT32_MAX : (int)len,
				      attr_offset);
	ans->record_size = attr_offset * 8 < RR_SA_PR_SIZE ? RR_SA_PR_SIZE :
							     attr_offset * 8;
	ans->records = len >= RR_SA_HDR_SIZE ? mad + RR_SA_HDR_SIZE : NULL;
	ans->expected = len >= RR_SA_HDR_SIZE ?
			rmpp_records(mad, ans->record_size) : -1;
	/* Never more than the header says: past it is padding. */
	if (ans->expected >= 0 && ans->num > ans->expected)
		ans->num = ans->expected;
	return true;
}

int rr_sa_record_count(int mad_len, unsigned int attr_offset)
{
	unsigned int recsz = attr_offset * 8;

	/* A record is never shorter than a PathRecord: 0 means a Get. */
	if (recsz < RR_SA_PR_SIZE)
		recsz = RR_SA_PR_SIZE;
	if (mad_len <= RR_SA_HDR_SIZE)
		return 0;
	return (int)((unsigned int)(mad_len - RR_SA_HDR_SIZE) / recsz);
}

unsigned int rr_sa_status_code(uint16_t status)
{
	return status >> 8;
}

long rr_sa_busy_backoff_ms(uint16_t status, unsigned int retries, long left_ms)
{
	long wait;

	/* Busy alone: with a class code or another bit, it is an answer. */
	if (status != 0x0001 || retries >= RR_SA_BUSY_RETRIES)
		return -1;
	wait = 8L << retries;
	return wait < left_ms ? wait : -1;
}

const char *rr_sa_status_str(uint16_t status)
{
	static const char *const sa_codes[] = {
		[RR_SA_ERR_NO_RESOURCES] = "MAD status 0x0100: ERR_NO_RESOURCES",
		[RR_SA_ERR_REQ_INVALID] = "MAD status 0x0200: ERR_REQ_INVALID",
		[RR_SA_ERR_NO_RECORDS] = "MAD status 0x0300: ERR_NO_RECORDS",
		[RR_SA_ERR_TOO_MANY_RECORDS] = "MAD status 0x0400: ERR_TOO_MANY_RECORDS",
		[RR_SA_ERR_REQ_INVALID_GID] = "MAD status 0x0500: ERR_REQ_INVALID_GID",
		[RR_SA_ERR_REQ_INSUFFICIENT_COMPONENTS] = "MAD status 0x0600: ERR_REQ_INSUFFICIENT_COMPONENTS",
		[RR_SA_ERR_REQ_DENIED] = "MAD status 0x0700: ERR_REQ_DENIED",
	};
	/* The common MAD status: busy, redirect, and bits 2-4 (IBA 13.4.7). */
	static const char *const common[] = {
		[0x00] = "MAD status 0x0000: success",
		[0x01] = "MAD status 0x0001: busy",
		[0x02] = "MAD status 0x0002: redirect required",
		[0x04] = "MAD status 0x0004: bad base or class version",
		[0x08] = "MAD status 0x0008: method not supported",
		[0x0c] = "MAD status 0x000c: method/attribute combination not supported",
		[0x1c] = "MAD status 0x001c: invalid value in an attribute or modifier field",
	};
	unsigned int code = rr_sa_status_code(status);

	/* A class code comes alone: the SA leaves the common bits clear. */
	if (!(status & 0xff) && code < ARRAY_SIZE(sa_codes) && sa_codes[code])
		return sa_codes[code];
	if (!code && status < ARRAY_SIZE(common) && common[status])
		return common[status];
	if (code)
		return "MAD status: not a defined SA status (bits 8-15)";
	return "MAD status: not a defined common status (bits 0-4)";
}
