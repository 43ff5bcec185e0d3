/*
 * report_read.c: what the report's parts ask of a ranked tree: whether two
 * snapshots compare (fs_report_pair), a node's service value, and the
 * associations in key order. Below report.c, its renderers and
 * report_history.c, which call it.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "io/report.h"
#include "core/msort.h"

static const long double NO_VAL_LD = (long double)FS_NO_VAL;

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


/* ------------------------------------------- a node's service value, key */

static long double
service_of(const struct fs_tree *tr, enum fs_algorithm alg, uint32_t i)
{
	const struct fs_node *a = &tr->node[i];
	long double ue;

	if (i == tr->root)
		return -1;
	if (fs_algorithm_levels(alg)) {
		long double l = a->level_fs;

		if (isnan(l)) {	/* unread (fs_tree_read_back_lazy) */
			struct fs_norms n;

			fs_tree_norms(tr, i, &n);
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

int
fs_report_cmp_key(const struct fs_node *a, const struct fs_node *b)
{
	int c = strcmp(a->acct, b->acct);

	if (!c)
		c = strcmp(a->user, b->user);
	if (!c)
		c = strcmp(a->part, b->part);
	return c;
}

static inline int
key_before(const struct fs_tree *tr, const uint32_t *a, const uint32_t *b)
{
	return fs_report_cmp_key(&tr->node[*a], &tr->node[*b]) < 0;
}

FS_MSORT(key_sort, uint32_t, const struct fs_tree *, key_before)

uint32_t *
fs_report_by_key(const struct fs_tree *tr)
{
	uint32_t *v = fs_xcalloc(tr->n, sizeof(*v)), *tmp, i;

	for (i = 0; i < tr->n; i++)
		v[i] = i;
	tmp = fs_xcalloc(tr->n + 1, sizeof(*tmp));
	key_sort(tr, v, tmp, tr->n);
	free(tmp);
	return v;
}
