// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The named columns of the field table, through the one way every reader
 * and the record reader go (rr_field_find, rr_field_set, rr_field_get): a
 * code shown by its name, read back from its name, its "none" refused, a
 * name it does not have refused, there only as its row says.
 */
#include <stdlib.h>
#include <string.h>

#include "model/probe/cause.h"
#include "model/probe/decode.h"
#include "model/probe/fields.h"
#include "../../tap.h"

static char store_buf[256];
static struct rr_fstore store = { store_buf, sizeof(store_buf), 0 };

static const struct rr_field *in_table(enum rr_fscope scope, const char *key)
{
	const struct rr_field_table t = rr_fields(scope);
	size_t i;

	for (i = 0; i < t.n; i++)
		if (!strcmp(t.fields[i].key, key))
			return &t.fields[i];
	return NULL;
}

/* Sets field KEY of SCOPE in R from the name S; true if the field took it. */
static bool set_name(struct rr_result *r, enum rr_fscope scope,
		     const char *key, const char *s)
{
	struct rr_fval v = { .present = true, .s = s };

	return rr_field_set(in_table(scope, key), r, NULL, &v, &store);
}

/* Field KEY of SCOPE in R: its name, or NULL when absent. */
static const char *get_name(const struct rr_result *r, enum rr_fscope scope,
			    const char *key, struct rr_fval *v)
{
	rr_field_get(in_table(scope, key), r, NULL, v);
	return v->present ? v->s : NULL;
}

static void result_named(void)
{
	struct rr_result *r = calloc(1, sizeof(*r));
	struct rr_fval v;

	ok(!get_name(r, RR_FS_RESULT, "tos_from", &v), "tos_from: absent at 0");
	ok(set_name(r, RR_FS_RESULT, "tos_from", "option"), "tos_from: 'option' read back");
	is_int(r->out.used.tos_from, RR_TOS_OPTION, "tos_from: its code");
	is_str(get_name(r, RR_FS_RESULT, "tos_from", &v), "option",
	       "tos_from: shown by its name");
	ok(!set_name(r, RR_FS_RESULT, "tos_from", rr_tos_from_key(RR_TOS_UNKNOWN)),
	   "tos_from: its none is refused");
	ok(!set_name(r, RR_FS_RESULT, "tos_from", "nonsense"), "tos_from: an unknown name refused");
	is_int(r->out.used.tos_from, RR_TOS_OPTION, "tos_from: left as it was");

	/* link_layer is there beside the device, whatever its code. */
	ok(set_name(r, RR_FS_RESULT, "link_layer", rr_link_layer_name(RR_LL_INFINIBAND)),
	   "link_layer: read back");
	is_int(r->out.link_layer, RR_LL_INFINIBAND, "link_layer: its code");
	ok(!get_name(r, RR_FS_RESULT, "link_layer", &v),
	   "link_layer: absent without a device");
	strcpy(r->out.device, "mlx5_0");
	is_str(get_name(r, RR_FS_RESULT, "link_layer", &v),
	       rr_link_layer_name(RR_LL_INFINIBAND), "link_layer: beside its device");
	is_str(r->out.device, "mlx5_0", "link_layer: the device left alone");
	free(r);
}

static void error_named(void)
{
	struct rr_result *r = calloc(1, sizeof(*r));
	struct rr_fval v;

	ok(set_name(r, RR_FS_ERROR, "step", "resolve_addr"), "step: 'resolve_addr' read back");
	is_int(r->out.fail.step, RR_STEP_RESOLVE_ADDR, "step: its code");
	ok(!set_name(r, RR_FS_ERROR, "step", "resolve_nothing"), "step: an unknown name refused");
	ok(!set_name(r, RR_FS_ERROR, "failed_by", "none"), "failed_by: 'none' refused");
	ok(set_name(r, RR_FS_ERROR, "failed_by", "event"), "failed_by: 'event' read back");
	is_int(r->out.fail.kind, RR_FAIL_EVENT, "failed_by: its code");
	is_str(get_name(r, RR_FS_ERROR, "failed_by", &v), "event",
	       "failed_by: shown by its name");
	/* A newer rdma-route's cause: unknown, not refused. */
	ok(set_name(r, RR_FS_ERROR, "cause", "a_cause_of_tomorrow"), "cause: any key taken");
	is_int(r->out.fail.cause, rr_cause_from_key("a_cause_of_tomorrow"),
	       "cause: an unknown key is the unknown cause");
	ok(set_name(r, RR_FS_ERROR, "sa_cause", rr_cause_key(RR_CAUSE_NOT_RDMA_NETDEV)),
	   "sa_cause: read back");
	is_int(r->out.sa_cause, RR_CAUSE_NOT_RDMA_NETDEV,
	       "sa_cause: into its own member");
	is_int(r->out.fail.cause, rr_cause_from_key("a_cause_of_tomorrow"),
	       "sa_cause: the cause left alone");
	free(r);
}

static void hop_named(void)
{
	const struct rr_field *state = in_table(RR_FS_HOP, "state");
	const struct rr_field *type = in_table(RR_FS_HOP, "type");
	struct rr_hop h = { .type = RR_NODE_SWITCH, .state = 4 };
	struct rr_fval v;

	rr_fval_reset(&v);
	state->get_hop(state, &h, &v);
	ok(!v.present, "hop state: absent without its link");
	h.have_link = true;
	rr_fval_reset(&v);
	state->get_hop(state, &h, &v);
	ok(v.present && !strcmp(v.s, "ACTIVE"), "hop state: 4 is ACTIVE");
	rr_fval_reset(&v);
	type->get_hop(type, &h, &v);
	is_str(v.s, rr_node_type_name(RR_NODE_SWITCH), "hop type: always there");
}

int main(void)
{
	result_named();
	error_named();
	hop_named();
	return tap_done();
}
