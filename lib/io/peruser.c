/*
 * peruser.c: a ranked tree cut into one small file per user, for the
 * submission hook (fs-rank --per-user; fs-prio --new --tree DIR).
 *
 * DIR/users/NAME is an fs-tsv tree (fs-tsv(5)) holding the rows of NAME's
 * associations and of the accounts above them, as fs-rank writes them,
 * with the whole tree's metadata and three keys more: subset=paths (only
 * fs-prio --new reads such a part), users (the whole tree's count of user
 * associations, which the ranks are out of) and, unless written private,
 * lists: for each account row in the file's order, where its children
 * list stands in DIR/lists.tsv, "OFFSET+LENGTH" (bytes), or "-".
 *
 * DIR/lists.tsv holds every Fair Tree children list of the whole tree: a
 * line "#fs-lists 1", then per list a line "P<TAB>RawUsage" (the parent's
 * usage) and a line per child, "K<TAB>Account<TAB>User<TAB>Partition<TAB>
 * NormShares<TAB>RawUsage<TAB>Users", K 'a' an account, 'u' a user, 'f'
 * and 'p' a FairShare=parent account and user, Users the user
 * associations the child's walk ranks (0 for 'f': its users are in the
 * list themselves). With
 * them fs_cost_run_levels counts a user's rank after a job from the lists
 * on one path, without reading the whole tree. It is everyone's usage:
 * written only when the site's Slurm shows usage to every user.
 *
 * Written private (PrivateData=usage), a user's file is theirs alone (mode
 * 600, owned by them) and holds no account's usage: the user's own rows,
 * what sshare shows a user then, and the accounts' names and shares.
 */
#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/io.h"
#include "core/msort.h"

/* A user name that is a file name in DIR/users: no '/', not hidden. */
static int
file_name_ok(const char *s)
{
	return *s && *s != '.' && !strchr(s, '/');
}

static int
write_file(int dfd, const char *name, const struct fs_buf *b, mode_t mode,
	   const struct passwd *pw, struct fs_err *e)
{
	int fd = openat(dfd, name, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW |
			O_CLOEXEC, mode);
	FILE *f = fd < 0 ? NULL : fdopen(fd, "w");

	if (!f) {
		fs_error(e, 0, "%s: %s", name, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if ((pw && fchown(fd, pw->pw_uid, pw->pw_gid) < 0) ||
	    fchmod(fd, mode) < 0) {
		fs_error(e, 0, "%s: cannot give it to user %s: %s", name,
			 pw ? pw->pw_name : "?", strerror(errno));
		fclose(f);
		return -1;
	}
	if (fs_write_all(f, b->data, b->len) < 0 || fclose(f) != 0)
		return fs_error(e, 0, "%s: %s", name, strerror(errno));
	return 0;
}

/* lists.tsv into b; at[i] its range for account i ("OFFSET+LENGTH"). */
static void
put_lists(const struct fs_tree *tr, const uint32_t *users, struct fs_buf *b,
	  uint64_t (*at)[2])
{
	uint32_t i, k;

	fs_prologue_start(b, FS_LISTS_MAGIC);
	for (i = 0; i < tr->n; i++) {
		const struct fs_node *q = &tr->node[i];

		if (q->is_user || !q->nfs_kids)
			continue;
		at[i][0] = b->len;
		fs_buf_addstr(b, "P\t");
		fs_buf_ld(b, q->usage_raw);
		fs_buf_addch(b, '\n');
		for (k = 0; k < q->nfs_kids; k++) {
			uint32_t j = tr->fs_kids[q->fs_kids + k];
			const struct fs_node *a = &tr->node[j];

			fs_buf_printf(b, "%c\t%s\t%s\t%s\t",
				      a->is_user ? (a->use_parent ? 'p' : 'u')
						 : (a->use_parent ? 'f' : 'a'),
				      a->acct, a->is_user ? a->user : "",
				      a->is_user ? a->part : "");
			fs_buf_double(b, a->shares_norm);
			fs_buf_addch(b, '\t');
			fs_buf_ld(b, a->usage_raw);
			/* A FairShare=parent account's users stand in this
			 * list themselves. */
			fs_buf_printf(b, "\t%u\n",
				      a->use_parent && !a->is_user ? 0
								   : users[j]);
		}
		at[i][1] = b->len - at[i][0];
	}
}

/* The users' associations by name, then display order (pos: each node's
 * place in it); rows in display order. */
struct sort_ctx {
	const struct fs_tree *tr;
	const uint32_t *pos;
};

static inline int
user_before(const struct sort_ctx *c, const uint32_t *a, const uint32_t *b)
{
	int d = strcmp(c->tr->node[*a].user, c->tr->node[*b].user);

	return d ? d < 0 : c->pos[*a] < c->pos[*b];
}

static inline int
pos_before(const struct sort_ctx *c, const uint32_t *a, const uint32_t *b)
{
	return c->pos[*a] < c->pos[*b];
}

FS_MSORT(sort_users, uint32_t, const struct sort_ctx *, user_before)
FS_MSORT(sort_rows, uint32_t, const struct sort_ctx *, pos_before)

int
fs_peruser_write(const struct fs_tree *tr, const struct fs_rank_opts *o,
		 const char *dir, int private_, size_t *skipped,
		 struct fs_err *e)
{
	uint32_t *pos = fs_xcalloc(tr->n, sizeof(*pos));
	uint32_t *users = fs_xcalloc(tr->n, sizeof(*users));
	uint32_t *stamp = fs_xcalloc(tr->n, sizeof(*stamp));
	uint32_t *u = NULL, *rows = NULL, *tmp = NULL, nu = 0, r, i, g;
	struct sort_ctx sc = {tr, pos};
	uint64_t (*at)[2] = NULL;
	size_t nrows, cap = 0;
	int lists = !private_ && o->algorithm == FS_ALG_FAIRTREE;
	int dfd = -1, udfd = -1, ret = -1;
	int pcol = fs_header_col(&tr->t->h, FS_COL_PRIORITY);
	unsigned long pmax = 0;
	char pmax_s[24];
	struct fs_buf b, meta;

	fs_buf_init(&b);
	fs_buf_init(&meta);
	*skipped = 0;
	e->file = dir;
	if (mkdir(dir, 0755) < 0 && errno != EEXIST) {
		fs_error(e, 0, "%s", strerror(errno));
		goto out;
	}
	/* Whatever the umask: every user reaches their file; written
	 * private, no user lists the others' names. */
	if ((dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0 ||
	    fchmod(dfd, 0755) < 0 ||
	    (mkdirat(dfd, "users", 0755) < 0 && errno != EEXIST) ||
	    (udfd = openat(dfd, "users", O_RDONLY | O_DIRECTORY |
			   O_NOFOLLOW | O_CLOEXEC)) < 0 ||
	    fchmod(udfd, private_ ? 0711 : 0755) < 0) {
		fs_error(e, 0, "%s", strerror(errno));
		goto out;
	}
	for (r = 0; r < tr->n; r++)
		pos[tr->order[r]] = r;
	/* User associations in each node, children after parents. */
	for (r = tr->n; r-- > 0;) {
		const struct fs_node *a = &tr->node[i = tr->order[r]];

		users[i] += a->is_user;
		if (a->parent != FS_NONE)
			users[a->parent] += users[i];
		if (a->is_user)
			nu++;
	}
	if (lists) {
		at = fs_xcalloc(tr->n, sizeof(*at));
		put_lists(tr, users, &b, at);
		if (write_file(dfd, "lists.tsv", &b, 0644, NULL, e) < 0)
			goto out;
	}
	/* The largest association Priority: what fs-prio normalises by. */
	for (i = 0; pcol >= 0 && i < tr->n; i++) {
		unsigned long v = strtoul(fs_table_field(tr->t, i,
							 (size_t)pcol), NULL, 10);

		if (v > pmax)
			pmax = v;
	}
	snprintf(pmax_s, sizeof(pmax_s), "%lu", pmax);
	u = fs_xcalloc(nu ? nu : 1, sizeof(*u));
	for (i = 0, nu = 0; i < tr->n; i++)
		if (tr->node[i].is_user)
			u[nu++] = i;
	tmp = fs_xcalloc(tr->n, sizeof(*tmp));	/* rows too: at most n */
	sort_users(&sc, u, tmp, nu);
	for (i = 0, g = 1; i < nu; g++) {
		const char *name = tr->node[u[i]].user;
		const struct passwd *pw = NULL;
		const char *extra[7];
		uint32_t k, end;

		for (end = i; end < nu && !strcmp(tr->node[u[end]].user, name);
		     end++)
			;
		/* Written private, a file its user can own. */
		if (!file_name_ok(name) || (private_ && !(pw = getpwnam(name)))) {
			++*skipped;
			i = end;
			continue;
		}
		/* The user's rows and every one above them, once each. */
		nrows = 0;
		for (k = i; k < end; k++) {
			uint32_t a;

			for (a = u[k]; a != FS_NONE && stamp[a] != g;
			     a = tr->node[a].parent) {
				stamp[a] = g;
				FS_GROW(rows, nrows, cap);
				rows[nrows++] = a;
			}
		}
		sort_rows(&sc, rows, tmp, (uint32_t)nrows);
		meta.len = 0;
		for (k = 0; lists && k < nrows; k++) {
			const struct fs_node *a = &tr->node[rows[k]];

			if (a->is_user)
				continue;
			if (meta.len)
				fs_buf_addch(&meta, ' ');
			if (at[rows[k]][1])
				fs_buf_printf(&meta, "%llu+%llu",
					      (unsigned long long)at[rows[k]][0],
					      (unsigned long long)at[rows[k]][1]);
			else
				fs_buf_addch(&meta, '-');
		}
		k = 0;
		extra[k++] = "subset";
		extra[k++] = "paths";
		if (pcol >= 0) {
			extra[k++] = "priority_max";
			extra[k++] = pmax_s;
		}
		if (lists) {
			extra[k++] = "lists";
			extra[k++] = meta.data ? meta.data : "";
		}
		extra[k] = NULL;
		b.len = 0;
		fs_tree_put_rows(tr, o, rows, nrows, extra, private_, &b);
		e->file = dir;
		if (write_file(udfd, name, &b, private_ ? 0600 : 0644, pw,
			       e) < 0)
			goto out;
		i = end;
	}
	ret = 0;
out:
	if (dfd >= 0)
		close(dfd);
	if (udfd >= 0)
		close(udfd);
	fs_buf_release(&b);
	fs_buf_release(&meta);
	free(pos);
	free(users);
	free(stamp);
	free(u);
	free(rows);
	free(tmp);
	free(at);
	return ret;
}

/* ------------------------------------------------------------- reading */

int
fs_peruser_read(const char *dir, const char *user, struct fs_buf *text,
		int *dfd, struct fs_err *e)
{
	char path[4096];
	FILE *in;
	int fd;

	e->file = dir;
	*dfd = -1;
	if (!file_name_ok(user))
		return fs_error(e, 0, "user '%s' has no file here", user);
	if ((fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		return fs_error(e, 0, "%s", strerror(errno));
	snprintf(path, sizeof(path), "users/%s", user);
	{
		int ufd = openat(fd, path, O_RDONLY | O_CLOEXEC);

		if (ufd < 0 || !(in = fdopen(ufd, "r"))) {
			fs_error(e, 0, "%s: %s (is '%s' in the tree?)", path,
				 strerror(errno), user);
			if (ufd >= 0)
				close(ufd);
			close(fd);
			return -1;
		}
	}
	if (fs_slurp(in, text, e) < 0) {
		fclose(in);
		close(fd);
		return -1;
	}
	fclose(in);
	*dfd = fd;
	return 0;
}

/* The range of account q's list from the tree's "lists" metadata: q is
 * the k-th account row of the file. */
static int
list_range(const struct fs_tree *tr, uint32_t q, uint64_t *off,
	   uint64_t *len)
{
	const char *s = fs_header_meta(&tr->t->h, "lists");
	uint32_t i, k = 0;
	char *end;

	for (i = 0; i < q; i++)
		k += !tr->node[i].is_user;
	while (s && k--) {
		s = strchr(s, ' ');
		s = s ? s + 1 : NULL;
	}
	if (!s || *s == '-' || *s < '0' || *s > '9')
		return -1;
	*off = strtoull(s, &end, 10);
	if (*end != '+' || end[1] < '0' || end[1] > '9')
		return -1;
	*len = strtoull(end + 1, &end, 10);
	return (*end == ' ' || !*end) && *len > 0 && *len < (1u << 30) ? 0 : -1;
}

/* Parse one list (text, NUL-terminated) into v; the path's node p; its
 * users at most max_users (the tree's). */
static int
parse_list(char *text, const struct fs_node *p, uint32_t max_users,
	   struct fs_cost_level *v)
{
	struct fs_cost_sib *sib = NULL;
	size_t n = 0, cap = 0, at = SIZE_MAX;
	uint64_t users = 0;
	char *line = text, *nl, *f[7];
	int k;

	if (strncmp(line, "P\t", 2) || !(nl = strchr(line, '\n')))
		return -1;
	*nl = '\0';
	if (fs_parse_ld(line + 2, &v->parent_usage) < 0 ||
	    !(v->parent_usage >= 0))
		return -1;
	for (line = nl + 1; *line; line = nl + 1) {
		struct fs_cost_sib *s;
		char *end;

		if (!(nl = strchr(line, '\n')))
			goto bad;
		*nl = '\0';
		for (k = 0, f[0] = line; k < 6; k++) {
			if (!(f[k + 1] = strchr(f[k], '\t')))
				goto bad;
			*f[k + 1]++ = '\0';
		}
		FS_GROW(sib, n, cap);
		s = &sib[n];
		memset(s, 0, sizeof(*s));
		if (strlen(f[0]) != 1 || !strchr("aufp", *f[0]))
			goto bad;
		s->is_user = *f[0] == 'u' || *f[0] == 'p';
		s->use_parent = *f[0] == 'p' || *f[0] == 'f';
		s->shares_norm = strtod(f[4], &end);
		if (end == f[4] || *end || !(s->shares_norm >= 0) ||
		    s->shares_norm > 1 || fs_parse_ld(f[5], &s->usage) < 0 ||
		    !(s->usage >= 0))
			goto bad;
		for (end = f[6]; *end >= '0' && *end <= '9'; end++)
			;
		users += s->users = (uint32_t)strtoul(f[6], NULL, 10);
		if (end == f[6] || *end || end - f[6] > 9 || users > max_users)
			goto bad;
		if (at == SIZE_MAX && !s->is_user == !p->is_user &&
		    !strcmp(f[1], p->acct) &&
		    (!p->is_user || (!strcmp(f[2], p->user) &&
				     !strcmp(f[3], p->part))))
			at = n;
		n++;
	}
	if (at == SIZE_MAX)
		goto bad;
	v->sib = sib;
	v->n = n;
	v->at = at;
	return 0;
bad:
	free(sib);
	return -1;
}

void
fs_peruser_levels_free(struct fs_cost_level *lv, size_t n)
{
	size_t i;

	for (i = 0; lv && i < n; i++)
		free((void *)lv[i].sib);
	free(lv);
}

int
fs_peruser_levels(int dfd, const struct fs_tree *tr, uint32_t a,
		  struct fs_cost_level **out, size_t *nout, struct fs_err *e)
{
	struct fs_cost_level *lv;
	uint32_t q, p, depth = 0;
	size_t l;
	int fd;

	*out = NULL;
	*nout = 0;
	if (!fs_header_meta(&tr->t->h, "lists"))
		return 0;
	for (p = a; tr->node[p].fs_parent != FS_NONE; p = tr->node[p].fs_parent)
		depth++;
	if (!depth)
		return 0;
	if ((fd = openat(dfd, "lists.tsv", O_RDONLY | O_CLOEXEC)) < 0)
		return fs_error(e, 0, "lists.tsv: %s", strerror(errno));
	lv = fs_xcalloc(depth, sizeof(*lv));
	/* Bottom up: level depth - 1 is the association's own list. */
	for (l = depth, p = a; l-- > 0; p = q) {
		uint64_t off, len;
		char *text;
		ssize_t got;

		q = tr->node[p].fs_parent;
		if (list_range(tr, q, &off, &len) < 0) {
			fs_error(e, 0, "metadata 'lists': no list for account "
				 "'%s'", tr->node[q].acct);
			goto bad;
		}
		text = fs_xmalloc(len + 1);
		got = pread(fd, text, len, (off_t)off);
		if (got != (ssize_t)len) {
			free(text);
			fs_error(e, 0, "lists.tsv: cut short or changed (read "
				 "again from a new snapshot)");
			goto bad;
		}
		text[len] = '\0';
		if (parse_list(text, &tr->node[p], tr->user_count,
			       &lv[l]) < 0) {
			free(text);
			fs_error(e, 0, "lists.tsv: the list of account '%s' "
				 "does not match this file (a snapshot "
				 "written at another time?)", tr->node[q].acct);
			goto bad;
		}
		free(text);
	}
	close(fd);
	*out = lv;
	*nout = depth;
	return 1;
bad:
	close(fd);
	fs_peruser_levels_free(lv, depth);
	return -1;
}
