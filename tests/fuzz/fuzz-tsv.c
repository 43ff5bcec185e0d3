/*
 * fuzz-tsv: the TSV reader and the tree builder (fs_table_parse,
 * fs_tree_build) on arbitrary bytes. Either may refuse the input, with a
 * message and a line; neither may crash, leak or misbehave.
 */
#include <string.h>

#include "fs.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct fs_buf text;
	struct fs_table t;
	struct fs_tree tr;
	struct fs_err e = {"<fuzz>", 0, ""};
	uint32_t i;

	fs_buf_init(&text);
	fs_buf_add(&text, data, size);
	if (fs_table_parse(&t, &text, &e) == 0 && fs_tree_build(&tr, &t, &e) == 0) {
		/* The tree is consistent: every node is in the display order
		 * once, parents before children. */
		for (i = 1; i < tr.n; i++)
			if (tr.node[tr.order[i]].parent == FS_NONE ||
			    tr.node[tr.order[i]].depth == 0)
				__builtin_trap();
		fs_tree_release(&tr);
	} else if (!e.msg[0] || strchr(e.msg, '\n'))
		__builtin_trap();	/* one line of message, always */
	fs_table_release(&t);
	return 0;
}
