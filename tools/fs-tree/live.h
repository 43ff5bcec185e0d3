/*
 * live.h: the live source of fs-tree, through libslurm.
 */
#ifndef FS_LIVE_H
#define FS_LIVE_H

#include <stddef.h>
#include <stdio.h>

/*
 * Filters: NULL-terminated lists of names, or NULL (or an empty list) for
 * none. The caller owns them; fs_live_dump only reads them.
 *   accounts  the named accounts (case-insensitive, as Slurm keeps account
 *             names in lower case) with their whole subtrees, and their
 *             ancestors so the tree stays connected;
 *   users     only those users' rows (exact names), and their ancestors;
 *   both      user rows must be both under a named account and of a named
 *             user; the account rows are the named accounts, their ancestors
 *             and the accounts on the path to each kept user row.
 */
struct fs_live_opts {
	const char *const *accounts;	/* NULL-terminated list or NULL: -A */
	const char *const *users;	/* NULL-terminated list or NULL: -u */
};

/* Writes the whole TSV tree of the cluster named by slurm.conf (SLURM_CONF
 * honoured) to out. Returns 0 on success; on failure returns 1 and puts a
 * one-line message in err, having written nothing to out. */
int fs_live_dump(const struct fs_live_opts *opts, FILE *out, char *err,
		 size_t errlen);
/* 1 if live mode was compiled in (HAVE_LIBSLURM), else 0. */
int fs_live_available(void);

#endif
