/*
 * import_row.c: what both front ends of fs_sshare_import (import.c for
 * sshare's text, sshare_json.c for 'sshare --json') append their rows
 * with, below them both (import.h), and the users' default accounts they
 * and the live dump write (fs_user_default).
 */
#include <stdlib.h>
#include <string.h>

#include "io/io.h"
#include "io/import.h"

int
fs_import_tres_name_ok(const char *name, size_t len)
{
	return len && !memchr(name, '=', len) && !memchr(name, ',', len) &&
	       !fs_field_bad(name, len);
}

static int
default_cmp(const void *pa, const void *pb)
{
	const struct fs_user_default *a = pa, *b = pb;

	return strcmp(a->name, b->name);
}

void
fs_user_defaults_sort(struct fs_user_default *d, size_t n)
{
	if (n)
		qsort(d, n, sizeof(*d), default_cmp);
}

size_t
fs_user_defaults_unique(struct fs_user_default *d, size_t *n,
			const char **first)
{
	size_t i = 0, j, k = 0, conflicts = 0;

	*first = NULL;
	while (i < *n) {
		int same = 1;

		for (j = i + 1; j < *n && !strcmp(d[j].name, d[i].name); j++)
			same &= !strcmp(d[j].acct, d[i].acct);
		if (same)
			d[k++] = d[i];
		else if (!conflicts++ || strcmp(d[i].name, *first) < 0)
			*first = d[i].name;
		i = j;
	}
	*n = k;
	return conflicts;
}

const char *
fs_user_default_of(const struct fs_user_default *d, size_t n,
		   const char *user)
{
	struct fs_user_default key = {user, NULL};
	const struct fs_user_default *f;

	if (!n || !user || !*user)
		return "";
	f = bsearch(&key, d, n, sizeof(*d), default_cmp);
	return f ? f->acct : "";
}

void
fs_import_row(struct fs_import *m, const char *const *cell,
	      unsigned long line)
{
	int c, first = 1;

	/* Doubling, not one more each time: the realloc of the sanitizers
	 * and valgrind always moves. */
	FS_GROW(m->line, m->nrows, m->cap);
	m->line[m->nrows++] = line;
	if (!cell[IC_USER] || !*cell[IC_USER])
		m->naccounts++;
	for (c = 0; c < IC_N; c++) {
		if (!m->has[c])
			continue;
		if (!first)
			fs_buf_addch(&m->body, '\t');
		first = 0;
		if (c == IC_DEFACCT) {
			fs_buf_addstr(&m->body, fs_user_default_of(
					      m->defaults, m->ndefaults,
					      cell[IC_USER]));
			continue;
		}
		/* A TRES list that sshare cut to its column ends in '+':
		 * not a value; left empty and counted. */
		if (cell[c] && (c == IC_GRP || c == IC_RUN) && *cell[c] &&
		    cell[c][strlen(cell[c]) - 1] == '+') {
			m->truncated[c]++;
			continue;
		}
		if (cell[c])
			fs_buf_addstr(&m->body, cell[c]);
	}
	fs_buf_addch(&m->body, '\n');
}
