// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of src/model/fabric/link_blame.c: cables probed through a
 * tree (a line of three cables from the local port: C0, then C1 behind
 * it, then C2 behind C1; siblings hang off the root), each fault planted
 * in the evidence by hand, the blame read back.
 */
#include <stdlib.h>
#include <string.h>

#include "model/fabric/link_blame.h"
#include "../../tap.h"

/* A line of N cables, each answering ANSWERED of SENT, ends quiet. */
static void line(struct rr_link_evidence *ev, size_t n, unsigned int sent,
		 const unsigned int *answered)
{
	size_t i;

	memset(ev, 0, n * sizeof(*ev));
	for (i = 0; i < n; i++) {
		ev[i].near_port = 10 * i + 1;
		ev[i].far_port = 10 * i + 2;
		ev[i].parent = i ? i - 1 : RR_NO_PARENT;
		ev[i].sent = sent;
		ev[i].answered = answered[i];
		ev[i].near_read = ev[i].far_read = true;
	}
}

static size_t blame(const struct rr_link_evidence *ev, size_t n,
		    enum rr_link_verdict *v, struct rr_suspect **s)
{
	size_t num = 99;

	ok(rr_links_blame(ev, n, v, s, &num), "blamed (%zu cables)", n);
	return num;
}

static void healthy(void)
{
	static const unsigned int all[] = { 20, 20, 20 };
	struct rr_link_evidence ev[3];
	enum rr_link_verdict v[3];
	struct rr_suspect *s;

	line(ev, 3, 20, all);
	is_int(blame(ev, 3, v, &s), 0, "healthy: no suspect");
	ok(s == NULL, "healthy: nothing allocated");
	ok(v[0] == RR_LINK_CLEARED && v[1] == RR_LINK_CLEARED &&
	   v[2] == RR_LINK_CLEARED, "healthy: every cable cleared");
}

static void one_lost_is_noise(void)
{
	static const unsigned int one[] = { 20, 19, 19 };
	struct rr_link_evidence ev[3];
	enum rr_link_verdict v[3];
	struct rr_suspect *s;

	line(ev, 3, 20, one);
	is_int(blame(ev, 3, v, &s), 0, "one probe lost of 20: no suspect");
	is_int(v[1], RR_LINK_CLEARED, "one probe lost: cleared");
}

static void lossy_middle(void)
{
	/* C1 drops 30 %: C2's probes cross it and lose as much, no more. */
	static const unsigned int lossy[] = { 200, 140, 140 };
	struct rr_link_evidence ev[3];
	enum rr_link_verdict v[3];
	struct rr_suspect *s;

	line(ev, 3, 200, lossy);
	is_int(blame(ev, 3, v, &s), 1, "lossy C1: one suspect");
	is_int(s[0].link, 1, "lossy C1: it");
	is_int(s[0].why, RR_BLAME_LOSS, "lossy C1: by its loss");
	is_int(s[0].end, RR_BLAME_EITHER, "lossy C1, quiet counters: either end");
	ok(s[0].loss > 0.29 && s[0].loss < 0.31, "lossy C1: loss 0.30 (%.3f)",
	   s[0].loss);
	ok(s[0].loss_low > 0.15 && s[0].loss_low < s[0].loss,
	   "lossy C1: its lower bound below it, well above 0 (%.3f)", s[0].loss_low);
	is_int(v[0], RR_LINK_CLEARED, "lossy C1: C0 before it cleared");
	is_int(v[2], RR_LINK_CLEARED, "lossy C1: C2 behind it cleared");
	free(s);

	/* The receiving end counted what it dropped: that end. */
	ev[1].far_errors = 61;
	is_int(blame(ev, 3, v, &s), 1, "lossy C1, far end counting: one suspect");
	is_int(s[0].end, RR_BLAME_FAR, "far end counting: the far end");
	is_int(s[0].why, RR_BLAME_LOSS_COUNTERS, "far end counting: loss and counters");
	is_int((long long)s[0].errors, 61, "far end counting: its rise");
	free(s);

	/* A count that did not come back is no evidence. */
	ev[1].far_read = false;
	is_int(blame(ev, 3, v, &s), 1, "far end unread: one suspect");
	is_int(s[0].end, RR_BLAME_EITHER, "far end unread: either end");
	is_int(s[0].why, RR_BLAME_LOSS, "far end unread: by its loss alone");
	free(s);
}

static void cut(void)
{
	static const unsigned int cut[] = { 20, 0, 0 };
	struct rr_link_evidence ev[3];
	enum rr_link_verdict v[3];
	struct rr_suspect *s;

	line(ev, 3, 20, cut);
	is_int(blame(ev, 3, v, &s), 1, "cut C1: one suspect");
	is_int(s[0].link, 1, "cut C1: it");
	ok(s[0].loss == 1.0, "cut C1: all lost");
	is_int(v[2], RR_LINK_HIDDEN, "cut C1: C2 behind it hidden, not blamed");
	free(s);
}

static void counters_only(void)
{
	static const unsigned int all[] = { 20, 20, 20 };
	struct rr_link_evidence ev[3];
	enum rr_link_verdict v[3];
	struct rr_suspect *s;

	line(ev, 3, 20, all);
	ev[2].near_errors = 5;
	is_int(blame(ev, 3, v, &s), 1, "climbing counter on C2: one suspect");
	is_int(s[0].link, 2, "climbing counter: C2");
	is_int(s[0].why, RR_BLAME_COUNTERS, "climbing counter: by its counters");
	is_int(s[0].end, RR_BLAME_NEAR, "climbing counter: the near end");
	ok(s[0].loss == 0, "climbing counter: nothing lost");
	free(s);

	/* A loss ranks before a counter. */
	ev[0].answered = 10;
	ev[1].answered = ev[2].answered = 10;
	is_int(blame(ev, 3, v, &s), 2, "loss on C0 and counter on C2: two");
	is_int(s[0].link, 0, "the loss first");
	is_int(s[1].link, 2, "the counter next");
	ok(!s[0].tied_with_next, "a counter is told from a loss");
	free(s);
}

static void siblings_ranked(void)
{
	struct rr_link_evidence ev[2];
	enum rr_link_verdict v[2];
	struct rr_suspect *s;

	memset(ev, 0, sizeof(ev));
	ev[0] = (struct rr_link_evidence){ .near_port = 1, .far_port = 2,
		.parent = RR_NO_PARENT, .sent = 200, .answered = 160,
		.near_read = true, .far_read = true };
	ev[1] = ev[0];
	ev[1].answered = 100;
	is_int(blame(ev, 2, v, &s), 2, "two lossy siblings: two suspects");
	is_int(s[0].link, 1, "the one losing 50 % first");
	is_int(s[1].link, 0, "the one losing 20 % next");
	ok(!s[0].tied_with_next, "siblings: each has its own probes, told apart");
	free(s);
}

static void behind_a_suspect(void)
{
	/* C1 loses half; C2 behind it loses a little more, as unsure. */
	static const unsigned int both[] = { 200, 100, 40 };
	struct rr_link_evidence ev[3];
	enum rr_link_verdict v[3];
	struct rr_suspect *s;

	line(ev, 3, 200, both);
	is_int(blame(ev, 3, v, &s), 2, "C2 behind a lossy C1: two suspects");
	is_int(s[0].link, 1, "C1, the surer, first");
	is_int(s[1].link, 2, "C2 next");
	ok(s[0].tied_with_next, "C2 only reached through C1: cannot be told apart");
	free(s);
}

static void cut_ports(void)
{
	struct rr_suspect *s = malloc(sizeof(*s));
	size_t num = 1;

	s[0] = (struct rr_suspect){ .link = 0, .why = RR_BLAME_LOSS,
				    .loss = 0.3 };
	ok(rr_links_blame_down(5, 2, &s, &num), "two cut ports added");
	is_int(num, 3, "cut ports: before the one suspect");
	ok(s[0].link == 5 && s[1].link == 6 && s[2].link == 0,
	   "cut ports first, in their order, the loss after");
	ok(s[0].why == RR_BLAME_DOWN && s[0].end == RR_BLAME_NEAR,
	   "a cut port: down, its own end");
	ok(s[0].tied_with_next && !s[1].tied_with_next,
	   "cut ports tied with each other, not with the loss");
	is_str(rr_blame_why_key(RR_BLAME_DOWN), "down", "down's key");
	ok(rr_links_blame_down(9, 0, &s, &num) && num == 3,
	   "no cut port: nothing added");
	free(s);
	s = NULL;
	num = 0;
	ok(rr_links_blame_down(0, 1, &s, &num) && num == 1 && s[0].link == 0,
	   "a cut port and no other suspect");
	free(s);
}

static void bad_input(void)
{
	static const unsigned int all[] = { 20, 0 };
	struct rr_link_evidence ev[2];
	enum rr_link_verdict v[2];
	struct rr_suspect *s;

	/* Each the other's parent, and a parent past the end: no hang. */
	line(ev, 2, 20, all);
	ev[0].parent = 1;
	is_int(blame(ev, 2, v, &s), 1, "a loop of parents: judged, no hang (C1 lost all)");
	free(s);
	ev[0].parent = 7;
	ev[1].sent = 0;
	is_int(blame(ev, 2, v, &s), 0, "a parent past the end: no parent");
	is_int(v[1], RR_LINK_UNPROBED, "no probe sent: unprobed");
	is_str(rr_blame_end_key(RR_BLAME_FAR), "far", "end key");
	is_str(rr_link_verdict_key(RR_LINK_HIDDEN), "hidden", "verdict key");
	is_str(rr_blame_why_key(RR_BLAME_LOSS_COUNTERS), "loss_and_counters",
	       "why key");
}

static void counter_keys(void)
{
	int k, errors = 0;

	for (k = 0; k < RR_LINK_COUNTERS; k++)
		errors += rr_link_counter_is_error((enum rr_link_counter)k);
	is_int(errors, RR_LINK_COUNTERS - 1, "counters: all but one count errors");
	ok(!rr_link_counter_is_error(RR_LC_XMIT_WAIT),
	   "counters: XmitWait is congestion, not an error");
	is_str(rr_link_counter_key(RR_LC_SYMBOL_ERRORS), "symbol_errors",
	       "counters: SymbolErrorCounter's key");
	is_str(rr_link_counter_key(RR_LC_XMIT_WAIT), "xmit_wait",
	       "counters: XmitWait's key");
	ok(!rr_link_counter_key(RR_LINK_COUNTERS), "counters: none beyond");
	is_str(rr_blame_why_key(RR_BLAME_LID_LOSS), "lid_loss",
	       "why: the LID-routed lane's");
}

int main(void)
{
	counter_keys();
	healthy();
	one_lost_is_noise();
	lossy_middle();
	cut();
	counters_only();
	siblings_ranked();
	behind_a_suspect();
	cut_ports();
	bad_input();
	return tap_done();
}
