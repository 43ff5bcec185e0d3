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
 * Written private (PrivateData=usage), a user's file holds no account's
 * usage, running TRES or Level FS: the user's own rows, what sshare shows
 * a user then, and the accounts' names and shares. It is root's (the
 * writer's), and its user alone may read it, through a POSIX ACL
 * (user:NAME:r, no group, no other): the user cannot write, grow or
 * replace it, and no one else reads it. DIR/users then lets no one list
 * the names.
 *
 * DIR is written new: made here, or an empty directory that is not a
 * link (and, run as root, root's). A DIR made here stays mode 700 until
 * every file is in it, then 755; an existing one keeps its mode. Each file
 * is created (O_EXCL, O_NOFOLLOW) in the directory held open. A user whose
 * file cannot be written (a name that is no file name, or too long; no
 * local account when private) is left out and said so; the others are
 * written.
 *
 * Readers read regular files only: a FIFO or a device in the directory is
 * an error, never a wait.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/posix_acl.h>
#include <linux/posix_acl_xattr.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "io/io.h"
#include "core/msort.h"

/* A user name that is a file name in DIR/users: no '/', not hidden, not
 * too long for one. */
static int
file_name_ok(const char *s)
{
	return *s && *s != '.' && !strchr(s, '/') && strlen(s) <= NAME_MAX;
}

/* Readable by uid alone besides the owner: the ACL u::rw, u:UID:r, g::-,
 * m::r, o::- (the kernel's xattr form; mode 640 then, the group's bits
 * being the mask's). */
static int
acl_reader(int fd, uid_t uid)
{
	struct {
		struct posix_acl_xattr_header h;
		struct posix_acl_xattr_entry a[5];
	} acl;
	static const unsigned short tag[5] = {ACL_USER_OBJ, ACL_USER,
		ACL_GROUP_OBJ, ACL_MASK, ACL_OTHER};
	static const unsigned short perm[5] = {ACL_READ | ACL_WRITE, ACL_READ,
		0, ACL_READ, 0};
	int k;

	/* Little-endian on disk and in the call (posix_acl_xattr.h). */
	acl.h.a_version = htole32(POSIX_ACL_XATTR_VERSION);
	for (k = 0; k < 5; k++) {
		acl.a[k].e_tag = htole16(tag[k]);
		acl.a[k].e_perm = htole16(perm[k]);
		acl.a[k].e_id = htole32(k == 1 ? (uint32_t)uid
					       : (uint32_t)ACL_UNDEFINED_ID);
	}
	return fsetxattr(fd, "system.posix_acl_access", &acl, sizeof(acl), 0);
}

/* What befell a user's file: written, left out (a reason), or an error
 * that stops the whole run (e set). */
enum { WROTE, LEFT_OUT, FAILED };

/* b into DIR's new file name (dfd), mode 644, or, with pw, readable by
 * pw's user alone (acl_reader). A name the directory refuses (too long,
 * there already) leaves the user out (*why). */
static int
write_file(int dfd, const char *name, const struct fs_buf *b,
	   const struct passwd *pw, const char **why, struct fs_err *e)
{
	int fd = openat(dfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
			O_CLOEXEC, 0600);
	FILE *f;

	if (fd < 0) {
		if (errno == ENAMETOOLONG || errno == EEXIST ||
		    errno == EINVAL || errno == EILSEQ) {
			*why = strerror(errno);
			return LEFT_OUT;
		}
		fs_error(e, 0, "%s: %s", name, strerror(errno));
		return FAILED;
	}
	if (pw ? acl_reader(fd, pw->pw_uid) < 0 : fchmod(fd, 0644) < 0) {
		fs_error(e, 0, "%s: cannot make it readable by %s: %s%s", name,
			 pw ? pw->pw_name : "every user", strerror(errno),
			 errno == EOPNOTSUPP ? " (a file system without POSIX "
			 "ACLs: mount it with acl, or write elsewhere)" : "");
		close(fd);
		unlinkat(dfd, name, 0);
		return FAILED;
	}
	if (!(f = fdopen(fd, "w"))) {
		close(fd);
		return fs_error(e, 0, "%s: %s", name, strerror(errno)), FAILED;
	}
	if (fs_write_all(f, b->data, b->len) < 0 || fclose(f) != 0) {
		fs_error(e, 0, "%s: %s", name, strerror(errno));
		return FAILED;
	}
	return WROTE;
}

/* DIR to write into (*made: made here, mode 700 until done), or -1 with
 * e set: an existing DIR must be an empty directory, not a link, and run
 * as root, root's. */
static int
open_new_dir(const char *dir, int *made, struct fs_err *e)
{
	struct stat st;
	struct dirent *d;
	DIR *ls;
	int fd, n = 0;

	*made = mkdir(dir, 0700) == 0;
	if (!*made && errno != EEXIST)
		return fs_error(e, 0, "%s", strerror(errno));
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_NONBLOCK |
		  O_CLOEXEC);
	if (fd < 0)
		return fs_error(e, 0, "%s", errno == ELOOP || errno == ENOTDIR ?
				"a symbolic link or not a directory: "
				"--per-user writes a directory of its own" :
				strerror(errno));
	if (fstat(fd, &st) < 0) {
		close(fd);
		return fs_error(e, 0, "%s", strerror(errno));
	}
	/* Made here but someone else's: another's between mkdir and open. */
	if ((*made || geteuid() == 0) && st.st_uid != geteuid()) {
		close(fd);
		return fs_error(e, 0, "owned by uid %lu, not by the writer "
				"(uid %lu): not written into",
				(unsigned long)st.st_uid,
				(unsigned long)geteuid());
	}
	if (!*made) {
		int dup_fd = dup(fd);

		if (dup_fd < 0 || !(ls = fdopendir(dup_fd))) {
			if (dup_fd >= 0)
				close(dup_fd);
			close(fd);
			return fs_error(e, 0, "%s", strerror(errno));
		}
		while ((d = readdir(ls)))
			n += strcmp(d->d_name, ".") && strcmp(d->d_name, "..");
		closedir(ls);
		if (n) {
			close(fd);
			return fs_error(e, 0, "exists and is not empty: "
					"--per-user writes a new directory "
					"(a file left from before would stay)");
		}
	}
	return fd;
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
fs_peruser_private(const struct fs_header *h)
{
	const char *pd = fs_header_meta(h, "private_data");
	const char *w;

	if (!pd)
		return -1;
	/* Word by word: "usage", "users" or "accounts" among them. */
	for (w = pd; *w; w += strcspn(w, ","), w += *w == ',') {
		size_t n = strcspn(w, ",");

		if ((n == 5 && !strncmp(w, "usage", 5)) ||
		    (n == 5 && !strncmp(w, "users", 5)) ||
		    (n == 8 && !strncmp(w, "accounts", 8)))
			return 1;
	}
	return 0;
}

/* A user left out: counted, and the first few named in why. */
static void
left_out(size_t *skipped, struct fs_buf *why, const char *name,
	 const char *reason)
{
	if (++*skipped <= 10)
		fs_buf_printf(why, "user '%.64s%s': %s\n", name,
			      strlen(name) > 64 ? "..." : "", reason);
}

int
fs_peruser_write(const struct fs_tree *tr, const struct fs_rank_opts *o,
		 const char *dir, int private_, size_t *skipped,
		 struct fs_buf *why, struct fs_err *e)
{
	uint32_t *pos = fs_xcalloc(tr->n, sizeof(*pos));
	uint32_t *users = fs_xcalloc(tr->n, sizeof(*users));
	uint32_t *stamp = fs_xcalloc(tr->n, sizeof(*stamp));
	uint32_t *u = NULL, *rows = NULL, *tmp = NULL, nu = 0, r, i, g;
	struct sort_ctx sc = {tr, pos};
	uint64_t (*at)[2] = NULL;
	size_t nrows, cap = 0;
	int lists = !private_ && o->algorithm == FS_ALG_FAIRTREE;
	int dfd = -1, udfd = -1, ret = -1, made = 0;
	int pcol = fs_header_col(&tr->t->h, FS_COL_PRIORITY);
	unsigned long pmax = 0;
	char pmax_s[24];
	const char *reason = NULL;
	struct fs_buf b, meta;

	fs_buf_init(&b);
	fs_buf_init(&meta);
	*skipped = 0;
	e->file = dir;
	if ((dfd = open_new_dir(dir, &made, e)) < 0)
		goto out;
	if (mkdirat(dfd, "users", 0700) < 0 ||
	    (udfd = openat(dfd, "users", O_RDONLY | O_DIRECTORY |
			   O_NOFOLLOW | O_CLOEXEC)) < 0) {
		fs_error(e, 0, "users: %s", strerror(errno));
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
		int w = write_file(dfd, "lists.tsv", &b, NULL, &reason, e);

		if (w == LEFT_OUT)
			fs_error(e, 0, "lists.tsv: %s", reason);
		if (w != WROTE)
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
		/* Written private, a file only its user may read: a local
		 * account's. */
		if (!file_name_ok(name) || (private_ && !(pw = getpwnam(name)))) {
			left_out(skipped, why, name, file_name_ok(name) ?
				 "no local account to read the file" :
				 "a name that is no file name");
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
		switch (write_file(udfd, name, &b, pw, &reason, e)) {
		case FAILED:
			goto out;
		case LEFT_OUT:
			left_out(skipped, why, name, reason);
			break;
		}
		i = end;
	}
	/* Done: every user reaches their file; written private, no user
	 * lists the others' names. */
	if (fchmod(udfd, private_ ? 0711 : 0755) < 0 ||
	    (made && fchmod(dfd, 0755) < 0)) {
		fs_error(e, 0, "%s", strerror(errno));
		goto out;
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

/* name in dfd, opened for reading if it is a regular file (never waiting
 * on a FIFO), else -1 with errno set (EINVAL: not a regular file). */
static int
open_regular(int dfd, const char *name)
{
	struct stat st;
	int fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK |
			O_CLOEXEC);

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) ||
	    fcntl(fd, F_SETFL, O_RDONLY) < 0) {
		int err = errno;

		close(fd);
		errno = S_ISREG(st.st_mode) ? err : EINVAL;
		return -1;
	}
	return fd;
}

static const char *
open_error(void)
{
	return errno == EINVAL ? "not a regular file" : strerror(errno);
}

int
fs_peruser_read(const char *dir, const char *user, struct fs_buf *text,
		int *dfd, struct fs_err *e)
{
	char path[4096];
	FILE *in;
	int fd, ufd;

	e->file = dir;
	*dfd = -1;
	if (!file_name_ok(user))
		return fs_error(e, 0, "user '%s' has no file here", user);
	if ((fd = open(dir, O_RDONLY | O_DIRECTORY | O_NONBLOCK |
		       O_CLOEXEC)) < 0)
		return fs_error(e, 0, "%s", strerror(errno));
	snprintf(path, sizeof(path), "users/%s", user);
	if ((ufd = open_regular(fd, path)) < 0 || !(in = fdopen(ufd, "r"))) {
		fs_error(e, 0, "%s: %s (is '%s' in the tree?)", path,
			 open_error(), user);
		if (ufd >= 0)
			close(ufd);
		close(fd);
		return -1;
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
	if ((fd = open_regular(dfd, "lists.tsv")) < 0)
		return fs_error(e, 0, "lists.tsv: %s", open_error());
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
