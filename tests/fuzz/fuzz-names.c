/*
 * fuzz-names: how users are named (fs_buf_user_spec, fs_spec_split,
 * fs_tree_find_user, fs_explain_find_user). The input gives an account and
 * a user name (split at the first newline; tabs, CR and NUL dropped); in a
 * tree with that user and a sibling account, the name written for the user
 * must find exactly it, and the input read as a name (one line) must find
 * a user or fail with a one-line message.
 */
#include <stdio.h>
#include <string.h>

#include "fs.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static void
clean(struct fs_buf *b, const unsigned char *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i] != '\t' && p[i] != '\r' && p[i] && p[i] != '\n')
			fs_buf_addch(b, (char)p[i]);
	if (!b->len)
		fs_buf_addch(b, 'x');
}

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	const unsigned char *nl = memchr(data, '\n', size);
	size_t an = nl ? (size_t)(nl - data) : size / 2;
	struct fs_buf acct, user, tsv, spec;
	struct fs_table t;
	struct fs_tree tr;
	struct fs_err e = {"<fuzz>", 0, ""};
	uint32_t i, want = FS_NONE, got;

	fs_buf_init(&acct);
	fs_buf_init(&user);
	fs_buf_init(&tsv);
	fs_buf_init(&spec);
	clean(&acct, data, an);
	clean(&user, data + an + (nl != NULL), size - an - (nl != NULL));
	if (!strcmp(acct.data, "root") || !strcmp(acct.data, "other"))
		fs_buf_addch(&acct, '1');
	fs_buf_printf(&tsv, FS_TSV_MAGIC "\n#cluster=c\n#taken=0\n"
		      "Account\tUser\tParent\tRawShares\tRawUsage\n"
		      "root\t\t\t\t\n%s\t\troot\t1\t\n%s\t%s\t%s\t1\t5\n"
		      "other\t\troot\t1\t\nother\t%s\tother\t1\t3\n",
		      acct.data, acct.data, user.data, acct.data, user.data);
	if (fs_table_parse(&t, &tsv, &e) == 0 && fs_tree_build(&tr, &t, &e) == 0) {
		for (i = 0; i < tr.n; i++)
			if (tr.node[i].is_user && !strcmp(tr.node[i].acct, acct.data))
				want = i;
		fs_buf_user_spec(&spec, &tr, want);
		got = fs_tree_find_user(&tr, spec.data);
		if (got != want) {
			fprintf(stderr, "'%s' finds %u, not %u\n", spec.data,
				got, want);
			__builtin_trap();
		}
		fs_buf_release(&spec);
		fs_buf_init(&spec);
		clean(&spec, data, size);	/* a name is one line */
		if (fs_explain_find_user(&tr, spec.data, &got, &e) < 0 &&
		    (!e.msg[0] || strchr(e.msg, '\n')))
			__builtin_trap();
		fs_tree_release(&tr);
	}
	fs_table_release(&t);
	fs_buf_release(&acct);
	fs_buf_release(&user);
	fs_buf_release(&tsv);
	fs_buf_release(&spec);
	return 0;
}
