/*
 * import.h: what the front ends of fs_sshare_import (import.c) share: the
 * rows read so far, as TSV, and what the input said about itself. They
 * append their rows through import_row.c, below them both.
 */
#ifndef FS_IMPORT_H
#define FS_IMPORT_H

#include "io/io.h"

/* --------------------------------------------------------------- import.c */

/* The columns an import writes, in this order; the first six always. */
enum imp_col {
	IC_ACCT, IC_USER, IC_PART, IC_PARENT, IC_RAWS, IC_RAWU, IC_GRP, IC_RUN,
	IC_ID, IC_NORMS, IC_NORMU, IC_EFF, IC_LFS, IC_FS,
	/* Not read from the input: a user row's cell from defaults, when
	 * the source gives them (slurmrestd's user records). */
	IC_DEFACCT, IC_N
};

struct fs_import {
	int has[IC_N];		/* the input has this column */
	size_t truncated[IC_N];	/* cells sshare cut ("...+"), left empty */
	struct fs_buf body;	/* the rows, as TSV */
	unsigned long *line;	/* the input line of each row */
	size_t nrows, cap;
	size_t naccounts;	/* rows without a user */
	unsigned long last;	/* the input's last line */
	const char *algorithm;	/* as the input shows it, if it does */
	char release[32];	/* Slurm's release, if the input names it */
	const struct fs_user_default *defaults;	/* sorted; NULL: none */
	size_t ndefaults;
};

/* ----------------------------------------------------------- import_row.c */

/* Append one row: cell[c] for every column the input has (NULL is
 * empty), read at line. */
void fs_import_row(struct fs_import *m, const char *const *cell,
		   unsigned long line);

/* The rule for a TRES's name in a cell "name=N,...", which both front
 * ends keep: not empty, no '=' or ',' (the cell would name other TRES),
 * nothing a field may not hold. */
int fs_import_tres_name_ok(const char *name, size_t len);

/* ---------------------------------------------------------- sshare_json.c */

/* The front end for 'sshare --json' (sshare_json.c): its rows into m; the
 * cluster its rows name, if any, into *cluster (the caller frees it). */
int fs_import_json(struct fs_import *m, const char *text, size_t len,
		   char **cluster, struct fs_err *e);

#endif
