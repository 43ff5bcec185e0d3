/*
 * readback.c: a ranked tree's computed columns (output.c's NormShares,
 * NormUsage, EffectvUsage, LevelFS, FairShare and Rank) read back into its
 * nodes rather than ranked again (fs_tree_read_back), or only checked,
 * each node's read when a report asks for it (fs_tree_norms,
 * fs_tree_read_back_lazy). A table without them all is ranked with the
 * options of its metadata.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"

static const long double NO_VAL_LD = (long double)FS_NO_VAL;

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
 * fs_tree_norms reads a node's. */
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
fs_tree_norms(const struct fs_tree *tr, uint32_t i, struct fs_norms *n)
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
read_back(struct fs_tree *tr, struct fs_rank_opts *ro, int lazy,
	  struct fs_err *e)
{
	const struct fs_table *t = tr->t;
	struct readback rb;
	int col[FS_COMPUTED_N];
	size_t k, nchunks;
	int ret = 0;
	struct fs_meta_common mc;

	/* The report prints taken and compares snapshots by it. */
	if (fs_rank_opts_from_meta(ro, &t->h, NULL, -1, 0, e) < 0 ||
	    fs_meta_common_read(&t->h, FS_META_TAKEN, &mc, e) < 0)
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

/* fs_tree_read_back_lazy's reading of the ranked columns, as the build has
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
fs_tree_read_back_lazy(struct fs_tree *tr, const struct fs_table *t,
		       struct fs_rank_opts *ro, int level_fs, struct fs_err *e)
{
	struct fs_err quiet = {NULL, 0, ""};
	struct fused fu;
	int col[FS_COMPUTED_N], lazy = level_fs ? 4 : 3;
	size_t k, nchunks;
	struct fs_meta_common mc;

	/* Fused only where report_rank reads back lazily and the metadata
	 * reads: else the build, then report_rank, and their messages in
	 * that order. */
	for (k = 0; k < FS_COMPUTED_N; k++)
		if ((col[k] = fs_header_col(&t->h, fs_computed_cols[k])) < 0)
			break;
	if (k < FS_COMPUTED_N ||
	    fs_rank_opts_from_meta(ro, &t->h, NULL, -1, 0, &quiet) < 0 ||
	    fs_meta_common_read(&t->h, FS_META_TAKEN, &mc, &quiet) < 0 ||
	    !fs_algorithm_levels(ro->algorithm)) {
		if (fs_tree_build(tr, t, e) < 0)
			return -1;
		if (read_back(tr, ro, lazy, e) < 0) {
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
fs_tree_read_back(struct fs_tree *tr, struct fs_rank_opts *ro,
		  struct fs_err *e)
{
	return read_back(tr, ro, 0, e);
}

/* One Slurm* cell of row r into *v: 1 read, 0 empty (or no column), -1
 * not a number (e set). */
static int
slurm_cell(const struct fs_tree *tr, int col, uint32_t r, long double *v,
	   struct fs_err *e)
{
	const char *s;

	if (col < 0 || !*(s = fs_table_field(tr->t, r, (size_t)col)))
		return 0;
	if (fs_parse_ld(s, v) < 0 || *v < 0)
		return fs_error(e, fs_table_line(tr->t, r),
				"column '%s': not a number: '%s'",
				tr->t->h.cols[col], s);
	return 1;
}

/* The controller's value v as it travelled (v*1e6/1e6 in double) in place
 * of c, computed here, unless c travels as v: then c, which has the bits
 * the wire rounded away. */
static long double
held(long double c, long double v)
{
	double d = (double)c;

	return (d * 1000000.0) / 1000000.0 == (double)v ? c : v;
}

int
fs_tree_take_slurm(struct fs_tree *tr, const struct fs_rank_opts *ro,
		   struct fs_err *e)
{
	const struct fs_header *h = &tr->t->h;
	int c_nu = fs_header_col(h, FS_COL_SLURM_NORM_USAGE);
	int c_ue = fs_header_col(h, FS_COL_SLURM_EFFECTV_USAGE);
	int c_lf = fs_header_col(h, FS_COL_SLURM_LEVEL_FS);
	int c_fs = fs_header_col(h, FS_COL_SLURM_FAIR_SHARE);
	int levels = fs_algorithm_levels(ro->algorithm), r;
	long double *nu, *ue, v;
	uint32_t i, ranked = 0;

	if (tr->root == FS_NONE || tr->subset)
		return 0;
	nu = fs_xcalloc_huge(tr->n, sizeof(*nu));
	ue = fs_xcalloc_huge(tr->n, sizeof(*ue));
	for (i = 0; i < tr->n; i++) {
		nu[i] = fs_node_usage_norm(tr, &tr->node[i]);
		ue[i] = fs_node_usage_efctv(tr, &tr->node[i]);
	}
	for (i = 0; i < tr->n; i++) {
		struct fs_node *a = &tr->node[i];

		/* An empty cell: the controller holds none (NO_VAL: a new
		 * association before its first pass), which sshare leaves
		 * blank. */
		if ((r = slurm_cell(tr, c_nu, i, &v, e)) < 0)
			goto bad;
		if (c_nu >= 0)
			nu[i] = r ? held(nu[i], v) : NO_VAL_LD;
		if ((r = slurm_cell(tr, c_ue, i, &v, e)) < 0)
			goto bad;
		if (c_ue >= 0)
			ue[i] = r ? held(ue[i], v) : NO_VAL_LD;
		if (levels && !a->use_parent) {
			if ((r = slurm_cell(tr, c_lf, i, &v, e)) < 0)
				goto bad;
			if (c_lf >= 0)
				a->level_fs = r ? held(a->level_fs, v)
						: NO_VAL_LD;
		}
	}
	for (i = 0; i < tr->n; i++) {
		struct fs_node *a = &tr->node[i];
		const struct fs_node *fs = a;

		if (!a->is_user)
			continue;
		if ((r = slurm_cell(tr, c_fs, i, &v, e)) < 0)
			goto bad;
		if (r) {
			a->fs_factor = (double)held(a->fs_factor, v);
			if (levels)
				a->rank = (uint32_t)llroundl(v * tr->user_count);
			ranked += a->rank > 0;
		} else if (!levels) {
			/* The factor the controller computes from what it
			 * holds (before 25.11 it keeps none: sshare and the
			 * job priority compute it). */
			if (a->use_parent && a->fs_parent != FS_NONE)
				fs = &tr->node[a->fs_parent];
			a->fs_factor = fs_classic_factor(ue[fs - tr->node],
							 fs->shares_norm,
							 ro->dampening);
		}
	}
	/* FairShare 0 under Fair Tree: no pass has ranked them yet (a pass
	 * gives at least 1/users). They are last, tied below the ranked
	 * users, as the factor says. */
	for (i = 0; levels && ranked < tr->user_count && i < tr->n; i++)
		if (tr->node[i].is_user && !tr->node[i].rank)
			tr->node[i].rank = tr->user_count - ranked;
	if (!levels)
		fs_classic_rank(tr);
	fs_free_huge(tr->usage_norm, tr->n, sizeof(*tr->usage_norm));
	fs_free_huge(tr->usage_efctv, tr->n, sizeof(*tr->usage_efctv));
	tr->usage_norm = nu;
	tr->usage_efctv = ue;
	return 0;
bad:
	fs_free_huge(nu, tr->n, sizeof(*nu));
	fs_free_huge(ue, tr->n, sizeof(*ue));
	return -1;
}
