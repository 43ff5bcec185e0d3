/* display.c: fs-rank --tree (placeholder until its issue lands). */
#include "fs.h"

int
fs_tree_table_write(const struct fs_tree *tr, const struct fs_rank_opts *o,
		    FILE *out)
{
	(void)tr;
	(void)o;
	(void)out;
	fs_warn("--tree is not implemented yet");
	return -1;
}
