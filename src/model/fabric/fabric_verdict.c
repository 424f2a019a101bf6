// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdio.h>
#include <string.h>

#include "base/escape.h"
#include "model/fabric/fabric_verdict.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/*
 * Most serious first.  A run cut short has not judged the whole fabric.
 * A fault is what stops jobs or will: no SM to
 * reroute, ports or pairs cut off, routes that die, credit loops, a
 * cable lost, gone or running below what its ends can.  A warning is a
 * change or an imbalance a fabric can run with.
 */
const struct rr_finding_def rr_finding_defs[] = {
	/* First: the other findings of a run cut short are partial. */
	{ RR_FC_STOPPED, RR_SEV_FAULT,
	  "the run was cut short by a signal or a phase's bound" },
	{ RR_FC_SM_SILENT, RR_SEV_FAULT, "no SM answered" },
	{ RR_FC_PORTS_UNREACHABLE, RR_SEV_FAULT,
	  "CA ports seen before or by the SM are not reachable from here" },
	{ RR_FC_PORTS_GONE, RR_SEV_FAULT, "CA ports seen before lost their cable" },
	{ RR_FC_LIDS_UNSEEN, RR_SEV_FAULT,
	  "LIDs the forwarding tables route that no port seen from here holds" },
	{ RR_FC_PAIRS_UNCONNECTED, RR_SEV_FAULT, "pairs of ports no cables join" },
	{ RR_FC_FAILED, RR_SEV_FAULT, "routes that do not arrive" },
	{ RR_FC_CREDIT_LOOPS, RR_SEV_FAULT, "credit loops" },
	{ RR_FC_LINKS_GONE, RR_SEV_FAULT, "cables seen before are down" },
	{ RR_FC_LINKS_LOST, RR_SEV_FAULT, "switch ports whose link went down" },
	{ RR_FC_LINKS_DEGRADED, RR_SEV_FAULT, "cables below what their ends can" },
	{ RR_FC_SUSPECT_LINKS, RR_SEV_FAULT,
	  "cables that lose what crosses them or count errors" },
	{ RR_FC_CREDIT_LOOPS_NEW, RR_SEV_FAULT, "credit loops the run compared with had not" },
	{ RR_FC_TABLES_UNREAD, RR_SEV_WARNING, "forwarding tables not read whole" },
	{ RR_FC_MAPPED_UNSEEN, RR_SEV_WARNING,
	  "nodes the node-name map names that are not seen from here" },
	{ RR_FC_ROUTES_MOVED, RR_SEV_WARNING, "routes moved" },
	{ RR_FC_LINKS_HOT, RR_SEV_WARNING, "links carrying half again their fair share" },
	{ RR_FC_LONGER_THAN_FEWEST, RR_SEV_WARNING, "routes longer than the cables need" },
	{ RR_FC_ASYMMETRIC_PAIRS, RR_SEV_NONE, "pairs whose two directions part" },
	{ RR_FC_PORTS_NEW, RR_SEV_NONE, "CA ports new since the run compared with" },
	{ RR_FC_LINKS_NEW, RR_SEV_NONE, "cables new since the run compared with" },
};

const size_t rr_num_findings = ARRAY_SIZE(rr_finding_defs);

static const char *const level_names[] = {
	[RR_SEV_NONE] = "none",
	[RR_SEV_WARNING] = "warning",
	[RR_SEV_FAULT] = "fault",
};

const char *rr_severity_name(enum rr_severity v)
{
	return (unsigned int)v < ARRAY_SIZE(level_names) ? level_names[v] : "?";
}

void rr_severities_default(struct rr_severities *s)
{
	size_t i;

	memset(s, 0, sizeof(*s));
	for (i = 0; i < rr_num_findings; i++)
		s->of[rr_finding_defs[i].count] = rr_finding_defs[i].severity;
}

static const struct rr_finding_def *finding_named(const char *name, size_t n)
{
	const char *def;
	size_t i;

	for (i = 0; i < rr_num_findings; i++) {
		def = rr_fabric_count_defs[rr_finding_defs[i].count].name;
		if (strlen(def) == n && !strncmp(def, name, n))
			return &rr_finding_defs[i];
	}
	return NULL;
}

static int level_named(const char *name, size_t n)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(level_names); i++)
		if (strlen(level_names[i]) == n && !strncmp(level_names[i], name, n))
			return (int)i;
	return -1;
}

/* WHY: "'PART' (N bytes) WORDS", the part escaped as the terminal shows it. */
static bool refuse(const char *part, size_t n, const char *words, char *why,
		   size_t len)
{
	char copy[128], shown[256];

	snprintf(copy, sizeof(copy), "%.*s", (int)n, part);
	snprintf(why, len, "'%s' %s", rr_shown(copy, shown, sizeof(shown)),
		 words);
	return false;
}

/* One "FINDING=LEVEL" of N bytes at PART into S. */
static bool parse_part(struct rr_severities *s, const char *part, size_t n,
		       char *why, size_t len)
{
	const char *eq = memchr(part, '=', n);
	const struct rr_finding_def *f;
	size_t name_len;
	int level;

	if (!eq)
		return refuse(part, n, "is not FINDING=LEVEL", why, len);
	name_len = (size_t)(eq - part);
	f = finding_named(part, name_len);
	if (!f)
		return refuse(part, name_len, "is no finding (rdma-route(8), VERDICT)",
			      why, len);
	/* Its verdict is never ok: the fabric was not judged whole. */
	if (f->count == RR_FC_STOPPED)
		return refuse(part, name_len, "is always a fault: a run cut short has not judged the whole fabric",
			      why, len);
	level = level_named(eq + 1, n - name_len - 1);
	if (level < 0)
		return refuse(eq + 1, n - name_len - 1,
			      "is no level: want fault, warning or none", why, len);
	s->of[f->count] = (enum rr_severity)level;
	return true;
}

bool rr_severities_parse(struct rr_severities *s, const char *arg, char *why,
			 size_t len)
{
	const char *part = arg, *comma;
	size_t n;

	for (;;) {
		comma = strchr(part, ',');
		n = comma ? (size_t)(comma - part) : strlen(part);
		if (!parse_part(s, part, n, why, len))
			return false;
		if (!comma)
			return true;
		part = comma + 1;
	}
}

void rr_fabric_judge(const struct rr_fabric_counts *c,
		     const struct rr_severities *s, struct rr_fabric_verdict *v)
{
	enum rr_severity sev;
	size_t i;
	int k;

	memset(v, 0, sizeof(*v));
	v->worst_count = -1;
	for (i = 0; i < rr_num_findings; i++) {
		k = rr_finding_defs[i].count;
		sev = s->of[k];
		if (!c->known[k] || !c->v[k] || sev == RR_SEV_NONE)
			continue;
		if (sev == RR_SEV_FAULT)
			v->faults++;
		else
			v->warnings++;
		if (sev > v->worst) {
			v->worst = sev;
			v->worst_count = k;
		}
	}
}
