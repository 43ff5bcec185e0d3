/*
 * ranked.h: a tree of the unit tests parsed, built and ranked from its
 * text (Fair Tree, dampening 1, the given ties), and released.
 */
#ifndef FS_TEST_RANKED_H
#define FS_TEST_RANKED_H

#include <string.h>

#include "fs.h"

struct t {
	struct fs_table tab;
	struct fs_tree tr;
	struct fs_rank_opts ro;
};

static inline int
load_text(struct t *t, const char *text, enum fs_ties ties)
{
	struct fs_buf b;
	struct fs_err e = {"test", 0, ""};

	fs_buf_init(&b);
	fs_buf_addstr(&b, text);
	memset(t, 0, sizeof(*t));
	t->ro.algorithm = FS_ALG_FAIRTREE;
	t->ro.ties = ties;
	t->ro.dampening = 1;
	if (fs_table_parse(&t->tab, &b, &e) < 0 ||
	    fs_tree_build(&t->tr, &t->tab, &e) < 0) {
		fs_err_print(&e);
		return -1;
	}
	fs_rank(&t->tr, &t->ro);
	return 0;
}

static inline void
unload(struct t *t)
{
	fs_tree_release(&t->tr);
	fs_table_release(&t->tab);
}

#endif
