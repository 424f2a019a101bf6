// SPDX-License-Identifier: GPL-2.0-or-later
#include <signal.h>
#include <stdio.h>

#include "model/fabric/fabric_stop.h"

static const struct {
	const char *key, *doing, *unit;
} phases[RR_PHASE_NUM] = {
	[RR_PHASE_DISCOVERY] = { "discovery", "discovering the fabric", "steps" },
	[RR_PHASE_TABLES] = { "tables", "reading the forwarding tables",
			      "blocks asked" },
	[RR_PHASE_SM] = { "sm", "asking the SM", "MADs" },
	[RR_PHASE_UNSEEN] = { "unseen", "asking the SA for the LIDs unseen",
			      "LIDs asked" },
	[RR_PHASE_LINKS_LOST] = { "links_lost",
				  "reading the counters of the ports without a link",
				  "ports asked" },
	[RR_PHASE_WALK] = { "walk", "walking the routes", "pairs walked" },
	[RR_PHASE_PATH_SL] = { "path_sl", "asking the SA for the pairs' SLs",
			       "pairs asked" },
	[RR_PHASE_SL2VL] = { "sl2vl", "reading the SLtoVL tables",
			     "tables asked" },
	[RR_PHASE_COUNTERS_BEFORE] = { "counters_before",
				       "reading the cables' counters before probing",
				       "ends read" },
	[RR_PHASE_PROBES] = { "probes", "probing", "rounds sent" },
	[RR_PHASE_COUNTERS_AFTER] = { "counters_after",
				      "reading the cables' counters after probing",
				      "ends read" },
};

const char *rr_fabric_phase_key(enum rr_fabric_phase p)
{
	return (unsigned int)p < RR_PHASE_NUM ? phases[p].key : "?";
}

const char *rr_fabric_phase_unit(enum rr_fabric_phase p)
{
	return (unsigned int)p < RR_PHASE_NUM ? phases[p].unit : "?";
}

bool rr_fabric_stops_signalled(const struct rr_fabric_stops *s)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (s->cut[i].signal)
			return true;
	return false;
}

bool rr_fabric_stops_add(struct rr_fabric_stops *s, enum rr_fabric_phase phase,
			 int signal, uint64_t done, uint64_t planned,
			 uint64_t bound_ms)
{
	if (s->n == RR_PHASE_NUM || (signal && rr_fabric_stops_signalled(s)))
		return false;
	s->cut[s->n++] = (struct rr_fabric_cut){
		.phase = phase, .signal = signal, .done = done,
		.planned = planned, .bound_ms = bound_ms,
	};
	return true;
}

const char *rr_fabric_cut_by(const struct rr_fabric_cut *c, char *buf,
			     size_t len)
{
	if (!c->signal)
		return "deadline";
	if (c->signal == SIGINT)
		return "SIGINT";
	if (c->signal == SIGTERM)
		return "SIGTERM";
	snprintf(buf, len, "signal %d", c->signal);
	return buf;
}

void rr_fabric_cut_text(const struct rr_fabric_cut *c, char *buf, size_t len)
{
	const char *doing = (unsigned int)c->phase < RR_PHASE_NUM ?
			    phases[c->phase].doing : "?";
	bool started = c->bound_ms || c->planned || c->done;
	char by[24], of[96] = "";

	if (c->planned)
		snprintf(of, sizeof(of), ": %llu of %llu %s",
			 (unsigned long long)c->done,
			 (unsigned long long)c->planned,
			 rr_fabric_phase_unit(c->phase));
	if (!c->signal)
		snprintf(buf, len, "%s reached its bound (%.1f s)%s", doing,
			 (double)c->bound_ms / 1000, of);
	else if (!started)
		snprintf(buf, len, "%s before %s",
			 rr_fabric_cut_by(c, by, sizeof(by)), doing);
	else
		snprintf(buf, len, "%s while %s%s",
			 rr_fabric_cut_by(c, by, sizeof(by)), doing, of);
}
