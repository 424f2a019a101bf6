// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A recorded sysfs tree (RDMA_ROUTE_SYSFS_ROOT) of any shape, read as
 * --list and --explain read it (rr_ports_read()).  The input names a
 * device and a netdev (any bytes but '/' and NUL) and, file by file of a
 * port's layout, what stands there: nothing, an empty file, bytes of the
 * input (binary too), a huge file, a link to itself (a loop), a link to a
 * folder, a folder, or a value a real kernel writes; then odd extra names
 * in the ports and gids folders.  Checks: the read ends (libFuzzer's
 * -timeout), never fails but for memory, and every port it reports holds
 * terminated names, at most as many GIDs as its table has slots, and its
 * GIDs by index, each index once (a name that is no index is no entry).  Built with the host's sysfs, port and GID
 * table readers (tests/fuzz/run links them).
 */
#define _GNU_SOURCE 1
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <sys/stat.h>
#include <unistd.h>

#include "host/gid_table.h"
#include "host/rdma_ports.h"
#include "fuzz.h"

/* Where the tree is made: one folder for the process, emptied each run. */
static char root[64];

/* The input, a byte at a time; zeros once it is used up. */
struct input {
	const uint8_t *data;
	size_t size, at;
};

static uint8_t next(struct input *in)
{
	return in->at < in->size ? in->data[in->at++] : 0;
}

/* A name of up to 15 bytes of the input: no '/' nor NUL, never . or .. */
static void name_of(struct input *in, char *buf, const char *fallback)
{
	size_t n = next(in) % 16, i;

	for (i = 0; i < n; i++) {
		buf[i] = (char)next(in);
		if (buf[i] == '/' || !buf[i])
			buf[i] = '_';
	}
	buf[n] = '\0';
	if (!n || !strcmp(buf, ".") || !strcmp(buf, ".."))
		strcpy(buf, fallback);
}

static const char *const good[] = {
	"4: ACTIVE\n", "2: INIT\n", "1: DOWN\n", "5: LinkUp\n", "3: Disabled\n",
	"0x2\n", "0x0\n", "0xffff\n", "100 Gb/sec (4X EDR)\n",
	"10 Gb/sec (1X QDR)\n", "InfiniBand\n", "Ethernet\n", "1: CA\n",
	"4: RNIC\n", "fe80:0000:0000:0000:0002:c903:0000:0101\n",
	"0000:0000:0000:0000:0000:ffff:c0a8:4d01\n",
	"0000:0000:0000:0000:0000:0000:0000:0000\n", "RoCE v2\n",
	"IB/RoCE v1\n", "0\n", "1\n", "0x8001\n", "eth0\n",
};

static void write_file(const char *path, const void *data, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

	if (fd < 0)
		return;
	if (write(fd, data, len) < 0)
		fuzz_check(errno == ENOSPC);
	close(fd);
}

/* What stands at PATH, as the input says. */
static void make_entry(struct input *in, const char *path)
{
	uint8_t kind = next(in) % 8, b;
	size_t len, i;
	char *buf;

	switch (kind) {
	case 0:
		return;		/* nothing */
	case 1:
		write_file(path, "", 0);
		return;
	case 2:
		len = next(in);
		buf = fuzz_alloc(len);
		for (i = 0; i < len; i++)
			buf[i] = (char)next(in);
		write_file(path, buf, len);
		free(buf);
		return;
	case 3:
		b = next(in);
		len = ((size_t)next(in) + 1) * 4096;
		buf = fuzz_alloc(len);
		memset(buf, b, len);
		write_file(path, buf, len);
		free(buf);
		return;
	case 4:
		if (symlink(strrchr(path, '/') + 1, path))
			fuzz_check(errno == EEXIST);
		return;
	case 5:
		if (symlink("../..", path))
			fuzz_check(errno == EEXIST);
		return;
	case 6:
		mkdir(path, 0755);
		return;
	default:
		i = next(in) % (sizeof(good) / sizeof(good[0]));
		write_file(path, good[i], strlen(good[i]));
	}
}

static void mkdirs(const char *path)
{
	char buf[1024], *p;

	snprintf(buf, sizeof(buf), "%s", path);
	for (p = buf + strlen(root) + 1; (p = strchr(p, '/')); p++) {
		*p = '\0';
		mkdir(buf, 0755);
		*p = '/';
	}
	mkdir(buf, 0755);
}

static const char *const files[] = {
	"node_type", "ports/1/state", "ports/1/phys_state", "ports/1/lid",
	"ports/1/sm_lid", "ports/1/rate", "ports/1/link_layer",
	"ports/1/gids/0", "ports/1/gids/1", "ports/1/gids/2",
	"ports/1/gid_attrs/types/0", "ports/1/gid_attrs/types/1",
	"ports/1/gid_attrs/ndevs/0", "ports/1/gid_attrs/ndevs/1",
	"ports/1/pkeys/0", "ports/1/pkeys/1", "ports/2",
};

static void make_tree(struct input *in)
{
	char dev[16], netdev[16], dir[512], path[1024], odd[16];
	size_t i, extra;

	name_of(in, dev, "mlx5_0");
	name_of(in, netdev, "ib0");
	snprintf(dir, sizeof(dir), "%s/sys/class/infiniband/%s", root, dev);
	mkdirs(dir);
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, files[i]);
		*strrchr(path, '/') = '\0';
		mkdirs(path);
		snprintf(path, sizeof(path), "%s/%s", dir, files[i]);
		make_entry(in, path);
	}
	snprintf(path, sizeof(path), "%s/device/net/%s", dir, netdev);
	mkdirs(path);
	snprintf(path, sizeof(path), "%s/device/net/%s/dev_port", dir, netdev);
	make_entry(in, path);
	/* Odd names where the readers list a folder. */
	for (extra = next(in) % 4; extra; extra--) {
		name_of(in, odd, "x");
		snprintf(path, sizeof(path), "%s/%s/%s", dir,
			 next(in) & 1 ? "ports" : "ports/1/gids", odd);
		make_entry(in, path);
	}
}

static int remove_one(const char *path, const struct stat *st, int flag,
		      struct FTW *ftw)
{
	if (ftw->level)
		remove(path);
	return 0;
}

static void remove_root(void)
{
	nftw(root, remove_one, 16, FTW_DEPTH | FTW_PHYS);
	rmdir(root);
}

static void check_ports(const struct rr_port *ports, int n)
{
	const struct rr_port_facts *pf;
	int i, g;

	fuzz_check(n >= 0);
	for (i = 0; i < n; i++) {
		pf = &ports[i].facts;
		fuzz_check(memchr(pf->device, '\0', sizeof(pf->device)));
		fuzz_check(pf->device[0]);
		fuzz_check(memchr(pf->netdev, '\0', sizeof(pf->netdev)));
		fuzz_check(memchr(pf->rate, '\0', sizeof(pf->rate)));
		fuzz_check(ports[i].num_gids >= 0);
		fuzz_check(pf->gids <= pf->gid_slots);
		fuzz_check((unsigned int)ports[i].num_gids <= pf->gid_slots);
		/* Entries by index, each once: a name that is no index is none. */
		for (g = 0; g < ports[i].num_gids; g++) {
			fuzz_check(ports[i].gids[g].index <= 65535);
			fuzz_check(!g || ports[i].gids[g].index >
					 ports[i].gids[g - 1].index);
			fuzz_check(memchr(ports[i].gids[g].netdev, '\0',
					  sizeof(ports[i].gids[g].netdev)));
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct input in = { data, size, 0 };
	struct rr_gid_cache *gids;
	struct rr_port *ports = NULL;
	int n;

	if (!root[0]) {
		snprintf(root, sizeof(root), "/tmp/rdma-route-fuzz.XXXXXX");
		fuzz_check(mkdtemp(root));
		setenv("RDMA_ROUTE_SYSFS_ROOT", root, 1);
		atexit(remove_root);
	}
	make_tree(&in);
	gids = rr_gid_cache_new();
	fuzz_check(gids);
	n = rr_ports_read(NULL, gids, &ports);
	check_ports(ports, n);
	rr_ports_free(ports, n > 0 ? n : 0);
	rr_gid_cache_free(gids);
	nftw(root, remove_one, 16, FTW_DEPTH | FTW_PHYS);
	return 0;
}
