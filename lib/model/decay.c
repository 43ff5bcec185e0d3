/*
 * decay.c: Slurm's usage decay, and a replay of jobs the way slurmctld
 * charges them (docs/slurm.md §4). The jobs come from io/sacct.c.
 *
 * Slurm does not decay by the true half-life: its per-second factor is the
 * first-order approximation df = 1 - 0.693/half_life, and t seconds multiply
 * the usage (a long double) by pow(df, t) (a double), clamped to DBL_MIN.
 * A job running for run_delta seconds of a cycle adds
 * run_delta * pow(df, run_delta) * billing, computed in double, to its
 * association and every ancestor up to root.
 *
 * The replay runs the decay thread's cycle at from + period, from +
 * 2 period, ... and finally at `to`. In each cycle (a, b] it does what the
 * controller does in real time: a job ending at E <= b is charged for
 * [max(a, start), E] when it ends (priority_p_job_end), in order of end time;
 * at b all usage is multiplied by the factor for b - a; then every job still
 * running at b is charged for [max(a, start), b], in input order (the job
 * list's order). Jobs are kept in an array sorted by start, so each cycle
 * touches only the jobs running in it.
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"

double
fs_decay_df(long long half_life)
{
	if (half_life <= 0)
		return 1;
	return 1 - (0.693 / (double)half_life);
}

double
fs_decay_factor(const struct fs_decay *d, long long t)
{
	double f;

	if (t <= 0 || d->half_life <= 0)
		return 1;
	if (d->exact)
		return exp2(-(double)t / (double)d->half_life);
	f = pow(fs_decay_df(d->half_life), (double)t);
	return f < DBL_MIN ? DBL_MIN : f;
}

double
fs_decay_charge(const struct fs_decay *d, long long run_delta, double billing)
{
	double run_decay, delta = (double)run_delta;

	if (run_delta <= 0)
		return 0;
	/* Slurm does not clamp this pow(). */
	if (d->half_life <= 0)
		run_decay = delta;
	else if (d->exact)
		run_decay = delta * exp2(-delta / (double)d->half_life);
	else
		run_decay = delta * pow(fs_decay_df(d->half_life), delta);
	return run_decay * billing;
}

void
fs_decay_tree(struct fs_tree *tr, double factor)
{
	uint32_t i;

	if (factor == 1)
		return;	/* Slurm skips a factor of exactly 1 */
	for (i = 0; i < tr->n; i++)
		tr->node[i].usage_raw *= (long double)factor;
}

/* ----------------------------------------------------------------- replay */

/* Sort keys: a time, ties broken by input order. */
struct key {
	long long t;
	size_t j;
};

static int
by_key(const void *a, const void *b)
{
	const struct key *x = a, *y = b;

	if (x->t != y->t)
		return x->t < y->t ? -1 : 1;
	return x->j < y->j ? -1 : x->j > y->j;
}

static void
sort_keys(struct key *k, size_t n)
{
	qsort(k, n, sizeof(*k), by_key);
}

/* Charge job j for [s, e] to its association and every ancestor. */
static void
charge(struct fs_tree *tr, const struct fs_job *jb, long long s, long long e,
       const struct fs_decay *law, unsigned char *charged, size_t j,
       size_t *ncharged)
{
	long double add;
	uint32_t a;

	if (e <= s)
		return;
	/* The QOS UsageFactor multiplies the double, as Slurm does. */
	add = (long double)(jb->usage_factor > 0
			    ? fs_decay_charge(law, e - s, jb->billing) *
				      jb->usage_factor
			    : fs_decay_charge(law, e - s, jb->billing));
	for (a = jb->assoc; a != FS_NONE; a = tr->node[a].parent)
		tr->node[a].usage_raw += add;
	if (!charged[j]) {
		charged[j] = 1;
		(*ncharged)++;
	}
}

void
fs_replay_run(struct fs_tree *tr, const struct fs_jobs *jl,
	      struct fs_replay *r)
{
	size_t n = jl->n, next = 0, nact = 0, nend, i, k;
	struct key *ord, *act, *ending;
	unsigned char *charged = fs_xcalloc(n ? n : 1, 1);
	long long a = r->from, b;
	const struct fs_job *jb;
	double f;
	int added;

	r->charged = 0;
	r->cycles = 0;
	r->factor = 1;
	ord = fs_xcalloc(n ? n : 1, sizeof(*ord));
	act = fs_xcalloc(n ? n : 1, sizeof(*act));
	ending = fs_xcalloc(n ? n : 1, sizeof(*ending));
	for (i = 0; i < n; i++) {
		ord[i].t = jl->job[i].start;
		ord[i].j = i;
	}
	sort_keys(ord, n);
	while (a < r->to) {
		b = r->period > 0 && r->period < r->to - a ? a + r->period
							    : r->to;
		/* Jobs that start before b and have not ended by a; the
		 * running ones stay in input order (key = index). */
		added = 0;
		for (; next < n && ord[next].t < b; next++) {
			jb = &jl->job[ord[next].j];
			if (jb->end > a && jb->end > jb->start) {
				act[nact].t = (long long)ord[next].j;
				act[nact++].j = ord[next].j;
				added = 1;
			}
		}
		if (added)
			sort_keys(act, nact);
		/* Jobs ending in (a, b], charged as they end. */
		for (i = k = nend = 0; i < nact; i++) {
			jb = &jl->job[act[i].j];
			if (jb->end <= b) {
				ending[nend].t = jb->end;
				ending[nend++].j = act[i].j;
			} else {
				act[k++] = act[i];
			}
		}
		nact = k;
		sort_keys(ending, nend);
		for (i = 0; i < nend; i++) {
			jb = &jl->job[ending[i].j];
			charge(tr, jb, jb->start > a ? jb->start : a, jb->end,
			       &r->law, charged, ending[i].j, &r->charged);
		}
		/* The decay run at b. */
		f = fs_decay_factor(&r->law, b - a);
		fs_decay_tree(tr, f);
		r->factor *= f;
		/* Jobs still running at b, in the job list's order. */
		for (i = 0; i < nact; i++) {
			jb = &jl->job[act[i].j];
			charge(tr, jb, jb->start > a ? jb->start : a, b,
			       &r->law, charged, act[i].j, &r->charged);
		}
		r->cycles++;
		a = b;
	}
	free(ord);
	free(act);
	free(ending);
	free(charged);
}
