/*
 * load.c: a TSV tree read, changed (--shares, --usage), and built and
 * ranked with the options its metadata gives, the sequence fs-rank,
 * fs-prio, fs-report and fs-explain share.
 */
#include <string.h>

#include "io/io.h"

/* Metadata sets the defaults; options win. Returns 0, -1 (bad data) or
 * -2 (a bad option). */
static int
setup(struct fs_load *l, const struct fs_load_opts *o, struct fs_err *e)
{
	enum fs_algorithm a;

	if (o->algorithm && fs_algorithm_parse(o->algorithm, &a) < 0) {
		fs_error(e, 0, "unknown algorithm '%s' (fairtree, classic or "
			 "depth-oblivious)", o->algorithm);
		return -2;
	}
	if (fs_rank_opts_from_meta(&l->ro, &l->t.h, o->algorithm, o->ties,
				   o->dampening, e) < 0)
		return -1;
	l->half_life = FS_SLURM_HALF_LIFE;
	if (o->half_life) {
		struct fs_meta_common mc;

		if (fs_meta_common_read(&l->t.h, FS_META_HALF_LIFE, &mc,
					e) < 0)
			return -1;
		l->half_life = mc.half_life;
	}
	return 0;
}

/* Whether the rows show what the controller held when the tree was taken
 * rather than what the formula gives (fs_load_opts.next_pass). */
static int
held(const struct fs_load *l, const struct fs_load_opts *o)
{
	const char *v = fs_header_meta(&l->t.h, FS_TSV_VALUES);
	size_t k;

	if (!v || strcmp(v, FS_TSV_VALUES_CTLD) || o->next_pass || o->nwhatif)
		return 0;
	if (!o->ranked)
		return !o->algorithm && o->ties < 0 && o->dampening <= 0;
	/* Read back: only where the ranking columns were missing and the
	 * tree was ranked here with its metadata's options. */
	for (k = 0; k < FS_COMPUTED_N; k++)
		if (fs_header_col(&l->t.h, fs_computed_cols[k]) < 0)
			return 1;
	return 0;
}

/* One user's part of a ranked tree (fs_load_opts.part): read back as it
 * was ranked, never ranked again. Returns 0, -1 or -2 as fs_load. */
static int
load_part(struct fs_load *l, const struct fs_load_opts *o, struct fs_err *e)
{
	size_t k;

	if (o->nwhatif || o->algorithm || o->ties >= 0 || o->dampening > 0 ||
	    o->next_pass) {
		fs_error(e, 0, "one user's part of a ranked tree (fs-rank "
			 "--per-user) is read as it was ranked: --shares, "
			 "--usage, --algorithm, --ties, --dampening and "
			 "--next-pass need the whole tree");
		return -2;
	}
	for (k = 0; k < FS_COMPUTED_N; k++)
		if (fs_header_col(&l->t.h, fs_computed_cols[k]) < 0)
			return fs_error(e, 0, "one user's part of a ranked tree "
					"without its column '%s'",
					fs_computed_cols[k]);
	l->t.subset_ok = 1;
	if (fs_tree_build(&l->tr, &l->t, e) < 0)
		return -1;
	if (fs_tree_read_back(&l->tr, &l->ro, e) < 0) {
		fs_tree_release(&l->tr);
		return -1;
	}
	return 0;
}

int
fs_load_table(struct fs_load *l, const struct fs_load_opts *o,
	      struct fs_err *e)
{
	int r;

	if (o->part && fs_header_meta(&l->t.h, "subset"))
		return load_part(l, o, e);

	if (o->nwhatif) {
		/* The changed tree in place of the one read. */
		l->orig = l->t;
		if (fs_whatif_apply(&l->orig, o->whatif, o->nwhatif, &l->t,
				    e) < 0)
			return -1;
	}
	if (o->ranked > 1)
		return fs_tree_read_back_lazy(&l->tr, &l->t, &l->ro,
					      o->ranked > 2, e);
	if (!o->ranked && (r = setup(l, o, e)) < 0)
		return r;
	if (fs_tree_build(&l->tr, &l->t, e) < 0)
		return -1;
	if (!o->ranked) {
		fs_rank(&l->tr, &l->ro);
		if ((l->held = held(l, o)) &&
		    fs_tree_take_slurm(&l->tr, &l->ro, e) < 0) {
			fs_tree_release(&l->tr);
			return -1;
		}
	} else if (fs_tree_read_back(&l->tr, &l->ro, e) < 0 ||
		   ((l->held = held(l, o)) &&
		    fs_tree_take_slurm(&l->tr, &l->ro, e) < 0)) {
		fs_tree_release(&l->tr);
		return -1;
	}
	return 0;
}

int
fs_load(struct fs_load *l, FILE *in, const struct fs_load_opts *o,
	struct fs_err *e)
{
	memset(l, 0, sizeof(*l));
	if ((o->cols ? fs_table_read_cols(&l->t, in, o->cols, e)
		     : fs_table_read(&l->t, in, e)) < 0)
		return -1;
	return fs_load_table(l, o, e);
}

void
fs_load_release(struct fs_load *l)
{
	fs_tree_release(&l->tr);
	fs_table_release(&l->t);
	if (l->orig.buf.data)
		fs_table_release(&l->orig);
}

/* The accounts whose children fs_load_quick adds to the small tree, one a
 * round, to follow ties, before it gives up. */
#define QUICK_ROUNDS 64

int
fs_load_quick(struct fs_load *l, const struct fs_load_opts *o, int fd,
	      char *const *names, int n, struct fs_err *e)
{
	struct fs_explain_read q;
	struct fs_err keep = *e;
	enum fs_algorithm a;
	int r, round;

	if (o->nwhatif || o->ranked ||
	    (o->cols && o->cols != fs_tree_input_cols) ||
	    (o->ties >= 0 && o->ties != FS_TIES_SLURM) ||
	    (o->algorithm && (fs_algorithm_parse(o->algorithm, &a) < 0 ||
			      a != FS_ALG_FAIRTREE)) ||
	    !fs_explain_read(&q, fd, fs_tree_input_cols, names, n))
		return 0;
	for (round = 0;; round++) {
		memset(l, 0, sizeof(*l));
		fs_explain_read_take(&q, &l->t, &l->tr);
		if (setup(l, o, e) < 0 || l->ro.algorithm != FS_ALG_FAIRTREE ||
		    l->ro.ties != FS_TIES_SLURM)
			goto no;
		/* Levels only: fs_explain_read_ranks ranks the named users
		 * for the whole tree (the small tree's walk would rank them
		 * in it). A tie that carries a rank from inside an account
		 * whose children the small tree lacks: again with them. */
		fs_fairtree_levels(&l->tr);
		if ((r = fs_explain_read_ranks(&q, &l->tr, names, n)) > 0)
			break;
		if (!r || round == QUICK_ROUNDS)
			goto no;
		fs_load_release(l);
		if (!fs_explain_read_more(&q)) {
			memset(l, 0, sizeof(*l));
			*e = keep;
			return 0;
		}
	}
	fs_explain_read_release(&q);
	l->quick = 1;
	return 1;
no:
	*e = keep;
	fs_explain_read_release(&q);
	fs_load_release(l);
	return 0;
}

int
fs_load_quick_short(const struct fs_load *l, const struct fs_explain *p)
{
	return l->quick && (p->ranked_copy || (p->rule != FS_RULE_LEVEL_FS &&
					       p->rule != FS_RULE_SAME));
}
