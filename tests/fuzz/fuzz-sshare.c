/*
 * fuzz-sshare: the importer of saved `sshare -a -l` text (fs_sshare_import)
 * on arbitrary bytes. When it accepts the text, what it writes must be a TSV
 * tree the reader accepts.
 */
#include <stdio.h>
#include <string.h>

#include "fs.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct fs_buf in, out;
	struct fs_table t;
	struct fs_err e = {"<fuzz>", 0, ""};

	fs_buf_init(&in);
	fs_buf_init(&out);
	fs_buf_add(&in, data, size);
	if (fs_sshare_import(in.data, in.len, size & 1 ? "c" : NULL, 0, &out,
			     &e) == 0) {
		if (fs_table_parse(&t, &out, &e) < 0) {
			fprintf(stderr, "imported tree does not parse: %s\n",
				e.msg);
			__builtin_trap();
		}
		fs_table_release(&t);
	} else if (!e.msg[0] || strchr(e.msg, '\n'))
		__builtin_trap();
	fs_buf_release(&in);
	fs_buf_release(&out);
	return 0;
}
