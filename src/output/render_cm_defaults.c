// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --cm-defaults: each port's RDMA CM defaults, the names as a result's
 * fields give them (default_roce_tos, default_roce_mode, roce_defaults).
 */
#include <stdio.h>

#include "model/probe/decode.h"
#include "output/prom_samples.h"
#include "output/render_ports.h"
#include "output/render_prom.h"

/* Only RoCE ids take them: on InfiniBand and iWARP they change nothing. */
static bool applies(const struct rr_port_facts *pf)
{
	return pf->link_layer == RR_LL_ETHERNET;
}

static const char *from(const struct rr_cm_defaults *d)
{
	return d->configfs ? "configfs" : "kernel";
}

static void record(struct printer *p, const struct rr_port_cm_defaults *c)
{
	const struct rr_port_facts *pf = c->port;
	const char *mode = rr_gid_type_name(c->d.roce_mode);
	char title[200];

	if (applies(pf))
		snprintf(title, sizeof(title), "%s/%u: ToS %d, %s (%s)",
			 pf->device, pf->port, c->d.tos, mode, from(&c->d));
	else
		snprintf(title, sizeof(title), "%s/%u: %s: the RoCE defaults do not apply",
			 pf->device, pf->port, rr_link_layer_name(pf->link_layer));
	pr_record_begin(p, "cm_defaults", title, pr_brief(p));
	pr_str(p, "device", pf->device);
	pr_int(p, "port", pf->port);
	pr_str(p, "link_layer", rr_link_layer_name(pf->link_layer));
	pr_str(p, "netdev", pf->netdev[0] ? pf->netdev : NULL);
	pr_bool(p, "applies", applies(pf));
	pr_str(p, "roce_defaults", from(&c->d));
	pr_int(p, "default_roce_tos", c->d.tos);
	/* The ToS byte's two parts, as switches and PFC see them. */
	pr_int(p, "dscp", c->d.tos >> 2);
	pr_int(p, "ecn", c->d.tos & 3);
	pr_str(p, "default_roce_mode", mode);
	pr_record_end(p);
}

void rr_record_cm_defaults(struct printer *p,
			   const struct rr_port_cm_defaults *ports, int n)
{
	int i;

	pr_doc_str(p, "version", PACKAGE_VERSION);
	pr_arr_begin(p, "cm_defaults");	/* present when empty */
	pr_arr_end(p);
	for (i = 0; i < n; i++)
		record(p, &ports[i]);
}

static const struct pr_metric m_tos = {
	"rdma_route_cm_default_roce_tos", "gauge",
	"The ToS of the port's RDMA CM ids that set none (configfs "
	"default_roce_tos; the kernel's 0 without it)"
};
static const struct pr_metric m_mode = {
	"rdma_route_cm_default_roce_mode_info", "gauge",
	"1, with the GID type of the port's RDMA CM ids that set none and "
	"where it comes from (configfs or the kernel)"
};

void rr_prom_cm_defaults_families(void (*fn)(const char *name,
					     const char *type, void *ctx),
				  void *ctx)
{
	fn(m_tos.name, m_tos.type, ctx);
	fn(m_mode.name, m_mode.type, ctx);
}

void rr_prom_cm_defaults(struct printer *p,
			 const struct rr_port_cm_defaults *ports, int n)
{
	struct pr_label ls[4];
	char port[16];
	int i;

	for (i = 0; i < n; i++) {
		if (!applies(ports[i].port))
			continue;
		snprintf(port, sizeof(port), "%u", ports[i].port->port);
		ls[0] = (struct pr_label){ "device", ports[i].port->device };
		ls[1] = (struct pr_label){ "port", port };
		pr_sample(p, &m_tos, NULL, ls, 2, ports[i].d.tos);
		ls[2] = (struct pr_label){ "mode",
				rr_gid_type_name(ports[i].d.roce_mode) };
		ls[3] = (struct pr_label){ "from", from(&ports[i].d) };
		pr_sample(p, &m_mode, NULL, ls, 4, 1);
	}
	rr_prom_run_info(p);
}
