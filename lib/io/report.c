/*
 * report.c: the content of fs-report(1), built once and handed to a renderer:
 * report_text.c (plain text, Markdown), report_html.c, report_prom.c.
 *
 * The report is built once, as a summary and a list of tables of unescaped
 * strings, from one ranked tree and optionally an earlier one; each format
 * then renders the same content. The tables:
 *
 *  - the accounts furthest below and above their share of the cluster, by
 *    the gap between their part of the whole cluster's shares (the product
 *    of their parts of each level down the tree) and their part of its
 *    usage (NormUsage). Level FS, the part of the level's shares over the
 *    part of its usage, cannot rank accounts of different levels: an idle
 *    account with a sliver of the shares tops it, and an account far below
 *    its share under an over-served parent still waits. The gap is in
 *    points of the cluster, comparable everywhere; each row shows its
 *    parent's gap and its Level FS (classic: S/U, NormShares over
 *    EffectvUsage) for the level;
 *  - the users served last (lowest FairShare) and the heaviest users;
 *  - associations (accounts and users) that hold shares but have no usage,
 *    and those with usage but no shares;
 *  - with an earlier snapshot: the users whose Rank or FairShare moved most,
 *    the accounts whose Level FS moved most (by |log(new/old)|), and the
 *    associations added and removed. Associations are matched by account,
 *    user and partition: both trees' associations are sorted by that key and
 *    merged, O(n log n).
 *
 * Every list is cut at --top rows and says how many it left off. Usage is
 * shown in hours: RawUsage is CPU-seconds (billing-seconds where
 * TRESBillingWeights are set), decayed (docs/slurm.md §4).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "io/report.h"
#include "core/msort.h"

static const long double NO_VAL_LD = (long double)FS_NO_VAL;


/* ----------------------------------------------------- building blocks */

/* Each node's part of the whole cluster's shares: its part of its fs
 * parent's list times the fs parent's part. A FairShare=parent account
 * covers its children; a FairShare=parent user has no shares of its own. */
static double *
global_shares(const struct fs_tree *tr)
{
	double *w = fs_xcalloc_huge(tr->n, sizeof(*w)), *sum;
	uint32_t k, i, j;

	sum = fs_xcalloc_huge(tr->n, sizeof(*sum));
	for (k = 1; k < tr->n; k++) {
		const struct fs_node *a = &tr->node[tr->order[k]];

		if (!a->use_parent)
			sum[a->fs_parent] += a->shares_raw;
	}
	w[tr->root] = 1;
	for (k = 1; k < tr->n; k++) {
		const struct fs_node *a = &tr->node[i = tr->order[k]];

		if (!a->use_parent && sum[a->fs_parent] > 0)
			w[i] = w[a->fs_parent] * a->shares_raw /
			       sum[a->fs_parent];
	}
	for (k = tr->n; k-- > 1;) {
		const struct fs_node *a = &tr->node[i = tr->order[k]];

		if (a->use_parent && !a->is_user)
			for (j = 0; j < a->nkids; j++)
				w[i] += w[tr->kids[a->kids + j]];
	}
	fs_free_huge(sum, tr->n, sizeof(*sum));
	return w;
}

/* The node's part of the cluster's usage (NormUsage, uncapped). */
static long double
cluster_use(const struct fs_report *r, uint32_t i)
{
	const struct fs_tree *tr = r->cur;
	long double total = tr->node[tr->root].usage_raw;

	return total > 0 ? tr->node[i].usage_raw / total : 0;
}

/* Its part of the cluster's shares less its part of the usage: above 0
 * the account is owed more of the cluster than it used. */
static long double
gap(const struct fs_report *r, uint32_t i)
{
	return (long double)r->width[i] - cluster_use(r, i);
}

static void
fmt_percent(struct fs_buf *b, long double v)
{
	if (v == NO_VAL_LD || v < 0)
		fs_buf_addch(b, '-');
	else
		fs_buf_printf(b, "%.2Lf%%", v * 100);
}

static void
fmt_shares(struct fs_buf *b, const struct fs_node *a)
{
	if (a->use_parent)
		fs_buf_addstr(b, "parent");
	else
		fs_buf_printf(b, "%u", a->shares_raw);
}

static unsigned
display_rank(const struct fs_tree *tr, const struct fs_node *a)
{
	return a->rank ? tr->user_count + 1 - a->rank : 0;
}

/* A table from a column spec "lAccount|rShares|pPartition": each column's
 * first letter aligns it left or right, 'p' keeps it (left) only when some
 * association has a partition. */
static struct fs_rtable *
table_new(struct fs_report *r, const char *title, const char *note,
	  const char *empty, const char *spec)
{
	struct fs_rtable *t;
	char *s, *p, *bar, **head, *align;
	size_t n = 0;

	r->tab = fs_xreallocarray(r->tab, r->ntab + 1, sizeof(*r->tab));
	t = &r->tab[r->ntab++];
	memset(t, 0, sizeof(*t));
	t->title = title;
	t->note = note;
	t->empty = empty;
	s = fs_xstrdup(spec);
	head = fs_xcalloc(strlen(spec) + 1, sizeof(*head));
	align = fs_xcalloc(strlen(spec) + 1, 1);
	for (p = s;; p = bar + 1) {
		bar = strchr(p, '|');
		if (bar)
			*bar = '\0';
		if (*p != 'p' || r->partitions) {
			align[n] = *p == 'r' ? 'r' : 'l';
			head[n++] = p + 1;
		}
		if (!bar)
			break;
	}
	t->spec = s;
	t->head = (const char *const *)head;
	t->align = align;
	t->ncols = n;
	return t;
}

/* Append one row; cells are taken from a buffer of NUL-separated strings. */
static void
table_row(struct fs_rtable *t, const struct fs_buf *cells)
{
	const char *p = cells->data;
	size_t c;

	t->cell = fs_xreallocarray(t->cell, (t->nrows + 1) * t->ncols,
				   sizeof(*t->cell));
	for (c = 0; c < t->ncols; c++) {
		t->cell[t->nrows * t->ncols + c] = fs_xstrdup(p);
		p += strlen(p) + 1;
	}
	t->nrows++;
}

static void
end_cell(struct fs_buf *b)
{
	fs_buf_addch(b, '\0');
}

static void
name_cells(struct fs_buf *b, const struct fs_node *a, int partitions)
{
	fs_buf_addstr(b, a->acct);
	end_cell(b);
	fs_buf_addstr(b, a->user);
	end_cell(b);
	if (partitions) {
		fs_buf_addstr(b, a->part);
		end_cell(b);
	}
}

static void
summary_add(struct fs_report *r, const char *key, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void
summary_add(struct fs_report *r, const char *key, const char *fmt, ...)
{
	struct fs_buf b;
	va_list ap;

	fs_buf_init(&b);
	va_start(ap, fmt);
	fs_buf_vprintf(&b, fmt, ap);
	va_end(ap);
	r->summary = fs_xreallocarray(r->summary, 2 * (r->nsummary + 1),
				      sizeof(*r->summary));
	r->summary[2 * r->nsummary] = fs_xstrdup(key);
	r->summary[2 * r->nsummary + 1] = b.data ? b.data : fs_xstrdup("");
	r->nsummary++;
}

/* The report's sorts (msort.h, with a context): an order of indices by
 * one of these comparisons, each ending in the association's key, so
 * that no two rows are equal. */
struct order {
	int (*cmp)(const struct order *, uint32_t, uint32_t);
	const struct fs_report *r;
	const struct fs_tree *tr;
	const uint32_t *pos;
};

static inline int
order_before(const struct order *o, const uint32_t *a, const uint32_t *b)
{
	return o->cmp(o, *a, *b) < 0;
}

FS_MSORT(order_sort, uint32_t, const struct order *, order_before)

static void
sort_by(uint32_t *v, size_t n, const struct order *o)
{
	uint32_t *tmp = fs_xcalloc(n + 1, sizeof(*tmp));

	order_sort(o, v, tmp, (uint32_t)n);
	free(tmp);
}

/* Sift v[i] down a heap of n whose root is the last in o's order. */
static void
sift(uint32_t *v, size_t n, size_t i, const struct order *o)
{
	size_t c;
	uint32_t t;

	for (; (c = 2 * i + 1) < n; i = c) {
		if (c + 1 < n && o->cmp(o, v[c + 1], v[c]) > 0)
			c++;
		if (o->cmp(o, v[c], v[i]) <= 0)
			return;
		t = v[i];
		v[i] = v[c];
		v[c] = t;
	}
}

/* Only the first k of v[0..n) in o's order are listed: they are put in
 * v[0..k), sorted, through a heap of the k best so far, O(n log k). A
 * whole sort of a million users, a third of them tied at no usage and
 * told apart by name, took seconds. */
static void
first_k(uint32_t *v, size_t n, size_t k, const struct order *o)
{
	size_t i;

	if (k >= n) {
		sort_by(v, n, o);
		return;
	}
	for (i = k / 2; i-- > 0;)
		sift(v, k, i, o);
	for (i = k; i < n; i++)
		if (o->cmp(o, v[i], v[0]) < 0) {
			v[0] = v[i];
			sift(v, k, 0, o);
		}
	sort_by(v, k, o);
}

static int
cmp_pos(const struct order *o, uint32_t x, uint32_t y)
{
	return o->pos[x] < o->pos[y] ? -1 : o->pos[x] > o->pos[y];
}

static int
cmp_node_key(const struct order *o, uint32_t x, uint32_t y)
{
	return fs_report_cmp_key(&o->tr->node[x], &o->tr->node[y]);
}

/* By user name, then key. */
static int
cmp_user_key(const struct order *o, uint32_t x, uint32_t y)
{
	int c = strcmp(o->tr->node[x].user, o->tr->node[y].user);

	return c ? c : fs_report_cmp_key(&o->tr->node[x], &o->tr->node[y]);
}

static int
cmp_gap_desc(const struct order *o, uint32_t i, uint32_t j)
{
	long double a = gap(o->r, i), b = gap(o->r, j);

	if (a != b)
		return a > b ? -1 : 1;
	return fs_report_cmp_key(&o->r->cur->node[i], &o->r->cur->node[j]);
}

/* The smallest gap first; equal gaps still in key order. */
static int
cmp_gap_asc(const struct order *o, uint32_t i, uint32_t j)
{
	return gap(o->r, i) != gap(o->r, j) ? cmp_gap_desc(o, j, i)
					    : cmp_gap_desc(o, i, j);
}

static int
cmp_width_desc(const struct order *o, uint32_t i, uint32_t j)
{
	double a = o->r->width[i], b = o->r->width[j];

	if (a != b)
		return a > b ? -1 : 1;
	return fs_report_cmp_key(&o->r->cur->node[i], &o->r->cur->node[j]);
}

static int
cmp_usage_desc(const struct order *o, uint32_t i, uint32_t j)
{
	long double a = o->r->cur->node[i].usage_raw;
	long double b = o->r->cur->node[j].usage_raw;

	if (a != b)
		return a > b ? -1 : 1;
	return fs_report_cmp_key(&o->r->cur->node[i], &o->r->cur->node[j]);
}

/* Served last first: the lowest FairShare, then the lowest rank. */
static int
cmp_factor_asc(const struct order *o, uint32_t i, uint32_t j)
{
	const struct fs_node *a = &o->r->cur->node[i], *b = &o->r->cur->node[j];

	if (a->fs_factor != b->fs_factor)
		return a->fs_factor < b->fs_factor ? -1 : 1;
	if (a->rank != b->rank)
		return a->rank < b->rank ? -1 : 1;
	return fs_report_cmp_key(a, b);
}

/* A pair matched across snapshots, with how far it moved. */
struct moved {
	uint32_t cur, old;
	long double by, by2;	/* sort keys, largest first */
};

static inline int
moved_before(const struct fs_report *r, const struct moved *a,
	     const struct moved *b)
{
	if (a->by != b->by)
		return a->by > b->by;
	if (a->by2 != b->by2)
		return a->by2 > b->by2;
	return fs_report_cmp_key(&r->cur->node[a->cur],
				 &r->cur->node[b->cur]) < 0;
}

FS_MSORT(moved_sort, struct moved, const struct fs_report *, moved_before)

static void
sort_moved(const struct fs_report *r, struct moved *v, size_t n)
{
	struct moved *tmp = fs_xcalloc(n + 1, sizeof(*tmp));

	moved_sort(r, v, tmp, (uint32_t)n);
	free(tmp);
}

/* An association with the first eight bytes of a name (its user's or its
 * account's) as a number in byte order: sorted by it first (a radix sort,
 * no comparisons), then by name and key only within a run of one prefix
 * (strcmp took a quarter of fs-report --html, the comparison sort of a
 * million users a fifth of what was left). */
struct named {
	uint64_t prefix;
	uint32_t i;
	/* A user whose prefix holds the whole name, where the accounts were
	 * ranked by name: its account's rank, which is the name's order
	 * (account names are unique), so that the users of one name are put
	 * in key order without reading the account names, which are all
	 * over memory; else 0. */
	uint32_t acct;
};

static inline int
named_before(const struct order *o, const struct named *a,
	     const struct named *b)
{
	if (a->prefix != b->prefix)
		return a->prefix < b->prefix;
	if (a->acct != b->acct)
		return a->acct < b->acct;
	return o->cmp(o, a->i, b->i) < 0;
}

FS_MSORT(named_sort, struct named, const struct order *, named_before)

/* w[0..n) by prefix, stably, through tmp[0..n): a radix sort, a byte at
 * a time from the last, with the bytes every prefix shares skipped (the
 * zeros after a short name, a common first letter). */
static inline unsigned
prefix_byte(const struct named *w, unsigned b)
{
	return (unsigned)(w->prefix >> (8 * b) & 0xff);
}

FS_RADIX(radix_by_prefix, struct named, 8, prefix_byte)

static const char *
name_field(const struct fs_node *a, int user)
{
	return user ? a->user : a->acct;
}

/* One bucket of sort_by_name: w[0..n) by prefix (tmp[0..n) the scratch),
 * then each run of one prefix by o; where the prefix holds the whole
 * name (it ends in NUL) the names are equal, and o's order is the key's
 * (whole). */
struct name_bucket {
	const struct order *o, *whole;
	struct named *w, *tmp;
	const size_t *start;	/* bucket c is [start[c], start[c + 1]) */
};

static void
name_bucket_sort(void *arg, size_t c)
{
	const struct name_bucket *nb = arg;
	size_t lo = nb->start[c], n = nb->start[c + 1] - lo, k, j;
	struct named *w = nb->w + lo, *tmp = nb->tmp + lo;

	radix_by_prefix(w, tmp, n);
	for (k = 0; k < n; k = j) {
		for (j = k + 1; j < n && w[j].prefix == w[k].prefix; j++)
			;
		if (j - k > 1)
			named_sort(w[k].prefix & 0xff ? nb->o : nb->whole,
				   w + k, tmp + k, (uint32_t)(j - k));
	}
}

/* A name's first eight bytes as a number in byte order. */
static inline uint64_t
name_prefix(const char *name)
{
	const unsigned char *u = (const unsigned char *)name;
	uint64_t p = 0;
	int j;

	/* Bytes after the NUL count as 0: "ab" before "ab\1". */
	for (j = 0; j < 8; j++) {
		p = p << 8 | *u;
		u += *u != 0;
	}
	return p;
}

/* v[0..n) sorted by o, whose first key is the user name (user) or the
 * account name and whose second is the association's key; returns how
 * many distinct names there are, told from the prefixes where they are
 * whole (the names are scattered in memory), and marks in first (when
 * not NULL) where each starts. The prefixes are cut into buckets by
 * their first byte that differs (a million users' "u1..." to "u9..."),
 * each sorted on its own, on every core, in a cache's room. rank, when
 * not NULL: each account's rank by name (users: struct named's acct).
 * pre, when not NULL: v's entries made already (list_users), from
 * fs_xcalloc_huge with room for 2 * tr->n + 1; sort_by_name frees it. */
static uint32_t
sort_by_name(const struct order *o, uint32_t *v, size_t n, int user,
	     uint8_t *first, const uint32_t *rank, struct named *pre)
{
	const struct fs_tree *tr = o->tr;
	size_t room = pre ? 2 * (size_t)tr->n + 1 : 2 * n + 1;
	struct named *w = pre ? pre : fs_xcalloc_huge(room, sizeof(*w));
	struct named *src, *dst;
	struct order whole;
	uint64_t any = 0, all = ~(uint64_t)0, diff;
	size_t cnt[256] = {0}, *start, nb = 0, k, j, sum;
	uint32_t distinct = 0;
	int shift = 0;

	/* Made by list_users: acct is the parent's index where the prefix
	 * holds the whole name, else UINT32_MAX. */
	for (k = 0; pre && k < n; k++) {
		w[k].acct = rank && w[k].acct != UINT32_MAX ? rank[w[k].acct]
							     : 0;
		any |= w[k].prefix;
		all &= w[k].prefix;
	}
	for (k = 0; !pre && k < n; k++) {
		uint64_t p = name_prefix(name_field(&tr->node[v[k]], user));

		w[k] = (struct named){p, v[k],
				      rank && !(p & 0xff)
					      ? rank[tr->node[v[k]].parent]
					      : 0};
		any |= p;
		all &= p;
	}
	/* The buckets: by the highest byte in which prefixes differ. */
	if ((diff = any ^ all))
		shift = (63 - __builtin_clzll(diff)) & ~7;
	for (k = 0; k < n; k++)
		cnt[w[k].prefix >> shift & 0xff]++;
	start = fs_xcalloc(257, sizeof(*start));
	for (j = 0, sum = 0; j < 256; j++)
		if (cnt[j]) {
			start[nb++] = sum;
			sum += cnt[j];
			cnt[j] = start[nb - 1];
		}
	start[nb] = n;
	src = w;
	dst = w + n;
	if (nb > 1)
		for (k = 0; k < n; k++)
			dst[cnt[src[k].prefix >> shift & 0xff]++] = src[k];
	else {
		dst = w;
		src = w + n;
	}
	whole = (struct order){cmp_node_key, o->r, tr, NULL};
	fs_par_for(nb, name_bucket_sort,
		   &(struct name_bucket){o, &whole, dst, src, start});
	free(start);
	for (k = 0; k < n; k++) {
		/* A prefix ending in NUL holds the whole name. */
		int is_first = !k || dst[k].prefix != dst[k - 1].prefix ||
			       ((dst[k].prefix & 0xff) &&
				strcmp(name_field(&tr->node[dst[k - 1].i], user),
				       name_field(&tr->node[dst[k].i], user)));

		v[k] = dst[k].i;
		distinct += is_first;
		if (first)
			first[k] = (uint8_t)is_first;
	}
	fs_free_huge(w, room, sizeof(*w));
	return distinct;
}

/* ------------------------------------------------------------ sections */

/* The user associations by user name (ties by key: the HTML page's index
 * of users), where each name starts, and how many names there are; the
 * accounts below root counted. */
static void
name_users(struct fs_report *r, const uint32_t *rank)
{
	r->user_first = fs_xcalloc(r->nby_user + 1, 1);
	r->distinct_users = sort_by_name(
		&(struct order){cmp_user_key, NULL, r->cur, NULL}, r->by_user,
		r->nby_user, 1, r->user_first, rank, r->user_named);
	r->user_named = NULL;	/* sort_by_name's now */
}

/* The accounts below root by name: the HTML page's index of accounts;
 * returns every account's rank by name, root's too (a user's account is
 * its parent), for name_users. */
static uint32_t *
name_accounts(struct fs_report *r)
{
	const struct fs_tree *tr = r->cur;
	uint32_t *rank = fs_xcalloc_huge(tr->n, sizeof(*rank));
	size_t k;

	r->by_acct = fs_xcalloc(r->nacct_nodes + 1, sizeof(*r->by_acct));
	memcpy(r->by_acct, r->acct_nodes,
	       r->nacct_nodes * sizeof(*r->by_acct));
	sort_by_name(&(struct order){cmp_node_key, r, tr, NULL}, r->by_acct,
		     r->nacct_nodes, 0, NULL, NULL, NULL);
	for (k = 0; k < r->nacct_nodes; k++) {
		rank[r->by_acct[k]] = (uint32_t)k;
		if (r->by_acct[k] != tr->root)
			r->by_acct[r->nby_acct++] = r->by_acct[k];
	}
	return rank;
}

static void
add_summary(struct fs_report *r)
{
	const struct fs_tree *tr = r->cur;
	const struct fs_header *h = &tr->t->h;
	const char *cluster = fs_header_meta(h, "cluster");
	const char *taken = fs_header_meta(h, "taken");

	summary_add(r, "Cluster", "%s", cluster ? cluster : "(unknown)");
	summary_add(r, "Taken", "%s", taken ? taken : "(unknown)");
	if (fs_algorithm_levels(r->ro->algorithm))
		summary_add(r, "Algorithm", "fairtree (ties: %s)",
			    r->ro->ties == FS_TIES_MERGE ? "merge" : "slurm");
	else
		summary_add(r, "Algorithm", "%s (dampening %u)",
			    fs_algorithm_name(r->ro->algorithm),
			    r->ro->dampening);
	summary_add(r, "Users", "%u in %u user associations",
		    r->distinct_users, tr->user_count);
	summary_add(r, "Accounts", "%u below root", r->accounts);
	{
		struct fs_buf b;

		fs_buf_init(&b);
		fs_report_fmt_hours(&b, tr->node[tr->root].usage_raw);
		summary_add(r, "Total usage", "%s hours (CPU-hours, or "
			    "billing-hours under TRESBillingWeights; decayed)",
			    b.data);
		fs_buf_release(&b);
	}
	if (r->old) {
		const struct fs_header *oh = &r->old->t->h;
		const char *ot = fs_header_meta(oh, "taken");

		struct fs_meta_common m0, m1;
		struct fs_err e = {NULL, 0, ""};

		if (fs_meta_common_read(oh, FS_META_TAKEN, &m0, &e) == 0 &&
		    fs_meta_common_read(h, FS_META_TAKEN, &m1, &e) == 0 &&
		    m0.has_taken && m1.has_taken && m0.taken > m1.taken)
			summary_add(r, "Compared with", "snapshot taken %s, "
				    "AFTER this one: what moved is shown "
				    "backwards", ot);
		else
			summary_add(r, "Compared with", "snapshot taken %s",
				    ot ? ot : "(unknown)");
	}
	r->title = fs_xstrdup(cluster ? cluster : "(unknown)");
}

/* Keep the first top of v[0..n) as rows of t; count the rest. */
static size_t
cut(struct fs_rtable *t, size_t n, unsigned top)
{
	if (n > top) {
		t->more = n - top;
		return top;
	}
	return n;
}

/* A gap in points of the cluster, signed: "+8.63". */
static void
fmt_gap(struct fs_buf *b, long double v)
{
	fs_buf_printf(b, "%+.2Lf", v * 100);
}

static void
account_rows(struct fs_report *r, struct fs_rtable *t, const uint32_t *v,
	     size_t n)
{
	const struct fs_tree *tr = r->cur;
	struct fs_buf b;
	size_t k;

	fs_buf_init(&b);
	n = cut(t, n, r->o->top);
	for (k = 0; k < n; k++) {
		const struct fs_node *a = &tr->node[v[k]];

		b.len = 0;
		fs_buf_addstr(&b, a->acct);
		end_cell(&b);
		fs_buf_addstr(&b, tr->node[a->parent].acct);
		end_cell(&b);
		fmt_percent(&b, (long double)r->width[v[k]]);
		end_cell(&b);
		fmt_percent(&b, cluster_use(r, v[k]));
		end_cell(&b);
		fmt_gap(&b, gap(r, v[k]));
		end_cell(&b);
		if (a->parent == tr->root)
			fs_buf_addch(&b, '-');
		else
			fmt_gap(&b, gap(r, a->parent));
		end_cell(&b);
		fs_report_fmt_service(&b, fs_report_service_at(r, v[k]));
		end_cell(&b);
		fs_report_fmt_hours(&b, a->usage_raw);
		end_cell(&b);
		table_row(t, &b);
		t->service = fs_xreallocarray(t->service, t->nrows,
					      sizeof(*t->service));
		t->service[t->nrows - 1] = fs_report_service_at(r, v[k]);
	}
	fs_buf_release(&b);
}

/* A user's rank, "14/16", and FairShare, served last first or heaviest. */
static void
user_rows(struct fs_report *r, struct fs_rtable *t, const uint32_t *v)
{
	const struct fs_tree *tr = r->cur;
	struct fs_buf b;
	size_t k, n;

	fs_buf_init(&b);
	n = cut(t, r->nusers, r->o->top);
	for (k = 0; k < n; k++) {
		const struct fs_node *a = &tr->node[v[k]];

		b.len = 0;
		fs_buf_addstr(&b, a->user);
		end_cell(&b);
		fs_buf_addstr(&b, a->acct);
		end_cell(&b);
		if (r->partitions) {
			fs_buf_addstr(&b, a->part);
			end_cell(&b);
		}
		fs_report_fmt_hours(&b, a->usage_raw);
		end_cell(&b);
		fmt_percent(&b, cluster_use(r, v[k]));
		end_cell(&b);
		fs_buf_printf(&b, "%.6f", a->fs_factor);
		end_cell(&b);
		if (a->rank)
			fs_buf_printf(&b, "%u/%u", display_rank(tr, a),
				      tr->user_count);
		else
			fs_buf_addch(&b, '-');
		end_cell(&b);
		table_row(t, &b);
	}
	fs_buf_release(&b);
}

static void
assoc_rows(struct fs_report *r, struct fs_rtable *t, const struct fs_tree *tr,
	   const uint32_t *v, size_t n, const double *width)
{
	struct fs_buf b;
	size_t k;

	fs_buf_init(&b);
	n = cut(t, n, r->o->top);
	for (k = 0; k < n; k++) {
		const struct fs_node *a = &tr->node[v[k]];

		b.len = 0;
		name_cells(&b, a, r->partitions);
		fmt_shares(&b, a);
		end_cell(&b);
		if (width) {
			fs_buf_printf(&b, "%.3g%%", width[v[k]] * 100);
			end_cell(&b);
		}
		fs_report_fmt_hours(&b, a->usage_raw);
		end_cell(&b);
		table_row(t, &b);
	}
	fs_buf_release(&b);
}

/* The rows of the account tables and the idle tables, in prep() once
 * the widths are known: the accounts below their share of the cluster
 * (with usage) and above it, by gap; the idle associations
 * (list_users listed them) by width, and those with usage but no
 * shares by usage. */
static void
choose_rows(struct fs_report *r)
{
	const struct fs_tree *tr = r->cur;
	uint32_t i;
	size_t k;

	r->under = fs_xcalloc(r->nacct_nodes + 1, sizeof(*r->under));
	r->over = fs_xcalloc(r->nacct_nodes + 1, sizeof(*r->over));
	for (k = 0; k < r->nacct_nodes; k++) {
		i = r->acct_nodes[k];
		if (i == tr->root)
			continue;
		if (gap(r, i) > 0 && tr->node[i].usage_raw > 0)
			r->under[r->nunder++] = i;
		else if (gap(r, i) < 0)
			r->over[r->nover++] = i;
	}
	first_k(r->under, r->nunder, r->o->top,
		&(struct order){cmp_gap_desc, r, NULL, NULL});
	first_k(r->over, r->nover, r->o->top,
		&(struct order){cmp_gap_asc, r, NULL, NULL});
	first_k(r->idle, r->nidle, r->o->top,
		&(struct order){cmp_width_desc, r, NULL, NULL});
	first_k(r->zero, r->nzero, r->o->top,
		&(struct order){cmp_usage_desc, r, NULL, NULL});
}

static void
add_account_tables(struct fs_report *r)
{
	int fair = fs_algorithm_levels(r->ro->algorithm);
	const char *spec = fair ? "lAccount|lParent|rShare|rUse|rGap|"
				  "rParent gap|rLevelFS|rUsage (h)"
				: "lAccount|lParent|rShare|rUse|rGap|"
				  "rParent gap|rS/U|rUsage (h)";
	const char *note = fair
		? "Share is the account's part of the whole cluster's shares "
		  "(its part of each level's shares, multiplied down the "
		  "tree), Use its part of the cluster's usage (NormUsage), "
		  "and Gap = Share - Use in points of the cluster. Fair Tree "
		  "serves the accounts of a level by Level FS, the part of "
		  "the level's shares over the part of its usage, so an "
		  "account below its share still waits while its parent is "
		  "above its own (Parent gap). Accounts without usage are "
		  "listed as idle."
		: "Share is the account's part of the whole cluster's shares "
		  "(NormShares), Use its part of the cluster's usage "
		  "(NormUsage), and Gap = Share - Use in points of the "
		  "cluster. S/U is NormShares over EffectvUsage, the ratio "
		  "the classic factor 2^(-U/S) is built from. Accounts "
		  "without usage are listed as idle.";

	account_rows(r, table_new(r, "Accounts furthest below their share "
				  "of the cluster", note,
				  "No account used less than its share.",
				  spec), r->under, r->nunder);
	account_rows(r, table_new(r, "Accounts furthest above their share "
				  "of the cluster",
				  "Share, Use and Gap as above: Gap below 0 "
				  "is more of the cluster used than its "
				  "share.",
				  "No account used more than its share.",
				  spec), r->over, r->nover);
}

static void
add_user_tables(struct fs_report *r)
{
	const char *spec = "lUser|lAccount|pPartition|rUsage (h)|rUse|"
			   "rFairShare|rRank";

	user_rows(r, table_new(r, "Users served last (lowest FairShare)",
			       "Rank 1 is served first. Use is the user's "
			       "part of the cluster's usage.",
			       "There are no users.", spec), r->lowest);
	user_rows(r, table_new(r, "Heaviest users", NULL,
			       "There are no users.", spec), r->heavy);
}

static void
add_idle_tables(struct fs_report *r)
{
	const struct fs_tree *tr = r->cur;

	assoc_rows(r, table_new(r, "Idle associations holding shares",
				"Share is the part of the whole cluster's "
				"shares they hold unused.",
				"Every association with shares has usage.",
				"lAccount|lUser|pPartition|rShares|rShare|"
				"rUsage (h)"), tr, r->idle, r->nidle, r->width);
	assoc_rows(r, table_new(r, "Associations with usage but no shares",
				NULL, "No association without shares has usage.",
				"lAccount|lUser|pPartition|rShares|rUsage (h)"),
		   tr, r->zero, r->nzero, NULL);
}

/* How far a service value moved, on a log scale; 0 and inf are far. */
static long double
service_moved(long double now, long double then)
{
	if (now == then)
		return 0;
	if (now <= 0 || then <= 0 || isinf(now) || isinf(then))
		return INFINITY;
	return fabsl(logl(now) - logl(then));
}

static void
add_since_tables(struct fs_report *r)
{
	const struct fs_tree *cur = r->cur, *old = r->old;
	uint32_t *a = fs_report_by_key(cur), *b = fs_report_by_key(old);
	uint32_t *added, *removed, *pos, i = 0, j = 0;
	size_t na = 0, nr = 0, nu = 0, nacc = 0, k;
	struct moved *users, *accts;
	long double *old_service, sv;
	int part = r->partitions;
	struct fs_rtable *t;
	struct fs_buf c;

	added = fs_xcalloc(cur->n, sizeof(*added));
	removed = fs_xcalloc(old->n, sizeof(*removed));
	users = fs_xcalloc(cur->n, sizeof(*users));
	accts = fs_xcalloc(cur->n, sizeof(*accts));
	old_service = fs_xcalloc(old->n, sizeof(*old_service));
	for (i = 0; i < old->n; i++)
		old_service[i] = fs_report_service(old, r->old_ro->algorithm,
						   i);
	i = 0;
	while (i < cur->n || j < old->n) {
		int cmp = i == cur->n   ? 1
			  : j == old->n ? -1
					: fs_report_cmp_key(&cur->node[a[i]],
						  &old->node[b[j]]);
		const struct fs_node *x, *y;

		if (cmp < 0) {
			added[na++] = a[i++];
			continue;
		}
		if (cmp > 0) {
			removed[nr++] = b[j++];
			continue;
		}
		x = &cur->node[a[i]];
		y = &old->node[b[j]];
		if (x->is_user) {
			long double dr = fabsl((long double)display_rank(cur, x) -
					       display_rank(old, y));
			long double df = fabsl((long double)x->fs_factor -
					       y->fs_factor);

			if (dr || df)
				users[nu++] = (struct moved){a[i], b[j], dr, df};
		} else if (a[i] != cur->root &&
			   (sv = fs_report_service_at(r, a[i])) >= 0 &&
			   old_service[b[j]] >= 0) {
			long double m = service_moved(sv, old_service[b[j]]);

			if (m > 0)
				accts[nacc++] = (struct moved){
					a[i], b[j], m,
					fabsl(x->usage_raw - y->usage_raw)};
		}
		i++;
		j++;
	}
	sort_moved(r, users, nu);
	sort_moved(r, accts, nacc);

	fs_buf_init(&c);
	t = table_new(r, "Users whose rank moved most",
		      "Rank 1 is served first.",
		      "No user's rank or FairShare changed.",
		      "lUser|lAccount|pPartition|rRank then|rRank now|"
		      "rFairShare then|rFairShare now");
	nu = cut(t, nu, r->o->top);
	for (k = 0; k < nu; k++) {
		const struct fs_node *x = &cur->node[users[k].cur];
		const struct fs_node *y = &old->node[users[k].old];

		c.len = 0;
		fs_buf_addstr(&c, x->user);
		end_cell(&c);
		fs_buf_addstr(&c, x->acct);
		end_cell(&c);
		if (part) {
			fs_buf_addstr(&c, x->part);
			end_cell(&c);
		}
		fs_buf_printf(&c, "%u", display_rank(old, y));
		end_cell(&c);
		fs_buf_printf(&c, "%u", display_rank(cur, x));
		end_cell(&c);
		fs_buf_printf(&c, "%.6f", y->fs_factor);
		end_cell(&c);
		fs_buf_printf(&c, "%.6f", x->fs_factor);
		end_cell(&c);
		table_row(t, &c);
	}
	t = table_new(r, fs_algorithm_levels(r->ro->algorithm)
				 ? "Accounts whose Level FS moved most"
				 : "Accounts whose S/U moved most",
		      NULL, "No account's service changed.",
		      fs_algorithm_levels(r->ro->algorithm)
			      ? "lAccount|lParent|rLevelFS then|rLevelFS now|"
				"rUsage then (h)|rUsage now (h)"
			      : "lAccount|lParent|rS/U then|rS/U now|"
				"rUsage then (h)|rUsage now (h)");
	nacc = cut(t, nacc, r->o->top);
	for (k = 0; k < nacc; k++) {
		const struct fs_node *x = &cur->node[accts[k].cur];
		const struct fs_node *y = &old->node[accts[k].old];

		c.len = 0;
		fs_buf_addstr(&c, x->acct);
		end_cell(&c);
		fs_buf_addstr(&c, cur->node[x->parent].acct);
		end_cell(&c);
		fs_report_fmt_service(&c, old_service[accts[k].old]);
		end_cell(&c);
		fs_report_fmt_service(&c, fs_report_service_at(r, accts[k].cur));
		end_cell(&c);
		fs_report_fmt_hours(&c, y->usage_raw);
		end_cell(&c);
		fs_report_fmt_hours(&c, x->usage_raw);
		end_cell(&c);
		table_row(t, &c);
	}
	fs_buf_release(&c);

	/* Display order: a reader finds them where the tree has them. */
	pos = fs_xcalloc(cur->n > old->n ? cur->n : old->n, sizeof(*pos));
	for (k = 0; k < cur->n; k++)
		pos[cur->order[k]] = (uint32_t)k;
	sort_by(added, na, &(struct order){cmp_pos, r, NULL, pos});
	for (k = 0; k < old->n; k++)
		pos[old->order[k]] = (uint32_t)k;
	sort_by(removed, nr, &(struct order){cmp_pos, r, NULL, pos});
	free(pos);
	assoc_rows(r, table_new(r, "Associations added", NULL, "None.",
				"lAccount|lUser|pPartition|rShares|"
				"rUsage (h)"),
		   cur, added, na, NULL);
	assoc_rows(r, table_new(r, "Associations removed", NULL, "None.",
				"lAccount|lUser|pPartition|rShares|"
				"rUsage (h)"),
		   old, removed, nr, NULL);
	free(a);
	free(b);
	free(added);
	free(removed);
	free(users);
	free(accts);
	free(old_service);
}

/* list_users' chunks: chunk c lists its nodes' indexes from [c *
 * LIST_CHUNK] of each of its lists (it cannot fill more), and counts
 * them in cnt[c]; then each list is closed up, in chunk order. */
#define LIST_CHUNK 65536

enum { LIST_USERS, LIST_ACCTS, LIST_IDLE, LIST_ZERO, LIST_N };

/* The chunks also keep the first --top users of each chunk in the two
 * orders (heavy, lowest) when --top is at most this: the first of all
 * are among them (the orders are total), and the walk has the nodes at
 * hand. */
#define LIST_TOP_MAX 4096

struct list_job {
	const struct fs_tree *tr;
	uint32_t *list[LIST_N];	/* LIST_IDLE and LIST_ZERO: NULL if not */
	uint32_t (*cnt)[LIST_N];
	size_t top;		/* 0: not kept */
	struct order ord[2];	/* heavy, lowest */
	uint32_t *best[2];	/* chunk c's: [c * top, c * top + nbest[c]) */
	uint32_t (*nbest)[2];
	struct named *named;	/* beside LIST_USERS, or NULL */
};

/* i offered to the best k (h, *nh of them) in o's order: a heap whose
 * root is the last, once full (as first_k's). */
static inline void
offer(uint32_t *h, uint32_t *nh, size_t k, uint32_t i, const struct order *o)
{
	size_t s;

	if (*nh < k) {
		h[(*nh)++] = i;
		if (*nh == k)
			for (s = k / 2; s-- > 0;)
				sift(h, k, s, o);
	} else if (o->cmp(o, i, h[0]) < 0) {
		h[0] = i;
		sift(h, k, 0, o);
	}
}

static void
list_chunk(void *arg, size_t c)
{
	const struct list_job *j = arg;
	const struct fs_tree *tr = j->tr;
	size_t lo = c * LIST_CHUNK, top = j->top;
	uint32_t i = (uint32_t)lo, end = i + LIST_CHUNK, n[LIST_N] = {0};
	uint32_t *u = j->list[LIST_USERS] + lo, *a = j->list[LIST_ACCTS] + lo;
	uint32_t *idle = j->list[LIST_IDLE], *zero = j->list[LIST_ZERO];
	uint32_t nb[2] = {0, 0};

	if (end > tr->n)
		end = tr->n;
	for (; i < end; i++) {
		const struct fs_node *x = &tr->node[i];

		if (x->is_user) {
			if (j->named) {
				uint64_t p = name_prefix(x->user);

				j->named[lo + n[LIST_USERS]] = (struct named){
					p, i, p & 0xff ? UINT32_MAX : x->parent};
			}
			u[n[LIST_USERS]++] = i;
			if (top) {
				offer(j->best[0] + c * top, &nb[0], top, i,
				      &j->ord[0]);
				offer(j->best[1] + c * top, &nb[1], top, i,
				      &j->ord[1]);
			}
		} else
			a[n[LIST_ACCTS]++] = i;
		/* The idle tables' associations (add_idle_tables). */
		if (!idle || i == tr->root || x->use_parent)
			continue;
		if (x->shares_raw && x->usage_raw == 0)
			idle[lo + n[LIST_IDLE]++] = i;
		if (!x->shares_raw && x->usage_raw > 0)
			zero[lo + n[LIST_ZERO]++] = i;
	}
	memcpy(j->cnt[c], n, sizeof(n));
	if (top)
		memcpy(j->nbest[c], nb, sizeof(nb));
}

/* The user associations, twice, with the first --top of each in the two
 * orders the report lists them in (chosen here from each chunk's
 * first, or by prep() when --top is large); a third time, for the name
 * index (not for the gauges); the accounts; and for the tables, the
 * idle associations and those with usage but no shares. One walk over
 * the nodes, which the tasks of prep() share: each walk of a million
 * nodes is a million cache misses. It is cut into chunks on every
 * core: alone, it was the longest step before prep() that runs on one
 * core only. */
static void
list_users(struct fs_report *r)
{
	const struct fs_tree *tr = r->cur;
	size_t nchunks = (tr->n + LIST_CHUNK - 1) / LIST_CHUNK, c, k, at[LIST_N];
	size_t *got[LIST_N] = {&r->nusers, &r->nacct_nodes, &r->nidle,
			       &r->nzero};
	struct list_job j = {tr, {NULL}, fs_xcalloc(nchunks + 1,
						    sizeof(*j.cnt)), 0,
			     {{cmp_usage_desc, r, NULL, NULL},
			      {cmp_factor_asc, r, NULL, NULL}},
			     {NULL, NULL}, NULL, NULL};
	uint32_t **keep[2] = {&r->heavy, &r->lowest};

	r->heavy = j.list[LIST_USERS] = fs_xcalloc_huge(tr->n + 1,
							sizeof(*r->heavy));
	r->acct_nodes = j.list[LIST_ACCTS] = fs_xcalloc(
		tr->n + 1, sizeof(*r->acct_nodes));
	if (r->o->format != FS_REPORT_PROMETHEUS) {
		r->idle = j.list[LIST_IDLE] = fs_xcalloc(tr->n + 1,
							 sizeof(*r->idle));
		r->zero = j.list[LIST_ZERO] = fs_xcalloc(tr->n + 1,
							 sizeof(*r->zero));
	}
	/* The name index's entries of the users (sort_by_name), made
	 * where the walk reads the node: room for sort_by_name's. */
	if (r->o->format != FS_REPORT_PROMETHEUS)
		r->user_named = j.named = fs_xcalloc_huge(
			2 * (size_t)tr->n + 1, sizeof(*j.named));
	if (r->o->top >= 1 && r->o->top <= LIST_TOP_MAX) {
		j.top = r->o->top;
		for (k = 0; k < 2; k++)
			j.best[k] = fs_xcalloc(nchunks * j.top + 1,
					       sizeof(*j.best[k]));
		j.nbest = fs_xcalloc(nchunks + 1, sizeof(*j.nbest));
	}
	fs_par_for(nchunks, list_chunk, &j);
	memset(at, 0, sizeof(at));
	for (c = 0; c < nchunks; c++)
		for (k = 0; k < LIST_N; k++) {
			if (j.list[k] && at[k] != c * LIST_CHUNK)
				memmove(j.list[k] + at[k],
					j.list[k] + c * LIST_CHUNK,
					j.cnt[c][k] * sizeof(*j.list[k]));
			if (k == LIST_USERS && j.named &&
			    at[k] != c * LIST_CHUNK)
				memmove(j.named + at[k],
					j.named + c * LIST_CHUNK,
					j.cnt[c][k] * sizeof(*j.named));
			at[k] += j.cnt[c][k];
		}
	for (k = 0; k < LIST_N; k++)
		*got[k] = j.list[k] ? at[k] : 0;
	free(j.cnt);
	r->accounts = (uint32_t)r->nacct_nodes - 1;	/* root */
	r->lowest = fs_xcalloc_huge(r->nusers + 1, sizeof(*r->lowest));
	if (r->o->format != FS_REPORT_PROMETHEUS) {
		r->by_user = fs_xcalloc_huge(r->nusers + 1,
					     sizeof(*r->by_user));
		memcpy(r->by_user, r->heavy, r->nusers * sizeof(*r->by_user));
		r->nby_user = r->nusers;
	}
	if (!j.top) {
		memcpy(r->lowest, r->heavy, r->nusers * sizeof(*r->lowest));
		return;
	}
	/* The first --top of all among the chunks' first: what prep()'s
	 * first_k would give, as each order is total. Only the first --top
	 * of heavy and lowest are read from here on. */
	for (k = 0; k < 2; k++) {
		size_t nb = 0;

		for (c = 0; c < nchunks; c++) {
			memcpy(*keep[k] + nb, j.best[k] + c * j.top,
			       j.nbest[c][k] * sizeof(**keep[k]));
			nb += j.nbest[c][k];
		}
		first_k(*keep[k], nb, j.top, &j.ord[k]);
		free(j.best[k]);
	}
	free(j.nbest);
	r->top_chosen = 1;
}

/* ---------------------------------------------------------- the report */

static void
report_release(struct fs_report *r)
{
	size_t k, c, n = r->cur ? r->cur->n : 0;

	for (k = 0; k < 2 * r->nsummary; k++)
		free(r->summary[k]);
	free(r->summary);
	for (k = 0; k < r->ntab; k++) {
		struct fs_rtable *t = &r->tab[k];

		for (c = 0; c < t->nrows * t->ncols; c++)
			free(t->cell[c]);
		free(t->cell);
		free(t->service);
		free((void *)t->head);
		free((void *)t->align);
		free(t->spec);
	}
	free(r->tab);
	for (k = 0; k < r->nnotes; k++)
		free(r->notes[k]);
	if (r->draw != r->width)
		free(r->draw);
	fs_free_huge(r->width, n, sizeof(*r->width));
	free(r->title);
	fs_free_huge(r->heavy, n + 1, sizeof(*r->heavy));
	fs_free_huge(r->lowest, r->nusers + 1, sizeof(*r->lowest));
	fs_free_huge(r->by_user, r->nusers + 1, sizeof(*r->by_user));
	free(r->user_first);
	free(r->by_acct);
	free(r->acct_nodes);
	free(r->under);
	free(r->over);
	free(r->idle);
	free(r->zero);
	fs_free_huge(r->user_named, 2 * n + 1, sizeof(*r->user_named));
	free(r->links);
	free(r->link_at);
	free(r->size);
	free(r->sec);
}

/* What the HTML page needs beyond the tables: the picture's widths and
 * the name index. */
static void
add_html(struct fs_report *r)
{
	const struct fs_tree *tr = r->cur;
	uint32_t i;

	r->draw = r->width;
	if (r->o->width_usage) {
		r->draw = fs_xcalloc(tr->n, sizeof(*r->draw));
		for (i = 0; i < tr->n; i++)
			r->draw[i] = (double)cluster_use(r, i);
	}
	/* by_user and by_acct: prep() sorted them, and made the links. */
	fs_report_html_order(r);
}

/* What the tables and pages are made from, in independent tasks on every
 * core (each writes only its own fields of r): a million names sorted, a
 * million users selected twice, every node's part of the cluster, the
 * page's links and subtree sizes. A node's service value is not kept (16
 * bytes a node): fs_report_service_at reads it from the node where it is
 * shown. */
enum {
	PREP_NAMES, PREP_WIDTH, PREP_PARTS, PREP_HEAVY, PREP_LOWEST,
	PREP_LINKS, PREP_SIZES, PREP_N
};

static void
prep(void *arg, size_t task)
{
	struct fs_report *r = arg;
	const struct fs_tree *cur = r->cur;
	const struct fs_report_opts *o = r->o;
	int users = o->format != FS_REPORT_PROMETHEUS || !o->all;
	uint32_t i;

	switch (task) {
	case PREP_NAMES:
		/* The page's index of accounts first: their ranks sort the
		 * users of one name. */
		if (o->format == FS_REPORT_HTML) {
			uint32_t *rank = name_accounts(r);

			name_users(r, rank);
			fs_free_huge(rank, cur->n, sizeof(*rank));
		} else if (o->format != FS_REPORT_PROMETHEUS)
			name_users(r, NULL);
		break;
	case PREP_WIDTH:
		r->width = global_shares(cur);
		if (o->format != FS_REPORT_PROMETHEUS)
			choose_rows(r);
		break;
	case PREP_PARTS:
		/* Some association has a partition: the first one found
		 * says so. */
		for (i = 0; !r->partitions && i < cur->n; i++)
			r->partitions = *cur->node[i].part != '\0';
		for (i = 0; !r->partitions && r->old && i < r->old->n; i++)
			r->partitions = *r->old->node[i].part != '\0';
		break;
	case PREP_HEAVY:
		if (users && !r->top_chosen)
			first_k(r->heavy, r->nusers, o->top,
				&(struct order){cmp_usage_desc, r, NULL, NULL});
		break;
	case PREP_LOWEST:
		if (users && !r->top_chosen)
			first_k(r->lowest, r->nusers, o->top,
				&(struct order){cmp_factor_asc, r, NULL, NULL});
		break;
	case PREP_LINKS:
		if (o->format == FS_REPORT_HTML)
			fs_report_html_links(r);
		break;
	case PREP_SIZES:
		if (o->format == FS_REPORT_HTML)
			fs_report_html_sizes(r);
		break;
	}
}

int
fs_report_write(FILE *out, const struct fs_tree *cur,
		const struct fs_rank_opts *ro, const struct fs_tree *old,
		const struct fs_rank_opts *old_ro,
		const struct fs_report_opts *o)
{
	struct fs_report r;
	struct fs_buf b;
	int ret = 0;

	memset(&r, 0, sizeof(r));
	r.cur = cur;
	r.old = old;
	r.ro = ro;
	r.old_ro = old_ro;
	r.o = o;
	if (o->format != FS_REPORT_PROMETHEUS || !o->all)
		list_users(&r);
	fs_par_for(PREP_N, prep, &r);
	/* Prometheus has gauges of its own, no summary or tables. */
	if (o->format != FS_REPORT_PROMETHEUS) {
		add_summary(&r);
		add_account_tables(&r);
		add_user_tables(&r);
		add_idle_tables(&r);
		if (old)
			add_since_tables(&r);
	}
	if (o->format == FS_REPORT_HTML)
		add_html(&r);
	fs_buf_init(&b);
	switch (o->format) {
	case FS_REPORT_TEXT:
		fs_report_text_write(&b, &r);
		break;
	case FS_REPORT_MARKDOWN:
		fs_report_markdown_write(&b, &r);
		break;
	case FS_REPORT_HTML:
		ret = fs_report_html_write(&b, out, &r);
		break;
	case FS_REPORT_PROMETHEUS:
		ret = fs_report_prom_write(&b, out, &r);
		break;
	}
	if (!ret)
		ret = fs_write_all(out, b.data, b.len);
	fs_buf_release(&b);
	report_release(&r);
	return ret;
}

/* ------------------------------------------------------------ history */

static void
fmt_fs(struct fs_buf *b, double v)
{
	if (isnan(v))
		fs_buf_addch(b, '-');
	else
		fs_buf_printf(b, "%.6f", v);
}

static void
fmt_scaled(struct fs_buf *b, double m)
{
	if (isnan(m) || isinf(m))
		fs_buf_addch(b, '-');
	else
		fs_report_fmt_service(b, exp2l(m));
}

static void
history_rows(struct fs_report *r, const struct fs_history *h, int users)
{
	const uint32_t *v = users ? h->usr_top : h->acc_top;
	size_t n = users ? h->nusr : h->nacc, k;
	struct fs_rtable *t;
	struct fs_buf c;

	if (users)
		t = table_new(r, "Users whose FairShare moved most",
			      "Ranked by the range of their FairShare over "
			      "the snapshots: first and last value, lowest "
			      "and highest.",
			      "No user's FairShare changed.",
			      "lUser|lAccount|pPartition|rFirst|rLast|rLowest|"
			      "rHighest|rUsage first (h)|rUsage last (h)");
	else
		t = table_new(r, h->classic ? "Accounts whose S/U moved most"
					    : "Accounts whose Level FS moved "
					      "most",
			      "Level FS (S/U under the classic algorithms), "
			      "clamped to 1/8..8 as in fs-report --html's "
			      "picture, ranked by the range of its log over "
			      "the snapshots: first and last value, lowest "
			      "and highest.",
			      "No account's Level FS changed.",
			      "lAccount|lParent|rFirst|rLast|rLowest|rHighest|"
			      "rUsage first (h)|rUsage last (h)");
	t->more = (users ? h->nusr_moved : h->nacc_moved) - n;
	fs_buf_init(&c);
	for (k = 0; k < n; k++) {
		const struct fs_hseries *s = &h->s[v[k]];

		c.len = 0;
		if (users) {
			fs_buf_addstr(&c, s->user);
			end_cell(&c);
			fs_buf_addstr(&c, s->acct);
			end_cell(&c);
			if (r->partitions) {
				fs_buf_addstr(&c, s->part);
				end_cell(&c);
			}
			fmt_fs(&c, s->first_v);
			end_cell(&c);
			fmt_fs(&c, s->last_v);
			end_cell(&c);
			fmt_fs(&c, s->lo);
			end_cell(&c);
			fmt_fs(&c, s->hi);
		} else {
			fs_buf_addstr(&c, s->acct);
			end_cell(&c);
			fs_buf_addstr(&c, s->parent);
			end_cell(&c);
			fmt_scaled(&c, s->first_v);
			end_cell(&c);
			fmt_scaled(&c, s->last_v);
			end_cell(&c);
			fmt_scaled(&c, s->lo);
			end_cell(&c);
			fmt_scaled(&c, s->hi);
		}
		end_cell(&c);
		fs_report_fmt_hours(&c, s->first_u);
		end_cell(&c);
		fs_report_fmt_hours(&c, s->last_u);
		end_cell(&c);
		table_row(t, &c);
	}
	fs_buf_release(&c);
}

/* The users whose usage grew most from the first snapshot to the last,
 * in hours and as a part of the cluster's growth. */
static void
history_growth_rows(struct fs_report *r, const struct fs_history *h)
{
	double grown = h->total[h->nt - 1] - h->total[0];	/* hours */
	struct fs_rtable *t;
	struct fs_buf c, note;
	size_t k;

	fs_buf_init(&note);
	fs_buf_addstr(&note, "Usage (RawUsage in hours, decayed) in the last "
			     "snapshot less in the first, where a user "
			     "missing from one counts 0: what each used in "
			     "the period, less what decayed. Of growth is its "
			     "part of the whole cluster's growth, ");
	fs_report_fmt_hours(&note, (long double)grown * 3600);
	fs_buf_addstr(&note, grown > 0 ? " hours."
				       : " hours (none: no part is shown).");
	t = table_new(r, "Users whose usage grew most", NULL,
		      "No user's usage grew.",
		      "lUser|lAccount|pPartition|rUsage first (h)|"
		      "rUsage last (h)|rGrowth (h)|rOf growth");
	t->note = r->notes[r->nnotes++] = note.data;
	t->more = h->ngrow_pos - h->ngrow;
	fs_buf_init(&c);
	for (k = 0; k < h->ngrow; k++) {
		const struct fs_hseries *s = &h->s[h->grow_top[k]];
		long double g = fs_history_growth(h, s);

		c.len = 0;
		fs_buf_addstr(&c, s->user);
		end_cell(&c);
		fs_buf_addstr(&c, s->acct);
		end_cell(&c);
		if (r->partitions) {
			fs_buf_addstr(&c, s->part);
			end_cell(&c);
		}
		fs_report_fmt_hours(&c, s->first_at == 0 ? s->first_u : 0);
		end_cell(&c);
		fs_report_fmt_hours(&c, s->last_at == h->nt - 1 ? s->last_u : 0);
		end_cell(&c);
		fs_report_fmt_hours(&c, g);
		end_cell(&c);
		if (grown > 0)
			fmt_percent(&c, g / 3600 / (long double)grown);
		else
			fs_buf_addch(&c, '-');
		end_cell(&c);
		table_row(t, &c);
	}
	fs_buf_release(&c);
}

int
fs_history_write(FILE *out, const struct fs_history *h)
{
	struct fs_report r;
	struct fs_buf b, page;
	size_t k;
	int ret;

	memset(&r, 0, sizeof(r));
	r.o = h->o;
	r.kind = "Fairshare history";
	for (k = 0; k < h->ns; k++)
		r.partitions |= *h->s[k].part != '\0';
	r.title = fs_xstrdup(*h->cluster ? h->cluster : "(unknown)");
	summary_add(&r, "Cluster", "%s", r.title);
	summary_add(&r, "Snapshots", "%zu, taken %s to %s", h->nt,
		    h->taken[0], h->taken[h->nt - 1]);
	summary_add(&r, "Associations", "%zu seen", h->ns);
	fs_buf_init(&b);
	fs_report_fmt_hours(&b, (long double)h->total[0] * 3600);
	fs_buf_addstr(&b, " hours in the first, ");
	fs_report_fmt_hours(&b, (long double)h->total[h->nt - 1] * 3600);
	fs_buf_addstr(&b, " in the last");
	summary_add(&r, "Total usage", "%s", b.data);
	fs_buf_release(&b);
	/* Who used the cluster in the period first: an administrator's
	 * first question. */
	history_growth_rows(&r, h);
	history_rows(&r, h, 0);
	history_rows(&r, h, 1);
	fs_buf_init(&page);
	switch (h->o->format) {
	case FS_REPORT_MARKDOWN:
		fs_report_markdown_write(&page, &r);
		break;
	case FS_REPORT_HTML:
		fs_report_history_html(&page, &r, h);
		break;
	default:
		fs_report_text_write(&page, &r);
		break;
	}
	ret = fs_write_all(out, page.data, page.len);
	fs_buf_release(&page);
	report_release(&r);
	return ret;
}
