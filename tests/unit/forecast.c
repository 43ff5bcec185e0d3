/*
 * forecast.c: fs_forecast_run (lib/model/forecast.c) on the sample tree
 * against a brute force written here (replay one period at a time, rank,
 * check), whatever the step; decay alone moving nothing; the running
 * jobs' charge added at once; the horizon; and the two readers,
 * fs_forecast_rates (overlap of jobs with the window) and
 * fs_forecast_running (TRESRunMins).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fs.h"
#include "ranked.h"
#include "tap.h"

#define FROM 1795161600LL	/* the sample's taken, 2026-11-20T08:00Z */


static uint32_t
user(const struct t *t, const char *spec)
{
	return fs_tree_find_user(&t->tr, spec);
}

static uint32_t
rank_of(const struct fs_tree *tr, uint32_t i)
{
	return tr->user_count + 1 - tr->node[i].rank;
}

/* The first decay run at which a (lower now) ranks above b, replaying
 * every user's rate one period at a time: 0 if none by from + horizon. */
static long long
brute_pass(const struct t *t, uint32_t a, uint32_t b, const double *rate,
	   long long period, long long horizon)
{
	struct fs_tree c;
	struct fs_job *jb = fs_xcalloc(t->tr.n, sizeof(*jb));
	struct fs_jobs jl;
	struct fs_replay r;
	long long at;
	uint32_t i;
	int found = 0;

	memset(&jl, 0, sizeof(jl));
	jl.job = jb;
	for (i = 0; i < t->tr.n; i++)
		if (rate[i] > 0) {
			jb[jl.n].assoc = i;
			jb[jl.n].start = FROM;
			jb[jl.n].end = FS_JOB_RUNNING;
			jb[jl.n++].billing = rate[i];
		}
	fs_tree_copy_nodes(&c, &t->tr);
	for (at = FROM; at < FROM + horizon;) {
		memset(&r, 0, sizeof(r));
		r.from = at;
		r.to = at + period;
		r.period = period;
		r.law.half_life = 604800;
		fs_replay_run(&c, &jl, &r);
		at += period;
		fs_rank(&c, &t->ro);
		if (rank_of(&c, a) < rank_of(&c, b)) {
			found = 1;
			break;
		}
	}
	free(c.node);
	free(jb);
	return found ? at : 0;
}

static void
opts(struct fs_forecast_opts *f, uint32_t who, uint32_t other,
     const double *rate, long long step)
{
	memset(f, 0, sizeof(*f));
	f->goal = FS_GOAL_PASS;
	f->who = who;
	f->other = other;
	f->from = FROM;
	f->horizon = 30 * 86400;
	f->period = 300;
	f->step = step;
	f->law.half_life = 604800;
	f->rate = rate;
}

static void
test_pass(struct t *t)
{
	static const double rates[] = {1, 2.5, 4, 16, 100};
	static const long long steps[] = {300, 3600, 7 * 3600, 86400};
	uint32_t alice = user(t, "astro/alice"), bob = user(t, "astro/bob");
	double *rate = fs_xcalloc(t->tr.n, sizeof(*rate));
	struct fs_forecast_opts f;
	struct fs_forecast r;
	long long want;
	size_t i, k;

	for (i = 0; i < sizeof(rates) / sizeof(*rates); i++) {
		rate[bob] = rates[i];
		want = brute_pass(t, alice, bob, rate, 300, 30 * 86400);
		for (k = 0; k < sizeof(steps) / sizeof(*steps); k++) {
			opts(&f, alice, bob, rate, steps[k]);
			fs_forecast_run(&t->tr, &t->ro, &f, &r);
			ok(r.state == FS_FORECAST_AT && r.at == want &&
			   r.cycles == (unsigned long)((want - FROM) / 300) &&
			   r.lower == 0 && r.after[0].rank < r.after[1].rank,
			   "bob at %g: alice passes at +%lld s as the brute "
			   "force finds (step %lld; got +%lld)", rates[i],
			   want - FROM, steps[k], r.at - FROM);
		}
	}
	/* Named the other way round: the lower one is still alice. */
	opts(&f, bob, alice, rate, 3600);
	fs_forecast_run(&t->tr, &t->ro, &f, &r);
	ok(r.step == 9900, "30 days: ranked every 9900 s (whole periods of "
	   "at least 30 days / %d), not hourly (got %lld)", FS_FORECAST_CHECKS,
	   r.step);
	ok(r.state == FS_FORECAST_AT && r.lower == 1 &&
	   r.after[1].rank < r.after[0].rank, "B A: the lower one is B");
	/* Decay alone: nothing moves, usage decays by one factor. */
	memset(rate, 0, t->tr.n * sizeof(*rate));
	opts(&f, alice, bob, rate, 3600);
	fs_forecast_run(&t->tr, &t->ro, &f, &r);
	ok(r.state == FS_FORECAST_NOT && r.at == FROM + 30 * 86400 &&
	   r.cycles == 30 * 288 && r.step == 0 && r.after[0].rank == r.before[0].rank &&
	   r.after[1].rank == r.before[1].rank &&
	   fabsl(r.after[0].usage / r.before[0].usage -
		 r.after[1].usage / r.before[1].usage) < 1e-15L,
	   "no new usage: not within the horizon, ranks as they were");
	/* A horizon that is not a whole number of steps. */
	rate[bob] = 4;
	opts(&f, alice, bob, rate, 3600);
	f.horizon = 2 * 3600 + 600;
	fs_forecast_run(&t->tr, &t->ro, &f, &r);
	ok(r.state == FS_FORECAST_NOT && r.at == FROM + 7800 &&
	   r.cycles == 26, "horizon 2h10: not within it, 26 decay runs");
	ok(fs_forecast_runs(&f) == 26, "fs_forecast_runs: 26 for 2h10");
	f.horizon = FS_FORECAST_MAX_HORIZON;
	ok(fs_forecast_runs(&f) == FS_FORECAST_MAX_RUNS &&
	   FS_FORECAST_MAX_RUNS == 10519200,
	   "100 years of 300 s: 10519200 decay runs, the most there may be");
	f.period = 299;
	ok(fs_forecast_runs(&f) == FS_FORECAST_MAX_HORIZON / 299 + 1,
	   "of 299 s: one more for the short last run");
	f.period = 0;
	ok(fs_forecast_runs(&f) == 1, "no period: one run to the horizon");
	free(rate);
}

static void
test_goals(struct t *t)
{
	uint32_t alice = user(t, "astro/alice"), bob = user(t, "astro/bob");
	double *rate = fs_xcalloc(t->tr.n, sizeof(*rate));
	double *run = fs_xcalloc(t->tr.n, sizeof(*run));
	struct fs_forecast_opts f;
	struct fs_forecast r;
	uint32_t k;

	opts(&f, alice, FS_NONE, rate, 3600);
	f.goal = FS_GOAL_RANK;
	f.rank = rank_of(&t->tr, alice);
	fs_forecast_run(&t->tr, &t->ro, &f, &r);
	ok(r.state == FS_FORECAST_NOW && r.at == FROM && r.cycles == 0,
	   "rank it has already: now");
	rate[bob] = 4;
	f.rank--;
	fs_forecast_run(&t->tr, &t->ro, &f, &r);
	ok(r.state == FS_FORECAST_AT && r.after[0].rank <= f.rank &&
	   r.at == brute_pass(t, alice, bob, rate, 300, 30 * 86400),
	   "one rank better: when it passes bob");
	f.goal = FS_GOAL_FAIRSHARE;
	f.fairshare = r.after[0].fs;
	fs_forecast_run(&t->tr, &t->ro, &f, &r);
	ok(r.state == FS_FORECAST_AT && r.after[0].fs >= f.fairshare,
	   "FairShare goal reached");
	/* Running jobs: their charge at once, on the user and ancestors. */
	memset(rate, 0, t->tr.n * sizeof(*rate));
	run[bob] = 72000;
	opts(&f, alice, bob, rate, 3600);
	f.run = run;
	fs_forecast_run(&t->tr, &t->ro, &f, &r);
	ok(r.state == FS_FORECAST_AT && r.at == FROM + 300 && r.cycles == 1,
	   "72000 still to charge on bob: alice passes at the first run");
	ok(fabsl(r.after[1].usage - (t->tr.node[bob].usage_raw + 72000) *
					    (long double)fs_decay_factor(
						    &f.law, 300)) < 1e-6L,
	   "bob's usage then: (usage + charge) decayed once");
	k = t->tr.node[bob].parent;
	ok(t->tr.node[k].usage_raw > 0 && t->tr.node[bob].usage_raw ==
	   18211.004871L, "the tree given is left as it was");
	free(rate);
	free(run);
}

static void
test_rates(struct t *t)
{
	uint32_t alice = user(t, "astro/alice"), bob = user(t, "astro/bob");
	double *rate = fs_xcalloc(t->tr.n, sizeof(*rate));
	struct fs_job jb[4];
	struct fs_jobs jl;

	memset(jb, 0, sizeof(jb));
	memset(&jl, 0, sizeof(jl));
	/* Window [FROM - 4 days, FROM]. */
	jb[0].assoc = bob;		/* 1 day inside, billing 8 */
	jb[0].start = FROM - 86400;
	jb[0].end = FROM;
	jb[0].billing = 8;
	jb[1].assoc = bob;		/* half inside: 2 days of 5 */
	jb[1].start = FROM - 6 * 86400;
	jb[1].end = FROM - 2 * 86400;
	jb[1].billing = 4;
	jb[2].assoc = alice;		/* running, 1 day, UsageFactor 2 */
	jb[2].start = FROM - 86400;
	jb[2].end = FS_JOB_RUNNING;
	jb[2].billing = 3;
	jb[2].usage_factor = 2;
	jb[3].assoc = alice;		/* before the window */
	jb[3].start = FROM - 9 * 86400;
	jb[3].end = FROM - 5 * 86400;
	jb[3].billing = 100;
	jl.job = jb;
	jl.n = 4;
	fs_forecast_rates(&t->tr, &jl, FROM - 4 * 86400, FROM, rate);
	ok(rate[bob] == (8.0 + 4.0 * 2) / 4 && rate[alice] == 6.0 / 4,
	   "rates: the jobs' billing over their part of the window "
	   "(bob %g, alice %g)", rate[bob], rate[alice]);
	free(rate);
}

static void
test_running(void)
{
	struct t t;
	struct fs_err e = {"test", 0, ""};
	struct fs_buf b;
	char *text;
	double *run;
	long n;

	fs_buf_init(&b);
	fs_buf_addstr(&b, fs_sample_tree);
	text = b.data;
	/* bob: billing 20 minutes; carol: cpu 10 only. */
	memcpy(strstr(text, "bob\t\tastro\t1\t18211.004871\t\tcpu=0"),
	       "bob\t\tastro\t1\t18211.004871\t\tb=1,9", 32);
	if (load_text(&t, text, FS_TIES_SLURM) < 0)
		return;
	fs_buf_release(&b);
	run = fs_xcalloc(t.tr.n, sizeof(*run));
	n = fs_forecast_running(&t.tr, run, &e);
	ok(n == -1 && e.line == 15,
	   "TRESRunMins 'b=1,9': an error at line 15 (got %lu)", e.line);
	unload(&t);
	free(run);

	fs_buf_init(&b);
	fs_buf_addstr(&b, "#fs-tsv 1\n"
		      "Account\tUser\tParent\tRawShares\tRawUsage\tTRESRunMins\n"
		      "root\t\t\t\t\tcpu=30,billing=60\n"
		      "a\t\troot\t1\t\tcpu=30,billing=60\n"
		      "a\tu1\ta\t1\t10\tcpu=10,mem=4096,billing=20\n"
		      "a\tu2\ta\t1\t10\tcpu=20\n"
		      "a\tu3\ta\t1\t10\t\n");
	if (load_text(&t, b.data, FS_TIES_SLURM) < 0)
		return;
	run = fs_xcalloc(t.tr.n, sizeof(*run));
	n = fs_forecast_running(&t.tr, run, &e);
	ok(n == 2 && run[user(&t, "u1")] == 1200 && run[user(&t, "u2")] == 1200
	   && run[user(&t, "u3")] == 0 &&
	   run[fs_tree_find_account(&t.tr, "a")] == 0,
	   "TRESRunMins: billing, else cpu, in seconds; users only");
	unload(&t);
	free(run);
	fs_buf_release(&b);
}

int
main(void)
{
	struct t t;

	if (load_text(&t, fs_sample_tree, FS_TIES_SLURM) < 0)
		return 1;
	test_pass(&t);
	test_goals(&t);
	test_rates(&t);
	unload(&t);
	test_running();
	return done_testing();
}
