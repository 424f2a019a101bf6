// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * src/model/fabric/fabric_stop.c: the phases cut short of a run of
 * --sa --trace --all-pairs, said in words (what stopped each, how far it
 * went), one stop by a signal at most, every phase past its bound.
 */
#include <signal.h>
#include <string.h>

#include "model/fabric/fabric_stop.h"
#include "../../tap.h"

static void words(void)
{
	struct rr_fabric_cut c = {
		.phase = RR_PHASE_PROBES, .signal = SIGINT, .done = 3,
		.planned = 2000, .bound_ms = 900000,
	};
	char buf[256], by[24];

	rr_fabric_cut_text(&c, buf, sizeof(buf));
	is_str(buf, "SIGINT while probing: 3 of 2000 rounds sent",
	       "a stop while probing");
	is_str(rr_fabric_cut_by(&c, by, sizeof(by)), "SIGINT", "by SIGINT");
	c = (struct rr_fabric_cut){ .phase = RR_PHASE_TABLES, .done = 30,
				    .planned = 48, .bound_ms = 1250 };
	rr_fabric_cut_text(&c, buf, sizeof(buf));
	is_str(buf, "reading the forwarding tables reached its bound (1.2 s): 30 of 48 blocks asked",
	       "a phase past its bound");
	is_str(rr_fabric_cut_by(&c, by, sizeof(by)), "deadline", "by its deadline");
	c = (struct rr_fabric_cut){ .phase = RR_PHASE_WALK, .signal = SIGTERM };
	rr_fabric_cut_text(&c, buf, sizeof(buf));
	is_str(buf, "SIGTERM before walking the routes",
	       "a stop heard before a phase began");
	c.signal = SIGHUP;
	is_str(rr_fabric_cut_by(&c, by, sizeof(by)), "signal 1", "another signal by number");
	is_str(rr_fabric_phase_key(RR_PHASE_COUNTERS_AFTER), "counters_after",
	       "the phases' keys");
	is_str(rr_fabric_phase_key(RR_PHASE_NUM), "?", "no phase");
}

static void stops(void)
{
	struct rr_fabric_stops s;

	memset(&s, 0, sizeof(s));
	ok(!rr_fabric_stops_signalled(&s), "none yet");
	ok(rr_fabric_stops_add(&s, RR_PHASE_TABLES, 0, 30, 48, 1200) &&
	   rr_fabric_stops_add(&s, RR_PHASE_COUNTERS_BEFORE, 0, 10, 192, 9000),
	   "each phase past its bound recorded");
	ok(!rr_fabric_stops_signalled(&s), "bounds are no signal");
	ok(rr_fabric_stops_add(&s, RR_PHASE_PROBES, SIGINT, 3, 20, 900),
	   "a stop recorded");
	ok(!rr_fabric_stops_add(&s, RR_PHASE_COUNTERS_AFTER, SIGINT, 0, 0, 0),
	   "a second stop is the same one: not recorded");
	is_int(s.n, 3, "three phases cut");
	ok(rr_fabric_stops_signalled(&s) && s.cut[2].phase == RR_PHASE_PROBES,
	   "the stop's phase kept");
}

int main(void)
{
	words();
	stops();
	return tap_done();
}
