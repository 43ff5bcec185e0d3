/*
 * fuzz-rank: build a tree from arbitrary bytes, rank it with the algorithm,
 * ties mode and dampening chosen by the first byte, and write it every way
 * the programs do (TSV, sshare fixed/-p/-P/-l, JSON, the terminal tree) to
 * /dev/null. The computed TSV is then read back: it must parse, and ranking
 * it again must give the same bytes (what fs-rank writes, fs-rank reads).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fs.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static FILE *devnull;

static char *
write_tsv(const struct fs_tree *tr, const struct fs_rank_opts *ro, size_t *len)
{
	char *p = NULL;
	FILE *f = open_memstream(&p, len);

	if (!f || fs_tree_write(tr, ro, f) < 0)
		__builtin_trap();
	fclose(f);
	return p;
}

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static const struct fs_sshare_opts so[] = {
		{0, 0, 0, 0, NULL, 0, 0}, {1, 1, 0, 0, NULL, 1, 0},
		{1, 2, 1, 1, NULL, 0, 1},
		{0, 2, 0, 0, "Account,User,LevelFS,FairShare,GrpTRESRaw,ID", 1, 0}};
	struct fs_rank_opts ro;
	struct fs_buf text;
	struct fs_table t, t2;
	struct fs_tree tr, tr2;
	struct fs_err e = {"<fuzz>", 0, ""};
	char *out, *out2;
	size_t len, len2, k;

	if (size < 1)
		return 0;
	if (!devnull && !(devnull = fopen("/dev/null", "w")))
		abort();
	memset(&ro, 0, sizeof(ro));
	ro.algorithm = (enum fs_algorithm)(data[0] % 3);
	ro.ties = (data[0] >> 2) & 1 ? FS_TIES_MERGE : FS_TIES_SLURM;
	ro.dampening = 1 + (data[0] >> 3);
	fs_buf_init(&text);
	fs_buf_add(&text, data + 1, size - 1);
	if (fs_table_parse(&t, &text, &e) < 0 || fs_tree_build(&tr, &t, &e) < 0) {
		fs_table_release(&t);
		return 0;
	}
	fs_rank(&tr, &ro);
	for (k = 0; k < sizeof(so) / sizeof(*so); k++)
		fs_sshare_print(&tr, &ro, &so[k], devnull, &e);
	fs_json_write(&tr, &ro, devnull);
	fs_tree_table_write(&tr, &ro, devnull);
	out = write_tsv(&tr, &ro, &len);

	/* Read back and rank again: the same bytes. */
	fs_buf_init(&text);
	fs_buf_add(&text, out, len);
	if (fs_table_parse(&t2, &text, &e) < 0 || fs_tree_build(&tr2, &t2, &e) < 0) {
		fprintf(stderr, "fs_tree_write output does not read back: %s\n",
			e.msg);
		__builtin_trap();
	}
	fs_rank(&tr2, &ro);
	out2 = write_tsv(&tr2, &ro, &len2);
	if (len != len2 || memcmp(out, out2, len)) {
		fprintf(stderr, "ranking fs-rank's own output changed it\n");
		__builtin_trap();
	}
	free(out);
	free(out2);
	fs_tree_release(&tr2);
	fs_table_release(&t2);
	fs_tree_release(&tr);
	fs_table_release(&t);
	return 0;
}
