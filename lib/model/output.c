/*
 * output.c: write a ranked tree back as TSV.
 *
 * The computed columns (NormShares, NormUsage, EffectvUsage, LevelFS,
 * FairShare, Rank) replace stale values in place or are appended; every
 * other column passes through untouched. Numbers are written to read back
 * exactly; a value Slurm holds as NO_VAL, or that does not apply, is empty.
 * Rows come in display order. Chunks of rows are formatted on every core
 * (fs_par_ordered) and written in order, in large blocks.
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"

enum { C_NORMS, C_NORMU, C_EFF, C_LFS, C_FS, C_RANK, C_OWNED };

const char *const fs_computed_cols[FS_COMPUTED_N] = {
	"NormShares", "NormUsage", "EffectvUsage", "LevelFS", "FairShare", "Rank"};

/* Each writer below puts one cell at o, which has room for OWNED_MAX
 * bytes, and returns the end. */
#define OWNED_MAX FS_FMT_MAX

/* Each column keeps the last value it wrote and its text (fs_fmt_memo):
 * siblings often share shares and factors (doubles), and formatting is
 * the costliest part of writing. The long double columns (usage
 * fractions, Level FS) repeat less, mostly where an account has one child
 * (about one row in 16 at a million associations), which the same memo
 * saves too. */
static char *
put_ld(char *o, struct fs_fmt_memo *m, long double v)
{
	return o + fs_memo_ld(m, o, v);
}

static char *
put_double(char *o, struct fs_fmt_memo *m, double v)
{
	return o + fs_memo_double(m, o, v);
}

static char *
put_owned(char *o, const struct fs_tree *tr, const struct fs_node *a,
	  int which, enum fs_algorithm alg, struct fs_fmt_memo *memo)
{
	const long double no_val = (long double)FS_NO_VAL;
	int fair = fs_algorithm_levels(alg);

	switch (which) {
	case C_NORMS:
		return put_double(o, &memo[which], a->shares_norm);
	case C_NORMU: {
		long double u = fs_node_usage_norm(tr, a);

		if (u != no_val)
			return put_ld(o, &memo[which], u);
		break;
	}
	case C_EFF: {
		long double u = fs_node_usage_efctv(tr, a);

		if (u != no_val)
			return put_ld(o, &memo[which], u);
		break;
	}
	case C_LFS:
		if (fair && a->level_fs != no_val)
			return put_ld(o, &memo[which], a->level_fs);
		break;
	case C_FS:
		if (a->is_user || (!fair && !isnan(a->fs_factor)))
			return put_double(o, &memo[which], a->fs_factor);
		break;
	case C_RANK:
		if (a->is_user)
			return fs_put_u64(o, tr->user_count + 1 - a->rank);
		break;
	}
	return o;
}

/* Rows per chunk: big enough to amortise the hand-over between threads,
 * small enough that the chunks in flight stay a few MB. */
#define ROWS_PER_CHUNK 8192

struct writer {
	const struct fs_tree *tr;
	const struct fs_rank_opts *o;
	int pos[C_OWNED], *own_at, passthrough;
	/* With hide_usage (fs_tree_put_rows): which input columns an
	 * account row keeps, the rest left empty. */
	unsigned char *keep;
	int hide_usage;		/* accounts' usage left out (fs_tree_put_rows) */
	FILE *out;
};

/* One row: node a's cells, ours computed, then the newline, into b; f has
 * room for the row's fields. */
static void
put_row(const struct writer *w, const struct fs_node *a, const char **f,
	struct fs_fmt_memo *memo, struct fs_buf *b)
{
	const struct fs_tree *tr = w->tr;
	const struct fs_table *t = tr->t;
	size_t ncols = t->h.ncols, c, k;
	int hide = w->hide_usage && !a->is_user;
	char *o;

	if (w->passthrough && !hide) {
		/* No column of ours in the input: the row goes out as it
		 * came in, its NULs tabs again. */
		size_t row = fs_node_row(tr, a), at = b->len, x;
		size_t len = fs_table_row_len(t, row);
		char *p;

		fs_buf_add(b, t->buf.data + t->row[row], len);
		/* Branch-free, so the compiler vectorises it. */
		for (p = b->data + at, x = 0; x < len; x++)
			p[x] = p[x] ? p[x] : '\t';
	} else {
		fs_table_fields(t, fs_node_row(tr, a), f);
		for (c = 0; c < ncols; c++) {
			if (c)
				fs_buf_addch(b, '\t');
			if (hide && !w->keep[c])
				continue;
			if (w->own_at[c] >= 0) {
				fs_buf_grow(b, OWNED_MAX);
				b->len = (size_t)(put_owned(b->data + b->len,
					tr, a, w->own_at[c], w->o->algorithm,
					memo) - b->data);
			} else
				fs_buf_addstr(b, f[c]);
		}
	}
	/* Our columns that the input lacks, then the newline. */
	fs_buf_grow(b, C_OWNED * (OWNED_MAX + 1) + 1);
	o = b->data + b->len;
	for (k = 0; k < C_OWNED; k++)
		if (w->pos[k] < 0) {
			*o++ = '\t';
			if (!hide || k == C_NORMS)
				o = put_owned(o, tr, a, (int)k, w->o->algorithm,
					      memo);
		}
	*o++ = '\n';
	*o = '\0';
	b->len = (size_t)(o - b->data);
}

/* Format rows [i * ROWS_PER_CHUNK, ...) of the display order into b. */
static void
write_chunk(void *arg, size_t i, struct fs_buf *b)
{
	const struct writer *w = arg;
	const struct fs_tree *tr = w->tr;
	const struct fs_table *t = tr->t;
	uint32_t r = (uint32_t)(i * ROWS_PER_CHUNK), end = tr->n;
	const char **f = NULL;
	struct fs_fmt_memo memo[C_OWNED];

	if (end - r > ROWS_PER_CHUNK)
		end = r + ROWS_PER_CHUNK;
	memset(memo, 0, sizeof(memo));
	if (!w->passthrough)
		f = fs_xcalloc(t->h.ncols + 1, sizeof(*f));
	for (; r < end; r++) {
		/* Display order jumps around the input: fetch ahead in
		 * steps, the node and its row offset (node i is row i),
		 * then the text. */
		if (r + 16 < tr->n) {
			fs_prefetch_node(&tr->node[tr->order[r + 16]]);
			__builtin_prefetch(&t->row[tr->order[r + 16]]);
		}
		if (r + 8 < tr->n)
			__builtin_prefetch(t->buf.data + t->row[tr->order[r + 8]]);
		put_row(w, &tr->node[tr->order[r]], f, memo, b);
	}
	free(f);
}

static int
emit_chunk(void *arg, struct fs_buf *b)
{
	const struct writer *w = arg;

	return fs_write_all(w->out, b->data, b->len);
}

/* The writer's columns, and the metadata and header line into b (extra:
 * more metadata, key then value, NULL-terminated, or NULL). */
static void
writer_init(struct writer *w, const struct fs_tree *tr,
	    const struct fs_rank_opts *o, const char *const *extra,
	    struct fs_buf *b)
{
	const struct fs_table *t = tr->t;
	size_t ncols = t->h.ncols, c, k;

	memset(w, 0, sizeof(*w));
	w->tr = tr;
	w->o = o;
	w->own_at = fs_xcalloc(ncols, sizeof(*w->own_at));
	for (c = 0; c < ncols; c++)
		w->own_at[c] = -1;
	for (k = 0; k < C_OWNED; k++) {
		w->pos[k] = fs_header_col(&t->h, fs_computed_cols[k]);
		if (w->pos[k] >= 0)
			w->own_at[w->pos[k]] = (int)k;
	}
	fs_header_put_meta(&t->h, b);
	for (; extra && extra[0]; extra += 2)
		if (fs_meta_put(b, extra[0], extra[1]) < 0)
			fs_die("internal error: metadata '%s' has a control "
			       "character", extra[0]);
	fs_cols_put(b, (const char *const *)t->h.cols, ncols);
	for (k = 0; k < C_OWNED; k++)
		if (w->pos[k] < 0)
			fs_buf_printf(b, "\t%s", fs_computed_cols[k]);
	fs_buf_addch(b, '\n');
	for (k = 0; k < C_OWNED && w->pos[k] < 0; k++)
		;
	w->passthrough = k == C_OWNED;
}

int
fs_tree_write(const struct fs_tree *tr, const struct fs_rank_opts *o,
	      FILE *out)
{
	struct writer w;
	struct fs_buf b;
	int ret;

	fs_buf_init(&b);
	writer_init(&w, tr, o, NULL, &b);
	w.out = out;
	ret = fs_write_all(out, b.data, b.len);
	fs_buf_release(&b);
	if (!ret)
		ret = fs_par_ordered((tr->n + ROWS_PER_CHUNK - 1) / ROWS_PER_CHUNK,
				     write_chunk, emit_chunk, &w);
	if (!ret)
		ret = fs_write_all(out, FS_TSV_END "\n", sizeof(FS_TSV_END));
	free(w.own_at);
	return ret;
}

void
fs_tree_put_rows(const struct fs_tree *tr, const struct fs_rank_opts *o,
		 const uint32_t *rows, size_t n, const char *const *extra,
		 int hide_usage, struct fs_buf *b)
{
	struct fs_fmt_memo memo[C_OWNED];
	struct writer w;
	const char **f;
	size_t i;

	writer_init(&w, tr, o, extra, b);
	w.hide_usage = hide_usage;
	if (hide_usage) {
		/* What an account row keeps: its place in the tree and its
		 * shares; never its usage, its running jobs' TRES, its
		 * limits' use or a column this list does not know. */
		static const char *const kept[] = {FS_COL_ACCOUNT,
			FS_COL_USER, FS_COL_PARTITION, FS_COL_PARENT,
			FS_COL_RAW_SHARES, FS_COL_ID, FS_COL_PARENT_ID,
			FS_COL_LIST_ORDER, FS_COL_PRIORITY, NULL};
		size_t c;

		w.keep = fs_xcalloc(tr->t->h.ncols + 1, 1);
		for (i = 0; kept[i]; i++) {
			int at = fs_header_col(&tr->t->h, kept[i]);

			if (at >= 0)
				w.keep[at] = 1;
		}
		for (c = 0; c < tr->t->h.ncols; c++)
			if (w.own_at[c] == C_NORMS)
				w.keep[c] = 1;
	}
	memset(memo, 0, sizeof(memo));
	f = fs_xcalloc(tr->t->h.ncols + 1, sizeof(*f));
	for (i = 0; i < n; i++)
		put_row(&w, &tr->node[rows[i]], f, memo, b);
	fs_buf_addstr(b, FS_TSV_END "\n");
	free(f);
	free(w.own_at);
	free(w.keep);
}
