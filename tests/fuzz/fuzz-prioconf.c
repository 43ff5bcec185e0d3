/*
 * fuzz-prioconf: fs-prio's slurm.conf reader (fs_prio_conf_parse: the
 * Priority* settings, nodes with their host lists, partitions) on
 * arbitrary bytes. It must accept or refuse with a one-line message, in
 * time and memory bounded by the input (host lists are capped).
 */
#include <stdio.h>
#include <string.h>

#include "fs.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct fs_prio_conf c;
	struct fs_prio_cluster cl;
	struct fs_err e = {"<fuzz>", 0, ""};
	struct fs_buf in;
	int r;

	fs_buf_init(&in);
	fs_buf_add(&in, data, size);
	fs_prio_cluster_init(&cl);
	r = fs_prio_conf_parse(&c, &cl, in.data ? in.data : (char *)"", &e);
	if (r < 0 && (!e.msg[0] || strchr(e.msg, '\n')))
		__builtin_trap();
	fs_prio_cluster_release(&cl);
	fs_buf_release(&in);
	return 0;
}
