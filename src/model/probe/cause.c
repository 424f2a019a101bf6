// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <string.h>
#include <rdma/rdma_cma.h>

#include "base/util.h"
#include "model/probe/cause.h"

struct cause_desc {
	const char *key;
	const char *summary;
	const char *hint;
};

static const struct cause_desc causes[RR_CAUSE_COUNT] = {
	[RR_CAUSE_NONE] = { "none", "", "" },
	[RR_CAUSE_NO_RDMA_CM] = {
		"no_rdma_cm",
		"this host cannot do RDMA CM: no RDMA device or rdma_cm not available",
		"check that ib_core, rdma_cm and rdma_ucm are loaded (lsmod), that /dev/infiniband/rdma_cm exists, and that `rdma link` lists a device"
	},
	[RR_CAUSE_NO_RDMA_LIBRARY] = {
		"no_rdma_library",
		"librdmacm or libibverbs cannot be loaded: rdma-route loads them when it first resolves",
		"install them (Debian: apt-get install librdmacm1 libibverbs1); the detail says what the loader missed"
	},
	[RR_CAUSE_PERMISSION] = {
		"permission_denied",
		"permission denied on /dev/infiniband/rdma_cm",
		"run as root or as a user allowed to open /dev/infiniband/rdma_cm (see its owner and mode, and the rdma udev rules)"
	},
	[RR_CAUSE_NAME_UNKNOWN] = {
		"name_unknown",
		"the host name does not resolve to an address",
		"check the spelling, /etc/hosts and DNS (getent ahosts NAME)"
	},
	[RR_CAUSE_NAME_TIMEOUT] = {
		"name_timeout",
		"the host name look-up did not finish before the deadline",
		"check the resolvers in /etc/resolv.conf, or give an address instead of a name"
	},
	[RR_CAUSE_SRC_NOT_LOCAL] = {
		"source_not_local",
		"the source address is not an address of this host",
		"give --src an address shown by `ip address` on an interface with an RDMA device"
	},
	[RR_CAUSE_NO_ROUTE] = {
		"no_route",
		"the kernel has no route to the destination",
		"check `ip route get DEST`: add a route, or use an address on an RDMA subnet"
	},
	[RR_CAUSE_NOT_RDMA_NETDEV] = {
		"not_rdma_netdev",
		"the route to the destination leaves through an interface with no RDMA device",
		"compare `ip route get DEST` with `rdma link`: the output interface needs an RDMA device (an HCA port, IPoIB, or rxe/siw)"
	},
	[RR_CAUSE_NEIGH_TIMEOUT] = {
		"neighbour_timeout",
		"the neighbour did not answer address resolution (ARP/ND) within the timeout",
		"check that the destination is up and on this subnet (`ip neigh show DEST`), or raise --timeout"
	},
	[RR_CAUSE_HOST_UNREACHABLE] = {
		"host_unreachable",
		"the destination host is unreachable",
		"check `ip neigh show DEST` and the destination's link; a FAILED neighbour entry means nobody answered"
	},
	[RR_CAUSE_NOT_RDMA_ADDRESS] = {
		"not_rdma_address",
		"the address resolved but no RDMA route exists to it (loopback or a non-RDMA address)",
		"use an address assigned to an RDMA-capable interface; 127.0.0.0/8 and ::1 cannot carry RDMA"
	},
	[RR_CAUSE_ROUTE_TIMEOUT] = {
		"route_timeout",
		"route resolution timed out",
		"on InfiniBand the subnet administrator did not answer: check the SM (sminfo, `rdma-route --sa`) and its load; raise --timeout"
	},
	[RR_CAUSE_NO_EVENT] = {
		"no_event",
		"the kernel sent no event before the tool's deadline",
		"the RDMA CM did not answer at all: check dmesg and the state of the device (`rdma link`)"
	},
	[RR_CAUSE_BAD_ADDRESS] = {
		"bad_address",
		"the kernel refused the address",
		"check the address family and scope (an IPv6 link-local address needs %interface)"
	},
	[RR_CAUSE_OUT_OF_RESOURCES] = {
		"out_of_resources",
		"the kernel ran out of resources for the request",
		"lower --parallel, or check memory and the limits of the RDMA device"
	},
	[RR_CAUSE_DEVICE_REMOVED] = {
		"device_removed",
		"the RDMA device went away while the step ran (deleted, or its driver unloaded)",
		"check `rdma link` and dmesg for the device; probe again once it is back"
	},
	[RR_CAUSE_ADDR_CHANGED] = {
		"address_changed",
		"the local address the id was bound to moved to another device (bonding failover)",
		"check the bond's active slave and `rdma link`; probe again"
	},
	[RR_CAUSE_SRC_NOT_RDMA] = {
		"source_not_rdma",
		"the source address is on an interface with no RDMA device",
		"give --src an address of an interface with an RDMA device (`rdma link` names their netdevs)"
	},
	[RR_CAUSE_SRC_OTHER_NETDEV] = {
		"source_on_other_interface",
		"the source address bound the id to an interface the destination is not reached through",
		"use a source address on the interface the route to the destination leaves by (`ip route get DEST`)"
	},
	[RR_CAUSE_SUBNET_SEVERAL] = {
		"subnet_on_several_interfaces",
		"the destination's subnet is on several interfaces, and it did not answer on the one the kernel used",
		"say which interface with --src (an address of the interface the destination is on); the route link names them"
	},
	[RR_CAUSE_LINK_LOCAL_NO_SCOPE] = {
		"link_local_no_scope",
		"a link-local destination without its interface: the kernel cannot tell which link it is on",
		"add the interface: fe80::...%IFACE, one with an RDMA device (the device link names them)"
	},
	[RR_CAUSE_NO_SOURCE_ADDRESS] = {
		"no_source_address",
		"the kernel found no source address to reach the destination from",
		"give the output interface an address of the destination's family (`ip address add`), or choose one with --src"
	},
	[RR_CAUSE_LINK_DOWN] = {
		"link_down",
		"the interface to the destination has no carrier: its link is down",
		"check the cable, the switch port and the peer: `ip link show DEV` says NO-CARRIER, `rdma link` shows the port DOWN"
	},
	[RR_CAUSE_RDMA_NETNS] = {
		"rdma_netns_exclusive",
		"RDMA is in exclusive network-namespace mode: this namespace sees only the RDMA devices moved into it, and the interface's device is not one of them",
		"`rdma system show` says netns exclusive; move the device here (`rdma dev set DEV netns NS`, from where it is) or share devices (`rdma system set netns shared`)"
	},
	[RR_CAUSE_NEIGH_TIMEOUT_VLAN] = {
		"neighbour_timeout_vlan",
		"the neighbour did not answer address resolution (ARP/ND), which went out tagged on a VLAN: the peer is down, or not on the same VLAN ID (on another, or on none)",
		"compare both ends' VLANs (`ip -d link show` here and there): the peer's address must be on an interface of the same VLAN ID, and the switch port must carry that VLAN"
	},
	[RR_CAUSE_ROUTE_BLACKHOLE] = {
		"route_blackhole",
		"a blackhole route covers the destination: the kernel drops what goes there, on purpose",
		"the route link names the route and its table (`ip route show table all type blackhole`); delete it (`ip route del blackhole PREFIX table TABLE`) if the destination should be reached, and see `ip rule` for the rule that chose the table"
	},
	[RR_CAUSE_ROUTE_PROHIBITED] = {
		"route_prohibited",
		"a prohibit route or policy rule covers the destination: the kernel refuses it (EACCES), on purpose",
		"not a permission of rdma-route: the route link names the route (`ip route show table all type prohibit`) or the rule (`ip rule`); delete it if the destination should be reached"
	},
	[RR_CAUSE_ROUTE_UNREACHABLE] = {
		"route_unreachable",
		"an unreachable route or policy rule covers the destination: the kernel declares it unreachable, on purpose",
		"the route link names the route (`ip route show table all type unreachable`) or the rule (`ip rule`); delete it if the destination should be reached"
	},
	[RR_CAUSE_ROUTE_THROW] = {
		"route_throw",
		"a throw route sent the lookup out of its table, and no later policy rule's table has a route to the destination",
		"the route link names the throw route and the rule that chose its table; `ip rule` lists the rules after it: add a route to a table they look up, or delete the throw route"
	},
	[RR_CAUSE_SA_QUERY_FAILED] = {
		"sa_query_failed",
		"the kernel's PathRecord query to the subnet administrator failed on the way",
		"the port or the SM went away during the query: check `ibstat` and `sminfo`, then probe again"
	},
	[RR_CAUSE_NO_MAD_LIBRARY] = {
		"no_mad_library",
		"libibumad or libibmad cannot be loaded: --sa loads them when it runs",
		"install them (Debian: apt-get install libibumad3 libibmad5); the detail says what the loader missed"
	},
	[RR_CAUSE_NO_UMAD] = {
		"no_umad",
		"no InfiniBand MAD device: no umad port, or ib_umad not loaded",
		"load ib_umad (modprobe ib_umad), check /dev/infiniband/umad* and `ibstat`; pick the port with -C/-P"
	},
	[RR_CAUSE_UMAD_PERMISSION] = {
		"umad_permission",
		"permission denied on /dev/infiniband/umadN",
		"run as root: umad devices are root-only by default (see their owner and mode, and the rdma udev rules)"
	},
	[RR_CAUSE_PORT_NOT_ACTIVE] = {
		"port_not_active",
		"the local port is not ACTIVE",
		"check the cable and `ibstat`: a port in INIT is waiting for the SM, DOWN has no link"
	},
	[RR_CAUSE_NO_SM] = {
		"no_sm",
		"no subnet manager: the port's SM LID is 0",
		"start a subnet manager (opensm) on the fabric, or check `sminfo`"
	},
	[RR_CAUSE_SA_TIMEOUT] = {
		"sa_timeout",
		"the subnet administrator did not answer within the timeout",
		"the SM is down, unreachable or overloaded: check `sminfo` and the SM's log; raise --timeout"
	},
	[RR_CAUSE_SA_REJECTED] = {
		"sa_rejected",
		"the subnet administrator rejected the query",
		"see the MAD status: check the filters (--sl, --pkey) and the SM's log"
	},
	[RR_CAUSE_DEST_UNKNOWN] = {
		"dest_unknown",
		"the destination is not known to the subnet administrator",
		"check the LID/GID/GUID with `ibaddr` or `saquery`; a port not in the subnet has no PathRecord"
	},
	[RR_CAUSE_NO_MATCHING_PATH] = {
		"no_matching_path",
		"the subnet administrator has no path matching --sl/--pkey to the destination",
		"query without --sl/--pkey to see the paths it has; check the partition membership (saquery -P) and the SL the SM allows"
	},
	[RR_CAUSE_NO_PATH] = {
		"no_path",
		"the subnet administrator has no path between the two ports, both in the fabric",
		"check their partitions (`saquery -P`, `smpquery pkeys LID`): two limited members, or no common P_Key, have no path; then the routing (ibtracert SLID DLID)"
	},
	[RR_CAUSE_NODE_UNKNOWN] = {
		"node_unknown",
		"no CA port of the fabric has that name, in the node-name map or as its node description",
		"check the name with `ibnetdiscover -p` (node descriptions) and the --node-name-map file; a LID, GID or port GUID needs no name"
	},
	[RR_CAUSE_NODE_AMBIGUOUS] = {
		"node_ambiguous",
		"several CA ports of the fabric have that name",
		"give the node's port (NAME/PORT), its LID or its port GUID; `ibnetdiscover -p` lists them"
	},
	[RR_CAUSE_NODE_UNREACHABLE] = {
		"node_unreachable",
		"the name is in the node-name map, but no port of that node is in the fabric seen from here and the SA gave no LID for it: not reachable from here, down or cut off?",
		"check the node's cables and the switch ports toward it (`iblinkinfo`, `ibportstate`); once the SM answers, its LID (`saquery NR`) walks the route to where it ends"
	},
	[RR_CAUSE_DISCOVERY_FAILED] = {
		"fabric_discovery_failed",
		"the fabric could not be discovered (libibnetdisc), so no name could be looked up",
		"run `ibnetdiscover` from the same port (-C/-P) to see why; a LID, GID or port GUID needs no discovery"
	},
	[RR_CAUSE_ROUTE_DEAD_END] = {
		"route_dead_end",
		"a switch on the way has no forwarding entry for the destination's LID: the route ends there",
		"the SM has not routed that LID (a port added after its last sweep, or a routing engine that failed): check the SM's log, `ibroute SWITCH-LID`, and make it sweep again"
	},
	[RR_CAUSE_ROUTE_LINK_DOWN] = {
		"route_link_down",
		"the route leaves a switch by a port whose link is not active",
		"check the cable and both ports (`ibportstate`, `iblinkinfo`); the SM reroutes around a dead link at its next sweep, unless it is stopped"
	},
	[RR_CAUSE_ROUTE_LOOP] = {
		"route_loop",
		"the route comes back to a switch it already crossed: the forwarding tables loop",
		"the switches' tables disagree (a half-done reroute, or one set by hand): check the SM's log and `ibroute` on the switches named, then let the SM sweep"
	},
	[RR_CAUSE_ROUTE_BAD_PORT] = {
		"route_bad_port",
		"a switch forwards the destination's LID to a port it does not have",
		"the switch's table is corrupt or was set by hand: check `ibroute SWITCH-LID` and let the SM sweep"
	},
	[RR_CAUSE_SMP_TIMEOUT] = {
		"smp_timeout",
		"a node on the route gave no answer to an SMP: none within the timeout, or an error status",
		"the node named is hung, unreachable by directed route or refusing SMPs (an M_Key): check it with `smpquery -D nodeinfo`; raise --timeout"
	},
	[RR_CAUSE_NO_LISTENER] = {
		"no_listener",
		"nothing listens on the destination's port: its RDMA CM answered that nobody serves that service ID (REJ reason 8; SIDR status 1 with --ps udp)",
		"start the service on the destination (or `rdma-route --listen`), or give --connect the port it listens on (`rdma resource show cm_id` there lists the listeners)"
	},
	[RR_CAUSE_REJECTED_BY_PEER] = {
		"rejected_by_peer",
		"the application listening on the destination refused the connection (reject reason 28, consumer reject)",
		"the listener chose to say no: see its log; the private data it sent with the reject (its length is in the error) may say why"
	},
	[RR_CAUSE_LISTENER_BUSY] = {
		"listener_busy",
		"the peer's rdma-route --listen refused the connection: the echo buffers of its connections already hold its bound of memory (the detail says how much)",
		"fewer probes with large --data at once (--parallel), smaller --data, or probe again later: the buffers go with their connections"
	},
	[RR_CAUSE_CONNECT_REJECTED] = {
		"connect_rejected",
		"the destination's RDMA CM rejected the connection request",
		"the reject reason names what it refused (an MTU, P_Key, SL or its resources): compare both ends' settings"
	},
	[RR_CAUSE_CONNECT_TIMEOUT] = {
		"connect_timeout",
		"the connection request got no answer: the route resolved, but nothing came back",
		"the peer is down or its RDMA CM does not answer; on RoCE v2 UDP port 4791 may be filtered on the way (a firewall or ACL); a P_Key or VLAN mismatch drops the request too: probe the other way from the peer"
	},
	[RR_CAUSE_CONNECT_UNREACHABLE] = {
		"connect_unreachable",
		"the destination's RDMA CM could not be reached for the connection",
		"check that the peer is up and its RDMA device and port are active (`rdma link` there); the status says what the kernel saw"
	},
	[RR_CAUSE_CONNECT_ERROR] = {
		"connect_error",
		"the connection failed while it was being set up (CONNECT_ERROR)",
		"the QPs could not be brought up or the peer's answer was bad: check dmesg on both ends"
	},
	[RR_CAUSE_NO_ROCE_ENDPOINT] = {
		"no_roce_endpoint",
		"no RoCE v2 endpoint at the peer: the connection request got no answer, and a plain UDP datagram to its port 4791 brought back ICMP port unreachable",
		"the address answers, but no RDMA device serves RoCE v2 on it: check `rdma link` there (a RoCE driver not loaded, Soft-RoCE not added on that interface), or that this is the host you meant"
	},
	[RR_CAUSE_ROCE_FILTERED] = {
		"roce_filtered",
		"RoCE v2 filtered, by the peer's own word: its witness answers, says an RDMA device there holds this address, and says none of the requests reached that device (its receive counters did not move): a firewall at the peer or an ACL on the way drops UDP 4791",
		"check the peer's rules (`nft list ruleset`, `iptables -L`) and the switches' ACLs for UDP port 4791"
	},
	[RR_CAUSE_ROCE_UNANSWERED] = {
		"roce_unanswered",
		"RoCE gets no answer at the peer, which answers IP: its RDMA CM answered no request, not even one to a service ID nobody serves; the evidence cannot tell which of these it is: RoCE v2 (UDP 4791) filtered on the way or at the peer, no RDMA device (or no GID) for this address at the peer, or the peer's RDMA CM silent",
		"run `rdma-route --listen` on the peer: its witness tells these apart (which GID holds the address, whether the requests reach its device); or check there: `rdma link`, `nft list ruleset`, dmesg"
	},
	[RR_CAUSE_PEER_DOWN] = {
		"peer_down",
		"the peer answers nothing, not even ARP or ND asked again now (a cached neighbour entry is no answer): it is down, or its link is",
		"check the peer's host and its interface (`ip link` there: DOWN or NO-CARRIER), the cable and the switch port; `ip neigh` here may still show the old entry for a while"
	},
	[RR_CAUSE_PEER_UNREACHABLE] = {
		"peer_unreachable",
		"nothing answers at the peer's address, and its neighbour could not be asked again (no CAP_NET_RAW) or is a gateway: the peer is down, or cut off at layer 2 (a VLAN on one side only)",
		"check the peer's host and link; run as root (CAP_NET_RAW) so that ARP or ND is asked again, which tells a peer that is down from one on another VLAN"
	},
	[RR_CAUSE_VLAN_MISMATCH] = {
		"vlan_mismatch",
		"a VLAN or layer-2 mismatch: the peer answers ARP or ND but nothing above it, or its witness says the address is on a VLAN this side is not on; its answers go out where they never arrive (tagged at one end, untagged at the other, or two VLAN IDs), unless a firewall there drops all of this host's IP",
		"compare `ip -d link show` at both ends: the address must be on interfaces of the same VLAN ID (or untagged at both), and the switch ports must carry that VLAN"
	},
	[RR_CAUSE_LISTENER_STUCK] = {
		"listener_stuck",
		"the peer's RDMA CM answers (it rejected a request to another service ID at once), but nothing answers the port asked: the application listening there is stuck (stopped, hung, or too busy to take its connection requests)",
		"check the application on the peer (`ps -o stat` shows T when stopped; `rdma resource show cm_id` there shows its listening id); rdma-route --listen's witness says whether its process still answers"
	},
	[RR_CAUSE_PEER_CM_SILENT] = {
		"peer_cm_silent",
		"the requests reach the peer's RDMA device, by its own word (its witness says its CM's request counter grew while they were sent), yet no answer of its RDMA CM comes back, not even to a service ID nobody serves: its RDMA CM is stuck, or its answers are lost on the way back",
		"check dmesg on the peer and `rdma resource show cm_id` there, and its outgoing firewall rules for UDP 4791; Soft-RoCE has been seen stuck so after a link flap, and reloading its driver (rdma_rxe) brought it back"
	},
	[RR_CAUSE_PEER_NO_RDMA_DEVICE] = {
		"peer_no_rdma_device",
		"no RDMA device at the peer holds this address, by its own word: its witness says no GID of its ports holds it (no RDMA device on that interface, the device removed, or the address moved)",
		"check `rdma link` and the GID tables (`ibv_devinfo -v`) on the peer; add or bring back the RDMA device of the interface that holds the address (Soft-RoCE: `rdma link add NAME type rxe netdev IFACE`)"
	},
	[RR_CAUSE_DSCP_DROPPED] = {
		"dscp_dropped",
		"requests with this ToS get no answer and the same request with ToS 0 does: something at the peer or on the way drops packets of this DSCP (a firewall rule, a QoS policy, a switch ACL)",
		"compare the ToS used (tos and tos_from in the result: --tos, or the port's configfs default_roce_tos) with --tos 0; check the peer's firewall for dscp rules and the switches' QoS and ACLs"
	},
	[RR_CAUSE_MTU_BLACK_HOLE] = {
		"mtu_black_hole",
		"an MTU black hole: smaller messages came back on this connection, but packets of this size do not get through one way (the detail says which), though the connection is up; something has a smaller MTU than the path (a switch port, a tunnel, a hop, or the peer's own interface) and drops full-size packets without a word",
		"compare the MTUs along the path with the path MTU in the detail (`ip link` on both hosts, the switch ports' MTU and the jumbo-frame settings, any VXLAN or GRE hop): each must carry the path MTU plus the RoCE headers (some 70 bytes), or set a smaller MTU on the hosts' interfaces"
	},
	[RR_CAUSE_DATA_NO_ACK] = {
		"data_no_ack",
		"the data was never acknowledged: the connection came up, then the peer stopped answering (its interface down, a cable pulled, the host gone) or the path drops RoCE data packets",
		"check the peer's interface and host (`ip link`, `rdma link` there) and the link between; probe again: a resolve or connect failure then says which"
	},
	[RR_CAUSE_NO_ECHO] = {
		"no_echo",
		"the peer took the messages but sent none back: it is not rdma-route --listen (rping, cmtime and ucmatose do not echo), or it posted no receive for them",
		"run `rdma-route --listen` on the peer for --data, or probe this peer with --connect alone"
	},
	[RR_CAUSE_PEER_DISCONNECTED] = {
		"peer_disconnected",
		"the peer disconnected while messages were on their way: its application ended or closed the connection (a listener killed, restarted, or its hold time over)",
		"check the peer's application (is rdma-route --listen still running there? its record of this connection says how it ended)"
	},
	[RR_CAUSE_ECHO_CORRUPTED] = {
		"echo_corrupted",
		"the echo came back, but not as the message went: another length, or bytes that differ (the detail says where); the peer, its application or the path changed it",
		"the peer is meant to send each message back as it came (rdma-route --listen does): check its application; if it is rdma-route --listen, suspect the memory or the NIC of either end (dmesg, the device's error counters)"
	},
	[RR_CAUSE_ECHO_LOST] = {
		"echo_lost",
		"the peer took the message (acknowledged it) and its REP says it echoes messages of this size, yet its echo of one packet did not come back by the deadline: lost on the way back (a filter or a hop dropping the peer's packets toward here), the peer's application stopped after taking it, or the peer does not echo as its REP says",
		"check the peer's application: rdma-route --listen's record of this connection says how many it echoed (what is not rdma-route --listen may say it echoes and not); then the way back: the peer's outgoing firewall rules and the switches' ACLs for UDP 4791 toward this host; probe the other way from the peer"
	},
	[RR_CAUSE_TRANSFER_TOO_SLOW] = {
		"transfer_too_slow",
		"the messages were still on their way at the deadline: the transfer is too slow for --timeout (behind other probes' data, a busy peer or wire), not a black hole nor a peer that does not echo",
		"lower --parallel (probes send their data one at a time: the last of many waits for the others), send smaller --data, or raise --timeout"
	},
	[RR_CAUSE_TRANSFER_FAILED] = {
		"transfer_failed",
		"a message failed with an error of its work completion (wc_status)",
		"see wc_status; dmesg on both ends may say more"
	},
	[RR_CAUSE_UNKNOWN] = {
		"unknown",
		"the step failed for a reason rdma-route does not recognise",
		"see the errno and the event above; dmesg may say more"
	},
};

static enum rr_cause classify_call(const struct rr_cause_input *in)
{
	/* The resolver's own codes: errno says nothing there. */
	if (in->step == RR_STEP_LOOKUP)
		return in->err == ETIMEDOUT ? RR_CAUSE_NAME_TIMEOUT :
					      RR_CAUSE_NAME_UNKNOWN;

	/*
	 * EACCES opening /dev/infiniband/rdma_cm is a permission; from
	 * rdma_resolve_addr it is the route lookup's: a prohibit route.
	 */
	if (in->step == RR_STEP_RESOLVE_ADDR && in->err == EACCES)
		return RR_CAUSE_ROUTE_PROHIBITED;
	switch (in->err) {
	case EACCES:
	case EPERM:
		return RR_CAUSE_PERMISSION;
	case ENOMEM:
	case ENOBUFS:
		return RR_CAUSE_OUT_OF_RESOURCES;
	}

	switch (in->step) {
	case RR_STEP_CREATE_ID:
		if (in->err == ENODEV || in->err == ENOENT ||
		    in->err == ENOSYS || in->err == ENXIO)
			return RR_CAUSE_NO_RDMA_CM;
		break;
	case RR_STEP_BIND_ADDR:
		if (in->err == EADDRNOTAVAIL || in->err == ENODEV)
			return RR_CAUSE_SRC_NOT_LOCAL;
		break;
	case RR_STEP_RESOLVE_ADDR:
		if (in->err == ENETUNREACH)
			return RR_CAUSE_NO_ROUTE;
		if (in->err == EHOSTUNREACH)
			return RR_CAUSE_HOST_UNREACHABLE;
		if (in->err == EADDRNOTAVAIL)
			return RR_CAUSE_SRC_NOT_LOCAL;
		if (in->err == ENODEV)
			return RR_CAUSE_NOT_RDMA_NETDEV;
		break;
	case RR_STEP_RESOLVE_ROUTE:
		/* The kernel found no RDMA device for a resolved address. */
		if (in->err == ENODEV)
			return RR_CAUSE_NOT_RDMA_ADDRESS;
		/* InfiniBand: the port knows no SM to ask yet. */
		if (in->err == EAGAIN || in->err == ENODATA)
			return RR_CAUSE_NO_SM;
		break;
	default:
		break;	/* lookup and the SA steps classify their own */
	}
	if (in->err == EINVAL || in->err == EAFNOSUPPORT)
		return RR_CAUSE_BAD_ADDRESS;
	return RR_CAUSE_UNKNOWN;
}

static enum rr_cause classify_event(const struct rr_cause_input *in)
{
	/* Whatever step was waiting: the device or the address is gone. */
	if (in->event == RDMA_CM_EVENT_DEVICE_REMOVAL)
		return RR_CAUSE_DEVICE_REMOVED;
	if (in->event == RDMA_CM_EVENT_ADDR_CHANGE)
		return RR_CAUSE_ADDR_CHANGED;
	if (in->event == RDMA_CM_EVENT_ADDR_ERROR) {
		switch (in->err) {
		case ENODEV:
			return RR_CAUSE_NOT_RDMA_NETDEV;
		case ETIMEDOUT:
			return RR_CAUSE_NEIGH_TIMEOUT;
		case ENETUNREACH:
			return RR_CAUSE_NO_ROUTE;
		case EHOSTUNREACH:
			return RR_CAUSE_HOST_UNREACHABLE;
		case EADDRNOTAVAIL:
			return RR_CAUSE_SRC_NOT_LOCAL;
		}
	}
	if (in->event == RDMA_CM_EVENT_ROUTE_ERROR) {
		if (in->err == ETIMEDOUT)
			return RR_CAUSE_ROUTE_TIMEOUT;
		/* On InfiniBand the kernel asked the SA, which said no. */
		if (in->err == EINVAL)
			return RR_CAUSE_SA_REJECTED;
		if (in->err == EIO || in->err == EINTR)
			return RR_CAUSE_SA_QUERY_FAILED;
		if (in->err == ENODEV)
			return RR_CAUSE_NOT_RDMA_ADDRESS;
		if (in->err == ENETUNREACH)
			return RR_CAUSE_NO_ROUTE;
	}
	if (in->event == RDMA_CM_EVENT_REJECTED) {
		/* The reason is in the status: the caller passes it as err 0. */
		if (in->status == 8)
			return RR_CAUSE_NO_LISTENER;
		if (in->status == 28)
			return RR_CAUSE_REJECTED_BY_PEER;
		return RR_CAUSE_CONNECT_REJECTED;
	}
	/* SIDR (--ps udp): a positive status is the SIDR REP's. */
	if (in->event == RDMA_CM_EVENT_UNREACHABLE && in->status > 0)
		return in->status == 1 ? RR_CAUSE_NO_LISTENER :
					 RR_CAUSE_CONNECT_REJECTED;
	if (in->event == RDMA_CM_EVENT_UNREACHABLE)
		return in->err == ETIMEDOUT ? RR_CAUSE_CONNECT_TIMEOUT :
					      RR_CAUSE_CONNECT_UNREACHABLE;
	if (in->event == RDMA_CM_EVENT_CONNECT_ERROR)
		return RR_CAUSE_CONNECT_ERROR;
	/* The peer's DREQ while the messages were out. */
	if (in->event == RDMA_CM_EVENT_DISCONNECTED &&
	    in->step == RR_STEP_TRANSFER)
		return RR_CAUSE_PEER_DISCONNECTED;
	if (in->err == ENOMEM)
		return RR_CAUSE_OUT_OF_RESOURCES;
	return RR_CAUSE_UNKNOWN;
}

static const char *const udp_keys[] = {
	[RR_UDP_NO_ANSWER] = "no_answer",
	[RR_UDP_PORT_UNREACHABLE] = "port_unreachable",
	[RR_UDP_HOST_UNREACHABLE] = "host_unreachable",
	[RR_UDP_OTHER_ERROR] = "other_error",
};

const char *rr_udp_answer_key(enum rr_udp_answer udp)
{
	if ((unsigned int)udp >= ARRAY_SIZE(udp_keys))
		return NULL;
	return udp_keys[udp];
}

enum rr_udp_answer rr_udp_answer_from_key(const char *key)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(udp_keys); i++)
		if (udp_keys[i] && !strcmp(udp_keys[i], key))
			return i;
	return RR_UDP_NOT_SENT;
}

bool rr_event_status_is_reason(int event)
{
	/* A REJ's reason; an unsuccessful SIDR REP's status (--ps udp). */
	return event == RDMA_CM_EVENT_REJECTED ||
	       event == RDMA_CM_EVENT_UNREACHABLE;
}

const char *rr_sidr_status_str(int status)
{
	/* IBTA 1.x, table 12.11.2: the SIDR REP's Status field. */
	static const char *const statuses[] = {
		[1] = "service ID not supported",
		[2] = "rejected by the service provider",
		[3] = "no QP available",
		[4] = "redirect",
		[5] = "unsupported class version",
	};

	if (status <= 0 || (size_t)status >= sizeof(statuses) / sizeof(statuses[0]))
		return NULL;
	return statuses[status];
}

const char *rr_reject_reason_str(int reason)
{
	/* IBTA 1.x, table 12.6.7.2: the REJ message's Reason field. */
	static const char *const reasons[] = {
		[1] = "no QP available",
		[2] = "no EEC available",
		[3] = "no resources available",
		[4] = "timeout",
		[5] = "unsupported request",
		[6] = "invalid communication ID",
		[7] = "invalid communication instance",
		[8] = "invalid service ID",
		[9] = "invalid transport service type",
		[10] = "stale connection",
		[11] = "RDC does not exist",
		[12] = "invalid GID",
		[13] = "invalid LID",
		[14] = "invalid SL",
		[15] = "invalid traffic class",
		[16] = "invalid hop limit",
		[17] = "invalid packet rate",
		[18] = "invalid alternate GID",
		[19] = "invalid alternate LID",
		[20] = "invalid alternate SL",
		[21] = "invalid alternate traffic class",
		[22] = "invalid alternate hop limit",
		[23] = "invalid alternate packet rate",
		[24] = "port CM redirect",
		[25] = "port redirect",
		[26] = "invalid path MTU",
		[27] = "insufficient responder resources",
		[28] = "consumer reject",
		[29] = "invalid RNR NAK retry count",
		[30] = "duplicate local communication ID",
		[31] = "invalid class version",
		[32] = "invalid flow label",
		[33] = "invalid alternate flow label",
	};

	if (reason <= 0 || (size_t)reason >= sizeof(reasons) / sizeof(reasons[0]))
		return NULL;
	return reasons[reason];
}

enum rr_cause rr_classify(const struct rr_cause_input *in)
{
	switch (in->kind) {
	case RR_FAIL_NONE:
		return RR_CAUSE_NONE;
	case RR_FAIL_DEADLINE:
		/* The kernel's REQ retries outlast the tool's deadline. */
		if (in->step == RR_STEP_CONNECT)
			return RR_CAUSE_CONNECT_TIMEOUT;
		return in->step == RR_STEP_LOOKUP ? RR_CAUSE_NAME_TIMEOUT :
						    RR_CAUSE_NO_EVENT;
	case RR_FAIL_EVENT:
		return classify_event(in);
	default:
		return classify_call(in);
	}
}

static const struct cause_desc *desc(enum rr_cause cause)
{
	if ((unsigned int)cause >= RR_CAUSE_COUNT)
		cause = RR_CAUSE_UNKNOWN;
	return &causes[cause];
}

const char *rr_cause_key(enum rr_cause cause)
{
	return desc(cause)->key;
}

enum rr_cause rr_cause_from_key(const char *key)
{
	int c;

	for (c = RR_CAUSE_NONE + 1; key && c < RR_CAUSE_COUNT; c++)
		if (!strcmp(causes[c].key, key))
			return c;
	return RR_CAUSE_UNKNOWN;
}

const char *rr_cause_summary(enum rr_cause cause)
{
	return desc(cause)->summary;
}

static const char *dead_end_hint(enum rr_cause sa_cause, bool sa_paths)
{
	switch (sa_cause) {
	case RR_CAUSE_DEST_UNKNOWN:
		return "the SA knows no port with that LID either: at its last sweep the SM found none there and took the LID out of the switches' tables (the port's cable, HCA or node down, or a LID never given): check the port (`ibstat` on its host, `iblinkinfo`) and the SM's log";
	case RR_CAUSE_SA_TIMEOUT:
	case RR_CAUSE_NO_SM:
		return "the SM did not answer: with none running, no sweep routes a port that came up since, nor reroutes one that moved: start it, or find why it hangs (`sminfo`), then let it sweep";
	case RR_CAUSE_NONE:
		if (sa_paths)
			return "the SA gave a path to that LID, yet this switch has no entry for it: the SM has not written this switch's table since (a sweep under way, a table it could not write, one set by hand): check `ibroute SWITCH-LID` and the SM's log, and make it sweep again";
		/* fall through */
	default:
		return NULL;
	}
}

static const char *link_down_hint(enum rr_cause sa_cause)
{
	switch (sa_cause) {
	case RR_CAUSE_SA_TIMEOUT:
	case RR_CAUSE_NO_SM:
		return "the SM did not answer: with none running, nothing reroutes around this link; check the cable and both ports (`ibportstate`, `iblinkinfo`), and start the SM or find why it hangs (`sminfo`)";
	case RR_CAUSE_NONE:
		return "the SM answers, yet the route still leaves by a link that is down: it has not swept since the link went down (or cannot route around it); check the cable and both ports (`ibportstate`, `iblinkinfo`) and the SM's log";
	default:
		return NULL;
	}
}

const char *rr_name_beyond_hint(void)
{
	return "the name is not in the fabric discovered from this port, though the SA still knows its LID: not reachable from here, down or cut off? the route ends where the walk says: check that link and the node (`iblinkinfo`, `ibportstate`)";
}

const char *rr_trace_hint(enum rr_cause cause, enum rr_cause sa_cause,
			  bool sa_paths)
{
	const char *h = NULL;

	if (cause == RR_CAUSE_ROUTE_DEAD_END)
		h = dead_end_hint(sa_cause, sa_paths);
	else if (cause == RR_CAUSE_ROUTE_LINK_DOWN)
		h = link_down_hint(sa_cause);
	return h ? h : rr_cause_hint(cause);
}

const char *rr_cause_hint(enum rr_cause cause)
{
	return desc(cause)->hint;
}

bool rr_cause_is_host_level(enum rr_cause cause)
{
	return cause == RR_CAUSE_NO_RDMA_CM ||
	       cause == RR_CAUSE_NO_RDMA_LIBRARY ||
	       cause == RR_CAUSE_PERMISSION ||
	       cause == RR_CAUSE_NO_MAD_LIBRARY || cause == RR_CAUSE_NO_UMAD ||
	       cause == RR_CAUSE_UMAD_PERMISSION;
}
