/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The one result structure: what a backend learned about one destination.
 * Backends fill it, renderers read it; neither knows about the other.
 */
#ifndef RR_RESULT_H
#define RR_RESULT_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>
#include <sys/socket.h>

#include "model/probe/cause.h"
#include "model/probe/evidence.h"
#include "model/probe/hop.h"
#include "model/probe/transfer.h"
#include "base/steps.h"

struct rr_chain;
struct rr_sa_chain;
struct rr_peer_facts;

struct rr_timing {
	struct timespec start;
	struct timespec end;
	bool started;
	bool ended;
	/*
	 * Left out of the step's time: a wait that was not the probe's own
	 * (the total's, while its disconnect waited for others to connect).
	 */
	int64_t held_ns;
};

enum rr_link_layer {
	RR_LL_UNKNOWN,
	RR_LL_INFINIBAND,
	RR_LL_ETHERNET,
	RR_LL_IWARP,
};

enum rr_gid_type {
	RR_GID_UNKNOWN,
	RR_GID_IB,
	RR_GID_ROCE_V1,
	RR_GID_ROCE_V2,
};

/* One PathRecord in host byte order, fields as in struct ibv_sa_path_rec. */
struct rr_path {
	uint8_t dgid[16];
	uint8_t sgid[16];
	uint16_t dlid;
	uint16_t slid;
	bool raw_traffic;
	uint32_t flow_label;
	uint8_t hop_limit;
	uint8_t traffic_class;
	bool reversible;
	uint8_t numb_path;
	uint16_t pkey;
	uint8_t sl;
	uint8_t mtu_selector;
	uint8_t mtu;
	uint8_t rate_selector;
	uint8_t rate;
	uint8_t packet_life_time_selector;
	uint8_t packet_life_time;
	uint8_t preference;
	/*
	 * The SA's PathRecord only (--sa): the rdma_cm's path record has
	 * neither field, so a RoCE or rdma_cm path shows neither.
	 */
	bool have_sa_fields;
	uint64_t service_id;
	uint16_t qos_class;
	/*
	 * A path read back from a record: a bit per path field (its row in
	 * the field table) that the record did not hold.  0 for a live path.
	 */
	uint32_t missing;
};

#define RR_MAX_COULD_BE 4

struct rr_failure {
	enum rr_step step;
	enum rr_fail_kind kind;
	const char *call;	/* the library call that failed or waited */
	const char *detail;	/* static text beyond errno (a MAD status) */
	char where[512];	/* where the route died, what the probe saw */
	int err;		/* positive errno: the call's, or -status */
	unsigned int deadline_ms;	/* RR_FAIL_DEADLINE: the tool's limit */
	int event;		/* enum rdma_cm_event_type, -1 when none */
	int status;		/* the event's status as the kernel gave it */
	unsigned int private_len;	/* REJECTED: the peer's private data */
	enum rr_cause cause;
	/*
	 * A cause judged from fresh evidence (model/probe/decide_connect.h): the
	 * evidence it rests on (a bit per enum rr_ev_kind), and, when the
	 * evidence cannot decide, the causes that remain.
	 */
	unsigned int decided_by;
	enum rr_cause could_be[RR_MAX_COULD_BE];
	unsigned int num_could_be;
};

/* An --expect or --max-ms that did not hold. */
struct rr_expect_failure {
	char field[48];
	char op[3];
	char expected[128];
	char actual[128];
};

/*
 * An SA destination (--sa): a LID, a GID or a port GUID; or a node's name,
 * to be found in the fabric (the node-name map, node descriptions) before
 * anything is asked of the SA.
 */
struct rr_sa_dest {
	enum { RR_SA_LID, RR_SA_GID, RR_SA_GUID, RR_SA_NAME } kind;
	uint16_t lid;
	uint8_t gid[16];
	uint64_t guid;
};

enum rr_probe_kind {
	RR_PROBE_ADDRESS,	/* a numeric address */
	RR_PROBE_NAME,		/* a host name, looked up first */
	RR_PROBE_SA,		/* an SA destination */
};

/* What to do: one probe of one destination, as the input gave it. */
struct rr_probe {
	const char *target;		/* as the user wrote it */
	enum rr_probe_kind kind;
	struct sockaddr_storage dst;	/* an address (a name's, looked up) */
	bool have_dst;
	struct rr_sa_dest sa;		/* RR_PROBE_SA */
	struct sockaddr_storage src;	/* --src: bound first */
	bool have_src;
	/* A host name: how many addresses it has, how many were not probed. */
	unsigned int name_addresses;
	unsigned int name_skipped;
	unsigned long long seq;		/* probe number (1..) with --count */
	const char *host;		/* the host that probes: --host-label */
	const char *from;		/* --sa --from: the path's source, as given */
	const char *time;		/* read back: when it started, as written */
	struct rr_sa_dest sa_from;	/* it, parsed (--from, --all-pairs) */
	bool have_sa_from;
	/*
	 * Both ends were seen in the fabric, so no record means that there is
	 * no path, not that a port is missing.
	 */
	bool sa_ends_known;
	/*
	 * --sa by name: how a name not in the fabric seen from here was
	 * found.  Its LID is then the SA's, found by the node-name map's GUID
	 * or by the node's description.
	 */
	enum rr_name_known_to {
		RR_NAME_SEEN,		/* discovered from here (or no name) */
		RR_NAME_MAP_SA,		/* the map's GUID, the SA's LID */
		RR_NAME_SA,		/* the SA's NodeRecord by description */
		RR_NAME_MAP,		/* the map alone: no LID */
	} name_known_to;
	uint64_t start_offset_ms;	/* when to start, from the first */
};

/* Where the ToS an id went out with came from. */
enum rr_tos_from {
	RR_TOS_UNKNOWN,
	RR_TOS_OPTION,		/* --tos */
	RR_TOS_CONFIGFS,	/* the port's configfs default_roce_tos */
	RR_TOS_DEFAULT,		/* the kernel's: 0 */
};

/*
 * What shaped an rdma_cm result beyond the destination: the settings the
 * kernel applied, which the PathRecord alone does not say.
 */
struct rr_used {
	const char *port_space;		/* "tcp", "udp", "ib"; NULL: none */
	int tos;
	enum rr_tos_from tos_from;	/* UNKNOWN: no ToS known */
	unsigned int sgid_index;
	bool have_sgid_index;
	/* RoCE: the GID type the CM picks by default, and whence. */
	enum rr_gid_type roce_mode;
	bool roce_mode_configfs;
	double port_rate_gbps;		/* the port's active rate; 0 unknown */
};

/* What happened: what the backend (or the look-up) learned. */
struct rr_outcome {
	bool complete;			/* final, handed over by its backend */
	double start_ms;		/* when it started, after the run began */
	bool have_start;
	struct sockaddr_storage src;
	bool have_src;			/* the source the kernel used */

	struct rr_timing steps[RR_STEP_COUNT];
	unsigned int timeout_ms;	/* what each step was given */

	char device[64];
	uint8_t port;
	enum rr_link_layer link_layer;
	enum rr_gid_type gid_type;

	int num_paths;
	struct rr_path *paths;
	struct rr_used used;
	/* --sa --trace: the nodes the route crosses, source first. */
	int num_hops;
	struct rr_hop *hops;

	bool ok;
	/* Success only at the timeout: the kernel's uncached-neighbour race. */
	bool late_success;
	/*
	 * --sa, for an answer cut short: how many records its RMPP header
	 * said it holds (0 when it did not say), and how many records were
	 * dropped as not a PathRecord.
	 */
	unsigned int sa_records_said;
	unsigned int sa_records_void;
	unsigned int sa_busy_retries;	/* asked again after a busy answer */
	uint16_t connect_port;		/* --connect: the port asked, 0 none */
	/*
	 * --connect: the disconnect's wait ended with no DISCONNECTED event
	 * (the peer's CM sent no DREP: its application has not disconnected
	 * yet).  The connection came up, so this is a success, reported with
	 * a warning.
	 */
	bool disconnect_unconfirmed;
	enum rr_udp_answer udp_4791;
	/*
	 * --connect: what was asked of the peer when a connection request
	 * got no answer, and what the peer said of itself (its witness, or
	 * the private data of its REP); PEER is NULL when it said nothing.
	 */
	struct rr_evidence_set evidence;
	struct rr_peer_facts *peer;
	/* --connect --data: the messages (transfer.num 0: none was sent). */
	struct rr_transfer transfer;
	struct rr_failure fail;
	/*
	 * --sa --trace, when the walk's failure is the result's: what the SA
	 * said (sa_timeout when the SM is down, dest_unknown when the LID is
	 * gone), or RR_CAUSE_NONE when the SA answered.
	 */
	enum rr_cause sa_cause;
	const char *sa_detail;	/* the SA's words: static, or the record's */
	/* --sa: the local port as opened, and where its SM was found. */
	struct rr_sa_local {
		bool known;
		uint8_t state;		/* PortInfo LinkState: 4 ACTIVE */
		uint16_t lid, sm_lid;
		bool sm_found;		/* sm_lid is where the queries went */
		bool sm_asked;		/* by PortInfo, not the port's own */
	} sa_local;
};

/* What is said about the outcome, once it happened. */
struct rr_notes {
	/* --explain, or a failure: the root-cause chain (explain/chain.h). */
	struct rr_chain *chain;
	/* --sa --explain: the port, the SM, the path, the walk (sa_chain.h). */
	struct rr_sa_chain *sa_chain;
	struct rr_expect_failure *expect_failures;
	int num_expect_failures;
};

struct rr_result {
	struct rr_probe probe;
	struct rr_outcome out;
	struct rr_notes notes;
};


/*
 * Begin or end STEP of O now, timed on CLOCK_MONOTONIC.  Ending a step
 * that has not begun, or has already ended, does nothing.
 */
void rr_step_begin(struct rr_outcome *o, enum rr_step step);
void rr_step_end(struct rr_outcome *o, enum rr_step step);
/*
 * Begins STEP at AT, so that steps that meet (a step's end and the next
 * one's start) need only one clock read.  Where clock_gettime() is a
 * system call (no vDSO clock, as in the lab's VM), each read costs a few
 * microseconds.
 */
void rr_step_begin_at(struct rr_outcome *o, enum rr_step step,
		      const struct timespec *at);
/* Ends STEP at AT: when its event was read, not when it was handled. */
void rr_step_end_at(struct rr_outcome *o, enum rr_step step,
		    const struct timespec *at);
/*
 * Returns STEP's duration in milliseconds, less the time it was held, or
 * -1 when it did not end.
 */
double rr_step_ms(const struct rr_outcome *o, enum rr_step step);

/*
 * Records in O that CALL failed in STEP with ERR, a positive errno (or 0,
 * with the resolver's STATUS, for a resolver).
 */
void rr_fail_call(struct rr_outcome *o, enum rr_step step, const char *call,
		  int err, int status);
/*
 * Records in O that an error event (or an unexpected one), EVENT with
 * STATUS, arrived for STEP and was read at AT.  The step ends at AT, not
 * when the event was handled.
 */
void rr_fail_event(struct rr_outcome *o, enum rr_step step, const char *call,
		   int event, int status, const struct timespec *at);
/*
 * Records in O a failure of CALL in STEP whose CAUSE the backend knows
 * better than the errno ERR tells (the SA backend).  DETAIL is a static
 * string or NULL.
 */
void rr_fail_cause(struct rr_outcome *o, enum rr_step step, const char *call,
		   int err, enum rr_cause cause, const char *detail);
/*
 * For --connect, returns how long the disconnect waits for the peer's
 * DREP: a quarter of TIMEOUT_MS, at least 250 ms, not the whole deadline.
 * A peer whose application has not disconnected yet sends no DREP
 * (ucmatose waiting for its messages); the connection came up all the
 * same, and the kernel's own DREQ retries would outlast the deadline.
 */
unsigned int rr_disconnect_wait_ms(unsigned int timeout_ms);
/*
 * For --connect on RoCE, returns how long a connection request waits for
 * its answer before the UDP datagram to the peer's port 4791 is sent: a
 * quarter of TIMEOUT_MS (--timeout), at least 250 ms.  A healthy peer
 * answers in milliseconds, so no datagram is sent to it.
 */
unsigned int rr_udp_probe_after_ms(unsigned int timeout_ms);
/*
 * Records in O that nothing arrived for CALL in STEP before the tool's
 * own deadline of DEADLINE_MS.
 */
void rr_fail_deadline(struct rr_outcome *o, enum rr_step step,
		      const char *call, unsigned int deadline_ms);
/*
 * Returns true if R's route resolved: R is a success, or a failure of a
 * later step (--connect), whose PathRecord is still what the connection
 * was given.
 */
bool rr_result_routed(const struct rr_result *r);
/* Returns R's status: "connected" (--connect), "resolved" or "failed". */
const char *rr_result_status(const struct rr_result *r);

/*
 * Returns true if the failure F says this host (this namespace) cannot do
 * RDMA at all: a host-level cause, or no device in an exclusive RDMA
 * namespace.
 */
bool rr_fail_is_host_level(const struct rr_failure *f);
/* Frees what R holds: its paths, its hops and what is said of it. */
void rr_result_release(struct rr_result *r);

#endif
