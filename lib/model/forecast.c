/*
 * forecast.c: when will a user recover (fs-explain --forecast).
 *
 * Decay alone changes no order: it multiplies every usage by one factor
 * (docs/slurm.md §4.1). What moves users is new usage, and the forecast
 * takes two sources of it, both stated with its answer: what the running
 * jobs still charge (the tree's TRESRunMins, charged at once, before the
 * first cycle, as the tree does not say how it is spread; or the running
 * jobs themselves, each charged from the tree's time to its end), and
 * each association's steady rate (charged as one job of that billing
 * running from the tree's time on). Jobs are charged exactly as the decay
 * thread charges a running job (docs/slurm.md §4.3). fs_replay_run steps the tree
 * forward; usage changes only at decay runs, so the answer is the first
 * decay run where the goal holds. The tree is ranked again every `step`
 * (whole periods; at least horizon / FS_FORECAST_CHECKS, so that a big
 * tree is ranked a bounded number of times); in the step where the goal
 * first holds, it is replayed again one period at a time from the step's
 * start to find the run. A goal that holds and is lost again within one
 * step is not seen. With no new usage at all nothing can move, and the
 * tree is only decayed to the horizon. Either way every decay run to the
 * horizon is stepped through: k runs are not one multiplication by the
 * k-th power bit for bit (each rounds), so the horizon is bounded instead
 * (FS_FORECAST_MAX_HORIZON, FS_FORECAST_MAX_RUNS in model.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "model/model.h"

/* Whether the goal holds in ranked tree tr; FS_GOAL_PASS: whether side
 * `lower` (the lower one at the start) is now strictly above the other. */
static int
holds(const struct fs_tree *tr, const struct fs_rank_opts *o,
      const struct fs_forecast_opts *f, int lower)
{
	const struct fs_node *a = &tr->node[f->who];
	struct fs_explain x;

	switch (f->goal) {
	case FS_GOAL_PASS:
		fs_explain_pair(tr, o, f->who, f->other, &x);
		return lower ? x.order > 0 : x.order < 0;
	case FS_GOAL_FAIRSHARE:
		return a->fs_factor >= f->fairshare;
	case FS_GOAL_RANK:
		return tr->user_count + 1 - a->rank <= f->rank;
	}
	return 0;
}

static void
sides(const struct fs_tree *tr, const struct fs_forecast_opts *f,
      struct fs_cost_side *s)
{
	fs_cost_facts(tr, f->who, &s[0]);
	if (f->goal == FS_GOAL_PASS)
		fs_cost_facts(tr, f->other, &s[1]);
}

/* Replay tree c over [a, b] with the rate jobs jl, and rank it. */
static void
advance(struct fs_tree *c, const struct fs_rank_opts *o,
	const struct fs_forecast_opts *f, const struct fs_jobs *jl,
	long long a, long long b, unsigned long *cycles)
{
	struct fs_replay r;

	memset(&r, 0, sizeof(r));
	r.from = a;
	r.to = b;
	r.period = f->period;
	r.law = f->law;
	fs_replay_run(c, jl, &r);
	*cycles += r.cycles;
	fs_rank(c, o);
}

void
fs_forecast_run(const struct fs_tree *tr, const struct fs_rank_opts *o,
		const struct fs_forecast_opts *f, struct fs_forecast *res)
{
	struct fs_tree c;
	struct fs_node *saved;
	struct fs_jobs jl;
	long long end = f->from + f->horizon, period, step, a, b, t, u = 0;
	unsigned long cycles = 0, at_step;
	uint32_t i, k;
	size_t q;
	int moved;

	memset(res, 0, sizeof(*res));
	sides(tr, f, res->before);
	if (f->goal == FS_GOAL_PASS) {
		struct fs_explain x;

		fs_explain_pair(tr, o, f->who, f->other, &x);
		res->lower = x.lower;
	}
	if (holds(tr, o, f, res->lower)) {
		res->state = FS_FORECAST_NOW;
		res->at = f->from;
		memcpy(res->after, res->before, sizeof(res->after));
		return;
	}
	period = f->period > 0 ? f->period : f->horizon;
	/* At most FS_FORECAST_CHECKS rankings of the whole tree, then those
	 * of one step. */
	step = f->step > f->horizon / FS_FORECAST_CHECKS
		       ? f->step
		       : f->horizon / FS_FORECAST_CHECKS;
	step = step > period ? step - step % period : period;
	res->step = step;

	/* The rates as jobs running from `from` on, then the running jobs
	 * that still charge after it. */
	memset(&jl, 0, sizeof(jl));
	jl.job = fs_xcalloc(tr->n + (f->jobs ? f->jobs->n : 0),
			    sizeof(*jl.job));
	for (i = 0; f->rate && i < tr->n; i++) {
		struct fs_job *jb;

		if (!tr->node[i].is_user || !(f->rate[i] > 0))
			continue;
		jb = &jl.job[jl.n++];
		jb->id = "rate";
		jb->assoc = i;
		jb->start = f->from;
		jb->end = FS_JOB_RUNNING;
		jb->billing = f->rate[i];
	}
	for (q = 0; f->jobs && q < f->jobs->n; q++) {
		const struct fs_job *r = &f->jobs->job[q];
		long long e = fs_forecast_job_end(r);

		if (e <= f->from || !tr->node[r->assoc].is_user)
			continue;
		jl.job[jl.n] = *r;
		jl.job[jl.n++].end = e;
	}

	fs_tree_copy_nodes(&c, tr);
	saved = fs_xcalloc(tr->n, sizeof(*saved));
	/* The running jobs' remaining charge, at once. */
	moved = jl.n > 0;
	for (i = 0; f->run && i < tr->n; i++) {
		if (!tr->node[i].is_user || !(f->run[i] > 0))
			continue;
		moved = 1;
		for (k = i; k != FS_NONE; k = c.node[k].parent)
			c.node[k].usage_raw += (long double)f->run[i];
	}
	res->state = FS_FORECAST_NOT;
	/* No new usage: decay alone changes no order (docs/slurm.md §4.1),
	 * so the tree is only moved to the horizon. */
	if (!moved) {
		advance(&c, o, f, &jl, f->from, end, &cycles);
		res->step = 0;
	}
	for (a = f->from; moved && a < end; a = b) {
		b = step < end - a ? a + step : end;
		memcpy(saved, c.node, tr->n * sizeof(*saved));
		at_step = cycles;
		advance(&c, o, f, &jl, a, b, &cycles);
		if (!holds(&c, o, f, res->lower))
			continue;
		/* It holds at b: find the first decay run of (a, b]. */
		memcpy(c.node, saved, tr->n * sizeof(*saved));
		cycles = at_step;
		for (t = a; t < b; t = u) {
			u = period < b - t ? t + period : b;
			advance(&c, o, f, &jl, t, u, &cycles);
			if (holds(&c, o, f, res->lower))
				break;
		}
		res->state = FS_FORECAST_AT;
		res->at = u;
		break;
	}
	if (res->state == FS_FORECAST_NOT)
		res->at = end;
	res->cycles = cycles;
	sides(&c, f, res->after);
	free(saved);
	fs_tree_free_copy(&c);
	free(jl.job);
}

long long
fs_forecast_runs(const struct fs_forecast_opts *f)
{
	if (f->horizon <= 0)
		return 0;
	if (f->period <= 0)
		return 1;
	return f->horizon / f->period + (f->horizon % f->period != 0);
}

long long
fs_forecast_job_end(const struct fs_job *jb)
{
	if (jb->end != FS_JOB_RUNNING)
		return jb->end;
	return jb->limit > 0 ? jb->start + jb->limit : FS_JOB_RUNNING;
}

void
fs_forecast_rates(const struct fs_tree *tr, const struct fs_jobs *j,
		  long long from, long long to, double *rate)
{
	size_t k;

	if (to <= from)
		return;
	for (k = 0; k < j->n; k++) {
		const struct fs_job *jb = &j->job[k];
		long long s = jb->start > from ? jb->start : from;
		long long e = jb->end < to ? jb->end : to;
		double b = jb->usage_factor > 0 ? jb->billing * jb->usage_factor
						: jb->billing;

		if (e <= s || !tr->node[jb->assoc].is_user)
			continue;
		rate[jb->assoc] += b * (double)(e - s) / (double)(to - from);
	}
}

/* The billing (else cpu) count of a TRES list "cpu=4,mem=0,billing=8":
 * 0 with *v set (0 when neither is there), -1 when malformed. */
static int
run_billing(const char *s, double *v)
{
	double cpu = -1, bill = -1, x;
	const char *p = s, *eq, *end;
	char *stop;

	*v = 0;
	while (*p) {
		end = strchr(p, ',');
		if (!end)
			end = p + strlen(p);
		eq = memchr(p, '=', (size_t)(end - p));
		if (!eq || eq == p)
			return -1;
		x = strtod(eq + 1, &stop);
		if (stop != end || eq + 1 == end || !(x >= 0))
			return -1;
		if (eq - p == 3 && !strncmp(p, "cpu", 3))
			cpu = x;
		else if (eq - p == 7 && !strncmp(p, "billing", 7))
			bill = x;
		p = *end ? end + 1 : end;
	}
	*v = bill >= 0 ? bill : cpu >= 0 ? cpu : 0;
	return 0;
}

long
fs_forecast_running(const struct fs_tree *tr, double *run, struct fs_err *e)
{
	int col = tr->t ? fs_header_col(&tr->t->h, FS_COL_TRES_RUN_MINS) : -1;
	long n = 0;
	uint32_t i;
	double v;

	if (col < 0)
		return 0;
	for (i = 0; i < tr->n; i++) {
		const char *cell;

		run[i] = 0;
		if (!tr->node[i].is_user)
			continue;
		cell = fs_table_field(tr->t, i, (size_t)col);
		if (run_billing(cell, &v) < 0)
			return fs_error(e, fs_tree_line(tr, i),
					"TRESRunMins '%s': expected "
					"NAME=MINUTES,... (sshare's TRES list)",
					cell);
		run[i] = v * 60;
		n += v > 0;
	}
	return n;
}

/* ------------------------------------------------------------ the question */

int
fs_forecast_until(const char *s, enum fs_forecast_goal *goal,
		  double *fairshare, uint32_t *rank)
{
	char *end;
	double v;
	unsigned long n;

	if (!strncmp(s, "fairshare=", 10)) {
		if (fs_parse_nonneg(s + 10, &v) < 0 || v > 1)
			return -1;
		*goal = FS_GOAL_FAIRSHARE;
		*fairshare = v;
		return 0;
	}
	if (!strncmp(s, "rank=", 5) && s[5] >= '0' && s[5] <= '9') {
		errno = 0;
		n = strtoul(s + 5, &end, 10);
		if (*end || errno || n < 1 || n > UINT32_MAX)
			return -1;
		*goal = FS_GOAL_RANK;
		*rank = (uint32_t)n;
		return 0;
	}
	return -1;
}

int
fs_forecast_rate_arg(const char *s, size_t *len, double *v)
{
	const char *eq = strrchr(s, '=');

	if (!eq || eq == s || fs_parse_nonneg(eq + 1, v) < 0 || *v >= 1e15)
		return -1;
	*len = (size_t)(eq - s);
	return 0;
}

int
fs_forecast_clock(struct fs_forecast_opts *f, const struct fs_header *h,
		  double half_life, long long horizon, int *has_taken,
		  struct fs_err *e)
{
	struct fs_meta_common mc;
	long long taken, period;
	char sp[2][96];

	if (fs_meta_common_read(h, FS_META_CALC_PERIOD | FS_META_TAKEN, &mc,
				e) < 0)
		return -1;
	period = mc.calc_period;
	*has_taken = mc.has_taken;
	taken = mc.has_taken ? mc.taken : (long long)time(NULL);
	f->from = taken;
	f->horizon = horizon;
	f->period = period;
	f->step = 3600;
	f->law.half_life = (long long)half_life;
	if (fs_forecast_runs(f) > FS_FORECAST_MAX_RUNS)
		return fs_error(e, fs_header_meta_line(h, "calc_period"),
				"--horizon %s: %lld decay runs of %lld s "
				"(calc_period); a forecast steps through at "
				"most %lld, %s of them",
				fs_fmt_span(horizon, sp[0]), fs_forecast_runs(f),
				period, FS_FORECAST_MAX_RUNS,
				fs_fmt_span(FS_FORECAST_MAX_RUNS * period,
					    sp[1]));
	return 0;
}
