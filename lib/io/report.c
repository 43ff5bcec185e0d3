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


/* ------------------------------------------------------------ ranking */

/* A computed value read back; empty means "does not apply". */
static int
read_ld(const char *s, const char *col, long double *v, long double none,
	struct fs_err *e, unsigned long line)
{
	if (!*s) {
		*v = none;
		return 0;
	}
	if (fs_parse_ld(s, v) < 0 || *v < 0)
		return fs_error(e, line, "column '%s': not a number: '%s'",
				col, s);
	return 0;
}

int
fs_report_pair(const struct fs_header *old, const struct fs_header *cur,
	       struct fs_err *e)
{
	const char *oc = fs_header_meta(old, "cluster");
	const char *cc = fs_header_meta(cur, "cluster");

	if (oc && cc && strcmp(oc, cc))
		return fs_error(e, fs_header_meta_line(old, "cluster"),
				"a snapshot of cluster '%s', and the tree is of "
				"cluster '%s': --since compares two snapshots "
				"of one cluster", oc, cc);
	return 0;
}

#define DIGIT(c) ((unsigned)(c) - '0' < 10)

/* Past the digits from s, whose field ends at end (its NUL): eight bytes
 * a step while they are all digits. */
static inline const char *
skip_digits(const char *s, const char *end)
{
	const uint64_t hi = 0xF0F0F0F0F0F0F0F0u, three = 0x3030303030303030u;
	uint64_t x;

	for (; end - s >= 8; s += 8) {
		memcpy(&x, s, 8);
		/* Each byte 0x30 to 0x39: high half 3, and still 3 with 6
		 * added (no byte carries into the next). */
		if ((x & hi) != three ||
		    ((x + 0x0606060606060606u) & hi) != three)
			break;
	}
	while (DIGIT(*s))
		s++;
	return s;
}

/* Whether read_ld takes s (ending at end, its NUL) without reading it:
 * empty, "inf", or digits with an optional fraction and exponent (what
 * fs-rank writes). Other forms are read to be checked. */
static int
plain_number(const char *s, const char *end)
{
	if (!DIGIT(*s))
		return !*s || !strcmp(s, "inf");
	s = skip_digits(s, end);
	if (*s == '.') {
		if (!DIGIT(*++s))
			return 0;
		s = skip_digits(s, end);
	}
	if (*s == 'e' || *s == 'E') {
		s++;
		if (*s == '+' || *s == '-')
			s++;
		if (!DIGIT(*s))
			return 0;
		s = skip_digits(s, end);
	}
	return !*s;
}
#undef DIGIT

/* The columns NormShares, NormUsage and EffectvUsage (fs_computed_cols 0
 * to 2), and LevelFS too (3) for the gauges, of a lazy readback (lazy is
 * how many): checked, not read; their fields hold NAN until
 * fs_report_norms reads a node's. */
#define LAZY_COLS 4

/* f[from..ncols) of row r, and f[ncols] just past its end (field c ends
 * at f[c + 1] - 1): the computed columns are a ranked row's last,
 * so they are found from the row's end (a row ends where the next one
 * begins: fs_table_row_len), 16 bytes a step, without walking the names
 * and numbers before them. */
static void
fields_from_end(const struct fs_table *t, size_t r, size_t from,
		const char **f)
{
	const char *s = t->buf.data + t->row[r];
	const char *q = s + fs_table_row_len(t, r);	/* the last NUL */
	const char *z;
	size_t c = t->h.ncols;
	unsigned m;

	f[c] = q + 1;
	while (c > from) {
		/* The last NUL before q, or s - 1: field c - 1 begins after
		 * it. */
		for (z = NULL; !z && q - s >= 16; q -= 16)
			for (m = fs_ctl_mask16(q - 16); m && !z;
			     m &= ~(1u << (31 - __builtin_clz(m))))
				if (!q[-16 + 31 - __builtin_clz(m)])
					z = q - 16 + 31 - __builtin_clz(m);
		if (!z)
			for (z = q - 1; z >= s && *z; z--)
				;
		f[--c] = z + 1;
		q = z;
	}
}

/* The Rank column: digits read inline, anything else by strtoul (which
 * takes spaces and a sign). */
static unsigned long
read_rank(const char *s, char **end)
{
	unsigned long r = 0;
	const char *p = s;

	while ((unsigned)*p - '0' < 10 && p - s < 10)
		r = r * 10 + (unsigned)(*p++ - '0');
	if (p == s || *p) {
		return strtoul(s, end, 10);
	}
	*end = (char *)p;
	return r;
}

/* Node a's computed values from its row's fields f (field c ends at
 * f[c + 1] - 1; from: the first of col's), the Rank as written into
 * *rank (a number from 1, checked against users): 0, or -1 with e set. */
static int
read_fields(struct fs_node *a, const int *col, const char *const *f,
	    int lazy, uint32_t users, unsigned long *rank, struct fs_err *e,
	    unsigned long line, struct fs_tree *tr, uint32_t i)
{
	long double v;
	char *end;
	unsigned long r;
	int k;

	a->rank = 0;
	if (lazy) {
		for (k = 0; k < lazy; k++)
			if (!plain_number(f[col[k]], f[col[k] + 1] - 1) &&
			    read_ld(f[col[k]], fs_computed_cols[k], &v, 0, e,
				    line) < 0)
				return -1;
		a->shares_norm = NAN;
		if (lazy > 3)
			a->level_fs = NAN;
	} else {
		if (read_ld(f[col[0]], fs_computed_cols[0], &v, 0, e, line) < 0)
			return -1;
		a->shares_norm = (double)v;
		if (read_ld(f[col[1]], fs_computed_cols[1], &tr->usage_norm[i],
			    NO_VAL_LD, e, line) < 0 ||
		    read_ld(f[col[2]], fs_computed_cols[2], &tr->usage_efctv[i],
			    NO_VAL_LD, e, line) < 0)
			return -1;
	}
	if ((lazy <= 3 && read_ld(f[col[3]], fs_computed_cols[3], &a->level_fs,
				  NO_VAL_LD, e, line) < 0) ||
	    read_ld(f[col[4]], fs_computed_cols[4], &v, 0, e, line) < 0)
		return -1;
	a->fs_factor = (double)v;
	*rank = 0;
	if (!a->is_user)
		return 0;
	r = read_rank(f[col[5]], &end);
	if (!*f[col[5]] || *end || *f[col[5]] == '-' || r < 1 || r > users)
		return fs_error(e, line, "column 'Rank': not a rank from 1 to "
				"%u: '%s'", users, f[col[5]]);
	*rank = r;
	return 0;
}

/* Node i's computed values read back from its row (f: room for the
 * fields and one more, from: the first of col's); 0, or -1 with e set. */
static int
read_node(struct fs_tree *tr, const int *col, size_t from, const char **f,
	  uint32_t i, int lazy, struct fs_err *e)
{
	struct fs_node *a = &tr->node[i];
	unsigned long r;

	fields_from_end(tr->t, fs_node_row(tr, a), from, f);
	if (read_fields(a, col, f, lazy, tr->user_count, &r, e,
			fs_tree_line(tr, i), tr, i) < 0)
		return -1;
	if (r)
		a->rank = tr->user_count + 1 - (uint32_t)r;
	return 0;
}

/* The first of col's columns: a ranked row's computed fields are read
 * from there to its end. */
static size_t
first_col(const struct fs_table *t, const int *col)
{
	size_t k, from = t->h.ncols;

	for (k = 0; k < FS_COMPUTED_N; k++)
		if ((size_t)col[k] < from)
			from = (size_t)col[k];
	return from;
}

/* Node i, the first that does not read, read again alone for its
 * message: -1 with e set. */
static int
bad_row(struct fs_tree *tr, const int *col, uint32_t i, int lazy,
	struct fs_err *e)
{
	const char **f = fs_xcalloc(tr->t->h.ncols + 1, sizeof(*f));
	int ret = read_node(tr, col, first_col(tr->t, col), f, i, lazy, e);

	free(f);
	return ret;
}

void
fs_report_norms(const struct fs_tree *tr, uint32_t i, struct fs_norms *n)
{
	const struct fs_node *a = &tr->node[i];
	const struct fs_table *t = tr->t;
	const char **f;
	struct fs_err e = {NULL, 0, ""};
	long double v;
	int k, c[LAZY_COLS];

	for (k = 0; k < LAZY_COLS; k++)
		c[k] = fs_header_col(&t->h, fs_computed_cols[k]);
	*n = (struct fs_norms){a->shares_norm, fs_node_usage_norm(tr, a),
			       fs_node_usage_efctv(tr, a), a->level_fs};
	if (!isnan(a->shares_norm) || c[0] < 0 || c[1] < 0 || c[2] < 0 ||
	    c[3] < 0)
		return;
	/* Checked when read back: no error now. */
	f = fs_xcalloc(t->h.ncols, sizeof(*f));
	fs_table_fields(t, i, f);
	read_ld(f[c[0]], "", &v, 0, &e, 0);
	n->shares_norm = (double)v;
	read_ld(f[c[1]], "", &n->usage_norm, NO_VAL_LD, &e, 0);
	read_ld(f[c[2]], "", &n->usage_efctv, NO_VAL_LD, &e, 0);
	if (isnan(a->level_fs))
		read_ld(f[c[3]], "", &n->level_fs, NO_VAL_LD, &e, 0);
	free(f);
}

/* Reading a million rows back is mostly strtold: chunks of rows on every
 * core, each noting its first row that does not read. */
#define READ_CHUNK 4096

struct readback {
	struct fs_tree *tr;
	const int *col;
	size_t from;	/* the first of col's columns */
	int lazy;
	uint32_t *bad;		/* per chunk: a node, or UINT32_MAX */
};

static void
read_chunk(void *arg, size_t c)
{
	struct readback *rb = arg;
	const char **f = fs_xcalloc(rb->tr->t->h.ncols + 1, sizeof(*f));
	struct fs_err e = {NULL, 0, ""};
	uint32_t i = (uint32_t)(c * READ_CHUNK), end = i + READ_CHUNK;

	rb->bad[c] = UINT32_MAX;
	for (; i < end && i < rb->tr->n; i++)
		if (read_node(rb->tr, rb->col, rb->from, f, i, rb->lazy, &e) <
		    0) {
			rb->bad[c] = i;
			break;
		}
	free(f);
}

static int
report_rank(struct fs_tree *tr, struct fs_rank_opts *ro, int lazy,
	    struct fs_err *e)
{
	const struct fs_table *t = tr->t;
	struct readback rb;
	int col[FS_COMPUTED_N];
	size_t k, nchunks;
	int ret = 0;
	long long taken;

	/* The report prints taken and compares snapshots by it. */
	if (fs_rank_opts_from_meta(ro, &t->h, NULL, -1, 0, e) < 0 ||
	    fs_meta_date(&t->h, "taken", &taken, e) < 0)
		return -1;
	for (k = 0; k < FS_COMPUTED_N; k++)
		if ((col[k] = fs_header_col(&t->h, fs_computed_cols[k])) < 0)
			break;
	if (k < FS_COMPUTED_N) {
		fs_rank(tr, ro);
		return 0;
	}
	/* The classic service value is NormShares over EffectvUsage:
	 * every node's is needed. */
	if (!fs_algorithm_levels(ro->algorithm))
		lazy = 0;
	/* The columns are the truth (they may be Slurm's own, through
	 * fs-tree --sshare): read back, they fill every computed field but
	 * level_shares (which the report does not show), so ranking again
	 * first would be wasted. */
	if (!lazy) {
		fs_tree_level_shares(tr);
		tr->usage_norm = fs_xcalloc_huge(tr->n,
						 sizeof(*tr->usage_norm));
		tr->usage_efctv = fs_xcalloc_huge(tr->n,
						  sizeof(*tr->usage_efctv));
	}
	nchunks = (tr->n + READ_CHUNK - 1) / READ_CHUNK;
	rb = (struct readback){tr, col, first_col(t, col), lazy,
			       fs_xcalloc(nchunks, sizeof(*rb.bad))};
	fs_par_for(nchunks, read_chunk, &rb);
	/* The first bad row's error, as reading in order would give. */
	for (k = 0; k < nchunks && !ret; k++)
		if (rb.bad[k] != UINT32_MAX)
			ret = bad_row(tr, col, rb.bad[k], lazy, e);
	free(rb.bad);
	return ret;
}

/* fs_report_build_lazy's reading of the ranked columns, as the build has
 * each row: the Rank kept as written until the user count is known. */
struct fused {
	const int *col;
	int lazy;
	uint32_t bad;	/* the first row that does not read: atomic min */
	uint32_t *chunk_bad;
	struct fs_tree *tr;
};

static void
note_bad(uint32_t *bad, uint32_t row)
{
	uint32_t cur = __atomic_load_n(bad, __ATOMIC_RELAXED);

	while (row < cur && !__atomic_compare_exchange_n(bad, &cur, row, 1,
							 __ATOMIC_RELAXED,
							 __ATOMIC_RELAXED))
		;
}

static void
fused_row(void *ctx, struct fs_node *a, uint32_t row, const char *const *f)
{
	struct fused *fu = ctx;
	struct fs_err e = {NULL, 0, ""};
	unsigned long r;

	if (read_fields(a, fu->col, f, fu->lazy, UINT32_MAX, &r, &e, 0, NULL,
			row) < 0) {
		note_bad(&fu->bad, row);
		return;
	}
	a->rank = (uint32_t)r;	/* as written, for fused_ranks */
}

/* Ranks as the tree stores them (user_count + 1 - Rank), the rows whose
 * Rank is above the user count noted; chunks of READ_CHUNK nodes. */
static void
fused_ranks(void *arg, size_t c)
{
	struct fused *fu = arg;
	struct fs_tree *tr = fu->tr;
	uint32_t i = (uint32_t)(c * READ_CHUNK), end = i + READ_CHUNK;

	fu->chunk_bad[c] = UINT32_MAX;
	if (end > tr->n)
		end = tr->n;
	for (; i < end; i++) {
		struct fs_node *a = &tr->node[i];

		if (!a->rank)
			continue;
		if (a->rank > tr->user_count) {
			fu->chunk_bad[c] = i;
			break;
		}
		a->rank = tr->user_count + 1 - a->rank;
	}
}

int
fs_report_build_lazy(struct fs_tree *tr, const struct fs_table *t,
		     struct fs_rank_opts *ro, int level_fs, struct fs_err *e)
{
	struct fs_err quiet = {NULL, 0, ""};
	struct fused fu;
	int col[FS_COMPUTED_N], lazy = level_fs ? 4 : 3;
	size_t k, nchunks;
	long long taken;

	/* Fused only where report_rank reads back lazily and the metadata
	 * reads: else the build, then report_rank, and their messages in
	 * that order. */
	for (k = 0; k < FS_COMPUTED_N; k++)
		if ((col[k] = fs_header_col(&t->h, fs_computed_cols[k])) < 0)
			break;
	if (k < FS_COMPUTED_N ||
	    fs_rank_opts_from_meta(ro, &t->h, NULL, -1, 0, &quiet) < 0 ||
	    fs_meta_date(&t->h, "taken", &taken, &quiet) < 0 ||
	    !fs_algorithm_levels(ro->algorithm)) {
		if (fs_tree_build(tr, t, e) < 0)
			return -1;
		if (report_rank(tr, ro, lazy, e) < 0) {
			fs_tree_release(tr);
			return -1;
		}
		return 0;
	}
	fu = (struct fused){col, lazy, UINT32_MAX, NULL, tr};
	if (fs_tree_build_reading(tr, t, &(struct fs_row_reader){fused_row,
								 &fu}, e) < 0)
		return -1;
	nchunks = (tr->n + READ_CHUNK - 1) / READ_CHUNK;
	fu.chunk_bad = fs_xcalloc(nchunks + 1, sizeof(*fu.chunk_bad));
	fs_par_for(nchunks, fused_ranks, &fu);
	for (k = 0; k < nchunks; k++)
		if (fu.chunk_bad[k] < fu.bad)
			fu.bad = fu.chunk_bad[k];
	free(fu.chunk_bad);
	if (fu.bad == UINT32_MAX)
		return 0;
	/* The first bad row's message, as reading back in order gives. */
	bad_row(tr, col, fu.bad, lazy, e);
	fs_tree_release(tr);
	return -1;
}

int
fs_report_rank(struct fs_tree *tr, struct fs_rank_opts *ro, struct fs_err *e)
{
	return report_rank(tr, ro, 0, e);
}


/* ----------------------------------------------------- building blocks */

static long double
service_of(const struct fs_tree *tr, enum fs_algorithm alg, uint32_t i)
{
	const struct fs_node *a = &tr->node[i];
	long double ue;

	if (i == tr->root)
		return -1;
	if (fs_algorithm_levels(alg)) {
		long double l = a->level_fs;

		if (isnan(l)) {	/* unread (fs_report_build_lazy) */
			struct fs_norms n;

			fs_report_norms(tr, i, &n);
			l = n.level_fs;
		}
		return l == NO_VAL_LD || isnan(l) ? -1 : l;
	}
	ue = fs_node_usage_efctv(tr, a);
	if (a->use_parent || ue == NO_VAL_LD)
		return -1;
	if (a->shares_norm == 0)
		return 0;
	if (ue == 0)
		return INFINITY;
	return (long double)a->shares_norm / ue;
}

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
cmp_key(const struct fs_node *a, const struct fs_node *b)
{
	int c = strcmp(a->acct, b->acct);

	if (!c)
		c = strcmp(a->user, b->user);
	if (!c)
		c = strcmp(a->part, b->part);
	return c;
}

static int
cmp_node_key(const struct order *o, uint32_t x, uint32_t y)
{
	return cmp_key(&o->tr->node[x], &o->tr->node[y]);
}

/* By user name, then key. */
static int
cmp_user_key(const struct order *o, uint32_t x, uint32_t y)
{
	int c = strcmp(o->tr->node[x].user, o->tr->node[y].user);

	return c ? c : cmp_key(&o->tr->node[x], &o->tr->node[y]);
}

static int
cmp_gap_desc(const struct order *o, uint32_t i, uint32_t j)
{
	long double a = gap(o->r, i), b = gap(o->r, j);

	if (a != b)
		return a > b ? -1 : 1;
	return cmp_key(&o->r->cur->node[i], &o->r->cur->node[j]);
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
	return cmp_key(&o->r->cur->node[i], &o->r->cur->node[j]);
}

static int
cmp_usage_desc(const struct order *o, uint32_t i, uint32_t j)
{
	long double a = o->r->cur->node[i].usage_raw;
	long double b = o->r->cur->node[j].usage_raw;

	if (a != b)
		return a > b ? -1 : 1;
	return cmp_key(&o->r->cur->node[i], &o->r->cur->node[j]);
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
	return cmp_key(a, b);
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
	return cmp_key(&r->cur->node[a->cur], &r->cur->node[b->cur]) < 0;
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

		long long t0, t1;
		struct fs_err e = {NULL, 0, ""};

		if (ot && taken && fs_parse_date(ot, &t0, &e) == 0 &&
		    fs_parse_date(taken, &t1, &e) == 0 && t0 > t1)
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

static uint32_t *
sorted_by_key(const struct fs_tree *tr)
{
	uint32_t *v = fs_xcalloc(tr->n, sizeof(*v)), i;

	for (i = 0; i < tr->n; i++)
		v[i] = i;
	sort_by(v, tr->n, &(struct order){cmp_node_key, NULL, tr, NULL});
	return v;
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
	uint32_t *a = sorted_by_key(cur), *b = sorted_by_key(old);
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
		old_service[i] = service_of(old, r->old_ro->algorithm, i);
	i = 0;
	while (i < cur->n || j < old->n) {
		int cmp = i == cur->n   ? 1
			  : j == old->n ? -1
					: cmp_key(&cur->node[a[i]],
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

long double
fs_report_service(const struct fs_tree *tr, enum fs_algorithm alg, uint32_t i)
{
	return service_of(tr, alg, i);
}

long double
fs_report_service_at(const struct fs_report *r, uint32_t i)
{
	return service_of(r->cur, r->ro->algorithm, i);
}

uint32_t *
fs_report_by_key(const struct fs_tree *tr)
{
	return sorted_by_key(tr);
}

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
