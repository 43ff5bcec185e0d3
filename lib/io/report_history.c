/*
 * report_history.c: fs-report --history, the snapshots of one cluster that
 * cron kept (fs-tree > DIR/$(date +%F-%H%M).tsv), read one at a time.
 *
 * Memory does not grow with the snapshots beyond the charts: a first pass
 * keeps, per association (account, user, partition), how far its value
 * moved (a user's FairShare; an account's Level FS, or S/U, on the colour
 * scale of the picture, log2 clamped to 1/8..8) and its first and last
 * values, and its usage in the first and last snapshots it is in; the
 * --top accounts and users that moved most, and the --top users whose
 * usage grew most from the first snapshot to the last, are then chosen,
 * and a second pass over the same files keeps their values and usage at
 * each snapshot, with the cluster's total usage. The associations of each
 * snapshot are matched to the ones already known by a merge of two lists
 * sorted by key, O(n log n) a snapshot.
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "io/report.h"
#include "core/msort.h"

struct fs_history *
fs_history_new(const struct fs_report_opts *o)
{
	struct fs_history *h = fs_xcalloc(1, sizeof(*h));

	h->o = o;
	return h;
}

void
fs_history_free(struct fs_history *h)
{
	size_t k;

	if (!h)
		return;
	for (k = 0; k < h->ns; k++) {
		free(h->s[k].acct);
		free(h->s[k].user);
		free(h->s[k].part);
		free(h->s[k].parent);
		free(h->s[k].v);
		free(h->s[k].u);
	}
	free(h->s);
	for (k = 0; k < h->nt; k++)
		free(h->taken[k]);
	free(h->taken);
	free(h->t);
	free(h->total);
	free(h->cluster);
	free(h->first);
	free(h->acc_top);
	free(h->usr_top);
	free(h->grow_top);
	free(h);
}

static int
cmp_series(const struct fs_hseries *s, const struct fs_node *a)
{
	int c = strcmp(s->acct, a->acct);

	if (!c)
		c = strcmp(s->user, a->user);
	if (!c)
		c = strcmp(s->part, a->part);
	return c;
}

/* The value whose movement is measured: FairShare for a user, the service
 * value of an account on the picture's scale (-3..3); NAN for none. */
static double
measure(const struct fs_tree *tr, const struct fs_rank_opts *ro, uint32_t i)
{
	long double s;

	if (tr->node[i].is_user)
		return tr->node[i].fs_factor;
	s = fs_report_service(tr, ro->algorithm, i);
	if (s < 0)
		return NAN;
	if (isinf(s))
		return 3;
	if (s == 0)
		return -3;
	return fmax(-3, fmin(3, (double)log2l(s)));
}

static void
series_init(struct fs_hseries *s, const struct fs_tree *tr, uint32_t i)
{
	const struct fs_node *a = &tr->node[i];

	memset(s, 0, sizeof(*s));
	s->acct = fs_xstrdup(a->acct);
	s->user = fs_xstrdup(a->user);
	s->part = fs_xstrdup(a->part);
	s->is_user = a->is_user;
	s->lo = INFINITY;
	s->hi = -INFINITY;
	s->first_v = s->last_v = NAN;
}

/* Pass 1: the snapshot's header (same cluster, later than the one before)
 * and each association's movement. */
static int
check_header(struct fs_history *h, const struct fs_tree *tr, const char *file,
	     struct fs_err *e)
{
	const struct fs_header *hd = &tr->t->h;
	const char *cl = fs_header_meta(hd, "cluster");
	const char *taken = fs_header_meta(hd, "taken");
	long long t;

	e->file = file;
	if (!taken)
		return fs_error(e, 0, "no #taken= metadata: --history places "
				"each snapshot in time by it (fs-tree writes "
				"it)");
	if (fs_parse_date(taken, &t, e) < 0) {
		e->line = fs_header_meta_line(hd, "taken");
		return -1;
	}
	if (!h->nt) {
		h->cluster = fs_xstrdup(cl ? cl : "");
		h->first = fs_xstrdup(file);
	} else if (strcmp(h->cluster, cl ? cl : ""))
		return fs_error(e, fs_header_meta_line(hd, "cluster"),
				"a snapshot of cluster '%s', and %s is of "
				"cluster '%s': --history follows one cluster",
				cl ? cl : "", h->first, h->cluster);
	else if (t <= h->t[h->nt - 1])
		return fs_error(e, fs_header_meta_line(hd, "taken"),
				"taken %s, not after the snapshot before it "
				"(%s): snapshots are read in the order of "
				"their names", taken, h->taken[h->nt - 1]);
	/* The cluster's usage and the charts are hours in doubles: a usage
	 * past the largest is refused here, not summed into inf and nan. */
	if (tr->node[tr->root].usage_raw / 3600 > (long double)DBL_MAX)
		return fs_error(e, 0, "RawUsage %.3Le of the root: more than "
				"--history sums (%.3Le, the largest double in "
				"hours)", tr->node[tr->root].usage_raw,
				(long double)DBL_MAX * 3600);
	h->t = fs_xreallocarray(h->t, h->nt + 1, sizeof(*h->t));
	h->taken = fs_xreallocarray(h->taken, h->nt + 1, sizeof(*h->taken));
	h->t[h->nt] = t;
	h->taken[h->nt++] = fs_xstrdup(taken);
	return 0;
}

static void
merge(struct fs_history *h, const struct fs_tree *tr,
      const struct fs_rank_opts *ro)
{
	uint32_t *v = fs_report_by_key(tr);
	struct fs_hseries *out = NULL;
	size_t i = 0, j = 0, n = 0, cap = 0;

	/* Both sorted by key: new associations are put in their place. */
	while (i < h->ns || j < tr->n) {
		int c;

		if (j < tr->n && v[j] == tr->root) {
			j++;
			continue;
		}
		c = i == h->ns ? 1 : j == tr->n ? -1
						: cmp_series(&h->s[i],
							     &tr->node[v[j]]);
		if (n == cap) {
			cap = cap ? 2 * cap : 1024;
			out = fs_xreallocarray(out, cap, sizeof(*out));
		}
		if (c < 0) {
			out[n++] = h->s[i++];
			continue;
		}
		if (c > 0)
			series_init(&out[n], tr, v[j]);
		else
			out[n] = h->s[i++];
		{
			struct fs_hseries *s = &out[n++];
			const struct fs_node *a = &tr->node[v[j]];
			double m = measure(tr, ro, v[j]);

			if (!isnan(m)) {
				if (isnan(s->first_v))
					s->first_v = m;
				s->last_v = m;
				s->lo = fmin(s->lo, m);
				s->hi = fmax(s->hi, m);
			}
			if (!s->seen) {
				s->first_u = a->usage_raw;
				s->first_at = (uint32_t)(h->nt - 1);
			}
			s->last_u = a->usage_raw;
			s->last_at = (uint32_t)(h->nt - 1);
			s->seen++;
			free(s->parent);
			s->parent = fs_xstrdup(a->parent == FS_NONE
						       ? ""
						       : tr->node[a->parent].acct);
		}
		j++;
	}
	free(h->s);
	h->s = out;
	h->ns = n;
	free(v);
}

/* Pass 2: the chosen series' values at snapshot h->at. */
static void
collect(struct fs_history *h, const struct fs_tree *tr,
	const struct fs_rank_opts *ro)
{
	uint32_t *v = fs_report_by_key(tr);
	size_t i = 0, j = 0;

	h->total[h->at] = (double)(tr->node[tr->root].usage_raw / 3600);
	while (i < h->ns && j < tr->n) {
		int c;

		if (v[j] == tr->root) {
			j++;
			continue;
		}
		c = cmp_series(&h->s[i], &tr->node[v[j]]);
		if (c < 0)
			i++;
		else if (c > 0)
			j++;
		else {
			struct fs_hseries *s = &h->s[i];

			if (s->v) {
				long double sv = fs_report_service(
					tr, ro->algorithm, v[j]);

				s->v[h->at] = s->is_user
						      ? tr->node[v[j]].fs_factor
					      : sv < 0 ? NAN
					      : isinf(sv) ? INFINITY
							  : (double)sv;
				s->u[h->at] =
					(double)(tr->node[v[j]].usage_raw / 3600);
			}
			i++;
			j++;
		}
	}
	h->at++;
	free(v);
}

int
fs_history_add(struct fs_history *h, const struct fs_tree *tr,
	       const struct fs_rank_opts *ro, const char *file,
	       struct fs_err *e)
{
	if (h->pass == 2) {
		collect(h, tr, ro);
		return 0;
	}
	if (check_header(h, tr, file, e) < 0)
		return -1;
	h->classic |= !fs_algorithm_levels(ro->algorithm);
	merge(h, tr, ro);
	return 0;
}

/* Most moved first (the range of the value), then in key order. */
static inline int
moved_before(const struct fs_history *h, const uint32_t *x, const uint32_t *y)
{
	const struct fs_hseries *a = &h->s[*x], *b = &h->s[*y];
	double ma = a->hi - a->lo, mb = b->hi - b->lo;

	return ma != mb ? ma > mb : *x < *y;
}

FS_MSORT(moved_sort, uint32_t, const struct fs_history *, moved_before)

static void
sort_moved(const struct fs_history *h, uint32_t *v, size_t n)
{
	uint32_t *tmp = fs_xcalloc(n + 1, sizeof(*tmp));

	moved_sort(h, v, tmp, (uint32_t)n);
	free(tmp);
}

long double
fs_history_growth(const struct fs_history *h, const struct fs_hseries *s)
{
	long double last = s->last_at == h->nt - 1 ? s->last_u : 0;
	long double first = s->first_at == 0 ? s->first_u : 0;

	return last - first;
}

/* The usage that grew most first, then in key order. */
static inline int
grew_before(const struct fs_history *h, const uint32_t *x, const uint32_t *y)
{
	long double a = fs_history_growth(h, &h->s[*x]);
	long double b = fs_history_growth(h, &h->s[*y]);

	return a != b ? a > b : *x < *y;
}

FS_MSORT(grew_sort, uint32_t, const struct fs_history *, grew_before)

/* Room for one value a snapshot, for the charts of pass 2. */
static void
chart_room(const struct fs_history *h, struct fs_hseries *s)
{
	size_t t;

	if (s->v)
		return;
	s->v = fs_xcalloc(h->nt, sizeof(*s->v));
	s->u = fs_xcalloc(h->nt, sizeof(*s->u));
	for (t = 0; t < h->nt; t++)
		s->v[t] = s->u[t] = NAN;
}

/* Between the passes: the --top accounts and users that moved most (by
 * the range of their value), and the --top users whose usage grew most,
 * given room for one value a snapshot. */
void
fs_history_choose(struct fs_history *h)
{
	uint32_t *acc = fs_xcalloc(h->ns + 1, sizeof(*acc));
	uint32_t *usr = fs_xcalloc(h->ns + 1, sizeof(*usr));
	uint32_t *grew = fs_xcalloc(h->ns + 1, sizeof(*grew));
	uint32_t *tmp = fs_xcalloc(h->ns + 1, sizeof(*tmp));
	size_t k, na = 0, nu = 0, ng = 0;

	for (k = 0; k < h->ns; k++) {
		const struct fs_hseries *s = &h->s[k];

		if (s->is_user && fs_history_growth(h, s) > 0)
			grew[ng++] = (uint32_t)k;
		if (!(s->hi > s->lo))
			continue;
		if (s->is_user)
			usr[nu++] = (uint32_t)k;
		else
			acc[na++] = (uint32_t)k;
	}
	sort_moved(h, acc, na);
	sort_moved(h, usr, nu);
	grew_sort(h, grew, tmp, (uint32_t)ng);
	free(tmp);
	h->nacc_moved = na;
	h->nusr_moved = nu;
	h->ngrow_pos = ng;
	h->nacc = na < h->o->top ? na : h->o->top;
	h->nusr = nu < h->o->top ? nu : h->o->top;
	h->ngrow = ng < h->o->top ? ng : h->o->top;
	h->acc_top = acc;
	h->usr_top = usr;
	h->grow_top = grew;
	for (k = 0; k < h->nacc; k++)
		chart_room(h, &h->s[acc[k]]);
	for (k = 0; k < h->nusr; k++)
		chart_room(h, &h->s[usr[k]]);
	for (k = 0; k < h->ngrow; k++)
		chart_room(h, &h->s[grew[k]]);
	h->total = fs_xcalloc(h->nt + 1, sizeof(*h->total));
	h->pass = 2;
	h->at = 0;
}
