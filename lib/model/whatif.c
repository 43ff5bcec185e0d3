/*
 * whatif.c: a tree with some shares or usage changed, "what if physics had
 * 60 shares" (fs-rank(1) and fs-explain(1)'s --shares and --usage).
 *
 * The change is made to the table's text and the tree is built again from
 * it, so every rule of fs_tree_build holds as for a tree read from a file:
 * an account without a usage of its own is the sum of its children
 * (docs/slurm.md §1.2), and 'parent' shares move an association into its
 * parent's list. An account that carries a usage of its own (a dump of
 * slurmctld's numbers) includes its users' usage, as Slurm charges every
 * ancestor of a job (docs/slurm.md §4.3): a user's change is added to each
 * such ancestor. The new table's 'whatif' metadata lists the changes, after
 * any the input already had.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"

static int
parse(enum fs_whatif_kind kind, const char *arg, struct fs_whatif *w,
      struct fs_err *e)
{
	const char *opt = kind == FS_WHATIF_SHARES ? "--shares" : "--usage";
	const char *eq = strrchr(arg, '='), *v;
	unsigned long long n = 0;

	memset(w, 0, sizeof(*w));
	w->kind = kind;
	w->arg = arg;
	if (!eq || eq == arg || !eq[1])
		return fs_error(e, 0, "%s: expected %s=%s, not '%s'", opt,
				kind == FS_WHATIF_SHARES ? "ACCOUNT[/USER]"
							 : "ACCOUNT/USER",
				kind == FS_WHATIF_SHARES ? "N" : "USAGE", arg);
	w->name = fs_xstrdup(arg);
	w->name[eq - arg] = '\0';
	w->value = eq + 1;
	if (kind == FS_WHATIF_USAGE) {
		if (fs_parse_usage(w->value, opt, &w->usage, e, 0) < 0) {
			fs_error(e, 0, "%s: expected a usage (a number, 0 or "
				 "more), not '%s'", opt, w->value);
			goto bad;
		}
		return 0;
	}
	if (!strcmp(w->value, "parent")) {
		w->parent = 1;
		return 0;
	}
	for (v = w->value; *v >= '0' && *v <= '9' && n <= FS_INFINITE; v++)
		n = n * 10 + (unsigned)(*v - '0');
	if (*v || n > FS_INFINITE) {
		fs_error(e, 0, "%s: expected a whole number of shares from 0 "
			 "to 4294967295, or 'parent', not '%s'", opt, w->value);
		goto bad;
	}
	w->shares = (uint32_t)n;
	return 0;
bad:
	free(w->name);
	w->name = NULL;
	return -1;
}

int
fs_whatif_add(struct fs_whatif **w, size_t *n, enum fs_whatif_kind kind,
	      const char *arg, struct fs_err *e)
{
	*w = fs_xreallocarray(*w, *n + 1, sizeof(**w));
	if (parse(kind, arg, &(*w)[*n], e) < 0)
		return -1;
	(*n)++;
	return 0;
}

void
fs_whatif_free(struct fs_whatif *w, size_t n)
{
	while (n)
		free(w[--n].name);
	free(w);
}

/* The association w names: an account, or a user (--usage: users only). */
static int
find(const struct fs_tree *tr, const struct fs_whatif *w, uint32_t *i,
     struct fs_err *e)
{
	const char *opt = w->kind == FS_WHATIF_SHARES ? "--shares" : "--usage";
	char *part[3];
	int n = fs_spec_split(w->name, part, 3);

	if (n > 0)
		free(part[0]);
	if (w->kind == FS_WHATIF_SHARES && n == 1) {
		if ((*i = fs_tree_find_account(tr, w->name)) != FS_NONE)
			return 0;
		if (fs_tree_find_user(tr, w->name) != FS_NONE)
			return fs_error(e, 0, "%s %s: '%s' is a user, not an "
					"account: name ACCOUNT/%s", opt, w->arg,
					w->name, w->name);
		return fs_error(e, 0, "%s %s: account '%s' not found (fs-rank "
				"--tree lists the accounts)", opt, w->arg,
				w->name);
	}
	if (fs_explain_find_user(tr, w->name, i, e) < 0) {
		char msg[sizeof(e->msg)];

		snprintf(msg, sizeof(msg), "%s", e->msg);
		return fs_error(e, 0, "%s %s: %s", opt, w->arg, msg);
	}
	return 0;
}

int
fs_whatif_apply(const struct fs_table *t, const struct fs_whatif *w, size_t n,
		struct fs_table *out, struct fs_err *e)
{
	struct fs_tree tr;
	const char **f = NULL, **shares = NULL, **usage = NULL;
	long double *delta = NULL, *now = NULL;
	char (*text)[FS_FMT_MAX + 1] = NULL;
	int cs = fs_header_col(&t->h, FS_COL_RAW_SHARES);
	int cu = fs_header_col(&t->h, FS_COL_RAW_USAGE);
	const char *old_meta = fs_header_meta(&t->h, "whatif");
	struct fs_buf b, meta;
	size_t k, r, c;
	uint32_t i, j;
	int ret = -1;

	memset(out, 0, sizeof(*out));
	fs_buf_init(&b);
	fs_buf_init(&meta);
	if (fs_tree_build(&tr, t, e) < 0)
		return -1;
	shares = fs_xcalloc(tr.n, sizeof(*shares));
	usage = fs_xcalloc(tr.n, sizeof(*usage));
	delta = fs_xcalloc(tr.n, sizeof(*delta));
	now = fs_xcalloc(tr.n, sizeof(*now));
	text = fs_xcalloc(tr.n, sizeof(*text));
	for (i = 0; i < tr.n; i++)
		now[i] = tr.node[i].usage_raw;
	if (old_meta)
		fs_buf_addstr(&meta, old_meta);
	for (k = 0; k < n; k++) {
		if (find(&tr, &w[k], &i, e) < 0)
			goto out;
		if (meta.len)
			fs_buf_addstr(&meta, "; ");
		if (w[k].kind == FS_WHATIF_SHARES) {
			const char *was = fs_table_field(t, i,
							 (size_t)cs);

			fs_buf_printf(&meta, "shares ");
			fs_buf_user_spec(&meta, &tr, i);
			fs_buf_printf(&meta, "=%s (was %s)", w[k].value,
				      shares[i] ? shares[i] : *was ? was : "1");
			shares[i] = w[k].value;
			continue;
		}
		fs_buf_printf(&meta, "usage ");
		fs_buf_user_spec(&meta, &tr, i);
		fs_buf_printf(&meta, "=%s (was %s)", w[k].value,
			      usage[i] ? usage[i]
				       : fs_table_field(t, i,
							(size_t)cu));
		usage[i] = w[k].value;
		/* Every ancestor with a usage of its own moves with it. */
		for (j = tr.node[i].parent; j != FS_NONE; j = tr.node[j].parent)
			if (tr.node[j].usage_given)
				delta[j] += w[k].usage - now[i];
		now[i] = w[k].usage;
	}
	for (i = 0; i < tr.n; i++)
		if (delta[i] != 0) {
			long double v = tr.node[i].usage_raw + delta[i];

			text[i][fs_fmt_ld(text[i], v < 0 ? 0 : v)] = '\0';
			usage[i] = text[i];
		}

	/* The table again, its changed cells replaced. */
	fs_header_put(&t->h, &b);
	f = fs_xcalloc(t->h.ncols, sizeof(*f));
	for (r = 0; r < t->nrows; r++) {
		fs_table_fields(t, r, f);
		for (c = 0; c < t->h.ncols; c++) {
			const char *v = f[c];

			if ((int)c == cs && shares[r])
				v = shares[r];
			else if ((int)c == cu && usage[r])
				v = usage[r];
			fs_buf_printf(&b, "%s%s", c ? "\t" : "", v);
		}
		fs_buf_addch(&b, '\n');
	}
	fs_buf_addstr(&b, FS_TSV_END "\n");
	if (fs_table_parse(out, &b, e) < 0)
		goto out;
	/* Messages name the lines of the input. */
	out->first_line = t->first_line;
	out->row_line = t->row_line;
	if (n) {
		char *p;

		/* Prose about the change, as a message is: a name's control
		 * characters shown as '?', since metadata holds none
		 * (fs-tsv(5)). */
		for (p = meta.data; *p; p++)
			if ((unsigned char)*p < 0x20 || *p == 0x7f)
				*p = '?';
		fs_header_set_meta(&out->h, "whatif", meta.data);
	}
	ret = 0;
out:
	fs_tree_release(&tr);
	fs_buf_release(&b);
	fs_buf_release(&meta);
	free(f);
	free(shares);
	free(usage);
	free(delta);
	free(now);
	free(text);
	return ret;
}
