/* json.c: fs-rank --json (placeholder until its issue lands). */
#include "fs.h"

int
fs_json_write(const struct fs_tree *tr, const struct fs_rank_opts *o,
	      FILE *out)
{
	(void)tr;
	(void)o;
	(void)out;
	fs_warn("--json is not implemented yet");
	return -1;
}
