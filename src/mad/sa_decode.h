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

/* One PathRecord on the wire, and where records start in an SA MAD. */
#define RR_SA_PR_SIZE		64
#define RR_SA_HDR_SIZE		56	/* MAD, RMPP and SA headers */
/* The most paths NumbPath (7 bits) asks for. */
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
 * DEST for --sa: a GID (anything with a ':'), a LID, a port GUID, or a
 * node name (anything else that starts with a letter; RR_SA_NAME, looked
 * up in the fabric by the run).
 * A LID is decimal (1-49151) or 0x with 1 to 4 hex digits; a GUID is 0x
 * with 5 to 16 hex digits.  The number of digits decides, not the value:
 * 0x0010 is LID 16, 0x00010 is GUID 0x10.  False with a reason in WHY.
 */
bool rr_sa_parse_dest(const char *text, struct rr_sa_dest *d, char *why,
		      size_t why_len);

/* An SA answer as received: its MAD status and whole records. */
struct rr_sa_answer {
	uint16_t status;
	const uint8_t *records;	/* the first record, inside the MAD */
	int num;		/* whole records of the attribute offset's size */
	unsigned int record_size;
	/*
	 * What the RMPP header says the whole answer holds (its payload
	 * length), when it says: more than NUM means segments are missing.
	 */
	int expected;
};

/*
 * Reads the MAD status and the records of an SA answer of LEN bytes (the
 * MAD, not the umad header).  An answer shorter than its headers has no
 * record; false when it is shorter than the common MAD header.
 */
bool rr_sa_answer_decode(const uint8_t *mad, size_t len,
			 struct rr_sa_answer *ans);

/*
 * A record that is no PathRecord: a LID 0 at either end (InfiniBand never
 * gives a port LID 0), as in what is left of a segment cut short.
 */
bool rr_sa_pr_is_void(const uint8_t *rec);

/* Wire PathRecord (network byte order) to host order. */
void rr_sa_pr_decode(const uint8_t *rec, struct rr_path *out);
/* The P_Key of a wire PathRecord; libibmad has no field for it. */
void rr_sa_pr_set_pkey(uint8_t *rec, uint16_t pkey);
/*
 * QoSClass (12 bits beside the SL, which it leaves alone): the kernel's
 * RDMA CM puts the id's ToS there for an IPv4 destination.
 */
void rr_sa_pr_set_qos_class(uint8_t *rec, uint16_t qos_class);
/*
 * What the kernel's rdma_cm asks of a PathRecord for a connection: its
 * ServiceID (the port space's, IBA A3.2.1), a reversible path, and
 * NUMB_PATH paths.
 */
void rr_sa_pr_set_query(uint8_t *rec, uint64_t service_id,
			unsigned int numb_path);
/* The ServiceID rdma_cm gives port space PS (0x0106 TCP, 0x013f IB). */
uint64_t rr_sa_service_id(unsigned int ps);
/*
 * Whole PathRecords in an SA answer of MAD_LEN bytes (headers included)
 * whose AttributeOffset is ATTR_OFFSET 8-byte words (0 in a Get answer).
 */
int rr_sa_record_count(int mad_len, unsigned int attr_offset);

/* The class-specific code (bits 8-15) of a MAD status. */
unsigned int rr_sa_status_code(uint16_t status);

/* Asked again at most this often when the SA answers busy. */
#define RR_SA_BUSY_RETRIES 4

/*
 * After a busy answer (the common status' bit 0, IBA 13.4.7: "temporarily
 * busy, MAD discarded"), the wait before asking again: 8 ms, doubled at
 * each of RETRIES done so far; -1 when STATUS is no busy answer, when
 * RR_SA_BUSY_RETRIES were done, or when the wait would end past the
 * query's deadline, LEFT_MS away.
 */
long rr_sa_busy_backoff_ms(uint16_t status, unsigned int retries, long left_ms);
/* "MAD status 0x0300: ERR_NO_RECORDS": a static string. */
const char *rr_sa_status_str(uint16_t status);

#endif
