/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The subnet administrator's wire formats: the destination forms --sa
 * accepts, the PathRecord (IBA 15.2.5.16) and the SA MAD status.  libibmad
 * 44 names only a few PathRecord fields; the rest are decoded here.  Pure
 * functions: no I/O, no RDMA library, unit-tested in tests/unit/.
 */
#ifndef RR_SA_DECODE_H
#define RR_SA_DECODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/probe/result.h"

/* A wire PathRecord's size, and where records start in an SA MAD. */
#define RR_SA_PR_SIZE		64
#define RR_SA_HDR_SIZE		56	/* MAD, RMPP and SA headers */
/* The most paths NumbPath (7 bits) can ask for. */
#define RR_SA_MAX_NUMB_PATH	127

/* PathRecord component mask bits (IBA table 209). */
#define RR_PR_COMP_SERVICE_ID	(3ULL << 0)	/* its two halves */
#define RR_PR_COMP_DGID		(1ULL << 2)
#define RR_PR_COMP_SGID		(1ULL << 3)
#define RR_PR_COMP_DLID		(1ULL << 4)
#define RR_PR_COMP_SLID		(1ULL << 5)
#define RR_PR_COMP_REVERSIBLE	(1ULL << 11)
#define RR_PR_COMP_NUMBPATH	(1ULL << 12)
#define RR_PR_COMP_PKEY		(1ULL << 13)
#define RR_PR_COMP_QOS_CLASS	(1ULL << 14)
#define RR_PR_COMP_SL		(1ULL << 15)

/* SA class-specific status codes, bits 8-15 of the MAD status. */
enum rr_sa_status_code {
	RR_SA_ERR_NO_RESOURCES = 1,
	RR_SA_ERR_REQ_INVALID = 2,
	RR_SA_ERR_NO_RECORDS = 3,
	RR_SA_ERR_TOO_MANY_RECORDS = 4,
	RR_SA_ERR_REQ_INVALID_GID = 5,
	RR_SA_ERR_REQ_INSUFFICIENT_COMPONENTS = 6,
	RR_SA_ERR_REQ_DENIED = 7,
};


/*
 * Parses TEXT, a destination for --sa, into D: a GID (anything with a
 * ':'), a LID, a port GUID, or a node name (anything else that starts
 * with a letter; RR_SA_NAME, which the run looks up in the fabric).
 * A LID is decimal (1-49151) or 0x with 1 to 4 hex digits; a GUID is 0x
 * with 5 to 16 hex digits.  The number of digits decides, not the value:
 * 0x0010 is LID 16, 0x00010 is GUID 0x10.  Returns false, with a reason
 * in WHY, when TEXT is none of these.
 */
bool rr_sa_parse_dest(const char *text, struct rr_sa_dest *d, char *why,
		      size_t why_len);

/* An SA answer as received: its MAD status and whole records. */
struct rr_sa_answer {
	uint16_t status;
	const uint8_t *records;	/* the first record, inside the MAD */
	int num;		/* whole records of RECORD_SIZE bytes */
	unsigned int record_size;	/* from the attribute offset */
	/*
	 * How many records the RMPP header says the whole answer holds
	 * (from its payload length), or -1 when it does not say.  More than
	 * NUM means that segments are missing.
	 */
	int expected;
};

/*
 * Reads the MAD status and the records of the SA answer MAD, LEN bytes
 * without the umad header, into ANS.  An answer shorter than its headers
 * has no records.  Returns false when it is shorter than the common MAD
 * header.
 */
bool rr_sa_answer_decode(const uint8_t *mad, size_t len,
			 struct rr_sa_answer *ans);

/*
 * Returns true when REC is no PathRecord: it has LID 0 at either end
 * (InfiniBand never gives a port LID 0), as in what is left of a segment
 * that was cut short.
 */
bool rr_sa_pr_is_void(const uint8_t *rec);

/* Decodes wire PathRecord REC (network byte order) into OUT (host order). */
void rr_sa_pr_decode(const uint8_t *rec, struct rr_path *out);
/* Sets the P_Key of wire PathRecord REC; libibmad has no field for it. */
void rr_sa_pr_set_pkey(uint8_t *rec, uint16_t pkey);
/*
 * Sets the QoSClass of REC, the 12 bits beside the SL (which is left
 * alone): the kernel's RDMA CM puts the id's ToS there for an IPv4
 * destination.
 */
void rr_sa_pr_set_qos_class(uint8_t *rec, uint16_t qos_class);
/*
 * Sets in REC what the kernel's rdma_cm asks of a PathRecord for a
 * connection: the ServiceID SERVICE_ID (the port space's, IBA A3.2.1), a
 * reversible path, and NUMB_PATH paths.
 */
void rr_sa_pr_set_query(uint8_t *rec, uint64_t service_id,
			unsigned int numb_path);
/*
 * Returns the ServiceID that rdma_cm gives port space PS (0x0106 TCP,
 * 0x013f IB).
 */
uint64_t rr_sa_service_id(unsigned int ps);
/*
 * Returns how many whole PathRecords an SA answer of MAD_LEN bytes
 * (headers included) holds when its AttributeOffset is ATTR_OFFSET
 * 8-byte words (0 in a Get answer).
 */
int rr_sa_record_count(int mad_len, unsigned int attr_offset);

/* Returns the class-specific code (bits 8-15) of the MAD status STATUS. */
unsigned int rr_sa_status_code(uint16_t status);

/* The most times a query is asked again when the SA answers busy. */
#define RR_SA_BUSY_RETRIES 4

/*
 * Returns how long to wait, in ms, before asking again after a busy
 * answer (the common status' bit 0, IBA 13.4.7: "temporarily busy, MAD
 * discarded"): 8 ms, doubled for each of the RETRIES done so far.
 * Returns -1 when STATUS is not a busy answer, when RR_SA_BUSY_RETRIES
 * were done, or when the wait would end past the query's deadline,
 * LEFT_MS away.
 */
long rr_sa_busy_backoff_ms(uint16_t status, unsigned int retries, long left_ms);
/*
 * Returns STATUS as a static string, such as
 * "MAD status 0x0300: ERR_NO_RECORDS".
 */
const char *rr_sa_status_str(uint16_t status);

#endif
