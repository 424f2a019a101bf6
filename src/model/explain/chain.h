/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The root-cause chain of one destination (--explain): the facts about
 * each link from the kernel route to the PathRecord, gathered by
 * explain.c, and a verdict on each link from the pure judge below.
 * Plain data: no library types, so renderers and unit tests can use it.
 */
#ifndef RR_CHAIN_H
#define RR_CHAIN_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/socket.h>

#include "model/explain/host_facts.h"
#include "model/probe/result.h"

#define RR_MAX_CANDIDATES 8
#define RR_MAX_RDMA_NETDEVS 16

enum rr_link {
	RR_LINK_ROUTE,
	RR_LINK_DEVICE,
	RR_LINK_GID,
	RR_LINK_NEIGH,
	RR_LINK_PATH,
	RR_LINK_CONNECT,	/* --connect only */
	RR_LINK_COUNT
};

enum rr_link_state {
	RR_LS_UNKNOWN,		/* not checked: an earlier link lacks facts */
	RR_LS_OK,
	RR_LS_WARNING,
	RR_LS_BROKEN,
};

#define RR_MAX_SUBNET_NETDEVS 4

/* Why the route lookup was held to one interface. */
enum rr_oif_from {
	RR_OIF_NONE,
	RR_OIF_SCOPE,		/* the destination's %scope */
	RR_OIF_BOUND,		/* the device the kernel bound the id to */
};

/*
 * What refused a route the kernel would not give (`ip route get` failed):
 * read from the routing tables and policy rules, as `ip route show table
 * all` and `ip rule` list them, walked the way the kernel's lookup goes.
 */
enum rr_refused_by {
	RR_REFUSED_NONE,	/* not looked for, or the walk found a route */
	RR_REFUSED_ROUTE,	/* a route of a refusing type: blackhole, ... */
	RR_REFUSED_RULE,	/* a policy rule's own action: prohibit, ... */
	RR_REFUSED_NO_ROUTE,	/* no rule's table has a route (throw, empty) */
};

#define RR_RULE_TEXT_LEN 160

struct rr_chain_refusal {
	enum rr_refused_by by;
	/*
	 * RTN_BLACKHOLE, RTN_UNREACHABLE, RTN_PROHIBIT, RTN_THROW: the route's
	 * type, or the one a refusing rule acts as; 0 for an empty table.
	 */
	unsigned char type;
	unsigned int table;		/* the route's, or the rule's table */
	struct sockaddr_storage prefix;	/* the route's destination prefix */
	unsigned int prefix_len;
	bool have_prefix;
	/* The rule that led there, when it is not one of the defaults. */
	bool have_rule;
	unsigned int rule_pref;
	char rule[RR_RULE_TEXT_LEN];	/* "from all to 10.0.0.0/8 lookup 100" */
};

struct rr_chain_route {
	bool looked_up;
	char error[128];		/* the kernel's answer when no route */
	struct rr_chain_refusal refusal;
	bool local;			/* the destination is this host's */
	char netdev[RR_NETDEV_LEN];	/* output interface (local: owner) */
	int ifindex;			/* its index; 0 unknown */
	bool netdev_up;			/* IFF_UP and carrier */
	bool netdev_admin_up;		/* IFF_UP: not down by ip link set */
	unsigned int netdev_mtu;
	bool on_vlan;			/* netdev is a VLAN interface */
	int vlan;			/* its VLAN id */
	struct sockaddr_storage src, gateway;
	bool have_src, have_gateway;
	/* No route, yet this interface, which is down, has dst's subnet. */
	char down_netdev[RR_NETDEV_LEN];
	/* How the kernel made the lookup: held to an interface, from --src. */
	enum rr_oif_from oif_from;
	bool src_given;			/* --src: the lookup was from it */
	/* The other interface a lookup with neither gives (a finding). */
	char plain_netdev[RR_NETDEV_LEN];
	/* Every interface whose subnet holds the destination, if several. */
	char subnet_netdevs[RR_MAX_SUBNET_NETDEVS][RR_NETDEV_LEN];
	int num_subnet_netdevs;
	/* --src: the interface that holds that address ("": not local). */
	char src_netdev[RR_NETDEV_LEN];
	bool src_looked_up;
};

/* A netdev of this namespace with an RDMA port: where RDMA could go. */
struct rr_rdma_netdev {
	char netdev[RR_NETDEV_LEN];
	char device[64];
	unsigned int port;
};

/* The RDMA subsystem's netns mode (`rdma system`), as RDMA netlink says. */
enum rr_chain_netns {
	RR_CHAIN_NETNS_UNKNOWN,
	RR_CHAIN_NETNS_SHARED,
	RR_CHAIN_NETNS_EXCLUSIVE,
};

struct rr_chain_device {
	bool found;
	enum rr_chain_netns netns_mode;
	bool bound;		/* the port the kernel bound the id to */
	struct rr_port_facts port;
	struct rr_rdma_netdev rdma[RR_MAX_RDMA_NETDEVS];
	int num_rdma;
};

struct rr_chain_gid {
	bool found;
	bool from_path;		/* the PathRecord's sgid, else the source's */
	struct rr_gid_entry used;
	struct rr_gid_entry cand[RR_MAX_CANDIDATES];	/* the others */
	int num_cand;
};

struct rr_chain_neigh {
	bool looked_up;
	bool found;
	struct sockaddr_storage addr;	/* the gateway or the destination */
	char lladdr[64];
	int nud;			/* NUD_* bits */
	char nud_name[64];
};

struct rr_verdict {
	enum rr_link_state state;
	char reason[320];
};

/* Sets V to STATE, with its reason formatted from FMT as printf() does. */
void rr_verdict_set(struct rr_verdict *v, enum rr_link_state state,
		    const char *fmt, ...) __attribute__((format(printf, 3, 4)));

struct rr_chain {
	bool full;		/* --explain: every link, not the root cause */
	struct rr_chain_route route;
	struct rr_chain_device device;
	struct rr_chain_gid gid;
	struct rr_chain_neigh neigh;
	struct rr_verdict verdict[RR_LINK_COUNT];
};

/*
 * Returns the likely cause of R's failure, knowing the facts of its chain
 * C and its probe: what errno alone could not tell (a --src on an
 * interface with no RDMA device, a link-local destination without its
 * interface, a subnet on several interfaces, no carrier).  Returns R's
 * own cause when none is better.
 */
enum rr_cause rr_cause_refine(const struct rr_result *r,
			      const struct rr_chain *c);

/* Marks each link of R's chain C ok, warning or broken, with a reason. */
void rr_chain_judge(struct rr_chain *c, const struct rr_result *r);
/*
 * Do the same in two parts: first the links this host's own tables
 * decide (route, device, GID), then those beyond it (neighbour,
 * PathRecord, connect), so that a root cause found in the first part
 * needs no facts of the others.
 */
void rr_chain_judge_host(struct rr_chain *c, const struct rr_result *r);
void rr_chain_judge_rest(struct rr_chain *c, const struct rr_result *r);
/* Returns C's first broken link, or RR_LINK_COUNT when none is broken. */
enum rr_link rr_chain_first_broken(const struct rr_chain *c);

const char *rr_link_key(enum rr_link link);
const char *rr_link_state_key(enum rr_link_state state);

#endif
