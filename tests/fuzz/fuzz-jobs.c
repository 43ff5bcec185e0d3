/*
 * fuzz-jobs: fs-prio's jobs file (fs_prio_jobs_parse) on arbitrary bytes.
 * It must accept the text, every job with its four names set, or refuse it
 * with a one-line message; what it read is released either way.
 */
#include <stdio.h>
#include <string.h>

#include "fs.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct fs_prio_snapshot s;
	struct fs_err e = {"<fuzz>", 0, ""};
	struct fs_buf in;
	size_t i;
	int r;

	fs_buf_init(&in);
	fs_buf_add(&in, data, size);
	fs_prio_snapshot_init(&s);
	r = fs_prio_jobs_parse(&s, in.data ? in.data : (char *)"", &e);
	if (r < 0 && (!e.msg[0] || strchr(e.msg, '\n')))
		__builtin_trap();
	for (i = 0; r == 0 && i < s.njob; i++)
		if (!*s.job[i].id || !*s.job[i].user || !*s.job[i].acct ||
		    !*s.job[i].part || !s.job[i].cpus || !s.job[i].nodes)
			__builtin_trap();
	fs_prio_snapshot_release(&s);
	fs_buf_release(&in);
	return 0;
}
