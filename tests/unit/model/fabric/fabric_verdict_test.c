// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of src/model/fabric/fabric_verdict.c: the findings' default
 * severities, --severity's argument read and refused, the verdict and its
 * worst finding, and rdma-route(8)'s VERDICT table kept the code's.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "model/fabric/fabric_verdict.h"
#include "../../tap.h"

#ifndef RR_SRCDIR
#error "RR_SRCDIR: the source tree"
#endif

static void count(struct rr_fabric_counts *c, enum rr_fabric_count k,
		  uint64_t v)
{
	c->v[k] = v;
	c->known[k] = true;
}

static void defaults(void)
{
	struct rr_severities s;
	size_t i;
	bool once = true;

	rr_severities_default(&s);
	is_int(s.of[RR_FC_SM_SILENT], RR_SEV_FAULT, "no SM: a fault by default");
	is_int(s.of[RR_FC_CREDIT_LOOPS], RR_SEV_FAULT, "credit loops: a fault");
	is_int(s.of[RR_FC_LINKS_DEGRADED], RR_SEV_FAULT, "a degraded link: a fault");
	is_int(s.of[RR_FC_ROUTES_MOVED], RR_SEV_WARNING, "routes moved: a warning");
	is_int(s.of[RR_FC_PORTS], RR_SEV_NONE, "ports: a figure, no finding");
	is_int(s.of[RR_FC_STOPPED], RR_SEV_FAULT, "a run cut short: a fault");
	ok(rr_finding_defs[0].count == RR_FC_STOPPED,
	   "a run cut short first: its other findings are partial");
	is_int(s.of[RR_FC_LOAD_MAX], RR_SEV_NONE, "load_max: a figure, no finding");
	/* Each count a finding once: the order picks the worst. */
	for (i = 0; i < rr_num_findings; i++)
		for (size_t k = i + 1; k < rr_num_findings; k++)
			once = once && rr_finding_defs[i].count != rr_finding_defs[k].count;
	ok(once, "each finding once in the table (%zu)", rr_num_findings);
}

/* Arguments --severity refuses, and why. */
static const struct {
	const char *arg, *why;
} refused[] = {
	{ "ports=fault", "'ports' is no finding (rdma-route(8), VERDICT)" },
	{ "credit_loops=Fault", "'Fault' is no level: want fault, warning or none" },
	{ "credit_loops", "'credit_loops' is not FINDING=LEVEL" },
	{ "credit_loops=fault,", "'' is not FINDING=LEVEL" },
	{ "=fault", "'' is no finding (rdma-route(8), VERDICT)" },
	{ "credit_loops=", "'' is no level: want fault, warning or none" },
	{ "credit_loops_x=fault", "'credit_loops_x' is no finding (rdma-route(8), VERDICT)" },
	{ "credit_loop=fault", "'credit_loop' is no finding (rdma-route(8), VERDICT)" },
	{ "stopped=warning", "'stopped' is always a fault: a run cut short has not judged the whole fabric" },
	{ "links_hot=none,stopped=none", "'stopped' is always a fault: a run cut short has not judged the whole fabric" },
};

static void parse(void)
{
	struct rr_severities s;
	char why[160];

	rr_severities_default(&s);
	ok(rr_severities_parse(&s, "sm_silent=warning,routes_moved=fault", why,
			       sizeof(why)), "a list of two read");
	is_int(s.of[RR_FC_SM_SILENT], RR_SEV_WARNING, "sm_silent now a warning");
	is_int(s.of[RR_FC_ROUTES_MOVED], RR_SEV_FAULT, "routes_moved now a fault");
	ok(rr_severities_parse(&s, "links_hot=none", why, sizeof(why)),
	   "none read");
	is_int(s.of[RR_FC_LINKS_HOT], RR_SEV_NONE, "links_hot now none");
	for (size_t k = 0; k < sizeof(refused) / sizeof(refused[0]); k++) {
		ok(!rr_severities_parse(&s, refused[k].arg, why, sizeof(why)),
		   "'%s' refused", refused[k].arg);
		is_str(why, refused[k].why, "its reason");
	}
	ok(!rr_severities_parse(&s, "x\x1b[31m=fault", why, sizeof(why)) &&
	   !strchr(why, '\x1b'), "a control byte shown escaped: %s", why);
}

static void verdicts(void)
{
	struct rr_fabric_counts c;
	struct rr_severities s;
	struct rr_fabric_verdict v;

	rr_severities_default(&s);
	memset(&c, 0, sizeof(c));
	count(&c, RR_FC_PORTS, 6);
	count(&c, RR_FC_FAILED, 0);
	count(&c, RR_FC_ASYMMETRIC_PAIRS, 4);
	rr_fabric_judge(&c, &s, &v);
	ok(v.worst == RR_SEV_NONE && v.worst_count == -1 && !v.faults &&
	   !v.warnings, "nothing wrong: ok, a finding of severity none not weighed");

	count(&c, RR_FC_LINKS_HOT, 2);
	rr_fabric_judge(&c, &s, &v);
	ok(v.worst == RR_SEV_WARNING && v.worst_count == RR_FC_LINKS_HOT &&
	   v.warnings == 1 && !v.faults, "a hot link: a warning");

	count(&c, RR_FC_CREDIT_LOOPS, 3);
	count(&c, RR_FC_SM_SILENT, 1);
	rr_fabric_judge(&c, &s, &v);
	ok(v.worst == RR_SEV_FAULT && v.worst_count == RR_FC_SM_SILENT &&
	   v.faults == 2 && v.warnings == 1,
	   "no SM and loops: two faults, the SM first in the table's order");

	c.known[RR_FC_SM_SILENT] = false;
	rr_fabric_judge(&c, &s, &v);
	ok(v.worst_count == RR_FC_CREDIT_LOOPS && v.faults == 1,
	   "a count not counted this run is no finding");

	rr_severities_parse(&s, "credit_loops=warning", NULL, 0);
	rr_fabric_judge(&c, &s, &v);
	ok(v.worst == RR_SEV_WARNING && v.worst_count == RR_FC_CREDIT_LOOPS &&
	   v.warnings == 2 && !v.faults,
	   "loops made a warning: the first warning in the table's order (loops before hot links) is the worst");

	rr_severities_parse(&s, "credit_loops=none,links_hot=none", NULL, 0);
	count(&c, RR_FC_STOPPED, 0);
	rr_fabric_judge(&c, &s, &v);
	ok(v.worst == RR_SEV_NONE, "nothing weighed, a run whole: ok");
	count(&c, RR_FC_STOPPED, 1);
	rr_fabric_judge(&c, &s, &v);
	ok(v.worst == RR_SEV_FAULT && v.worst_count == RR_FC_STOPPED &&
	   v.faults == 1, "the same run cut short: a fault, never ok");
}

/*
 * rdma-route(8)'s VERDICT: its ".B" lines are the findings in the table's
 * order, "NAME (LEVEL)", each followed by the words the summary says.
 */
static void man_page(void)
{
	FILE *f = fopen(RR_SRCDIR "/man/rdma-route.8", "r");
	char line[512], want[256], says[256];
	unsigned int row = 0, bad = 0;
	bool in = false, next_says = false;
	const struct rr_finding_def *d;

	while (f && fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (!strncmp(line, ".SH ", 4))
			in = !strcmp(line, ".SH VERDICT");
		if (!in)
			continue;
		if (next_says) {
			next_says = false;
			d = &rr_finding_defs[row - 1];
			snprintf(says, sizeof(says), "%s.", d->says);
			says[0] = (char)toupper((unsigned char)says[0]);
			if (strcmp(line, says)) {
				printf("# man row %u says '%s', the table '%s'\n",
				       row, line, says);
				bad++;
			}
			continue;
		}
		if (strncmp(line, ".B ", 3))
			continue;
		if (row >= rr_num_findings) {
			bad++;
			break;
		}
		d = &rr_finding_defs[row++];
		snprintf(want, sizeof(want), ".B %s (%s)",
			 rr_fabric_count_defs[d->count].name,
			 rr_severity_name(d->severity));
		if (strcmp(line, want)) {
			printf("# man row %u: '%s', the table's: '%s'\n", row,
			       line, want);
			bad++;
		}
		next_says = true;
	}
	if (f)
		fclose(f);
	ok(row == rr_num_findings && !bad,
	   "rdma-route(8)'s VERDICT is the code's, row by row (%u)", row);
}

int main(void)
{
	defaults();
	parse();
	verdicts();
	man_page();
	return tap_done();
}
