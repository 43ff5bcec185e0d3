/*
 * classic.c: Slurm's classic (PriorityFlags=NO_FAIR_TREE) and
 * depth-oblivious (DEPTH_OBLIVIOUS) fairshare (docs/slurm.md §3).
 *
 * Normalised shares are a double product down the direct chain, multiplied
 * from the association upwards, FairShare=parent nodes contributing 1.
 * Usage is normalised against root. Effective usage is the usage itself on
 * the first tier and the fs parent's for FairShare=parent; below that,
 * classic interpolates between the association's and its fs parent's
 * effective usage by its share of the level, and depth-oblivious uses
 * Slurm's ratio formula with the siblings' current usage (steady state,
 * docs/slurm.md §3.4). The factor is 2^(-(UE/S)/dampening).
 *
 * Associations are visited in display order, parents before children.
 * Normalising shares walks each chain: O(n * depth).
 */
#include <math.h>
#include <stdlib.h>

#include "model/model.h"
#include "core/msort.h"

/* Effective usage: classic keeps it in tr->usage_efctv (fs_rank made
 * it). */
#define UE(x) (tr->usage_efctv[(x) - tr->node])

/* SLURM's fuzzy_equal(a, NO_VAL). */
static int
is_no_val(long double v)
{
	long double d = v - (long double)FS_NO_VAL;

	return d < 0.00001L && d > -0.00001L;
}

double
fs_classic_factor(long double usage_efctv, long double shares_norm,
		  unsigned dampening)
{
	if (is_no_val(usage_efctv) || shares_norm <= 0)
		return 0.0;
	if (!dampening)
		dampening = 1;
	return pow(2.0, (double)(-((usage_efctv / shares_norm) /
				   (long double)dampening)));
}

static double
classic_shares_norm(const struct fs_tree *tr, uint32_t i)
{
	const struct fs_node *x = &tr->node[i];
	double n = 1.0;

	if (x->use_parent && x->fs_parent != FS_NONE)
		return tr->node[x->fs_parent].shares_norm;
	while (x->parent != FS_NONE) {
		if (!x->use_parent)
			n = x->level_shares ? n * ((double)x->shares_raw /
						   (double)x->level_shares)
					    : 0;
		x = &tr->node[x->parent];
	}
	return n;
}

static void
depth_oblivious_usage_efctv(const struct fs_tree *tr, struct fs_node *a)
{
	const struct fs_node *p = &tr->node[a->fs_parent];
	long double ratio_p, ratio_s, ratio_l, k;
	long double norm = fs_node_usage_norm(tr, a);
	uint32_t j;

	if (!(a->shares_norm && p->shares_norm && UE(p) && norm)) {
		UE(a) = norm;
		return;
	}
	ratio_p = UE(p) / p->shares_norm;
	ratio_s = 0;
	for (j = 0; j < p->nfs_kids; j++) {
		const struct fs_node *s = &tr->node[tr->fs_kids[p->fs_kids + j]];

		if (!s->use_parent)
			ratio_s += fs_node_usage_norm(tr, s);
	}
	ratio_s /= p->shares_norm;
	ratio_l = (norm / a->shares_norm) / ratio_s;
	if (!ratio_p || !ratio_l || logl(ratio_p) * logl(ratio_l) >= 0)
		k = 1;
	else
		k = 1 / (1 + powl(5.0L * logl(ratio_p), 2));
	UE(a) = ratio_p * pow((double)ratio_l, (double)k) *
			 a->shares_norm;
}

/* Users by FairShare, highest first; equals keep their order. */
static inline int
higher_factor(const struct fs_tree *tr, const uint32_t *a, const uint32_t *b)
{
	return tr->node[*a].fs_factor > tr->node[*b].fs_factor;
}

FS_MSORT(sort_by_factor, uint32_t, const struct fs_tree *, higher_factor)

void
fs_classic_rank(struct fs_tree *tr)
{
	uint32_t *u = fs_xcalloc(tr->user_count + 1, sizeof(*u)), i, m = 0;
	uint32_t *tmp = fs_xcalloc(tr->user_count + 1, sizeof(*tmp));

	for (i = 0; i < tr->n; i++)
		if (tr->node[i].is_user)
			u[m++] = i;
	sort_by_factor(tr, u, tmp, m);
	free(tmp);
	for (i = 0; i < m; i++)
		tr->node[u[i]].rank =
			i && tr->node[u[i]].fs_factor == tr->node[u[i - 1]].fs_factor
				? tr->node[u[i - 1]].rank
				: tr->user_count - i;
	free(u);
}

void
fs_classic(struct fs_tree *tr, int depth_oblivious, unsigned dampening)
{
	struct fs_node *root = &tr->node[tr->root];
	uint32_t i, k;

	if (tr->root == FS_NONE)
		return;
	fs_tree_ranked_here(tr, 1);
	fs_tree_level_shares(tr);
	for (i = 0; i < tr->n; i++)
		tr->node[i].rank = 0;
	for (k = 0; k < tr->n; k++) {
		struct fs_node *a = &tr->node[tr->order[k]];

		a->shares_norm = classic_shares_norm(tr, tr->order[k]);
		a->level_fs = 0;
	}
	UE(root) = 1;
	for (k = 1; k < tr->n; k++) {
		struct fs_node *a = &tr->node[tr->order[k]];
		const struct fs_node *p = &tr->node[a->fs_parent];

		if (a->fs_parent == tr->root)
			UE(a) = fs_node_usage_norm(tr, a);
		else if (a->use_parent)
			UE(a) = UE(p);
		else if (depth_oblivious)
			depth_oblivious_usage_efctv(tr, a);
		else if (!a->level_shares)
			UE(a) = UE(p);
		else {
			long double norm = fs_node_usage_norm(tr, a);

			UE(a) = norm + (UE(p) - norm) *
						 (a->shares_raw /
						  (long double)a->level_shares);
		}
	}
	for (i = 0; i < tr->n; i++) {
		struct fs_node *a = &tr->node[i];
		const struct fs_node *fs = a;

		if (a->use_parent && a->fs_parent != FS_NONE)
			fs = &tr->node[a->fs_parent];
		a->fs_factor = fs_classic_factor(UE(fs),
						 fs->shares_norm, dampening);
	}
	fs_classic_rank(tr);
}
