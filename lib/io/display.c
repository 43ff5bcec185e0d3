/*
 * display.c: fs-rank --tree, the ranked tree for a person at a terminal.
 *
 * One line per association in sshare's order, the name drawn as a tree, then
 * raw shares, normalised shares, raw usage, effective usage, Level FS,
 * FairShare and rank out of N, aligned. A rank shared by several users is
 * marked '=', and so is a Level FS exactly equal to a sibling's (a tie that
 * Slurm resolves by list order). A Level FS that prints like a sibling's but
 * is not equal (docs/slurm.md §2.7) is marked '~'.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "io/io.h"
#include "core/msort.h"

#define MAX_DRAWN 24

static const long double NO_VAL_LD = (long double)FS_NO_VAL;

/* Siblings by Level FS, lowest first. */
static inline int
lower_lf(const struct fs_tree *tr, const uint32_t *a, const uint32_t *b)
{
	return tr->node[*a].level_fs < tr->node[*b].level_fs;
}

FS_MSORT(sort_by_lf, uint32_t, const struct fs_tree *, lower_lf)

/* mark[i]: 1 when node i's Level FS equals a sibling's, 2 when it only
 * prints the same at 6 decimals. */
static void
mark_level_ties(const struct fs_tree *tr, uint8_t *mark)
{
	uint32_t p, k, *v = fs_xcalloc((size_t)tr->n + 1, sizeof(*v));
	uint32_t *tmp = fs_xcalloc((size_t)tr->n + 1, sizeof(*tmp));
	char s1[64], s2[64];

	for (p = 0; p < tr->n; p++) {
		const struct fs_node *a = &tr->node[p];

		if (a->nfs_kids < 2)
			continue;
		memcpy(v, tr->fs_kids + a->fs_kids, a->nfs_kids * sizeof(*v));
		sort_by_lf(tr, v, tmp, a->nfs_kids);
		for (k = 1; k < a->nfs_kids; k++) {
			const struct fs_node *x = &tr->node[v[k - 1]];
			const struct fs_node *y = &tr->node[v[k]];

			if (x->level_fs == NO_VAL_LD || x->use_parent ||
			    y->use_parent)
				continue;
			if (x->level_fs == y->level_fs) {
				mark[v[k - 1]] = mark[v[k]] = 1;
				continue;
			}
			snprintf(s1, sizeof(s1), "%f", (double)x->level_fs);
			snprintf(s2, sizeof(s2), "%f", (double)y->level_fs);
			if (!strcmp(s1, s2)) {
				if (!mark[v[k - 1]])
					mark[v[k - 1]] = 2;
				if (!mark[v[k]])
					mark[v[k]] = 2;
			}
		}
	}
	free(v);
	free(tmp);
}

/* The tree drawing before node i: "│   " for every open ancestor level, then
 * "├── " or "└── ". Returns its display width. */
static size_t
prefix(const struct fs_tree *tr, uint32_t i, const uint8_t *last,
       struct fs_buf *b, uint32_t *chain)
{
	uint32_t d = 0, j;

	if (i == tr->root)
		return 0;
	if (tr->node[i].depth > MAX_DRAWN) {
		/* Too deep to draw: say how deep instead. */
		size_t l = b->len;

		fs_buf_printf(b, "[depth %u] ", tr->node[i].depth);
		return b->len - l;
	}
	for (j = i; j != tr->root; j = tr->node[j].parent)
		chain[d++] = j;
	/* chain[d-1] is the child of root; chain[0] is i. */
	for (j = d; j-- > 1;)
		fs_buf_addstr(b, last[chain[j]] ? "    " : "\xe2\x94\x82   ");
	fs_buf_addstr(b, last[i] ? "\xe2\x94\x94\xe2\x94\x80\xe2\x94\x80 "
				 : "\xe2\x94\x9c\xe2\x94\x80\xe2\x94\x80 ");
	return (size_t)d * 4;
}

/* v as "%*.6f" in width columns (blank: none), with a space before it
 * when it fills them: Level FS 2449.222006 must not run into the
 * EFFECTVUSAGE before it. */
static void
num6(struct fs_buf *b, int width, long double v, int blank)
{
	char f[400];
	int n;

	if (blank)
		n = 0;
	else if (isinf(v))
		n = (int)strlen(strcpy(f, "inf"));
	else if ((n = fs_fmt_fixed6(f, (double)v)) < 0)
		n = snprintf(f, sizeof(f), "%f", (double)v);
	if (n >= width)
		fs_buf_addch(b, ' ');
	for (; n < width; width--)
		fs_buf_addch(b, ' ');
	fs_buf_add(b, f, (size_t)n);
}

int
fs_tree_table_write(const struct fs_tree *tr, const struct fs_rank_opts *o,
		    FILE *out)
{
	const struct fs_header *h = &tr->t->h;
	int fair = fs_algorithm_levels(o->algorithm);
	uint8_t *last = fs_xcalloc((size_t)tr->n + 1, 1);
	uint8_t *mark = fs_xcalloc((size_t)tr->n + 1, 1), *vis = NULL;
	uint32_t *chain = fs_xcalloc((size_t)tr->n + 1, sizeof(*chain));
	uint32_t *shared = fs_xcalloc((size_t)tr->user_count + 2, sizeof(*shared));
	uint32_t i, r, k;
	size_t w = 14, width, namew;
	struct fs_buf b, line;
	const char *cluster = fs_header_meta(h, "cluster");
	const char *taken = fs_header_meta(h, "taken");
	int ret = 0;

	/* With a filter (o->show), the shown rows and their ancestors are
	 * drawn: vis, 1 for a drawn row. */
	if (o->show) {
		vis = fs_xcalloc((size_t)tr->n + 1, 1);
		for (r = tr->n; r-- > 0;) {
			i = tr->order[r];
			if ((o->show[i] || vis[i]) &&
			    tr->node[i].parent != FS_NONE)
				vis[tr->node[i].parent] = 1;
			vis[i] |= o->show[i];
		}
	}
	for (i = 0; i < tr->n; i++) {
		const struct fs_node *a = &tr->node[i];

		for (k = a->nkids; vis && k > 0 && !vis[tr->kids[a->kids + k - 1]];)
			k--;
		if (k && vis)
			last[tr->kids[a->kids + k - 1]] = 1;
		else if (a->nkids && !vis)
			last[tr->kids[a->kids + a->nkids - 1]] = 1;
		if (a->is_user && a->rank <= tr->user_count)
			shared[a->rank]++;
	}
	if (fair)
		mark_level_ties(tr, mark);
	/* Name column width: drawing plus name, at most 60. */
	for (i = 0; i < tr->n; i++) {
		const struct fs_node *a = &tr->node[i];

		width = (size_t)(a->depth > MAX_DRAWN ? 16 : a->depth * 4) +
			strlen(a->is_user ? a->user : a->acct) +
			(*a->part ? strlen(a->part) + 3 : 0);
		if (width > w)
			w = width;
	}
	if (w > 60)
		w = 60;

	fs_buf_init(&b);
	fs_buf_init(&line);
	fs_buf_printf(&b, "cluster %s, taken %s, %s%s, %u user associations\n",
		      cluster ? cluster : "?", taken ? taken : "?",
		      fair ? "Fair Tree" : fs_algorithm_name(o->algorithm),
		      fair ? (o->ties == FS_TIES_MERGE ? " (ties merged)" : "")
			   : "",
		      tr->user_count);
	if (fs_header_meta(&tr->t->h, "whatif"))
		fs_buf_printf(&b, "what if: %s\n",
			      fs_header_meta(&tr->t->h, "whatif"));
	fs_buf_printf(&b, "%-*s %8s %11s %14s %12s %11s %10s %11s\n", (int)w,
		      "ACCOUNT / USER", "SHARES", "NORMSHARES", "USAGE",
		      "EFFECTVUSAGE", fair ? "LEVELFS" : "", "FAIRSHARE",
		      "RANK");
	for (r = 0; r < tr->n; r++) {
		const struct fs_node *a;
		char shares[16], rank[48];

		i = tr->order[r];
		a = &tr->node[i];
		if (vis && !vis[i])
			continue;
		line.len = 0;
		if (line.data)
			line.data[0] = '\0';
		namew = prefix(tr, i, last, &line, chain);
		if (a->is_user && *a->part)
			fs_buf_printf(&line, "%s (%s)", a->user, a->part);
		else
			fs_buf_addstr(&line, a->is_user ? a->user : a->acct);
		namew += strlen(a->is_user ? a->user : a->acct) +
			 (a->is_user && *a->part ? strlen(a->part) + 3 : 0);
		fs_buf_add(&b, line.data, line.len);
		for (k = (uint32_t)namew; k < w; k++)
			fs_buf_addch(&b, ' ');
		if (a->use_parent)
			snprintf(shares, sizeof(shares), "parent");
		else if (i == tr->root)
			shares[0] = '\0';
		else
			snprintf(shares, sizeof(shares), "%u", a->shares_raw);
		fs_buf_printf(&b, " %8s", shares);
		/* FairShare=parent has no share of its own: Slurm's
		 * NormShares for it (sshare -l's) is its fs parent's. */
		num6(&b, 12, a->shares_norm,
		     (i == tr->root && fair) || a->use_parent);
		/* sshare's integer, truncated (35467.875 is 35467, as
		 * fs-rank -l and the whole part of fs-explain's 35467.875). */
		if (a->usage_raw >= 0 && a->usage_raw < 0x1p64L)
			fs_buf_printf(&b, " %14llu", (unsigned long long)
				      fs_ld_u64(a->usage_raw));
		else
			fs_buf_printf(&b, " %14.0Lf", a->usage_raw);
		num6(&b, 13, fs_node_usage_efctv(tr, a), 0);
		if (fair) {
			num6(&b, 11, a->level_fs,
			     a->level_fs == NO_VAL_LD || (a->use_parent && !a->is_user));
			fs_buf_addstr(&b, mark[i] == 1 ? "=" : mark[i] == 2 ? "~" : " ");
		} else
			fs_buf_addstr(&b, "            ");
		num6(&b, 10, a->fs_factor, !a->is_user && fair);
		if (a->is_user) {
			snprintf(rank, sizeof(rank), "%u/%u%s",
				 tr->user_count + 1 - a->rank, tr->user_count,
				 shared[a->rank] > 1 ? "=" : "");
			fs_buf_printf(&b, " %11s", rank);
		}
		while (b.len && b.data[b.len - 1] == ' ')
			b.data[--b.len] = '\0';
		fs_buf_addch(&b, '\n');
		if (b.len >= 1 << 16) {
			ret = fs_write_all(out, b.data, b.len);
			b.len = 0;
		}
	}
	if (!ret)
		ret = fs_write_all(out, b.data, b.len);
	fs_buf_release(&b);
	fs_buf_release(&line);
	free(last);
	free(mark);
	free(vis);
	free(chain);
	free(shared);
	return ret;
}
